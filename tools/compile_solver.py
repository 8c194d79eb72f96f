"""Compiles the double-dummy solver to C with mypyc, for CPython (``make`` runs it).

Run ``python tools/compile_solver.py [--remove]``.

The solver (``hasenpfeffer_core/analysis/solver.py`` and ``points_solver.py``) is plain,
type-annotated Python: the live copy of the lessons runs it as it is, in Pyodide. In
CPython the same two files compiled by mypyc (from the type checker's own project, the
mypy package the tests already install) solve the same deals about twice as fast, with
the same values: the judge then weighs more deals in the same time (see
``hasenpfeffer_core.analysis.fast``). The compiled modules are written next to their
sources, with ``compiled.json``: the SHA-256 of each source they were built from. A
source changed since then makes the package use the plain Python until this runs again
(``make`` does, before the tests), so an old build never answers for new code.

Where no C compiler is found the build fails with the compiler's message and nothing is
written: the package then runs the plain Python, which is slower, and its judge weighs
fewer deals (exit status 1). ``--remove`` removes the compiled modules.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hasenpfeffer_core" / "analysis"
SOURCES = ("solver.py", "points_solver.py")
STAMP = PACKAGE / "compiled.json"
#: the shared library of the compiled modules (mypyc's "group"), named after the package
GROUP = "hasenpfeffer_core.analysis.compiled"

SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
paths = sys.argv[1:-2]
sys.argv[1:] = ["build_ext", "--inplace", "--build-temp", sys.argv[-1]]
setup(
    name="hasenpfeffer-compiled-solver",
    ext_modules=mypycify(paths, opt_level="3", group_name=GROUP),
    py_modules=[],
)
"""


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def built() -> list[Path]:
    """The compiled modules in the package (for any CPython version)."""
    stems = [Path(s).stem for s in SOURCES] + [GROUP.rsplit(".", 1)[1] + "__mypyc"]
    return sorted(p for p in PACKAGE.glob("*.so") if p.name.split(".")[0] in stems) + sorted(
        p for p in PACKAGE.glob("*.pyd") if p.name.split(".")[0] in stems
    )


def remove() -> None:
    for p in built():
        p.unlink()
    STAMP.unlink(missing_ok=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--remove", action="store_true", help="remove the compiled modules")
    args = ap.parse_args()
    remove()
    if args.remove:
        print("removed the compiled solver: the package runs the plain Python")
        return 0
    paths = [str(Path("hasenpfeffer_core/analysis") / s) for s in SOURCES]
    with tempfile.TemporaryDirectory() as tmp:
        # built from a copy of the package's sources (mypyc reads the whole package to
        # type the two modules), away from the project's pyproject.toml, which setuptools
        # would read as this build's
        src = Path(tmp) / "src"
        for f in (ROOT / "hasenpfeffer_core").rglob("*.py"):
            target = src / f.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, target)
        # the other modules are read for their types, not checked (make typecheck does that)
        (src / "mypy.ini").write_text(
            "[mypy]\nfollow_imports = silent\nignore_missing_imports = True\n"
        )
        script = Path(tmp) / "setup.py"
        script.write_text(f"GROUP = {GROUP!r}\n{SETUP}")
        env = dict(os.environ, MYPY_CACHE_DIR=str(Path(tmp) / "cache"))
        done = subprocess.run(
            [sys.executable, str(script), *paths, "--build-temp", str(Path(tmp) / "build")],
            cwd=src,
            env=env,
            capture_output=True,
            text=True,
        )
        made = [
            p
            for p in (src / "hasenpfeffer_core" / "analysis").iterdir()
            if p.suffix in (".so", ".pyd")
        ]
        if done.returncode == 0 and len(made) == len(SOURCES) + 1:
            for p in made:
                shutil.copyfile(p, PACKAGE / p.name)
    if done.returncode != 0 or len(made) != len(SOURCES) + 1:
        remove()
        sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
        print(
            "could not compile the solver (above): the package runs the plain Python, "
            "slower, and its judge weighs fewer deals",
            file=sys.stderr,
        )
        return 1
    STAMP.write_text(
        json.dumps({s: digest(PACKAGE / s) for s in SOURCES}, indent=1, sort_keys=True) + "\n"
    )
    names = ", ".join(p.name for p in built())
    print(f"compiled the solver with mypyc: {names}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
