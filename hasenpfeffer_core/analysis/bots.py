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
from ..engine.rules import BiddingScale, FirstLead
from ..engine.seats import SEATS
from ..engine.tricks import EFF, ORDERS, WIN, trump_key, winner_index
from .explain import join_and
from .solver import play_values_masks, solve_masks
from .view import PlayerView

__all__ = [
    "Advice",
    "FairExpert",
    "Player",
    "RandomPlayer",
    "RuleOfThumbPlayer",
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
        value, _, trump = max(scored, key=lambda x: (x[0], -x[1]))
        return trump, value

    def _bid(self, view: PlayerView) -> Action:
        legal = view.legal_actions
        _, value = self.best_trump(view.hand, view)
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
        trump, _ = self.best_trump(view.hand, view)
        for a in view.legal_actions:
            if isinstance(a, NameTrump) and a.suit is trump:
                return a
        return view.legal_actions[0]

    def _discard(self, view: PlayerView) -> Action:
        tk = _tk(view.trump)
        order = ORDERS[tk]
        cards = list(view.hand)

        def cost(c: Card) -> tuple[int, int, int, int]:
            is_trump = EFF[tk][c.index] == tk
            same = [x for x in cards if EFF[tk][x.index] == EFF[tk][c.index]]
            singleton = len(same) == 1 and c.rank is not Rank.ACE
            # Never a trump if avoidable, an ace last, a lone card first (it makes a
            # void), then the lowest.
            return (
                int(is_trump),
                int(c.rank is Rank.ACE and not is_trump),
                0 if singleton else 1,
                -order.index(c),
            )

        card = min(cards, key=cost)
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


def sample_hidden(view: PlayerView, rng: random.Random, *, tries: int = 200) -> list[int] | None:
    """One deal of the hidden cards consistent with ``view``: four hand masks (N, E, S, W).

    The view's own hand is kept; the other seats get as many unseen cards as they
    hold, never of a suit they have shown they lack. Seats sitting out get none.
    Returns ``None`` if no consistent deal was found (which cannot happen in a real
    hand, but guards against a contradictory view).
    """
    tk = _tk(view.trump) if view.trump_named else 4
    seen = set(view.hand) | set(view.played)
    if view.discard is not None:
        seen.add(view.discard)
    unseen = [c for c in DECK if c not in seen]
    voids = view.voids()
    others = [s for s in SEATS if s is not view.seat and s not in view.sitting_out]
    # The most constrained seats pick first.
    others.sort(key=lambda s: -len(voids[s]))
    own = 0
    for c in view.hand:
        own |= 1 << c.index
    for _ in range(tries):
        pool = unseen[:]
        rng.shuffle(pool)
        masks = [0, 0, 0, 0]
        masks[view.seat.value] = own
        ok = True
        for s in others:
            need = view.hand_sizes[s]
            bad = voids[s]
            got = 0
            rest = []
            for c in pool:
                if got < need and EFF[tk][c.index] not in bad:
                    masks[s.value] |= 1 << c.index
                    got += 1
                else:
                    rest.append(c)
            if got < need:
                ok = False
                break
            pool = rest
        if ok:
            return masks
    return None


@dataclass(frozen=True)
class Advice:
    """The fair expert's choice, why, and the average value of each option it weighed."""

    action: Action
    reason: str
    values: Mapping[Action, float] = field(default_factory=dict)
    samples: int = 0


class FairExpert:
    """Decides by sampling the hidden cards and solving each sample double-dummy.

    It sees only a :class:`PlayerView`. ``samples`` deals are drawn per decision;
    the auction, trump and discard are judged by solving the whole hand for each
    trump (or discard) over fewer samples (``bid_samples``).
    """

    name = "fair expert"

    def __init__(
        self,
        seed: int | random.Random | None = None,
        *,
        samples: int = 24,
        bid_samples: int = 8,
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
            return Advice(only, f"{_describe(only)} is the only legal action.")
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
        return Advice(action, f"{_describe(action)}: a rule-of-thumb decision.")

    # play: average double-dummy values over sampled deals
    def _advise_play(self, view: PlayerView) -> Advice:
        tk = _tk(view.trump)
        trick = [c.index for _, c in view.current_trick]
        assert view.leader is not None
        leader = view.leader.value
        active = 15
        for s in view.sitting_out:
            active &= ~(1 << s.value)
        jat = view.rules.no_trump_joker.value == "any-time"
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        totals = {a.card.index: 0.0 for a in plays}
        n = 0
        for _ in range(self.samples):
            masks = sample_hidden(view, self._rng)
            if masks is None:
                continue
            values = play_values_masks(masks, tk, leader, trick, joker_any_time=jat, active=active)
            for idx in totals:
                totals[idx] += values[idx]
            n += 1
        if n == 0:
            action = self._thumb.choose(view)
            return Advice(action, f"{_describe(action)}: a rule-of-thumb decision.")
        avg: dict[Action, float] = {a: totals[a.card.index] / n for a in plays}
        thumb = self._thumb.choose(view)
        best = max(avg.values())
        # Among the best, prefer the rule-of-thumb card, then the lowest.
        order = ORDERS[tk]
        top = [a for a in plays if avg[a] >= best - 1e-9]
        pick: Play = (
            thumb
            if isinstance(thumb, Play) and thumb in top
            else max(top, key=lambda a: order.index(a.card))
        )
        reason = _play_reason(pick, avg, n, len(view.tricks))
        return Advice(pick, reason, avg, n)

    # whole-hand judgements for the auction, trump and discard
    def _contract_value(
        self, view: PlayerView, cards: Sequence[Card], trump: Suit | None, samples: int
    ) -> float:
        """Average tricks our side takes if ``view.seat`` makes ``trump`` with ``cards``."""
        tk = _tk(trump)
        seat = view.seat.value
        total = 0.0
        n = 0
        known = set(cards)
        unseen = [c for c in DECK if c not in known]
        for _ in range(samples):
            pool = unseen[:]
            self._rng.shuffle(pool)
            hand = list(cards)
            if len(hand) < 7 and view.rules.widow and view.maker is None:
                hand.append(pool.pop())  # the widow, still unknown
            if len(hand) == 7:
                hand.remove(_weakest(hand, tk))
            masks = [0, 0, 0, 0]
            for c in hand:
                masks[seat] |= 1 << c.index
            pos = 0
            for s in range(4):
                if s == seat:
                    continue
                for c in pool[pos : pos + 6]:
                    masks[s] |= 1 << c.index
                pos += 6
            if view.rules.first_lead is FirstLead.HIGH_BIDDER:
                leader = seat
            else:
                leader = (view.dealer.value + 1) % 4
            ns = solve_masks(masks, tk, leader, (), active=15)
            total += ns if seat % 2 == 0 else 6 - ns
            n += 1
        return total / max(n, 1)

    def _trump_options(self, view: PlayerView) -> list[Suit | None]:
        options: list[Suit | None] = list(SUITS)
        if view.rules.no_trump:
            options.append(None)
        return options

    def _advise_bid(self, view: PlayerView) -> Advice:
        values = {
            t: self._contract_value(view, view.hand, t, self.bid_samples)
            for t in self._trump_options(view)
        }
        trump = max(values, key=lambda t: values[t])
        value = values[trump]
        legal = view.legal_actions
        bids = [a for a in legal if isinstance(a, Bid)]
        passes = [a for a in legal if isinstance(a, Pass)]
        # Bid what the hand takes on average, a little cautiously.
        can = [b for b in bids if not b.big and b.tricks <= value - 0.3]
        tname = trump.plural if trump is not None else "no trump"
        if view.rules.bidding is BiddingScale.PEPPER and value >= 5.8:
            big = [b for b in bids if b.big]
            if big:
                return Advice(
                    big[0],
                    f"Bid Big Pepper: with {tname} the hand takes {value:.1f} of 6 tricks "
                    f"on average over {self.bid_samples} sampled deals.",
                    samples=self.bid_samples,
                )
        if can and value >= 3:
            bid = can[0]
            return Advice(
                bid,
                f"Bid {bid.label}: with {tname} as trump the hand takes {value:.1f} tricks "
                f"on average over {self.bid_samples} sampled deals, partner's cards unknown.",
                samples=self.bid_samples,
            )
        action: Action = passes[0] if passes else bids[0]
        return Advice(
            action,
            f"{_describe(action)}: the best trump ({tname}) takes only {value:.1f} tricks "
            f"on average over {self.bid_samples} sampled deals"
            + (f", not enough to outbid {view.high_bid.label}." if view.high_bid else "."),
            samples=self.bid_samples,
        )

    def _advise_trump(self, view: PlayerView) -> Advice:
        options = self._trump_options(view)
        values = {t: self._contract_value(view, view.hand, t, self.bid_samples) for t in options}
        trump = max(values, key=lambda t: values[t])
        action = next(a for a in view.legal_actions if isinstance(a, NameTrump) and a.suit is trump)
        ranked = sorted(values.items(), key=lambda kv: -kv[1])
        others = ", ".join(f"{t.plural if t else 'no trump'} {v:.1f}" for t, v in ranked[1:3])
        tname = trump.plural if trump is not None else "no trump"
        reason = (
            f"Name {tname}: it takes {values[trump]:.1f} tricks on average over "
            f"{self.bid_samples} sampled deals (next: {others})."
        )
        return Advice(
            action,
            reason,
            {a: values[a.suit] for a in view.legal_actions if isinstance(a, NameTrump)},
            self.bid_samples,
        )

    def _advise_discard(self, view: PlayerView) -> Advice:
        tk = _tk(view.trump)
        discards = [a for a in view.legal_actions if isinstance(a, Discard)]
        # Judge the few cards worth considering: every plain card, or the weakest trumps.
        candidates = [a for a in discards if EFF[tk][a.card.index] != tk] or discards
        values: dict[Action, float] = {}
        for a in candidates:
            hand = [c for c in view.hand if c is not a.card]
            values[a] = self._contract_value(view, hand, view.trump, self.bid_samples)
        best = max(values, key=lambda a: values[a])
        assert isinstance(best, Discard)
        reason = (
            f"Discard {best.card.text}: keeping the other six takes {values[best]:.1f} tricks "
            f"on average over {self.bid_samples} sampled deals; trumps and aces are worth "
            "more than a lone low card."
        )
        return Advice(best, reason, values, self.bid_samples)


def _weakest(hand: Sequence[Card], tk: int) -> Card:
    order = ORDERS[tk]
    plain = [c for c in hand if EFF[tk][c.index] != tk]
    return max(plain or hand, key=order.index)


def _describe(action: Action) -> str:
    if isinstance(action, Play):
        return f"Play {action.card.text}"
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Bid):
        return f"Bid {action.label}"
    if isinstance(action, NameTrump):
        return f"Name {action.suit.plural if action.suit else 'no trump'}"
    if isinstance(action, Discard):
        return f"Discard {action.card.text}"
    return "Go alone" if action.alone else "Play with your partner"


def _play_reason(action: Action, avg: Mapping[Action, float], n: int, done: int) -> str:
    assert isinstance(action, Play)
    best = avg[action]
    worse = sorted(
        ((a, v) for a, v in avg.items() if v < avg[action] - 0.05),
        key=lambda kv: -kv[1],
    )
    equal = [a for a, v in avg.items() if a is not action and abs(v - best) <= 0.05]
    head = (
        f"Play {action.card.text}: over {n} deals of the unseen cards that fit what you "
        f"have seen, your side takes {best:.1f} of the {6 - done} tricks left on average"
    )
    if not worse:
        return head + "; every legal card does as well, so keep your better cards."
    w_action, w_value = worse[0]
    assert isinstance(w_action, Play)
    tail = f"; {w_action.card.text} would take {w_value:.1f}"
    if equal:
        tail += f" ({join_and(a.card.text for a in equal if isinstance(a, Play))} do as well)"
    return head + tail + "."
