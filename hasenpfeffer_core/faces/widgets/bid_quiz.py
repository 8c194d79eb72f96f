"""A quiz: what would you bid? Your six cards, the auction so far, and the choices.

The questions, the judged answers, the reasons and the chances come from
:func:`hasenpfeffer_core.analysis.quiz.bid_question` (a bid study of each position:
:func:`hasenpfeffer_core.analysis.bidding.bid_study`); this widget only shows them.
After an answer it shows the verdict with the reason, and the chance of taking at least
1 to 6 tricks with each trump as a small bar chart (:func:`chances_html`, also drawn on
the docs site's bidding practice page).

>>> quiz = BidQuiz(difficulty="joker", seed=2)
>>> q = quiz.question
>>> right = [b for b, v in zip(quiz.answer_buttons, quiz.choice_values) if v in q.details["right"]]
>>> right[0].click()
>>> quiz.score, "Right" in quiz.feedback.value, "<svg" in quiz.chart.value
((1, 1), True, True)
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

import ipywidgets as w

from ...analysis import quiz as _quiz
from ...analysis.quiz import Question
from ...engine.i18n import N_, ngettext, number, pgettext
from ...engine.i18n import gettext as _
from ...engine.seats import Seat
from ..render import hand_svg
from .base import (
    box,
    esc,
    guarded,
    level_label,
    paint_result,
    translated,
)
from .quiz_widget import QuizWidget

__all__ = ["BidQuiz", "chances_caption", "chances_html"]

#: The chart's own style: text in the page's colour, bars in the widgets' theme colours
#: (``--hp-info-edge`` for a trump, ``--hp-ok-edge`` for the trump of the advice), read
#: in light and dark themes alike. No attribute carries a style: the docs site copies
#: the chart through its picture allowlist, which keeps ``<style>`` but no ``style=``.
_CHART_STYLE: Final = (
    "<style>"
    ".hp-chances{margin:6px 0}"
    ".hp-chances svg{display:inline-block;vertical-align:top;margin:0 6px 6px 0;"
    "max-width:100%;height:auto;color:inherit}"
    ".hp-chances text,.hp-chances tspan{fill:currentColor;font-family:inherit}"
    ".hp-chances .hp-quiet{fill-opacity:.8}"
    ".hp-chances .hp-track{fill:currentColor;fill-opacity:.1}"
    ".hp-chances .hp-bar{fill:var(--hp-info-edge,#388bfd)}"
    ".hp-chances .hp-best .hp-bar{fill:var(--hp-ok-edge,#2ea043)}"
    ".hp-chances .hp-frame{fill:none;stroke:var(--hp-ok-edge,#2ea043);stroke-width:1.5}"
    "</style>"
)

#: A panel's measures: one small chart per trump, side by side as room allows (two fit
#: a phone's width). Drawn at its own size (never scaled down on a desktop), its text is
#: at least :data:`_TEXT` pixels: smaller figures were hard to read.
_PANEL_W: Final = 164
_PANEL_H: Final = 156
_ROW: Final = 18
_TRACK_X: Final = 28
_TRACK_W: Final = 76
_TEXT: Final = 12


def _panel(entry: Mapping[str, Any], *, best: bool, need: int | None) -> str:
    e = html.escape
    symbol = str(entry.get("symbol", ""))
    trump = str(entry.get("trump", ""))
    mean = float(entry.get("mean", 0.0))
    if symbol:
        # Translators: {trump} is a suit's name (spades).
        label_all = _("With {trump} as trumps: the chance of taking at least 1 to 6 tricks").format(
            trump=trump
        )
    else:
        label_all = _("In no trump: the chance of taking at least 1 to 6 tricks")
    # Translators: {chart} is the chart's description ("With spades as trumps: ..."); the
    # framed chart is the one for the trump the advice names.
    label = _("{chart}, the trump of the advice").format(chart=label_all) if best else label_all
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="hp-panel{" hp-best" if best else ""}" '
        f'width="{_PANEL_W}" height="{_PANEL_H}" viewBox="0 0 {_PANEL_W} {_PANEL_H}" '
        f'role="img" aria-label="{e(label)}">'
        f"<title>{e(label_all)}</title>"
    ]
    if best:
        out.append(
            f'<rect class="hp-frame" x="0.75" y="0.75" width="{_PANEL_W - 1.5}" '
            f'height="{_PANEL_H - 1.5}" rx="6"/>'
        )
    mark = ' class="hp-red"' if symbol in ("♥", "♦") else ""
    sym = f"<tspan{mark}>{e(symbol)}</tspan> " if symbol else ""
    out.append(f'<text x="8" y="19" font-size="14" font-weight="700">{sym}{e(trump)}</text>')
    chances: Sequence[float] = entry.get("chances", ())
    labels: Sequence[str] = entry.get("labels", ())
    for k in range(1, 7):
        p = float(chances[k - 1]) if k - 1 < len(chances) else 0.0
        label = str(labels[k - 1]) if k - 1 < len(labels) else f"{round(p * 100)}%"
        ty = 28 + (k - 1) * _ROW
        weight = ' font-weight="700"' if k == need else ""
        out.append(
            f'<text x="{_TRACK_X - 4}" y="{ty + 11}" font-size="{_TEXT}" text-anchor="end"'
            f"{weight}>{k}+</text>"
        )
        out.append(
            f'<rect class="hp-track" x="{_TRACK_X}" y="{ty + 1}" width="{_TRACK_W}" '
            'height="12" rx="2"/>'
        )
        if p > 0:
            # Translators: {chance} is a percentage (90%).
            at_least = ngettext(
                "at least {n} trick: {chance}", "at least {n} tricks: {chance}", k
            ).format(n=k, chance=label)
            out.append(
                f'<rect class="hp-bar" x="{_TRACK_X}" y="{ty + 1}" '
                f'width="{max(_TRACK_W * min(p, 1.0), 1.5):.1f}" height="12" rx="2">'
                f"<title>{e(at_least)}</title></rect>"
            )
        out.append(
            f'<text x="{_PANEL_W - 8}" y="{ty + 11}" font-size="{_TEXT}" text-anchor="end"'
            f"{weight}>{e(label)}</text>"
        )
    # Translators: {mean} is a number of tricks with one decimal (2.6).
    average = _("{mean} tricks on average").format(mean=number(mean))
    out.append(
        f'<text class="hp-quiet" x="8" y="{_PANEL_H - 10}" font-size="{_TEXT}">{e(average)}</text>'
    )
    out.append("</svg>")
    return "".join(out)


def chances_caption(details: Mapping[str, Any]) -> str:
    """What the chart of a bid question shows, in a sentence under it."""
    need = details.get("need")
    samples = int(details.get("samples", 0))
    text = ngettext(
        "The chance of taking at least 1 to 6 tricks with each trump, over {n} deal of the "
        "unseen cards; the framed trump is the one the advice names.",
        "The chance of taking at least 1 to 6 tricks with each trump, over {n} deals of the "
        "unseen cards; the framed trump is the one the advice names.",
        samples,
    ).format(n=samples)
    if need:
        # Translators: {need} is a number of tricks; "{need}+" is a row of the chart.
        text += " " + _("The row of {need}+, the cheapest bid here, is in bold.").format(need=need)
    return text


def chances_html(
    chances: Sequence[Mapping[str, Any]],
    *,
    best: str | None = None,
    need: int | None = None,
    samples: int = 0,
) -> str:
    """The chance of taking at least 1 to 6 tricks with each trump: one small bar chart
    (an SVG) per trump, side by side as the width allows, in one ``div``.

    ``chances`` is a bid question's ``details["chances"]`` (per trump: ``trump``,
    ``symbol``, ``chances``, ``labels`` and ``mean``); ``best`` names the trump of the
    advice (framed, its bars green); the row of ``need`` tricks (the cheapest bid) is in
    bold. Only elements and attributes the docs site's picture allowlist keeps are used.

    >>> chart = chances_html([{"trump": "spades", "symbol": "♠", "chances": [1, .9, .5, .2, 0, 0],
    ...                        "labels": ["100%", "90%", "50%", "20%", "0%", "0%"], "mean": 2.6}],
    ...                      best="spades", need=3, samples=48)
    >>> chart.count('class="hp-bar"'), "2.6 tricks on average" in chart, 'style="' in chart
    (4, True, False)
    """
    if samples:
        title = ngettext(
            "The chance of taking at least 1 to 6 tricks with each trump, over {n} deal of the "
            "unseen cards",
            "The chance of taking at least 1 to 6 tricks with each trump, over {n} deals of the "
            "unseen cards",
            samples,
        ).format(n=samples)
    else:
        title = _("The chance of taking at least 1 to 6 tricks with each trump")
    panels = "".join(_panel(entry, best=entry.get("trump") == best, need=need) for entry in chances)
    return (
        f'<div class="hp-chances" role="group" aria-label="{html.escape(title)}">'
        f"{_CHART_STYLE}{panels}</div>"
    )


class BidQuiz(QuizWidget):
    """Your six cards and the auction so far: press the bid you would make (or pass).

    Public parts (for tests and lessons): ``question`` (the current
    :class:`~hasenpfeffer_core.analysis.quiz.Question`), ``answer_buttons`` (one per
    choice: pass, the cheapest bid, one or two higher, Big Pepper where the rules have
    it), ``choice_values`` (each button's choice: ``"pass"``, ``"3"``, ``"big-pepper"``),
    ``chosen`` (the value pressed, or ``None``), ``next_button``, ``feedback`` (the
    verdict and the reason), ``chart`` (the chances, after answering), ``score``
    (right, asked), ``streak``, ``best_streak``, ``by_tag`` (situation -> (right,
    asked)), ``difficulty`` (the level menu) and ``seed`` (the question-set box).

    An answer is right when it is worth as much as the advice, give or take a fifth of
    a point on average: where two choices are that close, both are right and the
    reason says so. Each question is a study of the position (about a second).

    Settings: ``difficulty``, a level's name or menu label (for a bid the level speaks
    of the hand: ``"first-steps"`` no jack and no Joker, ``"bowers"`` a jack, ``"joker"``
    the Joker, ``"mixed"`` anything); ``seed``, a whole number from 0 to 2**63 - 1. A
    bad one raises the engine's error, naming the setting.
    """

    kind = "bid"
    title = N_("What would you bid?")
    answers_label = N_("Your call:")
    next_tooltip = N_("Show another hand")
    level_tooltip = N_("Which cards the hands may hold")
    seed_tooltip = N_("The same number gives the same hands")

    css_class = "hp-bid-quiz"

    def make_question(self, rng: random.Random, level: str) -> Question:
        return _quiz.bid_question(rng, level)

    def _parts(self) -> list[w.Widget]:
        self.chosen: str | None = None
        self.answer_buttons: list[w.Button] = []
        self.choice_values: list[str] = []
        self.chart = w.HTML()
        return [
            self.header,
            self.picture,
            self._answers_box(),
            self.feedback,
            self.chart,
            self.next_button,
            self.score_line,
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
        value = self.choice_values[self.answer_buttons.index(button)]
        right = q.check(value)
        self.chosen = value
        self.answered = True
        self._count(q, right)
        good = set(q.details["right"])
        for b, v in zip(self.answer_buttons, self.choice_values, strict=True):
            b.disabled = True
            if v in good:
                b.button_style = "success"
                b.icon = "check"
            elif v == value:
                b.button_style = "danger"
                b.icon = "times"
            if b.button_style:
                paint_result(b, b.button_style)
        self.feedback.value = self._feedback_html(q, value, right)
        self._draw_chart()
        self._draw_score()
        self.next_button.focus()

    # --- the question -----------------------------------------------------------------

    def _new_question(self) -> None:
        self.chosen = None
        self.chart.value = ""
        super()._new_question()
        q = self.question
        assert q is not None
        level = level_label(q.difficulty)
        # Translators: {scale} lists the bids the rules allow ("1 to 5, Little Pepper ...").
        bids = _("Bids: {scale}").format(scale=q.details["scale"])
        pepper = f'<span class="hp-badge">{esc(bids)}</span>' if "pepper" in q.tags else ""
        badge = "" if self.hosted else f'<span class="hp-badge">{esc(level)}</span>'
        self.header.value = box(
            f"<h3>{esc(translated(self.title))}</h3><div>{badge}{pepper}</div><p>{esc(q.prompt)}</p>"
        )

    def _answer_buttons(self) -> list[w.Button]:
        return self.answer_buttons

    def _make_answer_buttons(self, q: Question) -> list[w.Button]:
        self.answer_buttons = []
        self.choice_values = []
        for choice in q.details["choices"]:
            label = str(choice["label"])
            b = w.Button(
                description=label,
                # Translators: {call} is a call's label: Pass, 3, Big Pepper...
                tooltip=_("{call}: press if that is your call").format(call=label),
                layout=w.Layout(width="auto", min_width="84px", height="36px"),
            )
            b.style.font_weight = "bold"
            b.on_click(self._on_answer)
            self.answer_buttons.append(b)
            self.choice_values.append(str(choice["value"]))
        return self.answer_buttons

    # --- HTML -------------------------------------------------------------------------

    def _draw_picture(self) -> None:
        q = self.question
        if q is None:
            self.picture.value = ""
            return
        me = q.seat
        hand = hand_svg(q.hand, overlap=0.9, label=_("your hand"))
        rows = "".join(
            f"<tr><td>{esc(Seat[a['seat']].word)}</td><td>{esc(a['label'])}</td></tr>"
            for a in q.details["auction"]
        )
        player, spoke = pgettext("column", "Player"), pgettext("column", "Said")
        label = _("the auction so far")
        if rows:
            said = (
                f'<table class="hp-t" aria-label="{esc(label)}">'
                f'<tr><th scope="col">{esc(player)}</th><th scope="col">{esc(spoke)}</th></tr>'
                f"{rows}</table>"
            )
        else:
            nobody = _("Nobody has spoken yet: you are first.")
            said = f'<p class="hp-muted">{esc(nobody)}</p>'
        so_far = _("The auction so far")
        if me is not None:
            # Translators: {seat} is the learner's seat (North...).
            who = _("{seat} (you): your six cards").format(seat=me.word)
        else:
            who = _("you: your six cards")
        self.picture.value = box(
            '<div style="display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start">'
            f'<figure style="margin:0">{hand}'
            f'<figcaption class="hp-muted">{esc(who)}</figcaption></figure>'
            f"<div><b>{esc(so_far)}</b>{said}</div></div>"
        )

    def _draw_chart(self) -> None:
        q = self.question
        if q is None or not self.answered:
            self.chart.value = ""
            return
        d = q.details
        chart = chances_html(
            d["chances"], best=d.get("best_trump"), need=d.get("need"), samples=d["samples"]
        )
        self.chart.value = box(
            f'<figure style="margin:4px 0">{chart}<figcaption class="hp-muted">'
            f"{esc(chances_caption(d))}</figcaption></figure>"
        )

    def _feedback_html(self, q: Question, value: str, right: bool) -> str:
        comments: Mapping[str, str] = q.details["comments"]
        labels = {c["value"]: c["label"] for c in q.details["choices"]}
        good = [labels.get(v, v) for v in q.details["right"] if v in labels]
        if right:
            title = _("Right!")
            lead = comments.get(value, "")
        else:
            title = _("Not quite.")
            calls = good[0] if good else ""
            for other in good[1:]:
                # Translators: two calls, either of which is best ("3 or 4").
                calls = _("{a} or {b}").format(a=calls, b=other)
            best = _("The best call: {calls}.").format(calls=calls)
            lead = f"{comments.get(value, '')} {best}"
        kind = "ok" if right else "bad"
        return box(
            f'<div class="hp-fb hp-{kind}" role="status" aria-live="polite">'
            f"<b>{esc(title)}</b> {esc(lead)}"
            f'<p style="margin:6px 0 0">{esc(q.explanation)}</p></div>'
        )
