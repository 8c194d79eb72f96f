"""The judge: one honest evaluation of a decision, in points, and how sure it is.

Everything the computer says about a card to play (the computer's own card, the hint,
its figures, "a close decision", the verdict on a wrong card) comes from one
:class:`Judgement`. It is worked out from the seat's own view:

* the unseen cards are dealt uniformly over every deal that fits what the seat has seen
  (:class:`~hasenpfeffer_core.analysis.deals.DealSampler`);
* every legal card is solved double-dummy on *the same* deals, so two cards are compared
  deal by deal and the luck of the draw cancels out;
* each deal's result is valued in points under the hand's own rules, through the
  engine's scoring (:func:`~hasenpfeffer_core.analysis.bidding.points_table`): the
  side's points minus the other side's, for the whole hand, counting the tricks already
  won. A game is scored in points, so a trick that turns a made bid into a lost one
  counts for far more than a trick that changes nothing;
* the deals keep coming until the best card leads every other by a clear margin (more
  than :data:`CLOSE_POINTS` and more than :data:`SURE` standard errors of the
  difference) or is clearly within that margin of it, or a cap is reached: easy
  decisions are quick, hard ones get the deals they need.

>>> import random
>>> from hasenpfeffer_core import HandState, Seat
>>> from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer
>>> from hasenpfeffer_core.analysis.view import PlayerView
>>> h = HandState.new(dealer=Seat.N, seed=5)
>>> while h.phase.name != "PLAY":
...     h.apply(RuleOfThumbPlayer().choose(PlayerView.of(h, h.to_move)))
>>> j = judge_play(PlayerView.of(h, h.to_move), random.Random(1))
>>> j.best in h.legal_actions(), j.cost(j.best), j.deals >= MIN_DEALS
(True, 0.0, True)
"""

from __future__ import annotations

import hashlib
import math
import random
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Final, Self

from ..engine.actions import Action, Bid, Discard, NameTrump, Pass, Play
from ..engine.auction import FORCED_BID
from ..engine.cards import DECK, Suit, card_mask, mask_cards
from ..engine.rules import FirstLead
from ..engine.seats import Seat
from ..engine.tricks import ORDERS, throw_key, trump_key
from .contracts import discard_order, net_table, pass_forces, points_table, trump_options, weakest
from .deals import DealSampler
from .estimate import estimate_tricks
from .fast import compiled
from .points_solver import play_points_masks
from .solver import Work, card_runs, play_values_masks, solve_masks
from .view import PlayerView

__all__ = [
    "CALL_MIN_DEALS",
    "CALL_SOLVES",
    "CALL_WORK",
    "CLOSE_MOST",
    "CLOSE_POINTS",
    "LUCK",
    "MAX_DEALS",
    "MIN_DEALS",
    "PRINCIPLE_DOUBT",
    "SOLVES",
    "SPEED",
    "SURE",
    "CallJudgement",
    "Judgement",
    "contract_table",
    "judge_bid",
    "judge_decision",
    "judge_discard",
    "judge_play",
    "judge_trump",
    "net_points",
    "position_rng",
    "trumps_as_good",
]

