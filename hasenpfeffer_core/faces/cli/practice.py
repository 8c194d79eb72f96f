"""``hasenpfeffer practice``: spaced practice by concept, fresh questions each time.

What to practise comes from the learner's schedule
(:meth:`~hasenpfeffer_core.analysis.practice.Schedule.to_practise`: what is due, then
new concepts, then the weakest), worked out from the answers in the progress store;
each question is a fresh one for its concept
(:func:`~hasenpfeffer_core.analysis.practice.practice_question`). The questions are
asked and marked as ``hasenpfeffer quiz`` asks its own (:func:`.quiz.ask`); a principle
of play shows the position and its choices, and ``hint`` gives its hint one step at a
time. Every answer and every hint step is recorded; at the end, each concept practised
says when it is due again, and the last line is the score.
"""

from __future__ import annotations

import argparse
import random
import textwrap
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Final

from ...analysis.practice import (
    CONCEPTS,
    Concept,
    Schedule,
    cached_schedule,
    days_text,
    practice_question,
    question_event,
)
from ...analysis.progress import Event
from ...analysis.quiz import Question
from ...engine.errors import InvalidDataError
from ...engine.i18n import N_, ngettext
from ...engine.i18n import gettext as _
from .progress import Recorder
from .quiz import MAX_QUESTIONS, ask, score_line, stopped_text
from .term import (
    Command,
    Reader,
    Stop,
    Term,
    UsageError,
    pad,
    plain_words,
    quote,
    whole_number,
    width,
)

__all__ = ["COMMAND", "find_concept", "run"]

#: Where each question's randomness comes from: a fresh, unseeded generator, so every
#: session brings new questions. Tests replace it to know the questions in advance.
_fresh_rng: Callable[[], random.Random] = random.Random

#: How many fresh positions to try for one question before giving up on it.
_TRIES: Final = 3


def find_concept(text: str) -> Concept:
    """The concept ``text`` names (its key or its name, in English or in the current
    language, in any case; ``left-bower`` and ``second hand low`` work too);
    :class:`UsageError` listing them otherwise.

    >>> find_concept("Left-Bower").name, find_concept("second hand low").key
    ('The left bower', 'second-hand-low')
    """
    plain = plain_words(text)
    for c in CONCEPTS:
        if plain in (plain_words(c.key), plain_words(c.name), plain_words(_(c.name))):
            return c
    raise UsageError(
        # Translators: {concepts} lists the concepts' keys (left-bower, second-hand-low...),
        # which stay as they are: the learner types them.
        _("there is no concept {name}: choose one of {concepts}").format(
            name=quote(text), concepts=", ".join(c.key for c in CONCEPTS)
        )
    )


def add_arguments(practice: argparse.ArgumentParser) -> None:
    practice.add_argument(
        "--count",
        type=whole_number(
            1, MAX_QUESTIONS, N_("{number} is more than {most}, the most questions in one session")
        ),
        default=5,
        help=_("how many questions, 1 to {most} (default: 5)").format(most=MAX_QUESTIONS),
    )
    practice.add_argument(
        "--concept",
        default=None,
        metavar="CONCEPT",
        help=_(
            "practise this concept only (see the list above; put it in quotes if it has spaces)"
        ),
    )


