"""One test per rule point of ``/work/shared/rules-notes.md``, then one per ``Rules`` option
and one per preset. A failing test's name says which rule is broken.

Every test plays a concrete, hand-built deal (``HandState.from_hands``) and checks
something a player would see: who is to act, which cards are legal, who wins a trick,
the phase, the exact score. Section 7 of the notes (words the translations got wrong)
is about the docs, not the engine, and has no tests here.

Map of the rules-notes sections to the tests:

1. Cards and their order
   test_1_deck_has_25_cards_nine_to_ace_and_joker,
   test_1_trump_suit_has_eight_cards_joker_right_left_a_k_q_10_9,
   test_1_left_bower_belongs_to_trump_only,
   test_1_other_two_plain_suits_keep_six_cards_with_their_jack,
   test_1_joker_is_always_a_trump,
   test_1_joker_led_leads_trump_and_left_bower_must_follow
2. Seats, deal and dealer
   test_2_partners_sit_opposite_ns_against_ew,
   test_2_bidding_and_play_go_clockwise,
   test_2_first_dealer_is_random_and_deal_passes_left,
   test_2_six_cards_each_and_one_widow
3. Bidding
   test_3_bidding_starts_left_of_dealer,
   test_3_player_passes_or_bids_1_to_6_tricks,
   test_3_each_bid_must_be_higher_than_high_bid,
   test_3_bidding_goes_round_until_three_have_passed,
   test_3_after_three_passes_the_fourth_player_may_still_bid,
   test_3_pass_is_final,
   test_3_all_pass_joker_holder_must_bid_3,
   test_3_all_pass_joker_in_widow_throws_in_and_deal_passes_left
4. Widow and trump
   test_4_high_bidder_picks_up_widow_names_trump_and_discards,
   test_4_discard_takes_no_further_part,
   test_4_trump_is_one_of_the_four_suits
5. Play
   test_5_left_of_dealer_leads_first_trick_with_any_card,
   test_5_must_follow_led_suit_if_able,
   test_5_follow_suit_uses_effective_suit,
   test_5_void_player_may_play_any_card,
   test_5_highest_trump_wins_the_trick,
   test_5_no_trump_played_highest_card_of_led_suit_wins,
   test_5_trick_winner_leads_next_trick,
   test_5_lone_hands_are_off_by_default
   (the lone-hand rules themselves: test_option_lone_hands_*, test_option_defend_alone_*,
   test_option_lone_multiplier_*)
6. Scoring
   test_6_made_bid_scores_one_per_trick_taken,
   test_6_exactly_making_the_bid_scores_the_bid,
   test_6_failed_bid_seed_loses_one_per_trick_taken,
   test_6_big_pepper_doubles_result_either_way,
   test_6_defenders_score_nothing,
   test_6_negative_scores_are_possible,
   test_6_first_side_to_reach_10_wins
   (both sides reaching the target: test_option_target_both_sides_reach_it_makers_win)

Options (every field of ``Rules``; test_every_rules_option_has_tests guards the list):
   bidding, all_pass, widow, no_trump, no_trump_joker, first_lead, lone_hands,
   defend_alone, failed_bid, defenders_score, big_pepper_multiplier,
   lone_multiplier, target: the tests named test_option_<field>_*.
Presets (test_every_preset_has_a_test guards the list):
   test_preset_seed_*, test_preset_seed_pepper_*, test_preset_lose_the_bid_*,
   test_preset_gamerules_*, test_preset_parlett_*.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable

import pytest

import hasenpfeffer_core.engine.game as game_module
from hasenpfeffer_core import (
    DECK,
    JOKER,
    PRESETS,
    SEATS,
    Action,
    Bid,
    BidTooLowError,
    Card,
    Deal,
    Discard,
    Game,
    GoAlone,
    HandState,
    IllegalActionError,
    InvalidDataError,
    MustFollowSuitError,
    NameTrump,
    OutOfTurnError,
    Pass,
    Phase,
    Play,
    Rank,
    Rules,
    Seat,
    Side,
    Suit,
    WrongPhaseError,
    bid_name,
    effective_suit,
    parse_action,
    parse_card,
    parse_cards,
    parse_seat,
    ranking,
    trick_winner,
)

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Side.NS, Side.EW

# --- deals ----------------------------------------------------------------
# Each deal is written for hearts trump unless said otherwise.

#: N holds four top trumps and two losers. With hearts trump and N leading, the script
#: DEAL_A_PLAY gives N-S exactly 4 tricks and E-W 2 (E's J♦ cannot stop N's trumps).
DEAL_A = {
    "N": "JK JH AH KH 9S 9C",
    "E": "JD QH AS KS AC KC",
    "S": "AD KD QD 9D QC JC",
    "W": "10H 9H 10S JS QS 10C",
}
WIDOW_A = "10D"
DEAL_A_PLAY = (
    "JK JD 9D 9H",  # N
    "JH QH QD 10H",  # N
    "AH KS KD QS",  # N
    "KH KC AD JS",  # N
    "9S AS JC 10S",  # E
    "AC QC 10C 9C",  # E
)

#: Deal A with the Joker and the widow swapped: nobody holds the Joker.
DEAL_A_JOKER_WIDOW = {**DEAL_A, "N": "10D JH AH KH 9S 9C"}

#: N holds the six best hearts and the widow is the ten of hearts: with hearts trump,
#: N holds only trumps and wins every trick whoever leads and whatever anyone plays.
DEAL_B = {
    "N": "JK JH JD AH KH QH",
    "E": "9H AS KS QS JS 10S",
    "S": "9S 9D 10D QD KD AD",
    "W": "9C 10C JC QC KC AC",
}
WIDOW_B = "10H"

#: For trick winners (hearts trump, N leads): see test_5_highest_trump_wins_the_trick.
DEAL_D = {
    "N": "AS AD KD QD 10D 9D",
    "E": "9H 9C 10H QH KH AH",
    "S": "9S QC 10S JS QS KS",
    "W": "JD 10C JC KC AC JH",
}
WIDOW_D = "JK"

#: E's only trump is the left bower J♦ (hearts trump); N holds the Joker.
DEAL_J = {
    "N": "JK AH KH QH 10H 9S",
    "E": "JD AS KS AC KC QS",
    "S": "AD KD QD 9D QC JC",
    "W": "9H 10S JS 9C 10C JH",
}
WIDOW_J = "10D"

#: For no-trump hands: S holds the Joker beside two diamonds and is void in spades.
DEAL_NT = {
    "N": "AH KH QH 9D KS 9S",
    "E": "JH JD 10C JC QC KC",
    "S": "9H 10H 10D QD JK AC",
    "W": "10S JS QS AS KD AD",
}
WIDOW_NT = "9C"


# --- helpers --------------------------------------------------------------

Apply = Callable[[Action], None]


def hand_of(
    hands: dict[str, str], widow: str, rules: Rules | None = None, dealer: Seat = W
) -> HandState:
    """A hand dealt with these cards (dealer W by default, so N bids and leads first)."""
    return HandState.from_hands(hands, widow, rules=rules or Rules(), dealer=dealer)


def deal_of(hands: dict[str, str], widow: str) -> Deal:
    deal = HandState.from_hands(hands, widow).deal
    assert deal is not None
    return deal


def cards(text: str) -> set[Card]:
    return set(parse_cards(text))


def legal_cards(h: HandState) -> set[Card]:
    """The cards the player to move may play."""
    return {a.card for a in h.legal_actions() if isinstance(a, Play)}


def act(h: HandState, *texts: str, apply: Apply | None = None) -> None:
    """Apply actions written as in a hand record: ``"N bid 3"``, ``"E pass"``."""
    for text in texts:
        (apply or h.apply)(parse_action(text))


def play(h: HandState, *tricks: str, apply: Apply | None = None) -> None:
    """Play cards in order, each by the player whose turn it is."""
    for trick in tricks:
        for card in parse_cards(trick):
            seat = h.to_move
            assert seat is not None
            (apply or h.apply)(Play(seat, card))


def contract(
    h: HandState,
    maker: Seat | str,
    bid: str = "3",
    trump: str = "H",
    discard: str | None = None,
    *,
    alone: bool | None = None,
    defender_alone: Seat | None = None,
    apply: Apply | None = None,
) -> HandState:
    """Drive a hand to the play: ``maker`` bids ``bid`` (``3``, ``little``, ``big``) and
    everyone else passes; the maker names ``trump`` and discards ``discard`` (default:
    the widow, keeping the dealt hand). With lone hands, the maker goes ``alone`` and
    ``defender_alone`` (if any) defends alone; the other defender declines."""
    do = apply or h.apply
    maker = parse_seat(maker)
    while h.phase is Phase.AUCTION:
        seat = h.to_move
        assert seat is not None
        if seat is maker and h.high_bid is None:
            do(parse_action(f"{seat.name} bid {bid}"))
        else:
            do(Pass(seat))
    assert h.maker is maker, "the contract helper expects the maker to win the auction"
    do(parse_action(f"{maker.name} trump {trump}"))
    if h.phase is Phase.DISCARD:
        do(Discard(maker, parse_card(discard) if discard else h.widow))  # type: ignore[arg-type]
    if h.phase is Phase.ALONE:
        do(GoAlone(maker, bool(alone)))
        while h.phase is Phase.ALONE:
            seat = h.to_move
            assert seat is not None
            do(GoAlone(seat, seat is defender_alone))
    return h


def play_out(h: HandState, apply: Apply | None = None) -> HandState:
    """Finish the hand, each player playing the first legal card."""
    while not h.is_over:
        (apply or h.apply)(h.legal_actions()[0])
    return h


def points(h: HandState) -> dict[Side, int]:
    assert h.phase is Phase.SCORED and h.result is not None
    return dict(h.result.points)


def scored_a(bid: str, rules: Rules | None = None, maker: Seat = N) -> HandState:
    """Deal A, ``maker`` bids ``bid`` in hearts and the script is played: N-S take 4."""
    h = contract(hand_of(DEAL_A, WIDOW_A, rules), maker, bid)
    play(h, *DEAL_A_PLAY)
    assert h.side_tricks == {NS: 4, EW: 2}
    return h


def scored_b(bid: str, rules: Rules | None = None, **kw: object) -> HandState:
    """Deal B, N bids ``bid`` in hearts and takes all six tricks."""
    h = play_out(contract(hand_of(DEAL_B, WIDOW_B, rules), N, bid, **kw))  # type: ignore[arg-type]
    assert h.side_tricks == {NS: 6, EW: 0}
    return h


@pytest.fixture
def rigged_deals(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Make every Game deal the given deals in turn (then repeat them)."""

    def rig(*deals: Deal) -> None:
        it = itertools.cycle(deals)
        monkeypatch.setattr(game_module, "deal_cards", lambda rng, dealer: next(it))

    return rig


