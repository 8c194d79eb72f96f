"""What the docs site shows about the game, generated from the engine at build time.

Every table, picture, quiz question and replay step here is computed by
``hasenpfeffer_core``; this module only lays the results out as Markdown, HTML and
JSON. ``site_hooks.py`` calls it from the MkDocs events.
"""

from __future__ import annotations

import copy
import functools
import html
import json
import re
import shlex
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
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
from hasenpfeffer_core.analysis.explain import explain_card, explain_plays, explain_trick
from hasenpfeffer_core.analysis.principles import PRINCIPLES
from hasenpfeffer_core.analysis.quiz import DIFFICULTIES, quiz_set
from hasenpfeffer_core.analysis.review import analyse
from hasenpfeffer_core.analysis.teaching import teaching_hands
from hasenpfeffer_core.analysis.terms import says_instead, terms
from hasenpfeffer_core.engine.actions import Bid
from hasenpfeffer_core.engine.record import HandRecord
from hasenpfeffer_core.engine.tricks import (
    CardRole,
    card_role,
    effective_suit,
    legal_plays,
    trick_winner,
)
from hasenpfeffer_core.faces.render import card_svg, hand_svg, ranking_svg, state_html, table_svg
from hasenpfeffer_core.faces.widgets.base import rules_words, side_words
from hasenpfeffer_core.faces.widgets.bid_quiz import chances_caption, chances_html

esc = html.escape

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
#: Control characters: never useful in a page, shown as the replacement character.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
#: A code span in a line of Markdown: Markdown shows its content as it is, escaped.
_CODE_SPAN = re.compile(r"(`[^`\n]*`)")


def _one_line(text: str) -> str:
    return " ".join(_CONTROL.sub("\ufffd", text).split())


def md_text(text: str) -> str:
    """``text`` as literal Markdown on one line: every special character an HTML entity.

    >>> md_text('<b>*bold*</b> & {: onclick="x"}')
    '&#60;b&#62;&#42;bold&#42;&#60;/b&#62; &#38; &#123;&#58; onclick=&#34;x&#34;&#125;'
    """
    return _one_line(text).translate(_MD_SPECIAL)


