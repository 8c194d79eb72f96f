"""The principles of Hasenpfeffer play and bidding, each recognised in a position.

A teacher at the table does not say "this card scores best"; they name the principle
and the cards: "Partner's K♠ is winning and only J♠ can beat it, which you hold: play
low, 9♠." This module holds the catalogue of those principles (:data:`PRINCIPLES`, in
the order the glossary shows them) and the code that recognises each one:

* :func:`reasons_for` lists the principles an action follows in a position, each as a
  :class:`Reason` whose text applies the principle to the cards on the table;
* :func:`broken_by` lists the principles an action goes against, for the review of a
  learner's mistakes.

Both read a :class:`~hasenpfeffer_core.analysis.view.PlayerView`: only what the seat
sees (its own cards, the cards played, the auction), never another hand. They work
from the engine's tables, so the Joker and the bowers are trumps under every trump, and
the rule options (the failed-bid rule, the forced bid when all four pass, no trump)
change what a principle says.

>>> from hasenpfeffer_core import HandState, Seat, parse_action
>>> from hasenpfeffer_core.analysis.view import PlayerView
>>> h = HandState.from_hands(
...     {"N": "JH AH KH AS KS QC", "E": "QH 10H 9S 10S QS AC",
...      "S": "JK 9H AD KD QD 9D", "W": "JD JS JC 10C KC 10D"},
...     "9C", dealer=Seat.W)
>>> for a in ("N bid 2", "E pass", "S pass", "W pass", "N trump H", "N discard 9C",
...           "N play JH", "E play 10H"):
...     h.apply(parse_action(a))
>>> v = PlayerView.of(h, Seat.S)
>>> low, joker = parse_action("S play 9H"), parse_action("S play JK")
>>> [r.principle.key for r in reasons_for(v, low)]
['do-not-overtake', 'keep-the-joker']
>>> print(reasons_for(v, low)[0].text)
Partner's J♥ is winning and only the Joker can beat it, which you hold: play low, 9♥.
>>> print(broken_by(v, joker)[0].text)
You overtook partner's sure J♥ with the Joker: only the Joker could beat it, which you held. Play low, 9♥.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Final

from ..engine.actions import Action, Bid, Discard, GoAlone, NameTrump, Pass, Play
from ..engine.auction import FORCED_BID, bid_name, check_bid
from ..engine.cards import DECK, JOKER, SUITS, Card, Rank, Suit
from ..engine.errors import (
    IllegalActionError,
    InvalidDataError,
    OutOfTurnError,
    WrongPhaseError,
    shown,
)
from ..engine.i18n import N_, ngettext, pgettext
from ..engine.i18n import gettext as _
from ..engine.rules import AllPass, BiddingScale, FailedBid, NoTrumpJoker
from ..engine.seats import SEATS, Seat
from ..engine.state import Phase
from ..engine.tricks import (
    EFF,
    NO_TRUMP_KEY,
    ORDERS,
    WIN,
    CardRole,
    card_role,
    check_follow,
    throw_key,
    trump_key,
)
from .explain import capitalised, card_words, join_and
from .judge import net_points
from .view import PlayerView

__all__ = [
    "PHASES",
    "PRINCIPLES",
    "Principle",
    "Reason",
    "broken_by",
    "holding_words",
    "losing_pays",
    "principle",
    "reasons_for",
    "void_left",
]

#: The phases a principle belongs to, in the order of a hand.
PHASES: Final = ("bid", "trump", "discard", "play")


@dataclass(frozen=True)
class Principle:
    """One principle of play or bidding, as the glossary shows it.

    ``key`` is a short name (``"win-cheaply"``), also the glossary anchor
    ``principle-win-cheaply``; ``phase`` is ``bid``, ``trump``, ``discard`` or ``play``;
    ``rule`` says the principle in one sentence, ``why`` why it works in Hasenpfeffer,
    and ``nudge`` is a first hint that names no card.

    ``name``, ``rule``, ``why`` and ``nudge`` hold the English source text, marked for the
    catalogue: show them translated, ``gettext(p.name)``.
    """

    key: str
    name: str
    phase: str
    rule: str
    why: str
    nudge: str

    @property
    def anchor(self) -> str:
        """The principle's anchor on the glossary page: ``principle-`` and its key."""
        return f"principle-{self.key}"


@dataclass(frozen=True)
class Reason:
    """A principle applied to one position: ``text`` names the cards and ends with the action."""

    principle: Principle
    text: str


