"""Words the principles' reasons share: counts, card lists, bowers, and what a
recogniser finds (a reason kept, or a reason broken)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from ...engine.cards import Card, Suit
from ...engine.i18n import gettext as _
from ...engine.i18n import ngettext, pgettext
from ...engine.tricks import (
    CardRole,
    card_role,
)
from ..explain import card_words, join_and

#: What a recogniser finds: the words of a reason the move keeps, or of one it breaks.
Found = tuple[str | None, str | None]
NONE_FOUND: Final[Found] = (None, None)


def count_word(n: int) -> str:
    """A count of trumps as a word (``two``); past eight, in figures."""
    words = (
        # Translators: counts of trumps, as words: "one trump", "two trumps", "all four
        # trumps still out" (Italian: una, due, ...; Thai: หนึ่ง, สอง, ...).
        pgettext("count of trumps", "one"),
        pgettext("count of trumps", "two"),
        pgettext("count of trumps", "three"),
        pgettext("count of trumps", "four"),
        pgettext("count of trumps", "five"),
        pgettext("count of trumps", "six"),
        pgettext("count of trumps", "seven"),
        pgettext("count of trumps", "eight"),
    )
    return words[n - 1] if 1 <= n <= len(words) else str(n)


def card_names(cards: Iterable[Card], last: str = "and") -> str:
    return join_and((card_words(c) for c in cards), last)


def played_clause(cards: Sequence[Card]) -> str:
    """``J♥ and the Joker have been played``: a clause."""
    return ngettext("{cards} has been played", "{cards} have been played", len(cards)).format(
        cards=card_names(cards)
    )


def bower_words(card: Card, trump: Suit | None) -> str:
    """``J♦, the left bower,`` for a bower (commas included), else the card's name."""
    role = card_role(card, trump)
    if role in (CardRole.RIGHT_BOWER, CardRole.LEFT_BOWER):
        # Translators: a bower named in a sentence, "so J♦, the left bower, is the
        # highest trump left"; {role} is "the left bower" or "the right bower".
        return _("{card}, {role},").format(card=card.text, role=role.phrase)
    return card_words(card)


def lead_or_play(card: Card, lead: bool) -> str:
    """What to do, ending a reason: ``lead J♦`` or ``play J♦``."""
    if lead:
        return _("lead {card}").format(card=card_words(card))
    return _("play {card}").format(card=card_words(card))
