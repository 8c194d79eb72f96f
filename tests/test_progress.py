"""The learner's progress store: what is recorded comes back, two writers at once lose
nothing, and a store that cannot be read is kept aside byte for byte, never lost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from hasenpfeffer_core.analysis.progress import (
    FILE_NAME,
    FORMAT,
    VERSION,
    Event,
    ProgressStore,
    default_home,
    open_store,
)
from hasenpfeffer_core.engine.errors import InvalidDataError

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # answers must not lie in the future


def answer(i: int, right: bool = True, **kw: object) -> Event:
    return Event.answer(
        "quiz", f"question {i}", ["left bower"], right=right, when=T0 + timedelta(minutes=i), **kw
    )


def test_what_is_recorded_comes_back_whole(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    sent = [
        answer(1),
        answer(2, right=False, hints=2, attempt=3, lesson=4, kind="trick-winner"),
        Event.hint("question 3", ["second-hand-low"], 1, lesson=7, when=T0),
    ]
    for e in sent:
        store.record(e)
    again = ProgressStore(tmp_path)  # another process, say
    assert again.events() == sent
    assert again.answers() == sent[:2]


def test_a_reader_sees_what_another_writer_appended(tmp_path: Path) -> None:
    reader, writer = ProgressStore(tmp_path), ProgressStore(tmp_path)
    writer.record(answer(1))
    assert len(reader.answers()) == 1
    writer.record(answer(2))
    writer.record(answer(3))
    assert [e.item for e in reader.answers()] == ["question 1", "question 2", "question 3"]


def test_the_file_is_a_header_and_one_json_line_per_event(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.record(answer(1))
    lines = (tmp_path / FILE_NAME).read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    assert (head["format"], head["version"]) == (FORMAT, VERSION)
    assert json.loads(lines[1])["concepts"] == ["left bower"]


WRITER = """
import sys
from hasenpfeffer_core.analysis.progress import Event, ProgressStore
store = ProgressStore(sys.argv[1])
for i in range(int(sys.argv[3])):
    store.record(Event.answer("practice", f"{sys.argv[2]} {i}", ["joker"], right=i % 2 == 0))
