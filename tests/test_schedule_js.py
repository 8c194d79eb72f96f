"""The site's spaced practice is the package's: the same answers give the same schedule.

The site's progress page works the schedule and the stars out in the browser
(``site/assets/schedule.js``, on ts-fsrs, vendored in ``site/assets/vendor/ts-fsrs``),
from the answers its store keeps (``window.hpStore`` in ``site/assets/hp-safe.js``).
These tests run those very scripts under node (``tests/schedule_in_node.js``) on
answers made here with a fixed seed, as lines of the progress store's format, and
compare with :class:`~hasenpfeffer_core.analysis.practice.Schedule` and
:func:`~hasenpfeffer_core.analysis.practice.lesson_stars` on the same answers: every
concept's due time to the second, its card's state and learning step, its strength
(see :data:`STRENGTH_TOLERANCE`), the concepts due and the next one due, each lesson's
stars. The concept catalogue they run with is the page's own
(``docs_hooks.progress_page.held_schedule``). The store's check of a line is compared with the Python
store's on hostile lines too: it takes none that Python refuses.

Without node the tests skip, except under CI (the ``CI`` variable set), where they fail.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer_core.analysis.practice import (
    CONCEPTS,
    LESSONS,
    SAME_AS,
    Schedule,
    _scheduler,
    lesson_stars,
)
from hasenpfeffer_core.analysis.progress import Event, Skipped

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "site" / "assets"
RUNNER = Path(__file__).resolve().parent / "schedule_in_node.js"

SEED = 2026
LEARNERS = 12
#: How far the site's strength may be from the package's. ts-fsrs rounds every
#: stability and difficulty it works out, and the forgetting curve, to 8 decimal places
#: (its ``roundTo(x, 8)``); fsrs 6.3.2 does not round. Where a stability is small (after
#: misses within minutes it falls towards 0.001) that rounding moves the strength a week
#: ahead by up to about 1e-7, and its bound is a few times that: far below what the page
#: shows (a whole percentage), and far below what another weight or setting changes.
#: Due times, states and steps are compared exactly (to the second).
STRENGTH_TOLERANCE = 1e-6


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("node is missing (.ci/run installs it)", pytrace=False)
        pytest.skip("node is not installed")
    return node


def _catalogue() -> dict[str, Any]:
    """The concepts and lessons as the site's progress page gets them (in English)."""
    from docs_hooks.progress_page import held_schedule

    data: dict[str, Any] = held_schedule()
    return data


