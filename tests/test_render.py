"""Pictures: every card drawn with a text label, roles marked, engine objects draw themselves."""

from __future__ import annotations

import re
import xml.dom.minidom

import pytest

from hasenpfeffer_core import DECK, JOKER, SUITS, HandState, Seat, Suit, loads, parse_cards
from hasenpfeffer_core.engine.record import EXAMPLE
from hasenpfeffer_core.faces.render import (
    card_back_svg,
    card_svg,
    hand_svg,
    ranking_svg,
    record_html,
    state_html,
    table_svg,
)


def _parses(svg: str) -> None:
    xml.dom.minidom.parseString(svg)  # well-formed XML, or this raises


@pytest.mark.parametrize("card", DECK, ids=[c.ascii for c in DECK])
def test_every_card_is_a_well_formed_svg_with_its_name(card: object) -> None:
    svg = card_svg(card)  # type: ignore[arg-type]
    _parses(svg)
    name = "the Joker" if card is JOKER else card.name  # type: ignore[attr-defined]
    assert f'aria-label="{name}"' in svg and f"<title>{name}</title>" in svg


def test_red_suits_are_red_and_black_suits_black() -> None:
    assert "#c0262d" in card_svg("AH") and "#c0262d" in card_svg("AD")
    assert "#c0262d" not in card_svg("AS") and "#c0262d" not in card_svg("AC")


def test_joker_is_drawn_as_a_joker() -> None:
    svg = card_svg(JOKER)
    assert ">JOKER</text>" in svg and "circle" in svg


def test_bowers_carry_role_badges_and_labels_under_a_trump() -> None:
    right = card_svg("JH", trump=Suit.HEARTS)
    left = card_svg("JD", trump=Suit.HEARTS)
    assert ">R</text>" in right and "the right bower" in right
    assert ">L</text>" in left and "the left bower" in left
    assert ">L</text>" not in card_svg("JD", trump=Suit.CLUBS)


@pytest.mark.parametrize("trump", [*SUITS, None])
def test_ranking_strip_shows_all_25_cards_in_order(trump: Suit | None) -> None:
    svg = ranking_svg(trump)
    _parses(svg)
    labels = re.findall(r'<g transform="translate[^"]*" role="img" aria-label="([^"]+)"', svg)
    assert len(labels) == 25
    assert labels[0].startswith("the Joker")


def test_trick_table_names_seats_marks_leader_and_winner() -> None:
    plays = list(zip([Seat.E, Seat.S, Seat.W, Seat.N], parse_cards("AS JD 9S JK"), strict=True))
    svg = table_svg(plays, trump=Suit.HEARTS, winner=Seat.N)
    _parses(svg)
    assert "East ▸ led" in svg and "North" in svg and "N wins" in svg
    assert svg.count('stroke="#f2b705"') == 1  # only the winner is lit
    # a trick still being played: its leader "leads" (a complete one's "led")
    assert "East ▸ leads" in table_svg(plays[:2], trump=Suit.HEARTS)
    alone = [p for p in plays if p[0] is not Seat.S]  # South sits out: three cards make it
    assert "East ▸ led" in table_svg(alone, trump=Suit.HEARTS, sitting_out=[Seat.S])


def test_hand_and_back_pictures() -> None:
    svg = hand_svg("JK AH 9C", label="South's hand")
    _parses(svg)
    assert 'aria-label="South\'s hand: JK, A♥, 9♣"' in svg or "South&#x27;s hand" in svg
    assert "face down" in card_back_svg()


def test_engine_objects_draw_themselves_in_jupyter() -> None:
    record = loads(EXAMPLE)
    state = record.final_state()
    assert "<svg" in parse_cards("JH")[0]._repr_svg_()
    assert "hp-box" in state._repr_html_()
    assert record.title in record._repr_html_()
    h = HandState.new(dealer=Seat.N, seed=1)
    while not h.tricks:
        h.apply(h.legal_actions()[0])
    assert "<svg" in h.tricks[0]._repr_svg_()


def test_one_seats_view_hides_the_other_hands() -> None:
    state = loads(EXAMPLE).final_state()
    html = state_html(state, seat=Seat.S)
    assert "North: 5 cards face down" in html
    assert "South&#x27;s hand" in html or "South's hand" in html
    assert record_html(loads(EXAMPLE)).count("<svg") > 4


