"""Bad input for every public entry point: the error type, the message, the rule, and
that a refused action changes nothing.

Every error the engine raises is a ``ValueError`` carrying ``rule``; the subclass says
what kind of thing went wrong (see ``hasenpfeffer_core.engine.errors``).
"""

from __future__ import annotations

import contextlib
import inspect
import io
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from _support import snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

import hasenpfeffer_core as hc
from hasenpfeffer_core import (
    DECK,
    JOKER,
    SEATS,
    SUITS,
    Bid,
    BidTooLowError,
    Card,
    Deal,
    Discard,
    Game,
    GoAlone,
    HandRecord,
    HandState,
    HasenpfefferError,
    IllegalActionError,
    InvalidDataError,
    Move,
    MustFollowSuitError,
    NameTrump,
    OutOfTurnError,
    ParseError,
    Pass,
    Phase,
    Play,
    Rank,
    RecordError,
    Rules,
    Seat,
    Side,
    Suit,
    WrongPhaseError,
    bid_name,
    bids_above,
    card_role,
    deal_cards,
    dump,
    dumps,
    effective_suit,
    format_cards,
    legal_plays,
    load,
    loads,
    parse_action,
    parse_card,
    parse_cards,
    parse_seat,
    parse_side,
    parse_suit,
    parse_trump,
    ranking,
    score_hand,
    sort_hand,
    trick_winner,
)

CARD_HELP = (
    "a card is a rank (9, 10 or T, J, Q, K, A) and a suit (S, H, D, C or ♠ ♥ ♦ ♣), "
    "like JH, J♥, 10S or TS, or the Joker (JK)"
)
SUIT_HELP = "a suit is S, H, D, C, ♠, ♥, ♦, ♣ or its name (spades, hearts, diamonds, clubs)"
SEAT_HELP = "seats are N, E, S, W (North, East, South, West)"
OPTION_NAMES = (
    "bidding, all_pass, widow, no_trump, no_trump_joker, first_lead, lone_hands, "
    "defend_alone, failed_bid, defenders_score, big_pepper_multiplier, lone_multiplier, target"
)

ERRORS = [
    HasenpfefferError,
    ParseError,
    InvalidDataError,
    IllegalActionError,
    WrongPhaseError,
    OutOfTurnError,
    MustFollowSuitError,
    BidTooLowError,
    RecordError,
]


def c(text: str) -> Card:
    return parse_card(text)


def raises(
    call: Callable[[], object], kind: type[Exception], message: str, rule: str | None = None
) -> HasenpfefferError:
    """Run ``call``; it must raise exactly ``kind`` with exactly ``message`` and ``rule``."""
    with pytest.raises(HasenpfefferError) as info:
        call()
    error = info.value
    assert type(error) is kind, f"{type(error).__name__}: {error}"
    assert isinstance(error, ValueError)
    assert str(error) == message
    assert error.rule == rule
    return error


# --- the error classes ---------------------------------------------------------------


@pytest.mark.parametrize("kind", ERRORS, ids=lambda k: k.__name__)
def test_every_error_is_a_value_error_with_a_rule(kind: type[HasenpfefferError]) -> None:
    assert issubclass(kind, ValueError)
    assert issubclass(kind, HasenpfefferError)
    error = kind("something", rule="follow suit")
    assert error.rule == "follow suit" and str(error).endswith("something")
    assert kind("something").rule is None
    assert kind.__name__ in hc.__all__


def test_the_error_hierarchy() -> None:
    for kind in (WrongPhaseError, OutOfTurnError, MustFollowSuitError, BidTooLowError):
        assert issubclass(kind, IllegalActionError)
    assert issubclass(RecordError, ParseError)
    assert not issubclass(InvalidDataError, IllegalActionError)
    error = RecordError("bad", line=3, rule="x")
    assert (str(error), error.line, error.rule) == ("line 3: bad", 3, "x")
    assert RecordError("bad").line is None


# --- text: cards, suits, seats, sides, actions ---------------------------------------

TEXT_CASES = [
    pytest.param(
        lambda: parse_card("8H"),
        ParseError,
        "'8H' is not a card: the deck has no 8 (ranks are 9, 10 or T, J, Q, K, A)",
        id="parse_card-no-eights",
    ),
    pytest.param(
        lambda: parse_card("11H"),
        ParseError,
        "'11H' is not a card: the deck has no 11 (ranks are 9, 10 or T, J, Q, K, A)",
        id="parse_card-eleven",
    ),
    pytest.param(
        lambda: parse_card("JX"),
        ParseError,
        f"'JX' is not a card: 'x' is not a suit; {SUIT_HELP}",
        id="parse_card-bad-suit",
    ),
    pytest.param(
        lambda: parse_card("ZH"),
        ParseError,
        f"'ZH' is not a card: 'z' is not a rank; {CARD_HELP}",
        id="parse_card-bad-rank",
    ),
    pytest.param(
        lambda: parse_card(""), ParseError, f"'' is not a card: {CARD_HELP}", id="parse_card-empty"
    ),
    pytest.param(
        lambda: parse_card("J"), ParseError, f"'J' is not a card: {CARD_HELP}", id="parse_card-J"
    ),
    pytest.param(
        lambda: parse_card(None),
        ParseError,
        "None is not a card: expected text, got NoneType",
        id="parse_card-None",
    ),
    pytest.param(
        lambda: parse_card(24),
        ParseError,
        "24 is not a card: expected text, got int",
        id="parse_card-int",
    ),
    pytest.param(
        lambda: Card("XX"),
        ParseError,
        f"'XX' is not a card: 'x' is not a rank; {CARD_HELP}",
        id="Card-text",
    ),
    pytest.param(
        lambda: Card(Rank.JOKER, Suit.HEARTS),
        ParseError,
        f"Card(<Rank.JOKER: 15>, Suit.HEARTS) is not a card: {CARD_HELP}; or Card(Rank, Suit)",
        id="Card-joker-of-hearts",
    ),
    pytest.param(
        lambda: Card(Rank.ACE),  # type: ignore[call-overload]
        ParseError,
        f"Card(<Rank.ACE: 14>, None) is not a card: {CARD_HELP}; or Card(Rank, Suit)",
        id="Card-ace-of-nothing",
    ),
    pytest.param(
        lambda: parse_cards("JH J♥"),
        InvalidDataError,
        "J♥ is listed twice: the deck has one of each card",
        "the deck",
        id="parse_cards-duplicate",
    ),
    pytest.param(
        lambda: parse_cards("JH, jack of hearts"),
        InvalidDataError,
        "J♥ is listed twice: the deck has one of each card",
        "the deck",
        id="parse_cards-duplicate-by-name",
    ),
    pytest.param(
        lambda: parse_cards("JH 8H"),
        ParseError,
        "'8H' is not a card: the deck has no 8 (ranks are 9, 10 or T, J, Q, K, A)",
        id="parse_cards-bad-card",
    ),
    pytest.param(
        lambda: parse_cards(["JH", 5]),
        ParseError,
        "5 is not a card: expected text, got int",
        id="parse_cards-list",
    ),
    pytest.param(
        lambda: parse_cards(None),  # type: ignore[arg-type]
        ParseError,
        "None is not a list of cards: expected text or cards, got NoneType",
        id="parse_cards-None",
    ),
    pytest.param(
        lambda: format_cards(5),  # type: ignore[arg-type]
        ParseError,
        "5 is not a list of cards: expected text or cards, got int",
        id="format_cards-int",
    ),
    pytest.param(
        lambda: format_cards(["JH", "XX"]),  # type: ignore[list-item]
        ParseError,
        f"'XX' is not a card: 'x' is not a rank; {CARD_HELP}",
        id="format_cards-bad-card",
    ),
    pytest.param(
        lambda: parse_suit("X"), ParseError, f"'X' is not a suit: {SUIT_HELP}", id="parse_suit-X"
    ),
    pytest.param(
        lambda: parse_suit("trumps"),
        ParseError,
        f"'trumps' is not a suit: {SUIT_HELP}",
        id="parse_suit-word",
    ),
    pytest.param(
        lambda: parse_suit(None),  # type: ignore[arg-type]
        ParseError,
        "None is not a suit: expected text, got NoneType",
        id="parse_suit-None",
    ),
    pytest.param(
        lambda: parse_trump("no trumps"),
        ParseError,
        f"'no trumps' is not a suit: {SUIT_HELP}",
        id="parse_trump-word",
    ),
    pytest.param(
        lambda: parse_trump(7),  # type: ignore[arg-type]
        ParseError,
        "7 is not a suit or no trump: expected text, got int",
        id="parse_trump-number",
    ),
    pytest.param(
        lambda: parse_seat("x"), ParseError, f"'x' is not a seat: {SEAT_HELP}", id="parse_seat-x"
    ),
    pytest.param(
        lambda: parse_seat("NE"), ParseError, f"'NE' is not a seat: {SEAT_HELP}", id="parse_seat-NE"
    ),
    pytest.param(
        lambda: parse_seat(None),  # type: ignore[arg-type]
        ParseError,
        f"None is not a seat: {SEAT_HELP}",
        id="parse_seat-None",
    ),
    pytest.param(
        lambda: parse_side("NE"),
        ParseError,
        "'NE' is not a partnership: partnerships are NS and EW",
        id="parse_side-NE",
    ),
    pytest.param(
        lambda: parse_side("N"),
        ParseError,
        "'N' is not a partnership: partnerships are NS and EW",
        id="parse_side-seat",
    ),
    pytest.param(
        lambda: parse_action(""),
        ParseError,
        "'' is not an action: write a seat, a verb and its argument, as in 'E bid 3'",
        id="parse_action-empty",
    ),
    pytest.param(
        lambda: parse_action(None),  # type: ignore[arg-type]
        ParseError,
        "None is not an action: expected text, got NoneType",
        id="parse_action-None",
    ),
    pytest.param(
        lambda: parse_action("N trumps H"),
        ParseError,
        "'N trumps H' is not an action: the verb must be one of bid, pass, trump, discard, "
        "alone, play",
        id="parse_action-verb",
    ),
    pytest.param(
        lambda: parse_action("Q play JH"),
        ParseError,
        f"'Q' is not a seat: {SEAT_HELP}",
        id="parse_action-seat",
    ),
    pytest.param(
        lambda: parse_action("N bid"),
        ParseError,
        "'N bid': 'bid' takes exactly one argument",
        id="parse_action-no-argument",
    ),
    pytest.param(
        lambda: parse_action("N play JH JD"),
        ParseError,
        "'N play JH JD': 'play' takes exactly one argument",
        id="parse_action-two-arguments",
    ),
    pytest.param(
        lambda: parse_action("N bid three"),
        ParseError,
        "'N bid three': a bid is a number of tricks, little-pepper or big-pepper",
        id="parse_action-bid-word",
    ),
    pytest.param(
        lambda: parse_action("N bid -1"),
        ParseError,
        "'N bid -1': a bid is a number of tricks, little-pepper or big-pepper",
        id="parse_action-bid-negative",
    ),
    pytest.param(
        lambda: parse_action("N bid ²"),
        ParseError,
        "'N bid ²': a bid is a number of tricks, little-pepper or big-pepper",
        id="parse_action-bid-superscript",
    ),
    pytest.param(
        lambda: parse_action("N pass now"),
        ParseError,
        "'N pass now': a pass takes nothing after it",
        id="parse_action-pass-argument",
    ),
    pytest.param(
        lambda: parse_action("N trump X"),
        ParseError,
        f"'X' is not a suit: {SUIT_HELP}",
        id="parse_action-trump",
    ),
    pytest.param(
        lambda: parse_action("N alone maybe"),
        ParseError,
        "'N alone maybe': 'alone' takes yes or no",
        id="parse_action-alone",
    ),
    pytest.param(
        lambda: parse_action("N discard 8H"),
        ParseError,
        "'8H' is not a card: the deck has no 8 (ranks are 9, 10 or T, J, Q, K, A)",
        id="parse_action-discard",
    ),
]


