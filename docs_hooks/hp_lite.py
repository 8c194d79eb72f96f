"""The live copy of the lessons: a JupyterLite site, served by the docs site under ``live/``.

Everything the live copy needs is served by the site itself, so it works offline and
asks no CDN for anything, at build time or in the browser:

* Pyodide's core files come from the npm package ``pyodide``, at the exact version the
  Pyodide kernel (``jupyterlite-pyodide-kernel``) was made for;
* every Python package the lessons need is a wheel next to the served
  ``pyodide-lock.json``, and listed there: the kernel's own (micropip, IPython, jedi and
  what they need, downloaded from PyPI at the exact versions of Pyodide's lock file; the
  kernel's piplite, pyodide-kernel and its ipykernel and widgetsnbextension stand-ins,
  from the installed kernel extension), ipywidgets, jupyterlab_widgets and comm (at the
  versions installed here: the widget front end the build copies is the installed
  ``jupyterlab_widgets``), tqdm (the lessons' progress bars), what the learner's progress
  store needs (``fsrs`` and ``filelock`` at the versions installed here; ``platformdirs``
  and ``typing-extensions`` at the versions of Pyodide's lock file: every dependency the
  served wheels declare that Pyodide's lock file has is served from PyPI at its version)
  and the project's own wheel, built from this checkout. Each lock entry's sha256 is the
  served file's.

The learner's progress lives in the browser: the Pyodide kernel mounts JupyterLite's
drive (the browser's storage, IndexedDB) at ``/drive``, and the progress store
(``hasenpfeffer_core.analysis.progress``) keeps its file in ``/drive/.hasenpfeffer``,
so it survives a page reload. The drive is shared with a kernel only if JupyterLite's
service worker was registered when the kernel was made: on a notebook's page
(``notebooks/?path=``, where the site's links lead), every kernel start waits for that
(see ``AUTORUN_JS``); the ``lab/`` and ``tree/`` pages keep JupyterLite's own behaviour.

Speed: the kernel's ``loadPyodideOptions`` name every one of those packages, so Pyodide
fetches and unpacks them all at once while it starts (no resolver, no ``%pip install``
at run time), and the lessons import them at once. Every module is compiled to bytecode
at build time, in Pyodide itself (run by Node.js): the standard library's zip holds
bytecode only, like Pyodide's own distribution, and each wheel gains an unchecked-hash
``__pycache__`` beside its sources (tracebacks still show the source lines), so nothing
is compiled in the browser. Each lesson runs itself as it opens (a small script in the
notebook page runs its code cells in order, as Run All would, once Python has started),
and a note at its top says so and what to press to run it again.

Python takes seconds to start in a browser (longer on a busy machine), so a lesson is
useful before it is live. The lessons are copied with the Lite kernelspec, the note added
at the top (in the lesson's language), and each code cell keeps the outputs the site's
build saved when it ran the lesson (``hp_lessons``), its widgets drawn as pictures marked
as waiting for Python (``hp_pictures``); a cell's run replaces them. Until JupyterLab has
drawn the notebook, the page shows a preview of it (the same cells and pictures as plain
HTML, from ``hp-previews/``), then hands over at the cell the reader scrolled to. The
notebooks in ``lessons/`` stay as they are for JupyterLab. Every lesson is in the live
copy, in every language (English at the
top of its files, Italian in ``it/``, Thai in ``th/``, as in ``lessons/``: a lesson
speaks the language of its folder), and the lessons' other notebooks (the progress page,
``practice.ipynb``): the lessons need nothing beyond the package, ipywidgets, tqdm
and the standard library (their charts are SVG drawn by ``hasenpfeffer_core.faces.charts``,
not matplotlib, whose Pyodide wheels exist only on Pyodide's CDN).

Downloads, compiled wheels and the built copy are cached in the git-ignored
``build/lite-cache/`` (the copy under a hash of all its inputs), so a rebuild of the docs
only copies the folder. The build needs npm (for Pyodide) and Node.js (to compile).
Run ``python docs_hooks/hp_lite.py OUT`` to build the live copy alone; ``bench/live.py``
measures how soon a lesson shows its first picture and its first live widget.
"""

from __future__ import annotations

import base64
import email.parser
import hashlib
import json
import logging
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from filelock import FileLock
from hp_pictures import PREVIEW_DIR

from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.i18n import language

log = logging.getLogger("mkdocs.hooks.hasenpfeffer")

