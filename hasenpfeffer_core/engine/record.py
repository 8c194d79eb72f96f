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
S, W. Loading checks every action against the rules and refuses a record that
breaks one, naming the line and the rule. :func:`dumps` writes the canonical
form, and ``loads(dumps(r)) == r`` for every record.

>>> rec = loads(EXAMPLE)
>>> rec.title, rec.dealer, len(rec.moves)
('A short example', Seat.W, 10)
>>> rec.final_state().phase
Phase.PLAY
>>> loads(dumps(rec)) == rec and dumps(loads(dumps(rec))) == dumps(rec)
True
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
from .seats import SEATS, Seat, Side, parse_seat
from .state import HandState

__all__ = [
    "EXAMPLE",
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
        states = _replay_all(self.rules, self.dealer, self.deal, self.moves, lines=None)
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


def _replay_all(
    rules: Rules,
    dealer: Seat,
    deal: Deal,
    moves: tuple[Move, ...],
    lines: list[int] | None,
) -> list[HandState]:
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
            where = lines[i] if lines else None
            label = f"action {i + 1} ({move.action})" if where is None else f"{move.action}"
            raise RecordError(
                f"{label} breaks the rules: {e}" + (f" [rule: {e.rule}]" if e.rule else ""),
                line=where,
                rule=e.rule,
            ) from None
        states.append(state.copy())
    return states


# --- text -------------------------------------------------------------------

_FIELDS: Final = ("title", "point", "rules", "dealer", "score", "N", "E", "S", "W", "widow", "note")
_FIELD_RE: Final = re.compile(r"^([A-Za-z]+)\s*:\s?(.*)$")
_SCORE_RE: Final = re.compile(r"^\s*NS\s+(-?\d+)\s*,?\s*EW\s+(-?\d+)\s*$", re.IGNORECASE)

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
    """Read a record from text, checking every field and every action against the rules."""
    if not isinstance(text, str):
        raise RecordError(f"a record is text, got {type(text).__name__}")
    lines = text.splitlines()
    fields: dict[str, tuple[str, int]] = {}
    notes: list[str] = []
    i = 0
    # Header: field lines up to the first blank line (comments allowed).
    while i < len(lines):
        raw = lines[i]
        if raw.lstrip().startswith("#"):
            i += 1  # a comment: it neither ends the header nor is a field
            continue
        if not raw.strip():
            if fields:
                i += 1
                break
            i += 1
            continue
        m = _FIELD_RE.match(raw.strip())
        if m is None:
            break  # the actions start without a blank line
        key, value = m.group(1), m.group(2).strip()
        canonical = key.upper() if key.upper() in ("N", "E", "S", "W") else key.lower()
        if canonical not in _FIELDS:
            raise RecordError(
                f"unknown field {key!r}: the fields are {', '.join(_FIELDS)}", line=i + 1
            )
        if canonical == "note":
            notes.append(value)
        elif canonical in fields:
            raise RecordError(f"the field {key!r} is given twice", line=i + 1)
        else:
            fields[canonical] = (value, i + 1)
        i += 1
    for needed in ("dealer", "N", "E", "S", "W", "widow"):
        if needed not in fields:
            what = "hand" if needed in ("N", "E", "S", "W") else "field"
            raise RecordError(
                f"the record has no '{needed}:' {what}: a record gives the dealer, the four "
                "hands and the widow"
            )

    def field_value(name: str) -> tuple[str, int]:
        return fields[name]

    rules = Rules()
    if "rules" in fields:
        value, line = field_value("rules")
        try:
            rules = Rules.parse(value)
        except HasenpfefferError as e:
            raise RecordError(f"rules: {e}", line=line) from None
    try:
        value, line = field_value("dealer")
        dealer = parse_seat(value)
        hands: list[tuple[Card, ...]] = []
        for seat in ("N", "E", "S", "W"):
            value, line = field_value(seat)
            cards = parse_cards(value)
            if len(cards) != 6:
                raise InvalidDataError(
                    f"{seat} has {len(cards)} cards ({format_cards(cards)}): each player "
                    "is dealt six cards",
                    rule="the deal",
                )
            check_distinct([c for h in hands for c in h] + list(cards), "the deal")
            hands.append(cards)
        value, line = field_value("widow")
        widow = parse_card(value)
        check_distinct([c for h in hands for c in h] + [widow], "the deal")
    except HasenpfefferError as e:
        raise RecordError(str(e), line=line, rule=e.rule) from None
    score = None
    if "score" in fields:
        value, line = field_value("score")
        sm = _SCORE_RE.match(value)
        if sm is None:
            raise RecordError(f"score {value!r}: write it as 'NS 3, EW 7'", line=line)
        score = (int(sm.group(1)), int(sm.group(2)))
    deal = Deal((hands[0], hands[1], hands[2], hands[3]), widow)

    moves: list[Move] = []
    move_lines: list[int] = []
    body = "\n".join(lines[i:])
    line_no = i + 1
    pos = 0
    current: str | None = None
    current_line = 0
    while pos < len(body):
        ch = body[pos]
        if ch == "{":
            if current is None or not current.strip():
                raise RecordError("a note in braces must follow an action", line=line_no)
            note, pos, line_no = _read_note(body, pos + 1, line_no)
            moves.append(_move(current, note, current_line))
            move_lines.append(current_line)
            current = None
            continue
        if ch == "\n":
            if current is not None and current.strip():
                moves.append(_move(current, "", current_line))
                move_lines.append(current_line)
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
        moves.append(_move(current, "", current_line))
        move_lines.append(current_line)

    return _build(rules, dealer, deal, moves, move_lines, fields, notes, score)


def _build(
    rules: Rules,
    dealer: Seat,
    deal: Deal,
    moves: list[Move],
    move_lines: list[int],
    fields: dict[str, tuple[str, int]],
    notes: list[str],
    score: tuple[int, int] | None,
) -> HandRecord:
    states = _replay_all(rules, dealer, deal, tuple(moves), move_lines)
    record = HandRecord.__new__(HandRecord)
    values = {
        "rules": rules,
        "dealer": dealer,
        "deal": deal,
        "moves": tuple(moves),
        "title": _one_line(fields.get("title", ("", 0))[0]),
        "point": _one_line(fields.get("point", ("", 0))[0]),
        "notes": tuple(_one_line(n) for n in notes if n.strip()),
        "score": score,
        "_states": states,
    }
    for name, value in values.items():
        object.__setattr__(record, name, value)
    return record


def _read_note(body: str, pos: int, line_no: int) -> tuple[str, int, int]:
    out: list[str] = []
    start_line = line_no
    while pos < len(body):
        ch = body[pos]
        if ch == "\\" and pos + 1 < len(body):
            out.append(body[pos + 1])
            pos += 2
            continue
        if ch == "}":
            return _one_line("".join(out)), pos + 1, line_no
        if ch == "{":
            raise RecordError(
                f"a note opened with '{{' is not closed with '}}' before the '{{' on line "
                f"{line_no} (write \\{{ for a brace inside a note)",
                line=start_line,
            )
        if ch == "\n":
            line_no += 1
        out.append(ch)
        pos += 1
    raise RecordError("a note opened with '{' is never closed with '}'", line=start_line)


def _move(text: str, note: str, line: int) -> Move:
    try:
        return Move(parse_action(text.strip()), note)
    except HasenpfefferError as e:
        raise RecordError(str(e), line=line, rule=e.rule) from None


def side_score(score: tuple[int, int] | None) -> dict[Side, int] | None:
    """A record's score as a mapping of partnerships to points."""
    if score is None:
        return None
    return {Side.NS: score[0], Side.EW: score[1]}
