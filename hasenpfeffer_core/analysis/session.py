"""One play session: people at some seats, computer players at the others, and undo.

Every face that lets a learner play (the play table widget, ``hasenpfeffer play``, the
lessons) drives a :class:`PlaySession`. It holds one hand, or a whole game, and:

* lets the computer seats act until a person is to move (:meth:`PlaySession.run_computers`);
* gives every computer decision its own seeded random source, made from the session's
  seed and the position, so the same position always gets the same decision, and a
  hand taken back and played again goes the same way;
* takes back a person's last decision by rebuilding the hand from its deal
  (:meth:`PlaySession.undo`), nothing else changing, or goes back to any earlier
  decision of the hand (:meth:`PlaySession.rewind`);
* gives the fair expert's advice for a person's decision (:meth:`PlaySession.advise`),
  and the same advice as a hint in steps (:meth:`PlaySession.hint`), worked out once
  per position and revealed a step at a time (:meth:`PlaySession.next_hint_step`),
  the steps used in the hand counted (:meth:`PlaySession.hints_used`);
* after the hand, lists the people's decisions that cost points, each with
  the fair expert's view and the double-dummy view (:meth:`PlaySession.mistakes`).

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
from dataclasses import dataclass
from typing import Final

from ..engine.actions import Action, Bid, Discard, GoAlone, NameTrump, Pass, Play
from ..engine.auction import bid_name
from ..engine.cards import Card
from ..engine.errors import IllegalActionError, InvalidDataError, ParseError
from ..engine.game import Game
from ..engine.i18n import N_, ngettext, number, whole_number
from ..engine.i18n import gettext as _
from ..engine.rules import Rules
from ..engine.seats import SEATS, Seat, parse_seat
from ..engine.state import HandState, Phase
from .bots import Advice, FairExpert, Player, RandomPlayer, RuleOfThumbPlayer, action_words
from .explain import capitalised, card_words, join_and
from .hints import (
    STEPS,
    SteppedHint,
    against_principles,
    judged_words,
    names_action,
    sequence_words,
    stepped_hint,
    tie_words,
)
from .judge import CallJudgement, Judgement
from .principles import Reason, broken_by
from .review import state_play_points, state_play_values
from .view import PlayerView

__all__ = [
    "DOUBLE_DUMMY_VIEW",
    "EXPERT_VIEW",
    "MAX_SEED",
    "OPPONENTS",
    "Mistake",
    "PlaySession",
    "autoplay",
    "check_seed",
    "hints_used_words",
    "make_player",
    "play_hand",
    "quoted",
]

#: The kinds of computer player a session can seat, by the name the faces offer.
OPPONENTS: Final = ("thumb", "expert", "random")

#: How many deals of the unseen cards the fair expert weighs: for a card in play (None:
#: as many as the judge needs, see :mod:`~hasenpfeffer_core.analysis.judge`), and for a
#: bid, a trump or a discard (None: the judge decides, within its time budget). The hints
#: come from the same player as the computer seats.
EXPERT_SAMPLES: Final[int | None] = None
EXPERT_BID_SAMPLES: Final[int | None] = None

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
                # Translators: the start of a long text quoted in an error message
                # ({text}, in quotes), and how long it is.
                cut_text = ngettext("{text} ({n} character)", "{text} ({n} characters)", len(value))
                return cut_text.format(text=repr(value[:cut] + "…"), n=len(value))
        return repr(value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**_QUOTE_CHARS:
        digits = math.floor(math.log10(abs(value))) + 1
        # Translators: said in an error message of a number too long to write out.
        return ngettext(
            "a number of about {n} digit", "a number of about {n} digits", digits
        ).format(n=digits)
    # Translators: said in an error message of a value that cannot be shown; {kind} is a
    # programming type such as dict.
    of_type = _("a value of type {kind}")
    try:
        text = repr(value)
    except Exception:  # a repr that fails (or refuses): name the type instead
        return of_type.format(kind=type(value).__name__)
    return text if len(text) <= _QUOTE_CHARS else of_type.format(kind=type(value).__name__)


def check_seed(value: object, *, what: str | None = None) -> int:
    """Read a seed: a whole number from 0 to :data:`MAX_SEED`, or its digits as text.

    ``what`` names the setting in the message (by default "the seed", translated; a
    face passing its own name passes it translated). A bool, a fraction, infinity, a
    negative or a too large number is refused with :class:`InvalidDataError`, and
    text that is not digits with :class:`ParseError`.

    >>> check_seed(7), check_seed(" 12 ")
    (7, 12)
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.InvalidDataError: the seed must be a whole number from 0 to 9223372036854775807, not -1
    """
    if what is None:
        what = _("the seed")
    # Translators: {what} names the setting ("the seed"), {high} is the largest seed and
    # {value} the value given.
    message = _("{what} must be a whole number from 0 to {high}, not {value}")

    def refused(shown: str) -> str:
        return message.format(what=what, high=MAX_SEED, value=shown)

    if isinstance(value, str):
        text = value.strip()
        if not (0 < len(text) <= len(str(MAX_SEED)) and text.isascii() and text.isdigit()):
            raise ParseError(refused(quoted(value)), rule="seed")
        number = int(text)
    elif isinstance(value, bool):
        raise InvalidDataError(refused(repr(value)), rule="seed")
    else:
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            raise InvalidDataError(refused(quoted(value)), rule="seed") from None
    if not 0 <= number <= MAX_SEED:
        raise InvalidDataError(refused(quoted(number)), rule="seed")
    return number


_ACTION_TYPES: Final = (Bid, Pass, NameTrump, Discard, GoAlone, Play)


def _check_flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        # Translators: {what} names the setting; True and False are Python's words.
        message = _("{what} must be True or False, not {value}")
        raise InvalidDataError(message.format(what=what, value=quoted(value)))
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
        message = _("people sit at seats N, E, S or W, not {value}")
        raise InvalidDataError(message.format(value=quoted(people)), rule="seats")
    if len(items) > len(SEATS):
        raise InvalidDataError(_("people sit at up to four seats: N, E, S and W"), rule="seats")
    seats = []
    for item in items:
        if not isinstance(item, str | Seat) or (isinstance(item, str) and len(item) > 20):
            message = _("{value} is not a seat: seats are N, E, S, W")
            raise InvalidDataError(message.format(value=quoted(item)), rule="seats")
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
    for _step in range(max_actions):
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
    raise InvalidDataError(_computer_kinds(kind), rule="computer players")


def _computer_kinds(kind: object) -> str:
    """The message refusing ``kind`` as a kind of computer player."""
    # Translators: {kinds} lists the names the code accepts (thumb, expert, random): keep
    # them as they are.
    message = _("the computer players are one of {kinds}, not {value}")
    return message.format(kinds=", ".join(OPPONENTS), value=quoted(kind))


def hints_used_words(decisions: int, steps: int) -> str:
    """How many hints a player used in a hand, as the result says it.

    >>> hints_used_words(3, 5)
    'You used hints on 3 decisions, 5 steps in all.'
    >>> hints_used_words(1, 1), hints_used_words(0, 0)
    ('You used a hint on 1 decision, 1 step in all.', 'You used no hints in this hand.')
    """
    if not steps:
        return _("You used no hints in this hand.")
    # Translators: part of "You used hints on 3 decisions, 5 steps in all."
    on = ngettext("{n} decision", "{n} decisions", decisions).format(n=decisions)
    # Translators: part of "You used hints on 3 decisions, 5 steps in all." (a hint is
    # shown a step at a time).
    shown = ngettext("{n} step", "{n} steps", steps).format(n=steps)
    # Translators: {decisions} is "1 decision" or "3 decisions", {steps} is "1 step" or
    # "5 steps"; the form is chosen by the number of decisions.
    used = ngettext(
        "You used a hint on {decisions}, {steps} in all.",
        "You used hints on {decisions}, {steps} in all.",
        decisions,
    )
    return used.format(decisions=on, steps=shown)


#: How the review after the hand names its two views of a decision (marked for the
#: catalogue: a face shows them translated, as ``_(EXPERT_VIEW)``).
EXPERT_VIEW: Final = N_("The fair expert, seeing only what you saw")
DOUBLE_DUMMY_VIEW: Final = N_("Hindsight: all four hands face up, as nobody at the table sees them")


def _decision_words(action: Action, trick: int, rules: Rules) -> str:
    """A person's decision, in the past, as the review names it."""
    if isinstance(action, Play):
        # Translators: {n} is the trick's number (1 to 6).
        return _("At trick {n} you played {card}.").format(n=trick, card=card_words(action.card))
    if isinstance(action, Pass):
        return _("In the auction you passed.")
    if isinstance(action, Bid):
        # Translators: {bid} is a bid's name ("4", "Little Pepper").
        return _("In the auction you bid {bid}.").format(
            bid=bid_name(action.tricks, action.big, rules)
        )
    if isinstance(action, NameTrump):
        if action.suit is None:
            return _("You named no trump.")
        # Translators: {suit} is a suit's name ("hearts").
        return _("You named {suit} as trumps.").format(suit=action.suit.plural)
    if isinstance(action, Discard):
        return _("You laid away {card} as your discard.").format(card=card_words(action.card))
    if action.alone:
        return _("You chose to go alone.")
    return _("You chose to play with your partner.")


