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

from hasenpfeffer_core.analysis.bots import FairExpert, RuleOfThumbPlayer  # noqa: E402
from hasenpfeffer_core.analysis.explain import card_words  # noqa: E402
from hasenpfeffer_core.analysis.quiz import order_question, tricks_question  # noqa: E402
from hasenpfeffer_core.analysis.review import state_play_points  # noqa: E402
from hasenpfeffer_core.analysis.stats import computer_position, rng  # noqa: E402
from hasenpfeffer_core.analysis.teaching import teaching_hand  # noqa: E402
from hasenpfeffer_core.analysis.view import PlayerView  # noqa: E402
from hasenpfeffer_core.engine.actions import Bid, Pass  # noqa: E402
from hasenpfeffer_core.engine.cards import (  # noqa: E402
    JOKER,
    Suit,
    parse_card,
)
from hasenpfeffer_core.engine.i18n import gettext as _  # noqa: E402
from hasenpfeffer_core.engine.i18n import language  # noqa: E402
from hasenpfeffer_core.engine.rules import OPTIONS, PRESETS, FailedBid, Rules  # noqa: E402
from hasenpfeffer_core.engine.scoring import score_hand  # noqa: E402
from hasenpfeffer_core.engine.seats import Seat, Side  # noqa: E402
from hasenpfeffer_core.engine.state import HandState, Phase  # noqa: E402
from hasenpfeffer_core.faces import widgets  # noqa: E402
from hasenpfeffer_core.faces.rules_words import OPTION_WORDS  # noqa: E402
from hasenpfeffer_core.faces.widgets import exercises as ex  # noqa: E402
from hasenpfeffer_core.faces.widgets.base import CARD_FACE, MARKS  # noqa: E402


