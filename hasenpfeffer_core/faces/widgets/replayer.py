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
from collections.abc import Mapping
from functools import cache
from typing import Any, Final

import ipywidgets as w

from ...analysis.explain import join_and
from ...analysis.review import HandAnalysis, PlayAnalysis, analyse
from ...analysis.session import quoted
from ...analysis.teaching import teaching_hand, teaching_hand_names
from ...analysis.view import PlayerView
from ...engine.actions import Action, Bid, Discard, GoAlone, NameTrump, Pass, Play
from ...engine.auction import bid_name
from ...engine.cards import Card, Suit
from ...engine.errors import InvalidDataError, ParseError, RecordError
from ...engine.record import HandRecord, load, loads
from ...engine.rules import Rules
from ...engine.seats import SEATS, Seat, Side, parse_seat
from ...engine.state import HandState, Phase
from ..render import state_html
from .base import Guarded, box, check_flag, esc, guarded, rules_words, side_words, suit_span

__all__ = ["MAX_RECORD_CHARS", "HandReplayer", "action_html", "card_html", "mark_html"]

#: The longest record the replayer reads, in characters (a teaching hand is about 2,000).
MAX_RECORD_CHARS: Final = 1_000_000

_VIEWS = (("All hands", "all"), ("N", "N"), ("E", "E"), ("S", "S"), ("W", "W"))
_VIEW_TIPS = [
    "Show every hand face up",
    *(f"{s.word}'s view: only {s.word}'s cards face up" for s in SEATS),
]


# --- text pieces shared with the play table ----------------------------------------


def card_html(card: Card) -> str:
    """A card's short text, hearts and diamonds in red."""
    if card.suit in (Suit.HEARTS, Suit.DIAMONDS):
        return f'<span class="hp-red">{esc(card.text)}</span>'
    return esc(card.text)


def _card_words(card: Card) -> str:
    return "the Joker" if card.is_joker else card_html(card)


def action_html(
    action: Action,
    rules: Rules,
    *,
    maker: Seat | None = None,
    names: Mapping[Seat, str] | None = None,
    hide_discard: bool = False,
) -> str:
    """An action in words: "East bids 4", "You play K♠", "North discards a card face down".

    ``names`` renames seats ("You"); ``maker`` tells a lone maker from a lone defender.
    """
    seat = action.seat
    who = names.get(seat, seat.word) if names else seat.word
    you = who == "You"

    def verb(plain: str, third: str) -> str:
        return plain if you else third

    who = esc(who)
    if isinstance(action, Pass):
        return f"{who} {verb('pass', 'passes')}"
    if isinstance(action, Bid):
        return f"{who} {verb('bid', 'bids')} {esc(bid_name(action.tricks, action.big, rules))}"
    if isinstance(action, NameTrump):
        what = "no trump" if action.suit is None else f"{suit_span(action.suit)} as trump"
        return f"{who} {verb('name', 'names')} {what}"
    if isinstance(action, Discard):
        if hide_discard:
            return f"{who} {verb('discard', 'discards')} a card face down"
        return f"{who} {verb('discard', 'discards')} {_card_words(action.card)}"
    if isinstance(action, GoAlone):
        if maker is not None and seat is not maker:
            return (
                f"{who} {verb('defend', 'defends')} alone"
                if action.alone
                else (f"{who} {verb('do', 'does')} not defend alone")
            )
        return (
            f"{who} {verb('go', 'goes')} alone"
            if action.alone
            else (f"{who} {verb('play', 'plays')} with partner")
        )
    return f"{who} {verb('play', 'plays')} {_card_words(action.card)}"


def mark_html(play: PlayAnalysis) -> str:
    """A play's double-dummy mark: "✓ best", or "✗ gave up 1 trick: K♠ would have kept
    it", with the tricks the player's side takes from there with each legal card."""
    if play.lost == 0:
        only = " (the only legal card)" if len(play.values) == 1 else ""
        head = f"✓ best{only}"
        kind = "ok"
    else:
        tricks = "1 trick" if play.lost == 1 else f"{play.lost} tricks"
        alt = join_and((_card_words(c) for c in play.best), "or")
        head = f"✗ gave up {tricks}: {alt} would have kept {'it' if play.lost == 1 else 'them'}"
        kind = "bad"
    ranked = sorted(play.values.items(), key=lambda cv: -cv[1])
    values = " · ".join(
        (f"<b>{card_html(c)} {v}</b>" if c is play.action.card else f"{card_html(c)} {v}")
        for c, v in ranked
    )
    side = side_words(play.seat.side)
    return (
        f'<div class="hp-fb hp-{kind} hp-mark" role="note"><b>{head}</b>'
        f'<div class="hp-muted">Tricks {side} can take from here with each card, all hands '
        f"visible: {values}</div></div>"
    )


