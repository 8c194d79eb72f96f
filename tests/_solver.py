"""A pytest plugin every run loads (``-p _solver`` in pyproject.toml): the doctests of
the solver's two modules run on their plain sources.

Where the solver runs compiled (``tools/compile_solver.py``), the module
``hasenpfeffer_core.analysis.solver`` is the compiled one, and pytest's doctest
collection of ``solver.py`` (and ``points_solver.py``) stops at "import file mismatch".
Those two files are then left out of the run, and ``tests/test_fast.py`` runs their
doctests on the plain sources (``HP_PLAIN_SOLVER=1``) in a process of its own. (Named
on the command line, a file is collected whatever this says: run their doctests alone
as ``HP_PLAIN_SOLVER=1 pytest hasenpfeffer_core/analysis/solver.py``.)"""

from __future__ import annotations

from pathlib import Path

#: the solver's modules, as the package holds them
SOURCES = tuple(
    Path(__file__).resolve().parent.parent / "hasenpfeffer_core" / "analysis" / name
    for name in ("solver.py", "points_solver.py")
)


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if collection_path.resolve() in SOURCES:
        from hasenpfeffer_core.analysis.fast import compiled

        if compiled():
            return True
    return None
