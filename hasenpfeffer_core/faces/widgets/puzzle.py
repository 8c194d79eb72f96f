"""Puzzles from real hands, in a notebook: find the best move, near your rating.

:class:`Puzzles` serves puzzles from the bank (:mod:`~hasenpfeffer_core.analysis.puzzles`)
one at a time, asked as a principle question is (the position, a button per choice, the
hint in three steps, the judge's verdict and why). The learner's puzzle rating (Glicko-2)
is worked out from the puzzle answers in the store and picks the next puzzle near it;
a puzzle counts as solved when answered right first time with no hint. A theme list
narrows the puzzles to one idea; the streak mode serves harder and harder puzzles until
the first miss, and leaves the rating alone. Each answer is recorded (source
``"puzzle"``); each puzzle's hand record can be shown, to open in the replayer.

>>> import random, tempfile
>>> p = Puzzles(home=tempfile.mkdtemp(), rng=random.Random(1))
>>> p.puzzle is not None, p.rating_text()
(True, 'Your puzzle rating: 1500')
"""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as w

from ...analysis.progress import open_store
from ...analysis.puzzles import (
    THEMES,
    Bank,
    Puzzle,
    PuzzleRating,
    hinted_words,
    rating_from,
    target_rating,
)
from ...engine.i18n import gettext as _
from ...engine.i18n import language, ngettext
from .base import Guarded, esc, guarded, translated, widget_language
from .exercises import principle_exercise
from .learner import Home, Recorder, styled

__all__ = ["Puzzles"]


