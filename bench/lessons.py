"""How long each lesson takes to run top to bottom in a fresh kernel (a benchmark, not a
test: the tests check what the lessons show, this script how fast they show it).

Run ``python bench/lessons.py [--lang en it th] [--repeat 1]``. Every notebook of
``lessons/`` (English), ``lessons/it`` and ``lessons/th`` is executed with nbclient as
``make test`` executes it, and the table gives the seconds each took, against the target
of 20 s a lesson (a learner who presses "Run all" waits no longer). Progress goes to
stderr, the table to stdout; the exit status is 0 even when a target is missed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent
TARGET = 20.0


def folder(lang: str) -> Path:
    return ROOT / "lessons" if lang == "en" else ROOT / "lessons" / lang


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", nargs="+", default=["en", "it", "th"], choices=["en", "it", "th"])
    parser.add_argument("--repeat", type=int, default=1, help="runs of each notebook")
    args = parser.parse_args(argv)
    from nbmake.nb_run import NotebookRun

    jobs = [(lang, nb) for lang in args.lang for nb in sorted(folder(lang).glob("*.ipynb"))]
    rows: list[tuple[str, str, float]] = []
    for lang, nb in tqdm(jobs * args.repeat, desc="lessons", unit="notebook", file=sys.stderr):
        start = time.perf_counter()
        result = NotebookRun(nb, 120, kernel="python3").execute()
        took = time.perf_counter() - start
        if result.error is not None:
            print(
                f"{lang}/{nb.stem}: failed at cell {result.error.failing_cell_index}",
                file=sys.stderr,
            )
        rows.append((lang, nb.stem, took))
    print(f"{'lang':4}  {'notebook':28} {'median s':>8}  target {TARGET:.0f} s")
    for lang in args.lang:
        for stem in sorted({s for lg, s, _ in rows if lg == lang}):
            times = [t for lg, s, t in rows if lg == lang and s == stem]
            median = statistics.median(times)
            flag = "" if median <= TARGET else "  MISSED"
            print(f"{lang:4}  {stem:28} {median:8.1f}{flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