PRINCIPLES: Final[tuple[Principle, ...]] = (
    Principle(
        "bid-cheapest",
        N_("Bid what wins the auction"),
        "bid",
        N_("When you bid, bid the cheapest number that is higher than the last bid."),
        N_(
            "A side that makes its bid scores one point for each trick it takes, whatever number "
            "it bid. A higher bid wins no more points: it only makes the bid harder to make, and "
            "where a failed bid loses the amount bid, it loses more too. Under the alternative "
            "bidding, Big Pepper is the one bid worth more, because it doubles the result."
        ),
        N_(
            "Look at what a side scores when it makes its bid, and at the lowest bid that is "
            "higher than the last one."
        ),
    ),
    Principle(
        "bid-before-forced",
        N_("Bid before you are made to bid 3"),
        "bid",
        N_(
            "When all four pass, the player holding the Joker must bid 3; so, holding the Joker, "
            "bid 1 or 2 yourself before it comes to that."
        ),
        N_(
            "A forced bid of 3 is a contract you did not choose. A bid of 1 or 2 made early is "
            "easier to make and still lets you name trump. Where the rules make the dealer bid 3 "
            "instead, the same holds for the dealer, who speaks last in the auction; where the "
            "cards are simply dealt again, nobody is forced."
        ),
        N_("Think about what happens to you if all four players pass."),
    ),
    Principle(
        "name-longest-trump",
        N_("Name your strongest trump suit"),
        "trump",
        N_(
            "Name as trump the suit in which you hold the most trumps, and the highest, counting "
            "the Joker and both bowers."
        ),
        N_(
            "The Joker is a trump whatever suit you name, and each jack is a bower for the two "
            "suits of its colour, so the count changes from suit to suit. Trumps take tricks that "
            "side cards cannot, and every trump you hold is one the defenders do not."
        ),
        N_("Count, suit by suit, how many trumps you would hold if that suit were trump."),
    ),
    Principle(
        "void-a-suit",
        N_("Make a void with the discard"),
        "discard",
        N_(
            "Discard a lone low card of a side suit, so that you hold none of that suit and can "
            "trump it."
        ),
        N_(
            "A lone low side card rarely wins a trick. Once it is gone you hold none of its suit, "
            "so when that suit is led you may play a trump and win."
        ),
        N_("Look for a side suit in which you hold just one card."),
    ),
    Principle(
        "discard-low",
        N_("Discard low, keep trumps and side aces"),
        "discard",
        N_("Discard your lowest plain card: never a trump, and never a side ace."),
        N_(
            "Every trump can win a trick, and a side ace often wins the first time its suit is "
            "led. A low plain card almost never wins, so it is the card you will miss least."
        ),
        N_("Look for the card in your hand that is least likely ever to win a trick."),
    ),
    Principle(
        "cash-winners",
        N_("Cash your sure winners"),
        "play",
        N_(
            "When you lead, lead a card that is the best left of its suit and take the trick "
            "while you can."
        ),
        N_(
            "A card is the best left of its suit once every higher card of that suit has been "
            "played. Lead it early, before an opponent runs out of the suit and can trump it."
        ),
        N_("Look for a suit in which every card higher than yours has already been played."),
    ),
    Principle(
        "lead-trumps",
        N_("Lead trumps as the maker"),
        "play",
        N_(
            "When your side named trump and you hold the highest trump still out, lead trumps to "
            "draw the defenders' trumps."
        ),
        N_(
            "Each round of trumps takes a trump from every defender who still has one. Once their "
            "trumps are gone, your side cards and your lower trumps can no longer be trumped."
        ),
        N_("Your side named trump: look at how high your best trump is against those still out."),
    ),
    Principle(
        "count-trumps",
        N_("Count the trumps"),
        "play",
        N_(
            "Count the trumps played: once every higher trump is gone, your trump is the highest "
            "still out and sure to win."
        ),
        N_(
            "There are eight trumps: the Joker, the two bowers, then A, K, Q, 10 and 9. Counting "
            "those played tells you when a lower trump has become the best one left, and how many "
            "the others can still hold."
        ),
        N_("Count the trumps that have been played so far, and the ones still out."),
    ),
    Principle(
        "second-hand-low",
        N_("Second hand low"),
        "play",
        N_(
            "When you play second, play low unless you can win for sure: partner still plays "
            "after you."
        ),
        N_(
            "The last player has not played yet, so a high card played second can still be "
            "beaten. Playing low keeps your high cards and leaves the trick to partner, who plays "
            "after you."
        ),
        N_("Look at who still plays after you in this trick."),
    ),
    Principle(
        "third-hand-high",
        N_("Third hand high"),
        "play",
        N_(
            "When partner led and partner's card is beaten, or low enough to be beaten, play "
            "high: win the trick, or make the last player spend a higher card."
        ),
        N_(
            "Only one opponent plays after you. A high card either wins the trick or forces that "
            "opponent to use a better card, which promotes the cards your side still holds."
        ),
        N_("Look at partner's card, and at what the opponents could still beat it with."),
    ),
    Principle(
        "win-cheaply",
        N_("Win cheaply"),
        "play",
        N_("When you can win the trick, win it with the lowest card that is sure to win."),
        N_(
            "A trick won with a 10 counts the same as a trick won with an ace. The higher card "
            "you keep can win a trick later."
        ),
        N_(
            "Look at the card that is winning the trick, and at which of your cards would beat "
            "it for sure."
        ),
    ),
    Principle(
        "do-not-overtake",
        N_("Do not overtake partner"),
        "play",
        N_(
            "When partner's card will win the trick, play low: do not spend a winner on a trick "
            "your side already has."
        ),
        N_(
            "Partner's card wins unless a card still to be played can beat it, and only the "
            "players after you can play one. A high card played on partner's winner takes no "
            "extra trick and may be missed later."
        ),
        N_("Look at who is winning the trick, and what is still out."),
    ),
    Principle(
        "keep-the-joker",
        N_("Keep the Joker"),
        "play",
        N_(
            "Do not spend the Joker on a trick partner already wins, or on one you can win with a "
            "lower card."
        ),
        N_(
            "The Joker is the one card that always wins. Kept back, it takes a trick later that "
            "no other card could."
        ),
        N_(
            "Think about which of your cards can win any trick at all, and whether this trick "
            "needs it."
        ),
    ),
    Principle(
        "trump-in",
        N_("Trump when you are void"),
        "play",
        N_(
            "When you hold none of the suit led and the opponents are winning the trick, play a "
            "trump that wins it."
        ),
        N_(
            "Holding none of the suit led, you may play any card, and any trump beats every card "
            "of a side suit. A side card played instead cannot win."
        ),
        N_("Look at whether you can follow the suit led, and who is winning the trick."),
    ),
    Principle(
        "throw-lowest",
        N_("Throw your lowest card"),
        "play",
        N_("When you cannot win the trick, play your lowest card and keep your winners."),
        N_(
            "A card that cannot win this trick is lost whatever it is. Lose the one that was "
            "least likely to win later."
        ),
        N_("Look at whether any of your cards can beat the card that is winning."),
    ),
    Principle(
        "lose-when-it-pays",
        N_("When the bid is lost, every trick costs the makers"),
        "play",
        N_(
            "Once the makers' bid can no longer be made, each trick they take costs them a "
            "point: the makers lose every trick they can, and the defenders let them win."
        ),
        N_(
            "Under the source rules a side that fails its bid loses one point for each trick it "
            "took. Once the bid is lost, the hand is no longer about the bid but about those "
            "points, so the usual aim of winning tricks turns round."
        ),
        N_(
            "Count the tricks each side has taken and the tricks left, and ask whether the "
            "bid can still be made."
        ),
    ),
)

