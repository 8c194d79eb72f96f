"""Explanations: why a card wins, why a card may or may not be played, where a card ranks."""

from __future__ import annotations

import random

import pytest

from hasenpfeffer_core import DECK, JOKER, SUITS, InvalidDataError, ParseError, Suit
from hasenpfeffer_core import parse_cards as cs
from hasenpfeffer_core.analysis.explain import explain_card, explain_plays, explain_trick
from hasenpfeffer_core.engine.rules import NoTrumpJoker
from hasenpfeffer_core.engine.tricks import legal_plays, ranking, trick_winner


def test_left_bower_sentence_matches_the_issue_example() -> None:
    e = explain_trick(cs("A♥ J♦ JK Q♥"), "H")
    assert e.text.startswith("Hearts are trumps.")
    assert "J♦ is the left bower, so it is a trump: it beats A♥ and Q♥ but not the Joker." in e.text
    lb = e.details[1]
    assert lb.role == "left bower" and lb.effective_suit is Suit.HEARTS
    assert set(lb.beats) == set(cs("A♥ Q♥")) and lb.beaten_by == (JOKER,)


def test_left_bower_trumping_a_diamond_lead_is_explained_as_a_trump() -> None:
    e = explain_trick(cs("A♦ J♦ K♦"), "H")
    assert e.winner == 1
    assert e.details[1].status == "trumped"
    assert "J♦ is the left bower, so it is a trump" in e.text


def test_joker_led_leads_trumps() -> None:
    e = explain_trick(cs("JK 9♥ A♠ J♦"), "H")
    assert e.trumps_led and e.winner == 0
    assert "The Joker led: it is the highest trump, so trumps were led." in e.text


def test_off_suit_cards_are_said_to_be_unable_to_win() -> None:
    e = explain_trick(cs("A♠ K♠ 9♣ 10♠"), "H")
    assert e.details[2].status == "discarded"
    assert "9♣ neither follows spades nor is a trump, so it cannot win." in e.text


def test_no_trump_joker_beats_everything() -> None:
    e = explain_trick(cs("A♠ JK K♠"), None)
    assert e.winner == 1
    assert e.text.startswith("There are no trumps.")
    assert "The Joker beats every card" in e.text


def test_structured_trick_reasons_agree_with_the_engine_on_random_tricks() -> None:
    rng = random.Random(0)
    for _ in range(300):
        trump = rng.choice([*SUITS, None])
        cards = rng.sample(DECK, rng.choice((3, 4)))
        e = explain_trick(cards, trump)
        assert e.winner == trick_winner(cards, trump)
        assert [d.wins for d in e.details].count(True) == 1
        winner = e.details[e.winner]
        assert not winner.beaten_by and len(winner.beats) == len(cards) - 1
        assert e.text.strip() and all(s.endswith(".") for s in e.sentences)


def test_must_follow_explanation_names_the_cards_held() -> None:
    e = explain_plays(cs("A♥ J♦ 9♣"), cs("10♥"), "H")
    assert [x.allowed for x in e] == [True, True, False]
    assert e[2].reason == "must follow"
    assert e[2].text == (
        "9♣ is not allowed: 10♥ led trumps (hearts), and you hold A♥ and J♦, "
        "so you must follow with one of them."
    )


def test_left_bower_is_not_its_printed_suit_when_following() -> None:
    e = explain_plays(cs("J♦ 9♣"), cs("A♦"), "H")
    assert [x.allowed for x in e] == [True, True]
    assert "J♦ is the left bower, a trump, not a diamond" in e[0].text


def test_play_explanations_agree_with_legal_plays_on_random_positions() -> None:
    rng = random.Random(1)
    for _ in range(300):
        trump = rng.choice(SUITS)
        cards = rng.sample(DECK, 9)
        hand, trick = cards[:6], cards[6 : 6 + rng.randint(0, 3)]
        legal = set(legal_plays(hand, trick, trump))
        for x in explain_plays(hand, trick, trump):
            assert x.allowed == (x.card in legal)
            assert x.text


@pytest.mark.parametrize("trump", [*SUITS, None])
def test_card_places_follow_the_ranking(trump: Suit | None) -> None:
    for place, card in enumerate(ranking(trump), start=1):
        e = explain_card(card, trump)
        assert e.place == place
        assert e.text


def test_card_roles_are_named() -> None:
    assert explain_card("JK", "S").role == "joker"
    assert explain_card("JS", "S").role == "right bower"
    assert explain_card("JC", "S").role == "left bower"
    assert "the jack of the other black suit counts as a trump" in explain_card("JC", "S").text
    assert "only 5 cards" in explain_card("AC", "S").text


def test_bad_input_is_refused_with_the_engine_errors() -> None:
    with pytest.raises(ParseError):
        explain_card("XX", "H")
    with pytest.raises(InvalidDataError, match="empty trick"):
        explain_trick([], "H")
    with pytest.raises(InvalidDataError, match="listed twice"):
        explain_plays(cs("AH"), ["AS", "AS"], "H")


def test_no_trump_joker_played_when_void_is_said_to_win_as_it_does() -> None:
    joker = explain_plays(cs("JK 9♣"), cs("A♥"), None)[0]
    assert joker.allowed and joker.reason == "joker wins"
    assert "wins the trick" in joker.text and "cannot win" not in joker.text
    assert trick_winner(cs("A♥ JK"), None) == 1


def test_any_time_joker_names_the_cards_it_could_have_followed_with() -> None:
    joker = explain_plays(cs("JK A♥ 9♣"), cs("K♥"), None, no_trump_joker=NoTrumpJoker.ANY_TIME)
    assert joker[0].reason == "joker any time"
    assert "even though you hold A♥" in joker[0].text and "wins the trick" in joker[0].text
    assert "no_trump_joker" not in joker[0].text and "any-time" not in joker[0].text


def test_no_trump_joker_in_a_trick_is_not_called_a_trump() -> None:
    e = explain_trick(cs("A♠ JK K♠ 9♣"), None)
    assert e.details[1].status == "joker" and e.winner == 1
    assert "trump" not in e.text.replace("There are no trumps.", "")


def test_plain_card_without_trumps_says_it_loses_to_the_joker() -> None:
    text = explain_card("A♠", None).text
    assert text == (
        "A♠ is a plain card, the highest spade. It can win a trick only when spades are led "
        "and nobody plays the Joker."
    )


def test_jokers_caption_says_which_suit_is_trumps() -> None:
    text = explain_card("JK", "H").text
    assert "With hearts trumps" in text and "right bower (J♥)" in text
    assert "J♠" not in text and "1st" not in text and text.endswith("the highest card.")


def test_places_are_written_as_a_card_player_says_them() -> None:
    assert "It is the second-highest card." in explain_card("J♥", "H").text
    assert "the third-highest card, after the Joker and J♥" in explain_card("J♦", "H").text
    assert "the lowest of the 8 trumps" in explain_card("9♥", "H").text
    e = explain_trick(cs("A♦ J♥ JK 9♦"), "H")
    assert "J♥ is the right bower, the second-highest trump" in e.text
