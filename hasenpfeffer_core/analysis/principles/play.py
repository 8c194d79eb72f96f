"""The principles of the play of the cards, recognised in a position: the lead,
then following to a trick, and the score once a bid is lost."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Final

from ...engine.actions import Play
from ...engine.auction import bid_name
from ...engine.cards import DECK, JOKER, SUITS, Card
from ...engine.i18n import gettext as _
from ...engine.i18n import ngettext
from ...engine.seats import SEATS, Seat
from ...engine.tricks import (
    EFF,
    NO_TRUMP_KEY,
    ORDERS,
    WIN,
    throw_key,
    trump_key,
)
from ..explain import capitalised, card_words, join_and
from ..judge import net_points
from ..view import PlayerView
from .words import (
    NONE_FOUND,
    Found,
    bower_words,
    card_names,
    count_word,
    lead_or_play,
    played_clause,
)

__all__ = ["losing_pays"]

# --- the position, as the seat sees it --------------------------------------------------


class _Play:
    """A play position seen from the seat to move: the trick, what beats what, what is out."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.seat = view.seat
        self.trump = view.trump
        self.tk = trump_key(view.trump)
        tk = self.tk
        self.hand = view.hand
        self.legal = [a.card for a in view.legal_actions if isinstance(a, Play)]
        self.trick = view.current_trick
        seen = set(view.hand) | set(view.played)
        if view.discard is not None:
            seen.add(view.discard)
        self.unseen = [c for c in DECK if c not in seen]
        self.gone = {c for t in view.tricks for c in t.cards}
        if view.discard is not None:
            self.gone.add(view.discard)
        active = [s for s in SEATS if s not in view.sitting_out]
        self.partner_plays = self.seat.partner in active
        self.voids = view.voids()
        self.later: list[Seat] = []
        # The trick so far (a lead has none: these are then never read).
        self.led_code = tk
        self.table = WIN[tk][tk]
        self.win_seat: Seat = self.seat
        self.win_card: Card = JOKER
        if self.trick:
            leader = self.trick[0][0]
            order = [leader]
            while len(order) < len(active):
                nxt = order[-1].left
                while nxt not in active:
                    nxt = nxt.left
                order.append(nxt)
            self.later = order[len(self.trick) + 1 :]
            self.led_code = EFF[tk][self.trick[0][1].index]
            self.table = WIN[tk][self.led_code]
            best = max(range(len(self.trick)), key=lambda i: self.table[self.trick[i][1].index])
            self.win_seat, self.win_card = self.trick[best]
        self.later_opponents = [s for s in self.later if s.side is not self.seat.side]

    # strength -----------------------------------------------------------------
    def key(self, card: Card) -> int:
        """How low a card is to throw: a plain card by its printed rank (a 9 is as low
        as any other 9, whatever its suit), every trump above every plain card, in
        trump order."""
        return throw_key(card, self.tk)

    def is_trump(self, card: Card) -> bool:
        return EFF[self.tk][card.index] == self.tk and self.trump is not None

    def lowest(self, cards: Sequence[Card]) -> list[Card]:
        """The cards of ``cards`` that are lowest (plain before trumps, then by rank)."""
        low = min(self.key(c) for c in cards)
        return [c for c in cards if self.key(c) == low]

    # the trick ----------------------------------------------------------------
    def beats(self, card: Card, other: Card | None = None) -> bool:
        """Whether ``card`` beats the winning card (or ``other``) in this trick."""
        target = self.win_card if other is None else other
        return self.table[card.index] > self.table[target.index]

    def threats(self, card: Card) -> list[Card]:
        """The unseen cards that beat ``card`` here and that an opponent still to play
        could hold (not of a suit that opponent has shown to lack)."""
        return [
            u
            for u in self.unseen
            if self.table[u.index] > self.table[card.index]
            and any(EFF[self.tk][u.index] not in self.voids[p] for p in self.later_opponents)
        ]

    def sure(self, card: Card) -> bool:
        """Whether ``card`` wins the trick whatever the opponents after it hold."""
        return self.beats(card) and not self.threats(card)

    def winners(self) -> list[Card]:
        return [c for c in self.legal if self.beats(c)]

    def partner_safe(self) -> bool:
        """Partner's card is winning, and no opponent still to play can beat it."""
        return self.win_seat is self.seat.partner and not self.threats(self.win_card)

    def card_of(self, seat: Seat, card: Card) -> str:
        """``partner's J♥``, ``East's A♠``, ``your Joker``: a card and whose it is."""
        if seat is self.seat:
            if card is JOKER:
                return _("your Joker")
            return _("your {card}").format(card=card.text)
        if seat is self.seat.partner:
            if card is JOKER:
                return _("partner's Joker")
            return _("partner's {card}").format(card=card.text)
        if card is JOKER:
            return _("{seat}'s Joker").format(seat=seat.word)
        return _("{seat}'s {card}").format(seat=seat.word, card=card.text)

    def winning(self) -> str:
        """``East's A♠`` (the card winning the trick, and whose it is)."""
        return self.card_of(self.win_seat, self.win_card)

    def can_follow(self) -> bool:
        return any(EFF[self.tk][c.index] == self.led_code for c in self.hand)

    def led_plural(self) -> str:
        if self.led_code == NO_TRUMP_KEY:
            return _("cards of the Joker's suit")
        if self.led_code == self.tk:
            return _("trumps")
        return SUITS[self.led_code].plural

    def why_partner_safe(self, *, past: bool = False) -> str:
        """Why partner's winning card is sure to win (it is winning, and no opponent still to
        play can beat it), as a clause: ``only the Joker can beat it, which you hold``;
        ``past``: as it was (``only the Joker could beat it, which you held``)."""
        w = self.win_card
        beaters = [
            c for c in (*self.hand, *self.unseen) if self.table[c.index] > self.table[w.index]
        ]
        if not beaters:
            return _("nothing left could beat it") if past else _("nothing left can beat it")
        if all(c in self.hand for c in beaters):
            if len(beaters) == 1:
                card = card_words(beaters[0])
                if past:
                    return _("only {card} could beat it, which you held").format(card=card)
                return _("only {card} can beat it, which you hold").format(card=card)
            cards = card_names(beaters, "or")
            if past:
                return _("only {cards} could beat it, and you held them").format(cards=cards)
            return _("only {cards} can beat it, and you hold them").format(cards=cards)
        who = [s.word for s in self.later_opponents]
        if len(who) == 1:
            if past:
                return _("{seat}, the last to play, could not hold a card that beats it").format(
                    seat=who[0]
                )
            return _("{seat}, the last to play, cannot hold a card that beats it").format(
                seat=who[0]
            )
        if len(who) == 2:
            if past:
                return _("neither {seat} nor {other} could hold a card that beats it").format(
                    seat=who[0], other=who[1]
                )
            return _("neither {seat} nor {other} can hold a card that beats it").format(
                seat=who[0], other=who[1]
            )
        if past:
            return _("no opponent still to play could hold a card that beats it")
        return _("no opponent still to play can hold a card that beats it")


