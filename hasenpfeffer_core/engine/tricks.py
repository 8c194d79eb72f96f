"""What beats what: effective suits, the ranking under a trump, legal plays, trick winners.

With a trump suit named, the trump suit holds 8 cards, strongest first: the
Joker, the right bower (the jack of trump), the left bower (the other jack of
the same colour), then A, K, Q, 10, 9 of trump. The left bower belongs to the
trump suit only, so its printed suit has five cards. ``trump=None`` means a
no-trump hand (an option): A, K, Q, J, 10, 9 in every suit, and the Joker
beats everything and belongs to no suit.

>>> from hasenpfeffer_core import parse_card as c, parse_cards as cs, Suit
>>> [x.text for x in ranking(Suit.HEARTS)[:8]]
['JK', 'J♥', 'J♦', 'A♥', 'K♥', 'Q♥', '10♥', '9♥']
>>> effective_suit(c("JD"), Suit.HEARTS), effective_suit(c("JK"), Suit.CLUBS)
(Suit.HEARTS, Suit.CLUBS)
>>> legal_plays(cs("AH JD 9C"), cs("10H"), Suit.HEARTS)
(Card('AH'), Card('JD'))
>>> trick_winner(cs("AH JD JK QH"), Suit.HEARTS)
2

The module also keeps the small integer tables the state machine and the
solver use on their hot paths; they are private (leading underscore).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Final

from .cards import (
    DECK,
    JOKER,
    SUITS,
    Card,
    Rank,
    Suit,
    Trump,
    card_mask,
    format_cards,
    mask_cards,
    parse_card,
    parse_trump,
    read_cards,
)
from .errors import InvalidDataError, MustFollowSuitError
from .i18n import N_
from .i18n import gettext as _
from .rules import NoTrumpJoker, Rules

# The rules of a trick on cards (card_role, legal_plays, trick_winner...), and the same
# rules as small integer tables on card indices and bit masks (EFF, SUIT_MASK, ORDERS,
# WIN, legal_mask, winner_index), for the analysis's searches: one source of the rules.
__all__ = [
    "EFF",
    "NO_TRUMP_KEY",
    "ORDERS",
    "SUIT_MASK",
    "WIN",
    "CardRole",
    "card_role",
    "effective_suit",
    "legal_mask",
    "legal_plays",
    "ranking",
    "sort_hand",
    "throw_key",
    "trick_winner",
    "trump_key",
    "winner_index",
]


# --- integer tables -------------------------------------------------------
# A "trump key" is 0-3 for a trump suit (Suit.value) and 4 for no trump.
# An "effective suit code" is 0-3 for a suit and 4 for "no suit" (the Joker in
# no trump). In no trump nothing is trump, but giving the Joker the code 4 and
# treating code 4 as the trump code makes the Joker beat everything with the
# same winner rule as trumps.

NO_TRUMP_KEY: Final = 4


def trump_key(trump: Trump) -> int:
    """0-3 for a trump suit, 4 for no trump."""
    return NO_TRUMP_KEY if trump is None else trump.value


def _build() -> tuple[list[list[int]], list[list[int]], list[list[int]], list[tuple[Card, ...]]]:
    eff: list[list[int]] = []  # eff[tk][card index] -> effective suit code
    power: list[list[int]] = []  # power[tk][card index] -> strength within its suit
    masks: list[list[int]] = []  # masks[tk][suit code] -> bit mask of cards
    orders: list[tuple[Card, ...]] = []  # orders[tk] -> the 25 cards strongest first
    for tk in range(5):
        trump = None if tk == NO_TRUMP_KEY else SUITS[tk]
        e = [0] * 25
        p = [0] * 25
        for card in DECK:
            if card is JOKER:
                e[card.index] = tk
                p[card.index] = 20
                continue
            assert card.suit is not None
            e[card.index] = card.suit.value
            p[card.index] = int(card.rank)  # 9..14
            if trump is not None and card.rank is Rank.JACK:
                if card.suit is trump:
                    p[card.index] = 19  # right bower
                elif card.suit is trump.partner:
                    e[card.index] = tk
                    p[card.index] = 18  # left bower
        m = [0] * 5
        for i in range(25):
            m[e[i]] |= 1 << i
        order: list[Card] = sorted((c for c in DECK if e[c.index] == tk), key=lambda c: -p[c.index])
        for suit in SUITS:
            if suit is trump:
                continue
            order.extend(
                sorted((c for c in DECK if e[c.index] == suit.value), key=lambda c: -p[c.index])
            )
        eff.append(e)
        power.append(p)
        masks.append(m)
        orders.append(tuple(order))
    return eff, power, masks, orders


#: EFF[tk][card index]: the card's effective suit code under trump key ``tk`` (the left
#: bower and the Joker count as trumps). SUIT_MASK[tk][code]: the bit mask of the cards
#: of one effective suit. ORDERS[tk]: the 25 cards, strongest first (trumps, then each
#: other suit).
EFF, _POWER, SUIT_MASK, ORDERS = _build()
_JOKER_BIT: Final = 1 << 24

#: WIN[tk][led code][card index]: a number that orders the cards of one trick
#: (higher wins): trumps above the led suit, the led suit above everything else.
WIN: Final[list[list[list[int]]]] = [
    [
        [
            (100 + _POWER[tk][i])
            if EFF[tk][i] == tk
            else (_POWER[tk][i] if EFF[tk][i] == led else 0)
            for i in range(25)
        ]
        for led in range(5)
    ]
    for tk in range(5)
]


def winner_index(indices: Sequence[int], tk: int) -> int:
    """Position in ``indices`` (card indices, led first) of the winning card."""
    table = WIN[tk][EFF[tk][indices[0]]]
    best = 0
    best_key = table[indices[0]]
    for pos in range(1, len(indices)):
        key = table[indices[pos]]
        if key > best_key:
            best, best_key = pos, key
    return best


def legal_mask(hand: int, led_index: int, tk: int, joker_any_time: bool) -> int:
    """The legal plays from ``hand`` (a bit mask), ``led_index`` -1 when leading."""
    if led_index < 0:
        return hand
    m = hand & SUIT_MASK[tk][EFF[tk][led_index]]
    if not m:
        return hand
    if joker_any_time and tk == NO_TRUMP_KEY:
        m |= hand & _JOKER_BIT
    return m


# --- public functions -----------------------------------------------------


def ranking(trump: Trump | str) -> tuple[Card, ...]:
    """All 25 cards, strongest first: the 8 trumps, then the plain suits A down to 9.

    The plain suits come in the order spades, hearts, diamonds, clubs (skipping
    trump); the left bower's printed suit has no jack. With ``trump=None`` (no
    trump), the Joker comes first, then every suit A, K, Q, J, 10, 9.

    >>> " ".join(c.text for c in ranking("S"))
    'JK J♠ J♣ A♠ K♠ Q♠ 10♠ 9♠ A♥ K♥ Q♥ J♥ 10♥ 9♥ A♦ K♦ Q♦ J♦ 10♦ 9♦ A♣ K♣ Q♣ 10♣ 9♣'
    """
    return ORDERS[trump_key(parse_trump(trump))]


def effective_suit(card: Card | str, trump: Trump | str) -> Suit | None:
    """The suit ``card`` belongs to in play: the bowers and the Joker are trumps.

    In a no-trump hand (``trump=None``) the Joker belongs to no suit: ``None``.

    >>> effective_suit("JC", "S"), effective_suit("JC", "H"), effective_suit("JK", None)
    (Suit.SPADES, Suit.CLUBS, None)
    """
    card = parse_card(card)
    code = EFF[trump_key(parse_trump(trump))][card.index]
    return None if code == NO_TRUMP_KEY else SUITS[code]


class CardRole(enum.StrEnum):
    """A card's role under a trump (see :func:`card_role`), with the words every face uses.

    The value is the bare name (``"right bower"``), in English for keys and CSS; :attr:`word`
    is the bare name in the learner's language, :attr:`phrase` the name in a sentence
    (``"the right bower"``) and :attr:`meaning` says what the role is.

    >>> CardRole.LEFT_BOWER.phrase, CardRole.LEFT_BOWER.meaning
    ('the left bower', 'the other jack of the same colour, a trump')
    """

    JOKER = "joker"
    RIGHT_BOWER = "right bower"
    LEFT_BOWER = "left bower"
    TRUMP = "trump"
    PLAIN = "plain"

    @property
    def word(self) -> str:
        """The bare name in the learner's language: ``right bower``, ``trump``, ``plain``."""
        return _(_ROLE_WORDS[self][0])

    @property
    def phrase(self) -> str:
        """The role in a sentence: ``the Joker``, ``the right bower``, ``a trump`` (in the
        learner's language)."""
        return _(_ROLE_WORDS[self][1])

    @property
    def meaning(self) -> str:
        """What the role is, in a few words (empty for a plain card), in the learner's
        language."""
        meaning = _ROLE_WORDS[self][2]
        return _(meaning) if meaning else ""


