"""The principles of play and bidding: each recognised in a test position, in card terms.

For every principle there is a position (dealt with ``HandState.from_hands`` and played
with the engine's actions) where the right action follows it, with a text naming the
right cards, and a wrong action does not (and, where it applies, goes against it). Then
the catalogue itself: unique keys, nudges that give no card away, plain words; the
glossary shows every principle; and over random hands the texts never contradict
themselves.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from hasenpfeffer_core import (
    SEATS,
    Bid,
    BidTooLowError,
    Card,
    Discard,
    HandState,
    InvalidDataError,
    MustFollowSuitError,
    NameTrump,
    OutOfTurnError,
    Play,
    Rules,
    Seat,
    WrongPhaseError,
    parse_action,
)
from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer
from hasenpfeffer_core.analysis.principles import (
    PHASES,
    PRINCIPLES,
    Principle,
    Reason,
    broken_by,
    principle,
    reasons_for,
)
from hasenpfeffer_core.analysis.view import PlayerView
from hasenpfeffer_core.engine.actions import Action

ROOT = Path(__file__).resolve().parent.parent
from docs_hooks import content  # noqa: E402

#: Project words and option names a learner cannot know, and solver words.
JARGON = re.compile(
    r"\bseeds?\b|\brules:|\b[a-z]+_[a-z_]+\b|\bvoid-only\b|\bany-time\b|double.dummy|\bsamples?\b",
    re.I,
)
#: "1st highest", "2nd" ...: places are written in words.
NUMBERED_PLACE = re.compile(r"\b\d+(?:st|nd|rd|th)\b")
#: A seat or a side written as letters in a sentence.
SEAT_LETTERS = re.compile(r"(?<![\w♠♥♦♣])(?:[NESW]|NS|EW|N-S|E-W)(?![\w♠♥♦♣])")
#: Anything that names a card: a card's text, the Joker, a bower, a rank word.
CARD_WORDS = re.compile(
    r"(?:9|10|[JQKA])[♠♥♦♣]|\bJK\b|Joker|bower|\b(?:ace|king|queen|jack|ten|nine)s?\b", re.I
)


def plain_words(text: str) -> bool:
    return not (JARGON.search(text) or NUMBERED_PLACE.search(text) or SEAT_LETTERS.search(text))


def position(
    hands: dict[str, str],
    widow: str,
    actions: Iterable[str],
    *,
    dealer: Seat = Seat.W,
    rules: Rules | None = None,
) -> PlayerView:
    """The view of the player to move after dealing ``hands`` and doing ``actions``."""
    state = HandState.from_hands(hands, widow, dealer=dealer, rules=rules)
    for text in actions:
        state.apply(parse_action(text))
    assert state.to_move is not None
    return PlayerView.of(state, state.to_move)


def keys(reasons: list[Reason]) -> list[str]:
    return [r.principle.key for r in reasons]


def text_of(reasons: list[Reason], key: str) -> str:
    found = [r.text for r in reasons if r.principle.key == key]
    assert len(found) == 1, keys(reasons)
    return found[0]


def act(text: str) -> Action:
    return parse_action(text)


# --- the deals -----------------------------------------------------------------------------
#
# Each deal is written for one or two lessons; the comments say what the seat to move sees.

#: North makes hearts and leads the right bower; South holds the Joker and the 9♥.
PARTNER_WINS = {
    "N": "JH AH KH AS KS QC",
    "E": "QH 10H 9S 10S QS AC",
    "S": "JK 9H AD KD QD 9D",
    "W": "JD JS JC 10C KC 10D",
}
PARTNER_WINS_PLAY = ["N bid 2", "E pass", "S pass", "W pass", "N trump H", "N discard 9C"]

#: West makes hearts and leads the Q♠; South plays last holding A♠ and K♠.
LAST_TO_PLAY = {
    "W": "QS JH AH KH QH 10H",
    "N": "9S JC QC KC AC 10D",
    "E": "10S JS AD KD QD 9D",
    "S": "AS KS 9C 10C JD JK",
}

LAST_TO_PLAY_AUCTION = ["W bid 1", "N pass", "E pass", "S pass", "W trump H", "W discard 9H"]
#: In no trump: North leads the A♠, East follows; South holds no spades, and the Joker.
NT_TRICK = ["N play AS", "E play 9S"]

#: East makes spades and leads; South, second to play, holds no clubs and two low trumps.
EAST_LEADS = {
    "E": "AC KC JS AS KS 9H",
    "S": "9S 10S AH KH QD 9D",
    "W": "QS JK 10H QC 10C 9C",
    "N": "JH QH 10D JD KD AD",
}
EAST_LEADS_AUCTION = ["E bid 1", "S pass", "W pass", "N pass", "E trump S", "E discard 9H"]

#: East makes spades and leads the 10♦; South holds Q♦ and 9♦, and A♦ and K♦ are out.
SECOND_HAND = {
    "E": "10D JS AS KS AC KC",
    "S": "QD 9D 9S 10S AH KH",
    "N": "AD KD JD JH QH 9H",
    "W": "QS JK 10H QC 10C 9C",
}

#: North makes hearts and leads the 9♠, East plays the Q♠; South holds K♠ and 10♠.
THIRD_HAND = {
    "N": "9S JH AH KH QH 10H",
    "E": "QS AD KD QD 9C 10C",
    "S": "KS 10S AC KC QC 9D",
    "W": "AS JS JK JD 10D JC",
}

#: South makes hearts and leads, holding the Joker, the left bower J♦ and the A♠.
MAKER_LEADS = {
    "S": "JK JD AS KC QD 9D",
    "W": "9H 10H KS JC 10D QC",
    "N": "JH KH 9S 10S AC 9C",
    "E": "AH QH JS QS AD KD",
}
MAKER_LEADS_AUCTION = ["S bid 1", "W pass", "N pass", "E pass", "S trump H", "S discard 9D"]

#: South bids and names trump: three spades, or the two red jacks and the 9♥.
TWO_JACKS = {
    "S": "JD JH AS KS QS 9H",
    "N": "JK 9S 10S JS 10H QH",
    "E": "KH AH 9D 10D QD KD",
    "W": "AD 10C JC QC KC AC",
}

#: South makes hearts and discards from JK J♥ A♥ K♥ A♠ 9♠ 10♣.
DISCARD = {
    "S": "JK JH AH KH AS 9S",
    "N": "10S JS QS KS 9H 10H",
    "E": "QH 9D 10D JD QD KD",
    "W": "AD 9C JC QC KC AC",
}
DISCARD_AUCTION = ["N pass", "E pass", "S bid 1", "W pass", "S trump H"]


# --- the auction ---------------------------------------------------------------------------


def test_bid_cheapest_the_lowest_bid_that_outbids_is_the_right_one() -> None:
    view = position(PARTNER_WINS, "9C", ["N bid 1"])
    good = reasons_for(view, act("E bid 2"))
    assert keys(good) == ["bid-cheapest"]
    text = text_of(good, "bid-cheapest")
    assert "North's 1" in text and text.endswith("Bid 2.")
    assert "bid-cheapest" not in keys(reasons_for(view, act("E bid 4")))
    wrong = text_of(broken_by(view, act("E bid 4")), "bid-cheapest")
    assert "You bid 4 where 2 was enough" in wrong and wrong.endswith("Bid 2.")
    assert "one point per trick taken" in wrong  # the source rules' failed-bid rule
    assert broken_by(view, act("E pass")) == [] and reasons_for(view, act("E pass")) == []


def test_bid_cheapest_says_what_a_failed_bid_loses_under_the_rules_in_play() -> None:
    view = position(PARTNER_WINS, "9C", ["N bid 1"], rules=Rules(failed_bid="bid"))
    assert "loses the amount bid" in text_of(broken_by(view, act("E bid 5")), "bid-cheapest")
    view = position(PARTNER_WINS, "9C", ["N bid 1"], rules=Rules(failed_bid="six"))
    assert "loses 6" in text_of(broken_by(view, act("E bid 5")), "bid-cheapest")


def test_bid_cheapest_leaves_big_pepper_alone_and_names_little_pepper() -> None:
    view = position(PARTNER_WINS, "9C", ["N bid 1"], rules=Rules(bidding="pepper"))
    assert "Big Pepper" in text_of(reasons_for(view, act("E bid 2")), "bid-cheapest")
    big = Bid(Seat.E, 6, big=True)
    assert reasons_for(view, big) == [] and broken_by(view, big) == []
    assert "You bid Little Pepper where 2" in text_of(
        broken_by(view, act("E bid 6")), "bid-cheapest"
    )


def test_bid_before_forced_the_jokers_holder_bids_first() -> None:
    view = position(PARTNER_WINS, "9C", ["N pass", "E pass"])  # South holds the Joker
    good = reasons_for(view, act("S bid 1"))
    assert keys(good) == ["bid-before-forced", "bid-cheapest"]
    assert text_of(good, "bid-before-forced").startswith("You hold the Joker and nobody has bid")
    assert "bid-before-forced" not in keys(reasons_for(view, act("S pass")))
    assert "bid-before-forced" not in keys(reasons_for(view, act("S bid 3")))
    # West still speaks after South: a pass here is a risk, not yet a forced 3.
    assert broken_by(view, act("S pass")) == []


def test_bid_before_forced_a_pass_after_three_passes_makes_you_bid_3() -> None:
    view = position(PARTNER_WINS, "9C", ["W pass", "N pass", "E pass"], dealer=Seat.S)
    wrong = text_of(broken_by(view, act("S pass")), "bid-before-forced")
    assert "The other three passed and you hold the Joker" in wrong and "bid 3" in wrong
    assert wrong.endswith("Bid 1 instead.")
    forced = position(PARTNER_WINS, "9C", ["W pass", "N pass", "E pass", "S pass"], dealer=Seat.S)
    assert forced.legal_actions == (Bid(Seat.S, 3),)
    assert "must bid 3" in text_of(reasons_for(forced, Bid(Seat.S, 3)), "bid-before-forced")


def test_bid_before_forced_follows_the_all_pass_rule_in_play() -> None:
    dealer = position(
        PARTNER_WINS,
        "9C",
        ["E pass", "S pass", "W pass"],
        dealer=Seat.N,
        rules=Rules(all_pass="dealer"),
    )
    assert "you are the dealer" in text_of(broken_by(dealer, act("N pass")), "bid-before-forced")
    redeal = position(PARTNER_WINS, "9C", ["N pass", "E pass"], rules=Rules(all_pass="redeal"))
    assert "bid-before-forced" not in keys(reasons_for(redeal, act("S bid 1")))


# --- trump and the discard -------------------------------------------------------------------


def test_name_longest_trump_counts_the_joker_and_the_bowers() -> None:
    view = position(PARTNER_WINS, "9C", ["N bid 1", "E pass", "S bid 2", "W pass", "N pass"])
    good = text_of(reasons_for(view, act("S trump D")), "name-longest-trump")
    assert "five trumps, the Joker, A♦, K♦, Q♦ and 9♦" in good and good.endswith("Name diamonds.")
    spades = act("S trump S")
    assert "name-longest-trump" not in keys(reasons_for(view, spades))
    wrong = text_of(broken_by(view, spades), "name-longest-trump")
    assert "You named spades" in wrong and wrong.endswith("Name diamonds.")


def test_name_longest_trump_prefers_the_higher_trumps_when_the_count_is_equal() -> None:
    # Three trumps either way: A♠ K♠ Q♠, or J♥ (the right bower), J♦ (the left) and 9♥.
    view = position(TWO_JACKS, "9C", ["N pass", "E pass", "S bid 1", "W pass"])
    good = text_of(reasons_for(view, act("S trump H")), "name-longest-trump")
    assert "three trumps, J♥, J♦ and 9♥" in good
    # (the part after the colon is the hint's last step, read alone: a whole sentence)
    assert good.endswith(
        ": with spades you would hold as many trumps, but lower ones. Name hearts."
    )
    wrong = text_of(broken_by(view, act("S trump S")), "name-longest-trump")
    assert "A♠, K♠ and Q♠" in wrong and wrong.endswith("Name hearts.")
    assert broken_by(view, act("S trump H")) == []


def test_void_a_suit_the_lone_low_club_goes() -> None:
    view = position(DISCARD, "10C", DISCARD_AUCTION)
    good = text_of(reasons_for(view, act("S discard 10C")), "void-a-suit")
    assert "10♣ is your only club" in good and good.endswith("Discard 10♣.")
    for other in ("S discard 9S", "S discard AS", "S discard JH"):
        assert "void-a-suit" not in keys(reasons_for(view, act(other)))


def test_discard_low_keeps_trumps_and_side_aces() -> None:
    view = position(DISCARD, "10C", DISCARD_AUCTION)
    good = text_of(reasons_for(view, act("S discard 9S")), "discard-low")
    assert "9♠ is your lowest plain card" in good and "A♠" in good
    ace = text_of(broken_by(view, act("S discard AS")), "discard-low")
    assert "A♠, a side ace" in ace and "9♠" in ace
    bower = text_of(broken_by(view, act("S discard JH")), "discard-low")
    assert "J♥, the right bower" in bower and "9♠" in bower
    assert "the Joker" in text_of(broken_by(view, act("S discard JK")), "discard-low")
    assert "discard-low" not in keys(reasons_for(view, act("S discard AS")))


def test_discard_low_in_no_trump_speaks_of_aces_not_side_aces() -> None:
    rules = Rules(no_trump=True)
    view = position(
        PARTNER_WINS, "9C", ["N bid 2", "E pass", "S pass", "W pass", "N trump none"], rules=rules
    )
    assert "your lowest card" in text_of(reasons_for(view, act("N discard 9C")), "discard-low")
    wrong = text_of(broken_by(view, act("N discard AS")), "discard-low")
    assert "A♠, an ace" in wrong and "side" not in wrong


# --- the lead ----------------------------------------------------------------------------


def test_lead_trumps_as_the_maker_with_the_highest_trump() -> None:
    view = position(MAKER_LEADS, "10C", MAKER_LEADS_AUCTION, dealer=Seat.E)
    good = text_of(reasons_for(view, act("S play JK")), "lead-trumps")
    assert "the Joker beats all six trumps still out" in good and good.endswith("lead the Joker.")
    # J♦ is not the best trump while J♥ is out: leading it draws nothing safely.
    assert "lead-trumps" not in keys(reasons_for(view, act("S play JD")))
    # ... and a learner who leads it is told why the Joker, not only "lead the Joker"
    low = text_of(broken_by(view, act("S play JD")), "lead-trumps")
    assert "you led J♦, a lower trump that theirs can take" in low
    assert low.endswith("lead the Joker first, to draw them.")
    wrong = text_of(broken_by(view, act("S play KC")), "lead-trumps")
    assert "you led K♣" in wrong and wrong.endswith("lead trumps first, the Joker.")


def test_cash_winners_lead_the_best_card_left_of_a_suit() -> None:
    view = position(MAKER_LEADS, "10C", MAKER_LEADS_AUCTION, dealer=Seat.E)
    good = text_of(reasons_for(view, act("S play AS")), "cash-winners")
    assert "A♠ is the best spade left" in good and "only a trump" in good
    assert good.endswith("lead A♠.")
    assert "cash-winners" not in keys(reasons_for(view, act("S play KC")))  # A♣ is out


def test_count_trumps_the_left_bower_is_high_once_the_joker_and_right_bower_are_gone() -> None:
    trick_one = ["S play JK", "W play 9H", "N play JH", "E play QH"]
    view = position(MAKER_LEADS, "10C", MAKER_LEADS_AUCTION + trick_one, dealer=Seat.E)
    good = reasons_for(view, act("S play JD"))
    assert keys(good) == ["count-trumps", "lead-trumps"]  # the most telling first
    text = text_of(good, "count-trumps")
    assert "The Joker and J♥ have been played, so J♦, the left bower, is the highest trump" in text
    assert "three other trumps are still out" in text and text.endswith("lead J♦.")
    assert "count-trumps" not in keys(reasons_for(view, act("S play AS")))
    before = position(MAKER_LEADS, "10C", MAKER_LEADS_AUCTION, dealer=Seat.E)
    assert "count-trumps" not in keys(reasons_for(before, act("S play JD")))


# --- following --------------------------------------------------------------------------------


def test_do_not_overtake_partners_sure_winner() -> None:
    view = position(PARTNER_WINS, "9C", [*PARTNER_WINS_PLAY, "N play JH", "E play 10H"])
    good = reasons_for(view, act("S play 9H"))
    assert keys(good) == ["do-not-overtake", "keep-the-joker"]
    assert text_of(good, "do-not-overtake") == (
        "Partner's J♥ is winning and only the Joker can beat it, which you hold: play low, 9♥."
    )
    joker = act("S play JK")
    assert reasons_for(view, joker) == []
    wrong = text_of(broken_by(view, joker), "do-not-overtake")
    assert wrong.startswith("You overtook partner's sure J♥ with the Joker") and "9♥" in wrong


def test_keep_the_joker_on_a_trick_partner_already_wins() -> None:
    view = position(PARTNER_WINS, "9C", [*PARTNER_WINS_PLAY, "N play JH", "E play 10H"])
    good = text_of(reasons_for(view, act("S play 9H")), "keep-the-joker")
    assert "keep the Joker" in good and good.endswith("play 9♥.")
    assert "keep-the-joker" not in keys(reasons_for(view, act("S play JK")))
    wrong = text_of(broken_by(view, act("S play JK")), "keep-the-joker")
    assert "you spent the Joker" in wrong and wrong.endswith("play low, 9♥.")


def test_keep_the_joker_in_no_trump_where_it_belongs_to_no_suit() -> None:
    rules = Rules(no_trump=True)
    view = position(
        PARTNER_WINS,
        "9C",
        ["N bid 2", "E pass", "S pass", "W pass", "N trump none", "N discard 9C", *NT_TRICK],
        rules=rules,
    )
    assert {"do-not-overtake", "keep-the-joker"} <= set(keys(reasons_for(view, act("S play 9D"))))
    assert "keep-the-joker" not in keys(reasons_for(view, act("S play AD")))  # not low
    assert {"do-not-overtake", "keep-the-joker"} <= set(keys(broken_by(view, act("S play JK"))))


def test_win_cheaply_as_the_last_to_play() -> None:
    view = position(
        LAST_TO_PLAY,
        "9H",
        [*LAST_TO_PLAY_AUCTION, "W play QS", "N play 9S", "E play 10S"],
        dealer=Seat.S,
    )
    good = text_of(reasons_for(view, act("S play KS")), "win-cheaply")
    assert "West's Q♠ is winning" in good and "win cheaply with K♠ and keep A♠" in good
    assert "win-cheaply" not in keys(reasons_for(view, act("S play AS")))
    wrong = text_of(broken_by(view, act("S play AS")), "win-cheaply")
    assert "You won with A♠ where K♠ was enough" in wrong and wrong.endswith("with K♠.")


def test_trump_in_when_void_and_the_opponents_win() -> None:
    view = position(EAST_LEADS, "JC", [*EAST_LEADS_AUCTION, "E play AC"], dealer=Seat.N)
    good = text_of(reasons_for(view, act("S play 9S")), "trump-in")
    assert good == (
        "You hold no clubs and East's A♣ is winning: trump it with 9♠, your lowest trump that wins."
    )
    assert "trump-in" not in keys(reasons_for(view, act("S play 9D")))
    wrong = text_of(broken_by(view, act("S play 9D")), "trump-in")
    assert "you played 9♦" in wrong and wrong.endswith("trump it with 9♠.")


def test_throw_lowest_when_nothing_can_win() -> None:
    view = position(EAST_LEADS, "JC", [*EAST_LEADS_AUCTION, "E play JS"], dealer=Seat.N)
    good = text_of(reasons_for(view, act("S play 9S")), "throw-lowest")
    assert good == "Nothing you hold can beat East's J♠: throw your lowest card, 9♠."
    assert "throw-lowest" not in keys(reasons_for(view, act("S play 10S")))
    wrong = text_of(broken_by(view, act("S play 10S")), "throw-lowest")
    assert "you played 10♠" in wrong and "9♠" in wrong


def test_second_hand_low_leaves_the_trick_to_partner() -> None:
    auction = ["E bid 1", "S pass", "W pass", "N pass", "E trump S", "E discard KC"]
    view = position(SECOND_HAND, "JC", [*auction, "E play 10D"], dealer=Seat.N)
    good = text_of(reasons_for(view, act("S play 9D")), "second-hand-low")
    assert "partner still plays after you: play low, 9♦" in good
    assert "second-hand-low" not in keys(reasons_for(view, act("S play QD")))
    wrong = text_of(broken_by(view, act("S play QD")), "second-hand-low")
    assert "You played Q♦ second, and A♦, K♦ or a trump can still beat it" in wrong
    assert "9♦" in wrong


def test_third_hand_high_when_partner_led_low_and_is_beaten() -> None:
    auction = ["N bid 1", "E pass", "S pass", "W pass", "N trump H", "N discard 9H"]
    view = position(THIRD_HAND, "9H", [*auction, "N play 9S", "E play QS"])
    good = text_of(reasons_for(view, act("S play KS")), "third-hand-high")
    assert "Partner led 9♠ and East's Q♠ is winning" in good and good.endswith("play K♠.")
    assert "West" in good  # the last player must spend a higher card
    assert "third-hand-high" not in keys(reasons_for(view, act("S play 10S")))
    wrong = text_of(broken_by(view, act("S play 10S")), "third-hand-high")
    assert "you played 10♠" in wrong and wrong.endswith("third hand plays high, K♠.")


# --- the catalogue -------------------------------------------------------------------------


def test_the_catalogue_has_at_least_twelve_principles_with_unique_keys() -> None:
    assert len(PRINCIPLES) >= 12
    assert len({p.key for p in PRINCIPLES}) == len(PRINCIPLES)
    assert len({p.name for p in PRINCIPLES}) == len(PRINCIPLES)
    for p in PRINCIPLES:
        assert re.fullmatch(r"[a-z]+(?:-[a-z]+)*", p.key), p.key
        assert p.anchor == f"principle-{p.key}"
        assert p.phase in PHASES
        assert principle(p.key) is p


def test_the_glossary_order_goes_through_the_hand_phase_by_phase() -> None:
    order = [PHASES.index(p.phase) for p in PRINCIPLES]
    assert order == sorted(order)


@pytest.mark.parametrize("p", PRINCIPLES, ids=lambda p: p.key)
def test_every_principle_reads_as_a_card_player_speaks(p: Principle) -> None:
    for text in (p.name, p.rule, p.why, p.nudge):
        assert text.strip() == text and text, p.key
        assert plain_words(text), text
    assert p.rule.endswith(".") and p.why.endswith(".") and p.nudge.endswith(".")
    assert 2 <= p.why.count(". ") + 1 <= 4, p.why


@pytest.mark.parametrize("p", PRINCIPLES, ids=lambda p: p.key)
def test_every_nudge_gives_no_card_away(p: Principle) -> None:
    assert not CARD_WORDS.search(p.nudge), p.nudge


def test_an_unknown_principle_is_refused_by_name() -> None:
    with pytest.raises(InvalidDataError, match=r"'win-big' is not a principle: .*win-cheaply"):
        principle("win-big")
    with pytest.raises(InvalidDataError, match="is not a principle"):
        principle(3)  # type: ignore[arg-type]


# --- refused input -------------------------------------------------------------------------


def test_a_card_not_in_the_hand_is_refused_and_nothing_changes() -> None:
    view = position(PARTNER_WINS, "9C", [*PARTNER_WINS_PLAY, "N play JH", "E play 10H"])
    before = PlayerView(**vars(view))
    for judge in (reasons_for, broken_by):
        with pytest.raises(InvalidDataError, match=r"South cannot play A♠: it is not in the hand"):
            judge(view, Play(Seat.S, Card("AS")))
    assert view == before


def test_a_card_that_does_not_follow_suit_is_refused_with_the_rule() -> None:
    view = position(PARTNER_WINS, "9C", [*PARTNER_WINS_PLAY, "N play JH", "E play 10H"])
    with pytest.raises(
        MustFollowSuitError, match=r"South must follow hearts .*9♦ is not allowed"
    ) as e:
        reasons_for(view, act("S play 9D"))
    assert e.value.rule == "follow suit"


def test_another_seats_action_and_a_wrong_kind_of_action_are_refused() -> None:
    view = position(PARTNER_WINS, "9C", ["N bid 1"])
    with pytest.raises(InvalidDataError, match="the action is West's, but the view is East's"):
        reasons_for(view, act("W bid 2"))
    with pytest.raises(BidTooLowError, match="each bid must be higher than the last"):
        reasons_for(view, act("E bid 1"))
    with pytest.raises(
        WrongPhaseError, match="East cannot discard Q♥ now: the players are bidding"
    ) as e:
        broken_by(view, Discard(Seat.E, Card("QH")))
    assert e.value.rule == "order of play"
    state = HandState.from_hands(PARTNER_WINS, "9C", dealer=Seat.W)
    state.apply(parse_action("N bid 1"))
    waiting = PlayerView.of(state, Seat.S)  # East is to bid, not South
    with pytest.raises(OutOfTurnError, match="it is not South's turn") as turn:
        reasons_for(waiting, act("S bid 2"))
    assert turn.value.rule == "turn order"
    with pytest.raises(InvalidDataError, match="is not an action"):
        reasons_for(view, "E bid 2")  # type: ignore[arg-type]
    with pytest.raises(InvalidDataError, match="PlayerView"):
        reasons_for("the table", act("E bid 2"))  # type: ignore[arg-type]


# --- over random hands ------------------------------------------------------------------------


def _named(action: Action, text: str) -> bool:
    """Whether ``text`` names what ``action`` plays, discards, bids or names."""
    if isinstance(action, Play | Discard):
        card = action.card
        return ("Joker" in text) if card.text == "JK" else card.text in text
    if isinstance(action, NameTrump):
        return action.suit is not None and action.suit.plural in text
    if isinstance(action, Bid):
        return str(action.tricks) in text or "Pepper" in text
    return True


@pytest.mark.parametrize("preset", ["seed", "parlett"])
def test_over_random_hands_no_action_both_follows_and_breaks_a_principle(preset: str) -> None:
    from hasenpfeffer_core import PRESETS

    rules = PRESETS[preset].rules
    player = RuleOfThumbPlayer()
    seen: set[str] = set()
    for seed in range(12):
        state = HandState.new(rules, SEATS[seed % 4], seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = PlayerView.of(state, seat)
            for action in view.legal_actions:
                follows = reasons_for(view, action)
                broken = broken_by(view, action)
                assert not set(keys(follows)) & set(keys(broken)), (action, follows, broken)
                assert len(set(keys(follows))) == len(follows)
                for r in (*follows, *broken):
                    seen.add(r.principle.key)
                    assert r.text.endswith("."), r.text
                    assert plain_words(r.text), r.text
                    assert _named(action, r.text), (action, r.text)
                    assert r.text.count(". ") <= 1, r.text  # one or two sentences
            state.apply(player.choose(view))
    assert len(seen) >= 10  # ordinary hands meet most of the catalogue


# --- the glossary --------------------------------------------------------------------------


def test_the_glossary_source_has_the_principles_marker() -> None:
    glossary = (ROOT / "site" / "rules" / "glossary.md").read_text(encoding="utf-8")
    assert "## Principles of play and bidding" in glossary
    assert "<!-- hp:principles -->" in glossary
    assert "principle-win-cheaply" not in glossary  # generated, not pasted


def test_the_glossary_list_shows_every_principle_with_its_anchor() -> None:
    md = content.principles_markdown()
    for p in PRINCIPLES:
        assert f"#### {content.md_text(p.name)} {{#{p.anchor}}}" in md
        assert content.md_text(p.rule) in md and content.md_text(p.why) in md
    assert "<" not in md.replace("&#60;", "")  # text only, escaped


def _markers() -> Any:
    """The site's markers module (it imports MkDocs): skipped without it, except under CI."""
    try:
        from docs_hooks import markers
    except ImportError as e:
        if os.environ.get("CI"):
            pytest.fail(f"MkDocs is not installed under CI: {e}")
        pytest.skip(f"MkDocs is not installed: {e}")
    return markers


