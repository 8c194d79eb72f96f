"""Property tests: random legal hands under every preset and option combination.

Each hand is dealt by ``HandState.new(rules, dealer, seed)`` and driven by actions
drawn from ``legal_actions()`` with a hypothesis-chosen ``random.Random`` until it
is over. After every step and at the end, the invariants of the rules hold.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest
from _support import all_cards_accounted, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer_core import (
    DECK,
    JOKER,
    PRESETS,
    SEATS,
    SUITS,
    AllPass,
    Bid,
    Card,
    CardRole,
    Discard,
    FailedBid,
    FirstLead,
    Game,
    GoAlone,
    HandRecord,
    HandState,
    HasenpfefferError,
    NameTrump,
    NoTrumpJoker,
    Pass,
    Phase,
    Play,
    Rank,
    Rules,
    Seat,
    Side,
    card_role,
    dumps,
    effective_suit,
    format_cards,
    legal_plays,
    loads,
    parse_card,
    parse_cards,
    ranking,
    trick_winner,
)

# --- the rule sets under test ---------------------------------------------

CONFIGS: dict[str, Rules] = {name: preset.rules for name, preset in PRESETS.items()}
CONFIGS.update(
    {
        "lone, defend alone": Rules(lone_hands=True, defend_alone=True),
        "lone, no defending alone": Rules(lone_hands=True, defend_alone=False),
        "lone, lose the bid, defenders score": Rules(
            lone_hands=True, failed_bid="bid", defenders_score=True, lone_multiplier=3
        ),
        "no trump, Joker void-only": Rules(no_trump=True, no_trump_joker="void-only"),
        "no trump, Joker any time": Rules(no_trump=True, no_trump_joker="any-time"),
        "no trump, Joker any time, lone": Rules(
            no_trump=True, no_trump_joker="any-time", lone_hands=True
        ),
        "widow off": Rules(widow=False),
        "widow off, lone, high bidder leads": Rules(
            widow=False, lone_hands=True, first_lead="high-bidder"
        ),
        "pepper, lose six": Rules(bidding="pepper", failed_bid="six"),
        "pepper, triple, defenders score": Rules(
            bidding="pepper", big_pepper_multiplier=3, defenders_score=True
        ),
        "pepper, lone, lose the bid": Rules(bidding="pepper", lone_hands=True, failed_bid="bid"),
        "redeal": Rules(all_pass="redeal"),
        "dealer must bid": Rules(all_pass="dealer"),
    }
)
RULES_NAMES = sorted(CONFIGS)

PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FAST = settings(max_examples=200, deadline=None)

rule_names = st.sampled_from(RULES_NAMES)
seats = st.sampled_from(SEATS)
seeds = st.integers(min_value=0, max_value=2**64 - 1)
# How often the random player passes when it may: 0 gives high auctions, 0.95
# gives many all-pass auctions (forced bids, thrown-in hands).
pass_biases = st.sampled_from([0.0, 0.5, 0.8, 0.95, 1.0])
trumps = st.sampled_from([*SUITS, None])


# --- helpers ----------------------------------------------------------------


def choose(state: HandState, rng: random.Random, pass_bias: float) -> Any:
    actions = state.legal_actions()
    if (
        state.phase is Phase.AUCTION
        and actions[0] == Pass(state.to_move)
        and rng.random() < pass_bias
    ):
        return actions[0]
    return rng.choice(actions)


def my_accounting(state: HandState) -> list[Card]:
    """Held + played + widow (when nobody took it) + discard, computed here."""
    cards = [c for hand in state.hands.values() for c in hand]
    cards += [c for trick in state.tricks for c in trick.cards]
    cards += [c for _, c in state.current_trick]
    assert state.deal is not None
    if state.maker is None or not state.rules.widow:
        cards.append(state.deal.widow)
    if state.discard is not None:
        cards.append(state.discard)
    return cards


def check_step(state: HandState) -> None:
    """Invariants that hold at every step of a hand."""
    assert sorted(my_accounting(state), key=lambda c: c.index) == list(DECK)
    assert sorted(all_cards_accounted(state), key=lambda c: c.index) == list(DECK)
    if state.is_over:
        assert state.legal_actions() == ()
        assert state.to_move is None
        return
    actions = state.legal_actions()
    assert actions, f"no legal action in {state.phase}"
    mover = state.to_move
    assert mover is not None
    assert mover not in state.sitting_out
    assert all(a.seat is mover for a in actions)
    assert len(set(actions)) == len(actions)
    if state.phase is Phase.PLAY:
        hand = state.hand(mover)
        trick = [c for _, c in state.current_trick]
        expected = legal_plays(hand, trick, state.trump, no_trump_joker=state.rules.no_trump_joker)
        assert all(isinstance(a, Play) for a in actions)
        played = [a.card for a in actions]
        assert set(played) <= set(hand)
        assert set(played) == set(expected)
        # Each legal card passes check(); every other card of the hand does not.
        for card in hand:
            assert state.can_apply(Play(mover, card)) == (card in expected)
    else:
        assert all(state.can_apply(a) for a in actions)


def expected_points(state: HandState) -> dict[Side, int]:
    """The hand's score, recomputed from the options (rules-notes section 6)."""
    rules = state.rules
    bid = state.high_bid
    assert bid is not None and state.maker is not None
    side = state.maker.side
    taken = state.side_tricks[side]
    if taken >= bid.tricks:
        base = taken
    elif rules.failed_bid is FailedBid.TRICKS_TAKEN:
        base = -taken
    elif rules.failed_bid is FailedBid.BID:
        base = -bid.tricks
    else:
        base = -6
    if bid.big:
        base *= rules.big_pepper_multiplier
    if state.maker_alone:
        base *= rules.lone_multiplier
    defenders = 0
    if rules.defenders_score:
        defenders = state.side_tricks[side.other]
        if state.defender_alone is not None:
            defenders *= rules.lone_multiplier
    return {side: base, side.other: defenders}


