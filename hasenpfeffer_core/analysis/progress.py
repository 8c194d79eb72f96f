"""The learner's progress store: every answer, kept on this machine only.

One store per learner. It lives in ``$HASENPFEFFER_HOME`` when that is set, otherwise
in the platform's user data folder (from ``platformdirs``); in the live copy of the
lessons (Pyodide in a browser) it lives in the browser's own storage, through
JupyterLite's drive, so it survives a reload. Nothing in it ever leaves the machine.

The store is one text file, ``progress.jsonl``: a header line naming the format and its
version, then one line of JSON per event (an answer, or a hint step taken). Lines are
only ever appended, each by one ``write`` of a whole line while holding the store's
lock, so two kernels and the command line can record at once and lose nothing. A reader
takes only whole lines, so a line cut short by a crash is never read as an answer. Every
other change (import, reset, a fresh store) writes a new file beside the old one and
renames it into place, so a half-written store can never be seen.

A store that cannot be read (not a progress file, or written by a newer version) is
never overwritten or deleted: it is renamed aside, byte for byte, a fresh store starts,
and :attr:`ProgressStore.notice` says in one line where the old one is.

>>> import tempfile
>>> home = tempfile.mkdtemp()
>>> store = ProgressStore(home)
>>> store.record(Event.answer("quiz", "trick-winner|H|...", ["left bower"], right=True))
>>> store.record(Event.answer("quiz", "trick-winner|S|...", ["joker"], right=False))
>>> [(e.concepts, e.right) for e in store.answers()]
[(('left bower',), True), (('joker',), False)]
>>> len(ProgressStore(home).answers())  # another process sees the same answers
2
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import heapq
import json
import os
import secrets
import stat
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import IO, Any, Final

from ..engine.errors import InvalidDataError
from ..engine.i18n import N_, ngettext
from ..engine.i18n import gettext as _

__all__ = [
    "AHEAD",
    "EARLIEST",
    "FORMAT",
    "MAX_FILE",
    "SOURCES",
    "VERSION",
    "Event",
    "ImportReport",
    "Mark",
    "ProgressStore",
    "Scan",
    "Skipped",
    "Skips",
    "default_home",
    "open_regular",
    "open_store",
    "parse_time",
]

#: The name and version written in every store's header line.
FORMAT: Final = "hasenpfeffer-progress"
VERSION: Final = 1
#: The file that holds the store, inside the home folder.
FILE_NAME: Final = "progress.jsonl"
#: Where answers come from: a lesson's exercise, a quiz, spaced practice, a puzzle, a
#: hint step.
SOURCES: Final = ("exercise", "quiz", "practice", "puzzle", "hint")
#: The folder of the live copy's browser storage, as the Pyodide kernel mounts it.
BROWSER_DRIVE: Final = Path("/drive")
#: The most unreadable lines one load reports by line number.
_SHOWN_BAD: Final = 3

#: The earliest time an answer may carry: anything before it came from a wrong clock.
EARLIEST: Final = datetime(2000, 1, 1, tzinfo=UTC)
#: How far past this machine's clock an answer may be dated (another machine's clock a
#: little ahead). A later one is left out, never taken as "now": it would hide every
#: answer after it from the schedule.
AHEAD: Final = timedelta(days=1)
#: The longest line of a progress file that is read (an answer takes about 200 bytes).
MAX_LINE: Final = 64 * 1024
#: The deepest nesting of brackets in a line that is read (an answer nests 2 deep).
MAX_DEPTH: Final = 8
#: The largest file ``import`` reads (about 400,000 answers, years of daily practice).
MAX_FILE: Final = 64_000_000
#: The longest texts an answer carries: its item, a concept, its kind, its id; and the
#: most concepts one answer practises.
_MAX_TEXT: Final = {"item": 1000, "concept": 100, "kind": 40, "id": 64}
_MAX_CONCEPTS: Final = 20
#: How much of the file a reader takes at a time.
_CHUNK: Final = 4 * 1024 * 1024


def default_home() -> Path:
    """Where the store lives: ``$HASENPFEFFER_HOME``, the browser's storage in the live
    copy, otherwise the platform's user data folder for ``hasenpfeffer``."""
    env = os.environ.get("HASENPFEFFER_HOME", "").strip()
    if env:
        return Path(env).expanduser()
    if sys.platform == "emscripten":
        return BROWSER_DRIVE / ".hasenpfeffer"
    import platformdirs

    return platformdirs.user_data_path("hasenpfeffer", appauthor=False)


def _now() -> datetime:
    return datetime.now(UTC)