def _question(c: Concept) -> Question:
    """A fresh question for ``c`` (another position if the first deals find none)."""
    for attempt in range(_TRIES):
        try:
            return practice_question(c.key, _fresh_rng())
        except InvalidDataError:
            if attempt == _TRIES - 1:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def run(args: argparse.Namespace, term: Term, reader: Reader) -> int:
    """``hasenpfeffer practice``: ask what is due, record, say what comes next, score."""
    chosen = find_concept(args.concept) if args.concept is not None else None
    recorder = Recorder(term)
    before = [e for e in recorder.open() if e.is_answer]
    now = datetime.now(UTC)
    if chosen is not None:
        plan = [chosen] * args.count
        term.say(
            # Translators: {concept} is a concept's name, "The left bower".
            ngettext(
                "Practice: {n} question on {concept}.",
                "Practice: {n} questions on {concept}.",
                args.count,
            ).format(n=args.count, concept=_(chosen.name))
        )
    else:
        schedule = (
            cached_schedule(recorder.store) if recorder.store is not None else Schedule(before)
        )
        due = schedule.to_practise(now, args.count)
        plan = [due[i % len(due)] for i in range(args.count)]
        term.say(
            ngettext(
                "Practice: {n} question, what is due first.",
                "Practice: {n} questions, what is due first.",
                args.count,
            ).format(n=args.count)
        )
    right = asked = 0
    practised: list[Concept] = []
    try:
        for number, c in enumerate(plan, 1):
            q = _question(c)
            term.say()
            term.heading(
                _("Question {number} of {total}").format(number=number, total=len(plan)),
                f": {_(c.name)}",
            )

            def hint_taken(step: int, q: Question = q) -> None:
                recorder.record(Event.hint(q.key, q.tags or (q.tag,), step, kind=q.kind))

            answered = ask(term, reader, q, number, hint_taken)
            asked += 1
            right += answered.right
            recorder.record(
                question_event(q, answered.right, source="practice", hints=answered.hints)
            )
            if c not in practised:
                practised.append(c)
    except Stop:
        term.say()
        term.say(stopped_text(asked, len(plan)))
    if practised:
        _next_time(term, recorder, before, practised)
    term.say()
    term.say(score_line(right, asked))
    return 0


def _next_time(
    term: Term, recorder: Recorder, before: list[Event], practised: list[Concept]
) -> None:
    """When each concept practised is due again, from every answer so far."""
    schedule: Schedule | None = None
    if recorder.saving and recorder.store is not None:
        try:
            schedule = cached_schedule(recorder.store)
        except OSError:  # the store went away since: what this session knows will do
            schedule = None
    if schedule is None:
        schedule = Schedule([*before, *(e for e in recorder.events if e.is_answer)])
    now = datetime.now(UTC)
    term.say()
    term.heading(_("Next time"))
    names = {c: _(c.name) for c in practised}
    most = max(width(name) for name in names.values())
    for c in practised:
        card = schedule.card(c.key)
        if card is None:
            continue
        if card.due <= now:
            when = _("due again now")
        else:
            # Translators: {when} is a wait, "in 3 days", "in 5 hours".
            when = _("due again {when}").format(when=days_text(card.due - now))
        term.say(f"  {pad(names[c] + ':', most + 1)} {when}")


def _concept_list() -> str:
    keys = ", ".join(c.key for c in CONCEPTS)
    # Translators: {keys} lists the concepts' keys, which the learner types after --concept.
    return textwrap.fill(_("The concepts: {keys}.").format(keys=keys), 78)


COMMAND: Final = Command(
    name="practice",
    summary=N_("spaced practice: fresh questions on what is due, by concept"),
    # Translators: pass, bid 2, hint and q stay as they are: they are what the learner types.
    description=N_(
        "Practise what is due: each concept (a situation such as the left bower, or a\n"
        "principle of play such as second hand low) comes back when you are about to forget\n"
        "it, sooner after a wrong answer, with a fresh question each time. Answer as in\n"
        "hasenpfeffer quiz; a principle of play shows the position and its choices: type a\n"
        "card (JH or J♥), a suit, pass, bid 2, or a choice as shown. Type hint for a hint (again\n"
        "for more), q to stop. Every answer is kept in your progress; at the end each\n"
        "concept says when it is due again, and the last line is the score."
    ),
    more=_concept_list,
    examples="hasenpfeffer practice\n"
    "hasenpfeffer practice --count 10\n"
    "hasenpfeffer practice --concept 'left bower' --count 3",
    add_arguments=add_arguments,
    run=run,
)
