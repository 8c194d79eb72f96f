"""Pictures in the prose: the picture macros of the Markdown sources, drawn by the engine.

The Markdown sources draw cards with short macros, so that every picture (and every
caption that states a rule) comes from the engine::

  [[cards JK J♥ J♦ A♥ | trump=H]]        a hand, trump marks on (trump optional)
  [[card J♦ | trump=H]]                   one card
  [[trick W:A♠ N:J♦ E:9♠ S:K♠ | trump=H]] a trick around the table, the winner lit,
                                          with the engine's explanation as caption
  [[ranking H]]                           the 25 cards under one trump (N: no trump)
  [[plays J♦ 9♣ A♠ | led=A♦ trump=H]]    which cards may be played, and why
  [[score bid=4 took=3]]                  the same result under each failed-bid rule
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable

from docs_hooks.content.text import esc, html_table
from hasenpfeffer_core import (
    PRESETS,
    Card,
    Seat,
    Side,
    parse_card,
    parse_cards,
    parse_trump,
    score_hand,
)
from hasenpfeffer_core.analysis.explain import (
    explain_card,
    explain_plays,
    explain_trick,
)
from hasenpfeffer_core.engine.actions import Bid
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.i18n import pgettext
from hasenpfeffer_core.engine.tricks import (
    legal_plays,
    trick_winner,
)
from hasenpfeffer_core.faces.render import card_svg, hand_svg, ranking_svg, table_svg
from hasenpfeffer_core.faces.rules_words import rules_words

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
    return html_table(
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
