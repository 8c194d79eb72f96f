"""The curated teaching hands (``hasenpfeffer_core/analysis/hands``), shipped with the package.

The records are written in English, and their words (the title, the point, the notes on
the hand and on each move) are part of the message catalogue: :func:`teaching_hand`
gives the hand in the current language, and :func:`extract_messages` is the Babel
extraction method that gathers those words (``make catalogues``). A record someone
writes themselves is shown as they wrote it.

>>> names = teaching_hand_names()
>>> names[0]
'01-joker-leads-trumps'
>>> teaching_hand(names[0]).title
'The Joker leads trumps'
>>> from ..engine.i18n import language
>>> with language("it"):
...     teaching_hand(names[0]).title
'Uscire col jolly è uscire di briscola'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterator
from functools import cache
from importlib import resources
from typing import IO, Any

from ..engine.errors import InvalidDataError
from ..engine.i18n import get_language
from ..engine.i18n import gettext as _
from ..engine.record import HandRecord, Move, loads

__all__ = ["extract_messages", "teaching_hand", "teaching_hand_names", "teaching_hands"]


def _folder() -> resources.abc.Traversable:
    return resources.files(__package__ or "hasenpfeffer_core.analysis") / "hands"


@cache
def teaching_hand_names() -> tuple[str, ...]:
    """The names of the teaching hands, in teaching order (``01-...``, ``02-...``)."""
    return tuple(
        sorted(p.name[: -len(".hand")] for p in _folder().iterdir() if p.name.endswith(".hand"))
    )


def teaching_hand(name: str) -> HandRecord:
    """One teaching hand by name (``"01-joker-leads-trumps"``, or just its number ``"01"``)."""
    names = teaching_hand_names()
    matches = [n for n in names if n == name or n.split("-", 1)[0] == name]
    if not matches:
        # Translators: name is what was asked for (quoted), names the hands' names.
        raise InvalidDataError(
            _("there is no teaching hand {name}: the hands are {names}").format(
                name=repr(name), names=", ".join(names)
            )
        )
    return _in_language(matches[0], get_language())


@cache
def _english(name: str) -> HandRecord:
    return loads((_folder() / f"{name}.hand").read_text(encoding="utf-8"))


@cache
def _in_language(name: str, lang: str) -> HandRecord:
    record = _english(name)
    if lang == "en":
        return record

    def say(text: str) -> str:
        return _(text) if text else text

    return dataclasses.replace(
        record,
        title=say(record.title),
        point=say(record.point),
        notes=tuple(say(n) for n in record.notes),
        moves=tuple(Move(m.action, say(m.note)) for m in record.moves),
    )


def teaching_hands() -> dict[str, HandRecord]:
    """Every teaching hand, by name, in teaching order."""
    return {n: teaching_hand(n) for n in teaching_hand_names()}


def extract_messages(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extraction method for hand records (``babel.cfg``): the title, the point,
    the notes and each move's note, with the line each is on."""
    text = fileobj.read().decode("utf-8")
    record = loads(text)
    said = [record.title, record.point, *record.notes, *(m.note for m in record.moves)]
    lines = text.splitlines()
    for words in said:
        if not words:
            continue
        line = next((k + 1 for k, ln in enumerate(lines) if words[:40] in ln), 0)
        yield line, "_", words, ["Translators: words of a teaching hand (a hand record)."]
