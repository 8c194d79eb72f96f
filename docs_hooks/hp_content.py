"""What the docs site shows about the game, generated from the engine at build time.

Every table, picture, quiz question and replay step here is computed by
``hasenpfeffer_core``; this module only lays the results out as Markdown, HTML and
JSON. ``site_hooks.py`` calls it from the MkDocs events.
"""

from __future__ import annotations

import html
import json
import re
import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from hasenpfeffer_core import (
    OPTIONS,
    PRESETS,
    SEATS,
    SUITS,
    Rules,
    Seat,
    Side,
    Suit,
    parse_card,
    parse_cards,
    parse_suit,
    ranking,
    score_hand,
)
from hasenpfeffer_core.analysis.explain import explain_card, explain_trick
from hasenpfeffer_core.analysis.quiz import DIFFICULTIES, quiz_set
from hasenpfeffer_core.analysis.review import analyse
from hasenpfeffer_core.analysis.teaching import teaching_hands
from hasenpfeffer_core.engine.actions import Bid
from hasenpfeffer_core.engine.auction import bid_name
from hasenpfeffer_core.engine.tricks import card_role, effective_suit, legal_plays, trick_winner
from hasenpfeffer_core.faces.render import card_svg, hand_svg, ranking_svg, state_html, table_svg

esc = html.escape

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

MACRO = re.compile(
    r"\[\[(cards|card|trick|ranking|plays|score)\s+([^\]|]*?)\s*(?:\|\s*([^\]]*))?\]\]"
)


