"""The ``Puzzles`` widget (issue 27): puzzles from the bank near the learner's rating,
answered by its buttons, recorded, rated; themes and the streak mode.

Each test has a store of its own; the right button is found by the puzzle's own check,
never by a rule written here.
"""

from __future__ import annotations

import random
from pathlib import Path

from hasenpfeffer_core.analysis.progress import open_store
from hasenpfeffer_core.analysis.puzzles import rating_from
from hasenpfeffer_core.engine.record import loads
from hasenpfeffer_core.faces.widgets import Puzzles


def _button(p: Puzzles, right: bool):
    ex = p.exercise
    assert p.puzzle is not None
    q = p.puzzle.question()
    for b, v in zip(ex.buttons, ex.values, strict=True):
        if q.check(v) == right:
            return b
    raise AssertionError("no such button")


def test_a_solved_puzzle_is_recorded_and_raises_the_rating(tmp_path: Path) -> None:
    p = Puzzles(home=tmp_path, rng=random.Random(3))
    first = p.puzzle
    assert first is not None and "Your puzzle rating: 1500" in p.heading.value
    _button(p, True).click()
    assert p.rating.rating > 1500
    assert f"Your puzzle rating: {round(p.rating.rating)}" in p.heading.value
    assert "1 / 1 solved" in p.heading.value
    (e,) = open_store(tmp_path).answers()
    assert (e.source, e.item, e.right, e.concepts) == ("puzzle", first.item, True, (first.theme,))
    # a new widget on the same store starts from the rating the answers give
    again = Puzzles(home=tmp_path, rng=random.Random(4))
    assert round(again.rating.rating) == round(p.rating.rating)
    p.next_button.click()
    assert p.puzzle is not None and p.puzzle.id != first.id


def test_the_theme_is_named_once_answered_unless_the_learner_chose_it(tmp_path: Path) -> None:
    """ "Puzzle: Third hand high, rated 1360" above the question gave its answer away."""
    p = Puzzles(home=tmp_path, rng=random.Random(3))
    assert p.puzzle is not None
    name = p.puzzle.theme_name
    assert name not in p.about.value and f"rated {p.puzzle.rating}" in p.about.value
    _button(p, False).click()
    assert f"Puzzle: {name}, rated {p.puzzle.rating}" in p.about.value
    chosen = Puzzles("trump-in", home=tmp_path, rng=random.Random(6))
    assert chosen.puzzle is not None and chosen.puzzle.theme_name in chosen.about.value


def test_a_miss_or_a_hint_lowers_the_rating(tmp_path: Path) -> None:
    p = Puzzles(home=tmp_path, rng=random.Random(3))
    _button(p, False).click()
    assert p.rating.rating < 1500
    low = p.rating.rating
    p.next_button.click()
    p.exercise.hint_button.click()
    _button(p, True).click()  # right, after a hint: not solved
    assert p.rating.rating < low
    assert "0 / 2 solved" in p.heading.value
    assert "Right, after a hint: it does not count as solved." in p.status.value
    assert round(rating_from(open_store(tmp_path).answers()).rating) == round(p.rating.rating)


def test_the_streak_mode_ends_at_a_miss_and_leaves_the_rating(tmp_path: Path) -> None:
    p = Puzzles(home=tmp_path, rng=random.Random(5), streak=True)
    _button(p, True).click()
    assert "Streak: 1 solved" in p.heading.value
    p.next_button.click()
    _button(p, False).click()
    assert "The streak is over: 1 puzzle solved in a row." in p.status.value
    assert p.next_button.description == "Start a new streak"
    assert rating_from(open_store(tmp_path).answers()).rating == 1500
    assert p.rating.rating == 1500


def test_a_theme_narrows_the_puzzles_and_the_record_opens(tmp_path: Path) -> None:
    p = Puzzles("trump-in", home=tmp_path, rng=random.Random(6))
    for _ in range(3):
        assert p.puzzle is not None and p.puzzle.theme == "trump-in"
        record = loads(p.record_box.value)
        assert record.final_state().to_move == p.puzzle.view.seat
        p.next_button.click()
    p.themes.value = "second-hand-low"
    assert p.puzzle is not None and p.puzzle.theme == "second-hand-low"


def test_the_widget_speaks_italian_and_thai(tmp_path: Path) -> None:
    for lang in ("it", "th"):
        p = Puzzles(home=tmp_path, rng=random.Random(1), lang=lang)
        shown = p.heading.value + p.about.value + p.exercise.children[0].value
        for english in ("Puzzles", "Your puzzle rating", "solved", "rated", "You are"):
            assert english not in shown, (lang, english)
        assert p.themes.options[0][0] not in ("every theme",)
