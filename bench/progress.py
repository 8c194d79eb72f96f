"""How fast the learner's progress is: recording an answer, and opening the progress page
with 10,000 answers stored.

    .venv/bin/python bench/progress.py [--answers 10000] [--records 1000]

The store is filled with a learner's year: sessions of 20 to 80 answers on most days,
each answer tagged with one to three concepts, about four in five right, some with hints,
and the lessons' exercises. Then it times, each several times:

* recording one more answer (p50, p95): the targets are a p95 of at most 5 ms;
* the summary of a store opened afresh (as a new kernel or ``hasenpfeffer progress``
  does), with the schedule's cache in place and without it;
* the progress page (the ``ProgressView`` widget, built as in a notebook): at most 200 ms.

Everything runs in a temporary folder; the learner's own store is never touched.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hasenpfeffer_core.analysis.practice import CACHE_NAME, CONCEPTS, LESSONS, summary
from hasenpfeffer_core.analysis.progress import Event, ProgressStore


def fill(store: ProgressStore, answers: int, rng: random.Random) -> datetime:
    """A year of a learner's answers in ``store``; the time of the last one."""
    keys = [c.key for c in CONCEPTS]
    at = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)
    n = 0
    while n < answers:
        at += timedelta(days=rng.choice([1, 1, 1, 2, 3]), minutes=rng.randrange(-90, 90))
        for _ in range(min(rng.randrange(20, 81), answers - n)):
            at += timedelta(seconds=rng.randrange(15, 90))
            lesson = rng.choice(list(LESSONS))
            if rng.random() < 0.1:
                e = Event.answer(
                    "exercise",
                    f"lesson {lesson} exercise {rng.randrange(LESSONS[lesson][1])}",
                    rng.sample(keys, 1),
                    right=rng.random() < 0.8,
                    hints=rng.choice([0, 0, 0, 1, 2]),
                    lesson=lesson,
                    when=at,
                )
            else:
                e = Event.answer(
                    rng.choice(["quiz", "practice"]),
                    f"question {n}",
                    rng.sample(keys, rng.randrange(1, 4)),
                    right=rng.random() < 0.8,
                    hints=rng.choice([0, 0, 0, 0, 1]),
                    kind="trick-winner",
                    when=at,
                )
            store.record(e)
            n += 1
    return at


def timed(fn: Callable[[], object], runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t) * 1000)
    return out


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, round(len(xs) * 0.95) - 1)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--answers", type=int, default=10_000)
    ap.add_argument("--records", type=int, default=1_000)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as home:
        os.environ["HASENPFEFFER_HOME"] = home
        store = ProgressStore(home)
        print(f"filling a store with {args.answers:,} answers ...", flush=True)
        last = fill(store, args.answers, rng)
        size = store.path.stat().st_size
        print(f"  {store.path.name}: {size / 1e6:.2f} MB")

        now = last + timedelta(hours=20)
        cache = Path(home) / CACHE_NAME

        def fresh_summary() -> object:
            return summary(ProgressStore(home), now=now)

        def no_cache_summary() -> object:
            cache.unlink(missing_ok=True)
            return summary(ProgressStore(home), now=now)

        summary(ProgressStore(home), now=now)  # writes the cache
        with_cache = timed(fresh_summary, args.runs)
        without = timed(no_cache_summary, args.runs)
        summary(ProgressStore(home), now=now)

        page: list[float] = []
        try:
            from hasenpfeffer_core.analysis import progress as progress_module
            from hasenpfeffer_core.faces.widgets import ProgressView
        except ImportError as e:  # the lessons' extra is not installed
            print(f"  (no progress page: {e})")
        else:

            def open_page() -> object:
                progress_module._OPEN.clear()  # a new kernel: nothing read yet
                return ProgressView()

            open_page()
            page = timed(open_page, args.runs)

        recs = []
        for i in range(args.records):
            e = Event.answer("quiz", f"bench {i}", ["joker", "void"], right=i % 5 != 0)
            t = time.perf_counter()
            store.record(e)
            recs.append((time.perf_counter() - t) * 1000)

    print()
    print(f"recording one answer ({args.records:,} answers, store of {args.answers:,}):")
    print(f"  p50 {statistics.median(recs):.2f} ms, p95 {p95(recs):.2f} ms (target p95 <= 5 ms)")
    print(f"the summary, store opened afresh ({args.runs} runs, median / worst):")
    print(
        f"  with the schedule's cache:    {statistics.median(with_cache):6.1f} / {max(with_cache):6.1f} ms"
    )
    print(
        f"  without it (worked out anew): {statistics.median(without):6.1f} / {max(without):6.1f} ms"
    )
    if page:
        print(
            f"the progress page (ProgressView, afresh): {statistics.median(page):.1f} / "
            f"{max(page):.1f} ms (target <= 200 ms)"
        )


if __name__ == "__main__":
    main()
