"""Pictures: cards, hands, tricks, the table and rankings as SVG and HTML strings.

Everything here returns plain text (SVG or HTML) built from the engine's data,
so the same pictures serve notebooks, widgets, the docs site and tests. Cards
are drawn on a light face in every theme, with red hearts and diamonds and black
spades and clubs, and each picture carries a text label for screen readers.

Every piece of text that may come from a person (a hand record's title, point and
notes, a seat's name, a label) is HTML-escaped. Cards, suits and seats may be given
as their text (``"J♦"``, ``"hearts"``, ``"N"``); a bad argument raises the engine's
own error (:class:`ParseError` or :class:`InvalidDataError`).

>>> svg = card_svg(parse_card("J♦"), trump=Suit.HEARTS)
>>> 'aria-label="jack of diamonds, the left bower"' in svg
True
>>> "<svg" in hand_svg(parse_cards("JK AH 9C"))
True
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Final

from ..engine.cards import JOKER, Card, Suit, Trump, parse_card, parse_cards, parse_trump
from ..engine.errors import InvalidDataError, ParseError
from ..engine.i18n import N_, ngettext, pgettext
from ..engine.i18n import gettext as _
from ..engine.seats import SEATS, Seat, Side, parse_seat
from ..engine.tricks import CardRole, card_role, ranking
from .text import visible

if TYPE_CHECKING:
    from ..engine.record import HandRecord
    from ..engine.state import HandState

__all__ = [
    "CARD_H",
    "CARD_W",
    "card_back_svg",
    "card_svg",
    "hand_svg",
    "ranking_svg",
    "record_html",
    "stars_svg",
    "state_html",
    "table_svg",
]

CARD_W: Final = 64
CARD_H: Final = 90

RED: Final = "#c0262d"
BLACK: Final = "#1b1d22"
FACE: Final = "#fdfcf8"
EDGE: Final = "#8a8f98"
GOLD: Final = "#c9a227"
HIGHLIGHT: Final = "#f2b705"
#: The veil over a dimmed card (one that may not be played): grey, over an opaque card.
DIM: Final = "#5b616b"
DIM_STRENGTH: Final = 0.55
FONT: Final = "'DejaVu Sans', 'Segoe UI', Helvetica, Arial, sans-serif"

#: The badge colour of the bowers (the roles with a badge on the card).
_ROLE_BADGE: Final = {
    CardRole.RIGHT_BOWER: "#1f6feb",
    CardRole.LEFT_BOWER: "#8250df",
}
#: The roles a card's label names.
_NAMED_ROLES: Final = (CardRole.RIGHT_BOWER, CardRole.LEFT_BOWER, CardRole.JOKER, CardRole.TRUMP)


def _badge_letter(role: CardRole) -> str:
    """The letter on a bower's badge, in the current language."""
    if role is CardRole.RIGHT_BOWER:
        # Translators: the one letter on the badge of the right bower (R for right).
        return pgettext("badge of the right bower", "R")
    # Translators: the one letter on the badge of the left bower (L for left).
    return pgettext("badge of the left bower", "L")


def _esc(text: str) -> str:
    return html.escape(visible(text, newlines=True), quote=True)


def _number(value: object, what: str, low: float, high: float) -> float:
    """A size setting: a finite number from ``low`` to ``high``."""
    # Translators: {what} is the name of a setting as the code writes it (scale, size).
    message = _("{what} must be a number from {low} to {high}")
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidDataError(message.format(what=what, low=low, high=high))
    if not ((isinstance(value, int) or math.isfinite(value)) and low <= value <= high):
        if isinstance(value, float) or abs(value) < 10**9:
            # Translators: {what} is the name of a setting as the code writes it (scale,
            # size); {value} the number given.
            message = _("{what} must be a number from {low} to {high}, not {value}")
            raise InvalidDataError(message.format(what=what, low=low, high=high, value=repr(value)))
        raise InvalidDataError(message.format(what=what, low=low, high=high))
    return float(value)


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        # Translators: {what} names the setting (label, a seat's name); {kind} is a
        # programming type such as int.
        message = _("{what} must be text, not {kind}")
        raise InvalidDataError(message.format(what=what, kind=type(value).__name__))
    return value


def _cards(cards: object, what: str) -> tuple[Card, ...]:
    """Cards given as text (``"J♥ A♥"``) or as a list of cards or their texts."""
    if isinstance(cards, str):
        return parse_cards(cards)
    if not isinstance(cards, Iterable):
        # Translators: {what} names the setting (the hand, highlight, dim); {kind} is a
        # programming type such as int.
        message = _("{what} must be cards or their text, as in 'J♥ A♥', not {kind}")
        raise ParseError(message.format(what=what, kind=type(cards).__name__))
    return tuple(parse_card(c) for c in cards)


