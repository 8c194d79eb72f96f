"""The two quiz widgets, driven through their Python side as ipywidgets' own tests do.

No browser: buttons are pressed with ``click()``, toggles and menus are set through
``.value``, and both the engine-side state and the HTML sent to the page are checked.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest

w = pytest.importorskip("ipywidgets")

from hasenpfeffer_core import (  # noqa: E402
    JOKER,
    InvalidDataError,
    ParseError,
    legal_plays,
    trick_winner,
)
from hasenpfeffer_core.analysis import quiz as quiz_module  # noqa: E402
from hasenpfeffer_core.analysis.explain import card_words  # noqa: E402
from hasenpfeffer_core.faces.widgets import LegalPlayQuiz, TrickWinnerQuiz  # noqa: E402
from hasenpfeffer_core.faces.widgets.legal_quiz import LegalPlayQuiz as LegalDirect  # noqa: E402
from hasenpfeffer_core.faces.widgets.trick_quiz import TrickWinnerQuiz as TrickDirect  # noqa: E402

INTERACTIVE = (w.Button, w.ToggleButton, w.Dropdown, w.IntText)
PASSIVE = (w.HTML, w.Label, w.HTMLMath)


def esc(text: str) -> str:
    return html.escape(text, quote=True)


def words(markup: str) -> str:
    """HTML as the learner reads it: no styles, no tags."""
    text = re.sub(r"<style>.*?</style>", "", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def descendants(widget: Any) -> Iterator[Any]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from descendants(child)


def choose(quiz: LegalPlayQuiz, cards: Any) -> None:
    chosen = set(cards)
    for b in quiz.card_buttons:
        b.value = b.card in chosen


def a_wrong_choice(quiz: LegalPlayQuiz) -> list[Any]:
    """A choice that is not the answer: too many cards if some are illegal, else too few."""
    q = quiz.question
    assert q is not None
    if len(q.answer) < len(q.hand):
        return list(q.hand)
    return list(q.hand[:1])


def trick_button(quiz: TrickWinnerQuiz, right: bool) -> Any:
    q = quiz.question
    assert q is not None
    for b, (seat, _) in zip(quiz.answer_buttons, q.trick, strict=True):
        if (seat is q.answer) is right:
            return b
    raise AssertionError("no such button")


# --- the legal-play quiz -------------------------------------------------------------


def test_the_lazy_exports_are_the_widget_classes() -> None:
    assert LegalPlayQuiz is LegalDirect and TrickWinnerQuiz is TrickDirect
    quiz = LegalPlayQuiz()
    assert isinstance(quiz, w.VBox) and quiz.difficulty.value == "mixed" and quiz.seed.value == 0


def test_legal_quiz_shows_trump_trick_hand_and_prompt() -> None:
    quiz = LegalPlayQuiz(seed=1)
    q = quiz.question
    assert q is not None and q.kind == "legal-play"
    assert esc(q.prompt) in quiz.header.value
    assert q.trump is not None and q.trump.plural in quiz.header.value
    pic = quiz.picture.value
    assert f'aria-label="your hand: {", ".join(c.text for c in q.hand)}"' in pic
    order = ", ".join(f"{s.name} {c.text}" for s, c in q.trick) or "no cards yet"
    assert f'aria-label="the trick: {order}"' in pic
    assert "▸ leads" in pic and "(you)" in pic
    assert [b.card for b in quiz.card_buttons] == list(q.hand)
    assert all(isinstance(b, w.ToggleButton) and not b.value for b in quiz.card_buttons)
    # no hints before answering: no role badges in the labels
    assert "the left bower" not in pic and "a trump" not in pic


def test_legal_quiz_right_answer() -> None:
    quiz = LegalPlayQuiz(seed=2)
    q = quiz.question
    assert q is not None
    trick = [c for _, c in q.trick]
    assert set(q.answer) == set(legal_plays(q.hand, trick, q.trump))
    choose(quiz, q.answer)
    quiz.check_button.click()
    assert quiz.score == (1, 1) and quiz.streak == 1
    fb = quiz.feedback.value
    assert "<b>Right!</b>" in fb and "Not quite" not in fb
    for card in q.hand:  # each card's reason, the card named once ("✓ K♣ may be played")
        mark = "✓" if card in q.answer else "✗"
        assert f"{mark} {q.details['reasons'][card.text]}" in words(fb)
        assert f"{card.text} {card.text}" not in words(fb)
    assert q.explanation.split(". ")[0] in words(fb)
    assert quiz.check_button.disabled and all(b.disabled for b in quiz.card_buttons)
    for b in quiz.card_buttons:
        assert (b.button_style == "success") == (b.card in q.answer)
    # once answered, the legal cards are lit and the others dimmed in the picture
    pic = quiz.picture.value
    assert 'stroke="#f2b705"' in pic
    assert ('class="hp-dim"' in pic) == (len(q.answer) < len(q.hand))


def test_legal_quiz_feedback_never_glues_a_card_to_its_reason() -> None:
    """Each card's line reads "✓ K♣ may be played" or "✓ JK: The Joker may be led" (a
    reason that does not start with the card's text once ran into it: "JKThe Joker")."""
    seen_joker = False
    for seed in range(60):
        quiz = LegalPlayQuiz(seed=seed, difficulty="joker")
        q = quiz.question
        assert q is not None
        choose(quiz, q.answer)
        quiz.check_button.click()
        text = words(quiz.feedback.value)
        for card in q.hand:
            after = text.split(f"{'✓' if card in q.answer else '✗'} {card.text}", 1)[1]
            assert after[:1] in (" ", ":"), f"{card.text}{after[:30]}"
        seen_joker |= any(c.text == "JK" for c in q.hand)
    assert seen_joker, "some hand held the Joker"


