"""Exercises on the score: what a hand scores, and which rules a score was made
under."""

from __future__ import annotations

from collections.abc import Sequence

from ....analysis.explain import (
    capitalised,
)
from ....analysis.session import quoted
from ....engine.actions import Bid
from ....engine.auction import bid_name
from ....engine.errors import InvalidDataError
from ....engine.i18n import gettext as _
from ....engine.i18n import language, ngettext, number
from ....engine.rules import PRESETS, Rules
from ....engine.scoring import score_hand
from ....engine.seats import Side, parse_side
from ...rules_words import rules_words
from ..base import (
    parse_rules,
    side_words,
    translated,
    widget_language,
)
from .choice import (
    Choice,
    english_item,
)
from .common import (
    TRICKS,
    read_bid,
    read_whole,
)


def score_exercise(
    rules: Rules | str,
    bid: Bid | str,
    tricks: int,
    *,
    options: Sequence[int],
    label: str = "",
    ask: Side | str | None = None,
    maker_alone: bool = False,
    lang: str | None = None,
) -> Choice[int]:
    """What does this hand score? ``score_hand`` decides and explains.

    ``rules``, ``bid`` and ``ask`` also take their text (``"parlett"``, ``"N bid 3"``,
    ``"EW"``).

    >>> from hasenpfeffer_core import Bid, Rules, Seat
    >>> q = score_exercise(Rules(), Bid(Seat.N, 3), 5, label="Source rules", options=[3, 5])
    >>> q.buttons[q.values.index(5)].click()
    >>> "Right!" in q.feedback.value and "the bid is made" in q.feedback.value
    True
    """
    with language(widget_language(lang)):
        the_rules = parse_rules(rules)
        the_bid = read_bid(bid)
        taken = read_whole(tricks, _("the tricks the makers took"), 0, TRICKS)
        points = _points(options)
        side = the_bid.seat.side
        asked = parse_side(ask) if ask is not None else side
        result = score_hand(
            the_rules, the_bid, {side: taken, side.other: 6 - taken}, maker_alone=maker_alone
        )
        answer = result.points[asked]

        def check(points: int) -> tuple[bool, str]:
            return points == answer, result.reason

        def words() -> tuple[str, list[tuple[str, int]]]:
            name = bid_name(the_bid.tricks, the_bid.big, the_rules)
            what = translated(label) or rules_words(the_rules)
            if maker_alone:
                # Translators: {rules} is a rule set ("the source rules"), {side} the
                # makers, {bid} a number of tricks or a bid's name, {n} the tricks they
                # took, {asked} the side the question is about
                text = ngettext(
                    "{rules}. {side} bid {bid} alone and took {n} trick. "
                    "What do {asked} score for this hand?",
                    "{rules}. {side} bid {bid} alone and took {n} tricks. "
                    "What do {asked} score for this hand?",
                    taken,
                )
            else:
                # Translators: {rules} is a rule set ("the source rules"), {side} the
                # makers, {bid} a number of tricks or a bid's name, {n} the tricks they
                # took, {asked} the side the question is about
                text = ngettext(
                    "{rules}. {side} bid {bid} and took {n} trick. "
                    "What do {asked} score for this hand?",
                    "{rules}. {side} bid {bid} and took {n} tricks. "
                    "What do {asked} score for this hand?",
                    taken,
                )
            prompt = text.format(
                rules=capitalised(what),
                side=side_words(side),
                bid=name,
                n=taken,
                asked=side_words(asked),
            )
            return prompt, [(number(p, 0, signed=True), p) for p in points]

        prompt, choices = words()
        return Choice(prompt, choices, check, item=english_item(words))


def _points(options: object) -> list[int]:
    """The answers offered: a few whole numbers of points."""
    items = list(options) if isinstance(options, Sequence) and not isinstance(options, str) else []
    if not 1 <= len(items) <= 20:
        raise InvalidDataError(
            _("options must be a list of 1 to 20 scores to choose from, not {value}").format(
                value=quoted(options)
            )
        )
    return [read_whole(p, _("each option"), -1000, 1000) for p in items]


def which_rules(
    bid: Bid | str, taken: int, points: tuple[int, int], *, lang: str | None = None
) -> Choice[str]:
    """A hand's score under unknown rules: which published rule set gives it?"""
    with language(widget_language(lang)):
        the_bid = read_bid(bid)
        took = read_whole(taken, _("the tricks the makers took"), 0, TRICKS)
        if not (isinstance(points, Sequence) and not isinstance(points, str) and len(points) == 2):
            raise InvalidDataError(
                _(
                    "points must be the two sides' scores, N-S then E-W, as in (3, 0), not {value}"
                ).format(value=quoted(points))
            )
        ns, ew = (
            read_whole(points[0], _("N-S's score"), -1000, 1000),
            read_whole(points[1], _("E-W's score"), -1000, 1000),
        )
        side = the_bid.seat.side
        tricks = {side: took, side.other: 6 - took}

        def check(name: str) -> tuple[bool, str]:
            result = score_hand(PRESETS[name].rules, the_bid, tricks)
            scored = (result.points[Side.NS], result.points[Side.EW])
            # Translators: {rules} is a rule set ("Parlett's rules"), {reason} how it scores
            # the hand
            under = _("Under {rules}: {reason}").format(
                rules=rules_words(PRESETS[name].rules), reason=result.reason
            )
            return scored == (ns, ew), under

        def words() -> tuple[str, list[tuple[str, str]]]:
            # Translators: {side} is the makers ("North-South"), {bid} and {n} numbers of
            # tricks, {ns} and {ew} the two sides' scores (+3, -5, 0)
            text = ngettext(
                "{side} bid {bid} and took {n} trick. North-South scored {ns}, East-West "
                "scored {ew}. Which rules give that?",
                "{side} bid {bid} and took {n} tricks. North-South scored {ns}, East-West "
                "scored {ew}. Which rules give that?",
                took,
            )
            prompt = text.format(
                side=side_words(side),
                bid=the_bid.tricks,
                n=took,
                ns=number(ns, 0, signed=True),
                ew=number(ew, 0, signed=True),
            )
            return prompt, [(_(PRESETS[name].title), name) for name in PRESETS]

        prompt, options = words()
        return Choice(prompt, options, check, item=english_item(words))
