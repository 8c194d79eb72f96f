"""Why: why a card wins a trick, why a card may or may not be played, where a card ranks.

Every face of the project (quizzes, widgets, the docs site, the terminal) takes
its explanations from here, as structured data a widget can highlight and as
sentences in the learner's language (:mod:`~hasenpfeffer_core.engine.i18n`).

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

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from ..engine.cards import JOKER, Card, Colour, Rank, Suit, parse_card, parse_trump, read_cards
from ..engine.i18n import N_, ngettext, pgettext
from ..engine.i18n import gettext as _
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
    "card_label",
    "card_words",
    "explain_card",
    "explain_plays",
    "explain_trick",
    "join_and",
    "nth_card",
    "nth_highest",
    "ordinal",
    "ordinal_word",
    "trumps_sentence",
]

Trump = Suit | None


def _english(message: str, translated: str) -> bool:
    """Whether ``translated`` is ``message`` itself: English (or a language without a
    translation for it), where the helpers below write places in English words."""
    return translated == message


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ...: for numbered places in a table or a list
    (in Italian ``1º``, in Thai ``ที่ 1``).

    Sentences use :func:`nth_highest` instead ("the third-highest card", never
    "the 3rd highest card").

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    # Translators: a numbered place in a table ("1st", "2nd", ...), n is the number.
    # English adds st/nd/rd/th itself; write the form for every number, e.g. "{n}º".
    message = pgettext("place in a table", "{n}th")
    if not _english("{n}th", message):
        return message.format(n=n)
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
    """A place in English words: ``first``, ``second``, ``third`` ... up to ``fifty-ninth``.

    English only: a sentence in any language names a place with :func:`nth_highest`
    or :func:`nth_card`, which use these words in English and the number elsewhere.

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


#: The nouns :func:`nth_highest` counts: for each, "the highest ..." and "the nth-highest
#: ...", one message each, so that every language words the place its own way (Italian
#: ``la 3ª carta più alta``, Thai ``ไพ่ที่ใหญ่เป็นอันดับ 3``).
_PLACES: Final = {
    # Translators: a card's place counted from the top, n is 2, 3, 4 ... English
    # writes the place in words ("the third-highest card").
    "card": (N_("the highest card"), N_("the {n}-highest card")),
    "trump": (N_("the highest trump"), N_("the {n}-highest trump")),
    # Translators: a place among the trumps, with no noun after it ("X is a trump,
    # the fourth-highest of the 8 trumps"); n is 2, 3, 4 ...
    "": (N_("the highest"), N_("the {n}-highest")),
}
#: The same for a suit's cards ("the highest spade"): the suit is the placeholder.
_SUIT_PLACES: Final = (
    # Translators: a card's place in its suit; suit is a suit's name ("spades").
    N_("the highest {suit}"),
    # Translators: a card's place in its suit; n is 2, 3, 4 ..., suit a suit's name.
    N_("the {n}-highest {suit}"),
)
#: The English nouns for one card of each suit, read as that suit by nth_highest.
_SUIT_NOUNS: Final = {s.name.lower()[:-1]: s for s in Suit}


def nth_highest(n: int, noun: str | Suit = "") -> str:
    """A place counted from the top, as a card player says it.

    The one helper every sentence uses for "the highest", "the second-highest",
    "the third-highest" ..., with the noun after it when one is given: ``"card"``,
    ``"trump"`` or a suit (a :class:`~hasenpfeffer_core.engine.cards.Suit`, or its
    English singular, ``"spade"``). In English the place is in words; in Italian and
    Thai each noun has its own message with the number.

    >>> nth_highest(1, "card"), nth_highest(2), nth_highest(3, "spade")
    ('the highest card', 'the second-highest', 'the third-highest spade')
    >>> nth_highest(25, "card"), nth_highest(2, Suit.HEARTS)
    ('the twenty-fifth-highest card', 'the second-highest heart')
    """
    suit = noun if isinstance(noun, Suit) else _SUIT_NOUNS.get(noun)
    if suit is not None:
        first, nth = _SUIT_PLACES
        if n == 1:
            return _(first).format(suit=suit.singular)
        message = _(nth)
        if _english(nth, message):
            return f"the {ordinal_word(n)}-highest {suit.singular}"
        return message.format(n=n, suit=suit.singular)
    assert isinstance(noun, str)
    if noun not in _PLACES:  # a noun without its messages: English words
        words = "the highest" if n == 1 else f"the {ordinal_word(n)}-highest"
        return f"{words} {noun}" if noun else words
    first, nth = _PLACES[noun]
    if n == 1:
        return _(first)
    message = _(nth)
    if _english(nth, message):
        words = f"the {ordinal_word(n)}-highest"
        return f"{words} {noun}" if noun else words
    return message.format(n=n)


