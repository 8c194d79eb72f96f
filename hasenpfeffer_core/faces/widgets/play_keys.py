"""The play table from the keyboard alone: the move box, its commands, the table in words.

A learner at :class:`~hasenpfeffer_core.faces.widgets.play_table.PlayTable` can type a
card (``JH`` or ``J♥``), a bid (``3``, ``pass``), a suit (``hearts``) or a command (``h``
for a hint, ``u`` to undo, ``t`` to describe the table, ``n`` for a new hand, ``r`` for
the review) and press Enter; "Describe the table" (or ``t``) says the table in words, and
keeps saying it until the hand ends; a polite live region tells a screen reader what
happened since the learner's last decision.

:class:`TableKeys` is the play table's part that does it (a mixin: the table is the one
class made from it); :func:`read_action` reads an action given to
:meth:`~hasenpfeffer_core.faces.widgets.play_table.PlayTable.act` as text.

>>> read_action("S bid 3")
Bid(seat=Seat.S, tricks=3, big=False)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

import ipywidgets as w

from ...analysis.describe import parse_typed, table_lines, trick_status
from ...analysis.session import quoted
from ...engine.actions import Action, Bid, Discard, GoAlone, NameTrump, Pass, Play, parse_action
from ...engine.errors import IllegalActionError, ParseError
from ...engine.i18n import ended, pgettext
from ...engine.i18n import gettext as _
from ...engine.seats import Seat
from .base import box, esc, guarded

if TYPE_CHECKING:
    from ...engine.state import HandState

__all__ = ["MAX_ACTION_TEXT", "TableKeys", "read_action"]

#: The longest text :meth:`~hasenpfeffer_core.faces.widgets.play_table.PlayTable.act` reads
#: as an action ("N play 10♥" is 10).
MAX_ACTION_TEXT: Final = 60

_ACTIONS: Final = (Bid, Pass, NameTrump, Discard, GoAlone, Play)


def read_action(action: object) -> Action:
    """An action, or its text as a hand record writes it (``"S bid 3"``, ``"S play J♥"``)."""
    if isinstance(action, _ACTIONS):
        return action
    if isinstance(action, str):
        if len(action) > MAX_ACTION_TEXT:
            raise ParseError(
                # Translators: 'S bid 3' and 'S play J♥' are typed as they are (not translated)
                _(
                    "{value} is too long to be an action: write one action, as in "
                    "'S bid 3' or 'S play J♥'"
                ).format(value=quoted(action))
            )
        return parse_action(action)
    raise ParseError(
        # Translators: Bid, Pass, NameTrump... are names in code, and the quoted actions are
        # typed as they are: keep them all in English
        _(
            "an action is a Bid, Pass, NameTrump, Discard, GoAlone or Play, or its text as in "
            "'S bid 3', 'S pass', 'S trump hearts' or 'S play J♥', not {value}"
        ).format(value=quoted(action))
    )


_TAG: Final = re.compile(r"<[^>]*>")


class TableKeys:
    """The play table's keyboard: the box where a move or a command is typed, the help
    under it, the table in words ("Describe the table") and what a screen reader is told."""

    # What the keyboard reads of the table (made by PlayTable).
    seat: Seat

    if TYPE_CHECKING:

        @property
        def state(self) -> HandState: ...

        @property
        def game_mode(self) -> bool: ...

        def _act(self, action: Action) -> None: ...

        def _hint(self) -> None: ...

        def _undo(self) -> None: ...

        def _new_hand(self) -> None: ...

        def _review(self) -> None: ...

        def _prompt_text(self, state: HandState) -> str: ...

        def _log_lines(
            self, state: HandState, *, spoken: bool = False
        ) -> list[tuple[Action | None, str]]: ...

    def _make_keys(self) -> None:
        """Make the move box, the help under it and the table in words; returns nothing."""
        #: Type an action or a command: the table played from the keyboard alone.
        self.typed = w.Text(
            value="",
            continuous_update=False,
            style={"description_width": "initial"},
            # (its 2-pixel margins beside a 100% width overflowed a phone's column)
            layout=w.Layout(width="calc(100% - 4px)", max_width="34em"),
        )
        self.typed.observe(self._on_typed, names="value")
        #: What the box takes, under it (a placeholder is cut short in a narrow column,
        #: and gone once the learner types).
        self.typed_help = w.HTML()
        self._label_keys(over=False)
        self.describe_button = w.Button(
            description=pgettext("button", "Describe the table"),
            icon="list",
            tooltip=_("Say the table in words: your cards, the trick, the tricks won"),
            layout=w.Layout(width="auto"),
        )
        self.describe_button.on_click(self._on_describe)
        #: The table in words, once asked for (kept up to date until the hand ends).
        self.description = w.HTML()
        self._describing = False

    # --- callbacks ----------------------------------------------------------------

    @guarded
    def _on_describe(self, _button: w.Button) -> None:
        self._describe()

    def _label_keys(self, *, over: bool) -> None:
        """Word the move box and its help for what it takes now: a move while the hand
        is played, the next hand or the review once it is over (the box said "Your
        move" under a finished hand)."""
        if over:
            # Translators: the label of the box where the learner types, once the hand is
            # over (it then takes n for the next hand or r for the review)
            label, placeholder = _("Next:"), _("n or r")
            text = _(
                "The hand is over: type n for the next hand or r for its review, then "
                "Enter; t describes the table."
            )
        else:
            # Translators: the label of the box where the learner types a move
            label = _("Your move:")
            # Translators: the move box's placeholder: keep it about this short (a phone's
            # column shows some 25 characters); the help under the box says the rest.
            placeholder = _("a card, a bid or a suit")
            text = _(
                "Type a card (JH or J♥), a bid (3, pass) or a suit (hearts), then "
                "Enter; h for a hint, u to undo, t to describe the table."
            )
        if self.typed.description != label:
            self.typed.description, self.typed.placeholder = label, placeholder
            self.typed_help.value = box(
                f'<div class="hp-muted hp-details" style="margin:0 0 4px">{esc(text)}</div>'
            )

    def _on_typed(self, change: dict[str, Any]) -> None:
        text = str(change["new"]).strip()
        if text:
            self.typed.value = ""  # (this change comes back here, empty: nothing to do)
            self.type_move(text)

    @guarded
    def type_move(self, text: str) -> None:
        """Take what the learner typed in the box: an action (``JH``, ``J♥``, ``play JH``,
        ``3``, ``pass``, ``hearts``, ``alone``...) or a command: ``h`` for the next step
        of the hint, ``u`` to undo, ``t`` to describe the table, ``n`` for a new hand,
        ``r`` for the review of a finished hand."""
        if not isinstance(text, str) or len(text) > 60:
            raise ParseError(_("type one move, as in JH, 3, pass or hearts"))
        command = text.strip().lower()
        if command in ("h", "hint", "?"):
            self._hint()
        elif command in ("u", "undo"):
            self._undo()
        elif command in ("t", "table"):
            self._describe()
        elif command in ("n", "new") and (self.state.is_over or not self.game_mode):
            self._new_hand()
        elif command in ("r", "review") and self.state.is_over:
            self._review()
        elif self.state.is_over:
            raise IllegalActionError(
                _("the hand is over: type n for the next hand, or r for the review"),
                rule="end of the hand",
            )
        else:
            self._act(parse_typed(self.state.phase, self.seat, text, self.state.rules))

    # --- the table in words ---------------------------------------------------------

    def _describe(self) -> None:
        self._describing = True
        self._render_description()

    def _render_description(self) -> None:
        if not self._describing:
            self.description.value = ""
            return
        title = esc(_("The table in words"))
        items = "".join(f"<li>{esc(line)}</li>" for line in table_lines(self.state, self.seat))
        self.description.value = box(
            f'<div class="hp-fb hp-info hp-described" role="region" aria-label="{title}">'
            f'<b>{title}</b><ul style="margin:2px 0;padding-left:1.3em">{items}</ul></div>'
        )

    # --- what a screen reader is told -------------------------------------------------

    def _said_html(self, state: HandState) -> str:
        """What happened since the learner's last decision, then who is winning the
        trick and what the learner is asked, as one polite announcement."""
        lines = self._log_lines(state, spoken=True)
        mine = [i for i, (a, _t) in enumerate(lines) if a is not None and a.seat is self.seat]
        recent = [text for _a, text in (lines[mine[-1] :] if mine else lines)][-12:]
        # (each a sentence, ended as the learner's language ends one: no full stop in Thai)
        parts = [t if _TAG.sub("", t).rstrip().endswith(".") else ended(t) for t in recent]
        status = trick_status(state, you=self.seat)
        if status:
            parts.append(esc(status))
        ask = self._prompt_text(state)
        if ask:
            parts.append(ask)
        return box(
            '<div class="hp-sr" role="status" aria-live="polite" aria-atomic="true">'
            f"{' '.join(parts)}</div>"
        )
