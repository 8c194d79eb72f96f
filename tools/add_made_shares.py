"""Add to the stored puzzles the share of deals each choice makes the bid on.

    .venv/bin/python tools/add_made_shares.py [--workers 1]

The hint gives the score as the reason for a move that takes fewer tricks than another
yet is worth more (:func:`~hasenpfeffer_core.analysis.hints.score_reason`): it makes the
bid more often, or the bid is lost and each trick costs the makers a point. It reads how
often each choice makes the bid from the judgement (``made``), which the bank made before
the judge kept it. This adds it to the puzzles of the two themes whose hints can need it
("score" and "read-the-cards"; a principle decides the others), from a second judgement
of each position on its own deals (the judge's, with the seed of the puzzle's id): the
shares are estimates over those deals, as the points are over the first. Nothing else in
a puzzle changes, and running it again gives the same file.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hasenpfeffer_core.analysis.judge import judge_decision  # noqa: E402
from hasenpfeffer_core.analysis.puzzles import Puzzle  # noqa: E402

BANK = ROOT / "hasenpfeffer_core" / "analysis" / "puzzle_bank"
THEMES = ("score", "read-the-cards")


def shares(row: dict[str, Any]) -> list[float] | None:
    """The share of deals each of the stored options makes the bid on (None for a bid:
    the judge keeps no such share for the auction)."""
    puzzle = Puzzle.from_data(row)
    again = judge_decision(puzzle.view, random.Random(f"made {puzzle.id}"))
    if not again.made:
        return None
    by_name = {str(a): m for a, m in again.made.items()}
    return [round(by_name[name], 6) for name in row["judged"]["options"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    for theme in THEMES:
        path = BANK / f"{theme}.json"
        rows = json.loads(path.read_text("utf-8"))
        todo = rows
        with ProcessPoolExecutor(args.workers) as pool:
            found = list(tqdm(pool.map(shares, todo), total=len(todo), desc=theme))
        for row, made in zip(todo, found, strict=True):
            if made is not None:
                row["judged"]["made"] = made
        path.write_text(json.dumps(rows, ensure_ascii=False, separators=(",", ":")) + "\n", "utf-8")


if __name__ == "__main__":
    main()