def nth_card(n: int, *, yours: bool = False) -> str:
    """A card's place in a row of cards: ``the third card``, or with ``yours``
    ``your third card`` (Italian ``la 3ª carta``, Thai ``ไพ่ใบที่ 3``).

    >>> nth_card(3), nth_card(1, yours=True)
    ('the third card', 'your first card')
    """
    if yours:
        # Translators: the learner's card at place n (1, 2, 3 ...) in the order they chose.
        nth = N_("your card number {n}")
        english = f"your {ordinal_word(n)} card"
    else:
        # Translators: the card at place n (1, 2, 3 ...) in a row of cards.
        nth = N_("the card number {n}")
        english = f"the {ordinal_word(n)} card"
    message = _(nth)
    return english if _english(nth, message) else message.format(n=n)


#: How a list ends: "A, B and C", "A, B or C".
_LAST: Final = {
    # Translators: the end of a list, "A, B and C": first is all but the last item.
    "and": N_("{first} and {last}"),
    # Translators: the end of a list of choices, "A, B or C": first is all but the last.
    "or": N_("{first} or {last}"),
}


def join_and(words: Iterable[str], last: str = "and") -> str:
    """``A``, ``A and B``, ``A, B and C`` (``last="or"``: ``A, B or C``), in the
    learner's language (Italian ``A, B e C``, Thai ``A, B และ C``).

    >>> join_and(["A♠", "K♠", "the Joker"]), join_and(["pass", "3"], "or")
    ('A♠, K♠ and the Joker', 'pass or 3')
    """
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    # Translators: the comma between the items of a list ("A, B and C").
    first = pgettext("list", ", ").join(items[:-1])
    if last in _LAST:
        return _(_LAST[last]).format(first=first, last=items[-1])
    return f"{first} {last} {items[-1]}"


def card_label(card: Card) -> str:
    """How a button or a list of cards names a card: ``Joker`` or its short text ("JK"
    is the notation's, not a word a learner reads).

    >>> from hasenpfeffer_core import JOKER, parse_card
    >>> card_label(JOKER), card_label(parse_card("JH"))
    ('Joker', 'J♥')
    """
    return _("Joker") if card is JOKER else card.text


def card_words(card: Card) -> str:
    """How a sentence names a card: ``the Joker`` or its short text.

    >>> from hasenpfeffer_core import JOKER, parse_card
    >>> card_words(JOKER), card_words(parse_card("JH"))
    ('the Joker', 'J♥')
    """
    return _("the Joker") if card is JOKER else card.text


#: Opening brackets and quotes that may come before a sentence's first letter.
_OPENING: Final = frozenset({"Ps", "Pi"})


def capitalised(text: str) -> str:
    """``text`` with its first letter a capital (the rest as it is).

    An opening bracket or quote before the letter is skipped; a text that begins with
    anything else (a card, a number, a Thai letter, which has no capital) is left as it
    is.

    >>> capitalised("the Joker wins"), capitalised("«il jolly»"), capitalised("10♥ led")
    ('The Joker wins', '«Il jolly»', '10♥ led')
    >>> capitalised("ไพ่ใบนี้"), capitalised("")
    ('ไพ่ใบนี้', '')
    """
    i = 0
    while i < len(text) and unicodedata.category(text[i]) in _OPENING:
        i += 1
    return text[:i] + text[i : i + 1].upper() + text[i + 1 :]