#: The one table of card-role wording: the bare name, the role in a sentence, and what it
#: means (English, translated where shown).
_ROLE_WORDS: Final = {
    # True in every hand: with a trump suit the Joker is its highest card; in a
    # no-trump hand it belongs to no suit and still beats every card.
    CardRole.JOKER: (
        # Translators: a card's role, as a label: the Joker.
        N_("joker"),
        N_("the Joker"),
        N_("the highest card of all, and a trump whenever a suit is trumps"),
    ),
    CardRole.RIGHT_BOWER: (
        # Translators: the jack of the trump suit (Italian: fante destro).
        N_("right bower"),
        N_("the right bower"),
        N_("the jack of trumps"),
    ),
    CardRole.LEFT_BOWER: (
        # Translators: the other jack of the trump suit's colour (Italian: fante sinistro).
        N_("left bower"),
        N_("the left bower"),
        N_("the other jack of the same colour, a trump"),
    ),
    CardRole.TRUMP: (
        # Translators: a card's role, as a label: a trump card.
        N_("trump"),
        N_("a trump"),
        N_("a card of the trump suit"),
    ),
    CardRole.PLAIN: (
        # Translators: a card's role, as a label: a card of a suit that is not trumps.
        N_("plain"),
        N_("a plain card"),
        "",
    ),
}


