"""What a hand is worth as the makers' hand: the chances of taking 1 to 6 tricks, and the bid.

Before the auction is over a player knows six cards. To judge a contract the fair
expert deals the unseen cards many times (the widow, partner's and the opponents'
hands) in ways that fit what the auction has shown, lets this hand pick up the widow,
name a trump and discard its weakest card, and plays each deal out double dummy (every
hand open, each side playing its best). The tricks taken in each deal give a
distribution: the chance of taking at least k tricks for k = 1 to 6, for each trump.
Double dummy is a little generous to the makers (they never guess wrong), so the
chances are read as an upper bound.

The same deals are used for every trump (and, in :func:`discard_samples`, for every
discard), so the comparison between them is not blurred by luck.

:func:`points_table` turns tricks into points under the hand's rules, and
:func:`expected_points` weighs a distribution with it: the expert bids when the
expected points of the cheapest bid that outbids are worth it.

:func:`bid_study` puts it together for the seat whose turn it is to bid: the chances
of every trump from one common set of deals, what each legal action is worth, the fair
expert's advice and its reason in card terms (the trump, the trumps and aces held, the
chance of making the bid, and why the cheapest bid that wins the auction is right, or
why to pass). The bidding quiz (:mod:`.quiz`) judges answers with it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from ..engine.actions import Bid, Pass
from ..engine.auction import FORCED_BID, bid_name
from ..engine.cards import DECK, JOKER, SUITS, Card, Rank, Suit
from ..engine.errors import (
    IllegalActionError,
    InvalidDataError,
    OutOfTurnError,
    WrongPhaseError,
    shown,
)
from ..engine.i18n import gettext as _
from ..engine.i18n import ngettext, pgettext
from ..engine.rules import AllPass, FirstLead, Rules
from ..engine.scoring import score_hand
from ..engine.seats import Seat, Side
from ..engine.state import Phase
from ..engine.tricks import EFF, ORDERS, trump_key
from .explain import capitalised, card_words
from .solver import solve_masks
from .view import PlayerView

__all__ = [
    "BID_TOLERANCE",
    "STUDY_SAMPLES",
    "BidStudy",
    "ContractOdds",
    "action_label",
    "action_value",
    "bid_study",
    "chance_label",
    "chance_words",
    "chances",
    "contract_odds",
    "discard_samples",
    "expected_points",
    "hand_words",
    "points_table",
    "trump_options",
    "trump_words",
    "weakest",
    "weigh_calls",
]


def trump_options(rules: Rules) -> list[Suit | None]:
    """The trumps a maker may name under ``rules`` (no trump last, where allowed)."""
    options: list[Suit | None] = list(SUITS)
    if rules.no_trump:
        options.append(None)
    return options


def weakest(hand: Sequence[Card], trump: Suit | None) -> Card:
    """The card a maker discards by rule of thumb: the lowest plain card (a trump only
    if the hand is all trumps)."""
    tk = trump_key(trump)
    order = ORDERS[tk]
    plain = [c for c in hand if EFF[tk][c.index] != tk]
    return max(plain or hand, key=order.index)


def points_table(
    rules: Rules, bid: Bid, *, maker_alone: bool = False, defender_alone: Seat | None = None
) -> tuple[tuple[int, int], ...]:
    """For the makers taking 0 to 6 tricks: (the makers' points, the defenders' points).

    >>> from hasenpfeffer_core import Rules, Seat
    >>> points_table(Rules(), Bid(Seat.N, 4))[2:5]
    ((-2, 0), (-3, 0), (4, 0))
    """
    side = bid.seat.side
    out = []
    for taken in range(7):
        result = score_hand(
            rules,
            bid,
            {side: taken, side.other: 6 - taken},
            maker_alone=maker_alone,
            defender_alone=defender_alone,
        )
        out.append((result.points[side], result.points[side.other]))
    return tuple(out)


def chances(tricks: Iterable[int]) -> tuple[float, ...]:
    """The share of deals with at least k tricks, for k = 1 to 6.

    >>> chances([3, 4, 4, 6])
    (1.0, 1.0, 1.0, 0.75, 0.25, 0.25)
    """
    xs = list(tricks)
    if not xs:
        return (0.0,) * 6
    return tuple(sum(1 for x in xs if x >= k) / len(xs) for k in range(1, 7))


def expected_points(tricks: Iterable[int], table: Sequence[tuple[int, int]]) -> float:
    """The makers' average net points (theirs minus the defenders') over the deals."""
    xs = list(tricks)
    if not xs:
        return 0.0
    return sum(table[x][0] - table[x][1] for x in xs) / len(xs)


@dataclass(frozen=True)
class ContractOdds:
    """The tricks this hand's side took in each sampled deal, for one trump."""

    trump: Suit | None
    tricks: tuple[int, ...]

    @property
    def chances(self) -> tuple[float, ...]:
        """The chance of at least 1, 2, ... 6 tricks."""
        return chances(self.tricks)

    @property
    def mean(self) -> float:
        return sum(self.tricks) / len(self.tricks) if self.tricks else 0.0


