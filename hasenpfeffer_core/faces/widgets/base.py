"""What every lesson widget shares: safe callbacks, feedback boxes, a card picker, styles.

A widget never raises into the notebook: :func:`guarded` turns an exception in a
callback into a clear message in the widget's status line. Colours come from
JupyterLab's theme variables, so the widgets read well in light and dark themes;
the cards themselves are always drawn on a light face.
"""

from __future__ import annotations

import functools
import html
import random
import time
import traceback
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ParamSpec, TypeVar

import ipywidgets as w

from ...analysis.quiz import DIFFICULTIES, Question
from ...engine.cards import Card, Suit
from ...engine.errors import HasenpfefferError

P = ParamSpec("P")
R = TypeVar("R")

#: Styles shared by the widgets' HTML (theme-aware through JupyterLab's variables).
STYLE = """
<style>
.hp-w{font-family:var(--jp-ui-font-family,'DejaVu Sans',sans-serif);
  color:var(--jp-ui-font-color1,#1b1d22);line-height:1.45;font-size:14px}
.hp-w h3{margin:2px 0 6px;font-size:1.15em}
.hp-w .hp-muted{color:var(--jp-ui-font-color2,#555)}
.hp-w .hp-red{color:#c0262d}
.hp-w .hp-fb{border-radius:6px;padding:8px 12px;margin:6px 0;border-left:5px solid}
.hp-w .hp-ok{background:rgba(46,160,67,.14);border-color:#2ea043}
.hp-w .hp-bad{background:rgba(218,54,51,.13);border-color:#da3633}
.hp-w .hp-info{background:rgba(56,139,253,.12);border-color:#388bfd}
.hp-w .hp-err{background:rgba(210,153,34,.16);border-color:#d29922}
.hp-w table.hp-t{border-collapse:collapse;margin:4px 0}
.hp-w table.hp-t td,.hp-w table.hp-t th{padding:3px 10px;text-align:left;
  border-bottom:1px solid var(--jp-border-color2,#ddd)}
.hp-w .hp-badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:.85em;
  background:var(--jp-layout-color2,#eee);margin-right:4px}
</style>
"""


def esc(text: str) -> str:
    """HTML-escape ``text``."""
    return html.escape(text, quote=True)


def suit_span(suit: Suit | None) -> str:
    """A suit symbol and name, the red suits in red."""
    if suit is None:
        return "no trump"
    cls = ' class="hp-red"' if suit in (Suit.HEARTS, Suit.DIAMONDS) else ""
    return f"<span{cls}>{suit.symbol}</span> {suit.plural}"


def box(inner: str) -> str:
    """Wrap widget HTML with the shared styles."""
    return f'{STYLE}<div class="hp-w">{inner}</div>'


def feedback(kind: str, title: str, text: str = "") -> str:
    """A feedback box: ``ok``, ``bad``, ``info`` or ``err``."""
    body = f"<b>{esc(title)}</b>" + (f" {esc(text)}" if text else "")
    return box(f'<div class="hp-fb hp-{kind}" role="status">{body}</div>')


class Guarded:
    """Mixin: a status line for messages, and timing of each callback (for bench/)."""

    status: w.HTML
    timings: list[tuple[str, float]]

    def _init_guard(self) -> None:
        self.status = w.HTML(value="", layout=w.Layout(min_height="0px"))
        self.timings = []

    def show_error(self, message: str) -> None:
        self.status.value = feedback("err", "That did not work:", message)


def guarded(method: Callable[P, R]) -> Callable[P, R | None]:
    """Run a widget callback; turn any exception into a message instead of a traceback."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R | None:
        self = args[0]
        assert isinstance(self, Guarded)
        start = time.perf_counter()
        try:
            result = method(*args, **kwargs)
        except HasenpfefferError as e:
            self.show_error(str(e))
            return None
        except Exception as e:  # a bug: say so plainly, keep the notebook alive
            self.show_error(f"{type(e).__name__}: {e}")
            traceback.print_exc()
            return None
        finally:
            self.timings.append((method.__name__, time.perf_counter() - start))
        return result

    return wrapper


def card_button(card: Card, *, toggle: bool = False, **kwargs: Any) -> w.ToggleButton | w.Button:
    """A keyboard-reachable button showing a card's short text (red suits in red)."""
    layout = w.Layout(width="64px", height="36px")
    cls = w.ToggleButton if toggle else w.Button
    b = cls(description=card.text, tooltip=card.name, layout=layout, **kwargs)
    b.style.font_weight = "bold"
    paint_suit(b, card.suit)
    b.add_class("hp-card-button")
    b.card = card
    return b


