"""hasenpfeffer_core: the rules of Hasenpfeffer (Euchre with a Joker), exactly.

>>> from hasenpfeffer_core import parse_card, ranking, trick_winner, parse_cards
>>> ranking("H")[:3]
(Card('JK'), Card('JH'), Card('JD'))
>>> trick_winner(parse_cards("AH JD JK QH"), "H")
2

The engine (``hasenpfeffer_core.engine``) uses the standard library only; the analysis
adds four small packages for the learner (``platformdirs`` and ``filelock`` for the
progress store, ``fsrs`` for spaced practice, ``glicko2`` for the puzzle rating). Nothing
here imports Jupyter: the widgets live in ``hasenpfeffer_core.faces.widgets``.

Besides the rules, the package top names what a program built on it needs first, each
imported only when used: a hand against the computer (``PlaySession``, ``make_player``,
``play_hand``; the players ``FairExpert``, ``RuleOfThumbPlayer``, ``RandomPlayer``), the
judge (``judge_decision``, ``Judgement``), the quiz (``make_question``, ``Question``), the
learner's progress (``open_store``, ``ProgressStore``, ``Event``), spaced practice
(``Schedule``) and the puzzles (``Bank``, ``Puzzle``, ``PuzzleRating``). The rest of the
analysis is in :mod:`hasenpfeffer_core.analysis`'s modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .analysis.explain import explain_card, explain_plays, explain_trick
from .analysis.solver import double_dummy, play_values
from .engine.actions import Action, Bid, Deal, Discard, GoAlone, NameTrump, Pass, Play, parse_action
from .engine.auction import bid_name, bids_above
from .engine.cards import (
    DECK,
    JOKER,
    SUITS,
    Card,
    Colour,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    parse_suit,
    parse_trump,
)
from .engine.errors import (
    BidTooLowError,
    HasenpfefferError,
    IllegalActionError,
    InvalidDataError,
    MustFollowSuitError,
    OutOfTurnError,
    ParseError,
    RecordError,
    WrongPhaseError,
)
from .engine.game import Game
from .engine.i18n import get_language, gettext, language, ngettext, set_language
from .engine.record import HandRecord, Move, dump, dumps, load, loads
from .engine.rules import (
    OPTIONS,
    PRESETS,
    AllPass,
    BiddingScale,
    FailedBid,
    FirstLead,
    NoTrumpJoker,
    Preset,
    Rules,
)
from .engine.scoring import HandResult, score_hand
from .engine.seats import SEATS, Seat, Side, parse_seat, parse_side
from .engine.state import HandState, Phase, Trick, deal_cards
from .engine.tricks import (
    CardRole,
    card_role,
    effective_suit,
    legal_plays,
    ranking,
    sort_hand,
    trick_winner,
)

if TYPE_CHECKING:
    from .analysis.bots import Advice, FairExpert, Player, RandomPlayer, RuleOfThumbPlayer
    from .analysis.judge import Judgement, judge_decision
    from .analysis.practice import Schedule
    from .analysis.progress import Event, ProgressStore, open_store
    from .analysis.puzzles import Bank, Puzzle, PuzzleRating
    from .analysis.quiz import Question, make_question
    from .analysis.session import PlaySession, make_player, play_hand

__version__ = "0.1.0"

__all__ = [
    "DECK",
    "JOKER",
    "OPTIONS",
    "PRESETS",
    "SEATS",
    "SUITS",
    "Action",
    "Advice",
    "AllPass",
    "Bank",
    "Bid",
    "BidTooLowError",
    "BiddingScale",
    "Card",
    "CardRole",
    "Colour",
    "Deal",
    "Discard",
    "Event",
    "FailedBid",
    "FairExpert",
    "FirstLead",
    "Game",
    "GoAlone",
    "HandRecord",
    "HandResult",
    "HandState",
    "HasenpfefferError",
    "IllegalActionError",
    "InvalidDataError",
    "Judgement",
    "Move",
    "MustFollowSuitError",
    "NameTrump",
    "NoTrumpJoker",
    "OutOfTurnError",
    "ParseError",
    "Pass",
    "Phase",
    "Play",
    "PlaySession",
    "Player",
    "Preset",
    "ProgressStore",
    "Puzzle",
    "PuzzleRating",
    "Question",
    "RandomPlayer",
    "Rank",
    "RecordError",
    "RuleOfThumbPlayer",
    "Rules",
    "Schedule",
    "Seat",
    "Side",
    "Suit",
    "Trick",
    "WrongPhaseError",
    "__version__",
    "bid_name",
    "bids_above",
    "card_role",
    "deal_cards",
    "double_dummy",
    "dump",
    "dumps",
    "effective_suit",
    "explain_card",
    "explain_plays",
    "explain_trick",
    "format_cards",
    "get_language",
    "gettext",
    "judge_decision",
    "language",
    "legal_plays",
    "load",
    "loads",
    "make_player",
    "make_question",
    "ngettext",
    "open_store",
    "parse_action",
    "parse_card",
    "parse_cards",
    "parse_seat",
    "parse_side",
    "parse_suit",
    "parse_trump",
    "play_hand",
    "play_values",
    "ranking",
    "score_hand",
    "set_language",
    "sort_hand",
    "trick_winner",
]

#: The analysis a newcomer reaches for (a play session and its players, the judge, the
#: quiz, the learner's progress, spaced practice and puzzles), named here but imported
#: only when first used: ``import hasenpfeffer_core`` stays quick.
_LAZY: dict[str, str] = {
    "Advice": "analysis.bots",
    "FairExpert": "analysis.bots",
    "Player": "analysis.bots",
    "RandomPlayer": "analysis.bots",
    "RuleOfThumbPlayer": "analysis.bots",
    "PlaySession": "analysis.session",
    "make_player": "analysis.session",
    "play_hand": "analysis.session",
    "Judgement": "analysis.judge",
    "judge_decision": "analysis.judge",
    "Question": "analysis.quiz",
    "make_question": "analysis.quiz",
    "Event": "analysis.progress",
    "ProgressStore": "analysis.progress",
    "open_store": "analysis.progress",
    "Schedule": "analysis.practice",
    "Bank": "analysis.puzzles",
    "Puzzle": "analysis.puzzles",
    "PuzzleRating": "analysis.puzzles",
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