ROOT = Path(__file__).resolve().parent.parent
LESSONS = Path(os.environ.get("HP_LESSONS_DIR", ROOT / "lessons"))
CACHE = Path(os.environ.get("HP_LITE_CACHE", ROOT / "build" / "lite-cache"))
#: Where the live copy goes inside the docs site.
LIVE_DIR = "live"
#: The kernelspec notebooks need in JupyterLite's Pyodide kernel.
LITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
#: Packages of Pyodide's lock file served from PyPI (with everything they depend on).
KERNEL_NEEDS = ("micropip", "packaging", "ipython", "tqdm")
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
#: The packages Pyodide loads as it starts (their dependencies come along): what the
#: kernel itself would otherwise install with piplite, and what the lessons import.
PRELOAD = (
    "micropip",
    "piplite",
    "ipykernel",
    "comm",
    "pyodide-kernel",
    "ipython",
    "jedi",
    "ipywidgets",
    "tqdm",
    "hasenpfeffer-core",
)
#: The labextensions the live copy serves (no others from this environment).
LAB_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension")
#: The lessons run themselves as they open (see ``AUTORUN_JS``).
AUTORUN = True
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
#: A saved picture of a widget (drawn while Python starts), and a live widget (what
#: replaces it once its cell has run), as CSS selectors.
PICTURE_SELECTOR = ".hp-saved-picture"
LIVE_WIDGET_SELECTOR = ".jp-OutputArea-output .jupyter-widgets:not(.hp-saved-picture *)"
#: The tag of the note the build adds at the top of each live lesson.
NOTE_TAG = "hp-live-note"
#: The cell an older build added (it is removed if a notebook still has it).
INSTALL_TAG = "hp-live-install"
#: The languages with lessons of their own, in a folder of that name.
TRANSLATED = ("it", "th")


def note(lang: str = "en") -> str:
    """The note at the top of each live lesson, in ``lang``."""
    with language(lang):
        # Translators: at the top of a lesson in the live copy (JupyterLite); "Run ▸ Run
        # All Cells" is JupyterLab's own English menu.
        return _(
            "**This is the live copy of the lesson: it runs in your browser.** It runs "
            "itself as it opens; the first exercise appears after a few seconds. Change "
            "any code and press Shift+Enter to run it again; to run the whole lesson "
            "again, choose **Run ▸ Run All Cells**. Your changes stay in this browser only."
        )


