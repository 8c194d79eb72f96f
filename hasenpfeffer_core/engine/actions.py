"""The actions of a hand: small frozen values, each naming the seat that acts.

A hand moves on only through these: :class:`Deal` (the chance step), then
:class:`Bid` and :class:`Pass` in the auction, :class:`NameTrump` and
:class:`Discard` by the high bidder, :class:`GoAlone` where lone hands are
allowed, and :class:`Play` for each card. Their ``str`` is the text a hand
record uses, and :func:`parse_action` reads it back.

>>> from hasenpfeffer_core import Seat, parse_card
>>> a = Play(Seat.E, parse_card("AH"))
>>> str(a), parse_action(str(a)) == a
('E play A♥', True)
>>> str(Bid(Seat.S, 6, big=True)), str(Bid(Seat.S, 3)), str(NameTrump(Seat.W, None))
('S bid big-pepper', 'S bid 3', 'W trump none')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .cards import Card, Suit, format_cards, parse_card, parse_trump
from .errors import InvalidDataError, ParseError
from .seats import Seat, parse_seat

__all__ = [
    "Action",
    "Bid",
    "Deal",
    "Discard",
    "GoAlone",
    "NameTrump",
    "Pass",
    "Play",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of ``tricks`` (1 to 6). ``big=True`` is Big Pepper (6 tricks, doubled stakes).

    With the pepper scale, a bid of 6 without ``big`` is Little Pepper.
    """

    seat: Seat
    tricks: int
    big: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.seat, Seat):
            raise InvalidDataError(f"a bid needs a Seat, got {self.seat!r}")
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int):
            raise InvalidDataError(f"a bid is a whole number of tricks, got {self.tricks!r}")
        if not isinstance(self.big, bool):
            raise InvalidDataError(f"big (Big Pepper) is True or False, got {self.big!r}")
        if self.big and self.tricks != 6:
            raise InvalidDataError(
                f"Big Pepper is a bid of 6 tricks, not {self.tricks}", rule="pepper bids"
            )

    @property
    def level(self) -> int:
        """A number that orders bids: higher outranks lower (Big Pepper above 6)."""
        return self.tricks * 2 + self.big

    @property
    def label(self) -> str:
        """``3``, ``6`` or ``big-pepper`` (Little Pepper reads ``6`` as well)."""
        return "big-pepper" if self.big else str(self.tricks)

    def __str__(self) -> str:
        return f"{self.seat.name} bid {self.label}"


@dataclass(frozen=True, slots=True)
class Pass:
    """A pass. In the auction a pass is final: that player bids no more."""

    seat: Seat

    def __post_init__(self) -> None:
        if not isinstance(self.seat, Seat):
            raise InvalidDataError(f"a pass needs a Seat, got {self.seat!r}")

    def __str__(self) -> str:
        return f"{self.seat.name} pass"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The high bidder names the trump suit (``None``: no trump, where the rules allow it)."""

    seat: Seat
    suit: Suit | None

    def __post_init__(self) -> None:
        if not isinstance(self.seat, Seat):
            raise InvalidDataError(f"naming trump needs a Seat, got {self.seat!r}")
        if self.suit is not None and not isinstance(self.suit, Suit):
            raise InvalidDataError(f"trump is a Suit or None, got {self.suit!r}")

    def __str__(self) -> str:
        return f"{self.seat.name} trump {self.suit.symbol if self.suit else 'none'}"


@dataclass(frozen=True, slots=True)
class Discard:
    """The high bidder, holding seven cards after taking the widow, lays one away face down."""

    seat: Seat
    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.seat, Seat):
            raise InvalidDataError(f"a discard needs a Seat, got {self.seat!r}")
        if not isinstance(self.card, Card):
            raise InvalidDataError(f"a discard needs a Card, got {self.card!r}")

    def __str__(self) -> str:
        return f"{self.seat.name} discard {self.card.text}"


@dataclass(frozen=True, slots=True)
class GoAlone:
    """With lone hands: whether the maker goes alone, or a defender defends alone."""

    seat: Seat
    alone: bool

    def __post_init__(self) -> None:
        if not isinstance(self.seat, Seat):
            raise InvalidDataError(f"going alone needs a Seat, got {self.seat!r}")
        if not isinstance(self.alone, bool):
            raise InvalidDataError(f"alone is True or False, got {self.alone!r}")

    def __str__(self) -> str:
        return f"{self.seat.name} alone {'yes' if self.alone else 'no'}"


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the current trick."""

    seat: Seat
    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.seat, Seat):
            raise InvalidDataError(f"a play needs a Seat, got {self.seat!r}")
        if not isinstance(self.card, Card):
            raise InvalidDataError(f"a play needs a Card, got {self.card!r}")

    def __str__(self) -> str:
        return f"{self.seat.name} play {self.card.text}"


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance step: the four hands (N, E, S, W order) and the widow."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    widow: Card

    def __str__(self) -> str:
        parts = [f"{s.name}: {format_cards(h)}" for s, h in zip(Seat, self.hands, strict=True)]
        return "deal " + "; ".join(parts) + f"; widow: {self.widow.text}"


#: Every action a player can take.
Action = Bid | Pass | NameTrump | Discard | GoAlone | Play

_VERBS: Final = ("bid", "pass", "trump", "discard", "alone", "play")


def parse_action(text: str) -> Action:
    """Read an action written as in a hand record: ``E bid 3``, ``S pass``,
    ``W trump ♥``, ``W trump none``, ``W discard 9♣``, ``W alone yes``, ``N play J♥``.

    >>> parse_action("n play jh")
    Play(seat=Seat.N, card=Card('JH'))
    >>> parse_action("N trumps H")
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.ParseError: 'N trumps H' is not an action: the verb must be one of bid, pass, trump, discard, alone, play
    """
    if not isinstance(text, str):
        raise ParseError(f"{text!r} is not an action: expected text, got {type(text).__name__}")
    words = text.split()
    if len(words) < 2:
        raise ParseError(
            f"{text!r} is not an action: write a seat, a verb and its argument, as in 'E bid 3'"
        )
    seat = parse_seat(words[0])
    verb = words[1].lower()
    args = words[2:]
    if verb not in _VERBS:
        raise ParseError(f"{text!r} is not an action: the verb must be one of {', '.join(_VERBS)}")
    if verb == "pass":
        if args:
            raise ParseError(f"{text!r}: a pass takes nothing after it")
        return Pass(seat)
    if len(args) != 1:
        raise ParseError(f"{text!r}: '{verb}' takes exactly one argument")
    arg = args[0]
    if verb == "bid":
        low = arg.lower()
        if low in ("big-pepper", "bigpepper", "big"):
            return Bid(seat, 6, big=True)
        if low in ("little-pepper", "littlepepper", "little"):
            return Bid(seat, 6)
        if not (low.isascii() and low.isdigit()):
            raise ParseError(f"{text!r}: a bid is a number of tricks, little-pepper or big-pepper")
        return Bid(seat, int(low))
    if verb == "trump":
        return NameTrump(seat, parse_trump(arg))
    if verb == "alone":
        low = arg.lower()
        if low not in ("yes", "no"):
            raise ParseError(f"{text!r}: 'alone' takes yes or no")
        return GoAlone(seat, low == "yes")
    card = parse_card(arg)
    return Discard(seat, card) if verb == "discard" else Play(seat, card)
