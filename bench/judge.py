"""The judge against a slow reference: are the computer's cards, and what it says of
them, right?

    .venv/bin/python bench/judge.py [--positions 200] [--deals 400] [--seed 7]

Positions are taken from hands played by the rule of thumb and by the fair expert, at
every decision with more than one legal card, spread over the six tricks. For each,
the judge runs exactly as the faces run it (``FairExpert`` with the session's settings,
which asks :func:`~hasenpfeffer_core.analysis.judge.judge_play`), and the reference
values every legal card over ``--deals`` deals of the unseen cards (every deal, when
there are no more than that), each solved exactly, in points under the hand's rules.

The reference shares no code with the judge's sampler: it deals the unseen cards by
shuffling them and dealing in order, and throws away any deal that breaks a void shown
or the auction's filter (the maker holds two trumps) — slow, and uniform by
construction. It prints, per trick:

* the share of the judge's cards within 0.15 points of the reference's best (target:
  at least 97 %), and the worst cases;
* the close flag's accuracy: the judge says "a close decision" exactly when the
  reference's best two cards are less than 0.15 points apart (target: at least 95 %);
* the judge's time per decision (median and p95), with the machine's load.

Bids, trumps and discards are not yet under the judge (issue 25); this bench covers
the cards played.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hasenpfeffer_core.analysis.bots import FairExpert, RuleOfThumbPlayer
from hasenpfeffer_core.analysis.deals import fits_auction
from hasenpfeffer_core.analysis.judge import CLOSE_POINTS, net_points
from hasenpfeffer_core.analysis.session import EXPERT_BID_SAMPLES, EXPERT_SAMPLES
from hasenpfeffer_core.analysis.solver import play_values_masks
from hasenpfeffer_core.analysis.view import PlayerView
from hasenpfeffer_core.engine.actions import Play
from hasenpfeffer_core.engine.cards import DECK
from hasenpfeffer_core.engine.seats import SEATS
from hasenpfeffer_core.engine.state import HandState, Phase
from hasenpfeffer_core.engine.tricks import EFF, trump_key


@dataclass
class Row:
    trick: int
    judged: str
    loss: float  # points the judge's card gives away against the reference's best
    close_right: bool
    ms: float
    where: str


def reference(view: PlayerView, deals: int, rng: random.Random) -> dict[int, float]:
    """Every legal card's expected points over ``deals`` deals drawn by rejection (or
    over every deal, when there are no more)."""
    tk = trump_key(view.trump)
    seen = set(view.hand) | set(view.played) | ({view.discard} if view.discard else set())
    unseen = [c for c in DECK if c not in seen]
    voids = view.voids()
    others = [s for s in SEATS if s is not view.seat and s not in view.sitting_out]
    sizes = [view.hand_sizes[s] for s in others]
    fits = fits_auction(view)
    own = sum(1 << c.index for c in view.hand)

    def masks_of(hands: list[list]) -> list[int] | None:
        masks = [0, 0, 0, 0]
        masks[view.seat.value] = own
        for s, hand in zip(others, hands, strict=True):
            if any(EFF[tk][c.index] in voids[s] for c in hand):
                return None
            masks[s.value] = sum(1 << c.index for c in hand)
        if fits is not None and not fits(masks):
            return None
        return masks

    def every() -> list[list[int]]:
        out = []

        def place(i: int, left: list, hands: list[list]) -> None:
            if i == len(others):
                m = masks_of(hands)
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
    if total <= deals:
        chosen = every()
    else:
        chosen = []
        while len(chosen) < deals:
            pool = unseen[:]
            rng.shuffle(pool)
            hands, at = [], 0
            for k in sizes:
                hands.append(pool[at : at + k])
                at += k
            m = masks_of(hands)
            if m is not None:
                chosen.append(m)
    assert view.leader is not None
    trick = [c.index for _, c in view.current_trick]
    active = 15
    for s in view.sitting_out:
        active &= ~(1 << s.value)
    jat = view.rules.no_trump_joker.value == "any-time"
    won = sum(1 for t in view.tricks if t.winner.side is view.seat.side)
    net = net_points(view)
    sums: dict[int, float] = {}
    for m in chosen:
        values = play_values_masks(
            m, tk, view.leader.value, trick, joker_any_time=jat, active=active
        )
        for idx, v in values.items():
            sums[idx] = sums.get(idx, 0.0) + net[won + v]
    return {idx: v / len(chosen) for idx, v in sums.items()}


def positions(count: int, seed: int) -> list[tuple[PlayerView, str]]:
    """Decisions with more than one legal card, from hands played by the rule of thumb
    (even deals) and by the fair expert (odd deals), spread over the tricks."""
    per_trick = -(-count // 5)
    found: dict[int, list[tuple[PlayerView, str]]] = {t: [] for t in range(5)}
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
                if moves in picks and t < 5 and len(found[t]) < per_trick:
                    who = "expert" if expert_hand else "rule of thumb"
                    found[t].append(
                        (view, f"deal seed {seed * 100_000 + deal} ({who}), {len(h.log)} actions")
                    )
                moves += 1
            h.apply(players[seat].choose(view))
        deal += 1
    out = [p for t in range(5) for p in found[t][:per_trick]]
    return out[:count]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    print(
        f"load before: {os.getloadavg()[0]:.2f}; finding {args.positions} positions ...", flush=True
    )
    found = positions(args.positions, args.seed)
    rows: list[Row] = []
    for i, (view, where) in enumerate(found):
        expert = FairExpert(
            random.Random(i), samples=EXPERT_SAMPLES, bid_samples=EXPERT_BID_SAMPLES
        )
        t = time.perf_counter()
        advice = expert.advise(view)
        ms = (time.perf_counter() - t) * 1000
        ref = reference(view, args.deals, random.Random(10_000 + i))
        assert isinstance(advice.action, Play)
        ranked = sorted(ref.values(), reverse=True)
        best = ranked[0]
        loss = best - ref[advice.action.card.index]
        ref_close = len(ranked) > 1 and ranked[0] - ranked[1] < CLOSE_POINTS
        rows.append(
            Row(
                len(view.tricks) + 1,
                advice.action.card.text,
                loss,
                advice.close == ref_close,
                ms,
                where,
            )
        )
        if (i + 1) % 20 == 0:
            print(f"  {i + 1} positions judged", flush=True)
    print(f"load after: {os.getloadavg()[0]:.2f}")
    print()
    print("trick  positions  within 0.15  close flag right  time median / p95 (ms)")
    for trick in sorted({r.trick for r in rows} | {0}):
        part = rows if trick == 0 else [r for r in rows if r.trick == trick]
        within = sum(r.loss <= CLOSE_POINTS + 1e-9 for r in part)
        closed = sum(r.close_right for r in part)
        times = sorted(r.ms for r in part)
        p95 = times[max(0, round(len(times) * 0.95) - 1)]
        label = "all" if trick == 0 else str(trick)
        print(
            f"{label:>5}  {len(part):9}  {within / len(part):10.1%}  {closed / len(part):16.1%}"
            f"  {statistics.median(times):8.0f} / {p95:.0f}"
        )
    print()
    print("worst cases (points given away against the reference's best):")
    for r in sorted(rows, key=lambda r: -r.loss)[:5]:
        print(f"  {r.loss:5.2f}  trick {r.trick}, played {r.judged}: {r.where}")


if __name__ == "__main__":
    main()
