"""Remembering the learner: the one way every widget records an answer, the lesson in
progress, and the lesson's header with its stars.

Every answered exercise, quiz question and hint step goes through a :class:`Recorder`
into the learner's store (:func:`~hasenpfeffer_core.analysis.progress.open_store`),
tagged with the concepts it practised and the lesson it was answered in. The store is a
file on this machine; if it cannot be written (a read-only folder, a full disk), the
widget goes on working and says once, in a short line, that answers are not being
saved and why.

:func:`lesson_header` sets the lesson that exercises made afterwards in this kernel
belong to, and shows the lesson's stars, how many of its exercises are done and where
the progress is kept. It follows the answers as they are recorded in this kernel.

>>> import tempfile
>>> home = tempfile.mkdtemp()
>>> header = lesson_header(1, home=home)
>>> current_lesson(), "0 of 6 exercises done" in header.value
(1, True)
>>> recorder = Recorder("exercise", home=home)  # (what each exercise makes for itself)
>>> _ = recorder.answer("stronger card J♣ A♠", ["left bower", "trumps"], right=True)
>>> "1 of 6 exercises done" in header.value
True
>>> [(e.lesson, e.right, e.concepts) for e in open_store(home).answers()]
[(1, True, ('left bower', 'trumps'))]
>>> from hasenpfeffer_core.faces.widgets import learner
>>> learner._LESSON = None  # (no lesson in progress, for the examples that follow)
"""

from __future__ import annotations

import logging
import os
import weakref
from collections.abc import Iterable
from pathlib import Path
from types import EllipsisType
from typing import Any, Final

import ipywidgets as w

from ...analysis.practice import LESSONS, lesson_stars, privacy_note, question_event
from ...analysis.progress import Event, ProgressStore, open_store
from ...analysis.quiz import Question
from ...analysis.session import quoted
from ...engine.errors import InvalidDataError
from ...engine.i18n import gettext as _
from ...engine.i18n import language, ngettext, set_language
from ..render import stars_svg
from .base import box, esc, folder_language, translated, widget_language

__all__ = [
    "PROGRESS_STYLE",
    "LessonHeader",
    "Recorder",
    "current_lesson",
    "folder_language",
    "lesson_header",
    "read_events",
    "watch",
]

_LOGGER = logging.getLogger("hasenpfeffer_core.faces.widgets")

#: The lesson that exercises made now belong to (set by :func:`lesson_header`).
_LESSON: int | None = None


def current_lesson() -> int | None:
    """The lesson set by the last :func:`lesson_header` in this kernel, or None."""
    return _LESSON


def check_lesson(value: object, *, optional: bool = False) -> int | None:
    """A lesson's number (1 to the last lesson); None too when ``optional``."""
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in LESSONS:
        raise InvalidDataError(
            _("the lesson is a number from 1 to {last}, not {value}").format(
                last=max(LESSONS), value=quoted(value)
            )
        )
    return value


Home = str | os.PathLike[str] | None


def _store(home: Home) -> ProgressStore:
    return open_store(home)


def trouble_text(error: BaseException, home: Home, verb: str = "written") -> str:
    """Why the store could not be used, in a few plain words: ``FOLDER cannot be
    written (permission denied)`` (``verb``: written, read)."""
    if isinstance(error, OSError):
        where = error.filename or (str(Path(home)) if home is not None else "")
        reason = (error.strerror or type(error).__name__).lower()
        if isinstance(error, TimeoutError):
            reason = _("another program kept the progress file busy")
        if not where:
            return reason
        # Translators: {folder} is a folder or file; {reason} says why, as the system
        # puts it ("permission denied").
        if verb == "read":
            return _("{folder} cannot be read ({reason})").format(folder=where, reason=reason)
        if verb == "used":
            return _("{folder} cannot be used ({reason})").format(folder=where, reason=reason)
        return _("{folder} cannot be written ({reason})").format(folder=where, reason=reason)
    # Translators: {error} is the name of a Python error, {detail} its message.
    return _("something went wrong ({error}: {detail})").format(
        error=type(error).__name__, detail=error
    )


