"""Step through a hand record: the table, the auction, the tricks, the notes and
double-dummy marks on every play.

Open a teaching hand by name, a record file, a record's text or a
:class:`~hasenpfeffer_core.engine.record.HandRecord`, then step with First, Back, Next and
Last, or jump to the deal, the end of the auction or any trick. "View" shows every
hand face up, or one seat's view with the other hands face down. Each play carries
its double-dummy mark from :func:`~hasenpfeffer_core.analysis.review.analyse`, worked out
once when the record is opened.

>>> r = HandReplayer("01")
>>> r.record.title, r.step
('The Joker leads trumps', 0)
>>> r.next_button.click()
>>> r.step, r.state.log == r.record.state_at(1).log
(1, True)
"""

from __future__ import annotations

import os
import stat
from bisect import bisect_left
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, Final

import ipywidgets as w

from ...analysis.explain import card_label, join_and
from ...analysis.review import HandAnalysis, PlayAnalysis, analyse
from ...analysis.session import quoted
from ...analysis.teaching import teaching_hand, teaching_hand_names
from ...analysis.view import PlayerView
from ...engine.actions import Action, Bid, Discard, GoAlone, NameTrump, Pass, Play
from ...engine.auction import bid_name
from ...engine.cards import Card, Suit
from ...engine.errors import InvalidDataError, RecordError
from ...engine.i18n import ended, get_language, language, ngettext, pgettext, whole_number
from ...engine.i18n import gettext as _
from ...engine.record import HandRecord, load, loads
from ...engine.rules import Rules
from ...engine.seats import SEATS, Seat, Side
from ...engine.state import HandState, Phase
from ..render import state_html
from ..rules_words import rules_words
from .base import (
    Guarded,
    box,
    check_flag,
    check_seat,
    esc,
    guarded,
    side_words,
    suit_span,
    widget_language,
)

__all__ = ["MAX_RECORD_CHARS", "HandReplayer", "action_html", "card_html", "mark_html"]

#: The longest record the replayer reads, in characters (a teaching hand is about 2,000).
MAX_RECORD_CHARS: Final = 1_000_000


def _views() -> list[tuple[str, str]]:
    """The view menu's options: every hand, or a seat's (its letter in the learner's
    language: O for Ovest in Italian; the value stays the seat's code)."""
    return [(_("All hands"), "all"), *((s.letter, s.name) for s in SEATS)]


def _view_tips() -> list[str]:
    """The view menu's tooltips, in the language spoken now."""
    return [
        _("Show every hand face up"),
        # Translators: {seat} is a seat (North...).
        *(_("{seat}'s view: only {seat}'s cards face up").format(seat=s.word) for s in SEATS),
    ]


# --- text pieces shared with the play table ----------------------------------------


def card_html(card: Card) -> str:
    """A card's short text, hearts and diamonds in red; the Joker by its name ("JK" is
    the notation's, not a word a learner reads: the cards' buttons say "Joker" too)."""
    if card.suit in (Suit.HEARTS, Suit.DIAMONDS):
        return f'<span class="hp-red">{esc(card.text)}</span>'
    return esc(card_label(card))


def _card_words(card: Card) -> str:
    return esc(_("the Joker")) if card.is_joker else card_html(card)