"""


def test_two_writers_at_once_lose_nothing(tmp_path: Path) -> None:
    n = 150
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), name, str(n)])
        for name in ("kernel", "terminal")
    ]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    store = ProgressStore(tmp_path)
    items = [e.item for e in store.answers()]
    assert len(items) == 2 * n
    assert {f"kernel {i}" for i in range(n)} | {f"terminal {i}" for i in range(n)} == set(items)
    assert store.notice == ""  # every line whole


def test_a_line_cut_short_by_a_crash_is_never_read_as_an_answer(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.record(answer(1))
    with open(tmp_path / FILE_NAME, "ab") as f:
        f.write(b'{"id": "abc", "at": "2026-12-01T09:0')  # the crash
    assert len(ProgressStore(tmp_path).answers()) == 1
    store.record(answer(2))  # starts on a line of its own
    fresh = ProgressStore(tmp_path)
    assert [e.item for e in fresh.answers()] == ["question 1", "question 2"]
    assert "1 line of your progress file could not be read" in fresh.notice
    assert "left in the file" in fresh.notice


@pytest.mark.parametrize(
    ("content", "tag", "why"),
    [
        (b"\x00\x01 not json at all \xff\n{}\n", "unreadable", "not a progress file"),
        (b'{"format": "something-else", "version": 1}\n', "unreadable", "not a progress file"),
        (
            json.dumps({"format": FORMAT, "version": VERSION + 1}).encode()
            + b'\n{"a": "line from the future"}\n',
            f"format-{VERSION + 1}",
            "newer version",
        ),
    ],
    ids=["garbage", "another-format", "future-version"],
)
def test_a_store_that_cannot_be_read_is_kept_aside_byte_for_byte(
    tmp_path: Path, content: bytes, tag: str, why: str
) -> None:
    (tmp_path / FILE_NAME).write_bytes(content)
    store = ProgressStore(tmp_path)
    assert store.answers() == []  # a fresh store starts
    aside = store.asides()
    assert len(aside) == 1 and aside[0].name.startswith(f"progress-{tag}-")
    assert aside[0].read_bytes() == content
    assert why in store.notice and str(aside[0]) in store.notice
    assert store.notice.count("\n") == 0  # one line
    store.record(answer(1))
    assert len(ProgressStore(tmp_path).answers()) == 1
    assert aside[0].read_bytes() == content  # never touched again


def test_an_empty_file_simply_starts_a_store(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_bytes(b"")
    store = ProgressStore(tmp_path)
    assert store.answers() == [] and store.notice == "" and store.asides() == []


def test_reset_keeps_the_old_answers_aside(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    assert store.reset() is None  # nothing to keep
    store.record(answer(1))
    before = (tmp_path / FILE_NAME).read_bytes()
    aside = store.reset()
    assert aside is not None and aside.read_bytes() == before
    assert store.answers() == []
    assert ProgressStore(tmp_path).answers() == []


def test_export_and_import_round_trip(tmp_path: Path) -> None:
    mine = ProgressStore(tmp_path / "mine")
    for i in range(5):
        mine.record(answer(i, right=i % 2 == 0))
    exported = mine.export_to(tmp_path / "backup.jsonl")
    other = ProgressStore(tmp_path / "other")
    other.record(answer(99))
    assert other.import_from(exported).added == 5
    assert other.import_from(exported).already == 5  # nothing twice
    assert {e.id for e in mine.answers()} < {e.id for e in other.answers()}
    assert len(other.answers()) == 6
    times = [e.when for e in other.answers()]
    assert times == sorted(times)  # merged in the order they were answered


def test_export_to_a_folder_names_the_file(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "home")
    store.record(answer(1))
    out = store.export_to(tmp_path)
    assert out.parent == tmp_path and out.name.startswith("hasenpfeffer-progress-")


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"hello\n", "not a progress file"),
        (json.dumps({"format": FORMAT, "version": 9}).encode() + b"\n", "newer version"),
    ],
)
def test_import_refuses_what_it_cannot_read_and_changes_nothing(
    tmp_path: Path, content: bytes, words: str
) -> None:
    store = ProgressStore(tmp_path / "home")
    store.record(answer(1))
    before = (tmp_path / "home" / FILE_NAME).read_bytes()
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(content)
    with pytest.raises(InvalidDataError, match=words):
        store.import_from(bad)
    with pytest.raises(InvalidDataError, match="cannot read"):
        store.import_from(tmp_path / "missing.jsonl")
    assert (tmp_path / "home" / FILE_NAME).read_bytes() == before


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"source": "telepathy"}, "source is one of"),
        ({"item": ""}, "non-empty item"),
        ({"hints": -1}, "hints is a whole number"),
        ({"lesson": 0}, "lesson is a number"),
        ({"concepts": [""]}, "concepts are non-empty texts"),
    ],
)
def test_a_bad_answer_is_refused_saying_what_is_wrong(
    tmp_path: Path, kwargs: dict[str, object], words: str
) -> None:
    args: dict[str, object] = {"source": "quiz", "item": "q", "concepts": ["joker"]}
    args.update(kwargs)
    with pytest.raises(InvalidDataError, match=words):
        Event.answer(
            str(args.pop("source")),
            str(args.pop("item")),
            args.pop("concepts"),  # type: ignore[arg-type]
            right=True,
            **args,  # type: ignore[arg-type]
        )
    store = ProgressStore(tmp_path)
    with pytest.raises(InvalidDataError, match="records events"):
        store.record("right!")  # type: ignore[arg-type]
    assert store.answers() == []


def test_the_home_is_the_environment_variable_else_the_user_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HASENPFEFFER_HOME", str(tmp_path))
    assert default_home() == tmp_path
    assert open_store().path == tmp_path / FILE_NAME
    assert open_store() is open_store(tmp_path)  # one store object per folder
    monkeypatch.delenv("HASENPFEFFER_HOME")
    import platformdirs

    assert default_home() == platformdirs.user_data_path("hasenpfeffer", appauthor=False)


def test_the_test_run_never_touches_the_real_user_folder() -> None:
    assert os.environ["HASENPFEFFER_HOME"] == os.environ["HASENPFEFFER_TEST_HOME"]


def test_reading_a_store_takes_no_lock_so_a_read_only_folder_still_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(Run as root here, so the folder cannot be made read-only: the lock, the one
    thing that would write, is made to fail instead.)"""
    ProgressStore(tmp_path).record(answer(1))

    def refused(self: ProgressStore) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(ProgressStore, "_lock", refused)
    assert len(ProgressStore(tmp_path).answers()) == 1
    with pytest.raises(PermissionError):
        ProgressStore(tmp_path).record(answer(2))
    (tmp_path / FILE_NAME).write_bytes(b"garbage\n")
    store = ProgressStore(tmp_path)
    assert store.answers() == []
    assert "cannot be read, nor set aside" in store.notice and "Permission denied" in store.notice
    assert (tmp_path / FILE_NAME).read_bytes() == b"garbage\n"
