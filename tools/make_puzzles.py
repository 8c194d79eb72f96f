"""Make the puzzle bank: hands played by the fair expert, and their clear moments.

    .venv/bin/python tools/make_puzzles.py [--hands 900] [--seed 2026] [--workers 2]

Every hand is dealt from ``--seed`` and its number, and every seat is a fair expert
seeded the same way, so the bank is the same on every run with the same arguments
(whatever the number of workers) and the same solver: where the solver runs compiled
(:mod:`~hasenpfeffer_core.analysis.fast`), the judge weighs more deals in the same time
(``judge.SPEED``), so its play, and the hands, differ. (The bank in the package was made
with the plain solver. A moment is kept only where its answer is clear on two
judgements, so its answer does not hang on the budget: ``tests/test_puzzles.py`` judges
100 of them again, on other deals, with whichever solver runs the tests.) At each decision the expert's own judgement
(:mod:`hasenpfeffer_core.analysis.judge`, as the hints use it) is looked at: a moment is
kept when one move (with any card that is its exact twin) leads every other by at least
``MARGIN`` points and by more than the judge's doubt, and a second judgement on other
deals, every card valued by best play for points, agrees (it finds the same answer, and
every other move clearly worse). Each kept moment is then tried on weaker players (a
random player, the rule of thumb, the expert on four deals) to measure its difficulty,
and given its theme: the principle the answer shows (one the judge agrees with), the
score where it outweighs the usual principle, or none ("read the unseen cards").

The bank is written to ``hasenpfeffer_core/analysis/puzzle_bank/``: one file per theme (at
most ``--per-theme`` puzzles each, the first found) and ``index.json`` (each theme's
puzzles with their ratings). The counts per theme and per difficulty band are printed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hasenpfeffer_core.analysis.bots import (  # noqa: E402
    Advice,
    FairExpert,
    RuleOfThumbPlayer,
)
from hasenpfeffer_core.analysis.hints import agrees, outweighed  # noqa: E402
from hasenpfeffer_core.analysis.judge import Judgement, judge_decision  # noqa: E402
from hasenpfeffer_core.analysis.principles import reasons_for  # noqa: E402
from hasenpfeffer_core.analysis.puzzles import (  # noqa: E402
    BANDS,
    MARGIN,
    THEMES,
    Puzzle,
    rating_of,
)
from hasenpfeffer_core.analysis.solver import card_runs  # noqa: E402
from hasenpfeffer_core.analysis.view import PlayerView  # noqa: E402
from hasenpfeffer_core.engine.actions import Action, Play  # noqa: E402
from hasenpfeffer_core.engine.cards import DECK  # noqa: E402
from hasenpfeffer_core.engine.seats import Seat  # noqa: E402
from hasenpfeffer_core.engine.state import HandState, Phase  # noqa: E402
from hasenpfeffer_core.engine.tricks import trump_key  # noqa: E402

OUT = ROOT / "hasenpfeffer_core" / "analysis" / "puzzle_bank"
#: The phases in which a seat decides something.
DECIDING = (Phase.AUCTION, Phase.TRUMP, Phase.DISCARD, Phase.ALONE, Phase.PLAY)
#: How many times the expert on few deals tries each puzzle, and on how many deals.
FEW_TRIES = 4
FEW_DEALS = 4


def right_answers(view: PlayerView, judged: Judgement) -> tuple[Action, ...] | None:
    """The answers of a clear moment: the best move and every card that is its exact
    twin, when every other move is worse by at least MARGIN and by more than the
    judge's doubt; else None."""
    best = judged.best
    twins: set[Action] = {best}
    if isinstance(best, Play):
        played = set(view.played)
        unplayed = sum(1 << c.index for c in DECK if c not in played)
        own = sum(1 << c.index for c in view.hand)
        for run in card_runs(own, unplayed, trump_key(view.trump)):
            if best.card.index in run:
                twins |= {a for a in judged.options if isinstance(a, Play) and a.card.index in run}
    others = [a for a in judged.options if a not in twins]
    if not others:
        return None
    if all(judged.cost(a) >= MARGIN and judged.clearly_worse(a) for a in others):
        return tuple(a for a in judged.options if a in twins)
    return None


def second_opinion(view: PlayerView, right: tuple[Action, ...], seed: int) -> bool:
    """Whether a second judgement, on other deals (every card valued by best play for
    points), finds the same answer, with every other move clearly worse."""
    again = judge_decision(view, random.Random(seed), points_from=0)
    if again.best not in right:
        return False
    return all(again.clearly_worse(a) for a in again.options if a not in right)