# The cases above leave ``rule`` out when it is None.
TEXT_CASES = [
    p if len(p.values) == 4 else pytest.param(*p.values, None, id=p.id) for p in TEXT_CASES
]


@pytest.mark.parametrize(("call", "kind", "message", "rule"), TEXT_CASES)
def test_bad_text(call: Callable[[], object], kind: type, message: str, rule: str | None) -> None:
    raises(call, kind, message, rule)


# --- cards under a trump: ranking, effective_suit, legal_plays, trick_winner ... ------

TRICK_CASES = [
    pytest.param(
        lambda: ranking("X"), ParseError, f"'X' is not a suit: {SUIT_HELP}", None, id="ranking"
    ),
    pytest.param(
        lambda: ranking(5),  # type: ignore[arg-type]
        ParseError,
        "5 is not a suit or no trump: expected text, got int",
        None,
        id="ranking-int",
    ),
    pytest.param(
        lambda: effective_suit("XX", "H"),
        ParseError,
        f"'XX' is not a card: 'x' is not a rank; {CARD_HELP}",
        None,
        id="effective_suit-card",
    ),
    pytest.param(
        lambda: effective_suit("JH", "trumps"),
        ParseError,
        f"'trumps' is not a suit: {SUIT_HELP}",
        None,
        id="effective_suit-trump",
    ),
    pytest.param(
        lambda: card_role("JH", "Q"),
        ParseError,
        f"'Q' is not a suit: {SUIT_HELP}",
        None,
        id="card_role-trump",
    ),
    pytest.param(
        lambda: card_role(None, "H"),  # type: ignore[arg-type]
        ParseError,
        "None is not a card: expected text, got NoneType",
        None,
        id="card_role-card",
    ),
    pytest.param(
        lambda: sort_hand("AS AS"),
        InvalidDataError,
        "A♠ is listed twice: the deck has one of each card",
        "the deck",
        id="sort_hand-duplicate",
    ),
    pytest.param(
        lambda: sort_hand([c("AS"), c("AS")]),
        InvalidDataError,
        "A♠ is listed twice in the hand: the deck has one of each card",
        "the deck",
        id="sort_hand-duplicate-list",
    ),
    pytest.param(
        lambda: sort_hand(5),  # type: ignore[arg-type]
        ParseError,
        "5 is not a list of cards (the hand): expected text or cards, got int",
        None,
        id="sort_hand-int",
    ),
    pytest.param(
        lambda: sort_hand("AS", "Q"),
        ParseError,
        f"'Q' is not a suit: {SUIT_HELP}",
        None,
        id="sort_hand-trump",
    ),
    pytest.param(
        lambda: legal_plays([], [], "H"),
        InvalidDataError,
        "an empty hand has no legal plays",
        "legal plays",
        id="legal_plays-empty-hand",
    ),
    pytest.param(
        lambda: legal_plays(None, [], "H"),  # type: ignore[arg-type]
        ParseError,
        "None is not a list of cards (the hand): expected text or cards, got NoneType",
        None,
        id="legal_plays-None",
    ),
    pytest.param(
        lambda: legal_plays("9H", "AS KS QS JS", "H"),
        InvalidDataError,
        "the trick is already complete (4 cards): nobody plays to it",
        "legal plays",
        id="legal_plays-complete-trick",
    ),
    pytest.param(
        lambda: legal_plays("9H", "AS KS QS JS 10S", "H"),
        InvalidDataError,
        "a trick has at most 4 cards, got 5: A♠ K♠ Q♠ J♠ 10♠",
        "trick winner",
        id="legal_plays-five-cards",
    ),
    pytest.param(
        lambda: legal_plays("AS 9H", "AS", "H"),
        InvalidDataError,
        "A♠ is both in the hand and already played to the trick",
        "the deck",
        id="legal_plays-card-twice",
    ),
    pytest.param(
        lambda: legal_plays(["AS", "AS"], [], "H"),
        InvalidDataError,
        "A♠ is listed twice in the hand: the deck has one of each card",
        "the deck",
        id="legal_plays-duplicate-hand",
    ),
    pytest.param(
        lambda: legal_plays(["AS"], ["KS", "KS"], "H"),
        InvalidDataError,
        "K♠ is listed twice in the trick: the deck has one of each card",
        "the deck",
        id="legal_plays-duplicate-trick",
    ),
    pytest.param(
        lambda: legal_plays("AS JK", "KS", None, no_trump_joker="sometimes"),
        ParseError,
        "rule option no_trump_joker='sometimes': expected one of void-only, any-time",
        None,
        id="legal_plays-option",
    ),
    pytest.param(
        lambda: legal_plays("AS", [], "X"),
        ParseError,
        f"'X' is not a suit: {SUIT_HELP}",
        None,
        id="legal_plays-trump",
    ),
    pytest.param(
        lambda: trick_winner([], "H"),
        InvalidDataError,
        "an empty trick has no winner",
        "trick winner",
        id="trick_winner-empty",
    ),
    pytest.param(
        lambda: trick_winner("AS KS QS JS 10S", "H"),
        InvalidDataError,
        "a trick has at most 4 cards, got 5: A♠ K♠ Q♠ J♠ 10♠",
        "trick winner",
        id="trick_winner-five",
    ),
    pytest.param(
        lambda: trick_winner("AS AS", "H"),
        InvalidDataError,
        "A♠ is listed twice: the deck has one of each card",
        "the deck",
        id="trick_winner-duplicate",
    ),
    pytest.param(
        lambda: trick_winner(None, "H"),  # type: ignore[arg-type]
        ParseError,
        "None is not a list of cards (the trick): expected text or cards, got NoneType",
        None,
        id="trick_winner-None",
    ),
    pytest.param(
        lambda: trick_winner("AS KS", "spades!"),
        ParseError,
        f"'spades!' is not a suit: {SUIT_HELP}",
        None,
        id="trick_winner-trump",
    ),
]


