"""Hand records: one hand as text a teacher can write by hand and read in a diff.

A record is a few ``field: value`` lines (the rules, the dealer, the four hands
and the widow, an optional title, teaching point, score and notes), a blank
line, then one action per line, exactly as :func:`~hasenpfeffer_core.engine.actions.parse_action`
reads them. A note in braces after an action belongs to that action; braces may
span lines. Lines starting with ``#`` are comments::

    title: The Joker leads trumps
    rules: seed
    dealer: W
    N: JK A♠ K♠ 10♥ 9♦ Q♣
    E: ...
    widow: 9♣
    note: A note about the whole hand. Repeat the field for more paragraphs.

    N bid 3
    E pass   {E has no trump to speak of.}
    ...
    N trump ♠
    N discard 9♣
    # trick 1
    E play A♥

Cards may be written with symbols (``J♥``) or in ASCII (``JH``); seats are N, E,
S, W. :func:`dumps` writes the canonical form, and ``loads(dumps(r)) == r`` for
every record.

>>> rec = loads(EXAMPLE)
>>> rec.title, rec.dealer, len(rec.moves)
('A short example', Seat.W, 10)
>>> rec.final_state().phase
Phase.PLAY
>>> loads(dumps(rec)) == rec and dumps(loads(dumps(rec))) == dumps(rec)
True

Loading checks every field and every action against the rules. A record with
mistakes is refused with one :class:`~hasenpfeffer_core.RecordError` whose
``errors`` list all the mistakes found, in line order, each with its ``line`` and
``rule`` (a mistake that belongs to no line, such as a missing hand, comes after the
header's); the error's own message is the first mistake's. Only mistakes that stand
on their own are reported, never their echoes:

* each header line is checked by itself; a hand that cannot be read or holds the
  wrong number of cards is left out when the later lines are checked for cards
  listed twice;
* the actions are checked against the rules only if the header leaves no doubt
  about the rules, the dealer and the deal (every line read, no unknown field, none
  of these missing or given twice), and only up to the first action that breaks a
  rule or cannot be read: after it the hand is no longer the one written down, so
  each later line is only read (is it an action at all?);
* a note that is not closed ends the reading: what follows cannot be told apart
  from the note;
* at most :data:`MAX_ERRORS` mistakes are gathered, however long the record.

>>> broken = (
...     EXAMPLE.replace("dealer: W", "dealer: W\\nscore: 3 to 7")
...     .replace("E bid 4", "E bid 2")  # lower than N's bid of 3
...     .replace("S play 10♠", "S play 10")  # not a card
... )
>>> try:
...     loads(broken)
... except RecordError as error:
...     print(error)
...     print([(mistake.line, mistake.rule) for mistake in error.errors])
line 5: score '3 to 7': write it as 'NS 3, EW 7'
[(5, None), (14, 'bidding'), (22, None)]

The passes after ``E bid 2`` are not reported: they would be checked against an
auction that went astray.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import IO, Final

from .actions import Action, Deal, Play, parse_action
from .cards import Card, check_distinct, format_cards, parse_card, parse_cards
from .errors import HasenpfefferError, InvalidDataError, RecordError
from .rules import Rules
from .seats import SEATS, Seat, parse_seat
from .state import HandState

__all__ = [
    "EXAMPLE",
    "MAX_ERRORS",
    "HandRecord",
    "Move",
    "dump",
    "dumps",
    "load",
    "loads",
]


def _one_line(text: str) -> str:
    """Notes, titles and points keep single spaces: runs of white space become one."""
    return " ".join(str(text).split())


@dataclass(frozen=True)
class Move:
    """One action of a record, with the note attached to it (empty: none).

    White space in the note is folded to single spaces, as the text form keeps it.
    """

    action: Action
    note: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "note", _one_line(self.note))


@dataclass(frozen=True)
class HandRecord:
    """One hand: rules, dealer, deal, the actions with their notes, and hand notes.

    ``score`` is the score before the hand, if the record gives it.
    """

    rules: Rules
    dealer: Seat
    deal: Deal
    moves: tuple[Move, ...] = ()
    title: str = ""
    point: str = ""
    notes: tuple[str, ...] = ()
    score: tuple[int, int] | None = None
    _states: list[HandState] = field(default_factory=list, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "title", _one_line(self.title))
        object.__setattr__(self, "point", _one_line(self.point))
        object.__setattr__(self, "notes", tuple(_one_line(n) for n in self.notes if n.strip()))
        # Validate by replaying; keep the states for replay().
        states = _replay_all(self.rules, self.dealer, self.deal, self.moves)
        self._states.extend(states)

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions without their notes."""
        return tuple(m.action for m in self.moves)

    def state_at(self, step: int) -> HandState:
        """The hand after ``step`` actions (0: just dealt; ``len(moves)``: the end).

        Negative steps count from the end, as in a list. The state is a copy: changing
        it does not change the record.
        """
        n = len(self.moves)
        if not isinstance(step, int) or not -n - 1 <= step <= n:
            raise RecordError(
                f"step {step!r} is outside the record: steps go from 0 (the deal) to {n}"
            )
        return self._states[step].copy()

    def final_state(self) -> HandState:
        """The hand after the last action of the record."""
        return self.state_at(len(self.moves))

    def replay(self) -> Iterator[HandState]:
        """Every state of the hand in order: just dealt, then after each action (copies)."""
        for state in self._states:
            yield state.copy()

    def __len__(self) -> int:
        return len(self.moves)

    def with_notes(self, notes: dict[int, str]) -> HandRecord:
        """A copy with notes attached to the actions at the given indices (0-based)."""
        moves = list(self.moves)
        for index, note in notes.items():
            if not isinstance(index, int) or not 0 <= index < len(moves):
                raise RecordError(
                    f"no action {index!r} to note: the record's actions are numbered 0 to "
                    f"{len(moves) - 1}"
                )
            moves[index] = Move(moves[index].action, note)
        return replace(self, moves=tuple(moves), _states=[])

    @classmethod
    def from_state(
        cls,
        state: HandState,
        *,
        title: str = "",
        point: str = "",
        notes: tuple[str, ...] = (),
        score: tuple[int, int] | None = None,
    ) -> HandRecord:
        """The record of a hand played with :class:`HandState` (so far)."""
        if state.deal is None:
            raise RecordError("the hand has not been dealt: a record starts from the deal")
        return cls(
            rules=state.rules,
            dealer=state.dealer,
            deal=state.deal,
            moves=tuple(Move(a) for a in state.log),
            title=title,
            point=point,
            notes=notes,
            score=score,
        )

    def _repr_html_(self) -> str:
        """The record as a picture (Jupyter); the renderer is imported only when asked."""
        from ..faces.render import record_html

        return record_html(self)


