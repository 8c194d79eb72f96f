"""A quiz: who wins this trick? Press the card that wins; the answer shows at once.

The questions, their answers and explanations come from
:func:`hasenpfeffer_core.analysis.quiz.trick_winner_question`; this widget only shows them.

>>> quiz = TrickWinnerQuiz(difficulty="bowers", seed=5)
>>> q = quiz.question
>>> right = [b for b, (seat, _) in zip(quiz.answer_buttons, q.trick) if seat is q.answer]
>>> right[0].click()
>>> quiz.score, quiz.by_tag[q.tag], "Right" in quiz.feedback.value
((1, 1), (1, 1), True)
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as w

from ...analysis import quiz as _quiz
from ...analysis.explain import card_words
from ...analysis.quiz import Question
from ...engine.i18n import N_, pgettext
from ...engine.i18n import gettext as _
from ...engine.seats import SEATS, Seat
from ..render import table_svg
from .base import (
    box,
    esc,
    feedback,
    guarded,
    paint_result,
    paint_suit,
)
from .quiz_widget import QuizWidget

__all__ = ["TrickWinnerQuiz", "tag_words"]


def tag_words(tag: str) -> str:
    """A situation tag of a trick-winner question as the table of accuracy shows it.

    >>> tag_words("left bower"), tag_words("something new")
    ('left bower', 'something new')
    """
    words = {
        "plain suit": pgettext("situation", "plain suit"),
        "trumped": pgettext("situation", "trumped"),
        "trump led": pgettext("situation", "trump led"),
        "lone hand": pgettext("situation", "lone hand"),
        "left bower": pgettext("situation", "left bower"),
        "right bower": pgettext("situation", "right bower"),
        "joker": pgettext("situation", "joker"),
    }
    return words.get(tag, tag)


class TrickWinnerQuiz(QuizWidget):
    """A finished trick: press the card that wins it.

    Public parts (for tests and lessons): ``question`` (the current
    :class:`~hasenpfeffer_core.analysis.quiz.Question`, or ``None``), ``answer_buttons``
    (one per card played, in playing order, labelled ``"N: A♠"``), ``next_button``,
    ``feedback`` (an HTML widget), ``score`` (right, asked), ``streak``,
    ``best_streak``, ``by_tag`` (situation tag -> (right, asked)), ``difficulty``
    (the level menu) and ``seed`` (the seed box). Changing the level or the seed
    starts a fresh, reproducible set.

    Settings: ``difficulty``, a level's name (``"first-steps"``, ``"bowers"``, ``"joker"``,
    ``"mixed"``) or its menu label; ``seed``, a whole number from 0 to 2**63 - 1 (or its
    digits). A bad one raises the engine's error, naming the setting.
    """

    kind = "trick-winner"
    title = N_("Who wins the trick?")
    answers_label = N_("The winning card:")
    next_tooltip = N_("Show another trick")
    level_tooltip = N_("Which cards the tricks may show")
    seed_tooltip = N_("The same number gives the same tricks")

    css_class = "hp-trick-quiz"

    def make_question(self, rng: random.Random, level: str) -> Question:
        return _quiz.trick_winner_question(rng, level)

    def _parts(self) -> list[w.Widget]:
        self.chosen: Seat | None = None
        self.answer_buttons: list[w.Button] = []
        self._button_seats: list[Seat] = []
        self.tag_table = w.HTML()
        self._hidden = [self.tag_table]
        return [
            self.header,
            self.picture,
            self._answers_box(),
            self.feedback,
            self.next_button,
            self.score_line,
            self.tag_table,
            self._controls_box(),
            self.recorder.note,
            self.status,
        ]

    # --- callbacks --------------------------------------------------------------------

    @guarded
    def _on_answer(self, button: Any) -> None:
        q = self.question
        if q is None or self.answered:
            return
        seat = self._button_seats[self.answer_buttons.index(button)]
        right = q.check(seat)
        self.chosen = seat
        self.answered = True
        self._count(q, right)
        for b, s in zip(self.answer_buttons, self._button_seats, strict=True):
            b.disabled = True
            if s is q.answer:
                b.button_style = "success"
                b.icon = "trophy"
            elif s is seat:
                b.button_style = "danger"
                b.icon = "times"
            if b.button_style:
                paint_result(b, b.button_style)  # theme green or red, white text
        played = dict(q.trick)
        if right:
            body = feedback("ok", _("Right!"), q.explanation)
        else:
            # Translators: {seat} is a seat (North...), {card} a card's short text (J♥).
            chose = _("You chose {seat}'s {card}.").format(seat=seat.word, card=played[seat].text)
            body = feedback("bad", _("Not quite."), f"{chose} {q.explanation}")
        self.feedback.value = body
        self._draw_picture()
        self._draw_score()
        self.next_button.focus()

    # --- the question -----------------------------------------------------------------

    def _answer_buttons(self) -> list[w.Button]:
        return self.answer_buttons

    def _make_answer_buttons(self, q: Question) -> list[w.Button]:
        self.chosen = None
        self.answer_buttons = []
        self._button_seats = []
        for seat, card in q.trick:
            b = w.Button(
                # the seat and its card, as the site's quiz names them ("North (K♥)",
                # "ใต้ (K♥)"): a seat's letter is English in Thai
                description=_("{seat} ({card})").format(seat=seat.word, card=card_words(card)),
                # Translators: {seat} is a seat (North...), {card} a card's name.
                tooltip=_("{seat} played {card}: press if it wins").format(
                    seat=seat.word, card=card.name
                ),
                layout=w.Layout(width="auto", min_width="84px", height="36px"),
            )
            b.style.font_weight = "bold"
            paint_suit(b, card.suit)
            b.add_class("hp-card-button")
            b.on_click(self._on_answer)
            self.answer_buttons.append(b)
            self._button_seats.append(seat)
        return self.answer_buttons

    # --- HTML -------------------------------------------------------------------------

    def _draw_picture(self) -> None:
        q = self.question
        if q is None:
            self.picture.value = ""
            return
        seats_played = {s for s, _ in q.trick}
        out = [s for s in SEATS if s not in seats_played]
        winner = q.answer if self.answered else None
        table = table_svg(
            q.trick,
            trump=q.trump,
            trump_known=self.answered,  # no trump marks before answering: no hints
            leader=q.trick[0][0],
            winner=winner,
            sitting_out=out,
        )
        if self.answered:
            # Translators: {seat} is the seat that won (North...), {card} its card (J♥).
            caption = _("The winning card is lit: {seat} ({card}).").format(
                seat=q.answer.word, card=card_words(dict(q.trick)[q.answer])
            )
        else:
            # Translators: one card of a trick: the seat (North...) and its card (J♥).
            plays = [_("{seat} {card}").format(seat=s.word, card=card_words(c)) for s, c in q.trick]
            # Translators: what joins the cards of a trick in playing order:
            # "North J♥, then East A♠, then South 9♠".
            then = pgettext("list of plays", ", then ")
            # Translators: {plays} lists the cards in playing order.
            caption = _("The finished trick: {plays}").format(plays=then.join(plays))
        self.picture.value = box(
            f'<figure style="margin:0">{table}'
            f'<figcaption class="hp-muted">{esc(caption)}</figcaption></figure>'
        )

    def _draw_score(self) -> None:
        super()._draw_score()
        if not self.by_tag:
            self.tag_table.value = ""
            return
        rows = "".join(
            f"<tr><td>{esc(tag_words(tag))}</td><td>{r} / {n}</td>"
            f"<td>{round(100 * r / n)}%</td></tr>"
            for tag, (r, n) in sorted(self.by_tag.items())
        )
        label, caption = _("accuracy by situation"), _("By situation")
        heads = "".join(
            f'<th scope="col">{esc(h)}</th>'
            for h in (
                pgettext("column", "Situation"),
                pgettext("column", "Right / asked"),
                pgettext("column", "Accuracy"),
            )
        )
        self.tag_table.value = box(
            f'<table class="hp-t" aria-label="{esc(label)}">'
            f'<caption class="hp-muted" style="text-align:left">{esc(caption)}</caption>'
            f"<tr>{heads}</tr>{rows}</table>"
        )
