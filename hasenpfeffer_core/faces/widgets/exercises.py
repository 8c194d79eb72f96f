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

Every builder and widget here takes ``lang`` (``"en"``, ``"it"``, ``"th"``; ``None``: the
language in use): the exercise is made in that language and answers in it, whatever
the notebook speaks later. The name an exercise is recorded under in the learner's
store is made from its English wording, so it is the same in every language.
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
from ...analysis.describe import calls_joined
from ...analysis.explain import (
    capitalised,
    card_label,
    explain_card,
    explain_plays,
    explain_trick,
    ordinal_word,
)
from ...analysis.hints import SteppedHint, judged_words, stepped_hint, tie_words
from ...analysis.judge import Judgement
from ...analysis.practice import principle_verdict
from ...analysis.principles import broken_by
from ...analysis.quiz import Question, best_line, line_words, tricks_question
from ...analysis.review import (
    best_in_hindsight,
    hindsight_verdict,
    state_play_points,
    state_play_values,
)
from ...analysis.session import check_seed, quoted
from ...analysis.solver import play_values
from ...analysis.stats import game_stats, play_game, rng
from ...analysis.teaching import teaching_hand
from ...analysis.view import PlayerView
from ...engine.actions import Action, Bid, Discard, NameTrump, Pass, Play, parse_action
from ...engine.auction import bid_name
from ...engine.cards import SUITS, Card, Suit, parse_card, parse_cards, parse_suit
from ...engine.errors import InvalidDataError, ParseError
from ...engine.i18n import N_, language, ngettext, number, pgettext, whole_number
from ...engine.i18n import gettext as _
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
)
from ..render import hand_svg, table_svg
from ..rules_words import option_label, rules_words, value_words
from .base import (
    MAX_MESSAGE,
    box,
    card_button,
    check_difficulty,
    clear_mark,
    feedback,
    paint_result,
    paint_suit,
    parse_rules,
    side_words,
    text_layout,
    translated,
    widget_language,
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
    return _("no trump") if suit is None else f"{suit.symbol} {suit.plural}"


def _you(seat: Seat) -> str:
    """A seat's name with "(you)", for the learner's seat in a picture."""
    # Translators: the learner's seat in a picture of the table ("South (you)")
    return _("{seat} (you)").format(seat=seat.word)


def _english(make: Callable[[], T]) -> T:
    """``make()`` in English (the name an exercise is recorded under comes from its
    English wording: the same in every language)."""
    with language("en"):
        return make()


def _to_move(state: HandState) -> Seat:
    """The seat to move; an exercise needs a decision to ask about."""
    if not isinstance(state, HandState):
        raise InvalidDataError(
            _("an exercise asks about a HandState, not {value}").format(value=quoted(state))
        )
    seat = state.to_move
    if seat is None:
        raise InvalidDataError(
            _("the hand is over (or not dealt): there is no decision to ask about")
        )
    return seat


#: The most tricks a side can take in a hand.
_TRICKS: Final = 6

#: The most games :class:`RulesLab` plays for each comparison (each takes a moment).
MAX_LAB_GAMES: Final = 1000


def _whole(value: object, what: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``; ``what`` names it in the message."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidDataError(
            # Translators: {setting} names what the number is for ("the tricks the makers took")
            _("{setting} must be a whole number from {low} to {high}, not {value}").format(
                setting=what, low=low, high=high, value=quoted(value)
            )
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
            # Translators: 'N bid 3' is typed as it is; Bid is a name in code
            _("the bid must be a Bid or its text, as in 'N bid 3', not {value}").format(
                value=quoted(value)
            ),
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
    """A picture (SVG or HTML) with a short caption under it, as HTML. A caption the
    catalogue knows is shown in the language in use.

    >>> figure("<svg></svg>", "the widow")
    '<figure style="margin:0 18px 8px 0;display:inline-block"><svg></svg><figcaption style="font-size:0.9em;opacity:0.8;margin-top:2px">the widow</figcaption></figure>'
    """
    if not isinstance(picture, str):
        raise InvalidDataError(
            _("a figure shows a picture (SVG or HTML text), not {value}").format(
                value=quoted(picture)
            )
        )
    cap = (
        '<figcaption style="font-size:0.9em;opacity:0.8;margin-top:2px">'
        f"{html.escape(translated(str(caption)))}</figcaption>"
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
    """A small table. Cells are text; a cell that starts with ``<`` is kept as HTML. A
    heading the catalogue knows is shown in the language in use."""

    def cell(value: object) -> str:
        text = str(value)
        return text if text.startswith("<") else html.escape(text)

    head = "".join(
        f'<th style="text-align:left;white-space:nowrap">{html.escape(translated(str(h)))}</th>'
        for h in header
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
    for _step in range(n):
        seats.append(seat)
        seat = seat.left
    return seats


def play_example(
    hand: str,
    trick: str | None,
    trump: Suit | str,
    *,
    you: Seat | str = Seat.S,
    lang: str | None = None,
) -> None:
    """The trick so far and your hand, the cards you may play lit, with the engine's reasons."""
    with language(widget_language(lang)):
        cards = parse_cards(hand)
        played = _trick_cards(trick)
        trump = parse_suit(trump)
        you = parse_seat(you)
        legal = legal_plays(cards, played, trump)  # (checks the hand and the trick first)
        leader = you
        for _card in played:
            leader = leader.right
        plays = list(zip(_seats_from(leader, len(played)), played, strict=True))
        show(
            figure(
                table_svg(plays, trump=trump, leader=leader, names={you: _you(you)}, size=210),
                _("the trick so far"),
            ),
            figure(
                hand_svg(
                    cards,
                    trump=trump,
                    highlight=legal,
                    dim=[c for c in cards if c not in legal],
                    overlap=1.08,
                ),
                _("your hand: the cards you may play are lit"),
            ),
        )
        items = "".join(
            f"<li>{'✓' if e.allowed else '✗'} {html.escape(e.text)}</li>"
            for e in explain_plays(cards, played, trump)
        )
        _display_html(f"<ul style='margin-top:0'>{items}</ul>")


def trick_example(
    trick: str, trump: Suit | str, *, leader: Seat | str = Seat.W, lang: str | None = None
) -> None:
    """A finished trick round the table, the winner lit, with the engine's explanation."""
    with language(widget_language(lang)):
        cards = parse_cards(trick)
        trump = parse_suit(trump)
        leader = parse_seat(leader)
        e = explain_trick(cards, trump)  # (checks the trick first)
        seats = _seats_from(leader, len(cards))
        winner = seats[e.winner]
        plays = list(zip(seats, cards, strict=True))
        show(
            figure(
                table_svg(plays, trump=trump, winner=winner, size=210),
                _("{seat} wins the trick").format(seat=winner.word),
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

    ``lang``: the language of its buttons and verdicts (``None``: the language in use
    when it is made); ``check`` is called in it.

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
        lang: str | None = None,
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
        lang: str | None = None,
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
        lang: str | None = None,
    ) -> None:
        self.lang = widget_language(lang)
        with language(self.lang):
            self._build_choice(
                prompt,
                options,
                check,
                picture=picture,
                hints=hints,
                item=item,
                concepts=concepts,
                kind=kind,
                recorder=recorder,
                once=once,
            )

    def _build_choice(
        self,
        prompt: str,
        options: Sequence[Card] | Sequence[tuple[str, V]],
        check: Callable[[Any], tuple[bool, str]],
        *,
        picture: str,
        hints: Sequence[str],
        item: str,
        concepts: Iterable[str],
        kind: str,
        recorder: Recorder | None,
        once: bool,
    ) -> None:
        if not isinstance(prompt, str):
            raise InvalidDataError(
                _("a question's prompt is text, not {value}").format(value=quoted(prompt))
            )
        if isinstance(hints, str) or not all(isinstance(h, str) for h in hints):
            raise InvalidDataError(
                _("hints are a list of texts, one per step, not {value}").format(
                    value=quoted(hints)
                )
            )
        if not callable(check):
            raise InvalidDataError(
                # Translators: check is the name of the setting in code
                _("check must be a function giving (right, explanation), not {value}").format(
                    value=quoted(check)
                )
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
                        _("each option is a card or a (label, value) pair, not {value}").format(
                            value=quoted(option)
                        )
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
        self.solved = False  # answered right: settled until the cell runs again
        self.answer_hooks: list[Callable[[bool], None]] = []
        head = box(f"<p style='margin:4px 0'><b>{html.escape(prompt)}</b></p>{picture}")
        row = w.HBox(self.buttons, layout=w.Layout(flex_flow="row wrap"))
        # Hints in steps: each press shows the next one (what to look at, the principle
        # with the cards, the move); the verdict says how many were used.
        self.hints: tuple[str, ...] = tuple(hints)
        self.hints_used = 0
        self.hint_text = w.HTML()
        # (never narrower than its label: "No more hints" was cut to "No more h…"
        # beside a long hint)
        self.hint_button = w.Button(
            description=_("Hint"),
            icon="lightbulb-o",
            layout=w.Layout(width="auto", flex="0 0 auto", overflow="visible"),
        )
        self.hint_button.on_click(self._hint)
        parts: list[w.Widget] = [w.HTML(head), row]
        if self.hints:
            # beside the button where there is room for a readable column (16em), under
            # it on a phone (a 390 px page squeezed the hint to one or two words a line)
            self.hint_text.layout = w.Layout(flex="1 1 16em", min_width="0")
            parts.append(
                w.HBox(
                    [self.hint_button, self.hint_text],
                    layout=w.Layout(flex_flow="row wrap", align_items="flex-start"),
                )
            )
        super().__init__([*parts, self.feedback, self.recorder.note])
        self.add_class("hp-lesson-choice")

    def _hint(self, _button: w.Button | None = None) -> None:
        with language(self.lang):
            self._next_hint()

    def _next_hint(self) -> None:
        if self.hints_used >= len(self.hints):
            return
        self.hints_used += 1
        n = self.hints_used
        self.recorder.hint(self.item, self.concepts, n, kind=self.kind)
        steps = "".join(f"<p style='margin:2px 0'>{html.escape(h)}</p>" for h in self.hints[:n])
        self.hint_text.value = box(steps)
        last = n >= len(self.hints)
        self.hint_button.description = (
            _("No more hints") if last else _(_NEXT_STEP.get(n, N_("More")))
        )
        self.hint_button.disabled = last

    def _choose(self, value: V, button: w.Button) -> None:
        with language(self.lang):
            self._answer(value, button)

    def _answer(self, value: V, button: w.Button) -> None:
        if (self.once and self.answered) or self.solved:
            return
        try:
            right, text = self._check(value)
            good = [v for v in self.values if self._check(v)[0]] if self.once else []
        except Exception as e:  # keep the notebook alive, say what went wrong
            self.feedback.value = feedback("err", _("That did not work:"), str(e)[:MAX_MESSAGE])
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
        title = _("Right!") if right else _("Not quite. Try another answer.")
        if not right and self.once:
            title = _("Not quite.")
        if right and self.hints_used:
            n = self.hints_used
            title = ngettext("Right, with {n} hint step.", "Right, with {n} hint steps.", n).format(
                n=n
            )
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
            self.tries = 0
            self.solved = True
            # Settled: the other choices no longer answer (a click after "Right!" was
            # recorded as a wrong answer to a question already solved). Running the
            # cell again gives a fresh go.
            self.hint_button.disabled = True
            for b in self.buttons:
                b.disabled = True
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


def _option_label(option: object) -> str:
    """The label of an option's button, as :class:`Choice` makes it (a card's text)."""
    if isinstance(option, Card):
        return card_label(option)
    if isinstance(option, tuple | list) and option and isinstance(option[0], str):
        return option[0]
    return ""


def _english_item(words: Callable[[], tuple[str, Sequence[Any]]]) -> str:
    """The name an exercise is recorded under: made, as :class:`Choice` makes it, from
    the prompt and the options' labels that ``words()`` gives in English, so that it is
    the same in every language."""
    prompt, options = _english(words)
    labels = _english(lambda: [_option_label(o) for o in options])
    return _item_name(prompt, labels)


#: The hint button's label once a step is shown: what the next press gives.
_NEXT_STEP = {1: N_("More: the principle"), 2: N_("Show the move")}


class OrderExercise(w.VBox):  # type: ignore[misc]
    """An ``order`` question from the quiz bank: press the cards strongest first.

    Public parts (for tests): ``question``, ``buttons`` (one per card, in the question's
    order), ``chosen`` (the cards pressed so far), ``again`` (starts again) and
    ``feedback`` (the verdict once every card is pressed).

    Each order given in full is recorded in the learner's store (``recorder``) under the
    question's key, with its situation tags; ``answer_hooks`` are called with the verdict.
    ``lang``: the language it speaks (``None``: the language in use when it is made).
    """

    def __init__(
        self, question: Question, *, recorder: Recorder | None = None, lang: str | None = None
    ) -> None:
        self.lang = widget_language(lang)
        with language(self.lang):
            self._build_order(question, recorder)

    def _build_order(self, question: Question, recorder: Recorder | None) -> None:
        if not isinstance(question, Question) or question.kind != "order":
            raise InvalidDataError(
                # Translators: 'order' is the kind of question in code
                _(
                    "an order exercise shows an 'order' question from the quiz bank, not {value}"
                ).format(value=quoted(question))
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
        self.again = w.Button(
            layout=text_layout(), description=pgettext("button", "Start again"), icon="undo"
        )
        self.again.on_click(self._reset)
        press = _("Press the cards one by one, strongest first.")
        head = box(
            f"<p style='margin:4px 0'><b>{html.escape(question.prompt)}</b> "
            f"{html.escape(press)}</p>"
            + hand_svg(question.cards, overlap=1.08, label=_("the cards to order"))
        )
        row = w.HBox([*self.buttons, self.again], layout=w.Layout(flex_flow="row wrap"))
        super().__init__(
            [w.HTML(head), row, self.answer_picture, self.feedback, self.recorder.note]
        )
        self.add_class("hp-lesson-order")

    def _draw(self, misplaced: int | None = None) -> None:
        done = len(self.chosen) == len(self.question.cards)
        head = _("Your order:") if done else _("Your order so far:")
        if misplaced is not None:
            # Translators: {nth} is the card's place in the order ("third": see the
            # "place of a card" messages), {card} the card
            head = _("Your order: the {nth} card, {card}, is the first one out of place (lit).")
            head = head.format(nth=_place(misplaced + 1), card=self.chosen[misplaced].text)
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
                    label=_("your order"),
                )
            )
            if self.chosen
            else ""
        )

    def _press(self, card: Card, button: w.Button) -> None:
        with language(self.lang):
            self._take(card, button)

    def _take(self, card: Card, button: w.Button) -> None:
        if card in self.chosen:
            return
        self.chosen.append(card)
        button.disabled = True
        # (a disabled card button keeps full strength, for an answered question's cards:
        # a card already placed needs its own look, or it reads as still to press)
        button.add_class("hp-chosen")
        button.icon = "check"
        if len(self.chosen) < len(self.question.cards):
            self._draw()
            return
        right = self.question.check(self.chosen)
        self._count(right)
        answer = list(self.question.answer)
        if right:
            self._draw()
            self.feedback.value = feedback("ok", _("Right!"), self.question.explanation)
            return
        at = next(i for i, (c, a) in enumerate(zip(self.chosen, answer, strict=True)) if c != a)
        self._draw(at)
        # Translators: {nth} is the card's place in the order ("third": see the "place of
        # a card" messages), {card} the card, {better} the card that belongs there
        pointer = _(
            "Your {nth} card, {card}, is out of place: {better} is stronger and belongs there."
        ).format(nth=_place(at + 1), card=self.chosen[at].text, better=answer[at].text)
        self.feedback.value = feedback(
            "bad", _("Not quite."), f"{pointer} {self.question.explanation}"
        )

    def _count(self, right: bool) -> None:
        self.tries += 1
        self.recorder.question(self.question, right, attempt=self.tries)
        if right:
            self.tries = 0
        for hook in list(self.answer_hooks):
            hook(right)

    def _reset(self, _button: object = None) -> None:
        with language(self.lang):
            self.chosen = []
            for b in self.buttons:
                b.disabled = False
                b.remove_class("hp-chosen")
                b.icon = ""
            self.feedback.value = ""
            self._draw()


def _place(n: int) -> str:
    """A card's place in the learner's order, as "the {nth} card" says it: ``first``,
    ``second``... (each language words it for the noun "card": Italian ``terza``).

    >>> _place(3), _place(12)
    ('third', 'twelfth')
    """
    # Translators: the place of a card in an order of cards: "the {nth} card" (Italian:
    # feminine, for "carta"; Thai: the number, as in ใบที่ 3)
    places = (
        pgettext("place of a card", "first"),
        pgettext("place of a card", "second"),
        pgettext("place of a card", "third"),
        pgettext("place of a card", "fourth"),
        pgettext("place of a card", "fifth"),
        pgettext("place of a card", "sixth"),
        pgettext("place of a card", "seventh"),
        pgettext("place of a card", "eighth"),
    )
    return places[n - 1] if 1 <= n <= len(places) else ordinal_word(n)


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


def _trumps(trump: Suit | None, sentence: str, no_trump: str, **values: object) -> str:
    """A sentence that starts by naming trumps: ``sentence`` ("{suit} are trumps. ...")
    with the suit, its first letter a capital, or ``no_trump`` when there are none."""
    if trump is None:
        return no_trump.format(**values)
    return capitalised(sentence.format(suit=trump.plural, **values))


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
            item=_english_item(words),
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
            return capitalised(prompt.format(suit=the_trump.plural, card=c.text)), [
                (suit_name(s), s) for s in SUITS
            ]

        prompt, options = words()
        return Choice(
            prompt,
            options,
            check,
            picture=hand_svg([c], scale=0.8, label=_("the card")),
            item=_english_item(words),
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
    how = ", ".join(f"{c.text}: {v if asked is leader.side else n - v}" for c, v in leads.items())
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


def principle_exercise(
    question: Question,
    *,
    recorder: Recorder | None = None,
    once: bool = True,
    lang: str | None = None,
) -> Choice[Any]:
    """A principle question (:func:`~hasenpfeffer_core.analysis.practice.principle_question`)
    as a :class:`Choice`: card buttons to play or discard, suit buttons to name trumps,
    labelled buttons to bid; the question's hint steps; judged by ``Question.check``,
    with the principle's explanation (and what it says against a wrong choice).
    Recorded under the question's key, with the principle as its concept."""
    with language(widget_language(lang)):
        return _principle_exercise(question, recorder=recorder, once=once)


def _principle_exercise(
    question: Question, *, recorder: Recorder | None, once: bool
) -> Choice[Any]:
    q = question
    if not isinstance(q, Question) or q.kind != "principle":
        raise InvalidDataError(
            # Translators: 'principle' is the kind of question in code
            _("this exercise shows a 'principle' question, not {value}").format(value=quoted(q))
        )
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
    names = {me: _you(me)} if me is not None else None
    pictures = []
    if phase == "play":
        leader = parse_seat(d["leader"]) if d.get("leader") else me
        pictures.append(
            figure(
                table_svg(q.trick, trump=q.trump, leader=leader, names=names, size=210),
                _("the trick so far") if q.trick else _("you lead"),
            )
        )
    pictures.append(figure(hand_svg(q.hand, trump=q.trump, overlap=0.9), _("your hand")))
    return Choice(
        q.prompt,
        options,
        check,
        picture="".join(pictures),
        hints=[str(h) for h in d.get("hints", ())],
        # (a puzzle's question names its own item and kind: the rating is worked out
        # from them)
        item=str(d.get("item", q.key)),
        concepts=q.tags,
        kind=str(d.get("kind", "principle")),
        recorder=recorder,
        once=once,
    )


def _advised(
    state: HandState, expert: FairExpert, kind: type[Any], refusal: str
) -> tuple[SteppedHint, Judgement]:
    """The fair expert's advice to the seat to move as a hint in steps, and the judge's
    judgement it comes from; an error if no action of ``kind`` is due (``refusal``, a
    message with ``{seat}`` and ``{reason}``)."""
    seat = _to_move(state)
    view = PlayerView.of(state, seat)
    advice = expert.advise(view)
    judged = advice.judgement
    if judged is None or not any(isinstance(a, kind) for a in judged.options):
        raise InvalidDataError(refusal.format(seat=seat.word, reason=advice.reason))
    return stepped_hint(view, advice), judged


def principle_keys(hint: SteppedHint) -> list[str]:
    """The principles behind the fair expert's move (the concepts an exercise it judges
    practises), each once."""
    return list(dict.fromkeys(r.principle.key for r in hint.reasons))


def _verdict(
    judged: Judgement, hint: SteppedHint, action: Action, state: HandState
) -> tuple[bool, str]:
    """Whether ``action`` is right, and the feedback: the judge's figures for it, then
    the fair expert's own move and why. Where the learner's move does as well as the
    expert's without being it, the feedback says so before the expert's usual rule, so
    that a rule for the expert's move never reads as a verdict against the learner's.
    But a move that does as well in points while going against a usual principle (the
    expert's move keeping to it) is not right: between choices this close the principle
    decides, as it decides the expert's own ties, and the feedback says which and why."""
    right, said = judged_words(judged, action)
    if right and action != hint.action:
        view = PlayerView.of(state, action.seat)
        broken = broken_by(view, action)
        if broken and not broken_by(view, hint.action):
            return False, tie_words(judged, action, broken[0].text)
        # Translators: {answer} is the fair expert's move and its principle, {details}
        # the figures behind it; the learner's different choice does as well, and goes
        # against no usual principle.
        teacher = _(
            "Between choices this close, the usual principle decides, and it goes against "
            "neither. The fair expert's own choice: {answer}"
        ).format(answer=_with_details(hint))
        return right, f"{said} {teacher}"
    return right, f"{said} {_teacher(hint)}"


def _teacher(hint: SteppedHint) -> str:
    """The expert's verdict for the feedback: the move and its principle, then the
    figures behind it."""
    # Translators: {answer} is the fair expert's move and its principle, with the
    # figures behind it
    return _("The fair expert: {answer}").format(answer=_with_details(hint))


def _with_details(hint: SteppedHint) -> str:
    """The hint's answer, then its figures in brackets where it has any left to give
    (a bid's answer may give them all: no empty brackets after it)."""
    if not hint.details:
        return hint.answer
    # Translators: {answer} is a hint's answer (sentences), {details} the figures behind it.
    return _("{answer} ({details})").format(answer=hint.answer, details=hint.details)


def trump_exercise(
    state: HandState, expert: FairExpert, *, lang: str | None = None
) -> Choice[Suit]:
    """The maker holds seven cards: which suit to name? The fair expert judges."""
    with language(widget_language(lang)):
        seat = _to_move(state)
        hint, judged = _advised(
            state,
            expert,
            NameTrump,
            # Translators: {seat} is a seat, {reason} what that seat is doing instead
            _("{seat} is not naming trumps: {reason}"),
        )
        names = {a.suit: a for a in judged.options if isinstance(a, NameTrump)}

        def check(suit: Suit) -> tuple[bool, str]:
            return _verdict(judged, hint, names[suit], state)

        high = state.high_bid

        def words() -> tuple[str, list[tuple[str, Suit]]]:
            bid = bid_name(high.tricks, high.big, state.rules) if high else "?"
            # Translators: {seat} is a seat, {bid} a number of tricks or a bid's name
            prompt = _(
                "{seat} won the auction with {bid} and picked up the widow. "
                "Which suit do you name as trumps?"
            ).format(seat=seat.word, bid=bid)
            return prompt, [(suit_name(s), s) for s in SUITS]

        prompt, options = words()
        return Choice(
            prompt,
            options,
            check,
            picture=hand_svg(state.hand(seat), overlap=0.9),
            hints=hint.steps,
            item=_english_item(words),
            concepts=principle_keys(hint),
            kind="trump",
        )


def discard_exercise(
    state: HandState, expert: FairExpert, *, lang: str | None = None
) -> Choice[Card]:
    """Trumps are named: which card to discard? The fair expert judges."""
    with language(widget_language(lang)):
        seat = _to_move(state)
        trump = state.trump
        if trump is None:
            raise InvalidDataError(_("trumps are not named yet: the discard comes after"))
        the_trump: Suit = trump
        hint, judged = _advised(
            state,
            expert,
            Discard,
            # Translators: {seat} is a seat, {reason} what that seat is doing instead
            _("{seat} is not discarding: {reason}"),
        )
        discards = {a.card: a for a in judged.options if isinstance(a, Discard)}

        def check(card: Card) -> tuple[bool, str]:
            return _verdict(judged, hint, discards[card], state)

        def words() -> tuple[str, list[Card]]:
            # Translators: {suit} is a suit's name in the plural ("hearts")
            prompt = _("{suit} are trumps. Which card do you discard?")
            return capitalised(prompt.format(suit=the_trump.plural)), list(state.hand(seat))

        prompt, options = words()
        return Choice(
            prompt,
            options,
            check,
            picture=hand_svg(state.hand(seat), trump=trump, overlap=0.9),
            hints=hint.steps,
            item=_english_item(words),
            concepts=principle_keys(hint),
            kind="discard",
        )


def _call_words(action: Bid | Pass) -> str:
    """A call of the auction, in the past: "North passed", "East bid 3"."""
    if isinstance(action, Pass):
        return _("{seat} passed").format(seat=action.seat.word)
    # Translators: {n} is the number of tricks bid
    return _("{seat} bid {n}").format(seat=action.seat.word, n=action.tricks)


def bid_exercise(
    state: HandState, expert: FairExpert, *, lang: str | None = None
) -> Choice[Bid | Pass]:
    """Your turn in the auction: pass or bid? The fair expert judges."""
    with language(widget_language(lang)):
        seat = _to_move(state)
        view = PlayerView.of(state, seat)
        advice = expert.advise(view)
        hint = stepped_hint(view, advice)
        legal = state.legal_actions()
        cheapest = next(a for a in legal if isinstance(a, Bid))
        passing = next(a for a in legal if isinstance(a, Pass))

        judged = advice.judgement

        def check(action: Bid | Pass) -> tuple[bool, str]:
            if judged is None or action not in judged.points:
                return action == advice.action, _teacher(hint)
            return _verdict(judged, hint, action, state)

        def words() -> tuple[str, list[tuple[str, Bid | Pass]]]:
            options: list[tuple[str, Bid | Pass]] = [
                (pgettext("bid button", "pass"), passing),
                (
                    # Translators: {bid} is a number of tricks or a bid's name
                    pgettext("bid button", "bid {bid}").format(
                        bid=bid_name(cheapest.tricks, cheapest.big, state.rules)
                    ),
                    cheapest,
                ),
            ]
            said = calls_joined(_call_words(a) for a in state.auction)
            # Translators: {auction} is the calls so far ("North passed; East bid 3")
            prompt = _("{auction}. You are {seat}: what do you do with these cards?")
            return prompt.format(auction=said, seat=seat.word), options

        prompt, options = words()
        return Choice(
            prompt,
            options,
            check,
            picture=hand_svg(state.hand(seat), overlap=0.9),
            hints=hint.steps,
            item=_english_item(words),
            concepts=principle_keys(hint),
            kind="bid",
        )


def best_card(
    state: HandState, prompt: str = "", *, note: str = "", lang: str | None = None
) -> Choice[Card]:
    """Which card should the player to move play? Double dummy judges, for points: all
    hands face up, each side then playing for its score
    (:func:`~hasenpfeffer_core.analysis.review.state_play_points`).

    ``note`` is added to the feedback (a teacher's comment on the position)."""
    with language(widget_language(lang)):
        seat = _to_move(state)
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
                ).format(card=c.text, points=whole_number(points[c], signed=True), n=n)
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
            asked = prompt or _trumps(
                state.trump,
                # Translators: {suit} is a suit's name in the plural ("hearts")
                _("{suit} are trumps. You are {seat}: which card do you play?"),
                _("There are no trumps. You are {seat}: which card do you play?"),
                seat=seat.word,
            )
            return asked, [c for c in state.hand(seat) if c in points]

        table_pic = table_svg(
            state.current_trick,
            trump=state.trump,
            leader=state.leader,
            names={seat: _you(seat)},
            size=210,
        )
        hand_pic = hand_svg(state.hand(seat), trump=state.trump, overlap=1.08)
        asked, options = words()
        return Choice(
            asked,
            options,
            check,
            picture=figure(table_pic, _("the trick so far")) + figure(hand_pic, _("your hand")),
            item=_english_item(words),
        )


def hint_exercise(state: HandState, expert: FairExpert, *, lang: str | None = None) -> Choice[Card]:
    """Which card now, seeing only your own hand? The fair expert's hint judges."""
    with language(widget_language(lang)):
        seat = _to_move(state)
        high = state.high_bid
        if high is None:
            raise InvalidDataError(_("the auction is not over: there is no contract yet"))
        contract: Bid = high
        hint, judged = _advised(
            state,
            expert,
            Play,
            # Translators: {seat} is a seat, {reason} what that seat is doing instead
            _("{seat} is not playing a card: {reason}"),
        )
        values = {a.card: a for a in judged.options if isinstance(a, Play)}

        def check(card: Card) -> tuple[bool, str]:
            return _verdict(judged, hint, values[card], state)

        won = state.side_tricks

        def words() -> tuple[str, list[Card]]:
            bid = bid_name(contract.tricks, contract.big, state.rules)
            context = " ".join(
                (
                    # Translators: {seat} is the maker's seat, {bid} a number of tricks or a
                    # bid's name, {trump} a suit ("♥ hearts") or "no trump"
                    _("{seat} bid {bid} and named {trump} as trumps.").format(
                        seat=contract.seat.word, bid=bid, trump=suit_name(state.trump)
                    ),
                    _("Tricks so far: North-South {ns}, East-West {ew}.").format(
                        ns=won[Side.NS], ew=won[Side.EW]
                    ),
                    _("You are {seat}: which card do you play?").format(seat=seat.word),
                )
            )
            return context, [c for c in state.hand(seat) if c in values]

        table_pic = table_svg(
            state.current_trick,
            trump=state.trump,
            leader=state.leader,
            names={seat: _you(seat)},
            size=210,
        )
        hand_pic = hand_svg(state.hand(seat), trump=state.trump, overlap=1.08)
        caption = _("the trick so far") if state.current_trick else _("you lead")
        context, options = words()
        return Choice(
            context,
            options,
            check,
            picture=figure(table_pic, caption) + figure(hand_pic, _("your hand")),
            hints=hint.steps,
            item=_english_item(words),
            concepts=principle_keys(hint),
            kind="play",
        )


def teaching_position(name: str, step: int, *, lang: str | None = None) -> Choice[Card]:
    """The position before action ``step`` of a teaching hand: which card? (The solver
    judges; the feedback adds the teacher's note on the card that was played.)"""
    with language(widget_language(lang)):
        record = teaching_hand(name)
        step = _whole(
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
        note = said.format(seat=play.seat.word, card=play.card.text, note=move.note)
        return best_card(record.state_at(step), note=f" {note}")


def score_exercise(
    rules: Rules | str,
    bid: Bid | str,
    tricks: int,
    *,
    options: Sequence[int],
    label: str = "",
    ask: Side | str | None = None,
    maker_alone: bool = False,
    lang: str | None = None,
) -> Choice[int]:
    """What does this hand score? ``score_hand`` decides and explains.

    ``rules``, ``bid`` and ``ask`` also take their text (``"parlett"``, ``"N bid 3"``,
    ``"EW"``).

    >>> q = score_exercise(Rules(), Bid(Seat.N, 3), 5, label="Source rules", options=[3, 5])
    >>> q.buttons[q.values.index(5)].click()
    >>> "Right!" in q.feedback.value and "the bid is made" in q.feedback.value
    True
    """
    with language(widget_language(lang)):
        the_rules = parse_rules(rules)
        the_bid = _bid(bid)
        taken = _whole(tricks, _("the tricks the makers took"), 0, _TRICKS)
        points = _points(options)
        side = the_bid.seat.side
        asked = parse_side(ask) if ask is not None else side
        result = score_hand(
            the_rules, the_bid, {side: taken, side.other: 6 - taken}, maker_alone=maker_alone
        )
        answer = result.points[asked]

        def check(points: int) -> tuple[bool, str]:
            return points == answer, result.reason

        def words() -> tuple[str, list[tuple[str, int]]]:
            name = bid_name(the_bid.tricks, the_bid.big, the_rules)
            what = translated(label) or rules_words(the_rules)
            if maker_alone:
                # Translators: {rules} is a rule set ("the source rules"), {side} the
                # makers, {bid} a number of tricks or a bid's name, {n} the tricks they
                # took, {asked} the side the question is about
                text = ngettext(
                    "{rules}. {side} bid {bid} alone and took {n} trick. "
                    "What do {asked} score for this hand?",
                    "{rules}. {side} bid {bid} alone and took {n} tricks. "
                    "What do {asked} score for this hand?",
                    taken,
                )
            else:
                # Translators: {rules} is a rule set ("the source rules"), {side} the
                # makers, {bid} a number of tricks or a bid's name, {n} the tricks they
                # took, {asked} the side the question is about
                text = ngettext(
                    "{rules}. {side} bid {bid} and took {n} trick. "
                    "What do {asked} score for this hand?",
                    "{rules}. {side} bid {bid} and took {n} tricks. "
                    "What do {asked} score for this hand?",
                    taken,
                )
            prompt = text.format(
                rules=capitalised(what),
                side=side_words(side),
                bid=name,
                n=taken,
                asked=side_words(asked),
            )
            return prompt, [(number(p, 0, signed=True), p) for p in points]

        prompt, choices = words()
        return Choice(prompt, choices, check, item=_english_item(words))


def _points(options: object) -> list[int]:
    """The answers offered: a few whole numbers of points."""
    items = list(options) if isinstance(options, Sequence) and not isinstance(options, str) else []
    if not 1 <= len(items) <= 20:
        raise InvalidDataError(
            _("options must be a list of 1 to 20 scores to choose from, not {value}").format(
                value=quoted(options)
            )
        )
    return [_whole(p, _("each option"), -1000, 1000) for p in items]


def which_rules(
    bid: Bid | str, taken: int, points: tuple[int, int], *, lang: str | None = None
) -> Choice[str]:
    """A hand's score under unknown rules: which published rule set gives it?"""
    with language(widget_language(lang)):
        the_bid = _bid(bid)
        took = _whole(taken, _("the tricks the makers took"), 0, _TRICKS)
        if not (isinstance(points, Sequence) and not isinstance(points, str) and len(points) == 2):
            raise InvalidDataError(
                _(
                    "points must be the two sides' scores, N-S then E-W, as in (3, 0), not {value}"
                ).format(value=quoted(points))
            )
        ns, ew = (
            _whole(points[0], _("N-S's score"), -1000, 1000),
            _whole(points[1], _("E-W's score"), -1000, 1000),
        )
        side = the_bid.seat.side
        tricks = {side: took, side.other: 6 - took}

        def check(name: str) -> tuple[bool, str]:
            result = score_hand(PRESETS[name].rules, the_bid, tricks)
            scored = (result.points[Side.NS], result.points[Side.EW])
            # Translators: {rules} is a rule set ("Parlett's rules"), {reason} how it scores
            # the hand
            under = _("Under {rules}: {reason}").format(
                rules=rules_words(PRESETS[name].rules), reason=result.reason
            )
            return scored == (ns, ew), under

        def words() -> tuple[str, list[tuple[str, str]]]:
            # Translators: {side} is the makers ("North-South"), {bid} and {n} numbers of
            # tricks, {ns} and {ew} the two sides' scores (+3, -5, 0)
            text = ngettext(
                "{side} bid {bid} and took {n} trick. North-South scored {ns}, East-West "
                "scored {ew}. Which rules give that?",
                "{side} bid {bid} and took {n} tricks. North-South scored {ns}, East-West "
                "scored {ew}. Which rules give that?",
                took,
            )
            prompt = text.format(
                side=side_words(side),
                bid=the_bid.tricks,
                n=took,
                ns=number(ns, 0, signed=True),
                ew=number(ew, 0, signed=True),
            )
            return prompt, [(_(PRESETS[name].title), name) for name in PRESETS]

        prompt, options = words()
        return Choice(prompt, options, check, item=_english_item(words))


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


def progress(items: Iterable[T], description: str = N_("Simulating")) -> Iterator[T]:
    """Yield ``items`` while a progress bar under the cell fills up.

    The bar is tqdm's: a widget in any notebook (tqdm's own ``tqdm.auto`` picks text in
    the live copy, whose kernel is not ipykernel, and text shows there as an error-pink
    block), text on standard error elsewhere. A description the catalogue knows is shown
    in the language in use.
    """
    todo = list(items)
    bar_type = _NotebookBar if _in_notebook() else _TextBar
    with bar_type(todo, desc=translated(description)) as bar:
        yield from bar


class RulesLab(w.VBox):  # type: ignore[misc]
    """Choose house rules, press the button, and compare a batch of games with the source
    rules' games.

    Each control is labelled in plain words (:data:`~.base.OPTION_WORDS`), never with the
    option's name in code.

    Public parts (for tests): ``controls`` (one control per rule option, by name),
    ``run_button`` and ``output`` (where the comparison is shown). ``lang``: the language
    it speaks (``None``: the language in use when it is made).
    """

    def __init__(self, games: int = 40, *, lang: str | None = None) -> None:
        self.lang = widget_language(lang)
        with language(self.lang):
            self._build_lab(games)

    def _build_lab(self, games: int) -> None:
        self.games = _whole(
            games,
            # Translators: "games" is the setting's name in code: keep it
            _("games (how many games each run plays)"),
            1,
            MAX_LAB_GAMES,
        )
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
            c.description = option_label(name)
            # wide enough for the longest option name and its longest value, uncut
            c.style = {"description_width": "15em"}
            c.layout = w.Layout(width="100%", max_width="34em")
            c.tooltip = translated(OPTIONS[name].summary)
            self.controls[name] = c
        self.run_button = w.Button(
            description=ngettext(
                "Play {n} game with these rules", "Play {n} games with these rules", games
            ).format(n=games),
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
        with self.output, language(self.lang):
            try:
                rules = self.rules()
            except Exception as e:  # an impossible combination: say why
                _display_html(feedback("err", _("These rules don't work:"), str(e)))
                return
            seeds = range(self.games)
            mine = game_stats([play_game(rules, s) for s in progress(seeds, _("Your rules"))])
            seed = game_stats([play_game(Rules(), s) for s in progress(seeds, _("Source rules"))])
            table(
                # Translators: the columns of the comparison: a measure, then its value
                # under the learner's rules and under the source rules
                ["", _("your rules"), _("source rules")],
                [(translated(k), number(mine[k]), number(seed[k])) for k in mine],
            )
            # Translators: {rules} is the learner's rule set in words
            said = _("Your rules: {rules}.").format(rules=rules_words(rules))
            _display_html(box(f"<p>{html.escape(said)}</p>"))
