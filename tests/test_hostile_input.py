"""Hostile input to the engine's parsers and value types (issue 12, the engine's part).

Each test is named after what it protects. Text that is too long is refused before any
work is done on it; numbers are bounded; malformed records name their line; value types
refuse a bad argument where it is given; every malformed input raises the engine's own
error, never one of Python's. The last tests check that each parser's time grows
linearly with its input.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hasenpfeffer_core import (
    JOKER,
    Bid,
    Card,
    Deal,
    Game,
    HandRecord,
    HandState,
    HasenpfefferError,
    InvalidDataError,
    Move,
    ParseError,
    Pass,
    RecordError,
    Rules,
    Seat,
    bid_name,
    deal_cards,
    dumps,
    load,
    loads,
    parse_action,
    parse_card,
    parse_cards,
    parse_seat,
    parse_side,
    parse_suit,
    parse_trump,
)
from hasenpfeffer_core.engine import cards, record
from hasenpfeffer_core.engine.errors import (
    MAX_ACTION_CHARS,
    MAX_CARDS_CHARS,
    MAX_RULES_CHARS,
    MAX_WORD_CHARS,
)
from hasenpfeffer_core.engine.record import MAX_ERRORS, MAX_RECORD_CHARS, MAX_SCORE

HEADER = """\
rules: seed
dealer: W
N: JK A♠ K♠ 10♥ 9♦ Q♣
E: A♥ K♥ 9♥ J♦ 10♦ 9♠
S: J♠ Q♠ 10♠ Q♥ A♦ K♣
W: J♣ 9♣ K♦ Q♦ A♣ 10♣
widow: J♥
"""
# Line 9 is the first action: the header has 7 lines, then a blank line.
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
"""
RECORD = HEADER + "\n" + ACTIONS


def line_of(text: str, needle: str) -> int:
    """The 1-based number of the first line of ``text`` holding ``needle``."""
    for number, line in enumerate(text.split("\n"), start=1):
        if needle in line:
            return number
    raise AssertionError(needle)


