"""Whole-hand analysis: double-dummy values at every play, and annotated records.

:func:`analyse` walks a hand record and, before each card is played, solves the
position with all cards visible: the tricks the player's side can still take with
each legal card. :func:`annotate` turns that into notes a learner can read: the
rule at work (followed suit, trumped, discarded, who is winning the trick) and,
where a play changed the result, what it cost ("this gave up a trick: K♠ would have
kept it").

>>> from hasenpfeffer_core.engine.record import EXAMPLE, loads
>>> a = analyse(loads(EXAMPLE))
>>> [s.action.card.text for s in a.plays]
['A♠', 'J♦', '10♠']
>>> print(a.plays[1].text)
East could not follow spades and trumped with J♦ (the left bower): East is winning the trick.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from ..engine.actions import Play
from ..engine.cards import DECK, JOKER, Card, Suit
from ..engine.i18n import gettext as _
from ..engine.i18n import ngettext, pgettext, whole_number
from ..engine.record import HandRecord, Move
from ..engine.rules import NoTrumpJoker
from ..engine.seats import SEATS, Seat
from ..engine.state import HandState
from ..engine.tricks import EFF, NO_TRUMP_KEY, CardRole, card_role, winner_index
from .explain import card_words, join_and
from .judge import net_points
from .points_solver import play_points_masks
from .solver import play_values_masks
from .view import PlayerView

__all__ = [
    "HandAnalysis",
    "PlayAnalysis",
    "analyse",
    "annotate",
    "best_in_hindsight",
    "hindsight_verdict",
    "state_play_points",
    "state_play_values",
]


class _Position(NamedTuple):
    """A position in play as the solvers take it."""

    masks: list[int]
    tk: int
    leader: int
    trick: list[int]
    jat: bool
    active: int


def _position(state: HandState) -> _Position:
    if state.leader is None or state.to_move is None or not state.trump_named:
        raise ValueError("double-dummy values need a hand in play (trump named, a card to play)")
    masks = [0, 0, 0, 0]
    active = 15
    for s in SEATS:
        if s in state.sitting_out:
            active &= ~(1 << s.value)
            continue
        for c in state.hand(s):
            masks[s.value] |= 1 << c.index
    trick = [c.index for _, c in state.current_trick]
    tk = 4 if state.trump is None else state.trump.value
    jat = state.rules.no_trump_joker is NoTrumpJoker.ANY_TIME
    return _Position(masks, tk, state.leader.value, trick, jat, active)


def state_play_values(state: HandState) -> dict[Card, int]:
    """For the player to move in ``state`` (phase PLAY): the tricks their side takes
    from here with each legal card, all cards visible (double dummy)."""
    p = _position(state)
    values = play_values_masks(
        p.masks, p.tk, p.leader, p.trick, joker_any_time=p.jat, active=p.active
    )
    return {DECK[i]: v for i, v in values.items()}


def state_play_points(state: HandState) -> dict[Card, float]:
    """For the player to move in ``state`` (phase PLAY): their side's points minus the
    other side's for the whole hand, with each legal card, when both sides then play
    for their score with all cards visible (double dummy, for points: a side whose bid
    is lost plays to lose tricks, as each trick it takes costs a point)."""
    p = _position(state)
    seat = state.to_move
    assert seat is not None
    net = net_points(PlayerView.of(state, seat))  # for the mover's side taking t tricks
    ns = seat.value % 2 == 0
    net_ns = net if ns else [-net[6 - t] for t in range(7)]
    won_ns = sum(1 for t in state.tricks if t.winner.value % 2 == 0)
    values = play_points_masks(
        p.masks, p.tk, p.leader, p.trick, won_ns, net_ns, joker_any_time=p.jat, active=p.active
    )
    return {DECK[i]: (v if ns else -v) + 0.0 for i, v in values.items()}


@dataclass(frozen=True)
class PlayAnalysis:
    """One play of a hand: the rule at work and its double-dummy verdict, in points.

    ``points`` maps each legal card to the player's side's points minus the other
    side's for the hand when, after it, both sides play for their score with all hands
    in view (:func:`state_play_points`), and ``cost`` is how many points the card played
    gave away against the best card. ``values`` maps each legal card to the tricks the
    side could take from here (current trick included), and ``lost`` is how many tricks
    the card played gave away against the card that took most. ``best`` are the cards
    best in hindsight (:func:`best_in_hindsight`): those that score most and, among
    them, take the most tricks.
    """

    step: int
    seat: Seat
    action: Play
    status: str
    winning: Seat
    values: Mapping[Card, int]
    lost: int
    best: tuple[Card, ...]
    rule_note: str
    verdict: str
    points: Mapping[Card, float]
    cost: float

    @property
    def text(self) -> str:
        """The annotation: the rule note, then the verdict if the play cost tricks."""
        return self.rule_note + (" " + self.verdict if self.verdict else "")


@dataclass(frozen=True)
class HandAnalysis:
    """The analysis of every play of a hand record."""

    record: HandRecord
    plays: tuple[PlayAnalysis, ...]

    def at(self, step: int) -> PlayAnalysis | None:
        """The analysis of the action at ``step`` (0-based), if it is a play."""
        for p in self.plays:
            if p.step == step:
                return p
        return None

    @property
    def mistakes(self) -> tuple[PlayAnalysis, ...]:
        """The plays that cost points (all hands in view, each side playing for its score)."""
        return tuple(p for p in self.plays if p.cost > 0)


def best_in_hindsight(points: Mapping[Card, float], tricks: Mapping[Card, int]) -> tuple[Card, ...]:
    """The cards best with all four hands in view: those that score most and, among
    them, take the most tricks (a trick the score does not need as the cards lie is
    still one a player would want, not seeing them)."""
    top = max(points.values())
    scoring = [c for c, v in points.items() if v == top]
    most = max(tricks[c] for c in scoring)
    return tuple(c for c in scoring if tricks[c] == most)


def hindsight_verdict(
    card: Card,
    points: Mapping[Card, float],
    tricks: Mapping[Card, int],
    *,
    face_up: bool = False,
) -> str:
    """Double dummy's verdict on playing ``card`` with these ``points`` and ``tricks``
    after each legal card (see :func:`state_play_points`, :func:`state_play_values`):
    what it cost ("With all four hands in view, this cost 2 points: K♠ would have saved
    them."), or the trick it gave up that the score did not need; "" for a best card.
    ``face_up``: for a position shown with every hand face up (an exercise), where "in
    view" goes without saying ("That costs 2 points: …")."""
    best = best_in_hindsight(points, tricks)
    if card in best:
        return ""
    alt = join_and((card_words(c) for c in best), "or")
    cost = max(points.values()) - points[card]
    if cost > 0:
        n = round(cost)
        if face_up:
            # Translators: {n} is a whole number of points; {cards} the cards that would
            # have scored more.
            said = ngettext(
                "That costs {n} point: {cards} would save it.",
                "That costs {n} points: {cards} would save them.",
                n,
            )
        else:
            # Translators: {cards} are the cards that would have scored more, seen with
            # all four hands in view (double dummy: hindsight, not a player's view); {n}
            # is a whole number of points.
            said = ngettext(
                "With all four hands in view, this cost {n} point: {cards} would have saved it.",
                "With all four hands in view, this cost {n} points: {cards} would have saved them.",
                n,
            )
        return said.format(n=whole_number(cost), cards=alt)
    more = tricks[best[0]] - tricks[card]
    if face_up:
        # Translators: {cards} are the cards that take more tricks; {n} how many more.
        said = ngettext(
            "That scores as well as the best card as the cards lie, but {cards} takes {n} "
            "more trick, one you would want while the cards are hidden.",
            "That scores as well as the best card as the cards lie, but {cards} takes {n} "
            "more tricks, ones you would want while the cards are hidden.",
            more,
        )
    else:
        # Translators: {cards} are the cards that take more tricks; {n} how many more.
        said = ngettext(
            "With all four hands in view, this scored as well as any card, though {cards} "
            "would have taken {n} more trick, one you would want while the cards are hidden.",
            "With all four hands in view, this scored as well as any card, though {cards} "
            "would have taken {n} more tricks, ones you would want while the cards are hidden.",
            more,
        )
    return said.format(n=more, cards=alt)


def _rule_note(state: HandState, play: Play, status: str, winning: Seat) -> str:
    seat = play.seat.word  # (in full: the notes are read as sentences)
    card = play.card
    trump = state.trump
    tk = NO_TRUMP_KEY if trump is None else trump.value
    trick = state.current_trick
    role = card_role(card, trump)
    bower = role in (CardRole.LEFT_BOWER, CardRole.RIGHT_BOWER)
    # Translators: a bower with its role, as "J♦ (the left bower)".
    named = _("{card} ({role})").format(card=card.text, role=role.phrase) if bower else card.text
    if status == "led":
        code = EFF[tk][card.index]
        if card is JOKER and trump is not None:
            return _("{seat} led the Joker, leading trumps.").format(seat=seat)
        if card is JOKER:
            return _("{seat} led the Joker, which nobody can follow.").format(seat=seat)
        if code == tk:
            return _("{seat} led {card}, leading trumps.").format(seat=seat, card=named)
        # Translators: {suit} is the suit led ("spades").
        return _("{seat} led {card}, leading {suit}.").format(
            seat=seat, card=named, suit=Suit(code).plural
        )
    led = trick[0][1]
    code = EFF[tk][led.index]
    if code == tk:
        # Translators: the suit led when trumps are led, as in "East could not follow
        # trumps".
        suit = pgettext("suit led", "trumps")
    elif code == NO_TRUMP_KEY:
        suit = pgettext("suit led", "the Joker")
    else:
        suit = Suit(code).plural
    played = named if bower else card_words(card)
    if status == "followed":
        # Translators: {seat} is a seat's name (East); {suit} the suit led ("spades").
        first = _("{seat} followed {suit} with {card}").format(seat=seat, suit=suit, card=played)
    elif status == "trumped":
        first = _("{seat} could not follow {suit} and trumped with {card}").format(
            seat=seat, suit=suit, card=played
        )
    else:
        first = _("{seat} could not follow {suit} and discarded {card}").format(
            seat=seat, suit=suit, card=card_words(card)
        )
    if winning is play.seat:
        # Translators: {play} is what the player did, as "East could not follow spades
        # and trumped with J♦"; {seat} the seat winning the trick (East).
        return _("{play}: {seat} is winning the trick.").format(play=first, seat=seat)
    if winning is play.seat.partner:
        return _("{play}: partner {seat} is still winning the trick.").format(
            play=first, seat=winning.word
        )
    return _("{play}: {seat} is still winning the trick.").format(play=first, seat=winning.word)


def analyse(record: HandRecord) -> HandAnalysis:
    """Double-dummy values and rule notes for every play of ``record``."""
    plays: list[PlayAnalysis] = []
    for step, (move, state) in enumerate(zip(record.moves, record.replay(), strict=False)):
        action = move.action
        if not isinstance(action, Play):
            continue
        values = state_play_values(state)
        trump = state.trump
        tk = NO_TRUMP_KEY if trump is None else trump.value
        cards = [c for _, c in state.current_trick] + [action.card]
        seats = [s for s, _ in state.current_trick] + [action.seat]
        if len(cards) == 1:
            status = "led"
        else:
            led_code = EFF[tk][cards[0].index]
            code = EFF[tk][action.card.index]
            status = "followed" if code == led_code else ("trumped" if code == tk else "discarded")
        winning = seats[winner_index([c.index for c in cards], tk)]
        points = state_play_points(state)
        cost = max(points.values()) - points[action.card]
        best = best_in_hindsight(points, values)
        verdict = hindsight_verdict(action.card, points, values)
        plays.append(
            PlayAnalysis(
                step=step,
                seat=action.seat,
                action=action,
                status=status,
                winning=winning,
                values=values,
                lost=max(values.values()) - values[action.card],
                best=best,
                rule_note=_rule_note(state, action, status, winning),
                verdict=verdict,
                points=points,
                cost=cost,
            )
        )
    return HandAnalysis(record, tuple(plays))


def annotate(record: HandRecord) -> HandRecord:
    """A copy of ``record`` with a note on every play: the rule at work and, where a
    play changed the result, the double-dummy verdict. A teacher's existing note
    comes first."""
    analysis = analyse(record)
    moves: list[Move] = list(record.moves)
    for p in analysis.plays:
        old = moves[p.step].note
        moves[p.step] = Move(p.action, (old + " " if old else "") + p.text)
    return HandRecord(
        rules=record.rules,
        dealer=record.dealer,
        deal=record.deal,
        moves=tuple(moves),
        title=record.title,
        point=record.point,
        notes=record.notes,
        score=record.score,
    )