def words(markup: str) -> str:
    """HTML as the learner reads it: no styles, no tags."""
    text = re.sub(r"<style>.*?</style>", "", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", text)).strip()


def marks(button: Any) -> set[str]:
    """The right / wrong / advised marks a button carries (classes of the shared style)."""
    return set(button._dom_classes) & set(MARKS.values())


def shown_text(shown: list[str]) -> str:
    """Everything shown under the cell, as words."""
    return " ".join(words(m) for m in shown)


def said(choice: Any) -> str:
    """The feedback's words."""
    return words(choice.feedback.value)


def press(choice: Any, value: Any) -> str:
    choice.buttons[choice.values.index(value)].click()
    return said(choice)


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The HTML the helpers show under the cell (sent as raw HTML bundles: an
    ``IPython.display.HTML`` object would ask the file system whether its text is a file)."""
    out: list[str] = []

    def display(*bundles: dict[str, str], raw: bool = False) -> None:
        assert raw and all(set(b) == {"text/html"} for b in bundles), bundles
        out.extend(b["text/html"] for b in bundles)

    monkeypatch.setattr(ex.pictures, "display", display)
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
    # The wrong answer is marked by the shared style's class (themed, AA contrast); the
    # other card keeps its light card face and black ink, in every theme.
    assert [marks(b) for b in q.buttons] == [set(), {"hp-wrong"}]
    assert q.buttons[0].style.button_color == CARD_FACE
    assert q.buttons[1].style.button_color is None and q.buttons[1].style.text_color is None
    text = press(q, parse_card("J♣"))
    assert text.startswith("Right!") and "left bower" in text
    assert [marks(b) for b in q.buttons] == [{"hp-right"}, set()]
    assert q.buttons[1].style.button_color == CARD_FACE  # the old mark is gone
    assert q.buttons[1].style.text_color == "#1b1d22"


def test_choice_with_labels_marks_only_the_last_answer() -> None:
    q = ex.Choice("2 + 2?", [("3", 3), ("4", 4)], lambda n: (n == 4, "2 + 2 = 4."))
    q.buttons[0].click()
    q.buttons[1].click()
    assert [marks(b) for b in q.buttons] == [set(), {"hp-right"}]
    assert q.buttons[0].button_style == "" and q.buttons[1].button_style == "success"


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
    assert text.startswith("Right!") and "after each card" in text and "can lead" in text


def test_look_ahead_feedback_names_the_side_asked_about_and_a_line_of_play() -> None:
    for seed in range(12):
        question = tricks_question(rng(seed), difficulty="bowers")
        assert question.seat is not None
        if question.seat.side.name != question.side:  # the leader's side is not the one asked
            break
    else:
        pytest.fail("no question where the other side leads")
    asked = "North-South" if question.side == "NS" else "East-West"
    text = press(ex.look_ahead(seed), question.answer)
    assert f"{asked} take {question.answer} of the" in text
    assert f"The tricks {asked} take after each card" in text
    other = "East-West" if asked == "North-South" else "North-South"
    assert f"{other} take" not in text  # the feedback stays with the side the prompt asked
    # the same line, in the same words, as the quiz bank's question explains it
    assert "One best line of play: trick 1: " in text and "wins)." in text
    line = question.explanation[question.explanation.index("One best line of play") :]
    assert line in text


def test_best_line_plays_every_card_once_and_each_trick_goes_to_its_winner() -> None:
    from hasenpfeffer_core.analysis.quiz import best_line
    from hasenpfeffer_core.engine.tricks import trick_winner

    question = tricks_question(rng(8), difficulty="bowers")
    assert question.seat is not None
    line = best_line(question.hands, question.trump, question.seat)
    played = [c for trick in line for _, c in trick]
    assert sorted(played, key=str) == sorted(
        (c for h in question.hands.values() for c in h), key=str
    )
    leader = question.seat
    ns = 0
    for trick in line:
        assert trick[0][0] is leader
        leader = trick[trick_winner([c for _, c in trick], question.trump)][0]
        ns += leader.side is Side.NS
    assert ns == question.details["result"]["NS"]  # the line takes the solver's tricks


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
    assert "What do North-South score" in q.children[0].value
    assert "East-West bid 4" in q.children[0].value
    assert press(q, 3).startswith("Right!")


def test_which_rules_names_the_rule_set_that_scores_so() -> None:
    bid, tricks = Bid(Seat.N, 4), {Side.NS: 3, Side.EW: 3}
    q = ex.which_rules(bid, 3, (-4, 0))
    assert q.values == list(PRESETS)
    assert [b.description for b in q.buttons] == [p.title for p in PRESETS.values()]
    assert "North-South scored -4" in q.children[0].value
    ns_points = {n: score_hand(p.rules, bid, tricks).points[Side.NS] for n, p in PRESETS.items()}
    right = next(n for n, points in ns_points.items() if points == -4)
    wrong = next(n for n, points in ns_points.items() if points != -4)
    assert press(q, wrong).startswith("Not quite. Try another answer. Under the ")
    assert f"Under {wrong}:" not in said(q)  # the rule set in words, not its name in code
    assert press(q, right).startswith("Right!")


def test_a_check_that_fails_keeps_the_notebook_alive() -> None:
    def check(value: int) -> tuple[bool, str]:
        raise RuntimeError("no such card")

    q = ex.Choice("Pick one", [("one", 1)], check)
    assert press(q, 1) == "That did not work: no such card"


# --- the solver and the fair expert judge ------------------------------------------------


def test_teaching_position_best_card_and_the_teachers_note() -> None:
    state = teaching_hand("06").state_at(9)
    values = state_play_points(state)
    best = max(values.values())
    q = ex.teaching_position("06", 9)
    good = next(c for c in q.values if values[c] == best)
    bad = next(c for c in q.values if values[c] < best)
    text = press(q, bad)
    assert text.startswith("Not quite") and "That costs 7 points: 9♣ would save them." in text
    assert "+4 (4 tricks from here)" in text and "-3 (3 tricks from here)" in text
    assert "In the teaching hand, South played" in text
    assert press(q, good).startswith("Right! That is a best card.")


def test_a_card_that_scores_as_well_but_takes_fewer_tricks_is_not_the_best() -> None:
    """Teaching hand 12, trick 4: East-West's bid of 5 is beaten whether or not North
    trumps West's K♥, so every card scores the same with all hands face up; but the
    trump takes a trick more, which North, not seeing the cards, would want. The
    exercise keeps the teacher's answer (trump) and says why the others fall short."""
    state = teaching_hand("12").state_at(21)
    points = state_play_points(state)
    assert len(set(points.values())) == 1  # the score does not tell the cards apart
    q = ex.teaching_position("12", 21)
    trump = next(c for c in q.values if c.text == "Q♠")
    other = next(c for c in q.values if c is not trump)
    text = press(q, other)
    assert text.startswith("Not quite") and "scores as well as the best card" in text
    assert "but Q♠ takes 1 more trick" in text
    assert press(ex.teaching_position("12", 21), trump).startswith("Right!")


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
    # the table's words ("Pass", "Bid 4", as the play table's buttons say them), and
    # the name the answers were saved under when the buttons read "pass" and "bid 4"
    # (a learner's saved answers still count for the exercise)
    assert [b.description for b in q.buttons] == ["Pass", "Bid 4"]
    assert q.item == "south-passed-west-bid-3-b97df411"
    with language("it"):
        italian = ex.bid_exercise(state, FairExpert(seed=3, bid_samples=2))
    assert [b.description for b in italian.buttons] == ["Passo", "Dichiaro 4"]
    assert italian.item == q.item
    assert "South passed; West bid 3. You are North" in q.children[0].value
    results = {b.description: press(q, v) for b, v in zip(q.buttons, q.values, strict=True)}
    assert sum(text.startswith("Right!") for text in results.values()) == 1
    assert all("The fair expert:" in text for text in results.values())
    right = next(
        v for b, v in zip(q.buttons, q.values, strict=True) if "Right" in results[b.description]
    )
    # hints in steps: what to look at, the principle, the move; the verdict counts them
    # (a fresh go: the one answered right is settled)
    q = ex.bid_exercise(state, FairExpert(seed=3, bid_samples=2))
    assert len(q.hints) == 3 and not q.hint_text.value
    for n in (1, 2, 3):
        q.hint_button.click()
        assert q.hints[n - 1] in html.unescape(q.hint_text.value)
    assert q.hint_button.disabled
    assert press(q, right).startswith("Right, with 3 hint steps.")


def test_trump_and_discard_exercises_follow_the_fair_expert() -> None:
    record = teaching_hand("07")
    expert = FairExpert(seed=1, bid_samples=2)
    trump = ex.trump_exercise(record.state_at(5), expert)
    verdicts = [press(trump, s) for s in trump.values]
    assert any(v.startswith("Right!") for v in verdicts)
    # every suit was weighed, in points, and a wrong one says what it gives away
    assert all("points to your side on average over" in v for v in verdicts)
    assert all("less than the best choice" in v for v in verdicts if v.startswith("Not quite"))
    # the verdict names the better move: no "Try another answer" before it
    assert not any("Try another answer" in v for v in verdicts)
    discard = ex.discard_exercise(record.state_at(6), expert)
    verdicts = [press(discard, c) for c in discard.values]
    assert any(v.startswith("Right!") for v in verdicts)
    assert any(v.startswith("Not quite") for v in verdicts)
    assert all("points to your side on average over" in v for v in verdicts)
    # A discard as good as the expert's, but not it, and against no usual principle,
    # is told so before the expert's usual rule (which argues for the expert's card,
    # never as a verdict on this one). Teaching hand 14: K♥ makes a void, as Q♦ does.
    state = teaching_hand("14").state_at(5)
    advised = expert.advise(PlayerView.of(state, state.to_move)).action
    lone = ex.discard_exercise(state, expert)
    verdicts = [press(ex.discard_exercise(state, expert), c) for c in lone.values]
    others = [
        v
        for c, v in zip(lone.values, verdicts, strict=True)
        if v.startswith("Right!") and c != advised.card
    ]
    assert others and all(
        (
            ("of the best choice (discard " in v and "too close to tell apart" in v)
            or "as much as the best choice (discard " in v
        )
        and "the usual principle decides, and it goes against neither" in v
        and "The fair expert:" not in v
        for v in others
    )
    # each figure once: the figures behind the expert's answer said the learner's
    # discard was worth as much again, with its figure
    for v in others:
        for figure in re.findall(r"[+-][0-9]+[.,][0-9]", v):
            assert v.count(figure) == 1, (figure, v)
    # the Joker is named as a learner knows it, never by its code; with hearts trumps
    # the Joker, J♥, J♦ and A♥ are worth the same to discard, and the verdict says why
    # (a learner read the four equal figures as a fault)
    joker = press(ex.discard_exercise(record.state_at(6), expert), JOKER)
    assert "Discard the Joker" in joker and "JK" not in joker
    run = "The Joker, J♥, J♦ and A♥ lie in sequence: whichever of them you discard"
    for card in ("JK", "J♥", "J♦", "A♥"):
        assert run in press(ex.discard_exercise(record.state_at(6), expert), parse_card(card))
    assert run not in press(ex.discard_exercise(record.state_at(6), expert), parse_card("K♣"))
    with pytest.raises(ValueError, match="trumps are not named"):
        ex.discard_exercise(record.state_at(5), expert)


def test_a_choice_as_good_keeping_to_the_principle_the_expert_breaks_is_told_so() -> None:
    """Where the judged best goes against a usual principle for a gap the judge cannot
    tell from nothing, it stands (the principle decides only where its choice is clearly
    as good), and a learner who keeps to the principle is right. The verdict said
    "the usual principle decides, and it goes against neither", false of the expert's
    move; it now gives the expert's answer, which names the principle and what keeping
    to it is worth. Deal 79, North to name trumps: hearts +4.9, spades +4.7 over 400
    deals (+4.7 each over fewer), the gap in doubt."""
    from hasenpfeffer_core.analysis.principles import broken_by

    state = computer_position(79, Seat.N, 7)
    expert = FairExpert(seed=1)
    view = PlayerView.of(state, state.to_move)
    advised = expert.advise(view)
    assert advised.action.suit is Suit.HEARTS and broken_by(view, advised.action)
    spades = press(ex.trump_exercise(state, expert), Suit.SPADES)
    assert spades.startswith("Right!")
    assert "as much as the best choice" in spades or "too close to tell apart" in spades
    assert "goes against neither" not in spades
    assert "It goes against the usual rule \u201cName your strongest trump suit\u201d" in spades
    assert "(name spades as trumps) is worth no more here" in spades


def test_a_run_of_two_is_named_in_the_singular_and_only_where_it_explains() -> None:
    """Seed 51's discard: A♦ and K♦ lie in sequence, and K♦ is the judge's discard.
    Two cards take "the other does" ("the others do" read wrongly for two, in Italian
    too); and a card worth as much as a best that is not of its run is not told of its
    run ("J♦ and 10♦ lie in sequence" beside "as good as ... (discard Q♥)" read as the
    reason, a learner's review found)."""
    from hasenpfeffer_core.analysis.bots import FairExpert
    from hasenpfeffer_core.analysis.hints import sequence_words
    from hasenpfeffer_core.analysis.view import PlayerView
    from hasenpfeffer_core.engine.actions import Discard
    from hasenpfeffer_core.engine.i18n import language

    state = _at_discard(51)
    seat = state.to_move
    assert seat is not None
    view = PlayerView.of(state, seat)
    judged = FairExpert(seed=1).advise(view).judgement
    assert judged is not None and judged.best == Discard(seat, parse_card("K♦"))
    king = Discard(seat, parse_card("K♦"))
    said = sequence_words(view, judged, king)
    assert said == (
        "A♦ and K♦ lie in sequence: whichever of the two you discard, the other does the "
        "same work, so each is worth the same."
    )
    with language("it"):
        assert "qualunque delle due scarti, l'altra fa" in sequence_words(view, judged, king)
    # A♠ is worth as much as K♦: were it the best, K♦'s run would explain nothing
    other = judged.preferring(Discard(seat, parse_card("A♠")))
    assert other.is_good(king) and sequence_words(view, other, king) == ""


def test_hint_exercise_follows_the_fair_expert() -> None:
    q = ex.hint_exercise(computer_position(20, Seat.E, 16), FairExpert(seed=1, samples=4))
    assert "Tricks so far: North-South" in q.children[0].value
    verdicts = [press(q, c) for c in q.values]
    assert any(v.startswith("Right!") for v in verdicts)
    # the fair expert's move and why, or the usual principle the card went against
    assert all(
        "The fair expert:" in v or v.rstrip(".").endswith(tuple(f"Play {c.text}" for c in q.values))
        for v in verdicts
    )
    assert "average" in verdicts[0]  # the figures behind the move stay there


def test_exercise_verdicts_speak_of_the_learners_choice_and_say_a_figure_once() -> None:
    """Lesson 04's trump exercise. A wrong suit is told the usual principle it went
    against, in words about that suit (the fair expert's reason for hearts against
    clubs was quoted to a learner who had named diamonds); the right one gives its
    figure once (the hint's figures in brackets said "Name hearts" and "+5.7 points"
    again after the verdict), then what the next best gives away."""
    record = teaching_hand("07")
    expert = FairExpert(seed=1)
    trump = ex.trump_exercise(record.state_at(5), expert)
    verdicts = {s: press(ex.trump_exercise(record.state_at(5), expert), s) for s in trump.values}
    right = verdicts[Suit.HEARTS]
    assert right.startswith("Right!")
    worth = re.search(r"worth about ([+-][0-9.]+) points", right)
    assert worth is not None and right.count(worth.group(1)) == 1, right
    assert "(" not in right.partition("The fair expert:")[2], right
    assert "Clubs, the next best, is worth about" in right, right
    diamonds = verdicts[Suit.DIAMONDS]
    assert diamonds.startswith("Not quite") and "You named diamonds, where you hold" in diamonds
    assert "clubs" not in diamonds, diamonds
    # the discard: the right card's figure once, and the wrong ones their own rule
    discard = ex.discard_exercise(record.state_at(6), expert)
    said = {c: press(ex.discard_exercise(record.state_at(6), expert), c) for c in discard.values}
    best = next(v for v in said.values() if v.startswith("Right!"))
    worth = re.search(r"worth about ([+-][0-9.]+) points", best)
    assert worth is not None and best.count(worth.group(1)) == 1, best


def test_every_discard_shown_as_next_best_is_named() -> None:
    """Lesson 07's discard once named discarding K♣ "the next best, about 0.2 points
    less" where five other discards, the Joker among them, showed 0.2 less too (with
    more deals that discard became a close decision). Every discard the figures put at
    the next-best gap is named, in the verdict and in the hint's figures alike: here
    North, after bidding 5 and naming spades with JK J♣ A♠ Q♠ 10♠ 9♠ K♣, where
    discarding any of five trumps shows the same gap behind the best discard."""
    from hasenpfeffer_core.analysis.explain import card_words
    from hasenpfeffer_core.analysis.hints import stepped_hint

    expert = FairExpert(seed=1)
    state = HandState.new(dealer=Seat.E, seed=21)
    while state.phase is not Phase.DISCARD:
        state.apply(RuleOfThumbPlayer().choose(PlayerView.of(state, state.to_move)))
    view = PlayerView.of(state, state.to_move)
    advice = expert.advise(view)
    judged = advice.judgement
    assert judged is not None and judged.runner_up is not None
    gap = judged.shown_gap(judged.best, judged.runner_up)
    level = [
        a for a in judged.options if a != judged.best and judged.shown_gap(judged.best, a) == gap
    ]
    assert len(level) > 1  # the position still shows the fault's shape
    verdict = press(ex.discard_exercise(state, expert), advice.action.card)
    details = stepped_hint(view, advice).details
    for text in (verdict, details):
        named = text.partition("the next best")[0].rpartition(".")[2]
        assert all(card_words(a.card) in named for a in level), (level, text)
        # (the discards, not the cards: "the Joker ... is worth 0.2 points less" read as
        # if the Joker were weak)
        assert "discarding " in named.lower() and " or " in named, text


def test_a_bid_verdict_says_each_call_s_worth_once() -> None:
    """Lesson 04's bid exercise, in all three languages: West bid 3, North holds five
    spades. The verdict on a pass said its +0.5 and the bid's +5.7 twice, in its head
    and again in the hint's figures in brackets; the verdict on the bid said +5.7 twice.
    Each figure is said once; the right answer adds what a pass leaves, and why."""
    state = HandState.new(dealer=Seat.E, seed=21)
    state.apply(Pass(Seat.S))
    state.apply(Bid(Seat.W, 3))
    for lang in ("en", "it", "th"):
        with language(lang):
            q = ex.bid_exercise(state, FairExpert(seed=3))
            verdicts = {v: press(ex.bid_exercise(state, FairExpert(seed=3)), v) for v in q.values}
        wrong, right = verdicts[Pass(Seat.N)], verdicts[Bid(Seat.N, 4)]
        for verdict in (wrong, right):
            for figure in re.findall(r"[+-][0-9]+[.,][0-9]", verdict):
                assert verdict.count(figure) == 1, (lang, figure, verdict)
        assert re.search(r"\+0[.,]5", right), (lang, right)  # what a pass leaves
        if lang == "en":
            assert "(If you pass, West plays 3, worth about +0.5 points to your side" in right
            assert "(If you pass, West plays 3: the other side loses more than it" in wrong


def test_a_pass_over_partner_s_bid_says_what_decided_and_each_figure_once() -> None:
    """Over South's bid of 1, North holds three hearts and the ace of spades: a bid of 2
    is worth +4.8 over 128 deals, the pass +4.7, too close to tell apart, so the fair
    expert passes: partner already holds the auction for the side, and the judge
    advises outbidding partner only where it clearly pays. The verdicts (on another
    deal, where the bid of 2 was worth +5.0 and the pass +4.8) said "+4.8" three times
    and "the usual principle decides", though no principle had decided. Each call's
    figure is said once, and the verdict says what decided, in all three languages."""
    state = HandState.new(dealer=Seat.E, seed=63)
    state.apply(Bid(Seat.S, 1))
    state.apply(Pass(Seat.W))
    for lang in ("en", "it", "th"):
        with language(lang):
            q = ex.bid_exercise(state, FairExpert(seed=3))
            verdicts = {v: press(ex.bid_exercise(state, FairExpert(seed=3)), v) for v in q.values}
            kept = _(
                "Your partner already holds the auction for your side, so outbid your "
                "partner only where it clearly pays."
            )
        principle = {"en": "usual principle", "it": "principio consueto", "th": "หลักการเล่นทั่วไป"}[
            lang
        ]
        passed, bid = verdicts[Pass(Seat.N)], verdicts[Bid(Seat.N, 2)]
        for verdict in (passed, bid):
            assert kept in verdict, (lang, verdict)
            assert principle not in verdict, (lang, verdict)
            # no brackets inside brackets ("(It is close: ... (about +4.7 ...).)")
            assert not re.search(r"\([^)]*\(", verdict), (lang, verdict)
            # the pass's +4.7 and the bid of 2's +4.8 at most once each, before the figure
            # for the bid of 3 (which may be +4.8 too)
            head = verdict.rsplit("(", 2)[0]
            figures = re.findall(r"[+-][0-9]+[.,][0-9]", head)
            assert figures and len(set(figures)) == len(figures), (lang, verdict)
        if lang == "en":
            assert bid.startswith("Right! Bid 2: worth about +4.8 points")
            assert "0.1 more than passing: too little to tell apart." in bid
            assert "(about +4.8 points on average for bidding 3)" in passed


def test_a_verdict_beside_a_pass_over_partner_s_bid_says_each_figure_once() -> None:
    """East over partner West's bid of 2: the pass (+3.2) is clearly better than a bid
    of 3 (+2.2). The verdicts on either call gave both figures again in the fair
    expert's answer after them."""
    state = HandState.new(dealer=Seat.E, seed=65)
    for call in (Bid(Seat.S, 1), Bid(Seat.W, 2), Pass(Seat.N)):
        state.apply(call)
    for lang in ("en", "it", "th"):
        with language(lang):
            q = ex.bid_exercise(state, FairExpert(seed=3))
            verdicts = {v: press(ex.bid_exercise(state, FairExpert(seed=3)), v) for v in q.values}
        for verdict in verdicts.values():
            figures = re.findall(r"[+-][0-9]+[.,][0-9]", verdict)
            assert len(figures) >= 1
            for figure in figures:
                assert verdict.count(figure) == 1, (lang, figure, verdict)
        if lang == "en":
            right = verdicts[Pass(Seat.E)]
            assert "West, your partner, holds the auction with 2." in right
            assert "A bid of 3 takes at least 3 tricks" in right  # its worth, said once


# --- ordering cards ---------------------------------------------------------------------


def test_order_exercise_right_and_wrong_and_start_again() -> None:
    question = order_question(rng(6), difficulty="bowers", tag="left bower")
    q = ex.OrderExercise(question)
    by_card = dict(zip(question.cards, q.buttons, strict=True))
    wrong = list(reversed(question.answer))
    for card in wrong:
        by_card[card].click()
        assert by_card[card].disabled
        # a card already placed looks placed (a disabled card button keeps full strength)
        assert "hp-chosen" in by_card[card]._dom_classes and by_card[card].icon == "check"
    assert said(q).startswith("Not quite.") and question.explanation in said(q)
    # The verdict points at the first card out of place, and the picture lights it.
    first = wrong[0]
    assert (
        f"Your first card, {card_words(first)}, is out of place: {card_words(question.answer[0])}"
        in said(q)
    )
    assert "Your order: the first card" in q.answer_picture.value
    assert "so far" not in q.answer_picture.value
    assert 'stroke="#f2b705"' in q.answer_picture.value  # (the highlight's edge)
    q.again.click()
    assert q.chosen == [] and q.feedback.value == "" and q.answer_picture.value == ""
    assert not any(b.disabled for b in q.buttons)
    assert not any("hp-chosen" in b._dom_classes or b.icon for b in q.buttons)
    for i, card in enumerate(question.answer):
        by_card[card].click()
        if i < len(question.answer) - 1:
            assert q.feedback.value == ""  # no verdict before the last card
            assert "Your order so far:" in q.answer_picture.value
    assert said(q).startswith("Right!")
    assert "Your order:" in q.answer_picture.value and "so far" not in q.answer_picture.value


def test_order_exercise_points_at_a_card_out_of_place_in_the_middle() -> None:
    question = order_question(rng(10), difficulty="joker", tag="joker")
    q = ex.OrderExercise(question)
    by_card = dict(zip(question.cards, q.buttons, strict=True))
    answer = list(question.answer)
    swapped = [answer[0], answer[2], answer[1], *answer[3:]]
    for card in swapped:
        by_card[card].click()
    assert said(q).startswith("Not quite.")
    assert (
        f"Your second card, {card_words(answer[2])}, is out of place: {card_words(answer[1])}"
        in said(q)
    )


def test_an_order_verdict_names_the_joker_in_words() -> None:
    """ "JK is stronger and belongs there. Strongest first: JK J♦ ..." showed the
    notation's name for the Joker to a learner."""
    for seed in range(40):
        question = order_question(rng(seed), difficulty="joker", tag="joker")
        if JOKER in question.cards and question.answer[0] is JOKER:
            break
    else:
        pytest.fail("no ordering question with the Joker")
    q = ex.OrderExercise(question)
    by_card = dict(zip(question.cards, q.buttons, strict=True))
    for card in reversed(question.answer):
        by_card[card].click()
    text = said(q)
    assert text.startswith("Not quite.") and "JK" not in text
    assert "out of place: the Joker is stronger" in text
    assert "Strongest first: Joker " in text


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
    assert "a &amp; b" in markup
    # A header never breaks inside ("E-/W"), and a wide table scrolls in its column.
    assert '<th style="text-align:left;white-space:nowrap">N-S tricks</th>' in markup
    assert markup.startswith('<div style="max-width:100%;overflow-x:auto"><table>')


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
    assert "it/s" not in err and "<" not in err  # no rate, no time left: tqdm's jargon
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
    markup = shown[0]
    assert "your rules" in markup and "source rules" in markup
    for measure in ("hands per game", "% of bids failed", "Joker&#x27;s value"):
        assert measure in markup
    assert "Your rules: the source rules, except: " in shown_text(shown)
    assert "failed bid loses: the bid" in shown_text(shown)
    assert "target" not in shown_text(shown) and "failed_bid" not in shown_text(shown)


def test_rules_lab_labels_its_controls_in_plain_words() -> None:
    lab = ex.RulesLab(games=1)
    for name, control in lab.controls.items():
        assert "_" not in control.description, name  # no option names from the code
        assert control.description == OPTION_WORDS[name][0]
    labels = [label for label, _ in lab.controls["no_trump_joker"].options]
    assert labels == ["only when leading or out of the suit led", "at any turn"]


def test_rules_lab_says_why_rules_do_not_work(shown: list[str]) -> None:
    lab = ex.RulesLab(games=1)
    lab.controls["target"] = w.IntText(value=0)  # a value the form itself would not allow
    lab.run_button.click()
    (markup,) = shown
    assert "These rules don&#x27;t work:" in markup and "target" in markup


def _at_discard(seed: int) -> HandState:
    """A fresh deal (from ``seed``) played by the rule of thumb up to the maker's discard."""
    from hasenpfeffer_core import Phase
    from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer
    from hasenpfeffer_core.analysis.view import PlayerView
    from hasenpfeffer_core.engine.seats import SEATS

    state = HandState.new(dealer=SEATS[seed % 4], seed=seed)
    while state.phase is not Phase.DISCARD:
        seat = state.to_move
        assert seat is not None
        state.apply(RuleOfThumbPlayer().choose(PlayerView.of(state, seat)))
    return state


def test_a_close_choice_against_a_usual_principle_is_not_called_right() -> None:
    """Where the judge cannot tell a side ace's discard from the lowest plain card's in
    points, the lesson still teaches "keep your side aces": the exercise once called the
    discard of A♣ "Right!" beside the expert's own "keep your side ace, A♣". Between
    choices this close the principle decides, as it decides the expert's ties; a choice
    worth exactly the best's is "as much as", never "within 0.0"."""
    from hasenpfeffer_core import Seat
    from hasenpfeffer_core.analysis.bots import FairExpert
    from hasenpfeffer_core.analysis.principles import broken_by
    from hasenpfeffer_core.analysis.stats import computer_position
    from hasenpfeffer_core.analysis.view import PlayerView
    from hasenpfeffer_core.faces.widgets import discard_exercise, hint_exercise

    # South holds three side aces, and K♦ is the lowest plain card: the judge finds all
    # four discards worth the same (+5.0 over 88 deals)
    state = _at_discard(51)
    ex = discard_exercise(state, FairExpert(seed=1))
    said = {b.description: ex._check(v) for b, v in zip(ex.buttons, ex.values, strict=True)}
    for ace in ("A♠", "A♦", "A♣"):
        right, text = said[ace]
        assert not right
        assert "the usual principle decides, and it goes against this one" in text
        assert "K♦" in text and "side ace" in text
        # beside "Not quite", the figures never say the choice is worth "as much as the best"
        assert "as much as" not in text
        assert "too close to the best choice (discard K♦) to tell apart" in text
    assert said["K♦"][0]
    # Q♠, 0.1 behind the lowest plain card, is held to the same principle in the same
    # words (a learner's review found such a card called right beside "9♣ is your
    # lowest plain card")
    close = discard_exercise(_at_discard(11), FairExpert(seed=1))
    right, other = close._check(next(v for v in close.values if v.text == "Q♠"))
    same = re.compile(
        r"within 0\.[12] of the best choice \(discard 9♥\): too close to tell apart\."
    )
    assert not right and same.search(other)
    assert "goes against this one. You discarded Q♠, though 9♥ is lower" in other
    position = computer_position(33, Seat.E, 20)
    for exercise, where in ((ex, state), (hint_exercise(position, FairExpert(seed=1)), position)):
        view = PlayerView.of(where, where.to_move)
        for value in exercise.values:
            right, text = exercise._check(value)
            assert "within 0.0" not in text
            action = next(a for a in view.legal_actions if getattr(a, "card", None) == value)
            if right:  # nothing called right goes against a usual principle
                assert broken_by(view, action) == [], (value, text)


def test_a_bid_exercise_answered_right_is_settled_and_tells_why_not_pass() -> None:
    """Lesson 04's third exercise. After "Right!" the other choice no longer answers (a
    later click was recorded as a wrong answer to a solved question); a learner who
    passes is told of the five trumps, not only of the price of the bid (issue 25)."""
    state = HandState.new(dealer=Seat.E, seed=21)
    state.apply(Pass(Seat.S))
    state.apply(Bid(Seat.W, 3))
    passed = widgets.bid_exercise(state, FairExpert(seed=3))
    text = press(passed, Pass(Seat.N))
    assert "Not quite" in text and "5 trumps (the Joker, J♣, A♠, Q♠ and 9♠)" in text
    assert "If you pass, West plays 3" in text and "()" not in text
    assert not any(b.disabled for b in passed.buttons)  # a wrong answer: try again
    text = press(passed, Bid(Seat.N, 4))
    assert text.startswith("Right")
    assert all(b.disabled for b in passed.buttons) and passed.hint_button.disabled
    tries = passed.tries
    passed.buttons[passed.values.index(Pass(Seat.N))].click()  # disabled: nothing happens
    assert said(passed) == text and passed.tries == tries


def test_an_italian_verdict_names_the_choice_not_an_order() -> None:
    """ "Dichiara 4: vale circa ..." read as an order in the middle of a verdict; the
    choice is named as the subject ("Dichiarare 4", "Passare") (the translator's review)."""
    state = HandState.new(dealer=Seat.E, seed=21)
    state.apply(Pass(Seat.S))
    state.apply(Bid(Seat.W, 3))
    q = widgets.bid_exercise(state, FairExpert(seed=3, bid_samples=2), lang="it")
    text = press(q, Pass(Seat.N))
    assert "Passare: vale in media" in text and "la scelta migliore (dichiarare 4)" in text, text
    assert "Passa:" not in text
