"""Hostile input on the docs site, without a browser: nothing from a file reaches a page raw.

A hand file, a notebook and the translators' notes file are text anyone may edit. The
build's functions are called here as the build calls them, with a hand record whose
title is ``<script>alert(1)</script> & "x"`` and whose notes close a script element, a
notebook whose heading and summary carry HTML, links and attributes, and a notes file
with markup in its words. What they write must be escaped (HTML) or plain text (JSON
that the scripts show with ``textContent``); the scripts themselves never parse data
as HTML, and the allowlist their picture copier keeps covers every element and
attribute the engine draws with, so no picture loses a part.

The real-browser side (the viewer's address fragment, hostile data served to the
scripts) is in ``tests/browser/test_site.py``.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer_core.analysis.teaching import teaching_hand
from hasenpfeffer_core.engine.i18n import language
from hasenpfeffer_core.engine.record import HandRecord, dumps, loads

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "site" / "assets"
import docs_hooks.lessons  # noqa: E402
from docs_hooks import content  # noqa: E402
from docs_hooks.content.translation_notes import NOTES_IN  # noqa: E402

TITLE = '<script>alert(1)</script> & "x"'
POINT = "<img src=x onerror=alert(2)> *not emphasis* {: onclick=alert(3)}"
NOTE = "</script><script>alert(4)</script>"
MOVE_NOTE = "</script><svg onload=alert(5)>"
NAME = 'x"><svg onload=alert(6)>'


class _Tree(HTMLParser):
    """Every element and attribute of an HTML text, and the text of chosen elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str]] = []
        self.text: dict[str, list[str]] = {}
        self._open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += [(k, v or "") for k, v in attrs]
        self._open.append(tag)
        self.text.setdefault(tag, []).append("")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += [(k, v or "") for k, v in attrs]

    def handle_endtag(self, tag: str) -> None:
        if tag in self._open:
            while self._open.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        for tag in set(self._open):
            self.text[tag][-1] += data


def _tree(markup: str) -> _Tree:
    tree = _Tree()
    tree.feed(markup)
    tree.close()
    return tree


def _assert_inert(markup: str) -> _Tree:
    """No element or attribute in ``markup`` could run a script."""
    tree = _tree(markup)
    assert not {"script", "img", "iframe", "object", "embed"} & set(tree.tags), tree.tags
    handlers = [k for k, _ in tree.attrs if k.startswith("on")]
    assert handlers == [], handlers
    assert not [v for _, v in tree.attrs if "javascript:" in v.lower()]
    return tree


def _hostile_record() -> HandRecord:
    """The first teaching hand with a hostile title, point and notes, read from its text."""
    text = dumps(teaching_hand("01-joker-leads-trumps"))
    text = re.sub(r"\{[^}]*\}", "{" + MOVE_NOTE + "}", text, count=1)  # the first action's note
    lines = []
    for line in text.splitlines():
        if line.startswith("title:"):
            line = f"title: {TITLE}"
        elif line.startswith("point:"):
            line = f"point: {POINT}"
        elif line.startswith("note:"):
            line = f"note: {NOTE}"
        lines.append(line)
    record = loads("\n".join(lines) + "\n")
    assert record.title == TITLE and record.point == POINT and NOTE in record.notes
    assert any(m.note == MOVE_NOTE for m in record.moves)
    return record


@pytest.fixture(scope="module")
def hands() -> dict[str, HandRecord]:
    return {NAME: _hostile_record()}


# --- the hand viewer --------------------------------------------------------------------


@pytest.mark.parametrize("through_markdown", [False, True], ids=["html", "page"])
def test_hand_list_on_the_viewer_page_escapes_every_field(
    hands: dict[str, HandRecord], through_markdown: bool
) -> None:
    page = content.hands_html(content.viewer_index(hands))
    if through_markdown:  # as the page has it: a raw HTML block between paragraphs
        markdown = pytest.importorskip("markdown")
        page = markdown.markdown(
            f"Before.\n\n{page}\n\nAfter.", extensions=["attr_list", "md_in_html", "tables"]
        )
    tree = _assert_inert(page)
    assert not {"svg", "em"} & set(tree.tags)
    assert tree.text["strong"] == [TITLE]  # shown as the text it is
    assert POINT in tree.text["li"][0]
    anchors = dict(tree.attrs)
    assert anchors["id"] == NAME
    assert anchors["href"] == "#" + quote(NAME, safe="")