#: The notebook page's script that runs a lesson once it has opened.
AUTORUN_FILE = "hp-autorun.js"
AUTORUN_JS = (
    """\
// Added by the live copy's build: start the lesson's kernel while the page is still
// being drawn, then run the lesson once it has opened (Run > Run All Cells).
(function () {
  "use strict";
  var path = new URLSearchParams(window.location.search).get("path");
  if (!path) return;
  var started = Date.now();
  showPreview();
  // As soon as the app has its services (before the notebook is drawn, and before the
  // app starts), hook the lesson's kernel start in.
  var hook = setInterval(function () {
    var app = window.jupyterapp;
    if (!app || !app.serviceManager) {
      if (Date.now() - started > 30000) clearInterval(hook);
      return;
    }
    clearInterval(hook);
    startEarly(app);
  }, 20);

  // The kernel (Pyodide) takes seconds to start: start it early, as soon as JupyterLite's
  // service worker is registered. The kernel shares the browser's files (the lesson, and
  // the learner's progress in /drive/.hasenpfeffer, kept in the browser's storage) only
  // if the worker is registered when the kernel is made: the early start, and every
  // other start on this page, waits until the registration has settled (at most
  // WAIT_MS ms; a failed one lets the kernel start without the drive, as JupyterLite
  // would). The notebook then finds the session of its path running and uses it (as it
  // would after a page reload); if it asked for a kernel of its own while the early one
  // was starting, it is given the early one: one kernel per lesson.
  function startEarly(app) {
    var sessions = app.serviceManager.sessions;
    var startNew = sessions.startNew;
    var early = workerSettled(app).then(function () { return startLesson(); });
    var startedEarly = false;
    var handedOver = false;

    function startLesson() {
      return sessions.ready
        .then(function () { return sessions.findByPath(path); })
        .then(function (found) {
          if (found) return null;
          return startNew.call(sessions, {
            path: path, name: path.split("/").pop(), type: "notebook",
            kernel: { name: "KERNEL_NAME" }
          });
        })
        .then(function (session) {
          // Only the notebook may listen to the kernel: a second listener would refuse
          // the widgets' messages (it knows no widgets) and close them. The kernel stays.
          if (session) {
            startedEarly = true;
            session.dispose();
          }
        })
        .catch(function (err) {
          // until the kernel's plugin has registered it, starting fails ("no factory")
          if (Date.now() - started > 30000) {
            console.warn("the kernel will start with the notebook", err);
            return null;
          }
          return new Promise(function (resolve) { setTimeout(resolve, 20); })
            .then(startLesson);
        });
    }

    sessions.startNew = function (options, connectOptions) {
      var args = arguments;
      var mine = options && options.type === "notebook" && folder(options.path) === folder(path);
      return early
        .then(function () {
          return mine && startedEarly && !handedOver ? sessions.findByPath(path) : null;
        })
        .then(function (found) {
          if (!found || handedOver) return startNew.apply(sessions, args);
          // The notebook asks for its session under a path of its own, then renames it.
          handedOver = true;
          var session = sessions.connectTo(Object.assign({}, connectOptions, { model: found }));
          return session.setPath(options.path).then(function () { return session; });
        });
    };
  }

  // A picture of the lesson (built with the live copy: its text, and each widget as it
  // looks before it is used) while JupyterLab and Python start. It gives way to the
  // notebook once the notebook has drawn its cells and outputs, at the cell the reader
  // had scrolled to.
  function showPreview() {
    var url = "../PREVIEW_DIR/" + path.split("/").map(encodeURIComponent).join("/") + ".html";
    fetch(url)
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html || notebookDrawn()) return;
        var pane = document.createElement("div");
        pane.id = "hp-preview";
        pane.setAttribute("aria-busy", "true");
        pane.innerHTML = html;
        (document.body || document.documentElement).appendChild(pane);
        var poll = setInterval(function () {
          if (!notebookDrawn() && Date.now() - started < 120000) return;
          clearInterval(poll);
          handOver(pane);
        }, 50);
      })
      .catch(function () { /* no preview: JupyterLab shows its own splash */ });
  }

  var cellsSeen = 0;
  function notebookDrawn() {
    var nb = document.querySelector(".jp-Notebook");
    if (!nb || !nb.querySelector(".jp-Cell")) return false;
    if (nb.querySelector(".jp-OutputArea-output")) return true;
    cellsSeen = cellsSeen || Date.now();
    return Date.now() - cellsSeen > 1500;  // a notebook without outputs
  }

  function handOver(pane) {
    var cells = pane.querySelectorAll(".cell");
    var top = pane.getBoundingClientRect().top + 40;
    var at = 0;
    for (var i = 0; i < cells.length; i++) {
      if (cells[i].getBoundingClientRect().bottom > top) { at = i; break; }
    }
    var panel = window.jupyterapp && window.jupyterapp.shell && window.jupyterapp.shell.currentWidget;
    var notebook = panel && panel.content;
    if (at > 0 && notebook && typeof notebook.scrollToItem === "function") {
      notebook.scrollToItem(at, "start").catch(function () {});
    }
    pane.remove();
  }

  function folder(p) {
    var i = String(p).lastIndexOf("/");
    return i < 0 ? "" : String(p).slice(0, i);
  }

  // Settles once JupyterLite has registered its service worker, or failed to.
  function workerSettled(app) {
    var sw = navigator.serviceWorker;
    if (!sw) return Promise.resolve();
    var limit = new Promise(function (resolve) { setTimeout(resolve, WAIT_MS); });
    var ready = workerManager(app).then(function (manager) {
      // the manager's `ready` settles once it has the registration (or has failed)
      return manager ? manager.ready : registered(sw);
    });
    return Promise.race([ready, limit]).catch(function () { return null; });
  }

  // JupyterLite's service worker manager, from the app's plugin registry (null if this
  // version of JupyterLite keeps it elsewhere).
  function workerManager(app) {
    var registry = app.pluginRegistry;
    var services = registry && registry._services;
    if (!services || typeof services.keys !== "function") return Promise.resolve(null);
    var token = Array.from(services.keys()).find(function (t) {
      return t && t.name === "WORKER_TOKEN";
    });
    if (!token) return Promise.resolve(null);
    return registry.resolveOptionalService(token).catch(function () { return null; });
  }

  // Without the manager: the browser's own word that a worker is registered.
  function registered(sw) {
    return new Promise(function (resolve) {
      var poll = setInterval(function () {
        sw.getRegistration().then(function (reg) {
          if (reg) {
            clearInterval(poll);
            setTimeout(resolve, 0);  // JupyterLite notes the registration just after
          }
        });
      }, 20);
    });
  }

  var timer = setInterval(function () {
    var app = window.jupyterapp;
    var panel = app && app.shell && app.shell.currentWidget;
    if (!panel || !panel.context || !panel.sessionContext || !panel.content) {
      if (Date.now() - started > 120000) clearInterval(timer);
      return;
    }
    clearInterval(timer);
    panel.context.ready
      .then(function () { return panel.sessionContext.ready; })
      .then(function () {
        // once Python answers (each cell's picture stays until its cell runs)
        var kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
        return kernel ? kernel.info : null;
      })
      .then(function () { return runInOrder(app, panel); })
      .catch(function (err) { console.error("the lesson could not run itself", err); });
  }, 50);

  // Run the code cells one after another, as Run All Cells would, stopping at an error;
  // but each cell's saved picture stays until that cell runs (Run All clears every
  // output at once, and the lesson would be blank until Python has caught up).
  function runInOrder(app, panel) {
    var cells = panel.content.widgets.filter(function (c) { return c.model.type === "code"; });
    var execute = cells.length ? cells[0].constructor.execute : null;
    if (typeof execute !== "function") return app.commands.execute("notebook:run-all-cells");
    return cells.reduce(function (done, cell) {
      return done.then(function (ok) {
        if (!ok || cell.isDisposed) return false;
        return execute(cell, panel.sessionContext).then(function (reply) {
          return !(reply && reply.content && reply.content.status === "error");
        });
      });
    }, Promise.resolve(true));
  }
})();
""".replace("KERNEL_NAME", LITE_KERNELSPEC["name"])
    .replace("WORKER_TOKEN", "@jupyterlite/apputils:IServiceWorkerManager")
    .replace("WAIT_MS", "10000")
    .replace("PREVIEW_DIR", PREVIEW_DIR)
)
#: Files of the npm package that the site does not serve.
_PYODIDE_SKIP = re.compile(r"(\.map|\.d\.ts|\.html|README\.md)$")
#: Pyodide's platform, for the environment markers of the wheels' dependencies.
_MARKERS = {
    "os_name": "posix",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}

