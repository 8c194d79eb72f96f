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

Every rule comes from the engine: the buttons are ``state.legal_actions()`` (a card's
in the hand's order: :func:`~hasenpfeffer_core.analysis.describe.in_hand_order`), and an
action goes through ``HandState.apply`` (or ``Game.apply``), which refuses anything
the rules forbid. The table's keyboard (the move box, the table in words) is in
:mod:`~hasenpfeffer_core.faces.widgets.play_keys`, the end of the hand (the result, the
replay, the review of the learner's decisions) in
:mod:`~hasenpfeffer_core.faces.widgets.play_review`.

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

from ...analysis.describe import (
    in_hand_order,
    spoken_card,
    trick_status,
)
from ...analysis.hints import STEPS, SteppedHint
from ...analysis.session import (
    PlaySession,
    check_seed,
    quoted,
)
from ...analysis.view import PlayerView
from ...engine.actions import Action, Bid, Discard, GoAlone, NameTrump, Pass, Play
from ...engine.auction import bid_name
from ...engine.cards import Card
from ...engine.errors import IllegalActionError, InvalidDataError
from ...engine.game import Game
from ...engine.i18n import N_, language, ngettext, pgettext
from ...engine.i18n import gettext as _
from ...engine.rules import Rules
from ...engine.seats import Seat, Side
from ...engine.state import HandState, Phase
from ..render import state_html
from ..rules_words import rules_words
from .base import (
    Guarded,
    box,
    card_button,
    check_flag,
    check_seat,
    clear_mark,
    esc,
    fill,
    guarded,
    paint_result,
    paint_suit,
    parse_rules,
    side_words,
    text_layout,
    widget_language,
)
from .learner import Recorder
from .play_keys import MAX_ACTION_TEXT as MAX_ACTION_TEXT  # (its home before play_keys)
from .play_keys import TableKeys, read_action
from .play_review import TableReview, text_html
from .replayer import HandReplayer, action_html, card_html

__all__ = ["OPPONENTS", "PlayTable"]

#: The computer players on offer, by the name ``PlayTable(opponents=...)`` takes (marked
#: for the catalogue: translated where shown).
#: The exercise a hand played to its end at the table counts as (in the learner's store;
#: lesson 7's stars count it as one of the lesson's exercises).
TABLE_EXERCISE: Final = "table:hand"

OPPONENTS: Final = {
    "thumb": N_("rule-of-thumb players"),
    "expert": N_("fair experts"),
    "random": N_("random players"),
}
#: The same, one of them (for the partner).
_ONE: Final = {
    "thumb": N_("a rule-of-thumb player"),
    "expert": N_("a fair expert"),
    "random": N_("a random player"),
}


_LOGGER = logging.getLogger("hasenpfeffer_core.faces.widgets")

#: The hint button by the steps of the hint already shown: what the next press gives
#: (label, tooltip; marked for the catalogue, translated where shown).
HINT_BUTTON: Final = (
    (N_("Hint"), N_("A first hint: what to look at")),
    (N_("More: the principle"), N_("The principle at work here, with your cards")),
    (N_("Show the move"), N_("The move the fair expert makes, and the averages behind it")),
)
#: The hint button once every step is shown (disabled until the next decision).
HINT_DONE: Final = (
    N_("Hint"),
    N_("Every step of this hint is shown: the next decision has its own"),
)
#: What each step of a hint is (a label before the step).
_STEP_NAMES: Final = (N_("What to look at:"), N_("The principle:"), N_("The move:"))


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


def _card_verb(action: Play | Discard) -> str:
    """A card button's tooltip: "Play the jack of hearts", "Discard the Joker"; the card
    is named with the article its language gives it ("Gioca il nove di fiori", "Scarta
    la donna di cuori")."""
    # Translators: a card button's tooltip; {card} is the card's name with its article
    # ("the jack of hearts", "the Joker"), as Card.name_in_sentence gives it.
    verb = _("Play {card}") if isinstance(action, Play) else _("Discard {card}")
    return verb.format(card=action.card.name_in_sentence)


def _read_settings(
    seat: Seat | str,
    opponents: str,
    rules: Rules | str | None,
    seed: int,
    game: bool,
    partner: str,
) -> tuple[Seat, Rules, int, bool]:
    """The settings checked, as (seat, rules, seed, game); a bad one raises the engine's error."""
    me = check_seat(seat)
    for what, kind in (("opponents", opponents), ("partner", partner)):
        if not isinstance(kind, str) or kind not in OPPONENTS:
            kinds = ", ".join(f"{k} ({_(v)})" for k, v in OPPONENTS.items())
            raise InvalidDataError(
                # Translators: {setting} is the setting's name in code (opponents,
                # partner), {kinds} the names it takes, each with its meaning
                _("{setting} must be one of {kinds}, not {value}").format(
                    setting=what, kinds=kinds, value=quoted(kind)
                ),
                rule="computer players",
            )
    the_rules = parse_rules(rules)
    the_seed = check_seed(seed)
    game = check_flag(
        game,
        # Translators: "game" is the setting's name in code: keep it
        _("game (play a whole game rather than single hands)"),
    )
    return me, the_rules, the_seed, game


class PlayTable(w.VBox, Guarded, TableKeys, TableReview):  # type: ignore[misc]
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

    ``lang`` is the language the table speaks (``"en"``, ``"it"``, ``"th"``; ``None``: the
    language in use when it is made), in everything it shows and says, whatever the
    notebook speaks later.
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
        *,
        lang: str | None = None,
        recorder: Recorder | None = None,
    ) -> None:
        self.lang = widget_language(lang)
        with language(self.lang):
            # each hand played to its end is recorded (see _finish): in a lesson, one of
            # its exercises
            self.recorder = recorder if recorder is not None else Recorder("exercise")
            self._build_table(seat, opponents, rules, seed, game, partner)

    def _build_table(
        self,
        seat: Seat | str,
        opponents: str,
        rules: Rules | str | None,
        seed: int,
        game: bool,
        partner: str,
    ) -> None:
        """Check the settings, make the widgets and deal the first hand; returns nothing."""
        me, the_rules, the_seed, game = _read_settings(seat, opponents, rules, seed, game, partner)
        super().__init__(layout=w.Layout(width="100%"))
        self.add_class("hp-play-table")
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
        self._init_bookkeeping()
        self._make_controls()
        self._make_keys()
        self.result = w.HTML()
        self._make_review()
        self.children = self._laid_out()
        self._start_hand()

    def _init_bookkeeping(self) -> None:
        """Set what the table keeps between decisions (no hand shown yet); returns nothing."""
        self._score_before: tuple[int, int] | None = None
        self._buttons: dict[Action, w.Button] = {}
        # "You" is the key by which the replayer's action_html knows the learner (it
        # words the learner's actions itself, in the language in use): not translated here.
        self._names = {self.seat: "You"}
        self._finished = False
        # said under the prompt: after "Try again from here", or after a move against
        # the hint shown (what the judge makes of it)
        self._note = ""
        self.action_buttons: list[w.Button] = []
        self.replayer: HandReplayer | None = None
        # Made once, here, and reused from hand to hand: the end of a hand stays quick.
        self._replayer = HandReplayer(openers=False)

    def _make_controls(self) -> None:
        """Make the table, the prompt, the actions, the buttons and the log; returns nothing."""
        self.header = w.HTML()
        self.table = w.HTML()
        self.prompt = w.HTML()
        self.actions = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.hint_button = w.Button(
            description=_(HINT_BUTTON[0][0]),
            icon="lightbulb-o",
            tooltip=_(HINT_BUTTON[0][1]),
            layout=w.Layout(width="auto"),
        )
        self.undo_button = w.Button(
            description=pgettext("button", "Undo"),
            icon="undo",
            tooltip=_("Take back your last decision"),
            layout=w.Layout(width="auto"),
        )
        self.new_hand_button = w.Button(
            description=pgettext("button", "Next hand")
            if self.game_mode
            else pgettext("button", "New hand"),
            icon="refresh",
            tooltip=_("Deal the next hand") if self.game_mode else _("Deal a new hand"),
            layout=w.Layout(width="auto"),
        )
        self.hint_button.on_click(self._on_hint)
        self.undo_button.on_click(self._on_undo)
        self.new_hand_button.on_click(self._on_new_hand)
        self.hint = w.HTML()
        self.log = _LogPane()
        #: What just happened, in words, for a screen reader (a polite live region).
        self.said = w.HTML()

    def _laid_out(self) -> list[w.Widget]:
        """The table's children: its header, status, table beside the controls, result, review."""
        controls = w.HBox(
            [self.hint_button, self.undo_button, self.new_hand_button, self.describe_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        side = w.VBox(
            [
                self.prompt,
                self.actions,
                self.typed,
                self.typed_help,
                controls,
                self.hint,
                self.description,
                self.log,
                self.said,
            ],
            layout=w.Layout(min_width="0", max_width="100%", flex="1 1 300px"),
        )
        self.table.layout = w.Layout(max_width="100%", overflow="auto", flex="0 1 auto")
        body = w.HBox(
            [self.table, side],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start", max_width="100%"),
        )
        return [
            self.header,
            self.status,
            body,
            self.result,
            self.recorder.note,
            self.review,
        ]

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
        self._act(read_action(action))

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

    # --- callbacks ----------------------------------------------------------------

    @guarded
    def _on_action(self, button: w.Button) -> None:
        if button not in self.action_buttons:
            # a second click of a double-click, arriving after the first one's move took
            # the button away (an Italian learner's double-click on the last bid read
            # that the auction was over): nothing was asked of this position
            return
        self._act(button.action)
        # the pressed button is gone with the row it was in: the focus goes to the box,
        # where a keyboard user goes on (typing, or Shift+Tab back to the new buttons)
        self.typed.focus()

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
                # Translators: {seat} is the learner's seat, {other} the seat of the action
                _("you play {seat}'s cards, not {other}'s").format(
                    seat=self.seat.word, other=action.seat.word
                ),
                rule="turn order",
            )
        note = self.session.against_hint(action) if action.seat is self.seat else ""
        self.session.act(action)  # the engine refuses anything the rules forbid
        self.status.value = ""
        self._note = note  # (said under the next prompt)
        self._render()

    def _undo(self) -> None:
        self.session.undo()
        self._reset_panels()
        self._render()

    def _hint(self) -> None:
        # The first press at a decision works the advice out; the next ones only reveal.
        before = self.session.hint_steps_shown()
        hint, shown = self.session.next_hint_step()  # refused when it is not your turn
        self._show_hint(hint, shown, again=before >= STEPS)

    def _show_hint(self, hint: SteppedHint, shown: int, *, again: bool = False) -> None:
        """Show the first ``shown`` steps of ``hint``; the button offers the next one.
        ``again``: asked once more with every step shown, which the hint says (a press
        that changed nothing would look like a press that was not heard)."""
        items = []
        for n in range(1, shown + 1):
            text = text_html(hint.step(n))
            if n == STEPS:
                text = f"<b>{text}</b>"
                if hint.details:
                    text += f'<div class="hp-muted hp-details">{text_html(hint.details)}</div>'
            items.append(
                f'<li style="margin:2px 0"><span class="hp-muted">'
                f"{esc(_(_STEP_NAMES[n - 1]))}</span> {text}</li>"
            )
        # Translators: how far the hint has gone ("step 2 of 3")
        step = _("step {n} of {total}").format(n=shown, total=STEPS)
        title = esc(_("Hint"))
        # Translators: said when the learner asks for a hint whose every step is already
        # shown.
        whole = _("That is the whole hint: every step is shown above.")
        self.hint.value = box(
            f'<div class="hp-fb hp-info hp-hint" role="status"><b>{title}</b> '
            f'<span class="hp-muted">· {esc(step)}</span>'
            f'<ol style="margin:4px 0 0;padding-left:1.5em">{"".join(items)}</ol>'
            + (f'<p class="hp-muted" style="margin:4px 0 0">{esc(whole)}</p>' if again else "")
            + "</div>"
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
        self.hint_button.description = _(label)
        self.hint_button.tooltip = _(tip)
        self.hint_button.disabled = not yours or shown >= STEPS

    # --- showing ------------------------------------------------------------------

    def _button(self, action: Action, state: HandState) -> w.Button:
        b = self._buttons.get(action)
        if b is None:
            if isinstance(action, Play | Discard):
                b = card_button(action.card)
                b.face = action.card.suit  # painted like a card (see _base.paint_suit)
                b.tooltip = _card_verb(action)
            elif isinstance(action, Pass):
                b = w.Button(
                    layout=text_layout(),
                    description=pgettext("button", "Pass"),
                    tooltip=pgettext("button", "Pass"),
                )
            elif isinstance(action, Bid):
                name = bid_name(action.tricks, action.big, state.rules)
                # Translators: a button: {bid} is a number of tricks or a bid's name
                bid = pgettext("button", "Bid {bid}").format(bid=name)
                b = w.Button(
                    layout=text_layout(),
                    description=name if not name.isdigit() else bid,
                    tooltip=bid,
                )
            elif isinstance(action, NameTrump):
                suit = action.suit
                if suit is None:
                    b = w.Button(
                        layout=text_layout(),
                        description=pgettext("button", "No trump"),
                        tooltip=_("Name no trump"),
                    )
                else:
                    b = w.Button(
                        layout=text_layout(),
                        description=f"{suit.symbol} {suit.plural}",
                        # Translators: {suit} is a suit's name in the plural ("hearts")
                        tooltip=_("Name {suit} as trumps").format(suit=suit.plural),
                    )
                    b.face = suit
            else:
                b = w.Button(
                    layout=text_layout(),
                )
            b.layout.width = b.layout.width or "auto"
            b.action = action
            b.on_click(self._on_action)
            self._buttons[action] = b
        if isinstance(action, GoAlone):
            maker = state.maker is self.seat
            if action.alone:
                b.description = (
                    pgettext("button", "Go alone") if maker else pgettext("button", "Defend alone")
                )
            else:
                b.description = (
                    pgettext("button", "Play with partner")
                    if maker
                    else pgettext("button", "Defend with partner")
                )
            b.tooltip = b.description
        clear_mark(b)  # a button is reused: no mark (its class too) from an earlier decision
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
            [self._button(a, state) for a in in_hand_order(state)] if yours else []
        )
        self.actions.children = self.action_buttons
        self.prompt.value = self._prompt_html(state)
        self._label_keys(over=over)
        self.hint.value = ""
        shown = self.session.hint_steps_shown() if yours else 0
        self._label_hint_button(shown, yours=yours)
        if shown:  # back at a decision whose hint was asked (an undo, a try again)
            self._show_hint(self.session.hint(), shown)
        self.undo_button.disabled = not any(a.seat is self.seat for a in state.log)
        self.log.value = self._log_html(state)
        self.said.value = self._said_html(state)
        self._render_description()
        if self.game_mode:
            assert self.game is not None
            self.new_hand_button.disabled = not over
            self.new_hand_button.description = (
                pgettext("button", "New game")
                if self.game.is_over
                else pgettext("button", "Next hand")
            )
            self.new_hand_button.tooltip = (
                _("Start a new game") if self.game.is_over else _("Deal the next hand")
            )
        if over and not self._finished:
            self._finish(state)

    def _header_html(self) -> str:
        partner = self.seat.partner
        players = fill(
            # Translators: {seat} is the learner's seat (in bold), {partner} the partner's,
            # {kind} what sort of computer player the partner is ("a fair expert"),
            # {opponents} the opponents' sort ("rule-of-thumb players")
            _("You play {seat}, with {partner} ({kind}) as your partner, against {opponents}."),
            seat=f"<b>{esc(self.seat.word)}</b>",
            partner=esc(partner.word),
            kind=esc(_(_ONE[self.session.partner])),
            opponents=esc(_(OPPONENTS[self.opponents])),
        )
        # Translators: {rules} is a rule set in words ("the source rules")
        rules = esc(_("Rules: {rules}.").format(rules=rules_words(self.rules)))
        parts = [f"{players} {rules}"]
        if self.game is not None:
            s = self.game.scores
            mine = self.seat.side
            score = esc(_("North-South {ns} · East-West {ew}").format(ns=s[Side.NS], ew=s[Side.EW]))
            line = fill(
                # Translators: {score} is both sides' score ("North-South 3 · East-West 5"),
                # {side} the learner's side, {target} the points that win the game
                _(
                    "Game {game}, hand {hand} · score: {score} (your side is {side}; the "
                    "first side to {target} wins)"
                ),
                game=self.session.games,
                hand=len(self.game.hands),
                score=f"<b>{score}</b>",
                side=esc(side_words(mine)),
                target=self.rules.target,
            )
            parts.append(f"<div>{line}</div>")
        return box("".join(parts))

    def _prompt_html(self, state: HandState) -> str:
        if state.is_over:
            return ""
        if state.to_move is not self.seat:  # only while the learner sits out
            waiting = esc(_("Waiting for the other players."))
            return box(f'<span class="hp-muted">{waiting}</span>')
        text = self._prompt_text(state)
        # who is winning the trick, in words (the table marks the card in gold)
        status = trick_status(state, you=self.seat)
        winning = f"<div>{esc(status)}</div>" if status else ""
        note = f'<div class="hp-muted">{text_html(self._note)}</div>' if self._note else ""
        return box(f'<div class="hp-fb hp-info" role="status"><b>{text}</b>{winning}{note}</div>')

    def _prompt_text(self, state: HandState) -> str:
        """What the learner is asked to do now, as HTML (empty when it is not their turn)."""
        if state.is_over or state.to_move is not self.seat:
            return ""
        view = PlayerView.of(state, self.seat)
        rules = state.rules
        phase = state.phase
        if phase is Phase.AUCTION:
            if view.forced_bid:
                text = esc(_("All four passed: you must bid."))
            elif view.high_bid is not None:
                hb = view.high_bid
                text = fill(
                    # Translators: {bid} is a number of tricks or a bid's name, {seat} a seat
                    _("Your turn to bid. The high bid is {bid} by {seat}."),
                    bid=esc(bid_name(hb.tricks, hb.big, rules)),
                    seat=esc(hb.seat.word),
                )
            else:
                text = esc(_("Your turn to bid. Nobody has bid yet."))
        elif phase is Phase.TRUMP:
            if view.widow:
                text = fill(
                    _("You won the auction. You took the widow, {card}. Name trumps."),
                    card=card_html(view.widow),
                )
            else:
                text = esc(_("You won the auction. Name trumps."))
        elif phase is Phase.DISCARD:
            if view.widow:
                text = fill(
                    _("Discard one card (the widow was {card}): it is laid away face down."),
                    card=card_html(view.widow),
                )
            else:
                text = esc(_("Discard one card: it is laid away face down."))
        elif phase is Phase.ALONE:
            if view.maker is self.seat:
                text = esc(_("Go alone, or play with your partner?"))
            else:
                # Translators: {maker} is the maker's seat ("North") or "The maker"
                lone = (
                    _("{maker} goes alone. Defend alone, or with your partner?")
                    if view.maker_alone
                    else _("{maker} plays with a partner. Defend alone, or with your partner?")
                )
                maker = view.maker.word if view.maker else _("The maker")
                text = esc(lone.format(maker=maker))
        elif not view.current_trick:
            text = esc(_("Your lead (trick {n}).").format(n=len(view.tricks) + 1))
        else:
            text = esc(_("Your turn to play to trick {n}.").format(n=len(view.tricks) + 1))
        return text

    def _log_html(self, state: HandState) -> str:
        """What happened: the actions since your last decision, then the whole hand."""
        lines = self._log_lines(state)
        mine = [i for i, (a, _) in enumerate(lines) if a is not None and a.seat is self.seat]
        recent = lines[mine[-1] :] if mine else lines
        nothing = esc(_("Nothing yet."))
        short = "".join(f"<li>{text}</li>" for _a, text in recent[-10:]) or (
            f'<li class="hp-muted">{nothing}</li>'
        )
        whole = "".join(f"<li>{text}</li>" for _a, text in lines)
        n = len(state.log)
        so_far = ngettext(
            "The whole hand so far ({n} action)", "The whole hand so far ({n} actions)", n
        ).format(n=n)
        since = esc(_("Since your last turn"))
        return box(
            f"<b>{since}</b>"
            f'<ul style="margin:2px 0 4px;padding-left:1.3em">{short}</ul>'
            f"<details><summary>{esc(so_far)}</summary>"
            f'<ol style="margin:2px 0;padding-left:1.8em;max-height:16em;overflow-y:auto">'
            f"{whole}</ol></details>"
        )

    def _log_lines(
        self, state: HandState, *, spoken: bool = False
    ) -> list[tuple[Action | None, str]]:
        """Each action in words, with a line at the end of each trick; ``spoken``: the
        cards named for a listener ("the jack of diamonds, the left bower")."""
        hide = PlayerView.of(state, self.seat).discard is None
        trump, known = state.trump, state.trump_named

        def say(card: Card) -> str:
            return spoken_card(card, trump, trump_known=known)

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
                spoken=say if spoken else None,
            )
            out.append((action, text))
            if isinstance(action, Play):
                plays += 1
                if done < len(ends) and plays == ends[done]:
                    winner = tricks[done].winner
                    if winner is self.seat:
                        goes = _("Trick {n} goes to you.").format(n=done + 1)
                    else:
                        goes = _("Trick {n} goes to {seat}.").format(n=done + 1, seat=winner.word)
                    out.append((None, f"<i>{esc(goes)}</i>"))
                    done += 1
        return out

    def _finish(self, state: HandState) -> None:
        """The hand is over: the result, and the annotated hand in a replayer."""
        self._finished = True
        self._load_replay(state)
        # A hand played to its end is the table's exercise (lesson 7 counts it): right,
        # with the decisions a hint was asked for (three stars for a hand played alone).
        asked, _steps = self.session.hints_used()
        self.recorder.answer(TABLE_EXERCISE, ("whole-hand",), True, hints=asked, kind="table")
        self._offer_review()
        self.result.value = self._result_html(state)