def read_events(home: Home = None) -> tuple[list[Event], str]:
    """Every event in the learner's store and ``""``; or no events and why the store
    could not be read (the widgets then say so, and go on)."""
    try:
        return _store(home).events(), ""
    except Exception as e:  # an unreadable folder must not break a lesson
        _LOGGER.debug("cannot read the progress store", exc_info=True)
        return [], trouble_text(e, home, "read")


# --- recording ----------------------------------------------------------------------------


class Recorder:
    """Records one widget's answers and hint steps in the learner's store.

    ``source`` says where the answers come from (``"exercise"``, ``"quiz"``,
    ``"practice"``); ``lesson`` is the lesson they belong to (by default the one set by
    :func:`lesson_header` when the recorder is made); ``home`` the store's folder
    (default: the learner's). ``note`` is a line for the widget: empty, until recording
    fails once; then it says that answers are not being saved, and why. Events that could
    not be saved are kept in ``unsaved`` (the practice widget still counts them).
    """

    def __init__(
        self,
        source: str = "exercise",
        *,
        lesson: int | EllipsisType | None = ...,
        home: Home = None,
    ) -> None:
        self.source = source
        self.lesson = current_lesson() if lesson is ... else check_lesson(lesson, optional=True)
        self.home = home
        self.note = w.HTML(value="", layout=w.Layout(min_height="0px"))
        self.failed = ""
        self.unsaved: list[Event] = []
        self.recorded: list[Event] = []

    def answer(
        self,
        item: str,
        concepts: Iterable[str],
        right: bool,
        *,
        hints: int = 0,
        attempt: int = 1,
        kind: str = "",
    ) -> Event | None:
        """Record an answer; the event, or None if it could not even be made."""
        try:
            event = Event.answer(
                self.source,
                item,
                _tags(concepts),
                right=right,
                hints=min(hints, 1000),
                attempt=min(max(attempt, 1), 1000),
                lesson=self.lesson,
                kind=kind,
            )
        except Exception as e:
            self._fail(e)
            return None
        self._record(event)
        return event

    def question(
        self, question: Question, right: bool, *, hints: int = 0, attempt: int = 1
    ) -> Event | None:
        """Record an answer to a quiz-bank question (its key and situation tags)."""
        try:
            event = question_event(
                question,
                right,
                source=self.source,
                hints=min(hints, 1000),
                attempt=min(max(attempt, 1), 1000),
                lesson=self.lesson,
            )
        except Exception as e:
            self._fail(e)
            return None
        self._record(event)
        return event

    def hint(self, item: str, concepts: Iterable[str], step: int, *, kind: str = "") -> None:
        """Record a hint step taken (``step`` 1 is the first)."""
        try:
            event = Event.hint(
                item, _tags(concepts), min(step, 1000), lesson=self.lesson, kind=kind
            )
        except Exception as e:
            self._fail(e)
            return
        self._record(event)

    def _record(self, event: Event) -> None:
        try:
            _store(self.home).record(event)
        except Exception as e:  # (a read-only folder, a full disk, a busy lock...)
            self.unsaved.append(event)
            self._fail(e)
            return
        self.recorded.append(event)

    def _fail(self, error: BaseException) -> None:
        _LOGGER.debug("an answer was not saved", exc_info=error)
        if self.failed:
            return  # said once
        self.failed = trouble_text(error, self.home)
        title = _("Your answers are not being saved:")
        # Translators: {reason} says why ("FOLDER cannot be written (permission denied)").
        text = esc(_("{reason}. Everything else works as before.")).format(reason=esc(self.failed))
        self.note.value = box(
            f'<div class="hp-fb hp-err" role="status"><b>{esc(title)}</b> {text}</div>'
        )


def _tags(concepts: Iterable[str]) -> tuple[str, ...]:
    """The concept tags, each once, in order."""
    out: list[str] = []
    for c in concepts:
        if isinstance(c, str) and c and c not in out:
            out.append(c)
    return tuple(out)


# --- following the store -------------------------------------------------------------------

_WATCHERS: dict[int, weakref.WeakSet[Any]] = {}


