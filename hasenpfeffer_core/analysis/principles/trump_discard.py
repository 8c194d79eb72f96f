"""The principles of the maker's trump and discard: name the longest trump suit,
make a void, discard low."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...engine.actions import Action, Discard, NameTrump
from ...engine.cards import JOKER, SUITS, Card, Rank, Suit
from ...engine.i18n import gettext as _
from ...engine.i18n import ngettext
from ...engine.tricks import (
    EFF,
    ORDERS,
    card_role,
    trump_key,
)
from ..contracts import discard_order
from ..explain import join_and
from ..view import PlayerView
from .auction import Judge
from .words import NONE_FOUND, Found, card_names, count_word

__all__ = ["holding_words", "void_left"]

# --- trump and the discard ---------------------------------------------------------------------


def _trumps_under(hand: Sequence[Card], suit: Suit) -> list[Card]:
    tk = suit.value
    return [c for c in ORDERS[tk] if c in hand and EFF[tk][c.index] == tk]


def _trump_strength(hand: Sequence[Card], suit: Suit) -> tuple[int, tuple[int, ...]]:
    order = ORDERS[suit.value]
    trumps = _trumps_under(hand, suit)
    return len(trumps), tuple(-order.index(c) for c in trumps)


def _holding(hand: Sequence[Card], suit: Suit) -> str:
    """``no trumps``, ``two trumps, J♥ and A♥``."""
    trumps = _trumps_under(hand, suit)
    if not trumps:
        return _("no trumps")
    return ngettext("one trump, {cards}", "{n} trumps, {cards}", len(trumps)).format(
        n=count_word(len(trumps)), cards=card_names(trumps)
    )


def holding_words(hand: Sequence[Card], suit: Suit) -> str:
    """What ``hand`` holds with ``suit`` as trumps, in card terms: its trumps and its
    side aces (``three trumps, the Joker, J♥ and A♥, and a side ace, A♠``)."""
    trumps = _trumps_under(hand, suit)
    aces = [c for c in hand if c.rank is Rank.ACE and c not in trumps]
    holding = _holding(hand, suit)
    if not aces:
        # Translators: {holding} is the trumps held ("two trumps, J♥ and A♥").
        return _("{holding}, and no side ace").format(holding=holding)
    # Translators: {holding} is the trumps held ("two trumps, J♥ and A♥"), {cards} aces.
    return ngettext(
        "{holding}, and a side ace, {cards}", "{holding}, and side aces, {cards}", len(aces)
    ).format(holding=holding, cards=card_names(aces))


def _name_trump(view: PlayerView, action: Action) -> Found:
    if not isinstance(action, NameTrump) or action.suit is None:
        return NONE_FOUND
    hand = view.hand
    chosen = action.suit
    strength = {s: _trump_strength(hand, s) for s in SUITS}
    best = max(strength.values())
    mine = strength[chosen]
    if mine == best:
        others = [s for s in SUITS if s is not chosen]
        second = max(others, key=lambda s: strength[s])
        if mine[0] > strength[second][0]:
            # Translators: {suit} is the suit named ("hearts"); {holding} the trumps held with
            # it ("two trumps, J♥ and A♥"); {other} the next best suit. Keep "Name {suit}." as
            # the hint's "Name {suit}" says it. The part after the colon is shown alone as
            # the hint's last step: it must read as a whole sentence.
            text = _(
                "With {suit} as trumps you would hold {holding}: no other suit would give you as "
                "many trumps. Name {suit}."
            )
        elif mine == strength[second]:
            text = _(
                "With {suit} as trumps you would hold {holding}: with {other} you would hold no "
                "better. Name {suit}."
            )
        else:
            text = _(
                "With {suit} as trumps you would hold {holding}: with {other} you would hold as "
                "many trumps, but lower ones. Name {suit}."
            )
        return (
            text.format(suit=chosen.plural, holding=_holding(hand, chosen), other=second.plural),
            None,
        )
    top = next(s for s in SUITS if strength[s] == best)
    if best[0] > mine[0]:
        # Translators: {suit} is the suit named, {holding} its trumps; {better} the better
        # suit (a suit's name, never a card), {best_holding} its trumps ("three trumps,
        # the Joker, J♠ and A♠").
        text = _(
            "You named {suit}, where you hold {holding}; {better} gives more: {best_holding}. "
            "Name {better}."
        )
    else:
        text = _(
            "You named {suit}, where you hold {holding}; {better} gives as many, and higher "
            "ones: {best_holding}. Name {better}."
        )
    return None, text.format(
        suit=chosen.plural,
        holding=_holding(hand, chosen),
        better=top.plural,
        best_holding=_holding(hand, top),
    )


def void_left(hand: Sequence[Card], card: Card, trump: Suit | None) -> Suit | None:
    """The plain suit that discarding ``card`` leaves ``hand`` void in (it was the
    hand's only card of that suit under ``trump``), or None."""
    if trump is None:
        return None
    tk = trump_key(trump)
    code = EFF[tk][card.index]
    if code == tk or sum(1 for c in hand if EFF[tk][c.index] == code) != 1:
        return None
    return SUITS[code]


def _void_a_suit(view: PlayerView, action: Action) -> Found:
    if not isinstance(action, Discard) or action.card.rank is Rank.ACE:
        return NONE_FOUND
    suit = void_left(view.hand, action.card, view.trump)
    if suit is None:
        return NONE_FOUND
    tk = trump_key(view.trump)
    card = action.card
    trumps = [c for c in view.hand if EFF[tk][c.index] == tk]
    if not trumps:
        return NONE_FOUND
    n = len(trumps)
    # Translators: {suit} is one card's suit ("heart"), {suits} the suit ("hearts").
    text = ngettext(
        "{card} is your only {suit}: once it is gone you hold no {suits}, and you can trump "
        "them with your one trump. Discard {card}.",
        "{card} is your only {suit}: once it is gone you hold no {suits}, and you can trump "
        "them with your {n} trumps. Discard {card}.",
        n,
    )
    return (
        text.format(card=card.text, suit=suit.singular, suits=suit.plural, n=count_word(n)),
        None,
    )


def _discard_low(view: PlayerView, action: Action) -> Found:
    if not isinstance(action, Discard):
        return NONE_FOUND
    tk = trump_key(view.trump)
    plain = [c for c in view.hand if EFF[tk][c.index] != tk]
    if not plain:
        return NONE_FOUND
    pool = [c for c in plain if c.rank is not Rank.ACE] or plain
    low = min(c.rank for c in pool)
    # of the lowest, the one from the shortest suit first (it may leave a void), in the
    # order the rule of thumb and the judge discard in: the words named 9♥ where the
    # hint beside them said "Discard 9♦"
    lows = [c for c in discard_order(view.hand, view.trump) if c in pool and c.rank == low]
    card = action.card
    aces = [c for c in plain if c.rank is Rank.ACE]
    trump = view.trump is not None
    if card in lows:
        keep = []
        if any(EFF[tk][c.index] == tk for c in view.hand):
            keep.append(_("your trumps") if trump else _("the Joker"))
        if aces:
            if trump:
                ace = ngettext("your side ace, {cards}", "your side aces, {cards}", len(aces))
            else:
                ace = ngettext("your ace, {cards}", "your aces, {cards}", len(aces))
            keep.append(ace.format(cards=card_names(aces)))
        if trump and keep:
            # Translators: {keep} is what to keep, as "your trumps and your side ace, A♠".
            text = _("{card} is your lowest plain card: keep {keep}. Discard {card}.")
        elif trump:
            text = _("{card} is your lowest plain card. Discard {card}.")
        elif keep:
            text = _("{card} is your lowest card: keep {keep}. Discard {card}.")
        else:
            text = _("{card} is your lowest card. Discard {card}.")
        return text.format(card=card.text, keep=join_and(keep)), None
    if EFF[tk][card.index] == tk:
        if card is JOKER and trump:
            text = _(
                "You discarded the Joker, the one card that always wins: keep it and discard a "
                "plain card, {low}, instead."
            )
        elif card is JOKER:
            text = _(
                "You discarded the Joker, the one card that always wins: keep it and discard a "
                "card, {low}, instead."
            )
        else:
            # Translators: {role} is the trump's role, as "the left bower" or "a trump".
            text = _(
                "You discarded {card}, {role}, which can win a trick: keep it and discard a "
                "plain card, {low}, instead."
            )
        role = card_role(card, view.trump).phrase
        return None, text.format(card=card.text, role=role, low=lows[0].text)
    if card.rank is Rank.ACE and card in aces and pool is not plain:
        if trump:
            text = _(
                "You discarded {card}, a side ace that can win a trick: discard your lowest "
                "plain card, {low}, instead."
            )
        else:
            text = _(
                "You discarded {card}, an ace that can win a trick: discard your lowest card, "
                "{low}, instead."
            )
        return None, text.format(card=card.text, low=lows[0].text)
    if (
        card.rank is not Rank.ACE
        and void_left(view.hand, card, view.trump) is None
        and void_left(view.hand, lows[0], view.trump) is None
    ):
        # A higher plain card, that makes no void: the principle's own words ("discard
        # your lowest plain card") go against it as they do against an ace (a lesson's
        # discard once called K♣ right beside "9♣ is your lowest plain card").
        if trump:
            # Translators: {card} is the card discarded, {low} the lowest plain card held.
            text = _(
                "You discarded {card}, though {low} is lower and makes no void either: "
                "discard your lowest plain card, {low}, and keep {card}, which may yet win "
                "a trick."
            )
        else:
            text = _(
                "You discarded {card}, though {low} is lower and makes no void either: "
                "discard your lowest card, {low}, and keep {card}, which may yet win a trick."
            )
        return None, text.format(card=card.text, low=lows[0].text)
    return NONE_FOUND


TRUMP_JUDGES: Final[tuple[tuple[str, Judge], ...]] = (("name-longest-trump", _name_trump),)
DISCARD_JUDGES: Final[tuple[tuple[str, Judge], ...]] = (
    ("void-a-suit", _void_a_suit),
    ("discard-low", _discard_low),
)
