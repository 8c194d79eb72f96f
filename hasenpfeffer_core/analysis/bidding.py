"""What a hand is worth as the makers' hand: the chances of taking 1 to 6 tricks, and the bid.

Every call is valued by the judge (:func:`~hasenpfeffer_core.analysis.judge.judge_bid`):
the unseen cards dealt fairly, this hand as maker picking up the widow, naming each
trump worth playing out and discarding its weakest card, each deal played out double
dummy (every hand open, each side playing its best) and valued in points. The tricks
taken give, for each trump, the chance of taking at least k tricks for k = 1 to 6.
Double dummy is a little generous to the makers (they never guess wrong), so the
chances are read as an upper bound.

:func:`bid_study` puts it together for the seat whose turn it is to bid: the chances
of every trump from one common set of deals, what each legal action is worth, the fair
expert's advice and its reason in card terms (the trump, the trumps and aces held, the
chance of making the bid, and why the cheapest bid that wins the auction is right, or
why to pass). The bidding quiz (:mod:`.quiz`) judges answers with it.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ..engine.actions import Action, Bid, Pass
from ..engine.auction import FORCED_BID, bid_name
from ..engine.cards import JOKER, Card, Rank, Suit
from ..engine.errors import (
    IllegalActionError,
    InvalidDataError,
    OutOfTurnError,
    WrongPhaseError,
    shown,
)
from ..engine.i18n import gettext as _
from ..engine.i18n import ngettext, number, pgettext
from ..engine.rules import Rules
from ..engine.seats import Seat
from ..engine.state import Phase
from ..engine.tricks import EFF, ORDERS, trump_key
from .contracts import pass_forces, points_table, trump_options, weakest
from .explain import capitalised, card_words
from .judge import CallJudgement, judge_bid
from .view import PlayerView

__all__ = [
    "STUDY_SAMPLES",
    "BidStudy",
    "ContractOdds",
    "action_label",
    "action_value",
    "bid_study",
    "chance_label",
    "chance_words",
    "chances",
    "expected_points",
    "hand_words",
    "pass_forces",
    "percent_noun",
    "points_table",
    "study_answer",
    "study_of",
    "trump_options",
    "trump_words",
    "weakest",
    "with_trump",
    "without_call",
]


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


# --- a bid studied: the chances, the advice and its reason -------------------------------

#: The fewest deals a bid study weighs (chances said to the nearest 5 % need that many),
#: and the most it accepts.
STUDY_SAMPLES: Final = 48
MAX_STUDY_SAMPLES: Final = 1000


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
    """A chance in a sentence, with the deals it was counted on (a figure a learner
    reads as an estimate, not as a law): ``in about 85% of the 48 deals``, ``in all 48
    deals``.

    >>> chance_words(0.84, 48), chance_words(1.0, 48), chance_words(0.01, 48)
    ('in about 85% of the 48 deals', 'in all 48 deals', 'in fewer than 5% of the 48 deals')
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
        # Translators: percent is "5%"; n the deals counted (more than one).
        return _("in fewer than {percent} of the {n} deals").format(percent="5%", n=deals)
    if label == ">95%":
        # Translators: percent is "95%"; n the deals counted (more than one).
        return _("in more than {percent} of the {n} deals").format(percent="95%", n=deals)
    # Translators: percent is a chance with the article your language puts before a
    # percentage standing as a noun ("the 55%": see the next two messages); n the deals
    # counted (more than one).
    return _("in about {percent} of the {n} deals").format(
        percent=percent_noun(int(label[:-1])), n=deals
    )


def percent_noun(n: int) -> str:
    """A percentage standing as a noun, with the article a language puts before it:
    in English and Thai the bare ``55%``; in Italian ``il 55%``, and ``l'80%`` before a
    number whose name begins with a vowel (*otto*, *undici*, *ottanta*: 1, 8, 11 and
    80 to 89 among the chances the studies print).

    >>> percent_noun(55), percent_noun(80)
    ('55%', '80%')
    """
    vowel = n in (1, 8, 11) or 80 <= n <= 89
    if vowel:
        # Translators: a percentage standing as a noun whose number's name begins with
        # a vowel (in Italian 1, 8, 11, 80 to 89): "l'{percent}" in Italian.
        pattern = pgettext("percent, number named with a vowel first", "{percent}")
    else:
        # Translators: a percentage standing as a noun: "il {percent}" in Italian.
        pattern = pgettext("percent", "{percent}")
    return pattern.format(percent=f"{n}%")


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


