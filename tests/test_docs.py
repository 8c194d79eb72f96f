"""The docs site: ``mkdocs build --strict`` passes, and what it generates agrees with the engine.

The site is built once per test session into a temporary folder, in its three languages
(English at the root, Italian in ``it/``, Thai in ``th/``). The tests then read the
built pages and data: the ranking tables against ``ranking()`` (in every language, with
their words in that language), the variants table against ``OPTIONS``/``PRESETS``, the
practice questions against ``trick_winner()`` and ``legal_plays()`` (every language's
data), the hand viewer's steps against the records, the source texts against the seed
files byte for byte (on every language's page), and every page for resources fetched
from anywhere but the site itself. tests/test_site_i18n.py checks the rest of the
languages' business.

Without MkDocs installed the tests skip (``pip install -e '.[docs]'``), except under
CI (the ``CI`` variable set), where they fail.
"""

from __future__ import annotations

import ast
import hashlib
import html
import json
import os
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer_core import (
    OPTIONS,
    PRESETS,
    SUITS,
    parse_cards,
    parse_seat,
    parse_suit,
    ranking,
    trick_winner,
)
from hasenpfeffer_core.analysis.explain import explain_trick
from hasenpfeffer_core.analysis.teaching import teaching_hand_names, teaching_hands
from hasenpfeffer_core.engine.i18n import gettext, language, pgettext
from hasenpfeffer_core.engine.tricks import CardRole, legal_plays
from hasenpfeffer_core.faces.render import state_html

ROOT = Path(__file__).resolve().parent.parent
SITE_SRC = ROOT / "site"
SHARED_SEEDS = ROOT.parent / "shared" / "seeds"
SEED_FILES = {"it": "hasenpfeffer-rules-it.txt", "th": "hasenpfeffer-rules-th.txt"}
#: Each language's folder in the built site.
PREFIXES = {"en": "", "it": "it/", "th": "th/"}
OFF_SITE_HOSTS = (
    "cdn.jsdelivr.net",
    "cdnjs.cloudflare.com",
    "unpkg.com",
    "fonts.googleapis.com",
    "fonts.gstatic.com",
    "code.jquery.com",
    "ajax.googleapis.com",
)


def _need_mkdocs() -> None:
    try:
        import material  # noqa: F401
        import mkdocs  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("MkDocs is not installed under CI (pip install -e '.[docs]')")
        pytest.skip("MkDocs is not installed (pip install -e '.[docs]')")


def _page(site: Path, rel: str) -> str:
    return (site / rel / "index.html").read_text(encoding="utf-8")


