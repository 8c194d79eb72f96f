"""MkDocs hooks: the generated parts of the site, computed by the engine at build time.

``mkdocs.yml`` names this file (MkDocs loads a hook file by its path); the work is done
by the package ``docs_hooks``, one module per job, and this file hands MkDocs its events.

The site is built in three languages by mkdocs-static-i18n: English at the root, then
Italian (``/it/``) and Thai (``/th/``), each a whole MkDocs build of its own that runs
every event below again. Each build makes its generated content in its language: the
hooks read it (``config.theme["language"]``, as the plugin sets it; in ``on_config``,
which runs before the plugin's, from the plugin itself: ``docs_hooks.state``) and
generate inside ``language(lang)`` of ``hasenpfeffer_core.engine.i18n``, so the engine
speaks it, and every word the hooks write for a reader goes through ``_()`` too (the
practice pages' and the viewer's scripts get theirs in their JSON: they have no words
of their own).

* ``on_config`` (``docs_hooks.configure``): the Lessons section lists the build
  language's lessons; the API reference has one page per module
  (``docs_hooks.api_reference``); the search plugin gets the build's languages.
* ``on_files`` (``docs_hooks.generated_files``, after the i18n plugin has picked each
  page's language): the executed lessons (``docs_hooks.lessons``), the API pages, the
  JSON the practice quizzes, the puzzles and the hand viewer read, and the Thai webfont
  (``docs_hooks.fonts``).
* ``on_page_markdown``, ``on_page_content`` (``docs_hooks.markers``): ``<!-- hp:NAME
  -->`` markers become generated content and ``[[cards ...]]`` macros card pictures
  (``docs_hooks.content``; the progress page's box: ``docs_hooks.progress_page``).
* ``on_page_context`` (``docs_hooks.page_context``): edit links and dates, and the
  footer's note on Italian and Thai pages (translated by the project, corrections
  welcome).
* ``on_pre_template``, ``on_post_template``, ``on_post_page``
  (``docs_hooks.page_output``; a lesson's page: ``docs_hooks.lesson_pages``): nothing
  loaded from a CDN, each lesson page's "Try it live" link and saved widgets marked as
  pictures, the JupyterLab styles every lesson page would inline in one shared file,
  each page minified.
* ``on_post_build`` (``docs_hooks.post_build``): that shared file; each language's
  search index (``docs_hooks.search``: Thai text split into words); once all languages
  are built, the 404 pages (each in the three languages: ``docs_hooks.not_found``) and
  the live copy of the lessons (JupyterLite on Pyodide, fully offline, every
  language's lessons) in the site's ``live/`` (``docs_hooks.lite``).
"""

from __future__ import annotations

import sys
from pathlib import Path

# MkDocs puts this file's folder first on sys.path while it loads it (and puts sys.path
# back afterwards): the package is imported from the project's root instead, which the
# `mkdocs` script (unlike `python -m mkdocs`) does not have on sys.path, and without the
# folder, whose modules are the package's, not top-level ones.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [str(_HERE.parent), *(p for p in sys.path if not p or Path(p).resolve() != _HERE)]

from docs_hooks.configure import on_config  # noqa: E402
from docs_hooks.generated_files import on_files  # noqa: E402
from docs_hooks.markers import on_page_content, on_page_markdown  # noqa: E402
from docs_hooks.page_context import on_page_context  # noqa: E402
from docs_hooks.page_output import on_post_page, on_post_template, on_pre_template  # noqa: E402
from docs_hooks.post_build import on_post_build  # noqa: E402

__all__ = [
    "on_config",
    "on_files",
    "on_page_content",
    "on_page_context",
    "on_page_markdown",
    "on_post_build",
    "on_post_page",
    "on_post_template",
    "on_pre_template",
]
