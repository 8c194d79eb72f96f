"""Every page as written (``on_pre_template``, ``on_post_template``, ``on_post_page``):
nothing fetched from elsewhere, the Italian and Thai pages' search and live links in
their language, each picture drawn once, only the scripts a page uses, the tools'
English words translated, and the page minified. The 404 page is kept for
``on_post_build`` (``docs_hooks.not_found``)."""

from __future__ import annotations

import html
import json
import posixpath
import re
from typing import Any
from urllib.parse import urlsplit

import htmlmin

from docs_hooks import lite, not_found
from docs_hooks.lesson_pages import lesson_page
from docs_hooks.lessons import lessons_dir
from docs_hooks.state import (
    DEFAULT,
    STATE,
    build_language,
    page_root,
)
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.i18n import language as speaking

_REPO_FACTS = re.compile(r'(<a\b[^>]*class="md-source")\s+data-md-component="source"')


#: The theme's ``<link rel="alternate" hreflang>`` tags: its script fetches
#: ``sitemap.xml`` beside each of them (to map a page to its other languages), which
#: exists at the site's root only, so every page would ask for files that are not there.
#: The language menu's own links lead to the same page in each language, and the
#: sitemap lists each page's languages for search engines.
_ALTERNATE_LINKS = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def _no_repo_facts(output: str) -> str:
    return _ALTERNATE_LINKS.sub("", _REPO_FACTS.sub(r"\1", output))


def on_pre_template(template: Any, template_name: str, config: Any) -> Any:
    """The 404 page speaks all three languages (docs_hooks.not_found): no footer note saying
    that it was translated into one of them (the last page built left its own)."""
    if template_name == "404.html":
        config["copyright"] = None
    return template


def on_post_template(output_content: str, template_name: str, config: Any) -> str:
    output = _no_repo_facts(output_content)
    if template_name == "404.html":
        # The theme's bare "404 - Not found" becomes the message in the three languages
        # with the way back (docs_hooks.not_found). Each language's build writes its 404.html
        # over the root one: each is kept, and written into its own folder once all are
        # built, the English one at the root (GitHub Pages serves the root one).
        site_path = urlsplit(config.get("site_url") or "/").path or "/"
        output = output.replace("<h1>404 - Not found</h1>", not_found.not_found_html(site_path), 1)
        STATE["not_found"][build_language(config)] = output
    return output


#: The theme's settings in each page: ``base`` leads to where the search index is.
_THEME_CONFIG = re.compile(
    r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S
)


def _search_base(output: str, lang: str) -> str:
    """On a page of the Italian or Thai site, the theme's ``base`` (where it fetches the
    search index, and what the results' addresses are relative to) is that language's
    root: each language searches its own pages."""

    def one(m: re.Match[str]) -> str:
        data = json.loads(m.group(2))
        base = str(data.get("base", "."))
        data["base"] = posixpath.join(base, lang) + "/"  # (a folder: URLs resolve inside it)
        return m.group(1) + json.dumps(data, ensure_ascii=False, separators=(",", ":")) + m.group(3)

    return _THEME_CONFIG.sub(one, output, count=1)


#: A page's link into the live copy (``live/notebooks/index.html?path=NAME.ipynb``).
_LIVE_HREF = re.compile(r'href="(?:\.\./)*live/notebooks/index\.html\?path=([\w.-]+\.ipynb)"')


def _live_links(output: str, page: Any, lang: str) -> str:
    """A page's links into the live copy, from wherever the page is (a translated page
    is one folder deeper than the English one its links were copied from), to the
    notebook of the page's language where the live copy has one."""

    def one(m: re.Match[str]) -> str:
        name = m.group(1)
        own = lessons_dir(lang) / name
        path = lite.live_path(name.removesuffix(".ipynb"), lang if own.is_file() else DEFAULT)
        return f'href="{page_root(page)}{lite.LIVE_DIR}/notebooks/index.html?path={path}"'

    return _LIVE_HREF.sub(one, output)


def on_post_page(output: str, page: Any, config: Any) -> str:
    lang = build_language(config)
    output = _no_repo_facts(output)
    if lang != DEFAULT:
        output = _search_base(output, lang)
        output = _live_links(output, page, lang)
        with speaking(lang):
            output = theme_words(output)
    if page.file.src_uri.endswith(".ipynb"):
        with speaking(lang):
            output = lesson_page(output, page)
    output = _only_scripts_used(output, lang)
    output = _pictures_drawn_once(output)
    return _minified(output)


