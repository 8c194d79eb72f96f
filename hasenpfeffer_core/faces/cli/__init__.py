"""The ``hasenpfeffer`` command: practise, look up, replay, solve and play in a terminal.

::

    hasenpfeffer quiz --kind trick-winner --count 5   # questions, answers from stdin
    hasenpfeffer practice                             # spaced practice: what is due
    hasenpfeffer progress                             # stars, strength, what is due
    hasenpfeffer rank H                               # the 25 cards under a trump
    hasenpfeffer replay tests/data/joker-led.hand     # a hand record, step by step
    hasenpfeffer solve tests/data/joker-led.hand      # double-dummy analysis
    hasenpfeffer play --opponents expert              # a hand against the computer

The package only talks to the terminal: one module per command (``quiz``,
``practice``, ``progress``, ``rank``, ``replay``, ``solve``, ``play``), the terminal kit
in ``term`` and the words for hands and records in ``hands``; this module wires them
into one command line. Every rule,
explanation and judgement comes from the engine and the analysis:
:mod:`~hasenpfeffer_core.analysis.quiz` and :mod:`~hasenpfeffer_core.analysis.explain`
for questions and reasons, :mod:`~hasenpfeffer_core.engine.tricks` for the order of
the cards, :mod:`~hasenpfeffer_core.analysis.review` and
:mod:`~hasenpfeffer_core.analysis.solver` for double-dummy marks, and the play session
of :mod:`~hasenpfeffer_core.analysis.session` (computer players, undo, hints) for play,
and :mod:`~hasenpfeffer_core.analysis.progress` and
:mod:`~hasenpfeffer_core.analysis.practice` for the learner's answers (``quiz`` and
``practice`` record every one), the schedule and the stars.

Answers and actions are read from standard input one per line, so every command
also works with piped input. Bad input (an unreadable record, an unknown suit, an
answer that is not a card) ends with one line on standard error starting
``hasenpfeffer:`` and exit status 2; at a terminal the quiz and the game ask again
instead. Nothing read from a file, the command line or a prompt reaches the terminal
raw: its control characters are shown as escapes (``\\x1b``, ``\\u202e``). What is
read is bounded: a record up to a million characters, a typed line up to a thousand,
every number within its range (``--count`` at most 1000).

>>> main(["rank", "S", "--color", "never"])  # doctest: +ELLIPSIS
Spades are trumps: the 25 cards, strongest first.
<BLANKLINE>
trumps (8 cards)
   1  JK    the Joker
   2  J♠    right bower
   3  J♣    left bower
...
0
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NoReturn, TextIO

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from ...analysis.explain import join_and
from . import play, practice, progress, quiz, rank, replay, solve
from .term import (
    COLOR_MODES,
    MAX_ARGUMENT,
    PROG,
    Stop,
    UsageError,
    drop_output,
    fail,
    open_terminal,
    plain_text,
    quote,
)

__all__ = ["UsageError", "build_parser", "main"]

#: The commands, in the order ``hasenpfeffer --help`` lists them.
_COMMANDS: Final = {
    c.name: c
    for c in (
        quiz.COMMAND,
        practice.COMMAND,
        progress.COMMAND,
        rank.COMMAND,
        replay.COMMAND,
        solve.COMMAND,
        play.COMMAND,
    )
}


class _Parser(argparse.ArgumentParser):
    """argparse, but errors become one line and exit status 2 (see :func:`main`), and
    the help is written in what the terminal can show (``JH`` for ``J♥`` in ASCII)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        out = sys.stdout if file is None else file
        out.write(plain_text(self.format_help(), out))


_DESCRIPTION = """\
Learn Hasenpfeffer (Euchre with a Joker) in the terminal: practise with quiz
questions and spaced practice, see your progress, look up the order of the
cards, step through hand records with double-dummy marks, solve positions, and
play against the computer. Your answers are kept on this machine only.
Answers and actions are read one per line from standard input, so piped
input works too."""

