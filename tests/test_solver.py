"""The double-dummy solver against an exhaustive minimax written here, and its input checks.

The reference below (``exhaustive``) is deliberately plain: it tries every
legal card of every player, using only the public ``legal_plays`` and
``trick_winner``, and remembers nothing but the exact value of each position
at the start of a trick. It is far too slow for full deals in a test run, so
full deals are checked against values it computed once (``FULL_DEALS``); set
``HASENPFEFFER_SLOW_TESTS=1`` to recompute them (several minutes).
"""

from __future__ import annotations

import copy
import os
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hasenpfeffer_core.analysis.solve_cards import double_dummy, play_values
from hasenpfeffer_core.analysis.solver import (
    clear_caches,
    play_values_masks,
    solve_masks,
)
from hasenpfeffer_core.engine.cards import DECK, SUITS, Card, Suit, parse_cards
from hasenpfeffer_core.engine.errors import InvalidDataError, ParseError
from hasenpfeffer_core.engine.rules import NoTrumpJoker
from hasenpfeffer_core.engine.seats import Seat
from hasenpfeffer_core.engine.tricks import legal_plays, trick_winner, trump_key

NAMES = "NESW"


# --- the reference: exhaustive minimax -------------------------------------------


@dataclass
class Position:
    """A position for the reference: hands by seat name, the seats in play, the trick."""

    hands: dict[str, tuple[Card, ...]]
    trump: Suit | None
    leader: str
    players: tuple[str, ...]  # the seats in play, clockwise from N
    trick: tuple[Card, ...] = ()
    no_trump_joker: NoTrumpJoker = NoTrumpJoker.VOID_ONLY

    @property
    def out(self) -> tuple[str, ...]:
        """The seats that sit out (for ``sitting_out=``)."""
        return tuple(s for s in NAMES if s not in self.players)

    def order(self, leader: str) -> list[str]:
        i = NAMES.index(leader)
        return [s for s in (NAMES[(i + k) % 4] for k in range(4)) if s in self.players]

    @property
    def mover(self) -> str:
        return self.order(self.leader)[len(self.trick)]


def exhaustive(pos: Position) -> tuple[int, dict[Card, int]]:
    """N-S's tricks from here (current trick included) by trying every legal card,
    and for each legal card of the player to move, the tricks of that player's side."""
    hands = {s: list(cs) for s, cs in pos.hands.items()}
    memo: dict[tuple[object, ...], int] = {}

    def ns_won(order: list[str], trick: list[Card]) -> tuple[str, int]:
        winner = order[trick_winner(trick, pos.trump)]
        return winner, 1 if winner in "NS" else 0

    def from_trick(leader: str, trick: list[Card]) -> int:
        order = pos.order(leader)
        if len(trick) == len(order):
            winner, won = ns_won(order, trick)
            return won + from_start(winner)
        seat = order[len(trick)]
        values = []
        for card in legal_plays(hands[seat], trick, pos.trump, no_trump_joker=pos.no_trump_joker):
            hands[seat].remove(card)
            values.append(from_trick(leader, [*trick, card]))
            hands[seat].append(card)
        return max(values) if seat in "NS" else min(values)

    def from_start(leader: str) -> int:
        if not hands[leader]:
            return 0
        key = (*(frozenset(hands[s]) for s in NAMES), leader)
        if key not in memo:
            memo[key] = from_trick(leader, [])
        return memo[key]

    total = len(pos.hands[pos.mover])
    value = from_trick(pos.leader, list(pos.trick))
    seat = pos.mover
    per_card: dict[Card, int] = {}
    trick = list(pos.trick)
    for card in legal_plays(hands[seat], trick, pos.trump, no_trump_joker=pos.no_trump_joker):
        hands[seat].remove(card)
        ns = from_trick(pos.leader, [*trick, card])
        hands[seat].append(card)
        per_card[card] = ns if seat in "NS" else total - ns
    return value, per_card


# --- random positions --------------------------------------------------------------

# Seats in play: everyone, one lone player (partner out), or two lone players.
LAYOUTS: tuple[tuple[str, ...], ...] = (
    ("N", "E", "S", "W"),
    ("N", "E", "W"),
    ("E", "S", "W"),
    ("N", "E", "S"),
    ("N", "S", "W"),
    ("N", "E"),
    ("E", "S"),
    ("S", "W"),
    ("N", "W"),
)
TRUMPS: tuple[Suit | None, ...] = (*SUITS, None)