def watch(store: ProgressStore, widget: Any) -> None:
    """Call ``widget.refresh()`` after every event ``store`` records in this kernel
    (and after :func:`tell_watchers`); a refresh that fails is logged, never raised."""
    key = id(store)
    if key not in _WATCHERS:
        watchers: weakref.WeakSet[Any] = weakref.WeakSet()
        _WATCHERS[key] = watchers
        store.on_record(lambda _event: _tell(watchers))
    _WATCHERS[key].add(widget)


def tell_watchers(store: ProgressStore) -> None:
    """Refresh every widget watching ``store`` (after a reset or an import)."""
    _tell(_WATCHERS.get(id(store), weakref.WeakSet()))


def _tell(watchers: weakref.WeakSet[Any]) -> None:
    for widget in list(watchers):
        try:
            widget.refresh()
        except Exception:  # a display must never stop an answer being recorded
            _LOGGER.debug("a progress display could not refresh", exc_info=True)


# --- the style of the progress widgets ------------------------------------------------------

#: The progress widgets' own style (the lesson header, the practice widget, the progress
#: page), in the shared colours of :data:`~.base.HP_COLOURS`.
PROGRESS_STYLE: Final = """
<style>
/* ipywidgets lets an HTML widget grow to its widest picture: in a narrow column the text
   beside it was cut off. Here the text wraps, and a hosted question's pictures shrink. */
.hp-lesson-header>.widget-html-content,.hp-practice .widget-html-content,
.hp-progress .widget-html-content{min-width:0}
.hp-practice .hp-w figure>svg{max-width:100%;height:auto}
.hp-w .hp-head{display:flex;flex-wrap:wrap;align-items:center;gap:4px 14px;
  padding:6px 12px;border:1px solid var(--hp-border,var(--jp-border-color2,#d0d3d8));
  border-radius:8px;margin:4px 0}
.hp-w .hp-head .hp-stars{flex:none}
.hp-w .hp-head .hp-title{font-weight:600}
.hp-w .hp-small{font-size:.88em}
.hp-w .hp-chip{display:inline-block;border-radius:12px;padding:1px 10px;margin:0 6px 6px 0;
  background:var(--hp-info-bg,rgba(56,139,253,.12));
  border:1px solid var(--hp-info-edge,#388bfd);font-size:.9em;max-width:100%;
  box-sizing:border-box}
.hp-w .hp-chips{display:flex;flex-wrap:wrap;align-items:baseline}
.hp-w .hp-tiles{display:grid;gap:8px;grid-template-columns:repeat(auto-fill,minmax(120px,1fr));
  margin:6px 0 10px}
.hp-w .hp-tile{border:1px solid var(--hp-border,var(--jp-border-color2,#d0d3d8));
  border-radius:8px;padding:6px 10px;display:flex;flex-direction:column}
.hp-w .hp-tile .hp-tile-title{font-weight:600;line-height:1.3;margin:1px 0 4px;flex:1}
.hp-w .hp-tile .hp-stars{display:block;margin:0 0 4px}
.hp-w .hp-tile .hp-bar-svg{display:block;width:100%;height:6px;margin-top:3px}
.hp-w .hp-strength{container-type:inline-size}
.hp-w .hp-bars{display:grid;grid-template-columns:minmax(0,18em) auto minmax(80px,1fr) auto;
  gap:4px 10px;align-items:center;margin:4px 0 12px;max-width:720px}
.hp-w .hp-bars .hp-bar-svg{display:block;width:100%;height:12px}
.hp-w .hp-bars .hp-num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap;
  min-width:3.2em}
@container (max-width:420px){
  .hp-w .hp-bars{grid-template-columns:minmax(0,1fr) auto;gap:0 10px}
  .hp-w .hp-bars .hp-name{padding-top:6px}
  .hp-w .hp-bars .hp-due{padding-top:6px;text-align:right}
}
.hp-w .hp-track{fill:currentColor;fill-opacity:.12}
.hp-w .hp-fill{fill:var(--hp-info-edge,#388bfd)}
.hp-w .hp-strong .hp-fill{fill:var(--hp-ok-edge,#2ea043)}
.hp-w .hp-due-mark{font-size:.78em;border-radius:8px;padding:0 6px;white-space:nowrap;
  background:var(--hp-info-bg,rgba(56,139,253,.12));border:1px solid var(--hp-info-edge,#388bfd)}
.hp-w h4{margin:12px 0 4px;font-size:1em}
.hp-w h4 .hp-badge{font-weight:normal;margin-left:6px}
.hp-w .hp-facts{display:flex;flex-wrap:wrap;gap:6px 18px;margin:4px 0}
.hp-w .hp-big{font-size:1.35em;font-weight:600;font-variant-numeric:tabular-nums}
</style>
"""