# --- play: the lead ---------------------------------------------------------------------


def _count_trumps(p: _Play, card: Card) -> Found:
    if p.trump is None or card is JOKER or not p.is_trump(card):
        return NONE_FOUND
    higher = [c for c in ORDERS[p.tk] if p.is_trump(c) and p.key(c) > p.key(card)]
    if not higher or any(c not in p.gone for c in higher):
        return NONE_FOUND
    n = len([u for u in p.unseen if p.is_trump(u)])
    if n:
        out = ngettext("one other trump is still out", "{n} other trumps are still out", n).format(
            n=count_word(n)
        )
    else:
        out = _("no other trump is out")
    # Translators: {played} is "J♥ and the Joker have been played"; {card} the trump
    # (maybe "J♦, the left bower,"); {out} says how many trumps are still out; {action}
    # is what to do ("lead J♦"). Keep the colon before {action}: a hint shows the part
    # before the last colon first, without the card to play.
    text = _(
        "{played}, so {card} is the highest trump left and sure to win; {out}: {action}."
    ).format(
        played=played_clause(higher),
        card=bower_words(card, p.trump),
        out=out,
        action=lead_or_play(card, not p.trick),
    )
    return capitalised(text), None


def _lead_trumps(p: _Play, card: Card) -> Found:
    view = p.view
    if p.trick or p.trump is None or view.maker is None or view.maker.side is not p.seat.side:
        return NONE_FOUND
    mine = [c for c in p.hand if p.is_trump(c)]
    out = [u for u in p.unseen if p.is_trump(u)]
    if not mine or not out:
        return NONE_FOUND
    top_out = max(p.key(u) for u in out)
    sure = [c for c in mine if p.key(c) > top_out]
    if not sure:
        return NONE_FOUND
    n = len(out)
    if card in sure:
        return (
            ngettext(
                "Your side named {trump} and {card} beats the one trump still out, so leading "
                "it draws the defenders' trumps: lead {card}.",
                "Your side named {trump} and {card} beats all {n} trumps still out, so leading "
                "it draws the defenders' trumps: lead {card}.",
                n,
            ).format(trump=p.trump.plural, card=card_words(card), n=count_word(n)),
            None,
        )
    code = EFF[p.tk][card.index]
    top = max(sure, key=p.key)
    if code == p.tk:
        # a lower trump led, which a defender's trump can take ("Lead trumps as the
        # maker" told a learner who led 9♠ only "lead J♠", as if 9♠ were no trump)
        # Translators: trump is the trump suit ("spades"), top the highest trump still
        # in play ("J♠"), card the lower trump led, n the trumps still out.
        return None, ngettext(
            "Your side named {trump} and you held {top}, which beats the one trump still out, "
            "but you led {card}, a lower trump that it can take: lead {top} first, to draw it.",
            "Your side named {trump} and you held {top}, which beats all {n} trumps still out, "
            "but you led {card}, a lower trump that theirs can take: lead {top} first, to "
            "draw them.",
            n,
        ).format(trump=p.trump.plural, top=card_words(top), card=card_words(card), n=count_word(n))
    if any(EFF[p.tk][u.index] == code and p.key(u) > p.key(card) for u in p.unseen):
        return None, ngettext(
            "Your side named {trump} and you held {top}, which beats the one trump still out, "
            "but you led {card}, which a higher card or a trump can take: lead trumps first, "
            "{top}.",
            "Your side named {trump} and you held {top}, which beats all {n} trumps still out, "
            "but you led {card}, which a higher card or a trump can take: lead trumps first, "
            "{top}.",
            n,
        ).format(trump=p.trump.plural, top=card_words(top), card=card.text, n=count_word(n))
    return NONE_FOUND


