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
  difference), or a cap is reached: easy decisions are quick, hard ones get the deals
  they need.

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

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ..engine.actions import Action, Play
from ..engine.cards import DECK
from ..engine.tricks import ORDERS, trump_key
from .bidding import points_table
from .deals import DealSampler
from .solver import card_runs, play_values_masks
from .view import PlayerView

__all__ = [
    "CLOSE_POINTS",
    "MAX_DEALS",
    "MIN_DEALS",
    "SOLVES",
    "SURE",
    "Judgement",
    "judge_play",
    "net_points",
]

#: Two options whose expected points differ by less than this are a close decision.
CLOSE_POINTS: Final = 0.15
#: How many standard errors of the difference make a lead clear.
SURE: Final = 3.0
#: The fewest deals a judgement weighs, and the most.
MIN_DEALS: Final = 16
MAX_DEALS: Final = 400
#: The most cards solved in one judgement (a card on one deal is one solve), by the
#: tricks already played: a card early in the hand costs far more to solve. Cards beaten
#: beyond doubt stop being solved, so the contenders get more deals. These keep a play
#: decision within 300 ms at the 95th percentile on two cores (``bench/judge.py``).
SOLVES: Final = (320, 640, 2000, 2000, 2000, 2000)
#: Deals are drawn in batches of this many between two looks at the margin.
BATCH: Final = 8


@dataclass(frozen=True)
class Judgement:
    """The judge's evaluation of one decision.

    ``points[a]``: what option ``a`` is worth on average to the side deciding, in points
    for the whole hand (its points minus the other side's). ``tricks[a]``: the tricks the
    side takes from here on average (an aside for the learner; the points decide).
    ``spread[a]``: the standard error of ``points[best] - points[a]`` over the same
    deals. ``deals``: how many deals were weighed. ``best``: the option worth most (ties
    go to the cheaper card, so that nothing is given away for nothing).
    """

    options: tuple[Action, ...]
    points: Mapping[Action, float]
    tricks: Mapping[Action, float]
    spread: Mapping[Action, float]
    deals: int
    best: Action

    def cost(self, action: Action) -> float:
        """How many points ``action`` gives away against the best, on average (0 for the
        best and for any option worth as much)."""
        return max(0.0, self.points[self.best] - self.points[action])

    @property
    def runner_up(self) -> Action | None:
        """The option worth most after the best, or None when there is one option."""
        others = [a for a in self.options if a != self.best]
        return max(others, key=lambda a: self.points[a]) if others else None

    @property
    def close(self) -> bool:
        """Whether another option is worth almost as much as the best (less than
        :data:`CLOSE_POINTS` behind): a close decision."""
        other = self.runner_up
        return other is not None and self.cost(other) < CLOSE_POINTS

    def clearly_worse(self, action: Action) -> bool:
        """Whether ``action`` is worse than the best by more than a close decision's
        margin, and by more than the judge's doubt (:data:`SURE` standard errors)."""
        cost = self.cost(action)
        return cost >= CLOSE_POINTS and cost > SURE * self.spread[action]

    def as_good(self) -> tuple[Action, ...]:
        """The options within a close decision's margin of the best (the best first)."""
        return tuple(
            a
            for a in sorted(self.options, key=lambda a: -self.points[a])
            if self.cost(a) < CLOSE_POINTS
        )


def net_points(view: PlayerView) -> list[float]:
    """For the side of ``view.seat`` taking 0 to 6 tricks in the whole hand: its points
    minus the other side's, under the contract and the hand's own rules."""
    high = view.high_bid
    assert high is not None
    table = points_table(
        view.rules, high, maker_alone=view.maker_alone, defender_alone=view.defender_alone
    )
    ours = view.seat.side is high.seat.side
    out = []
    for taken in range(7):
        mk, df = table[taken if ours else 6 - taken]
        out.append(float(mk - df) if ours else float(df - mk))
    return out


