"""Puzzles from real hands: positions where one move is clearly best, to practise.

Each puzzle is a moment of a hand the fair expert played (``tools/make_puzzles.py``
plays the hands and keeps the moments): a bid, a trump, a discard or a card, where the
judge (:mod:`~hasenpfeffer_core.analysis.judge`), from the player's own view, finds one
move better than every other by at least :data:`MARGIN` points and by more than its
doubt, and a second judgement on other deals, every card valued by best play for
points, agrees. A puzzle keeps:

* the hand record up to the moment (:attr:`Puzzle.record`, the text a teacher opens in
  the replayer);
* the judgement (every option's points over the deals weighed), so that its explanation
  and the verdict on each wrong answer are the hint's own words, in the reader's
  language, and agree with the answer;
* its theme: the principle the answer shows, or what outweighs the usual principle;
* its difficulty, measured: how often weaker players miss it (a random player, the rule
  of thumb, the expert on a few deals), and a rating from it, on the scale of the
  learner's own puzzle rating (Glicko-2, as lichess rates its puzzles:
  :class:`PuzzleRating`).

The bank ships with the package, one file per theme (``analysis/puzzle_bank/*.json``).

>>> bank = Bank()
>>> len(bank) >= 2000, len(bank.themes()) >= 12
(True, True)
>>> p = bank.get("p0001")
>>> p.is_right(p.answer) and not any(p.is_right(a) for a in p.wrong())
True
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from importlib import resources
from typing import Any, Final

import glicko2

from ..engine.actions import Action
from ..engine.i18n import N_
from ..engine.i18n import gettext as _
from ..engine.record import HandRecord, dumps, loads
from ..engine.state import HandState
from .bots import Advice, advice_from
from .hints import SteppedHint, judged_words, stepped_hint
from .judge import Judgement
from .judgement_data import judgement_data, judgement_from_data
from .practice import choice_label, situation_words
from .principles import PRINCIPLES
from .progress import Event
from .quiz import Question, choice_value
from .view import PlayerView

__all__ = [
    "BANDS",
    "MARGIN",
    "STREAK_START",
    "STREAK_STEP",
    "THEMES",
    "Bank",
    "Puzzle",
    "PuzzleRating",
    "Theme",
    "band_of",
    "hinted_words",
    "puzzle_answers",
    "puzzle_event",
    "rating_from",
    "rating_of",
    "target_rating",
]

#: The least a puzzle's answer leads every other move by, in points on average.
MARGIN: Final = 0.5


@dataclass(frozen=True)
class Theme:
    """One idea the puzzles practise: ``key``, its name as a learner reads it (marked
    for translation), the decision it is about and the lesson that teaches it."""

    key: str
    name: str
    decision: str
    lesson: int


_LESSON_OF: Final = {"bid": 4, "trump": 4, "discard": 4, "play": 7}

#: The themes: each principle of play, then the two that no single principle names.
THEMES: Final[tuple[Theme, ...]] = (
    *(Theme(p.key, p.name, p.phase, _LESSON_OF[p.phase]) for p in PRINCIPLES),
    Theme("score", N_("The score outweighs the usual principle"), "play", 7),
    Theme("read-the-cards", N_("No simple rule: read the unseen cards"), "play", 7),
)
_THEME: Final = {t.key: t for t in THEMES}

#: The difficulty bands, by the share of weaker players' tries that miss the answer.
BANDS: Final = (("easy", 0.0), ("medium", 0.35), ("hard", 0.65))


def band_of(difficulty: float) -> str:
    """The band of a difficulty (0 to 1): ``easy``, ``medium`` or ``hard``.

    >>> band_of(0.1), band_of(0.5), band_of(0.9)
    ('easy', 'medium', 'hard')
    """
    return [name for name, low in BANDS if difficulty >= low][-1]


def rating_of(difficulty: float) -> int:
    """A puzzle's rating from its difficulty: 1000 for one nobody misses, 2200 for one
    every weaker player misses (on the scale of :class:`PuzzleRating`, which starts a
    learner at 1500)."""
    return round(1000 + 1200 * max(0.0, min(1.0, difficulty)))


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (see the module). ``right``: every answer (the best move, and a card
    that is its exact twin: no card between them is left to play). ``misses``: the
    share of each weaker player's tries that missed it."""

    id: str
    record: str
    theme: str
    right: tuple[str, ...]
    judged: Mapping[str, Any]
    misses: Mapping[str, float] = field(default_factory=dict)

    @cached_property
    def hand(self) -> HandRecord:
        """The hand record up to the moment of the puzzle."""
        return loads(self.record)

    @cached_property
    def state(self) -> HandState:
        return self.hand.final_state()

    @cached_property
    def view(self) -> PlayerView:
        """What the player to move sees."""
        seat = self.state.to_move
        assert seat is not None
        return PlayerView.of(self.state, seat)

    @cached_property
    def judgement(self) -> Judgement:
        return judgement_from_data(self.judged)

    @property
    def advice(self) -> Advice:
        """The expert's advice here, its reason in the current language (made afresh
        each time: a learner may switch languages)."""
        return advice_from(self.view, self.judgement)

    @property
    def answer(self) -> Action:
        """The best move."""
        return self.judgement.best

    @property
    def kind(self) -> str:
        """``bid`` (a bid or a pass), ``trump``, ``discard`` or ``play``."""
        name = type(self.answer).__name__
        return {"Pass": "bid", "NameTrump": "trump"}.get(name, name.lower())

    @property
    def difficulty(self) -> float:
        """The share of the weaker players' tries that miss it, weighted: the random
        player counts a fifth, the rule of thumb and the expert on few deals two fifths
        each."""
        m = self.misses
        return round(
            0.2 * m.get("random", 0.0) + 0.4 * m.get("thumb", 0.0) + 0.4 * m.get("few", 0.0), 3
        )

    @property
    def band(self) -> str:
        return band_of(self.difficulty)

    @property
    def rating(self) -> int:
        return rating_of(self.difficulty)

    @property
    def options(self) -> tuple[Action, ...]:
        return self.judgement.options

    def is_right(self, action: Action) -> bool:
        return str(action) in self.right

    def wrong(self) -> list[Action]:
        return [a for a in self.options if not self.is_right(a)]

    @property
    def hint(self) -> SteppedHint:
        """The hint a learner would have been given here, in the current language,
        speaking of the puzzle's theme where it is a principle the answer keeps to."""
        focus = self.theme if any(p.key == self.theme for p in PRINCIPLES) else ""
        return stepped_hint(self.view, self.advice, focus=focus)

    def explanation(self) -> str:
        """Why the answer is best: the hint's answer and its figures."""
        hint = self.hint
        return " ".join(x for x in (hint.answer, hint.details) if x)

    def verdict(self, action: Action) -> str:
        """What the judge says of ``action``: its figure, and what it costs against the
        answer."""
        return judged_words(self.judgement, action)[1]

    @property
    def item(self) -> str:
        """What the store records as the item answered: the puzzle and its rating."""
        return f"puzzle|{self.id}|{self.rating}"

    @property
    def theme_name(self) -> str:
        return _(_THEME[self.theme].name)

    def question(self, *, streak: bool = False) -> Question:
        """The puzzle as a question of choice, as the command line, the practice widget
        and the site ask it (the kind a principle question has): the position in words,
        every legal choice, the right ones, the hint's three steps, the explanation
        (``about``, said after every answer) and the judge's verdict on each wrong
        choice. In a streak (``streak``), its answer is recorded as a streak's, which
        leaves the rating alone."""
        view, state = self.view, self.state
        legal = view.legal_actions
        hint = self.hint
        why = " ".join(x for x in (hint.answer, hint.details) if x)
        # (after a wrong choice: the judge's verdict on it, then why the answer is best:
        # the principle, or where none decides, the answer's own figures)
        reason = hint.answer if hint.reasons else why
        right = [choice_value(a) for a in legal if self.is_right(a)]
        return Question(
            kind="principle",
            difficulty=self.band,
            tag=self.theme,
            tags=(self.theme,),
            trump=view.trump if view.trump_named else None,
            prompt=situation_words(state, view),
            answer=tuple(right),
            explanation=why,
            hand=view.hand,
            trick=view.current_trick,
            seat=view.seat,
            details={
                "phase": self.kind,
                "principle": self.theme_name,
                "about": reason,
                "choices": [
                    {"value": choice_value(a), "label": choice_label(a, view.rules)} for a in legal
                ],
                "right": right,
                "against": {
                    choice_value(a): self.verdict(a) for a in legal if not self.is_right(a)
                },
                "hints": list(hint.steps),
                "position": self.id,
                "puzzle": self.id,
                # what the store records for an answer (see :func:`puzzle_event`)
                "item": self.item,
                "kind": "streak" if streak else "puzzle",
                "rating": self.rating,
                "leader": view.leader.name if view.leader else "",
            },
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "record": self.record,
            "theme": self.theme,
            "right": list(self.right),
            "judged": dict(self.judged),
            "misses": dict(self.misses),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Puzzle:
        try:
            puzzle = cls(
                id=str(data["id"]),
                record=str(data["record"]),
                theme=str(data["theme"]),
                right=tuple(str(a) for a in data["right"]),
                judged=dict(data["judged"]),
                misses={str(k): float(v) for k, v in data.get("misses", {}).items()},
            )
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"not a puzzle: {e}") from e
        if puzzle.theme not in _THEME:
            raise ValueError(f"puzzle {puzzle.id}: no theme {puzzle.theme!r}")
        return puzzle

    @classmethod
    def make(
        cls,
        pid: str,
        state: HandState,
        judged: Judgement,
        theme: str,
        right: Iterable[Action],
        misses: Mapping[str, float],
    ) -> Puzzle:
        """The puzzle of the moment ``state`` (its player to move) and its judgement."""
        record = dumps(HandRecord.from_state(state), ascii=True)
        return cls(
            pid,
            record,
            theme,
            tuple(str(a) for a in right),
            judgement_data(judged),
            {k: round(v, 3) for k, v in misses.items()},
        )


