"""``hasenpfeffer rank SUIT``: the 25 cards under a trump, strongest first.

The order comes from :func:`~hasenpfeffer_core.engine.tricks.ranking`, the card
roles from :func:`~hasenpfeffer_core.engine.tricks.card_role` and the explanations
from :func:`~hasenpfeffer_core.analysis.explain.explain_card`.
"""

from __future__ import annotations

import argparse
from typing import Final

from ...analysis.explain import explain_card, ordinal
from ...engine.cards import Card, Suit, format_cards
from ...engine.tricks import CardRole, card_role, effective_suit, ranking
from .hands import read_trump, trump_text
from .term import Command, Reader, Term

__all__ = ["COMMAND", "run"]

#: The roles the table names (in the words of the engine's one role table).
_NAMED: Final = (CardRole.JOKER, CardRole.RIGHT_BOWER, CardRole.LEFT_BOWER)


def _role_name(role: CardRole) -> str:
    if role not in _NAMED:
        return ""
    return role.phrase if role is CardRole.JOKER else role.value


def add_arguments(rank: argparse.ArgumentParser) -> None:
    rank.add_argument("suit", metavar="SUIT", help="the trump suit (S, H, D, C, ♠, hearts, none)")


def run(args: argparse.Namespace, term: Term, reader: Reader) -> int:
    """``hasenpfeffer rank SUIT``: the ranking, grouped by the suit each card belongs to."""
    trump = read_trump(args.suit)
    order = ranking(trump)
    term.say(f"{trump_text(trump)}: the 25 cards, strongest first.")
    term.say()
    groups: dict[Suit | None, list[Card]] = {}
    for card in order:
        groups.setdefault(effective_suit(card, trump), []).append(card)
    place = 0
    for suit, cards in groups.items():
        count = f"{len(cards)} card{'s' if len(cards) > 1 else ''}"
        if suit is trump and trump is not None:
            term.heading(f"trumps ({count})")
            for card in cards:
                place += 1
                role = _role_name(card_role(card, trump))
                term.say(f"  {place:>2}  {card.text:<4}  {role}".rstrip())
            term.say()
            continue
        label = suit.plural if suit is not None else "the Joker, in no suit"
        places = f"{ordinal(place + 1)} to {ordinal(place + len(cards))}"
        if len(cards) == 1:
            places = ordinal(place + 1)
        place += len(cards)
        term.say(f"{label + ' (' + count + '):':<21} {format_cards(cards):<19} {places}")
    special = [c for c in order if card_role(c, trump) in _NAMED]
    term.say()
    for card in special:
        term.wrap(explain_card(card, trump).text, "")
    return 0


COMMAND: Final = Command(
    name="rank",
    summary="the order of the 25 cards under a trump, with the bowers and the Joker named",
    description="Print all 25 cards strongest first when SUIT is trump: the eight trumps\n"
    "(the Joker, the right and the left bower first), then each plain suit.\n"
    "SUIT is S, H, D, C, a symbol or a name; 'none' for a no-trump hand.",
    examples="hasenpfeffer rank H\nhasenpfeffer rank spades",
    add_arguments=add_arguments,
    run=run,
)
