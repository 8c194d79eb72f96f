"""The live copy of the lessons: a JupyterLite site, served by the docs site under ``live/``.

Everything the live copy needs is served by the site itself, so it works offline and
asks no CDN for anything, at build time or in the browser:

* Pyodide's core files come from the npm package ``pyodide``, at the exact version the
  Pyodide kernel (``jupyterlite-pyodide-kernel``) was made for;
* the wheels the kernel loads from next to ``pyodide-lock.json`` (micropip, IPython,
  jedi, tqdm and what they need; a package the lock file lists is always fetched from
  there, never from ``pypi/``) are downloaded from PyPI by the exact versions in the lock
  file, whose sha256 entries are then set to the downloaded files' hashes;
* the site's ``pypi/`` folder holds the project's own wheel (built from this checkout)
  and ipywidgets, jupyterlab_widgets and comm, at the versions installed here (the
  widget front end the build copies is the installed ``jupyterlab_widgets``); the
  kernel's fallback to PyPI is switched off.

The lessons are copied with the Lite kernelspec and one install cell added at the top
(``%pip install hasenpfeffer_core ipywidgets tqdm``, from the site's own ``pypi/``): the
notebooks in ``lessons/`` stay as they are for JupyterLab. Every lesson is in the live
copy: the lessons need nothing beyond the package, ipywidgets, tqdm (the progress bars)
and the standard library (their charts are SVG drawn by
``hasenpfeffer_core.faces.charts``, not matplotlib, whose Pyodide wheels exist only on
Pyodide's CDN).

Downloads and the built copy are cached in the git-ignored ``build/lite-cache/`` (the
copy under a hash of all its inputs), so a rebuild of the docs only copies the folder.
Run ``python docs_hooks/hp_lite.py OUT`` to build the live copy alone.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.hooks.hasenpfeffer")

ROOT = Path(__file__).resolve().parent.parent
LESSONS = Path(os.environ.get("HP_LESSONS_DIR", ROOT / "lessons"))
CACHE = Path(os.environ.get("HP_LITE_CACHE", ROOT / "build" / "lite-cache"))
#: Where the live copy goes inside the docs site.
LIVE_DIR = "live"
#: The kernelspec notebooks need in JupyterLite's Pyodide kernel.
LITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
#: What the kernel loads from next to pyodide-lock.json (with everything they depend on).
KERNEL_NEEDS = ("micropip", "packaging", "ipython", "jedi", "parso", "tqdm")
#: What the lessons install from the site's pypi/ folder, besides the project's wheel.
WIDGET_WHEELS = ("ipywidgets", "jupyterlab_widgets", "comm")
INSTALL_TAG = "hp-live-install"
INSTALL_CELL = (
    "# Added by the live copy's build: installs the lessons' packages from this site.\n"
    "%pip install hasenpfeffer_core ipywidgets tqdm"
)
#: Files of the npm package that the site does not serve.
_PYODIDE_SKIP = re.compile(r"(\.map|\.d\.ts|\.html|README\.md)$")


@dataclass(frozen=True)
class LiveLesson:
    name: str  # file stem
    source: Path


def live_lessons() -> list[LiveLesson]:
    """Every lesson: all of them are in the live copy."""
    from hp_lessons import lesson_files

    return [LiveLesson(path.stem, path) for path in lesson_files()]


def live_url(lesson: str) -> str:
    """The live copy's address of a lesson, relative to the site root."""
    return f"{LIVE_DIR}/notebooks/index.html?path={lesson}.ipynb"


# --- inputs ----------------------------------------------------------------------------


def _run(cmd: list[str], cwd: Path | None = None) -> None:
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}")


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


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
        _run([npm, "pack", f"pyodide@{version}", "--pack-destination", str(tgz_dir)])
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


def _closure(packages: dict[str, Any], names: tuple[str, ...]) -> list[str]:
    seen: list[str] = []
    todo = list(names)
    while todo:
        name = todo.pop().lower().replace("_", "-")
        if name in seen:
            continue
        if name not in packages:
            raise RuntimeError(f"pyodide-lock.json has no package {name!r}")
        seen.append(name)
        todo += packages[name].get("depends", [])
    return sorted(seen)