def refused(text: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        loads(text)
    assert type(info.value) is RecordError
    return info.value


# --- too long: refused at once, saying the limit ------------------------------------------

LONG = "a" * 100_000 + "1"

TOKEN_PARSERS: list[tuple[str, Callable[[str], object], int, str]] = [
    ("parse_card", parse_card, MAX_WORD_CHARS, "a card"),
    ("Card", Card, MAX_WORD_CHARS, "a card"),
    ("parse_suit", parse_suit, MAX_WORD_CHARS, "a suit"),
    ("parse_trump", parse_trump, MAX_WORD_CHARS, "a trump"),
    ("parse_seat", parse_seat, MAX_WORD_CHARS, "a seat"),
    ("parse_side", parse_side, MAX_WORD_CHARS, "a partnership"),
    ("parse_action", parse_action, MAX_ACTION_CHARS, "an action"),
    ("parse_cards", parse_cards, MAX_CARDS_CHARS, "a list of cards"),
    ("Rules.parse", Rules.parse, MAX_RULES_CHARS, "a rules text"),
]


@pytest.mark.parametrize(
    ("call", "limit", "what"), [p[1:] for p in TOKEN_PARSERS], ids=[p[0] for p in TOKEN_PARSERS]
)
def test_an_over_long_token_is_refused_saying_the_limit(
    call: Callable[[str], object], limit: int, what: str
) -> None:
    with pytest.raises(ParseError) as info:
        call(LONG)
    message = str(info.value)
    assert type(info.value) is ParseError
    assert f"is not {what}: it is 100,001 characters long" in message
    assert f"{what} is at most {limit:,} characters" in message
    assert len(message) < 250, "the message shows the start of the text, not all of it"
    # Text at the limit is read as usual (and refused for what it says).
    with pytest.raises(HasenpfefferError) as info:
        call("x" * limit)
    assert f"{what} is at most" not in str(info.value)


def test_a_card_of_letters_then_a_digit_is_refused_at_once() -> None:
    # The old pattern backtracked on this: seconds for 32,000 characters.
    with pytest.raises(ParseError, match="a card is at most 40 characters"):
        parse_card("a" * 32_000 + "1")


def test_a_record_longer_than_the_limit_is_refused_before_it_is_read() -> None:
    text = RECORD + "#" + "x" * (MAX_RECORD_CHARS - len(RECORD))
    error = refused(text)
    assert str(error) == (
        "the record is too long: 1,000,001 characters or more, and a record has at most 1,000,000"
    )
    assert error.line is None


def test_a_record_just_under_the_limit_is_read() -> None:
    text = RECORD + "# " + "x" * (MAX_RECORD_CHARS - len(RECORD) - 3) + "\n"
    assert len(text) == MAX_RECORD_CHARS
    assert len(loads(text)) == 10


class EndlessFile:
    """A text file that never ends, counting what it hands out."""

    def __init__(self, unit: str) -> None:
        self.unit = unit
        self.given = 0

    def read(self, size: int = -1) -> str:
        assert size >= 0, "load() must ask for a bounded amount"
        self.given += size
        return (self.unit * (size // len(self.unit) + 1))[:size]


def test_load_reads_at_most_one_character_past_the_limit_from_a_file() -> None:
    endless = EndlessFile("N pass\n")
    with pytest.raises(RecordError, match="the record is too long"):
        load(endless)  # type: ignore[arg-type]
    assert endless.given == MAX_RECORD_CHARS + 1


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_load_of_dev_zero_fails_fast() -> None:
    with pytest.raises(RecordError, match="the record is too long"):
        load("/dev/zero")


def test_load_refuses_a_file_that_is_not_utf8_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.hand"
    text = RECORD.replace("S pass", "S pass {Très bien}")
    path.write_bytes(text.encode("utf-8").replace("è".encode(), "è".encode("latin-1")))
    with pytest.raises(RecordError) as info:
        load(path)
    assert info.value.line == line_of(RECORD, "S pass")
    assert "the file is not UTF-8 text" in str(info.value)
    # A text file opened with the wrong encoding by the caller is refused the same way.
    with path.open(encoding="utf-8") as f, pytest.raises(RecordError, match="not UTF-8"):
        load(f)


def test_load_reads_a_file_opened_in_binary_mode(tmp_path: Path) -> None:
    path = tmp_path / "hand.hand"
    path.write_text(RECORD, encoding="utf-8")
    with path.open("rb") as f:
        assert load(f) == loads(RECORD)  # type: ignore[arg-type]


# --- numbers ------------------------------------------------------------------------------


def test_a_bid_of_thousands_of_digits_is_refused_with_its_line() -> None:
    # Python refuses to read more than 4,300 digits with a bare ValueError.
    text = RECORD.replace("E bid 4", "E bid " + "9" * 5000)
    error = refused(text)
    assert error.line == line_of(text, "E bid")
    assert "is not an action: it is 5,006 characters long" in str(error)
    with pytest.raises(ParseError) as info:
        parse_action("E bid 999")
    assert str(info.value) == (
        "'E bid 999': a bid is a number of tricks from 1 to 6, little-pepper or big-pepper"
    )
    assert info.value.rule == "bidding scale"


def test_a_bid_outside_the_scale_in_a_record_names_its_line() -> None:
    text = RECORD.replace("E bid 4", "E bid 99")
    error = refused(text)
    assert (error.line, error.rule) == (line_of(text, "E bid 99"), "bidding scale")
    assert "East cannot bid 99: bids are 1 to 6" in str(error)


@pytest.mark.parametrize(
    ("score", "message"),
    [
        ("NS " + "1" * 5000 + ", EW 2", "the score of NS is too large"),
        ("NS 1, EW -" + "9" * 5000, "the score of EW is too large"),
        (f"NS {MAX_SCORE + 1}, EW 0", "the score of NS is too large"),
        ("NS 1" + " " * 50_000 + "x", "write it as 'NS 3, EW 7'"),
    ],
    ids=["5000-digits", "negative-5000-digits", "over-the-bound", "spaces"],
)
def test_a_score_out_of_bounds_names_its_line_and_field(score: str, message: str) -> None:
    text = HEADER.replace("dealer: W\n", f"dealer: W\nscore: {score}\n")
    error = refused(text)
    assert error.line == 3
    assert str(error).startswith("line 3: score '")
    assert message in str(error)
    assert len(str(error)) < 300


def test_scores_at_the_bounds_are_read() -> None:
    text = HEADER.replace("dealer: W\n", f"dealer: W\nscore: NS -{MAX_SCORE}, EW {MAX_SCORE}\n")
    rec = loads(text)
    assert rec.score == (-MAX_SCORE, MAX_SCORE)
    assert loads(dumps(rec)) == rec


@pytest.mark.parametrize(
    ("rules", "kind", "message"),
    [
        ("seed; target=" + "1" * 5000, ParseError, "is not a rules text: it is 5,013 characters"),
        ("seed; target=1234567", ParseError, "too many digits: target is a whole number from 1"),
        (
            "seed; target=1001",
            InvalidDataError,
            "target (the score that wins the game) must be a whole number from 1 to",
        ),
        ("seed; lone_multiplier=11", InvalidDataError, "from 1 to 10, got 11"),
        ("seed; target=١٠", ParseError, "expected a whole number"),  # Arabic-Indic digits
    ],
)
def test_rules_numbers_are_bounded(rules: str, kind: type, message: str) -> None:
    with pytest.raises(HasenpfefferError) as info:
        Rules.parse(rules)
    assert type(info.value) is kind
    assert message in str(info.value)
    error = refused(HEADER.replace("rules: seed", f"rules: {rules}"))
    assert error.line == 1 and message in str(error)


def test_huge_integers_in_value_types_are_refused_with_a_short_message() -> None:
    huge = 10**5000
    calls: list[Callable[[], object]] = [
        lambda: Rules(target=huge),
        lambda: Bid(Seat.N, huge),
        lambda: Bid(Seat.N, -huge),
        lambda: bid_name(huge, False, Rules()),
        lambda: HandState.new().apply(huge),  # type: ignore[arg-type]
        lambda: parse_seat(huge),  # type: ignore[arg-type]
        lambda: parse_trump(huge),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(HasenpfefferError) as info:
            call()
        assert "a number of about 5,000 digits" in str(info.value)
        assert len(str(info.value)) < 300


# --- records --------------------------------------------------------------------------------


def test_an_error_after_a_backslash_newline_in_a_note_names_the_right_line() -> None:
    text = RECORD.replace("E bid 4", "E bid 4 {East counts \\\non the hearts.}").replace(
        "S play 10♠", "S play 10"
    )
    error = refused(text)
    assert error.line == line_of(text, "S play 10") == 19
    assert str(error).startswith("line 19: '10' is not a card")
    # The note itself reads as one line.
    good = loads(RECORD.replace("E bid 4", "E bid 4 {East counts \\\non the hearts.}"))
    assert good.moves[1].note == "East counts on the hearts."


def test_two_actions_on_one_line_are_refused_with_their_line() -> None:
    text = RECORD.replace("S pass\nW pass", "S pass {x} W pass")
    error = refused(text)
    line = line_of(text, "S pass {x} W pass")
    # The lost W pass is not echoed as N passing out of turn on the next line.
    assert [(e.line, e.rule) for e in error.errors] == [(line, None)]
    assert str(error) == (
        f"line {line}: 'W pass' follows a note on the same line: write one action to a line"
    )


def test_a_comment_may_follow_a_note_on_its_line() -> None:
    text = RECORD.replace("S pass", "S pass {x} # a comment")
    assert loads(text).moves[2].note == "x"


def test_a_byte_order_mark_at_the_start_is_ignored(tmp_path: Path) -> None:
    assert loads("\ufeff" + RECORD) == loads(RECORD)
    path = tmp_path / "bom.hand"
    path.write_text(RECORD, encoding="utf-8-sig")
    assert load(path) == loads(RECORD)


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        ("dealer: W", "dealer W", 2, "'dealer W' is not a field: the colon is missing; did you "
         "mean 'dealer: W'?"),
        ("widow: J♥", "widow J♥", 7, "'widow J♥' is not a field: the colon is missing; did you "
         "mean 'widow: J♥'?"),
        ("dealer: W", "dealr: W", 2, "unknown field 'dealr': did you mean 'dealer:'? the fields "
         "are title, point, rules, dealer, score, N, E, S, W, widow, note"),
        ("dealer: W", "Dealer : W\ndealer W", 3, "'dealer W' is not a field"),
        ("N: JK", "North: JK", 3, "unknown field 'North': did you mean 'N:'?"),
    ],
)  # fmt: skip
def test_a_header_typo_is_reported_at_its_line(old: str, new: str, line: int, message: str) -> None:
    text = HEADER.replace(old, new) + "\n" + ACTIONS
    error = refused(text)
    assert error.line == line
    assert str(error).startswith(f"line {line}: {message}")
    # The field the line meant to give is not reported missing as well.
    assert all(e.line is not None for e in error.errors), [str(e) for e in error.errors]


def test_a_seat_line_that_is_an_action_is_not_taken_for_a_hand() -> None:
    text = HEADER + ACTIONS.replace("N bid 3", "N bdi 3")
    assert "'N bdi 3' is not an action" in str(refused(text))


def test_only_real_line_breaks_count_as_lines() -> None:
    # Python's splitlines() also breaks at these; an editor does not.
    for odd in ("\u2028", "\x0c", "\x1c", "\x85"):
        text = RECORD.replace("E bid 4", f"E bid 4 {{one{odd}two}}").replace(
            "S play 10♠", "S play 10"
        )
        error = refused(text)
        assert error.line == line_of(text, "S play 10"), repr(odd)
        assert loads(RECORD.replace("E bid 4", f"E bid 4 {{one{odd}two}}")).moves[1].note == (
            "one two"
        )


def test_old_mac_line_breaks_are_line_breaks() -> None:
    assert loads(RECORD.replace("\n", "\r")) == loads(RECORD)


def test_deep_braces_in_a_note_are_one_mistake() -> None:
    text = HEADER + "\nN bid 3 " + "{" * 10_000 + "\n" + ACTIONS
    error = refused(text)
    assert [(e.line, e.rule) for e in error.errors] == [(9, None)]
    assert "is not closed with '}' before the '{' on line 9" in str(error)


def test_new_mistakes_are_collected_with_the_others() -> None:
    text = (
        HEADER.replace("dealer: W", "dealer: W\nscore: NS 99999, EW 0").replace("rules:", "rule:")
        + "\n"
        + ACTIONS.replace("S pass", "S pass {x} W pass").replace("N play A♠", "N play " + LONG)
    )
    error = refused(text)
    assert [e.line for e in error.errors] == [1, 3, 12, 17]
    assert "did you mean 'rules:'?" in str(error.errors[0])
    assert "too large" in str(error.errors[1])
    assert "follows a note" in str(error.errors[2])
    assert "characters long" in str(error.errors[3])


def test_the_number_of_mistakes_is_still_capped() -> None:
    text = HEADER + "\n" + "S pass {x} W pass\n" * (MAX_ERRORS * 3)
    assert len(refused(text).errors) == MAX_ERRORS


# --- value types check their arguments when made -------------------------------------------


def good_fields() -> dict[str, Any]:
    rec = loads(RECORD)
    return {f.name: getattr(rec, f.name) for f in dataclasses.fields(rec) if f.init}


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("score", (1,), "a record's score is a pair of whole numbers (NS, EW) or None, got (1,)"),
        ("score", "NS 1, EW 2", "a record's score is a pair of whole numbers (NS, EW) or None, "
         "got 'NS 1, EW 2'"),
        ("score", (True, 2), "a record's score is a pair of whole numbers"),
        ("score", (1.0, 2), "a record's score is a pair of whole numbers"),
        ("score", (MAX_SCORE + 1, 0), "a record's score for NS is 10001: a score is between "
         "-10,000 and 10,000"),
        ("notes", "abc", "a record's notes are a tuple of paragraphs, not one text: write "
         "notes=('abc',)"),
        ("notes", ("fine", 5), "each note is text, got 5"),
        ("notes", 5, "a record's notes are a tuple of paragraphs, got 5"),
        ("title", 5, "a record's title is text, got 5"),
        ("point", None, "a record's point is text, got None"),
        ("rules", "seed", "a record's rules are a Rules value, got 'seed'"),
        ("dealer", "W", "a record's dealer is a Seat, got 'W'"),
        ("deal", "JK A♠", "a record's deal is a Deal, got 'JK A♠'"),
        ("moves", "N bid 3", "a record's moves are a tuple of Move values (an action and its "
         "note), got 'N bid 3'"),
        ("moves", (Pass(Seat.N),), "a record's moves are Move values (an action and its note): "
         "move 1 is Pass(seat=Seat.N)"),
    ],
)  # fmt: skip
def test_hand_record_refuses_a_bad_argument_where_it_is_made(
    field: str, value: object, message: str
) -> None:
    with pytest.raises(InvalidDataError) as info:
        HandRecord(**{**good_fields(), field: value})
    assert str(info.value).startswith(message)