#: Two options whose expected points differ by less than this are a close decision.
CLOSE_POINTS: Final = 0.15
#: A usual principle may choose an option over the judged best only where the option is
#: behind it by less than CLOSE_POINTS even allowing this many standard errors of the
#: difference (:meth:`Judgement.may_stand_for_best`).
PRINCIPLE_DOUBT: Final = 2.0
#: How many standard errors of the difference make a lead clear.
SURE: Final = 3.0
#: The option worth most on the deals weighed is the one those deals happened to suit
#: best, so the gap behind it measures a little wide: an option behind the best by less than
#: :data:`CLOSE_POINTS` plus this many standard errors of the gap counts as within a
#: close decision's margin (:meth:`Judgement.within_margin`), up to :data:`CLOSE_MOST`
#: (so a learner never reads a gap of more than 0.2 points called close). On
#: ``bench/judge.py``'s plays, the judge had called "not close" decisions that its slow
#: reference found close 20 times, and the other way round 6 times (400 plays, two
#: seeds: 93.5 % right); with an allowance of half a standard error up to 0.25 points,
#: 95.0 % right, and the trumps and discards no worse. With the compiled solver's
#: budgets (more deals, smaller errors) a quarter of a standard error up to 0.2 points
#: did best: on 840 positions of three seeds, the close flag right for 570 of 600 plays,
#: 107 of 120 trumps and 114 of 120 discards, against 563, 104 and 114 with half a
#: standard error up to 0.25, and 565, 109 and 113 with no allowance.
LUCK: Final = 0.25
CLOSE_MOST: Final = 0.2
#: The budgets below are the plain Python's, as the live copy of the lessons runs it (in
#: Pyodide), and the figures beside them its. Where the solver runs compiled (CPython
#: after ``make``: :mod:`~hasenpfeffer_core.analysis.fast`), the same work takes about
#: half the time, and the judge spends this many times each budget: more deals in the
#: same time. (``bench/expert_speed.py``, 32 hands, p95 of the hint and the computer's
#: decision, in ms: plain Python at load 0.8, a play 260 and 274, a bid 397 and 385, a
#: trump 745 and 711, a discard 704 and 689; compiled on the same budgets at load 0.5,
#: 133 and 142, 217 and 211, 460 and 408, 422 and 401; compiled at 2.25 times the
#: budgets, with the auction's filter counting hands by their cards' bits, at load 1.0,
#: 271 and 272, 406 and 391, 716 and 757, 685 and 673.) A position gets the same advice
#: wherever the same solver runs: in every notebook and terminal with the compiled one,
#: in every browser with the plain one.
SPEED: Final = 2.25 if compiled() else 1
#: The fewest deals a judgement weighs, and the most.
MIN_DEALS: Final = 16
MAX_DEALS: Final = 400
#: The most cards solved in one judgement (a card on one deal is one solve), by the
#: tricks already played: a card early in the hand costs far more to solve. Cards beaten
#: beyond doubt stop being solved, so the contenders get more deals. These keep a play
#: decision within 300 ms at the 95th percentile on two cores (``bench/expert_speed.py
#: --hands 32``, at load 1.0). (At 320 and 640 solves for the first two tricks, three runs
#: gave the hint's p95 248 to 267 ms and the computer's 259 to 278 ms on one day; on a
#: machine some 12 % slower, the computer's 305 to 315 ms: the slowest plays of the first
#: trick, whose deals cost the most points searches, ran a batch of deals past the budget.
#: With the budget checked after every deal, and cut by a tenth, 260 and 274 ms there.)
#: On the first trick that budget, not the model, is what parts the judge from
#: ``bench/judge.py``'s reference: 320 solves weigh 32 to 64 deals there, too few to
#: tell cards 0.2 to 0.6 points apart (the judge's own doubt is as wide), while its deals
#: and each deal's points are the reference's (the same cards drawn as often, the same
#: points on the same deal). On 40 first-trick positions, three seeds each, 94.2 % of
#: its cards were within 0.15 points of the reference's best with 320 solves, 95.0 %
#: with 640 and 97.5 % with 1280, at a p95 of about 360, 660 and 1,300 ms of CPU time.
SOLVES: Final = tuple(round(SPEED * n) for n in (290, 580, 2000, 2000, 2000, 2000))
#: From this many tricks played on, a card is valued by best play for points after it
#: (:mod:`~hasenpfeffer_core.analysis.points_solver`): a side whose bid is lost plays to
#: lose tricks. (Before it, it would be by best play for tricks, valued in points.) From
#: the first trick: on 60 first-trick positions of ``bench/judge.py`` against its
#: reference, valuing by tricks left 86.7 % of the cards within 0.15 points of the best
#: and the close flag right in 81.2 % of the positions where the reference is sure of
#: it; valuing by points, 91.7 % and 93.5 % (with :data:`POINT_SOLVES` 1).
POINTS_FROM: Final = 0
#: A card whose points are searched (its side's bid is in doubt on that deal) counts as
#: this many solves more against :data:`SOLVES`. The search costs about four times a
#: search for tricks on the first trick; charging all of it left too few deals (on 20
#: first-trick positions, 85 % within 0.15 points against 95 % uncharged), charging none
#: let the slowest decisions take three times the play budget.
POINT_SOLVES: Final = 1
#: The most whole hands solved for a bid (each option on each deal is one solve of six
#: tricks): within 800 ms at the 95th percentile on two cores. At 48 the figure a learner
#: reads beside the call (what it is worth) was 0.82 points from a 400-deal judgement on
#: average; at 240 with :data:`CALL_MIN_DEALS` 32, 0.63 points (p95 447 ms; 40 rule-of-
#: thumb auctions).
CALL_SOLVES: Final = round(SPEED * 240)
#: ... and for a trump or a discard, a budget of work, not of solves: the positions the
#: solver searches at trick boundaries (:class:`~hasenpfeffer_core.analysis.solver.Work`)
#: and the deals drawn (:data:`DRAW_WORK`), counted alike on every machine and whatever
#: was judged before, so that a position gets the same call in the browser as in a
#: notebook. A hand takes 0.6 to 2.0 ms to solve, by how the cards lie: a budget of
#: solves gave the quick positions no more deals than the slow ones. Judging
#: ``bench/judge.py``'s 40 trumps and 40 discards with five generators each against a
#: 1,600-deal reference (share within 0.15 points of the best, CPU p95): trumps with
#: 320 solves (the budget before) 93.5 %, 573 ms; 640 solves 99.0 %, 1,118 ms; 130,000
#: units 96.0 %, 674 ms. Discards with 480 solves 99.5 %, 668 ms; 130,000 units 99.5 %,
#: 588 ms. The trumps missed lie 0.2 to 0.4 points apart, in hands that solve slowly
#: (a trump's options differ by 0.4 to 0.5 points in standard error at these budgets).
CALL_WORK: Final = round(SPEED * 130_000)
#: What a deal drawn costs, in the same units: the auction's filter turns most draws
#: down where the calls say much (2 to 6 draws for each deal taken), each about 80 µs
#: (a rule-of-thumb count of the hands that called), about 16 units of the solver's work.
#: (Counting the hands by their cards' bits, a draw takes about 50 µs: some 10 units of
#: the plain solver's work and 25 of the compiled one's. 16 stays, as the budgets were
#: measured with it.)
DRAW_WORK: Final = 16
#: (The live copy runs the plain Python on these budgets, the figures above: about twice
#: as slow in the browser's WebAssembly as in CPython, well within three times the
#: targets there. bench/expert_speed.py at load 0.7, p95 in Pyodide under Node.js, the
#: hint and the computer's decision: a play 547 and 567 ms, a bid 787 and 740, a trump
#: 1,406 and 1,376, a discard 1,367 and 1,328.)
#: In the auction, a trump the rule of thumb counts this many tricks or more below the
#: hand's best is not played out (``bench/judge.py`` checks that it is never the trump
#: to bid on); naming the trump, every trump is.
SCREEN_TRICKS: Final = 2.0
#: ... and at most this many trumps, the rule of thumb's likeliest, are played out.
SCREEN_KEEP: Final = 2
#: Deals are drawn in batches of this many between two looks at the margin.
BATCH: Final = 8
#: The fewest deals a call weighs, clear or not: its figures are read by a learner, and
#: on one batch of 8 deals a bid's worth was often 2 points out (see :data:`CALL_SOLVES`).
CALL_MIN_DEALS: Final = 32


