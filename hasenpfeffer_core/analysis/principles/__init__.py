"""The principles of Hasenpfeffer play and bidding, each recognised in a position.

A teacher at the table does not say "this card scores best"; they name the principle
and the cards: "Partner's K♠ is winning and only J♠ can beat it, which you hold: play
low, 9♠." This module holds the catalogue of those principles (:data:`PRINCIPLES`, in
the order the glossary shows them) and the code that recognises each one:

* :func:`reasons_for` lists the principles an action follows in a position, each as a
  :class:`Reason` whose text applies the principle to the cards on the table;
* :func:`broken_by` lists the principles an action goes against, for the review of a
  learner's mistakes.

The package holds the catalogue (``catalogue``), the words the reasons share
(``words``), and the recognisers by decision: the auction (``auction``), the trump and
the discard (``trump_discard``), the play of the cards (``play``). This module reads a
decision and asks the recognisers of its kind.

Both read a :class:`~hasenpfeffer_core.analysis.view.PlayerView`: only what the seat
sees (its own cards, the cards played, the auction), never another hand. They work
from the engine's tables, so the Joker and the bowers are trumps under every trump, and
the rule options (the failed-bid rule, the forced bid when all four pass, no trump)
change what a principle says.

>>> from hasenpfeffer_core import HandState, Seat, parse_action
>>> from hasenpfeffer_core.analysis.view import PlayerView
>>> h = HandState.from_hands(
...     {"N": "JH AH KH AS KS QC", "E": "QH 10H 9S 10S QS AC",
...      "S": "JK 9H AD KD QD 9D", "W": "JD JS JC 10C KC 10D"},
...     "9C", dealer=Seat.W)
>>> for a in ("N bid 2", "E pass", "S pass", "W pass", "N trump H", "N discard 9C",
...           "N play JH", "E play 10H"):
...     h.apply(parse_action(a))
>>> v = PlayerView.of(h, Seat.S)
>>> low, joker = parse_action("S play 9H"), parse_action("S play JK")
>>> [r.principle.key for r in reasons_for(v, low)]
['do-not-overtake', 'keep-the-joker']
>>> print(reasons_for(v, low)[0].text)
Partner's J♥ is winning and only the Joker can beat it, which you hold: play low, 9♥.
>>> print(broken_by(v, joker)[0].text)
You overtook partner's sure J♥ with the Joker: only the Joker could beat it, which you held. Play low, 9♥.
"""

from __future__ import annotations

from typing import Final

from ...engine.actions import Action, Bid, Discard, GoAlone, NameTrump, Pass, Play
from ...engine.auction import FORCED_BID, bid_name, check_bid
from ...engine.cards import card_mask
from ...engine.errors import (
    IllegalActionError,
    InvalidDataError,
    OutOfTurnError,
    WrongPhaseError,
    shown,
)
from ...engine.i18n import N_
from ...engine.i18n import gettext as _
from ...engine.rules import NoTrumpJoker
from ...engine.state import Phase
from ...engine.tricks import (
    check_follow,
    trump_key,
)
from ..explain import card_words
from ..view import PlayerView
from .auction import AUCTION_JUDGES, Judge
from .catalogue import BY_KEY, PHASES, PRINCIPLES, Principle, Reason, principle
from .play import losing_pays, play_found
from .trump_discard import DISCARD_JUDGES, TRUMP_JUDGES, holding_words, void_left
from .words import Found

__all__ = [
    "PHASES",
    "PRINCIPLES",
    "Principle",
    "Reason",
    "broken_by",
    "holding_words",
    "losing_pays",
    "principle",
    "reasons_for",
    "void_left",
]

# --- the public functions ------------------------------------------------------------------


_ACTION_RULES: Final[dict[type, tuple[Phase, str]]] = {
    Bid: (Phase.AUCTION, "bidding"),
    Pass: (Phase.AUCTION, "bidding"),
    NameTrump: (Phase.TRUMP, "naming trump"),
    Discard: (Phase.DISCARD, "the discard"),
    GoAlone: (Phase.ALONE, "going alone"),
    Play: (Phase.PLAY, "follow suit"),
}