#: The sentence that names the trump, one per trump suit, and one for no trump.
_TRUMP_SENTENCES: Final = {
    Suit.SPADES: N_("Spades are trumps."),
    Suit.HEARTS: N_("Hearts are trumps."),
    Suit.DIAMONDS: N_("Diamonds are trumps."),
    Suit.CLUBS: N_("Clubs are trumps."),
    None: N_("There are no trumps."),
}


def trumps_sentence(trump: Trump) -> str:
    """``Hearts are trumps.``, ``There are no trumps.``: the sentence that opens an
    explanation or a quiz question.

    >>> trumps_sentence(Suit.CLUBS), trumps_sentence(None)
    ('Clubs are trumps.', 'There are no trumps.')
    """
    return _(_TRUMP_SENTENCES[trump])


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


#: The left bower's sentence, by the colour of the trump suit.
_LEFT_BOWER_CARD: Final = {
    # Translators: card is the left bower (J♦), trumps the trump suit's name (hearts),
    # suit its printed suit (diamond), place its place ("the third-highest card"), jack
    # the right bower (J♥).
    Colour.RED: N_(
        "{card} is the left bower: when {trumps} are trumps, the jack of the other red suit "
        "counts as a trump, not a {suit}. It is {place}, after the Joker and {jack}."
    ),
    Colour.BLACK: N_(
        "{card} is the left bower: when {trumps} are trumps, the jack of the other black suit "
        "counts as a trump, not a {suit}. It is {place}, after the Joker and {jack}."
    ),
}


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
        text = _joker_card_text(t)
    elif role == CardRole.RIGHT_BOWER:
        assert t is not None
        text = _right_bower_card_text(c, t, place)
    elif role == CardRole.LEFT_BOWER:
        assert t is not None and c.suit is not None
        text = _left_bower_card_text(c, t, c.suit, place)
    elif role == CardRole.TRUMP:
        assert t is not None
        text = _trump_card_text(c, place_in_suit, len(same))
    else:
        assert c.suit is not None
        text = _plain_card_text(c, c.suit, t, same, place_in_suit)
    return CardExplanation(c, t, role, eff, place, place_in_suit, text)


def _joker_card_text(t: Trump) -> str:
    """The Joker's place under ``t``: the highest card, in a sentence."""
    if t is None:
        return _(
            "In a no-trump hand the Joker belongs to no suit and beats every other card: "
            "it is the highest card."
        )
    # Translators: trumps is the trump suit's name (spades), jack the right bower (J♠).
    return _(
        "The Joker is always the highest trump. With {trumps} trumps it is above "
        "even the right bower ({jack}): it is the highest card."
    ).format(trumps=t.plural, jack=Card(Rank.JACK, t).text)


def _right_bower_card_text(card: Card, t: Suit, place: int) -> str:
    """The right bower's place (``place`` among all cards), in a sentence."""
    # Translators: card is the right bower (J♥), trumps the trump suit's name
    # (hearts), place its place among all cards ("the second-highest card").
    return _(
        "{card} is the right bower: the jack of trumps ({trumps}) is the second-highest "
        "trump, below only the Joker. It is {place}."
    ).format(card=card.text, trumps=t.plural, place=nth_highest(place, "card"))


def _left_bower_card_text(card: Card, t: Suit, suit: Suit, place: int) -> str:
    """The left bower's place (``place`` among all cards), in a sentence."""
    return _(_LEFT_BOWER_CARD[t.colour]).format(
        card=card.text,
        trumps=t.plural,
        suit=suit.singular,
        place=nth_highest(place, "card"),
        jack=Card(Rank.JACK, t).text,
    )


def _trump_card_text(card: Card, place_in_suit: int, n: int) -> str:
    """A trump below the bowers: its place among the ``n`` trumps, in a sentence."""
    if place_in_suit == n:
        return ngettext(
            "{card} is a trump, the lowest of the {n} trump, yet it beats every card of "
            "the other suits.",
            "{card} is a trump, the lowest of the {n} trumps, yet it beats every card of "
            "the other suits.",
            n,
        ).format(card=card.text, n=n)
    if place_in_suit == 4:
        # Translators: place is the card's place among the trumps ("the fourth-highest").
        return ngettext(
            "{card} is a trump, {place} of the {n} trump, below the Joker and both "
            "bowers: it beats every card of the other suits.",
            "{card} is a trump, {place} of the {n} trumps, below the Joker and both "
            "bowers: it beats every card of the other suits.",
            n,
        ).format(card=card.text, place=nth_highest(place_in_suit), n=n)
    # Translators: place is the card's place among the trumps ("the fifth-highest").
    return ngettext(
        "{card} is a trump, {place} of the {n} trump: it beats every card of the other suits.",
        "{card} is a trump, {place} of the {n} trumps: it beats every card of the other suits.",
        n,
    ).format(card=card.text, place=nth_highest(place_in_suit), n=n)


