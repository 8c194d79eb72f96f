"""What the exercises share: the checks on their arguments, the seat to move, the
words for a suit and for trumps, and the concepts a card's role teaches."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, TypeVar

from ....analysis.explain import (
    capitalised,
)
from ....analysis.session import quoted
from ....engine.actions import Bid, parse_action
from ....engine.cards import Card, Suit, parse_cards
from ....engine.errors import InvalidDataError, ParseError
from ....engine.i18n import gettext as _
from ....engine.i18n import language
from ....engine.seats import Seat
from ....engine.state import HandState
from ....engine.tricks import (
    CardRole,
    card_role,
)

T = TypeVar("T")
V = TypeVar("V")


def suit_name(suit: Suit | None) -> str:
    """``♥ hearts``, or ``no trump``.

    >>> suit_name(Suit.HEARTS), suit_name(None)
    ('♥ hearts', 'no trump')
    """
    return _("no trump") if suit is None else f"{suit.symbol} {suit.plural}"


def you_words(seat: Seat) -> str:
    """A seat's name with "(you)", for the learner's seat in a picture."""
    # Translators: the learner's seat in a picture of the table ("South (you)")
    return _("{seat} (you)").format(seat=seat.word)


def in_english(make: Callable[[], T]) -> T:
    """``make()`` in English (the name an exercise is recorded under comes from its
    English wording: the same in every language)."""
    with language("en"):
        return make()


def seat_to_move(state: HandState) -> Seat:
    """The seat to move; an exercise needs a decision to ask about."""
    if not isinstance(state, HandState):
        raise InvalidDataError(
            _("an exercise asks about a HandState, not {value}").format(value=quoted(state))
        )
    seat = state.to_move
    if seat is None:
        raise InvalidDataError(
            _("the hand is over (or not dealt): there is no decision to ask about")
        )
    return seat


#: The most tricks a side can take in a hand.
TRICKS: Final = 6

#: The most games :class:`RulesLab` plays for each comparison (each takes a moment).
MAX_LAB_GAMES: Final = 1000


def read_whole(value: object, what: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``; ``what`` names it in the message."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidDataError(
            # Translators: {setting} names what the number is for ("the tricks the makers took")
            _("{setting} must be a whole number from {low} to {high}, not {value}").format(
                setting=what, low=low, high=high, value=quoted(value)
            )
        )
    return value


def read_bid(value: object) -> Bid:
    """A bid, or its text as a hand record writes it (``"N bid 3"``)."""
    action = value if isinstance(value, Bid) else None
    if isinstance(value, str) and len(value) <= 40:
        parsed = parse_action(value)
        action = parsed if isinstance(parsed, Bid) else None
    if action is None:
        raise ParseError(
            # Translators: 'N bid 3' is typed as it is; Bid is a name in code
            _("the bid must be a Bid or its text, as in 'N bid 3', not {value}").format(
                value=quoted(value)
            ),
            rule="bidding",
        )
    return action


def read_trick_cards(value: object) -> tuple[Card, ...]:
    """Cards played to a trick: text (``""`` for none), cards, or ``None`` for none."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return ()
    return parse_cards(value)  # type: ignore[arg-type]  # (parse_cards refuses the rest)


#: The concept each role of a card teaches (the situations of the practice schedule).
_ROLE_CONCEPTS: Final = {
    CardRole.JOKER: "joker",
    CardRole.RIGHT_BOWER: "right bower",
    CardRole.LEFT_BOWER: "left bower",
    CardRole.TRUMP: "trumps",
    CardRole.PLAIN: "plain suit",
}


def card_concepts(cards: Iterable[Card], trump: Suit | None) -> list[str]:
    """The concepts an exercise about ``cards`` practises: what the cards are under
    ``trump`` (the Joker, a bower, a trump, a plain card), strongest role first.

    >>> from hasenpfeffer_core.engine.cards import Suit, parse_card
    >>> card_concepts([parse_card("J♣"), parse_card("A♠")], Suit.SPADES)
    ['left bower', 'trumps']
    """
    roles = {card_role(c, trump) for c in cards}
    return [tag for role, tag in _ROLE_CONCEPTS.items() if role in roles]


def trumps_sentence(trump: Suit | None, sentence: str, no_trump: str, **values: object) -> str:
    """A sentence that starts by naming trumps: ``sentence`` ("{suit} are trumps. ...")
    with the suit, its first letter a capital, or ``no_trump`` when there are none."""
    if trump is None:
        return no_trump.format(**values)
    return capitalised(sentence.format(suit=trump.plural, **values))
