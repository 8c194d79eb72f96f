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
from ...engine.i18n import N_, ngettext
from ...engine.i18n import gettext as _
from ...engine.tricks import CardRole, card_role, effective_suit, ranking
from .hands import read_trump, trump_text
from .term import Command, Reader, Term, pad

__all__ = ["COMMAND", "run"]

#: The roles the table names, as a label beside the card (the engine's role names:
#: ``CardRole.JOKER.phrase``, ``CardRole.RIGHT_BOWER.value``...).
_NAMED: Final[dict[CardRole, str]] = {
    CardRole.JOKER: N_("the Joker"),
    CardRole.RIGHT_BOWER: N_("right bower"),
    CardRole.LEFT_BOWER: N_("left bower"),
}


def _role_name(role: CardRole) -> str:
    return _(_NAMED[role]) if role in _NAMED else ""


def add_arguments(rank: argparse.ArgumentParser) -> None:
    rank.add_argument(
        "suit", metavar="SUIT", help=_("the trump suit (S, H, D, C, ♠, hearts, none)")
    )


def run(args: argparse.Namespace, term: Term, reader: Reader) -> int:
    """``hasenpfeffer rank SUIT``: the ranking, grouped by the suit each card belongs to."""
    trump = read_trump(args.suit)
    order = ranking(trump)
    # Translators: {trumps} is "Hearts are trumps" or "No trump".
    term.say(_("{trumps}: the 25 cards, strongest first.").format(trumps=trump_text(trump)))
    term.say()
    groups: dict[Suit | None, list[Card]] = {}
    for card in order:
        groups.setdefault(effective_suit(card, trump), []).append(card)
    place = 0
    for suit, cards in groups.items():
        n = len(cards)
        if suit is trump and trump is not None:
            term.heading(ngettext("trumps ({n} card)", "trumps ({n} cards)", n).format(n=n))
            for card in cards:
                place += 1
                role = _role_name(card_role(card, trump))
                term.say(f"  {place:>2}  {card.text:<4}  {role}".rstrip())
            term.say()
            continue
        if suit is not None:
            # Translators: a plain suit and how many cards it has, "clubs (6 cards):".
            label = ngettext("{suit} ({n} card):", "{suit} ({n} cards):", n)
        else:
            label = ngettext(
                "the Joker, in no suit ({n} card):", "the Joker, in no suit ({n} cards):", n
            )
        label = label.format(suit=suit.plural if suit is not None else "", n=n)
        # Translators: the places of a suit's cards in the ranking, "9th to 14th".
        places = _("{first} to {last}").format(
            first=ordinal(place + 1), last=ordinal(place + len(cards))
        )
        if len(cards) == 1:
            places = ordinal(place + 1)
        place += len(cards)
        term.say(f"{pad(label, 21)} {format_cards(cards):<19} {places}")
    special = [c for c in order if card_role(c, trump) in _NAMED]
    term.say()
    for card in special:
        term.wrap(explain_card(card, trump).text, "")
    return 0


COMMAND: Final = Command(
    name="rank",
    summary=N_("the order of the 25 cards under a trump, with the bowers and the Joker named"),
    description=N_(
        "Print all 25 cards strongest first when SUIT is trump: the eight trumps\n"
        "(the Joker, the right and the left bower first), then each plain suit.\n"
        "SUIT is S, H, D, C, a symbol or a name; 'none' for a no-trump hand."
    ),
    examples="hasenpfeffer rank H\nhasenpfeffer rank spades",
    add_arguments=add_arguments,
    run=run,
)
