"""Play a hand, or a whole game, from one seat against computer players.

The learner's legal actions appear as buttons (bids and pass, the trump suits, the
cards to discard, going alone, the playable cards); the computer seats act on their
own until it is the learner's turn again, and a short log says what they did.
"Hint" asks the fair expert for its advice and its reason; "Undo" takes back the
learner's last decision (the computers are re-seeded for every decision, so the
same position always gets the same answer). When the hand ends, the result is shown
with a replayer of the annotated hand.

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
from typing import Any, Final

import ipywidgets as w

from ...analysis.review import analyse
from ...analysis.session import PlaySession, check_seed, quoted
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

    The public methods :meth:`act`, :meth:`undo`, :meth:`new_hand` and
    :meth:`show_hint` do what the table's buttons do, and like the buttons they never
    raise: an action the rules refuse (out of turn, in the wrong phase, a bid too low,
    not following suit...) or an action that is not an action is explained in the
    status line, in the engine's words, and the table stays exactly as it was.
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
        self.action_buttons: list[w.Button] = []
        self.replayer: HandReplayer | None = None
        # Made once, here, and reused from hand to hand: the end of a hand stays quick.
        self._replayer = HandReplayer(openers=False)

        self.header = w.HTML()
        self.table = w.HTML()
        self.prompt = w.HTML()
        self.actions = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.hint_button = w.Button(
            description="Hint",
            icon="lightbulb-o",
            tooltip="What would the fair expert do here, and why?",
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
        """Show the fair expert's advice for the learner's decision."""
        self._hint()

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
        self.replayer = None
        self.review.children = []
        self.result.value = ""
        self.status.value = ""

    def _act(self, action: Action) -> None:
        if not self.state.is_over and action.seat is not self.seat:
            raise IllegalActionError(
                f"you play {self.seat.word}'s cards, not {action.seat.word}'s", rule="turn order"
            )
        self.session.act(action)  # the engine refuses anything the rules forbid
        self.status.value = ""
        self._render()

    def _undo(self) -> None:
        self.session.undo()
        self._reset_panels()
        self._render()

    def _hint(self) -> None:
        state = self.state
        advice = self.session.advise()
        what = action_html(advice.action, state.rules, maker=state.maker, names=self._names)
        self.hint.value = box(
            '<div class="hp-fb hp-info" role="status">'
            f"<b>Hint: {what}.</b><div>{esc(advice.reason)}</div></div>"
        )
        for b in self.action_buttons:
            if b.action == advice.action:
                paint_result(b, "info")  # light up the advised button, in every theme

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
        self.hint_button.disabled = not yours
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
        return box(f'<div class="hp-fb hp-info" role="status"><b>{text}</b></div>')

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
            f"<details><summary>The whole hand so far ({len(state.log)} actions)</summary>"
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
        self.review.children = [
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
