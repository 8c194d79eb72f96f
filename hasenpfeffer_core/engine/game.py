"""A game: hands chained until one partnership reaches the target score (10).

The first dealer is chosen at random (from the game's seed) and the deal passes
to the left after each hand, thrown-in hands included. Negative scores are
possible. The first partnership to reach the target wins; if an option lets
both sides reach it on the same hand, the makers win.

>>> from hasenpfeffer_core import Game, Seat
>>> g = Game(seed=3, first_dealer=Seat.N)
>>> while not g.hand.is_over:
...     g.apply(g.legal_actions()[0])
>>> g.hand.result.reason
'North-South bid 3 and took 4 tricks: the bid is made, 1 point per trick taken: 4.'
>>> g.scores, g.next_hand().dealer
({Side.NS: 4, Side.EW: 0}, Seat.E)
"""

from __future__ import annotations

import random

from .actions import Action
from .errors import IllegalActionError, InvalidDataError, shown
from .i18n import gettext as _
from .rules import Rules
from .seats import SEATS, Seat, Side
from .state import HandState, deal_cards, random_source

__all__ = ["Game"]


class Game:
    """Hands of Hasenpfeffer played to the target score.

    ``seed`` (an int or a :class:`random.Random`) decides the first dealer and
    every deal, so a game can be rebuilt exactly from its seed and its actions.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        seed: random.Random | int | None = None,
        *,
        first_dealer: Seat | None = None,
    ) -> None:
        self._rules = rules if rules is not None else Rules()
        if not isinstance(self._rules, Rules):
            raise InvalidDataError(f"rules must be a Rules value, got {type(rules).__name__}")
        self._rng = random_source(seed, "the game")
        if first_dealer is None:
            first_dealer = SEATS[self._rng.randrange(4)]
        elif not isinstance(first_dealer, Seat):
            raise InvalidDataError(f"the first dealer must be a Seat, got {shown(first_dealer)}")
        self._scores = {Side.NS: 0, Side.EW: 0}
        self._hands: list[HandState] = []
        self._winner: Side | None = None
        self._deal(first_dealer)

    def _deal(self, dealer: Seat) -> None:
        hand = HandState(self._rules, dealer)
        hand.apply_deal(deal_cards(self._rng, dealer))
        self._hands.append(hand)

    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self._rules

    @property
    def hand(self) -> HandState:
        """The current (or last) hand."""
        return self._hands[-1]

    @property
    def hands(self) -> tuple[HandState, ...]:
        """Every hand of the game so far, in order."""
        return tuple(self._hands)

    @property
    def scores(self) -> dict[Side, int]:
        """The score of each partnership."""
        return dict(self._scores)

    @property
    def winner(self) -> Side | None:
        """The winning partnership, once the game is over."""
        return self._winner

    @property
    def is_over(self) -> bool:
        """True once a partnership has reached the target."""
        return self._winner is not None

    def legal_actions(self) -> tuple[Action, ...]:
        """The current hand's legal actions (empty between hands: call :meth:`next_hand`)."""
        return self.hand.legal_actions()

    def apply(self, action: Action) -> None:
        """Apply ``action`` to the current hand, and score the hand when it ends."""
        if self.is_over:
            raise IllegalActionError(self._over_message(), rule="game")
        hand = self.hand
        hand.apply(action)
        result = hand.result
        if result is not None:
            for side, points in result.points.items():
                self._scores[side] += points
            self._decide(result.side)

    def _decide(self, makers: Side) -> None:
        target = self._rules.target
        reached = [s for s in (Side.NS, Side.EW) if self._scores[s] >= target]
        if len(reached) == 2:
            self._winner = makers
        elif reached:
            self._winner = reached[0]

    def next_hand(self) -> HandState:
        """Deal the next hand, the deal passing to the left; returns it."""
        if self.is_over:
            raise IllegalActionError(self._over_message(), rule="game")
        if not self.hand.is_over:
            raise IllegalActionError(
                # Translators: {phase} is where the hand stands, as in "auction", "play".
                _("the current hand is not finished ({phase})").format(phase=self.hand.phase.word),
                rule="game",
            )
        self._deal(self.hand.dealer.left)
        return self.hand

    def _over_message(self) -> str:
        # Translators: {side} is the winning partnership as written in a record (NS or EW),
        # {target} the score that wins the game.
        return _("the game is over: {side} reached {target}").format(
            side=self._winner, target=self._rules.target
        )

    def __repr__(self) -> str:
        state = f"won by {self._winner}" if self._winner else f"hand {len(self._hands)}"
        return f"<Game NS {self._scores[Side.NS]} EW {self._scores[Side.EW]}, {state}>"