_BY_KEY: Final[dict[str, Principle]] = {p.key: p for p in PRINCIPLES}


def principle(key: str) -> Principle:
    """The principle with this key; :class:`InvalidDataError` for an unknown key.

    >>> principle("win-cheaply").name
    'Win cheaply'
    >>> principle("win-big")
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.InvalidDataError: 'win-big' is not a principle: the principles are bid-cheapest, bid-before-forced, name-longest-trump, void-a-suit, discard-low, cash-winners, lead-trumps, count-trumps, second-hand-low, third-hand-high, win-cheaply, do-not-overtake, keep-the-joker, trump-in, throw-lowest, lose-when-it-pays
    """
    found = _BY_KEY.get(key) if isinstance(key, str) else None
    if found is None:
        raise InvalidDataError(
            # Translators: {keys} lists the principles' keys (win-cheaply, ...), as typed.
            _("{key} is not a principle: the principles are {keys}").format(
                key=shown(key), keys=", ".join(_BY_KEY)
            )
        )
    return found


# --- words -----------------------------------------------------------------------------


def _number(n: int) -> str:
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


def _names(cards: Iterable[Card], last: str = "and") -> str:
    return join_and((card_words(c) for c in cards), last)


def _played(cards: Sequence[Card]) -> str:
    """``J♥ and the Joker have been played``: a clause."""
    return ngettext("{cards} has been played", "{cards} have been played", len(cards)).format(
        cards=_names(cards)
    )


def _bower(card: Card, trump: Suit | None) -> str:
    """``J♦, the left bower,`` for a bower (commas included), else the card's name."""
    role = card_role(card, trump)
    if role in (CardRole.RIGHT_BOWER, CardRole.LEFT_BOWER):
        # Translators: a bower named in a sentence, "so J♦, the left bower, is the
        # highest trump left"; {role} is "the left bower" or "the right bower".
        return _("{card}, {role},").format(card=card.text, role=role.phrase)
    return card_words(card)


def _lead_or_play(card: Card, lead: bool) -> str:
    """What to do, ending a reason: ``lead J♦`` or ``play J♦``."""
    if lead:
        return _("lead {card}").format(card=card_words(card))
    return _("play {card}").format(card=card_words(card))


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
            cards = _names(beaters, "or")
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

