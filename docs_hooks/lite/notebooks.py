"""The lessons as the live copy has them: their addresses, and each notebook copied
with the Lite kernelspec, a note at its top and the outputs the site's build saved.

Every lesson is in the live copy, in every language (English at the top of its files,
Italian in ``it/``, Thai in ``th/``, as in ``lessons/``: a lesson speaks the language of
its folder), and so are the lessons' other notebooks (the progress page,
``practice.ipynb``). Each code cell keeps the outputs the site's build saved when it ran
the lesson (``docs_hooks.lessons``), its widgets drawn as pictures marked as waiting for
Python (``pictures``); a cell's run replaces them. The notebooks in ``lessons/`` stay as
they are for JupyterLab.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from docs_hooks.lessons import (
    TRANSLATED,
    executed_copy,
    lesson_files,
    lessons,
    lessons_dir,
    read_notebook,
)
from docs_hooks.lite.pictures import STATE_MIME, with_pictures
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.i18n import language

#: Where the live copy goes inside the docs site.
LIVE_DIR = "live"
#: The kernelspec notebooks need in JupyterLite's Pyodide kernel.
LITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
#: The tag of the note the build adds at the top of each live lesson.
NOTE_TAG = "hp-live-note"
#: The cell an older build added (it is removed if a notebook still has it).
INSTALL_TAG = "hp-live-install"


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


def live_path(name: str, lang: str = "en") -> str:
    """A notebook's path in the live copy (its folder is its language's)."""
    return f"{lang}/{name}.ipynb" if lang in TRANSLATED else f"{name}.ipynb"


def live_lessons(lang: str = "en") -> list[LiveLesson]:
    """Every lesson of ``lang``: all of them are in the live copy."""
    return [LiveLesson(path.stem, path, lang) for path in lesson_files(lang)]


def languages() -> list[str]:
    """English, and each language that has a lesson folder."""
    return ["en", *(lang for lang in TRANSLATED if any(lessons_dir(lang).glob("*.ipynb")))]


def live_notebooks() -> list[LiveLesson]:
    """The notebooks of the live copy, language by language: every lesson, then the
    other notebooks of the lessons' folder (``practice.ipynb``, the learner's progress
    page and spaced practice, which in the live copy reads the progress kept in this
    browser)."""
    out: list[LiveLesson] = []
    for lang in languages():
        lessons = live_lessons(lang)
        named = {lesson.source.resolve() for lesson in lessons}
        others = [p for p in sorted(lessons_dir(lang).glob("*.ipynb")) if p.resolve() not in named]
        out += [*lessons, *(LiveLesson(p.stem, p, lang) for p in others)]
    return out


def live_url(lesson: str, lang: str = "en") -> str:
    """The live copy's address of a lesson, relative to the site root."""
    return f"{LIVE_DIR}/notebooks/index.html?path={live_path(lesson, lang)}"


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
    (:mod:`docs_hooks.lite.pictures`), for the learner to see while Python starts; the cell is marked
    trusted, so JupyterLab draws those pictures (HTML and SVG) as they are. Running the
    cell replaces them. Without it, the code cells have no outputs.
    """
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
    """Each lesson's executed copy (``docs_hooks.lessons``: cached, run only if its inputs
    changed), by the lesson's source; ``scratch`` is a folder for the copies."""
    out = {}
    for lang in languages():
        for lesson in lessons(lang):
            out[lesson.source.resolve()] = executed_copy(lesson, scratch / lang)
    return out
