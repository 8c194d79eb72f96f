"""Helpers shared by several test files."""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence
from typing import Any

import pytest

from hasenpfeffer_core import SEATS, Card, HandState
from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer
from hasenpfeffer_core.analysis.view import PlayerView
from hasenpfeffer_core.engine.state import Phase


def snapshot(state: HandState) -> dict[str, Any]:
    """Every public property of a hand (and its repr and text), to show nothing changed."""
    return {
        "phase": state.phase,
        "rules": state.rules,
        "dealer": state.dealer,
        "deal": state.deal,
        "to_move": state.to_move,
        "is_over": state.is_over,
        "log": state.log,
        "hands": state.hands,
        "widow": state.widow,
        "discard": state.discard,
        "auction": state.auction,
        "high_bid": state.high_bid,
        "maker": state.maker,
        "forced_bid": state.forced_bid,
        "trump": state.trump,
        "trump_named": state.trump_named,
        "maker_alone": state.maker_alone,
        "defender_alone": state.defender_alone,
        "sitting_out": state.sitting_out,
        "active_seats": state.active_seats,
        "leader": state.leader,
        "current_trick": state.current_trick,
        "tricks": state.tricks,
        "tricks_won": state.tricks_won,
        "side_tricks": state.side_tricks,
        "result": state.result,
        "legal_actions": state.legal_actions(),
        "repr": repr(state),
        "str": str(state),
    }


def all_cards_accounted(state: HandState) -> Sequence[Card]:
    """Every card's whereabouts: held, played, widow or discard."""
    held = [c for s in SEATS for c in state.hand(s)]
    played = [c for t in state.tricks for c in t.cards] + [c for _, c in state.current_trick]
    extra: list[Card] = []
    if state.deal is not None:
        if not state.rules.widow or state.maker is None:
            extra.append(state.deal.widow)
        if state.discard is not None:
            extra.append(state.discard)
    return held + played + extra


def run_cli(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    *argv: str,
    stdin: str = "",
) -> tuple[int, str, str]:
    """The ``hasenpfeffer`` command's ``main(argv)`` with ``stdin`` piped in; returns
    (exit status, stdout, stderr).

    The command speaks English whatever the machine's locale (the tests compare its
    English output): the locale is made ``C.UTF-8`` and ``HASENPFEFFER_LANG`` unset, so
    only a ``--lang`` in ``argv`` (or a test that sets them again) chooses another."""
    from hasenpfeffer_core.faces import cli

    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    monkeypatch.delenv("NO_COLOR", raising=False)
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "HASENPFEFFER_LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def call_positions(phase: Phase, count: int, nth: int = 0) -> list[PlayerView]:
    """Decisions of ``phase`` with a choice (the ``nth`` of each hand), from hands the
    rule of thumb bids."""
    found: list[PlayerView] = []
    for seed in range(60):
        h = HandState.new(dealer=SEATS[seed % 4], seed=900 + seed)
        thumb = RuleOfThumbPlayer()
        seen = 0
        while h.phase is not Phase.PLAY and not h.is_over:
            seat = h.to_move
            assert seat is not None
            view = PlayerView.of(h, seat)
            if h.phase is phase and len(view.legal_actions) > 1:
                if seen == nth:
                    found.append(view)
                    break
                seen += 1
            h.apply(thumb.choose(view))
        if len(found) >= count:
            break
    return found
