"""``hasenpfeffer quiz``: ask quiz questions, read the answers, mark, explain and score.

The questions, the marking and the explanations come from
:mod:`~hasenpfeffer_core.analysis.quiz`. :func:`ask` asks one question of any kind the
quiz bank makes (a principle of play too) and marks it; ``hasenpfeffer practice`` asks
its questions with it as well. Every answer is recorded in the learner's progress
store (:mod:`.progress`).
"""

from __future__ import annotations

import argparse
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ...analysis.describe import typed_seat, typed_words
from ...analysis.explain import join_and
from ...analysis.practice import principle_verdict, question_event
from ...analysis.quiz import DIFFICULTIES, Question, bid_answer, choice_answer, quiz_set
from ...engine.actions import Pass
from ...engine.cards import format_cards, parse_card, parse_cards
from ...engine.errors import HasenpfefferError, ParseError
from ...engine.i18n import N_, ngettext, number, pgettext
from ...engine.i18n import gettext as _
from ...engine.seats import SEATS, Seat
from .hands import plays_text
from .progress import Recorder
from .term import (
    MAX_SEED,
    Command,
    Reader,
    Stop,
    Term,
    UsageError,
    pad,
    quote,
    whole_number,
    width,
)

__all__ = [
    "COMMAND",
    "MAX_QUESTIONS",
    "QUIZ_KINDS",
    "Answered",
    "ask",
    "run",
    "score_line",
    "stopped_text",
]

#: The quiz kinds the command offers, and the engine's name for each.
QUIZ_KINDS: Final[dict[str, str]] = {
    "trick-winner": "trick-winner",
    "legal-play": "legal-play",
    "ranking": "order",
    "bid": "bid",
}

#: The kinds asked in turn when no kind is chosen (the quick ones: a bid question is a
#: study of the hand, about a second each).
MIXED_KINDS: Final = ("trick-winner", "legal-play", "ranking")


#: The most questions in one quiz.
MAX_QUESTIONS: Final = 1000


def add_arguments(quiz: argparse.ArgumentParser) -> None:
    quiz.add_argument(
        "--kind",
        choices=tuple(QUIZ_KINDS),
        default=None,
        # Translators: trick-winner, legal-play, ranking, first-steps, bowers, joker and mixed
        # are the values the learner types: keep them as they are.
        help=_("the kind of question (default: trick-winner, legal-play and ranking in turn)"),
    )
    quiz.add_argument(
        "--difficulty",
        choices=DIFFICULTIES,
        default="mixed",
        help=_("first-steps: no bowers, no Joker; bowers; joker; mixed (default)"),
    )
    quiz.add_argument(
        "--count",
        type=whole_number(
            1, MAX_QUESTIONS, N_("{number} is more than {most}, the most questions in one quiz")
        ),
        default=5,
        help=_("how many questions, 1 to {most} (default: 5)").format(most=MAX_QUESTIONS),
    )
    quiz.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED),
        default=None,
        help=_("the same seed, the same questions (a whole number from 0 to 999999999)"),
    )


