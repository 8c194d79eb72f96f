"""Exercises the fair expert judges: a principle, the trump, the discard, the bid
and the card to play, each answered with the judge's figures and the usual
principle."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....analysis.bidding import action_label
from ....analysis.bots import FairExpert, next_best_words
from ....analysis.describe import calls_joined
from ....analysis.explain import (
    capitalised,
)
from ....analysis.hints import (
    SteppedHint,
    against_principles,
    judged_words,
    sequence_words,
    stepped_hint,
    tie_words,
)
from ....analysis.judge import CallJudgement, Judgement
from ....analysis.practice import principle_verdict
from ....analysis.principles import broken_by
from ....analysis.quiz import Question
from ....analysis.session import quoted
from ....analysis.view import PlayerView
from ....engine.actions import Action, Bid, Discard, NameTrump, Pass, Play
from ....engine.auction import bid_name
from ....engine.cards import SUITS, Card, Suit, parse_card, parse_suit
from ....engine.errors import InvalidDataError
from ....engine.i18n import gettext as _
from ....engine.i18n import language
from ....engine.seats import Side, parse_seat
from ....engine.state import HandState
from ...render import hand_svg, table_svg
from ..base import (
    widget_language,
)
from ..learner import Recorder
from .choice import (
    Choice,
    english_item,
)
from .common import (
    seat_to_move,
    suit_name,
    you_words,
)
from .pictures import figure, play_pictures


def principle_exercise(
    question: Question,
    *,
    recorder: Recorder | None = None,
    once: bool = True,
    lang: str | None = None,
) -> Choice[Any]:
    """A principle question (:func:`~hasenpfeffer_core.analysis.practice.principle_question`)
    as a :class:`Choice`: card buttons to play or discard, suit buttons to name trumps,
    labelled buttons to bid; the question's hint steps; judged by ``Question.check``,
    with the principle's explanation (and what it says against a wrong choice).
    Recorded under the question's key, with the principle as its concept."""
    with language(widget_language(lang)):
        return _principle_exercise(question, recorder=recorder, once=once)


def _principle_exercise(
    question: Question, *, recorder: Recorder | None, once: bool
) -> Choice[Any]:
    q = question
    if not isinstance(q, Question) or q.kind != "principle":
        raise InvalidDataError(
            # Translators: 'principle' is the kind of question in code
            _("this exercise shows a 'principle' question, not {value}").format(value=quoted(q))
        )
    d = q.details
    phase = d.get("phase", "")
    options: list[Any] = []
    for choice in d["choices"]:
        value, label = str(choice["value"]), str(choice["label"])
        if phase in ("play", "discard"):
            options.append(parse_card(value))
        elif phase == "trump" and value != "no trump":
            options.append((label, parse_suit(value)))
        else:
            options.append((label, value))

    def check(response: Any) -> tuple[bool, str]:
        return q.check(response), principle_verdict(q, response)

    me = q.seat
    names = {me: you_words(me)} if me is not None else None
    pictures = []
    if phase == "play":
        leader = parse_seat(d["leader"]) if d.get("leader") else me
        pictures.append(
            figure(
                table_svg(q.trick, trump=q.trump, leader=leader, names=names, size=210),
                _("the trick so far") if q.trick else _("you lead"),
            )
        )
    pictures.append(figure(hand_svg(q.hand, trump=q.trump, overlap=0.9), _("your hand")))
    return Choice(
        q.prompt,
        options,
        check,
        picture="".join(pictures),
        hints=[str(h) for h in d.get("hints", ())],
        # (a puzzle's question names its own item and kind: the rating is worked out
        # from them)
        item=str(d.get("item", q.key)),
        concepts=q.tags,
        kind=str(d.get("kind", "principle")),
        recorder=recorder,
        once=once,
    )


def _advised(
    state: HandState, expert: FairExpert, kind: type[Any], refusal: str
) -> tuple[SteppedHint, Judgement]:
    """The fair expert's advice to the seat to move as a hint in steps, and the judge's
    judgement it comes from; an error if no action of ``kind`` is due (``refusal``, a
    message with ``{seat}`` and ``{reason}``)."""
    seat = seat_to_move(state)
    view = PlayerView.of(state, seat)
    advice = expert.advise(view)
    judged = advice.judgement
    if judged is None or not any(isinstance(a, kind) for a in judged.options):
        raise InvalidDataError(refusal.format(seat=seat.word, reason=advice.reason))
    return stepped_hint(view, advice), judged


