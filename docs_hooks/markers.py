"""``on_page_markdown`` and ``on_page_content``: ``<!-- hp:NAME -->`` markers become
generated content (ranking tables, the variants table, the source texts, lists, the
page scripts' boxes) and ``[[cards ...]]`` macros become card pictures (see
``docs_hooks.content``); HTML is kept out of Markdown's way as tokens, put back once
the page is HTML."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mkdocs.structure.files import Files

from docs_hooks import content
from docs_hooks.api_reference import modules_markdown
from docs_hooks.content.practice import PRACTICE_KINDS
from docs_hooks.progress_page import held_html
from docs_hooks.state import (
    STATE,
    build_language,
    lang_prefix,
    page_root,
    translated,
)
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.i18n import language as speaking

SOURCES = {"it": "sources/hasenpfeffer-rules-it.txt", "th": "sources/hasenpfeffer-rules-th.txt"}

# Linear time on any page: the name cannot give letters back, and the argument stops at
# the next "<" or ">", so no two tries scan the same text.
MARKER = re.compile(r"<!--\s*hp:([a-z-]+)(?![a-z-])([^<>]*?)-->")


def _store(page_key: str) -> Callable[[str], str]:
    tokens: dict[str, str] = STATE["tokens"].setdefault(page_key, {})

    def store(html: str) -> str:
        token = f"HPTOKEN{len(tokens)}X{abs(hash(page_key)) % 10**6}Z"
        tokens[token] = html
        return token

    return store


def _app_box(app: str, src: str, error: str, needs: str, loading: str, kind: str = "") -> str:
    """The element a page script fills (class ``hp-app`` and ``app``), with where its
    data is, what it says if the data cannot be loaded (``{error}``: why), without
    JavaScript and while loading."""
    kind_attr = f' data-kind="{kind}"' if kind else ""
    return (
        f'<div class="hp-app {app}"{kind_attr} data-src="{src}" '
        f'data-error="{html.escape(error)}"><noscript>{html.escape(needs)}</noscript>'
        f'<p class="hp-loading">{html.escape(loading)}</p></div>'
    )


def _app(kind: str, arg: str, root: str) -> str:
    """The element a page script fills; ``root`` leads from the page to its language's
    root (where that language's data files are)."""
    if kind == "practice":
        if arg not in PRACTICE_KINDS:
            raise ValueError(f"hp:practice needs one of {', '.join(PRACTICE_KINDS)}, not {arg!r}")
        return _app_box(
            "hp-quiz",
            f"{root}assets/data/practice-{arg}.json",
            _("The questions could not be loaded ({error})."),
            _("The practice questions need JavaScript."),
            _("Loading the questions…"),
            kind=arg,
        )
    if kind == "puzzles":
        return _app_box(
            "hp-puzzles",
            f"{root}assets/data/puzzles/",
            _("The puzzles could not be loaded ({error})."),
            _("The puzzles need JavaScript."),
            _("Loading the puzzles…"),
        )
    if kind == "viewer":
        return _app_box(
            "hp-viewer",
            f"{root}assets/data/hands/",
            _("The teaching hands could not be loaded ({error})."),
            _("The hand viewer needs JavaScript."),
            _("Loading the teaching hands…"),
        )
    raise ValueError(kind)


def _untranslated_note(page: Any) -> str:
    """The note at the top of an English page on the Italian or Thai site."""
    if page.file.src_uri.startswith("reference/"):
        title = _("The API reference is in English")
        text = _(
            "The API reference describes the code of hasenpfeffer_core: its names and "
            "docstrings are English, so this page is in English in every language of the site."
        )
    else:
        title = _("Not translated yet")
        text = _(
            "This page has not been translated yet: it is shown in English. Corrections "
            "and translations are welcome in the project's repository."
        )
    return f'!!! info "{title.replace(chr(34), chr(39))}"\n    {text}\n\n'


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    lang = build_language(config)
    with speaking(lang):
        markdown = _page_markdown(markdown, page, files, lang)
        if not translated(page, lang):
            markdown = _untranslated_note(page) + markdown
    return markdown


def _page_markdown(markdown: str, page: Any, files: Files, lang: str) -> str:
    key = page.file.src_uri
    STATE["tokens"][key] = {}
    store = _store(key)

    def marker(m: re.Match[str]) -> str:
        name, arg = m.group(1), (m.group(2) or "").strip()
        if name == "ranking":
            return content.ranking_markdown()
        if name == "principles":
            return content.principles_markdown()
        if name == "terminology":
            return content.terminology_markdown()
        if name == "variants":
            return content.variants_markdown()
        if name in ("source", "terms") and arg not in SOURCES:
            raise ValueError(f"{key}: hp:{name} needs one of {', '.join(SOURCES)}, not {arg!r}")
        if name == "source":
            f = files.get_file_from_path(SOURCES[arg])
            if f is None or f.abs_src_path is None:  # a generated file has no source path
                raise FileNotFoundError(f"site/{SOURCES[arg]} is missing")
            text = Path(f.abs_src_path).read_bytes().decode("utf-8")
            return "\n\n" + store(content.source_html(text, arg)) + "\n\n"
        if name == "terms":
            return content.terms_table(arg)
        if name == "lessons":
            return content.lessons_markdown(STATE["lessons"])
        if name == "modules":
            return modules_markdown(lang)
        if name == "hands":  # a raw HTML block: MkDocs sees its anchors, links to hands work
            return "\n\n" + content.hands_html(content.viewer_index()) + "\n\n"
        if name in ("practice", "viewer", "puzzles"):
            return "\n\n" + store(_app(name, arg, page_root(page) + lang_prefix(lang))) + "\n\n"
        if name == "held":
            return "\n\n" + store(held_html(page_root(page), lang)) + "\n\n"
        raise ValueError(f"{key}: unknown marker hp:{name}")

    markdown = MARKER.sub(marker, markdown)
    try:
        return content.expand_macros(markdown, store)
    except ValueError as e:
        raise ValueError(f"{key}: {e}") from None


def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    tokens: dict[str, str] = STATE["tokens"].get(page.file.src_uri, {})
    for token, value in tokens.items():
        html = html.replace(f"<p>{token}</p>", value).replace(token, value)
    return html