def styled(inner: str) -> str:
    """Widget HTML with the shared style and the progress widgets' own."""
    return box(PROGRESS_STYLE + inner)


# --- the lesson header -----------------------------------------------------------------------


class LessonHeader(w.HTML):  # type: ignore[misc]
    """A lesson's stars, how many of its exercises are done, and where the progress is
    kept; it follows the answers recorded in this kernel (see :func:`lesson_header`)."""

    def __init__(self, lesson: int, *, home: Home = None, lang: str | None = None) -> None:
        self.lang = widget_language(lang)
        with language(self.lang):
            super().__init__()
            self.lesson = lesson
            self.home = home
            self.stars = 0
            self.done = 0
            self.add_class("hp-lesson-header")
            self.refresh()

    def refresh(self) -> None:
        """Draw the header again from the store (in the header's language)."""
        with language(self.lang):  # (called as answers are recorded, from any widget)
            self.value = self._html()

    def _html(self) -> str:
        events, trouble = read_events(self.home)
        title, count = LESSONS[self.lesson]
        got = lesson_stars(events)[self.lesson]
        self.stars, self.done = got.stars, min(got.done, count)
        done = ngettext(
            "{done} of {count} exercise done", "{done} of {count} exercises done", count
        ).format(done=self.done, count=count)
        if trouble:
            # Translators: {reason} says why ("FOLDER cannot be read (permission denied)").
            note = _("Your progress cannot be shown: {reason}.").format(reason=trouble)
        else:
            try:
                note = privacy_note(_store(self.home))
            except Exception as e:
                note = _("Your progress cannot be kept here: {reason}.").format(
                    reason=trouble_text(e, self.home)
                )
        label = _("Lesson {n}: your stars and progress").format(n=self.lesson)
        # Translators: the lesson's number and title: "Lesson 1 · The cards and their order".
        heading = _("Lesson {n} · {title}").format(n=self.lesson, title=translated(title))
        return styled(
            f'<div class="hp-head" role="group" aria-label="{esc(label)}">'
            f"{stars_svg(self.stars, size=20)}"
            f'<span class="hp-title">{esc(heading)}</span>'
            f"<span>{esc(done)}</span>"
            f'<span class="hp-muted hp-small" style="flex-basis:100%">{esc(note)}</span>'
            "</div>"
        )


def lesson_header(lesson: int, *, home: Home = None, lang: str | None = None) -> LessonHeader:
    """Start lesson ``lesson`` in this kernel: the exercises made afterwards record their
    answers as this lesson's, and the header returned (shown when it ends a cell) gives
    the lesson's stars, ``k of n exercises done`` and where the progress is kept. It
    follows the answers as they are recorded.

    The lesson's language is chosen for the whole kernel (:func:`set_language`): ``lang``
    (``"en"``, ``"it"``, ``"th"``) if given, else the lesson folder's
    (:func:`folder_language`: a notebook in ``lessons/it`` speaks Italian); in any other
    folder the language stays as it is. An unknown ``lang`` is refused.

    A lesson earns its stars when every exercise is done: three when each was right
    first time with no hint, two when right with hints or at the second try, one when
    right at last (the fewest an exercise earned).
    """
    global _LESSON
    chosen = lang if lang is not None else folder_language()
    with language(chosen):  # (refuses an unknown language before anything changes)
        n = check_lesson(lesson)
    assert n is not None
    if chosen is not None:
        set_language(chosen)
    _LESSON = n
    header = LessonHeader(n, home=home)
    try:
        watch(_store(home), header)
    except Exception:  # (no store here: the header says so, and nothing follows)
        _LOGGER.debug("cannot follow the progress store", exc_info=True)
    return header