_EPILOG = """\
examples:
  hasenpfeffer quiz --kind trick-winner --count 5
  hasenpfeffer practice
  hasenpfeffer progress
  hasenpfeffer rank H
  hasenpfeffer replay tests/data/joker-led.hand
  hasenpfeffer solve tests/data/joker-led.hand
  hasenpfeffer solve --position N=JK,9S E=AS,KS S=JH,QS W=9H,TS --trump H --leader N
  hasenpfeffer play --opponents expert

Suits are coloured on a terminal; NO_COLOR=1 or --color never turns that off.
Exit status: 0 ok, 2 bad input or usage, 1 a hand saved elsewhere than asked
(a line says where), the output closed early or an unexpected error,
130 interrupted."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``hasenpfeffer`` command."""
    fmt = argparse.RawDescriptionHelpFormatter
    parser = _Parser(prog=PROG, description=_DESCRIPTION, epilog=_EPILOG, formatter_class=fmt)
    parser.add_argument(
        "--color",
        "--colour",
        choices=COLOR_MODES,
        default="auto",
        help="colour the red suits: auto (on a terminal, unless NO_COLOR is set), "
        "always or never (default: auto)",
    )
    common = _Parser(add_help=False)
    common.add_argument(
        "--color",
        "--colour",
        choices=COLOR_MODES,
        default=argparse.SUPPRESS,
        help="colour the red suits: auto, always or never (default: auto)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for command in _COMMANDS.values():
        command.add_arguments(
            sub.add_parser(
                command.name,
                help=command.summary,
                description=command.description,
                epilog="example:\n" + textwrap.indent(command.examples, "  "),
                formatter_class=fmt,
                parents=[common],
            )
        )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hasenpfeffer`` command with ``argv`` (default: the real arguments).

    Returns the exit status: 0 when all went well; 2 for bad input or usage (one line
    on standard error, never a traceback); 130 after Ctrl-C; 1 when the output was
    closed early (``hasenpfeffer rank H | head -1``, quietly), when a hand could not be
    saved where asked (it is saved elsewhere, and a line says where), or for an
    unexpected error (one line; ``python -X dev`` shows its traceback).
    """
    # A closed standard stream (``<&-``, ``>&-``) reads as empty input and writes nowhere.
    stdin = sys.stdin if sys.stdin is not None else io.StringIO()
    stdout = sys.stdout if sys.stdout is not None else io.StringIO()
    stderr = sys.stderr if sys.stderr is not None else io.StringIO()
    try:
        code = _run(list(argv) if argv is not None else sys.argv[1:], stdout, stdin, stderr)
        stdout.flush()  # a closed pipe shows here, not in an "Exception ignored" at exit
        return code
    except (UsageError, ValueError) as e:
        # ValueError: the engine's own errors, and any value the engine could not take.
        return fail(e, stdout, stderr)
    except KeyboardInterrupt:
        try:
            stdout.write("\n")
            stdout.flush()
        except (OSError, ValueError):
            drop_output(stdout)
        return 130
    except BrokenPipeError:
        drop_output(stdout)
        return 1
    except Exception as e:
        if sys.flags.dev_mode:  # python -X dev: the traceback, for whoever fixes it
            raise
        report = UsageError(f"unexpected error, please report it: {type(e).__name__}: {e}")
        fail(report, stdout, stderr)
        return 1


def _run(argv: list[str], stdout: TextIO, stdin: TextIO, stderr: TextIO) -> int:
    for arg in argv:
        if len(arg) > MAX_ARGUMENT:
            raise UsageError(
                f"the argument {quote(arg, 30)} is too long: at most {MAX_ARGUMENT} characters"
            )
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
    if args.command is None:
        names = join_and(_COMMANDS, "or")
        raise UsageError(f"choose a command: {names} (see '{PROG} --help')")
    term, reader = open_terminal(args.color, stdout, stdin, os.environ, stderr)
    try:
        return _COMMANDS[args.command].run(args, term, reader)
    except Stop:
        return 0
