"""The double-dummy solver for hands given as cards and seats, values or text: what
:func:`double_dummy` and :func:`play_values` check and hand to the search
(:mod:`~hasenpfeffer_core.analysis.solver`, which works on bit masks).

>>> hands = {"N": "JK 9S", "E": "AS KS", "S": "JH QS", "W": "9H TS"}
>>> double_dummy(hands, "H", "N")
{'NS': 1, 'EW': 1}
>>> {card.text: n for card, n in play_values(hands, "H", "N").items()}
{'JK': 1, '9♠': 1}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..engine.cards import Card, Trump, card_mask, parse_card, parse_cards, parse_trump
from ..engine.errors import InvalidDataError, ParseError
from ..engine.i18n import gettext as _
from ..engine.rules import NoTrumpJoker
from ..engine.seats import Seat, parse_seat
from ..engine.tricks import (
    trump_key,
)
from .solver import (
    check_position,
    infer_active,
    play_values_masks,
    seat_letters,
    seat_orders,
    solve_masks,
)

__all__ = ["CardsArg", "HandsArg", "double_dummy", "play_values"]

# --- the public functions -------------------------------------------------------

#: The cards of one hand: ``Card`` objects or texts, or one text such as ``"JH 9S"``.
CardsArg = Iterable[Card | str] | str
#: What :func:`double_dummy` accepts as hands: seats (``"N"`` or ``Seat.N``) to cards.
HandsArg = Mapping[Seat, CardsArg] | Mapping[str, CardsArg] | Mapping[Seat | str, CardsArg]


class _Position:
    """A position read from the public arguments and checked."""

    __slots__ = ("active", "cards", "leader", "masks", "tk", "trick")

    def __init__(
        self,
        hands: HandsArg,
        trump: Trump | str,
        leader: Seat | str,
        trick: CardsArg,
        sitting_out: Iterable[Seat | str] | Seat | str | None,
    ) -> None:
        if not isinstance(hands, Mapping):
            # Translators: {kind} is a programming type such as list.
            message = _("hands must map seats (N, E, S, W) to cards, got {kind}")
            raise InvalidDataError(message.format(kind=type(hands).__name__), rule="double dummy")
        self.tk = trump_key(parse_trump(trump))
        self.leader = parse_seat(leader).value
        self.cards: list[tuple[Card, ...]] = [(), (), (), ()]
        names = seat_letters()
        where: dict[Card, str] = {}
        given: dict[int, object] = {}
        for key, value in hands.items():
            seat = parse_seat(key)
            if seat.value in given:
                # Translators: {seat} is a seat's letter ("N"); {first} and {second} are
                # the two keys that both name it, as the code wrote them ('N', 'north').
                message = _("{seat}'s hand is given twice (as {first} and {second})")
                raise InvalidDataError(
                    message.format(
                        seat=names[seat.value], first=repr(given[seat.value]), second=repr(key)
                    ),
                    rule="double dummy",
                )
            given[seat.value] = key
            cards = _read_cards(value, names[seat.value])
            for c in cards:
                if c in where:
                    # Translators: {seat} and {other} are seats' letters ("N", "E").
                    message = _(
                        "{card} is in both {seat}'s hand and {other}'s hand: the deck has one "
                        "of each card"
                    )
                    raise InvalidDataError(
                        message.format(card=c.text, seat=where[c], other=names[seat.value]),
                        rule="the deck",
                    )
                where[c] = names[seat.value]
            self.cards[seat.value] = cards
        played = _read_cards(trick, None)
        for c in played:
            if c in where:
                # Translators: {seat} is a seat's letter ("N").
                message = _(
                    "{card} is in {seat}'s hand and also played to the trick: the deck has "
                    "one of each card"
                )
                raise InvalidDataError(message.format(card=c.text, seat=where[c]), rule="the deck")
        self.trick = tuple(c.index for c in played)
        self.masks = [card_mask(cs) for cs in self.cards]
        counts = [len(cs) for cs in self.cards]
        t = len(self.trick)
        if sitting_out is None:
            self.active = infer_active(counts, self.leader, t)
        else:
            seats = [sitting_out] if isinstance(sitting_out, str | Seat) else sitting_out
            out = {parse_seat(s).value for s in seats}
            self.active = sum(1 << s for s in range(4) if s not in out)
        if not any(counts) and not t:
            raise InvalidDataError(_("no cards to play: every hand is empty"), rule="double dummy")
        check_position(counts, self.leader, t, self.active)

    @property
    def mover(self) -> int:
        """The seat to play next."""
        return seat_orders(self.active)[self.leader][len(self.trick)]


def _read_cards(value: CardsArg, seat: str | None) -> tuple[Card, ...]:
    """The cards of ``seat``'s hand (a seat's letter), or of the trick (``None``)."""
    if isinstance(value, str):
        try:
            cards = parse_cards(value)
        except InvalidDataError as e:  # a card listed twice
            if seat is None:
                # Translators: {error} is an error message about the cards of the trick.
                message = _("{error} (in the trick)")
            else:
                # Translators: {error} is an error message about the cards of a hand;
                # {seat} is the seat's letter ("N").
                message = _("{error} (in {seat}'s hand)")
            raise InvalidDataError(message.format(error=e, seat=seat), rule=e.rule) from None
    elif isinstance(value, Card):
        cards = (value,)
    else:
        try:
            items = list(value)
        except TypeError:
            if seat is None:
                # Translators: {kind} is a programming type such as int.
                message = _("the trick must be cards or card texts, got {kind}")
            else:
                # Translators: {seat} is a seat's letter ("N"); {kind} a programming type
                # such as int.
                message = _("{seat}'s hand must be cards or card texts, got {kind}")
            raise ParseError(message.format(seat=seat, kind=type(value).__name__)) from None
        cards = tuple(parse_card(c) for c in items)
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            if seat is None:
                message = _("{card} is listed twice in the trick: the deck has one of each card")
            else:
                # Translators: {seat} is a seat's letter ("N").
                message = _(
                    "{card} is listed twice in {seat}'s hand: the deck has one of each card"
                )
            raise InvalidDataError(message.format(card=c.text, seat=seat), rule="the deck")
        seen.add(c)
    return cards


def double_dummy(
    hands: HandsArg,
    trump: Trump | str,
    leader: Seat | str,
    trick: CardsArg = (),
    *,
    no_trump_joker: NoTrumpJoker = NoTrumpJoker.VOID_ONLY,
    sitting_out: Iterable[Seat | str] | Seat | str | None = None,
) -> dict[str, int]:
    """The tricks each side takes from here under best play, with every card visible.

    ``hands`` maps seats (``"N"``, ``Seat.N``, ...) to the cards they still
    hold (cards or texts, or one text like ``"JH 9S"``); a seat that is left
    out or has no cards sits out (a lone hand). ``trump`` is a suit, or
    ``None`` for no trump. ``leader`` led the current trick, or leads next if
    ``trick`` is empty; ``trick`` holds the cards already played to the
    current trick, led card first. The result counts the tricks still to be
    won, the current one included: ``{"NS": n, "EW": m}``.

    In the last trick, a seat with no cards may have played already or may
    sit out: the cards of ``trick`` are taken to come from the leader and the
    next seats clockwise in turn. Name the seats that sit out in
    ``sitting_out`` to say otherwise.

    >>> double_dummy({"N": "JK AS", "E": "9S 9H", "S": "JH 10S", "W": "KS QD"}, "H", "N")
    {'NS': 2, 'EW': 0}
    >>> double_dummy({"N": "AS", "E": "9H 9S", "S": "JH 10S", "W": "KS QD"}, "H", "N", ["JK"])
    {'NS': 2, 'EW': 0}
    >>> double_dummy({"N": "AS", "E": "KS", "W": "9S"}, None, "E")  # N alone: S sits out
    {'NS': 1, 'EW': 0}
    >>> double_dummy({"N": "AS", "E": "KS"}, "H", "S")
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.InvalidDataError: the leader S has no cards and has not led to the trick
    """
    pos = _Position(hands, trump, leader, trick, sitting_out)
    jat = no_trump_joker is NoTrumpJoker.ANY_TIME
    ns = solve_masks(
        pos.masks, pos.tk, pos.leader, pos.trick, joker_any_time=jat, active=pos.active
    )
    total = pos.masks[pos.mover].bit_count()
    return {"NS": ns, "EW": total - ns}


def play_values(
    hands: HandsArg,
    trump: Trump | str,
    leader: Seat | str,
    trick: CardsArg = (),
    *,
    no_trump_joker: NoTrumpJoker = NoTrumpJoker.VOID_ONLY,
    sitting_out: Iterable[Seat | str] | Seat | str | None = None,
) -> dict[Card, int]:
    """For each legal card of the player to move, the tricks their side takes from here.

    The arguments are those of :func:`double_dummy`. A card's value counts the
    tricks still to be won (the current one included) by the side of the
    player to move if they play that card and everybody plays perfectly
    afterwards: the best cards have the highest value. The cards come in the
    order of the player's hand.

    >>> hands = {"N": "9S 9H QC", "E": "KS QH AC", "S": "AS 10D JC", "W": "QS 10C KC"}
    >>> {card.text: n for card, n in play_values(hands, "H", "N").items()}
    {'9♠': 2, '9♥': 1, 'Q♣': 1}
    >>> hands = {"N": "AS", "E": "9H 9S", "S": "JH 10S", "W": "KS QD"}
    >>> play_values(hands, "H", "N", ["JK"])  # E must follow trumps
    {Card('9H'): 0}
    """
    pos = _Position(hands, trump, leader, trick, sitting_out)
    jat = no_trump_joker is NoTrumpJoker.ANY_TIME
    values = play_values_masks(
        pos.masks, pos.tk, pos.leader, pos.trick, joker_any_time=jat, active=pos.active
    )
    return {c: values[c.index] for c in pos.cards[pos.mover] if c.index in values}