def check_auction(state: HandState) -> None:
    rules = state.rules
    auction = state.auction
    passed: set[Seat] = set()
    high: Bid | None = None
    seat = state.dealer.left
    assert auction[0].seat is seat, "bidding starts left of the dealer"
    for i, action in enumerate(auction):
        if len(passed) == 4:
            # All four passed: one forced bid of 3.
            assert i == 4 and isinstance(action, Bid) and action.tricks == 3 and not action.big
            assert rules.all_pass is not AllPass.REDEAL
            if rules.all_pass is AllPass.DEALER:
                assert action.seat is state.dealer
            else:
                assert state.deal is not None
                assert JOKER in state.deal.hands[action.seat.value]
            high = action
            continue
        assert action.seat not in passed, "a pass is final"
        if isinstance(action, Pass):
            passed.add(action.seat)
        else:
            assert high is None or action.tricks * 2 + action.big > high.tricks * 2 + high.big
            assert 1 <= action.tricks <= 6
            assert not action.big or rules.bidding.value == "pepper"
            high = action
    assert state.high_bid == high
    if state.phase is Phase.THROWN_IN:
        assert len(auction) == 4 and len(passed) == 4
        assert state.deal is not None
        assert rules.all_pass is AllPass.REDEAL or (
            rules.all_pass is AllPass.JOKER_HOLDER and state.deal.widow is JOKER
        )
    else:
        assert high is not None and state.maker is high.seat


