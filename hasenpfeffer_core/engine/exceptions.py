"""The engine's exception classes (:mod:`~hasenpfeffer_core.engine.errors` says what each
means, and holds the helpers that word the messages).

They stand alone, with no translation, so that both the translation module
(:mod:`~hasenpfeffer_core.engine.i18n`, which refuses an unknown language) and the
errors module (whose messages are translated) can import them without importing each
other. Their public home is the package top, ``hasenpfeffer_core.InvalidDataError``.
"""

from __future__ import annotations

__all__ = [
    "BidTooLowError",
    "HasenpfefferError",
    "IllegalActionError",
    "InvalidDataError",
    "MustFollowSuitError",
    "OutOfTurnError",
    "ParseError",
    "WrongPhaseError",
]


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


# Tracebacks and pickles name them at the package top rather than this module.
for _error in (
    HasenpfefferError,
    ParseError,
    InvalidDataError,
    IllegalActionError,
    WrongPhaseError,
    OutOfTurnError,
    MustFollowSuitError,
    BidTooLowError,
):
    _error.__module__ = "hasenpfeffer_core"
del _error