#: A card's light face: buttons that stand for cards or suits use it in every theme, so
#: red suits stay readable on a dark theme too.
CARD_FACE = "#fdfcf8"


def paint_suit(button: w.Button | w.ToggleButton, suit: Suit | None) -> None:
    """Draw a card or suit button like a card: a light face, red or black text."""
    button.style.button_color = CARD_FACE
    red = suit in (Suit.HEARTS, Suit.DIAMONDS)
    button.style.text_color = "#c0262d" if red else "#1b1d22"


def paint_result(button: w.Button | w.ToggleButton, style: str) -> None:
    """Mark an answered button ``success`` or ``danger``: theme colours, white text."""
    button.style.button_color = None
    button.button_style = style
    button.style.text_color = "#ffffff"


def labelled(items: Sequence[w.Widget], label: str = "") -> w.HBox:
    """A row of widgets with an optional label in front."""
    row: list[w.Widget] = [w.HTML(value=box(f"<b>{esc(label)}</b>"))] if label else []
    return w.HBox([*row, *items], layout=w.Layout(flex_flow="row wrap", align_items="center"))


#: How the quizzes' difficulty menus name the quiz bank's difficulties.
DIFFICULTY_LABELS: dict[str, str] = {
    "first-steps": "First steps",
    "bowers": "Bowers",
    "joker": "The Joker",
    "mixed": "Mixed",
}


def seed_controls(
    seed: int, difficulty: str, difficulties: Iterable[str | tuple[str, str]]
) -> tuple[w.Dropdown, w.IntText]:
    """The difficulty and seed controls the quizzes share (options: values or (label, value))."""
    d = w.Dropdown(
        options=list(difficulties),
        value=difficulty,
        description="Level",
        layout=w.Layout(width="210px"),
    )
    s = w.IntText(value=seed, description="Seed", layout=w.Layout(width="160px"))
    return d, s


class QuizSession:
    """The bookkeeping both quizzes share: the seeded question stream with no repeats,
    score, streak, best streak and accuracy per situation tag."""

    #: How many draws to try for a question not yet asked in this set.
    FRESH_TRIES = 60

    def __init__(self, make: Callable[[random.Random, str], Question], seed: int) -> None:
        self._make = make
        self.restart(seed)

    def restart(self, seed: int) -> None:
        """A fresh set: everything back to zero, questions from ``seed`` again."""
        self._rng = random.Random(seed)
        self._asked: set[str] = set()
        self.score: tuple[int, int] = (0, 0)
        self.streak = 0
        self.best_streak = 0
        self.by_tag: dict[str, tuple[int, int]] = {}

    def draw(self, difficulty: str) -> Question:
        """The next question of ``difficulty``, one not asked in this set if possible."""
        q = self._make(self._rng, difficulty)
        for _ in range(self.FRESH_TRIES):
            if q.key not in self._asked:
                break
            q = self._make(self._rng, difficulty)
        self._asked.add(q.key)
        return q

    def record(self, question: Question, right: bool) -> None:
        """Count one answer to ``question``."""
        r, n = self.score
        self.score = (r + int(right), n + 1)
        tr, tn = self.by_tag.get(question.tag, (0, 0))
        self.by_tag[question.tag] = (tr + int(right), tn + 1)
        self.streak = self.streak + 1 if right else 0
        self.best_streak = max(self.best_streak, self.streak)

    def score_html(self) -> str:
        """Score, streak and best streak as badges."""
        right, asked = self.score
        return box(
            f'<span class="hp-badge">Score: {right} / {asked} right</span>'
            f'<span class="hp-badge">Streak: {self.streak}</span>'
            f'<span class="hp-badge">Best streak: {self.best_streak}</span>'
        )


def quiz_settings(difficulty: str, seed: object) -> tuple[str, int, list[str]]:
    """Check a quiz's starting level and seed; fall back to mixed and 0, saying why."""
    problems: list[str] = []
    if difficulty not in DIFFICULTIES:
        problems.append(
            f"unknown difficulty {difficulty!r}: the difficulties are "
            f"{', '.join(DIFFICULTIES)}; showing mixed questions"
        )
        difficulty = "mixed"
    try:
        number = int(seed)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        problems.append(f"the seed must be a whole number, not {seed!r}; using 0")
        number = 0
    return difficulty, number, problems