def misses(view: PlayerView, right: tuple[Action, ...], seed: int) -> dict[str, float]:
    """The share of each weaker player's tries that miss the answer."""
    few = 0
    for k in range(FEW_TRIES):
        expert = FairExpert(random.Random(seed + k), samples=FEW_DEALS, bid_samples=FEW_DEALS)
        few += expert.choose(view) not in right
    return {
        "random": 1 - len(right) / len(view.legal_actions),
        "thumb": float(RuleOfThumbPlayer().choose(view) not in right),
        "few": few / FEW_TRIES,
    }


def theme_of(view: PlayerView, advice: Advice) -> str:
    judged = advice.judgement
    for reason in reasons_for(view, advice.action):
        if agrees(judged, reason, advice.action):
            return reason.principle.key
    return "score" if outweighed(view, advice) else "read-the-cards"


def hand_puzzles(args: tuple[int, int]) -> list[dict[str, Any]]:
    """The clear moments of hand number ``n`` (each without its id)."""
    seed, n = args
    base = seed * 1_000_000 + n * 100
    state = HandState.new(dealer=Seat(n % 4), seed=base)
    expert = FairExpert(random.Random(base + 1))
    found = []
    step = 0
    while state.phase in DECIDING:
        seat = state.to_move
        assert seat is not None
        view = PlayerView.of(state, seat)
        advice = expert.advise(view)
        judged = advice.judgement
        right = right_answers(view, judged) if judged is not None else None
        if (
            judged is not None
            and right is not None
            and second_opinion(view, right, base + 50 + step)
        ):
            puzzle = Puzzle.make(
                "",
                state,
                judged,
                theme_of(view, advice),
                right,
                misses(view, right, base + 60 + step),
            )
            found.append(puzzle.to_data())
        state.apply(advice.action)
        step += 1
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=900)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--per-theme", type=int, default=350)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    start = time.time()
    print(f"load before: {os.getloadavg()[0]:.2f}", flush=True)
    jobs = [(args.seed, n) for n in range(args.hands)]
    by_hand: list[list[dict[str, Any]]]
    with ProcessPoolExecutor(args.workers) as pool:
        by_hand = list(
            tqdm(pool.map(hand_puzzles, jobs), total=len(jobs), desc="hands", unit="hand")
        )
    found = [p for hand in by_hand for p in hand]
    kept: dict[str, list[dict[str, Any]]] = {t.key: [] for t in THEMES}
    for p in found:
        if len(kept[p["theme"]]) < args.per_theme:
            kept[p["theme"]].append(p)
    n = 0
    for theme in kept.values():
        for p in theme:
            n += 1
            p["id"] = f"p{n:04d}"
    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("*.json"):
        old.unlink()
    index: dict[str, Any] = {"seed": args.seed, "hands": args.hands, "themes": {}}
    bands: Counter[str] = Counter()
    print(f"\n{len(found)} clear moments in {args.hands} hands; kept {n}")
    print(f"{'theme':24} {'found':>6} {'kept':>5}  " + "  ".join(f"{b:>6}" for b, _ in BANDS))
    for theme, puzzles in kept.items():
        if not puzzles:
            continue
        puzzles.sort(key=lambda p: rating_of(Puzzle.from_data(p).difficulty))
        path = args.out / f"{theme}.json"
        path.write_text(
            json.dumps(puzzles, ensure_ascii=False, separators=(",", ":")) + "\n", "utf-8"
        )
        rows = [(p["id"], Puzzle.from_data(p).rating) for p in puzzles]
        index["themes"][theme] = rows
        per = Counter(Puzzle.from_data(p).band for p in puzzles)
        bands.update(per)
        total = sum(1 for p in found if p["theme"] == theme)
        print(
            f"{theme:24} {total:6} {len(puzzles):5}  "
            + "  ".join(f"{per.get(b, 0):6}" for b, _ in BANDS)
        )
    print(
        f"{'all':24} {len(found):6} {n:5}  " + "  ".join(f"{bands.get(b, 0):6}" for b, _ in BANDS)
    )
    kinds = Counter(Puzzle.from_data(p).kind for t in kept.values() for p in t)
    print("by decision:", ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    (args.out / "index.json").write_text(json.dumps(index, separators=(",", ":")) + "\n", "utf-8")
    print(f"load after: {os.getloadavg()[0]:.2f}; {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
