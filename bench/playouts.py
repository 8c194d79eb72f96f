"""How fast the engine plays complete random hands (a benchmark, not a test).

Each hand is dealt from a seeded ``random.Random`` (the chance step), then every
decision is drawn uniformly from ``HandState.legal_actions()`` and applied with
``HandState.apply()`` (which checks it) until the hand is over: auction, widow,
trump, discard, play and score. That is the public API, exactly as a bot or a
widget drives it.

With ``--compare-openspiel`` it also plays random hands of OpenSpiel's C++
Euchre through its Python bindings in the same run (``bench/openspiel_euchre.py``:
random legal actions including every chance outcome of the deal) and ends with

    hands/s ours=N openspiel=M ratio=R

Each figure is the median of ``--repeat`` runs. It also times
``import hasenpfeffer_core`` in a fresh interpreter.

    python bench/playouts.py --hands 20000 --compare-openspiel
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hasenpfeffer_core import PRESETS, SEATS, HandState, Rules


def our_hands_per_second(hands: int, seed: int, rules: Rules) -> float:
    """Play ``hands`` random legal complete hands; return hands per second."""
    rng = random.Random(seed)
    choice = rng.choice
    start = time.perf_counter()
    for i in range(hands):
        state = HandState.new(rules, SEATS[i % 4], rng)
        while actions := state.legal_actions():
            state.apply(choice(actions))
    return hands / (time.perf_counter() - start)


def import_time_ms(runs: int = 5) -> float:
    """Median wall time of ``import hasenpfeffer_core`` in a fresh interpreter, in ms."""
    code = (
        "import time; t = time.perf_counter(); import hasenpfeffer_core; "
        "print((time.perf_counter() - t) * 1000)"
    )
    root = str(Path(__file__).resolve().parent.parent)
    times = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, cwd=root, check=True
            ).stdout
        )
        for _ in range(runs)
    ]
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20000, help="hands per run (20000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--preset", default="seed", help="a preset name, or 'all' for each (default: seed)"
    )
    parser.add_argument(
        "--compare-openspiel", action="store_true", help="also time OpenSpiel's Euchre"
    )
    args = parser.parse_args()

    print(f"import hasenpfeffer_core: {import_time_ms():.1f} ms (median of 5 fresh imports)")
    names = list(PRESETS) if args.preset == "all" else [args.preset]
    ours = 0.0
    for name in names:
        rules = PRESETS[name].rules
        our_hands_per_second(500, args.seed, rules)  # warm-up
        runs = []
        for r in range(args.repeat):
            print(f"  {name}: run {r + 1}/{args.repeat} ...", file=sys.stderr, flush=True)
            runs.append(our_hands_per_second(args.hands, args.seed + r, rules))
        rate = statistics.median(runs)
        if name == names[0]:
            ours = rate
        print(
            f"ours   [{name}] {args.hands} random complete hands: {rate:,.0f} hands/s "
            f"(runs: {', '.join(f'{x:,.0f}' for x in runs)})"
        )

    if not args.compare_openspiel:
        print(f"hands/s ours={ours:.0f}")
        return
    from openspiel_euchre import openspiel_available, openspiel_hands_per_second

    if not openspiel_available():
        sys.exit("--compare-openspiel needs OpenSpiel: pip install -e '.[bench]' (open-spiel)")
    openspiel_hands_per_second(500, args.seed)  # warm-up
    runs = []
    for r in range(args.repeat):
        print(f"  openspiel: run {r + 1}/{args.repeat} ...", file=sys.stderr, flush=True)
        runs.append(openspiel_hands_per_second(args.hands, args.seed + r))
    theirs = statistics.median(runs)
    print(
        f"openspiel euchre {args.hands} random complete hands: {theirs:,.0f} hands/s "
        f"(runs: {', '.join(f'{x:,.0f}' for x in runs)})"
    )
    print(f"hands/s ours={ours:.0f} openspiel={theirs:.0f} ratio={ours / theirs:.2f}")


if __name__ == "__main__":
    main()
