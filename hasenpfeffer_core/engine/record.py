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

Lines are numbered as an editor numbers them (ended by a line feed, a carriage return
or both); a byte-order mark at the start is ignored. A record has at most
:data:`MAX_RECORD_CHARS` characters, each score at most :data:`MAX_SCORE` either way;
longer text is refused before it is read, and reading takes time in proportion to the
text (no pattern that backtracks).

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
* a header line whose colon is missing (``dealer W``) or whose name is misspelt
  (``dealr: W``) is reported at its line, with the field it probably meant, which
  is then not also reported missing;
* a second action after a note on the same line (``S pass {x} W pass``) is a
  mistake: an action may be lost there, so the later ones are only read;
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

import codecs
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import IO, Final

from .actions import Action, Bid, Deal, Discard, GoAlone, NameTrump, Pass, Play, parse_action
from .cards import Card, check_distinct, format_cards, parse_card, parse_cards
from .errors import (
    MAX_DIGITS,
    HasenpfefferError,
    InvalidDataError,
    ParseError,
    RecordError,
    number_text,
    rule_name,
    shown,
)
from .i18n import gettext as _
from .i18n import ngettext
from .rules import Rules
from .seats import SEATS, Seat, parse_seat
from .state import HandState

__all__ = [
    "EXAMPLE",
    "MAX_ERRORS",
    "MAX_RECORD_CHARS",
    "MAX_SCORE",
    "HandRecord",
    "Move",
    "dump",
    "dumps",
    "load",
    "loads",
]

#: The longest record :func:`loads` reads, in characters (a long teaching hand with
#: notes on every action takes a few thousand); :func:`load` reads no more than this.
MAX_RECORD_CHARS: Final = 1_000_000

#: The largest score a record may give a partnership, either way (games go to 10).
MAX_SCORE: Final = 10_000

_ACTION_TYPES: Final = (Bid, Pass, NameTrump, Discard, GoAlone, Play)


def _one_line(text: str) -> str:
    """Notes, titles and points keep single spaces: runs of white space become one."""
    return " ".join(str(text).split())


def _text(value: object, what: str) -> str:
    """``value`` if it is text, else :class:`InvalidDataError` naming ``what``."""
    if not isinstance(value, str):
        raise InvalidDataError(f"{what} is text, got {shown(value)}")
    return value


@dataclass(frozen=True)
class Move:
    """One action of a record, with the note attached to it (empty: none).

    White space in the note is folded to single spaces, as the text form keeps it.
    """

    action: Action
    note: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.action, _ACTION_TYPES):
            raise InvalidDataError(
                f"a move's action is a Bid, Pass, NameTrump, Discard, GoAlone or Play, "
                f"got {shown(self.action)}"
            )
        object.__setattr__(self, "note", _one_line(_text(self.note, "a move's note")))