def with_trump(trump: Suit | None) -> str:
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


@dataclass(frozen=True)
class BidStudy:
    """A hand studied for the auction: the judge's view of every call, and why.

    ``judgement`` is the judge's (:func:`~hasenpfeffer_core.analysis.judge.judge_bid`):
    every legal call in points for the side, on the same deals of the unseen cards.
    ``odds``: for each trump played out, the tricks the side takes as makers, deal by
    deal; ``points[a]``: what call ``a`` is worth on average; ``trumps[a]``: the trump a
    bid is played with; ``action``: the judged best call, and ``reason`` why, in card
    terms; ``close``: another call is worth almost as much.
    """

    seat: Seat
    hand: tuple[Card, ...]
    rules: Rules
    high_bid: Bid | None
    judgement: CallJudgement
    reason: str = ""

    @property
    def odds(self) -> tuple[ContractOdds, ...]:
        """The tricks taken with each trump played out (the trumps that were weighed)."""
        return tuple(ContractOdds(t, xs) for t, xs in self.judgement.odds.items())

    @property
    def points(self) -> Mapping[Bid | Pass, float]:
        return self.judgement.points  # type: ignore[return-value]

    values = points

    @property
    def trumps(self) -> Mapping[Bid | Pass, Suit | None]:
        return self.judgement.trumps  # type: ignore[return-value]

    @property
    def action(self) -> Bid | Pass:
        best = self.judgement.best
        assert isinstance(best, Bid | Pass)
        return best

    @property
    def close(self) -> bool:
        return self.judgement.close

    @property
    def dominated(self) -> frozenset[Action]:
        """Higher bids than the advice on the same trump: never worth more."""
        return self.judgement.dominated

    @property
    def samples(self) -> int:
        """How many deals of the unseen cards were weighed."""
        return self.judgement.deals

    @property
    def passing(self) -> str:
        """What a pass leads to (see :class:`~hasenpfeffer_core.analysis.judge.CallJudgement`)."""
        return self.judgement.passing

    @property
    def forced_by_pass(self) -> bool:
        return self.passing == "forced"

    @property
    def partner_high(self) -> bool:
        return self.passing == "partner"

    @property
    def legal(self) -> tuple[Bid | Pass, ...]:
        """The calls studied (the seat's legal calls), cheapest bid first, pass last."""
        return tuple(a for a in self.judgement.options if isinstance(a, Bid | Pass))

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
        """The chance that ``bid`` is made, with its trump."""
        return self.odds_for(self.trumps[bid]).chances[bid.tricks - 1]

    def is_good(self, action: Bid | Pass) -> bool:
        """Whether ``action`` is as good as the advice: less than a close decision's
        margin behind it."""
        return action in self.points and self.judgement.is_good(action)

    @property
    def good(self) -> tuple[Bid | Pass, ...]:
        """Every call as good as the advice (the advice first)."""
        rest = [a for a in self.legal if a != self.action and self.is_good(a)]
        return (self.action, *rest)

    def _pass_words(self) -> str:
        """What a pass leads to, with its figure (not for the forced bid)."""
        high = self.high_bid
        assert high is not None
        values = {
            "seat": high.seat.word,
            "bid": bid_name(high.tricks, high.big, self.rules),
            "points": number(self.points[Pass(self.seat)], signed=True),
            "n": self.samples,
        }
        if self.partner_high:
            # Translators: seat is the partner, bid the partner's bid (3, Little
            # Pepper), points a signed average ("+2.1"), n the deals weighed.
            return _(
                "Pass: {seat}, your partner, plays {bid}, worth about {points} points to "
                "your side on average over {n} deals."
            ).format(**values)
        # Translators: seat is the opponent holding the auction, bid the bid (3, Little
        # Pepper), points a signed average ("-3.6"), n the deals weighed.
        return _(
            "Pass: {seat} plays {bid}, worth about {points} points to your side on average "
            "over {n} deals: {why}."
        ).format(why=_against_words(self.points[Pass(self.seat)]), **values)

    def _worth(self, action: Bid | Pass) -> str:
        """What ``action`` is worth, in one sentence."""
        if action not in self.points:
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
                # Translators: forced is the bid a player is made to bid (3), points an
                # average such as "+0.4", chance how often ("in about 60% of the 48 deals").
                return _(
                    "Pass: the other three passed, so you would then have to bid {forced}, "
                    "worth about {points} points on average ({chance} your side takes "
                    "{forced} tricks)."
                ).format(
                    forced=FORCED_BID,
                    points=number(self.points[action], signed=True),
                    chance=chance_words(self.odds_for(self.trumps[action]).chances[2], n),
                )
            if self.passing in ("partner", "opponents"):
                return self._pass_words()
            return _(
                "Pass: your side scores nothing as makers, and the auction goes on without you."
            )
        trump = self.trumps[action]
        p = self.chance_to_make(action)
        values = {
            "bid": action_label(action, self.rules),
            "trump": with_trump(trump),
            "chance": chance_words(p, n),
            "points": number(self.points[action], signed=True),
            "n": action.tricks,
        }
        # Translators: bid is a button's label ("Bid 3", "Big Pepper"), trump a phrase
        # ("with hearts as trumps"), chance how often ("in about 60% of the 48 deals"),
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

    def comment(self, action: Bid | Pass) -> str:
        """What ``action`` is worth, in one sentence (two for a higher bid than the
        advice on the same trump, which is never the better call)."""
        said = self._worth(action)
        if action in self.dominated:
            # Translators: advice is the cheaper bid advised, as a sentence's subject
            # ("bidding 4"). A side that makes its bid scores its tricks, whatever it bid.
            said += " " + _(
                "Made, it scores no more than {advice} would, and it can fail where "
                "{advice} is made: never the better bid."
            ).format(advice=_doing(self.action, self.rules))
        return said


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
    if samples is not None and (
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
    samples: int | None = None,
    rng: random.Random | int | None = None,
) -> BidStudy:
    """Study the hand of ``view.seat``, whose turn it is to bid: the judge's view of
    every legal call (:func:`~hasenpfeffer_core.analysis.judge.judge_bid`) and its
    reason in card terms. The fair expert's bid, its hint and the bidding quiz all come
    from here, and the judge draws its deals from the position itself, so the same hand
    always gets the same call. ``samples`` caps the deals weighed (by default the judge
    decides, within its time budget); ``rng`` (a ``random.Random`` or a seed) draws
    other deals than the position's own.

    >>> from hasenpfeffer_core import HandState, Seat
    >>> h = HandState.from_hands(
    ...     {"N": "JK JH JD AH KH AS", "E": "9S TS QS 9C TC QC",
    ...      "S": "KS AD KD QD TD 9D", "W": "JS JC AC KC QH TH"}, "9H", dealer=Seat.W)
    >>> study = bid_study(PlayerView.of(h, Seat.N))
    >>> study.action, study.odds_for(Suit.HEARTS).chances[3] > 0.9
    (Bid(seat=Seat.N, tricks=1, big=False), True)
    >>> print(study.reason)  # doctest: +ELLIPSIS
    Bid 1: with hearts as trumps you hold 5 trumps (the Joker, J♥, J♦, A♥ and K♥) and one side ace (A♠); your side takes at least one trick in all ... deals of the unseen cards, ... tricks on average. ...
    """
    view = _check_study_args(view, samples)
    if rng is not None and not isinstance(rng, random.Random):
        rng = random.Random(rng)
    return study_of(view, judge_bid(view, rng, max_deals=samples))


