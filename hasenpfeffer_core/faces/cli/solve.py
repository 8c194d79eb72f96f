"""``hasenpfeffer solve``: double-dummy analysis of a hand record or of a position.

The tricks each side takes with best play come from
:mod:`~hasenpfeffer_core.analysis.solver`, the mistakes of a hand from
:func:`~hasenpfeffer_core.analysis.review.analyse`.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from ...analysis.review import analyse, state_play_values
from ...analysis.solve_cards import double_dummy, play_values
from ...engine.cards import Card, format_cards, parse_cards
from ...engine.errors import HasenpfefferError, ParseError
from ...engine.i18n import N_, ngettext, pgettext
from ...engine.i18n import gettext as _
from ...engine.record import HandRecord
from ...engine.seats import SEATS, Seat, Side, parse_seat
from ...engine.state import HandState, Phase
from .hands import (
    contract_text,
    load_record,
    mistakes,
    phase_text,
    plays_text,
    read_trump,
    score_text,
    trump_clause,
    trump_text,
)
from .term import Command, Reader, Term, UsageError, quote, whole_number

__all__ = ["COMMAND", "run"]

#: The largest ``--at`` read (a record has far fewer actions; it then says how many).
_MAX_AT: Final = 1_000_000


def add_arguments(solve: argparse.ArgumentParser) -> None:
    solve.add_argument("file", metavar="FILE", nargs="?", help=_("a hand record"))
    solve.add_argument(
        "--at",
        type=whole_number(0, _MAX_AT),
        default=None,
        metavar="N",
        help=_("solve the position after N actions"),
    )
    solve.add_argument(
        "--position",
        nargs="+",
        metavar="SEAT=CARDS",
        help=_("the cards each seat holds, as N=JK,AH (commas or quoted spaces)"),
    )
    solve.add_argument("--trump", help=_("with --position: the trump suit (or none)"))
    solve.add_argument(
        "--leader", help=_("with --position: who leads (or led the cards of --trick)")
    )
    solve.add_argument(
        "--trick", default="", help=_("with --position: the cards already played to the trick")
    )


def run(args: argparse.Namespace, term: Term, reader: Reader) -> int:
    """``hasenpfeffer solve``: a record's position, or one given with --position."""
    if args.position is not None:
        if args.file is not None or args.at is not None:
            raise UsageError(_("give a record FILE or --position, not both"))
        return _solve_position(args, term)
    if args.file is None:
        raise UsageError(_("give a record FILE, or a position with --position (see --help)"))
    if args.trump is not None or args.leader is not None or args.trick:
        raise UsageError(_("--trump, --leader and --trick go with --position"))
    record = load_record(args.file)
    n = len(record.moves)
    if args.at is not None and not 0 <= args.at <= n:
        raise UsageError(_("--at {at}: the record has actions 0 to {n}").format(at=args.at, n=n))
    at = args.at if args.at is not None else n
    state = record.state_at(at)
    if state.phase is Phase.THROWN_IN:
        raise UsageError(
            _("{file}: the hand was thrown in: no cards were played to solve").format(
                file=args.file
            )
        )
    if not state.is_over and state.phase is not Phase.PLAY:
        raise UsageError(
            # Translators: {phase} is where the hand stands: auction, trump, discard...
            ngettext(
                "{file}: the hand is not being played after {n} action ({phase}): "
                "there are no cards to solve (see --at)",
                "{file}: the hand is not being played after {n} actions ({phase}): "
                "there are no cards to solve (see --at)",
                at,
            ).format(file=args.file, n=at, phase=phase_text(state.phase))
        )
    analysis = analyse(record)
    term.heading(record.title or Path(args.file).name)
    if state.is_over:
        _solve_finished(term, record, state)
    else:
        term.say(
            # Translators: {trumps} is "hearts are trumps" or "no trump".
            ngettext(
                "The position after {n} action: {trumps}.",
                "The position after {n} actions: {trumps}.",
                at,
            ).format(n=at, trumps=trump_clause(state.trump))
        )
        _solve_state(term, state)
    term.say()
    mistakes(term, analysis)
    if not analysis.plays:
        term.say(_("No cards were played."))
    return 0


def _state_dd(state: HandState) -> dict[str, int]:
    assert state.leader is not None
    return double_dummy(
        {s: state.hand(s) for s in state.active_seats},
        state.trump,
        state.leader,
        [c for _, c in state.current_trick],
        no_trump_joker=state.rules.no_trump_joker,
        sitting_out=state.sitting_out,
    )


def _values_table(term: Term, seat: Seat, values: Mapping[Card, int]) -> None:
    side = seat.side.letters
    top = max(values.values())
    term.say(
        # Translators: {seat} is a seat letter (N, E, S, W), {side} its side (NS or EW).
        _("{seat} to play; the tricks {side} takes from here with each card:").format(
            seat=seat.letter, side=side
        )
    )
    for card, value in values.items():
        lost = top - value
        if not lost:
            verdict = "✓ " + pgettext("a card's value", "best")
        else:
            verdict = "✗ " + ngettext("gives up {n} trick", "gives up {n} tricks", lost).format(
                n=lost
            )
        term.say(f"  {card.text:<4} {value}  {verdict}")


