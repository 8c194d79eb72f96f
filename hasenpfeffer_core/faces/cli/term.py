"""The terminal kit every ``hasenpfeffer`` command shares.

* :class:`Term`: where output goes and how it looks: red suits and the ✓/✗ marks in
  colour when asked (:func:`use_colour`: ``--color``, ``NO_COLOR``, ``TERM=dumb``),
  plain ASCII where the terminal cannot show the suit symbols, text wrapped to its width.
  Everything it prints goes through :func:`visible` first, so text from a file or typed
  at a prompt can never move the cursor, clear the screen or reorder the line: control
  characters are shown as escapes such as ``\\x1b``; only the Term's own colours are real;
* :class:`Reader`: answers and actions read from standard input one per line, each at
  most :data:`MAX_LINE` characters, whatever the encoding of the input;
* :class:`UsageError` and :func:`fail`: bad input ends with one line on standard error
  starting ``hasenpfeffer:`` and exit status 2;
* :func:`whole_number`: the numeric options, each with its bounds;
* :class:`Command`: what each command module declares (its help, its arguments, its run).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import shutil
import sys
import textwrap
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final, TextIO

from ...engine.i18n import gettext as _
from ...engine.i18n import ngettext
from ..text import visible

__all__ = [
    "COLOR_MODES",
    "MAX_ARGUMENT",
    "MAX_LINE",
    "MAX_SEED",
    "PROG",
    "Command",
    "Reader",
    "Stop",
    "Term",
    "UsageError",
    "drop_output",
    "fail",
    "isatty",
    "one_line",
    "open_terminal",
    "pad",
    "plain_text",
    "plain_words",
    "quote",
    "use_colour",
    "visible",
    "whole_number",
    "width",
]

PROG: Final = "hasenpfeffer"
COLOR_MODES: Final = ("auto", "always", "never")
#: The longest line read at a prompt (an answer, an action, a key), in characters.
MAX_LINE: Final = 1000
#: The longest argument on the command line, in characters (a file name, rules text...).
MAX_ARGUMENT: Final = 4096
#: The largest seed (``--seed``): nine digits.
MAX_SEED: Final = 999_999_999
#: The longest error message printed (longer ones are cut in the middle).
_MAX_MESSAGE: Final = 1000


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
#: The ASCII twin of each symbol the commands print: the suits, the marks, the stars.
_ASCII = str.maketrans(
    {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "✓": "+", "✗": "x", "★": "*", "☆": "-"}
)
_SPECIALS = "♠♥♦♣✓✗★☆"

# --- showing outside text ----------------------------------------------------------------


def plain_words(text: str) -> str:
    """A name as a learner may type it, for matching (a concept, a puzzle theme): case,
    hyphens, underscores, colons and a leading "the" ignored.

    >>> plain_words("The Left-Bower"), plain_words("No simple rule: read")
    ('left bower', 'no simple rule read')
    """
    for mark in ("-", "_", ":"):
        text = text.replace(mark, " ")
    words = text.casefold().replace("’", "'").split()
    if words and words[0] == "the":
        words = words[1:]
    return " ".join(words)


def quote(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut after ``limit`` characters if longer.

    >>> quote("J♥"), quote("9" * 5000, 10)
    ("'J♥'", "'9999999999...' (5000 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    # Translators: {text} is the start of a long text, quoted; {n} its whole length.
    return ngettext("{text} ({n} character)", "{text} ({n} characters)", len(text)).format(
        text=repr(text[:limit] + "..."), n=len(text)
    )


_BLANKS = re.compile(r"[ \t\n\r\f\v]+")


def width(text: str) -> int:
    """How many columns ``text`` takes on a terminal: combining marks (Thai vowels and
    tone marks) take none, wide characters two.

    >>> width("Hearts"), width("ไม้"), width("J♥")
    (6, 2, 2)
    """
    return sum(
        0
        if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf")
        else 2
        if unicodedata.east_asian_width(c) in ("W", "F")
        else 1
        for c in text
    )


def pad(text: str, columns: int, *, right: bool = False) -> str:
    """``text`` with spaces after it (before it, with ``right``) to fill ``columns``
    columns: ``f"{text:<n}"`` (``f"{text:>n}"``), counting the columns a terminal shows
    rather than the characters.

    >>> pad("9th", 5) + "|", pad("ไม้", 4) + "|", pad("ไม้", 4, right=True)
    ('9th  |', 'ไม้  |', '  ไม้')
    """
    fill = " " * max(0, columns - width(text))
    return fill + text if right else text + fill


def one_line(message: object) -> str:
    """``message`` on one line, its runs of white space made single spaces."""
    return _BLANKS.sub(" ", str(message)).strip()


def _encodable(text: str, stream: object, errors: str) -> str:
    """``text`` as ``stream``'s encoding can write it (``errors``: how to show the rest)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        return text.encode(encoding, errors).decode(encoding)
    except LookupError:
        return text.encode("ascii", errors).decode("ascii")


