"""Quiz questions with their answers and explanations, reproducible by seed.

Five kinds:

* ``trick-winner``: a finished trick around the table; who wins it?
* ``legal-play``: a hand, the trick so far and trump; which cards may be played?
* ``order``: put these cards in order, strongest first, under this trump.
* ``tricks``: an ending with all cards shown; how many tricks can this side take?
* ``bid``: your six cards and the auction so far (computer players spoke first); what
  do you bid? Judged by a bid study (:func:`~hasenpfeffer_core.analysis.bidding.bid_study`):
  any choice worth as much as the fair expert's advice, give or take a fifth of a point
  on average, is right.

Each question carries its answer, the engine's explanation, a situation ``tag``
and a ``difficulty``:

* ``first-steps``: no bowers and no Joker in the question;
* ``bowers``: a bower matters, no Joker;
* ``joker``: the Joker matters;
* ``mixed``: anything.

(For a bid question these speak of the hand: no jack and no Joker at first steps, a
jack and no Joker with bowers, the Joker with the Joker.)

>>> qs = quiz_set("trick-winner", 5, seed=1, difficulty="bowers")
>>> len(qs), len({q.key for q in qs}), all(q.difficulty == "bowers" for q in qs)
(5, 5, True)
>>> q = trick_winner_question(random.Random(2), difficulty="first-steps", tag="trumped")
>>> q.tag, q.check(q.answer)
('trumped', True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ..engine.actions import Action, Bid, Discard, NameTrump, Pass, Play
from ..engine.auction import bid_name, scale_text
from ..engine.cards import DECK, JOKER, SUITS, Card, Rank, Suit, parse_card
from ..engine.errors import InvalidDataError, ParseError
from ..engine.i18n import gettext as _
from ..engine.i18n import ngettext
from ..engine.rules import PRESETS, BiddingScale, Rules
from ..engine.seats import SEATS, Seat, Side
from ..engine.state import HandState, Phase
from ..engine.tricks import EFF, CardRole, card_role, legal_plays, ranking, trick_winner, trump_key
from .bidding import (
    BidStudy,
    action_label,
    action_value,
    bid_study,
    chance_label,
    without_call,
)
from .bots import RuleOfThumbPlayer
from .describe import typed_call, typed_seat
from .explain import (
    capitalised,
    card_label,
    card_words,
    explain_card,
    explain_plays,
    explain_trick,
    trumps_sentence,
)
from .solve_cards import double_dummy, play_values
from .view import PlayerView

__all__ = [
    "DIFFICULTIES",
    "KINDS",
    "TAGS",
    "Question",
    "best_line",
    "bid_question",
    "choice_answer",
    "choice_value",
    "legal_play_question",
    "line_words",
    "make_question",
    "order_question",
    "quiz_set",
    "said_words",
    "trick_winner_question",
    "tricks_question",
]

KINDS: Final = ("trick-winner", "legal-play", "order", "tricks", "bid")
DIFFICULTIES: Final = ("first-steps", "bowers", "joker", "mixed")

_ALL: Final = DIFFICULTIES
_NO_BOWERS: Final = ("first-steps", "mixed")  # a bower or the Joker is always a trump
_BOWERS: Final = ("bowers", "joker", "mixed")
_JOKER: Final = ("joker", "mixed")

#: The situation tags of each kind, and the difficulties at which each can occur.
TAGS: Final[dict[str, dict[str, tuple[str, ...]]]] = {
    "trick-winner": {
        "plain suit": _NO_BOWERS,
        "trumped": _ALL,
        "trump led": _ALL,
        "lone hand": _ALL,
        "left bower": _BOWERS,
        "right bower": _BOWERS,
        "joker": _JOKER,
    },
    "legal-play": {
        "leading": _ALL,
        "must follow": _ALL,
        "void": _ALL,
        "trump led": _ALL,
        "partner winning": _ALL,
        "left bower": _BOWERS,
        "joker": _JOKER,
    },
    "order": {
        "plain suit": _NO_BOWERS,
        "trumps": _ALL,
        "left bower": _BOWERS,
        "joker": _JOKER,
    },
    "tricks": {
        "ending": _ALL,
        "left bower": _BOWERS,
        "joker": _JOKER,
    },
    "bid": {
        "opening": _ALL,
        "outbid": _ALL,
        "partner's bid": _ALL,
        "three passes": _JOKER,
        "pepper": _ALL,
    },
}

#: The order in which a question's most telling tag is chosen as its ``tag``.
_PRIORITY: Final = (
    "joker",
    "left bower",
    "right bower",
    "lone hand",
    "partner winning",
    "leading",
    "trump led",
    "trumped",
    "void",
    "must follow",
    "trumps",
    "plain suit",
    "ending",
    "three passes",
    "partner's bid",
    "outbid",
    "opening",
    "pepper",
)


def _primary(tags: set[str]) -> str:
    return next(t for t in _PRIORITY if t in tags)


@dataclass(frozen=True)
class Question:
    """One quiz question. ``answer`` depends on the kind:

    * trick-winner: the winning seat (``Seat``); ``card`` answers are accepted too;
    * legal-play: the tuple of cards that may be played;
    * order: the cards strongest first;
    * tricks: the number of tricks (an ``int``);
    * bid: the fair expert's action (a ``Bid`` or a ``Pass``); every choice in
      ``details["right"]`` is accepted (``"pass"``, ``"3"``, ``"bid 3"``, ``"big pepper"``).
    """

    kind: str
    difficulty: str
    tag: str
    trump: Suit | None
    prompt: str
    answer: Any
    explanation: str
    hand: tuple[Card, ...] = ()
    trick: tuple[tuple[Seat, Card], ...] = ()
    cards: tuple[Card, ...] = ()
    hands: dict[Seat, tuple[Card, ...]] = field(default_factory=dict)
    seat: Seat | None = None
    side: str = ""
    details: dict[str, Any] = field(default_factory=dict)
    tags: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """A text that identifies the question (two questions with one key repeat)."""
        t = self.trump.letter if self.trump else "NT"
        parts = [self.kind, t, " ".join(c.ascii for c in self.hand)]
        parts.append(" ".join(f"{s.name}{c.ascii}" for s, c in self.trick))
        parts.append(" ".join(c.ascii for c in self.cards))
        parts.append(
            " ".join(f"{s.name}:{''.join(c.ascii for c in h)}" for s, h in self.hands.items())
        )
        if self.kind == "bid":
            auction = self.details.get("auction", ())
            parts.append(" ".join(f"{a['seat']}:{a['value']}" for a in auction))
        if self.kind == "principle":  # the same cards may come up in another hand
            parts.append(f"{self.tag}:{self.details.get('position', '')}")
        return "|".join(parts)

    def check(self, response: Any) -> bool:
        """Whether ``response`` is right (texts are accepted: ``"S"``, ``"JH"``, ...)."""
        try:
            return self._check(response)
        except (ValueError, TypeError):
            return False

    def _check(self, response: Any) -> bool:
        if self.kind == "trick-winner":
            if isinstance(response, Seat):
                return response is self.answer
            text = str(response).strip()
            try:  # a seat, in the learner's words or in English
                return typed_seat(text) is self.answer
            except ParseError:
                pass
            card = parse_card(text)
            return any(s is self.answer and c is card for s, c in self.trick)
        if self.kind == "legal-play":
            cards = _as_cards(response)
            return set(cards) == set(self.answer) and len(cards) == len(self.answer)
        if self.kind == "order":
            return tuple(_as_cards(response)) == tuple(self.answer)
        if self.kind == "bid":
            return bid_answer(response) in self.details["right"]
        if self.kind == "principle":
            return choice_answer(self.details["choices"], response) in self.details["right"]
        return bool(int(response) == self.answer)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (texts and numbers) for JSON: the docs site's practice pages."""

        def cards(cs: Sequence[Card]) -> list[str]:
            return [c.text for c in cs]

        answer: Any
        if self.kind == "trick-winner":
            answer = self.answer.name
        elif self.kind == "bid":
            answer = action_value(self.answer)
        elif self.kind == "principle":
            answer = list(self.answer)
        elif self.kind in ("legal-play", "order"):
            answer = cards(self.answer)
        else:
            answer = self.answer
        return {
            "kind": self.kind,
            "difficulty": self.difficulty,
            "tag": self.tag,
            "tags": list(self.tags),
            "trump": self.trump.name.lower() if self.trump else "none",
            "trump_symbol": self.trump.symbol if self.trump else "",
            "prompt": self.prompt,
            "answer": answer,
            "explanation": self.explanation,
            "hand": cards(self.hand),
            "trick": [[s.name, c.text] for s, c in self.trick],
            "cards": cards(self.cards),
            "hands": {s.name: cards(h) for s, h in self.hands.items()},
            "seat": self.seat.name if self.seat else None,
            "side": self.side,
            "details": self.details,
        }