@dataclass(frozen=True)
class Judgement:
    """The judge's evaluation of one decision.

    ``points[a]``: what option ``a`` is worth on average to the side deciding, in points
    for the whole hand (its points minus the other side's). ``tricks[a]``: the tricks the
    side takes from here on average (an aside for the learner; the points decide).
    ``spread[a]``: the standard error of ``points[best] - points[a]`` over the same
    deals. ``deals``: how many deals were weighed. ``best``: the option worth most (ties
    go to the cheaper card, so that nothing is given away for nothing). ``weighed[a]``:
    the deals option ``a`` was weighed on (fewer than ``deals`` for an option beaten
    beyond doubt early: its figure is the best's less the gap on those deals).
    """

    options: tuple[Action, ...]
    points: Mapping[Action, float]
    tricks: Mapping[Action, float]
    spread: Mapping[Action, float]
    deals: int
    best: Action
    weighed: Mapping[Action, int] = field(default_factory=dict)
    #: Options that can never be worth more than the best, whatever the deal (a higher
    #: bid than the best one, played with the same trump): their gap needs no doubt.
    dominated: frozenset[Action] = frozenset()
    #: For a trump, a discard or a card: the share of the deals weighed on which the
    #: contract is made after each option, both sides playing for tricks (empty for a
    #: bid, and in a judgement stored without it).
    made: Mapping[Action, float] = field(default_factory=dict)

    def cost(self, action: Action) -> float:
        """How many points ``action`` gives away against the best, on average (0 for the
        best and for any option worth as much)."""
        return max(0.0, self.points[self.best] - self.points[action])

    def may_stand_for_best(self, action: Action) -> bool:
        """Whether ``action`` may be chosen over the best where a usual principle prefers
        it: behind the best by less than a close decision's margin even allowing
        :data:`PRINCIPLE_DOUBT` standard errors of the difference.

        A principle is a prior, not a measurement: where the deals weighed leave the
        gap in doubt, the judged best stands and the hint says what the principle is
        worth against it. (Preferring the principle wherever the gap *measured* was
        under the margin cost the trump 3.5 points of accuracy: on ``bench/judge.py``'s
        40 trumps, judged five times each against a 1,600-deal reference, it turned 3
        misses into hits and 10 hits into misses, 92.5 % within 0.15 against 96.0 %;
        a trump's options are weighed within 0.3 to 0.5 points, so a 0.1-point gap
        measured tells nothing about which is better. Discards were the same either
        way, 99.5 %, and the 200 plays 97.0 % against 97.5 %.) Two standard errors, not
        :data:`SURE`, so that cards a learner sees worth the same, -0.9 and -0.9 over 24
        deals where one deal in 24 parts them by a point, still go by "Win cheaply"."""
        if action == self.best:
            return True
        if action not in self.points or action in self.dominated:
            return False
        return self.cost(action) + PRINCIPLE_DOUBT * self.spread[action] < CLOSE_POINTS

    def shows_as_best(self, action: Action) -> bool:
        """Whether a learner reads ``action``'s figure as the best's: it is one of
        :attr:`ties` (the same to one decimal, so well within a close decision's margin,
        and not dominated)."""
        return action in self.ties

    def preferring(self, action: Action) -> Self:
        """This judgement with ``action`` as its best: for an option that may stand for
        the best (:meth:`may_stand_for_best`: clearly within a close decision's margin of
        it, or for a trump or a discard :meth:`shows_as_best`) that the usual principle
        prefers. Its doubt becomes the old best's."""
        if action == self.best:
            return self
        if not (self.may_stand_for_best(action) or self.shows_as_best(action)):
            raise ValueError(f"{action} cannot stand for the best, {self.best}")
        spread = dict(self.spread)
        spread[self.best], spread[action] = spread[action], 0.0
        return replace(self, best=action, spread=spread)

    def shown_gap(self, better: Action, worse: Action) -> float:
        """How many points ``better`` is worth more than ``worse`` as a learner reads it:
        the difference of the two figures shown to one decimal (+5.5 and +0.8 differ by
        4.7, though the figures behind them may differ by 4.75)."""
        return round(float(f"{self.points[better]:.1f}") - float(f"{self.points[worse]:.1f}"), 1)

    @property
    def runner_up(self) -> Action | None:
        """The option worth most after the best, or None when there is one option. An
        option that can never be worth more than the best (``dominated``: a higher bid
        on the same trump, which scores no more when made and risks more) is the runner
        up only when every other option is one."""
        others = [a for a in self.options if a != self.best]
        real = [a for a in others if a not in self.dominated] or others
        return max(real, key=lambda a: self.points[a]) if real else None

    @property
    def close(self) -> bool:
        """Whether another option is worth almost as much as the best (within a close
        decision's margin of it: :meth:`within_margin`): a close decision."""
        other = self.runner_up
        return other is not None and self.is_good(other)

    @property
    def tied(self) -> bool:
        """Whether the runner-up is worth as much as the best, as a learner reads the
        figures: no difference to one decimal, or the runner-up's figure is the higher
        (the best was preferred by a usual principle over an option as good: see
        :meth:`preferring`)."""
        other = self.runner_up
        return other is not None and self.shown_gap(self.best, other) <= 0

    @property
    def ties(self) -> tuple[Action, ...]:
        """The options other than the best worth as much as it, as a learner reads the
        figures (see :attr:`tied`), in the order of the options."""
        return tuple(
            a
            for a in self.options
            if a != self.best and a not in self.dominated and self.shown_gap(self.best, a) <= 0
        )

    @property
    def indifferent(self) -> bool:
        """Whether every option scored exactly the same on every deal weighed (nothing to
        choose: not a close decision but none at all)."""
        return all(self.cost(a) == 0 and self.spread[a] == 0 for a in self.options)

    def clearly_worse(self, action: Action) -> bool:
        """Whether ``action`` is worse than the best by more than a close decision's
        margin (:meth:`within_margin`), and by more than the judge's doubt (:data:`SURE`
        standard errors)."""
        cost = self.cost(action)
        if action in self.dominated:
            return cost >= CLOSE_POINTS
        return not self.within_margin(action) and cost > SURE * self.spread[action]

    def within_margin(self, action: Action) -> bool:
        """Whether ``action`` lies within a close decision's margin of the best, as far
        as the deals weighed can tell: behind it by less than :data:`CLOSE_POINTS`, or
        by more only as much as :data:`LUCK` standard errors of the gap, and never by
        :data:`CLOSE_MOST` or more."""
        margin = min(CLOSE_POINTS + LUCK * self.spread[action], CLOSE_MOST)
        return self.cost(action) < margin

    def is_good(self, action: Action) -> bool:
        """Whether ``action`` is as good as the best: within a close decision's margin
        of it (:meth:`within_margin`), and not dominated (a higher bid than the best on
        the same trump scores no more when made and risks more, however the deals
        weighed fell)."""
        if action == self.best:
            return True
        return self.within_margin(action) and action not in self.dominated

    def as_good(self) -> tuple[Action, ...]:
        """The options as good as the best (:meth:`is_good`), the best first."""
        return tuple(
            a for a in sorted(self.options, key=lambda a: -self.points[a]) if self.is_good(a)
        )


def contract_table(view: PlayerView) -> tuple[tuple[int, int], ...]:
    """:func:`points_table` for the contract ``view`` sees played: its high bid, who
    went alone, under the hand's own rules."""
    high = view.high_bid
    assert high is not None
    return points_table(
        view.rules, high, maker_alone=view.maker_alone, defender_alone=view.defender_alone
    )


def net_points(view: PlayerView) -> list[float]:
    """For the side of ``view.seat`` taking 0 to 6 tricks in the whole hand: its points
    minus the other side's, under the contract and the hand's own rules."""
    high = view.high_bid
    assert high is not None
    return net_table(
        view.rules,
        high,
        view.seat.side is high.seat.side,
        maker_alone=view.maker_alone,
        defender_alone=view.defender_alone,
    )


def _stats(points: Sequence[Sequence[float]], best: int) -> tuple[list[float], list[float]]:
    """Per option (``points[i]``: its points deal by deal, the deals it was weighed on):
    the mean, and the standard error of (best - option) over the deals both were
    weighed on (the same deals: paired)."""
    means, spreads = [], []
    top = points[best]
    top_mean = sum(top) / len(top)
    for xs in points:
        n = min(len(xs), len(top))
        diffs = [top[k] - xs[k] for k in range(n)]
        # an option weighed on fewer deals than the best (it was beaten early) is worth
        # the best's mean less the gap measured on the deals both were weighed on
        means.append(sum(xs) / n if len(xs) == len(top) else top_mean - sum(diffs) / n)
        spreads.append(_se(diffs))
    return means, spreads


