"""The review after a hand at the play table: the result, the replay, the costly decisions.

When a hand at :class:`~hasenpfeffer_core.faces.widgets.play_table.PlayTable` ends, the
table shows the result, the hand annotated in a replayer, and "Review my decisions",
which lists each of the learner's decisions that cost points: the fair expert's view
(seeing only what the learner saw) and the double-dummy view (all four hands face up)
side by side, each with "Try again from here", which takes the hand back to that decision.

:class:`TableReview` is the play table's part that does it (a mixin: the table is the
one class made from it); :func:`text_html` writes the table's plain text as HTML.

>>> text_html("J♥ & Q♠")
'<span class="hp-red">J♥</span> &amp; Q♠'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

import ipywidgets as w

from ...analysis.review import analyse
from ...analysis.session import (
    DOUBLE_DUMMY_VIEW,
    EXPERT_VIEW,
    Mistake,
    PlaySession,
    hints_used_words,
    quoted,
)
from ...engine.errors import IllegalActionError, InvalidDataError
from ...engine.i18n import gettext as _
from ...engine.i18n import ngettext, pgettext
from ...engine.record import HandRecord
from ...engine.seats import Seat, Side
from .base import box, esc, feedback, guarded, side_words
from .replayer import HandReplayer

if TYPE_CHECKING:
    from ...engine.game import Game
    from ...engine.rules import Rules
    from ...engine.state import HandState

__all__ = ["TableReview", "text_html"]

_RED_CARD: Final = re.compile(r"(?:10|[9JQKA])?[♥♦]")


def text_html(text: str) -> str:
    """Plain text as HTML: escaped, the red suits' cards in red."""
    return _RED_CARD.sub(lambda m: f'<span class="hp-red">{m[0]}</span>', esc(text))