def _seat_or_none(seat: object) -> Seat | None:
    return None if seat is None else parse_seat(seat)  # type: ignore[arg-type]


def _label(card: Card, trump: Suit | None, trump_known: bool) -> str:
    """What a screen reader says of a card: its name, and its role once trump is known."""
    name = card.name if card is not JOKER else _("the Joker")
    if trump_known:
        role = card_role(card, trump)
        if role is CardRole.JOKER:
            if trump is None:  # (no trump: there are no trumps to top)
                # Translators: a card's label for screen readers, in a hand with no trump.
                return _("{card}, the highest card").format(card=name)
            # Translators: a card's label for screen readers ({card}: the Joker).
            return _("{card}, the highest trump").format(card=name)
        if role in _NAMED_ROLES:
            # Translators: a card's label for screen readers: its name, then its role
            # ("jack of diamonds, the left bower"; "nine of hearts, a trump").
            return _("{card}, {role}").format(card=name, role=role.phrase)
    return name


def _card_body(
    card: Card,
    x: float,
    y: float,
    *,
    trump: Suit | None = None,
    trump_known: bool = False,
    highlight: bool = False,
    dim: bool = False,
    scale: float = 1.0,
    alone: bool = False,
) -> str:
    """The SVG elements of one card with its top-left corner at (x, y). ``alone``: the
    picture is this one card, and the picture itself carries its name (see :func:`_svg`)."""
    w, h = CARD_W * scale, CARD_H * scale
    colour = RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK
    label = _label(card, trump, trump_known)
    if dim:
        # Translators: a card's label for screen readers, for a card the rules forbid
        # playing now ({card} is the card's label).
        label = _("{card} (may not be played)").format(card=label)
    named = "" if alone else f' role="img" aria-label="{_esc(label)}"'
    moved = f' transform="translate({x:.1f},{y:.1f})"' if (x, y) != (0, 0) else ""
    # (the rank and suit take the card's colour from the group)
    inked = f' fill="{colour}"' if card is not JOKER else ""
    parts = [
        f"<g{moved}{named}{inked}" + (' class="hp-dim"' if dim else "") + ">",
        "" if alone else f"<title>{_esc(label)}</title>",
        f'<rect x="0.5" y="0.5" width="{w - 1:.1f}" height="{h - 1:.1f}" rx="{6 * scale:.1f}" '
        f'fill="{FACE}" stroke="{HIGHLIGHT if highlight else EDGE}" '
        f'stroke-width="{(3 if highlight else 1) * scale:.1f}"/>',
    ]
    s = scale
    if card is JOKER:
        parts += _joker_face(w, h, s)
    else:
        parts += _suit_card_face(card, w, h, s)
    if trump_known:
        parts += _role_marks(card, trump, h, s)
    if dim:
        # A dimmed card stays opaque (the card under it in a fan must not show through):
        # an opaque grey veil over the face, the rank and suit still readable beneath.
        parts.append(
            f'<rect x="0.5" y="0.5" width="{w - 1:.1f}" height="{h - 1:.1f}" rx="{6 * s:.1f}" '
            f'fill="{DIM}" fill-opacity="{DIM_STRENGTH}" stroke="{EDGE}" '
            f'stroke-width="{1 * s:.1f}"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _joker_face(w: float, h: float, s: float) -> list[str]:
    """The SVG elements of the Joker's face: a gold frame, a jester's cap and its word."""
    parts = [
        f'<rect x="{4 * s:.1f}" y="{4 * s:.1f}" width="{w - 8 * s:.1f}" height="{h - 8 * s:.1f}" '
        f'rx="{4 * s:.1f}" fill="none" stroke="{GOLD}" stroke-width="{1.2 * s:.1f}"/>'
    ]
    # A jester's cap: three bells over a grin.
    cx = w / 2
    parts.append(
        f'<path d="M{cx - 17 * s:.1f},{40 * s:.1f} Q{cx - 20 * s:.1f},{20 * s:.1f} '
        f"{cx - 24 * s:.1f},{18 * s:.1f} Q{cx - 8 * s:.1f},{20 * s:.1f} {cx:.1f},{14 * s:.1f} "
        f"Q{cx + 8 * s:.1f},{20 * s:.1f} {cx + 24 * s:.1f},{18 * s:.1f} "
        f'Q{cx + 20 * s:.1f},{20 * s:.1f} {cx + 17 * s:.1f},{40 * s:.1f} Z" '
        f'fill="#d7263d" stroke="{BLACK}" stroke-width="{0.8 * s:.1f}"/>'
    )
    parts.append(
        f'<path d="M{cx - 17 * s:.1f},{40 * s:.1f} L{cx:.1f},{16 * s:.1f} '
        f'L{cx + 17 * s:.1f},{40 * s:.1f} Z" fill="#1b998b" opacity="0.85"/>'
    )
    for bx, by in ((-24, 18), (0, 14), (24, 18)):
        parts.append(
            f'<circle cx="{cx + bx * s:.1f}" cy="{by * s:.1f}" r="{3 * s:.1f}" '
            f'fill="{GOLD}" stroke="{BLACK}" stroke-width="{0.6 * s:.1f}"/>'
        )
    parts.append(
        f'<circle cx="{cx:.1f}" cy="{50 * s:.1f}" r="{10 * s:.1f}" fill="#ffe8c2" '
        f'stroke="{BLACK}" stroke-width="{0.8 * s:.1f}"/>'
        f'<path d="M{cx - 5 * s:.1f},{52 * s:.1f} Q{cx:.1f},{58 * s:.1f} {cx + 5 * s:.1f},'
        f'{52 * s:.1f}" fill="none" stroke="{BLACK}" stroke-width="{1 * s:.1f}"/>'
    )
    # Translators: the word printed on the Joker card (keep it short: 5 letters fit).
    word = _esc(pgettext("printed on the Joker card", "JOKER"))
    parts.append(
        f'<text x="{cx:.1f}" y="{78 * s:.1f}" text-anchor="middle" '
        f'font-size="{10.5 * s:.1f}" font-weight="700" letter-spacing="{1.2 * s:.1f}" '
        f'fill="#6b2fa3">{word}</text>'
    )
    return parts


def _suit_card_face(card: Card, w: float, h: float, s: float) -> list[str]:
    """The SVG elements of a suit card's face: its rank and suit in the corners and middle."""
    assert card.suit is not None
    rank = card.rank.text
    sym = card.suit.symbol
    return [
        f'<text x="{5 * s:.1f}" y="{17 * s:.1f}" '
        f'font-size="{(15 if len(rank) == 1 else 13.5) * s:.1f}" font-weight="700">'
        f"{rank}</text>"
        f'<text x="{6 * s:.1f}" y="{31 * s:.1f}" font-size="{13 * s:.1f}">{sym}</text>',
        f'<text x="{w / 2:.1f}" y="{h / 2 + 14 * s:.1f}" text-anchor="middle" '
        f'font-size="{40 * s:.1f}">{sym}</text>',
        f'<text x="{5 * s:.1f}" y="{17 * s:.1f}" '
        f'transform="rotate(180 {w / 2:.1f} {h / 2:.1f})" '
        f'font-size="{(15 if len(rank) == 1 else 13.5) * s:.1f}" font-weight="700">'
        f"{rank}</text>",
    ]


def _role_marks(card: Card, trump: Suit | None, h: float, s: float) -> list[str]:
    """The SVG elements of a card's role: a gold bar on a trump, a badge on a bower."""
    # Role marks sit on the left edge, which stays visible when cards overlap in a fan.
    parts = []
    role = card_role(card, trump)
    badge = _ROLE_BADGE.get(role)
    trumps = (CardRole.TRUMP, CardRole.RIGHT_BOWER, CardRole.LEFT_BOWER, CardRole.JOKER)
    if trump is not None and role in trumps:  # no gold bar in no trump: nothing is trump
        parts.append(
            f'<rect x="{2.5 * s:.1f}" y="{36 * s:.1f}" width="{3 * s:.1f}" '
            f'height="{h - 42 * s:.1f}" rx="{1.5 * s:.1f}" fill="{GOLD}"/>'
        )
    if badge is not None:
        fill, letter = badge, _esc(_badge_letter(role))
        # a Thai letter at the Latin letter's 11 px bold was a blob (its loops closed up):
        # larger, and not bold
        latin = letter.isascii()
        size, weight, base = (11, "700", 10) if latin else (14, "400", 9.5)
        parts.append(
            f'<circle cx="{15 * s:.1f}" cy="{h - 14 * s:.1f}" r="{8 * s:.1f}" fill="{fill}"/>'
            f'<text x="{15 * s:.1f}" y="{h - base * s:.1f}" text-anchor="middle" '
            f'font-size="{size * s:.1f}" font-weight="{weight}" '
            f'fill="#ffffff">{letter}</text>'
        )
    return parts


def _back_body(x: float, y: float, *, scale: float = 1.0, label: str | None = None) -> str:
    if label is None:
        label = _("a card face down")
    w, h = CARD_W * scale, CARD_H * scale
    s = scale
    return (
        f'<g transform="translate({x:.1f},{y:.1f})" role="img" aria-label="{_esc(label)}">'
        f"<title>{_esc(label)}</title>"
        f'<rect x="0.5" y="0.5" width="{w - 1:.1f}" height="{h - 1:.1f}" rx="{6 * s:.1f}" '
        f'fill="#24478f" stroke="#0f2550" stroke-width="{1 * s:.1f}"/>'
        f'<rect x="{5 * s:.1f}" y="{5 * s:.1f}" width="{w - 10 * s:.1f}" height="{h - 10 * s:.1f}" '
        f'rx="{4 * s:.1f}" fill="url(#hp-back)" stroke="#c8d4f0" stroke-width="{0.8 * s:.1f}"/>'
        "</g>"
    )


_DEFS: Final = (
    "<defs>"
    '<pattern id="hp-back" width="8" height="8" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)">'
    '<rect width="8" height="8" fill="#2f5bb7"/>'
    '<rect width="4" height="8" fill="#3b6fd6"/>'
    "</pattern>"
    "</defs>"
)


def _svg(width: float, height: float, body: str, label: str, *, title: bool = False) -> str:
    """A picture: its text in :data:`FONT` (said once, on the picture: its words inherit
    it), the card backs' pattern only where a back is drawn; with ``title``, its label
    also shows as a tooltip (a picture of one card, whose card has no title of its own)."""
    defs = _DEFS if "url(#hp-back)" in body else ""
    tip = f"<title>{_esc(label)}</title>" if title else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="hp-svg" width="{width:.0f}" '
        f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" role="img" '
        f'aria-label="{_esc(label)}" font-family="{FONT}">{tip}{defs}{body}</svg>'
    )