def _doubt(spread: float, deals: int, twins: bool) -> float:
    """How far the true difference may lie from the one measured: :data:`SURE` standard
    errors, and never less than :data:`SURE` times ``2 / deals`` for two cards that are
    not twins (a run of deals where they score the same is not proof that they always
    do)."""
    return SURE * (spread if twins else max(spread, 2 / deals))


def _clear(
    means: Sequence[float],
    spreads: Sequence[float],
    best: int,
    near: Sequence[float] | None = None,
) -> bool:
    """Whether more deals would change nothing a learner reads: every other option is
    either clearly worse than the best (behind by :data:`CLOSE_POINTS` or more, and by
    more than its doubt, ``spreads[i]``, see :func:`_doubt`) or clearly close to it
    (behind by less than :data:`CLOSE_POINTS` even allowing its doubt, or ``near[i]``
    where given). (Going on until the runner-up is beyond the margin even allowing two
    standard errors, so that "not close" never rests on one measurement near the line,
    set one more close flag right in 400 plays of ``bench/judge.py``: too little to
    keep. :data:`LUCK` does that work.)"""
    for i, m in enumerate(means):
        if i == best:
            continue
        gap = means[best] - m
        doubt = spreads[i]
        close_doubt = doubt if near is None else near[i]
        if not (gap >= CLOSE_POINTS and gap > doubt) and not gap + close_doubt < CLOSE_POINTS:
            return False
    return True


def _weigh(
    k: int,
    sampler: DealSampler,
    rng: random.Random,
    values: Callable[[Sequence[int], set[int]], Mapping[int, int]],
    net: Sequence[float],
    *,
    won: int = 0,
    cost: int = 1,
    min_deals: int,
    max_deals: int,
    budget: int | None,
    twins: Sequence[Sequence[bool]] | None = None,
    prune_from: int = MIN_DEALS,
    scored: Callable[[Sequence[int], Mapping[int, int]], tuple[Mapping[int, float], int]]
    | None = None,
    work: Work | None = None,
) -> tuple[list[list[float]], list[list[int]], int, int]:
    """The judge's loop, for ``k`` options (ties go to the first): deals drawn by
    ``sampler`` in batches, each option still in contention solved on each deal
    (``values(masks, alive)``: the tricks each option's side takes from here, ``cost``
    solves per option), valued ``net[won + tricks]``; until every option is clearly
    worse than the best or clearly close to it (see :func:`_clear`), ``max_deals`` are
    weighed, or ``budget`` is spent: solves, or with ``work`` (what the searches of
    ``values`` cost: :class:`~hasenpfeffer_core.analysis.solver.Work`), units of that
    work. An option beaten beyond doubt (looked at from ``prune_from`` deals on) is no
    longer solved; ``twins[i][j]``: options ``i`` and ``j`` always score the same (their
    gap needs no doubt). With ``scored(masks, tricks)``, each option's points come from
    it (best play for points: see
    :mod:`~hasenpfeffer_core.analysis.points_solver`) instead of ``net``. Returns each
    option's points and tricks deal by deal, the deals, the best."""
    points: list[list[float]] = [[] for _ in range(k)]
    tricks: list[list[int]] = [[] for _ in range(k)]
    alive = set(range(k))
    twins = twins or [[i == j for j in range(k)] for i in range(k)]
    best, deals, solves = 0, 0, 0

    def spent() -> bool:
        return budget is not None and (solves if work is None else work.count) >= budget

    while deals < max_deals and not spent():
        for _ in range(min(BATCH, max_deals - deals)):
            drawn = sampler.drawn
            masks = sampler.draw(rng)
            if masks is None:
                raise ValueError("no deal of the unseen cards fits this position")
            if work is not None:  # each deal drawn, taken or turned down by the calls
                work.count += DRAW_WORK * (sampler.drawn - drawn)
            got = values(masks, alive)
            worth = None
            if scored is not None:
                worth, searched = scored(masks, got)
                solves += searched * POINT_SOLVES
            for i in alive:
                tricks[i].append(got[i])
                points[i].append(net[won + got[i]] if worth is None else worth[i])
            deals += 1
            solves += cost * len(alive)
            if spent() and deals >= min_deals:
                # (the budget ends a batch early: checked only between batches, a play on
                # the first trick whose deals cost the most ran up to a batch past it)
                break
        if deals < min(min_deals, prune_from):
            continue
        means, _spreads = _stats(points, best)
        best = max(alive, key=lambda i: (means[i], -i))
        means, spreads = _stats(points, best)
        doubts = [_doubt(spreads[i], len(points[i]), twins[best][i]) for i in range(k)]
        if deals >= min_deals and _clear(means, doubts, best):
            break
        for i in list(alive):
            gap = means[best] - means[i]
            if i != best and gap >= CLOSE_POINTS and gap > doubts[i] * (SURE + 1) / SURE:
                alive.discard(i)
    return points, tricks, deals, best


def made_table(view: PlayerView) -> tuple[bool, ...]:
    """For the side of ``view.seat`` taking 0 to 6 tricks in the whole hand: whether the
    contract is made (the makers score points), under the hand's own rules."""
    high = view.high_bid
    assert high is not None
    table = contract_table(view)
    ours = view.seat.side is high.seat.side
    return tuple(table[t if ours else 6 - t][0] > 0 for t in range(7))


def _judgement(
    options: Sequence[Action],
    points: list[list[float]],
    tricks: list[list[int]],
    deals: int,
    best: int,
    *,
    made: Sequence[bool] = (),
    won: int = 0,
) -> Judgement:
    """The judgement from :func:`_weigh`'s figures; with ``made`` (see :func:`made_table`)
    and ``won`` (the side's tricks so far), the share of deals each option makes the
    contract on."""
    means, spreads = _stats(points, best)
    taken, _ = _stats([[float(x) for x in xs] for xs in tricks], best)
    shares = (
        {a: sum(made[won + t] for t in tricks[i]) / len(tricks[i]) for i, a in enumerate(options)}
        if made
        else {}
    )
    return Judgement(
        options=tuple(options),
        points={a: means[i] for i, a in enumerate(options)},
        tricks={a: taken[i] for i, a in enumerate(options)},
        spread={a: spreads[i] for i, a in enumerate(options)},
        deals=deals,
        best=options[best],
        weighed={a: len(points[i]) for i, a in enumerate(options)},
        made=shares,
    )


