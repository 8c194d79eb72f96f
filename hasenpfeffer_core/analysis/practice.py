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

import base64
import contextlib
import hashlib
import json
import math
import random
from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
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
from .bots import FairExpert, RuleOfThumbPlayer
from .describe import calls_joined
from .explain import capitalised, card_label
from .hints import agrees, stepped_hint
from .judge import judge_play
from .principles import PRINCIPLES, broken_by, principle, reasons_for
from .progress import AHEAD, Event, Mark, ProgressStore, Skips, open_regular, parse_time
from .quiz import TAGS, Question, choice_answer, choice_value, make_question, said_words
from .view import PlayerView

if TYPE_CHECKING:
    from fsrs import Card as FsrsCard
    from fsrs import Scheduler

__all__ = [
    "CONCEPTS",
    "KIND_LESSON",
    "LESSONS",
    "NEW_PER_DAY",
    "Concept",
    "ConceptState",
    "ConceptSummary",
    "LessonStars",
    "Schedule",
    "Summary",
    "Tally",
    "cached_schedule",
    "cached_tally",
    "choice_label",
    "concept",
    "days_text",
    "exercise_stars",
    "lesson_stars",
    "practice_question",
    "principle_question",
    "principle_verdict",
    "privacy_note",
    "question_event",
    "situation_words",
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
        """Plain data for the schedule's cache (see :func:`cached_tally`)."""

        def when(t: datetime | None) -> str | None:
            return t.isoformat() if t else None

        return {
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
    def from_dict(cls, data: object, latest: datetime | None = None) -> Schedule:
        """The schedule a cache holds, every value checked for kind and range (times
        from :data:`~hasenpfeffer_core.analysis.progress.EARLIEST` to ``latest``, counts
        whole and not negative, strengths finite); ``ValueError`` if anything is off."""
        from fsrs import Card as FsrsCard
        from fsrs import State

        latest = latest or datetime.now(UTC) + AHEAD
        d = _Checked(data, "schedule")
        out = cls()
        out.taken, out.last_id = d.count("taken"), d.text("last_id", 64)
        states = d.mapping("states")
        if len(states) > len(CONCEPTS):
            raise ValueError("more concepts than there are")
        for k, raw in states.items():
            if k not in out.states:
                raise ValueError("an unknown concept")
            st, v = out.states[k], _Checked(raw, k)
            st.answers, st.right = v.count("answers"), v.count("right")
            if not 0 < st.answers <= out.taken or st.right > st.answers:
                raise ValueError("answers out of range")
            st.first, st.last = v.time("first", latest), v.time("last", latest)
            if st.first is None or st.last is None or st.last < st.first:
                raise ValueError("the first and last answers are out of order")
            cap = v.get("cap")
            st.cap = None if cap is None else v.fraction("cap")
            card = v.get("card")
            if card is None:
                raise ValueError("a concept answered has a card")
            c = _Checked(card, "card")
            state = c.get("state")
            if type(state) is not int or state not in {s.value for s in State}:
                raise ValueError("a card's state")
            step = c.get("step")
            if step is not None and (type(step) is not int or not 0 <= step <= 100):
                raise ValueError("a card's step")
            stability, difficulty = c.get("stability"), c.get("difficulty")
            if stability is not None and not _finite(stability, 0.0, 1e6):
                raise ValueError("a card's stability")
            if difficulty is not None and not _finite(difficulty, 1.0, 10.0):
                raise ValueError("a card's difficulty")
            review = c.time("last_review", latest)
            if review is None or review > st.last:
                raise ValueError("a card's last review")
            due = c.time("due", review + timedelta(days=_MAX_INTERVAL_DAYS + 1))
            if due is None or due < review:
                raise ValueError("a card's due date")
            if c.get("card_id") != CONCEPTS.index(st.concept) + 1:
                raise ValueError("a card's id")
            st.card = FsrsCard(
                card_id=CONCEPTS.index(st.concept) + 1,
                state=State(state),
                step=step,
                stability=None if stability is None else float(stability),  # type: ignore[arg-type]
                difficulty=None if difficulty is None else float(difficulty),  # type: ignore[arg-type]
                due=due,
                last_review=review,
            )
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
                # An answer recorded a little out of order (two programs at once, or
                # clocks apart) is taken as given at the last answer's time.
                when = max(event.when, state.last) if state.last else event.when
                state.answers += 1
                state.right += bool(event.right)
                state.first = state.first or when
                state.last = when
                card = state.card
                if event.right:
                    state.cap = None
                elif card is not None:  # a miss never makes the concept look stronger
                    held = self._held(card, when)
                    state.cap = held if state.cap is None else min(state.cap, held)
                if card is None:
                    card = FsrsCard(card_id=CONCEPTS.index(state.concept) + 1, due=when)
                elif when < card.due and (event.right or card.state != State.Review):
                    # Not due yet: a right answer changes nothing, nor does a miss while
                    # the concept is already coming back within minutes.
                    continue
                state.card, _ = self._scheduler.review_card(card, Rating(_rating(event)), when)

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
#: one exercise: a round of five questions; in lesson 7, a hand played to its end at
#: the table counts as one too). The titles are English, marked for the catalogue: a
#: face shows ``_(title)``.
LESSONS: Final[dict[int, tuple[str, int]]] = {
    1: (N_("The cards and their order"), 6),
    2: (N_("Following suit"), 5),
    3: (N_("Who wins the trick"), 1),
    4: (N_("Bidding, the widow and the discard"), 3),
    5: (N_("Scoring and the game to 10"), 5),
    6: (N_("Replaying annotated hands"), 5),
    7: (N_("Play a hand against the computer"), 4),
    8: (N_("House rules"), 3),
}
#: The questions in one round of a lesson's quiz.
ROUND: Final = 5
#: The right answers (of :data:`ROUND`) a round needs for one star: a round mostly
#: wrong is finished, not done.
ROUND_PASS: Final = 3


def exercise_stars(answers: Sequence[Event]) -> int:
    """The stars one exercise earned, from its answers in order: 3 for right first
    time, 2 for right with hints (or at the second try), 1 for right at last, 0 when
    not yet right. The best try counts.

    A lesson's quiz (its answers are ``quiz`` events) gives stars by rounds of
    :data:`ROUND` questions: 3 for a round all right with no hint, 2 for four right,
    1 for three (:data:`ROUND_PASS`), 0 for fewer: a round mostly wrong earns no star
    and does not count as done. The best round counts.
    """
    fold = _Stars()
    for a in answers:
        fold.add(a)
    return fold.stars


@dataclass
class _Stars:
    """One exercise's stars worked out answer by answer (see :func:`exercise_stars`):
    both ways of counting are kept, by tries and by rounds, and the rounds count while
    every answer came from a quiz."""

    all_quiz: bool = True
    rounds: int = 0  # the best stars of a whole round
    in_round: int = 0  # answers of the round under way
    round_right: int = 0  # right with no hint in it
    by_tries: int = 0  # the best stars of a try
    tries: int = 0  # tries since the last right answer

    def add(self, a: Event) -> None:
        self.all_quiz = self.all_quiz and a.source == "quiz"
        self.in_round += 1
        self.round_right += bool(a.right and not a.hints)
        if self.in_round == ROUND:
            right = self.round_right
            stars = 3 if right == ROUND else 2 if right >= ROUND - 1 else int(right >= ROUND_PASS)
            self.rounds = max(self.rounds, stars)
            self.in_round = self.round_right = 0
        self.tries += 1
        if a.right:
            stars = 3 if self.tries == 1 and not a.hints else 2 if self.tries <= 2 else 1
            self.by_tries = max(self.by_tries, stars)
            self.tries = 0  # a fresh go at the exercise starts here

    @property
    def stars(self) -> int:
        return self.rounds if self.all_quiz else self.by_tries

    def to_list(self) -> list[int]:
        return [
            int(self.all_quiz),
            self.rounds,
            self.in_round,
            self.round_right,
            self.by_tries,
            self.tries,
        ]

    @classmethod
    def from_list(cls, data: object) -> _Stars:
        if not isinstance(data, list) or len(data) != 6 or any(type(x) is not int for x in data):
            raise ValueError("an exercise's stars are six whole numbers")
        all_quiz, rounds, in_round, round_right, by_tries, tries = data
        if (
            all_quiz not in (0, 1)
            or not 0 <= rounds <= 3
            or not 0 <= round_right <= in_round < ROUND
            or not 0 <= by_tries <= 3
            or not 0 <= tries <= 10**9
        ):
            raise ValueError("an exercise's stars are out of range")
        return cls(bool(all_quiz), rounds, in_round, round_right, by_tries, tries)


def _exercise_key(e: Event) -> str | None:
    """The exercise an answer counts for in its lesson's stars, or None."""
    if e.is_answer and e.lesson in LESSONS and e.source in ("exercise", "quiz"):
        return e.item if e.source == "exercise" else f"quiz:{e.kind}"
    return None


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
    folds: dict[int, dict[str, _Stars]] = {n: {} for n in LESSONS}
    for e in events:
        _add_stars(folds, e)
    return _lesson_stars(folds)


def _add_stars(folds: dict[int, dict[str, _Stars]], e: Event) -> None:
    item = _exercise_key(e)
    if item is not None and e.lesson is not None:
        folds[e.lesson].setdefault(item, _Stars()).add(e)


def _lesson_stars(folds: Mapping[int, Mapping[str, _Stars]]) -> dict[int, LessonStars]:
    out: dict[int, LessonStars] = {}
    for n, (title, count) in LESSONS.items():
        stars = {item: fold.stars for item, fold in folds[n].items()}
        earned = sorted(stars.values(), reverse=True)[:count]
        whole = min(earned) if len(earned) >= count and all(earned) else 0
        out[n] = LessonStars(n, title, count, whole, stars)
    return out


# --- fresh questions for a concept -------------------------------------------------------


#: The lesson that introduces each kind of question: a practice limited to a lesson
#: asks only the kinds taught so far (lesson 1's practice asked "Who wins the trick?",
#: which lesson 3 teaches).
KIND_LESSON: Final = {"order": 1, "legal-play": 2, "trick-winner": 3, "bid": 4, "tricks": 6}


def practice_question(key: str, rng: random.Random, lesson: int | None = None) -> Question:
    """A fresh question practising the concept ``key``; with ``lesson``, of a kind that
    lesson or an earlier one teaches (:data:`KIND_LESSON`), or an error when it has none
    (the practice then moves on to the next concept)."""
    c = concept(key)
    if c.kind == "principle":
        return principle_question(key, rng)
    taught = [k for k in c.kinds if lesson is None or KIND_LESSON.get(k, 0) <= lesson]
    if not taught:
        # Translators: {concept} is an idea practised ("The right bower"), {lesson} a
        # lesson's number: no quiz taught so far asks about it.
        message = _("no question taught by lesson {lesson} practises {concept}")
        raise InvalidDataError(message.format(lesson=lesson, concept=_(c.name)), rule="practice")
    return make_question(rng.choice(taught), rng, "mixed", c.key)


#: How many hands :func:`principle_question` deals before it gives up.
DEALS: Final = 400
#: The most deals the judge weighs for a card in a candidate position: a position is
#: asked only when every card against the principle is clearly worse within them.
PRINCIPLE_DEALS: Final = 48
_PHASE_OF: Final = {
    "bid": Phase.AUCTION,
    "trump": Phase.TRUMP,
    "discard": Phase.DISCARD,
    "play": Phase.PLAY,
}


def choice_label(action: Action, rules: Rules) -> str:
    if isinstance(action, Play | Discard):
        return card_label(action.card)
    if isinstance(action, NameTrump):
        return f"{action.suit.symbol} {action.suit.plural}" if action.suit else _("no trump")
    if isinstance(action, Bid | Pass):
        return action_label(action, rules)
    return str(action)


def situation_words(state: HandState, view: PlayerView) -> str:
    """The position in words, from the seat's view."""
    me = view.seat
    parts: list[str] = []
    if view.phase is Phase.AUCTION:
        said = calls_joined(said_words(a, view.rules) for a in view.auction)
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
    if view.phase is Phase.PLAY:  # a quick look first: most positions fail it
        quick = judge_play(view, random.Random(seed), min_deals=8, max_deals=12)
        if quick.best not in follow:
            return None
    advice = FairExpert(seed, samples=PRINCIPLE_DEALS).advise(view)
    if advice.action not in follow:
        return None  # the principle is not the whole story here
    judged = advice.judgement
    if judged is None:
        return None
    # Every choice it keeps as good as the best, every choice against it clearly worse.
    # (In the auction a call against the principle that the judge finds as good, bidding
    # 2 with a hand strong enough for it, was once left out of the choices: a learner
    # asked to bid saw "Pass, Bid 1, Bid 3 ..." and wondered where 2 had gone. Such a
    # position is not asked: every legal choice is offered.)
    if not all(judged.within_margin(a) for a in follow):
        return None
    if not all(judged.clearly_worse(a) for a in legal if a not in follow):
        return None
    p = principle(key)
    hint = stepped_hint(view, advice, focus=key)
    reason = next(r for r in reasons_for(view, advice.action) if r.principle.key == key)
    choices = [{"value": choice_value(a), "label": choice_label(a, view.rules)} for a in legal]
    wrong = {}  # what the principle says against a choice, where it says something
    for a in legal:
        against = [
            r.text for r in broken_by(view, a) if r.principle.key == key and agrees(judged, r, a)
        ]
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
        prompt=situation_words(state, view),
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


#: The summary's cache, beside the store: a disposable copy of the summary worked out
#: so far (the schedule, the counts, the stars) and the place in the store it reached,
#: so that a store of many answers opens quickly.
CACHE_NAME: Final = "schedule-cache.json"
#: (4: a quiz round needs three right answers for a star: stars cached by version 3
#: are worked out again.)
CACHE_VERSION: Final = 4
#: How many answers past the cache make it worth writing again.
CACHE_EVERY: Final = 200
#: The largest cache that is read (or written): past it, the summary is worked out anew.
CACHE_LIMIT: Final = 64 * 1024 * 1024
#: The longest interval the scheduler sets (fsrs's maximum_interval, in days).
_MAX_INTERVAL_DAYS: Final = 36500


def _finite(value: object, low: float, high: float) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and low <= value <= high
    )


class _Checked:
    """A JSON object from a cache, read field by field: each getter checks the kind and
    the range of what it returns, and raises ``ValueError`` naming the field."""

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise ValueError(f"{where} is not an object")
        self.data, self.where = data, where

    def get(self, key: str) -> object:
        return self.data.get(key)

    def count(self, key: str) -> int:
        value = self.data.get(key)
        if type(value) is not int or not 0 <= value <= 10**9:
            raise ValueError(f"{self.where}.{key} is not a count")
        return value

    def text(self, key: str, longest: int) -> str:
        value = self.data.get(key)
        if not isinstance(value, str) or len(value) > longest:
            raise ValueError(f"{self.where}.{key} is not a short text")
        return value

    def fraction(self, key: str) -> float:
        value = self.data.get(key)
        if not _finite(value, 0.0, 1.0):
            raise ValueError(f"{self.where}.{key} is not a number from 0 to 1")
        return float(value)  # type: ignore[arg-type]

    def mapping(self, key: str) -> dict[str, Any]:
        value = self.data.get(key)
        if not isinstance(value, dict):
            raise ValueError(f"{self.where}.{key} is not an object")
        return value

    def time(self, key: str, latest: datetime) -> datetime | None:
        """A time with its zone, from
        :data:`~hasenpfeffer_core.analysis.progress.EARLIEST` to ``latest``, or None."""
        value = self.data.get(key)
        if value is None:
            return None
        return parse_time(value, latest)  # the store's own check of a time


def _id_key(event_id: str) -> int:
    """An event's id as a 64-bit number (ids are 16 hex digits; any other is hashed)."""
    if len(event_id) == 16:
        with contextlib.suppress(ValueError):
            return int(event_id, 16)
    return int.from_bytes(hashlib.blake2b(event_id.encode(), digest_size=8).digest(), "big")


class Tally:
    """Everything the progress summary needs from the store, taken in one event at a
    time: the answers, right answers and hint steps, the schedule, each exercise's
    stars, the lines left out. An event already taken (the same id) is not taken twice.
    It never holds the events themselves, so a store of any size fits in memory."""

    def __init__(self) -> None:
        self.schedule = Schedule()
        self.answers = self.right = self.hint_steps = 0
        self.stars: dict[int, dict[str, _Stars]] = {n: {} for n in LESSONS}
        self.ids: set[int] = set()
        self.skips = Skips()  # the lines of the store left out

    def add(self, event: Event) -> None:
        key = _id_key(event.id)
        if key in self.ids:
            return
        self.ids.add(key)
        if not event.is_answer:
            self.hint_steps += 1
            return
        self.answers += 1
        self.right += bool(event.right)
        self.schedule.add((event,))
        _add_stars(self.stars, event)

    def lessons(self) -> dict[int, LessonStars]:
        return _lesson_stars(self.stars)

    def to_dict(self) -> dict[str, Any]:
        ids = array("Q", sorted(self.ids))
        return {
            "answers": self.answers,
            "right": self.right,
            "hint_steps": self.hint_steps,
            "skipped": self.skips.count,
            "dated": self.skips.dated,
            "bad_lines": self.skips.lines,
            "schedule": self.schedule.to_dict(),
            "stars": {
                str(n): {item: fold.to_list() for item, fold in items.items()}
                for n, items in self.stars.items()
                if items
            },
            "ids": base64.b64encode(ids.tobytes()).decode("ascii"),
        }

    @classmethod
    def from_dict(cls, data: object, latest: datetime) -> Tally:
        """The tally a cache holds, every value checked; ``ValueError`` if it is off."""
        d = _Checked(data, "tally")
        out = cls()
        out.answers, out.right, out.hint_steps = (
            d.count("answers"),
            d.count("right"),
            d.count("hint_steps"),
        )
        skipped, dated = d.count("skipped"), d.count("dated")
        if out.right > out.answers or dated > skipped:
            raise ValueError("counts out of range")
        bad = d.get("bad_lines")
        if not isinstance(bad, list) or len(bad) > min(3, skipped):
            raise ValueError("bad lines")
        if any(type(n) is not int or n < 2 for n in bad):
            raise ValueError("bad lines")
        out.skips = Skips(skipped, dated, list(bad))
        out.schedule = Schedule.from_dict(d.get("schedule"), latest)
        if out.schedule.taken != out.answers:
            raise ValueError("the schedule took another number of answers")
        for lesson, items in d.mapping("stars").items():
            n = int(lesson) if lesson.isdigit() and len(lesson) <= 2 else 0
            if n not in LESSONS or not isinstance(items, dict):
                raise ValueError("stars of an unknown lesson")
            for item, fold in items.items():
                if not 0 < len(item) <= 1000:
                    raise ValueError("an exercise's name")
                out.stars[n][item] = _Stars.from_list(fold)
        raw = d.text("ids", CACHE_LIMIT)
        packed = base64.b64decode(raw.encode("ascii"), validate=True)
        if len(packed) != 8 * (out.answers + out.hint_steps):
            raise ValueError("the ids do not match the counts")
        ids = array("Q")
        ids.frombytes(packed)
        out.ids = set(ids)
        if len(out.ids) != len(ids):
            raise ValueError("an id twice")
        return out


def _read_cache(path: Path, latest: datetime) -> tuple[Mark, Tally] | None:
    """The mark and tally in the cache, or None when it is missing, not a regular file,
    too large, or anything in it is off (the cache holds nothing the store does not)."""
    try:
        with open_regular(path, CACHE_LIMIT) as f:
            data = json.loads(f.read())
        c = _Checked(data, "cache")
        if c.get("version") != CACHE_VERSION:
            return None
        return Mark.from_dict(c.get("mark")), Tally.from_dict(c.get("tally"), latest)
    except (OSError, InvalidDataError, ValueError, TypeError, RecursionError, OverflowError):
        return None


def cached_tally(store: ProgressStore) -> Tally:
    """The tally of the events in ``store``: from its cache where the cache fits the
    store (the file still begins with the very bytes the cache took in), the events
    after that added; the cache is written again once it is :data:`CACHE_EVERY`
    events behind. A cache that cannot be read, or fits no longer, is worked out again."""
    latest = datetime.now(UTC) + AHEAD
    path = store.home / CACHE_NAME
    cached = _read_cache(path, latest)
    behind = 0
    with store.scan(cached[0] if cached else None, latest) as scan:
        tally = cached[1] if cached is not None and not scan.fresh else Tally()
        for event in scan:
            tally.add(event)
            behind += 1
    if scan.mark is None:  # no store (or none that can be read): nothing to count
        return Tally()
    tally.skips.merge(scan.skips)
    if behind >= CACHE_EVERY or (scan.fresh and cached is not None):
        content = json.dumps(
            {"version": CACHE_VERSION, "mark": scan.mark.to_dict(), "tally": tally.to_dict()}
        ).encode()
        if len(content) <= CACHE_LIMIT:
            with contextlib.suppress(OSError):
                store.write_beside(CACHE_NAME, content)
    return tally


def cached_schedule(store: ProgressStore) -> Schedule:
    """The schedule of the answers in ``store`` (see :func:`cached_tally`)."""
    return cached_tally(store).schedule


def summary(store: ProgressStore, now: datetime | None = None) -> Summary:
    """The learner's progress from ``store`` at ``now``."""
    now = now or datetime.now(UTC)
    tally = cached_tally(store)
    schedule = tally.schedule
    local = now.astimezone()
    end_of_day = (local + timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)
    concepts = tuple(
        ConceptSummary(s.concept, schedule.strength(k, now), s.answers, s.right, s.due_at())
        for k, s in schedule.states.items()
    )
    return Summary(
        answers=tally.answers,
        right=tally.right,
        hint_steps=tally.hint_steps,
        lessons=tally.lessons(),
        concepts=concepts,
        due_now=tuple(schedule.due(now)),
        due_today=tuple(schedule.due(end_of_day)),
        new_today=tuple(schedule.new_today(now)),
        next_due=schedule.next_due(now),
        notice=" ".join(x for x in (store.kept_aside, tally.skips.text(store.path)) if x),
        privacy=privacy_note(store),
        now=now,
    )