def card_svg(
    card: Card | str,
    *,
    trump: Trump | str = None,
    trump_known: bool | None = None,
    highlight: bool = False,
    scale: float = 1.0,
) -> str:
    """One card as SVG. With a trump, the bowers carry an R or L badge and trumps a gold bar."""
    c = parse_card(card)
    trump = parse_trump(trump)
    scale = _number(scale, "scale", 0.05, 20)
    known = trump is not None if trump_known is None else trump_known
    return _svg(
        CARD_W * scale,
        CARD_H * scale,
        _card_body(
            c, 0, 0, trump=trump, trump_known=known, highlight=highlight, scale=scale, alone=True
        ),
        _label(c, trump, known),
        title=True,
    )


def card_back_svg(*, scale: float = 1.0, label: str | None = None) -> str:
    """A card face down (the widow, or another player's card); ``label`` (by default
    "the widow, face down") is what a screen reader says of it."""
    scale = _number(scale, "scale", 0.05, 20)
    label = _("the widow, face down") if label is None else _text(label, "label")
    return _svg(CARD_W * scale, CARD_H * scale, _back_body(0, 0, scale=scale, label=label), label)


def hand_svg(
    cards: Iterable[Card | str] | str,
    *,
    trump: Trump | str = None,
    trump_known: bool | None = None,
    highlight: Iterable[Card | str] | str = (),
    dim: Iterable[Card | str] | str = (),
    overlap: float = 0.62,
    scale: float = 1.0,
    label: str | None = None,
) -> str:
    """A row of cards, overlapping like a hand held in a fan; ``label`` (by default "a
    hand") is what a screen reader says of it, before the cards."""
    cs = _cards(cards, _("the hand"))
    trump = parse_trump(trump)
    overlap = _number(overlap, "overlap", 0, 5)
    scale = _number(scale, "scale", 0.05, 20)
    label = _("a hand") if label is None else _text(label, "label")
    known = trump is not None if trump_known is None else trump_known
    hi = set(_cards(highlight, "highlight"))
    lo = set(_cards(dim, "dim"))
    step = CARD_W * scale * overlap
    width = CARD_W * scale + step * max(len(cs) - 1, 0) + 4
    body = "".join(
        _card_body(
            c,
            2 + i * step,
            2,
            trump=trump,
            trump_known=known,
            highlight=c in hi,
            dim=c in lo,
            scale=scale,
        )
        for i, c in enumerate(cs)
    )
    names = ", ".join(c.text for c in cs) or _("no cards")
    # Translators: a picture's label for screen readers: {label} says whose hand it is
    # ("South's hand"), {cards} lists the cards ("J♥, A♥, 9♣").
    return _svg(
        width, CARD_H * scale + 4, body, _("{label}: {cards}").format(label=label, cards=names)
    )