def judge_play(
    view: PlayerView,
    rng: random.Random,
    *,
    min_deals: int = MIN_DEALS,
    max_deals: int | None = None,
    points_from: int | None = None,
) -> Judgement:
    """The judgement of every legal card for the seat of ``view`` (see the module).
    ``points_from``: from this many tricks played on, cards are valued by best play for
    points (:data:`POINTS_FROM` by default, which is every trick)."""
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    if not plays or view.trump_named is False or view.leader is None:
        raise ValueError("there is no card to play in this position")
    budget = SOLVES[len(view.tricks)] if max_deals is None else None
    tk = trump_key(view.trump)
    trick = [c.index for _, c in view.current_trick]
    active = 15
    for s in view.sitting_out:
        active &= ~(1 << s.value)
    jat = view.rules.no_trump_joker.value == "any-time"
    side = view.seat.side
    won = sum(1 for t in view.tricks if t.winner.side is side)
    plays = _lowest_first(plays, tk)
    twins = _twins(view, plays, tk)
    leader = view.leader.value

    def values(masks: Sequence[int], alive: set[int]) -> dict[int, int]:
        only = sum(1 << plays[i].card.index for i in alive)
        got = play_values_masks(
            masks, tk, leader, trick, joker_any_time=jat, active=active, only=only
        )
        return {i: got[plays[i].card.index] for i in alive}

    net = net_points(view)
    scored = _points_scorer(view, plays, tk, leader, trick, net, won, jat=jat, active=active)
    points, tricks, deals, best = _weigh(
        len(plays),
        DealSampler(view),
        rng,
        values,
        net,
        won=won,
        min_deals=min_deals,
        max_deals=MAX_DEALS if max_deals is None else max_deals,
        budget=budget,
        twins=twins,
        scored=scored
        if len(view.tricks) >= (POINTS_FROM if points_from is None else points_from)
        else None,
    )
    return _judgement(plays, points, tricks, deals, best, made=made_table(view), won=won)


def _lowest_first(plays: list[Play], tk: int) -> list[Play]:
    """``plays`` in the order their ties go in: the lowest card first."""
    order = ORDERS[tk]
    # ties go to the lowest card, nothing being given away for nothing: lowest as the
    # principle "Throw your lowest card" says it (a plain card by its printed rank, every
    # trump above every plain card), so that a tie never goes against that principle
    return sorted(plays, key=lambda a: (throw_key(a.card, tk), -order.index(a.card)))


def _twins(view: PlayerView, plays: Sequence[Play], tk: int) -> list[list[bool]]:
    """For each two of ``plays``, whether they are twins: cards that always score the same."""
    # twins: cards that always score the same (no unplayed card between them)
    played = set(view.played)
    unplayed = card_mask(c for c in DECK if c not in played)
    own = card_mask(view.hand)
    run_of = {c: n for n, run in enumerate(card_runs(own, unplayed, tk)) for c in run}
    return [[run_of.get(a.card.index) == run_of.get(b.card.index) for b in plays] for a in plays]


def _points_scorer(
    view: PlayerView,
    plays: Sequence[Play],
    tk: int,
    leader: int,
    trick: Sequence[int],
    net: list[float],
    won: int,
    *,
    jat: bool,
    active: int,
) -> Callable[[Sequence[int], Mapping[int, int]], tuple[dict[int, float], int]]:
    """:func:`_weigh`'s ``scored`` for the cards ``plays`` of the seat of ``view``."""
    # N-S's points for N-S's tricks in the whole hand, and the tricks N-S have taken
    ns = view.seat.value % 2 == 0
    net_ns = net if ns else [-net[6 - t] for t in range(7)]
    won_ns = won if ns else len(view.tricks) - won
    left = len(view.hand)
    table: dict[int, tuple[float, float]] = {}  # the points search's, shared by the deals

    def scored(masks: Sequence[int], got: Mapping[int, int]) -> tuple[dict[int, float], int]:
        """Each card's points under best play for points after it. Where every result
        between the two sides' lines for tricks scores the same as the trick solver's
        (the bid is made and more tricks are worth more, or nothing left changes the
        score), that is the points line; else (the trick line leaves a bid lost, and the
        makers would rather lose tricks) the points are searched. With the points, how
        many cards were searched."""
        out: dict[int, float] = {}
        search = 0
        for i, taken in got.items():
            t = won_ns + (taken if ns else left - taken)
            v = net_ns[t]
            if v != min(net_ns[t : won_ns + left + 1]) or v != max(net_ns[won_ns : t + 1]):
                search |= 1 << plays[i].card.index
            else:
                out[i] = v if ns else -v
        if search:
            found = play_points_masks(
                masks,
                tk,
                leader,
                trick,
                won_ns,
                net_ns,
                joker_any_time=jat,
                active=active,
                only=search,
                table=table,
            )
            for i in got:
                if i not in out:
                    v = found[plays[i].card.index]
                    out[i] = v if ns else -v
        return out, search.bit_count()

    return scored


# --- the calls: the bid, the trump, the discard ------------------------------------------


def position_rng(view: PlayerView) -> random.Random:
    """The deals for a call are drawn from a generator seeded by the position itself
    (the seat, its cards, the dealer, the calls so far, the trump, the rules): whoever
    asks (the computer player, the hint, the bidding quiz, the review) weighs the same
    deals and gets the same call for the same hand, always."""
    seed = hashlib.blake2b(_position_key(view).encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(seed, "big"))


def _position_key(view: PlayerView) -> str:
    return repr(
        (
            view.seat,
            view.dealer,
            sorted(c.index for c in view.hand),
            tuple(view.auction),
            view.trump if view.trump_named else "-",
            view.discard,
            view.rules,
        )
    )


def _leader(view: PlayerView, maker: Seat) -> int:
    if view.rules.first_lead is FirstLead.HIGH_BIDDER:
        return maker.value
    return (view.dealer.value + 1) % 4


_FULL: Final = (1 << len(DECK)) - 1


def _solve(
    masks: Sequence[int], seat: Seat, trump: Suit | None, leader: int, work: Work | None = None
) -> int:
    """The tricks the side of ``seat`` takes in the whole hand, every card seen (what
    the search cost counted in ``work``, where given)."""
    ns = solve_masks(masks, trump_key(trump), leader, (), active=15, work=work)
    return ns if seat.value % 2 == 0 else 6 - ns


