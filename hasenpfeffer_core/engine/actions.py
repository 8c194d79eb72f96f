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

from .cards import Card, Suit, check_distinct, format_cards, parse_card, parse_trump
from .errors import MAX_ACTION_CHARS, InvalidDataError, ParseError, check_length, shown
from .i18n import gettext as _
from .i18n import ngettext
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


#: The largest number a :class:`Bid` may hold. A hand has six tricks, so only 1 to 6
#: exist; a few more may be built and are then refused by the rules (``bidding scale``).
MAX_BID_TRICKS: Final = 99


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
            raise InvalidDataError(f"a bid needs a Seat, got {shown(self.seat)}")
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int):
            raise InvalidDataError(f"a bid is a whole number of tricks, got {shown(self.tricks)}")
        if not -MAX_BID_TRICKS <= self.tricks <= MAX_BID_TRICKS:
            raise InvalidDataError(
                # Translators: {n} is a number far too large (or small) to bid.
                _("a bid of {n} tricks cannot be: a hand has six tricks").format(
                    n=shown(self.tricks)
                ),
                rule="bidding scale",
            )
        if not isinstance(self.big, bool):
            raise InvalidDataError(f"big (Big Pepper) is True or False, got {shown(self.big)}")
        if self.big and self.tricks != 6:
            raise InvalidDataError(
                _("Big Pepper is a bid of 6 tricks, not {n}").format(n=self.tricks),
                rule="pepper bids",
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
            raise InvalidDataError(f"a pass needs a Seat, got {shown(self.seat)}")

    def __str__(self) -> str:
        return f"{self.seat.name} pass"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The high bidder names the trump suit (``None``: no trump, where the rules allow it)."""

    seat: Seat
    suit: Suit | None

    def __post_init__(self) -> None:
        if not isinstance(self.seat, Seat):
            raise InvalidDataError(f"naming trumps needs a Seat, got {shown(self.seat)}")
        if self.suit is not None and not isinstance(self.suit, Suit):
            raise InvalidDataError(f"trump is a Suit or None, got {shown(self.suit)}")

    def __str__(self) -> str:
        return f"{self.seat.name} trump {self.suit.symbol if self.suit else 'none'}"


@dataclass(frozen=True, slots=True)
class Discard:
    """The high bidder, holding seven cards after taking the widow, lays one away face down."""

    seat: Seat
    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.seat, Seat):
            raise InvalidDataError(f"a discard needs a Seat, got {shown(self.seat)}")
        if not isinstance(self.card, Card):
            raise InvalidDataError(f"a discard needs a Card, got {shown(self.card)}")

    def __str__(self) -> str:
        return f"{self.seat.name} discard {self.card.text}"


@dataclass(frozen=True, slots=True)
class GoAlone:
    """With lone hands: whether the maker goes alone, or a defender defends alone."""

    seat: Seat
    alone: bool

    def __post_init__(self) -> None:
        if not isinstance(self.seat, Seat):
            raise InvalidDataError(f"going alone needs a Seat, got {shown(self.seat)}")
        if not isinstance(self.alone, bool):
            raise InvalidDataError(f"alone is True or False, got {shown(self.alone)}")

    def __str__(self) -> str:
        return f"{self.seat.name} alone {'yes' if self.alone else 'no'}"


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the current trick."""

    seat: Seat
    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.seat, Seat):
            raise InvalidDataError(f"a play needs a Seat, got {shown(self.seat)}")
        if not isinstance(self.card, Card):
            raise InvalidDataError(f"a play needs a Card, got {shown(self.card)}")

    def __str__(self) -> str:
        return f"{self.seat.name} play {self.card.text}"


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance step: the four hands (N, E, S, W order) and the widow."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    widow: Card

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", check_deal(self.hands, self.widow))

    def __str__(self) -> str:
        parts = [f"{s.name}: {format_cards(h)}" for s, h in zip(Seat, self.hands, strict=True)]
        return "deal " + "; ".join(parts) + f"; widow: {self.widow.text}"


