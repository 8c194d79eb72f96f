"""Spaced practice by concept: what falls due after right and wrong answers, fresh
questions for every concept, stars per lesson and the progress summary."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from hasenpfeffer_core.analysis.practice import (
    CACHE_NAME,
    CONCEPTS,
    LESSONS,
    NEW_PER_DAY,
    ROUND,
    Schedule,
    cached_schedule,
    concept,
    days_text,
    exercise_stars,
    lesson_stars,
    practice_question,
    principle_question,
    question_event,
    summary,
)
from hasenpfeffer_core.analysis.principles import PRINCIPLES
from hasenpfeffer_core.analysis.progress import Event, ProgressStore
from hasenpfeffer_core.engine.errors import InvalidDataError

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # answers must not lie in the future
MIN = timedelta(minutes=1)
DAY = timedelta(days=1)


def said(key: str, right: bool, at: datetime, **kw: object) -> Event:
    return Event.answer("practice", f"{key} at {at}", [key], right=right, when=at, **kw)  # type: ignore[arg-type]


def known(key: str) -> list[Event]:
    """Right first time, then right again once it came back: the concept is known."""
    first = said(key, True, T0)
    card = Schedule([first]).card(key)
    assert card is not None
    return [first, said(key, True, card.due)]


# --- the schedule ----------------------------------------------------------------------


def test_a_miss_comes_back_within_minutes() -> None:
    s = Schedule([said("joker", False, T0)])
    card = s.card("joker")
    assert card is not None and T0 < card.due <= T0 + 10 * MIN
    assert [c.key for c in s.due(T0 + 10 * MIN)] == ["joker"]


def test_a_right_answer_then_another_later_sends_the_concept_days_away() -> None:
    events = known("left bower")
    card = Schedule(events).card("left bower")
    assert card is not None and card.due >= events[-1].when + DAY
    assert Schedule(events).due(events[-1].when + 12 * 60 * MIN) == []


def test_a_right_answer_before_the_concept_is_due_changes_nothing() -> None:
    events = known("left bower")
    before = Schedule(events).card("left bower")
    after = Schedule([*events, said("left bower", True, events[-1].when + MIN)]).card("left bower")
    assert before is not None and after is not None and after.due == before.due


def test_a_miss_on_a_known_concept_brings_it_back_at_once() -> None:
    events = known("must follow")
    slip = said("must follow", False, events[-1].when + 60 * MIN)
    card = Schedule([*events, slip]).card("must follow")
    assert card is not None and card.due <= slip.when + 10 * MIN


def test_needing_hints_brings_a_concept_back_sooner_than_right_first_time() -> None:
    first = said("void", True, T0)
    card = Schedule([first]).card("void")
    assert card is not None
    clean = Schedule([first, said("void", True, card.due)]).card("void")
    helped = Schedule([first, said("void", True, card.due, hints=2)]).card("void")
    assert clean is not None and helped is not None and helped.due < clean.due


def test_the_longest_overdue_comes_first() -> None:
    s = Schedule([said("joker", False, T0), said("void", False, T0 + 5 * MIN)])
    assert [c.key for c in s.due(T0 + DAY)] == ["joker", "void"]


def test_a_few_new_concepts_a_day_in_the_order_the_lessons_teach() -> None:
    s = Schedule()
    assert [c.key for c in s.new_today(T0)] == [c.key for c in CONCEPTS[:NEW_PER_DAY]]
    started = Schedule([said(CONCEPTS[0].key, True, T0)])
    assert len(started.new_today(T0 + MIN)) == NEW_PER_DAY - 1
    assert [c.lesson for c in CONCEPTS] == sorted(c.lesson for c in CONCEPTS)


def test_practice_serves_due_then_new_then_the_weakest() -> None:
    s = Schedule([said("pepper", False, T0)])
    order = [c.key for c in s.to_practise(T0 + DAY, count=4)]
    assert order[0] == "pepper" and len(order) == 4


def test_strength_is_unknown_until_practised_and_fades_with_time() -> None:
    s = Schedule(known("joker"))
    assert s.strength("void", T0) is None
    soon, later = s.strength("joker", T0 + DAY), s.strength("joker", T0 + 60 * DAY)
    assert soon is not None and later is not None and 0 < later < soon <= 1


def test_tags_that_are_not_concepts_are_kept_but_not_scheduled() -> None:
    s = Schedule([Event.answer("exercise", "x", ["scoring"], right=True, when=T0)])
    assert all(st.answers == 0 for st in s.states.values())


def test_an_unknown_concept_is_refused_with_the_list() -> None:
    with pytest.raises(InvalidDataError, match=r"there is no concept 'bowers'.*left bower"):
        concept("bowers")


def test_the_cache_gives_the_same_schedule_and_is_only_a_cache(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    rng = random.Random(5)
    keys = [c.key for c in CONCEPTS]
    at = T0
    for i in range(450):
        at += timedelta(minutes=rng.choice([1, 30, 600]))
        store.record(
            Event.answer("quiz", f"q{i}", rng.sample(keys, 2), right=rng.random() < 0.75, when=at)
        )
    full = Schedule(store.answers())
    cached = cached_schedule(store)
    assert (tmp_path / CACHE_NAME).exists()  # 450 answers behind: written
    for i in range(450, 470):
        store.record(Event.answer("quiz", f"q{i}", ["joker"], right=False, when=at + i * MIN))
    full = Schedule(store.answers())
    cached = cached_schedule(store)  # from the cache, the last 20 added
    assert {k: s.due_at() for k, s in cached.states.items()} == {
        k: s.due_at() for k, s in full.states.items()
    }
    (tmp_path / CACHE_NAME).write_text("{not json", encoding="utf-8")
    assert cached_schedule(store).to_dict() == full.to_dict()
    # a cache from another store (another last answer) is not used
    data = json.loads(json.dumps(full.to_dict()))
    data["last_id"] = "someone-else"
    data["states"] = {}
    (tmp_path / CACHE_NAME).write_text(json.dumps(data), encoding="utf-8")
    assert cached_schedule(store).to_dict() == full.to_dict()


def test_waits_in_words() -> None:
    assert [days_text(d) for d in (-MIN, 10 * MIN, 5 * 60 * MIN, 3 * DAY, DAY)] == [
        "now",
        "in 10 minutes",
        "in 5 hours",
        "in 3 days",
        "in 1 day",
    ]


# --- stars -----------------------------------------------------------------------------


def ex(right: bool, hints: int = 0, lesson: int = 1, item: str = "e1") -> Event:
    return Event.answer("exercise", item, [], right=right, hints=hints, lesson=lesson, when=T0)


@pytest.mark.parametrize(
    ("answers", "stars"),
    [
        ([ex(True)], 3),
        ([ex(True, hints=1)], 2),
        ([ex(False), ex(True)], 2),
        ([ex(False), ex(False), ex(True)], 1),
        ([ex(False)], 0),
        ([ex(False), ex(False), ex(True), ex(True)], 3),  # the best try counts
    ],
    ids=["first-time", "with-hints", "second-try", "at-last", "not-yet", "best-counts"],
)
def test_an_exercise_gives_one_to_three_stars(answers: list[Event], stars: int) -> None:
    assert exercise_stars(answers) == stars


def quiz(right: bool) -> Event:
    return Event.answer("quiz", "q", ["joker"], right=right, lesson=3, kind="trick-winner", when=T0)


def test_a_lessons_quiz_gives_stars_by_rounds_of_five() -> None:
    assert exercise_stars([quiz(True)] * (ROUND - 1)) == 0  # no round finished yet
    assert exercise_stars([quiz(True)] * ROUND) == 3
    assert exercise_stars([quiz(False)] + [quiz(True)] * (ROUND - 1)) == 2
    assert exercise_stars([quiz(False)] * 2 + [quiz(True)] * (ROUND - 2)) == 1
    # a round mostly wrong is finished, not done: no star ("1 of 1 done" with a star
    # after five wrong answers read as praise)
    assert exercise_stars([quiz(False)] * 3 + [quiz(True)] * (ROUND - 3)) == 0
    assert exercise_stars([quiz(False)] * ROUND) == 0
    assert lesson_stars([quiz(False)] * ROUND)[3].done == 0


def test_a_lesson_has_its_stars_once_every_exercise_is_done() -> None:
    n = LESSONS[4][1]
    items = [f"e{i}" for i in range(n)]
    most = [ex(True, lesson=4, item=i) for i in items[:-1]]
    assert lesson_stars(most)[4].stars == 0 and lesson_stars(most)[4].done == n - 1
    done = [*most, ex(True, hints=1, lesson=4, item=items[-1])]
    assert lesson_stars(done)[4].stars == 2  # the fewest of its exercises'
    assert lesson_stars(done)[1].stars == 0  # other lessons untouched


# --- fresh questions for every concept ---------------------------------------------------


@pytest.mark.parametrize("key", [c.key for c in CONCEPTS if c.kind == "situation"])
def test_every_situation_gets_a_question_about_it(key: str) -> None:
    q = practice_question(key, random.Random(3))
    assert key in q.tags and q.check(q.answer)


@pytest.mark.parametrize("key", [p.key for p in PRINCIPLES])
def test_every_principle_gets_a_position_where_it_decides(key: str) -> None:
    q = principle_question(key, random.Random(11))
    values = [c["value"] for c in q.details["choices"]]
    right = set(q.details["right"])
    assert right and right < set(values)  # some choices right, not all
    for value in values:
        assert q.check(value) == (value in right)
    assert q.details["principle"] in q.explanation
    assert len(q.details["hints"]) == 3
    assert "seed" not in q.prompt.lower() and "seed" not in q.explanation.lower()


def test_a_principle_question_offers_every_legal_choice() -> None:
    """An Italian learner was asked what to bid with "Pass, Bid 1, Bid 3 ... Bid 6" and
    no Bid 2: a call the judge found as good as the answer was left out. Every legal
    choice is offered now (a position with such a call is not asked)."""
    from hasenpfeffer_core.analysis.practice import _PHASE_OF
    from hasenpfeffer_core.analysis.principles import principle
    from hasenpfeffer_core.engine.state import Phase

    for key in ("bid-cheapest", "win-cheaply"):
        rng = random.Random(5)
        for _ in range(3):
            q = principle_question(key, rng)
            offered = len(q.details["choices"])
            if _PHASE_OF[principle(key).phase] is Phase.AUCTION:
                # pass and every bid from the lowest that outbids the last to Big Pepper
                values = [c["value"] for c in q.details["choices"]]
                bids = sorted(int(v) for v in values if v.isdigit())
                assert bids == list(range(bids[0], bids[0] + len(bids))), values
            assert offered >= 2


def test_a_principle_answer_can_be_typed_as_a_card_suit_or_bid() -> None:
    q = principle_question("win-cheaply", random.Random(2))
    card = q.details["right"][0]
    from hasenpfeffer_core.engine.cards import parse_card

    assert q.check(parse_card(card).ascii) and q.check(parse_card(card))
    bid = principle_question("bid-cheapest", random.Random(2))
    assert bid.check(f"bid {bid.details['right'][0]}") and not bid.check("pass")


def test_principle_questions_are_fresh_each_time() -> None:
    rng = random.Random(1)
    keys = {principle_question("second-hand-low", rng).key for _ in range(4)}
    assert len(keys) == 4


def test_a_play_question_shows_the_seats_own_hand_and_the_trick() -> None:
    q = principle_question("do-not-overtake", random.Random(4))
    assert q.seat is not None and q.kind == "principle" and q.details["phase"] == "play"
    assert set(q.details["right"]) <= {c.text for c in q.hand}
    assert q.trick and f"You are {q.seat.word}" in q.prompt
    assert all(c.text in q.prompt for _, c in q.trick)


# --- recording and the summary -----------------------------------------------------------


def test_a_question_answer_is_recorded_with_its_situations(tmp_path: Path) -> None:
    q = practice_question("left bower", random.Random(1))
    store = ProgressStore(tmp_path)
    store.record(question_event(q, True, source="practice", hints=1))
    (e,) = store.answers()
    assert "left bower" in e.concepts and e.kind == q.kind and e.hints == 1


def test_the_summary_counts_answers_stars_and_what_is_due(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    for e in [said("joker", False, T0), said("void", True, T0), ex(True, lesson=1)]:
        store.record(e)
    store.record(Event.hint("h", ["joker"], 1, when=T0))
    s = summary(store, now=T0 + DAY)
    assert (s.answers, s.right, s.hint_steps) == (3, 2, 1)
    assert "joker" in [c.key for c in s.due_now]
    assert s.lessons[1].done == 1
    joker = next(c for c in s.concepts if c.concept.key == "joker")
    assert joker.answers == 1 and joker.right == 0 and joker.strength is not None
    assert "nothing is sent anywhere" in s.privacy and str(tmp_path) in s.privacy


def test_the_bid_quizs_three_passes_counts_for_bidding_before_you_are_forced() -> None:
    s = Schedule([Event.answer("quiz", "q", ["three passes", "opening"], right=True, when=T0)])
    assert s.states["bid-before-forced"].answers == 1
    assert "three passes" not in s.states


def test_a_miss_never_makes_a_concept_look_stronger() -> None:
    """Left alone for a year, then missed: the scheduler starts the concept afresh, but
    the learner must not see its strength rise after a wrong answer."""
    events = known("joker")
    later = events[-1].when + 365 * DAY
    before = Schedule(events).strength("joker", later)
    missed = Schedule([*events, said("joker", False, later)])
    after = missed.strength("joker", later + MIN)
    assert before is not None and after is not None and after <= before
    assert (missed.strength("joker", later + 30 * DAY) or 0) <= after  # and it fades
    card = missed.card("joker")
    assert card is not None
    healed = Schedule([*events, said("joker", False, later), said("joker", True, card.due)])
    assert (healed.strength("joker", card.due) or 0) > after  # a right answer lifts it


def test_a_wrong_principle_answer_hears_what_is_against_it_and_the_principle_once() -> None:
    from hasenpfeffer_core.analysis.practice import principle_verdict

    rng = random.Random(8)
    # (third hand high: its clear positions usually have a card the principle speaks
    # against; second hand low's are mostly a high card wasted, which it does not name)
    q = principle_question("third-hand-high", rng)
    for _ in range(20):
        if q.details["against"]:
            break
        q = principle_question("third-hand-high", rng)
    wrong, against = next(iter(q.details["against"].items()))
    verdict = principle_verdict(q, wrong)
    assert verdict.startswith(against) and verdict.count(q.details["about"]) == 1
    assert principle_verdict(q, q.details["right"][0]) == q.explanation


def test_a_lessons_practice_asks_only_the_kinds_of_question_taught_so_far() -> None:
    """Lesson 1's practice asked "Who wins the trick?", which lesson 3 teaches: limited
    to a lesson, a concept is asked in a kind of question that lesson or an earlier one
    has taught, where it has one."""
    import random

    from hasenpfeffer_core.analysis.practice import CONCEPTS, KIND_LESSON, practice_question

    early = [c for c in CONCEPTS if c.kind == "situation" and "order" in c.kinds and c.lesson == 1]
    assert early
    for c in early:
        kinds = {practice_question(c.key, random.Random(seed), lesson=1).kind for seed in range(8)}
        assert kinds == {"order"}, (c.key, kinds)
    assert all(KIND_LESSON[k] <= 3 for k in ("order", "legal-play", "trick-winner"))
    # a lesson-1 idea asked only by "Who wins the trick?" waits for lesson 3
    only_later = [c for c in CONCEPTS if c.kinds == ("trick-winner",) and c.lesson == 1]
    for c in only_later:
        with pytest.raises(InvalidDataError, match="lesson 1"):
            practice_question(c.key, random.Random(0), lesson=1)
        assert practice_question(c.key, random.Random(0), lesson=3).kind == "trick-winner"
