"""Hostile input, round 2: the learner's store, import and export, the summary's cache.

A learner's store is the one thing here that holds their work: nothing a file, a clock
or another process does may make it unusable, and nothing may be lost. Each case found
by the probe of the store (issue 24) has its test here, then hypothesis builds store
lines, cache files and import files (random JSON, depths, dates, sizes, encodings) and
runs every face that reads them: ``progress``, ``practice``, ``quiz``, ``ProgressView``
and ``Practice``. No command may exit with anything but 0 or 2, no widget may raise,
every valid answer written must still be counted, and nothing may be written outside
the home folder.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from _support import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer_core.analysis import progress as progress_module
from hasenpfeffer_core.analysis.practice import (
    CACHE_NAME,
    cached_tally,
    principle_question,
    summary,
)
from hasenpfeffer_core.analysis.progress import (
    FILE_NAME,
    FORMAT,
    MAX_FILE,
    Event,
    ProgressStore,
)
from hasenpfeffer_core.engine.errors import InvalidDataError

HEADER = json.dumps({"format": FORMAT, "version": 1}) + "\n"
#: Well in the past: answers a learner really gave.
PAST = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "home"
    monkeypatch.setenv("HASENPFEFFER_HOME", str(folder))
    monkeypatch.chdir(tmp_path)
    progress_module._OPEN.clear()  # each test opens its store afresh, as a new process does
    yield folder
    progress_module._OPEN.clear()


def line(i: int, *, at: str | None = None, right: bool = True, **more: object) -> str:
    data = {
        "id": f"{i:016x}",
        "at": at or (PAST + timedelta(minutes=i)).isoformat().replace("+00:00", "Z"),
        "source": "quiz",
        "item": f"q{i}",
        "concepts": ["joker"],
        "right": right,
        **more,
    }
    return json.dumps(data) + "\n"


def write_store(home: Path, *lines: str) -> Path:
    home.mkdir(parents=True, exist_ok=True)
    path = home / FILE_NAME
    path.write_text(HEADER + "".join(lines), encoding="utf-8")
    return path


def progress(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = run_cli(monkeypatch, capsys, "progress")
    assert code == 0, err
    assert "Traceback" not in out + err
    return out


def answers_shown(out: str) -> int:
    match = re.search(r"^answers: (\d+)$", out, re.MULTILINE)
    assert match, out
    return int(match.group(1))


# --- 2 and 9: a date that cannot be right ------------------------------------------------


def test_an_answer_from_the_year_9999_is_refused_and_practice_goes_on(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "f.jsonl"
    file.write_text(HEADER + line(1, at="9999-12-31T23:59:59Z"), encoding="utf-8")
    code, _out, err = run_cli(monkeypatch, capsys, "progress", "import", str(file))
    assert code == 2 and "no answers with a date that can be right" in err
    assert answers_shown(progress(monkeypatch, capsys)) == 0
    code, out, err = run_cli(monkeypatch, capsys, "practice", "--count", "1", stdin="q\n")
    assert code == 0 and "Traceback" not in out + err


def test_an_import_says_what_it_left_out_and_why(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "f.jsonl"
    file.write_text(
        HEADER + line(1) + line(2, at="2100-01-01T00:00:00Z") + "{not json\n" + line(3),
        encoding="utf-8",
    )
    code, out, err = run_cli(monkeypatch, capsys, "progress", "import", str(file))
    assert code == 0, err
    assert "Added 2 answers" in out
    assert "Left out 2 lines of the file: 1 could not be read and 1 had dates" in out
    assert "(lines 3, 4)" in out


def test_a_future_answer_does_not_hide_a_miss_today(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write_store(home, line(1, at="2100-01-01T00:00:00Z"))
    ProgressStore(home).record(Event.answer("quiz", "q2", ["joker"], right=False))
    s = summary(ProgressStore(home))
    joker = next(c for c in s.concepts if c.concept.key == "joker")
    assert (s.answers, s.right, joker.answers, joker.right) == (1, 0, 1, 0)
    assert joker.strength is not None and joker.strength < 0.9
    assert "date that cannot be right (line 2 of" in s.notice
    out = progress(monkeypatch, capsys)
    assert "0/1 right" in out and "26693" not in out


@pytest.mark.parametrize(
    "bad",
    [
        "[" * 1500 + "]" * 1500 + "\n",  # nesting
        line(1, at="0001-01-01T00:00:00+14:00"),  # the edge of the calendar
        line(1, at="9999-12-31T23:59:59-14:00"),
        line(1, hints=10**400),
        "x" * 200_000 + "\n",  # a line too long to be an answer
        "\ud800\n".encode("utf-8", "surrogatepass").decode("latin-1"),
    ],
)
def test_one_bad_line_in_the_store_stops_no_command(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], bad: str
) -> None:
    write_store(home, line(7), bad, line(8))
    out = progress(monkeypatch, capsys)
    assert answers_shown(out) == 2
    assert "line 3 of" in out  # said, and left in the file
    code, out, err = run_cli(
        monkeypatch, capsys, "quiz", "--count", "1", "--seed", "1", stdin="N\n"
    )
    assert code == 0, err
    code, out, err = run_cli(monkeypatch, capsys, "practice", "--count", "1", stdin="q\n")
    assert code == 0, err
    assert bad in (home / FILE_NAME).read_text(encoding="utf-8")  # nothing lost


# --- 4 and 5: what a file is, and how large ------------------------------------------------


def test_export_never_replaces_a_device(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ProgressStore(home).record(Event.answer("quiz", "q", ["joker"], right=True))
    before = os.stat("/dev/null")
    code, _out, err = run_cli(monkeypatch, capsys, "progress", "export", "/dev/null")
    assert code == 2 and "/dev/null is a device, not a file" in err
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


def test_export_through_a_link_writes_the_file_it_points_to(home: Path, tmp_path: Path) -> None:
    store = ProgressStore(home)
    store.record(Event.answer("quiz", "q", ["joker"], right=True))
    real = tmp_path / "real.jsonl"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    store.export_to(link)
    assert link.is_symlink() and real.read_bytes() == (home / FILE_NAME).read_bytes()


def test_export_to_a_pipe_is_refused_without_waiting(home: Path, tmp_path: Path) -> None:
    ProgressStore(home).record(Event.answer("quiz", "q", ["joker"], right=True))
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(InvalidDataError, match="is a pipe, not a file"):
        ProgressStore(home).export_to(fifo)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_an_export_whose_lock_fails_names_the_lock_not_the_file(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ProgressStore(home).record(Event.answer("quiz", "q", ["joker"], right=True))
    (home / "progress.lock").unlink(missing_ok=True)
    (home / "progress.lock").mkdir()  # the lock cannot be taken
    code, _out, err = run_cli(monkeypatch, capsys, "progress", "export", str(tmp_path / "x.jsonl"))
    assert code == 2 and "progress.lock" in err and "x.jsonl" not in err


@pytest.mark.parametrize("source", ["/dev/zero", "/dev/urandom", "fifo", "folder", "sparse"])
def test_import_refuses_what_is_not_a_file_of_sensible_size_before_reading_it(
    home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    source: str,
) -> None:
    path = tmp_path / source
    if source == "fifo":
        os.mkfifo(path)
    elif source == "folder":
        path.mkdir()
    elif source == "sparse":
        with open(path, "wb") as f:
            f.truncate(2 * 1024**3)  # 2 GB of nothing, on no disk
    else:
        path = Path(source)
    code, _out, err = run_cli(monkeypatch, capsys, "progress", "import", str(path))
    assert code == 2, err
    expected = {"sparse": "too large to be a progress file (2148 MB; the most is 64 MB)"}
    assert expected.get(source, "is not a regular file but") in err
    assert not (home / FILE_NAME).exists() or answers_shown(progress(monkeypatch, capsys)) == 0


@pytest.mark.parametrize("kind", ["zero", "fifo"])
@pytest.mark.parametrize("name", [FILE_NAME, CACHE_NAME])
def test_a_store_or_cache_that_is_a_device_or_a_pipe_is_never_read(
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    kind: str,
    name: str,
) -> None:
    if name == CACHE_NAME:
        write_store(home, line(1), line(2))
    home.mkdir(exist_ok=True)
    if kind == "zero":
        (home / name).symlink_to("/dev/zero")
    else:
        os.mkfifo(home / name)
    out = progress(monkeypatch, capsys)
    assert answers_shown(out) == (2 if name == CACHE_NAME else 0)
    if name == FILE_NAME:
        assert "is kept unchanged at" in out
        (aside,) = ProgressStore(home).asides()
        assert aside.is_symlink() or stat.S_ISFIFO(os.lstat(aside).st_mode)  # moved as it was


# --- 6: the summary's cache is checked, never believed --------------------------------------


def _store_with_cache(home: Path, n: int = 260) -> dict[str, object]:
    store = ProgressStore(home)
    for i in range(n):
        store.record(
            Event.answer(
                "quiz",
                f"q{i}",
                ["joker", "void"],
                right=i % 3 != 0,
                when=PAST + timedelta(hours=7 * i),
            )
        )
    cached_tally(store)  # writes the cache
    return json.loads((home / CACHE_NAME).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _mutations() -> list[tuple[str, object]]:
    return [
        ("tally.schedule.states.joker.card.due", "2026-03-01T00:00:00"),  # no time zone
        ("tally.schedule.states.joker.card.due", "9999-01-01T00:00:00+00:00"),
        ("tally.schedule.states.joker.card.stability", float("nan")),
        ("tally.schedule.states.joker.cap", float("inf")),
        ("tally.schedule.states.joker.answers", 1_000_000),
        ("tally.schedule.states.joker.right", -5),
        ("tally.answers", -1),
        ("tally.right", 10**9),
        ("tally.schedule.states.nonsense", {}),
        ("tally.stars", {"1": {"e": [1, 9, 9, 9, 9, 9]}}),
        ("tally.ids", "!!!"),
        ("mark.offset", 10**12),
        ("mark.digest", "0" * 32),
        ("version", 99),
    ]


@pytest.mark.parametrize(("where", "value"), _mutations())
def test_a_cache_that_is_off_is_worked_out_again(
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    where: str,
    value: object,
) -> None:
    data = _store_with_cache(home)
    truth = progress(monkeypatch, capsys)
    target: dict[str, object] = data
    *path, last = where.split(".")
    for key in path:
        target = target[key]  # type: ignore[assignment]
    target[last] = value
    (home / CACHE_NAME).write_text(json.dumps(data), encoding="utf-8")
    assert progress(monkeypatch, capsys) == truth
    assert "1000000" not in truth and "100%" not in truth


def test_the_cache_goes_on_from_where_it_stopped_and_agrees_with_a_fresh_count(
    home: Path,
) -> None:
    _store_with_cache(home)
    store = ProgressStore(home)
    for i in range(30):
        store.record(Event.answer("practice", f"p{i}", ["void"], right=i % 2 == 0))
    with_cache = summary(ProgressStore(home))
    (home / CACHE_NAME).unlink()
    fresh = summary(ProgressStore(home))
    assert with_cache.answers == fresh.answers == 290
    assert with_cache.concepts == fresh.concepts


# --- 7 and 8: another process changes the file under a reader ------------------------------


def test_a_long_lived_reader_sees_the_file_another_import_put_in_place(
    home: Path, tmp_path: Path
) -> None:
    reader = ProgressStore(home)
    for i in range(20):
        reader.record(Event.answer("quiz", f"q{i}", ["joker"], right=True, when=PAST))
    assert len(reader.answers()) == 20
    for batch in range(2):  # two imports elsewhere: the freed inode may come back
        file = tmp_path / f"b{batch}.jsonl"
        file.write_text(
            HEADER + "".join(line(1000 * (batch + 1) + i) for i in range(9)), encoding="utf-8"
        )
        ProgressStore(home).import_from(file)
    assert len(reader.answers()) == 38 == len(ProgressStore(home).answers())
    assert reader.notice == ""


def test_the_count_an_import_gives_is_what_it_added(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "f.jsonl"
    file.write_text(HEADER + "".join(line(i) for i in range(200)), encoding="utf-8")
    store = progress_module.open_store(home)
    store.answers()  # the command's store has read the file ...
    other = ProgressStore(home)
    original = store.import_from

    def import_while_another_records(source: object) -> object:
        for i in range(126):  # ... and another program records while it imports
            other.record(Event.answer("quiz", f"other {i}", ["joker"], right=True))
        return original(source)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "import_from", import_while_another_records)
    code, out, err = run_cli(monkeypatch, capsys, "progress", "import", str(file))
    assert code == 0, err
    assert "Added 200 answers" in out and "you now have 326 answers" in out


# --- 10: the smaller ones -------------------------------------------------------------------


def test_a_language_variable_that_is_a_path_is_quoted_whole(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from hasenpfeffer_core.faces import cli

    monkeypatch.setenv("HASENPFEFFER_LANG", "../../etc/passwd")
    code = cli.main(["rank", "H"])
    err = capsys.readouterr().err
    assert code == 2 and "unknown language '../../etc/passwd'" in err


def test_a_huge_language_is_refused_in_a_short_message() -> None:
    from hasenpfeffer_core.faces.widgets import TrickWinnerQuiz

    with pytest.raises(InvalidDataError) as e:
        TrickWinnerQuiz(lang="x" * 1_000_000)
    assert len(str(e.value)) < 400


def test_a_long_repeated_answer_does_not_recurse() -> None:
    import random

    q = principle_question("second-hand-low", random.Random(3))
    assert q.check("bid " * 2000 + "3") is False
    assert q.check("bid " * 5 + "3") is False


def test_bidi_and_control_characters_in_a_title_reach_a_widget_as_escapes() -> None:
    from hasenpfeffer_core.analysis.teaching import teaching_hand
    from hasenpfeffer_core.engine.record import dumps, loads
    from hasenpfeffer_core.faces.widgets import HandReplayer

    text = dumps(teaching_hand("01-joker-leads-trumps"))
    text = re.sub(r"^title: .*$", "title: Jack\u202eof\x1b[31m hearts", text, flags=re.M)
    html = HandReplayer._header_html(loads(text))
    assert "\u202e" not in html and "\x1b" not in html
    assert "Jack\\u202eof\\x1b[31m hearts" in html


# --- hypothesis: random store lines, caches and import files against every face --------------

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_DATES = st.datetimes(
    min_value=datetime(1, 1, 2),
    max_value=datetime(9999, 12, 30),
    timezones=st.sampled_from([UTC, None]) | st.timezones(),
).map(lambda d: d.isoformat())
_FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "id": st.text(max_size=70) | _JSON,
        "at": _DATES | _JSON,
        "source": st.sampled_from(["quiz", "exercise", "practice", "hint", "x"]) | _JSON,
        "item": st.text(max_size=30) | _JSON,
        "concepts": st.lists(st.sampled_from(["joker", "void", "", "x" * 200]), max_size=25)
        | _JSON,
        "right": _JSON,
        "hints": st.integers() | _JSON,
        "attempt": st.integers(),
        "lesson": st.integers(min_value=-5, max_value=200) | _JSON,
        "kind": st.text(max_size=50),
    },
)


def _encoded(text: str, how: str) -> bytes:
    if how == "utf-16":
        return text.encode("utf-16")
    if how == "latin-1":
        return text.encode("latin-1", "replace")
    return text.encode("utf-8", "surrogatepass")


_HOSTILE_LINE = st.one_of(
    _JSON.map(json.dumps),
    _FIELDS.map(lambda d: json.dumps(d, default=str)),
    st.integers(min_value=1, max_value=3000).map(lambda d: "[" * d + "]" * d),
    st.integers(min_value=1, max_value=3000).map(lambda d: '{"a":' * d + "1" + "}" * d),
    st.text(max_size=40),
    st.integers(min_value=60_000, max_value=140_000).map(lambda n: '"' + "x" * n + '"'),
).flatmap(lambda t: st.sampled_from(["utf-8", "utf-16", "latin-1"]).map(lambda h: _encoded(t, h)))


def _valid_line(i: int, draw_right: bool, minutes: int) -> bytes:
    return line(i, right=draw_right, at=(PAST + timedelta(minutes=minutes)).isoformat()).encode()


@st.composite
def _store_file(draw: st.DrawFn) -> tuple[bytes, int]:
    """A store's content, and how many valid answers it holds."""
    parts: list[bytes] = [HEADER.encode()]
    valid = 0
    for i in range(draw(st.integers(min_value=0, max_value=12))):
        if draw(st.booleans()):
            parts.append(_valid_line(i, draw(st.booleans()), draw(st.integers(0, 400_000))))
            valid += 1
        else:
            hostile = draw(_HOSTILE_LINE)
            parts.append(hostile.replace(b"\n", b" ") + b"\n")
    if draw(st.booleans()):
        parts.append(draw(st.binary(max_size=30)).replace(b"\n", b""))  # a line cut short
    return b"".join(parts), valid