def ranking_svg(trump: Trump | str, *, scale: float = 0.62) -> str:
    """All 25 cards strongest first under ``trump``: the trumps on the first row, then a row
    for each plain suit (in no trump, the Joker alone, then a row for each suit).

    One row per suit keeps the picture narrow enough to stay readable on a phone.
    """
    trump = parse_trump(trump)
    scale = _number(scale, "scale", 0.05, 20)
    order = ranking(trump)
    first = 8 if trump is not None else 1
    rows: list[list[Card]] = [list(order[:first])]
    for c in order[first:]:
        if len(rows) == 1 or rows[-1][-1].suit is not c.suit:
            rows.append([])
        rows[-1].append(c)
    step = CARD_W * scale * 0.78
    width = (max(len(r) for r in rows) - 1) * step + CARD_W * scale + 8
    titles = (
        (_("The 8 trumps, strongest first"), _("Plain suits, A down to 9"))
        if trump is not None
        else (_("The Joker"), _("Every suit, A down to 9"))
    )
    body = []
    y = 18.0
    for n, row in enumerate(rows):
        if n < len(titles):  # a title over the trumps and over the first plain suit
            if n:
                y += 18
            body.append(
                f'<text x="4" y="{y - 5:.1f}" font-size="12" '
                f'fill="currentColor">{_esc(titles[n])}</text>'
            )
        for i, c in enumerate(row):
            body.append(_card_body(c, 4 + i * step, y, trump=trump, trump_known=True, scale=scale))
        y += CARD_H * scale + 6
    if trump is not None:
        # Translators: a picture's label for screen readers; {suit} is a suit's name
        # ("hearts").
        label = _("the ranking with {suit} as trumps").format(suit=trump.plural)
    else:
        label = _("the ranking in no trump")
    return _svg(width, y - 2, "".join(body), label)