class QuizWidget(w.VBox, Guarded):  # type: ignore[misc]
    """What the two quiz widgets share: the question stream and its score, the header,
    the picture, the row of answers, the next button, the feedback and the level and
    seed controls. A quiz supplies its questions, its answer buttons and its verdict.

    Changing the level or the seed starts a fresh, reproducible set.
    """

    #: The quiz's title, the label before its answers, and the tooltips of its controls.
    title = ""
    answers_label = ""
    next_tooltip = "Show another question"
    level_tooltip = "Which cards the questions may show"
    seed_tooltip = "The same seed gives the same questions"

    def __init__(
        self,
        make: Callable[[random.Random, str], Question],
        difficulty: str,
        seed: int,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._init_guard()
        difficulty, seed, self._problems = quiz_settings(difficulty, seed)
        self.question: Question | None = None
        self.session = QuizSession(make, seed)
        self.answered: bool = False
        self.header = w.HTML()
        self.picture = w.HTML()
        self.answers_row = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.next_button = w.Button(
            description="Next question", tooltip=self.next_tooltip, icon="arrow-right"
        )
        self.feedback = w.HTML()
        self.score_line = w.HTML()
        self.difficulty, self.seed = seed_controls(
            seed, difficulty, [(DIFFICULTY_LABELS.get(d, d), d) for d in DIFFICULTIES]
        )
        self.difficulty.tooltip = self.level_tooltip
        self.seed.tooltip = self.seed_tooltip
        self.next_button.on_click(self._on_next)
        self.difficulty.observe(self._on_settings, names="value")
        self.seed.observe(self._on_settings, names="value")

    def _answers_box(self) -> w.HBox:
        return w.HBox(
            [w.HTML(value=box(f"<b>{esc(self.answers_label)}</b>")), self.answers_row],
            layout=w.Layout(align_items="center", flex_flow="row wrap"),
        )

    def _controls_box(self) -> w.HBox:
        return w.HBox([self.difficulty, self.seed], layout=w.Layout(flex_flow="row wrap"))

    def _start(self) -> None:
        """The first set; the subclass calls it once its children are laid out."""
        self._restart()
        if self._problems:
            self.show_error("; ".join(self._problems))

    @property
    def score(self) -> tuple[int, int]:
        """(right, asked) in this set."""
        return self.session.score

    @property
    def streak(self) -> int:
        """Right answers in a row."""
        return self.session.streak

    @property
    def best_streak(self) -> int:
        """The longest streak in this set."""
        return self.session.best_streak

    @property
    def by_tag(self) -> dict[str, tuple[int, int]]:
        """Accuracy per situation tag: tag -> (right, asked)."""
        return self.session.by_tag

    @guarded
    def _on_next(self, _button: Any = None) -> None:
        self._new_question()
        first = self._answer_buttons()
        if first:
            first[0].focus()

    @guarded
    def _on_settings(self, _change: Any = None) -> None:
        self._restart()

    @guarded
    def _restart(self) -> None:
        """A fresh set: score and streak back to zero, questions from the seed again."""
        self.session.restart(int(self.seed.value))
        self.question = None
        self._new_question()

    def _new_question(self) -> None:
        self.answered = False
        self.feedback.value = ""
        self.question = None
        self._draw_score()
        q = self.session.draw(self.difficulty.value)
        self.question = q
        self.answers_row.children = self._make_answer_buttons(q)
        self.header.value = box(
            f"<h3>{esc(self.title)}</h3>"
            f'<div>Trumps: <b>{suit_span(q.trump)}</b> <span class="hp-badge">'
            f"{esc(DIFFICULTY_LABELS.get(q.difficulty, q.difficulty))}</span></div>"
            f"<p>{esc(q.prompt)}</p>"
        )
        self._draw_picture()
        self._draw_score()
        self.status.value = ""

    # what each quiz supplies
    def _answer_buttons(self) -> Sequence[w.Button]:
        raise NotImplementedError

    def _make_answer_buttons(self, q: Question) -> list[w.Button]:
        raise NotImplementedError

    def _draw_picture(self) -> None:
        raise NotImplementedError

    def _draw_score(self) -> None:
        self.score_line.value = self.session.score_html()