def _cash_winners(p: _Play, card: Card) -> Found:
    if p.trick or card is JOKER or p.is_trump(card):
        return NONE_FOUND
    code = EFF[p.tk][card.index]
    if any(EFF[p.tk][u.index] == code and p.key(u) > p.key(card) for u in p.unseen):
        return NONE_FOUND
    suit = SUITS[code]
    above = [c for c in ORDERS[p.tk] if EFF[p.tk][c.index] == code and p.key(c) > p.key(card)]
    higher = [c for c in above if c not in p.hand]
    mine = [c for c in above if c in p.hand]
    if mine:
        # (the hand's own higher cards: 10♦ is not "the best diamond left" beside J♦)
        if higher:
            # Translators: {cards} the higher cards played ("A♦ and K♦"), {mine} the
            # learner's own higher ones ("J♦"), {suit} one card's suit ("diamond").
            head = ngettext(
                "{cards} has been played and you hold {mine}, so no one else holds a {suit} "
                "above {card}",
                "{cards} have been played and you hold {mine}, so no one else holds a {suit} "
                "above {card}",
                len(higher),
            ).format(
                cards=card_names(higher), mine=card_names(mine), suit=suit.singular, card=card.text
            )
        else:
            head = _("You hold {mine}, so no one else holds a {suit} above {card}").format(
                mine=card_names(mine), suit=suit.singular, card=card.text
            )
    elif higher:
        # Translators: {suit} is one card's suit ("heart"): "the best heart left".
        head = ngettext(
            "{cards} has been played, so {card} is the best {suit} left",
            "{cards} have been played, so {card} is the best {suit} left",
            len(higher),
        ).format(cards=card_names(higher), card=card.text, suit=suit.singular)
    else:
        head = _("{card} is the best {suit} left").format(card=card.text, suit=suit.singular)
    if p.trump is not None:
        if any(p.is_trump(u) for u in p.unseen):
            # Translators: {situation} is "K♠ is the best spade left" (or "A♠ has been
            # played, so K♠ is the best spade left").
            text = _(
                "{situation}: only a trump can take it. Cash it while it is sure: lead {card}."
            )
        else:
            text = _(
                "{situation}, and no trumps are left to take it. Cash it while it is sure: "
                "lead {card}."
            )
    elif JOKER in p.unseen:
        text = _("{situation}: only the Joker can take it. Cash it while it is sure: lead {card}.")
    else:
        text = _("{situation}, and nothing can take it. Cash it while it is sure: lead {card}.")
    return capitalised(text.format(situation=head, card=card.text)), None