def card_role(card: Card | str, trump: Trump | str) -> CardRole:
    """``joker``, ``right bower``, ``left bower``, ``trump`` or ``plain`` (a :class:`CardRole`).

    >>> [str(card_role(c, "H")) for c in ("JD", "JH", "JS", "AH")]
    ['left bower', 'right bower', 'plain', 'trump']
    """
    card = parse_card(card)
    t = parse_trump(trump)
    if card is JOKER:
        return CardRole.JOKER
    if t is None:
        return CardRole.PLAIN
    if card.rank is Rank.JACK:
        if card.suit is t:
            return CardRole.RIGHT_BOWER
        if card.suit is t.partner:
            return CardRole.LEFT_BOWER
    return CardRole.TRUMP if card.suit is t else CardRole.PLAIN


def sort_hand(cards: Iterable[Card | str], trump: Trump | str = None) -> tuple[Card, ...]:
    """The cards in reading order: trumps first, then suit by suit, strongest first.

    >>> [c.text for c in sort_hand("9S JD AH JK 10C", "H")]
    ['JK', 'J♦', 'A♥', '9♠', '10♣']
    """
    cards_ = read_cards(cards, "the hand")
    order = ranking(trump)
    return tuple(sorted(cards_, key=order.index))


def _check_trick(trick: tuple[Card, ...], *, complete: bool) -> None:
    if complete and not trick:
        raise InvalidDataError(_("an empty trick has no winner"), rule="trick winner")
    if len(trick) > 4:
        raise InvalidDataError(
            # Translators: {n} is always 5 or more.
            _("a trick has at most 4 cards, got {n}: {cards}").format(
                n=len(trick), cards=format_cards(trick)
            ),
            rule="trick winner",
        )