@pytest.mark.parametrize(("call", "kind", "message", "rule"), TRICK_CASES)
def test_bad_cards_under_a_trump(
    call: Callable[[], object], kind: type, message: str, rule: str | None
) -> None:
    raises(call, kind, message, rule)


# --- rules, bids and other values ---------------------------------------------------------

VALUE_CASES = [
    pytest.param(
        lambda: Rules(target=0),
        InvalidDataError,
        "target (the score that wins the game) must be a whole number of at least 1, got 0",
        "target",
        id="Rules-target-0",
    ),
    pytest.param(
        lambda: Rules(target=True),
        InvalidDataError,
        "target (the score that wins the game) must be a whole number of at least 1, got True",
        "target",
        id="Rules-target-bool",
    ),
    pytest.param(
        lambda: Rules(lone_multiplier=1.5),  # type: ignore[arg-type]
        InvalidDataError,
        "lone_multiplier (the factor a lone hand applies to its side's result (borrowed rule)) must be a whole number of at least 1, got 1.5",
        "lone_multiplier",
        id="Rules-multiplier-float",
    ),
    pytest.param(
        lambda: Rules(target="ten"),  # type: ignore[arg-type]
        ParseError,
        "rule option target='ten': expected a whole number",
        None,
        id="Rules-target-text",
    ),
    pytest.param(
        lambda: Rules(widow="maybe"),  # type: ignore[arg-type]
        ParseError,
        "rule option widow='maybe': expected yes or no",
        None,
        id="Rules-widow-text",
    ),
    pytest.param(
        lambda: Rules(widow=1),  # type: ignore[arg-type]
        InvalidDataError,
        "widow (whether the high bidder picks up the widow and discards) must be yes or no, got 1",
        "widow",
        id="Rules-widow-int",
    ),
    pytest.param(
        lambda: Rules(bidding="auction"),  # type: ignore[arg-type]
        ParseError,
        "rule option bidding='auction': expected one of standard, pepper",
        None,
        id="Rules-bidding-text",
    ),
    pytest.param(
        lambda: Rules(first_lead=1),  # type: ignore[arg-type]
        InvalidDataError,
        "first_lead (who leads the first trick) must be one of 'left-of-dealer', 'high-bidder', got 1",
        "first_lead",
        id="Rules-first_lead-int",
    ),
    pytest.param(
        lambda: Rules(all_pass="everyone"),  # type: ignore[arg-type]
        ParseError,
        "rule option all_pass='everyone': expected one of joker-holder, redeal, dealer",
        None,
        id="Rules-all_pass",
    ),
    pytest.param(
        lambda: Rules.parse("euchre"),
        ParseError,
        "unknown rule set 'euchre': the presets are seed, seed-pepper, lose-the-bid, "
        "gamerules, parlett",
        None,
        id="Rules.parse-preset",
    ),
    pytest.param(
        lambda: Rules.parse("seed; pepper=yes"),
        ParseError,
        f"unknown rule option 'pepper': the options are {OPTION_NAMES}",
        None,
        id="Rules.parse-option",
    ),
    pytest.param(
        lambda: Rules.parse("seed; target"),
        ParseError,
        "rule option 'target' needs a value, as in target=...",
        None,
        id="Rules.parse-no-value",
    ),
    pytest.param(
        lambda: Rules.parse("seed; target=11, target=12"),
        ParseError,
        "rule option 'target' is given twice in 'seed; target=11, target=12'",
        None,
        id="Rules.parse-twice",
    ),
    pytest.param(
        lambda: Rules.parse("seed; target=0"),
        InvalidDataError,
        "target (the score that wins the game) must be a whole number of at least 1, got 0",
        "target",
        id="Rules.parse-target-0",
    ),
    pytest.param(
        lambda: Rules.parse("seed; widow=perhaps"),
        ParseError,
        "rule option widow='perhaps': expected yes or no",
        None,
        id="Rules.parse-widow",
    ),
    pytest.param(
        lambda: Rules.parse(None),  # type: ignore[arg-type]
        ParseError,
        "rules must be text, got NoneType",
        None,
        id="Rules.parse-None",
    ),
    pytest.param(
        lambda: Rules().replace(pepper=True),
        ParseError,
        f"unknown rule option 'pepper': the options are {OPTION_NAMES}",
        None,
        id="Rules.replace-option",
    ),
    pytest.param(
        lambda: Rules().replace(failed_bid="double"),
        ParseError,
        "rule option failed_bid='double': expected one of tricks-taken, bid, six",
        None,
        id="Rules.replace-value",
    ),
    pytest.param(
        lambda: Rules().replace(target=-1),
        InvalidDataError,
        "target (the score that wins the game) must be a whole number of at least 1, got -1",
        "target",
        id="Rules.replace-target",
    ),
    pytest.param(
        lambda: Bid("N", 3),  # type: ignore[arg-type]
        InvalidDataError,
        "a bid needs a Seat, got 'N'",
        None,
        id="Bid-seat",
    ),
    pytest.param(
        lambda: Bid(Seat.N, 3.0),  # type: ignore[arg-type]
        InvalidDataError,
        "a bid is a whole number of tricks, got 3.0",
        None,
        id="Bid-float",
    ),
    pytest.param(
        lambda: Bid(Seat.N, True),
        InvalidDataError,
        "a bid is a whole number of tricks, got True",
        None,
        id="Bid-bool",
    ),
    pytest.param(
        lambda: Bid(Seat.N, 5, big=True),
        InvalidDataError,
        "Big Pepper is a bid of 6 tricks, not 5",
        "pepper bids",
        id="Bid-big-five",
    ),
    pytest.param(
        lambda: Bid(Seat.N, 6, big="yes"),  # type: ignore[arg-type]
        InvalidDataError,
        "big (Big Pepper) is True or False, got 'yes'",
        None,
        id="Bid-big-text",
    ),
    pytest.param(
        lambda: Pass("N"),  # type: ignore[arg-type]
        InvalidDataError,
        "a pass needs a Seat, got 'N'",
        None,
        id="Pass-seat",
    ),
    pytest.param(
        lambda: NameTrump(Seat.N, "H"),  # type: ignore[arg-type]
        InvalidDataError,
        "trump is a Suit or None, got 'H'",
        None,
        id="NameTrump-text",
    ),
    pytest.param(
        lambda: NameTrump(0, Suit.HEARTS),  # type: ignore[arg-type]
        InvalidDataError,
        "naming trumps needs a Seat, got 0",
        None,
        id="NameTrump-seat",
    ),
    pytest.param(
        lambda: Discard(Seat.N, "JH"),  # type: ignore[arg-type]
        InvalidDataError,
        "a discard needs a Card, got 'JH'",
        None,
        id="Discard-card",
    ),
    pytest.param(
        lambda: GoAlone(Seat.N, 1),  # type: ignore[arg-type]
        InvalidDataError,
        "alone is True or False, got 1",
        None,
        id="GoAlone-bool",
    ),
    pytest.param(
        lambda: Play(Seat.N, "JH"),  # type: ignore[arg-type]
        InvalidDataError,
        "a play needs a Card, got 'JH'",
        None,
        id="Play-card",
    ),
    pytest.param(
        lambda: Play("north", c("JH")),  # type: ignore[arg-type]
        InvalidDataError,
        "a play needs a Seat, got 'north'",
        None,
        id="Play-seat",
    ),
    pytest.param(
        lambda: bids_above(None, Seat.N, "seed"),  # type: ignore[arg-type]
        InvalidDataError,
        "rules must be a Rules value, got str",
        None,
        id="bids_above-rules",
    ),
    pytest.param(
        lambda: bids_above(3, Seat.N, Rules()),  # type: ignore[arg-type]
        InvalidDataError,
        "the high bid must be a Bid or None, got 3",
        None,
        id="bids_above-high",
    ),
    pytest.param(
        lambda: bids_above(None, "N", Rules()),  # type: ignore[arg-type]
        InvalidDataError,
        "a bid needs a Seat, got 'N'",
        None,
        id="bids_above-seat",
    ),
    pytest.param(
        lambda: bid_name(6, False, None),  # type: ignore[arg-type]
        InvalidDataError,
        "rules must be a Rules value, got NoneType",
        None,
        id="bid_name-rules",
    ),
    pytest.param(
        lambda: score_hand("seed", Bid(Seat.N, 3), {Side.NS: 3, Side.EW: 3}),  # type: ignore[arg-type]
        InvalidDataError,
        "rules must be a Rules value, got str",
        None,
        id="score_hand-rules",
    ),
    pytest.param(
        lambda: score_hand(Rules(), 3, {Side.NS: 3, Side.EW: 3}),  # type: ignore[arg-type]
        InvalidDataError,
        "the contract must be a Bid, got 3",
        None,
        id="score_hand-bid",
    ),
    pytest.param(
        lambda: score_hand(Rules(), Bid(Seat.N, 3), {Side.NS: 3}),
        InvalidDataError,
        "tricks must give each partnership (Side.NS, Side.EW) its tricks, at most 6 in all, "
        "got {Side.NS: 3}",
        "scoring",
        id="score_hand-one-side",
    ),
    pytest.param(
        lambda: score_hand(Rules(), Bid(Seat.N, 3), {Side.NS: 4, Side.EW: 3}),
        InvalidDataError,
        "tricks must give each partnership (Side.NS, Side.EW) its tricks, at most 6 in all, "
        "got {Side.NS: 4, Side.EW: 3}",
        "scoring",
        id="score_hand-seven-tricks",
    ),
    pytest.param(
        lambda: deal_cards(1, "N"),  # type: ignore[arg-type]
        InvalidDataError,
        "the dealer must be a Seat, got 'N'",
        None,
        id="deal_cards-dealer",
    ),
    pytest.param(
        lambda: HandState("seed"),  # type: ignore[arg-type]
        InvalidDataError,
        "rules must be a Rules value, got str",
        None,
        id="HandState-rules",
    ),
    pytest.param(
        lambda: HandState.new(dealer="N"),  # type: ignore[arg-type]
        InvalidDataError,
        "the dealer must be a Seat, got 'N'",
        None,
        id="HandState.new-dealer",
    ),
    pytest.param(
        lambda: Game("seed"),  # type: ignore[arg-type]
        InvalidDataError,
        "rules must be a Rules value, got str",
        None,
        id="Game-rules",
    ),
    pytest.param(
        lambda: Game(first_dealer="N"),  # type: ignore[arg-type]
        InvalidDataError,
        "the first dealer must be a Seat, got 'N'",
        None,
        id="Game-dealer",
    ),
]


