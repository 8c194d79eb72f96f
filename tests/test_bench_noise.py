"""bench/judge_noise.py: what it reads from bench/judge.py's dumps (the close flags to
expect from the judge's own doubt, and its gaps against the reference's) on rows whose
answers are known."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("judge_noise", ROOT / "bench" / "judge_noise.py")
assert _spec is not None and _spec.loader is not None
noise = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(noise)


def _row(judge_gap: float, judge_se: float, ref_gap: float, ref_se: float = 0.05) -> dict:
    """A trump decision of two options, A best for both the judge and the reference."""
    return {
        "kind": "trump",
        "judge_best": "A",
        "judge": {"A": [1.0, 0.0, 300], "B": [1.0 - judge_gap, judge_se, 300]},
        "dominated": [],
        "ref": {"A": [1.0, 0.0], "B": [1.0 - ref_gap, ref_se]},
    }


def test_a_gap_far_from_the_line_is_expected_right_and_one_on_it_half_the_time() -> None:
    far = [_row(1.0, 0.1, 1.0), _row(0.0, 0.02, 0.0)]
    assert noise.expected_right(far, 1) > 0.999
    # the reference's gap exactly on the judge's line: a coin toss
    on = [_row(0.0, 0.2, noise.line(0.2))]
    assert abs(noise.expected_right(on, 1) - 0.5) < 0.01
    # more deals make a near position surer
    near = [_row(0.3, 0.2, 0.35)]
    assert noise.expected_right(near, 1) < noise.expected_right(near, 4) < 1


def test_the_flags_are_counted_by_the_judges_rule() -> None:
    rows = [_row(0.10, 0.1, 0.05), _row(0.5, 0.1, 0.6), _row(0.1, 0.1, 0.4)]
    # close & close, not & not, close & not: two of three right
    assert abs(noise.flags_right(rows) - 2 / 3) < 1e-9


def test_z_measures_the_gaps_difference_in_standard_errors(tmp_path: Path) -> None:
    rows = [_row(0.5, 0.3, 0.1, 0.4)]
    (z,) = noise.z_scores(rows)
    assert abs(z - 0.4 / 0.5) < 1e-9
    # and the script prints a line per kind from files
    dump = tmp_path / "dump.jsonl"
    dump.write_text("\n".join(json.dumps(r) for r in rows * 3))
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "judge_noise.py"), str(dump)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "trump" in out and "play" not in out.split("\n", 2)[2]