def _leader(view: PlayerView, maker: Seat) -> int:
    if view.rules.first_lead is FirstLead.HIGH_BIDDER:
        return maker.value
    return (view.dealer.value + 1) % 4


def _strength(cards: Sequence[Card]) -> float:
    """A quick count of a hand's playing strength (its best trump), for reading bids."""
    from .bots import estimate_tricks

    return max(estimate_tricks(cards, t, partner=False) for t in SUITS)


def _fits_auction(view: PlayerView, hands: Mapping[Seat, Sequence[Card]]) -> bool:
    """Does a sampled deal fit the auction? A player who bid 3 or more holds a real
    hand; one who passed when a bid of 1 or 2 was there to make holds a weak one."""
    for bid in view.auction:
        seat = bid.seat
        if seat is view.seat or seat not in hands:
            continue
        strength = _strength(hands[seat])
        if isinstance(bid, Bid):
            if not view.forced_bid and bid.tricks >= 3 and strength < bid.tricks - 2.2:
                return False
        elif strength > 3.4:
            return False
    return True


def _deals(
    view: PlayerView, cards: Sequence[Card], n: int, rng: random.Random, tries: int = 6
) -> list[tuple[dict[Seat, list[Card]], Card | None]]:
    """``n`` deals of the unseen cards to the other three seats (and the widow while
    it is unseen), each fitting the auction if one of ``tries`` draws does."""
    known = set(cards) | set(view.played)
    if view.discard is not None:
        known.add(view.discard)
    unseen = [c for c in DECK if c not in known]
    others = [s for s in Seat if s is not view.seat]
    widow_unseen = view.rules.widow and len(cards) < 7 and view.maker is None
    out = []
    for _i in range(n):
        for attempt in range(tries):
            pool = unseen[:]
            rng.shuffle(pool)
            widow = pool.pop() if widow_unseen else None
            hands = {s: pool[i * 6 : i * 6 + 6] for i, s in enumerate(others)}
            if attempt == tries - 1 or _fits_auction(view, hands):
                break
        out.append((hands, widow))
    return out


def _solve(
    view: PlayerView,
    maker: Seat,
    own: Sequence[Card],
    hands: Mapping[Seat, Sequence[Card]],
    trump: Suit | None,
) -> int:
    tk = trump_key(trump)
    masks = [0, 0, 0, 0]
    for c in own:
        masks[view.seat.value] |= 1 << c.index
    for s, cs in hands.items():
        for c in cs:
            masks[s.value] |= 1 << c.index
    ns = solve_masks(masks, tk, _leader(view, maker), (), active=15)
    return ns if view.seat.side is Side.NS else 6 - ns


def contract_odds(
    view: PlayerView,
    trumps: Sequence[Suit | None],
    samples: int,
    rng: random.Random,
    cards: Sequence[Card] | None = None,
) -> list[ContractOdds]:
    """For each trump, the tricks this seat's side takes as makers in ``samples`` deals.

    ``cards`` is the hand judged (the seat's own by default): six cards before the widow
    (the widow, unseen, is drawn with the other cards and picked up), or seven after it;
    the weakest card for each trump is discarded before play.
    """
    hand = list(view.hand if cards is None else cards)
    deals = _deals(view, hand, samples, rng)
    out = []
    for trump in trumps:
        tricks = []
        for hands, widow in deals:
            own = hand + ([widow] if widow is not None else [])
            if len(own) == 7:
                own.remove(weakest(own, trump))
            tricks.append(_solve(view, view.seat, own, hands, trump))
        out.append(ContractOdds(trump, tuple(tricks)))
    return out


def discard_samples(
    view: PlayerView, candidates: Sequence[Card], samples: int, rng: random.Random
) -> dict[Card, tuple[int, ...]]:
    """For each card the maker might discard, the tricks the side takes keeping the
    other six, over the same ``samples`` deals."""
    deals = _deals(view, view.hand, samples, rng)
    out = {}
    for card in candidates:
        own = [c for c in view.hand if c is not card]
        out[card] = tuple(_solve(view, view.seat, own, hands, view.trump) for hands, _ in deals)
    return out


# --- a bid studied: the chances, the advice and its reason -------------------------------