def _options(text: str | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in shlex.split(text or ""):
        key, _, value = part.partition("=")
        out[key.strip()] = value.strip()
    return out


def _trump(value: str | None) -> Suit | None:
    if not value or value.upper() in ("N", "NT", "NONE"):
        return None
    return parse_suit(value)


def _figure(picture: str, caption: str = "", *, inline: bool = False) -> str:
    if inline:
        return f'<span class="hp-pic">{picture}</span>'
    cap = f"<figcaption>{caption}</figcaption>" if caption else ""
    return f'<figure class="hp-figure">{picture}{cap}</figure>'


def render_macro(kind: str, arg: str, opts_text: str | None) -> str:
    """The HTML for one picture macro."""
    opts = _options(opts_text)
    trump = _trump(opts.get("trump"))
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
        return _figure(ranking_svg(_trump(arg)), caption)
    if kind == "trick":
        plays = []
        for item in arg.split():
            seat, _, card = item.partition(":")
            plays.append((Seat[seat.strip().upper()], parse_card(card)))
        cards = [c for _, c in plays]
        win = trick_winner(cards, trump)
        pic = table_svg(plays, trump=trump, trump_known=True, winner=plays[win][0], size=250)
        why = explain_trick(cards, trump).text
        name = "the Joker" if cards[win].is_joker else cards[win].text
        text = f"{plays[win][0].word} wins with {name}. {why}"
        return f'<figure class="hp-figure hp-side hp-trick">{pic}<figcaption>{caption or esc(text)}</figcaption></figure>'
    if kind == "plays":
        hand = parse_cards(arg)
        led = parse_cards(opts.get("led", "")) if opts.get("led") else ()
        legal = legal_plays(hand, led, trump)
        from hasenpfeffer_core.analysis.explain import explain_plays

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


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def score_table(bid: int, took: int) -> str:
    """One result scored under each failed-bid rule (and each stake), by the engine."""
    rows = []
    for preset in ("seed", "lose-the-bid", "parlett"):
        rules = PRESETS[preset].rules
        res = score_hand(rules, Bid(Seat.N, bid), {Side.NS: took, Side.EW: 6 - took})
        rows.append(
            f"<tr><td><code>{preset}</code></td><td>{_signed(res.points[Side.NS])}</td>"
            f"<td>{_signed(res.points[Side.EW])}</td><td>{esc(res.reason)}</td></tr>"
        )
    head = (
        "<thead><tr><th>rules</th><th>North-South</th><th>East-West</th>"
        "<th>the engine's reason</th></tr></thead>"
    )
    return (
        f'<div class="hp-table-wrap"><table class="hp-score"><caption>North-South bid {bid} '
        f"and took {took} of the 6 tricks</caption>{head}<tbody>{''.join(rows)}</tbody>"
        "</table></div>"
    )


def expand_macros(markdown: str, store: Callable[[str], str]) -> str:
    """Replace every picture macro with a token from ``store`` (HTML inserted later)."""
    return MACRO.sub(lambda m: store(render_macro(m.group(1), m.group(2), m.group(3))), markdown)


# --- ranking tables -------------------------------------------------------------------

ROLE_WORDS = {
    "joker": "the Joker: always the highest trump",
    "right bower": "right bower: the jack of trumps",
    "left bower": "left bower: the other jack of the same colour, a trump",
    "trump": "trump",
    "plain": "",
}


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
            left = next(c for c in order if card_role(c, trump) == "left bower")
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
                f"<td>{esc(ROLE_WORDS[role])}</td></tr>"
            )
        out.append(
            f'<div class="hp-table-wrap"><table class="hp-ranking" data-trump="'
            f'{trump.letter if trump else "NT"}">'
            "<thead><tr><th>#</th><th>card</th><th>text</th><th>plays as</th><th>role</th>"
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table></div>\n"
        )
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
    head = "".join(
        f'<th><code>{esc(p.name)}</code><br><span class="hp-small">{esc(p.title)}</span></th>'
        for p in presets
    )
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
    table = (
        '<div class="hp-table-wrap"><table class="hp-variants"><thead><tr><th>option</th>'
        f"{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )
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


@dataclass(frozen=True)
class Section:
    first: int  # 1-based line numbers, inclusive
    last: int
    title: str  # what the section is about, in English
    anchor: str  # the id of the matching section of the rules explainer (rules/)
    link_text: str
    summary: str
    more: tuple[tuple[str, str], ...] = ()  # further (anchor, link text) pairs


#: The sections of the source text (both translations have the same 32 lines).
SECTIONS = (
    Section(
        1,
        5,
        "Introduction: players, deck and object",
        "the-game-in-one-minute",
        "The game in one minute",
        "Hasenpfeffer is Euchre with a 25th card, the Joker, which is always the highest "
        "trump. Four players in two partnerships; a 25-card deck (9 to ace in four suits, "
        "plus the Joker); the first partnership to 10 points wins. The name comes from a "
        "German stew of marinated rabbit or hare.",
    ),
    Section(
        6,
        10,
        "Card values",
        "cards-and-their-order",
        "Cards and their order",
        "Aces are high and nines low, with three exceptions: the Joker is always the highest "
        "trump; the jack of trumps (right bower) is second; the other jack of the same colour "
        "(left bower) is third. Both bowers belong to the trump suit. Example with hearts "
        "trumps: Joker, J♥, J♦, then A♥.",
    ),
    Section(
        11,
        14,
        "Setup",
        "seats-deal-and-dealer",
        "Seats, deal and dealer",
        "Partners sit opposite each other; the first dealer is chosen at random. Six cards "
        "each; the last card goes face down in the middle: the widow. Most players deal in "
        "packets of three.",
    ),
    Section(
        15,
        18,
        "Bidding",
        "bidding",
        "Bidding",
        "Starting left of the dealer and going clockwise, each player passes or bids a number "
        "from 1 to 6; the bidding goes round until three players have passed. The high bidder "
        "picks up the widow, names trump and discards one card face down.",
        (("all-pass", "When all four pass"), ("widow-and-trump", "The widow and trump")),
    ),
    Section(
        19,
        24,
        "Play",
        "play",
        "Play",
        "The player left of the dealer leads any card (exceptions for lone hands). Follow the "
        "suit led if you can, otherwise play any card; the bowers are trumps. The highest "
        "trump wins, or the highest card of the suit led if no trump was played. The winner "
        "leads next.",
        (("joker-led", "When the Joker is led"), ("going-alone", "Going alone")),
    ),
    Section(
        25,
        27,
        "Scoring",
        "scoring",
        "Scoring",
        "Makers who take at least their bid score 1 point per trick taken. Makers who fail "
        "lose 1 point per trick taken (an unusual rule: see the explainer). Negative scores "
        "are possible; the first partnership to 10 points wins.",
        (("failed-bid", "Makers who fail"),),
    ),
    Section(
        28,
        32,
        "Alternative bidding",
        "little-pepper-and-big-pepper",
        "Little Pepper and Big Pepper",
        "Bids from 1 to 5, then Little Pepper (6 tricks, normal stakes) and Big Pepper "
        "(6 tricks, stakes doubled). Anyone may bid Big Pepper at any time; no Little Pepper "
        "is needed first. Then the widow, trump and discard as before.",
        (("widow-and-trump", "The widow and trump"),),
    ),
)


@dataclass(frozen=True)
class Term:
    """A word of a translation worth a note: the English term and what the word says."""

    text: str
    english: str
    literal: str
    wrong: bool = True
    lines: tuple[int, ...] = ()  # only on these lines (empty: everywhere)
    rules_notes: bool = True  # listed in rules-notes.md section 7 (else: our own note)


IT_TERMS = (
    Term("trucco", "trick", "a ruse, a conjuring trick"),
    Term("tiro", "trick", "a throw, a shot"),
    Term("presa", "trick", "a trick (the right card-game word)", wrong=False),
    Term("destra bower", "right bower", "half translated: destra is 'right-hand'"),
    Term("pergola giusta", "right bower", "the correct pergola (an arbour)"),
    Term("giusto perno", "right bower", "the correct pivot"),
    Term("left bower", "left bower", "left in English", wrong=False),
    Term("perimetro sinistro", "left bower", "the left perimeter"),
    Term("pergolati", "bowers", "arbours, pergolas"),
    Term("rivenditore", "dealer", "a retailer, a shopkeeper"),
    Term("mazziere", "dealer", "the dealer (the right card-game word)", wrong=False),
    Term("mazzo", "deck", "a deck of cards (correct)", wrong=False),
    Term("Impostare", "setup", "to configure, to set (a device)"),
    Term("offerta", "bidding", "an offer", lines=(15,)),
    Term("società", "partnerships", "companies, firms"),
    Term("comanda", "leads", "commands, gives orders"),
    Term("poco pepe", "Little Pepper", "little pepper (the bid's name, translated)", wrong=False),
    Term("grosso pepe", "Big Pepper", "big pepper (the bid's name, translated)", wrong=False),
    Term(
        "carta led",
        "the card led",
        "'led' is left in English in the middle of an Italian sentence",
        rules_notes=False,
    ),
    Term(
        "seme di testa",
        "the suit led",
        "the 'head suit': a word-for-word rendering of 'the leading suit'",
        rules_notes=False,
    ),
)

TH_TERMS = (
    Term("เคล็ดลับ", "trick", "a tip, a secret, a knack"),
    Term("เทคนิค", "trick", "a technique"),
    Term("ตึกที่ถูกต้อง", "right bower", "the correct building"),
    Term("ที่จอดรถด้านขวา", "right bower", "the parking space on the right"),
    Term("ขวา bower", "right bower", "half translated: ขวา is 'right'"),
    Term("ซุ้มซ้าย", "left bower", "the left arbour"),
    Term("ที่จอดซ้าย", "left bower", "the left parking space"),
    Term("โบว์เลอร์", "bowers", "bowlers"),
    Term("ตัวแทนจำหน่าย", "dealer", "a sales agent, a distributor"),
    Term("ดาดฟ้า", "deck", "a ship's deck, a roof terrace"),
    Term("ติดตั้ง", "setup", "to install (software, a machine)"),
    Term("คำสั่ง", "bidding", "an order, a command"),
    Term("ห้างหุ้นส่วน", "partnership", "a business partnership, a firm"),
    Term("คนที่กล้าหาญ", "trump", "a brave person"),
    Term(
        "คนที่ชื่อว่าทรัมพ์",
        "names trump",
        "'the person named Trump': the high bidder names the trump suit",
        rules_notes=False,
    ),
    Term(
        "มักจะ",
        "always",
        "'usually, often': the Joker is always the highest trump, not usually",
        rules_notes=False,
    ),
    Term(
        "แจ็คของคนดี",
        "the jack of the trump suit",
        "'the jack of the good person'",
        rules_notes=False,
    ),
    Term("คู่ค้า", "partners", "trading partners", rules_notes=False),
    Term(
        "จัดการไพ่",
        "deal the cards",
        "'handle, manage the cards': 'deal' read as in 'deal with'",
        rules_notes=False,
    ),
    Term(
        "ชุดใหม่",
        "the suit led",
        "'a new suit': the rule is to follow the suit that was led",
        rules_notes=False,
    ),
    Term("ผู้พิทักษ์", "the defender", "a guardian, a protector", rules_notes=False),
    Term(
        "หุ้นส่วนที่ทำคะแนนสูงสุด",
        "the high-bidding partnership",
        "'the partner that scored highest'",
        rules_notes=False,
    ),
)

TH_LINE_NOTES = {
    21: "The first exception lost its point: the English says the player to the left of the "
    "lone player leads first; the Thai says only that 'the player must be the first leader'.",
    23: "The Thai drops the word trump: it says 'unless more than one or more are played'. "
    "The rule: the highest trump wins if any trump was played.",
    27: "The last sentence says 'the first pairing that scores 10 points' and leaves out 'wins'.",
    31: "The same bids are spelled three ways: พริกไทยเล็ก and พริกไทยน้อย (little pepper), "
    "พริกใหญ่ (literally 'big chilli') and บิ๊กพริกไทย ('big pepper' with the English "
    "'big' spelled in Thai letters).",
}

IT_LINE_NOTES = {
    21: "Faithful to the English: these lead exceptions assume lone hands, which the text "
    "never introduces (see going alone in the explainer).",
    27: "Word for word the unusual rule: a partnership that fails its bid 'loses one point "
    "for every trick won'.",
}


def _mark_terms(line: str, terms: Iterable[Term], number: int) -> tuple[str, list[Term]]:
    """The line HTML-escaped, with the noted words wrapped; its text is unchanged."""
    usable = [t for t in terms if not t.lines or number in t.lines]
    usable.sort(key=lambda t: -len(t.text))
    out = []
    found: list[Term] = []
    i = 0
    while i < len(line):
        for t in usable:
            if line.startswith(t.text, i):
                cls = "hp-term hp-term-wrong" if t.wrong else "hp-term hp-term-ok"
                tip = f"{t.english}: {t.literal}" if t.wrong else f"{t.english} ({t.literal})"
                out.append(
                    f'<span class="{cls}" title="{esc(tip)}" tabindex="0">{esc(t.text)}</span>'
                )
                found.append(t)
                i += len(t.text)
                break
        else:
            out.append(esc(line[i]))
            i += 1
    return "".join(out), found


def source_html(text: str, lang: str) -> str:
    """The source text verbatim, one paragraph per line, with notes and links per section.

    The text of the ``p.hp-src-line`` paragraphs, joined with newlines, is the file.
    """
    lines = text.split("\n")
    terms = IT_TERMS if lang == "it" else TH_TERMS
    line_notes = IT_LINE_NOTES if lang == "it" else TH_LINE_NOTES
    for t in terms:
        if t.text not in text:
            raise ValueError(f"the glossed word {t.text!r} is not in the {lang} source text")
    if SECTIONS[-1].last != len(lines):
        raise ValueError(f"the {lang} source has {len(lines)} lines, the sections expect 32")
    out = []
    for sec in SECTIONS:
        body = []
        seen: dict[str, Term] = {}
        for n in range(sec.first, sec.last + 1):
            marked, found = _mark_terms(lines[n - 1], terms, n)
            for t in found:
                seen.setdefault(t.text, t)
            cls = "hp-src-line" + (" hp-src-head" if n == sec.first and n > 1 else "")
            body.append(f'<p class="{cls}" data-line="{n}">{marked}</p>')
        notes = []
        for t in seen.values():
            mark = "✗" if t.wrong else "✓"
            where = "" if t.rules_notes else ' <span class="hp-small">(our note)</span>'
            notes.append(
                f'<li><span class="hp-mark">{mark}</span> <span lang="{lang}">{esc(t.text)}'
                f"</span> for <em>{esc(t.english)}</em>: {esc(t.literal)}{where}</li>"
            )
        for n in range(sec.first, sec.last + 1):
            if n in line_notes:
                notes.append(f"<li>Line {n}: {esc(line_notes[n])}</li>")
        notes_html = (
            f'<p class="hp-notes-title">Words to watch</p><ul>{"".join(notes)}</ul>'
            if notes
            else ""
        )
        more = "".join(
            f'<p class="hp-see-also"><a href="../../rules/#{anchor}">See also: {esc(text)} →</a></p>'
            for anchor, text in sec.more
        )
        out.append(
            f'<section class="hp-src-section" id="section-{sec.first}">'
            f'<div class="hp-src-text" lang="{lang}">{"".join(body)}</div>'
            f'<aside class="hp-src-notes" lang="en"><p class="hp-notes-title">{esc(sec.title)}'
            f' <span class="hp-small">(lines {sec.first} to {sec.last})</span></p>'
            f'<p class="hp-summary">{esc(sec.summary)}</p>{notes_html}'
            f'<p class="hp-explained"><a href="../../rules/#{sec.anchor}"'
            f">Explained in English: {esc(sec.link_text)} →</a></p>{more}</aside></section>"
        )
    return "\n".join(out)


def terms_table(lang: str) -> str:
    """The glossary of mistranslated words (rules-notes section 7) for one language."""
    terms = IT_TERMS if lang == "it" else TH_TERMS
    rows = []
    for t in terms:
        verdict = "wrong" if t.wrong else "fine"
        origin = "" if t.rules_notes else " (our note)"
        rows.append(
            f'| <span lang="{lang}">{esc(t.text)}</span> | {t.english} | {esc(t.literal)} | '
            f"{verdict}{origin} |"
        )
    return (
        "| the text has | for the English | what the word says | verdict |\n"
        "| --- | --- | --- | --- |\n" + "\n".join(rows) + "\n"
    )


# --- practice -------------------------------------------------------------------------

PRACTICE_COUNT = 15  # per difficulty
PRACTICE_SEEDS = {"trick-winner": 2024, "legal-play": 7031}


def practice_data(kind: str) -> dict[str, Any]:
    """Questions of one kind at every difficulty, with answers, explanations and pictures."""
    questions = []
    for d_index, difficulty in enumerate(DIFFICULTIES):
        seed = PRACTICE_SEEDS[kind] + d_index
        for q in quiz_set(kind, PRACTICE_COUNT, seed=seed, difficulty=difficulty):
            data = q.to_dict()
            data["id"] = f"{kind}-{difficulty}-{len(questions)}"
            plays = list(q.trick)
            trump = q.trump
            if kind == "trick-winner":
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


def viewer_index() -> list[dict[str, str]]:
    return [
        {"name": name, "title": rec.title, "point": rec.point, "rules": rec.rules.to_text()}
        for name, rec in teaching_hands().items()
    ]


def _seat_list(cards: Iterable[Any]) -> str:
    return " ".join(c.text for c in cards)


def viewer_hand(name: str) -> dict[str, Any]:
    """Every step of one teaching hand: the table, the action and note, the analysis."""
    rec = teaching_hands()[name]
    analysis = analyse(rec)
    steps = []
    for step, state in enumerate(rec.replay()):
        entry: dict[str, Any] = {"html": state_html(state)}
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
        "dealer": rec.dealer.word,
        "score": list(rec.score) if rec.score else None,
        "steps": steps,
    }


def bid_names(rules: Rules) -> list[str]:
    """The bids of a rules value, low to high (for the explainer)."""
    names = [bid_name(n, False, rules) for n in range(1, 7)]
    if rules.doubled_bid:
        names.append(bid_name(6, True, rules))
    return names


def to_json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


__all__ = [
    "SECTIONS",
    "expand_macros",
    "practice_data",
    "ranking_markdown",
    "source_html",
    "terms_table",
    "to_json",
    "variants_markdown",
    "viewer_hand",
    "viewer_index",
]
