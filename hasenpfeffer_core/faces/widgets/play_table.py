"""Play a hand, or a whole game, from one seat against computer players.

The learner's legal actions appear as buttons (bids and pass, the trump suits, the
cards to discard, going alone, the playable cards); the computer seats act on their
own until it is the learner's turn again, and a short log says what they did.
"Hint" gives the fair expert's advice in three steps, one a press, as a teacher
would: what to look at, the principle with the cards, then the move itself (its
button lit) with the averages behind it; the advice is worked out once per decision.
"Undo" takes back the learner's last decision (the computers are re-seeded for every
decision, so the same position always gets the same answer). When the hand ends, the
result is shown with the hints used, a review of the learner's decisions that cost
tricks or points (the fair expert's view and the double-dummy view side by side, each
with "Try again from here"), and a replayer of the annotated hand.

Every rule comes from the engine: the buttons are ``state.legal_actions()``, and an
action goes through ``HandState.apply`` (or ``Game.apply``), which refuses anything
the rules forbid.

>>> t = PlayTable(seed=3)
>>> [b.action for b in t.action_buttons] == list(t.state.legal_actions())
True

:meth:`PlayTable.act` is the buttons' Python twin: it takes an action or its text, as
a hand record writes it, and a refused action is explained in the table's status line
(not raised), the table staying exactly as it was:

>>> before = t.state.copy()
>>> t.act("E bid 3")
>>> "you play South" in t.status.value, t.state.log == before.log
(True, True)
"""

from __future__ import annotations

import logging
import re
from typing import Any, Final

import ipywidgets as w

from ...analysis.hints import STEPS, SteppedHint
from ...analysis.review import analyse
from ...analysis.session import (
    DOUBLE_DUMMY_VIEW,
    EXPERT_VIEW,
    Mistake,
    PlaySession,
    check_seed,
    hints_used_words,
    quoted,
)
from ...analysis.view import PlayerView
from ...engine.actions import Action, Bid, Discard, GoAlone, NameTrump, Pass, Play, parse_action
from ...engine.auction import bid_name
from ...engine.errors import IllegalActionError, InvalidDataError, ParseError
from ...engine.game import Game
from ...engine.record import HandRecord
from ...engine.rules import Rules
from ...engine.seats import Seat, Side, parse_seat
from ...engine.state import HandState, Phase
from ..render import state_html
from .base import (
    Guarded,
    box,
    card_button,
    check_flag,
    esc,
    feedback,
    guarded,
    paint_result,
    paint_suit,
    parse_rules,
    rules_words,
    side_words,
)
from .replayer import HandReplayer, action_html, card_html

__all__ = ["OPPONENTS", "PlayTable"]

#: The computer players on offer, by the name ``PlayTable(opponents=...)`` takes.
OPPONENTS: Final = {
    "thumb": "rule-of-thumb players",
    "expert": "fair experts",
    "random": "random players",
}
#: The same, one of them (for the partner).
_ONE: Final = {
    "thumb": "a rule-of-thumb player",
    "expert": "a fair expert",
    "random": "a random player",
}


_LOGGER = logging.getLogger("hasenpfeffer_core.faces.widgets")

#: The hint button by the steps of the hint already shown: what the next press gives.
HINT_BUTTON: Final = (
    ("Hint", "A first hint: what to look at"),
    ("More: the principle", "The principle at work here, with your cards"),
    ("Show the move", "The move the fair expert makes, and the averages behind it"),
)
#: The hint button once every step is shown (disabled until the next decision).
HINT_DONE: Final = ("Hint", "Every step of this hint is shown: the next decision has its own")
#: What each step of a hint is.
_STEP_NAMES: Final = ("What to look at", "The principle", "The move")

_RED_CARD: Final = re.compile(r"(?:10|[9JQKA])?[♥♦]")


def _text_html(text: str) -> str:
    """Plain text as HTML: escaped, the red suits' cards in red."""
    return _RED_CARD.sub(lambda m: f'<span class="hp-red">{m[0]}</span>', esc(text))