#: Compiles, in Pyodide, every wheel and zip in /in to /out (see ``compiled``). The
#: wheels named in KEEP keep their sources, with the bytecode in ``__pycache__``; in the
#: others, and in the standard library, bytecode replaces the sources, as in Pyodide's
#: own distribution. Every .pyc is unchecked-hash: it is used without reading a source.
_COMPILE_PY = r"""
import base64, hashlib, importlib.util, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

SITE = "/lib/python%d.%d/site-packages/" % sys.version_info[:2]
STDLIB = "/lib/python%d%d.zip/" % sys.version_info[:2]


def pyc(source, filename):
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))


def entry(info, name):
    out = zipfile.ZipInfo(name, info.date_time)
    out.compress_type = zipfile.ZIP_DEFLATED
    out.external_attr = info.external_attr
    return out


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_zip(src, dst, keep):
    wheel = src.endswith(".whl")
    prefix = SITE if wheel else STDLIB
    replaced, added, record = {}, [], None
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            name, data = info.filename, zin.read(info)
            if wheel and name.endswith(".dist-info/RECORD"):
                record = (info, data)
                continue
            code = None
            if name.endswith(".py") and ".data/" not in name and ".dist-info/" not in name:
                code = pyc(data, prefix + name)
            if code is None or keep:
                zout.writestr(entry(info, name), data)
            if code is None:
                continue
            target = importlib.util.cache_from_source(name) if keep else name + "c"
            zout.writestr(entry(info, target), code)
            if keep:
                added.append(record_line(target, code))
            else:
                replaced[name] = record_line(target, code)
        if record is not None:
            lines = []
            for line in record[1].decode("utf-8").splitlines():
                path = line.rsplit(",", 2)[0]
                lines.append(replaced.get(path, line))
            text = "\n".join([*lines, *added]) + "\n"
            zout.writestr(entry(record[0], record[0].filename), text.encode("utf-8"))


for name in sorted(os.listdir("/in")):
    compile_zip("/in/" + name, "/out/" + name, name in KEEP)
"""
_COMPILE_JS = """\
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dist, src, dst, script] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dist + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dist + "/" });
for (const [host, path] of [[src, "/in"], [dst, "/out"]]) {
  py.FS.mkdirTree(path);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: host }, path);
}
py.runPython(readFileSync(script, "utf8"));
"""


@dataclass(frozen=True)
class LiveLesson:
    name: str  # file stem
    source: Path
    lang: str = "en"

    @property
    def path(self) -> str:
        """The notebook's path in the live copy: ``01-the-cards.ipynb``,
        ``it/01-the-cards.ipynb``."""
        return live_path(self.name, self.lang)


def _folder(lang: str) -> Path:
    return LESSONS / lang if lang in TRANSLATED else LESSONS


def live_path(name: str, lang: str = "en") -> str:
    """A notebook's path in the live copy (its folder is its language's)."""
    return f"{lang}/{name}.ipynb" if lang in TRANSLATED else f"{name}.ipynb"


def live_lessons(lang: str = "en") -> list[LiveLesson]:
    """Every lesson of ``lang``: all of them are in the live copy."""
    from hp_lessons import lesson_files

    return [LiveLesson(path.stem, path, lang) for path in lesson_files(lang)]


def languages() -> list[str]:
    """English, and each language that has a lesson folder."""
    return ["en", *(lang for lang in TRANSLATED if any(_folder(lang).glob("*.ipynb")))]


