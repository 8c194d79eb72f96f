"""``hasenpfeffer replay FILE``: a hand record, action by action, with its notes and
double-dummy marks (from :func:`~hasenpfeffer_core.analysis.review.analyse`).
"""

from __future__ import annotations

import argparse
from typing import Final

from ...analysis.review import HandAnalysis, analyse
from ...engine.cards import format_cards
from ...engine.i18n import N_
from ...engine.i18n import gettext as _
from ...engine.record import HandRecord
from ...engine.seats import SEATS
from ...engine.state import Phase
from ..rules_words import rules_words
from .hands import action_lines, load_record, mistakes, phase_text
from .term import Command, Reader, Stop, Term

__all__ = ["COMMAND", "run"]

# Translators: the keys b, t and q stay as they are: they are what the learner types.
_KEYS: Final = N_("Enter: next action, b: back, t: the table, q: quit.")


def add_arguments(replay: argparse.ArgumentParser) -> None:
    replay.add_argument("file", metavar="FILE", help=_("a hand record"))
    replay.add_argument(
        "--explain", action="store_true", help=_("also say the rule at work in every play")
    )
    replay.add_argument("--all", action="store_true", help=_("print everything, do not step"))


def _header(term: Term, record: HandRecord) -> None:
    if record.title:
        term.heading(record.title)
    if record.point:
        # Translators: {point} is what the hand teaches, written by the record's author.
        term.wrap(_("Point: {point}").format(point=record.point), "")
    # Translators: {rules} is the rules as the learner types them, "seed; lone_hands=yes".
    term.say(_("Rules: {rules}").format(rules=rules_words(record.rules)))
    term.say(_("Dealer: {seat}").format(seat=record.dealer.letter))
    if record.score is not None:
        term.say(
            _("Score before the hand: NS {ns}, EW {ew}").format(
                ns=record.score[0], ew=record.score[1]
            )
        )
    for seat, hand in zip(SEATS, record.deal.hands, strict=True):
        term.say(f"  {seat.letter}: {format_cards(hand)}")
    term.say("  " + _("widow: {card}").format(card=record.deal.widow.text))
    for note in record.notes:
        # Translators: {note} is a note written by the record's author.
        term.wrap(_("Note: {note}").format(note=note), "")


def _ending(term: Term, record: HandRecord, analysis: HandAnalysis) -> None:
    final = record.final_state()
    term.say()
    if final.result is not None:
        # Translators: {result} says who made or failed the bid and the points scored.
        term.wrap(_("Result: {result}").format(result=final.result.reason), "")
    elif final.phase is Phase.THROWN_IN:
        term.say(_("Result: the hand was thrown in."))
    elif final.to_move:
        term.say(
            # Translators: {phase} is where the hand stands: auction, trump, discard, play...
            _("The record stops here ({phase}; {seat} to act).").format(
                phase=phase_text(final.phase), seat=final.to_move.name
            )
        )
    else:
        term.say(_("The record stops here ({phase}).").format(phase=phase_text(final.phase)))
    mistakes(term, analysis)


def run(args: argparse.Namespace, term: Term, reader: Reader) -> int:
    """``hasenpfeffer replay FILE``: the record, action by action."""
    record = load_record(args.file)
    analysis = analyse(record)
    _header(term, record)
    term.say()
    n = len(record.moves)
    if not reader.interactive or args.all:
        for step in range(n):
            for line in action_lines(record, analysis, step, explain=args.explain):
                term.say(line)
        _ending(term, record, analysis)
        return 0
    term.say(_(_KEYS))
    shown = -1
    try:
        while True:
            key = reader.ask("> ").lower()
            if key in ("q", "quit"):
                return 0
            if key in ("t", "table"):
                term.say(str(record.state_at(shown + 1)))
                continue
            if key in ("b", "back"):
                if shown <= 0:
                    term.say("  " + _("(this is the start of the hand)"))
                    shown = -1
                    continue
                shown -= 1
                term.say("  " + _("(back)"))
            elif key:
                term.say("  " + _(_KEYS))
                continue
            else:
                shown += 1
                if shown >= n:
                    _ending(term, record, analysis)
                    return 0
            for line in action_lines(record, analysis, shown, explain=args.explain):
                term.say(line)
    except Stop:
        return 0


COMMAND: Final = Command(
    name="replay",
    summary=N_("step through a hand record, with its notes and double-dummy marks"),
    description=N_(
        "Show a hand record: its header, then every action with its note and, for\n"
        "each card played, its mark with all hands face up (✓ a best play, ✗ a card\n"
        "that cost points). At a terminal, press Enter for the next action, b to go back,\n"
        "t for the table, q to quit; otherwise the whole hand is printed."
    ),
    examples="hasenpfeffer replay tests/data/joker-led.hand\n"
    "hasenpfeffer replay --explain --all tests/data/lone-hand.hand",
    add_arguments=add_arguments,
    run=run,
)