def action_html(
    action: Action,
    rules: Rules,
    *,
    maker: Seat | None = None,
    names: Mapping[Seat, str] | None = None,
    hide_discard: bool = False,
    spoken: Callable[[Card], str] | None = None,
) -> str:
    """An action in words: "East bids 4", "You play K♠", "North discards a card face down".

    ``names`` renames seats ("You"); ``maker`` tells a lone maker from a lone defender;
    ``spoken`` names the cards for a listener ("the jack of diamonds, the left bower")
    rather than by their short text.
    """
    seat = action.seat
    who = names.get(seat, seat.word) if names else seat.word
    # Translators: the name the play table gives the learner's seat.
    you = who in ("You", _("You"))
    # Each action is a whole sentence, told to the learner ("You pass") or of a seat
    # ({seat}: a seat's name, North..., or the name the table gives it).
    if isinstance(action, Pass):
        text = _("You pass") if you else _("{seat} passes")
    elif isinstance(action, Bid):
        # Translators: {bid} is a bid: a number of tricks, or Little Pepper, Big Pepper.
        text = _("You bid {bid}") if you else _("{seat} bids {bid}")
    elif isinstance(action, NameTrump):
        if action.suit is None:
            text = _("You name no trump") if you else _("{seat} names no trump")
        else:
            # Translators: {suit} is the suit's symbol and name (♥ hearts).
            text = _("You name {suit} as trumps") if you else _("{seat} names {suit} as trumps")
    elif isinstance(action, Discard):
        if hide_discard:
            text = (
                _("You discard a card face down") if you else _("{seat} discards a card face down")
            )
        else:
            # Translators: {card} is a card's short text (J♥) or "the Joker".
            text = _("You discard {card}") if you else _("{seat} discards {card}")
    elif isinstance(action, GoAlone):
        if maker is not None and seat is not maker:
            if action.alone:
                text = _("You defend alone") if you else _("{seat} defends alone")
            else:
                text = _("You do not defend alone") if you else _("{seat} does not defend alone")
        elif action.alone:
            text = _("You go alone") if you else _("{seat} goes alone")
        else:
            text = _("You play with partner") if you else _("{seat} plays with partner")
    else:
        # Translators: {card} is a card's short text (J♥) or "the Joker".
        text = _("You play {card}") if you else _("{seat} plays {card}")
    bid = bid_name(action.tricks, action.big, rules) if isinstance(action, Bid) else ""
    suit = action.suit if isinstance(action, NameTrump) else None
    card = action.card if isinstance(action, Discard | Play) else None
    return esc(text).format(
        seat=esc(who),
        bid=esc(bid),
        suit=suit_span(suit),
        card="" if card is None else esc(spoken(card)) if spoken else _card_words(card),
    )


def mark_html(play: PlayAnalysis) -> str:
    """A play's double-dummy mark: "✓ best", or "✗ cost 2 points: K♠ would have saved
    them", with the points the player's side scores with each legal card, all hands
    face up and each side playing for its score."""
    if play.action.card in play.best:
        # Translators: the mark of a play as good as any (double dummy).
        head = esc(_("✓ best (the only legal card)") if len(play.points) == 1 else _("✓ best"))
        kind = "ok"
    elif play.cost == 0:
        alt = join_and((_card_words(c) for c in play.best), pgettext("list", "or"))
        more = play.values[play.best[0]] - play.values[play.action.card]
        # Translators: the mark of a play that scored as well as the best card but took
        # fewer tricks; {cards} lists the cards that take {n} more ("K♠ or Q♠").
        head = esc(
            ngettext(
                "✓ scores as well as any card, though {cards} would have taken {n} more trick",
                "✓ scores as well as any card, though {cards} would have taken {n} more tricks",
                more,
            )
        ).format(n=more, cards=alt)
        kind = "ok"
    else:
        # Translators: what joins the last two cards of a list of choices: "K♠, Q♠ or 9♠".
        alt = join_and((_card_words(c) for c in play.best), pgettext("list", "or"))
        n = round(play.cost)
        # Translators: {n} points lost by a play (a whole number); {cards} lists the
        # cards that would have saved them ("K♠ or Q♠").
        head = esc(
            ngettext(
                "✗ cost {n} point: {cards} would have saved it",
                "✗ cost {n} points: {cards} would have saved them",
                n,
            )
        ).format(n=esc(whole_number(play.cost)), cards=alt)
        kind = "bad"
    ranked = sorted(play.points.items(), key=lambda cv: -cv[1])

    def figure(v: float) -> str:
        return esc(whole_number(v, signed=True))

    values = " · ".join(
        (
            f"<b>{card_html(c)} {figure(v)}</b>"
            if c is play.action.card
            else f"{card_html(c)} {figure(v)}"
        )
        for c, v in ranked
    )
    # Translators: {side} is a partnership (North-South); {values} lists each legal
    # card with the points (that side's minus the other side's) it leads to
    # ("K♠ +2 · 9♠ -3").
    scored = esc(
        _(
            "With all hands face up, each side playing for its score, {side} end the hand "
            "with these points (theirs minus the other side's) after each card: {values}"
        )
    ).format(side=esc(side_words(play.seat.side)), values=values)
    return (
        f'<div class="hp-fb hp-{kind} hp-mark" role="note"><b>{head}</b>'
        f'<div class="hp-muted">{scored}</div></div>'
    )


def _teaching_options() -> tuple[tuple[str, str], ...]:
    """The teaching hands for the picker: ("01 · The Joker leads trumps", name)."""
    return _teaching_options_in(get_language())


