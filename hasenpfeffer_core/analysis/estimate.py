"""A rule of thumb's count of a hand's tricks, and what the auction tells of a hand.

The rule-of-thumb player bids and names its trump by :func:`estimate_tricks`; the judge
reads the auction with it (:func:`auction_fits`): a player who bid a real number holds
a real hand, one who passed a bid there was to make holds a weak one. These are
explicit filters, applied by rejection so that the deals that pass stay equally likely
(:class:`~hasenpfeffer_core.analysis.deals.DealSampler`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

from ..engine.actions import Bid
from ..engine.cards import SUITS, Card, Rank, Suit, card_mask, mask_cards
from ..engine.seats import Seat
from ..engine.tricks import ORDERS, SUIT_MASK, trump_key

__all__ = ["BID_READ", "PASS_READ", "auction_fits", "auction_test", "estimate_tricks", "strength"]

#: A player who bid ``n`` tricks (3 or more, not made to bid) holds a hand the rule of
#: thumb counts at least ``n - BID_READ`` tricks on its own (its partner not counted).
BID_READ: Final = 2.2
#: A player who passed holds a hand the rule of thumb counts at most this many tricks
#: on its own: with more, a bid of 1 or 2 was there to make.
PASS_READ: Final = 3.4


def estimate_tricks(cards: Sequence[Card], trump: Suit | None, *, partner: bool = True) -> float:
    """A rule-of-thumb count of the tricks ``cards`` should take with ``trump``.

    Top trumps count about a trick each, lower trumps less, side aces most of a
    trick, voids help when there are trumps to ruff with; a partner is worth about
    a trick. Seven cards (before the discard) are counted without the weakest. A
    very strong hand can count above 6: read it as strength, not a promise.

    >>> from hasenpfeffer_core import parse_cards, Suit
    >>> round(estimate_tricks(parse_cards("JK JH JD AH KH AS"), Suit.HEARTS), 1)
    6.6
    >>> round(estimate_tricks(parse_cards("9S TC QD KH 9H TS"), Suit.CLUBS), 1)
    1.5
    """
    total = _count(card_mask(cards), trump_key(trump))
    if partner:
        total += 1.0
    return total


def strength(cards: Sequence[Card]) -> float:
    """A hand's playing strength on its own, with its best suit as trumps, by
    :func:`estimate_tricks` (a partner not counted)."""
    return max(estimate_tricks(cards, t, partner=False) for t in SUITS)


def auction_fits(auction: Sequence[object], hands: Mapping[Seat, Sequence[Card]]) -> bool:
    """Whether the hands in ``hands`` (the cards each player held in the auction) fit
    what the ``auction`` says of them: every bid of 3 or more by a hand of
    :func:`strength` at least the bid less :data:`BID_READ` (a bid made because all four
    passed tells nothing), every pass by a hand of at most :data:`PASS_READ`. A seat not
    in ``hands`` is not tested.

    >>> from hasenpfeffer_core import parse_cards
    >>> from hasenpfeffer_core.engine.actions import Pass
    >>> strong = {Seat.E: parse_cards("JK JH JD AH KH AS")}
    >>> auction_fits([Bid(Seat.E, 4)], strong), auction_fits([Pass(Seat.E)], strong)
    (True, False)
    """
    bounds = _bounds(auction, set(hands))
    return all(
        _strength_within(card_mask(hands[seat]), low, passed)
        for seat, (low, passed) in bounds.items()
    )


def auction_test(
    auction: Sequence[object], seats: Sequence[Seat]
) -> Callable[[Sequence[int]], bool]:
    """:func:`auction_fits` for the hands of ``seats``, as a test of a deal given as card
    masks by seat (``masks[seat.value]``): the auction is read once, and each deal the
    judge draws is tested on its masks."""
    bounds = [
        (seat.value, low, passed) for seat, (low, passed) in _bounds(auction, set(seats)).items()
    ]

    def fits(masks: Sequence[int]) -> bool:
        return all(_strength_within(masks[s], low, passed) for s, low, passed in bounds)

    return fits


def _bounds(auction: Sequence[object], seats: set[Seat]) -> dict[Seat, tuple[float | None, bool]]:
    """What the ``auction`` says of the hands of ``seats``: for each seat it says
    anything of, the least strength its bids show (or None) and whether it passed."""
    # Each seat's calls come down to bounds on its strength: at least its highest real
    # bid less BID_READ, at most PASS_READ if it passed. Each hand is then counted once,
    # suit by suit, and no further than the answer needs (the judge reads the calls
    # into every deal it draws, and most draws are turned down).
    low: dict[Seat, float] = {}
    high: set[Seat] = set()
    passes, bid_seen = 0, False
    for call in auction:
        seat: Seat | None = getattr(call, "seat", None)
        if seat is None:
            continue
        if isinstance(call, Bid):
            forced = not bid_seen and passes >= 3
            bid_seen = True
            if seat in seats and not forced and call.tricks >= 3:
                low[seat] = max(low.get(seat, -1.0), call.tricks - BID_READ)
        else:
            passes += 1
            if seat in seats:
                high.add(seat)
    # a seat that bid and passed, counted once
    return {seat: (low.get(seat), seat in high) for seat in dict.fromkeys((*low, *high))}


def _strength_within(hand: int, low: float | None, passed: bool) -> bool:
    """Whether :func:`strength` of the cards of ``hand`` (a mask) is
    at least ``low`` (where given) and, for a hand that ``passed``, at most
    :data:`PASS_READ`."""
    best = -1.0
    for t in SUITS:
        e = _count(hand, t.value)
        if passed and e > PASS_READ:
            return False
        best = max(best, e)
        if not passed and low is not None and best >= low:
            return True
    return low is None or best >= low


# The count, suit by suit: each suit's part comes from a table filled as hands are met,
# by the suit's cards in the hand (the judge's auction filter counts three hands in four
# suits for every deal it draws). The parts are added one by one, trumps first, so that
# the float is the same however the hand was given.
_TRUMP_PARTS: dict[tuple[int, int], tuple[float, ...]] = {}
_SIDE_PARTS: dict[tuple[int, int], tuple[float, ...]] = {}
#: What a trump adds, by its place among all the trumps (0: the Joker, 1: the right
#: bower, ...); below these, 0.45 in a hand of three trumps or more, else 0.25.
_TRUMP_VALUES: Final = {0: 1.0, 1: 1.0, 2: 0.9, 3: 0.75, 4: 0.55}
#: What a void in a side suit adds to a hand with two trumps or more (to ruff with).
_VOID: Final = 0.3


def _count(hand: int, tk: int) -> float:
    """:func:`estimate_tricks` of the cards of ``hand`` (a mask) with the trump key
    ``tk``, its partner not counted: more than six cards (a maker's seven, before the
    discard) are counted without the weakest."""
    if hand.bit_count() > 6:
        hand = card_mask(sorted(mask_cards(hand), key=ORDERS[tk].index)[:6])
    return _estimate_mask(hand, tk)


def _estimate_mask(hand: int, tk: int) -> float:
    """:func:`estimate_tricks` of the cards of ``hand`` (at most six) with the trump key
    ``tk`` (0 to 3, 4 for no trump), its partner not counted."""
    masks = SUIT_MASK[tk]
    trumps = hand & masks[tk]
    parts = _TRUMP_PARTS.get((tk, trumps))
    if parts is None:
        parts = _TRUMP_PARTS[tk, trumps] = _trump_parts(trumps, tk)
    total = 0.0
    for v in parts:
        total += v
    ruffing = trumps.bit_count() >= 2
    for suit in range(4):
        if suit == tk:
            continue
        cs = hand & masks[suit]
        if not cs:
            if ruffing:
                total += _VOID
            continue
        side = _SIDE_PARTS.get((tk, cs))
        if side is None:
            side = _SIDE_PARTS[tk, cs] = _side_parts(cs, tk)
        for v in side:
            total += v
    return total


def _trump_parts(trumps: int, tk: int) -> tuple[float, ...]:
    """What each of the trumps ``trumps`` (a mask) adds, the highest first."""
    order = ORDERS[tk]
    n = trumps.bit_count()
    places = sorted(order.index(c) for c in mask_cards(trumps))
    return tuple(_TRUMP_VALUES.get(place, 0.45 if n >= 3 else 0.25) for place in places)


def _side_parts(cs: int, tk: int) -> tuple[float, ...]:
    """What :func:`estimate_tricks` adds for a side suit of which the hand holds the
    cards ``cs`` (a mask), trumps ``tk``."""
    order = ORDERS[tk]
    cards = sorted(mask_cards(cs), key=order.index)
    top = cards[0]
    if top.rank is Rank.ACE:
        out = [0.8 if len(cards) <= 3 else 0.5]
        if len(cards) >= 2 and cards[1].rank is Rank.KING:
            out.append(0.35)
        return tuple(out)
    if top.rank is Rank.KING and len(cards) >= 2:
        return (0.25,)
    return ()