def _solve_state(term: Term, state: HandState) -> None:
    for seat in state.active_seats:
        term.say(f"  {seat.letter}: {format_cards(state.hand(seat))}")
    if state.current_trick:
        term.say(
            "  "
            + _("trick {n} so far: {cards}").format(
                n=len(state.tricks) + 1, cards=plays_text(state.current_trick)
            )
        )
    dd = _state_dd(state)
    won = state.side_tricks
    total = {Side.NS: won[Side.NS] + dd["NS"], Side.EW: won[Side.EW] + dd["EW"]}
    term.wrap(
        # Translators: {ns} and {ew} are tricks each side takes from here; {score} the
        # tricks of the whole hand, "NS 3, EW 2".
        _(
            "Double dummy (every card visible, best play): from here NS {ns}, "
            "EW {ew}; with the tricks already won, {score}."
        ).format(ns=dd["NS"], ew=dd["EW"], score=score_text(total)),
        "",
    )
    assert state.to_move is not None
    _values_table(term, state.to_move, state_play_values(state))


def _solve_finished(term: Term, record: HandRecord, final: HandState) -> None:
    assert final.result is not None
    # Translators: {result} says who made or failed the bid and the points scored.
    term.wrap(_("The hand is over. {result}").format(result=final.result.reason), "")
    first = next(s for s in record.replay() if s.phase is Phase.PLAY)
    dd = _state_dd(first)
    assert first.maker is not None
    term.wrap(
        # Translators: {bid} is the high bid (a number or a name such as Little Pepper);
        # {trumps} is "hearts are trumps" or "no trump".
        _(
            "From the first lead, with every card visible and best play: NS {ns}, "
            "EW {ew} ({seat} bid {bid}, {trumps})."
        ).format(
            ns=dd["NS"],
            ew=dd["EW"],
            seat=first.maker.name,
            bid=contract_text(first),
            trumps=trump_clause(first.trump),
        ),
        "",
    )
    term.say(_("Played: {score}.").format(score=score_text(final.side_tricks)))


def _solve_position(args: argparse.Namespace, term: Term) -> int:
    if args.trump is None or args.leader is None:
        raise UsageError(_("--position needs --trump SUIT and --leader SEAT"))
    hands: dict[Seat, tuple[Card, ...]] = {}
    for item in args.position:
        seat_text, eq, cards_text = item.partition("=")
        if not eq:
            raise UsageError(
                _("--position {item}: write each hand as SEAT=CARDS, like N=JK,AH").format(
                    item=quote(item)
                )
            )
        try:
            seat = parse_seat(seat_text)
        except ParseError as e:
            raise UsageError(f"--position {quote(item)}: {e}") from None
        if seat in hands:
            raise UsageError(_("--position: {seat}'s hand is given twice").format(seat=seat.name))
        try:
            hands[seat] = parse_cards(cards_text)
        except HasenpfefferError as e:
            raise UsageError(f"--position {quote(item)}: {e}") from None
    trump = read_trump(args.trump)
    try:
        leader = parse_seat(args.leader)
    except HasenpfefferError as e:
        raise UsageError(f"--leader: {e}") from None
    try:
        trick = parse_cards(args.trick)
    except HasenpfefferError as e:
        raise UsageError(f"--trick: {e}") from None
    try:
        dd = double_dummy(hands, trump, leader, trick)
        values = play_values(hands, trump, leader, trick)
    except HasenpfefferError as e:
        raise UsageError(f"--position: {e}") from None
    if trick:
        # Translators: {trumps} is "Hearts are trumps" or "No trump".
        opening = _("{trumps}; {seat} led {cards}.").format(
            trumps=trump_text(trump), seat=leader.name, cards=format_cards(trick)
        )
    else:
        opening = _("{trumps}; {seat} leads.").format(trumps=trump_text(trump), seat=leader.letter)
    term.say(opening)
    for seat in SEATS:
        if seat in hands:
            term.say(f"  {seat.name}: {format_cards(hands[seat])}")
    term.say(
        _("Double dummy (every card visible, best play by both sides): NS {ns}, EW {ew}.").format(
            ns=dd["NS"], ew=dd["EW"]
        )
    )
    if values:
        first = next(iter(values))
        mover = next(s for s, cs in hands.items() if first in cs)
        _values_table(term, mover, values)
    return 0


COMMAND: Final = Command(
    name="solve",
    summary=N_("double-dummy analysis of a hand record or of a position"),
    description=N_(
        "With FILE: the position where the record stops, solved with every card\n"
        "visible (the tricks each side takes with best play, and what each legal card\n"
        "of the player to move is worth), and every play of the hand that gave up\n"
        "tricks. A finished hand is solved from the first lead.\n"
        "With --position: the position given as one SEAT=CARDS per seat."
    ),
    examples="hasenpfeffer solve tests/data/joker-led.hand\n"
    "hasenpfeffer solve --position N=JK,9S E=AS,KS S=JH,QS W=9H,TS --trump H --leader N\n"
    "hasenpfeffer solve --position N=AS E=9H,9S S=JH,TS W=KS,QD --trump H "
    "--leader N --trick JK",
    add_arguments=add_arguments,
    run=run,
)