def test_viewer_data_keeps_hostile_text_as_text(hands: dict[str, HandRecord]) -> None:
    """The JSON holds the title and notes exactly (the script shows them as text), and
    the engine's table of each step holds none of them."""
    index = json.loads(content.to_json(content.viewer_index(hands)))
    assert index == [
        {
            "name": NAME,
            "title": TITLE,
            "point": POINT,
            "rules": "seed",
            "rules_words": "the source rules",
        }
    ]
    data = json.loads(content.to_json(content.viewer_hand(NAME, hands)))
    assert (data["name"], data["title"], data["point"]) == (NAME, TITLE, POINT)
    assert NOTE in data["notes"]
    assert MOVE_NOTE in [step["note"] for step in data["steps"]]
    for step in data["steps"]:
        table = "".join(data["pieces"][i] for i in step["parts"])
        tree = _assert_inert(table)
        assert "alert(" not in table
        assert set(tree.tags) <= _safe_list("SAFE_TAGS", ASSETS / "hp-safe.js")


def test_build_writes_hostile_text_into_markdown_as_literal_text() -> None:
    markdown = pytest.importorskip("markdown")
    line = content.md_text(f"{TITLE} {POINT} [link](javascript:alert(7)) `x` \\*")
    html = markdown.markdown(line, extensions=["attr_list", "md_in_html", "tables"])
    tree = _assert_inert(html)
    assert not {"em", "strong", "code", "a"} & set(tree.tags)
    assert tree.text["p"] == [f"{TITLE} {POINT} [link](javascript:alert(7)) `x` \\*"]


# --- the scripts ------------------------------------------------------------------------

_SCRIPTS = (
    "hp-safe.js",
    "viewer.js",
    "practice.js",
    "puzzles.js",
    "held.js",
    "schedule.js",
    "widgets-offline.js",
    "search-thai.js",
)


