"""The hand replayer and the play table, driven from Python as ipywidgets' own tests
drive widgets: no browser, ``button.click()`` and ``.value = ...``, then checks on
the engine state and on the HTML the widgets show."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as w

from hasenpfeffer_core import (
    SEATS,
    Discard,
    GoAlone,
    HandRecord,
    HandState,
    Phase,
    Play,
    Rules,
    Seat,
    dump,
)
from hasenpfeffer_core.analysis.bots import RandomPlayer
from hasenpfeffer_core.analysis.review import PlayAnalysis, analyse, annotate
from hasenpfeffer_core.analysis.session import play_hand
from hasenpfeffer_core.analysis.teaching import teaching_hand, teaching_hand_names
from hasenpfeffer_core.engine.record import EXAMPLE, loads
from hasenpfeffer_core.faces.render import state_html
from hasenpfeffer_core.faces.widgets import HandReplayer, PlayTable
from hasenpfeffer_core.faces.widgets import replayer as replayer_module
from hasenpfeffer_core.faces.widgets.base import CARD_FACE, Guarded

NAMES = teaching_hand_names()


def same(a: HandState, b: HandState) -> bool:
    """Two states of the same hand are equal: same actions, phase, hands and turn."""
    return (
        a.log == b.log
        and a.phase is b.phase
        and a.hands == b.hands
        and a.to_move is b.to_move
        and a.dealer is b.dealer
        and a.deal == b.deal
    )


def random_hand_with_mistake() -> tuple[HandRecord, PlayAnalysis]:
    """A hand played by random players, and a play in it that cost points (all hands
    face up, each side playing for its score)."""
    for seed in range(100):
        players = {s: RandomPlayer(seed * 10 + s.value) for s in SEATS}
        state = play_hand(HandState.new(dealer=SEATS[seed % 4], seed=seed), players)
        record = HandRecord.from_state(state)
        mistakes = analyse(record).mistakes
        if mistakes:
            return record, mistakes[0]
    raise AssertionError("random players never lost a point")  # pragma: no cover


def plain(markup: str) -> str:
    """The text of some HTML: tags dropped, entities read."""
    return html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", "", markup, flags=re.S))


def status_text(widget: Guarded) -> str:
    return plain(widget.status.value)


# --- the replayer ------------------------------------------------------------------


def test_replayer_is_a_guarded_vbox_with_keyboard_controls() -> None:
    r = HandReplayer("01")
    assert isinstance(r, w.VBox)
    assert isinstance(r, Guarded)
    for b in (r.first_button, r.back_button, r.next_button, r.last_button, r.open_button):
        assert b.description and b.tooltip
    assert r.trick_jump.description and r.hand_picker.description
    assert r.view_toggle.description == "View"
    assert list(r.view_toggle.options) == [
        ("All hands", "all"),
        ("N", "N"),
        ("E", "E"),
        ("S", "S"),
        ("W", "W"),
    ]
    assert len(r.view_toggle.tooltips) == 5


@pytest.mark.parametrize("name", NAMES)
def test_replayer_steps_through_every_teaching_hand(name: str) -> None:
    record = teaching_hand(name)
    r = HandReplayer(name)
    assert r.record == record
    n = len(record)
    assert r.step == 0 and r.first_button.disabled and r.back_button.disabled
    for step in range(1, n + 1):
        r.next_button.click()
        assert r.step == step
        assert same(r.state, record.state_at(step))
        assert r.table.value == state_html(record.state_at(step))
    assert r.next_button.disabled and r.last_button.disabled
    r.next_button.click()  # disabled in the browser; clicked anyway, it stays put
    assert r.step == n
    for step in range(n - 1, -1, -1):
        r.back_button.click()
        assert r.step == step
        assert same(r.state, record.state_at(step))
    r.last_button.click()
    assert r.step == n
    r.first_button.click()
    assert r.step == 0
    assert r.status.value == ""


def test_replayer_analyses_each_record_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[HandRecord] = []

    def counting(record: HandRecord) -> object:
        calls.append(record)
        return analyse(record)

    monkeypatch.setattr(replayer_module, "analyse", counting)
    r = HandReplayer("04")
    for _ in range(len(r.record) + 2):
        r.next_button.click()
    r.view_toggle.value = "E"
    r.first_button.click()
    r.last_button.click()
    assert len(calls) == 1
    r.hand_picker.value = "05-void-throw-off"
    assert len(calls) == 2


def test_replayer_shows_title_point_hand_notes_and_move_notes() -> None:
    record = teaching_hand("14")
    r = HandReplayer(record)
    header = r.header.value
    assert html.escape(record.title) in header
    assert html.escape(record.point) in header
    for paragraph in record.notes:
        assert html.escape(paragraph) in header
    noted = [i for i, m in enumerate(record.moves) if m.note]
    assert noted
    for i in noted:
        r.step = i + 1
        assert html.escape(record.moves[i].note) in r.note.value
    # The score line: the score before, and at the end the result and the score after.
    assert "NS 3 · EW 7" in r.info.value
    r.last_button.click()
    final = record.final_state()
    assert final.result is not None
    assert html.escape(final.result.reason) in r.info.value
    assert "Score after" in r.info.value and "NS 13 · EW 7" in r.info.value


def test_replayer_shows_auction_trump_trick_and_tricks_won() -> None:
    record = teaching_hand("01")
    r = HandReplayer(record)
    assert "no bids yet" in r.info.value and "not named yet" in r.info.value
    end_auction = dict((label, v) for label, v in r.trick_jump.options)["End of the auction"]
    r.step = end_auction + 2  # trump named, discard made
    state = record.state_at(r.step)
    assert state.trump is not None
    assert state.trump.plural in r.info.value
    for a in state.auction:
        assert a.seat.word in r.info.value
    r.next_button.click()  # the opening lead
    lead = record.moves[r.step - 1].action
    assert isinstance(lead, Play)
    # (the Joker by its name: "JK" is the notation's, not a word a learner reads)
    shown = "Joker" if lead.card.is_joker else lead.card.text
    assert "Trick 1" in r.info.value and shown in html.unescape(r.info.value)
    assert ">JK<" not in r.info.value and " JK " not in html.unescape(r.info.value)
    r.last_button.click()
    st = record.final_state().side_tricks
    assert f"NS <b>{st[SEATS[0].side]}</b>" in r.info.value


def test_trick_jump_goes_to_the_deal_the_auction_and_each_trick() -> None:
    record = teaching_hand("02")
    r = HandReplayer(record)
    labels = [label for label, _ in r.trick_jump.options]
    assert labels[0] == "The deal" and labels[1] == "End of the auction"
    assert [label.split(" ·")[0] for label in labels[2:]] == [f"Trick {k}" for k in range(1, 7)]
    for k, (label, step) in enumerate(r.trick_jump.options[2:], start=1):
        r.trick_jump.value = step
        assert r.step == step
        state = record.state_at(step)
        assert len(state.tricks) == k and not state.current_trick
        assert state.tricks[-1].winner.word in label
    r.trick_jump.value = dict(r.trick_jump.options)["End of the auction"]
    assert record.state_at(r.step).phase is not Phase.AUCTION
    assert record.state_at(r.step - 1).phase is Phase.AUCTION
    r.trick_jump.value = 0
    assert r.step == 0
    # The menu names a place only when the step shown is that place: one play into
    # trick 3 it named "Trick 2 · won by ..." above the third trick's first card.
    end_of_2 = dict((lbl.split(" ·")[0], v) for lbl, v in r.trick_jump.options)["Trick 2"]
    r.step = end_of_2 + 1
    assert r.trick_jump.value is None and not r.trick_jump.label
    r.step = end_of_2
    assert r.trick_jump.label.startswith("Trick 2")


def test_thrown_in_hand_has_no_tricks_to_jump_to() -> None:
    r = HandReplayer("09")
    assert [label for label, _ in r.trick_jump.options] == ["The deal", "End of the auction"]
    r.last_button.click()
    assert r.record.final_state().phase is Phase.THROWN_IN
    assert "thrown in" in r.info.value


def test_view_toggle_shows_one_seat_and_hides_the_others() -> None:
    record = teaching_hand("07")
    r = HandReplayer(record)
    r.step = 3
    for seat in SEATS:
        r.view_toggle.value = seat.name
        assert r.view_seat is seat
        assert r.table.value == state_html(record.state_at(3), seat=seat)
        assert r.table.value.count("cards face down") == 3
    r.view_toggle.value = "all"
    assert r.view_seat is None
    assert "face down" not in r.table.value


def test_the_view_buttons_name_the_seats_in_the_learners_letters() -> None:
    from hasenpfeffer_core.engine.i18n import language

    with language("it"):
        r = HandReplayer(teaching_hand("07"))
    labels = [label for label, _value in r.view_toggle.options]
    assert labels == ["Tutte le mani", "N", "E", "S", "O"], labels  # O for Ovest
    # Thai names the seats whole (a learner read the Latin N, E, S, W as foreign)
    with language("th"):
        r = HandReplayer(teaching_hand("07"))
    labels = [label for label, _value in r.view_toggle.options][1:]
    assert labels == ["เหนือ", "ตะวันออก", "ใต้", "ตะวันตก"], labels
    assert "เหนือ " in r.info.value or "ตะวันออก " in r.info.value  # the tricks won, per seat
    assert [value for _label, value in r.view_toggle.options][1:] == [s.name for s in SEATS]


def test_a_seat_view_does_not_show_someone_elses_discard() -> None:
    record = teaching_hand("14")
    step = next(i for i, m in enumerate(record.moves) if isinstance(m.action, Discard)) + 1
    maker = record.moves[step - 1].action.seat
    card = record.moves[step - 1].action.card
    r = HandReplayer(record, seat=maker.partner)
    r.step = step
    assert "face down" in r.note.value and card.text not in html.unescape(r.note.value)
    r.view_toggle.value = maker.name
    assert card.text in html.unescape(r.note.value)


def test_marks_on_a_play_that_cost_points() -> None:
    record, mistake = random_hand_with_mistake()
    r = HandReplayer(record)
    r.step = mistake.step + 1
    note = plain(r.note.value)
    n = round(mistake.cost)
    assert f"✗ cost {n} point{'s' if n != 1 else ''}" in note
    assert "would have saved" in note
    for card in mistake.best:
        assert ("the Joker" if card.is_joker else card.text) in note
    for card, value in mistake.points.items():  # every alternative, with its points
        sign = "+" if value > 0 else ""
        assert f"{card.text} {sign}{value:.0f}" in note
    # A best play is marked as such.
    best = next(p for p in analyse(record).plays if p.action.card in p.best)
    r.step = best.step + 1
    assert "✓ best" in r.note.value
    # Non-plays carry no mark.
    r.step = 1
    assert "✓" not in r.note.value and "✗" not in r.note.value


def test_an_annotated_mistake_says_its_cost_once() -> None:
    """A hand annotated by the review (each play's note holds its double-dummy verdict)
    showed "With all four hands in view, this cost 1 point: 10♦, J♦ or 9♣ would have
    saved it." and under it the mark "✗ cost 1 point: 10♦, J♦ or 9♣ would have saved
    it": the cost once, in the mark; the note keeps the rule at work."""
    record, mistake = random_hand_with_mistake()
    r = HandReplayer(annotate(record))
    r.step = mistake.step + 1
    note = plain(r.note.value)
    assert mistake.verdict and mistake.verdict not in note
    assert note.count("would have saved") == 1 and "✗ cost" in note
    if mistake.rule_note:
        assert mistake.rule_note.split(".")[0] in note


def test_a_play_that_scored_as_well_but_took_fewer_tricks_is_marked_so() -> None:
    """A card that cost no point as the cards lay, but took fewer tricks than a card
    that scored as much, is marked ✓ with the trick it let go (not ✗: it cost nothing;
    not "best": a player who cannot see the cards wants that trick)."""
    for seed in range(100):
        players = {s: RandomPlayer(seed * 10 + s.value) for s in SEATS}
        state = play_hand(HandState.new(dealer=SEATS[seed % 4], seed=seed), players)
        record = HandRecord.from_state(state)
        spared = [p for p in analyse(record).plays if p.cost == 0 and p.action.card not in p.best]
        if spared:
            break
    else:  # pragma: no cover
        raise AssertionError("random players never let a trick go for nothing")
    p = spared[0]
    r = HandReplayer(record)
    r.step = p.step + 1
    note = plain(r.note.value)
    more = p.values[p.best[0]] - p.values[p.action.card]
    assert "✓ scores as well as any card, though" in note and "✗" not in note
    assert f"would have taken {more} more trick" in note
    # the trick's list of cards says it too, on the card's ✓
    assert f'title="{html.escape(p.verdict)}">✓' in r.info.value


def test_marks_in_the_current_trick() -> None:
    record, mistake = random_hand_with_mistake()
    r = HandReplayer(record)
    r.step = mistake.step + 1
    assert "✗" in r.info.value


def test_replayer_opens_records_from_every_kind_of_source(tmp_path: Path) -> None:
    path = tmp_path / "example.hand"
    example = loads(EXAMPLE)
    dump(example, path)
    r = HandReplayer()
    assert r.record is None and r.next_button.disabled
    assert "Choose a teaching hand" in r.header.value
    assert r.load_path(path) == example
    assert r.record == example and r.step == 0
    assert r.load_text(EXAMPLE) == example
    r.path_text.value = str(path)
    r.open_button.click()
    assert r.record == example
    r.hand_picker.value = NAMES[2]
    assert r.record == teaching_hand(NAMES[2])
    assert HandReplayer(str(path)).record == example
    assert HandReplayer(path).record == example
    assert HandReplayer(EXAMPLE).record == example
    assert HandReplayer(NAMES[0]).record == teaching_hand(NAMES[0])
    labels = [label for label, _ in r.hand_picker.options]
    assert any(teaching_hand(NAMES[0]).title in label for label in labels)
    r.record_text.value = EXAMPLE
    r.load_button.click()
    assert r.record == example


def test_bad_record_text_is_reported_and_does_not_raise() -> None:
    r = HandReplayer("01")
    before = r.record
    assert r.load_text("this is not a hand record") is None
    msg = status_text(r)
    assert "That did not work" in msg and "dealer" in msg
    assert r.record is before
    broken = EXAMPLE.replace("S play 10♠", "S play Q♥")
    r.record_text.value = broken
    r.load_button.click()
    msg = status_text(r)
    assert "line 21" in msg and "follow suit" in msg
    assert r.record is before
    assert r.load_path("/no/such/file.hand") is None
    assert "cannot open" in status_text(r)
    r.path_text.value = ""
    r.open_button.click()
    assert "path" in status_text(r)
    r.load_text(EXAMPLE)
    assert r.status.value == ""  # a good load clears the message


def test_bad_sources_and_steps_are_messages_too() -> None:
    r = HandReplayer("no such hand")
    assert r.record is None
    assert "not a teaching hand" in status_text(r)
    r.next_button.click()
    r.go(3)
    assert "open a record" in status_text(r)
    r = HandReplayer("01")
    r.go(999)
    assert "outside the record" in status_text(r)
    assert r.step == 0
    r.go(-1)
    assert r.step == len(r.record)
    assert all(name for name, _ in r.timings)


# --- the play table ------------------------------------------------------------------


def offered(t: PlayTable) -> list[object]:
    return [b.action for b in t.action_buttons]


def expected(state: HandState, seat: Seat) -> list[object]:
    """The engine's legal actions, a card's in the order the hand's picture shows."""
    hand = list(state.hand(seat))
    legal = list(state.legal_actions())
    return sorted(legal, key=lambda a: hand.index(a.card) if isinstance(a, (Play, Discard)) else -1)


def play_to_end(t: PlayTable, pick: int = 0, limit: int = 80) -> int:
    """Click an action button each time until the hand ends; returns the clicks."""
    clicks = 0
    while not t.state.is_over:
        assert t.state.to_move is t.seat
        # the engine's actions; a card's in the order the picture of the hand shows them
        assert offered(t) == expected(t.state, t.seat)
        buttons = t.action_buttons
        buttons[min(pick, len(buttons) - 1)].click()
        clicks += 1
        assert clicks < limit
        assert t.status.value == ""
    return clicks


def test_play_table_is_a_guarded_vbox_with_keyboard_controls() -> None:
    t = PlayTable()
    assert isinstance(t, w.VBox) and isinstance(t, Guarded)
    for b in (t.hint_button, t.undo_button, t.new_hand_button, *t.action_buttons):
        assert b.description and b.tooltip
    assert isinstance(t.log, w.HTML) and isinstance(t.table, w.HTML)
    assert isinstance(t.hint, w.HTML)
    assert t.replayer is None


@pytest.mark.parametrize("opponents", ["thumb", "random"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_whole_hand_by_clicking_the_first_button(opponents: str, seed: int) -> None:
    t = PlayTable(seed=seed, opponents=opponents)
    assert t.state.to_move in (t.seat, None)  # the computers have acted
    assert t.table.value == state_html(t.state, seat=t.seat)
    play_to_end(t)
    state = t.state
    assert state.is_over and t.action_buttons == [] and t.hint_button.disabled
    assert t.replayer is not None
    assert t.replayer in t.children[-1].children
    shown = t.replayer.record
    assert shown.title == "Hand 1"
    assert shown == annotate(HandRecord.from_state(state, title=shown.title, score=shown.score))
    assert t.replayer.step == 0
    assert t.result.value
    if state.result is not None:
        assert html.escape(state.result.reason) in t.result.value
    assert t.table.value == state_html(state)  # all hands face up at the end


def test_offered_actions_match_the_engine_in_every_phase() -> None:
    # Bid high to win the auction: then name trumps, discard, go alone (parlett rules).
    t = PlayTable(seed=5, rules="parlett")
    seen: set[type] = set()
    while not t.state.is_over:
        state = t.state
        legal = list(state.legal_actions())
        assert offered(t) == expected(state, t.seat)
        seen.update(type(a) for a in legal)
        if state.phase is Phase.AUCTION:
            t.action_buttons[-1].click()  # the highest bid
        elif state.phase is Phase.ALONE:
            labels = [b.description for b in t.action_buttons]
            assert labels == ["Play with partner", "Go alone"]
            t.action_buttons[1].click()
            assert t.state.maker_alone and t.seat.partner in t.state.sitting_out
        else:
            t.action_buttons[0].click()
    assert {"Bid", "NameTrump", "Discard", "GoAlone", "Play"} <= {c.__name__ for c in seen}
    assert t.replayer is not None


def test_a_human_seat_other_than_south() -> None:
    t = PlayTable(seat="E", seed=4)
    assert t.seat is Seat.E
    play_to_end(t)
    assert "You" in t.log.value or t.state.phase is Phase.THROWN_IN


def test_undo_restores_the_state_before_the_last_decision() -> None:
    t = PlayTable(seed=2, opponents="random")
    assert t.undo_button.disabled
    history = []
    while not t.state.is_over:
        before = t.state.copy()
        history.append(before)
        t.action_buttons[0].click()
    # Take back every decision, one at a time, back to the first.
    for before in reversed(history):
        t.undo_button.click()
        assert same(t.state, before)
        assert t.replayer is None and t.result.value == ""
        assert offered(t) == expected(before, t.seat)
    assert t.undo_button.disabled
    t.undo_button.click()  # nothing to undo: a message, not an exception
    assert "nothing" in status_text(t) or "no decision" in status_text(t)


def test_undo_then_the_same_action_gives_the_same_hand() -> None:
    t = PlayTable(seed=7, opponents="random")
    t.action_buttons[0].click()
    t.action_buttons[0].click()
    after = t.state.copy()
    t.undo_button.click()
    t.action_buttons[0].click()
    assert same(t.state, after)  # the computers are re-seeded for every decision


def test_h_with_every_hint_step_shown_says_so() -> None:
    """Typing h once more after the move is shown is answered, not met with silence."""
    t = PlayTable(seed=1)
    for _ in range(3):
        t.type_move("h")
    first = plain(t.hint.value)
    assert "whole hint" not in first
    t.type_move("h")
    again = plain(t.hint.value)
    assert "That is the whole hint: every step is shown above." in again
    assert again.startswith(first.rstrip()[:40])  # the steps stay as they were


def test_hint_names_an_action_and_a_reason() -> None:
    t = PlayTable(seed=1)
    hinted = 0
    for _ in range(4):
        if t.state.is_over:
            break
        for _ in range(3):  # the third press shows the move
            t.hint_button.click()
            hinted += 1
        text = plain(t.hint.value)
        hint = t.session.hint()
        for step in hint.steps:  # the nudge, the principle and the move, in order
            assert " ".join(step.split()) in " ".join(text.split())
        assert text.index(hint.nudge) < text.index(hint.steps[-1])
        styled = [b for b in t.action_buttons if b.button_style == "info"]
        assert len(styled) == 1  # the advised action's button is lit
        action = styled[0].action
        assert action == hint.action
        if isinstance(action, Play | Discard):
            assert action.card.text in hint.answer
        # A teacher's words: the move, not "Hint: You bid 3."
        assert "Hint: You" not in text
        assert "average" in text or "only legal choice" in text or "rule-of-thumb" in text
        t.action_buttons[0].click()
        assert t.hint.value == ""  # a new decision clears the old hint
    play_to_end(t)
    t.hint_button.click()  # disabled in the browser; clicked anyway: a message
    assert "not your turn" in status_text(t)
    assert [n for n, _ in t.timings].count("_on_hint") == hinted + 1


def test_hint_during_play_names_a_card() -> None:
    t = PlayTable(seed=3)
    while t.state.phase is not Phase.PLAY or len(t.action_buttons) < 2:
        t.action_buttons[0].click()
    t.hint_button.click()
    assert not [b for b in t.action_buttons if b.button_style == "info"]  # not yet
    t.hint_button.click()
    t.hint_button.click()
    text = plain(t.hint.value)
    assert "tricks" in text  # the averages behind the move
    # The advised card is lit in the theme's colour; the others keep their card face.
    lit = [b for b in t.action_buttons if b.button_style == "info"]
    assert len(lit) == 1 and lit[0].style.button_color is None
    assert lit[0].action.card.text in text
    assert all(b.style.button_color == CARD_FACE for b in t.action_buttons if b not in lit)
    t.undo_button.click()
    assert all(b.style.button_color == CARD_FACE for b in t.action_buttons)
    assert all(b.button_style == "" for b in t.action_buttons)


def test_illegal_actions_are_refused_with_the_engines_message() -> None:
    t = PlayTable(seed=3)
    while t.state.phase is not Phase.PLAY:
        t.action_buttons[0].click()
    before = t.state.copy()
    hand = t.state.hand(t.seat)
    illegal = [c for c in hand if Play(t.seat, c) not in t.state.legal_actions()]
    other = t.seat.left
    t.act(Play(other, t.state.hand(other)[0]))
    assert "not" in status_text(t)
    if illegal:
        t.act(Play(t.seat, illegal[0]))
        assert "follow" in status_text(t)
    t.act(GoAlone(t.seat, True))
    assert status_text(t)
    assert same(t.state, before)


def test_a_double_click_on_the_last_bid_is_one_click() -> None:
    """The second click of a double-click arrives after the first one's bid ended the
    auction and took its button away: it does nothing and says nothing (an Italian
    learner read that the auction was over, as if they had done something wrong)."""
    t = PlayTable(seed=7)
    while t.state.phase is Phase.AUCTION and t.state.to_move is t.seat:
        bid = next(b for b in t.action_buttons if b.description.endswith("5"))
        bid.click()
        if t.state.phase is Phase.AUCTION:
            continue
        before = t.state.copy()
        bid.click()  # the second click of the double-click
        assert status_text(t) == "" and same(t.state, before)
        assert bid not in t.action_buttons
        return
    raise AssertionError("the learner's bid of 5 did not end the auction: choose another table")


def test_log_says_what_the_computers_did() -> None:
    t = PlayTable(seed=0)
    for action in t.state.log:
        assert action.seat.word in t.log.value or action.seat is t.seat
    play_to_end(t)
    assert "Trick 6 goes to" in t.log.value
    assert "The whole hand so far" in t.log.value


def test_new_hand_deals_another_hand() -> None:
    t = PlayTable(seed=9)
    first = t.state.deal
    dealer = t.state.dealer
    t.new_hand_button.click()  # a single hand may be abandoned
    assert t.state.deal != first and t.state.dealer is dealer.left
    play_to_end(t)
    shown = t.replayer
    assert shown is not None
    t.new_hand_button.click()
    assert not t.state.is_over or t.state.phase is Phase.THROWN_IN
    assert t.replayer is None and t.result.value == ""
    play_to_end(t)
    assert t.replayer is shown  # one replayer, reused from hand to hand
    assert shown.record.title == "Hand 3"


def test_the_move_box_says_what_it_takes_once_the_hand_is_over() -> None:
    """A finished hand's box asked for "Your move" above help about cards and hints;
    it now asks for the next hand or the review, and a new hand asks for a move again."""
    t = PlayTable(seed=4)
    assert t.typed.description == "Your move:" and "a card" in t.typed_help.value
    play_to_end(t)
    assert t.typed.description == "Next:"
    assert "type n for the next hand or r for its review" in t.typed_help.value
    t.type_move("n")
    assert not t.state.is_over and t.typed.description == "Your move:"
    assert "h for a hint" in t.typed_help.value


def test_a_whole_game() -> None:
    # a short game (5 points) goes through every step of a long one: next hand, the
    # score after each, game over, a new game
    t = PlayTable(seed=11, game=True, rules=Rules(target=5))
    assert t.game is not None
    assert t.new_hand_button.description == "Next hand" and t.new_hand_button.disabled
    hands = 0
    while not t.game.is_over:
        dealer = t.state.dealer
        play_to_end(t)
        scores = t.game.scores
        ns, ew = scores[SEATS[0].side], scores[SEATS[1].side]
        assert f"Score: North-South {ns} · East-West {ew}." in t.result.value
        assert t.replayer is not None
        hands += 1
        assert hands < 60
        if not t.game.is_over:
            assert not t.new_hand_button.disabled
            t.new_hand_button.click()
            assert t.state.dealer is dealer.left
            assert t.replayer is None
    assert "Game over" in t.result.value
    assert t.new_hand_button.description == "New game"
    t.new_hand_button.click()
    assert not t.game.is_over and len(t.game.hands) == 1
    assert t.status.value == ""


def test_undo_in_a_game_after_the_hand_is_scored() -> None:
    t = PlayTable(seed=12, game=True)
    play_to_end(t)
    t.new_hand_button.click()
    assert t.game is not None and len(t.game.hands) == 2
    before_scores = t.game.scores
    history = []
    while not t.state.is_over:
        history.append(t.state.copy())
        t.action_buttons[0].click()
    t.undo_button.click()
    assert same(t.state, history[-1])
    assert t.game.scores == before_scores and len(t.game.hands) == 2
    assert t.new_hand_button.disabled


def test_expert_opponents_and_other_rules() -> None:
    t = PlayTable(opponents="expert", rules=Rules(bidding="pepper"), seed=1)
    assert offered(t) == list(t.state.legal_actions())
    t.action_buttons[0].click()
    assert t.state.to_move in (t.seat, None)
    assert t.status.value == ""


def test_bad_arguments_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="opponents"):
        PlayTable(opponents="genius")
    with pytest.raises(ValueError, match="rule set"):
        PlayTable(rules="no such rules")
    with pytest.raises(ValueError, match="seat"):
        PlayTable(seat="X")


def test_the_hand_is_analysed_once_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[HandRecord] = []

    def counting(record: HandRecord) -> object:
        calls.append(record)
        return analyse(record)

    monkeypatch.setattr(replayer_module, "analyse", counting)
    t = PlayTable(seed=6)
    play_to_end(t)
    assert calls == []  # the table hands its analysis to the replayer
    assert t.replayer is not None and t.replayer.analysis is not None
    marks = {p.step: p.cost for p in t.replayer.analysis.plays}
    assert marks == {p.step: p.cost for p in analyse(t.replayer.record).plays}
    # An analysis of another hand is not used.
    other = teaching_hand("01")
    r = HandReplayer(other, analysis=t.replayer.analysis)
    assert calls == [other] and r.analysis is not None and r.analysis.record == other


def test_opening_a_teaching_hand_by_number_shows_it_in_the_menu() -> None:
    from hasenpfeffer_core.faces.widgets import HandReplayer

    r = HandReplayer("07")
    assert r.hand_picker.value == "07-widow-changes-trump"
    assert r.record is not None and r.record.title == "The widow changes the trump"
    assert r.step == 0


def test_after_a_new_hand_no_button_stays_lit_and_a_hint_lights_one() -> None:
    """A button is reused from hand to hand: the button a hint lit in one hand must not
    stay lit in the next (issue 25: "Bid 5" stayed lit, then two were lit)."""

    def lit(t: PlayTable) -> list[str]:
        return [b.description for b in t.action_buttons if "hp-advised" in b._dom_classes]

    t = PlayTable(seed=7)
    advised: set[str] = set()
    offered_again = 0
    for _hand in range(8):
        shown = {b.description for b in t.action_buttons}
        offered_again += bool(shown & advised)
        assert lit(t) == [], "a button lit in an earlier hand"
        for _ in range(3):
            t.hint_button.click()
        assert len(lit(t)) == 1
        advised |= set(lit(t))
        for _ in range(6):  # to the learner's first decision of a new hand
            t.new_hand_button.click()
            if t.action_buttons:
                break
    assert offered_again  # (a button once advised was offered again: the case at stake)