def _as_cards(response: Any) -> list[Card]:
    from ..engine.cards import parse_cards

    if isinstance(response, str):
        return list(parse_cards(response))
    return [parse_card(c) for c in response]


# --- which cards a difficulty may use ------------------------------------------------


def _bower_cards(trump: Suit | None) -> set[Card]:
    if trump is None:
        return set()
    return {Card(Rank.JACK, trump), Card(Rank.JACK, trump.partner)}


def _pool(trump: Suit | None, difficulty: str) -> list[Card]:
    """The cards a question of this difficulty may show."""
    if difficulty == "first-steps":
        return [c for c in DECK if c is not JOKER and c not in _bower_cards(trump)]
    if difficulty == "bowers":
        return [c for c in DECK if c is not JOKER]
    return list(DECK)


def _fits(cards: Sequence[Card], trump: Suit | None, difficulty: str) -> bool:
    """Whether ``cards`` suit the difficulty: bowers/joker questions must show one."""
    if difficulty == "bowers":
        return any(c in _bower_cards(trump) for c in cards)
    if difficulty == "joker":
        return JOKER in cards
    return True


def _check_args(kind: str, difficulty: str, tag: str | None) -> None:
    if difficulty not in DIFFICULTIES:
        # Translators: difficulty is what was asked for (quoted); difficulties the names
        # that exist (first-steps, bowers, ...), which stay in English.
        raise InvalidDataError(
            _("unknown difficulty {difficulty}: the difficulties are {difficulties}").format(
                difficulty=repr(difficulty), difficulties=", ".join(DIFFICULTIES)
            )
        )
    if tag is not None:
        tags = TAGS[kind]
        if tag not in tags:
            # Translators: tag, kind and tags are names the learner types, in English.
            raise InvalidDataError(
                _("unknown tag {tag} for {kind} questions: the tags are {tags}").format(
                    tag=repr(tag), kind=kind, tags=", ".join(tags)
                )
            )
        if difficulty not in tags[tag]:
            # Translators: tag and the difficulties are names the learner types, in English.
            raise InvalidDataError(
                _("the tag {tag} does not fit the difficulty {difficulty}: it fits {fits}").format(
                    tag=repr(tag), difficulty=repr(difficulty), fits=", ".join(tags[tag])
                )
            )


