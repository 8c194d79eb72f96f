"""Exercises on the cards: which card is stronger, which suit a card belongs to, how
many tricks a side takes, and which card to play with every hand face up."""

from __future__ import annotations

from ....analysis.explain import (
    capitalised,
    card_words,
    explain_card,
)
from ....analysis.quiz import Question, best_line, line_words, tricks_question
from ....analysis.review import (
    best_in_hindsight,
    hindsight_verdict,
    state_play_points,
    state_play_values,
)
from ....analysis.session import check_seed, quoted
from ....analysis.solve_cards import play_values
from ....analysis.stats import rng
from ....analysis.teaching import teaching_hand
from ....engine.actions import Play
from ....engine.cards import SUITS, Card, Suit, parse_card, parse_suit
from ....engine.errors import InvalidDataError
from ....engine.i18n import gettext as _
from ....engine.i18n import language, ngettext, whole_number
from ....engine.seats import SEATS, Seat, parse_side
from ....engine.state import HandState
from ....engine.tricks import (
    effective_suit,
    ranking,
)
from ...render import hand_svg
from ..base import (
    check_difficulty,
    side_words,
    widget_language,
)
from ..learner import Recorder
from .choice import (
    Choice,
    english_item,
)
from .common import (
    card_concepts,
    read_whole,
    seat_to_move,
    suit_name,
    trumps_sentence,
)
from .pictures import figure, play_pictures


def stronger_card(
    a: str | Card, b: str | Card, trump: Suit | str, *, lang: str | None = None
) -> Choice[Card]:
    """Which of two cards is stronger under ``trump``? (The engine's ranking decides.)"""
    with language(widget_language(lang)):
        ca, cb = parse_card(a), parse_card(b)
        trump = parse_suit(trump)
        if ca is cb:
            raise InvalidDataError(
                _("the two cards are both {card}: choose two different cards to compare").format(
                    card=ca.text
                )
            )
        best = min((ca, cb), key=ranking(trump).index)
        the_trump = trump

        def check(card: Card) -> tuple[bool, str]:
            other = cb if card is ca else ca
            why = explain_card(card, the_trump).text, explain_card(other, the_trump).text
            return card is best, " ".join(why)

        def words() -> tuple[str, list[Card]]:
            # Translators: {suit} is a suit's name in the plural ("hearts")
            prompt = _("{suit} are trumps. Which card is stronger?")
            return capitalised(prompt.format(suit=the_trump.plural)), [ca, cb]

        prompt, options = words()
        return Choice(
            prompt,
            options,
            check,
            picture=hand_svg([ca, cb], overlap=1.12, scale=0.8, label=_("the two cards")),
            item=english_item(words),
            concepts=card_concepts([ca, cb], trump),
            kind="stronger-card",
        )


def suit_in_play(card: str | Card, trump: Suit | str, *, lang: str | None = None) -> Choice[Suit]:
    """Which suit does ``card`` belong to in play under ``trump``? (``effective_suit`` decides.)"""
    with language(widget_language(lang)):
        c = parse_card(card)
        the_trump = parse_suit(trump)
        answer = effective_suit(c, the_trump)

        def check(suit: Suit) -> tuple[bool, str]:
            return suit is answer, explain_card(c, the_trump).text

        def words() -> tuple[str, list[tuple[str, Suit]]]:
            # Translators: {suit} is a suit's name in the plural ("hearts"), {card} a card
            prompt = _("{suit} are trumps. Which suit does {card} belong to in play?")
            return capitalised(prompt.format(suit=the_trump.plural, card=card_words(c))), [
                (suit_name(s), s) for s in SUITS
            ]

        prompt, options = words()
        return Choice(
            prompt,
            options,
            check,
            picture=hand_svg([c], scale=0.8, label=_("the card")),
            item=english_item(words),
            concepts=card_concepts([c], the_trump),
            kind="suit-in-play",
        )


def look_ahead(seed: int, difficulty: str = "bowers", *, lang: str | None = None) -> Choice[int]:
    """An ending with every card face up: how many tricks can a side take? (The solver
    decides; the feedback shows what each lead gives and one line of best play.)"""
    with language(widget_language(lang)):
        q = tricks_question(rng(check_seed(seed)), difficulty=check_difficulty(difficulty))
        return tricks_exercise(q)


def tricks_exercise(
    question: Question,
    *,
    recorder: Recorder | None = None,
    once: bool = False,
    lang: str | None = None,
) -> Choice[int]:
    """A ``tricks`` question of the quiz bank as a :class:`Choice`: the four hands face
    up, a button per number of tricks; the feedback shows what each lead gives and one
    line of best play (the solver's)."""
    with language(widget_language(lang)):
        return _tricks_exercise(question, recorder=recorder, once=once)