def make_position(
    deck: Sequence[Card],
    tricks: int,
    players: tuple[str, ...],
    trump: Suit | None,
    leader_pick: int,
    played: int,
    any_time: bool,
) -> Position:
    """Deal ``tricks`` cards to each player in play from ``deck`` and play the
    first ``played`` cards of the current trick from the leader on."""
    leader = players[leader_pick % len(players)]
    order = [s for s in (NAMES[(NAMES.index(leader) + k) % 4] for k in range(4)) if s in players]
    played = played % len(order)
    cards = iter(deck)
    hands: dict[str, tuple[Card, ...]] = {s: () for s in NAMES}
    trick: list[Card] = []
    for i, seat in enumerate(order):
        hand = [next(cards) for _ in range(tricks)]
        if i < played:
            # play a legal card to the trick: the hand keeps the other cards
            card = legal_plays(hand, trick, trump)[0]
            trick.append(card)
            hand.remove(card)
        hands[seat] = tuple(hand)
    jk = NoTrumpJoker.ANY_TIME if any_time and trump is None else NoTrumpJoker.VOID_ONLY
    return Position(hands, trump, leader, players, tuple(trick), jk)


@st.composite
def endings(draw: st.DrawFn, max_tricks: int = 3) -> Position:
    """Positions with 1 to ``max_tricks`` tricks left (mostly the most), at a trick's
    start or in the middle of it; most with four players, some with lone hands."""
    tricks = draw(st.sampled_from([max_tricks] * 6 + list(range(1, max_tricks)) * 2))
    players = draw(st.sampled_from([LAYOUTS[0]] * 8 + list(LAYOUTS[1:])))
    return make_position(
        draw(st.permutations(DECK)),
        tricks,
        players,
        draw(st.sampled_from(TRUMPS)),
        draw(st.integers(0, 3)),
        draw(st.integers(0, 3)),
        draw(st.booleans()),
    )


def solve(pos: Position) -> dict[str, int]:
    return double_dummy(
        pos.hands,
        pos.trump,
        pos.leader,
        pos.trick,
        no_trump_joker=pos.no_trump_joker,
        sitting_out=pos.out,
    )


def values(pos: Position) -> dict[Card, int]:
    return play_values(
        pos.hands,
        pos.trump,
        pos.leader,
        pos.trick,
        no_trump_joker=pos.no_trump_joker,
        sitting_out=pos.out,
    )


def random_deal(rng: random.Random) -> Position:
    deck = list(DECK)
    rng.shuffle(deck)
    return make_position(deck, 6, LAYOUTS[0], rng.choice(TRUMPS), rng.randrange(4), 0, False)


# --- exactness -------------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(endings())
def test_double_dummy_matches_exhaustive_search_on_endings(pos: Position) -> None:
    expected, _ = exhaustive(pos)
    total = len(pos.hands[pos.mover])
    assert solve(pos) == {"NS": expected, "EW": total - expected}


@settings(max_examples=300, deadline=None)
@given(endings())
def test_play_values_match_exhaustive_search_on_endings(pos: Position) -> None:
    _, expected = exhaustive(pos)
    got = values(pos)
    assert got == expected
    assert list(got) == [c for c in pos.hands[pos.mover] if c in expected]  # hand order


@settings(max_examples=150, deadline=None)
@given(endings(max_tricks=4))
def test_both_match_exhaustive_search_with_four_tricks_left(pos: Position) -> None:
    expected, per_card = exhaustive(pos)
    assert solve(pos)["NS"] == expected
    assert values(pos) == per_card


@settings(max_examples=40, deadline=None)
@given(endings(max_tricks=3), st.booleans())
def test_results_do_not_depend_on_the_caches(pos: Position, clear_first: bool) -> None:
    if clear_first:
        clear_caches()
    first = (solve(pos), values(pos))
    clear_caches()
    assert (solve(pos), values(pos)) == first


def test_a_lone_hand_mid_trick_matches_exhaustive_search() -> None:
    # N is alone (S sits out); E led the 9 of spades, W followed, N plays last.
    pos = Position(
        {"N": parse_cards("AS 9H"), "E": parse_cards("KH"), "S": (), "W": parse_cards("QS")},
        Suit.HEARTS,
        "E",
        ("N", "E", "W"),
        parse_cards("9S TS"),
    )
    assert solve(pos) == {"NS": 1, "EW": 1}
    assert values(pos) == exhaustive(pos)[1] == {Card("AS"): 1}