# =========================================================================
# 1. Cards and their order
# =========================================================================


def test_1_deck_has_25_cards_nine_to_ace_and_joker() -> None:
    assert len(DECK) == 25 and len(set(DECK)) == 25
    assert JOKER in DECK and JOKER.is_joker
    for suit in Suit:
        ranks = sorted(c.rank for c in DECK if c.suit is suit)
        assert ranks == [Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE]
    assert [c for c in DECK if c.suit is None] == [JOKER]
    # A real deal uses all 25: 4 x 6 in the hands plus the widow.
    h = HandState.new(dealer=N, seed=11)
    dealt = [c for s in SEATS for c in h.hand(s)] + [h.widow]
    assert sorted(dealt, key=lambda c: c.index) == list(DECK)


def test_1_trump_suit_has_eight_cards_joker_right_left_a_k_q_10_9() -> None:
    order = [c.text for c in ranking(Suit.HEARTS)[:8]]
    assert order == ["JK", "J♥", "J♦", "A♥", "K♥", "Q♥", "10♥", "9♥"]
    assert [c.text for c in ranking(Suit.CLUBS)[:3]] == ["JK", "J♣", "J♠"]
    # Each trump beats the next one down, whatever the order of play.
    trumps = parse_cards("JK JH JD AH KH QH 10H 9H")
    for higher, lower in itertools.pairwise(trumps):
        assert trick_winner([lower, higher], "H") == 1
        assert trick_winner([higher, lower], "H") == 0
    # ...and the lowest trump beats the ace of the suit led.
    assert trick_winner(parse_cards("AS KS 9H QS"), "H") == 2


def test_1_left_bower_belongs_to_trump_only() -> None:
    # Hearts trump: J♦ is a heart, and diamonds have five cards (no jack).
    assert effective_suit("JD", "H") is Suit.HEARTS
    diamonds = [c.text for c in ranking("H") if effective_suit(c, "H") is Suit.DIAMONDS]
    assert diamonds == ["A♦", "K♦", "Q♦", "10♦", "9♦"]
    # In play: S leads A♦; E holds J♦ and no other diamond, so E is void in diamonds and
    # may play anything; E's J♦ then wins as a trump.
    h = contract(hand_of(DEAL_J, WIDOW_J, dealer=E), S, "2")
    assert h.to_move is S
    play(h, "AD 10S 9S")
    assert h.to_move is E
    assert legal_cards(h) == cards("JD AS KS AC KC QS")
    play(h, "JD")
    assert h.tricks[0].winner is E


