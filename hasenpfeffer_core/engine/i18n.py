"""The language the learner reads: one translation function for every string they see.

Every sentence the project shows (an explanation, a quiz prompt, a verdict, a hint, an
error, a widget's label, the command line's output) goes through :func:`gettext` (``_``
in each module) with named placeholders, and never by gluing words together. The
catalogues are GNU gettext files managed with Babel (``make catalogues``:
``pybabel extract``, ``update``, ``compile``) in ``hasenpfeffer_core/locale/<lang>/
LC_MESSAGES/hasenpfeffer.po``; the compiled ``.mo`` files ship with the package and are
read with the standard library's :mod:`gettext`, so the engine still needs nothing else.

English is the language of the source strings and the default. The language is chosen
once with :func:`set_language` (a notebook, the command line's ``--lang``), or for a
stretch of code with :func:`language` (each widget draws in its own language).

>>> _ = gettext
>>> with language("it"):
...     _("{suit} are trumps. Which card is stronger?").format(suit="cuori")
'La briscola è cuori. Quale carta è più forte?'
>>> get_language()
'en'
>>> set_language("xx")  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
hasenpfeffer_core.InvalidDataError: unknown language 'xx': the languages are en (English), it (italiano), th (ไทย)
"""

from __future__ import annotations

import contextlib
import functools
import gettext as _gettext
import os
import re
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Final

from .exceptions import InvalidDataError

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LOCALE_DIR",
    "NP_",
    "NUMBER_SIGNS",
    "N_",
    "PSEUDO",
    "catalogue",
    "chosen_language",
    "ended",
    "get_language",
    "gettext",
    "in_language",
    "language",
    "language_from_environment",
    "ngettext",
    "npgettext",
    "number",
    "pgettext",
    "set_language",
    "whole_number",
]

#: The languages the project speaks, English (the source language) first.
LANGUAGES: Final = ("en", "it", "th")
#: Each language's name in itself, for a language menu.
LANGUAGE_NAMES: Final[Mapping[str, str]] = {"en": "English", "it": "italiano", "th": "ไทย"}
#: A pseudo-language for tests: every catalogued string comes back inside ``⟦ ⟧``, so a
#: string a learner sees that never went through the catalogue stands out.
PSEUDO: Final = "qps"
DOMAIN: Final = "hasenpfeffer"
#: How each language writes a number: its decimal sign and the sign between thousands,
#: from the Unicode CLDR (as Babel gives them: ``tests/test_i18n.py`` checks they agree;
#: Babel itself is not needed at run time, the live copy included).
NUMBER_SIGNS: Final[Mapping[str, tuple[str, str]]] = {
    "en": (".", ","),
    "it": (",", "."),
    "th": (".", ","),
}
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"

_default = "en"
_chosen = False  # (whether set_language has been called: the default was chosen)
_current: ContextVar[str | None] = ContextVar("hasenpfeffer_language", default=None)


def _check(lang: object) -> str:
    if isinstance(lang, str) and re.fullmatch(r"[A-Za-z]{2,3}([_-][A-Za-z0-9]+)?(\.[\w-]+)?", lang):
        base = lang.lower().replace("_", "-").split("-")[0].split(".")[0]
        if base in LANGUAGES or base == PSEUDO:
            return base
    names = ", ".join(f"{k} ({v})" for k, v in LANGUAGE_NAMES.items())
    if isinstance(lang, str):  # quoted, and cut short: the message stays one short line
        given = repr(lang[:40]) + (f"... ({len(lang)} characters)" if len(lang) > 40 else "")
    else:
        given = f"a {type(lang).__name__}"
    raise InvalidDataError(f"unknown language {given}: the languages are {names}")


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale asks for (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``, in the order gettext reads them), or English when it names none we speak.

    >>> language_from_environment({"LANG": "th_TH.UTF-8"})
    'th'
    >>> language_from_environment({"LANGUAGE": "de:it", "LANG": "de_DE.UTF-8"})
    'it'
    >>> language_from_environment({"LANG": "C.UTF-8"})
    'en'
    """
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for part in value.split(":"):
            base = part.split(".")[0].split("_")[0].split("-")[0].lower()
            if base in LANGUAGES:
                return base
        if var != "LANGUAGE":
            return "en"
    return "en"


def set_language(lang: str | None = None) -> str:
    """Speak ``lang`` (``"en"``, ``"it"``, ``"th"``; ``"it_IT.UTF-8"`` is read as
    ``"it"``) from now on, or the locale's language when ``lang`` is ``None``. Returns
    the language chosen. An unknown language is refused and nothing changes."""
    global _default, _chosen
    chosen = language_from_environment() if lang is None else _check(lang)
    _default, _chosen = chosen, True
    return chosen


def get_language() -> str:
    """The language strings are translated into here and now."""
    return _current.get() or _default


def chosen_language() -> str | None:
    """The language chosen here and now (by :func:`set_language` or inside a
    :func:`language` block), or ``None`` where nothing chose one and English is only the
    default: a widget then follows its notebook's lesson folder."""
    return _current.get() or (_default if _chosen else None)


