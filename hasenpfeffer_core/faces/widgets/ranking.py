"""The ranking explorer: all 25 cards in order under a trump, and which beats which."""

from __future__ import annotations

import ipywidgets as w

from ...analysis.explain import explain_card, explain_trick
from ...analysis.session import quoted
from ...engine.cards import DECK, SUITS, Card, Suit, parse_card, parse_trump
from ...engine.errors import InvalidDataError, ParseError
from ...engine.rules import Rules
from ...engine.tricks import CardRole, card_role, effective_suit, ranking
from ..render import card_svg, ranking_svg
from .base import Guarded, box, esc, guarded, parse_rules, suit_span

__all__ = ["RankingExplorer"]

_NO_TRUMP = "no trump"


def _read_trump(value: object) -> Suit | None:
    """The ``trump`` setting: a suit, its text, or ``None`` / "no trump"."""
    if value is None or isinstance(value, Suit):
        return value
    if isinstance(value, str) and len(value) <= 20:
        return parse_trump(value)
    raise ParseError(
        f"trump must be a suit (S, H, D, C, or its name, as in 'hearts') or no trump, "
        f"not {quoted(value)}",
        rule="trump",
    )


class RankingExplorer(w.VBox, Guarded):  # type: ignore[misc]
    """Choose trump and see all 25 cards in order; compare two cards; see effective suits.

    ``trump``: the trump shown first, a suit or its text (``"H"``, ``"hearts"``, ``"♥"``),
    or ``None`` for no trump. ``rules`` (a :class:`Rules` value or its text, such as
    ``"seed; no_trump=yes"``) decides whether "no trump" is offered. A bad setting
    raises the engine's error.
    """

    def __init__(
        self, trump: Suit | str | None = Suit.HEARTS, rules: Rules | str | None = None
    ) -> None:
        self.rules = parse_rules(rules)
        first = _read_trump(trump)
        if first is None and not self.rules.no_trump:
            raise InvalidDataError(
                "these rules are always played with a trump suit, so there is no 'no trump' "
                "ranking to show: choose a suit, or rules with no trump "
                "(rules='seed; no_trump=yes')",
                rule="no_trump",
            )
        self._init_guard()
        options: list[tuple[str, Suit | None]] = [(f"{s.symbol} {s.plural}", s) for s in SUITS]
        if self.rules.no_trump:
            options.append((_NO_TRUMP, None))
        self.trump_picker = w.ToggleButtons(
            options=options,
            value=first,
            description="Trump",
            tooltips=[f"{label} as trump" for label, _ in options],
            style={"button_width": "112px"},
            layout=w.Layout(flex_flow="row wrap", max_width="100%", height="auto"),
        )
        card_options = [(f"{c.text}  ({c.name})", c) for c in DECK]
        self.card_a = w.Dropdown(options=card_options, value=parse_card("JD"), description="Card")
        self.card_b = w.Dropdown(
            options=card_options, value=parse_card("AH"), description="against"
        )
        self.show_suits = w.Checkbox(value=False, description="Show effective suits", indent=False)
        self.picture = w.HTML()
        self.roles = w.HTML()
        self.comparison = w.HTML()
        self.suits_table = w.HTML()
        self.trump_picker.observe(self._on_change, names="value")
        self.card_a.observe(self._on_change, names="value")
        self.card_b.observe(self._on_change, names="value")
        self.show_suits.observe(self._on_change, names="value")
        super().__init__(
            [
                w.HTML(value=box("<h3>What beats what</h3>")),
                self.trump_picker,
                self.picture,
                self.roles,
                w.HBox(
                    [self.card_a, self.card_b],
                    layout=w.Layout(flex_flow="row wrap", max_width="100%"),
                ),
                self.comparison,
                self.show_suits,
                self.suits_table,
                self.status,
            ]
        )
        self.layout.max_width = "100%"
        self.add_class("hp-ranking-explorer")
        self._render()

    @property
    def trump(self) -> Suit | None:
        """The trump chosen (``None``: no trump)."""
        value: Suit | None = self.trump_picker.value
        return value

    @guarded
    def _on_change(self, change: object = None) -> None:
        self._render()

    def _render(self) -> None:
        trump = self.trump
        self.status.value = ""
        self.picture.value = box(ranking_svg(trump))
        self.roles.value = box(self._roles_html(trump))
        self.comparison.value = box(self._compare_html(self.card_a.value, self.card_b.value))
        self.suits_table.value = box(self._suits_html(trump)) if self.show_suits.value else ""

    def _roles_html(self, trump: Suit | None) -> str:
        order = ranking(trump)
        if trump is None:
            return (
                "<p>No trump: the Joker beats every card; then every suit runs "
                "A, K, Q, J, 10, 9.</p>"
            )
        rows = []
        for c in order[:3]:
            e = explain_card(c, trump)
            rows.append(
                f"<tr><td><b>{e.place}</b></td><td>{esc(c.text)}</td>"
                f"<td>{esc(e.role)}</td><td>{esc(e.text)}</td></tr>"
            )
        return (
            f"<p>{suit_span(trump)} are trumps: eight trumps, then the plain suits.</p>"
            '<table class="hp-t"><tr><th>#</th><th>card</th><th>role</th><th>why</th></tr>'
            + "".join(rows)
            + "</table>"
        )

    def _compare_html(self, a: Card, b: Card) -> str:
        trump = self.trump
        if a is b:
            return "<p class='hp-muted'>Choose two different cards to compare them.</p>"
        pics = (
            card_svg(a, trump=trump, trump_known=True, scale=0.8)
            + " "
            + card_svg(b, trump=trump, trump_known=True, scale=0.8)
        )
        lines = []
        for led, other in ((a, b), (b, a)):
            e = explain_trick([led, other], trump)
            win = e.winning_card
            lines.append(
                f"<li>If {esc(led.text)} is led and {esc(other.text)} is played to it, "
                f"<b>{esc(win.text)}</b> wins. {esc(' '.join(e.sentences[1:]))}</li>"
            )
        return f"<div>{pics}</div><ul>{''.join(lines)}</ul>"

    def _suits_html(self, trump: Suit | None) -> str:
        groups: dict[str, list[Card]] = {}
        for c in ranking(trump):
            suit = effective_suit(c, trump)
            name = "no suit" if suit is None else suit.plural
            if trump is not None and suit is trump:
                name = f"trumps ({suit.plural})"
            groups.setdefault(name, []).append(c)
        rows = []
        for name, cards in groups.items():
            marked = []
            for c in cards:
                role = card_role(c, trump)
                named = (CardRole.LEFT_BOWER, CardRole.RIGHT_BOWER, CardRole.JOKER)
                tag = f" ({role.value if role is not CardRole.JOKER else 'Joker'})"
                tag = tag if role in named else ""
                marked.append(esc(c.text + tag))
            rows.append(
                f"<tr><td><b>{esc(name)}</b></td><td>{len(cards)}</td>"
                f"<td>{' '.join(marked)}</td></tr>"
            )
        return (
            "<p>The suit each card belongs to in play: the bowers and the Joker are trumps.</p>"
            '<table class="hp-t"><tr><th>suit in play</th><th>cards</th><th>strongest first</th>'
            "</tr>" + "".join(rows) + "</table>"
        )