# --- the table ---------------------------------------------------------------------

_SEAT_XY: Final = {
    Seat.N: (0.5, 0.2),
    Seat.E: (0.8, 0.5),
    Seat.S: (0.5, 0.8),
    Seat.W: (0.2, 0.5),
}
#: A played card's size on the table, as a share of a card at the table's own scale.
_TABLE_CARD: Final = 0.85
#: The seat names' smallest font size: a small table (a lesson's 210 px) stays readable.
_MIN_SEAT_FONT: Final = 10.5


def table_svg(
    plays: Sequence[tuple[Seat | str, Card | str]],
    *,
    trump: Trump | str = None,
    trump_known: bool | None = None,
    leader: Seat | str | None = None,
    winner: Seat | str | None = None,
    sitting_out: Iterable[Seat | str] = (),
    names: Mapping[Seat, str] | None = None,
    size: int = 300,
) -> str:
    """A trick laid out around the table: seats named, the leader marked, the winner lit.

    ``plays`` are (seat, card) pairs in playing order; ``names`` renames seats.
    """
    if isinstance(plays, str) or not isinstance(plays, Iterable):
        raise ParseError(_("plays must be (seat, card) pairs, as in [('N', 'J♥'), ('E', 'A♥')]"))
    pairs: list[tuple[Seat, Card]] = []
    for play in plays:
        if not (isinstance(play, tuple | list) and len(play) == 2):
            raise ParseError(_("each play is a (seat, card) pair, as in ('N', 'J♥')"))
        pairs.append((parse_seat(play[0]), parse_card(play[1])))
    trump = parse_trump(trump)
    leader = _seat_or_none(leader)
    winner = _seat_or_none(winner)
    size = int(_number(size, "size", 60, 3000))
    if names is not None:
        if not isinstance(names, Mapping):
            raise InvalidDataError(_("names must map seats to the names shown"))
        names = {parse_seat(k): _text(v, _("a seat's name")) for k, v in names.items()}
    known = trump is not None if trump_known is None else trump_known
    out = {parse_seat(s) for s in sitting_out}
    w = h = size
    scale = size / 330
    font = max(13 * scale, _MIN_SEAT_FONT)
    body = [
        f'<rect x="6" y="6" width="{w - 12}" height="{h - 12}" rx="{28 * scale:.1f}" '
        f'fill="#1f6b45" stroke="#0f3d27" stroke-width="3"/>'
    ]
    leader = leader if leader is not None else (pairs[0][0] if pairs else None)
    played = dict(pairs)
    label_pos = {
        Seat.N: (w / 2, 9 + font),
        Seat.S: (w / 2, h - 9 - font / 4),
        Seat.W: (8 + font, h / 2),
        Seat.E: (w - 8 - font, h / 2),
    }
    # A card keeps clear of its seat's name: the name takes 1.25 font sizes from the edge.
    card_w, card_h = CARD_W * scale * _TABLE_CARD, CARD_H * scale * _TABLE_CARD
    clear = 12 + 1.25 * font
    for seat in SEATS:
        fx, fy = _SEAT_XY[seat]
        cx = max(fx * w, clear + card_w / 2) if fx < 0.5 else min(fx * w, w - clear - card_w / 2)
        if fx == 0.5:
            cx = w / 2
        cy = max(fy * h, clear + card_h / 2) if fy < 0.5 else min(fy * h, h - clear - card_h / 2)
        if fy == 0.5:
            cy = h / 2
        lx, ly = label_pos[seat]
        text = names[seat] if names and seat in names else seat.word
        if seat in out:
            # Translators: a seat's name on the table, for a player who does not play this
            # hand (the partner of a lone player).
            text = _("{seat} (sits out)").format(seat=text)
        elif seat is leader and len(played) == len(SEATS) - len(out):
            # Translators: a seat's name on the table, for the player who led a trick
            # that is complete (every card of it is on the table).
            text = _("{seat} ▸ led").format(seat=text)
        elif seat is leader:
            # Translators: a seat's name on the table, for the player who led the trick
            # being played.
            text = _("{seat} ▸ leads").format(seat=text)
        body.append(
            f'<text x="{lx:.1f}" y="{ly:.1f}" text-anchor="middle" '
            f'font-size="{font:.1f}" font-weight="600" fill="#f5f1e3"'
            + (f' transform="rotate(-90 {lx:.1f} {ly:.1f})"' if seat is Seat.W else "")
            + (f' transform="rotate(90 {lx:.1f} {ly:.1f})"' if seat is Seat.E else "")
            + f">{_esc(text)}</text>"
        )
        if seat in played:
            c = played[seat]
            body.append(
                _card_body(
                    c,
                    cx - card_w / 2,
                    cy - card_h / 2,
                    trump=trump,
                    trump_known=known,
                    highlight=seat is winner,
                    scale=scale * _TABLE_CARD,
                )
            )
    order = ", ".join(f"{s.letter} {c.text}" for s, c in pairs) or _("no cards yet")
    if winner is not None:
        # Translators: a picture's label for screen readers: {plays} lists the cards played
        # to the trick ("N J♥, E A♥"), {seat} is the winner's letter ("N").
        label = _("the trick: {plays}; {seat} wins").format(plays=order, seat=winner.letter)
    else:
        # Translators: a picture's label for screen readers: {plays} lists the cards played
        # to the trick ("N J♥, E A♥").
        label = _("the trick: {plays}").format(plays=order)
    return _svg(w, h, "".join(body), label)


