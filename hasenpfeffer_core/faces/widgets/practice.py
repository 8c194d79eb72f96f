"""Spaced practice: what is due, one fresh question at a time.

:class:`Practice` asks the schedule (:func:`~hasenpfeffer_core.analysis.practice.cached_schedule`
over the learner's store) which concepts are due, and serves a fresh question for each
(:func:`~hasenpfeffer_core.analysis.practice.practice_question`), drawn by the widget
that already asks that kind of question: the trick-winner, legal-play and bid quizzes,
the ordering exercise, and a row of buttons for an ending or a principle of play. Each
answer is recorded (source ``"practice"``), so the schedule moves on as the learner
answers: a concept answered right comes back in days, one missed comes back in minutes.

>>> import random, tempfile
>>> p = Practice(lesson=1, home=tempfile.mkdtemp(), rng=random.Random(4))
>>> p.concept.lesson <= 1, p.score_text()
(True, '0 / 0 right')
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

import ipywidgets as w

from ...analysis.practice import (
    CONCEPTS,
    Concept,
    Schedule,
    cached_schedule,
    days_text,
    practice_question,
)
from ...analysis.progress import open_store
from ...analysis.quiz import Question
from ...engine.errors import HasenpfefferError
from ...engine.i18n import gettext as _
from ...engine.i18n import language, ngettext, pgettext
from .base import Guarded, esc, guarded, translated, widget_language
from .bid_quiz import BidQuiz
from .exercises import OrderExercise, principle_exercise, tricks_exercise
from .learner import Home, Recorder, check_lesson, styled
from .legal_quiz import LegalPlayQuiz
from .trick_quiz import TrickWinnerQuiz

__all__ = ["Practice"]


def _why_words(why: str) -> str:
    """The concept's badge: why it is served now (``due``, ``new``, ``extra``)."""
    words = {
        "due": pgettext("practice", "due now"),
        "new": pgettext("practice", "new"),
        "extra": pgettext("practice", "extra practice"),
    }
    return words.get(why, why)


