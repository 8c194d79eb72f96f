"""The ``hasenpfeffer`` command against hostile input (issue 12, the command line).

Whatever a file, an argument or a line typed at a prompt holds, the command answers
with its own output or with exactly one line ``hasenpfeffer: ...`` on standard error
and exit status 2: never a traceback, never a control character that reaches the
terminal raw, never a read without bounds. Interrupts and closed pipes stay quiet, and
a played hand that cannot be saved where asked is saved elsewhere.

Most tests run ``main(argv)`` in the test process with the standard streams captured;
the ones about encodings, signals, pipes and ``/dev/zero`` run the installed command.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer_core import load, loads
from hasenpfeffer_core.analysis.quiz import quiz_set
from hasenpfeffer_core.engine.record import EXAMPLE
from hasenpfeffer_core.faces import cli
from hasenpfeffer_core.faces.cli import term as cli_term

DATA = Path(__file__).parent / "data"

#: What a terminal acts on instead of showing: C0 controls but the line break, DEL,
#: C1 controls, zero-width and bidi format characters, line and paragraph separators.
RAW = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069"
    "\u2028\u2029\ufeff\ud800-\udfff]"
)
#: The only escape sequences the command writes itself: bold, red, green and reset.
OWN_COLOURS = re.compile(r"\x1b\[(?:0|1|31|32)m")

#: Clear the screen, set the window title, a hyperlink, a C1 "CSI", a right-to-left
#: override and DEL.
HOSTILE = (
    "\x1b[2J\x1b]0;owned\x07\x1b]8;;http://evil.example/\x1b\\click\x1b]8;;\x1b\\"
    "\x9b31m\u202eevil\x7fend"
)


def entry_point() -> Path:
    """The installed ``hasenpfeffer`` script next to the interpreter running the tests."""
    script = Path(sys.executable).parent / "hasenpfeffer"
    assert script.exists(), f"{script} is missing: reinstall with 'pip install -e .'"
    return script


def run(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    *argv: str,
    stdin: str | io.TextIOBase = "",
) -> tuple[int, str, str]:
    """``main(argv)`` with ``stdin`` piped in; returns (exit status, stdout, stderr)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin) if isinstance(stdin, str) else stdin)
    monkeypatch.delenv("NO_COLOR", raising=False)
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_bad_input(code: int, out: str, err: str) -> str:
    """Exit status 2, one line on stderr starting ``hasenpfeffer:``, no traceback."""
    assert code == 2, (code, err)
    assert "Traceback" not in out + err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("hasenpfeffer: ")
    assert_nothing_raw(err)
    return lines[0]


def assert_nothing_raw(text: str) -> None:
    """No control character in ``text`` but the line breaks and our own colours."""
    found = RAW.search(OWN_COLOURS.sub("", text))
    assert found is None, f"raw {found.group()!r} at {found.start()}: {text!r}"


def hostile_record(tmp_path: Path) -> Path:
    """The example record with ``HOSTILE`` in its title, its point and a note."""
    text = (
        EXAMPLE.replace("title: A short example", f"title: Title {HOSTILE}")
        .replace("point: The left", f"point: Point {HOSTILE} The left")
        .replace("S play 10♠", f"S play 10♠ {{Note {HOSTILE}}}")
    )
    path = tmp_path / "hostile.hand"
    path.write_text(text, encoding="utf-8")
    return path


class Tty(io.StringIO):
    """Standard input at a terminal."""

    def isatty(self) -> bool:
        return True


def at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_term, "isatty", lambda stream: True)


# --- the escaping helper ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("char", "shown"),
    [
        ("\x1b", "\\x1b"),  # ESC: every ANSI and OSC sequence starts with it
        ("\x07", "\\x07"),  # BEL: ends an OSC sequence
        ("\r", "\\x0d"),  # carriage return: overwrites the line
        ("\x00", "\\x00"),
        ("\x7f", "\\x7f"),  # DEL
        ("\x9b", "\\x9b"),  # C1 CSI: an escape sequence in one character
        ("\x85", "\\x85"),  # C1 NEL
        ("\u202e", "\\u202e"),  # right-to-left override
        ("\u2066", "\\u2066"),  # left-to-right isolate
        ("\u200b", "\\u200b"),  # zero width space
        ("\u2028", "\\u2028"),  # line separator
        ("\ufeff", "\\ufeff"),  # byte-order mark
        ("\udcff", "\\udcff"),  # a byte that was not text
        ("\U000e0041", "\\U000e0041"),  # a tag character
    ],
)
def test_visible_shows_each_control_character_as_an_escape(char: str, shown: str) -> None:
    assert cli_term.visible(f"a{char}b") == f"a{shown}b"


