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

import random
from typing import Any

import ipywidgets as w

from ...analysis import quiz as _quiz
from ...analysis.explain import card_words
from ...analysis.quiz import Question
from ...engine.cards import Card
from ...engine.i18n import N_, ngettext, pgettext
from ...engine.i18n import gettext as _
from ..render import hand_svg, table_svg
from .base import (
    box,
    card_button,
    esc,
    feedback,
    guarded,
    paint_result,
    text_layout,
)
from .quiz_widget import QuizWidget

__all__ = ["LegalPlayQuiz"]


def _cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    # Translators: no card at all (in "The cards that may be played: none.").
    return ", ".join(card_words(c) for c in cards) or pgettext("cards", "none")


class LegalPlayQuiz(QuizWidget):
    """Select every card of the hand that may be played to the trick, then check.

    Public parts (for tests and lessons): ``question`` (the current
    :class:`~hasenpfeffer_core.analysis.quiz.Question`, or ``None`` if none could be made),
    ``card_buttons`` (one toggle per card of the hand, in the hand's order, each
    with a ``card`` attribute), ``check_button``, ``next_button``, ``feedback``
    (an HTML widget), ``score`` (right, asked), ``streak``, ``best_streak``,
    ``difficulty`` (the level menu) and ``seed`` (the seed box). Changing the
    level or the seed starts a fresh, reproducible set.

    Settings: ``difficulty``, a level's name (``"first-steps"``, ``"bowers"``, ``"joker"``,
    ``"mixed"``) or its menu label; ``seed``, a whole number from 0 to 2**63 - 1 (or its
    digits). A bad one raises the engine's error, naming the setting.
    """

    kind = "legal-play"
    title = N_("Which cards may you play?")
    answers_label = N_("Your cards:")

    css_class = "hp-legal-quiz"

    def make_question(self, rng: random.Random, level: str) -> Question:
        return _quiz.legal_play_question(rng, level)

    def _parts(self) -> list[w.Widget]:
        self.cards_row = self.answers_row
        self.card_buttons: list[w.ToggleButton] = []
        self.check_button = w.Button(
            layout=text_layout(),
            description=pgettext("button", "Check"),
            tooltip=_("Check the cards you selected"),
            button_style="primary",
            icon="check",
        )
        self.check_button.on_click(self._on_check)
        return [
            self.header,
            self.picture,
            self._answers_box(),
            w.HBox([self.check_button, self.next_button]),
            self.feedback,
            self.score_line,
            self._controls_box(),
            self.recorder.note,
            self.status,
        ]

    # --- callbacks --------------------------------------------------------------------

    @guarded
    def _on_check(self, _button: Any = None) -> None:
        q = self.question
        if q is None:
            self.feedback.value = feedback("info", _("No question yet:"), _("press Next question."))
            return
        if self.answered:
            return
        chosen = tuple(b.card for b in self.card_buttons if b.value)
        if not chosen:
            self.feedback.value = feedback(
                "info",
                _("Select the cards first:"),
                _("press every card you may play, then Check."),
            )
            return
        right = q.check(chosen)
        self._count(q, right)
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
    def _on_toggle(self, change: Any) -> None:
        change["owner"].icon = "check" if change["new"] else ""

    # --- the question -----------------------------------------------------------------

    def _answer_buttons(self) -> list[w.ToggleButton]:
        return self.card_buttons

    def _make_answer_buttons(self, q: Question) -> list[w.ToggleButton]:
        self.card_buttons = []
        for c in q.hand:
            b = card_button(c, toggle=True)
            # Translators: {card} is a card's name (the jack of hearts).
            b.tooltip = _("{card}: select if it may be played").format(card=c.name)
            b.observe(self._on_toggle, names="value")
            self.card_buttons.append(b)
        self.check_button.disabled = False
        return self.card_buttons

    # --- HTML -------------------------------------------------------------------------

    def _draw_picture(self) -> None:
        q = self.question
        if q is None:
            self.picture.value = ""
            return
        shown = self.answered  # trump marks and badges only once answered: no hints before
        legal = tuple(q.answer) if shown else ()
        me = q.seat
        # Translators: {seat} is the learner's seat (North...).
        names = {me: _("{seat} (you)").format(seat=me.word)} if me is not None else None
        leader = q.trick[0][0] if q.trick else me
        table = table_svg(q.trick, trump=q.trump, trump_known=shown, leader=leader, names=names)
        hand = hand_svg(
            q.hand,
            trump=q.trump,
            trump_known=shown,
            highlight=legal,
            dim=[c for c in q.hand if c not in legal] if shown else (),
            label=_("your hand"),
        )
        trick_caption = _("The trick so far") if q.trick else _("No card played yet: you lead")
        hand_caption = _("Your hand (the cards you may play are lit)") if shown else _("Your hand")
        self.picture.value = box(
            '<div style="display:flex;flex-wrap:wrap;gap:18px;align-items:flex-end">'
            f'<figure style="margin:0">{table}'
            f'<figcaption class="hp-muted">{esc(trick_caption)}</figcaption></figure>'
            f'<figure style="margin:0">{hand}'
            f'<figcaption class="hp-muted">{esc(hand_caption)}</figcaption></figure>'
            "</div>"
        )

    def _feedback_html(self, q: Question, chosen: tuple[Card, ...], right: bool) -> str:
        legal = set(q.answer)
        missed = [c for c in q.hand if c in legal and c not in chosen]
        wrong = [c for c in q.hand if c in chosen and c not in legal]
        reasons: dict[str, str] = q.details.get("reasons", {})
        if right:
            title = _("Right!")
            summary = _("You chose exactly the cards that may be played: {cards}.").format(
                cards=_cards_text(q.answer)
            )
        else:
            title = _("Not quite.")
            parts = []
            if missed:
                parts.append(
                    ngettext(
                        "You missed {cards}, which may be played.",
                        "You missed {cards}, which may be played.",
                        len(missed),
                    ).format(cards=_cards_text(missed))
                )
            if wrong:
                parts.append(
                    ngettext(
                        "You chose {cards}, which may not be played.",
                        "You chose {cards}, which may not be played.",
                        len(wrong),
                    ).format(cards=_cards_text(wrong))
                )
            parts.append(
                _("The cards that may be played: {cards}.").format(cards=_cards_text(q.answer))
            )
            summary = " ".join(parts)
        items = []
        for c in q.hand:
            mark = "✓" if c in legal else "✗"
            note = ""
            if c in missed:
                badge = _("missed")
                note = f' <span class="hp-badge">{esc(badge)}</span>'
            elif c in wrong:
                badge = _("wrongly chosen")
                note = f' <span class="hp-badge">{esc(badge)}</span>'
            reason = reasons.get(c.text, "")
            if reason.startswith(c.text):  # the reason names the card: show it once, in bold
                reason = reason[len(c.text) :]
            elif reason:  # ("JK: The Joker may be led", not "JKThe Joker ...")
                reason = f": {reason}"
            items.append(f"<li><b>{mark} {esc(c.text)}</b>{esc(reason)}{note}</li>")
        kind = "ok" if right else "bad"
        return box(
            f'<div class="hp-fb hp-{kind}" role="status" aria-live="polite">'
            f"<b>{esc(title)}</b> {esc(summary)}"
            f'<ul style="margin:6px 0 0;padding-left:1.2em">{"".join(items)}</ul></div>'
        )
