"""Spaced practice by concept, stars per lesson, and the learner's progress summary.

A *concept* is one thing to learn: a situation the quizzes tag (the left bower, must
follow, partner winning, ...) or a principle of play (second hand low, ...). Each
concept is one item to schedule, with fresh questions each time. The schedule is the
Free Spaced Repetition Scheduler (the ``fsrs`` package), worked out from the answers in
the learner's store (:mod:`~hasenpfeffer_core.analysis.progress`):

* an answer counts as a review of each concept it practised when the concept is due
  or new; before that, a miss counts too if the concept was known (it sends it back to
  be learnt again), while a right answer, or a miss on a concept already coming back
  within minutes, changes nothing;
* right first time rates *good*, right after hints or tries *hard*, wrong *again*;
* a concept never practised is new: a few new ones come up each day, in the order the
  lessons teach them.

>>> from datetime import datetime, timedelta, timezone
>>> from hasenpfeffer_core.analysis.progress import Event
>>> t0 = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
>>> s = Schedule([Event.answer("quiz", "q1", ["left bower"], right=False, when=t0)])
>>> s.due(t0 + timedelta(minutes=11))[0].key   # a miss comes back within minutes
'left bower'
>>> s = Schedule([Event.answer("quiz", "q1", ["left bower"], right=True, when=t0),
...               Event.answer("quiz", "q2", ["left bower"], right=True,
...                            when=t0 + timedelta(minutes=15))])
>>> s.card("left bower").due > t0 + timedelta(days=1)   # known: back in days
True
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

from ..engine.actions import Action, Bid, Discard, NameTrump, Pass, Play
from ..engine.auction import bid_name
from ..engine.errors import InvalidDataError
from ..engine.i18n import N_, ngettext
from ..engine.i18n import gettext as _
from ..engine.rules import Rules
from ..engine.seats import SEATS, Side
from ..engine.state import HandState, Phase
from .bidding import action_label
from .bots import CLOSE_POINTS, FairExpert, RuleOfThumbPlayer
from .explain import capitalised
from .hints import stepped_hint
from .principles import PRINCIPLES, broken_by, principle, reasons_for
from .progress import Event, ProgressStore
from .quiz import TAGS, Question, choice_answer, choice_value, make_question, said_words
from .view import PlayerView

if TYPE_CHECKING:
    from fsrs import Card as FsrsCard
    from fsrs import Scheduler

__all__ = [
    "CONCEPTS",
    "LESSONS",
    "NEW_PER_DAY",
    "Concept",
    "ConceptState",
    "ConceptSummary",
    "LessonStars",
    "Schedule",
    "Summary",
    "cached_schedule",
    "concept",
    "days_text",
    "exercise_stars",
    "lesson_stars",
    "practice_question",
    "principle_question",
    "principle_verdict",
    "privacy_note",
    "question_event",
    "summary",
]

#: How many concepts never practised come up in one day.
NEW_PER_DAY: Final = 3
#: How far ahead a concept's strength looks (see :meth:`Schedule.strength`).
STRENGTH_AHEAD: Final = timedelta(days=7)


@dataclass(frozen=True)
class Concept:
    """One item of the schedule: a quiz situation (``kind`` ``"situation"``, drawn
    from the question kinds in ``kinds``) or a principle (``kind`` ``"principle"``).

    ``name`` and ``about`` are the English wording, marked for the catalogue: a face
    shows them translated, ``_(concept.name)`` and ``_(concept.about)``."""

    key: str
    name: str
    about: str
    kind: str
    kinds: tuple[str, ...] = ()
    lesson: int = 0  # the lesson that teaches it


# The situations, in the order the lessons teach them: (tag, name, one line, lesson).
_SITUATIONS: Final = (
    (
        "plain suit",
        N_("Plain suits"),
        N_("With no trump in the trick, the highest card of the suit led wins."),
        1,
    ),
    (
        "trumps",
        N_("The order of the trumps"),
        N_("The Joker, the right bower, the left bower, then ace down to 9."),
        1,
    ),
    ("right bower", N_("The right bower"), N_("The jack of trumps: the second-highest card."), 1),
    (
        "left bower",
        N_("The left bower"),
        N_("The other jack of the trump colour is a trump, not a card of its own suit."),
        1,
    ),
    ("joker", N_("The Joker"), N_("Always the highest trump, whatever the trump suit."), 1),
    ("leading", N_("Leading a trick"), N_("The player who leads may play any card."), 2),
    ("must follow", N_("Following suit"), N_("Play a card of the suit led if you hold one."), 2),
    ("void", N_("Out of a suit"), N_("Holding none of the suit led, you may play any card."), 2),
    (
        "trump led",
        N_("A trump led"),
        N_("When a trump is led, the bowers and the Joker must follow it too."),
        2,
    ),
    (
        "partner winning",
        N_("Partner winning"),
        N_("The rules make you follow suit even when your partner is winning."),
        2,
    ),
    ("trumped", N_("Trumping in"), N_("Any trump beats every card of a plain suit."), 3),
    (
        "lone hand",
        N_("Lone hands"),
        N_("A player going alone plays against two, and their partner sits out."),
        3,
    ),
    ("opening", N_("Opening the bidding"), N_("The first bid: what your six cards are worth."), 4),
    ("outbid", N_("Outbidding"), N_("To win the auction you must bid more than the last bid."), 4),
    (
        "partner's bid",
        N_("After partner's bid"),
        N_("When partner has bid, your cards help their contract."),
        4,
    ),
    ("pepper", N_("Pepper bids"), N_("Little and Big Pepper: bidding all six tricks."), 4),
    (
        "ending",
        N_("Counting an ending"),
        N_("With every card shown, count the tricks a side can take."),
        6,
    ),
)
#: Quiz situations practised as a principle: the bid quiz's "three passes" (all
#: three others passed and you hold the Joker) is the principle "bid before you are
#: made to bid 3", and an answer to it counts for that principle.
SAME_AS: Final = {"three passes": "bid-before-forced"}
_PRINCIPLE_LESSON: Final = {"bid": 4, "trump": 4, "discard": 4, "play": 7}


def _catalogue() -> tuple[Concept, ...]:
    out: list[Concept] = []
    for tag, name, about, lesson in _SITUATIONS:
        kinds = tuple(k for k, tags in TAGS.items() if tag in tags)
        out.append(Concept(tag, name, about, "situation", kinds, lesson))
    for p in PRINCIPLES:
        out.append(
            Concept(p.key, p.name, p.rule, "principle", ("principle",), _PRINCIPLE_LESSON[p.phase])
        )
    return tuple(sorted(out, key=lambda c: c.lesson))


#: Every concept, in the order the lessons teach them.
CONCEPTS: Final[tuple[Concept, ...]] = _catalogue()
_BY_KEY: Final = {c.key: c for c in CONCEPTS}


def concept(key: str) -> Concept:
    """The concept called ``key``; an error naming the concepts if there is none."""
    try:
        return _BY_KEY[key]
    except (KeyError, TypeError):
        # Translators: key is what was asked for (quoted); the concepts' keys stay in English.
        raise InvalidDataError(
            _("there is no concept {key}: the concepts are {keys}").format(
                key=repr(key), keys=", ".join(c.key for c in CONCEPTS)
            )
        ) from None


# --- the schedule ----------------------------------------------------------------------


def _scheduler() -> Scheduler:
    from fsrs import Scheduler

    # No fuzzing: the same answers always give the same schedule.
    return Scheduler(enable_fuzzing=False)


@dataclass
class ConceptState:
    """What the learner has done with one concept: the schedule's card (None when never
    practised), answers and right answers, and the first and last answer."""

    concept: Concept
    card: FsrsCard | None = None
    cap: float | None = None  # the strength a miss left, until the next right answer
    answers: int = 0
    right: int = 0
    first: datetime | None = None
    last: datetime | None = None

    @property
    def started(self) -> bool:
        return self.card is not None

    def due_at(self) -> datetime | None:
        return self.card.due if self.card is not None else None


def _rating(event: Event) -> int:
    from fsrs import Rating

    if not event.right:
        return int(Rating.Again)
    if event.hints or event.attempt > 1:
        return int(Rating.Hard)
    return int(Rating.Good)


class Schedule:
    """The spaced-practice schedule worked out from ``events``, in the order they were
    recorded (hint steps are left out)."""

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self._scheduler = _scheduler()
        self.states: dict[str, ConceptState] = {c.key: ConceptState(c) for c in CONCEPTS}
        self.taken = 0  # how many answers the schedule has taken in
        self.last_id = ""  # the id of the last of them
        self.add(events)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the schedule's cache (see :func:`cached_schedule`)."""

        def when(t: datetime | None) -> str | None:
            return t.isoformat() if t else None

        return {
            "version": CACHE_VERSION,
            "taken": self.taken,
            "last_id": self.last_id,
            "states": {
                k: {
                    "card": s.card.to_dict() if s.card else None,
                    "cap": s.cap,
                    "answers": s.answers,
                    "right": s.right,
                    "first": when(s.first),
                    "last": when(s.last),
                }
                for k, s in self.states.items()
                if s.answers
            },
        }

    @classmethod
    def from_dict(cls, data: Any) -> Schedule:
        """The schedule a cache holds; ``ValueError`` (or ``KeyError``, ``TypeError``)
        if it does not hold one."""
        from fsrs import Card as FsrsCard

        if data.get("version") != CACHE_VERSION:
            raise ValueError("another version of the cache")
        out = cls()
        out.taken, out.last_id = int(data["taken"]), str(data["last_id"])
        for k, d in data["states"].items():
            s = out.states[k]
            s.card = FsrsCard.from_dict(d["card"]) if d["card"] else None
            s.cap = None if d["cap"] is None else float(d["cap"])
            s.answers, s.right = int(d["answers"]), int(d["right"])
            s.first = datetime.fromisoformat(d["first"]) if d["first"] else None
            s.last = datetime.fromisoformat(d["last"]) if d["last"] else None
        return out

    def add(self, answers: Iterable[Event]) -> None:
        """Take in more answers (recorded after those already in)."""
        from fsrs import Card as FsrsCard
        from fsrs import Rating, State

        for event in answers:
            if not event.is_answer:
                continue
            self.taken += 1
            self.last_id = event.id
            for key in dict.fromkeys(SAME_AS.get(k, k) for k in event.concepts):
                state = self.states.get(key)
                if state is None:
                    continue  # a tag that is not a scheduled concept (kept in the store)
                state.answers += 1
                state.right += bool(event.right)
                state.first = state.first or event.when
                state.last = event.when
                card = state.card
                if event.right:
                    state.cap = None
                elif card is not None:  # a miss never makes the concept look stronger
                    held = self._held(card, event.when)
                    state.cap = held if state.cap is None else min(state.cap, held)
                if card is None:
                    card = FsrsCard(card_id=CONCEPTS.index(state.concept) + 1, due=event.when)
                elif event.when < card.due and (event.right or card.state != State.Review):
                    # Not due yet: a right answer changes nothing, nor does a miss while
                    # the concept is already coming back within minutes.
                    continue
                state.card, _ = self._scheduler.review_card(
                    card, Rating(_rating(event)), event.when
                )

    def card(self, key: str) -> FsrsCard | None:
        return self.states[concept(key).key].card

    def strength(self, key: str, now: datetime | None = None) -> float | None:
        """How well the concept is held: the chance of getting it right a week from
        ``now`` without practising it again (0 to 1), or None when never practised.

        A week ahead rather than today: straight after any answer the chance today is
        near certain, right or wrong, which would tell the learner nothing; a week ahead
        it is low for a concept just missed and high for one known for weeks.

        A miss never raises it: after a lapse the scheduler starts the concept afresh,
        which on its own would read higher than a concept left alone for months, so
        until the next right answer the strength stays at most what it was before the
        miss (and goes on fading).
        """
        state = self.states[concept(key).key]
        if state.card is None:
            return None
        held = self._held(state.card, now or datetime.now(UTC))
        return held if state.cap is None else min(held, state.cap)

    def _held(self, card: FsrsCard, when: datetime) -> float:
        """The chance, seen from ``when``, of getting the card right a week later."""
        return float(self._scheduler.get_card_retrievability(card, when + STRENGTH_AHEAD))

    def due(self, now: datetime | None = None) -> list[Concept]:
        """The concepts due at ``now``, the longest overdue first."""
        now = now or datetime.now(UTC)
        due = [
            (s.card.due, s.concept) for s in self.states.values() if s.card and s.card.due <= now
        ]
        return [c for _, c in sorted(due, key=lambda dc: dc[0])]

    def new_today(self, now: datetime | None = None) -> list[Concept]:
        """Concepts never practised that may start today (:data:`NEW_PER_DAY` a day,
        fewer those already started today), in teaching order."""
        now = now or datetime.now(UTC)
        start = now.astimezone().replace(hour=0, minute=0, second=0, microsecond=0)
        began = sum(1 for s in self.states.values() if s.first and s.first >= start)
        fresh = [s.concept for s in self.states.values() if not s.started]
        return fresh[: max(0, NEW_PER_DAY - began)]

    def next_due(self, now: datetime | None = None) -> tuple[datetime, Concept] | None:
        """The next concept to fall due after ``now``, and when."""
        now = now or datetime.now(UTC)
        later = [
            (s.card.due, s.concept) for s in self.states.values() if s.card and s.card.due > now
        ]
        return min(later, key=lambda dc: dc[0]) if later else None

    def to_practise(self, now: datetime | None = None, count: int = 5) -> list[Concept]:
        """What practice serves now: due concepts, then new ones, then the weakest."""
        now = now or datetime.now(UTC)
        out = self.due(now) + self.new_today(now)
        if len(out) < count:
            started = [s for s in self.states.values() if s.started and s.concept not in out]
            started.sort(key=lambda s: self.strength(s.concept.key, now) or 0.0)
            out += [s.concept for s in started]
        if len(out) < count:
            out += [c for c in CONCEPTS if c not in out]
        return out[:count]


