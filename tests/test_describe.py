"""The table in words (analysis/describe.py) and the play table played from the keyboard.

A learner who cannot see the table hears it: each card named with its role, who is
winning the trick, the whole table on request, and only what their seat may know. A
learner without a mouse types the moves (``JH``, ``J♥``, ``3``, ``pass``, ``hearts``)
and the commands (``h`` hint, ``u`` undo, ``t`` table) in the play table's box.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from hasenpfeffer_core import JOKER, SEATS, Seat, Suit, parse_card, parse_cards, trick_winner
from hasenpfeffer_core.analysis.describe import (
    parse_typed,
    spoken_card,
    table_lines,
    trick_status,
    typed_seat,
)
from hasenpfeffer_core.analysis.session import PlaySession
from hasenpfeffer_core.engine.errors import ParseError
from hasenpfeffer_core.engine.i18n import language
from hasenpfeffer_core.engine.state import Phase
from hasenpfeffer_core.faces.cli.play import _token
from hasenpfeffer_core.faces.widgets import PlayTable

_TAGS = re.compile(r"<style>.*?</style>|<[^>]+>", re.S)


def text(html: str) -> str:
    return " ".join(unescape(_TAGS.sub(" ", html)).split())


def test_a_card_is_named_with_its_role_once_trump_is_known() -> None:
    jd, ah = parse_card("JD"), parse_card("AH")
    assert spoken_card(jd, Suit.HEARTS) == "the jack of diamonds, the left bower"
    assert spoken_card(parse_card("JH"), Suit.HEARTS) == "the jack of hearts, the right bower"
    assert spoken_card(ah, Suit.HEARTS) == "the ace of hearts"
    assert spoken_card(ah, Suit.HEARTS, article=False) == "ace of hearts"
    assert spoken_card(JOKER, Suit.SPADES) == "the Joker"
    assert spoken_card(jd, None) == "the jack of diamonds"  # no trump: no bowers
    assert spoken_card(jd, Suit.HEARTS, trump_known=False) == "the jack of diamonds"
    with language("it"):
        assert spoken_card(jd, Suit.HEARTS) == "il fante di quadri, il fante sinistro"
    with language("th"):  # (the comma is the catalogue's: Thai separates with a space)
        assert spoken_card(jd, Suit.HEARTS) == "แจ็คข้าวหลามตัด แจ็คซ้าย"


def test_a_card_in_a_sentence_takes_the_article_its_rank_needs_in_italian() -> None:
    """Italian elides before a vowel and makes the queen feminine: "Nord sta vincendo
    la presa 1 con l'asso di fiori", not "con asso di fiori"."""
    with language("it"):
        said = {c.text: spoken_card(c, Suit.SPADES) for c in parse_cards("9C TC JC QC KC AC")}
        assert said == {
            "9♣": "il nove di fiori",
            "10♣": "il dieci di fiori",
            "J♣": "il fante di fiori, il fante sinistro",
            "Q♣": "la donna di fiori",
            "K♣": "il re di fiori",
            "A♣": "l'asso di fiori",
        }
        assert spoken_card(JOKER) == "il jolly"


def _session_in_play(seed: int) -> PlaySession:
    """A hand played by the computers up to South's first card."""
    s = PlaySession(seed=seed, people=(Seat.S,), partner="thumb")
    s.run_computers()
    while s.state.phase is not Phase.PLAY and not s.state.is_over:
        s.act(s.state.legal_actions()[0])
    return s


def test_the_trick_status_names_the_card_the_engine_says_is_winning() -> None:
    checked = 0
    for seed in range(12):
        hand = _session_in_play(seed).state
        if hand.is_over or not hand.current_trick:
            continue  # South leads: no trick in progress
        trick = hand.current_trick
        seat, card = trick[trick_winner([c for _s, c in trick], hand.trump)]
        said = trick_status(hand, you=Seat.S)
        assert said == f"{seat.word} is winning trick 1 with {spoken_card(card, hand.trump)}."
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("seed", range(8))
def test_the_table_in_words_tells_only_what_the_seat_may_know(seed: int) -> None:
    s = _session_in_play(seed)
    hand = s.state
    lines = table_lines(hand, Seat.S)
    said = "\n".join(lines)
    for card in hand.hand(Seat.S):
        assert spoken_card(card, hand.trump, article=False) in said
    played = {c for _s, c in hand.current_trick}
    for other in SEATS:
        if other is Seat.S:
            continue
        for card in hand.hand(other):
            if card not in played:
                # (a name may sit inside a longer one: "ten of hearts" is not in "...")
                assert not re.search(rf"(^|[;:] ){re.escape(card.name)}(,|;|\.|$)", said), (
                    card,
                    said,
                )
    assert f"Your cards ({len(hand.hand(Seat.S))}):" in said
    assert lines[-1] in ("Your turn.", *(f"{x.word} to play." for x in SEATS))


