"""The judge against a slow reference: are the computer's cards, and what it says of
them, right?

    .venv/bin/python bench/judge.py [--positions 200] [--deals 400] [--seed 7]

Positions are taken from hands played by the rule of thumb and by the fair expert, at
every decision with more than one legal card, spread over the six tricks. For each,
the judge runs exactly as the faces run it (``FairExpert`` with the session's settings,
which asks :func:`~hasenpfeffer_core.analysis.judge.judge_play`), and the reference
values every legal card over ``--deals`` deals of the unseen cards (every deal, when
there are no more than that), each solved exactly for points under the hand's rules:
best play for points after each card, where a side whose bid is lost plays to lose
tricks (``--ref-points-from K``: best play for tricks before trick K, valued in points,
which is faster, and what the judge did before it valued every trick by points).

The reference shares no code with the judge's sampler: where there are few ways to deal
the unseen cards it lists them all and keeps those that fit; else it deals them by
shuffling and dealing in order, and throws away any deal that breaks a void shown or the
auction's filter (the maker holds two trumps) — slow, and uniform by construction. It
prints, per trick:

* the share of the judge's cards within 0.15 points of the reference's best (target:
  at least 97 %); beside it, the same share counted only where the reference is sure
  of its verdict (the gap between its best and the judge's card lies at least
  ``REF_SURE`` standard errors from 0.15); and the worst cases, each with that gap's
  standard error and the deals the judge weighed (on the first trick many of the cards
  missed are ones the reference itself cannot tell from its best: 0.18 ± 0.09 points
  behind, say);
* the close flag's accuracy: the judge says "a close decision" exactly when the
  reference's best two cards are less than 0.15 points apart (target: at least 95 %);
  beside it, the same share counted only where the reference is sure of its own flag
  (its gap lies at least ``REF_SURE`` standard errors from 0.15: nearer the line, a
  second reference on other deals flips the flag as often as not, so neither flag can
  be called right or wrong there);
* the judge's time per decision (median and p95), with the machine's load.

Where its first ``--deals`` deals leave the reference unsure of either verdict (the
judge's card within 0.15 points of its best, or its close flag: the gap lies less than
``REF_SURE`` standard errors from 0.15), it weighs that many more, new deals, until it
is sure or has weighed ``--ref-most``: a yardstick of 400 deals calls a hit a miss, or
a miss a hit, as often as not near the line. The figures against the first ``--deals``
alone are printed beside (the trumps and the discards the same; a bid's reference is
not extended, as its worth is its best trump's over all the deals).

Bids, trumps and discards (``--calls`` positions of each kind, from the same hands)
are judged the same way: the judge as the faces run it (``FairExpert``, which asks
:func:`~hasenpfeffer_core.analysis.judge.judge_bid`, ``judge_trump`` or
``judge_discard``), against a reference that deals the unseen cards by shuffling
(rejecting the deals that break what the auction tells), plays every option out on
``--call-deals`` deals with every trump (no trump screened out), and values each in
points under the same model: a bid is worth its contract with the trump that makes it
worth most, a pass what the contract it leaves scores (see ``judge_bid``).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hasenpfeffer_core.analysis import judge
from hasenpfeffer_core.analysis.bidding import bid_study
from hasenpfeffer_core.analysis.bots import FairExpert, RuleOfThumbPlayer, action_words
from hasenpfeffer_core.analysis.contracts import pass_forces
from hasenpfeffer_core.analysis.deals import fits_auction
from hasenpfeffer_core.analysis.estimate import auction_fits, estimate_tricks
from hasenpfeffer_core.analysis.explain import capitalised
from hasenpfeffer_core.analysis.fast import compiled
from hasenpfeffer_core.analysis.hints import agrees, outweighed
from hasenpfeffer_core.analysis.judge import _CALLS as judge_memory
from hasenpfeffer_core.analysis.judge import CLOSE_POINTS, net_points
from hasenpfeffer_core.analysis.points_solver import play_points_masks
from hasenpfeffer_core.analysis.principles import broken_by
from hasenpfeffer_core.analysis.session import EXPERT_BID_SAMPLES, EXPERT_SAMPLES
from hasenpfeffer_core.analysis.solver import play_values_masks, solve_masks
from hasenpfeffer_core.analysis.view import PlayerView
from hasenpfeffer_core.engine.actions import Bid, NameTrump, Pass, Play
from hasenpfeffer_core.engine.auction import FORCED_BID
from hasenpfeffer_core.engine.cards import DECK
from hasenpfeffer_core.engine.rules import AllPass, FirstLead
from hasenpfeffer_core.engine.scoring import score_hand
from hasenpfeffer_core.engine.seats import SEATS
from hasenpfeffer_core.engine.state import HandState, Phase
from hasenpfeffer_core.engine.tricks import EFF, trump_key


@dataclass
class Row:
    trick: int
    judged: str
    loss: float  # points the judge's card gives away against the reference's best
    loss_se: float  # the standard error of that loss, over the reference's deals
    loss_sure: bool  # the reference is sure the loss is below, or above, 0.15
    close_right: bool
    close_sure: bool  # the reference is sure of its close flag (sure_of_close)
    ms: float
    where: str
    # the same two verdicts against the reference's first batch of deals alone
    first_within: bool
    first_close_right: bool
    ref_deals: int  # the deals the reference weighed


#: Up to this many ways to deal the unseen cards, the reference lists them all.
ENUMERATE = 150_000
#: The reference is sure of a close flag when its gap between the best two options is
#: this many standard errors (of that gap, over its deals) away from CLOSE_POINTS.
REF_SURE = 2.0


class Values(dict):
    """A reference's value for each option (its mean over the deals), with each option's
    value on every deal (``per_deal``, in the same order of deals for every option),
    whether the deals were every deal that fits (``exact``: then there is no doubt), and
    the values on the first batch of deals alone (``first``)."""

    per_deal: dict
    exact: bool = False
    #: the values on the first ``deals`` deals alone, where more were weighed
    first: dict

    @property
    def deals(self) -> int:
        """How many deals the values were weighed on."""
        return len(next(iter(self.per_deal.values())))

    def gap_se(self, a, b) -> float:
        """The standard error of the gap between options ``a`` and ``b``."""
        if self.exact:
            return 0.0
        diffs = [x - y for x, y in zip(self.per_deal[a], self.per_deal[b], strict=True)]
        return statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf


def sure_of_close(ref: Values, best, rival) -> bool:
    """Whether the reference can tell if ``rival`` is within CLOSE_POINTS of ``best``:
    its gap lies at least REF_SURE standard errors from the threshold. (Where it cannot,
    a second reference on other deals flips the flag as often as not: see
    ``--self-check``.)"""
    if rival is None:
        return True
    gap = ref[best] - ref[rival]
    return abs(gap - CLOSE_POINTS) >= REF_SURE * ref.gap_se(best, rival)


def sure_of_loss(ref: Values, judged) -> bool:
    """Whether the reference can tell if the judge's option ``judged`` lies within 0.15
    points of its best (:func:`sure_of_close`)."""
    best = max(ref, key=ref.get)
    return judged == best or sure_of_close(ref, best, judged)


def settled(ref: Values, judged, rival) -> bool:
    """Whether the reference can tell both things the bench asks of it: whether the
    judge's option ``judged`` lies within 0.15 points of its best, and whether its best
    and its runner-up ``rival`` lie within 0.15 points. (Where it cannot, it weighs
    more deals: near the line, a reference of 400 deals calls a hit a miss, or a miss a
    hit, as often as not.)"""
    return sure_of_loss(ref, judged) and sure_of_close(ref, max(ref, key=ref.get), rival)


def _runner_up(ref: dict):
    """A play reference's second best card, or None where there is one."""
    order = sorted(ref, key=ref.get, reverse=True)
    return order[1] if len(order) > 1 else None