# --- stars -----------------------------------------------------------------------------

#: The lessons, their titles and how many exercises each has (a quiz widget counts as
#: one exercise: a round of five questions). The titles are English, marked for the
#: catalogue: a face shows ``_(title)``.
LESSONS: Final[dict[int, tuple[str, int]]] = {
    1: (N_("The cards and their order"), 6),
    2: (N_("Following suit"), 5),
    3: (N_("Who wins the trick"), 1),
    4: (N_("Bidding, the widow and the discard"), 3),
    5: (N_("Scoring and the game to 10"), 5),
    6: (N_("Replaying annotated hands"), 5),
    7: (N_("Play a hand against the computer"), 3),
    8: (N_("House rules"), 3),
}
#: The questions in one round of a lesson's quiz.
ROUND: Final = 5


def exercise_stars(answers: Sequence[Event]) -> int:
    """The stars one exercise earned, from its answers in order: 3 for right first
    time, 2 for right with hints (or at the second try), 1 for right at last, 0 when
    not yet right. The best try counts.

    A lesson's quiz (its answers are ``quiz`` events) gives stars by rounds of
    :data:`ROUND` questions: 3 for a round all right with no hint, 2 for four right,
    1 for any round finished.
    """
    if answers and all(a.source == "quiz" for a in answers):
        best = 0
        for i in range(0, len(answers) - ROUND + 1, ROUND):
            block = answers[i : i + ROUND]
            right = sum(1 for a in block if a.right and not a.hints)
            best = max(best, 3 if right == ROUND else 2 if right >= ROUND - 1 else 1)
        return best
    best, tries = 0, 0
    for a in answers:
        tries += 1
        if a.right:
            stars = 3 if tries == 1 and not a.hints else 2 if tries <= 2 else 1
            best = max(best, stars)
            tries = 0  # a fresh go at the exercise starts here
    return best