def _retry(
    rng: random.Random, make: Callable[[random.Random], Question | None], tag: str | None
) -> Question:
    from dataclasses import replace

    for _i in range(5000):
        q = make(rng)
        if q is None:
            continue
        if tag is None:
            return q
        if tag in q.tags:
            return replace(q, tag=tag)
    raise RuntimeError(f"could not make a question with the tag {tag!r}")  # pragma: no cover


def _trump_for(rng: random.Random) -> Suit:
    return rng.choice(SUITS)


def _seat_order(leader: Seat, n: int) -> list[Seat]:
    if n == 0:
        return []
    seats = [leader]
    while len(seats) < n:
        seats.append(seats[-1].left)
    return seats


# --- trick winner -------------------------------------------------------------------


def _trick_tags(cards: Sequence[Card], trump: Suit, lone: bool) -> set[str]:
    tk = trump_key(trump)
    roles = {card_role(c, trump) for c in cards}
    win = cards[trick_winner(cards, trump)]
    tags = set()
    if CardRole.JOKER in roles:
        tags.add("joker")
    if CardRole.LEFT_BOWER in roles:
        tags.add("left bower")
    if CardRole.RIGHT_BOWER in roles:
        tags.add("right bower")
    if lone:
        tags.add("lone hand")
    if EFF[tk][cards[0].index] == tk:
        tags.add("trump led")
    elif EFF[tk][win.index] == tk:
        tags.add("trumped")
    else:
        tags.add("plain suit")
    return tags


def trick_winner_question(
    rng: random.Random, difficulty: str = "mixed", tag: str | None = None
) -> Question:
    """Who wins this trick?"""
    _check_args("trick-winner", difficulty, tag)

    def make(r: random.Random) -> Question | None:
        trump = _trump_for(r)
        # Three-card tricks (lone hands) come up now and then, but not unasked for
        # at first steps, before lone hands are taught.
        casual = tag is None and difficulty != "first-steps"
        lone = tag == "lone hand" or (casual and r.random() < 0.1)
        n = 3 if lone else 4
        pool = _pool(trump, difficulty)
        tk = trump_key(trump)
        # Make following likely: the led suit appears more than chance would give.
        led = r.choice(pool)
        same = [c for c in pool if c is not led and EFF[tk][c.index] == EFF[tk][led.index]]
        rest = [c for c in pool if c is not led and c not in same]
        others: list[Card] = []
        for _i in range(n - 1):
            src = same if (same and r.random() < 0.55) else rest
            c = r.choice(src)
            src.remove(c)
            others.append(c)
        cards = [led, *others]
        if not _fits(cards, trump, difficulty):
            return None
        leader = r.choice(SEATS)
        seats = _seat_order(leader, 4)
        if lone:
            out = r.choice(SEATS)
            seats = [s for s in _seat_order(leader, 4) if s is not out][:3]
            if leader is out:
                return None
        tags = _trick_tags(cards, trump, lone)
        win = trick_winner(cards, trump)
        e = explain_trick(cards, trump)
        trick = tuple(zip(seats, cards, strict=True))
        return Question(
            kind="trick-winner",
            difficulty=difficulty,
            tag=_primary(tags),
            tags=tuple(sorted(tags)),
            trump=trump,
            # Translators: trumps is the trump suit's name (hearts), seat the leader (North).
            prompt=capitalised(
                _("{trumps} are trumps and {seat} led. Who wins the trick?").format(
                    trumps=trump.plural, seat=leader.word
                )
            ),
            answer=seats[win],
            explanation=" ".join(
                (
                    _("{seat} wins with {card}.").format(
                        seat=seats[win].word, card=card_words(cards[win])
                    ),
                    e.text,
                )
            ),
            trick=trick,
            details={"winner_index": win, "winning_card": cards[win].text},
        )

    return _retry(rng, make, tag)