def test_visible_keeps_text_and_suits() -> None:
    text = "J♥ 10♦ Café naïve 王 🂡 – “quoted” tab-free"
    assert cli_term.visible(text) == text
    assert cli_term.visible("one\ntwo") == "one\\x0atwo"
    assert cli_term.visible("one\ntwo", newlines=True) == "one\ntwo"


def test_the_terminal_escapes_outside_text_and_keeps_its_own_colours() -> None:
    out = io.StringIO()
    term = cli_term.Term(out, colour=True)
    term.heading(f"Title {HOSTILE}", " J♥")
    term.say(f"note {HOSTILE} 10♦ ✓")
    text = out.getvalue()
    assert_nothing_raw(text)
    assert "\\x1b[2J" in text and "\\u202e" in text and "\\x9b31m" in text
    assert "\x1b[1mTitle " in text  # bold: our own
    assert "\x1b[31mJ♥\x1b[0m" in text and "\x1b[31m10♦\x1b[0m" in text
    assert "\x1b[32m✓\x1b[0m" in text


def test_the_terminal_escapes_before_it_encodes() -> None:
    # In Latin-1, U+009B would be the single byte 0x9B: a CSI on many terminals.
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="latin-1")
    cli_term.Term(stream, symbols=False).say("a\x9b2Jb \u202e é J♥")
    stream.flush()
    assert raw.getvalue() == b"a\\x9b2Jb \\u202e \xe9 JH\n"


# --- escapes from a record (replay, solve) -----------------------------------------------


@pytest.mark.parametrize("colour", ["never", "always"])
def test_replay_shows_a_records_control_characters_escaped(
    colour: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = hostile_record(tmp_path)
    code, out, err = run(monkeypatch, capsys, "--color", colour, "replay", "--all", str(path))
    assert (code, err) == (0, "")
    assert_nothing_raw(out)
    title = next(line for line in out.splitlines() if "Title" in line)
    assert "\\x1b[2J" in title and "\\x1b]0;owned\\x07" in title and "\\u202eevil" in title
    assert "Point \\x1b[2J" in out
    assert "Note \\x1b[2J" in out


def test_replay_at_a_terminal_shows_notes_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    at_a_terminal(monkeypatch)
    path = hostile_record(tmp_path)
    steps = len(loads(path.read_text(encoding="utf-8")).moves)
    code, out, err = run(
        monkeypatch, capsys, "--color", "always", "replay", str(path), stdin="\n" * (steps + 1)
    )
    assert (code, err) == (0, "")
    assert_nothing_raw(out)
    assert "Note \\x1b[2J" in out


def test_solve_shows_a_records_title_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = hostile_record(tmp_path)
    code, out, err = run(monkeypatch, capsys, "--color", "always", "solve", str(path))
    assert (code, err) == (0, "")
    assert_nothing_raw(out)
    assert out.splitlines()[0].startswith("\x1b[1mTitle \\x1b[2J")


@pytest.mark.parametrize("command", ["replay", "solve"])
def test_a_file_name_with_control_characters_is_shown_escaped(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    name = str(tmp_path / "\x1b]0;owned\x07\u202e.hand")
    code, out, err = run(monkeypatch, capsys, command, name)
    line = assert_bad_input(code, out, err)
    assert "\\x1b]0;owned\\x07\\u202e.hand: no such file" in line


def test_an_error_quoting_a_record_line_is_shown_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.hand"
    path.write_text(EXAMPLE.replace("S play 10♠", "S play \x1b[2J"), encoding="utf-8")
    code, out, err = run(monkeypatch, capsys, "replay", str(path))
    line = assert_bad_input(code, out, err)
    assert str(path) in line and "line 21" in line


def test_solve_falls_back_to_the_file_name_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "\x1b[2Jnameless.hand"
    path.write_text(EXAMPLE.replace("title: A short example\n", ""), encoding="utf-8")
    code, out, err = run(monkeypatch, capsys, "solve", str(path))
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "\\x1b[2Jnameless.hand"


# --- escapes from the prompt and the arguments (quiz, play, rank) -----------------------------


def test_a_piped_answer_with_control_characters_is_refused_escaped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        monkeypatch, capsys, "quiz", "--kind", "ranking", "--seed", "1", stdin=HOSTILE + "\n"
    )
    line = assert_bad_input(code, out, err)
    assert "answer to question 1" in line and "\\x1b[2J" in line
    assert_nothing_raw(out)  # the echo of the answer too
    assert "\\x1b[2J" in out


def test_at_a_terminal_an_answer_with_control_characters_is_shown_escaped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    at_a_terminal(monkeypatch)
    q = quiz_set("trick-winner", 1, seed=4)[0]
    code, out, err = run(
        monkeypatch,
        capsys,
        "--color",
        "always",
        "quiz",
        "--kind",
        "trick-winner",
        "--count",
        "1",
        "--seed",
        "4",
        stdin=f"{HOSTILE}\n{q.answer.name}\n",
    )
    assert (code, err) == (0, "")
    assert_nothing_raw(out)
    assert "answer to question 1: '\\x1b[2J" in out
    assert out.rstrip("\n").splitlines()[-1] == "score: 1/1"


def test_play_at_a_terminal_shows_a_typed_action_escaped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    at_a_terminal(monkeypatch)
    code, out, err = run(
        monkeypatch, capsys, "--color", "always", "play", "--seed", "5", stdin=f"{HOSTILE}\nq\n"
    )
    assert (code, err) == (0, "")
    assert_nothing_raw(out)
    assert "\\x1b[2J" in out
    assert out.rstrip().endswith("Stopped.")


def test_play_piped_refuses_a_typed_action_escaped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, "play", "--seed", "5", stdin=f"{HOSTILE}\n")
    assert "\\x1b[2J" in assert_bad_input(code, out, err)
    assert_nothing_raw(out)


