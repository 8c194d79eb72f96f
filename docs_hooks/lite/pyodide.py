"""Pyodide for the live copy: its core files, from the npm package ``pyodide`` at the
exact version the Pyodide kernel (``jupyterlite-pyodide-kernel``) was made for, fetched
with npm once and cached (``build/lite-cache/pyodide-VERSION``)."""

from __future__ import annotations

import re
import shutil
import tarfile
import tempfile
from pathlib import Path

from docs_hooks.lite.cache import CACHE, log, run

#: Files of the npm package that the site does not serve.
_PYODIDE_SKIP = re.compile(r"(\.map|\.d\.ts|\.html|README\.md)$")


def _kernel_versions() -> tuple[str, str]:
    """The Pyodide version and the Python version the Pyodide kernel was made for."""
    # jupyterlite-pyodide-kernel ships no type information (no py.typed marker)
    from jupyterlite_pyodide_kernel.constants import (  # type: ignore[import-untyped]
        PYODIDE_PYTHON_VERSION,
        PYODIDE_VERSION,
    )

    return str(PYODIDE_VERSION), str(PYODIDE_PYTHON_VERSION)


def pyodide_version() -> str:
    return _kernel_versions()[0]


def pyodide_python() -> str:
    return _kernel_versions()[1]


def pyodide_dist() -> Path:
    """Pyodide's core files from the npm package, at the version the kernel expects."""
    version = pyodide_version()
    dest = CACHE / f"pyodide-{version}"
    if (dest / "pyodide-lock.json").is_file():
        return dest
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("the live copy needs npm to fetch the `pyodide` package")
    tgz_dir = CACHE / "npm"
    tgz_dir.mkdir(parents=True, exist_ok=True)
    tgz = tgz_dir / f"pyodide-{version}.tgz"
    if not tgz.is_file():
        log.info("fetching pyodide@%s from npm", version)
        run([npm, "pack", f"pyodide@{version}", "--pack-destination", str(tgz_dir)])
    tmp = Path(tempfile.mkdtemp(dir=CACHE))
    with tarfile.open(tgz) as tar:
        tar.extractall(tmp, filter="data")
    pkg = tmp / "package"
    for f in list(pkg.iterdir()):
        if _PYODIDE_SKIP.search(f.name) or f.name == "package.json":
            f.unlink()
    shutil.rmtree(dest, ignore_errors=True)
    pkg.rename(dest)
    shutil.rmtree(tmp)
    return dest
