"""Why: why a card wins a trick, why a card may or may not be played, where a card ranks.

Every face of the project (quizzes, widgets, the docs site, the terminal) takes
its explanations from here, as structured data a widget can highlight and as
plain English.

>>> from hasenpfeffer_core import parse_cards as cs
>>> e = explain_trick(cs("A♥ J♦ JK Q♥"), "H")
>>> e.winner, e.cards[e.winner].text
(2, 'JK')
>>> print(e.text)
Hearts are trumps. A♥ led, a trump, so trumps were led. The Joker is always the highest trump: it wins. J♦ is the left bower, so it is a trump: it beats A♥ and Q♥ but not the Joker.
>>> print(explain_plays(cs("A♥ J♦ 9♣"), cs("10♥"), "H")[2].text)
9♣ is not allowed: 10♥ led trumps (hearts), and you hold A♥ and J♦, so you must follow with one of them.
>>> print(explain_card("J♦", "H").text)
J♦ is the left bower: when hearts are trumps, the jack of the other red suit counts as a trump, not a diamond. It is the third-highest card, after the Joker and J♥.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from ..engine.cards import JOKER, Card, Rank, Suit, parse_card, parse_trump, read_cards
from ..engine.rules import NoTrumpJoker
from ..engine.tricks import (
    EFF,
    NO_TRUMP_KEY,
    WIN,
    CardRole,
    card_role,
    legal_plays,
    ranking,
    trick_winner,
    trump_key,
)

__all__ = [
    "CardExplanation",
    "PlayExplanation",
    "TrickCard",
    "TrickExplanation",
    "capitalised",
    "card_words",
    "explain_card",
    "explain_plays",
    "explain_trick",
    "join_and",
    "nth_highest",
    "ordinal",
    "ordinal_word",
]

Trump = Suit | None


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ...: for numbered places in a table or a list.

    Sentences use :func:`nth_highest` instead ("the third-highest card", never
    "the 3rd highest card").

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


_ORDINAL_WORDS: Final = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
)
_TENS: Final = {2: "twent", 3: "thirt", 4: "fort", 5: "fift"}


def ordinal_word(n: int) -> str:
    """A place in words: ``first``, ``second``, ``third`` ... up to ``fifty-ninth``.

    >>> [ordinal_word(n) for n in (1, 2, 3, 8, 12, 20, 21, 25)]
    ['first', 'second', 'third', 'eighth', 'twelfth', 'twentieth', 'twenty-first', 'twenty-fifth']
    """
    if not 1 <= n <= 59:
        raise ValueError(f"a place in words is 1 to 59, got {n}")
    if n < 20:
        return _ORDINAL_WORDS[n - 1]
    tens, ones = divmod(n, 10)
    if not ones:
        return f"{_TENS[tens]}ieth"
    return f"{_TENS[tens]}y-{_ORDINAL_WORDS[ones - 1]}"


def nth_highest(n: int, noun: str = "") -> str:
    """A place counted from the top, as a card player says it.

    The one helper every sentence uses for "the highest", "the second-highest",
    "the third-highest" ..., with the noun after it when one is given.

    >>> nth_highest(1, "card"), nth_highest(2), nth_highest(3, "spade")
    ('the highest card', 'the second-highest', 'the third-highest spade')
    >>> nth_highest(25, "card")
    'the twenty-fifth-highest card'
    """
    words = "the highest" if n == 1 else f"the {ordinal_word(n)}-highest"
    return f"{words} {noun}" if noun else words


def join_and(words: Iterable[str], last: str = "and") -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def card_words(card: Card) -> str:
    """How a sentence names a card: ``the Joker`` or its short text.

    >>> from hasenpfeffer_core import JOKER, parse_card
    >>> card_words(JOKER), card_words(parse_card("JH"))
    ('the Joker', 'J♥')
    """
    return "the Joker" if card is JOKER else card.text


def _subject(card: Card) -> str:
    """How a sentence starting with a card names it: ``The Joker`` or its short text."""
    return "The Joker" if card is JOKER else card.text


def capitalised(text: str) -> str:
    """``text`` with its first letter a capital (the rest as it is)."""
    return text[:1].upper() + text[1:]


def _trump_sentence(trump: Trump) -> str:
    if trump is None:
        return "There are no trumps."
    return f"{capitalised(trump.plural)} are trumps."


def _suit_words(code: int, tk: int) -> str:
    if code == NO_TRUMP_KEY:
        return "the Joker's"
    suit = Suit(code)
    return f"trumps ({suit.plural})" if code == tk else suit.plural


# --- one card -------------------------------------------------------------------


@dataclass(frozen=True)
class CardExplanation:
    """A card's place under a trump: its role, rank and why."""

    card: Card
    trump: Suit | None
    role: CardRole
    effective_suit: Suit | None
    place: int
    place_in_suit: int
    text: str