#: Why nothing can be done now, by phase (translated where it is shown).
_PHASE_WORDS: Final = {
    Phase.DEAL: N_("the cards are not dealt yet"),
    Phase.AUCTION: N_("the players are bidding"),
    Phase.TRUMP: N_("the high bidder is naming trumps"),
    Phase.DISCARD: N_("the high bidder is discarding"),
    Phase.ALONE: N_("the players are deciding whether to go alone"),
    Phase.PLAY: N_("the cards are being played"),
    Phase.SCORED: N_("the hand is over"),
    Phase.THROWN_IN: N_("the hand was thrown in"),
}


def _refusal(action: Action, view: PlayerView) -> str:
    """What the seat cannot do, as a clause: ``North cannot bid 2``."""
    seat = view.seat.word
    if isinstance(action, Bid):
        bid = bid_name(action.tricks, action.big, view.rules)
        # Translators: what a player cannot do, the start of an error message ("North
        # cannot bid 2: the hand is over").
        return _("{seat} cannot bid {bid}").format(seat=seat, bid=bid)
    if isinstance(action, Pass):
        return _("{seat} cannot pass").format(seat=seat)
    if isinstance(action, NameTrump):
        if action.suit is None:
            return _("{seat} cannot name no trump").format(seat=seat)
        return _("{seat} cannot name {suit}").format(seat=seat, suit=action.suit.plural)
    if isinstance(action, Discard):
        return _("{seat} cannot discard {card}").format(seat=seat, card=card_words(action.card))
    if isinstance(action, Play):
        return _("{seat} cannot play {card}").format(seat=seat, card=card_words(action.card))
    if action.alone:
        return _("{seat} cannot go alone").format(seat=seat)
    return _("{seat} cannot decline to go alone").format(seat=seat)


def _check(view: PlayerView, action: Action) -> None:
    """Refuse a view that is not a view, or an action that is not one of its legal actions,
    with the error the engine would raise for it."""
    if not isinstance(view, PlayerView):
        raise InvalidDataError(
            f"principles are judged from a PlayerView (what one seat sees), got {shown(view)}"
        )
    if type(action) not in _ACTION_RULES:
        raise InvalidDataError(
            f"{shown(action)} is not an action: actions are Bid, Pass, NameTrump, Discard, "
            "GoAlone and Play"
        )
    if action in view.legal_actions:
        return
    seat = view.seat
    doing = _refusal(action, view)
    if action.seat is not seat:
        raise InvalidDataError(
            _(
                "the action is {seat}'s, but the view is {viewer}'s: a principle is judged for "
                "the player whose cards are seen"
            ).format(seat=action.seat.word, viewer=seat.word),
            rule="turn order",
        )
    phase_words = _(_PHASE_WORDS[view.phase])
    if view.to_move is None:
        raise WrongPhaseError(
            # Translators: {refusal} is "North cannot play 9♠"; {phase} why not, as "the
            # hand is over".
            _("{refusal}: {phase}").format(refusal=doing, phase=phase_words),
            rule="order of play",
        )
    if view.to_move is not seat:
        raise OutOfTurnError(
            _("it is not {seat}'s turn but {other}'s, so {seat} has no action to judge").format(
                seat=seat.word, other=view.to_move.word
            ),
            rule="turn order",
        )
    phase, rule = _ACTION_RULES[type(action)]
    if view.phase is not phase:
        raise WrongPhaseError(
            _("{refusal} now: {phase}").format(refusal=doing, phase=phase_words),
            rule="order of play",
        )
    if isinstance(action, Play):
        if action.card not in view.hand:
            raise InvalidDataError(
                _("{refusal}: it is not in the hand").format(refusal=doing), rule="the hand"
            )
        mask = card_mask(view.hand)
        trick = view.current_trick
        check_follow(
            seat.word,
            mask,
            trick[0][1].index if trick else -1,
            action.card,
            trump_key(view.trump),
            view.rules.no_trump_joker is NoTrumpJoker.ANY_TIME,
        )
    if isinstance(action, Discard) and action.card not in view.hand:
        raise InvalidDataError(
            _("{refusal}: it is not in the hand").format(refusal=doing), rule="the discard"
        )
    if isinstance(action, Bid) and not view.forced_bid:
        high = view.high_bid
        check_bid(action, high, high.seat if high is not None else None, view.rules)
    if view.forced_bid:
        raise IllegalActionError(
            _("{refusal}: all four passed, so {seat} must bid {forced}").format(
                refusal=doing, seat=seat.word, forced=FORCED_BID
            ),
            rule="all pass",
        )
    raise IllegalActionError(_("{refusal} here").format(refusal=doing), rule=rule)


