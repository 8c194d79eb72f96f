"""The live copy's build: JupyterLite's own ``jupyter lite build`` over a staged folder
(its settings, Pyodide with every wheel and the lock file, the lessons), then the
notebook page's additions (``autorun``, ``previews``) and the page icons.

The built copy is cached in ``build/lite-cache/out/`` under a hash of all its inputs
(:func:`_inputs_key`: this package's sources, the project's wheel, the JupyterLite and
wheel versions, the lessons and their notes), so a rebuild of the docs only copies the
folder; one build at a time uses the cache.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

from filelock import FileLock

from docs_hooks.lite.autorun import AUTORUN, add_autorun
from docs_hooks.lite.cache import CACHE, log, run
from docs_hooks.lite.lock_file import PRELOAD, canonical, kernel_files
from docs_hooks.lite.notebooks import (
    executed_lessons,
    languages,
    lite_notebook,
    live_notebooks,
    note,
)
from docs_hooks.lite.previews import write_previews
from docs_hooks.lite.pyodide import pyodide_dist
from docs_hooks.lite.wheels import STORE_WHEELS, WIDGET_WHEELS, labextension, project_wheel

#: The labextensions the live copy serves (no others from this environment).
LAB_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension")
#: The notebook app's plugins the lessons never use, left off. Kept: the code editor,
#: completion and tooltips (a learner edits code), help, search, the file browser, and
#: every theme (the high-contrast one too).
UNUSED_PLUGINS = (
    "@jupyterlab/lsp-extension",
    "@jupyterlab/toc-extension",
    "@jupyterlab/mermaid-extension",
    "@jupyterlab/vega5-extension",
    "@jupyterlab/audio-extension",
    "@jupyterlab/video-extension",
    "@jupyterlab/logconsole-extension",
    "@jupyterlab/metadataform-extension",
    "@jupyterlab/celltags-extension",
    "@jupyterlab/cell-toolbar-extension",
    "@jupyterlab/console-extension",
    "@jupyter-notebook/console-extension",
    "@jupyterlab/mathjax-extension",
    "@jupyterlab/json-extension",
    "@jupyterlab/javascript-extension",
    # plugins of kept packages that need the ones above
    "@jupyterlab/notebook-extension:toc",
    "@jupyterlab/notebook-extension:language-server",
    "@jupyterlab/notebook-extension:update-raw-mimetype",
    "@jupyterlab/tooltip-extension:consoles",
    "@jupyterlite/application-extension:lsp-connection-manager",
)


def _lite_config() -> dict[str, Any]:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Hasenpfeffer lessons (live)",
            # plugins a lesson never uses: fewer to start, so the lesson opens sooner
            "disabledExtensions": list(UNUSED_PLUGINS),
            # the lessons' run-on-open script finds the app here
            "exposeAppInBrowser": AUTORUN,
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": [canonical(n) for n in PRELOAD]},
                }
            },
        },
    }


def _favicons(dest: Path) -> None:
    """The notebook page's icons (idle and busy), from jupyter_server as JupyterLite has them.

    The build ignores this environment's extensions (``ignore_sys_prefix``), which also
    skips JupyterLite's own copying of these icons.
    """
    from importlib.resources import files

    try:
        icons = files("jupyter_server") / "static" / "favicons"
    except ModuleNotFoundError:
        log.warning("the live copy has no page icons: jupyter_server is not installed")
        return
    dest.mkdir(parents=True, exist_ok=True)
    for icon in icons.iterdir():
        if icon.name.endswith(".ico"):
            (dest / icon.name).write_bytes(icon.read_bytes())


# --- the build -------------------------------------------------------------------------


def _stage(stage: Path, site_path: str) -> None:
    """The Lite build's input folder: config, Pyodide with the wheels, and the lessons."""
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    (stage / "jupyter-lite.json").write_text(json.dumps(_lite_config(), indent=1), "utf-8")
    # only the labextensions the lessons need, not every one installed here
    build_config = {
        "LiteBuildConfig": {
            "ignore_sys_prefix": True,
            "federated_extensions": [str(labextension(name)) for name in LAB_EXTENSIONS],
        }
    }
    (stage / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=1), "utf-8")
    kernel_files(pyodide_dist(), stage / "static" / "pyodide")
    contents = stage / "contents"
    contents.mkdir()
    executed = executed_lessons(stage / "executed")
    for lesson in live_notebooks():
        ran = executed.get(lesson.source.resolve())
        nb = lite_notebook(lesson.source, site_path, lesson.lang, ran)
        target = contents / lesson.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _inputs_key(site_path: str) -> str:
    h = hashlib.sha256()
    h.update(site_path.encode())
    for module in sorted(Path(__file__).parent.glob("*.py")):  # the live copy's build
        h.update(module.read_bytes())
    # (the saved pictures come from the executed lessons, which follow the engine's
    # sources and catalogues: the project's wheel below holds them all)
    h.update(project_wheel().read_bytes())
    for dist in ("jupyterlite-core", "jupyterlite-pyodide-kernel", *WIDGET_WHEELS, *STORE_WHEELS):
        h.update(f"{dist}={metadata.version(dist)}".encode())
    for lesson in live_notebooks():
        h.update(lesson.path.encode())
        h.update(lesson.source.read_bytes())
    for lang in languages():
        h.update(note(lang).encode())  # the note follows the catalogues
    return h.hexdigest()[:20]


def build(out: Path, site_path: str = "/") -> Path:
    """Build (or reuse the cached) live copy and put it at ``out``; ``site_path`` is the
    site's path from its host (``/`` when served at the root), for the lessons' links
    to the site's pages."""
    CACHE.mkdir(parents=True, exist_ok=True)
    # one build at a time uses the cache (two processes building the same copy at once
    # would remove each other's folders): the second waits, then reuses the first's
    with FileLock(CACHE / "build.lock"):
        return _build(out, site_path)


def _build(out: Path, site_path: str) -> Path:
    key = _inputs_key(site_path)
    built = CACHE / "out" / key
    if not (built / "jupyter-lite.json").is_file():
        # each set of inputs stages in its own folder
        stage = CACHE / "stage" / key
        _stage(stage, site_path)
        tmp_out = CACHE / "out" / f"{key}.tmp"
        shutil.rmtree(tmp_out, ignore_errors=True)
        log.info("building the live copy of the lessons (JupyterLite)")
        run(
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
        _favicons(tmp_out / "static" / "favicons")
        if AUTORUN:
            add_autorun(tmp_out)
            write_previews(stage / "contents", tmp_out)
        shutil.rmtree(stage, ignore_errors=True)
        for old in (CACHE / "out").iterdir():
            if old not in (tmp_out, built) and not old.name.endswith(".tmp"):
                shutil.rmtree(old, ignore_errors=True)
        shutil.rmtree(built, ignore_errors=True)
        tmp_out.rename(built)
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(built, out)
    return out


def size_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
