"""The puzzle bank (issue 27): puzzles from real hands, each with one clearly best move.

The bank is made by ``tools/make_puzzles.py``; these tests read what it made and check
it against the engine and the judge themselves: the position each record leads to, the
choices there, the answer judged again on other deals, the words in three languages,
the rating, and ``hasenpfeffer puzzle`` with piped answers.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from _support import run_cli

from hasenpfeffer_core.analysis.judge import SURE, judge_decision
from hasenpfeffer_core.analysis.practice import principle_verdict
from hasenpfeffer_core.analysis.progress import Event, open_store
from hasenpfeffer_core.analysis.puzzles import (
    BANDS,
    MARGIN,
    STREAK_START,
    STREAK_STEP,
    THEMES,
    Bank,
    Puzzle,
    PuzzleRating,
    puzzle_event,
    rating_from,
)
from hasenpfeffer_core.analysis.quiz import choice_value
from hasenpfeffer_core.engine.i18n import language
from hasenpfeffer_core.faces.cli import puzzle as cli_puzzle

BANK = Bank()


def every_puzzle() -> list[Puzzle]:
    return [BANK.get(pid) for pid in BANK.ids()]


def test_the_bank_holds_2000_puzzles_in_12_themes_of_30_or_more() -> None:
    counts = {t: BANK.count(t) for t in BANK.themes()}
    assert sum(counts.values()) >= 2000, counts
    assert len([t for t, n in counts.items() if n >= 30]) >= 12, counts


def test_every_decision_and_every_band_has_puzzles() -> None:
    puzzles = every_puzzle()
    kinds = Counter(p.kind for p in puzzles)
    assert set(kinds) == {"bid", "trump", "discard", "play"}, kinds
    tricks = Counter(len(p.view.tricks) + 1 for p in puzzles if p.kind == "play")
    assert all(tricks[t] >= 20 for t in range(1, 6)), tricks  # plays on every trick
    bands = Counter(p.band for p in puzzles)
    assert all(bands[b] >= 50 for b, _low in BANDS), bands


def test_each_puzzle_is_a_real_position_with_one_clearly_best_move() -> None:
    """The record replays to a position where the player to move has exactly the
    stored choices; the stored judgement's best is among the answers, and every other
    choice is worse by the bank's margin and beyond its doubt."""
    themes = {t.key for t in THEMES}
    for p in every_puzzle():
        assert p.theme in themes
        assert set(p.options) == set(p.view.legal_actions), p.id
        j = p.judgement
        assert p.is_right(j.best), p.id
        assert p.wrong(), p.id
        for a in p.wrong():
            # (clearly worse: by more than SURE standard errors; the figures are stored to
            # four decimals, so a gap exactly at that line after rounding still counts)
            # (a higher bid than the answer on the same trump needs no doubt: dominated)
            doubt = 0.0 if a in j.dominated else SURE * j.spread[a]
            assert j.cost(a) >= MARGIN and j.cost(a) > doubt - 5e-4, (p.id, str(a))
        for a in p.right:  # more than one answer only for cards of one run (twins)
            assert len(p.right) == 1 or a.split()[1] == "play", p.id


def test_a_sample_of_100_judged_again_on_other_deals_keeps_its_answer() -> None:
    """The judge as the hints use it, on deals drawn afresh: the best move is still an
    answer of the puzzle."""
    rng = random.Random(27)
    sample = rng.sample(BANK.ids(), 100)
    wrong = []
    for pid in sample:
        p = BANK.get(pid)
        again = judge_decision(p.view, random.Random(rng.randrange(2**31)))
        if not p.is_right(again.best):
            wrong.append((pid, str(again.best), p.right))
    assert wrong == []


@pytest.mark.parametrize("lang", ["en", "it", "th"])
def test_the_explanation_and_the_verdicts_are_the_judges_in_each_language(lang: str) -> None:
    rng = random.Random(3)
    english_words = re.compile(r"\b(deals|worth|points|tricks|your side)\b")
    for pid in rng.sample(BANK.ids(), min(40, len(BANK))):
        p = BANK.get(pid)
        with language(lang):
            q = p.question()
            why = p.explanation()
            assert why and q.explanation == why
            right = q.details["right"]
            assert principle_verdict(q, right[0]) == why
            wrong = [c["value"] for c in q.details["choices"] if c["value"] not in right]
            verdict = principle_verdict(q, wrong[0])
            chosen = next(a for a in p.wrong() if choice_value(a) == wrong[0])
            cost = p.judgement.shown_gap(p.answer, chosen)
            if lang != "th":  # (Thai writes the decimal point too)
                shown = f"{cost:.1f}".replace(".", "," if lang == "it" else ".")
                assert shown in verdict, (pid, verdict)
            if lang != "en":
                assert not english_words.search(why + verdict), (pid, why + verdict)
            assert q.check(right[0]) and not q.check(wrong[0])


