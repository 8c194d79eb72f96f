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
The value is found by a binary search over the scores still possible, each step a
null-window test "are N-S's points at least v?": a fail-soft alpha-beta search over the
cards with a table, at trick boundaries, of bounds on the points. The table's key is the
trick solver's (for each suit, who holds its cards in play in rank order; the leader)
with N-S's tricks so far, so positions that differ only in cards already out of play
share an entry, and one table can serve every deal the judge weighs for a decision.

At a trick boundary the trick solver is asked first. The totals of tricks that answer
"at least v" form a set: all the totals from some number up (can N-S take that many?
one test of the trick solver), all of them up to some number (can N-S keep their tricks
that low? one test of the misère game, where each side plays to lose tricks), both ends
(a failed bid in the middle: either test saying yes answers it), or a band in the middle
(either saying no answers it). Only where the tests leave it open does the search look
at the cards. Cards that are equivalent (adjacent in rank among the cards in play) are
tried once.

Against the search it replaced (a full window from the root, and the trick solver's
exact value at each boundary), this is about twice as fast on deals of the first trick
(``tests/test_points_solver.py`` holds both to an exhaustive search).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..engine.tricks import EFF, NO_TRUMP_KEY, SUIT_MASK, WIN, legal_mask, winner_index
from .solver import TrickEngine, card_runs, seat_orders

__all__ = ["play_points_masks", "points_value"]

_INF: Final = float("inf")

