"""The lessons' exercises and pictures: one-button questions, card ordering, a rules lab,
pictures in a row, small tables and progress bars.

Every exercise takes its verdict and its explanation from the engine and the analysis
(the ranking, ``score_hand``, the double-dummy solver, the fair expert); this module
only lays them out. The builders take cards, suits, seats, bids and rules as values or
as their text (``"J♣"``, ``"hearts"``, ``"N"``, ``"N bid 3"``, ``"parlett"``); a bad
argument raises the engine's own error (:class:`ParseError` or
:class:`InvalidDataError`) saying which argument and what it may be. A
:class:`Choice` is answered by pressing one button, and may be tried again after a
wrong answer:

>>> from hasenpfeffer_core.engine.cards import Suit
>>> q = stronger_card("J♣", "A♠", Suit.SPADES)
>>> [b.description for b in q.buttons]
['J♣', 'A♠']
>>> q.buttons[1].click()  # the ace of trumps: not quite
>>> "Not quite" in q.feedback.value
True
>>> q.buttons[0].click()  # the left bower beats it
>>> "Right!" in q.feedback.value and "left bower" in q.feedback.value
True
"""

from __future__ import annotations

import functools
import hashlib
import html
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final, Generic, TypeVar, cast, overload

import ipywidgets as w
from IPython.display import display
from tqdm.notebook import tqdm as notebook_tqdm
from tqdm.std import tqdm as text_tqdm

from ...analysis.bots import FairExpert
from ...analysis.explain import explain_card, explain_plays, explain_trick, ordinal_word
from ...analysis.hints import SteppedHint, stepped_hint
from ...analysis.practice import principle_verdict
from ...analysis.quiz import Question, tricks_question
from ...analysis.review import state_play_values
from ...analysis.session import check_seed, quoted
from ...analysis.solver import play_values
from ...analysis.stats import game_stats, play_game, rng
from ...analysis.teaching import teaching_hand
from ...analysis.view import PlayerView
from ...engine.actions import Bid, Discard, NameTrump, Pass, Play, parse_action
from ...engine.auction import bid_name
from ...engine.cards import SUITS, Card, Suit, parse_card, parse_cards, parse_suit
from ...engine.errors import InvalidDataError, ParseError
from ...engine.rules import OPTIONS, PRESETS, Rules
from ...engine.scoring import score_hand
from ...engine.seats import SEATS, Seat, Side, parse_seat, parse_side
from ...engine.state import HandState
from ...engine.tricks import (
    CardRole,
    card_role,
    effective_suit,
    legal_plays,
    ranking,
    trick_winner,
)
from ..render import hand_svg, table_svg
from .base import (
    MAX_MESSAGE,
    OPTION_WORDS,
    box,
    card_button,
    check_difficulty,
    clear_mark,
    feedback,
    paint_result,
    paint_suit,
    parse_rules,
    rules_words,
    side_words,
    value_words,
)
from .learner import Recorder

__all__ = [
    "Choice",
    "OrderExercise",
    "RulesLab",
    "best_card",
    "bid_exercise",
    "discard_exercise",
    "figure",
    "hint_exercise",
    "look_ahead",
    "play_example",
    "principle_exercise",
    "progress",
    "score_exercise",
    "show",
    "stronger_card",
    "suit_in_play",
    "suit_name",
    "table",
    "teaching_position",
    "trick_example",
    "tricks_exercise",
    "trump_exercise",
    "which_rules",
]

T = TypeVar("T")
V = TypeVar("V")


def suit_name(suit: Suit | None) -> str:
    """``♥ hearts``, or ``no trump``.

    >>> suit_name(Suit.HEARTS), suit_name(None)
    ('♥ hearts', 'no trump')
    """
    return "no trump" if suit is None else f"{suit.symbol} {suit.plural}"


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _tricks(n: int) -> str:
    return "1 trick" if n == 1 else f"{n} tricks"


def _to_move(state: HandState) -> Seat:
    """The seat to move; an exercise needs a decision to ask about."""
    if not isinstance(state, HandState):
        raise InvalidDataError(f"an exercise asks about a HandState, not {quoted(state)}")
    seat = state.to_move
    if seat is None:
        raise InvalidDataError("the hand is over (or not dealt): there is no decision to ask about")
    return seat


#: The most tricks a side can take in a hand.
_TRICKS: Final = 6

#: The most games :class:`RulesLab` plays for each comparison (each takes a moment).
MAX_LAB_GAMES: Final = 1000


def _whole(value: object, what: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``; ``what`` names it in the message."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidDataError(
            f"{what} must be a whole number from {low} to {high}, not {quoted(value)}"
        )
    return value


def _bid(value: object) -> Bid:
    """A bid, or its text as a hand record writes it (``"N bid 3"``)."""
    action = value if isinstance(value, Bid) else None
    if isinstance(value, str) and len(value) <= 40:
        parsed = parse_action(value)
        action = parsed if isinstance(parsed, Bid) else None
    if action is None:
        raise ParseError(
            f"the bid must be a Bid or its text, as in 'N bid 3', not {quoted(value)}",
            rule="bidding",
        )
    return action