_Found = tuple[str | None, str | None]
_NONE: Final[_Found] = (None, None)


def _count_trumps(p: _Play, card: Card) -> _Found:
    if p.trump is None or card is JOKER or not p.is_trump(card):
        return _NONE
    higher = [c for c in ORDERS[p.tk] if p.is_trump(c) and p.key(c) > p.key(card)]
    if not higher or any(c not in p.gone for c in higher):
        return _NONE
    n = len([u for u in p.unseen if p.is_trump(u)])
    if n:
        out = ngettext("one other trump is still out", "{n} other trumps are still out", n).format(
            n=_number(n)
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
        played=_played(higher),
        card=_bower(card, p.trump),
        out=out,
        action=_lead_or_play(card, not p.trick),
    )
    return capitalised(text), None


def _lead_trumps(p: _Play, card: Card) -> _Found:
    view = p.view
    if p.trick or p.trump is None or view.maker is None or view.maker.side is not p.seat.side:
        return _NONE
    mine = [c for c in p.hand if p.is_trump(c)]
    out = [u for u in p.unseen if p.is_trump(u)]
    if not mine or not out:
        return _NONE
    top_out = max(p.key(u) for u in out)
    sure = [c for c in mine if p.key(c) > top_out]
    if not sure:
        return _NONE
    n = len(out)
    if card in sure:
        return (
            ngettext(
                "Your side named {trump} and {card} beats the one trump still out, so leading "
                "it draws the defenders' trumps: lead {card}.",
                "Your side named {trump} and {card} beats all {n} trumps still out, so leading "
                "it draws the defenders' trumps: lead {card}.",
                n,
            ).format(trump=p.trump.plural, card=card_words(card), n=_number(n)),
            None,
        )
    code = EFF[p.tk][card.index]
    if code != p.tk and any(
        EFF[p.tk][u.index] == code and p.key(u) > p.key(card) for u in p.unseen
    ):
        top = max(sure, key=p.key)
        return None, ngettext(
            "Your side named {trump} and you held {top}, which beats the one trump still out, "
            "but you led {card}, which a higher card or a trump can take: lead trumps first, "
            "{top}.",
            "Your side named {trump} and you held {top}, which beats all {n} trumps still out, "
            "but you led {card}, which a higher card or a trump can take: lead trumps first, "
            "{top}.",
            n,
        ).format(trump=p.trump.plural, top=card_words(top), card=card.text, n=_number(n))
    return _NONE


def _cash_winners(p: _Play, card: Card) -> _Found:
    if p.trick or card is JOKER or p.is_trump(card):
        return _NONE
    code = EFF[p.tk][card.index]
    if any(EFF[p.tk][u.index] == code and p.key(u) > p.key(card) for u in p.unseen):
        return _NONE
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
            ).format(cards=_names(higher), mine=_names(mine), suit=suit.singular, card=card.text)
        else:
            head = _("You hold {mine}, so no one else holds a {suit} above {card}").format(
                mine=_names(mine), suit=suit.singular, card=card.text
            )
    elif higher:
        # Translators: {suit} is one card's suit ("heart"): "the best heart left".
        head = ngettext(
            "{cards} has been played, so {card} is the best {suit} left",
            "{cards} have been played, so {card} is the best {suit} left",
            len(higher),
        ).format(cards=_names(higher), card=card.text, suit=suit.singular)
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


def _do_not_overtake(p: _Play, card: Card) -> _Found:
    if not p.partner_safe():
        return _NONE
    low = p.lowest(p.legal)
    w = p.card_of(p.seat.partner, p.win_card)
    if not p.beats(card):
        if card not in low or not any(p.beats(c) for c in p.legal):
            # (where no card of the hand could overtake, the principle has nothing to say)
            return _NONE
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
        return _NONE
    if not p.later:
        why = _("you played last, so it had won the trick")
    else:
        why = p.why_partner_safe(past=True)
    # Translators: {why} says why partner's card was sure to win, as "only the Joker
    # could beat it, which you held".
    return None, _(
        "You overtook partner's sure {winning} with {card}: {why}. Play low, {low}."
    ).format(winning=card_words(p.win_card), card=card_words(card), why=why, low=card_words(low[0]))


def _keep_the_joker(p: _Play, card: Card) -> _Found:
    if JOKER not in p.legal or len(p.legal) < 2:
        return _NONE
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
        return _NONE
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
    return _NONE


def _trump_in(p: _Play, card: Card) -> _Found:
    if p.trump is None or p.led_code == p.tk or p.can_follow():
        return _NONE
    if p.win_seat.side is p.seat.side:
        return _NONE
    trumps = [c for c in p.legal if p.is_trump(c) and p.beats(c)]
    if not trumps:
        return _NONE
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


