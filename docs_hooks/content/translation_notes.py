"""The notes on the two translations of the source rules (section summaries, glossed
words, line notes): data a translator edits by hand.

They live in ``docs_hooks/translation-notes.toml``, read at every build so that ``make
docs`` picks up an edit (the file's header describes its keys), with the same notes in
Italian and Thai beside it (:data:`NOTES_IN`). Reading checks every entry: an error
names the file and the entry.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

NOTES_FILE = Path(__file__).resolve().parent.parent / "translation-notes.toml"
#: The same notes in the page's language, ``translation-notes.it.toml`` and
#: ``translation-notes.th.toml``: the same entries in the same order, each naming its
#: entry (a section's first line, a word as the source writes it, a note's line) and
#: giving its texts (a section's title, summary and link texts; a word's term and what it
#: says; a line's note). A page in a language without such a file shows the English ones.
NOTES_IN = {lang: NOTES_FILE.with_suffix(f".{lang}.toml") for lang in ("it", "th")}
#: The notes' table of each source language, by the language code the pages use.
LANGUAGES = {"it": "italian", "th": "thai"}


@dataclass(frozen=True)
class Section:
    """A section of the source text, with its English summary and explainer links."""

    first_line: int  # 1-based line numbers, inclusive
    last_line: int
    title: str  # what the section is about, in English
    summary: str
    explained_at: str  # the id of the matching section of the rules explainer (rules/)
    explained_title: str
    see_also: tuple[tuple[str, str], ...] = ()  # further (id, link text) pairs


@dataclass(frozen=True)
class Term:
    """A word of a translation worth a note: the English term and what the word says."""

    word: str
    english: str
    says: str
    wrong: bool = True
    only_on_lines: tuple[int, ...] = ()  # empty: on every line
    our_note: bool = False  # not listed in rules-notes.md section 7


@dataclass(frozen=True)
class TranslationNotes:
    sections: tuple[Section, ...]  # shared: both translations have the same lines
    terms: dict[str, tuple[Term, ...]]  # by language code
    line_notes: dict[str, dict[int, str]]  # by language code, then line number
    lang: str = "en"  # the language the notes are written in


_ANCHOR = re.compile(r"[a-z0-9][a-z0-9_-]*")


class _Table:
    """One table of the notes file: typed reads, and errors that name the entry."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise ValueError(f"{where} should be a table")
        self.data: dict[str, object] = data
        self.where = where

    def _get(self, key: str) -> object:
        if key not in self.data:
            raise ValueError(f"{self.where} has no {key!r}")
        return self.data[key]

    def _wrong(self, key: str, expected: str) -> ValueError:
        return ValueError(f"{self.where}: {key!r} should be {expected}")

    def text(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str) or not value.strip():
            raise self._wrong(key, "a string that is not empty")
        return " ".join(value.split())  # a text may run over several lines

    def number(self, key: str) -> int:
        value = self._get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self._wrong(key, "a whole number")
        return value

    def flag(self, key: str, default: bool) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise self._wrong(key, "true or false")
        return value

    def anchor(self, key: str) -> str:
        """An id of a heading on the rules page (``bidding``, ``joker-led``)."""
        value = self.text(key)
        if not _ANCHOR.fullmatch(value):
            raise self._wrong(key, "the id of a heading (small letters, digits and dashes)")
        return value

    def numbers(self, key: str) -> tuple[int, ...]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) for n in value
        ):
            raise self._wrong(key, "a list of whole numbers")
        return tuple(value)

    def tables(self, key: str, where: str) -> list[_Table]:
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise self._wrong(key, "a list of tables")
        return [_Table(item, f"{where} #{i}") for i, item in enumerate(value, start=1)]

    def only(self, *keys: str) -> None:
        unknown = sorted(set(self.data) - set(keys))
        if unknown:
            raise ValueError(f"{self.where} has unknown keys {unknown}")


def _section(t: _Table) -> Section:
    t.only(
        "first_line",
        "last_line",
        "title",
        "summary",
        "explained_at",
        "explained_title",
        "see_also",
    )
    links = []
    for link in t.tables("see_also", f"{t.where} see_also"):
        link.only("at", "title")
        links.append((link.anchor("at"), link.text("title")))
    return Section(
        t.number("first_line"),
        t.number("last_line"),
        t.text("title"),
        t.text("summary"),
        t.anchor("explained_at"),
        t.text("explained_title"),
        tuple(links),
    )


def _term(t: _Table) -> Term:
    t.only("word", "english", "says", "wrong", "only_on_lines", "our_note")
    return Term(
        t.text("word"),
        t.text("english"),
        t.text("says"),
        wrong=t.flag("wrong", True),
        only_on_lines=t.numbers("only_on_lines"),
        our_note=t.flag("our_note", False),
    )