def _package_files() -> Any:
    return resources.files(__package__).joinpath("puzzle_bank")


class Bank:
    """The puzzles shipped with the package, read one theme's file at a time as they
    are needed."""

    def __init__(self) -> None:
        index = json.loads(_package_files().joinpath("index.json").read_text("utf-8"))
        self._index: dict[str, list[tuple[str, int]]] = {
            theme: [(pid, int(r)) for pid, r in rows] for theme, rows in index["themes"].items()
        }
        self._theme_of = {pid: t for t, rows in self._index.items() for pid, _r in rows}
        self._loaded: dict[str, dict[str, Puzzle]] = {}

    def __len__(self) -> int:
        return len(self._theme_of)

    def themes(self) -> list[str]:
        """The themes with puzzles, in the order of :data:`THEMES`."""
        return [t.key for t in THEMES if self._index.get(t.key)]

    def count(self, theme: str) -> int:
        return len(self._index.get(theme, ()))

    def _theme(self, theme: str) -> dict[str, Puzzle]:
        if theme not in self._loaded:
            rows = json.loads(_package_files().joinpath(f"{theme}.json").read_text("utf-8"))
            self._loaded[theme] = {p.id: p for p in map(Puzzle.from_data, rows)}
        return self._loaded[theme]

    def get(self, pid: str) -> Puzzle:
        if pid not in self._theme_of:
            raise KeyError(f"no puzzle {pid!r}")
        return self._theme(self._theme_of[pid])[pid]

    def ids(self, theme: str | None = None) -> list[str]:
        if theme is None:
            return sorted(self._theme_of)
        return [pid for pid, _r in self._index.get(theme, ())]

    def pick(
        self,
        rating: float,
        rng: random.Random,
        *,
        theme: str | None = None,
        seen: Sequence[str] = (),
        spread: int = 150,
    ) -> Puzzle:
        """A puzzle near ``rating`` (within ``spread``, widened until one is found), of
        ``theme`` if given, not among ``seen`` while others are left."""
        if theme is not None and theme not in self._index:
            known = ", ".join(self.themes())
            raise ValueError(f"no puzzle theme {theme!r}: the themes are {known}")
        rows = [
            (pid, r)
            for t, theme_rows in self._index.items()
            if theme in (None, t)
            for pid, r in theme_rows
        ]
        seen_ids = set(seen)
        fresh = [row for row in rows if row[0] not in seen_ids] or rows
        width = spread
        while True:
            near = [pid for pid, r in fresh if abs(r - rating) <= width]
            if near:
                return self.get(rng.choice(sorted(near)))
            width *= 2