def study_of(view: PlayerView, judged: CallJudgement) -> BidStudy:
    """The bid study of ``view`` from the judge's ``judged`` calls."""
    study = BidStudy(view.seat, tuple(view.hand), view.rules, view.high_bid, judged)
    return BidStudy(
        view.seat, tuple(view.hand), view.rules, view.high_bid, judged, _study_reason(view, study)
    )


def _against_words(points: float) -> str:
    """Why a pass that lets the other side play is worth ``points`` to the passer's
    side: a minus, because their points count against yours; a plus, because on average
    their contract goes worse for them (a bare "+0.8 ... the other side's points count
    against yours" read as a contradiction)."""
    if points < 0:
        # Translators: a clause after a figure for a pass such as "-2.1".
        return _("the other side's points count against yours")
    # Translators: a clause after a figure for a pass such as "+0.8": on average the
    # other side's contract fails often enough that it loses more points than it wins.
    return _("the other side loses more than it wins with that contract")


def without_call(reason: str, action: Bid | Pass, rules: Rules, closing: str = "") -> str:
    """A bid study's reason (or its part that decides) without the call it opens with
    ("Bid 4: with spades ..."), for a face that has just named the call. A bid's reason
    ends by naming the bid again; a pass's gets ``closing`` at its end (the call's label
    where none is given). A reason that does not open with the call is kept whole."""
    head, sep, rest = reason.partition(": ")
    if not sep or not rest or head != action_label(action, rules):
        return reason
    text = capitalised(rest)
    if isinstance(action, Pass):
        # Translators: a reason ({reason}, whole sentences), then what to do, as "Pass".
        text = _("{reason} {action}.").format(reason=text, action=closing or head)
    return text