@cache
def _teaching_options() -> tuple[tuple[str, str], ...]:
    """The teaching hands for the picker: ("01 · The Joker leads trumps", name)."""
    out = []
    for name in teaching_hand_names():
        number = name.split("-", 1)[0]
        title = teaching_hand(name).title or name
        out.append((f"{number} · {title}", name))
    return tuple(out)


def _too_long(what: str) -> str:
    return (
        f"{what} is too long to be a hand record: a record is at most "
        f"{MAX_RECORD_CHARS:,} characters"
    )


def _read_text(text: object) -> HandRecord:
    """Read a record's text (pasted or passed), refusing text too long to be one."""
    if isinstance(text, str) and len(text) > MAX_RECORD_CHARS:
        raise RecordError(_too_long("the text"))
    if isinstance(text, str) and not text.strip():
        raise RecordError("there is no record to read: paste a hand record's text first")
    return loads(text)  # type: ignore[arg-type]  # (loads refuses what is not text)


def _read_seat(seat: object) -> Seat | None:
    """The ``seat`` setting: a seat, its text, or ``None`` (every hand face up)."""
    if seat is None or isinstance(seat, Seat):
        return seat
    if isinstance(seat, str) and len(seat) <= 20:
        return parse_seat(seat)
    raise ParseError(
        f"seat must be N, E, S or W (or North, East, South, West), or None for every hand "
        f"face up, not {quoted(seat)}",
        rule="seat",
    )


def _check_analysis(analysis: object) -> None:
    if analysis is not None and not isinstance(analysis, HandAnalysis):
        raise InvalidDataError(
            "analysis must be the record's analysis (review.analyse(record)) or None, "
            f"not {quoted(analysis)}"
        )


def _is_teaching_name(text: str) -> bool:
    return any(text == n or n.split("-", 1)[0] == text for n in teaching_hand_names())


