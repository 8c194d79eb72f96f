"""The solver compiled by mypyc (``tools/compile_solver.py``, run by ``make``) and the
plain Python it is compiled from, which the live copy of the lessons runs: the same
values, and never an old build answering for changed sources."""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hasenpfeffer_core.analysis import fast, judge

ROOT = Path(__file__).resolve().parent.parent

#: Solves deals with both solvers' entry points and judges a play and a trump on fixed
#: deals; prints what it found as JSON, and which solver ran.
PROBE = r"""
import json, random, sys
from hasenpfeffer_core import SEATS, HandState
from hasenpfeffer_core.analysis import fast, judge
from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer
from hasenpfeffer_core.analysis.points_solver import points_value
from hasenpfeffer_core.analysis.solver import solve_masks
from hasenpfeffer_core.analysis.view import PlayerView

rng = random.Random(5)
values = []
for _ in range(40):
    cards = list(range(25))
    rng.shuffle(cards)
    masks = [sum(1 << c for c in cards[6 * s : 6 * s + 6]) for s in range(4)]
    tk, leader = rng.randrange(5), rng.randrange(4)
    net = [rng.choice([-3, -2, -1, 0, 1, 2, 3, 4, 5, 6]) for _ in range(7)]
    values.append([solve_masks(masks, tk, leader), points_value(masks, tk, leader, (), 0, net)])
judged = []
for seed in range(4):
    h = HandState.new(dealer=SEATS[seed % 4], seed=300 + seed)
    while h.to_move is not None:
        view = PlayerView.of(h, h.to_move)
        kind = type(view.legal_actions[0]).__name__
        if len(view.legal_actions) > 1 and kind in ("Play", "NameTrump"):
            if kind == "Play":
                j = judge.judge_play(view, random.Random(seed), max_deals=24)
            else:
                j = judge.judge_trump(view, random.Random(seed), max_deals=24)
            judged.append(sorted((str(a), p) for a, p in j.points.items()))
        h.apply(RuleOfThumbPlayer().choose(view))
print(json.dumps({"compiled": fast.compiled(), "values": values, "judged": judged}))
"""


