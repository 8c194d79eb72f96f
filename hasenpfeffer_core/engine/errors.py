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
"""

from __future__ import annotations

from collections.abc import Iterable


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