def _pypi_wheel(name: str, version: str, python: str) -> Path:
    """A pure-Python wheel of ``name==version`` from PyPI (cached)."""
    dest = CACHE / "wheels" / f"{name}-{version}"
    found = sorted(dest.glob("*.whl"))
    if not found:
        dest.mkdir(parents=True, exist_ok=True)
        log.info("downloading %s==%s from PyPI", name, version)
        _run(
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


def kernel_files(pyodide: Path, out: Path) -> None:
    """Pyodide with the wheels the kernel loads and a lock file that matches them."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    python = ".".join(lock["info"]["python"].split(".")[:2])
    shutil.copytree(pyodide, out)
    for name in _closure(lock["packages"], KERNEL_NEEDS):
        entry = lock["packages"][name]
        wheel = _pypi_wheel(entry["name"], entry["version"], python)
        shutil.copyfile(wheel, out / wheel.name)
        entry["file_name"] = wheel.name
        entry["sha256"] = _sha256(wheel)
    (out / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")


def project_wheel() -> Path:
    """The project's wheel, built from a clean copy of this checkout (cached by content)."""
    h = hashlib.sha256()
    files = [ROOT / "pyproject.toml", ROOT / "README.md"]
    files += sorted(p for p in (ROOT / "hasenpfeffer_core").rglob("*") if p.is_file())
    files = [p for p in files if "__pycache__" not in p.parts]
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
        _run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dest), "."],
            cwd=src,
        )
    found = sorted(dest.glob("*.whl"))
    if len(found) != 1:
        raise RuntimeError(f"building the project's wheel gave {found}")
    shutil.rmtree(dest.parent / "tmp", ignore_errors=True)
    return found[0]


def lite_notebook(source: Path) -> dict[str, Any]:
    """The lesson as the live copy has it: Lite kernelspec, install cell first, no outputs."""
    nb: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    nb.setdefault("metadata", {})["kernelspec"] = dict(LITE_KERNELSPEC)
    cells = nb.setdefault("cells", [])
    for cell in cells:
        if cell.get("cell_type") == "code":
            cell["outputs"], cell["execution_count"] = [], None
    cells[:] = [c for c in cells if INSTALL_TAG not in c.get("metadata", {}).get("tags", [])]
    first_code = next((i for i, c in enumerate(cells) if c.get("cell_type") == "code"), 0)
    cell = {
        "cell_type": "code",
        "execution_count": None,
        "metadata": {"tags": [INSTALL_TAG]},
        "outputs": [],
        "source": INSTALL_CELL.splitlines(keepends=True),
    }
    if nb.get("nbformat", 4) >= 4 and nb.get("nbformat_minor", 0) >= 5:
        cell["id"] = INSTALL_TAG
    cells.insert(first_code, cell)
    return nb


def _lite_config() -> dict[str, Any]:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Hasenpfeffer lessons (live)",
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True}
            },
        },
    }


# --- the build -------------------------------------------------------------------------


def _stage(stage: Path) -> None:
    """The Lite build's input folder: config, Pyodide, wheels and the lessons."""
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    (stage / "jupyter-lite.json").write_text(json.dumps(_lite_config(), indent=1), "utf-8")
    kernel_files(pyodide_dist(), stage / "static" / "pyodide")
    pypi = stage / "pypi"
    pypi.mkdir()
    shutil.copy(project_wheel(), pypi)
    for name in WIDGET_WHEELS:
        shutil.copy(_pypi_wheel(name, metadata.version(name), pyodide_python()), pypi)
    contents = stage / "contents"
    contents.mkdir()
    for lesson in live_lessons():
        nb = lite_notebook(lesson.source)
        (contents / lesson.source.name).write_text(
            json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )


def _inputs_key() -> str:
    h = hashlib.sha256()
    h.update(Path(__file__).read_bytes())
    h.update(project_wheel().read_bytes())
    for dist in ("jupyterlite-core", "jupyterlite-pyodide-kernel", *WIDGET_WHEELS):
        h.update(f"{dist}={metadata.version(dist)}".encode())
    files = sorted(LESSONS.glob("*.ipynb"))
    for f in files:
        h.update(str(f.relative_to(LESSONS)).encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:20]


def build(out: Path) -> Path:
    """Build (or reuse the cached) live copy and put it at ``out``."""
    CACHE.mkdir(parents=True, exist_ok=True)
    key = _inputs_key()
    built = CACHE / "out" / key
    if not (built / "jupyter-lite.json").is_file():
        stage = CACHE / "stage"
        _stage(stage)
        tmp_out = CACHE / "out" / f"{key}.tmp"
        shutil.rmtree(tmp_out, ignore_errors=True)
        log.info("building the live copy of the lessons (JupyterLite)")
        _run(
            [
                sys.executable,
                "-m",
                "jupyter",
                "lite",
                "build",
                "--lite-dir",
                str(stage),
                "--contents",
                str(stage / "contents"),
                "--output-dir",
                str(tmp_out),
                "--no-sourcemaps",
                "--no-unused-shared-packages",
                "--apps",
                "notebooks",
                "--apps",
                "tree",
                "--apps",
                "lab",
            ],
            cwd=stage,
        )
        for old in (CACHE / "out").iterdir():
            if old != tmp_out:
                shutil.rmtree(old)
        tmp_out.rename(built)
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(built, out)
    return out


def size_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "live"
    build(target)
    print(f"live copy at {target}: {size_bytes(target) / 1e6:.1f} MB")
