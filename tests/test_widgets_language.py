"""Each widget speaks its own language (``lang``), whatever the notebook speaks later.

A widget made with ``lang="it"`` is made in Italian and answers in Italian: its
callbacks (buttons, the public methods that stand for them) run in its language even
after the notebook's language has changed. An unknown language is refused when the
widget is made, with the engine's error naming the languages.

The catalogues are compiled later, so these tests check the mechanism (the language in
use inside a widget's callbacks), not Italian words.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

w = pytest.importorskip("ipywidgets")

from hasenpfeffer_core.engine.cards import Suit  # noqa: E402
from hasenpfeffer_core.engine.errors import InvalidDataError  # noqa: E402
from hasenpfeffer_core.engine.i18n import get_language, language, set_language  # noqa: E402
from hasenpfeffer_core.faces.widgets import exercises as ex  # noqa: E402
from hasenpfeffer_core.faces.widgets import play_table  # noqa: E402
from hasenpfeffer_core.faces.widgets.base import Guarded, guarded, widget_language  # noqa: E402


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Every test leaves the notebook's language as it found it (English)."""
    try:
        yield
    finally:
        set_language("en")


class Echo(Guarded):
    """The smallest guarded widget: its callback says the language it runs in."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = widget_language(lang)
        self._init_guard()

    @guarded
    def said(self) -> str:
        return get_language()


def test_a_guarded_callback_runs_in_the_widgets_language() -> None:
    echo = Echo(lang="it")
    set_language("th")  # the notebook changes language afterwards
    assert echo.said() == "it"
    assert get_language() == "th"  # (and the callback leaves the notebook's as it was)


def test_a_widget_without_a_language_keeps_the_one_in_use_when_it_was_made() -> None:
    with language("th"):
        echo = Echo()
    assert echo.lang == "th"
    assert echo.said() == "th"


def test_the_play_table_answers_in_its_language_after_the_notebook_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[str] = []
    draw = play_table.state_html

    def spy(*args: Any, **kwargs: Any) -> str:
        seen.append(get_language())
        return draw(*args, **kwargs)

    monkeypatch.setattr(play_table, "state_html", spy)
    table = play_table.PlayTable(seed=3, lang="it")
    assert seen and set(seen) == {"it"}  # drawn in Italian
    assert get_language() == "en"  # making it did not change the notebook's language
    set_language("th")
    seen.clear()
    table.act(table.action_buttons[0].action)  # a decision: the table draws itself again
    assert seen and set(seen) == {"it"}
    before = table.state.log
    table.act("E bid 3")  # refused, with a message in the status line
    assert table.status.value
    assert table.state.log == before


def test_an_exercise_judges_in_its_language_after_the_notebook_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[str] = []
    explain = ex.cards.explain_card

    def spy(*args: Any, **kwargs: Any) -> Any:
        seen.append(get_language())
        return explain(*args, **kwargs)

    monkeypatch.setattr(ex.cards, "explain_card", spy)
    q = ex.stronger_card("J♣", "A♠", Suit.SPADES, lang="it")
    assert q.lang == "it"
    set_language("th")
    q.buttons[0].click()
    assert seen and set(seen) == {"it"}
    assert q.feedback.value  # judged


def test_an_exercise_has_the_same_name_in_every_language() -> None:
    names = {
        lang: ex.stronger_card("J♣", "A♠", Suit.SPADES, lang=lang).item
        for lang in ("en", "it", "th")
    }
    assert names["it"] == names["th"] == names["en"]
    assert names["en"] == ex.stronger_card("J♣", "A♠", Suit.SPADES).item


@pytest.mark.parametrize(
    "make",
    [
        lambda: play_table.PlayTable(lang="xx"),
        lambda: ex.stronger_card("J♣", "A♠", Suit.SPADES, lang="xx"),
        lambda: ex.Choice("2 + 2?", [("4", 4)], lambda n: (True, ""), lang="xx"),
        lambda: ex.RulesLab(lang="xx"),
        lambda: Echo(lang="xx"),
    ],
    ids=["play table", "exercise", "choice", "rules lab", "guarded widget"],
)
def test_an_unknown_language_is_refused_naming_the_languages(make: Any) -> None:
    with pytest.raises(InvalidDataError) as refused:
        make()
    message = str(refused.value)
    assert "'xx'" in message
    for lang in ("en", "it", "th"):
        assert lang in message
    assert get_language() == "en"  # nothing changed


@pytest.mark.parametrize("bad", [5, b"it", ["it"]])
def test_a_language_that_is_not_text_is_refused(bad: object) -> None:
    with pytest.raises(InvalidDataError, match="the language is one of en"):
        widget_language(bad)


def test_a_language_is_read_as_the_locale_writes_it() -> None:
    assert widget_language("it_IT.UTF-8") == "it"
    assert widget_language(None) == get_language() == "en"


def test_thai_sentences_the_table_announces_end_without_a_full_stop() -> None:
    """A Thai reader heard "คุณประมูล 6. ตะวันตกผ่าน." from the play table: Thai ends a
    sentence with a space, not a full stop. English keeps its full stops."""
    import re

    for lang in ("th", "en"):
        table = play_table.PlayTable(seed=3, lang=lang)
        table.act(table.action_buttons[0].action)
        said = re.sub(r"<[^>]+>", "", table.said.value)
        after_thai = re.findall(r"[\u0E00-\u0E7F\d]\.(?:\s|$)", said)
        if lang == "th":
            assert re.search(r"[\u0E00-\u0E7F]", said) and after_thai == [], said
        else:
            assert re.search(r"\w\. \w", said), said