def _outside(root: Path, home: Path) -> set[Path]:
    return {p for p in root.rglob("*") if home not in p.parents and p != home}


_FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@_FUZZ
@given(store=_store_file())
def test_random_store_lines_every_command_ends_0_and_every_answer_counts(
    home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    store: tuple[bytes, int],
) -> None:
    content, valid = store
    home.mkdir(exist_ok=True)
    for old in home.iterdir():
        old.unlink()
    progress_module._OPEN.clear()
    (home / FILE_NAME).write_bytes(content)
    before = _outside(tmp_path, home)
    assert answers_shown(progress(monkeypatch, capsys)) == valid
    code, _out, err = run_cli(
        monkeypatch, capsys, "quiz", "--count", "1", "--seed", "2", stdin="N\n"
    )
    assert code == 0, err
    assert answers_shown(progress(monkeypatch, capsys)) == valid + 1
    code, _out, err = run_cli(monkeypatch, capsys, "practice", "--count", "1", stdin="q\n")
    assert code == 0, err
    from hasenpfeffer_core.faces.widgets import Practice, ProgressView

    ProgressView(home=home)
    Practice(home=home)
    assert _outside(tmp_path, home) == before


@_FUZZ
@given(cache=_JSON | _FIELDS, raw=st.binary(max_size=200), pick=st.integers(0, 2))
def test_random_cache_files_never_change_the_count(
    home: Path, cache: object, raw: bytes, pick: int
) -> None:
    progress_module._OPEN.clear()
    if not (home / FILE_NAME).exists():
        _store_with_cache(home, 210)
    content = [json.dumps(cache, default=str).encode(), raw, b"[" * 5000][pick]
    (home / CACHE_NAME).write_bytes(content)
    s = summary(ProgressStore(home))
    assert (s.answers, s.right) == (210, 140)


@_FUZZ
@given(store=_store_file(), big=st.booleans())
def test_random_import_files_end_0_or_2_and_add_exactly_their_valid_answers(
    home: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    store: tuple[bytes, int],
    big: bool,
) -> None:
    content, valid = store
    for old in home.glob("*"):
        old.unlink()
    progress_module._OPEN.clear()
    file = tmp_path / "import.jsonl"
    file.write_bytes(content)
    if big:
        with open(file, "ab") as f:
            f.truncate(MAX_FILE + 1)
    code, _out, err = run_cli(monkeypatch, capsys, "progress", "import", str(file))
    assert code in (0, 2), err
    expected = 0 if big or code == 2 else valid
    assert answers_shown(progress(monkeypatch, capsys)) == expected