def test_hand_record_takes_lists_as_tuples_and_round_trips() -> None:
    fields = good_fields()
    rec = HandRecord(
        **{
            **fields,
            "moves": list(fields["moves"]),
            "notes": ["One.", "  ", "Two."],
            "score": [3, -4],
            "deal": Deal([list(h) for h in fields["deal"].hands], fields["deal"].widow),  # type: ignore[arg-type]
        }
    )
    assert rec.moves == fields["moves"] and rec.notes == ("One.", "Two.") and rec.score == (3, -4)
    assert rec.deal == fields["deal"]
    assert loads(dumps(rec)) == rec


def test_move_refuses_what_is_not_an_action_or_a_note() -> None:
    with pytest.raises(InvalidDataError, match="a move's action is a Bid, Pass"):
        Move("N pass")  # type: ignore[arg-type]
    with pytest.raises(InvalidDataError, match="a move's note is text, got 5"):
        Move(Pass(Seat.N), 5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Rules(base=5), "Rules.base names a preset"),
        (
            lambda: Rules(target=1001),
            "target (the score that wins the game) must be a whole number from 1 to 1,000",
        ),
        (lambda: Rules(big_pepper_multiplier=100), "from 1 to 10, got 100"),
        (lambda: Rules(widow="sometimes"), "rule option widow='sometimes': expected yes or no"),
        (lambda: Rules(target="+" * 2000), "is not a rules text"),
        (lambda: Deal(deal_cards(1).hands, "JK"), "got the widow 'JK'"),
        (lambda: Deal("JK " * 8, JOKER), "a Deal holds four hands"),
        (lambda: deal_cards(1.5), "the deal is shuffled from a whole number"),
        (lambda: Game(seed=float("inf")), "the game is shuffled from a whole number"),
        (lambda: Game(seed="abc"), "the game is shuffled from a whole number"),
        (lambda: bid_name(3, "no", Rules()), "big (Big Pepper) is True or False"),
    ],
)
def test_value_types_refuse_bad_values(make: Callable[[], object], message: str) -> None:
    with pytest.raises(HasenpfefferError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make()


def test_a_deal_made_of_lists_equals_the_same_deal_of_tuples() -> None:
    deal = deal_cards(5)
    again = Deal([list(h) for h in deal.hands], deal.widow)  # type: ignore[arg-type]
    assert again == deal and isinstance(again.hands[0], tuple)


def test_an_endless_list_of_cards_stops_at_the_first_card_listed_twice() -> None:
    def endless() -> Any:
        while True:
            yield "JH"

    with pytest.raises(InvalidDataError, match="J♥ is listed twice"):
        parse_cards(endless())


# --- only the engine's own errors ------------------------------------------------------------

PARSERS: list[Callable[[str], object]] = [
    parse_card,
    parse_cards,
    parse_suit,
    parse_trump,
    parse_seat,
    parse_side,
    parse_action,
    Rules.parse,
    loads,
    lambda text: Rules(target=text),  # type: ignore[arg-type]
    lambda text: HandState.from_hands({"N": text}, "JH"),
]
HOSTILE = [
    "9" * 5000, "{" * 300, "\\" * 30, "\\\n", "\ufeff", "\x00", "\x1b[2J", "\u2028", "\r",
    "١٠", "²", "-0", "+", "10", " of ", ":", "#", ",", ";", "=", "♥️", "🃏", "ﬀ", "İ",
]  # fmt: skip
LINES = RECORD.split("\n")


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.one_of(st.sampled_from(HOSTILE), st.text(max_size=8)), min_size=1, max_size=6).map(
        "".join
    )
)
def test_hostile_text_raises_only_the_engines_own_errors(text: str) -> None:
    for parse in PARSERS:
        with contextlib.suppress(HasenpfefferError):
            parse(text)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_mutated_records_raise_only_record_errors(data: st.DataObject) -> None:
    lines = list(LINES)
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(lines) - 1))
        pos = data.draw(st.integers(0, len(lines[i])))
        junk = data.draw(st.one_of(st.sampled_from(HOSTILE), st.text(max_size=4)))
        lines[i] = lines[i][:pos] + junk + lines[i][pos:]
    text = "\n".join(lines)
    try:
        rec = loads(text)
    except RecordError as error:
        assert str(error) and all(e.line is None or e.line >= 1 for e in error.errors)
        return
    assert loads(dumps(rec)) == rec


