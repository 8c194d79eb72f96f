"""The terminal kit every ``hasenpfeffer`` command shares.

* :class:`Term`: where output goes and how it looks: red suits and the ✓/✗ marks in
  colour when asked (:func:`use_colour`: ``--color``, ``NO_COLOR``, ``TERM=dumb``),
  plain ASCII where the terminal cannot show the suit symbols, text wrapped to its width;
* :class:`Reader`: answers and actions read from standard input one per line;
* :class:`UsageError` and :func:`fail`: bad input ends with one line on standard error
  starting ``hasenpfeffer:`` and exit status 2;
* :class:`Command`: what each command module declares (its help, its arguments, its run).
"""

from __future__ import annotations

import argparse
import re
import shutil
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final, TextIO

__all__ = [
    "COLOR_MODES",
    "PROG",
    "Command",
    "Reader",
    "Stop",
    "Term",
    "UsageError",
    "fail",
    "isatty",
    "one_line",
    "open_terminal",
    "use_colour",
]

PROG: Final = "hasenpfeffer"
COLOR_MODES: Final = ("auto", "always", "never")


class UsageError(Exception):
    """Bad input or a bad command line: one line on stderr, exit status 2."""


class Stop(Exception):
    """The user asked to stop (``q``) or the input ended."""


_RED = "\x1b[31m"
_GREEN = "\x1b[32m"
_BOLD = "\x1b[1m"
_RESET = "\x1b[0m"
_RED_CARD = re.compile(r"(?:10|[9JQKA])?[♥♦]")
_MARKS = re.compile(r"[✓✗]")
_SYMBOL_CARD = re.compile(r"(10|[9JQKA])([♠♥♦♣])")
_ASCII = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C", "✓": "+", "✗": "x"})
_SPECIALS = "♠♥♦♣✓✗"


def isatty(stream: object) -> bool:
    """Whether ``stream`` is a terminal (False for anything that cannot say)."""
    check = getattr(stream, "isatty", None)
    if check is None:
        return False
    try:
        return bool(check())
    except (ValueError, OSError):
        return False


def use_colour(mode: str, stream: object, environ: Mapping[str, str]) -> bool:
    """Whether to colour the suits: ``always``, ``never``, or ``auto`` (a terminal,
    ``NO_COLOR`` unset or empty, ``TERM`` not ``dumb``).

    >>> use_colour("auto", None, {}), use_colour("always", None, {"NO_COLOR": "1"})
    (False, True)
    """
    if mode == "always":
        return True
    if mode == "never":
        return False
    if environ.get("NO_COLOR", "") != "" or environ.get("TERM") == "dumb":
        return False
    return isatty(stream)


def _can_encode(stream: object, text: str) -> bool:
    """Whether ``stream``'s encoding can write ``text`` (UTF-8 when it does not say)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


@dataclass
class Term:
    """Where output goes and how it looks: suit colours and symbols, or plain ASCII."""

    out: TextIO
    colour: bool = False
    symbols: bool = True
    width: int = 80

    def paint(self, text: str) -> str:
        """``text`` as this terminal shows it."""
        if not self.symbols:
            text = _SYMBOL_CARD.sub(lambda m: ("T" if m[1] == "10" else m[1]) + m[2], text)
            text = text.translate(_ASCII)
            encoding = getattr(self.out, "encoding", None) or "ascii"
            return text.encode(encoding, "replace").decode(encoding)
        if self.colour:
            text = _RED_CARD.sub(lambda m: _RED + m[0] + _RESET, text)
            text = _MARKS.sub(lambda m: (_GREEN if m[0] == "✓" else _RED) + m[0] + _RESET, text)
        return text

    def bold(self, text: str) -> str:
        return _BOLD + text + _RESET if self.colour else text

    def say(self, text: str = "") -> None:
        """Print one or more lines."""
        self.out.write(self.paint(text) + "\n")

    def wrap(self, text: str, indent: str = "  ") -> None:
        """Print ``text`` wrapped to the terminal's width."""
        for line in textwrap.wrap(
            text, self.width, initial_indent=indent, subsequent_indent=indent
        ) or [indent]:
            self.say(line)

    def prompt(self, text: str) -> None:
        self.out.write(self.paint(text))
        self.out.flush()


@dataclass
class Reader:
    """Lines from standard input. Piped input is echoed, so a transcript reads well."""

    stream: TextIO
    term: Term
    interactive: bool

    def ask(self, prompt: str) -> str:
        """The next line, stripped; raises :class:`Stop` at the end of the input."""
        self.term.prompt(prompt)
        line = self.stream.readline()
        if not line:
            if self.interactive:
                self.term.say()
            raise Stop
        text = line.strip()
        if not self.interactive:
            self.term.say(text)
        return text

    def refuse(self, message: str) -> None:
        """Bad input: at a terminal, say why and let the caller ask again; otherwise stop."""
        if not self.interactive:
            raise UsageError(message)
        self.term.say(f"  ✗ {message}")


def open_terminal(
    mode: str, stdout: TextIO, stdin: TextIO, environ: Mapping[str, str]
) -> tuple[Term, Reader]:
    """The output and the input of a command, with colour ``mode`` (see :func:`use_colour`).

    Output to a terminal is wrapped to its width (at most 100 columns); a reader is
    interactive (it asks again after bad input) when both ends are a terminal.
    """
    colour = use_colour(mode, stdout, environ)
    width = min(shutil.get_terminal_size((80, 24)).columns, 100) if isatty(stdout) else 80
    term = Term(stdout, colour, _can_encode(stdout, _SPECIALS), max(width - 1, 40))
    return term, Reader(stdin, term, interactive=isatty(stdin) and isatty(stdout))


def one_line(message: object) -> str:
    """``message`` on one line, its runs of white space made single spaces."""
    return " ".join(str(message).split())


def fail(error: BaseException, stdout: TextIO, stderr: TextIO) -> int:
    """Report ``error`` as one line ``hasenpfeffer: ...`` on ``stderr``; returns 2."""
    stdout.flush()
    stderr.write(f"{PROG}: {one_line(error)}\n")
    return 2


@dataclass(frozen=True)
class Command:
    """One ``hasenpfeffer`` command, as its module declares it."""

    name: str
    #: One line, in the list of commands of ``hasenpfeffer --help``.
    summary: str
    #: The opening text of ``hasenpfeffer NAME --help``.
    description: str
    #: Example command lines, one a line, shown under ``example:``.
    examples: str
    #: Adds the command's own arguments to its parser.
    add_arguments: Callable[[argparse.ArgumentParser], None]
    #: Runs the command; returns the exit status.
    run: Callable[[argparse.Namespace, Term, Reader], int]
