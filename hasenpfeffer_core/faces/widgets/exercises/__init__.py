"""The lessons' exercises and pictures: one-button questions, card ordering, a rules lab,
pictures in a row, small tables and progress bars.

Every exercise takes its verdict and its explanation from the engine and the analysis
(the ranking, ``score_hand``, the double-dummy solver, the fair expert); this module
only lays them out. The builders take cards, suits, seats, bids and rules as values or
as their text (``"J♣"``, ``"hearts"``, ``"N"``, ``"N bid 3"``, ``"parlett"``); a bad
argument raises the engine's own error (:class:`ParseError` or
:class:`InvalidDataError`) saying which argument and what it may be. A
:class:`Choice` is answered by pressing one button, and may be tried again after a
wrong answer:

>>> from hasenpfeffer_core.engine.cards import Suit
>>> q = stronger_card("J♣", "A♠", Suit.SPADES)
>>> [b.description for b in q.buttons]
['J♣', 'A♠']
>>> q.buttons[1].click()  # the ace of trumps: not quite
>>> "Not quite" in q.feedback.value
True
>>> q.buttons[0].click()  # the left bower beats it
>>> "Right!" in q.feedback.value and "left bower" in q.feedback.value
True

Every builder and widget here takes ``lang`` (``"en"``, ``"it"``, ``"th"``; ``None``: the
language in use): the exercise is made in that language and answers in it, whatever
the notebook speaks later. The name an exercise is recorded under in the learner's
store is made from its English wording, so it is the same in every language.

The package, one kind of exercise per module (each imports only those above it):

* ``common``: the checks on the builders' arguments, the seat to move, suit words;
* ``pictures``: :func:`figure`, :func:`show`, :func:`table`, a trick in words;
* ``choice``: the two widgets, :class:`Choice` and :class:`OrderExercise`;
* ``cards``: the ranking, the suit a card belongs to, counting tricks, the best card
  with every hand face up;
* ``judged``: what the fair expert judges (a principle, the trump, the discard, the
  bid, the card to play), with its figures and the usual principle;
* ``scoring``: what a hand scores, and under which rules;
* ``lab``: :func:`progress` and :class:`RulesLab`.
"""

from __future__ import annotations

from .cards import (
    best_card,
    look_ahead,
    stronger_card,
    suit_in_play,
    teaching_position,
    tricks_exercise,
)
from .choice import Choice, OrderExercise
from .common import suit_name
from .judged import (
    bid_exercise,
    discard_exercise,
    hint_exercise,
    principle_exercise,
    trump_exercise,
)
from .lab import RulesLab, progress
from .pictures import figure, play_example, show, table, trick_example
from .scoring import score_exercise, which_rules

__all__ = [
    "Choice",
    "OrderExercise",
    "RulesLab",
    "best_card",
    "bid_exercise",
    "discard_exercise",
    "figure",
    "hint_exercise",
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
