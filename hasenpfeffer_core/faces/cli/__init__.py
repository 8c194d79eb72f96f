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

Everything the command says is in the learner's language: ``--lang it`` (or ``en``,
``th``; before or after the command), else the environment variable
``HASENPFEFFER_LANG``, else the locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``), else English. What the learner types stays the same in every language
(``JH``, ``pass``, ``hearts``, ``q``), as do the option names and values.

>>> main(["--lang", "en", "rank", "S", "--color", "never"])  # doctest: +ELLIPSIS
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
import re
import sys
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, NoReturn, TextIO

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from ...analysis.explain import join_and
from ...engine.i18n import LANGUAGE_NAMES, LANGUAGES, N_, PSEUDO, language
from ...engine.i18n import gettext as _
from ...engine.i18n import language_from_environment as _locale_language
from . import play, practice, progress, puzzle, quiz, rank, replay, solve
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

__all__ = ["LANG_VARIABLE", "UsageError", "build_parser", "choose_language", "main"]

#: The environment variable that chooses the language when ``--lang`` does not; it
#: wins over the locale.
LANG_VARIABLE: Final = "HASENPFEFFER_LANG"

#: The commands, in the order ``hasenpfeffer --help`` lists them.
_COMMANDS: Final = {
    c.name: c
    for c in (
        quiz.COMMAND,
        practice.COMMAND,
        puzzle.COMMAND,
        progress.COMMAND,
        rank.COMMAND,
        replay.COMMAND,
        solve.COMMAND,
        play.COMMAND,
    )
}


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's help layout, with the ``usage:`` heading in the learner's language."""

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[Any],
        prefix: str | None = None,
    ) -> None:
        if prefix is None:
            # Translators: the heading of the command line's usage line; keep the space.
            prefix = _("usage: ")
        super().add_usage(usage, actions, groups, prefix)


class _Parser(argparse.ArgumentParser):
    """argparse, but errors become one line and exit status 2 (see :func:`main`), the
    help is written in what the terminal can show (``JH`` for ``J♥`` in ASCII), and the
    headings argparse lets us set (usage, options, ``--help``) are in the learner's
    language."""

    def __init__(self, prog: str | None = None, *, add_help: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        parents: Sequence[argparse.ArgumentParser] = kwargs.pop("parents", ())
        super().__init__(prog, add_help=False, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument(
                "-h",
                "--help",
                action="help",
                default=argparse.SUPPRESS,
                help=_("show this help message and exit"),
            )
        # After --help, as argparse itself adds them (and under the same, translated, titles).
        for parent in parents:
            self._add_container_actions(parent)
            self._defaults.update(parent._defaults)

    def error(self, message: str) -> NoReturn:
        raise UsageError(
            # Translators: {message} is argparse's own (English) message about the command
            # line, such as "the following arguments are required: SUIT".
            _("{message} (see '{prog} --help')").format(message=message, prog=self.prog)
        )

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        out = sys.stdout if file is None else file
        out.write(plain_text(self.format_help(), out))


_DESCRIPTION: Final = N_(
    """\
Learn Hasenpfeffer (Euchre with a Joker) in the terminal: practise with quiz
questions and spaced practice, see your progress, look up the order of the
cards, step through hand records with double-dummy marks, solve positions, and
play against the computer. Your answers are kept on this machine only.
Answers and actions are read one per line from standard input, so piped
input works too."""
)

#: The example command lines of ``hasenpfeffer --help`` (the same in every language).
_EXAMPLES: Final = """\
  hasenpfeffer quiz --kind trick-winner --count 5
  hasenpfeffer practice
  hasenpfeffer progress
  hasenpfeffer rank H
  hasenpfeffer replay tests/data/joker-led.hand
  hasenpfeffer solve tests/data/joker-led.hand
  hasenpfeffer solve --position N=JK,9S E=AS,KS S=JH,QS W=9H,TS --trump H --leader N
  hasenpfeffer play --opponents expert"""

_NOTES: Final = N_(
    """\
Suits are coloured on a terminal; NO_COLOR=1 or --color never turns that off.
Exit status: 0 ok, 2 bad input or usage, 1 a hand saved elsewhere than asked
(a line says where), the output closed early or an unexpected error,
130 interrupted."""
)


def _epilog() -> str:
    # Translators: the heading above the example command lines of the main help.
    heading = _("examples:")
    return f"{heading}\n{_EXAMPLES}\n\n{_(_NOTES)}"


def _language_names() -> str:
    """``en (English), it (italiano), th (ไทย)``: each language's code and name."""
    return ", ".join(f"{code} ({LANGUAGE_NAMES[code]})" for code in LANGUAGES)


def _language(text: str) -> str:
    """An argparse type: a language code, ``en``, ``it`` or ``th``."""
    code = text.strip().lower()
    if code in LANGUAGES or code == PSEUDO:  # PSEUDO: for tests, never advertised
        return code
    raise argparse.ArgumentTypeError(
        # Translators: {languages} lists the codes and names, "en (English), it (italiano),
        # th (ไทย)"; the codes are what the learner types after --lang.
        _("unknown language {lang}: the languages are {languages}").format(
            lang=quote(text, 20), languages=_language_names()
        )
    )