# --- whole states -------------------------------------------------------------------

_CSS: Final = """
<style>
.hp-box{font-family:'DejaVu Sans','Segoe UI',Helvetica,Arial,sans-serif;color:inherit;
  display:inline-block;line-height:1.35;max-width:100%;overflow-x:auto;box-sizing:border-box}
.hp-box svg{max-width:none}
.hp-box .hp-row{display:flex;gap:14px;align-items:center;flex-wrap:wrap}
.hp-box .hp-seat{font-weight:600;min-width:4.5em}
.hp-box .hp-meta{font-size:0.92em;opacity:0.9;margin:4px 0}
.hp-box>.hp-meta{width:0;min-width:100%}
.hp-box .hp-red{color:var(--hp-red,#c0262d)}
body[data-jp-theme-light="false"] .hp-box .hp-red{color:var(--hp-red,#ff9b94)}
.hp-box table.hp-grid{border-collapse:collapse}
.hp-box .hp-nowrap{white-space:nowrap}
.hp-box h4{margin:4px 0}
.hp-box table.hp-grid td{padding:4px;vertical-align:middle;text-align:center}
/* a narrow screen (a phone): North, then West and East side by side, their face-down
   hands small, then the trick with South's hand right under it (the learner's cards, the
   trick and the buttons below stay on one screen) */
@media (max-width:760px){
.hp-box{display:block}
.hp-box table.hp-grid,.hp-box table.hp-grid tbody,.hp-box table.hp-grid td{display:block}
.hp-box table.hp-grid tr{display:flex;flex-wrap:wrap;column-gap:18px}
.hp-box table.hp-grid td{padding:2px 0;text-align:left}
.hp-box table.hp-grid td:empty{display:none}
.hp-box table.hp-grid tr>td:nth-child(3){order:1}
.hp-box table.hp-grid tr>td:nth-child(2){order:2;flex-basis:100%}
.hp-box .hp-down svg{height:30px;width:auto}
}
</style>
"""


#: Where a hand stands, in words (translated where shown).
_PHASE_WORDS: Final = {
    "deal": N_("just dealt"),
    "auction": N_("the auction"),
    "trump": N_("naming trumps"),
    "discard": N_("the discard"),
    "alone": N_("going alone?"),
    "play": N_("the play"),
    "scored": N_("the hand is over"),
    "thrown in": N_("thrown in"),
}