@cache
def _teaching_options_in(lang: str) -> tuple[tuple[str, str], ...]:
    out = []
    for name in teaching_hand_names():
        number = name.split("-", 1)[0]
        title = teaching_hand(name).title or name
        out.append((f"{number} · {title}", name))
    return tuple(out)


def _too_long(file: str | None = None) -> str:
    """Why a text (``file`` None) or a file (its name, quoted) is refused as too long."""
    n = f"{MAX_RECORD_CHARS:,}"
    if file is None:
        return _(
            "the text is too long to be a hand record: a record is at most {n} characters"
        ).format(n=n)
    # Translators: {file} is a file's name, quoted.
    return _("{file} is too long to be a hand record: a record is at most {n} characters").format(
        file=file, n=n
    )


def _read_text(text: object) -> HandRecord:
    """Read a record's text (pasted or passed), refusing text too long to be one."""
    if isinstance(text, str) and len(text) > MAX_RECORD_CHARS:
        raise RecordError(_too_long())
    if isinstance(text, str) and not text.strip():
        raise RecordError(_("there is no record to read: paste a hand record's text first"))
    return loads(text)  # type: ignore[arg-type]  # (loads refuses what is not text)


def _check_analysis(analysis: object) -> None:
    if analysis is not None and not isinstance(analysis, HandAnalysis):
        raise InvalidDataError(
            _(
                "analysis must be the record's analysis (review.analyse(record)) or None, "
                "not {value}"
            ).format(value=quoted(analysis))
        )


def _is_teaching_name(text: str) -> bool:
    return any(text == n or n.split("-", 1)[0] == text for n in teaching_hand_names())


def _same_hand(a: HandRecord, b: HandRecord) -> bool:
    return a.deal == b.deal and a.dealer is b.dealer and a.actions == b.actions


def _score(ns: int, ew: int) -> str:
    """A score as the replayer's table writes it: ``NS 4 · EW 2``."""
    ns_side, ew_side = Side.NS.letters, Side.EW.letters
    return f"{esc(ns_side)} {ns} · {esc(ew_side)} {ew}"


def _button(description: str, icon: str, tooltip: str) -> w.Button:
    return w.Button(
        description=description,
        icon=icon,
        tooltip=tooltip,
        layout=w.Layout(width="auto", min_width="78px"),
    )


