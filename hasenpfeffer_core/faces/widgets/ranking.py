"""The ranking explorer: all 25 cards in order under a trump, and which beats which."""

from __future__ import annotations

import ipywidgets as w

from ...analysis.explain import explain_card, explain_trick
from ...analysis.session import quoted
from ...engine.cards import DECK, SUITS, Card, Suit, parse_card, parse_trump
from ...engine.errors import InvalidDataError, ParseError
from ...engine.i18n import N_, language, pgettext
from ...engine.i18n import gettext as _
from ...engine.rules import Rules
from ...engine.tricks import CardRole, card_role, effective_suit, ranking
from ..render import card_svg, ranking_svg
from .base import Guarded, box, esc, guarded, parse_rules, suit_span, widget_language

__all__ = ["RankingExplorer"]

_NO_TRUMP = N_("no trump")


def _role_words(role: CardRole) -> str:
    """A card's role as the ranking table names it (``right bower``)."""
    words = {
        CardRole.JOKER: pgettext("card role", "joker"),
        CardRole.RIGHT_BOWER: pgettext("card role", "right bower"),
        CardRole.LEFT_BOWER: pgettext("card role", "left bower"),
        CardRole.TRUMP: pgettext("card role", "trump"),
        CardRole.PLAIN: pgettext("card role", "plain"),
    }
    return words[role]


