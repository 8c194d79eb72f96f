"""A rule set in plain words, for every face: the options' labels and values as a learner
reads them, and a whole rule set in a phrase ("the source rules, except: going alone:
allowed"), never the options' names in code ("seed; lone_hands=yes").

The widgets' controls, the play table's and the command line's headers, the replayer
and the docs site all word rules here.
"""

from __future__ import annotations

from typing import Final

from ..engine.i18n import N_
from ..engine.i18n import gettext as _
from ..engine.rules import PRESETS, Rules

__all__ = ["OPTION_WORDS", "RULE_SET_WORDS", "option_label", "rules_words", "value_words"]


#: Each rule option as a learner reads it: a short label for a control, and the words
#: for its values (options that are whole numbers are written as numbers). Marked for
#: the catalogue: :func:`option_label` and :func:`value_words` translate them.
OPTION_WORDS: Final[dict[str, tuple[str, dict[str, str]]]] = {
    "bidding": (
        # Translators: a house-rule option: how high the bids go
        N_("Bids"),
        {
            "standard": N_("1 to 6 tricks"),
            "pepper": N_("1 to 5, Little Pepper and Big Pepper"),
        },
    ),
    "all_pass": (
        N_("When all four pass"),
        {
            "joker-holder": N_("the Joker's holder bids 3"),
            "redeal": N_("the hand is thrown in"),
            "dealer": N_("the dealer bids 3"),
        },
    ),
    # Translators: a house-rule option, answered yes or no
    "widow": (N_("Use the widow"), {"yes": N_("yes"), "no": N_("no")}),
    "no_trump": (N_("No-trump bids"), {"yes": N_("allowed"), "no": N_("not allowed")}),
    "no_trump_joker": (
        N_("The Joker in no trump"),
        {
            # Translators: when the Joker may be played in a no-trump hand
            "void-only": N_("only when leading or out of the suit led"),
            "any-time": N_("at any turn"),
        },
    ),
    "first_lead": (
        # Translators: a house-rule option: who leads to the first trick
        N_("First lead"),
        {"left-of-dealer": N_("left of the dealer"), "high-bidder": N_("the high bidder")},
    ),
    "lone_hands": (N_("Going alone"), {"yes": N_("allowed"), "no": N_("not allowed")}),
    "defend_alone": (N_("Defending alone"), {"yes": N_("allowed"), "no": N_("not allowed")}),
    "failed_bid": (
        N_("A failed bid loses"),
        {
            "tricks-taken": N_("a point per trick taken"),
            "bid": N_("the bid"),
            "six": N_("6 points"),
        },
    ),
    "defenders_score": (
        N_("Defenders score their tricks"),
        {"yes": N_("yes"), "no": N_("no")},
    ),
    # Translators: a house-rule option, followed by a number (2, 3...)
    "big_pepper_multiplier": (N_("Big Pepper multiplies by"), {}),
    # Translators: a house-rule option, followed by a number (2, 3...)
    "lone_multiplier": (N_("A lone hand multiplies by"), {}),
    # Translators: a house-rule option, followed by a number (10...)
    "target": (N_("Points to win the game"), {}),
}


def option_label(name: str) -> str:
    """A rule option's label for a control, in the language in use (its name in code
    when it has none)."""
    return _(OPTION_WORDS[name][0]) if name in OPTION_WORDS else name


def value_words(name: str, value: object) -> str:
    """An option's value as a learner reads it.

    >>> value_words("failed_bid", "bid"), value_words("lone_hands", True)
    ('the bid', 'allowed')
    """
    text = ("yes" if value else "no") if isinstance(value, bool) else getattr(value, "value", value)
    words = OPTION_WORDS.get(name, ("", {}))[1]
    return _(words[str(text)]) if str(text) in words else str(text)


#: Each published rule set in a sentence, by its name (the title of a rule set that is
#: not listed here says "<title>'s rules").
RULE_SET_WORDS: Final = {
    "seed": N_("the source rules"),
    "seed-pepper": N_("the source rules, alternative bidding"),
    "lose-the-bid": N_("the source rules, failed bids losing the bid"),
    "gamerules": N_("the rules without the widow"),
    # Translators: David Parlett, who wrote the rules down
    "parlett": N_("Parlett's rules"),
}


def rules_words(rules: Rules) -> str:
    """A rule set in plain words: its name, then the options it changes.

    >>> from hasenpfeffer_core.engine.rules import PRESETS
    >>> rules_words(Rules()), rules_words(PRESETS["parlett"].rules)
    ('the source rules', "Parlett's rules")
    >>> rules_words(Rules(failed_bid="bid", lone_hands=True))
    'the source rules, except: going alone: allowed; a failed bid loses: the bid'
    """
    base = PRESETS[rules.base] if rules.base in PRESETS else PRESETS["seed"]
    if base.name in RULE_SET_WORDS:
        name = _(RULE_SET_WORDS[base.name])
    elif base.name.startswith("seed"):
        title = _(base.title)
        name = title[:1].lower() + title[1:] if base.title.startswith("The ") else title
    else:
        # Translators: {title} is a published rule set's title, often its author's name
        name = _("{title}'s rules").format(title=_(base.title))
    diffs = rules.differences(base.rules)
    if not diffs:
        return name
    parts = [
        # Translators: one changed house rule: the option, then its value
        _("{option}: {value}").format(option=option_label(k).lower(), value=value_words(k, v))
        for k, v in diffs.items()
    ]
    # Translators: {rules} is a rule set (the source rules, Parlett's rules...), {changes}
    # the options changed, separated by semicolons
    return _("{rules}, except: {changes}").format(rules=name, changes="; ".join(parts))
