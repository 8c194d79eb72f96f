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

from ..engine.actions import Play
from ..engine.cards import DECK, JOKER, Card, Suit
from ..engine.i18n import gettext as _
from ..engine.i18n import ngettext, pgettext
from ..engine.record import HandRecord, Move
from ..engine.rules import NoTrumpJoker
from ..engine.seats import SEATS, Seat
from ..engine.state import HandState
from ..engine.tricks import EFF, NO_TRUMP_KEY, CardRole, card_role, winner_index
from .explain import card_words, join_and
from .solver import play_values_masks

__all__ = ["HandAnalysis", "PlayAnalysis", "analyse", "annotate", "state_play_values"]


def state_play_values(state: HandState) -> dict[Card, int]:
    """For the player to move in ``state`` (phase PLAY): the tricks their side takes
    from here with each legal card, all cards visible (double dummy)."""
    if state.leader is None or state.to_move is None or not state.trump_named:
        raise ValueError("double-dummy values need a hand in play (trump named, a card to play)")
    masks = [0, 0, 0, 0]
    for s in SEATS:
        if s in state.sitting_out:
            continue
        for c in state.hand(s):
            masks[s.value] |= 1 << c.index
    active = 15
    for s in state.sitting_out:
        active &= ~(1 << s.value)
    trick = [c.index for _, c in state.current_trick]
    tk = 4 if state.trump is None else state.trump.value
    jat = state.rules.no_trump_joker is NoTrumpJoker.ANY_TIME
    values = play_values_masks(
        masks, tk, state.leader.value, trick, joker_any_time=jat, active=active
    )
    return {DECK[i]: v for i, v in values.items()}


@dataclass(frozen=True)
class PlayAnalysis:
    """One play of a hand: the rule at work and its double-dummy verdict.

    ``values`` maps each legal card to the tricks the player's side could take from
    here with it (current trick included); ``lost`` is how many tricks the card played
    gave away compared with the best card (0: a best play).
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
        """The plays that gave up at least one trick."""
        return tuple(p for p in self.plays if p.lost > 0)


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
        top = max(values.values())
        lost = top - values[action.card]
        best = tuple(c for c, v in values.items() if v == top)
        verdict = ""
        if lost:
            alt = join_and((card_words(c) for c in best), "or")
            # Translators: {cards} are the cards that would have kept the trick(s), seen
            # with all four hands in view (double dummy: hindsight, not a player's view).
            verdict = ngettext(
                "With all four hands in view, this gave up a trick: {cards} would have kept it.",
                "With all four hands in view, this gave up {n} tricks: {cards} would have kept "
                "them.",
                lost,
            ).format(n=lost, cards=alt)
        plays.append(
            PlayAnalysis(
                step=step,
                seat=action.seat,
                action=action,
                status=status,
                winning=winning,
                values=values,
                lost=lost,
                best=best,
                rule_note=_rule_note(state, action, status, winning),
                verdict=verdict,
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
