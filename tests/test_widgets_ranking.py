"""The ranking explorer, driven through its Python side as ipywidgets' own tests do."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from hasenpfeffer_core import Rules, Suit, parse_card
from hasenpfeffer_core.faces.widgets import RankingExplorer


def test_choosing_trump_redraws_the_ranking_with_the_bowers_named() -> None:
    r = RankingExplorer(trump=Suit.HEARTS)
    assert "the ranking with hearts as trumps" in r.picture.value
    r.trump_picker.value = Suit.SPADES
    assert "the ranking with spades as trumps" in r.picture.value
    assert "J♣" in r.roles.value and "left bower" in r.roles.value
    assert "right bower" in r.roles.value and "Joker" in r.roles.value


def test_no_trump_is_offered_only_where_the_rules_allow_it() -> None:
    assert None not in [v for _, v in RankingExplorer().trump_picker.options]
    r = RankingExplorer(rules=Rules(no_trump=True))
    r.trump_picker.value = None
    assert "the ranking in no trump" in r.picture.value
    assert "No trump" in r.roles.value


def test_comparing_two_cards_says_which_wins_and_why() -> None:
    r = RankingExplorer(trump=Suit.HEARTS)
    r.card_a.value = parse_card("JD")
    r.card_b.value = parse_card("AH")
    text = r.comparison.value
    assert "<b>J♦</b> wins" in text and "left bower" in text
    r.card_a.value = parse_card("AS")
    r.card_b.value = parse_card("KC")
    text = r.comparison.value
    assert "If A♠ is led and K♣ is played to it, <b>A♠</b> wins" in text
    assert "If K♣ is led and A♠ is played to it, <b>K♣</b> wins" in text


def test_effective_suits_table_puts_the_left_bower_with_the_trumps() -> None:
    r = RankingExplorer(trump=Suit.DIAMONDS)
    assert r.suits_table.value == ""
    r.show_suits.value = True
    table = r.suits_table.value
    assert "trumps (diamonds)" in table and "J♥ (left bower)" in table
    row = table.split("<b>hearts</b>")[1].split("</tr>")[0]
    assert "<td>5</td>" in row and "J♥" not in row


def test_a_failing_callback_shows_a_message_instead_of_raising(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    r = RankingExplorer()

    def boom(*_: object) -> str:
        raise RuntimeError("drawing failed")

    monkeypatch.setattr("hasenpfeffer_core.faces.widgets.ranking.ranking_svg", boom)
    r.trump_picker.value = Suit.CLUBS  # must not raise
    assert "drawing failed" in r.status.value
    assert r.timings and all(t < 1.0 for _, t in r.timings)


def test_every_control_is_keyboard_reachable_and_labelled() -> None:
    r = RankingExplorer()
    for control in (r.trump_picker, r.card_a, r.card_b, r.show_suits):
        assert control.description