def live_notebooks() -> list[LiveLesson]:
    """The notebooks of the live copy, language by language: every lesson, then the
    other notebooks of the lessons' folder (``practice.ipynb``, the learner's progress
    page and spaced practice, which in the live copy reads the progress kept in this
    browser)."""
    out: list[LiveLesson] = []
    for lang in languages():
        lessons = live_lessons(lang)
        named = {lesson.source.resolve() for lesson in lessons}
        others = [p for p in sorted(_folder(lang).glob("*.ipynb")) if p.resolve() not in named]
        out += [*lessons, *(LiveLesson(p.stem, p, lang) for p in others)]
    return out


def live_url(lesson: str, lang: str = "en") -> str:
    """The live copy's address of a lesson, relative to the site root."""
    return f"{LIVE_DIR}/notebooks/index.html?path={live_path(lesson, lang)}"


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


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _closure(packages: dict[str, Any], names: tuple[str, ...]) -> list[str]:
    seen: list[str] = []
    todo = list(names)
    while todo:
        name = _canonical(todo.pop())
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


def _labextension(name: str) -> Path:
    """An installed labextension's folder (the one holding its package.json)."""
    from jupyter_core.paths import jupyter_path

    for base in jupyter_path("labextensions"):
        folder = Path(base) / name
        if (folder / "package.json").is_file():
            return folder
    raise RuntimeError(f"the live copy needs the labextension {name}, which is not installed")


def _kernel_wheel(stem: str) -> Path:
    """One of the Pyodide kernel extension's own wheels, by the start of its file name."""
    pypi = _labextension("@jupyterlite/pyodide-kernel-extension") / "static" / "pypi"
    found = sorted(pypi.glob(f"{stem}*-none-any.whl"))
    if len(found) != 1:
        raise RuntimeError(f"the Pyodide kernel extension has no single {stem} wheel: {found}")
    return found[0]


