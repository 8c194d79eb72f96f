"""``on_post_build``: after each language's build, the lessons' shared styles and its
search index; after the last, the site's style sheet minified, the 404 pages (each in
the three languages: ``docs_hooks.not_found``) and the live copy of the lessons
(JupyterLite on Pyodide, fully offline, every language's lessons) in the site's
``live/`` (see ``docs_hooks.lite``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import rcssmin
from mkdocs.plugins import event_priority

from docs_hooks import lite
from docs_hooks.search import search_indexes
from docs_hooks.state import (
    DEFAULT,
    STATE,
    build_language,
    lang_prefix,
    log,
    outermost,
)


def _minify_site_css(site_dir: Path) -> None:
    """The site's own style sheet as served: without its comments and spaces (rcssmin),
    a quarter lighter on every page. The commented copy stays in ``site/assets/``."""
    css = site_dir / "assets" / "site.css"
    if css.is_file():
        css.write_text(rcssmin.cssmin(css.read_text(encoding="utf-8")), encoding="utf-8")


@event_priority(-150)  # after the search plugin's, and after the i18n plugin's (which
# builds the other languages from the English build's on_post_build)
def on_post_build(config: Any) -> None:
    """The lessons' shared styles and this language's search index; after the last
    language, the 404 pages (the English build's at the root) and the live copy of the
    lessons into ``live/``."""
    last = outermost(config)
    # (after the other languages' builds the theme's language is the last one's)
    lang = DEFAULT if last else build_language(config)
    for name, text in STATE["written"].items():
        path = Path(config["site_dir"]) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    search_indexes(config, lang, last)
    if not last:
        return
    _minify_site_css(Path(config["site_dir"]))
    for lang, page in STATE["not_found"].items():
        where = Path(config["site_dir"]) / lang_prefix(lang) / "404.html"
        where.write_text(page, "utf-8")
    if os.environ.get("HP_NO_LIVE"):
        log.info("HP_NO_LIVE is set: the live copy of the lessons is not built")
        return
    site_path = urlsplit(config.get("site_url") or "/").path or "/"
    out = lite.build(Path(config["site_dir"]) / lite.LIVE_DIR, site_path)
    log.info("live copy of the lessons: %.1f MB in %s", lite.size_bytes(out) / 1e6, out)
