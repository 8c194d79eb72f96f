"""``on_config``: each build's settings. The Lessons section lists the build language's
lessons (``lessons/``, ``lessons/it/``, ``lessons/th/``); the API reference has one page
per module (English only); the search plugin gets the build's languages; the pages'
dates are turned off where the git history cannot give them."""

from __future__ import annotations

import html
import shutil
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority

from docs_hooks import lite
from docs_hooks.api_reference import api_modules, api_path
from docs_hooks.lessons import lessons as read_lessons
from docs_hooks.search import SEARCH_LANGS
from docs_hooks.state import (
    DEFAULT,
    ROOT,
    STATE,
    config_language,
    log,
)


def _nav_title(title: str) -> str:
    """A notebook's heading as a title in the site's menu.

    The theme writes titles into pages as HTML, and into ``<title>`` after unescaping
    them, so a title may hold neither a tag nor anything that unescapes to one.
    """
    plain = " ".join(title.translate({ord("<"): "‹", ord(">"): "›"}).split())
    return html.escape(plain, quote=False)


def _find_section(nav: list[Any], title: str) -> list[Any]:
    for item in nav:
        if isinstance(item, dict) and title in item:
            section = item[title]
            assert isinstance(section, list)
            return section
    raise KeyError(f"mkdocs.yml's nav has no section {title!r}")


# --- events ---------------------------------------------------------------------------


def _git_history_usable(start: Path) -> bool:
    """Whether the checkout holding ``start`` has its whole history (no git command run).

    Outside a git checkout, or in a shallow clone (CI's usual ``fetch-depth: 1``), the
    pages' "Last update" dates would all be the build's or the last commit's: wrong.
    """
    if shutil.which("git") is None:
        return False
    for folder in (start, *start.parents):
        dot_git = folder / ".git"
        if dot_git.is_dir():
            return not (dot_git / "shallow").exists()
        if dot_git.is_file():  # a worktree: "gitdir: <path>"
            text = dot_git.read_text(encoding="utf-8", errors="replace").strip()
            gitdir = Path(text.removeprefix("gitdir:").strip())
            gitdir = gitdir if gitdir.is_absolute() else folder / gitdir
            common = gitdir / "commondir"
            if common.is_file():
                gitdir = (gitdir / common.read_text(encoding="utf-8").strip()).resolve()
            return gitdir.is_dir() and not (gitdir / "shallow").exists()
    return False


DATES_PLUGIN = "git-revision-date-localized"


@event_priority(100)  # before the dates plugin reads the history, and before search starts
def on_config(config: Any) -> Any:
    dates = config["plugins"].get(DATES_PLUGIN)
    if dates is not None and not _git_history_usable(ROOT):
        log.info("no full git history here: the pages are shown without a last-update date")
        dates.config["enabled"] = False
    lang = config_language(config)
    STATE["lang"] = lang
    search = config["plugins"].get("material/search") or config["plugins"].get("search")
    if search is not None:
        search.config["lang"] = list(SEARCH_LANGS.get(lang, SEARCH_LANGS[DEFAULT]))
    STATE["lessons"] = read_lessons(lang)
    if not STATE["lessons"] and lang != DEFAULT:
        log.info("no lessons in lessons/%s: the %s site shows the English ones", lang, lang)
        STATE["lessons"] = read_lessons(DEFAULT)
    STATE["live"] = {lesson.name for lesson in lite.live_lessons(lang)}
    nav = config["nav"]
    section = _find_section(nav, "Lessons")
    del section[1:]
    for lesson in STATE["lessons"]:
        section.append({_nav_title(lesson.title): f"lessons/{lesson.source.name}"})
    api = _find_section(nav, "API reference")
    del api[1:]
    if lang != DEFAULT:
        # The API reference is English only: the Italian and Thai sites have its index
        # page (in English, with a note), whose tables lead to the English module pages.
        return config
    for layer, mods in api_modules().items():
        api.append(
            {
                layer.title(): [
                    {mod.removeprefix("hasenpfeffer_core."): api_path(mod)} for mod in mods
                ]
            }
        )
    return config
