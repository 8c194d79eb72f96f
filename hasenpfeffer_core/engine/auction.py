"""The bids that exist under each bidding scale, and how they rank.

Standard scale (the seed): a bid is a number of tricks from 1 to 6. Pepper
scale (the seed's "alternative bidding"): 1 to 5, Little Pepper (a bid of 6 at
normal stakes) and Big Pepper (a bid of 6 at doubled stakes). Big Pepper may be
bid at any time, with no Little Pepper before it, and outranks Little Pepper.
Each bid must be higher than the current high bid.

>>> from hasenpfeffer_core import Rules, Seat
>>> [bid_name(b.tricks, b.big, Rules(bidding="pepper")) for b in bids_above(None, Seat.N, Rules(bidding="pepper"))][-3:]
['5', 'Little Pepper', 'Big Pepper']
>>> [b.label for b in bids_above(Bid(Seat.E, 5), Seat.S, Rules())]
['6']
"""

from __future__ import annotations

from functools import cache

from .actions import MAX_BID_TRICKS, Bid
from .errors import BidTooLowError, InvalidDataError, shown
from .i18n import gettext as _
from .rules import BiddingScale, Rules
from .seats import Seat

__all__ = ["FORCED_BID", "bid_name", "bids_above", "check_bid", "scale_text"]

#: The bid forced on a player when all four pass (the Joker holder's or the dealer's).
FORCED_BID = 3


def bid_name(tricks: int, big: bool, rules: Rules) -> str:
    """How the rules call a bid: ``3``, ``Little Pepper`` or ``Big Pepper`` (in the
    learner's language)."""
    if not isinstance(rules, Rules):
        raise InvalidDataError(f"rules must be a Rules value, got {type(rules).__name__}")
    if (
        isinstance(tricks, bool)
        or not isinstance(tricks, int)
        or not -MAX_BID_TRICKS <= tricks <= MAX_BID_TRICKS
    ):
        raise InvalidDataError(f"a bid is a whole number of tricks, got {shown(tricks)}")
    if not isinstance(big, bool):
        raise InvalidDataError(f"big (Big Pepper) is True or False, got {shown(big)}")
    if big:
        # Translators: the name of the highest bid (6 tricks, stakes doubled).
        return _("Big Pepper")
    if tricks == 6 and rules.bidding is BiddingScale.PEPPER:
        # Translators: the name of the bid of 6 tricks at normal stakes.
        return _("Little Pepper")
    return str(tricks)


def scale_text(rules: Rules) -> str:
    """The bids of the scale, as the error messages list them (in the learner's language)."""
    if rules.bidding is BiddingScale.PEPPER:
        # Translators: the bids that exist, as in "bids here are 1 to 5, Little Pepper...".
        return _("1 to 5, Little Pepper (6) and Big Pepper (6, doubled)")
    # Translators: the bids that exist, as in "bids are 1 to 6".
    return _("1 to 6")


@cache
def _scale(scale: BiddingScale, seat: Seat) -> tuple[Bid, ...]:
    bids = [Bid(seat, n) for n in range(1, 7)]
    if scale is BiddingScale.PEPPER:
        bids.append(Bid(seat, 6, big=True))
    return tuple(bids)


def bids_above(high: Bid | None, seat: Seat, rules: Rules) -> tuple[Bid, ...]:
    """The bids ``seat`` may make over the high bid ``high`` (``None``: no bid yet)."""
    if not isinstance(rules, Rules):
        raise InvalidDataError(f"rules must be a Rules value, got {type(rules).__name__}")
    if high is not None and not isinstance(high, Bid):
        raise InvalidDataError(f"the high bid must be a Bid or None, got {shown(high)}")
    level = high.level if high is not None else 0
    return tuple(b for b in _scale(rules.bidding, seat) if b.level > level)


def check_bid(bid: Bid, high: Bid | None, high_seat: Seat | None, rules: Rules) -> None:
    """Raise :class:`BidTooLowError` unless ``bid`` exists and outranks the high bid."""
    if bid.big and rules.bidding is not BiddingScale.PEPPER:
        raise BidTooLowError(
            # Translators: {seat} is a seat's name (North...); {bids} lists the bids
            # that exist, as in "1 to 6".
            _(
                "{seat} cannot bid Big Pepper: it exists only with the pepper bidding "
                "(Rules(bidding='pepper')); bids here are {bids}"
            ).format(seat=bid.seat.word, bids=scale_text(rules)),
            rule="bidding scale",
        )
    if not 1 <= bid.tricks <= 6:
        raise BidTooLowError(
            _("{seat} cannot bid {bid}: bids are {bids}").format(
                seat=bid.seat.word, bid=bid.tricks, bids=scale_text(rules)
            ),
            rule="bidding scale",
        )
    if high is not None and bid.level <= high.level:
        assert high_seat is not None
        name = bid_name(bid.tricks, bid.big, rules)
        high_name = bid_name(high.tricks, high.big, rules)
        raise BidTooLowError(
            # Translators: {seat} tried to bid {bid}; {high} is the high bid, made by
            # {bidder} (seats' names: North, East...).
            _(
                "{seat} cannot bid {bid}: the high bid is {high} by {bidder}, and each bid "
                "must be higher than the last"
            ).format(seat=bid.seat.word, bid=name, high=high_name, bidder=high_seat.word),
            rule="bidding",
        )
