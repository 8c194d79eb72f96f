"""The two kinds of exercise widget: :class:`Choice` (press the right button) and
:class:`OrderExercise` (put cards in order)."""

from __future__ import annotations

import functools
import hashlib
import html
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Generic, cast, overload

import ipywidgets as w

from ....analysis.explain import (
    card_label,
    card_words,
    ordinal_word,
)
from ....analysis.quiz import Question
from ....analysis.session import quoted
from ....engine.cards import Card, Suit
from ....engine.errors import InvalidDataError
from ....engine.i18n import N_, language, ngettext, pgettext
from ....engine.i18n import gettext as _
from ...render import hand_svg
from ..base import (
    MAX_MESSAGE,
    box,
    card_button,
    clear_mark,
    feedback,
    paint_result,
    paint_suit,
    text_layout,
    widget_language,
)
from ..learner import Recorder
from .common import (
    V,
    in_english,
)

# --- exercises -------------------------------------------------------------------------


#: The kinds of exercise whose verdict on a wrong answer names the judge's better move
#: (a trump, a discard, a call, a card to play).
JUDGED_KINDS: Final = frozenset({"trump", "discard", "bid", "play"})


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
        if not right and (self.once or self.kind in JUDGED_KINDS):
            # (a judged decision's verdict names the better move: "Try another answer"
            # asked for what it had just given away)
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


def english_item(words: Callable[[], tuple[str, Sequence[Any]]]) -> str:
    """The name an exercise is recorded under: made, as :class:`Choice` makes it, from
    the prompt and the options' labels that ``words()`` gives in English, so that it is
    the same in every language."""
    prompt, options = in_english(words)
    labels = in_english(lambda: [_option_label(o) for o in options])
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
        ).format(
            nth=_place(at + 1), card=card_words(self.chosen[at]), better=card_words(answer[at])
        )
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