def test_1_other_two_plain_suits_keep_six_cards_with_their_jack() -> None:
    for suit in (Suit.SPADES, Suit.CLUBS):
        plain = [c.text for c in ranking("H") if effective_suit(c, "H") is suit]
        assert plain == [f"{r}{suit.symbol}" for r in ("A", "K", "Q", "J", "10", "9")]
    # N leads 9♠ (hearts trump): W must follow spades, and J♠ is one of W's spades.
    h = contract(hand_of(DEAL_A, WIDOW_A), N)
    play(h, "9S AS 9D")
    assert h.to_move is W
    assert legal_cards(h) == cards("10S JS QS")


def test_1_joker_is_always_a_trump() -> None:
    for suit in Suit:
        assert effective_suit(JOKER, suit) is suit
        assert ranking(suit)[0] is JOKER
    # Trumped in on a plain lead, the Joker wins; led, it beats the right bower.
    assert trick_winner(parse_cards("AS KS JK QS"), "C") == 2
    assert trick_winner(parse_cards("JK JC JS AC"), "C") == 0


def test_1_joker_led_leads_trump_and_left_bower_must_follow() -> None:
    h = contract(hand_of(DEAL_J, WIDOW_J), N)
    play(h, "JK")
    # E's only trump is the left bower: E must play it.
    assert legal_cards(h) == cards("JD")
    with pytest.raises(MustFollowSuitError, match="must follow hearts"):
        h.apply(Play(E, parse_card("AS")))
    play(h, "JD")
    # S has no trump and may play anything; W must play a trump (J♥ or 9♥).
    assert legal_cards(h) == cards("AD KD QD 9D QC JC")
    play(h, "9D")
    assert legal_cards(h) == cards("9H JH")
    play(h, "JH")
    assert h.tricks[0].winner is N


# =========================================================================
# 2. Seats, deal and dealer
# =========================================================================


def test_2_partners_sit_opposite_ns_against_ew() -> None:
    assert (N.partner, E.partner, S.partner, W.partner) == (S, W, N, E)
    assert (N.side, S.side, E.side, W.side) == (NS, NS, EW, EW)
    # N makes the contract; S's trick counts for N-S, W's for E-W.
    h = contract(hand_of(DEAL_D, WIDOW_D), N, discard="9D")
    play(h, "AS 9H 9S JD", "10C AD 9C QC", "KS JH JK 10H")
    assert [t.winner for t in h.tricks] == [W, S, N]
    assert h.side_tricks == {NS: 2, EW: 1}


def test_2_bidding_and_play_go_clockwise() -> None:
    h = hand_of(DEAL_D, WIDOW_D, dealer=S)
    order = []
    for _ in range(3):
        order.append(h.to_move)
        h.apply(Pass(h.to_move))  # type: ignore[arg-type]
    order.append(h.to_move)
    assert order == [W, N, E, S]
    h = contract(hand_of(DEAL_D, WIDOW_D), N, discard="9D")
    play(h, "AS 9H 9S JD", "10C AD 9C QC")
    # S won the second trick and leads; play goes S, W, N, E.
    seen = []
    for card in parse_cards("KS JH JK 10H"):
        seen.append(h.to_move)
        h.apply(Play(h.to_move, card))  # type: ignore[arg-type]
    assert seen == [S, W, N, E]


def test_2_first_dealer_is_random_and_deal_passes_left() -> None:
    dealers = {Game(seed=seed).hand.dealer for seed in range(40)}
    assert dealers == set(SEATS)
    assert Game(seed=5).hand.dealer is Game(seed=5).hand.dealer
    # Four thrown-in hands in a row: the deal goes W, N, E, S, W.
    g = Game(Rules(all_pass="redeal"), seed=1, first_dealer=W)
    seen = [g.hand.dealer]
    for _ in range(4):
        for _ in range(4):
            g.apply(Pass(g.hand.to_move))  # type: ignore[arg-type]
        assert g.hand.phase is Phase.THROWN_IN
        seen.append(g.next_hand().dealer)
    assert seen == [W, N, E, S, W]


def test_2_six_cards_each_and_one_widow() -> None:
    for seed in range(5):
        h = HandState.new(dealer=E, seed=seed)
        assert [len(h.hand(s)) for s in SEATS] == [6, 6, 6, 6]
        assert h.widow is not None
        assert all(h.widow not in h.hand(s) for s in SEATS)
    with pytest.raises(InvalidDataError, match="six cards"):
        HandState.from_hands({**DEAL_A, "W": "10H 9H 10S JS QS"}, WIDOW_A)


# =========================================================================
# 3. Bidding
# =========================================================================


def test_3_bidding_starts_left_of_dealer() -> None:
    for dealer in SEATS:
        h = hand_of(DEAL_A, WIDOW_A, dealer=dealer)
        assert h.phase is Phase.AUCTION
        assert h.to_move is dealer.left
        with pytest.raises(OutOfTurnError):
            h.apply(Bid(dealer, 1))


def test_3_player_passes_or_bids_1_to_6_tricks() -> None:
    h = hand_of(DEAL_A, WIDOW_A)
    assert h.legal_actions() == (Pass(N), *(Bid(N, n) for n in range(1, 7)))
    for bad in (Bid(N, 0), Bid(N, 7)):
        with pytest.raises(BidTooLowError, match="1 to 6"):
            h.apply(bad)
    act(h, "N bid 6")
    assert h.high_bid == Bid(N, 6)
    assert h.legal_actions() == (Pass(E),)


def test_3_each_bid_must_be_higher_than_high_bid() -> None:
    h = hand_of(DEAL_A, WIDOW_A)
    act(h, "N bid 3")
    for same_or_lower in (3, 2, 1):
        with pytest.raises(BidTooLowError, match="must be higher"):
            h.apply(Bid(E, same_or_lower))
    # Refused bids change nothing.
    assert (h.to_move, h.high_bid) == (E, Bid(N, 3))
    assert h.legal_actions() == (Pass(E), Bid(E, 4), Bid(E, 5), Bid(E, 6))
    act(h, "E bid 4")
    assert h.high_bid == Bid(E, 4)


def test_3_bidding_goes_round_until_three_have_passed() -> None:
    h = hand_of(DEAL_A, WIDOW_A)
    act(h, "N bid 1", "E bid 2", "S bid 3", "W bid 4")
    assert h.to_move is N  # second round
    act(h, "N bid 5", "E pass", "S bid 6")
    assert h.phase is Phase.AUCTION and h.to_move is W  # only two have passed
    act(h, "W pass")
    assert h.phase is Phase.AUCTION and h.to_move is N
    act(h, "N pass")  # the third pass ends it
    assert h.phase is Phase.TRUMP
    assert h.maker is S and h.high_bid == Bid(S, 6)


