"""Suits, ranks, the 25 cards and their short texts.

Hasenpfeffer is played with 25 cards: 9, 10, J, Q, K and A in each of the four
suits, plus one Joker. There are exactly 25 :class:`Card` objects; constructing
a card again returns the same object, so cards compare with ``is`` as well as
``==``, hash cheaply and can be used in sets and as dictionary keys.

Every card has one canonical short text with suit symbols (``J♥``, ``10♠``,
``JK``) and an ASCII twin (``JH``, ``TS``, ``JK``); both parse back to it.

>>> parse_card("J♥") is parse_card("jh") is Card("JH")
True
>>> c = parse_card("10s")
>>> c.text, c.ascii, c.name
('10♠', 'TS', 'ten of spades')
>>> Card("TS") == c, repr(c)
(True, "Card('TS')")
>>> parse_card("Joker") is JOKER, JOKER.text
(True, 'JK')
>>> parse_suit("hearts"), parse_suit("♦").symbol
(Suit.HEARTS, '♦')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, Final, overload

from .errors import (
    MAX_CARDS_CHARS,
    MAX_WORD_CHARS,
    InvalidDataError,
    ParseError,
    check_length,
    shown,
)
from .i18n import N_, NP_, pgettext
from .i18n import gettext as _

__all__ = [
    "DECK",
    "JOKER",
    "SUITS",
    "Card",
    "Colour",
    "Rank",
    "Suit",
    "card_mask",
    "format_cards",
    "mask_cards",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "parse_trump",
    "read_cards",
]


class Colour(enum.Enum):
    """The colour of a suit. The two jacks of one colour are the bowers."""

    BLACK = "black"
    RED = "red"

    @property
    def word(self) -> str:
        """The colour in the learner's language (``red``, ``black`` in English); the
        ``value`` stays English, for keys."""
        if self is Colour.RED:
            return pgettext("colour", "red")
        return pgettext("colour", "black")


class Suit(enum.Enum):
    """One of the four suits, in the engine's fixed order: spades, hearts, diamonds, clubs."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The one-letter ASCII name: ``S``, ``H``, ``D`` or ``C``."""
        return "SHDC"[self.value]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠``, ``♥``, ``♦`` or ``♣``."""
        return "♠♥♦♣"[self.value]

    @property
    def colour(self) -> Colour:
        """Red for hearts and diamonds, black for spades and clubs."""
        return Colour.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour (the suit of the left bower when this is trump).

        >>> Suit.HEARTS.partner, Suit.CLUBS.partner
        (Suit.DIAMONDS, Suit.SPADES)
        """
        return _PARTNER[self]

    @property
    def plural(self) -> str:
        """The suit's name in the learner's language, as in "hearts are trumps".

        For keys, identifiers and file formats use :attr:`plural_en`.
        """
        return _(_SUIT_PLURAL[self.value])

    @property
    def singular(self) -> str:
        """The name of one card's suit in the learner's language, as in "a heart".

        For keys, identifiers and file formats use :attr:`singular_en`.
        """
        return _(_SUIT_SINGULAR[self.value])

    @property
    def plural_en(self) -> str:
        """The English name, whatever the language (``hearts``): for keys and parsing."""
        return _SUIT_PLURAL[self.value]

    @property
    def singular_en(self) -> str:
        """The English name of one card's suit, whatever the language (``heart``)."""
        return _SUIT_SINGULAR[self.value]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return self.symbol


#: The suits' names, translated where they are shown (``Suit.plural``).
_SUIT_PLURAL: Final = (
    # Translators: the suit names, as in "hearts are trumps", "the jack of hearts".
    N_("spades"),
    N_("hearts"),
    N_("diamonds"),
    N_("clubs"),
)
#: The name of one card's suit (``Suit.singular``), as in "not a heart".
_SUIT_SINGULAR: Final = (
    # Translators: one card's suit, as in "a higher spade", "not a heart"; Italian may
    # use the invariable suit name ("picche").
    N_("spade"),
    N_("heart"),
    N_("diamond"),
    N_("club"),
)

_PARTNER: Final = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}

SUITS: Final[tuple[Suit, ...]] = tuple(Suit)