#: The fewest deals a bid study weighs (chances said to the nearest 5 % need that many),
#: and the most it accepts.
STUDY_SAMPLES: Final = 48
MAX_STUDY_SAMPLES: Final = 1000

#: The fair expert's bidding rule (:class:`~hasenpfeffer_core.analysis.bots.FairExpert`):
#: bid the cheapest bid that outbids when it is worth at least ``BID_MARGIN`` points on
#: average; over partner's bid, ``PARTNER_MARGIN`` more; Big Pepper only when it is worth
#: ``BIG_PEPPER_EDGE`` more than the cheapest bid.
BID_MARGIN: Final = 0.5
PARTNER_MARGIN: Final = 1.5
BIG_PEPPER_EDGE: Final = 0.5

#: Two actions whose values differ by at most this many points are a close call: a quiz
#: counts either as right.
BID_TOLERANCE: Final = 0.2


def chance_label(p: float) -> str:
    """A chance as a short label, to the nearest 5 %: ``95%``, ``<5%``, ``100%``.

    >>> [chance_label(p) for p in (0.0, 0.02, 0.5, 0.93, 0.99, 1.0)]
    ['0%', '<5%', '50%', '95%', '>95%', '100%']
    """
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    n = round(p * 20) * 5
    if n <= 0:
        return "<5%"
    if n >= 100:
        return ">95%"
    return f"{n}%"


def chance_words(p: float, deals: int) -> str:
    """A chance in a sentence: ``in about 85% of the deals``, ``in all 48 deals``.

    >>> chance_words(0.84, 48), chance_words(1.0, 48), chance_words(0.01, 48)
    ('in about 85% of the deals', 'in all 48 deals', 'in fewer than 5% of the deals')
    """
    # Translators: how often something happens over the deals of the unseen cards
    # that a study plays out; it ends a sentence ("your side takes 3 tricks ...").
    if p >= 1:
        return ngettext("in the one deal", "in all {n} deals", deals).format(n=deals)
    if p <= 0:
        return ngettext("in none of the {n} deal", "in none of the {n} deals", deals).format(
            n=deals
        )
    label = chance_label(p)
    if label == "<5%":
        # Translators: percent is "5%".
        return _("in fewer than {percent} of the deals").format(percent="5%")
    if label == ">95%":
        # Translators: percent is "95%".
        return _("in more than {percent} of the deals").format(percent="95%")
    # Translators: percent is a chance such as "85%".
    return _("in about {percent} of the deals").format(percent=label)


def _tricks(n: int) -> str:
    """``one trick``, ``3 tricks``."""
    return ngettext("one trick", "{n} tricks", n).format(n=n)


def hand_words(hand: Sequence[Card], trump: Suit | None) -> str:
    """What a hand holds for a trump, in a card player's words: its trumps and its side
    aces (with no trump: the Joker and the aces).

    >>> from hasenpfeffer_core import parse_cards
    >>> hand_words(parse_cards("JK JH JD AH AS 9C"), Suit.HEARTS)
    'you hold 4 trumps (the Joker, J♥, J♦ and A♥) and one side ace (A♠)'
    >>> hand_words(parse_cards("9S TC QD KH 9H TS"), Suit.CLUBS)
    'you hold one trump (10♣) and no side ace'
    """
    from .explain import join_and

    tk = trump_key(trump)
    order = ORDERS[tk]
    cards = sorted(hand, key=order.index)
    if trump is None:
        aces = [c for c in cards if c.rank is Rank.ACE]
        joker = JOKER in cards
        if not aces:
            return (
                _("you hold the Joker and no ace")
                if joker
                else _("you hold not the Joker and no ace")
            )
        # Translators: aces is "one ace" or "2 aces", cards the aces ("A♠ and A♥").
        message = (
            _("you hold the Joker and {aces} ({cards})")
            if joker
            else _("you hold not the Joker and {aces} ({cards})")
        )
        return message.format(
            aces=ngettext("one ace", "{n} aces", len(aces)).format(n=len(aces)),
            cards=join_and(a.text for a in aces),
        )
    trumps = [c for c in cards if EFF[tk][c.index] == tk]
    aces = [c for c in cards if c.rank is Rank.ACE and EFF[tk][c.index] != tk]
    # Translators: a count of trumps ("one trump", "4 trumps"), followed by the cards.
    held = ngettext("one trump", "{n} trumps", len(trumps)).format(n=len(trumps))
    # Translators: a count of aces of the suits that are not trumps.
    side = ngettext("one side ace", "{n} side aces", len(aces)).format(n=len(aces))
    trump_cards = join_and(card_words(c) for c in trumps)
    ace_cards = join_and(a.text for a in aces)
    if trumps and aces:
        # Translators: trumps is "4 trumps", trump_cards those cards ("the Joker, J♥ and
        # A♥"), aces "one side ace", ace_cards those aces ("A♠").
        message = _("you hold {trumps} ({trump_cards}) and {aces} ({ace_cards})")
    elif trumps:
        message = _("you hold {trumps} ({trump_cards}) and no side ace")
    elif aces:
        message = _("you hold no trumps and {aces} ({ace_cards})")
    else:
        message = _("you hold no trumps and no side ace")
    return message.format(trumps=held, trump_cards=trump_cards, aces=side, ace_cards=ace_cards)