def _third_hand_high(p: _Play, card: Card) -> _Found:
    if len(p.trick) != 2 or p.trick[0][0] is not p.seat.partner or not p.can_follow():
        return _NONE
    if p.partner_safe() or not p.later_opponents:
        return _NONE
    winners = p.winners()
    if p.win_seat is p.seat.partner:
        # Partner is winning but can be beaten: a higher card helps only if fewer cards
        # can beat it (else it is partner's card over again).
        risk = len(p.threats(p.win_card))
        winners = [c for c in winners if len(p.threats(c)) < risk]
    if not winners:
        return _NONE
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
    return _NONE


def _win_cheaply(p: _Play, card: Card) -> _Found:
    if p.win_seat.side is p.seat.side:
        return _NONE
    sure = [c for c in p.winners() if not p.threats(c)]
    if not sure:
        return _NONE
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
        words = {"winning": p.winning(), "card": card_words(card), "keep": _names(keep)}
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
    return _NONE


def _second_hand_low(p: _Play, card: Card) -> _Found:
    if len(p.trick) != 1 or not p.partner_plays or not p.can_follow():
        return _NONE
    if p.seat.partner not in p.later:
        return _NONE
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
    return _NONE


def _throw_lowest(p: _Play, card: Card) -> _Found:
    if p.winners():
        return _NONE
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


_Recogniser = Callable[[_Play, Card], _Found]

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


def _lose_when_it_pays(p: _Play, card: Card) -> _Found:
    if not p.trick or p.win_seat.side is p.seat.side:
        return _NONE
    losers = [c for c in p.legal if not p.beats(c)]
    if not losers or len(losers) == len(p.legal):
        return _NONE
    high = p.view.high_bid
    assert high is not None
    bid = bid_name(high.tricks, high.big, p.view.rules)
    words = {
        "bid": bid,
        "seat": high.seat.word,
        "winning": p.winning(),
        "card": card_words(card),
        "cards": _names(losers, "or"),
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


def _play_found(view: PlayerView, action: Play) -> list[tuple[str, _Found]]:
    p = _Play(view)
    if len(p.legal) < 2:
        return []  # no choice, no principle: the rules decide
    if losing_pays(view):
        # The score turns the usual aim round: the principles of winning tricks no
        # longer hold, and one principle says so.
        return [("lose-when-it-pays", _lose_when_it_pays(p, action.card))]
    table = _FOLLOWS if p.trick else _LEADS
    return [(key, fn(p, action.card)) for key, fn in table]


# --- the auction ----------------------------------------------------------------------------


def _failing_words(view: PlayerView) -> str:
    """What a higher bid risks under the failed-bid rule, in plain words."""
    rule = view.rules.failed_bid
    if rule is FailedBid.BID:
        return _(
            "a failed bid loses the amount bid, so a higher bid is harder to make and loses more"
        )
    if rule is FailedBid.SIX:
        return _(
            "a failed bid loses 6 whatever was bid, so a higher bid only makes failing likelier"
        )
    return _(
        "a failed bid loses one point per trick taken whatever was bid, so a higher bid only "
        "makes failing likelier"
    )


def _bid_cheapest(view: PlayerView, action: Action) -> _Found:
    if not isinstance(action, Bid) or view.forced_bid or action.big:
        return _NONE
    bids = [a for a in view.legal_actions if isinstance(a, Bid) and not a.big]
    if not bids:
        return _NONE
    cheapest = min(bids, key=lambda b: b.level)
    rules = view.rules
    name = bid_name(action.tricks, action.big, rules)
    cheap = bid_name(cheapest.tricks, cheapest.big, rules)
    high = view.high_bid
    pepper = rules.bidding is BiddingScale.PEPPER
    words = {
        "bid": name,
        "seat": high.seat.word if high is not None else "",
        "high": bid_name(high.tricks, high.big, rules) if high is not None else "",
    }
    if action.level == cheapest.level:
        if high is None and pepper:
            # Translators: {bid} is a bid (a number of tricks, or "Little Pepper"); {seat}
            # and {high} are who made the last bid and what it was ("North", "1").
            text = _(
                "Nobody has bid yet, so {bid} is the cheapest bid that takes the auction: a side "
                "that makes its bid scores one point per trick it takes, whatever it bid (Big "
                "Pepper is the one bid worth more: it doubles the result). Bid {bid}."
            )
        elif high is None:
            text = _(
                "Nobody has bid yet, so {bid} is the cheapest bid that takes the auction: a side "
                "that makes its bid scores one point per trick it takes, whatever it bid. Bid "
                "{bid}."
            )
        elif pepper:
            text = _(
                "A bid of {bid} is the cheapest above {seat}'s {high}: a side that makes its bid "
                "scores one point per trick it takes, whatever it bid (Big Pepper is the one bid "
                "worth more: it doubles the result). Bid {bid}."
            )
        else:
            text = _(
                "A bid of {bid} is the cheapest above {seat}'s {high}: a side that makes its bid "
                "scores one point per trick it takes, whatever it bid. Bid {bid}."
            )
        return text.format(**words), None
    if high is not None:
        # Translators: {cheap} is the cheapest bid that was enough; {failing} what a failed bid
        # costs, as "a failed bid loses 6 whatever was bid, so ...".
        text = _(
            "You bid {bid} where {cheap} was enough to outbid {seat}'s {high}: you score the "
            "tricks you take whatever you bid, and {failing}. Bid {cheap}."
        )
    else:
        text = _(
            "You bid {bid} where {cheap} was enough to take the auction: you score the tricks "
            "you take whatever you bid, and {failing}. Bid {cheap}."
        )
    return None, text.format(cheap=cheap, failing=_failing_words(view), **words)


def _bid_before_forced(view: PlayerView, action: Action) -> _Found:
    policy = view.rules.all_pass
    if policy is AllPass.JOKER_HOLDER:
        if JOKER not in view.hand:
            return _NONE
        joker = True
    elif policy is AllPass.DEALER:
        if view.dealer is not view.seat:
            return _NONE
        joker = False
    else:
        return _NONE
    if view.forced_bid:
        if isinstance(action, Bid):
            if joker:
                text = _(
                    "All four passed and the player holding the Joker must bid {forced}: that is "
                    "you. Bid {forced}."
                )
            else:
                text = _(
                    "All four passed and the dealer must bid {forced}: that is you. Bid {forced}."
                )
            return text.format(forced=FORCED_BID), None
        return _NONE
    if view.high_bid is not None:
        return _NONE
    others_passed = sum(1 for a in view.auction if isinstance(a, Pass)) == 3
    low = [
        a for a in view.legal_actions if isinstance(a, Bid) and not a.big and a.tricks < FORCED_BID
    ]
    if isinstance(action, Bid) and not action.big and action.tricks < FORCED_BID:
        if joker:
            # Translators: {forced} is the bid forced when all four pass (3); {bid} the bid made.
            text = _(
                "You hold the Joker and nobody has bid: if all four pass, the player holding the "
                "Joker must bid {forced}, so a bid of {bid} now is easier to make. Bid {bid}."
            )
        else:
            text = _(
                "You are the dealer and nobody has bid: if all four pass, the dealer must bid "
                "{forced}, so a bid of {bid} now is easier to make. Bid {bid}."
            )
        return text.format(forced=FORCED_BID, bid=action.tricks), None
    if isinstance(action, Pass) and others_passed and low:
        if joker:
            text = _(
                "The other three passed and you hold the Joker: your pass makes you bid {forced} "
                "anyway, a bid you did not choose. Bid {bid} instead."
            )
        else:
            text = _(
                "The other three passed and you are the dealer: your pass makes you bid {forced} "
                "anyway, a bid you did not choose. Bid {bid} instead."
            )
        return None, text.format(forced=FORCED_BID, bid=low[0].tricks)
    return _NONE


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
        n=_number(len(trumps)), cards=_names(trumps)
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
    ).format(holding=holding, cards=_names(aces))