@contextlib.contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the ``with`` block only (``None``: keep the language as it
    is). Widgets draw in their own language with it."""
    if lang is None:
        yield get_language()
        return
    token = _current.set(_check(lang))
    try:
        yield get_language()
    finally:
        _current.reset(token)


@functools.cache
def catalogue(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English has none: its strings are the source)."""
    if lang in ("en", PSEUDO):
        return _gettext.NullTranslations()
    try:
        with open(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as f:
            return _gettext.GNUTranslations(f)
    except OSError:  # not compiled yet (a checkout before `make catalogues`)
        return _gettext.NullTranslations()


def _known(key: str | tuple[str, int]) -> bool:
    """Whether ``key`` (a message, or a plural message and its form) is in the catalogue:
    the Italian one, which the tests keep complete (the pseudo-language's yardstick)."""
    cat = catalogue("it")
    return isinstance(cat, _gettext.GNUTranslations) and key in cat._catalog  # type: ignore[attr-defined]


def gettext(message: str) -> str:
    """``message`` in the current language."""
    if not isinstance(message, str):
        raise TypeError(f"a message is text, got {type(message).__name__}")
    lang = get_language()
    if lang == "en":
        return message
    if lang == PSEUDO:
        return f"⟦{message}⟧" if _known(message) else message
    return catalogue(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, by the current language's plural rule
    (Italian has two forms, Thai one). The caller fills in ``{n}`` with ``format``."""
    if not isinstance(n, int):
        raise TypeError(f"a count is a whole number, got {type(n).__name__}")
    lang = get_language()
    if lang == "en":
        return singular if n == 1 else plural
    if lang == PSEUDO:
        chosen = singular if n == 1 else plural
        return f"⟦{chosen}⟧" if _known((singular, 0)) else chosen
    return catalogue(lang).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells apart two uses of
    the same English word (``"seat"`` and ``"suit"`` both read "S" in a table)."""
    lang = get_language()
    if lang == "en":
        return message
    if lang == PSEUDO:
        return f"⟦{message}⟧" if _known(f"{context}\x04{message}") else message
    return catalogue(lang).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context, as :func:`pgettext`."""
    lang = get_language()
    if lang == "en":
        return singular if n == 1 else plural
    if lang == PSEUDO:
        chosen = singular if n == 1 else plural
        return f"⟦{chosen}⟧" if _known((f"{context}\x04{singular}", 0)) else chosen
    return catalogue(lang).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now: for wording kept
    in a table at import time and translated with :func:`gettext` where it is shown."""
    return message


def NP_(context: str, message: str) -> str:
    """:func:`N_` with a context: translated later with :func:`pgettext` and the same
    ``context``."""
    return message


def number(value: float, digits: int = 1, *, signed: bool = False) -> str:
    """``value`` as the learner's language writes it, with ``digits`` decimals and the
    thousands grouped; with ``signed``, a plus before a number above zero. Every figure a
    learner reads goes through here (Italian writes ``3,2``, not ``3.2``).

    >>> with language("it"):
    ...     number(3.14), number(2.06, signed=True), number(-0.04, signed=True), number(1234, 0)
    ('3,1', '+2,1', '0,0', '1.234')
    >>> number(-4.75, signed=True), number(1234.5)
    ('-4.8', '1,234.5')
    """
    text = f"{value:,.{digits}f}"
    zero = not text.strip("-0.,")
    if zero:
        text = text.lstrip("-")  # -0.0 is 0.0
    elif signed and not text.startswith("-"):
        text = "+" + text
    return in_language(text)


def whole_number(value: float, *, signed: bool = False) -> str:
    """:func:`number` with no decimals where ``value`` is whole (a score: ``2``, ``-3``)
    and one where it is not (``1.5``).

    >>> whole_number(2.0), whole_number(-3.0, signed=True), whole_number(1.5)
    ('2', '-3', '1.5')
    """
    return number(value, 0 if value == round(value) else 1, signed=signed)


#: The languages whose sentences end with no mark: Thai separates them by a space.
_NO_FULL_STOP = frozenset({"th"})


def ended(sentence: str) -> str:
    """``sentence`` ended as the learner's language ends one: with a full stop where it
    has none yet, or, in Thai, which uses no full stop, as it is (a space after it
    separates it from the next).

    >>> ended("You bid 4"), ended("Right.")
    ('You bid 4.', 'Right.')
    >>> with language("th"):
    ...     ended("คุณประมูล 6")
    'คุณประมูล 6'
    """
    if get_language() in _NO_FULL_STOP or sentence.rstrip().endswith((".", "!", "?", "…")):
        return sentence
    return sentence + "."


def in_language(figure: str) -> str:
    """A figure written the English way (``1,234.5``, ``55.5%``) with the decimal sign and
    the thousands sign of the learner's language (for a figure formatted elsewhere, such
    as a chart's own format).

    >>> with language("it"):
    ...     in_language("1,234.5"), in_language("55.5%")
    ('1.234,5', '55,5%')
    """
    decimal, group = NUMBER_SIGNS.get(get_language(), NUMBER_SIGNS["en"])
    return figure.translate({ord("."): decimal, ord(","): group})