def test_legal_quiz_wrong_answer_names_the_missed_and_wrong_cards() -> None:
    quiz = LegalPlayQuiz(seed=3)
    for _ in range(5):  # a run of right answers first, so the streak resets visibly
        q = quiz.question
        assert q is not None
        choose(quiz, q.answer)
        quiz.check_button.click()
        quiz.next_button.click()
    assert quiz.score == (5, 5) and quiz.streak == 5 and quiz.best_streak == 5
    q = quiz.question
    assert q is not None
    wrong = a_wrong_choice(quiz)
    choose(quiz, wrong)
    quiz.check_button.click()
    assert not q.check(wrong)
    assert quiz.score == (5, 6) and quiz.streak == 0 and quiz.best_streak == 5
    fb = quiz.feedback.value
    assert "<b>Not quite.</b>" in fb and "Right!" not in fb
    missed = [c for c in q.answer if c not in wrong]
    extra = [c for c in wrong if c not in q.answer]
    assert missed or extra
    if missed:
        assert "You missed " + ", ".join(c.text for c in missed) in fb
        assert "missed</span>" in fb
    if extra:
        assert "You chose " + ", ".join(c.text for c in extra) in fb
        assert "wrongly chosen</span>" in fb
        assert any(b.button_style == "danger" for b in quiz.card_buttons)
    for card in q.hand:
        assert q.details["reasons"][card.text] in words(fb)
    assert "Score: 5 / 6 right" in quiz.score_line.value


def test_legal_quiz_counts_an_answer_once_and_ignores_an_empty_choice() -> None:
    quiz = LegalPlayQuiz(seed=4)
    quiz.check_button.click()  # nothing selected: a hint, no score
    assert quiz.score == (0, 0)
    assert "Select the cards first" in quiz.feedback.value
    q = quiz.question
    assert q is not None
    choose(quiz, q.answer)
    quiz.check_button.click()
    quiz.check_button.click()
    assert quiz.score == (1, 1)


def test_legal_quiz_next_question_changes_and_never_repeats() -> None:
    quiz = LegalPlayQuiz(seed=5)
    keys = []
    for _ in range(40):
        q = quiz.question
        assert q is not None
        keys.append(q.key)
        quiz.next_button.click()
        assert quiz.feedback.value == ""
        assert not quiz.check_button.disabled
        assert all(not b.value and not b.disabled for b in quiz.card_buttons)
    assert len(set(keys)) == len(keys)
    assert quiz.score == (0, 0)  # skipping is not answering


def test_legal_quiz_a_new_level_keeps_the_score_a_new_set_resets_and_reproduces() -> None:
    quiz = LegalPlayQuiz(seed=6)
    q = quiz.question
    assert q is not None
    choose(quiz, q.answer)
    quiz.check_button.click()
    assert quiz.score == (1, 1)
    quiz.difficulty.value = "joker"
    # The running score goes on, and the quiz says the level changed.
    assert quiz.score == (1, 1) and quiz.streak == 1
    assert "Score: 1 / 1 right" in quiz.score_line.value
    assert "Level changed to The Joker." in words(quiz.status.value)
    assert "1 / 1 right so far" in words(quiz.status.value)
    q = quiz.question
    assert q is not None and q.difficulty == "joker" and not quiz.answered
    assert JOKER in q.hand or JOKER in [c for _, c in q.trick]
    quiz.seed.value = 6  # the same set number: nothing changes
    quiz.seed.value = 7  # a new question set: a fresh, reproducible set at this level
    assert quiz.score == (0, 0) and quiz.streak == 0
    assert quiz.question is not None
    assert quiz.question.key == LegalPlayQuiz(difficulty="joker", seed=7).question.key

    def run(difficulty: str, seed: int) -> list[str]:
        other = LegalPlayQuiz(difficulty=difficulty, seed=seed)
        keys = []
        for _ in range(5):
            keys.append(other.question.key)
            other.next_button.click()
        return keys

    assert run("bowers", 7) == run("bowers", 7)
    assert run("bowers", 7) != run("bowers", 8)
    quiz.seed.value = 7
    assert quiz.question is not None
    assert quiz.question.key == run("joker", 7)[0]