@dataclass(frozen=True)
class CallJudgement(Judgement):
    """A :class:`Judgement` of a call (a bid, a trump, a discard), and what it rests on.

    ``trumps[a]``: the trump option ``a`` is played with (a bid: the trump that makes it
    worth most; a pass: the trump of the contract it leaves). ``odds[t]``: the tricks the
    side takes as makers with trump ``t``, deal by deal (a trump beaten beyond doubt early
    has fewer deals). ``passing``: what a pass leads to: ``"nothing"`` (nobody holds the
    auction: the side scores nothing as makers), ``"forced"`` (the other three passed:
    this seat is made to bid 3), ``"partner"`` or ``"opponents"`` (the high bid stands and
    that side plays it). ``holder_tricks``: in the last two, the tricks the side holding
    the auction takes, on average.
    """

    trumps: Mapping[Action, Suit | None] = field(default_factory=dict)
    odds: Mapping[Suit | None, tuple[int, ...]] = field(default_factory=dict)
    passing: str = "nothing"
    holder_tricks: float = 0.0

    def unplayed_pass(self, action: Action) -> bool:
        """Whether ``action`` is a pass where nobody holds the auction: what it leads to
        is not played out (see :func:`judge_bid`), so its 0 is no figure worked out."""
        return isinstance(action, Pass) and self.passing == "nothing"

    @property
    def partner_kept(self) -> bool:
        """Whether the pass is advised over a bid worth a little more on the deals
        weighed because partner holds the auction: the side plays the hand either way,
        so a bid is advised over partner's only where a pass is clearly worse (see
        :func:`judge_bid`). What decided is then that rule, not a usual principle."""
        return (
            self.passing == "partner"
            and isinstance(self.best, Pass)
            and any(
                isinstance(a, Bid) and self.points[a] > self.points[self.best] for a in self.options
            )
        )


def judge_decision(
    view: PlayerView, rng: random.Random | None = None, *, points_from: int | None = None
) -> Judgement:
    """The judgement of whatever the seat of ``view`` decides: its card
    (:func:`judge_play`, ``points_from`` as there), its trump, its discard or its call.
    With ``rng``, on deals drawn from it (a second opinion on other deals)."""
    first = view.legal_actions[0] if view.legal_actions else None
    if isinstance(first, Play):
        return judge_play(view, rng or position_rng(view), points_from=points_from)
    if isinstance(first, NameTrump):
        return judge_trump(view, rng)
    if isinstance(first, Discard):
        return judge_discard(view, rng)
    if isinstance(first, Bid | Pass):
        return judge_bid(view, rng)
    raise ValueError("there is no decision the judge weighs in this position")


def judge_trump(
    view: PlayerView, rng: random.Random | None = None, *, max_deals: int | None = None
) -> CallJudgement:
    """The maker's trump: every trump the rules allow, each played out (after the
    maker discards its weakest card for it) on the same deals of the unseen cards, in
    points under the contract (see the module)."""
    return _remembered("trump", _trump, view, rng, max_deals)


def _trump(view: PlayerView, rng: random.Random, max_deals: int | None) -> CallJudgement:
    names = [a for a in view.legal_actions if isinstance(a, NameTrump)]
    if not names:
        raise ValueError("there is no trump to name in this position")
    hand = list(view.hand)
    names.sort(key=lambda a: -estimate_tricks(hand, a.suit))
    seat, leader = view.seat, _leader(view, view.seat)
    kept = [card_mask([c for c in hand if c is not weakest(hand, a.suit)]) for a in names]
    work = Work()

    def values(masks: Sequence[int], alive: set[int]) -> dict[int, int]:
        out = {}
        for i in alive:
            own = list(masks)
            own[seat.value] = kept[i]
            out[i] = _solve(own, seat, names[i].suit, leader, work)
        return out

    return _call(view, names, values, rng, max_deals, trumps=[a.suit for a in names], work=work)


def judge_discard(
    view: PlayerView, rng: random.Random | None = None, *, max_deals: int | None = None
) -> CallJudgement:
    """The maker's discard: the hand kept after each legal discard, played out on the
    same deals of the unseen cards, in points under the contract."""
    return _remembered("discard", _discard, view, rng, max_deals)


def _discard(view: PlayerView, rng: random.Random, max_deals: int | None) -> CallJudgement:
    discards = [a for a in view.legal_actions if isinstance(a, Discard)]
    if not discards:
        raise ValueError("there is no card to discard in this position")
    tk = trump_key(view.trump)
    # in the rule of thumb's order: ties, and options within a close margin of the best,
    # go to the lowest plain card (see _call)
    place = {c: i for i, c in enumerate(discard_order(view.hand, view.trump))}
    discards.sort(key=lambda a: place[a.card])
    seat, leader = view.seat, _leader(view, view.seat)
    own = card_mask(view.hand)
    # twins: two cards with no card in play between them leave equivalent hands
    runs = card_runs(own, _FULL, tk)
    run_of = {c: n for n, run in enumerate(runs) for c in run}
    twin = [run_of[a.card.index] for a in discards]
    twins = [[twin[i] == twin[j] for j in range(len(discards))] for i in range(len(discards))]

    work = Work()

    def values(masks: Sequence[int], alive: set[int]) -> dict[int, int]:
        out: dict[int, int] = {}
        solved: dict[int, int] = {}
        for i in sorted(alive):
            if twin[i] not in solved:
                hands = list(masks)
                hands[seat.value] = own & ~(1 << discards[i].card.index)
                solved[twin[i]] = _solve(hands, seat, view.trump, leader, work)
            out[i] = solved[twin[i]]
        return out

    return _call(
        view,
        discards,
        values,
        rng,
        max_deals,
        trumps=[view.trump] * len(discards),
        twins=twins,
        work=work,
    )


def _call(
    view: PlayerView,
    options: Sequence[Action],
    values: Callable[[Sequence[int], set[int]], Mapping[int, int]],
    rng: random.Random,
    max_deals: int | None,
    *,
    trumps: Sequence[Suit | None],
    twins: Sequence[Sequence[bool]] | None = None,
    work: Work,
) -> CallJudgement:
    """The judgement of a trump or a discard: ``values`` solves the options on a deal,
    adding the solver's work to ``work`` (:data:`CALL_WORK` of it at most, without
    ``max_deals``)."""
    high = view.high_bid
    assert high is not None
    net = net_table(view.rules, high, ours=high.seat.side is view.seat.side)
    points, tricks, deals, best = _weigh(
        len(options),
        DealSampler(view),
        rng,
        values,
        net,
        min_deals=min(CALL_MIN_DEALS, max_deals or CALL_MIN_DEALS),
        max_deals=MAX_DEALS if max_deals is None else max_deals,
        budget=CALL_WORK if max_deals is None else None,
        work=work,
        prune_from=BATCH,
        twins=twins,
    )
    # Of options worth exactly as much, the one the rule of thumb puts first (``options``
    # come in its order: the likeliest trump, the lowest plain card). Clearly within a
    # close decision's margin (allowing the doubt) the usual principle decides, where one
    # does (:func:`~hasenpfeffer_core.analysis.bots.principle_decides`): the rule of thumb's
    # order alone chose clubs over spades, 0.1 points ahead, though clubs too went
    # against "Name your strongest trump suit", and the hint said "the usual principle
    # decides" beside it.
    means, _spreads = _stats(points, best)
    best = next(i for i in range(len(options)) if means[best] - means[i] < 1e-9)
    j = _judgement(options, points, tricks, deals, best, made=made_table(view))
    odds = (
        {t: tuple(tricks[i]) for i, t in enumerate(trumps)}
        if isinstance(options[0], NameTrump)
        else {view.trump: tuple(tricks[best])}
    )
    return CallJudgement(
        **{f.name: getattr(j, f.name) for f in fields(Judgement)},
        trumps=dict(zip(options, trumps, strict=True)),
        odds=odds,
    )


