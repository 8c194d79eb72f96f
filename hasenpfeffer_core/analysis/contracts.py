"""The contracts a call leads to, under the hand's own rules: what the makers and the
defenders score for each count of tricks (through the engine's own scoring), the trumps
a maker may name, the card a maker discards by rule of thumb, and whether a pass forces
a bid. The judge (:mod:`~hasenpfeffer_core.analysis.judge`) values the calls with them;
the bidding study and the principles read them too.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..engine.actions import Bid, Pass
from ..engine.cards import JOKER, SUITS, Card, Rank, Suit
from ..engine.rules import AllPass, Rules
from ..engine.scoring import score_hand
from ..engine.seats import Seat
from ..engine.tricks import EFF, ORDERS, trump_key
from .view import PlayerView

__all__ = [
    "discard_order",
    "net_table",
    "pass_forces",
    "points_table",
    "trump_options",
    "weakest",
]


@cache
def points_table(
    rules: Rules, bid: Bid, *, maker_alone: bool = False, defender_alone: Seat | None = None
) -> tuple[tuple[int, int], ...]:
    """For the makers taking 0 to 6 tricks: (the makers' points, the defenders' points),
    from the engine's own scoring.

    >>> from hasenpfeffer_core import Rules, Seat
    >>> points_table(Rules(), Bid(Seat.N, 4))[2:5]
    ((-2, 0), (-3, 0), (4, 0))
    """
    side = bid.seat.side
    out = []
    for taken in range(7):
        result = score_hand(
            rules,
            bid,
            {side: taken, side.other: 6 - taken},
            maker_alone=maker_alone,
            defender_alone=defender_alone,
        )
        out.append((result.points[side], result.points[side.other]))
    return tuple(out)


def net_table(
    rules: Rules,
    bid: Bid,
    ours: bool,
    *,
    maker_alone: bool = False,
    defender_alone: Seat | None = None,
) -> list[float]:
    """For the side of a seat taking 0 to 6 tricks under ``bid`` (``ours``: the seat's
    side made it): its points minus the other side's (who went alone as in
    :func:`points_table`)."""
    table = points_table(rules, bid, maker_alone=maker_alone, defender_alone=defender_alone)
    if ours:
        return [float(mk - df) for mk, df in table]
    return [float(table[6 - t][1] - table[6 - t][0]) for t in range(7)]


def trump_options(rules: Rules) -> list[Suit | None]:
    """The trumps a maker may name under ``rules`` (no trump last, where allowed)."""
    options: list[Suit | None] = list(SUITS)
    if rules.no_trump:
        options.append(None)
    return options


def discard_order(hand: Sequence[Card], trump: Suit | None) -> list[Card]:
    """The maker's cards in the rule of thumb's order of discarding ("discard low, keep
    trumps and side aces"): plain cards other than aces, the lowest rank first (from the
    shorter suit first, which it may leave void); then the plain aces; then the trumps,
    the weakest first.

    >>> from hasenpfeffer_core.engine.cards import Suit, parse_card
    >>> hand = [parse_card(t) for t in "JK AH 9S AD 10C KC 9H".split()]
    >>> [c.text for c in discard_order(hand, Suit.HEARTS)]
    ['9♠', '10♣', 'K♣', 'A♦', '9♥', 'A♥', 'JK']
    """
    tk = trump_key(trump)
    order = ORDERS[tk]
    length = {s: sum(1 for c in hand if EFF[tk][c.index] == s) for s in range(5)}

    def key(c: Card) -> tuple[int, int, int, int]:
        s = EFF[tk][c.index]
        if s == tk:
            return (2, -order.index(c), 0, 0)
        return (int(c.rank is Rank.ACE), int(c.rank), length[s], order.index(c))

    return sorted(hand, key=key)


def weakest(hand: Sequence[Card], trump: Suit | None) -> Card:
    """The card a maker discards by rule of thumb: the first of :func:`discard_order`
    (the lowest plain card; a trump only if the hand is all trumps)."""
    return discard_order(hand, trump)[0]


def pass_forces(view: PlayerView) -> bool:
    """Would a pass now leave this seat forced to bid 3 (the other three passed, and
    this seat holds the Joker, or is the dealer, as the rules say)?"""
    if view.high_bid is not None or view.forced_bid:
        return False
    if sum(1 for a in view.auction if isinstance(a, Pass)) != 3:
        return False
    if view.rules.all_pass is AllPass.JOKER_HOLDER:
        return JOKER in view.hand
    if view.rules.all_pass is AllPass.DEALER:
        return view.dealer is view.seat
    return False