def trump_words(trump: Suit | None) -> str:
    """A trump in a sentence: ``hearts`` or ``no trump``."""
    return trump.plural if trump is not None else _("no trump")


def _with(trump: Suit | None) -> str:
    """``with hearts as trumps``, ``in no trump``: the trump a sentence speaks of."""
    if trump is None:
        return _("in no trump")
    # Translators: a phrase inside a sentence; trumps is a suit's name (hearts).
    return _("with {trumps} as trumps").format(trumps=trump.plural)


def _bid_words(bid: Bid, rules: Rules) -> str:
    """``a bid of 3``, ``Little Pepper``, ``Big Pepper``."""
    name = bid_name(bid.tricks, bid.big, rules)
    return name if not name[0].isdigit() else _("a bid of {bid}").format(bid=name)


def action_label(action: Bid | Pass, rules: Rules) -> str:
    """An auction choice as a button says it: ``Pass``, ``Bid 3``, ``Little Pepper``.

    >>> action_label(Bid(Seat.N, 6, big=True), Rules(bidding="pepper"))
    'Big Pepper'
    """
    if isinstance(action, Pass):
        return pgettext("button", "Pass")
    name = bid_name(action.tricks, action.big, rules)
    # Translators: a button: bid a number of tricks ("Bid 3").
    return pgettext("button", "Bid {bid}").format(bid=name) if name[0].isdigit() else name


def action_value(action: Bid | Pass) -> str:
    """An auction choice as a short text: ``pass``, ``3`` or ``big-pepper``."""
    return "pass" if isinstance(action, Pass) else action.label


def _doing(action: Bid | Pass, rules: Rules) -> str:
    """``passing``, ``bidding 3``, ``Big Pepper``: an action as a sentence's subject."""
    if isinstance(action, Pass):
        return _("passing")
    name = bid_name(action.tricks, action.big, rules)
    # Translators: an action as the subject of a sentence ("bidding 3 would do as well");
    # bid is a number, or several ("2, 3 or 4").
    return _("bidding {bid}").format(bid=name) if name[0].isdigit() else name


def _doing_list(actions: Sequence[Bid | Pass], rules: Rules) -> str:
    """``bidding 2, 3 or 4``, ``passing or bidding 5``: several actions in a sentence."""
    from .explain import join_and

    def numbered(a: Bid | Pass) -> bool:
        return isinstance(a, Bid) and bid_name(a.tricks, a.big, rules)[0].isdigit()

    numbers = [a for a in actions if isinstance(a, Bid) and numbered(a)]
    if len(numbers) > 1:
        rest = [_doing(a, rules) for a in actions if not numbered(a)]
        names = join_and((bid_name(a.tricks, a.big, rules) for a in numbers), "or")
        return join_and([*rest, _("bidding {bid}").format(bid=names)], "or")
    return join_and((_doing(a, rules) for a in actions), "or")


def _signed(points: float) -> str:
    value = round(points, 1)
    return f"{value:+.1f}" if value else "0.0"