#: The calls judged lately, by position (a call's judgement is a function of the
#: position: its deals are drawn from it), so that the computer's call, the hint, the
#: bidding quiz and the review of the same position weigh it once.
_CALLS: OrderedDict[str, CallJudgement] = OrderedDict()
_CALLS_KEPT: Final = 256


def _remembered(
    kind: str,
    work: Callable[..., CallJudgement],
    view: PlayerView,
    rng: random.Random | None,
    max_deals: int | None,
) -> CallJudgement:
    if rng is not None:
        return work(view, rng, max_deals)
    key = f"{kind}|{max_deals}|{_position_key(view)}"
    found = _CALLS.get(key)
    if found is None:
        found = work(view, position_rng(view), max_deals)
        _CALLS[key] = found
        if len(_CALLS) > _CALLS_KEPT:
            _CALLS.popitem(last=False)
    else:
        _CALLS.move_to_end(key)
    return found


def judge_bid(
    view: PlayerView, rng: random.Random | None = None, *, max_deals: int | None = None
) -> CallJudgement:
    """Every legal call of the seat whose turn it is to bid, in points.

    On each deal of the unseen cards (fitting the auction so far) the seat, as maker,
    takes the widow, names each trump still in contention, discards its weakest card
    for it and plays the hand out; a bid is worth what its contract scores with the
    trump that makes it worth most. A pass is worth what follows from it: where another
    player holds the auction, that side plays its contract (taking the widow, naming the
    trump the rule of thumb likes best for its seven cards, discarding its weakest card),
    and the pass is worth that hand's result to this seat's side; where a pass would
    force this seat to bid 3, the forced bid; where nobody has bid, nothing (the rest of
    the auction is not played out: every call is judged as if it ends the auction).
    Over partner's bid the side plays the hand either way, so a bid is advised only when
    a pass is clearly worse (:meth:`Judgement.clearly_worse`).
    """
    return _remembered("bid", _bid, view, rng, max_deals)


def _bid(view: PlayerView, rng: random.Random, max_deals: int | None) -> CallJudgement:
    calls: list[Bid | Pass] = [a for a in view.legal_actions if isinstance(a, Bid | Pass)]
    bids = sorted((a for a in calls if isinstance(a, Bid)), key=lambda b: b.level)
    passes = [a for a in calls if isinstance(a, Pass)]
    if not calls:
        raise ValueError("there is no call to make in this position")
    weighing = _BidWeighing(view, bids, passes)
    cap = MAX_DEALS if max_deals is None else max_deals
    low = min(CALL_MIN_DEALS, cap)
    budget = CALL_SOLVES if max_deals is None else None
    solves = 0
    while weighing.deals < cap and (budget is None or solves < budget):
        for _ in range(min(BATCH, cap - weighing.deals)):
            solves += weighing.play_deal(rng)
        if weighing.deals < min(low, BATCH):
            continue
        weighing.prune()
        clear = _calls_clear(weighing.outcome()[1])
        if weighing.deals >= low and clear:
            break
    return weighing.judgement()


def _passing(view: PlayerView, passes: Sequence[Pass]) -> str:
    """What a pass leads to for the seat of ``view`` (see :attr:`CallJudgement.passing`)."""
    high = view.high_bid
    forced = pass_forces(view)
    if passes and forced:
        return "forced"
    if passes and high is not None:
        return "partner" if high.seat.side is view.seat.side else "opponents"
    return "nothing"