# --- play: following ---------------------------------------------------------------------


def _do_not_overtake(p: _Play, card: Card) -> Found:
    if not p.partner_safe():
        return NONE_FOUND
    low = p.lowest(p.legal)
    w = p.card_of(p.seat.partner, p.win_card)
    if not p.beats(card):
        if card not in low or not any(p.beats(c) for c in p.legal):
            # (where no card of the hand could overtake, the principle has nothing to say)
            return NONE_FOUND
        if not p.later:
            return (
                _("You play last and {winning} is winning the trick: play low, {card}.").format(
                    winning=w, card=card_words(card)
                ),
                None,
            )
        # Translators: {winning} is "partner's J♥"; {why} why it is sure to win, as
        # "only the Joker can beat it, which you hold".
        text = _("{winning} is winning and {why}: play low, {card}.").format(
            winning=w, why=p.why_partner_safe(), card=card_words(card)
        )
        return capitalised(text), None
    if not any(not p.beats(c) for c in p.legal):
        return NONE_FOUND
    if not p.later:
        why = _("you played last, so it had won the trick")
    else:
        why = p.why_partner_safe(past=True)
    # Translators: {why} says why partner's card was sure to win, as "only the Joker
    # could beat it, which you held".
    return None, _(
        "You overtook partner's sure {winning} with {card}: {why}. Play low, {low}."
    ).format(winning=card_words(p.win_card), card=card_words(card), why=why, low=card_words(low[0]))


def _keep_the_joker(p: _Play, card: Card) -> Found:
    if JOKER not in p.legal or len(p.legal) < 2:
        return NONE_FOUND
    safe = p.partner_safe()
    theirs = p.card_of(p.seat.partner, p.win_card)
    if card is not JOKER:
        if safe and card in p.lowest(p.legal):
            text = _(
                "{winning} already wins this trick: keep the Joker, the one card that always "
                "wins, and play {card}."
            ).format(winning=theirs, card=card_words(card))
            return capitalised(text), None
        if not safe and p.sure(card):
            return (
                _(
                    "{card} is sure to win this trick too, so keep the Joker, the one card that "
                    "always wins, for later: play {card}."
                ).format(card=card.text),
                None,
            )
        return NONE_FOUND
    others = [c for c in p.legal if c is not JOKER]
    if safe and any(not p.beats(c) for c in others):
        low = p.lowest(others)[0]
        text = _(
            "{winning} already won this trick, and you spent the Joker on it: keep the Joker, "
            "the one card that always wins, and play low, {card}."
        ).format(winning=theirs, card=card_words(low))
        return None, capitalised(text)
    sure = [c for c in others if p.sure(c)]
    if not safe and sure:
        cheap = p.lowest(sure)[0]
        return None, _(
            "You spent the Joker where {card} was sure to win as well: keep the Joker, the one "
            "card that always wins, and play {card}."
        ).format(card=cheap.text)
    return NONE_FOUND


