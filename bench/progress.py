"""How fast the learner's progress is: recording an answer, and opening the progress page
with 10,000 answers stored.

    .venv/bin/python bench/progress.py [--answers 10000] [--records 1000]

The store is filled with a learner's year: sessions of 20 to 80 answers on most days,
each answer tagged with one to three concepts, about four in five right, some with hints,
and the lessons' exercises. Then it times, each several times:

* recording one more answer (p50, p95): the targets are a p95 of at most 5 ms;
* the summary of a store opened afresh (as a new kernel or ``hasenpfeffer progress``
  does), with the schedule's cache in place and without it;
* the progress page (the ``ProgressView`` widget, built as in a notebook): at most 200 ms;
* ``hasenpfeffer progress`` on a store of a million answers (written straight to the file,
  as years of answers would be), as a command of its own: the first run with no cache,
  then the median and worst of several runs with the cache the first one wrote, with
  each run's peak memory. Targets: within 2 s and 300 MB.

Everything runs in a temporary folder; the learner's own store is never touched.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hasenpfeffer_core.analysis.practice import CACHE_NAME, CONCEPTS, LESSONS, summary
from hasenpfeffer_core.analysis.progress import FILE_NAME, Event, ProgressStore


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


def fill_file(home: Path, answers: int, rng: random.Random) -> int:
    """A store of ``answers`` answers written straight to the file (recording each one
    through the lock would take an hour); its size in bytes."""
    keys = [c.key for c in CONCEPTS]
    start = datetime(2020, 1, 6, 18, 0, tzinfo=UTC)
    step = (datetime(2026, 11, 1, tzinfo=UTC) - start) / answers
    path = home / FILE_NAME
    with open(path, "wb") as f:
        f.write(json.dumps({"format": "hasenpfeffer-progress", "version": 1}).encode() + b"\n")
        lines = []
        for i in range(answers):
            lesson = rng.choice(list(LESSONS))
            exercise = rng.random() < 0.1
            lines.append(
                Event.answer(
                    "exercise" if exercise else rng.choice(["quiz", "practice"]),
                    f"lesson {lesson} exercise {rng.randrange(LESSONS[lesson][1])}"
                    if exercise
                    else f"question {i}",
                    rng.sample(keys, rng.randrange(1, 4)),
                    right=rng.random() < 0.8,
                    hints=rng.choice([0, 0, 0, 0, 1]),
                    lesson=lesson if exercise else None,
                    kind="" if exercise else "trick-winner",
                    when=start + step * i,
                ).line()
            )
            if len(lines) >= 10_000:
                f.write(b"".join(lines))
                lines.clear()
        f.write(b"".join(lines))
    return path.stat().st_size


def command(home: Path) -> tuple[float, float]:
    """``hasenpfeffer progress`` run as a command in ``home``: seconds and peak MB."""
    env = {**os.environ, "HASENPFEFFER_HOME": str(home), "HASENPFEFFER_LANG": "en"}
    t = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "hasenpfeffer_core.faces.cli", "progress"],
        env=env,
        stdout=subprocess.DEVNULL,
    )
    _pid, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"hasenpfeffer progress ended with {proc.returncode}")
    return seconds, usage.ru_maxrss / 1024  # kilobytes on Linux


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
    ap.add_argument(
        "--big", type=int, default=1_000_000, help="answers in the large store (0: skip it)"
    )
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
    if args.big:
        big_store(args.big, min(args.runs, 5))


def big_store(answers: int, runs: int) -> None:
    print()
    print(f"hasenpfeffer progress on a store of {answers:,} answers:", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        t = time.perf_counter()
        size = fill_file(home, answers, random.Random(2027))
        print(f"  (store written in {time.perf_counter() - t:.0f} s: {size / 1e6:.0f} MB)")
        first, first_mb = command(home)
        print(f"  first run, no cache yet: {first:.2f} s, {first_mb:.0f} MB", flush=True)
        figures = [command(home) for _ in range(runs)]
    seconds = [f[0] for f in figures]
    peak = max(f[1] for f in figures)
    print(
        f"  with the cache ({runs} runs, median / worst): {statistics.median(seconds):.2f} / "
        f"{max(seconds):.2f} s, at most {peak:.0f} MB (targets <= 2 s, <= 300 MB)"
    )


if __name__ == "__main__":
    main()