@pytest.mark.parametrize(
    "argv",
    [
        ["rank", HOSTILE],
        ["quiz", "--kind", HOSTILE],
        ["play", "--rules", HOSTILE],
        ["play", "--opponents", HOSTILE],
        ["solve", "--position", f"N={HOSTILE}", "--trump", "H", "--leader", "N"],
        ["solve", "--position", "N=JK", "E=AS", "--trump", "H", "--leader", HOSTILE],
        [HOSTILE],
    ],
)
def test_an_argument_with_control_characters_is_refused_escaped(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, *argv)
    assert "\\x1b[2J" in assert_bad_input(code, out, err)


# --- bounded numbers, arguments and lines ----------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["quiz", "--count", "300000"], "more than 1000"),
        (["quiz", "--count", "1001"], "more than 1000"),
        (["quiz", "--count", "9" * 4000], "more than 1000"),
        (["quiz", "--count", "0"], "less than 1"),
        (["quiz", "--count", "-1"], "less than 1"),
        (["quiz", "--count", "1.5"], "not a whole number"),
        (["quiz", "--count", "١٢"], "not a whole number"),  # digits, but not 0-9
        (["quiz", "--count", "1_000"], "not a whole number"),
        (["quiz", "--seed", "-1"], "less than 0"),
        (["quiz", "--seed", "9" * 4000], "more than 999999999"),
        (["quiz", "--seed", "1e9"], "not a whole number"),
        (["play", "--seed", "-5"], "less than 0"),
        (["play", "--seed", "9" * 4000], "more than 999999999"),
        (["play", "--rules", "seed; target=99999"], "target"),
        (["play", "--rules", "seed; target=" + "9" * 4000], "--rules"),
        (["solve", "--at", "-1", str(DATA / "joker-led.hand")], "less than 0"),
        (["solve", "--at", "9" * 4000, str(DATA / "joker-led.hand")], "more than"),
        (["solve", "--at", "5000", str(DATA / "joker-led.hand")], "the record has actions 0 to"),
    ],
)
def test_absurd_numbers_are_refused_in_one_line(
    argv: list[str],
    words: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(monkeypatch, capsys, *argv)
    line = assert_bad_input(code, out, err)
    assert words in line
    assert len(line) < 300  # a 4,000-digit number is not printed back whole
    assert out == ""


def test_quiz_count_says_its_limit_and_takes_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, "quiz", "--count", "300000")
    assert "the most questions in one quiz" in assert_bad_input(code, out, err)
    code, out, err = run(monkeypatch, capsys, "quiz", "--count", "1000", "--seed", "1", stdin="q\n")
    assert (code, err) == (0, "")
    assert out.startswith("Quiz: 1000 questions")