#: A streak starts at this rating, and each puzzle solved raises the next by this much.
STREAK_START: Final = 1000
STREAK_STEP: Final = 60


def target_rating(rating: PuzzleRating, streak: int | None = None) -> float:
    """The rating the next puzzle is picked near: the learner's, or in a streak (``streak``
    puzzles solved in a row so far) one that rises with each puzzle solved."""
    return rating.rating if streak is None else STREAK_START + STREAK_STEP * streak


#: A puzzle's rating deviation: its rating is measured, not guessed, so it counts for
#: more than a new player's.
PUZZLE_RD: Final = 80.0


@dataclass
class PuzzleRating:
    """A learner's puzzle rating (Glicko-2, through the ``glicko2`` package): 1500 with a
    deviation of 350 at first; each answer is a game against the puzzle's rating (won when
    right).

    >>> r = PuzzleRating()
    >>> r.update(1500, True)
    >>> round(r.rating), round(r.rd)
    (1675, 250)
    """

    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06

    def update(self, puzzle_rating: float, right: bool) -> None:
        player = glicko2.Player(rating=self.rating, rd=self.rd, vol=self.vol)
        player.update_player([puzzle_rating], [PUZZLE_RD], [1 if right else 0])
        self.rating, self.rd, self.vol = player.rating, player.rd, player.vol
        if not all(math.isfinite(x) for x in (self.rating, self.rd, self.vol)):
            raise ArithmeticError("the puzzle rating left the real numbers")


