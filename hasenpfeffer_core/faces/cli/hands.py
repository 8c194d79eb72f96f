"""Hands, tricks and hand records in the words the commands print, and the trump suit
as the commands read it.

Shared by ``quiz``, ``rank``, ``replay``, ``solve`` and ``play``; every judgement in
it (the double-dummy marks, the mistakes) comes from
:mod:`~hasenpfeffer_core.analysis.review`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence

from ...analysis.describe import trump_clause, trump_text
from ...analysis.explain import join_and
from ...analysis.review import HandAnalysis, PlayAnalysis
from ...engine.actions import Play
from ...engine.auction import bid_name
from ...engine.cards import Card, Suit, parse_trump
from ...engine.errors import HasenpfefferError
from ...engine.i18n import gettext as _
from ...engine.i18n import ngettext, pgettext, whole_number
from ...engine.record import HandRecord, load
from ...engine.seats import Seat, Side
from ...engine.state import HandState, Phase
from .term import Term, UsageError

__all__ = [
    "action_lines",
    "auction_won_text",
    "contract_text",
    "load_record",
    "mark",
    "mistakes",
    "phase_text",
    "plays_text",
    "read_trump",
    "score_text",
    "trick_won_text",
    "trump_clause",
    "trump_text",
]


def read_trump(text: str) -> Suit | None:
    """A trump suit, or ``None`` for ``none`` (a no-trump hand).

    >>> read_trump("H") is read_trump("hearts") is read_trump("♥"), read_trump("NT")
    (True, None)
    """
    try:
        return parse_trump(text)
    except HasenpfefferError as e:
        # Translators: {error} says why the suit typed was not understood (and lists
        # the suits); "none" is what the learner types for a no-trump hand.
        raise UsageError(_("{error}; or none for no trump").format(error=e)) from None


def phase_text(phase: Phase) -> str:
    """Where a hand stands, in a few words: ``auction``, ``play``, ``thrown in``."""
    words = {
        Phase.DEAL: pgettext("phase of a hand", "deal"),
        Phase.AUCTION: pgettext("phase of a hand", "auction"),
        Phase.TRUMP: pgettext("phase of a hand", "trump"),
        Phase.DISCARD: pgettext("phase of a hand", "discard"),
        Phase.ALONE: pgettext("phase of a hand", "alone"),
        Phase.PLAY: pgettext("phase of a hand", "play"),
        Phase.SCORED: pgettext("phase of a hand", "scored"),
        Phase.THROWN_IN: pgettext("phase of a hand", "thrown in"),
    }
    return words[phase]


def plays_text(trick: Sequence[tuple[Seat, Card]]) -> str:
    """The cards of a trick: ``N: J♥   E: 9♥``."""
    return "   ".join(f"{s.letter}: {c.text}" for s, c in trick)


def score_text(scores: Mapping[Side, int]) -> str:
    """``NS 3, EW 2``: tricks or points by side."""
    # Translators: the tricks or points of each side; NS and EW are North-South and
    # East-West, in the letters of the seats ("seat" N, E, S, W): Italian writes EO.
    return _("NS {ns}, EW {ew}").format(ns=scores[Side.NS], ew=scores[Side.EW])


def contract_text(state: HandState) -> str:
    """The high bid as the rules call it: ``4``, ``Little Pepper``, ``Big Pepper``."""
    bid = state.high_bid
    assert bid is not None
    return bid_name(bid.tricks, bid.big, state.rules)


def auction_won_text(state: HandState) -> str:
    """``S wins the auction with 4``, once the auction of ``state`` is over."""
    assert state.maker is not None
    # Translators: {bid} is the high bid: a number of tricks or a name (Little Pepper).
    return _("{seat} wins the auction with {bid}").format(
        seat=state.maker.letter, bid=contract_text(state)
    )


def trick_won_text(state: HandState) -> str:
    """``N wins trick 3 (tricks: NS 2, EW 1)``: the last finished trick of ``state``."""
    # Translators: {score} is the tricks of each side so far, "NS 2, EW 1".
    return _("{seat} wins trick {n} (tricks: {score})").format(
        seat=state.tricks[-1].winner.letter,
        n=len(state.tricks),
        score=score_text(state.side_tricks),
    )


def load_record(path: str) -> HandRecord:
    """The hand record in the file ``path``; :class:`UsageError` saying what is wrong.

    The engine's :func:`~hasenpfeffer_core.engine.record.load` reads at most
    :data:`~hasenpfeffer_core.engine.record.MAX_RECORD_CHARS` characters, so a file
    that never ends (``/dev/zero``) is refused at once.
    """
    try:
        return load(path)
    except FileNotFoundError:
        raise UsageError(_("{file}: no such file").format(file=path)) from None
    except IsADirectoryError:
        raise UsageError(_("{file}: is a directory, not a hand record").format(file=path)) from None
    except UnicodeDecodeError:
        raise UsageError(
            _("{file}: not a text file (a hand record is UTF-8 text)").format(file=path)
        ) from None
    except OSError as e:
        raise UsageError(
            # Translators: {reason} is the operating system's reason, such as "Permission denied".
            _("{file}: cannot read it ({reason})").format(file=path, reason=e.strerror or e)
        ) from None
    except ValueError as e:  # the engine's RecordError; also a name with a NUL character
        raise UsageError(f"{path}: {e}") from None


def mark(p: PlayAnalysis) -> str:
    """The double-dummy mark of a play: ``✓`` or ``✗ cost 2 points (K♠ would have saved
    them)``, all hands face up and each side playing for its score."""
    if not p.cost:
        return "✓"
    best = join_and((c.text for c in p.best), "or")
    n = round(p.cost)
    # Translators: {n} is a whole number of points; {cards} is the card or cards that
    # were best, "K♠" or "K♠ or A♠".
    cost = ngettext(
        "cost {n} point ({cards} would have saved it)",
        "cost {n} points ({cards} would have saved them)",
        n,
    ).format(n=whole_number(p.cost), cards=best)
    return f"✗ {cost}"


def action_lines(
    record: HandRecord, analysis: HandAnalysis, step: int, *, explain: bool
) -> list[str]:
    """The lines that show action ``step`` (0-based) of ``record``: the action with its
    double-dummy mark and note (and, with ``explain``, the rule at work), then who won
    the trick or the auction."""
    lines: list[str] = []
    move = record.moves[step]
    before = record.state_at(step)
    after = record.state_at(step + 1)
    play = analysis.at(step)
    if isinstance(move.action, Play) and not before.current_trick:
        lines.append("  " + _("trick {n}").format(n=len(before.tricks) + 1))
    text = f"{step + 1:>3}. {move.action}"
    if play is not None:
        text = f"{text:<18} {mark(play)}"
    lines.append(text)
    indent = " " * 8
    if move.note:
        lines.extend(textwrap.wrap(move.note, 78, initial_indent=indent, subsequent_indent=indent))
    if play is not None and explain:
        lines.extend(
            textwrap.wrap(play.rule_note, 78, initial_indent=indent, subsequent_indent=indent)
        )
    if len(after.tricks) > len(before.tricks):
        lines.append(f"{indent}{trick_won_text(after)}")
    if after.maker is not None and before.maker is None and after.high_bid is not None:
        lines.append(f"{indent}{auction_won_text(after)}")
    return lines


def mistakes(term: Term, analysis: HandAnalysis) -> None:
    """Print the plays that cost points with all hands face up (nothing when no card
    was played)."""
    if not analysis.plays:
        return
    if not analysis.mistakes:
        term.say(_("Cards that cost points, all hands face up: none, every card was a best play."))
        return
    term.say(_("Cards that cost points, all hands face up (hindsight):"))
    for p in analysis.mistakes:
        term.say(f"  {p.step + 1:>3}. {p.action}  {mark(p)}")