@dataclass(frozen=True)
class LessonStars:
    """A lesson's stars: the fewest of its exercises' stars once every exercise is
    done (0 before), and each exercise's stars by its name. ``title`` is the English
    title (a face shows ``_(title)``)."""

    lesson: int
    title: str
    exercises: int
    stars: int
    by_exercise: dict[str, int] = field(default_factory=dict)

    @property
    def done(self) -> int:
        return sum(1 for s in self.by_exercise.values() if s)


def lesson_stars(events: Iterable[Event]) -> dict[int, LessonStars]:
    """Each lesson's stars from the store's events."""
    by_item: dict[int, dict[str, list[Event]]] = {n: {} for n in LESSONS}
    for e in events:
        if e.is_answer and e.lesson in by_item and e.source in ("exercise", "quiz"):
            item = e.item if e.source == "exercise" else f"quiz:{e.kind}"
            by_item[e.lesson].setdefault(item, []).append(e)
    out: dict[int, LessonStars] = {}
    for n, (title, count) in LESSONS.items():
        stars = {item: exercise_stars(evs) for item, evs in by_item[n].items()}
        earned = sorted(stars.values(), reverse=True)[:count]
        whole = min(earned) if len(earned) >= count and all(earned) else 0
        out[n] = LessonStars(n, title, count, whole, stars)
    return out