def _stats(points: Sequence[Sequence[float]], best: int) -> tuple[list[float], list[float]]:
    """Per option (``points[i]``: its points deal by deal, the deals it was weighed on):
    the mean, and the standard error of (best - option) over the deals both were
    weighed on (the same deals: paired)."""
    means, spreads = [], []
    top = points[best]
    for xs in points:
        n = len(xs)
        means.append(sum(xs) / n)
        diffs = [top[k] - xs[k] for k in range(n)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        spreads.append(math.sqrt(var / n))
    return means, spreads


def _doubt(spread: float, deals: int, twins: bool) -> float:
    """How far the true difference may lie from the one measured: :data:`SURE` standard
    errors, and never less than :data:`SURE` times ``2 / deals`` for two cards that are
    not twins (a run of deals where they score the same is not proof that they always
    do)."""
    return SURE * (spread if twins else max(spread, 2 / deals))


def _clear(means: Sequence[float], spreads: Sequence[float], best: int) -> bool:
    """Whether more deals would change nothing a learner reads: every other option is
    either clearly worse than the best (behind by :data:`CLOSE_POINTS` or more, and by
    more than its doubt, ``spreads[i]``, see :func:`_doubt`) or clearly close to it
    (behind by less than :data:`CLOSE_POINTS` even allowing its doubt)."""
    for i, m in enumerate(means):
        if i == best:
            continue
        gap = means[best] - m
        doubt = spreads[i]
        if not (gap >= CLOSE_POINTS and gap > doubt) and not gap + doubt < CLOSE_POINTS:
            return False
    return True


def judge_play(
    view: PlayerView,
    rng: random.Random,
    *,
    min_deals: int = MIN_DEALS,
    max_deals: int | None = None,
) -> Judgement:
    """The judgement of every legal card for the seat of ``view`` (see the module)."""
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    if not plays or view.trump_named is False or view.leader is None:
        raise ValueError("there is no card to play in this position")
    budget = SOLVES[len(view.tricks)] if max_deals is None else None
    max_deals = MAX_DEALS if max_deals is None else max_deals
    tk = trump_key(view.trump)
    trick = [c.index for _, c in view.current_trick]
    active = 15
    for s in view.sitting_out:
        active &= ~(1 << s.value)
    jat = view.rules.no_trump_joker.value == "any-time"
    side = view.seat.side
    won = sum(1 for t in view.tricks if t.winner.side is side)
    net = net_points(view)
    sampler = DealSampler(view)
    order = ORDERS[tk]
    # ties go to the lowest card: nothing is given away for nothing
    plays.sort(key=lambda a: -order.index(a.card))
    k = len(plays)
    points: list[list[float]] = [[] for _ in plays]
    tricks: list[list[int]] = [[] for _ in plays]
    alive = set(range(k))  # the cards still solved: the others are beaten beyond doubt
    # twins: cards that always score the same (no unplayed card between them)
    played = set(view.played)
    unplayed = sum(1 << c.index for c in DECK if c not in played)
    own = sum(1 << c.index for c in view.hand)
    run_of = {c: n for n, run in enumerate(card_runs(own, unplayed, tk)) for c in run}
    twins = [[run_of.get(a.card.index) == run_of.get(b.card.index) for b in plays] for a in plays]
    best, deals, solves = 0, 0, 0
    while deals < max_deals and (budget is None or solves < budget):
        only = sum(1 << plays[i].card.index for i in alive)
        for _ in range(min(BATCH, max_deals - deals)):
            masks = sampler.draw(rng)
            if masks is None:
                raise ValueError("no deal of the unseen cards fits this position")
            values = play_values_masks(
                masks, tk, view.leader.value, trick, joker_any_time=jat, active=active, only=only
            )
            for i in alive:
                v = values[plays[i].card.index]
                tricks[i].append(v)
                points[i].append(net[won + v])
            deals += 1
            solves += len(alive)
        if deals < min_deals:
            continue
        means, _spreads = _stats(points, best)
        best = max(alive, key=lambda i: (means[i], -i))
        means, spreads = _stats(points, best)
        doubts = [_doubt(spreads[i], len(points[i]), twins[best][i]) for i in range(k)]
        if _clear(means, doubts, best):
            break
        for i in list(alive):
            gap = means[best] - means[i]
            if i != best and gap >= CLOSE_POINTS and gap > doubts[i] * (SURE + 1) / SURE:
                alive.discard(i)
    means, spreads = _stats(points, best)
    return Judgement(
        options=tuple(plays),
        points={a: means[i] for i, a in enumerate(plays)},
        tricks={a: sum(tricks[i]) / len(tricks[i]) for i, a in enumerate(plays)},
        spread={a: spreads[i] for i, a in enumerate(plays)},
        deals=deals,
        best=plays[best],
    )
