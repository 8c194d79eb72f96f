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
import json
import os
import secrets
import shutil
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from ..engine.errors import InvalidDataError
from ..engine.i18n import gettext as _
from ..engine.i18n import ngettext

__all__ = [
    "FORMAT",
    "SOURCES",
    "VERSION",
    "Event",
    "ProgressStore",
    "default_home",
    "open_store",
]

#: The name and version written in every store's header line.
FORMAT: Final = "hasenpfeffer-progress"
VERSION: Final = 1
#: The file that holds the store, inside the home folder.
FILE_NAME: Final = "progress.jsonl"
#: Where answers come from: a lesson's exercise, a quiz, spaced practice, a hint step.
SOURCES: Final = ("exercise", "quiz", "practice", "hint")
#: The folder of the live copy's browser storage, as the Pyodide kernel mounts it.
BROWSER_DRIVE: Final = Path("/drive")
#: The most unreadable lines one load reports by line number.
_SHOWN_BAD: Final = 3


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


def _parse_when(text: object) -> datetime:
    if not isinstance(text, str):
        raise ValueError("the time is not a text")
    when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if when.tzinfo is None:
        raise ValueError("the time has no time zone")
    return when.astimezone(UTC)


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
                f"an answer's source is one of {', '.join(SOURCES)}, not {self.source!r}"
            )
        if not isinstance(self.item, str) or not self.item:
            raise InvalidDataError("an answer needs a non-empty item: what was answered")
        if not all(isinstance(c, str) and c for c in self.concepts):
            raise InvalidDataError(f"concepts are non-empty texts, not {self.concepts!r}")
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

    @classmethod
    def from_dict(cls, data: object) -> Event:
        """The event a line of the store holds; ``ValueError`` if it is not one."""
        if not isinstance(data, dict):
            raise ValueError("a line is not a JSON object")
        try:
            concepts = data["concepts"]
            if not isinstance(concepts, list):
                raise ValueError("concepts is not a list")
            event = cls(
                source=data["source"],
                item=data["item"],
                concepts=tuple(concepts),
                right=data["right"],
                when=_parse_when(data["at"]),
                hints=data.get("hints", 0),
                attempt=data.get("attempt", 1),
                lesson=data.get("lesson"),
                kind=data.get("kind", ""),
                id=data["id"],
            )
        except KeyError as e:
            raise ValueError(f"the field {e.args[0]!r} is missing") from None
        if not isinstance(event.id, str) or not event.id or not isinstance(event.kind, str):
            raise ValueError("the id or the kind is not a text")
        if event.right not in (True, False, None):
            raise ValueError("right is not true, false or null")
        try:
            event.check()
        except InvalidDataError as e:
            raise ValueError(str(e)) from None
        return event


def _header() -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "created": _when_text(_now())}) + "\n"


class _Unreadable(Exception):
    """The store's file is not a progress file this version can read: why (in the
    learner's language), and a tag (for the name of the file kept aside)."""

    def __init__(self, why: str, tag: str) -> None:
        super().__init__(why)
        self.why, self.tag = why, tag


def _check_header(line: bytes) -> None:
    try:
        head = json.loads(line)
    except ValueError:
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
            ).format(version=version, mine=VERSION),
            f"format-{version}",
        )


def _parse_lines(data: bytes, first_line: int) -> tuple[list[Event], list[int]]:
    """The events in ``data`` (whole lines only), and the numbers of unreadable lines."""
    lines = data.splitlines()
    try:  # the common case, every line readable: one parse for the lot
        rows = json.loads(b"[" + b",".join(x for x in lines if x.strip()) + b"]")
        return [Event.from_dict(r) for r in rows], []
    except ValueError:
        pass
    events: list[Event] = []
    bad: list[int] = []
    for n, line in enumerate(lines, start=first_line):
        if not line.strip():
            continue
        try:
            events.append(Event.from_dict(json.loads(line)))
        except ValueError:
            bad.append(n)
    return events, bad