def test_what_is_typed_is_read_as_the_seats_action() -> None:
    assert str(parse_typed(Phase.PLAY, Seat.S, "J♥")) == "S play J♥"
    assert str(parse_typed(Phase.PLAY, Seat.S, "play jh")) == "S play J♥"
    assert str(parse_typed(Phase.AUCTION, Seat.E, "pass")) == "E pass"
    assert str(parse_typed(Phase.AUCTION, Seat.S, "bid 4")) == "S bid 4"
    assert str(parse_typed(Phase.TRUMP, Seat.S, "hearts")) == "S trump ♥"
    with pytest.raises(ParseError, match="type a card"):
        parse_typed(Phase.PLAY, Seat.S, "   ")
    with pytest.raises(ParseError, match="not a card"):
        parse_typed(Phase.PLAY, Seat.S, "zz")


@pytest.mark.parametrize(
    ("lang", "typed", "expected"),
    [
        ("it", ["passo", "Passo", "pass"], "S pass"),
        ("th", ["ผ่าน", "pass"], "S pass"),
        ("it", ["Grande Pepe", "grande-pepe", "big pepper", "bid big-pepper"], "S bid big-pepper"),
        ("th", ["เปปเปอร์ใหญ่", "big-pepper"], "S bid big-pepper"),
    ],
)
def test_a_call_is_typed_in_the_learners_language_or_in_english(
    lang: str, typed: list[str], expected: str
) -> None:
    from hasenpfeffer_core.engine.rules import BiddingScale, Rules

    pepper = Rules(bidding=BiddingScale.PEPPER)
    with language(lang):
        for t in typed:
            assert str(parse_typed(Phase.AUCTION, Seat.S, t, pepper)) == expected, t


@pytest.mark.parametrize("lang", ["en", "it", "th"])
def test_every_suit_is_typed_by_its_name_in_the_learners_language(lang: str) -> None:
    with language(lang):
        for suit in Suit:
            for word in (
                suit.plural,
                suit.plural.upper(),
                suit.plural_en,
                suit.symbol,
                suit.letter,
            ):
                action = parse_typed(Phase.TRUMP, Seat.S, word)
                assert str(action) == f"S trump {suit.symbol}", word


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("it", ["non è una dichiarazione", "passo, 1, 2, 3, 4, 5 o 6"]),
        ("th", ["ไม่ใช่การประมูล", "ผ่าน"]),
    ],
)
def test_a_word_that_is_no_call_is_refused_in_the_learners_words(
    lang: str, words: list[str]
) -> None:
    with language(lang), pytest.raises(ParseError) as refused:
        parse_typed(Phase.AUCTION, Seat.S, "zz")
    said = str(refused.value)
    assert all(w in said for w in words), said
    # no record syntax and no English option words
    assert "S bid" not in said and "pepper" not in said and "pass," not in said


@pytest.mark.parametrize(
    ("lang", "typed", "refusal"),
    [
        ("en", ["W", "w", "West", " west "], "type N, E, S or W (North, East, South or West)"),
        ("it", ["O", "o", "Ovest", "W", "west"], "scrivi N, E, S o O (Nord, Est, Sud o Ovest)"),
        ("th", ["ตะวันตก", "W", "West"], "ไม่ใช่ที่นั่ง"),
    ],
)
def test_a_seat_is_typed_in_the_learners_language_or_in_english(
    lang: str, typed: list[str], refusal: str
) -> None:
    with language(lang):
        for t in typed:
            assert typed_seat(t) is Seat.W, t
        assert typed_seat("sud" if lang == "it" else "S") is Seat.S
        with pytest.raises(ParseError) as refused:
            typed_seat("x")
    assert refusal in str(refused.value), str(refused.value)


