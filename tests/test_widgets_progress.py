"""Remembering the learner in the notebooks: exercises and quizzes record their answers,
the lesson header shows the lesson's stars, the practice widget serves what is due, the
progress page shows it all. Driven through the widgets' Python side, as ipywidgets' own
tests do; every store lives in the test's own folder.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

w = pytest.importorskip("ipywidgets")

from hasenpfeffer_core.analysis.bots import FairExpert  # noqa: E402
from hasenpfeffer_core.analysis.practice import CONCEPTS, LESSONS, concept, lesson_stars  # noqa: E402
from hasenpfeffer_core.analysis.progress import Event, ProgressStore, open_store  # noqa: E402
from hasenpfeffer_core.analysis.quiz import Question, order_question  # noqa: E402
from hasenpfeffer_core.analysis.stats import rng  # noqa: E402
from hasenpfeffer_core.analysis.teaching import teaching_hand  # noqa: E402
from hasenpfeffer_core.engine.cards import Card, Suit  # noqa: E402
from hasenpfeffer_core.engine.errors import InvalidDataError  # noqa: E402
from hasenpfeffer_core.faces import widgets  # noqa: E402
from hasenpfeffer_core.faces.widgets import (  # noqa: E402
    BidQuiz,
    Choice,
    LegalPlayQuiz,
    OrderExercise,
    PlayTable,
    Practice,
    ProgressView,
    TrickWinnerQuiz,
    learner,
    lesson_header,
    stronger_card,
    trump_exercise,
)


def words(markup: str) -> str:
    """HTML as the learner reads it: no styles, no tags."""
    text = re.sub(r"<(style|title)>.*?</\1>", "", markup, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def stars_shown(markup: str) -> list[str]:
    return re.findall(r'aria-label="(\d of 3 stars)"', markup)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The learner's store in the test's own folder; no lesson started yet."""
    folder = tmp_path / "home"
    monkeypatch.setenv("HASENPFEFFER_HOME", str(folder))
    monkeypatch.setattr(learner, "_LESSON", None)
    yield folder


def store(home: Path) -> ProgressStore:
    return open_store(home)


AN_HOUR_AGO = datetime.now(UTC) - timedelta(hours=1)


def make_due(home: Path, key: str) -> None:
    """An answer missed an hour ago: the concept is due again now."""
    store(home).record(Event.answer("quiz", f"missed {key}", [key], right=False, when=AN_HOUR_AGO))


# --- the exercises record their answers ----------------------------------------------------


def test_a_choice_records_each_answer_with_its_lesson_attempt_and_concepts(home: Path) -> None:
    lesson_header(1)
    q = stronger_card("J♣", "A♠", Suit.SPADES)
    q.buttons[1].click()  # the ace of trumps: wrong
    q.buttons[0].click()  # the left bower: right, at the second try
    answers = store(home).answers()
    assert [(a.right, a.attempt, a.lesson, a.source) for a in answers] == [
        (False, 1, 1, "exercise"),
        (True, 2, 1, "exercise"),
    ]
    assert answers[0].concepts == ("left bower", "trumps")  # what the two cards are
    assert answers[0].item == answers[1].item == q.item  # one exercise, both tries
    assert stronger_card("J♣", "A♠", Suit.SPADES).item == q.item  # the same name in every run
    assert stronger_card("J♣", "K♠", Suit.SPADES).item != q.item


def test_hint_steps_are_recorded_and_counted_in_the_answer(home: Path) -> None:
    lesson_header(4)
    q = Choice(
        "Pick the Joker.",
        [("the Joker", "JK"), ("the ace", "AS")],
        lambda v: (v == "JK", "The Joker is the highest card."),
        hints=["Look for the highest card.", "The Joker beats everything.", "Pick the Joker."],
        concepts=["joker"],
    )
    q.hint_button.click()
    q.hint_button.click()
    q.buttons[0].click()
    events = store(home).events()
    assert [(e.source, e.hints, e.right) for e in events] == [
        ("hint", 1, None),
        ("hint", 2, None),
        ("exercise", 2, True),
    ]
    assert all(e.lesson == 4 and e.concepts == ("joker",) for e in events)
    assert "Right, with 2 hint steps" in words(q.feedback.value)


