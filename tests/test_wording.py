"""The explanations never contradict the engine, and read as a card player speaks.

Property tests over random tricks and hands: the card an explanation says wins is
the card ``trick_winner`` picks, a card said to "win the trick" does win it, a card
said to be unable to win never does, and no text counts places as "1st highest",
names the source rules by a project word, or writes seats as single letters.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hasenpfeffer_core import DECK, JOKER, SUITS, Card, Suit
from hasenpfeffer_core.analysis.explain import (
    explain_card,
    explain_plays,
    explain_trick,
    nth_highest,
    ordinal_word,
)
from hasenpfeffer_core.analysis.quiz import KINDS, quiz_set
from hasenpfeffer_core.engine.cards import Rank
from hasenpfeffer_core.engine.rules import NoTrumpJoker
from hasenpfeffer_core.engine.tricks import CardRole, legal_plays, ranking, trick_winner

TRUMPS: list[Suit | None] = [*SUITS, None]
SETTINGS = settings(max_examples=300, deadline=None)

#: "1st highest", "2nd", "3rd", "4th" ...: a place must be written in words in a sentence.
NUMBERED_PLACE = re.compile(r"\b\d+(?:st|nd|rd|th)\b")
#: Project words and option names a learner cannot know.
JARGON = re.compile(r"\bseeds?\b|\brules:|\b[a-z]+_[a-z_]+\b|\bvoid-only\b|\bany-time\b", re.I)
#: A seat or a side written as letters in a sentence (letters belong in tables only).
SEAT_LETTERS = re.compile(r"(?<![\w♠♥♦♣])(?:[NESW]|NS|EW|N-S|E-W)(?![\w♠♥♦♣])")


def names(card: Card, sentence: str) -> bool:
    """Whether ``sentence`` names ``card`` (by its short text, or as the Joker)."""
    if card is JOKER:
        return "Joker" in sentence or re.search(r"(?<!\w)JK(?!\w)", sentence) is not None
    return re.search(rf"(?<![\w]){re.escape(card.text)}(?![\w♠♥♦♣])", sentence) is not None


def assert_plain_words(texts: Iterable[str]) -> None:
    for text in texts:
        assert not NUMBERED_PLACE.search(text), text
        assert not JARGON.search(text), text
        assert not SEAT_LETTERS.search(text), text


tricks = st.builds(
    lambda cards, trump: (tuple(cards), trump),
    st.lists(st.sampled_from(DECK), min_size=2, max_size=4, unique=True),
    st.sampled_from(TRUMPS),
)


# --- tricks ----------------------------------------------------------------------------


@SETTINGS
@given(tricks)
def test_the_winner_the_explanation_names_is_the_engines_winner(
    case: tuple[tuple[Card, ...], Suit | None],
) -> None:
    cards, trump = case
    e = explain_trick(cards, trump)
    win = trick_winner(cards, trump)
    assert e.winner == win and e.winning_card is cards[win]
    winning = [s for s in e.sentences if re.search(r"\bwins\b", s)]
    assert len(winning) == 1 and names(cards[win], winning[0]), e.text
    for s in e.sentences:
        if "cannot win" in s:
            assert not names(cards[win], s), e.text
    assert [d.wins for d in e.details] == [i == win for i in range(len(cards))]
    assert e.details[win].status != "discarded"
    assert_plain_words(e.sentences)


@SETTINGS
@given(tricks)
def test_only_a_trump_suit_has_trumps(case: tuple[tuple[Card, ...], Suit | None]) -> None:
    cards, trump = case
    e = explain_trick(cards, trump)
    for d in e.details:
        if trump is None:
            assert d.status != "trumped", e.text
            assert d.status == "joker" or d.card is not JOKER or d.position == 0
    if trump is None:
        assert "trump" not in e.text.replace("There are no trumps.", ""), e.text


# --- legal plays -----------------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[Card], list[Card], Suit | None, NoTrumpJoker]:
    cards = draw(st.permutations(DECK))
    size = draw(st.integers(1, 6))
    played = draw(st.integers(0, 3))
    trump = draw(st.sampled_from(TRUMPS))
    option = draw(st.sampled_from(list(NoTrumpJoker)))
    return list(cards[:size]), list(cards[size : size + played]), trump, option


@SETTINGS
@given(positions())
def test_what_a_play_explanation_says_of_winning_is_what_the_engine_does(
    case: tuple[list[Card], list[Card], Suit | None, NoTrumpJoker],
) -> None:
    hand, trick, trump, option = case
    legal = set(legal_plays(hand, trick, trump, no_trump_joker=option))
    rng = random.Random(len(hand) * 7 + len(trick))
    for x in explain_plays(hand, trick, trump, no_trump_joker=option):
        assert x.allowed == (x.card in legal), x.text
        assert names(x.card, x.text), x.text
        if not trick:
            continue
        now = trick_winner([*trick, x.card], trump) == len(trick)
        if "cannot win" in x.text:
            assert not now, x.text
        if "wins the trick" in x.text:
            # It wins now, and whatever the others still play.
            assert now, x.text
            rest = [c for c in DECK if c not in hand and c not in trick]
            for _ in range(5):
                more = rng.sample(rest, 3 - len(trick))
                assert trick_winner([*trick, x.card, *more], trump) == len(trick), x.text
        assert_plain_words([x.text])


@pytest.mark.parametrize("option", list(NoTrumpJoker))
def test_the_no_trump_joker_is_never_called_a_losing_card(option: NoTrumpJoker) -> None:
    rng = random.Random(str(option))
    others = [c for c in DECK if c is not JOKER]
    for _ in range(400):
        cards = rng.sample(others, 8)
        hand = [JOKER, *cards[: rng.randint(0, 4)]]
        trick = cards[5 : 5 + rng.randint(1, 3)]
        joker = explain_plays(hand, trick, None, no_trump_joker=option)[0]
        if joker.allowed:
            assert trick_winner([*trick, JOKER], None) == len(trick)
            assert "cannot win" not in joker.text and "wins the trick" in joker.text


def test_the_issue_example_no_trump_joker_on_a_heart_lead_wins() -> None:
    joker, club = explain_plays(["JK", "9C"], ["AH"], None)
    assert joker.allowed and "wins the trick" in joker.text
    assert "cannot win" not in joker.text and "discard" not in joker.text
    assert "cannot win" in club.text


# --- one card --------------------------------------------------------------------------


@pytest.mark.parametrize("trump", TRUMPS)
def test_card_explanations_agree_with_the_ranking(trump: Suit | None) -> None:
    for place, card in enumerate(ranking(trump), start=1):
        e = explain_card(card, trump)
        if e.role in (CardRole.JOKER, CardRole.RIGHT_BOWER, CardRole.LEFT_BOWER):
            assert nth_highest(place, "card") in e.text, e.text
        if trump is None:
            assert "trump" not in e.text.replace("no-trump", ""), e.text
        assert_plain_words([e.text])


@pytest.mark.parametrize("trump", SUITS)
def test_the_jokers_caption_names_the_trump_and_its_right_bower(trump: Suit) -> None:
    text = explain_card(JOKER, trump).text
    right = Card(Rank.JACK, trump)
    assert f"right bower ({right.text})" in text and trump.plural in text
    others = [c.text for c in DECK if c.rank is Rank.JACK and c is not right]
    assert not any(o in text for o in others), text


def test_a_plain_card_in_no_trump_says_exactly_when_it_wins() -> None:
    text = explain_card("AS", None).text
    assert text.endswith("It can win a trick only when spades are led and nobody plays the Joker.")
    assert "or the Joker is played" not in text


def test_the_role_wording_is_true_without_trumps() -> None:
    meaning = CardRole.JOKER.meaning
    assert "highest card" in meaning and "always the highest trump" not in meaning


# --- the words themselves --------------------------------------------------------------


def test_places_are_said_in_words() -> None:
    assert [nth_highest(n) for n in (1, 2, 3)] == [
        "the highest",
        "the second-highest",
        "the third-highest",
    ]
    assert nth_highest(1, "card") == "the highest card"
    assert [ordinal_word(n) for n in (4, 11, 20, 22, 25)] == [
        "fourth",
        "eleventh",
        "twentieth",
        "twenty-second",
        "twenty-fifth",
    ]
    with pytest.raises(ValueError, match="1 to 59"):
        ordinal_word(0)


@pytest.mark.parametrize("kind", KINDS)
def test_quiz_texts_use_words_not_numbered_places_or_seat_letters(kind: str) -> None:
    for q in quiz_set(kind, 30 if kind != "tricks" else 8, seed=21):
        assert_plain_words([q.prompt, q.explanation])


def test_role_words_are_plain() -> None:
    assert_plain_words(r.phrase for r in CardRole)
    assert_plain_words(r.meaning for r in CardRole)
