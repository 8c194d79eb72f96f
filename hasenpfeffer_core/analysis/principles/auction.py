"""The principles of the auction: bid the cheapest bid that wins it, and bid before
you are made to."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...engine.actions import Action, Bid, Pass
from ...engine.auction import FORCED_BID, bid_name
from ...engine.cards import JOKER
from ...engine.i18n import gettext as _
from ...engine.rules import AllPass, BiddingScale, FailedBid
from ..view import PlayerView
from .words import NONE_FOUND, Found

# --- the auction ----------------------------------------------------------------------------


def _failing_words(view: PlayerView) -> str:
    """What a higher bid risks under the failed-bid rule, in plain words."""
    rule = view.rules.failed_bid
    if rule is FailedBid.BID:
        return _(
            "a failed bid loses the amount bid, so a higher bid is harder to make and loses more"
        )
    if rule is FailedBid.SIX:
        return _(
            "a failed bid loses 6 whatever was bid, so a higher bid only makes failing likelier"
        )
    return _(
        "a failed bid loses one point per trick taken whatever was bid, so a higher bid only "
        "makes failing likelier"
    )


def _bid_cheapest(view: PlayerView, action: Action) -> Found:
    if not isinstance(action, Bid) or view.forced_bid or action.big:
        return NONE_FOUND
    bids = [a for a in view.legal_actions if isinstance(a, Bid) and not a.big]
    if not bids:
        return NONE_FOUND
    cheapest = min(bids, key=lambda b: b.level)
    rules = view.rules
    name = bid_name(action.tricks, action.big, rules)
    cheap = bid_name(cheapest.tricks, cheapest.big, rules)
    high = view.high_bid
    pepper = rules.bidding is BiddingScale.PEPPER
    words = {
        "bid": name,
        "seat": high.seat.word if high is not None else "",
        "high": bid_name(high.tricks, high.big, rules) if high is not None else "",
    }
    if action.level == cheapest.level:
        if high is None and pepper:
            # Translators: {bid} is a bid (a number of tricks, or "Little Pepper"); {seat}
            # and {high} are who made the last bid and what it was ("North", "1").
            text = _(
                "Nobody has bid yet, so {bid} is the cheapest bid that takes the auction: a side "
                "that makes its bid scores one point per trick it takes, whatever it bid (Big "
                "Pepper is the one bid worth more: it doubles the result). Bid {bid}."
            )
        elif high is None:
            text = _(
                "Nobody has bid yet, so {bid} is the cheapest bid that takes the auction: a side "
                "that makes its bid scores one point per trick it takes, whatever it bid. Bid "
                "{bid}."
            )
        elif pepper:
            text = _(
                "A bid of {bid} is the cheapest above {seat}'s {high}: a side that makes its bid "
                "scores one point per trick it takes, whatever it bid (Big Pepper is the one bid "
                "worth more: it doubles the result). Bid {bid}."
            )
        else:
            text = _(
                "A bid of {bid} is the cheapest above {seat}'s {high}: a side that makes its bid "
                "scores one point per trick it takes, whatever it bid. Bid {bid}."
            )
        return text.format(**words), None
    if high is not None:
        # Translators: {cheap} is the cheapest bid that was enough; {failing} what a failed bid
        # costs, as "a failed bid loses 6 whatever was bid, so ...".
        text = _(
            "You bid {bid} where {cheap} was enough to outbid {seat}'s {high}: you score the "
            "tricks you take whatever you bid, and {failing}. Bid {cheap}."
        )
    else:
        text = _(
            "You bid {bid} where {cheap} was enough to take the auction: you score the tricks "
            "you take whatever you bid, and {failing}. Bid {cheap}."
        )
    return None, text.format(cheap=cheap, failing=_failing_words(view), **words)


def _bid_before_forced(view: PlayerView, action: Action) -> Found:
    policy = view.rules.all_pass
    if policy is AllPass.JOKER_HOLDER:
        if JOKER not in view.hand:
            return NONE_FOUND
        joker = True
    elif policy is AllPass.DEALER:
        if view.dealer is not view.seat:
            return NONE_FOUND
        joker = False
    else:
        return NONE_FOUND
    if view.forced_bid:
        if isinstance(action, Bid):
            if joker:
                text = _(
                    "All four passed and the player holding the Joker must bid {forced}: that is "
                    "you. Bid {forced}."
                )
            else:
                text = _(
                    "All four passed and the dealer must bid {forced}: that is you. Bid {forced}."
                )
            return text.format(forced=FORCED_BID), None
        return NONE_FOUND
    if view.high_bid is not None:
        return NONE_FOUND
    others_passed = sum(1 for a in view.auction if isinstance(a, Pass)) == 3
    low = [
        a for a in view.legal_actions if isinstance(a, Bid) and not a.big and a.tricks < FORCED_BID
    ]
    if isinstance(action, Bid) and not action.big and action.tricks < FORCED_BID:
        if joker:
            # Translators: {forced} is the bid forced when all four pass (3); {bid} the bid made.
            text = _(
                "You hold the Joker and nobody has bid: if all four pass, the player holding the "
                "Joker must bid {forced}, so a bid of {bid} now is easier to make. Bid {bid}."
            )
        else:
            text = _(
                "You are the dealer and nobody has bid: if all four pass, the dealer must bid "
                "{forced}, so a bid of {bid} now is easier to make. Bid {bid}."
            )
        return text.format(forced=FORCED_BID, bid=action.tricks), None
    if isinstance(action, Pass) and others_passed and low:
        if joker:
            text = _(
                "The other three passed and you hold the Joker: your pass makes you bid {forced} "
                "anyway, a bid you did not choose. Bid {bid} instead."
            )
        else:
            text = _(
                "The other three passed and you are the dealer: your pass makes you bid {forced} "
                "anyway, a bid you did not choose. Bid {bid} instead."
            )
        return None, text.format(forced=FORCED_BID, bid=low[0].tricks)
    return NONE_FOUND


Judge = Callable[[PlayerView, Action], Found]


AUCTION_JUDGES: Final[tuple[tuple[str, Judge], ...]] = (
    ("bid-before-forced", _bid_before_forced),
    ("bid-cheapest", _bid_cheapest),
)