def test_a_puzzle_answer_is_recorded_with_its_theme_and_rating(tmp_path: Path) -> None:
    p = BANK.get(BANK.ids()[0])
    store = open_store(tmp_path)
    store.record(puzzle_event(p, True))
    (e,) = store.answers()
    assert (e.source, e.concepts, e.right, e.kind) == ("puzzle", (p.theme,), True, "puzzle")
    assert e.item == f"puzzle|{p.id}|{p.rating}"


def test_the_rating_rises_on_a_solved_puzzle_falls_on_a_miss_and_a_hint_is_no_solve() -> None:
    r = PuzzleRating()
    r.update(1500, True)
    assert r.rating > 1500 and r.rd < 350
    after_win = r.rating
    r.update(1500, False)
    assert r.rating < after_win
    p = BANK.get(BANK.ids()[0])
    t0 = datetime(2026, 12, 1, tzinfo=UTC)
    solved = [puzzle_event(p, True, when=t0)]
    hinted = [puzzle_event(p, True, hints=1, when=t0 + timedelta(minutes=1))]
    assert rating_from(solved).rating > 1500
    assert rating_from(hinted).rating < 1500
    assert rating_from([Event.answer("quiz", "x", ["joker"], right=True)]).rating == 1500


# --- the command line -------------------------------------------------------------------


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("HASENPFEFFER_HOME", str(folder))
    return folder


def _puzzles_asked(seed: int, count: int, answers: list[bool], theme: str | None = None):
    """The puzzles ``hasenpfeffer puzzle`` asks from ``random.Random(seed)`` for a learner
    with no answers yet who answers right or wrong as ``answers`` says."""
    rng = random.Random(seed)
    rating = PuzzleRating()
    seen: list[str] = []
    asked = []
    for right in answers[:count]:
        p = BANK.pick(rating.rating, rng, theme=theme, seen=seen)
        seen.append(p.id)
        asked.append(p)
        rating.update(p.rating, right)
    return asked


def _typed(p: Puzzle, right: bool) -> str:
    q = p.question()
    if right:
        return str(q.details["right"][0])
    return next(
        str(c["value"]) for c in q.details["choices"] if c["value"] not in q.details["right"]
    )


def test_puzzle_with_piped_answers_scores_and_rates(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli_puzzle, "_fresh_rng", lambda: random.Random(11))
    plan = [True, False, True]
    asked = _puzzles_asked(11, 3, plan)
    stdin = "".join(_typed(p, r) + "\n" for p, r in zip(asked, plan, strict=True))
    code, out, err = run_cli(monkeypatch, capsys, "puzzle", "--count", "3", stdin=stdin)
    assert (code, err) == (0, "")
    assert out.rstrip().splitlines()[-1] == "score: 2/3"
    for n, p in enumerate(asked, 1):
        assert f"Puzzle {n} of 3: {p.theme_name}, rated {p.rating}" in out
    ratings = [int(x) for x in re.findall(r"Your puzzle rating: (\d+)", out)]
    assert len(ratings) == 3 and ratings[0] > 1500 and ratings[1] < ratings[0]
    events = open_store(home).answers()
    assert [(e.source, e.right) for e in events] == [("puzzle", r) for r in plan]
    assert round(rating_from(events).rating) == ratings[-1]


def test_puzzle_streak_ends_at_the_first_miss_and_leaves_the_rating(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli_puzzle, "_fresh_rng", lambda: random.Random(5))
    rng = random.Random(5)
    first = BANK.pick(STREAK_START, rng, seen=[])
    second = BANK.pick(STREAK_START + STREAK_STEP, rng, seen=[first.id])
    assert second.rating >= first.rating - 300
    stdin = _typed(first, True) + "\n" + _typed(second, False) + "\n"
    code, out, err = run_cli(monkeypatch, capsys, "puzzle", "--streak", stdin=stdin)
    assert (code, err) == (0, "")
    assert "Streak: 1 puzzle solved in a row." in out
    assert out.rstrip().splitlines()[-1] == "score: 1/2"
    assert "Your puzzle rating" not in out
    assert rating_from(open_store(home).answers()).rating == 1500


def test_puzzle_theme_filters_and_an_unknown_theme_lists_them(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli_puzzle, "_fresh_rng", lambda: random.Random(2))
    (p,) = _puzzles_asked(2, 1, [True], theme="trump-in")
    code, out, err = run_cli(
        monkeypatch,
        capsys,
        "puzzle",
        "--count",
        "1",
        "--theme",
        "Trump when you are void",
        stdin=_typed(p, True) + "\n",
    )
    assert (code, err) == (0, ""), err
    assert p.theme == "trump-in" and "score: 1/1" in out
    code, out, err = run_cli(monkeypatch, capsys, "puzzle", "--theme", "chess")
    assert code == 2 and "no puzzle theme 'chess'" in err and "second-hand-low" in err