@dataclass(frozen=True)
class BidStudy:
    """A hand studied for the auction: what each trump would take, and what to do.

    ``odds``: for every trump worth considering (the four suits, and no trump where the
    rules allow it), the tricks this seat's side takes as makers in each of the same
    ``samples`` deals of the unseen cards (see :func:`contract_odds`); ``odds[i].chances``
    is the chance of at least 1 to 6 tricks. ``points``: for each legal action, its
    average net points for the side (a bid: with the trump that makes it worth most;
    passing: nothing, or the forced bid of 3 it leads to). ``action`` is the fair
    expert's choice (the cheapest bid that outbids when it is worth it, else pass) and
    ``reason`` says why in card terms; ``close`` is true when another action is within
    :data:`BID_TOLERANCE` points of it.
    """

    seat: Seat
    hand: tuple[Card, ...]
    rules: Rules
    high_bid: Bid | None
    odds: tuple[ContractOdds, ...]
    points: Mapping[Bid | Pass, float]
    trumps: Mapping[Bid | Pass, Suit | None]
    values: Mapping[Bid | Pass, float]
    action: Bid | Pass
    reason: str
    close: bool
    samples: int
    forced_by_pass: bool = False
    partner_high: bool = False

    @property
    def legal(self) -> tuple[Bid | Pass, ...]:
        """The actions studied (the seat's legal actions), cheapest bid first, pass last."""
        return tuple(self.values)

    def odds_for(self, trump: Suit | None) -> ContractOdds:
        """The tricks taken with ``trump``."""
        for o in self.odds:
            if o.trump is trump:
                return o
        raise InvalidDataError(
            _("{trump} is not a trump these rules allow").format(trump=trump_words(trump)),
            rule="naming trump",
        )

    def chance_to_make(self, bid: Bid) -> float:
        """The chance that ``bid`` is made, with its best trump."""
        return self.odds_for(self.trumps[bid]).chances[bid.tricks - 1]

    def is_good(self, action: Bid | Pass) -> bool:
        """Whether ``action`` is as good as the advice, within :data:`BID_TOLERANCE`."""
        if action not in self.values:
            return False
        return self.values[action] >= self.values[self.action] - BID_TOLERANCE - 1e-9

    @property
    def good(self) -> tuple[Bid | Pass, ...]:
        """Every action as good as the advice (the advice first)."""
        rest = [a for a in self.legal if a != self.action and self.is_good(a)]
        return (self.action, *rest)

    def comment(self, action: Bid | Pass) -> str:
        """What ``action`` is worth, in one sentence."""
        if action not in self.values:
            # Translators: choice is a button's label in lower case ("bid 3", "pass").
            raise IllegalActionError(
                _("{choice} is not a choice here").format(
                    choice=action_label(action, self.rules).lower()
                ),
                rule="bidding",
            )
        n = self.samples
        if isinstance(action, Pass):
            if self.forced_by_pass:
                forced = Bid(self.seat, FORCED_BID)
                # Translators: forced is the bid a player is made to bid (3), points an
                # average such as "+0.4", chance how often ("in about 60% of the deals").
                return _(
                    "Pass: the other three passed, so you would then have to bid {forced}, "
                    "worth about {points} points on average ({chance} your side takes "
                    "{forced} tricks)."
                ).format(
                    forced=FORCED_BID,
                    points=_signed(self.points[action]),
                    chance=chance_words(self.chance_to_make(forced), n),
                )
            if self.partner_high and self.high_bid is not None:
                # Translators: bid is partner's bid (3, Little Pepper).
                return _(
                    "Pass: your partner's {bid} stands and your side plays the hand anyway."
                ).format(bid=bid_name(self.high_bid.tricks, self.high_bid.big, self.rules))
            return _("Pass: no risk, and your side scores nothing as makers.")
        trump = self.trumps[action]
        p = self.chance_to_make(action)
        values = {
            "bid": action_label(action, self.rules),
            "trump": _with(trump),
            "chance": chance_words(p, n),
            "points": _signed(self.points[action]),
            "n": action.tricks,
        }
        # Translators: bid is a button's label ("Bid 3", "Big Pepper"), trump a phrase
        # ("with hearts as trumps"), chance how often ("in about 60% of the deals"),
        # points an average such as "+0.4".
        if action.big:
            message = _(
                "{bid}: {trump} your side takes all six tricks {chance}, the result doubled: "
                "worth about {points} points on average."
            )
        elif action.tricks == 6:
            message = _(
                "{bid}: {trump} your side takes all six tricks {chance}: worth about {points} "
                "points on average."
            )
        else:
            message = ngettext(
                "{bid}: {trump} your side takes at least one trick {chance}: worth about "
                "{points} points on average.",
                "{bid}: {trump} your side takes at least {n} tricks {chance}: worth about "
                "{points} points on average.",
                action.tricks,
            )
        return message.format(**values)


def _pass_forces(view: PlayerView) -> bool:
    """Would a pass now leave this seat forced to bid 3 (the other three passed, and
    this seat holds the Joker, or is the dealer, as the rules say)?"""
    if view.high_bid is not None or view.forced_bid:
        return False
    if sum(1 for a in view.auction if isinstance(a, Pass)) != 3:
        return False
    if view.rules.all_pass is AllPass.JOKER_HOLDER:
        return JOKER in view.hand
    if view.rules.all_pass is AllPass.DEALER:
        return view.dealer is view.seat
    return False


