"""The table in words, for a learner who listens rather than looks.

A screen reader cannot see the gold mark on the winning card or the layout of four
hands around a table. This module says the same things in sentences, from what one
seat may know (its :class:`~hasenpfeffer_core.analysis.view.PlayerView`: the other
hands are counted, never shown):

* :func:`spoken_card`: a card as it is said aloud, with its role under the trump
  ("jack of diamonds, the left bower");
* :func:`trick_status`: who is winning the trick in progress, and with what;
* :func:`table_lines`: the whole table, line by line: the contract and trump, the
  tricks each side has, the seat's cards, the other hands' sizes, the trick and whose
  turn it is;
* :func:`parse_typed`: what a learner types at the table (``JH``, ``J♥``, ``pass``,
  ``3``, ``hearts``...), read as that seat's action in the hand's phase.

The play table (its live region and its "Describe the table" button) and the command
line use them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ..engine.actions import Action, parse_action
from ..engine.auction import bid_name
from ..engine.cards import Card, Suit
from ..engine.errors import ParseError
from ..engine.i18n import N_, ngettext
from ..engine.i18n import gettext as _
from ..engine.seats import SEATS, Seat, Side
from ..engine.state import HandState, Phase
from ..engine.tricks import CardRole, card_role, sort_hand, trick_winner
from .bidding import action_label
from .view import PlayerView

__all__ = [
    "parse_typed",
    "spoken_card",
    "table_lines",
    "trick_status",
    "trump_clause",
    "trump_text",
]

#: Each trump as a sentence starts with it, and ``None`` for a no-trump hand.
_TRUMP_TEXT: Final[Mapping[Suit | None, str]] = {
    Suit.SPADES: N_("Spades are trumps"),
    Suit.HEARTS: N_("Hearts are trumps"),
    Suit.DIAMONDS: N_("Diamonds are trumps"),
    Suit.CLUBS: N_("Clubs are trumps"),
    None: N_("No trump"),
}
#: The same in the middle of a sentence.
_TRUMP_CLAUSE: Final[Mapping[Suit | None, str]] = {
    Suit.SPADES: N_("spades are trumps"),
    Suit.HEARTS: N_("hearts are trumps"),
    Suit.DIAMONDS: N_("diamonds are trumps"),
    Suit.CLUBS: N_("clubs are trumps"),
    None: N_("no trump"),
}
#: The word a typed action may start with in each phase (``play JH``), as records write it.
_VERB: Final = {
    Phase.AUCTION: "bid",
    Phase.TRUMP: "trump",
    Phase.DISCARD: "discard",
    Phase.ALONE: "alone",
    Phase.PLAY: "play",
}


def trump_text(trump: Suit | None) -> str:
    """``Hearts are trumps`` or ``No trump``, as a sentence starts."""
    return _(_TRUMP_TEXT[trump])


def trump_clause(trump: Suit | None) -> str:
    """``hearts are trumps`` or ``no trump``, in the middle of a sentence."""
    return _(_TRUMP_CLAUSE[trump])


def spoken_card(card: Card, trump: Suit | None = None, *, trump_known: bool = True) -> str:
    """A card as it is said aloud: its name, and its role once the trump is known.

    >>> from hasenpfeffer_core import JOKER, Suit, parse_card
    >>> spoken_card(parse_card("JD"), Suit.HEARTS), spoken_card(parse_card("AH"), Suit.HEARTS)
    ('jack of diamonds, the left bower', 'ace of hearts')
    >>> spoken_card(JOKER), spoken_card(parse_card("JD"), Suit.HEARTS, trump_known=False)
    ('the Joker', 'jack of diamonds')
    """
    if not trump_known:
        return card.name
    role = card_role(card, trump)
    if role in (CardRole.RIGHT_BOWER, CardRole.LEFT_BOWER):
        # Translators: a card said aloud with its role: {card} is its name ("jack of
        # diamonds"), {role} the role ("the left bower").
        return _("{card}, {role}").format(card=card.name, role=role.phrase)
    return card.name


def trick_status(state: HandState, you: Seat | None = None) -> str:
    """Who is winning the trick in progress, told to ``you`` (empty between tricks and
    outside the play): "North is winning trick 2 with ace of hearts."
    """
    trick = state.current_trick
    if state.phase is not Phase.PLAY or not trick:
        return ""
    seat, card = trick[trick_winner([c for _s, c in trick], state.trump)]
    said = spoken_card(card, state.trump)
    n = len(state.tricks) + 1
    if seat is you:
        # Translators: {n} is the trick's number, {card} a card said aloud
        # ("jack of diamonds, the left bower").
        return _("You are winning trick {n} with {card}.").format(n=n, card=said)
    # Translators: {seat} is a seat (North...), {n} the trick's number, {card} a card
    # said aloud ("jack of diamonds, the left bower").
    return _("{seat} is winning trick {n} with {card}.").format(seat=seat.word, n=n, card=said)


def table_lines(state: HandState, seat: Seat) -> list[str]:
    """The table as ``seat`` may know it, one sentence per line: the contract and
    trump, the tricks each side has won, the seat's cards said aloud, how many cards
    each other hand holds, the trick so far and who is winning it, and whose turn it is.
    """
    view = PlayerView.of(state, seat)
    lines = []
    known = view.trump_named
    if view.maker is not None and view.high_bid is not None:
        bid = bid_name(view.high_bid.tricks, view.high_bid.big, view.rules)
        # Translators: {seat} is the maker's seat (North...), {bid} the high bid (a
        # number of tricks, or Little Pepper, Big Pepper).
        lines.append(_("{seat} won the auction with {bid}.").format(seat=view.maker.word, bid=bid))
    if known:
        lines.append(trump_text(view.trump) + ".")
    if view.phase is Phase.AUCTION:
        said = [f"{a.seat.word}: {action_label(a, view.rules)}" for a in view.auction]
        lines.append(
            _("The auction so far: {calls}.").format(calls="; ".join(said))
            if said
            else _("Nobody has bid yet.")
        )
    if view.phase is Phase.PLAY or view.tricks:
        tricks = state.side_tricks  # (finished tricks are public)
        lines.append(
            _("Tricks won: {score}").format(
                score=_("North-South {ns} · East-West {ew}").format(
                    ns=tricks[Side.NS], ew=tricks[Side.EW]
                )
            )
        )
    cards = sort_hand(view.hand, view.trump if known else None)
    spoken = "; ".join(spoken_card(c, view.trump, trump_known=known) for c in cards)
    # Translators: {n} is how many cards the learner holds, {cards} the cards said aloud.
    lines.append(_("Your cards ({n}): {cards}.").format(n=len(cards), cards=spoken))
    others = [s for s in SEATS if s is not seat and s not in view.sitting_out]
    if others:
        first, *rest = others
        head = ngettext("{seat} has {n} card", "{seat} has {n} cards", view.hand_sizes[first])
        parts = [head.format(seat=first.word, n=view.hand_sizes[first])]
        # Translators: another seat's number of cards after the first ("East 2").
        parts += [_("{seat} {n}").format(seat=s.word, n=view.hand_sizes[s]) for s in rest]
        lines.append(", ".join(parts) + ".")
    for out in view.sitting_out:
        lines.append(_("{seat} sits out this hand.").format(seat=out.word))
    if view.phase is Phase.PLAY and view.current_trick:
        plays = "; ".join(
            # Translators: one play of the trick so far: {seat} played {card}.
            _("{seat} played {card}").format(seat=s.word, card=spoken_card(c, view.trump))
            for s, c in view.current_trick
        )
        lines.append(_("Trick {n}: {plays}.").format(n=len(view.tricks) + 1, plays=plays))
        lines.append(trick_status(state, you=seat))
    if view.to_move is seat:
        lines.append(_("Your turn."))
    elif view.to_move is not None:
        # Translators: {seat} is the seat whose turn it is (North...).
        lines.append(_("{seat} to play.").format(seat=view.to_move.word))
    return lines


def parse_typed(phase: Phase, seat: Seat, text: str) -> Action:
    """What ``seat`` typed, read as its action in ``phase``: ``3``, ``pass``, ``hearts``,
    ``JH`` or ``J♥``, ``play JH``, or the record's form ``S play JH``.

    >>> from hasenpfeffer_core import Phase, Seat
    >>> str(parse_typed(Phase.PLAY, Seat.S, "jh")), str(parse_typed(Phase.AUCTION, Seat.S, "3"))
    ('S play J♥', 'S bid 3')
    """
    words = text.split()
    if not words:
        raise ParseError(_("type a card (JH or J♥), a bid (3, pass) or a suit (hearts)"))
    if len(words) >= 2 and words[0].upper() in ("N", "E", "S", "W"):
        return parse_action(text)
    verb = _VERB.get(phase)
    if verb is None:
        raise ParseError(_("the hand is over: there is nothing to play"))
    if words[0].lower() == verb:
        words = words[1:]
    if phase is Phase.AUCTION and [w.lower() for w in words] == ["pass"]:
        return parse_action(f"{seat.name} pass")
    return parse_action(f"{seat.name} {verb} {' '.join(words)}")