@dataclass(frozen=True)
class HandRecord:
    """One hand: rules, dealer, deal, the actions with their notes, and hand notes.

    ``score`` is the score before the hand (NS, EW), if the record gives it. Every
    argument is checked here, so a record that can be made can be written and read
    back: ``loads(dumps(record)) == record``.
    """

    rules: Rules
    dealer: Seat
    deal: Deal
    moves: tuple[Move, ...] = ()
    title: str = ""
    point: str = ""
    notes: tuple[str, ...] = ()
    score: tuple[int, int] | None = None
    _states: list[HandState] = field(
        default_factory=list, init=False, compare=False, repr=False, hash=False
    )

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise InvalidDataError(f"a record's rules are a Rules value, got {shown(self.rules)}")
        if not isinstance(self.dealer, Seat):
            raise InvalidDataError(f"a record's dealer is a Seat, got {shown(self.dealer)}")
        if not isinstance(self.deal, Deal):
            raise InvalidDataError(f"a record's deal is a Deal, got {shown(self.deal)}")
        object.__setattr__(self, "moves", _check_moves(self.moves))
        object.__setattr__(self, "title", _one_line(_text(self.title, "a record's title")))
        object.__setattr__(self, "point", _one_line(_text(self.point, "a record's point")))
        object.__setattr__(self, "notes", _check_notes(self.notes))
        object.__setattr__(self, "score", _check_score(self.score))
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
                # Translators: {n} is the number of the record's last step.
                _("step {step} is outside the record: steps go from 0 (the deal) to {n}").format(
                    step=shown(step), n=n
                )
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
        if not isinstance(notes, Mapping):
            raise RecordError(f"the notes are a dict of action numbers to text, got {shown(notes)}")
        moves = list(self.moves)
        for index, note in notes.items():
            if not isinstance(index, int) or not 0 <= index < len(moves):
                raise RecordError(
                    _(
                        "no action {index} to note: the record's actions are numbered 0 to {last}"
                    ).format(index=shown(index), last=len(moves) - 1)
                )
            moves[index] = Move(moves[index].action, note)
        return replace(self, moves=tuple(moves))

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
        if not isinstance(state, HandState):
            raise RecordError(f"a record is made from a HandState, got {shown(state)}")
        if state.deal is None:
            raise RecordError(_("the hand has not been dealt: a record starts from the deal"))
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


def _check_moves(moves: object) -> tuple[Move, ...]:
    if isinstance(moves, str) or not isinstance(moves, tuple | list):
        raise InvalidDataError(
            f"a record's moves are a tuple of Move values (an action and its note), "
            f"got {shown(moves)}"
        )
    for i, move in enumerate(moves):
        if not isinstance(move, Move):
            raise InvalidDataError(
                f"a record's moves are Move values (an action and its note): move {i + 1} "
                f"is {shown(move)}"
            )
    return tuple(moves)


def _check_notes(notes: object) -> tuple[str, ...]:
    if isinstance(notes, str):
        raise InvalidDataError(
            f"a record's notes are a tuple of paragraphs, not one text: write notes=({shown(notes)},)"
        )
    if not isinstance(notes, tuple | list):
        raise InvalidDataError(f"a record's notes are a tuple of paragraphs, got {shown(notes)}")
    return tuple(_one_line(_text(n, "each note")) for n in notes if _text(n, "each note").strip())


def _check_score(score: object) -> tuple[int, int] | None:
    if score is None:
        return None
    if (
        not isinstance(score, tuple | list)
        or len(score) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in score)
    ):
        raise InvalidDataError(
            f"a record's score is a pair of whole numbers (NS, EW) or None, got {shown(score)}"
        )
    for side, points in zip(("NS", "EW"), score, strict=True):
        if not -MAX_SCORE <= points <= MAX_SCORE:
            raise InvalidDataError(
                f"a record's score for {side} is {shown(points)}: a score is between "
                f"{-MAX_SCORE:,} and {MAX_SCORE:,}"
            )
    return (score[0], score[1])


def _replay_all(rules: Rules, dealer: Seat, deal: Deal, moves: tuple[Move, ...]) -> list[HandState]:
    """Every state of the hand, checking each action; the first refused one is an error."""
    state = HandState(rules, dealer)
    try:
        state.apply_deal(deal)
    except HasenpfefferError as e:
        raise RecordError(_deal_not_valid(e), rule=e.rule) from None
    states = [state.copy()]
    for i, move in enumerate(moves):
        try:
            state.apply(move.action)
        except HasenpfefferError as e:
            # Translators: {n} is the action's number, {action} the action as written in
            # a record ("E play A♥").
            label = _("action {n} ({action})").format(n=i + 1, action=move.action)
            raise RecordError(_breaks(move.action, e, label), rule=e.rule) from None
        states.append(state.copy())
    return states


# --- text -------------------------------------------------------------------

