"""What the docs site shows about the game, generated from the engine at build time.

Every table, picture, quiz question and replay step here is computed by
``hasenpfeffer_core``; this module only lays the results out as Markdown, HTML and
JSON. ``site_hooks.py`` calls it from the MkDocs events, inside the build's language
(``hasenpfeffer_core.engine.i18n.language``): every word written here for a reader goes
through ``_()`` and comes out in that language, and so does what the engine says.
Identifiers, anchors, option values a reader types and card texts (``J♥``) stay as
they are in every language.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import html
import json
import re
import shlex
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote

from hasenpfeffer_core import (
    OPTIONS,
    PRESETS,
    SEATS,
    SUITS,
    Card,
    Rules,
    Seat,
    Side,
    parse_card,
    parse_cards,
    parse_trump,
    ranking,
    score_hand,
)
from hasenpfeffer_core.analysis.explain import (
    card_words,
    explain_card,
    explain_plays,
    explain_trick,
)
from hasenpfeffer_core.analysis.principles import PRINCIPLES
from hasenpfeffer_core.analysis.puzzles import Bank
from hasenpfeffer_core.analysis.quiz import DIFFICULTIES, quiz_set
from hasenpfeffer_core.analysis.review import analyse
from hasenpfeffer_core.analysis.teaching import teaching_hands
from hasenpfeffer_core.analysis.terms import says_instead, terms
from hasenpfeffer_core.engine.actions import Bid
from hasenpfeffer_core.engine.i18n import get_language, ngettext, pgettext
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.record import HandRecord
from hasenpfeffer_core.engine.tricks import (
    CardRole,
    card_role,
    effective_suit,
    legal_plays,
    trick_winner,
)
from hasenpfeffer_core.faces.render import card_svg, hand_svg, ranking_svg, state_html, table_svg
from hasenpfeffer_core.faces.rules_words import rules_words
from hasenpfeffer_core.faces.text import visible
from hasenpfeffer_core.faces.widgets.base import side_words
from hasenpfeffer_core.faces.widgets.bid_quiz import chances_caption, chances_html
from hasenpfeffer_core.faces.widgets.replayer import action_html

# --- text from files, made safe for a page ------------------------------------------------
#
# Everything a contributor writes in a file (a hand's title and notes, a notebook's
# heading, a translator's notes) is text, not markup. In generated HTML it is escaped
# with ``esc``; in generated Markdown with ``md_text``, which also keeps Markdown from
# reading it as emphasis, links or attributes (the attr_list extension would turn a
# trailing ``{: onclick=...}`` into an attribute).

#: Characters Markdown (with this site's extensions) gives a meaning to, as entities.
_MD_SPECIAL = {ord(c): f"&#{ord(c)};" for c in "\\`*_[]{}|!#~:<>&\"'"}
#: What ``md_inline`` turns into entities besides ``<``, ``>`` and ``&``: no link, image
#: or attribute can start, and no backslash can hide a backtick from the code spans.
_MD_NO_LINKS = {ord(c): f"&#{ord(c)};" for c in "\\[]{}"}
#: A run of backticks: a code span opens with a run and closes with the next run of
#: the same length (CommonMark's rule); a run with no partner is literal backticks.
_TICKS = re.compile(r"`+")


def esc(text: str, quote: bool = True) -> str:
    """``text`` for a page's HTML: escaped, with every control, bidi or zero-width
    character shown as its escape (as the command line and the widgets show them)."""
    return html.escape(visible(text, newlines=True), quote=quote)


def _one_line(text: str) -> str:
    return " ".join(visible(text).split())


def md_text(text: str) -> str:
    """``text`` as literal Markdown on one line: every special character an HTML entity.

    >>> md_text('<b>*bold*</b> & {: onclick="x"}')
    '&#60;b&#62;&#42;bold&#42;&#60;/b&#62; &#38; &#123;&#58; onclick=&#34;x&#34;&#125;'
    """
    return _one_line(text).translate(_MD_SPECIAL)


def _code_spans(text: str) -> list[tuple[int, int, int]]:
    """The code spans of one line as CommonMark finds them: (start, end, ticks) for
    each, the backtick runs included. Linear in the line's length."""
    runs = [(m.start(), m.end()) for m in _TICKS.finditer(text)]
    spans: list[tuple[int, int, int]] = []
    i = 0
    while i < len(runs):
        start, end = runs[i]
        n = end - start
        for j in range(i + 1, len(runs)):
            if runs[j][1] - runs[j][0] == n:
                spans.append((start, runs[j][1], n))
                i = j
                break
        i += 1
    return spans


def md_inline(text: str) -> str:
    """A line of a contributor's Markdown with its emphasis and code spans kept, and
    nothing else: no raw HTML, no link or image, no attribute. Code spans are found as
    Markdown finds them and written out here as ``<code>``, their text escaped, so
    nothing in a file reaches the page unescaped, however its backticks fall.

    >>> md_inline('The **Joker** <img src=x> [a](javascript:x) `a<b`')
    'The **Joker** &lt;img src=x&gt; &#91;a&#93;(javascript:x) <code>a&#60;b</code>'
    >>> md_inline('Learn `<img src=x onerror=alert(1)>`` fast')
    'Learn &#96;&lt;img src=x onerror=alert(1)&gt;&#96;&#96; fast'
    """
    line = _one_line(text)
    out: list[str] = []
    at = 0
    for start, end, ticks in _code_spans(line):
        out.append(_md_plain(line[at:start]))
        code = line[start + ticks : end - ticks]
        if len(code) > 2 and code.startswith(" ") and code.endswith(" ") and code.strip():
            code = code[1:-1]
        out.append(f"<code>{code.translate(_MD_SPECIAL)}</code>")
        at = end
    out.append(_md_plain(line[at:]))
    return "".join(out)


def _md_plain(text: str) -> str:
    """Text around code spans: its emphasis kept, any backtick left literal."""
    return esc(text, quote=False).translate(_MD_NO_LINKS).replace("`", "&#96;")


