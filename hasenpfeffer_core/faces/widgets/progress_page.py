"""The progress page: stars per lesson, the strength of each idea, what is due today.

:class:`ProgressView` draws the learner's summary
(:func:`~hasenpfeffer_core.analysis.practice.summary`) as pictures: each lesson's stars,
each concept's strength as a bar (grouped into the situations of the rules and the
principles of play; one never practised is drawn faintly), what is due today as chips,
how many answers were given, and where the progress is kept. Two buttons act on the
store: *Export my progress* writes a copy next to the notebook, and *Start again* (after
asking) puts the old answers aside and starts afresh.

>>> import tempfile
>>> view = ProgressView(home=tempfile.mkdtemp())
>>> "0 answers" in view.words(), "nothing is sent anywhere" in view.words()
(True, True)
"""

from __future__ import annotations

import contextlib
import html
import os
import re
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import ipywidgets as w

from ...analysis.practice import ConceptSummary, Summary, days_text, summary
from ...analysis.progress import open_store
from ...engine.i18n import gettext as _
from ...engine.i18n import language, ngettext, pgettext
from ..render import stars_svg
from .base import Guarded, esc, feedback, guarded, translated, widget_language
from .learner import Home, styled, tell_watchers, trouble_text, watch

__all__ = ["ProgressView", "strength_rows"]


def _text(text: str) -> str:
    """``text`` escaped for HTML text or a double-quoted attribute, an apostrophe left as
    it is (``each lesson's stars``)."""
    return html.escape(text, quote=False).replace('"', "&quot;")


def _percent(strength: float) -> str:
    return f"{round(100 * strength)}%"


#: At most this many ideas are named under *Due today*; the rest are counted.
DUE_CHIPS = 10


def bar_svg(fraction: float | None, cls: str = "") -> str:
    """A rounded bar as SVG: a faint track filled to ``fraction`` (0 to 1; None: the
    track alone, fainter; 0: the track alone), stretched to its box by the style
    (``cls`` is added to the picture's classes).

    >>> bar_svg(0).count("hp-fill"), bar_svg(0.004).count("hp-fill"), bar_svg(None).count("hp-fill")
    (0, 1, 0)
    """
    classes = f"hp-bar-svg {cls}".strip()
    track = '<rect class="hp-track" x="0" y="1" width="100" height="10" rx="5"'
    share = max(0.0, min(1.0, fraction)) if fraction is not None else 0.0
    if fraction is None:
        body = f'{track} fill-opacity=".06"/>'
    elif share <= 0:
        body = f"{track}/>"
    else:
        body = (
            f'{track}/><rect class="hp-fill" x="0" y="1" width="{max(100 * share, 2):.1f}" '
            'height="10" rx="5"/>'
        )
    return (
        f'<svg class="{classes}" viewBox="0 0 100 12" preserveAspectRatio="none" '
        f'aria-hidden="true">{body}</svg>'
    )