_FIELDS: Final = ("title", "point", "rules", "dealer", "score", "N", "E", "S", "W", "widow", "note")
_SEAT_FIELDS: Final = ("N", "E", "S", "W")
_SEAT_WORDS: Final = {"north": "N", "east": "E", "south": "S", "west": "W"}
# The fields the actions are checked against: with a doubt about one, they are only read.
_PLAY_FIELDS: Final = ("rules", "dealer", "N", "E", "S", "W", "widow")
_NEEDED: Final = ("dealer", "N", "E", "S", "W", "widow")

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
    """Read a record from an open text file or a path (UTF-8).

    At most :data:`MAX_RECORD_CHARS` + 1 characters are read, so a file that never ends
    (``/dev/zero``) is refused at once, like a record too long for :func:`loads`. A file
    that is not UTF-8 text is refused with the line of the first wrong byte. A file that
    cannot be opened raises the operating system's own error (:class:`OSError`).
    """
    if isinstance(fp, str | os.PathLike):
        with open(fp, "rb") as f:
            return loads(_read_utf8(f))
    read = getattr(fp, "read", None)
    if read is None:
        raise RecordError(f"load() reads an open text file or a path, got {type(fp).__name__}")
    try:
        text = read(MAX_RECORD_CHARS + 1)
    except UnicodeDecodeError as e:
        raise RecordError(
            # Translators: {reason} is Python's own explanation, in English.
            _("the file is not UTF-8 text: save it as UTF-8 ({reason})").format(reason=e.reason)
        ) from None
    if isinstance(text, bytes | bytearray):  # a file opened in binary mode
        return loads(_read_utf8(fp, bytes(text)))  # type: ignore[arg-type]
    return loads(text)


def _read_utf8(f: IO[bytes], first: bytes = b"") -> str:
    """The text of a UTF-8 file (after the bytes ``first``, already read from it),
    reading no more than about one character past :data:`MAX_RECORD_CHARS`."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    parts: list[str] = []
    count = 0
    newlines = 0
    while count <= MAX_RECORD_CHARS:
        # A byte gives at most one character: never ask for more than are still wanted.
        data, first = first or f.read(min(1 << 16, MAX_RECORD_CHARS + 1 - count)), b""
        try:
            part = decoder.decode(data, final=not data)
        except UnicodeDecodeError as e:
            line = newlines + bytes(e.object[: e.start]).count(b"\n") + 1
            raise RecordError(
                # Translators: {byte} is the wrong byte, as in b'\xff'.
                _(
                    "the file is not UTF-8 text: save it as UTF-8 (a byte that UTF-8 does not "
                    "allow: {byte})"
                ).format(byte=repr(bytes(e.object[e.start : e.start + 1]))),
                line=line,
            ) from None
        parts.append(part)
        count += len(part)
        newlines += part.count("\n")
        if not data:
            break
    return "".join(parts)[: MAX_RECORD_CHARS + 1]


def _lines(text: str) -> list[str]:
    """The lines of ``text``, as an editor numbers them: ended by ``\\n``, ``\\r\\n`` or
    ``\\r`` (other characters that Python counts as line breaks stay in their line)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def loads(text: str) -> HandRecord:
    """Read a record from text, checking every field and every action against the rules.

    A record with mistakes raises one :class:`RecordError`: its ``errors`` list every
    mistake found (at most :data:`MAX_ERRORS`), and its message is the first one's. A
    text longer than :data:`MAX_RECORD_CHARS` is refused before it is read. A byte-order
    mark at the start is ignored.
    """
    if not isinstance(text, str):
        raise RecordError(f"a record is text, got {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(
            # Translators: {n} and {limit} are numbers of characters, always over a million.
            _(
                "the record is too long: {n} characters or more, and a record has at most {limit}"
            ).format(n=number_text(len(text)), limit=number_text(MAX_RECORD_CHARS))
        )
    lines = _lines(text.removeprefix("\ufeff"))
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
            found.append(_Problem(_deal_not_valid(e), None, e.rule))
            state = None
    states = [] if state is None else [state.copy()]
    moves: list[Move] = []
    for piece in _pieces(lines, header.body_start):
        if len(found) >= MAX_ERRORS:
            break
        if isinstance(piece, _Problem):
            found.append(piece)
            if piece.stops:
                state = None  # an action may be lost: the rest cannot be checked
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
    """One mistake in a record: what is wrong, the 1-based line (if known) and the rule.

    ``stops``: an action may have been lost with it, so the later actions cannot be
    checked against the rules.
    """

    message: str
    line: int | None
    rule: str | None = None
    stops: bool = False