# --- legal plays ----------------------------------------------------------------------


def legal_play_question(
    rng: random.Random, difficulty: str = "mixed", tag: str | None = None
) -> Question:
    """Which of my cards may I play?"""
    _check_args("legal-play", difficulty, tag)

    def make(r: random.Random) -> Question | None:
        trump = _trump_for(r)
        tk = trump_key(trump)
        pool = _pool(trump, difficulty)
        r.shuffle(pool)
        size = r.randint(3, 6)
        hand = pool[:size]
        played_n = 0 if tag == "leading" else r.choice((0, 1, 1, 2, 2, 3))
        trick_cards = pool[size : size + played_n]
        if trick_cards and r.random() < 0.5:
            # Often lead a suit the hand holds, so following is at stake.
            code = EFF[tk][hand[0].index]
            lead = [c for c in pool[size + played_n :] if EFF[tk][c.index] == code]
            if lead:
                trick_cards = [lead[0], *trick_cards[1:]]
        cards_shown = hand + trick_cards
        if not _fits(cards_shown, trump, difficulty):
            return None
        me = r.choice(SEATS)
        leader = me
        for _i in range(len(trick_cards)):
            leader = leader.right
        seats = _seat_order(leader, len(trick_cards))
        trick = tuple(zip(seats, trick_cards, strict=True))
        legal = legal_plays(hand, trick_cards, trump)
        partner_winning = (
            bool(trick_cards) and seats[trick_winner(trick_cards, trump)] is me.partner
        )
        roles = {card_role(c, trump) for c in cards_shown}
        tags = set()
        if not trick_cards:
            tags.add("leading")
        elif len(legal) == len(hand):
            tags.add("void")
        else:
            tags.add("must follow")
        if trick_cards and EFF[tk][trick_cards[0].index] == tk:
            tags.add("trump led")
        if partner_winning:
            tags.add("partner winning")
        if CardRole.JOKER in roles:
            tags.add("joker")
        left = [c for c in hand if card_role(c, trump) == CardRole.LEFT_BOWER]
        if left and trick_cards:
            # The left bower matters when its printed suit or trumps were led.
            led_code = EFF[tk][trick_cards[0].index]
            if left[0].suit is not None and led_code in (tk, left[0].suit.value):
                tags.add("left bower")
        expl = explain_plays(hand, trick_cards, trump)
        return Question(
            kind="legal-play",
            difficulty=difficulty,
            tag=_primary(tags),
            tags=tuple(sorted(tags)),
            trump=trump,
            prompt=" ".join(
                (
                    trumps_sentence(trump),
                    _("You are {seat}, and you lead. Which of your cards may you play?").format(
                        seat=me.word
                    )
                    if not trick_cards
                    # Translators: seat is the learner's seat, leader the seat that led.
                    else _(
                        "You are {seat}; {leader} led. Which of your cards may you play?"
                    ).format(seat=me.word, leader=leader.word),
                )
            ),
            answer=legal,
            explanation=" ".join(e.text for e in expl),
            hand=tuple(hand),
            trick=trick,
            seat=me,
            details={
                "reasons": {e.card.text: e.text for e in expl},
                "partner_winning": partner_winning,
            },
        )

    return _retry(rng, make, tag)


# --- card order -----------------------------------------------------------------------


def order_question(
    rng: random.Random, difficulty: str = "mixed", tag: str | None = None
) -> Question:
    """Put these cards in order, strongest first, under this trump."""
    _check_args("order", difficulty, tag)

    def make(r: random.Random) -> Question | None:
        trump = _trump_for(r)
        tk = trump_key(trump)
        pool = _pool(trump, difficulty)
        n = r.randint(4, 5)
        # One effective suit (trumps or a plain suit): that is where order matters.
        code = r.choice([tk, r.choice([s.value for s in SUITS if s is not trump])])
        suit_cards = [c for c in pool if EFF[tk][c.index] == code]
        if len(suit_cards) < n:
            return None
        cards = r.sample(suit_cards, n)
        if not _fits(cards, trump, difficulty):
            return None
        roles = {card_role(c, trump) for c in cards}
        codes = {EFF[tk][c.index] for c in cards}
        if len(codes) != 1:
            return None  # mixed suits: order across suits is not a game question
        tags = {"trumps"} if codes == {tk} else {"plain suit"}
        if CardRole.JOKER in roles:
            tags.add("joker")
        if CardRole.LEFT_BOWER in roles:
            tags.add("left bower")
        order = ranking(trump)
        answer = tuple(sorted(cards, key=order.index))
        notes = [
            explain_card(c, trump).text for c in answer if card_role(c, trump) != CardRole.PLAIN
        ]
        why = " ".join(notes[:3])
        return Question(
            kind="order",
            difficulty=difficulty,
            tag=_primary(tags),
            tags=tuple(sorted(tags)),
            trump=trump,
            prompt=" ".join(
                (trumps_sentence(trump), _("Put these cards in order, strongest first."))
            ),
            answer=answer,
            explanation=" ".join(
                x
                for x in (
                    _("Strongest first: {cards}.").format(
                        cards=" ".join(card_label(c) for c in answer)
                    ),
                    why,
                )
                if x
            ),
            cards=tuple(cards),
        )

    return _retry(rng, make, tag)