# --- fresh questions for a concept -------------------------------------------------------


def practice_question(key: str, rng: random.Random) -> Question:
    """A fresh question practising the concept ``key``."""
    c = concept(key)
    if c.kind == "principle":
        return principle_question(key, rng)
    kind = rng.choice(c.kinds)
    return make_question(kind, rng, "mixed", c.key)


#: How many hands :func:`principle_question` deals before it gives up.
DEALS: Final = 400
_PHASE_OF: Final = {
    "bid": Phase.AUCTION,
    "trump": Phase.TRUMP,
    "discard": Phase.DISCARD,
    "play": Phase.PLAY,
}


def _choice_label(action: Action, rules: Rules) -> str:
    if isinstance(action, Play | Discard):
        return action.card.text
    if isinstance(action, NameTrump):
        return f"{action.suit.symbol} {action.suit.plural}" if action.suit else _("no trump")
    if isinstance(action, Bid | Pass):
        return action_label(action, rules)
    return str(action)


def _situation(state: HandState, view: PlayerView) -> str:
    """The position in words, from the seat's view."""
    me = view.seat
    parts: list[str] = []
    if view.phase is Phase.AUCTION:
        said = "; ".join(said_words(a, view.rules) for a in view.auction)
        if said:
            # Translators: seat is the dealer, said the calls so far ("North passed;
            # East bid 3").
            parts.append(
                _("{seat} dealt. So far: {said}.").format(seat=view.dealer.word, said=said)
            )
        else:
            parts.append(_("{seat} dealt. You speak first.").format(seat=view.dealer.word))
        parts.append(_("You are {seat}: what do you bid?").format(seat=me.word))
        return " ".join(parts)
    high = view.high_bid
    if high is not None:
        bid = bid_name(high.tricks, high.big, view.rules)
        if high.seat is me:
            # Translators: bid is a bid (3, Little Pepper).
            parts.append(_("You won the auction with {bid}.").format(bid=bid))
        else:
            # Translators: seat won the auction with bid (3, Little Pepper).
            parts.append(
                _("{seat} won the auction with {bid}.").format(seat=high.seat.word, bid=bid)
            )
    if view.phase is Phase.TRUMP:
        parts.append(_("You hold seven cards with the widow: which suit do you name as trumps?"))
        return " ".join(parts)
    trump = view.trump.plural if view.trump else _("no trump")
    if view.phase is Phase.DISCARD:
        # Translators: trump is the trump named (hearts, no trump).
        parts.append(_("You named {trump}. Which card do you discard?").format(trump=trump))
        return " ".join(parts)
    # Translators: trump is the trump named (hearts, no trump).
    parts.append(_("Trumps: {trump}.").format(trump=trump))
    won = state.side_tricks
    # Translators: ns and ew are the tricks each partnership has taken.
    parts.append(
        _("Tricks so far: North-South {ns}, East-West {ew}.").format(
            ns=won[Side.NS], ew=won[Side.EW]
        )
    )
    if view.current_trick:
        played = ", ".join(f"{s.word} {c.text}" for s, c in view.current_trick)
        # Translators: plays are the seats and their cards ("North A♠, East 9♠").
        parts.append(_("This trick so far: {plays}.").format(plays=played))
    else:
        parts.append(_("You lead this trick."))
    parts.append(_("You are {seat}: which card do you play?").format(seat=me.word))
    return " ".join(parts)