def plain_text(text: str, stream: object) -> str:
    """Help text as ``stream`` can show it: suit symbols in ASCII (``J♥`` as ``JH``)
    where its encoding has no suits, anything else it cannot write as ``?``."""
    if _can_encode(stream, _SPECIALS):
        return _encodable(text, stream, "replace")
    return _encodable(_to_ascii_suits(text), stream, "replace")


def _to_ascii_suits(text: str) -> str:
    text = _SYMBOL_CARD.sub(lambda m: ("T" if m[1] == "10" else m[1]) + m[2], text)
    return text.translate(_ASCII)


# --- the terminal --------------------------------------------------------------------------


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
    r"""Where output goes and how it looks: suit colours and symbols, or plain ASCII.

    All text goes out through :meth:`paint`, which first shows control characters as
    escapes (:func:`visible`): a title or a note from a file cannot act on the terminal.

    >>> out = io.StringIO()
    >>> Term(out, colour=True).say("A\x1b[2J title: 10♥")
    >>> out.getvalue()
    'A\\x1b[2J title: \x1b[31m10♥\x1b[0m\n'
    """

    out: TextIO
    colour: bool = False
    symbols: bool = True
    width: int = 80
    #: Where :meth:`warn` writes (standard error when not given).
    err: TextIO | None = None

    def paint(self, text: str) -> str:
        """``text`` as this terminal shows it: control characters escaped (line breaks
        kept), then the suits in ASCII or in colour."""
        text = visible(text, newlines=True)
        if not self.symbols:
            return _encodable(_to_ascii_suits(text), self.out, "replace")
        if self.colour:
            text = _RED_CARD.sub(lambda m: _RED + m[0] + _RESET, text)
            text = _MARKS.sub(lambda m: (_GREEN if m[0] == "✓" else _RED) + m[0] + _RESET, text)
        return _encodable(text, self.out, "replace")

    def say(self, text: str = "") -> None:
        """Print one or more lines."""
        self.out.write(self.paint(text) + "\n")

    def heading(self, title: str, rest: str = "") -> None:
        """Print one line: ``title`` in bold (when colouring), then ``rest``."""
        head = self.paint(title)
        if self.colour:
            head = _BOLD + head + _RESET
        self.out.write(head + self.paint(rest) + "\n")

    def wrap(self, text: str, indent: str = "  ") -> None:
        """Print ``text`` wrapped to the terminal's width, never inside a word
        (``North-South``, a file's path)."""
        for line in textwrap.wrap(
            text,
            self.width,
            initial_indent=indent,
            subsequent_indent=indent,
            break_on_hyphens=False,
            break_long_words=False,
        ) or [indent]:
            self.say(line)

    def prompt(self, text: str) -> None:
        self.out.write(self.paint(text))
        self.out.flush()

    def warn(self, message: str) -> None:
        """One line ``hasenpfeffer: message`` on standard error, after what was printed."""
        fail(UsageError(message), self.out, self.err if self.err is not None else sys.stderr)


# --- reading ---------------------------------------------------------------------------------

_SURROGATES = re.compile(r"[\ud800-\udfff]")


