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
dark themes; the cards themselves are always drawn on a light face. Every colour of the
shared style (:data:`STYLE`) is written ``var(--hp-NAME, var(--jp-..., light fallback))``:
JupyterLab's ``--jp-`` variables answer in the lab, the fallbacks on a page without them
(the docs site), and a page may set the ``--hp-`` custom properties on any ancestor of
the widgets to recolour them (the docs site does so for its dark scheme, ``slate``).
Where no ``--jp-`` variable reads well in both themes (red text, the cards' red on a dark
page), the style gives the dark theme its own value under
``body[data-jp-theme-light="false"]``. The custom properties (:data:`HP_COLOURS` lists them):

``--hp-fg``            text (``--jp-ui-font-color1``)
``--hp-muted``         quieter text: captions, hints (dark: ``--jp-content-font-color2``)
``--hp-red``           red suit symbols in text (hearts, diamonds)
``--hp-border``        table rules (``--jp-border-color2``)
``--hp-badge-bg``      the score badges' background (``--jp-layout-color2``)
``--hp-ok-bg``, ``--hp-bad-bg``, ``--hp-info-bg``, ``--hp-err-bg``
                       the feedback boxes' tinted backgrounds (translucent)
``--hp-ok-edge``, ``--hp-bad-edge``, ``--hp-info-edge``, ``--hp-err-edge``
                       their left edges
``--hp-right-bg``, ``--hp-right-fg``
                       an answered button that is right (the winning or a legal card),
                       ``--jp-success-color0`` with ``--jp-ui-inverse-font-color0``
``--hp-wrong-bg``, ``--hp-wrong-fg``
                       a chosen button that is wrong (``--jp-error-color1``)
``--hp-advised-bg``, ``--hp-advised-fg``
                       the button a hint advises (``--jp-info-color0``)
``--hp-selected``      the ring round a selected card button (``--jp-brand-color1``)
``--hp-card-face``, ``--hp-card-ink``
                       a card button's face and ink, light in both themes (a card is
                       light; a toggle button has no colour setting of its own)

Answered buttons keep their colour at full strength: ipywidgets draws a disabled button
at 60 % opacity, which the style lifts for the marked ones. Every colour pair is checked
for WCAG AA contrast (4.5:1) in JupyterLab's light and dark themes and with the
fallbacks alone (``tests/test_contrast.py``).

Layouts wrap and scroll rather than clip: the shared boxes are at most as wide as their
column (``max-width:100%``) and scroll sideways when a picture is wider than that.