@dataclass(frozen=True)
class Mistake:
    """One of a person's decisions that cost points, as the review after the
    hand shows it (see :meth:`PlaySession.mistakes`).

    ``step`` is the action's place in the hand's log (:meth:`PlaySession.rewind` with it
    goes back to the decision); ``trick`` the trick a card was played to (0 for a bid, a
    trump or a discard); ``what`` the decision in words; ``hint`` the fair expert's view
    of the position, which saw only what the player saw; ``broken`` the principles the
    action goes against. For a card played: ``lost``, the points it gave up with all
    four hands in view, each side then playing for its score (double dummy, for points:
    :func:`~hasenpfeffer_core.analysis.review.state_play_points`), and ``best``, the
    cards that would have saved them. For
    a bid, a trump or a discard: ``points``, how many points more on average the fair
    expert reckons its own choice worth (``None`` where it did not even weigh the choice
    made).
    """

    step: int
    action: Action
    trick: int
    #: The decision, in the past: "At trick 3 you played K♠.", "In the auction you bid 5."
    what: str
    hint: SteppedHint
    broken: tuple[Reason, ...] = ()
    lost: float = 0
    best: tuple[Card, ...] = ()
    points: float | None = None

    @property
    def double_dummy(self) -> str:
        """What hindsight (:data:`DOUBLE_DUMMY_VIEW`) says of a card played, the points it
        gave up or that it gave up none; "" for a bid, a trump or a discard: it judges
        only the cards played."""
        if not isinstance(self.action, Play):
            return ""
        if not self.lost:
            if self.hint.action == self.action:
                return ""
            # (the replay marks the card best: without this the review, which counts it
            # a mistake, and the replay read as if they disagreed)
            # Translators: hindsight's verdict on a card the fair expert would not have
            # played, which as the cards lay cost nothing.
            return _(
                "As the cards lay, this cost nothing, and the replay marks it as good as "
                "any. But nobody at the table sees how the cards lie: the fair expert weighs "
                "every deal you could not rule out."
            )
        best = join_and((card_words(c) for c in self.best), "or")
        n = round(self.lost)
        # Translators: hindsight's verdict on a card played: {n} is a whole number of
        # points; {cards} lists the cards that would have saved them ("A♠ or K♠").
        gave_up = ngettext(
            "As the cards lay, this cost {n} point: {cards} would have saved it.",
            "As the cards lay, this cost {n} points: {cards} would have saved them.",
            n,
        )
        said = gave_up.format(n=whole_number(self.lost), cards=best)
        advised = self.hint.action
        if isinstance(advised, Play) and advised != self.action and advised.card not in self.best:
            # (the fair expert's card, beside it, is not among those that would have
            # saved the points: said, so that the two views do not seem to disagree)
            # Translators: hindsight, after what the player's card cost: {card} is the
            # card the fair expert advised, which as the cards lay would also have lost
            # points.
            said += " " + _(
                "The fair expert's {card} would have cost points too, as the cards lay: it is "
                "chosen for every deal you could not rule out, not for this one."
            ).format(card=card_words(advised.card))
        return said

    @property
    def expert(self) -> str:
        """What the fair expert (:data:`EXPERT_VIEW`) would have done, and why."""
        answer = self.hint.answer
        if self.hint.action == self.action:
            # Translators: the fair expert's view of a decision it would also have made;
            # {answer} is its advice, one or more sentences.
            same = _("It would have done the same. {answer} The cards lay against it this time.")
            return same.format(answer=answer)
        if self.points is not None:
            if self.hint.outweighs == self.action:
                # (the answer already says how much more the move is worth than the one
                # that keeps to the rule, which is the player's: "about 0.4 points more
                # than the move that keeps to it (play 10♥)" was followed by "By its
                # reckoning that is worth about 0.4 points more ... than your choice")
                return self.hint.move or answer
            if self._principle_says_why:
                # (the principle beside it gives the advised move's reason in card
                # terms, about the player's own choice: "hearts gives more: four trumps,
                # J♦, A♥, Q♥ and 10♥. Name hearts." The answer's "With hearts as trumps
                # you would hold four trumps, J♦, A♥, Q♥ and 10♥ ... Name hearts." said
                # it twice)
                answer = _("{action}.").format(action=capitalised(action_words(self.hint.action)))
            else:
                answer = self.hint.move or answer
            judged = self.hint.advice.judgement
            if isinstance(judged, CallJudgement) and judged.unplayed_pass(self.action):
                # (nobody had bid: what the pass led to is not played out, so its cost is
                # the bid's worth as makers, not a difference worked out)
                # Translators: {answer} is the fair expert's advice (one or more
                # sentences); {points} a signed average such as +3.9. The player passed
                # where nobody had bid.
                return _(
                    "{answer} By its reckoning that bid is worth about {points} points to "
                    "your side as makers, on average, where a pass leaves the hand to the "
                    "others."
                ).format(answer=answer, points=number(judged.points[judged.best], signed=True))
            # (not "a close decision" beside a cost: that note is about another choice)
            # Translators: {answer} is the fair expert's advice (one or more sentences);
            # {points} is a number with one decimal, such as 1.5.
            worth = ngettext(
                "{answer} By its reckoning that is worth about {points} point more to your "
                "side, on average, than your choice.",
                "{answer} By its reckoning that is worth about {points} points more to your "
                "side, on average, than your choice.",
                1 if round(self.points, 1) == 1 else 2,
            )
            return worth.format(answer=answer, points=number(self.points))
        if not isinstance(self.action, Play):
            # Translators: {answer} is the fair expert's advice (one or more sentences).
            unweighed = _("{answer} Your choice was not among those it thought worth weighing.")
            return unweighed.format(answer=answer)
        return answer

    @property
    def _principle_says_why(self) -> bool:
        """Whether :attr:`principle` gives the advised move's reason: the principle the
        decision goes against ends by naming the fair expert's move ("... Name
        hearts.")."""
        return bool(self.broken) and names_action(self.broken[0].text, self.hint.action)

    @property
    def details(self) -> str:
        """The figures behind the fair expert's move: what it is worth, and what the
        next best gives away, unless the next best is the player's own choice, whose
        cost :attr:`expert` has already given ("about 0.3 points more ... than your
        choice" beside "K♠, the next best, is worth about 0.3 points less" said it
        twice)."""
        judged = self.hint.advice.judgement
        if self.points is not None and judged is not None and judged.runner_up == self.action:
            return self.hint.alone
        return self.hint.details

    @property
    def principle(self) -> str:
        """The principle the decision goes against, applied to the cards ("" if none)."""
        if not self.broken:
            return ""
        top = self.broken[0]
        # Translators: {principle} is a principle's name ("Third hand plays high"), {text}
        # how it applies to the cards (one or more sentences).
        against = _("It goes against the principle “{principle}”. {text}")
        return against.format(principle=_(top.principle.name), text=top.text)


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
            message = _("rules must be a Rules value, got {kind}")
            raise InvalidDataError(message.format(kind=type(rules).__name__), rule="rules")
        seed = check_seed(seed)
        for kind in (opponents, partner):
            if not isinstance(kind, str) or kind not in OPPONENTS:
                raise InvalidDataError(_computer_kinds(kind), rule="computer players")
        seats = _check_people(people)
        game = _check_flag(game, _("game (play a whole game rather than single hands)"))
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
        # The stepped hints worked out in this hand, and the steps shown, by position.
        self._hints: dict[tuple[object, ...], SteppedHint] = {}
        self._shown: dict[tuple[object, ...], int] = {}
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
        return self._rng_at(kind, seat, len(self.state.log))

    def _rng_at(self, kind: str, seat: Seat, actions: int) -> random.Random:
        """:meth:`rng` for the position after the first ``actions`` actions of this hand."""
        key = f"{kind}:{self.seed}:{self.games}:{self.hand_number - 1}:{actions}:{seat.name}"
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
            message = _(
                "an action is a bid, a pass, a trump, a discard, going alone or a card "
                "played, not {value}"
            )
            raise InvalidDataError(message.format(value=quoted(action)))
        if self.state.is_over:
            raise IllegalActionError(_("the hand is over: deal the next one"), rule="order of play")
        if action.seat not in self.people:
            # Translators: {seat} is a seat's name ("East"); {seats} lists the learner's
            # seats ("South", "North and South").
            message = _("{seat} is a computer player's seat: you play {seats}")
            mine = join_and(s.word for s in sorted(self.people, key=SEATS.index))
            raise IllegalActionError(
                message.format(seat=action.seat.word, seats=mine), rule="turn order"
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
                _("there is no decision of yours to take back in this hand"), rule="undo"
            )
        self._rebuild(log[: mine[-1]])

    def rewind(self, actions: int) -> None:
        """Go back to the position after the first ``actions`` actions of this hand.

        The hand is rebuilt from its deal with those actions, as :meth:`undo` does; in a
        game the hands before are kept as they were, and a finished hand's score is
        taken back. ``rewind(m.step)`` for a :class:`Mistake` ``m`` goes back to that
        decision, to try it again. Where a computer player is to move,
        :meth:`run_computers` lets it act, with the same seeded decision as before.
        A number outside the hand is refused, and nothing changes.

        >>> from hasenpfeffer_core import Seat
        >>> s = PlaySession(seed=4, people=(Seat.S,))
        >>> computers = s.run_computers()
        >>> first = len(s.state.log)                    # South's first decision
        >>> computers = s.act(s.state.legal_actions()[0])
        >>> s.rewind(first)
        >>> len(s.state.log) == first and s.waiting_for is Seat.S
        True
        """
        log = self.state.log
        if isinstance(actions, bool) or not isinstance(actions, int):
            message = _("the place to go back to is a number of actions, not {value}")
            raise InvalidDataError(message.format(value=quoted(actions)), rule="undo")
        if not 0 <= actions <= len(log):
            # Translators: {n} is the number of actions (bids, cards played...) so far.
            message = ngettext(
                "this hand has {n} action so far: go back to a place from 0 to {n}, not {value}",
                "this hand has {n} actions so far: go back to a place from 0 to {n}, not {value}",
                len(log),
            )
            raise InvalidDataError(message.format(n=len(log), value=quoted(actions)), rule="undo")
        self._rebuild(log[:actions])

    def _rebuild(self, keep: tuple[Action, ...]) -> None:
        """Rebuild this hand from its deal with the actions ``keep`` (and, in a game,
        the finished hands before it as they were)."""
        state = self.state
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
        self._hints.clear()
        self._shown.clear()

    def _game_rng(self) -> random.Random:
        # (a random source rather than a number: the number may exceed a seed's range)
        return random.Random(self.seed * 1009 + self.games)

    # --- advice -----------------------------------------------------------------------

    def advise(self) -> Advice:
        """The fair expert's advice for the person to move, with its reason."""
        seat = self.waiting_for
        if seat is None:
            raise IllegalActionError(
                _("it is not your turn: there is no decision of yours to advise on"), rule="hint"
            )
        expert = FairExpert(
            self.rng("hint", seat), samples=EXPERT_SAMPLES, bid_samples=EXPERT_BID_SAMPLES
        )
        return expert.advise(PlayerView.of(self.state, seat))

    # --- hints in steps ---------------------------------------------------------------

    def _position(self, log: tuple[Action, ...]) -> tuple[object, ...]:
        """The key of a position of this hand: the game, the hand and the actions so far."""
        return (self.games, self.hand_number, log)

    def _hint_for(self, state: HandState, seat: Seat) -> SteppedHint:
        """The stepped hint for ``seat`` to move in ``state`` (a position of this hand),
        worked out by a fair expert seeded for the position the first time only."""
        key = self._position(state.log)
        found = self._hints.get(key)
        if found is not None:
            return found
        expert = FairExpert(
            self._rng_at("hint", seat, len(state.log)),
            samples=EXPERT_SAMPLES,
            bid_samples=EXPERT_BID_SAMPLES,
        )
        view = PlayerView.of(state, seat)
        hint = stepped_hint(view, expert.advise(view))
        self._hints[key] = hint
        return hint

    def hint(self, at: int | None = None) -> SteppedHint:
        """The fair expert's advice for the person to move, in steps
        (:func:`~hasenpfeffer_core.analysis.hints.stepped_hint`); with ``at``, for a
        person's decision earlier in this hand, the action at place ``at`` of its log
        (the position as it was before it).

        Worked out once per position: asking again, or after an undo, costs nothing,
        and the hint is the very advice :meth:`advise` gives.
        """
        if at is None:
            seat = self.waiting_for
            if seat is None:
                raise IllegalActionError(
                    _("it is not your turn: there is no decision of yours to advise on"),
                    rule="hint",
                )
            return self._hint_for(self.state, seat)
        log = self.state.log
        if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at < len(log):
            # Translators: {n} is the number of actions (bids, cards played...) so far.
            message = ngettext(
                "this hand has {n} action so far: a decision is one of them, counted from "
                "0, not {value}",
                "this hand has {n} actions so far: a decision is one of them, counted from "
                "0, not {value}",
                len(log),
            )
            raise InvalidDataError(message.format(n=len(log), value=quoted(at)), rule="hint")
        seat = log[at].seat
        if seat not in self.people:
            # Translators: {n} is the action's number in the hand, {seat} a seat's name.
            message = _(
                "action {n} of this hand was {seat}'s, a computer player's, not a decision of yours"
            )
            raise IllegalActionError(message.format(n=at + 1, seat=seat.word), rule="hint")
        return self._hint_for(self._replayed(log[:at]), seat)

    def _replayed(self, actions: tuple[Action, ...]) -> HandState:
        """This hand after ``actions``, rebuilt from its deal (a copy: the hand is untouched)."""
        state = self.state
        assert state.deal is not None
        return HandState.replay(state.deal, actions, rules=state.rules, dealer=state.dealer)

    def next_hint_step(self) -> tuple[SteppedHint, int]:
        """Show one more step of the hint for the person to move: the hint, and how many
        of its steps are now shown (1 to :data:`~hasenpfeffer_core.analysis.hints.STEPS`).

        The first call at a position works the advice out; the next ones only reveal.
        Once every step is shown, asking again shows the last one again and counts
        nothing more.

        >>> from hasenpfeffer_core import Seat
        >>> s = PlaySession(seed=4, people=(Seat.S,))
        >>> computers = s.run_computers()
        >>> [s.next_hint_step()[1] for _ in range(4)], s.hints_used()
        ([1, 2, 3, 3], (1, 3))
        """
        hint = self.hint()
        key = self._position(self.state.log)
        shown = min(STEPS, self._shown.get(key, 0) + 1)
        self._shown[key] = shown
        return hint, shown

    def against_hint(self, action: Action) -> str:
        """The judge's words on ``action``, a person's move in the current position, when
        the hint shown here named another move (its last step was shown): what it is
        worth against the hint's, as the lessons' exercises word a verdict ("Play K♠:
        worth about +1.2 points to your side on average over 48 deals, within 0.1 of the
        best choice (play Q♠): too close to tell apart."). Empty when the hint has not
        named its move here (not asked, or only its first steps shown), or the move is
        the hint's. A learner who goes against the hint is told at once whether that
        cost anything, not only in the review (which lists costly moves alone); a move
        as good as the hint's is told so (a learner who discarded as well as the hint
        read "Your move went against the hint", then "as much as the best choice")."""
        if self.waiting_for is None or self.hint_steps_shown() < STEPS:
            return ""  # (the hint named no move: its first steps only say where to look)
        hint = self.hint()
        judged = hint.advice.judgement
        if judged is None or action == hint.action or action not in judged.points:
            return ""
        good, said = judged_words(judged, action)
        assert action.seat is not None
        view = PlayerView.of(self.state, action.seat)
        run = sequence_words(view, judged, action)
        if run:
            said = f"{said} {run}"
        if not good:
            # Translators: {verdict} is the judge's verdict on the move, a whole sentence
            # ("Play K♠: worth about +1.2 points ...").
            return _("Your move went against the hint. {verdict}").format(verdict=said)
        broken = broken_by(view, action)
        if broken and not broken_by(view, hint.action):
            # (as good in points, but the hint's move keeps to a usual principle this one
            # goes against: between choices this close, the principle decides)
            said = tie_words(judged, action, broken[0].text)
            # Translators: {verdict} is the judge's verdict on the move and the usual
            # principle it goes against (whole sentences).
            return _("Your move is not the hint's, and about as good. {verdict}").format(
                verdict=said
            )
        # Translators: {verdict} is the judge's verdict on the move, a whole sentence
        # ("Discard 10♦: worth about -0.2 points ..., as much as the best choice").
        return _("Your move is not the hint's, but it is as good. {verdict}").format(verdict=said)

    def hint_steps_shown(self) -> int:
        """How many steps of the hint for the current position have been shown (0 to 3)."""
        return self._shown.get(self._position(self.state.log), 0)

    def hints_used(self) -> tuple[int, int]:
        """In this hand: how many of the decisions on the way to this position a hint
        was asked for, and how many steps were shown in all (a decision taken back and
        hinted again counts once; one left behind by an undo or a "try again from here",
        on a line the hand no longer follows, does not count)."""
        here = (self.games, self.hand_number)
        log = self.state.log
        steps = [n for key, n in self._shown.items() if key[:2] == here and _prefix(key[2], log)]
        return len(steps), sum(steps)

    # --- the review after the hand ----------------------------------------------------

    def mistakes(self) -> list[Mistake]:
        """The people's decisions in this hand that cost points, in order.

        A card played counts when the judge, seeing only what the player saw, finds it
        worse than the best card by a close decision's margin or more (the same margin
        the hint and the exercises use,
        :meth:`~hasenpfeffer_core.analysis.judge.Judgement.within_margin`),
        and says what it cost in points; what it cost as the cards lay, all four hands
        seen and each side playing for its score, comes beside it as hindsight. A bid, a trump or a discard is judged the same way, in points (the
        judge weighs every legal call). A principle is cited against a choice only when
        the advised move keeps it. Going
        alone or not is not judged. Each comes with the fair expert's view of the
        position: the double-dummy values are already known from the play, but the
        expert's view is one expert decision per decision reviewed (none where the
        hint was asked), so a face works this out when the learner opens the review.
        """
        log = self.state.log
        state = self._replayed(())
        found: list[Mistake] = []
        for step, action in enumerate(log):
            seat = action.seat
            if seat in self.people and len(state.legal_actions()) > 1:
                mistake = self._judge(state, step, action)
                if mistake is not None:
                    found.append(mistake)
            state.apply(action)
        return found

    @staticmethod
    def _broken(
        state: HandState, action: Action, advised: Action, judged: Judgement | None
    ) -> tuple[Reason, ...]:
        """The principles ``action`` goes against that the ``advised`` move keeps
        (:func:`~hasenpfeffer_core.analysis.hints.against_principles`)."""
        assert action.seat is not None
        return against_principles(PlayerView.of(state, action.seat), action, advised, judged)

    def _judge(self, state: HandState, step: int, action: Action) -> Mistake | None:
        """The review of a person's ``action`` in ``state``, if it was a mistake."""
        seat = action.seat
        trick = len(state.tricks) + 1
        words = _decision_words(action, trick, state.rules)
        if isinstance(action, Play):
            # Judged as the hint judged it, from what the player could see, in points;
            # double dummy for points (all four hands seen) is the hindsight beside it.
            hint = self._hint_for(state, seat)
            judged = hint.advice.judgement
            values = state_play_points(state)
            top = max(values.values())
            lost = top - values[action.card]
            best = tuple(c for c, v in values.items() if v == top)
            if judged is None or action not in judged.points:
                if lost <= 0:
                    return None
                cost = None
            elif not judged.within_margin(action):
                cost = _gap(judged, action)
            else:
                return None
            broken = self._broken(state, action, hint.action, judged)
            return Mistake(
                step, action, trick, words, hint, broken, lost=lost, best=best, points=cost
            )
        if isinstance(action, GoAlone):
            return None
        # A bid, a trump or a discard: judged as the hint judged it, in points.
        hint = self._hint_for(state, seat)
        judged = hint.advice.judgement
        if hint.action == action or judged is None or action not in judged.points:
            return None
        if judged.within_margin(action):
            return None
        broken = self._broken(state, action, hint.action, judged)
        if isinstance(hint.action, Pass):
            # a principle that says which bid to make would contradict the judged pass
            broken = tuple(r for r in broken if r.principle.phase != "bid")
        return Mistake(step, action, 0, words, hint, broken, points=_gap(judged, action))


def _gap(judged: Judgement, action: Action) -> float:
    """How many points ``action`` gave away, as the learner read it beside the hint and
    the verdict: the difference of the two figures shown (-4.9 against +3.4 is 8.3,
    though the figures behind them may differ by 8.25)."""
    return max(0.0, judged.shown_gap(judged.best, action))


def _prefix(start: object, log: tuple[Action, ...]) -> bool:
    """Whether ``start`` (a position's actions) is where ``log`` began."""
    return isinstance(start, tuple) and log[: len(start)] == start
