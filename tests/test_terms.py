"""The terminology table: one word per term in English, Italian and Thai, and every
mistranslated word of the source texts tied to the term it stands for."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

from hasenpfeffer_core.analysis.terms import LANGUAGES, says_instead, term, terms
from hasenpfeffer_core.engine.errors import InvalidDataError

ROOT = Path(__file__).resolve().parent.parent
SOURCES = {
    lang: ROOT / "site" / "sources" / f"hasenpfeffer-rules-{lang}.txt" for lang in ("it", "th")
}
NOTES = tomllib.loads((ROOT / "docs_hooks" / "translation-notes.toml").read_text(encoding="utf-8"))
#: Wrong words of the sources that are not card terms (the notes explain them).
NOT_TERMS = {"th": {"มักจะ"}}  # "usually", where the rule says "always"


def test_every_term_has_its_words_in_the_three_languages_and_a_reason() -> None:
    assert len(terms()) >= 60
    for t in terms():
        assert all(t.word(lang).strip() for lang in LANGUAGES), t.key
        assert len(t.note) > 5, t.key  # why this word (or "as for ...")
    with pytest.raises(InvalidDataError, match="no term 'bower'"):
        term("bower")
    with pytest.raises(InvalidDataError, match="the languages are en, it, th"):
        term("trick").word("fr")


def test_the_lessons_terms_are_all_in_the_table() -> None:
    needed = {
        "trump_suit", "right_bower", "left_bower", "joker", "widow", "bid", "pass",
        "little_pepper", "big_pepper", "makers", "defenders", "go_alone", "trick", "lead",
        "follow_suit", "void", "throw_in", "partnership", "dealer", "deal", "north", "east",
        "south", "west", "spades", "hearts", "diamonds", "clubs", "ace", "king", "queen",
        "jack", "ten", "nine",
    }  # fmt: skip
    assert needed <= {t.key for t in terms()}


@pytest.mark.parametrize("lang", ["it", "th"])
def test_every_wrong_form_is_in_its_source_text_as_written(lang: str) -> None:
    text = SOURCES[lang].read_text(encoding="utf-8")
    missing = [(t.key, f) for t in terms() for f in t.wrong[lang] if f not in text]
    assert missing == []


@pytest.mark.parametrize(("lang", "key"), [("it", "italian"), ("th", "thai")])
def test_every_mistranslated_word_on_the_source_pages_has_its_right_word(
    lang: str, key: str
) -> None:
    wrong = [w["word"] for w in NOTES[key]["word"] if w.get("wrong", True)]
    unmatched = [w for w in wrong if says_instead(w, lang) is None]
    assert set(unmatched) == NOT_TERMS.get(lang, set())


def test_the_longest_wrong_form_decides() -> None:
    """A short wrong form inside a longer one (การ์ด in การ์ดเสียง) must not win."""
    assert says_instead("การ์ดเสียง", "th") == term("trump_suit")
    assert says_instead("ห้างหุ้นส่วน", "th") == term("partnership")


def test_the_source_pages_mark_each_wrong_word_with_the_right_one() -> None:
    sys.path.insert(0, str(ROOT))
    from docs_hooks import hp_content

    text = SOURCES["it"].read_text(encoding="utf-8")
    page = hp_content.source_html(text, "it")
    assert "; say fante destro" in page  # on the word itself ("destra bower")
    assert '; say <b lang="it" class="hp-say">fante destro</b>' in page  # in the notes
    table = hp_content.terms_table("th")
    assert "say instead" in table and "คนแจกไพ่" in table  # dealer, for ตัวแทนจำหน่าย
    glossary = hp_content.terminology_markdown()
    assert '| trick | <span lang="it">presa</span> |' in glossary
