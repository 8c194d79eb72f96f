"""Computer players: random, rule of thumb, and a fair expert.

Every player decides from a :class:`~hasenpfeffer_core.analysis.view.PlayerView`, what
its seat can see, and never breaks a rule (it picks from the legal actions).
All are reproducible from their seed.

* :class:`RandomPlayer`: a legal action at random.
* :class:`RuleOfThumbPlayer`: bids by counting likely tricks, leads and discards
  sensibly, wins cheaply, does not overtake its partner.
* :class:`FairExpert`: samples the hidden cards consistent with everything it has
  seen (cards played, suits players failed to follow) and solves each sample
  double-dummy; its :meth:`FairExpert.advise` gives the action and the reason, the
  "hint" the lessons offer.

Whole hands are played with :func:`hasenpfeffer_core.analysis.session.autoplay`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from ..engine.actions import Action, Bid, Discard, GoAlone, NameTrump, Pass, Play
from ..engine.cards import DECK, SUITS, Card, Rank, Suit
from ..engine.i18n import ended, ngettext, number, pgettext
from ..engine.i18n import gettext as _
from ..engine.rules import BiddingScale
from ..engine.tricks import EFF, ORDERS, WIN, trump_key, winner_index
from .bidding import study_of, trump_words
from .contracts import points_table
from .deals import MAKER_TRUMPS, DealSampler
from .estimate import estimate_tricks
from .explain import capitalised, card_words, join_and
from .judge import (
    CallJudgement,
    Judgement,
    judge_bid,
    judge_discard,
    judge_play,
    judge_trump,
)
from .principles import broken_by
from .view import PlayerView

__all__ = [
    "MAKER_TRUMPS",
    "Advice",
    "FairExpert",
    "Player",
    "RandomPlayer",
    "RuleOfThumbPlayer",
    "action_words",
    "advice_from",
    "choice_words",
    "estimate_tricks",
    "next_best_words",
    "principle_decides",
    "sample_hidden",
]

J = TypeVar("J", bound=Judgement)


class Player(Protocol):
    """Anything that picks a legal action from a view."""

    def choose(self, view: PlayerView) -> Action: ...


class RandomPlayer:
    """Picks a legal action uniformly at random."""

    name = "random"

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        return self._rng.choice(view.legal_actions)


# --- rule of thumb ---------------------------------------------------------------


def _tk(trump: Suit | None) -> int:
    return trump_key(trump)


def _current_winner(view: PlayerView) -> tuple[int, Card] | None:
    trick = view.current_trick
    if not trick:
        return None
    tk = _tk(view.trump)
    pos = winner_index([c.index for _, c in trick], tk)
    return pos, trick[pos][1]


def _unplayed(view: PlayerView) -> set[Card]:
    return set(DECK) - set(view.played) - set(view.hand)


class RuleOfThumbPlayer:
    """Plays like a sensible beginner who knows the rules well (deterministic)."""

    name = "rule of thumb"

    def __init__(self, *, bid_threshold: float = 3.0) -> None:
        self.bid_threshold = bid_threshold

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, Pass | Bid):
            return self._bid(view)
        if isinstance(first, NameTrump):
            return self._trump(view)
        if isinstance(first, Discard):
            return self._discard(view)
        if isinstance(first, GoAlone):
            return self._alone(view)
        return self._play(view)

    # auction
    def best_trump(self, cards: Sequence[Card], view: PlayerView) -> tuple[Suit | None, float]:
        """The trump this hand likes best, and its estimate."""
        options: list[Suit | None] = list(SUITS)
        if view.rules.no_trump:
            options.append(None)
        scored = [(estimate_tricks(cards, t), i, t) for i, t in enumerate(options)]
        value, _i, trump = max(scored, key=lambda x: (x[0], -x[1]))
        return trump, value

    def _bid(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        _trump, value = self.best_trump(view.hand, view)
        if view.rules.widow:
            value += 0.3  # the widow usually helps a little
        bids = [a for a in legal if isinstance(a, Bid)]
        passes = [a for a in legal if isinstance(a, Pass)]
        if value < self.bid_threshold or not bids:
            return passes[0] if passes else bids[0]
        target = int(value)
        if view.rules.bidding is BiddingScale.PEPPER and value >= 6.6:
            big = [b for b in bids if b.big]
            if big:
                return big[0]
        affordable = [b for b in bids if b.tricks <= target and not b.big]
        if not affordable:
            return passes[0] if passes else bids[0]
        return affordable[0]  # the cheapest bid that outbids

    def _trump(self, view: PlayerView) -> Action:
        trump, _value = self.best_trump(view.hand, view)
        for a in view.legal_actions:
            if isinstance(a, NameTrump) and a.suit is trump:
                return a
        return view.legal_actions[0]

    def _discard(self, view: PlayerView) -> Action:
        tk = _tk(view.trump)
        cards = list(view.hand)
        card = min(cards, key=lambda c: _discard_cost(cards, c, tk))
        for a in view.legal_actions:
            if isinstance(a, Discard) and a.card is card:
                return a
        return view.legal_actions[0]

    def _alone(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        yes = next(a for a in legal if isinstance(a, GoAlone) and a.alone)
        no = next(a for a in legal if isinstance(a, GoAlone) and not a.alone)
        if view.maker is view.seat:
            strong = estimate_tricks(view.hand, view.trump, partner=False)
            return yes if strong >= 5.6 else no
        return no

    # play
    def _play(self, view: PlayerView) -> Action:
        tk = _tk(view.trump)
        order = ORDERS[tk]
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        cards = [a.card for a in plays]
        by_card = {a.card: a for a in plays}
        unplayed = _unplayed(view)

        def lowest(cs: Sequence[Card]) -> Card:
            # Throw a plain card before a trump, then the lowest.
            return max(cs, key=lambda c: (EFF[tk][c.index] != tk, order.index(c)))

        if not view.current_trick:
            return by_card[self._lead(view, cards, unplayed)]
        pos_card = _current_winner(view)
        assert pos_card is not None
        pos, win_card = pos_card
        winner_seat = view.current_trick[pos][0]
        led = view.current_trick[0][1]
        table = WIN[tk][EFF[tk][led.index]]
        beats = [c for c in cards if table[c.index] > table[win_card.index]]
        partner_winning = winner_seat is view.seat.partner
        players = 4 - len(view.sitting_out)
        last = len(view.current_trick) == players - 1
        if partner_winning:
            # Is partner's card safe? It is if nothing unseen can beat it, or we are last.
            threats = [c for c in unplayed if table[c.index] > table[win_card.index]]
            if last or not threats or not beats:
                return by_card[lowest(cards)]
        if beats:
            if last:
                return by_card[min(beats, key=lambda c: -order.index(c))]
            # Win with the cheapest card that is still a winner against the unseen cards
            safe = [c for c in beats if not any(table[u.index] > table[c.index] for u in unplayed)]
            pick = safe or beats
            return by_card[max(pick, key=order.index)]
        return by_card[lowest(cards)]

    def _lead(self, view: PlayerView, cards: Sequence[Card], unplayed: set[Card]) -> Card:
        tk = _tk(view.trump)
        order = ORDERS[tk]
        trumps = [c for c in cards if EFF[tk][c.index] == tk]
        makers = view.maker is not None and view.maker.side is view.seat.side
        outstanding_trumps = [c for c in unplayed if EFF[tk][c.index] == tk]
        if trumps and makers and outstanding_trumps:
            top = min(trumps, key=order.index)
            if all(order.index(top) < order.index(u) for u in outstanding_trumps):
                return top  # draw trumps with a sure winner
        # A side card that is the best left of its suit
        for c in sorted(cards, key=order.index):
            code = EFF[tk][c.index]
            if code == tk:
                continue
            if not any(
                EFF[tk][u.index] == code and order.index(u) < order.index(c) for u in unplayed
            ):
                return c
        if trumps and makers:
            return min(trumps, key=order.index)
        plain = [c for c in cards if EFF[tk][c.index] != tk] or list(cards)
        return max(plain, key=order.index)


# --- sampling the hidden cards -----------------------------------------------------


def sample_hidden(view: PlayerView, rng: random.Random) -> list[int] | None:
    """One deal of the hidden cards consistent with ``view``: four hand masks (N, E, S,
    W), drawn uniformly from the deals that fit the play and the auction (see
    :class:`~hasenpfeffer_core.analysis.deals.DealSampler`, which a caller drawing many
    deals of one position makes once). ``None`` if no deal fits (a contradictory view).
    """
    return DealSampler(view).draw(rng)


@dataclass(frozen=True)
class Advice:
    """The fair expert's choice, why, and what it weighed.

    ``values``: for each option weighed, the average tricks the side takes with it (from
    here on, in play). ``points``: for each option, the average points it is worth to
    the side (its points minus the other side's, under the hand's rules), which is what
    the expert maximises. ``samples``: how many deals of the unseen cards were weighed.
    ``close``: the next-best option is worth almost as much (a close decision).
    """

    action: Action
    reason: str
    values: Mapping[Action, float] = field(default_factory=dict)
    samples: int = 0
    points: Mapping[Action, float] = field(default_factory=dict)
    close: bool = False
    judgement: Judgement | None = None


class FairExpert:
    """Decides by sampling the hidden cards and solving each sample double-dummy.

    It sees only a :class:`PlayerView`. In play, ``samples`` deals of the unseen cards
    that fit everything shown so far (the suits each player failed to follow, the
    cards played, its own discard) are solved with each legal card, and the card worth
    the most points on average is played; among cards worth the same, the rule-of-thumb
    card (win cheaply, do not overtake partner, low when it cannot win) and then the
    lowest. Its bid, its trump and its discard are the judge's too
    (:func:`~hasenpfeffer_core.analysis.judge.judge_bid`, ``judge_trump``,
    ``judge_discard``): every call in points, on deals drawn from the position itself, so
    the same hand always gets the same call; ``bid_samples`` caps those deals (by default
    the judge decides, within its time budget).
    """

    name = "fair expert"

    def __init__(
        self,
        seed: int | random.Random | None = None,
        *,
        samples: int | None = None,
        bid_samples: int | None = None,
    ) -> None:
        self._seed = seed
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.samples = samples
        self.bid_samples = bid_samples
        self._thumb = RuleOfThumbPlayer()

    def choose(self, view: PlayerView) -> Action:
        return self.advise(view).action

    def advise(self, view: PlayerView) -> Advice:
        """The action this player would take, with its reason (the lessons' hint)."""
        legal = view.legal_actions
        if not legal:
            raise ValueError("there is nothing to decide: it is not this seat's turn")
        if len(legal) == 1:
            only = legal[0]
            # Translators: {action} is what to do, as "Play 9♠".
            reason = _("{action}: it is the only legal choice.").format(action=_describe(only))
            return Advice(only, reason)
        first = legal[0]
        if isinstance(first, Play):
            return self._advise_play(view)
        if isinstance(first, NameTrump):
            return self._advise_trump(view)
        if isinstance(first, Discard):
            return self._advise_discard(view)
        if isinstance(first, Pass | Bid):
            return self._advise_bid(view)
        action = self._thumb.choose(view)
        return Advice(action, _thumb_reason(action))

    # --- what tricks are worth -------------------------------------------------------

    def _table(self, view: PlayerView, bid: Bid) -> tuple[tuple[int, int], ...]:
        return points_table(
            view.rules, bid, maker_alone=view.maker_alone, defender_alone=view.defender_alone
        )

    # --- play: average points over sampled deals -------------------------------------

    def _advise_play(self, view: PlayerView) -> Advice:
        # One judgement (analysis.judge) decides the card and says why: every legal
        # card on the same uniformly drawn deals, in points, as many deals as it takes.
        if self.samples is None:
            j = judge_play(view, self._rng)
        else:
            j = judge_play(view, self._rng, min_deals=min(8, self.samples), max_deals=self.samples)
        return advice_from(view, principle_decides(view, j))

    # --- the auction, the trump and the discard --------------------------------------

    def _advise_bid(self, view: PlayerView) -> Advice:
        # The bidding study's call: the judge's, on the position's own deals, so the
        # hint, the computer's bid and the bidding quiz always agree.
        return advice_from(view, judge_bid(view, max_deals=self.bid_samples))

    def _advise_trump(self, view: PlayerView) -> Advice:
        return advice_from(
            view, principle_decides(view, judge_trump(view, max_deals=self.bid_samples))
        )

    def _advise_discard(self, view: PlayerView) -> Advice:
        return advice_from(
            view, principle_decides(view, judge_discard(view, max_deals=self.bid_samples))
        )


def advice_from(view: PlayerView, judged: Judgement) -> Advice:
    """The fair expert's advice from the judge's ``judged`` evaluation of the decision
    ``view`` faces: its best, and why in words (the bidding study's reason in the
    auction). The expert's own advice is made this way; so is the advice of a stored
    judgement (a puzzle's), which then reads exactly as the hint would have."""
    if isinstance(judged.best, Pass | Bid):
        assert isinstance(judged, CallJudgement)
        study = study_of(view, judged)
        sj = study.judgement
        return Advice(study.action, study.reason, sj.tricks, sj.deals, sj.points, sj.close, sj)
    reason = judged_reason(view, judged)
    j = judged
    return Advice(j.best, reason, j.tricks, j.deals, j.points, j.close, j)


def principle_decides(view: PlayerView, judged: J) -> J:
    """``judged``, its best replaced where the usual principle decides: where the best
    goes against a principle and another option clearly within a close decision's
    margin of it, allowing the judge's doubt
    (:meth:`~hasenpfeffer_core.analysis.judge.Judgement.may_stand_for_best`), keeps to
    the principles it goes against, that option. (Asking it to keep to every principle
    as well gave the same figures on ``bench/judge.py``'s 200 plays.) The hint says of
    such choices "the usual principle decides", and the exercises hold a learner to it;
    the computer's own move keeps to it too. (It played Q♣ with 10♦ worth as much, and
    the hint then said it went against "Throw your lowest card" for nothing.) Where the
    gap is in doubt, the judged best stands: the hint says the principle's move is worth
    no more here, and a learner who keeps to the principle is told the choice is as
    good (:meth:`~hasenpfeffer_core.analysis.judge.Judgement.is_good`)."""
    # A trump or a discard whose figure a learner reads as the best's (the same to one
    # decimal, and within the close margin) may stand for it too: lesson 07's hint named
    # diamonds, +1.7, against "Name your strongest trump suit", with hearts +1.7 beside
    # it, and a discard of A♣ against "Discard low, keep trumps and side aces" beside a
    # J♥ shown as worth as much. (On bench/judge.py's 240 trumps and discards of three
    # seeds, 48 options were shown tied with the judged best; the reference put one of
    # them more than 0.15 points behind its best. Plays stay as they are: 15 of their
    # 539 were.)
    tie_ok = isinstance(judged.best, NameTrump | Discard)

    def may(a: Action) -> bool:
        return judged.may_stand_for_best(a) or (tie_ok and judged.shows_as_best(a))

    if not any(may(a) for a in judged.options if a != judged.best):
        return judged
    broken = {r.principle.key for r in broken_by(view, judged.best)}
    if not broken:
        return judged
    for a in sorted(judged.options, key=lambda a: -judged.points[a]):
        if a == judged.best or not may(a):
            continue
        if not broken & {r.principle.key for r in broken_by(view, a)}:
            return judged.preferring(a)
    return judged


def _discard_cost(hand: Sequence[Card], card: Card, tk: int) -> tuple[int, int, int, int]:
    """The rule of thumb's order of discards (lowest first): never a trump if avoidable,
    an ace last, a lone card first (it makes a void), then the lowest."""
    is_trump = EFF[tk][card.index] == tk
    same = [x for x in hand if EFF[tk][x.index] == EFF[tk][card.index]]
    singleton = len(same) == 1 and card.rank is not Rank.ACE
    return (
        int(is_trump),
        int(card.rank is Rank.ACE and not is_trump),
        0 if singleton else 1,
        -ORDERS[tk].index(card),
    )


def action_words(action: Action) -> str:
    """The action as a teacher says it to the player: "play 9♠", "bid 3", "pass"."""
    if isinstance(action, Play):
        return _("play {card}").format(card=card_words(action.card))
    if isinstance(action, Pass):
        # Translators: what to do in the auction, as a hint says it ("Pass.").
        return pgettext("action", "pass")
    if isinstance(action, Bid):
        if action.big:
            # Translators: the highest bid of the pepper scale, named as your language
            # names it (Italian "Grande Pepe").
            return _("bid Big Pepper")
        # Translators: {bid} is the bid, a number of tricks ("3").
        return _("bid {bid}").format(bid=action.label)
    if isinstance(action, NameTrump):
        if action.suit is None:
            return _("name no trump as trumps")
        return _("name {suit} as trumps").format(suit=action.suit.plural)
    if isinstance(action, Discard):
        return _("discard {card}").format(card=card_words(action.card))
    return _("go alone") if action.alone else _("play with your partner")


def choice_words(action: Action) -> str:
    """The action named as a choice, the subject of a sentence ("bid 4: worth about
    +5.5 points"): in English the same words as :func:`action_words`; languages that
    tell a command from a name use the name (Italian "dichiarare 4", not the command
    "dichiara 4", which read as an order in the middle of a verdict)."""
    if isinstance(action, Play):
        # Translators: a choice named as the subject of a sentence ("giocare 9♠" in
        # Italian, not the command "gioca 9♠").
        return pgettext("choice", "play {card}").format(card=card_words(action.card))
    if isinstance(action, Pass):
        return pgettext("choice", "pass")
    if isinstance(action, Bid):
        if action.big:
            return pgettext("choice", "bid Big Pepper")
        return pgettext("choice", "bid {bid}").format(bid=action.label)
    if isinstance(action, NameTrump):
        if action.suit is None:
            return pgettext("choice", "name no trump as trumps")
        return pgettext("choice", "name {suit} as trumps").format(suit=action.suit.plural)
    if isinstance(action, Discard):
        return pgettext("choice", "discard {card}").format(card=card_words(action.card))
    if action.alone:
        return pgettext("choice", "go alone")
    return pgettext("choice", "play with your partner")


def _describe(action: Action) -> str:
    return capitalised(action_words(action))


def _thumb_reason(action: Action) -> str:
    # Translators: {action} is what to do, as "Play 9♠".
    return _("{action}: a rule-of-thumb decision.").format(action=_describe(action))


def judged_reason(
    view: PlayerView, judged: Judgement, *, runner_up: bool = True, alone: bool = False
) -> str:
    """Why the judged card, trump or discard, in words (the reason of
    :func:`advice_from`'s advice); with ``runner_up`` false, without what the next best
    gives away (for a hint whose answer already says it), unless the decision is close
    or tied; with ``alone``, the best choice's own figures and nothing of any other (for
    the review, whose verdict says what the player's own choice gave away)."""
    if isinstance(judged.best, Play):
        return _play_reason(judged, len(view.tricks), runner_up=runner_up, alone=alone)
    assert isinstance(judged, CallJudgement)
    return _call_reason(judged, runner_up=runner_up, alone=alone)


def _play_reason(j: Judgement, done: int, *, runner_up: bool = True, alone: bool = False) -> str:
    """Why the judged card: what it is worth in points over the deals weighed (the
    tricks as an aside), and what the next card gives away, or that it is as good."""
    action = j.best
    assert isinstance(action, Play)
    # Translators: {points} is a signed average ("+2.3"), the points the whole hand is
    # worth to the side (its points minus the other side's); {tricks} an average of
    # tricks ("2.5"); {left} the tricks still to play (2 to 6).
    head = ngettext(
        "Play {card}: over {n} deal of the unseen cards that fit what you have seen, it "
        "is worth {points} points to your side on average ({tricks} of the {left} tricks "
        "left)",
        "Play {card}: over {n} deals of the unseen cards that fit what you have seen, it "
        "is worth {points} points to your side on average ({tricks} of the {left} tricks "
        "left)",
        j.deals,
    ).format(
        card=card_words(action.card),
        n=j.deals,
        points=number(j.points[action], signed=True),
        tricks=number(j.tricks[action]),
        left=6 - done,
    )
    other = j.runner_up
    if other is None or alone or not (runner_up or j.indifferent or j.tied or j.close):
        return ended(head)
    assert isinstance(other, Play)
    if j.indifferent:
        # Translators: {head} is "Play 9♠: over 24 deals ..., it is worth +2.0 points ...".
        return _(
            "{head}; every legal card does exactly as well, so keep your better cards."
        ).format(head=head)
    if j.tied and j.shown_gap(j.best, other) < 0:
        # (the best was preferred by a usual principle over a card a little ahead of it)
        # Translators: {card} is another card, a little ahead on the deals weighed;
        # {cost} how many points more it is worth ("0.1"), too few to tell them apart.
        return _(
            "{head}; {card} is worth about {cost} points more, too little to tell apart."
        ).format(head=head, card=card_words(other.card), cost=number(-j.shown_gap(j.best, other)))
    if j.tied:
        ties = [a.card for a in j.ties if isinstance(a, Play)]
        if len(ties) > 1:
            # Translators: {cards} are other cards, "K♥ and Q♥", each worth as much on the
            # deals weighed.
            return _("{head}; {cards} are each worth as much.").format(
                head=head, cards=join_and([card_words(c) for c in ties])
            )
        # Translators: {card} is another card, worth as much on the deals weighed.
        return _("{head}; {card} is worth as much.").format(head=head, card=card_words(other.card))
    if j.close:
        # Translators: {card} is the next-best card (the hint itself says the decision
        # is close).
        return _("{head}; {card} is worth almost as much.").format(
            head=head, card=card_words(other.card)
        )
    cost = number(j.shown_gap(j.best, other))
    level = _level(j, other)
    if len(level) > 1:
        # (several cards share the next-best figure: naming one of them as "the next
        # best" picked one of four equal cards, a learner's review found)
        # Translators: {cards} are the next-best cards, "K♥, Q♥ and 9♥", each worth the
        # same; {cost} how many points each gives away on average ("0.8").
        return _("{head}; {cards}, the next best, are each worth about {cost} points less.").format(
            head=head, cards=join_and([card_words(c) for c in level]), cost=cost
        )
    # Translators: {card} is the next-best card; {cost} how many points it gives away
    # on average ("0.8").
    return _("{head}; {card}, the next best, is worth about {cost} points less.").format(
        head=head, card=card_words(other.card), cost=cost
    )


def _level(j: Judgement, other: Play | Discard) -> list[Card]:
    """The cards other than the best (to play, or to discard) that a learner reads as
    worth what ``other``, the next best, is worth (``other`` among them): the same gap
    to the best, as shown. The next best, named together. (A learner read "Discarding
    K♣, the next best, is worth about 0.2 points less" where five other discards, the
    Joker among them, showed 0.2 less too.)"""
    gap = j.shown_gap(j.best, other)
    return [
        a.card
        for a in j.options
        if isinstance(a, type(other))
        and a != j.best
        and a not in j.dominated
        and j.shown_gap(j.best, a) == gap
    ]


def _next_discards(j: Judgement, other: Action) -> str:
    """Where ``other``, the next best, is a discard and other discards show the same
    figure: those cards, named as a learner reads them ("K♣, A♣ or the Joker"); else
    ``""``."""
    if not isinstance(other, Discard):
        return ""
    level = _level(j, other)
    return join_and([card_words(c) for c in level], "or") if len(level) > 1 else ""


def _subject(other: Action) -> str:
    """A trump or a discard named as a choice, the subject of its clause ("spades",
    "discarding K♣": Italian "scartare K♣", not the command "scarta K♣")."""
    if isinstance(other, NameTrump):
        return trump_words(other.suit)
    if isinstance(other, Discard):
        # Translators: a discard named as the subject of a sentence ("discarding K♣ is
        # worth almost as much"; Italian "scartare K♣").
        return pgettext("choice as a subject", "discarding {card}").format(
            card=card_words(other.card)
        )
    return choice_words(other)


def next_best_words(judged: Judgement) -> str:
    """The next best card, trump or discard and what it gives away, as a sentence of
    its own ("Clubs, the next best, is worth about 0.6 points less."), for a verdict
    that has already given the best choice's own figures (a lesson's exercise answered
    right: the figures in brackets after the fair expert's answer said the move and
    its worth a second time). Empty where the decision is close, or other choices tie
    (the hint's answer says so), or there is no other choice."""
    j = judged
    other = j.runner_up
    if other is None or j.tied or j.close or j.indifferent:
        return ""
    cost = number(j.shown_gap(j.best, other))
    cards = _next_discards(j, other)
    if cards:
        # (discards named by the card alone read as if the cards were worth less:
        # "the Joker ... is worth about 0.2 points less")
        # Translators: {cards} are the next-best cards to discard, "K♣, A♣ or the
        # Joker"; {cost} how many points discarding any of them gives away on
        # average ("0.2").
        return _("Discarding {cards}, the next best, is worth about {cost} points less.").format(
            cards=cards, cost=cost
        )
    if isinstance(other, Play):
        level = _level(j, other)
        if len(level) > 1:
            # Translators: {cards} are the next-best cards, "K♥, Q♥ and 9♥", each worth
            # the same; {cost} how many points each gives away on average ("0.8").
            return _("{cards}, the next best, are each worth about {cost} points less.").format(
                cards=join_and([card_words(c) for c in level]), cost=cost
            )
        # Translators: {card} is the next-best card; {cost} how many points it gives
        # away on average ("0.8").
        return _("{card}, the next best, is worth about {cost} points less.").format(
            card=card_words(other.card), cost=cost
        )
    # Translators: other is the next best choice ("spades", "discarding 10♠"), the
    # subject of the sentence; cost how many points it gives away on average ("0.8").
    return capitalised(
        _("{other}, the next best, is worth about {cost} points less.").format(
            other=_subject(other), cost=cost
        )
    )


def _call_reason(j: CallJudgement, *, runner_up: bool = True, alone: bool = False) -> str:
    """Why the judged trump or discard: what it is worth in points over the deals
    weighed (the tricks as an aside), and what the next best gives away, or that it is
    as good."""
    action = j.best
    values = {
        "points": number(j.points[action], signed=True),
        "tricks": number(j.tricks[action]),
        "n": j.deals,
    }
    if isinstance(action, NameTrump):
        # Translators: trump is a suit's name in the plural (hearts) or "no trump";
        # points a signed average ("+2.7"), the points of the whole hand to the side
        # (its points minus the other side's); tricks an average ("4.1"); n the deals.
        head = ngettext(
            "Name {trump}: over {n} deal of the unseen cards, your side's contract with "
            "{trump} as trumps is worth {points} points on average ({tricks} tricks)",
            "Name {trump}: over {n} deals of the unseen cards, your side's contract with "
            "{trump} as trumps is worth {points} points on average ({tricks} tricks)",
            j.deals,
        ).format(trump=trump_words(action.suit), **values)
    else:
        assert isinstance(action, Discard)
        # Translators: card is the card to discard; points a signed average ("+2.7"),
        # the points of the whole hand to the side; tricks an average ("4.1").
        head = ngettext(
            "Discard {card}: over {n} deal of the unseen cards, keeping the other six is "
            "worth {points} points on average ({tricks} tricks)",
            "Discard {card}: over {n} deals of the unseen cards, keeping the other six is "
            "worth {points} points on average ({tricks} tricks)",
            j.deals,
        ).format(card=card_words(action.card), **values)
    other = j.runner_up
    if other is None or alone or not (runner_up or j.tied or j.close):
        return ended(head)
    name = _subject(other)
    if j.tied and j.shown_gap(j.best, other) < 0:
        # (the best was preferred by a usual principle over a choice a little ahead)
        # Translators: head is "Name hearts: over 40 deals ..."; other another choice,
        # a little ahead ("spades", "discarding 10♠"); cost how many points more it is
        # worth ("0.1"), too few to tell them apart.
        return _(
            "{head}; {other} is worth about {cost} points more, too little to tell apart."
        ).format(head=head, other=name, cost=number(-j.shown_gap(j.best, other)))
    if j.tied:
        # Translators: head is "Name hearts: over 40 deals ..."; other another choice
        # worth as much ("spades", "discard 10♠").
        return _("{head}; {other} is worth as much.").format(head=head, other=name)
    if j.close:
        # Translators: head is "Name hearts: over 40 deals ..."; other the next best
        # ("spades", "discard 10♠").
        return _("{head}; {other} is worth almost as much.").format(head=head, other=name)
    cost = number(j.shown_gap(j.best, other))
    cards = _next_discards(j, other)
    if cards:
        # (several discards share the next-best figure: the Joker among them, a
        # learner read only "discarding K♣, the next best")
        # Translators: head is "Discard 9♣: over 40 deals ..."; {cards} the
        # next-best cards to discard, "K♣, A♣ or the Joker"; {cost} how many points
        # discarding any of them gives away on average ("0.2").
        return _(
            "{head}; discarding {cards}, the next best, is worth about {cost} points less."
        ).format(head=head, cards=cards, cost=cost)
    # Translators: other is the next best ("spades", "discard 10♠"); cost how many
    # points it gives away on average ("0.8").
    return _("{head}; {other}, the next best, is worth about {cost} points less.").format(
        head=head, other=name, cost=cost
    )
