"""One hand of Hasenpfeffer as a state machine.

A :class:`HandState` moves through explicit phases::

    DEAL -> AUCTION -> TRUMP -> DISCARD -> ALONE -> PLAY -> SCORED
                   \\-> THROWN_IN (all four passed and the rules throw the hand in)

``DISCARD`` happens only when the widow is used and ``ALONE`` only when lone
hands are allowed. In every phase :meth:`HandState.legal_actions` lists what
may be done and :meth:`HandState.apply` does one action; :meth:`HandState.check`
raises the error an action would meet, and :meth:`HandState.can_apply` answers
yes or no. A refused action leaves the state exactly as it was.

>>> from hasenpfeffer_core import HandState, Seat, parse_action
>>> h = HandState.new(dealer=Seat.W, seed=7)
>>> h.phase, h.to_move
(Phase.AUCTION, Seat.N)
>>> while not h.is_over:
...     h.apply(h.legal_actions()[0])
>>> h.phase, len(h.tricks)
(Phase.SCORED, 6)
>>> sum(h.result.tricks.values())
6

Deals come from a seed or a :class:`random.Random`, so any hand can be rebuilt
exactly: ``HandState.new(dealer=Seat.W, seed=7)`` always deals the same cards.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, TypeVar

from .actions import Action, Bid, Deal, Discard, GoAlone, NameTrump, Pass, Play, check_deal
from .auction import FORCED_BID, bid_name, bids_above, check_bid
from .cards import DECK, SUITS, Card, Suit, card_mask, format_cards
from .errors import (
    IllegalActionError,
    InvalidDataError,
    OutOfTurnError,
    WrongPhaseError,
    shown,
)
from .i18n import N_, pgettext
from .i18n import gettext as _
from .rules import AllPass, BiddingScale, FirstLead, NoTrumpJoker, Rules
from .scoring import HandResult, score_hand
from .seats import SEATS, Seat, Side
from .tricks import ORDERS, check_follow, legal_mask, trump_key, winner_index

__all__ = ["HandState", "Phase", "Trick", "deal_cards"]


class Phase(enum.Enum):
    """Where a hand stands."""

    DEAL = "deal"
    AUCTION = "auction"
    TRUMP = "trump"
    DISCARD = "discard"
    ALONE = "alone"
    PLAY = "play"
    SCORED = "scored"
    THROWN_IN = "thrown in"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"

    @property
    def word(self) -> str:
        """The phase's name in the learner's language (``auction``, ``play``...); the
        ``value`` stays English, for keys."""
        words = {
            # Translators: the phases of a hand, as in "the current hand is not finished
            # (auction)".
            Phase.DEAL: pgettext("phase", "deal"),
            Phase.AUCTION: pgettext("phase", "auction"),
            Phase.TRUMP: pgettext("phase", "trump"),
            Phase.DISCARD: pgettext("phase", "discard"),
            Phase.ALONE: pgettext("phase", "alone"),
            Phase.PLAY: pgettext("phase", "play"),
            Phase.SCORED: pgettext("phase", "scored"),
            Phase.THROWN_IN: pgettext("phase", "thrown in"),
        }
        return words[self]


#: What is happening in each phase (English, translated where shown).
_PHASE_WHAT: Final = {
    Phase.DEAL: N_("the cards have not been dealt yet"),
    Phase.AUCTION: N_("the hand is in the auction (players bid or pass)"),
    Phase.TRUMP: N_("the high bidder is naming trumps"),
    Phase.DISCARD: N_("the high bidder is discarding one card after taking the widow"),
    Phase.ALONE: N_("the players are deciding whether to go alone"),
    Phase.PLAY: N_("the cards are being played"),
    Phase.SCORED: N_("the hand is over and scored"),
    Phase.THROWN_IN: N_("the hand was thrown in after all four passed"),
}

_ACTION_PHASE: Final[dict[type, Phase]] = {
    Bid: Phase.AUCTION,
    Pass: Phase.AUCTION,
    NameTrump: Phase.TRUMP,
    Discard: Phase.DISCARD,
    GoAlone: Phase.ALONE,
    Play: Phase.PLAY,
}

#: An action in the wrong phase: {seat} is a seat's letter, {why} what is happening now.
_NOT_NOW: Final[dict[type, str]] = {
    # Translators: {seat} is a seat's letter (N, E, S, W); {why} says what is happening in
    # the hand now, as in "the cards are being played; it is North's turn".
    Bid: N_("{seat} cannot bid now: {why}"),
    Pass: N_("{seat} cannot pass now: {why}"),
    NameTrump: N_("{seat} cannot name trumps now: {why}"),
    Discard: N_("{seat} cannot discard now: {why}"),
    GoAlone: N_("{seat} cannot decide on going alone now: {why}"),
    Play: N_("{seat} cannot play a card now: {why}"),
}


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the cards in the order played, and who won."""

    leader: Seat
    plays: tuple[tuple[Seat, Card], ...]
    winner: Seat

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in the order played, led card first."""
        return tuple(c for _seat, c in self.plays)

    def __str__(self) -> str:
        body = " ".join(f"{s.name}:{c.text}" for s, c in self.plays)
        return f"{body} -> {self.winner.name}"

    def _repr_svg_(self) -> str:
        """The trick around the table (Jupyter)."""
        from ..faces.render import table_svg

        return table_svg(self.plays, leader=self.leader, winner=self.winner)


_A = TypeVar("_A", Play, Discard)

# Interned actions: legal_actions() hands out these objects, never new ones.
_PLAYS: Final = [[Play(s, c) for c in DECK] for s in SEATS]
_DISCARDS: Final = [[Discard(s, c) for c in DECK] for s in SEATS]
_PASSES: Final = [Pass(s) for s in SEATS]
_ALONE: Final = [(GoAlone(s, False), GoAlone(s, True)) for s in SEATS]
_TRUMPS: Final = [tuple(NameTrump(s, t) for t in SUITS) for s in SEATS]
_NO_TRUMP: Final = [NameTrump(s, None) for s in SEATS]


def _chunks(actions: list[list[_A]]) -> list[list[list[tuple[_A, ...]]]]:
    """``result[seat][suit][6 bits]``: the actions for the cards of one suit's slice of a
    hand mask (bits ``6 * suit`` to ``6 * suit + 5``), so that the actions for any mask
    are four table look-ups; the Joker (bit 24) is added apart."""
    return [
        [
            [tuple(actions[s][ch * 6 + b] for b in range(6) if bits >> b & 1) for bits in range(64)]
            for ch in range(4)
        ]
        for s in range(4)
    ]


_PLAY_CHUNKS: Final = _chunks(_PLAYS)
_DISCARD_CHUNKS: Final = _chunks(_DISCARDS)
_JOKER_PLAY: Final = [(_PLAYS[s][24],) for s in range(4)]
_JOKER_DISCARD: Final = [(_DISCARDS[s][24],) for s in range(4)]


_PLAY: Final = Phase.PLAY
_AUCTION_PHASE: Final = Phase.AUCTION
_FULL_DECK_BITS: Final = (1 << 25) - 1


def _auction_actions(scale: BiddingScale, seat: int, level: int) -> tuple[Bid | Pass, ...]:
    """Pass, then every bid of ``scale`` above the bid level ``level`` (0: no bid yet)."""
    rules = Rules(bidding=scale)
    return (_PASSES[seat], *(b for b in bids_above(None, SEATS[seat], rules) if b.level > level))


# _AUCTION[scale][seat][level of the high bid]: the legal actions of the auction.
_AUCTION: Final = {
    scale: [[_auction_actions(scale, seat, level) for level in range(14)] for seat in range(4)]
    for scale in BiddingScale
}


def _next_seats(out: int) -> tuple[int, ...]:
    """For each seat, the next seat clockwise that is not sitting out (mask ``out``)."""
    result = []
    for seat in range(4):
        nxt = (seat + 1) % 4
        while out >> nxt & 1 and nxt != seat:
            nxt = (nxt + 1) % 4
        result.append(nxt)
    return tuple(result)


_NEXT_SEAT: Final = [_next_seats(out) for out in range(16)]


def _cards_of(m: int, tk: int = 4) -> tuple[Card, ...]:
    """The cards of mask ``m`` in reading order under trump key ``tk``."""
    return tuple(c for c in ORDERS[tk] if m >> c.index & 1)


def random_source(seed: object, what: str) -> random.Random:
    """``seed`` if it is a :class:`random.Random`, else a new one started from ``seed``: a
    whole number, or ``None`` for a fresh random start. Anything else is refused (a float
    or a text would start it too, but not always the same way).
    """
    if isinstance(seed, random.Random):
        return seed
    if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
        return random.Random(seed)
    raise InvalidDataError(
        f"{what} is shuffled from a whole number or a random.Random, got {shown(seed)}"
    )


def deal_cards(rng: random.Random | int | None, dealer: Seat = Seat.N) -> Deal:
    """Shuffle and deal: six cards each in packets of three, from the dealer's left; the
    last card is the widow.

    The shuffle is a Fisher-Yates shuffle driven by ``rng.getrandbits``, so the same
    seed always gives the same deal.

    >>> d = deal_cards(1)
    >>> [len(h) for h in d.hands], d == deal_cards(random.Random(1))
    ([6, 6, 6, 6], True)
    """
    if not isinstance(dealer, Seat):
        raise InvalidDataError(f"the dealer must be a Seat, got {shown(dealer)}")
    rng = random_source(rng, "the deal")
    deck = list(DECK)
    r = rng.getrandbits(192)  # 25! < 2**84: the leftover bits make the bias negligible
    for i in range(24, 0, -1):
        r, j = divmod(r, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    d = tuple(deck)
    # Two rounds of packets of three, from the dealer's left: the k-th player
    # gets cards 3k..3k+2 and 12+3k..14+3k; the last card is the widow.
    first = dealer.value + 1
    hands = [d[3 * k : 3 * k + 3] + d[12 + 3 * k : 15 + 3 * k] for k in range(4)]
    h = [hands[(seat - first) % 4] for seat in range(4)]
    # A shuffle of the whole deck is a valid deal by construction: skip Deal's own check
    # (random playouts make one deal per hand, and the check would cost them 2%).
    deal = object.__new__(Deal)
    object.__setattr__(deal, "hands", (h[0], h[1], h[2], h[3]))
    object.__setattr__(deal, "widow", d[24])
    return deal


class HandState:
    """One hand: deal, auction, widow and trump, discard, going alone, play, score."""

    __slots__ = (
        "_active",
        "_alone_asked",
        "_bids",
        "_deal",
        "_dealer",
        "_defender_alone",
        "_discard",
        "_forced",
        "_hands",
        "_high",
        "_high_seat",
        "_joker_any_time",
        "_leader",
        "_legal",
        "_log",
        "_maker",
        "_maker_alone",
        "_next",
        "_out",
        "_passed",
        "_phase",
        "_result",
        "_rules",
        "_tk",
        "_to_move",
        "_trick_cards",
        "_trick_seats",
        "_tricks",
        "_trump",
        "_trump_named",
        "_won",
    )

    def __init__(self, rules: Rules | None = None, dealer: Seat = Seat.N) -> None:
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise InvalidDataError(f"rules must be a Rules value, got {type(rules).__name__}")
        if not isinstance(dealer, Seat):
            raise InvalidDataError(f"the dealer must be a Seat, got {shown(dealer)}")
        self._rules = rules
        self._dealer = dealer.value
        self._phase = Phase.DEAL
        self._deal: Deal | None = None
        self._hands = [0, 0, 0, 0]
        self._to_move = -1
        self._log: list[Action] = []
        self._high: Bid | None = None
        self._high_seat = -1
        self._passed = 0
        self._forced = False
        self._maker = -1
        self._trump: Suit | None = None
        self._trump_named = False
        self._tk = 4
        self._joker_any_time = rules.no_trump_joker is NoTrumpJoker.ANY_TIME
        self._bids = _AUCTION[rules.bidding]
        self._discard: Card | None = None
        self._maker_alone = False
        self._defender_alone = -1
        self._alone_asked = 0
        self._out = 0
        self._active = 4
        self._legal = -1
        self._leader = -1
        self._trick_cards: list[int] = []
        self._trick_seats: list[int] = []
        # Finished tricks as (leader, seats, card indices, winner); Trick objects
        # are built only when asked for (the playout loop never needs them).
        self._tricks: list[tuple[int, list[int], list[int], int]] = []
        self._next = _NEXT_SEAT[0]
        self._won = [0, 0, 0, 0]
        self._result: HandResult | None = None

    @property
    def phase(self) -> Phase:
        """Where the hand stands (the auction, the discard, the play, ...): read-only, as
        the rest of the state; only :meth:`apply` moves it on."""
        return self._phase

    # --- construction ------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules | None = None,
        dealer: Seat = Seat.N,
        seed: random.Random | int | None = None,
    ) -> HandState:
        """A freshly dealt hand (phase ``AUCTION``); ``seed`` is an int or a ``random.Random``."""
        state = cls(rules, dealer)
        state.apply_deal(deal_cards(seed, dealer))
        return state

    @classmethod
    def from_hands(
        cls,
        hands: dict[Seat, Iterable[Card | str]] | dict[str, Iterable[Card | str]],
        widow: Card | str,
        *,
        rules: Rules | None = None,
        dealer: Seat = Seat.N,
    ) -> HandState:
        """A hand dealt with the given cards (a mapping of seats, or seat letters, to cards)."""
        from .cards import parse_card, parse_cards
        from .seats import parse_seat

        if not isinstance(hands, Mapping):
            raise InvalidDataError(
                f"the hands are a mapping of seats to cards, got {type(hands).__name__}",
                rule="the deal",
            )
        by_seat: dict[Seat, tuple[Card, ...]] = {}
        for key, cards in hands.items():
            seat = parse_seat(key)
            if seat in by_seat:
                raise InvalidDataError(
                    # Translators: {seat} is a seat's letter (N, E, S, W).
                    _("the hand of {seat} is given twice").format(seat=seat.name),
                    rule="the deal",
                )
            by_seat[seat] = parse_cards(cards)
        missing = [s.name for s in SEATS if s not in by_seat]
        if missing:
            raise InvalidDataError(
                # Translators: {seats} lists seats' letters (N, E, S, W).
                _(
                    "the deal has no hand for {seats}: each of the four players is dealt six cards"
                ).format(seats=", ".join(missing)),
                rule="the deal",
            )
        state = cls(rules, dealer)
        state.apply_deal(
            Deal(
                (by_seat[Seat.N], by_seat[Seat.E], by_seat[Seat.S], by_seat[Seat.W]),
                parse_card(widow),
            )
        )
        return state

    @classmethod
    def replay(
        cls,
        deal: Deal,
        actions: Iterable[Action],
        *,
        rules: Rules | None = None,
        dealer: Seat = Seat.N,
    ) -> HandState:
        """The state after dealing ``deal`` and applying ``actions`` in order."""
        state = cls(rules, dealer)
        state.apply_deal(deal)
        for action in actions:
            state.apply(action)
        return state

    def copy(self) -> HandState:
        """An independent copy (for trying actions, search, undo)."""
        other = HandState.__new__(HandState)
        for name in HandState.__slots__:
            setattr(other, name, getattr(self, name))
        other._hands = self._hands[:]
        other._log = self._log[:]
        other._trick_cards = self._trick_cards[:]
        other._trick_seats = self._trick_seats[:]
        other._tricks = self._tricks[:]
        other._won = self._won[:]
        return other

    __copy__ = copy

    def undo(self) -> HandState:
        """A new state with the last action taken back (the deal cannot be undone)."""
        if not self._log:
            raise IllegalActionError(_("there is no action to undo"), rule="undo")
        assert self._deal is not None
        return HandState.replay(
            self._deal, self._log[:-1], rules=self._rules, dealer=SEATS[self._dealer]
        )

    # --- reading the state -------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules this hand is played under."""
        return self._rules

    @property
    def dealer(self) -> Seat:
        """The dealer of this hand."""
        return SEATS[self._dealer]

    @property
    def deal(self) -> Deal | None:
        """The deal as it was made (``None`` before the deal)."""
        return self._deal

    @property
    def to_move(self) -> Seat | None:
        """The seat that acts next, or ``None`` when the hand is over or not dealt."""
        return SEATS[self._to_move] if self._to_move >= 0 else None

    @property
    def is_over(self) -> bool:
        """True once the hand is scored or thrown in."""
        return self._phase is Phase.SCORED or self._phase is Phase.THROWN_IN

    @property
    def log(self) -> tuple[Action, ...]:
        """Every action applied since the deal, in order."""
        return tuple(self._log)

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, trumps first, strongest first."""
        return _cards_of(self._hands[seat.value], self._tk)

    @property
    def hands(self) -> dict[Seat, tuple[Card, ...]]:
        """What every seat holds now (a sitting-out partner keeps the cards laid down)."""
        return {s: self.hand(s) for s in SEATS}

    @property
    def widow(self) -> Card | None:
        """The widow card (``None`` before the deal)."""
        return self._deal.widow if self._deal is not None else None

    @property
    def discard(self) -> Card | None:
        """The high bidder's discard, once made."""
        return self._discard

    @property
    def auction(self) -> tuple[Bid | Pass, ...]:
        """The bids and passes so far."""
        return tuple(a for a in self._log if isinstance(a, Bid | Pass))

    @property
    def high_bid(self) -> Bid | None:
        """The highest bid so far (the contract once the auction is over)."""
        return self._high

    @property
    def maker(self) -> Seat | None:
        """The high bidder, once the auction is over."""
        return SEATS[self._maker] if self._maker >= 0 else None

    @property
    def forced_bid(self) -> bool:
        """True when all four passed and a player must now bid 3 (or did)."""
        return self._forced

    @property
    def trump(self) -> Suit | None:
        """The trump suit; ``None`` before trump is named or in a no-trump hand."""
        return self._trump

    @property
    def trump_named(self) -> bool:
        """True once the high bidder has named trump (or no trump)."""
        return self._trump_named

    @property
    def maker_alone(self) -> bool:
        """True when the maker goes alone."""
        return self._maker_alone

    @property
    def defender_alone(self) -> Seat | None:
        """The defender who defends alone, if any."""
        return SEATS[self._defender_alone] if self._defender_alone >= 0 else None

    @property
    def sitting_out(self) -> tuple[Seat, ...]:
        """The partners of lone players, who lay their cards down and do not play."""
        return tuple(s for s in SEATS if self._out >> s.value & 1)

    @property
    def leader(self) -> Seat | None:
        """Who led (or leads) the current trick, once play has started."""
        return SEATS[self._leader] if self._leader >= 0 else None

    @property
    def current_trick(self) -> tuple[tuple[Seat, Card], ...]:
        """The cards played to the unfinished trick, led card first."""
        return tuple(
            (SEATS[s], DECK[c]) for s, c in zip(self._trick_seats, self._trick_cards, strict=True)
        )

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, in order."""
        return tuple(
            Trick(
                SEATS[leader],
                tuple((SEATS[s], DECK[c]) for s, c in zip(seats, cards, strict=True)),
                SEATS[winner],
            )
            for leader, seats, cards, winner in self._tricks
        )

    @property
    def tricks_won(self) -> dict[Seat, int]:
        """How many tricks each seat has won so far."""
        return {s: self._won[s.value] for s in SEATS}

    @property
    def side_tricks(self) -> dict[Side, int]:
        """How many tricks each partnership has won so far."""
        w = self._won
        return {Side.NS: w[0] + w[2], Side.EW: w[1] + w[3]}

    @property
    def result(self) -> HandResult | None:
        """The scored result once the hand is over (``None`` while playing or thrown in)."""
        if self._result is None and self._phase is Phase.SCORED:
            assert self._high is not None
            self._result = score_hand(
                self._rules,
                self._high,
                self.side_tricks,
                trump=self._trump,
                maker_alone=self._maker_alone,
                defender_alone=self.defender_alone,
            )
        return self._result

    @property
    def active_seats(self) -> tuple[Seat, ...]:
        """The seats that play cards this hand (all four unless someone went alone)."""
        return tuple(s for s in SEATS if not self._out >> s.value & 1)

    # --- legal actions -----------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Everything the player to move may do now (empty when nobody is to move).

        In the ``DEAL`` phase the only step is the chance step, :meth:`apply_deal`.
        """
        phase = self._phase
        seat = self._to_move
        if phase is _PLAY:
            tc = self._trick_cards
            m = legal_mask(self._hands[seat], tc[0] if tc else -1, self._tk, self._joker_any_time)
            self._legal = m
            t = _PLAY_CHUNKS[seat]
            r = t[0][m & 63] + t[1][m >> 6 & 63] + t[2][m >> 12 & 63] + t[3][m >> 18 & 63]
            return r + _JOKER_PLAY[seat] if m >> 24 else r
        if phase is Phase.AUCTION:
            s = SEATS[seat]
            if self._forced:
                return (Bid(s, FORCED_BID),)
            high = self._high
            return self._bids[seat][high.tricks * 2 + high.big if high is not None else 0]
        if phase is Phase.TRUMP:
            if self._rules.no_trump:
                return (*_TRUMPS[seat], _NO_TRUMP[seat])  # fmt: skip
            return _TRUMPS[seat]
        if phase is Phase.DISCARD:
            h = self._hands[seat]
            d = _DISCARD_CHUNKS[seat]
            rd = d[0][h & 63] + d[1][h >> 6 & 63] + d[2][h >> 12 & 63] + d[3][h >> 18 & 63]
            return rd + _JOKER_DISCARD[seat] if h >> 24 else rd
        if phase is Phase.ALONE:
            return _ALONE[seat]
        return ()

    def check(self, action: Action) -> None:
        """Raise the error that :meth:`apply` would raise for ``action``; do nothing else."""
        kind = type(action)
        wanted = _ACTION_PHASE.get(kind)
        if wanted is None:
            raise IllegalActionError(
                f"{shown(action)} is not an action: actions are Bid, Pass, NameTrump, Discard, "
                "GoAlone and Play (deal with apply_deal)",
                rule="actions",
            )
        if self._phase is not wanted:
            raise WrongPhaseError(
                _(_NOT_NOW[kind]).format(seat=action.seat.word, why=self._phase_why()),
                rule="order of play",
            )
        seat = action.seat
        if self._out >> seat._value_ & 1:
            raise OutOfTurnError(
                # Translators: {seat} is a seat's name (North, East, South, West).
                _(
                    "{seat} sits out this hand: the partner of a lone player lays the cards "
                    "down and does not play"
                ).format(seat=seat.word),
                rule="going alone",
            )
        if seat._value_ != self._to_move:
            raise OutOfTurnError(self._turn_message(seat, kind), rule="turn order")
        if kind is Play:
            assert isinstance(action, Play)
            self._check_play(action)
        elif kind is Bid:
            assert isinstance(action, Bid)
            if self._forced:
                if action.tricks != FORCED_BID or action.big:
                    raise IllegalActionError(
                        # Translators: {seat} is a seat's letter; {bid} the bid forced on
                        # it (3); {why} why, as in "all four passed, so the dealer must bid 3".
                        _("{seat} must bid {bid}: {why}").format(
                            seat=seat.word, bid=FORCED_BID, why=self._forced_reason()
                        ),
                        rule="all pass",
                    )
            else:
                high = SEATS[self._high_seat] if self._high_seat >= 0 else None
                check_bid(action, self._high, high, self._rules)
        elif kind is Pass:
            if self._forced:
                raise IllegalActionError(
                    _("{seat} cannot pass: {why}").format(
                        seat=seat.word, why=self._forced_reason()
                    ),
                    rule="all pass",
                )
        elif kind is NameTrump:
            assert isinstance(action, NameTrump)
            if action.suit is None and not self._rules.no_trump:
                raise IllegalActionError(
                    _(
                        "{seat} cannot name no trump: these rules have no no-trump contracts "
                        "(Rules.no_trump); trump is one of the four suits"
                    ).format(seat=seat.word),
                    rule="naming trump",
                )
        elif kind is Discard:
            assert isinstance(action, Discard)
            if not self._hands[seat._value_] >> action.card.index & 1:
                raise InvalidDataError(
                    # Translators: {cards} are the cards the player holds.
                    _("{seat} cannot discard {card}: it is not in the hand ({cards})").format(
                        seat=seat.word,
                        card=action.card.text,
                        cards=format_cards(self.hand(seat)),
                    ),
                    rule="the discard",
                )

    def _check_play(self, action: Play) -> None:
        seat = action.seat
        card = action.card
        hand = self._hands[seat.value]
        if not hand >> card.index & 1:
            raise InvalidDataError(
                # Translators: {cards} are the cards the player holds.
                _("{seat} cannot play {card}: it is not in the hand ({cards})").format(
                    seat=seat.word, card=card.text, cards=format_cards(self.hand(seat))
                ),
                rule="the hand",
            )
        tc = self._trick_cards
        check_follow(seat.name, hand, tc[0] if tc else -1, card, self._tk, self._joker_any_time)

    def can_apply(self, action: Action) -> bool:
        """True if :meth:`apply` would accept ``action``."""
        try:
            self.check(action)
        except (IllegalActionError, InvalidDataError):
            return False
        return True

    def _phase_why(self) -> str:
        """What is happening in the hand now, and who is to act."""
        why = _(_PHASE_WHAT[self._phase])
        if self._phase is Phase.AUCTION or self._phase is Phase.PLAY:
            # Translators: {why} says what is happening in the hand; {seat} is a seat's
            # name (North, East, South, West).
            return _("{why}; it is {seat}'s turn").format(why=why, seat=SEATS[self._to_move].word)
        if self._phase in (Phase.TRUMP, Phase.DISCARD, Phase.ALONE):
            return _("{why}; {seat} is to act").format(why=why, seat=SEATS[self._to_move].word)
        return why

    def _turn_message(self, seat: Seat, kind: type) -> str:
        who = SEATS[self._to_move].word
        if self._phase is Phase.AUCTION:
            if self._forced:
                # Translators: {turn} is the seat whose turn it is, {seat} the seat that
                # tried to act (North, East, South, West); {why} why {turn} must bid.
                return _("it is {turn}'s turn, not {seat}'s: {why} ({turn})").format(
                    turn=who, seat=seat.word, why=self._forced_reason()
                )
            if self._passed >> seat.value & 1:
                return _(
                    "{seat} has passed, and a pass is final: {seat} cannot bid again (it is "
                    "{turn}'s turn)"
                ).format(seat=seat.word, turn=who)
            return _(
                "it is {turn}'s turn to bid, not {seat}'s: bidding goes clockwise from the "
                "dealer's left"
            ).format(turn=who, seat=seat.word)
        if self._phase is Phase.PLAY:
            return _(
                "it is {turn}'s turn to play, not {seat}'s: play goes clockwise, and the "
                "winner of a trick leads the next"
            ).format(turn=who, seat=seat.word)
        # Translators: {why} says what is happening in the hand now.
        return _("it is {turn}'s turn, not {seat}'s: {why}").format(
            turn=who, seat=seat.word, why=_(_PHASE_WHAT[self._phase])
        )

    def _forced_reason(self) -> str:
        if self._rules.all_pass is AllPass.DEALER:
            return _("all four passed, so the dealer must bid {bid}").format(bid=FORCED_BID)
        return _("all four passed, so the player holding the Joker must bid {bid}").format(
            bid=FORCED_BID
        )

    # --- applying actions --------------------------------------------------

    def apply_deal(self, deal: Deal) -> None:
        """The chance step: deal ``deal``'s hands and widow (phase ``DEAL`` only)."""
        if self._phase is not Phase.DEAL:
            raise WrongPhaseError(
                # Translators: {why} says what is happening in the hand now.
                _("the cards are already dealt: {why}").format(why=_(_PHASE_WHAT[self._phase])),
                rule="the deal",
            )
        if not isinstance(deal, Deal):
            raise InvalidDataError(f"expected a Deal, got {type(deal).__name__}")
        # A Deal checks itself when made; a cheap look that it still holds the whole deck
        # (it could only have changed behind the frozen dataclass's back).
        try:
            masks = [
                (1 << a.index)
                | (1 << b.index)
                | (1 << c.index)
                | (1 << d.index)
                | (1 << e.index)
                | (1 << f.index)
                for a, b, c, d, e, f in deal.hands
            ]
            whole = masks[0] | masks[1] | masks[2] | masks[3] | 1 << deal.widow.index
        except (AttributeError, TypeError, ValueError, IndexError):
            whole = -1
        if len(masks if whole >= 0 else ()) != 4 or whole != _FULL_DECK_BITS:
            hands = check_deal(deal.hands, deal.widow)  # says what is wrong
            masks = [card_mask(h) for h in hands]
        self._deal = deal
        self._hands = masks
        self._phase = Phase.AUCTION
        self._to_move = (self._dealer + 1) % 4

    def apply(self, action: Action) -> None:
        """Do ``action``, or raise and change nothing if the rules do not allow it.

        :meth:`check` is the one place that refuses an action. Two quick paths (a card
        in play, an ordinary call in the auction: the search's and the playouts' inner
        loop) only decide that an action is surely allowed; anything else goes to
        :meth:`check`, which raises. ``tests/test_properties.py`` holds the two to
        each other (every action any seat could try, at every step of random hands)."""
        if type(action) is Play and self._phase is _PLAY:
            # The hot path: the seat's turn and the legal mask say "surely allowed";
            # otherwise check() raises the refusal.
            seat = self._to_move
            if action.seat is not SEATS[seat]:
                self.check(action)
            idx = action.card.index
            hand = self._hands[seat]
            tc = self._trick_cards
            legal = self._legal  # set by legal_actions() for this very position, else -1
            if legal < 0:
                legal = legal_mask(hand, tc[0] if tc else -1, self._tk, self._joker_any_time)
            if not legal >> idx & 1:
                self._check_play(action)
            self._legal = -1
            self._hands[seat] = hand & ~(1 << idx)
            self._log.append(action)
            tc.append(idx)
            ts = self._trick_seats
            ts.append(seat)
            if len(tc) < self._active:
                self._to_move = self._next[seat]
                return
            winner = ts[winner_index(tc, self._tk)]
            self._tricks.append((self._leader, ts, tc, winner))
            self._won[winner] += 1
            self._trick_cards = []
            self._trick_seats = []
            if len(self._tricks) == 6:
                self._score()
            else:
                self._leader = winner
                self._to_move = winner
            return
        kind = type(action)
        if (
            (kind is Pass or kind is Bid)
            and self._phase is _AUCTION_PHASE
            and not self._forced
            and action.seat is SEATS[self._to_move]
        ):
            # The auction's ordinary turn (in phase, in turn, no forced bid): of check()'s
            # tests only the bid's own remains, and it is the same check_bid() call.
            if kind is Bid:
                assert isinstance(action, Bid)
                high = SEATS[self._high_seat] if self._high_seat >= 0 else None
                check_bid(action, self._high, high, self._rules)
                self._log.append(action)
                self._after_bid(action)
            else:
                self._log.append(action)
                self._after_pass()
            return
        self.check(action)
        self._log.append(action)
        if kind is Pass:
            self._after_pass()
        elif kind is Bid:
            assert isinstance(action, Bid)
            self._after_bid(action)
        elif kind is NameTrump:
            assert isinstance(action, NameTrump)
            self._trump = action.suit
            self._trump_named = True
            self._tk = trump_key(action.suit)
            if self._rules.widow:
                self._phase = Phase.DISCARD
            else:
                self._after_discard()
        elif kind is Discard:
            assert isinstance(action, Discard)
            self._hands[self._maker] &= ~(1 << action.card.index)
            self._discard = action.card
            self._after_discard()
        elif kind is GoAlone:
            assert isinstance(action, GoAlone)
            self._after_alone(action)
        else:  # pragma: no cover - check() refuses everything else
            raise AssertionError(kind)

    def _next_bidder(self, seat: int) -> int:
        for step in range(1, 4):
            nxt = (seat + step) % 4
            if not self._passed >> nxt & 1:
                return nxt
        return seat

    def _after_pass(self) -> None:
        seat = self._to_move
        self._passed |= 1 << seat
        n = self._passed.bit_count()
        if n == 4:
            self._all_passed()
        elif n == 3 and self._high is not None:
            self._end_auction()
        else:
            self._to_move = self._next_bidder(seat)

    def _all_passed(self) -> None:
        policy = self._rules.all_pass
        if policy is AllPass.REDEAL:
            self._throw_in()
            return
        if policy is AllPass.DEALER:
            self._forced = True
            self._to_move = self._dealer
            return
        joker = next((i for i in range(4) if self._hands[i] >> 24 & 1), -1)
        if joker < 0:  # the Joker is the widow
            self._throw_in()
            return
        self._forced = True
        self._to_move = joker

    def _throw_in(self) -> None:
        self._phase = Phase.THROWN_IN
        self._to_move = -1

    def _after_bid(self, bid: Bid) -> None:
        seat = self._to_move
        self._high = bid
        self._high_seat = seat
        if self._forced or self._passed.bit_count() == 3:
            self._end_auction()
        else:
            self._to_move = self._next_bidder(seat)

    def _end_auction(self) -> None:
        self._maker = self._high_seat
        if self._rules.widow:
            assert self._deal is not None
            self._hands[self._maker] |= 1 << self._deal.widow.index
        self._phase = Phase.TRUMP
        self._to_move = self._maker

    def _after_discard(self) -> None:
        if self._rules.lone_hands:
            self._phase = Phase.ALONE
            self._to_move = self._maker
        else:
            self._start_play()

    def _after_alone(self, action: GoAlone) -> None:
        seat = self._to_move
        self._alone_asked |= 1 << seat
        if seat == self._maker:
            if not action.alone:
                self._start_play()
                return
            self._maker_alone = True
            self._out |= 1 << ((seat + 2) % 4)
            if not self._rules.defend_alone:
                self._start_play()
                return
            self._to_move = (seat + 1) % 4
            return
        if action.alone:
            self._defender_alone = seat
            self._out |= 1 << ((seat + 2) % 4)
            self._start_play()
        elif seat == (self._maker + 1) % 4:
            self._to_move = (self._maker + 3) % 4
        else:
            self._start_play()

    def _start_play(self) -> None:
        if self._defender_alone >= 0:
            leader = self._defender_alone
        elif self._maker_alone:
            leader = (self._maker + 1) % 4
        elif self._rules.first_lead is FirstLead.HIGH_BIDDER:
            leader = self._maker
        else:
            leader = (self._dealer + 1) % 4
        self._phase = Phase.PLAY
        self._active = 4 - self._out.bit_count()
        self._next = _NEXT_SEAT[self._out]
        self._leader = leader
        self._to_move = leader

    def _score(self) -> None:
        # The result is worked out when first asked for (see ``result``): the
        # playout loop never asks.
        self._phase = Phase.SCORED
        self._to_move = -1

    # --- text ----------------------------------------------------------------

    def _repr_html_(self) -> str:
        """The table as a picture (Jupyter); the renderer is imported only when asked."""
        from ..faces.render import state_html

        return state_html(self)

    def __repr__(self) -> str:
        return (
            f"<HandState {self._phase.value}, dealer {self.dealer.name}"
            + (f", to move {self.to_move.name}" if self.to_move else "")
            + ">"
        )

    def __str__(self) -> str:
        lines = [
            # Translators: {dealer} is a seat's letter (N, E, S, W), {rules} the rules as
            # typed ("seed"), {phase} where the hand stands ("auction").
            _("Hand dealt by {dealer} ({rules}), {phase}").format(
                dealer=self.dealer.name, rules=self._rules.to_text(), phase=self._phase.word
            )
        ]
        if self._high is not None:
            lines.append(
                # Translators: {bid} is a bid ("3", "Big Pepper"), {seat} a seat's letter.
                _("High bid: {bid} by {seat}").format(
                    bid=bid_name(self._high.tricks, self._high.big, self._rules),
                    seat=SEATS[self._high_seat].name,
                )
            )
        if self._trump_named:
            if self._trump is not None:
                lines.append(_("Trump: {suit}").format(suit=self._trump.plural))
            else:
                lines.append(_("Trump: none"))
        for s in SEATS:
            cards = format_cards(self.hand(s))
            if self._out >> s.value & 1:
                # Translators: a line of the table: {seat} is a seat's letter, {cards} its
                # cards, laid down by the partner of a lone player.
                line = _("{seat}: {cards} (sits out)").format(seat=s.name, cards=cards)
                lines.append("  " + line)
            else:
                lines.append(f"  {s.name}: {cards}")
        if self._trick_cards:
            plays = " ".join(f"{s.name}:{c.text}" for s, c in self.current_trick)
            # Translators: {plays} lists the cards played so far, as in "N:J♥ E:9♥".
            lines.append(_("Trick: {plays}").format(plays=plays))
        if self._tricks:
            t = self.side_tricks
            # Translators: the tricks each partnership has taken; NS and EW are the
            # partnerships' letters.
            lines.append(_("Tricks: NS {ns}, EW {ew}").format(ns=t[Side.NS], ew=t[Side.EW]))
        if self.result is not None:
            lines.append(self.result.reason)
        return "\n".join(lines)