def _suit_html(suit: Suit) -> str:
    cls = ' class="hp-red"' if suit in (Suit.HEARTS, Suit.DIAMONDS) else ""
    return f"<span{cls}>{suit.symbol}</span> {_esc(suit.plural)}"


def state_html(state: HandState, *, seat: Seat | None = None) -> str:
    """A hand in progress: the four hands around the table, the trick, trump and score.

    With ``seat``, only that player's cards are shown face up.
    """
    from ..engine.state import HandState

    if not isinstance(state, HandState):
        message = _("state_html draws a HandState, not {kind}")
        raise InvalidDataError(message.format(kind=type(state).__name__))
    seat = _seat_or_none(seat)
    trump = state.trump
    known = state.trump_named
    middle = _trick_svg(state, trump, known)
    meta = _state_meta(state, trump, known)
    cell = {s: _hand_cell(state, s, seat, trump, known) for s in (Seat.N, Seat.W, Seat.E, Seat.S)}
    grid = (
        '<table class="hp-grid">'
        f"<tr><td></td><td>{cell[Seat.N]}</td><td></td></tr>"
        f"<tr><td>{cell[Seat.W]}</td><td>{middle}</td><td>{cell[Seat.E]}</td></tr>"
        f"<tr><td></td><td>{cell[Seat.S]}</td><td></td></tr>"
        "</table>"
    )
    return (
        _CSS
        + '<div class="hp-box">'
        + f'<div class="hp-meta">{" · ".join(meta)}</div>'
        + grid
        + "</div>"
    )


def _hand_cell(
    state: HandState, s: Seat, seat: Seat | None, trump: Suit | None, known: bool
) -> str:
    """The HTML of seat ``s`` at the table: its name, tricks won and cards (face down or up)."""
    cards = state.hand(s)
    if not cards:
        # (a hand played out draws nothing: an empty picture kept a card's height,
        # a gap of 90 pixels at the end of every hand)
        pic = ""
    elif seat is not None and s is not seat:
        n = len(cards)
        backs = "".join(_back_body(2 + i * 20, 2, scale=0.55) for i in range(n))
        # Translators: a picture's label for screen readers: another player's cards,
        # which the learner cannot see ({seat}: "North").
        label = ngettext("{seat}: {n} card face down", "{seat}: {n} cards face down", n)
        pic = _svg(
            CARD_W * 0.55 + 20 * max(n - 1, 0) + 4,
            CARD_H * 0.55 + 4,
            backs,
            label.format(seat=s.word, n=n),
        )
    else:
        # Translators: a picture's label for screen readers ({seat}: "South").
        mine = _("{seat}'s hand").format(seat=s.word)
        pic = hand_svg(cards, trump=trump, trump_known=known, scale=0.7, label=mine)
    won = state.tricks_won[s]
    name = s.word
    if s in state.sitting_out:
        name = _("{seat} (sits out)").format(seat=name)
    # Translators: over a player's hand: {seat} is the seat's name ("North", or
    # "North (sits out)"), {n} the tricks this player has won so far.
    head = ngettext("{seat} · {n} won", "{seat} · {n} won", won).format(seat=name, n=won)
    down = ' class="hp-down"' if seat is not None and s is not seat else ""
    return f'<div{down}><div class="hp-seat">{_esc(head)}</div>{pic}</div>'


def _trick_svg(state: HandState, trump: Suit | None, known: bool) -> str:
    """The picture of the trick in play or, between tricks, of the last one played."""
    trick = state.current_trick
    last = state.tricks[-1] if state.tricks and not trick else None
    plays = trick if trick else (last.plays if last else ())
    return table_svg(
        plays,
        trump=trump,
        trump_known=known,
        leader=state.leader if trick else (last.leader if last else state.leader),
        winner=last.winner if last else None,
        sitting_out=state.sitting_out,
        size=230,
    )


