"""One play session: people at some seats, computer players at the others, and undo.

Every face that lets a learner play (the play table widget, ``hasenpfeffer play``, the
lessons) drives a :class:`PlaySession`. It holds one hand, or a whole game, and:

* lets the computer seats act until a person is to move (:meth:`PlaySession.run_computers`);
* gives every computer decision its own seeded random source, made from the session's
  seed and the position, so the same position always gets the same decision, and a
  hand taken back and played again goes the same way;
* takes back a person's last decision by rebuilding the hand from its deal
  (:meth:`PlaySession.undo`), nothing else changing;
* gives the fair expert's advice for a person's decision (:meth:`PlaySession.advise`).

>>> from hasenpfeffer_core import Seat
>>> s = PlaySession(seed=4, people=(Seat.S,))
>>> computers = s.run_computers()          # up to South's first turn
>>> s.state.to_move
Seat.S
>>> computers = s.act(s.state.legal_actions()[0])
>>> s.undo()
>>> s.state.to_move is Seat.S
True

:func:`autoplay` is the one loop that lets computer players act; the session uses it,
and so do simulations that play whole hands or games.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping
from typing import Final

from ..engine.actions import Action, Play
from ..engine.errors import IllegalActionError, InvalidDataError
from ..engine.game import Game
from ..engine.rules import Rules
from ..engine.seats import SEATS, Seat
from ..engine.state import HandState, Phase
from .bots import Advice, FairExpert, Player, RandomPlayer, RuleOfThumbPlayer
from .review import state_play_values
from .view import PlayerView

__all__ = ["OPPONENTS", "PlaySession", "autoplay", "make_player", "play_hand"]

#: The kinds of computer player a session can seat, by the name the faces offer.
OPPONENTS: Final = ("thumb", "expert", "random")

#: The fair experts at the table think less than a hint does, to keep play brisk.
EXPERT_SAMPLES: Final = 8
EXPERT_BID_SAMPLES: Final = 2
#: A hint's sampling: modest, so that a hint answers in well under a third of a second.
#: The first trick is the costliest to solve, so it gets fewer samples.
HINT_SAMPLES: Final = 16
HINT_FIRST_TRICK_SAMPLES: Final = 8
HINT_BID_SAMPLES: Final = 4

#: A bound on one call of :func:`autoplay`: a hand has at most about 40 actions.
MAX_ACTIONS: Final = 200


def autoplay(
    target: HandState | Game,
    players: Mapping[Seat, Player] | Callable[[Seat], Player],
    *,
    stop_at: Collection[Seat] = (),
    apply: Callable[[Action], None] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> list[Action]:
    """Let computer players act on ``target`` until a seat in ``stop_at`` is to move
    or the hand is over; returns the actions taken.

    ``players`` is one player per seat, or a function that gives the player for a
    seat at each decision (for seeded decisions). ``apply`` applies an action in place
    of ``target.apply`` (the session's own, which also keeps its solver warm).

    >>> from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer
    >>> h = HandState.new(dealer=Seat.N, seed=4)
    >>> taken = autoplay(h, {s: RuleOfThumbPlayer() for s in SEATS})
    >>> h.is_over, len(taken) == len(h.log)
    (True, True)
    """
    pick = players if callable(players) else players.__getitem__
    do = target.apply if apply is None else apply
    taken: list[Action] = []
    for _ in range(max_actions):
        hand = target.hand if isinstance(target, Game) else target
        seat = hand.to_move
        if seat is None or seat in stop_at:
            break
        action = pick(seat).choose(PlayerView.of(hand, seat))
        do(action)
        taken.append(action)
    return taken


def play_hand(state: HandState, players: Mapping[Seat, Player]) -> HandState:
    """Let ``players`` (one per seat) play ``state`` to the end; returns the state.

    >>> from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer
    >>> h = play_hand(HandState.new(dealer=Seat.N, seed=4), {s: RuleOfThumbPlayer() for s in SEATS})
    >>> h.is_over
    True
    """
    autoplay(state, players)
    return state


def make_player(kind: str, rng: random.Random) -> Player:
    """A computer player of ``kind`` (one of :data:`OPPONENTS`) deciding with ``rng``."""
    if kind == "thumb":
        return RuleOfThumbPlayer()
    if kind == "random":
        return RandomPlayer(rng)
    if kind == "expert":
        return FairExpert(rng, samples=EXPERT_SAMPLES, bid_samples=EXPERT_BID_SAMPLES)
    raise InvalidDataError(
        f"the computer players are one of {', '.join(OPPONENTS)}, not {kind!r}",
        rule="computer players",
    )


class PlaySession:
    """One hand, or a whole game (``game=True``), with ``people`` at some seats.

    ``opponents`` names the kind of computer player at every other seat (see
    :data:`OPPONENTS`). ``seed`` decides the deals and every computer decision.
    With ``game=False`` each :meth:`new_hand` deals a fresh hand, the deal passing
    to the left; with ``game=True`` the hands are played to the rules' target score
    and a new game starts once one is won.
    """

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int = 0,
        people: Collection[Seat] = (Seat.S,),
        opponents: str = "thumb",
        game: bool = False,
    ) -> None:
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise InvalidDataError(
                f"rules must be a Rules value, got {type(rules).__name__}", rule="rules"
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidDataError(f"the seed must be a whole number, got {seed!r}")
        if opponents not in OPPONENTS:
            raise InvalidDataError(
                f"the computer players are one of {', '.join(OPPONENTS)}, not {opponents!r}",
                rule="computer players",
            )
        seats = frozenset(people)
        if not seats <= set(SEATS):
            raise InvalidDataError(
                f"people sit at seats N, E, S or W, got {sorted(map(str, seats))}"
            )
        self.rules = rules
        self.seed = seed
        self.people: frozenset[Seat] = seats
        self.opponents = opponents
        self.game_mode = bool(game)
        self.game: Game | None = None
        self._hand: HandState | None = None
        self.games = 0  # games started (game mode)
        self.hands_dealt = 0  # hands dealt (single-hand mode)
        self.new_hand()

    # --- what is being played ---------------------------------------------------------

    @property
    def state(self) -> HandState:
        """The hand being played (the engine's own state: read it, do not change it)."""
        if self.game is not None:
            return self.game.hand
        assert self._hand is not None
        return self._hand

    @property
    def hand_number(self) -> int:
        """1 for the first hand (of this game, in game mode)."""
        return len(self.game.hands) if self.game is not None else self.hands_dealt

    @property
    def waiting_for(self) -> Seat | None:
        """The person to move, or ``None`` when the hand is over."""
        seat = self.state.to_move
        return seat if seat in self.people else None

    # --- seeded decisions -------------------------------------------------------------

    def rng(self, kind: str, seat: Seat) -> random.Random:
        """A random source for one decision: the same position always gets the same one."""
        key = (
            f"{kind}:{self.seed}:{self.games}:{self.hand_number - 1}:"
            f"{len(self.state.log)}:{seat.name}"
        )
        return random.Random(key)

    def computer(self, seat: Seat) -> Player:
        """The computer player deciding for ``seat`` at this very position."""
        return make_player(self.opponents, self.rng("computer", seat))

    # --- acting -----------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply any seat's ``action`` (the engine refuses what the rules forbid)."""
        if isinstance(action, Play) and self.state.phase is Phase.PLAY:
            # Solve each position as it comes: the solver keeps what it learns, so the
            # review at the end of the hand is quick and the work is spread out.
            state_play_values(self.state)
        if self.game is not None:
            self.game.apply(action)
        else:
            self.state.apply(action)

    def run_computers(self, on_action: Callable[[Action], None] | None = None) -> list[Action]:
        """Let the computer seats act until a person is to move or the hand is over.

        ``on_action`` is told of each action just after it is applied (a face that
        shows the play as it happens uses it).
        """

        def apply(action: Action) -> None:
            self.apply(action)
            if on_action is not None:
                on_action(action)

        target: HandState | Game = self.game if self.game is not None else self.state
        return autoplay(target, self.computer, stop_at=self.people, apply=apply)

    def act(self, action: Action) -> list[Action]:
        """A person's ``action``; then the computers act. Returns the computers' actions.

        Refused (and nothing changes) when the hand is over or when ``action`` is not
        for a person's seat, as well as whenever the rules forbid it.
        """
        if self.state.is_over:
            raise IllegalActionError("the hand is over: deal the next one", rule="order of play")
        if action.seat not in self.people:
            raise IllegalActionError(
                f"{action.seat.word} is a computer player's seat: you play "
                f"{' and '.join(s.word for s in sorted(self.people, key=SEATS.index))}",
                rule="turn order",
            )
        self.apply(action)
        return self.run_computers()

    def undo(self) -> None:
        """Take back the last decision a person made in this hand, and everything after.

        The hand is rebuilt from its deal with the actions before that decision; the
        finished hands of a game are kept as they were.
        """
        state = self.state
        log = state.log
        mine = [i for i, a in enumerate(log) if a.seat in self.people]
        if not mine:
            raise IllegalActionError(
                "there is no decision of yours to take back in this hand", rule="undo"
            )
        keep = log[: mine[-1]]
        if self.game is not None:
            game = Game(self.rules, seed=self._game_seed())
            for hand in self.game.hands[:-1]:
                for action in hand.log:
                    game.apply(action)
                game.next_hand()
            for action in keep:
                game.apply(action)
            self.game = game
        else:
            assert state.deal is not None
            self._hand = HandState.replay(state.deal, keep, rules=state.rules, dealer=state.dealer)

    def can_undo(self) -> bool:
        """True if a person has a decision in this hand to take back."""
        return any(a.seat in self.people for a in self.state.log)

    def new_hand(self) -> None:
        """Deal the next hand (the computers act when :meth:`run_computers` is called).

        In a game: the next hand once this one is over (refused while it is being
        played), or a new game once one side has won.
        """
        if self.game_mode:
            if self.game is None or self.game.is_over:
                self.games += 1
                self.game = Game(self.rules, seed=self._game_seed())
            else:
                self.game.next_hand()  # refuses while the hand is being played
        else:
            first = SEATS[random.Random(f"dealer:{self.seed}").randrange(4)]
            dealer = SEATS[(first.value + self.hands_dealt) % 4]
            deal_seed = random.Random(f"deal:{self.seed}:{self.hands_dealt}")
            self.hands_dealt += 1
            self._hand = HandState.new(self.rules, dealer, seed=deal_seed)

    def _game_seed(self) -> int:
        return self.seed * 1009 + self.games

    # --- advice -----------------------------------------------------------------------

    def advise(self) -> Advice:
        """The fair expert's advice for the person to move, with its reason."""
        seat = self.waiting_for
        if seat is None:
            raise IllegalActionError(
                "it is not your turn: there is no decision of yours to advise on", rule="hint"
            )
        state = self.state
        first_trick = state.phase is Phase.PLAY and not state.tricks
        expert = FairExpert(
            self.rng("hint", seat),
            samples=HINT_FIRST_TRICK_SAMPLES if first_trick else HINT_SAMPLES,
            bid_samples=HINT_BID_SAMPLES,
        )
        return expert.advise(PlayerView.of(state, seat))