def _trick_cards(value: object) -> tuple[Card, ...]:
    """Cards played to a trick: text (``""`` for none), cards, or ``None`` for none."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return ()
    return parse_cards(value)  # type: ignore[arg-type]  # (parse_cards refuses the rest)


# --- pictures and tables ---------------------------------------------------------------


def _display_html(markup: str) -> None:
    """Show HTML under the cell (IPython's display functions carry no type annotations).

    The markup goes out as a raw bundle, not as ``IPython.display.HTML(markup)``: that
    asks the file system whether the markup names a file, which in the live copy is a
    round trip to the browser's drive for every picture.
    """
    display({"text/html": markup}, raw=True)  # type: ignore[no-untyped-call]


def figure(picture: str, caption: str = "") -> str:
    """A picture (SVG or HTML) with a short caption under it, as HTML.

    >>> figure("<svg></svg>", "the widow")
    '<figure style="margin:0 18px 8px 0;display:inline-block"><svg></svg><figcaption style="font-size:0.9em;opacity:0.8;margin-top:2px">the widow</figcaption></figure>'
    """
    if not isinstance(picture, str):
        raise InvalidDataError(
            f"a figure shows a picture (SVG or HTML text), not {quoted(picture)}"
        )
    cap = (
        '<figcaption style="font-size:0.9em;opacity:0.8;margin-top:2px">'
        f"{html.escape(str(caption))}</figcaption>"
        if caption
        else ""
    )
    return f'<figure style="margin:0 18px 8px 0;display:inline-block">{picture}{cap}</figure>'


def show(*pictures: str) -> None:
    """Show pictures (SVG or HTML strings) side by side, wrapping when the row is full."""
    row = "".join(p if p.lstrip().startswith("<figure") else figure(p) for p in pictures)
    _display_html(
        '<div style="display:flex;flex-wrap:wrap;align-items:flex-end;max-width:100%;'
        f'overflow-x:auto">{row}</div>'
    )


def table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
    """A small table. Cells are text; a cell that starts with ``<`` is kept as HTML."""

    def cell(value: object) -> str:
        text = str(value)
        return text if text.startswith("<") else html.escape(text)

    head = "".join(
        f'<th style="text-align:left;white-space:nowrap">{html.escape(str(h))}</th>' for h in header
    )
    body = "".join(
        "<tr>" + "".join(f'<td style="text-align:left">{cell(v)}</td>' for v in row) + "</tr>"
        for row in rows
    )
    _display_html(
        '<div style="max-width:100%;overflow-x:auto">'
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
    )


def _seats_from(leader: Seat, n: int) -> list[Seat]:
    """``n`` seats clockwise from ``leader`` (none for ``n == 0``)."""
    seats: list[Seat] = []
    seat = leader
    for _ in range(n):
        seats.append(seat)
        seat = seat.left
    return seats


def play_example(
    hand: str, trick: str | None, trump: Suit | str, *, you: Seat | str = Seat.S
) -> None:
    """The trick so far and your hand, the cards you may play lit, with the engine's reasons."""
    cards = parse_cards(hand)
    played = _trick_cards(trick)
    trump = parse_suit(trump)
    you = parse_seat(you)
    legal = legal_plays(cards, played, trump)  # (checks the hand and the trick first)
    leader = you
    for _ in played:
        leader = leader.right
    plays = list(zip(_seats_from(leader, len(played)), played, strict=True))
    show(
        figure(
            table_svg(plays, trump=trump, leader=leader, names={you: "South (you)"}, size=210),
            "the trick so far",
        ),
        figure(
            hand_svg(
                cards,
                trump=trump,
                highlight=legal,
                dim=[c for c in cards if c not in legal],
                overlap=1.08,
            ),
            "your hand: the cards you may play are lit",
        ),
    )
    items = "".join(
        f"<li>{'✓' if e.allowed else '✗'} {html.escape(e.text)}</li>"
        for e in explain_plays(cards, played, trump)
    )
    _display_html(f"<ul style='margin-top:0'>{items}</ul>")


def trick_example(trick: str, trump: Suit | str, *, leader: Seat | str = Seat.W) -> None:
    """A finished trick round the table, the winner lit, with the engine's explanation."""
    cards = parse_cards(trick)
    trump = parse_suit(trump)
    leader = parse_seat(leader)
    e = explain_trick(cards, trump)  # (checks the trick first)
    seats = _seats_from(leader, len(cards))
    winner = seats[e.winner]
    show(
        figure(
            table_svg(list(zip(seats, cards, strict=True)), trump=trump, winner=winner, size=210),
            f"{winner.word} wins the trick",
        )
    )
    _display_html(f"<p style='margin-top:0'>{html.escape(e.text)}</p>")


# --- exercises -------------------------------------------------------------------------


class Choice(w.VBox, Generic[V]):  # type: ignore[misc]
    """A question answered by pressing one button; ``check`` gives the verdict.

    ``options`` are ``(label, value)`` pairs, or cards (shown as card buttons; a suit
    as a value is shown as a suit button). ``check(value)`` returns ``(right,
    explanation)``; the explanation comes from the engine. The learner may try again
    after a wrong answer; with ``once``, the first answer is final, and the right
    answers are marked with it.

    Each answer and each hint step is recorded in the learner's store (``recorder``:
    source ``"exercise"``, the lesson set by ``lesson_header``) under ``item`` (by
    default a short name made from the prompt and the options' labels, the same in
    every run) with the ``concepts`` it practises; ``attempt`` counts the tries since
    the last right answer, and ``answer_hooks`` are called with each verdict.

    Public parts (for tests): ``buttons`` and ``values`` (one per option, in order)
    and ``feedback`` (an HTML widget: the verdict and why).

    >>> q = Choice("2 + 2?", [("3", 3), ("4", 4)], lambda n: (n == 4, f"2 + 2 = 4, not {n}."))
    >>> q.buttons[0].click()
    >>> "Not quite" in q.feedback.value and "not 3" in q.feedback.value
    True
    """

    @overload
    def __init__(
        self: Choice[Card],
        prompt: str,
        options: Sequence[Card],
        check: Callable[[Card], tuple[bool, str]],
        *,
        picture: str = "",
        hints: Sequence[str] = (),
        item: str = "",
        concepts: Iterable[str] = (),
        kind: str = "",
        recorder: Recorder | None = None,
        once: bool = False,
    ) -> None: ...

    @overload
    def __init__(
        self,
        prompt: str,
        options: Sequence[tuple[str, V]],
        check: Callable[[V], tuple[bool, str]],
        *,
        picture: str = "",
        hints: Sequence[str] = (),
        item: str = "",
        concepts: Iterable[str] = (),
        kind: str = "",
        recorder: Recorder | None = None,
        once: bool = False,
    ) -> None: ...

    def __init__(
        self,
        prompt: str,
        options: Sequence[Card] | Sequence[tuple[str, V]],
        check: Callable[[Any], tuple[bool, str]],
        *,
        picture: str = "",
        hints: Sequence[str] = (),
        item: str = "",
        concepts: Iterable[str] = (),
        kind: str = "",
        recorder: Recorder | None = None,
        once: bool = False,
    ) -> None:
        if not isinstance(prompt, str):
            raise InvalidDataError(f"a question's prompt is text, not {quoted(prompt)}")
        if isinstance(hints, str) or not all(isinstance(h, str) for h in hints):
            raise InvalidDataError(f"hints are a list of texts, one per step, not {quoted(hints)}")
        if not callable(check):
            raise InvalidDataError(
                f"check must be a function giving (right, explanation), not {quoted(check)}"
            )
        self._check: Callable[[V], tuple[bool, str]] = check
        self.feedback = w.HTML()
        self.buttons: list[w.Button] = []
        self.values: list[V] = []
        for option in options:
            if isinstance(option, Card):
                button = card_button(option)
                value = cast(V, option)  # the overload for cards: V is Card
            else:
                if not (
                    isinstance(option, tuple | list)
                    and len(option) == 2
                    and isinstance(option[0], str)
                ):
                    raise InvalidDataError(
                        f"each option is a card or a (label, value) pair, not {quoted(option)}"
                    )
                label, value = option
                button = w.Button(
                    description=label, layout=w.Layout(width="auto", min_width="64px")
                )
                if isinstance(value, Suit):  # a suit button: a light face, red or black
                    paint_suit(button, value)
                    button.style.font_weight = "bold"
                    button.add_class("hp-card-button")
                    button.suit = value
            button.on_click(functools.partial(self._choose, value))
            self.buttons.append(button)
            self.values.append(value)
        labels = [b.description for b in self.buttons]
        self.item = item or _item_name(prompt, labels)
        self.concepts: tuple[str, ...] = tuple(concepts)
        self.kind = kind
        self.recorder = recorder if recorder is not None else Recorder("exercise")
        self.once = bool(once)
        self.tries = 0  # tries since the last right answer
        self.answered = False
        self.answer_hooks: list[Callable[[bool], None]] = []
        head = box(f"<p style='margin:4px 0'><b>{html.escape(prompt)}</b></p>{picture}")
        row = w.HBox(self.buttons, layout=w.Layout(flex_flow="row wrap"))
        # Hints in steps: each press shows the next one (what to look at, the principle
        # with the cards, the move); the verdict says how many were used.
        self.hints: tuple[str, ...] = tuple(hints)
        self.hints_used = 0
        self.hint_text = w.HTML()
        self.hint_button = w.Button(
            description="Hint", icon="lightbulb-o", layout=w.Layout(width="auto")
        )
        self.hint_button.on_click(self._hint)
        parts: list[w.Widget] = [w.HTML(head), row]
        if self.hints:
            parts.append(w.HBox([self.hint_button, self.hint_text]))
        super().__init__([*parts, self.feedback, self.recorder.note])
        self.add_class("hp-lesson-choice")

    def _hint(self, _button: w.Button | None = None) -> None:
        if self.hints_used >= len(self.hints):
            return
        self.hints_used += 1
        n = self.hints_used
        self.recorder.hint(self.item, self.concepts, n, kind=self.kind)
        steps = "".join(f"<p style='margin:2px 0'>{html.escape(h)}</p>" for h in self.hints[:n])
        self.hint_text.value = box(steps)
        last = n >= len(self.hints)
        self.hint_button.description = "No more hints" if last else _NEXT_STEP.get(n, "More")
        self.hint_button.disabled = last

    def _choose(self, value: V, button: w.Button) -> None:
        if self.once and self.answered:
            return
        try:
            right, text = self._check(value)
            good = [v for v in self.values if self._check(v)[0]] if self.once else []
        except Exception as e:  # keep the notebook alive, say what went wrong
            self.feedback.value = feedback("err", "That did not work:", str(e)[:MAX_MESSAGE])
            return
        self.answered = True
        for b in self.buttons:  # one mark at a time: the last answer
            _unmark(b)
        if self.once:
            self.hint_button.disabled = True  # (the answer is given: no more hints)
            for b, v in zip(self.buttons, self.values, strict=True):
                b.disabled = True
                if v in good and b is not button:
                    paint_result(b, "success")
                    b.icon = "check"
        paint_result(button, "success" if right else "danger")
        button.icon = "check" if right else "times"  # not by colour alone
        title = "Right!" if right else "Not quite. Try another answer."
        if not right and self.once:
            title = "Not quite."
        if right and self.hints_used:
            step = "step" if self.hints_used == 1 else "steps"
            title = f"Right, with {self.hints_used} hint {step}."
        self.feedback.value = feedback("ok" if right else "bad", title, text)
        self.tries += 1
        self.recorder.answer(
            self.item,
            self.concepts,
            right,
            hints=self.hints_used,
            attempt=self.tries,
            kind=self.kind,
        )
        if right:
            self.tries = 0  # a fresh go at the exercise starts here
        for hook in list(self.answer_hooks):
            hook(right)


def _unmark(button: w.Button) -> None:
    """Take an answer's mark off a button: a card or suit button gets its face back."""
    button.icon = ""
    card = getattr(button, "card", None)
    suit = getattr(button, "suit", None)
    if isinstance(card, Card):
        paint_suit(button, card.suit)
    elif isinstance(suit, Suit):
        paint_suit(button, suit)
    else:
        clear_mark(button)


def _item_name(prompt: str, labels: Sequence[str]) -> str:
    """A short name for an exercise, the same in every run: its prompt's first words
    and a short fingerprint of the prompt and the options.

    >>> _item_name("Spades are trumps. Which card is stronger?", ["J♣", "A♠"])
    'spades-are-trumps-which-card-d42d6095'
    """
    digest = hashlib.sha1("\x1f".join([prompt, *labels]).encode()).hexdigest()[:8]
    words = re.findall(r"[a-z0-9]+", prompt.lower())[:5]
    return "-".join([*words, digest])


#: The hint button's label once a step is shown: what the next press gives.
_NEXT_STEP = {1: "More: the principle", 2: "Show the move"}


class OrderExercise(w.VBox):  # type: ignore[misc]
    """An ``order`` question from the quiz bank: press the cards strongest first.

    Public parts (for tests): ``question``, ``buttons`` (one per card, in the question's
    order), ``chosen`` (the cards pressed so far), ``again`` (starts again) and
    ``feedback`` (the verdict once every card is pressed).

    Each order given in full is recorded in the learner's store (``recorder``) under the
    question's key, with its situation tags; ``answer_hooks`` are called with the verdict.
    """

    def __init__(self, question: Question, *, recorder: Recorder | None = None) -> None:
        if not isinstance(question, Question) or question.kind != "order":
            raise InvalidDataError(
                f"an order exercise shows an 'order' question from the quiz bank, not "
                f"{quoted(question)}"
            )
        self.question = question
        self.recorder = recorder if recorder is not None else Recorder("exercise")
        self.tries = 0  # orders given since the last right one
        self.answer_hooks: list[Callable[[bool], None]] = []
        self.chosen: list[Card] = []
        self.answer_picture = w.HTML()
        self.feedback = w.HTML()
        self.buttons: list[w.Button] = []
        for card in question.cards:
            button = card_button(card)
            button.on_click(functools.partial(self._press, card))
            self.buttons.append(button)
        self.again = w.Button(description="Start again", icon="undo")
        self.again.on_click(self._reset)
        head = box(
            f"<p style='margin:4px 0'><b>{html.escape(question.prompt)}</b> "
            "Press the cards one by one, strongest first.</p>"
            + hand_svg(question.cards, overlap=1.08, label="the cards to order")
        )
        row = w.HBox([*self.buttons, self.again], layout=w.Layout(flex_flow="row wrap"))
        super().__init__(
            [w.HTML(head), row, self.answer_picture, self.feedback, self.recorder.note]
        )
        self.add_class("hp-lesson-order")

    def _draw(self, misplaced: int | None = None) -> None:
        done = len(self.chosen) == len(self.question.cards)
        head = "Your order:" if done else "Your order so far:"
        if misplaced is not None:
            head = (
                f"Your order: the {ordinal_word(misplaced + 1)} card, "
                f"{self.chosen[misplaced].text}, is the first one out of place (lit)."
            )
        self.answer_picture.value = (
            box(
                f"<p style='margin:4px 0'>{html.escape(head)}</p>"
                + hand_svg(
                    self.chosen,
                    trump=self.question.trump,
                    trump_known=False,  # (no marks: the order is the learner's to find)
                    highlight=[self.chosen[misplaced]] if misplaced is not None else (),
                    overlap=1.08,
                    scale=0.8,
                    label="your order",
                )
            )
            if self.chosen
            else ""
        )

    def _press(self, card: Card, button: w.Button) -> None:
        if card in self.chosen:
            return
        self.chosen.append(card)
        button.disabled = True
        if len(self.chosen) < len(self.question.cards):
            self._draw()
            return
        right = self.question.check(self.chosen)
        self._count(right)
        answer = list(self.question.answer)
        if right:
            self._draw()
            self.feedback.value = feedback("ok", "Right!", self.question.explanation)
            return
        at = next(i for i, (c, a) in enumerate(zip(self.chosen, answer, strict=True)) if c != a)
        self._draw(at)
        pointer = (
            f"Your {ordinal_word(at + 1)} card, {self.chosen[at].text}, is out of place: "
            f"{answer[at].text} is stronger and belongs there."
        )
        self.feedback.value = feedback(
            "bad", "Not quite.", f"{pointer} {self.question.explanation}"
        )

    def _count(self, right: bool) -> None:
        self.tries += 1
        self.recorder.question(self.question, right, attempt=self.tries)
        if right:
            self.tries = 0
        for hook in list(self.answer_hooks):
            hook(right)

    def _reset(self, _button: object = None) -> None:
        self.chosen = []
        for b in self.buttons:
            b.disabled = False
        self.feedback.value = ""
        self._draw()


#: The concept each role of a card teaches (the situations of the practice schedule).
_ROLE_CONCEPTS: Final = {
    CardRole.JOKER: "joker",
    CardRole.RIGHT_BOWER: "right bower",
    CardRole.LEFT_BOWER: "left bower",
    CardRole.TRUMP: "trumps",
    CardRole.PLAIN: "plain suit",
}


def card_concepts(cards: Iterable[Card], trump: Suit | None) -> list[str]:
    """The concepts an exercise about ``cards`` practises: what the cards are under
    ``trump`` (the Joker, a bower, a trump, a plain card), strongest role first.

    >>> card_concepts([parse_card("J♣"), parse_card("A♠")], Suit.SPADES)
    ['left bower', 'trumps']
    """
    roles = {card_role(c, trump) for c in cards}
    return [tag for role, tag in _ROLE_CONCEPTS.items() if role in roles]


def stronger_card(a: str | Card, b: str | Card, trump: Suit | str) -> Choice[Card]:
    """Which of two cards is stronger under ``trump``? (The engine's ranking decides.)"""
    ca, cb = parse_card(a), parse_card(b)
    trump = parse_suit(trump)
    if ca is cb:
        raise InvalidDataError(
            f"the two cards are both {ca.text}: choose two different cards to compare"
        )
    best = min((ca, cb), key=ranking(trump).index)

    def check(card: Card) -> tuple[bool, str]:
        other = cb if card is ca else ca
        return card is best, f"{explain_card(card, trump).text} {explain_card(other, trump).text}"

    return Choice(
        f"{trump.plural.capitalize()} are trumps. Which card is stronger?",
        [ca, cb],
        check,
        picture=hand_svg([ca, cb], overlap=1.12, scale=0.8, label="the two cards"),
        concepts=card_concepts([ca, cb], trump),
        kind="stronger-card",
    )


def suit_in_play(card: str | Card, trump: Suit | str) -> Choice[Suit]:
    """Which suit does ``card`` belong to in play under ``trump``? (``effective_suit`` decides.)"""
    c = parse_card(card)
    trump = parse_suit(trump)
    answer = effective_suit(c, trump)

    def check(suit: Suit) -> tuple[bool, str]:
        return suit is answer, explain_card(c, trump).text

    return Choice(
        f"{trump.plural.capitalize()} are trumps. Which suit does {c.text} belong to in play?",
        [(suit_name(s), s) for s in SUITS],
        check,
        picture=hand_svg([c], scale=0.8, label="the card"),
        concepts=card_concepts([c], trump),
        kind="suit-in-play",
    )


def best_line(
    hands: dict[Seat, tuple[Card, ...]], trump: Suit | None, leader: Seat
) -> list[tuple[Seat, list[tuple[Seat, Card]]]]:
    """One line of best play to the end, every card visible: each trick's plays and its
    winner. Each player plays a card the double-dummy solver rates best (the first in
    hand order when several tie).

    >>> hands = {s: tuple(parse_cards(t)) for s, t in zip(SEATS, ("JK AS", "9S 9H", "JH 10S", "KS QD"))}
    >>> [(w.name, [c.text for _, c in t]) for w, t in best_line(hands, Suit.HEARTS, Seat.N)]
    [('N', ['JK', '9♥', 'J♥', 'K♠']), ('N', ['A♠', '9♠', '10♠', 'Q♦'])]
    """
    left = {s: list(h) for s, h in hands.items()}
    line: list[tuple[Seat, list[tuple[Seat, Card]]]] = []
    while any(left.values()):
        plays: list[tuple[Seat, Card]] = []
        seat = leader
        for _ in range(4):
            if left[seat]:
                values = play_values(
                    {s.name: h for s, h in left.items()}, trump, leader.name, [c for _, c in plays]
                )
                best = max(values.values())
                card = next(c for c in left[seat] if values.get(c) == best)
                left[seat].remove(card)
                plays.append((seat, card))
            seat = seat.left
        leader = plays[trick_winner([c for _, c in plays], trump)][0]
        line.append((leader, plays))
    return line


def _line_text(line: list[tuple[Seat, list[tuple[Seat, Card]]]]) -> str:
    """A line of play in words: "Trick 1: North leads J♥, East 9♥, ...; North wins it."."""
    out = []
    for n, (winner, plays) in enumerate(line, 1):
        (first, lead), *rest = plays
        follows = "".join(f", {s.word} {c.text}" for s, c in rest)
        out.append(f"Trick {n}: {first.word} leads {lead.text}{follows}; {winner.word} wins it.")
    return " ".join(out)


def look_ahead(seed: int, difficulty: str = "bowers") -> Choice[int]:
    """An ending with every card face up: how many tricks can a side take? (The solver
    decides; the feedback shows what each lead gives and one line of best play.)"""
    q = tricks_question(rng(check_seed(seed)), difficulty=check_difficulty(difficulty))
    return tricks_exercise(q)


def tricks_exercise(
    question: Question, *, recorder: Recorder | None = None, once: bool = False
) -> Choice[int]:
    """A ``tricks`` question of the quiz bank as a :class:`Choice`: the four hands face
    up, a button per number of tricks; the feedback shows what each lead gives and one
    line of best play (the solver's)."""
    q = question
    if not isinstance(q, Question) or q.kind != "tricks":
        raise InvalidDataError(f"this exercise shows a 'tricks' question, not {quoted(q)}")
    hands = "".join(
        figure(hand_svg(q.hands[s], trump=q.trump, overlap=1.08, scale=0.8), s.word) for s in SEATS
    )
    n = len(q.hands[Seat.N])
    leader = q.seat
    if leader is None:
        raise InvalidDataError("a tricks question names the seat that leads")
    asked = parse_side(q.side) if q.side else leader.side
    leads = play_values({s.name: h for s, h in q.hands.items()}, q.trump, leader.name)
    side = side_words(asked)
    # (play_values counts the leader's side's tricks: the other side takes the rest)
    how = ", ".join(f"{c.text}: {v if asked is leader.side else n - v}" for c, v in leads.items())
    line = _line_text(best_line(q.hands, q.trump, leader))
    why = (
        f"With best play by everyone, {side} take {q.answer} of the {n} tricks. "
        f"The tricks {side} take after each card {leader.word} can lead: {how}. "
        f"One line of best play: {line}"
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


def principle_exercise(
    question: Question, *, recorder: Recorder | None = None, once: bool = True
) -> Choice[Any]:
    """A principle question (:func:`~hasenpfeffer_core.analysis.practice.principle_question`)
    as a :class:`Choice`: card buttons to play or discard, suit buttons to name trumps,
    labelled buttons to bid; the question's hint steps; judged by ``Question.check``,
    with the principle's explanation (and what it says against a wrong choice).
    Recorded under the question's key, with the principle as its concept."""
    q = question
    if not isinstance(q, Question) or q.kind != "principle":
        raise InvalidDataError(f"this exercise shows a 'principle' question, not {quoted(q)}")
    d = q.details
    phase = d.get("phase", "")
    options: list[Any] = []
    for choice in d["choices"]:
        value, label = str(choice["value"]), str(choice["label"])
        if phase in ("play", "discard"):
            options.append(parse_card(value))
        elif phase == "trump" and value != "no trump":
            options.append((label, parse_suit(value)))
        else:
            options.append((label, value))

    def check(response: Any) -> tuple[bool, str]:
        return q.check(response), principle_verdict(q, response)

    me = q.seat
    names = {me: f"{me.word} (you)"} if me is not None else None
    pictures = []
    if phase == "play":
        leader = parse_seat(d["leader"]) if d.get("leader") else me
        pictures.append(
            figure(
                table_svg(q.trick, trump=q.trump, leader=leader, names=names, size=210),
                "the trick so far" if q.trick else "you lead",
            )
        )
    pictures.append(figure(hand_svg(q.hand, trump=q.trump, overlap=0.9), "your hand"))
    return Choice(
        q.prompt,
        options,
        check,
        picture="".join(pictures),
        hints=[str(h) for h in d.get("hints", ())],
        item=q.key,
        concepts=q.tags,
        kind="principle",
        recorder=recorder,
        once=once,
    )


def _advised(
    state: HandState, expert: FairExpert, kind: type[Any], key: Callable[[Any], V], doing: str
) -> tuple[SteppedHint, dict[V, float], float]:
    """The fair expert's advice to the seat to move as a hint in steps, its value for
    each action of ``kind`` (keyed by ``key``), and the best value; an error if no such
    action is due."""
    seat = _to_move(state)
    view = PlayerView.of(state, seat)
    advice = expert.advise(view)
    values = {key(a): v for a, v in advice.values.items() if isinstance(a, kind)}
    if not values:
        raise InvalidDataError(f"{seat.word} is not {doing}: {advice.reason}")
    return stepped_hint(view, advice), values, max(values.values())


def principle_keys(hint: SteppedHint) -> list[str]:
    """The principles behind the fair expert's move (the concepts an exercise it judges
    practises), each once."""
    return list(dict.fromkeys(r.principle.key for r in hint.reasons))


def _teacher(hint: SteppedHint) -> str:
    """The expert's verdict for the feedback: the move and its principle, then the
    figures behind it."""
    return f"The fair expert: {hint.answer} ({hint.details})"


def trump_exercise(state: HandState, expert: FairExpert) -> Choice[Suit]:
    """The maker holds seven cards: which suit to name? The fair expert judges."""
    seat = _to_move(state)
    hint, values, best = _advised(state, expert, NameTrump, lambda a: a.suit, "naming trumps")

    def check(suit: Suit) -> tuple[bool, str]:
        if suit not in values:
            return (
                False,
                f"{suit.plural.capitalize()} are too short to be worth naming. {_teacher(hint)}",
            )
        return values[suit] >= best - 0.25, (
            f"With {suit.plural} as trumps the hand takes {values[suit]:.1f} tricks on average. "
            f"{_teacher(hint)}"
        )

    high = state.high_bid
    bid = bid_name(high.tricks, high.big, state.rules) if high else "?"
    return Choice(
        f"{seat.word} won the auction with {bid} and picked up the widow. "
        "Which suit do you name as trumps?",
        [(suit_name(s), s) for s in SUITS],
        check,
        picture=hand_svg(state.hand(seat), overlap=0.9),
        hints=hint.steps,
        concepts=principle_keys(hint),
        kind="trump",
    )


def discard_exercise(state: HandState, expert: FairExpert) -> Choice[Card]:
    """Trumps are named: which card to discard? The fair expert judges."""
    seat = _to_move(state)
    trump = state.trump
    if trump is None:
        raise InvalidDataError("trumps are not named yet: the discard comes after")
    hint, kept, best = _advised(state, expert, Discard, lambda a: a.card, "discarding")

    def check(card: Card) -> tuple[bool, str]:
        if card not in kept:
            return False, f"Keep {card.text}: it is worth more than a low card. {_teacher(hint)}"
        return kept[card] >= best - 0.1, (
            f"Without {card.text} the hand takes {kept[card]:.1f} tricks on average. "
            f"{_teacher(hint)}"
        )

    return Choice(
        f"{trump.plural.capitalize()} are trumps. Which card do you discard?",
        list(state.hand(seat)),
        check,
        picture=hand_svg(state.hand(seat), trump=trump, overlap=0.9),
        hints=hint.steps,
        concepts=principle_keys(hint),
        kind="discard",
    )


def bid_exercise(state: HandState, expert: FairExpert) -> Choice[Bid | Pass]:
    """Your turn in the auction: pass or bid? The fair expert judges."""
    seat = _to_move(state)
    view = PlayerView.of(state, seat)
    advice = expert.advise(view)
    hint = stepped_hint(view, advice)
    legal = state.legal_actions()
    cheapest = next(a for a in legal if isinstance(a, Bid))
    options: list[tuple[str, Bid | Pass]] = [
        ("pass", next(a for a in legal if isinstance(a, Pass))),
        (f"bid {bid_name(cheapest.tricks, cheapest.big, state.rules)}", cheapest),
    ]

    def check(action: Bid | Pass) -> tuple[bool, str]:
        return action == advice.action, _teacher(hint)

    said = "; ".join(
        f"{a.seat.word} {'passed' if isinstance(a, Pass) else 'bid ' + str(a.tricks)}"
        for a in state.auction
    )
    return Choice(
        f"{said}. You are {seat.word}: what do you do with these cards?",
        options,
        check,
        picture=hand_svg(state.hand(seat), overlap=0.9),
        hints=hint.steps,
        concepts=principle_keys(hint),
        kind="bid",
    )


def best_card(state: HandState, prompt: str = "", *, note: str = "") -> Choice[Card]:
    """Which card should the player to move play? The double-dummy solver judges.

    ``note`` is added to the feedback (a teacher's comment on the position)."""
    seat = _to_move(state)
    values = state_play_values(state)
    best = max(values.values())
    left = 6 - len(state.tricks)

    def check(card: Card) -> tuple[bool, str]:
        ranked = ", ".join(
            f"{c.text}: {v}" for c, v in sorted(values.items(), key=lambda cv: -cv[1])
        )
        lost = best - values[card]
        verdict = "That is a best card." if not lost else f"That gives up {_tricks(lost)}."
        return not lost, (
            f"{verdict} With all cards visible and best play afterwards, {side_words(seat.side)} "
            f"take this many of the {left} tricks left with each card: {ranked}.{note}"
        )

    table_pic = table_svg(
        state.current_trick,
        trump=state.trump,
        leader=state.leader,
        names={seat: f"{seat.word} (you)"},
        size=210,
    )
    hand_pic = hand_svg(state.hand(seat), trump=state.trump, overlap=1.08)
    trumps = state.trump.plural.capitalize() if state.trump else "There are no"
    return Choice(
        prompt or f"{trumps} are trumps. You are {seat.word}: which card do you play?",
        [c for c in state.hand(seat) if c in values],
        check,
        picture=figure(table_pic, "the trick so far") + figure(hand_pic, "your hand"),
    )


def hint_exercise(state: HandState, expert: FairExpert) -> Choice[Card]:
    """Which card now, seeing only your own hand? The fair expert's hint judges."""
    seat = _to_move(state)
    high = state.high_bid
    if high is None:
        raise InvalidDataError("the auction is not over: there is no contract yet")
    hint, values, best = _advised(state, expert, Play, lambda a: a.card, "playing a card")

    def check(card: Card) -> tuple[bool, str]:
        return values[card] >= best - 0.05, (
            f"With {card.text} your side takes {values[card]:.1f} tricks on average. "
            f"{_teacher(hint)}"
        )

    maker = high.seat
    bid = bid_name(high.tricks, high.big, state.rules)
    won = state.side_tricks
    context = (
        f"{maker.word} bid {bid} and named {suit_name(state.trump)} as trumps. "
        f"Tricks so far: North-South {won[Side.NS]}, East-West {won[Side.EW]}. "
        f"You are {seat.word}: which card do you play?"
    )
    table_pic = table_svg(
        state.current_trick,
        trump=state.trump,
        leader=state.leader,
        names={seat: f"{seat.word} (you)"},
        size=210,
    )
    hand_pic = hand_svg(state.hand(seat), trump=state.trump, overlap=1.08)
    caption = "the trick so far" if state.current_trick else "you lead"
    return Choice(
        context,
        [c for c in state.hand(seat) if c in values],
        check,
        picture=figure(table_pic, caption) + figure(hand_pic, "your hand"),
        hints=hint.steps,
        concepts=principle_keys(hint),
        kind="play",
    )


def teaching_position(name: str, step: int) -> Choice[Card]:
    """The position before action ``step`` of a teaching hand: which card? (The solver
    judges; the feedback adds the teacher's note on the card that was played.)"""
    record = teaching_hand(name)
    step = _whole(step, f"the step of teaching hand {name}", 0, len(record.moves) - 1)
    move = record.moves[step]
    if not isinstance(move.action, Play):
        raise InvalidDataError(f"action {step} of teaching hand {name} is not a card played")
    said = f": {move.note}" if move.note else "."
    note = f" In the teaching hand, {move.action.seat.word} played {move.action.card.text}{said}"
    return best_card(record.state_at(step), note=note)


def score_exercise(
    rules: Rules | str,
    bid: Bid | str,
    tricks: int,
    *,
    options: Sequence[int],
    label: str = "",
    ask: Side | str | None = None,
    maker_alone: bool = False,
) -> Choice[int]:
    """What does this hand score? ``score_hand`` decides and explains.

    ``rules``, ``bid`` and ``ask`` also take their text (``"parlett"``, ``"N bid 3"``,
    ``"EW"``).

    >>> q = score_exercise(Rules(), Bid(Seat.N, 3), 5, label="Source rules", options=[3, 5])
    >>> q.buttons[q.values.index(5)].click()
    >>> "Right!" in q.feedback.value and "the bid is made" in q.feedback.value
    True
    """
    rules = parse_rules(rules)
    bid = _bid(bid)
    tricks = _whole(tricks, "the tricks the makers took", 0, _TRICKS)
    points = _points(options)
    side = bid.seat.side
    ask = parse_side(ask) if ask is not None else side
    result = score_hand(rules, bid, {side: tricks, side.other: 6 - tricks}, maker_alone=maker_alone)
    answer = result.points[ask]

    def check(points: int) -> tuple[bool, str]:
        return points == answer, result.reason

    name = bid_name(bid.tricks, bid.big, rules)
    alone = " alone" if maker_alone else ""
    what = label or rules_words(rules)
    return Choice(
        f"{what[:1].upper()}{what[1:]}. {side_words(side)} bid {name}{alone} and took "
        f"{_tricks(tricks)}. What do {side_words(ask)} score for this hand?",
        [(_signed(p), p) for p in points],
        check,
    )


def _points(options: object) -> list[int]:
    """The answers offered: a few whole numbers of points."""
    items = list(options) if isinstance(options, Sequence) and not isinstance(options, str) else []
    if not 1 <= len(items) <= 20:
        raise InvalidDataError(
            f"options must be a list of 1 to 20 scores to choose from, not {quoted(options)}"
        )
    return [_whole(p, "each option", -1000, 1000) for p in items]


def which_rules(bid: Bid | str, taken: int, points: tuple[int, int]) -> Choice[str]:
    """A hand's score under unknown rules: which published rule set gives it?"""
    bid = _bid(bid)
    taken = _whole(taken, "the tricks the makers took", 0, _TRICKS)
    if not (isinstance(points, Sequence) and not isinstance(points, str) and len(points) == 2):
        raise InvalidDataError(
            f"points must be the two sides' scores, N-S then E-W, as in (3, 0), not "
            f"{quoted(points)}"
        )
    points = (
        _whole(points[0], "N-S's score", -1000, 1000),
        _whole(points[1], "E-W's score", -1000, 1000),
    )
    side = bid.seat.side
    tricks = {side: taken, side.other: 6 - taken}

    def check(name: str) -> tuple[bool, str]:
        result = score_hand(PRESETS[name].rules, bid, tricks)
        scored = (result.points[Side.NS], result.points[Side.EW])
        return scored == points, f"Under {rules_words(PRESETS[name].rules)}: {result.reason}"

    ns, ew = points
    return Choice(
        f"{side_words(side)} bid {bid.tricks} and took {_tricks(taken)}. North-South scored "
        f"{_signed(ns)}, East-West scored {_signed(ew)}. Which rules give that?",
        [(PRESETS[name].title, name) for name in PRESETS],
        check,
    )


# --- simulations -----------------------------------------------------------------------


def _in_notebook() -> bool:
    """Whether a notebook front end shows this kernel's output (JupyterLab, Jupyter
    Notebook, or the live copy's Pyodide kernel), rather than a terminal or a script."""
    from IPython import get_ipython

    shell = get_ipython()
    return shell is not None and type(shell).__name__ != "TerminalInteractiveShell"


class _NotebookBar(notebook_tqdm):  # type: ignore[type-arg]
    """tqdm's notebook bar (an ipywidget) without its monitor thread: the live copy's
    Pyodide kernel cannot start threads, and tqdm would warn each time it tried."""

    monitor_interval = 0


class _TextBar(text_tqdm):  # type: ignore[type-arg]
    """tqdm's text bar, on standard error, without its monitor thread."""

    monitor_interval = 0


def progress(items: Iterable[T], description: str = "Simulating") -> Iterator[T]:
    """Yield ``items`` while a progress bar under the cell fills up.

    The bar is tqdm's: a widget in any notebook (tqdm's own ``tqdm.auto`` picks text in
    the live copy, whose kernel is not ipykernel, and text shows there as an error-pink
    block), text on standard error elsewhere.
    """
    todo = list(items)
    bar_type = _NotebookBar if _in_notebook() else _TextBar
    with bar_type(todo, desc=description) as bar:
        yield from bar


class RulesLab(w.VBox):  # type: ignore[misc]
    """Choose house rules, press the button, and compare a batch of games with the source
    rules' games.

    Each control is labelled in plain words (:data:`~.base.OPTION_WORDS`), never with the
    option's name in code.

    Public parts (for tests): ``controls`` (one control per rule option, by name),
    ``run_button`` and ``output`` (where the comparison is shown).
    """

    def __init__(self, games: int = 40) -> None:
        self.games = _whole(games, "games (how many games each run plays)", 1, MAX_LAB_GAMES)
        base = Rules()
        self.controls: dict[str, Any] = {}
        for name in OPTIONS:
            value = getattr(base, name)
            if isinstance(value, bool):
                c = w.Dropdown(
                    options=[(value_words(name, v), v) for v in (False, True)], value=value
                )
            elif isinstance(value, int):
                c = w.BoundedIntText(value=value, min=1, max=50)
            else:
                c = w.Dropdown(
                    options=[(value_words(name, m), m) for m in type(value)], value=value
                )
            c.description = OPTION_WORDS[name][0] if name in OPTION_WORDS else name
            # wide enough for the longest option name and its longest value, uncut
            c.style = {"description_width": "15em"}
            c.layout = w.Layout(width="100%", max_width="34em")
            c.tooltip = OPTIONS[name].summary
            self.controls[name] = c
        self.run_button = w.Button(
            description=f"Play {games} games with these rules",
            button_style="primary",
            icon="play",
            layout=w.Layout(width="auto"),
        )
        self.run_button.on_click(self._run)
        button_row = w.HBox([self.run_button])
        self.output = w.Output()
        grid = w.GridBox(
            list(self.controls.values()),
            layout=w.Layout(
                grid_template_columns="repeat(auto-fill, minmax(min(100%, 380px), 1fr))",
                max_width="100%",
            ),
        )
        super().__init__([grid, button_row, self.output])

    def rules(self) -> Rules:
        """The rules the controls describe."""
        return Rules(**{name: c.value for name, c in self.controls.items()})

    def _run(self, _button: object = None) -> None:
        self.output.clear_output()
        with self.output:
            try:
                rules = self.rules()
            except Exception as e:  # an impossible combination: say why
                _display_html(feedback("err", "These rules don't work:", str(e)))
                return
            seeds = range(self.games)
            mine = game_stats([play_game(rules, s) for s in progress(seeds, "Your rules")])
            seed = game_stats([play_game(Rules(), s) for s in progress(seeds, "Source rules")])
            table(
                ["", "your rules", "source rules"],
                [(k, f"{mine[k]:.1f}", f"{seed[k]:.1f}") for k in mine],
            )
            _display_html(box(f"<p>Your rules: {html.escape(rules_words(rules))}.</p>"))
