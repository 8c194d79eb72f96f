"""Which solver runs: the compiled one, or the plain Python it is compiled from.

The double-dummy solver (:mod:`~hasenpfeffer_core.analysis.solver` and
:mod:`~hasenpfeffer_core.analysis.points_solver`) is plain Python, and runs as it is in
the live copy of the lessons (Pyodide). ``make`` also compiles the two modules to C with
mypyc (``tools/compile_solver.py``): the same code, the same values, about twice as fast
in CPython. The compiled modules sit next to their sources with ``compiled.json``, the
SHA-256 of each source they were built from. This module, run when the analysis package
is imported (before either module), makes Python import the plain sources instead where

* a source has changed since the build (an old build never answers for new code), or
* the environment variable ``HP_PLAIN_SOLVER`` is set (to a non-empty value): to compare
  the two, or to see what the live copy's judge says.

:func:`compiled` tells which one runs; the judge weighs more deals with the compiled one
(:data:`~hasenpfeffer_core.analysis.judge.SPEED`).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = ["MODULES", "compiled", "plain_reason"]

HERE = Path(__file__).resolve().parent
#: the compiled modules, by their names in the package
MODULES = ("solver", "points_solver")
_PACKAGE = __name__.rsplit(".", 1)[0]


def plain_reason() -> str | None:
    """Why the plain sources are imported where compiled modules exist, or None (where
    there are none, there is nothing to say)."""
    built = [
        m
        for m in MODULES
        if any((HERE / (m + s)).exists() for s in importlib.machinery.EXTENSION_SUFFIXES)
    ]
    if not built:
        return None
    if os.environ.get("HP_PLAIN_SOLVER"):
        return "HP_PLAIN_SOLVER is set"
    try:
        stamp = json.loads((HERE / "compiled.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "compiled.json is missing or unreadable"
    if len(built) != len(MODULES):
        return "a compiled module is missing"
    for m in MODULES:
        source = HERE / f"{m}.py"
        if stamp.get(source.name) != hashlib.sha256(source.read_bytes()).hexdigest():
            return f"{source.name} has changed since it was compiled"
    return None


class _PlainSources(importlib.abc.MetaPathFinder):
    """Finds the plain source of each of :data:`MODULES`, ahead of the compiled module."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != _PACKAGE or name not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, HERE / f"{name}.py")


def _choose() -> None:
    if plain_reason() is not None and not any(isinstance(f, _PlainSources) for f in sys.meta_path):
        sys.meta_path.insert(0, _PlainSources())


def compiled() -> bool:
    """Whether the compiled solver runs (both modules imported from their C build)."""
    from . import points_solver, solver

    return all(not str(m.__file__).endswith(".py") for m in (solver, points_solver))


_choose()