class TableReview:
    """The play table once the hand is over: the result, the replay, and the review of the
    learner's decisions (its button, its mistakes and their "Try again from here")."""

    # What the review reads of the table (made by PlayTable).
    seat: Seat
    session: PlaySession
    _replayer: HandReplayer
    _note: str
    _score_before: tuple[int, int] | None
    replayer: HandReplayer | None

    if TYPE_CHECKING:

        @property
        def state(self) -> HandState: ...

        @property
        def game(self) -> Game | None: ...

        @property
        def rules(self) -> Rules: ...

        @property
        def game_mode(self) -> bool: ...

        def _reset_panels(self) -> None: ...

        def _render(self) -> None: ...

    def _make_review(self) -> None:
        """Make the review's button and panels (empty until a hand ends); returns nothing."""
        #: The learner's decisions that cost points, once the review is opened.
        self.mistakes: list[Mistake] = []
        #: One "Try again from here" button for each of :attr:`mistakes`.
        self.again_buttons: list[w.Button] = []
        self.review_button = w.Button(
            description=pgettext("button", "Review my decisions"),
            icon="search",
            tooltip=_(
                "Your decisions that cost points: what the fair expert would have done, "
                "what hindsight sees with all hands face up, and a chance to try each again"
            ),
            layout=w.Layout(width="auto", align_self="flex-start"),
        )
        self.review_button.on_click(self._on_review)
        #: The review of the learner's decisions (filled at the end of a hand).
        self.decisions = w.VBox(layout=w.Layout(max_width="100%"))
        self.review = w.VBox()

    @guarded
    def review_decisions(self) -> None:
        """Open the review of the learner's decisions in the finished hand, as pressing
        "Review my decisions" does."""
        self._review()

    @guarded
    def try_again(self, number: int) -> None:
        """Go back to mistake ``number`` (1 for the first in the review) and play on from
        there, as pressing its "Try again from here" does."""
        if isinstance(number, bool) or not isinstance(number, int):
            raise InvalidDataError(
                _("a mistake is given by its number, not {value}").format(value=quoted(number))
            )
        if not self.mistakes:
            raise IllegalActionError(
                _("there is no mistake to try again: open the review of a finished hand first"),
                rule="review",
            )
        if not 1 <= number <= len(self.mistakes):
            raise InvalidDataError(
                _("the review lists mistakes 1 to {n}, not {value}").format(
                    n=len(self.mistakes), value=quoted(number)
                ),
                rule="review",
            )
        self._try_again(self.mistakes[number - 1])

    # --- callbacks ----------------------------------------------------------------

    @guarded
    def _on_review(self, _button: w.Button) -> None:
        self._review()

    @guarded
    def _on_again(self, button: w.Button) -> None:
        self._try_again(button.mistake)

    # --- the review of the learner's decisions ---------------------------------------

    def _review(self) -> None:
        if not self.state.is_over:
            raise IllegalActionError(
                _("the review comes once the hand is over: finish the hand first"),
                rule="review",
            )
        self.mistakes = self.session.mistakes()  # one expert decision each, worked out now
        self.again_buttons = []
        items: list[w.Widget] = [w.HTML(box(self._review_intro(done=True)))]
        for n, m in enumerate(self.mistakes, start=1):
            again = w.Button(
                description=pgettext("button", "Try again from here"),
                icon="repeat",
                # Translators: {decision} says what the learner did ("At trick 2 you played K♠.")
                tooltip=_("Go back to this decision and play on from there ({decision})").format(
                    decision=m.what
                ),
                layout=w.Layout(width="auto", align_self="flex-start"),
            )
            again.mistake = m
            again.on_click(self._on_again)
            self.again_buttons.append(again)
            items.append(w.VBox([w.HTML(box(self._mistake_html(n, m))), again]))
        self.decisions.children = items

    def _review_intro(self, *, done: bool) -> str:
        title = esc(_("Your decisions"))
        head = f"<h3>{title}</h3>"
        if not done:
            intro = _(
                "Which of your decisions cost points? The fair expert judges each with only "
                "what you could see; for a card played, hindsight adds what it cost with "
                "all four hands face up. You can try each one again."
            )
            return head + f"<div>{esc(intro)}</div>"
        n = len(self.mistakes)
        if n == 0:
            none = _("None of your decisions cost points.")
            why = _(
                "The fair expert, weighing each with only what you could see, found no choice "
                "worth clearly more than yours."
            )
            hindsight = ""
            analysis = self._replayer.analysis  # (this hand's, loaded when it ended)
            plays = analysis.plays if analysis is not None else ()
            if any(p.cost and p.seat is self.seat for p in plays):
                hindsight = " " + _(
                    "In the replay below, a ✗ marks a card of yours that cost points with "
                    "all four hands face up: hindsight, which nobody at the table has."
                )
            return head + (
                f'<div class="hp-fb hp-ok" role="status"><b>{esc(none)}</b> {esc(why)}'
                f"{esc(hindsight)}</div>"
            )
        counted = ngettext(
            "One of your decisions cost points on average over the deals you could not "
            "rule out, as the fair expert judges it. For it: what the fair expert, seeing "
            "only what you saw, would have done and why; for a card, what it cost in "
            "hindsight, with all four hands face up (which may be nothing: the cards can "
            "fall your way). Try it again if you like.",
            "{n} of your decisions cost points on average over the deals you could not "
            "rule out, as the fair expert judges them. For each: what the fair expert, "
            "seeing only what you saw, would have done and why; for a card, what it cost in "
            "hindsight, with all four hands face up (which may be nothing: the cards can "
            "fall your way). Try any of them again.",
            n,
        ).format(n=n)
        return head + f"<div>{esc(counted)}</div>"

    def _mistake_html(self, n: int, m: Mistake) -> str:
        expert = f"<div>{text_html(m.expert)}</div>"
        if m.principle:
            expert += f'<div style="margin-top:3px">{text_html(m.principle)}</div>'
        if m.details:
            expert += f'<div class="hp-muted hp-details">{text_html(m.details)}</div>'
        views = [(EXPERT_VIEW, expert)]
        if m.double_dummy:
            views.append((DOUBLE_DUMMY_VIEW, f"<div>{text_html(m.double_dummy)}</div>"))
        columns = "".join(
            f'<div style="flex:1 1 260px;min-width:0"><b>{esc(_(label))}</b>{body}</div>'
            for label, body in views
        )
        return (
            f'<div class="hp-fb hp-bad hp-mistake" role="note"><b>{n}. {text_html(m.what)}</b>'
            f'<div style="display:flex;flex-wrap:wrap;gap:6px 18px;margin-top:4px">'
            f"{columns}</div></div>"
        )

    def _try_again(self, mistake: Mistake) -> None:
        self.session.rewind(mistake.step)
        self._reset_panels()
        what = mistake.what
        # Translators: {decision} is what the learner did, as a sentence starting lower case
        # ("at trick 2 you played K♠.")
        self._note = _("Back to this decision, to try it again. Last time: {decision}").format(
            decision=what[:1].lower() + what[1:]
        )
        self.session.run_computers()  # (nobody but you is to move here)
        self._render()

    # --- the end of the hand ----------------------------------------------------------

    def _load_replay(self, state: HandState) -> None:
        """Load the finished hand, annotated, into the table's replayer; returns nothing."""
        n = self.session.hand_number
        title = (
            _("Game {game}, hand {hand}").format(game=self.session.games, hand=n)
            if self.game_mode
            else _("Hand {n}").format(n=n)
        )
        record = HandRecord.from_state(state, title=title, score=self._score_before)
        analysis = analyse(record)
        # The same record as annotate(record), with the analysis worked out only once.
        annotated = record.with_notes({p.step: p.text for p in analysis.plays})
        self._replayer.load(annotated, analysis=analysis)
        self.replayer = self._replayer

    def _offer_review(self) -> None:
        """Fill the review's panel: the offer of the review, then the replay; returns nothing."""
        # The review of the learner's decisions is worked out when it is opened.
        self.decisions.children = [w.HTML(box(self._review_intro(done=False))), self.review_button]
        review = esc(_("Review the hand"))
        self.review.children = [
            self.decisions,
            w.HTML(box(f"<h3>{review}</h3>")),
            self._replayer,
        ]

    def _result_html(self, state: HandState) -> str:
        result = state.result
        mine = self.seat.side
        if result is None:
            out = feedback(
                "info", _("The hand was thrown in."), _("Nobody scores; deal the next one.")
            )
        else:
            ours = result.side is mine
            if ours and result.made:
                kind, head = "ok", _("Your side made the bid.")
            elif ours:
                kind, head = "bad", _("Your side did not make the bid.")
            elif result.made:
                kind, head = "bad", _("The opponents made their bid.")
            else:
                kind, head = "ok", _("You defeated the opponents' bid.")
            out = feedback(kind, head, result.reason)
        out += box(f"<div>{esc(hints_used_words(*self.session.hints_used()))}</div>")
        game = self.game
        if game is not None:
            s = game.scores
            line = _("Score: North-South {ns} · East-West {ew}.").format(
                ns=s[Side.NS], ew=s[Side.EW]
            )
            if game.winner is not None:
                won = game.winner is mine
                verdict = _("You win the game!") if won else _("The opponents win the game.")
                # Translators: "New game" is the button's label
                again = _("Press New game to play again.")
                out += feedback(
                    "ok" if won else "bad",
                    # Translators: {side} is a partnership ("North-South"), {target} the
                    # points that win the game
                    _("Game over: {side} reach {target}.").format(
                        side=side_words(game.winner), target=self.rules.target
                    ),
                    f"{line} {verdict} {again}",
                )
            else:
                # Translators: "Next hand" is the button's label
                out += feedback("info", line, _("Press Next hand to deal the next one."))
        return out