def _check_study_args(view: object, samples: object) -> PlayerView:
    if not isinstance(view, PlayerView):
        raise InvalidDataError(f"a bid study needs a PlayerView, got {shown(view)}")
    if view.phase is not Phase.AUCTION:
        # Translators: phase is the stage of the hand, in English (trump, discard, play).
        raise WrongPhaseError(
            _("there is no bid to make: the auction is over (the hand is at {phase})").format(
                phase=view.phase.value
            ),
            rule="bidding",
        )
    if view.to_move is not view.seat or not view.legal_actions:
        if view.to_move is None:
            message = _("it is not {seat}'s turn to bid: nobody is to speak")
        else:
            # Translators: seat is the seat studied, who the seat whose turn it is.
            message = _("it is not {seat}'s turn to bid: {who} is to speak")
        raise OutOfTurnError(
            message.format(
                seat=view.seat.word, who=view.to_move.word if view.to_move is not None else ""
            ),
            rule="bidding",
        )
    if (
        isinstance(samples, bool)
        or not isinstance(samples, int)
        or not STUDY_SAMPLES <= samples <= MAX_STUDY_SAMPLES
    ):
        # Translators: low and high are the bounds (48, 1000), got what was given.
        raise InvalidDataError(
            _(
                "a bid study weighs {low} to {high} deals of the unseen cards (fewer cannot "
                "give the chances to the nearest 5%), got {got}"
            ).format(low=STUDY_SAMPLES, high=MAX_STUDY_SAMPLES, got=shown(samples))
        )
    return view


def bid_study(
    view: PlayerView,
    samples: int = STUDY_SAMPLES,
    rng: random.Random | int | None = None,
    *,
    margin: float = BID_MARGIN,
) -> BidStudy:
    """Study the hand of ``view.seat``, whose turn it is to bid.

    Every trump worth considering is played out in the same ``samples`` deals of the
    unseen cards (:func:`contract_odds`); each legal bid is weighed with the trump that
    makes it worth most under the hand's rules (:func:`expected_points`). The advice is
    the fair expert's rule: the cheapest bid that outbids when it is worth at least
    ``margin`` points on average (more over partner's bid), Big Pepper when it is worth
    clearly more, else pass. Where passing would leave this seat forced to bid 3, passing
    is worth that forced bid. ``rng`` is a ``random.Random`` or a seed.

    >>> from hasenpfeffer_core import HandState, Seat
    >>> h = HandState.from_hands(
    ...     {"N": "JK JH JD AH KH AS", "E": "9S TS QS 9C TC QC",
    ...      "S": "KS AD KD QD TD 9D", "W": "JS JC AC KC QH TH"}, "9H", dealer=Seat.W)
    >>> study = bid_study(PlayerView.of(h, Seat.N), rng=1)
    >>> study.action, study.odds_for(Suit.HEARTS).chances[3] > 0.9
    (Bid(seat=Seat.N, tricks=1, big=False), True)
    >>> print(study.reason)  # doctest: +ELLIPSIS
    Bid 1: with hearts as trumps you hold 5 trumps (the Joker, J♥, J♦, A♥ and K♥) and one side ace (A♠); your side takes at least one trick in all 48 deals of the unseen cards, ... tricks on average. You hold the Joker and nobody has bid: ... Bid 1. It is close: ...
    """
    view = _check_study_args(view, samples)
    if not isinstance(margin, int | float) or isinstance(margin, bool):
        raise InvalidDataError(
            _("margin is a number of points, got {got}").format(got=shown(margin))
        )
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    odds = tuple(contract_odds(view, trump_options(view.rules), samples, rng))
    return weigh_calls(view, odds, samples, margin=margin)


def weigh_calls(
    view: PlayerView,
    odds: Sequence[ContractOdds],
    samples: int,
    *,
    margin: float = BID_MARGIN,
) -> BidStudy:
    """The fair expert's call from ``odds`` (the tricks taken with some trumps over the
    same ``samples`` deals): the rule :func:`bid_study` describes. The fair expert at the
    table calls it with the odds of its likeliest trumps, so that its bids, its hints
    and the bidding quiz's answers follow one rule."""
    rules = view.rules
    odds = tuple(odds)
    legal = [a for a in view.legal_actions if isinstance(a, Bid | Pass)]
    bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda b: b.level)
    passes = [a for a in legal if isinstance(a, Pass)]
    high = view.high_bid
    partner_high = high is not None and high.seat is view.seat.partner
    forced_by_pass = _pass_forces(view)
    forced_now = view.forced_bid

    def weigh(bid: Bid) -> tuple[float, Suit | None, float]:
        table = points_table(rules, bid)
        best = max(odds, key=lambda o: (expected_points(o.tricks, table), o.mean))
        return expected_points(best.tricks, table), best.trump, best.mean

    points: dict[Bid | Pass, float] = {}
    trumps: dict[Bid | Pass, Suit | None] = {}
    values: dict[Bid | Pass, float] = {}
    for b in bids:
        pts, trump, _mean = weigh(b)
        points[b], trumps[b] = pts, trump
        risk = 0.0 if (forced_by_pass or forced_now) else margin
        values[b] = pts - risk - (BIG_PEPPER_EDGE if b.big else 0.0)
    for p in passes:
        if forced_by_pass:
            pts, trump, _mean = weigh(Bid(view.seat, FORCED_BID))
            points[p], trumps[p] = pts, trump
            values[p] = pts
        else:
            best_any = max(odds, key=lambda o: o.mean)
            points[p], trumps[p] = 0.0, best_any.trump
            values[p] = PARTNER_MARGIN if partner_high else 0.0
    order: list[Bid | Pass] = [*bids, *passes]
    action = max(order, key=lambda a: values[a])  # the first best: cheapest bid, pass last
    close = any(a != action and values[a] >= values[action] - BID_TOLERANCE - 1e-9 for a in order)
    study = BidStudy(
        seat=view.seat,
        hand=tuple(view.hand),
        rules=rules,
        high_bid=high,
        odds=odds,
        points=points,
        trumps=trumps,
        values={a: values[a] for a in order},
        action=action,
        reason="",
        close=close,
        samples=samples,
        forced_by_pass=forced_by_pass,
        partner_high=partner_high,
    )
    return replace(study, reason=_study_reason(view, study))