@pytest.mark.parametrize(("call", "kind", "message", "rule"), VALUE_CASES)
def test_bad_values(call: Callable[[], object], kind: type, message: str, rule: str | None) -> None:
    raises(call, kind, message, rule)


def test_rules_refuse_an_unknown_keyword() -> None:
    """``Rules(...)`` is a dataclass: an unknown keyword is Python's own TypeError."""
    with pytest.raises(TypeError, match="unexpected keyword argument 'pepper'"):
        Rules(pepper=True)  # type: ignore[call-arg]


# --- a known deal for the state machine ------------------------------------------------------

# Dealer W, so N bids and leads first. N holds the Joker; the widow is J♥. E holds
# A♥ and J♦ (the left bower when hearts are trumps) and no other heart.
HANDS = {
    "N": "JK 10♥ A♠ K♠ 9♦ Q♣",
    "E": "A♥ J♦ 9♣ Q♠ 10♦ 9♠",
    "S": "J♠ 10♠ Q♥ A♦ K♣ K♦",
    "W": "J♣ A♣ 10♣ Q♦ K♥ 9♥",
}
WIDOW = "J♥"
TO_PLAY = "N bid 3; E pass; S pass; W pass; N trump ♥; N discard 9♦"


def hand(actions: str = "", rules: Rules | None = None, **changes: str) -> HandState:
    """The known deal (with ``changes`` to some hands), after ``actions`` (``;``-separated)."""
    hands = {**HANDS, **changes}
    widow = hands.pop("widow", WIDOW)
    state = HandState.from_hands(hands, widow, rules=rules, dealer=Seat.W)
    for text in filter(None, (a.strip() for a in actions.split(";"))):
        state.apply(parse_action(text))
    return state


def refuse(
    state: HandState,
    action: Any,
    kind: type[HasenpfefferError],
    message: str,
    rule: str | None,
) -> None:
    """``action`` is refused by apply() and check(), with nothing changed; then play goes on."""
    before = snapshot(state)
    assert not state.can_apply(action)
    assert action not in state.legal_actions()
    raises(lambda: state.check(action), kind, message, rule)
    assert snapshot(state) == before
    raises(lambda: state.apply(action), kind, message, rule)
    assert snapshot(state) == before
    # Also straight after legal_actions() (the play loop's cached legal set).
    state.legal_actions()
    raises(lambda: state.apply(action), kind, message, rule)
    assert snapshot(state) == before
    # The state still works: a legal action is accepted afterwards.
    if not state.is_over:
        twin = state.copy()
        twin.apply(twin.legal_actions()[0])
        assert len(twin.log) == len(state.log) + 1
        assert snapshot(state) == before


class Text(str):
    """An action given as text, which apply() refuses: it wants Action objects."""


