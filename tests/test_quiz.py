"""The quiz bank: answers agree with the engine, every tag is reachable, sets do not repeat."""

from __future__ import annotations

import random

import pytest

from hasenpfeffer_core import (
    JOKER,
    InvalidDataError,
    Seat,
    legal_plays,
    parse_cards,
    ranking,
    trick_winner,
)
from hasenpfeffer_core.analysis.quiz import DIFFICULTIES, KINDS, TAGS, make_question, quiz_set
from hasenpfeffer_core.analysis.solve_cards import double_dummy
from hasenpfeffer_core.engine.tricks import CardRole, card_role

CASES = [
    (kind, tag, difficulty)
    for kind, tags in TAGS.items()
    for tag, difficulties in tags.items()
    for difficulty in difficulties
]


@pytest.mark.parametrize(("kind", "tag", "difficulty"), CASES)
def test_every_tag_is_reachable_at_every_difficulty_where_it_makes_sense(
    kind: str, tag: str, difficulty: str
) -> None:
    q = make_question(kind, random.Random(11), difficulty, tag)
    assert q.kind == kind and q.tag == tag and tag in q.tags and q.difficulty == difficulty
    assert q.check(q.answer)
    assert q.explanation


def test_tags_that_cannot_occur_are_refused_with_a_reason() -> None:
    with pytest.raises(InvalidDataError, match="does not fit the difficulty"):
        make_question("trick-winner", random.Random(1), "first-steps", "joker")
    with pytest.raises(InvalidDataError, match="unknown tag"):
        make_question("trick-winner", random.Random(1), "mixed", "squeeze")
    with pytest.raises(InvalidDataError, match="unknown difficulty"):
        make_question("order", random.Random(1), "hard")
    with pytest.raises(InvalidDataError, match="unknown question kind"):
        make_question("bidding", random.Random(1))


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_difficulties_show_the_cards_they_promise(difficulty: str) -> None:
    for q in quiz_set("trick-winner", 40, seed=3, difficulty=difficulty):
        roles = {card_role(c, q.trump) for _, c in q.trick}
        bowers = {CardRole.LEFT_BOWER, CardRole.RIGHT_BOWER}
        if difficulty == "first-steps":
            assert not roles & (bowers | {CardRole.JOKER})
        elif difficulty == "bowers":
            assert roles & bowers and CardRole.JOKER not in roles
        elif difficulty == "joker":
            assert CardRole.JOKER in roles


@pytest.mark.parametrize("kind", KINDS)
def test_sets_are_reproducible_by_seed_and_never_repeat(kind: str) -> None:
    n = 3 if kind == "bid" else 25  # a bid question is a study of the hand: a second each
    a = quiz_set(kind, n, seed=5)
    b = quiz_set(kind, n, seed=5)
    assert [q.key for q in a] == [q.key for q in b]
    assert len({q.key for q in a}) == n
    assert [q.key for q in quiz_set(kind, n, seed=6)] != [q.key for q in a]


def test_trick_winner_answers_agree_with_the_engine() -> None:
    for q in quiz_set("trick-winner", 60, seed=8):
        cards = [c for _, c in q.trick]
        seat, card = q.trick[trick_winner(cards, q.trump)]
        assert q.answer is seat
        assert q.check(seat.name) and q.check(card.ascii)
        wrong = next(s for s, _ in q.trick if s is not seat)
        assert not q.check(wrong) and not q.check("not a card")


def test_legal_play_answers_agree_with_the_engine() -> None:
    for q in quiz_set("legal-play", 60, seed=9):
        trick = [c for _, c in q.trick]
        assert q.answer == legal_plays(q.hand, trick, q.trump)
        assert q.check(" ".join(c.ascii for c in reversed(q.answer)))
        assert not q.check(q.hand[:0]) or not q.answer


def test_order_answers_follow_the_ranking() -> None:
    for q in quiz_set("order", 40, seed=10):
        order = ranking(q.trump)
        assert list(q.answer) == sorted(q.cards, key=order.index)
        assert not q.check(tuple(reversed(q.answer)))