# --- double-dummy tricks --------------------------------------------------------------


def tricks_question(
    rng: random.Random, difficulty: str = "mixed", tag: str | None = None
) -> Question:
    """An ending with all cards shown: how many tricks can this side take?"""
    _check_args("tricks", difficulty, tag)

    def make(r: random.Random) -> Question | None:
        trump = _trump_for(r)
        pool = _pool(trump, difficulty)
        n = r.choice((2, 2, 3))
        cards = r.sample(pool, 4 * n)
        if not _fits(cards, trump, difficulty):
            return None
        hands = {s: tuple(cards[i * n : (i + 1) * n]) for i, s in enumerate(SEATS)}
        leader = r.choice(SEATS)
        side = r.choice(("NS", "EW"))
        result = double_dummy({s.name: h for s, h in hands.items()}, trump, leader.name)
        roles = {card_role(c, trump) for c in cards}
        tags = {"ending"}
        if CardRole.JOKER in roles:
            tags.add("joker")
        if CardRole.LEFT_BOWER in roles:
            tags.add("left bower")
        answer = result[side]
        line = best_line(hands, trump, leader)
        names = {"NS": Side.NS.word, "EW": Side.EW.word}
        other = "EW" if side == "NS" else "NS"
        return Question(
            kind="tricks",
            difficulty=difficulty,
            tag=_primary(tags),
            tags=tuple(sorted(tags)),
            trump=trump,
            # Translators: trumps is the trump suit's name, seat the leader, side a
            # partnership (North-South), n the tricks left (2 or 3).
            prompt=capitalised(
                ngettext(
                    "{trumps} are trumps, {seat} leads, and every card is shown. With best play "
                    "by everyone, how many of the {n} trick can {side} take?",
                    "{trumps} are trumps, {seat} leads, and every card is shown. With best play "
                    "by everyone, how many of the {n} tricks can {side} take?",
                    n,
                ).format(trumps=trump.plural, seat=leader.word, n=n, side=names[side])
            ),
            answer=answer,
            # Translators: side and other are the partnerships (North-South, East-West),
            # taken and others the tricks each takes, n the tricks left, line the play,
            # trick by trick ("trick 1: North A♠, ... (North wins); trick 2: ...").
            explanation=" ".join(
                (
                    ngettext(
                        "With best play {side} take {taken} of the {n} trick, and {other} "
                        "take {others}.",
                        "With best play {side} take {taken} of the {n} tricks, and {other} "
                        "take {others}.",
                        n,
                    ).format(
                        side=names[side],
                        taken=answer,
                        n=n,
                        other=names[other],
                        others=result[other],
                    ),
                    line_words(line, trump),
                )
            ),
            hands=hands,
            seat=leader,
            side=side,
            details={
                "result": result,
                "line": [[[s.name, c.text] for s, c in trick] for trick in line],
            },
        )

    return _retry(rng, make, tag)


def best_line(
    hands: Mapping[Seat, Sequence[Card]], trump: Suit | None, leader: Seat
) -> list[tuple[tuple[Seat, Card], ...]]:
    """One line of best play to the end, trick by trick, every card face up.

    At each turn the player to move plays a card that the solver
    (:func:`~hasenpfeffer_core.analysis.solve_cards.play_values`) finds best for their
    side; among equally good cards, the cheapest (a plain card before a trump, the
    lowest of its suit first). So the tricks each side takes in the line are the
    :func:`~hasenpfeffer_core.analysis.solve_cards.double_dummy` result.

    >>> from hasenpfeffer_core import parse_cards as cs
    >>> hands = {Seat.N: cs("JK AS"), Seat.E: cs("9S 9H"), Seat.S: cs("JH 10S"), Seat.W: cs("KS QD")}
    >>> [" ".join(f"{s.name}:{c.text}" for s, c in t) for t in best_line(hands, Suit.HEARTS, Seat.N)]
    ['N:A♠ E:9♠ S:10♠ W:K♠', 'N:JK E:9♥ S:J♥ W:Q♦']
    """
    tk = trump_key(trump)
    order = ranking(trump)

    def cheap(card: Card) -> tuple[bool, int]:
        code = EFF[tk][card.index]
        return code == tk, -sum(1 for x in order[: order.index(card)] if EFF[tk][x.index] == code)

    left = {s: list(h) for s, h in hands.items() if h}
    line: list[tuple[tuple[Seat, Card], ...]] = []
    while any(left.values()):
        trick: list[tuple[Seat, Card]] = []
        seat = leader
        for _i in range(len(left)):
            while not left.get(seat):
                seat = seat.left
            values = play_values(
                {s.name: tuple(h) for s, h in left.items()},
                trump,
                leader.name,
                [c for _, c in trick],
            )
            best = max(values.values())
            card = min((c for c, v in values.items() if v == best), key=cheap)
            left[seat].remove(card)
            trick.append((seat, card))
            seat = seat.left
        line.append(tuple(trick))
        leader = trick[trick_winner([c for _, c in trick], trump)][0]
    return line


