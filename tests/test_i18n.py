"""The message catalogues: complete, current, consistent, and the only road to the learner.

* Every entry of the Italian and Thai catalogues is translated, none is fuzzy, and each
  translation has the same named placeholders as its English source (a missing
  ``{card}`` would drop the card from a verdict; an extra one would crash the format).
* The catalogues hold exactly the strings the package marks today (``make catalogues``
  was run after the last change), and the compiled ``.mo`` files say what the ``.po``
  files say.
* No translation uses a word the terminology table lists as a known mistranslation.
* A string a learner sees that never went through the catalogue is caught: in the
  pseudo-language every catalogued string comes back inside ``⟦ ⟧``, so what the
  command line, the explanations and the quizzes show must be all brackets, cards,
  numbers and punctuation.
"""

from __future__ import annotations

import gettext as stdlib_gettext
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from hasenpfeffer_core.analysis.terms import terms
from hasenpfeffer_core.engine import i18n
from hasenpfeffer_core.engine.errors import InvalidDataError
from hasenpfeffer_core.engine.i18n import (
    PSEUDO,
    get_language,
    language,
    language_from_environment,
    set_language,
)

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "hasenpfeffer_core" / "locale"
TRANSLATED = ("it", "th")


def catalogue(lang: str) -> Catalog:
    with open(LOCALE / lang / "LC_MESSAGES" / "hasenpfeffer.po", "rb") as f:
        return read_po(f, locale=lang)


def entries(lang: str) -> Iterator[Message]:
    for message in catalogue(lang):
        if message.id:  # (the header)
            yield message


