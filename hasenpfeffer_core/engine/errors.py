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


class HasenpfefferError(ValueError):
    """Base class of every error the engine raises."""

    rule: str | None

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class ParseError(HasenpfefferError):
    """Text that cannot be read as a card, suit, seat, bid, option or record."""


class InvalidDataError(HasenpfefferError):
    """Well-formed data that cannot be a real position (duplicates, wrong sizes...)."""


class IllegalActionError(HasenpfefferError):
    """An action the rules do not allow at this point of the hand."""


class WrongPhaseError(IllegalActionError):
    """An action of the wrong kind for the current phase of the hand."""


class OutOfTurnError(IllegalActionError):
    """An action by a player whose turn it is not."""


class MustFollowSuitError(IllegalActionError):
    """A card played while holding a card of the suit that was led."""


class BidTooLowError(IllegalActionError):
    """A bid that is not higher than the current high bid, or outside the scale."""


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
        where = f"line {line}: " if line is not None else ""
        super().__init__(where + message, rule=rule)
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
        return f"{value[:_SHOWN_CHARS]!r}... ({len(value):,} characters)"
    if isinstance(value, int) and value.bit_length() > 100:
        # Writing out a long integer takes time (and Python refuses past 4300 digits).
        return f"a number of about {round(value.bit_length() * 0.30103):,} digits"
    try:
        text = repr(value)
    except Exception:  # a value that cannot show itself
        return f"a {type(value).__name__} value"
    if len(text) > 2 * _SHOWN_CHARS:
        return text[: 2 * _SHOWN_CHARS] + "..."
    return text


def check_length(text: str, limit: int, what: str) -> None:
    """Raise :class:`ParseError` if ``text`` is longer than ``limit`` characters.

    ``what`` names the thing, with its article (``"a card"``).

    >>> check_length("x" * 41, 40, "a card")
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.ParseError: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' is not a card: it is 41 characters long, and a card is at most 40 characters
    """
    if len(text) > limit:
        raise ParseError(
            f"{shown(text)} is not {what}: it is {len(text):,} characters long, and {what} "
            f"is at most {limit:,} characters"
        )


# The errors' public home is the package top (``hasenpfeffer_core.RecordError``): tracebacks
# and pickles name it there rather than this module.
for _error in (
    HasenpfefferError,
    ParseError,
    InvalidDataError,
    IllegalActionError,
    WrongPhaseError,
    OutOfTurnError,
    MustFollowSuitError,
    BidTooLowError,
    RecordError,
):
    _error.__module__ = "hasenpfeffer_core"
del _error