def _full_stop(text: str) -> str:
    """``text`` ending as a sentence ends (a full stop added where it has none)."""
    if not text or text.endswith("."):
        return text
    # Translators: a sentence and the mark that ends it (Thai: no mark).
    return pgettext("full stop", "{sentence}.").format(sentence=text)


def _study_reason(view: PlayerView, study: BidStudy) -> str:
    """The advice in card terms: the trump, the cards, the chance, and the principle."""
    parts, _figures = _study_parts(view, study)
    return " ".join(parts)


def study_answer(
    view: PlayerView, study: BidStudy, *, given: Collection[Action] = ()
) -> tuple[str, str]:
    """The study's reason in two: what decides the call (the trump and the hand, the
    chance to make the bid, the principle, the call), and the figures beside it (what a
    pass leaves to the player holding the auction, what the bid is worth, the calls
    nearly as good), for a hint to show the first as its answer, the second smaller.
    Each call's worth is given once. ``given``: the calls whose worth a verdict has just
    given, which the reason does not give again (a verdict on a call gives its worth,
    and its cost against the advice, "Bid 3: worth about +2.2 points ..., about 1.0
    less than the best choice (pass)"); it keeps why a pass is worth what it is."""
    parts, figures = _study_parts(view, study, given=given)
    said = [p for i, p in enumerate(parts) if i not in figures]
    return " ".join(said), " ".join(p for i, p in enumerate(parts) if i in figures)


def _study_parts(
    view: PlayerView, study: BidStudy, *, given: Collection[Action] = ()
) -> tuple[list[str], set[int]]:
    """The reason's sentences, and which of them are figures beside the decision (the
    worth of the calls in ``given`` left out: see :func:`study_answer`)."""
    from .principles import reasons_for

    rules = study.rules
    action = study.action
    legal = study.legal
    if len(legal) == 1:
        if view.forced_bid and isinstance(action, Bid):
            said = reasons_for(view, action)
            if said:
                return [said[0].text], set()
        # Translators: choice is a button's label ("Pass", "Bid 3").
        only = _("{choice}: it is the only legal choice.").format(
            choice=action_label(action, rules)
        )
        return [only], set()
    bids = [a for a in legal if isinstance(a, Bid)]
    cheapest = min((b for b in bids if not b.big), key=lambda b: b.level, default=None)
    known = set(given)  # the calls whose worth is given, as the sentences give more
    if isinstance(action, Bid):
        parts, figures = _bid_parts(view, study, action, cheapest, known)
    else:
        parts, figures = _pass_parts(study, action, bids, cheapest, known), set()
    others = [a for a in study.good if a != action]
    if others:
        figures.add(len(parts))
        parts.append(_close_words(study, others, known))
    return parts, figures