def _play_close(ref: dict) -> bool:
    """Whether a play reference's best two cards lie less than 0.15 points apart."""
    rival = _runner_up(ref)
    return rival is not None and max(ref.values()) - ref[rival] < CLOSE_POINTS


def _first(
    ref: Values, judged, close: bool, ref_close: Callable[[dict], bool]
) -> tuple[bool, bool]:
    """Against the reference's first batch of deals alone: whether ``judged`` is within
    0.15 points of its best, and whether the close flag ``close`` is right (the
    reference's own flag: ``ref_close`` of its values)."""
    within = max(ref.first.values()) - ref.first[judged] <= CLOSE_POINTS + 1e-9
    return within, close == ref_close(ref.first)


def reference(
    view: PlayerView,
    deals: int,
    rng: random.Random,
    points_from: int = 0,
    *,
    sure: Callable[[Values], bool] | None = None,
    most: int = 0,
) -> Values:
    """Every legal card's expected points over ``deals`` deals drawn uniformly: listed
    and checked when there are at most :data:`ENUMERATE` ways to deal (every fitting
    deal, when no more than ``deals`` fit), else dealt by shuffling and rejected when
    they break a void or the auction's filter. Each card is valued by best play for
    points after it (a side whose bid is lost plays to lose tricks), or, before
    ``points_from`` tricks are played, by best play for tricks valued in points.

    With ``sure`` (whether the values tell what the bench asks of them), ``deals`` more
    deals at a time are weighed, new ones (never a deal twice where they are listed),
    until ``sure`` holds or ``most`` deals are weighed."""
    tk = trump_key(view.trump)
    seen = set(view.hand) | set(view.played) | ({view.discard} if view.discard else set())
    unseen = [c for c in DECK if c not in seen]
    voids = view.voids()
    others = [s for s in SEATS if s is not view.seat and s not in view.sitting_out]
    sizes = [view.hand_sizes[s] for s in others]
    fits = fits_auction(view)
    own = sum(1 << c.index for c in view.hand)

    def masks_of(hands: list[list], strict: bool = True) -> list[int] | None:
        masks = [0, 0, 0, 0]
        masks[view.seat.value] = own
        for s, hand in zip(others, hands, strict=True):
            if any(EFF[tk][c.index] in voids[s] for c in hand):
                return None
            masks[s.value] = sum(1 << c.index for c in hand)
        if strict and fits is not None and not fits(masks):
            return None
        return masks

    def every(strict: bool = True) -> list[list[int]]:
        out = []

        def place(i: int, left: list, hands: list[list]) -> None:
            if i == len(others):
                m = masks_of(hands, strict)
                if m is not None:
                    out.append(m)
                return
            for hand in itertools.combinations(left, sizes[i]):
                place(i + 1, [c for c in left if c not in hand], [*hands, list(hand)])

        place(0, unseen, [])
        return out

    total = 1
    left = len(unseen)
    for k in sizes:
        total *= math.comb(left, k)
        left -= k
    listed: list[list[int]] | None = None
    if total <= ENUMERATE:
        # every deal, checked: the deals that fit, in a random order, taken ``deals`` at
        # a time (without replacement: a tight fit can reject nearly every shuffle)
        # (no deal fits the auction's filter where the cards seen rule it out: then the
        # cards alone, as the judge's sampler does)
        listed = every() or every(strict=False)
        rng.shuffle(listed)
    taken = tries = 0

    def draw(k: int) -> list[list[int]]:
        """Up to ``k`` deals not weighed yet."""
        nonlocal taken, tries
        if listed is not None:
            out = listed[taken : taken + k]
        else:
            out = []
            while len(out) < k:
                pool = unseen[:]
                rng.shuffle(pool)
                hands, at = [], 0
                for n in sizes:
                    hands.append(pool[at : at + n])
                    at += n
                tries += 1
                m = masks_of(hands, strict=bool(taken or out) or tries < 200_000)
                if m is not None:
                    out.append(m)
        taken += len(out)
        return out

    assert view.leader is not None
    trick = [c.index for _, c in view.current_trick]
    active = 15
    for s in view.sitting_out:
        active &= ~(1 << s.value)
    jat = view.rules.no_trump_joker.value == "any-time"
    won = sum(1 for t in view.tricks if t.winner.side is view.seat.side)
    net = net_points(view)
    # for the points search: N-S's points for N-S's tricks, and the tricks N-S have taken
    ns = view.seat.value % 2 == 0
    net_ns = net if ns else [-net[6 - t] for t in range(7)]
    won_ns = won if ns else len(view.tricks) - won
    per_deal: dict[int, list[float]] = {}

    def weigh(chosen: list[list[int]]) -> None:
        for m in chosen:
            for idx, v in worth_of(m).items():
                per_deal.setdefault(idx, []).append(v)

    def worth_of(m: list[int]) -> dict[int, float]:
        if len(view.tricks) >= points_from:
            found = play_points_masks(
                m, tk, view.leader.value, trick, won_ns, net_ns, joker_any_time=jat, active=active
            )
            worth = {idx: v if ns else -v for idx, v in found.items()}
        else:
            tricks = play_values_masks(
                m, tk, view.leader.value, trick, joker_any_time=jat, active=active
            )
            worth = {idx: net[won + v] for idx, v in tricks.items()}
        return worth

    def values() -> Values:
        out = Values({idx: sum(vs) / len(vs) for idx, vs in per_deal.items()})
        out.per_deal = per_deal
        out.exact = listed is not None and taken == len(listed)
        return out

    weigh(draw(deals))
    out = values()
    first = dict(out)
    while sure is not None and not out.exact and taken < most and not sure(out):
        weigh(draw(min(deals, most - taken)))
        out = values()
    out.first = first
    return out