class _LogPane(w.HTML):  # type: ignore[misc]
    """The play log, an HTML pane.

    ipywidgets gives every widget a ``log`` (a logger) for front-end errors; on the
    play table ``log`` is this pane, so it also answers the logger's calls.
    """

    def debug(self, *args: Any, **kwargs: Any) -> None:
        _LOGGER.debug(*args, **kwargs)

    def info(self, *args: Any, **kwargs: Any) -> None:
        _LOGGER.info(*args, **kwargs)

    def warning(self, *args: Any, **kwargs: Any) -> None:
        _LOGGER.warning(*args, **kwargs)

    def error(self, *args: Any, **kwargs: Any) -> None:
        _LOGGER.error(*args, **kwargs)


#: The longest text :meth:`PlayTable.act` reads as an action ("N play 10♥" is 10).
MAX_ACTION_TEXT: Final = 60

_ACTIONS: Final = (Bid, Pass, NameTrump, Discard, GoAlone, Play)


def _read_action(action: object) -> Action:
    """An action, or its text as a hand record writes it (``"S bid 3"``, ``"S play J♥"``)."""
    if isinstance(action, _ACTIONS):
        return action
    if isinstance(action, str):
        if len(action) > MAX_ACTION_TEXT:
            raise ParseError(
                f"{quoted(action)} is too long to be an action: write one action, as in "
                "'S bid 3' or 'S play J♥'"
            )
        return parse_action(action)
    raise ParseError(
        "an action is a Bid, Pass, NameTrump, Discard, GoAlone or Play, or its text as in "
        f"'S bid 3', 'S pass', 'S trump hearts' or 'S play J♥', not {quoted(action)}"
    )


def _read_seat(seat: object) -> Seat:
    if isinstance(seat, Seat):
        return seat
    if isinstance(seat, str) and len(seat) <= 20:
        return parse_seat(seat)
    raise ParseError(
        f"seat must be N, E, S or W (or North, East, South, West), not {quoted(seat)}",
        rule="seat",
    )


