"""What the engine's positions mean: explanations in words, a player's view, the exact
double-dummy solver, the computer players, the quiz bank, the teaching hands, the review
of a played hand and one play session (seats, computer players, undo).

The analysis reads the engine and never a face: it returns values and words, and the
faces (``hasenpfeffer_core.faces``) draw them. The standard library, and for the
learner's progress the package's own dependencies: ``platformdirs`` and ``filelock``
(the store), ``fsrs`` (spaced practice) and ``glicko2`` (the puzzle rating).

What a program built on the package needs first is named here, each imported only when
used (``import hasenpfeffer_core.analysis`` stays quick): a hand against the computer
(``PlaySession``, ``make_player``, ``play_hand``; the players ``FairExpert``,
``RuleOfThumbPlayer``, ``RandomPlayer``), the judge (``judge_decision``, ``Judgement``),
the quiz (``make_question``, ``Question``), the learner's progress (``open_store``,
``ProgressStore``, ``Event``), spaced practice (``Schedule``) and the puzzles (``Bank``,
``Puzzle``, ``PuzzleRating``). The rest is in the modules.

>>> from hasenpfeffer_core.analysis import PlaySession, FairExpert
>>> PlaySession.__module__, FairExpert.__module__
('hasenpfeffer_core.analysis.session', 'hasenpfeffer_core.analysis.bots')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

# first: which solver the package imports, compiled or plain (see the module)
from . import fast  # noqa: F401

if TYPE_CHECKING:
    from .bots import Advice, FairExpert, Player, RandomPlayer, RuleOfThumbPlayer
    from .judge import Judgement, judge_decision
    from .practice import Schedule
    from .progress import Event, ProgressStore, open_store
    from .puzzles import Bank, Puzzle, PuzzleRating
    from .quiz import Question, make_question
    from .session import PlaySession, make_player, play_hand

__all__ = [
    "Advice",
    "Bank",
    "Event",
    "FairExpert",
    "Judgement",
    "PlaySession",
    "Player",
    "ProgressStore",
    "Puzzle",
    "PuzzleRating",
    "Question",
    "RandomPlayer",
    "RuleOfThumbPlayer",
    "Schedule",
    "judge_decision",
    "make_player",
    "make_question",
    "open_store",
    "play_hand",
]

_LAZY: dict[str, str] = {
    "Advice": "bots",
    "FairExpert": "bots",
    "Player": "bots",
    "RandomPlayer": "bots",
    "RuleOfThumbPlayer": "bots",
    "PlaySession": "session",
    "make_player": "session",
    "play_hand": "session",
    "Judgement": "judge",
    "judge_decision": "judge",
    "Question": "quiz",
    "make_question": "quiz",
    "Event": "progress",
    "ProgressStore": "progress",
    "open_store": "progress",
    "Schedule": "practice",
    "Bank": "puzzles",
    "Puzzle": "puzzles",
    "PuzzleRating": "puzzles",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