Each widget speaks one language (``lang``: ``"en"``, ``"it"``, ``"th"``, or ``None`` for
the language in use when it is made, :func:`widget_language`): it draws itself in it,
and its callbacks (:func:`guarded`, or ``with language(self.lang)`` in the others) answer
in it, whatever language the notebook speaks afterwards. Every word it shows goes
through the catalogue (:mod:`~hasenpfeffer_core.engine.i18n`); :func:`fill` puts HTML
into a translated message.
"""

from __future__ import annotations

import functools
import html
import logging
import os
import random
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Final, Literal, ParamSpec, TypeVar, overload

import ipywidgets as w

from ...analysis.explain import card_label
from ...analysis.quiz import DIFFICULTIES, Question
from ...analysis.session import check_seed, quoted
from ...engine.cards import Card, Suit
from ...engine.errors import HasenpfefferError, InvalidDataError, ParseError
from ...engine.i18n import LANGUAGE_NAMES, N_, chosen_language, get_language, language
from ...engine.i18n import gettext as _
from ...engine.rules import Rules
from ...engine.seats import Seat, Side, parse_seat, parse_side
from ..text import visible

P = ParamSpec("P")
R = TypeVar("R")

_LOGGER = logging.getLogger("hasenpfeffer_core.faces.widgets")

#: The longest message a status line shows (a message quoting a huge input is cut).
MAX_MESSAGE: Final = 400

#: The shared colours: name -> its value, ``var(--hp-NAME, var(--jp-..., fallback))``.
HP_COLOURS: Final[dict[str, str]] = {
    "fg": "var(--hp-fg,var(--jp-ui-font-color1,#1b1d22))",
    "muted": "var(--hp-muted,#4f535a)",
    "red": "var(--hp-red,#c0262d)",
    "border": "var(--hp-border,var(--jp-border-color2,#d0d3d8))",
    "badge-bg": "var(--hp-badge-bg,var(--jp-layout-color2,#eeeeee))",
    "ok-bg": "var(--hp-ok-bg,rgba(46,160,67,.14))",
    "bad-bg": "var(--hp-bad-bg,rgba(218,54,51,.13))",
    "info-bg": "var(--hp-info-bg,rgba(56,139,253,.12))",
    "err-bg": "var(--hp-err-bg,rgba(210,153,34,.16))",
    "ok-edge": "var(--hp-ok-edge,#2ea043)",
    "bad-edge": "var(--hp-bad-edge,#da3633)",
    "info-edge": "var(--hp-info-edge,#388bfd)",
    "err-edge": "var(--hp-err-edge,#d29922)",
    "right-bg": "var(--hp-right-bg,var(--jp-success-color0,#1b5e20))",
    "right-fg": "var(--hp-right-fg,var(--jp-ui-inverse-font-color0,#ffffff))",
    "wrong-bg": "var(--hp-wrong-bg,var(--jp-error-color1,#c62828))",
    "wrong-fg": "var(--hp-wrong-fg,var(--jp-ui-inverse-font-color0,#ffffff))",
    "advised-bg": "var(--hp-advised-bg,var(--jp-info-color0,#006064))",
    "advised-fg": "var(--hp-advised-fg,var(--jp-ui-inverse-font-color0,#ffffff))",
    "selected": "var(--hp-selected,var(--jp-brand-color1,#1976d2))",
    # A card button keeps its light face in both themes: a toggle button (the legal-play
    # quiz's cards) has no button_color of its own, and the dark theme's grey made its
    # dark ink unreadable. (A button's own inline colours, red or black, come first.)
    "card-face": "var(--hp-card-face,#fdfcf8)",
    "card-ink": "var(--hp-card-ink,#1b1d22)",
}

#: The dark theme's own values, where no JupyterLab variable reads well in both themes.
HP_DARK: Final[dict[str, str]] = {
    "red": "var(--hp-red,#ff9b94)",
    "muted": "var(--hp-muted,var(--jp-content-font-color2,rgba(255,255,255,.7)))",
}

_C = HP_COLOURS
#: A card button's edge, so a light card face reads as a button on a white page too
#: (4.7:1 against white; WCAG asks 3:1 of a control's edge).
CARD_EDGE: Final = "#77736a"
_DARK = 'body[data-jp-theme-light="false"]'
#: An answered button (ipywidgets would fade it as disabled): selector for each state.
_BUTTON = ".jupyter-widgets.jupyter-button"

#: Styles shared by the widgets' HTML (theme-aware through JupyterLab's variables).
STYLE: Final = f"""
<style>
.hp-w{{font-family:var(--jp-ui-font-family,'DejaVu Sans',sans-serif);
  color:{_C["fg"]};line-height:1.45;font-size:14px;max-width:100%;overflow-x:auto;
  box-sizing:border-box}}
/* an HTML widget holding ours keeps to its column on a narrow page (ipywidgets sizes it
   to its content: at 390 px a prompt was cut, "which card do you pla", and a hand's
   picture ran past the edge); what is wider still scrolls inside .hp-w */
