"""The table in words, for a learner who listens rather than looks.

A screen reader cannot see the gold mark on the winning card or the layout of four
hands around a table. This module says the same things in sentences, from what one
seat may know (its :class:`~hasenpfeffer_core.analysis.view.PlayerView`: the other
hands are counted, never shown):

* :func:`spoken_card`: a card as it is said aloud, with its role under the trump
  ("the jack of diamonds, the left bower");
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

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from ..engine.actions import Action, Bid, Discard, GoAlone, NameTrump, Pass, Play, parse_action
from ..engine.auction import bid_name, bids_above
from ..engine.cards import Card, Suit
from ..engine.errors import ParseError
from ..engine.i18n import N_, ended, language, ngettext, pgettext
from ..engine.i18n import gettext as _
from ..engine.rules import Rules
from ..engine.seats import SEATS, Seat, Side
from ..engine.state import HandState, Phase
from ..engine.tricks import CardRole, card_role, sort_hand, trick_winner
from .bidding import action_label
from .explain import join_and
from .view import PlayerView

__all__ = [
    "calls_joined",
    "in_hand_order",
    "parse_typed",
    "spoken_card",
    "table_lines",
    "trick_status",
    "trump_clause",
    "trump_text",
    "typed_call",
    "typed_seat",
    "typed_words",
]


def in_hand_order(state: HandState) -> list[Action]:
    """The legal actions of the player to move, as a face offers them: a card's (a play,
    a discard) in the order the hand shows its cards, strongest first (the engine lists
    a suit weakest first, and the computer players' ties follow that order).

    >>> from hasenpfeffer_core import Seat
    >>> from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer
    >>> h = HandState.new(dealer=Seat.N, seed=5)
    >>> while h.phase is not Phase.PLAY:
    ...     h.apply(RuleOfThumbPlayer().choose(PlayerView.of(h, h.to_move)))
    >>> [c.text for c in h.hand(h.to_move)], [a.card.text for a in in_hand_order(h)]
    (['K♠', '10♠', '9♥', 'A♦', '9♦', 'Q♣'], ['K♠', '10♠', '9♥', 'A♦', '9♦', 'Q♣'])
    """
    seat = state.to_move
    place = {c: i for i, c in enumerate(state.hand(seat))} if seat is not None else {}

    def key(a: Action) -> int:
        return place[a.card] if isinstance(a, Play | Discard) else -1

    return sorted(state.legal_actions(), key=key)


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


def spoken_card(
    card: Card, trump: Suit | None = None, *, trump_known: bool = True, article: bool = True
) -> str:
    """A card as it is said aloud: its name, and its role once the trump is known; with
    ``article`` (the default), as a sentence says it ("the ace of hearts"), else bare,
    as in a list.

    >>> from hasenpfeffer_core import JOKER, Suit, parse_card
    >>> spoken_card(parse_card("JD"), Suit.HEARTS), spoken_card(parse_card("AH"), Suit.HEARTS)
    ('the jack of diamonds, the left bower', 'the ace of hearts')
    >>> spoken_card(JOKER), spoken_card(parse_card("JD"), Suit.HEARTS, trump_known=False)
    ('the Joker', 'the jack of diamonds')
    >>> spoken_card(parse_card("AH"), Suit.HEARTS, article=False)
    'ace of hearts'
    """
    name = card.name_in_sentence if article else card.name
    if not trump_known:
        return name
    role = card_role(card, trump)
    if role in (CardRole.RIGHT_BOWER, CardRole.LEFT_BOWER):
        # Translators: a card said aloud with its role: {card} is its name ("the jack of
        # diamonds"), {role} the role ("the left bower").
        return _("{card}, {role}").format(card=name, role=role.phrase)
    return name


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
        # ("the jack of diamonds, the left bower").
        return _("You are winning trick {n} with {card}.").format(n=n, card=said)
    # Translators: {seat} is a seat (North...), {n} the trick's number, {card} a card
    # said aloud ("the jack of diamonds, the left bower").
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
        lines.append(ended(trump_text(view.trump)))
    if view.phase is Phase.AUCTION:
        said = [f"{a.seat.word}: {action_label(a, view.rules)}" for a in view.auction]
        lines.append(
            _("The auction so far: {calls}.").format(calls=calls_joined(said))
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
    spoken = "; ".join(spoken_card(c, view.trump, trump_known=known, article=False) for c in cards)
    if cards:
        # Translators: {n} is how many cards the learner holds, {cards} the cards said aloud.
        lines.append(_("Your cards ({n}): {cards}.").format(n=len(cards), cards=spoken))
    else:  # (the hand is played out: not "Your cards (0): .")
        lines.append(_("You have no cards left."))
    others = [s for s in SEATS if s is not seat and s not in view.sitting_out]
    if others:
        first, *rest = others
        head = ngettext("{seat} has {n} card", "{seat} has {n} cards", view.hand_sizes[first])
        parts = [head.format(seat=first.word, n=view.hand_sizes[first])]
        # Translators: another seat's number of cards after the first ("East 2").
        parts += [_("{seat} {n}").format(seat=s.word, n=view.hand_sizes[s]) for s in rest]
        lines.append(ended(", ".join(parts)))
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


def _key(text: str) -> str:
    """Typed words compared without case, hyphens or extra spaces."""
    return " ".join(text.replace("-", " ").casefold().split())


def typed_seat(text: str | Seat) -> Seat:
    """A seat as a learner types it: its letter or its name in the learner's language
    (``O`` or ``ovest`` in Italian) or in English, in any case. A refusal says what may
    be typed, in the learner's language.

    >>> typed_seat("west"), typed_seat(" s ")
    (Seat.W, Seat.S)
    >>> typed_seat("x")
    Traceback (most recent call last):
    ...
    hasenpfeffer_core.ParseError: “x” is not a seat: type N, E, S or W (North, East, South or West)
    """
    if isinstance(text, Seat):
        return text
    if isinstance(text, str) and len(text) <= 40:
        key = _key(text)
        for seat in SEATS:
            if key in (_key(seat.letter), _key(seat.word), seat.name.lower(), _key(seat.word_en)):
                return seat
    raise ParseError(
        # Translators: {letters} is "N, E, S or W" and {names} "North, East, South or West",
        # in the learner's language: what may be typed for a seat.
        _("{text} is not a seat: type {letters} ({names})").format(
            text=f"\u201c{str(text)[:40]}\u201d",
            letters=join_and((s.letter for s in SEATS), "or"),
            names=join_and((s.word for s in SEATS), "or"),
        )
    )


def typed_words(action: Action, rules: Rules | None = None) -> tuple[str, ...]:
    """The words a learner may type at the table for ``action`` (a bid, a pass, a trump,
    going alone or not): the learner's language first (the word a prompt shows), then
    English, the language of hand records. A card is typed as a card (``JH``, ``J♥``).

    >>> from hasenpfeffer_core import Pass, Seat
    >>> from hasenpfeffer_core.engine.i18n import language
    >>> with language("it"):
    ...     typed_words(Pass(Seat.S)), typed_words(NameTrump(Seat.S, Suit.HEARTS))[:2]
    (('passo', 'pass'), ('cuori', 'hearts'))
    """
    rules = Rules() if rules is None else rules
    words: list[str]
    if isinstance(action, Pass):
        words = [action_label(action, rules).lower(), "pass"]
    elif isinstance(action, Bid):
        name = bid_name(action.tricks, action.big, rules)
        words = [name, action.label]
        if not name.isdigit():  # Little Pepper, Big Pepper: also without the hyphen
            words += [action.label.replace("-", " "), action.label.split("-")[0]]
            with language("en"):
                words.append(bid_name(action.tricks, action.big, rules))
    elif isinstance(action, NameTrump):
        suit = action.suit
        if suit is None:
            words = [trump_clause(None), "no trump", "none"]
        else:
            # (and the record's letter, S, D, C: H is the hint at the table, so the words
            # offered are the names)
            words = [
                suit.plural,
                suit.singular,
                suit.plural_en,
                suit.singular_en,
                suit.symbol,
                suit.letter,
            ]
    elif isinstance(action, GoAlone):
        # Translators: what a learner types to say yes or no (going alone or not).
        words = [pgettext("typed", "yes") if action.alone else pgettext("typed", "no")]
        words.append("yes" if action.alone else "no")
    else:
        words = [action.card.text]
    kept: dict[str, str] = {}
    for word in words:
        kept.setdefault(_key(word), word)
    return tuple(kept.values())


def typed_call(text: str, calls: Sequence[Action], rules: Rules | None = None) -> Action | None:
    """The call among ``calls`` that ``text`` names in the learner's language or in
    English (see :func:`typed_words`), or ``None``.

    >>> from hasenpfeffer_core import Pass, Seat
    >>> from hasenpfeffer_core.engine.i18n import language
    >>> with language("th"):
    ...     typed_call(" ผ่าน ", [Pass(Seat.S)])
    Pass(seat=Seat.S)
    """
    key = _key(text)
    for call in calls:
        if key in {_key(w) for w in typed_words(call, rules)}:
            return call
    return None


def _calls(phase: Phase, seat: Seat, rules: Rules) -> list[Action]:
    """Every call of ``phase`` the learner might type, legal now or not (the engine
    says why one is refused)."""
    if phase is Phase.AUCTION:  # the whole scale of the rules
        return [Pass(seat), *bids_above(None, seat, rules)]
    if phase is Phase.TRUMP:
        return [NameTrump(seat, suit) for suit in (*Suit, None)]
    if phase is Phase.ALONE:
        return [GoAlone(seat, True), GoAlone(seat, False)]
    return []


def parse_typed(phase: Phase, seat: Seat, text: str, rules: Rules | None = None) -> Action:
    """What ``seat`` typed, read as its action in ``phase``: ``3``, ``pass``, ``hearts``,
    ``JH`` or ``J♥``, ``play JH``, or the record's form ``S play JH``. A call may be typed
    in the learner's language too (see :func:`typed_words`: Italian ``passo``,
    ``Grande Pepe``, ``cuori``); a word that is none of them is refused with the words
    that are, in the learner's language.

    >>> from hasenpfeffer_core import Phase, Seat
    >>> str(parse_typed(Phase.PLAY, Seat.S, "jh")), str(parse_typed(Phase.AUCTION, Seat.S, "3"))
    ('S play J♥', 'S bid 3')
    >>> from hasenpfeffer_core.engine.i18n import language
    >>> with language("it"):
    ...     str(parse_typed(Phase.AUCTION, Seat.S, "passo")), str(parse_typed(Phase.TRUMP, Seat.S, "Cuori"))
    ('S pass', 'S trump ♥')
    """
    rules = Rules() if rules is None else rules
    words = text.split()
    if not words:
        raise ParseError(_("type a card (JH or J♥), a bid (3, pass) or a suit (hearts)"))
    if len(words) >= 2 and words[0].upper() in ("N", "E", "S", "W"):
        return parse_action(text)
    verb = _VERB.get(phase)
    if verb is None:
        raise ParseError(_("the hand is over: there is nothing to play"))
    if words[0].lower() == verb and len(words) > 1:
        words = words[1:]
    calls = _calls(phase, seat, rules)
    if not calls:  # a card
        return parse_action(f"{seat.name} {verb} {' '.join(words)}")
    call = typed_call(" ".join(words), calls, rules)
    if call is not None:
        return call
    shown_words = join_and([typed_words(c, rules)[0] for c in calls], "or")
    if phase is Phase.AUCTION:
        # Translators: {text} is what the learner typed; {choices} the calls they may
        # type, in their language ("passo, 1, 2, 3, 4, 5 o Piccolo Pepe").
        refusal = _("{text} is not a bid: type {choices}")
    elif phase is Phase.TRUMP:
        # Translators: {choices} the trumps they may type ("cuori, quadri ...").
        refusal = _("{text} is not a trump: type {choices}")
    else:
        # Translators: {choices} is the learner's words for yes and no.
        refusal = _("{text} is not an answer: type {choices}")
    raise ParseError(refusal.format(text=f"\u201c{' '.join(words)}\u201d", choices=shown_words))


def calls_joined(said: Iterable[str]) -> str:
    """The calls of an auction in one line, each already in words: ``North passed;
    East bid 3`` (Thai separates them with a space, not a semicolon).

    >>> calls_joined(["North passed", "East bid 3"])
    'North passed; East bid 3'
    """
    out = ""
    for call in said:
        # Translators: the calls of the auction so far ({earlier}, "North passed"), then
        # the next one ({call}, "East bid 3"), in one line; Thai separates them with a
        # space.
        out = (
            pgettext("between two calls", "{earlier}; {call}").format(earlier=out, call=call)
            if out
            else call
        )
    return out