def _replay_all(rules: Rules, dealer: Seat, deal: Deal, moves: tuple[Move, ...]) -> list[HandState]:
    """Every state of the hand, checking each action; the first refused one is an error."""
    state = HandState(rules, dealer)
    try:
        state.apply_deal(deal)
    except HasenpfefferError as e:
        raise RecordError(f"the deal is not valid: {e}", rule=e.rule) from None
    states = [state.copy()]
    for i, move in enumerate(moves):
        try:
            state.apply(move.action)
        except HasenpfefferError as e:
            label = f"action {i + 1} ({move.action})"
            raise RecordError(_breaks(move.action, e, label), rule=e.rule) from None
        states.append(state.copy())
    return states


# --- text -------------------------------------------------------------------

_FIELDS: Final = ("title", "point", "rules", "dealer", "score", "N", "E", "S", "W", "widow", "note")
_FIELD_RE: Final = re.compile(r"^([A-Za-z]+)\s*:\s?(.*)$")
_SCORE_RE: Final = re.compile(r"^\s*NS\s+(-?\d+)\s*,?\s*EW\s+(-?\d+)\s*$", re.IGNORECASE)
# The fields the actions are checked against: with a doubt about one, they are only read.
_PLAY_FIELDS: Final = ("rules", "dealer", "N", "E", "S", "W", "widow")

#: At most this many mistakes are gathered from one record, however long it is.
MAX_ERRORS: Final = 50

#: A small example record (used in the docs and doctests).
EXAMPLE: Final = """\
title: A short example
point: The left bower is a trump, not a diamond.
rules: seed
dealer: W
N: JK A♠ K♠ 10♥ 9♦ Q♣
E: A♥ K♥ 9♥ J♦ 10♦ 9♠
S: J♠ Q♠ 10♠ Q♥ A♦ K♣
W: J♣ 9♣ K♦ Q♦ A♣ 10♣
widow: J♥
note: North holds the Joker and two spades.

N bid 3
E bid 4   {East counts on the hearts.}
S pass
W pass
N pass
E trump ♥
E discard 9♠
N play A♠
E play J♦ {The left bower is a heart now: East trumps the ace.}
S play 10♠
"""


def _escape(note: str) -> str:
    return note.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}")


