"""``hasenpfeffer practice`` and ``hasenpfeffer progress``, and ``quiz`` recording its
answers (issue 15, the command line).

Each test has a progress folder of its own (``$HASENPFEFFER_HOME`` set to a temporary
folder). The questions practice asks are worked out here from the same concepts and
the same random numbers the command used (its random source is replaced), and marked
with the quiz bank's own check: never with rules written in the test.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from _support import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer_core.analysis.practice import Schedule, concept, practice_question
from hasenpfeffer_core.analysis.progress import FILE_NAME, Event, open_store
from hasenpfeffer_core.analysis.quiz import Question, quiz_set
from hasenpfeffer_core.engine.cards import format_cards
from hasenpfeffer_core.faces import cli
from hasenpfeffer_core.faces.cli import practice as cli_practice

#: A principle of play: its questions come with choices and three hint steps.
PRINCIPLE = "second-hand-low"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh, empty progress folder of this test's own."""
    folder = tmp_path / "home"
    monkeypatch.setenv("HASENPFEFFER_HOME", str(folder))
    return folder


run = run_cli  # (tests/_support.py)


def last_line(out: str) -> str:
    return out.rstrip("\n").splitlines()[-1]


def assert_bad_input(code: int, out: str, err: str) -> str:
    """Exit status 2, one line on stderr starting ``hasenpfeffer:``, no traceback."""
    assert code == 2, (code, err)
    assert "Traceback" not in out + err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("hasenpfeffer: ")
    return lines[0]


def answers_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    """The ``answers: N`` line of ``hasenpfeffer progress``."""
    code, out, err = run(monkeypatch, capsys, "progress")
    assert (code, err) == (0, ""), err
    found = [line for line in out.splitlines() if line.startswith("answers:")]
    assert len(found) == 1, out
    return found[0]


def seeded(monkeypatch: pytest.MonkeyPatch, first: int) -> Iterator[int]:
    """Make practice draw its questions from ``random.Random(first)``, then
    ``random.Random(first + 1)`` and so on; returns those seeds, in that order."""
    seeds = iter(range(first, first + 10_000))
    monkeypatch.setattr(cli_practice, "_fresh_rng", lambda: random.Random(next(seeds)))
    return iter(range(first, first + 10_000))


def right_answer(q: Question) -> str:
    """A right answer to ``q`` as a learner would type it."""
    if q.kind == "trick-winner":
        return str(q.answer.name)
    if q.kind in ("legal-play", "order"):
        return " ".join(c.ascii for c in q.answer)
    if q.kind in ("bid", "principle"):
        return str(q.details["right"][0])
    return str(q.answer)


def other_answer(q: Question) -> str:
    """An answer to ``q`` the command accepts as an answer, and that is most likely wrong."""
    if q.kind == "trick-winner":
        return next(s.name for s, _ in q.trick if s is not q.answer)
    if q.kind == "order":
        return " ".join(c.ascii for c in reversed(q.answer))
    if q.kind == "legal-play":
        return format_cards(q.hand[:1]) if len(q.answer) != 1 else format_cards(q.hand)
    if q.kind in ("bid", "principle"):
        values = [str(c["value"]) for c in q.details["choices"]]
        return next(v for v in values if v not in q.details["right"])
    tricks = max(len(h) for h in q.hands.values())
    return str((int(q.answer) + 1) % (tricks + 1))


# --- practice ---------------------------------------------------------------------------


