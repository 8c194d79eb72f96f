"""Simulations: computer players play many hands or games, and the lessons count what happened.

Every simulation is seeded, so a lesson shows the same numbers every time it runs. The
computer players act through :func:`~hasenpfeffer_core.analysis.session.autoplay`, the
one loop that lets computer players act. Standard library only: the charts that show
these numbers are drawn by :mod:`hasenpfeffer_core.faces.charts`.

>>> from hasenpfeffer_core.engine.rules import Rules
>>> game = play_game(Rules(), seed=0)
>>> game.is_over, max(game.scores.values()) >= Rules().target
(True, True)
>>> stats = game_stats([game])
>>> stats["hands per game"] == len(game.hands), list(stats) == list(GAME_MEASURES)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..engine.cards import JOKER
from ..engine.game import Game
from ..engine.i18n import N_
from ..engine.i18n import gettext as _
from ..engine.rules import Rules
from ..engine.seats import SEATS, Seat, Side
from ..engine.state import HandState
from .bots import Player, RuleOfThumbPlayer
from .session import autoplay

__all__ = [
    "GAME_MEASURES",
    "MAX_HANDS",
    "computer_position",
    "game_stats",
    "joker_side",
    "measure_label",
    "play_game",
    "rng",
]

#: What :func:`game_stats` measures, in the order it gives them: the keys of its result
#: (English, whatever the language; a face shows :func:`measure_label`).
GAME_MEASURES: Final = (
    "hands per game",
    "% of bids failed",
    "% of hands thrown in",
    "Joker's value (points per hand)",
)
#: Each measure's label, for the catalogue (the percent sign is a placeholder, so that
#: no tool reads the labels as printf formats).
_LABELS: Final = {
    "hands per game": N_("hands per game"),
    # Translators: percent is the sign "%": the share of the bids made that failed.
    "% of bids failed": N_("{percent} of bids failed"),
    # Translators: percent is the sign "%": the share of the hands thrown in (redealt).
    "% of hands thrown in": N_("{percent} of hands thrown in"),
    "Joker's value (points per hand)": N_("Joker's value (points per hand)"),
}

#: A bound on the hands of one simulated game (a game to 10 takes about ten).
MAX_HANDS: Final = 1000


def measure_label(measure: str) -> str:
    """A measure of :data:`GAME_MEASURES` as a chart or a table labels it, in the
    learner's language.

    >>> measure_label("% of bids failed")
    '% of bids failed'
    """
    return _(_LABELS[measure]).format(percent="%")


def rng(seed: int) -> random.Random:
    """A random source with a fixed seed: a lesson shows the same cards every time.

    >>> rng(6).random() == rng(6).random()
    True
    """
    return random.Random(seed)


def _thumbs() -> dict[Seat, Player]:
    """Four rule-of-thumb players (they decide without chance: one seed, one game)."""
    thumb = RuleOfThumbPlayer()
    return dict.fromkeys(SEATS, thumb)


def play_game(rules: Rules, seed: int) -> Game:
    """One whole game between four rule-of-thumb players, to the target score.

    >>> game = play_game(Rules(), seed=3)
    >>> game.winner in (Side.NS, Side.EW), all(h.is_over for h in game.hands)
    (True, True)
    """
    players = _thumbs()
    game = Game(rules, seed=seed)
    autoplay(game, players)
    for _i in range(MAX_HANDS):
        if game.is_over:
            return game
        game.next_hand()
        autoplay(game, players)
    raise RuntimeError(f"the game (seed {seed}) did not end within {MAX_HANDS} hands")


def computer_position(seed: int, dealer: Seat, actions: int) -> HandState:
    """A fresh deal (from ``seed``) after four rule-of-thumb players took ``actions`` actions.

    >>> state = computer_position(20, Seat.E, 16)
    >>> len(state.log), state.to_move is not None
    (16, True)
    """
    state = HandState.new(dealer=dealer, seed=seed)
    taken = autoplay(state, _thumbs(), max_actions=actions)
    if len(taken) < actions:
        raise ValueError(
            f"the hand (seed {seed}) ended after {len(taken)} actions, before action {actions}"
        )
    return state


def joker_side(hand: HandState) -> Side | None:
    """The partnership dealt the Joker: ``None`` when the Joker was the widow (or before
    the deal).

    >>> joker_side(HandState.new(dealer=Seat.N, seed=1)) in (Side.NS, Side.EW, None)
    True
    """
    deal = hand.deal
    if deal is None:
        return None
    holder = next((s for s in SEATS if JOKER in deal.hands[s.value]), None)
    return None if holder is None else holder.side


def game_stats(games: Sequence[Game]) -> dict[str, float]:
    """What a batch of games shows, by the names in :data:`GAME_MEASURES`: hands per game,
    % of bids that failed, % of hands thrown in, and the Joker's value: the points per
    hand of the side dealt the Joker, minus the other side's.

    >>> stats = game_stats([play_game(Rules(), seed) for seed in range(3)])
    >>> 0 <= stats["% of bids failed"] <= 100 and stats["hands per game"] >= 1
    True
    """
    if not games:
        raise ValueError("game_stats needs at least one game")
    hands = [h for g in games for h in g.hands]
    scored = [h.result for h in hands if h.result is not None]
    joker: list[int] = []
    for h in hands:
        side = joker_side(h)
        if h.result is None or side is None:
            continue  # thrown in, or the Joker was the widow
        joker.append(h.result.points[side] - h.result.points[side.other])
    values = (
        len(hands) / len(games),
        100 * sum(not r.made for r in scored) / max(len(scored), 1),
        100 * (len(hands) - len(scored)) / len(hands),
        sum(joker) / max(len(joker), 1),
    )
    return dict(zip(GAME_MEASURES, values, strict=True))