def hinted_words() -> str:
    """What a right answer after a hint is told: right, but not solved."""
    return _("Right, after a hint: it does not count as solved.")


def puzzle_event(
    puzzle: Puzzle,
    right: bool,
    *,
    hints: int = 0,
    when: datetime | None = None,
    streak: bool = False,
) -> Event:
    """The store's event for an answer to ``puzzle``: its item names the puzzle and its
    rating (so the learner's rating can be worked out again from the store alone, even
    by a later bank), its concept is the puzzle's theme (a principle's puzzles count as
    practice of that principle); a streak's answer (``streak``) leaves the rating alone."""
    return Event.answer(
        "puzzle",
        puzzle.item,
        (puzzle.theme,),
        right=right,
        hints=hints,
        kind="streak" if streak else "puzzle",
        when=when,
    )


def puzzle_answers(events: Iterable[Event]) -> list[tuple[str, int, bool]]:
    """The puzzle answers among ``events``, in order: the puzzle's id, its rating, and
    whether it counts as solved (right with no hint, as lichess counts a puzzle)."""
    out = []
    for e in events:
        if e.source != "puzzle" or e.kind != "puzzle" or not e.is_answer:
            continue  # (a streak's answers leave the rating alone)
        parts = e.item.split("|")
        if len(parts) != 3 or parts[0] != "puzzle" or not parts[2].isdigit():
            continue
        out.append((parts[1], int(parts[2]), bool(e.right) and e.hints == 0))
    return out


def rating_from(events: Iterable[Event]) -> PuzzleRating:
    """The learner's puzzle rating after every puzzle answer among ``events``."""
    rating = PuzzleRating()
    for _pid, puzzle_rating, solved in puzzle_answers(events):
        rating.update(puzzle_rating, solved)
    return rating
