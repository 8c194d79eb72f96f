"""Hand records: reading, writing, round trips, replay and validation errors."""

from __future__ import annotations

import io
import pickle
from pathlib import Path

import pytest

from hasenpfeffer_core import (
    HandRecord,
    HandState,
    Move,
    Phase,
    Play,
    RecordError,
    Rules,
    Seat,
    Side,
    dump,
    dumps,
    load,
    loads,
    parse_action,
    parse_card,
)
from hasenpfeffer_core.engine.record import EXAMPLE, MAX_ERRORS

DATA = Path(__file__).parent / "data"
FILES = sorted(DATA.glob("*.hand"))

# A complete hand in the canonical form, used by most tests below.
HEADER = """\
title: The left bower
point: J♦ is a heart when hearts are trumps.
rules: seed
dealer: W
N: JK A♠ K♠ 10♥ 9♦ Q♣
E: A♥ K♥ 9♥ J♦ 10♦ 9♠
S: J♠ Q♠ 10♠ Q♥ A♦ K♣
W: J♣ 9♣ K♦ Q♦ A♣ 10♣
widow: J♥
"""
ACTIONS = """\
N bid 3
E bid 4
S pass
W pass
N pass
E trump ♥
E discard 9♠
N play A♠
E play J♦
S play 10♠
W play 9♣
"""