@pytest.mark.parametrize("name", _SCRIPTS)
def test_scripts_never_parse_data_as_html(name: str) -> None:
    script = (ASSETS / name).read_text(encoding="utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in script, f"{name} uses {sink}"
    assert not re.search(r"new\s+Function\b", script), name


def _safe_list(name: str, script: Path) -> set[str]:
    text = script.read_text(encoding="utf-8")
    m = re.search(rf"var {name} = \[(.*?)\];", text, re.S)
    assert m, f"{script.name} has no {name}"
    return set(re.findall(r'"([^"]+)"', m.group(1)))


def test_scripts_share_one_copy_of_the_picture_code() -> None:
    """The allowlist lives in hp-safe.js only: a second copy could drift from it."""
    for name in ("viewer.js", "practice.js"):
        script = (ASSETS / name).read_text(encoding="utf-8")
        assert "window.hpSafe.safeFragment" in script, name
        assert "SAFE_TAGS" not in script and "DOMParser" not in script, name
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    order = re.findall(r"- assets/([\w-]+\.js)", config)
    assert order.index("hp-safe.js") < min(order.index("viewer.js"), order.index("practice.js"))


def test_scripts_share_one_store_of_answers() -> None:
    """The learner's answers in the browser are read, checked and written by one object,
    window.hpStore in hp-safe.js: a second copy of the event line, its id or its check
    could drift from it (and from the Python store it follows)."""
    for name in ("practice.js", "puzzles.js", "held.js", "schedule.js"):
        script = (ASSETS / name).read_text(encoding="utf-8")
        assert "hasenpfeffer-progress-events" not in script, name
        assert "getRandomValues" not in script and "JSON.parse(line)" not in script, name
    for name in ("practice.js", "puzzles.js", "held.js"):
        assert "window.hpStore" in (ASSETS / name).read_text(encoding="utf-8"), name
    store = (ASSETS / "hp-safe.js").read_text(encoding="utf-8")
    assert store.count('"hasenpfeffer-progress-events"') == 1
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    order = re.findall(r"- assets/([\w./-]+\.js)", config)
    for name in ("practice.js", "puzzles.js", "held.js", "schedule.js"):
        assert order.index("hp-safe.js") < order.index(name), name
    assert order.index("vendor/ts-fsrs/index.umd.js") < order.index("schedule.js")
    assert order.index("schedule.js") < order.index("held.js")


def _drawn(markups: list[str]) -> tuple[set[str], set[str]]:
    tree = _Tree()
    for markup in markups:
        tree.feed(markup)
    return set(tree.tags), {k for k, _ in tree.attrs}


def test_picture_allowlist_keeps_everything_the_engine_draws() -> None:
    """Were an element or attribute of the engine's pictures missing from the scripts'
    allowlist, the browser would drop it and the picture would lose a part."""
    markups = []
    for kind in ("trick-winner", "legal-play", "bid"):
        for q in content.practice_data(kind)["questions"]:
            markups += [q["picture"], q.get("picture_after", ""), q.get("chart", "")]
            markups += [c.get("svg", "") for c in q["choices"]]
    for entry in content.viewer_index():
        markups += content.viewer_hand(entry["name"])["pieces"]
    tags, attrs = _drawn(markups)
    for script in (ASSETS / "hp-safe.js",):
        assert tags <= _safe_list("SAFE_TAGS", script), tags - _safe_list("SAFE_TAGS", script)
        allowed = _safe_list("SAFE_ATTRS", script)
        assert attrs <= allowed, attrs - allowed
        assert not {"script", "iframe", "object", "embed", "foreignobject", "a", "img"} & (
            _safe_list("SAFE_TAGS", script)
        )
        assert not {a for a in allowed if a.startswith("on") or "href" in a or a == "style"}


# --- the lessons list -------------------------------------------------------------------


def _notebook(folder: Path, name: str, markdown_source: str) -> Path:
    nb = {
        "cells": [{"cell_type": "markdown", "metadata": {}, "source": markdown_source}],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = folder / name
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


def test_lessons_list_escapes_a_hostile_notebook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    markdown = pytest.importorskip("markdown")
    _notebook(
        tmp_path,
        "01-hostile.ipynb",
        f"# {TITLE} {{: onclick=alert(8)}}\n\n"
        "The **Joker** <img src=x onerror=alert(9)> [click](javascript:alert(10)) "
        "\\`<b>x</b>` `a<b` {: onclick=alert(11)}\n",
    )
    monkeypatch.setattr(docs_hooks.lessons, "LESSONS", tmp_path)
    lessons = docs_hooks.lessons.lessons()
    assert [lesson.title for lesson in lessons] == [f"{TITLE} {{: onclick=alert(8)}}"]
    html = markdown.markdown(
        content.lessons_markdown(lessons),
        extensions=["attr_list", "md_in_html", "tables", "def_list", "footnotes", "admonition"],
    )
    tree = _assert_inert(html)
    assert tree.text["a"] == [f"{TITLE} {{: onclick=alert(8)}}"]  # the link's text, as written
    assert dict(tree.attrs)["href"] == "01-hostile.ipynb"
    assert "<strong>Joker</strong>" in html  # the summary keeps its emphasis
    assert "a<b" in tree.text["code"]  # and its code, shown as written
    assert "b" not in tree.tags  # the backslash did not hide a backtick


def test_a_notebook_that_is_not_one_stops_the_build_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "01-list.ipynb").write_text("[1, 2]", encoding="utf-8")
    monkeypatch.setattr(docs_hooks.lessons, "LESSONS", tmp_path)
    with pytest.raises(RuntimeError, match=r"01-list\.ipynb is not a readable notebook"):
        docs_hooks.lessons.lessons()


# --- the source texts and the translators' notes ------------------------------------------


def _toml(value: Any) -> str:
    """A TOML value (the few kinds the notes file uses)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    assert isinstance(value, dict)
    return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"


def _notes_file(tmp_path: Path, **changes: Any) -> Path:
    """The real notes file with the first section's or the first Italian word's keys changed."""
    data = tomllib.loads(content.NOTES_FILE.read_text(encoding="utf-8"))
    for key, value in changes.items():
        table, _, field = key.partition("__")
        target = data["section"][0] if table == "section" else data["italian"]["word"][0]
        target[field] = value
    tables = [("section", t) for t in data["section"]]
    for lang in ("italian", "thai"):
        for kind in ("word", "line_note"):
            tables += [(f"{lang}.{kind}", t) for t in data.get(lang, {}).get(kind, [])]
    lines = []
    for name, table in tables:
        lines.append(f"[[{name}]]")
        lines += [f"{k} = {_toml(v)}" for k, v in table.items()]
    path = tmp_path / "notes.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_notes_file_round_trips_through_the_test_writer(tmp_path: Path) -> None:
    assert content.translation_notes(_notes_file(tmp_path)) == content.translation_notes()


def test_translators_notes_are_escaped_on_the_source_page(tmp_path: Path) -> None:
    seed = (ROOT / "site" / "sources" / "hasenpfeffer-rules-it.txt").read_text(encoding="utf-8")
    notes = content.translation_notes(
        _notes_file(tmp_path, section__title=TITLE, section__summary=NOTE, word__says=POINT)
    )
    page = content.source_html(seed, "it", notes)
    tree = _assert_inert(page)
    assert "svg" not in tree.tags
    assert TITLE in "".join(tree.text["p"])
    assert NOTE in "".join(tree.text["p"])
    assert POINT in "".join(tree.text["li"])


def test_glossary_table_keeps_its_columns_whatever_a_note_says(tmp_path: Path) -> None:
    markdown = pytest.importorskip("markdown")
    notes = content.translation_notes(_notes_file(tmp_path, word__says=f"a | b {POINT}"))
    html = markdown.markdown(content.terms_table("it", notes), extensions=["tables"])
    tree = _assert_inert(html)
    rows = re.findall(r"<tr>(.*?)</tr>", html, re.S)
    assert all(row.count("<td") == 5 for row in rows[1:])
    assert f"a | b {POINT}" in tree.text["td"]


@pytest.mark.parametrize("anchor", ['x" onmouseover="alert(1)', "javascript:alert(1)", ""])
def test_notes_file_refuses_a_link_that_is_not_a_heading_id(tmp_path: Path, anchor: str) -> None:
    path = _notes_file(tmp_path, section__explained_at=anchor)
    with pytest.raises(ValueError, match=r"notes\.toml: \[\[section\]\] #1: 'explained_at'"):
        content.translation_notes(path)


def test_notes_file_refuses_an_empty_word(tmp_path: Path) -> None:
    """An empty word would match everywhere and never move on: the build would hang."""
    path = _notes_file(tmp_path, word__word="")
    with pytest.raises(ValueError, match=r"\[\[italian\.word\]\] #1: 'word' should be"):
        content.translation_notes(path)


# --- the pages' markers and picture macros ------------------------------------------------


def test_picture_macro_the_engine_cannot_draw_is_quoted_in_the_error() -> None:
    with pytest.raises(ValueError, match=r"the picture macro '\[\[card XX\]\]' is wrong"):
        content.expand_macros("A card: [[card XX]].", lambda html: html)


@pytest.mark.parametrize(
    "page",
    [
        "[[cards " + " " * 200_000,
        "[[cards " * 50_000,
        "[[trick " + "W:A♠ " * 40_000 + "| trump=H",
        "[[card A♠ |" + " " * 200_000,
    ],
)
def test_unclosed_picture_macros_are_left_as_they_are(page: str) -> None:
    """Long unclosed macros: found in one pass (the old pattern took minutes on these)."""
    assert content.expand_macros(page, lambda html: "TOKEN") == page


def _markers() -> Any:
    """The site's markers module (it imports MkDocs): skipped without it, except under CI."""
    try:
        from docs_hooks import markers
    except ImportError as e:
        if os.environ.get("CI"):
            pytest.fail(f"MkDocs is not installed under CI: {e}")
        pytest.skip(f"MkDocs is not installed: {e}")
    return markers


def test_page_markers_are_found_in_one_pass() -> None:
    markers = _markers()
    for page in (
        "<!-- hp:" + "a" * 200_000,
        "<!-- hp:lessons " * 30_000,
        "<!-- hp:x " + " " * 200_000,
    ):
        assert markers.MARKER.search(page) is None
    m = markers.MARKER.search("<!--  hp:terms   th  -->")
    assert m is not None and (m.group(1), m.group(2).strip()) == ("terms", "th")


# --- round 2: code spans, control characters, broken notebooks, random text ---------------

#: The elements and attributes a lessons list may hold: a numbered list of links, with
#: the summaries' emphasis and code.
LESSON_LIST_ELEMENTS = {"ol", "li", "a", "p", "strong", "em", "code"}
LESSON_LIST_ATTRIBUTES = {"href"}
SITE_EXTENSIONS = ["attr_list", "md_in_html", "tables", "def_list", "footnotes", "admonition"]


def _lessons_html(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cell: str) -> str:
    markdown = pytest.importorskip("markdown")
    for old in tmp_path.glob("*.ipynb"):
        old.unlink()
    _notebook(tmp_path, "01-hostile.ipynb", cell)
    monkeypatch.setattr(docs_hooks.lessons, "LESSONS", tmp_path)
    return str(
        markdown.markdown(
            content.lessons_markdown(docs_hooks.lessons.lessons()), extensions=SITE_EXTENSIONS
        )
    )


def _assert_allowed(markup: str, elements: set[str], attributes: set[str]) -> _Tree:
    tree = _tree(markup)
    assert set(tree.tags) <= elements, (set(tree.tags) - elements, markup)
    assert {k for k, _ in tree.attrs} <= attributes, markup
    return tree


@pytest.mark.parametrize(
    "summary",
    [
        "Learn `<img src=x onerror=alert(document.domain)>`` fast",  # the line
        "``<img src=x onerror=alert(1)>` ``",
        "```<script>alert(1)</script>`` `",
        "`` ` <img src=x onerror=alert(1)> ` ``",
        "\\``<img src=x onerror=alert(1)>`",
    ],
)
def test_a_summary_whose_backticks_do_not_pair_never_puts_html_on_the_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, summary: str
) -> None:
    html = _lessons_html(tmp_path, monkeypatch, f"# A lesson\n\n{summary}\n")
    tree = _assert_allowed(html, LESSON_LIST_ELEMENTS, LESSON_LIST_ATTRIBUTES)
    assert "img" not in tree.tags and "script" not in tree.tags
    assert "alert(" in "".join(tree.text["li"])  # shown as text, not dropped