class ProgressStore:
    """The learner's store in ``home`` (default: :func:`default_home`).

    :meth:`record` appends an event; :meth:`events` and :meth:`answers` read them back
    (only the lines added since the last read are parsed). :meth:`export_to`,
    :meth:`import_from` and :meth:`reset` change the whole store, atomically.
    ``notice`` is one line for the learner when something needed saying on opening the
    store (one kept aside, lines that could not be read), else ``""``.
    """

    def __init__(self, home: str | os.PathLike[str] | None = None) -> None:
        self.home = Path(home) if home is not None else default_home()
        self.path = self.home / FILE_NAME
        self.notice = ""
        self._events: list[Event] = []
        self._ids: set[str] = set()
        self._offset = 0  # the bytes of the file already read
        self._lines = 0  # the lines already read
        self._identity: tuple[int, int] | None = None
        self._bad: list[int] = []
        self._listeners: list[Any] = []

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
        target = self.home / name
        tmp = self.home / f".{name}.{secrets.token_hex(4)}.tmp"
        try:
            with open(tmp, "wb") as f:
                f.write(content)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, target)
        finally:
            if tmp.exists():
                tmp.unlink()
        return target

    def _aside_path(self, tag: str) -> Path:
        stamp = _now().strftime("%Y%m%d-%H%M%S")
        n = 0
        while True:
            suffix = f"-{n}" if n else ""
            candidate = self.home / f"progress-{tag}-{stamp}{suffix}.jsonl"
            if not candidate.exists():
                return candidate
            n += 1

    def _put_aside(self, tag: str) -> Path:
        """Rename the store aside (byte for byte, never overwriting anything)."""
        target = self._aside_path(tag)
        os.rename(self.path, target)
        self._forget()
        return target

    def _forget(self) -> None:
        self._events, self._ids, self._bad = [], set(), []
        self._offset = self._lines = 0
        self._identity = None

    def _ensure(self) -> None:
        """Make sure a readable store file exists (called holding the lock)."""
        try:
            with open(self.path, "rb") as f:
                first = f.readline()
        except FileNotFoundError:
            self._write_new(_header().encode())
            return
        if first == b"":  # an empty file: nothing was ever saved in it
            self._write_new(_header().encode())
            return
        try:
            _check_header(first)
        except _Unreadable as e:
            aside = self._put_aside(e.tag)
            # Translators: why says why ("it is not a progress file ..."), aside is the
            # path of the file kept aside.
            self.notice = _(
                "Your progress file could not be read: {why}. It is kept unchanged at "
                "{aside}, and a new one starts."
            ).format(why=e.why, aside=aside)
            self._write_new(_header().encode())

    # --- reading ------------------------------------------------------------------

    def _refresh(self) -> None:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            self._forget()
            return
        identity = (st.st_ino, st.st_dev)
        if self._identity is not None and (identity != self._identity or st.st_size < self._offset):
            self._forget()  # the file was replaced (import, reset, another kernel)
        if self._identity is None and not self._readable_header():
            try:
                with self._lock():  # keep an unreadable store aside, start a fresh one
                    self._ensure()
            except OSError as e:  # a folder that cannot be written
                self._forget()
                # Translators: path is the progress file, error the system's reason.
                self.notice = _(
                    "Your progress file {path} cannot be read, nor set aside so that "
                    "a new one can start ({error})."
                ).format(path=self.path, error=e.strerror or e)
                return
            st = os.stat(self.path)
            identity = (st.st_ino, st.st_dev)
        if st.st_size == self._offset and self._identity == identity:
            return
        with open(self.path, "rb") as f:
            if self._offset == 0:
                first = f.readline()
                _check_header(first)  # the lock made it ours
                self._offset, self._lines = len(first), 1
            f.seek(self._offset)
            data = f.read()
        end = data.rfind(b"\n") + 1  # whole lines only: a cut line waits or is skipped
        events, bad = _parse_lines(data[:end], self._lines + 1)
        for event in events:
            if event.id not in self._ids:
                self._ids.add(event.id)
                self._events.append(event)
        self._offset += end
        self._lines += data[:end].count(b"\n")
        self._identity = identity
        if bad:
            self._bad.extend(bad)
            shown = ", ".join(str(n) for n in self._bad[:_SHOWN_BAD])
            more = "" if len(self._bad) <= _SHOWN_BAD else ", ..."
            # Translators: n is how many lines, lines their numbers ("3, 7, 9, ..."),
            # path the progress file.
            self.notice = ngettext(
                "{n} line of your progress file could not be read (line {lines} of {path}); "
                "they are left in the file and skipped.",
                "{n} lines of your progress file could not be read (lines {lines} of {path}); "
                "they are left in the file and skipped.",
                len(self._bad),
            ).format(n=len(self._bad), lines=shown + more, path=self.path)

    def _readable_header(self) -> bool:
        try:
            with open(self.path, "rb") as f:
                _check_header(f.readline())
        except (OSError, _Unreadable):
            return False
        return True

    def events(self) -> list[Event]:
        """Every event in the store, in the order they were recorded."""
        self._refresh()
        return list(self._events)

    def answers(self) -> list[Event]:
        """Every answer (hint steps left out), in the order they were recorded."""
        return [e for e in self.events() if e.is_answer]

    # --- writing ------------------------------------------------------------------

    def record(self, event: Event) -> None:
        """Append ``event`` to the store (one whole line, holding the lock)."""
        if not isinstance(event, Event):
            raise InvalidDataError(f"the store records events, not {event!r}")
        event.check()
        line = (json.dumps(event.to_dict(), ensure_ascii=False) + "\n").encode()
        with self._lock():
            self._ensure()
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
            try:
                if os.lseek(fd, 0, os.SEEK_END) and not self._ends_with_newline():
                    line = b"\n" + line  # a line cut short before: keep it on its own
                os.write(fd, line)
            finally:
                os.close(fd)
        for listener in list(self._listeners):
            listener(event)

    def _ends_with_newline(self) -> bool:
        with open(self.path, "rb") as f:
            f.seek(-1, os.SEEK_END)
            return f.read(1) == b"\n"

    def on_record(self, listener: Any) -> None:
        """Call ``listener(event)`` after each event this store object records."""
        self._listeners.append(listener)

    def export_to(self, target: str | os.PathLike[str]) -> Path:
        """Copy the whole store to ``target`` (a file, written atomically); its path."""
        target = Path(target)
        if target.is_dir():
            target = target / f"hasenpfeffer-progress-{_now().strftime('%Y%m%d')}.jsonl"
        self.events()
        with self._lock():
            self._ensure()
            tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
            try:
                shutil.copyfile(self.path, tmp)
                os.replace(tmp, target)
            finally:
                if tmp.exists():
                    tmp.unlink()
        return target

    def import_from(self, source: str | os.PathLike[str]) -> int:
        """Add the answers of an exported store (those not already here); how many.

        A file that is not a progress file, or one from a newer version, is refused with
        :class:`InvalidDataError` and nothing changes.
        """
        source = Path(source)
        try:
            data = source.read_bytes()
        except OSError as e:
            # Translators: path is a file, error the system's reason.
            raise InvalidDataError(
                _("cannot read {path}: {error}").format(path=source, error=e.strerror or e)
            ) from None
        first, _sep, rest = data.partition(b"\n")
        try:
            _check_header(first)
        except _Unreadable as e:
            # Translators: path is a file, why why it cannot be read.
            raise InvalidDataError(
                _("{path} cannot be imported: {why}").format(path=source, why=e.why)
            ) from None
        incoming, bad = _parse_lines(rest, 2)
        if bad and not incoming:
            raise InvalidDataError(
                _("{path} holds no answers that can be read").format(path=source)
            )
        with self._lock():
            self._ensure()
            current = self.path.read_bytes()
            head, _sep2, body = current.partition(b"\n")
            if body and not body.endswith(b"\n"):
                body += b"\n"
            have, _bad = _parse_lines(body, 2)
            ids = {e.id for e in have}
            new = [e for e in incoming if e.id not in ids]
            if new:
                merged = sorted([*have, *new], key=lambda e: e.when)
                lines = [json.dumps(e.to_dict(), ensure_ascii=False) + "\n" for e in merged]
                # lines this version could not read stay in the store, at its end
                kept = [line + b"\n" for n, line in enumerate(body.splitlines(), 2) if line]
                unread = [x for x in kept if not self._readable(x)]
                self._write_new(head + b"\n" + "".join(lines).encode() + b"".join(unread))
        return len(new)

    @staticmethod
    def _readable(line: bytes) -> bool:
        try:
            Event.from_dict(json.loads(line))
        except ValueError:
            return False
        return True

    def reset(self) -> Path | None:
        """Start a fresh store; the old one is kept aside, and its new path returned
        (None when there was nothing to keep). Faces ask the learner first."""
        with self._lock():
            if not self.path.exists():
                return None
            aside = self._put_aside("before-reset")
            self._write_new(_header().encode())
        return aside

    def asides(self) -> Sequence[Path]:
        """The stores kept aside in the home folder (unreadable ones, and before a reset)."""
        if not self.home.is_dir():
            return []
        return sorted(self.home.glob("progress-*.jsonl"))


_OPEN: dict[Path, ProgressStore] = {}


def open_store(home: str | os.PathLike[str] | None = None) -> ProgressStore:
    """The learner's store in ``home`` (default: :func:`default_home`), one object per
    folder in this process, so every face of one kernel shares what it has read."""
    path = Path(home) if home is not None else default_home()
    key = path.expanduser().absolute()
    if key not in _OPEN:
        _OPEN[key] = ProgressStore(key)
    return _OPEN[key]