def _questions(kind: str | None, count: int, seed: int, difficulty: str) -> list[Question]:
    """The questions of one quiz: one kind, or the three kinds in turn."""
    if kind is not None:
        return quiz_set(QUIZ_KINDS[kind], count, seed=seed, difficulty=difficulty)
    kinds = [QUIZ_KINDS[k] for k in MIXED_KINDS]
    sets = {
        k: quiz_set(k, len(range(i, count, len(kinds))), seed=seed + i, difficulty=difficulty)
        for i, k in enumerate(kinds)
        if i < count
    }
    return [sets[kinds[i % len(kinds)]][i // len(kinds)] for i in range(count)]


def _kind_name(q: Question) -> str:
    return next((k for k, v in QUIZ_KINDS.items() if v == q.kind), q.kind)


def _show_question(term: Term, q: Question) -> str:
    """Print the question (its heading is printed already); return the answer prompt."""
    if q.kind == "principle":
        return _show_choice_question(term, q)
    if q.kind == "tricks":
        term.wrap(q.prompt, "")
    else:
        term.say(q.prompt)
    if q.kind == "trick-winner":
        term.say(f"    {plays_text(q.trick)}")
        return _prompt(_("Who wins? (a seat or a card)"))
    if q.kind == "legal-play":
        assert q.seat is not None
        if q.trick:
            term.say("    " + _trick_so_far(q))
        term.say("    " + _your_hand(q))
        return _prompt(_("Cards you may play"))
    if q.kind == "bid":
        assert q.seat is not None
        term.say("    " + _your_hand(q))
        # Translators: {choices} is what may be typed, "pass, 2, 3 or Big Pepper".
        return _prompt(_("Your call ({choices})").format(choices=_choices_text(q)))
    if q.kind == "tricks":
        for seat in SEATS:
            if q.hands.get(seat):
                term.say(f"    {seat.letter}: {format_cards(q.hands[seat])}")
        return _prompt(_("Tricks (0 to {most})").format(most=_tricks_in(q)))
    term.say("    " + _("cards: {cards}").format(cards=format_cards(q.cards)))
    return _prompt(_("Strongest first"))


def _prompt(text: str) -> str:
    """An answer prompt: ``Strongest first> ``."""
    return f"{text}> "


def _trick_so_far(q: Question) -> str:
    return _("trick so far: {cards}").format(cards=plays_text(q.trick))


def _your_hand(q: Question) -> str:
    """``your hand (S): J♥ 9♠``, or without the seat when the question has none."""
    if q.seat is None:
        return _("your hand: {cards}").format(cards=format_cards(q.hand))
    return _("your hand ({seat}): {cards}").format(seat=q.seat.letter, cards=format_cards(q.hand))


def _show_choice_question(term: Term, q: Question) -> str:
    """A principle of play: the position, the choices, and a prompt that offers hints."""
    if q.trick:
        term.say("    " + _trick_so_far(q))
    term.say("    " + _your_hand(q))
    term.wrap(q.prompt, "")
    labels = _labels(q, [str(c["value"]) for c in q.details["choices"]], ", ")
    term.say("    " + _("choices: {choices}").format(choices=labels))
    if q.details.get("hints"):
        # Translators: "hint" stays as it is: it is what the learner types.
        return _prompt(_("Your choice (hint for a hint)"))
    return _prompt(_("Your choice"))


def _labels(q: Question, values: list[str], last: str = "or") -> str:
    """The labels of a principle question's choices ``values``: ``9♦, J♦ or Q♦``."""
    labels = {str(c["value"]): str(c["label"]) for c in q.details["choices"]}
    names = [labels.get(v, v) for v in values]
    return ", ".join(names) if last == ", " else join_and(names, last)


def _tricks_in(q: Question) -> int:
    """How many tricks an ending question is about (the cards in each hand)."""
    return max((len(h) for h in q.hands.values()), default=0)


def _choices_text(q: Question) -> str:
    """A bid question's choices as the prompt lists them: ``pass, 2, 3 or Big Pepper``."""
    names = [_call_word(str(c["value"]), str(c["label"])) for c in q.details["choices"]]
    return join_and(names, "or")


def _call_word(value: str, label: str) -> str:
    """What to type for a choice: ``pass`` (in the learner's language), ``3``, ``6 (Little Pepper)``, ``Big Pepper``.
    A bid whose label shows its number (``Bid 3``, in any language) is typed as the number.
    """
    if value == "pass":  # the learner's word for it (passo, ผ่าน)
        return typed_words(Pass(Seat.S))[0]
    if value.isdigit() and value in re.findall(r"[0-9]+", label):
        return value
    return f"{value} ({label})" if value.isdigit() else label


def _chances_table(term: Term, q: Question) -> None:
    """The chance of at least 1 to 6 tricks with each trump, as a small text table."""
    d = q.details
    term.say(
        "  "
        + _("Chance of taking at least 1 to 6 tricks, over {n} deals of the unseen cards:").format(
            n=d["samples"]
        )
    )
    rows = [
        (
            pgettext("column", "trump"),
            *(f"{k}+" for k in range(1, 7)),
            pgettext("column", "average"),
        )
    ]
    for entry in d["chances"]:
        mark = " *" if entry["trump"] == d.get("best_trump") else ""
        name = f"{entry['symbol']} {entry['trump']}".strip() + mark
        rows.append((name, *entry["labels"], number(entry["mean"])))
    most = max(width(r[0]) for r in rows)
    for r in rows:
        cells = "".join(pad(c, 6, right=True) for c in r[1:7])
        term.say(f"    {pad(r[0], most)}{cells}{pad(r[7], 9, right=True)}")
    term.say("    " + _("(* the trump of the advice)"))


def _check_answer(q: Question, text: str, number: int) -> None:
    """Check that ``text`` can be an answer to ``q``; raise :class:`UsageError` if not."""
    if not text:
        raise UsageError(_empty_answer(q.kind).format(number=number))
    answer = quote(text)
    if q.kind == "principle":
        if choice_answer(q.details["choices"], text) is None:
            every = _labels(q, [str(c["value"]) for c in q.details["choices"]])
            raise UsageError(
                # Translators: {choices} lists the choices, "9♦, J♦ or Q♦"; q stays as it is.
                _(
                    "answer to question {number}: {answer} is not one of the choices: "
                    "type {choices}, or q to stop"
                ).format(number=number, answer=answer, choices=every)
            )
        return
    if q.kind == "tricks":
        most = _tricks_in(q)
        if not text.isascii() or not text.isdigit() or int(text) > most:
            raise UsageError(
                _(
                    "answer to question {number}: {answer} is not a number of tricks: "
                    "type a whole number from 0 to {most}, or q to stop"
                ).format(number=number, answer=answer, most=most)
            )
        return
    if q.kind == "bid":
        value = bid_answer(text)
        if value is None:
            raise UsageError(
                # Translators: {choices} is what may be typed, "pass, 2, 3 or Big Pepper".
                _(
                    "answer to question {number}: {answer} is not a call: type {choices}, "
                    "or q to stop"
                ).format(number=number, answer=answer, choices=_choices_text(q))
            )
        if value not in q.details["comments"]:
            raise UsageError(
                _(
                    "answer to question {number}: {answer} cannot be bid here (each bid must "
                    "be higher than the last): type {choices}"
                ).format(number=number, answer=answer, choices=_choices_text(q))
            )
        return
    if q.kind == "trick-winner":
        try:
            typed_seat(text)
            return
        except ParseError:
            pass
        try:
            parse_card(text)
        except HasenpfefferError as e:
            raise UsageError(
                # Translators: {letters} are the seats' letters in the learner's language
                # ("N, E, S or W"); {error} says why the answer is not a card either.
                _(
                    "answer to question {number}: {answer} is not a seat ({letters}), and {error}"
                ).format(
                    number=number,
                    answer=answer,
                    letters=join_and((s.letter for s in SEATS), "or"),
                    error=e,
                )
            ) from None
        return
    try:
        parse_cards(text)
    except HasenpfefferError as e:
        raise UsageError(
            # Translators: {error} says why the answer is not a list of cards.
            _("answer to question {number}: {error}").format(number=number, error=e)
        ) from None


def _empty_answer(kind: str) -> str:
    """The message (with ``{number}``) for an empty answer to a question of ``kind``."""
    if kind == "bid":
        # Translators: q stays as it is: it is what the learner types to stop.
        return _("answer to question {number} is empty: type a call (pass or a bid), or q to stop")
    if kind == "tricks":
        return _("answer to question {number} is empty: type a number of tricks, or q to stop")
    if kind == "principle":
        return _("answer to question {number} is empty: type one of the choices, or q to stop")
    return _("answer to question {number} is empty: type a seat or a card, or q to stop")


def _answer_text(q: Question) -> str:
    if q.kind == "principle":
        return _labels(q, [str(v) for v in q.details["right"]])
    if q.kind == "tricks":
        return str(q.answer)
    if q.kind == "trick-winner":
        return f"{q.answer.letter} ({q.details['winning_card']})"
    if q.kind == "bid":
        labels = {c["value"]: c["label"] for c in q.details["choices"]}
        right = [labels.get(v, v).lower() for v in q.details["right"] if v in labels]
        text = right[0] if right else ""
        for other in right[1:]:
            # Translators: two right answers, "bid 3 or pass" (also three: "A or B or C").
            text = _("{first} or {second}").format(first=text, second=other)
        return text
    return format_cards(q.answer)


@dataclass(frozen=True)
class Answered:
    """How one question went: marked right or wrong, after ``hints`` hint steps."""

    right: bool
    hints: int = 0


def ask(
    term: Term,
    reader: Reader,
    q: Question,
    number: int,
    on_hint: Callable[[int], None] | None = None,
) -> Answered:
    """Ask ``q`` (its heading already printed), read answers until one can be marked,
    then mark it and explain; raises :class:`Stop` on ``q`` or at the end of the input.

    A principle of play also takes ``hint``: the next of its three hint steps (the last
    again once all are shown); ``on_hint(step)`` is called for each step newly shown.
    Other questions have no hint, and say so.
    ``number`` is the question's number in the messages about a bad answer.
    """
    prompt = _show_question(term, q)
    steps: list[str] = list(q.details.get("hints", ())) if q.kind == "principle" else []
    hints = 0
    while True:
        answer = reader.ask(prompt)
        low = answer.lower()
        if low in ("q", "quit"):
            raise Stop
        if low == "hint":
            if not steps:
                term.say("  " + _("No hint for this question: answer it, or type q to stop."))
                continue
            if hints < len(steps):
                hints += 1
                if on_hint is not None:
                    on_hint(hints)
            term.wrap(
                _("Hint {step} of {steps}: {hint}").format(
                    step=hints, steps=len(steps), hint=steps[hints - 1]
                ),
                "  ",
            )
            continue
        try:
            _check_answer(q, answer, number)
        except UsageError as e:
            reader.refuse(str(e))
            continue
        break
    right = q.check(answer)
    if right:
        term.say("✓ " + _("Right."))
    else:
        term.say("✗ " + _("Wrong: the answer is {answer}.").format(answer=_answer_text(q)))
    if q.kind == "bid":
        term.wrap(q.details["comments"][bid_answer(answer)])
    term.wrap(principle_verdict(q, answer) if q.kind == "principle" else q.explanation)
    if q.kind == "bid":
        _chances_table(term, q)
    return Answered(right, hints)


def run(args: argparse.Namespace, term: Term, reader: Reader) -> int:
    """``hasenpfeffer quiz``: ask, read, mark, explain, score; record every answer."""
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    questions = _questions(args.kind, args.count, seed, args.difficulty)
    recorder = Recorder(term)
    recorder.open()
    n = len(questions)
    if args.kind:
        # Translators: {kind} is the kind as typed (trick-winner, legal-play, ranking, bid),
        # {difficulty} the difficulty as typed (first-steps, bowers, joker, mixed); {seed}
        # the number that asks the same questions again, shown as the option to type.
        opening = ngettext(
            "Quiz: {n} {kind} question, difficulty {difficulty}. The same again: --seed {seed}.",
            "Quiz: {n} {kind} questions, difficulty {difficulty}. The same again: --seed {seed}.",
            n,
        )
    else:
        opening = ngettext(
            "Quiz: {n} question, difficulty {difficulty}. The same again: --seed {seed}.",
            "Quiz: {n} questions, difficulty {difficulty}. The same again: --seed {seed}.",
            n,
        )
    term.say(opening.format(n=n, kind=args.kind, difficulty=args.difficulty, seed=seed))
    right = asked = 0
    try:
        for number, q in enumerate(questions, 1):
            term.say()
            term.heading(_question_heading(number, n), f" ({_kind_name(q)}, {q.difficulty})")
            answered = ask(term, reader, q, number)
            asked += 1
            right += answered.right
            recorder.record(question_event(q, answered.right, source="quiz"))
    except Stop:
        term.say()
        term.say(stopped_text(asked, n))
    term.say()
    term.say(score_line(right, asked))
    return 0


def _question_heading(number: int, total: int) -> str:
    return _("Question {number} of {total}").format(number=number, total=total)


def stopped_text(asked: int, total: int) -> str:
    """``Stopped after 1 of 4 questions.``"""
    return ngettext(
        "Stopped after {asked} of {n} question.", "Stopped after {asked} of {n} questions.", total
    ).format(asked=asked, n=total)


def score_line(right: int, asked: int) -> str:
    """The last line of a quiz or a practice session: ``score: 3/5``."""
    # Translators: the last line of a quiz: right answers / questions asked, "score: 3/5".
    return _("score: {right}/{asked}").format(right=right, asked=asked)


COMMAND: Final = Command(
    name="quiz",
    summary=N_(
        "answer quiz questions: who wins the trick, which cards may be played, card "
        "ranking, what to bid"
    ),
    # Translators: trick-winner, legal-play, ranking and bid are the kinds as typed, and
    # pass, bid 3, Little Pepper, Big Pepper and q what the learner types: keep them.
    description=N_(
        "Ask quiz questions and read the answers from standard input, one per line.\n"
        "trick-winner: answer with the winning seat (N, E, S, W) or the winning card.\n"
        "legal-play: answer with every card you may play, separated by spaces or commas.\n"
        "ranking: answer with the cards in order, strongest first.\n"
        "bid: answer with your call: pass, a number (3 or bid 3), Little Pepper or Big Pepper;\n"
        "  a call worth as much as the best, give or take a fifth of a point, is right.\n"
        "Each answer is marked right or wrong and explained; the last line is the score.\n"
        "Every answer is kept in your progress (see hasenpfeffer progress). Type q to stop early."
    ),
    examples="hasenpfeffer quiz --kind ranking --difficulty bowers --count 3\n"
    "hasenpfeffer quiz --kind bid --count 3 --seed 4\n"
    "printf 'S\\nW\\n' | hasenpfeffer quiz --kind trick-winner --count 2 --seed 1",
    add_arguments=add_arguments,
    run=run,
)