def test_code_spans_pair_as_markdown_pairs_them() -> None:
    assert content.md_inline("a `x` b") == "a <code>x</code> b"
    assert content.md_inline("``a`b``") == "<code>a&#96;b</code>"
    assert content.md_inline("` a `") == "<code>a</code>"
    assert content.md_inline("`a``") == "&#96;a&#96;&#96;"  # no partner: literal


def test_a_heading_of_only_spaces_names_no_lesson(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    html = _lessons_html(
        tmp_path, monkeypatch, "#    \n\nText.\n\n# The real title\n\nIts summary.\n"
    )
    tree = _tree(html)
    assert tree.text["a"] == ["The real title"]
    html = _lessons_html(tmp_path, monkeypatch, "# \t \n\nNo other heading.\n")
    assert _tree(html).text["a"] == ["01 hostile"]  # the file's name, never an empty link


def test_a_notebook_nested_too_deeply_stops_the_build_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "01-deep.ipynb").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    monkeypatch.setattr(docs_hooks.lessons, "LESSONS", tmp_path)
    with pytest.raises(RuntimeError, match=r"01-deep\.ipynb is not a readable notebook: nested"):
        docs_hooks.lessons.lessons()


HIDDEN = "Jack\u202eof\u200b hearts\x1b[31m\u2066"