def _name_trump(view: PlayerView, action: Action) -> _Found:
    if not isinstance(action, NameTrump) or action.suit is None:
        return _NONE
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
                "With {suit} as trump you would hold {holding}: no other suit would give you as "
                "many trumps. Name {suit}."
            )
        elif mine == strength[second]:
            text = _(
                "With {suit} as trump you would hold {holding}: with {other} you would hold no "
                "better. Name {suit}."
            )
        else:
            text = _(
                "With {suit} as trump you would hold {holding}: with {other} you would hold as "
                "many trumps, but lower ones. Name {suit}."
            )
        return (
            text.format(suit=chosen.plural, holding=_holding(hand, chosen), other=second.plural),
            None,
        )
    top = next(s for s in SUITS if strength[s] == best)
    if best[0] > mine[0]:
        # Translators: {suit} is the suit named, {holding} its trumps; {best} the better suit,
        # {best_holding} its trumps ("three trumps, the Joker, J♠ and A♠").
        text = _(
            "You named {suit}, where you hold {holding}; {best} gives more: {best_holding}. Name "
            "{best}."
        )
    else:
        text = _(
            "You named {suit}, where you hold {holding}; {best} gives as many, and higher ones: "
            "{best_holding}. Name {best}."
        )
    return None, text.format(
        suit=chosen.plural,
        holding=_holding(hand, chosen),
        best=top.plural,
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


def _void_a_suit(view: PlayerView, action: Action) -> _Found:
    if not isinstance(action, Discard) or action.card.rank is Rank.ACE:
        return _NONE
    suit = void_left(view.hand, action.card, view.trump)
    if suit is None:
        return _NONE
    tk = trump_key(view.trump)
    card = action.card
    trumps = [c for c in view.hand if EFF[tk][c.index] == tk]
    if not trumps:
        return _NONE
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
        text.format(card=card.text, suit=suit.singular, suits=suit.plural, n=_number(n)),
        None,
    )