def _plain_card_text(card: Card, suit: Suit, t: Trump, same: list[Card], place_in_suit: int) -> str:
    """A plain card's place in its suit (``same``, highest first) and when it can win."""
    size = len(same)
    higher = [x.text for x in same[: place_in_suit - 1]]
    rank = nth_highest(place_in_suit, suit)
    if higher:
        # Translators: place is "the third-highest spade", cards the higher cards
        # of the suit ("A♠ and K♠").
        first = _("{card} is a plain card, {place} (below {cards}).").format(
            card=card.text, place=rank, cards=join_and(higher)
        )
    else:
        first = _("{card} is a plain card, {place}.").format(card=card.text, place=rank)
    if higher and t is not None:
        # Translators: suits is a suit's name (spades), suit one card of it (spade).
        second = _(
            "It can win a trick only when {suits} are led and nobody plays a higher "
            "{suit} or a trump."
        )
    elif higher:
        second = _(
            "It can win a trick only when {suits} are led and nobody plays a higher "
            "{suit} or the Joker."
        )
    elif t is not None:
        second = _("It can win a trick only when {suits} are led and nobody plays a trump.")
    else:
        second = _("It can win a trick only when {suits} are led and nobody plays the Joker.")
    sentences = [first, second.format(suits=suit.plural, suit=suit.singular)]
    if t is not None and suit is t.partner:
        sentences.append(
            ngettext(
                "This suit has only {n} card: its jack is the left bower, a trump.",
                "This suit has only {n} cards: its jack is the left bower, a trump.",
                size,
            ).format(n=size)
        )
    return " ".join(sentences)


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
        """The explanation, its sentences one after the other."""
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
    details = _trick_cards(cards, t, winner)
    trumps_led = led_code == tk
    sentences = [
        trumps_sentence(t),
        _lead_sentence(led, t, led_code, trumps_led),
        _winner_sentence(details[winner], details, t, led_code, trumps_led),
    ]
    said = {winner}
    # Say why the bowers rank where they do, when they lost (the Joker never loses).
    bowers = [
        d
        for d in details
        if d.position not in said and d.role in (CardRole.LEFT_BOWER, CardRole.RIGHT_BOWER)
    ]
    sentences.extend(_lost_bower_sentence(d) for d in bowers)
    said.update(d.position for d in bowers)
    off = [d for d in details if d.status == "discarded" and d.position not in said]
    if off and led_code != NO_TRUMP_KEY:  # (the lead sentence said nobody can follow the Joker)
        sentences.append(_off_sentence(off, t, led_code, trumps_led))
    return TrickExplanation(
        cards=cards,
        trump=t,
        led_suit=None if led_code == NO_TRUMP_KEY else Suit(led_code),
        trumps_led=trumps_led,
        winner=winner,
        details=tuple(details),
        sentences=tuple(sentences),
    )


def _trick_cards(cards: tuple[Card, ...], t: Trump, winner: int) -> list[TrickCard]:
    """One :class:`TrickCard` per card of the trick: its status, what it beats and what beats it."""
    tk = trump_key(t)
    led_code = EFF[tk][cards[0].index]
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
    return details


