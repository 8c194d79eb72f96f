"""The lessons on the site: every ``lessons/*.ipynb``, executed with its widget state saved.

Each language of the site has its own lessons: English ``lessons/*.ipynb``, Italian
``lessons/it/*.ipynb``, Thai ``lessons/th/*.ipynb`` (the same file names and code; a
lesson speaks the language of the folder it runs in, so each runs in its own folder).

Executing a notebook takes seconds, so the executed copy is cached in the git-ignored
``build/docs-cache/`` under a hash of everything its outputs depend on: the notebook,
the engine's sources, teaching hands and compiled catalogues, the lessons' helper
modules, and the versions of the packages that draw the widgets. A change to any of
them runs it again.

Each lesson runs with a progress store of its own, new and empty, in a temporary folder
(``$HASENPFEFFER_HOME`` set for its kernel, even when the builder has it set), removed
afterwards: the build never reads or writes the builder's progress, and a lesson's page
shows what a new learner sees, whoever built it. Where the outputs name that folder (the
lesson's header says where the progress is kept), the page says ``SITE_HOME`` instead.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.hooks.hasenpfeffer")

ROOT = Path(__file__).resolve().parent.parent
LESSONS = Path(os.environ.get("HP_LESSONS_DIR", ROOT / "lessons"))
CACHE = ROOT / "build" / "docs-cache"
TIMEOUT = 300  # seconds per cell
#: What a lesson's page says instead of the temporary progress folder it was run with.
SITE_HOME = "your progress folder"


#: The languages with a lesson folder of their own (``lessons/it``, ``lessons/th``).
TRANSLATED = ("it", "th")


@dataclass(frozen=True)
class Lesson:
    name: str  # file stem, e.g. 01-cards
    source: Path  # lessons/01-cards.ipynb (lessons/it/01-cards.ipynb)
    title: str  # the notebook's first heading
    summary: str  # the first paragraph after it
    lang: str = "en"


def lessons_dir(lang: str = "en") -> Path:
    """The folder of ``lang``'s lessons: ``lessons/`` for English, ``lessons/it/``..."""
    return LESSONS / lang if lang in TRANSLATED else LESSONS


def lesson_files(lang: str = "en") -> list[Path]:
    folder = lessons_dir(lang)
    return sorted(folder.glob("[0-9]*.ipynb")) or sorted(folder.glob("*.ipynb"))


#: A level-one heading: "# " and its text, on one line.
_HEADING = re.compile(r"^#[ \t]+(.+)$", re.MULTILINE)


def _first_heading(nb: dict[str, object], fallback: str) -> tuple[str, str]:
    """The notebook's first level-one heading, and the paragraph after it.

    Both are returned as written (Markdown); the site's pages escape them.
    """
    cells = nb.get("cells", [])
    if not isinstance(cells, list):
        raise ValueError("its 'cells' is not a list")
    for cell in cells:
        if not isinstance(cell, dict) or cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", [])
        src = source if isinstance(source, str) else "".join(str(s) for s in source)
        for m in _HEADING.finditer(src):
            if not m.group(1).strip():
                continue  # a heading of only spaces names nothing: the next one does
            rest = src[m.end() :].strip().split("\n\n")[0].strip()
            rest = re.sub(r"\s+", " ", rest)
            return m.group(1).strip(), rest
    return fallback, ""


def read_notebook(path: Path) -> dict[str, Any]:
    """The notebook at ``path`` as JSON; ``RuntimeError`` naming the file and what is
    wrong when it is not one (not JSON, nested too deeply, not an object)."""
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except RecursionError:
        raise RuntimeError(f"{path} is not a readable notebook: nested too deeply") from None
    except (OSError, ValueError) as e:
        raise RuntimeError(f"{path} is not a readable notebook: {e}") from None
    if not isinstance(nb, dict):
        raise RuntimeError(f"{path} is not a readable notebook: it is not a JSON object")
    return nb


def lessons(lang: str = "en") -> list[Lesson]:
    """``lang``'s lessons, in order."""
    out = []
    for path in lesson_files(lang):
        nb = read_notebook(path)
        try:
            title, summary = _first_heading(nb, path.stem.replace("-", " "))
        except (ValueError, TypeError) as e:
            raise RuntimeError(f"{path} is not a readable notebook: {e}") from None
        out.append(Lesson(path.stem, path, title, summary, lang))
    return out


def _versions() -> str:
    parts = []
    for dist in ("ipywidgets", "jupyterlab_widgets", "nbclient", "ipykernel", "tqdm"):
        try:
            parts.append(f"{dist}={metadata.version(dist)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{dist}=none")
    return ";".join(parts)


def _inputs_hash(notebook: Path) -> str:
    h = hashlib.sha256()
    h.update(notebook.read_bytes())
    h.update(_versions().encode())
    engine = ROOT / "hasenpfeffer_core"
    # (the compiled catalogues too: a lesson in Italian says what they say)
    files = sorted(
        [*engine.rglob("*.py"), *engine.rglob("*.hand"), *engine.rglob("*.mo")],
        key=lambda p: str(p),
    )
    for f in files:
        h.update(str(f.relative_to(ROOT) if f.is_relative_to(ROOT) else f).encode())
        h.update(f.read_bytes())
    return h.hexdigest()[:20]


def lesson_env(home: str | os.PathLike[str]) -> dict[str, str]:
    """The environment of a lesson's kernel: this one, with the progress store in ``home``."""
    return dict(os.environ, HASENPFEFFER_HOME=str(home))


def without_home(notebook_json: str, home: str) -> str:
    """A notebook's text with the progress folder it was run with (``home``, as the
    outputs and the widget state spell it) replaced by :data:`SITE_HOME`."""
    for spelling in {home, json.dumps(home)[1:-1]}:
        notebook_json = notebook_json.replace(spelling, SITE_HOME)
    return notebook_json


def executed_copy(lesson: Lesson, out_dir: Path) -> Path:
    """The executed notebook (outputs and widget state saved) at ``out_dir/lessons/NAME``.

    It runs in its own folder (``lessons/it`` for an Italian lesson: it speaks Italian),
    and is cached per language (``executed/it/``).
    """
    key = _inputs_hash(lesson.source)
    folder = CACHE / "executed"
    if lesson.lang in TRANSLATED:
        folder = folder / lesson.lang
    cached = folder / f"{lesson.name}-{key}.ipynb"
    if not cached.exists():
        import nbformat
        from nbclient import NotebookClient

        log.info("executing %s (no cached run for this version)", lesson.source.name)
        # nbformat's read and write have no annotations (the package is otherwise typed)
        nb = nbformat.read(lesson.source, as_version=4)  # type: ignore[no-untyped-call]
        client = NotebookClient(
            nb,
            timeout=TIMEOUT,
            kernel_name="python3",
            resources={"metadata": {"path": str(lesson.source.parent)}},
            store_widget_state=True,
            allow_errors=False,
        )
        try:
            with tempfile.TemporaryDirectory(prefix="hp-lesson-progress-") as home:
                client.execute(env=lesson_env(home))
        except Exception as e:  # a lesson that fails must fail the build, saying where
            raise RuntimeError(f"lesson {lesson.source.name} failed to execute: {e}") from None
        text = without_home(nbformat.writes(nb), home)  # type: ignore[no-untyped-call]
        cached.parent.mkdir(parents=True, exist_ok=True)
        for old in cached.parent.glob(f"{lesson.name}-*.ipynb"):
            old.unlink()
        tmp = cached.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(cached)
    target = out_dir / "lessons" / lesson.source.name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(cached, target)
    return target