def line_words(line: Sequence[tuple[tuple[Seat, Card], ...]], trump: Suit | None) -> str:
    """A line of :func:`best_line` in one sentence, as every face says it: ``One best
    line of play: trick 1: North A♠, East 9♠, ... (North wins); trick 2: ...``."""
    parts = []
    for i, trick in enumerate(line, start=1):
        cards = ", ".join(f"{s.word} {card_words(c)}" for s, c in trick)
        winner = trick[trick_winner([c for _, c in trick], trump)][0]
        # Translators: one trick of a line of play: n its number, plays the seats and
        # their cards ("North A♠, East 9♠, ..."), seat the seat that wins it.
        parts.append(
            _("trick {n}: {plays} ({seat} wins)").format(n=i, plays=cards, seat=winner.word)
        )
    # Translators: line is the play, trick by trick ("trick 1: North A♠, ... (North
    # wins); trick 2: ...").
    return _("One best line of play: {line}.").format(line="; ".join(parts))


# --- bidding ----------------------------------------------------------------------------

#: How bold the computer players who speak before the learner are: each question's
#: players count their likely tricks and bid from this many (see RuleOfThumbPlayer).
_BOLDNESS: Final = (3.0, 3.5, 4.0, 4.5)

#: Short typed answers to a bid question, and the choice each names (the calls' words,
#: in the learner's language and in English, come from ``describe.typed_words``).
_BID_WORDS: Final = {"p": "pass", "bp": "big-pepper", "lp": "6"}


def bid_answer(response: Any) -> str | None:
    """A typed or pressed answer to a bid question as the choice it names (``"pass"``,
    ``"3"``, ``"big-pepper"``), or ``None`` if it names none.

    >>> [bid_answer(t) for t in ("Pass", "bid 3", " 4 ", "Big Pepper", "seven")]
    ['pass', '3', '4', 'big-pepper', None]
    >>> from hasenpfeffer_core.engine.i18n import language
    >>> with language("it"):
    ...     [bid_answer(t) for t in ("passo", "Grande Pepe", "piccolo pepe")]
    ['pass', 'big-pepper', '6']
    """
    if isinstance(response, Bid | Pass):
        return action_value(response)
    if not isinstance(response, str) or len(response) > 40:
        return None
    text = " ".join(response.strip().lower().split())
    text = text.removeprefix("bid ").strip()
    if text in _BID_WORDS:
        return _BID_WORDS[text]
    if text in ("1", "2", "3", "4", "5", "6"):
        return text
    # the learner's own words: the pass button's (passo, ผ่าน), the bids' names
    calls: tuple[Bid | Pass, ...] = (Pass(Seat.S), Bid(Seat.S, 6), Bid(Seat.S, 6, big=True))
    call = typed_call(text, calls, Rules(bidding=BiddingScale.PEPPER))
    return action_value(call) if isinstance(call, Bid | Pass) else None


def _hand_fits(hand: Sequence[Card], difficulty: str) -> bool:
    """A bid question's hand at a difficulty: no jack and no Joker at first steps, a jack
    but no Joker with bowers, the Joker with the Joker."""
    jacks = any(c.rank is Rank.JACK for c in hand)
    joker = JOKER in hand
    if difficulty == "first-steps":
        return not jacks and not joker
    if difficulty == "bowers":
        return jacks and not joker
    if difficulty == "joker":
        return joker
    return True


def said_words(action: Bid | Pass, rules: Rules) -> str:
    """``North passed``, ``East bid 3``, ``West bid Big Pepper``."""
    if isinstance(action, Pass):
        return _("{seat} passed").format(seat=action.seat.word)
    # Translators: seat bid a number of tricks, or Little or Big Pepper ("East bid 3").
    return _("{seat} bid {bid}").format(
        seat=action.seat.word, bid=bid_name(action.tricks, action.big, rules)
    )


def _bid_choices(legal: Sequence[Action]) -> list[Bid | Pass]:
    """Pass, the cheapest bid, one or two higher, and Big Pepper where it exists."""
    bids = sorted((a for a in legal if isinstance(a, Bid) and not a.big), key=lambda b: b.level)
    big = [a for a in legal if isinstance(a, Bid) and a.big]
    passes = [a for a in legal if isinstance(a, Pass)]
    return [*passes, *bids[:3], *big]


