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

:func:`bid_study` puts it together for the seat whose turn it is to bid: the chances
of every trump from one common set of deals, what each legal action is worth, the fair
expert's advice and its reason in card terms (the trump, the trumps and aces held, the
chance of making the bid, and why the cheapest bid that wins the auction is right, or
why to pass). The bidding quiz (:mod:`.quiz`) judges answers with it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from ..engine.actions import Bid, Pass
from ..engine.auction import FORCED_BID, bid_name
from ..engine.cards import DECK, JOKER, SUITS, Card, Rank, Suit
from ..engine.errors import (
    IllegalActionError,
    InvalidDataError,
    OutOfTurnError,
    WrongPhaseError,
    shown,
)
from ..engine.rules import AllPass, FirstLead, Rules
from ..engine.scoring import score_hand
from ..engine.seats import Seat, Side
from ..engine.state import Phase
from ..engine.tricks import EFF, ORDERS, trump_key
from .explain import capitalised, card_words
from .solver import solve_masks
from .view import PlayerView

__all__ = [
    "BID_TOLERANCE",
    "STUDY_SAMPLES",
    "BidStudy",
    "ContractOdds",
    "action_label",
    "action_value",
    "bid_study",
    "chance_label",
    "chance_words",
    "chances",
    "contract_odds",
    "discard_samples",
    "expected_points",
    "hand_words",
    "points_table",
    "trump_options",
    "trump_words",
    "weakest",
    "weigh_calls",
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


# --- a bid studied: the chances, the advice and its reason -------------------------------

#: The fewest deals a bid study weighs (chances said to the nearest 5 % need that many),
#: and the most it accepts.
STUDY_SAMPLES: Final = 48
MAX_STUDY_SAMPLES: Final = 1000

#: The fair expert's bidding rule (:class:`~hasenpfeffer_core.analysis.bots.FairExpert`):
#: bid the cheapest bid that outbids when it is worth at least ``BID_MARGIN`` points on
#: average; over partner's bid, ``PARTNER_MARGIN`` more; Big Pepper only when it is worth
#: ``BIG_PEPPER_EDGE`` more than the cheapest bid.
BID_MARGIN: Final = 0.5
PARTNER_MARGIN: Final = 1.5
BIG_PEPPER_EDGE: Final = 0.5

#: Two actions whose values differ by at most this many points are a close call: a quiz
#: counts either as right.
BID_TOLERANCE: Final = 0.2


def chance_label(p: float) -> str:
    """A chance as a short label, to the nearest 5 %: ``95%``, ``<5%``, ``100%``.

    >>> [chance_label(p) for p in (0.0, 0.02, 0.5, 0.93, 0.99, 1.0)]
    ['0%', '<5%', '50%', '95%', '>95%', '100%']
    """
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    n = round(p * 20) * 5
    if n <= 0:
        return "<5%"
    if n >= 100:
        return ">95%"
    return f"{n}%"


def chance_words(p: float, deals: int) -> str:
    """A chance in a sentence: ``in about 85% of the deals``, ``in all 48 deals``.

    >>> chance_words(0.84, 48), chance_words(1.0, 48), chance_words(0.01, 48)
    ('in about 85% of the deals', 'in all 48 deals', 'in fewer than 5% of the deals')
    """
    if p >= 1:
        return f"in all {deals} deals"
    if p <= 0:
        return f"in none of the {deals} deals"
    label = chance_label(p)
    if label == "<5%":
        return "in fewer than 5% of the deals"
    if label == ">95%":
        return "in more than 95% of the deals"
    return f"in about {label} of the deals"


def _counted(n: int, one: str, many: str) -> str:
    return f"{'one' if n == 1 else n} {one if n == 1 else many}"


def hand_words(hand: Sequence[Card], trump: Suit | None) -> str:
    """What a hand holds for a trump, in a card player's words: its trumps and its side
    aces (with no trump: the Joker and the aces).

    >>> from hasenpfeffer_core import parse_cards
    >>> hand_words(parse_cards("JK JH JD AH AS 9C"), Suit.HEARTS)
    'you hold 4 trumps (the Joker, J♥, J♦ and A♥) and one side ace (A♠)'
    >>> hand_words(parse_cards("9S TC QD KH 9H TS"), Suit.CLUBS)
    'you hold one trump (10♣) and no side ace'
    """
    from .explain import join_and

    tk = trump_key(trump)
    order = ORDERS[tk]
    cards = sorted(hand, key=order.index)
    if trump is None:
        aces = [c for c in cards if c.rank is Rank.ACE]
        joker = "the Joker" if JOKER in cards else "not the Joker"
        if not aces:
            return f"you hold {joker} and no ace"
        return f"you hold {joker} and {_counted(len(aces), 'ace', 'aces')} ({join_and(a.text for a in aces)})"
    trumps = [c for c in cards if EFF[tk][c.index] == tk]
    aces = [c for c in cards if c.rank is Rank.ACE and EFF[tk][c.index] != tk]
    held = (
        f"{_counted(len(trumps), 'trump', 'trumps')} ({join_and(card_words(c) for c in trumps)})"
        if trumps
        else "no trumps"
    )
    side = (
        f"{_counted(len(aces), 'side ace', 'side aces')} ({join_and(a.text for a in aces)})"
        if aces
        else "no side ace"
    )
    return f"you hold {held} and {side}"


def trump_words(trump: Suit | None) -> str:
    """A trump in a sentence: ``hearts`` or ``no trump``."""
    return trump.plural if trump is not None else "no trump"


def _with(trump: Suit | None) -> str:
    return f"with {trump.plural} as trumps" if trump is not None else "in no trump"


def _bid_words(bid: Bid, rules: Rules) -> str:
    """``a bid of 3``, ``Little Pepper``, ``Big Pepper``."""
    name = bid_name(bid.tricks, bid.big, rules)
    return name if not name[0].isdigit() else f"a bid of {name}"


def action_label(action: Bid | Pass, rules: Rules) -> str:
    """An auction choice as a button says it: ``Pass``, ``Bid 3``, ``Little Pepper``.

    >>> action_label(Bid(Seat.N, 6, big=True), Rules(bidding="pepper"))
    'Big Pepper'
    """
    if isinstance(action, Pass):
        return "Pass"
    name = bid_name(action.tricks, action.big, rules)
    return f"Bid {name}" if name[0].isdigit() else name


def action_value(action: Bid | Pass) -> str:
    """An auction choice as a short text: ``pass``, ``3`` or ``big-pepper``."""
    return "pass" if isinstance(action, Pass) else action.label


def _doing(action: Bid | Pass, rules: Rules) -> str:
    """``passing``, ``bidding 3``, ``Big Pepper``: an action as a sentence's subject."""
    if isinstance(action, Pass):
        return "passing"
    name = bid_name(action.tricks, action.big, rules)
    return f"bidding {name}" if name[0].isdigit() else name


def _doing_list(actions: Sequence[Bid | Pass], rules: Rules) -> str:
    """``bidding 2, 3 or 4``, ``passing or bidding 5``: several actions in a sentence."""
    from .explain import join_and

    words = [_doing(a, rules) for a in actions]
    numbers = [w.removeprefix("bidding ") for w in words if w.startswith("bidding ")]
    rest = [w for w in words if not w.startswith("bidding ")]
    if len(numbers) > 1:
        return join_and([*rest, "bidding " + join_and(numbers, "or")], "or")
    return join_and(words, "or")


def _signed(points: float) -> str:
    value = round(points, 1)
    return f"{value:+.1f}" if value else "0.0"


@dataclass(frozen=True)
class BidStudy:
    """A hand studied for the auction: what each trump would take, and what to do.

    ``odds``: for every trump worth considering (the four suits, and no trump where the
    rules allow it), the tricks this seat's side takes as makers in each of the same
    ``samples`` deals of the unseen cards (see :func:`contract_odds`); ``odds[i].chances``
    is the chance of at least 1 to 6 tricks. ``points``: for each legal action, its
    average net points for the side (a bid: with the trump that makes it worth most;
    passing: nothing, or the forced bid of 3 it leads to). ``action`` is the fair
    expert's choice (the cheapest bid that outbids when it is worth it, else pass) and
    ``reason`` says why in card terms; ``close`` is true when another action is within
    :data:`BID_TOLERANCE` points of it.
    """

    seat: Seat
    hand: tuple[Card, ...]
    rules: Rules
    high_bid: Bid | None
    odds: tuple[ContractOdds, ...]
    points: Mapping[Bid | Pass, float]
    trumps: Mapping[Bid | Pass, Suit | None]
    values: Mapping[Bid | Pass, float]
    action: Bid | Pass
    reason: str
    close: bool
    samples: int
    forced_by_pass: bool = False
    partner_high: bool = False

    @property
    def legal(self) -> tuple[Bid | Pass, ...]:
        """The actions studied (the seat's legal actions), cheapest bid first, pass last."""
        return tuple(self.values)

    def odds_for(self, trump: Suit | None) -> ContractOdds:
        """The tricks taken with ``trump``."""
        for o in self.odds:
            if o.trump is trump:
                return o
        raise InvalidDataError(
            f"{trump_words(trump)} is not a trump these rules allow", rule="naming trump"
        )

    def chance_to_make(self, bid: Bid) -> float:
        """The chance that ``bid`` is made, with its best trump."""
        return self.odds_for(self.trumps[bid]).chances[bid.tricks - 1]

    def is_good(self, action: Bid | Pass) -> bool:
        """Whether ``action`` is as good as the advice, within :data:`BID_TOLERANCE`."""
        if action not in self.values:
            return False
        return self.values[action] >= self.values[self.action] - BID_TOLERANCE - 1e-9

    @property
    def good(self) -> tuple[Bid | Pass, ...]:
        """Every action as good as the advice (the advice first)."""
        rest = [a for a in self.legal if a != self.action and self.is_good(a)]
        return (self.action, *rest)

    def comment(self, action: Bid | Pass) -> str:
        """What ``action`` is worth, in one sentence."""
        if action not in self.values:
            raise IllegalActionError(
                f"{action_label(action, self.rules).lower()} is not a choice here",
                rule="bidding",
            )
        n = self.samples
        if isinstance(action, Pass):
            if self.forced_by_pass:
                forced = Bid(self.seat, FORCED_BID)
                return (
                    f"Pass: the other three passed, so you would then have to bid {FORCED_BID}, "
                    f"worth about {_signed(self.points[action])} points on average "
                    f"({chance_words(self.chance_to_make(forced), n)} your side takes "
                    f"{FORCED_BID} tricks)."
                )
            if self.partner_high and self.high_bid is not None:
                return (
                    f"Pass: your partner's {bid_name(self.high_bid.tricks, self.high_bid.big, self.rules)} "
                    "stands and your side plays the hand anyway."
                )
            return "Pass: no risk, and your side scores nothing as makers."
        trump = self.trumps[action]
        p = self.chance_to_make(action)
        what = (
            "takes all six tricks"
            if action.tricks == 6
            else f"takes at least {_counted(action.tricks, 'trick', 'tricks')}"
        )
        doubled = ", the result doubled" if action.big else ""
        return (
            f"{action_label(action, self.rules)}: {_with(trump)} your side {what} "
            f"{chance_words(p, n)}{doubled}: worth about {_signed(self.points[action])} "
            "points on average."
        )


def _pass_forces(view: PlayerView) -> bool:
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


def _check_study_args(view: object, samples: object) -> PlayerView:
    if not isinstance(view, PlayerView):
        raise InvalidDataError(f"a bid study needs a PlayerView, got {shown(view)}")
    if view.phase is not Phase.AUCTION:
        raise WrongPhaseError(
            f"there is no bid to make: the auction is over (the hand is at {view.phase.value})",
            rule="bidding",
        )
    if view.to_move is not view.seat or not view.legal_actions:
        who = view.to_move.word if view.to_move is not None else "nobody"
        raise OutOfTurnError(
            f"it is not {view.seat.word}'s turn to bid: {who} is to speak", rule="bidding"
        )
    if (
        isinstance(samples, bool)
        or not isinstance(samples, int)
        or not STUDY_SAMPLES <= samples <= MAX_STUDY_SAMPLES
    ):
        raise InvalidDataError(
            f"a bid study weighs {STUDY_SAMPLES} to {MAX_STUDY_SAMPLES} deals of the unseen "
            f"cards (fewer cannot give the chances to the nearest 5%), got {shown(samples)}"
        )
    return view


def bid_study(
    view: PlayerView,
    samples: int = STUDY_SAMPLES,
    rng: random.Random | int | None = None,
    *,
    margin: float = BID_MARGIN,
) -> BidStudy:
    """Study the hand of ``view.seat``, whose turn it is to bid.

    Every trump worth considering is played out in the same ``samples`` deals of the
    unseen cards (:func:`contract_odds`); each legal bid is weighed with the trump that
    makes it worth most under the hand's rules (:func:`expected_points`). The advice is
    the fair expert's rule: the cheapest bid that outbids when it is worth at least
    ``margin`` points on average (more over partner's bid), Big Pepper when it is worth
    clearly more, else pass. Where passing would leave this seat forced to bid 3, passing
    is worth that forced bid. ``rng`` is a ``random.Random`` or a seed.

    >>> from hasenpfeffer_core import HandState, Seat
    >>> h = HandState.from_hands(
    ...     {"N": "JK JH JD AH KH AS", "E": "9S TS QS 9C TC QC",
    ...      "S": "KS AD KD QD TD 9D", "W": "JS JC AC KC QH TH"}, "9H", dealer=Seat.W)
    >>> study = bid_study(PlayerView.of(h, Seat.N), rng=1)
    >>> study.action, study.odds_for(Suit.HEARTS).chances[3] > 0.9
    (Bid(seat=Seat.N, tricks=1, big=False), True)
    >>> print(study.reason)  # doctest: +ELLIPSIS
    Bid 1: with hearts as trumps you hold 5 trumps (the Joker, J♥, J♦, A♥ and K♥) and one side ace (A♠); your side takes at least one trick in all 48 deals of the unseen cards, ... tricks on average. You hold the Joker and nobody has bid: ... Bid 1. It is close: ...
    """
    view = _check_study_args(view, samples)
    if not isinstance(margin, int | float) or isinstance(margin, bool):
        raise InvalidDataError(f"margin is a number of points, got {shown(margin)}")
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    odds = tuple(contract_odds(view, trump_options(view.rules), samples, rng))
    return weigh_calls(view, odds, samples, margin=margin)


def weigh_calls(
    view: PlayerView,
    odds: Sequence[ContractOdds],
    samples: int,
    *,
    margin: float = BID_MARGIN,
) -> BidStudy:
    """The fair expert's call from ``odds`` (the tricks taken with some trumps over the
    same ``samples`` deals): the rule :func:`bid_study` describes. The fair expert at the
    table calls it with the odds of its likeliest trumps, so that its bids, its hints
    and the bidding quiz's answers follow one rule."""
    rules = view.rules
    odds = tuple(odds)
    legal = [a for a in view.legal_actions if isinstance(a, Bid | Pass)]
    bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda b: b.level)
    passes = [a for a in legal if isinstance(a, Pass)]
    high = view.high_bid
    partner_high = high is not None and high.seat is view.seat.partner
    forced_by_pass = _pass_forces(view)
    forced_now = view.forced_bid

    def weigh(bid: Bid) -> tuple[float, Suit | None, float]:
        table = points_table(rules, bid)
        best = max(odds, key=lambda o: (expected_points(o.tricks, table), o.mean))
        return expected_points(best.tricks, table), best.trump, best.mean

    points: dict[Bid | Pass, float] = {}
    trumps: dict[Bid | Pass, Suit | None] = {}
    values: dict[Bid | Pass, float] = {}
    for b in bids:
        pts, trump, _ = weigh(b)
        points[b], trumps[b] = pts, trump
        risk = 0.0 if (forced_by_pass or forced_now) else margin
        values[b] = pts - risk - (BIG_PEPPER_EDGE if b.big else 0.0)
    for p in passes:
        if forced_by_pass:
            pts, trump, _ = weigh(Bid(view.seat, FORCED_BID))
            points[p], trumps[p] = pts, trump
            values[p] = pts
        else:
            best_any = max(odds, key=lambda o: o.mean)
            points[p], trumps[p] = 0.0, best_any.trump
            values[p] = PARTNER_MARGIN if partner_high else 0.0
    order: list[Bid | Pass] = [*bids, *passes]
    action = max(order, key=lambda a: values[a])  # the first best: cheapest bid, pass last
    close = any(a != action and values[a] >= values[action] - BID_TOLERANCE - 1e-9 for a in order)
    study = BidStudy(
        seat=view.seat,
        hand=tuple(view.hand),
        rules=rules,
        high_bid=high,
        odds=odds,
        points=points,
        trumps=trumps,
        values={a: values[a] for a in order},
        action=action,
        reason="",
        close=close,
        samples=samples,
        forced_by_pass=forced_by_pass,
        partner_high=partner_high,
    )
    return replace(study, reason=_study_reason(view, study))