class Rank(enum.IntEnum):
    """The printed rank of a card. The Joker has its own rank."""

    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def text(self) -> str:
        """The rank as printed on the card: ``9``, ``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_TEXT[self]

    @property
    def ascii(self) -> str:
        """The one-character ASCII rank (``T`` for the ten)."""
        return _RANK_TEXT[self] if self is not Rank.TEN else "T"

    @property
    def word(self) -> str:
        """The rank's name in the learner's language: ``nine`` ... ``ace`` in English.

        For keys and parsing use :attr:`word_en`.
        """
        return _(_RANK_WORD[self])

    @property
    def word_en(self) -> str:
        """The English name, whatever the language: ``nine`` ... ``ace``, ``joker``."""
        return _RANK_WORD[self]


_RANK_TEXT: Final = {
    Rank.NINE: "9",
    Rank.TEN: "10",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "JK",
}

#: A card's name with its article, by rank ("the jack of hearts"): one message per rank,
#: since the article may change with the rank (Italian "il fante", "la donna", "l'asso").
_THE_RANK_OF: Final = {
    # Translators: a card's name with its article, as a sentence says it ("North is
    # winning the trick with the nine of hearts"): {suit} is a suit's name ("hearts").
    Rank.NINE: NP_("card name with article", "the nine of {suit}"),
    Rank.TEN: NP_("card name with article", "the ten of {suit}"),
    Rank.JACK: NP_("card name with article", "the jack of {suit}"),
    Rank.QUEEN: NP_("card name with article", "the queen of {suit}"),
    Rank.KING: NP_("card name with article", "the king of {suit}"),
    Rank.ACE: NP_("card name with article", "the ace of {suit}"),
}

_RANK_WORD: Final = {
    # Translators: the ranks' names, as in "the jack of hearts".
    Rank.NINE: N_("nine"),
    Rank.TEN: N_("ten"),
    Rank.JACK: N_("jack"),
    Rank.QUEEN: N_("queen"),
    Rank.KING: N_("king"),
    Rank.ACE: N_("ace"),
    # Translators: the Joker's rank.
    Rank.JOKER: N_("joker"),
}

# The words the parsers read are English in every language (hand records are a file format).
_SUIT_WORDS: Final[dict[str, Suit]] = {}
for _s in Suit:
    for _w in (_s.letter, _s.symbol, _s.plural_en, _s.singular_en):
        _SUIT_WORDS[_w.lower()] = _s
for _w, _s in (("♤", Suit.SPADES), ("♡", Suit.HEARTS), ("♢", Suit.DIAMONDS), ("♧", Suit.CLUBS)):
    _SUIT_WORDS[_w] = _s
del _s, _w

_RANK_WORDS: Final[dict[str, Rank]] = {
    "9": Rank.NINE,
    "10": Rank.TEN,
    "t": Rank.TEN,
    "j": Rank.JACK,
    "q": Rank.QUEEN,
    "k": Rank.KING,
    "a": Rank.ACE,
    "nine": Rank.NINE,
    "ten": Rank.TEN,
    "jack": Rank.JACK,
    "queen": Rank.QUEEN,
    "king": Rank.KING,
    "ace": Rank.ACE,
}

_CARD_HELP: Final = (
    "a card is a rank (9, 10 or T, J, Q, K, A) and a suit (S, H, D, C or ♠ ♥ ♦ ♣), "
    "like JH, J♥, 10S or TS, or the Joker (JK)"
)


def parse_suit(text: str | Suit) -> Suit:
    """Read a suit from ``H``, ``h``, ``hearts``, ``heart`` or ``♥`` (any case).

    >>> parse_suit("C"), parse_suit("Spades"), parse_suit("♡")
    (Suit.CLUBS, Suit.SPADES, Suit.HEARTS)
    >>> parse_suit("X")
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.ParseError: 'X' is not a suit: a suit is S, H, D, C, ♠, ♥, ♦, ♣ or its name (spades, hearts, diamonds, clubs)
    """
    if isinstance(text, Suit):
        return text
    if not isinstance(text, str):
        raise ParseError(f"{shown(text)} is not a suit: expected text, got {type(text).__name__}")
    check_length(text, MAX_WORD_CHARS, "a suit")
    suit = _SUIT_WORDS.get(_key(text))
    if suit is None:
        raise ParseError(
            # Translators: the suit names in brackets are what the learner may type: keep
            # them in English.
            _(
                "{text} is not a suit: a suit is S, H, D, C, ♠, ♥, ♦, ♣ or its name (spades, "
                "hearts, diamonds, clubs)"
            ).format(text=repr(text))
        )
    return suit


def _key(text: str) -> str:
    """The text as looked up: trimmed, lower case, without emoji presentation selectors
    (a phone may type ``♥`` as ``♥️``)."""
    return text.replace("\ufe0f", "").strip().lower()


#: A trump: one of the four suits, or ``None`` for a hand played without trumps.
Trump = Suit | None

#: The words that name "no trump" wherever a trump is read (records, commands, options).
NO_TRUMP_WORDS: Final = ("none", "no trump", "no-trump", "notrump", "nt")


def parse_trump(text: str | Trump) -> Trump:
    """Read a trump: a suit as :func:`parse_suit` reads it, or one of
    :data:`NO_TRUMP_WORDS` for no trump (``None``).

    >>> parse_trump("hearts"), parse_trump("no trump"), parse_trump(None)
    (Suit.HEARTS, None, None)
    """
    if text is None or isinstance(text, Suit):
        return text
    if not isinstance(text, str):
        raise ParseError(
            f"{shown(text)} is not a suit or no trump: expected text, got {type(text).__name__}"
        )
    check_length(text, MAX_WORD_CHARS, "a trump")
    if " ".join(text.split()).lower() in NO_TRUMP_WORDS:
        return None
    return parse_suit(text)


class Card:
    """One of the 25 cards. ``Card("JH")``, ``Card(Rank.JACK, Suit.HEARTS)`` and
    ``parse_card("J♥")`` all give the same object.

    Cards are immutable and there is exactly one object per card. ``index`` is
    a number from 0 to 24 (the Joker is 24), handy for bit sets and tables.
    """

    __slots__ = ("_ascii", "_name", "_text", "index", "rank", "suit")

    rank: Rank
    suit: Suit | None
    index: int
    _text: str
    _ascii: str
    _name: str

    @overload
    def __new__(cls, rank_or_text: str) -> Card: ...

    @overload
    def __new__(cls, rank_or_text: Rank, suit: Suit) -> Card: ...

    def __new__(cls, rank_or_text: str | Rank, suit: Suit | None = None) -> Card:
        if isinstance(rank_or_text, str) and suit is None:
            return parse_card(rank_or_text)
        if isinstance(rank_or_text, Rank):
            if rank_or_text is Rank.JOKER and suit is None:
                return _ALL[24]
            if isinstance(suit, Suit) and rank_or_text is not Rank.JOKER:
                return _ALL[suit.value * 6 + (rank_or_text - 9)]
        raise ParseError(
            f"Card({shown(rank_or_text)}, {shown(suit)}) is not a card: {_CARD_HELP}; "
            "or Card(Rank, Suit)"
        )

    @classmethod
    def _make(cls, rank: Rank, suit: Suit | None) -> Card:
        self = object.__new__(cls)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        if suit is None:
            index, text, ascii_, name = 24, "JK", "JK", "the Joker"
        else:
            index = suit.value * 6 + (rank - 9)
            text = rank.text + suit.symbol
            ascii_ = rank.ascii + suit.letter
            name = f"{rank.word_en} of {suit.plural_en}"
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_ascii", ascii_)
        object.__setattr__(self, "_name", name)
        return self

    @property
    def text(self) -> str:
        """The canonical short text with a suit symbol: ``J♥``, ``10♠``, ``JK``."""
        return self._text

    @property
    def ascii(self) -> str:
        """The ASCII twin of :attr:`text`: ``JH``, ``TS``, ``JK``."""
        return self._ascii

    @property
    def name(self) -> str:
        """The card's name in the learner's language: ``jack of hearts``, ``the Joker``.

        For keys and parsing use :attr:`name_en`.
        """
        if self.suit is None:
            return _("the Joker")
        # Translators: a card's name, as in "jack of hearts": {rank} is a rank's name
        # ("jack"), {suit} a suit's name ("hearts").
        return pgettext("card name", "{rank} of {suit}").format(
            rank=self.rank.word, suit=self.suit.plural
        )

    @property
    def name_in_sentence(self) -> str:
        """The card's name as a sentence says it, with its article where the language
        has one: ``the jack of hearts`` (``il fante di cuori``, ``l'asso di fiori``),
        ``the Joker``. :attr:`name` is the bare name, for lists and labels."""
        if self.suit is None:
            return _("the Joker")
        return pgettext("card name with article", _THE_RANK_OF[self.rank]).format(
            suit=self.suit.plural
        )

    @property
    def name_en(self) -> str:
        """The English name, whatever the language: ``jack of hearts``, ``the Joker``."""
        return self._name

    @property
    def is_joker(self) -> bool:
        """True for the Joker only."""
        return self.suit is None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    def __repr__(self) -> str:
        return f"Card({self._ascii!r})"

    def __str__(self) -> str:
        return self._text

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (Card, (self._ascii,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    def _repr_svg_(self) -> str:
        """The card as a picture (Jupyter); the renderer is imported only when asked."""
        from ..faces.render import card_svg

        return card_svg(self)


_ALL: Final[tuple[Card, ...]] = tuple(
    [Card._make(rank, suit) for suit in Suit for rank in list(Rank)[:6]]
    + [Card._make(Rank.JOKER, None)]
)

#: The Joker: the highest card of all, and a trump whenever a suit is trumps.
JOKER: Final[Card] = _ALL[24]

#: All 25 cards in a fixed order (by suit, 9 up to A, then the Joker).
DECK: Final[tuple[Card, ...]] = _ALL

_BY_TEXT: Final[dict[str, Card]] = {}
for _c in _ALL:
    _BY_TEXT[_c.text.lower()] = _c
    _BY_TEXT[_c.ascii.lower()] = _c
_BY_TEXT["joker"] = JOKER
_BY_TEXT["jkr"] = JOKER
_BY_TEXT["the joker"] = JOKER
_BY_TEXT["🃏"] = JOKER
del _c


def _split_card(key: str) -> tuple[str, str] | None:
    """The rank and the suit of a card's text (trimmed, lower case), or ``None``.

    Read in one pass, without backtracking: ``9h``, ``10♥``, ``jh``, ``ace♥`` (a rank,
    then a suit: its letter, its name or its symbol), ``j h``, ``jack hearts`` or ``jack
    of hearts`` (words).
    """
    if " " in key or not key.isprintable():
        words = key.split()
        if len(words) == 3 and words[1] == "of":
            return words[0], words[2]
        if len(words) == 2:
            return words[0], words[1]
        return None
    n = len(key)
    i = 0
    if key[:1].isascii() and key[:1].isdigit():
        while i < n and key[i].isascii() and key[i].isdigit():
            i += 1
    else:
        while i < n and key[i].isascii() and key[i].isalpha():
            i += 1
        if i == 0:
            return None
        if i == n:  # letters only: the first is the rank (``jh``, ``qhearts``)
            return (key[0], key[1:]) if n > 1 else None
    rest = key[i:]
    if (rest.isascii() and rest.isalpha()) or (len(rest) == 1 and not _is_word_char(rest)):
        return key[:i], rest
    return None


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def parse_card(text: str | Card) -> Card:
    """Read a card from text: ``JH``, ``jh``, ``J♥``, ``10H``, ``TH``, ``Joker``, ``JK``.

    Case does not matter; ``jack of hearts`` works too. A card's text has at most
    :data:`~hasenpfeffer_core.engine.errors.MAX_WORD_CHARS` characters.

    >>> [parse_card(t).text for t in ("JH", "jh", "J♥", "10H", "TH", "Joker", "jk")]
    ['J♥', 'J♥', 'J♥', '10♥', '10♥', 'JK', 'JK']
    >>> parse_card("8H")
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.ParseError: '8H' is not a card: the deck has no 8 (ranks are 9, 10 or T, J, Q, K, A)
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise ParseError(f"{shown(text)} is not a card: expected text, got {type(text).__name__}")
    check_length(text, MAX_WORD_CHARS, "a card")
    key = _key(text)
    card = _BY_TEXT.get(key)
    if card is not None:
        return card
    parts = _split_card(key)
    if parts is None:
        raise ParseError(
            # Translators: the letters and texts here are what the learner may type.
            _(
                "{text} is not a card: a card is a rank (9, 10 or T, J, Q, K, A) and a suit "
                "(S, H, D, C or ♠ ♥ ♦ ♣), like JH, J♥, 10S or TS, or the Joker (JK)"
            ).format(text=repr(text))
        )
    rank_text, suit_text = parts
    rank = _RANK_WORDS.get(rank_text)
    suit = _SUIT_WORDS.get(suit_text)
    if rank is None:
        if rank_text.isascii() and rank_text.isdigit():
            raise ParseError(
                # Translators: {rank} is a number the learner typed, such as 8.
                _(
                    "{text} is not a card: the deck has no {rank} (ranks are 9, 10 or T, J, "
                    "Q, K, A)"
                ).format(text=repr(text), rank=rank_text)
            )
        raise ParseError(
            # Translators: {rank} is what the learner typed as the card's rank.
            _(
                "{text} is not a card: {rank} is not a rank; a card is a rank (9, 10 or T, J, "
                "Q, K, A) and a suit (S, H, D, C or ♠ ♥ ♦ ♣), like JH, J♥, 10S or TS, or the "
                "Joker (JK)"
            ).format(text=repr(text), rank=repr(rank_text))
        )
    if suit is None:
        raise ParseError(
            # Translators: {suit} is what the learner typed as the card's suit; the suit
            # names in brackets are what may be typed: keep them in English.
            _(
                "{text} is not a card: {suit} is not a suit; a suit is S, H, D, C, ♠, ♥, ♦, ♣ "
                "or its name (spades, hearts, diamonds, clubs)"
            ).format(text=repr(text), suit=repr(suit_text))
        )
    return _ALL[suit.value * 6 + (rank - 9)]


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several cards: ``"J♥ A♥ 9S"``, ``"JH,AH,9S"`` or a list of texts or cards.

    Duplicates are refused, since the deck holds each card once.

    >>> parse_cards("J♥, AH 9s")
    (Card('JH'), Card('AH'), Card('9S'))
    >>> parse_cards("JH jh")
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.InvalidDataError: J♥ is listed twice: the deck has one of each card
    """
    items: Iterable[str | Card]
    if isinstance(text, str):
        check_length(text, MAX_CARDS_CHARS, "a list of cards")
        words = text.replace(",", " ").replace(";", " ").split()
        # "jack of hearts" style names: rejoin "x of y" triples.
        items = _join_of(words)
    elif isinstance(text, Iterable):
        items = text
    else:
        raise ParseError(
            f"{shown(text)} is not a list of cards: expected text or cards, "
            f"got {type(text).__name__}"
        )
    return _distinct_cards(items)


def _distinct_cards(items: Iterable[str | Card], what: str = "") -> tuple[Card, ...]:
    """The cards of ``items``, refused at the first card listed twice (so an endless
    iterable stops after at most 26 items)."""
    cards: list[Card] = []
    seen: set[Card] = set()
    for item in items:
        card = parse_card(item)
        if card in seen:
            _twice(card, what)
        seen.add(card)
        cards.append(card)
    return tuple(cards)


def read_cards(cards: Iterable[Card | str] | str, what: str) -> tuple[Card, ...]:
    """Cards given as text (``"J♥ 10S"``) or as cards and card texts; none twice.

    ``what`` names them in an error (``"the hand"``, ``"the trick"``).

    >>> read_cards("JH 9C", "the hand") == read_cards(["JH", Card("9C")], "the hand")
    True
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, Iterable):
        return _distinct_cards(cards, what)
    raise ParseError(
        f"{shown(cards)} is not a list of cards ({what}): expected text or cards, "
        f"got {type(cards).__name__}"
    )


