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

import itertools
import math
import operator
import random
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Final

from ..engine.actions import Action, Bid, Discard, GoAlone, NameTrump, Pass, Play
from ..engine.errors import IllegalActionError, InvalidDataError, ParseError
from ..engine.game import Game
from ..engine.rules import Rules
from ..engine.seats import SEATS, Seat, parse_seat
from ..engine.state import HandState, Phase
from .bots import Advice, FairExpert, Player, RandomPlayer, RuleOfThumbPlayer
from .review import state_play_values
from .view import PlayerView

__all__ = [
    "MAX_SEED",
    "OPPONENTS",
    "PlaySession",
    "autoplay",
    "check_seed",
    "make_player",
    "play_hand",
    "quoted",
]

#: The kinds of computer player a session can seat, by the name the faces offer.
OPPONENTS: Final = ("thumb", "expert", "random")

#: How many deals of the unseen cards the fair expert weighs: for a card in play, and
#: for a bid, a trump or a discard. The hints come from the same player as the computer
#: seats. These reach the strength target of ``bench/match.py`` within the decision
#: times ``bench/widgets.py`` measures (see issue 14's closing note for the figures).
EXPERT_SAMPLES: Final = 16
EXPERT_BID_SAMPLES: Final = 16

#: A bound on one call of :func:`autoplay`: a hand has at most about 40 actions.
MAX_ACTIONS: Final = 200

#: The largest seed a session, a quiz or a lesson takes: seeds are 0 .. 2**63 - 1.
MAX_SEED: Final = 2**63 - 1

#: How much of a bad value an error message quotes.
_QUOTE_CHARS: Final = 40


def quoted(value: object) -> str:
    """A short, safe quotation of ``value`` for an error message.

    Long text is cut (control characters come out escaped, as ``repr`` writes them), a
    number too long to write out is described, and nothing here can fail.

    >>> quoted("abc"), quoted("x" * 50), quoted(10**5000), quoted(float("inf"))
    ("'abc'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (50 characters)", 'a number of about 5001 digits', 'inf')
    """
    if isinstance(value, str):
        size = 0
        for cut, char in enumerate(value):  # as much as fits, escapes counted as written
            size += len(repr(char)) - 2
            if size > _QUOTE_CHARS:
                return f"{value[:cut] + '…'!r} ({len(value)} characters)"
        return repr(value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**_QUOTE_CHARS:
        return f"a number of about {math.floor(math.log10(abs(value))) + 1} digits"
    try:
        text = repr(value)
    except Exception:  # a repr that fails (or refuses): name the type instead
        return f"a value of type {type(value).__name__}"
    return text if len(text) <= _QUOTE_CHARS else f"a value of type {type(value).__name__}"


def check_seed(value: object, *, what: str = "the seed") -> int:
    """Read a seed: a whole number from 0 to :data:`MAX_SEED`, or its digits as text.

    ``what`` names the setting in the message. A bool, a fraction, infinity, a
    negative or a too large number is refused with :class:`InvalidDataError`, and
    text that is not digits with :class:`ParseError`.

    >>> check_seed(7), check_seed(" 12 ")
    (7, 12)
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.InvalidDataError: the seed must be a whole number from 0 to 9223372036854775807, not -1
    """
    accepted = f"a whole number from 0 to {MAX_SEED}"
    if isinstance(value, str):
        text = value.strip()
        if not (0 < len(text) <= len(str(MAX_SEED)) and text.isascii() and text.isdigit()):
            raise ParseError(f"{what} must be {accepted}, not {quoted(value)}", rule="seed")
        number = int(text)
    elif isinstance(value, bool):
        raise InvalidDataError(f"{what} must be {accepted}, not {value!r}", rule="seed")
    else:
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            raise InvalidDataError(
                f"{what} must be {accepted}, not {quoted(value)}", rule="seed"
            ) from None
    if not 0 <= number <= MAX_SEED:
        raise InvalidDataError(f"{what} must be {accepted}, not {quoted(number)}", rule="seed")
    return number


_ACTION_TYPES: Final = (Bid, Pass, NameTrump, Discard, GoAlone, Play)


def _check_flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidDataError(f"{what} must be True or False, not {quoted(value)}")
    return value


def _check_people(people: object) -> frozenset[Seat]:
    """The seats people sit at: seats or their names, as a collection or as text
    (``"S"``, ``"N S"``, ``"north, south"``)."""
    items: list[object]
    if isinstance(people, Seat):
        items = [people]
    elif isinstance(people, str):
        items = list(people.replace(",", " ").split()[: len(SEATS) + 1]) if people.strip() else []
    elif isinstance(people, Iterable):
        items = list(itertools.islice(people, len(SEATS) + 1))
    else:
        raise InvalidDataError(
            f"people sit at seats N, E, S or W, not {quoted(people)}", rule="seats"
        )
    if len(items) > len(SEATS):
        raise InvalidDataError("people sit at up to four seats: N, E, S and W", rule="seats")
    seats = []
    for item in items:
        if not isinstance(item, str | Seat) or (isinstance(item, str) and len(item) > 20):
            raise InvalidDataError(
                f"{quoted(item)} is not a seat: seats are N, E, S, W", rule="seats"
            )
        seats.append(parse_seat(item))
    return frozenset(seats)


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
        f"the computer players are one of {', '.join(OPPONENTS)}, not {quoted(kind)}",
        rule="computer players",
    )