#: tooltip (a picture of one card has one), and what it draws.
_PICTURE = re.compile(
    r'<svg xmlns="http://www\.w3\.org/2000/svg" class="hp-svg" ([^>]*)>'
    r"((?:<title>[^<]*</title>)?)(.*?)</svg>",
    re.DOTALL,
)


def _pictures_drawn_once(output: str) -> str:
    """A picture drawn more than once on a page (the ranking page shows 125 cards, 67
    of them different) is drawn in full the first time, in a group with an id, and each
    later copy shows that group (``<use>``), keeping its own size, name and tooltip: the
    ranking page is 50 KB lighter, and looks and reads the same."""
    counts: dict[str, int] = {}
    for m in _PICTURE.finditer(output):
        counts[m.group(3)] = counts.get(m.group(3), 0) + 1
    ids: dict[str, str] = {}

    def one(m: re.Match[str]) -> str:
        attrs, tip, body = m.groups()
        if counts[body] < 2 or "<use" in body or ' id="' in body:
            return m.group(0)
        head = f'<svg xmlns="http://www.w3.org/2000/svg" class="hp-svg" {attrs}>{tip}'
        if body in ids:
            return f'{head}<use href="#{ids[body]}"/></svg>'
        ids[body] = f"hp-pic-{len(ids) + 1}"
        return f'{head}<g id="{ids[body]}">{body}</g></svg>'

    return _PICTURE.sub(one, output)


#: The site's own files a page loads, and what on the page needs each (a regular
#: expression over the page's HTML); a page without it does not load the file.
_USED_BY = {
    "assets/practice.js": r'class="[^"]*\bhp-quiz\b',
    "assets/viewer.js": r'class="[^"]*\bhp-viewer\b',
    "assets/held.js": r'class="[^"]*\bhp-held\b',
    "assets/schedule.js": r'class="[^"]*\bhp-held\b',
    "assets/vendor/ts-fsrs/index.umd.js": r'class="[^"]*\bhp-held\b',
    "assets/puzzles.js": r'class="[^"]*\bhp-(?:puzzles|held)\b',
    "assets/vendor/glicko2/glicko2.js": r'class="[^"]*\bhp-(?:puzzles|held)\b',
    "assets/hp-safe.js": r'class="[^"]*\bhp-(?:quiz|viewer|puzzles|held)\b',
    "assets/widgets-offline.js": r"application/vnd\.jupyter\.widget-state\+json",
    "assets/_mkdocstrings.css": r'class="doc doc-',
}


def _only_scripts_used(output: str, lang: str) -> str:
    """Leave out the site's scripts a page does not use (a quiz's, the viewer's, the
    lessons' widget loader, the Thai search box's, the API pages' styles): every page
    lists them all (``extra_javascript``), and each costs the reader a download."""
    unused = [name for name, need in _USED_BY.items() if not re.search(need, output)]
    if lang != "th":
        unused.append("assets/search-thai.js")
    for name in unused:
        output = re.sub(
            r'<(?:script src|link rel="stylesheet" href)="(?:\.\./)*'
            + re.escape(name)
            + r'(?:\?[^"]*)?"[^>]*>(?:</script>)?\s*',
            "",
            output,
        )
    return output


def _minified(output: str) -> str:
    """The page without its comments and runs of spaces (``htmlmin2``: what is inside
    ``<pre>``, ``<textarea>``, scripts and styles is kept as it is; attributes keep
    their quotes, which the site's tests read; their names come out in lower case, as
    a browser reads them: its parser gives an SVG's ``viewBox`` its case back)."""
    minified: str = htmlmin.minify(
        output,
        remove_comments=True,
        remove_optional_attribute_quotes=False,
        reduce_boolean_attributes=False,
    )
    return minified


#: Words the page's tools write in English whatever the page's language: Python-Markdown's
#: heading links, mkdocs-jupyter's copy buttons, and the one label Material's Italian
#: leaves in English (its section tabs).
_THEME_WORDS = re.compile(r'(title|aria-label)="(Permanent link|Copy to Clipboard|Tabs)"')


def theme_words(output: str) -> str:
    """The tools' English words on a translated page, in the page's language."""
    words = {
        # Translators: the tooltip of the ¶ link beside each heading of the site.
        "Permanent link": _("Permanent link"),
        # Translators: the button that copies a lesson's code cell on the site.
        "Copy to Clipboard": _("Copy to clipboard"),
        # Translators: the accessible name of the site's row of section tabs.
        "Tabs": _("Tabs"),
    }
    return _THEME_WORDS.sub(lambda m: f'{m[1]}="{html.escape(words[m[2]])}"', output)