.widget-html:has(.hp-w),.widget-html-content:has(> .hp-w){{min-width:0;max-width:100%}}
.widget-html-content:has(> .hp-w){{white-space:normal;overflow-wrap:break-word}}
.hp-w h3{{margin:2px 0 6px;font-size:1.15em}}
.hp-w .hp-muted{{color:{_C["muted"]}}}
{_DARK} .hp-w .hp-muted{{color:{HP_DARK["muted"]}}}
.hp-w .hp-red{{color:{_C["red"]}}}
{_DARK} .hp-w .hp-red{{color:{HP_DARK["red"]}}}
.hp-w .hp-fb{{border-radius:6px;padding:8px 12px;margin:6px 0;border-left:5px solid}}
.hp-w .hp-ok{{background:{_C["ok-bg"]};border-color:{_C["ok-edge"]}}}
.hp-w .hp-bad{{background:{_C["bad-bg"]};border-color:{_C["bad-edge"]}}}
.hp-w .hp-info{{background:{_C["info-bg"]};border-color:{_C["info-edge"]}}}
.hp-w .hp-err{{background:{_C["err-bg"]};border-color:{_C["err-edge"]}}}
.hp-w table.hp-t{{border-collapse:collapse;margin:4px 0}}
.hp-w table.hp-t td,.hp-w table.hp-t th{{padding:3px 10px;text-align:left;vertical-align:top;
  border-bottom:1px solid {_C["border"]};overflow-wrap:break-word}}
.hp-w table th{{white-space:nowrap;overflow-wrap:normal}}
.hp-w .hp-badge{{display:inline-block;border-radius:10px;padding:0 8px;font-size:.85em;
  background:{_C["badge-bg"]};margin:0 4px 2px 0}}
.hp-w .hp-nowrap{{white-space:nowrap}}
/* the figures under a hint or a verdict, a box's help: quieter, still 13 px (12 px grey
   was found hard to read) */
.hp-w .hp-details{{font-size:.93em;margin-top:3px}}
/* a focus ring the keyboard user sees in both themes (JupyterLab's own is one faint
   pixel) on the widgets' buttons, boxes and menus */
