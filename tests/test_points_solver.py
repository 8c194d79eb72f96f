"""Best play for points against an exhaustive minimax written here.

Under the source rules makers who fail lose a point per trick they took, so a side that
can no longer make its bid plays to lose tricks, and the trick solver's line is not the
points line. The reference below tries every legal card of every player and values the
end of the hand in points, with the scoring tables of the engine's own scoring for every
bid, under the source rules and the other scoring options.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_solver import NAMES, Position, endings

from hasenpfeffer_core.analysis.contracts import points_table
from hasenpfeffer_core.analysis.points_solver import play_points_masks, points_value
from hasenpfeffer_core.analysis.solver import TrickEngine, solve_masks
from hasenpfeffer_core.engine.actions import Bid
from hasenpfeffer_core.engine.cards import Card, Suit, parse_cards
from hasenpfeffer_core.engine.rules import FailedBid, Rules
from hasenpfeffer_core.engine.seats import Seat
from hasenpfeffer_core.engine.tricks import legal_plays, trick_winner, trump_key


def exhaustive_points(pos: Position, won: int, net: Sequence[float]) -> dict[Card, float]:
    """For each legal card of the player to move: N-S's points (``net`` of N-S's tricks
    in the whole hand, ``won`` already taken) when both sides play for points after it."""
    hands = {s: list(cs) for s, cs in pos.hands.items()}

    def from_trick(leader: str, trick: list[Card], taken: int) -> float:
        order = pos.order(leader)
        if len(trick) == len(order):
            winner = order[trick_winner(trick, pos.trump)]
            taken += 1 if winner in "NS" else 0
            if not hands[winner]:
                return net[taken]
            return from_trick(winner, [], taken)
        seat = order[len(trick)]
        values = []
        for card in legal_plays(hands[seat], trick, pos.trump, no_trump_joker=pos.no_trump_joker):
            hands[seat].remove(card)
            values.append(from_trick(leader, [*trick, card], taken))
            hands[seat].append(card)
        return max(values) if seat in "NS" else min(values)

    seat = pos.mover
    out = {}
    for card in legal_plays(
        hands[seat], list(pos.trick), pos.trump, no_trump_joker=pos.no_trump_joker
    ):
        hands[seat].remove(card)
        out[card] = from_trick(pos.leader, [*pos.trick, card], won)
        hands[seat].append(card)
    return out


def masks_of(pos: Position) -> list[int]:
    return [sum(1 << c.index for c in pos.hands[s]) for s in NAMES]


def active_of(pos: Position) -> int:
    return sum(1 << NAMES.index(s) for s in pos.players)


RULES = (
    Rules(),
    Rules(failed_bid=FailedBid.BID),
    Rules(defenders_score=True),
)


def ns_net(rules: Rules, level: int, makers_ns: bool) -> list[float]:
    """N-S's points minus E-W's for N-S taking 0 to 6 tricks, from the engine's scoring."""
    bid = Bid(Seat.N if makers_ns else Seat.E, level)
    table = points_table(rules, bid)
    if makers_ns:
        return [float(mk - df) for mk, df in table]
    return [float(table[6 - t][1] - table[6 - t][0]) for t in range(7)]


@settings(max_examples=150, deadline=None)
@given(
    endings(max_tricks=3),
    st.integers(0, 3),
    st.integers(3, 6),
    st.booleans(),
    st.sampled_from(RULES),
)
def test_points_match_exhaustive_search(
    pos: Position, won: int, level: int, makers_ns: bool, rules: Rules
) -> None:
    left = len(pos.hands[pos.mover])
    won = min(won, 6 - left)  # the tricks already played
    net = ns_net(rules, level, makers_ns)
    want = exhaustive_points(pos, won, net)
    tk = trump_key(pos.trump)
    trick = [c.index for c in pos.trick]
    leader = NAMES.index(pos.leader)
    jat = pos.no_trump_joker.value == "any-time"
    got = play_points_masks(
        masks_of(pos), tk, leader, trick, won, net, joker_any_time=jat, active=active_of(pos)
    )
    assert {c.index: v for c, v in want.items()} == got
    value = points_value(
        masks_of(pos), tk, leader, trick, won, net, joker_any_time=jat, active=active_of(pos)
    )
    assert value == (max(want.values()) if pos.mover in "NS" else min(want.values()))