def test_an_expert_judged_exercise_records_the_principles_of_the_experts_move(
    home: Path,
) -> None:
    state = teaching_hand("07").state_at(5)
    q = trump_exercise(state, FairExpert(seed=1, bid_samples=2))
    assert q.concepts, "the expert's move names a principle here"
    assert set(q.concepts) <= {c.key for c in CONCEPTS if c.kind == "principle"}
    q.buttons[0].click()
    (answer,) = store(home).answers()
    assert answer.concepts == q.concepts and answer.kind == "trump"


def test_an_order_exercise_records_the_question_and_its_situations(home: Path) -> None:
    lesson_header(1)
    question = order_question(rng(6), difficulty="bowers", tag="left bower")
    q = OrderExercise(question)
    by_card = dict(zip(question.cards, q.buttons, strict=True))
    for card in reversed(question.answer):
        by_card[card].click()
    q.again.click()
    for card in question.answer:
        by_card[card].click()
    answers = store(home).answers()
    assert [(a.right, a.attempt) for a in answers] == [(False, 1), (True, 2)]
    assert {a.item for a in answers} == {question.key}
    assert answers[0].concepts == question.tags and "left bower" in answers[0].concepts


def test_quiz_answers_are_recorded_and_a_perfect_round_earns_the_lessons_stars(
    home: Path,
) -> None:
    header = lesson_header(3)
    assert stars_shown(header.value) == ["0 of 3 stars"] and "0 of 1 exercise done" in words(
        header.value
    )
    quiz = TrickWinnerQuiz(difficulty="mixed", seed=2)
    for _ in range(5):
        q = quiz.question
        assert q is not None
        seat_buttons = zip(quiz.answer_buttons, q.trick, strict=True)
        next(b for b, (seat, _) in seat_buttons if seat is q.answer).click()
        quiz.next_button.click()
    answers = store(home).answers()
    assert len(answers) == 5
    assert all(a.source == "quiz" and a.lesson == 3 and a.right for a in answers)
    assert all(a.kind == "trick-winner" and a.concepts for a in answers)
    # the header followed the answers as they were recorded
    assert stars_shown(header.value) == ["3 of 3 stars"]
    assert "1 of 1 exercise done" in words(header.value)


def test_a_hand_played_to_its_end_at_the_table_is_one_of_lesson_7s_exercises(
    home: Path,
) -> None:
    header = lesson_header(7)
    assert "0 of 4 exercises done" in words(header.value)
    table = PlayTable(seed=7)
    table.hint_button.click()  # a hint asked once in the hand
    while not table.state.is_over:
        table.action_buttons[0].click()
    answers = store(home).answers()
    assert [(a.item, a.lesson, a.right, a.hints) for a in answers] == [("table:hand", 7, True, 1)]
    # the header followed: one exercise done, right with a hint (two stars)
    assert "1 of 4 exercises done" in words(header.value)
    assert lesson_stars(store(home).events())[7].by_exercise["table:hand"] == 2
    # a second hand, played alone, earns the exercise its three stars; still one exercise
    table = PlayTable(seed=8)
    while not table.state.is_over:
        table.action_buttons[0].click()
    assert "1 of 4 exercises done" in words(header.value)
    assert lesson_stars(store(home).events())[7].by_exercise["table:hand"] == 3


def test_the_legal_play_and_bid_quizzes_record_their_answers(home: Path) -> None:
    lesson_header(2)
    legal = LegalPlayQuiz(difficulty="first-steps", seed=3)
    q = legal.question
    assert q is not None
    for b in legal.card_buttons:
        b.value = b.card in q.answer
    legal.check_button.click()
    bid = BidQuiz(difficulty="joker", seed=2)
    bq = bid.question
    assert bq is not None
    wrong = [
        b
        for b, v in zip(bid.answer_buttons, bid.choice_values, strict=True)
        if v not in bq.details["right"]
    ]
    wrong[0].click()
    answers = store(home).answers()
    assert [(a.kind, a.right, a.item) for a in answers] == [
        ("legal-play", True, q.key),
        ("bid", False, bq.key),
    ]
    assert all(a.source == "quiz" and a.lesson == 2 for a in answers)