def _tricks_exercise(question: Question, *, recorder: Recorder | None, once: bool) -> Choice[int]:
    q = question
    if not isinstance(q, Question) or q.kind != "tricks":
        raise InvalidDataError(
            # Translators: 'tricks' is the kind of question in code
            _("this exercise shows a 'tricks' question, not {value}").format(value=quoted(q))
        )
    hands = "".join(
        figure(hand_svg(q.hands[s], trump=q.trump, overlap=1.08, scale=0.8), s.word) for s in SEATS
    )
    n = len(q.hands[Seat.N])
    leader = q.seat
    if leader is None:
        raise InvalidDataError(_("a tricks question names the seat that leads"))
    asked = parse_side(q.side) if q.side else leader.side
    leads = play_values({s.name: h for s, h in q.hands.items()}, q.trump, leader.name)
    side = side_words(asked)
    # (play_values counts the leader's side's tricks: the other side takes the rest)
    how = ", ".join(
        f"{card_words(c)}: {v if asked is leader.side else n - v}" for c, v in leads.items()
    )
    line = line_words(best_line(q.hands, q.trump, leader), q.trump)
    why = " ".join(
        (
            # Translators: {side} is a partnership ("North-South"), {k} and {n} numbers of
            # tricks
            _("With best play by everyone, {side} take {k} of the {n} tricks.").format(
                side=side, k=q.answer, n=n
            ),
            # Translators: {seat} is the seat that leads, {values} the tricks {side} take
            # after each card ("J♥: 3, A♠: 2")
            _("The tricks {side} take after each card {seat} can lead: {values}.").format(
                side=side, seat=leader.word, values=how
            ),
            line,
        )
    )

    def check(k: int) -> tuple[bool, str]:
        return q.check(k), why

    return Choice(
        q.prompt,
        [(str(k), k) for k in range(n + 1)],
        check,
        picture=hands,
        concepts=q.tags,
        kind="tricks",
        recorder=recorder,
        once=once,
    )


def best_card(
    state: HandState, prompt: str = "", *, note: str = "", lang: str | None = None
) -> Choice[Card]:
    """Which card should the player to move play? Double dummy judges, for points: all
    hands face up, each side then playing for its score
    (:func:`~hasenpfeffer_core.analysis.review.state_play_points`).

    ``note`` is added to the feedback (a teacher's comment on the position)."""
    with language(widget_language(lang)):
        seat = seat_to_move(state)
        points = state_play_points(state)
        tricks = state_play_values(state)
        best = best_in_hindsight(points, tricks)
        ranked = sorted(points, key=lambda c: (-points[c], -tricks[c]))

        def check(card: Card) -> tuple[bool, str]:
            figures = ", ".join(
                # Translators: a card with the points after it and, in brackets, the
                # tricks its side takes from here on ("J♥: +3 (4 tricks from here)").
                ngettext(
                    "{card}: {points} ({n} trick from here)",
                    "{card}: {points} ({n} tricks from here)",
                    n,
                ).format(card=card_words(c), points=whole_number(points[c], signed=True), n=n)
                for c in ranked
                for n in (tricks[c],)
            )
            verdict = (
                _("That is a best card.")
                if card in best
                else hindsight_verdict(card, points, tricks, face_up=True)
            )
            # Translators: {side} is a partnership ("North-South"); {values} the points
            # (that side's minus the other side's) after each card, with the tricks
            # ("J♥: +3 (4 tricks), A♠: -2 (2 tricks)")
            seen = _(
                "With all cards face up and each side then playing for its score, {side} "
                "end the hand with these points (theirs minus the other side's) after each "
                "card: {values}."
            ).format(side=side_words(seat.side), values=figures)
            return card in best, f"{verdict} {seen}{note}"

        def words() -> tuple[str, list[Card]]:
            asked = prompt or trumps_sentence(
                state.trump,
                # Translators: {suit} is a suit's name in the plural ("hearts")
                _("{suit} are trumps. You are {seat}: which card do you play?"),
                _("There are no trumps. You are {seat}: which card do you play?"),
                seat=seat.word,
            )
            return asked, [c for c in state.hand(seat) if c in points]

        table_pic, hand_pic = play_pictures(state, seat)
        asked, options = words()
        return Choice(
            asked,
            options,
            check,
            picture=figure(table_pic, _("the trick so far")) + figure(hand_pic, _("your hand")),
            item=english_item(words),
        )


def teaching_position(name: str, step: int, *, lang: str | None = None) -> Choice[Card]:
    """The position before action ``step`` of a teaching hand: which card? (The solver
    judges; the feedback adds the teacher's note on the card that was played.)"""
    with language(widget_language(lang)):
        record = teaching_hand(name)
        step = read_whole(
            step,
            _("the step of teaching hand {name}").format(name=name),
            0,
            len(record.moves) - 1,
        )
        move = record.moves[step]
        play = move.action
        if not isinstance(play, Play):
            raise InvalidDataError(
                _("action {step} of teaching hand {name} is not a card played").format(
                    step=step, name=name
                )
            )
        if move.note:
            # Translators: {note} is the teacher's note on the card played
            said = _("In the teaching hand, {seat} played {card}: {note}")
        else:
            said = _("In the teaching hand, {seat} played {card}.")
        note = said.format(seat=play.seat.word, card=card_words(play.card), note=move.note)
        return best_card(record.state_at(step), note=f" {note}")