def check_finished(state: HandState) -> None:
    """Invariants of a finished hand."""
    rules = state.rules
    check_auction(state)
    plays = [a for a in state.log if isinstance(a, Play)]
    if state.phase is Phase.THROWN_IN:
        assert state.result is None
        assert state.tricks == () and plays == []
        return
    assert state.phase is Phase.SCORED
    tricks = state.tricks
    assert len(tricks) == 6
    active = state.active_seats
    out = state.sitting_out
    assert len(active) + len(out) == 4
    if state.maker_alone:
        assert state.maker.partner in out  # type: ignore[union-attr]
    if state.defender_alone is not None:
        assert state.maker_alone and rules.defend_alone
        assert state.defender_alone.partner in out
    if not rules.lone_hands:
        assert out == () and not state.maker_alone
    per_seat = Counter(a.seat for a in plays)
    for seat in SEATS:
        assert per_seat[seat] == (0 if seat in out else 6)
        if seat in out:
            # The sitting-out partner lays the six cards down untouched.
            assert len(state.hand(seat)) == 6
        else:
            assert state.hand(seat) == ()
    # Who leads the first trick.
    maker = state.maker
    assert maker is not None
    if state.defender_alone is not None:
        first = state.defender_alone
    elif state.maker_alone:
        first = maker.left
    elif rules.first_lead is FirstLead.HIGH_BIDDER:
        first = maker
    else:
        first = state.dealer.left
    assert tricks[0].leader is first
    for i, trick in enumerate(tricks):
        assert len(trick.plays) == len(active)
        assert trick.plays[0][0] is trick.leader
        assert {s for s, _ in trick.plays} == set(active)
        cards = trick.cards
        winner_seat = trick.plays[trick_winner(cards, state.trump)][0]
        assert trick.winner is winner_seat
        if i + 1 < len(tricks):
            assert tricks[i + 1].leader is trick.winner, "the winner leads the next trick"
    won = Counter(t.winner for t in tricks)
    assert state.tricks_won == {s: won[s] for s in SEATS}
    assert sum(state.side_tricks.values()) == 6
    result = state.result
    assert result is not None
    assert result.bid == state.high_bid
    assert result.tricks == state.side_tricks
    assert result.made == (state.side_tricks[maker.side] >= state.high_bid.tricks)  # type: ignore[union-attr]
    assert dict(result.points) == expected_points(state)
    assert result.reason.endswith(".")


def check_record(state: HandState) -> None:
    record = HandRecord.from_state(state)
    text = dumps(record)
    again = loads(text)
    assert again == record
    assert dumps(again) == text, "the canonical text is stable"
    ascii_text = dumps(record, ascii=True)
    assert ascii_text.isascii()
    assert loads(ascii_text) == record
    assert dumps(loads(ascii_text), ascii=True) == ascii_text
    assert snapshot(again.final_state()) == snapshot(state)
    assert len(list(again.replay())) == len(state.log) + 1


def play_hand(
    rules: Rules, dealer: Seat, deal_seed: int, policy_seed: int, pass_bias: float
) -> HandState:
    rng = random.Random(policy_seed)
    state = HandState.new(rules, dealer, deal_seed)
    assert state.phase is Phase.AUCTION
    assert state.to_move is dealer.left
    copy_at = rng.randrange(40)
    copied: tuple[HandState, dict[str, Any]] | None = None
    steps = 0
    while not state.is_over:
        check_step(state)
        if steps == copy_at:
            twin = state.copy()
            copied = (twin, snapshot(twin))
            assert copied[1] == snapshot(state)
        before = len(state.log)
        action = choose(state, rng, pass_bias)
        state.apply(action)
        assert len(state.log) == before + 1 and state.log[-1] == action
        steps += 1
        assert steps <= 4 + 1 + 1 + 1 + 3 + 24 + 24, "the hand does not end"
    check_step(state)
    if copied is not None:
        # The copy did not move with the original; driving it does not move the original.
        twin, shot = copied
        assert snapshot(twin) == shot
        final = snapshot(state)
        other = random.Random(policy_seed + 1)
        while not twin.is_over:
            twin.apply(choose(twin, other, pass_bias))
        assert snapshot(state) == final
    return state


# --- random hands -----------------------------------------------------------


@PROPERTY
@given(name=rule_names, dealer=seats, deal_seed=seeds, policy_seed=seeds, bias=pass_biases)
def test_random_hands_keep_every_invariant(
    name: str, dealer: Seat, deal_seed: int, policy_seed: int, bias: float
) -> None:
    rules = CONFIGS[name]
    state = play_hand(rules, dealer, deal_seed, policy_seed, bias)
    check_finished(state)
    check_record(state)
    assert state.deal is not None
    replayed = HandState.replay(state.deal, state.log, rules=rules, dealer=dealer)
    assert snapshot(replayed) == snapshot(state)
    # undo() takes back exactly one action.
    if state.log:
        undone = state.undo()
        assert undone.log == state.log[:-1]
        undone.apply(state.log[-1])
        assert snapshot(undone) == snapshot(state)