def _discard_low(view: PlayerView, action: Action) -> _Found:
    if not isinstance(action, Discard):
        return _NONE
    tk = trump_key(view.trump)
    plain = [c for c in view.hand if EFF[tk][c.index] != tk]
    if not plain:
        return _NONE
    pool = [c for c in plain if c.rank is not Rank.ACE] or plain
    low = min(c.rank for c in pool)
    lows = [c for c in pool if c.rank == low]
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
            keep.append(ace.format(cards=_names(aces)))
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
    return _NONE


_Judge = Callable[[PlayerView, Action], _Found]

_AUCTION: Final[tuple[tuple[str, _Judge], ...]] = (
    ("bid-before-forced", _bid_before_forced),
    ("bid-cheapest", _bid_cheapest),
)
_TRUMP: Final[tuple[tuple[str, _Judge], ...]] = (("name-longest-trump", _name_trump),)
_DISCARD: Final[tuple[tuple[str, _Judge], ...]] = (
    ("void-a-suit", _void_a_suit),
    ("discard-low", _discard_low),
)


# --- the public functions ------------------------------------------------------------------


_ACTION_RULES: Final[dict[type, tuple[Phase, str]]] = {
    Bid: (Phase.AUCTION, "bidding"),
    Pass: (Phase.AUCTION, "bidding"),
    NameTrump: (Phase.TRUMP, "naming trump"),
    Discard: (Phase.DISCARD, "the discard"),
    GoAlone: (Phase.ALONE, "going alone"),
    Play: (Phase.PLAY, "follow suit"),
}

#: Why nothing can be done now, by phase (translated where it is shown).
_PHASE_WORDS: Final = {
    Phase.DEAL: N_("the cards are not dealt yet"),
    Phase.AUCTION: N_("the players are bidding"),
    Phase.TRUMP: N_("the high bidder is naming trump"),
    Phase.DISCARD: N_("the high bidder is discarding"),
    Phase.ALONE: N_("the players are deciding whether to go alone"),
    Phase.PLAY: N_("the cards are being played"),
    Phase.SCORED: N_("the hand is over"),
    Phase.THROWN_IN: N_("the hand was thrown in"),
}


def _refusal(action: Action, view: PlayerView) -> str:
    """What the seat cannot do, as a clause: ``North cannot bid 2``."""
    seat = view.seat.word
    if isinstance(action, Bid):
        bid = bid_name(action.tricks, action.big, view.rules)
        # Translators: what a player cannot do, the start of an error message ("North
        # cannot bid 2: the hand is over").
        return _("{seat} cannot bid {bid}").format(seat=seat, bid=bid)
    if isinstance(action, Pass):
        return _("{seat} cannot pass").format(seat=seat)
    if isinstance(action, NameTrump):
        if action.suit is None:
            return _("{seat} cannot name no trump").format(seat=seat)
        return _("{seat} cannot name {suit}").format(seat=seat, suit=action.suit.plural)
    if isinstance(action, Discard):
        return _("{seat} cannot discard {card}").format(seat=seat, card=card_words(action.card))
    if isinstance(action, Play):
        return _("{seat} cannot play {card}").format(seat=seat, card=card_words(action.card))
    if action.alone:
        return _("{seat} cannot go alone").format(seat=seat)
    return _("{seat} cannot decline to go alone").format(seat=seat)