class _Collect(HTMLParser):
    """The text of every element matching a tag and a class, and chosen attributes."""

    def __init__(self, tag: str, cls: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tag, self.cls = tag, cls
        self.items: list[tuple[dict[str, str | None], str]] = []
        self._depth = 0
        self._attrs: dict[str, str | None] = {}
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._depth:
            self._depth += 1 if tag == self.tag else 0
            return
        classes = (dict(attrs).get("class") or "").split()
        if tag == self.tag and self.cls in classes:
            self._depth, self._attrs, self._text = 1, dict(attrs), []

    def handle_endtag(self, tag: str) -> None:
        if self._depth and tag == self.tag:
            self._depth -= 1
            if not self._depth:
                self.items.append((self._attrs, "".join(self._text)))

    def handle_data(self, data: str) -> None:
        if self._depth:
            self._text.append(data)


def _collect(text: str, tag: str, cls: str) -> list[tuple[dict[str, str | None], str]]:
    parser = _Collect(tag, cls)
    parser.feed(text)
    return parser.items


# --- the build and the pages -------------------------------------------------------------


@pytest.mark.parametrize("lang", list(PREFIXES))
def test_strict_build_makes_every_page(site: Path, lang: str) -> None:
    for rel in (
        "",
        "rules",
        "rules/ranking",
        "rules/variants",
        "rules/glossary",
        "sources",
        "sources/italian",
        "sources/thai",
        "lessons",
        "practice",
        "practice/trick-winner",
        "practice/legal-play",
        "viewer",
        "reference",
    ):
        page = site / PREFIXES[lang] / rel / "index.html"
        assert page.is_file(), f"no page {PREFIXES[lang]}{rel or 'home'}"
        assert f'<html lang="{lang}"' in page.read_text(encoding="utf-8"), page


def test_generated_content_is_not_pasted_into_the_sources() -> None:
    ranking_md = (SITE_SRC / "rules" / "ranking.md").read_text(encoding="utf-8")
    variants_md = (SITE_SRC / "rules" / "variants.md").read_text(encoding="utf-8")
    assert "<!-- hp:ranking -->" in ranking_md and "<table" not in ranking_md
    assert "<!-- hp:variants -->" in variants_md and "<table" not in variants_md
    for name in ("italian", "thai"):
        md = (SITE_SRC / "sources" / f"{name}.md").read_text(encoding="utf-8")
        assert "hp-src-line" not in md  # the text is put in by the build, from the file


# --- the source texts ----------------------------------------------------------------


@pytest.mark.parametrize("lang", ["it", "th"])
def test_seed_copies_are_byte_identical_to_shared(lang: str) -> None:
    if not SHARED_SEEDS.is_dir():
        pytest.skip(f"{SHARED_SEEDS} is not here")
    ours = (SITE_SRC / "sources" / SEED_FILES[lang]).read_bytes()
    assert ours == (SHARED_SEEDS / SEED_FILES[lang]).read_bytes()


@pytest.mark.parametrize("site_lang", list(PREFIXES))
@pytest.mark.parametrize(("lang", "page"), [("it", "sources/italian"), ("th", "sources/thai")])
def test_source_page_shows_the_text_verbatim(
    site: Path, lang: str, page: str, site_lang: str
) -> None:
    """The two source texts are the same, byte for byte, on every language's page."""
    seed = (SITE_SRC / "sources" / SEED_FILES[lang]).read_bytes().decode("utf-8")
    text = _page(site, PREFIXES[site_lang] + page)
    lines = [t for _, t in _collect(text, "p", "hp-src-line")]
    assert "\n".join(lines) == seed
    # each block is read in its language: its own lang, or the page's where they agree
    # (the minifier drops a lang the page already has)
    page_lang = re.search(r'<html lang="([^"]+)"', text)
    assert page_lang
    blocks = _collect(text, "div", "hp-src-text")
    assert blocks and all(a.get("lang", page_lang.group(1)) == lang for a, _ in blocks)
    # The file itself is published too, unchanged.
    assert (site / "sources" / SEED_FILES[lang]).read_bytes() == seed.encode("utf-8")


@pytest.mark.parametrize("page", ["sources/italian", "sources/thai"])
def test_each_source_section_links_to_the_explainer(site: Path, page: str) -> None:
    text = _page(site, page)
    rules = _page(site, "rules")
    ids = set(re.findall(r'\sid="([^"]+)"', rules))
    links = re.findall(r'<p class="hp-explained"><a href="\.\./\.\./rules/#([^"]+)"', text)
    assert len(links) == 7  # one per section of the text
    links += re.findall(r'<p class="hp-see-also"><a href="\.\./\.\./rules/#([^"]+)"', text)
    assert set(links) <= ids, set(links) - ids


@pytest.mark.parametrize(
    ("page", "words"),
    [
        ("sources/italian", ["trucco", "rivenditore", "pergolati", "perimetro sinistro"]),
        ("sources/thai", ["เคล็ดลับ", "ตัวแทนจำหน่าย", "ดาดฟ้า", "โบว์เลอร์", "คนที่กล้าหาญ"]),
    ],
)
def test_source_pages_gloss_the_mistranslated_words(
    site: Path, page: str, words: list[str]
) -> None:
    text = _page(site, page)
    marked = {t for _, t in _collect(text, "span", "hp-term-wrong")}
    assert set(words) <= marked


# --- ranking and variants --------------------------------------------------------------


@pytest.mark.parametrize("lang", list(PREFIXES))
def test_ranking_tables_agree_with_the_engine(site: Path, lang: str) -> None:
    """Every language's ranking tables: the engine's order, in that language's words
    (the headers, the headings and each row's suit, as the catalogue has them)."""
    text = _page(site, PREFIXES[lang] + "rules/ranking")
    tables = re.findall(r'<table class="hp-ranking" data-trump="(\w+)">(.*?)</table>', text, re.S)
    assert [t for t, _ in tables] == [*(s.letter for s in SUITS), "NT"]
    with language(lang):
        head = [
            "#",
            pgettext("column", "card"),
            pgettext("column", "text"),
            pgettext("column", "plays as"),
            pgettext("column", "role"),
        ]
        titles = [
            gettext("{suits} {symbol} are trumps").format(
                suits=s.plural[:1].upper() + s.plural[1:], symbol=s.symbol
            )
            for s in SUITS
        ]
        plural = {s.letter: s.plural for s in SUITS}
        trump_word = CardRole.TRUMP.word
    headings = [
        html.unescape(re.sub(r"<[^>]+>", "", h)).strip()
        for h in re.findall(r"<h2[^>]*>(.*?)</h2>", text, re.S)
    ]
    for title in titles:
        assert any(h.startswith(title) for h in headings), (title, headings)
    for letter, body in tables:
        trump = None if letter == "NT" else parse_suit(letter)
        cards = [html.unescape(c) for c in re.findall(r'<tr data-card="([^"]+)"', body)]
        assert cards == [c.text for c in ranking(trump)], letter
        cells = [html.unescape(c) for c in re.findall(r"<th>(.*?)</th>", body)]
        assert cells == head, (lang, cells)
        if trump is not None:  # the last card is the lowest of another suit, in words
            rows = re.findall(r"<tr data-card[^>]*>(.*?)</tr>", body, re.S)
            suits = [html.unescape(re.findall(r"<td>([^<]*)</td>", r)[0]) for r in rows]
            assert suits[0] == trump_word, (lang, suits[0])
            assert set(suits) <= {suits[0], *plural.values()}, suits


def test_variants_table_agrees_with_the_engine(site: Path) -> None:
    text = _page(site, "rules/variants")
    head = re.search(r'<table class="hp-variants">(.*?)</table>', text, re.S)
    assert head is not None
    table = head.group(1)
    presets = re.findall(r"<th><code>([\w-]+)</code>", table)
    assert presets == list(PRESETS)
    for name in OPTIONS:
        row = re.search(rf'<tr id="option-{name.replace("_", "-")}">(.*?)</tr>', table, re.S)
        assert row is not None, name
        values = re.findall(r"<td[^>]*><code>([^<]*)</code></td>", row.group(1))
        expected = []
        for preset in PRESETS.values():
            v = getattr(preset.rules, name)
            expected.append(("yes" if v else "no") if isinstance(v, bool) else str(v))
        assert values == expected, name


# --- practice -----------------------------------------------------------------------------


def _practice(site: Path, kind: str, lang: str = "en") -> dict[str, Any]:
    path = site / PREFIXES[lang] / "assets" / "data" / f"practice-{kind}.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("lang", list(PREFIXES))
def test_trick_winner_questions_agree_with_the_engine(site: Path, lang: str) -> None:
    data = _practice(site, "trick-winner", lang)
    assert data["lang"] == lang
    assert data["count"] == len(data["questions"]) >= 40
    assert {q["difficulty"] for q in data["questions"]} == set(data["difficulties"])
    for q in data["questions"]:
        trump = parse_suit(q["trump"])
        seats = [parse_seat(s) for s, _ in q["trick"]]
        cards = parse_cards(" ".join(c for _, c in q["trick"]))
        assert q["answer"] == seats[trick_winner(cards, trump)].name, q["id"]
        with language(lang):
            assert explain_trick(cards, trump).text in q["explanation"]
        assert q["answer"] in {c["value"] for c in q["choices"]}
        assert "<svg" in q["picture"] and "<svg" in q["picture_after"]


@pytest.mark.parametrize("lang", list(PREFIXES))
def test_legal_play_questions_agree_with_the_engine(site: Path, lang: str) -> None:
    data = _practice(site, "legal-play", lang)
    assert data["count"] == len(data["questions"]) >= 40
    for q in data["questions"]:
        trump = parse_suit(q["trump"])
        hand = parse_cards(" ".join(q["hand"]))
        trick = parse_cards(" ".join(c for _, c in q["trick"])) if q["trick"] else ()
        legal = legal_plays(hand, trick, trump)
        assert sorted(q["answer"]) == sorted(c.text for c in legal), q["id"]
        assert [c["value"] for c in q["choices"]] == q["hand"]
        assert set(q["details"]["reasons"]) == set(q["hand"])


# --- the hand viewer ----------------------------------------------------------------


def test_hand_viewer_steps_agree_with_the_records(site: Path) -> None:
    folder = site / "assets" / "data" / "hands"
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    assert [h["name"] for h in index["hands"]] == list(teaching_hand_names())
    assert index["lang"] == "en" and index["labels"]["next"] == "Next ›"
    for name, record in teaching_hands().items():
        data = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
        steps = data["steps"]
        assert data["title"] == record.title
        assert len(steps) == len(record.moves) + 1
        pieces = data["pieces"]
        for n, state in enumerate(record.replay()):
            table = "".join(pieces[i] for i in steps[n]["parts"])
            assert table == state_html(state), (name, n)
            if n:
                move = record.moves[n - 1]
                said = steps[n]["action"]  # a sentence, the seat named in full
                assert said.startswith(move.action.seat.word + " "), said
                card = getattr(move.action, "card", None)
                if card is not None:
                    assert ("the Joker" if card.is_joker else card.text) in said, said
                assert steps[n]["note"] == move.note
        plays = [s for s in steps if "analysis" in s]
        assert plays or not any(" plays " in s["action"] for s in steps), name


def test_viewer_page_lists_every_hand_with_its_own_link(site: Path) -> None:
    """The list under the viewer: each hand's title escaped, and an anchor MkDocs sees
    (the rules page links to ``viewer/#14-lone-hand``)."""
    text = _page(site, "viewer")
    items = _collect(text, "ol", "hp-hand-list")
    assert len(items) == 1
    for name, record in teaching_hands().items():
        link = f'<a id="{name}" href="#{name}"><strong>{html.escape(record.title)}</strong></a>'
        assert link in text, name
    # The rules each hand is played under, in words: not the hand file's rules line.
    hand_list = text.split('class="hp-hand-list"', 1)[1].split("</ol>", 1)[0]
    entries = re.findall(r"<li>(.*?)</li>", hand_list)
    assert len(entries) == len(teaching_hands())
    assert all(re.search(r"\(played under [A-Za-z]", e) for e in entries), entries
    words = re.sub(r"<[^>]+>", "", hand_list)
    assert "seed" not in words and "(rules:" not in words
    rules = _page(site, "rules")
    assert 'href="../viewer/#14-lone-hand"' in rules


# --- lessons ------------------------------------------------------------------------------


def test_every_lesson_is_rendered_with_its_outputs(site: Path) -> None:
    notebooks = sorted((ROOT / "lessons").glob("[0-9]*.ipynb"))  # the numbered lessons
    lessons_index = _page(site, "lessons")
    for nb in notebooks:
        page = site / "lessons" / nb.stem / "index.html"
        assert page.is_file(), f"{nb.name} has no page"
        text = page.read_text(encoding="utf-8")
        assert "jp-OutputArea-output" in text, f"{nb.name} was rendered without outputs"
        assert f'href="{nb.stem}/"' in lessons_index
        if "application/vnd.jupyter.widget-view+json" in text:
            # the saved state sits in a file of its own, fetched with the widget manager
            src = re.search(
                r'<script type="application/vnd\.jupyter\.widget-state\+json" '
                r'data-src="([^"]+)"></script>',
                text,
            )
            assert src, f"{nb.name}: no saved widget state"
            state = json.loads((page.parent / src.group(1)).read_text(encoding="utf-8"))
            for view in re.findall(
                r'<script type="application/vnd\.jupyter\.widget-view\+json">(.*?)</script>',
                text,
                re.S,
            ):
                assert json.loads(view)["model_id"] in state["state"], nb.name
            assert "addWidgetsRenderer" not in text  # the CDN loader is replaced


# --- nothing from a third party ---------------------------------------------------------

_RESOURCE = re.compile(
    r"<(script|img|iframe|audio|video|source|embed|link)\b[^>]*?\b(src|href)=[\"']"
    r"((?:https?:)?//[^\"']+)",
    re.IGNORECASE,
)


def _off_site(text: str) -> list[str]:
    found = []
    for m in _RESOURCE.finditer(text):
        tag, url = m.group(1).lower(), m.group(3)
        fetched = re.search(r"rel=[\"'](?:stylesheet|preload|icon|modulepreload)", m.group(0))
        if tag == "link" and not fetched:
            continue  # e.g. rel="canonical": not fetched
        found.append(url)
    found += re.findall(r"url\(\s*[\"']?((?:https?:)?//[^)\"']+)", text)
    found += re.findall(r"@import\s+[\"']((?:https?:)?//[^\"']+)", text)
    found += re.findall(r"import\(\s*[\"']((?:https?:)?//[^\"']+)", text)
    for host in OFF_SITE_HOSTS:
        if host in text:
            found.append(host)
    return found


def test_no_page_loads_anything_from_another_site(site: Path) -> None:
    bad = {}
    for path in site.rglob("*"):
        if path.suffix not in (".html", ".css") or "vendor" in path.parts:
            continue
        found = _off_site(path.read_text(encoding="utf-8", errors="replace"))
        if found:
            bad[str(path.relative_to(site))] = sorted(set(found))[:5]
    assert bad == {}


def test_theme_fonts_are_off() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^\s+font: false", config, re.MULTILINE)


def test_own_scripts_fetch_only_from_the_site() -> None:
    for name in (
        "hp-safe.js",
        "practice.js",
        "puzzles.js",
        "held.js",
        "schedule.js",
        "viewer.js",
        "widgets-offline.js",
        "search-thai.js",
    ):
        script = (SITE_SRC / "assets" / name).read_text(encoding="utf-8")
        assert not re.search(r"https?://", script), name


@pytest.mark.parametrize("name", ["practice.js", "puzzles.js", "viewer.js"])
def test_page_scripts_have_no_words_of_their_own(name: str) -> None:
    """What the practice pages and the viewer say comes with their data, in the page's
    language: no sentence or label is written in the scripts themselves."""
    script = (SITE_SRC / "assets" / name).read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/", "", script, flags=re.S)
    code = re.sub(r"^\s*//.*$", "", code, flags=re.M)
    strings = re.findall(r'"((?:[^"\\\n]|\\.)*)"', code)
    words = [
        s
        for s in strings
        if re.search(r"[A-Za-z]{3,} [A-Za-z]{2,}", s)
        and s != "use strict"
        # class lists ("md-button hp-next", "admonition note") are not words for a reader
        and not all(w.startswith(("md-", "hp-")) or w in ("admonition", "note") for w in s.split())
    ]
    assert words == [], words


def test_vendored_files_match_their_record() -> None:
    vendor = SITE_SRC / "assets" / "vendor"
    record = (vendor / "VENDOR.txt").read_text(encoding="utf-8")
    sums = re.findall(r"^\s+([0-9a-f]{64})\s+(\S+)$", record, re.MULTILINE)
    assert len(sums) >= 5
    for digest, rel in sums:
        assert hashlib.sha256((vendor / rel).read_bytes()).hexdigest() == digest, rel


# --- the API reference ---------------------------------------------------------------------


def test_api_reference_is_generated_from_docstrings(site: Path) -> None:
    tricks = _page(site, "reference/engine/tricks")
    assert "The index within" in tricks  # trick_winner's docstring
    assert "<code>ranking" in tricks or "ranking</span>" in tricks
    assert ":func:" not in tricks and "``" not in tricks
    for mod in (
        "engine/cards",
        "engine/rules",
        "engine/state",
        "engine/record",
        "analysis/quiz",
        "analysis/review",
        "analysis/explain",
        "faces/render",
        "faces/widgets",
        "faces/cli",
    ):
        assert (site / "reference" / mod / "index.html").is_file(), mod


# --- the live copy of the lessons (JupyterLite on Pyodide) ----------------------------------


def _live_lessons(lang: str = "en") -> list[str]:
    """Every lesson's name: all of them are in the live copy."""
    from docs_hooks import lite

    return [lesson.name for lesson in lite.live_lessons(lang)]


@pytest.mark.parametrize("lang", list(PREFIXES))
def test_each_lesson_page_links_to_its_live_copy(site: Path, lang: str) -> None:
    """Every lesson page's "Try it live" opens its own language's notebook in the one
    live copy of the site (``live/``: the Italian lessons in ``it/``...)."""
    live = site / "live"
    assert (live / "notebooks" / "index.html").is_file()
    folder = ROOT / "lessons" / (lang if lang != "en" else "")
    if not list(folder.glob("[0-9]*.ipynb")):
        pytest.skip(f"no lessons in {folder} yet")
    lessons = _live_lessons(lang)
    assert lessons == sorted(p.stem for p in folder.glob("[0-9]*.ipynb"))
    assert len(lessons) == 8
    up = "../" * (2 + (lang != "en"))
    with language(lang):
        try_it = html.escape(gettext("Try it live"))
    for name in lessons:
        text = _page(site, f"{PREFIXES[lang]}lessons/{name}")
        path = f"{PREFIXES[lang]}{name}.ipynb"
        notebook = live / "files" / path
        link = f'href="{up}live/notebooks/index.html?path={path}">{try_it}</a>'
        assert link in text, name
        nb = json.loads(notebook.read_text(encoding="utf-8"))
        assert nb["metadata"]["kernelspec"]["name"] == "python"
        assert nb["metadata"]["kernelspec"]["display_name"] == "Python (Pyodide)"
    assert not list((live / "files").glob("*.py")), "the lessons' helpers are in the package"


#: What the live copy serves besides the standard library (see docs_hooks/lite/).
_LIVE_MODULES = {"hasenpfeffer_core", "ipywidgets", "IPython", "tqdm", "__future__"}


def test_lessons_import_only_what_the_live_copy_serves() -> None:
    """No lesson imports a package Pyodide cannot get offline."""
    sources = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "lessons").glob("*.py")}
    for path in sorted((ROOT / "lessons").glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        sources[path.name] = "\n".join(
            "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"
        )
    for name, text in sources.items():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                top = module.split(".")[0]
                assert top in _LIVE_MODULES or top in sys.stdlib_module_names, (name, module)


def test_lessons_in_the_repository_stay_for_jupyterlab() -> None:
    for path in sorted((ROOT / "lessons").glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        assert nb["metadata"]["kernelspec"]["name"] == "python3", path.name
        assert "%pip install" not in json.dumps(nb["cells"]), path.name


def test_live_copy_serves_pyodide_and_every_wheel_itself(site: Path) -> None:
    live = site / "live"
    config = json.loads((live / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert all(url.startswith("./") for url in kernel["pipliteUrls"])
    pyodide = live / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    served = {p.name for p in pyodide.glob("*.whl")}
    # (how the kernel gets the lessons' packages is docs_hooks.lite's business: tests/browser/test_lite.py)
    assert {"micropip", "ipython", "packaging"} <= {
        lock["packages"][n]["name"].lower()
        for n in lock["packages"]
        if lock["packages"][n]["file_name"] in served
    }
    for entry in lock["packages"].values():
        if entry["file_name"] in served:
            digest = hashlib.sha256((pyodide / entry["file_name"]).read_bytes()).hexdigest()
            assert digest == entry["sha256"], entry["file_name"]
    wheels = {
        p.name.split("-")[0] for p in live.rglob("*.whl")
    }  # wherever docs_hooks.lite puts them
    assert {"hasenpfeffer_core", "ipywidgets", "jupyterlab_widgets", "comm"} <= wheels


# --- what a learner reads, and sees ------------------------------------------------------


def test_score_tables_name_the_rules_in_plain_words(site: Path) -> None:
    """The [[score]] tables: rule sets by their names, sides short only in the columns."""
    pages = [
        p
        for p in site.rglob("index.html")
        if 'class="hp-score"' in p.read_text("utf-8")
        and p.relative_to(site).parts[0] not in ("it", "th")  # (English words below)
    ]
    assert pages, "no page shows a score table"
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for table in re.findall(r'<table class="hp-score">(.*?)</table>', text, re.S):
            assert "<code>" not in table and "seed" not in table, page
            assert "The source rules" in table


def test_each_saved_widget_says_it_is_a_picture_with_the_live_link(site: Path) -> None:
    for page in sorted((site / "lessons").glob("*/index.html")):
        text = page.read_text(encoding="utf-8")
        views = text.count("application/vnd.jupyter.widget-view+json")
        notes = re.findall(r'<p class="hp-saved-note">(.*?)</p>', text, re.S)
        assert len(notes) == views, page.parent.name
        for note in notes:
            assert "Saved picture" in note and "does not respond here" in note
            assert f'href="../../live/notebooks/index.html?path={page.parent.name}.ipynb"' in note


def test_thai_page_glosses_bidding_and_marks_the_right_words(site: Path) -> None:
    text = _page(site, "sources/thai")
    wrong = {t for _, t in _collect(text, "span", "hp-term-wrong")}
    right = {t for _, t in _collect(text, "span", "hp-term-ok")}
    assert "การเสนอราคา" in wrong
    assert {"โจ๊กเกอร์", "ชุดทรัมพ์"} <= right
    italian = {t for _, t in _collect(_page(site, "sources/italian"), "span", "hp-term-ok")}
    assert {"presa", "mazziere"} <= italian
    # Each gloss is a tooltip the theme shows on hover and on keyboard focus.
    for attrs, _ in _collect(text, "span", "hp-term"):
        assert attrs.get("title") and attrs.get("tabindex") == "0"
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^\s+- content\.tooltips$", config, re.MULTILINE)


def test_search_covers_italian_and_thai(site: Path) -> None:
    """The English site's index knows Italian and Thai too (its source pages show those
    texts); each language's index is its own (tests/test_site_i18n.py)."""
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^\s+lang: \[en, it, th\]$", config, re.MULTILINE)
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"] == ["en", "it", "th"]
    assert not [d for d in index["docs"] if d["location"].startswith(("it/", "th/"))]


def test_repository_link_asks_no_other_site(site: Path) -> None:
    """The theme would ask GitHub's API for the repository's stars on every page view."""
    for path in [*site.glob("*.html"), *site.rglob("index.html")]:
        if "live" in path.relative_to(site).parts:
            continue
        text = path.read_text(encoding="utf-8")
        assert 'data-md-component="source"' not in text, path
        if path.name == "index.html" and path.parent == site:
            assert 'class="md-source"' in text  # the link itself is kept