def test_3_after_three_passes_the_fourth_player_may_still_bid() -> None:
    h = hand_of(DEAL_A, WIDOW_A)
    act(h, "N pass", "E pass", "S pass")
    assert h.phase is Phase.AUCTION and h.to_move is W
    assert Bid(W, 1) in h.legal_actions()
    act(h, "W bid 1")
    assert h.phase is Phase.TRUMP
    assert h.maker is W and h.high_bid == Bid(W, 1)


def test_3_pass_is_final() -> None:
    h = hand_of(DEAL_A, WIDOW_A)
    act(h, "N pass", "E bid 1", "S bid 2", "W pass")
    assert h.to_move is E  # N, who passed, is skipped
    with pytest.raises(OutOfTurnError, match="a pass is final"):
        h.apply(Bid(N, 3))
    act(h, "E bid 3", "S pass")
    assert h.phase is Phase.TRUMP and h.maker is E and h.high_bid == Bid(E, 3)


def test_3_all_pass_joker_holder_must_bid_3() -> None:
    # Dealer E: S, W, N, E bid in turn; N holds the Joker.
    h = hand_of(DEAL_A, WIDOW_A, dealer=E)
    act(h, "S pass", "W pass", "N pass", "E pass")
    assert h.phase is Phase.AUCTION and h.forced_bid
    assert h.to_move is N
    assert h.legal_actions() == (Bid(N, 3),)
    for refused in (Pass(N), Bid(N, 4), Bid(N, 2)):
        with pytest.raises(IllegalActionError, match="holding the Joker must bid 3"):
            h.apply(refused)
    act(h, "N bid 3")
    assert h.phase is Phase.TRUMP
    assert h.maker is N and h.high_bid == Bid(N, 3)
    assert len(h.hand(N)) == 7  # N took the widow like any high bidder


def test_3_all_pass_joker_in_widow_throws_in_and_deal_passes_left(
    rigged_deals: Callable[..., None],
) -> None:
    h = hand_of(DEAL_A_JOKER_WIDOW, "JK")
    act(h, "N pass", "E pass", "S pass", "W pass")
    assert h.phase is Phase.THROWN_IN and h.is_over
    assert h.to_move is None and h.legal_actions() == () and h.result is None
    # In a game, nobody scores and the next deal is by the old dealer's left.
    rigged_deals(deal_of(DEAL_A_JOKER_WIDOW, "JK"))
    g = Game(seed=0, first_dealer=W)
    act(g.hand, "N pass", "E pass", "S pass", "W pass", apply=g.apply)
    assert g.hand.phase is Phase.THROWN_IN
    assert g.scores == {NS: 0, EW: 0} and not g.is_over
    assert g.next_hand().dealer is N
    assert g.hand.to_move is E


# =========================================================================
# 4. Widow and trump
# =========================================================================


def test_4_high_bidder_picks_up_widow_names_trump_and_discards() -> None:
    h = hand_of(DEAL_A, WIDOW_A)
    act(h, "N bid 3", "E pass", "S pass", "W pass")
    assert h.phase is Phase.TRUMP and h.to_move is N
    assert set(h.hand(N)) == cards("JK JH AH KH 9S 9C 10D")  # 7 cards with the widow
    assert h.legal_actions() == tuple(NameTrump(N, s) for s in Suit)
    act(h, "N trump D")
    assert h.phase is Phase.DISCARD and h.trump is Suit.DIAMONDS
    assert {a.card for a in h.legal_actions() if isinstance(a, Discard)} == set(h.hand(N))
    with pytest.raises(OutOfTurnError):
        h.apply(Discard(E, parse_card("AS")))
    with pytest.raises(InvalidDataError, match="not in the hand"):
        h.apply(Discard(N, parse_card("AS")))
    act(h, "N discard 9C")
    assert h.discard == parse_card("9C")
    assert set(h.hand(N)) == cards("JK JH AH KH 9S 10D")
    assert h.phase is Phase.PLAY


def test_4_discard_takes_no_further_part() -> None:
    # N throws away the Joker itself: it never comes back into play.
    h = contract(hand_of(DEAL_A, WIDOW_A), N, discard="JK")
    assert JOKER not in h.hand(N)
    play_out(h)
    played = [c for t in h.tricks for c in t.cards]
    assert len(played) == 24 and JOKER not in played
    assert h.discard is JOKER


def test_4_trump_is_one_of_the_four_suits() -> None:
    h = hand_of(DEAL_A, WIDOW_A)
    act(h, "N bid 3", "E pass", "S pass", "W pass")
    assert [a.suit for a in h.legal_actions() if isinstance(a, NameTrump)] == list(Suit)
    with pytest.raises(IllegalActionError, match="cannot name no trump"):
        h.apply(NameTrump(N, None))
    assert h.phase is Phase.TRUMP and not h.trump_named


# =========================================================================
# 5. Play
# =========================================================================


def test_5_left_of_dealer_leads_first_trick_with_any_card() -> None:
    # N makes the contract whoever deals; the lead is always the dealer's left.
    for dealer in SEATS:
        h = contract(hand_of(DEAL_A, WIDOW_A, dealer=dealer), N)
        assert h.phase is Phase.PLAY
        assert h.leader is dealer.left and h.to_move is dealer.left
        assert legal_cards(h) == set(h.hand(dealer.left))


def test_5_must_follow_led_suit_if_able() -> None:
    h = contract(hand_of(DEAL_A, WIDOW_A), N)
    play(h, "9S")
    assert legal_cards(h) == cards("AS KS")  # E holds trumps too, but must follow spades
    with pytest.raises(MustFollowSuitError, match="E must follow spades"):
        h.apply(Play(E, parse_card("QH")))
    assert h.to_move is E and len(h.current_trick) == 1  # nothing changed
    play(h, "KS")


def test_5_follow_suit_uses_effective_suit() -> None:
    # Hearts trump, A♥ led: E's J♦ is a heart. With clubs trump, W's J♠ is a club.
    h = contract(hand_of(DEAL_A, WIDOW_A), N)
    play(h, "AH")
    assert legal_cards(h) == cards("JD QH")  # the left bower follows hearts
    play(h, "JD", "9D")
    assert legal_cards(h) == cards("10H 9H")
    h = contract(hand_of(DEAL_A, WIDOW_A), N, trump="C")
    play(h, "9C")  # clubs (trump) led: E must play A♣ or K♣
    assert legal_cards(h) == cards("AC KC")
    play(h, "KC", "QC")
    assert legal_cards(h) == cards("10C JS")  # W's J♠ is the left bower: a club


def test_5_void_player_may_play_any_card() -> None:
    h = contract(hand_of(DEAL_A, WIDOW_A), N)
    play(h, "9S", "AS")
    assert h.to_move is S
    assert legal_cards(h) == set(h.hand(S)) == cards("AD KD QD 9D QC JC")