def md_inline(text: str) -> str:
    """A line of a contributor's Markdown with its emphasis and code spans kept, and
    nothing else: no raw HTML, no link or image, no attribute.

    >>> md_inline('The **Joker** <img src=x> [a](javascript:x) `a<b`')
    'The **Joker** &lt;img src=x&gt; &#91;a&#93;(javascript:x) `a<b`'
    """
    parts = _CODE_SPAN.split(_one_line(text))
    for i in range(0, len(parts), 2):  # the text around the code spans
        parts[i] = esc(parts[i], quote=False).translate(_MD_NO_LINKS)
    return "".join(parts)


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
        key, _, value = part.partition("=")
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
            seat, _, card_text = item.partition(":")
            plays.append((Seat[seat.strip().upper()], parse_card(card_text)))
        played = [c for _, c in plays]
        win = trick_winner(played, trump)
        pic = table_svg(plays, trump=trump, trump_known=True, winner=plays[win][0], size=250)
        why = explain_trick(played, trump).text
        name = "the Joker" if played[win].is_joker else played[win].text
        text = f"{plays[win][0].word} wins with {name}. {why}"
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
            label="your hand (cards you may not play are dimmed)",
        )
        items = "".join(f"<li>{esc(e.text)}</li>" for e in explain_plays(hand, led, trump))
        lead = ""
        if led:
            lead = f"{hand_svg(led, trump=trump, trump_known=True, scale=scale * 0.9, label='led')}"
            lead = f'<span class="hp-led"><span class="hp-led-label">Led:</span>{lead}</span>'
        return (
            f'<figure class="hp-figure hp-plays"><div class="hp-plays-row">{lead}'
            f'<span class="hp-led"><span class="hp-led-label">Your hand:</span>{pic}</span>'
            f"</div><figcaption><ul>{items}</ul></figcaption></figure>"
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
    return _html_table(
        "hp-score",
        [
            "rules",
            '<abbr title="North-South">N-S</abbr>',
            '<abbr title="East-West">E-W</abbr>',
            "why",
        ],
        rows,
        caption=f"North-South bid {bid} and took {took} of the 6 tricks",
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
        name = role.phrase if role is CardRole.JOKER else role.value
        return f"{name}: {role.meaning}"
    return role.value if role is CardRole.TRUMP else ""


def ranking_markdown() -> str:
    """One section and one table per trump, every row computed by ``ranking()``."""
    out = []
    for trump in (*SUITS, None):
        order = ranking(trump)
        title = f"{trump.plural.capitalize()} {trump.symbol} are trumps" if trump else "No trump"
        anchor = trump.plural if trump else "no-trump"
        out.append(f"## {title} {{#{anchor}}}\n")
        if trump is None:
            out.append(
                "No trump is an option (Parlett's rules, `no_trump=yes`). There are no bowers: "
                "every suit runs A, K, Q, J, 10, 9, and the Joker belongs to no suit and beats "
                "every card. When it may be played is an option with no source behind it "
                "(see [the rules](index.md#no-trump)).\n"
            )
        else:
            left = next(c for c in order if card_role(c, trump) is CardRole.LEFT_BOWER)
            assert left.suit is not None
            out.append(
                f"The {trump.singular} suit has **8 trumps**; {left.suit.plural} have only "
                f"**5 cards**, because the {left.text} is the left bower, a {trump.singular}.\n"
            )
        rows = []
        for place, card in enumerate(order, start=1):
            role = card_role(card, trump)
            suit = effective_suit(card, trump)
            suit_text = (
                "trump"
                if trump is not None and suit is trump
                else (suit.plural if suit else "no suit")
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
            ["#", "card", "text", "plays as", "role"],
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


def variants_markdown() -> str:
    """The published rule sets side by side, one row per engine option."""
    presets = list(PRESETS.values())
    seed = Rules()
    head = ["option"] + [
        f'<code>{esc(p.name)}</code><br><span class="hp-small">{esc(p.title)}</span>'
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
            f'<span class="hp-small">{esc(info.summary)}</span></th>{"".join(cells)}</tr>'
        )
    table = _html_table("hp-variants", head, rows)
    sets = []
    for p in presets:
        diffs = p.rules.differences()
        changes = (
            ", ".join(f"`{k}={_value(v)}`" for k, v in diffs.items())
            if diffs
            else "none: this is `Rules()`"
        )
        sets.append(
            f"`{p.name}`\n:   **{p.title}.** {p.source} In a hand record: "
            f"`rules: {p.rules.to_text()}`. Options that differ from the source rules: {changes}.\n"
        )
    options = []
    for name, info in OPTIONS.items():
        options.append(
            f"| `{name}` | {info.summary} | {info.seed} | {info.alternatives} |".replace("\n", " ")
        )
    return (
        "## Side by side\n\n"
        "Each column is a published rule set (a *preset* in the engine); each row is one "
        "engine option. A highlighted cell differs from the source rules.\n\n"
        f"{table}\n\n"
        "## The rule sets\n\n" + "\n".join(sets) + "\n"
        "## Every option\n\n"
        "| option | what it decides | the source rules (and the engine's default) | "
        "the other published choices |\n| --- | --- | --- | --- |\n" + "\n".join(options) + "\n"
    )


# --- the source texts -----------------------------------------------------------------
#
# The notes on the two translations (section summaries, glossed words, line notes) are
# data a translator edits by hand: they live in translation-notes.toml, read at every
# build so that `make docs` picks up an edit. The file's header describes its keys.

NOTES_FILE = Path(__file__).with_name("translation-notes.toml")
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
                tip = f"{t.english}: {t.says}" if t.wrong else f"{t.english} ({t.says})"
                right = _right_word(t, lang)
                if right:
                    tip += f"; say {right}"
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


def source_html(text: str, lang: str, translation: TranslationNotes | None = None) -> str:
    """The source text verbatim, one paragraph per line, with notes and links per section.

    The text of the ``p.hp-src-line`` paragraphs, joined with newlines, is the file.
    """
    notes_file = translation_notes() if translation is None else translation
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
            where = ' <span class="hp-small">(our note)</span>' if t.our_note else ""
            right = _right_word(t, lang)
            say = f'; say <b lang="{esc(lang)}" class="hp-say">{esc(right)}</b>' if right else ""
            notes.append(
                f'<li><span class="hp-mark">{mark}</span> <span lang="{esc(lang)}">{esc(t.word)}'
                f"</span> for <em>{esc(t.english)}</em>: {esc(t.says)}{say}{where}</li>"
            )
        for n in range(sec.first_line, sec.last_line + 1):
            if n in line_notes:
                notes.append(f"<li>Line {n}: {esc(line_notes[n])}</li>")
        notes_html = (
            f'<p class="hp-notes-title">Words to watch</p><ul>{"".join(notes)}</ul>'
            if notes
            else ""
        )
        more = "".join(
            f'<p class="hp-see-also"><a href="../../rules/#{esc(anchor)}">See also: {esc(text)} →</a></p>'
            for anchor, text in sec.see_also
        )
        out.append(
            f'<section class="hp-src-section" id="section-{sec.first_line}">'
            f'<div class="hp-src-text" lang="{esc(lang)}">{"".join(body)}</div>'
            f'<aside class="hp-src-notes" lang="en"><p class="hp-notes-title">{esc(sec.title)}'
            f' <span class="hp-small">(lines {sec.first_line} to {sec.last_line})</span></p>'
            f'<p class="hp-summary">{esc(sec.summary)}</p>{notes_html}'
            f'<p class="hp-explained"><a href="../../rules/#{esc(sec.explained_at)}"'
            f">Explained in English: {esc(sec.explained_title)} →</a></p>{more}</aside></section>"
        )
    return "\n".join(out)


def terms_table(lang: str, translation: TranslationNotes | None = None) -> str:
    """The glossary of mistranslated words (rules-notes section 7) for one language."""
    rows = []
    for t in (translation_notes() if translation is None else translation).terms[lang]:
        verdict = "✗ wrong" if t.wrong else "✓ right"
        origin = " (our note)" if t.our_note else ""
        right = _right_word(t, lang)
        say = f'<span lang="{esc(lang)}">{md_text(right)}</span>' if right else ""
        rows.append(
            f'| <span lang="{esc(lang)}">{md_text(t.word)}</span> | {md_text(t.english)} | '
            f"{md_text(t.says)} | {verdict}{origin} | {say} |"
        )
    return (
        "| the text has | for the English | what the word says | verdict | say instead |\n"
        "| --- | --- | --- | --- | --- |\n" + "\n".join(rows) + "\n"
    )


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
    return (
        "| English | Italian | Thai | the source texts wrongly have |\n"
        "| --- | --- | --- | --- |\n" + "\n".join(rows) + "\n"
    )


# --- practice -------------------------------------------------------------------------

PRACTICE_COUNT = 15  # per difficulty
#: A bid question is a study of the hand (about a second of the build each): fewer.
PRACTICE_COUNTS = {"bid": 6}
PRACTICE_SEEDS = {"trick-winner": 2024, "legal-play": 7031, "bid": 5150}


def practice_data(kind: str) -> dict[str, Any]:
    """Questions of one kind at every difficulty, with answers, explanations and pictures."""
    if kind == "bid":
        return copy.deepcopy(_bid_practice())
    return _practice_data(kind)


@functools.cache
def _bid_practice() -> dict[str, Any]:
    """The bid questions, made once per build (and once per test run)."""
    return _practice_data("bid")


def _practice_data(kind: str) -> dict[str, Any]:
    questions: list[dict[str, Any]] = []
    count = PRACTICE_COUNTS.get(kind, PRACTICE_COUNT)
    for d_index, difficulty in enumerate(DIFFICULTIES):
        seed = PRACTICE_SEEDS[kind] + d_index
        for q in quiz_set(kind, count, seed=seed, difficulty=difficulty):
            data = q.to_dict()
            data["id"] = f"{kind}-{difficulty}-{len(questions)}"
            plays = list(q.trick)
            trump = q.trump
            if kind == "bid":
                # The hand as a picture, the choices in words, and the chances as a bar
                # chart for the feedback (drawn by the bidding widget's own chart code).
                d = q.details
                data["picture"] = hand_svg(q.hand, label="your hand")  # 266 px: fits a phone
                data["choices"] = [{"value": c["value"], "label": c["label"]} for c in d["choices"]]
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
                    {"value": s.name, "label": f"{s.word} ({c.text})"} for s, c in plays
                ]
            else:
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
        "difficulties": list(DIFFICULTIES),
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
            "title": rec.title,
            "point": rec.point,
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
        items.append(
            f'<li><a id="{esc(name)}" href="#{esc(quote(name, safe=""))}">'
            f"<strong>{esc(hand['title'])}</strong></a>: {esc(hand['point'])} "
            f'<span class="hp-small">(played under {esc(hand["rules_words"])})</span></li>'
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
            entry["action"] = "The deal"
            entry["note"] = ""
        else:
            move = rec.moves[step - 1]
            entry["action"] = str(move.action)
            entry["note"] = move.note
            play = analysis.at(step - 1)
            if play is not None:
                ranked = sorted(play.values.items(), key=lambda kv: (-kv[1], str(kv[0])))
                entry["analysis"] = {
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
    return {
        "name": name,
        "title": rec.title,
        "point": rec.point,
        "notes": list(rec.notes),
        "rules": rec.rules.to_text(),
        "rules_words": rules_words(rec.rules),
        "dealer": rec.dealer.word,
        "score": list(rec.score) if rec.score else None,
        "pieces": pieces.items,
        "steps": steps,
    }


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
        return (
            '!!! note "The lessons are on their way"\n'
            "    No lesson notebooks were found in `lessons/` when this site was built.\n"
        )
    return "\n".join(out) + "\n"


def principles_markdown() -> str:
    """The glossary's principles of play and bidding, phase by phase: for each, a heading
    with its anchor (``principle-`` and its key, as hints link to it), the rule in bold
    and why it works. Every word comes from ``hasenpfeffer_core.analysis.principles``.
    """
    phases = {
        "bid": "In the auction",
        "trump": "Naming trump",
        "discard": "The discard",
        "play": "In the play",
    }
    out = []
    for phase, title in phases.items():
        out.append(f"### {title}\n")
        for p in PRINCIPLES:
            if p.phase == phase:
                out.append(f"#### {md_text(p.name)} {{#{p.anchor}}}\n")
                out.append(f"**{md_text(p.rule)}** {md_text(p.why)}\n")
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
]