def _run(payload: dict[str, Any]) -> dict[str, Any]:
    payload = {"assets": str(ASSETS), "catalogue": _catalogue(), **payload}
    done = subprocess.run(
        [_node(), str(RUNNER)],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _ms(when: datetime) -> int:
    return round(when.timestamp() * 1000)


# --- answers, made with a fixed seed ---------------------------------------------------

#: What an answer may be: a lesson's exercise (stars by tries), a lesson's quiz (stars by
#: rounds of five), or an answer outside the lessons (a quiz, a practice question, a
#: puzzle).
_EXERCISES = ("exercise-a", "exercise-b", "exercise-c", "exercise-d")
_KINDS = ("trick-winner", "legal-play", "bid")


def _gap(rng: random.Random) -> timedelta:
    """The time to the next answer: seconds (answers before anything is due), minutes
    (the learning steps), hours, days, weeks."""
    kind = rng.choices(["s", "m", "h", "d", "w"], weights=[20, 25, 20, 25, 10])[0]
    if kind == "s":
        return timedelta(seconds=rng.randint(3, 59), milliseconds=rng.randrange(1000))
    if kind == "m":
        return timedelta(minutes=rng.randint(1, 15), seconds=rng.randint(0, 59))
    if kind == "h":
        return timedelta(hours=rng.randint(1, 23), minutes=rng.randint(0, 59))
    if kind == "d":
        return timedelta(
            days=rng.randint(1, 9), hours=rng.randint(0, 23), minutes=rng.randint(0, 59)
        )
    return timedelta(days=rng.randint(10, 45), hours=rng.randint(0, 23))


def _learner(rng: random.Random) -> list[Event]:
    """One learner's answers, in the order recorded: a few ideas practised over and over,
    right, wrong, with hints, at a second try, before they are due and long after; now
    and then a hint step, a tag that is no concept, the bid quiz's "three passes" (the
    same as a principle), or an answer dated a little before the one before it."""
    keys = [c.key for c in CONCEPTS]
    focus = rng.sample(keys, k=rng.randint(2, 6))
    when = datetime(rng.randint(2020, 2023), rng.randint(1, 12), rng.randint(1, 28), tzinfo=UTC)
    when += timedelta(seconds=rng.randrange(86400), milliseconds=rng.randrange(1000))
    out: list[Event] = []
    for _i in range(rng.randint(60, 160)):
        when += _gap(rng)
        at = when - timedelta(minutes=rng.randint(1, 30)) if rng.random() < 0.05 else when
        concepts = rng.sample(focus, k=min(len(focus), rng.choice([1, 1, 1, 2])))
        if rng.random() < 0.06:
            concepts.append("three passes")
        if rng.random() < 0.05:
            concepts.append("not-a-concept")
        right = rng.random() < 0.7
        hints = 0 if rng.random() < 0.75 else rng.randint(1, 3)
        attempt = 1 if rng.random() < 0.8 else rng.randint(2, 3)
        where = rng.random()
        if where < 0.3:
            lesson = rng.choice(list(LESSONS))
            item = f"{lesson}-{rng.choice(_EXERCISES)}"
            source, kind = "exercise", ""
        elif where < 0.5:
            lesson = rng.choice(list(LESSONS))
            source, kind = "quiz", rng.choice(_KINDS)
            item = f"{kind}|{rng.randrange(10**6)}"
        else:
            lesson = None
            source = rng.choice(["quiz", "practice", "puzzle"])
            kind = rng.choice(_KINDS) if source == "quiz" else ""
            item = f"{source}|{rng.randrange(10**6)}"
        if rng.random() < 0.05:
            out.append(Event.hint(item, concepts, rng.randint(1, 3), lesson=lesson, when=at))
        out.append(
            Event.answer(
                source,
                item,
                concepts,
                right=right,
                hints=hints,
                attempt=attempt,
                lesson=lesson,
                kind=kind,
                when=at,
            )
        )
    return out


def _line(event: Event) -> str:
    return event.line().decode().rstrip("\n")


# --- the comparison --------------------------------------------------------------------


def _checks(rng: random.Random, events: list[Event]) -> list[tuple[int, datetime]]:
    """After each event, a time to look from: at once, or a little or long after."""
    out = []
    for n, e in enumerate(events, 1):
        later = rng.choice([0, 1, 40, 330, 3 * 3600, 2 * 86400, 9 * 86400, 60 * 86400])
        out.append((n, e.when + timedelta(seconds=later)))
    last = events[-1].when
    out += [(len(events), last + timedelta(days=d)) for d in (1, 30, 365, 20000)]
    return out


def _python(events: list[Event], checks: list[tuple[int, datetime]]) -> list[dict[str, Any]]:
    schedule = Schedule()
    taken = 0
    out = []
    for upto, now in checks:
        schedule.add(events[taken:upto])
        taken = max(taken, upto)
        concepts = {}
        for key, s in schedule.states.items():
            card = s.card
            concepts[key] = {
                "due": _ms(card.due) if card else None,
                "state": int(card.state) if card else None,
                "step": card.step if card else None,
                "strength": schedule.strength(key, now),
                "answers": s.answers,
                "right": s.right,
            }
        nxt = schedule.next_due(now)
        stars = lesson_stars(events[:upto])
        out.append(
            {
                "concepts": concepts,
                "due": [c.key for c in schedule.due(now)],
                "next": [_ms(nxt[0]), nxt[1].key] if nxt else None,
                "stars": [[n, ls.stars, ls.done] for n, ls in stars.items()],
            }
        )
    return out


def _compare(where: str, python: dict[str, Any], js: dict[str, Any]) -> None:
    assert js["due"] == python["due"], where
    assert js["next"] == python["next"], where
    assert js["stars"] == python["stars"], where
    assert js["concepts"].keys() == python["concepts"].keys(), where
    for key, p in python["concepts"].items():
        j = js["concepts"][key]
        here = f"{where}, {key!r}"
        assert (j["answers"], j["right"], j["state"], j["step"]) == (
            p["answers"],
            p["right"],
            p["state"],
            p["step"],
        ), here
        if p["due"] is None:
            assert j["due"] is None, here
        else:
            assert abs(j["due"] - p["due"]) < 1000, f"{here}: due {j['due']} != {p['due']}"
        if p["strength"] is None:
            assert j["strength"] is None, here
        else:
            assert abs(j["strength"] - p["strength"]) <= STRENGTH_TOLERANCE, (
                f"{here}: strength {j['strength']} != {p['strength']}"
            )


def test_the_site_schedules_as_the_package_does() -> None:
    rng = random.Random(SEED)
    learners = [_learner(rng) for _ in range(LEARNERS)]
    checks = [_checks(rng, events) for events in learners]
    result = _run(
        {
            "cases": [
                {
                    "lines": [_line(e) for e in events],
                    "checks": [{"upto": n, "now": _ms(now)} for n, now in cs],
                }
                for events, cs in zip(learners, checks, strict=True)
            ]
        }
    )
    # the same scheduler settings: fsrs.Scheduler(enable_fuzzing=False), by name
    assert result["configuration"] == _scheduler().to_dict()
    compared = 0
    for k, (events, cs, js) in enumerate(zip(learners, checks, result["cases"], strict=True)):
        assert js["parsed"] == len(events), "the store refused an answer Python wrote"
        for (upto, now), p, j in zip(cs, _python(events, cs), js["checks"], strict=True):
            _compare(f"learner {k}, {upto} events, seen at {now.isoformat()}", p, j)
            compared += 1
    assert compared > 500
    # the answers reached every kind of card and step, and both kinds of stars
    states = {
        (c["state"], c["step"])
        for j in result["cases"]
        for ch in j["checks"]
        for c in ch["concepts"].values()
    }
    assert {(1, 0), (1, 1), (2, None), (3, 0)} <= states
    assert {s for j in result["cases"] for ch in j["checks"] for _n, s, _d in ch["stars"]} >= {
        0,
        1,
        2,
        3,
    }


def test_the_catalogue_comes_from_the_package() -> None:
    data = _catalogue()
    assert [c["key"] for c in data["concepts"]] == [c.key for c in CONCEPTS]
    assert data["same_as"] == SAME_AS
    assert [(x["lesson"], x["exercises"]) for x in data["lessons"]] == [
        (n, count) for n, (_t, count) in LESSONS.items()
    ]
    assert data["strength_ahead"] == 7 * 86400


# --- the store's check of a line -------------------------------------------------------

_GOOD = {
    "id": "0123456789abcdef",
    "at": "2026-01-02T03:04:05.678Z",
    "source": "quiz",
    "item": "trick-winner|H|x",
    "concepts": ["joker"],
    "right": True,
    "kind": "trick-winner",
}


def _with(**changes: Any) -> str:
    data = dict(_GOOD)
    for key, value in changes.items():
        if value is _DROP:
            data.pop(key)
        else:
            data[key] = value
    return json.dumps(data, ensure_ascii=False)


_DROP = object()

#: Lines the store's check must judge: good ones in every form the store writes, and
#: hostile ones (wrong kinds, out of range, too long, too deep, not JSON, dated wrong).
_LINES = [
    _with(),
    json.dumps(_GOOD, separators=(",", ":")),
    _with(at="2026-01-02T03:04:05+00:00"),
    _with(at="2026-01-02T04:04:05.5+01:00"),
    _with(at="2026-01-02 03:04:05Z"),
    _with(at="2026-01-02T03:04Z"),
    _with(at="2026-01-02T03:04:05+0100"),
    _with(at="2026-01-02T03:04:05+01"),
    _with(at="2026-01-02T03:04:05"),
    _with(at="2026-01-02"),
    _with(at="2026-02-30T03:04:05Z"),
    _with(at="2026-01-02T24:00:00Z"),
    _with(at="1999-12-31T23:59:59Z"),
    _with(at="2999-01-01T00:00:00Z"),
    _with(at="not a time"),
    _with(at=20260102),
    _with(at="2026-01-02T03:04:05.678z"),
    _with(source="hint", right=None),
    _with(source="hint"),
    _with(right=None),
    _with(right=1),
    _with(right="true"),
    _with(source="lesson"),
    _with(source=["quiz"]),
    _with(item=""),
    _with(item="x" * 1000),
    _with(item="x" * 1001),
    _with(item="🂡" * 1000),
    _with(item=None),
    _with(id=""),
    _with(id="i" * 64),
    _with(id="i" * 65),
    _with(id=12),
    _with(id="constructor"),
    _with(id="__proto__"),
    _with(concepts=[]),
    _with(concepts="joker"),
    _with(concepts=[""]),
    _with(concepts=[1]),
    _with(concepts=["c"] * 20),
    _with(concepts=["c"] * 21),
    _with(concepts=["x" * 101]),
    _with(kind=""),
    _with(kind=None),
    _with(kind="k" * 41),
    _with(hints=0),
    _with(hints=3),
    _with(hints=1001),
    _with(hints=-1),
    _with(hints=True),
    _with(hints="1"),
    _with(attempt=2),
    _with(attempt=0),
    _with(lesson=1),
    _with(lesson=99),
    _with(lesson=0),
    _with(lesson=100),
    _with(lesson=None),
    _with(lesson=False),
    _with(extra={"a": [1, 2]}),
    _with(extra=[[[[[[[[[1]]]]]]]]]),
    _with(concepts=_DROP),
    _with(at=_DROP),
    _with(right=_DROP),
    _with(id=_DROP),
    _with(kind=_DROP),
    _with(item="x" * 70000),
    _with()[:-1] + ', "hints": 1.0}',
    _with()[:-1] + ', "attempt": 2e0}',
    _with()[:-1] + ', "lesson": 1.5}',
    "[]",
    "null",
    "42",
    '"text"',
    "{",
    "not json",
    "{}",
    '{"format": "hasenpfeffer-progress", "version": 1}',
    "[" * 10000,
    _with() + " ",
    " " + _with(),
]


def test_the_site_store_checks_with_the_package_store_bounds() -> None:
    from hasenpfeffer_core.analysis import progress

    limits = _run({})["limits"]
    assert limits == {
        "sources": list(progress.SOURCES),
        "earliest": _ms(progress.EARLIEST),
        "ahead": _ms(progress.EARLIEST + progress.AHEAD) - _ms(progress.EARLIEST),
        "maxLine": progress.MAX_LINE,
        "maxDepth": progress.MAX_DEPTH,
        "maxText": progress._MAX_TEXT,
        "maxConcepts": progress._MAX_CONCEPTS,
        "maxFile": progress.MAX_FILE,
        "format": progress.FORMAT,
        "version": progress.VERSION,
    }


def _python_takes(line: str) -> bool:
    try:
        Event.from_line(line.encode())
    except Skipped:
        return False
    return True


def test_the_site_store_takes_only_lines_the_package_takes() -> None:
    """The site's check of a line never takes one the package refuses, and takes every
    line of the forms the stores write."""
    result = _run({"parse": _LINES})["parse"]
    python = [_python_takes(line) for line in _LINES]
    wrongly = [
        line[:120] for line, js, py in zip(_LINES, result, python, strict=True) if js and not py
    ]
    assert wrongly == []
    # they disagree only where Python is laxer: times in forms the stores never write
    missed = [
        line[:120] for line, js, py in zip(_LINES, result, python, strict=True) if py and not js
    ]
    assert missed == [], missed
    assert sum(result) >= 25


# --- the store's writes: nothing kept is lost --------------------------------------------

_HEADER = '{"format": "hasenpfeffer-progress", "version": 1}'


def test_the_site_store_keeps_every_line_it_holds_and_adds_each_answer_once() -> None:
    """An answer is added after every line already kept, byte for byte, those the store
    cannot read too; an import adds the answers not already kept (by id), counts the
    lines it leaves out, refuses a file that is not a progress file, and when the
    browser refuses to keep more it says so and changes nothing; an export holds each
    answer once, under a header the package reads."""
    from hasenpfeffer_core.analysis.progress import ProgressStore

    when = datetime(2026, 1, 2, 3, 4, 5, 678000, tzinfo=UTC)
    a = Event.answer("quiz", "q|a", ["joker"], right=True, kind="bid", when=when)
    b = Event.answer("puzzle", "puzzle|7|1500", ["win-cheaply"], right=False, when=when)
    c = Event.answer("exercise", "ex", ["trumps"], right=True, lesson=1, hints=2, when=when)
    own = _line(a) + "\nnot an answer of mine {\n" + '{"id": "x"}'  # no newline at the end
    upload = "\n".join([_HEADER, _line(b), _line(a), "garbage", _line(b), _line(c), "", "[]"])
    cases = [
        {
            "initial": own,
            "append": {"source": "quiz", "item": "q|n", "concepts": ["joker"], "right": True},
        },
        {
            "initial": None,
            "append": {"source": "quiz", "item": "q|n", "concepts": [], "right": False},
        },
        {"initial": own, "import": upload},
        {"initial": own, "import": "not a progress file\n" + _line(b)},
        {"initial": own, "import": upload, "quota": len(own) + 10},
        {"initial": own + "\n" + _line(b) + "\n" + _line(a) + "\n", "export": True},
    ]
    out = _run({"store": cases})["store"]
    appended, fresh, imported, refused, full, exported = out
    assert appended["said"] is True
    assert appended["text"].startswith(own + "\n")
    new = json.loads(appended["text"][len(own) + 1 :].rstrip("\n"))
    assert list(new) == ["id", "at", "source", "item", "concepts", "right"]
    assert re.fullmatch(r"[0-9a-f]{16}", new["id"]) and new["at"].endswith("Z")
    assert fresh["said"] is True and fresh["text"].endswith("\n") and fresh["text"].count("\n") == 1
    assert imported["said"] == {"added": 2, "already": 1, "skipped": 2}
    assert imported["text"] == own + "\n" + _line(b) + "\n" + _line(c) + "\n"
    assert refused["said"] == {"error": "not_progress"} and refused["text"] == own
    assert full["said"] == {"error": "no_storage"} and full["text"] == own
    # the export is a file the package's store reads: each answer once, none left out
    lines = exported["exported"].splitlines()
    assert json.loads(lines[0])["format"] == "hasenpfeffer-progress"
    assert [json.loads(line)["id"] for line in lines[1:]] == [a.id, b.id]
    home = Path(__file__).resolve().parent.parent / "build" / "test-store-export"
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir(parents=True)
    (home / "progress.jsonl").write_text(exported["exported"], encoding="utf-8")
    assert [e.id for e in ProgressStore(home).events()] == [a.id, b.id]
    assert ProgressStore(home).notice == ""
    shutil.rmtree(home)