def test_an_overlong_argument_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, "rank", "a" * 100_000)
    line = assert_bad_input(code, out, err)
    assert "too long" in line and "4096" in line and len(line) < 200


def test_a_ten_megabyte_answer_is_refused_not_read(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        monkeypatch, capsys, "quiz", "--seed", "1", stdin="J" * 10_000_000 + "\nN\n"
    )
    line = assert_bad_input(code, out, err)
    assert "line 1 of the input is too long" in line and "1000" in line
    assert len(out) < 5_000  # not echoed back


def test_at_a_terminal_an_overlong_line_is_refused_and_asked_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    at_a_terminal(monkeypatch)
    q = quiz_set("trick-winner", 1, seed=4)[0]
    stdin = "J" * 10_000_000 + "\n" + q.answer.name + "\n"
    code, out, err = run(
        monkeypatch,
        capsys,
        "--color",
        "never",
        "quiz",
        "--kind",
        "trick-winner",
        "--count",
        "1",
        "--seed",
        "4",
        stdin=stdin,
    )
    assert (code, err) == (0, "")
    assert "✗ that line is too long: type at most 1000 characters" in out
    assert out.rstrip("\n").splitlines()[-1] == "score: 1/1"
    assert len(out) < 5_000


def test_a_record_longer_than_a_million_characters_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "huge.hand"
    path.write_text(EXAMPLE + "x" * 1_000_000, encoding="utf-8")
    code, out, err = run(monkeypatch, capsys, "replay", str(path))
    line = assert_bad_input(code, out, err)
    assert line.startswith(f"hasenpfeffer: {path}: ") and "too long" in line


def test_a_score_with_thousands_of_digits_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "score.hand"
    path.write_text(
        EXAMPLE.replace("dealer: W", f"dealer: W\nscore: NS {'9' * 5000}, EW 0"),
        encoding="utf-8",
    )
    for command in ("replay", "solve"):
        code, out, err = run(monkeypatch, capsys, command, str(path))
        line = assert_bad_input(code, out, err)
        assert str(path) in line and len(line) < 1100


# --- encodings, in the test process ----------------------------------------------------------