def principle_question(key: str, rng: random.Random, rules: Rules | None = None) -> Question:
    """A fresh position where the principle ``key`` decides the move: a hand dealt from
    ``rng`` and played by rule-of-thumb players up to a decision where one of the legal
    choices follows the principle, another does not, and the fair expert's move follows
    it, clearly better than any choice that does not (by more than a close decision's
    margin, on average over the deals it weighs). Every choice that follows the
    principle is right.
    """
    p = principle(key)
    rules = rules or Rules()
    phase = _PHASE_OF[p.phase]
    thumbs = RuleOfThumbPlayer()
    for _i in range(DEALS):
        seed = rng.randrange(2**31)
        state = HandState.new(dealer=rng.choice(SEATS), seed=seed, rules=rules)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = PlayerView.of(state, seat)
            if state.phase is phase and len(view.legal_actions) > 1:
                found = _principle_position(state, view, key, seed)
                if found is not None:
                    return found
            state.apply(thumbs.choose(view))
    # Translators: principle is a principle's name (quoted), n the deals tried.
    raise InvalidDataError(
        _("no position for the principle {principle} turned up in {n} deals").format(
            principle=repr(_(p.name)), n=DEALS
        )
    )


def _principle_position(state: HandState, view: PlayerView, key: str, seed: int) -> Question | None:
    legal = view.legal_actions
    follow = [a for a in legal if any(r.principle.key == key for r in reasons_for(view, a))]
    if not follow or len(follow) == len(legal):
        return None
    advice = FairExpert(seed).advise(view)
    if advice.action not in follow:
        return None  # the principle is not the whole story here
    worth = advice.points or advice.values
    others = [v for a, v in worth.items() if a not in follow]
    if worth and others and max(others) > worth[advice.action] - CLOSE_POINTS:
        return None  # another choice does as well: not a fair question
    p = principle(key)
    hint = stepped_hint(view, advice, focus=key)
    reason = next(r for r in reasons_for(view, advice.action) if r.principle.key == key)
    choices = [{"value": choice_value(a), "label": _choice_label(a, view.rules)} for a in legal]
    wrong = {}  # what the principle says against a choice, where it says something
    for a in legal:
        against = [r.text for r in broken_by(view, a) if r.principle.key == key]
        if against:
            wrong[choice_value(a)] = against[0]
    token = hashlib.sha1(f"{key}|{seed}|{len(state.log)}".encode()).hexdigest()[:12]
    # Translators: a principle's name and its rule, one sentence ("Second hand low.
    # When you play second, ...").
    about = _("{principle}. {rule}").format(principle=capitalised(_(p.name)), rule=_(p.rule))
    return Question(
        kind="principle",
        difficulty="mixed",
        tag=key,
        tags=(key,),
        trump=view.trump if view.trump_named else None,
        prompt=_situation(state, view),
        answer=tuple(choice_value(a) for a in follow),
        explanation=f"{about} {reason.text}",
        hand=view.hand,
        trick=view.current_trick,
        seat=view.seat,
        details={
            "phase": p.phase,
            "principle": _(p.name),
            "about": about,
            "choices": choices,
            "right": [choice_value(a) for a in follow],
            "against": wrong,
            "hints": list(hint.steps),
            "position": token,
            "leader": view.leader.name if view.leader else "",
        },
    )