def _lead_sentence(led: Card, t: Trump, led_code: int, trumps_led: bool) -> str:
    """What the led card makes the suit to follow, in a sentence."""
    led_role = card_role(led, t)
    if led is JOKER and t is not None:
        return _("The Joker led: it is the highest trump, so trumps were led.")
    if led is JOKER:
        return _("The Joker led: it belongs to no suit, so nobody can follow it.")
    if led_role == CardRole.LEFT_BOWER:
        # Translators: card is the left bower, suits the name of its printed suit.
        return _(
            "{card} led: it is the left bower, a trump, so trumps were led, not {suits}."
        ).format(card=led.text, suits=led.suit.plural if led.suit else "")
    if trumps_led:
        return _("{card} led, a trump, so trumps were led.").format(card=led.text)
    # Translators: suits is the name of the suit led (spades).
    return _("{card} led, so {suits} is the suit to follow.").format(
        card=led.text, suits=Suit(led_code).plural
    )


def _winner_sentence(
    win: TrickCard, details: list[TrickCard], t: Trump, led_code: int, trumps_led: bool
) -> str:
    """Why ``win``, the winning card of the trick, wins, in a sentence."""
    wcard = win.card
    if wcard is JOKER:
        return (
            _("The Joker is always the highest trump: it wins.")
            if t is not None
            else _("The Joker beats every card: it wins.")
        )
    if win.role == CardRole.LEFT_BOWER and win.status == "trumped":
        # Translators: suit is one card of the suit led (spade).
        return _(
            "{card} is the left bower, so it is a trump: a trump beats every {suit}, so "
            "{card} wins."
        ).format(card=wcard.text, suit=Suit(led_code).singular)
    if win.status == "trumped":
        several = len([d for d in details if d.status == "trumped"]) > 1
        right = win.role == CardRole.RIGHT_BOWER
        if several and right:
            message = _(
                "{card} is the highest trump played, so it wins (the right bower, the jack "
                "of trumps)."
            )
        elif several:
            message = _("{card} is the highest trump played, so it wins.")
        elif right:
            # Translators: suit is one card of the suit led (spade).
            message = _(
                "{card} is a trump (the right bower, the jack of trumps): a trump beats every "
                "{suit}, so it wins."
            )
        else:
            # Translators: suit is one card of the suit led (spade).
            message = _("{card} is a trump: a trump beats every {suit}, so it wins.")
        return message.format(card=wcard.text, suit=Suit(led_code).singular)
    if trumps_led:
        if win.role == CardRole.RIGHT_BOWER:
            message = _("The highest trump wins: {card} (the right bower, the jack of trumps).")
        elif win.role == CardRole.LEFT_BOWER:
            message = _("The highest trump wins: {card} (the left bower, which counts as a trump).")
        else:
            message = _("The highest trump wins: {card}.")
        return message.format(card=wcard.text)
    # Translators: suit is one card of the suit led (spade).
    message = (
        _("No trump was played, so the highest {suit} wins: {card}.")
        if t is not None
        else _("Nobody played the Joker, so the highest {suit} wins: {card}.")
    )
    return message.format(suit=Suit(led_code).singular, card=wcard.text)


def _lost_bower_sentence(d: TrickCard) -> str:
    """Why a bower that lost the trick ranks where it does: what it beats, what beats it."""
    left = d.role == CardRole.LEFT_BOWER
    if d.beats and left:
        # Translators: card is the left bower; beaten the cards it beats,
        # winners those that beat it ("the Joker", "J♥ or the Joker").
        message = _(
            "{card} is the left bower, so it is a trump: it beats {beaten} but not {winners}."
        )
    elif d.beats:
        message = _(
            "{card} is the right bower, the second-highest trump: it beats {beaten} "
            "but not {winners}."
        )
    elif left:
        # Translators: card is the left bower; winners the card or cards that beat
        # it ("the Joker", "the Joker and J♥").
        message = _("{card} is the left bower, so it is a trump, but {winners} beats it.")
    else:
        message = _("{card} is the right bower, the second-highest trump, but {winners} beats it.")
    return message.format(
        card=d.card.text,
        beaten=join_and(card_words(x) for x in d.beats),
        winners=join_and((card_words(x) for x in d.beaten_by), "or" if d.beats else "and"),
    )