def translation_notes(path: Path = NOTES_FILE) -> TranslationNotes:
    """The notes file, read and checked; an error names the file and the entry."""
    try:
        with path.open("rb") as f:
            return _notes(_Table(tomllib.load(f), "the file"))
    except ValueError as e:  # tomllib's syntax errors are ValueErrors too
        raise ValueError(f"{path}: {e}") from None


def notes_in(lang: str, path: Path | None = None) -> TranslationNotes:
    """The notes in ``lang`` (see :data:`NOTES_IN`), or the English notes where there is
    no file for it. The file must give every entry of the English file, in its order: an
    error names the first that differs."""
    english = translation_notes()
    path = NOTES_IN.get(lang) if path is None else path
    if path is None or not path.is_file():
        return english
    try:
        with path.open("rb") as f:
            return _overlay(english, _Table(tomllib.load(f), "the file"), lang)
    except ValueError as e:
        raise ValueError(f"{path}: {e}") from None


def _overlay(english: TranslationNotes, top: _Table, lang: str) -> TranslationNotes:
    top.only("section", *LANGUAGES.values())
    given = top.tables("section", "[[section]]")
    if len(given) != len(english.sections):
        raise ValueError(f"it has {len(given)} sections, the English notes {len(english.sections)}")
    sections = []
    for t, sec in zip(given, english.sections, strict=True):
        t.only("first_line", "title", "summary", "explained_title", "see_also")
        if t.number("first_line") != sec.first_line:
            raise ValueError(
                f"{t.where} starts at line {t.number('first_line')}, not {sec.first_line}"
            )
        links = t.tables("see_also", f"{t.where} see_also")
        if [link.anchor("at") for link in links] != [at for at, _ in sec.see_also]:
            raise ValueError(f"{t.where}: see_also should link {[at for at, _ in sec.see_also]}")
        sections.append(
            replace(
                sec,
                title=t.text("title"),
                summary=t.text("summary"),
                explained_title=t.text("explained_title"),
                see_also=tuple((link.anchor("at"), link.text("title")) for link in links),
            )
        )
    terms: dict[str, tuple[Term, ...]] = {}
    line_notes: dict[str, dict[int, str]] = {}
    for source, name in LANGUAGES.items():
        table = _Table(top.data.get(name, {}), f"[{name}]")
        table.only("word", "line_note")
        words = table.tables("word", f"[[{name}.word]]")
        if [w.text("word") for w in words] != [t.word for t in english.terms[source]]:
            raise ValueError(f"[[{name}.word]] should list the English file's words, in order")
        for w in words:
            w.only("word", "english", "says")
        terms[source] = tuple(
            replace(t, english=w.text("english"), says=w.text("says"))
            for w, t in zip(words, english.terms[source], strict=True)
        )
        notes = {}
        for t in table.tables("line_note", f"[[{name}.line_note]]"):
            t.only("line", "note")
            notes[t.number("line")] = t.text("note")
        if sorted(notes) != sorted(english.line_notes[source]):
            raise ValueError(
                f"[[{name}.line_note]] should note lines {sorted(english.line_notes[source])}"
            )
        line_notes[source] = notes
    return TranslationNotes(tuple(sections), terms, line_notes, lang)


def _notes(top: _Table) -> TranslationNotes:
    top.only("section", *LANGUAGES.values())
    sections = tuple(_section(t) for t in top.tables("section", "[[section]]"))
    if not sections:
        raise ValueError("there are no sections")
    next_line = 1  # the sections cover the lines in order, without a gap
    for sec in sections:
        if sec.first_line != next_line or sec.last_line < sec.first_line:
            raise ValueError(
                f"the section {sec.title!r} covers lines {sec.first_line} to "
                f"{sec.last_line}; it should start at line {next_line}"
            )
        next_line = sec.last_line + 1
    terms: dict[str, tuple[Term, ...]] = {}
    line_notes: dict[str, dict[int, str]] = {}
    for lang, name in LANGUAGES.items():
        table = _Table(top.data.get(name, {}), f"[{name}]")
        table.only("word", "line_note")
        terms[lang] = tuple(_term(t) for t in table.tables("word", f"[[{name}.word]]"))
        notes: dict[int, str] = {}
        for t in table.tables("line_note", f"[[{name}.line_note]]"):
            t.only("line", "note")
            line = t.number("line")
            if not 1 <= line < next_line or line in notes:
                raise ValueError(f"{t.where}: line {line} is out of range or has a note already")
            notes[line] = t.text("note")
        line_notes[lang] = notes
    return TranslationNotes(sections, terms, line_notes)