class PlayTable(w.VBox, Guarded):  # type: ignore[misc]
    """Play Hasenpfeffer from ``seat`` against computer players.

    ``seat``: a :class:`Seat` or its text (``"S"``, ``"south"``). ``opponents``:
    ``"thumb"`` (:class:`RuleOfThumbPlayer`), ``"expert"`` (:class:`FairExpert`) or
    ``"random"`` (:class:`RandomPlayer`). ``partner``: the same choice for the partner's
    seat, the fair expert by default (it plays as the lessons teach). ``rules``: a
    :class:`Rules` value or its text (``"seed-pepper"``). ``seed`` (a whole number from 0
    to 2**63 - 1) decides the deals and the computers' choices. ``game=True`` plays
    hands to the target score, the deal passing to the left. A bad setting raises the
    engine's error (:class:`ParseError` or :class:`InvalidDataError`).

    The public methods :meth:`act`, :meth:`undo`, :meth:`new_hand`, :meth:`show_hint`,
    :meth:`review_decisions` and :meth:`try_again` do what the table's buttons do, and
    like the buttons they never raise: an action the rules refuse (out of turn, in the
    wrong phase, a bid too low, not following suit...) or an action that is not an
    action is explained in the status line, in the engine's words, and the table stays
    exactly as it was.
    """

    # ``log`` is the play log here, not ipywidgets' logger (see _LogPane).
    log: Any = None

    def __init__(
        self,
        seat: Seat | str = Seat.S,
        opponents: str = "thumb",
        rules: Rules | str | None = None,
        seed: int = 0,
        game: bool = False,
        partner: str = "expert",
    ) -> None:
        me = _read_seat(seat)
        for what, kind in (("opponents", opponents), ("partner", partner)):
            if not isinstance(kind, str) or kind not in OPPONENTS:
                kinds = ", ".join(f"{k} ({v})" for k, v in OPPONENTS.items())
                raise InvalidDataError(
                    f"{what} must be one of {kinds}, not {quoted(kind)}",
                    rule="computer players",
                )
        the_rules = parse_rules(rules)
        the_seed = check_seed(seed)
        game = check_flag(game, "game (play a whole game rather than single hands)")
        super().__init__(layout=w.Layout(width="100%"))
        self._init_guard()
        self.seat: Seat = me
        self.session = PlaySession(
            the_rules,
            seed=the_seed,
            people=(self.seat,),
            opponents=opponents,
            partner=partner,
            game=game,
        )
        self._score_before: tuple[int, int] | None = None
        self._buttons: dict[Action, w.Button] = {}
        self._names = {self.seat: "You"}
        self._finished = False
        self._note = ""  # said under the prompt after "Try again from here"
        self.action_buttons: list[w.Button] = []
        #: The learner's decisions that cost tricks or points, once the review is opened.
        self.mistakes: list[Mistake] = []
        #: One "Try again from here" button for each of :attr:`mistakes`.
        self.again_buttons: list[w.Button] = []
        self.replayer: HandReplayer | None = None
        # Made once, here, and reused from hand to hand: the end of a hand stays quick.
        self._replayer = HandReplayer(openers=False)

        self.header = w.HTML()
        self.table = w.HTML()
        self.prompt = w.HTML()
        self.actions = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.hint_button = w.Button(
            description=HINT_BUTTON[0][0],
            icon="lightbulb-o",
            tooltip=HINT_BUTTON[0][1],
            layout=w.Layout(width="auto"),
        )
        self.undo_button = w.Button(
            description="Undo",
            icon="undo",
            tooltip="Take back your last decision",
            layout=w.Layout(width="auto"),
        )
        self.new_hand_button = w.Button(
            description="Next hand" if self.game_mode else "New hand",
            icon="refresh",
            tooltip="Deal the next hand" if self.game_mode else "Deal a new hand",
            layout=w.Layout(width="auto"),
        )
        self.hint_button.on_click(self._on_hint)
        self.undo_button.on_click(self._on_undo)
        self.new_hand_button.on_click(self._on_new_hand)
        self.hint = w.HTML()
        self.log = _LogPane()
        self.result = w.HTML()
        self.review_button = w.Button(
            description="Review my decisions",
            icon="search",
            tooltip="Your decisions that cost tricks or points: what the fair expert would "
            "have done, what double dummy sees, and a chance to try each again",
            layout=w.Layout(width="auto", align_self="flex-start"),
        )
        self.review_button.on_click(self._on_review)
        #: The review of the learner's decisions (filled at the end of a hand).
        self.decisions = w.VBox(layout=w.Layout(max_width="100%"))
        self.review = w.VBox()
        controls = w.HBox(
            [self.hint_button, self.undo_button, self.new_hand_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        side = w.VBox(
            [self.prompt, self.actions, controls, self.hint, self.log],
            layout=w.Layout(min_width="0", max_width="100%", flex="1 1 300px"),
        )
        self.table.layout = w.Layout(max_width="100%", overflow="auto", flex="0 1 auto")
        body = w.HBox(
            [self.table, side],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start", max_width="100%"),
        )
        self.children = [self.header, self.status, body, self.result, self.review]
        self._start_hand()

    # --- public API ---------------------------------------------------------------

    @property
    def state(self) -> HandState:
        """The hand being played (the engine's own state: read it, do not change it)."""
        return self.session.state

    @property
    def game(self) -> Game | None:
        """The game being played (``game=True``), else ``None``."""
        return self.session.game

    @property
    def rules(self) -> Rules:
        return self.session.rules

    @property
    def seed(self) -> int:
        return self.session.seed

    @property
    def opponents(self) -> str:
        return self.session.opponents

    @property
    def game_mode(self) -> bool:
        return self.session.game_mode

    @guarded
    def act(self, action: Action | str) -> None:
        """Take ``action`` for the learner's seat, as clicking its button does.

        ``action`` is an action or its text as a hand record writes it (``"S bid 3"``,
        ``"S play J♥"``). A refused action is explained in the status line, never
        raised, and changes nothing.
        """
        self._act(_read_action(action))

    @guarded
    def undo(self) -> None:
        """Take back the learner's last decision in this hand."""
        self._undo()

    @guarded
    def new_hand(self) -> None:
        """Deal the next hand (in a game: once the hand is over; a new game once it is won)."""
        self._new_hand()

    @guarded
    def show_hint(self) -> None:
        """Show the next step of the fair expert's advice for the learner's decision, as
        pressing Hint does: what to look at, then the principle, then the move."""
        self._hint()

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
            raise InvalidDataError(f"a mistake is given by its number, not {quoted(number)}")
        if not self.mistakes:
            raise IllegalActionError(
                "there is no mistake to try again: open the review of a finished hand first",
                rule="review",
            )
        if not 1 <= number <= len(self.mistakes):
            raise InvalidDataError(
                f"the review lists mistakes 1 to {len(self.mistakes)}, not {quoted(number)}",
                rule="review",
            )
        self._try_again(self.mistakes[number - 1])

    # --- callbacks ----------------------------------------------------------------

    @guarded
    def _on_action(self, button: w.Button) -> None:
        self._act(button.action)

    @guarded
    def _on_hint(self, _button: w.Button) -> None:
        self._hint()

    @guarded
    def _on_undo(self, _button: w.Button) -> None:
        self._undo()

    @guarded
    def _on_review(self, _button: w.Button) -> None:
        self._review()

    @guarded
    def _on_again(self, button: w.Button) -> None:
        self._try_again(button.mistake)

    @guarded
    def _on_new_hand(self, _button: w.Button) -> None:
        self._new_hand()

    # --- the hand -----------------------------------------------------------------

    def _new_hand(self) -> None:
        self.session.new_hand()  # in a game, refused while the hand is being played
        self._start_hand()

    def _start_hand(self) -> None:
        if self.game is not None:
            scores = self.game.scores
            self._score_before = (scores[Side.NS], scores[Side.EW])
        self._reset_panels()
        self.session.run_computers()
        self._render()

    def _reset_panels(self) -> None:
        self._finished = False
        self._note = ""
        self.replayer = None
        self.review.children = []
        self.decisions.children = []
        self.mistakes = []
        self.again_buttons = []
        self.result.value = ""
        self.status.value = ""

    def _act(self, action: Action) -> None:
        if not self.state.is_over and action.seat is not self.seat:
            raise IllegalActionError(
                f"you play {self.seat.word}'s cards, not {action.seat.word}'s", rule="turn order"
            )
        self.session.act(action)  # the engine refuses anything the rules forbid
        self.status.value = ""
        self._note = ""
        self._render()

    def _undo(self) -> None:
        self.session.undo()
        self._reset_panels()
        self._render()

    def _hint(self) -> None:
        # The first press at a decision works the advice out; the next ones only reveal.
        hint, shown = self.session.next_hint_step()  # refused when it is not your turn
        self._show_hint(hint, shown)

    def _show_hint(self, hint: SteppedHint, shown: int) -> None:
        """Show the first ``shown`` steps of ``hint``; the button offers the next one."""
        items = []
        for n in range(1, shown + 1):
            text = _text_html(hint.step(n))
            if n == STEPS:
                text = f"<b>{text}</b>"
                if hint.details:
                    text += (
                        '<div class="hp-muted hp-details" style="font-size:.86em;'
                        f'margin-top:3px">{_text_html(hint.details)}</div>'
                    )
            items.append(
                f'<li style="margin:2px 0"><span class="hp-muted">{_STEP_NAMES[n - 1]}:</span> '
                f"{text}</li>"
            )
        self.hint.value = box(
            '<div class="hp-fb hp-info hp-hint" role="status"><b>Hint</b> '
            f'<span class="hp-muted">· step {shown} of {STEPS}</span>'
            f'<ol style="margin:4px 0 0;padding-left:1.5em">{"".join(items)}</ol></div>'
        )
        if shown >= STEPS:
            for b in self.action_buttons:
                if b.action == hint.action:
                    paint_result(b, "info")  # light up the advised button, in every theme
        self._label_hint_button(shown, yours=True)

    def _label_hint_button(self, shown: int, *, yours: bool) -> None:
        """The hint button says what its next press gives; disabled once all is shown."""
        if not yours:
            label, tip = HINT_BUTTON[0]
        elif shown >= STEPS:
            label, tip = HINT_DONE
        else:
            label, tip = HINT_BUTTON[shown]
        self.hint_button.description = label
        self.hint_button.tooltip = tip
        self.hint_button.disabled = not yours or shown >= STEPS

    # --- the review of the learner's decisions ---------------------------------------

    def _review(self) -> None:
        if not self.state.is_over:
            raise IllegalActionError(
                "the review comes once the hand is over: finish the hand first", rule="review"
            )
        self.mistakes = self.session.mistakes()  # one expert decision each, worked out now
        self.again_buttons = []
        items: list[w.Widget] = [w.HTML(box(self._review_intro(done=True)))]
        for n, m in enumerate(self.mistakes, start=1):
            again = w.Button(
                description="Try again from here",
                icon="repeat",
                tooltip=f"Go back to this decision and play on from there ({m.what})",
                layout=w.Layout(width="auto", align_self="flex-start"),
            )
            again.mistake = m
            again.on_click(self._on_again)
            self.again_buttons.append(again)
            items.append(w.VBox([w.HTML(box(self._mistake_html(n, m))), again]))
        self.decisions.children = items

    def _review_intro(self, *, done: bool) -> str:
        head = "<h3>Your decisions</h3>"
        if not done:
            return head + (
                "<div>Which of your decisions cost tricks or points? The fair expert looks at "
                "each with only what you could see; double dummy with all four hands in view. "
                "You can try each one again.</div>"
            )
        n = len(self.mistakes)
        if n == 0:
            return head + (
                '<div class="hp-fb hp-ok" role="status"><b>None of your decisions cost a '
                "trick or clear points.</b> Double dummy found no better card for you, and "
                "the fair expert would not have bid, named trumps or discarded clearly "
                "differently.</div>"
            )
        counted = "One of your decisions" if n == 1 else f"{n} of your decisions"
        return head + (
            f"<div>{counted} cost tricks or points. For each: what the fair expert, seeing "
            "only what you saw, would have done, and what double dummy, seeing all four "
            "hands, says. Try any of them again.</div>"
        )

    def _mistake_html(self, n: int, m: Mistake) -> str:
        expert = f"<div>{_text_html(m.expert)}</div>"
        if m.principle:
            expert += f'<div style="margin-top:3px">{_text_html(m.principle)}</div>'
        if m.hint.details:
            expert += (
                '<div class="hp-muted hp-details" style="font-size:.86em;margin-top:3px">'
                f"{_text_html(m.hint.details)}</div>"
            )
        views = [(EXPERT_VIEW, expert)]
        if m.double_dummy:
            views.append((DOUBLE_DUMMY_VIEW, f"<div>{_text_html(m.double_dummy)}</div>"))
        columns = "".join(
            f'<div style="flex:1 1 260px;min-width:0"><b>{esc(label)}</b>{body}</div>'
            for label, body in views
        )
        return (
            f'<div class="hp-fb hp-bad hp-mistake" role="note"><b>{n}. {_text_html(m.what)}</b>'
            f'<div style="display:flex;flex-wrap:wrap;gap:6px 18px;margin-top:4px">'
            f"{columns}</div></div>"
        )

    def _try_again(self, mistake: Mistake) -> None:
        self.session.rewind(mistake.step)
        self._reset_panels()
        what = mistake.what
        self._note = (
            f"Back to this decision, to try it again. Last time: {what[:1].lower()}{what[1:]}"
        )
        self.session.run_computers()  # (nobody but you is to move here)
        self._render()

    # --- showing ------------------------------------------------------------------

    def _button(self, action: Action, state: HandState) -> w.Button:
        b = self._buttons.get(action)
        if b is None:
            if isinstance(action, Play | Discard):
                b = card_button(action.card)
                b.face = action.card.suit  # painted like a card (see _base.paint_suit)
                verb = "Play" if isinstance(action, Play) else "Discard"
                b.tooltip = f"{verb} the {action.card.name}"
            elif isinstance(action, Pass):
                b = w.Button(description="Pass", tooltip="Pass")
            elif isinstance(action, Bid):
                name = bid_name(action.tricks, action.big, state.rules)
                b = w.Button(
                    description=name if not name.isdigit() else f"Bid {name}",
                    tooltip=f"Bid {name}",
                )
            elif isinstance(action, NameTrump):
                suit = action.suit
                if suit is None:
                    b = w.Button(description="No trump", tooltip="Name no trump")
                else:
                    b = w.Button(
                        description=f"{suit.symbol} {suit.plural}",
                        tooltip=f"Name {suit.plural} as trump",
                    )
                    b.face = suit
            else:
                b = w.Button()
            b.layout.width = b.layout.width or "auto"
            b.action = action
            b.on_click(self._on_action)
            self._buttons[action] = b
        if isinstance(action, GoAlone):
            maker = state.maker is self.seat
            if action.alone:
                b.description = "Go alone" if maker else "Defend alone"
            else:
                b.description = "Play with partner" if maker else "Defend with partner"
            b.tooltip = b.description
        b.button_style = ""  # no hint from an earlier decision
        if hasattr(b, "face"):
            paint_suit(b, b.face)
        return b

    def _render(self) -> None:
        state = self.state
        over = state.is_over
        yours = state.to_move is self.seat
        self.table.value = state_html(state, seat=None if over else self.seat)
        self.header.value = self._header_html()
        self.action_buttons = (
            [self._button(a, state) for a in state.legal_actions()] if yours else []
        )
        self.actions.children = self.action_buttons
        self.prompt.value = self._prompt_html(state)
        self.hint.value = ""
        shown = self.session.hint_steps_shown() if yours else 0
        self._label_hint_button(shown, yours=yours)
        if shown:  # back at a decision whose hint was asked (an undo, a try again)
            self._show_hint(self.session.hint(), shown)
        self.undo_button.disabled = not any(a.seat is self.seat for a in state.log)
        self.log.value = self._log_html(state)
        if self.game_mode:
            assert self.game is not None
            self.new_hand_button.disabled = not over
            self.new_hand_button.description = "New game" if self.game.is_over else "Next hand"
            self.new_hand_button.tooltip = (
                "Start a new game" if self.game.is_over else "Deal the next hand"
            )
        if over and not self._finished:
            self._finish(state)

    def _header_html(self) -> str:
        partner = self.seat.partner
        parts = [
            f"You play <b>{self.seat.word}</b>, with {partner.word} ({_ONE[self.session.partner]}) "
            f"as your partner, against {OPPONENTS[self.opponents]}. "
            f"Rules: {esc(rules_words(self.rules))}."
        ]
        if self.game is not None:
            s = self.game.scores
            mine = self.seat.side
            parts.append(
                f"<div>Game {self.session.games}, hand {len(self.game.hands)} · score: "
                f"<b>North-South {s[Side.NS]} · East-West {s[Side.EW]}</b> (your side is "
                f"{side_words(mine)}; the first side to {self.rules.target} wins)</div>"
            )
        return box("".join(parts))

    def _prompt_html(self, state: HandState) -> str:
        if state.is_over:
            return ""
        if state.to_move is not self.seat:  # only while the learner sits out
            return box('<span class="hp-muted">Waiting for the other players.</span>')
        view = PlayerView.of(state, self.seat)
        rules = state.rules
        phase = state.phase
        if phase is Phase.AUCTION:
            if view.forced_bid:
                text = "All four passed: you must bid."
            elif view.high_bid is not None:
                hb = view.high_bid
                text = (
                    f"Your turn to bid. The high bid is "
                    f"{esc(bid_name(hb.tricks, hb.big, rules))} by {hb.seat.word}."
                )
            else:
                text = "Your turn to bid. Nobody has bid yet."
        elif phase is Phase.TRUMP:
            widow = f" You took the widow, {card_html(view.widow)}." if view.widow else ""
            text = f"You won the auction.{widow} Name trump."
        elif phase is Phase.DISCARD:
            widow = f" (the widow was {card_html(view.widow)})" if view.widow else ""
            text = f"Discard one card{widow}: it is laid away face down."
        elif phase is Phase.ALONE:
            if view.maker is self.seat:
                text = "Go alone, or play with your partner?"
            else:
                maker = view.maker.word if view.maker else "The maker"
                lone = " goes alone" if view.maker_alone else " plays with a partner"
                text = f"{maker}{lone}. Defend alone, or with your partner?"
        elif not view.current_trick:
            text = f"Your lead (trick {len(view.tricks) + 1})."
        else:
            text = f"Your turn to play to trick {len(view.tricks) + 1}."
        note = f'<div class="hp-muted">{_text_html(self._note)}</div>' if self._note else ""
        return box(f'<div class="hp-fb hp-info" role="status"><b>{text}</b>{note}</div>')

    def _log_html(self, state: HandState) -> str:
        """What happened: the actions since your last decision, then the whole hand."""
        lines = self._log_lines(state)
        mine = [i for i, (a, _) in enumerate(lines) if a is not None and a.seat is self.seat]
        recent = lines[mine[-1] :] if mine else lines
        short = "".join(f"<li>{text}</li>" for _, text in recent[-10:]) or (
            '<li class="hp-muted">Nothing yet.</li>'
        )
        whole = "".join(f"<li>{text}</li>" for _, text in lines)
        return box(
            "<b>Since your last turn</b>"
            f'<ul style="margin:2px 0 4px;padding-left:1.3em">{short}</ul>'
            f"<details><summary>The whole hand so far ({len(state.log)} "
            f"{'action' if len(state.log) == 1 else 'actions'})</summary>"
            f'<ol style="margin:2px 0;padding-left:1.8em;max-height:16em;overflow-y:auto">'
            f"{whole}</ol></details>"
        )

    def _log_lines(self, state: HandState) -> list[tuple[Action | None, str]]:
        hide = PlayerView.of(state, self.seat).discard is None
        tricks = state.tricks
        out: list[tuple[Action | None, str]] = []
        plays = 0
        done = 0  # finished tricks already written
        ends = []  # the number of plays at the end of each trick
        total = 0
        for t in tricks:
            total += len(t.plays)
            ends.append(total)
        for action in state.log:
            text = action_html(
                action,
                state.rules,
                maker=state.maker,
                names=self._names,
                hide_discard=hide and isinstance(action, Discard),
            )
            out.append((action, text))
            if isinstance(action, Play):
                plays += 1
                if done < len(ends) and plays == ends[done]:
                    winner = tricks[done].winner
                    who = "you" if winner is self.seat else winner.word
                    out.append((None, f"<i>Trick {done + 1} goes to {who}.</i>"))
                    done += 1
        return out

    def _finish(self, state: HandState) -> None:
        """The hand is over: the result, and the annotated hand in a replayer."""
        self._finished = True
        n = self.session.hand_number
        title = f"Game {self.session.games}, hand {n}" if self.game_mode else f"Hand {n}"
        record = HandRecord.from_state(state, title=title, score=self._score_before)
        analysis = analyse(record)
        # The same record as annotate(record), with the analysis worked out only once.
        annotated = record.with_notes({p.step: p.text for p in analysis.plays})
        self._replayer.load(annotated, analysis=analysis)
        self.replayer = self._replayer
        # The review of the learner's decisions is worked out when it is opened.
        self.decisions.children = [w.HTML(box(self._review_intro(done=False))), self.review_button]
        self.review.children = [
            self.decisions,
            w.HTML(box("<h3>Review the hand</h3>")),
            self._replayer,
        ]
        self.result.value = self._result_html(state)

    def _result_html(self, state: HandState) -> str:
        result = state.result
        mine = self.seat.side
        if result is None:
            out = feedback("info", "The hand was thrown in.", "Nobody scores; deal the next one.")
        else:
            ours = result.side is mine
            if ours and result.made:
                kind, head = "ok", "Your side made the bid."
            elif ours:
                kind, head = "bad", "Your side did not make the bid."
            elif result.made:
                kind, head = "bad", "The opponents made their bid."
            else:
                kind, head = "ok", "You defeated the opponents' bid."
            out = feedback(kind, head, result.reason)
        out += box(f"<div>{esc(hints_used_words(*self.session.hints_used()))}</div>")
        game = self.game
        if game is not None:
            s = game.scores
            line = f"Score: North-South {s[Side.NS]} · East-West {s[Side.EW]}."
            if game.winner is not None:
                won = game.winner is mine
                verdict = "You win the game!" if won else "The opponents win the game."
                out += feedback(
                    "ok" if won else "bad",
                    f"Game over: {side_words(game.winner)} reach {self.rules.target}.",
                    f"{line} {verdict} Press New game to play again.",
                )
            else:
                out += feedback("info", line, "Press Next hand to deal the next one.")
        return out