def principle_keys(hint: SteppedHint) -> list[str]:
    """The principles behind the fair expert's move (the concepts an exercise it judges
    practises), each once."""
    return list(dict.fromkeys(r.principle.key for r in hint.reasons))


def _verdict(
    judged: Judgement, hint: SteppedHint, action: Action, state: HandState
) -> tuple[bool, str]:
    """Whether ``action`` is right, and the feedback: the judge's figures for it, then
    the fair expert's own move and why. Where the learner's move does as well as the
    expert's without being it, the feedback says so before the expert's usual rule, so
    that a rule for the expert's move never reads as a verdict against the learner's.
    But a move that does as well in points while going against a usual principle (the
    expert's move keeping to it) is not right: between choices this close the principle
    decides, as it decides the expert's own where its choice is clearly as good (see
    :meth:`~hasenpfeffer_core.analysis.judge.Judgement.may_stand_for_best`), and the
    feedback says which and why.

    A wrong move is told, where there is one, the usual principle it went against in
    words about the learner's own choice (as the review tells it): the expert's reason
    for its move against the next best spoke of a suit the learner had not named. The
    figures the hint gives in brackets are left out where the verdict has already said
    them: a verdict on the best move adds only what the next best gives away."""
    right, said = judged_words(judged, action)
    assert action.seat is not None
    view = PlayerView.of(state, action.seat)
    run = sequence_words(view, judged, action)
    if run:
        said = f"{said} {run}"
    if right and action != hint.action:
        broken = broken_by(view, action)
        expert_broken = broken_by(view, hint.action)
        if broken and not expert_broken:
            return False, tie_words(judged, action, broken[0].text)
        if expert_broken:
            # (the expert's move goes against a principle too, or alone: its answer says
            # which, and that the move keeping to it is worth no more; "the usual
            # principle decides, and it goes against neither" would be false)
            return right, f"{said} {_teacher(hint, judged)}"
        if isinstance(judged, CallJudgement) and judged.partner_kept:
            # (no principle chose the pass over this bid: the expert's answer says what
            # did, partner holding the auction either way)
            return right, f"{said} {_teacher(hint, judged, view=view, chosen=action)}"
        # (the verdict has given the learner's figure and how far it lies from the
        # expert's: the answer without the figures behind it, which said them again)
        # Translators: {answer} is the fair expert's move and its principle; the
        # learner's different choice does as well, and goes against no usual principle.
        teacher = _(
            "Between choices this close, the usual principle decides, and it goes against "
            "neither. The fair expert's own choice: {answer}"
        ).format(answer=_answer(hint, judged, view=view, chosen=action))
        return right, f"{said} {teacher}"
    if not right:
        against = against_principles(view, action, hint.action, judged)
        if against:
            return right, f"{said} {against[0].text}"
    return right, f"{said} {_teacher(hint, judged, best=right, view=view, chosen=action)}"


def _teacher(
    hint: SteppedHint,
    judged: Judgement | None = None,
    *,
    best: bool = False,
    view: PlayerView | None = None,
    chosen: Action | None = None,
) -> str:
    """The expert's verdict for the feedback (see :func:`_answer`)."""
    answer = _answer(hint, judged, best=best, view=view, chosen=chosen)
    # Translators: {answer} is the fair expert's move and its principle, with the
    # figures behind it
    return _("The fair expert: {answer}").format(answer=answer)