def _same_hand(a: HandRecord, b: HandRecord) -> bool:
    return a.deal == b.deal and a.dealer is b.dealer and a.actions == b.actions


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
    ) -> None:
        start_seat = _read_seat(seat)
        openers = check_flag(openers, "openers (show the controls that open other records)")
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

        # Opening a record
        self.hand_picker = w.Dropdown(
            # (the embedded replayer never shows the picker: skip reading every hand)
            options=[("Choose a teaching hand…", ""), *(_teaching_options() if openers else ())],
            value="",
            description="Hand",
            tooltip="Open one of the teaching hands",
            layout=w.Layout(width="auto", min_width="min(360px, 100%)", max_width="100%"),
        )
        self.hand_picker.observe(self._on_pick, names="value")
        numbers = [n.split("-", 1)[0] for n in teaching_hand_names()]
        self.path_text = w.Text(
            placeholder=f"a teaching hand ({numbers[0]} to {numbers[-1]}) or a file's path",
            description="Open",
            tooltip=(
                "A teaching hand's number, or the path of a hand record file "
                "(a path starts from the folder the notebook runs in)"
            ),
            layout=w.Layout(width="420px", max_width="100%"),
        )
        self.open_button = _button("Open", "folder-open", "Open this teaching hand or file")
        self.open_button.on_click(self._on_open)
        self.record_text = w.Textarea(
            placeholder="Paste a hand record here (field lines, a blank line, then the actions)",
            layout=w.Layout(width="95%", height="150px"),
        )
        self.load_button = _button("Load text", "upload", "Read the pasted record")
        self.load_button.on_click(self._on_load_text)
        self.openers = w.Accordion(
            children=[
                w.VBox(
                    [
                        w.HBox([self.path_text, self.open_button]),
                        self.record_text,
                        self.load_button,
                    ]
                )
            ],
            titles=("Open a record file, or paste a record",),
            selected_index=None,
        )

        # Stepping
        self.first_button = _button("First", "fast-backward", "Back to the deal")
        self.back_button = _button("Back", "step-backward", "One action back")
        self.next_button = _button("Next", "step-forward", "One action forward")
        self.last_button = _button("Last", "fast-forward", "To the end of the record")
        self.first_button.on_click(self._on_first)
        self.back_button.on_click(self._on_back)
        self.next_button.on_click(self._on_next)
        self.last_button.on_click(self._on_last)
        self.trick_jump = w.Dropdown(
            options=[("The deal", 0)],
            value=0,
            description="Jump to",
            tooltip="Jump to the deal, the end of the auction, or the end of a trick",
            layout=w.Layout(width="auto", min_width="250px"),
        )
        self.trick_jump.observe(self._on_jump, names="value")
        self.view_toggle = w.ToggleButtons(
            options=_VIEWS,
            value="all",
            description="View",
            tooltips=_VIEW_TIPS,
            style={"button_width": "auto"},
        )
        self.view_toggle.observe(self._on_view, names="value")
        self.position = w.HTML()

        # What is shown
        self.header = w.HTML()
        self.note = w.HTML()
        # The table keeps its own width (scrolling inside a narrow column); the side panel
        # takes the rest of the row, or the next row when the column is too narrow.
        self.table = w.HTML(layout=w.Layout(max_width="100%", overflow="auto", flex="0 1 auto"))
        self.info = w.HTML(layout=w.Layout(min_width="260px", max_width="100%", flex="1 1 260px"))

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
        self.children = [
            *top,
            self.status,
            self.header,
            nav,
            self.view_toggle,
            self.note,
            body,
        ]
        if start_seat is not None:
            self.view_toggle.value = start_seat.name
        self._render_empty()
        if source is not None:
            self.load(source, analysis=analysis)

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
            raise RecordError("there is no hand to step through: open a record first")
        n = len(self.record)
        if isinstance(step, bool) or not isinstance(step, int):
            raise RecordError(f"a step is a whole number from 0 to {n}, not {quoted(step)}")
        if not -n - 1 <= step <= n:
            raise RecordError(
                f"step {quoted(step)} is outside the record: steps go from 0 (the deal) "
                f"to {n} (after the last action)"
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
            raise RecordError("type a teaching hand's number (such as 01) or a file's path first")
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
                "open a HandRecord, a teaching hand's name, a file path or a record's text, "
                f"not {type(source).__name__}"
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
            f"{quoted(text)} is not a teaching hand (they are numbered {numbers}), nor a "
            "file that exists, nor a record's text"
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
            raise RecordError(f"a file path is text, not {quoted(path)}")
        name = os.fspath(path)
        if not isinstance(name, str):
            raise RecordError("give the file's path as text")
        if not name.strip():
            raise RecordError("type the path of a record file first")
        shown = quoted(name if len(name) <= 40 else "…" + name[-39:])  # (the end tells most)
        if "\0" in name:
            raise RecordError(f"{shown} is not a file path: it holds a NUL character")
        try:
            info = os.stat(name)
        except OSError as e:
            where = " (a path starts from the folder the notebook runs in)"
            missing = isinstance(e, FileNotFoundError) and not os.path.isabs(name)
            raise RecordError(
                f"cannot open {shown}: {e.strerror or e}{where if missing else ''}"
            ) from None
        if stat.S_ISDIR(info.st_mode):
            raise RecordError(f"{shown} is a folder, not a hand record file")
        if not stat.S_ISREG(info.st_mode):
            raise RecordError(
                f"{shown} is not an ordinary file (a device or a pipe): a hand record is a "
                "text file"
            )
        if info.st_size > 4 * MAX_RECORD_CHARS:  # (UTF-8: at most 4 bytes a character)
            raise RecordError(_too_long(shown))
        try:
            return load(name)
        except OSError as e:
            raise RecordError(f"cannot open {shown}: {e.strerror or e}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{shown} is not a text file (UTF-8)") from None

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
        out = [("The deal", 0)]
        end = next((i for i in range(1, len(states)) if states[i].phase is not Phase.AUCTION), None)
        if end is not None:
            out.append(("End of the auction", end))
        for i in range(1, len(states)):
            tricks = states[i].tricks
            if len(tricks) > len(states[i - 1].tricks):
                out.append((f"Trick {len(tricks)} · won by {tricks[-1].winner.word}", i))
        return out

    # --- showing ------------------------------------------------------------------

    def _goto(self, step: int) -> None:
        if self.record is None:
            raise RecordError("there is no hand to step through: open a record first")
        self._step = step
        self._render()

    def _render_empty(self) -> None:
        self.header.value = box(
            '<span class="hp-muted">Choose a teaching hand above, or open a record file.</span>'
        )
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
        self.position.value = box(f"&nbsp;Step <b>{step}</b> of {n}&nbsp;")
        self.note.value = self._note_html(record, state, step)
        self.info.value = self._info_html(record, state, step)
        self.first_button.disabled = self.back_button.disabled = step == 0
        self.next_button.disabled = self.last_button.disabled = step == n
        self.trick_jump.disabled = False
        values = [v for _, v in self.trick_jump.options]
        reached = values[max(bisect_left(values, step + 1) - 1, 0)]
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
            parts.append(f"<div><b>Point:</b> {esc(record.point)}</div>")
        for paragraph in record.notes:
            parts.append(f'<p style="margin:4px 0">{esc(paragraph)}</p>')
        parts.append(
            f'<div class="hp-muted">Rules: {esc(rules_words(record.rules))} · '
            f"dealer {record.dealer.word}</div>"
        )
        return box("".join(parts))

    def _note_html(self, record: HandRecord, state: HandState, step: int) -> str:
        if step == 0:
            return box(
                '<div class="hp-fb hp-info" role="status"><b>The deal.</b> '
                f"{record.dealer.word} dealt; press Next to see the first action.</div>"
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
        parts = [f"<div><b>{step}.</b> {line}.</div>"]
        if move.note:
            parts.append(f'<div style="margin-top:4px">{esc(move.note)}</div>')
        body = f'<div class="hp-fb hp-info" role="status">{"".join(parts)}</div>'
        mark = self._marks.get(step - 1)
        return box(body + (mark_html(mark) if mark is not None else ""))

    def _info_html(self, record: HandRecord, state: HandState, step: int) -> str:
        rules = record.rules
        rows: list[tuple[str, str]] = []
        auction = state.auction
        if auction:
            words = [action_html(a, rules) for a in auction]
            rows.append(("Auction", " · ".join(words)))
        else:
            rows.append(("Auction", '<span class="hp-muted">no bids yet</span>'))
        if state.high_bid is not None and state.maker is not None:
            hb = state.high_bid
            contract = f"{state.maker.word} bid {esc(bid_name(hb.tricks, hb.big, rules))}"
            if state.maker_alone:
                contract += ", alone"
            if state.defender_alone is not None:
                contract += f"; {state.defender_alone.word} defends alone"
            rows.append(("Contract", contract))
        rows.append(("Trump", suit_span(state.trump) if state.trump_named else "not named yet"))
        trick = self._trick_html(state, step)
        if trick:
            rows.append(trick)
        st = state.side_tricks
        won = state.tricks_won
        per_seat = ", ".join(f"{s.name} {won[s]}" for s in SEATS)
        rows.append(
            (
                "Tricks won",
                f'<span class="hp-nowrap">N-S <b>{st[Side.NS]}</b> · E-W <b>{st[Side.EW]}</b>'
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
            label = f"Trick {len(state.tricks) + 1}"
            tail = ""
        elif state.tricks:
            last = state.tricks[-1]
            plays = last.plays
            label = f"Trick {len(state.tricks)}"
            tail = f" → <b>{last.winner.word} wins</b>"
        else:
            return None
        steps = prior[len(prior) - len(plays) :]
        cards = []
        for (seat, card), s in zip(plays, steps, strict=False):
            mark = self._marks.get(s)
            sign = ""
            if mark is not None:
                sign = (
                    ' <span title="best double dummy">✓</span>'
                    if mark.lost == 0
                    else f' <span title="gave up {mark.lost}">✗</span>'
                )
            cards.append(f"{seat.name} {card_html(card)}{sign}")
        return label, " · ".join(cards) + tail

    @staticmethod
    def _score_rows(record: HandRecord, state: HandState) -> list[tuple[str, str]]:
        rows = []
        if record.score is not None:
            ns, ew = record.score
            rows.append(("Score before", f'<span class="hp-nowrap">N-S {ns} · E-W {ew}</span>'))
        result = state.result
        if result is not None:
            rows.append(("Result", esc(result.reason)))
            if record.score is not None:
                ns = record.score[0] + result.points[Side.NS]
                ew = record.score[1] + result.points[Side.EW]
                rows.append(("Score after", f'<b class="hp-nowrap">N-S {ns} · E-W {ew}</b>'))
        elif state.phase is Phase.THROWN_IN:
            rows.append(("Result", "The hand was thrown in: nothing is scored."))
        return rows
