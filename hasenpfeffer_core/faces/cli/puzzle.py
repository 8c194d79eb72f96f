"""``hasenpfeffer puzzle``: puzzles from real hands, near the learner's rating.

Each puzzle is a moment of a hand the fair expert played where one move is clearly best
(:mod:`~hasenpfeffer_core.analysis.puzzles`). It is asked as a principle question is
(:func:`.quiz.ask`): the position, the choices, ``hint`` for a hint one step at a time;
then the verdict and why. The learner's puzzle rating (Glicko-2, worked out from the
puzzle answers in the progress store) picks puzzles near it and moves with each answer,
solved only when right with no hint. ``--streak`` asks puzzles of rising difficulty
until the first miss, and leaves the rating alone. Every answer is recorded; the last
line is the score.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Final

from ...analysis.progress import Event
from ...analysis.puzzles import (
    THEMES,
    Bank,
    Puzzle,
    hinted_words,
    puzzle_answers,
    puzzle_event,
    rating_from,
    target_rating,
)
from ...engine.i18n import N_, ngettext
from ...engine.i18n import gettext as _
from .progress import Recorder
from .quiz import MAX_QUESTIONS, ask, score_line, stopped_text
from .term import Command, Reader, Stop, Term, UsageError, plain_words, quote, whole_number

__all__ = ["COMMAND", "find_theme", "run"]

#: Where the choice of puzzles comes from: a fresh generator, so every session brings
#: other puzzles. Tests replace it to know the puzzles in advance.
_fresh_rng: Callable[[], random.Random] = random.Random


def find_theme(text: str, bank: Bank) -> str:
    """The theme ``text`` names (its key, or its name in English or in the current
    language); :class:`UsageError` listing the themes otherwise.

    >>> find_theme("second hand low", Bank()), find_theme("Score", Bank())
    ('second-hand-low', 'score')
    """
    plain = plain_words(text)
    for t in THEMES:
        names = (plain_words(t.key), plain_words(t.name), plain_words(_(t.name)))
        if plain in names and bank.count(t.key):
            return t.key
    raise UsageError(
        # Translators: {themes} lists the themes' keys, which stay as they are: the learner
        # types them.
        _("there is no puzzle theme {name}: choose one of {themes}").format(
            name=quote(text), themes=", ".join(bank.themes())
        )
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--count",
        type=whole_number(
            1, MAX_QUESTIONS, N_("{number} is more than {most}, the most questions in one session")
        ),
        default=10,
        help=_("how many puzzles, 1 to {most} (default: 10)").format(most=MAX_QUESTIONS),
    )
    parser.add_argument(
        "--theme",
        default=None,
        metavar="THEME",
        help=_("puzzles of this theme only (see the list above)"),
    )
    parser.add_argument(
        "--streak",
        action="store_true",
        help=_(
            "a streak: each puzzle harder than the last, until the first miss (the rating "
            "stays as it is)"
        ),
    )


def run(args: argparse.Namespace, term: Term, reader: Reader) -> int:
    """``hasenpfeffer puzzle``: ask, mark, explain, rate; record every answer."""
    bank = Bank()
    theme = find_theme(args.theme, bank) if args.theme is not None else None
    recorder = Recorder(term)
    before = recorder.open()
    rating = rating_from(before)
    seen = [pid for pid, _r, _s in puzzle_answers(before)]
    rng = _fresh_rng()
    total = MAX_QUESTIONS if args.streak else args.count
    if args.streak:
        term.say(
            _(
                "Puzzle streak: each puzzle is harder than the last, and the first miss ends "
                "it. Type hint for a hint (a puzzle solved with a hint ends the streak too)."
            )
        )
    else:
        term.say(
            # Translators: {rating} is the learner's puzzle rating, a whole number (1500).
            ngettext(
                "Puzzles: {n} puzzle near your rating, {rating}.",
                "Puzzles: {n} puzzles near your rating, {rating}.",
                args.count,
            ).format(n=args.count, rating=round(rating.rating))
        )
    right = asked = 0
    try:
        for number in range(1, total + 1):
            target = target_rating(rating, right if args.streak else None)
            puzzle = bank.pick(target, rng, theme=theme, seen=seen)
            seen.append(puzzle.id)
            q = puzzle.question()
            term.say()
            heading = (
                _("Puzzle {number}").format(number=number)
                if args.streak
                else _("Puzzle {number} of {total}").format(number=number, total=total)
            )
            # Translators: {theme} is the puzzle's theme ("Second hand low"), {rating} its
            # rating (1450).
            term.heading(
                heading,
                ": "
                + _("{theme}, rated {rating}").format(
                    theme=puzzle.theme_name, rating=puzzle.rating
                ),
            )

            def hint_taken(step: int, p: Puzzle = puzzle) -> None:
                recorder.record(Event.hint(f"puzzle|{p.id}", (p.theme,), step, kind="puzzle"))

            answered = ask(term, reader, q, number, hint_taken)
            asked += 1
            solved = answered.right and answered.hints == 0
            right += solved
            if answered.right and not solved:
                term.say("  " + hinted_words())
            recorder.record(
                puzzle_event(puzzle, answered.right, hints=answered.hints, streak=args.streak)
            )
            if args.streak:
                if not solved:
                    break
                continue
            old = rating.rating
            rating.update(puzzle.rating, solved)
            change = round(rating.rating) - round(old)
            # Translators: {rating} is the new puzzle rating (1523), {change} how it moved
            # ("+23", "-12").
            term.say(
                _("Your puzzle rating: {rating} ({change}).").format(
                    rating=round(rating.rating), change=f"{change:+d}"
                )
            )
    except Stop:
        term.say()
        if not args.streak:
            term.say(stopped_text(asked, total))
    term.say()
    if args.streak:
        term.say(
            ngettext(
                "Streak: {n} puzzle solved in a row.", "Streak: {n} puzzles solved in a row.", right
            ).format(n=right)
        )
    term.say(score_line(right, asked))
    return 0


def _theme_list() -> str:
    bank = Bank()
    keys = ", ".join(bank.themes())
    # Translators: {keys} lists the themes' keys, which the learner types after --theme.
    return _("The themes: {keys}.").format(keys=keys)


COMMAND: Final = Command(
    name="puzzle",
    summary=N_("puzzles from real hands: find the best move, rated like a chess puzzle"),
    # Translators: hint, q and --streak stay as they are: they are what the learner types.
    description=N_(
        "Find the best move in a moment of a real hand: a bid, a trump, a discard or a card,\n"
        "where one move is clearly better than every other. Type a card (JH or J♥), a suit,\n"
        "pass, bid 2, or a choice as shown; hint for a hint (again for more); q to stop.\n"
        "Each answer is explained with the expert's figures. Your puzzle rating starts at\n"
        "1500 and moves with each answer (a puzzle counts as solved when right with no hint);\n"
        "puzzles are picked near it. --streak: harder and harder, until the first miss.\n"
        "Every answer is kept in your progress; the last line is the score."
    ),
    more=_theme_list,
    examples="hasenpfeffer puzzle\n"
    "hasenpfeffer puzzle --count 5 --theme 'second hand low'\n"
    "hasenpfeffer puzzle --streak",
    add_arguments=add_arguments,
    run=run,
)