class Practice(w.VBox, Guarded):  # type: ignore[misc]
    """Practise what is due, one question at a time, with a running score.

    ``lesson`` limits the practice to the concepts taught up to that lesson (None: all of
    them); ``home`` is the store's folder (default: the learner's); ``rng`` draws the
    questions (default: fresh ones each time).

    Public parts (for tests): ``concept`` (the concept practised, or None when nothing
    is due), ``why`` (``"due"``, ``"new"`` or ``"extra"``), ``question`` (the
    :class:`~hasenpfeffer_core.analysis.quiz.Question`), ``exercise`` (the widget asking
    it), ``heading`` (the title and the score), ``concept_line``, ``message`` (what to
    do when nothing is due), ``next_button``, ``anyway_button``, ``score`` (right,
    answered) and ``recorder``.
    """

    def __init__(
        self,
        lesson: int | None = None,
        *,
        home: Home = None,
        rng: random.Random | None = None,
        lang: str | None = None,
    ) -> None:
        self.lang = widget_language(lang)
        with language(self.lang):
            self.lesson = check_lesson(lesson, optional=True)
            super().__init__()
            self._init_guard()
            self.home = home
            self.rng = rng if rng is not None else random.Random()
            self.recorder = Recorder("practice", lesson=self.lesson, home=home)
            self.score: tuple[int, int] = (0, 0)
            self.concept: Concept | None = None
            self.why = ""
            self.question: Question | None = None
            self.exercise: w.Widget | None = None
            self.answered = False
            self.extra = False  # practising anyway: the weakest concepts
            self._last = ""
            self._extra_seen: set[str] = set()
            self._skip: set[str] = set()  # concepts no question could be made for
            self.heading = w.HTML()
            self.concept_line = w.HTML()
            self.body = w.VBox(layout=w.Layout(max_width="100%"))
            self.message = w.HTML()
            self.next_button = w.Button(
                description=_("Next question"),
                icon="arrow-right",
                tooltip=_("Another question: the next concept that is due"),
                layout=w.Layout(width="auto"),
            )
            self.anyway_button = w.Button(
                description=_("Practise anyway"),
                icon="repeat",
                tooltip=_("Practise the concepts you know least well"),
                button_style="primary",
                layout=w.Layout(width="auto", display="none"),
            )
            self.next_button.on_click(self._on_next)
            self.anyway_button.on_click(self._on_anyway)
            self.children = [
                self.heading,
                self.concept_line,
                self.body,
                self.message,
                # (the hosted exercise shows the recorder's note, if answers cannot be saved)
                w.HBox(
                    [self.next_button, self.anyway_button], layout=w.Layout(flex_flow="row wrap")
                ),
                self.status,
            ]
            self.add_class("hp-practice")
            self._serve()

    # --- what to practise -------------------------------------------------------------

    def allowed(self, concept: Concept) -> bool:
        """Whether ``concept`` is taught by the lessons this practice covers (and no
        question could not be made for it in this session)."""
        if concept.key in self._skip:
            return False
        return self.lesson is None or concept.lesson <= self.lesson

    def schedule(self) -> Schedule:
        """The schedule of the learner's answers (and of those this widget could not
        save, so that the practice still moves on)."""
        try:
            schedule = cached_schedule(open_store(self.home))
        except Exception:  # a folder that cannot be read: what was answered here will do
            schedule = Schedule()
        schedule.add([e for e in self.recorder.unsaved if e.is_answer])
        return schedule

    def due(self, schedule: Schedule, now: datetime) -> list[tuple[Concept, str]]:
        """The concepts due now, then the new ones for today, each with why."""
        due = [(c, "due") for c in schedule.due(now) if self.allowed(c)]
        new = [(c, "new") for c in schedule.new_today(now) if self.allowed(c)]
        return due + new

    def _pick(self) -> tuple[Concept, str] | None:
        schedule = self.schedule()
        now = datetime.now(UTC)
        due = self.due(schedule, now)
        if due:
            fresh = [cw for cw in due if cw[0].key != self._last]
            return (fresh or due)[0]
        if not self.extra:
            return None
        ranked = [c for c in schedule.to_practise(now, count=len(CONCEPTS)) if self.allowed(c)]
        unseen = [c for c in ranked if c.key not in self._extra_seen and c.key != self._last]
        if not unseen:
            self._extra_seen.clear()
            unseen = [c for c in ranked if c.key != self._last] or ranked
        if not unseen:
            return None
        self._extra_seen.add(unseen[0].key)
        return unseen[0], "extra"

    # --- serving ----------------------------------------------------------------------

    def _serve(self) -> None:
        self.answered = False
        self.status.value = ""
        picked = self._pick()
        self._draw_heading()
        if picked is None:
            self._nothing_due()
            return
        concept, why = picked
        # A fresh question can take a second (a hand is dealt and played to the right
        # moment): say so while it is made, and keep Next from being pressed twice.
        self.next_button.disabled = True
        # Translators: {concept} is the name of an idea practised ("The left bower").
        dealing = _("Dealing a fresh hand for: {concept}…").format(concept=translated(concept.name))
        self.message.value = styled(f'<div class="hp-muted" role="status">{esc(dealing)}</div>')
        try:
            q = practice_question(concept.key, self.rng, self.lesson)
        except HasenpfefferError:  # (no position turned up for it): the next one
            self._skip.add(concept.key)
            self._serve()
            return
        finally:
            self.next_button.disabled = False
        self.concept, self.why = concept, why
        self._last = concept.key
        self.question = q
        self.exercise = self._host(q)
        self.body.children = [self.exercise]
        self.body.layout.display = None
        self.message.value = ""
        self.anyway_button.layout.display = "none"
        self.next_button.layout.display = None
        lessons = _("lesson {n}").format(n=concept.lesson) if concept.lesson else ""
        # Translators: {concept} is the name of an idea practised ("The left bower").
        practising = _("Practising: {concept}").format(concept=translated(concept.name))
        label = _("the concept practised")
        self.concept_line.value = styled(
            '<div class="hp-head" role="group" '
            f'aria-label="{esc(label)}">'
            f'<span class="hp-title">{esc(practising)}</span>'
            f'<span class="hp-chip" style="margin:0">{esc(_why_words(why))}</span>'
            + (f'<span class="hp-muted hp-small">{esc(lessons)}</span>' if lessons else "")
            + f'<span style="flex-basis:100%">{esc(translated(concept.about))}</span></div>'
        )

    def _host(self, q: Question) -> w.Widget:
        """The widget that asks ``q``, recording through this practice's recorder."""
        r = self.recorder
        exercise: Any
        lang = self.lang
        if q.kind == "trick-winner":
            exercise = TrickWinnerQuiz(question=q, recorder=r, lang=lang)
        elif q.kind == "legal-play":
            exercise = LegalPlayQuiz(question=q, recorder=r, lang=lang)
        elif q.kind == "bid":
            exercise = BidQuiz(question=q, recorder=r, lang=lang)
        elif q.kind == "order":
            exercise = OrderExercise(q, recorder=r, lang=lang)
        elif q.kind == "tricks":
            exercise = tricks_exercise(q, recorder=r, once=True, lang=lang)
        else:
            exercise = principle_exercise(q, recorder=r, once=True, lang=lang)
        exercise.answer_hooks.append(self._on_answer)
        return exercise

    def _nothing_due(self) -> None:
        self.concept, self.why, self.question, self.exercise = None, "", None, None
        self.body.children = []
        self.body.layout.display = "none"
        self.concept_line.value = ""
        schedule = self.schedule()
        now = datetime.now(UTC)
        later = [
            (s.card.due, s.concept)
            for s in schedule.states.values()
            if s.card is not None and s.card.due > now and self.allowed(s.concept)
        ]
        if self.lesson == 1:
            nothing = _("Nothing is due for practice now from lesson 1.")
        elif self.lesson:
            nothing = _("Nothing is due for practice now from lessons 1 to {n}.").format(
                n=self.lesson
            )
        else:
            nothing = _("Nothing is due for practice now.")
        if later:
            when, nxt = min(later, key=lambda dc: dc[0])
            # Translators: {concept} is an idea's name; {when} is a wait ("in 3 days").
            after = _("The next one, {concept}, is due {when}.").format(
                concept=translated(nxt.name), when=days_text(when - now)
            )
        else:
            after = _("New ideas to practise start again tomorrow.")
        anyway = _("You can practise anyway: the ideas you know least well come first.")
        self.message.value = styled(
            '<div class="hp-fb hp-info" role="status">'
            f"<b>{esc(nothing)}</b> {esc(after)} {esc(anyway)}</div>"
        )
        self.anyway_button.layout.display = None
        self.next_button.layout.display = "none"

    def _draw_heading(self) -> None:
        if self.lesson == 1:
            title = _("Practice · lesson 1")
        elif self.lesson:
            title = _("Practice · lessons 1 to {n}").format(n=self.lesson)
        else:
            title = _("Practice")
        self.heading.value = styled(
            f'<h3 style="display:inline-block;margin-right:10px">{esc(title)}</h3>'
            f'<span class="hp-badge" role="status">{esc(self.score_text())}</span>'
        )

    def score_text(self) -> str:
        """The running score, ``K / N right``."""
        right, asked = self.score
        # Translators: {right} answers right out of {asked} (the plural follows {right}).
        return ngettext("{right} / {asked} right", "{right} / {asked} right", right).format(
            right=right, asked=asked
        )

    # --- callbacks --------------------------------------------------------------------

    def _on_answer(self, right: bool) -> None:
        if self.answered:
            return  # (a second try at the same question does not count)
        self.answered = True
        r, n = self.score
        self.score = (r + int(right), n + 1)
        with language(self.lang):  # (a hook of the hosted exercise, not a guarded callback)
            self._draw_heading()
        self.next_button.focus()

    @guarded
    def _on_next(self, _button: Any = None) -> None:
        self._serve()

    @guarded
    def _on_anyway(self, _button: Any = None) -> None:
        self.extra = True
        self._serve()