def _state_meta(state: HandState, trump: Suit | None, known: bool) -> list[str]:
    """The HTML of the lines over the table: dealer, phase, high bid, trump, tricks, result."""
    from ..engine.auction import bid_name

    phase = _PHASE_WORDS.get(state.phase.value)
    meta = [
        _esc(_("Dealer {seat}").format(seat=state.dealer.word)),
        _esc(_(phase) if phase is not None else state.phase.value),
    ]
    if state.high_bid is not None:
        hb = state.high_bid
        # Translators: {bid} is a bid's name ("4", "Little Pepper"), {seat} the bidder
        # ("North").
        high = _("high bid {bid} by {seat}")
        meta.append(
            _esc(high.format(bid=bid_name(hb.tricks, hb.big, state.rules), seat=hb.seat.word))
        )
    if known:
        if trump is None:
            # Translators: the hand is played with no trump suit.
            meta.append(_esc(_("trump no trump")))
        else:
            # Translators: {suit} is the trump suit, its symbol and name ("♥ hearts").
            meta.append(_esc(_("trump {suit}")).format(suit=_suit_html(trump)))
    st = state.side_tricks
    # Translators: the tricks each side has won: {ns_side} and {ew_side} are the
    # partnerships' letters ("NS", "EW"; Italian "EO"), {ns} and {ew} their tricks.
    won = _("tricks won {ns_side} {ns} · {ew_side} {ew}").format(
        ns_side=Side.NS.letters, ns=st[Side.NS], ew_side=Side.EW.letters, ew=st[Side.EW]
    )
    meta.append(f'<span class="hp-nowrap">{_esc(won)}</span>')
    if state.result is not None:
        meta.append(_esc(state.result.reason))
    return meta


def record_html(record: HandRecord) -> str:
    """A hand record: title, teaching point, the deal and the final position."""
    from ..engine.record import HandRecord

    if not isinstance(record, HandRecord):
        message = _("record_html draws a HandRecord, not {kind}")
        raise InvalidDataError(message.format(kind=type(record).__name__))
    head = []
    if record.title:
        head.append(f"<h4>{_esc(record.title)}</h4>")
    if record.point:
        # Translators: before a hand record's teaching point (what the hand teaches).
        point = _esc(pgettext("teaching point", "Point:"))
        head.append(f"<div class='hp-meta'><b>{point}</b> {_esc(record.point)}</div>")
    for n in record.notes:
        head.append(f"<div class='hp-meta'>{_esc(n)}</div>")
    return (
        _CSS + '<div class="hp-box">' + "".join(head) + "</div>" + state_html(record.final_state())
    )


# --- stars ----------------------------------------------------------------------------

#: A star earned: gold, with a darker rim that keeps its shape on a light page.
STAR_GOLD: Final = "#f2b705"
STAR_RIM: Final = "#8a6100"


def _star_points(cx: float, cy: float, outer: float) -> str:
    """The ten corners of a five-pointed star centred on (cx, cy), point up."""
    inner = outer * 0.48
    corners = []
    for k in range(10):
        r = outer if k % 2 == 0 else inner
        angle = math.pi * k / 5 - math.pi / 2
        corners.append(f"{cx + r * math.cos(angle):.1f},{cy + r * math.sin(angle):.1f}")
    return " ".join(corners)


def stars_svg(stars: int, out_of: int = 3, *, size: float = 18) -> str:
    """Stars as a picture: ``stars`` of ``out_of`` filled in gold, the rest outlined in
    the page's text colour (so they show on a light and a dark page), labelled for
    screen readers.

    >>> svg = stars_svg(2)
    >>> 'aria-label="2 of 3 stars"' in svg, svg.count("<polygon"), svg.count(STAR_GOLD)
    (True, 3, 2)
    """
    if isinstance(out_of, bool) or not isinstance(out_of, int) or not 1 <= out_of <= 10:
        message = _("out_of must be a whole number from 1 to 10, not {value}")
        raise InvalidDataError(message.format(value=repr(out_of)))
    if isinstance(stars, bool) or not isinstance(stars, int) or not 0 <= stars <= out_of:
        message = _("stars must be a whole number from 0 to {high}, not {value}")
        raise InvalidDataError(message.format(high=out_of, value=repr(stars)))
    size = _number(size, "size", 6, 200)
    gap = size * 0.18
    width = out_of * size + (out_of - 1) * gap
    # Translators: a picture's label for screen readers: {n} stars earned of {total}.
    label = _esc(ngettext("{n} of {total} star", "{n} of {total} stars", out_of)).format(
        n=stars, total=out_of
    )
    body = []
    for k in range(out_of):
        points = _star_points(k * (size + gap) + size / 2, size * 0.53, size * 0.5 - 1)
        if k < stars:
            body.append(
                f'<polygon points="{points}" fill="{STAR_GOLD}" stroke="{STAR_RIM}" '
                'stroke-width="1.2" stroke-linejoin="round"/>'
            )
        else:
            body.append(
                f'<polygon points="{points}" fill="currentColor" fill-opacity="0.08" '
                'stroke="currentColor" stroke-opacity="0.7" stroke-width="1.2" '
                'stroke-linejoin="round"/>'
            )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="hp-stars" width="{width:.0f}" '
        f'height="{size:.0f}" viewBox="0 0 {width:.1f} {size:.1f}" role="img" '
        f'aria-label="{label}"><title>{label}</title>{"".join(body)}</svg>'
    )