def _bid_parts(
    view: PlayerView,
    study: BidStudy,
    action: Bid,
    cheapest: Bid | None,
    given: set[Action],
) -> tuple[list[str], set[int]]:
    """The sentences of a bid's reason, and which of them are figures beside the decision
    (no worth of a call in ``given``, to which the calls whose worth they give are
    added: see :func:`study_answer`)."""
    from .principles import reasons_for

    rules = study.rules
    parts = [_bid_odds_words(study, action)]
    figures: set[int] = set()
    if action.big:
        assert cheapest is not None
        # Translators: points and other are averages such as "+1.2", bid the cheapest
        # bid ("a bid of 3", "Little Pepper").
        parts.append(
            _(
                "Big Pepper doubles the result: it is worth about {points} points on "
                "average, against {other} for {bid}. Bid Big Pepper."
            ).format(
                points=number(study.points[action], signed=True),
                other=number(study.points[cheapest], signed=True),
                bid=_bid_words(cheapest, rules),
            )
        )
        given.update((action, cheapest))
        return parts, figures
    high = study.high_bid
    if study.passing in ("partner", "opponents") and high is not None:
        figures.add(len(parts))
        parts.append(_holder_words(study, high, action, given, odds_said=True))
    # Every principle the bid follows (holding the Joker: bid before you are
    # forced; always: the cheapest bid that wins the auction), the bid said once.
    # Translators: the last sentence of a bid's reasons (bid: 3, Little Pepper).
    closing = _("Bid {bid}.").format(bid=bid_name(action.tricks, action.big, rules))
    reasons = reasons_for(view, action)
    texts = [r.text.removesuffix(closing).rstrip() for r in reasons]
    if not any(r.principle.key == "bid-cheapest" for r in reasons):
        texts.append(
            _("A side that makes its bid scores one point per trick it takes, whatever it bid.")
        )
    parts.append(" ".join([*(_full_stop(t) for t in texts), closing]))
    return parts, figures


def _bid_odds_words(study: BidStudy, action: Bid) -> str:
    """The bid's first sentence: its trump, the hand, the chance to make it, the tricks."""
    trump = study.trumps[action]
    odds = study.odds_for(trump)
    p = study.chance_to_make(action)
    # Translators: bid is a button's label ("Bid 3"), trump a phrase ("with hearts as
    # trumps"), hand what the hand holds ("you hold 4 trumps (...) and one side ace
    # (A♠)"), chance how often ("in about 85% of the 48 deals"), mean a number of tricks
    # such as 3.4.
    return ngettext(
        "{bid}: {trump} {hand}; your side takes at least one trick {chance} of the "
        "unseen cards, {mean} tricks on average.",
        "{bid}: {trump} {hand}; your side takes at least {n} tricks {chance} of the "
        "unseen cards, {mean} tricks on average.",
        action.tricks,
    ).format(
        bid=action_label(action, study.rules),
        trump=with_trump(trump),
        hand=hand_words(study.hand, trump),
        n=action.tricks,
        chance=chance_words(p, study.samples),
        mean=number(odds.mean),
    )


def _pass_parts(
    study: BidStudy, action: Pass, bids: list[Bid], cheapest: Bid | None, given: set[Action]
) -> list[str]:
    """The sentences of a pass's reason: the best trump, the hand, what a bid would come
    to (no worth of a call in ``given``, to which the calls whose worth they give are
    added)."""
    # The bid that would have to be made (the cheapest, or Big Pepper if only it is
    # left), and the trump it would be played with.
    target = cheapest or min(bids, key=lambda b: b.level, default=None)
    trump = study.trumps[target if target is not None else action]
    # Translators: trump is a trump (hearts, no trump), with a phrase ("with hearts
    # as trumps"), hand what the hand holds ("you hold 2 trumps (...) and no side ace").
    parts = [
        _("Pass: your best trump would be {trump}, and {with_trump} {hand}.").format(
            trump=trump_words(trump),
            with_trump=with_trump(trump),
            hand=hand_words(study.hand, trump),
        )
    ]
    if target is not None:
        p = study.chance_to_make(target)
        worth = study.points[target]
        high = study.high_bid
        chance = chance_words(p, study.samples)
        if study.passing in ("partner", "opponents") and high is not None:
            parts.append(_holder_words(study, high, target, given))
            if study.judgement.partner_kept:
                # (a bid worth a little more on the deals weighed: the pass stands by
                # judge_bid's rule over partner's bid, which the learner reads here)
                # Translators: the reason for passing over partner's bid though a bid is
                # worth a little more on the deals weighed (or as much).
                parts.append(
                    _(
                        "Your partner already holds the auction for your side, so outbid "
                        "your partner only where it clearly pays."
                    )
                )
        else:
            parts.append(_not_worth_words(study, target, worth, chance, given))
    return parts