class HandReplayer(w.VBox, Guarded):  # type: ignore[misc]
    """Step through a hand record, with notes and double-dummy marks on every play.

    ``source``: a :class:`HandRecord`, a teaching hand's name (``"01"`` or
    ``"01-joker-leads-trumps"``), a path to a record file, or a record's text.
    ``seat``: start in one seat's view (a :class:`Seat` or its text, ``"N"`` or
    ``"north"``). ``openers=False`` hides the controls for opening other records (the
    play table embeds the replayer that way).

    A bad ``seat``, ``openers`` or ``analysis`` raises the engine's error. A source that
    cannot be opened (no such hand or file, a folder, a file that is not a hand record,
    a record with a mistake) is reported in the widget, as the File box and the pasted
    text are: the public methods (:meth:`load`, :meth:`load_text`, :meth:`load_path`,
    :meth:`go`) act as the controls do, showing why in the status line, never raising,
    and a refused record leaves the one shown as it was.
    """

    def __init__(
        self,
        source: HandRecord | str | os.PathLike[str] | None = None,
        *,
        seat: Seat | str | None = None,
        openers: bool = True,
        analysis: HandAnalysis | None = None,
        lang: str | None = None,
    ) -> None:
        self.lang = widget_language(lang)
        with language(self.lang):
            start_seat = check_seat(seat, optional=True)
            # Translators: "openers" is the setting's name, as the learner types it.
            what = _("openers (show the controls that open other records)")
            openers = check_flag(openers, what)
            _check_analysis(analysis)
            super().__init__(layout=w.Layout(width="100%", max_width="100%"))
            self._init_guard()
            self.record: HandRecord | None = None
            self.analysis: HandAnalysis | None = None
            self._states: list[HandState] = []
            self._play_steps: list[int] = []
            self._marks: dict[int, PlayAnalysis] = {}
            self._step = 0
            self._syncing = False

            self._build_openers(openers)
            self._build_stepping()
            self._build_panels()
            self.children = self._arranged(openers)
            if start_seat is not None:
                self.view_toggle.value = start_seat.name
            self._render_empty()
            if source is not None:
                self.load(source, analysis=analysis)

    def _build_openers(self, openers: bool) -> None:
        """Make the controls that open a record: the teaching hands' menu, a file, a text."""
        self.hand_picker = w.Dropdown(
            # (the embedded replayer never shows the picker: skip reading every hand)
            options=[
                (_("Choose a teaching hand…"), ""),
                *(_teaching_options() if openers else ()),
            ],
            value="",
            description=pgettext("label", "Hand"),
            tooltip=_("Open one of the teaching hands"),
            layout=w.Layout(width="auto", min_width="min(360px, 100%)", max_width="100%"),
        )
        self.hand_picker.observe(self._on_pick, names="value")
        numbers = [n.split("-", 1)[0] for n in teaching_hand_names()]
        self.path_text = w.Text(
            # Translators: {first} and {last} are the teaching hands' numbers (01, 12).
            placeholder=_("a teaching hand ({first} to {last}) or a file's path").format(
                first=numbers[0], last=numbers[-1]
            ),
            description=pgettext("label", "Open"),
            tooltip=_(
                "A teaching hand's number, or the path of a hand record file "
                "(a path starts from the folder the notebook runs in)"
            ),
            layout=w.Layout(width="420px", max_width="100%"),
        )
        self.open_button = _button(
            pgettext("button", "Open"), "folder-open", _("Open this teaching hand or file")
        )
        self.open_button.on_click(self._on_open)
        self.record_text = w.Textarea(
            placeholder=_("Paste a hand record here (field lines, a blank line, then the actions)"),
            layout=w.Layout(width="95%", height="150px"),
        )
        self.load_button = _button(_("Load text"), "upload", _("Read the pasted record"))
        self.load_button.on_click(self._on_load_text)
        self.openers = w.Accordion(
            children=[
                w.VBox(
                    [
                        w.HBox(
                            [self.path_text, self.open_button],
                            layout=w.Layout(flex_flow="row wrap"),
                        ),
                        self.record_text,
                        self.load_button,
                    ]
                )
            ],
            titles=(_("Open a record file, or paste a record"),),
            selected_index=None,
        )
        self.openers.add_class("hp-collapse")  # (its title in the shared style's colours)

    def _build_stepping(self) -> None:
        """Make the controls that step through the record and choose whose view is shown."""
        self.first_button = _button(
            pgettext("button", "First"), "fast-backward", _("Back to the deal")
        )
        self.back_button = _button(
            pgettext("button", "Back"), "step-backward", _("One action back")
        )
        self.next_button = _button(
            pgettext("button", "Next"), "step-forward", _("One action forward")
        )
        self.last_button = _button(
            pgettext("button", "Last"), "fast-forward", _("To the end of the record")
        )
        self.first_button.on_click(self._on_first)
        self.back_button.on_click(self._on_back)
        self.next_button.on_click(self._on_next)
        self.last_button.on_click(self._on_last)
        self.trick_jump = w.Dropdown(
            options=[(_("The deal"), 0)],
            value=0,
            description=_("Jump to"),
            tooltip=_("Jump to the deal, the end of the auction, or the end of a trick"),
            layout=w.Layout(width="auto", min_width="250px"),
        )
        self.trick_jump.observe(self._on_jump, names="value")
        self.view_toggle = w.ToggleButtons(
            options=_views(),
            value="all",
            description=pgettext("label", "View"),
            tooltips=_view_tips(),
            style={"button_width": "auto"},
        )
        self.view_toggle.observe(self._on_view, names="value")
        self.position = w.HTML()

    def _build_panels(self) -> None:
        """Make the panels that show the record: its header, the note, the table, the side."""
        self.header = w.HTML()
        self.note = w.HTML()
        # The table keeps its own width (scrolling inside a narrow column); the side panel
        # takes the rest of the row, or the next row when the column is too narrow.
        self.table = w.HTML(layout=w.Layout(max_width="100%", overflow="auto", flex="0 1 auto"))
        self.info = w.HTML(layout=w.Layout(min_width="260px", max_width="100%", flex="1 1 260px"))

    def _arranged(self, openers: bool) -> list[w.Widget]:
        """The replayer's rows, top to bottom (the openers only with ``openers``)."""
        row = w.Layout(flex_flow="row wrap", align_items="center")
        nav = w.HBox(
            [
                self.first_button,
                self.back_button,
                self.next_button,
                self.last_button,
                self.position,
                self.trick_jump,
            ],
            layout=row,
        )
        body = w.HBox(
            [self.table, self.info],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start", max_width="100%"),
        )
        top = [self.hand_picker, self.openers] if openers else []
        return [
            *top,
            self.status,
            self.header,
            nav,
            self.view_toggle,
            self.note,
            body,
        ]

    # --- public API ---------------------------------------------------------------

    @property
    def step(self) -> int:
        """How many actions of the record are shown as done (0: just dealt)."""
        return self._step

    @step.setter
    def step(self, value: int) -> None:
        self.go(value)

    @property
    def state(self) -> HandState | None:
        """The hand at the current step (a copy), or ``None`` with no record open."""
        return self._states[self._step].copy() if self.record is not None else None

    @property
    def view_seat(self) -> Seat | None:
        """The seat whose view is shown (``None``: every hand face up)."""
        value = self.view_toggle.value
        return None if value in (None, "all") else Seat[value]

    @guarded
    def load(
        self,
        source: HandRecord | str | os.PathLike[str],
        *,
        analysis: HandAnalysis | None = None,
    ) -> HandRecord:
        """Open a record, a teaching hand by name, a record file or a record's text."""
        return self._open(source, analysis)

    @guarded
    def load_text(self, text: str) -> HandRecord:
        """Open a record from its text."""
        return self._show(_read_text(text))

    @guarded
    def load_path(self, path: str | os.PathLike[str]) -> HandRecord:
        """Open a record file."""
        return self._show(self._read_path(path))

    @guarded
    def go(self, step: int) -> None:
        """Show the hand after ``step`` actions (negative: from the end)."""
        if self.record is None:
            raise RecordError(_("there is no hand to step through: open a record first"))
        n = len(self.record)
        if isinstance(step, bool) or not isinstance(step, int):
            raise RecordError(
                _("a step is a whole number from 0 to {n}, not {value}").format(
                    n=n, value=quoted(step)
                )
            )
        if not -n - 1 <= step <= n:
            raise RecordError(
                _(
                    "step {value} is outside the record: steps go from 0 (the deal) "
                    "to {n} (after the last action)"
                ).format(value=quoted(step), n=n)
            )
        self._goto(step % (n + 1))

    # --- callbacks ----------------------------------------------------------------

    @guarded
    def _on_pick(self, change: Mapping[str, Any]) -> None:
        if self._syncing or not change["new"]:
            return
        self._show(teaching_hand(change["new"]))

    @guarded
    def _on_open(self, _button: w.Button) -> None:
        text = self.path_text.value.strip()
        if not text:
            raise RecordError(
                _("type a teaching hand's number (such as 01) or a file's path first")
            )
        if _is_teaching_name(text):
            self._open(text)
        else:
            self._show(self._read_path(text))

    @guarded
    def _on_load_text(self, _button: w.Button) -> None:
        self._show(_read_text(self.record_text.value))

    @guarded
    def _on_first(self, _button: w.Button) -> None:
        self._goto(0)

    @guarded
    def _on_back(self, _button: w.Button) -> None:
        self._goto(max(self._step - 1, 0))

    @guarded
    def _on_next(self, _button: w.Button) -> None:
        self._goto(min(self._step + 1, len(self._states) - 1))

    @guarded
    def _on_last(self, _button: w.Button) -> None:
        self._goto(len(self._states) - 1)

    @guarded
    def _on_jump(self, change: Mapping[str, Any]) -> None:
        if self._syncing or change["new"] is None or self.record is None:
            return
        self._goto(int(change["new"]))

    @guarded
    def _on_view(self, _change: Mapping[str, Any]) -> None:
        if self.record is not None:
            self._render()

    # --- opening ------------------------------------------------------------------

    def _open(self, source: object, analysis: HandAnalysis | None = None) -> HandRecord:
        _check_analysis(analysis)
        if isinstance(source, HandRecord):
            return self._show(source, analysis)
        if isinstance(source, os.PathLike):
            return self._show(self._read_path(source))
        if not isinstance(source, str):
            raise RecordError(
                # Translators: HandRecord is a Python class's name: keep it.
                _(
                    "open a HandRecord, a teaching hand's name, a file path or a record's "
                    "text, not {kind}"
                ).format(kind=type(source).__name__)
            )
        text = source.strip()
        if "\n" in text:
            return self._show(_read_text(source))
        if _is_teaching_name(text):
            name = next(n for n in teaching_hand_names() if text in (n, n.split("-", 1)[0]))
            record = self._show(teaching_hand(name))
            self._sync_picker(name)
            return record
        if text and os.path.exists(text):  # (a folder or a device is refused there)
            return self._show(self._read_path(text))
        numbers = ", ".join(n.split("-", 1)[0] for n in teaching_hand_names())
        raise RecordError(
            # Translators: {name} is what the learner typed; {numbers} lists 01, 02...
            _(
                "{name} is not a teaching hand (they are numbered {numbers}), nor a "
                "file that exists, nor a record's text"
            ).format(name=quoted(text), numbers=numbers)
        )

    def _sync_picker(self, name: str) -> None:
        """Show the opened teaching hand in the menu, without reopening it."""
        if name in [v for _, v in self.hand_picker.options]:
            self._syncing = True
            try:
                self.hand_picker.value = name
            finally:
                self._syncing = False

    @staticmethod
    def _read_path(path: object) -> HandRecord:
        """Read a record file; anything that is not a readable hand record file (no
        such file, a folder, a device, a file too large, not UTF-8 text, a record with a
        mistake) is refused with one :class:`RecordError`."""
        if not isinstance(path, str | os.PathLike):
            raise RecordError(_("a file path is text, not {value}").format(value=quoted(path)))
        name = os.fspath(path)
        if not isinstance(name, str):
            raise RecordError(_("give the file's path as text"))
        if not name.strip():
            raise RecordError(_("type the path of a record file first"))
        shown = quoted(name if len(name) <= 40 else "…" + name[-39:])  # (the end tells most)
        if "\0" in name:
            raise RecordError(
                # Translators: {file} is a file's name, quoted; NUL is a character's name.
                _("{file} is not a file path: it holds a NUL character").format(file=shown)
            )
        try:
            info = os.stat(name)
        except OSError as e:
            missing = isinstance(e, FileNotFoundError) and not os.path.isabs(name)
            # Translators: {file} is a file's name; {reason} is the system's reason
            # ("No such file or directory").
            why = (
                _(
                    "cannot open {file}: {reason} (a path starts from the folder the notebook "
                    "runs in)"
                )
                if missing
                else _("cannot open {file}: {reason}")
            )
            raise RecordError(why.format(file=shown, reason=e.strerror or e)) from None
        if stat.S_ISDIR(info.st_mode):
            raise RecordError(_("{file} is a folder, not a hand record file").format(file=shown))
        if not stat.S_ISREG(info.st_mode):
            raise RecordError(
                _(
                    "{file} is not an ordinary file (a device or a pipe): a hand record is a "
                    "text file"
                ).format(file=shown)
            )
        if info.st_size > 4 * MAX_RECORD_CHARS:  # (UTF-8: at most 4 bytes a character)
            raise RecordError(_too_long(shown))
        try:
            return load(name)
        except OSError as e:
            raise RecordError(
                _("cannot open {file}: {reason}").format(file=shown, reason=e.strerror or e)
            ) from None
        except UnicodeDecodeError:
            raise RecordError(_("{file} is not a text file (UTF-8)").format(file=shown)) from None

    def _show(self, record: HandRecord, analysis: HandAnalysis | None = None) -> HandRecord:
        """Make ``record`` the current record; its analysis is worked out once, here."""
        if analysis is None or not _same_hand(analysis.record, record):
            analysis = analyse(record)  # (an analysis of another hand is not used)
        self.record = record
        self.analysis = analysis
        self._states = list(record.replay())
        self._play_steps = [i for i, m in enumerate(record.moves) if isinstance(m.action, Play)]
        self._marks = {p.step: p for p in analysis.plays}
        self._syncing = True
        try:
            self.trick_jump.options = self._milestones()
            self.trick_jump.value = 0
        finally:
            self._syncing = False
        self.header.value = self._header_html(record)
        self.status.value = ""
        self._step = 0
        self._render()
        return record

    def _milestones(self) -> list[tuple[str, int]]:
        """The jump targets: the deal, the end of the auction, the end of each trick."""
        states = self._states
        out = [(_("The deal"), 0)]
        end = next((i for i in range(1, len(states)) if states[i].phase is not Phase.AUCTION), None)
        if end is not None:
            out.append((_("End of the auction"), end))
        for i in range(1, len(states)):
            tricks = states[i].tricks
            if len(tricks) > len(states[i - 1].tricks):
                # Translators: {n} is the trick's number, {seat} the seat that won it.
                won = _("Trick {n} · won by {seat}").format(
                    n=len(tricks), seat=tricks[-1].winner.word
                )
                out.append((won, i))
        return out

    # --- showing ------------------------------------------------------------------

    def _goto(self, step: int) -> None:
        if self.record is None:
            raise RecordError(_("there is no hand to step through: open a record first"))
        self._step = step
        self._render()

    def _render_empty(self) -> None:
        choose = _("Choose a teaching hand above, or open a record file.")
        self.header.value = box(f'<span class="hp-muted">{esc(choose)}</span>')
        self.table.value = ""
        self.info.value = ""
        self.note.value = ""
        self.position.value = ""
        for b in (self.first_button, self.back_button, self.next_button, self.last_button):
            b.disabled = True
        self.trick_jump.disabled = True

    def _render(self) -> None:
        record = self.record
        assert record is not None
        step = self._step
        n = len(record)
        state = self._states[step]
        self.table.value = state_html(state, seat=self.view_seat)
        # Translators: {step} is the step shown (in bold), {n} the record's last step.
        where = esc(_("Step {step} of {n}")).format(step=f"<b>{step}</b>", n=n)
        self.position.value = box(f"&nbsp;{where}&nbsp;")
        self.note.value = self._note_html(record, state, step)
        self.info.value = self._info_html(record, state, step)
        self.first_button.disabled = self.back_button.disabled = step == 0
        self.next_button.disabled = self.last_button.disabled = step == n
        self.trick_jump.disabled = False
        # The menu names the step shown only where it is one of its places: between two
        # (the third trick under way) it showed "Trick 2 · won by ..." above trick 3.
        values = [v for _, v in self.trick_jump.options]
        reached = step if step in values else None
        if self.trick_jump.value != reached:
            self._syncing = True
            try:
                self.trick_jump.value = reached
            finally:
                self._syncing = False

    @staticmethod
    def _header_html(record: HandRecord) -> str:
        parts = []
        if record.title:
            parts.append(f"<h3>{esc(record.title)}</h3>")
        if record.point:
            # Translators: the heading of what a teaching hand shows ("Point: ...").
            point = _("Point:")
            parts.append(f"<div><b>{esc(point)}</b> {esc(record.point)}</div>")
        for paragraph in record.notes:
            parts.append(f'<p style="margin:4px 0">{esc(paragraph)}</p>')
        # Translators: {rules} is a rule set in words, {seat} the dealer's seat (North...).
        rules = _("Rules: {rules} · dealer {seat}").format(
            rules=rules_words(record.rules), seat=record.dealer.word
        )
        parts.append(f'<div class="hp-muted">{esc(rules)}</div>')
        return box("".join(parts))

    def _note_html(self, record: HandRecord, state: HandState, step: int) -> str:
        if step == 0:
            # Translators: {seat} is the dealer's seat (North...); Next is a button.
            dealt = _("{seat} dealt; press Next to see the first action.").format(
                seat=record.dealer.word
            )
            the_deal = _("The deal.")
            return box(
                '<div class="hp-fb hp-info" role="status">'
                f"<b>{esc(the_deal)}</b> {esc(dealt)}</div>"
            )
        move = record.moves[step - 1]
        action = move.action
        seat = self.view_seat
        hide = (
            isinstance(action, Discard)
            and seat is not None
            and PlayerView.of(state, seat).discard is None
        )
        line = action_html(action, record.rules, maker=state.maker, hide_discard=hide)
        parts = [f"<div><b>{step}.</b> {ended(line)}</div>"]
        mark = self._marks.get(step - 1)
        note = move.note
        if mark is not None and mark.verdict:
            # (the mark below says what the card cost, all hands face up: a note
            # annotated with the same verdict said it twice, one line above the other)
            note = " ".join(note.replace(mark.verdict, " ").split())
        if note:
            parts.append(f'<div style="margin-top:4px">{esc(note)}</div>')
        body = f'<div class="hp-fb hp-info" role="status">{"".join(parts)}</div>'
        return box(body + (mark_html(mark) if mark is not None else ""))

    def _info_html(self, record: HandRecord, state: HandState, step: int) -> str:
        rules = record.rules
        rows: list[tuple[str, str]] = []
        auction = state.auction
        if auction:
            words = [action_html(a, rules) for a in auction]
            rows.append((_("Auction"), " · ".join(words)))
        else:
            no_bids = _("no bids yet")
            rows.append((_("Auction"), f'<span class="hp-muted">{esc(no_bids)}</span>'))
        if state.high_bid is not None and state.maker is not None:
            hb = state.high_bid
            # Translators: the contract: {seat} won the auction with the bid {bid}.
            contract = _("{seat} bid {bid}, alone") if state.maker_alone else _("{seat} bid {bid}")
            contract = esc(contract).format(
                seat=esc(state.maker.word), bid=esc(bid_name(hb.tricks, hb.big, rules))
            )
            if state.defender_alone is not None:
                # Translators: {contract} is the contract ("North bid 4"); {seat} defends alone.
                contract = esc(_("{contract}; {seat} defends alone")).format(
                    contract=contract, seat=esc(state.defender_alone.word)
                )
            rows.append((_("Contract"), contract))
        trump = suit_span(state.trump) if state.trump_named else esc(_("not named yet"))
        rows.append((pgettext("row", "Trump"), trump))
        trick = self._trick_html(state, step)
        if trick:
            rows.append(trick)
        st = state.side_tricks
        won = state.tricks_won
        per_seat = ", ".join(f"{s.letter} {won[s]}" for s in SEATS)
        ns, ew = esc(Side.NS.letters), esc(Side.EW.letters)
        rows.append(
            (
                _("Tricks won"),
                f'<span class="hp-nowrap">{ns} <b>{st[Side.NS]}</b> · {ew} <b>{st[Side.EW]}</b>'
                f"</span> ({per_seat})",
            )
        )
        rows.extend(self._score_rows(record, state))
        body = "".join(f"<tr><th>{esc(k)}</th><td>{v}</td></tr>" for k, v in rows)
        return box(f'<table class="hp-t">{body}</table>')

    def _trick_html(self, state: HandState, step: int) -> tuple[str, str] | None:
        prior = self._play_steps[: bisect_left(self._play_steps, step)]
        if state.current_trick:
            plays = state.current_trick
            label = _("Trick {n}").format(n=len(state.tricks) + 1)
            tail = ""
        elif state.tricks:
            last = state.tricks[-1]
            plays = last.plays
            label = _("Trick {n}").format(n=len(state.tricks))
            # Translators: {seat} won the trick (North...).
            wins = _("{seat} wins").format(seat=last.winner.word)
            tail = f" → <b>{esc(wins)}</b>"
        else:
            return None
        steps = prior[len(prior) - len(plays) :]
        cards = []
        for (seat, card), s in zip(plays, steps, strict=False):
            mark = self._marks.get(s)
            sign = ""
            if mark is not None:
                if mark.cost == 0:
                    # (a card that scored as well but let a trick go says so: its verdict)
                    best = mark.verdict or _("best with all hands face up")
                    sign = f' <span title="{esc(best)}">✓</span>'
                else:
                    # Translators: a play's mark: it cost {n} points (all hands face up).
                    lost = ngettext("cost {n} point", "cost {n} points", round(mark.cost)).format(
                        n=whole_number(mark.cost)
                    )
                    sign = f' <span title="{esc(lost)}">✗</span>'
            cards.append(f"{seat.letter} {card_html(card)}{sign}")
        return label, " · ".join(cards) + tail

    @staticmethod
    def _score_rows(record: HandRecord, state: HandState) -> list[tuple[str, str]]:
        rows = []
        if record.score is not None:
            ns, ew = record.score
            rows.append((_("Score before"), f'<span class="hp-nowrap">{_score(ns, ew)}</span>'))
        result = state.result
        if result is not None:
            rows.append((_("Result"), esc(result.reason)))
            if record.score is not None:
                ns = record.score[0] + result.points[Side.NS]
                ew = record.score[1] + result.points[Side.EW]
                rows.append((_("Score after"), f'<b class="hp-nowrap">{_score(ns, ew)}</b>'))
        elif state.phase is Phase.THROWN_IN:
            rows.append((_("Result"), esc(_("The hand was thrown in: nothing is scored."))))
        return rows
