"""The wheels the live copy serves besides Pyodide's own: where each comes from.

* from PyPI (:func:`pypi_wheel`): pure-Python wheels at an exact version, the widgets'
  and the progress store's at the versions installed here, the kernel's needs at the
  versions of Pyodide's lock file (``lock_file``);
* from the installed Pyodide kernel extension (:func:`kernel_wheel`): piplite,
  pyodide-kernel and its ipykernel and widgetsnbextension stand-ins (two of them
  patched: ``patches``);
* made here: an empty stand-in for jedi (:func:`stand_in_wheel`) and the project's own
  wheel, built from this checkout (:func:`project_wheel`).

Each is cached in ``build/lite-cache/`` (``cache``).
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

from docs_hooks.lite.cache import CACHE, ROOT, log, run

#: The kernel installs jedi (IPython's smarter completion) as it starts unless told it is
#: there. The live copy serves an empty stand-in under that name instead: jedi is the
#: largest package the kernel would unpack and import (close to a second), IPython
#: completes names without it, and no lesson needs it.
JEDI_STAND_IN = ("jedi", "0.0.0", "An empty stand-in for jedi in the live lessons")
#: The kernel extension's own wheels (in its ``static/pypi``) the lock file gains.
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension-4")
#: Wheels from PyPI at the versions installed here that the lock file gains.
WIDGET_WHEELS = ("ipywidgets", "jupyterlab_widgets", "comm")
#: The progress store's, the spaced practice's and the puzzle rating's dependencies that
#: Pyodide's lock file lacks, from PyPI at the versions installed here (the store never
#: takes filelock's lock in the browser, but the project's wheel depends on it, so it is
#: served too).
STORE_WHEELS = ("fsrs", "filelock", "glicko2")


def pypi_wheel(name: str, version: str, python: str) -> Path:
    """A pure-Python wheel of ``name==version`` from PyPI (cached)."""
    dest = CACHE / "wheels" / f"{name}-{version}"
    found = sorted(dest.glob("*.whl"))
    if not found:
        dest.mkdir(parents=True, exist_ok=True)
        log.info("downloading %s==%s from PyPI", name, version)
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                python,
                "--implementation",
                "py",
                "--abi",
                "none",
                "--platform",
                "any",
                "--dest",
                str(dest),
                f"{name}=={version}",
            ]
        )
        found = sorted(dest.glob("*.whl"))
    if len(found) != 1 or not found[0].name.endswith("-none-any.whl"):
        raise RuntimeError(f"no single pure-Python wheel of {name}=={version}: {found}")
    return found[0]


#: Where ``make`` keeps the live copy's JupyterLite extensions, out of JupyterLab's
#: path (JupyterLab loads every extension it finds, and the Pyodide kernel's failed in
#: its console: see the Makefile).
LITE_EXTENSIONS = Path(sys.prefix) / "share" / "jupyter" / "lite-labextensions"


def labextension(name: str) -> Path:
    """An installed labextension's folder (the one holding its package.json): where
    ``make`` moves JupyterLite's, or where JupyterLab finds its own."""
    from jupyter_core.paths import jupyter_path

    for base in [str(LITE_EXTENSIONS), *jupyter_path("labextensions")]:
        folder = Path(base) / name
        if (folder / "package.json").is_file():
            return folder
    raise RuntimeError(f"the live copy needs the labextension {name}, which is not installed")


def kernel_wheel(stem: str) -> Path:
    """One of the Pyodide kernel extension's own wheels, by the start of its file name."""
    pypi = labextension("@jupyterlite/pyodide-kernel-extension") / "static" / "pypi"
    found = sorted(pypi.glob(f"{stem}*-none-any.whl"))
    if len(found) != 1:
        raise RuntimeError(f"the Pyodide kernel extension has no single {stem} wheel: {found}")
    return found[0]


def stand_in_wheel(name: str, version: str, summary: str) -> Path:
    """A wheel of distribution ``name`` with metadata only (no module), cached."""
    dest = CACHE / "stand-ins" / f"{name}-{version}-py3-none-any.whl"
    if dest.is_file():
        return dest
    info = f"{name}-{version}.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        f"Summary: {summary}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: hp_lite\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n",
    }
    record = []
    for path, text in files.items():
        digest = hashlib.sha256(text.encode()).digest()
        b64 = base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
        record.append(f"{path},sha256={b64},{len(text.encode())}")
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,"]) + "\n"
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        for path, text in files.items():
            z.writestr(zipfile.ZipInfo(path, (1980, 1, 1, 0, 0, 0)), text)
    tmp.replace(dest)
    return dest


def project_wheel() -> Path:
    """The project's wheel, built from a clean copy of this checkout (cached by content)."""
    h = hashlib.sha256()
    files = [ROOT / "pyproject.toml", ROOT / "README.md"]
    files += sorted(p for p in (ROOT / "hasenpfeffer_core").rglob("*") if p.is_file())
    # not the solver compiled for this CPython (tools/compile_solver.py): the live copy
    # runs the plain Python it is compiled from
    files = [
        p
        for p in files
        if "__pycache__" not in p.parts
        and p.suffix not in (".so", ".pyd")
        and p.name != "compiled.json"
    ]
    for f in files:
        h.update(str(f.relative_to(ROOT)).encode())
        h.update(f.read_bytes())
    dest = CACHE / "project" / h.hexdigest()[:16]
    found = sorted(dest.glob("*.whl"))
    if found:
        return found[0]
    log.info("building the project's wheel")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        for f in files:
            target = src / f.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, target)
        run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dest), "."],
            cwd=src,
        )
    found = sorted(dest.glob("*.whl"))
    if len(found) != 1:
        raise RuntimeError(f"building the project's wheel gave {found}")
    shutil.rmtree(dest.parent / "tmp", ignore_errors=True)
    return found[0]
