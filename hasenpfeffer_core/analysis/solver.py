"""Double-dummy solver: the tricks each side takes when every card is visible.

"Double dummy" means all the hands are face up: each side plays perfectly to
take as many of the remaining tricks as it can, knowing where every card is.
The result is the yardstick for judging a play: a card is a mistake when it
costs tricks under best play afterwards.

>>> from hasenpfeffer_core.analysis.solve_cards import double_dummy, play_values
>>> hands = {"N": "JK 9S", "E": "AS KS", "S": "JH QS", "W": "9H TS"}
>>> double_dummy(hands, "H", "N")
{'NS': 1, 'EW': 1}
>>> {card.text: n for card, n in play_values(hands, "H", "N").items()}
{'JK': 1, '9♠': 1}

North can lead the Joker or the nine of spades: either way E-W take one trick.
The values of a play count the tricks of the side of the player to move.

Every rule of play (following suit, what wins a trick) comes from the small
integer tables of :mod:`hasenpfeffer_core.engine.tricks`; this module only searches.

How the search works
--------------------
The value of a position (N-S's tricks from here) is found by a short series
of null-window tests "can N-S take at least ``need`` tricks?" (MTD(f) over the
values 0 to 6, starting from a rough estimate). Each test is a fail-soft
alpha-beta search with:

* a transposition table at trick boundaries. Its key says, for each suit,
  who holds the cards still in play in order of rank, and who leads: cards
  already played do not matter, so positions that differ only in which low
  cards are gone share an entry. An entry holds a lower and an upper bound and
  the best lead found. The table is kept between calls (one per trump);
* equivalent cards: within one effective suit, cards adjacent in rank among
  the cards still in play (held, or on the table in the current trick) do the
  same thing, so only one of each run is tried;
* move ordering: the best lead remembered in the table, then cards that top
  their suit, strongest first; followers try the cheapest winning card when
  the opponents are winning the trick, the cheapest card otherwise;
* bounds: a player's trumps each win a trick, but for those that the
  opponents' higher trumps can be matched with (one each); the leader can cash the top cards of a suit while no opponent can trump
  them; a side cannot take more tricks than remain; the last trick is played
  out directly, and with four players in play so are the last two (a plain
  minimax over at most 16 ways to play the first of them, whose exact value
  goes into the table).

The caches are module globals shared by all calls (see :func:`clear_caches`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from ..engine.errors import InvalidDataError
from ..engine.i18n import gettext as _
from ..engine.i18n import ngettext
from ..engine.seats import SEATS
from ..engine.tricks import (
    EFF,
    NO_TRUMP_KEY,
    SUIT_MASK,
    WIN,
    legal_mask,
    winner_index,
)

__all__ = [
    "TrickEngine",
    "Work",
    "card_runs",
    "check_position",
    "clear_caches",
    "infer_active",
    "play_values_masks",
    "seat_letters",
    "seat_orders",
    "solve_masks",
]

# A player holds at most this many cards when play starts: one per trick.
_MAX_TRICKS: Final = 6

# --- tables derived from tricks.py ------------------------------------------

# _ASC[tk][code]: the card indices of effective suit ``code`` under trump key
# ``tk``, weakest first (by the trick-ordering key with that suit led).
_ASC: Final[list[list[tuple[int, ...]]]] = [
    [
        tuple(
            sorted(
                (i for i in range(25) if SUIT_MASK[tk][code] >> i & 1),
                key=WIN[tk][code].__getitem__,
            )
        )
        for code in range(5)
    ]
    for tk in range(5)
]

# _OWN[tk][i]: the trick-ordering key of card i when it is led (trumps above
# plain cards, then by rank): the order in which cards are tried.
_OWN: Final[list[list[int]]] = [[WIN[tk][EFF[tk][i]][i] for i in range(25)] for tk in range(5)]

# _ABOVE[tk][i]: the cards of i's effective suit that beat i.
_ABOVE: Final[list[list[int]]] = [
    [
        sum(1 << j for j in range(25) if EFF[tk][j] == EFF[tk][i] and _OWN[tk][j] > _OWN[tk][i])
        for i in range(25)
    ]
    for tk in range(5)
]

# --- caches kept between calls ----------------------------------------------

# _GEN[tk]: (legal cards of one suit | that suit's cards in play << 25) -> one card
# of each run of equivalent cards, weakest first. Depends on nothing but tk. Keyed
# by suit (not by whole hands and every card in play), it serves every deal.
_GEN: Final[list[dict[int, tuple[int, ...]]]] = [{} for _ in range(5)]
_GEN_LIMIT: Final = 10_000
# _VOID[tk]: (a hand | the cards in play of the suits of which it holds two or more
# << 25) -> gen(hand, cards in play): the cards worth trying by a player void in the
# suit led, by the leader in the misère game, and in the points search (TrickEngine.gen).
# _SPANS[tk]: hand -> the cards of the suits of which it holds two or more.
_VOID: Final[list[dict[int, tuple[int, ...]]]] = [{} for _ in range(5)]
_SPANS: Final[list[dict[int, int]]] = [{} for _ in range(5)]
# _TT[(tk, joker any time, misère)]: position key -> lo | hi << 4 | (best lead + 1) << 8.
# The key names the holder of every card in play by rank, so it means the same
# position whatever the deal.
_TT: Final[dict[tuple[int, bool, bool], dict[int, int]]] = {}
_TT_LIMIT: Final = 25_000
# _CODES[tk]: a few recent deals (the four hands) with, for each, a map from the
# cards of one suit in play to the number naming their holders in rank order.
# A deal's map serves any position whose hands are subsets of the deal's.
_CODES: Final[list[list[tuple[tuple[int, ...], dict[int, int]]]]] = [[] for _ in range(5)]
_CODES_KEPT: Final = 4
_CODES_LOCK: Final = threading.Lock()


def clear_caches() -> None:
    """Forget the transposition tables and move lists kept between calls.

    They only make later calls faster. Each is emptied when it grows past its
    limit, so together they stay under about 20 MB.
    """
    for g in _GEN:
        g.clear()
    for g in _VOID:
        g.clear()
    for sp in _SPANS:
        sp.clear()
    _TT.clear()
    for c in _CODES:
        c.clear()


def _codes_for(tk: int, masks: Sequence[int]) -> tuple[tuple[int, ...], dict[int, int]]:
    """The holder codes of a deal that ``masks`` (the four hands) can come from."""
    with _CODES_LOCK:
        kept = _CODES[tk]
        for i, (deal, codes) in enumerate(kept):
            if not (
                masks[0] & ~deal[0]
                or masks[1] & ~deal[1]
                or masks[2] & ~deal[2]
                or masks[3] & ~deal[3]
            ):
                if i:
                    kept.insert(0, kept.pop(i))
                return deal, codes
        fresh: tuple[tuple[int, ...], dict[int, int]] = (tuple(masks), {0: 0})
        kept.insert(0, fresh)
        del kept[_CODES_KEPT:]
        return fresh


def seat_orders(active: int) -> list[tuple[int, ...]]:
    """For each leader, the seats in play in playing order (clockwise from the leader)."""
    return [
        tuple(s for s in ((lead + i) % 4 for i in range(4)) if active >> s & 1) for lead in range(4)
    ]


# --- the search ---------------------------------------------------------------

# boundary(leader, need) and play(seq, pos, moves, table, best, winner, need)
# are fail-soft null-window tests: the result v is a lower bound on N-S's
# tricks when v >= need and an upper bound when v < need.


class _Boundary(Protocol):
    def __call__(self, leader: int, need: int, known: int = 0, /) -> int: ...


_Play = Callable[[tuple[int, ...], int, list[tuple[int, ...]], list[int], int, int, int], int]
# plays[pos](seq, fm, table, best, winner, need): the same test from position pos on
_Next = Callable[[tuple[int, ...], list[tuple[int, ...]], list[int], int, int, int], int]
_Follows = Callable[[tuple[int, ...], int, int, int], list[tuple[int, ...]]]


class TrickEngine:
    """The search over one position; ``hands`` (four bit masks) changes during a test.

    With ``misere``, the game where each side plays to *lose* tricks (N-S keep their
    tricks down, E-W push them up): what a side whose every trick costs it a point
    plays (:mod:`~hasenpfeffer_core.analysis.points_solver`). The bounds that hold
    whatever the sides want (the tricks a side's trumps are sure to take, the last trick) stay;
    the leader's cashing bound goes.
    """

    __slots__ = ("boundary", "follows", "gen", "hands", "key", "play", "seqs", "tk", "work")

    def __init__(
        self,
        tk: int,
        jat: bool,
        active: int,
        masks: Sequence[int],
        misere: bool = False,
        tables: dict[tuple[int, bool, bool], dict[int, int]] | None = None,
    ) -> None:
        # (Long on purpose, as is its boundary test: the search is built here as closures
        # over local names, so that none of its millions of nodes pays for a method or
        # attribute lookup. tests/test_layers.py exempts these two from the limit on a
        # function's length, and no other.)
        self.tk = tk
        self.hands = hands = list(masks)
        # work[0]: the positions at a trick boundary searched so far (see Work)
        self.work = work = [0]
        self.seqs = seqs = seat_orders(active)
        nplayers = len(seqs[0])
        last = nplayers - 1
        four = nplayers == 4 and not misere  # the last two tricks are played out by two()
        deal, codes = _codes_for(tk, masks)
        jat = jat and tk == NO_TRUMP_KEY  # the option only matters at no trump
        tt = (_TT if tables is None else tables).setdefault((tk, jat, misere), {})
        # lowers[seat]: whether the seat plays to keep N-S's tricks down (E-W; or, in
        # the misère game, N-S, each side playing to lose tricks)
        lowers = (True, False, True, False) if misere else (False, True, False, True)
        if len(tt) > _TT_LIMIT:
            tt.clear()
        gcache = _GEN[tk]
        if len(gcache) > _GEN_LIMIT:
            gcache.clear()
        gget = gcache.get
        vcache = _VOID[tk]
        if len(vcache) > _GEN_LIMIT:
            vcache.clear()
        vget = vcache.get
        spans = _SPANS[tk]
        if len(spans) > _GEN_LIMIT:
            spans.clear()
        sget = spans.get
        cget = codes.get
        eff = EFF[tk]
        win = WIN[tk]
        suit_mask = SUIT_MASK[tk]
        asc = _ASC[tk]
        desc = [a[::-1] for a in asc]
        own = _OWN[tk]
        above = _ABOVE[tk]
        joker_bit = 1 << 24 if jat else 0  # a Joker that may be played any time
        bits = [1 << c for c in range(25)]
        singles = [(c,) for c in range(25)]
        trump_code = eff[24]  # the Joker belongs to the top suit (code 4 at no trump)
        trump_bits = suit_mask[trump_code]
        trumps_desc = desc[trump_code]
        suit_codes = [(code, sm) for code, sm in enumerate(suit_mask) if sm]
        suit_masks = [sm for sm in suit_mask if sm]
        suit_codes_rev = suit_codes[::-1]

        def suit_code(x: int) -> int:
            """A number naming the holders of the cards ``x`` of one suit, in rank order."""
            k = 1
            for c in asc[eff[x.bit_length() - 1]]:
                b = 1 << c
                if x & b:
                    k = k << 2 | (
                        0 if deal[0] & b else 1 if deal[1] & b else 2 if deal[2] & b else 3
                    )
            codes[x] = k
            return k

        def sure_trumps(x: int) -> int:
            """For the trumps ``x`` in play: the tricks each side is sure to take with
            them, N-S's + E-W's << 3.

            Every card gets played, and a player plays one card to a trick: each trump
            of a player wins a different trick for its side unless an opponent plays a
            higher trump to it (the highest trump in a trick wins it, the partner's
            included). An opponent's trump beats at most one of them, and only those
            below it: the player's side takes at least its trumps less the most of them
            that distinct higher trumps of the other side can be matched with (the
            greedy matching down the ranks, each trump of the player taken by the
            nearest unmatched opponent's trump above it). Partners may play their trumps
            to the same trick, so a side counts its better player's only. This holds
            whatever either side plays for (tricks, or the misère game's fewest)."""
            got = [0, 0]
            for seat in range(4):
                mine = deal[seat]
                if not x & mine:
                    continue
                theirs = deal[(seat + 1) % 4] | deal[(seat + 3) % 4]
                free = k = 0
                for c in trumps_desc:
                    b = 1 << c
                    if not x & b:
                        continue
                    if theirs & b:
                        free += 1
                    elif mine & b:
                        if free:
                            free -= 1
                        else:
                            k += 1
                side = seat & 1
                if k > got[side]:
                    got[side] = k
            q = got[0] | got[1] << 3
            codes[x | 1 << 26] = q
            return q

        def gen_suit(code: int, legal: int, inplay: int) -> tuple[int, ...]:
            """One card of each run of equivalent cards of ``legal`` (all of suit ``code``).

            Cards of ``inplay`` (the suit's cards in play) that are not in
            ``legal`` break runs; cards out of play do not. Weakest first. The
            callers look in ``gcache`` first (key ``legal | inplay << 25``).
            """
            out: list[int] = []
            run = False
            for c in asc[code]:
                b = 1 << c
                if legal & b:
                    if not run:
                        out.append(c)
                        run = True
                elif inplay & b:
                    run = False
            r = tuple(out)
            gcache[legal | inplay << 25] = r
            return r

        def span(hand: int) -> int:
            """The cards of the suits of which ``hand`` holds two cards or more."""
            r = 0
            for sm in suit_masks:
                x = hand & sm
                if x & (x - 1):
                    r |= sm
            spans[hand] = r
            return r

        def gen(legal: int, inplay: int) -> tuple[int, ...]:
            """One card of each run of equivalent cards in ``legal``, weakest first."""
            out: list[int] = []
            for code, sm in suit_codes:
                x = legal & sm
                if x:
                    if x & (x - 1):
                        xs = inplay & sm
                        r = gget(x | xs << 25)
                        out += gen_suit(code, x, xs) if r is None else r
                    else:
                        out.append(x.bit_length() - 1)
            if len(out) > 1:
                out.sort(key=own.__getitem__)
            return tuple(out)

        def kept_gen(hand: int, inplay: int) -> tuple[int, ...]:
            """gen(hand, inplay), kept in ``vcache``: it depends on the cards in play
            only in the suits of which ``hand`` holds two cards or more."""
            sp = sget(hand)
            if sp is None:
                sp = span(hand)
            k = hand | (inplay & sp) << 25
            r = vget(k)
            if r is None:
                r = vcache[k] = gen(hand, inplay)
            return r

        def leads(hand: int, inplay: int) -> tuple[int, ...]:
            """One card of each run of equivalent cards in ``hand``, in the order tried
            as leads: the cards that top their suit, then the rest; strongest first."""
            others = inplay & ~hand
            tops: list[int] = []
            rest: list[int] = []
            for code, sm in suit_codes_rev:
                x = hand & sm
                if x:
                    if x & (x - 1):
                        xs = inplay & sm
                        r = gget(x | xs << 25)
                        if r is None:
                            r = gen_suit(code, x, xs)
                        c = r[-1]
                        if others & above[c]:
                            rest += r
                        else:
                            tops.append(c)
                            rest += r[:-1]
                    else:
                        c = x.bit_length() - 1
                        if others & above[c]:
                            rest.append(c)
                        else:
                            tops.append(c)
            if len(tops) > 1:
                tops.sort(key=own.__getitem__, reverse=True)
            if len(rest) > 1:
                rest.sort(key=own.__getitem__, reverse=True)
            return (*tops, *rest)

        def follows(
            seq: tuple[int, ...], led: int, inplay: int, start: int
        ) -> list[tuple[int, ...]]:
            """For each position from ``start`` on, the cards worth trying after ``led``."""
            code = eff[led]
            lm = suit_mask[code]
            out: list[tuple[int, ...]] = [()] * nplayers
            for pos in range(start, nplayers):
                hand = hands[seq[pos]]
                legal = hand & lm
                if legal:
                    legal |= hand & joker_bit  # the Joker any time (at no trump)
                    if not legal & (legal - 1):
                        out[pos] = singles[legal.bit_length() - 1]
                    elif legal & lm == legal:
                        x = inplay & lm
                        r = gget(legal | x << 25)
                        out[pos] = gen_suit(code, legal, x) if r is None else r
                    else:
                        out[pos] = gen(legal, inplay)
                elif not hand & (hand - 1):
                    out[pos] = singles[hand.bit_length() - 1]
                else:
                    sp = sget(hand)
                    if sp is None:
                        sp = span(hand)
                    k = hand | (inplay & sp) << 25
                    r = vget(k)
                    if r is None:
                        r = vcache[k] = gen(hand, inplay)
                    out[pos] = r
            return out

        def legal_cards(hand: int, lm: int) -> tuple[int, ...]:
            """The legal cards of a hand of two cards, the led suit's cards ``lm``."""
            legal = hand & lm
            if legal:
                legal |= hand & joker_bit
                if not legal & (legal - 1):
                    return singles[legal.bit_length() - 1]
            else:
                legal = hand
            low = legal & -legal
            return ((legal ^ low).bit_length() - 1, low.bit_length() - 1)

        def two(leader: int) -> int:
            """N-S's tricks of the last two tricks, exactly, ``leader`` to lead (four
            players in play; each side plays to take tricks).

            A plain minimax over every legal card (at most 16 ways to play the first
            trick), in the leading side's tricks: the players in positions 0 and 2
            (the leader and its partner) take the most, the others the fewest."""
            h = hands
            seq = seqs[leader]
            h0 = h[leader]
            h1 = h[seq[1]]
            h2 = h[seq[2]]
            h3 = h[seq[3]]
            low = h0 & -h0
            va = -1
            for a in (low.bit_length() - 1, (h0 ^ low).bit_length() - 1):
                code = eff[a]
                lm = suit_mask[code]
                t = win[code]
                ka = t[a]
                ra = (h0 ^ bits[a]).bit_length() - 1
                vb = 3
                for b in legal_cards(h1, lm):
                    kb = t[b]
                    rb = (h1 ^ bits[b]).bit_length() - 1
                    if kb > ka:
                        k2, w2 = kb, 1
                    else:
                        k2, w2 = ka, 0
                    vc = -1
                    for c in legal_cards(h2, lm):
                        kc = t[c]
                        rc = (h2 ^ bits[c]).bit_length() - 1
                        if kc > k2:
                            k3, w3 = kc, 2
                        else:
                            k3, w3 = k2, w2
                        vd = 3
                        for d in legal_cards(h3, lm):
                            rd = (h3 ^ bits[d]).bit_length() - 1
                            w = 3 if t[d] > k3 else w3
                            # the last trick, led by the winner of this one
                            t2 = win[eff[(ra, rb, rc, rd)[w]]]
                            m = t2[ra]
                            if t2[rc] > m:
                                m = t2[rc]
                            v = (0 if w & 1 else 1) + (1 if m > t2[rb] and m > t2[rd] else 0)
                            if v < vd:
                                vd = v
                                if vd <= vc:
                                    break
                        if vd > vc:
                            vc = vd
                            if vc >= vb:
                                break
                    if vc < vb:
                        vb = vc
                        if vb <= va:
                            break
                if vb > va:
                    va = vb
                    if va == 2:
                        break
            return 2 - va if leader & 1 else va

        def position_key(leader: int) -> int:
            """The transposition table's key of the position at a trick boundary: for
            each suit, the holders of its cards in play in rank order, and the leader
            (for the points search; ``boundary`` computes the same key inline, its hot
            path, rather than pay a call per position)."""
            h = hands
            inplay = h[0] | h[1] | h[2] | h[3]
            key = leader
            for sm in suit_masks:
                x = inplay & sm
                k = cget(x)
                if k is None:
                    k = suit_code(x)
                key = key << 18 | k
            return key

        def boundary(leader: int, need: int, known: int = 0) -> int:
            """Can N-S take ``need`` of the remaining tricks, ``leader`` to lead?
            ``known``: the position's key (position_key), where the caller has it."""
            work[0] += 1
            h = hands
            hl = h[leader]
            n = hl.bit_count()
            if need <= 0:
                return 0
            if need > n:
                return n
            if n == 1:
                c = hl.bit_length() - 1
                table = win[eff[c]]
                best = table[c]
                w = leader
                for s in seqs[leader]:
                    c = h[s].bit_length() - 1
                    if table[c] > best:
                        best = table[c]
                        w = s
                return 0 if w & 1 else 1
            inplay = h[0] | h[1] | h[2] | h[3]
            if known:
                key = known
            else:
                key = leader
                for sm in suit_masks:
                    x = inplay & sm
                    k = cget(x)
                    if k is None:
                        k = suit_code(x)
                    key = key << 18 | k
            e = tt.get(key)
            if e is not None:
                lo = e & 15
                hi = e >> 4 & 15
                if lo >= need:
                    return lo
                if hi < need:
                    return hi
                hint = (e >> 8) - 1
            elif n == 2 and four:
                v = two(leader)
                tt[key] = v | v << 4
                return v
            else:
                hint = -1
                lo = 0
                hi = n
                # The tricks each side is sure to take with its trumps (sure_trumps:
                # a trump wins unless a higher trump of the other side meets it).
                tb = inplay & trump_bits
                if tb:
                    q = cget(tb | 1 << 26)
                    if q is None:
                        q = sure_trumps(tb)
                    lo = q & 7
                    hi = n - (q >> 3)
                if not misere and (lo < need if leader & 1 == 0 else hi >= need):
                    # The leader cashes the top trumps, then the top cards of the other
                    # suits while every opponent who could trump them has to follow, and
                    # while the partner has other cards than trumps to play to them (a
                    # partner with nothing but trumps would overtake and take the lead).
                    o1 = h[(leader + 1) % 4]
                    o2 = h[(leader + 3) % 4]
                    qt = qs = 0
                    for code, sm in suit_codes:
                        mine = hl & sm
                        if not mine:
                            continue
                        k = 0
                        for c in desc[code]:
                            b = 1 << c
                            if mine & b:
                                k += 1
                            elif inplay & b:
                                break
                        if sm == trump_bits:
                            qt = k
                            continue
                        if k and o1 & trump_bits:
                            m = 0 if jat else (o1 & sm).bit_count()
                            if m < k:
                                k = m
                        if k and o2 & trump_bits:
                            m = 0 if jat else (o2 & sm).bit_count()
                            if m < k:
                                k = m
                        qs += k
                    hp = h[(leader + 2) % 4]
                    if hp and qs:
                        pt = (hp & trump_bits).bit_count()
                        room = n - pt - (qt - pt if qt > pt else 0)
                        if qs > room:
                            qs = room
                    q = qt + qs
                    if q > n:
                        q = n
                    if leader & 1:
                        if n - q < hi:
                            hi = n - q
                    elif q > lo:
                        lo = q
                if lo >= need:
                    tt[key] = lo | hi << 4
                    return lo
                if hi < need:
                    tt[key] = lo | hi << 4
                    return hi
            # Leads: the best one found before, then the cards that top their
            # suit, then the rest; strongest first (in the misère game, where both
            # sides play to lose tricks, weakest first).
            moves = first_moves(hl, inplay)
            if hint >= 0 and moves[0] != hint and hint in moves:
                i = moves.index(hint)
                moves = (hint, *moves[:i], *moves[i + 1 :])
            seq = seqs[leader]
            bestc = moves[0]
            if lowers[leader]:
                bv = 99
                for c in moves:
                    h[leader] = hl ^ bits[c]
                    t = win[eff[c]]
                    v = second(seq, follows(seq, c, inplay, 1), t, t[c], leader, need)
                    if v < bv:
                        bv = v
                        bestc = c
                        if v < need:
                            break
            else:
                bv = -1
                for c in moves:
                    h[leader] = hl ^ bits[c]
                    t = win[eff[c]]
                    v = second(seq, follows(seq, c, inplay, 1), t, t[c], leader, need)
                    if v > bv:
                        bv = v
                        bestc = c
                        if v >= need:
                            break
            h[leader] = hl
            if bv >= need:
                lo = bv
            else:
                hi = bv
            tt[key] = lo | hi << 4 | (bestc + 1) << 8
            return bv

        def make_play(pos: int, follow: _Next) -> _Next:
            """The search from position ``pos`` (not the last) of the trick on; ``follow``
            searches from the next position."""

            def play(
                seq: tuple[int, ...],
                fm: list[tuple[int, ...]],
                table: list[int],
                best: int,
                winner: int,
                need: int,
            ) -> int:
                """Can N-S take ``need`` tricks, this one included? ``seq[pos]`` plays next;
                ``table`` ranks the cards in the trick, ``best`` is the rank of the card
                winning it so far, played by ``winner``."""
                p = seq[pos]
                h = hands[p]
                moves = fm[pos]
                if (winner ^ p) & 1 and len(moves) > 1 and not misere:
                    # the opponents are winning the trick: the cheapest winning card first
                    # (the winning cards are the strongest, at the end of ``moves``)
                    i = len(moves) - 1
                    if table[moves[i]] > best and table[moves[0]] <= best:
                        while table[moves[i - 1]] > best:
                            i -= 1
                        moves = moves[i:] + moves[:i]
                if lowers[p]:
                    bv = 99
                    for c in moves:
                        hands[p] = h ^ bits[c]
                        k = table[c]
                        if k > best:
                            v = follow(seq, fm, table, k, p, need)
                        else:
                            v = follow(seq, fm, table, best, winner, need)
                        if v < bv:
                            bv = v
                            if v < need:
                                break
                else:
                    bv = -1
                    for c in moves:
                        hands[p] = h ^ bits[c]
                        k = table[c]
                        if k > best:
                            v = follow(seq, fm, table, k, p, need)
                        else:
                            v = follow(seq, fm, table, best, winner, need)
                        if v > bv:
                            bv = v
                            if v >= need:
                                break
                hands[p] = h
                return bv

            return play

        def play_last(
            seq: tuple[int, ...],
            fm: list[tuple[int, ...]],
            table: list[int],
            best: int,
            winner: int,
            need: int,
        ) -> int:
            """The search from the last position of the trick (see make_play)."""
            p = seq[last]
            h = hands[p]
            moves = fm[last]
            if (winner ^ p) & 1 and len(moves) > 1 and not misere:
                i = len(moves) - 1
                if table[moves[i]] > best and table[moves[0]] <= best:
                    while table[moves[i - 1]] > best:
                        i -= 1
                    moves = moves[i:] + moves[:i]
            r = h.bit_count() - 1  # tricks left after this one
            if lowers[p]:
                bv = 99
                for c in moves:
                    hands[p] = h ^ bits[c]
                    nw = p if table[c] > best else winner
                    if nw & 1:
                        v = r if need > r else boundary(nw, need)
                    elif need <= 1:
                        v = 1
                    else:
                        v = r + 1 if need > r + 1 else boundary(nw, need - 1) + 1
                    if v < bv:
                        bv = v
                        if v < need:
                            break
            else:
                bv = -1
                for c in moves:
                    hands[p] = h ^ bits[c]
                    nw = p if table[c] > best else winner
                    if nw & 1:
                        v = r if need > r else boundary(nw, need)
                    elif need <= 1:
                        v = 1
                    else:
                        v = r + 1 if need > r + 1 else boundary(nw, need - 1) + 1
                    if v > bv:
                        bv = v
                        if v >= need:
                            break
            hands[p] = h
            return bv

        # plays[pos]: the search from position pos of the trick on (pos >= 1)
        plays: list[_Next] = [play_last] * nplayers
        for pos in range(last - 1, 0, -1):
            plays[pos] = make_play(pos, plays[pos + 1])
        second = plays[1]
        first_moves = kept_gen if misere else leads

        def play_any(
            seq: tuple[int, ...],
            pos: int,
            fm: list[tuple[int, ...]],
            table: list[int],
            best: int,
            winner: int,
            need: int,
        ) -> int:
            return plays[pos](seq, fm, table, best, winner, need)

        self.boundary: _Boundary = boundary
        self.key: Callable[[int], int] = position_key
        self.play: _Play = play_any
        self.follows: _Follows = follows
        self.gen: Callable[[int, int], tuple[int, ...]] = kept_gen

    def value(self, leader: int, trick: Sequence[int], guess: int = -1) -> int:
        """N-S's tricks from the current position (the current trick included), exactly.

        ``guess`` is where the search starts (it only affects speed).
        """
        hands = self.hands
        test: Callable[[int], int]
        if trick:
            tk = self.tk
            seq = self.seqs[leader]
            t = len(trick)
            table = WIN[tk][EFF[tk][trick[0]]]
            top = winner_index(trick, tk)
            best = table[trick[top]]
            winner = seq[top]
            inplay = hands[0] | hands[1] | hands[2] | hands[3]
            for c in trick:
                inplay |= 1 << c
            fm = self.follows(seq, trick[0], inplay, t)
            n = hands[seq[t]].bit_count()
            play = self.play

            def test(need: int) -> int:
                return play(seq, t, fm, table, best, winner, need)

        else:
            n = hands[leader].bit_count()
            boundary = self.boundary

            def test(need: int) -> int:
                return boundary(leader, need)

        lo, hi = 0, n
        g = guess if 0 <= guess <= n else _guess(hands, self.tk, leader, n)
        while lo < hi:
            need = g + 1 if g == lo else g
            g = test(need)
            if g >= need:
                lo = g
            else:
                hi = g
        return lo


def _guess(hands: Sequence[int], tk: int, leader: int, n: int) -> int:
    """A rough estimate of N-S's tricks, where the search starts (it only affects speed).

    A least-squares fit on random full deals: the difference between the
    sides in trumps held and in cards topping the other side's cards of their
    suit, and which side leads.
    """
    ns = hands[0] | hands[2]
    ew = hands[1] | hands[3]
    trumps = SUIT_MASK[tk][EFF[tk][24]]
    top = 0
    for cards in _ASC[tk]:
        for c in reversed(cards):
            b = 1 << c
            if ns & b:
                top += 1
            elif ew & b:
                break
        for c in reversed(cards):
            b = 1 << c
            if ew & b:
                top -= 1
            elif ns & b:
                break
    est = (
        n / 2
        + 0.58 * ((ns & trumps).bit_count() - (ew & trumps).bit_count())
        + 0.24 * top
        + (0.36 if leader & 1 == 0 else -0.36)
    )
    return max(0, min(n, round(est)))


# --- the fast entry points (bit masks) ----------------------------------------


def infer_active(counts: Sequence[int], leader: int, t: int) -> int:
    """The seats in play (a bit mask) from the numbers of cards held.

    Seats holding cards are in play. The ``t`` cards of the current trick come
    from the leader and the next seats clockwise that hold one card fewer than
    the players still to play; in the last trick that is no card at all, and
    those seats are taken to have played rather than to sit out.
    """
    if t == 0:
        return sum(1 << s for s in range(4) if counts[s])
    m = counts[leader]
    active = 1 << leader
    played = 1
    for i in range(1, 4):
        s = (leader + i) % 4
        c = counts[s]
        if played < t and c == m:
            active |= 1 << s
            played += 1
        elif c:
            active |= 1 << s
            played = t  # the seats after one still to play have not played either
    return active


def seat_letters() -> list[str]:
    """The seats' one-letter names N, E, S, W (by seat number), in the current language."""
    return [s.letter for s in SEATS]


def check_position(counts: Sequence[int], leader: int, t: int, active: int) -> None:
    """Raise InvalidDataError unless the numbers of cards fit the seats in play and the trick."""
    names = seat_letters()
    rule = "double dummy"
    for s in range(4):
        if counts[s] and not active >> s & 1:
            # Translators: {seat} is a seat's letter ("N"), {n} a number of cards.
            message = ngettext(
                "{seat} holds {n} card but sits out",
                "{seat} holds {n} cards but sits out",
                counts[s],
            )
            raise InvalidDataError(message.format(seat=names[s], n=counts[s]), rule=rule)
    if not active >> leader & 1:
        # Translators: {seat} is a seat's letter ("N").
        message = _("the leader {seat} has no cards and has not led to the trick")
        raise InvalidDataError(message.format(seat=names[leader]), rule=rule)
    for a, b in ((0, 2), (1, 3)):
        if not active >> a & 1 and not active >> b & 1:
            # Translators: {seat} and {partner} are the letters of two partners ("N", "S").
            message = _(
                "{seat} and {partner} both have no cards: only the partner of a lone "
                "player sits out, so each side needs a player"
            )
            raise InvalidDataError(message.format(seat=names[a], partner=names[b]), rule=rule)
    order = seat_orders(active)[leader]
    if t >= len(order):
        if t == len(order):
            # Translators: {n} is the number of cards in the trick and of players in play.
            message = _(
                "the trick has {n} cards but only {n} players are in play, so it is already complete"
            )
        else:
            # Translators: {n} is the number of cards in the trick, {players} of players in
            # play (2 to 4).
            message = _("the trick has {n} cards but only {players} players are in play")
        raise InvalidDataError(message.format(n=t, players=len(order)), rule=rule)
    m = counts[leader] + (1 if t else 0)  # cards held by each player still to play
    held = ", ".join(f"{names[s]} {counts[s]}" for s in order)
    if m > _MAX_TRICKS:
        # Translators: {held} lists the cards each seat holds ("N 7, E 7, S 7, W 7"); {n}
        # is the most a player holds (6).
        message = _("too many cards ({held}): a player holds at most {n} cards, one per trick")
        raise InvalidDataError(message.format(held=held, n=_MAX_TRICKS), rule=rule)
    if any(counts[s] != (m - 1 if i < t else m) for i, s in enumerate(order)):
        if t:
            # Translators: {held} lists the cards each seat holds ("N 2, E 1, S 2, W 2");
            # {played} and {waiting} list seats' letters ("N, E" and "S, W").
            message = _(
                "hands of unequal lengths ({held} cards): the players who have played to "
                "the trick ({played}) should hold one card fewer than those still to play "
                "({waiting})"
            )
        else:
            # Translators: {held} lists the cards each seat holds ("N 2, E 1, S 2, W 2").
            message = _(
                "hands of unequal lengths ({held} cards): at the start of a trick every "
                "player in play holds the same number"
            )
        played = ", ".join(names[s] for s in order[:t])
        waiting = ", ".join(names[s] for s in order[t:])
        raise InvalidDataError(message.format(held=held, played=played, waiting=waiting), rule=rule)


def solve_masks(
    masks: Sequence[int],
    tk: int,
    leader: int,
    trick: Sequence[int] = (),
    *,
    joker_any_time: bool = False,
    active: int | None = None,
    work: Work | None = None,
) -> int:
    """The tricks N-S take from here (the current trick included) under best play.

    ``masks``: the four hands as bit masks (bit ``card.index``), in the order
    N, E, S, W; ``tk``: the :func:`~hasenpfeffer_core.engine.tricks.trump_key`;
    ``leader``: the seat (0-3) who led the current trick, or leads next;
    ``trick``: the card indices played to the current trick so far, led card
    first; ``joker_any_time``: the ``NoTrumpJoker.ANY_TIME`` option;
    ``active``: the seats in play as a bit mask (bit ``seat``). When
    ``active`` is ``None`` it is inferred from the hands and the position is
    checked (raising :class:`InvalidDataError`); otherwise nothing is checked.
    The hands are not modified. With ``work`` (a :class:`Work`), the search keeps its
    transposition tables there and adds what it cost to ``work.count``.
    """
    if active is None:
        counts = [m.bit_count() for m in masks]
        active = infer_active(counts, leader, len(trick))
        check_position(counts, leader, len(trick), active)
    tables = None if work is None else work.tables
    eng = TrickEngine(tk, joker_any_time, active, masks, tables=tables)
    value = eng.value(leader, trick)
    if work is not None:
        work.count += eng.work[0]
    return value


class Work:
    """What a series of searches cost, counted alike on every machine: the positions
    searched at trick boundaries (each costs about 4 to 7 µs in CPython, with the plays
    within its trick), and the transposition tables the series shares. The tables are
    its own, not the module's: a search that finds a position in the tables costs less,
    so with shared tables the count would depend on what was searched before, and a
    budget in it would not give the same answer for the same position every time. A
    budget in time would not either, from one machine to the next (the browser's
    Python to a notebook's).

    >>> w = Work()
    >>> solve_masks([0b11, 0b1100, 0b110000, 0b11000000], 0, 0, active=15, work=w)
    1
    >>> w.count > 0
    True
    """

    __slots__ = ("count", "tables")

    def __init__(self) -> None:
        self.count = 0
        self.tables: dict[tuple[int, bool, bool], dict[int, int]] = {}


def play_values_masks(
    masks: Sequence[int],
    tk: int,
    leader: int,
    trick: Sequence[int] = (),
    *,
    joker_any_time: bool = False,
    active: int | None = None,
    only: int | None = None,
) -> dict[int, int]:
    """For each legal card (by index) of the player to move: the tricks their side takes.

    The arguments are those of :func:`solve_masks`; the values count the tricks
    from here, the current one included. Equivalent cards are searched once. With
    ``only`` (a mask of card indices), only those cards (and the cards equivalent to
    them) are searched and returned.
    """
    if active is None:
        counts = [m.bit_count() for m in masks]
        active = infer_active(counts, leader, len(trick))
        check_position(counts, leader, len(trick), active)
    eng = TrickEngine(tk, joker_any_time, active, masks)
    hands = eng.hands
    seq = eng.seqs[leader]
    t = len(trick)
    p = seq[t]
    h = hands[p]
    n = h.bit_count()
    legal = legal_mask(h, trick[0] if trick else -1, tk, joker_any_time)
    inplay = hands[0] | hands[1] | hands[2] | hands[3]
    for c in trick:
        inplay |= 1 << c
    out: dict[int, int] = {}
    guess = -1
    for run in card_runs(legal, inplay, tk):
        if only is not None and not any(only >> x & 1 for x in run):
            continue
        c = run[0]
        hands[p] = h ^ (1 << c)
        after = (*trick, c)
        if t + 1 == len(seq):
            w = seq[winner_index(after, tk)]
            won = 0 if w & 1 else 1
            v = won + (eng.value(w, (), guess - won) if n > 1 else 0)
        else:
            v = eng.value(leader, after, guess)
        hands[p] = h
        guess = v
        for c in run:
            out[c] = n - v if p & 1 else v
    return out


def card_runs(legal: int, inplay: int, tk: int) -> list[list[int]]:
    """The cards of ``legal`` in runs of equivalent cards (see the module notes): no card
    of ``inplay`` lies between two cards of a run, so they always take the same tricks."""
    runs: list[list[int]] = []
    for cards in _ASC[tk]:
        run: list[int] | None = None
        for c in cards:
            b = 1 << c
            if legal & b:
                if run is None:
                    run = []
                    runs.append(run)
                run.append(c)
            elif inplay & b:
                run = None
    return runs
