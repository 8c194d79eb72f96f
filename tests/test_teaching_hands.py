"""The curated teaching hands in hasenpfeffer_core/analysis/hands: each is a legal, complete, canonical
record, and each shows the situation it was written to teach."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from hasenpfeffer_core import (
    JOKER,
    AllPass,
    Bid,
    BiddingScale,
    Card,
    CardRole,
    FailedBid,
    GoAlone,
    HandRecord,
    HandState,
    NameTrump,
    Pass,
    Phase,
    Play,
    Seat,
    Suit,
    card_role,
    dumps,
    effective_suit,
    legal_plays,
    load,
    trick_winner,
)

HANDS = Path(__file__).resolve().parent.parent / "hasenpfeffer_core" / "analysis" / "hands"
FILES = sorted(HANDS.glob("*.hand"))
NAME_RE = re.compile(r"^(\d\d)-[a-z0-9]+(?:-[a-z0-9]+)*\.hand$")

#: Each situation the library must show, and the hand that shows it.
SITUATIONS: dict[str, str] = {
    "joker led": "01-joker-leads-trumps.hand",
    "left bower led": "02-left-bower-leads-trumps.hand",
    "left bower forced": "03-left-bower-must-follow.hand",
    "void, trumping in": "04-void-trump-in.hand",
    "void, throwing off": "05-void-throw-off.hand",
    "partner winning": "06-partner-is-winning.hand",
    "widow changes trump": "07-widow-changes-trump.hand",
    "all pass, Joker bids 3": "08-all-pass-joker-bids-three.hand",
    "thrown in": "09-thrown-in.hand",
    "bid of 6 made": "10-bid-of-six.hand",
    "failed bid, seed scoring": "11-failed-bid-seed.hand",
    "failed bid, lose the bid": "12-failed-bid-lose-the-bid.hand",
    "Big Pepper": "13-big-pepper.hand",
    "lone hand": "14-lone-hand.hand",
    "no trump": "15-no-trump.hand",
}


# --- helpers ------------------------------------------------------------------


@dataclass(frozen=True)
class PlayView:
    """One card played, with what the player held and what was on the table before it."""

    trick: int  # 0-based trick number
    seat: Seat
    card: Card
    hand: tuple[Card, ...]  # the player's cards just before playing
    before: tuple[Card, ...]  # the cards already in the trick, led card first
    trump: Suit | None


def plays(record: HandRecord) -> Iterator[PlayView]:
    """Every card played in the record, with the state just before it."""
    states = list(record.replay())
    for state, move in zip(states, record.moves, strict=False):
        action = move.action
        if not isinstance(action, Play):
            continue
        before = tuple(c for _, c in state.current_trick)
        yield PlayView(
            trick=len(state.tricks),
            seat=action.seat,
            card=action.card,
            hand=state.hand(action.seat),
            before=before,
            trump=state.trump,
        )


def is_trump(card: Card, trump: Suit | None) -> bool:
    return trump is not None and effective_suit(card, trump) is trump


def load_situation(name: str) -> tuple[HandRecord, HandState]:
    path = HANDS / SITUATIONS[name]
    assert path.exists(), f"the hand for {name!r} is missing: {path.name}"
    record = load(path)
    return record, record.final_state()


def scored(name: str) -> tuple[HandRecord, HandState]:
    record, final = load_situation(name)
    assert final.phase is Phase.SCORED
    assert final.result is not None
    return record, final


# --- every file -----------------------------------------------------------------


def test_the_library_has_the_hands() -> None:
    names = [p.name for p in FILES]
    assert len(names) >= 13
    for situation, name in SITUATIONS.items():
        assert name in names, f"{situation}: {name} is missing from the teaching hands"
    numbers = [int(n[:2]) for n in names if NAME_RE.match(n)]
    assert numbers == list(range(1, len(names) + 1)), "hands are numbered 01, 02, ... in order"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_file_name(path: Path) -> None:
    assert NAME_RE.match(path.name), f"{path.name}: name files NN-slug.hand"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_loads_replays_and_is_complete(path: Path) -> None:
    record = load(path)
    states = list(record.replay())
    assert len(states) == len(record.moves) + 1
    assert states[0].phase is Phase.AUCTION
    for n, state in enumerate(states):
        assert state.log == record.actions[:n]
    final = states[-1]
    assert final.phase in (Phase.SCORED, Phase.THROWN_IN)
    if final.phase is Phase.SCORED:
        assert len(final.tricks) == 6
        assert final.result is not None
    else:
        assert final.result is None and not final.tricks
    # Rebuilding the hand with the engine reaches the same end.
    assert record.deal is not None
    again = HandState.replay(record.deal, record.actions, rules=record.rules, dealer=record.dealer)
    assert again.phase is final.phase and again.tricks == final.tricks


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_round_trips_exactly(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert dumps(load(path)) == text


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_has_title_point_and_notes(path: Path) -> None:
    record = load(path)
    assert record.title
    assert record.point
    assert 1 <= len(record.notes) <= 2
    annotated = [m for m in record.moves if m.note]
    assert len(annotated) >= 2, "explain the key actions in braces"


# --- each situation really happens --------------------------------------------------


def test_joker_led() -> None:
    record, _ = scored("joker led")
    led = [v for v in plays(record) if not v.before and v.card is JOKER]
    assert led, "no trick is led with the Joker"
    trick = led[0].trick
    followers = [v for v in plays(record) if v.trick == trick and v.before]
    assert len(followers) == 3
    for v in followers:
        if any(is_trump(c, v.trump) for c in v.hand):
            assert is_trump(v.card, v.trump), f"{v.seat} held a trump and must follow trumps"
    assert sum(is_trump(v.card, v.trump) for v in followers) >= 2


def test_left_bower_led() -> None:
    record, _ = scored("left bower led")
    led = [
        v
        for v in plays(record)
        if not v.before and v.trump and card_role(v.card, v.trump) == CardRole.LEFT_BOWER
    ]
    assert led, "no trick is led with the left bower"
    first = led[0]
    printed = first.card.suit
    followers = [v for v in plays(record) if v.trick == first.trick and v.before]
    # Someone follows with a trump, not with the bower's printed suit ...
    assert any(is_trump(v.card, v.trump) for v in followers)
    # ... and someone who holds that printed suit does not play it.
    assert any(
        any(effective_suit(c, v.trump) is printed for c in v.hand)
        and effective_suit(v.card, v.trump) is not printed
        for v in followers
    )


def test_left_bower_forced() -> None:
    record, _ = scored("left bower forced")
    found = [
        v
        for v in plays(record)
        if v.before
        and is_trump(v.before[0], v.trump)
        and v.trump
        and card_role(v.card, v.trump) == CardRole.LEFT_BOWER
        and [c for c in v.hand if is_trump(c, v.trump)] == [v.card]
    ]
    assert found, "nobody plays the left bower as their only trump to a trump lead"
    # The bower's printed suit is not trump: it only looks like another suit.
    assert found[0].card.suit is not found[0].trump


def test_void_trumping_in() -> None:
    record, final = scored("void, trumping in")
    found = []
    for v in plays(record):
        if not v.before or is_trump(v.before[0], v.trump):
            continue
        led = effective_suit(v.before[0], v.trump)
        void = not any(effective_suit(c, v.trump) is led for c in v.hand)
        if void and is_trump(v.card, v.trump) and final.tricks[v.trick].winner is v.seat:
            found.append(v)
    assert found, "nobody trumps a plain-suit lead and wins"


def test_void_throwing_off() -> None:
    record, _ = scored("void, throwing off")
    found = []
    for v in plays(record):
        if not v.before or is_trump(v.before[0], v.trump):
            continue
        led = effective_suit(v.before[0], v.trump)
        suits = {effective_suit(c, v.trump) for c in v.hand}
        if led in suits or v.trump in suits:
            continue  # could follow, or could trump
        if v.card.rank == min(c.rank for c in v.hand):
            found.append(v)
    assert found, "nobody with no card of the suit led and no trump throws a low card"


def test_partner_winning() -> None:
    record, final = scored("partner winning")
    found = []
    for v in plays(record):
        if not v.before:
            continue
        position = len(v.before)
        leader = final.tricks[v.trick].leader
        seats = [leader]
        while len(seats) < position:
            seats.append(seats[-1].left)
        winning = seats[trick_winner(v.before, v.trump)]
        if winning is not v.seat.partner:
            continue
        could_win = [
            c
            for c in legal_plays(v.hand, v.before, v.trump)
            if trick_winner((*v.before, c), v.trump) == position
        ]
        played_wins = trick_winner((*v.before, v.card), v.trump) == position
        if could_win and not played_wins and final.tricks[v.trick].winner is v.seat.partner:
            found.append(v)
    assert found, "nobody declines to beat a partner who then wins the trick"


def test_widow_changes_trump() -> None:
    record, final = scored("widow changes trump")
    maker = final.maker
    trump = final.trump
    assert maker is not None and trump is not None and record.deal is not None
    dealt = record.deal.hands[maker.value]
    widow = record.deal.widow
    printed = Counter(c.suit for c in dealt if c.suit is not None)
    (most, count), *rest = printed.most_common()
    assert most is not None
    assert all(n < count for _, n in rest), "before the widow one suit is clearly longest"
    assert most is not trump

    def trump_length(cards: tuple[Card, ...], suit: Suit) -> int:
        return sum(effective_suit(c, suit) is suit for c in cards)

    before = {s: trump_length(dealt, s) for s in Suit}
    after = {s: trump_length((*dealt, widow), s) for s in Suit}
    assert before[most] > before[trump], "before the widow the other suit looked better"
    assert after[trump] == max(after.values()), "after the widow the trump named is longest"
    assert is_trump(widow, trump), "the widow card is what tips it"
    assert not is_trump(widow, most), "the widow card would not help the first suit"


def test_all_pass_joker_bids_three() -> None:
    record, final = scored("all pass, Joker bids 3")
    assert record.rules.all_pass is AllPass.JOKER_HOLDER
    auction = final.auction
    assert [type(a) for a in auction] == [Pass, Pass, Pass, Pass, Bid]
    bid = auction[-1]
    assert isinstance(bid, Bid) and bid.tricks == 3 and not bid.big
    assert record.deal is not None
    assert JOKER in record.deal.hands[bid.seat.value], "the forced bid is the Joker holder's"
    assert final.forced_bid and final.maker is bid.seat


def test_thrown_in() -> None:
    record, final = load_situation("thrown in")
    assert final.phase is Phase.THROWN_IN
    assert record.deal is not None and record.deal.widow is JOKER
    assert [type(a) for a in record.actions] == [Pass] * 4


def test_bid_of_six_made() -> None:
    _, final = scored("bid of 6 made")
    result = final.result
    assert result is not None
    assert result.bid.tricks == 6 and not result.bid.big
    assert result.made
    assert result.points[result.side] == 6


def test_failed_bid_seed_scoring() -> None:
    record, final = scored("failed bid, seed scoring")
    result = final.result
    assert result is not None
    assert record.rules.failed_bid is FailedBid.TRICKS_TAKEN
    taken = result.tricks[result.side]
    assert not result.made and 0 < taken < result.bid.tricks
    assert result.points[result.side] == -taken
    # The hand note says what "lose the bid" would cost instead.
    notes = " ".join(record.notes)
    assert "lose the bid" in notes and f"-{result.bid.tricks}" in notes


def test_failed_bid_lose_the_bid() -> None:
    record, final = scored("failed bid, lose the bid")
    result = final.result
    assert result is not None
    assert record.rules.failed_bid is FailedBid.BID
    taken = result.tricks[result.side]
    assert not result.made and taken != result.bid.tricks
    assert result.points[result.side] == -result.bid.tricks
    assert result.points[result.side] != -taken  # the seed's rule would score it otherwise


def test_big_pepper() -> None:
    record, final = scored("Big Pepper")
    result = final.result
    assert result is not None
    assert record.rules.bidding is BiddingScale.PEPPER
    assert result.bid.big and result.bid.tricks == 6
    assert result.multiplier == 2
    taken = result.tricks[result.side]
    assert result.made and result.points[result.side] == 2 * taken


def test_lone_hand() -> None:
    record, final = scored("lone hand")
    maker = final.maker
    assert maker is not None
    assert record.rules.lone_hands and final.maker_alone
    assert final.sitting_out == (maker.partner,)
    assert GoAlone(maker, True) in record.actions
    for defender in (maker.left, maker.right):
        assert GoAlone(defender, False) in record.actions
    assert final.defender_alone is None
    # The seed's exception: the player on the maker's left leads, not the dealer's left.
    assert final.tricks[0].leader is maker.left
    assert record.dealer.left is maker.partner  # who would have led, but sits out
    assert all(len(t.plays) == 3 for t in final.tricks)
    result = final.result
    assert result is not None and result.maker_alone and result.multiplier == 2


def test_no_trump() -> None:
    record, final = scored("no trump")
    assert record.rules.no_trump
    assert final.trump_named and final.trump is None
    assert any(isinstance(a, NameTrump) and a.suit is None for a in record.actions)
    result = final.result
    assert result is not None and result.made


@pytest.mark.parametrize("name", sorted(SITUATIONS))
def test_situation_files_exist(name: str) -> None:
    assert (HANDS / SITUATIONS[name]).exists()