def strength_rows(title: str, concepts: Sequence[ConceptSummary], now: datetime) -> str:
    """A bar per concept: its name, a *due* mark when it is due now (else when it will
    be, "due in 3 days"), its strength as an SVG bar, and the figure; a concept never
    practised is drawn faintly. A wide page
    has one line per concept; a narrow one puts the bar under the name.

    >>> from hasenpfeffer_core.analysis.practice import CONCEPTS, ConceptSummary
    >>> from datetime import datetime, timedelta, timezone
    >>> now = datetime.now(timezone.utc)
    >>> rows = [ConceptSummary(CONCEPTS[0], 0.72, 3, 2, now - timedelta(hours=1)),
    ...         ConceptSummary(CONCEPTS[1], None, 0, 0, None),
    ...         ConceptSummary(CONCEPTS[2], 0.58, 2, 1, now + timedelta(days=3))]
    >>> html = strength_rows("Situations", rows, now)
    >>> "72%" in html, "not yet" in html, html.count('class="hp-fill"')
    (True, True, 2)
    >>> html.count(">due<"), "due in 3 days" in html
    (1, True)
    """
    rows = []
    for c in concepts:
        name = esc(translated(c.concept.name))
        about = esc(translated(c.concept.about))
        if c.strength is None:
            # Translators: an idea never practised yet (its strength is not known).
            not_yet = _("not yet")
            rows.append(
                '<div role="listitem" style="display:contents">'
                f'<span class="hp-name hp-muted" title="{about}">{name}</span>'
                '<span class="hp-due"></span>'
                f"{bar_svg(None)}"
                f'<span class="hp-num hp-muted hp-small">{esc(not_yet)}</span></div>'
            )
            continue
        strength = max(0.0, min(1.0, c.strength))
        due = c.due is not None and c.due <= now
        # Translators: the mark of an idea due for practice now.
        due_mark = _("due")
        if due:
            mark = f'<span class="hp-due-mark">{esc(due_mark)}</span>'
        elif c.due is not None:
            # when the next practice is due, so that a strong idea due today and a
            # weaker one due later read as one schedule ("due in 3 days")
            # Translators: {when} is a wait in words ("in 3 days", "in 5 hours").
            later = _("due {when}").format(when=days_text(c.due - now))
            mark = f'<span class="hp-muted hp-small">{esc(later)}</span>'
        else:
            mark = ""
        # Translators: {right} answers right out of {answers} (the plural follows {right}).
        right = esc(
            ngettext("{right} of {answers} right", "{right} of {answers} right", c.right).format(
                right=c.right, answers=c.answers
            )
        )
        rows.append(
            '<div role="listitem" style="display:contents">'
            f'<span class="hp-name" title="{about} ({right})">{name}</span>'
            f'<span class="hp-due">{mark}</span>'
            f"{bar_svg(strength, 'hp-strong' if strength >= 0.9 else '')}"
            f'<span class="hp-num">{_percent(strength)}</span></div>'
        )
    # Translators: {title} is a group of ideas ("Situations", "Principles of play").
    label = _("{title}: how strong each is now").format(title=title)
    return (
        f'<div class="hp-strength"><h4>{esc(title)}</h4>'
        f'<div class="hp-bars" role="list" aria-label="{esc(label)}">'
        f"{''.join(rows)}</div></div>"
    )