def explain_card(card: Card | str, trump: Trump | str) -> CardExplanation:
    """Where ``card`` ranks under ``trump`` and why (Joker, right bower, left bower, plain).

    >>> explain_card("JK", "S").text
    'The Joker is always the highest trump. With spades trumps it is above even the right bower (J♠): it is the highest card.'
    >>> print(explain_card("AS", None).text)
    A♠ is a plain card, the highest spade. It can win a trick only when spades are led and nobody plays the Joker.
    >>> explain_card("AD", "H").place_in_suit
    1
    """
    c = parse_card(card)
    t = parse_trump(trump)
    tk = trump_key(t)
    order = ranking(t)
    place = order.index(c) + 1
    code = EFF[tk][c.index]
    same = [x for x in order if EFF[tk][x.index] == code]
    place_in_suit = same.index(c) + 1
    role = card_role(c, t)
    eff = None if code == NO_TRUMP_KEY else Suit(code)
    if role == CardRole.JOKER:
        if t is None:
            text = (
                "In a no-trump hand the Joker belongs to no suit and beats every other card: "
                f"it is {nth_highest(1, 'card')}."
            )
        else:
            text = (
                f"The Joker is always the highest trump. With {t.plural} trumps it is above "
                f"even the right bower ({Card(Rank.JACK, t).text}): it is "
                f"{nth_highest(1, 'card')}."
            )
    elif role == CardRole.RIGHT_BOWER:
        assert t is not None
        text = (
            f"{c.text} is the right bower: the jack of trumps ({t.plural}) is "
            f"{nth_highest(2, 'trump')}, below only the Joker. It is "
            f"{nth_highest(place, 'card')}."
        )
    elif role == CardRole.LEFT_BOWER:
        assert t is not None and c.suit is not None
        text = (
            f"{c.text} is the left bower: when {t.plural} are trumps, the jack of the other "
            f"{t.colour.value} suit counts as a trump, not a {c.suit.singular}. It is "
            f"{nth_highest(place, 'card')}, after the Joker and {Card(Rank.JACK, t).text}."
        )
    elif role == CardRole.TRUMP:
        assert t is not None
        if place_in_suit == len(same):
            text = (
                f"{c.text} is a trump, the lowest of the {len(same)} trumps, yet it beats every "
                "card of the other suits."
            )
        else:
            below = ", below the Joker and both bowers" if place_in_suit == 4 else ""
            text = (
                f"{c.text} is a trump, {nth_highest(place_in_suit)} of the {len(same)} "
                f"trumps{below}: it beats every card of the other suits."
            )
    else:
        assert c.suit is not None
        suit = c.suit
        size = len(same)
        missing = ""
        if t is not None and suit is t.partner:
            missing = f" This suit has only {size} cards: its jack is the left bower, a trump."
        higher = [x.text for x in same[: place_in_suit - 1]]
        rank_text = nth_highest(place_in_suit, suit.singular)
        if higher:
            rank_text += f" (below {join_and(higher)})"
        beaters = "a trump" if t is not None else "the Joker"
        if higher:
            beaters = f"a higher {suit.singular} or {beaters}"
        text = (
            f"{c.text} is a plain card, {rank_text}. It can win a trick only when "
            f"{suit.plural} are led and nobody plays {beaters}.{missing}"
        )
    return CardExplanation(c, t, role, eff, place, place_in_suit, text)


# --- a trick --------------------------------------------------------------------


@dataclass(frozen=True)
class TrickCard:
    """One card of an explained trick.

    ``status`` is ``led``, ``followed`` (same effective suit as the lead),
    ``trumped`` (a trump on a non-trump lead), ``joker`` (the Joker played to a
    no-trump trick: it belongs to no suit and beats every card) or ``discarded``
    (none of these: it cannot win). ``beats`` lists the cards of the trick it beats, ``beaten_by``
    those that beat it.
    """

    position: int
    card: Card
    role: CardRole
    effective_suit: Suit | None
    status: str
    beats: tuple[Card, ...]
    beaten_by: tuple[Card, ...]
    wins: bool


