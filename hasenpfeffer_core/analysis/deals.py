"""The unseen cards, dealt fairly: every deal that fits what a seat has seen, equally likely.

A player deciding a move does not know where the unseen cards lie. The computer players,
the hints and the figures a learner reads weigh a move over deals of those cards, so the
deals must be drawn *uniformly* from every deal that fits what the seat knows: its own
hand, the cards played, the suits each player has shown it lacks (a void), its own
discard. Any other way of drawing them leans the figures (filling the hands seat by seat
with the first cards that fit piles the cards a void seat skips onto the next seat).

:class:`DealSampler` counts the deals exactly and draws from them exactly. The unseen
cards fall into groups by their suit under the trump (the Joker and both bowers in the
trump suit); a seat void in a suit takes no card of that group; each seat takes exactly
as many cards as it holds, and what is left over is out of play (the maker's discard,
or the widow before it is taken). The number of deals is a sum over how many cards of
each group each seat takes, of the ways to choose those cards; the sampler works out
those counts once per position, then draws each group's split with the probability of
the deals that follow from it, and the cards within a group at random. Every deal that
fits is then exactly as likely as every other (``tests/test_deals.py`` checks the
frequencies against an enumeration of every deal on small positions).

What the auction tells (the maker, having named the trump, holds some trumps) is not a
certainty, so it is applied on top as a filter, explicitly: :func:`fits_auction`.
Rejecting the deals that fail it keeps the draw uniform over the deals that pass.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from functools import cache
from math import comb
from typing import Final

from ..engine.cards import DECK, Card, card_mask
from ..engine.seats import SEATS, Seat
from ..engine.state import Phase
from ..engine.tricks import EFF, SUIT_MASK, trump_key
from .estimate import auction_test
from .view import PlayerView

__all__ = ["MAKER_TRUMPS", "DealSampler", "fits_auction"]

#: The maker named the trump, so held at least this many trumps (the Joker and the
#: bowers included) after the discard: what the auction tells about the maker's hand.
MAKER_TRUMPS: Final = 2
#: The phases in which the calls are read into the deals (see :func:`fits_auction`).
_BEFORE_PLAY: Final = frozenset({Phase.AUCTION, Phase.TRUMP, Phase.DISCARD, Phase.ALONE})


def fits_auction(view: PlayerView) -> Callable[[Sequence[int]], bool] | None:
    """A test of a deal against what the auction tells, or ``None`` when there is
    nothing to test. Two readings, each explicit:

    * until the first card is played (the auction, the trump, the discard, going
      alone), the calls so far:
      :func:`~hasenpfeffer_core.analysis.estimate.auction_fits` (a real bid shows a real
      hand, a pass a weak one), read on the other players' whole hands. The maker's
      trump and discard rest on it as much as a bid does: with it left out, a trump
      was judged as if an opponent's bid of 3 told nothing, and spades came out 0.25
      points better than they are. Once the play begins the judge leaves this reading
      out: it costs a rule-of-thumb count of three hands per deal drawn, against a
      budget far tighter than a call's, and the cards played then tell more;
    * once the trump is named, the maker (another player) holds at least
      :data:`MAKER_TRUMPS` trumps, counting those already played.
    """
    tests: list[Callable[[Sequence[int]], bool]] = []
    if view.phase in _BEFORE_PLAY and view.auction:
        others = [s for s in SEATS if s is not view.seat]
        tests.append(auction_test(tuple(view.auction), others))
    maker = view.maker
    if not (
        maker is None
        or maker is view.seat
        or maker in view.sitting_out
        or not view.trump_named
        or view.trump is None
    ):
        tk = trump_key(view.trump)
        plays = [p for t in view.tricks for p in t.plays] + list(view.current_trick)
        played = sum(1 for s, c in plays if s is maker and EFF[tk][c.index] == tk)
        need = MAKER_TRUMPS - played
        if need > 0:
            trumps = SUIT_MASK[tk][tk]
            seat = maker.value
            tests.append(lambda masks: (masks[seat] & trumps).bit_count() >= need)
    if not tests:
        return None
    if len(tests) == 1:
        return tests[0]
    return lambda masks: all(test(masks) for test in tests)


def _splits(n: int, caps: tuple[int, ...], allowed: tuple[bool, ...]) -> list[tuple[int, ...]]:
    """Every way to split ``n`` cards among the seats: at most ``caps[i]`` to seat ``i``,
    none to a seat not ``allowed``."""
    out: list[tuple[int, ...]] = []

    def walk(i: int, left: int, got: tuple[int, ...]) -> None:
        if i == len(caps) - 1:
            if left <= caps[i] and (allowed[i] or left == 0):
                out.append((*got, left))
            return
        top = min(left, caps[i]) if allowed[i] else 0
        for k in range(top + 1):
            walk(i + 1, left - k, (*got, k))

    walk(0, n, ())
    return out


class DealSampler:
    """Draws deals of the unseen cards for ``view``'s seat, uniformly over every deal
    that fits what the seat has seen (see the module's introduction).

    :meth:`draw` returns four hand masks (N, E, S, W; bit ``i`` for ``DECK[i]``): the
    seat's own hand as it is, the others' hands drawn, a seat sitting out empty.
    ``count`` is how many deals fit. ``auction`` (default on) also applies
    :func:`fits_auction` by rejection (see :meth:`draw`).
    """

    def __init__(self, view: PlayerView, *, auction: bool = True) -> None:
        tk = trump_key(view.trump) if view.trump_named else 4
        seen = set(view.hand) | set(view.played)
        if view.discard is not None:
            seen.add(view.discard)
        unseen = [c for c in DECK if c not in seen]
        voids = view.voids()
        self.view = view
        self.seats: tuple[Seat, ...] = tuple(
            s for s in SEATS if s is not view.seat and s not in view.sitting_out
        )
        # the seats that take cards, then the cards out of play (a discard, the widow)
        need = [view.hand_sizes[s] for s in self.seats]
        self.caps: tuple[int, ...] = (*need, len(unseen) - sum(need))
        if self.caps[-1] < 0:
            raise ValueError("more cards in the other hands than are unseen")
        codes = sorted({EFF[tk][c.index] for c in unseen})
        self.groups: tuple[tuple[Card, ...], ...] = tuple(
            tuple(c for c in unseen if EFF[tk][c.index] == g) for g in codes
        )
        self.allowed: tuple[tuple[bool, ...], ...] = tuple(
            (*(g not in voids[s] for s in self.seats), True) for g in codes
        )
        self.own = card_mask(view.hand)
        self.fits = fits_auction(view) if auction else None

        @cache
        def ways(i: int, caps: tuple[int, ...]) -> int:
            if i == len(self.groups):
                return int(not any(caps))
            total = 0
            n = len(self.groups[i])
            for split in _splits(n, caps, self.allowed[i]):
                rest = tuple(c - k for c, k in zip(caps, split, strict=True))
                follow = ways(i + 1, rest)
                if follow:
                    total += _multinomial(n, split) * follow
            return total

        self._ways = ways
        # _split's tables: the splits of a group and their running weights, by the caps
        self._tables: dict[
            tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int]]
        ] = {}
        self.count = ways(0, self.caps)
        #: How many deals have been drawn, those the auction's filter turned down included.
        self.drawn = 0

    def draw_any(self, rng: random.Random) -> list[int] | None:
        """One deal drawn uniformly from every deal that fits the play (the auction's
        filter not applied); None when no deal fits (a contradictory view)."""
        if not self.count:
            return None
        self.drawn += 1
        masks = [0, 0, 0, 0]
        masks[self.view.seat.value] = self.own
        caps = self.caps
        seats = [s.value for s in self.seats]
        for i, group in enumerate(self.groups):
            split = self._split(i, caps, rng)
            cards = list(group)
            rng.shuffle(cards)
            at = 0
            for seat, k in zip(seats, split, strict=False):
                for c in cards[at : at + k]:
                    masks[seat] |= 1 << c.index
                at += k
            caps = tuple(c - k for c, k in zip(caps, split, strict=True))
        return masks

    def _split(self, i: int, caps: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
        """How many of group ``i``'s cards each seat takes, given what each still takes
        (``caps``): drawn with the chance of the deals that follow from it. The splits and
        their running totals depend on the group and the caps alone, so they are worked
        out once per sampler (a judgement draws hundreds of deals of one position)."""
        key = (i, caps)
        table = self._tables.get(key)
        if table is None:
            n = len(self.groups[i])
            splits: list[tuple[int, ...]] = []
            totals: list[int] = []
            total = 0
            for split in _splits(n, caps, self.allowed[i]):
                rest = tuple(c - k for c, k in zip(caps, split, strict=True))
                weight = _multinomial(n, split) * self._ways(i + 1, rest)
                if weight:
                    total += weight
                    splits.append(split)
                    totals.append(total)
            table = self._tables[key] = (splits, totals)
        splits, totals = table
        # exact, in whole numbers: the first split whose running total passes the pick
        return splits[bisect_right(totals, rng.randrange(totals[-1]))]

    def draw(self, rng: random.Random, tries: int = 50) -> list[int] | None:
        """One deal drawn uniformly from the deals that fit the play and the auction:
        draws are rejected until one fits the auction, so that every fitting deal stays
        equally likely. After ``tries`` draws none of which fits (the cards seen all but
        rule the auction's hint out), the last draw is taken: the play is a certainty,
        the auction only a hint."""
        masks = self.draw_any(rng)
        if masks is None or self.fits is None:
            return masks
        for _ in range(tries - 1):
            if self.fits(masks):
                return masks
            masks = self.draw_any(rng)
            assert masks is not None
        return masks


def _multinomial(n: int, split: Sequence[int]) -> int:
    """The ways to hand ``n`` distinct cards out in the counts ``split``."""
    out, left = 1, n
    for k in split:
        out *= comb(left, k)
        left -= k
    return out
