"""What one player can see: their own cards and everything played in the open.

A computer player decides from a :class:`PlayerView`, never from the whole
:class:`~hasenpfeffer_core.engine.state.HandState`, so it cannot peek at hidden cards:
the other hands, the widow (unless it picked it up) and the discard (unless it
made it) are simply not in the view.

>>> from hasenpfeffer_core import HandState, Seat
>>> h = HandState.new(dealer=Seat.W, seed=7)
>>> v = PlayerView.of(h, Seat.N)
>>> v.seat, len(v.hand), v.hand_sizes[Seat.E], v.legal_actions == h.legal_actions()
(Seat.N, 6, 6, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import Action, Bid, Pass
from ..engine.cards import JOKER, Card, Suit
from ..engine.errors import InvalidDataError
from ..engine.i18n import gettext as _
from ..engine.rules import NoTrumpJoker, Rules
from ..engine.seats import SEATS, Seat
from ..engine.state import HandState, Phase, Trick
from ..engine.tricks import EFF, NO_TRUMP_KEY, trump_key

ANY_TIME = NoTrumpJoker.ANY_TIME

__all__ = ["PlayerView"]


@dataclass(frozen=True)
class PlayerView:
    """One seat's information about a hand in progress."""

    seat: Seat
    rules: Rules
    dealer: Seat
    phase: Phase
    to_move: Seat | None
    hand: tuple[Card, ...]
    hand_sizes: dict[Seat, int]
    auction: tuple[Bid | Pass, ...]
    high_bid: Bid | None
    maker: Seat | None
    forced_bid: bool
    trump: Suit | None
    trump_named: bool
    widow: Card | None
    discard: Card | None
    maker_alone: bool
    defender_alone: Seat | None
    sitting_out: tuple[Seat, ...]
    tricks: tuple[Trick, ...]
    current_trick: tuple[tuple[Seat, Card], ...]
    leader: Seat | None
    legal_actions: tuple[Action, ...]

    @classmethod
    def of(cls, state: HandState, seat: Seat) -> PlayerView:
        """What ``seat`` knows of ``state``."""
        if not isinstance(seat, Seat):
            raise InvalidDataError(f"a view is for a Seat, got {seat!r}")
        if state.deal is None:
            raise InvalidDataError(_("the hand has not been dealt yet: there is nothing to see"))
        is_maker = state.maker is seat
        picked_up = is_maker and state.rules.widow
        return cls(
            seat=seat,
            rules=state.rules,
            dealer=state.dealer,
            phase=state.phase,
            to_move=state.to_move,
            hand=state.hand(seat),
            hand_sizes={s: len(state.hand(s)) for s in SEATS},
            auction=state.auction,
            high_bid=state.high_bid,
            maker=state.maker,
            forced_bid=state.forced_bid,
            trump=state.trump,
            trump_named=state.trump_named,
            widow=state.widow if picked_up else None,
            discard=state.discard if is_maker else None,
            maker_alone=state.maker_alone,
            defender_alone=state.defender_alone,
            sitting_out=state.sitting_out,
            tricks=state.tricks,
            current_trick=state.current_trick,
            leader=state.leader,
            legal_actions=state.legal_actions() if state.to_move is seat else (),
        )

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far, in order (finished tricks, then the current trick)."""
        return tuple(c for t in self.tricks for c in t.cards) + tuple(
            c for _, c in self.current_trick
        )

    def voids(self) -> dict[Seat, set[int]]:
        """For each seat, the effective suit codes it has shown it does not hold.

        A player who did not follow the suit led holds none of it (under this hand's
        trump; code 4 is the Joker's "no suit" in no trump).
        """
        out: dict[Seat, set[int]] = {s: set() for s in SEATS}
        if not self.trump_named:
            return out
        tk = trump_key(self.trump)
        tricks = [t.plays for t in self.tricks]
        if self.current_trick:
            tricks.append(self.current_trick)
        for plays in tricks:
            led = EFF[tk][plays[0][1].index]
            for s, c in plays[1:]:
                if c is JOKER and tk == NO_TRUMP_KEY and self.rules.no_trump_joker is ANY_TIME:
                    continue  # the any-time Joker says nothing about the suit led
                if EFF[tk][c.index] != led:
                    out[s].add(led)
        return out