@dataclass(frozen=True)
class TrickExplanation:
    """Why the winner of a trick wins: one :class:`TrickCard` per card, and a text."""

    cards: tuple[Card, ...]
    trump: Suit | None
    led_suit: Suit | None
    trumps_led: bool
    winner: int
    details: tuple[TrickCard, ...]
    sentences: tuple[str, ...]

    @property
    def text(self) -> str:
        """The explanation as plain English."""
        return " ".join(self.sentences)

    @property
    def winning_card(self) -> Card:
        """The card that wins."""
        return self.cards[self.winner]


def explain_trick(trick: Iterable[Card | str], trump: Trump | str) -> TrickExplanation:
    """Why the winner of ``trick`` (led card first) wins, card by card.

    >>> from hasenpfeffer_core import parse_cards as cs
    >>> print(explain_trick(cs("A♠ K♠ 9♣ 10♠"), "H").text)
    Hearts are trumps. A♠ led, so spades is the suit to follow. No trump was played, so the highest spade wins: A♠. 9♣ neither follows spades nor is a trump, so it cannot win.
    >>> print(explain_trick(cs("A♠ J♦ 9♠"), "H").text)
    Hearts are trumps. A♠ led, so spades is the suit to follow. J♦ is the left bower, so it is a trump: a trump beats every spade, so J♦ wins.
    """
    cards = read_cards(trick, "the trick")
    t = parse_trump(trump)
    tk = trump_key(t)
    winner = trick_winner(cards, t)
    led = cards[0]
    led_code = EFF[tk][led.index]
    table = WIN[tk][led_code]
    keys = [table[c.index] for c in cards]
    details: list[TrickCard] = []
    for i, c in enumerate(cards):
        code = EFF[tk][c.index]
        if i == 0:
            status = "led"
        elif code == led_code:
            status = "followed"
        elif code == NO_TRUMP_KEY:
            status = "joker"  # the no-trump Joker: no suit, and it beats every card
        elif code == tk:
            status = "trumped"
        else:
            status = "discarded"
        beats = tuple(x for j, x in enumerate(cards) if j != i and keys[i] > keys[j])
        beaten_by = tuple(x for j, x in enumerate(cards) if j != i and keys[j] > keys[i])
        details.append(
            TrickCard(
                position=i,
                card=c,
                role=card_role(c, t),
                effective_suit=None if code == NO_TRUMP_KEY else Suit(code),
                status=status,
                beats=beats,
                beaten_by=beaten_by,
                wins=i == winner,
            )
        )
    trumps_led = led_code == tk
    sentences = [_trump_sentence(t)]
    led_role = card_role(led, t)
    if led is JOKER and t is not None:
        sentences.append("The Joker led: it is the highest trump, so trumps were led.")
    elif led is JOKER:
        sentences.append("The Joker led: it belongs to no suit, so nobody can follow it.")
    elif led_role == CardRole.LEFT_BOWER:
        sentences.append(
            f"{led.text} led: it is the left bower, a trump, so trumps were led, not "
            f"{led.suit.plural if led.suit else ''}."
        )
    elif trumps_led:
        sentences.append(f"{led.text} led, a trump, so trumps were led.")
    else:
        sentences.append(f"{led.text} led, so {Suit(led_code).plural} is the suit to follow.")
    win = details[winner]
    wcard = win.card
    said: set[int] = set()
    if wcard is JOKER:
        sentences.append(
            "The Joker is always the highest trump: it wins."
            if t is not None
            else "The Joker beats every card: it wins."
        )
    elif win.role == CardRole.LEFT_BOWER and win.status == "trumped":
        sentences.append(
            f"{wcard.text} is the left bower, so it is a trump: a trump beats every "
            f"{Suit(led_code).singular}, so {wcard.text} wins."
        )
    elif win.status == "trumped":
        if len([d for d in details if d.status == "trumped"]) > 1:
            sentences.append(
                f"{wcard.text} is the highest trump played, so it wins" + _role_clause(win) + "."
            )
        else:
            sentences.append(
                f"{wcard.text} is a trump"
                + _role_clause(win)
                + f": a trump beats every {Suit(led_code).singular}, so it wins."
            )
    elif trumps_led:
        sentences.append(f"The highest trump wins: {wcard.text}" + _role_clause(win) + ".")
    else:
        suit_name = Suit(led_code).singular
        nobody = "No trump was played" if t is not None else "Nobody played the Joker"
        sentences.append(f"{nobody}, so the highest {suit_name} wins: {wcard.text}.")
    said.add(winner)
    # Say why the bowers rank where they do, when they lost (the Joker never loses).
    for d in details:
        if d.position in said:
            continue
        if d.role in (CardRole.LEFT_BOWER, CardRole.RIGHT_BOWER):
            what = {
                CardRole.LEFT_BOWER: f"{d.role.phrase}, so it is a trump",
                CardRole.RIGHT_BOWER: f"{d.role.phrase}, {nth_highest(2, 'trump')}",
            }[d.role]
            clause = f"{d.card.text} is {what}"
            if d.beats:
                clause += f": it beats {join_and(card_words(x) for x in d.beats)} but not "
                clause += join_and((card_words(x) for x in d.beaten_by), "or") + "."
            else:
                clause += f", but {join_and(card_words(x) for x in d.beaten_by)} beats it."
            sentences.append(clause)
            said.add(d.position)
    off = [d for d in details if d.status == "discarded" and d.position not in said]
    if off:
        one = len(off) == 1
        it = "it cannot win" if one else "they cannot win"
        names = join_and(d.card.text for d in off)
        if led_code == NO_TRUMP_KEY:
            pass  # the lead sentence said it: nobody can follow the no-trump Joker
        elif trumps_led:
            verb = "is not a trump" if one else "are not trumps"
            sentences.append(f"{names} {verb}, so {it}.")
        elif t is None:
            verb = "does not follow" if one else "do not follow"
            sentences.append(f"{names} {verb} {Suit(led_code).plural}, so {it}.")
        else:
            verb = "neither follows" if one else "neither follow"
            tail = "nor is a trump" if one else "nor are trumps"
            sentences.append(f"{names} {verb} {Suit(led_code).plural} {tail}, so {it}.")
    return TrickExplanation(
        cards=cards,
        trump=t,
        led_suit=None if led_code == NO_TRUMP_KEY else Suit(led_code),
        trumps_led=trumps_led,
        winner=winner,
        details=tuple(details),
        sentences=tuple(sentences),
    )


