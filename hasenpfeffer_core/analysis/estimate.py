"""A rule of thumb's count of a hand's tricks, and what the auction tells of a hand.

The rule-of-thumb player bids and names its trump by :func:`estimate_tricks`; the judge
reads the auction with it (:func:`auction_fits`): a player who bid a real number holds
a real hand, one who passed a bid there was to make holds a weak one. These are
explicit filters, applied by rejection so that the deals that pass stay equally likely
(:class:`~hasenpfeffer_core.analysis.deals.DealSampler`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from ..engine.actions import Bid
from ..engine.cards import SUITS, Card, Rank, Suit
from ..engine.seats import Seat
from ..engine.tricks import EFF, ORDERS, trump_key

__all__ = ["BID_READ", "PASS_READ", "auction_fits", "estimate_tricks", "strength"]

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
    tk = trump_key(trump)
    order = ORDERS[tk]
    hand = sorted(cards, key=order.index)
    if len(hand) > 6:
        hand = hand[:6]  # the weakest card is the discard
    trumps = [c for c in hand if EFF[tk][c.index] == tk]
    n_trumps = len(trumps)
    total = 0.0
    trump_values = {0: 1.0, 1: 1.0, 2: 0.9, 3: 0.75, 4: 0.55}
    for c in trumps:
        place = order.index(c)
        total += trump_values.get(place, 0.45 if n_trumps >= 3 else 0.25)
    for suit in SUITS:
        if tk == suit.value:
            continue
        cs = [c for c in hand if EFF[tk][c.index] == suit.value]
        if not cs:
            if n_trumps >= 2:
                total += 0.3
            continue
        top = cs[0]
        if top.rank is Rank.ACE:
            total += 0.8 if len(cs) <= 3 else 0.5
            if len(cs) >= 2 and cs[1].rank is Rank.KING:
                total += 0.35
        elif top.rank is Rank.KING and len(cs) >= 2:
            total += 0.25
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
            if seat in hands and not forced and call.tricks >= 3:
                low[seat] = max(low.get(seat, -1.0), call.tricks - BID_READ)
        else:
            passes += 1
            if seat in hands:
                high.add(seat)
    seats = dict.fromkeys((*low, *high))  # a seat that bid and passed, counted once
    return all(_strength_within(hands[seat], low.get(seat), seat in high) for seat in seats)


def _strength_within(cards: Sequence[Card], low: float | None, passed: bool) -> bool:
    """Whether :func:`strength` of ``cards`` is at least ``low`` (where given) and, for
    a hand that ``passed``, at most :data:`PASS_READ`."""
    best = -1.0
    for t in SUITS:
        e = estimate_tricks(cards, t, partner=False)
        if passed and e > PASS_READ:
            return False
        best = max(best, e)
        if not passed and low is not None and best >= low:
            return True
    return low is None or best >= low