def _lock_entry(wheel: Path, python: str) -> dict[str, Any]:
    """The pyodide-lock.json entry of a pure-Python wheel, from its metadata."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(z.read(info).decode("utf-8"))
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        imports = z.read(top).decode().split() if top else []
    if not imports:
        imports = sorted(
            {n.split("/")[0].removesuffix(".py") for n in names if n.endswith(".py")}
            - {n.split("/")[0] for n in names if ".dist-info/" in n or ".data/" in n}
        )
    env = dict(_MARKERS, python_version=python, python_full_version=f"{python}.0")
    depends = []
    for line in meta.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(env):
            depends.append(_canonical(req.name))
    return {
        "name": meta["Name"],
        "version": meta["Version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": _sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": sorted(set(depends)),
        "unvendored_tests": False,
    }


def compiled(files: list[Path], pyodide: Path, keep: tuple[Path, ...] = ()) -> dict[Path, Path]:
    """Each wheel (or the standard library's zip) with its modules compiled to bytecode.

    The wheels in ``keep`` keep their sources beside the bytecode (tracebacks show
    their lines); the others hold bytecode only. The compiling is done by Pyodide
    itself, run by Node.js, so the bytecode is the browser's Python's; results are
    cached by the input's hash, the way it was compiled and Pyodide's version.
    """
    cache = CACHE / "compiled" / pyodide_version()
    result = {
        f: cache / f"{_sha256(f)[:24]}-{'src' if f in keep else 'pyc'}" / f.name for f in files
    }
    todo = [f for f, out in result.items() if not out.is_file()]
    if not todo:
        return result
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("the live copy needs Node.js to compile its Python modules")
    log.info("compiling %d wheels to bytecode in Pyodide", len(todo))
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        src, dst = Path(tmp) / "in", Path(tmp) / "out"
        src.mkdir()
        dst.mkdir()
        for f in todo:
            shutil.copyfile(f, src / f.name)
        (Path(tmp) / "compile.mjs").write_text(_COMPILE_JS, encoding="utf-8")
        kept = {f.name for f in todo if f in keep}
        script_py = f"KEEP = {sorted(kept)!r}\n{_COMPILE_PY}"
        (Path(tmp) / "compile.py").write_text(script_py, encoding="utf-8")
        script = [str(Path(tmp) / "compile.mjs"), str(pyodide), str(src), str(dst)]
        _run([node, *script, str(Path(tmp) / "compile.py")])
        for f in todo:
            out = result[f]
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(dst / f.name, out)
    return result


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


#: What the kernel's comm module says before sending, and what the live copy's says.
#: Pyodide turns Python's None into JavaScript's undefined, which a message drops: a
#: widget property set back to None (ipywidgets' way to remove a colour the button was
#: given) never reached the page, so an answered quiz button kept its card face over
#: the right-or-wrong colour. The patched kernel sends None as null, as Jupyter does.
_COMM_SEND = "        get_ipython().send_comm(\n            msg_type,\n            content,"
_COMM_SEND_NULL = (
    "        get_ipython().send_comm(\n            msg_type,\n            _with_nulls(content),"
)
_COMM_NULLS = """

def _with_nulls(value):
    # Added by the live copy's build: None is sent as null (Pyodide's default is undefined).
    from pyodide.ffi import jsnull

    if value is None:
        return jsnull
    if isinstance(value, dict):
        return {key: _with_nulls(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_with_nulls(item) for item in value]
    return value
"""


#: Imports look in the current folder first ("" heads ``sys.path``), and an import that
#: finds nothing (the many optional ones: "try: import numpy") asks there too. The
#: kernel's current folder is the browser's drive, where every look is a round trip
#: to the service worker: about 1.5 s of the live lesson's start went there. piplite is
#: the first package the kernel imports once the drive is its current folder: its patch
#: takes the current folder out of ``sys.path``; the kernel's patch puts it back, last,
#: once the kernel has started.
_PIPLITE_PATH_OUT = """import sys as _hp_sys

# Patched by the Hasenpfeffer live copy's build: while the kernel starts, imports do
# not look in the current folder (the browser's drive, slow to ask); pyodide_kernel
# puts it back, after the installed packages, once it has started.
if "" in _hp_sys.path:
    _hp_sys._hp_cwd_on_path = True
    while "" in _hp_sys.path:
        _hp_sys.path.remove("")
del _hp_sys

"""
_INIT_IMPORT = "\nimport sys\n"
_INIT_PATH_OUT = """
# Patched by the Hasenpfeffer live copy's build: while the kernel starts, imports do
# not look in the current folder (the browser's drive, slow to ask); afterwards they
# look there last, after the installed packages. (piplite, imported first, may have
# taken it out already.)
_hp_cwd_on_path = "" in sys.path or getattr(sys, "_hp_cwd_on_path", False)
while "" in sys.path:
    sys.path.remove("")
"""
_INIT_PATH_BACK = """
# Patched by the Hasenpfeffer live copy's build (see the top of the file).
while "" in sys.path:
    sys.path.remove("")
if _hp_cwd_on_path:
    sys.path.append("")
"""


def _patch_comm(text: str) -> str:
    if _COMM_SEND not in text:
        raise RuntimeError("pyodide_kernel's comm.py changed; review the patch")
    return text.replace(_COMM_SEND, _COMM_SEND_NULL) + _COMM_NULLS


def _patch_init(text: str) -> str:
    if _INIT_IMPORT not in text or "ipython_shell_app.initialize()" not in text:
        raise RuntimeError("pyodide_kernel's __init__.py changed; review the patch")
    return text.replace(_INIT_IMPORT, _INIT_IMPORT + _INIT_PATH_OUT, 1) + _INIT_PATH_BACK


def _patch_piplite(text: str) -> str:
    if "from .piplite import install" not in text:
        raise RuntimeError("piplite's __init__.py changed; review the patch")
    return _PIPLITE_PATH_OUT + text


#: The kernel's wheels the live copy changes: for each, its files and how.
_KERNEL_PATCHES: dict[str, dict[str, Any]] = {
    "pyodide_kernel": {
        "pyodide_kernel/comm.py": _patch_comm,
        "pyodide_kernel/__init__.py": _patch_init,
    },
    "piplite": {"piplite/__init__.py": _patch_piplite},
}
#: What the patches are (a patched wheel is rebuilt when they change).
_PATCH_TEXTS = (_PIPLITE_PATH_OUT, _INIT_PATH_OUT, _INIT_PATH_BACK, _COMM_SEND_NULL, _COMM_NULLS)


def patched_kernel_wheel(stem: str = "pyodide_kernel") -> Path:
    """One of the kernel's wheels, patched (see ``_KERNEL_PATCHES``): pyodide_kernel's
    comm messages send None as null; piplite and pyodide_kernel keep the kernel's start
    from looking for modules in the browser's drive."""
    patches = _KERNEL_PATCHES[stem]
    wheel = _kernel_wheel(stem)
    key = hashlib.sha256(wheel.read_bytes())
    for part in _PATCH_TEXTS:
        key.update(part.encode())
    dest = CACHE / "patched" / key.hexdigest()[:24] / wheel.name
    if dest.is_file():
        return dest
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_suffix(".tmp")
    with zipfile.ZipFile(wheel) as zin, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename in patches:
                data = patches[info.filename](data.decode("utf-8")).encode()
            elif info.filename.endswith(".dist-info/RECORD"):
                # the patched files' hashes no longer match: leave them unhashed
                lines = data.decode("utf-8").splitlines()
                data = "".join(
                    (f"{ln.split(',', 1)[0]},,\n" if ln.split(",", 1)[0] in patches else ln + "\n")
                    for ln in lines
                ).encode()
            zout.writestr(info, data)
    tmp.replace(dest)
    return dest


def served_wheels() -> list[Path]:
    """The wheels the lock file gains: the kernel's own (its comm patched), the widgets',
    the progress store's, the stand-in for jedi and the project's (always last)."""
    python = pyodide_python()
    wheels = [
        patched_kernel_wheel(stem) if stem in _KERNEL_PATCHES else _kernel_wheel(stem)
        for stem in KERNEL_WHEELS
    ]
    wheels += [
        _pypi_wheel(name, metadata.version(name), python)
        for name in (*WIDGET_WHEELS, *STORE_WHEELS)
    ]
    return [*wheels, stand_in_wheel(*JEDI_STAND_IN), project_wheel()]


def kernel_files(pyodide: Path, out: Path) -> None:
    """Pyodide, every wheel the live copy loads, compiled, and a lock file listing them."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    python = ".".join(lock["info"]["python"].split(".")[:2])
    packages: dict[str, Any] = lock["packages"]
    extra = served_wheels()
    # what the served wheels depend on that Pyodide's lock file has (the project's
    # platformdirs and fsrs's typing-extensions): served at the lock file's versions
    entries = [_lock_entry(wheel, python) for wheel in extra]
    ours = {_canonical(e["name"]) for e in entries}
    needed = {d for e in entries for d in e["depends"] if d in packages and d not in ours}
    from_lock = {
        name: _pypi_wheel(packages[name]["name"], packages[name]["version"], python)
        for name in _closure(packages, (*KERNEL_NEEDS, *sorted(needed)))
    }
    inputs = [pyodide / "python_stdlib.zip", *from_lock.values(), *extra]
    # the project's own modules keep their sources: a learner's tracebacks show them
    built = compiled(inputs, pyodide, keep=(extra[-1],))
    out.mkdir(parents=True)
    for f in pyodide.iterdir():
        shutil.copyfile(built.get(f, f), out / f.name)
    for name, wheel in from_lock.items():
        shutil.copyfile(built[wheel], out / wheel.name)
        packages[name]["file_name"] = wheel.name
        packages[name]["sha256"] = _sha256(out / wheel.name)
    for wheel in extra:
        shutil.copyfile(built[wheel], out / wheel.name)
        entry = _lock_entry(out / wheel.name, python)
        packages[_canonical(entry["name"])] = entry
    missing = {_canonical(d) for p in packages.values() for d in p["depends"]} - set(packages)
    unknown = {_canonical(n) for n in PRELOAD} - set(packages)
    if missing or unknown:
        raise RuntimeError(f"pyodide-lock.json lacks {sorted(missing | unknown)}")
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


#: A link in a lesson's Markdown: ``[text](target)``.
_MD_LINK = re.compile(r"(\]\()([^)\s]+)(\))")


def site_page(repo_path: str) -> str | None:
    """The site's page (a path from the site's root) built from a repository file:
    ``site/rules/glossary.md`` is ``rules/glossary/``, its Italian page
    ``site/rules/glossary.it.md`` is ``it/rules/glossary/``, ``lessons/README.md`` is
    ``lessons/`` and ``lessons/th/README.md`` is ``th/lessons/``; ``None`` for any other
    file."""
    for lang in TRANSLATED:
        if repo_path in (f"lessons/{lang}/README.md", f"lessons/{lang}"):
            return f"{lang}/lessons/"
    if repo_path in ("lessons/README.md", "lessons"):
        return "lessons/"
    if repo_path.startswith("site/") and repo_path.endswith(".md"):
        page = repo_path.removeprefix("site/").removesuffix(".md")
        prefix = ""
        for lang in TRANSLATED:
            if page.endswith(f".{lang}"):
                page, prefix = page.removesuffix(f".{lang}"), f"{lang}/"
        page = page.removesuffix("index") if page.split("/")[-1] == "index" else page + "/"
        return prefix + page
    return None


def live_link(href: str, site_path: str = "/", lang: str = "en") -> str:
    """A lesson's link as the live copy needs it (``lang``: the lesson's language, whose
    folder the link is relative to).

    Another lesson (``04-bidding.ipynb``) is kept: JupyterLite opens it from its own
    files. A link to a page of the site (``README.md``, the lessons' index, or
    ``../site/rules/glossary.md#joker``; ``../../site/rules/glossary.it.md`` from an
    Italian lesson, the Italian page) becomes that page's address from the site's
    root (``site_path``, the path of ``site_url``, ``/`` when served at the root): a
    relative one would be read by JupyterLite as a file of its own, which it does not
    have. Anything else is kept as it is.
    """
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or not parts.path or parts.path.startswith("/"):
        return href
    folder = f"lessons/{lang}" if lang in TRANSLATED else "lessons"
    page = site_page(posixpath.normpath(posixpath.join(folder, parts.path)))
    if page is None:
        return href
    root = site_path if site_path.endswith("/") else site_path + "/"
    query = f"?{parts.query}" if parts.query else ""  # (a puzzles link names its theme)
    return root + page + query + (f"#{parts.fragment}" if parts.fragment else "")


def lite_notebook(
    source: Path, site_path: str = "/", lang: str = "en", executed: Path | None = None
) -> dict[str, Any]:
    """The lesson as the live copy has it: Lite kernelspec, the note on top (in ``lang``,
    the lesson's language), links to the site's pages pointed at them (see
    :func:`live_link`).

    With ``executed`` (the lesson as the site's build ran it, outputs and widget state
    saved), each code cell keeps its outputs, every widget drawn as its saved picture
    (:mod:`hp_pictures`), for the learner to see while Python starts; the cell is marked
    trusted, so JupyterLab draws those pictures (HTML and SVG) as they are. Running the
    cell replaces them. Without it, the code cells have no outputs.
    """
    from hp_lessons import read_notebook
    from hp_pictures import STATE_MIME, with_pictures

    nb = read_notebook(executed or source)
    state = nb.get("metadata", {}).pop("widgets", {}).get(STATE_MIME, {})
    nb.setdefault("metadata", {})["kernelspec"] = dict(LITE_KERNELSPEC)
    cells = nb.setdefault("cells", [])
    for cell in cells:
        if cell.get("cell_type") == "code":
            outputs = with_pictures(cell.get("outputs", []), state, lang) if executed else []
            cell["outputs"], cell["execution_count"] = outputs, None
            if outputs:
                cell.setdefault("metadata", {})["trusted"] = True
            else:
                cell.get("metadata", {}).pop("trusted", None)
        elif cell.get("cell_type") == "markdown":
            text = "".join(cell.get("source", []))
            text = _MD_LINK.sub(lambda m: m[1] + live_link(m[2], site_path, lang) + m[3], text)
            cell["source"] = text.splitlines(keepends=True)
    ours = {NOTE_TAG, INSTALL_TAG}
    cells[:] = [c for c in cells if not ours & set(c.get("metadata", {}).get("tags", []))]
    top: dict[str, Any] = {
        "cell_type": "markdown",
        "metadata": {"tags": [NOTE_TAG]},
        "source": note(lang).splitlines(keepends=True),
    }
    if nb.get("nbformat", 4) >= 4 and nb.get("nbformat_minor", 0) >= 5:
        top["id"] = NOTE_TAG
    cells.insert(0, top)
    return nb


def executed_lessons(scratch: Path) -> dict[Path, Path]:
    """Each lesson's executed copy (``hp_lessons``: cached, run only if its inputs
    changed), by the lesson's source; ``scratch`` is a folder for the copies."""
    from hp_lessons import executed_copy, lessons

    out = {}
    for lang in languages():
        for lesson in lessons(lang):
            out[lesson.source.resolve()] = executed_copy(lesson, scratch / lang)
    return out


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
                    "loadPyodideOptions": {"packages": [_canonical(n) for n in PRELOAD]},
                }
            },
        },
    }