def _trump_in(p: _Play, card: Card) -> Found:
    if p.trump is None or p.led_code == p.tk or p.can_follow():
        return NONE_FOUND
    if p.win_seat.side is p.seat.side:
        return NONE_FOUND
    trumps = [c for c in p.legal if p.is_trump(c) and p.beats(c)]
    if not trumps:
        return NONE_FOUND
    over = p.is_trump(p.win_card)
    cheapest = p.lowest(trumps)
    words = {"suit": p.led_plural(), "winning": p.winning(), "card": card_words(card)}
    if card in trumps:
        lowest = card in cheapest and len(trumps) > len(cheapest)
        if over and lowest:
            # Translators: {suit} is the suit led ("hearts"); {winning} the card winning the
            # trick and whose it is ("East's A♥").
            text = _(
                "You hold no {suit} and {winning} is winning: overtrump it with {card}, your "
                "lowest trump that wins."
            )
        elif over:
            text = _("You hold no {suit} and {winning} is winning: overtrump it with {card}.")
        elif lowest:
            text = _(
                "You hold no {suit} and {winning} is winning: trump it with {card}, your "
                "lowest trump that wins."
            )
        else:
            text = _("You hold no {suit} and {winning} is winning: trump it with {card}.")
        return text.format(**words), None
    if over:
        text = _(
            "You held no {suit} and {winning} was winning, but you played {card}: overtrump "
            "it with {trump}."
        )
    else:
        text = _(
            "You held no {suit} and {winning} was winning, but you played {card}: trump it "
            "with {trump}."
        )
    return None, text.format(trump=card_words(cheapest[0]), **words)


def _third_hand_high(p: _Play, card: Card) -> Found:
    if len(p.trick) != 2 or p.trick[0][0] is not p.seat.partner or not p.can_follow():
        return NONE_FOUND
    if p.partner_safe() or not p.later_opponents:
        return NONE_FOUND
    winners = p.winners()
    if p.win_seat is p.seat.partner:
        # Partner is winning but can be beaten: a higher card helps only if fewer cards
        # can beat it (else it is partner's card over again).
        risk = len(p.threats(p.win_card))
        winners = [c for c in winners if len(p.threats(c)) < risk]
    if not winners:
        return NONE_FOUND
    partner_winning = p.win_seat is p.seat.partner
    words = {
        "led": card_words(p.trick[0][1]),
        "seat": p.later_opponents[0].word,
        "winning": p.winning(),
        "card": card_words(card),
    }
    sure = [c for c in winners if not p.threats(c)]
    if sure:
        target = p.lowest(sure)
    else:
        top = max(p.key(c) for c in winners)
        target = [c for c in winners if p.key(c) == top]
    if card in target:
        if partner_winning and sure:
            # Translators: {led} is the card partner led; {seat} the opponent still to play;
            # {winning} the card winning the trick and whose it is ("East's Q♠").
            text = _(
                "Partner led {led}, which {seat} can still beat: third hand plays high, and "
                "{card} is sure to win the trick: play {card}."
            )
        elif partner_winning:
            text = _(
                "Partner led {led}, which {seat} can still beat: third hand plays high, so that "
                "{seat} must spend a higher card to win it: play {card}."
            )
        elif sure:
            text = _(
                "Partner led {led} and {winning} is winning: third hand plays high, and {card} "
                "is sure to win the trick: play {card}."
            )
        else:
            text = _(
                "Partner led {led} and {winning} is winning: third hand plays high, so that "
                "{seat} must spend a higher card to win it: play {card}."
            )
        return text.format(**words), None
    if card not in winners:
        if partner_winning:
            text = _(
                "Partner led {led}, which {seat} could beat, but you played {card}: third hand "
                "plays high, {high}."
            )
        else:
            text = _(
                "Partner led {led} and {winning} was winning, but you played {card}: third hand "
                "plays high, {high}."
            )
        return None, text.format(high=card_words(target[0]), **words)
    return NONE_FOUND