# (actions so far, the refused action, its error, message and rule); actions as text
# are parsed with parse_action, except Text.
ILLEGAL: list[Any] = [
    # --- the auction
    pytest.param(
        "",
        "E bid 3",
        OutOfTurnError,
        "it is North's turn to bid, not East's: bidding goes clockwise from the dealer's left",
        "turn order",
        id="bid-out-of-turn",
    ),
    pytest.param(
        "",
        "W pass",
        OutOfTurnError,
        "it is North's turn to bid, not West's: bidding goes clockwise from the dealer's left",
        "turn order",
        id="pass-out-of-turn",
    ),
    pytest.param(
        "",
        Bid(Seat.N, 0),
        BidTooLowError,
        "North cannot bid 0: bids are 1 to 6",
        "bidding scale",
        id="bid-zero",
    ),
    pytest.param(
        "",
        "N bid 7",
        BidTooLowError,
        "North cannot bid 7: bids are 1 to 6",
        "bidding scale",
        id="bid-seven",
    ),
    pytest.param(
        "",
        "N bid big-pepper",
        BidTooLowError,
        "North cannot bid Big Pepper: it exists only with the pepper bidding "
        "(Rules(bidding='pepper')); bids here are 1 to 6",
        "bidding scale",
        id="big-pepper-without-pepper",
    ),
    pytest.param(
        "N bid 3",
        "E bid 3",
        BidTooLowError,
        "East cannot bid 3: the high bid is 3 by North, and each bid must be higher than the last",
        "bidding",
        id="bid-equal",
    ),
    pytest.param(
        "N bid 3",
        "E bid 1",
        BidTooLowError,
        "East cannot bid 1: the high bid is 3 by North, and each bid must be higher than the last",
        "bidding",
        id="bid-lower",
    ),
    pytest.param(
        "N bid 3; E pass",
        "E bid 4",
        OutOfTurnError,
        "East has passed, and a pass is final: East cannot bid again (it is South's turn)",
        "turn order",
        id="bid-after-pass",
    ),
    pytest.param(
        "",
        "N play JK",
        WrongPhaseError,
        "North cannot play a card now: the hand is in the auction (players bid or pass); "
        "it is North's turn",
        "order of play",
        id="play-in-auction",
    ),
    pytest.param(
        "",
        "N trump ♥",
        WrongPhaseError,
        "North cannot name trumps now: the hand is in the auction (players bid or pass); it is North's turn",
        "order of play",
        id="trump-in-auction",
    ),
    pytest.param(
        "",
        "N discard 9♦",
        WrongPhaseError,
        "North cannot discard now: the hand is in the auction (players bid or pass); it is North's turn",
        "order of play",
        id="discard-in-auction",
    ),
    pytest.param(
        "",
        "N alone yes",
        WrongPhaseError,
        "North cannot decide on going alone now: the hand is in the auction (players bid or "
        "pass); it is North's turn",
        "order of play",
        id="alone-in-auction",
    ),
    pytest.param(
        "",
        Text("N pass"),
        IllegalActionError,
        "'N pass' is not an action: actions are Bid, Pass, NameTrump, Discard, GoAlone and "
        "Play (deal with apply_deal)",
        "actions",
        id="text-not-action",
    ),
    pytest.param(
        "",
        None,
        IllegalActionError,
        "None is not an action: actions are Bid, Pass, NameTrump, Discard, GoAlone and "
        "Play (deal with apply_deal)",
        "actions",
        id="None-not-action",
    ),
    # --- all four pass: N holds the Joker and must bid 3
    pytest.param(
        "N pass; E pass; S pass; W pass",
        "N pass",
        IllegalActionError,
        "North cannot pass: all four passed, so the player holding the Joker must bid 3",
        "all pass",
        id="forced-pass",
    ),
    pytest.param(
        "N pass; E pass; S pass; W pass",
        "N bid 4",
        IllegalActionError,
        "North must bid 3: all four passed, so the player holding the Joker must bid 3",
        "all pass",
        id="forced-bid-4",
    ),
    pytest.param(
        "N pass; E pass; S pass; W pass",
        "E bid 3",
        OutOfTurnError,
        "it is North's turn, not East's: all four passed, so the player holding the Joker must bid 3 (North)",
        "turn order",
        id="forced-other-seat",
    ),
    # --- trump
    pytest.param(
        "N bid 3; E pass; S pass; W pass",
        "N trump none",
        IllegalActionError,
        "North cannot name no trump: these rules have no no-trump contracts (Rules.no_trump); "
        "trump is one of the four suits",
        "naming trump",
        id="no-trump-not-allowed",
    ),
    pytest.param(
        "N bid 3; E pass; S pass; W pass",
        "E trump ♥",
        OutOfTurnError,
        "it is North's turn, not East's: the high bidder is naming trumps",
        "turn order",
        id="trump-by-other",
    ),
    pytest.param(
        "N bid 3; E pass; S pass; W pass",
        "N discard 9♦",
        WrongPhaseError,
        "North cannot discard now: the high bidder is naming trumps; North is to act",
        "order of play",
        id="discard-before-trump",
    ),
    pytest.param(
        "N bid 3; E pass; S pass; W pass",
        "N bid 4",
        WrongPhaseError,
        "North cannot bid now: the high bidder is naming trumps; North is to act",
        "order of play",
        id="bid-after-auction",
    ),
    # --- the discard
    pytest.param(
        "N bid 3; E pass; S pass; W pass; N trump ♥",
        "N discard A♦",
        InvalidDataError,
        "North cannot discard A♦: it is not in the hand (JK J♥ 10♥ A♠ K♠ 9♦ Q♣)",
        "the discard",
        id="discard-not-held",
    ),
    pytest.param(
        "N bid 3; E pass; S pass; W pass; N trump ♥",
        "E discard 9♣",
        OutOfTurnError,
        "it is North's turn, not East's: the high bidder is discarding one card after taking the widow",
        "turn order",
        id="discard-by-other",
    ),
    pytest.param(
        "N bid 3; E pass; S pass; W pass; N trump ♥",
        "N play JK",
        WrongPhaseError,
        "North cannot play a card now: the high bidder is discarding one card after taking the "
        "widow; North is to act",
        "order of play",
        id="play-before-discard",
    ),
    # --- play
    pytest.param(
        TO_PLAY,
        "N play 9♦",
        InvalidDataError,
        "North cannot play 9♦: it is not in the hand (JK J♥ 10♥ A♠ K♠ Q♣)",
        "the hand",
        id="play-the-discard",
    ),
    pytest.param(
        TO_PLAY,
        "E play A♥",
        OutOfTurnError,
        "it is North's turn to play, not East's: play goes clockwise, and the winner of a trick "
        "leads the next",
        "turn order",
        id="play-out-of-turn",
    ),
    pytest.param(
        TO_PLAY,
        "N alone yes",
        WrongPhaseError,
        "North cannot decide on going alone now: the cards are being played; it is North's turn",
        "order of play",
        id="alone-without-lone-hands",
    ),
    pytest.param(
        TO_PLAY + "; N play 10♥",
        "E play 9♣",
        MustFollowSuitError,
        "E must follow hearts (holds A♥, J♦): 9♣ is not allowed",
        "follow suit",
        id="follow-suit-classic",
    ),
    pytest.param(
        TO_PLAY + "; N play JK",
        "E play Q♠",
        MustFollowSuitError,
        "E must follow hearts (holds A♥, J♦): Q♠ is not allowed",
        "follow suit",
        id="joker-leads-trumps",
    ),
    pytest.param(
        TO_PLAY + "; N play 10♥",
        "E play K♥",
        InvalidDataError,
        "East cannot play K♥: it is not in the hand (J♦ A♥ Q♠ 9♠ 10♦ 9♣)",
        "the hand",
        id="play-card-of-another-hand",
    ),
    pytest.param(
        TO_PLAY + "; N play 10♥",
        "S play Q♥",
        OutOfTurnError,
        "it is East's turn to play, not South's: play goes clockwise, and the winner of a trick "
        "leads the next",
        "turn order",
        id="play-skipping-a-seat",
    ),
    pytest.param(
        TO_PLAY + "; N play A♠; E play Q♠",
        "S play A♦",
        MustFollowSuitError,
        "S must follow spades (holds J♠, 10♠): A♦ is not allowed",
        "follow suit",
        id="follow-plain-suit",
    ),
    pytest.param(
        TO_PLAY + "; N play Q♣; E play 9♣; S play K♣; W play A♣",
        "N play 10♥",
        OutOfTurnError,
        "it is West's turn to play, not North's: play goes clockwise, and the winner of a trick "
        "leads the next",
        "turn order",
        id="winner-leads",
    ),
]


def test_the_left_bower_does_not_follow_its_printed_suit() -> None:
    """Hearts are trumps and a diamond is led: E's J♦ is a heart, so E must play 10♦."""
    state = hand(TO_PLAY + "; N play Q♣; E play 9♣; S play K♣; W play A♣; W play Q♦")
    # N has no diamond left (9♦ was discarded): any card. E: 10♦ must follow, J♦ does not.
    state.apply(parse_action("N play A♠"))
    assert set(state.legal_actions()) == {Play(Seat.E, c("10♦"))}
    refuse(
        state,
        Play(Seat.E, c("J♦")),
        MustFollowSuitError,
        "E must follow diamonds (holds 10♦): J♦ is not allowed",
        "follow suit",
    )


@pytest.mark.parametrize(("setup", "action", "kind", "message", "rule"), ILLEGAL)
def test_refused_actions_change_nothing(
    setup: str, action: Any, kind: type[HasenpfefferError], message: str, rule: str | None
) -> None:
    state = hand(setup)
    if isinstance(action, str) and not isinstance(action, Text):
        action = parse_action(action)
    refuse(state, action, kind, message, rule)


def test_pepper_bids_rank() -> None:
    rules = Rules(bidding="pepper")
    state = hand("N bid big-pepper", rules)
    refuse(
        state,
        Bid(Seat.E, 6),
        BidTooLowError,
        "East cannot bid Little Pepper: the high bid is Big Pepper by North, and each bid must be "
        "higher than the last",
        "bidding",
    )
    refuse(
        state,
        Bid(Seat.E, 6, big=True),
        BidTooLowError,
        "East cannot bid Big Pepper: the high bid is Big Pepper by North, and each bid must be "
        "higher than the last",
        "bidding",
    )
    little = hand("N bid 6", rules)
    assert little.can_apply(Bid(Seat.E, 6, big=True))
    refuse(
        little,
        Bid(Seat.E, 6),
        BidTooLowError,
        "East cannot bid Little Pepper: the high bid is Little Pepper by North, and each bid must be "
        "higher than the last",
        "bidding",
    )