def dumps(record: HandRecord, *, ascii: bool = False) -> str:
    """The canonical text of ``record`` (``ascii=True``: ``JH`` rather than ``J♥``)."""
    if not isinstance(record, HandRecord):
        raise InvalidDataError(f"dumps() writes a HandRecord, got {type(record).__name__}")

    out: list[str] = []
    if record.title:
        out.append(f"title: {record.title}")
    if record.point:
        out.append(f"point: {record.point}")
    out.append(f"rules: {record.rules.to_text()}")
    out.append(f"dealer: {record.dealer.name}")
    if record.score is not None:
        out.append(f"score: NS {record.score[0]}, EW {record.score[1]}")
    for seat, hand in zip(SEATS, record.deal.hands, strict=True):
        out.append(f"{seat.name}: {format_cards(hand, ascii=ascii)}")
    widow = record.deal.widow
    out.append(f"widow: {widow.ascii if ascii else widow.text}")
    for paragraph in record.notes:
        out.append(f"note: {paragraph}")
    out.append("")
    trick = 0
    plays = 0
    active = 4
    for i, move in enumerate(record.moves):
        action = move.action
        if isinstance(action, Play):
            if plays == 0:
                state = record._states[i]
                active = len(state.active_seats)
            if plays % active == 0:
                trick += 1
                out.append(f"# trick {trick}")
            plays += 1
        text = str(action)
        if ascii:
            text = _ascii_action(action)
        if move.note:
            text += " {" + _escape(move.note) + "}"
        out.append(text)
    return "\n".join(out) + "\n"


def _ascii_action(action: Action) -> str:
    text = str(action)
    for symbol, letter in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C")):
        text = text.replace("10" + symbol, "T" + letter).replace(symbol, letter)
    return text


