"""What the judge's own doubt allows, read from ``bench/judge.py --dump`` files.

``bench/judge.py`` counts the judge's close flags against a slow reference. Where a
flag is wrong, is the judge's model at fault, or the deals its time budget allows? This
script answers from the figures the bench dumped (no solving: it runs in a second), for
each kind of decision (plays, trumps, discards):

* **noise or bias**: each gap the judge and the reference both measured (the judge's
  best against another option weighed on all the judge's deals, where the reference's
  best is the judge's), as ``z``: the difference of the two gaps in standard errors of
  that difference. Sampling noise alone gives a mean near 0 and a spread near 1; a
  judge that values the cards otherwise than the reference shows as a mean away from 0
  or a spread well above 1.
* **the close flag to expect**: position by position, the chance that a judge whose gap
  has the standard error it reported (a measurement ``N(gap, se)``, the gap the
  reference's) falls on the reference's side of the close line (under the judge's own
  rule: :data:`~hasenpfeffer_core.analysis.judge.CLOSE_POINTS` plus
  :data:`~hasenpfeffer_core.analysis.judge.LUCK` standard errors, below
  :data:`~hasenpfeffer_core.analysis.judge.CLOSE_MOST`), averaged; and the same with 2
  and 4 times the deals (the standard errors divided by the square root). Beside it, the
  share of the judge's flags right, by the same rule from the figures dumped.

Usage: ``python bench/judge_noise.py DUMP [DUMP ...]`` (the files of
``bench/judge.py --dump``, plays and calls alike).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hasenpfeffer_core.analysis.judge import CLOSE_MOST, CLOSE_POINTS, LUCK

KINDS = ("play", "trump", "discard")
NORMAL = statistics.NormalDist()


def _ranked(values: dict[str, float]) -> list[str]:
    return sorted(values, key=lambda a: -values[a])


def judge_flag(row: dict, scale: float = 1.0) -> tuple[float, float] | None:
    """The judge's gap to its runner-up and that gap's standard error (times ``scale``),
    or None where the judge had one option."""
    judged = row["judge"]
    best = row["judge_best"]
    others = [a for a in judged if a != best and a not in row.get("dominated", ())]
    if not others:
        return None
    rival = max(others, key=lambda a: judged[a][0])
    return judged[best][0] - judged[rival][0], judged[rival][1] * scale


def line(se: float) -> float:
    """The judge's close line for a gap with standard error ``se``."""
    return min(CLOSE_POINTS + LUCK * se, CLOSE_MOST)


def reference_gap(row: dict) -> float | None:
    """The reference's gap between its best two options (None with one option)."""
    ref = {a: v[0] for a, v in row["ref"].items()}
    order = _ranked(ref)
    return ref[order[0]] - ref[order[1]] if len(order) > 1 else None


def expected_right(rows: list[dict], deals: float) -> float:
    """The close flag's expected accuracy for a judge weighing ``deals`` times the deals."""
    total = 0.0
    for row in rows:
        gap = reference_gap(row)
        got = judge_flag(row, 1 / math.sqrt(deals))
        if gap is None or got is None:
            total += 1.0
            continue
        se = max(got[1], 1e-9)
        p_close = NORMAL.cdf((line(got[1]) - gap) / se)
        total += p_close if gap < CLOSE_POINTS else 1 - p_close
    return total / len(rows)


def flags_right(rows: list[dict]) -> float:
    """The share of the judge's flags (by today's rule, from its figures) that are right."""
    right = 0
    for row in rows:
        gap = reference_gap(row)
        got = judge_flag(row)
        close = got is not None and got[0] < line(got[1])
        right += close == (gap is not None and gap < CLOSE_POINTS)
    return right / len(rows)


def z_scores(rows: list[dict]) -> list[float]:
    """The judge's gaps against the reference's, in standard errors of their difference."""
    out = []
    for row in rows:
        judged, ref, best = row["judge"], row["ref"], row["judge_best"]
        if best != _ranked({a: v[0] for a, v in ref.items()})[0]:
            continue  # the reference's standard errors are of gaps to its own best
        deals = judged[best][2]
        for a, (points, se, weighed) in judged.items():
            if a == best or a not in ref or weighed < deals or se == 0:
                continue
            both = math.hypot(se, ref[a][1])
            out.append((judged[best][0] - points - (ref[best][0] - ref[a][0])) / both)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dumps", nargs="+", help="files written by bench/judge.py --dump")
    args = ap.parse_args()
    rows = [json.loads(text) for path in args.dumps for text in Path(path).read_text().splitlines()]
    print(f"close line: {CLOSE_POINTS} points plus {LUCK} standard errors, below {CLOSE_MOST}")
    print(
        "kind      positions  flags right  expected (deals x1 / x2 / x4)"
        "  gaps compared  z mean  z spread  |z| > 2"
    )
    for kind in KINDS:
        part = [r for r in rows if r["kind"] == kind]
        if not part:
            continue
        zs = z_scores(part)
        expected = " / ".join(f"{expected_right(part, k):.1%}" for k in (1, 2, 4))
        z_part = (
            f"{len(zs):13}  {statistics.mean(zs):6.2f}  {statistics.stdev(zs):8.2f}"
            f"  {sum(abs(z) > 2 for z in zs) / len(zs):7.1%}"
            if len(zs) > 1
            else f"{len(zs):13}"
        )
        print(f"{kind:8}  {len(part):9}  {flags_right(part):11.1%}  {expected:>29}  {z_part}")


if __name__ == "__main__":
    main()
