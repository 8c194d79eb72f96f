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
"""

from __future__ import annotations

from .analysis.explain import explain_card, explain_plays, explain_trick
from .analysis.solve_cards import double_dummy, play_values
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

__version__ = "0.1.0"

__all__ = [
    "DECK",
    "JOKER",
    "OPTIONS",
    "PRESETS",
    "SEATS",
    "SUITS",
    "Action",
    "AllPass",
    "Bid",
    "BidTooLowError",
    "BiddingScale",
    "Card",
    "CardRole",
    "Colour",
    "Deal",
    "Discard",
    "FailedBid",
    "FirstLead",
    "Game",
    "GoAlone",
    "HandRecord",
    "HandResult",
    "HandState",
    "HasenpfefferError",
    "IllegalActionError",
    "InvalidDataError",
    "Move",
    "MustFollowSuitError",
    "NameTrump",
    "NoTrumpJoker",
    "OutOfTurnError",
    "ParseError",
    "Pass",
    "Phase",
    "Play",
    "Preset",
    "Rank",
    "RecordError",
    "Rules",
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
    "language",
    "legal_plays",
    "load",
    "loads",
    "ngettext",
    "parse_action",
    "parse_card",
    "parse_cards",
    "parse_seat",
    "parse_side",
    "parse_suit",
    "parse_trump",
    "play_values",
    "ranking",
    "score_hand",
    "set_language",
    "sort_hand",
    "trick_winner",
]