def bid_question(rng: random.Random, difficulty: str = "mixed", tag: str | None = None) -> Question:
    """Your six cards and the auction so far: what do you bid?

    The deal and the earlier bids (made by computer players) come from ``rng``; the
    answer from a bid study of the position (about a second of work).
    """
    _check_args("bid", difficulty, tag)

    def make(r: random.Random) -> Question | None:
        pepper = tag == "pepper" or (tag is None and r.random() < 0.25)
        rules = PRESETS["seed-pepper"].rules if pepper else PRESETS["seed"].rules
        dealer = r.choice(SEATS)
        view = _auction_view(r, rules, dealer)
        if view is None:
            return None
        if len(view.legal_actions) < 2 or not _hand_fits(view.hand, difficulty):
            return None
        tags = _bid_tags(view, pepper)
        if tag is not None and tag not in tags:
            return None  # cheap to skip: the study is made only for a fitting position
        if "three passes" in tags and RuleOfThumbPlayer().best_trump(view.hand, view)[1] > 4.15:
            # A hand that makes 3 on its own loses nothing by the forced bid: every
            # choice would be right, so skip it before the (costly) study.
            return None
        r.randrange(2**32)  # (drawn as before, so that a seed makes the same questions)
        study = bid_study(view)  # the position's own deals: the hint's call, always
        choices = _bid_choices(view.legal_actions)
        if all(a in study.good for a in choices):
            return None  # every choice is as good: nothing to ask
        said = ", ".join(said_words(a, rules) for a in view.auction)
        prompt = _bid_prompt(view, rules, dealer, said, pepper)
        return Question(
            kind="bid",
            difficulty=difficulty,
            tag=_primary(tags),
            tags=tuple(sorted(tags)),
            trump=None,
            prompt=prompt,
            answer=study.action,
            explanation=without_call(study.reason, study.action, rules),
            hand=tuple(view.hand),
            seat=view.seat,
            details=_bid_details(view, study, rules, dealer, said, choices),
        )

    return _retry(rng, make, tag)


def _auction_view(r: random.Random, rules: Rules, dealer: Seat) -> PlayerView | None:
    """The learner's view after the computer players' first calls, or None if it has no call."""
    state = HandState.new(rules, dealer, seed=r.randrange(2**32))
    player = RuleOfThumbPlayer(bid_threshold=r.choice(_BOLDNESS))
    # Up to two rounds of the auction before the learner speaks (a pass is final).
    for _i in range(r.randint(0, 7)):
        seat = state.to_move
        if seat is None or state.phase is not Phase.AUCTION or state.forced_bid:
            return None
        state.apply(player.choose(PlayerView.of(state, seat)))
    me = state.to_move
    if me is None or state.phase is not Phase.AUCTION or state.forced_bid:
        return None
    return PlayerView.of(state, me)


def _bid_tags(view: PlayerView, pepper: bool) -> set[str]:
    """The tags of a bid question on the position of ``view``."""
    high = view.high_bid
    passed = sum(1 for a in view.auction if isinstance(a, Pass))
    tags = set()
    if high is None:
        tags.add("opening")
        if passed == 3 and JOKER in view.hand:
            tags.add("three passes")
    elif high.seat is view.seat.partner:
        tags.add("partner's bid")
    else:
        tags.add("outbid")
    if pepper:
        tags.add("pepper")
    return tags


def _bid_prompt(view: PlayerView, rules: Rules, dealer: Seat, said: str, pepper: bool) -> str:
    """A bid question's words: who dealt, the calls so far (``said``), and the question."""
    # Translators: seat is the dealer; said the calls so far ("North passed, East bid 3").
    opening = (
        _("{seat} dealt. The auction so far: {said}.").format(seat=dealer.word, said=said)
        if said
        else _("{seat} dealt, and you speak first.").format(seat=dealer.word)
    )
    # Translators: scale lists the bids ("1 to 5, Little Pepper (6) and Big Pepper").
    scale = _("Bids here are {scale}.").format(scale=scale_text(rules)) if pepper else ""
    ask = _("You are {seat}: with these six cards, what do you bid?").format(seat=view.seat.word)
    return " ".join(x for x in (opening, scale, ask) if x)


def _weighed_in_reason(study: BidStudy, action: Action) -> bool:
    """Whether the best call's reason already says what ``action`` leads to: a pass
    where the other side, or partner, holds the auction and a bid is best."""
    return (
        isinstance(action, Pass)
        and isinstance(study.action, Bid)
        and study.passing in ("partner", "opponents")
    )


