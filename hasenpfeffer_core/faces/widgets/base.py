"""What every lesson widget shares: safe callbacks, feedback boxes, a card picker, styles.

Two kinds of bad input, two answers:

* A widget's **settings** (the arguments it is made with: a seed, a level, a seat, the
  rules) are checked when it is made; a bad one raises the engine's own
  :class:`~hasenpfeffer_core.engine.errors.ParseError` or
  :class:`~hasenpfeffer_core.engine.errors.InvalidDataError`, naming the setting and
  the values it accepts (:func:`check_difficulty`, :func:`parse_rules`,
  :func:`~hasenpfeffer_core.analysis.session.check_seed`).
* Anything from the widget's **controls** (a button, a text box, the seed box, a menu),
  and the public methods that stand for them (``act``, ``undo``, ``load``, ``go``...),
  never raises into the notebook: :func:`guarded` turns a refusal into a short message
  in the widget's status line, and a refused input changes nothing.

Colours come from JupyterLab's theme variables, so the widgets read well in light and
dark themes; the cards themselves are always drawn on a light face.
"""

from __future__ import annotations

import functools
import html
import logging
import random
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, ParamSpec, TypeVar

import ipywidgets as w

from ...analysis.quiz import DIFFICULTIES, Question
from ...analysis.session import check_seed, quoted
from ...engine.cards import Card, Suit
from ...engine.errors import HasenpfefferError, InvalidDataError, ParseError
from ...engine.rules import Rules

P = ParamSpec("P")
R = TypeVar("R")

_LOGGER = logging.getLogger("hasenpfeffer_core.faces.widgets")

#: The longest message a status line shows (a message quoting a huge input is cut).
MAX_MESSAGE: Final = 400

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
        """Show ``message`` in the status line (cut if it is very long)."""
        if len(message) > MAX_MESSAGE:
            message = message[: MAX_MESSAGE - 1] + "…"
        self.status.value = feedback("err", "That did not work:", message)


def guarded(method: Callable[P, R]) -> Callable[P, R | None]:
    """Run a widget callback; turn any exception into a message instead of a traceback.

    The engine's errors are refusals: their message is shown as it is. Anything else is
    a bug in the widget: it is named in the message, and its traceback goes to the
    ``hasenpfeffer_core.faces.widgets`` logger rather than into the notebook.
    """

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
            self.show_error(f"something went wrong inside the widget ({type(e).__name__}: {e})")
            _LOGGER.debug("error in %s", method.__name__, exc_info=True)
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


def check_difficulty(value: object) -> str:
    """Read a quiz level: its name (``"bowers"``) or its menu label (``"The Joker"``).

    >>> check_difficulty("The Joker"), check_difficulty("first-steps")
    ('joker', 'first-steps')
    >>> check_difficulty("hard")
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.ParseError: there is no level 'hard': the levels are first-steps (First steps), bowers (Bowers), joker (The Joker), mixed (Mixed)
    """
    if isinstance(value, str):
        key = value.strip().lower()
        for name in DIFFICULTIES:
            if key in (name, DIFFICULTY_LABELS.get(name, name).lower()):
                return name
    levels = ", ".join(f"{d} ({DIFFICULTY_LABELS.get(d, d)})" for d in DIFFICULTIES)
    raise ParseError(
        f"there is no level {quoted(value)}: the levels are {levels}", rule="difficulty"
    )


def quiz_settings(difficulty: object, seed: object) -> tuple[str, int]:
    """Check a quiz's starting level and seed; a bad one raises the engine's error."""
    return check_difficulty(difficulty), check_seed(seed)


def parse_rules(rules: Rules | str | None) -> Rules:
    """A widget's ``rules`` setting: a :class:`Rules` value, its text, or ``None`` (the
    source rules). Text is a rule set's name (``"parlett"``), then options if any
    (``"seed; lone_hands=yes"``), as :meth:`Rules.parse` reads it.

    >>> parse_rules("parlett").to_text()
    'parlett'
    """
    if rules is None:
        return Rules()
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.parse(rules)
    raise InvalidDataError(
        "rules must be a Rules value or its text, such as 'parlett' or "
        f"'seed; lone_hands=yes', not {quoted(rules)}",
        rule="rules",
    )


def check_flag(value: object, what: str) -> bool:
    """A yes-or-no setting: ``True`` or ``False``, nothing else."""
    if not isinstance(value, bool):
        raise InvalidDataError(f"{what} must be True or False, not {quoted(value)}")
    return value


class QuizWidget(w.VBox, Guarded):  # type: ignore[misc]
    """What the two quiz widgets share: the question stream and its score, the header,
    the picture, the row of answers, the next button, the feedback and the level and
    seed controls. A quiz supplies its questions, its answer buttons and its verdict.

    Changing the level or the seed starts a fresh, reproducible set. A bad level or
    seed given when the quiz is made raises the engine's error; a number typed in the
    seed box that is not a seed is refused with a message, the box goes back to the
    seed in use and the set goes on.
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
        difficulty, seed = quiz_settings(difficulty, seed)
        super().__init__(**kwargs)
        self._init_guard()
        self._seed_in_use = seed
        self._syncing = False
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
        if self._syncing:
            return
        try:
            seed = check_seed(
                self.seed.value, what="the seed (the number that picks the questions)"
            )
        except HasenpfefferError:
            self._set_seed_box(self._seed_in_use)  # the set goes on as it was
            raise
        self._seed_in_use = seed
        self._restart()

    def _set_seed_box(self, seed: int) -> None:
        self._syncing = True
        try:
            self.seed.value = seed
        finally:
            self._syncing = False

    @guarded
    def _restart(self) -> None:
        """A fresh set: score and streak back to zero, questions from the seed again."""
        self.session.restart(self._seed_in_use)
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