def _answer(
    hint: SteppedHint,
    judged: Judgement | None = None,
    *,
    best: bool = False,
    view: PlayerView | None = None,
    chosen: Action | None = None,
) -> str:
    """The expert's move and its principle, then what the verdict has not said yet of
    the figures behind it. For a card, a trump or a discard: what the next best gives
    away after the best move (``best``), nothing after another (its verdict gave its
    cost against the best). For a call of the auction, with ``view``, the seat's, and
    the call ``chosen``: the hint again, without the worth of the chosen call and of the
    advice (the verdict gave the one, and the other or the cost against it), keeping who
    holds the auction and why a pass is worth what it is; the figures whole without a
    judgement (``judged`` None). (A learner read "+5.7" and "+0.5" twice in one
    verdict, and "+4.8" three times.)"""
    if judged is None:
        return _with_details(hint)
    if isinstance(hint.action, Bid | Pass):
        if view is None or not isinstance(judged, CallJudgement):
            return _with_details(hint)  # (no study to word the figures from)
        said = {hint.action} if chosen is None else {hint.action, chosen}
        return _with_details(stepped_hint(view, hint.advice, given=said))
    next_best = next_best_words(judged) if best else ""
    return f"{hint.answer} {next_best}" if next_best else hint.answer


def _with_details(hint: SteppedHint) -> str:
    """The hint's answer, then its figures in brackets where there are any left to give
    (a bid's answer may give them all: no empty brackets after it)."""
    details = hint.details
    if not details:
        return hint.answer
    if "(" in details:
        # (figures with brackets of their own follow as sentences: "(… would do about
        # as well (about +4.7 …).)" read badly)
        return f"{hint.answer} {details}"
    # Translators: {answer} is a hint's answer (sentences), {details} the figures behind it.
    return _("{answer} ({details})").format(answer=hint.answer, details=details)


def trump_exercise(
    state: HandState, expert: FairExpert, *, lang: str | None = None
) -> Choice[Suit]:
    """The maker holds seven cards: which suit to name? The fair expert judges."""
    with language(widget_language(lang)):
        seat = seat_to_move(state)
        hint, judged = _advised(
            state,
            expert,
            NameTrump,
            # Translators: {seat} is a seat, {reason} what that seat is doing instead
            _("{seat} is not naming trumps: {reason}"),
        )
        names = {a.suit: a for a in judged.options if isinstance(a, NameTrump)}

        def check(suit: Suit) -> tuple[bool, str]:
            return _verdict(judged, hint, names[suit], state)

        high = state.high_bid

        def words() -> tuple[str, list[tuple[str, Suit]]]:
            bid = bid_name(high.tricks, high.big, state.rules) if high else "?"
            # Translators: {seat} is a seat, {bid} a number of tricks or a bid's name
            prompt = _(
                "{seat} won the auction with {bid} and picked up the widow. "
                "Which suit do you name as trumps?"
            ).format(seat=seat.word, bid=bid)
            return prompt, [(suit_name(s), s) for s in SUITS]

        prompt, options = words()
        return Choice(
            prompt,
            options,
            check,
            picture=hand_svg(state.hand(seat), overlap=0.9),
            hints=hint.steps,
            item=english_item(words),
            concepts=principle_keys(hint),
            kind="trump",
        )


def discard_exercise(
    state: HandState, expert: FairExpert, *, lang: str | None = None
) -> Choice[Card]:
    """Trumps are named: which card to discard? The fair expert judges."""
    with language(widget_language(lang)):
        seat = seat_to_move(state)
        trump = state.trump
        if trump is None:
            raise InvalidDataError(_("trumps are not named yet: the discard comes after"))
        the_trump: Suit = trump
        hint, judged = _advised(
            state,
            expert,
            Discard,
            # Translators: {seat} is a seat, {reason} what that seat is doing instead
            _("{seat} is not discarding: {reason}"),
        )
        discards = {a.card: a for a in judged.options if isinstance(a, Discard)}

        def check(card: Card) -> tuple[bool, str]:
            return _verdict(judged, hint, discards[card], state)

        def words() -> tuple[str, list[Card]]:
            # Translators: {suit} is a suit's name in the plural ("hearts")
            prompt = _("{suit} are trumps. Which card do you discard?")
            return capitalised(prompt.format(suit=the_trump.plural)), list(state.hand(seat))

        prompt, options = words()
        return Choice(
            prompt,
            options,
            check,
            picture=hand_svg(state.hand(seat), trump=trump, overlap=0.9),
            hints=hint.steps,
            item=english_item(words),
            concepts=principle_keys(hint),
            kind="discard",
        )


def _call_words(action: Bid | Pass) -> str:
    """A call of the auction, in the past: "North passed", "East bid 3"."""
    if isinstance(action, Pass):
        return _("{seat} passed").format(seat=action.seat.word)
    # Translators: {n} is the number of tricks bid
    return _("{seat} bid {n}").format(seat=action.seat.word, n=action.tricks)


