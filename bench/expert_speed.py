"""How long the fair expert takes to decide, and its hint to appear, in CPython and in
Pyodide (a benchmark).

Run ``python bench/expert_speed.py [--hands 32] [--no-pyodide]``.

The same script plays ``--hands`` seeded hands with a fair expert at every seat (the
expert the play table and the hints use, ``make_player("expert")``). At each decision
with a real choice it times, by kind (bid, trump, discard, play), the stepped hint a
learner asks for (``stepped_hint``: the judge's move, its figures and its principle)
and then the computer's own decision, each from an empty memory of judged calls (so
neither is served by the other's work). It runs in CPython, then in Pyodide under
Node.js, with the Pyodide and the wheels of the site's live copy (``docs_hooks/lite/``
builds it, or reuses its cache): the live copy's browser runs the same WebAssembly in
the same engine (V8). It prints, for each, the median, 95th percentile and largest time
in ms against the targets (issue 25): a play within 300 ms and a bid, trump or discard
within 800 ms at the 95th percentile in CPython, each within three times that in
Pyodide. Needs ``node`` for the Pyodide half. The exit status is 0 whatever the figures are.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the package docs_hooks, the site's build

#: Runs in CPython and in Pyodide: prints {kind: [seconds, ...]} as JSON.
TIMING = r"""
import json, random, time
from hasenpfeffer_core import SEATS, HandState
from hasenpfeffer_core.analysis import judge, solver
from hasenpfeffer_core.analysis.hints import decision_kind, stepped_hint
from hasenpfeffer_core.analysis.session import make_player
from hasenpfeffer_core.analysis.view import PlayerView

times = {}
for seed in range(HANDS):
    h = HandState.new(dealer=SEATS[seed % 4], seed=seed)
    while h.to_move is not None:
        view = PlayerView.of(h, h.to_move)
        kind = decision_kind(view.legal_actions[0])
        if len(view.legal_actions) > 1:
            # the solver's tables as the game has left them, put back after the hint
            kept = (
                {k: dict(v) for k, v in solver._TT.items()},
                [dict(g) for g in solver._GEN],
                [list(c) for c in solver._CODES],
            )
            judge._CALLS.clear()
            start = time.perf_counter()
            stepped_hint(view, expert=make_player("expert", random.Random(f"hint {seed}")))
            times.setdefault(kind + " hint", []).append(time.perf_counter() - start)
            judge._CALLS.clear()
            solver._TT.clear()
            solver._TT.update(kept[0])
            for g, old in zip(solver._GEN, kept[1]):
                g.clear()
                g.update(old)
            for c, old in zip(solver._CODES, kept[2]):
                c[:] = old
        player = make_player("expert", random.Random(f"{seed}/{len(h.log)}"))
        start = time.perf_counter()
        action = player.choose(view)
        took = time.perf_counter() - start
        if len(view.legal_actions) > 1:
            times.setdefault(kind, []).append(took)
        h.apply(action)
print("HP-TIMES " + json.dumps(times))
"""

NODE = """\
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dist, script] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dist + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dist + "/" });
await py.loadPackage(["hasenpfeffer-core"], { messageCallback: () => {} });
py.setStdout({ batched: (s) => console.log(s) });
await py.runPythonAsync(readFileSync(script, "utf8"));
"""

#: The targets at the 95th percentile in CPython, in ms (in Pyodide: three times these).
TARGETS = {"bid": 800.0, "trump": 800.0, "discard": 800.0, "alone": 800.0, "play": 300.0}


def percentile(values: list[float], q: float) -> float:
    xs = sorted(values)
    pos = q * (len(xs) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def _parse(out: str) -> dict[str, list[float]]:
    line = next(x for x in out.splitlines() if x.startswith("HP-TIMES "))
    data: dict[str, list[float]] = json.loads(line.removeprefix("HP-TIMES "))
    return data


def run_cpython(script: str) -> dict[str, list[float]]:
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return _parse(proc.stdout)


def run_pyodide(script: str) -> dict[str, list[float]]:
    from docs_hooks import lite

    node = shutil.which("node")
    if node is None:
        raise SystemExit("the Pyodide half needs node (or pass --no-pyodide)")
    with tempfile.TemporaryDirectory() as tmp:
        live = lite.build(Path(tmp) / "live")
        dist = live / "static" / "pyodide"
        (Path(tmp) / "run.mjs").write_text(NODE, encoding="utf-8")
        (Path(tmp) / "timing.py").write_text(script, encoding="utf-8")
        proc = subprocess.run(
            [node, str(Path(tmp) / "run.mjs"), str(dist), str(Path(tmp) / "timing.py")],
            capture_output=True,
            text=True,
            check=True,
        )
    return _parse(proc.stdout)


def report(name: str, times: dict[str, list[float]], scale: float = 1.0) -> dict[str, float]:
    print(f"{name}: median / 95th percentile / largest (ms), decisions")
    p95s = {}
    for kind in ("bid", "trump", "discard", "alone", "play"):
        for what in (kind + " hint", kind):
            xs = [t * 1000 for t in times.get(what, [])]
            if not xs:
                continue
            p95s[what] = percentile(xs, 0.95)
            xs.sort()
            target = TARGETS[kind] * scale
            print(
                f"  {what:<13} {xs[len(xs) // 2]:7.1f} / {p95s[what]:7.1f} / {xs[-1]:7.1f}   "
                f"({len(xs)})   target p95 {target:.0f} ms"
                + ("" if p95s[what] <= target else "   OVER")
            )
    return p95s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    # 32 hands give about 490 plays: the 95th percentile is then the 25th slowest. With
    # 16 (245 plays, the 12th slowest) the same code measured the computer's play at
    # 317 and 322 ms in two runs, and with 32 at 259, 278 and 272 ms: a handful of hard
    # positions among 16 hands moved the figure.
    parser.add_argument("--hands", type=int, default=32)
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args()
    script = f"HANDS = {args.hands}\n" + TIMING
    from hasenpfeffer_core.analysis import fast, judge

    print(f"load: {os.getloadavg()[0]:.2f}")
    # CPython runs the solver compiled where make built it, on judge.SPEED times the
    # plain Python's budgets; the live copy runs the plain Python on its own budgets
    solver = (
        f"the compiled solver, {judge.SPEED} times the budgets"
        if fast.compiled()
        else "the plain Python solver"
    )
    here = report(f"CPython ({solver})", run_cpython(script))
    if args.no_pyodide:
        return
    there = report(
        "Pyodide (Node.js, the live copy's build: the plain Python solver)",
        run_pyodide(script),
        scale=3.0,
    )
    same = (
        "the same solves in both"
        if judge.SPEED == 1
        else f"CPython solving {judge.SPEED} times as much"
    )
    print(f"Pyodide / CPython, 95th percentile ({same}):")
    for kind, p95 in here.items():
        if kind in there:
            print(f"  {kind:<13} {there[kind] / p95:5.1f} x")


if __name__ == "__main__":
    main()
