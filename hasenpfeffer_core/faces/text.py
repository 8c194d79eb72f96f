r"""Showing outside text: what a file, a learner or another program wrote, shown as it is.

Text from outside (a hand's title and notes, a typed answer, a file name) may hold
characters a screen acts on rather than shows: control characters (ESC starts a
terminal's escape sequence), bidi overrides that reorder what follows, zero-width marks
that hide a difference. Every face shows such text through :func:`visible`, so each of
those characters appears as its escape (``\x1b``, ``\u202e``) in the terminal, in a
widget and on the site alike.

>>> print(visible("\x1b]0;owned\x07Jack\u202e of hearts ♥"))
\x1b]0;owned\x07Jack\u202e of hearts ♥
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

__all__ = ["visible"]

#: Runs of characters that are not printable ASCII (each then checked one by one).
_NOT_PLAIN = re.compile(r"[^\x20-\x7e]+")
_NOT_PLAIN_OR_NEWLINE = re.compile(r"[^\n\x20-\x7e]+")
#: The Unicode categories a screen acts on rather than shows: control characters (C0,
#: DEL, C1), format characters (bidi overrides, zero-width marks), lone surrogates (bytes
#: that were not text) and the line and paragraph separators.
_HIDDEN: Final = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _show_run(match: re.Match[str]) -> str:
    return "".join(_escape(c) if unicodedata.category(c) in _HIDDEN else c for c in match.group())


def visible(text: str, *, newlines: bool = False) -> str:
    r"""``text`` with every character a screen would act on shown as an escape.

    Control characters (ESC, carriage return, DEL, the C1 controls), format characters
    such as the right-to-left override and lone surrogates become ``\x1b``, ``\u202e``
    and so on; everything else, card symbols and Thai included, is kept. With
    ``newlines``, line breaks are kept too. The time taken grows linearly with the text.

    >>> visible("two\nlines", newlines=True) == "two\nlines"
    True
    """
    pattern = _NOT_PLAIN_OR_NEWLINE if newlines else _NOT_PLAIN
    return pattern.sub(_show_run, text)
