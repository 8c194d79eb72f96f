"""The lessons' exercises (hasenpfeffer_core.faces.widgets.exercises), driven as a learner would.

No browser: buttons are pressed with ``click()`` and controls set through ``.value``, as
ipywidgets' own tests do. Each exercise must judge a right and a wrong answer and say
why, in words that come from the engine.
"""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest

w = pytest.importorskip("ipywidgets")
pytest.importorskip("tqdm")

from hasenpfeffer_core.analysis.bots import FairExpert  # noqa: E402
from hasenpfeffer_core.analysis.quiz import order_question, tricks_question  # noqa: E402
from hasenpfeffer_core.analysis.review import state_play_values  # noqa: E402
from hasenpfeffer_core.analysis.stats import computer_position, rng  # noqa: E402
from hasenpfeffer_core.analysis.teaching import teaching_hand  # noqa: E402
from hasenpfeffer_core.engine.actions import Bid, Pass  # noqa: E402
from hasenpfeffer_core.engine.cards import Suit, parse_card  # noqa: E402
from hasenpfeffer_core.engine.rules import OPTIONS, PRESETS, FailedBid, Rules  # noqa: E402
from hasenpfeffer_core.engine.scoring import score_hand  # noqa: E402
from hasenpfeffer_core.engine.seats import Seat, Side  # noqa: E402
from hasenpfeffer_core.engine.state import HandState  # noqa: E402
from hasenpfeffer_core.faces import widgets  # noqa: E402
from hasenpfeffer_core.faces.widgets import exercises as ex  # noqa: E402

RIGHT, WRONG = "#bfe5c7", "#f3c1c4"


