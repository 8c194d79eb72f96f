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
    trump_key,
)
from .explain import capitalised, card_words, join_and
from .view import PlayerView

__all__ = [
    "PHASES",
    "PRINCIPLES",
    "Principle",
    "Reason",
    "broken_by",
    "principle",
    "reasons_for",
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
        "Bid what wins the auction",
        "bid",
        "When you bid, bid the cheapest number that is higher than the last bid.",
        "A side that makes its bid scores one point for each trick it takes, whatever number "
        "it bid. A higher bid wins no more points: it only makes the bid harder to make, and "
        "where a failed bid loses the amount bid, it loses more too. Under the alternative "
        "bidding, Big Pepper is the one bid worth more, because it doubles the result.",
        "Look at what a side scores when it makes its bid, and at the lowest bid that is "
        "higher than the last one.",
    ),
    Principle(
        "bid-before-forced",
        "Bid before you are made to bid 3",
        "bid",
        "When all four pass, the player holding the Joker must bid 3; so, holding the Joker, "
        "bid 1 or 2 yourself before it comes to that.",
        "A forced bid of 3 is a contract you did not choose. A bid of 1 or 2 made early is "
        "easier to make and still lets you name trump. Where the rules make the dealer bid 3 "
        "instead, the same holds for the dealer, who speaks last in the auction; where the "
        "cards are simply dealt again, nobody is forced.",
        "Think about what happens to you if all four players pass.",
    ),
    Principle(
        "name-longest-trump",
        "Name your strongest trump suit",
        "trump",
        "Name as trump the suit in which you hold the most trumps, and the highest, counting "
        "the Joker and both bowers.",
        "The Joker is a trump whatever suit you name, and each jack is a bower for the two "
        "suits of its colour, so the count changes from suit to suit. Trumps take tricks that "
        "side cards cannot, and every trump you hold is one the defenders do not.",
        "Count, suit by suit, how many trumps you would hold if that suit were trump.",
    ),
    Principle(
        "void-a-suit",
        "Make a void with the discard",
        "discard",
        "Discard a lone low card of a side suit, so that you hold none of that suit and can "
        "trump it.",
        "A lone low side card rarely wins a trick. Once it is gone you hold none of its suit, "
        "so when that suit is led you may play a trump and win.",
        "Look for a side suit in which you hold just one card.",
    ),
    Principle(
        "discard-low",
        "Discard low, keep trumps and side aces",
        "discard",
        "Discard your lowest plain card: never a trump, and never a side ace.",
        "Every trump can win a trick, and a side ace often wins the first time its suit is "
        "led. A low plain card almost never wins, so it is the card you will miss least.",
        "Look for the card in your hand that is least likely ever to win a trick.",
    ),
    Principle(
        "cash-winners",
        "Cash your sure winners",
        "play",
        "When you lead, lead a card that is the best left of its suit and take the trick "
        "while you can.",
        "A card is the best left of its suit once every higher card of that suit has been "
        "played. Lead it early, before an opponent runs out of the suit and can trump it.",
        "Look for a suit in which every card higher than yours has already been played.",
    ),
    Principle(
        "lead-trumps",
        "Lead trumps as the maker",
        "play",
        "When your side named trump and you hold the highest trump still out, lead trumps to "
        "draw the defenders' trumps.",
        "Each round of trumps takes a trump from every defender who still has one. Once their "
        "trumps are gone, your side cards and your lower trumps can no longer be trumped.",
        "Your side named trump: look at how high your best trump is against those still out.",
    ),
    Principle(
        "count-trumps",
        "Count the trumps",
        "play",
        "Count the trumps played: once every higher trump is gone, your trump is the highest "
        "still out and sure to win.",
        "There are eight trumps: the Joker, the two bowers, then A, K, Q, 10 and 9. Counting "
        "those played tells you when a lower trump has become the best one left, and how many "
        "the others can still hold.",
        "Count the trumps that have been played so far, and the ones still out.",
    ),
    Principle(
        "second-hand-low",
        "Second hand low",
        "play",
        "When you play second, play low unless you can win for sure: partner still plays "
        "after you.",
        "The last player has not played yet, so a high card played second can still be "
        "beaten. Playing low keeps your high cards and leaves the trick to partner, who plays "
        "after you.",
        "Look at who still plays after you in this trick.",
    ),
    Principle(
        "third-hand-high",
        "Third hand high",
        "play",
        "When partner led and partner's card is beaten, or low enough to be beaten, play "
        "high: win the trick, or make the last player spend a higher card.",
        "Only one opponent plays after you. A high card either wins the trick or forces that "
        "opponent to use a better card, which promotes the cards your side still holds.",
        "Look at partner's card, and at what the opponents could still beat it with.",
    ),
    Principle(
        "win-cheaply",
        "Win cheaply",
        "play",
        "When you can win the trick, win it with the lowest card that is sure to win.",
        "A trick won with a 10 counts the same as a trick won with an ace. The higher card "
        "you keep can win a trick later.",
        "Look at the card that is winning the trick, and at which of your cards would beat "
        "it for sure.",
    ),
    Principle(
        "do-not-overtake",
        "Do not overtake partner",
        "play",
        "When partner's card will win the trick, play low: do not spend a winner on a trick "
        "your side already has.",
        "Partner's card wins unless a card still to be played can beat it, and only the "
        "players after you can play one. A high card played on partner's winner takes no "
        "extra trick and may be missed later.",
        "Look at who is winning the trick, and what is still out.",
    ),
    Principle(
        "keep-the-joker",
        "Keep the Joker",
        "play",
        "Do not spend the Joker on a trick partner already wins, or on one you can win with a "
        "lower card.",
        "The Joker is the one card that always wins. Kept back, it takes a trick later that "
        "no other card could.",
        "Think about which of your cards can win any trick at all, and whether this trick "
        "needs it.",
    ),
    Principle(
        "trump-in",
        "Trump when you are void",
        "play",
        "When you hold none of the suit led and the opponents are winning the trick, play a "
        "trump that wins it.",
        "Holding none of the suit led, you may play any card, and any trump beats every card "
        "of a side suit. A side card played instead cannot win.",
        "Look at whether you can follow the suit led, and who is winning the trick.",
    ),
    Principle(
        "throw-lowest",
        "Throw your lowest card",
        "play",
        "When you cannot win the trick, play your lowest card and keep your winners.",
        "A card that cannot win this trick is lost whatever it is. Lose the one that was "
        "least likely to win later.",
        "Look at whether any of your cards can beat the card that is winning.",
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
    hasenpfeffer_core.InvalidDataError: 'win-big' is not a principle: the principles are bid-cheapest, bid-before-forced, name-longest-trump, void-a-suit, discard-low, cash-winners, lead-trumps, count-trumps, second-hand-low, third-hand-high, win-cheaply, do-not-overtake, keep-the-joker, trump-in, throw-lowest
    """
    found = _BY_KEY.get(key) if isinstance(key, str) else None
    if found is None:
        raise InvalidDataError(
            f"{shown(key)} is not a principle: the principles are {', '.join(_BY_KEY)}"
        )
    return found


# --- words -----------------------------------------------------------------------------

_NUMBERS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _count(n: int, noun: str) -> str:
    """``one trump``, ``four trumps``, ``no trumps``."""
    word = _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)
    return f"{word} {noun}" if n == 1 else f"{word} {noun}s"


def _whose(owner: str, card: Card) -> str:
    """A card after a possessive: ``partner's Joker``, ``East's A♠``."""
    return f"{owner} {'Joker' if card is JOKER else card.text}"


def _names(cards: Iterable[Card], last: str = "and") -> str:
    return join_and((card_words(c) for c in cards), last)


def _has(cards: Sequence[Card]) -> str:
    return "has" if len(cards) == 1 else "have"


def _bower(card: Card, trump: Suit | None) -> str:
    """``J♦, the left bower,`` for a bower (commas included), else the card's name."""
    role = card_role(card, trump)
    if role in (CardRole.RIGHT_BOWER, CardRole.LEFT_BOWER):
        return f"{card.text}, {role.phrase},"
    return card_words(card)


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
        if EFF[self.tk][card.index] == self.tk:
            return 100 + WIN[self.tk][self.tk][card.index]
        return int(card.rank)

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

    def owner(self, seat: Seat) -> str:
        if seat is self.seat:
            return "your"
        if seat is self.seat.partner:
            return "partner's"
        return f"{seat.word}'s"

    def winning(self) -> str:
        """``East's A♠`` (the card winning the trick, and whose it is)."""
        return _whose(self.owner(self.win_seat), self.win_card)

    def can_follow(self) -> bool:
        return any(EFF[self.tk][c.index] == self.led_code for c in self.hand)

    def led_plural(self) -> str:
        if self.led_code == NO_TRUMP_KEY:
            return "cards of the Joker's suit"
        if self.led_code == self.tk:
            return "trumps"
        return SUITS[self.led_code].plural

    def why_partner_safe(self) -> str:
        """Why partner's winning card is sure to win (it is winning, and no opponent still to
        play can beat it), as a clause: ``only the Joker can beat it, which you hold``."""
        w = self.win_card
        beaters = [
            c for c in (*self.hand, *self.unseen) if self.table[c.index] > self.table[w.index]
        ]
        if not beaters:
            return "nothing left can beat it"
        if all(c in self.hand for c in beaters):
            if len(beaters) == 1:
                return f"only {card_words(beaters[0])} can beat it, which you hold"
            return f"only {_names(beaters, 'or')} can beat it, and you hold them"
        who = join_and(s.word for s in self.later_opponents)
        if len(self.later_opponents) == 1:
            return f"{who}, the last to play, cannot hold a card that beats it"
        return f"neither {who.replace(' and ', ' nor ')} can hold a card that beats it"


# --- play: the lead ---------------------------------------------------------------------

_Found = tuple[str | None, str | None]
_NONE: Final[_Found] = (None, None)


def _count_trumps(p: _Play, card: Card) -> _Found:
    if p.trump is None or card is JOKER or not p.is_trump(card):
        return _NONE
    higher = [c for c in ORDERS[p.tk] if p.is_trump(c) and p.key(c) > p.key(card)]
    if not higher or any(c not in p.gone for c in higher):
        return _NONE
    out = [u for u in p.unseen if p.is_trump(u)]
    rest = f"; {_count(len(out), 'other trump')} still out" if out else "; no other trump is out"
    rest = rest.replace("still out", "is still out" if len(out) == 1 else "are still out")
    verb = "lead" if not p.trick else "play"
    text = (
        f"{capitalised(_names(higher))} {_has(higher)} been played, so {_bower(card, p.trump)} is the "
        f"highest trump left and sure to win{rest}: {verb} {card_words(card)}."
    )
    return text, None


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
    beats_all = "the one trump still out" if n == 1 else f"all {_count(n, 'trump')} still out"
    if card in sure:
        return (
            f"Your side named {p.trump.plural} and {card_words(card)} beats {beats_all}, so "
            f"leading it draws the defenders' trumps: lead {card_words(card)}.",
            None,
        )
    code = EFF[p.tk][card.index]
    if code != p.tk and any(
        EFF[p.tk][u.index] == code and p.key(u) > p.key(card) for u in p.unseen
    ):
        top = max(sure, key=p.key)
        return None, (
            f"Your side named {p.trump.plural} and you held {card_words(top)}, which beats "
            f"{beats_all}, but you led {card.text}, which a higher card or a trump can take: "
            f"lead trumps first, {card_words(top)}."
        )
    return _NONE


def _cash_winners(p: _Play, card: Card) -> _Found:
    if p.trick or card is JOKER or p.is_trump(card):
        return _NONE
    code = EFF[p.tk][card.index]
    if any(EFF[p.tk][u.index] == code and p.key(u) > p.key(card) for u in p.unseen):
        return _NONE
    suit = SUITS[code]
    higher = [
        c
        for c in ORDERS[p.tk]
        if EFF[p.tk][c.index] == code and p.key(c) > p.key(card) and c not in p.hand
    ]
    if higher:
        head = (
            f"{capitalised(_names(higher))} {_has(higher)} been played, so {card.text} is the best "
            f"{suit.singular} left"
        )
    else:
        head = f"{card.text} is the best {suit.singular} left"
    if p.trump is not None:
        out = any(p.is_trump(u) for u in p.unseen)
        danger = ": only a trump can take it" if out else ", and no trumps are left to take it"
    else:
        danger = (
            ": only the Joker can take it" if JOKER in p.unseen else ", and nothing can take it"
        )
    return f"{head}{danger}. Cash it while it is sure: lead {card.text}.", None


# --- play: following ---------------------------------------------------------------------


def _do_not_overtake(p: _Play, card: Card) -> _Found:
    if not p.partner_safe():
        return _NONE
    low = p.lowest(p.legal)
    w = _whose("partner's", p.win_card)
    if not p.beats(card):
        if card not in low:
            return _NONE
        if not p.later:
            return (
                f"You play last and {w} is winning the trick: play low, {card_words(card)}.",
                None,
            )
        return (
            f"{capitalised(w)} is winning and {p.why_partner_safe()}: play low, {card_words(card)}.",
            None,
        )
    if not any(not p.beats(c) for c in p.legal):
        return _NONE
    if not p.later:
        why = "you played last, so it had won the trick"
    else:
        why = p.why_partner_safe().replace("can beat", "could beat").replace("you hold", "you held")
        why = why.replace("cannot hold", "could not hold").replace("can hold", "could hold")
    sure = _whose("partner's sure", p.win_card)
    return None, (
        f"You overtook {sure} with {card_words(card)}: {why}. Play low, {card_words(low[0])}."
    )


def _keep_the_joker(p: _Play, card: Card) -> _Found:
    if JOKER not in p.legal or len(p.legal) < 2:
        return _NONE
    safe = p.partner_safe()
    theirs = capitalised(_whose("partner's", p.win_card))
    if card is not JOKER:
        if safe and card in p.lowest(p.legal):
            return (
                f"{theirs} already wins this trick: keep the Joker, the one "
                f"card that always wins, and play {card_words(card)}.",
                None,
            )
        if not safe and p.sure(card):
            return (
                f"{card.text} is sure to win this trick too, so keep the Joker, the one card "
                f"that always wins, for later: play {card.text}.",
                None,
            )
        return _NONE
    others = [c for c in p.legal if c is not JOKER]
    if safe and any(not p.beats(c) for c in others):
        low = p.lowest(others)[0]
        return None, (
            f"{theirs} already won this trick, and you spent the Joker on "
            f"it: keep the Joker, the one card that always wins, and play low, {card_words(low)}."
        )
    sure = [c for c in others if p.sure(c)]
    if not safe and sure:
        cheap = p.lowest(sure)[0]
        return None, (
            f"You spent the Joker where {cheap.text} was sure to win as well: keep the Joker, "
            f"the one card that always wins, and play {cheap.text}."
        )
    return _NONE


def _trump_in(p: _Play, card: Card) -> _Found:
    if p.trump is None or p.led_code == p.tk or p.can_follow():
        return _NONE
    if p.win_seat.side is p.seat.side:
        return _NONE
    trumps = [c for c in p.legal if p.is_trump(c) and p.beats(c)]
    if not trumps:
        return _NONE
    over = "overtrump" if p.is_trump(p.win_card) else "trump"
    cheapest = p.lowest(trumps)
    led = p.led_plural()
    if card in trumps:
        what = (
            f"{card_words(card)}, your lowest trump that wins"
            if card in cheapest and len(trumps) > len(cheapest)
            else card_words(card)
        )
        return f"You hold no {led} and {p.winning()} is winning: {over} it with {what}.", None
    return None, (
        f"You held no {led} and {p.winning()} was winning, but you played {card_words(card)}: "
        f"{over} it with {card_words(cheapest[0])}."
    )


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
    led = p.trick[0][1]
    if p.win_seat is p.seat.partner:
        situation = (
            f"Partner led {card_words(led)}, which {p.later_opponents[0].word} can still beat"
        )
    else:
        situation = f"Partner led {card_words(led)} and {p.winning()} is winning"
    sure = [c for c in winners if not p.threats(c)]
    if sure:
        target = p.lowest(sure)
        ok = card in target
        how = f"and {card_words(card)} is sure to win the trick: play {card_words(card)}."
    else:
        top = max(p.key(c) for c in winners)
        target = [c for c in winners if p.key(c) == top]
        ok = card in target
        how = (
            f"so that {p.later_opponents[0].word} must spend a higher card to win it: "
            f"play {card_words(card)}."
        )
    if ok:
        return f"{situation}: third hand plays high, {how}", None
    if card not in winners:
        was = situation.replace(" is winning", " was winning").replace(" can still", " could")
        return (
            None,
            f"{was}, but you played {card_words(card)}: third hand plays high, {card_words(target[0])}.",
        )
    return _NONE


def _win_cheaply(p: _Play, card: Card) -> _Found:
    if p.win_seat.side is p.seat.side:
        return _NONE
    sure = [c for c in p.winners() if not p.threats(c)]
    if not sure:
        return _NONE
    cheapest = p.lowest(sure)
    # Playing last, every card that beats the winner is sure to win the trick.
    enough = "beats it" if not p.later else "is sure to win the trick"
    if card in cheapest:
        keep = [c for c in sure if c not in cheapest and c is not JOKER]
        tail = f" and keep {_names(keep)}" if keep else ""
        if not p.later:
            head = (
                f"You play last and {p.winning()} is winning: {card_words(card)} is the lowest card"
            )
        else:
            head = f"{capitalised(p.winning())} is winning and {card_words(card)} is the lowest card you hold"
        head += f" that {enough}"
        return f"{head}, so win cheaply with {card_words(card)}{tail}.", None
    if card in sure:
        low = card_words(cheapest[0])
        return None, (
            f"You won with {card_words(card)} where {low} was enough: against {p.winning()}, {low} "
            f"is the lowest card that {enough}. Win cheaply with {low}."
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
            f"You play second and partner still plays after you: play low, {card_words(card)}, and "
            "keep your higher cards.",
            None,
        )
    threats = p.threats(card)
    same = [u for u in threats if EFF[p.tk][u.index] == p.led_code]
    # The best card left of the suit led may be played second: only a trump can beat it.
    if p.beats(card) and same:
        trumps = p.led_code != p.tk and any(p.is_trump(u) for u in threats)
        names = [card_words(c) for c in sorted(same, key=lambda c: -p.key(c))]
        who = join_and([*names, "a trump"] if trumps else names, "or")
        return None, (
            f"You played {card_words(card)} second, and {who} can still beat it after you: second hand "
            f"plays low, {card_words(low[0])}, and leaves the trick to partner."
        )
    return _NONE


def _throw_lowest(p: _Play, card: Card) -> _Found:
    if p.win_seat.side is p.seat.side or p.winners():
        return _NONE
    low = p.lowest(p.legal)
    if card in low:
        return (
            f"Nothing you hold can beat {p.winning()}: throw your lowest card, {card_words(card)}.",
            None,
        )
    return None, (
        f"Nothing you held could beat {p.winning()}, yet you played {card_words(card)}: throw your "
        f"lowest card, {card_words(low[0])}, and keep {card_words(card)} for later."
    )


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


def _play_found(view: PlayerView, action: Play) -> list[tuple[str, _Found]]:
    p = _Play(view)
    if len(p.legal) < 2:
        return []  # no choice, no principle: the rules decide
    table = _FOLLOWS if p.trick else _LEADS
    return [(key, fn(p, action.card)) for key, fn in table]


# --- the auction ----------------------------------------------------------------------------


def _failing_words(view: PlayerView) -> str:
    """What a higher bid risks under the failed-bid rule, in plain words."""
    rule = view.rules.failed_bid
    if rule is FailedBid.BID:
        return "a failed bid loses the amount bid, so a higher bid is harder to make and loses more"
    if rule is FailedBid.SIX:
        return "a failed bid loses 6 whatever was bid, so a higher bid only makes failing likelier"
    return (
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
    above = (
        f"{high.seat.word}'s {bid_name(high.tricks, high.big, rules)}"
        if high is not None
        else "no bid"
    )
    pepper = (
        " (Big Pepper is the one bid worth more: it doubles the result)"
        if rules.bidding is BiddingScale.PEPPER
        else ""
    )
    if action.level == cheapest.level:
        if high is None:
            head = f"Nobody has bid yet, so {name} is the cheapest bid that takes the auction"
        else:
            head = f"a bid of {name} is the cheapest above {above}"
        return (
            f"{capitalised(head)}: a side that makes its bid scores one point per trick it takes, "
            f"whatever it bid{pepper}. Bid {name}.",
            None,
        )
    over = f"to outbid {above}" if high is not None else "to take the auction"
    return None, (
        f"You bid {name} where {cheap} was enough {over}: you score the tricks you take "
        f"whatever you bid, and {_failing_words(view)}. Bid {cheap}."
    )


def _bid_before_forced(view: PlayerView, action: Action) -> _Found:
    policy = view.rules.all_pass
    if policy is AllPass.JOKER_HOLDER:
        if JOKER not in view.hand:
            return _NONE
        whom, you = "the player holding the Joker", "you hold the Joker"
    elif policy is AllPass.DEALER:
        if view.dealer is not view.seat:
            return _NONE
        whom, you = "the dealer", "you are the dealer"
    else:
        return _NONE
    if view.forced_bid:
        if isinstance(action, Bid):
            return (
                f"All four passed and {whom} must bid {FORCED_BID}: that is you. Bid {FORCED_BID}.",
                None,
            )
        return _NONE
    if view.high_bid is not None:
        return _NONE
    others_passed = sum(1 for a in view.auction if isinstance(a, Pass)) == 3
    low = [
        a for a in view.legal_actions if isinstance(a, Bid) and not a.big and a.tricks < FORCED_BID
    ]
    if isinstance(action, Bid) and not action.big and action.tricks < FORCED_BID:
        return (
            f"{capitalised(you)} and nobody has bid: if all four pass, {whom} must bid {FORCED_BID}, "
            f"so a bid of {action.tricks} now is easier to make. Bid {action.tricks}.",
            None,
        )
    if isinstance(action, Pass) and others_passed and low:
        return None, (
            f"The other three passed and {you}: your pass makes you bid {FORCED_BID} anyway, "
            f"a bid you did not choose. Bid {low[0].tricks} instead."
        )
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
    trumps = _trumps_under(hand, suit)
    if not trumps:
        return "no trumps"
    return f"{_count(len(trumps), 'trump')}, {_names(trumps)}"


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
            compare = "more than with any other suit"
        elif mine == strength[second]:
            compare = f"as good as with {second.plural}"
        else:
            compare = f"as many as with {second.plural}, and higher ones"
        return (
            f"With {chosen.plural} as trump you would hold {_holding(hand, chosen)}: {compare}. "
            f"Name {chosen.plural}.",
            None,
        )
    top = next(s for s in SUITS if strength[s] == best)
    more = "more" if best[0] > mine[0] else "as many, and higher ones"
    return None, (
        f"You named {chosen.plural}, where you hold {_holding(hand, chosen)}; {top.plural} "
        f"gives {more}: {_holding(hand, top)}. Name {top.plural}."
    )


def _void_a_suit(view: PlayerView, action: Action) -> _Found:
    if not isinstance(action, Discard) or view.trump is None:
        return _NONE
    tk = trump_key(view.trump)
    card = action.card
    code = EFF[tk][card.index]
    if code == tk or card.rank is Rank.ACE:
        return _NONE
    if sum(1 for c in view.hand if EFF[tk][c.index] == code) != 1:
        return _NONE
    trumps = [c for c in view.hand if EFF[tk][c.index] == tk]
    if not trumps:
        return _NONE
    suit = SUITS[code]
    return (
        f"{card.text} is your only {suit.singular}: once it is gone you hold no {suit.plural}, "
        f"and you can trump them with your {_count(len(trumps), 'trump')}. Discard {card.text}.",
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
    side = "side " if view.trump is not None else ""
    plain_card = "plain card" if view.trump is not None else "card"
    if card in lows:
        keep = []
        if any(EFF[tk][c.index] == tk for c in view.hand):
            keep.append("your trumps" if view.trump is not None else "the Joker")
        if aces:
            keep.append(f"your {side}{'ace' if len(aces) == 1 else 'aces'}, {_names(aces)}")
        tail = f": keep {join_and(keep)}" if keep else ""
        return f"{card.text} is your lowest {plain_card}{tail}. Discard {card.text}.", None
    if EFF[tk][card.index] == tk:
        if card is JOKER:
            what = "the Joker, the one card that always wins"
        else:
            what = f"{card.text}, {card_role(card, view.trump).phrase}, which can win a trick"
        return None, (
            f"You discarded {what}: keep it and discard a {plain_card}, {lows[0].text}, instead."
        )
    if card.rank is Rank.ACE and card in aces and pool is not plain:
        return None, (
            f"You discarded {card.text}, {'a side ace' if side else 'an ace'} that can win a "
            f"trick: discard your lowest {plain_card}, {lows[0].text}, instead."
        )
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

_PHASE_WORDS: Final = {
    Phase.DEAL: "the cards are not dealt yet",
    Phase.AUCTION: "the players are bidding",
    Phase.TRUMP: "the high bidder is naming trump",
    Phase.DISCARD: "the high bidder is discarding",
    Phase.ALONE: "the players are deciding whether to go alone",
    Phase.PLAY: "the cards are being played",
    Phase.SCORED: "the hand is over",
    Phase.THROWN_IN: "the hand was thrown in",
}


def _doing(action: Action, view: PlayerView) -> str:
    """What ``action`` does, as words after "cannot": ``bid 2``, ``discard 9♣``."""
    if isinstance(action, Bid):
        return f"bid {bid_name(action.tricks, action.big, view.rules)}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, NameTrump):
        return f"name {action.suit.plural if action.suit is not None else 'no trump'}"
    if isinstance(action, Discard):
        return f"discard {card_words(action.card)}"
    if isinstance(action, Play):
        return f"play {card_words(action.card)}"
    return "go alone" if action.alone else "decline to go alone"


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
    doing = f"{seat.word} cannot {_doing(action, view)}"
    if action.seat is not seat:
        raise InvalidDataError(
            f"the action is {action.seat.word}'s, but the view is {seat.word}'s: a principle "
            "is judged for the player whose cards are seen",
            rule="turn order",
        )
    if view.to_move is None:
        raise WrongPhaseError(f"{doing}: {_PHASE_WORDS[view.phase]}", rule="order of play")
    if view.to_move is not seat:
        raise OutOfTurnError(
            f"it is not {seat.word}'s turn but {view.to_move.word}'s, so {seat.word} has no "
            "action to judge",
            rule="turn order",
        )
    phase, rule = _ACTION_RULES[type(action)]
    if view.phase is not phase:
        raise WrongPhaseError(f"{doing} now: {_PHASE_WORDS[view.phase]}", rule="order of play")
    if isinstance(action, Play):
        if action.card not in view.hand:
            raise InvalidDataError(f"{doing}: it is not in the hand", rule="the hand")
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
        raise InvalidDataError(f"{doing}: it is not in the hand", rule="the discard")
    if isinstance(action, Bid) and not view.forced_bid:
        high = view.high_bid
        check_bid(action, high, high.seat if high is not None else None, view.rules)
    if view.forced_bid:
        raise IllegalActionError(
            f"{doing}: all four passed, so {seat.word} must bid {FORCED_BID}", rule="all pass"
        )
    raise IllegalActionError(f"{doing} here", rule=rule)


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