def _add_autorun(out: Path) -> None:
    """The notebook page loads the script that runs a lesson once it has opened."""
    (out / AUTORUN_FILE).write_text(AUTORUN_JS, encoding="utf-8")
    page = out / "notebooks" / "index.html"
    html = page.read_text(encoding="utf-8")
    from hp_pictures import PREVIEW_CSS_FILE

    tag = (
        f'<link rel="stylesheet" href="../{PREVIEW_CSS_FILE}">\n'
        f'<script src="../{AUTORUN_FILE}"></script>\n'
    )
    if "</head>" not in html:
        raise RuntimeError(f"{page} has no </head> to add the run-on-open script before")
    page.write_text(html.replace("</head>", tag + "</head>", 1), encoding="utf-8")


def _previews(contents: Path, out: Path) -> None:
    """Each notebook's preview (:func:`hp_pictures.preview`), which the notebook page
    shows while JupyterLab and Python start, and the previews' style sheet."""
    from hp_pictures import PREVIEW_CSS, PREVIEW_CSS_FILE, PREVIEW_DIR, preview

    for lesson in live_notebooks():
        nb = json.loads((contents / lesson.path).read_text(encoding="utf-8"))
        target = out / PREVIEW_DIR / f"{lesson.path}.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(preview(nb, lesson.lang), encoding="utf-8")
    (out / PREVIEW_CSS_FILE).write_text(PREVIEW_CSS, encoding="utf-8")


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
            "federated_extensions": [str(_labextension(name)) for name in LAB_EXTENSIONS],
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
    h.update(Path(__file__).read_bytes())
    h.update((Path(__file__).parent / "hp_pictures.py").read_bytes())
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
        _favicons(tmp_out / "static" / "favicons")
        if AUTORUN:
            _add_autorun(tmp_out)
            _previews(stage / "contents", tmp_out)
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


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "live"
    build(target)
    print(f"live copy at {target}: {size_bytes(target) / 1e6:.1f} MB")
