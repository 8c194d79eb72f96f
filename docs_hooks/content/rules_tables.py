"""The rules pages' generated tables: the card ranking under each trump, and the
published rule sets side by side with every engine option."""

from __future__ import annotations

from typing import Any

from docs_hooks.content.text import esc, html_table, md_text
from hasenpfeffer_core import (
    OPTIONS,
    PRESETS,
    SUITS,
    Rules,
    ranking,
)
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.i18n import pgettext
from hasenpfeffer_core.engine.tricks import (
    CardRole,
    card_role,
    effective_suit,
)
from hasenpfeffer_core.faces.render import card_svg


def _role_cell(role: CardRole) -> str:
    """The ranking table's role column, from the engine's one table of role wording."""
    if role in (CardRole.JOKER, CardRole.RIGHT_BOWER, CardRole.LEFT_BOWER):
        name = role.phrase if role is CardRole.JOKER else role.word
        # Translators: a card's role and what it means ("right bower: the jack of trumps").
        return _("{role}: {meaning}").format(role=name, meaning=role.meaning)
    return role.word if role is CardRole.TRUMP else ""


def ranking_markdown() -> str:
    """One section and one table per trump, every row computed by ``ranking()``."""
    out = []
    for trump in (*SUITS, None):
        order = ranking(trump)
        if trump:
            # Translators: a heading; {suits} is a suit's name ("Hearts"), {symbol} its sign.
            title = _("{suits} {symbol} are trumps").format(
                suits=_capital(trump.plural), symbol=trump.symbol
            )
        else:
            title = _("No trump")
        anchor = trump.plural_en if trump else "no-trump"  # ids stay English: links use them
        out.append(f"## {md_text(title)} {{#{anchor}}}\n")
        if trump is None:
            out.append(
                _(
                    "No trump is an option (Parlett's rules, `no_trump=yes`). There are no "
                    "bowers: every suit runs A, K, Q, J, 10, 9, and the Joker belongs to no "
                    "suit and beats every card. When it may be played is an option with no "
                    "source behind it (see [the rules]({link}))."
                ).format(link="index.md#no-trump")
                + "\n"
            )
        else:
            left = next(c for c in order if card_role(c, trump) is CardRole.LEFT_BOWER)
            assert left.suit is not None
            out.append(
                # Translators: {trump} names one card of the trump suit ("heart"), {other}
                # the suit of the same colour ("diamonds"); {card} is the left bower (J♦).
                _(
                    "The {trump} suit has **8 trumps**; {other} have only **5 cards**, "
                    "because the {card} is the left bower, a {trump}."
                ).format(trump=trump.singular, other=left.suit.plural, card=left.text)
                + "\n"
            )
        rows = []
        for place, card in enumerate(order, start=1):
            role = card_role(card, trump)
            suit = effective_suit(card, trump)
            suit_text = (
                CardRole.TRUMP.word
                if trump is not None and suit is trump
                else (suit.plural if suit else _("no suit"))
            )
            pic = card_svg(card, trump=trump, trump_known=True, scale=0.42)
            rows.append(
                f'<tr data-card="{esc(card.text)}" data-role="{esc(role)}">'
                f'<td class="hp-num">{place}</td><td class="hp-cardpic">{pic}</td>'
                f'<td class="hp-cardtext">{esc(card.text)}</td><td>{esc(suit_text)}</td>'
                f"<td>{esc(_role_cell(role))}</td></tr>"
            )
        table = html_table(
            "hp-ranking",
            [
                "#",
                esc(pgettext("column", "card")),
                esc(pgettext("column", "text")),
                esc(pgettext("column", "plays as")),
                esc(pgettext("column", "role")),
            ],
            rows,
            attrs=f' data-trump="{trump.letter if trump else "NT"}"',
        )
        out.append(table + "\n")
    return "\n".join(out)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(getattr(v, "value", v))


def _capital(text: str) -> str:
    """``text`` with its first letter a capital (Thai has none: it stays as it is)."""
    return text[:1].upper() + text[1:]


def variants_markdown() -> str:
    """The published rule sets side by side, one row per engine option.

    Option names and values are what a reader types (``no_trump=yes``): they stay as
    they are in every language; what they mean is translated.
    """
    presets = list(PRESETS.values())
    seed = Rules()
    head = [esc(pgettext("column", "option"))] + [
        f'<code>{esc(p.name)}</code><br><span class="hp-small">{esc(_(p.title))}</span>'
        for p in presets
    ]
    rows = []
    for name, info in OPTIONS.items():
        cells = []
        for p in presets:
            value = getattr(p.rules, name)
            changed = value != getattr(seed, name)
            cls = ' class="hp-changed"' if changed else ""
            cells.append(f"<td{cls}><code>{esc(_value(value))}</code></td>")
        rows.append(
            f'<tr id="option-{name.replace("_", "-")}"><th scope="row"><code>{name}</code><br>'
            f'<span class="hp-small">{esc(_(info.summary))}</span></th>{"".join(cells)}</tr>'
        )
    table = html_table("hp-variants", head, rows)
    sets = []
    for p in presets:
        diffs = p.rules.differences()
        changes = (
            ", ".join(f"`{k}={_value(v)}`" for k, v in diffs.items())
            if diffs
            else _("none: this is {code}").format(code="`Rules()`")
        )
        # Translators: one rule set, in a list; {title} and {source} are its name and
        # where it comes from (whole sentences), {rules} a hand record's line, {changes}
        # the options it sets (as code).
        text = _(
            "**{title}.** {source} In a hand record: {rules}. Options that differ from "
            "the source rules: {changes}."
        ).format(
            title=_(p.title),
            source=_(p.source),
            rules=f"`rules: {p.rules.to_text()}`",
            changes=changes,
        )
        sets.append(f"`{p.name}`\n:   {text}\n")
    options = []
    for name, info in OPTIONS.items():
        words = (_(info.summary), _(info.seed), _(info.alternatives))
        options.append(f"| `{name}` | " + " | ".join(words).replace("\n", " ") + " |")
    head_row = " | ".join(
        (
            pgettext("column", "option"),
            pgettext("column", "what it decides"),
            pgettext("column", "the source rules (and the engine's default)"),
            pgettext("column", "the other published choices"),
        )
    )
    side_by_side, rule_sets, every_option = _("Side by side"), _("The rule sets"), _("Every option")
    return (
        f"## {side_by_side} {{#side-by-side}}\n\n"
        + _(
            "Each column is a published rule set (a *preset* in the engine); each row is one "
            "engine option. A highlighted cell differs from the source rules."
        )
        + f"\n\n{table}\n\n"
        f"## {rule_sets} {{#the-rule-sets}}\n\n" + "\n".join(sets) + "\n"
        f"## {every_option} {{#every-option}}\n\n"
        f"| {head_row} |\n| --- | --- | --- | --- |\n" + "\n".join(options) + "\n"
    )