@pytest.mark.parametrize(
    "value",
    [None, 7, 10**5000, 1.5, float("nan"), b"JH", ["JH"], object()],
    ids=["None", "7", "huge", "1.5", "nan", "bytes", "list", "object"],
)
def test_values_that_are_not_text_raise_the_engines_own_errors(value: object) -> None:
    for parse in [*PARSERS, Card, load]:
        if value is None and parse is parse_trump:
            continue  # None is no trump
        with contextlib.suppress(HasenpfefferError):
            parse(value)  # type: ignore[arg-type]


# --- time grows linearly ---------------------------------------------------------------------


def best_of_3(call: Callable[[str], object], text: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        with contextlib.suppress(HasenpfefferError):
            call(text)
        best = min(best, time.perf_counter() - start)
    return best


def repeat_to(unit: str, n: int) -> str:
    return (unit * (n // len(unit) + 1))[:n]


def in_record(body: str) -> str:
    return HEADER + "\n" + body


# (name, parser, input of size n, n): n and 16 n are under the parser's size limit. The
# scanning functions behind the parsers with short limits are timed without the limit.
LINEAR_CASES: list[tuple[str, Callable[[str], object], Callable[[int], str], int]] = [
    ("parse_card a*n+1", parse_card, lambda n: "a" * n + "1", 2),
    ("parse_suit spaces", parse_suit, lambda n: "h" + " " * n + "x", 2),
    ("parse_trump spaces", parse_trump, lambda n: "no" + " " * n + "trumps", 2),
    ("parse_seat", parse_seat, lambda n: "n" * n, 2),
    ("parse_side", parse_side, lambda n: "N" + "-" * n + "S", 2),
    ("parse_action digits", parse_action, lambda n: "N bid " + "9" * n, 5),
    ("parse_action spaces", parse_action, lambda n: "N" + " " * n + "pass x", 5),
    ("parse_cards separators", parse_cards, lambda n: repeat_to(", ;", n), 60),
    ("parse_cards of", parse_cards, lambda n: repeat_to("JH of ", n), 60),
    ("Rules.parse commas", Rules.parse, lambda n: "seed;" + "," * n, 60),
    ("Rules.parse equals", Rules.parse, lambda n: "seed; target=" + "=" * n, 60),
    ("_split_card a*n+1", cards._split_card, lambda n: "a" * n + "1", 2_000),
    ("_split_card spaces", cards._split_card, lambda n: "jack" + " " * n + "of hearts", 2_000),
    ("_read_score spaces", record._read_score, lambda n: "NS 1" + " " * n + ", EW 2", 2_000),
    ("_split_field letters", record._split_field, lambda n: "a" * n + " x", 2_000),
    ("_lost_colon spaces", record._lost_colon, lambda n: "dealer" + " " * n + "W", 2_000),
    ("loads action lines", loads, lambda n: in_record(repeat_to("N pass\n", n)), 5_000),
    ("loads score spaces", loads, lambda n: "score: NS 1" + " " * n + "\n" + HEADER, 5_000),
    ("loads deep braces", loads, lambda n: in_record("N bid 3 " + "{" * n), 5_000),
    ("loads escaped braces", loads, lambda n: in_record("N bid 3 {" + repeat_to("\\{", n)), 5_000),
    ("loads long note", loads, lambda n: in_record("N bid 3 {" + repeat_to("x\n", n)), 5_000),
    ("loads backslash-newlines", loads, lambda n: in_record("N bid 3 {" + "\\\n" * n), 5_000),
    ("loads long token", loads, lambda n: HEADER.replace("N: JK", "N: " + "a" * n), 5_000),
    ("loads long action", loads, lambda n: in_record("a" * n + "1"), 5_000),
    ("loads many notes", loads, lambda n: repeat_to("note: x\n", n) + HEADER, 5_000),
    ("loads comments", loads, lambda n: in_record(repeat_to("# c\n", n)), 5_000),
    ("loads lost colons", loads, lambda n: repeat_to("dealer W\n", n), 5_000),
    ("loads unreadable header", loads, lambda n: repeat_to("x y\n", n) + HEADER, 5_000),
]


@pytest.mark.parametrize(
    ("call", "make", "n"), [c[1:] for c in LINEAR_CASES], ids=[c[0] for c in LINEAR_CASES]
)
def test_parsing_time_grows_linearly(call: Callable[[str], object], make: Any, n: int) -> None:
    """A complexity test, not a speed test: 16 times the input may take at most 64 times
    as long (quadratic growth would be 256 times), plus 0.05 s for a busy machine. The
    figures themselves come from ``bench/parsers.py``."""
    small, large = make(n), make(16 * n)
    assert len(large) <= MAX_RECORD_CHARS
    t_small = best_of_3(call, small)
    t_large = best_of_3(call, large)
    assert t_large < 64 * t_small + 0.05, (t_small, t_large)


@pytest.mark.parametrize(
    "text",
    [
        in_record("N pass\n" * (MAX_RECORD_CHARS // 7)),
        "x" * (MAX_RECORD_CHARS + 1),
        io.StringIO("{" * (MAX_RECORD_CHARS * 2)),
    ],
    ids=["many-lines", "one-line", "file"],
)
def test_an_over_cap_record_is_refused_with_the_engines_error(text: Any) -> None:
    with pytest.raises(RecordError, match="the record is too long"):
        load(text) if isinstance(text, io.StringIO) else loads(text)