def test_the_principles_marker_becomes_the_list_on_the_glossary_page() -> None:
    markers = _markers()
    page = SimpleNamespace(file=SimpleNamespace(src_uri="rules/glossary.md"), url="rules/glossary/")
    config = {"theme": {"language": "en"}, "plugins": {}}  # (an English build, no i18n plugin)
    out = markers.on_page_markdown("# Glossary\n\n<!-- hp:principles -->\n", page, config, None)
    assert "hp:principles" not in out
    for p in PRINCIPLES:
        assert f"{{#{p.anchor}}}" in out


def _east_leads_the_left_bower() -> PlayerView:
    """Clubs are trumps and East leads J♠, the left bower; South, to play, holds no
    trump and nothing that beats it (9♠ 9♥ A♠ K♠ Q♥ K♥)."""
    h = HandState.from_hands(
        {
            "E": "JS AC KC QC 10C 9C",
            "S": "9S 9H AS KS QH KH",
            "N": "JH AD KD QD 10D 9D",
            "W": "JD JK AH 10H 10S QS",
        },
        "JC",
        dealer=Seat.N,
    )
    for a in ("E bid 1", "S pass", "W pass", "N pass", "E trump C", "E discard 9C", "E play JS"):
        h.apply(parse_action(a))
    return PlayerView.of(h, Seat.S)