def test_tricks_answers_are_double_dummy_results() -> None:
    for q in quiz_set("tricks", 10, seed=12):
        assert q.seat is not None
        result = double_dummy({s.name: h for s, h in q.hands.items()}, q.trump, q.seat.name)
        assert q.answer == result[q.side]
        assert q.check(str(q.answer)) and not q.check(q.answer + 1)


def test_questions_serialise_to_plain_data_for_the_docs_site() -> None:
    q = quiz_set("trick-winner", 1, seed=1)[0]
    d = q.to_dict()
    assert d["answer"] in {s.name for s in Seat}
    assert d["explanation"] == q.explanation and d["trick"]


def test_tricks_feedback_plays_a_best_line_that_the_engine_agrees_with() -> None:
    sides = {"NS": "North-South", "EW": "East-West"}
    for q in quiz_set("tricks", 8, seed=13):
        line = q.details["line"]
        taken = {"NS": 0, "EW": 0}
        for trick in line:
            cards = [c for _, c in trick]
            seat = Seat[trick[trick_winner(parse_cards(" ".join(cards)), q.trump)][0]]
            taken[seat.side.name] += 1
            assert f"({seat.word} wins)" in q.explanation
        assert taken == q.details["result"]
        # The prompt and the answer speak of the same side, by its name.
        assert sides[q.side] in q.prompt
        assert q.explanation.startswith(f"With best play {sides[q.side]} take {q.answer} ")


def test_prompts_name_seats_in_words() -> None:
    q = quiz_set("legal-play", 1, seed=2, tags=["must follow"])[0]
    assert q.seat is not None and f"You are {q.seat.word};" in q.prompt
    led = q.trick[0][0]
    assert f"{led.word} led." in q.prompt
    w = quiz_set("trick-winner", 1, seed=2)[0]
    assert w.explanation.startswith(f"{w.answer.word} wins with ")


def test_bid_answers_are_the_studied_calls_and_typed_calls_are_read() -> None:
    q = quiz_set("bid", 1, seed=14, tags=["outbid"])[0]
    right = q.details["right"]
    assert q.to_dict()["answer"] == right[0] and q.check(q.answer)
    for choice in q.details["choices"]:
        value = choice["value"]
        typed = value if value in ("pass", "big-pepper") else f"Bid {value}"
        assert q.check(typed) is (value in right)
        assert q.check(choice["label"]) is (value in right)
    assert not q.check("redouble") and not q.check(None)


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_bid_hands_hold_the_cards_their_level_promises(difficulty: str) -> None:
    q = make_question("bid", random.Random(21), difficulty)
    jacks = any(c.rank.name == "JACK" for c in q.hand)
    joker = JOKER in q.hand
    assert {
        "first-steps": not jacks and not joker,
        "bowers": jacks and not joker,
        "joker": joker,
        "mixed": True,
    }[difficulty]


def test_a_bid_question_always_has_a_wrong_choice() -> None:
    """After three passes, a hand that makes 3 on its own loses nothing by the forced
    bid, so passing and every bid would all be right: such hands are not asked."""
    import random

    from hasenpfeffer_core.analysis.quiz import bid_question

    for seed in range(2):
        q = bid_question(random.Random(seed), "joker", "three passes")
        values = [c["value"] for c in q.details["choices"]]
        assert any(v not in q.details["right"] for v in values)
        assert not q.check("pass")


def test_a_bid_question_names_its_call_once_after_the_comment_on_the_call() -> None:
    """The site shows the comment on the learner's call ("Bid 4: worth about ...") and
    then the explanation, which opened with "Bid 4:" again (issue 26): the explanation
    now gives the reason and ends with the call."""
    import random

    from hasenpfeffer_core.analysis.bidding import action_label
    from hasenpfeffer_core.analysis.quiz import bid_question
    from hasenpfeffer_core.engine.actions import Pass
    from hasenpfeffer_core.engine.rules import Rules

    for k in range(4, 9):
        q = bid_question(random.Random(k))
        label = action_label(q.answer, Rules.parse(q.details["rules"]))
        assert not q.explanation.startswith(f"{label}:"), q.explanation
        ending = "Pass." if isinstance(q.answer, Pass) else f"Bid {q.answer.label}."
        assert q.explanation.endswith(ending) or label in q.explanation, q.explanation