def _role_clause(d: TrickCard) -> str:
    if d.role == CardRole.RIGHT_BOWER:
        return " (the right bower, the jack of trumps)"
    if d.role == CardRole.LEFT_BOWER:
        return " (the left bower, which counts as a trump)"
    return ""


# --- legal plays ---------------------------------------------------------------


@dataclass(frozen=True)
class PlayExplanation:
    """Whether one card of a hand may be played now, and why."""

    card: Card
    allowed: bool
    reason: str
    text: str


def explain_plays(
    hand: Iterable[Card | str],
    trick: Iterable[Card | str],
    trump: Trump | str,
    *,
    no_trump_joker: NoTrumpJoker = NoTrumpJoker.VOID_ONLY,
) -> tuple[PlayExplanation, ...]:
    """For each card of ``hand`` (in order): may it be played to ``trick``, and why.

    ``reason`` is one of ``leading``, ``follows``, ``must follow``,
    ``cannot follow: trumps``, ``cannot follow: discard`` (a card that can neither
    follow nor win), ``joker wins`` (the no-trump Joker played by a player who cannot
    follow) and ``joker any time`` (the no-trump Joker played by a player who could
    follow, under the any-time Joker option).

    In a no-trump hand the Joker always wins the trick it is played to, as
    :func:`~hasenpfeffer_core.engine.tricks.trick_winner` decides (see the last
    example).

    >>> from hasenpfeffer_core import parse_cards as cs
    >>> [e.reason for e in explain_plays(cs("J♦ 9♣ A♥"), cs("A♦"), "H")]
    ['cannot follow: trumps', 'cannot follow: discard', 'cannot follow: trumps']
    >>> explain_plays(cs("J♦ 9♣"), cs("A♦"), "H")[0].text
    'J♦ may be played: you hold no diamonds (J♦ is the left bower, a trump, not a diamond), so any card may be played, and J♦ is a trump.'
    >>> print(explain_plays(cs("JK 9C"), cs("AH"), None)[0].text)
    The Joker may be played: you hold no hearts, so any card may be played; in a no-trump hand the Joker beats every card, so it wins the trick.
    """
    cards = read_cards(hand, "the hand")
    played = read_cards(trick, "the trick")
    t = parse_trump(trump)
    tk = trump_key(t)
    legal = set(legal_plays(cards, played, t, no_trump_joker=no_trump_joker))
    out: list[PlayExplanation] = []
    if not played:
        for c in cards:
            out.append(
                PlayExplanation(
                    c, True, "leading", f"{_subject(c)} may be led: the leader may lead any card."
                )
            )
        return tuple(out)
    led = played[0]
    code = EFF[tk][led.index]
    followers = [c for c in cards if EFF[tk][c.index] == code]
    suit_words = _suit_words(code, tk)
    if code == NO_TRUMP_KEY:
        led_text = "the Joker led and belongs to no suit"
    elif led is JOKER:
        led_text = f"the Joker led trumps ({Suit(code).plural})"
    elif card_role(led, t) == CardRole.LEFT_BOWER:
        led_text = f"{led.text}, the left bower, led trumps ({Suit(code).plural})"
    elif code == tk:
        led_text = f"{led.text} led trumps ({Suit(code).plural})"
    else:
        led_text = f"{led.text} led {Suit(code).plural}"
    for c in cards:
        role = card_role(c, t)
        c_code = EFF[tk][c.index]
        if c in legal and c_code == code:
            why = f"{_subject(c)} may be played: it follows {suit_words}"
            if role == CardRole.LEFT_BOWER and c.suit is not None:
                why += f" (the left bower counts as a trump, not a {c.suit.singular})"
            out.append(PlayExplanation(c, True, "follows", why + "."))
        elif c in legal and followers and c is JOKER:
            out.append(
                PlayExplanation(
                    c,
                    True,
                    "joker any time",
                    f"The Joker may be played even though you hold {join_and(card_words(x) for x in followers)}: "
                    "under these rules the Joker may be played at any turn of a no-trump hand. "
                    "It beats every card, so it wins the trick.",
                )
            )
        elif c in legal:
            note = ""
            lefts = [x for x in cards if card_role(x, t) == CardRole.LEFT_BOWER]
            if lefts and code != tk and code != NO_TRUMP_KEY and lefts[0].suit is Suit(code):
                note = f" ({lefts[0].text} is the left bower, a trump, not a {Suit(code).singular})"
            if code == NO_TRUMP_KEY:
                start = (
                    f"{_subject(c)} may be played: nobody can follow the Joker, "
                    "so any card may be played"
                )
            else:
                start = (
                    f"{_subject(c)} may be played: you hold no {Suit(code).plural}{note}, "
                    "so any card may be played"
                )
            if c is JOKER and t is None:
                out.append(
                    PlayExplanation(
                        c,
                        True,
                        "joker wins",
                        start + "; in a no-trump hand the Joker beats every card, so it wins "
                        "the trick.",
                    )
                )
            elif c_code == tk and t is not None:
                out.append(
                    PlayExplanation(
                        c,
                        True,
                        "cannot follow: trumps",
                        start + f", and {card_words(c)} is a trump.",
                    )
                )
            else:
                out.append(
                    PlayExplanation(
                        c, True, "cannot follow: discard", start + f"; {_cannot_win(c, code, t)}."
                    )
                )
        else:
            holding = join_and(card_words(x) for x in followers)
            one = "it" if len(followers) == 1 else "one of them"
            text = (
                f"{_subject(c)} is not allowed: {led_text}, and you hold {holding}, so you must "
                f"follow with {one}."
            )
            if role == CardRole.LEFT_BOWER and c.suit is not None:
                text += (
                    f" ({c.text} is the left bower: it counts as a trump, not a {c.suit.singular}.)"
                )
            out.append(PlayExplanation(c, False, "must follow", text))
    return tuple(out)


def _cannot_win(card: Card, code: int, t: Trump) -> str:
    """Why a card that does not follow the lead cannot win: the end of a sentence."""
    if code == NO_TRUMP_KEY:
        return f"the Joker beats every card, so {card.text} cannot win the trick"
    if t is None:
        return f"{card.text} is not a {Suit(code).singular}, so it cannot win the trick"
    if code == trump_key(t):
        return f"{card.text} is not a trump, so it cannot win the trick"
    return f"{card.text} is neither a {Suit(code).singular} nor a trump, so it cannot win the trick"
