"""The lessons' simulations (hasenpfeffer_core.analysis.stats): seeded, complete, and counted right.

The counts are checked against a second count made here from the games themselves,
and the computer players are checked to act through the shared loop ``autoplay``.
"""

from __future__ import annotations

from typing import Any

import pytest

from hasenpfeffer_core.analysis import session, stats
from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer
from hasenpfeffer_core.analysis.stats import (
    GAME_MEASURES,
    computer_position,
    game_stats,
    joker_side,
    play_game,
    rng,
)
from hasenpfeffer_core.analysis.view import PlayerView
from hasenpfeffer_core.engine.actions import Deal
from hasenpfeffer_core.engine.cards import DECK, JOKER
from hasenpfeffer_core.engine.rules import PRESETS, Rules
from hasenpfeffer_core.engine.seats import SEATS, Seat, Side
from hasenpfeffer_core.engine.state import HandState

SEEDS = range(6)


@pytest.fixture(scope="module")
def games() -> list[Any]:
    return [play_game(Rules(), seed) for seed in SEEDS]


def test_a_game_is_played_to_the_target(games: list[Any]) -> None:
    for game in games:
        assert game.is_over and game.winner in (Side.NS, Side.EW)
        assert game.scores[game.winner] >= Rules().target
        assert all(hand.is_over for hand in game.hands)
        assert (
            sum(h.result.points[game.winner] for h in game.hands if h.result)
            == (game.scores[game.winner])
        )


def test_the_same_seed_plays_the_same_game(games: list[Any]) -> None:
    again = play_game(Rules(), SEEDS[0])
    assert [h.log for h in again.hands] == [h.log for h in games[0].hands]
    other = play_game(Rules(), 99)
    assert [h.log for h in other.hands] != [h.log for h in games[0].hands]


def test_a_game_follows_its_rules() -> None:
    short = play_game(Rules(target=3), 1)
    assert short.is_over and max(short.scores.values()) >= 3
    assert len(short.hands) <= len(play_game(Rules(), 1).hands)
    parlett = play_game(PRESETS["parlett"].rules, 1)
    assert all(h.rules == PRESETS["parlett"].rules for h in parlett.hands)


def test_the_game_stats_agree_with_a_count_of_the_hands(games: list[Any]) -> None:
    result = game_stats(games)
    assert list(result) == list(GAME_MEASURES)
    hands = [h for g in games for h in g.hands]
    scored = [h.result for h in hands if h.result is not None]
    failed = [r for r in scored if not r.made]
    assert result["hands per game"] == pytest.approx(len(hands) / len(games))
    assert result["% of bids failed"] == pytest.approx(100 * len(failed) / len(scored))
    thrown_in = len(hands) - len(scored)
    assert result["% of hands thrown in"] == pytest.approx(100 * thrown_in / len(hands))
    assert 0 <= result["% of bids failed"] <= 100 and 0 <= result["% of hands thrown in"] <= 100
    # the Joker's value, counted from the dealt hands
    diffs = []
    for h in hands:
        holder = [s for s in SEATS if JOKER in h.deal.hands[s.value]]
        if h.result is None or not holder:
            continue
        side = holder[0].side
        diffs.append(h.result.points[side] - h.result.points[side.other])
    assert diffs and result["Joker's value (points per hand)"] == pytest.approx(
        sum(diffs) / len(diffs)
    )


def test_game_stats_needs_a_game() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        game_stats([])


def test_the_computer_players_act_through_autoplay(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def counting(*args: Any, **kwargs: Any) -> Any:
        taken = session.autoplay(*args, **kwargs)
        calls.append(len(taken))
        return taken

    monkeypatch.setattr(stats, "autoplay", counting)
    game = play_game(Rules(), 2)
    assert len(calls) == len(game.hands)  # one autoplay per hand
    assert calls == [len(h.log) for h in game.hands]
    calls.clear()
    computer_position(20, Seat.E, 16)
    assert calls == [16]


def test_a_computer_position_is_the_rule_of_thumb_players_moves() -> None:
    state = computer_position(20, Seat.E, 16)
    assert len(state.log) == 16 and state.to_move is not None
    thumb = RuleOfThumbPlayer()
    by_hand = HandState.new(dealer=Seat.E, seed=20)
    for _ in range(16):
        seat = by_hand.to_move
        assert seat is not None
        by_hand.apply(thumb.choose(PlayerView.of(by_hand, seat)))
    assert state.log == by_hand.log


def test_a_position_past_the_end_of_the_hand_is_refused() -> None:
    with pytest.raises(ValueError, match="ended after"):
        computer_position(20, Seat.E, 500)


def test_joker_side() -> None:
    rest = [c for c in DECK if c is not JOKER]
    hands = (tuple(rest[0:6]), tuple(rest[6:12]), tuple(rest[12:18]), tuple(rest[18:24]))
    widow = HandState.replay(Deal(hands, JOKER), [])
    assert joker_side(widow) is None
    east = HandState.replay(
        Deal((hands[0], (JOKER, *hands[1][1:]), hands[2], hands[3]), hands[1][0]), []
    )
    assert joker_side(east) is Side.EW
    assert joker_side(HandState(Rules(), Seat.N)) is None  # not dealt yet


def test_rng_is_seeded() -> None:
    assert [rng(5).random() for _ in range(2)] == [rng(5).random()] * 2
    assert rng(5).random() != rng(6).random()
