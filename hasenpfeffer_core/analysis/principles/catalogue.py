"""The catalogue of principles: each one's name, phase, rule, reason and nudge, in
the order the glossary shows them (see :mod:`~hasenpfeffer_core.analysis.principles`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ...engine.errors import (
    InvalidDataError,
    shown,
)
from ...engine.i18n import N_
from ...engine.i18n import gettext as _

__all__ = ["PHASES", "PRINCIPLES", "Principle", "Reason", "principle"]

#: The phases a principle belongs to, in the order of a hand.
PHASES: Final = ("bid", "trump", "discard", "play")


@dataclass(frozen=True)
class Principle:
    """One principle of play or bidding, as the glossary shows it.

    ``key`` is a short name (``"win-cheaply"``), also the glossary anchor
    ``principle-win-cheaply``; ``phase`` is ``bid``, ``trump``, ``discard`` or ``play``;
    ``rule`` says the principle in one sentence, ``why`` why it works in Hasenpfeffer,
    and ``nudge`` is a first hint that names no card.

    ``name``, ``rule``, ``why`` and ``nudge`` hold the English source text, marked for the
    catalogue: show them translated, ``gettext(p.name)``.
    """

    key: str
    name: str
    phase: str
    rule: str
    why: str
    nudge: str

    @property
    def anchor(self) -> str:
        """The principle's anchor on the glossary page: ``principle-`` and its key."""
        return f"principle-{self.key}"


@dataclass(frozen=True)
class Reason:
    """A principle applied to one position: ``text`` names the cards and ends with the action."""

    principle: Principle
    text: str


