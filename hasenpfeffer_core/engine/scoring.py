"""Scoring one hand.

Makers who take at least their bid score one point per trick they took. Makers
who fail lose, under the seed, one point per trick they took (an unusual rule
that only the seed has); the options lose the bid, or six. Big Pepper
multiplies the makers' result by ``big_pepper_multiplier`` (2), and a lone hand
multiplies its side's result by ``lone_multiplier`` (2, a borrowed rule).
Defenders score nothing unless ``defenders_score`` is on (one per trick).

>>> from hasenpfeffer_core import Rules, Seat, Side
>>> from hasenpfeffer_core.engine.actions import Bid
>>> r = score_hand(Rules(), Bid(Seat.N, 4), {Side.NS: 2, Side.EW: 4})
>>> r.made, r.points[Side.NS], r.points[Side.EW]
(False, -2, 0)
>>> r.reason
'North-South bid 4 and took 2 tricks: the bid failed, and under the source rules they lose 1 point per trick taken: -2.'
>>> score_hand(Rules(failed_bid="bid"), Bid(Seat.N, 4), {Side.NS: 2, Side.EW: 4}).points[Side.NS]
-4
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .actions import Bid
from .auction import bid_name
from .cards import Suit
from .errors import InvalidDataError, shown
from .i18n import gettext as _
from .i18n import ngettext
from .rules import FailedBid, Rules
from .seats import Seat, Side

__all__ = ["HandResult", "score_hand"]


@dataclass(frozen=True)
class HandResult:
    """The outcome of one played hand; :attr:`reason` explains the score (in the learner's
    language)."""

    rules: Rules
    bid: Bid
    trump: Suit | None
    tricks: Mapping[Side, int]
    made: bool
    points: Mapping[Side, int]
    multiplier: int
    maker_alone: bool
    defender_alone: Seat | None

    @property
    def maker(self) -> Seat:
        """The high bidder."""
        return self.bid.seat

    @property
    def side(self) -> Side:
        """The makers' partnership."""
        return self.bid.seat.side

    @property
    def reason(self) -> str:
        """The score explained, e.g. "North-South bid 4 and took 5 tricks: the bid is made..."."""
        rules = self.rules
        bid = self.bid
        side = self.side
        other = side.other
        taken = self.tricks[side]
        name = bid_name(bid.tricks, bid.big, rules)
        base = self.points[side] // self.multiplier
        # Translators: {side} is a partnership ("North-South"), {bid} a bid ("4", "Big
        # Pepper"), {n} the tricks the side took.
        head = ngettext(
            "{side} bid {bid} and took {n} trick",
            "{side} bid {bid} and took {n} tricks",
            taken,
        ).format(side=side.word, bid=name, n=taken)
        # The points: the base score, then each factor, then the total.
        points = str(base)
        if bid.big:
            # Translators: part of a sum: {points} so far, times {n} for the Big Pepper bid.
            points = _("{points}, times {n} for Big Pepper").format(
                points=points, n=rules.big_pepper_multiplier
            )
        if self.maker_alone:
            # Translators: part of a sum: {points} so far, times {n} for playing alone.
            points = _("{points}, times {n} for going alone").format(
                points=points, n=rules.lone_multiplier
            )
        if self.multiplier != 1:
            # Translators: the end of a sum: {points} so far, then its {total}.
            points = _("{points} = {total}").format(points=points, total=self.points[side])
        if self.made:
            # Translators: {points} is the makers' score for the hand, worked out (such as
            # "4" or "-2, times 2 for Big Pepper = -4").
            outcome = _("the bid is made, 1 point per trick taken: {points}")
        elif rules.failed_bid is FailedBid.TRICKS_TAKEN:
            outcome = _(
                "the bid failed, and under the source rules they lose 1 point per trick "
                "taken: {points}"
            )
        elif rules.failed_bid is FailedBid.BID:
            outcome = _("the bid failed, and they lose the amount of the bid: {points}")
        else:
            outcome = _("the bid failed, and they lose 6: {points}")
        outcome = outcome.format(points=points)
        if not rules.defenders_score:
            # Translators: {result} says what the makers bid and took; {outcome} what they
            # score for it.
            return _("{result}: {outcome}.").format(result=head, outcome=outcome)
        n = self.points[other]
        if self.defender_alone is not None:
            # Translators: {side} is the defending partnership ("East-West"), {n} its
            # points, {factor} what a lone defender's points are multiplied by.
            defenders = ngettext(
                "the defenders, {side}, score {n} point (times {factor} for defending alone)",
                "the defenders, {side}, score {n} points (times {factor} for defending alone)",
                n,
            ).format(side=other.word, n=n, factor=rules.lone_multiplier)
        else:
            # Translators: {side} is the defending partnership ("East-West"), {n} its points.
            defenders = ngettext(
                "the defenders, {side}, score {n} point",
                "the defenders, {side}, score {n} points",
                n,
            ).format(side=other.word, n=n)
        # Translators: {result} says what the makers bid and took, {outcome} what they
        # score, {defenders} what the defenders score.
        return _("{result}: {outcome}; {defenders}.").format(
            result=head, outcome=outcome, defenders=defenders
        )


def score_hand(
    rules: Rules,
    bid: Bid,
    tricks: Mapping[Side, int],
    *,
    trump: Suit | None = None,
    maker_alone: bool = False,
    defender_alone: Seat | None = None,
) -> HandResult:
    """Score a hand in which ``bid.seat`` made the high bid and the sides took ``tricks``."""
    if not isinstance(rules, Rules):
        raise InvalidDataError(f"rules must be a Rules value, got {type(rules).__name__}")
    if not isinstance(bid, Bid):
        raise InvalidDataError(f"the contract must be a Bid, got {shown(bid)}")
    if (
        not isinstance(tricks, Mapping)
        or set(tricks) != {Side.NS, Side.EW}
        or not all(type(n) is int and n >= 0 for n in tricks.values())
        or sum(tricks.values()) > 6
    ):
        raise InvalidDataError(
            f"tricks must give each partnership (Side.NS, Side.EW) its tricks, at most 6 in "
            f"all, got {shown(tricks)}",
            rule="scoring",
        )
    side = bid.seat.side
    other = side.other
    taken = tricks[side]
    made = taken >= bid.tricks
    if made:
        base = taken
    elif rules.failed_bid is FailedBid.TRICKS_TAKEN:
        base = -taken
    elif rules.failed_bid is FailedBid.BID:
        base = -bid.tricks
    else:
        base = -6
    multiplier = 1
    if bid.big:
        multiplier *= rules.big_pepper_multiplier
    if maker_alone:
        multiplier *= rules.lone_multiplier
    defender_points = 0
    if rules.defenders_score:
        defender_points = tricks[other]
        if defender_alone is not None:
            defender_points *= rules.lone_multiplier
    return HandResult(
        rules=rules,
        bid=bid,
        trump=trump,
        tricks=dict(tricks),
        made=made,
        points={side: base * multiplier, other: defender_points},
        multiplier=multiplier,
        maker_alone=maker_alone,
        defender_alone=defender_alone,
    )