def fields(text: str) -> set[str]:
    """The named placeholders of a ``str.format`` message."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string]


def label(message: Message) -> str:
    ident = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return f"{message.context + ' | ' if message.context else ''}{ident!r}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_entry_is_translated_and_none_is_fuzzy(lang: str) -> None:
    untranslated = [label(m) for m in entries(lang) if not all(s.strip() for s in forms(m))]
    fuzzy = [label(m) for m in entries(lang) if m.fuzzy]
    assert untranslated == [], f"{len(untranslated)} untranslated in {lang}: {untranslated[:10]}"
    assert fuzzy == [], f"{len(fuzzy)} fuzzy in {lang}: {fuzzy[:10]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_plural_forms_follow_the_language(lang: str) -> None:
    cat = catalogue(lang)
    assert cat.num_plurals == {"it": 2, "th": 1}[lang]
    for m in entries(lang):
        if m.pluralizable:
            assert len(forms(m)) == cat.num_plurals, label(m)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_translation_keeps_the_placeholders(lang: str) -> None:
    wrong = []
    for m in entries(lang):
        if not all(forms(m)):
            continue  # (untranslated: the test above says so)
        ids = list(m.id) if isinstance(m.id, tuple | list) else [m.id]
        want = set().union(*(fields(i) for i in ids))
        for k, text in enumerate(forms(m)):
            got = fields(text)
            # A singular form may say "one" instead of "{n}" ("una presa").
            allowed_missing = {"n"} if m.pluralizable and k == 0 and len(forms(m)) > 1 else set()
            if got - want or (want - got) - allowed_missing:
                wrong.append(f"{label(m)}: {sorted(want)} became {sorted(got)} in {text!r}")
            try:
                text.format(**dict.fromkeys(got, "X"))
            except (ValueError, IndexError, KeyError) as e:
                wrong.append(f"{label(m)}: {text!r} does not format ({e})")
    assert wrong == []


def test_the_catalogues_hold_exactly_the_marked_strings(monkeypatch: pytest.MonkeyPatch) -> None:
    """``make catalogues`` has been run: nothing marked is missing, nothing left over
    (the extraction is the Makefile's: tools/catalogues.py)."""
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    import catalogues

    marked = {
        (m.context, m.id[0] if isinstance(m.id, tuple) else m.id)
        for m in catalogues.extract()
        if m.id
    }
    for lang in TRANSLATED:
        have = {
            (m.context, m.id[0] if isinstance(m.id, tuple | list) else m.id) for m in entries(lang)
        }
        missing = sorted(str(x) for x in marked - have)
        extra = sorted(str(x) for x in have - marked)
        assert missing == [], f"run `make catalogues`: {lang} lacks {missing[:10]}"
        assert extra == [], f"run `make catalogues`: {lang} has strings no longer used {extra[:10]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_says_what_the_po_says(lang: str) -> None:
    with open(LOCALE / lang / "LC_MESSAGES" / "hasenpfeffer.mo", "rb") as f:
        compiled = stdlib_gettext.GNUTranslations(f)
    for m in entries(lang):
        if not all(forms(m)):
            continue
        if m.pluralizable:
            got = [
                compiled.npgettext(m.context, m.id[0], m.id[1], n)
                if m.context
                else compiled.ngettext(m.id[0], m.id[1], n)
                for n in (1, 2)
            ]
            assert set(got) <= set(forms(m)), f"{label(m)}: run `make catalogues`"
        else:
            got1 = compiled.pgettext(m.context, m.id) if m.context else compiled.gettext(m.id)
            assert got1 == m.string, f"{label(m)}: run `make catalogues`"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_uses_a_known_mistranslation(lang: str) -> None:
    wrong_words = {w: t for t in terms() for w in t.wrong.get(lang, ())}
    found = []
    for m in entries(lang):
        english = " ".join(m.id if isinstance(m.id, tuple | list) else [m.id]).lower()
        for text in forms(m):
            for w, t in wrong_words.items():
                # Only where the English speaks of the term: Thai คำสั่ง is wrong for a
                # bid, and right for a command of the command line.
                head = re.split(r"[ (;/]", t.en.lower())[0]
                if head not in english:
                    continue
                # Thai has no spaces: a wrong form is wrong wherever it appears; Italian
                # words are matched whole.
                pattern = re.escape(w) if lang == "th" else rf"(?<!\w){re.escape(w)}(?!\w)"
                if re.search(pattern, text, re.IGNORECASE) and t.word(lang) not in text:
                    found.append(f"{label(m)} says {w!r}: say {t.word(lang)!r}")
    assert found == []


# --- choosing the language --------------------------------------------------------------


def test_set_language_refuses_an_unknown_language_and_keeps_the_current_one() -> None:
    before = get_language()
    with pytest.raises(InvalidDataError, match=r"unknown language 'xx'.*it \(italiano\)"):
        set_language("xx")
    assert get_language() == before


def test_a_locale_name_is_read_as_its_language() -> None:
    try:
        assert set_language("it_IT.UTF-8") == "it"
        assert get_language() == "it"
    finally:
        set_language("en")


def test_the_language_block_ends_where_it_ends() -> None:
    with language("th"):
        assert get_language() == "th"
        with language("it"):
            assert get_language() == "it"
        assert get_language() == "th"
    assert get_language() == "en"


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LC_ALL": "th_TH.UTF-8", "LANG": "it_IT.UTF-8"}, "th"),
        ({"LANGUAGE": "fr:th", "LANG": "fr_FR.UTF-8"}, "th"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_locale_chooses_the_language(env: dict[str, str], lang: str) -> None:
    assert language_from_environment(env) == lang


def test_a_translated_string_reads_in_the_language_chosen() -> None:
    from hasenpfeffer_core.analysis.explain import explain_trick
    from hasenpfeffer_core.engine.cards import parse_cards

    english = explain_trick(parse_cards("A♥ J♦ JK Q♥"), "H").text
    with language("it"):
        italian = explain_trick(parse_cards("A♥ J♦ JK Q♥"), "H").text
    with language("th"):
        thai = explain_trick(parse_cards("A♥ J♦ JK Q♥"), "H").text
    assert "briscola" in italian.lower() and "jolly" in italian.lower()
    assert re.search("[\u0e00-\u0e7f]", thai)
    assert len({english, italian, thai}) == 3
    # the cards stay as they are in every language
    for text in (italian, thai):
        assert "J♦" in text and "A♥" in text


# --- nothing escapes the catalogue --------------------------------------------------------

#: What may stand outside the brackets: cards, numbers, punctuation, the program's name,
#: its commands, options and metavariables, example command lines, and the values the
#: learner types (a quiz's kind and difficulty are shown as typed).
_CARD = r"(?:10|[2-9TJQKA])[♠♥♦♣SHDC]|JK|Joker"
_TYPED = (
    r"quiz|practice|puzzle|progress|rank|replay|solve|play|spades|hearts|diamonds|clubs|none"
    r"|trick-winner|legal-play|bid|mixed|easy|bowers|hard"
    # a hand record's moves, written as the learner types them ("N bid 3", "S discard Q♠")
    r"|pass|trump|discard|alone|yes|no"
)
_ALLOWED = re.compile(
    rf"(?m)^\s*hasenpfeffer .*$|{_CARD}|https?://\S+|/\S+|hasenpfeffer|--?[a-z][a-z-]*"
    rf"|\{{[^}}]*\}}|\b[A-Z][A-Z_]+\b|\b(?:{_TYPED})\b|[\w.-]+\.hand\b"
)
_INNERMOST = re.compile(r"⟦[^⟦⟧]*⟧")


def leftovers(text: str) -> list[str]:
    """The words in ``text`` that did not come from the catalogue (a message may hold
    another: the brackets are taken away from the innermost out)."""
    rest = text
    while True:
        stripped = _INNERMOST.sub(" ", rest)
        if stripped == rest:
            break
        rest = stripped
    rest = _ALLOWED.sub(" ", rest)
    return re.findall(r"[A-Za-z\u0e00-\u0e7f]{2,}", rest)


def test_the_pseudo_language_marks_catalogued_strings_only() -> None:
    with language(PSEUDO):
        assert i18n.gettext("not a string of the catalogue") == "not a string of the catalogue"
    assert leftovers("⟦Hearts are trumps.⟧ J♥ 10♠ (3)") == []
    assert leftovers("⟦{card} wins⟧ unmarked words") == ["unmarked", "words"]
    assert leftovers("⟦⟦Hearts⟧ are trumps: ⟦the Joker⟧ wins⟧.") == []


def _cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *argv: str, stdin: str = ""
) -> str:
    from _support import run_cli

    _code, out, err = run_cli(monkeypatch, capsys, "--lang", PSEUDO, *argv, stdin=stdin)
    return out + err


COMMANDS = [
    ("rank", "H", "--color", "never"),
    ("rank", "none", "--color", "never"),
    ("replay", "@joker-led.hand", "--color", "never"),
    ("solve", "@lone-hand.hand", "--color", "never"),
    ("quiz", "--kind", "trick-winner", "--count", "2", "--seed", "3", "--color", "never"),
    ("quiz", "--kind", "legal-play", "--count", "2", "--seed", "3", "--color", "never"),
    ("quiz", "--kind", "bid", "--count", "2", "--seed", "3", "--color", "never"),
    ("progress", "--color", "never"),
    ("--help",),
    ("rank", "--help"),
    ("rank", "purple"),
]


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a[:3]))
def test_what_the_command_shows_comes_from_the_catalogue(
    argv: tuple[str, ...],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    # A record's own words (its title, point and notes) are the teacher's, in the
    # teacher's language: the records replayed here have none.
    args = list(argv)
    for k, arg in enumerate(args):
        if arg.startswith("@"):
            text = (ROOT / "tests" / "data" / arg[1:]).read_text(encoding="utf-8")
            text = re.sub(r"(?m)^(title|point|note):.*\n", "", text)
            args[k] = str(tmp_path / arg[1:])
            Path(args[k]).write_text(re.sub(r"\s*\{[^}]*\}", "", text), encoding="utf-8")
    shown = _cli(monkeypatch, capsys, *args, stdin="JK\nA♥\nJ♦\nQ♥\npass\npass\n")
    assert shown.strip()
    # argparse's own words ("usage", "options", "show this help message and exit")
    # come from Python's catalogue, not ours.
    argparse_words = {"usage", "options", "show", "this", "help", "message", "and", "exit"}
    stray = [w for w in leftovers(shown) if w not in argparse_words]
    assert stray == [], shown


# --- numbers --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_numbers_use_the_signs_the_cldr_gives_each_language(lang: str) -> None:
    from babel.numbers import get_decimal_symbol, get_group_symbol

    assert i18n.NUMBER_SIGNS[lang] == (get_decimal_symbol(lang), get_group_symbol(lang))


def learner_reads(seeds: range, *, verdicts: bool = False) -> list[str]:
    """What a learner reads over hands where they play as the rule of thumb would, in
    the language in use: every hint's steps and figures (with ``verdicts``, the judge's
    verdict on every other choice too), then the review of the hand."""
    from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer
    from hasenpfeffer_core.analysis.hints import judged_words
    from hasenpfeffer_core.analysis.session import PlaySession
    from hasenpfeffer_core.analysis.view import PlayerView

    read: list[str] = []
    for seed in seeds:
        session = PlaySession(seed=seed, opponents="thumb")
        thumb = RuleOfThumbPlayer()
        while not session.state.is_over:
            seat = session.waiting_for
            if seat is None:
                session.run_computers()
                continue
            hint = session.hint()
            read += [*hint.steps, hint.details]
            judged = hint.advice.judgement
            if verdicts and judged is not None:
                read += [judged_words(judged, a)[1] for a in judged.options if a in judged.points]
            session.act(thumb.choose(PlayerView.of(session.state, seat)))
        for m in session.mistakes():
            read += [m.what, m.expert, m.double_dummy]
    return read


def test_every_figure_an_italian_learner_reads_has_a_decimal_comma() -> None:
    """The hints (every step and the figures under them), the review and a chart, over
    two hands where the learner plays as the rule of thumb would: no figure is written
    with a decimal point, and figures are there to be checked."""
    from hasenpfeffer_core.faces.charts import bars

    with language("it"):
        read = learner_reads(range(2))
        chart = str(bars(["a", "b"], {"x": [2.5, 1.25]}, title="t", ylabel="y"))
        read.append(re.sub(r"<[^>]*>", " ", chart))  # the words drawn, not the geometry
    text = "\n".join(read)
    assert not re.findall(r".{30}\d\.\d.{10}", text)
    assert re.search(r"\d,\d", text)


def test_thai_sets_a_number_apart_from_the_words_around_it() -> None:
    """Thai writes a space on each side of a number ("ทรัมป์ 3 ใบ"), as the catalogue does
    nearly everywhere; a count glued to a word ("ทรัมป์3ใบ") reads as one word."""
    counts = r"(n|count|tricks|points|cost|mean|total|deals|left|took|need)"
    glued = re.compile(rf"[\u0E00-\u0E7F]\{{{counts}\}}|\{{{counts}\}}[\u0E00-\u0E7F]")
    found = [
        form for message in entries("th") for form in forms(message) if form and glued.search(form)
    ]
    assert found == []


#: The placeholders whose value starts with a card's name ("J♦", "J♥ ของตะวันออก"), and
#: those whose value may end with one ("{keep}": "เอซของคุณ คือ A♥ และ A♦"; a choice,
#: "{best}", ends with a card or with a suit's Thai name, and a space after a suit's name
#: only parts two phrases, as Thai does). ("{other}" names a card, a choice, a seat or a
#: side by message: the learner's text is checked for it, below.)
CARD_FIRST = "card|cards|low|high|winning|winners|beaten|top|values|led|winner"
CARD_LAST = "card|cards|low|high|winners|beaten|top|values|keep|best|alt|theirs|mine|aces|winner"
#: A card's name, or a suit's symbol, glued to Thai letters, either side.
GLUED_CARD = re.compile(
    r"[\u0E00-\u0E7F](?:10|[9JQKA])?[♠♥♦♣]|[♠♥♦♣][\u0E00-\u0E7F]|[\u0E00-\u0E7F]JK\b"
)


def test_thai_sets_a_card_apart_from_the_words_around_it() -> None:
    """Thai writes a space on each side of a card's name ("ลง J♦"), as it does of a
    number; glued to a word ("ลงJ♦", "ตัดด้วย10♥") it reads as one word (a translator's
    review found both)."""
    glued = re.compile(rf"[\u0E00-\u0E7F]\{{({CARD_FIRST})\}}|\{{({CARD_LAST})\}}[\u0E00-\u0E7F]")
    found = [
        form for message in entries("th") for form in forms(message) if form and glued.search(form)
    ]
    assert found == []


def test_no_card_a_thai_learner_reads_is_glued_to_a_word() -> None:
    """The hints (every step and the figures), the verdicts on every other choice and
    the review, over a hand where the learner plays as the rule of thumb would: every
    card's name stands apart from the Thai words around it, whatever message or code
    put it there."""
    from hasenpfeffer_core.analysis.teaching import teaching_hand
    from hasenpfeffer_core.faces.widgets import HandReplayer

    with language("th"):
        # (hand 7 has the discards whose next best "ส่วนการทิ้ง 10♦ซึ่ง..." was glued)
        read = learner_reads(range(3, 8, 4), verdicts=True)
        # the replay's log (a suit named with its symbol: "♣ ดอกจิก") and its marks
        replayer = HandReplayer(teaching_hand("11"))
        for step in range(len(replayer.record.moves) + 1):
            replayer.step = step
            read += [re.sub(r"<[^>]*>", " ", replayer.note.value + " " + replayer.info.value)]
    text = "\n".join(read)
    assert re.search(r"(?:10|[9JQKA])[♠♥♦♣]", text)  # cards are there to be checked
    assert [text[max(0, m.start() - 15) : m.end() + 5] for m in GLUED_CARD.finditer(text)] == []


def test_italian_names_a_hand_at_the_table_one_way() -> None:
    """The table, the terminal and the review say "mano" for a hand, as the "Nuova mano"
    button does; "La smazzata è finita" beside it read as a second word for the same
    thing (an Italian learner's review). (A lesson may speak of "smazzate" played by the
    computer, its own prose's word for whole deals.)"""
    found = [
        label(m)
        for m in entries("it")
        if any(not path.startswith("lessons/") for path, _line in m.locations)
        and any("smazzat" in form.lower() for form in forms(m) if form)
    ]
    assert found == []


def test_english_names_trumps_one_way() -> None:
    """Choosing the trump suit is "naming trumps", a suit named is "as trumps", in every
    English text a learner reads:
    the table's "Name trump." beside lesson 04's "name trumps" read as two different
    acts (a learner's review). The messages, the README, the English lessons, the site's
    English pages and the teaching hands are read."""
    # (and a suit "as trumps": "With hearts as trump you would hold" stood beside "with
    # spades as trumps" in one verdict; "no trump as trump" names the no-trump choice)
    said = re.compile(
        r"\bnam(?:e|es|ed|ing) trump\b(?! suit)|(?<!no trump )\bas trump\b(?! suit)",
        re.IGNORECASE,
    )
    texts = [
        (label(m), " ".join(m.id if isinstance(m.id, tuple | list) else [m.id]))
        for m in entries("it")
    ]
    texts += [
        (str(p), p.read_text(encoding="utf-8"))
        for p in [ROOT / "README.md", *sorted(ROOT.glob("lessons/*.ipynb"))]
    ]
    texts += [
        (str(p), p.read_text(encoding="utf-8"))
        for p in sorted((ROOT / "site").rglob("*.md"))
        if not p.name.endswith((".it.md", ".th.md"))
    ]
    texts += [
        (str(p), p.read_text(encoding="utf-8"))
        for p in sorted((ROOT / "hasenpfeffer_core/analysis/hands").glob("*.hand"))
    ]
    assert len(texts) > 2000
    found = [f"{where}: {m.group(0)}" for where, text in texts for m in said.finditer(text)]
    assert found == []


def test_italian_prose_quotes_with_guillemets() -> None:
    """Italian quotes a word or a phrase «so» (straight quotes stay for what is typed:
    'E bid 3', '--help'), in the catalogue and on the site's Italian pages."""
    straight = [
        form for message in entries("it") for form in forms(message) if form and '"' in form
    ]
    assert straight == []
    pages = sorted((ROOT / "site").rglob("*.it.md"))
    assert pages
    found = []
    for page in pages:
        fenced = False
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("```"):
                fenced = not fenced
            prose = not (fenced or line.lstrip().startswith(("!!!", "$")) or "[[" in line)
            if prose and re.search(r'(^|\s)"\w[^"]*"', re.sub(r"`[^`]*`", "", line)):
                found.append(f"{page.name}:{n}: {line.strip()}")
    assert found == []


def test_thai_counts_cards_in_figures_as_its_other_sentences_do() -> None:
    """ "ทรัมป์ สี่ ใบ" (a count as a word between spaces) read oddly beside "เอซ 2 ใบ"
    elsewhere: Thai counts trumps in figures (the translator's review)."""
    from hasenpfeffer_core import Suit, parse_cards
    from hasenpfeffer_core.analysis.principles import holding_words
    from hasenpfeffer_core.engine.i18n import language

    with language("th"):
        said = holding_words(parse_cards("JK JH JD AH AS 9C"), Suit.HEARTS)
    assert said.startswith("ทรัมป์ 4 ใบ"), said


def test_the_partnerships_letters_are_one_form_in_every_compact_text() -> None:
    """Italian showed "N-S · E-O" on the table and in the replayer but "NS · EO" in the
    terminal and the quizzes (the translator's review): every compact text now writes
    the partnerships' letters as Side.letters does."""
    from hasenpfeffer_core import HandState, Seat
    from hasenpfeffer_core.engine.i18n import language
    from hasenpfeffer_core.faces.render import state_html
    from hasenpfeffer_core.faces.widgets.replayer import HandReplayer

    with language("it"):
        table = state_html(HandState.new(dealer=Seat.N, seed=3))
        replayer = HandReplayer("02", lang="it")
        replayer.last_button.click()
        shown = table + replayer.info.value
    assert "prese NS 0 · EO 0" in table
    assert "E-O" not in shown and "N-S" not in shown and "EO" in replayer.info.value


def test_an_italian_percentage_takes_its_article() -> None:
    """Italian puts an article before a percentage standing as a noun, elided before a
    vowel: "in circa il 55%", "in circa l'80%" (a translator found "circa 55%")."""
    from hasenpfeffer_core.analysis.bidding import chance_words

    with language("it"):
        assert "circa il 55% delle" in chance_words(0.55, 40)
        assert "circa l'80% delle" in chance_words(0.8, 40)
        assert "l'85%" in chance_words(0.86, 40)
    with language("en"):
        assert chance_words(0.8, 40) == "in about 80% of the 40 deals"


def test_thai_separates_the_calls_of_the_auction_with_a_space() -> None:
    """Thai separates the calls in a line with a space ("ใต้ผ่าน ตะวันตกประมูล 3"), not
    the Latin semicolon a reviewer found; Italian and English keep it."""
    from hasenpfeffer_core.analysis.describe import calls_joined

    with language("th"):
        assert calls_joined(["ใต้ผ่าน", "ตะวันตกประมูล 3"]) == "ใต้ผ่าน ตะวันตกประมูล 3"
    with language("it"):
        assert calls_joined(["Sud passa", "Ovest dichiara 3"]) == "Sud passa; Ovest dichiara 3"


def test_no_message_is_written_inside_an_f_string() -> None:
    """The catalogue's extractor reads an f-string as one string, so a message written
    inside one (``f"{_('...')}"``) never reaches the translators: the play table said
    "That is the whole hint: every step is shown above." in English to an Italian and a
    Thai learner."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    # each call's message: the first argument, the second after a context
    message_at = {"_": 0, "gettext": 0, "ngettext": 0, "N_": 0, "pgettext": 1, "npgettext": 1}
    hidden = []
    for path in sorted([*root.glob("hasenpfeffer_core/**/*.py"), *root.glob("docs_hooks/**/*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fstring in (n for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)):
            for node in ast.walk(fstring):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                    continue
                at = message_at.get(node.func.id)
                if at is None or len(node.args) <= at:
                    continue
                message = node.args[at]
                if isinstance(message, ast.Constant) and isinstance(message.value, str):
                    hidden.append(f"{path.relative_to(root)}:{node.lineno}")
    assert hidden == [], hidden


def test_no_sentence_is_ended_with_an_english_full_stop_in_code() -> None:
    """A sentence the code ends itself ends as the learner's language ends one
    (``i18n.ended``): Thai writes no full stop. ``head + "."`` left "(กินได้ 4.5 ตา)." at
    the end of a Thai review's figures (a Thai learner's review)."""
    root = Path(i18n.__file__).resolve().parent.parent
    glued = re.compile(r"""\+\s*["']\.["']""")
    found = [
        f"{path.relative_to(root)}:{n}"
        for path in sorted(root.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if glued.search(line) and "def ended" not in line and "return sentence +" not in line
    ]
    assert found == []


def test_a_thai_figure_alone_ends_without_a_full_stop() -> None:
    from hasenpfeffer_core.analysis.bots import FairExpert, RuleOfThumbPlayer, judged_reason
    from hasenpfeffer_core.analysis.view import PlayerView
    from hasenpfeffer_core.engine.seats import Seat
    from hasenpfeffer_core.engine.state import HandState, Phase

    state = HandState.new(dealer=Seat.N, seed=11)
    while state.phase is not Phase.DISCARD:
        seat = state.to_move
        assert seat is not None
        state.apply(RuleOfThumbPlayer().choose(PlayerView.of(state, seat)))
    seat = state.to_move
    assert seat is not None
    view = PlayerView.of(state, seat)
    judged = FairExpert(seed=1).advise(view).judgement
    assert judged is not None
    with i18n.language("th"):
        said = judged_reason(view, judged, alone=True)
    assert said.endswith("ตา)") and not said.endswith("."), said