def _bid_details(
    view: PlayerView,
    study: BidStudy,
    rules: Rules,
    dealer: Seat,
    said: str,
    choices: Sequence[Bid | Pass],
) -> dict[str, Any]:
    """A bid question's details: the auction, the choices, and the study's figures."""
    auction = [
        {
            "seat": a.seat.name,
            "player": a.seat.word,
            "value": action_value(a),
            "label": action_label(a, rules),
        }
        for a in view.auction
    ]
    return {
        "rules": rules.to_text(),
        "scale": scale_text(rules),
        "dealer": dealer.name,
        "auction": auction,
        "said": said,
        "choices": [{"value": action_value(a), "label": action_label(a, rules)} for a in choices],
        "right": [action_value(a) for a in study.good],
        # (a pass the best bid's reason already weighs, "If you pass, North plays 2,
        # worth about -3.8 points ...", needs no comment saying it again)
        "comments": {
            action_value(a): "" if _weighed_in_reason(study, a) else study.comment(a)
            for a in study.legal
        },
        "points": {action_value(a): round(study.points[a], 2) for a in study.legal},
        "need": min((a.tricks for a in view.legal_actions if isinstance(a, Bid)), default=None),
        "best_trump": _trump_text(study.trumps[study.action]),
        "samples": study.samples,
        "close": study.close,
        "chances": [
            {
                "trump": _trump_text(o.trump),
                "symbol": o.trump.symbol if o.trump else "",
                "chances": [round(p, 4) for p in o.chances],
                "labels": [chance_label(p) for p in o.chances],
                "mean": round(o.mean, 2),
            }
            for o in study.odds
        ],
    }


def choice_value(action: Action) -> str:
    """A decision as a principle question's choice names it: the card (``9♥``), the
    trump (``hearts``, ``no trump``) or the call (``pass``, ``3``, ``big-pepper``)."""
    if isinstance(action, Play | Discard):
        return action.card.text
    if isinstance(action, NameTrump):
        return action.suit.name.lower() if action.suit else "no trump"
    if isinstance(action, Bid | Pass):
        return action_value(action)
    raise InvalidDataError(f"no practice question asks about {action!r}")


def choice_answer(choices: Sequence[Mapping[str, str]], response: object) -> str | None:
    """The choice (of a principle question's ``details["choices"]``) that ``response``
    names: its value, its label, a card or a suit in any spelling, an action; or None.

    >>> choice_answer([{"value": "9♥", "label": "9♥"}], "9h")
    '9♥'
    """
    text = response if isinstance(response, str) and len(response) <= 40 else ""
    if isinstance(response, Play | Discard | NameTrump | Bid | Pass):
        text = choice_value(response)
    if isinstance(response, Card):
        text = response.text
    if isinstance(response, Suit):
        text = response.name.lower()
    norm = text.strip().casefold()
    for c in choices:
        if norm in (c["value"].casefold(), c["label"].casefold()):
            return str(c["value"])
    try:
        card = parse_card(text)
    except (InvalidDataError, ValueError):
        pass
    else:
        return card.text if any(c["value"] == card.text for c in choices) else None
    for suit in Suit:
        if norm in (
            suit.plural.casefold(),
            suit.name.casefold(),
            suit.letter.casefold(),
            suit.symbol,
        ):
            value = suit.name.lower()
            return value if any(c["value"] == value for c in choices) else None
    if norm.startswith("bid ") and not norm[4:].lstrip().startswith("bid "):
        return choice_answer(choices, norm[4:])  # "bid 3" names the choice "3"
    return None


def _trump_text(trump: Suit | None) -> str:
    """A trump as a label: ``hearts``, ``no trump``, in the learner's language."""
    return trump.plural if trump is not None else _("no trump")


_MAKERS: Final[dict[str, Callable[..., Question]]] = {
    "trick-winner": trick_winner_question,
    "legal-play": legal_play_question,
    "order": order_question,
    "tricks": tricks_question,
    "bid": bid_question,
}


def make_question(
    kind: str, rng: random.Random, difficulty: str = "mixed", tag: str | None = None
) -> Question:
    """One question of ``kind`` (see :data:`KINDS`)."""
    if kind not in _MAKERS:
        # Translators: kind is what was asked for (quoted); kinds the names of the kinds
        # of question (trick-winner, legal-play, ...), which stay in English.
        raise InvalidDataError(
            _("unknown question kind {kind}: the kinds are {kinds}").format(
                kind=repr(kind), kinds=", ".join(KINDS)
            )
        )
    return _MAKERS[kind](rng, difficulty, tag)


def quiz_set(
    kind: str,
    count: int,
    *,
    seed: int | random.Random | None = None,
    difficulty: str = "mixed",
    tags: Sequence[str] | None = None,
) -> list[Question]:
    """``count`` different questions of ``kind``, reproducible by ``seed``.

    With ``tags``, the questions cycle through those situations.
    """
    if not isinstance(count, int) or count < 1:
        raise InvalidDataError(
            _("count must be a whole number of at least 1, got {count}").format(count=repr(count))
        )
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    out: list[Question] = []
    keys: set[str] = set()
    attempts = 0
    while len(out) < count:
        attempts += 1
        if attempts > count * 200:
            # Translators: kind is the kind of question (trick-winner, bid, ...).
            raise InvalidDataError(
                _("could not find {count} different {kind} questions for these settings").format(
                    count=count, kind=kind
                )
            )
        tag = tags[len(out) % len(tags)] if tags else None
        q = make_question(kind, rng, difficulty, tag)
        if q.key in keys:
            continue
        keys.add(q.key)
        out.append(q)
    return out