def test_a_dimmed_card_stays_opaque_under_a_grey_veil() -> None:
    """A card that may not be played is dimmed, not see-through: in a fan, the card
    beneath must not show through it."""
    svg = hand_svg("AS KS QS", dim="KS", overlap=0.5)
    _parses(svg)
    assert "opacity=" not in re.sub(r"fill-opacity=", "", svg.split("JOKER")[0])
    assert 'aria-label="king of spades (may not be played)"' in svg
    dimmed = svg.split('class="hp-dim"')[1].split('role="img"')[0]  # the king, to the queen
    assert 'fill="#fdfcf8"' in dimmed  # the card's own opaque face
    veil = re.findall(r'<rect [^>]*fill-opacity="([0-9.]+)"', dimmed)
    assert veil and 0 < float(veil[0]) < 1  # a grey veil over the face, rank still readable
    assert svg.count('class="hp-dim"') == 1


def test_the_joker_in_no_trump_is_the_highest_card_not_a_trump() -> None:
    assert 'aria-label="the Joker, the highest card"' in card_svg(JOKER, trump_known=True)
    assert 'aria-label="the Joker, the highest trump"' in card_svg(JOKER, trump="H")


def test_the_table_of_a_hand_says_its_phase_and_tricks_in_words() -> None:
    html_ = state_html(HandState.new(dealer=Seat.W, seed=1))
    assert "the auction" in html_ and "phase:" not in html_
    assert "tricks won NS 0 · EW 0" in html_


def test_ranking_picture_stays_narrow_enough_for_a_phone() -> None:
    """The trumps on one row and each plain suit on its own: at the lessons' largest
    scale the 25 cards fit a 390 px phone screen (one row of 17 or 24 cards did not)."""
    import re

    from hasenpfeffer_core import Suit

    for trump in (Suit.HEARTS, None):
        svg = ranking_svg(trump, scale=0.85)
        width = float(re.search(r'width="([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
        assert width <= 370, (trump, width)
        assert svg.count("<title>") >= 25 or svg.count("aria-label") >= 1


def test_small_trick_table_keeps_seat_names_readable() -> None:
    import re

    svg = table_svg((), size=210)
    sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', svg)]
    assert sizes and min(sizes) >= 10.5, sizes


def test_a_hand_played_out_draws_no_empty_picture() -> None:
    """At the end of a hand no seat holds a card: the table draws each seat's name and
    tricks won, and no empty picture of a card's height under it (a 90-pixel gap)."""
    from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer
    from hasenpfeffer_core.analysis.view import PlayerView
    from hasenpfeffer_core.engine.state import HandState
    from hasenpfeffer_core.faces.render import state_html

    state = HandState.new(dealer=Seat.N, seed=3)
    while not state.is_over:
        state.apply(RuleOfThumbPlayer().choose(PlayerView.of(state, state.to_move)))
    html = state_html(state, seat=Seat.S)
    assert "no cards" not in html and "face down" not in html
    assert html.count('class="hp-seat"') == 4


def test_a_bower_badge_in_thai_is_large_and_not_bold() -> None:
    """The bowers' badge letters: R and L bold at 11 px; the Thai letters were blobs at
    that size and weight (a reviewer could not read them), so they are drawn larger and
    not bold."""
    from hasenpfeffer_core.engine.i18n import language
    from hasenpfeffer_core.faces.render import hand_svg

    def badges(lang: str) -> list[tuple[str, str, str]]:
        with language(lang):
            svg = hand_svg(parse_cards("JD JH"), trump=Suit.HEARTS)
        return re.findall(
            r'font-size="([\d.]+)" font-weight="(\d+)" fill="#ffffff">([^<]+)</text>', svg
        )

    assert sorted(letter for _, _, letter in badges("en")) == ["L", "R"]
    assert all(weight == "700" and float(size) == 11 for size, weight, _ in badges("en"))
    thai = badges("th")
    assert len(thai) == 2 and all(not letter.isascii() for _, _, letter in thai)
    assert all(weight == "400" and float(size) >= 14 for size, weight, _ in thai)
