"""The fuzz suite: random and mutated input at every door the project has.

The engine's parsers (``tests/test_hostile_input.py``) and the command's subcommands with
random typed input (``tests/test_cli_hostile.py``) each have their own hypothesis tests.
This file makes sure those lists stay complete as the project grows (a new public parser
or a new subcommand that nobody fuzzes fails here), and adds what they do not cover:
random values for every option of every subcommand, and random text in every widget box
a learner types into. The contract under test is the one in issue 12:

* a parser raises only the project's own errors;
* the command answers with its output, or with one ``hasenpfeffer: ...`` line and exit
  status 2, never a traceback, and nothing it prints carries a raw control character;
* a widget shows a message and changes nothing, never raises or prints a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import unicodedata
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_cli_hostile import _SUBCOMMANDS
from test_hostile_input import PARSERS

import hasenpfeffer_core
from hasenpfeffer_core import Rules
from hasenpfeffer_core.faces import cli

#: Pieces an attacker or a clumsy typist would try, mixed into random text.
HOSTILE = [
    "9" * 5000, "-" + "9" * 40, "1e9", "nan", "inf", "0x1f", "{" * 200, "\\", "\x00",
    "\x1b[2J", "\x1b]0;title\x07", "\u202e", "\u2028", "\r", "\ufeff", "١٢", "J♥", "JH",
    "JK", "N", "S=J♥ A♥", "none", "seed; target=3", "pass", "bid 3", "..", "/dev/zero",
]  # fmt: skip
TEXT = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=40),
    st.lists(st.sampled_from(HOSTILE), min_size=1, max_size=3).map(" ".join),
)


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    for action in parser._actions:  # argparse keeps its subcommands here, and only here
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("the command has no subcommands")


SUBPARSERS = _subparsers()


def _options(name: str) -> list[tuple[str, bool]]:
    """Each option of a subcommand: its flag, and whether it takes a value."""
    found = []
    for action in SUBPARSERS[name]._actions:
        if not action.option_strings or isinstance(action, argparse._HelpAction):
            continue
        found.append((action.option_strings[0], action.nargs != 0))
    return found


#: Options left out of the random runs, and why.
SKIPPED = {
    # the computer plays every seat: a whole game runs with no input to stop it
    ("play", "--auto"),
    # writes files; its refusals have their own tests in test_cli_hostile.py
    ("play", "--save"),
}


def test_every_public_parser_is_fuzzed() -> None:
    names = [
        n
        for n in hasenpfeffer_core.__all__
        if n.startswith(("parse", "read", "load")) and n != "load"  # load: a path, see below
    ]
    fuzzed = {getattr(p, "__name__", "") for p in PARSERS}
    missing = [n for n in names if n not in fuzzed]
    assert missing == [], f"public parsers with no fuzz test: {missing}"
    assert Rules.parse in PARSERS
    # load() opens a path: test_hostile_input.py reads /dev/zero and binary files with it


def test_every_subcommand_is_fuzzed() -> None:
    fuzzed = {argv[0] for argv in _SUBCOMMANDS}
    assert set(SUBPARSERS) <= fuzzed, f"not fuzzed: {sorted(set(SUBPARSERS) - fuzzed)}"


def _run(argv: list[str], typed: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(typed)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(argv)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


def _raw_controls(text: str) -> list[str]:
    """Control and format characters printed raw (newlines and tabs are fine)."""
    return [
        c for c in text if c not in "\n\t" and unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")
    ]


@st.composite
def _command_lines(draw: st.DrawFn) -> list[str]:
    name = draw(st.sampled_from(sorted(SUBPARSERS)))
    argv = [name]
    options = [o for o in _options(name) if (name, o[0]) not in SKIPPED]
    for flag, takes_value in draw(st.lists(st.sampled_from(options), max_size=3, unique=True)):
        argv.append(flag)
        if takes_value:
            argv.append(draw(TEXT))
    if name in ("rank", "replay", "solve"):  # their positional argument
        argv.append(draw(TEXT))
    return argv


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(argv=_command_lines(), typed=st.lists(TEXT, max_size=2).map("\n".join))
def test_random_options_to_every_subcommand_are_output_or_one_line(
    argv: list[str], typed: str
) -> None:
    code, out, err = _run(argv, typed)
    assert "Traceback" not in out + err
    assert _raw_controls(out + err) == [], argv
    if code == 0:
        return
    assert code == 2, (argv, code, err)
    lines = err.strip().splitlines()
    # argparse's own refusals print the usage first; ours are one line
    assert lines and lines[-1].startswith("hasenpfeffer"), (argv, err)


# --- the widgets' boxes -------------------------------------------------------------------


@pytest.fixture(scope="module")
def widgets() -> Any:
    pytest.importorskip("ipywidgets")
    from hasenpfeffer_core.faces import widgets

    return widgets


def _no_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=TEXT)
def test_random_text_in_the_replayers_paste_box_changes_nothing(
    widgets: Any, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    r = widgets.HandReplayer("02")
    record = r.record
    r.record_text.value = text
    r.load_button.click()
    _no_traceback(capsys)
    if r.record is not record:  # random text that happens to be a record is fine
        return
    assert r.status.value, "a refused record says why"


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=TEXT)
def test_random_text_at_the_play_table_is_refused_or_played(
    widgets: Any, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    t = widgets.PlayTable(seed=3)
    before = list(t.state.log)
    assert t.act(text) is None
    _no_traceback(capsys)
    if list(t.state.log) == before:
        assert t.status.value, "a refused action says why"


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(value=st.one_of(st.integers(), st.integers(-(10**40), 10**40)))
def test_any_whole_number_in_a_quiz_seed_box_gives_a_question_or_a_message(
    widgets: Any, capsys: pytest.CaptureFixture[str], value: int
) -> None:
    quiz = widgets.TrickWinnerQuiz(seed=4)
    quiz.seed.value = value  # the box takes whole numbers only; the browser sends no other
    _no_traceback(capsys)
    assert quiz.question is not None
    assert quiz.seed.value == value or quiz.status.value, "a refused seed says why"