def _win_cheaply(p: _Play, card: Card) -> Found:
    if p.win_seat.side is p.seat.side:
        return NONE_FOUND
    sure = [c for c in p.winners() if not p.threats(c)]
    if not sure:
        return NONE_FOUND
    cheapest = p.lowest(sure)
    # Playing last, every card that beats the winner is sure to win the trick.
    last = not p.later
    if card in cheapest:
        keep = [c for c in sure if c not in cheapest and c is not JOKER]
        if last and keep:
            # Translators: {winning} is the card winning the trick and whose it is ("East's
            # A♠"); {keep} the higher cards kept ("K♠ and the Joker").
            text = _(
                "You play last and {winning} is winning: {card} is the lowest card that beats "
                "it, so win cheaply with {card} and keep {keep}."
            )
        elif last:
            text = _(
                "You play last and {winning} is winning: {card} is the lowest card that beats "
                "it, so win cheaply with {card}."
            )
        elif keep:
            text = _(
                "{winning} is winning and {card} is the lowest card you hold that is sure to win "
                "the trick, so win cheaply with {card} and keep {keep}."
            )
        else:
            text = _(
                "{winning} is winning and {card} is the lowest card you hold that is sure to win "
                "the trick, so win cheaply with {card}."
            )
        words = {"winning": p.winning(), "card": card_words(card), "keep": card_names(keep)}
        return capitalised(text.format(**words)), None
    if card in sure:
        if last:
            text = _(
                "You won with {card} where {low} was enough: against {winning}, {low} is the "
                "lowest card that beats it. Win cheaply with {low}."
            )
        else:
            text = _(
                "You won with {card} where {low} was enough: against {winning}, {low} is the "
                "lowest card that is sure to win the trick. Win cheaply with {low}."
            )
        return None, text.format(
            card=card_words(card), low=card_words(cheapest[0]), winning=p.winning()
        )
    return NONE_FOUND


def _second_hand_low(p: _Play, card: Card) -> Found:
    if len(p.trick) != 1 or not p.partner_plays or not p.can_follow():
        return NONE_FOUND
    if p.seat.partner not in p.later:
        return NONE_FOUND
    low = p.lowest(p.legal)
    if card in low and not p.sure(card):
        return (
            _(
                "You play second and partner still plays after you: play low, {card}, and keep "
                "your higher cards."
            ).format(card=card_words(card)),
            None,
        )
    threats = p.threats(card)
    same = [u for u in threats if EFF[p.tk][u.index] == p.led_code]
    # The best card left of the suit led may be played second: only a trump can beat it.
    if p.beats(card) and same:
        trumps = p.led_code != p.tk and any(p.is_trump(u) for u in threats)
        names = [card_words(c) for c in sorted(same, key=lambda c: -p.key(c))]
        if trumps:
            names.append(_("a trump"))
        # Translators: {cards} are the cards that can still beat it ("A♠ or a trump").
        return None, ngettext(
            "You played {card} second, and {cards} can still beat it after you: second hand "
            "plays low, {low}, and leaves the trick to partner.",
            "You played {card} second, and {cards} can still beat it after you: second hand "
            "plays low, {low}, and leaves the trick to partner.",
            len(names),
        ).format(card=card_words(card), cards=join_and(names, "or"), low=card_words(low[0]))
    return NONE_FOUND


def _throw_lowest(p: _Play, card: Card) -> Found:
    if p.winners():
        return NONE_FOUND
    low = p.lowest(p.legal)
    if p.win_seat is p.seat.partner:
        # Partner is winning and no card of the hand could take over (where one could,
        # "do not overtake" speaks): the card played adds nothing, so the lowest goes.
        # (The hint said "No simple rule decides this one" here.)
        words = {"winning": p.winning(), "card": card_words(card), "low": card_words(low[0])}
        if card in low:
            # Translators: {winning} is "partner's J♣", {card} the card to play.
            text = _(
                "{winning} is winning and nothing you hold beats it: play your lowest card, {card}."
            )
            return capitalised(text.format(**words)), None
        # Translators: {winning} is "partner's J♣", {card} the card played, {low} the
        # lowest card held.
        text = _(
            "{winning} was winning and nothing you held could beat it, yet you played {card}: "
            "play your lowest card, {low}, and keep {card} for later."
        )
        if len(low) > 1:  # (name them all: the hint advises one of them, maybe not the first)
            words["low"] = join_and([card_words(c) for c in low], "or")
            # Translators: {winning} is "partner's J♣", {card} the card played, {low} the
            # lowest cards held, as low as each other ("10♦ or 10♥").
            text = _(
                "{winning} was winning and nothing you held could beat it, yet you played "
                "{card}: play one of your lowest cards, {low}, and keep {card} for later."
            )
        return None, capitalised(text.format(**words))
    if card in low:
        return (
            _("Nothing you hold can beat {winning}: throw your lowest card, {card}.").format(
                winning=p.winning(), card=card_words(card)
            ),
            None,
        )
    if len(low) > 1:
        # Translators: {low} lists the lowest cards held, as low as each other ("10♦ or 10♥").
        return None, _(
            "Nothing you held could beat {winning}, yet you played {card}: throw one of your "
            "lowest cards, {low}, and keep {card} for later."
        ).format(
            winning=p.winning(),
            card=card_words(card),
            low=join_and([card_words(c) for c in low], "or"),
        )
    return None, _(
        "Nothing you held could beat {winning}, yet you played {card}: throw your lowest card, "
        "{low}, and keep {card} for later."
    ).format(winning=p.winning(), card=card_words(card), low=card_words(low[0]))


