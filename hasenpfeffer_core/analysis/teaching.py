"""The curated teaching hands (``hasenpfeffer_core/analysis/hands``), shipped with the package.

>>> names = teaching_hand_names()
>>> names[0]
'01-joker-leads-trumps'
>>> teaching_hand(names[0]).title
'The Joker leads trumps'
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from ..engine.errors import InvalidDataError
from ..engine.record import HandRecord, loads

__all__ = ["teaching_hand", "teaching_hand_names", "teaching_hands"]


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
        raise InvalidDataError(
            f"there is no teaching hand {name!r}: the hands are {', '.join(names)}"
        )
    return loads((_folder() / f"{matches[0]}.hand").read_text(encoding="utf-8"))


def teaching_hands() -> dict[str, HandRecord]:
    """Every teaching hand, by name, in teaching order."""
    return {n: teaching_hand(n) for n in teaching_hand_names()}
