"""A lesson speaks its folder's language: lesson_header() in lessons/it or lessons/th
chooses Italian or Thai for the kernel; its ``lang`` wins over the folder; the header and
the progress widgets keep their language when the notebook's changes afterwards."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

from hasenpfeffer_core.engine.errors import InvalidDataError
from hasenpfeffer_core.engine.i18n import get_language, set_language
from hasenpfeffer_core.faces.widgets import learner, lesson_header
from hasenpfeffer_core.faces.widgets.learner import LessonHeader, folder_language
from hasenpfeffer_core.faces.widgets.practice import Practice
from hasenpfeffer_core.faces.widgets.progress_page import ProgressView


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The learner's store in the test's own folder, no lesson started, English spoken
    before and after the test."""
    folder = tmp_path / "home"
    monkeypatch.setenv("HASENPFEFFER_HOME", str(folder))
    monkeypatch.setattr(learner, "_LESSON", None)
    set_language("en")
    yield folder
    set_language("en")


def lesson_folder(root: Path, *parts: str, notebook: str | None = None) -> Path:
    folder = root.joinpath(*parts)
    folder.mkdir(parents=True)
    if notebook:
        (folder / notebook).write_text("{}", encoding="utf-8")
    return folder


# --- which folders have a language ---------------------------------------------------------


def test_the_italian_and_thai_lesson_folders_have_their_language(tmp_path: Path) -> None:
    assert folder_language(lesson_folder(tmp_path, "lessons", "it")) == "it"
    assert folder_language(lesson_folder(tmp_path, "lessons", "th")) == "th"


def test_a_folder_named_it_elsewhere_counts_only_if_it_holds_lesson_notebooks(
    tmp_path: Path,
) -> None:
    assert folder_language(lesson_folder(tmp_path, "a", "it")) is None
    assert (
        folder_language(lesson_folder(tmp_path, "b", "it", notebook="01-the-cards.ipynb")) == "it"
    )
    assert folder_language(lesson_folder(tmp_path, "c", "th", notebook="practice.ipynb")) == "th"


def test_other_folders_have_no_language(tmp_path: Path) -> None:
    assert folder_language(lesson_folder(tmp_path, "lessons")) is None
    assert folder_language(lesson_folder(tmp_path, "lessons", "de")) is None
    assert folder_language(lesson_folder(tmp_path, "x", "lessons", "en")) is None
    assert folder_language(tmp_path / "gone" / "it") is None  # (no such folder)


# --- lesson_header chooses the language ----------------------------------------------------


def test_a_lesson_in_lessons_it_speaks_italian(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(lesson_folder(tmp_path, "lessons", "it"))
    header = lesson_header(1)
    assert get_language() == "it" and header.lang == "it"
    assert learner.current_lesson() == 1


def test_a_lesson_in_lessons_th_speaks_thai(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(lesson_folder(tmp_path, "lessons", "th"))
    assert lesson_header(2).lang == "th" and get_language() == "th"


def test_the_english_lessons_leave_the_language_as_it_is(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(lesson_folder(tmp_path, "lessons"))
    assert lesson_header(1).lang == "en" and get_language() == "en"
    set_language("th")  # (chosen by the learner before the lesson)
    assert lesson_header(1).lang == "th" and get_language() == "th"


@pytest.mark.parametrize("lang", ["en", "th"])
def test_lang_wins_over_the_folder(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    monkeypatch.chdir(lesson_folder(tmp_path, "lessons", "it"))
    assert lesson_header(3, lang=lang).lang == lang and get_language() == lang


def test_lang_works_in_any_folder(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert lesson_header(1, lang="it_IT.UTF-8").lang == "it" and get_language() == "it"


@pytest.mark.parametrize("bad", ["xx", "", 5])
def test_an_unknown_language_is_refused_and_nothing_changes(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bad: Any
) -> None:
    monkeypatch.chdir(lesson_folder(tmp_path, "lessons", "it"))
    with pytest.raises(InvalidDataError, match="the languages are en"):
        lesson_header(1, lang=bad)
    assert get_language() == "en" and learner.current_lesson() is None


def test_a_bad_lesson_changes_no_language(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(lesson_folder(tmp_path, "lessons", "th"))
    with pytest.raises(InvalidDataError, match="1"):
        lesson_header(99)
    assert get_language() == "en" and learner.current_lesson() is None


# --- the progress widgets keep their language ----------------------------------------------


def spoken_in(widget: Any, method: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The languages ``widget.method`` runs in from now on (it still runs)."""
    seen: list[str] = []
    real = getattr(widget, method)

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(get_language())
        return real(*args, **kwargs)

    monkeypatch.setattr(widget, method, spy)
    return seen


def test_the_header_redraws_in_its_language_after_the_notebook_changes_language(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(lesson_folder(tmp_path, "lessons", "it"))
    header = lesson_header(1)
    set_language("th")
    seen = spoken_in(header, "_html", monkeypatch)
    header.refresh()  # (as when an answer is recorded)
    assert seen == ["it"] and "1 ·" in header.value


def test_practice_and_the_progress_page_speak_their_own_language(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_language("th")
    practice = Practice(lesson=1, home=home)
    view = ProgressView(home=home, lang="it")
    assert practice.lang == "th" and view.lang == "it"
    set_language("en")
    seen = spoken_in(view, "_draw", monkeypatch)
    view.refresh()
    assert seen == ["it"]
    assert practice.exercise is None or getattr(practice.exercise, "lang", "th") == "th"


def test_a_header_in_an_unknown_language_is_refused(home: Path) -> None:
    with pytest.raises(InvalidDataError, match="unknown language"):
        LessonHeader(1, home=home, lang="xx")


# --- the pages with no lesson header: practice and progress --------------------------------


def test_the_practice_page_in_lessons_th_speaks_thai_with_no_header(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """lessons/th/practice.ipynb runs no lesson_header: its widgets follow the folder
    when nothing chose a language for the kernel."""
    from hasenpfeffer_core.engine import i18n

    monkeypatch.chdir(lesson_folder(tmp_path, "lessons", "th"))
    monkeypatch.setattr(i18n, "_chosen", False)
    practice, view = Practice(home=home), ProgressView(home=home)
    assert practice.lang == "th" and view.lang == "th"
    assert "ถัดไป" in practice.next_button.description  # (the Next question button)
    assert get_language() == "en"  # (the kernel's language is left as it was)


def test_a_language_chosen_for_the_kernel_wins_over_the_folder(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(lesson_folder(tmp_path, "lessons", "th"))
    set_language("it")
    assert Practice(home=home).lang == "it" and ProgressView(home=home).lang == "it"
    set_language("en")  # (chosen too: English, whatever the folder)
    assert Practice(home=home).lang == "en"