def _check(view: PlayerView, action: Action) -> None:
    """Refuse a view that is not a view, or an action that is not one of its legal actions,
    with the error the engine would raise for it."""
    if not isinstance(view, PlayerView):
        raise InvalidDataError(
            f"principles are judged from a PlayerView (what one seat sees), got {shown(view)}"
        )
    if type(action) not in _ACTION_RULES:
        raise InvalidDataError(
            f"{shown(action)} is not an action: actions are Bid, Pass, NameTrump, Discard, "
            "GoAlone and Play"
        )
    if action in view.legal_actions:
        return
    seat = view.seat
    doing = _refusal(action, view)
    if action.seat is not seat:
        raise InvalidDataError(
            _(
                "the action is {seat}'s, but the view is {viewer}'s: a principle is judged for "
                "the player whose cards are seen"
            ).format(seat=action.seat.word, viewer=seat.word),
            rule="turn order",
        )
    phase_words = _(_PHASE_WORDS[view.phase])
    if view.to_move is None:
        raise WrongPhaseError(
            # Translators: {refusal} is "North cannot play 9♠"; {phase} why not, as "the
            # hand is over".
            _("{refusal}: {phase}").format(refusal=doing, phase=phase_words),
            rule="order of play",
        )
    if view.to_move is not seat:
        raise OutOfTurnError(
            _("it is not {seat}'s turn but {other}'s, so {seat} has no action to judge").format(
                seat=seat.word, other=view.to_move.word
            ),
            rule="turn order",
        )
    phase, rule = _ACTION_RULES[type(action)]
    if view.phase is not phase:
        raise WrongPhaseError(
            _("{refusal} now: {phase}").format(refusal=doing, phase=phase_words),
            rule="order of play",
        )
    if isinstance(action, Play):
        if action.card not in view.hand:
            raise InvalidDataError(
                _("{refusal}: it is not in the hand").format(refusal=doing), rule="the hand"
            )
        mask = sum(1 << c.index for c in view.hand)
        trick = view.current_trick
        check_follow(
            seat.word,
            mask,
            trick[0][1].index if trick else -1,
            action.card,
            trump_key(view.trump),
            view.rules.no_trump_joker is NoTrumpJoker.ANY_TIME,
        )
    if isinstance(action, Discard) and action.card not in view.hand:
        raise InvalidDataError(
            _("{refusal}: it is not in the hand").format(refusal=doing), rule="the discard"
        )
    if isinstance(action, Bid) and not view.forced_bid:
        high = view.high_bid
        check_bid(action, high, high.seat if high is not None else None, view.rules)
    if view.forced_bid:
        raise IllegalActionError(
            _("{refusal}: all four passed, so {seat} must bid {forced}").format(
                refusal=doing, seat=seat.word, forced=FORCED_BID
            ),
            rule="all pass",
        )
    raise IllegalActionError(_("{refusal} here").format(refusal=doing), rule=rule)


def _found(view: PlayerView, action: Action) -> list[tuple[str, _Found]]:
    _check(view, action)
    if isinstance(action, Play):
        return _play_found(view, action)
    judges: tuple[tuple[str, _Judge], ...]
    if isinstance(action, Bid | Pass):
        judges = _AUCTION
    elif isinstance(action, NameTrump):
        judges = _TRUMP
    elif isinstance(action, Discard):
        judges = _DISCARD
    else:
        judges = ()
    return [(key, fn(view, action)) for key, fn in judges]


def reasons_for(view: PlayerView, action: Action) -> list[Reason]:
    """Every principle ``action`` follows in the position ``view`` sees, the most telling
    first, each applied to the cards; ``[]`` if it follows none.

    ``action`` must be one of ``view.legal_actions``: anything else is refused with the
    error the engine would give (a card not in the hand, one that does not follow suit,
    an action out of turn).

    >>> from hasenpfeffer_core import HandState, Seat, parse_action
    >>> h = HandState.from_hands(
    ...     {"N": "JH AD 9S 9C 10C QC", "E": "JK KD 10D QS KS AC",
    ...      "S": "AH KH 10H 9H AS KC", "W": "JD QH QD 9D 10S JS"},
    ...     "JC", dealer=Seat.W)
    >>> h.apply(parse_action("N pass"))
    >>> v = PlayerView.of(h, Seat.E)
    >>> print(reasons_for(v, parse_action("E bid 1"))[0].text)
    You hold the Joker and nobody has bid: if all four pass, the player holding the Joker must bid 3, so a bid of 1 now is easier to make. Bid 1.
    """
    return [
        Reason(_BY_KEY[key], follows)
        for key, (follows, _) in _found(view, action)
        if follows is not None
    ]


def broken_by(view: PlayerView, action: Action) -> list[Reason]:
    """The principles ``action`` goes against in the position ``view`` sees, each saying
    what was played, why it goes against the principle, and what the principle plays
    instead; ``[]`` if none. ``action`` must be one of ``view.legal_actions``.

    >>> from hasenpfeffer_core import HandState, Seat, parse_action
    >>> h = HandState.from_hands(
    ...     {"N": "JH AD 9S 9C 10C QC", "E": "JK KD 10D QS KS AC",
    ...      "S": "AH KH 10H 9H AS KC", "W": "JD QH QD 9D 10S JS"},
    ...     "JC", dealer=Seat.W)
    >>> h.apply(parse_action("N bid 1"))
    >>> v = PlayerView.of(h, Seat.E)
    >>> print(broken_by(v, parse_action("E bid 4"))[0].text)
    You bid 4 where 2 was enough to outbid North's 1: you score the tricks you take whatever you bid, and a failed bid loses one point per trick taken whatever was bid, so a higher bid only makes failing likelier. Bid 2.
    """
    return [
        Reason(_BY_KEY[key], broken)
        for key, (_, broken) in _found(view, action)
        if broken is not None
    ]