def days_text(delta: timedelta) -> str:
    """``in 3 days``, ``in 5 hours``, ``in 10 minutes``, ``now``: a wait in words.

    >>> days_text(timedelta(days=3)), days_text(timedelta(hours=1)), days_text(timedelta(0))
    ('in 3 days', 'in 1 hour', 'now')
    """
    seconds = int(delta.total_seconds())
    if seconds <= 0:
        # Translators: when a concept is due: now.
        return _("now")
    if seconds >= 86400:
        n = round(seconds / 86400)
        return ngettext("in {n} day", "in {n} days", n).format(n=n)
    if seconds >= 3600:
        n = round(seconds / 3600)
        return ngettext("in {n} hour", "in {n} hours", n).format(n=n)
    if seconds >= 60:
        n = round(seconds / 60)
        return ngettext("in {n} minute", "in {n} minutes", n).format(n=n)
    return _("in a minute")


def principle_verdict(question: Question, response: object) -> str:
    """What a principle question says to ``response``: for a right choice, the principle
    and its reason in the cards; for a wrong one, what the principle says against that
    choice (it names the right move) and the principle, without saying it twice."""
    value = choice_answer(question.details.get("choices", []), response)
    if question.check(response):
        return question.explanation
    against = question.details.get("against", {}).get(value or "")
    if against:
        return f"{against} {question.details['about']}"
    return question.explanation