def _when_text(when: datetime) -> str:
    return when.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Skipped(ValueError):
    """A line of a progress file that is not taken in, and why: ``reason`` is
    ``"unreadable"`` (not an answer this version can read: not JSON, a field missing or
    wrong, too long or too deeply nested) or ``"dated"`` (a time before :data:`EARLIEST`
    or past this machine's clock by more than :data:`AHEAD`: the clock was wrong)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(detail or reason)
        self.reason = reason


def parse_time(text: object, latest: datetime | None = None) -> datetime:
    """The time a line carries, checked: ISO 8601 with its time zone, from
    :data:`EARLIEST` to ``latest`` (default: now and :data:`AHEAD`)."""
    if not isinstance(text, str) or len(text) > 40:
        raise ValueError("the time is not a short text")
    when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if when.tzinfo is None:
        raise ValueError("the time has no time zone")
    try:
        when = when.astimezone(UTC)
    except OverflowError:  # at the edge of the calendar: shifted past it
        raise Skipped("dated") from None
    if not EARLIEST <= when <= (latest or _now() + AHEAD):
        raise Skipped("dated")
    return when


def _depth(line: bytes) -> int:
    """How deeply the brackets of a JSON text nest (outside its strings)."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in line:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest


def _loads(line: bytes) -> object:
    """One line of JSON, bounded: :class:`Skipped` (``unreadable``) for a line longer
    than :data:`MAX_LINE`, nested deeper than :data:`MAX_DEPTH`, or not JSON."""
    if len(line) > MAX_LINE:
        raise Skipped("unreadable", "the line is too long")
    if line.count(b"[") + line.count(b"{") > MAX_DEPTH and _depth(line) > MAX_DEPTH:
        raise Skipped("unreadable", "the line is nested too deeply")
    try:
        return json.loads(line)
    except (ValueError, RecursionError):
        raise Skipped("unreadable", "the line is not JSON") from None


@dataclass(frozen=True, slots=True)
class Event:
    """One thing the learner did: an answer (``right`` is True or False) or a hint step
    taken (``source`` is ``"hint"`` and ``right`` is None).

    ``item`` says what was answered (an exercise's name, a question's key); ``concepts``
    are the situations and principles it practised; ``hints`` counts the hint steps
    seen before answering, ``attempt`` the tries (1 is right first time); ``lesson`` is
    the lesson's number when it was answered in a lesson.
    """

    source: str
    item: str
    concepts: tuple[str, ...]
    right: bool | None
    when: datetime = field(default_factory=_now)
    hints: int = 0
    attempt: int = 1
    lesson: int | None = None
    kind: str = ""
    id: str = field(default_factory=lambda: secrets.token_hex(8))

    @classmethod
    def answer(
        cls,
        source: str,
        item: str,
        concepts: Iterable[str],
        *,
        right: bool,
        hints: int = 0,
        attempt: int = 1,
        lesson: int | None = None,
        kind: str = "",
        when: datetime | None = None,
    ) -> Event:
        """An answer, checked: a bad value raises :class:`InvalidDataError`."""
        event = cls(
            source,
            item,
            tuple(concepts),
            bool(right),
            when or _now(),
            hints,
            attempt,
            lesson,
            kind,
        )
        event.check()
        return event

    @classmethod
    def hint(
        cls,
        item: str,
        concepts: Iterable[str],
        step: int,
        *,
        lesson: int | None = None,
        kind: str = "",
        when: datetime | None = None,
    ) -> Event:
        """A hint step taken (``step`` 1 is the first)."""
        event = cls("hint", item, tuple(concepts), None, when or _now(), step, 1, lesson, kind)
        event.check()
        return event

    @property
    def is_answer(self) -> bool:
        return self.right is not None

    def check(self) -> None:
        """Raise :class:`InvalidDataError` naming the first field that is wrong."""
        if self.source not in SOURCES:
            raise InvalidDataError(
                f"an answer's source is one of {', '.join(SOURCES)}, not {self.source!r:.60}"
            )
        if not isinstance(self.item, str) or not 0 < len(self.item) <= _MAX_TEXT["item"]:
            raise InvalidDataError(
                "an answer needs a non-empty item: what was answered "
                f"(at most {_MAX_TEXT['item']} characters)"
            )
        if not isinstance(self.id, str) or not 0 < len(self.id) <= _MAX_TEXT["id"]:
            raise InvalidDataError(f"an id is a text of 1 to {_MAX_TEXT['id']} characters")
        if not isinstance(self.kind, str) or len(self.kind) > _MAX_TEXT["kind"]:
            raise InvalidDataError(f"a kind is a text of at most {_MAX_TEXT['kind']} characters")
        if len(self.concepts) > _MAX_CONCEPTS or not all(
            isinstance(c, str) and 0 < len(c) <= _MAX_TEXT["concept"] for c in self.concepts
        ):
            raise InvalidDataError(
                f"concepts are non-empty texts (at most {_MAX_CONCEPTS}, of at most "
                f"{_MAX_TEXT['concept']} characters each), not {self.concepts!r:.80}"
            )
        if (self.source == "hint") != (self.right is None):
            raise InvalidDataError("a hint step has no verdict, and an answer has one")
        for name, value in (("hints", self.hints), ("attempt", self.attempt)):
            if type(value) is not int or not 0 <= value <= 1000:
                raise InvalidDataError(f"{name} is a whole number from 0 to 1000, not {value!r}")
        if self.lesson is not None and (type(self.lesson) is not int or not 1 <= self.lesson <= 99):
            raise InvalidDataError(f"a lesson is a number from 1 to 99, not {self.lesson!r}")
        if not isinstance(self.when, datetime) or self.when.tzinfo is None:
            raise InvalidDataError("an answer's time must carry its time zone")

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "at": _when_text(self.when),
            "source": self.source,
            "item": self.item,
            "concepts": list(self.concepts),
            "right": self.right,
        }
        if self.hints:
            data["hints"] = self.hints
        if self.attempt != 1:
            data["attempt"] = self.attempt
        if self.lesson is not None:
            data["lesson"] = self.lesson
        if self.kind:
            data["kind"] = self.kind
        return data

    def line(self) -> bytes:
        """The event as one line of the store."""
        return (json.dumps(self.to_dict(), ensure_ascii=False) + "\n").encode()

    @classmethod
    def from_dict(cls, data: object, latest: datetime | None = None) -> Event:
        """The event a line of the store holds, every field checked for kind and range
        (its time from :data:`EARLIEST` to ``latest``, by default now and
        :data:`AHEAD`); :class:`Skipped` (a ``ValueError``) saying why if it is not one."""
        if not isinstance(data, dict):
            raise Skipped("unreadable", "a line is not a JSON object")
        try:
            concepts = data["concepts"]
            if not isinstance(concepts, list):
                raise Skipped("unreadable", "concepts is not a list")
            when = parse_time(data["at"], latest)
            event = cls(
                source=data["source"],
                item=data["item"],
                concepts=tuple(concepts),
                right=data["right"],
                when=when,
                hints=data.get("hints", 0),
                attempt=data.get("attempt", 1),
                lesson=data.get("lesson"),
                kind=data.get("kind", ""),
                id=data["id"],
            )
        except KeyError as e:
            raise Skipped("unreadable", f"the field {e.args[0]!r} is missing") from None
        except Skipped:
            raise
        except (ValueError, TypeError) as e:
            raise Skipped("unreadable", str(e)) from None
        if event.right not in (True, False, None) or not isinstance(event.right, bool | None):
            raise Skipped("unreadable", "right is not true, false or null")
        try:
            event.check()
        except InvalidDataError as e:
            raise Skipped("unreadable", str(e)) from None
        return event

    @classmethod
    def from_line(cls, line: bytes, latest: datetime | None = None) -> Event:
        """The event one line of a progress file holds (see :meth:`from_dict`)."""
        return cls.from_dict(_loads(line), latest)


