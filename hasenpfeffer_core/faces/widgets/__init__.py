"""Interactive lesson widgets (ipywidgets): thin faces over the engine.

Import this package only in a notebook: it needs ``ipywidgets``
(``pip install 'hasenpfeffer-core[lessons]'``). ``import hasenpfeffer_core`` alone
never imports it.

* :class:`RankingExplorer`: the order of the cards under each trump, and which beats which.
* :class:`LegalPlayQuiz`: select every card that may be played.
* :class:`TrickWinnerQuiz`: pick the card that wins the trick.
* :class:`HandReplayer`: step through a hand record with notes and double-dummy marks.
* :class:`PlayTable`: play a hand or a game from the South seat against the computer.
"""

from __future__ import annotations

from typing import Any

__all__ = ["HandReplayer", "LegalPlayQuiz", "PlayTable", "RankingExplorer", "TrickWinnerQuiz"]

_MODULES = {
    "RankingExplorer": "ranking",
    "LegalPlayQuiz": "legal_quiz",
    "TrickWinnerQuiz": "trick_quiz",
    "HandReplayer": "replayer",
    "PlayTable": "play_table",
}


def __getattr__(name: str) -> Any:
    if name in _MODULES:
        import importlib

        module = importlib.import_module(f".{_MODULES[name]}", __name__)
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