def positions(
    count: int, seed: int, tricks: Sequence[int] = (1, 2, 3, 4, 5)
) -> list[tuple[PlayerView, str]]:
    """Decisions with more than one legal card, from hands played by the rule of thumb
    (even deals) and by the fair expert (odd deals), spread over ``tricks`` (1 to 5)."""
    per_trick = -(-count // len(tricks))
    found: dict[int, list[tuple[PlayerView, str]]] = {t - 1: [] for t in tricks}
    deal = 0
    rng = random.Random(seed)
    while sum(min(len(v), per_trick) for v in found.values()) < count:
        expert_hand = deal % 2 == 1
        players = (
            {s: FairExpert(random.Random(deal * 4 + s.value), samples=24) for s in SEATS}
            if expert_hand
            else {s: RuleOfThumbPlayer() for s in SEATS}
        )
        h = HandState.new(dealer=SEATS[deal % 4], seed=seed * 100_000 + deal)
        picks = set(rng.sample(range(24), 3))
        moves = 0
        while not h.is_over:
            seat = h.to_move
            assert seat is not None
            view = PlayerView.of(h, seat)
            if h.phase is Phase.PLAY and len(view.legal_actions) > 1:
                t = len(h.tricks)
                if moves in picks and t in found and len(found[t]) < per_trick:
                    who = "expert" if expert_hand else "rule of thumb"
                    found[t].append(
                        (view, f"deal seed {seed * 100_000 + deal} ({who}), {len(h.log)} actions")
                    )
                moves += 1
            h.apply(players[seat].choose(view))
        deal += 1
    out = [p for t in sorted(found) for p in found[t][:per_trick]]
    return out[:count]


# --- the calls ----------------------------------------------------------------------------


def _net(view: PlayerView, bid: Bid, ours: bool) -> list[float]:
    """The seat's side's points minus the other side's, for its side taking 0 to 6."""
    out = []
    for t in range(7):
        taken = t if ours else 6 - t
        side = bid.seat.side
        r = score_hand(view.rules, bid, {side: taken, side.other: 6 - taken})
        diff = r.points[side] - r.points[side.other]
        out.append(float(diff if ours else -diff))
    return out


def _drop_weakest(cards: list, trump) -> list:
    """The seven cards less the one the maker discards by rule of thumb ("discard low,
    keep trumps and side aces"): the lowest-ranked plain card other than an ace, from
    the shorter suit on a tie (then the first in the deck's order); else a plain ace;
    else the weakest trump. (Written here apart from the judge's ``discard_order``.)"""
    tk = trump_key(trump)
    from hasenpfeffer_core.engine.cards import Rank
    from hasenpfeffer_core.engine.tricks import ORDERS

    plain = [c for c in cards if EFF[tk][c.index] != tk]
    if plain:
        low = [c for c in plain if c.rank is not Rank.ACE] or plain
        rank = min(c.rank for c in low)
        lowest = [c for c in low if c.rank == rank]
        count = {c: sum(EFF[tk][d.index] == EFF[tk][c.index] for d in plain) for c in lowest}
        least = min(count.values())
        drop = min((c for c in lowest if count[c] == least), key=ORDERS[tk].index)
    else:
        drop = max(cards, key=ORDERS[tk].index)
    return [c for c in cards if c is not drop]


def _trumps(view: PlayerView) -> list:
    from hasenpfeffer_core.engine.cards import SUITS

    return [*SUITS, None] if view.rules.no_trump else list(SUITS)


def call_reference(
    view: PlayerView,
    deals: int,
    rng: random.Random,
    *,
    sure: Callable[[Values], bool] | None = None,
    most: int = 0,
) -> Values:
    """Every legal call's expected points over ``deals`` deals of the unseen cards,
    dealt by shuffling and rejecting the deals the auction rules out; with ``sure``,
    ``deals`` more at a time until it holds or ``most`` are weighed (see
    :func:`reference`)."""
    seat = view.seat
    seen = set(view.hand) | set(view.played) | ({view.discard} if view.discard else set())
    unseen = [c for c in DECK if c not in seen]
    others = [s for s in SEATS if s is not seat]
    sizes = [view.hand_sizes[s] for s in others]

    def leader(maker) -> int:
        if view.rules.first_lead is FirstLead.HIGH_BIDDER:
            return maker.value
        return (view.dealer.value + 1) % 4

    def solve(hands: dict, trump, lead: int) -> int:
        masks = [sum(1 << c.index for c in hands[s]) for s in SEATS]
        ns = solve_masks(masks, trump_key(trump), lead, (), active=15)
        return ns if seat.value % 2 == 0 else 6 - ns

    def draw(k: int) -> list[tuple[dict, list]]:
        """``k`` deals: the other hands, and the widow."""
        chosen: list[tuple[dict, list]] = []
        tries = 0
        while len(chosen) < k:
            pool = unseen[:]
            rng.shuffle(pool)
            hands, at = {}, 0
            for s, n in zip(others, sizes, strict=True):
                hands[s] = pool[at : at + n]
                at += n
            widow = pool[at:]
            tries += 1
            if tries < 50 * k and not auction_fits(view.auction, hands):
                continue
            chosen.append((hands, widow))
        return chosen

    out = _call_values(view, draw(deals), leader, solve)
    out.first = dict(out)
    while sure is not None and out.deals < most and not sure(out):
        more = _call_values(view, draw(min(deals, most - out.deals)), leader, solve)
        for a, vs in more.per_deal.items():
            out.per_deal[a] = out.per_deal[a] + vs
            out[a] = sum(out.per_deal[a]) / len(out.per_deal[a])
    return out


def _call_values(view: PlayerView, chosen: list, leader, solve) -> Values:
    """Each legal call's points on each of the deals ``chosen`` (see call_reference)."""
    seat = view.seat
    legal = view.legal_actions
    out = Values()
    out.per_deal = {}
    if view.phase is Phase.AUCTION:
        bids = [a for a in legal if isinstance(a, Bid)]
        high = view.high_bid
        forced = (
            high is None
            and not view.forced_bid
            and sum(isinstance(a, Pass) for a in view.auction) == 3
            and (
                (
                    view.rules.all_pass is AllPass.JOKER_HOLDER
                    and any(c.text == "JK" for c in view.hand)
                )
                or (view.rules.all_pass is AllPass.DEALER and view.dealer is seat)
            )
        )
        contracts = [*bids] + ([Bid(seat, FORCED_BID)] if forced else [])
        tricks = {t: [] for t in _trumps(view)}
        held = []
        for hands, widow in chosen:
            seven = list(view.hand) + widow
            for t in tricks:
                tricks[t].append(solve({**hands, seat: _drop_weakest(seven, t)}, t, leader(seat)))
            if high is not None and not forced:
                theirs = list(hands[high.seat]) + widow
                trump = max(_trumps(view), key=lambda t: estimate_tricks(theirs, t, partner=False))
                taken = solve(
                    {**hands, seat: list(view.hand), high.seat: _drop_weakest(theirs, trump)},
                    trump,
                    leader(high.seat),
                )
                held.append(_net(view, high, high.seat.side is seat.side)[taken])
        value = {}
        for b in contracts:
            net = _net(view, b, True)
            # with the trump that makes the contract worth most
            value[b] = max(([net[x] for x in xs] for xs in tricks.values()), key=sum)
        for a in legal:
            if isinstance(a, Bid):
                out.per_deal[a] = value[a]
            elif forced:
                out.per_deal[a] = value[contracts[-1]]
            elif high is not None:
                out.per_deal[a] = held
            else:
                out.per_deal[a] = [0.0] * len(chosen)
            out[a] = sum(out.per_deal[a]) / len(chosen)
        return out
    high = view.high_bid
    net = _net(view, high, True)
    for a in legal:
        values = []
        for hands, _widow in chosen:
            if isinstance(a, NameTrump):
                own, trump = _drop_weakest(list(view.hand), a.suit), a.suit
            else:
                own, trump = [c for c in view.hand if c is not a.card], view.trump
            values.append(net[solve({**hands, seat: own}, trump, leader(seat))])
        out.per_deal[a] = values
        out[a] = sum(values) / len(chosen)
    return out


def _rival(view: PlayerView, ref: dict):
    """The reference's runner-up call: its best other option, where a higher bid than
    the best (not Big Pepper), or a pass that forces a higher bid, is no rival: it scores
    no more on any deal, with any trump, so it can only tie by luck. None if there is
    none."""
    best = max(ref, key=ref.get)

    def contract(a):
        if isinstance(a, Pass) and view.phase is Phase.AUCTION and pass_forces(view):
            return Bid(view.seat, FORCED_BID)
        return a if isinstance(a, Bid) else None

    top = contract(best)
    rivals = [
        a
        for a in ref
        if a != best
        and not (
            isinstance(top, Bid)
            and isinstance(contract(a), Bid)
            and not top.big
            and not contract(a).big
            and contract(a).tricks > top.tricks
        )
    ]
    return max(rivals, key=ref.get) if rivals else None


def _close(view: PlayerView, ref: dict) -> bool:
    """Whether the reference's best call has a rival (:func:`_rival`) within 0.15 points."""
    rival = _rival(view, ref)
    return rival is not None and max(ref.values()) - ref[rival] < CLOSE_POINTS


def _close_sure(view: PlayerView, ref: Values) -> bool:
    """Whether the reference is sure of its close flag for a call (:func:`sure_of_close`)."""
    return sure_of_close(ref, max(ref, key=ref.get), _rival(view, ref))


def call_positions(count: int, seed: int) -> dict[str, list[tuple[PlayerView, str]]]:
    """Bids, trumps and discards with more than one legal choice, ``count`` of each, from
    hands played by the rule of thumb."""
    found: dict[str, list] = {"bid": [], "trump": [], "discard": []}
    deal = 0
    while min(len(v) for v in found.values()) < count:
        h = HandState.new(dealer=SEATS[deal % 4], seed=seed * 100_000 + 50_000 + deal)
        thumb = RuleOfThumbPlayer()
        picked_bid = False
        while h.phase in (Phase.AUCTION, Phase.TRUMP, Phase.DISCARD):
            seat = h.to_move
            view = PlayerView.of(h, seat)
            kind = {Phase.AUCTION: "bid", Phase.TRUMP: "trump", Phase.DISCARD: "discard"}[h.phase]
            where = f"deal seed {seed * 100_000 + 50_000 + deal}, {len(h.log)} actions"
            wanted = kind != "bid" or (not picked_bid and deal % 3 == len(h.log) % 3)
            if len(view.legal_actions) > 1 and len(found[kind]) < count and wanted:
                found[kind].append((view, where))
                picked_bid = picked_bid or kind == "bid"
            h.apply(thumb.choose(view))
        deal += 1
    return {k: v[:count] for k, v in found.items()}


def bid_positions(count: int, seed: int) -> list[PlayerView]:
    """``count`` turns to bid with more than one legal call, one per hand, each at a
    different point of its auction, from hands bid by the rule of thumb."""
    found = []
    deal = 0
    while len(found) < count:
        h = HandState.new(dealer=SEATS[deal % 4], seed=seed * 100_000 + 80_000 + deal)
        at = deal % 4
        while h.phase is Phase.AUCTION:
            view = PlayerView.of(h, h.to_move)
            if len(h.log) >= at and len(view.legal_actions) > 1:
                found.append(view)
                break
            h.apply(RuleOfThumbPlayer().choose(view))
        deal += 1
    return found


def agreement(count: int, seed: int) -> None:
    """The bid hint (the fair expert's call, which the hint shows) against the bidding
    quiz's study of the same hand, each worked out afresh (the judge's memory of calls
    emptied between the two, so neither reads the other's answer)."""
    if count <= 0:
        return
    same = 0
    for k, view in enumerate(bid_positions(count, seed)):
        judge_memory.clear()
        hinted = FairExpert(random.Random(k)).advise(view).action
        judge_memory.clear()
        same += bid_study(view).action == hinted
    print(f"bid hint and bidding quiz give the same call on {same} of {count} hands")


def word_faults(view: PlayerView, advice, cost) -> tuple[int, int, int]:
    """What the learner would read, against the reference (``cost(a)``: the points
    option ``a`` gives away against the reference's best): whether the advised move
    breaks a principle without the hint saying what outweighs it (0 or 1); how many
    verdicts on the other options name a principle (as the review and practice show
    them); how many of those recommend a move more than 0.15 worse than the best."""
    silent = int(bool(broken_by(view, advice.action)) and not outweighed(view, advice))
    shown = bad = 0
    for a in view.legal_actions:
        if a == advice.action:
            continue
        for r in broken_by(view, a):
            if not agrees(advice.judgement, r, a):
                continue
            shown += 1
            last = r.text.strip().split(". ")[-1].rpartition(": ")[2]
            named = [
                o
                for o in view.legal_actions
                if o != a
                and (
                    (hasattr(o, "card") and o.card.text in last)
                    or (isinstance(o, NameTrump) and o.suit is not None and o.suit.plural in last)
                    or (isinstance(o, Bid) and capitalised(action_words(o)) in last)
                )
            ]
            if any(cost(o) > CLOSE_POINTS + 1e-9 for o in named):
                bad += 1
                worse = ", ".join(f"{o} {cost(o):.2f}" for o in named)
                print(f"    verdict on {a} recommends {worse} worse: {r.text}", flush=True)
    return silent, shown, bad


def _dump(path: str, kind: str, where: str, advice, options: dict, ref: Values) -> None:
    """One line of JSON for ``--dump``: the judge's figures for each option (its points,
    the standard error of its gap to the best, the deals), its close flag, and the
    reference's values and their deals, so that rules for the close flag (or anything
    else read from the figures) can be tried afterwards without the reference's hours."""
    j = advice.judgement
    best = max(ref, key=ref.get)
    row = {
        "kind": kind,
        "where": where,
        "chosen": str(advice.action),
        "close": advice.close,
        "judge_best": str(j.best),
        "judge": {str(a): [j.points[a], j.spread[a], j.weighed.get(a, j.deals)] for a in j.options},
        "dominated": [str(a) for a in j.dominated],
        "ref": {
            str(options[k]): [v, ref.gap_se(best, k) if k != best else 0.0] for k, v in ref.items()
        },
        "ref_deals": ref.deals,
    }
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(row, ensure_ascii=False) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument(
        "--ref-most",
        type=int,
        default=1600,
        help="where --deals leave the reference unsure of a verdict, it weighs more, up to"
        " this many (--deals alone: no more)",
    )
    ap.add_argument(
        "--ref-points-from",
        type=int,
        default=0,
        help="the reference values cards before this trick by best play for tricks (faster)",
    )
    ap.add_argument(
        "--tricks", default="1,2,3,4,5", help="the tricks the plays are drawn from (1 to 5)"
    )
    ap.add_argument(
        "--points-from",
        type=int,
        default=None,
        help="try the judge valuing cards by best play for points once this many tricks are"
        " played, instead of its own setting (POINTS_FROM)",
    )
    ap.add_argument(
        "--solves",
        default=None,
        help="try the judge with these solve budgets for a play, trick by trick (six numbers,"
        " comma-separated), instead of its own (SOLVES)",
    )
    ap.add_argument(
        "--call-work",
        type=int,
        default=None,
        help="try the judge with this budget of the solver's work for a trump or a discard,"
        " instead of its own (CALL_WORK)",
    )
    ap.add_argument(
        "--dump", default=None, help="append each position's figures to this file, as JSON lines"
    )
    ap.add_argument("--calls", type=int, default=40, help="bids, trumps and discards, each")
    ap.add_argument("--call-deals", type=int, default=400)
    ap.add_argument("--agree", type=int, default=200, help="hands for hint against quiz")
    ap.add_argument("--kinds", default="bid,trump,discard", help="the calls to judge")
    ap.add_argument(
        "--self-check",
        action="store_true",
        help="also set the reference against a second reference on other deals",
    )
    args = ap.parse_args()
    print(
        f"load before: {os.getloadavg()[0]:.2f}; finding {args.positions} positions ...", flush=True
    )
    # the judge as the faces use it here: the compiled solver's budgets, or the plain
    # Python's (the live copy's; HP_PLAIN_SOLVER=1)
    print(
        f"the solver: {'compiled' if compiled() else 'plain Python'}, the judge's budgets"
        f" {judge.SPEED} times the plain Python's"
    )
    if args.call_work is not None:
        judge.CALL_WORK = args.call_work  # type: ignore[misc]
        print(f"the judge's budget for a trump or a discard: {judge.CALL_WORK} units of work")
    if args.positions <= 0:
        calls(args)
        return
    if args.points_from is not None:
        judge.POINTS_FROM = args.points_from  # type: ignore[misc]
    if args.solves is not None:
        judge.SOLVES = tuple(int(n) for n in args.solves.split(","))  # type: ignore[misc]
        print(f"the judge's solve budgets for a play, trick by trick: {judge.SOLVES}")
    found = positions(args.positions, args.seed, [int(t) for t in args.tricks.split(",")])
    rows: list[Row] = []
    words = [0, 0, 0]
    for i, (view, where) in enumerate(found):
        expert = FairExpert(
            random.Random(i), samples=EXPERT_SAMPLES, bid_samples=EXPERT_BID_SAMPLES
        )
        t = time.perf_counter()
        advice = expert.advise(view)
        ms = (time.perf_counter() - t) * 1000
        assert isinstance(advice.action, Play)
        ref = reference(
            view,
            args.deals,
            random.Random(10_000 + i),
            args.ref_points_from,
            sure=lambda r, a=advice.action.card.index: settled(r, a, _runner_up(r)),
            most=args.ref_most,
        )
        ranked = sorted(ref.values(), reverse=True)
        best = ranked[0]
        loss = best - ref[advice.action.card.index]
        ref_close = _play_close(ref)
        order = sorted(ref, key=ref.get, reverse=True)
        ref_sure = sure_of_close(ref, order[0], _runner_up(ref))
        judged = advice.action.card.index
        loss_se = ref.gap_se(order[0], judged) if judged != order[0] else 0.0
        loss_sure = sure_of_loss(ref, judged)
        faults = word_faults(view, advice, lambda o, r=ref, b=best: b - r[o.card.index])
        if args.dump:
            _dump(
                args.dump, "play", where, advice, {a.card.index: a for a in view.legal_actions}, ref
            )
        words[0] += faults[0]
        words[1] += faults[1]
        words[2] += faults[2]
        rows.append(
            Row(
                len(view.tricks) + 1,
                advice.action.card.text,
                loss,
                loss_se,
                loss_sure,
                advice.close == ref_close,
                ref_sure,
                ms,
                f"{where}, {advice.samples} deals",
                *_first(ref, judged, advice.close, _play_close),
                ref.deals,
            )
        )
        if (i + 1) % 20 == 0:
            print(f"  {i + 1} positions judged", flush=True)
    print(f"load after: {os.getloadavg()[0]:.2f}")
    print()
    print(
        f"trick  positions  within 0.15  {SURE_HEAD}  close flag right  {SURE_HEAD}"
        "  time median / p95 (ms)"
    )
    for trick in sorted({r.trick for r in rows} | {0}):
        part = rows if trick == 0 else [r for r in rows if r.trick == trick]
        within = sum(r.loss <= CLOSE_POINTS + 1e-9 for r in part)
        within_sure = _sure_share([(r.loss <= CLOSE_POINTS + 1e-9, r.loss_sure) for r in part])
        closed = sum(r.close_right for r in part)
        times = sorted(r.ms for r in part)
        p95 = times[max(0, round(len(times) * 0.95) - 1)]
        label = "all" if trick == 0 else str(trick)
        print(
            f"{label:>5}  {len(part):9}  {within / len(part):10.1%}"
            f"  {within_sure:>{len(SURE_HEAD)}}  {closed / len(part):16.1%}"
            f"  {_sure_share([(r.close_right, r.close_sure) for r in part]):>{len(SURE_HEAD)}}"
            f"  {statistics.median(times):8.0f} / {p95:.0f}"
        )
    print()
    longer = [r.ref_deals for r in rows if r.ref_deals > args.deals]
    print(
        f"the reference weighed more than {args.deals} deals in {len(longer)} of {len(rows)}"
        f" positions (up to {max(longer, default=args.deals)}), where {args.deals} left it unsure"
        " whether the judge's card is within 0.15 points of its best, or of its close flag;"
        f" against its first {args.deals} deals alone: within 0.15"
        f" {sum(r.first_within for r in rows) / len(rows):.1%}, close flag right"
        f" {sum(r.first_close_right for r in rows) / len(rows):.1%}"
    )
    print()
    print("worst cases (points given away against the reference's best):")
    for r in sorted(rows, key=lambda r: -r.loss)[:5]:
        print(f"  {r.loss:5.2f} ± {r.loss_se:4.2f}  trick {r.trick}, played {r.judged}: {r.where}")
    print(
        f"hints whose move breaks a principle unexplained: {words[0]}; verdicts naming a "
        f"principle: {words[1]}, of which recommend a move > 0.15 worse: {words[2]}"
    )
    if args.calls:
        calls(args)


#: The column of the close flag's accuracy where the reference is sure of it.
SURE_HEAD = "where the reference is sure"


def _sure_share(flags: list[tuple[bool, bool]]) -> str:
    """The share of right close flags among the positions where the reference is sure
    of its own (``(right, sure)`` pairs), and how many those are."""
    sure = [right for right, is_sure in flags if is_sure]
    return f"{sum(sure) / len(sure):.1%} of {len(sure)}" if sure else "none"


def calls(args: argparse.Namespace) -> None:
    print()
    print(
        f"load before: {os.getloadavg()[0]:.2f}; finding {args.calls} of each call ...", flush=True
    )
    found = call_positions(args.calls, args.seed)
    print(
        f"kind      positions  within 0.15  close flag right  {SURE_HEAD}  time median / p95 (ms)"
    )
    worst = []
    words = [0, 0, 0]
    selfs: list[tuple[float, bool]] = []
    for kind, views in found.items():
        if kind not in args.kinds.split(","):
            continue
        rows = []
        for i, (view, where) in enumerate(views):
            expert = FairExpert(
                random.Random(i), samples=EXPERT_SAMPLES, bid_samples=EXPERT_BID_SAMPLES
            )
            t = time.perf_counter()
            advice = expert.advise(view)
            ms = (time.perf_counter() - t) * 1000
            ref = call_reference(
                view,
                args.call_deals,
                random.Random(20_000 + i),
                # (a bid's worth is its best trump's over all the deals: not extended)
                sure=None
                if kind == "bid"
                else lambda r, v=view, a=advice.action: settled(r, a, _rival(v, r)),
                most=args.ref_most,
            )
            ranked = sorted(ref.values(), reverse=True)
            loss = ranked[0] - ref[advice.action]
            ref_close = _close(view, ref)
            faults = word_faults(view, advice, lambda o, r=ref, b=ranked[0]: b - r[o])
            if args.dump:
                _dump(args.dump, kind, where, advice, {a: a for a in view.legal_actions}, ref)
            words = [w + f for w, f in zip(words, faults, strict=True)]
            rows.append(
                (
                    loss,
                    advice.close == ref_close,
                    ms,
                    _close_sure(view, ref),
                    *_first(ref, advice.action, advice.close, lambda d, v=view: _close(v, d)),
                    ref.deals,
                )
            )
            if loss > CLOSE_POINTS + 1e-9 and advice.judgement is not None:
                j = advice.judgement
                print(
                    f"  {kind} {where}: chose {advice.action} ({loss:.2f} worse); judge "
                    + ", ".join(f"{a} {j.points[a]:+.2f} ({j.weighed[a]} deals)" for a in j.options)
                    + "; reference "
                    + ", ".join(f"{a} {v:+.2f}" for a, v in ref.items()),
                    flush=True,
                )
            worst.append((loss, kind, str(advice.action), where))
            if args.self_check:
                # the reference against itself: another reference on other deals
                again = call_reference(view, args.call_deals, random.Random(30_000 + i))
                best_again = max(again, key=again.get)
                selfs.append((ranked[0] - ref[best_again], _close(view, again) == ref_close))
        within = sum(r[0] <= CLOSE_POINTS + 1e-9 for r in rows)
        closed = sum(r[1] for r in rows)
        times = sorted(r[2] for r in rows)
        p95 = times[max(0, round(len(times) * 0.95) - 1)]
        print(
            f"{kind:8}  {len(rows):9}  {within / len(rows):10.1%}  {closed / len(rows):16.1%}"
            f"  {_sure_share([(r[1], r[3]) for r in rows]):>{len(SURE_HEAD)}}"
            f"  {statistics.median(times):8.0f} / {p95:.0f}",
            flush=True,
        )
        longer = [r[6] for r in rows if r[6] > args.call_deals]
        if longer:
            print(
                f"  (the reference weighed more than {args.call_deals} deals in {len(longer)}"
                f" of {len(rows)} positions, up to {max(longer)}; against its first {args.call_deals} alone:"
                f" within 0.15 {sum(r[4] for r in rows) / len(rows):.1%}, close flag right"
                f" {sum(r[5] for r in rows) / len(rows):.1%})",
                flush=True,
            )
        if selfs:
            print(
                f"  (a second reference on other deals: its best within 0.15 of the first's "
                f"in {sum(x <= CLOSE_POINTS + 1e-9 for x, _ in selfs) / len(selfs):.1%}, "
                f"the same close flag in {sum(c for _, c in selfs) / len(selfs):.1%})",
                flush=True,
            )
            selfs.clear()
    print(f"load after: {os.getloadavg()[0]:.2f}")
    print(
        f"hints whose call breaks a principle unexplained: {words[0]}; verdicts naming a "
        f"principle: {words[1]}, of which recommend a call > 0.15 worse: {words[2]}"
    )
    agreement(args.agree, args.seed)
    print("worst calls (points given away against the reference's best):")
    for loss, kind, action, where in sorted(worst, key=lambda w: -w[0])[:6]:
        print(f"  {loss:5.2f}  {kind}, {action}: {where}")


if __name__ == "__main__":
    main()