# --- the lesson header ------------------------------------------------------------------------


def test_the_header_shows_three_stars_once_every_exercise_is_right_first_time(
    home: Path,
) -> None:
    _, count = LESSONS[1]
    for n in range(count - 1):
        store(home).record(Event.answer("exercise", f"ex{n}", [], right=True, lesson=1))
    header = lesson_header(1)
    assert stars_shown(header.value) == ["0 of 3 stars"]  # stars come when all are done
    assert f"{count - 1} of {count} exercises done" in words(header.value)
    assert "nothing is sent anywhere" in words(header.value)
    store(home).record(Event.answer("exercise", "last", [], right=True, lesson=1))
    assert stars_shown(header.value) == ["3 of 3 stars"]
    assert f"{count} of {count} exercises done" in words(header.value)
    assert learner.current_lesson() == 1


def test_an_exercise_right_at_the_second_try_gives_two_stars(home: Path) -> None:
    for n in range(LESSONS[8][1]):
        if n == 0:
            store(home).record(Event.answer("exercise", "ex0", [], right=False, lesson=8))
        store(home).record(
            Event.answer("exercise", f"ex{n}", [], right=True, lesson=8, attempt=1 + (n == 0))
        )
    assert stars_shown(lesson_header(8).value) == ["2 of 3 stars"]


@pytest.mark.parametrize("bad", [0, 9, "1", None, True])
def test_a_lesson_that_does_not_exist_is_refused(home: Path, bad: Any) -> None:
    with pytest.raises(InvalidDataError, match="the lesson is a number from 1 to 8"):
        lesson_header(bad)
    with pytest.raises(InvalidDataError, match="the lesson is a number"):
        Practice(lesson=bad if bad is not None else 0)
    assert learner.current_lesson() is None


# --- practice ---------------------------------------------------------------------------------


def answer(p: Practice, right: bool) -> None:
    """Answer the practice's question, rightly or not, as a learner would."""
    q, ex = p.question, p.exercise
    assert q is not None and ex is not None
    if q.kind == "trick-winner":
        pairs = zip(ex.answer_buttons, q.trick, strict=True)
        next(b for b, (seat, _) in pairs if (seat is q.answer) is right).click()
    elif q.kind == "legal-play":
        # wrong: every card when some may not be played, else one card too few
        wrong = set(q.hand) if len(q.answer) < len(q.hand) else set(q.hand[:1])
        chosen = set(q.answer) if right else wrong
        for b in ex.card_buttons:
            b.value = b.card in chosen
        ex.check_button.click()
    elif q.kind == "order":
        order = list(q.answer) if right else list(reversed(q.answer))
        by_card = dict(zip(q.cards, ex.buttons, strict=True))
        for card in order:
            by_card[card].click()
    elif q.kind == "bid":
        pairs = zip(ex.answer_buttons, ex.choice_values, strict=True)
        next(b for b, v in pairs if (v in q.details["right"]) is right).click()
    else:  # an ending or a principle: a row of buttons, judged by the question
        pairs = zip(ex.buttons, ex.values, strict=True)
        next(b for b, v in pairs if q.check(v) is right).click()


def test_practice_serves_a_due_concept_first(home: Path) -> None:
    make_due(home, "joker")
    p = Practice(rng=random.Random(1))
    assert p.concept is not None and p.concept.key == "joker" and p.why == "due"
    assert p.question is not None and "joker" in p.question.tags
    line = words(p.concept_line.value)
    assert "The Joker" in line and concept("joker").about in line and "due now" in line