def check_deal(
    hands: object, widow: object
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """The four hands as tuples, or :class:`InvalidDataError` unless ``hands`` are four
    hands of six cards each (N, E, S, W), ``widow`` is a card and no card is dealt twice.
    """
    if type(hands) is tuple and len(hands) == 4 and type(widow) is Card:
        # The common case (every shuffle makes one): one pass; the careful checks below
        # run only to say what is wrong.
        bits = 1 << widow.index
        for hand in hands:
            if type(hand) is not tuple or len(hand) != 6:
                break
            for card in hand:
                if type(card) is not Card:
                    break
                bits |= 1 << card.index
            else:
                continue
            break
        else:
            if bits == _FULL_DECK:
                return hands
    if isinstance(hands, str | bytes) or not isinstance(hands, tuple | list):
        raise InvalidDataError(
            f"a Deal holds four hands (N, E, S, W) of six cards each, got {shown(hands)}",
            rule="the deal",
        )
    if len(hands) != 4 or not all(
        isinstance(h, tuple | list) and all(isinstance(c, Card) for c in h[:7]) for h in hands
    ):
        raise InvalidDataError(
            f"a Deal holds four hands (N, E, S, W) of six cards each, got {shown(hands)}",
            rule="the deal",
        )
    for seat, cards in zip(Seat, hands, strict=True):
        if len(cards) != 6:
            shown_cards = format_cards(cards[:7]) + (" ..." if len(cards) > 7 else "")
            raise InvalidDataError(
                # Translators: {seat} is a seat's letter (N, E, S, W), {cards} the cards.
                ngettext(
                    "{seat} was dealt {n} card ({cards}): each player is dealt six cards",
                    "{seat} was dealt {n} cards ({cards}): each player is dealt six cards",
                    len(cards),
                ).format(seat=seat.name, n=len(cards), cards=shown_cards),
                rule="the deal",
            )
    if not isinstance(widow, Card):
        raise InvalidDataError(
            f"a Deal holds four tuples of Card objects and one Card, got the widow {shown(widow)}",
            rule="the deal",
        )
    bits = 1 << widow.index
    for cards in hands:
        for card in cards:
            bits |= 1 << card.index
    if bits != _FULL_DECK:  # some card twice: say which
        check_distinct([c for h in hands for c in h] + [widow], "the deal")
    return (tuple(hands[0]), tuple(hands[1]), tuple(hands[2]), tuple(hands[3]))


_FULL_DECK: Final = (1 << 25) - 1


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
        raise ParseError(
            f"{shown(text)} is not an action: expected text, got {type(text).__name__}"
        )
    check_length(text, MAX_ACTION_CHARS, "an action")
    words = text.split()
    if len(words) < 2:
        raise ParseError(
            # Translators: 'E bid 3' is an action as the learner types it: keep it.
            _(
                "{text} is not an action: write a seat, a verb and its argument, as in 'E bid 3'"
            ).format(text=repr(text))
        )
    seat = parse_seat(words[0])
    verb = words[1].lower()
    args = words[2:]
    if verb not in _VERBS:
        raise ParseError(
            # Translators: {verbs} lists the verbs the learner may type (bid, pass, ...).
            _("{text} is not an action: the verb must be one of {verbs}").format(
                text=repr(text), verbs=", ".join(_VERBS)
            )
        )
    if verb == "pass":
        if args:
            raise ParseError(_("{text}: a pass takes nothing after it").format(text=repr(text)))
        return Pass(seat)
    if len(args) != 1:
        raise ParseError(
            # Translators: {verb} is a verb the learner typed (bid, trump, play...).
            _("{text}: '{verb}' takes exactly one argument").format(text=repr(text), verb=verb)
        )
    arg = args[0]
    if verb == "bid":
        low = arg.lower()
        if low in ("big-pepper", "bigpepper", "big"):
            return Bid(seat, 6, big=True)
        if low in ("little-pepper", "littlepepper", "little"):
            return Bid(seat, 6)
        if not (low.isascii() and low.isdigit()):
            raise ParseError(
                # Translators: little-pepper and big-pepper are what the learner types.
                _("{text}: a bid is a number of tricks, little-pepper or big-pepper").format(
                    text=repr(text)
                )
            )
        if len(low) > 2:  # counted before reading the number: a hand has six tricks
            raise ParseError(
                _(
                    "{text}: a bid is a number of tricks from 1 to 6, little-pepper or big-pepper"
                ).format(text=repr(text)),
                rule="bidding scale",
            )
        return Bid(seat, int(low))
    if verb == "trump":
        return NameTrump(seat, parse_trump(arg))
    if verb == "alone":
        low = arg.lower()
        if low not in ("yes", "no"):
            raise ParseError(
                # Translators: 'alone', yes and no are what the learner types.
                _("{text}: 'alone' takes yes or no").format(text=repr(text))
            )
        return GoAlone(seat, low == "yes")
    card = parse_card(arg)
    return Discard(seat, card) if verb == "discard" else Play(seat, card)