def _off_sentence(off: list[TrickCard], t: Trump, led_code: int, trumps_led: bool) -> str:
    """Why the cards ``off`` (neither following nor trumping) cannot win, in a sentence."""
    n = len(off)
    names = join_and(d.card.text for d in off)
    if trumps_led:
        message = ngettext(
            "{cards} is not a trump, so it cannot win.",
            "{cards} are not trumps, so they cannot win.",
            n,
        )
    elif t is None:
        # Translators: suits is the name of the suit led (spades).
        message = ngettext(
            "{cards} does not follow {suits}, so it cannot win.",
            "{cards} do not follow {suits}, so they cannot win.",
            n,
        )
    else:
        # Translators: suits is the name of the suit led (spades).
        message = ngettext(
            "{cards} neither follows {suits} nor is a trump, so it cannot win.",
            "{cards} neither follow {suits} nor are trumps, so they cannot win.",
            n,
        )
    return message.format(cards=names, suits=Suit(led_code).plural)


# --- legal plays ---------------------------------------------------------------


@dataclass(frozen=True)
class PlayExplanation:
    """Whether one card of a hand may be played now, and why."""

    card: Card
    allowed: bool
    reason: str
    text: str


def _led_words(led: Card, code: int, tk: int, t: Trump) -> str:
    """What was led, as the clause of a sentence: ``10♥ led trumps (hearts)``."""
    if code == NO_TRUMP_KEY:
        return _("the Joker led and belongs to no suit")
    suits = Suit(code).plural
    if led is JOKER:
        # Translators: a clause: suits is the trump suit's name (hearts).
        return _("the Joker led trumps ({suits})").format(suits=suits)
    if card_role(led, t) == CardRole.LEFT_BOWER:
        # Translators: a clause: card is the left bower, suits the trump suit's name.
        return _("{card}, the left bower, led trumps ({suits})").format(card=led.text, suits=suits)
    if code == tk:
        # Translators: a clause: suits is the trump suit's name (hearts).
        return _("{card} led trumps ({suits})").format(card=led.text, suits=suits)
    # Translators: a clause: suits is the name of the suit led (spades).
    return _("{card} led {suits}").format(card=led.text, suits=suits)


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
    if not played:
        return tuple(_may_lead(c) for c in cards)
    led = played[0]
    code = EFF[tk][led.index]
    followers = [c for c in cards if EFF[tk][c.index] == code]
    out: list[PlayExplanation] = []
    for c in cards:
        if c in legal and EFF[tk][c.index] == code:
            out.append(_follows(c, code, tk, t))
        elif c in legal and followers and c is JOKER:
            out.append(_joker_any_time(c, followers))
        elif c in legal:
            out.append(_cannot_follow(c, cards, code, tk, t))
        else:
            out.append(_must_follow(c, followers, led, code, tk, t))
    return tuple(out)


def _may_lead(c: Card) -> PlayExplanation:
    """Why ``c`` may be led to an empty trick: the leader may lead any card."""
    text = _("{card} may be led: the leader may lead any card.")
    return PlayExplanation(c, True, "leading", capitalised(text.format(card=card_words(c))))


def _follows(c: Card, code: int, tk: int, t: Trump) -> PlayExplanation:
    """Why ``c``, of the suit led (``code``), may be played: it follows."""
    if code == NO_TRUMP_KEY:
        why = _("{card} may be played: it follows the Joker's.")
    elif code != tk:
        # Translators: suits is the name of the suit led (spades).
        why = _("{card} may be played: it follows {suits}.")
    elif card_role(c, t) == CardRole.LEFT_BOWER:
        # Translators: suits is the trump suit's name (hearts), suit the left
        # bower's printed suit (diamond).
        why = _(
            "{card} may be played: it follows trumps ({suits}) (the left bower counts "
            "as a trump, not a {suit})."
        )
    else:
        # Translators: suits is the trump suit's name (hearts).
        why = _("{card} may be played: it follows trumps ({suits}).")
    text = why.format(
        card=card_words(c),
        suits=Suit(code).plural if code != NO_TRUMP_KEY else "",
        suit=c.suit.singular if c.suit is not None else "",
    )
    return PlayExplanation(c, True, "follows", capitalised(text))


def _joker_any_time(c: Card, followers: list[Card]) -> PlayExplanation:
    """Why the no-trump Joker ``c`` may be played by a player who holds ``followers``."""
    # Translators: cards are the cards of the suit led that the learner holds.
    text = _(
        "The Joker may be played even though you hold {cards}: under these rules the "
        "Joker may be played at any turn of a no-trump hand. It beats every card, so it "
        "wins the trick."
    ).format(cards=join_and(card_words(x) for x in followers))
    return PlayExplanation(c, True, "joker any time", text)


