"""Rules: every published variant of Hasenpfeffer as one immutable value.

``Rules()`` is the game as the project's source texts (the "seed") describe it:
bids from 1 to 6, the Joker holder bids 3 when all four pass, the high bidder
takes the widow, the player left of the dealer leads, no lone hands, makers who
fail lose one point per trick they took, defenders score nothing, first side to
10 wins. Every other published choice is an option, and the named presets in
:data:`PRESETS` collect the options of each published rule set.

>>> Rules() == PRESETS["seed"].rules
True
>>> r = Rules.parse("seed; failed_bid=bid, lone_hands=yes")
>>> r.failed_bid, r.lone_hands
(FailedBid.BID, True)
>>> r.to_text()
'seed; lone_hands=yes, failed_bid=bid'
>>> Rules.parse(r.to_text()) == r
True
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from .errors import (
    MAX_DIGITS,
    MAX_RULES_CHARS,
    InvalidDataError,
    ParseError,
    check_length,
    number_text,
    shown,
)
from .i18n import N_
from .i18n import gettext as _

__all__ = [
    "OPTIONS",
    "PRESETS",
    "AllPass",
    "BiddingScale",
    "FailedBid",
    "FirstLead",
    "NoTrumpJoker",
    "OptionInfo",
    "Preset",
    "Rules",
]


class _TextEnum(enum.Enum):
    """An option value with a short text used in hand records (its ``value``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    def __str__(self) -> str:
        return str(self.value)


class BiddingScale(_TextEnum):
    """Which bids exist.

    ``STANDARD``: 1 to 6 tricks (the seed). ``PEPPER``: the seed's "alternative
    bidding": 1 to 5, then Little Pepper (6 tricks, normal stakes) and Big
    Pepper (6 tricks, stakes doubled), which may be bid at any time.
    """

    STANDARD = "standard"
    PEPPER = "pepper"


class AllPass(_TextEnum):
    """What happens when all four players pass (the seed is silent).

    ``JOKER_HOLDER``: the player holding the Joker must bid 3; if the Joker is the
    widow, the hand is thrown in and the deal passes left (denexa, gamerules.com).
    ``REDEAL``: the hand is always thrown in and the deal passes left.
    ``DEALER``: the dealer must bid 3 (Parlett's Double Hasenpfeffer).
    """

    JOKER_HOLDER = "joker-holder"
    REDEAL = "redeal"
    DEALER = "dealer"


class NoTrumpJoker(_TextEnum):
    """The Joker in a no-trump hand. No source says; this is an unguided choice.

    In both, the Joker beats every other card and belongs to no suit, so when it
    is led nobody can follow and everyone may play any card.
    ``VOID_ONLY``: it may be played only by leading it or when the holder cannot
    follow suit (as in Five Hundred). ``ANY_TIME``: it may be played at any turn,
    even by a player who could follow suit.
    """

    VOID_ONLY = "void-only"
    ANY_TIME = "any-time"


class FirstLead(_TextEnum):
    """Who leads the first trick (the lone-hand exceptions apply on top).

    ``LEFT_OF_DEALER``: the seed. ``HIGH_BIDDER``: the maker leads (Parlett).
    """

    LEFT_OF_DEALER = "left-of-dealer"
    HIGH_BIDDER = "high-bidder"


class FailedBid(_TextEnum):
    """What makers lose when they take fewer tricks than they bid.

    ``TRICKS_TAKEN``: one point per trick they did take (the seed, in both
    translations; no other source says this). ``BID``: the amount of the bid
    (common elsewhere). ``SIX``: six points (Parlett).
    """

    TRICKS_TAKEN = "tricks-taken"
    BID = "bid"
    SIX = "six"


@dataclass(frozen=True)
class OptionInfo:
    """What one option means, for the docs and the variants table.

    ``name`` is the option's identifier (as written in rules text); ``summary``, ``seed``
    and ``alternatives`` are English, marked for the catalogue: show them with ``_()``.
    """

    name: str
    summary: str
    seed: str
    alternatives: str


#: Every option: its meaning, the seed's choice and the other published choices.
OPTIONS: Final[dict[str, OptionInfo]] = {
    o.name: o
    for o in (
        OptionInfo(
            "bidding",
            N_("Which bids exist."),
            N_("standard: bids of 1 to 6 tricks"),
            # Translators: "standard", "pepper", "joker-holder"... before a colon are option
            # values the learner types: keep them in English.
            N_(
                "pepper: 1 to 5, Little Pepper (6) and Big Pepper (6, doubled) "
                "(the source rules' alternative bidding)"
            ),
        ),
        OptionInfo(
            "all_pass",
            N_("What happens when all four players pass."),
            N_(
                "silent; the engine's default is joker-holder: the Joker's holder must bid 3, "
                "and if the Joker is the widow the deal passes left (denexa, gamerules.com)"
            ),
            N_("redeal: always throw the hand in; dealer: the dealer must bid 3 (Parlett)"),
        ),
        OptionInfo(
            "widow",
            N_("Whether the high bidder picks up the widow and discards."),
            "yes",
            N_("no: the widow stays face down and unused (gamerules.com)"),
        ),
        OptionInfo(
            "no_trump",
            N_("Whether the high bidder may name no trump."),
            "no",
            N_("yes: no-trump contracts, cards rank A K Q J 10 9 in every suit (Parlett)"),
        ),
        OptionInfo(
            "no_trump_joker",
            N_("How the Joker plays in a no-trump hand (no source says)."),
            N_(
                "not applicable; the engine's default is void-only: the Joker beats everything "
                "but may be played only when leading or when unable to follow suit"
            ),
            N_("any-time: the Joker may be played at any turn"),
        ),
        OptionInfo(
            "first_lead",
            N_("Who leads the first trick."),
            "left-of-dealer",
            N_("high-bidder: the maker leads (Parlett)"),
        ),
        OptionInfo(
            "lone_hands",
            N_("Whether the maker may go alone (partner sits out)."),
            N_("the source rules' lead rules mention lone hands but never allow them; default no"),
            N_(
                "yes: the maker may go alone, with the source rules' lead exceptions (borrowed "
                "from Euchre)"
            ),
        ),
        OptionInfo(
            "defend_alone",
            N_("With lone hands: whether a defender may answer by defending alone."),
            N_("yes (the source rules' lead exception for two lone players)"),
            "no",
        ),
        OptionInfo(
            "failed_bid",
            N_("What makers who fail their bid lose."),
            N_("tricks-taken: one point per trick they took (only the source rules say this)"),
            N_("bid: the amount of the bid (common); six: 6 points (Parlett)"),
        ),
        OptionInfo(
            "defenders_score",
            N_("Whether the defenders score for their tricks."),
            "no",
            N_("yes: one point per trick (Parlett)"),
        ),
        OptionInfo(
            "big_pepper_multiplier",
            N_("The factor Big Pepper applies to the makers' result."),
            N_("2 (stakes doubled)"),
            N_("any whole number from 1 to 10"),
        ),
        OptionInfo(
            "lone_multiplier",
            N_("The factor a lone hand applies to its side's result (borrowed rule)."),
            N_(
                "no source says how a lone hand scores; default 2, as in Parlett's "
                "Double Hasenpfeffer ('a lone player wins or loses double')"
            ),
            N_("any whole number from 1 to 10"),
        ),
        OptionInfo(
            "target",
            N_("The score that wins the game."),
            "10",
            N_("any whole number from 1 to 1,000"),
        ),
    )
}


def _label(name: str) -> str:
    """An option as a message names it: ``target (the score that wins the game)``."""
    summary = _(OPTIONS[name].summary).rstrip(".")
    # Translators: a rule option: {option} is its name as typed (target), {summary} what
    # it is, as in "target (the score that wins the game)".
    return _("{option} ({summary})").format(option=name, summary=summary[:1].lower() + summary[1:])


@dataclass(frozen=True)
class Rules:
    """Every rule option, as an immutable value. ``Rules()`` is the seed's game.

    Options that are enums or yes/no also accept their text, as in
    ``Rules(failed_bid="bid", lone_hands="yes")``.
    Make a variant with :meth:`replace` or :meth:`parse`; look up a published
    rule set in :data:`PRESETS`. The field ``base`` names the preset a value
    was made from; it is used only to write the rules as short text and does not
    take part in equality.
    """

    bidding: BiddingScale = BiddingScale.STANDARD
    all_pass: AllPass = AllPass.JOKER_HOLDER
    widow: bool = True
    no_trump: bool = False
    no_trump_joker: NoTrumpJoker = NoTrumpJoker.VOID_ONLY
    first_lead: FirstLead = FirstLead.LEFT_OF_DEALER
    lone_hands: bool = False
    defend_alone: bool = True
    failed_bid: FailedBid = FailedBid.TRICKS_TAKEN
    defenders_score: bool = False
    big_pepper_multiplier: int = 2
    lone_multiplier: int = 2
    target: int = 10
    base: str = field(default="seed", compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.base, str):
            raise InvalidDataError(
                f"Rules.base names a preset ({', '.join(PRESETS)}), got {shown(self.base)}"
            )
        for f in dataclasses.fields(self):
            if f.name == "base":
                continue
            value = getattr(self, f.name)
            if isinstance(value, str):
                value = _convert(f.name, value)
                object.__setattr__(self, f.name, value)
            expected = _FIELD_TYPES[f.name]
            if expected is int:
                if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                    raise InvalidDataError(
                        # Translators: {option} is an option with what it is, as in
                        # "target (the score that wins the game)".
                        _("{option} must be a whole number of at least 1, got {value}").format(
                            option=_label(f.name), value=shown(value)
                        ),
                        rule=f.name,
                    )
                if value > _INT_LIMITS[f.name]:
                    raise InvalidDataError(
                        _("{option} must be a whole number from 1 to {limit}, got {value}").format(
                            option=_label(f.name),
                            limit=number_text(_INT_LIMITS[f.name]),
                            value=shown(value),
                        ),
                        rule=f.name,
                    )
            elif expected is bool:
                if not isinstance(value, bool):
                    raise InvalidDataError(
                        # Translators: "yes" and "no" are what the learner types: keep them.
                        _("{option} must be yes or no, got {value}").format(
                            option=_label(f.name), value=shown(value)
                        ),
                        rule=f.name,
                    )
            elif not isinstance(value, expected):
                choices = ", ".join(repr(m.value) for m in list(expected))  # type: ignore[call-overload]
                raise InvalidDataError(
                    # Translators: {choices} lists the values the learner may type.
                    _("{option} must be one of {choices}, got {value}").format(
                        option=_label(f.name), choices=choices, value=shown(value)
                    ),
                    rule=f.name,
                )

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed; enum options also accept their text.

        >>> Rules().replace(failed_bid="six").failed_bid
        FailedBid.SIX
        """
        converted = {k: _convert(k, v) for k, v in changes.items()}
        return dataclasses.replace(self, **converted)

    def differences(self, other: Rules | None = None) -> dict[str, Any]:
        """The options where this value differs from ``other`` (default: the seed)."""
        other = other if other is not None else Rules()
        return {
            name: getattr(self, name)
            for name in _FIELD_TYPES
            if getattr(self, name) != getattr(other, name)
        }

    def to_text(self) -> str:
        """Short text: the base preset, then the options that differ from it.

        >>> Rules().to_text(), PRESETS["parlett"].rules.to_text()
        ('seed', 'parlett')
        """
        base = PRESETS[self.base].rules if self.base in PRESETS else Rules()
        name = self.base if self.base in PRESETS else "seed"
        diffs = self.differences(base)
        if not diffs:
            return name
        parts = [f"{k}={_value_text(v)}" for k, v in diffs.items()]
        return f"{name}; " + ", ".join(parts)

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read rules written as by :meth:`to_text`: a preset name, then ``option=value``.

        >>> Rules.parse("seed; target=11").target
        11
        >>> Rules.parse("seed; pepper=yes")
        Traceback (most recent call last):
        ...
        hasenpfeffer_core.ParseError: unknown rule option 'pepper': the options are bidding, all_pass, widow, no_trump, no_trump_joker, first_lead, lone_hands, defend_alone, failed_bid, defenders_score, big_pepper_multiplier, lone_multiplier, target
        """
        if not isinstance(text, str):
            raise ParseError(f"rules must be text, got {type(text).__name__}")
        check_length(text, MAX_RULES_CHARS, "a rules text")
        head, _sep, tail = text.partition(";")
        name = head.strip().lower()
        if name not in PRESETS:
            raise ParseError(
                # Translators: {presets} lists the rule sets' names as typed (seed, parlett).
                _("unknown rule set {name}: the presets are {presets}").format(
                    name=repr(head.strip()), presets=", ".join(PRESETS)
                )
            )
        rules = PRESETS[name].rules
        changes: dict[str, Any] = {}
        for item in (p.strip() for p in tail.split(",")):
            if not item:
                continue
            key, eq, value = item.partition("=")
            key = key.strip().lower().replace("-", "_")
            if not eq:
                raise ParseError(
                    # Translators: {option} is what the learner typed; {name}=... shows how
                    # to give it a value.
                    _("rule option {option} needs a value, as in {name}=...").format(
                        option=repr(item), name=key
                    )
                )
            if key not in _FIELD_TYPES:
                raise ParseError(
                    # Translators: {options} lists the options' names as typed.
                    _("unknown rule option {option}: the options are {options}").format(
                        option=repr(key), options=", ".join(_FIELD_TYPES)
                    )
                )
            if key in changes:
                raise ParseError(
                    # Translators: {text} is the rules text the learner wrote.
                    _("rule option {option} is given twice in {text}").format(
                        option=repr(key), text=repr(text)
                    )
                )
            changes[key] = value.strip()
        return rules.replace(**changes)

    @property
    def doubled_bid(self) -> bool:
        """True when Big Pepper exists (the pepper bidding scale)."""
        return self.bidding is BiddingScale.PEPPER


_FIELD_TYPES: Final[dict[str, type]] = {
    "bidding": BiddingScale,
    "all_pass": AllPass,
    "widow": bool,
    "no_trump": bool,
    "no_trump_joker": NoTrumpJoker,
    "first_lead": FirstLead,
    "lone_hands": bool,
    "defend_alone": bool,
    "failed_bid": FailedBid,
    "defenders_score": bool,
    "big_pepper_multiplier": int,
    "lone_multiplier": int,
    "target": int,
}

#: The largest value of each whole-number option (the smallest is 1).
MAX_TARGET: Final = 1_000
MAX_MULTIPLIER: Final = 10
_INT_LIMITS: Final[dict[str, int]] = {
    "big_pepper_multiplier": MAX_MULTIPLIER,
    "lone_multiplier": MAX_MULTIPLIER,
    "target": MAX_TARGET,
}

_TRUE: Final = {"yes", "true", "on", "1"}
_FALSE: Final = {"no", "false", "off", "0"}


def _convert(name: str, value: Any) -> Any:
    """Turn option text (as in a hand record) into the option's value."""
    if name not in _FIELD_TYPES:
        raise ParseError(
            _("unknown rule option {option}: the options are {options}").format(
                option=shown(name), options=", ".join(_FIELD_TYPES)
            )
        )
    expected = _FIELD_TYPES[name]
    if not isinstance(value, str):
        return value
    check_length(value, MAX_RULES_CHARS, "a rules text")
    text = value.strip().lower()
    if expected is bool:
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise ParseError(
            # Translators: {name}={value} is an option as the learner wrote it; "yes" and
            # "no" are what may be typed.
            _("rule option {name}={value}: expected yes or no").format(
                name=name, value=shown(value)
            )
        )
    if expected is int:
        digits = text[1:] if text[:1] in ("+", "-") else text
        if not (digits.isascii() and digits.isdigit()):
            raise ParseError(
                _("rule option {name}={value}: expected a whole number").format(
                    name=name, value=shown(value)
                )
            )
        if len(digits) > MAX_DIGITS:  # counted before the text is read as a number
            raise ParseError(
                _(
                    "rule option {name}={value}: too many digits: {name} is a whole number "
                    "from 1 to {limit}"
                ).format(name=name, value=shown(value), limit=number_text(_INT_LIMITS[name])),
                rule=name,
            )
        return int(text)
    assert issubclass(expected, enum.Enum)
    members: list[enum.Enum] = list(expected)
    for member in members:
        if text in (member.value, member.name.lower()):
            return member
    choices = ", ".join(str(m.value) for m in members)
    raise ParseError(
        # Translators: {choices} lists the values the learner may type.
        _("rule option {name}={value}: expected one of {choices}").format(
            name=name, value=shown(value), choices=choices
        )
    )


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


@dataclass(frozen=True)
class Preset:
    """A named, published rule set. ``name`` is its identifier; ``title`` and ``source``
    are English, marked for the catalogue: show them with ``_()``."""

    name: str
    title: str
    source: str
    rules: Rules


def _preset(name: str, title: str, source: str, **options: Any) -> Preset:
    return Preset(name, title, source, Rules(**options, base=name))


#: The published rule sets, by name. ``PRESETS["seed"].rules == Rules()``.
PRESETS: Final[Mapping[str, Preset]] = {
    p.name: p
    for p in (
        _preset(
            "seed",
            N_("The source rules"),
            N_("The project's Italian and Thai source texts (standard bidding)."),
        ),
        _preset(
            "seed-pepper",
            N_("The source rules, alternative bidding"),
            N_("The source texts' 'alternative form of bidding': Little and Big Pepper."),
            bidding=BiddingScale.PEPPER,
        ),
        _preset(
            "lose-the-bid",
            N_("Failed bids lose the bid"),
            N_("The source rules, with the failed-bid penalty most other rules use."),
            failed_bid=FailedBid.BID,
        ),
        _preset(
            "gamerules",
            N_("Without the widow"),
            N_("gamerules.com: the widow is not used."),
            widow=False,
        ),
        _preset(
            "parlett",
            # Translators: the name of the card-game writer David Parlett.
            N_("Parlett"),
            N_(
                "David Parlett's account: the dealer must bid 3 when all pass, no-trump "
                "contracts, the high bidder leads, lone hands score double, failed bids lose 6, "
                "defenders score their tricks."
            ),
            all_pass=AllPass.DEALER,
            no_trump=True,
            first_lead=FirstLead.HIGH_BIDDER,
            lone_hands=True,
            failed_bid=FailedBid.SIX,
            defenders_score=True,
        ),
    )
}