def _record_error(found: list[_Problem]) -> RecordError:
    """The error for the problems found: all of them, with the first one's message."""
    each = tuple(RecordError(p.message, line=p.line, rule=p.rule) for p in found[:MAX_ERRORS])
    first = found[0]
    return RecordError(first.message, line=first.line, rule=first.rule, errors=each)


def _breaks(action: Action, e: HasenpfefferError, label: str = "") -> str:
    """The message for an action the rules refuse."""
    if e.rule:
        # Translators: {action} is an action as written in a record ("S play Q♥"), {error}
        # what is wrong with it, {rule} the name of the rule it breaks.
        return _("{action} breaks the rules: {error} [rule: {rule}]").format(
            action=label or action, error=e, rule=rule_name(e.rule)
        )
    return _("{action} breaks the rules: {error}").format(action=label or action, error=e)


def _deal_not_valid(e: HasenpfefferError) -> str:
    # Translators: {error} says what is wrong with the deal.
    return _("the deal is not valid: {error}").format(error=e)


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
    #: Fields that a line with a mistake was probably meant to give (``dealr: W``): they
    #: are not also reported missing.
    meant: set[str] = field(default_factory=set)


def _split_field(line: str) -> tuple[str, str] | None:
    """The name and the value of a field line (``dealer: W``), or ``None``.

    The name is letters only; white space may come before the colon. Read with string
    methods, in one pass.
    """
    name, colon, value = line.partition(":")
    name = name.rstrip()
    if not colon or not name or not (name.isascii() and name.isalpha()):
        return None
    return name, value.strip()


def _canonical(name: str) -> str:
    return name.upper() if name.upper() in _SEAT_FIELDS else name.lower()


def _lost_colon(line: str) -> str | None:
    """The field that ``line`` gives with its colon left out (``dealer W``), or ``None``.

    A line starting with a seat is taken for a hand (``N JK A♠ ...``) only when a card
    follows the seat and the line is not an action.
    """
    words = line.split(None, 2)
    if len(words) < 2 or not (words[0].isascii() and words[0].isalpha()):
        return None
    name = _canonical(words[0])
    if name not in _FIELDS:
        return None
    if name in _SEAT_FIELDS:
        try:
            parse_card(words[1])
        except HasenpfefferError:
            return None
        try:
            parse_action(line)
        except HasenpfefferError:
            return name
        return None
    return name


def _suggest(name: str) -> str | None:
    """The field that the unknown field ``name`` is probably a misspelling of."""
    if name.lower() in _SEAT_WORDS:
        return _SEAT_WORDS[name.lower()]
    if len(name) > 20:
        return None
    import difflib  # only when a field name is misspelt: it costs the import ~2 ms

    close = difflib.get_close_matches(name.lower(), [f.lower() for f in _FIELDS], n=1, cutoff=0.75)
    return _canonical(close[0]) if close else None


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
        parts = _split_field(stripped)
        if parts is None:
            lost = _lost_colon(stripped)
            if lost is not None:
                found.append(_colon_missing(stripped, lost, i + 1))
                header.meant.add(lost)
                header.doubtful = True
                i += 1
                continue
            if i > inside_until:
                inside_until = _field_line_ahead(lines, i)
                if inside_until < 0:
                    break  # the actions start without a blank line
            found.append(_not_a_field(stripped, i + 1))
            header.doubtful = True
            i += 1
            continue
        key, value = parts
        _take_field(header, key, value, i + 1, found)
        i += 1
    header.body_start = i
    _check_needed(header, found)
    return header


