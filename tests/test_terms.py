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
    from docs_hooks import content

    text = SOURCES["it"].read_text(encoding="utf-8")
    page = content.source_html(text, "it")
    assert "; say fante destro" in page  # on the word itself ("destra bower")
    assert '; say <b lang="it" class="hp-say">fante destro</b>' in page  # in the notes
    table = content.terms_table("th")
    assert "say instead" in table and "คนแจกไพ่" in table  # dealer, for ตัวแทนจำหน่าย
    glossary = content.terminology_markdown()
    assert '| trick | <span lang="it">presa</span> |' in glossary


# --- one word per thing: the product against the table ---------------------------------

#: Where a learner reads Italian or Thai: the catalogues, the lessons, the site's pages
#: (the source texts, published verbatim, and the notes on their words are not ours).
PRODUCT = {
    lang: [
        ROOT / "hasenpfeffer_core" / "locale" / lang / "LC_MESSAGES" / "hasenpfeffer.po",
        *sorted((ROOT / "lessons" / lang).glob("*.ipynb")),
        ROOT / "lessons" / lang / "README.md",
        *sorted((ROOT / "site").rglob(f"*.{lang}.md")),
    ]
    for lang in ("it", "th")
}
#: Pages that name a set-aside word on purpose: the glossary says what the source text
#: calls the widow, and why this project says otherwise.
NAMED_ON_PURPOSE = {("glossary.th.md", "แม่หม้าย"), ("glossary.it.md", "แม่หม้าย")}


def _translated_text(path: Path) -> str:
    """What a reader of ``path`` reads: a catalogue's translations, a notebook's cells,
    a page's text."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".po":
        from babel.messages.pofile import read_po

        with path.open("rb") as f:
            catalogue = read_po(f)
        return "\n".join(
            s
            for m in catalogue
            if m.id
            for s in ([m.string] if isinstance(m.string, str) else m.string)
        )
    if path.suffix == ".ipynb":
        import json

        cells = json.loads(text)["cells"]
        return "\n".join("".join(c["source"]) for c in cells)
    return text


@pytest.mark.parametrize("lang", ["it", "th"])
def test_no_translation_uses_a_word_the_table_sets_aside(lang: str) -> None:
    avoided = [(t.key, w) for t in terms() for w in t.avoid[lang]]
    assert avoided, "the table sets words aside in both languages"
    found = []
    for path in PRODUCT[lang]:
        assert path.is_file(), path
        text = _translated_text(path)
        for key, word in avoided:
            if word in text and (path.name, word) not in NAMED_ON_PURPOSE:
                line = next(line for line in text.splitlines() if word in line)
                found.append(
                    f"{path.relative_to(ROOT)}: {word!r} ({key}: say {term(key).word(lang)!r}) in {line.strip()[:80]!r}"
                )
    assert found == []


def test_the_table_writes_the_cards_as_the_product_shows_them() -> None:
    """Compact card text is the same in every language (lesson 01 teaches it): the
    table's short forms are the cards' own letters."""
    from hasenpfeffer_core import DECK, JOKER
    from hasenpfeffer_core.engine.i18n import language

    ranks = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "10", "nine": "9"}
    for key, letter in ranks.items():
        assert term(key).abbr == {"en": letter, "it": letter, "th": letter}, key
    assert term("joker").abbr == {"en": "JK", "it": "JK", "th": "JK"}
    for lang in ("en", "it", "th"):
        with language(lang):
            shown = {c.text for c in DECK}
            assert JOKER.text == "JK"
            assert {t.rstrip("♠♥♦♣") for t in shown} == {*ranks.values(), "JK"}, lang


@pytest.mark.parametrize(
    ("folder", "says"),
    [("", "JK is the Joker"), ("it", "JK è il jolly"), ("th", "JK คือโจ๊กเกอร์")],
)
def test_lesson_one_teaches_the_cards_letters_in_every_language(folder: str, says: str) -> None:
    text = _translated_text(ROOT / "lessons" / folder / "01-the-cards.ipynb").replace("**", "")
    assert says in text
    for letter in ("J", "Q", "K", "A"):
        assert f"{letter} " in text


@pytest.mark.parametrize("lang", ["it", "th"])
def test_translated_lessons_teach_the_learners_own_typed_words(lang: str) -> None:
    """What a lesson says to type is what the table reads in the learner's language
    (``passo``, ``cuori``; ``ผ่าน``, ``โพแดง``), not the English words."""
    from hasenpfeffer_core.analysis.describe import parse_typed
    from hasenpfeffer_core.engine.i18n import language
    from hasenpfeffer_core.engine.seats import Seat
    from hasenpfeffer_core.engine.state import Phase

    english = {"`pass`", "`hearts`", "`spades`", "`diamonds`", "`clubs`", "`bid 3`"}
    for path in sorted((ROOT / "lessons" / lang).glob("*.ipynb")):
        text = _translated_text(path)
        assert not [w for w in english if w in text], path.name
    text = _translated_text(ROOT / "lessons" / lang / "07-play-a-hand.ipynb")
    words = {"it": ("passo", "cuori"), "th": ("ผ่าน", "โพแดง")}[lang]
    with language(lang):
        assert str(parse_typed(Phase.AUCTION, Seat.S, words[0])) == "S pass"
        assert str(parse_typed(Phase.TRUMP, Seat.S, words[1])) == "S trump ♥"
    assert all(f"`{w}`" in text for w in words)


@pytest.mark.parametrize(("lang", "key"), [("it", "italian"), ("th", "thai")])
def test_the_notes_and_the_table_agree_on_which_source_words_are_set_aside(
    lang: str, key: str
) -> None:
    """A source word the notes call acceptable (``wrong = false``) is not one the table
    sets aside (``wrong_it``/``wrong_th``): 'poco pepe' was both."""
    accepted = {w["word"] for w in NOTES[key]["word"] if not w.get("wrong", True)}
    set_aside = {f for t in terms() for f in t.wrong[lang]}
    assert accepted & set_aside == set()
