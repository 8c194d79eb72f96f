"""The annotator: rule notes and double-dummy verdicts for every play of a hand."""

from __future__ import annotations

from hasenpfeffer_core import HandRecord, HandState, Seat, dumps, loads
from hasenpfeffer_core.analysis.bots import RandomPlayer
from hasenpfeffer_core.analysis.review import (
    analyse,
    annotate,
    state_play_points,
    state_play_values,
)
from hasenpfeffer_core.analysis.session import play_hand
from hasenpfeffer_core.analysis.solve_cards import double_dummy
from hasenpfeffer_core.analysis.teaching import teaching_hand
from hasenpfeffer_core.engine.record import EXAMPLE


def test_rule_notes_say_what_each_play_did() -> None:
    a = analyse(loads(EXAMPLE))
    assert [p.status for p in a.plays] == ["led", "trumped", "followed"]
    # (seats in full: the notes are read as sentences, not as a record's letters)
    assert a.plays[0].rule_note == "North led A♠, leading spades."
    assert a.plays[1].rule_note.startswith("East could not follow spades and trumped with J♦")
    assert "East is still winning the trick" in a.plays[2].rule_note


def test_verdicts_agree_with_the_solver_and_name_the_better_card() -> None:
    # Random players make mistakes: every verdict is checked against the solvers. A card
    # is marked by the points it cost (each side playing for its score), and a card
    # that scored as well as the best but took fewer tricks says so, without a cost.
    costly = spared = 0
    for seed in range(6):
        players = {s: RandomPlayer(seed * 10 + s.value) for s in Seat}
        h = play_hand(HandState.new(dealer=Seat.N, seed=seed), players)
        if h.result is None:
            continue
        record = HandRecord.from_state(h)
        analysis = analyse(record)
        assert len(analysis.plays) == 24
        for p, state in ((p, record.state_at(p.step)) for p in analysis.plays):
            values = state_play_values(state)
            points = state_play_points(state)
            assert values == p.values and points == p.points
            assert p.lost == max(values.values()) - values[p.action.card]
            assert p.cost == max(points.values()) - points[p.action.card]
            top = max(points.values())
            assert all(points[c] == top for c in p.best)
            assert len({values[c] for c in p.best}) == 1
            assert all(values[c] <= values[p.best[0]] for c in points if points[c] == top)
            if p.cost:
                costly += 1
                assert p.verdict.startswith("With all four hands in view, this cost")
                assert p.best[0].text in p.verdict and p in analysis.mistakes
            elif p.action.card not in p.best:
                spared += 1
                assert "scored as well as any card" in p.verdict
                assert p.best[0].text in p.verdict and p not in analysis.mistakes
            else:
                assert p.verdict == "" and p not in analysis.mistakes
    assert costly > 0 and spared > 0


def test_a_lost_bid_is_judged_by_its_points_not_its_tricks() -> None:
    """Teaching hand 11: North's bid of 4 cannot be made as the cards lie, and under the
    source rules each trick North-South take costs them a point. Leading the Joker
    takes three tricks (-3); leading the K♠ lets East-West take more, for -2. The
    replay counts that point, where counting tricks saw no loss."""
    record = teaching_hand("11")
    first = analyse(record).at(6)
    assert first is not None and first.action.card.text == "JK"
    assert first.lost == 0 and first.cost == 1
    assert "this cost 1 point" in first.verdict and "K♠" in first.verdict


def test_play_values_of_a_state_match_double_dummy() -> None:
    h = HandState.new(dealer=Seat.E, seed=3)
    players = {s: RandomPlayer(s.value) for s in Seat}
    while h.to_move is not None and not h.trump_named:
        play_hand_step(h, players)
    while h.to_move is not None and h.phase.value != "play":
        play_hand_step(h, players)
    values = state_play_values(h)
    assert h.leader is not None and h.to_move is not None
    hands = {s.name: h.hand(s) for s in Seat if s not in h.sitting_out}
    side = "NS" if h.to_move in (Seat.N, Seat.S) else "EW"
    assert max(values.values()) == double_dummy(hands, h.trump, h.leader.name)[side]


def play_hand_step(h: HandState, players: dict[Seat, RandomPlayer]) -> None:
    from hasenpfeffer_core.analysis.view import PlayerView

    seat = h.to_move
    assert seat is not None
    h.apply(players[seat].choose(PlayerView.of(h, seat)))


def test_annotated_record_keeps_teacher_notes_and_round_trips() -> None:
    record = loads(EXAMPLE)
    annotated = annotate(record)
    note = annotated.moves[8].note
    assert note.startswith("The left bower is a heart now")
    assert "trumped with J♦" in note
    assert loads(dumps(annotated)) == annotated
