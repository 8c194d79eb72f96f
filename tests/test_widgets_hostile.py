"""Hostile input to the lesson widgets (issue 12, the widgets' part).

Two contracts, both driven from Python as ipywidgets' own tests drive widgets (no
browser: ``button.click()``, ``.value = ...``):

* a widget's settings are checked where the widget is made: a bad one raises the
  engine's own error (ParseError or InvalidDataError), whose short message names the
  setting and the values it accepts; the natural text forms (``seat="N"``,
  ``rules="parlett"``) are read;
* whatever comes through a widget's controls, or through the public methods that
  stand for them (``act``, ``undo``, ``load``, ``go``...), is answered by one short
  message in the widget, never a traceback, and a refused input changes nothing.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from hasenpfeffer_core import (
    PRESETS,
    SUITS,
    Bid,
    HandRecord,
    HandState,
    HasenpfefferError,
    InvalidDataError,
    ParseError,
    Pass,
    Phase,
    Seat,
    Suit,
    dumps,
    parse_card,
)
from hasenpfeffer_core.analysis import quiz as quiz_module
from hasenpfeffer_core.analysis.session import (
    MAX_SEED,
    PlaySession,
    check_seed,
    quoted,
)
from hasenpfeffer_core.analysis.teaching import teaching_hand
from hasenpfeffer_core.faces.render import (
    card_back_svg,
    card_svg,
    hand_svg,
    ranking_svg,
    record_html,
    state_html,
    table_svg,
)
from hasenpfeffer_core.faces.widgets import (
    HandReplayer,
    LegalPlayQuiz,
    PlayTable,
    RankingExplorer,
    TrickWinnerQuiz,
)
from hasenpfeffer_core.faces.widgets import exercises as ex
from hasenpfeffer_core.faces.widgets.base import MAX_MESSAGE, Guarded
from hasenpfeffer_core.faces.widgets.replayer import MAX_RECORD_CHARS

HUGE = 10**5000  # more digits than Python will write out


def plain(markup: str) -> str:
    """The text of some HTML: tags dropped, entities read."""
    return html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", "", markup, flags=re.S)).strip()


def status(widget: Guarded) -> str:
    return plain(widget.status.value)


def same(a: HandState, b: HandState) -> bool:
    """Two states of one hand are equal: same actions, phase, hands and turn."""
    return (
        a.log == b.log
        and a.phase is b.phase
        and a.hands == b.hands
        and a.to_move is b.to_move
        and a.deal == b.deal
    )


# --- settings: refused where the widget is made --------------------------------------

SEED_WORDS = ("seed", "whole number from 0 to")

#: (what is made, a bad setting, the error, words the message must hold)
BAD_SETTINGS: list[tuple[str, Callable[[], object], type[HasenpfefferError], tuple[str, ...]]] = [
    ("legal quiz seed inf", lambda: LegalPlayQuiz(seed=float("inf")), InvalidDataError, SEED_WORDS),
    ("legal quiz seed nan", lambda: LegalPlayQuiz(seed=float("nan")), InvalidDataError, SEED_WORDS),
    ("legal quiz seed text", lambda: LegalPlayQuiz(seed="abc"), ParseError, SEED_WORDS),
    ("legal quiz seed -1", lambda: LegalPlayQuiz(seed=-1), InvalidDataError, SEED_WORDS),
    ("legal quiz seed huge", lambda: LegalPlayQuiz(seed=HUGE), InvalidDataError, SEED_WORDS),
    ("legal quiz seed 2**63", lambda: LegalPlayQuiz(seed=2**63), InvalidDataError, SEED_WORDS),
    ("legal quiz seed True", lambda: LegalPlayQuiz(seed=True), InvalidDataError, SEED_WORDS),
    ("legal quiz seed 1.5", lambda: LegalPlayQuiz(seed=1.5), InvalidDataError, SEED_WORDS),  # type: ignore[arg-type]
    ("legal quiz seed None", lambda: LegalPlayQuiz(seed=None), InvalidDataError, SEED_WORDS),  # type: ignore[arg-type]
    (
        "legal quiz level",
        lambda: LegalPlayQuiz(difficulty="hard"),
        ParseError,
        ("level 'hard'", "first-steps", "bowers", "joker", "mixed"),
    ),
    ("legal quiz level None", lambda: LegalPlayQuiz(difficulty=None), ParseError, ("level",)),  # type: ignore[arg-type]
    (
        "trick quiz seed inf",
        lambda: TrickWinnerQuiz(seed=float("inf")),
        InvalidDataError,
        SEED_WORDS,
    ),  # type: ignore[arg-type]
    ("trick quiz seed huge", lambda: TrickWinnerQuiz(seed=HUGE), InvalidDataError, SEED_WORDS),
    ("trick quiz level", lambda: TrickWinnerQuiz(difficulty=3), ParseError, ("level 3", "mixed")),  # type: ignore[arg-type]
    (
        "replayer seat",
        lambda: HandReplayer("01", seat="X"),
        ParseError,
        ("'X' is not a seat", "N, E, S, W"),
    ),
    (
        "replayer seat type",
        lambda: HandReplayer("01", seat=5),
        ParseError,
        ("seat", "N, E, S or W"),
    ),  # type: ignore[arg-type]
    (
        "replayer openers",
        lambda: HandReplayer("01", openers="no"),
        InvalidDataError,
        ("openers", "True or False"),
    ),  # type: ignore[arg-type]
    (
        "replayer analysis",
        lambda: HandReplayer("01", analysis="x"),
        InvalidDataError,
        ("analysis",),
    ),  # type: ignore[arg-type]
    (
        "ranking rules typo",
        lambda: RankingExplorer(rules="parlet"),
        ParseError,
        ("'parlet'", "seed", "parlett"),
    ),
    (
        "ranking rules type",
        lambda: RankingExplorer(rules=5),
        InvalidDataError,
        ("rules", "parlett"),
    ),  # type: ignore[arg-type]
    (
        "ranking rules option",
        lambda: RankingExplorer(rules="seed; target=0"),
        InvalidDataError,
        ("target",),
    ),
    (
        "ranking trump",
        lambda: RankingExplorer(trump="X"),
        ParseError,
        ("'X' is not a suit", "hearts"),
    ),
    ("ranking trump type", lambda: RankingExplorer(trump=5), ParseError, ("trump", "suit")),  # type: ignore[arg-type]
    (
        "ranking no trump",
        lambda: RankingExplorer(trump=None),
        InvalidDataError,
        ("no trump", "no_trump=yes"),
    ),
    ("table seed inf", lambda: PlayTable(seed=float("inf")), InvalidDataError, SEED_WORDS),  # type: ignore[arg-type]
    ("table seed -1", lambda: PlayTable(seed=-1), InvalidDataError, SEED_WORDS),
    ("table seed huge", lambda: PlayTable(seed=HUGE), InvalidDataError, SEED_WORDS),
    ("table seed text", lambda: PlayTable(seed="abc"), ParseError, SEED_WORDS),  # type: ignore[arg-type]
    ("table seat", lambda: PlayTable(seat="X"), ParseError, ("'X' is not a seat",)),
    ("table seat None", lambda: PlayTable(seat=None), ParseError, ("seat", "N, E, S or W")),  # type: ignore[arg-type]
    (
        "table opponents",
        lambda: PlayTable(opponents="genius"),
        InvalidDataError,
        ("opponents", "'genius'", "thumb", "expert", "random"),
    ),
    (
        "table opponents list",
        lambda: PlayTable(opponents=["thumb"]),
        InvalidDataError,
        ("opponents",),
    ),  # type: ignore[arg-type]
    (
        "table rules",
        lambda: PlayTable(rules="no such rules"),
        ParseError,
        ("'no such rules'", "parlett"),
    ),
    ("table rules type", lambda: PlayTable(rules=3), InvalidDataError, ("rules",)),  # type: ignore[arg-type]
    ("table game", lambda: PlayTable(game="yes"), InvalidDataError, ("game", "True or False")),  # type: ignore[arg-type]
    ("rules lab games", lambda: ex.RulesLab(games=0), InvalidDataError, ("games", "1 to 1000")),
    ("rules lab games huge", lambda: ex.RulesLab(games=HUGE), InvalidDataError, ("games",)),
]


@pytest.mark.parametrize(
    ("make", "error", "words"),
    [pytest.param(make, error, words, id=name) for name, make, error, words in BAD_SETTINGS],
)
def test_a_bad_setting_is_refused_where_the_widget_is_made(
    make: Callable[[], object],
    error: type[HasenpfefferError],
    words: tuple[str, ...],
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(error) as caught:
        make()
    assert type(caught.value) is error  # the engine's own error, not a bare one
    message = str(caught.value)
    for word in words:
        assert word in message, (word, message)
    assert len(message) < 400  # a huge value is described, not written out
    assert capsys.readouterr().err == ""


def test_the_natural_text_forms_of_settings_are_read() -> None:
    r = HandReplayer("01", seat="N")
    assert r.view_seat is Seat.N and r.record is not None and r.status.value == ""
    assert HandReplayer("01", seat="west").view_seat is Seat.W
    explorer = RankingExplorer(rules="parlett", trump="spades")
    assert explorer.rules == PRESETS["parlett"].rules and explorer.trump is Suit.SPADES
    no_trump = RankingExplorer(trump="no trump", rules="seed; no_trump=yes")
    assert no_trump.trump is None and "the ranking in no trump" in no_trump.picture.value
    t = PlayTable(seat="north", seed="5", rules="parlett")  # type: ignore[arg-type]
    assert t.seat is Seat.N and t.seed == 5 and t.rules == PRESETS["parlett"].rules
    assert LegalPlayQuiz(seed=str(MAX_SEED)).seed.value == MAX_SEED  # type: ignore[arg-type]


def test_check_seed_takes_the_whole_range_and_nothing_else() -> None:
    assert check_seed(0) == 0 and check_seed(MAX_SEED) == MAX_SEED and check_seed(" 42 ") == 42
    for bad in (-1, MAX_SEED + 1, HUGE, 2.0, True, "4 2", "٣", "", "1" * 20, b"1", [1]):
        with pytest.raises((ParseError, InvalidDataError), match="seed must be a whole number"):
            check_seed(bad)


def test_quoted_values_stay_short_and_never_fail() -> None:
    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    assert quoted(HUGE) == "a number of about 5001 digits"
    assert len(quoted("\x1b[2J" * 10**5)) < 80 and "\x1b" not in quoted("\x1b[2J")
    assert len(quoted("\U0010ffff" * 100)) < 80
    assert quoted(Hostile()) == "a value of type Hostile"


# --- the quizzes' seed box --------------------------------------------------------------


@pytest.mark.parametrize("quiz_type", [LegalPlayQuiz, TrickWinnerQuiz])
@pytest.mark.parametrize("typed", [-1, MAX_SEED + 1, 10**30])
def test_a_bad_number_in_the_seed_box_changes_nothing(quiz_type: type, typed: int) -> None:
    quiz = quiz_type(seed=4)
    question = quiz.question
    assert question is not None
    quiz.next_button.click()
    second = quiz.question
    quiz.seed.value = typed
    assert "question set" in status(quiz) and "whole number from 0 to" in status(quiz)
    assert quiz.seed.value == 4  # the box shows the seed in use again
    assert quiz.question is second  # the set goes on: same question
    quiz.seed.value = 9  # a good seed is taken and clears the message
    assert quiz.status.value == "" and quiz.question is not None
    assert quiz.question.key == quiz_type(seed=9).question.key


def test_a_bug_in_a_callback_is_a_message_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    quiz = LegalPlayQuiz(seed=2)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("oops")

    monkeypatch.setattr(quiz_module, "legal_play_question", broken)
    quiz.next_button.click()
    assert "something went wrong inside the widget" in status(quiz)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out


def test_a_very_long_message_is_cut() -> None:
    t = LegalPlayQuiz()
    t.show_error("x" * 100_000)
    shown = status(t)
    assert shown.startswith("That did not work:") and len(shown) < MAX_MESSAGE + 40


# --- the play table: actions refused in the widget, the table unchanged ------------------


def auction_table() -> PlayTable:
    t = PlayTable(seed=11)  # East has bid 3 before South's turn
    assert t.state.phase is Phase.AUCTION and t.state.to_move is Seat.S
    high = t.state.high_bid
    assert high is not None and high.tricks == 3
    return t


def play_table_in_play() -> PlayTable:
    t = PlayTable(seed=3)
    while t.state.phase is not Phase.PLAY:
        t.action_buttons[0].click()
    return t


@pytest.mark.parametrize(
    ("make", "typed", "words"),
    [
        pytest.param(auction_table, "S bid 3", ("3", "higher"), id="bid too low"),
        pytest.param(auction_table, "S bid 9", ("bids are 1 to 6",), id="bid off the scale"),
        pytest.param(auction_table, "E bid 4", ("you play South's cards, not East's",), id="seat"),
        pytest.param(auction_table, "S play J♥", ("auction",), id="card in the auction"),
        pytest.param(play_table_in_play, "S bid 3", ("bid",), id="bid in the play"),
        pytest.param(auction_table, "S frob 3", ("not an action", "bid, pass"), id="verb"),
        pytest.param(auction_table, "S bid " + "9" * 5000, ("too long",), id="long text"),
        pytest.param(auction_table, 5, ("an action is", "'S bid 3'"), id="not an action"),
        pytest.param(auction_table, None, ("an action is",), id="None"),
    ],
)
def test_a_refused_action_is_explained_and_changes_nothing(
    make: Callable[[], PlayTable],
    typed: object,
    words: tuple[str, ...],
    capsys: pytest.CaptureFixture[str],
) -> None:
    t = make()
    before = t.state.copy()
    offered = [b.action for b in t.action_buttons]
    log = t.log.value
    assert t.act(typed) is None  # type: ignore[arg-type]  # shown in the widget, not raised
    message = status(t)
    assert message.startswith("That did not work:")
    for word in words:
        assert word in message, (word, message)
    assert len(message) < MAX_MESSAGE + 40
    assert same(t.state, before)
    assert [b.action for b in t.action_buttons] == offered and t.log.value == log
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out


def test_act_takes_an_action_written_as_text() -> None:
    t = auction_table()
    t.act("S pass")
    assert Pass(Seat.S) in t.state.log and t.status.value == ""


def test_the_tables_other_methods_refuse_with_a_message() -> None:
    t = PlayTable(seed=3)
    before = t.state.copy()
    t.undo()
    assert "no decision of yours to take back" in status(t)
    assert same(t.state, before)
    game = PlayTable(seed=3, game=True)
    in_play = game.state.copy()
    game.new_hand()
    assert "not finished" in status(game) and same(game.state, in_play)
    while not t.state.is_over:
        t.action_buttons[0].click()
    over = t.state.copy()
    t.show_hint()
    assert "not your turn" in status(t)
    t.act(Bid(Seat.S, 3))
    assert "the hand is over" in status(t) and same(t.state, over)


def test_the_play_session_checks_its_settings_and_actions() -> None:
    for kwargs in (
        {"seed": -1},
        {"seed": HUGE},
        {"people": "X"},
        {"people": 5},
        {"people": "N E S W N"},
        {"game": "yes"},
        {"opponents": ["thumb"]},
    ):
        with pytest.raises((ParseError, InvalidDataError)) as caught:
            PlaySession(**kwargs)  # type: ignore[arg-type]
        assert len(str(caught.value)) < 400
    s = PlaySession(seed=4, people="S")
    s.run_computers()
    before = s.state.copy()
    with pytest.raises(InvalidDataError, match="an action is"):
        s.act("S pass")  # type: ignore[arg-type]  # the session takes actions, not text
    assert same(s.state, before)
    assert PlaySession(seed=MAX_SEED, people="N S", game=True).people == {Seat.N, Seat.S}


# --- the replayer's file box, text box and steps ------------------------------------------


def non_utf8(tmp: Path) -> str:
    path = tmp / "latin1.hand"
    path.write_bytes("title: café\n".encode("latin-1") + b"\xff\xfe")
    return str(path)


def broken_record(tmp: Path) -> str:
    path = tmp / "broken.hand"
    text = dumps(teaching_hand("01"))
    path.write_text(text.replace("dealer: ", "dealer: Q", 1), encoding="utf-8")
    return str(path)


def too_large(tmp: Path) -> str:
    path = tmp / "large.hand"
    with open(path, "wb") as f:
        f.truncate(4 * MAX_RECORD_CHARS + 1)  # sparse: no time or disk spent
    return str(path)


FILES: list[tuple[str, Callable[[Path], str], tuple[str, ...]]] = [
    ("missing", lambda tmp: str(tmp / "no-such.hand"), ("cannot open", "no-such.hand")),
    ("folder", lambda tmp: str(tmp), ("is a folder",)),
    ("empty path", lambda tmp: "   ", ("a file's path first",)),
    ("NUL", lambda tmp: "a\x00b", ("NUL",)),
    ("long name", lambda tmp: "a" * 5000, ("cannot open", "'…aaaa")),
    ("not UTF-8", non_utf8, ("UTF-8",)),
    ("broken record", broken_record, ("line ", "seat")),
    ("too large", too_large, ("too long to be a hand record", "1,000,000")),
]
if os.path.exists("/dev/zero"):
    FILES.append(("device", lambda tmp: "/dev/zero", ("not an ordinary file",)))


@pytest.mark.parametrize(
    ("where", "words"), [pytest.param(where, words, id=name) for name, where, words in FILES]
)
def test_the_file_box_refuses_what_is_not_a_hand_record(
    where: Callable[[Path], str],
    words: tuple[str, ...],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    r = HandReplayer("01")
    r.go(5)
    record, header, table = r.record, r.header.value, r.table.value
    r.path_text.value = where(tmp_path)
    r.open_button.click()
    message = status(r)
    assert message.startswith("That did not work:")
    for word in words:
        assert word in message, (word, message)
    assert len(message) < MAX_MESSAGE + 40
    assert r.record is record and r.step == 5
    assert r.header.value == header and r.table.value == table
    assert r.load_path(where(tmp_path)) is None  # the method answers as the box does
    assert r.record is record
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out


@pytest.mark.parametrize(
    ("pasted", "words"),
    [
        pytest.param("x" * (MAX_RECORD_CHARS + 1), ("too long", "1,000,000"), id="too long"),
        pytest.param("  \n ", ("paste a hand record",), id="empty"),
        pytest.param("dealer: Q\n", ("line 1", "'Q' is not a seat"), id="bad seat"),
        pytest.param("\x1b]0;owned\x07\n" * 3, ("dealer",), id="escapes"),
    ],
)
def test_pasted_text_that_is_not_a_record_changes_nothing(
    pasted: str, words: tuple[str, ...]
) -> None:
    r = HandReplayer("02")
    record = r.record
    r.record_text.value = pasted
    r.load_button.click()
    message = status(r)
    for word in words:
        assert word in message, (word, message)
    assert r.record is record
    assert r.load_text(pasted) is None and r.load(pasted) is None and r.record is record


@pytest.mark.parametrize(
    "step",
    ["3", 2.0, True, None, HUGE, -(10**6)],
    ids=["text", "2.0", "True", "None", "huge", "-1e6"],
)
def test_a_bad_step_is_a_message(step: object) -> None:
    r = HandReplayer("01")
    r.go(4)
    r.go(step)  # type: ignore[arg-type]
    assert "step" in status(r) and r.step == 4
    assert len(status(r)) < 200


@pytest.mark.parametrize("source", [5, b"01", ["01"], "a" * 10_000, "no such hand"])
def test_a_source_that_cannot_be_opened_is_a_message(source: object) -> None:
    r = HandReplayer(source)  # type: ignore[arg-type]
    assert r.record is None and status(r).startswith("That did not work:")
    assert len(status(r)) < MAX_MESSAGE + 40


# --- text from a hand file is escaped ------------------------------------------------------

TITLE = "<script>alert('title')</script> Bowers & Joker"
POINT = "Lead the <b>Joker</b> & see"
NOTE = "<img src=x onerror=alert(1)> & more"
MOVE_NOTE = "</div><script>alert('move')</script> & so on"


def hostile_record() -> HandRecord:
    base = teaching_hand("01")
    record = HandRecord(
        rules=base.rules,
        dealer=base.dealer,
        deal=base.deal,
        moves=base.moves,
        title=TITLE,
        point=POINT,
        notes=(NOTE,),
    )
    return record.with_notes({0: MOVE_NOTE})


def test_a_records_title_point_and_notes_are_escaped_in_the_replayer() -> None:
    r = HandReplayer(hostile_record())
    page = r.header.value
    assert html.escape(TITLE) in page and html.escape(POINT) in page
    assert html.escape(NOTE) in page
    assert "<script>" not in page and "<img" not in page and "<b>Joker" not in page
    r.next_button.click()
    assert html.escape(MOVE_NOTE) in r.note.value and "<script>" not in r.note.value
    # The same record read back from its text is shown the same way.
    again = HandReplayer()
    again.load_text(dumps(hostile_record()))
    assert again.record is not None and again.record.title == TITLE
    assert html.escape(TITLE) in again.header.value and "<script>" not in again.header.value


def test_a_records_text_is_escaped_in_its_picture() -> None:
    page = record_html(hostile_record())
    assert html.escape(TITLE) in page and html.escape(POINT) in page
    assert html.escape(NOTE) in page
    assert "<script>" not in page and "<img" not in page


# --- the exercise builders ---------------------------------------------------------------


BAD_EXERCISES: list[tuple[str, Callable[[], object], tuple[str, ...]]] = [
    ("same card twice", lambda: ex.stronger_card("J♣", "jc", Suit.SPADES), ("both J♣",)),
    ("no trump suit", lambda: ex.stronger_card("J♣", "A♠", None), ("not a suit",)),  # type: ignore[arg-type]
    ("bad trump", lambda: ex.suit_in_play("J♣", "X"), ("'X' is not a suit",)),
    ("bad card", lambda: ex.suit_in_play("8♣", Suit.SPADES), ("'8♣' is not a card",)),
    ("long card", lambda: ex.stronger_card("a" * 10**5 + "1", "A♠", "S"), ("not a card",)),
    ("bad seat", lambda: ex.play_example("J♣ A♠", "K♠", "S", you="X"), ("'X' is not a seat",)),
    ("card twice", lambda: ex.play_example("J♣ A♠", "A♠", "S"), ("A♠",)),
    ("bad leader", lambda: ex.trick_example("A♠ K♠", "H", leader="Q"), ("'Q' is not a seat",)),
    ("seed", lambda: ex.look_ahead(-1), ("seed",)),
    ("seed inf", lambda: ex.look_ahead(float("inf")), ("seed",)),  # type: ignore[arg-type]
    ("level", lambda: ex.look_ahead(1, "hard"), ("level 'hard'",)),
    ("step", lambda: ex.teaching_position("06", 999), ("step", "0 to")),
    ("step text", lambda: ex.teaching_position("06", "9"), ("step",)),  # type: ignore[arg-type]
    ("tricks", lambda: ex.score_exercise("seed", "N bid 3", 7, options=[1]), ("0 to 6",)),
    ("not a bid", lambda: ex.score_exercise("seed", "N pass", 3, options=[1]), ("bid",)),
    ("options", lambda: ex.score_exercise("seed", "N bid 3", 3, options="3"), ("options",)),  # type: ignore[arg-type]
    ("points", lambda: ex.which_rules("N bid 3", 3, (1,)), ("two sides' scores",)),  # type: ignore[arg-type]
    ("taken", lambda: ex.which_rules("N bid 3", 9, (1, 0)), ("0 to 6",)),
    ("choice option", lambda: ex.Choice("?", ["a"], lambda v: (True, "")), ("(label, value)",)),  # type: ignore[list-item]
    ("order question", lambda: ex.OrderExercise("cards"), ("order",)),  # type: ignore[arg-type]
    ("no decision", lambda: ex.best_card(teaching_hand("06").final_state()), ("no decision",)),
]


@pytest.mark.parametrize(
    ("make", "words"), [pytest.param(make, words, id=name) for name, make, words in BAD_EXERCISES]
)
def test_an_exercise_with_a_bad_argument_says_which(
    make: Callable[[], object], words: tuple[str, ...]
) -> None:
    with pytest.raises((ParseError, InvalidDataError)) as caught:
        make()
    message = str(caught.value)
    for word in words:
        assert word in message, (word, message)
    assert len(message) < 400


def test_the_exercises_read_text_for_cards_suits_seats_bids_and_rules() -> None:
    q = ex.stronger_card("J♣", "A♠", "spades")
    assert [b.description for b in q.buttons] == ["J♣", "A♠"]
    assert "Spades are trumps" in q.children[0].value
    assert ex.suit_in_play("J♦", "♥").values == list(SUITS)
    score = ex.score_exercise("parlett", "N bid 3", 5, options=[3, 5], ask="NS")
    assert "North-South bid 3" in score.children[0].value
    assert len(ex.which_rules("N bid 3", 2, (-3, 0)).buttons) == len(PRESETS)


# --- the pictures the widgets draw -----------------------------------------------------

BAD_PICTURES: list[tuple[str, Callable[[], object], tuple[str, ...]]] = [
    ("card", lambda: card_svg("8♣"), ("'8♣' is not a card",)),
    ("trump", lambda: card_svg("J♦", trump="X"), ("'X' is not a suit",)),
    ("scale inf", lambda: card_svg("J♦", scale=float("inf")), ("scale", "0.05 to 20")),
    ("scale huge", lambda: hand_svg("J♦ A♥", scale=HUGE), ("scale",)),
    ("scale text", lambda: card_back_svg(scale="2"), ("scale",)),  # type: ignore[arg-type]
    ("hand", lambda: hand_svg(5), ("the hand", "'J♥ A♥'")),  # type: ignore[arg-type]
    ("overlap", lambda: hand_svg("J♦", overlap=-1), ("overlap",)),
    ("label", lambda: hand_svg("J♦", label=3), ("label",)),  # type: ignore[arg-type]
    ("ranking", lambda: ranking_svg("X"), ("'X' is not a suit",)),
    ("plays", lambda: table_svg("N J♦"), ("(seat, card) pairs",)),  # type: ignore[arg-type]
    ("play", lambda: table_svg([("N",)]), ("(seat, card) pair",)),  # type: ignore[list-item]
    ("seat", lambda: table_svg([("Q", "J♦")]), ("'Q' is not a seat",)),
    ("size", lambda: table_svg([], size=HUGE), ("size",)),
    ("state", lambda: state_html(5), ("HandState",)),  # type: ignore[arg-type]
    ("record", lambda: record_html("title: x"), ("HandRecord",)),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(
    ("make", "words"), [pytest.param(make, words, id=name) for name, make, words in BAD_PICTURES]
)
def test_a_picture_with_a_bad_argument_says_which(
    make: Callable[[], object], words: tuple[str, ...]
) -> None:
    with pytest.raises((ParseError, InvalidDataError)) as caught:
        make()
    message = str(caught.value)
    for word in words:
        assert word in message, (word, message)
    assert len(message) < 400


def test_pictures_read_suits_seats_and_cards_as_text_and_escape_names() -> None:
    assert card_svg("J♦", trump="hearts") == card_svg("J♦", trump=Suit.HEARTS)
    assert ranking_svg("H") == ranking_svg(Suit.HEARTS)
    assert hand_svg("J♦ A♥", highlight="J♦") == hand_svg("J♦ A♥", highlight=[parse_card("J♦")])
    table = table_svg([("N", "J♦"), ("E", "A♥")], trump="H", winner="N", names={"S": "<You> & co"})
    assert table == table_svg(
        [(Seat.N, parse_card("J♦")), (Seat.E, parse_card("A♥"))],
        trump=Suit.HEARTS,
        winner=Seat.N,
        names={Seat.S: "<You> & co"},
    )
    assert "&lt;You&gt; &amp; co" in table and "<You>" not in table