# bounds on N-S's points: (lowest, highest)
_Bounds = tuple[float, float]
# a plan of decide()'s tests (see _Search.plan): the case (0 no test, 1 the trick
# solver's, 2 the misère game's, 3 both ends, 4 a band in the middle), the two tests'
# numbers of tricks, and the bounds each outcome gives
_Plan = tuple[int, int, int, _Bounds | None, _Bounds | None, _Bounds | None]


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
        table: dict[int, tuple[float, float]] | None = None,
    ) -> None:
        self.tk = tk
        self.jat = jat
        self.engine = TrickEngine(tk, jat, active, masks)
        self.hands = self.engine.hands
        self.seqs = seat_orders(active)
        self.last = len(self.seqs[0]) - 1
        self.net = list(net)
        # bounds on N-S's points at trick boundaries, by the trick solver's position key
        # and N-S's tricks so far: positions that differ only in which cards are out of
        # play share an entry, so one table can serve every deal of one decision
        self.table: dict[int, tuple[float, float]] = {} if table is None else table
        self.gen = self.engine.gen
        self.key = self.engine.key
        # the cards worth trying (gen's), by legal cards | cards in play << 25
        self.moves: dict[int, tuple[int, ...]] = {}
        self.masks = tuple(masks)
        self.active = active
        self.misere: TrickEngine | None = None
        # decide()'s plans by N-S's tricks so far, the tricks left and beta
        self.plans: dict[tuple[int, float], _Plan] = {}
        self.win = WIN[tk]
        self.eff = EFF[tk]
        # follow[c]: the cards of the suit of c (by EFF); the Joker when it may be played
        # any time
        self.follow = [SUIT_MASK[tk][e] for e in EFF[tk]]
        self.joker_bit = 1 << 24 if jat and tk == NO_TRUMP_KEY else 0

    def plan(self, won: int, n: int, beta: float) -> _Plan:
        """Which tests of the trick solver answer, at a trick boundary with N-S having
        taken ``won`` tricks and ``n`` to play, the question "are N-S's points at least
        ``beta``?", and the bounds on N-S's points each answer gives (see
        :data:`_Plan`; case 0 with None where no test applies).

        The tricks N-S can end with that score ``beta`` or more form a set ``S`` of
        totals. Where ``S`` is all the totals from some number up, the question is the
        trick solver's own: can N-S take that many? Where it is all the totals up to
        some number, it is the misère game's: can N-S keep their tricks that low? Where
        ``S`` is both ends (the makers fail in the middle: enough tricks make the bid,
        few enough lose little), either test answering yes answers it; where it is a
        band in the middle, either test answering no does. Each answer is a bound:
        the least score of the totals a side can force, or the most of the totals the
        other side can hold it to."""
        net = self.net
        vals = net[won : won + n + 1]
        inside = [v >= beta for v in vals]
        if all(inside):
            return (0, 0, 0, (min(vals), _INF), None, None)
        if not any(inside):
            return (0, 0, 0, (-_INF, max(vals)), None, None)
        first = inside.index(True)
        last = n - inside[::-1].index(True)
        if last == n and all(inside[first:]):
            # can N-S take ``first`` tricks?
            return (1, first, 0, (min(vals[first:]), _INF), (-_INF, max(vals[:first])), None)
        if first == 0 and all(inside[: last + 1]):
            # can E-W make N-S take ``last + 1`` tricks?
            return (
                2,
                last + 1,
                0,
                (-_INF, max(vals[last + 1 :])),
                (min(vals[: last + 1]), _INF),
                None,
            )
        if first == 0 and last == n:
            # both ends: N-S out of the band between them (lowest ``a + 1``, highest
            # ``b - 1``) score beta or more
            a = inside.index(False) - 1
            b = n - inside[::-1].index(False) + 1
            if any(inside[a + 1 : b]):  # more than one band out
                return (0, 0, 0, None, None, None)
            return (
                3,
                b,
                a + 1,
                (min(vals[b:]), _INF),
                (min(vals[: a + 1]), _INF),
                (-_INF, min(max(vals[:b]), max(vals[a + 1 :]))),
            )
        if all(inside[first : last + 1]):
            # a band in the middle: N-S need at least ``first`` and at most ``last``
            return (
                4,
                first,
                last + 1,
                (-_INF, max(vals[:first])),
                (-_INF, max(vals[last + 1 :])),
                (max(min(vals[first:]), min(vals[: last + 1])), _INF),
            )
        return (0, 0, 0, None, None, None)

    def decide(self, leader: int, won: int, beta: float, known: int) -> _Bounds | None:
        """Bounds on N-S's points at a trick boundary from one or two tests of the trick
        solver, for the question "are N-S's points at least ``beta``?" (None where no
        test applies): the tests of :meth:`plan`, which depends only on the numbers,
        kept by them. ``known``: the trick engine's key of the position, which both
        engines share (it names the holders of the cards in play), so neither works it
        out again."""
        n = self.hands[leader].bit_count()
        key = (won << 3 | n, beta)
        p = self.plans.get(key)
        if p is None:
            p = self.plans[key] = self.plan(won, n, beta)
        case = p[0]
        if case == 0:
            return p[3]
        k = p[1]
        if case == 1:
            return p[3] if self.engine.boundary(leader, k, known) >= k else p[4]
        if case == 2:
            return p[3] if self._misere(leader, k, known) >= k else p[4]
        if case == 3:
            if self.engine.boundary(leader, k, known) >= k:
                return p[3]
            k = p[2]
            return p[4] if self._misere(leader, k, known) < k else p[5]
        if self.engine.boundary(leader, k, known) < k:
            return p[3]
        k = p[2]
        return p[4] if self._misere(leader, k, known) >= k else p[5]

    def _misere(self, leader: int, need: int, known: int) -> int:
        """The misère game's test: can E-W force N-S to take ``need`` tricks, N-S
        playing to take as few as they can (fail-soft, as the trick solver's)?
        ``known``: the position's key."""
        if self.misere is None:
            self.misere = TrickEngine(self.tk, self.jat, self.active, self.masks, misere=True)
        self.misere.hands[:] = self.hands
        return self.misere.boundary(leader, need, known)

    def boundary(self, leader: int, won: int, alpha: float, beta: float) -> float:
        """N-S's points, ``leader`` to lead, N-S having taken ``won`` tricks (fail-soft:
        at most ``alpha`` means at most, at least ``beta`` means at least)."""
        key = self.key(leader) << 3 | won
        table = self.table
        found = table.get(key)
        if found is not None:
            lo, hi = found
            if lo == hi or lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        else:
            lo, hi = -_INF, _INF
        bounds = self.decide(leader, won, beta, key >> 3)
        if bounds is not None:
            lo, hi = max(lo, bounds[0]), min(hi, bounds[1])
            if lo >= beta or hi <= alpha:
                table[key] = (lo, hi)
                return lo if lo >= beta else hi
        v = self.trick(self.seqs[leader], 0, -1, 0, 0, leader, won, alpha, beta)
        if v <= alpha:
            hi = min(hi, v)
        elif v >= beta:
            lo = max(lo, v)
        else:
            lo = hi = v
        table[key] = (lo, hi)
        return v

    def trick(
        self,
        seq: tuple[int, ...],
        pos: int,
        led: int,
        played: int,
        best: int,
        winner: int,
        won: int,
        alpha: float,
        beta: float,
    ) -> float:
        """N-S's points, ``seq[pos]`` to play to the trick (fail-soft): ``led`` is the card
        led (-1 when ``pos`` is 0), ``played`` the cards played to it (a mask), ``best``
        the rank of the card winning it so far (in ``WIN`` of the suit led), played by
        ``winner``."""
        h = self.hands
        p = seq[pos]
        held = h[p]
        if led < 0:
            legal = held
        else:
            # legal_mask's rule: follow the suit led (the Joker any time, where allowed)
            legal = held & self.follow[led]
            if legal:
                legal |= held & self.joker_bit
            else:
                legal = held
        maximise = p & 1 == 0
        bv = -_INF if maximise else _INF
        if legal & (legal - 1):
            key = legal | (h[0] | h[1] | h[2] | h[3] | played) << 25
            moves = self.moves.get(key)
            if moves is None:
                moves = self.moves[key] = self.gen(legal, key >> 25)
        else:
            moves = (legal.bit_length() - 1,)
        table = self.win[self.eff[led]] if led >= 0 else self.win[0]
        last = pos == self.last
        for c in moves:
            h[p] = held ^ (1 << c)
            if led < 0:
                table = self.win[self.eff[c]]
                nb, nw = table[c], p
            else:
                k = table[c]
                if k > best:
                    nb, nw = k, p
                else:
                    nb, nw = best, winner
            if last:
                taken = won + (1 if nw & 1 == 0 else 0)
                v = self.boundary(nw, taken, alpha, beta) if h[nw] else self.net[taken]
            else:
                v = self.trick(
                    seq, pos + 1, c if led < 0 else led, played | 1 << c, nb, nw, won, alpha, beta
                )
            if maximise:
                if v > bv:
                    bv = v
                    if v > alpha:
                        alpha = v
            elif v < bv:
                bv = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        h[p] = held
        return bv

    def value(self, leader: int, cards: Sequence[int], won: int) -> float:
        """N-S's points from here, exactly: a binary search over the scores still
        possible, each step a null-window test (whose cut-offs are far more frequent
        than a full window's)."""
        if not cards and not self.hands[leader]:
            return self.net[won]
        if cards:
            seq = self.seqs[leader]
            at = len(cards)
            top = winner_index(cards, self.tk)
            best = self.win[self.eff[cards[0]]][cards[top]]
            played = 0
            for c in cards:
                played |= 1 << c
            n = self.hands[seq[at]].bit_count()
        else:
            n = self.hands[leader].bit_count()
        scores = sorted(set(self.net[won : won + n + 1]))
        lo, hi = 0, len(scores) - 1  # the value is one of scores[lo..hi]
        while lo < hi:
            mid = (lo + hi + 1) // 2
            alpha, beta = scores[mid - 1], scores[mid]
            if cards:
                v = self.trick(seq, at, cards[0], played, best, seq[top], won, alpha, beta)
            else:
                v = self.boundary(leader, won, alpha, beta)
            if v >= beta:
                lo = mid
            else:
                hi = mid - 1
        return scores[lo]


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
    table: dict[int, tuple[float, float]] | None = None,
) -> dict[int, float]:
    """For each legal card (by index) of the player to move: N-S's points minus E-W's
    under best play for points after it (see :func:`points_value`). With ``only`` (a mask
    of card indices), only those cards and the cards equivalent to them. ``table``: a
    dictionary to keep what the search learns in, shared by the calls for other deals
    of the same decision (the same ``tk``, ``won``, ``net``, options and players), which
    meet many of the same positions."""
    search = _Search(tk, joker_any_time, active, masks, net, table)
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