class _BidWeighing:
    """The deals a bid is weighed on, played out as they are drawn: with each trump still
    in contention, the tricks the seat's side takes as makers, deal by deal; and what a
    pass leads to (see :func:`judge_bid`)."""

    def __init__(self, view: PlayerView, bids: list[Bid], passes: list[Pass]) -> None:
        rules, seat = view.rules, view.seat
        high = view.high_bid
        passing = _passing(view, passes)
        contracts = [*bids]
        if passing == "forced":
            contracts.append(Bid(seat, FORCED_BID))
        self.view, self.seat, self.bids, self.passes = view, seat, bids, passes
        self.passing, self.contracts = passing, contracts
        self.nets = [net_table(rules, b, ours=True) for b in contracts]
        # the trumps worth playing out: within SCREEN_TRICKS of the rule of thumb's best
        rated = sorted(
            ((estimate_tricks(view.hand, t), t) for t in trump_options(rules)), key=lambda x: -x[0]
        )
        self.trumps = [t for e, t in rated if e >= rated[0][0] - SCREEN_TRICKS][:SCREEN_KEEP]
        self.leader = _leader(view, seat)
        self.own = card_mask(view.hand)
        self.sampler = DealSampler(view)
        self.odds: list[list[int]] = [[] for _ in self.trumps]
        self.alive = set(range(len(self.trumps)))
        self.held: list[float] = []  # a pass where another side holds the auction, deal by deal
        self.held_tricks: list[int] = []
        if passing in ("partner", "opponents"):
            assert high is not None
            self.holder = high.seat
            self.held_net = net_table(rules, high, ours=passing == "partner")
            self.holder_leader = _leader(view, self.holder)
        self.deals = 0
        if not contracts:
            self.alive.clear()

    def series(self, c: int, t: int) -> list[float]:
        """Contract ``c``'s points with trump ``t``, deal by deal."""
        return [self.nets[c][x] for x in self.odds[t]]

    def best_trump(self, c: int) -> int:
        """The trump contract ``c`` is played with: the rule of thumb's likeliest trump
        unless another is worth more beyond doubt (a learner reads the reason in that
        trump's terms, so it is never a trump that won on a few deals by luck)."""
        series, odds = self.series, self.odds
        top = max(self.alive, key=lambda t: (sum(series(c, t)) / len(odds[t]), -t))
        return next(
            t for t in sorted(self.alive) if t == top or not _beaten(series(c, top), series(c, t))
        )

    def outcome(
        self,
    ) -> tuple[list[Bid | Pass], list[list[float]], list[Suit | None], list[list[int]]]:
        """Each call, its points and its side's tricks deal by deal, and its trump."""
        bids, contracts, trumps, odds = self.bids, self.contracts, self.trumps, self.odds
        series, best_trump, passing, deals = self.series, self.best_trump, self.passing, self.deals
        values, chosen, taken = [], [], []
        for c in range(len(bids)):
            t = best_trump(c)
            values.append(series(c, t))
            chosen.append(trumps[t])
            taken.append(odds[t])
        for _p in self.passes:
            if passing == "forced":
                t = best_trump(len(contracts) - 1)
                values.append(series(len(contracts) - 1, t))
                chosen.append(trumps[t])
                taken.append(odds[t])
            elif passing == "nothing":
                values.append([0.0] * deals)
                chosen.append(trumps[best_trump(0)] if contracts else None)
                taken.append([0] * deals)
            else:
                values.append(self.held)
                chosen.append(None)
                taken.append(self.held_tricks)
        return [*bids, *self.passes], values, chosen, taken

    def play_deal(self, rng: random.Random) -> int:
        """How many hands one more deal drawn from ``rng`` took to play out."""
        view, seat, trumps = self.view, self.seat, self.trumps
        masks = self.sampler.draw(rng)
        if masks is None:
            raise ValueError("no deal of the unseen cards fits this position")
        widow = _FULL & ~(masks[0] | masks[1] | masks[2] | masks[3])
        widow &= ~card_mask(view.played)
        seven = mask_cards(self.own | widow)
        solves = 0
        for t in self.alive:
            hands = list(masks)
            hands[seat.value] = card_mask([c for c in seven if c is not weakest(seven, trumps[t])])
            self.odds[t].append(_solve(hands, seat, trumps[t], self.leader))
            solves += 1
        if self.passing in ("partner", "opponents"):
            holder = self.holder
            theirs = mask_cards(masks[holder.value] | widow)
            trump = max(trumps, key=lambda t: estimate_tricks(theirs, t, partner=False))
            hands = list(masks)
            hands[holder.value] = card_mask([c for c in theirs if c is not weakest(theirs, trump)])
            taken = _solve(hands, seat, trump, self.holder_leader)
            self.held.append(self.held_net[taken])
            self.held_tricks.append(taken)
            solves += 1
        self.deals += 1
        return solves

    def prune(self) -> None:
        """Stop playing out each trump beaten beyond doubt under every contract."""
        series, n = self.series, len(self.contracts)
        tops = [self.best_trump(c) for c in range(n)]
        for t in list(self.alive):
            if t not in tops and all(_beaten(series(c, tops[c]), series(c, t)) for c in range(n)):
                self.alive.discard(t)

    def judgement(self) -> CallJudgement:
        """The judgement of every call on the deals played out."""
        options, option_points, chosen, option_tricks = self.outcome()
        means, _ = _stats(option_points, 0)
        best = max(range(len(options)), key=lambda i: (means[i], -i))
        j = _judgement(options, option_points, option_tricks, self.deals, best)
        if self.passing == "partner" and isinstance(j.best, Bid):
            # over partner's bid, a bid only when it clearly pays: the side plays either way
            at = options.index(self.passes[0])
            if not j.clearly_worse(self.passes[0]):
                j = _judgement(options, option_points, option_tricks, self.deals, at)
        dominated = self.dominated(options, chosen, j.best)
        trumps, odds, held_tricks = self.trumps, self.odds, self.held_tricks
        return CallJudgement(
            **{f.name: getattr(j, f.name) for f in fields(Judgement)} | {"dominated": dominated},
            trumps=dict(zip(options, chosen, strict=True)),
            odds={trumps[t]: tuple(odds[t]) for t in range(len(trumps)) if odds[t]},
            passing=self.passing,
            holder_tricks=sum(held_tricks) / len(held_tricks) if held_tricks else 0.0,
        )

    def dominated(
        self, options: list[Bid | Pass], chosen: list[Suit | None], best: Action
    ) -> frozenset[Action]:
        """The calls whose contract is a higher bid than ``best`` on the same trump."""
        # (a pass that forces the bid of 3 counts as that bid)
        contract_of = {b: b for b in self.bids} | (
            {p: Bid(self.seat, FORCED_BID) for p in self.passes} if self.passing == "forced" else {}
        )
        return frozenset(
            a
            for a, b in contract_of.items()
            if isinstance(best, Bid)
            and not b.big
            and not best.big
            and b.tricks > best.tricks
            and chosen[options.index(a)] is chosen[options.index(best)]
        )


def _calls_clear(option_points: list[list[float]]) -> bool:
    """Whether more deals would change nothing a learner reads of the calls (see :func:`_clear`)."""
    means, _ = _stats(option_points, 0)
    best = max(range(len(option_points)), key=lambda i: (means[i], -i))
    means, spreads = _stats(option_points, best)
    doubts = [_doubt(spreads[i], len(xs), False) for i, xs in enumerate(option_points)]
    # A higher bid on the same trick counts is never worth more than a cheaper one
    # on any deal, only less on the deals near the bid: an option the best matches
    # or beats on every deal is settled by its gap alone, and one standard error
    # settles that it is close.
    top = option_points[best]
    for i, xs in enumerate(option_points):
        if i != best and all(a >= b for a, b in zip(top, xs, strict=True)):
            doubts[i] = 0.0
    return _clear(means, doubts, best, spreads)


def _se(diffs: Sequence[float]) -> float:
    n = len(diffs)
    if n < 2:
        return 0.0
    mean = sum(diffs) / n
    return math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)


def trumps_as_good(view: PlayerView, judged: CallJudgement, bid: Bid) -> list[Suit | None]:
    """The other trumps ``bid`` would be worth about as much with, in ``judged`` (a
    judgement of the auction from ``view``): weighed on every deal, as its own trump
    was, and worth less than :data:`CLOSE_POINTS` below it on those deals (or more). The
    judge plays a bid with the rule of thumb's likeliest trump unless another is worth
    more beyond doubt, so a learner who sees the hand's other good suit is told that it
    would do about as well."""
    if bid not in judged.trumps:
        return []
    own = judged.trumps[bid]
    net = net_table(view.rules, bid, ours=True)
    top = [net[t] for t in judged.odds.get(own, ())]
    return [
        t
        for t, tricks in judged.odds.items()
        if t != own
        and top
        and len(tricks) == len(top)
        and (sum(top) - sum(net[x] for x in tricks)) / len(top) < CLOSE_POINTS
    ]


def _beaten(top: Sequence[float], other: Sequence[float]) -> bool:
    """Whether the series ``other`` is beaten beyond doubt by ``top`` (paired, over the
    deals both were weighed on)."""
    n = min(len(top), len(other))
    diffs = [top[k] - other[k] for k in range(n)]
    gap = sum(diffs) / n
    return gap >= CLOSE_POINTS and gap > _doubt(_se(diffs), n, False) * (SURE + 1) / SURE