def test_the_dealer_must_bid_when_all_pass() -> None:
    state = hand("N pass; E pass; S pass; W pass", Rules(all_pass="dealer"))
    assert state.to_move is Seat.W
    refuse(
        state,
        Pass(Seat.W),
        IllegalActionError,
        "West cannot pass: all four passed, so the dealer must bid 3",
        "all pass",
    )
    refuse(
        state,
        Bid(Seat.N, 3),
        OutOfTurnError,
        "it is West's turn, not North's: all four passed, so the dealer must bid 3 (West)",
        "turn order",
    )


def test_after_the_hand_is_scored() -> None:
    state = hand(TO_PLAY)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.phase is Phase.SCORED
    refuse(
        state,
        Play(Seat.N, c("JK")),
        WrongPhaseError,
        "North cannot play a card now: the hand is over and scored",
        "order of play",
    )
    refuse(
        state,
        Bid(Seat.E, 3),
        WrongPhaseError,
        "East cannot bid now: the hand is over and scored",
        "order of play",
    )


def test_after_the_hand_is_thrown_in() -> None:
    # The Joker is the widow: all four pass and the hand is thrown in.
    state = hand("N pass; E pass; S pass; W pass", N="J♥ 10♥ A♠ K♠ 9♦ Q♣", widow="JK")
    assert state.phase is Phase.THROWN_IN
    refuse(
        state,
        Bid(Seat.N, 3),
        WrongPhaseError,
        "North cannot bid now: the hand was thrown in after all four passed",
        "order of play",
    )


def test_no_trump_follow_suit() -> None:
    """In no trump every suit is plain: J♦ is a diamond and the bowers do not exist."""
    rules = Rules(no_trump=True)
    state = hand("N bid 3; E pass; S pass; W pass; N trump none; N discard 9♦; N play 10♥", rules)
    assert set(state.legal_actions()) == {Play(Seat.E, c("A♥"))}
    refuse(
        state,
        Play(Seat.E, c("J♦")),
        MustFollowSuitError,
        "E must follow hearts (holds A♥): J♦ is not allowed",
        "follow suit",
    )


def test_no_trump_joker_is_not_played_while_following_suit() -> None:
    rules = Rules(no_trump=True)
    state = hand("N bid 3; E pass; S pass; W pass; N trump none; N discard 9♦", rules)
    state.apply(parse_action("N play 10♥"))
    state.apply(parse_action("E play A♥"))
    state.apply(parse_action("S play Q♥"))
    state.apply(parse_action("W play 9♥"))
    # E won and leads a spade; N holds A♠ K♠ and the Joker.
    state.apply(parse_action("E play 9♠"))
    state.apply(parse_action("S play 10♠"))
    state.apply(parse_action("W play J♣"))
    assert state.to_move is Seat.N
    refuse(
        state,
        Play(Seat.N, JOKER),
        MustFollowSuitError,
        "N must follow spades (holds A♠, K♠): JK is not allowed",
        "follow suit",
    )
    anytime = hand(
        "N bid 3; E pass; S pass; W pass; N trump none; N discard 9♦; N play 10♥; E play A♥; "
        "S play Q♥; W play 9♥; E play 9♠; S play 10♠; W play J♣",
        Rules(no_trump=True, no_trump_joker="any-time"),
    )
    assert anytime.can_apply(Play(Seat.N, JOKER))


def test_lone_hands() -> None:
    rules = Rules(lone_hands=True)
    state = hand(TO_PLAY, rules)
    assert state.phase is Phase.ALONE
    refuse(
        state,
        GoAlone(Seat.E, True),
        OutOfTurnError,
        "it is North's turn, not East's: the players are deciding whether to go alone",
        "turn order",
    )
    refuse(
        state,
        Play(Seat.N, JOKER),
        WrongPhaseError,
        "North cannot play a card now: the players are deciding whether to go alone; North is to act",
        "order of play",
    )
    state.apply(GoAlone(Seat.N, True))
    assert state.to_move is Seat.E
    refuse(
        state,
        GoAlone(Seat.S, True),
        OutOfTurnError,
        "South sits out this hand: the partner of a lone player lays the cards down and does not play",
        "going alone",
    )
    state.apply(GoAlone(Seat.E, False))
    state.apply(GoAlone(Seat.W, False))
    assert state.phase is Phase.PLAY and state.to_move is Seat.E
    state.apply(Play(Seat.E, c("9♠")))
    refuse(
        state,
        Play(Seat.S, c("J♠")),
        OutOfTurnError,
        "South sits out this hand: the partner of a lone player lays the cards down and does not play",
        "going alone",
    )


# --- the deal ------------------------------------------------------------------------------


def good_deal() -> Deal:
    return deal_cards(7, Seat.W)


DEAL_CASES = [
    pytest.param(
        lambda: None,
        InvalidDataError,
        "expected a Deal, got NoneType",
        None,
        id="not-a-deal",
    ),
    pytest.param(
        lambda: Deal(good_deal().hands[:3], good_deal().widow),  # type: ignore[arg-type]
        InvalidDataError,
        None,
        "the deal",
        id="three-hands",
    ),
    pytest.param(
        lambda: Deal(5, JOKER),  # type: ignore[arg-type]
        InvalidDataError,
        "a Deal holds four hands (N, E, S, W) of six cards each, got 5",
        "the deal",
        id="hands-not-a-sequence",
    ),
    pytest.param(
        lambda: Deal(
            (DECK[0:6], DECK[6:12], DECK[12:18], DECK[18:23]),  # type: ignore[arg-type]
            JOKER,
        ),
        InvalidDataError,
        "W was dealt 5 cards (9♣ 10♣ J♣ Q♣ K♣): each player is dealt six cards",
        "the deal",
        id="five-cards",
    ),
    pytest.param(
        lambda: Deal((DECK[0:6], DECK[6:12], DECK[12:18], DECK[17:23]), JOKER),
        InvalidDataError,
        "A♦ is listed twice in the deal: the deck has one of each card",
        "the deck",
        id="duplicate",
    ),
    pytest.param(
        lambda: Deal((DECK[0:6], DECK[6:12], DECK[12:18], DECK[18:24]), DECK[0]),
        InvalidDataError,
        "9♠ is listed twice in the deal: the deck has one of each card",
        "the deck",
        id="widow-duplicate",
    ),
    pytest.param(
        lambda: Deal((("AS",) * 6,) * 4, "JK"),  # type: ignore[arg-type]
        InvalidDataError,
        None,
        "the deal",
        id="texts-not-cards",
    ),
]


@pytest.mark.parametrize(("make", "kind", "message", "rule"), DEAL_CASES)
def test_apply_deal_refuses_bad_deals(
    make: Callable[[], Any], kind: type, message: str | None, rule: str | None
) -> None:
    state = HandState(Rules(), Seat.W)
    before = snapshot(state)
    with pytest.raises(HasenpfefferError) as info:
        state.apply_deal(make())
    assert type(info.value) is kind and info.value.rule == rule
    if message is not None:
        assert str(info.value) == message
    else:
        assert str(info.value).startswith("a Deal holds four")
    assert snapshot(state) == before
    state.apply_deal(good_deal())
    assert state.phase is Phase.AUCTION


def test_apply_deal_twice() -> None:
    state = HandState.new(Rules(), Seat.W, 7)
    before = snapshot(state)
    raises(
        lambda: state.apply_deal(good_deal()),
        WrongPhaseError,
        "the cards are already dealt: the hand is in the auction (players bid or pass)",
        "the deal",
    )
    assert snapshot(state) == before


def test_actions_before_the_deal() -> None:
    state = HandState()
    before = snapshot(state)
    assert state.legal_actions() == ()
    raises(
        lambda: state.apply(Pass(Seat.E)),
        WrongPhaseError,
        "East cannot pass now: the cards have not been dealt yet",
        "order of play",
    )
    assert snapshot(state) == before