PRINCIPLES: Final[tuple[Principle, ...]] = (
    Principle(
        "bid-cheapest",
        N_("Bid what wins the auction"),
        "bid",
        N_("When you bid, bid the cheapest number that is higher than the last bid."),
        N_(
            "A side that makes its bid scores one point for each trick it takes, whatever number "
            "it bid. A higher bid wins no more points: it only makes the bid harder to make, and "
            "where a failed bid loses the amount bid, it loses more too. Under the alternative "
            "bidding, Big Pepper is the one bid worth more, because it doubles the result."
        ),
        N_(
            "Look at what a side scores when it makes its bid, and at the lowest bid that is "
            "higher than the last one."
        ),
    ),
    Principle(
        "bid-before-forced",
        N_("Bid before you are made to bid 3"),
        "bid",
        N_(
            "When all four pass, the player holding the Joker must bid 3; so, holding the Joker, "
            "bid 1 or 2 yourself before it comes to that."
        ),
        N_(
            "A forced bid of 3 is a contract you did not choose. A bid of 1 or 2 made early is "
            "easier to make and still lets you name trumps. Where the rules make the dealer bid 3 "
            "instead, the same holds for the dealer, who speaks last in the auction; where the "
            "cards are simply dealt again, nobody is forced."
        ),
        N_("Think about what happens to you if all four players pass."),
    ),
    Principle(
        "name-longest-trump",
        N_("Name your strongest trump suit"),
        "trump",
        N_(
            "Name as trumps the suit in which you hold the most trumps, and the highest, counting "
            "the Joker and both bowers."
        ),
        N_(
            "The Joker is a trump whatever suit you name, and each jack is a bower for the two "
            "suits of its colour, so the count changes from suit to suit. Trumps take tricks that "
            "side cards cannot, and every trump you hold is one the defenders do not."
        ),
        N_("Count, suit by suit, how many trumps you would hold if that suit were trump."),
    ),
    Principle(
        "void-a-suit",
        N_("Make a void with the discard"),
        "discard",
        N_(
            "Discard a lone low card of a side suit, so that you hold none of that suit and can "
            "trump it."
        ),
        N_(
            "A lone low side card rarely wins a trick. Once it is gone you hold none of its suit, "
            "so when that suit is led you may play a trump and win."
        ),
        N_("Look for a side suit in which you hold just one card."),
    ),
    Principle(
        "discard-low",
        N_("Discard low, keep trumps and side aces"),
        "discard",
        N_("Discard your lowest plain card: never a trump, and never a side ace."),
        N_(
            "Every trump can win a trick, and a side ace often wins the first time its suit is "
            "led. A low plain card almost never wins, so it is the card you will miss least."
        ),
        N_("Look for the card in your hand that is least likely ever to win a trick."),
    ),
    Principle(
        "cash-winners",
        N_("Cash your sure winners"),
        "play",
        N_(
            "When you lead, lead a card that is the best left of its suit and take the trick "
            "while you can."
        ),
        N_(
            "A card is the best left of its suit once every higher card of that suit has been "
            "played. Lead it early, before an opponent runs out of the suit and can trump it."
        ),
        N_("Look for a suit in which every card higher than yours has already been played."),
    ),
    Principle(
        "lead-trumps",
        N_("Lead trumps as the maker"),
        "play",
        N_(
            "When your side named trumps and you hold the highest trump still out, lead trumps to "
            "draw the defenders' trumps."
        ),
        N_(
            "Each round of trumps takes a trump from every defender who still has one. Once their "
            "trumps are gone, your side cards and your lower trumps can no longer be trumped."
        ),
        N_("Your side named trumps: look at how high your best trump is against those still out."),
    ),
    Principle(
        "count-trumps",
        N_("Count the trumps"),
        "play",
        N_(
            "Count the trumps played: once every higher trump is gone, your trump is the highest "
            "still out and sure to win."
        ),
        N_(
            "There are eight trumps: the Joker, the two bowers, then A, K, Q, 10 and 9. Counting "
            "those played tells you when a lower trump has become the best one left, and how many "
            "the others can still hold."
        ),
        N_("Count the trumps that have been played so far, and the ones still out."),
    ),
    Principle(
        "second-hand-low",
        N_("Second hand low"),
        "play",
        N_(
            "When you play second, play low unless you can win for sure: partner still plays "
            "after you."
        ),
        N_(
            "The last player has not played yet, so a high card played second can still be "
            "beaten. Playing low keeps your high cards and leaves the trick to partner, who plays "
            "after you."
        ),
        N_("Look at who still plays after you in this trick."),
    ),
    Principle(
        "third-hand-high",
        N_("Third hand high"),
        "play",
        N_(
            "When partner led and partner's card is beaten, or low enough to be beaten, play "
            "high: win the trick, or make the last player spend a higher card."
        ),
        N_(
            "Only one opponent plays after you. A high card either wins the trick or forces that "
            "opponent to use a better card, which promotes the cards your side still holds."
        ),
        N_("Look at partner's card, and at what the opponents could still beat it with."),
    ),
    Principle(
        "win-cheaply",
        N_("Win cheaply"),
        "play",
        N_("When you can win the trick, win it with the lowest card that is sure to win."),
        N_(
            "A trick won with a 10 counts the same as a trick won with an ace. The higher card "
            "you keep can win a trick later."
        ),
        N_(
            "Look at the card that is winning the trick, and at which of your cards would beat "
            "it for sure."
        ),
    ),
    Principle(
        "do-not-overtake",
        N_("Do not overtake partner"),
        "play",
        N_(
            "When partner's card will win the trick, play low: do not spend a winner on a trick "
            "your side already has."
        ),
        N_(
            "Partner's card wins unless a card still to be played can beat it, and only the "
            "players after you can play one. A high card played on partner's winner takes no "
            "extra trick and may be missed later."
        ),
        N_("Look at who is winning the trick, and what is still out."),
    ),
    Principle(
        "keep-the-joker",
        N_("Keep the Joker"),
        "play",
        N_(
            "Do not spend the Joker on a trick partner already wins, or on one you can win with a "
            "lower card."
        ),
        N_(
            "The Joker is the one card that always wins. Kept back, it takes a trick later that "
            "no other card could."
        ),
        N_(
            "Think about which of your cards can win any trick at all, and whether this trick "
            "needs it."
        ),
    ),
    Principle(
        "trump-in",
        N_("Trump when you are void"),
        "play",
        N_(
            "When you hold none of the suit led and the opponents are winning the trick, play a "
            "trump that wins it."
        ),
        N_(
            "Holding none of the suit led, you may play any card, and any trump beats every card "
            "of a side suit. A side card played instead cannot win."
        ),
        N_("Look at whether you can follow the suit led, and who is winning the trick."),
    ),
    Principle(
        "throw-lowest",
        N_("Throw your lowest card"),
        "play",
        N_("When you cannot win the trick, play your lowest card and keep your winners."),
        N_(
            "A card that cannot win this trick is lost whatever it is. Lose the one that was "
            "least likely to win later."
        ),
        N_("Look at whether any of your cards can beat the card that is winning."),
    ),
    Principle(
        "lose-when-it-pays",
        N_("When the bid is lost, every trick costs the makers"),
        "play",
        N_(
            "Once the makers' bid can no longer be made, each trick they take costs them a "
            "point: the makers lose every trick they can, and the defenders let them win."
        ),
        N_(
            "Under the source rules a side that fails its bid loses one point for each trick it "
            "took. Once the bid is lost, the hand is no longer about the bid but about those "
            "points, so the usual aim of winning tricks turns round."
        ),
        N_(
            "Count the tricks each side has taken and the tricks left, and ask whether the "
            "bid can still be made."
        ),
    ),
)

BY_KEY: Final[dict[str, Principle]] = {p.key: p for p in PRINCIPLES}


def principle(key: str) -> Principle:
    """The principle with this key; :class:`InvalidDataError` for an unknown key.

    >>> principle("win-cheaply").name
    'Win cheaply'
    >>> principle("win-big")
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.InvalidDataError: 'win-big' is not a principle: the principles are bid-cheapest, bid-before-forced, name-longest-trump, void-a-suit, discard-low, cash-winners, lead-trumps, count-trumps, second-hand-low, third-hand-high, win-cheaply, do-not-overtake, keep-the-joker, trump-in, throw-lowest, lose-when-it-pays
    """
    found = BY_KEY.get(key) if isinstance(key, str) else None
    if found is None:
        raise InvalidDataError(
            # Translators: {keys} lists the principles' keys (win-cheaply, ...), as typed.
            _("{key} is not a principle: the principles are {keys}").format(
                key=shown(key), keys=", ".join(BY_KEY)
            )
        )
    return found