def test_a_wrong_answer_then_a_right_one_gives_the_score(home: Path) -> None:
    make_due(home, "joker")
    p = Practice(rng=random.Random(2))
    assert "0 / 0 right" in words(p.heading.value)
    answer(p, right=False)
    assert "0 / 1 right" in words(p.heading.value)
    p.next_button.click()
    if p.question is None:  # (the question practised three ideas: none is left for today)
        p.anyway_button.click()
    answer(p, right=True)
    assert "1 / 2 right" in words(p.heading.value) and p.score == (1, 2)
    answers = store(home).answers()[1:]  # (after the answer that made the Joker due)
    assert [(a.source, a.right) for a in answers] == [("practice", False), ("practice", True)]


def test_each_question_is_fresh(home: Path) -> None:
    make_due(home, "joker")
    questions = [Practice(rng=random.Random(seed)).question for seed in range(4)]
    assert len({q.key for q in questions if q is not None}) > 1


@pytest.mark.parametrize(
    ("key", "button"),
    [("second-hand-low", Card), ("name-longest-trump", Suit), ("bid-cheapest", str)],
)
def test_principle_questions_are_answered_with_buttons_judged_by_the_question(
    home: Path, key: str, button: type
) -> None:
    make_due(home, key)
    p = Practice(rng=random.Random(3))
    q, ex = p.question, p.exercise
    assert isinstance(q, Question) and q.kind == "principle" and p.concept == concept(key)
    assert all(isinstance(v, button) for v in ex.values)  # cards, suits or bids
    if button is Card:
        assert all(
            getattr(b, "card", None) == v for b, v in zip(ex.buttons, ex.values, strict=True)
        )
    if button is str:
        assert any(b.description.startswith("Bid ") for b in ex.buttons)
    ex.hint_button.click()  # a hint step, recorded
    assert q.details["hints"][0] in words(ex.hint_text.value)
    answer(p, right=False)
    verdict = words(ex.feedback.value)
    # the principle, said once, after what it says against the choice where it says so
    assert verdict.startswith("Not quite.") and verdict.count(q.details["about"]) == 1
    marked = [v for b, v in zip(ex.buttons, ex.values, strict=True) if "hp-right" in b._dom_classes]
    assert marked and all(q.check(v) for v in marked)  # the right answers are shown
    icons = {b.icon for b in ex.buttons if "hp-wrong" in b._dom_classes}
    assert icons == {"times"}  # marked by a sign too, not by colour alone
    assert all(b.disabled for b in ex.buttons)  # one answer per question
    events = store(home).events()[1:]
    assert [(e.source, e.hints, e.right) for e in events] == [
        ("hint", 1, None),
        ("practice", 1, False),
    ]
    assert events[1].concepts == (key,) and events[1].kind == "principle"
    assert p.score == (0, 1)


def test_when_nothing_is_due_it_says_when_and_offers_to_practise_anyway(home: Path) -> None:
    now = datetime.now(UTC)
    for c in CONCEPTS:  # everything learnt twice, just now: nothing due for days
        for minutes in (30, 5):
            store(home).record(
                Event.answer(
                    "practice", "x", [c.key], right=True, when=now - timedelta(minutes=minutes)
                )
            )
    p = Practice(lesson=2)
    assert p.concept is None and p.question is None
    said = words(p.message.value)
    assert said.startswith("Nothing is due for practice now from lessons 1 to 2.")
    assert re.search(r"The next one, .+, is due in \d+ (day|hour)s?\.", said), said
    assert p.anyway_button.layout.display != "none" and p.next_button.layout.display == "none"
    p.anyway_button.click()
    assert p.concept is not None and p.concept.lesson <= 2 and p.why == "extra"
    assert p.message.value == "" and "extra practice" in words(p.concept_line.value)


def test_practice_limited_to_a_lesson_serves_only_what_it_taught(home: Path) -> None:
    make_due(home, "second-hand-low")  # taught in lesson 7
    p = Practice(lesson=1, rng=random.Random(4))
    assert p.concept is not None and p.concept.lesson <= 1


# --- the progress page ------------------------------------------------------------------------