def words(markup: str) -> str:
    """HTML as the learner reads it: no styles, no tags."""
    text = re.sub(r"<style>.*?</style>", "", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", text)).strip()


def said(choice: Any) -> str:
    """The feedback's words."""
    return words(choice.feedback.value)


def press(choice: Any, value: Any) -> str:
    choice.buttons[choice.values.index(value)].click()
    return said(choice)


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The HTML the helpers show under the cell."""
    out: list[str] = []
    monkeypatch.setattr(ex, "display", lambda *objs: out.extend(o.data for o in objs))
    yield out


# --- the exports --------------------------------------------------------------------------


def test_the_widgets_package_exports_every_exercise() -> None:
    assert set(ex.__all__) <= set(widgets.__all__)
    for name in ex.__all__:
        assert getattr(widgets, name) is getattr(ex, name)


# --- one-button questions ---------------------------------------------------------------


def test_stronger_card_judges_and_explains_with_the_ranking() -> None:
    q = ex.stronger_card("J♣", "A♠", Suit.SPADES)
    assert "Spades are trumps" in q.children[0].value
    text = press(q, parse_card("A♠"))
    assert text.startswith("Not quite. Try another answer.")
    assert "left bower" in text
    assert [b.style.button_color for b in q.buttons] == [None, WRONG]
    text = press(q, parse_card("J♣"))
    assert text.startswith("Right!") and "left bower" in text
    assert [b.style.button_color for b in q.buttons] == [RIGHT, None]


def test_suit_in_play_the_left_bower_belongs_to_trumps() -> None:
    q = ex.suit_in_play("J♦", Suit.HEARTS)
    assert [b.description for b in q.buttons] == [ex.suit_name(s) for s in q.values]
    wrong = press(q, Suit.DIAMONDS)
    assert wrong.startswith("Not quite") and "hearts" in wrong
    assert press(q, Suit.HEARTS).startswith("Right!")


def test_look_ahead_takes_the_solvers_answer() -> None:
    answer = tricks_question(rng(3), difficulty="bowers").answer
    q = ex.look_ahead(3)
    assert q.values == list(range(len(q.values)))
    wrong = next(v for v in q.values if v != answer)
    assert press(q, wrong).startswith("Not quite")
    text = press(q, answer)
    assert text.startswith("Right!") and "Each card" in text and "can lead" in text


def test_score_exercise_says_what_the_rules_give() -> None:
    rules = Rules(failed_bid=FailedBid.BID)
    q = ex.score_exercise(rules, Bid(Seat.E, 5), 2, label="Lose the bid", options=[-5, -2, 2])
    assert [b.description for b in q.buttons] == ["-5", "-2", "+2"]
    reason = score_hand(rules, Bid(Seat.E, 5), {Side.EW: 2, Side.NS: 4}).reason
    wrong = press(q, -2)
    assert wrong.startswith("Not quite") and reason in wrong
    assert press(q, -5).startswith("Right!")


def test_score_exercise_can_ask_about_the_defenders() -> None:
    rules = Rules(failed_bid=FailedBid.SIX, defenders_score=True)
    q = ex.score_exercise(rules, Bid(Seat.W, 4), 3, ask=Side.NS, options=[0, 3, -6])
    assert "What do NS score" in q.children[0].value
    assert press(q, 3).startswith("Right!")


def test_which_rules_names_the_rule_set_that_scores_so() -> None:
    bid, tricks = Bid(Seat.N, 4), {Side.NS: 3, Side.EW: 3}
    q = ex.which_rules(bid, 3, (-4, 0))
    assert q.values == list(PRESETS)
    ns_points = {n: score_hand(p.rules, bid, tricks).points[Side.NS] for n, p in PRESETS.items()}
    right = next(n for n, points in ns_points.items() if points == -4)
    wrong = next(n for n, points in ns_points.items() if points != -4)
    assert press(q, wrong).startswith(f"Not quite. Try another answer. Under {wrong}:")
    assert press(q, right).startswith("Right!")


def test_a_check_that_fails_keeps_the_notebook_alive() -> None:
    def check(value: int) -> tuple[bool, str]:
        raise RuntimeError("no such card")

    q = ex.Choice("Pick one", [("one", 1)], check)
    assert press(q, 1) == "That did not work: no such card"


# --- the solver and the fair expert judge ------------------------------------------------


def test_teaching_position_best_card_and_the_teachers_note() -> None:
    state = teaching_hand("06").state_at(9)
    values = state_play_values(state)
    best = max(values.values())
    q = ex.teaching_position("06", 9)
    good = next(c for c in q.values if values[c] == best)
    bad = next(c for c in q.values if values[c] < best)
    text = press(q, bad)
    assert text.startswith("Not quite") and "That gives up" in text
    assert "In the teaching hand, South played" in text
    assert press(q, good).startswith("Right! That is a best card.")


def test_teaching_position_refuses_a_step_that_is_not_a_card() -> None:
    with pytest.raises(ValueError, match="not a card played"):
        ex.teaching_position("06", 0)


def test_an_exercise_needs_someone_to_move() -> None:
    record = teaching_hand("06")
    with pytest.raises(ValueError, match="no decision"):
        ex.best_card(record.state_at(len(record.moves)))


def test_bid_exercise_follows_the_fair_expert() -> None:
    state = HandState.new(dealer=Seat.E, seed=21)
    state.apply(Pass(Seat.S))
    state.apply(Bid(Seat.W, 3))
    q = ex.bid_exercise(state, FairExpert(seed=3, bid_samples=2))
    assert [b.description for b in q.buttons] == ["pass", "bid 4"]
    assert "South passed; West bid 3. You are North" in q.children[0].value
    results = {b.description: press(q, v) for b, v in zip(q.buttons, q.values, strict=True)}
    assert sum(text.startswith("Right!") for text in results.values()) == 1
    assert all("The fair expert's advice:" in text for text in results.values())


def test_trump_and_discard_exercises_follow_the_fair_expert() -> None:
    record = teaching_hand("07")
    expert = FairExpert(seed=1, bid_samples=2)
    trump = ex.trump_exercise(record.state_at(5), expert)
    verdicts = [press(trump, s) for s in trump.values]
    assert any(v.startswith("Right!") for v in verdicts)
    assert all("tricks on average" in v for v in verdicts)
    discard = ex.discard_exercise(record.state_at(6), expert)
    verdicts = [press(discard, c) for c in discard.values]
    assert any(v.startswith("Right!") for v in verdicts)
    assert any(v.startswith("Not quite") for v in verdicts)
    with pytest.raises(ValueError, match="trumps are not named"):
        ex.discard_exercise(record.state_at(5), expert)


def test_hint_exercise_follows_the_fair_expert() -> None:
    q = ex.hint_exercise(computer_position(20, Seat.E, 16), FairExpert(seed=1, samples=4))
    assert "Tricks so far: N-S" in q.children[0].value
    verdicts = [press(q, c) for c in q.values]
    assert any(v.startswith("Right!") for v in verdicts)
    assert all("The hint:" in v for v in verdicts)


# --- ordering cards ---------------------------------------------------------------------


def test_order_exercise_right_and_wrong_and_start_again() -> None:
    question = order_question(rng(6), difficulty="bowers", tag="left bower")
    q = ex.OrderExercise(question)
    by_card = dict(zip(question.cards, q.buttons, strict=True))
    wrong = list(reversed(question.answer))
    for card in wrong:
        by_card[card].click()
        assert by_card[card].disabled
    assert said(q).startswith("Not quite.") and question.explanation in said(q)
    assert "Your order so far" in q.answer_picture.value
    q.again.click()
    assert q.chosen == [] and q.feedback.value == "" and q.answer_picture.value == ""
    assert not any(b.disabled for b in q.buttons)
    for i, card in enumerate(question.answer):
        by_card[card].click()
        if i < len(question.answer) - 1:
            assert q.feedback.value == ""  # no verdict before the last card
    assert said(q).startswith("Right!")


# --- pictures and tables ----------------------------------------------------------------


def test_show_puts_pictures_in_a_row_with_captions(shown: list[str]) -> None:
    ex.show(ex.figure("<svg>a</svg>", "the widow <W>"), "<svg>b</svg>")
    (row,) = shown
    assert row.count("<figure") == 2  # a bare picture gets a figure too
    assert "the widow &lt;W&gt;" in row and "display:flex" in row


def test_table_escapes_text_and_keeps_html_cells(shown: list[str]) -> None:
    ex.table(["N-S tricks", "points"], [(3, "<b>-4</b>"), ("a & b", 0)])
    (markup,) = shown
    assert markup.count("<tr>") == 3
    assert '<td style="text-align:left"><b>-4</b></td>' in markup
    assert "a &amp; b" in markup and '<th style="text-align:left">N-S tricks</th>' in markup


def test_play_example_lights_the_legal_cards_and_says_why(shown: list[str]) -> None:
    ex.play_example("K♠ 9♠ A♥ Q♣", "A♠", Suit.HEARTS)
    pictures, reasons = shown
    assert "the trick so far" in pictures and "the cards you may play are lit" in pictures
    assert reasons.count("✓") == 2 and reasons.count("✗") == 2


def test_trick_example_names_the_winner(shown: list[str]) -> None:
    ex.trick_example("Q♦ J♥ JK 9♦", Suit.HEARTS)
    picture, text = shown
    assert "East wins the trick" in picture  # West leads, East plays the Joker
    assert "the Joker" in words(text) and "highest trump" in words(text)


# --- simulations ------------------------------------------------------------------------


def test_progress_yields_everything_and_shows_a_bar(capsys: pytest.CaptureFixture[str]) -> None:
    before = {t.name for t in threading.enumerate()}
    assert list(ex.progress(range(5), "Playing 5 deals")) == [0, 1, 2, 3, 4]
    assert list(ex.progress({"a": 1, "b": 2}, "Presets")) == ["a", "b"]
    err = capsys.readouterr().err  # outside a notebook the bar is text
    assert "Playing 5 deals" in err and "100%" in err and "5/5" in err
    assert {t.name for t in threading.enumerate()} <= before  # no monitor thread


def test_rules_lab_compares_your_rules_with_the_source_rules(
    shown: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    lab = ex.RulesLab(games=2)
    assert set(lab.controls) == set(OPTIONS)
    assert lab.rules() == Rules()
    lab.controls["target"].value = 5
    lab.controls["failed_bid"].value = lab.controls["failed_bid"].options[1][1]
    assert lab.rules().target == 5
    assert lab.run_button.description == "Play 2 games with these rules"
    lab.run_button.click()
    (markup,) = shown
    assert "your rules" in markup and "source rules" in markup
    for measure in ("hands per game", "% of bids failed", "Joker&#x27;s value"):
        assert measure in markup
    assert f"Your rules: {lab.rules().to_text()}" in capsys.readouterr().out


def test_rules_lab_says_why_rules_do_not_work(shown: list[str]) -> None:
    lab = ex.RulesLab(games=1)
    lab.controls["target"] = w.IntText(value=0)  # a value the form itself would not allow
    lab.run_button.click()
    (markup,) = shown
    assert "These rules don&#x27;t work:" in markup and "target" in markup
