"""The docs site in English, Italian and Thai (mkdocs-static-i18n, suffix layout).

Source checks: every English page (``site/**/*.md``, the API reference aside) has its
Italian and Thai translation beside it (``page.it.md``, ``page.th.md``). Built-site
checks, on the one strict build of the session (``tests/test_links.py``): the footer's
note that the project translated the page is on the Italian and Thai pages only; the
Thai webfont is served by the site and declared with ``@font-face`` for the Thai block;
each language has its own search index, and a Thai word inside running Thai text is a
word of the Thai index; the generated words (practice and viewer labels, the API
reference's note) are in the page's language; the live copy has every language's
lessons; the root 404 page is the English build's (it speaks all three languages).

Without MkDocs the built-site tests skip, except under CI (the ``CI`` variable set),
where they fail.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer_core.engine.i18n import gettext, language

ROOT = Path(__file__).resolve().parent.parent
SITE_SRC = ROOT / "site"
LANGS = ("it", "th")
PREFIXES = {"en": "", "it": "it/", "th": "th/"}
#: The footer's note on a translated page (docs_hooks/page_context.py).
NOTE_CLASS = 'class="hp-translated-note"'


def _english_pages() -> list[Path]:
    """The English page sources: every ``.md`` without a language suffix."""
    return sorted(
        p
        for p in SITE_SRC.rglob("*.md")
        if not re.search(r"\.(it|th)\.md$", p.name)
        and "vendor" not in p.parts
        and p.relative_to(SITE_SRC).parts[0] != "reference"
    )


# --- the page files ------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_english_page_has_its_translation(lang: str) -> None:
    """The API reference stays English (its pages say so); every other page has its
    Italian and Thai file."""
    pages = _english_pages()
    assert len(pages) >= 15
    missing = [
        str(p.relative_to(SITE_SRC))
        for p in pages
        if not p.with_name(p.name.removesuffix(".md") + f".{lang}.md").is_file()
    ]
    assert missing == [], f"pages without a .{lang}.md translation: {missing}"


# --- the built site: pages, footer, generated words ---------------------------------------


def _built_pages(site: Path, prefix: str) -> list[Path]:
    """The built pages of one language (the live copy is JupyterLite's)."""
    root = site / prefix
    out = []
    for page in sorted(root.rglob("index.html")):
        parts = page.relative_to(site).parts
        if parts[0] == "live" or (not prefix and parts[0] in LANGS):
            continue
        out.append(page)
    return out


def test_footer_note_is_on_translated_pages_only(site: Path) -> None:
    english = _built_pages(site, "")
    assert english
    assert [p for p in english if NOTE_CLASS in p.read_text(encoding="utf-8")] == []
    for lang in LANGS:
        for src in _english_pages():
            if not src.with_name(src.name.removesuffix(".md") + f".{lang}.md").is_file():
                continue
            rel = src.relative_to(SITE_SRC).with_suffix("")
            folder = rel.parent if rel.name == "index" else rel
            page = site / lang / folder / "index.html"
            text = page.read_text(encoding="utf-8")
            note = re.search(rf"<span {NOTE_CLASS}>(.*?)</span>", text, re.S)
            assert note, f"{lang}/{folder}: no footer note"
            with language(lang):
                said = gettext(
                    "This page was translated by the project, not by a professional translator."
                )
            assert said in note.group(1)
            assert 'href="https://github.com/hasenpfeffer/hasenpfeffer-core/issues"' in note.group(
                1
            )


@pytest.mark.parametrize("lang", LANGS)
def test_api_reference_is_english_and_says_so(site: Path, lang: str) -> None:
    text = (site / lang / "reference" / "index.html").read_text(encoding="utf-8")
    with language(lang):
        title = gettext("The API reference is in English")
    assert title in text
    assert NOTE_CLASS not in text  # not a translation: no "translated by" line
    # its tables lead to the English module pages, which exist
    links = re.findall(r'href="(\.\./\.\./reference/[^"#]+)"', text)
    assert links
    for link in links:
        assert (site / lang / "reference" / link / "index.html").resolve().is_file(), link


@pytest.mark.parametrize("lang", list(PREFIXES))
def test_practice_and_viewer_words_are_in_the_page_language(site: Path, lang: str) -> None:
    data = site / PREFIXES[lang] / "assets" / "data"
    quiz: dict[str, Any] = json.loads((data / "practice-legal-play.json").read_text("utf-8"))
    hands: dict[str, Any] = json.loads((data / "hands" / "index.json").read_text("utf-8"))
    with language(lang):
        assert quiz["labels"]["check"] == gettext("Check my answer")
        assert quiz["labels"]["levels"]["all"] == gettext("All levels")
        assert hands["labels"]["next"] == gettext("Next ›")
        wrong = gettext("Not quite.")
    assert quiz["lang"] == hands["lang"] == lang
    assert all(q["wrong_text"].startswith(wrong.rstrip(".")) for q in quiz["questions"])
    page = (site / PREFIXES[lang] / "practice" / "legal-play" / "index.html").read_text("utf-8")
    root = "../" * (2 + (lang != "en"))  # from the page to the site's root
    assert f'data-src="{root}{PREFIXES[lang]}assets/data/practice-legal-play.json"' in page


def test_not_found_page_is_the_english_one(site: Path) -> None:
    text = (site / "404.html").read_text(encoding="utf-8")
    assert '<html lang="en"' in text


def test_live_copy_has_every_language_lessons(site: Path) -> None:
    files = site / "live" / "files"
    for lang in LANGS:
        ours = sorted(p.name for p in (ROOT / "lessons" / lang).glob("*.ipynb"))
        assert sorted(p.name for p in (files / lang).glob("*.ipynb")) == ours, lang
        for name in ours:
            nb = json.loads((files / lang / name).read_text(encoding="utf-8"))
            first = "".join(nb["cells"][0]["source"])
            with language(lang):
                note = gettext(
                    "**This is the live copy of the lesson: it runs in your browser.** It runs "
                    "itself as it opens; the first exercise appears after a few seconds. Change "
                    "any code and press Shift+Enter to run it again; to run the whole lesson "
                    "again, choose **Run ▸ Run All Cells**. Your changes stay in this browser only."
                )
            assert first == note, (lang, name)
    assert len(list(files.rglob("*.ipynb"))) == sum(
        len(list(d.glob("*.ipynb")))
        for d in (ROOT / "lessons", *(ROOT / "lessons" / x for x in LANGS))
    )


# --- the Thai webfont --------------------------------------------------------------------


def test_thai_font_is_served_and_declared(site: Path) -> None:
    from docs_hooks import fonts as site_fonts

    fonts = site / "assets" / "fonts"
    names = site_fonts.font_files()
    assert [n for n in names if "-400-" in n] and [n for n in names if "-700-" in n]
    for name in names:
        data = (fonts / name).read_bytes()
        assert data[:4] == b"wOF2" and 2_000 < len(data) < 100_000, name
    assert "SIL Open Font License" in (fonts / site_fonts.LICENCE).read_text(encoding="utf-8")
    css = (site / "assets" / "site.css").read_text(encoding="utf-8")
    faces = re.findall(r"@font-face\s*\{(.*?)\}", css, re.S)
    served = set()
    for face in faces:
        url = re.search(r'url\("([^"]+)"\)', face)
        assert url and not url.group(1).startswith(("http:", "https:", "//")), face
        assert "U+0E00-0E7F" in face, face  # the Thai block only
        served.add(url.group(1))
    assert served == {f"fonts/{n}" for n in names}
    assert re.search(r'--md-text-font:\s*"HP Noto Sans Thai"', css)


# --- search ------------------------------------------------------------------------------


def _index(site: Path, lang: str) -> dict[str, Any]:
    path = site / PREFIXES[lang] / "search" / "search_index.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("lang", list(PREFIXES))
def test_each_language_has_its_own_search_index(site: Path, lang: str) -> None:
    index = _index(site, lang)
    assert index["config"]["lang"][0] == lang
    assert "\\u200b" in index["config"]["separator"]
    pages = {d["location"].split("#")[0] for d in index["docs"]}
    assert "rules/" in pages and "practice/trick-winner/" in pages
    # locations are relative to the language's folder: none leads into another language
    assert not [p for p in pages if p.startswith(("it/", "th/"))]
    # each page's theme settings point the search at its own language's folder
    home = (site / PREFIXES[lang] / "index.html").read_text(encoding="utf-8")
    config = json.loads(re.search(r'id="__config" type="application/json">(.*?)<', home).group(1))
    assert config["base"].rstrip("/").endswith("." if lang == "en" else lang)


def test_thai_word_in_running_text_is_a_search_word(site: Path) -> None:
    """Thai has no spaces between words: the index splits Thai text into words, so a word
    in the middle of a sentence (not next to a space) is a word of its own."""
    index = _index(site, "th")
    separator = re.compile(index["config"]["separator"])
    words: set[str] = set()
    for doc in index["docs"]:
        words.update(w for w in separator.split(re.sub(r"<[^>]+>", " ", doc["text"])) if w)
    # ไพ่ (card): on the Thai home page it is inside runs of Thai letters, never alone
    home = (site / "th" / "index.html").read_text(encoding="utf-8")
    assert re.search(r"[\u0e00-\u0e7f]ไพ่|ไพ่[\u0e00-\u0e7f]", home)
    assert "ไพ่" in words
    assert "ทรัมป์" in words


#: Tooltips and labels that are the same in every language: names, not words.
SAME_IN_EVERY_LANGUAGE = {"Hasenpfeffer", "GitHub", "Python"}
_LABEL = re.compile(r'\b(title|aria-label|placeholder)="([^"]*)"')


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_tooltip_or_label_on_a_translated_page(site: Path, lang: str) -> None:
    """A tooltip, an accessible label or a placeholder of a translated page that says
    the same as on the English page is English left over (the heading links' "Permanent
    link" and the lessons' "Copy to Clipboard" were): names and figures aside."""
    left: set[str] = set()
    for page in _built_pages(site, PREFIXES[lang]):
        rel = page.relative_to(site / PREFIXES[lang])
        if rel.parts[0] in ("reference", "live", "sources"):
            continue  # the API reference is English and says so; the sources are verbatim
        english = (site / rel).read_text(encoding="utf-8")
        ours = page.read_text(encoding="utf-8")
        shared = {m[2] for m in _LABEL.finditer(ours)} & {m[2] for m in _LABEL.finditer(english)}
        for text in shared:
            words = re.findall(r"[A-Za-z]{3,}", html.unescape(text))
            if words and not set(words) <= SAME_IN_EVERY_LANGUAGE:
                left.add(f"{rel}: {text!r}")
    assert sorted(left) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_footer_links_name_their_pages_in_the_page_language(site: Path, lang: str) -> None:
    viewer = (site / PREFIXES[lang] / "viewer" / "index.html").read_text(encoding="utf-8")
    nxt = re.search(r'class="md-footer__link md-footer__link--next" aria-label="([^"]*)"', viewer)
    assert nxt is not None
    assert not re.search(r"Index|Overview|Next", nxt[1]), nxt[1]


@pytest.mark.parametrize("kind", ["trick-winner", "legal-play"])
def test_the_site_quizzes_name_the_joker_in_words_not_by_its_short_text(kind: str) -> None:
    """ "North (the Joker)", "You may play: 10♦, J♥, the Joker": the short text JK stays on
    the cards and the buttons a card is drawn on, never in the site's sentences."""
    from docs_hooks import content

    seen = 0
    for q in content.practice_data(kind)["questions"]:
        said = [c["label"] for c in q["choices"]] if kind == "trick-winner" else []
        said += [q.get("wrong_text", "")]
        if kind == "legal-play" and "JK" in q["answer"]:
            assert "the Joker" in q["wrong_text"], q["wrong_text"]
            seen += 1
        if kind == "trick-winner" and any("Joker" in x for x in said):
            seen += 1
        assert not any(re.search(r"\bJK\b", x) for x in said), said
    assert seen, "no question held the Joker"


@pytest.mark.parametrize("lang", list(PREFIXES))
def test_the_search_index_holds_the_lessons_prose_not_their_code(site: Path, lang: str) -> None:
    """Each language's index: the lessons' prose, without their code, prompts and copy
    marks; no heading ending in the permalink's ¶; the rules weighted above the rest."""
    index = json.loads((site / PREFIXES[lang] / "search" / "search_index.json").read_text("utf-8"))
    docs = index["docs"]
    lessons = [d for d in docs if d["location"].startswith("lessons/")]
    assert len(lessons) > 20
    for d in lessons:
        assert "<pre" not in d["text"] and "Copied!" not in d["text"], d["location"]
        assert not re.search(r"\bIn\s*\[\d*\]:", d["text"]), d["location"]
    assert not [d["title"] for d in docs if d["title"].rstrip().endswith("¶")]
    rules = {d["boost"] for d in docs if d["location"].startswith("rules/")}
    others = {d["boost"] for d in docs if not d["location"].startswith("rules/")}
    assert rules and min(rules) > max(others)