def _colon_missing(stripped: str, lost: str, line: int) -> _Problem:
    """The problem with line ``line``: the field ``lost`` with its colon left out."""
    rest = stripped.split(None, 1)[1]
    return _Problem(
        # Translators: {line} is a line of the record, {fix} the same line
        # with the colon put back ('dealer: W').
        _("{line} is not a field: the colon is missing; did you mean {fix}?").format(
            line=shown(stripped), fix=shown(lost + ": " + rest)
        ),
        line,
    )


def _not_a_field(stripped: str, line: int) -> _Problem:
    """The problem with line ``line``: an unreadable line inside the header."""
    return _Problem(
        # Translators: {line} is a line of the record; 'dealer: W' is a field as
        # written in a record: keep it.
        _(
            "{line} is not a field: write the field's name, a colon and its value, "
            "as in 'dealer: W'"
        ).format(line=shown(stripped)),
        line,
    )


def _take_field(header: _Header, key: str, value: str, line: int, found: list[_Problem]) -> None:
    """Take the field ``key: value`` of line ``line`` into ``header``, or report its problem."""
    fields = header.fields
    canonical = _canonical(key)
    if canonical not in _FIELDS:
        meant = _suggest(key)
        if meant is not None:
            # Translators: {name} is a field name the learner wrote, {field} the field
            # it probably meant; {fields} lists the fields as written in a record.
            message = _(
                "unknown field {name}: did you mean '{field}:'? the fields are {fields}"
            ).format(name=shown(key), field=meant, fields=", ".join(_FIELDS))
        else:
            message = _("unknown field {name}: the fields are {fields}").format(
                name=shown(key), fields=", ".join(_FIELDS)
            )
        found.append(_Problem(message, line))
        if meant is not None:
            header.meant.add(meant)
        header.doubtful = True  # it may be a misspelt 'rules:'
    elif canonical == "note":
        header.notes.append(value)
    elif canonical in fields:
        found.append(_Problem(_("the field {name} is given twice").format(name=repr(key)), line))
        header.doubtful = header.doubtful or canonical in _PLAY_FIELDS
    else:
        fields[canonical] = (value, line)


def _check_needed(header: _Header, found: list[_Problem]) -> None:
    """Mark ``header`` doubtful if it lacks a needed field; report each no line meant to give."""
    for needed in _NEEDED:
        if needed not in header.fields:
            header.doubtful = True
            if needed in header.meant:
                continue  # the line that was meant to give it is reported already
            if needed in _SEAT_FIELDS:
                # Translators: {field} is a field of the record as written ('N', 'dealer').
                message = _(
                    "the record has no '{field}:' hand: a record gives the dealer, the four "
                    "hands and the widow"
                )
            else:
                message = _(
                    "the record has no '{field}:' field: a record gives the dealer, the four "
                    "hands and the widow"
                )
            found.append(_Problem(message.format(field=needed), None))


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
        if _split_field(stripped) is not None:
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
            found.append(_Problem(f"rules: {e}", line, e.rule))
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
                    # Translators: {seat} is a seat's letter (N, E, S, W).
                    ngettext(
                        "{seat} has {n} card ({cards}): each player is dealt six cards",
                        "{seat} has {n} cards ({cards}): each player is dealt six cards",
                        len(cards),
                    ).format(seat=name, n=len(cards), cards=format_cards(cards)),
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
        try:
            setup.score = _read_score(value)
        except HasenpfefferError as e:
            found.append(_Problem(str(e), line, e.rule))
    return setup