.jupyter-widgets :is(.jupyter-button, input, select, textarea):focus-visible{{
  outline:3px solid var(--jp-brand-color1,#1976d2);outline-offset:1px}}
/* read by a screen reader, not shown (what the table and the log already show) */
.hp-w .hp-sr{{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;
  clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0}}
.hp-w svg{{max-width:none}}
/* a picture of cards (a hand, a trick) shrinks to a narrow column rather than hide its
   last cards behind a scroll bar */
.hp-w svg.hp-svg{{max-width:100%;height:auto}}
/* an answer's mark beats any inline colour a front end leaves on the button */
{_BUTTON}.hp-right{{color:{_C["right-fg"]} !important;background:{_C["right-bg"]} !important}}
{_BUTTON}.hp-wrong{{color:{_C["wrong-fg"]} !important;background:{_C["wrong-bg"]} !important}}
{_BUTTON}.hp-advised{{color:{_C["advised-fg"]} !important;background:{_C["advised-bg"]} !important}}
{_BUTTON}.hp-card-button:not(.hp-right):not(.hp-wrong):not(.hp-advised){{
  color:{_C["card-ink"]};background-color:{_C["card-face"]};
  box-shadow:inset 0 0 0 1px {CARD_EDGE}}}
/* an answered question's cards stay as legible as before (no fading): the learner
   reads them with the verdict */
{_BUTTON}.hp-card-button:disabled{{opacity:1;cursor:default}}
/* a card already placed in an ordering exercise: faded, with a check mark */
{_BUTTON}.hp-card-button.hp-chosen{{opacity:.55 !important}}
{_BUTTON}.hp-right:disabled,{_BUTTON}.hp-wrong:disabled,{_BUTTON}.hp-advised:disabled{{opacity:1}}
{_BUTTON}.hp-card-button.mod-active{{box-shadow:inset 0 0 0 3px {_C["selected"]}}}
/* the chosen one of a row of toggle buttons (the puzzles' Rated and Streak, the
   replayer's hands shown): in the dark theme its grey was barely lighter than the
   others', so which was chosen could not be told; underlined in the selection colour */
.widget-toggle-buttons .widget-toggle-button.mod-active{{box-shadow:inset 0 -3px 0 {_C["selected"]};
  font-weight:bold}}
/* a folding section's title (ipywidgets' Accordion): JupyterLab's quieter grey read at
   4.2:1 in the dark theme */
.hp-collapse .jupyter-widget-Collapse-header{{color:{_C["fg"]};background:{_C["badge-bg"]}}}
</style>
"""

#: The lesson folders in another language than English: ``lessons/it``, ``lessons/th``.
LESSON_FOLDERS: Final = ("it", "th")


def folder_language(folder: str | os.PathLike[str] | None = None) -> str | None:
    """The language of a lesson folder (default: the folder the kernel runs in, which is
    the notebook's own): ``"it"`` for ``lessons/it``, ``"th"`` for ``lessons/th``, or
    ``None`` for any other folder. A folder named ``it`` or ``th`` counts when its parent
    is called ``lessons`` or it holds lesson notebooks (``01-the-cards.ipynb``...).

    >>> folder_language("lessons/it"), folder_language("lessons"), folder_language("/tmp/th")
    ('it', None, None)
    """
    try:
        here = Path.cwd() if folder is None else Path(folder)
        if here.name not in LESSON_FOLDERS:
            return None
        if here.parent.name == "lessons" or (here / "practice.ipynb").is_file():
            return here.name
        return here.name if any(here.glob("[0-9][0-9]-*.ipynb")) else None
    except OSError:  # (a folder that is gone or cannot be read: no language from it)
        return None


def widget_language(lang: object) -> str:
    """The language a widget speaks: ``lang`` (``"en"``, ``"it"``, ``"th"``; ``"it_IT"``
    is read as ``"it"``). When ``lang`` is ``None``: the language chosen for the kernel
    (:func:`~hasenpfeffer_core.set_language`, a lesson's header), else the lesson
    folder's (:func:`folder_language`: a widget in a notebook in ``lessons/it`` speaks
    Italian even where no lesson header ran, as on the practice page), else English. An
    unknown language is refused with the engine's error, naming the languages.

    >>> widget_language("it"), widget_language(None)
    ('it', 'en')
    >>> widget_language("xx")
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.InvalidDataError: unknown language 'xx': the languages are en (English), it (italiano), th (ไทย)
    """
    if lang is None:
        return chosen_language() or folder_language() or get_language()
    if not isinstance(lang, str):
        names = ", ".join(f"{k} ({v})" for k, v in LANGUAGE_NAMES.items())
        raise InvalidDataError(
            _("the language is one of {languages}, not {value}").format(
                languages=names, value=quoted(lang)
            ),
            rule="lang",
        )
    with language(lang) as chosen:
        return chosen


def side_words(side: Side | str) -> str:
    """A partnership as prose names it (:attr:`Side.word`), from a side or its text.

    >>> side_words(Side.EW), side_words("NS")
    ('East-West', 'North-South')
    """
    return parse_side(side).word


def translated(text: str) -> str:
    """``text`` (marked with ``N_`` where it was written) in the language in use; an
    empty text stays empty (the catalogue's entry for "" is its header, not a word).

    >>> translated(""), translated("Level")
    ('', 'Level')
    """
    return _(text) if text else text


def esc(text: str) -> str:
    """``text`` for HTML: escaped, and every control, bidi or zero-width character in it
    shown as its escape (:func:`~hasenpfeffer_core.faces.text.visible`)."""
    return html.escape(visible(text, newlines=True), quote=True)


def fill(message: str, **values: object) -> str:
    """A translated ``message`` as HTML: the message escaped, then its ``{placeholders}``
    filled with ``values``, which are HTML already (escape any text among them).

    >>> fill("{card} beats A & K", card="<b>J♥</b>")
    '<b>J♥</b> beats A &amp; K'
    """
    return html.escape(message, quote=False).format(**values)


def suit_span(suit: Suit | None) -> str:
    """A suit symbol and name, the red suits in red."""
    if suit is None:
        return esc(_("no trump"))
    cls = ' class="hp-red"' if suit in (Suit.HEARTS, Suit.DIAMONDS) else ""
    return f"<span{cls}>{suit.symbol}</span> {esc(suit.plural)}"


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
        self.status.value = feedback("err", _("That did not work:"), message)


def guarded(method: Callable[P, R]) -> Callable[P, R | None]:
    """Run a widget callback; turn any exception into a message instead of a traceback.

    The engine's errors are refusals: their message is shown as it is. Anything else is
    a bug in the widget: it is named in the message, and its traceback goes to the
    ``hasenpfeffer_core.faces.widgets`` logger rather than into the notebook. The call
    runs in the widget's language (its ``lang``), whatever the notebook speaks now.
    """

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R | None:
        self = args[0]
        assert isinstance(self, Guarded)
        start = time.perf_counter()
        with language(getattr(self, "lang", None)):
            try:
                result = method(*args, **kwargs)
            except HasenpfefferError as e:
                self.show_error(str(e))
                return None
            except Exception as e:  # a bug: say so plainly, keep the notebook alive
                # Translators: {error} is a programming error's name and message, in English
                message = _("something went wrong inside the widget ({error})")
                self.show_error(message.format(error=f"{type(e).__name__}: {e}"))
                _LOGGER.debug("error in %s", method.__name__, exc_info=True)
                return None
            finally:
                self.timings.append((method.__name__, time.perf_counter() - start))
        return result

    return wrapper


def text_layout() -> w.Layout:
    """A text button's layout: as wide as its words (ipywidgets' fixed default width cuts
    a longer label short, and an Italian or Thai label is often longer than the English)."""
    return w.Layout(width="auto", min_width="64px", max_width="100%")


def card_button(card: Card, *, toggle: bool = False, **kwargs: Any) -> w.ToggleButton | w.Button:
    """A keyboard-reachable button showing a card's short text (red suits in red)."""
    layout = w.Layout(width="auto", min_width="64px", height="36px")
    cls = w.ToggleButton if toggle else w.Button
    b = cls(description=card_label(card), tooltip=card.name, layout=layout, **kwargs)
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
    clear_mark(button)
    button.style.button_color = CARD_FACE
    red = suit in (Suit.HEARTS, Suit.DIAMONDS)
    button.style.text_color = "#c0262d" if red else "#1b1d22"


#: The marks an answered or advised button may carry: ipywidgets' style -> the class.
MARKS: Final = {"success": "hp-right", "danger": "hp-wrong", "info": "hp-advised"}


def clear_mark(button: w.Button | w.ToggleButton) -> None:
    """Take any right, wrong or advised mark off ``button``."""
    button.button_style = ""
    for cls in MARKS.values():
        if cls in button._dom_classes:
            button.remove_class(cls)


def paint_result(button: w.Button | w.ToggleButton, style: str) -> None:
    """Mark a button ``success`` (right), ``danger`` (wrong) or ``info`` (advised).

    The shared style colours it from the theme (a solid fill, text at AA contrast) and
    keeps it at full strength when the button is disabled once the question is answered.
    """
    clear_mark(button)
    button.style.button_color = None
    button.style.text_color = None
    button.button_style = style
    button.add_class(MARKS[style])


def labelled(items: Sequence[w.Widget], label: str = "") -> w.HBox:
    """A row of widgets with an optional label in front."""
    row: list[w.Widget] = [w.HTML(value=box(f"<b>{esc(label)}</b>"))] if label else []
    return w.HBox([*row, *items], layout=w.Layout(flex_flow="row wrap", align_items="center"))


#: How the quizzes' difficulty menus name the quiz bank's difficulties.
#: (Marked for the catalogue: translated where shown, with :func:`level_label`.)
DIFFICULTY_LABELS: dict[str, str] = {
    # Translators: a quiz level (menu item): the easiest questions
    "first-steps": N_("First steps"),
    # Translators: a quiz level (menu item): questions about the two bowers
    "bowers": N_("Bowers"),
    # Translators: a quiz level (menu item): questions about the Joker
    "joker": N_("The Joker"),
    # Translators: a quiz level (menu item): questions of every kind
    "mixed": N_("Mixed"),
}


def level_label(difficulty: str) -> str:
    """A quiz level as its menu names it, in the language in use."""
    return _(DIFFICULTY_LABELS.get(difficulty, difficulty))


def seed_controls(
    seed: int, difficulty: str, difficulties: Iterable[str | tuple[str, str]]
) -> tuple[w.Dropdown, w.IntText]:
    """The level menu and the question-set box the quizzes share (options: values or
    (label, value)). The box holds the number that picks the questions (the seed); the
    learner sees it as a "Question set"."""
    d = w.Dropdown(
        options=list(difficulties),
        value=difficulty,
        # Translators: the label of the quiz level menu
        description=_("Level"),
        layout=w.Layout(width="210px"),
    )
    s = w.IntText(
        value=seed,
        # Translators: the label of the number box that picks a reproducible set of questions
        description=_("Question set"),
        style={"description_width": "initial"},
        layout=w.Layout(width="200px"),
    )
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
        for _try in range(self.FRESH_TRIES):
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
        badges = (
            _("Score: {right} / {asked} right").format(right=right, asked=asked),
            # Translators: right answers in a row
            _("Streak: {n}").format(n=self.streak),
            _("Best streak: {n}").format(n=self.best_streak),
        )
        return box("".join(f'<span class="hp-badge">{esc(b)}</span>' for b in badges))


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
            label = DIFFICULTY_LABELS.get(name, name)
            if key in (name, label.lower(), _(label).lower()):
                return name
    levels = ", ".join(f"{d} ({level_label(d)})" for d in DIFFICULTIES)
    raise ParseError(
        _("there is no level {value}: the levels are {levels}").format(
            value=quoted(value), levels=levels
        ),
        rule="difficulty",
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
        # Translators: 'parlett' and 'seed; lone_hands=yes' are typed as they are
        _(
            "rules must be a Rules value or its text, such as 'parlett' or "
            "'seed; lone_hands=yes', not {value}"
        ).format(value=quoted(rules)),
        rule="rules",
    )


def check_flag(value: object, what: str) -> bool:
    """A yes-or-no setting: ``True`` or ``False``, nothing else. ``what`` names the
    setting (translated by the caller)."""
    if not isinstance(value, bool):
        raise InvalidDataError(
            # Translators: {setting} names a widget's setting; True and False are typed as they are
            _("{setting} must be True or False, not {value}").format(
                setting=what, value=quoted(value)
            )
        )
    return value


@overload
def check_seat(value: object, *, optional: Literal[False] = False) -> Seat: ...
@overload
def check_seat(value: object, *, optional: bool) -> Seat | None: ...
def check_seat(value: object, *, optional: bool = False) -> Seat | None:
    """A ``seat`` setting: a seat or its text (``"S"``, ``"South"``); with ``optional``,
    also ``None`` (for the replayer, every hand face up). Anything else is refused with
    the values accepted."""
    if isinstance(value, Seat) or (optional and value is None):
        return value
    if isinstance(value, str) and len(value) <= 20:
        return parse_seat(value)
    if optional:
        # Translators: N, E, S, W, North... and None are what the learner types: keep them.
        message = _(
            "seat must be N, E, S or W (or North, East, South, West), or None for every hand "
            "face up, not {value}"
        )
    else:
        # Translators: the letters and the seat names are what the program reads: keep them
        # in English
        message = _("seat must be N, E, S or W (or North, East, South, West), not {value}")
    raise ParseError(message.format(value=quoted(value)), rule="seat")