def test_in_the_last_trick_seats_without_cards_count_as_having_played() -> None:
    # N led A♠ and someone trumped with J♥; W still holds K♠. By default the J♥
    # came from E (the next seat), unless E is said to sit out: then from S.
    hands = {"N": "", "E": "", "S": "", "W": "KS"}
    assert double_dummy(hands, "H", "N", "AS JH") == {"NS": 0, "EW": 1}
    assert double_dummy(hands, "H", "N", "AS JH", sitting_out="E") == {"NS": 1, "EW": 0}
    assert play_values(hands, "H", "N", "AS JH") == {Card("KS"): 1}
    assert play_values(hands, "H", "N", "AS JH", sitting_out=["E"]) == {Card("KS"): 0}


def test_the_joker_any_time_option_lets_the_joker_beat_a_suit_it_could_follow() -> None:
    hands = {"N": "QS", "E": "JK 9S", "S": "9H 10H", "W": "9C 10C"}
    assert play_values(hands, None, "N", "AS") == {Card("9S"): 1}
    any_time = play_values(hands, None, "N", "AS", no_trump_joker=NoTrumpJoker.ANY_TIME)
    assert any_time == {Card("JK"): 1, Card("9S"): 1}
    assert play_values(hands, "S", "N", "AS") == {Card("JK"): 1, Card("9S"): 1}  # a trump


# Full deals, random_deal(random.Random(seed)) for each seed: N-S's tricks and the
# value of each opening lead (to the leader's side), as computed by ``exhaustive``
# (from 2 s to 100 s a deal; see test_recorded_full_deal_values_...).
FULL_DEALS: dict[int, tuple[int, dict[str, int]]] = {
    0: (2, {"JD": 1, "AC": 2, "9C": 0, "9H": 2, "9S": 2, "AS": 2}),
    1: (4, {"KH": 4, "QC": 3, "AC": 4, "JC": 4, "JK": 4, "AS": 4}),
    2: (1, {"QS": 5, "TC": 5, "KD": 5, "9D": 5, "9S": 5, "KC": 4}),
    3: (3, {"TS": 1, "9H": 2, "KC": 2, "KD": 1, "JD": 1, "AS": 3}),
    4: (2, {"KH": 2, "9H": 2, "AH": 2, "JK": 1, "TD": 1, "TS": 1}),
    5: (5, {"KH": 1, "QH": 1, "JS": 1, "KS": 1, "9D": 1, "TD": 1}),
    6: (5, {"TD": 4, "AD": 5, "QH": 5, "AC": 5, "AS": 5, "JD": 4}),
    7: (3, {"AS": 3, "TC": 3, "KC": 3, "AC": 3, "TD": 3, "KD": 3}),
    8: (3, {"9C": 3, "KC": 3, "JH": 3, "AS": 3, "QS": 3, "TC": 3}),
    9: (4, {"JC": 3, "AD": 3, "JS": 3, "QS": 3, "TH": 4, "KC": 3}),
    10: (2, {"JC": 2, "KS": 2, "QS": 2, "AH": 2, "KC": 2, "AD": 2}),
    11: (2, {"TD": 2, "AC": 1, "QC": 1, "TC": 1, "QS": 0, "JH": 2}),
}


def test_full_deals_match_values_computed_by_exhaustive_search() -> None:
    assert FULL_DEALS, "no reference values recorded"
    for seed, (ns, leads) in FULL_DEALS.items():
        pos = random_deal(random.Random(seed))
        clear_caches()
        assert solve(pos)["NS"] == ns, seed
        assert {c.ascii: v for c, v in values(pos).items()} == leads, seed


@pytest.mark.skipif(
    not os.environ.get("HASENPFEFFER_SLOW_TESTS"),
    reason="several minutes; set HASENPFEFFER_SLOW_TESTS=1",
)
def test_recorded_full_deal_values_are_those_of_exhaustive_search() -> None:
    for seed, (ns, leads) in FULL_DEALS.items():
        pos = random_deal(random.Random(seed))
        value, per_card = exhaustive(pos)
        assert (value, {c.ascii: v for c, v in per_card.items()}) == (ns, leads), seed


