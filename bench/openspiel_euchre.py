"""Throughput of OpenSpiel's Euchre, driven from Python, as a reference point.

What is measured
----------------
``openspiel_hands_per_second`` plays ``hands`` complete, independent hands of
OpenSpiel's ``euchre`` game (default parameters: ``stick_the_dealer=True``,
``allow_lone_defender=False``) through the ``pyspiel`` Python bindings and
returns completed hands per second of wall-clock time.

Each hand runs from ``game.new_initial_state()`` until ``state.is_terminal()``:

* at a chance node (choice of dealer, the 20 dealt cards one at a time, the
  upcard) an outcome is drawn uniformly from ``state.chance_outcomes()`` with
  ``random.Random(seed)``. Every chance node of OpenSpiel's Euchre lists
  equally likely outcomes, so this is an exact sample of the deal; it avoids
  ``random.choices(weights=...)``, which costs about 2.5 us per draw and would
  roughly halve the figure with Python overhead rather than engine work;
* at a decision node (bidding, dealer discard, going alone, card play) an
  action is drawn uniformly from ``state.legal_actions()``;
* the action is applied with ``state.apply_action(action)``.

So the figure covers random *legal* play including every chance outcome of
the deal, with no search, no evaluation and no observation tensors. A hand is
always 22 chance actions plus 18-29 decisions (about 21.4 on average under
random play), each crossing the Python/C++ boundary. The clock
(``time.perf_counter``) spans the whole loop, including the creation of each
new initial state and the Python-side random choices; ``pyspiel.load_game`` is
done once, before the clock starts.

OpenSpiel is an optional dependency: this module imports without it, and
``pyspiel`` is only imported when a function needs it. Install it with
``pip install open-spiel``.

Run ``python bench/openspiel_euchre.py`` to print the figure for 2000 hands.
"""

from __future__ import annotations

import importlib
import random
import time
from types import ModuleType

__all__ = ["openspiel_available", "openspiel_hands_per_second"]

GAME_NAME = "euchre"

_INSTALL_HINT = (
    "OpenSpiel is not installed: the 'pyspiel' module could not be imported. "
    "Install it with `pip install open-spiel` to run the OpenSpiel Euchre benchmark."
)


def _import_pyspiel() -> ModuleType:
    """Import ``pyspiel`` on demand, with an install hint when it is missing."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError as exc:
        raise ImportError(_INSTALL_HINT) from exc


def openspiel_available() -> bool:
    """Return True when ``import pyspiel`` works in this interpreter."""
    try:
        _import_pyspiel()
    except ImportError:
        return False
    return True


def openspiel_hands_per_second(hands: int, seed: int) -> float:
    """Play ``hands`` random hands of OpenSpiel's Euchre; return hands per second.

    Chance outcomes (all equally likely in this game) and player actions are
    drawn uniformly with ``random.Random(seed)``, so a given ``seed`` replays
    the same hands. See the module docstring for exactly what the clock covers.

    Raises:
        ValueError: if ``hands`` is not positive.
        ImportError: if OpenSpiel (``pyspiel``) is not installed.
    """
    if hands <= 0:
        raise ValueError(f"hands must be positive, got {hands}")
    pyspiel = _import_pyspiel()
    game = pyspiel.load_game(GAME_NAME)
    rng = random.Random(seed)
    choice = rng.choice

    start = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action, _probability = choice(state.chance_outcomes())
            else:
                action = choice(state.legal_actions())
            state.apply_action(action)
    elapsed = time.perf_counter() - start
    return hands / elapsed


if __name__ == "__main__":
    N_HANDS = 2000
    rate = openspiel_hands_per_second(N_HANDS, seed=0)
    print(f"OpenSpiel euchre (pyspiel {GAME_NAME!r}), {N_HANDS} random hands: {rate:,.0f} hands/s")