def _full_stop(text: str) -> str:
    """``text`` ending as a sentence ends (a full stop added where it has none)."""
    if not text or text.endswith("."):
        return text
    # Translators: a sentence and the mark that ends it (Thai: no mark).
    return pgettext("full stop", "{sentence}.").format(sentence=text)


def _study_reason(view: PlayerView, study: BidStudy) -> str:
    """The advice in card terms: the trump, the cards, the chance, and the principle."""
    from .principles import reasons_for

    rules = study.rules
    n = study.samples
    action = study.action
    legal = study.legal
    if len(legal) == 1:
        if view.forced_bid and isinstance(action, Bid):
            said = reasons_for(view, action)
            if said:
                return said[0].text
        # Translators: choice is a button's label ("Pass", "Bid 3").
        return _("{choice}: it is the only legal choice.").format(
            choice=action_label(action, rules)
        )
    bids = [a for a in legal if isinstance(a, Bid)]
    cheapest = min((b for b in bids if not b.big), key=lambda b: b.level, default=None)
    parts: list[str] = []
    if isinstance(action, Bid):
        trump = study.trumps[action]
        odds = study.odds_for(trump)
        p = study.chance_to_make(action)
        # Translators: bid is a button's label ("Bid 3"), trump a phrase ("with hearts as
        # trumps"), hand what the hand holds ("you hold 4 trumps (...) and one side ace
        # (A♠)"), chance how often ("in about 85% of the deals"), mean a number of tricks
        # such as 3.4.
        parts.append(
            ngettext(
                "{bid}: {trump} {hand}; your side takes at least one trick {chance} of the "
                "unseen cards, {mean} tricks on average.",
                "{bid}: {trump} {hand}; your side takes at least {n} tricks {chance} of the "
                "unseen cards, {mean} tricks on average.",
                action.tricks,
            ).format(
                bid=action_label(action, rules),
                trump=_with(trump),
                hand=hand_words(study.hand, trump),
                n=action.tricks,
                chance=chance_words(p, n),
                mean=f"{odds.mean:.1f}",
            )
        )
        if action.big:
            assert cheapest is not None
            # Translators: points and other are averages such as "+1.2", bid the cheapest
            # bid ("a bid of 3", "Little Pepper").
            parts.append(
                _(
                    "Big Pepper doubles the result: it is worth about {points} points on "
                    "average, against {other} for {bid}. Bid Big Pepper."
                ).format(
                    points=_signed(study.points[action]),
                    other=_signed(study.points[cheapest]),
                    bid=_bid_words(cheapest, rules),
                )
            )
        else:
            high = study.high_bid
            if study.partner_high and high is not None:
                # Translators: seat is the partner, bid the partner's bid (3, Little Pepper).
                parts.append(
                    _(
                        "{seat}, your partner, holds the auction with {bid}; outbidding a "
                        "partner pays only with a strong hand, and this one is."
                    ).format(seat=high.seat.word, bid=bid_name(high.tricks, high.big, rules))
                )
            # Every principle the bid follows (holding the Joker: bid before you are
            # forced; always: the cheapest bid that wins the auction), the bid said once.
            # Translators: the last sentence of a bid's reasons (bid: 3, Little Pepper).
            closing = _("Bid {bid}.").format(bid=bid_name(action.tricks, action.big, rules))
            reasons = reasons_for(view, action)
            texts = [r.text.removesuffix(closing).rstrip() for r in reasons]
            if not any(r.principle.key == "bid-cheapest" for r in reasons):
                texts.append(
                    _(
                        "A side that makes its bid scores one point per trick it takes, "
                        "whatever it bid."
                    )
                )
            parts.append(" ".join([*(_full_stop(t) for t in texts), closing]))
    else:
        # The bid that would have to be made (the cheapest, or Big Pepper if only it is
        # left), and the trump that gives it the best chance.
        target = cheapest or min(bids, key=lambda b: b.level, default=None)
        if target is None:
            best_odds = study.odds_for(study.trumps[action])
        else:
            best_odds = max(study.odds, key=lambda o: (o.chances[target.tricks - 1], o.mean))
        trump = best_odds.trump
        # Translators: trump is a trump (hearts, no trump), with a phrase ("with hearts
        # as trumps"), hand what the hand holds ("you hold 2 trumps (...) and no side ace").
        parts.append(
            _("Pass: your best trump would be {trump}, and {with_trump} {hand}.").format(
                trump=trump_words(trump),
                with_trump=_with(trump),
                hand=hand_words(study.hand, trump),
            )
        )
        if target is not None:
            p = best_odds.chances[target.tricks - 1]
            worth = expected_points(best_odds.tricks, points_table(rules, target))
            high = study.high_bid
            chance = chance_words(p, n)
            if study.partner_high and high is not None:
                # Translators: seat is the partner, bid the partner's bid (3, Little Pepper).
                parts.append(
                    _(
                        "{seat}, your partner, already holds the auction with {bid}, and your "
                        "side plays the hand either way: outbidding your partner only pays "
                        "with a much stronger hand."
                    ).format(seat=high.seat.word, bid=bid_name(high.tricks, high.big, rules))
                )
                # Translators: bid is "a bid of 3" or "Little Pepper", chance how often
                # ("in about 40% of the deals"), points an average such as "-0.6".
                parts.append(
                    capitalised(
                        _(
                            "{bid} would be made {chance}, worth about {points} points on average."
                        ).format(
                            bid=_bid_words(target, rules), chance=chance, points=_signed(worth)
                        )
                    )
                )
            else:
                if high is not None:
                    # Translators: seat and bid are the high bid (North's 3); chance how
                    # often ("in about 40% of the deals").
                    goal = ngettext(
                        "To outbid {seat}'s {bid} your side must take at least one trick, "
                        "which it does {chance}",
                        "To outbid {seat}'s {bid} your side must take at least {n} tricks, "
                        "which it does {chance}",
                        target.tricks,
                    ).format(
                        seat=high.seat.word,
                        bid=bid_name(high.tricks, high.big, rules),
                        n=target.tricks,
                        chance=chance,
                    )
                else:
                    # Translators: chance is how often ("in about 40% of the deals").
                    goal = ngettext(
                        "To take the auction your side must take at least one trick, which "
                        "it does {chance}",
                        "To take the auction your side must take at least {n} tricks, which "
                        "it does {chance}",
                        target.tricks,
                    ).format(n=target.tricks, chance=chance)
                bid_words = _bid_words(target, rules)
                # Translators: bid is "a bid of 3" or "Little Pepper"; points a number
                # of points such as 0.8.
                if worth < -0.05:
                    verdict = _("{bid} would lose about {points} points on average").format(
                        bid=bid_words, points=f"{abs(worth):.1f}"
                    )
                elif worth < 0.05:
                    verdict = _("{bid} would gain nothing on average, not worth the risk").format(
                        bid=bid_words
                    )
                else:
                    verdict = _(
                        "{bid} would win only about {points} points on average, not worth the risk"
                    ).format(bid=bid_words, points=_signed(worth))
                # Translators: reason is a clause ("To take the auction your side must
                # take ..."), result the clause that follows from it.
                parts.append(_("{reason}: {result}.").format(reason=goal, result=verdict))
    others = [a for a in study.good if a != action]
    if others:
        amounts = sorted({_signed(study.points[a]) for a in others}, key=float)
        # Translators: a range of points, such as "+0.2 to +0.4".
        span = (
            amounts[0]
            if len(amounts) == 1
            else _("{low} to {high}").format(low=amounts[0], high=amounts[-1])
        )
        # Translators: others are actions ("passing", "bidding 2 or 3"), span points
        # ("+0.2 to +0.4"), points the advice's points, action the advice ("bidding 1").
        parts.append(
            _(
                "It is close: {others} would do about as well (about {span} points on "
                "average, against {points} for {action})."
            ).format(
                others=_doing_list(others, rules),
                span=span,
                points=_signed(study.points[action]),
                action=_doing(action, rules),
            )
        )
    return " ".join(parts)