def test_values_stay_consistent_through_played_out_deals() -> None:
    # At every play of a randomly played deal: the mover's best card is worth what
    # double_dummy says, and the card played is worth the trick it wins (if it ends
    # one) plus what double_dummy says of the next position.
    rng = random.Random(7)
    for _ in range(20):
        pos = random_deal(rng)
        hands = {s: list(cs) for s, cs in pos.hands.items()}
        leader = pos.leader
        for _trick in range(6):
            trick: list[Card] = []
            order = pos.order(leader)
            for seat in order:
                here = Position(
                    {s: tuple(cs) for s, cs in hands.items()},
                    pos.trump,
                    leader,
                    pos.players,
                    tuple(trick),
                )
                dd = solve(here)
                side = "NS" if seat in "NS" else "EW"
                vals = values(here)
                assert max(vals.values()) == dd[side]
                card = rng.choice(sorted(vals, key=lambda c: c.index))
                hands[seat].remove(card)
                trick.append(card)
                if len(trick) < len(order):
                    after = solve(
                        Position(
                            {s: tuple(cs) for s, cs in hands.items()},
                            pos.trump,
                            leader,
                            pos.players,
                            tuple(trick),
                        )
                    )[side]
                else:
                    winner = order[trick_winner(trick, pos.trump)]
                    won = 1 if (winner in "NS") == (side == "NS") else 0
                    rest = {s: tuple(cs) for s, cs in hands.items()}
                    after = won + (
                        solve(Position(rest, pos.trump, winner, pos.players))[side]
                        if hands[winner]
                        else 0
                    )
                    leader = winner
                assert vals[card] == after


# --- the internal entry points -------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(endings())
def test_internal_entry_points_agree_with_the_public_functions(pos: Position) -> None:
    masks = [sum(1 << c.index for c in pos.hands[s]) for s in NAMES]
    active = sum(1 << i for i, s in enumerate(NAMES) if s in pos.players)
    jat = pos.no_trump_joker is NoTrumpJoker.ANY_TIME
    args = (masks, trump_key(pos.trump), NAMES.index(pos.leader), [c.index for c in pos.trick])
    saved = list(masks)
    ns = solve_masks(*args, joker_any_time=jat, active=active)
    by_index = play_values_masks(*args, joker_any_time=jat, active=active)
    assert masks == saved
    assert ns == solve(pos)["NS"]
    assert by_index == {c.index: v for c, v in values(pos).items()}


def test_internal_solve_checks_the_position_when_not_told_the_seats_in_play() -> None:
    with pytest.raises(InvalidDataError, match="unequal lengths"):
        solve_masks([0b11, 0b100, 0b1000, 0b10000], 0, 0)
    assert solve_masks([0b1, 0b10, 0b100, 0b1000], 0, 0) == 1  # 9♠ 10♠ J♠ Q♠: S's right bower


# --- accepted forms and bad input -------------------------------------------------------


def test_seats_cards_and_texts_are_accepted_in_every_form() -> None:
    as_text = {"N": "JK AS", "E": "9S 9H", "S": "JH 10S", "W": "KS QD"}
    as_cards: dict[Seat | str, Iterable[Card | str] | str] = {
        Seat.N: parse_cards("JK AS"),
        Seat.E: [Card("9S"), "9H"],
        "south": ("JH", "TS"),
        "w": "K♠ Q♦",
    }
    expected = {"NS": 2, "EW": 0}
    assert double_dummy(as_text, "H", "N") == expected
    assert double_dummy(as_cards, Suit.HEARTS, Seat.N) == expected
    assert double_dummy(as_cards, "hearts", "north") == expected
    assert play_values(as_cards, "♥", Seat.N) == play_values(as_text, "H", "N")


def test_a_missing_seat_sits_out() -> None:
    assert double_dummy({"N": "AS", "E": "KS", "W": "9S"}, None, "E") == {"NS": 1, "EW": 0}
    assert double_dummy({"N": "AS", "E": "KS", "S": [], "W": "9S"}, "no trump", "E") == {
        "NS": 1,
        "EW": 0,
    }


def test_inputs_are_not_mutated() -> None:
    hands: dict[str | Seat, list[Card | str]] = {
        "N": ["9S", Card("9H")],
        Seat.E: list(parse_cards("KS QH")),
        "S": list(parse_cards("AS 10D")),
        "W": ["QS", "10C"],
    }
    trick: list[Card | str] = []
    before = copy.deepcopy(hands)
    double_dummy(hands, "H", "N", trick)
    play_values(hands, "H", "N", trick)
    assert hands == before and trick == []
    hands2 = {"N": ["9H"], "E": ["KS", "QH"], "S": ["AS", "10D"], "W": ["QS", "10C"]}
    trick2 = ["9S"]
    before2 = copy.deepcopy((hands2, trick2))
    double_dummy(hands2, "H", "N", trick2)
    play_values(hands2, "H", "N", trick2)
    assert (hands2, trick2) == before2


