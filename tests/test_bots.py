"""Computer players: legal, reproducible, and the fair expert never sees hidden cards."""

from __future__ import annotations

import random

import pytest

from hasenpfeffer_core import (
    PRESETS,
    SEATS,
    HandRecord,
    HandState,
    Phase,
    Play,
    Rules,
    Seat,
    parse_cards,
)
from hasenpfeffer_core.analysis.bots import (
    FairExpert,
    RandomPlayer,
    RuleOfThumbPlayer,
    sample_hidden,
)
from hasenpfeffer_core.analysis.session import play_hand
from hasenpfeffer_core.analysis.view import PlayerView


@pytest.mark.parametrize("preset", list(PRESETS))
def test_rule_of_thumb_players_finish_hands_legally_under_every_preset(preset: str) -> None:
    rules = PRESETS[preset].rules
    for seed in range(15):
        h = HandState.new(rules, SEATS[seed % 4], seed)
        players = {s: RuleOfThumbPlayer() for s in Seat}
        for _ in range(200):
            seat = h.to_move
            if seat is None:
                break
            action = players[seat].choose(PlayerView.of(h, seat))
            assert action in h.legal_actions()
            h.apply(action)
        assert h.is_over


def test_mixed_players_at_any_seat_are_reproducible_by_seed() -> None:
    def run() -> tuple[object, ...]:
        players = {
            Seat.N: FairExpert(seed=1, samples=6, bid_samples=2),
            Seat.E: RandomPlayer(2),
            Seat.S: RuleOfThumbPlayer(),
            Seat.W: RandomPlayer(3),
        }
        return play_hand(HandState.new(dealer=Seat.S, seed=21), players).log

    assert run() == run()


def test_rule_of_thumb_beats_random_players_over_many_hands() -> None:
    totals = {"NS": 0, "EW": 0}
    for seed in range(80):
        players = {
            Seat.N: RuleOfThumbPlayer(),
            Seat.S: RuleOfThumbPlayer(),
            Seat.E: RandomPlayer(seed),
            Seat.W: RandomPlayer(seed + 1000),
        }
        h = play_hand(HandState.new(dealer=SEATS[seed % 4], seed=seed), players)
        if h.result is not None:
            for side, points in h.result.points.items():
                totals[side.name] += points
    assert totals["NS"] > totals["EW"]


def test_rule_of_thumb_does_not_overtake_a_partner_who_is_sure_to_win() -> None:
    # Spades trumps; N led the Joker; S holds A♠ and 9♠: S follows low.
    h = HandState.from_hands(
        {
            "N": "JK 9H 9D 9C TC QC",
            "E": "KS TH TD KD KC AC",
            "S": "AS 9S AH KH QH JH",
            "W": "TS QS QD AD JD JC",
        },
        "JS",
        dealer=Seat.W,
    )
    for text in ("N bid 3", "E pass", "S pass", "W pass"):
        from hasenpfeffer_core import parse_action

        h.apply(parse_action(text))
    for text in ("N trump S", "N discard 9D", "N play JK", "E play KS"):
        from hasenpfeffer_core import parse_action

        h.apply(parse_action(text))
    action = RuleOfThumbPlayer().choose(PlayerView.of(h, Seat.S))
    assert action == Play(Seat.S, parse_cards("9S")[0])


def _swap_hidden(state: HandState, seat: Seat) -> HandState:
    """The same hand with two other players' unplayed cards exchanged (same counts)."""
    assert state.deal is not None
    others = [s for s in SEATS if s is not seat]
    a, b = others[0], others[2]
    deal = state.deal
    hands = list(deal.hands)
    hands[a.value], hands[b.value] = hands[b.value], hands[a.value]
    from hasenpfeffer_core import Deal

    swapped = Deal((hands[0], hands[1], hands[2], hands[3]), deal.widow)
    return HandState.replay(swapped, (), rules=state.rules, dealer=state.dealer)


def test_fair_expert_plays_the_same_whatever_the_hidden_cards_are() -> None:
    for seed in range(6):
        h = HandState.new(dealer=Seat.W, seed=seed)
        seat = h.to_move
        assert seat is not None
        twin = _swap_hidden(h, seat)
        assert twin.hands != h.hands  # the hidden cards really differ
        v1, v2 = PlayerView.of(h, seat), PlayerView.of(twin, seat)
        assert v1 == v2  # the view holds nothing hidden
        a1 = FairExpert(seed=7, bid_samples=3).advise(v1)
        a2 = FairExpert(seed=7, bid_samples=3).advise(v2)
        assert a1.action == a2.action and a1.reason == a2.reason


