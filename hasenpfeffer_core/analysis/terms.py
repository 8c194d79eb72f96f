"""The terminology table: every card term the lessons use, in English, Italian and Thai.

The table (``hasenpfeffer_core/locale/terms.toml``) is the one place where the project
chooses its words in each language: an established card-game word where the language
has one (Italian *presa*, *mazziere*, *briscola*; Thai ไพ่, สำรับ, ทรัมป์), a chosen one
where it has none, with the reason in a note. It also lists, for each term, the forms
the machine-translated source texts use for it wrongly, so that the source pages can
mark each one with the right word.

>>> term("trick").it, term("dealer").th
('presa', 'คนแจกไพ่')
>>> says_instead("destra bower", "it").key
'right_bower'
>>> says_instead("presa", "it") is None   # the source is right there
True
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

from ..engine.errors import InvalidDataError

__all__ = ["LANGUAGES", "Term", "says_instead", "term", "terms"]

#: The languages of the table, English first.
LANGUAGES: Final = ("en", "it", "th")
_FIELDS: Final = {
    "key", "en", "it", "th", "note", "wrong_it", "wrong_th", "avoid_it", "avoid_th",
}  # fmt: skip
_ABBR: Final = {"abbr_en", "abbr_it", "abbr_th"}


@dataclass(frozen=True)
class Term:
    """One term: its words in each language, why they were chosen, the wrong forms the
    source texts use for it, and the words the product must not use for it (by
    language)."""

    key: str
    en: str
    it: str
    th: str
    note: str
    wrong: dict[str, tuple[str, ...]]
    abbr: dict[str, str]
    avoid: dict[str, tuple[str, ...]]

    def word(self, lang: str) -> str:
        """The term in ``lang`` (``en``, ``it`` or ``th``)."""
        if lang not in LANGUAGES:
            raise InvalidDataError(f"the languages are {', '.join(LANGUAGES)}, not {lang!r}")
        return str(getattr(self, lang))


def _term(entry: Any, n: int) -> Term:
    where = f"term {n} of the terminology table"
    if not isinstance(entry, dict):
        raise InvalidDataError(f"{where} is not a table")
    unknown = set(entry) - _FIELDS - _ABBR
    if unknown:
        raise InvalidDataError(f"{where} has unknown fields: {', '.join(sorted(unknown))}")
    for name in ("key", *LANGUAGES, "note"):
        if not isinstance(entry.get(name), str) or not entry[name].strip():
            raise InvalidDataError(f"{where} ({entry.get('key', '?')}) needs the text {name!r}")
    wrong: dict[str, tuple[str, ...]] = {}
    avoid: dict[str, tuple[str, ...]] = {}
    for lang in ("it", "th"):
        for name, into in ((f"wrong_{lang}", wrong), (f"avoid_{lang}", avoid)):
            forms = entry.get(name, [])
            if not isinstance(forms, list) or not all(isinstance(f, str) and f for f in forms):
                raise InvalidDataError(f"{where} ({entry['key']}): {name} is a list of texts")
            into[lang] = tuple(forms)
    abbr = {k.removeprefix("abbr_"): str(entry[k]) for k in _ABBR if k in entry}
    note = " ".join(entry["note"].split())
    return Term(entry["key"], entry["en"], entry["it"], entry["th"], note, wrong, abbr, avoid)


@functools.cache
def terms() -> tuple[Term, ...]:
    """Every term, in the table's order (read and checked once)."""
    text = resources.files("hasenpfeffer_core").joinpath("locale/terms.toml").read_bytes()
    data = tomllib.loads(text.decode("utf-8"))
    out = tuple(_term(e, n) for n, e in enumerate(data.get("term", []), start=1))
    keys = [t.key for t in out]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise InvalidDataError(f"the terminology table lists {', '.join(twice)} twice")
    return out


def term(key: str) -> Term:
    """The term called ``key``."""
    for t in terms():
        if t.key == key:
            return t
    raise InvalidDataError(f"the terminology table has no term {key!r}")


def says_instead(text: str, lang: str) -> Term | None:
    """The term that ``text``, a wrong form in a source text in ``lang``, stands for: the
    term listing the longest of its wrong forms found in ``text``; None if none is."""
    best: tuple[int, Term] | None = None
    for t in terms():
        for form in t.wrong.get(lang, ()):
            if form in text and (best is None or len(form) > best[0]):
                best = (len(form), t)
    return best[1] if best else None