def test_throw_lowest_counts_every_nine_as_low_whatever_its_suit() -> None:
    """Clubs are trumps and East leads J♠, the left bower; South holds no trump and
    nothing that beats it. 9♠ (of the suit that lost its jack to the trumps) and 9♥ are
    equally low: either follows "throw your lowest card" and neither breaks it."""
    view = _east_leads_the_left_bower()
    for card in ("9S", "9H"):
        action = parse_action(f"S play {card}")
        assert "throw-lowest" in [r.principle.key for r in reasons_for(view, action)], card
        assert "throw-lowest" not in [r.principle.key for r in broken_by(view, action)], card
    king = parse_action("S play KS")
    assert "throw-lowest" in [r.principle.key for r in broken_by(view, king)]


def test_throw_lowest_against_a_card_names_every_lowest_card() -> None:
    """The same position: against K♠ the principle names both lowest cards, 9♠ or 9♥,
    since the hint may advise either (a learner's review read "play your lowest card,
    10♥" under a hint that had lit 10♦)."""
    view = _east_leads_the_left_bower()
    wrong = text_of(broken_by(view, parse_action("S play KS")), "throw-lowest")
    assert "one of your lowest cards, 9♠ or 9♥" in wrong, wrong


def test_do_not_overtake_is_not_cited_where_no_card_could_overtake() -> None:
    # South plays last to partner's A♦ holding only K♦ and Q♦ in diamonds: neither can
    # beat it, so "do not overtake" has nothing to say (playing low is still right).
    hands = {
        "W": "9D JH AH KH QH 10H",
        "N": "AD 9S 10S QS KS AS",
        "E": "10D JS QC KC AC 10C",
        "S": "KD QD JK 9H JD JC",
    }
    auction = ["W bid 1", "N pass", "E pass", "S pass", "W trump H", "W discard 9C"]
    view = position(hands, "9C", [*auction, "W play 9D", "N play AD", "E play 10D"], dealer=Seat.S)
    assert view.seat is Seat.S and {str(a) for a in view.legal_actions} == {
        "S play K♦",
        "S play Q♦",
    }
    for card in ("S play QD", "S play KD"):
        assert "do-not-overtake" not in keys(reasons_for(view, act(card)))
        assert "do-not-overtake" not in keys(broken_by(view, act(card)))