def test_the_italian_trick_winner_quiz_shows_and_takes_o_for_west(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Italian writes O for Ovest: the quiz shows West's cards under O and takes O (or
    ovest) as an answer; it never shows W or EW."""
    from _support import run_cli

    from hasenpfeffer_core.faces.cli.quiz import _questions

    with language("it"):
        questions = _questions("trick-winner", 30, 3, "mixed")
    answers = ["o" if q.answer is Seat.W else q.answer.name for q in questions]
    assert "o" in answers
    code, out, err = run_cli(
        monkeypatch,
        capsys,
        "--lang",
        "it",
        "quiz",
        "--kind",
        "trick-winner",
        "--seed",
        "3",
        "--count",
        "30",
        stdin="\n".join(answers) + "\n",
    )
    assert code == 0, err
    assert "punteggio: 30/30" in out.casefold() or "30/30" in out, out[-300:]
    assert not re.search(r"(?<![\w{])(W|EW)(?![\w}])", out), out


@pytest.mark.parametrize("seed", [1, 5])
def test_a_whole_hand_is_played_by_typing(seed: int) -> None:
    table = PlayTable(seed=seed)
    heard = []
    for _turn in range(40):
        if table.state.is_over:
            break
        before = len(table.state.log)
        table.typed.value = _token(table.state.legal_actions()[-1])  # as typed, then Enter
        assert table.typed.value == "", "the box is emptied for the next move"
        assert len(table.state.log) > before
        heard.append(text(table.said.value))
    assert table.state.is_over
    assert 'role="status"' in table.said.value and 'aria-live="polite"' in table.said.value
    assert any(re.search(r"is winning trick \d with ", h) for h in heard), heard
    assert any(h.startswith("You play ") for h in heard)
    assert "You defeated" in text(table.result.value) or "bid" in text(table.result.value)
    # the table in words at the end says the hand is played out, not "Your cards (0): ."
    said = table_lines(table.state, table.seat)
    assert "You have no cards left." in said and not any("(0)" in line for line in said)


def test_the_commands_typed_do_what_the_buttons_do() -> None:
    table = PlayTable(seed=2)
    table.type_move("t")
    described = text(table.description.value)
    assert "The table in words" in described and "Your cards (" in described
    table.type_move("h")
    assert "step 1 of 3" in text(table.hint.value)
    table.type_move(_token(table.state.legal_actions()[0]))
    mine = len(table.state.log)
    table.type_move("u")
    assert len(table.state.log) < mine


def test_a_wrong_move_typed_is_refused_with_the_reason_and_changes_nothing() -> None:
    table = PlayTable(seed=4)
    assert table.state.phase is Phase.AUCTION
    log = table.state.log
    table.typed.value = "zz"
    assert table.state.log == log
    assert "“zz” is not a bid: type pass, 1, 2, 3, 4, 5 or 6" in text(table.status.value)
    while table.state.phase is not Phase.PLAY:
        table.typed.value = _token(table.state.legal_actions()[-1])
    log = table.state.log
    table.typed.value = "zz"
    assert table.state.log == log
    said = text(table.status.value)
    assert "'zz' is not a card" in said and "like JH, J♥" in said
    table.typed.value = "S play 9Q"
    assert table.state.log == log
    assert "That did not work" in text(table.status.value)


@pytest.mark.parametrize("lang", ["en", "it", "th"])
def test_the_examples_the_move_box_gives_are_accepted_in_each_language(lang: str) -> None:
    """The help under the move box and the refusal of a typed move give examples in the
    learner's language ("3, passo", "cuori"): each is read as the move it names."""
    from hasenpfeffer_core.engine.i18n import gettext as _

    with language(lang):
        for message in (
            _("type a card (JH or J♥), a bid (3, pass) or a suit (hearts)"),
            _(
                "Type a card (JH or J♥), a bid (3, pass) or a suit (hearts), then "
                "Enter; h for a hint, u to undo, t to describe the table."
            ),
        ):
            _card, bids, suit = re.findall(r"\(([^)]*)\)", message)[:3]
            three, passing = (b.strip() for b in bids.split(","))
            if lang != "en":  # the learner's own words, not the English ones
                assert passing != "pass" and suit.strip() != "hearts", message
            assert str(parse_typed(Phase.AUCTION, Seat.S, three)) == "S bid 3"
            assert str(parse_typed(Phase.AUCTION, Seat.S, passing)) == "S pass"
            assert str(parse_typed(Phase.TRUMP, Seat.S, suit.strip())) == "S trump ♥"