class ProgressView(w.VBox, Guarded):  # type: ignore[misc]
    """The learner's progress page.

    ``home`` is the store's folder (default: the learner's); ``export_to`` the folder
    *Export my progress* writes to (default: the notebook's own folder, where the kernel
    runs).

    Public parts (for tests): ``page`` (the pictures, an HTML widget), ``export_button``,
    ``reset_button`` (*Start again*), ``confirm_button`` (*Yes, start again*) and
    ``cancel_button`` (in ``confirm_row``, shown only while asking), ``refresh_button``,
    ``result`` (what the last action did), ``summary`` (the
    :class:`~hasenpfeffer_core.analysis.practice.Summary` drawn) and :meth:`words` (the
    page as the learner reads it).
    """

    def __init__(
        self,
        *,
        home: Home = None,
        export_to: str | os.PathLike[str] | None = None,
        lang: str | None = None,
    ):
        self.lang = widget_language(lang)
        with language(self.lang):
            super().__init__()
            self._init_guard()
            self.home = home
            self.export_dir = Path(export_to) if export_to is not None else None
            self.summary: Summary | None = None
            self.page = w.HTML()
            self.result = w.HTML()
            self.export_button = w.Button(
                description=_("Export my progress"),
                icon="download",
                tooltip=_("Write a copy of all your answers next to this notebook"),
                layout=w.Layout(width="auto"),
            )
            self.reset_button = w.Button(
                description=_("Start again"),
                icon="undo",
                tooltip=_("Start with no answers (your old ones are kept aside)"),
                layout=w.Layout(width="auto"),
            )
            self.refresh_button = w.Button(
                description=_("Refresh"),
                icon="refresh",
                tooltip=_("Read your progress again (answers given in other notebooks too)"),
                layout=w.Layout(width="auto"),
            )
            self.confirm_text = w.HTML()
            self.confirm_button = w.Button(
                description=_("Yes, start again"),
                button_style="danger",
                layout=w.Layout(width="auto"),
            )
            self.cancel_button = w.Button(
                description=pgettext("button", "Cancel"), layout=w.Layout(width="auto")
            )
            self.confirm_row = w.VBox(
                [
                    self.confirm_text,
                    w.HBox(
                        [self.confirm_button, self.cancel_button],
                        layout=w.Layout(flex_flow="row wrap"),
                    ),
                ],
                layout=w.Layout(display="none"),
            )
            self.export_button.on_click(self._on_export)
            self.reset_button.on_click(self._on_reset)
            self.confirm_button.on_click(self._on_confirm)
            self.cancel_button.on_click(self._on_cancel)
            self.refresh_button.on_click(self._on_refresh)
            self.children = [
                self.page,
                w.HBox(
                    [self.export_button, self.reset_button, self.refresh_button],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.confirm_row,
                self.result,
                self.status,
            ]
            self.add_class("hp-progress")
            self.refresh()
            with contextlib.suppress(Exception):  # (the page says the store cannot be read)
                watch(open_store(home), self)

    # --- drawing ----------------------------------------------------------------------

    def refresh(self) -> None:
        """Draw the page again from the store (in the page's language)."""
        with language(self.lang):  # (called as answers are recorded, from any widget)
            self._draw()

    def _draw(self) -> None:
        try:
            s = summary(open_store(self.home))
        except Exception as e:
            self.summary = None
            # Translators: a reason, as a sentence ("FOLDER cannot be read (...)").
            reason = _("{reason}.").format(reason=trouble_text(e, self.home, "read"))
            title, cannot = _("Your progress"), _("Your progress cannot be shown:")
            self.page.value = styled(
                f"<h3>{esc(title)}</h3>"
                '<div class="hp-fb hp-err" role="status">'
                f"<b>{esc(cannot)}</b> {esc(reason)}</div>"
            )
            return
        self.summary = s
        self.page.value = styled(page_html(s))

    def words(self) -> str:
        """The page (and the last action's result) as the learner reads it."""
        markup = self.page.value + self.result.value + self.confirm_text.value
        text = re.sub(r"<(style|title)>.*?</\1>", "", markup, flags=re.S)
        return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())

    # --- the buttons ------------------------------------------------------------------

    @guarded
    def _on_refresh(self, _button: Any = None) -> None:
        self.result.value = ""
        self.refresh()

    @guarded
    def _on_export(self, _button: Any = None) -> None:
        folder = self.export_dir if self.export_dir is not None else Path.cwd()
        try:
            path = open_store(self.home).export_to(folder)
        except OSError as e:
            self.result.value = feedback(
                "err",
                _("Your progress could not be exported:"),
                _("{reason}.").format(reason=trouble_text(e, folder, "used")),
            )
            return
        self.result.value = feedback(
            "ok",
            _("Exported."),
            # Translators: {path} is the file written, {name} its name; "hasenpfeffer
            # progress import" is a command the learner types: keep it.
            _(
                "A copy of all your answers is in {path}. Keep it as a backup, or add it to "
                "your answers on another computer with the command "
                "hasenpfeffer progress import {name}."
            ).format(path=path, name=path.name),
        )

    @guarded
    def _on_reset(self, _button: Any = None) -> None:
        answers = self.summary.answers if self.summary is not None else 0
        self.confirm_text.value = feedback(
            "info",
            _("Start again from nothing?"),
            ngettext(
                "Your stars and your practice plan start over ({n} answer so far). Nothing is "
                "deleted: your old answers are kept in a file beside the new one.",
                "Your stars and your practice plan start over ({n} answers so far). Nothing is "
                "deleted: your old answers are kept in a file beside the new one.",
                answers,
            ).format(n=answers),
        )
        self.confirm_row.layout.display = None
        self.result.value = ""
        self.confirm_button.focus()

    @guarded
    def _on_cancel(self, _button: Any = None) -> None:
        self.confirm_row.layout.display = "none"
        self.confirm_text.value = ""
        self.result.value = feedback(
            "info", _("Nothing changed."), _("Your progress is as it was.")
        )

    @guarded
    def _on_confirm(self, _button: Any = None) -> None:
        self.confirm_row.layout.display = "none"
        self.confirm_text.value = ""
        store = open_store(self.home)
        try:
            aside = store.reset()
        except OSError as e:
            self.result.value = feedback(
                "err",
                _("Could not start again:"),
                # Translators: {reason} says why ("FOLDER cannot be written (...)").
                _("{reason}. Nothing changed.").format(reason=trouble_text(e, self.home)),
            )
            return
        kept = (
            _("Your old answers are kept in {path}.").format(path=aside)
            if aside is not None
            else _("There were no answers to keep.")
        )
        self.result.value = feedback("ok", _("Started again."), kept)
        tell_watchers(store)  # (this page, and any lesson header in this kernel)
        self.refresh()