def test_5_highest_trump_wins_the_trick() -> None:
    h = contract(hand_of(DEAL_D, WIDOW_D), N, discard="9D")
    # A♠ led; E and W are void in spades and trump: W's left bower beats E's 9♥.
    play(h, "AS 9H 9S JD")
    assert h.tricks[0].winner is W
    play(h, "10C AD 9C QC")
    # K♠ led; W trumps with the right bower, N over-trumps with the Joker.
    play(h, "KS JH JK 10H")
    assert h.tricks[2].winner is N


def test_5_no_trump_played_highest_card_of_led_suit_wins() -> None:
    h = contract(hand_of(DEAL_D, WIDOW_D), N, discard="9D")
    play(h, "AS 9H 9S JD")
    # 10♣ led; N's A♦ is off-suit and no trump is played: S's Q♣ wins.
    play(h, "10C AD 9C QC")
    assert h.tricks[1].winner is S


def test_5_trick_winner_leads_next_trick() -> None:
    h = contract(hand_of(DEAL_D, WIDOW_D), N, discard="9D")
    play(h, "AS 9H 9S JD")
    assert h.tricks[0].winner is W
    assert h.leader is W and h.to_move is W
    assert legal_cards(h) == cards("10C JC KC AC JH")  # leading: any card W holds
    play(h, "10C AD 9C QC")
    assert h.tricks[1].winner is S
    assert h.leader is S and h.to_move is S


def test_5_lone_hands_are_off_by_default() -> None:
    h = hand_of(DEAL_B, WIDOW_B)
    act(h, "N bid 3", "E pass", "S pass", "W pass", "N trump H", "N discard 10H")
    assert h.phase is Phase.PLAY and h.to_move is N
    with pytest.raises(WrongPhaseError):
        h.apply(GoAlone(N, True))
    assert h.active_seats == tuple(SEATS) and h.sitting_out == ()


# =========================================================================
# 6. Scoring
# =========================================================================


def test_6_made_bid_scores_one_per_trick_taken() -> None:
    h = scored_a("3")
    assert h.result is not None and h.result.made
    assert points(h) == {NS: 4, EW: 0}  # 4 tricks, not the 3 bid


def test_6_exactly_making_the_bid_scores_the_bid() -> None:
    assert points(scored_a("4")) == {NS: 4, EW: 0}


def test_6_failed_bid_seed_loses_one_per_trick_taken() -> None:
    h = scored_a("5")
    assert h.result is not None and not h.result.made
    assert points(h) == {NS: -4, EW: 0}  # 4 taken, not the 5 bid
    assert "lose 1 point per trick taken" in h.result.reason
    # The seed's oddity: the same failed 6 costs less with fewer tricks.
    assert points(scored_a("6")) == {NS: -4, EW: 0}


def test_6_big_pepper_doubles_result_either_way() -> None:
    pepper = Rules(bidding="pepper")
    assert points(scored_b("big", pepper)) == {NS: 12, EW: 0}  # made: 6 x 2
    assert points(scored_a("big", pepper)) == {NS: -8, EW: 0}  # failed: -4 x 2


def test_6_defenders_score_nothing() -> None:
    h = scored_a("3")
    assert h.side_tricks[EW] == 2
    assert points(h)[EW] == 0
    assert points(scored_a("5"))[EW] == 0  # not even when the makers fail


def test_6_negative_scores_are_possible(rigged_deals: Callable[..., None]) -> None:
    rigged_deals(deal_of(DEAL_A, WIDOW_A))
    g = Game(seed=0, first_dealer=W)
    contract(g.hand, N, "5", apply=g.apply)
    play(g.hand, *DEAL_A_PLAY, apply=g.apply)
    assert g.scores == {NS: -4, EW: 0} and not g.is_over


def test_6_first_side_to_reach_10_wins(rigged_deals: Callable[..., None]) -> None:
    rigged_deals(deal_of(DEAL_B, WIDOW_B))
    g = Game(seed=0, first_dealer=W)
    play_out(contract(g.hand, N, "6", apply=g.apply), apply=g.apply)
    assert g.scores == {NS: 6, EW: 0} and not g.is_over
    g.next_hand()
    play_out(contract(g.hand, N, "6", apply=g.apply), apply=g.apply)
    assert g.scores == {NS: 12, EW: 0}
    assert g.is_over and g.winner is NS
    with pytest.raises(IllegalActionError, match="game is over"):
        g.next_hand()


# =========================================================================
# Options: one group per field of Rules
# =========================================================================

COVERED_OPTIONS = {
    "bidding",
    "all_pass",
    "widow",
    "no_trump",
    "no_trump_joker",
    "first_lead",
    "lone_hands",
    "defend_alone",
    "failed_bid",
    "defenders_score",
    "big_pepper_multiplier",
    "lone_multiplier",
    "target",
}


def test_every_rules_option_has_tests() -> None:
    fields = {f.name for f in dataclasses.fields(Rules)} - {"base"}
    assert fields == COVERED_OPTIONS, "a new Rules option needs its test_option_* tests"


def test_option_defaults_are_the_seed() -> None:
    r = Rules()
    assert (r.bidding.value, r.all_pass.value, r.widow, r.no_trump) == (
        "standard",
        "joker-holder",
        True,
        False,
    )
    assert (r.no_trump_joker.value, r.first_lead.value, r.lone_hands, r.defend_alone) == (
        "void-only",
        "left-of-dealer",
        False,
        True,
    )
    assert (r.failed_bid.value, r.defenders_score) == ("tricks-taken", False)
    assert (r.big_pepper_multiplier, r.lone_multiplier, r.target) == (2, 2, 10)


# --- bidding ----------------------------------------------------------------


def test_option_bidding_standard_has_no_big_pepper() -> None:
    h = hand_of(DEAL_A, WIDOW_A)
    assert Bid(N, 6, big=True) not in h.legal_actions()
    with pytest.raises(BidTooLowError, match="cannot bid Big Pepper"):
        h.apply(Bid(N, 6, big=True))
    assert bid_name(6, False, Rules()) == "6"


def test_option_bidding_pepper_scale_1_to_5_little_and_big_pepper() -> None:
    pepper = Rules(bidding="pepper")
    h = hand_of(DEAL_A, WIDOW_A, pepper)
    assert h.legal_actions() == (
        Pass(N),
        *(Bid(N, n) for n in range(1, 6)),
        Bid(N, 6),
        Bid(N, 6, big=True),
    )
    assert bid_name(6, False, pepper) == "Little Pepper"
    assert bid_name(6, True, pepper) == "Big Pepper"


