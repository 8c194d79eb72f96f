"""The quiz widgets' common part: the question stream and its score, the answers, the
level and question-set controls, and the recording of every answer in the learner's
store (:class:`QuizWidget`; the trick-winner, legal-play and bid quizzes build on it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from ...analysis.quiz import DIFFICULTIES, Question
from ...analysis.session import check_seed, quoted
from ...engine.errors import HasenpfefferError, InvalidDataError
from ...engine.i18n import N_, language
from ...engine.i18n import gettext as _
from .base import (
    Guarded,
    QuizSession,
    box,
    esc,
    feedback,
    fill,
    guarded,
    level_label,
    quiz_settings,
    seed_controls,
    suit_span,
    text_layout,
    translated,
    widget_language,
)
from .learner import Recorder


class QuizWidget(w.VBox, Guarded):  # type: ignore[misc]
    """What the two quiz widgets share: the question stream and its score, the header,
    the picture, the row of answers, the next button, the feedback and the level and
    seed controls. A quiz supplies its questions, its answer buttons and its verdict.

    Changing the level keeps the running score and says so; the next questions come at
    the new level. Changing the question set (the seed box, labelled "Question set")
    starts a fresh, reproducible set, the score back to zero. A bad level or seed given
    when the quiz is made raises the engine's error; a number typed in the box that is
    not a seed is refused with a message, the box goes back to the set in use and the
    set goes on.

    Every answer is recorded in the learner's store (``recorder``, a
    :class:`~hasenpfeffer_core.faces.widgets.learner.Recorder`: source ``"quiz"``, the
    lesson set by ``lesson_header``). Given a ``question``, the quiz asks that one
    question only, for another widget to host (the practice widget): no level or
    question-set controls, no next button, no score; ``answer_hooks`` are called with
    each verdict (True for right).

    The quiz speaks ``lang`` (``None``: the language in use when it is made): it is made
    in it, and its callbacks answer in it.
    """

    #: The kind of quiz-bank question the quiz asks (``Question.kind``).
    kind = ""
    #: The quiz's title, the label before its answers, and the tooltips of its controls
    #: (marked with ``N_`` where they are set, translated where they are shown).
    title = ""
    answers_label = ""
    next_tooltip = N_("Show another question")
    level_tooltip = N_("Which cards the questions may show")
    seed_tooltip = N_("A question set: the same number gives the same questions")

    def __init__(
        self,
        difficulty: str = "mixed",
        seed: int = 0,
        *,
        question: Question | None = None,
        recorder: Recorder | None = None,
        lang: str | None = None,
        **kwargs: Any,
    ) -> None:
        self.lang = widget_language(lang)
        with language(self.lang):
            self._build_quiz(self.make_question, difficulty, seed, question, recorder, **kwargs)
            self.children = self._parts()
            self.add_class(self.css_class)
            self._start()

    #: The class of the quiz's box (the styles of the lab and the site select by it).
    css_class = ""

    def make_question(self, rng: random.Random, level: str) -> Question:
        """A fresh question of the quiz's kind at ``level`` (each quiz says which)."""
        raise NotImplementedError

    def _parts(self) -> list[w.Widget]:
        """The quiz's own controls made, and the widgets of its box in order (each quiz
        lays out its own)."""
        raise NotImplementedError

    def _build_quiz(
        self,
        make: Callable[[random.Random, str], Question],
        difficulty: str,
        seed: int,
        question: Question | None,
        recorder: Recorder | None,
        **kwargs: Any,
    ) -> None:
        difficulty, seed = quiz_settings(difficulty, seed)
        if question is not None and (
            not isinstance(question, Question) or question.kind != self.kind
        ):
            raise InvalidDataError(
                # Translators: {kind} is the kind of question in code ('trick-winner')
                _("this quiz asks a {kind} question from the quiz bank, not {value}").format(
                    kind=repr(self.kind), value=quoted(question)
                )
            )
        super().__init__(**kwargs)
        self._init_guard()
        self._given = question
        self.hosted = question is not None
        self.recorder = recorder if recorder is not None else Recorder("quiz")
        self.answer_hooks: list[Callable[[bool], None]] = []
        self._seed_in_use = seed
        self._syncing = False
        self.question: Question | None = None
        self.session = QuizSession(make, seed)
        self.answered: bool = False
        self.header = w.HTML()
        self.picture = w.HTML()
        self.answers_row = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.next_button = w.Button(
            layout=text_layout(),
            description=_("Next question"),
            tooltip=_(self.next_tooltip),
            icon="arrow-right",
        )
        self.feedback = w.HTML()
        self.score_line = w.HTML()
        self.difficulty, self.seed = seed_controls(
            seed, difficulty, [(level_label(d), d) for d in DIFFICULTIES]
        )
        self.difficulty.tooltip = _(self.level_tooltip)
        self.seed.tooltip = _(self.seed_tooltip)
        self.next_button.on_click(self._on_next)
        self.difficulty.observe(self._on_level, names="value")
        self.seed.observe(self._on_settings, names="value")

    def _answers_box(self) -> w.HBox:
        return w.HBox(
            [w.HTML(value=box(f"<b>{esc(translated(self.answers_label))}</b>")), self.answers_row],
            layout=w.Layout(align_items="center", flex_flow="row wrap"),
        )

    def _controls_box(self) -> w.HBox:
        return w.HBox([self.difficulty, self.seed], layout=w.Layout(flex_flow="row wrap"))

    def _start(self) -> None:
        """The first set; the subclass calls it once its children are laid out. A hosted
        quiz hides the parts of a whole quiz (next button, score, controls)."""
        if self.hosted:
            hidden = [self.next_button, self.score_line, *getattr(self, "_hidden", ())]
            for widget in (*hidden, self.difficulty, self.seed):
                widget.layout.display = "none"
        self._restart()

    def _count(self, question: Question, right: bool) -> None:
        """Count one answer: the score, the learner's store, the hooks."""
        self.session.record(question, right)
        self.recorder.question(question, right)
        for hook in list(self.answer_hooks):
            hook(right)

    @property
    def score(self) -> tuple[int, int]:
        """(right, asked) in this set."""
        return self.session.score

    @property
    def streak(self) -> int:
        """Right answers in a row."""
        return self.session.streak

    @property
    def best_streak(self) -> int:
        """The longest streak in this set."""
        return self.session.best_streak

    @property
    def by_tag(self) -> dict[str, tuple[int, int]]:
        """Accuracy per situation tag: tag -> (right, asked)."""
        return self.session.by_tag

    @guarded
    def _on_next(self, _button: Any = None) -> None:
        self._new_question()
        first = self._answer_buttons()
        if first:
            first[0].focus()

    @guarded
    def _on_settings(self, _change: Any = None) -> None:
        if self._syncing:
            return
        try:
            seed = check_seed(self.seed.value, what=_("the question set (a number)"))
        except HasenpfefferError:
            self._set_seed_box(self._seed_in_use)  # the set goes on as it was
            raise
        self._seed_in_use = seed
        self._restart()

    @guarded
    def _on_level(self, change: Any = None) -> None:
        """A new level: the next question comes at it, and the running score goes on."""
        self._new_question()
        label = level_label(self.difficulty.value)
        right, asked = self.session.score
        self.status.value = feedback(
            "info",
            _("Level changed to {level}.").format(level=label),
            _("Your score goes on: {right} / {asked} right so far.").format(
                right=right, asked=asked
            ),
        )

    def _set_seed_box(self, seed: int) -> None:
        self._syncing = True
        try:
            self.seed.value = seed
        finally:
            self._syncing = False

    @guarded
    def _restart(self) -> None:
        """A fresh set: score and streak back to zero, questions from the seed again."""
        self.session.restart(self._seed_in_use)
        self.question = None
        self._new_question()

    def _new_question(self) -> None:
        self.answered = False
        self.feedback.value = ""
        self.question = None
        self._draw_score()
        q = self._given if self._given is not None else self.session.draw(self.difficulty.value)
        self.question = q
        self.answers_row.children = self._make_answer_buttons(q)
        level = level_label(q.difficulty)
        badge = "" if self.hosted else f' <span class="hp-badge">{esc(level)}</span>'
        trumps = fill(_("Trumps: {suit}"), suit=f"<b>{suit_span(q.trump)}</b>")
        self.header.value = box(
            f"<h3>{esc(translated(self.title))}</h3><div>{trumps}{badge}</div><p>{esc(q.prompt)}</p>"
        )
        self._draw_picture()
        self._draw_score()
        self.status.value = ""

    # what each quiz supplies
    def _answer_buttons(self) -> Sequence[w.Button]:
        raise NotImplementedError

    def _make_answer_buttons(self, q: Question) -> list[w.Button]:
        raise NotImplementedError

    def _draw_picture(self) -> None:
        raise NotImplementedError

    def _draw_score(self) -> None:
        self.score_line.value = self.session.score_html()