def test_control_and_bidi_characters_are_shown_as_escapes_on_the_site(
    hands: dict[str, HandRecord],
) -> None:
    record = loads(dumps(hands[NAME]).replace(TITLE, HIDDEN, 1))
    shown = "Jack\\u202eof\\u200b hearts\\x1b[31m\\u2066"
    index = content.viewer_index({NAME: record})
    assert index[0]["title"] == shown
    assert shown in content.hands_html(index)
    assert content.viewer_hand(NAME, {NAME: record})["title"] == shown
    assert content.md_text(HIDDEN) == content.md_text(shown)


_MARKDOWN_BITS = st.sampled_from(
    [
        "`",
        "``",
        "*",
        "_",
        "[",
        "]",
        "(",
        ")",
        "{",
        "}",
        ":",
        "<",
        ">",
        "&",
        "\\",
        "!",
        "#",
        '"',
        "'",
        "=",
        "/",
        "<img src=x onerror=alert(1)>",
        "<script>",
        "</code>",
        "javascript:",
        "{: onclick=x}",
        "<a href=x>",
        " ",
        "\n",
        "\u202e",
        "\x1b",
        "J♥",
        "a",
        "1.",
    ]
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    summary=st.lists(_MARKDOWN_BITS, max_size=30).map("".join),
    title=st.lists(_MARKDOWN_BITS, max_size=12).map("".join),
)
def test_random_notebook_markdown_yields_only_the_lists_elements(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, summary: str, title: str
) -> None:
    html = _lessons_html(tmp_path, monkeypatch, f"# T{title}\n\n{summary}\n")
    _assert_allowed(html, LESSON_LIST_ELEMENTS, LESSON_LIST_ATTRIBUTES)