# --- recording and the summary -----------------------------------------------------------


def question_event(
    question: Question,
    right: bool,
    *,
    source: str = "quiz",
    hints: int = 0,
    attempt: int = 1,
    lesson: int | None = None,
) -> Event:
    """The store's event for an answer to a quiz-bank ``question``."""
    return Event.answer(
        source,
        question.key,
        question.tags or (question.tag,),
        right=right,
        hints=hints,
        attempt=attempt,
        lesson=lesson,
        kind=question.kind,
    )


def privacy_note(store: ProgressStore) -> str:
    """Where the progress is kept, and that it stays there, in one sentence."""
    import sys

    where = _("this browser's own storage") if sys.platform == "emscripten" else str(store.home)
    # Translators: where is a folder, or "this browser's own storage".
    return _(
        "Your progress is kept on this machine only ({where}); nothing is sent anywhere."
    ).format(where=where)


@dataclass(frozen=True)
class ConceptSummary:
    """One concept in the summary: how well it is held (the chance of getting it right
    a week from now, 0 to 1; None if never practised), answers and right answers, and
    when it is due (None if never)."""

    concept: Concept
    strength: float | None
    answers: int
    right: int
    due: datetime | None


@dataclass(frozen=True)
class Summary:
    """What the progress page and ``hasenpfeffer progress`` show."""

    answers: int
    right: int
    hint_steps: int
    lessons: dict[int, LessonStars]
    concepts: tuple[ConceptSummary, ...]
    due_now: tuple[Concept, ...]
    due_today: tuple[Concept, ...]
    new_today: tuple[Concept, ...]
    next_due: tuple[datetime, Concept] | None
    notice: str
    privacy: str
    now: datetime


#: The schedule's cache, beside the store: a disposable copy of the schedule worked
#: out so far, so that a store of many answers opens quickly.
CACHE_NAME: Final = "schedule-cache.json"
CACHE_VERSION: Final = 2
#: How many answers past the cache make it worth writing again.
CACHE_EVERY: Final = 200


def cached_schedule(store: ProgressStore, answers: Sequence[Event] | None = None) -> Schedule:
    """The schedule of the answers in ``store``, from its cache where the cache matches
    (the same first answers, by count and last id), the rest added; the cache is written
    again once it is :data:`CACHE_EVERY` answers behind. The cache holds nothing the store
    does not: a cache that cannot be read is simply worked out again."""
    if answers is None:
        answers = store.answers()
    path = store.home / CACHE_NAME
    schedule: Schedule | None = None
    try:
        cached = Schedule.from_dict(json.loads(path.read_text(encoding="utf-8")))
        n = cached.taken
        if 0 < n <= len(answers) and answers[n - 1].id == cached.last_id:
            schedule = cached
            schedule.add(answers[n:])
            behind = len(answers) - n
        else:
            schedule = None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        schedule = None
    if schedule is None:
        schedule = Schedule(answers)
        behind = len(answers)
    if behind >= CACHE_EVERY:
        with contextlib.suppress(OSError):
            store.write_beside(CACHE_NAME, json.dumps(schedule.to_dict()).encode())
    return schedule


def summary(store: ProgressStore, now: datetime | None = None) -> Summary:
    """The learner's progress from ``store`` at ``now``."""
    now = now or datetime.now(UTC)
    events = store.events()
    answers = [e for e in events if e.is_answer]
    schedule = cached_schedule(store, answers)
    local = now.astimezone()
    end_of_day = (local + timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)
    concepts = tuple(
        ConceptSummary(s.concept, schedule.strength(k, now), s.answers, s.right, s.due_at())
        for k, s in schedule.states.items()
    )
    return Summary(
        answers=len(answers),
        right=sum(1 for e in answers if e.right),
        hint_steps=len(events) - len(answers),
        lessons=lesson_stars(answers),
        concepts=concepts,
        due_now=tuple(schedule.due(now)),
        due_today=tuple(schedule.due(end_of_day)),
        new_today=tuple(schedule.new_today(now)),
        next_due=schedule.next_due(now),
        notice=store.notice,
        privacy=privacy_note(store),
        now=now,
    )
