"""What a hand is worth as the makers' hand: the chances of taking 1 to 6 tricks, and the bid.

Before the auction is over a player knows six cards. To judge a contract the fair
expert deals the unseen cards many times (the widow, partner's and the opponents'
hands) in ways that fit what the auction has shown, lets this hand pick up the widow,
name a trump and discard its weakest card, and plays each deal out double dummy (every
hand open, each side playing its best). The tricks taken in each deal give a
distribution: the chance of taking at least k tricks for k = 1 to 6, for each trump.
Double dummy is a little generous to the makers (they never guess wrong), so the
chances are read as an upper bound.

The same deals are used for every trump (and, in :func:`discard_samples`, for every
discard), so the comparison between them is not blurred by luck.

:func:`points_table` turns tricks into points under the hand's rules, and
:func:`expected_points` weighs a distribution with it: the expert bids when the
expected points of the cheapest bid that outbids are worth it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..engine.actions import Bid
from ..engine.cards import DECK, SUITS, Card, Suit
from ..engine.rules import FirstLead, Rules
from ..engine.scoring import score_hand
from ..engine.seats import Seat, Side
from ..engine.tricks import EFF, ORDERS, trump_key
from .solver import solve_masks
from .view import PlayerView

__all__ = [
    "ContractOdds",
    "chances",
    "contract_odds",
    "discard_samples",
    "expected_points",
    "points_table",
    "trump_options",
    "weakest",
]


def trump_options(rules: Rules) -> list[Suit | None]:
    """The trumps a maker may name under ``rules`` (no trump last, where allowed)."""
    options: list[Suit | None] = list(SUITS)
    if rules.no_trump:
        options.append(None)
    return options


def weakest(hand: Sequence[Card], trump: Suit | None) -> Card:
    """The card a maker discards by rule of thumb: the lowest plain card (a trump only
    if the hand is all trumps)."""
    tk = trump_key(trump)
    order = ORDERS[tk]
    plain = [c for c in hand if EFF[tk][c.index] != tk]
    return max(plain or hand, key=order.index)


def points_table(
    rules: Rules, bid: Bid, *, maker_alone: bool = False, defender_alone: Seat | None = None
) -> tuple[tuple[int, int], ...]:
    """For the makers taking 0 to 6 tricks: (the makers' points, the defenders' points).

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


def chances(tricks: Iterable[int]) -> tuple[float, ...]:
    """The share of deals with at least k tricks, for k = 1 to 6.

    >>> chances([3, 4, 4, 6])
    (1.0, 1.0, 1.0, 0.75, 0.25, 0.25)
    """
    xs = list(tricks)
    if not xs:
        return (0.0,) * 6
    return tuple(sum(1 for x in xs if x >= k) / len(xs) for k in range(1, 7))


def expected_points(tricks: Iterable[int], table: Sequence[tuple[int, int]]) -> float:
    """The makers' average net points (theirs minus the defenders') over the deals."""
    xs = list(tricks)
    if not xs:
        return 0.0
    return sum(table[x][0] - table[x][1] for x in xs) / len(xs)


@dataclass(frozen=True)
class ContractOdds:
    """The tricks this hand's side took in each sampled deal, for one trump."""

    trump: Suit | None
    tricks: tuple[int, ...]

    @property
    def chances(self) -> tuple[float, ...]:
        """The chance of at least 1, 2, ... 6 tricks."""
        return chances(self.tricks)

    @property
    def mean(self) -> float:
        return sum(self.tricks) / len(self.tricks) if self.tricks else 0.0


def _leader(view: PlayerView, maker: Seat) -> int:
    if view.rules.first_lead is FirstLead.HIGH_BIDDER:
        return maker.value
    return (view.dealer.value + 1) % 4


def _strength(cards: Sequence[Card]) -> float:
    """A quick count of a hand's playing strength (its best trump), for reading bids."""
    from .bots import estimate_tricks

    return max(estimate_tricks(cards, t, partner=False) for t in SUITS)


def _fits_auction(view: PlayerView, hands: Mapping[Seat, Sequence[Card]]) -> bool:
    """Does a sampled deal fit the auction? A player who bid 3 or more holds a real
    hand; one who passed when a bid of 1 or 2 was there to make holds a weak one."""
    for bid in view.auction:
        seat = bid.seat
        if seat is view.seat or seat not in hands:
            continue
        strength = _strength(hands[seat])
        if isinstance(bid, Bid):
            if not view.forced_bid and bid.tricks >= 3 and strength < bid.tricks - 2.2:
                return False
        elif strength > 3.4:
            return False
    return True


def _deals(
    view: PlayerView, cards: Sequence[Card], n: int, rng: random.Random, tries: int = 6
) -> list[tuple[dict[Seat, list[Card]], Card | None]]:
    """``n`` deals of the unseen cards to the other three seats (and the widow while
    it is unseen), each fitting the auction if one of ``tries`` draws does."""
    known = set(cards) | set(view.played)
    if view.discard is not None:
        known.add(view.discard)
    unseen = [c for c in DECK if c not in known]
    others = [s for s in Seat if s is not view.seat]
    widow_unseen = view.rules.widow and len(cards) < 7 and view.maker is None
    out = []
    for _ in range(n):
        for attempt in range(tries):
            pool = unseen[:]
            rng.shuffle(pool)
            widow = pool.pop() if widow_unseen else None
            hands = {s: pool[i * 6 : i * 6 + 6] for i, s in enumerate(others)}
            if attempt == tries - 1 or _fits_auction(view, hands):
                break
        out.append((hands, widow))
    return out


def _solve(
    view: PlayerView,
    maker: Seat,
    own: Sequence[Card],
    hands: Mapping[Seat, Sequence[Card]],
    trump: Suit | None,
) -> int:
    tk = trump_key(trump)
    masks = [0, 0, 0, 0]
    for c in own:
        masks[view.seat.value] |= 1 << c.index
    for s, cs in hands.items():
        for c in cs:
            masks[s.value] |= 1 << c.index
    ns = solve_masks(masks, tk, _leader(view, maker), (), active=15)
    return ns if view.seat.side is Side.NS else 6 - ns


def contract_odds(
    view: PlayerView,
    trumps: Sequence[Suit | None],
    samples: int,
    rng: random.Random,
    cards: Sequence[Card] | None = None,
) -> list[ContractOdds]:
    """For each trump, the tricks this seat's side takes as makers in ``samples`` deals.

    ``cards`` is the hand judged (the seat's own by default): six cards before the widow
    (the widow, unseen, is drawn with the other cards and picked up), or seven after it;
    the weakest card for each trump is discarded before play.
    """
    hand = list(view.hand if cards is None else cards)
    deals = _deals(view, hand, samples, rng)
    out = []
    for trump in trumps:
        tricks = []
        for hands, widow in deals:
            own = hand + ([widow] if widow is not None else [])
            if len(own) == 7:
                own.remove(weakest(own, trump))
            tricks.append(_solve(view, view.seat, own, hands, trump))
        out.append(ContractOdds(trump, tuple(tricks)))
    return out


def discard_samples(
    view: PlayerView, candidates: Sequence[Card], samples: int, rng: random.Random
) -> dict[Card, tuple[int, ...]]:
    """For each card the maker might discard, the tricks the side takes keeping the
    other six, over the same ``samples`` deals."""
    deals = _deals(view, view.hand, samples, rng)
    out = {}
    for card in candidates:
        own = [c for c in view.hand if c is not card]
        out[card] = tuple(_solve(view, view.seat, own, hands, view.trump) for hands, _ in deals)
    return out