@pytest.mark.parametrize(
    ("hands", "widow", "kind", "message", "rule"),
    [
        (
            {"N": HANDS["N"]},
            WIDOW,
            InvalidDataError,
            "the deal has no hand for E, S, W: each of the four players is dealt six cards",
            "the deal",
        ),
        (
            {**HANDS, "X": "9H"},
            WIDOW,
            ParseError,
            f"'X' is not a seat: {SEAT_HELP}",
            None,
        ),
        (
            {**HANDS, "north": HANDS["N"]},
            WIDOW,
            InvalidDataError,
            "the hand of N is given twice",
            "the deal",
        ),
        (
            {**HANDS, "W": "J♣ A♣ 10♣ Q♦ K♥"},
            WIDOW,
            InvalidDataError,
            "W was dealt 5 cards (J♣ A♣ 10♣ Q♦ K♥): each player is dealt six cards",
            "the deal",
        ),
        (
            {**HANDS, "W": "J♣ A♣ 10♣ Q♦ K♥ A♥"},
            WIDOW,
            InvalidDataError,
            "A♥ is listed twice in the deal: the deck has one of each card",
            "the deck",
        ),
        (
            HANDS,
            "9♥",
            InvalidDataError,
            "9♥ is listed twice in the deal: the deck has one of each card",
            "the deck",
        ),
        (
            HANDS,
            "8♥",
            ParseError,
            "'8♥' is not a card: the deck has no 8 (ranks are 9, 10 or T, J, Q, K, A)",
            None,
        ),
        (
            {**HANDS, "E": 5},
            WIDOW,
            ParseError,
            "5 is not a list of cards: expected text or cards, got int",
            None,
        ),
        (
            [("N", HANDS["N"])],
            WIDOW,
            InvalidDataError,
            "the hands are a mapping of seats to cards, got list",
            "the deal",
        ),
    ],
)
def test_from_hands_refuses_bad_deals(
    hands: Any, widow: str, kind: type, message: str, rule: str | None
) -> None:
    raises(lambda: HandState.from_hands(hands, widow), kind, message, rule)


def test_undo() -> None:
    state = HandState.new(Rules(), Seat.W, 7)
    raises(state.undo, IllegalActionError, "there is no action to undo", "undo")
    raises(HandState().undo, IllegalActionError, "there is no action to undo", "undo")
    state.apply(state.legal_actions()[0])
    before = snapshot(state)
    earlier = state.undo()
    assert snapshot(state) == before, "undo() returns a new state and leaves this one alone"
    assert earlier.log == ()


# --- the game ---------------------------------------------------------------------------------


def play_hand(game: Game) -> None:
    while not game.hand.is_over:
        game.apply(game.legal_actions()[0])


def game_snapshot(game: Game) -> tuple[Any, ...]:
    return (game.scores, game.winner, game.is_over, len(game.hands), snapshot(game.hand))


def test_game_refuses_bad_actions_and_changes_nothing() -> None:
    game = Game(Rules(), seed=5, first_dealer=Seat.W)
    before = game_snapshot(game)
    raises(
        lambda: game.apply(Play(Seat.N, JOKER)),
        WrongPhaseError,
        "North cannot play a card now: the hand is in the auction (players bid or pass); "
        "it is North's turn",
        "order of play",
    )
    raises(
        lambda: game.apply(Bid(Seat.E, 3)),
        OutOfTurnError,
        "it is North's turn to bid, not East's: bidding goes clockwise from the dealer's left",
        "turn order",
    )
    assert game_snapshot(game) == before
    raises(
        game.next_hand,
        IllegalActionError,
        "the current hand is not finished (auction)",
        "game",
    )
    assert game_snapshot(game) == before


def test_game_between_hands_and_after_the_end() -> None:
    game = Game(Rules(target=1), seed=11, first_dealer=Seat.N)
    play_hand(game)
    while not game.is_over:
        hand_ = game.hand
        assert hand_.is_over
        before = game_snapshot(game)
        with pytest.raises(WrongPhaseError) as info:
            game.apply(Pass(Seat.E))
        assert "East cannot pass now: the hand" in str(info.value)
        assert game_snapshot(game) == before
        game.next_hand()
        play_hand(game)
    winner = game.winner
    assert winner is not None
    before = game_snapshot(game)
    message = f"the game is over: {winner} reached 1"
    raises(game.next_hand, IllegalActionError, message, "game")
    raises(lambda: game.apply(Pass(Seat.N)), IllegalActionError, message, "game")
    assert game_snapshot(game) == before


# --- records ------------------------------------------------------------------------------------

RECORD = """\
rules: seed
dealer: W
N: JK 10♥ A♠ K♠ 9♦ Q♣
E: A♥ J♦ 9♣ Q♠ 10♦ 9♠
S: J♠ 10♠ Q♥ A♦ K♣ K♦
W: J♣ A♣ 10♣ Q♦ K♥ 9♥
widow: J♥

N bid 3
E pass
S pass
W pass
N trump ♥
N discard 9♦
N play 10♥
E play A♥
"""


@pytest.mark.parametrize(
    ("text", "message", "rule"),
    [
        (
            RECORD.replace("E play A♥", "E play 9♣"),
            "line 16: E play 9♣ breaks the rules: E must follow hearts (holds A♥, J♦): 9♣ is "
            "not allowed [rule: follow suit]",
            "follow suit",
        ),
        (
            RECORD.replace("E pass", "E bid 2"),
            "line 10: E bid 2 breaks the rules: East cannot bid 2: the high bid is 3 by North, and "
            "each bid must be higher than the last [rule: bidding]",
            "bidding",
        ),
        (
            RECORD.replace("E pass", "E pass {never closed"),
            "line 10: a note opened with '{' is never closed with '}'",
            None,
        ),
        (RECORD.replace("dealer: W", "dealr: W"), None, None),
        (RECORD.replace("widow: J♥", "widow: 9♥"), None, "the deck"),
        (RECORD.replace("N play 10♥", "N play 9♦"), None, "the hand"),
        (
            "",
            "the record has no 'dealer:' field: a record gives the dealer, the four hands "
            "and the widow",
            None,
        ),
    ],
)
def test_loads_refuses_bad_records(text: str, message: str | None, rule: str | None) -> None:
    with pytest.raises(RecordError) as info:
        loads(text)
    assert type(info.value) is RecordError
    assert info.value.rule == rule
    if message is not None:
        assert str(info.value) == message
    if text:
        assert info.value.line is not None


