"""Interactive lesson widgets (ipywidgets): thin faces over the engine.

Import this package only in a notebook: it needs ``ipywidgets``
(``pip install 'hasenpfeffer-core[lessons]'``). ``import hasenpfeffer_core`` alone
never imports it.

* :class:`RankingExplorer`: the order of the cards under each trump, and which beats which.
* :class:`LegalPlayQuiz`: select every card that may be played.
* :class:`TrickWinnerQuiz`: pick the card that wins the trick.
* :class:`BidQuiz`: what would you bid? Judged by a study of the hand, with the chances.
* :class:`HandReplayer`: step through a hand record with notes and double-dummy marks.
* :class:`PlayTable`: play a hand or a game from the South seat against the computer.
* :func:`lesson_header`: start a lesson: its stars, how many exercises are done; the
  exercises made afterwards record their answers as this lesson's.
* :class:`Practice`: spaced practice of what is due, one fresh question at a time.
* :class:`Puzzles`: puzzles from real hands near the learner's rating; themes, a streak.
* :class:`ProgressView`: the progress page: stars, the strength of each idea, what is due.
* :mod:`~hasenpfeffer_core.faces.widgets.exercises`: the lessons' exercises
  (:class:`Choice`, :class:`OrderExercise`, :class:`RulesLab`, :func:`bid_exercise`, ...),
  pictures in a row (:func:`show`, :func:`figure`, :func:`table`) and progress bars
  (:func:`progress`).

A widget's settings are checked when it is made (a bad one raises the engine's own
error, naming the setting); whatever comes through its controls is answered by a
message in the widget, never a traceback (see :mod:`~hasenpfeffer_core.faces.widgets.base`).

Every widget and exercise takes ``lang`` (``"en"``, ``"it"``, ``"th"``; by default the
language in use, :func:`~hasenpfeffer_core.engine.i18n.set_language`): it is made in that
language and goes on speaking it in its callbacks, whatever the notebook speaks later.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "BidQuiz",
    "Choice",
    "HandReplayer",
    "LegalPlayQuiz",
    "OrderExercise",
    "PlayTable",
    "Practice",
    "ProgressView",
    "Puzzles",
    "RankingExplorer",
    "RulesLab",
    "TrickWinnerQuiz",
    "best_card",
    "bid_exercise",
    "discard_exercise",
    "figure",
    "hint_exercise",
    "lesson_header",
    "look_ahead",
    "play_example",
    "principle_exercise",
    "progress",
    "score_exercise",
    "show",
    "stronger_card",
    "suit_in_play",
    "suit_name",
    "table",
    "teaching_position",
    "trick_example",
    "tricks_exercise",
    "trump_exercise",
    "which_rules",
]

#: Where each widget lives; every other name of ``__all__`` is one of the lessons'
#: exercises and display helpers, from ``exercises`` (whose own ``__all__`` lists the
#: same names: ``tests/test_exercises.py`` holds the two lists to each other).
_MODULES = {
    "RankingExplorer": "ranking",
    "LegalPlayQuiz": "legal_quiz",
    "TrickWinnerQuiz": "trick_quiz",
    "BidQuiz": "bid_quiz",
    "HandReplayer": "replayer",
    "PlayTable": "play_table",
    "Practice": "practice",
    "ProgressView": "progress_page",
    "Puzzles": "puzzle",
    "lesson_header": "learner",
}
_MODULES.update((name, "exercises") for name in __all__ if name not in _MODULES)


def __getattr__(name: str) -> Any:
    if name in _MODULES:
        import importlib

        module = importlib.import_module(f".{_MODULES[name]}", __name__)
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