class Puzzles(w.VBox, Guarded):  # type: ignore[misc]
    """Puzzles near the learner's rating, one at a time, with the rating shown.

    ``theme`` (a theme's key, such as ``"second-hand-low"``) starts the list on one idea;
    ``streak=True`` starts in the streak mode; ``home`` is the store's folder (default:
    the learner's); ``rng`` picks the puzzles (default: fresh ones each time).

    Public parts (for tests): ``puzzle`` (the :class:`~hasenpfeffer_core.analysis.puzzles.Puzzle`
    asked), ``exercise`` (the widget asking it), ``rating`` (the learner's
    :class:`~hasenpfeffer_core.analysis.puzzles.PuzzleRating`), ``themes`` (the theme
    list), ``mode`` (rated or streak), ``streak`` (puzzles solved in a row in the streak
    mode), ``next_button``, ``record_box`` (the hand record) and ``recorder``.
    """

    def __init__(
        self,
        theme: str | None = None,
        *,
        streak: bool = False,
        home: Home = None,
        rng: random.Random | None = None,
        lang: str | None = None,
    ) -> None:
        self.lang = widget_language(lang)
        with language(self.lang):
            super().__init__()
            self._init_guard()
            self.bank = Bank()
            if theme is not None and theme not in self.bank.themes():
                known = ", ".join(self.bank.themes())
                raise ValueError(f"no puzzle theme {theme!r}: the themes are {known}")
            self.home = home
            self.rng = rng if rng is not None else random.Random()
            self.recorder = Recorder("puzzle", lesson=None, home=home)
            self.rating = self._stored_rating()
            self.streak = 0
            self.solved = 0
            self.asked = 0
            self.seen: list[str] = []
            self.puzzle: Puzzle | None = None
            self.exercise: w.Widget | None = None
            self._answered = False
            self.heading = w.HTML()
            every = _("every theme")
            names = [
                (f"{translated(t.name)} ({self.bank.count(t.key)})", t.key)
                for t in THEMES
                if self.bank.count(t.key)
            ]
            self.themes = w.Dropdown(
                options=[(every, ""), *names],
                value=theme or "",
                description=_("Theme"),
                layout=w.Layout(width="auto", max_width="100%"),
            )
            self.mode = w.ToggleButtons(
                options=[(_("Rated"), "rated"), (_("Streak"), "streak")],
                value="streak" if streak else "rated",
                tooltips=[
                    _("Puzzles near your rating; your rating moves with each answer"),
                    _("Harder and harder until the first miss; your rating stays as it is"),
                ],
            )
            self.about = w.HTML()
            self.body = w.VBox(layout=w.Layout(max_width="100%"))
            self.record_box = w.Textarea(
                layout=w.Layout(width="95%", height="180px"), disabled=False
            )
            self.record = w.Accordion(
                children=[self.record_box],
                titles=(_("The hand record (copy it into the replayer)"),),
                selected_index=None,
            )
            self.next_button = w.Button(
                description=_("Next puzzle"),
                icon="arrow-right",
                layout=w.Layout(width="auto"),
            )
            self.next_button.on_click(self._on_next)
            self.themes.observe(self._on_settings, names="value")
            self.mode.observe(self._on_settings, names="value")
            self.children = [
                self.heading,
                w.HBox([self.themes, self.mode], layout=w.Layout(flex_flow="row wrap")),
                self.about,
                self.body,
                self.record,
                self.next_button,
                self.status,
            ]
            self.add_class("hp-practice")
            self.add_class("hp-puzzles")
            self._serve()

    # --- the rating -------------------------------------------------------------------

    def _stored_rating(self) -> PuzzleRating:
        try:
            events = open_store(self.home).answers()
        except Exception:  # a store that cannot be read: start from the first rating
            events = []
        return rating_from([*events, *(e for e in self.recorder.unsaved if e.is_answer)])

    def rating_text(self) -> str:
        # Translators: {rating} is the learner's puzzle rating, a whole number (1500).
        return _("Your puzzle rating: {rating}").format(rating=round(self.rating.rating))

    # --- serving ----------------------------------------------------------------------

    def _serve(self) -> None:
        self._answered = False
        self.status.value = ""
        streak = self.mode.value == "streak"
        target = target_rating(self.rating, self.streak if streak else None)
        theme = self.themes.value or None
        puzzle = self.bank.pick(target, self.rng, theme=theme, seen=self.seen)
        self.seen.append(puzzle.id)
        self.puzzle = puzzle
        q = puzzle.question(streak=streak)
        self.exercise = principle_exercise(q, recorder=self.recorder, once=True, lang=self.lang)
        self.exercise.answer_hooks.append(self._on_answer)
        self.body.children = [self.exercise]
        self._draw_about(shown=theme is not None)
        self.record_box.value = puzzle.record
        self.next_button.description = _("Next puzzle")
        self._draw_heading()

    def _draw_about(self, *, shown: bool) -> None:
        """The puzzle's title: its theme only once answered, or where the learner chose
        the theme ("Puzzle: Third hand high" before the answer gave it away)."""
        puzzle = self.puzzle
        assert puzzle is not None
        if shown:
            # Translators: {theme} is the puzzle's theme ("Second hand low"), {rating} its
            # rating (1450).
            about = _("Puzzle: {theme}, rated {rating}").format(
                theme=puzzle.theme_name, rating=puzzle.rating
            )
        else:
            # Translators: {rating} is the puzzle's rating (1450); its theme is shown
            # once it is answered.
            about = _("Puzzle, rated {rating}").format(rating=puzzle.rating)
        self.about.value = styled(f'<div class="hp-title">{esc(about)}</div>')

    def _draw_heading(self) -> None:
        if self.mode.value == "streak":
            # Translators: {n} puzzles solved in a row in the streak mode.
            badge = ngettext("Streak: {n} solved", "Streak: {n} solved", self.streak).format(
                n=self.streak
            )
        else:
            badge = self.rating_text()
        # Translators: {right} solved out of {asked} puzzles (the plural follows {right}).
        score = ngettext("{right} / {asked} solved", "{right} / {asked} solved", self.solved)
        title = _("Puzzles")
        self.heading.value = styled(
            f'<h3 style="display:inline-block;margin-right:10px">{esc(title)}</h3>'
            f'<span class="hp-badge" role="status">{esc(badge)}</span> '
            f'<span class="hp-badge">'
            f"{esc(score.format(right=self.solved, asked=self.asked))}</span>"
        )

    # --- callbacks --------------------------------------------------------------------

    def _on_answer(self, right: bool) -> None:
        if self._answered or self.puzzle is None:
            return
        self._answered = True
        hints = getattr(self.exercise, "hints_used", 0)
        solved = right and hints == 0
        self.asked += 1
        self.solved += int(solved)
        with language(self.lang):  # (a hook of the hosted exercise, not a guarded callback)
            if self.mode.value == "streak":
                if solved:
                    self.streak += 1
                else:
                    # Translators: {n} puzzles solved in a row before the miss.
                    over = ngettext(
                        "The streak is over: {n} puzzle solved in a row.",
                        "The streak is over: {n} puzzles solved in a row.",
                        self.streak,
                    ).format(n=self.streak)
                    self.status.value = styled(
                        f'<div class="hp-fb hp-info" role="status">{esc(over)}</div>'
                    )
                    self.streak = 0
                    self.next_button.description = _("Start a new streak")
            else:
                self.rating.update(self.puzzle.rating, solved)
            if right and not solved:
                self.status.value = styled(
                    f'<div class="hp-fb hp-info" role="status">{esc(hinted_words())}</div>'
                )
            self._draw_heading()
            self._draw_about(shown=True)
        self.next_button.focus()

    @guarded
    def _on_next(self, _button: Any = None) -> None:
        self._serve()

    @guarded
    def _on_settings(self, _change: Any = None) -> None:
        self.streak = 0
        self._serve()