def body_line(text: str, needle: str) -> int:
    """The 1-based number of the first line of ``text`` containing ``needle``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(needle)


# --- the example files -----------------------------------------------------------


def test_the_example_files_exist() -> None:
    names = {p.name for p in FILES}
    assert {"joker-led.hand", "pepper-big.hand", "lone-hand.hand", "thrown-in.hand"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_example_file_round_trips_exactly(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = load(path)
    assert dumps(record) == text
    assert load(str(path)) == record
    with path.open(encoding="utf-8") as f:
        assert load(f) == record
    assert loads(text) == record
    assert record.title and record.point and record.notes


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_example_file_is_a_complete_legal_hand(path: Path) -> None:
    record = load(path)
    final = record.final_state()
    assert final.is_over
    assert final.legal_actions() == ()
    replayed = HandState.replay(
        record.deal, record.actions, rules=record.rules, dealer=record.dealer
    )
    assert replayed.phase is final.phase and replayed.log == final.log


def test_joker_led_file() -> None:
    record = load(DATA / "joker-led.hand")
    state = record.final_state()
    assert record.rules == Rules()
    assert state.maker is Seat.N and state.high_bid is not None and state.high_bid.tricks == 5
    first = state.tricks[0]
    assert first.plays[0] == (Seat.N, parse_card("JK"))
    assert first.winner is Seat.N
    # The left bower is forced out on trick 2 and loses to the right bower.
    second = state.tricks[1]
    assert (Seat.E, parse_card("J♦")) in second.plays
    assert second.winner is Seat.S
    assert state.side_tricks == {Side.NS: 6, Side.EW: 0}
    assert state.result is not None
    assert state.result.made and state.result.points == {Side.NS: 6, Side.EW: 0}


def test_pepper_big_file() -> None:
    record = load(DATA / "pepper-big.hand")
    assert record.rules == Rules(bidding="pepper")
    assert record.rules.to_text() == "seed-pepper"
    assert record.score == (4, 7)
    state = record.final_state()
    assert state.high_bid is not None and state.high_bid.big
    assert state.maker is Seat.N
    assert state.tricks[0].winner is Seat.W
    assert state.side_tricks == {Side.NS: 5, Side.EW: 1}
    result = state.result
    assert result is not None and not result.made
    assert result.points == {Side.NS: -10, Side.EW: 0}
    assert "times 2 for Big Pepper = -10" in result.reason


def test_lone_hand_file() -> None:
    record = load(DATA / "lone-hand.hand")
    assert record.rules == Rules(lone_hands=True)
    state = record.final_state()
    assert state.maker is Seat.S and state.maker_alone
    assert state.sitting_out == (Seat.N,)
    assert state.defender_alone is None
    assert state.tricks[0].leader is Seat.W
    assert all(len(t.plays) == 3 for t in state.tricks)
    assert set(state.hand(Seat.N)) == set(record.deal.hands[0]), "North's cards stay down"
    assert state.tricks_won[Seat.S] == 6
    assert state.result is not None
    assert state.result.points == {Side.NS: 12, Side.EW: 0}
    # The "# trick" comments count three plays to a trick.
    text = (DATA / "lone-hand.hand").read_text(encoding="utf-8")
    assert text.count("# trick ") == 6


def test_thrown_in_file() -> None:
    record = load(DATA / "thrown-in.hand")
    assert record.deal.widow is parse_card("JK")
    state = record.final_state()
    assert state.phase is Phase.THROWN_IN
    assert state.result is None and state.high_bid is None
    assert len(record) == 4


# --- load / loads / dump / dumps -----------------------------------------------------


def test_dump_to_a_path_and_to_an_open_file(tmp_path: Path) -> None:
    record = loads(HEADER + "\n" + ACTIONS)
    target = tmp_path / "hand.hand"
    dump(record, target)
    assert target.read_text(encoding="utf-8") == dumps(record)
    dump(record, str(tmp_path / "other.hand"))
    assert load(tmp_path / "other.hand") == record
    buffer = io.StringIO()
    dump(record, buffer)
    assert buffer.getvalue() == dumps(record)
    assert load(io.StringIO(buffer.getvalue())) == record
    dump(record, target, ascii=True)
    assert target.read_text(encoding="utf-8") == dumps(record, ascii=True)
    assert load(target) == record


def test_canonical_text_and_exact_round_trip() -> None:
    record = loads(HEADER + "\n" + ACTIONS)
    text = dumps(record)
    assert text == HEADER + "\n" + ACTIONS.replace("N play A♠", "# trick 1\nN play A♠")
    assert loads(text) == record
    assert dumps(loads(text)) == text


def test_the_module_example_round_trips() -> None:
    record = loads(EXAMPLE)
    assert loads(dumps(record)) == record
    assert dumps(loads(dumps(record))) == dumps(record)


def test_every_state_of_a_hand_round_trips() -> None:
    record = load(DATA / "joker-led.hand")
    for step, state in enumerate(record.replay()):
        partial = HandRecord.from_state(state, title="step", notes=("a", "b"), score=(1, -2))
        assert len(partial) == step
        assert loads(dumps(partial)) == partial
        assert loads(dumps(partial, ascii=True)) == partial


def test_ascii_option() -> None:
    record = load(DATA / "pepper-big.hand")
    text = dumps(record, ascii=True)
    lines = [line.split(" {")[0] for line in text.splitlines()]
    assert "N: JK JS AS KS AH AD" in lines
    assert "E: KH QH 9H KD TD 9C" in lines
    assert "widow: QS" in lines
    assert "N trump S" in lines
    assert "N discard AD" in lines
    assert "S play TH" in lines
    for line in lines:
        if not line.startswith(("title:", "point:", "note:")):
            assert line.split("{")[0].isascii(), line
    assert loads(text) == record
    assert dumps(loads(text)) == dumps(record)
    assert dumps(loads(text), ascii=True) == text


def test_reading_accepts_ascii_any_case_and_crlf() -> None:
    text = (
        "Title: lower case\nRULES: seed\nDealer: w\n"
        "n: jk as ks th 9d qc\ne: ah kh 9h jd td 9s\ns: js qs ts qh ad kc\n"
        "w: jc 9c kd qd ac tc\nWidow: jh\n\nn bid 3\ne bid 4\ns pass\nw pass\nn pass\n"
        "e trump hearts\ne discard 9s\n"
    )
    record = loads(text)
    canonical = loads(HEADER + "\n" + "\n".join(ACTIONS.splitlines()[:7]) + "\n")
    assert record.deal == canonical.deal and record.moves == canonical.moves
    assert record.dealer is Seat.W and record.title == "lower case"
    assert dumps(record).startswith("title: lower case\nrules: seed\ndealer: W\nN: JK A♠ K♠")
    assert loads(text.replace("\n", "\r\n")) == record


def test_actions_may_follow_the_header_without_a_blank_line() -> None:
    assert loads(HEADER + ACTIONS) == loads(HEADER + "\n" + ACTIONS)


# --- comments and notes --------------------------------------------------------------


def test_comments_are_ignored_in_header_and_body() -> None:
    commented = (
        "# A hand from the club night\n"
        + HEADER.replace("dealer: W\n", "dealer: W\n# the hands:\n")
        + "\n# the auction\n"
        + ACTIONS.replace("E trump ♥\n", "E trump ♥\n   # an indented comment\n")
    )
    assert loads(commented) == loads(HEADER + "\n" + ACTIONS)


def test_action_notes_and_multi_line_brace_notes() -> None:
    text = (
        HEADER
        + "\n"
        + ACTIONS.replace(
            "E bid 4\n", "E bid 4 {East counts on\n   the hearts,\n\n and on the widow.}\n"
        ).replace("E play J♦\n", "E play J♦   {The left bower.}\n")
    )
    record = loads(text)
    assert record.moves[1] == Move(
        parse_action("E bid 4"), "East counts on the hearts, and on the widow."
    )
    assert record.moves[8].note == "The left bower."
    assert [m.note for m in record.moves].count("") == len(record) - 2
    out = dumps(record)
    assert "E bid 4 {East counts on the hearts, and on the widow.}\n" in out
    assert "E play J♦ {The left bower.}\n" in out
    assert loads(out) == record


def test_an_error_after_a_multi_line_note_names_the_right_line() -> None:
    text = (
        HEADER
        + "\n"
        + ACTIONS.replace("E bid 4\n", "E bid 4 {one\ntwo\nthree}\n").replace(
            "S play 10♠", "S play Q♥"
        )
    )
    with pytest.raises(RecordError) as info:
        loads(text)
    line = body_line(text, "S play Q♥")
    assert info.value.line == line
    assert str(info.value).startswith(f"line {line}: S play Q♥ breaks the rules")


def test_notes_with_braces_and_backslashes_are_escaped() -> None:
    record = loads(HEADER + "\n" + ACTIONS)
    note = r"Sets {like this} and a back\slash, and a lone } or {"
    with_note = record.with_notes({0: note, 7: "{"})
    assert with_note.moves[0].note == note
    out = dumps(with_note)
    assert r"N bid 3 {Sets \{like this\} and a back\\slash, and a lone \} or \{}" in out
    assert r"N play A♠ {\{}" in out
    again = loads(out)
    assert again == with_note
    assert again.moves[0].note == note
    assert dumps(again) == out


def test_hand_notes() -> None:
    text = (
        HEADER + "note: First paragraph.\nnote:   Second   paragraph,\tspaced.\nnote:\n\n" + ACTIONS
    )
    record = loads(text)
    assert record.notes == ("First paragraph.", "Second paragraph, spaced.")
    out = dumps(record)
    assert "note: First paragraph.\nnote: Second paragraph, spaced.\n\n" in out
    assert loads(out) == record


def test_title_and_point_are_one_line() -> None:
    record = HandRecord.from_state(loads(HEADER).final_state(), title="  Two\nlines ", point="a\tb")
    assert record.title == "Two lines" and record.point == "a b"
    assert dumps(record).startswith("title: Two lines\npoint: a b\n")


# --- the score field -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "score"),
    [
        ("NS 3, EW 7", (3, 7)),
        ("ns 3 ew 7", (3, 7)),
        ("NS -4, EW 12", (-4, 12)),
        ("NS 0,EW 0", (0, 0)),
    ],
)
def test_score_field(written: str, score: tuple[int, int]) -> None:
    record = loads(HEADER.replace("dealer: W\n", f"dealer: W\nscore: {written}\n"))
    assert record.score == score
    out = dumps(record)
    assert f"score: NS {score[0]}, EW {score[1]}\n" in out
    assert loads(out) == record


def test_no_score_field_means_none() -> None:
    record = loads(HEADER)
    assert record.score is None
    assert "score:" not in dumps(record)


@pytest.mark.parametrize("written", ["3-7", "NS three, EW 7", "EW 7, NS 3", "NS 3"])
def test_a_bad_score_names_its_line(written: str) -> None:
    text = HEADER.replace("dealer: W\n", f"dealer: W\nscore: {written}\n")
    with pytest.raises(RecordError) as info:
        loads(text)
    assert info.value.line == 5
    assert str(info.value) == f"line 5: score {written!r}: write it as 'NS 3, EW 7'"


# --- replay and state_at -----------------------------------------------------------------


def test_replay_gives_every_state() -> None:
    record = loads(HEADER + "\n" + ACTIONS)
    states = list(record.replay())
    assert len(states) == len(record) + 1
    for step, state in enumerate(states):
        assert state.log == record.actions[:step]
    assert states[0].phase is Phase.AUCTION and states[0].to_move is Seat.N
    assert states[-2].current_trick == (
        (Seat.N, parse_card("A♠")),
        (Seat.E, parse_card("J♦")),
        (Seat.S, parse_card("10♠")),
    )
    assert states[-1].current_trick == ()
    assert [t.cards for t in states[-1].tricks] == [
        (parse_card("A♠"), parse_card("J♦"), parse_card("10♠"), parse_card("9♣"))
    ]
    assert states[-1].to_move is Seat.E


def test_state_at_counts_from_the_deal_and_from_the_end() -> None:
    record = loads(HEADER + "\n" + ACTIONS)
    n = len(record)
    assert n == 11
    assert record.state_at(0).log == ()
    assert record.state_at(0).phase is Phase.AUCTION
    assert record.state_at(5).phase is Phase.TRUMP
    assert record.state_at(n).log == record.actions
    assert record.state_at(-1).log == record.actions
    assert record.state_at(-2).log == record.actions[:-1]
    assert record.state_at(-n - 1).log == ()
    assert record.final_state().log == record.actions
    assert record.final_state().tricks[0].winner is Seat.E


@pytest.mark.parametrize("step", [12, 100, -13, -100])
def test_state_at_out_of_range(step: int) -> None:
    record = loads(HEADER + "\n" + ACTIONS)
    with pytest.raises(RecordError) as info:
        record.state_at(step)
    assert str(info.value) == (
        f"step {step} is outside the record: steps go from 0 (the deal) to 11"
    )


@pytest.mark.parametrize("step", ["1", 1.0, None])
def test_state_at_wants_a_whole_number(step: object) -> None:
    record = loads(HEADER + "\n" + ACTIONS)
    with pytest.raises(RecordError, match="is outside the record"):
        record.state_at(step)  # type: ignore[arg-type]


def test_states_from_a_record_are_copies() -> None:
    record = loads(HEADER + "\n" + ACTIONS)
    state = record.state_at(7)
    state.apply(state.legal_actions()[0])
    assert record.state_at(7).log == record.actions[:7]
    for s in record.replay():
        if not s.is_over:
            s.apply(s.legal_actions()[0])
    assert [len(s.log) for s in record.replay()] == list(range(12))


# --- validation errors -------------------------------------------------------------------


def refused(text: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        loads(text)
    assert isinstance(info.value, ValueError)
    return info.value


def test_an_illegal_play_names_the_line_and_the_rule() -> None:
    text = HEADER + "\n" + ACTIONS.replace("S play 10♠", "S play Q♥")
    error = refused(text)
    line = body_line(text, "S play Q♥")
    assert error.line == line == 20
    assert error.rule == "follow suit"
    assert str(error) == (
        "line 20: S play Q♥ breaks the rules: S must follow spades (holds Q♠, J♠, 10♠): "
        "Q♥ is not allowed [rule: follow suit]"
    )


def test_a_bid_too_low_names_the_line_and_the_rule() -> None:
    text = HEADER + "\n" + ACTIONS.replace("E bid 4", "E bid 3")
    error = refused(text)
    assert error.line == 12
    assert error.rule == "bidding"
    assert str(error) == (
        "line 12: E bid 3 breaks the rules: East cannot bid 3: the high bid is 3 by North, "
        "and each bid must be higher than the last [rule: bidding]"
    )


def test_a_bid_outside_the_scale() -> None:
    error = refused(HEADER + "\n" + ACTIONS.replace("E bid 4", "E bid big-pepper"))
    assert error.line == 12 and error.rule == "bidding scale"
    assert "East cannot bid Big Pepper: it exists only with the pepper bidding" in str(error)


def test_an_action_out_of_turn() -> None:
    error = refused(HEADER + "\n" + ACTIONS.replace("S pass\nW pass", "W pass\nS pass"))
    assert error.line == 13 and error.rule == "turn order"
    assert "it is South's turn to bid, not West's" in str(error)


def test_an_action_after_the_hand_is_over() -> None:
    text = (DATA / "thrown-in.hand").read_text(encoding="utf-8") + "W bid 3\n"
    error = refused(text)
    assert error.line == len(text.splitlines())
    assert error.rule == "order of play"
    assert "West cannot bid now: the hand was thrown in after all four passed" in str(error)


def test_an_unknown_field() -> None:
    error = refused(HEADER.replace("dealer: W\n", "dealer: W\nvenue: the club\n"))
    assert error.line == 5
    assert str(error) == (
        "line 5: unknown field 'venue': the fields are title, point, rules, dealer, score, "
        "N, E, S, W, widow, note"
    )


def test_a_field_given_twice() -> None:
    error = refused(HEADER.replace("dealer: W\n", "dealer: W\ndealer: N\n"))
    assert error.line == 5
    assert str(error) == "line 5: the field 'dealer' is given twice"


def test_a_duplicate_card_within_a_hand() -> None:
    error = refused(HEADER.replace("N: JK A♠ K♠ 10♥ 9♦ Q♣", "N: JK A♠ K♠ 10♥ 9♦ A♠"))
    assert error.line == 5 and error.rule == "the deck"
    assert str(error) == "line 5: A♠ is listed twice: the deck has one of each card"


def test_a_duplicate_card_across_hands_names_the_second_line() -> None:
    error = refused(HEADER.replace("S: J♠ Q♠ 10♠ Q♥ A♦ K♣", "S: J♠ Q♠ 10♠ Q♥ A♦ A♥"))
    assert error.line == 7 and error.rule == "the deck"
    assert str(error) == "line 7: A♥ is listed twice in the deal: the deck has one of each card"


def test_the_widow_duplicating_a_dealt_card() -> None:
    error = refused(HEADER.replace("widow: J♥", "widow: JK"))
    assert error.line == 9 and error.rule == "the deck"
    assert "JK is listed twice in the deal" in str(error)


def test_a_hand_of_the_wrong_size() -> None:
    error = refused(HEADER.replace("W: J♣ 9♣ K♦ Q♦ A♣ 10♣", "W: J♣ 9♣ K♦ Q♦ A♣"))
    assert error.line == 8 and error.rule == "the deal"
    assert str(error) == "line 8: W has 5 cards (J♣ 9♣ K♦ Q♦ A♣): each player is dealt six cards"


@pytest.mark.parametrize("missing", ["N", "E", "S", "W"])
def test_a_missing_hand(missing: str) -> None:
    lines = [line for line in HEADER.splitlines() if not line.startswith(f"{missing}:")]
    error = refused("\n".join(lines) + "\n")
    assert str(error) == (
        f"the record has no '{missing}:' hand: a record gives the dealer, the four hands "
        "and the widow"
    )


@pytest.mark.parametrize("missing", ["dealer", "widow"])
def test_a_missing_field(missing: str) -> None:
    lines = [line for line in HEADER.splitlines() if not line.startswith(f"{missing}:")]
    error = refused("\n".join(lines) + "\n")
    assert f"the record has no '{missing}:' field" in str(error)


def test_an_unclosed_note_at_the_end() -> None:
    text = HEADER + "\n" + ACTIONS.replace("W play 9♣", "W play 9♣ {West has no spades")
    error = refused(text)
    assert error.line == body_line(text, "{West")
    assert str(error) == f"line {error.line}: a note opened with '{{' is never closed with '}}'"


def test_an_unclosed_note_before_the_next_note() -> None:
    text = (
        HEADER
        + "\n"
        + ACTIONS.replace("E bid 4", "E bid 4 {East counts on the hearts.").replace(
            "E trump ♥", "E trump ♥ {Hearts.}"
        )
    )
    error = refused(text)
    assert error.line == 12
    assert str(error) == (
        "line 12: a note opened with '{' is not closed with '}' before the '{' on line 16 "
        "(write \\{ for a brace inside a note)"
    )


def test_a_note_needs_an_action() -> None:
    error = refused(HEADER + "\n{A note with no action.}\n" + ACTIONS)
    assert error.line == 11
    assert "a note in braces must follow an action" in str(error)


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        ("dealer: W", "dealer: X", 4, "'X' is not a seat"),
        ("widow: J♥", "widow: 8♥", 9, "'8♥' is not a card: the deck has no 8"),
        ("rules: seed", "rules: seed; pepper=yes", 3, "rules: unknown rule option 'pepper'"),
        ("rules: seed", "rules: euchre", 3, "rules: unknown rule set 'euchre'"),
        (
            "rules: seed",
            "rules: seed; target=0",
            3,
            "target (the score that wins the game) must be a whole number",
        ),
    ],
)
def test_bad_header_values_name_their_line(old: str, new: str, line: int, message: str) -> None:
    error = refused(HEADER.replace(old, new))
    assert error.line == line
    assert message in str(error)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("S passes", "'S passes' is not an action: the verb must be one of"),
        ("S bid", "'S bid': 'bid' takes exactly one argument"),
        ("X pass", "'X' is not a seat"),
        ("S play 8♠", "'8♠' is not a card"),
    ],
)
def test_bad_action_text_names_its_line(action: str, message: str) -> None:
    text = HEADER + "\n" + ACTIONS.replace("S pass", action)
    error = refused(text)
    assert error.line == 13
    assert message in str(error)


def test_a_record_must_be_text() -> None:
    with pytest.raises(RecordError, match="a record is text, got bytes"):
        loads(b"dealer: N")  # type: ignore[arg-type]


def test_hand_record_checks_its_moves() -> None:
    record = loads(HEADER + "\n" + ACTIONS)
    bad = (*record.moves[:7], Move(Play(Seat.E, parse_card("K♥"))))
    with pytest.raises(RecordError) as info:
        HandRecord(rules=record.rules, dealer=record.dealer, deal=record.deal, moves=bad)
    assert info.value.line is None and info.value.rule == "turn order"
    assert str(info.value).startswith("action 8 (E play K♥) breaks the rules: it is North's turn")


def test_from_state_needs_a_dealt_hand() -> None:
    with pytest.raises(RecordError, match="the hand has not been dealt"):
        HandRecord.from_state(HandState())


# --- every mistake at once ------------------------------------------------------------------


def mistakes(text: str) -> list[tuple[int | None, str | None]]:
    """The line and rule of every mistake ``loads`` finds in ``text``, checking the error."""
    error = refused(text)
    assert error.errors, "a refused record names at least one mistake"
    first = error.errors[0]
    assert (str(error), error.line, error.rule) == (str(first), first.line, first.rule)
    for each in error.errors:
        assert type(each) is RecordError and each.errors == (each,)
    return [(each.line, each.rule) for each in error.errors]


def test_three_independent_mistakes_are_all_reported_in_line_order() -> None:
    text = (
        HEADER.replace("dealer: W\n", "dealer: W\nscore: three to seven\n")
        + "\n"
        + ACTIONS.replace("E bid 4", "E bid 3").replace("E play J♦", "E plays J♦")
    )
    score, bid, play = (body_line(text, s) for s in ("score:", "E bid 3", "E plays"))
    assert (score, bid, play) == (5, 13, 20)
    error = refused(text)
    assert [(e.line, e.rule) for e in error.errors] == [(5, None), (13, "bidding"), (20, None)]
    assert mistakes(text) == [(5, None), (13, "bidding"), (20, None)]
    assert str(error) == "line 5: score 'three to seven': write it as 'NS 3, EW 7'"
    assert str(error.errors[1]).startswith("line 13: E bid 3 breaks the rules: East cannot bid 3")
    assert str(error.errors[2]).startswith("line 20: 'E plays J♦' is not an action")


def test_every_header_mistake_is_reported_and_missing_fields_come_last() -> None:
    text = (
        HEADER.replace("dealer: W", "dealer: X")
        .replace("N: JK A♠", "N: JK AX")
        .replace("S: J♠ Q♠ 10♠ Q♥ A♦ K♣", "S: J♠ Q♠ 10♠ Q♥ A♦ A♥")
        .replace("widow: J♥\n", "venue: the club\nN: JK\n")
        + "\n"
        + ACTIONS
    )
    assert mistakes(text) == [
        (4, None),  # 'X' is not a seat
        (5, None),  # 'AX' is not a card
        (7, "the deck"),  # A♥ is E's too
        (9, None),  # unknown field 'venue'
        (10, None),  # N given twice
        (None, None),  # no widow
    ]
    error = refused(text)
    assert (
        str(error) == "line 4: 'X' is not a seat: seats are N, E, S, W (North, East, South, West)"
    )
    assert str(error.errors[-1]).startswith("the record has no 'widow:' field")


def test_a_valid_record_still_loads() -> None:
    record = loads(HEADER + "\n" + ACTIONS)
    assert len(record) == 11 and record.final_state().tricks[0].winner is Seat.E
    assert loads(dumps(record)) == record


def test_one_mistake_is_a_list_of_one() -> None:
    text = HEADER + "\n" + ACTIONS.replace("S play 10♠", "S play Q♥")
    assert mistakes(text) == [(20, "follow suit")]
    single = RecordError("bad", line=3, rule="x")
    assert single.errors == (single,)
    assert RecordError("bad").errors[0].line is None


def test_an_illegal_action_then_a_broken_line_reports_both_but_no_echo() -> None:
    text = HEADER + "\n" + ACTIONS.replace("E bid 4", "E bid 3").replace("N play A♠", "N play A")
    # After the refused bid the passes and E's trump look legal, yet checked against the
    # hand as it stands (E still to bid) the rules would refuse them: they are not reported.
    assert mistakes(text) == [(12, "bidding"), (18, None)]
    error = refused(text)
    assert "'A' is not a card" in str(error.errors[1])


def test_a_broken_line_stops_the_rules_check_but_not_the_reading() -> None:
    # Without 'S pass', W's pass would be out of turn: the missing action is not blamed on W.
    text = HEADER + "\n" + ACTIONS.replace("S pass", "S passes").replace("W play 9♣", "W plays 9♣")
    assert mistakes(text) == [(13, None), (21, None)]


def test_a_bad_deal_checks_only_the_spelling_of_the_actions() -> None:
    text = (
        HEADER.replace("widow: J♥", "widow: JK")
        + "\n"
        + ACTIONS.replace("S play 10♠", "S play Q♥").replace("E trump ♥", "E trump X")
    )
    assert mistakes(text) == [(9, "the deck"), (16, None)]


def test_a_hand_with_a_mistake_is_left_out_of_the_duplicate_check() -> None:
    # N lists E's A♥ as a seventh card: the size is the mistake, E is not blamed for A♥.
    text = HEADER.replace("N: JK A♠ K♠ 10♥ 9♦ Q♣", "N: JK A♠ K♠ 10♥ 9♦ Q♣ A♥")
    assert mistakes(text) == [(5, "the deal")]
    # A card listed twice in two readable hands is blamed on the later line, even when
    # that line is the hand's only mistake; the lines after it are still checked.
    text = HEADER.replace("E: A♥", "E: JK").replace("W: J♣", "W: A♠")
    assert mistakes(text) == [(6, "the deck"), (8, "the deck")]


def test_a_lost_colon_does_not_make_the_next_fields_actions() -> None:
    text = HEADER.replace("N: JK", "N JK") + "\n" + ACTIONS
    error = refused(text)
    # The hand the line meant to give is not reported missing as well.
    assert [(e.line, e.rule) for e in error.errors] == [(5, None)]
    assert str(error) == (
        "line 5: 'N JK A♠ K♠ 10♥ 9♦ Q♣' is not a field: the colon is missing; did you mean "
        "'N: JK A♠ K♠ 10♥ 9♦ Q♣'?"
    )


def test_the_actions_may_still_follow_the_header_without_a_blank_line() -> None:
    text = HEADER + ACTIONS.replace("N bid 3", "N bdi 3")
    assert mistakes(text) == [(10, None)]
    assert "'N bdi 3' is not an action" in str(refused(text))


def test_an_unknown_field_may_be_the_rules_misspelt() -> None:
    # 'rule:' is unknown, so the rules are in doubt: a Big Pepper bid is not checked.
    text = HEADER.replace("rules: seed", "rule: seed-pepper") + "\n" + "N bid big-pepper\n"
    assert mistakes(text) == [(3, None)]


def test_a_note_without_an_action_does_not_stop_the_reading() -> None:
    text = HEADER + "\n{A note with no action.}\n" + ACTIONS.replace("E bid 4", "E bid 3")
    assert mistakes(text) == [(11, None), (13, "bidding")]


def test_a_note_never_closed_ends_the_reading() -> None:
    text = HEADER + "\n" + ACTIONS.replace("E bid 4", "E bid 4 {open").replace("S pass", "S x")
    assert mistakes(text) == [(12, None)]


def test_the_number_of_mistakes_is_capped() -> None:
    text = HEADER + "\n" + "S passes\n" * (MAX_ERRORS + 30)
    error = refused(text)
    assert len(error.errors) == MAX_ERRORS
    assert [e.line for e in error.errors] == list(range(11, 11 + MAX_ERRORS))
    # A header cut short by the cap names no missing field: it may lie further down.
    text = "".join(f"venue{i}: x\n" for i in range(MAX_ERRORS * 2)) + HEADER
    error = refused(text)
    assert len(error.errors) == MAX_ERRORS
    assert [e.line for e in error.errors] == list(range(1, MAX_ERRORS + 1))


def test_a_record_error_with_its_mistakes_pickles() -> None:
    error = refused(HEADER.replace("dealer: W", "dealer: X").replace("widow: J♥", "widow: 8♥"))
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is RecordError
    assert (str(again), again.line, again.rule) == (str(error), error.line, error.rule)
    assert [str(e) for e in again.errors] == [str(e) for e in error.errors]
    assert len(again.errors) == 2
