"""The ``hasenpfeffer`` command: practise, look up, replay, solve and play in a terminal.

::

    hasenpfeffer quiz --kind trick-winner --count 5   # questions, answers from stdin
    hasenpfeffer rank H                               # the 25 cards under a trump
    hasenpfeffer replay tests/data/joker-led.hand     # a hand record, step by step
    hasenpfeffer solve tests/data/joker-led.hand      # double-dummy analysis
    hasenpfeffer play --opponents expert              # a hand against the computer

The package only talks to the terminal: one module per command (``quiz``, ``rank``,
``replay``, ``solve``, ``play``), the terminal kit in ``term`` and the words for hands
and records in ``hands``; this module wires them into one command line. Every rule,
explanation and judgement comes from the engine and the analysis:
:mod:`~hasenpfeffer_core.analysis.quiz` and :mod:`~hasenpfeffer_core.analysis.explain`
for questions and reasons, :mod:`~hasenpfeffer_core.engine.tricks` for the order of
the cards, :mod:`~hasenpfeffer_core.analysis.review` and
:mod:`~hasenpfeffer_core.analysis.solver` for double-dummy marks, and the play session
of :mod:`~hasenpfeffer_core.analysis.session` (computer players, undo, hints) for play.

Answers and actions are read from standard input one per line, so every command
also works with piped input. Bad input (an unreadable record, an unknown suit, an
answer that is not a card) ends with one line on standard error starting
``hasenpfeffer:`` and exit status 2; at a terminal the quiz and the game ask again
instead.

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
import os
import sys
import textwrap
from collections.abc import Sequence
from typing import Final, NoReturn

from ...analysis.explain import join_and
from ...engine.errors import HasenpfefferError
from . import play, quiz, rank, replay, solve
from .term import COLOR_MODES, PROG, UsageError, fail, open_terminal

__all__ = ["UsageError", "build_parser", "main"]

#: The commands, in the order ``hasenpfeffer --help`` lists them.
_COMMANDS: Final = {
    c.name: c for c in (quiz.COMMAND, rank.COMMAND, replay.COMMAND, solve.COMMAND, play.COMMAND)
}


class _Parser(argparse.ArgumentParser):
    """argparse, but errors become one line and exit status 2 (see :func:`main`)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


_DESCRIPTION = """\
Learn Hasenpfeffer (Euchre with a Joker) in the terminal: practise with quiz
questions, look up the order of the cards, step through hand records with
double-dummy marks, solve positions, and play against the computer.
Answers and actions are read one per line from standard input, so piped
input works too."""

_EPILOG = """\
examples:
  hasenpfeffer quiz --kind trick-winner --count 5
  hasenpfeffer rank H
  hasenpfeffer replay tests/data/joker-led.hand
  hasenpfeffer solve tests/data/joker-led.hand
  hasenpfeffer solve --position N=JK,9S E=AS,KS S=JH,QS W=9H,TS --trump H --leader N
  hasenpfeffer play --opponents expert

Suits are coloured on a terminal; NO_COLOR=1 or --color never turns that off.
Exit status: 0 ok, 2 bad input or usage."""


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

    Returns the exit status: 0 when all went well, 2 for bad input or usage.
    """
    stdout, stdin, stderr = sys.stdout, sys.stdin, sys.stderr
    parser = build_parser()
    try:
        try:
            args = parser.parse_args(list(argv) if argv is not None else None)
        except SystemExit as e:  # --help
            return e.code if isinstance(e.code, int) else 0
        if args.command is None:
            names = join_and(_COMMANDS, "or")
            raise UsageError(f"choose a command: {names} (see '{PROG} --help')")
        term, reader = open_terminal(args.color, stdout, stdin, os.environ)
        return _COMMANDS[args.command].run(args, term, reader)
    except (UsageError, HasenpfefferError) as e:
        return fail(e, stdout, stderr)
    except KeyboardInterrupt:
        stdout.write("\n")
        return 130
    except BrokenPipeError:
        return 1
