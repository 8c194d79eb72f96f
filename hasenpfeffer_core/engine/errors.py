"""The exceptions raised by the engine.

Every error is a :class:`ValueError`, so code that only wants to know "was this
input acceptable?" can catch that. The subclasses say which kind of thing went
wrong:

* :class:`ParseError`: text that cannot be read as a card, suit, seat, bid or record.
* :class:`InvalidDataError`: data that reads fine but cannot be a real position:
  duplicate cards, wrong hand sizes, a card that is not in the hand.
* :class:`IllegalActionError`: an action that the rules forbid here: out of turn,
  in the wrong phase, not following suit, a bid too low. Its subclasses name the
  rule.
* :class:`RecordError`: a hand record that cannot be loaded, with the line; ``errors``
  lists every problem found in the record.

Each error carries ``rule``: a short name of the rule that was broken, as the
rules explainer names it (for example ``"follow suit"``), or ``None`` for
errors that are not about a rule (a typo in a card).

A refused action never changes anything: the engine checks first and only then
applies.

Text that is longer than any honest input (see the ``MAX_...`` limits below) is refused
with a :class:`ParseError` before it is read, and error messages show a long value by
its start only (:func:`shown`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

# The classes live in ``exceptions`` (no translation there, so ``i18n`` can use them);
# they are named here too, where the rest of the engine imports them from.
from .exceptions import BidTooLowError as BidTooLowError
from .exceptions import HasenpfefferError as HasenpfefferError
from .exceptions import IllegalActionError as IllegalActionError
from .exceptions import InvalidDataError as InvalidDataError
from .exceptions import MustFollowSuitError as MustFollowSuitError
from .exceptions import OutOfTurnError as OutOfTurnError
from .exceptions import ParseError as ParseError
from .exceptions import WrongPhaseError as WrongPhaseError
from .i18n import N_, pgettext
from .i18n import gettext as _


class RecordError(ParseError):
    """A hand record that cannot be loaded; ``line`` is its 1-based line, if known.

    ``errors`` holds every problem found in the record, in line order, each a
    :class:`RecordError` with its own ``line`` and ``rule``; the error's own message,
    ``line`` and ``rule`` are those of the first. An error about a single problem holds
    just itself.
    """

    line: int | None

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        rule: str | None = None,
        errors: Iterable[RecordError] = (),
    ) -> None:
        if line is not None:
            # Translators: an error in a hand record file; {line} is the line's number.
            message = _("line {line}: {message}").format(line=line, message=message)
        super().__init__(message, rule=rule)
        self.line = line
        self._errors = tuple(errors)

    @property
    def errors(self) -> tuple[RecordError, ...]:
        """Every problem found, first to last (just this error if it is about one)."""
        return self._errors or (self,)


# --- limits on input ---------------------------------------------------------------
#
# Text read by the engine is refused at once when it is longer than any honest input
# could be, before any work is done on it: every parser then runs in time linear in a
# bounded input.

#: The longest text of one card, suit, trump, seat or partnership (``queen of diamonds``
#: has 17 characters).
MAX_WORD_CHARS: Final = 40

#: The longest text of one action (``N bid little-pepper`` has 19 characters).
MAX_ACTION_CHARS: Final = 100

#: The longest text of a list of cards (25 cards, each with a long name, fit).
MAX_CARDS_CHARS: Final = 1_000

#: The longest rules text (every option written out takes about 250 characters).
MAX_RULES_CHARS: Final = 1_000

#: The most digits a number read from text may have (scores, targets, bids).
MAX_DIGITS: Final = 6

_SHOWN_CHARS: Final = 30


def number_text(n: int) -> str:
    """A whole number as a sentence writes it, with the thousands separator of the
    language (``1,000`` in English, ``1.000`` in Italian).

    >>> number_text(1_000_000), number_text(-10_000), number_text(7)
    ('1,000,000', '-10,000', '7')
    """
    # Translators: the thousands separator, as in "1,000": a full stop in Italian.
    return f"{n:,}".replace(",", pgettext("thousands separator", ","))


def shown(value: object) -> str:
    """``repr(value)`` for an error message, cut short when it is long.

    Never raises: a value whose ``repr`` fails (an integer of too many digits, a broken
    object) is named by its type.

    >>> shown("J♥"), shown("a" * 100), shown(10**5000)
    ("'J♥'", "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'... (100 characters)", 'a number of about 5,000 digits')
    """
    if isinstance(value, str):
        if len(value) <= 2 * _SHOWN_CHARS:
            return repr(value)
        # Translators: the start of a long text the learner gave, cut short; {n} is its
        # length, always more than 60.
        return _("{start}... ({n} characters)").format(
            start=repr(value[:_SHOWN_CHARS]), n=number_text(len(value))
        )
    if isinstance(value, int) and value.bit_length() > 100:
        # Writing out a long integer takes time (and Python refuses past 4300 digits).
        # Translators: a number too long to show; {n} is always more than 30.
        return _("a number of about {n} digits").format(
            n=number_text(round(value.bit_length() * 0.30103))
        )
    try:
        text = repr(value)
    except Exception:  # a value that cannot show itself
        # Translators: {type} is the name of a Python type, such as "list".
        return _("a {type} value").format(type=type(value).__name__)
    if len(text) > 2 * _SHOWN_CHARS:
        return text[: 2 * _SHOWN_CHARS] + "..."
    return text


#: The message for a text too long to be a card, a suit, ...: one whole sentence for each
#: thing :func:`check_length` is asked about (``{n}`` and ``{limit}`` are at least 40).
_TOO_LONG: Final = {
    "a card": N_(
        "{text} is not a card: it is {n} characters long, and a card is at most {limit} characters"
    ),
    "a suit": N_(
        "{text} is not a suit: it is {n} characters long, and a suit is at most {limit} characters"
    ),
    "a trump": N_(
        "{text} is not a trump: it is {n} characters long, and a trump is at most {limit} "
        "characters"
    ),
    "a seat": N_(
        "{text} is not a seat: it is {n} characters long, and a seat is at most {limit} characters"
    ),
    "a partnership": N_(
        "{text} is not a partnership: it is {n} characters long, and a partnership is at most "
        "{limit} characters"
    ),
    "a list of cards": N_(
        "{text} is not a list of cards: it is {n} characters long, and a list of cards is at "
        "most {limit} characters"
    ),
    "an action": N_(
        "{text} is not an action: it is {n} characters long, and an action is at most {limit} "
        "characters"
    ),
    "a rules text": N_(
        "{text} is not a rules text: it is {n} characters long, and a rules text is at most "
        "{limit} characters"
    ),
}


def check_length(text: str, limit: int, what: str) -> None:
    """Raise :class:`ParseError` if ``text`` is longer than ``limit`` characters.

    ``what`` names the thing, with its article (``"a card"``).

    >>> check_length("x" * 41, 40, "a card")
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.ParseError: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' is not a card: it is 41 characters long, and a card is at most 40 characters
    """
    if len(text) > limit:
        template = _TOO_LONG.get(what)
        if template is not None:
            message = _(template).format(
                text=shown(text), n=number_text(len(text)), limit=number_text(limit)
            )
        else:
            # Translators: {what} names a thing with its article, as in "a card".
            message = _(
                "{text} is not {what}: it is {n} characters long, and {what} is at most "
                "{limit} characters"
            ).format(
                text=shown(text), what=what, n=number_text(len(text)), limit=number_text(limit)
            )
        raise ParseError(message)


def rule_name(rule: str | None) -> str:
    """The name of a rule (an error's ``rule``) in the learner's language; an option's
    name (``target``) and a rule the engine does not name stay as they are.

    >>> rule_name("follow suit"), rule_name("target")
    ('follow suit', 'target')
    """
    if rule is None:
        return ""
    names = {
        # Translators: the names of the rules an error says were broken ("[rule: follow
        # suit]"): short noun phrases.
        "actions": pgettext("rule", "actions"),
        "all pass": pgettext("rule", "all pass"),
        "bidding": pgettext("rule", "bidding"),
        "bidding scale": pgettext("rule", "bidding scale"),
        "follow suit": pgettext("rule", "follow suit"),
        "game": pgettext("rule", "game"),
        "going alone": pgettext("rule", "going alone"),
        "legal plays": pgettext("rule", "legal plays"),
        "naming trump": pgettext("rule", "naming trumps"),
        "order of play": pgettext("rule", "order of play"),
        "pepper bids": pgettext("rule", "pepper bids"),
        "scoring": pgettext("rule", "scoring"),
        "the deal": pgettext("rule", "the deal"),
        "the deck": pgettext("rule", "the deck"),
        "the discard": pgettext("rule", "the discard"),
        "the hand": pgettext("rule", "the hand"),
        "trick winner": pgettext("rule", "trick winner"),
        "turn order": pgettext("rule", "turn order"),
        "undo": pgettext("rule", "undo"),
    }
    return names.get(rule, rule)


# The errors' public home is the package top (``hasenpfeffer_core.RecordError``): tracebacks
# and pickles name it there rather than this module.
RecordError.__module__ = "hasenpfeffer_core"