def test_option_bidding_pepper_big_pepper_at_any_time() -> None:
    pepper = Rules(bidding="pepper")
    h = hand_of(DEAL_A, WIDOW_A, pepper)
    act(h, "N bid big-pepper")  # the very first bid, no Little Pepper before it
    assert h.high_bid == Bid(N, 6, big=True)
    h = hand_of(DEAL_A, WIDOW_A, pepper)
    act(h, "N bid 2", "E bid big-pepper")  # straight over a 2
    assert h.high_bid == Bid(E, 6, big=True)


def test_option_bidding_pepper_big_pepper_outranks_little_pepper() -> None:
    h = hand_of(DEAL_A, WIDOW_A, Rules(bidding="pepper"))
    act(h, "N bid little-pepper")
    assert h.legal_actions() == (Pass(E), Bid(E, 6, big=True))
    act(h, "E bid big-pepper")
    with pytest.raises(BidTooLowError, match="the high bid is Big Pepper"):
        h.apply(Bid(S, 6))
    assert h.legal_actions() == (Pass(S),)
    act(h, "S pass", "W pass", "N pass")
    assert h.maker is E and h.high_bid == Bid(E, 6, big=True)


def test_option_bidding_pepper_little_pepper_plays_at_normal_stakes() -> None:
    pepper = Rules(bidding="pepper")
    assert points(scored_b("little", pepper)) == {NS: 6, EW: 0}
    assert points(scored_a("little", pepper)) == {NS: -4, EW: 0}


# --- all_pass -------------------------------------------------------------


def test_option_all_pass_joker_holder_is_the_default() -> None:
    # (the rule itself: test_3_all_pass_joker_holder_must_bid_3 and ..._throws_in_...)
    h = hand_of(DEAL_A, WIDOW_A, Rules(all_pass="joker-holder"), dealer=E)
    act(h, "S pass", "W pass", "N pass", "E pass")
    assert h.legal_actions() == (Bid(N, 3),)


def test_option_all_pass_redeal_throws_in_even_when_joker_is_held() -> None:
    h = hand_of(DEAL_A, WIDOW_A, Rules(all_pass="redeal"), dealer=E)
    act(h, "S pass", "W pass", "N pass", "E pass")
    assert h.phase is Phase.THROWN_IN and h.result is None and h.legal_actions() == ()


def test_option_all_pass_dealer_must_bid_3() -> None:
    dealer_bids = Rules(all_pass="dealer")
    # N holds the Joker, but the dealer E must bid.
    h = hand_of(DEAL_A, WIDOW_A, dealer_bids, dealer=E)
    act(h, "S pass", "W pass", "N pass", "E pass")
    assert h.to_move is E and h.legal_actions() == (Bid(E, 3),)
    with pytest.raises(IllegalActionError, match="the dealer must bid 3"):
        h.apply(Pass(E))
    act(h, "E bid 3")
    assert h.maker is E and h.phase is Phase.TRUMP
    # With the Joker in the widow the hand is not thrown in: the dealer bids and takes it.
    h = hand_of(DEAL_A_JOKER_WIDOW, "JK", dealer_bids)
    act(h, "N pass", "E pass", "S pass", "W pass", "W bid 3")
    assert h.maker is W and JOKER in h.hand(W)


# --- widow ----------------------------------------------------------------


def test_option_widow_yes_maker_takes_seven_and_discards() -> None:
    h = hand_of(DEAL_A, WIDOW_A, Rules(widow=True))
    act(h, "N bid 3", "E pass", "S pass", "W pass", "N trump H")
    assert h.phase is Phase.DISCARD and len(h.hand(N)) == 7


def test_option_widow_no_widow_stays_out_and_no_discard() -> None:
    h = hand_of(DEAL_A, WIDOW_A, Rules(widow=False))
    act(h, "N bid 3", "E pass", "S pass", "W pass")
    assert set(h.hand(N)) == cards(DEAL_A["N"])  # still six: the widow is not taken
    act(h, "N trump H")
    assert h.phase is Phase.PLAY and h.to_move is N
    with pytest.raises(WrongPhaseError):
        h.apply(Discard(N, parse_card("9C")))
    play(h, *DEAL_A_PLAY)
    assert points(h) == {NS: 4, EW: 0}
    assert h.discard is None
    assert parse_card(WIDOW_A) not in [c for t in h.tricks for c in t.cards]
    # The Joker in the unused widow still throws the hand in when all pass.
    h = hand_of(DEAL_A_JOKER_WIDOW, "JK", Rules(widow=False))
    act(h, "N pass", "E pass", "S pass", "W pass")
    assert h.phase is Phase.THROWN_IN


# --- no_trump ---------------------------------------------------------------


def test_option_no_trump_no_only_suits_can_be_named() -> None:
    h = hand_of(DEAL_NT, WIDOW_NT, Rules(no_trump=False))
    act(h, "N bid 3", "E pass", "S pass", "W pass")
    assert NameTrump(N, None) not in h.legal_actions()
    assert not h.can_apply(NameTrump(N, None))


def test_option_no_trump_yes_ranks_a_k_q_j_10_9_with_no_bowers() -> None:
    h = hand_of(DEAL_NT, WIDOW_NT, Rules(no_trump=True))
    act(h, "N bid 3", "E pass", "S pass", "W pass")
    assert h.legal_actions() == (*(NameTrump(N, s) for s in Suit), NameTrump(N, None))
    act(h, "N trump none", "N discard 9C")
    assert h.trump_named and h.trump is None
    # Q♥ beats J♥ (no right bower); W's A♠ is off-suit and nothing is trump.
    play(h, "QH")
    assert legal_cards(h) == cards("JH")
    play(h, "JH", "10H", "AS")
    assert h.tricks[0].winner is N
    # J♦ is a plain diamond, and the only diamond E holds.
    play(h, "9D")
    assert legal_cards(h) == cards("JD")
    assert [c.text for c in ranking(None)[:7]] == ["JK", "A♠", "K♠", "Q♠", "J♠", "10♠", "9♠"]


# --- no_trump_joker ---------------------------------------------------------


def test_option_no_trump_joker_void_only_holder_must_follow_suit() -> None:
    rules = Rules(no_trump=True, no_trump_joker="void-only")
    h = contract(hand_of(DEAL_NT, WIDOW_NT, rules), N, trump="none")
    play(h, "QH JH 10H AS", "9D JD")
    assert legal_cards(h) == cards("10D QD")  # S holds diamonds: no Joker
    with pytest.raises(MustFollowSuitError):
        h.apply(Play(S, JOKER))
    play(h, "QD AD")
    assert h.tricks[1].winner is W
    # Spades led and S is void: now the Joker may be played, and it wins.
    play(h, "QS KS 10C")
    assert JOKER in legal_cards(h)
    play(h, "JK")
    assert h.tricks[2].winner is S