def test_legal_quiz_catches_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    quiz = LegalPlayQuiz(seed=8)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the quiz bank is out of questions")

    monkeypatch.setattr(quiz_module, "legal_play_question", broken)
    quiz.next_button.click()  # nothing raises
    assert "That did not work" in quiz.status.value
    assert "the quiz bank is out of questions" in quiz.status.value
    assert quiz.question is None
    quiz.check_button.click()
    assert "No question yet" in quiz.feedback.value

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise InvalidDataError("no such question")

    monkeypatch.setattr(quiz_module, "legal_play_question", refused)
    fresh = LegalPlayQuiz(seed=9)  # even the first question failing does not raise
    assert "no such question" in fresh.status.value and fresh.question is None
    monkeypatch.undo()
    fresh.next_button.click()
    assert fresh.question is not None and fresh.status.value == ""


def test_legal_quiz_refuses_bad_settings_where_they_are_made() -> None:
    with pytest.raises(ParseError, match="no level 'hard': the levels are first-steps"):
        LegalPlayQuiz(difficulty="hard")
    with pytest.raises(ParseError, match="the seed must be a whole number from 0 to"):
        LegalPlayQuiz(seed="x")  # type: ignore[arg-type]
    # The level's menu label and the seed's digits are read as well.
    quiz = LegalPlayQuiz(difficulty="The Joker", seed="6")  # type: ignore[arg-type]
    assert quiz.difficulty.value == "joker" and quiz.seed.value == 6
    assert quiz.question is not None and quiz.status.value == ""


def test_legal_quiz_controls_are_keyboard_reachable_and_named() -> None:
    quiz = LegalPlayQuiz(seed=10)
    controls = [x for x in descendants(quiz) if not isinstance(x, (w.Box, *PASSIVE))]
    assert controls
    for x in controls:
        assert isinstance(x, INTERACTIVE), type(x)
        assert x.description or x.tooltip
        assert x.tabbable is not False
    assert set(quiz.card_buttons) <= set(controls)
    assert {quiz.check_button, quiz.next_button, quiz.difficulty, quiz.seed} <= set(controls)
    assert all(isinstance(b, w.ToggleButton) for b in quiz.card_buttons)


def test_legal_quiz_records_callback_timings() -> None:
    quiz = LegalPlayQuiz(seed=11)
    q = quiz.question
    assert q is not None
    choose(quiz, q.answer)
    quiz.check_button.click()
    quiz.next_button.click()
    names = [name for name, _ in quiz.timings]
    assert "_on_check" in names and "_on_next" in names
    assert all(t >= 0 for _, t in quiz.timings)


# --- the trick-winner quiz -----------------------------------------------------------


def test_trick_quiz_shows_the_trick_and_one_button_per_card() -> None:
    quiz = TrickWinnerQuiz(seed=1)
    q = quiz.question
    assert q is not None and q.kind == "trick-winner"
    assert esc(q.prompt) in quiz.header.value
    order = ", ".join(f"{s.name} {c.text}" for s, c in q.trick)
    assert f'aria-label="the trick: {order}"' in quiz.picture.value
    assert " wins" not in quiz.picture.value  # the winner is not given away
    labels = [b.description for b in quiz.answer_buttons]
    # the seat in full and its card, as the site's quiz has them ("North (K♥)")
    assert labels == [f"{s.word} ({card_words(c)})" for s, c in q.trick]
    assert all(isinstance(b, w.Button) and b.tooltip for b in quiz.answer_buttons)


def test_trick_quiz_right_answer() -> None:
    quiz = TrickWinnerQuiz(seed=2)
    q = quiz.question
    assert q is not None
    seats = [s for s, _ in q.trick]
    cards = [c for _, c in q.trick]
    assert q.answer is seats[trick_winner(cards, q.trump)]
    trick_button(quiz, right=True).click()
    assert quiz.score == (1, 1) and quiz.streak == 1
    assert quiz.by_tag == {q.tag: (1, 1)}
    fb = quiz.feedback.value
    assert "<b>Right!</b>" in fb and esc(q.explanation) in fb
    pic = quiz.picture.value
    assert f"; {q.answer.name} wins" in pic and 'stroke="#f2b705"' in pic
    assert all(b.disabled for b in quiz.answer_buttons)
    assert [b.button_style == "success" for b in quiz.answer_buttons] == [
        s is q.answer for s in seats
    ]
    assert esc(q.tag) in quiz.tag_table.value and "1 / 1" in quiz.tag_table.value


