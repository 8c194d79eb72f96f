"""The saved pictures the live copy shows while Python starts (``docs_hooks/lite/pictures.py``).

Each widget the lessons use is made here, its state taken as ipywidgets embeds it, and
drawn: the picture must hold what the widget shows (its text, every button's label), be
drawn element by element (no widget left as an empty box), take no input (every control
out of the keyboard's reach and marked disabled for assistive technology) and say, in
the lesson's language, that the exercise comes alive once Python has started. The live
copy's lessons keep their outputs with every widget as such a picture; the previews
hold one element per cell. ``tests/browser/test_lite.py`` sees both in Chromium.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as w
from ipywidgets.embed import embed_data

from docs_hooks import lite
from docs_hooks.lite import pictures, previews
from hasenpfeffer_core.faces.widgets import (
    BidQuiz,
    HandReplayer,
    LegalPlayQuiz,
    PlayTable,
    Practice,
    ProgressView,
    RankingExplorer,
    RulesLab,
    TrickWinnerQuiz,
)


def _widgets() -> dict[str, Any]:
    return {
        "trick quiz": TrickWinnerQuiz("first-steps", 4),
        "legal play quiz": LegalPlayQuiz("mixed", 2),
        "bid quiz": BidQuiz("mixed", 3),
        "practice": Practice(3),
        "progress": ProgressView(),
        "ranking": RankingExplorer(),
        "rules lab": RulesLab(games=4),
        "play table": PlayTable(seed=5),
        "replayer": HandReplayer("01"),
    }


def _drawn(widget: Any, lang: str = "en") -> tuple[str, dict[str, Any], str]:
    data = embed_data(views=[widget])
    state = {"state": data["manager_state"]["state"]}
    model_id = data["view_specs"][0]["model_id"]
    return pictures.picture(model_id, state, lang), state, model_id


def _without_styles(text: str) -> str:
    """``text`` without its style sheets, its white space runs as one space."""
    return re.sub(r"\s+", " ", re.sub(r"<style>.*?</style>", "", text, flags=re.S))


def _texts(widget: Any) -> tuple[list[str], list[str]]:
    """The button labels and HTML texts the widget shows (what is displayed of it)."""
    buttons, htmls = [], []
    todo = [widget]
    while todo:
        x = todo.pop()
        if getattr(x, "layout", None) is not None and x.layout.display == "none":
            continue
        if isinstance(x, w.Button) and x.description:
            buttons.append(x.description)
        if isinstance(x, w.HTML) and x.value:
            htmls.append(x.value)
        if isinstance(x, w.Accordion):
            todo += [c for i, c in enumerate(x.children) if i == x.selected_index]
        elif hasattr(x, "children"):
            todo += list(x.children)
    return buttons, htmls


@pytest.mark.parametrize("name", list(_widgets()))
def test_a_widget_is_drawn_as_it_shows_and_cannot_be_used(name: str) -> None:
    widget = _widgets()[name]
    picture, state, model_id = _drawn(widget)
    assert pictures.undrawn(model_id, state) == set(), "models drawn as empty boxes"
    buttons, htmls = _texts(widget)
    assert buttons or htmls
    for label in buttons:
        assert f">{html.escape(label)}</button>" in picture, label
    shown = _without_styles(picture)
    for value in htmls:
        body = _without_styles(value).strip()
        assert body[:200] in shown, body[:80]
    # nothing in it takes a click, a key or a screen reader's "press"
    controls = re.findall(r"<(?:button|select|input|textarea)\b[^>]*>", picture)
    assert controls
    for tag in controls:
        assert 'tabindex="-1"' in tag and 'aria-disabled="true"' in tag, tag
    assert '<div class="hp-saved-body" inert>' in picture
    assert picture.count(pictures.PICTURE_CLASS) >= 1
    assert html.escape(pictures.note("en")) in picture


@pytest.mark.parametrize("lang", ["it", "th"])
def test_the_note_on_a_picture_is_in_the_lessons_language(lang: str) -> None:
    picture, _state, _id = _drawn(TrickWinnerQuiz("first-steps", 4, lang=lang), lang)
    note = pictures.note(lang)
    assert note != pictures.note("en")
    assert html.escape(note) in picture
    assert html.escape(previews.preview_bar(lang)) in previews.preview(
        {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, lang
    )


def test_a_style_sheet_repeated_in_a_widget_is_kept_once() -> None:
    picture, _state, _id = _drawn(Practice(3))
    sheets = re.findall(r"<style>.*?</style>", picture, flags=re.S)
    assert len(sheets) == len(set(sheets))


def test_a_hidden_widget_is_not_drawn() -> None:
    shown, hidden = w.Button(description="Shown"), w.Button(description="Hidden")
    hidden.layout.display = "none"
    picture, _state, _id = _drawn(w.VBox([shown, hidden]))
    assert ">Shown</button>" in picture and "Hidden" not in picture


def _executed(tmp_path: Path) -> Path:
    """A small executed notebook: a markdown cell, a cell whose output is a widget (with
    the widget state saved, as nbclient saves it) and a cell with an HTML output."""
    quiz = TrickWinnerQuiz("first-steps", 4)
    data = embed_data(views=[quiz])
    nb = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "widgets": {
                pictures.STATE_MIME: {
                    "version_major": 2,
                    "version_minor": 0,
                    "state": data["manager_state"]["state"],
                }
            }
        },
        "cells": [
            {"id": "a", "cell_type": "markdown", "metadata": {}, "source": ["# A lesson"]},
            {
                "id": "b",
                "cell_type": "code",
                "metadata": {},
                "execution_count": 1,
                "source": ["TrickWinnerQuiz('first-steps', 4)"],
                "outputs": [
                    {
                        "output_type": "execute_result",
                        "execution_count": 1,
                        "metadata": {},
                        "data": {
                            pictures.VIEW_MIME: data["view_specs"][0],
                            "text/plain": ["TrickWinnerQuiz(...)"],
                        },
                    }
                ],
            },
            {
                "id": "c",
                "cell_type": "code",
                "metadata": {},
                "execution_count": 2,
                "source": ["show(...)"],
                "outputs": [
                    {
                        "output_type": "display_data",
                        "metadata": {},
                        "data": {"text/html": ["<b>saved</b>"]},
                    }
                ],
            },
        ],
    }
    path = tmp_path / "lesson.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


def test_the_live_copy_of_an_executed_lesson_keeps_its_pictures(tmp_path: Path) -> None:
    executed = _executed(tmp_path)
    nb = lite.lite_notebook(executed, "/", "en", executed)
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    quiz, shown = code
    # the widget is its picture; the other output is kept as it was
    assert [list(o["data"]) for o in quiz["outputs"]] == [["text/html"]]
    assert pictures.PICTURE_CLASS in quiz["outputs"][0]["data"]["text/html"]
    assert shown["outputs"][0]["data"]["text/html"] == ["<b>saved</b>"]
    # cells with pictures are trusted (JupyterLab draws their HTML and SVG as they are);
    # nothing has run yet, and the widget state is not carried along
    assert quiz["metadata"]["trusted"] is True and shown["metadata"]["trusted"] is True
    assert all(c["execution_count"] is None for c in code)
    assert "widgets" not in nb["metadata"]
    assert json.dumps(nb).count(pictures.VIEW_MIME) == 0
    # without an executed copy the live lesson has no outputs, and no trusted cell
    bare = lite.lite_notebook(executed, "/", "en")
    bare_code = [c for c in bare["cells"] if c["cell_type"] == "code"]
    assert all(c["outputs"] == [] and "trusted" not in c["metadata"] for c in bare_code)


def test_a_preview_has_one_element_per_cell_in_order(tmp_path: Path) -> None:
    executed = _executed(tmp_path)
    nb = lite.lite_notebook(executed, "/", "en", executed)
    page = previews.preview(nb, "en")
    cells = re.findall(r'<div class="cell[ "]', page)
    assert len(cells) == len(nb["cells"])  # the note, the heading and two code cells
    assert page.index("A lesson") < page.index(pictures.PICTURE_CLASS) < page.index("saved")