@settings(max_examples=60, deadline=None)
@given(
    endings(max_tricks=3),
    st.integers(0, 3),
    st.integers(3, 6),
    st.booleans(),
    st.sampled_from(RULES),
    st.randoms(use_true_random=False),
)
def test_one_table_serves_every_deal_of_a_decision(
    pos: Position, won: int, level: int, makers_ns: bool, rules: Rules, rng: random.Random
) -> None:
    """The judge keeps one table of what the search learned for all the deals it weighs
    for one decision (the cards of the player to move fixed, the others dealt again):
    every deal still gets the exhaustive search's points."""
    left = len(pos.hands[pos.mover])
    won = min(won, 6 - left)
    net = ns_net(rules, level, makers_ns)
    tk = trump_key(pos.trump)
    trick = [c.index for c in pos.trick]
    leader = NAMES.index(pos.leader)
    jat = pos.no_trump_joker.value == "any-time"
    others = [s for s in pos.players if s != pos.mover]
    table: dict[int, tuple[float, float]] = {}
    for _ in range(4):
        unseen = [c for s in others for c in pos.hands[s]]
        rng.shuffle(unseen)
        hands = dict(pos.hands)
        for s in others:
            hands[s], unseen = tuple(unseen[: len(pos.hands[s])]), unseen[len(pos.hands[s]) :]
        deal = replace(pos, hands=hands)
        want = exhaustive_points(deal, won, net)
        got = play_points_masks(
            masks_of(deal),
            tk,
            leader,
            trick,
            won,
            net,
            joker_any_time=jat,
            active=active_of(deal),
            table=table,
        )
        assert {c.index: v for c, v in want.items()} == got


@settings(max_examples=100, deadline=None)
@given(endings(max_tricks=4))
def test_the_misere_game_matches_exhaustive_search(pos: Position) -> None:
    """The trick engine's misère game (each side plays to lose tricks), which the points
    search asks at trick boundaries, against the exhaustive search with each trick
    costing N-S a point: its value and, at a trick's start, each of its null-window
    tests (its bounds and the last two tricks' own search are the trick game's
    otherwise)."""
    want = exhaustive_points(pos, 0, [-float(t) for t in range(7)])
    tricks = -(max(want.values()) if pos.mover in "NS" else min(want.values()))
    tk = trump_key(pos.trump)
    trick = [c.index for c in pos.trick]
    leader = NAMES.index(pos.leader)
    jat = pos.no_trump_joker.value == "any-time"
    engine = TrickEngine(tk, jat, active_of(pos), masks_of(pos), misere=True)
    assert engine.value(leader, trick) == tricks
    if not trick:
        for need in range(len(pos.hands[pos.leader]) + 2):
            assert (engine.boundary(leader, need) >= need) == (tricks >= need)


def test_makers_who_cannot_make_their_bid_duck_the_tricks() -> None:
    """N-S bid 5 and took 2 tricks with 2 left: the bid is lost, and each trick N-S take
    costs a point. Leading A♣ wins both tricks (the 9♣ is then good): -4. Leading the 9♣
    lets East's K♣ win, and East's diamond is not North's to beat: -2."""

    def mask(text: str) -> int:
        return sum(1 << c.index for c in parse_cards(text))

    hands = [mask("AC 9C"), mask("KC TD"), mask("QC 9S"), mask("JC 9D")]
    tk = trump_key(Suit.HEARTS)
    net = ns_net(Rules(), 5, makers_ns=True)
    assert solve_masks(hands, tk, 0) == 2  # playing for tricks: both
    got = play_points_masks(hands, tk, 0, (), 2, net)
    ace, nine = parse_cards("AC 9C")
    assert (got[ace.index], got[nine.index]) == (-4.0, -2.0)
    assert points_value(hands, tk, 0, (), 2, net) == -2.0


@pytest.mark.parametrize("rules", RULES[1:])
def test_where_more_tricks_are_always_better_the_trick_line_is_the_points_line(
    rules: Rules,
) -> None:
    """With defenders scoring per trick or a failed bid costing the bid, more tricks are
    never worse for a side, and the points value is the trick solver's value in points."""

    def mask(text: str) -> int:
        return sum(1 << c.index for c in parse_cards(text))

    hands = [mask("AC 9C"), mask("KC TD"), mask("QC 9S"), mask("JC 9D")]
    tk = trump_key(Suit.HEARTS)
    net = ns_net(rules, 5, makers_ns=True)
    assert points_value(hands, tk, 0, (), 2, net) == net[2 + solve_masks(hands, tk, 0)]