def _probe(plain: bool) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "HP_PLAIN_SOLVER"}
    if plain:
        env["HP_PLAIN_SOLVER"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    found: dict[str, object] = json.loads(done.stdout)
    return found


def test_the_compiled_solver_gives_the_plain_pythons_values() -> None:
    """40 random deals solved for tricks and for points, and a play and a trump judged
    on the same 24 deals at each decision of four hands: the compiled solver and the
    plain Python (as the live copy runs it) must give the same numbers, to the last
    bit. Under CI (where ``make`` builds it) the compiled solver must be there: the
    notebooks' judge is the compiled one."""
    compiled, plain = _probe(False), _probe(True)
    assert plain["compiled"] is False
    if not compiled["compiled"]:
        assert not os.environ.get("CI"), "make test should have compiled the solver"
        pytest.skip("the solver is not compiled here (run tools/compile_solver.py)")
    assert compiled["values"] == plain["values"]
    assert compiled["judged"] == plain["judged"] and len(plain["judged"]) >= 20  # type: ignore[arg-type]


def test_the_judge_spends_more_where_the_solver_is_compiled() -> None:
    """The same time buys more deals with the compiled solver: the judge's budgets are
    the plain Python's times :data:`~hasenpfeffer_core.analysis.judge.SPEED`, which is
    1 for the plain Python (the live copy's budgets are the ones its speed was measured
    on)."""
    plain = json.loads(
        subprocess.run(
            [
                sys.executable,
                "-c",
                "import json; from hasenpfeffer_core.analysis import judge; "
                "print(json.dumps([judge.SPEED, judge.SOLVES, judge.CALL_WORK]))",
            ],
            cwd=ROOT,
            env={**os.environ, "HP_PLAIN_SOLVER": "1"},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    assert plain == [1, [290, 580, 2000, 2000, 2000, 2000], 130_000]
    if fast.compiled():
        assert judge.SPEED > 1 and judge.SOLVES[0] == round(judge.SPEED * 290)


def _build(tmp: Path, *, stamp: dict[str, str] | None, modules: tuple[str, ...]) -> None:
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for m in fast.MODULES:
        (tmp / f"{m}.py").write_text(f"# {m}\n")
    for m in modules:
        (tmp / f"{m}{suffix}").write_bytes(b"")
    if stamp is not None:
        (tmp / "compiled.json").write_text(json.dumps(stamp))


def _digests(tmp: Path) -> dict[str, str]:
    return {
        f"{m}.py": hashlib.sha256((tmp / f"{m}.py").read_bytes()).hexdigest() for m in fast.MODULES
    }


def test_an_old_build_never_answers_for_changed_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The package imports the plain sources where the compiled modules were built from
    other sources (edited since), where the record of what they were built from is
    missing, where one is missing, or where asked to; and the compiled ones only where
    each source is the one they were built from."""
    monkeypatch.setattr(fast, "HERE", tmp_path)
    monkeypatch.delenv("HP_PLAIN_SOLVER", raising=False)
    _build(tmp_path, stamp=None, modules=())
    assert fast.plain_reason() is None  # nothing compiled: nothing to say
    _build(tmp_path, stamp=None, modules=fast.MODULES)
    assert fast.plain_reason() == "compiled.json is missing or unreadable"
    _build(tmp_path, stamp=_digests(tmp_path), modules=fast.MODULES)
    assert fast.plain_reason() is None
    (tmp_path / "points_solver.py").write_text("# points_solver, edited\n")
    assert fast.plain_reason() == "points_solver.py has changed since it was compiled"
    _build(tmp_path, stamp=_digests(tmp_path), modules=fast.MODULES)
    monkeypatch.setenv("HP_PLAIN_SOLVER", "1")
    assert fast.plain_reason() == "HP_PLAIN_SOLVER is set"
    monkeypatch.delenv("HP_PLAIN_SOLVER")
    for p in tmp_path.glob("solver.*"):
        if p.suffix != ".py":
            p.unlink()
    assert fast.plain_reason() == "a compiled module is missing"


def test_an_edited_source_is_imported_plain(tmp_path: Path) -> None:
    """End to end: a copy of the package whose solver was compiled, then edited,
    imports the plain (edited) source, and the compiled build again once the source is
    what it was built from."""
    if not fast.compiled():
        pytest.skip("the solver is not compiled here")
    package = ROOT / "hasenpfeffer_core"
    copy = tmp_path / "hasenpfeffer_core"
    for f in package.rglob("*"):
        if f.is_file() and "__pycache__" not in f.parts:
            target = copy / f.relative_to(package)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(f.read_bytes())
    probe = (
        "from hasenpfeffer_core.analysis import fast, solver; "
        "print(fast.compiled(), solver.__file__.endswith('.py'))"
    )

    def run() -> str:
        env = {k: v for k, v in os.environ.items() if k != "HP_PLAIN_SOLVER"}
        return subprocess.run(
            [sys.executable, "-c", probe],
            cwd=tmp_path,
            env={**env, "PYTHONPATH": str(tmp_path)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()[0]

    assert run() == "True"
    source = copy / "analysis" / "solver.py"
    kept = source.read_bytes()
    source.write_bytes(kept + b"\n# edited\n")
    assert run() == "False"
    source.write_bytes(kept)
    assert run() == "True"


def test_the_live_copys_wheel_leaves_the_compiled_solver_out() -> None:
    """The project's wheel for the live copy (Pyodide) holds the plain sources only:
    a module compiled for this CPython cannot load there."""
    import zipfile

    from docs_hooks.lite.wheels import project_wheel

    names = zipfile.ZipFile(project_wheel()).namelist()
    assert "hasenpfeffer_core/analysis/solver.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd")) or n.endswith("compiled.json")]


def test_the_solvers_doctests_pass_on_the_plain_sources() -> None:
    """The doctests of ``solver.py`` and ``points_solver.py`` (left out of a run where
    the compiled modules are imported: see ``tests/_solver.py``) pass on the plain
    sources, in a process that imports them."""
    from _solver import SOURCES

    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *map(str, SOURCES)],
        cwd=ROOT,
        env={**os.environ, "HP_PLAIN_SOLVER": "1"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert "error" not in done.stdout.lower() and " passed" in done.stdout, done.stdout[-3000:]