def _read_trump(value: object) -> Suit | None:
    """The ``trump`` setting: a suit, its text, or ``None`` / "no trump"."""
    if value is None or isinstance(value, Suit):
        return value
    if isinstance(value, str) and len(value) <= 20:
        return parse_trump(value)
    raise ParseError(
        # Translators: S, H, D, C and 'hearts' are what the learner types: keep them.
        _(
            "trump must be a suit (S, H, D, C, or its name, as in 'hearts') or no trump, "
            "not {value}"
        ).format(value=quoted(value)),
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
        self,
        trump: Suit | str | None = Suit.HEARTS,
        rules: Rules | str | None = None,
        *,
        lang: str | None = None,
    ) -> None:
        self.lang = widget_language(lang)
        with language(self.lang):
            self.rules = parse_rules(rules)
            first = _read_trump(trump)
            if first is None and not self.rules.no_trump:
                raise InvalidDataError(
                    # Translators: rules='seed; no_trump=yes' is what the learner types.
                    _(
                        "these rules are always played with a trump suit, so there is no "
                        "'no trump' ranking to show: choose a suit, or rules with no trump "
                        "(rules='seed; no_trump=yes')"
                    ),
                    rule="no_trump",
                )
            self._init_guard()
            options: list[tuple[str, Suit | None]] = [(f"{s.symbol} {s.plural}", s) for s in SUITS]
            if self.rules.no_trump:
                options.append((_(_NO_TRUMP), None))
            # Translators: {trump} is a suit's symbol and name (♥ hearts).
            tips = [
                _("{trump} as trumps").format(trump=label) for label, s in options if s is not None
            ]
            if self.rules.no_trump:
                tips.append(_("no trump as trump"))
            self.trump_picker = w.ToggleButtons(
                options=options,
                value=first,
                description=pgettext("label", "Trump"),
                tooltips=tips,
                style={"button_width": "112px"},
                layout=w.Layout(flex_flow="row wrap", max_width="100%", height="auto"),
            )
            card_options = [(f"{c.text}  ({c.name})", c) for c in DECK]
            self.card_a = w.Dropdown(
                options=card_options, value=parse_card("JD"), description=pgettext("label", "Card")
            )
            self.card_b = w.Dropdown(
                options=card_options,
                value=parse_card("AH"),
                # Translators: the label of the second card's menu: "Card [J♦] against [A♥]".
                description=pgettext("label", "against"),
            )
            self.show_suits = w.Checkbox(
                value=False, description=_("Show effective suits"), indent=False
            )
            self.picture = w.HTML()
            self.roles = w.HTML()
            self.comparison = w.HTML()
            self.suits_table = w.HTML()
            self.trump_picker.observe(self._on_change, names="value")
            self.card_a.observe(self._on_change, names="value")
            self.card_b.observe(self._on_change, names="value")
            self.show_suits.observe(self._on_change, names="value")
            title = _("What beats what")
            super().__init__(
                [
                    w.HTML(value=box(f"<h3>{esc(title)}</h3>")),
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
            text = _(
                "No trump: the Joker beats every card; then every suit runs A, K, Q, J, 10, 9."
            )
            return f"<p>{esc(text)}</p>"
        rows = []
        for c in order[:3]:
            e = explain_card(c, trump)
            rows.append(
                f"<tr><td><b>{e.place}</b></td><td>{esc(c.text)}</td>"
                f"<td>{esc(_role_words(e.role))}</td><td>{esc(e.text)}</td></tr>"
            )
        # Translators: {suit} is the trump suit's symbol and name (♥ hearts).
        intro = esc(_("{suit} are trumps: eight trumps, then the plain suits.")).format(
            suit=suit_span(trump)
        )
        heads = "".join(
            f"<th>{esc(h)}</th>"
            for h in (
                "#",
                pgettext("column", "card"),
                pgettext("column", "role"),
                pgettext("column", "why"),
            )
        )
        return f'<p>{intro}</p><table class="hp-t"><tr>{heads}</tr>' + "".join(rows) + "</table>"

    def _compare_html(self, a: Card, b: Card) -> str:
        trump = self.trump
        if a is b:
            choose = _("Choose two different cards to compare them.")
            return f"<p class='hp-muted'>{esc(choose)}</p>"
        pics = (
            card_svg(a, trump=trump, trump_known=True, scale=0.8)
            + " "
            + card_svg(b, trump=trump, trump_known=True, scale=0.8)
        )
        lines = []
        for led, other in ((a, b), (b, a)):
            e = explain_trick([led, other], trump)
            win = e.winning_card
            # Translators: {led}, {other} and {winner} are cards' short texts (J♦, A♥).
            said = esc(_("If {led} is led and {other} is played to it, {winner} wins.")).format(
                led=esc(led.text), other=esc(other.text), winner=f"<b>{esc(win.text)}</b>"
            )
            lines.append(f"<li>{said} {esc(' '.join(e.sentences[1:]))}</li>")
        return f"<div>{pics}</div><ul>{''.join(lines)}</ul>"

    def _suits_html(self, trump: Suit | None) -> str:
        groups: dict[str, list[Card]] = {}
        for c in ranking(trump):
            suit = effective_suit(c, trump)
            name = _("no suit") if suit is None else suit.plural
            if trump is not None and suit is trump:
                # Translators: {suit} is the trump suit's name (hearts).
                name = _("trumps ({suit})").format(suit=suit.plural)
            groups.setdefault(name, []).append(c)
        rows = []
        for name, cards in groups.items():
            marked = []
            for c in cards:
                role = card_role(c, trump)
                named = (CardRole.LEFT_BOWER, CardRole.RIGHT_BOWER, CardRole.JOKER)
                word = _role_words(role) if role is not CardRole.JOKER else _("Joker")
                tag = f" ({word})"
                tag = tag if role in named else ""
                marked.append(esc(c.text + tag))
            rows.append(
                f"<tr><td><b>{esc(name)}</b></td><td>{len(cards)}</td>"
                f"<td>{' '.join(marked)}</td></tr>"
            )
        intro = _("The suit each card belongs to in play: the bowers and the Joker are trumps.")
        heads = "".join(
            f"<th>{esc(h)}</th>"
            for h in (
                pgettext("column", "suit in play"),
                pgettext("column", "cards"),
                pgettext("column", "strongest first"),
            )
        )
        return (
            f'<p>{esc(intro)}</p><table class="hp-t"><tr>{heads}</tr>' + "".join(rows) + "</table>"
        )
