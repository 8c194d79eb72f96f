"""The lessons' index page: the numbered list of lessons, each with its summary."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Protocol
from urllib.parse import quote

from docs_hooks.content.text import md_inline, md_text
from hasenpfeffer_core.engine.i18n import gettext as _


class LessonEntry(Protocol):
    """What the lessons list needs of a lesson (``docs_hooks.lessons.Lesson``)."""

    @property
    def title(self) -> str: ...
    @property
    def summary(self) -> str: ...
    @property
    def source(self) -> Path: ...


def lessons_markdown(lessons: Iterable[LessonEntry]) -> str:
    """The numbered list of lessons, each linking to its page, with its summary.

    A notebook's heading is text; its first paragraph keeps its emphasis and code, and
    nothing else (no HTML, no links), since it comes from a file anyone may edit.
    """
    out = []
    for n, lesson in enumerate(lessons, start=1):
        summary = f": {md_inline(lesson.summary)}" if lesson.summary.strip() else ""
        target = quote(lesson.source.name)
        out.append(f"{n}. [{md_text(lesson.title)}]({target}){summary}")
    if not out:
        title = _("The lessons are on their way").replace('"', "'")
        return (
            f'!!! note "{title}"\n'
            "    "
            + _("No lesson notebooks were found in {folder} when this site was built.").format(
                folder="`lessons/`"
            )
            + "\n"
        )
    return "\n".join(out) + "\n"