def test_trick_quiz_wrong_answer() -> None:
    quiz = TrickWinnerQuiz(seed=3)
    q = quiz.question
    assert q is not None
    trick_button(quiz, right=True).click()
    quiz.next_button.click()
    q = quiz.question
    assert q is not None
    wrong = trick_button(quiz, right=False)
    wrong.click()
    assert quiz.score == (1, 2) and quiz.streak == 0 and quiz.best_streak == 1
    assert quiz.by_tag[q.tag][1] >= 1
    fb = quiz.feedback.value
    assert "<b>Not quite.</b>" in fb and "Right!" not in fb
    assert esc(q.explanation) in fb
    seat, card = q.trick[quiz.answer_buttons.index(wrong)]
    assert f"You chose {seat.word}&#x27;s {card.text}." in fb  # the seat in words, in prose
    assert wrong.button_style == "danger" and "hp-wrong" in wrong._dom_classes
    assert wrong.style.button_color is None  # the shared style colours it, from the theme
    assert f"; {q.answer.name} wins" in quiz.picture.value
    wrong.click()  # a second press changes nothing
    assert quiz.score == (1, 2)


def test_trick_quiz_by_tag_adds_up_and_next_changes_the_question() -> None:
    quiz = TrickWinnerQuiz(seed=4)
    keys = []
    for i in range(30):
        q = quiz.question
        assert q is not None
        keys.append(q.key)
        trick_button(quiz, right=i % 3 != 0).click()
        quiz.next_button.click()
        assert quiz.feedback.value == ""
        assert all(not b.disabled for b in quiz.answer_buttons)
    assert len(set(keys)) == 30
    assert quiz.score == (20, 30)
    assert sum(r for r, _ in quiz.by_tag.values()) == 20
    assert sum(n for _, n in quiz.by_tag.values()) == 30
    for tag, (r, n) in quiz.by_tag.items():
        assert f"<td>{esc(tag)}</td><td>{r} / {n}</td>" in quiz.tag_table.value


def test_trick_quiz_difficulty_and_seed_reset_and_reproduce() -> None:
    quiz = TrickWinnerQuiz(seed=5)
    trick_button(quiz, right=True).click()
    quiz.difficulty.value = "first-steps"
    assert quiz.score == (1, 1) and sum(n for _, n in quiz.by_tag.values()) == 1
    assert "Level changed to First steps." in words(quiz.status.value)
    assert "By situation" in quiz.tag_table.value
    q = quiz.question
    assert q is not None and q.difficulty == "first-steps"
    assert all(c is not JOKER for _, c in q.trick)

    def run(difficulty: str, seed: int) -> list[str]:
        other = TrickWinnerQuiz(difficulty=difficulty, seed=seed)
        keys = []
        for _ in range(5):
            keys.append(other.question.key)
            other.next_button.click()
        return keys

    assert run("joker", 12) == run("joker", 12)
    assert run("joker", 12) != run("joker", 13)
    quiz.seed.value = 12
    assert quiz.question is not None
    assert quiz.question.key == run("first-steps", 12)[0]


def test_trick_quiz_catches_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    quiz = TrickWinnerQuiz(seed=6)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ValueError("a bug in the quiz bank")

    monkeypatch.setattr(quiz_module, "trick_winner_question", broken)
    quiz.next_button.click()
    assert "That did not work" in quiz.status.value
    assert "ValueError: a bug in the quiz bank" in quiz.status.value
    assert quiz.question is None
    quiz.difficulty.value = "bowers"  # a restart that fails does not raise either
    assert "a bug in the quiz bank" in quiz.status.value
    monkeypatch.undo()
    quiz.next_button.click()
    assert quiz.question is not None and quiz.status.value == ""


def test_trick_quiz_refuses_bad_settings_where_they_are_made() -> None:
    with pytest.raises(ParseError, match="no level 'expert'"):
        TrickWinnerQuiz(difficulty="expert")
    with pytest.raises(InvalidDataError, match="the seed must be a whole number"):
        TrickWinnerQuiz(seed=-1)


def test_trick_quiz_controls_are_keyboard_reachable_and_named() -> None:
    quiz = TrickWinnerQuiz(seed=7)
    controls = [x for x in descendants(quiz) if not isinstance(x, (w.Box, *PASSIVE))]
    for x in controls:
        assert isinstance(x, INTERACTIVE), type(x)
        assert x.description or x.tooltip
        assert x.tabbable is not False
    assert set(quiz.answer_buttons) <= set(controls)
    assert {quiz.next_button, quiz.difficulty, quiz.seed} <= set(controls)
    trick_button(quiz, right=True).click()
    names = [name for name, _ in quiz.timings]
    assert "_on_answer" in names
