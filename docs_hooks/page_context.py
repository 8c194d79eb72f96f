"""``on_page_context``: edit links for the pages built from other files, the lessons'
dates, the language menu's links, and the footer's note on Italian and Thai pages
(translated by the project, corrections welcome)."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from docs_hooks.api_reference import source_of
from docs_hooks.configure import DATES_PLUGIN
from docs_hooks.lesson_pages import lessons_folder
from docs_hooks.state import (
    DEFAULT,
    ROOT,
    build_language,
    lang_prefix,
    log,
    translated,
)
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.i18n import language as speaking

#: Where the issues are: the footer's note on a translated page asks for corrections there.
ISSUES = "/issues"


def _footer_note(config: Any) -> str:
    """The footer's line on a page of the Italian or Thai site, in its language: the
    project translated it (no professional translator), and corrections are welcome."""
    repo = (config.get("repo_url") or "").rstrip("/")
    said = html.escape(
        _("This page was translated by the project, not by a professional translator.")
    )
    ask = html.escape(_("Found a mistake? Tell us in the repository's issues."))
    link = f'<a href="{html.escape(repo + ISSUES)}">{ask}</a>' if repo else ask
    return f'<span class="hp-translated-note">{said} {link}</span>'


def _relative_language_links(config: Any, page: Any) -> None:
    """The language menu's links (set by the i18n plugin just before) as the site's own
    paths, which the theme makes relative to the page: the plugin leads to a language's
    home by the published address (``/hasenpfeffer-core/it/``), which a copy of the
    site served elsewhere does not have. An API page (English only) leads to the API
    reference's index in the other languages."""
    base = urlsplit(config.get("site_url") or "/").path or "/"
    base = base if base.endswith("/") else base + "/"
    english_only = page.file.src_uri.startswith("reference/") and page.file.src_uri != (
        "reference/index.md"
    )
    extra = config["extra"]
    # (the plugin sets it as an attribute of ``extra``, which the theme reads first)
    alternates = getattr(extra, "alternate", None) or extra.get("alternate") or []
    for alt in alternates:
        link = str(alt.get("link", ""))
        lang = str(alt.get("lang", ""))
        if english_only and lang != DEFAULT:
            alt["link"] = f"{lang_prefix(lang)}reference/"
        elif link.startswith(base):
            alt["link"] = link.removeprefix(base) or "./"


def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """Edit links for the pages built from other files, the lessons' dates, and the
    footer's note on a translated page."""
    lang = build_language(config)
    repo = (config.get("repo_url") or "").rstrip("/")
    src = page.file.src_uri
    lesson_folder = lessons_folder()
    if repo and src.endswith(".ipynb"):
        page.edit_url = f"{repo}/edit/main/{lesson_folder}/{Path(src).name}"
    elif repo and src.startswith("reference/") and src != "reference/index.md":
        mod = "hasenpfeffer_core." + src.removeprefix("reference/").removesuffix(".md").replace(
            "/", "."
        )
        page.edit_url = f"{repo}/edit/main/{source_of(mod).relative_to(ROOT).as_posix()}"
    dates = config["plugins"].get(DATES_PLUGIN)
    if src.endswith(".ipynb") and dates is not None and dates.config.get("enabled"):
        source = ROOT / lesson_folder / Path(src).name
        try:
            _, stamp = dates.util.get_git_commit_timestamp(str(source))
            formats = dates.util.get_date_formats_for_timestamp(
                int(stamp), locale=lang, add_spans=True
            )
            page.meta["git_revision_date_localized"] = formats[dates.config["type"]]
        except Exception as e:  # no date is better than a wrong one, or a failed build
            log.info("no last-update date for %s: %s", src, e)
    _relative_language_links(config, page)
    # The footer (the theme's copyright line) is drawn right after this event.
    with speaking(lang):
        in_its_language = lang != DEFAULT and translated(page, lang)
        config["copyright"] = _footer_note(config) if in_its_language else None
    return context