def _join_of(words: list[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(words):
        if i + 2 < len(words) and words[i + 1].lower() == "of":
            out.append(" ".join(words[i : i + 3]))
            i += 3
        elif words[i].lower() == "the" and i + 1 < len(words):
            out.append(words[i] + " " + words[i + 1])
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


def check_distinct(cards: Iterable[Card], what: str = "") -> None:
    """Raise :class:`InvalidDataError` if a card appears twice."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            _twice(card, what)
        seen.add(card)


#: A card listed twice, in each place the engine names (``what``): one whole sentence each.
_TWICE: Final = {
    "": N_("{card} is listed twice: the deck has one of each card"),
    "the hand": N_("{card} is listed twice in the hand: the deck has one of each card"),
    "the trick": N_("{card} is listed twice in the trick: the deck has one of each card"),
    "the deal": N_("{card} is listed twice in the deal: the deck has one of each card"),
}


def _twice(card: Card, what: str) -> None:
    template = _TWICE.get(what)
    if template is not None:
        message = _(template).format(card=card.text)
    else:
        # Translators: {what} names where the cards are, as in "the hand".
        message = _("{card} is listed twice in {what}: the deck has one of each card").format(
            card=card.text, what=what
        )
    raise InvalidDataError(message, rule="the deck")


def format_cards(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """The cards' short texts joined by spaces (``ascii=True`` for the ASCII twins).

    >>> format_cards(parse_cards("JH TS JK"))
    'J♥ 10♠ JK'
    >>> format_cards(parse_cards("JH TS JK"), ascii=True)
    'JH TS JK'
    """
    if isinstance(cards, str) or not isinstance(cards, Iterable):
        cards = parse_cards(cards)
    return " ".join(parse_card(c).ascii if ascii else parse_card(c).text for c in cards)


def card_mask(cards: Iterable[Card]) -> int:
    """The cards as one number, bit ``card.index`` set for each: how the solver, the
    sampler and the judge hold a hand.

    >>> bin(card_mask(parse_cards("9S TS")))
    '0b11'
    >>> mask_cards(card_mask(parse_cards("JK AS"))) == list(parse_cards("AS JK"))
    True
    """
    mask = 0
    for c in cards:
        mask |= 1 << c.index
    return mask


def mask_cards(mask: int) -> list[Card]:
    """The cards of a :func:`card_mask`, in the deck's order (spades first, the Joker
    last)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_ALL[low.bit_length() - 1])
        mask ^= low
    return out