@settings(max_examples=100, deadline=None)
@given(text=st.lists(_MARKDOWN_BITS, max_size=30).map("".join))
def test_random_hand_text_on_the_viewer_page_yields_only_the_lists_elements(text: str) -> None:
    html = content.hands_html([{"name": text, "title": text, "point": text, "rules_words": text}])
    _assert_allowed(html, {"ol", "li", "a", "strong", "span"}, {"class", "id", "href"})


# --- the notes in the page's language -----------------------------------------------------


@pytest.mark.parametrize("lang", ["it", "th"])
def test_the_notes_in_each_language_give_every_entry_of_the_english(lang: str) -> None:
    """The Italian and Thai notes files lay their texts over the English ones, entry for
    entry: none is missing, and every text is in the page's language."""
    english = content.translation_notes()
    notes = content.notes_in(lang)
    assert notes.lang == lang
    assert [s.first_line for s in notes.sections] == [s.first_line for s in english.sections]
    for source in ("it", "th"):
        assert [t.word for t in notes.terms[source]] == [t.word for t in english.terms[source]]
        assert sorted(notes.line_notes[source]) == sorted(english.line_notes[source])
    texts = [s.summary for s in notes.sections] + [t.says for t in notes.terms["it"]]
    same = [t for t in texts if t in {s.summary for s in english.sections}]
    assert same == [], "left in English"


def test_a_notes_file_that_skips_an_entry_is_refused_naming_it(tmp_path: Path) -> None:
    text = NOTES_IN["it"].read_text(encoding="utf-8")
    path = tmp_path / "notes.it.toml"
    path.write_text(text.replace("first_line = 1\n", "first_line = 2\n", 1), encoding="utf-8")
    with pytest.raises(ValueError, match=r"notes\.it\.toml: \[\[section\]\] #1 starts at line 2"):
        content.notes_in("it", path)


def test_a_source_page_in_italian_shows_its_notes_in_italian() -> None:
    seed = (ROOT / "site" / "sources" / "hasenpfeffer-rules-th.txt").read_text(encoding="utf-8")
    with language("it"):
        page = content.source_html(seed, "th")
    notes = re.findall(r'<aside class="hp-src-notes".*?</aside>', page, re.S)
    assert notes and all('lang="en"' not in n for n in notes)
    assert "Spiegato nelle regole del sito" in page


def test_the_hand_viewer_marks_cards_by_points_as_the_replay_does() -> None:
    """The site's hand viewer reads the same analysis as the replay: each card's points
    (signed, the best first) and a ✗ only for a card that cost points. Teaching hand 11:
    the Joker's lead took no fewer tricks, but cost a point in a lost bid."""
    from hasenpfeffer_core.analysis.review import analyse
    from hasenpfeffer_core.analysis.teaching import teaching_hands

    name = next(n for n in teaching_hands() if n.startswith("11"))
    data = json.loads(content.to_json(content.viewer_hand(name)))
    plays = {p.step + 1: p for p in analyse(teaching_hand("11")).plays}
    for step, entry in enumerate(data["steps"]):
        a = entry.get("analysis")
        if a is None:
            continue
        play = plays[step]
        assert a["lost"] == (play.cost > 0) and a["verdict"] == play.verdict
        shown = [int(v.replace("+", "")) for _card, v in a["values"]]
        assert shown == sorted(shown, reverse=True)
        assert "points" in a["values_label"]
    joker = data["steps"][7]["analysis"]
    assert joker["card"] == "JK" and joker["lost"] and "cost 1 point" in joker["verdict"]
