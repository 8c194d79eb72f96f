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
from typing import Protocol

from ..engine.actions import Action, Bid, Discard, GoAlone, NameTrump, Pass, Play
from ..engine.cards import DECK, SUITS, Card, Rank, Suit
from ..engine.i18n import gettext as _
from ..engine.i18n import ngettext, pgettext
from ..engine.rules import BiddingScale
from ..engine.tricks import EFF, ORDERS, WIN, trump_key, winner_index
from .bidding import (
    ContractOdds,
    contract_odds,
    discard_samples,
    expected_points,
    points_table,
    trump_options,
    trump_words,
    weigh_calls,
)
from .deals import MAKER_TRUMPS, DealSampler
from .explain import capitalised
from .judge import CLOSE_POINTS, Judgement, judge_play
from .view import PlayerView

__all__ = [
    "MAKER_TRUMPS",
    "Advice",
    "FairExpert",
    "Player",
    "RandomPlayer",
    "RuleOfThumbPlayer",
    "action_words",
    "estimate_tricks",
    "sample_hidden",
]


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


def estimate_tricks(cards: Sequence[Card], trump: Suit | None, *, partner: bool = True) -> float:
    """A rule-of-thumb count of the tricks ``cards`` should take with ``trump``.

    Top trumps count about a trick each, lower trumps less, side aces most of a
    trick, voids help when there are trumps to ruff with; a partner is worth about
    a trick. Seven cards (before the discard) are counted without the weakest. A
    very strong hand can count above 6: read it as strength, not a promise.

    >>> from hasenpfeffer_core import parse_cards, Suit
    >>> round(estimate_tricks(parse_cards("JK JH JD AH KH AS"), Suit.HEARTS), 1)
    6.6
    >>> round(estimate_tricks(parse_cards("9S TC QD KH 9H TS"), Suit.CLUBS), 1)
    1.5
    """
    tk = _tk(trump)
    order = ORDERS[tk]
    hand = sorted(cards, key=order.index)
    if len(hand) > 6:
        hand = hand[:6]  # the weakest card is the discard
    trumps = [c for c in hand if EFF[tk][c.index] == tk]
    n_trumps = len(trumps)
    total = 0.0
    trump_values = {0: 1.0, 1: 1.0, 2: 0.9, 3: 0.75, 4: 0.55}
    for c in trumps:
        place = order.index(c)
        total += trump_values.get(place, 0.45 if n_trumps >= 3 else 0.25)
    for suit in SUITS:
        if tk == suit.value:
            continue
        cs = [c for c in hand if EFF[tk][c.index] == suit.value]
        if not cs:
            if n_trumps >= 2:
                total += 0.3
            continue
        top = cs[0]
        if top.rank is Rank.ACE:
            total += 0.8 if len(cs) <= 3 else 0.5
            if len(cs) >= 2 and cs[1].rank is Rank.KING:
                total += 0.35
        elif top.rank is Rank.KING and len(cs) >= 2:
            total += 0.25
    if partner:
        total += 1.0
    return total


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
    lowest. In the auction, for the trump and the discard, ``bid_samples`` deals fitting
    the auction are played out for each option (:mod:`.bidding`): it bids the cheapest
    bid that outbids when that contract is worth at least ``margin`` points on average,
    names the trump worth the most for its bid, and discards the card whose loss costs
    least.
    """

    name = "fair expert"

    def __init__(
        self,
        seed: int | random.Random | None = None,
        *,
        samples: int | None = None,
        bid_samples: int = 24,
        margin: float = 0.5,
    ) -> None:
        self._seed = seed
        self._rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.samples = samples
        self.bid_samples = bid_samples
        self.margin = margin
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
        reason = _play_reason(j, len(view.tricks))
        return Advice(j.best, reason, j.tricks, j.deals, j.points, j.close, j)

    # --- the auction, the trump and the discard --------------------------------------

    def _advise_bid(self, view: PlayerView) -> Advice:
        bids = [a for a in view.legal_actions if isinstance(a, Bid)]
        cheapest = next((b for b in bids if not b.big), bids[0] if bids else None)
        # Half the deals on the two likeliest trumps; the rest on the better one, unless
        # the first half leaves no doubt about the bid.
        half = max(1, self.bid_samples // 2)
        odds = contract_odds(view, _likely_trumps(view, view.hand, 2), half, self._rng)
        if cheapest is not None:
            table = points_table(view.rules, cheapest)
            lead = max(odds, key=lambda o: expected_points(o.tricks, table))
            if abs(expected_points(lead.tricks, table) - self.margin) < 1.5:
                more = contract_odds(view, [lead.trump], self.bid_samples - half, self._rng)
                odds = [ContractOdds(lead.trump, lead.tricks + more[0].tricks)]
        n_deals = len(odds[0].tricks)
        # The call itself follows the one rule of the bidding study (and its quiz).
        study = weigh_calls(view, odds, n_deals, margin=self.margin)
        tricks: dict[Action, float] = {
            a: study.odds_for(study.trumps[a]).mean for a in study.values
        }
        worth: dict[Action, float] = {a: v for a, v in study.points.items()}
        return Advice(study.action, study.reason, tricks, n_deals, worth, study.close)

    def _advise_trump(self, view: PlayerView) -> Advice:
        high = view.high_bid
        assert high is not None
        odds = contract_odds(view, _likely_trumps(view, view.hand, 2), self.bid_samples, self._rng)
        table = self._table(view, high)
        by_trump = {o.trump: o for o in odds}
        names = [a for a in view.legal_actions if isinstance(a, NameTrump)]
        worth: dict[Action, float] = {
            a: expected_points(by_trump[a.suit].tricks, table) if a.suit in by_trump else -99.0
            for a in names
        }
        tricks: dict[Action, float] = {
            a: by_trump[a.suit].mean if a.suit in by_trump else 0.0 for a in names
        }
        best = max(names, key=lambda a: (worth[a], tricks[a]))
        ranked = sorted(odds, key=lambda o: -o.mean)
        others = ", ".join(
            f"{trump_words(o.trump)} {o.mean:.1f}" for o in ranked if o.trump is not best.suit
        )
        n = self.bid_samples
        if best.suit is None:
            # Translators: {tricks} is an average ("3.4"); {others} lists the other trumps with
            # their averages ("spades 2.9, clubs 2.1").
            text = ngettext(
                "Name no trump: with no trump as trumps the hand takes {tricks} tricks on "
                "average over {n} deal (next: {others}).",
                "Name no trump: with no trump as trumps the hand takes {tricks} tricks on "
                "average over {n} deals (next: {others}).",
                n,
            )
        else:
            text = ngettext(
                "Name {trump}: with {trump} as trumps the hand takes {tricks} tricks on "
                "average over {n} deal (next: {others}).",
                "Name {trump}: with {trump} as trumps the hand takes {tricks} tricks on "
                "average over {n} deals (next: {others}).",
                n,
            )
        reason = text.format(
            trump=trump_words(best.suit), tricks=f"{tricks[best]:.1f}", n=n, others=others
        )
        values = sorted(worth.values(), reverse=True)
        close = len(values) > 1 and values[0] - values[1] < CLOSE_POINTS
        return Advice(best, reason, tricks, self.bid_samples, worth, close)

    def _advise_discard(self, view: PlayerView) -> Advice:
        high = view.high_bid
        assert high is not None
        tk = _tk(view.trump)
        discards = [a for a in view.legal_actions if isinstance(a, Discard)]
        plain = [a for a in discards if EFF[tk][a.card.index] != tk] or discards
        # The three cards a good player would consider (lone cards, the lowest), in the
        # rule of thumb's order.
        candidates = sorted(plain, key=lambda a: _discard_cost(view.hand, a.card, tk))[:3]
        kept = discard_samples(view, [a.card for a in candidates], self.bid_samples, self._rng)
        table = self._table(view, high)
        worth: dict[Action, float] = {a: expected_points(kept[a.card], table) for a in candidates}
        tricks: dict[Action, float] = {a: sum(kept[a.card]) / len(kept[a.card]) for a in candidates}
        order = ORDERS[tk]
        best = max(candidates, key=lambda a: (worth[a], tricks[a], order.index(a.card)))
        assert isinstance(best, Discard)
        # Translators: {tricks} is an average number of tricks ("3.4").
        reason = ngettext(
            "Discard {card}: keeping the other six takes {tricks} tricks on average over {n} "
            "deal, the most of any discard.",
            "Discard {card}: keeping the other six takes {tricks} tricks on average over {n} "
            "deals, the most of any discard.",
            self.bid_samples,
        ).format(card=best.card.text, tricks=f"{tricks[best]:.1f}", n=self.bid_samples)
        values = sorted(worth.values(), reverse=True)
        close = len(values) > 1 and values[0] - values[1] < CLOSE_POINTS
        return Advice(best, reason, tricks, self.bid_samples, worth, close)


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


def _likely_trumps(view: PlayerView, cards: Sequence[Card], keep: int) -> list[Suit | None]:
    """The ``keep`` trumps the rule of thumb rates highest for ``cards`` (the others are
    rarely worth solving)."""
    options = trump_options(view.rules)
    rated = sorted(options, key=lambda t: -estimate_tricks(cards, t))
    return rated[:keep]


def action_words(action: Action) -> str:
    """The action as a teacher says it to the player: "play 9♠", "bid 3", "pass"."""
    if isinstance(action, Play):
        return _("play {card}").format(card=action.card.text)
    if isinstance(action, Pass):
        # Translators: what to do in the auction, as a hint says it ("Pass.").
        return pgettext("action", "pass")
    if isinstance(action, Bid):
        if action.big:
            # Translators: "big-pepper" is how the bid is typed; say "Big Pepper" as your
            # language names the bid.
            return _("bid big-pepper")
        # Translators: {bid} is the bid, a number of tricks ("3").
        return _("bid {bid}").format(bid=action.label)
    if isinstance(action, NameTrump):
        if action.suit is None:
            return _("name no trump as trumps")
        return _("name {suit} as trumps").format(suit=action.suit.plural)
    if isinstance(action, Discard):
        return _("discard {card}").format(card=action.card.text)
    return _("go alone") if action.alone else _("play with your partner")


def _describe(action: Action) -> str:
    return capitalised(action_words(action))


def _thumb_reason(action: Action) -> str:
    # Translators: {action} is what to do, as "Play 9♠".
    return _("{action}: a rule-of-thumb decision.").format(action=_describe(action))


def _play_reason(j: Judgement, done: int) -> str:
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
        card=action.card.text,
        n=j.deals,
        points=f"{j.points[action]:+.1f}",
        tricks=f"{j.tricks[action]:.1f}",
        left=6 - done,
    )
    other = j.runner_up
    if other is None:
        return head + "."
    assert isinstance(other, Play)
    if all(j.cost(a) == 0 and j.spread[a] == 0 for a in j.options):
        # Translators: {head} is "Play 9♠: over 24 deals ..., it is worth +2.0 points ...".
        return _(
            "{head}; every legal card does exactly as well, so keep your better cards."
        ).format(head=head)
    if j.close:
        # Translators: {card} is the next-best card (the hint itself says the decision
        # is close).
        return _("{head}; {card} is worth almost as much.").format(head=head, card=other.card.text)
    # Translators: {card} is the next-best card; {cost} how many points it gives away
    # on average ("0.8").
    return _("{head}; {card}, the next best, is worth about {cost} points less.").format(
        head=head, card=other.card.text, cost=f"{j.cost(other):.1f}"
    )