def _found(view: PlayerView, action: Action) -> list[tuple[str, Found]]:
    _check(view, action)
    if isinstance(action, Play):
        return play_found(view, action)
    judges: tuple[tuple[str, Judge], ...]
    if isinstance(action, Bid | Pass):
        judges = AUCTION_JUDGES
    elif isinstance(action, NameTrump):
        judges = TRUMP_JUDGES
    elif isinstance(action, Discard):
        judges = DISCARD_JUDGES
    else:
        judges = ()
    return [(key, fn(view, action)) for key, fn in judges]


def reasons_for(view: PlayerView, action: Action) -> list[Reason]:
    """Every principle ``action`` follows in the position ``view`` sees, the most telling
    first, each applied to the cards; ``[]`` if it follows none.

    ``action`` must be one of ``view.legal_actions``: anything else is refused with the
    error the engine would give (a card not in the hand, one that does not follow suit,
    an action out of turn).

    >>> from hasenpfeffer_core import HandState, Seat, parse_action
    >>> h = HandState.from_hands(
    ...     {"N": "JH AD 9S 9C 10C QC", "E": "JK KD 10D QS KS AC",
    ...      "S": "AH KH 10H 9H AS KC", "W": "JD QH QD 9D 10S JS"},
    ...     "JC", dealer=Seat.W)
    >>> h.apply(parse_action("N pass"))
    >>> v = PlayerView.of(h, Seat.E)
    >>> print(reasons_for(v, parse_action("E bid 1"))[0].text)
    You hold the Joker and nobody has bid: if all four pass, the player holding the Joker must bid 3, so a bid of 1 now is easier to make. Bid 1.
    """
    return [
        Reason(BY_KEY[key], follows)
        for key, (follows, _) in _found(view, action)
        if follows is not None
    ]


def broken_by(view: PlayerView, action: Action) -> list[Reason]:
    """The principles ``action`` goes against in the position ``view`` sees, each saying
    what was played, why it goes against the principle, and what the principle plays
    instead; ``[]`` if none. ``action`` must be one of ``view.legal_actions``.

    >>> from hasenpfeffer_core import HandState, Seat, parse_action
    >>> h = HandState.from_hands(
    ...     {"N": "JH AD 9S 9C 10C QC", "E": "JK KD 10D QS KS AC",
    ...      "S": "AH KH 10H 9H AS KC", "W": "JD QH QD 9D 10S JS"},
    ...     "JC", dealer=Seat.W)
    >>> h.apply(parse_action("N bid 1"))
    >>> v = PlayerView.of(h, Seat.E)
    >>> print(broken_by(v, parse_action("E bid 4"))[0].text)
    You bid 4 where 2 was enough to outbid North's 1: you score the tricks you take whatever you bid, and a failed bid loses one point per trick taken whatever was bid, so a higher bid only makes failing likelier. Bid 2.
    """
    return [
        Reason(BY_KEY[key], broken)
        for key, (_, broken) in _found(view, action)
        if broken is not None
    ]