def _not_worth_words(
    study: BidStudy, target: Bid, worth: float, chance: str, given: set[Action]
) -> str:
    """Why bidding ``target`` (worth ``worth`` points) is not worth it: a sentence
    (without the worth where ``target`` is in ``given``, to which it is added)."""
    if target in given:
        # Translators: chance is how often ("in about 40% of the 48 deals").
        return ngettext(
            "To take the auction your side must take at least one trick, which it does {chance}.",
            "To take the auction your side must take at least {n} tricks, which it does {chance}.",
            target.tricks,
        ).format(n=target.tricks, chance=chance)
    given.add(target)
    # Translators: chance is how often ("in about 40% of the 48 deals").
    goal = ngettext(
        "To take the auction your side must take at least one trick, which it does {chance}",
        "To take the auction your side must take at least {n} tricks, which it does {chance}",
        target.tricks,
    ).format(n=target.tricks, chance=chance)
    bid_words = _bid_words(target, study.rules)
    # Translators: bid is "a bid of 3" or "Little Pepper"; points a number
    # of points such as 0.8.
    if worth < -0.05:
        verdict = _("{bid} would lose about {points} points on average").format(
            bid=bid_words, points=number(abs(worth))
        )
    else:
        verdict = _("{bid} would gain nothing on average, not worth the risk").format(bid=bid_words)
    # Translators: reason is a clause ("To take the auction your side must
    # take ..."), result the clause that follows from it.
    return _("{reason}: {result}.").format(reason=goal, result=verdict)


def _close_words(study: BidStudy, others: list[Bid | Pass], given: set[Action]) -> str:
    """The calls nearly as good as the advice (``others``), with the points of those
    and of the advice not in ``given`` (whose worth has been given): a sentence. (It
    opened "It is close:", which the hint's "It is a close decision." just before it
    said again.)"""
    action = study.action
    rules = study.rules
    fresh = [a for a in others if a not in given]
    given.update(others)  # (each one's worth is given here, or was before)
    values = {"others": _doing_list(others, rules)}
    if not fresh:
        # Translators: others are actions ("passing", "bidding 2 or 3"), whose points
        # the sentences before have given.
        return capitalised(_("{others} would do about as well.").format(**values))
    # (the figures as shown, lowest first: ordered by value, written in the language)
    shown = {round(study.points[a], 1) for a in fresh}
    amounts = [number(v, signed=True) for v in sorted(shown)]
    # Translators: a range of points, such as "+0.2 to +0.4".
    values["span"] = (
        amounts[0]
        if len(amounts) == 1
        else _("{low} to {high}").format(low=amounts[0], high=amounts[-1])
    )
    values["points"] = number(study.points[action], signed=True)
    values["action"] = _doing(action, rules)
    if len(fresh) < len(others):
        # Translators: others are actions ("passing", "bidding 2, 3 or 4"), span points
        # ("+4.7 to +4.9"), fresh those of the actions whose points the sentences before
        # have not given ("bidding 3 or 4").
        return capitalised(
            _(
                "{others} would do about as well (about {span} points on average for {fresh})."
            ).format(fresh=_doing_list(fresh, rules), **values)
        )
    if action in given:
        # Translators: others are actions ("passing", "bidding 2 or 3"), span their
        # points ("+0.2 to +0.4").
        return capitalised(
            _("{others} would do about as well (about {span} points on average).").format(**values)
        )
    given.add(action)
    # Translators: others are actions ("passing", "bidding 2 or 3"), span points
    # ("+0.2 to +0.4"), points the advice's points, action the advice ("bidding 1").
    return capitalised(
        _(
            "{others} would do about as well (about {span} points on average, against "
            "{points} for {action})."
        ).format(**values)
    )


