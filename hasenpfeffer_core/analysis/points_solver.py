"""Best play for points: the double-dummy value of a position when each side plays for
its score, not for its tricks.

Under the source rules makers who fail lose a point for every trick they took, so once
the bid is out of reach the makers want to lose tricks and the defenders want to hand
them tricks (without letting the bid be made after all). Playing for the most tricks is
then the wrong yardstick: the side that plays for tricks can score a point or two less
than the side that plays for points. This module searches the real objective: ``net[t]``,
N-S's points minus E-W's when N-S end the hand with ``t`` tricks.

>>> from hasenpfeffer_core.engine.cards import Suit, parse_cards
>>> from hasenpfeffer_core.engine.tricks import trump_key
>>> from hasenpfeffer_core.analysis.solver import solve_masks
>>> def mask(text):
...     return sum(1 << c.index for c in parse_cards(text))
>>> hands = [mask("AC 9C"), mask("KC TD"), mask("QC 9S"), mask("JC 9D")]
>>> hearts = trump_key(Suit.HEARTS)

N-S bid 5 and have taken 2 tricks, with 2 to play: the bid is lost whatever happens,
and under the source rules each trick N-S take now costs them a point. Playing for
tricks, North leads the ace and takes both (the 9♣ is then the last club): 4 tricks,
-4 points. Playing for points, North leads the 9♣, East must win it with the K♣, and
East's diamond is not North's to beat: 2 tricks, -2.

>>> net = [0, -1, -2, -3, -4, 5, 6]  # N-S's points for N-S taking 0 to 6 tricks
>>> net[2 + solve_masks(hands, hearts, 0)]
-4
>>> points_value(hands, hearts, 0, (), 2, net)
-2

How it searches
---------------
An alpha-beta search over the cards, valued in ``net``, with a table of the positions
met at trick boundaries (the four hands, the leader and N-S's tricks so far) holding
bounds on their value. At each trick boundary the trick solver
(:mod:`~hasenpfeffer_core.analysis.solver`) is asked first: if every result between
the two sides' trick-maximising lines scores the same as the trick solver's result
(for instance, the bid is already made and more tricks are worth more; or no result
left can change the score), that is the value and nothing is searched. Only where the
score rewards losing tricks does the search look further. Cards that are equivalent
(adjacent in rank among the cards in play) are tried once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..engine.tricks import legal_mask, winner_index
from .solver import TrickEngine, card_runs, seat_orders

__all__ = ["play_points_masks", "points_value"]

_INF: Final = float("inf")


class _Search:
    """The search over one position; the hands are the trick engine's own list, changed
    during the search and restored after each card."""

    def __init__(
        self,
        tk: int,
        jat: bool,
        active: int,
        masks: Sequence[int],
        net: Sequence[float],
    ) -> None:
        self.tk = tk
        self.jat = jat
        self.engine = TrickEngine(tk, jat, active, masks)
        self.hands = self.engine.hands
        self.seqs = seat_orders(active)
        self.last = len(self.seqs[0]) - 1
        self.net = list(net)
        self.table: dict[tuple[int, ...], tuple[float, float]] = {}
        self.gen = self.engine.gen
        self.masks = tuple(masks)
        self.active = active
        self.misere: TrickEngine | None = None
        # settles[won][n]: the results of the trick solver (N-S's tricks from a trick
        # boundary with ``won`` taken and ``n`` to play) that settle the position
        self.settles = [
            [
                [m for m in range(n + 1) if self._settles(won, n, m)] if won + n <= 6 else []
                for n in range(7)
            ]
            for won in range(7)
        ]
        # falls[won][n]: whether fewer tricks are never worse for N-S from there (and
        # not all the same): the misère game decides it
        self.falls = [
            [
                won + n <= 6
                and all(net[won + k] >= net[won + k + 1] for k in range(n))
                and net[won] != net[won + n]
                for n in range(7)
            ]
            for won in range(7)
        ]

    def _settles(self, won: int, n: int, m: int) -> bool:
        net = self.net
        v = net[won + m]
        return v == min(net[won + m : won + n + 1]) and v == max(net[won : won + m + 1])

    def settled(self, leader: int, won: int) -> float | None:
        """The value at a trick boundary where playing for tricks is playing for points:
        every N-S total between the two sides' trick-maximising lines scores the same.

        N-S playing for tricks are sure of ``won + m`` tricks or more; E-W playing for
        tricks hold N-S to ``won + m`` or fewer. When ``net[won + m]`` is the least of
        what N-S can end with from ``won + m`` up and the most from ``won + m`` down,
        neither side can do better than the trick-maximising line."""
        n = self.hands[leader].bit_count()
        if self.falls[won][n]:
            if self.misere is None:
                self.misere = TrickEngine(self.tk, self.jat, self.active, self.masks, misere=True)
            self.misere.hands[:] = self.hands
            return self.net[won + self.misere.value(leader, ())]
        settles = self.settles[won][n]
        if not settles:
            return None
        engine = self.engine
        guess = -1
        run = len(settles) == settles[-1] - settles[0] + 1
        if run and settles[-1] == n and settles[0] > 0:
            # only enough tricks settle it (N-S make their bid): one test first
            guess = engine.boundary(leader, settles[0])
            if guess < settles[0]:
                return None
        elif run and settles[0] == 0 and settles[-1] < n:
            # only few enough settle it (N-S cannot set the bid): one test first
            guess = engine.boundary(leader, settles[-1] + 1)
            if guess > settles[-1]:
                return None
        m = engine.value(leader, (), guess)
        return self.net[won + m] if self._settles(won, n, m) else None

    def boundary(self, leader: int, won: int, alpha: float, beta: float) -> float:
        """N-S's points, ``leader`` to lead, N-S having taken ``won`` tricks (fail-soft:
        at most ``alpha`` means at most, at least ``beta`` means at least)."""
        h = self.hands
        key = (h[0], h[1], h[2], h[3], leader, won)
        found = self.table.get(key)
        if found is not None:
            lo, hi = found
            if lo == hi or lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        else:
            lo, hi = -_INF, _INF
            exact = self.settled(leader, won)
            if exact is not None:
                self.table[key] = (exact, exact)
                return exact
        v = self.trick(self.seqs[leader], 0, (), won, alpha, beta)
        if v <= alpha:
            hi = min(hi, v)
        elif v >= beta:
            lo = max(lo, v)
        else:
            lo = hi = v
        self.table[key] = (lo, hi)
        return v

    def trick(
        self,
        seq: tuple[int, ...],
        pos: int,
        cards: tuple[int, ...],
        won: int,
        alpha: float,
        beta: float,
    ) -> float:
        """N-S's points, ``seq[pos]`` to play to the trick ``cards`` (fail-soft)."""
        h = self.hands
        p = seq[pos]
        held = h[p]
        tk = self.tk
        legal = legal_mask(held, cards[0] if cards else -1, tk, self.jat)
        inplay = h[0] | h[1] | h[2] | h[3]
        for c in cards:
            inplay |= 1 << c
        maximise = p & 1 == 0
        best = -_INF if maximise else _INF
        for c in self.gen(legal, inplay) if legal & (legal - 1) else (legal.bit_length() - 1,):
            h[p] = held ^ (1 << c)
            after = (*cards, c)
            if pos == self.last:
                winner = seq[winner_index(after, tk)]
                taken = won + (1 if winner & 1 == 0 else 0)
                v = self.boundary(winner, taken, alpha, beta) if h[winner] else self.net[taken]
            else:
                v = self.trick(seq, pos + 1, after, won, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        h[p] = held
        return best

    def value(self, leader: int, cards: Sequence[int], won: int) -> float:
        if cards:
            return self.trick(self.seqs[leader], len(cards), tuple(cards), won, -_INF, _INF)
        if not self.hands[leader]:
            return self.net[won]
        return self.boundary(leader, won, -_INF, _INF)


def points_value(
    masks: Sequence[int],
    tk: int,
    leader: int,
    trick: Sequence[int],
    won: int,
    net: Sequence[float],
    *,
    joker_any_time: bool = False,
    active: int = 15,
) -> float:
    """N-S's points minus E-W's under best play for points, from here to the end of the
    hand: ``net[t]`` for N-S ending with ``t`` tricks, ``won`` of them already taken.

    The other arguments are those of :func:`~hasenpfeffer_core.analysis.solver.solve_masks`
    (the position is not checked)."""
    return _Search(tk, joker_any_time, active, masks, net).value(leader, trick, won)


def play_points_masks(
    masks: Sequence[int],
    tk: int,
    leader: int,
    trick: Sequence[int],
    won: int,
    net: Sequence[float],
    *,
    joker_any_time: bool = False,
    active: int = 15,
    only: int | None = None,
) -> dict[int, float]:
    """For each legal card (by index) of the player to move: N-S's points minus E-W's
    under best play for points after it (see :func:`points_value`). With ``only`` (a mask
    of card indices), only those cards and the cards equivalent to them."""
    search = _Search(tk, joker_any_time, active, masks, net)
    hands = search.hands
    seq = search.seqs[leader]
    t = len(trick)
    p = seq[t]
    held = hands[p]
    legal = legal_mask(held, trick[0] if trick else -1, tk, joker_any_time)
    inplay = hands[0] | hands[1] | hands[2] | hands[3]
    for c in trick:
        inplay |= 1 << c
    out: dict[int, float] = {}
    for run in card_runs(legal, inplay, tk):
        if only is not None and not any(only >> x & 1 for x in run):
            continue
        c = run[0]
        hands[p] = held ^ (1 << c)
        after = (*trick, c)
        if t == len(seq) - 1:
            winner = seq[winner_index(after, tk)]
            taken = won + (1 if winner & 1 == 0 else 0)
            v = search.value(winner, (), taken)
        else:
            v = search.value(leader, after, won)
        hands[p] = held
        for x in run:
            out[x] = v
    return out