def test_option_no_trump_joker_any_time_even_when_holding_led_suit() -> None:
    rules = Rules(no_trump=True, no_trump_joker="any-time")
    h = contract(hand_of(DEAL_NT, WIDOW_NT, rules), N, trump="none")
    play(h, "QH JH 10H AS", "9D JD")
    assert legal_cards(h) == cards("10D QD JK")
    play(h, "JK AD")
    assert h.tricks[1].winner is S  # the Joker beats the ace of the suit led


@pytest.mark.parametrize("joker", ["void-only", "any-time"])
def test_option_no_trump_joker_led_nobody_can_follow(joker: str) -> None:
    rules = Rules(no_trump=True, no_trump_joker=joker, first_lead="high-bidder")
    h = contract(hand_of(DEAL_NT, WIDOW_NT, rules), S, trump="none")
    assert h.to_move is S
    play(h, "JK")
    for seat in (W, N, E):
        assert h.to_move is seat
        assert legal_cards(h) == set(h.hand(seat))
        h.apply(h.legal_actions()[0])
    assert h.tricks[0].winner is S


# --- first_lead ---------------------------------------------------------------


def test_option_first_lead_left_of_dealer_not_the_maker() -> None:
    h = contract(hand_of(DEAL_A, WIDOW_A, Rules(first_lead="left-of-dealer"), dealer=N), N)
    assert h.to_move is E


def test_option_first_lead_high_bidder_leads() -> None:
    h = contract(hand_of(DEAL_A, WIDOW_A, Rules(first_lead="high-bidder"), dealer=N), N)
    assert h.leader is N and h.to_move is N
    play(h, *DEAL_A_PLAY)  # N leading, the script plays as in the seed
    assert points(h) == {NS: 4, EW: 0}


# --- lone_hands / defend_alone ------------------------------------------------


def test_option_lone_hands_maker_alone_partner_sits_out_left_of_maker_leads() -> None:
    h = contract(hand_of(DEAL_B, WIDOW_B, Rules(lone_hands=True)), N, alone=True)
    assert h.maker_alone and h.sitting_out == (S,) and h.defender_alone is None
    # Dealer W: N would lead, but the player to the lone maker's left leads.
    assert h.leader is E and h.to_move is E
    play(h, "AS")
    assert h.to_move is W  # S, on E's left, is skipped
    with pytest.raises(OutOfTurnError, match="sits out"):
        h.apply(Play(S, parse_card("9S")))
    play(h, "9C")
    assert h.to_move is N
    play(h, "JK")
    assert len(h.tricks[0].cards) == 3 and h.tricks[0].winner is N
    play_out(h)
    assert points(h) == {NS: 12, EW: 0}  # 6 tricks, doubled for going alone


def test_option_lone_hands_maker_may_decline_and_play_with_partner() -> None:
    h = contract(hand_of(DEAL_A, WIDOW_A, Rules(lone_hands=True)), N, alone=False)
    assert not h.maker_alone and h.sitting_out == () and h.to_move is N
    play(h, *DEAL_A_PLAY)
    assert points(h) == {NS: 4, EW: 0}


def test_option_lone_hands_maker_and_defender_alone_lone_defender_leads() -> None:
    rules = Rules(lone_hands=True)
    h = hand_of(DEAL_A, WIDOW_A, rules)
    act(h, "N bid 3", "E pass", "S pass", "W pass", "N trump H", "N discard 10D")
    assert h.phase is Phase.ALONE and h.to_move is N
    act(h, "N alone yes")
    assert h.to_move is E  # the defender on the maker's left is asked first
    act(h, "E alone no")
    assert h.to_move is W
    act(h, "W alone yes")
    assert h.phase is Phase.PLAY
    assert h.defender_alone is W and h.sitting_out == (E, S)
    assert h.leader is W and h.to_move is W
    # Two-card tricks, N against W.
    play(h, "10S 9S", "10C 9C", "JS KH", "JK 9H", "JH 10H", "AH QS")
    assert [t.winner for t in h.tricks] == [W, W, N, N, N, N]
    assert points(h) == {NS: 8, EW: 0}  # 4 tricks x 2


def test_option_lone_hands_lead_exception_overrides_high_bidder_lead() -> None:
    rules = Rules(lone_hands=True, first_lead="high-bidder")
    h = contract(hand_of(DEAL_B, WIDOW_B, rules), N, alone=True)
    assert h.to_move is E  # not the high bidder N
    h = contract(hand_of(DEAL_B, WIDOW_B, rules), N, alone=True, defender_alone=W)
    assert h.to_move is W


def test_option_defend_alone_yes_defenders_are_asked() -> None:
    h = hand_of(DEAL_B, WIDOW_B, Rules(lone_hands=True, defend_alone=True))
    act(h, "N bid 3", "E pass", "S pass", "W pass", "N trump H", "N discard 10H")
    act(h, "N alone yes")
    assert h.phase is Phase.ALONE and h.legal_actions() == (GoAlone(E, False), GoAlone(E, True))
    act(h, "E alone no", "W alone no")
    assert h.phase is Phase.PLAY and h.defender_alone is None and h.to_move is E


def test_option_defend_alone_no_play_starts_after_maker_goes_alone() -> None:
    h = hand_of(DEAL_B, WIDOW_B, Rules(lone_hands=True, defend_alone=False))
    act(h, "N bid 3", "E pass", "S pass", "W pass", "N trump H", "N discard 10H")
    act(h, "N alone yes")
    assert h.phase is Phase.PLAY and h.to_move is E
    with pytest.raises(WrongPhaseError):
        h.apply(GoAlone(E, True))
    assert h.sitting_out == (S,)


# --- failed_bid -----------------------------------------------------------------


def test_option_failed_bid_tricks_taken_loses_tricks_taken() -> None:
    assert points(scored_a("5", Rules(failed_bid="tricks-taken"))) == {NS: -4, EW: 0}


def test_option_failed_bid_bid_loses_the_bid() -> None:
    assert points(scored_a("5", Rules(failed_bid="bid"))) == {NS: -5, EW: 0}
    assert points(scored_a("6", Rules(failed_bid="bid"))) == {NS: -6, EW: 0}
    assert points(scored_a("3", Rules(failed_bid="bid"))) == {NS: 4, EW: 0}  # made: unchanged


def test_option_failed_bid_six_loses_six() -> None:
    assert points(scored_a("5", Rules(failed_bid="six"))) == {NS: -6, EW: 0}
    pepper_six = Rules(failed_bid="six", bidding="pepper")
    assert points(scored_a("big", pepper_six)) == {NS: -12, EW: 0}  # Big Pepper doubles it


# --- defenders_score --------------------------------------------------------------


def test_option_defenders_score_yes_one_per_trick() -> None:
    rules = Rules(defenders_score=True)
    assert points(scored_a("3", rules)) == {NS: 4, EW: 2}
    assert points(scored_a("5", rules)) == {NS: -4, EW: 2}
    assert points(scored_b("3", rules)) == {NS: 6, EW: 0}


