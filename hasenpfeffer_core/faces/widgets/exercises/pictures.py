"""Pictures and tables under a lesson's cell: a figure, a row of them, a table, a
trick played out in words."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from IPython.display import display

from ....analysis.explain import (
    explain_plays,
    explain_trick,
)
from ....analysis.session import quoted
from ....engine.cards import Suit, parse_cards, parse_suit
from ....engine.errors import InvalidDataError
from ....engine.i18n import gettext as _
from ....engine.i18n import language
from ....engine.seats import Seat, parse_seat
from ....engine.state import HandState
from ....engine.tricks import (
    legal_plays,
)
from ...render import hand_svg, table_svg
from ..base import (
    translated,
    widget_language,
)
from .common import (
    read_trick_cards,
    you_words,
)

# --- pictures and tables ---------------------------------------------------------------


def display_html(markup: str) -> None:
    """Show HTML under the cell (IPython's display functions carry no type annotations).

    The markup goes out as a raw bundle, not as ``IPython.display.HTML(markup)``: that
    asks the file system whether the markup names a file, which in the live copy is a
    round trip to the browser's drive for every picture.
    """
    display({"text/html": markup}, raw=True)  # type: ignore[no-untyped-call]


def play_pictures(state: HandState, seat: Seat) -> tuple[str, str]:
    """The pictures of a card to play: the trick so far on the table (``seat`` named
    as "you") and ``seat``'s hand."""
    table_pic = table_svg(
        state.current_trick,
        trump=state.trump,
        leader=state.leader,
        names={seat: you_words(seat)},
        size=210,
    )
    return table_pic, hand_svg(state.hand(seat), trump=state.trump, overlap=1.08)


def figure(picture: str, caption: str = "") -> str:
    """A picture (SVG or HTML) with a short caption under it, as HTML. A caption the
    catalogue knows is shown in the language in use.

    >>> figure("<svg></svg>", "the widow")
    '<figure style="margin:0 18px 18px 0;display:inline-block"><svg></svg><figcaption style="font-size:0.9em;opacity:0.8;margin-top:3px;line-height:1.25">the widow</figcaption></figure>'
    """
    if not isinstance(picture, str):
        raise InvalidDataError(
            _("a figure shows a picture (SVG or HTML text), not {value}").format(
                value=quoted(picture)
            )
        )
    cap = (
        '<figcaption style="font-size:0.9em;opacity:0.8;margin-top:3px;line-height:1.25">'
        f"{html.escape(translated(str(caption)))}</figcaption>"
        if caption
        else ""
    )
    # (a row of figures wraps on a narrow page: a caption sits close under its own
    # picture, and well above the next row's, which a Thai caption's taller line
    # otherwise brought about as near: it read as the name of the picture below it)
    return f'<figure style="margin:0 18px 18px 0;display:inline-block">{picture}{cap}</figure>'


def row_html(*pictures: str) -> str:
    """Pictures (SVG or HTML strings, or figures made by :func:`figure`) side by side, wrapping
    when the row is full, as HTML."""
    row = "".join(p if p.lstrip().startswith("<figure") else figure(p) for p in pictures)
    return (
        '<div style="display:flex;flex-wrap:wrap;align-items:flex-end;max-width:100%;'
        f'overflow-x:auto">{row}</div>'
    )


def show(*pictures: str) -> None:
    """Show pictures (SVG or HTML strings) side by side, wrapping when the row is full."""
    display_html(row_html(*pictures))


def table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
    """A small table. Cells are text; a cell that starts with ``<`` is kept as HTML. A
    heading the catalogue knows is shown in the language in use."""

    def cell(value: object) -> str:
        text = str(value)
        return text if text.startswith("<") else html.escape(text)

    head = "".join(
        f'<th style="text-align:left;white-space:nowrap">{html.escape(translated(str(h)))}</th>'
        for h in header
    )
    body = "".join(
        "<tr>" + "".join(f'<td style="text-align:left">{cell(v)}</td>' for v in row) + "</tr>"
        for row in rows
    )
    display_html(
        '<div style="max-width:100%;overflow-x:auto">'
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
    )


def _seats_from(leader: Seat, n: int) -> list[Seat]:
    """``n`` seats clockwise from ``leader`` (none for ``n == 0``)."""
    seats: list[Seat] = []
    seat = leader
    for _step in range(n):
        seats.append(seat)
        seat = seat.left
    return seats


def play_example(
    hand: str,
    trick: str | None,
    trump: Suit | str,
    *,
    you: Seat | str = Seat.S,
    lang: str | None = None,
) -> None:
    """The trick so far and your hand, the cards you may play lit, with the engine's reasons."""
    with language(widget_language(lang)):
        cards = parse_cards(hand)
        played = read_trick_cards(trick)
        trump = parse_suit(trump)
        you = parse_seat(you)
        legal = legal_plays(cards, played, trump)  # (checks the hand and the trick first)
        leader = you
        for _card in played:
            leader = leader.right
        plays = list(zip(_seats_from(leader, len(played)), played, strict=True))
        show(
            figure(
                table_svg(plays, trump=trump, leader=leader, names={you: you_words(you)}, size=210),
                _("the trick so far"),
            ),
            figure(
                hand_svg(
                    cards,
                    trump=trump,
                    highlight=legal,
                    dim=[c for c in cards if c not in legal],
                    overlap=1.08,
                ),
                _("your hand: the cards you may play are lit"),
            ),
        )
        items = "".join(
            f"<li>{'✓' if e.allowed else '✗'} {html.escape(e.text)}</li>"
            for e in explain_plays(cards, played, trump)
        )
        display_html(f"<ul style='margin-top:0'>{items}</ul>")


def trick_example(
    trick: str, trump: Suit | str, *, leader: Seat | str = Seat.W, lang: str | None = None
) -> None:
    """A finished trick round the table, the winner lit, with the engine's explanation."""
    with language(widget_language(lang)):
        cards = parse_cards(trick)
        trump = parse_suit(trump)
        leader = parse_seat(leader)
        e = explain_trick(cards, trump)  # (checks the trick first)
        seats = _seats_from(leader, len(cards))
        winner = seats[e.winner]
        plays = list(zip(seats, cards, strict=True))
        show(
            figure(
                table_svg(plays, trump=trump, winner=winner, size=210),
                _("{seat} wins the trick").format(seat=winner.word),
            )
        )
        display_html(f"<p style='margin-top:0'>{html.escape(e.text)}</p>")
