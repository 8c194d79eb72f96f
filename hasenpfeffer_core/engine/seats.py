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
    def word(self) -> str:
        """``North``, ``East``, ``South`` or ``West``."""
        return ("North", "East", "South", "West")[self.value]

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    def __str__(self) -> str:
        return self.name


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
        """The partnership as prose names it: ``North-South`` or ``East-West``."""
        return "North-South" if self is Side.NS else "East-West"

    @property
    def other(self) -> Side:
        """The opposing partnership."""
        return Side.EW if self is Side.NS else Side.NS

    def __repr__(self) -> str:
        return f"Side.{self.name}"

    def __str__(self) -> str:
        return self.name


_SEAT_WORDS: Final = {w: s for s in Seat for w in (s.name.lower(), s.word.lower())}


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
            f"{shown(text)} is not a seat: seats are N, E, S, W (North, East, South, West)"
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
    raise ParseError(f"{shown(text)} is not a partnership: partnerships are NS and EW")