def test_the_progress_page_shows_stars_answers_and_privacy(home: Path) -> None:
    for n in range(LESSONS[1][1]):
        store(home).record(Event.answer("exercise", f"ex{n}", ["joker"], right=True, lesson=1))
    view = ProgressView()
    page = view.page.value
    assert stars_shown(page)[0] == "3 of 3 stars" and len(stars_shown(page)) == len(LESSONS)
    text = view.words()
    assert "6 answers" in text and "6 right (100%)" in text
    assert "nothing is sent anywhere" in text and str(home) in text
    assert "Situations" in text and "Principles of play" in text
    assert "The Joker" in text and "not yet" in text  # one practised, others faint
    assert "Due today" in text
    # it follows the answers recorded in this kernel
    store(home).record(Event.answer("practice", "more", ["joker"], right=False))
    assert "7 answers" in view.words()


def test_start_again_asks_first_and_keeps_the_old_answers_aside(home: Path) -> None:
    store(home).record(Event.answer("exercise", "ex", ["joker"], right=True, lesson=1))
    view = ProgressView()
    view.reset_button.click()
    assert view.confirm_row.layout.display != "none"
    assert "Start again from nothing?" in view.words() and "Nothing is deleted" in view.words()
    assert len(store(home).answers()) == 1  # nothing happens before the answer
    view.cancel_button.click()
    assert view.confirm_row.layout.display == "none"
    assert len(store(home).answers()) == 1 and store(home).asides() == []
    assert "Nothing changed" in view.words()
    view.reset_button.click()
    view.confirm_button.click()
    assert store(home).answers() == [] and "0 answers" in view.words()
    (aside,) = store(home).asides()
    assert f"Your old answers are kept in {aside}" in view.words()
    assert len(ProgressStore(home.parent / "other").answers()) == 0
    assert ProgressStore(home.parent / "restored").import_from(aside).added == 1


def test_export_writes_a_file_next_to_the_notebook_that_import_reads_back(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for right in (True, False, True):
        store(home).record(Event.answer("practice", "q", ["joker"], right=right))
    notebooks = tmp_path / "lessons"
    notebooks.mkdir()
    monkeypatch.chdir(notebooks)
    view = ProgressView()
    view.export_button.click()
    (exported,) = notebooks.glob("hasenpfeffer-progress-*.jsonl")
    assert str(exported) in view.words() and "Exported" in view.words()
    elsewhere = ProgressStore(tmp_path / "another-computer")
    assert elsewhere.import_from(exported).added == 3
    assert [a.right for a in elsewhere.answers()] == [True, False, True]


# --- a store that cannot be written -----------------------------------------------------------


@pytest.fixture
def unwritable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder that cannot be made: its parent is a file (root ignores modes)."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file, not a folder")
    folder = blocker / "home"
    monkeypatch.setenv("HASENPFEFFER_HOME", str(folder))
    monkeypatch.setattr(learner, "_LESSON", None)
    return folder


def test_an_unwritable_home_the_exercise_still_answers_and_says_once(unwritable: Path) -> None:
    header = lesson_header(1)
    assert "Your progress cannot be shown" in words(header.value)
    q = stronger_card("J♣", "A♠", Suit.SPADES)
    q.buttons[1].click()
    assert words(q.feedback.value).startswith("Not quite")
    note = words(q.recorder.note.value)
    assert note.startswith("Your answers are not being saved:") and str(unwritable.parent) in note
    q.buttons[0].click()
    assert words(q.feedback.value).startswith("Right!")
    assert words(q.recorder.note.value) == note  # said once, not again
    assert q.recorder.note in q.children


def test_an_unwritable_home_practice_and_the_progress_page_go_on(
    unwritable: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    p = Practice(lesson=1, rng=random.Random(5))
    first = p.concept
    assert first is not None
    answer(p, right=True)
    assert p.score == (1, 1) and "not being saved" in words(p.recorder.note.value)
    p.next_button.click()
    assert p.concept is not None and p.concept != first  # it still moves on
    view = ProgressView()
    assert "Your progress cannot be shown" in view.words()
    monkeypatch.chdir(tmp_path)
    view.export_button.click()
    assert "Your progress could not be exported" in view.words()


def test_the_widgets_package_exports_the_progress_widgets() -> None:
    for name in ("Practice", "ProgressView", "lesson_header"):
        assert name in widgets.__all__ and getattr(widgets, name) is not None