def every_action(seat: Seat) -> list[Any]:
    """Every action ``seat`` could try, legal or not: each call, each trump, a discard
    and a play of each card, going alone or not."""
    return [
        Pass(seat),
        *(Bid(seat, n) for n in range(1, 7)),
        Bid(seat, 6, big=True),
        *(NameTrump(seat, s) for s in (*SUITS, None)),
        *(Discard(seat, c) for c in DECK),
        *(Play(seat, c) for c in DECK),
        GoAlone(seat, True),
        GoAlone(seat, False),
    ]


def outcome(call: Any) -> tuple[str, str, str | None] | None:
    """What ``call()`` raised (its kind, message and rule), or None."""
    try:
        call()
    except HasenpfefferError as e:
        return type(e).__name__, str(e), e.rule
    return None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=rule_names, dealer=seats, deal_seed=seeds, policy_seed=seeds, bias=pass_biases)
def test_apply_refuses_exactly_what_check_refuses(
    name: str, dealer: Seat, deal_seed: int, policy_seed: int, bias: float
) -> None:
    """``apply`` has quick paths for a card in play and a call in the auction, beside
    ``check``: at every step of a random hand, every action any seat could try is
    refused by both or by neither, with the same error, and a refused one changes
    nothing (so the two paths cannot drift apart unseen)."""
    rng = random.Random(policy_seed)
    state = HandState.new(CONFIGS[name], dealer, deal_seed)
    step = 0
    while not state.is_over and step < 60:
        tried = every_action(SEATS[rng.randrange(4)]) + every_action(state.to_move or dealer)
        for action in rng.sample(tried, 12):
            for warm in (False, True):
                twin = state.copy()
                if warm:
                    twin.legal_actions()  # the play loop's cached legal set
                before = snapshot(twin)
                checked = outcome(lambda t=twin, a=action: t.check(a))
                applied = outcome(lambda t=twin, a=action: t.apply(a))
                assert checked == applied, (action, checked, applied)
                if applied is not None:
                    assert snapshot(twin) == before
        state.apply(choose(state, rng, bias))
        step += 1


@pytest.mark.parametrize("name", RULES_NAMES)
def test_every_rule_set_plays_hands_to_the_end(name: str) -> None:
    """A fixed sweep, so that every configuration is covered on every run."""
    rules = CONFIGS[name]
    phases = Counter()
    for i in range(12):
        state = play_hand(rules, SEATS[i % 4], 1000 + i, i, [0.0, 0.9, 1.0][i % 3])
        check_finished(state)
        phases[state.phase] += 1
    assert phases[Phase.SCORED] > 0


@FAST
@given(deal_seed=seeds, dealer=seats)
def test_the_same_seed_deals_the_same_cards(deal_seed: int, dealer: Seat) -> None:
    a = HandState.new(Rules(), dealer, deal_seed)
    b = HandState.new(Rules(), dealer, random.Random(deal_seed))
    assert a.deal == b.deal
    assert a.deal is not None
    dealt = [c for h in a.deal.hands for c in h] + [a.deal.widow]
    assert sorted(dealt, key=lambda c: c.index) == list(DECK)
    assert all(len(h) == 6 for h in a.deal.hands)


def test_lone_hands_and_thrown_in_hands_do_happen() -> None:
    """The random driver reaches the rare branches (else the properties prove little)."""
    seen: Counter[str] = Counter()
    for i in range(400):
        name = ["lone, defend alone", "seed", "redeal", "dealer must bid", "seed-pepper"][i % 5]
        state = play_hand(CONFIGS[name], SEATS[i % 4], i, i, [0.0, 0.9, 1.0][i % 3])
        seen["thrown in"] += state.phase is Phase.THROWN_IN
        seen["forced"] += state.forced_bid and state.phase is Phase.SCORED
        seen["maker alone"] += state.maker_alone
        seen["defender alone"] += state.defender_alone is not None
        seen["big pepper"] += bool(state.high_bid and state.high_bid.big)
        seen["failed"] += bool(state.result and not state.result.made)
    assert all(seen[k] > 0 for k in seen), seen
    assert len(seen) == 6


# --- cards and text ---------------------------------------------------------