def ascii_stdin(data: bytes) -> io.TextIOWrapper:
    """Standard input that says it is ASCII, as with PYTHONIOENCODING=ascii."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="ascii")


def test_j_hearts_typed_where_the_input_claims_ascii_is_read(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    q = quiz_set("trick-winner", 1, seed=1)[0]
    code, out, err = run(
        monkeypatch,
        capsys,
        "quiz",
        "--kind",
        "trick-winner",
        "--count",
        "1",
        "--seed",
        "1",
        stdin=ascii_stdin("J♥\n".encode()),
    )
    assert (code, err) == (0, "")
    assert "> J♥" in out
    assert out.rstrip("\n").splitlines()[-1] == f"score: {int(q.check('J♥'))}/1"


@pytest.mark.parametrize("encoding", ["ascii", "utf-8"])
def test_input_that_is_not_text_is_one_line(
    encoding: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"\xff\xfe\x80\n"), encoding=encoding)
    code, out, err = run(monkeypatch, capsys, "quiz", "--seed", "1", stdin=stdin)
    assert "line 1 of the input is not text" in assert_bad_input(code, out, err)


def test_at_a_terminal_input_that_is_not_text_is_asked_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    at_a_terminal(monkeypatch)
    q = quiz_set("trick-winner", 1, seed=4)[0]
    data = b"\xff\xfe\n" + q.answer.name.encode() + b"\n"
    code, out, err = run(
        monkeypatch,
        capsys,
        "--color",
        "never",
        "quiz",
        "--kind",
        "trick-winner",
        "--count",
        "1",
        "--seed",
        "4",
        stdin=io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"),
    )
    assert (code, err) == (0, "")
    assert "✗ that line is not text" in out
    assert out.rstrip("\n").splitlines()[-1] == "score: 1/1"


def test_output_that_cannot_show_a_character_shows_a_question_mark(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cafe.hand"
    path.write_text(EXAMPLE.replace("A short example", "Café 王"), encoding="utf-8")
    raw = io.BytesIO()
    stdout = io.TextIOWrapper(raw, encoding="ascii")
    monkeypatch.setattr(sys, "stdout", stdout)
    monkeypatch.setattr(sys, "stdin", io.StringIO())
    code = cli.main(["replay", "--all", str(path)])
    stdout.flush()
    assert code == 0
    assert raw.getvalue().decode("ascii").startswith("Caf? ?\n")


def test_help_where_the_output_is_ascii(monkeypatch: pytest.MonkeyPatch) -> None:
    for argv in (["--help"], ["replay", "--help"], ["rank", "--help"], ["play", "--help"]):
        raw = io.BytesIO()
        stdout = io.TextIOWrapper(raw, encoding="ascii")
        monkeypatch.setattr(sys, "stdout", stdout)
        assert cli.main(argv) == 0
        stdout.flush()
        assert "usage: hasenpfeffer" in raw.getvalue().decode("ascii")


# --- interrupts, closed streams, unexpected errors -------------------------------------------


class Interrupted(io.StringIO):
    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


@pytest.mark.parametrize(
    "argv",
    [
        ["quiz", "--seed", "1"],
        ["play", "--seed", "5"],
        ["replay", str(DATA / "joker-led.hand")],
    ],
)
def test_ctrl_c_at_a_prompt_is_quiet(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    at_a_terminal(monkeypatch)
    code, out, err = run(monkeypatch, capsys, *argv, stdin=Interrupted())
    assert (code, err) == (130, "")
    assert out.endswith("> \n")


@pytest.mark.parametrize(
    "argv",
    [
        ["quiz", "--seed", "1"],
        ["play", "--seed", "5"],
        ["replay", str(DATA / "joker-led.hand")],
    ],
)
def test_the_end_of_the_input_at_a_prompt_is_quiet(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    at_a_terminal(monkeypatch)
    code, _, err = run(monkeypatch, capsys, *argv, stdin=Tty(""))
    assert (code, err) == (0, "")


def test_a_closed_standard_input_reads_as_empty(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    code = cli.main(["quiz", "--seed", "1"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out.rstrip("\n").splitlines()[-1] == "score: 0/0"


def test_an_unexpected_error_is_one_line_with_status_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def boom(*args: object) -> int:
        raise RuntimeError("a bug \x1b[2J")

    rank = cli._COMMANDS["rank"]
    monkeypatch.setitem(cli._COMMANDS, "rank", dataclasses.replace(rank, run=boom))
    code, _, err = run(monkeypatch, capsys, "rank", "H")
    assert code == 1
    assert err == "hasenpfeffer: unexpected error, please report it: RuntimeError: a bug \\x1b[2J\n"


# --- play --save ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "words"),
    [
        ("missing/hand.hand", "there is no folder"),
        (".", "this is a folder"),
        ("folder", "this is a folder"),
        ("file.txt/hand.hand", "file.txt is a file, not a folder"),
        ("", "give the name of a file"),
    ],
)
@pytest.mark.parametrize("game", [False, True])
def test_play_refuses_a_save_file_it_cannot_write_before_dealing(
    where: str,
    words: str,
    game: bool,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    argv = ["play", "--auto", "--seed", "1", "--save", where] + (["--game"] if game else [])
    code, out, err = run(monkeypatch, capsys, *argv)
    line = assert_bad_input(code, out, err)
    assert line.startswith(f"hasenpfeffer: --save {where}: {words}")
    assert out == ""  # refused before a card was dealt
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt", "folder"]


def saved_elsewhere(err: str, path: str) -> Path:
    """The file named in the one warning line of a failed save."""
    lines = err.splitlines()
    assert len(lines) == 1 and "Traceback" not in err
    match = re.fullmatch(
        rf"hasenpfeffer: could not save the hand to {re.escape(path)} \(.+\); "
        r"saved it to (.+) instead",
        lines[0],
    )
    assert match, lines[0]
    return Path(match[1])


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_hand_that_cannot_be_saved_goes_to_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(
        monkeypatch, capsys, "play", "--auto", "--seed", "1", "--save", "/dev/full"
    )
    assert code == 1
    saved = saved_elsewhere(err, "/dev/full")
    assert saved.parent == tmp_path and saved.name.startswith("hasenpfeffer-hand-1-")
    record = load(saved)
    assert record.final_state().is_over
    assert "Result: " in out


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_hand_that_cannot_be_saved_goes_to_the_temporary_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(temp))
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()  # the current folder no longer exists: nothing can be written there
    code, _, err = run(monkeypatch, capsys, "play", "--auto", "--seed", "1", "--save", "/dev/full")
    assert code == 1
    saved = saved_elsewhere(err, "/dev/full")
    assert saved.parent == temp
    assert load(saved).final_state().is_over


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_hand_that_cannot_be_saved_anywhere_is_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "no-such-folder"))
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    code, out, err = run(
        monkeypatch, capsys, "play", "--auto", "--seed", "1", "--save", "/dev/full"
    )
    assert code == 1
    assert err.count("\n") == 1
    assert err.startswith("hasenpfeffer: could not save the hand to /dev/full")
    assert "it follows on the output" in err
    record = loads(out[out.rindex("title: Hand 1") :])
    assert record.final_state().is_over


def test_a_save_that_works_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.hand"
    code, out, err = run(monkeypatch, capsys, "play", "--auto", "--seed", "1", "--save", str(path))
    assert (code, err) == (0, "")
    assert f"Saved the hand to {path}." in out
    assert load(path).final_state().is_over


# --- the installed command: encodings, pipes, signals, /dev/zero ------------------------------


def clean_env(**extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("NO_COLOR", "PYTHONIOENCODING", "PYTHONUTF8", "LANG", "LC_ALL", "LC_CTYPE")
    }
    env.update(extra)
    return env


def installed(
    *argv: str, stdin: bytes = b"", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [str(entry_point()), *argv],
        input=stdin,
        capture_output=True,
        env=env if env is not None else clean_env(),
        timeout=120,
        check=False,
    )


def test_the_installed_command_reads_j_hearts_at_an_ascii_terminal() -> None:
    q = quiz_set("trick-winner", 1, seed=1)[0]
    done = installed(
        "quiz",
        "--kind",
        "trick-winner",
        "--count",
        "1",
        "--seed",
        "1",
        stdin="J♥\n".encode(),
        env=clean_env(PYTHONIOENCODING="ascii"),
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    out = done.stdout.decode("ascii")
    assert "> JH\n" in out  # echoed as the ASCII terminal can show it
    assert out.rstrip("\n").splitlines()[-1] == f"score: {int(q.check('J♥'))}/1"


@pytest.mark.parametrize(
    "env",
    [
        {"LANG": "C", "LC_ALL": "C"},
        {"PYTHONIOENCODING": "ascii", "LANG": "C", "LC_ALL": "C"},
        {"PYTHONIOENCODING": "utf-8"},
    ],
    ids=["C", "C-ascii", "utf-8"],
)
def test_the_installed_command_refuses_input_that_is_not_text_in_one_line(
    env: dict[str, str],
) -> None:
    done = installed("quiz", "--seed", "1", stdin=b"\xff\xfe\n", env=clean_env(**env))
    assert done.returncode == 2
    err = done.stderr.decode("utf-8")
    assert err.count("\n") == 1 and err.startswith("hasenpfeffer: line 1 of the input is not")


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["replay", "--help"],
        ["rank", "H"],
        ["replay", "--all", str(DATA / "joker-led.hand")],
        ["rank", "♥"],
        ["rank", "X♥\x1b"],
    ],
)
def test_the_installed_command_at_an_ascii_terminal_has_no_traceback(argv: list[str]) -> None:
    done = installed(*argv, env=clean_env(PYTHONIOENCODING="ascii", LANG="C", LC_ALL="C"))
    assert b"Traceback" not in done.stderr
    done.stdout.decode("ascii")  # plain ASCII throughout
    if argv[-1] == "X♥\x1b":
        assert done.returncode == 2
        assert done.stderr.decode("ascii").count("\n") == 1
        assert b"\x1b" not in done.stderr
    else:
        assert (done.returncode, done.stderr) == (0, b"")


def test_the_installed_command_refuses_dev_zero_at_once() -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("needs /dev/zero")
    for command in ("replay", "solve"):
        done = installed(command, "/dev/zero")
        assert done.returncode == 2
        err = done.stderr.decode("utf-8")
        assert err.count("\n") == 1 and err.startswith("hasenpfeffer: /dev/zero: ")
        assert "too long" in err and "1,000,000" in err


@pytest.mark.parametrize(
    "argv",
    [["rank", "H"], ["play", "--auto", "--game", "--seed", "3"], ["--help"]],
)
def test_a_closed_pipe_is_quiet(argv: list[str]) -> None:
    # The reader is gone before the first byte is written: every write fails.
    proc = subprocess.Popen(
        [str(entry_point()), *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=clean_env(),
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=120) == 1
    assert err == b""  # no traceback, no "Exception ignored"


def test_rank_into_head_is_quiet() -> None:
    done = subprocess.run(
        ["sh", "-c", f"'{entry_point()}' rank H | head -1"],
        capture_output=True,
        env=clean_env(),
        timeout=120,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.decode("utf-8") == "Hearts are trumps: the 25 cards, strongest first.\n"
    assert done.stderr == b""


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="needs SIGINT")
def test_ctrl_c_at_a_prompt_of_the_installed_command_is_quiet() -> None:
    proc = subprocess.Popen(
        [str(entry_point()), "quiz", "--seed", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=clean_env(),
        # Ctrl-C as at a terminal: a suite started in the background (``make test &``)
        # passes its children SIGINT ignored, and the command rightly keeps it ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stdout is not None
    seen = b""
    while not seen.endswith(b"> "):
        chunk = os.read(proc.stdout.fileno(), 4096)
        assert chunk, seen
        seen += chunk
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err == b""
    assert out == b"\n"


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hasenpfeffer_core.faces.cli", "rank", "none"],
        capture_output=True,
        env=clean_env(PYTHONIOENCODING="utf-8"),
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.decode("utf-8").startswith("No trump: the 25 cards")


# --- random and mutated input at every command ---------------------------------------------------

_SUBCOMMANDS = [
    ["quiz", "--seed", "1", "--count", "2"],
    ["rank"],
    ["replay", "--all"],
    ["solve"],
    ["play", "--seed", "5"],
    ["practice", "--count", "1"],
    ["puzzle", "--count", "1"],
    ["progress"],
]
_PIECES = st.sampled_from(
    ["J♥", "JH", "JK", "pass", "N", "S", "3", "q", "hearts", "none", "", " ", "\x1b[2J", "\u202e"]
)
_LINE = st.one_of(
    st.text(max_size=30),
    st.lists(_PIECES, max_size=4).map(" ".join),
)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    command=st.sampled_from(_SUBCOMMANDS),
    argument=_LINE,
    lines=st.lists(_LINE, max_size=4),
    record=st.booleans(),
)
def test_random_input_to_every_command_is_output_or_one_line(
    command: list[str], argument: str, lines: list[str], record: bool
) -> None:
    argv = list(command)
    path = Path(tempfile.gettempdir()) / f"hasenpfeffer-fuzz-{os.getpid()}.hand"
    if command[0] in ("replay", "solve") and record:
        text = EXAMPLE.replace("A short example", argument).replace("S play 10♠", argument)
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        argv.append(str(path))
    elif command[0] in ("quiz", "play", "practice", "puzzle"):
        lines = [argument, *lines]  # what is typed at the prompt
    elif argument:
        argv.append(argument)
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO("".join(line + "\n" for line in lines))
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(argv)
    finally:
        sys.stdin = old_stdin
        path.unlink(missing_ok=True)
    assert code in (0, 2), err.getvalue()
    assert "Traceback" not in out.getvalue() + err.getvalue()
    assert_nothing_raw(out.getvalue())
    if code == 2:
        assert_bad_input(code, "", err.getvalue())
    else:
        assert err.getvalue() == ""