class PlaySession:
    """One hand, or a whole game (``game=True``), with ``people`` at some seats.

    ``opponents`` names the kind of computer player at the opponents' seats and
    ``partner`` the kind at a person's partner's seat (see :data:`OPPONENTS`); the
    partner is the fair expert unless told otherwise, the player a learner copies. ``seed`` decides the deals and every computer decision.
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
        partner: str = "expert",
        game: bool = False,
    ) -> None:
        if rules is None:
            rules = Rules()
        if not isinstance(rules, Rules):
            raise InvalidDataError(
                f"rules must be a Rules value, got {type(rules).__name__}", rule="rules"
            )
        seed = check_seed(seed)
        for kind in (opponents, partner):
            if not isinstance(kind, str) or kind not in OPPONENTS:
                raise InvalidDataError(
                    f"the computer players are one of {', '.join(OPPONENTS)}, not {quoted(kind)}",
                    rule="computer players",
                )
        seats = _check_people(people)
        game = _check_flag(game, "game (play a whole game rather than single hands)")
        self.rules = rules
        self.seed = seed
        self.people: frozenset[Seat] = seats
        self.opponents = opponents
        self.partner = partner
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
        kind = self.partner if seat.partner in self.people else self.opponents
        return make_player(kind, self.rng("computer", seat))

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
        if not isinstance(action, _ACTION_TYPES):
            raise InvalidDataError(
                f"an action is a bid, a pass, a trump, a discard, going alone or a card "
                f"played, not {quoted(action)}"
            )
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
            game = Game(self.rules, seed=self._game_rng())
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
                self.game = Game(self.rules, seed=self._game_rng())
            else:
                self.game.next_hand()  # refuses while the hand is being played
        else:
            first = SEATS[random.Random(f"dealer:{self.seed}").randrange(4)]
            dealer = SEATS[(first.value + self.hands_dealt) % 4]
            deal_seed = random.Random(f"deal:{self.seed}:{self.hands_dealt}")
            self.hands_dealt += 1
            self._hand = HandState.new(self.rules, dealer, seed=deal_seed)

    def _game_rng(self) -> random.Random:
        # (a random source rather than a number: the number may exceed a seed's range)
        return random.Random(self.seed * 1009 + self.games)

    # --- advice -----------------------------------------------------------------------

    def advise(self) -> Advice:
        """The fair expert's advice for the person to move, with its reason."""
        seat = self.waiting_for
        if seat is None:
            raise IllegalActionError(
                "it is not your turn: there is no decision of yours to advise on", rule="hint"
            )
        expert = FairExpert(
            self.rng("hint", seat), samples=EXPERT_SAMPLES, bid_samples=EXPERT_BID_SAMPLES
        )
        return expert.advise(PlayerView.of(self.state, seat))