@FAST
@given(card=st.sampled_from(DECK), data=st.data())
def test_card_texts_parse_back(card: Card, data: st.DataObject) -> None:
    assert parse_card(card.text) is card
    assert parse_card(card.ascii) is card
    assert Card(card.ascii) is card
    assert eval(repr(card)) is card
    assert card.ascii.isascii() and len(card.ascii) == 2
    assert parse_card(card.name) is card
    # Any mix of case and surrounding blanks.
    text = data.draw(st.sampled_from([card.text, card.ascii, card.name]))
    flipped = "".join(ch.upper() if data.draw(st.booleans()) else ch.lower() for ch in text)
    pad = data.draw(st.sampled_from(["", " ", "\t", "  "]))
    assert parse_card(pad + flipped + pad) is card
    if card is not JOKER:
        assert card.suit is not None
        assert Card(card.rank, card.suit) is card
        assert parse_card(card.rank.text + card.suit.letter) is card


@FAST
@given(cards=st.lists(st.sampled_from(DECK), unique=True, max_size=25), ascii=st.booleans())
def test_format_and_parse_cards_round_trip(cards: list[Card], ascii: bool) -> None:
    text = format_cards(cards, ascii=ascii)
    assert parse_cards(text) == tuple(cards)
    assert parse_cards(text.replace(" ", ",")) == tuple(cards)
    assert parse_cards([c.text for c in cards]) == tuple(cards)
    assert text.isascii() or not ascii
    assert format_cards(parse_cards(text), ascii=not ascii) == format_cards(cards, ascii=not ascii)


@FAST
@given(text=st.text(max_size=12))
def test_parse_card_accepts_a_card_or_raises_parse_error(text: str) -> None:
    from hasenpfeffer_core import ParseError

    try:
        card = parse_card(text)
    except ParseError:
        return
    assert card in DECK


# --- ranking and trick winners -----------------------------------------------


@pytest.mark.parametrize("trump", SUITS)
def test_ranking_is_the_deck_with_the_eight_trumps_first(trump: Any) -> None:
    order = ranking(trump)
    assert sorted(order, key=lambda c: c.index) == list(DECK)
    assert len(set(order)) == 25
    trumps_ = order[:8]
    assert trumps_[0] is JOKER
    assert trumps_[1] is Card(Rank.JACK, trump)
    assert trumps_[2] is Card(Rank.JACK, trump.partner)
    assert [c.rank for c in trumps_[3:]] == [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE]
    assert all(c.suit is trump for c in trumps_[3:])
    assert all(effective_suit(c, trump) is trump for c in trumps_)
    assert all(effective_suit(c, trump) is not trump for c in order[8:])
    assert [card_role(c, trump) for c in trumps_[:3]] == [
        CardRole.JOKER,
        CardRole.RIGHT_BOWER,
        CardRole.LEFT_BOWER,
    ]
    assert all(card_role(c, trump) == CardRole.PLAIN for c in order[8:])
    # The left bower's printed suit has 5 cards; the other two plain suits have 6.
    sizes = Counter(c.suit for c in order[8:])
    assert sizes[trump.partner] == 5
    assert sorted(sizes.values()) == [5, 6, 6]
    # Within each plain suit: A K Q (J) 10 9.
    for suit, group in itertools.groupby(order[8:], key=lambda c: c.suit):
        ranks = [c.rank for c in group]
        assert ranks == sorted(ranks, reverse=True), suit


def test_no_trump_ranking() -> None:
    order = ranking(None)
    assert order[0] is JOKER
    assert sorted(order, key=lambda c: c.index) == list(DECK)
    for _, group in itertools.groupby(order[1:], key=lambda c: c.suit):
        assert [c.rank for c in group] == [
            Rank.ACE,
            Rank.KING,
            Rank.QUEEN,
            Rank.JACK,
            Rank.TEN,
            Rank.NINE,
        ]


def expected_winner(trick: list[Card], trump: Any) -> Card:
    """The winner by the rule's words: the highest trump, else the highest card led."""
    order = ranking(trump)
    led_suit = effective_suit(trick[0], trump)
    if trump is None:
        if JOKER in trick:
            return JOKER
        candidates = [c for c in trick if effective_suit(c, None) is led_suit]
    else:
        candidates = [c for c in trick if effective_suit(c, trump) is trump] or [
            c for c in trick if effective_suit(c, trump) is led_suit
        ]
    return min(candidates, key=order.index)