# --- reading files, checked -----------------------------------------------------------

# Translators: what a path is instead of a regular file ("... is a device").
_KINDS: Final = (
    (stat.S_ISDIR, N_("a folder")),
    (stat.S_ISFIFO, N_("a pipe")),
    (stat.S_ISSOCK, N_("a socket")),
    (stat.S_ISCHR, N_("a device")),
    (stat.S_ISBLK, N_("a device")),
)


def _kind_words(mode: int) -> str:
    for test, words in _KINDS:
        if test(mode):
            return _(words)
    return _("not a regular file")


def megabytes(size: int) -> str:
    """A size in whole megabytes, rounded up: ``64 MB``."""
    return _("{n} MB").format(n=max(1, -(-size // 1_000_000)))


def open_regular(path: str | os.PathLike[str], limit: int | None = None) -> IO[bytes]:
    """``path`` opened for reading, when it is a regular file (a link is followed) of at
    most ``limit`` bytes. A device, a pipe, a folder or a larger file is refused with
    :class:`InvalidDataError` before a byte is read, so that nothing blocks or fills the
    memory; a file that cannot be opened raises ``OSError``."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)  # non-blocking: opening a pipe must not wait for a writer
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            # Translators: path is a file name; kind says what it is instead ("a device").
            raise InvalidDataError(
                _("{path} is not a regular file but {kind}").format(
                    path=path, kind=_kind_words(st.st_mode)
                )
            )
        if limit is not None and st.st_size > limit:
            # Translators: size and limit are sizes in megabytes ("2,048 MB", "64 MB").
            raise InvalidDataError(
                _("{path} is too large to be a progress file ({size}; the most is {limit})").format(
                    path=path, size=megabytes(st.st_size), limit=megabytes(limit)
                )
            )
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _whole_lines(f: IO[bytes]) -> Iterator[tuple[int, bytes | None]]:
    """The whole lines of ``f`` from where it stands: each line's length in bytes (its
    newline counted) and its bytes, or None for a line longer than :data:`MAX_LINE`
    (read through, never kept). A last line without its newline is left: it may still
    be being written."""
    rest = b""
    skipping = 0  # bytes of an overlong line read so far
    while chunk := f.read(_CHUNK):
        buf = rest + chunk if rest else chunk
        start = 0
        while (nl := buf.find(b"\n", start)) >= 0:
            if skipping:
                yield skipping + nl + 1 - start, None
                skipping = 0
            elif nl - start > MAX_LINE:
                yield nl + 1 - start, None
            else:
                yield nl + 1 - start, buf[start : nl + 1]
            start = nl + 1
        rest = buf[start:]
        if skipping or len(rest) > MAX_LINE:
            skipping += len(rest)
            rest = b""


#: A line as a reader found it: its number, its length in bytes, and the event it
#: holds, why it was skipped, or None for a blank line.
_Line = tuple[int, int, "Event | Skipped | None"]


def _read_events(f: IO[bytes], first: int, latest: datetime) -> Iterator[_Line]:
    """Every whole line of ``f`` from where it stands (numbered from ``first``), read
    and checked. Lines come in batches: a batch of good lines is parsed at once."""
    batch: list[tuple[int, bytes | None]] = []
    number = first

    def flush() -> Iterator[_Line]:
        nonlocal number
        rows: list[object] | None = None
        texts = [t for _n, t in batch if t is not None and t.strip()]
        if texts and len(texts) == len(batch):
            try:
                parsed = json.loads(b"[" + b",".join(texts) + b"]")
                rows = parsed if isinstance(parsed, list) and len(parsed) == len(texts) else None
            except (ValueError, RecursionError):
                rows = None
            if rows is not None and any(
                len(t) > MAX_LINE or t.count(b"[") + t.count(b"{") > MAX_DEPTH for t in texts
            ):
                rows = None  # bounds are checked line by line
        for i, (size, text) in enumerate(batch):
            item: Event | Skipped | None
            if text is None:
                item = Skipped("unreadable", "the line is too long")
            elif not text.strip():
                item = None
            else:
                try:
                    item = (
                        Event.from_dict(rows[i], latest)
                        if rows is not None
                        else Event.from_line(text, latest)
                    )
                except Skipped as e:
                    item = e
            yield number, size, item
            number += 1
        batch.clear()

    for size, text in _whole_lines(f):
        batch.append((size, text))
        if len(batch) >= 2048:
            yield from flush()
    yield from flush()


@dataclass
class Skips:
    """The lines a reader left out: how many (``count``), how many of them for a date
    that cannot be right (``dated``), and the first few line numbers (``lines``)."""

    count: int = 0
    dated: int = 0
    lines: list[int] = field(default_factory=list)

    def add(self, number: int, skipped: Skipped) -> None:
        """Count line ``number``, left out for ``skipped``'s reason."""
        self.count += 1
        self.dated += skipped.reason == "dated"
        if len(self.lines) < _SHOWN_BAD:
            self.lines.append(number)

    def merge(self, later: Skips) -> None:
        """Add the lines another reader left out further on in the same file."""
        self.count += later.count
        self.dated += later.dated
        self.lines = (self.lines + later.lines)[:_SHOWN_BAD]

    def text(self, path: object) -> str:
        """What the learner is told of these lines of their progress file at ``path``
        (empty when none was left out)."""
        count, dated = self.count, self.dated
        if not count:
            return ""
        shown = ", ".join(str(n) for n in self.lines)
        more = "" if count <= _SHOWN_BAD else ", ..."
        if dated == count:
            # Translators: n is how many answers, lines their line numbers ("3, 7, 9, ..."),
            # path the progress file. A clock set wrong wrote dates far in the future or
            # before the year 2000.
            return ngettext(
                "{n} answer in your progress file has a date that cannot be right (line "
                "{lines} of {path}); it is left in the file and not counted.",
                "{n} answers in your progress file have dates that cannot be right (lines "
                "{lines} of {path}); they are left in the file and not counted.",
                count,
            ).format(n=count, lines=shown + more, path=path)
        # Translators: n is how many lines, lines their numbers ("3, 7, 9, ..."),
        # path the progress file.
        return ngettext(
            "{n} line of your progress file could not be read (line {lines} of {path}); "
            "they are left in the file and skipped.",
            "{n} lines of your progress file could not be read (lines {lines} of {path}); "
            "they are left in the file and skipped.",
            count,
        ).format(n=count, lines=shown + more, path=path)


def _new_header(created: str | None = None) -> bytes:
    """A header line; ``file`` is new each time the whole file is written, so a reader
    that has read part of the file can tell it was replaced."""
    head = {
        "format": FORMAT,
        "version": VERSION,
        "created": created or _when_text(_now()),
        "file": secrets.token_hex(8),
    }
    return (json.dumps(head) + "\n").encode()


class _Unreadable(Exception):
    """The store's file is not a progress file this version can read: why (in the
    learner's language), and a tag (for the name of the file kept aside)."""

    def __init__(self, why: str, tag: str) -> None:
        super().__init__(why)
        self.why, self.tag = why, tag


def _check_header(line: bytes) -> dict[str, Any]:
    """The header line's fields; :class:`_Unreadable` if it is not ours to read."""
    try:
        head = _loads(line.rstrip(b"\n"))
    except Skipped:
        head = None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        # Translators: why a progress file cannot be read.
        raise _Unreadable(_("it is not a progress file (its first line is not ours)"), "unreadable")
    version = head.get("version")
    if type(version) is not int or version < 1:
        raise _Unreadable(_("its version is not a number"), "unreadable")
    if version > VERSION:
        # Translators: why a progress file cannot be read; version is the file's format
        # number, mine the one this program reads.
        raise _Unreadable(
            _(
                "it was written by a newer version of hasenpfeffer (format {version}; "
                "this one reads format {mine})"
            ).format(version=min(version, 10**6), mine=VERSION),
            f"format-{min(version, 10**6)}",
        )
    return head


def _read_header(f: IO[bytes]) -> bytes:
    """The first line of ``f``, at most :data:`MAX_LINE` long (a longer one is cut and
    so not a header)."""
    return f.readline(MAX_LINE + 1)


@dataclass(frozen=True)
class Mark:
    """A place in the store's file: the bytes before ``offset`` (``lines`` whole lines,
    the header first) hash to ``digest``. A reader that kept a mark can go on from it
    while the file still starts with those same bytes."""

    offset: int
    lines: int
    digest: str

    def to_dict(self) -> dict[str, Any]:
        return {"offset": self.offset, "lines": self.lines, "digest": self.digest}

    @classmethod
    def from_dict(cls, data: object) -> Mark:
        """The mark ``data`` holds, checked; ``ValueError`` if it holds none."""
        if not isinstance(data, dict):
            raise ValueError("a mark is an object")
        offset, lines, digest = data.get("offset"), data.get("lines"), data.get("digest")
        if type(offset) is not int or type(lines) is not int or not 0 < lines <= offset:
            raise ValueError("a mark's offset and lines are whole numbers")
        if not isinstance(digest, str) or len(digest) != 32:
            raise ValueError("a mark's digest is 32 hex digits")
        return cls(offset, lines, digest)


def _hasher() -> Any:
    return hashlib.blake2b(digest_size=16)


def _hash_range(f: IO[bytes], h: Any, start: int, end: int) -> None:
    f.seek(start)
    left = end - start
    while left > 0:
        chunk = f.read(min(_CHUNK, left))
        if not chunk:
            raise ValueError("the file is shorter than it was")
        h.update(chunk)
        left -= len(chunk)


class Scan:
    """One pass over the store's events after a :class:`Mark`, as a context:

    >>> with store.scan(mark) as scan:  # doctest: +SKIP
    ...     for event in scan: ...

    On entering, the file is opened and the mark checked: ``fresh`` is True when the
    pass starts from the beginning (no mark, or the file no longer begins with the
    bytes it marks). Once every event has been taken, ``mark`` says where the pass
    ended, and ``skips`` what it left out. A store with
    no file (or none that can be read) has no events, and ``mark`` stays None."""

    def __init__(self, path: Path, start: Mark | None, latest: datetime) -> None:
        self.path, self.start, self.latest = path, start, latest
        self.fresh = True
        self.mark: Mark | None = None
        self.skips = Skips()
        self._f: IO[bytes] | None = None
        self._h: Any = None
        self._offset = self._lines = 0

    def __enter__(self) -> Scan:
        try:
            f = open_regular(self.path)
        except (FileNotFoundError, InvalidDataError):
            return self
        try:
            head = _read_header(f)
            _check_header(head)
        except _Unreadable:
            f.close()
            return self
        self._f = f
        start, h = self.start, _hasher()
        if start is not None and start.offset <= os.fstat(f.fileno()).st_size:
            try:
                _hash_range(f, h, 0, start.offset)
            except ValueError:
                start = None
            if start is not None and h.hexdigest() != start.digest:
                start = None
        else:
            start = None
        self.fresh = start is None
        if start is None:
            h = _hasher()
            h.update(head)
            self._offset, self._lines = len(head), 1
        else:
            self._offset, self._lines = start.offset, start.lines
        self._h = h
        return self

    def __exit__(self, *exc: object) -> None:
        if self._f is not None:
            self._f.close()
            self._f = None

    def __iter__(self) -> Iterator[Event]:
        f = self._f
        if f is None:
            return
        f.seek(self._offset)
        end, lines = self._offset, self._lines
        for number, size, item in _read_events(f, lines + 1, self.latest):
            end += size
            lines = number
            if isinstance(item, Event):
                yield item
            elif isinstance(item, Skipped):
                self.skips.add(number, item)
        _hash_range(f, self._h, self._offset, end)
        self.mark = Mark(end, lines, self._h.hexdigest())


@dataclass(frozen=True)
class ImportReport:
    """What one import did: the answers and hint steps it ``added``, those ``already``
    in the store, and the lines of the file it left out (``skips``)."""

    source: Path
    added: int
    already: int
    skips: Skips = field(default_factory=Skips)


class ProgressStore:
    """The learner's store in ``home`` (default: :func:`default_home`).

    :meth:`record` appends an event; :meth:`events` and :meth:`answers` read them back
    (only the lines added since the last read are parsed, and a file replaced under the
    reader, by an import or a reset elsewhere, is read afresh). :meth:`scan` passes over
    the events without keeping them. :meth:`export_to`, :meth:`import_from` and
    :meth:`reset` change the whole store, atomically. ``notice`` is one line for the
    learner when something needed saying on opening the store (one kept aside, lines
    that could not be read), else ``""``.

    Every line is checked before it is used (see :meth:`Event.from_dict`); a line that
    fails is left in the file, skipped and counted, never fatal.
    """

    def __init__(self, home: str | os.PathLike[str] | None = None) -> None:
        self.home = Path(home) if home is not None else default_home()
        self.path = self.home / FILE_NAME
        #: One line for the learner when the store had to be kept aside, else "".
        self.kept_aside = ""
        self._events: list[Event] = []
        self._ids: set[str] = set()
        self._offset = 0  # the bytes of the file already read
        self._lines = 0  # the lines already read
        self._identity: tuple[int, int] | None = None
        self._head = b""  # the header line, as read
        self._tail = b""  # the last bytes read before _offset
        self._skips = Skips()  # the lines left out so far
        self._listeners: list[Any] = []

    @property
    def notice(self) -> str:
        """One line for the learner when something needed saying about the store (one
        kept aside, lines that could not be read), else ``""``."""
        return " ".join(x for x in (self.kept_aside, self._skips.text(self.path)) if x)

    # --- locking and files --------------------------------------------------------

    @contextlib.contextmanager
    def _lock(self) -> Iterator[None]:
        if sys.platform == "emscripten":  # one kernel per page; the drive has no locks
            if not BROWSER_DRIVE.is_dir():  # no storage: a file made here would vanish
                raise OSError(
                    errno.ENOENT, _("this browser gives the page no storage"), str(BROWSER_DRIVE)
                )
            self.home.mkdir(parents=True, exist_ok=True)
            yield
            return
        self.home.mkdir(parents=True, exist_ok=True)
        from filelock import FileLock

        with FileLock(str(self.home / "progress.lock"), timeout=30):
            yield

    def _write_new(self, content: bytes) -> None:
        """Put ``content`` in place of the store: written beside it, then renamed."""
        self.write_beside(FILE_NAME, content)
        self._forget()

    def write_beside(self, name: str, content: bytes) -> Path:
        """Write the file ``name`` in the store's folder atomically: the whole of
        ``content`` in a new file, then renamed into place."""
        self.home.mkdir(parents=True, exist_ok=True)
        return _write_atomic(self.home / name, lambda f: f.write(content))

    def _aside_path(self, tag: str) -> Path:
        stamp = _now().strftime("%Y%m%d-%H%M%S")
        n = 0
        while True:
            suffix = f"-{n}" if n else ""
            candidate = self.home / f"progress-{tag}-{stamp}{suffix}.jsonl"
            if not os.path.lexists(candidate):
                return candidate
            n += 1

    def _put_aside(self, tag: str) -> Path:
        """Rename the store aside (byte for byte, never overwriting anything; a link or
        a special file is moved as it is, never read)."""
        target = self._aside_path(tag)
        os.rename(self.path, target)
        self._forget()
        return target

    def _forget(self) -> None:
        self._events, self._ids, self._skips = [], set(), Skips()
        self._offset = self._lines = 0
        self._identity = None
        self._head = self._tail = b""

    def _problem(self) -> _Unreadable | None:
        """Why the store's file cannot be read as it is, or None (also None when there
        is no file, or an empty one)."""
        try:
            with open_regular(self.path) as f:
                _check_header(_read_header(f))
        except FileNotFoundError:
            return None
        except InvalidDataError as e:  # a device, a pipe, a folder
            return _Unreadable(str(e), "not-a-file")
        except _Unreadable as e:
            if self.path.stat().st_size == 0:
                return None
            return e
        return None

    def _ensure(self) -> None:
        """Make sure a readable store file exists (called holding the lock)."""
        problem = self._problem()
        if problem is not None:
            aside = self._put_aside(problem.tag)
            # Translators: why says why ("it is not a progress file ..."), aside is the
            # path of the file kept aside.
            self.kept_aside = _(
                "Your progress file could not be read: {why}. It is kept unchanged at "
                "{aside}, and a new one starts."
            ).format(why=problem.why, aside=aside)
        try:
            if self.path.stat().st_size > 0:
                return
        except FileNotFoundError:
            pass
        self._write_new(_new_header())

    # --- reading ------------------------------------------------------------------

    def _replaced(self, st: os.stat_result) -> bool:
        """Whether the file is no longer the one read so far: another file (an import
        or a reset renamed a new one into place, maybe on a reused inode), or cut."""
        if self._identity != (st.st_ino, st.st_dev) or st.st_size < self._offset:
            return True
        try:
            with open_regular(self.path) as f:
                if _read_header(f) != self._head:
                    return True
                f.seek(self._offset - len(self._tail))
                return f.read(len(self._tail)) != self._tail
        except (OSError, InvalidDataError):
            return True

    def _refresh(self) -> None:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            self._forget()
            return
        if self._identity is not None and self._replaced(st):
            self._forget()
        if self._identity is None and self._problem() is not None:
            if not self._settle():
                return
            st = os.stat(self.path)
        identity = (st.st_ino, st.st_dev)
        if st.st_size == self._offset and self._identity == identity:
            return
        latest = _now() + AHEAD
        try:
            f = open_regular(self.path)
        except InvalidDataError:  # replaced by a special file since: read next time
            return
        with f:
            if self._offset == 0:
                head = _read_header(f)
                try:
                    _check_header(head)
                except _Unreadable:
                    return  # an empty file, or replaced since: read next time
                self._head, self._offset, self._lines = head, len(head), 1
            f.seek(self._offset)
            for number, size, item in _read_events(f, self._lines + 1, latest):
                self._offset += size
                self._lines = number
                if isinstance(item, Event):
                    if item.id not in self._ids:
                        self._ids.add(item.id)
                        self._events.append(item)
                elif isinstance(item, Skipped):
                    self._skips.add(number, item)
            f.seek(max(len(self._head), self._offset - 64))
            self._tail = f.read(self._offset - max(len(self._head), self._offset - 64))
        self._identity = identity

    def events(self) -> list[Event]:
        """Every event in the store, in the order they were recorded."""
        self._refresh()
        return list(self._events)

    def answers(self) -> list[Event]:
        """Every answer (hint steps left out), in the order they were recorded."""
        return [e for e in self.events() if e.is_answer]

    def scan(self, start: Mark | None = None, latest: datetime | None = None) -> Scan:
        """A pass over the events after ``start`` (from the beginning when it is None
        or the file no longer begins as it did), checked as :meth:`events` checks them
        but not kept: for a summary of a store of any size. Nothing is deduplicated.
        An unreadable store is kept aside first (see ``notice``)."""
        self._settle()
        return Scan(self.path, start, latest or _now() + AHEAD)

    def _settle(self) -> bool:
        """Keep an unreadable store aside and start a fresh one; False (``notice``
        says why) when that cannot be done."""
        if self._problem() is None:
            return True
        try:
            with self._lock():
                self._ensure()
        except OSError as e:  # a folder that cannot be written
            self._forget()
            # Translators: path is the progress file, error the system's reason.
            self.kept_aside = _(
                "Your progress file {path} cannot be read, nor set aside so that "
                "a new one can start ({error})."
            ).format(path=self.path, error=e.strerror or e)
            return False
        return True

    # --- writing ------------------------------------------------------------------

    def record(self, event: Event) -> None:
        """Append ``event`` to the store (one whole line, holding the lock)."""
        if not isinstance(event, Event):
            raise InvalidDataError(f"the store records events, not {type(event).__name__}")
        event.check()
        line = event.line()
        with self._lock():
            self._ensure()
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_NONBLOCK", 0))
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    raise OSError(errno.EINVAL, _("not a regular file"), str(self.path))
                if os.lseek(fd, 0, os.SEEK_END) and not self._ends_with_newline():
                    line = b"\n" + line  # a line cut short before: keep it on its own
                os.write(fd, line)
            finally:
                os.close(fd)
        for listener in list(self._listeners):
            listener(event)

    def _ends_with_newline(self) -> bool:
        with open_regular(self.path) as f:
            f.seek(-1, os.SEEK_END)
            return f.read(1) == b"\n"

    def on_record(self, listener: Any) -> None:
        """Call ``listener(event)`` after each event this store object records."""
        self._listeners.append(listener)

    def export_to(self, target: str | os.PathLike[str]) -> Path:
        """Copy the whole store to ``target`` (a file, written atomically); its path.

        A folder gets a file named for today inside it. A link is followed: the file it
        points to is replaced and the link kept. A target that exists and is not a
        regular file (a device, a pipe) is refused with :class:`InvalidDataError`, and
        nothing is written. An ``OSError`` names the path that failed (the store's
        folder when its lock cannot be taken)."""
        target = Path(target)
        if target.is_dir():
            target = target / f"hasenpfeffer-progress-{_now().strftime('%Y%m%d')}.jsonl"
        real = Path(os.path.realpath(target))
        try:
            mode = os.stat(real).st_mode
        except FileNotFoundError:
            mode = None
        except OSError as e:
            raise OSError(e.errno, e.strerror, str(target)) from None
        if mode is not None and not stat.S_ISREG(mode):
            # Translators: path is where the learner asked to save; kind what it is
            # ("a device").
            raise InvalidDataError(
                _("{path} is {kind}, not a file: progress is saved only in a file").format(
                    path=target, kind=_kind_words(mode)
                )
            )
        self.events()
        with self._lock():
            self._ensure()
            with open_regular(self.path) as src:
                _write_atomic(real, lambda out: _copy(src, out), named=target)
        return target

    def import_from(self, source: str | os.PathLike[str]) -> ImportReport:
        """Add the answers of an exported store (those not already here).

        A file that is not a progress file, one from a newer version, one that is not a
        regular file or is larger than :data:`MAX_FILE` is refused with
        :class:`InvalidDataError` and nothing changes. Lines that cannot be read, or
        carry a date that cannot be right, are left out and counted in the report.
        """
        source = Path(source)
        incoming: list[Event] = []
        latest = _now() + AHEAD
        skips = Skips()
        try:
            with open_regular(source, MAX_FILE) as f:
                first = _read_header(f)
                try:
                    _check_header(first)
                except _Unreadable as e:
                    # Translators: path is a file, why why it cannot be read.
                    raise InvalidDataError(
                        _("{path} cannot be imported: {why}").format(path=source, why=e.why)
                    ) from None
                seen: set[str] = set()
                for number, _size, item in _read_events(f, 2, latest):
                    if isinstance(item, Event):
                        if item.id not in seen:
                            seen.add(item.id)
                            incoming.append(item)
                    elif isinstance(item, Skipped):
                        skips.add(number, item)
        except OSError as e:
            # Translators: path is a file, error the system's reason.
            raise InvalidDataError(
                _("cannot read {path}: {error}").format(path=source, error=e.strerror or e)
            ) from None
        if skips.count and not incoming:
            if skips.dated == skips.count:
                # Translators: path is a file whose every answer carries a date in the
                # future or before the year 2000 (a clock set wrong).
                raise InvalidDataError(
                    _("{path} holds no answers with a date that can be right").format(path=source)
                )
            raise InvalidDataError(
                _("{path} holds no answers that can be read").format(path=source)
            )
        with self._lock():
            self._ensure()
            added = self._merge(incoming)
        return ImportReport(source, added, len(incoming) - added, skips)

    def _merge(self, incoming: list[Event]) -> int:
        """Merge ``incoming`` into the store by time (holding the lock); how many were
        new. The store's own lines are kept byte for byte; those it cannot read (and a
        last line cut short) go to its end, copied as they are."""
        latest = _now() + AHEAD
        have: list[tuple[datetime, bytes]] = []
        ids: set[str] = set()
        unread: list[tuple[int, int]] = []  # (offset, size) of lines kept as they are
        with open_regular(self.path) as f:
            head = _read_header(f)
            created = _check_header(head).get("created")
            offset = len(head)
            for size, text in _whole_lines(f):
                event: Event | None = None
                if text is not None and text.strip():
                    try:
                        event = Event.from_line(text, latest)
                    except Skipped:
                        event = None
                if event is not None:
                    ids.add(event.id)
                    have.append((event.when, text or b""))
                elif text is None or text.strip():
                    unread.append((offset, size))
                offset += size
            end = os.fstat(f.fileno()).st_size
            if end > offset:
                unread.append((offset, end - offset))
            new = sorted((e for e in incoming if e.id not in ids), key=lambda e: e.when)
            if not new:
                return 0
            merged = heapq.merge(
                ((t, i, line) for i, (t, line) in enumerate(have)),
                ((e.when, len(have) + i, e.line()) for i, e in enumerate(new)),
            )
            created_text = created if isinstance(created, str) and len(created) <= 40 else None

            def write(out: IO[bytes]) -> None:
                out.write(_new_header(created_text))
                for _t, _i, line in merged:
                    out.write(line)
                for start, size in unread:
                    f.seek(start)
                    last = b"\n"
                    while size > 0 and (piece := f.read(min(_CHUNK, size))):
                        out.write(piece)
                        size -= len(piece)
                        last = piece[-1:]
                    if last != b"\n":
                        out.write(b"\n")

            _write_atomic(self.path, write)
        self._forget()
        return len(new)

    def reset(self) -> Path | None:
        """Start a fresh store; the old one is kept aside, and its new path returned
        (None when there was nothing to keep). Faces ask the learner first."""
        with self._lock():
            if not os.path.lexists(self.path):
                return None
            aside = self._put_aside("before-reset")
            self._write_new(_new_header())
        return aside

    def asides(self) -> Sequence[Path]:
        """The stores kept aside in the home folder (unreadable ones, and before a reset)."""
        if not self.home.is_dir():
            return []
        return sorted(self.home.glob("progress-*.jsonl"))


def _copy(src: IO[bytes], out: IO[bytes]) -> None:
    while chunk := src.read(_CHUNK):
        out.write(chunk)


def _write_atomic(
    target: Path, write: Callable[[IO[bytes]], object], named: Path | None = None
) -> Path:
    """Write ``target`` whole or not at all: into a new file in its folder, flushed,
    then renamed into place. An error names ``named`` (default: ``target``)."""
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        with open(tmp, "xb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except OSError as e:
        if e.filename in (str(tmp), str(target), None):
            raise OSError(e.errno, e.strerror, str(named or target)) from None
        raise
    finally:
        if os.path.lexists(tmp):
            tmp.unlink()
    return target


_OPEN: dict[Path, ProgressStore] = {}


def open_store(home: str | os.PathLike[str] | None = None) -> ProgressStore:
    """The learner's store in ``home`` (default: :func:`default_home`), one object per
    folder in this process, so every face of one kernel shares what it has read."""
    path = Path(home) if home is not None else default_home()
    key = path.expanduser().absolute()
    if key not in _OPEN:
        _OPEN[key] = ProgressStore(key)
    return _OPEN[key]