def test_throw_lowest_speaks_when_partner_wins_and_nothing_beats_partners_card() -> None:
    """North leads the right bower; South holds Q♥ and 9♥, neither of which can beat it.
    The hint said "No simple rule decides this one" here: partner's card wins, the
    card South adds wins nothing, so the lowest goes (issue 25)."""
    hands = {
        "N": "JH AH KH AS KS QC",
        "E": "10H 9S 10S QS AC 10D",
        "S": "QH 9H AD KD QD 9D",
        "W": "JD JK JC 10C KC JS",
    }
    view = position(hands, "9C", [*PARTNER_WINS_PLAY, "N play JH", "E play 10H"])
    low = text_of(reasons_for(view, act("S play 9H")), "throw-lowest")
    assert (
        low == "Partner's J♥ is winning and nothing you hold beats it: play your lowest card, 9♥."
    )
    assert "do-not-overtake" not in keys(reasons_for(view, act("S play 9H")))
    wrong = text_of(broken_by(view, act("S play QH")), "throw-lowest")
    assert "yet you played Q♥" in wrong and wrong.endswith(
        "play your lowest card, 9♥, and keep Q♥ for later."
    )


def test_cash_winners_never_calls_a_card_the_best_left_below_one_the_hand_holds() -> None:
    """ "A♦, K♦ and Q♦ have been played, so 10♦ is the best diamond left" was said to a
    hand holding J♦: the sentence says instead that no one else holds a higher diamond."""
    from hasenpfeffer_core.engine.state import Phase
    from hasenpfeffer_core.engine.tricks import EFF, ORDERS, trump_key

    checked = said_mine = 0
    for seed in range(60):
        state = HandState.new(dealer=Seat.N, seed=seed)
        while not state.is_over:
            view = PlayerView.of(state, state.to_move)
            if state.phase is Phase.PLAY and not state.current_trick:
                tk = trump_key(view.trump)
                for action in view.legal_actions:
                    for r in reasons_for(view, action):
                        if r.principle.key != "cash-winners":
                            continue
                        card = action.card
                        own_higher = [
                            c
                            for c in view.hand
                            if EFF[tk][c.index] == EFF[tk][card.index]
                            and ORDERS[tk].index(c) < ORDERS[tk].index(card)
                        ]
                        checked += 1
                        if own_higher:
                            said_mine += 1
                            assert "best" not in r.text and "you hold" in r.text.lower(), r.text
            state.apply(RuleOfThumbPlayer().choose(view))
    assert checked >= 10 and said_mine >= 1, (checked, said_mine)


def test_discard_low_names_the_lowest_card_from_the_shortest_suit_as_the_hint_does() -> None:
    """Two nines, one alone in its suit: the words name the lone 9♣, which the rule of
    thumb and the judge put first (it leaves a void), not the first nine in the hand (a
    verdict said "discard a plain card, 9♥, instead" beside a hint that said "Discard
    9♦")."""
    hands = {
        "S": "JK JH AH KH 10S 9S",
        "N": "AS JS QS KS 9H 10H",
        "E": "QH 9D 10D JD QD KD",
        "W": "AD 10C JC QC KC AC",
    }
    view = position(hands, "9C", DISCARD_AUCTION)
    bower = text_of(broken_by(view, act("S discard JH")), "discard-low")
    assert bower.endswith("discard a plain card, 9♣, instead.")
    good = text_of(reasons_for(view, act("S discard 9C")), "discard-low")
    assert good.startswith("9♣ is your lowest plain card")
