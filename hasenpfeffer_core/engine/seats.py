"""The four seats and the two partnerships.

Seats are N, E, S, W in clockwise order; partners sit opposite, so N-S play
against E-W. Play and bidding go clockwise, that is to the left: the player on
N's left is E.

>>> Seat.N.left, Seat.N.partner, Seat.W.left
(Seat.E, Seat.S, Seat.N)
>>> Seat.E.side, Side.NS.seats
(Side.EW, (Seat.N, Seat.S))
>>> parse_seat("west")
Seat.W
"""

from __future__ import annotations

import enum
from typing import Final

from .errors import MAX_WORD_CHARS, ParseError, check_length, shown
from .i18n import N_, pgettext
from .i18n import gettext as _

__all__ = ["SEATS", "Seat", "Side", "parse_seat", "parse_side"]


class Seat(enum.Enum):
    """A seat at the table; ``value`` is 0 to 3 clockwise from North."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def left(self) -> Seat:
        """The next seat clockwise: the player on this seat's left, who acts next."""
        return _SEATS[(self.value + 1) % 4]

    @property
    def right(self) -> Seat:
        """The previous seat clockwise."""
        return _SEATS[(self.value + 3) % 4]

    @property
    def partner(self) -> Seat:
        """The seat opposite: this seat's partner."""
        return _SEATS[(self.value + 2) % 4]

    @property
    def side(self) -> Side:
        """The partnership this seat plays for."""
        return Side.NS if self.value % 2 == 0 else Side.EW

    @property
    def letter(self) -> str:
        """The seat's short name in the learner's language, for compact text (``N J♥``)
        and controls: ``N``, ``E``, ``S``, ``W`` in English, ``O`` for Ovest in Italian;
        Thai writes the names whole (no one Thai letter is clear: South and West both
        begin with ต). For keys, records and parsing use :attr:`name`."""
        # Translators: the short names of the seats North, East, South and West in
        # compact text such as "N J♥, E A♥" (Italian bridge writes O for Ovest; where no
        # letter is clear to a reader, write the seat's whole name).
        letters = (
            pgettext("seat", "N"),
            pgettext("seat", "E"),
            pgettext("seat", "S"),
            pgettext("seat", "W"),
        )
        return letters[self.value]

    @property
    def word(self) -> str:
        """The seat's name in the learner's language: ``North``, ``East``, ``South`` or
        ``West`` in English. For keys and parsing use :attr:`word_en`."""
        return _(_SEAT_WORD[self.value])

    @property
    def word_en(self) -> str:
        """``North``, ``East``, ``South`` or ``West``, whatever the language."""
        return _SEAT_WORD[self.value]

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    def __str__(self) -> str:
        return self.name


#: The seats' names, translated where they are shown (``Seat.word``).
_SEAT_WORD: Final = (
    # Translators: the four seats at the table, as in bridge.
    N_("North"),
    N_("East"),
    N_("South"),
    N_("West"),
)

_SEATS: Final[tuple[Seat, ...]] = tuple(Seat)
#: The seats in clockwise order from North.
SEATS: Final[tuple[Seat, ...]] = _SEATS


class Side(enum.Enum):
    """A partnership: North-South or East-West."""

    NS = 0
    EW = 1

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of this partnership."""
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @property
    def word(self) -> str:
        """The partnership as prose names it, in the learner's language: ``North-South``
        or ``East-West`` in English. For keys use :attr:`word_en`."""
        return _(self.word_en)

    @property
    def word_en(self) -> str:
        """``North-South`` or ``East-West``, whatever the language."""
        # Translators: the two partnerships, as in "North-South bid 4".
        return N_("North-South") if self is Side.NS else N_("East-West")

    @property
    def letters(self) -> str:
        """The partnership's two letters in the learner's language, for compact text
        (``NS 3, EW 7``): ``EO`` for Est-Ovest in Italian. For keys use :attr:`name`."""
        # Translators: the two partnerships' letters in compact text such as "NS 3, EW 7"
        # (the seats' letters of "seat" N, E, S, W: Italian writes EO).
        return pgettext("side", "NS") if self is Side.NS else pgettext("side", "EW")

    @property
    def other(self) -> Side:
        """The opposing partnership."""
        return Side.EW if self is Side.NS else Side.NS

    def __repr__(self) -> str:
        return f"Side.{self.name}"

    def __str__(self) -> str:
        return self.name


# The words the parser reads are English in every language (hand records are a file format).
_SEAT_WORDS: Final = {w: s for s in Seat for w in (s.name.lower(), s.word_en.lower())}


def parse_seat(text: str | Seat) -> Seat:
    """Read a seat from ``N``, ``n``, ``north`` ...

    >>> parse_seat("x")
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.ParseError: 'x' is not a seat: seats are N, E, S, W (North, East, South, West)
    """
    if isinstance(text, Seat):
        return text
    seat = None
    if isinstance(text, str):
        check_length(text, MAX_WORD_CHARS, "a seat")
        seat = _SEAT_WORDS.get(text.strip().lower())
    if seat is None:
        raise ParseError(
            # Translators: N, E, S, W are what the learner types for the seats.
            _("{text} is not a seat: seats are N, E, S, W (North, East, South, West)").format(
                text=shown(text)
            )
        )
    return seat


def parse_side(text: str | Side) -> Side:
    """Read a partnership from ``NS``, ``N-S``, ``EW`` or ``E-W``."""
    if isinstance(text, Side):
        return text
    if isinstance(text, str):
        check_length(text, MAX_WORD_CHARS, "a partnership")
        key = text.strip().upper().replace("-", "").replace("/", "")
        if key in ("NS", "SN"):
            return Side.NS
        if key in ("EW", "WE"):
            return Side.EW
    raise ParseError(
        # Translators: NS and EW are what the learner types for the partnerships.
        _("{text} is not a partnership: partnerships are NS and EW").format(text=shown(text))
    )