def _cannot_follow(
    c: Card, cards: tuple[Card, ...], code: int, tk: int, t: Trump
) -> PlayExplanation:
    """Why ``c`` may be played by a player who holds none of the suit led (``code``)."""
    lefts = [x for x in cards if card_role(x, t) == CardRole.LEFT_BOWER]
    if code == NO_TRUMP_KEY:
        start = _("{card} may be played: nobody can follow the Joker, so any card may be played")
    elif lefts and code != tk and lefts[0].suit is Suit(code):
        # Translators: the start of a sentence. suits is the name of the suit led
        # (diamonds), left the left bower (J♦), suit one card of the suit led.
        start = _(
            "{card} may be played: you hold no {suits} ({left} is the left bower, a "
            "trump, not a {suit}), so any card may be played"
        )
    else:
        # Translators: the start of a sentence. suits is the name of the suit led.
        start = _("{card} may be played: you hold no {suits}, so any card may be played")
    reason = capitalised(
        start.format(
            card=card_words(c),
            suits=Suit(code).plural if code != NO_TRUMP_KEY else "",
            left=lefts[0].text if lefts else "",
            suit=Suit(code).singular if code != NO_TRUMP_KEY else "",
        )
    )
    if c is JOKER and t is None:
        # Translators: reason is "X may be played: ..., so any card may be played"
        # and result a clause that follows it.
        text = _("{reason}; {result}.").format(
            reason=reason,
            result=_("in a no-trump hand the Joker beats every card, so it wins the trick"),
        )
        return PlayExplanation(c, True, "joker wins", text)
    if EFF[tk][c.index] == tk and t is not None:
        # Translators: reason is "X may be played: ..., so any card may be played".
        text = _("{reason}, and {card} is a trump.").format(reason=reason, card=card_words(c))
        return PlayExplanation(c, True, "cannot follow: trumps", text)
    text = _("{reason}; {result}.").format(reason=reason, result=_cannot_win(c, code, t))
    return PlayExplanation(c, True, "cannot follow: discard", text)


def _must_follow(
    c: Card, followers: list[Card], led: Card, code: int, tk: int, t: Trump
) -> PlayExplanation:
    """Why ``c`` may not be played: the player holds ``followers``, cards of the suit led."""
    # Translators: lead is a clause saying what was led ("10♥ led trumps
    # (hearts)"), cards the cards of that suit the learner holds.
    text = ngettext(
        "{card} is not allowed: {lead}, and you hold {cards}, so you must follow with it.",
        "{card} is not allowed: {lead}, and you hold {cards}, so you must follow with one of them.",
        len(followers),
    ).format(
        card=card_words(c),
        lead=_led_words(led, code, tk, t),
        cards=join_and(card_words(x) for x in followers),
    )
    text = capitalised(text)
    if card_role(c, t) == CardRole.LEFT_BOWER and c.suit is not None:
        # Translators: card is the left bower, suit its printed suit (diamond).
        note = _("({card} is the left bower: it counts as a trump, not a {suit}.)")
        text += " " + note.format(card=c.text, suit=c.suit.singular)
    return PlayExplanation(c, False, "must follow", text)


def _cannot_win(card: Card, code: int, t: Trump) -> str:
    """Why a card that does not follow the lead cannot win: a clause that ends a sentence."""
    if code == NO_TRUMP_KEY:
        return _("the Joker beats every card, so {card} cannot win the trick").format(
            card=card.text
        )
    if t is None:
        # Translators: suit is one card of the suit led (spade).
        return _("{card} is not a {suit}, so it cannot win the trick").format(
            card=card.text, suit=Suit(code).singular
        )
    if code == trump_key(t):
        return _("{card} is not a trump, so it cannot win the trick").format(card=card.text)
    # Translators: suit is one card of the suit led (spade).
    return _("{card} is neither a {suit} nor a trump, so it cannot win the trick").format(
        card=card.text, suit=Suit(code).singular
    )