def _add_language(parser: argparse.ArgumentParser, default: object) -> None:
    parser.add_argument(
        "--lang",
        type=_language,
        default=default,
        metavar="{" + ",".join(LANGUAGES) + "}",
        # Translators: {languages} lists the codes and names, "en (English), it (italiano),
        # th (ไทย)"; {variable} is the name of an environment variable.
        help=_(
            "the language of the output, one of {languages}; default: the one the "
            "variable {variable} names, else the locale's"
        ).format(languages=_language_names(), variable=LANG_VARIABLE),
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``hasenpfeffer`` command, in the current language."""
    parser = _Parser(prog=PROG, description=_(_DESCRIPTION), epilog=_epilog())
    parser.add_argument(
        "--color",
        "--colour",
        choices=COLOR_MODES,
        default="auto",
        help=_(
            "colour the red suits: auto (on a terminal, unless NO_COLOR is set), "
            "always or never (default: auto)"
        ),
    )
    _add_language(parser, None)
    common = _Parser(add_help=False)
    common.add_argument(
        "--color",
        "--colour",
        choices=COLOR_MODES,
        default=argparse.SUPPRESS,
        help=_("colour the red suits: auto, always or never (default: auto)"),
    )
    _add_language(common, argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title=_("commands"))
    for command in _COMMANDS.values():
        command.add_arguments(
            sub.add_parser(
                command.name,
                help=_(command.summary),
                description=command.help_text(),
                # Translators: the heading above a command's example command lines.
                epilog=_("example:") + "\n" + textwrap.indent(command.examples, "  "),
                parents=[common],
            )
        )
    return parser


def choose_language(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language of the command: ``--lang`` in ``argv``, else the environment
    variable :data:`LANG_VARIABLE`, else the locale (English when it names no language
    the command speaks). A language it does not speak, in ``--lang`` or the variable,
    is refused with :class:`UsageError`, in the locale's language.

    >>> choose_language(["--lang", "th", "rank", "H"], {"LANG": "it_IT.UTF-8"})
    'th'
    >>> choose_language(["rank", "--lang=it", "H"], {})
    'it'
    >>> choose_language(["rank", "H"], {"HASENPFEFFER_LANG": "th", "LANG": "it_IT.UTF-8"})
    'th'
    >>> choose_language(["rank", "H"], {"LC_ALL": "it_IT.UTF-8"})
    'it'
    >>> choose_language(["--lang", "xx", "rank", "H"], {"LANG": "C.UTF-8"})
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.faces.cli.term.UsageError: argument --lang: unknown language 'xx': the languages are en (English), it (italiano), th (ไทย) (see 'hasenpfeffer --help')
    """
    env = os.environ if environ is None else environ
    with language(_locale_language(env)) as locale_language:
        # Only --lang, written out in full (an abbreviation is read by the whole parser).
        early = _Parser(prog=PROG, add_help=False, allow_abbrev=False)
        early.add_argument("--lang", type=_language, default=None)
        given: str | None = early.parse_known_args(list(argv))[0].lang
        if given is not None:
            return given
        variable = env.get(LANG_VARIABLE, "").strip()
        if not variable:
            return locale_language
        # A locale's form (it_IT.UTF-8) names its language; any other text is quoted whole.
        form = re.fullmatch(r"([A-Za-z]{2,3})(?:[_-][A-Za-z0-9]+)?(?:\.[\w-]+)?", variable)
        try:
            return _language(form.group(1) if form else variable)
        except argparse.ArgumentTypeError as e:
            raise UsageError(f"{LANG_VARIABLE}: {e}") from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hasenpfeffer`` command with ``argv`` (default: the real arguments).

    Returns the exit status: 0 when all went well; 2 for bad input or usage (one line
    on standard error, never a traceback); 130 after Ctrl-C; 1 when the output was
    closed early (``hasenpfeffer rank H | head -1``, quietly), when a hand could not be
    saved where asked (it is saved elsewhere, and a line says where), or for an
    unexpected error (one line; ``python -X dev`` shows its traceback).

    The command speaks the language :func:`choose_language` picks, for this call only:
    the language of the program that calls it is the same afterwards.
    """
    # A closed standard stream (``<&-``, ``>&-``) reads as empty input and writes nowhere.
    stdin = sys.stdin if sys.stdin is not None else io.StringIO()
    stdout = sys.stdout if sys.stdout is not None else io.StringIO()
    stderr = sys.stderr if sys.stderr is not None else io.StringIO()
    args = list(argv) if argv is not None else sys.argv[1:]
    try:
        lang = choose_language(args)
    except UsageError as e:
        return fail(e, stdout, stderr)
    with language(lang):
        return _main(args, stdout, stdin, stderr)


def _main(argv: list[str], stdout: TextIO, stdin: TextIO, stderr: TextIO) -> int:
    try:
        code = _run(argv, stdout, stdin, stderr)
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
        report = UsageError(
            # Translators: {error} is the name of a Python exception and its (English) message.
            _("unexpected error, please report it: {error}").format(
                error=f"{type(e).__name__}: {e}"
            )
        )
        fail(report, stdout, stderr)
        return 1


def _run(argv: list[str], stdout: TextIO, stdin: TextIO, stderr: TextIO) -> int:
    for arg in argv:
        if len(arg) > MAX_ARGUMENT:
            raise UsageError(
                _("the argument {argument} is too long: at most {most} characters").format(
                    argument=quote(arg, 30), most=MAX_ARGUMENT
                )
            )
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
    if args.command is None:
        names = join_and(_COMMANDS, "or")
        raise UsageError(
            # Translators: {commands} lists the command names, which stay in English
            # ("quiz, practice, progress, rank, replay, solve or play").
            _("choose a command: {commands} (see '{prog} --help')").format(
                commands=names, prog=PROG
            )
        )
    # An abbreviated --lang (--lan it) is known only now.
    with language(args.lang):
        term, reader = open_terminal(args.color, stdout, stdin, os.environ, stderr)
        try:
            return _COMMANDS[args.command].run(args, term, reader)
        except Stop:
            return 0