@FAST
@given(
    trick=st.lists(st.sampled_from(DECK), unique=True, min_size=1, max_size=4),
    trump=trumps,
    data=st.data(),
)
def test_trick_winner_is_consistent(trick: list[Card], trump: Any, data: st.DataObject) -> None:
    winner = trick[trick_winner(trick, trump)]
    assert winner is expected_winner(trick, trump)
    # Reordering the cards after the lead does not change which card wins.
    rest = data.draw(st.permutations(trick[1:]))
    again = [trick[0], *rest]
    assert again[trick_winner(again, trump)] is winner
    # Any order: the winner is the expected card for that lead.
    shuffled = data.draw(st.permutations(trick))
    assert shuffled[trick_winner(shuffled, trump)] is expected_winner(shuffled, trump)
    # A card added to the trick either wins it or leaves the winner alone.
    if len(trick) < 4:
        extra = data.draw(st.sampled_from([c for c in DECK if c not in trick]))
        bigger = [*trick, extra]
        assert bigger[trick_winner(bigger, trump)] in (winner, extra)
    # The Joker always wins a trick it is in.
    if JOKER in trick:
        assert winner is JOKER


@FAST
@given(
    cards=st.lists(st.sampled_from(DECK), unique=True, min_size=2, max_size=10),
    trump=trumps,
    any_time=st.booleans(),
)
def test_legal_plays_follow_the_effective_suit(
    cards: list[Card], trump: Any, any_time: bool
) -> None:
    led, hand = cards[0], cards[1:]
    option = NoTrumpJoker.ANY_TIME if any_time else NoTrumpJoker.VOID_ONLY
    legal = legal_plays(hand, [led], trump, no_trump_joker=option)
    suit = effective_suit(led, trump)
    following = [c for c in hand if effective_suit(c, trump) is suit]
    if trump is None and led is JOKER:
        following = []
    if following:
        extra = [JOKER] if trump is None and any_time and JOKER in hand else []
        assert set(legal) == set(following) | set(extra)
    else:
        assert legal == tuple(hand)
    assert legal_plays(hand, [], trump) == tuple(hand)


# --- games ---------------------------------------------------------------------


def game_policy(game: Game, rng: random.Random, bid_rate: float) -> Any:
    """Pass unless forced (or, at ``bid_rate``, bid the lowest bid); the first legal card."""
    actions = game.legal_actions()
    first = actions[0]
    if isinstance(first, Pass):
        bids = [a for a in actions if isinstance(a, Bid)]
        if bids and rng.random() < bid_rate:
            return bids[0]
        return first
    return first


@settings(max_examples=100, deadline=None)
@given(
    name=st.sampled_from(sorted(PRESETS)),
    seed=seeds,
    target=st.integers(min_value=1, max_value=12),
    bid_rate=st.sampled_from([0.0, 0.2, 0.6]),
)
def test_games_rotate_the_dealer_and_add_up_the_scores(
    name: str, seed: int, target: int, bid_rate: float
) -> None:
    rules = PRESETS[name].rules.replace(target=target)
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    assert Game(rules, seed=seed).hand.dealer is game.hand.dealer
    assert Game(rules, seed=seed).hand.deal == game.hand.deal
    totals = {Side.NS: 0, Side.EW: 0}
    for i in range(60):
        hand = game.hand
        while not hand.is_over:
            game.apply(game_policy(game, rng, bid_rate))
        if hand.result is not None:
            for side, points in hand.result.points.items():
                totals[side] += points
        assert game.scores == totals
        if game.is_over:
            break
        assert all(v < target for v in totals.values())
        if i == 59:
            break
        game.next_hand()
    hands = game.hands
    for before, after in itertools.pairwise(hands):
        assert after.dealer is before.dealer.left, "the deal passes to the left"
    assert all(h.is_over for h in hands)
    if game.is_over:
        winner = game.winner
        assert winner is not None and totals[winner] >= target
        last = hands[-1].result
        assert last is not None
        if all(v >= target for v in totals.values()):
            assert winner is last.side, "when both sides reach the target, the makers win"
        else:
            assert totals[winner.other] < target
        # Nobody had reached the target before the last hand.
        earlier = {Side.NS: 0, Side.EW: 0}
        for h in hands[:-1]:
            if h.result is not None:
                for side, points in h.result.points.items():
                    earlier[side] += points
        assert all(v < target for v in earlier.values())
    else:
        assert game.winner is None