@dataclass
class Reader:
    """Lines from standard input. Piped input is echoed, so a transcript reads well.

    A line is at most :data:`MAX_LINE` characters; a longer one, or one that is not
    text, is refused (:meth:`refuse`) without being read into memory or looked at.
    Bytes the input's declared encoding cannot read are read as UTF-8 when they are
    (``J♥`` typed where the terminal claims to be ASCII).
    """

    stream: TextIO
    term: Term
    interactive: bool
    #: How many lines have been read so far.
    lines: int = 0

    def ask(self, prompt: str) -> str:
        """The next line, stripped; raises :class:`Stop` at the end of the input."""
        while True:
            self.term.prompt(prompt)
            line = self._readline()
            if line is None:
                continue
            if not line:
                if self.interactive:
                    self.term.say()
                raise Stop
            text = line.strip()
            if not self.interactive:
                self.term.say(text)
            return text

    def _readline(self) -> str | None:
        """The next line ("" at the end), or None when it was refused at a terminal."""
        self.lines += 1
        try:
            line = self.stream.readline(MAX_LINE + 1)
        except UnicodeDecodeError:
            # The stream cannot say where the bad line ends: stop here, even at a terminal.
            raise UsageError(self._not_text()) from None
        if len(line) > MAX_LINE and not line.endswith("\n"):
            if self.interactive:
                self._skip_line()
            else:
                self.term.say()  # end the prompt's line before the error
            self.refuse(self._too_long())
            return None
        if _SURROGATES.search(line):
            mended = _as_utf8(line, self.stream)
            if mended is None:
                if not self.interactive:
                    self.term.say()
                self.refuse(self._not_text())
                return None
            line = mended
        return line

    def _not_text(self) -> str:
        """Why the line just read was refused: it is not text."""
        if self.interactive:
            return _(
                "that line is not text that can be read (type it in UTF-8, or cards in "
                "plain letters such as JH)"
            )
        # Translators: {n} counts the lines of the input piped to the command (1, 2, 3...).
        return _(
            "line {n} of the input is not text that can be read (type it in UTF-8, or "
            "cards in plain letters such as JH)"
        ).format(n=self.lines)

    def _too_long(self) -> str:
        """Why the line just read was refused: it is too long."""
        if self.interactive:
            return _("that line is too long: type at most {most} characters").format(most=MAX_LINE)
        # Translators: {n} counts the lines of the input piped to the command (1, 2, 3...).
        return _("line {n} of the input is too long: type at most {most} characters").format(
            n=self.lines, most=MAX_LINE
        )

    def _skip_line(self) -> None:
        """Read and drop the rest of the current line, a bounded piece at a time."""
        while True:
            piece = self.stream.readline(MAX_LINE + 1)
            if not piece or piece.endswith("\n"):
                return

    def refuse(self, message: str) -> None:
        """Bad input: at a terminal, say why and let the caller ask again; otherwise stop."""
        if not self.interactive:
            raise UsageError(message)
        self.term.say(f"  ✗ {message}")


