"""Duplicate matches between the computer players (a benchmark, not a test).

Run ``python bench/match.py [--deals 2000] [--players random,thumb,expert] [--workers 2]``.

Each deal is played twice on the same cards: once with player A's team at North-South
and player B's at East-West, once with the teams swapped, so the luck of the cards
cancels out. A deal's figure is A's points minus B's, averaged over its two hands; the
table gives, for every pair, the mean of that figure over the deals ("points per hand")
with its standard error, A in the row, B in the column. Under the default rules (the
source rules) the makers score the tricks they take and the defenders score nothing,
so a stronger player gains both by making contracts and by stopping the other side's.

The players are the ones a learner can face (``random``, ``thumb`` for the rule of
thumb, ``expert`` for the fair expert, see ``hasenpfeffer_core.analysis.bots``). Every
decision is timed; after the table come, for each player, the median, 95th percentile
and largest decision time by kind of decision (bid, trump, discard, play), in ms.
Progress goes to stderr (tqdm); the exit status is 0 whatever the figures are.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tqdm import tqdm

from hasenpfeffer_core import SEATS, HandState, Rules, Seat, Side
from hasenpfeffer_core.analysis.bots import (
    FairExpert,
    Player,
    RandomPlayer,
    RuleOfThumbPlayer,
)
from hasenpfeffer_core.analysis.hints import decision_kind
from hasenpfeffer_core.analysis.session import EXPERT_BID_SAMPLES, EXPERT_SAMPLES
from hasenpfeffer_core.analysis.view import PlayerView

#: The players, by name, each made from a random source for its decisions.
PLAYERS: dict[str, Callable[[random.Random], Player]] = {
    "random": RandomPlayer,
    "thumb": lambda rng: RuleOfThumbPlayer(),
    "expert": lambda rng: FairExpert(rng, samples=EXPERT_SAMPLES, bid_samples=EXPERT_BID_SAMPLES),
}


def _play(
    deal: int, names: dict[Side, str], seed: int
) -> tuple[dict[Side, int], list[tuple[str, str, float]]]:
    """One hand of deal ``deal``: its points by side and every decision's time."""
    dealer = SEATS[deal % 4]
    state = HandState.new(Rules(), dealer=dealer, seed=seed * 1_000_003 + deal)
    players = {
        s: PLAYERS[names[s.side]](random.Random(f"{seed}/{deal}/{s.name}/{names[s.side]}"))
        for s in SEATS
    }
    times: list[tuple[str, str, float]] = []
    for _ in range(200):
        seat: Seat | None = state.to_move
        if seat is None:
            break
        view = PlayerView.of(state, seat)
        start = time.perf_counter()
        action = players[seat].choose(view)
        took = time.perf_counter() - start
        if len(view.legal_actions) > 1:
            times.append((names[seat.side], decision_kind(view.legal_actions[0]), took))
        state.apply(action)
    result = state.result
    if result is None:  # thrown in (the Joker in the widow under the source rules)
        return {Side.NS: 0, Side.EW: 0}, times
    return dict(result.points), times


def one_deal(
    task: tuple[str, str, int, int],
) -> tuple[str, str, float, list[tuple[str, str, float]]]:
    """Deal ``deal`` played twice, A and B swapping sides: A's mean net points per hand."""
    a, b, deal, seed = task
    first, t1 = _play(deal, {Side.NS: a, Side.EW: b}, seed)
    second, t2 = _play(deal, {Side.NS: b, Side.EW: a}, seed)
    net = ((first[Side.NS] - first[Side.EW]) + (second[Side.EW] - second[Side.NS])) / 2
    return a, b, net, t1 + t2


def percentile(values: list[float], q: float) -> float:
    xs = sorted(values)
    pos = q * (len(xs) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per pair of players")
    parser.add_argument(
        "--random-deals",
        type=int,
        default=300,
        help="deals for a pair with the random player (it loses by a wide margin; fewer do)",
    )
    parser.add_argument("--players", default=",".join(PLAYERS), help="comma-separated names")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    unknown = [n for n in names if n not in PLAYERS]
    if unknown or len(names) < 2:
        parser.error(f"players are two or more of {', '.join(PLAYERS)}; got {args.players!r}")
    pairs = list(itertools.combinations(names, 2))
    tasks = [
        (a, b, d, args.seed)
        for a, b in pairs
        for d in range(args.random_deals if "random" in (a, b) else args.deals)
    ]
    nets: dict[tuple[str, str], list[float]] = defaultdict(list)
    times: dict[tuple[str, str], list[float]] = defaultdict(list)
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for a, b, net, ts in tqdm(
            pool.map(one_deal, tasks, chunksize=4), total=len(tasks), unit="deal", file=sys.stderr
        ):
            nets[a, b].append(net)
            for who, kind, took in ts:
                times[who, kind].append(took)
    elapsed = time.perf_counter() - started

    print(
        f"Duplicate match, source rules, {args.deals} deals per pair ({args.random_deals} with "
        "the random player), each deal played twice."
    )
    print(
        "Mean points per hand of the row's player against the column's (standard error, deals).\n"
    )
    width = max(22, *(len(n) + 2 for n in names))
    print(" " * width + "".join(f"{n:>{width}}" for n in names))
    for a in names:
        cells = []
        for b in names:
            if a == b:
                cells.append(f"{'-':>{width}}")
                continue
            sign, key = (1, (a, b)) if (a, b) in nets else (-1, (b, a))
            xs = nets[key]
            mean = sign * statistics.fmean(xs)
            se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
            cells.append(f"{f'{mean:+.2f} ({se:.2f}, {len(xs)})':>{width}}")
        print(f"{a:<{width}}" + "".join(cells))
    print("\nDecision times (ms): median / 95th percentile / largest, decisions counted")
    for who in names:
        for kind in ("bid", "trump", "discard", "alone", "play"):
            xs = [t * 1000 for t in times.get((who, kind), [])]
            if xs:
                print(
                    f"  {who:<8} {kind:<8} {statistics.median(xs):7.1f} / "
                    f"{percentile(xs, 0.95):7.1f} / {max(xs):7.1f}   ({len(xs)})"
                )
    print(f"\n{len(tasks)} deals in {elapsed:.0f} s with {args.workers} worker(s).")


if __name__ == "__main__":
    main()