_Recogniser = Callable[[_Play, Card], Found]

#: The recognisers of a lead and of a card played to a trick, the most telling first.
_LEADS: Final[tuple[tuple[str, _Recogniser], ...]] = (
    ("count-trumps", _count_trumps),
    ("lead-trumps", _lead_trumps),
    ("cash-winners", _cash_winners),
)
_FOLLOWS: Final[tuple[tuple[str, _Recogniser], ...]] = (
    ("do-not-overtake", _do_not_overtake),
    ("keep-the-joker", _keep_the_joker),
    ("trump-in", _trump_in),
    ("count-trumps", _count_trumps),
    ("third-hand-high", _third_hand_high),
    ("win-cheaply", _win_cheaply),
    ("second-hand-low", _second_hand_low),
    ("throw-lowest", _throw_lowest),
)


def losing_pays(view: PlayerView) -> bool:
    """Whether every further trick costs the side of ``view.seat`` points: under the
    hand's own scoring, each trick more that side could still take leaves it worse off
    (the makers once their bid is lost under the source rules, and the defenders then)."""
    if view.high_bid is None or not view.trump_named:
        return False
    net = net_points(view)
    won = sum(1 for t in view.tricks if t.winner.side is view.seat.side)
    left = 6 - len(view.tricks)
    reach = net[won : won + left + 1]
    return len(reach) > 1 and all(b < a for a, b in pairwise(reach))


def _lose_when_it_pays(p: _Play, card: Card) -> Found:
    if not p.trick or p.win_seat.side is p.seat.side:
        return NONE_FOUND
    losers = [c for c in p.legal if not p.beats(c)]
    if not losers or len(losers) == len(p.legal):
        return NONE_FOUND
    high = p.view.high_bid
    assert high is not None
    bid = bid_name(high.tricks, high.big, p.view.rules)
    words = {
        "bid": bid,
        "seat": high.seat.word,
        "winning": p.winning(),
        "card": card_words(card),
        "cards": card_names(losers, "or"),
    }
    makers = high.seat.side is p.seat.side
    if card in losers:
        if makers:
            # Translators: bid is the side's bid (5, Little Pepper), winning the card
            # winning the trick and whose it is ("South's A♣").
            text = _(
                "Your side's bid of {bid} can no longer be made, and each trick your side "
                "takes now costs it a point: let {winning} win this trick, play {card}."
            )
        else:
            # Translators: seat and bid are the makers' bid (North, 5).
            text = _(
                "{seat}'s bid of {bid} is already beaten, and each trick the makers take now "
                "costs them a point: let {winning} win this trick, play {card}."
            )
        return text.format(**words), None
    if makers:
        text = _(
            "Your side's bid of {bid} could no longer be made, and each trick your side took "
            "cost it a point, yet you beat {winning} with {card}: let it win, with {cards}."
        )
    else:
        text = _(
            "{seat}'s bid of {bid} was already beaten, and each trick the makers took cost "
            "them a point, yet you beat {winning} with {card}: let it win, with {cards}."
        )
    return None, text.format(**words)


def play_found(view: PlayerView, action: Play) -> list[tuple[str, Found]]:
    p = _Play(view)
    if len(p.legal) < 2:
        return []  # no choice, no principle: the rules decide
    if losing_pays(view):
        # The score turns the usual aim round: the principles of winning tricks no
        # longer hold, and one principle says so.
        return [("lose-when-it-pays", _lose_when_it_pays(p, action.card))]
    table = _FOLLOWS if p.trick else _LEADS
    return [(key, fn(p, action.card)) for key, fn in table]