def dump(record: HandRecord, fp: IO[str] | str | os.PathLike[str], *, ascii: bool = False) -> None:
    """Write ``record`` to an open text file or to a path."""
    text = dumps(record, ascii=ascii)
    if isinstance(fp, str | os.PathLike):
        with open(fp, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        fp.write(text)


def load(fp: IO[str] | str | os.PathLike[str]) -> HandRecord:
    """Read a record from an open text file or a path."""
    if isinstance(fp, str | os.PathLike):
        with open(fp, encoding="utf-8") as f:
            return loads(f.read())
    if not hasattr(fp, "read"):
        raise RecordError(f"load() reads an open text file or a path, got {type(fp).__name__}")
    return loads(fp.read())


def loads(text: str) -> HandRecord:
    """Read a record from text, checking every field and every action against the rules.

    A record with mistakes raises one :class:`RecordError`: its ``errors`` list every
    mistake found (at most :data:`MAX_ERRORS`), and its message is the first one's.
    """
    if not isinstance(text, str):
        raise RecordError(f"a record is text, got {type(text).__name__}")
    lines = text.splitlines()
    found: list[_Problem] = []
    header = _read_header(lines, found)
    setup = _read_setup(header, found)
    # Header problems in line order; those without a line (missing fields) after them.
    found.sort(key=lambda p: (p.line is None, p.line or 0))
    del found[MAX_ERRORS:]
    if len(found) == MAX_ERRORS:
        raise _record_error(found)

    state = None
    if setup.deal is not None and setup.dealer is not None and not header.doubtful:
        state = HandState(setup.rules, setup.dealer)
        try:
            state.apply_deal(setup.deal)
        except HasenpfefferError as e:  # not expected: the deal was checked card by card
            found.append(_Problem(f"the deal is not valid: {e}", None, e.rule))
            state = None
    states = [] if state is None else [state.copy()]
    moves: list[Move] = []
    body = "\n".join(lines[header.body_start :])
    for piece in _pieces(body, header.body_start + 1):
        if len(found) >= MAX_ERRORS:
            break
        if isinstance(piece, _Problem):
            found.append(piece)
            continue
        try:
            action = parse_action(piece.text)
        except HasenpfefferError as e:
            found.append(_Problem(str(e), piece.line, e.rule))
            state = None  # a missing action: the rest can no longer be checked against the rules
            continue
        moves.append(Move(action, piece.note))
        if state is None:
            continue
        try:
            state.apply(action)
        except HasenpfefferError as e:
            found.append(_Problem(_breaks(action, e), piece.line, e.rule))
            state = None  # the hand has gone astray: from here on only the spelling is checked
            continue
        states.append(state.copy())
    if found:
        raise _record_error(found)

    assert setup.deal is not None and setup.dealer is not None
    record = HandRecord.__new__(HandRecord)
    values = {
        "rules": setup.rules,
        "dealer": setup.dealer,
        "deal": setup.deal,
        "moves": tuple(moves),
        "title": _one_line(header.fields.get("title", ("", 0))[0]),
        "point": _one_line(header.fields.get("point", ("", 0))[0]),
        "notes": tuple(_one_line(n) for n in header.notes if n.strip()),
        "score": setup.score,
        "_states": states,
    }
    for name, value in values.items():
        object.__setattr__(record, name, value)
    return record


@dataclass(frozen=True)
class _Problem:
    """One mistake in a record: what is wrong, the 1-based line (if known) and the rule."""

    message: str
    line: int | None
    rule: str | None = None


def _record_error(found: list[_Problem]) -> RecordError:
    """The error for the problems found: all of them, with the first one's message."""
    each = tuple(RecordError(p.message, line=p.line, rule=p.rule) for p in found[:MAX_ERRORS])
    first = found[0]
    return RecordError(first.message, line=first.line, rule=first.rule, errors=each)


def _breaks(action: Action, e: HasenpfefferError, label: str = "") -> str:
    """The message for an action the rules refuse."""
    return f"{label or action} breaks the rules: {e}" + (f" [rule: {e.rule}]" if e.rule else "")


@dataclass
class _Header:
    """The header lines of a record as read, before their values are checked."""

    fields: dict[str, tuple[str, int]] = field(default_factory=dict)  # value and line
    notes: list[str] = field(default_factory=list)
    body_start: int = 0  # index of the first line after the header
    #: Something in the header might change the deal, the dealer or the rules (a line that
    #: cannot be read, an unknown field, a field given twice, a missing field): the
    #: actions are then not checked against the rules, only read.
    doubtful: bool = False


def _read_header(lines: list[str], found: list[_Problem]) -> _Header:
    """Read the field lines up to the first blank line (comments allowed)."""
    header = _Header()
    fields = header.fields
    i = 0
    inside_until = -1  # unreadable lines up to this index lie inside the header
    while i < len(lines):
        if len(found) >= MAX_ERRORS:
            # Cut short: later lines might hold the fields, so none is called missing.
            header.body_start, header.doubtful = len(lines), True
            return header
        stripped = lines[i].strip()
        if stripped.startswith("#"):
            i += 1  # a comment: it neither ends the header nor is a field
            continue
        if not stripped:
            i += 1
            if fields:
                break
            continue
        m = _FIELD_RE.match(stripped)
        if m is None:
            if i > inside_until:
                inside_until = _field_line_ahead(lines, i)
                if inside_until < 0:
                    break  # the actions start without a blank line
            found.append(
                _Problem(
                    f"{stripped!r} is not a field: write the field's name, a colon and its "
                    "value, as in 'dealer: W'",
                    i + 1,
                )
            )
            header.doubtful = True
            i += 1
            continue
        key, value = m.group(1), m.group(2).strip()
        canonical = key.upper() if key.upper() in ("N", "E", "S", "W") else key.lower()
        if canonical not in _FIELDS:
            found.append(
                _Problem(f"unknown field {key!r}: the fields are {', '.join(_FIELDS)}", i + 1)
            )
            header.doubtful = True  # it may be a misspelt 'rules:'
        elif canonical == "note":
            header.notes.append(value)
        elif canonical in fields:
            found.append(_Problem(f"the field {key!r} is given twice", i + 1))
            header.doubtful = header.doubtful or canonical in _PLAY_FIELDS
        else:
            fields[canonical] = (value, i + 1)
        i += 1
    header.body_start = i
    for needed in ("dealer", "N", "E", "S", "W", "widow"):
        if needed not in fields:
            what = "hand" if needed in ("N", "E", "S", "W") else "field"
            found.append(
                _Problem(
                    f"the record has no '{needed}:' {what}: a record gives the dealer, the "
                    "four hands and the widow",
                    None,
                )
            )
            header.doubtful = True
    return header


def _field_line_ahead(lines: list[str], start: int) -> int:
    """The index of the field line that follows the unreadable line ``start``, or -1.

    An unreadable line lies inside the header (a field with its colon lost, say) when a
    field line follows it before any blank line, action or note; otherwise the actions
    start there.
    """
    for j in range(start, len(lines)):
        stripped = lines[j].strip()
        if stripped.startswith("#"):
            continue
        if not stripped or "{" in stripped or "}" in stripped:
            return -1
        if _FIELD_RE.match(stripped):
            return j
        try:
            parse_action(stripped)
        except HasenpfefferError:
            continue
        return -1
    return -1


@dataclass
class _Setup:
    """The values of the header fields that could be read."""

    rules: Rules = field(default_factory=Rules)
    dealer: Seat | None = None
    deal: Deal | None = None  # None: the deal has a mistake or a missing hand
    score: tuple[int, int] | None = None


def _read_setup(header: _Header, found: list[_Problem]) -> _Setup:
    """Check the values of the header's fields, each on its own."""
    fields = header.fields
    setup = _Setup()
    if "rules" in fields:
        value, line = fields["rules"]
        try:
            setup.rules = Rules.parse(value)
        except HasenpfefferError as e:
            found.append(_Problem(f"rules: {e}", line))
            header.doubtful = True
    if "dealer" in fields:
        value, line = fields["dealer"]
        try:
            setup.dealer = parse_seat(value)
        except HasenpfefferError as e:
            found.append(_Problem(str(e), line, e.rule))
    # The hands and the widow in the order of their lines, so that a card listed twice is
    # blamed on the later line. A line with a mistake adds no card to the check of the
    # lines after it, unless the only mistake is a card already listed above.
    read: dict[str, tuple[Card, ...]] = {}
    dealt: set[Card] = set()
    places = sorted(
        (fields[name][1], name) for name in ("N", "E", "S", "W", "widow") if name in fields
    )
    for line, name in places:
        value = fields[name][0]
        try:
            cards = (parse_card(value),) if name == "widow" else parse_cards(value)
            if len(cards) != 6 and name != "widow":
                raise InvalidDataError(
                    f"{name} has {len(cards)} cards ({format_cards(cards)}): each player "
                    "is dealt six cards",
                    rule="the deal",
                )
        except HasenpfefferError as e:
            found.append(_Problem(str(e), line, e.rule))
            continue
        try:
            check_distinct([*dealt, *cards], "the deal")
        except HasenpfefferError as e:
            found.append(_Problem(str(e), line, e.rule))
        else:
            read[name] = cards
        dealt.update(cards)
    if len(read) == 5:
        setup.deal = Deal((read["N"], read["E"], read["S"], read["W"]), read["widow"][0])
    if "score" in fields:
        value, line = fields["score"]
        sm = _SCORE_RE.match(value)
        if sm is None:
            found.append(_Problem(f"score {value!r}: write it as 'NS 3, EW 7'", line))
        else:
            setup.score = (int(sm.group(1)), int(sm.group(2)))
    return setup


@dataclass(frozen=True)
class _Piece:
    """An action's text in the body of a record, with its line and its note."""

    text: str
    line: int
    note: str = ""


def _pieces(body: str, line_no: int) -> Iterator[_Piece | _Problem]:
    """The actions of a record's body (starting on line ``line_no``) and the notes' mistakes.

    A note that is not closed ends the reading: what follows it cannot be told apart
    from the note.
    """
    pos = 0
    current: str | None = None
    current_line = 0
    while pos < len(body):
        ch = body[pos]
        if ch == "{":
            start_line = line_no
            action = None if current is None or not current.strip() else current.strip()
            if action is None:
                yield _Problem("a note in braces must follow an action", line_no)
            note, pos, line_no, broken = _read_note(body, pos + 1, line_no)
            if action is not None:
                yield _Piece(action, current_line, "" if broken else note)
            if broken:
                yield _Problem(broken, start_line)
                return
            current = None
            continue
        if ch == "\n":
            if current is not None and current.strip():
                yield _Piece(current.strip(), current_line)
            current = None
            line_no += 1
            pos += 1
            continue
        if ch == "#" and (current is None or not current.strip()):
            end = body.find("\n", pos)
            pos = len(body) if end < 0 else end
            continue
        if current is None:
            current = ""
            current_line = line_no
        current += ch
        pos += 1
    if current is not None and current.strip():
        yield _Piece(current.strip(), current_line)


def _read_note(body: str, pos: int, line_no: int) -> tuple[str, int, int, str]:
    """The note that starts at ``pos`` (after its ``{``), the position and line after it,
    and what is wrong with it ("" if nothing)."""
    out: list[str] = []
    while pos < len(body):
        ch = body[pos]
        if ch == "\\" and pos + 1 < len(body):
            out.append(body[pos + 1])
            pos += 2
            continue
        if ch == "}":
            return _one_line("".join(out)), pos + 1, line_no, ""
        if ch == "{":
            return (
                "",
                pos,
                line_no,
                f"a note opened with '{{' is not closed with '}}' before the '{{' on line "
                f"{line_no} (write \\{{ for a brace inside a note)",
            )
        if ch == "\n":
            line_no += 1
        out.append(ch)
        pos += 1
    return "", pos, line_no, "a note opened with '{' is never closed with '}'"