def _study_reason(view: PlayerView, study: BidStudy) -> str:
    """The advice in card terms: the trump, the cards, the chance, and the principle."""
    from .principles import reasons_for

    rules = study.rules
    n = study.samples
    action = study.action
    legal = study.legal
    if len(legal) == 1:
        only = "Pass" if isinstance(action, Pass) else action_label(action, rules)
        if view.forced_bid and isinstance(action, Bid):
            said = reasons_for(view, action)
            if said:
                return said[0].text
        return f"{only}: it is the only legal choice."
    bids = [a for a in legal if isinstance(a, Bid)]
    cheapest = min((b for b in bids if not b.big), key=lambda b: b.level, default=None)
    parts: list[str] = []
    if isinstance(action, Bid):
        trump = study.trumps[action]
        odds = study.odds_for(trump)
        p = study.chance_to_make(action)
        parts.append(
            f"{action_label(action, rules)}: {_with(trump)} {hand_words(study.hand, trump)}; "
            f"your side takes at least {_counted(action.tricks, 'trick', 'tricks')} "
            f"{chance_words(p, n)} of the unseen cards, {odds.mean:.1f} tricks on average."
        )
        if action.big:
            assert cheapest is not None
            parts.append(
                f"Big Pepper doubles the result: it is worth about "
                f"{_signed(study.points[action])} points on average, against "
                f"{_signed(study.points[cheapest])} for {_bid_words(cheapest, rules)}. "
                "Bid Big Pepper."
            )
        else:
            high = study.high_bid
            if study.partner_high and high is not None:
                parts.append(
                    f"{high.seat.word}, your partner, holds the auction with "
                    f"{bid_name(high.tricks, high.big, rules)}; outbidding a partner pays only "
                    "with a strong hand, and this one is."
                )
            # Every principle the bid follows (holding the Joker: bid before you are
            # forced; always: the cheapest bid that wins the auction), the bid said once.
            close_words = f" Bid {bid_name(action.tricks, action.big, rules)}."
            texts = [r.text.removesuffix(close_words) for r in reasons_for(view, action)]
            if not any("whatever it bid" in t for t in texts):
                texts.append(
                    "A side that makes its bid scores one point per trick it takes, whatever it bid"
                )
            parts.append(" ".join(t.rstrip(".") + "." for t in texts) + close_words)
    else:
        # The bid that would have to be made (the cheapest, or Big Pepper if only it is
        # left), and the trump that gives it the best chance.
        target = cheapest or min(bids, key=lambda b: b.level, default=None)
        if target is None:
            best_odds = study.odds_for(study.trumps[action])
        else:
            best_odds = max(study.odds, key=lambda o: (o.chances[target.tricks - 1], o.mean))
        trump = best_odds.trump
        parts.append(
            f"Pass: your best trump would be {trump_words(trump)}, and {_with(trump)} "
            f"{hand_words(study.hand, trump)}."
        )
        if target is not None:
            p = best_odds.chances[target.tricks - 1]
            worth = expected_points(best_odds.tricks, points_table(rules, target))
            need = _counted(target.tricks, "trick", "tricks")
            high = study.high_bid
            if study.partner_high and high is not None:
                parts.append(
                    f"{high.seat.word}, your partner, already holds the auction with "
                    f"{bid_name(high.tricks, high.big, rules)}, and your side plays the hand "
                    "either way: outbidding your partner only pays with a much stronger hand."
                )
                parts.append(
                    f"{capitalised(_bid_words(target, rules))} would be made {chance_words(p, n)}, "
                    f"worth about {_signed(worth)} points on average."
                )
            else:
                goal = (
                    f"To outbid {high.seat.word}'s {bid_name(high.tricks, high.big, rules)}"
                    if high is not None
                    else "To take the auction"
                )
                if worth < -0.05:
                    verdict = f"would lose about {abs(worth):.1f} points on average"
                elif worth < 0.05:
                    verdict = "would gain nothing on average, not worth the risk"
                else:
                    verdict = (
                        f"would win only about {_signed(worth)} points on average, not "
                        "worth the risk"
                    )
                parts.append(
                    f"{goal} your side must take at least {need}, which it does "
                    f"{chance_words(p, n)}: {_bid_words(target, rules)} {verdict}."
                )
    others = [a for a in study.good if a != action]
    if others:
        amounts = sorted({_signed(study.points[a]) for a in others}, key=float)
        span = amounts[0] if len(amounts) == 1 else f"{amounts[0]} to {amounts[-1]}"
        parts.append(
            f"It is close: {_doing_list(others, rules)} would do about "
            f"as well (about {span} points on average, against "
            f"{_signed(study.points[action])} for {_doing(action, rules)})."
        )
    return " ".join(parts)