def _read_score(value: str) -> tuple[int, int]:
    """The score written as ``NS 3, EW 7`` (any case; the comma may be left out).

    The digits are counted before a number is read, and each score is at most
    :data:`MAX_SCORE` either way.
    """
    words = value.replace(",", " , ", 1).split()
    if len(words) == 5 and words[2] == ",":
        del words[2]
    if len(words) != 4 or words[0].upper() != "NS" or words[2].upper() != "EW":
        raise ParseError(_score_help(value))
    points = []
    for side, number in ((words[0], words[1]), (words[2], words[3])):
        digits = number[1:] if number[:1] == "-" else number
        if not (digits.isascii() and digits.isdigit()):
            raise ParseError(_score_help(value))
        if len(digits) > MAX_DIGITS or abs(int(number)) > MAX_SCORE:
            raise ParseError(
                # Translators: {value} is the score as written; {side} is NS or EW.
                _(
                    "score {value}: the score of {side} is too large; a score is between "
                    "{low} and {high}"
                ).format(
                    value=shown(value),
                    side=side.upper(),
                    low=number_text(-MAX_SCORE),
                    high=number_text(MAX_SCORE),
                )
            )
        points.append(int(number))
    return points[0], points[1]


def _score_help(value: str) -> str:
    # Translators: {value} is the score as written; 'NS 3, EW 7' is how a record writes a
    # score: keep it.
    return _("score {value}: write it as 'NS 3, EW 7'").format(value=shown(value))


@dataclass(frozen=True)
class _Piece:
    """An action's text in the body of a record, with its line and its note."""

    text: str
    line: int
    note: str = ""


def _pieces(lines: list[str], start: int) -> Iterator[_Piece | _Problem]:
    """The actions of a record's body (from the line at index ``start``) and the notes'
    mistakes. One action to a line, with its note in braces after it; a note may run
    over several lines.

    A note that is not closed ends the reading: what follows it cannot be told apart
    from the note.
    """
    i = start
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            i += 1
            continue
        brace = line.find("{")
        if brace < 0:
            yield _Piece(stripped, i + 1)
            i += 1
            continue
        action = line[:brace].strip()
        if not action:
            yield _Problem(_("a note in braces must follow an action"), i + 1)
        note, end_i, end_pos, broken = _read_note(lines, i, brace + 1)
        if action:
            yield _Piece(action, i + 1, "" if broken else note)
        if broken:
            yield _Problem(broken, i + 1)
            return
        rest = lines[end_i][end_pos:].strip()
        if rest and not rest.startswith("#"):
            yield _Problem(
                # Translators: {text} is what follows the note on its line.
                _("{text} follows a note on the same line: write one action to a line").format(
                    text=shown(rest)
                ),
                end_i + 1,
                stops=True,
            )
        i = end_i + 1


def _read_note(lines: list[str], i: int, pos: int) -> tuple[str, int, int, str]:
    """The note that starts on line index ``i`` at ``pos`` (after its ``{``): the note,
    the line index and position just after its ``}``, and what is wrong with it ("" if
    nothing).

    A backslash keeps the next character as it is (``\\{``, ``\\}``, ``\\\\``); one at the
    end of a line is dropped (the note goes on on the next line).
    """
    out: list[str] = []
    while i < len(lines):
        line = lines[i]
        segment = line[pos:]
        if "\\" not in segment and "{" not in segment and "}" not in segment:
            out.append(segment)  # nothing special on this line: take it whole
        else:
            j = pos
            while j < len(line):
                ch = line[j]
                if ch == "\\" and j + 1 < len(line):
                    out.append(line[j + 1])
                    j += 2
                    continue
                if ch == "}":
                    return _one_line("".join(out)), i, j + 1, ""
                if ch == "{":
                    return (
                        "",
                        i,
                        j,
                        # Translators: {{ and }} stand for one brace each; keep them doubled.
                        _(
                            "a note opened with '{{' is not closed with '}}' before the '{{' on "
                            "line {line} (write \\{{ for a brace inside a note)"
                        ).format(line=i + 1),
                    )
                if ch == "\\":  # at the end of the line: the line break is kept as it is
                    j += 1
                    continue
                out.append(ch)
                j += 1
        out.append("\n")
        i += 1
        pos = 0
    # Translators: {{ and }} stand for one brace each; keep them doubled.
    return "", i, 0, _("a note opened with '{{' is never closed with '}}'").format()