# --- pictures in the prose ------------------------------------------------------------
#
# The Markdown sources draw cards with short macros, so that every picture (and every
# caption that states a rule) comes from the engine:
#
#   [[cards JK J♥ J♦ A♥ | trump=H]]        a hand, trump marks on (trump optional)
#   [[card J♦ | trump=H]]                   one card
#   [[trick W:A♠ N:J♦ E:9♠ S:K♠ | trump=H]] a trick around the table, the winner lit,
#                                           with the engine's explanation as caption
#   [[ranking H]]                           the 25 cards under one trump (N: no trump)
#   [[plays J♦ 9♣ A♠ | led=A♦ trump=H]]    which cards may be played, and why
#   [[score bid=4 took=3]]                  the same result under each failed-bid rule

# Linear time on any page: after the keyword, each part stops at the first bracket or
# bar, so a part can neither overlap the next nor run past the next "[[".
MACRO = re.compile(r"\[\[(cards|card|trick|ranking|plays|score)\s([^\[\]|]*)(?:\|([^\[\]]*))?\]\]")


def _options(text: str | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in shlex.split(text or ""):
        key, _eq, value = part.partition("=")
        out[key.strip()] = value.strip()
    return out


def _figure(picture: str, caption: str = "", *, inline: bool = False) -> str:
    if inline:
        return f'<span class="hp-pic">{picture}</span>'
    cap = f"<figcaption>{caption}</figcaption>" if caption else ""
    return f'<figure class="hp-figure">{picture}{cap}</figure>'


def render_macro(kind: str, arg: str, opts_text: str | None) -> str:
    """The HTML for one picture macro."""
    opts = _options(opts_text)
    trump = parse_trump(opts.get("trump"))
    known = "trump" in opts
    scale = float(opts.get("scale", "1"))
    caption = esc(opts.get("caption", ""))
    if kind == "card":
        card = parse_card(arg)
        pic = card_svg(card, trump=trump, trump_known=known, scale=scale)
        if "explain" in opts:
            caption = caption or esc(explain_card(card, trump).text)
            return f'<figure class="hp-figure hp-side">{pic}<figcaption>{caption}</figcaption></figure>'
        return _figure(pic, caption, inline="inline" in opts)
    if kind == "cards":
        cards = parse_cards(arg)
        overlap = float(opts.get("overlap", "0.75"))
        pic = hand_svg(cards, trump=trump, trump_known=known, scale=scale, overlap=overlap)
        return _figure(pic, caption, inline="inline" in opts)
    if kind == "ranking":
        return _figure(ranking_svg(parse_trump(arg)), caption)
    if kind == "trick":
        plays: list[tuple[Seat, Card]] = []
        for item in arg.split():
            seat, _colon, card_text = item.partition(":")
            plays.append((Seat[seat.strip().upper()], parse_card(card_text)))
        played = [c for _, c in plays]
        win = trick_winner(played, trump)
        pic = table_svg(plays, trump=trump, trump_known=True, winner=plays[win][0], size=250)
        why = explain_trick(played, trump).text
        name = _("the Joker") if played[win].is_joker else played[win].text
        # Translators: the caption of a trick's picture; {explanation} is the engine's
        # sentences on why that card wins.
        text = _("{seat} wins with {card}. {explanation}").format(
            seat=plays[win][0].word, card=name, explanation=why
        )
        return f'<figure class="hp-figure hp-side hp-trick">{pic}<figcaption>{caption or esc(text)}</figcaption></figure>'
    if kind == "plays":
        hand = parse_cards(arg)
        led = parse_cards(opts.get("led", "")) if opts.get("led") else ()
        legal = legal_plays(hand, led, trump)
        pic = hand_svg(
            hand,
            trump=trump,
            trump_known=True,
            scale=scale * 0.9,
            overlap=0.75,
            dim=[c for c in hand if c not in legal],
            label=_("your hand (cards you may not play are dimmed)"),
        )
        items = "".join(f"<li>{esc(e.text)}</li>" for e in explain_plays(hand, led, trump))
        lead = ""
        if led:
            # Translators: the label of the picture of the cards led to a trick.
            led_pic = hand_svg(
                led, trump=trump, trump_known=True, scale=scale * 0.9, label=_("cards led")
            )
            led_label = esc(_("Led:"))
            lead = (
                f'<span class="hp-led"><span class="hp-led-label">{led_label}</span>'
                f"{led_pic}</span>"
            )
        hand_label = esc(_("Your hand:"))
        return (
            f'<figure class="hp-figure hp-plays"><div class="hp-plays-row">{lead}'
            f'<span class="hp-led"><span class="hp-led-label">{hand_label}</span>'
            f"{pic}</span></div><figcaption><ul>{items}</ul></figcaption></figure>"
        )
    if kind == "score":
        return score_table(int(opts_value(arg, "bid")), int(opts_value(arg, "took")))
    raise ValueError(f"unknown picture macro {kind!r}")


def opts_value(arg: str, key: str) -> str:
    return _options(arg)[key]


def _html_table(
    cls: str, head: Iterable[str], rows: Iterable[str], *, caption: str = "", attrs: str = ""
) -> str:
    """A table in the site's scrolling wrapper.

    ``head`` holds the header cells' HTML (each becomes a ``th``), ``rows`` whole ``tr``
    elements; ``attrs`` is added to the ``table`` tag as it is.
    """
    cap = f"<caption>{caption}</caption>" if caption else ""
    th = "".join(f"<th>{cell}</th>" for cell in head)
    return (
        f'<div class="hp-table-wrap"><table class="{cls}"{attrs}>{cap}'
        f"<thead><tr>{th}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def score_table(bid: int, took: int) -> str:
    """One result scored under each failed-bid rule (and each stake), by the engine."""
    rows = []
    for preset in ("seed", "lose-the-bid", "parlett"):
        rules = PRESETS[preset].rules
        res = score_hand(rules, Bid(Seat.N, bid), {Side.NS: took, Side.EW: 6 - took})
        name = rules_words(rules)
        rows.append(
            f'<tr><th scope="row">{esc(name[:1].upper() + name[1:])}</th>'
            f"<td>{_signed(res.points[Side.NS])}</td>"
            f"<td>{_signed(res.points[Side.EW])}</td><td>{esc(res.reason)}</td></tr>"
        )
    # The sides' short forms in the narrow columns (prose names them in full), kept on
    # one line by the site's style.
    # (the partnerships' letters, as every compact text writes them: "EO" in Italian)
    ns = esc(Side.NS.letters)
    ew = esc(Side.EW.letters)
    return _html_table(
        "hp-score",
        [
            esc(pgettext("column", "rules")),
            f'<abbr title="{esc(Side.NS.word)}">{ns}</abbr>',
            f'<abbr title="{esc(Side.EW.word)}">{ew}</abbr>',
            esc(pgettext("column", "why")),
        ],
        rows,
        caption=esc(
            _("North-South bid {bid} and took {took} of the 6 tricks").format(bid=bid, took=took)
        ),
    )


def expand_macros(markdown: str, store: Callable[[str], str]) -> str:
    """Replace every picture macro with a token from ``store`` (HTML inserted later).

    A macro the engine cannot draw stops the build with an error that quotes it.
    """

    def one(m: re.Match[str]) -> str:
        try:
            return store(render_macro(m.group(1), m.group(2).strip(), m.group(3)))
        except (ValueError, KeyError, IndexError) as e:
            raise ValueError(f"the picture macro {m.group(0)!r} is wrong: {e}") from None

    return MACRO.sub(one, markdown)


# --- ranking tables -------------------------------------------------------------------


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
        table = _html_table(
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


# --- variants -------------------------------------------------------------------------


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
    table = _html_table("hp-variants", head, rows)
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


# --- the source texts -----------------------------------------------------------------
#
# The notes on the two translations (section summaries, glossed words, line notes) are
# data a translator edits by hand: they live in translation-notes.toml, read at every
# build so that `make docs` picks up an edit. The file's header describes its keys.

NOTES_FILE = Path(__file__).with_name("translation-notes.toml")
#: The same notes in the page's language, ``translation-notes.it.toml`` and
#: ``translation-notes.th.toml``: the same entries in the same order, each naming its
#: entry (a section's first line, a word as the source writes it, a note's line) and
#: giving its texts (a section's title, summary and link texts; a word's term and what it
#: says; a line's note). A page in a language without such a file shows the English ones.
NOTES_IN = {lang: NOTES_FILE.with_suffix(f".{lang}.toml") for lang in ("it", "th")}
#: The notes' table of each source language, by the language code the pages use.
LANGUAGES = {"it": "italian", "th": "thai"}


@dataclass(frozen=True)
class Section:
    """A section of the source text, with its English summary and explainer links."""

    first_line: int  # 1-based line numbers, inclusive
    last_line: int
    title: str  # what the section is about, in English
    summary: str
    explained_at: str  # the id of the matching section of the rules explainer (rules/)
    explained_title: str
    see_also: tuple[tuple[str, str], ...] = ()  # further (id, link text) pairs


@dataclass(frozen=True)
class Term:
    """A word of a translation worth a note: the English term and what the word says."""

    word: str
    english: str
    says: str
    wrong: bool = True
    only_on_lines: tuple[int, ...] = ()  # empty: on every line
    our_note: bool = False  # not listed in rules-notes.md section 7


@dataclass(frozen=True)
class TranslationNotes:
    sections: tuple[Section, ...]  # shared: both translations have the same lines
    terms: dict[str, tuple[Term, ...]]  # by language code
    line_notes: dict[str, dict[int, str]]  # by language code, then line number
    lang: str = "en"  # the language the notes are written in


_ANCHOR = re.compile(r"[a-z0-9][a-z0-9_-]*")


class _Table:
    """One table of the notes file: typed reads, and errors that name the entry."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise ValueError(f"{where} should be a table")
        self.data: dict[str, object] = data
        self.where = where

    def _get(self, key: str) -> object:
        if key not in self.data:
            raise ValueError(f"{self.where} has no {key!r}")
        return self.data[key]

    def _wrong(self, key: str, expected: str) -> ValueError:
        return ValueError(f"{self.where}: {key!r} should be {expected}")

    def text(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str) or not value.strip():
            raise self._wrong(key, "a string that is not empty")
        return " ".join(value.split())  # a text may run over several lines

    def number(self, key: str) -> int:
        value = self._get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self._wrong(key, "a whole number")
        return value

    def flag(self, key: str, default: bool) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise self._wrong(key, "true or false")
        return value

    def anchor(self, key: str) -> str:
        """An id of a heading on the rules page (``bidding``, ``joker-led``)."""
        value = self.text(key)
        if not _ANCHOR.fullmatch(value):
            raise self._wrong(key, "the id of a heading (small letters, digits and dashes)")
        return value

    def numbers(self, key: str) -> tuple[int, ...]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) for n in value
        ):
            raise self._wrong(key, "a list of whole numbers")
        return tuple(value)

    def tables(self, key: str, where: str) -> list[_Table]:
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise self._wrong(key, "a list of tables")
        return [_Table(item, f"{where} #{i}") for i, item in enumerate(value, start=1)]

    def only(self, *keys: str) -> None:
        unknown = sorted(set(self.data) - set(keys))
        if unknown:
            raise ValueError(f"{self.where} has unknown keys {unknown}")


def _section(t: _Table) -> Section:
    t.only(
        "first_line",
        "last_line",
        "title",
        "summary",
        "explained_at",
        "explained_title",
        "see_also",
    )
    links = []
    for link in t.tables("see_also", f"{t.where} see_also"):
        link.only("at", "title")
        links.append((link.anchor("at"), link.text("title")))
    return Section(
        t.number("first_line"),
        t.number("last_line"),
        t.text("title"),
        t.text("summary"),
        t.anchor("explained_at"),
        t.text("explained_title"),
        tuple(links),
    )


def _term(t: _Table) -> Term:
    t.only("word", "english", "says", "wrong", "only_on_lines", "our_note")
    return Term(
        t.text("word"),
        t.text("english"),
        t.text("says"),
        wrong=t.flag("wrong", True),
        only_on_lines=t.numbers("only_on_lines"),
        our_note=t.flag("our_note", False),
    )


def translation_notes(path: Path = NOTES_FILE) -> TranslationNotes:
    """The notes file, read and checked; an error names the file and the entry."""
    try:
        with path.open("rb") as f:
            return _notes(_Table(tomllib.load(f), "the file"))
    except ValueError as e:  # tomllib's syntax errors are ValueErrors too
        raise ValueError(f"{path}: {e}") from None


def notes_in(lang: str, path: Path | None = None) -> TranslationNotes:
    """The notes in ``lang`` (see :data:`NOTES_IN`), or the English notes where there is
    no file for it. The file must give every entry of the English file, in its order: an
    error names the first that differs."""
    english = translation_notes()
    path = NOTES_IN.get(lang) if path is None else path
    if path is None or not path.is_file():
        return english
    try:
        with path.open("rb") as f:
            return _overlay(english, _Table(tomllib.load(f), "the file"), lang)
    except ValueError as e:
        raise ValueError(f"{path}: {e}") from None


def _overlay(english: TranslationNotes, top: _Table, lang: str) -> TranslationNotes:
    top.only("section", *LANGUAGES.values())
    given = top.tables("section", "[[section]]")
    if len(given) != len(english.sections):
        raise ValueError(f"it has {len(given)} sections, the English notes {len(english.sections)}")
    sections = []
    for t, sec in zip(given, english.sections, strict=True):
        t.only("first_line", "title", "summary", "explained_title", "see_also")
        if t.number("first_line") != sec.first_line:
            raise ValueError(
                f"{t.where} starts at line {t.number('first_line')}, not {sec.first_line}"
            )
        links = t.tables("see_also", f"{t.where} see_also")
        if [link.anchor("at") for link in links] != [at for at, _ in sec.see_also]:
            raise ValueError(f"{t.where}: see_also should link {[at for at, _ in sec.see_also]}")
        sections.append(
            replace(
                sec,
                title=t.text("title"),
                summary=t.text("summary"),
                explained_title=t.text("explained_title"),
                see_also=tuple((link.anchor("at"), link.text("title")) for link in links),
            )
        )
    terms: dict[str, tuple[Term, ...]] = {}
    line_notes: dict[str, dict[int, str]] = {}
    for source, name in LANGUAGES.items():
        table = _Table(top.data.get(name, {}), f"[{name}]")
        table.only("word", "line_note")
        words = table.tables("word", f"[[{name}.word]]")
        if [w.text("word") for w in words] != [t.word for t in english.terms[source]]:
            raise ValueError(f"[[{name}.word]] should list the English file's words, in order")
        for w in words:
            w.only("word", "english", "says")
        terms[source] = tuple(
            replace(t, english=w.text("english"), says=w.text("says"))
            for w, t in zip(words, english.terms[source], strict=True)
        )
        notes = {}
        for t in table.tables("line_note", f"[[{name}.line_note]]"):
            t.only("line", "note")
            notes[t.number("line")] = t.text("note")
        if sorted(notes) != sorted(english.line_notes[source]):
            raise ValueError(
                f"[[{name}.line_note]] should note lines {sorted(english.line_notes[source])}"
            )
        line_notes[source] = notes
    return TranslationNotes(tuple(sections), terms, line_notes, lang)


def _notes(top: _Table) -> TranslationNotes:
    top.only("section", *LANGUAGES.values())
    sections = tuple(_section(t) for t in top.tables("section", "[[section]]"))
    if not sections:
        raise ValueError("there are no sections")
    next_line = 1  # the sections cover the lines in order, without a gap
    for sec in sections:
        if sec.first_line != next_line or sec.last_line < sec.first_line:
            raise ValueError(
                f"the section {sec.title!r} covers lines {sec.first_line} to "
                f"{sec.last_line}; it should start at line {next_line}"
            )
        next_line = sec.last_line + 1
    terms: dict[str, tuple[Term, ...]] = {}
    line_notes: dict[str, dict[int, str]] = {}
    for lang, name in LANGUAGES.items():
        table = _Table(top.data.get(name, {}), f"[{name}]")
        table.only("word", "line_note")
        terms[lang] = tuple(_term(t) for t in table.tables("word", f"[[{name}.word]]"))
        notes: dict[int, str] = {}
        for t in table.tables("line_note", f"[[{name}.line_note]]"):
            t.only("line", "note")
            line = t.number("line")
            if not 1 <= line < next_line or line in notes:
                raise ValueError(f"{t.where}: line {line} is out of range or has a note already")
            notes[line] = t.text("note")
        line_notes[lang] = notes
    return TranslationNotes(sections, terms, line_notes)


def _right_word(t: Term, lang: str) -> str:
    """The project's word (terminology table) for a wrong word of the ``lang`` source."""
    found = says_instead(t.word, lang) if t.wrong else None
    return found.word(lang) if found else ""


def _mark_terms(line: str, terms: Iterable[Term], number: int, lang: str) -> tuple[str, list[Term]]:
    """The line HTML-escaped, with the noted words wrapped; its text is unchanged."""
    usable = [t for t in terms if not t.only_on_lines or number in t.only_on_lines]
    usable.sort(key=lambda t: -len(t.word))
    out = []
    found: list[Term] = []
    i = 0
    while i < len(line):
        for t in usable:
            if line.startswith(t.word, i):
                cls = "hp-term hp-term-wrong" if t.wrong else "hp-term hp-term-ok"
                # The notes file is English: the tooltip's words around it are translated.
                if t.wrong:
                    tip = _("{english}: {says}").format(english=t.english, says=t.says)
                else:
                    tip = _("{english} ({says})").format(english=t.english, says=t.says)
                right = _right_word(t, lang)
                if right:
                    tip = _("{note}; say {word}").format(note=tip, word=right)
                out.append(
                    f'<span class="{cls}" title="{esc(tip)}" tabindex="0">{esc(t.word)}</span>'
                )
                found.append(t)
                i += len(t.word)
                break
        else:
            out.append(esc(line[i]))
            i += 1
    return "".join(out), found


def _noted(notes: TranslationNotes, text: str) -> str:
    """A text of ``notes``, escaped; marked with the notes' language on a page in
    another (one whose language has no notes of its own)."""
    if get_language() == notes.lang:
        return esc(text)
    return f'<span lang="{esc(notes.lang)}">{esc(text)}</span>'


def source_html(text: str, lang: str, translation: TranslationNotes | None = None) -> str:
    """The source text verbatim, one paragraph per line, with notes and links per section.

    The text of the ``p.hp-src-line`` paragraphs, joined with newlines, is the file: it
    is the same in every language of the site. The notes beside it are in the page's
    language where it has a notes file (:func:`notes_in`), else in English, marked so.
    """
    page_lang = get_language()
    notes_file = notes_in(page_lang) if translation is None else translation
    noted = functools.partial(_noted, notes_file)
    lines = text.split("\n")
    terms = notes_file.terms[lang]
    line_notes = notes_file.line_notes[lang]
    sections = notes_file.sections
    for t in terms:
        if t.word not in text:
            raise ValueError(f"the glossed word {t.word!r} is not in the {lang} source text")
    if sections[-1].last_line != len(lines):
        raise ValueError(
            f"the {lang} source has {len(lines)} lines, the sections expect "
            f"{sections[-1].last_line}"
        )
    out = []
    our_note = esc(_("(our note)"))
    words_to_watch = esc(_("Words to watch"))
    for sec in sections:
        body = []
        seen: dict[str, Term] = {}
        for n in range(sec.first_line, sec.last_line + 1):
            marked, found = _mark_terms(lines[n - 1], terms, n, lang)
            for t in found:
                seen.setdefault(t.word, t)
            cls = "hp-src-line" + (" hp-src-head" if n == sec.first_line and n > 1 else "")
            body.append(f'<p class="{cls}" data-line="{n}">{marked}</p>')
        notes = []
        for t in seen.values():
            mark = "✗" if t.wrong else "✓"
            where = f' <span class="hp-small">{our_note}</span>' if t.our_note else ""
            right = _right_word(t, lang)
            word = f'<span lang="{esc(lang)}">{esc(t.word)}</span>'
            # Translators: a note on a word of a source text: {word} is the word, {english}
            # the English term it stands for, {says} what the word really says.
            line = _("{word} for {english}: {says}").format(
                word=word, english=f"<em>{noted(t.english)}</em>", says=noted(t.says)
            )
            if right:
                # Translators: {note} is the note above, {word} the project's word to use.
                line = _("{note}; say {word}").format(
                    note=line, word=f'<b lang="{esc(lang)}" class="hp-say">{esc(right)}</b>'
                )
            notes.append(f'<li><span class="hp-mark">{mark}</span> {line}{where}</li>')
        for n in range(sec.first_line, sec.last_line + 1):
            if n in line_notes:
                note = _("Line {n}: {note}").format(n=n, note=noted(line_notes[n]))
                notes.append(f"<li>{note}</li>")
        notes_html = (
            f'<p class="hp-notes-title">{words_to_watch}</p><ul>{"".join(notes)}</ul>'
            if notes
            else ""
        )
        more = "".join(
            f'<p class="hp-see-also"><a href="../../rules/#{esc(anchor)}">'
            + _("See also: {title} →").format(title=noted(text))
            + "</a></p>"
            for anchor, text in sec.see_also
        )
        lines_note = _("(lines {first} to {last})").format(first=sec.first_line, last=sec.last_line)
        # Translators: a link to the section of the site's own rules page that explains
        # the same rule; {title} is that section's heading.
        explained = _("Explained in the site's rules: {title} →").format(
            title=noted(sec.explained_title)
        )
        out.append(
            f'<section class="hp-src-section" id="section-{sec.first_line}">'
            f'<div class="hp-src-text" lang="{esc(lang)}">{"".join(body)}</div>'
            f'<aside class="hp-src-notes" lang="{esc(page_lang)}">'
            f'<p class="hp-notes-title">{noted(sec.title)}'
            f' <span class="hp-small">{esc(lines_note)}</span></p>'
            f'<p class="hp-summary">{noted(sec.summary)}</p>{notes_html}'
            f'<p class="hp-explained"><a href="../../rules/#{esc(sec.explained_at)}"'
            f">{explained}</a></p>{more}</aside></section>"
        )
    return "\n".join(out)


def terms_table(lang: str, translation: TranslationNotes | None = None) -> str:
    """The glossary of mistranslated words (rules-notes section 7) for one language."""
    rows = []
    notes = notes_in(get_language()) if translation is None else translation
    for t in notes.terms[lang]:
        verdict = _("✗ wrong") if t.wrong else _("✓ right")
        origin = " " + _("(our note)") if t.our_note else ""
        right = _right_word(t, lang)
        say = f'<span lang="{esc(lang)}">{md_text(right)}</span>' if right else ""
        rows.append(
            f'| <span lang="{esc(lang)}">{md_text(t.word)}</span> | {md_text(t.english)} | '
            f"{md_text(t.says)} | {md_text(verdict + origin)} | {say} |"
        )
    head = " | ".join(
        md_text(words)
        for words in (
            pgettext("column", "the text has"),
            # Translators: the column of the term a word of the source text stands for.
            pgettext("column", "stands for"),
            pgettext("column", "what the word says"),
            pgettext("column", "verdict"),
            pgettext("column", "say instead"),
        )
    )
    return f"| {head} |\n| --- | --- | --- | --- | --- |\n" + "\n".join(rows) + "\n"


def terminology_markdown() -> str:
    """The terminology table (hasenpfeffer_core/locale/terms.toml) as the glossary shows
    it: each term in English, Italian and Thai, and the wrong forms of the source texts."""
    rows = []
    for t in terms():
        wrong = "; ".join(
            f'<span lang="{lang}">{md_text(form)}</span>'
            for lang in ("it", "th")
            for form in t.wrong[lang]
        )
        rows.append(
            f'| {md_text(t.en)} | <span lang="it">{md_text(t.it)}</span> | '
            f'<span lang="th">{md_text(t.th)}</span> | {wrong} |'
        )
    head = " | ".join(
        md_text(words)
        for words in (
            pgettext("column", "English"),
            pgettext("column", "Italian"),
            pgettext("column", "Thai"),
            pgettext("column", "the source texts wrongly have"),
        )
    )
    return f"| {head} |\n| --- | --- | --- | --- |\n" + "\n".join(rows) + "\n"


# --- practice -------------------------------------------------------------------------

PRACTICE_COUNT = 15  # per difficulty
#: A bid question is a study of the hand (about a second of the build each): fewer.
PRACTICE_COUNTS = {"bid": 6}
PRACTICE_SEEDS = {"trick-winner": 2024, "legal-play": 7031, "bid": 5150}


def practice_data(kind: str) -> dict[str, Any]:
    """Questions of one kind at every difficulty, with answers, explanations and pictures,
    in the current language, and the words the practice page's script shows (``labels``:
    the script has no words of its own)."""
    if kind == "bid":
        return copy.deepcopy(_bid_practice(get_language()))
    return _practice_data(kind)


@functools.cache
def _bid_practice(lang: str) -> dict[str, Any]:
    """The bid questions in ``lang``, made once per build (and once per test run).

    Each language's questions are the same positions (the same seeds), studied again to
    say them in that language: the study's double-dummy solutions, a pure function of
    the cards, are shared between the languages (:func:`_shared_solutions`), so the
    second and third language cost the words only.
    """
    with _shared_solutions():
        return _practice_data("bid")


#: Double-dummy results of the bid studies, by their arguments (numbers only).
_SOLUTIONS: dict[tuple[Any, ...], int] = {}


@contextlib.contextmanager
def _shared_solutions() -> Iterator[None]:
    """Within the block, the judge's solver (``analysis.judge.solve_masks``, a pure
    function of card masks) remembers its results across calls."""
    from hasenpfeffer_core.analysis import judge

    names = vars(judge)  # (the module's own name for the solver, not exported)
    solve = names["solve_masks"]

    def remembered(
        masks: Sequence[int], tk: int, leader: int, trick: Sequence[int] = (), **kw: Any
    ) -> int:
        key = (tuple(masks), tk, leader, tuple(trick), tuple(sorted(kw.items())))
        if key not in _SOLUTIONS:
            _SOLUTIONS[key] = solve(masks, tk, leader, trick, **kw)
        return _SOLUTIONS[key]

    names["solve_masks"] = remembered
    try:
        yield
    finally:
        names["solve_masks"] = solve


def practice_labels() -> dict[str, Any]:
    """Every word ``assets/practice.js`` shows, in the current language. ``{error}`` in a
    label is filled in by the script."""
    return {
        "levels": {
            "all": _("All levels"),
            "first-steps": _("First steps"),
            "bowers": _("Bowers"),
            "joker": _("The Joker"),
            "mixed": _("Mixed"),
        },
        "level": _("Level"),
        "score": _("Score"),
        "streak": _("Streak"),
        "best_streak": _("Best streak"),
        "no_questions": _("There are no questions at this level."),
        "six_cards": _("Your six cards"),
        "your_answer": _("Your answer"),
        "your_hand": _("Your hand:"),
        "check": _("Check my answer"),
        "check_hint": _("Select every card you may play, then check."),
        "next": _("Next question →"),
        "right": _("Right!"),
        "not_quite": _("Not quite."),
        "best_call": _("✓ a best call"),
        "your_call": _("✗ your call"),
        "auction": _("The auction so far"),
        "nobody_yet": _("Nobody has spoken yet: you are first."),
        "player": pgettext("column", "Player"),
        "said": pgettext("column", "Said"),
        # Translators: the words on a card after a legal-play question is checked.
        "may_play": _("✓ may play"),
        "missed": _("missed: may play"),
        "may_not_play_chosen": _("✗ may not play"),
        "may_not_play": _("may not play"),
        # Translators: {error} is a technical reason (an HTTP status, in English).
        "load_error": _("The questions could not be loaded ({error})."),
    }


def _or_list(words: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c`` in the current language."""
    if len(words) < 2:
        return "".join(words)
    # Translators: the end of a list of choices, "A or B".
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


def _practice_data(kind: str) -> dict[str, Any]:
    questions: list[dict[str, Any]] = []
    count = PRACTICE_COUNTS.get(kind, PRACTICE_COUNT)
    for d_index, difficulty in enumerate(DIFFICULTIES):
        seed = PRACTICE_SEEDS[kind] + d_index
        for q in quiz_set(kind, count, seed=seed, difficulty=difficulty):
            data = q.to_dict()
            data["id"] = f"{kind}-{difficulty}-{len(questions)}"
            # what the learner's store records as the item answered, as the command
            # line and the notebooks record the same question
            data["key"] = q.key
            plays = list(q.trick)
            trump = q.trump
            if trump is not None:
                data["trump_text"] = _("{symbol} {suits} are trumps").format(
                    symbol=trump.symbol, suits=trump.plural
                )
            else:
                data["trump_text"] = _("no trump")
            if kind == "bid":
                # The hand as a picture, the choices in words, and the chances as a bar
                # chart for the feedback (drawn by the bidding widget's own chart code).
                d = q.details
                data["picture"] = hand_svg(q.hand, label=_("your hand"))  # 266 px: fits a phone
                data["choices"] = [{"value": c["value"], "label": c["label"]} for c in d["choices"]]
                best = [c["label"] for c in d["choices"] if c["value"] in set(d.get("right", ()))]
                data["scale_text"] = _("Bids: {scale}").format(scale=d.get("scale", ""))
                data["wrong_text"] = _("Not quite. The best call: {calls}.").format(
                    calls=_or_list(best)
                )
                data["chart"] = chances_html(
                    d["chances"], best=d["best_trump"], need=d["need"], samples=d["samples"]
                )
                data["chart_caption"] = chances_caption(d)
            elif kind == "trick-winner":
                out = [s for s in SEATS if s not in {seat for seat, _ in plays}]
                data["picture"] = table_svg(
                    plays, trump=trump, trump_known=True, sitting_out=out, size=300
                )
                data["picture_after"] = table_svg(
                    plays, trump=trump, trump_known=True, winner=q.answer, sitting_out=out, size=300
                )
                data["choices"] = [
                    # Translators: an answer button: a seat and the card it played, "East (J♦)".
                    {
                        "value": s.name,
                        "label": _("{seat} ({card})").format(seat=s.word, card=card_words(c)),
                    }
                    for s, c in plays
                ]
            else:
                legal = list(data["answer"])
                data["wrong_text"] = (
                    _("Not quite. You may play: {cards}.").format(
                        cards=", ".join(card_words(parse_card(t)) for t in legal)
                    )
                    if legal
                    else _("Not quite.")
                )
                data["picture"] = (
                    table_svg(plays, trump=trump, trump_known=True, size=260) if plays else ""
                )
                data["choices"] = [
                    {
                        "value": c.text,
                        "label": c.text,
                        "svg": card_svg(c, trump=trump, trump_known=True, scale=0.9),
                    }
                    for c in q.hand
                ]
            questions.append(data)
    return {
        "kind": kind,
        "lang": get_language(),
        "difficulties": list(DIFFICULTIES),
        "labels": practice_labels(),
        "count": len(questions),
        "questions": questions,
    }


# --- the hand viewer ------------------------------------------------------------------
#
# A hand's title, point and notes, and a teacher's note on each action, are text a
# contributor wrote in a hand file. The JSON files hold them as text (``json.dumps``) and
# the viewer's script shows them with textContent; the list on the page escapes them
# here. The table of each step is the engine's ``state_html``, which escapes them too.


def viewer_index(hands: Mapping[str, HandRecord] | None = None) -> list[dict[str, str]]:
    """The hand viewer's list: name, title, point and rules of every teaching hand.

    ``rules`` is the hand record's rules line; ``rules_words`` says the same in plain
    words, for the page.
    """
    hands = teaching_hands() if hands is None else hands
    return [
        {
            "name": name,
            "title": visible(rec.title),
            "point": visible(rec.point),
            "rules": rec.rules.to_text(),
            "rules_words": rules_words(rec.rules),
        }
        for name, rec in hands.items()
    ]


def hands_html(index: Iterable[Mapping[str, str]]) -> str:
    """The list of teaching hands on the viewer's page, each linking to itself there.

    Every field is escaped: a title is text, whatever it holds.

    >>> hands_html([{"name": "x", "title": "<i>", "point": "a & b", "rules_words": "the source rules"}])
    '<ol class="hp-hand-list"><li><a id="x" href="#x"><strong>&lt;i&gt;</strong></a>: a &amp; b <span class="hp-small">(played under the source rules)</span></li></ol>'
    """
    items = []
    for hand in index:
        name = hand["name"]
        # Translators: after a teaching hand's title; {rules} names a rule set in words.
        under = _("(played under {rules})").format(rules=hand["rules_words"])
        items.append(
            f'<li><a id="{esc(name)}" href="#{esc(quote(name, safe=""))}">'
            f"<strong>{esc(hand['title'])}</strong></a>: {esc(hand['point'])} "
            f'<span class="hp-small">{esc(under)}</span></li>'
        )
    return f'<ol class="hp-hand-list">{"".join(items)}</ol>'


#: A card picture in a step's table: the unit the viewer's data shares between steps.
_PICTURE = re.compile(r"(<svg\b.*?</svg>)", re.DOTALL)


class _Pieces:
    """The parts of the steps' tables, each kept once: a step lists the parts it joins.

    From one step to the next most of the table is unchanged (three hands of the four,
    the score line), so a hand's file holds each distinct picture and each run of text
    between pictures once, and every step as a list of their numbers.

    >>> pieces = _Pieces()
    >>> pieces.parts("<b><svg>1</svg></b>"), pieces.parts("<i><svg>1</svg></b>")
    ([0, 1, 2], [3, 1, 2])
    >>> "".join(pieces.items[i] for i in [3, 1, 2])
    '<i><svg>1</svg></b>'
    """

    def __init__(self) -> None:
        self.items: list[str] = []
        self._index: dict[str, int] = {}

    def parts(self, html: str) -> list[int]:
        out = []
        for chunk in _PICTURE.split(html):
            if chunk:
                number = self._index.setdefault(chunk, len(self.items))
                if number == len(self.items):
                    self.items.append(chunk)
                out.append(number)
        return out


def viewer_hand(name: str, hands: Mapping[str, HandRecord] | None = None) -> dict[str, Any]:
    """Every step of one teaching hand: the table, the action and note, the analysis.

    Each step's table (the engine's ``state_html``) is ``"".join(pieces[i] for i in
    step["parts"])``: the pictures and text the steps share are stored once.
    """
    rec = (teaching_hands() if hands is None else hands)[name]
    analysis = analyse(rec)
    steps = []
    pieces = _Pieces()
    for step, state in enumerate(rec.replay()):
        entry: dict[str, Any] = {"parts": pieces.parts(state_html(state))}
        if step == 0:
            entry["action"] = _("The deal")
            entry["note"] = ""
        else:
            move = rec.moves[step - 1]
            # the action as a sentence, seats in full ("South passes", "North plays J♠")
            said = action_html(move.action, rec.rules, maker=state.maker)
            entry["action"] = html.unescape(re.sub(r"<[^>]*>", "", said))
            entry["note"] = visible(move.note, newlines=True)
            play = analysis.at(step - 1)
            if play is not None:
                ranked = sorted(play.values.items(), key=lambda kv: (-kv[1], str(kv[0])))
                # Translators: before the list of each card's value in the hand viewer;
                # {side} is a partnership, {seat} the player whose turn it was.
                values_label = _(
                    "Tricks {side} could still take, all cards seen, with each card {seat} "
                    "could play:"
                ).format(side=side_words(play.seat.side), seat=play.seat.word)
                entry["analysis"] = {
                    "values_label": values_label,
                    "seat": play.seat.name,
                    "seat_word": play.seat.word,
                    "side_words": side_words(play.seat.side),
                    "card": play.action.card.text,
                    "rule": play.rule_note,
                    "verdict": play.verdict,
                    "lost": play.lost,
                    "best": [c.text for c in play.best],
                    "values": [[c.text, v] for c, v in ranked],
                }
        result = state.result
        if result is not None:
            entry["result"] = result.reason
        steps.append(entry)
    words = rules_words(rec.rules)
    if rec.score:
        # Translators: the facts under a teaching hand's title; {rules} names a rule set,
        # {ns} and {ew} are the two sides' points.
        facts = _(
            "Played under {rules} · dealer: {dealer} · score before the hand: "
            "North-South {ns}, East-West {ew}"
        ).format(rules=words, dealer=rec.dealer.word, ns=rec.score[0], ew=rec.score[1])
    else:
        facts = _("Played under {rules} · dealer: {dealer}").format(
            rules=words, dealer=rec.dealer.word
        )
    return {
        "name": name,
        "title": visible(rec.title),
        "point": visible(rec.point),
        "notes": [visible(n, newlines=True) for n in rec.notes],
        "facts": facts,
        "rules": rec.rules.to_text(),
        "rules_words": words,
        "dealer": rec.dealer.word,
        "score": list(rec.score) if rec.score else None,
        "pieces": pieces.items,
        "steps": steps,
    }


def viewer_labels() -> dict[str, str]:
    """Every word ``assets/viewer.js`` shows, in the current language. ``{name}``,
    ``{error}``, ``{step}``, ``{last}`` and ``{n}`` are filled in by the script."""
    return {
        "not_found": _(
            "There is no teaching hand called “{name}”, so the first hand is shown. "
            "Pick another from the list."
        ),
        "hand": _("Teaching hand"),
        "steps": _("Steps"),
        "first": _("« First"),
        "back": _("‹ Back"),
        "next": _("Next ›"),
        "last": _("Last »"),
        "step": _("Step"),
        # Translators: {error} is a technical reason (an HTTP status, in English).
        "hand_error": _("This hand could not be loaded ({error})."),
        "no_steps": _("the file holds no steps"),
        "point": _("The point:"),
        "about": _("About this hand"),
        "counter": _("Step {step} of {last}"),
        "action": _("Action {n}:"),
        "hands_error": _("The teaching hands could not be loaded ({error})."),
        "no_hands": _("the list of hands is empty"),
    }


def viewer_index_data(hands: Mapping[str, HandRecord] | None = None) -> dict[str, Any]:
    """The hand viewer's ``index.json``: the words its script shows and the list of hands."""
    return {"lang": get_language(), "labels": viewer_labels(), "hands": viewer_index(hands)}


# --- the lessons list -----------------------------------------------------------------


class LessonEntry(Protocol):
    """What the lessons list needs of a lesson (``hp_lessons.Lesson``)."""

    @property
    def title(self) -> str: ...
    @property
    def summary(self) -> str: ...
    @property
    def source(self) -> Path: ...


def lessons_markdown(lessons: Iterable[LessonEntry]) -> str:
    """The numbered list of lessons, each linking to its page, with its summary.

    A notebook's heading is text; its first paragraph keeps its emphasis and code, and
    nothing else (no HTML, no links), since it comes from a file anyone may edit.
    """
    out = []
    for n, lesson in enumerate(lessons, start=1):
        summary = f": {md_inline(lesson.summary)}" if lesson.summary.strip() else ""
        target = quote(lesson.source.name)
        out.append(f"{n}. [{md_text(lesson.title)}]({target}){summary}")
    if not out:
        title = _("The lessons are on their way").replace('"', "'")
        return (
            f'!!! note "{title}"\n'
            "    "
            + _("No lesson notebooks were found in {folder} when this site was built.").format(
                folder="`lessons/`"
            )
            + "\n"
        )
    return "\n".join(out) + "\n"


def principles_markdown() -> str:
    """The glossary's principles of play and bidding, phase by phase: for each, a heading
    with its anchor (``principle-`` and its key, as hints link to it), the rule in bold
    and why it works. Every word comes from ``hasenpfeffer_core.analysis.principles``.
    """
    phases = {
        "bid": (_("In the auction"), "in-the-auction"),
        "trump": (_("Naming trump"), "naming-trump"),
        "discard": (_("The discard"), "the-discard"),
        "play": (_("In the play"), "in-the-play"),
    }
    bank = Bank()
    out = []
    for phase, (title, anchor) in phases.items():
        out.append(f"### {md_text(title)} {{#{anchor}}}\n")
        for p in PRINCIPLES:
            if p.phase == phase:
                out.append(f"#### {md_text(_(p.name))} {{#{p.anchor}}}\n")
                out.append(f"**{md_text(_(p.rule))}** {md_text(_(p.why))}\n")
                n = bank.count(p.key)
                if n:
                    # Translators: a link under a principle to the site's puzzles that
                    # practise it; n is how many there are.
                    words = ngettext("Practise it: {n} puzzle", "Practise it: {n} puzzles", n)
                    link = f"../practice/puzzles.md?theme={p.key}"
                    out.append(f"[{md_text(words.format(n=n))}]({link})\n")
    return "\n".join(out)


def to_json(data: Any) -> str:
    """A data file of the site: JSON, text kept as text (the scripts show it as text).

    No page embeds these files; they are fetched, so ``<`` and ``&`` need no escaping.
    """
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


__all__ = [
    "expand_macros",
    "hands_html",
    "lessons_markdown",
    "md_inline",
    "md_text",
    "practice_data",
    "practice_labels",
    "principles_markdown",
    "ranking_markdown",
    "source_html",
    "terminology_markdown",
    "terms_table",
    "to_json",
    "translation_notes",
    "variants_markdown",
    "viewer_hand",
    "viewer_index",
    "viewer_index_data",
    "viewer_labels",
]