def legal_plays(
    hand: Iterable[Card | str],
    trick: Iterable[Card | str],
    trump: Trump | str,
    *,
    no_trump_joker: NoTrumpJoker | str = NoTrumpJoker.VOID_ONLY,
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (led card first; empty: leading).

    You must follow the effective suit of the led card if you can (the bowers and
    the Joker are trumps); otherwise you may play any card. The result keeps the
    order of ``hand``.

    >>> from hasenpfeffer_core import parse_cards as cs
    >>> legal_plays(cs("JD 9H AS"), cs("JK"), "H")   # the Joker leads trumps
    (Card('JD'), Card('9H'))
    >>> legal_plays(cs("JD 9C"), cs("AD"), "H")      # the left bower is not a diamond
    (Card('JD'), Card('9C'))
    >>> legal_plays(cs("AH"), cs("AH"), "S")
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.InvalidDataError: A♥ is both in the hand and already played to the trick
    """
    cards = read_cards(hand, "the hand")
    played = read_cards(trick, "the trick")
    if not cards:
        raise InvalidDataError(_("an empty hand has no legal plays"), rule="legal plays")
    _check_trick(played, complete=False)
    if len(played) > 3:
        raise InvalidDataError(
            _("the trick is already complete (4 cards): nobody plays to it"), rule="legal plays"
        )
    both = set(cards) & set(played)
    if both:
        card = next(c for c in cards if c in both)
        raise InvalidDataError(
            _("{card} is both in the hand and already played to the trick").format(card=card.text),
            rule="the deck",
        )
    if not isinstance(no_trump_joker, NoTrumpJoker):
        no_trump_joker = Rules().replace(no_trump_joker=no_trump_joker).no_trump_joker
    tk = trump_key(parse_trump(trump))
    mask = card_mask(cards)
    led = played[0].index if played else -1
    legal = legal_mask(mask, led, tk, no_trump_joker is NoTrumpJoker.ANY_TIME)
    return tuple(c for c in cards if legal >> c.index & 1)


def suit_phrase(code: int, tk: int) -> str:
    """How a message names an effective suit: ``hearts``, or ``the Joker (no suit)`` (in
    the learner's language)."""
    if code == NO_TRUMP_KEY:
        # Translators: the suit of the Joker led in a no-trump hand, as in "must follow
        # the Joker's (no suit)".
        return _("the Joker's (no suit)")
    return SUITS[code].plural


def _printed_order(mask: int) -> list[Card]:
    """The cards of ``mask`` suit by suit as printed (S, H, D, C), high to low; Joker last."""
    cards = mask_cards(mask)
    return sorted(cards, key=lambda c: (c.suit.value if c.suit else 4, -c.rank))


def check_follow(
    who: str, hand_mask: int, led_index: int, card: Card, tk: int, joker_any_time: bool
) -> None:
    """Raise :class:`MustFollowSuitError` if ``card`` breaks the follow-suit rule.

    The message has the form ``E must follow hearts (holds A♥, J♦): 9♣ is not allowed``:
    the cards that would follow, as printed: suit by suit (spades, hearts, diamonds,
    clubs), high to low, so the left bower J♦ stands with the diamonds it is printed as.
    """
    if led_index < 0:
        return
    legal = legal_mask(hand_mask, led_index, tk, joker_any_time)
    if legal >> card.index & 1:
        return
    code = EFF[tk][led_index]
    holds = ", ".join(c.text for c in _printed_order(hand_mask & SUIT_MASK[tk][code]))
    raise MustFollowSuitError(
        # Translators: {seat} is a seat's letter (N, E, S, W); {suit} a suit's name
        # ("hearts"); {cards} the cards of that suit the player holds.
        _("{seat} must follow {suit} (holds {cards}): {card} is not allowed").format(
            seat=who, suit=suit_phrase(code, tk), cards=holds, card=card.text
        ),
        rule="follow suit",
    )


def trick_winner(trick: Iterable[Card | str], trump: Trump | str) -> int:
    """The index within ``trick`` (led card first) of the card that wins it.

    The highest trump wins; with no trump played, the highest card of the suit
    led. Works for 3-card tricks (lone hands) and for unfinished tricks (the card
    winning so far).

    >>> from hasenpfeffer_core import parse_cards as cs
    >>> trick_winner(cs("AD KD JH 9D"), "H")      # J♥ is the right bower
    2
    >>> trick_winner(cs("AD KD JH"), "C")         # J♥ is a plain heart: no trump, A♦ wins
    0
    """
    played = read_cards(trick, "the trick")
    _check_trick(played, complete=True)
    return winner_index([c.index for c in played], trump_key(parse_trump(trump)))


def throw_key(card: Card, tk: int) -> int:
    """How low ``card`` is to throw away under trump key ``tk`` (lower is lower): a plain
    card by its printed rank (a 9 is as low as any other 9, whatever its suit), every
    trump above every plain card, in trump order. The principle "Throw your lowest card"
    and the judge's ties both count by it.

    >>> from hasenpfeffer_core import Suit, parse_card
    >>> tk = trump_key(Suit.SPADES)
    >>> sorted(["JD", "10H", "9S", "AC"], key=lambda t: throw_key(parse_card(t), tk))
    ['10H', 'JD', 'AC', '9S']
    """
    if EFF[tk][card.index] == tk:
        return 100 + WIN[tk][tk][card.index]
    return int(card.rank)