def _holder_words(
    study: BidStudy,
    high: Bid,
    bid: Bid,
    given: set[Action],
    *,
    odds_said: bool = False,
) -> str:
    """Where another player holds the auction: what ``bid`` is worth against what a
    pass leaves (that player's contract), in points, and the chance of making ``bid``
    (left out with ``odds_said``: the bid's own reason has just said it, "your side
    takes at least 4 tricks in all 32 deals"); who then plays, and why a pass is worth
    what it is. The worth of a call in ``given`` is left out (a verdict or a sentence
    before has given it), and the calls whose worth is given here are added to it."""
    passing = Pass(study.seat)
    pass_points = study.points[passing]
    values = {
        "seat": high.seat.word,
        "their": bid_name(high.tricks, high.big, study.rules),
        "bid": capitalised(_bid_words(bid, study.rules)),
        "n": bid.tricks,
        "chance": chance_words(study.chance_to_make(bid), study.samples),
        "points": number(study.points[bid], signed=True),
        "other": number(pass_points, signed=True),
        "why": _against_words(pass_points),
    }
    pass_given, bid_given = passing in given, bid in given
    given.update((passing, bid))
    if pass_given:
        if study.passing == "partner":
            # Translators: seat is the partner, their the partner's bid (3, Little Pepper).
            said = _("{seat}, your partner, holds the auction with {their}.")
        else:
            # Translators: seat is the opponent holding the auction, their its bid (3,
            # Little Pepper), why a clause: why a pass is worth what it is.
            said = _("If you pass, {seat} plays {their}: {why}.")
        said = capitalised(said.format(**values))
        if bid_given:
            return said
        if odds_said:
            # Translators: bid is "a bid of 4", points a signed average ("+1.2").
            worth = _("{bid} is worth about {points} points.")
        else:
            # Translators: bid is "a bid of 4", chance how often ("in about 40% of the
            # 48 deals"), points a signed average ("+1.2").
            worth = ngettext(
                "{bid} takes at least one trick {chance}, worth about {points} points.",
                "{bid} takes at least {n} tricks {chance}, worth about {points} points.",
                bid.tricks,
            )
        return f"{said} {capitalised(worth.format(**values))}"
    if bid_given:
        if study.passing == "partner":
            # Translators: seat is the partner, their the partner's bid (3, Little
            # Pepper), other a signed average ("+1.2").
            said = _(
                "{seat}, your partner, holds the auction with {their}: if your partner plays "
                "it, your side scores about {other} points on average."
            )
        else:
            # Translators: seat is the opponent holding the auction, their its bid (3,
            # Little Pepper), why a clause, other a signed average ("-1.2"); a pass lets
            # the other side play.
            said = _(
                "If you pass, {seat} plays {their}, worth about {other} points to your side "
                "on average: {why}."
            )
        return capitalised(said.format(**values))
    if odds_said:
        if study.passing == "partner":
            # Translators: seat is the partner, their the partner's bid (3, Little
            # Pepper), bid "a bid of 4", points and other signed averages ("+1.2").
            said = _(
                "{seat}, your partner, holds the auction with {their}: if your partner plays "
                "it, your side scores about {other} points on average. {bid} is worth about "
                "{points} points."
            )
        else:
            # Translators: seat is the opponent holding the auction, their its bid (3,
            # Little Pepper), why a clause, bid "a bid of 4", points and other signed
            # averages ("-1.2"); a pass lets the other side play.
            said = _(
                "If you pass, {seat} plays {their}, worth about {other} points to your side "
                "on average: {why}. {bid} is worth about {points} points."
            )
        return capitalised(said.format(**values))
    if study.passing == "partner":
        # Translators: seat is the partner, their the partner's bid (3, Little Pepper),
        # bid "a bid of 4", chance how often ("in about 40% of the 48 deals"), points and
        # other signed averages ("+1.2").
        text = ngettext(
            "{seat}, your partner, holds the auction with {their}: if your partner plays "
            "it, your side scores about {other} points on average. {bid} takes at least one "
            "trick {chance}, worth about {points} points.",
            "{seat}, your partner, holds the auction with {their}: if your partner plays "
            "it, your side scores about {other} points on average. {bid} takes at least {n} "
            "tricks {chance}, worth about {points} points.",
            bid.tricks,
        )
    else:
        # Translators: seat is the opponent holding the auction, their its bid (3, Little
        # Pepper), bid "a bid of 4", chance how often ("in about 40% of the 48 deals"),
        # points and other signed averages ("-1.2"); a pass lets the other side play.
        text = ngettext(
            "If you pass, {seat} plays {their}, worth about {other} points to your side on "
            "average: {why}. {bid} takes at least "
            "one trick {chance}, worth about {points} points.",
            "If you pass, {seat} plays {their}, worth about {other} points to your side on "
            "average: {why}. {bid} takes at least "
            "{n} tricks {chance}, worth about {points} points.",
            bid.tricks,
        )
    return capitalised(text.format(**values))