def test_fair_expert_in_play_decides_from_the_view_only() -> None:
    # Mid-hand: replay the same public actions on two deals that differ only in the
    # cards the deciding player cannot see.
    h = HandState.new(dealer=Seat.N, seed=5)
    players = {s: RuleOfThumbPlayer() for s in Seat}
    while h.phase is not Phase.PLAY:
        seat = h.to_move
        assert seat is not None
        h.apply(players[seat].choose(PlayerView.of(h, seat)))
    seat = h.to_move
    assert seat is not None
    view = PlayerView.of(h, seat)
    rng = random.Random(0)
    masks = sample_hidden(view, rng)
    assert masks is not None
    assert masks[seat.value] == sum(1 << c.index for c in h.hand(seat))
    advice = [FairExpert(seed=3, samples=8).advise(view) for _ in range(2)]
    assert advice[0].action == advice[1].action
    assert advice[0].action in h.legal_actions()
    assert "Play" in advice[0].reason


def test_sampled_deals_respect_shown_voids() -> None:
    h = HandState.new(dealer=Seat.N, seed=9)
    players = {s: RandomPlayer(s.value) for s in Seat}
    for _ in range(40):
        seat = h.to_move
        if seat is None or (h.phase is Phase.PLAY and len(h.tricks) >= 3):
            break
        h.apply(players[seat].choose(PlayerView.of(h, seat)))
    seat = h.to_move
    if seat is None:
        pytest.skip("the hand ended early")
    view = PlayerView.of(h, seat)
    voids = view.voids()
    from hasenpfeffer_core.engine.tricks import EFF, trump_key

    tk = trump_key(view.trump)
    rng = random.Random(1)
    for _ in range(20):
        masks = sample_hidden(view, rng)
        assert masks is not None
        for s in SEATS:
            for i in range(25):
                if masks[s.value] >> i & 1:
                    assert EFF[tk][i] not in voids[s]
            if s is not seat and s not in view.sitting_out:
                assert masks[s.value].bit_count() == view.hand_sizes[s]


def test_hint_reason_names_the_card_and_the_figures() -> None:
    h = HandState.new(Rules(), Seat.E, 12)
    players = {s: RuleOfThumbPlayer() for s in Seat}
    while h.phase is not Phase.PLAY:
        seat = h.to_move
        assert seat is not None
        h.apply(players[seat].choose(PlayerView.of(h, seat)))
    seat = h.to_move
    assert seat is not None
    advice = FairExpert(seed=1, samples=10).advise(PlayerView.of(h, seat))
    assert isinstance(advice.action, Play)
    assert advice.action.card.text in advice.reason
    assert "tricks" in advice.reason or "only legal" in advice.reason
    record = HandRecord.from_state(h)
    assert record.final_state().to_move is seat


def test_sampled_deals_give_the_maker_trumps_as_the_auction_tells() -> None:
    """The maker named the trump: the deals a defender's fair expert imagines give the
    maker at least two trumps whenever the unseen cards allow it."""
    import random

    from hasenpfeffer_core.analysis.bots import MAKER_TRUMPS, sample_hidden
    from hasenpfeffer_core.engine.tricks import SUIT_MASK, trump_key

    checked = 0
    for seed in range(40):
        h = HandState.new(dealer=Seat.N, seed=seed)
        players = {s: RuleOfThumbPlayer() for s in SEATS}
        while h.to_move is not None and not h.current_trick and not h.tricks:
            if h.phase.name == "PLAY":
                break
            h.apply(players[h.to_move].choose(PlayerView.of(h, h.to_move)))
        if h.maker is None or h.trump is None or h.to_move is None:
            continue
        defender = next(s for s in SEATS if s.side is not h.maker.side)
        view = PlayerView.of(h, defender)
        tk = trump_key(h.trump)
        rng = random.Random(seed)
        deals = [sample_hidden(view, rng) for _ in range(30)]
        held = [(d[h.maker.value] & SUIT_MASK[tk][tk]).bit_count() for d in deals if d]
        # what the maker truly holds is one of the deals the expert could imagine
        assert len(held) == 30
        assert sum(n >= MAKER_TRUMPS for n in held) >= 27, (seed, held)
        checked += 1
    assert checked >= 20
