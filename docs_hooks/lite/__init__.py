"""The live copy of the lessons: a JupyterLite site, served by the docs site under ``live/``.

Everything the live copy needs is served by the site itself, so it works offline and
asks no CDN for anything, at build time or in the browser:

* Pyodide's core files come from the npm package ``pyodide``, at the exact version the
  Pyodide kernel (``jupyterlite-pyodide-kernel``) was made for (``pyodide``);
* every Python package the lessons need is a wheel next to the served
  ``pyodide-lock.json``, and listed there (``lock_file``): the kernel's own (micropip,
  IPython, jedi and what they need, downloaded from PyPI at the exact versions of
  Pyodide's lock file; the kernel's piplite, pyodide-kernel and its ipykernel and
  widgetsnbextension stand-ins, from the installed kernel extension, two of them
  patched: ``patches``), ipywidgets, jupyterlab_widgets and comm (at the versions
  installed here: the widget front end the build copies is the installed
  ``jupyterlab_widgets``), tqdm (the lessons' progress bars), what the learner's
  progress store needs (``fsrs`` and ``filelock`` at the versions installed here;
  ``platformdirs`` and ``typing-extensions`` at the versions of Pyodide's lock file:
  every dependency the served wheels declare that Pyodide's lock file has is served
  from PyPI at its version) and the project's own wheel, built from this checkout
  (``wheels``). Each lock entry's sha256 is the served file's.

Speed: the kernel's ``loadPyodideOptions`` name every one of those packages, so Pyodide
fetches and unpacks them all at once while it starts (no resolver, no ``%pip install``
at run time), and the lessons import them at once. Every module is compiled to bytecode
at build time, in Pyodide itself (``bytecode``), so nothing is compiled in the browser.
Each lesson runs itself as it opens, and shows a preview until JupyterLab has drawn it
(``autorun``, ``previews``). The lessons are copied with the Lite kernelspec, a note at
the top and their saved outputs, widgets drawn as pictures (``notebooks``,
``pictures``): they need nothing beyond the package, ipywidgets, tqdm and the standard
library (their charts are SVG drawn by ``hasenpfeffer_core.faces.charts``, not
matplotlib, whose Pyodide wheels exist only on Pyodide's CDN).

Downloads, compiled wheels and the built copy are cached in the git-ignored
``build/lite-cache/`` (``cache``; the copy under a hash of all its inputs: ``build``).
The build needs npm (for Pyodide) and Node.js (to compile). Run
``python -m docs_hooks.lite OUT`` to build the live copy alone; ``bench/live.py``
measures how soon a lesson shows its first picture and its first live widget.

The modules, one job each: ``cache`` (where the build keeps things), ``pyodide``
(fetching Pyodide), ``wheels`` (where each served wheel comes from), ``patches`` (the
two changes to the kernel's wheels, and why no setting does them), ``bytecode``
(compiling in Pyodide), ``lock_file`` (the served ``pyodide-lock.json``), ``notebooks``
(the lessons' copies and addresses), ``pictures`` (saved widgets as pictures),
``previews`` (a lesson's preview), ``autorun`` (the notebook page's script), ``build``
(the JupyterLite build).
"""

from docs_hooks.lite.autorun import AUTORUN
from docs_hooks.lite.build import build, size_bytes
from docs_hooks.lite.notebooks import (
    LIVE_DIR,
    lite_notebook,
    live_lessons,
    live_path,
    live_url,
    note,
    site_page,
)
from docs_hooks.lite.pictures import LIVE_WIDGET_SELECTOR, PICTURE_SELECTOR

__all__ = [
    "AUTORUN",
    "LIVE_DIR",
    "LIVE_WIDGET_SELECTOR",
    "PICTURE_SELECTOR",
    "build",
    "lite_notebook",
    "live_lessons",
    "live_path",
    "live_url",
    "note",
    "site_page",
    "size_bytes",
]