def test_practice_with_piped_answers_scores_the_answers_given(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seeds = seeded(monkeypatch, 100)
    plan = Schedule().to_practise(count=4)  # a learner with no answers yet
    questions = [practice_question(c.key, random.Random(next(seeds))) for c in plan]
    typed = [right_answer(q) if i % 2 == 0 else other_answer(q) for i, q in enumerate(questions)]
    right = sum(q.check(a) for q, a in zip(questions, typed, strict=True))
    assert right >= 2  # the right answers typed at least

    code, out, err = run(
        monkeypatch, capsys, "practice", "--count", "4", stdin="\n".join(typed) + "\n"
    )
    assert (code, err) == (0, "")
    assert last_line(out) == f"score: {right}/4"
    assert out.count("✓ Right.") == right
    for number, (c, q) in enumerate(zip(plan, questions, strict=True), 1):
        assert f"Question {number} of 4: {c.name}" in out  # which concept is practised
        assert q.prompt.split(".")[0] in out
        assert " ".join(q.explanation.split()[:4]) in " ".join(out.split())
    next_time = out[out.index("Next time") :]
    for c in plan:
        assert re.search(
            rf"^  {re.escape(c.name)}: +due again (now|in (a|\d+) \w+)$", next_time, re.M
        )
    assert answers_line(monkeypatch, capsys) == "answers: 4"


def test_practice_answers_land_in_the_store_as_practice(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seeded(monkeypatch, 7)
    q = practice_question("left bower", random.Random(7))
    code, out, _ = run(
        monkeypatch,
        capsys,
        "practice",
        "--concept",
        "Left-Bower",  # its key, in any case, with a hyphen
        "--count",
        "1",
        stdin=right_answer(q) + "\n",
    )
    assert code == 0 and last_line(out) == "score: 1/1"
    [event] = open_store(home).answers()
    assert (event.source, event.right, event.item) == ("practice", True, q.key)
    assert "left bower" in event.concepts
    code, out, _ = run(monkeypatch, capsys, "progress")
    assert re.search(r"^  The left bower +\[[#-]{10}\] +\d+%  1/1 right  due ", out, re.M)


def test_a_principle_shows_the_position_and_gives_hints_step_by_step(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seeded(monkeypatch, 3)
    q = practice_question(PRINCIPLE, random.Random(3))
    assert q.kind == "principle"
    code, out, err = run(
        monkeypatch,
        capsys,
        "practice",
        "--concept",
        "second hand low",
        "--count",
        "1",
        stdin=f"hint\nhint\n{right_answer(q)}\n",
    )
    assert (code, err) == (0, "")
    flat = " ".join(out.split())
    assert f"Question 1 of 1: {concept(PRINCIPLE).name}" in out
    assert f"your hand ({q.seat.name if q.seat else ''}): {format_cards(q.hand)}" in out
    assert " ".join(q.prompt.split()) in flat
    assert all(str(c["label"]) in out for c in q.details["choices"])
    hints = q.details["hints"]
    assert f"Hint 1 of 3: {' '.join(hints[0].split())}" in flat
    assert f"Hint 2 of 3: {' '.join(hints[1].split())}" in flat
    assert "Hint 3 of 3" not in out
    assert "✓ Right." in out and last_line(out) == "score: 1/1"
    events = open_store(home).events()
    assert [e.hints for e in events if e.source == "hint"] == [1, 2]
    [answer] = [e for e in events if e.is_answer]
    assert (answer.source, answer.hints, answer.right) == ("practice", 2, True)
    assert answers_line(monkeypatch, capsys) == "answers: 1"


def test_a_wrong_principle_answer_says_what_the_principle_has_against_it(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the first seed whose position has something to say against a wrong choice
    for seed in range(200):
        q = practice_question("discard-low", random.Random(seed))
        if q.details["against"]:
            break
    else:  # pragma: no cover
        pytest.fail("no position with something against a choice")
    wrong, against = next(iter(q.details["against"].items()))
    seeded(monkeypatch, seed)
    code, out, _ = run(
        monkeypatch, capsys, "practice", "--concept", "discard-low", "--count", "1", stdin=wrong
    )
    assert code == 0
    flat = " ".join(out.split())
    labels = {c["value"]: c["label"] for c in q.details["choices"]}
    right = " or ".join(labels[v] for v in q.details["right"])
    assert f"✗ Wrong: the answer is {right}." in flat
    assert " ".join(against.split()) in flat
    assert last_line(out) == "score: 0/1"


def test_practice_stops_at_q_and_scores_what_was_answered(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seeded(monkeypatch, 11)
    q = practice_question("trumps", random.Random(11))
    code, out, _ = run(
        monkeypatch,
        capsys,
        "practice",
        "--concept",
        "trumps",
        "--count",
        "3",
        stdin=f"{right_answer(q)}\nq\n",
    )
    assert code == 0
    assert "Stopped after 1 of 3 questions." in out
    assert re.search(r"^  The order of the trumps: due again in (a|\d+) minutes?$", out, re.M)
    assert last_line(out) == "score: 1/1"
    assert answers_line(monkeypatch, capsys) == "answers: 1"


def test_hint_at_a_question_without_hints_asks_again(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seeded(monkeypatch, 5)
    q = practice_question("must follow", random.Random(5))
    code, out, err = run(
        monkeypatch,
        capsys,
        "practice",
        "--concept",
        "must follow",
        "--count",
        "1",
        stdin=f"hint\n{right_answer(q)}\n",
    )
    assert (code, err) == (0, "")
    assert "No hint for this question" in out
    assert last_line(out) == "score: 1/1"


def test_practice_refuses_an_unknown_concept_listing_them(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, "practice", "--concept", "the banana")
    line = assert_bad_input(code, out, err)
    assert "there is no concept 'the banana'" in line
    assert "left bower" in line and PRINCIPLE in line
    assert not (home / FILE_NAME).exists()


@pytest.mark.parametrize("count", ["0", "1001", "x"])
def test_practice_count_is_bounded_like_quiz(
    count: str, home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, "practice", "--count", count)
    assert_bad_input(code, out, err)


# --- quiz records -----------------------------------------------------------------------


def test_quiz_records_every_answer(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    questions = quiz_set("trick-winner", 2, seed=1)
    code, _, _ = run(
        monkeypatch,
        capsys,
        "quiz",
        "--kind",
        "trick-winner",
        "--count",
        "2",
        "--seed",
        "1",
        stdin="S\nW\n",
    )
    assert code == 0
    stored = open_store(home).answers()
    assert [(e.source, e.item) for e in stored] == [("quiz", q.key) for q in questions]
    assert [e.right for e in stored] == [q.check(a) for q, a in zip(questions, "SW", strict=True)]
    assert answers_line(monkeypatch, capsys) == "answers: 2"


# --- progress ---------------------------------------------------------------------------


def test_progress_of_a_new_learner(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, "progress")
    assert (code, err) == (0, "")
    assert re.search(r"^  1\. The cards and their order +☆☆☆  0 of 6 exercises done$", out, re.M)
    assert "Concepts: none practised yet." in out
    assert "New today: Plain suits, The order of the trumps and The right bower." in out
    assert "answers: 0" in out.splitlines()
    assert last_line(out).endswith(f"kept on this machine only ({home}); nothing is sent anywhere.")


def test_progress_shows_stars_strength_and_what_is_due(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    store = open_store(home)
    # lesson 3 has one exercise: right first time is three stars
    store.record(Event.answer("exercise", "who-wins", ["trumped"], right=True, lesson=3))
    # lesson 2: two of its five exercises, one right after a hint
    store.record(Event.answer("exercise", "follow-1", ["must follow"], right=True, lesson=2))
    store.record(Event.answer("exercise", "follow-2", ["void"], right=True, hints=1, lesson=2))
    code, out, _ = run(monkeypatch, capsys, "progress")
    assert code == 0
    assert re.search(r"^  3\. Who wins the trick +★★★  1 of 1 exercise done$", out, re.M)
    assert re.search(r"^  2\. Following suit +☆☆☆  2 of 5 exercises done$", out, re.M)
    for name in ("Trumping in", "Following suit", "Out of a suit"):
        assert re.search(rf"^  {name} +\[#*-*\] +\d+%  1/1 right  due in \d+ \w+$", out, re.M)
    assert "answers: 3" in out.splitlines()


def test_progress_stars_in_ascii_where_the_terminal_has_no_stars(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_store(home).record(Event.answer("exercise", "who-wins", ["trumped"], right=True, lesson=3))
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    monkeypatch.setattr(sys, "stdout", stream)
    assert cli.main(["progress"]) == 0
    stream.flush()
    out = raw.getvalue().decode("ascii")
    assert re.search(r"^  3\. Who wins the trick +\*\*\*  1 of 1 exercise done$", out, re.M)
    assert re.search(r"^  1\. The cards and their order +---  0 of 6", out, re.M)
    assert "?" not in out


def test_export_then_import_into_an_empty_home_gives_the_same_answers(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    run(
        monkeypatch,
        capsys,
        "quiz",
        "--kind",
        "ranking",
        "--count",
        "3",
        "--seed",
        "2",
        stdin="JK\n" * 3,
    )
    assert answers_line(monkeypatch, capsys) == "answers: 3"
    saved = tmp_path / "saved.jsonl"
    code, out, err = run(monkeypatch, capsys, "progress", "export", str(saved))
    assert (code, err) == (0, "")
    assert f"Saved your progress (3 answers) in {saved}." in out

    other = tmp_path / "other-home"
    monkeypatch.setenv("HASENPFEFFER_HOME", str(other))
    assert answers_line(monkeypatch, capsys) == "answers: 0"
    code, out, err = run(monkeypatch, capsys, "progress", "import", str(saved))
    assert (code, err) == (0, "")
    assert f"Added 3 answers from {saved}" in out
    assert answers_line(monkeypatch, capsys) == "answers: 3"
    code, out, _ = run(monkeypatch, capsys, "progress", "import", str(saved))
    assert code == 0 and f"Added 0 answers from {saved}" in out
    assert answers_line(monkeypatch, capsys) == "answers: 3"
    ids = [e.id for e in open_store(other).answers()]
    assert sorted(ids) == sorted(e.id for e in open_store(home).answers())


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (None, "cannot read"),
        (b"\x00\xffnot a progress file\n", "not a progress file"),
        (b'{"format": "hasenpfeffer-progress", "version": 99}\n', "newer version"),
    ],
)
def test_importing_a_bad_file_is_one_line_and_changes_nothing(
    content: bytes | None,
    words: str,
    home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    open_store(home).record(Event.answer("quiz", "q1", ["joker"], right=True))
    before = (home / FILE_NAME).read_bytes()
    source = tmp_path / "bad.jsonl"
    if content is not None:
        source.write_bytes(content)
    code, out, err = run(monkeypatch, capsys, "progress", "import", str(source))
    assert words in assert_bad_input(code, out, err)
    assert (home / FILE_NAME).read_bytes() == before


def test_exporting_to_a_missing_folder_is_one_line(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "no-such-folder" / "saved.jsonl"
    code, out, err = run(monkeypatch, capsys, "progress", "export", str(target))
    assert "cannot write" in assert_bad_input(code, out, err)
    assert not target.exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["progress", "export"],
        ["progress", "import"],
        ["progress", "dance"],
        ["progress", "reset", "file.jsonl"],
        ["progress", "--yes"],
    ],
)
def test_progress_usage_errors_are_one_line(
    argv: list[str], home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, *argv)
    assert_bad_input(code, out, err)


def some_answers(home: Path) -> bytes:
    store = open_store(home)
    store.record(Event.answer("quiz", "q1", ["joker"], right=True))
    store.record(Event.answer("practice", "q2", ["left bower"], right=False))
    return (home / FILE_NAME).read_bytes()


@pytest.mark.parametrize("typed", ["no", "y", "", "YES please"])
def test_reset_without_yes_changes_nothing(
    typed: str, home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    before = some_answers(home)
    code, out, err = run(
        monkeypatch, capsys, "progress", "reset", stdin=typed + "\n" if typed else ""
    )
    assert (code, err) == (0, "")
    flat = " ".join(out.split())
    assert (
        f"Start again from nothing? Your answers are kept aside in {home}. Type yes to go on:"
        in flat
    )
    assert "Nothing changed." in out
    assert (home / FILE_NAME).read_bytes() == before
    assert list(home.glob("progress-*.jsonl")) == []
    assert answers_line(monkeypatch, capsys) == "answers: 2"


@pytest.mark.parametrize(("argv", "stdin"), [(["reset"], "yes\n"), (["reset", "--yes"], "")])
def test_reset_with_yes_keeps_the_old_answers_aside(
    argv: list[str],
    stdin: str,
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    before = some_answers(home)
    code, out, err = run(monkeypatch, capsys, "progress", *argv, stdin=stdin)
    assert (code, err) == (0, "")
    assert ("Type yes to go on" in out) == ("--yes" not in argv)
    [aside] = home.glob("progress-*.jsonl")
    assert f"Your old answers are kept in {aside}." in " ".join(out.split())
    assert aside.read_bytes() == before
    assert answers_line(monkeypatch, capsys) == "answers: 0"


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00garbage \xff\xfe\n{}\n", "it is not a progress file"),
        (
            b'{"format": "hasenpfeffer-progress", "version": 7}\n{"id": "x"}\n',
            "it was written by a newer version of hasenpfeffer",
        ),
    ],
)
def test_a_store_that_cannot_be_read_is_kept_aside_byte_for_byte(
    content: bytes,
    why: str,
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    home.mkdir()
    (home / FILE_NAME).write_bytes(content)
    code, out, err = run(monkeypatch, capsys, "progress")
    assert (code, err) == (0, "")
    [aside] = home.glob("progress-*.jsonl")
    assert aside.read_bytes() == content
    first = out.splitlines()[0]  # the notice comes first, on one line
    assert first.startswith(f"Your progress file could not be read: {why}")
    assert first.endswith(f"It is kept unchanged at {aside}, and a new one starts.")
    assert "answers: 0" in out.splitlines()


# --- a store that cannot be written -------------------------------------------------------


def test_an_unwritable_home_the_quiz_goes_on_and_says_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("HASENPFEFFER_HOME", str(blocker / "home"))  # even root cannot
    questions = quiz_set("trick-winner", 2, seed=1)
    right = sum(q.check(a) for q, a in zip(questions, "SW", strict=True))
    code, out, err = run(
        monkeypatch,
        capsys,
        "quiz",
        "--kind",
        "trick-winner",
        "--count",
        "2",
        "--seed",
        "1",
        stdin="S\nW\n",
    )
    assert code == 0
    assert last_line(out) == f"score: {right}/2"
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("hasenpfeffer: your answers are not being saved")
    assert str(blocker / "home") in lines[0]


def test_an_unwritable_home_practice_goes_on_and_says_when_due(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("HASENPFEFFER_HOME", str(blocker / "home"))
    seeded(monkeypatch, 9)
    q = practice_question("joker", random.Random(9))
    code, out, err = run(
        monkeypatch,
        capsys,
        "practice",
        "--concept",
        "joker",
        "--count",
        "1",
        stdin=right_answer(q) + "\n",
    )
    assert code == 0 and last_line(out) == "score: 1/1"
    assert "The Joker: due again in" in out
    assert len(err.splitlines()) == 1 and "not being saved" in err


def test_progress_in_an_unusable_home_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("HASENPFEFFER_HOME", str(blocker / "home"))
    code, out, err = run(monkeypatch, capsys, "progress")
    assert "cannot be read or written" in assert_bad_input(code, out, err)


# --- help and the installed command --------------------------------------------------------


@pytest.mark.parametrize("command", ["practice", "progress"])
def test_help_with_an_example(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, command, "--help")
    assert (code, err) == (0, "")
    assert f"hasenpfeffer {command}" in out.split("example", 1)[1]
    code, out, _ = run(monkeypatch, capsys, "--help")
    assert f"hasenpfeffer {command}" in out


def test_the_installed_command_practises_and_shows_progress(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "hasenpfeffer"
    assert script.exists(), f"{script} is missing: reinstall with 'pip install -e .'"
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["HASENPFEFFER_HOME"] = str(tmp_path / "home")

    def hasenpfeffer(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(script), *argv],
            input=stdin,
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            timeout=120,
            check=False,
        )

    done = hasenpfeffer("practice", "--concept", "trumps", "--count", "2", stdin="JK\nJK\n")
    assert (done.returncode, done.stderr) == (0, "")
    assert re.fullmatch(r"score: [0-2]/2", last_line(done.stdout))
    done = hasenpfeffer("progress")
    assert (done.returncode, done.stderr) == (0, "")
    assert "answers: 2" in done.stdout.splitlines()
    assert re.search(r"^  The order of the trumps +\[", done.stdout, re.M)
    lines = json.loads((tmp_path / "home" / FILE_NAME).read_text().splitlines()[1])
    assert lines["source"] == "practice"


# --- random input -------------------------------------------------------------------------

_PIECES = st.sampled_from(
    ["J♥", "JH", "JK", "9S", "pass", "bid 2", "hint", "N", "3", "q", "yes", "clubs", "", " "]
)
_LINE = st.one_of(st.text(max_size=20), st.lists(_PIECES, max_size=3).map(" ".join))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    argv=st.sampled_from(
        [
            ["practice", "--concept", "trumps", "--count", "2"],
            ["practice", "--concept", PRINCIPLE, "--count", "2"],
            ["practice", "--count", "2"],
            ["progress", "reset"],
        ]
    ),
    lines=st.lists(_LINE, max_size=5),
)
def test_random_input_is_output_or_one_line(argv: list[str], lines: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as mp:
        mp.setenv("HASENPFEFFER_HOME", folder)
        mp.setattr(cli_practice, "_fresh_rng", lambda: random.Random(1))
        mp.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(argv)
        answers = len(open_store(folder).answers())
    assert code in (0, 2), err.getvalue()
    assert "Traceback" not in out.getvalue() + err.getvalue()
    if code == 2:
        assert_bad_input(code, "", err.getvalue())
    else:
        assert err.getvalue() == ""
    if argv[0] == "practice" and code == 0:  # every answer marked is stored
        assert re.fullmatch(rf"score: \d+/{answers}", last_line(out.getvalue()))


@pytest.mark.parametrize("argv", [["progress"], ["practice", "--concept", "trumps"]])
def test_a_closed_pipe_is_quiet(argv: list[str], tmp_path: Path) -> None:
    # The reader is gone before the first byte is written: every write fails, and that
    # is not a problem with the progress folder.
    script = Path(sys.executable).parent / "hasenpfeffer"
    env = {**os.environ, "HASENPFEFFER_HOME": str(tmp_path / "home")}
    proc = subprocess.Popen(
        [str(script), *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=120) == 1
    assert err == b""