def test_load_refuses_what_is_not_a_file(tmp_path: Path) -> None:
    raises(lambda: load(5), RecordError, "load() reads an open text file or a path, got int")  # type: ignore[arg-type]
    raises(lambda: loads(b"x"), RecordError, "a record is text, got bytes")  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        load(tmp_path / "missing.hand")
    bad = tmp_path / "bad.hand"
    bad.write_text(RECORD.replace("E pass", "E bid 2"), encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load(bad)
    assert info.value.line == 10
    with pytest.raises(RecordError):
        load(io.StringIO(RECORD.replace("E pass", "E bid 2")))


def test_dump_refuses_what_is_not_a_record(tmp_path: Path) -> None:
    message = "dumps() writes a HandRecord, got str"
    raises(lambda: dumps(RECORD), InvalidDataError, message)  # type: ignore[arg-type]
    raises(lambda: dump(RECORD, tmp_path / "x.hand"), InvalidDataError, message)  # type: ignore[arg-type]
    assert not (tmp_path / "x.hand").exists()


def test_hand_record_refuses_illegal_moves() -> None:
    record = loads(RECORD)
    bad = (*record.moves[:-1], Move(Play(Seat.E, c("9♣"))))
    raises(
        lambda: HandRecord(record.rules, record.dealer, record.deal, bad),
        RecordError,
        "action 8 (E play 9♣) breaks the rules: E must follow hearts (holds A♥, J♦): 9♣ is "
        "not allowed [rule: follow suit]",
        "follow suit",
    )
    raises(
        lambda: HandRecord(record.rules, record.dealer, record.deal, (Move("N pass"),)),  # type: ignore[arg-type]
        InvalidDataError,
        "a move's action is a Bid, Pass, NameTrump, Discard, GoAlone or Play, got 'N pass'",
    )
    raises(
        lambda: record.with_notes({0: "fine", 8: "no such action"}),
        RecordError,
        "no action 8 to note: the record's actions are numbered 0 to 7",
    )


# --- every refused action, anywhere --------------------------------------------------------------


def every_action() -> list[Any]:
    actions: list[Any] = []
    for seat in SEATS:
        actions += [Bid(seat, n) for n in range(0, 8)] + [Bid(seat, 6, big=True), Pass(seat)]
        actions += [NameTrump(seat, s) for s in SUITS] + [NameTrump(seat, None)]
        actions += [GoAlone(seat, True), GoAlone(seat, False)]
        actions += [Discard(seat, card) for card in DECK] + [Play(seat, card) for card in DECK]
    return actions


ALL_ACTIONS = every_action()
RULE_SETS = [
    Rules(),
    Rules(bidding="pepper", lone_hands=True),
    Rules(no_trump=True, widow=False, lone_hands=True, defend_alone=False),
    Rules(all_pass="dealer", no_trump=True, no_trump_joker="any-time"),
]


@settings(max_examples=60, deadline=None)
@given(
    rules=st.sampled_from(RULE_SETS),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 40),
    picks=st.lists(st.sampled_from(ALL_ACTIONS), min_size=5, max_size=5),
)
def test_any_action_is_accepted_exactly_when_legal(
    rules: Rules, seed: int, steps: int, picks: list[Any]
) -> None:
    rng = random.Random(seed)
    state = HandState.new(rules, SEATS[seed % 4], seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    legal = set(state.legal_actions())
    assert {a for a in ALL_ACTIONS if state.can_apply(a)} == legal
    before = snapshot(state)
    for action in picks:
        if action in legal:
            continue
        with pytest.raises((IllegalActionError, InvalidDataError)) as info:
            state.apply(action)
        assert isinstance(info.value, ValueError) and info.value.rule is not None
        assert str(info.value)
        assert snapshot(state) == before


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=20))
def test_parsers_raise_only_their_own_errors(text: str) -> None:
    """Any text either parses or raises the engine's own error, never another exception."""
    parsers: list[Callable[[str], object]] = [
        parse_card,
        parse_cards,
        parse_suit,
        parse_trump,
        parse_seat,
        parse_side,
        parse_action,
        Rules.parse,
        loads,
    ]
    for parse in parsers:
        with contextlib.suppress(HasenpfefferError):
            parse(text)


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_mangled_records_raise_record_errors(data: st.DataObject) -> None:
    lines = RECORD.splitlines()
    i = data.draw(st.integers(0, len(lines) - 1))
    how = data.draw(st.sampled_from(["drop", "twice", "swap", "mangle"]))
    if how == "drop":
        del lines[i]
    elif how == "twice":
        lines.insert(i, lines[i])
    elif how == "swap" and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    else:
        pos = data.draw(st.integers(0, len(lines[i])))
        junk = data.draw(st.sampled_from(["{", "}", "#", ":", "x", " ", "\\", "♥", "10"]))
        lines[i] = lines[i][:pos] + junk + lines[i][pos:]
    text = "\n".join(lines) + "\n"
    try:
        record = loads(text)
    except RecordError as error:
        assert str(error)
        return
    assert loads(dumps(record)) == record


# --- analysis at the top level ------------------------------------------------------------------


def test_double_dummy_refuses_a_card_in_two_hands_and_leaves_the_hands_alone() -> None:
    hands = {"N": ["JK", "9S"], "E": ["AS", "KS"], "S": ["JH", "AS"], "W": ["9H", "TS"]}
    before = {k: list(v) for k, v in hands.items()}
    with pytest.raises(InvalidDataError, match=r"A♠ is in both E's hand and S's hand") as e:
        hc.double_dummy(hands, "H", "N")
    assert e.value.rule == "the deck"
    assert hands == before


def test_play_values_refuses_a_leader_without_cards() -> None:
    with pytest.raises(InvalidDataError, match="the leader S has no cards"):
        hc.play_values({"N": "AS", "E": "KS"}, "H", "S")
    with pytest.raises(ParseError, match="is not a suit"):
        hc.play_values({"N": "AS", "E": "KS", "S": "QS", "W": "9S"}, "X", "N")


def test_explanations_refuse_bad_cards_and_tricks() -> None:
    with pytest.raises(ParseError, match="'XX' is not a card"):
        hc.explain_card("XX", "H")
    with pytest.raises(InvalidDataError, match="an empty trick has no winner"):
        hc.explain_trick([], "H")
    with pytest.raises(InvalidDataError, match="listed twice"):
        hc.explain_plays(["AH"], ["AS", "AS"], "H")


# --- every public entry point is covered ---------------------------------------------------------

COVERED = {
    # text
    "parse_card", "parse_cards", "parse_suit", "parse_trump", "parse_seat", "parse_side", "parse_action",
    "format_cards", "Card",
    # cards under a trump
    "ranking", "effective_suit", "legal_plays", "trick_winner", "sort_hand", "card_role",
    # values
    "Rules", "Bid", "Pass", "NameTrump", "Discard", "GoAlone", "Play", "Deal",
    "bids_above", "bid_name", "score_hand", "deal_cards",
    # the hand, the game, records
    "HandState", "Game", "HandRecord", "Move", "load", "loads", "dump", "dumps",
    # analysis
    "double_dummy", "play_values", "explain_card", "explain_plays", "explain_trick",
    # the language
    "set_language", "language", "gettext", "ngettext",
}  # fmt: skip

NOT_INPUT = {
    # constants, enums, type aliases, exceptions and plain result records
    "DECK", "JOKER", "OPTIONS", "PRESETS", "SEATS", "SUITS", "__version__", "Action",
    "AllPass", "BiddingScale", "FailedBid", "FirstLead", "NoTrumpJoker", "Colour", "Rank",
    "Suit", "Seat", "Side", "Phase", "CardRole", "Preset", "HandResult", "Trick",
    "get_language",
}  # fmt: skip


@pytest.mark.parametrize("bad", ["xx", "", "english", 3, "it-IT; rm -rf /"])
def test_an_unknown_language_is_refused_and_the_language_stays(bad: object) -> None:
    hc.set_language("it")
    try:
        with pytest.raises(InvalidDataError, match=r"the languages are en \(English\)"):
            hc.set_language(bad)  # type: ignore[arg-type]
        assert hc.get_language() == "it"
        with pytest.raises(InvalidDataError), hc.language(bad):  # type: ignore[arg-type]
            pass
        assert hc.get_language() == "it"
    finally:
        hc.set_language("en")


@pytest.mark.parametrize("call", [lambda: hc.gettext(3), lambda: hc.ngettext("a", "b", "2")])
def test_a_message_is_text_and_a_count_a_whole_number(call: Any) -> None:
    with pytest.raises(TypeError):
        call()


def test_every_public_entry_point_is_covered() -> None:
    public = set(hc.__all__)
    errors = {name for name in public if name.endswith("Error")}
    entry_points = public - errors - NOT_INPUT
    assert entry_points == COVERED, (entry_points - COVERED, COVERED - entry_points)
    for name in entry_points:
        assert callable(getattr(hc, name)), name
    # The HandState and Game methods that take input are all exercised above.
    for method in ("apply", "check", "can_apply", "apply_deal", "from_hands", "undo", "replay"):
        assert hasattr(HandState, method)
    for method in ("apply", "next_hand"):
        assert hasattr(Game, method)
    assert inspect.signature(HandState.apply).parameters.keys() == {"self", "action"}


def test_replay_refuses_an_illegal_log() -> None:
    deal = deal_cards(7, Seat.W)
    with pytest.raises(OutOfTurnError) as info:
        HandState.replay(deal, [Pass(Seat.E)], dealer=Seat.W)
    assert str(info.value) == (
        "it is North's turn to bid, not East's: bidding goes clockwise from the dealer's left"
    )
    assert info.value.rule == "turn order"


def test_the_phase_of_a_hand_moves_only_by_its_actions() -> None:
    """Like the rest of a hand's state, its phase is read-only from outside: only an
    action the rules allow moves it on (a hand cannot be put into play by assignment)."""
    from hasenpfeffer_core import HandState, Phase

    hand = HandState.new(seed=1)
    with pytest.raises(AttributeError):
        hand.phase = Phase.PLAY  # type: ignore[misc]
    assert hand.phase is Phase.AUCTION