def page_html(s: Summary) -> str:
    """The progress page's pictures and figures for the summary ``s`` (without styles)."""
    title = _("Your progress")
    parts = [f"<h3>{esc(title)}</h3>"]
    if s.notice:
        parts.append(f'<div class="hp-fb hp-err" role="status">{esc(s.notice)}</div>')
    big = '<span class="hp-big">{n}</span>'
    answers = esc(ngettext("{n} answer", "{n} answers", s.answers)).format(
        n=big.format(n=s.answers)
    )
    if s.answers:
        # Translators: {n} answers right, {percent} their share of all answers (75%).
        right = esc(ngettext("{n} right ({percent})", "{n} right ({percent})", s.right)).format(
            n=big.format(n=s.right), percent=f"{round(100 * s.right / s.answers)}%"
        )
    else:
        right = esc(ngettext("{n} right", "{n} right", s.right)).format(n=big.format(n=s.right))
    steps = esc(ngettext("{n} hint step", "{n} hint steps", s.hint_steps)).format(
        n=big.format(n=s.hint_steps)
    )
    parts.append(
        f'<div class="hp-facts"><span>{answers}</span><span>{right}</span>'
        f"<span>{steps}</span></div>"
    )
    tiles = []
    for n, ls in s.lessons.items():
        done = min(ls.done, ls.exercises)
        part = done / ls.exercises if ls.exercises else 0.0
        said = ngettext(
            "{done} of {count} exercise done", "{done} of {count} exercises done", ls.exercises
        ).format(done=done, count=ls.exercises)
        # Translators: a lesson's tile: {done} of its {count} exercises are done.
        short = _("{done} of {count} done").format(done=done, count=ls.exercises)
        lesson = _("Lesson {n}").format(n=n)
        tiles.append(
            f'<div class="hp-tile" role="listitem" title="{esc(said)}">'
            f'<div class="hp-muted hp-small">{esc(lesson)}</div>'
            f'<div class="hp-tile-title">{esc(translated(ls.title))}</div>'
            f"{stars_svg(ls.stars, size=20)}"
            f'<div class="hp-small">{esc(short)}</div>'
            f"{bar_svg(part, 'hp-strong' if done == ls.exercises else '')}</div>"
        )
    lessons, stars = _("Lessons"), _("each lesson's stars")
    parts.append(
        f"<h4>{esc(lessons)}</h4>"
        f'<div class="hp-tiles" role="list" aria-label="{_text(stars)}">'
        f"{''.join(tiles)}</div>"
    )
    today = list(dict.fromkeys([*s.due_today, *s.new_today]))
    due_today = _("Due today")
    if today:
        parts.append(f'<h4>{esc(due_today)} <span class="hp-badge">{len(today)}</span></h4>')
        chips = "".join(
            f'<span class="hp-chip" role="listitem" title="{esc(translated(c.about))}">'
            f"{esc(translated(c.name))}</span>"
            for c in today[:DUE_CHIPS]
        )
        more = len(today) - DUE_CHIPS
        due_label = _("due today")
        others = esc(", ".join(translated(c.name) for c in today[DUE_CHIPS:]))
        # Translators: after the names of the first ideas due today: "and 3 more".
        more_text = ngettext("and {n} more", "and {n} more", more).format(n=more)
        rest = (
            f'<span class="hp-muted hp-small" style="margin:0 0 6px" title="{others}">'
            f"{esc(more_text)}</span>"
            if more > 0
            else ""
        )
        parts.append(
            f'<div class="hp-chips" role="list" aria-label="{esc(due_label)}">{chips}{rest}</div>'
        )
    else:
        parts.append(f"<h4>{esc(due_today)}</h4>")
        nothing = _("Nothing is due today.")
        if s.next_due:
            # Translators: {concept} is an idea's name; {when} is a wait ("in 3 days").
            nxt = _("The next one, {concept}, is due {when}.").format(
                concept=translated(s.next_due[1].name), when=days_text(s.next_due[0] - s.now)
            )
            nothing = f"{nothing} {nxt}"
        parts.append(f"<p>{esc(nothing)}</p>")
    situations = [c for c in s.concepts if c.concept.kind == "situation"]
    principles = [c for c in s.concepts if c.concept.kind == "principle"]
    strength = _(
        "Strength: your chance of still getting an idea right a week from now. It grows "
        "each time you practise and fades while you don't."
    )
    parts.append(f'<p class="hp-muted hp-small" style="margin:8px 0 0">{_text(strength)}</p>')
    parts.append(strength_rows(_("Situations"), situations, s.now))
    parts.append(strength_rows(_("Principles of play"), principles, s.now))
    parts.append(f'<p class="hp-muted hp-small">{esc(s.privacy)}</p>')
    return "".join(parts)
