"""A quiz: which of your cards may you play? Select every one, then check.

The questions, their answers and the reason for each card come from
:func:`hasenpfeffer_core.analysis.quiz.legal_play_question`; this widget only shows them.

>>> quiz = LegalPlayQuiz(difficulty="first-steps", seed=3)
>>> q = quiz.question
>>> for b in quiz.card_buttons:
...     b.value = b.card in q.answer
>>> quiz.check_button.click()
>>> quiz.score, "Right" in quiz.feedback.value
((1, 1), True)
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ...analysis import quiz as _quiz
from ...analysis.quiz import DIFFICULTIES, Question
from ...engine.cards import Card
from ..render import hand_svg, table_svg
from .base import (
    DIFFICULTY_LABELS,
    Guarded,
    QuizSession,
    box,
    card_button,
    esc,
    feedback,
    guarded,
    paint_result,
    quiz_settings,
    seed_controls,
    suit_span,
)

__all__ = ["LegalPlayQuiz"]


def _cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    return ", ".join(c.text for c in cards) or "none"


class LegalPlayQuiz(w.VBox, Guarded):  # type: ignore[misc]
    """Select every card of the hand that may be played to the trick, then check.

    Public parts (for tests and lessons): ``question`` (the current
    :class:`~hasenpfeffer_core.analysis.quiz.Question`, or ``None`` if none could be made),
    ``card_buttons`` (one toggle per card of the hand, in the hand's order, each
    with a ``card`` attribute), ``check_button``, ``next_button``, ``feedback``
    (an HTML widget), ``score`` (right, asked), ``streak``, ``best_streak``,
    ``difficulty`` (the level menu) and ``seed`` (the seed box). Changing the
    level or the seed starts a fresh, reproducible set.
    """

    def __init__(self, difficulty: str = "mixed", seed: int = 0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._init_guard()
        difficulty, seed, problems = quiz_settings(difficulty, seed)
        self.question: Question | None = None
        self.session = QuizSession(lambda rng, level: _quiz.legal_play_question(rng, level), seed)
        self.answered = False

        self.header = w.HTML()
        self.picture = w.HTML()
        self.cards_row = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.card_buttons: list[w.ToggleButton] = []
        self.check_button = w.Button(
            description="Check",
            tooltip="Check the cards you selected",
            button_style="primary",
            icon="check",
        )
        self.next_button = w.Button(
            description="Next question",
            tooltip="Show another question",
            icon="arrow-right",
        )
        self.feedback = w.HTML()
        self.score_line = w.HTML()
        self.difficulty, self.seed = seed_controls(
            seed, difficulty, [(DIFFICULTY_LABELS.get(d, d), d) for d in DIFFICULTIES]
        )
        self.difficulty.tooltip = "Which cards the questions may show"
        self.seed.tooltip = "The same seed gives the same questions"

        self.check_button.on_click(self._on_check)
        self.next_button.on_click(self._on_next)
        self.difficulty.observe(self._on_settings, names="value")
        self.seed.observe(self._on_settings, names="value")

        self.children = [
            self.header,
            self.picture,
            w.HBox(
                [w.HTML(value=box("<b>Your cards:</b>")), self.cards_row],
                layout=w.Layout(align_items="center", flex_flow="row wrap"),
            ),
            w.HBox([self.check_button, self.next_button]),
            self.feedback,
            self.score_line,
            w.HBox([self.difficulty, self.seed], layout=w.Layout(flex_flow="row wrap")),
            self.status,
        ]
        self.add_class("hp-legal-quiz")
        self._restart()
        if problems:
            self.show_error("; ".join(problems))

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

    # --- callbacks --------------------------------------------------------------------

    @guarded
    def _on_check(self, _button: Any = None) -> None:
        q = self.question
        if q is None:
            self.feedback.value = feedback("info", "No question yet:", "press Next question.")
            return
        if self.answered:
            return
        chosen = tuple(b.card for b in self.card_buttons if b.value)
        if not chosen:
            self.feedback.value = feedback(
                "info", "Select the cards first:", "press every card you may play, then Check."
            )
            return
        right = q.check(chosen)
        self.session.record(q, right)
        self.answered = True
        self.feedback.value = self._feedback_html(q, chosen, right)
        legal = set(q.answer)
        for b in self.card_buttons:
            b.disabled = True
            if b.card in legal:
                b.button_style = "success"
            elif b.value:
                b.button_style = "danger"
            if b.button_style:
                paint_result(b, b.button_style)  # theme green or red, white text
        self.check_button.disabled = True
        self._draw_picture()
        self._draw_score()
        self.next_button.focus()

    @guarded
    def _on_next(self, _button: Any = None) -> None:
        self._new_question()
        if self.card_buttons:
            self.card_buttons[0].focus()

    @guarded
    def _on_settings(self, _change: Any = None) -> None:
        self._restart()

    @guarded
    def _on_toggle(self, change: Any) -> None:
        change["owner"].icon = "check" if change["new"] else ""

    # --- state ------------------------------------------------------------------------

    @guarded
    def _restart(self) -> None:
        """A fresh set: score and streak back to zero, questions from the seed again."""
        self.session.restart(int(self.seed.value))
        self.question = None
        self._new_question()

    def _draw_question(self) -> Question:
        return self.session.draw(self.difficulty.value)

    def _new_question(self) -> None:
        self.answered = False
        self.feedback.value = ""
        self._draw_score()
        self.question = None
        q = self._draw_question()
        self.question = q
        self.card_buttons = []
        for c in q.hand:
            b = card_button(c, toggle=True)
            b.tooltip = f"{c.name}: select if it may be played"
            b.observe(self._on_toggle, names="value")
            self.card_buttons.append(b)
        self.cards_row.children = self.card_buttons
        self.check_button.disabled = False
        self.header.value = box(
            "<h3>Which cards may you play?</h3>"
            f'<div>Trumps: <b>{suit_span(q.trump)}</b> <span class="hp-badge">'
            f"{esc(DIFFICULTY_LABELS.get(q.difficulty, q.difficulty))}</span></div>"
            f"<p>{esc(q.prompt)}</p>"
        )
        self._draw_picture()
        self._draw_score()
        self.status.value = ""

    # --- HTML -------------------------------------------------------------------------

    def _draw_picture(self) -> None:
        q = self.question
        if q is None:
            self.picture.value = ""
            return
        shown = self.answered  # trump marks and badges only once answered: no hints before
        legal = tuple(q.answer) if shown else ()
        me = q.seat
        names = {me: f"{me.word} (you)"} if me is not None else None
        leader = q.trick[0][0] if q.trick else me
        table = table_svg(q.trick, trump=q.trump, trump_known=shown, leader=leader, names=names)
        hand = hand_svg(
            q.hand,
            trump=q.trump,
            trump_known=shown,
            highlight=legal,
            dim=[c for c in q.hand if c not in legal] if shown else (),
            label="your hand",
        )
        trick_caption = "The trick so far" if q.trick else "No card played yet: you lead"
        hand_caption = "Your hand (the cards you may play are lit)" if shown else "Your hand"
        self.picture.value = box(
            '<div style="display:flex;flex-wrap:wrap;gap:18px;align-items:flex-end">'
            f'<figure style="margin:0">{table}'
            f'<figcaption class="hp-muted">{esc(trick_caption)}</figcaption></figure>'
            f'<figure style="margin:0">{hand}'
            f'<figcaption class="hp-muted">{esc(hand_caption)}</figcaption></figure>'
            "</div>"
        )

    def _draw_score(self) -> None:
        self.score_line.value = self.session.score_html()

    def _feedback_html(self, q: Question, chosen: tuple[Card, ...], right: bool) -> str:
        legal = set(q.answer)
        missed = [c for c in q.hand if c in legal and c not in chosen]
        wrong = [c for c in q.hand if c in chosen and c not in legal]
        reasons: dict[str, str] = q.details.get("reasons", {})
        if right:
            title = "Right!"
            summary = f"You chose exactly the cards that may be played: {_cards_text(q.answer)}."
        else:
            title = "Not quite."
            parts = []
            if missed:
                parts.append(f"You missed {_cards_text(missed)}, which may be played.")
            if wrong:
                parts.append(f"You chose {_cards_text(wrong)}, which may not be played.")
            parts.append(f"The cards that may be played: {_cards_text(q.answer)}.")
            summary = " ".join(parts)
        items = []
        for c in q.hand:
            mark = "✓" if c in legal else "✗"
            note = ""
            if c in missed:
                note = ' <span class="hp-badge">missed</span>'
            elif c in wrong:
                note = ' <span class="hp-badge">wrongly chosen</span>'
            items.append(
                f"<li><b>{mark} {esc(c.text)}</b>{note} {esc(reasons.get(c.text, ''))}</li>"
            )
        kind = "ok" if right else "bad"
        return box(
            f'<div class="hp-fb hp-{kind}" role="status" aria-live="polite">'
            f"<b>{esc(title)}</b> {esc(summary)}"
            f'<ul style="margin:6px 0 0;padding-left:1.2em">{"".join(items)}</ul></div>'
        )