def test_option_defenders_score_no_defenders_get_nothing() -> None:
    assert points(scored_a("5", Rules(defenders_score=False))) == {NS: -4, EW: 0}


# --- big_pepper_multiplier --------------------------------------------------------


def test_option_big_pepper_multiplier() -> None:
    assert points(scored_b("big", Rules(bidding="pepper"))) == {NS: 12, EW: 0}
    triple = Rules(bidding="pepper", big_pepper_multiplier=3)
    assert points(scored_b("big", triple)) == {NS: 18, EW: 0}
    assert points(scored_a("big", triple)) == {NS: -12, EW: 0}
    assert points(scored_a("little", triple)) == {NS: -4, EW: 0}  # Little Pepper: not applied
    flat = Rules(bidding="pepper", big_pepper_multiplier=1)
    assert points(scored_b("big", flat)) == {NS: 6, EW: 0}


# --- lone_multiplier ----------------------------------------------------------------


def test_option_lone_multiplier_doubles_lone_makers_result_by_default() -> None:
    lone = Rules(lone_hands=True)
    assert points(scored_b("3", lone, alone=True)) == {NS: 12, EW: 0}
    assert points(scored_b("3", lone, alone=False)) == {NS: 6, EW: 0}
    pepper = Rules(lone_hands=True, bidding="pepper")
    assert points(scored_b("big", pepper, alone=True)) == {NS: 24, EW: 0}  # 6 x 2 x 2


def test_option_lone_multiplier_applies_to_a_lone_defender_and_to_losses() -> None:
    rules = Rules(lone_hands=True, defenders_score=True, lone_multiplier=3)
    for bid, makers in (("3", 12), ("5", -12)):  # made 4 x 3; failed -4 x 3
        h = contract(hand_of(DEAL_A, WIDOW_A, rules), N, bid, alone=True, defender_alone=W)
        play(h, "10S 9S", "10C 9C", "JS KH", "JK 9H", "JH 10H", "AH QS")
        assert h.side_tricks == {NS: 4, EW: 2}
        assert points(h) == {NS: makers, EW: 6}  # W's 2 tricks x 3


# --- target ---------------------------------------------------------------------------


def test_option_target_ends_the_game_at_the_chosen_score(
    rigged_deals: Callable[..., None],
) -> None:
    rigged_deals(deal_of(DEAL_A, WIDOW_A))
    g = Game(Rules(target=4), seed=0, first_dealer=W)
    contract(g.hand, N, "3", apply=g.apply)
    play(g.hand, *DEAL_A_PLAY, apply=g.apply)
    assert g.scores == {NS: 4, EW: 0} and g.winner is NS
    g = Game(Rules(target=5), seed=0, first_dealer=W)
    contract(g.hand, N, "3", apply=g.apply)
    play(g.hand, *DEAL_A_PLAY, apply=g.apply)
    assert g.scores == {NS: 4, EW: 0} and not g.is_over


def test_option_target_both_sides_reach_it_makers_win(
    rigged_deals: Callable[..., None],
) -> None:
    rigged_deals(deal_of(DEAL_A, WIDOW_A))
    rules = Rules(defenders_score=True, target=2)
    # E bids 1 and makes it with 2 tricks; N-S, defending, take 4: both reach 2,
    # and the makers E-W win although N-S have more points.
    g = Game(rules, seed=0, first_dealer=W)
    contract(g.hand, E, "1", apply=g.apply)
    play(g.hand, *DEAL_A_PLAY, apply=g.apply)
    assert g.scores == {NS: 4, EW: 2}
    assert g.winner is EW
    # Only one side reaching it: that side wins, makers or not.
    g = Game(Rules(defenders_score=True, target=3), seed=0, first_dealer=W)
    contract(g.hand, E, "1", apply=g.apply)
    play(g.hand, *DEAL_A_PLAY, apply=g.apply)
    assert g.scores == {NS: 4, EW: 2} and g.winner is NS


# =========================================================================
# Presets
# =========================================================================


def test_every_preset_has_a_test() -> None:
    assert set(PRESETS) == {"seed", "seed-pepper", "lose-the-bid", "gamerules", "parlett"}


def test_preset_seed_is_the_default_rules() -> None:
    rules = PRESETS["seed"].rules
    assert rules == Rules()
    h = scored_a("5", rules)
    assert points(h) == {NS: -4, EW: 0}


def test_preset_seed_pepper_has_little_and_big_pepper() -> None:
    rules = PRESETS["seed-pepper"].rules
    assert rules.differences() == {"bidding": Rules(bidding="pepper").bidding}
    h = hand_of(DEAL_A, WIDOW_A, rules)
    assert Bid(N, 6, big=True) in h.legal_actions()
    assert points(scored_b("big", rules)) == {NS: 12, EW: 0}


def test_preset_lose_the_bid_failed_makers_lose_their_bid() -> None:
    rules = PRESETS["lose-the-bid"].rules
    assert set(rules.differences()) == {"failed_bid"}
    assert points(scored_a("5", rules)) == {NS: -5, EW: 0}


def test_preset_gamerules_plays_without_the_widow() -> None:
    rules = PRESETS["gamerules"].rules
    assert set(rules.differences()) == {"widow"}
    h = hand_of(DEAL_A, WIDOW_A, rules)
    act(h, "N bid 3", "E pass", "S pass", "W pass", "N trump H")
    assert h.phase is Phase.PLAY and len(h.hand(N)) == 6
    play(h, *DEAL_A_PLAY)
    assert points(h) == {NS: 4, EW: 0}


def test_preset_parlett_dealer_bids_no_trump_high_bidder_leads_lone_six_defenders() -> None:
    rules = PRESETS["parlett"].rules
    # All pass: the dealer (E) must bid 3, though N holds the Joker.
    h = hand_of(DEAL_A, WIDOW_A, rules, dealer=E)
    act(h, "S pass", "W pass", "N pass", "E pass")
    assert h.legal_actions() == (Bid(E, 3),)
    # Dealer N: E would lead under the seed, but the high bidder N leads; no trump may be
    # named; the maker is asked about going alone; a failed 5 loses 6; defenders score.
    h = hand_of(DEAL_A, WIDOW_A, rules, dealer=N)
    act(h, "E pass", "S pass", "W pass", "N bid 5")
    assert NameTrump(N, None) in h.legal_actions()
    act(h, "N trump H", "N discard 10D")
    assert h.phase is Phase.ALONE and h.to_move is N
    act(h, "N alone no")
    assert h.to_move is N
    play(h, *DEAL_A_PLAY)
    assert points(h) == {NS: -6, EW: 2}
