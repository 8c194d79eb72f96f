"""Simulations: a progress bar for long runs, and the rules lab, which plays many
games under two sets of rules and compares them."""

from __future__ import annotations

import html
from collections.abc import Iterable, Iterator
from typing import Any

import ipywidgets as w
from tqdm.notebook import tqdm as notebook_tqdm
from tqdm.std import tqdm as text_tqdm

from ....analysis.stats import game_stats, play_game
from ....engine.i18n import N_, language, ngettext, number
from ....engine.i18n import gettext as _
from ....engine.rules import OPTIONS, Rules
from ...rules_words import option_label, rules_words, value_words
from ..base import (
    box,
    feedback,
    translated,
    widget_language,
)
from .common import (
    MAX_LAB_GAMES,
    T,
    read_whole,
)
from .pictures import display_html, table

# --- simulations -----------------------------------------------------------------------


def _in_notebook() -> bool:
    """Whether a notebook front end shows this kernel's output (JupyterLab, Jupyter
    Notebook, or the live copy's Pyodide kernel), rather than a terminal or a script."""
    from IPython import get_ipython

    shell = get_ipython()
    return shell is not None and type(shell).__name__ != "TerminalInteractiveShell"


class _NotebookBar(notebook_tqdm):  # type: ignore[type-arg]
    """tqdm's notebook bar (an ipywidget) without its monitor thread: the live copy's
    Pyodide kernel cannot start threads, and tqdm would warn each time it tried."""

    monitor_interval = 0


class _TextBar(text_tqdm):  # type: ignore[type-arg]
    """tqdm's text bar, on standard error, without its monitor thread."""

    monitor_interval = 0


#: What the bar shows beside itself: the description, the share done, the count and the
#: time taken ("Playing 300 deals: 100% ... 300/300 · 00:01").
BAR_FORMAT = "{l_bar}{bar} {n_fmt}/{total_fmt} · {elapsed}"


def progress(items: Iterable[T], description: str = N_("Simulating")) -> Iterator[T]:
    """Yield ``items`` while a progress bar under the cell fills up.

    The bar is tqdm's: a widget in any notebook (tqdm's own ``tqdm.auto`` picks text in
    the live copy, whose kernel is not ipykernel, and text shows there as an error-pink
    block), text on standard error elsewhere. A description the catalogue knows is shown
    in the language in use.
    """
    todo = list(items)
    bar_type = _NotebookBar if _in_notebook() else _TextBar
    # (no rate and no time left: "[00:00<00:00, 389.51it/s]" beside a bar read as
    # tqdm's jargon to a learner; the count and the time taken say enough)
    with bar_type(todo, desc=translated(description), bar_format=BAR_FORMAT) as bar:
        yield from bar


class RulesLab(w.VBox):  # type: ignore[misc]
    """Choose house rules, press the button, and compare a batch of games with the source
    rules' games.

    Each control is labelled in plain words (:data:`~.base.OPTION_WORDS`), never with the
    option's name in code.

    Public parts (for tests): ``controls`` (one control per rule option, by name),
    ``run_button`` and ``output`` (where the comparison is shown). ``lang``: the language
    it speaks (``None``: the language in use when it is made).
    """

    def __init__(self, games: int = 40, *, lang: str | None = None) -> None:
        self.lang = widget_language(lang)
        with language(self.lang):
            self._build_lab(games)

    def _build_lab(self, games: int) -> None:
        self.games = read_whole(
            games,
            # Translators: "games" is the setting's name in code: keep it
            _("games (how many games each run plays)"),
            1,
            MAX_LAB_GAMES,
        )
        base = Rules()
        self.controls: dict[str, Any] = {}
        for name in OPTIONS:
            value = getattr(base, name)
            if isinstance(value, bool):
                c = w.Dropdown(
                    options=[(value_words(name, v), v) for v in (False, True)], value=value
                )
            elif isinstance(value, int):
                c = w.BoundedIntText(value=value, min=1, max=50)
            else:
                c = w.Dropdown(
                    options=[(value_words(name, m), m) for m in type(value)], value=value
                )
            c.description = option_label(name)
            # wide enough for the longest option name and its longest value, uncut
            c.style = {"description_width": "15em"}
            c.layout = w.Layout(width="100%", max_width="34em")
            c.tooltip = translated(OPTIONS[name].summary)
            self.controls[name] = c
        self.run_button = w.Button(
            description=ngettext(
                "Play {n} game with these rules", "Play {n} games with these rules", games
            ).format(n=games),
            button_style="primary",
            icon="play",
            layout=w.Layout(width="auto"),
        )
        self.run_button.on_click(self._run)
        button_row = w.HBox([self.run_button])
        self.output = w.Output()
        grid = w.GridBox(
            list(self.controls.values()),
            layout=w.Layout(
                grid_template_columns="repeat(auto-fill, minmax(min(100%, 380px), 1fr))",
                max_width="100%",
            ),
        )
        super().__init__([grid, button_row, self.output])

    def rules(self) -> Rules:
        """The rules the controls describe."""
        return Rules(**{name: c.value for name, c in self.controls.items()})

    def _run(self, _button: object = None) -> None:
        self.output.clear_output()
        with self.output, language(self.lang):
            try:
                rules = self.rules()
            except Exception as e:  # an impossible combination: say why
                display_html(feedback("err", _("These rules don't work:"), str(e)))
                return
            seeds = range(self.games)
            mine = game_stats([play_game(rules, s) for s in progress(seeds, _("Your rules"))])
            seed = game_stats([play_game(Rules(), s) for s in progress(seeds, _("Source rules"))])
            table(
                # Translators: the columns of the comparison: a measure, then its value
                # under the learner's rules and under the source rules
                ["", _("your rules"), _("source rules")],
                [(translated(k), number(mine[k]), number(seed[k])) for k in mine],
            )
            # Translators: {rules} is the learner's rule set in words
            said = _("Your rules: {rules}.").format(rules=rules_words(rules))
            display_html(box(f"<p>{html.escape(said)}</p>"))