def bid_exercise(
    state: HandState, expert: FairExpert, *, lang: str | None = None
) -> Choice[Bid | Pass]:
    """Your turn in the auction: pass or bid? The fair expert judges."""
    with language(widget_language(lang)):
        seat = seat_to_move(state)
        view = PlayerView.of(state, seat)
        advice = expert.advise(view)
        hint = stepped_hint(view, advice)
        legal = state.legal_actions()
        cheapest = next(a for a in legal if isinstance(a, Bid))
        passing = next(a for a in legal if isinstance(a, Pass))

        judged = advice.judgement

        def check(action: Bid | Pass) -> tuple[bool, str]:
            if judged is None or action not in judged.points:
                return action == advice.action, _teacher(hint)
            return _verdict(judged, hint, action, state)

        def words(
            label: Callable[[Bid | Pass], str] = lambda a: action_label(a, state.rules),
        ) -> tuple[str, list[tuple[str, Bid | Pass]]]:
            said = calls_joined(_call_words(a) for a in state.auction)
            # Translators: {auction} is the calls so far ("North passed; East bid 3")
            prompt = _("{auction}. You are {seat}: what do you do with these cards?")
            options = [(label(a), a) for a in (passing, cheapest)]
            return prompt.format(auction=said, seat=seat.word), options

        def recorded() -> tuple[str, list[tuple[str, Bid | Pass]]]:
            # The name the exercise's answers are saved under is made from its English
            # prompt and buttons, which read "pass" and "bid 4" until the buttons took
            # the table's words ("Pass", "Bid 4"): the old labels keep the old name, so
            # that the answers a learner saved still count for this exercise.
            def old(a: Bid | Pass) -> str:
                if isinstance(a, Pass):
                    return "pass"
                return f"bid {bid_name(a.tricks, a.big, state.rules)}"

            return words(old)

        prompt, options = words()
        return Choice(
            prompt,
            options,
            check,
            picture=hand_svg(state.hand(seat), overlap=0.9),
            hints=hint.steps,
            item=english_item(recorded),
            concepts=principle_keys(hint),
            kind="bid",
        )


def hint_exercise(state: HandState, expert: FairExpert, *, lang: str | None = None) -> Choice[Card]:
    """Which card now, seeing only your own hand? The fair expert's hint judges."""
    with language(widget_language(lang)):
        seat = seat_to_move(state)
        high = state.high_bid
        if high is None:
            raise InvalidDataError(_("the auction is not over: there is no contract yet"))
        contract: Bid = high
        hint, judged = _advised(
            state,
            expert,
            Play,
            # Translators: {seat} is a seat, {reason} what that seat is doing instead
            _("{seat} is not playing a card: {reason}"),
        )
        values = {a.card: a for a in judged.options if isinstance(a, Play)}

        def check(card: Card) -> tuple[bool, str]:
            return _verdict(judged, hint, values[card], state)

        won = state.side_tricks

        def words() -> tuple[str, list[Card]]:
            bid = bid_name(contract.tricks, contract.big, state.rules)
            context = " ".join(
                (
                    # Translators: {seat} is the maker's seat, {bid} a number of tricks or a
                    # bid's name, {trump} a suit ("♥ hearts") or "no trump"
                    _("{seat} bid {bid} and named {trump} as trumps.").format(
                        seat=contract.seat.word, bid=bid, trump=suit_name(state.trump)
                    ),
                    _("Tricks so far: North-South {ns}, East-West {ew}.").format(
                        ns=won[Side.NS], ew=won[Side.EW]
                    ),
                    _("You are {seat}: which card do you play?").format(seat=seat.word),
                )
            )
            return context, [c for c in state.hand(seat) if c in values]

        table_pic, hand_pic = play_pictures(state, seat)
        caption = _("the trick so far") if state.current_trick else _("you lead")
        context, options = words()
        return Choice(
            context,
            options,
            check,
            picture=figure(table_pic, caption) + figure(hand_pic, _("your hand")),
            hints=hint.steps,
            item=english_item(words),
            concepts=principle_keys(hint),
            kind="play",
        )