def _as_utf8(line: str, stream: object) -> str | None:
    """A line whose unreadable bytes came in as surrogates, read again as UTF-8
    (None if it is not UTF-8 either)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        return line.encode(encoding, "surrogateescape").decode("utf-8")
    except (UnicodeError, LookupError):
        return None


def _tolerant(stdin: TextIO) -> None:
    """Make standard input hand over bytes it cannot decode (as surrogates, which the
    :class:`Reader` reads again as UTF-8 or refuses) rather than raise."""
    if isinstance(stdin, io.TextIOWrapper) and stdin.errors == "strict":
        with contextlib.suppress(ValueError, OSError):
            stdin.reconfigure(errors="surrogateescape")


def open_terminal(
    mode: str,
    stdout: TextIO,
    stdin: TextIO,
    environ: Mapping[str, str],
    stderr: TextIO | None = None,
) -> tuple[Term, Reader]:
    """The output and the input of a command, with colour ``mode`` (see :func:`use_colour`).

    Output to a terminal is wrapped to its width (at most 100 columns); a reader is
    interactive (it asks again after bad input) when both ends are a terminal.
    """
    colour = use_colour(mode, stdout, environ)
    width = min(shutil.get_terminal_size((80, 24)).columns, 100) if isatty(stdout) else 80
    term = Term(stdout, colour, _can_encode(stdout, _SPECIALS), max(width - 1, 40), stderr)
    _tolerant(stdin)
    return term, Reader(stdin, term, interactive=isatty(stdin) and isatty(stdout))


# --- errors and numbers ----------------------------------------------------------------------


def _shorten(text: str, limit: int = _MAX_MESSAGE) -> str:
    if len(text) <= limit:
        return text
    keep = limit // 2
    return f"{text[:keep]} ... {text[-keep:]}"


def fail(error: BaseException, stdout: TextIO, stderr: TextIO) -> int:
    """Report ``error`` as one line ``hasenpfeffer: ...`` on ``stderr``; returns 2.

    The message is made one line, control characters in it (from a file name or an
    answer it quotes) are shown escaped, and a very long one is cut in the middle.
    """
    try:
        stdout.flush()
    except (OSError, ValueError):
        drop_output(stdout)
    message = visible(_shorten(one_line(error)))
    line = _encodable(f"{PROG}: {message}\n", stderr, "backslashreplace")
    try:
        stderr.write(line)
        stderr.flush()
    except (OSError, ValueError):
        pass
    return 2


def drop_output(stdout: TextIO) -> None:
    """After the reader of the output went away (a closed pipe): send what is left of
    it nowhere, so that Python's own flush at exit has nothing to complain about."""
    if stdout is not sys.__stdout__:
        return
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stdout.fileno())
        os.close(devnull)


_WHOLE = re.compile(r"[+-]?[0-9]+")


def whole_number(low: int, high: int, too_many: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, refused in plain words
    otherwise. ``too_many`` is the message (marked with ``N_``, with the placeholders
    ``{number}`` and ``{most}``) that refuses a number above ``high``, saying what
    ``high`` is the most of. Its time is bounded: a number with far too many digits is
    refused without being converted.

    >>> count = whole_number(1, 1000, "{number} is more than {most}, the most questions in one quiz")
    >>> count("12")
    12
    >>> count("300000")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 300000 is more than 1000, the most questions in one quiz
    """

    def convert(text: str) -> int:
        digits = text.strip()
        if not _WHOLE.fullmatch(digits):
            raise argparse.ArgumentTypeError(
                _("{text} is not a whole number").format(text=quote(text))
            )
        shown = digits if len(digits) <= 20 else quote(digits, 20)
        sign = digits[0] if digits[0] in "+-" else ""
        body = digits.lstrip("+-").lstrip("0") or "0"
        # Wider than the bounds: out of range, whatever its value (and never converted).
        if len(body) > max(len(str(abs(low))), len(str(abs(high)))):
            value = low - 1 if sign == "-" else high + 1
        else:
            value = int(sign + body)
        if value < low:
            raise argparse.ArgumentTypeError(
                _("{number} is less than {least}").format(number=shown, least=low)
            )
        if value > high:
            message = _(too_many) if too_many else _("{number} is more than {most}")
            raise argparse.ArgumentTypeError(message.format(number=shown, most=high))
        return value

    return convert


@dataclass(frozen=True)
class Command:
    """One ``hasenpfeffer`` command, as its module declares it."""

    name: str
    #: One line, in the list of commands of ``hasenpfeffer --help`` (marked with ``N_``,
    #: translated when the help is made, as :attr:`description` is).
    summary: str
    #: The opening text of ``hasenpfeffer NAME --help``.
    description: str
    #: Example command lines, one a line, shown under ``example:``.
    examples: str
    #: Adds the command's own arguments to its parser.
    add_arguments: Callable[[argparse.ArgumentParser], None]
    #: Runs the command; returns the exit status.
    run: Callable[[argparse.Namespace, Term, Reader], int]
    #: More of the opening text, made (and translated) when the help is shown.
    more: Callable[[], str] | None = None

    def help_text(self) -> str:
        """The opening text of ``hasenpfeffer NAME --help``, in the current language."""
        text = _(self.description)
        return f"{text}\n{self.more()}" if self.more is not None else text