GOOD: dict[Seat | str, str] = {"N": "JK AS", "E": "9S 9H", "S": "JH 10S", "W": "KS QD"}

TWICE: dict[Seat | str, str] = {Seat.N: "9C 9D", **GOOD}
SEVEN = {
    "N": "AS KS QS JS 10S 9S AH",
    "E": "9H 10H QH KH 9D 10D JD",
    "S": "QD KD AD 9C 10C JC QC",
    "W": "KC AC JH JK",
}

# (hands, trump, leader, trick, error, message)
# fmt: off
BAD_INPUT = [
    ({**GOOD, "E": "9S JK"}, "H", "N", "", InvalidDataError, "JK is in both N's hand and E's hand"),
    ({**GOOD, "E": "9S 9S"}, "H", "N", "", InvalidDataError, "9♠ is listed twice.*in E's hand"),
    ({**GOOD, "N": "AS"}, "H", "N", "JK 9S", InvalidDataError, "9♠ is in E's hand and also played"),
    ({**GOOD, "N": "JK AS 9C"}, "H", "N", "", InvalidDataError,
     r"hands of unequal lengths \(N 3, E 2, S 2, W 2 cards\): at the start of a trick"),
    ({**GOOD, "N": "AS"}, "H", "E", "JK", InvalidDataError,
     r"unequal lengths .*should hold one card fewer than those still to play"),
    ({"N": "", "E": "9H", "S": "", "W": "KS"}, "H", "N", "AS JH", InvalidDataError,
     r"unequal lengths \(N 0, E 1, W 1 cards\): the players who have played to the trick "
     r"\(N, E\) should hold one card fewer than those still to play \(W\)"),
    ({**GOOD, "N": ""}, "H", "N", "", InvalidDataError,
     "the leader N has no cards and has not led to the trick"),
    ({"N": "", "E": "9H"}, "H", "N", "AS JH 9S", InvalidDataError,
     "the trick has 3 cards but only 2 players are in play"),
    ({"N": "", "E": "", "S": "", "W": ""}, "H", "N", "AS KS QS 9S", InvalidDataError,
     "the trick has 4 cards but only 4 players are in play, so it is already complete"),
    (SEVEN, "H", "N", "", InvalidDataError,
     r"too many cards \(N 7, E 7, S 7, W 4\): a player holds at most 6 cards"),
    ({"N": "AS", "S": "KS"}, "H", "N", "", InvalidDataError, "E and W both have no cards"),
    ({}, "H", "N", "", InvalidDataError, "no cards to play"),
    ({**GOOD, "N": "JK 8S"}, "H", "N", "", ParseError, "'8S' is not a card"),
    ({**GOOD, "X": "AD"}, "H", "N", "", ParseError, "'X' is not a seat"),
    (GOOD, "Z", "N", "", ParseError, "'Z' is not a suit"),
    (GOOD, "H", "up", "", ParseError, "'up' is not a seat"),
    (GOOD, "H", "N", "Joker Q", ParseError, "'Q' is not a card"),
    (TWICE, "H", "N", "", InvalidDataError, "N's hand is given twice"),
    ({**GOOD, "N": 7}, "H", "N", "", ParseError, "N's hand must be cards or card texts, got int"),
]
# fmt: on


@pytest.mark.parametrize(("hands", "trump", "leader", "trick", "error", "message"), BAD_INPUT)
def test_bad_input_raises_a_clear_error(
    hands: dict[str, str], trump: str, leader: str, trick: str, error: type, message: str
) -> None:
    for func in (double_dummy, play_values):
        with pytest.raises(error, match=message):
            func(hands, trump, leader, trick)


def test_hands_must_be_a_mapping() -> None:
    with pytest.raises(InvalidDataError, match="hands must map seats"):
        double_dummy(["JK AS", "9S 9H"], "H", "N")  # type: ignore[arg-type]


def test_a_seat_said_to_sit_out_must_hold_no_cards() -> None:
    with pytest.raises(InvalidDataError, match="S holds 2 cards but sits out"):
        double_dummy(GOOD, "H", "N", sitting_out=["S"])
    with pytest.raises(ParseError, match="is not a seat"):
        double_dummy(GOOD, "H", "N", sitting_out=["Q"])
