"""Hints in steps, as a teacher gives them: what to look at, the principle, the card.

:func:`stepped_hint` turns the fair expert's advice for a position into three steps:

1. a nudge: what to look at, giving nothing away ("Look at who is winning the trick,
   and what is still out.");
2. the principle, applied to the cards on the table, without the card to play
   ("Do not overtake partner. Partner's J♥ is winning and only the Joker can beat it,
   which you hold.");
3. the action itself, with the principle's whole sentence, a word when the decision is
   close, and the averages the expert weighed as details.

Each face (the play table, ``hasenpfeffer play``, the lessons' exercises) shows one
step per press of its hint button and counts the steps used.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Final, NamedTuple

from ..engine.actions import Action, Bid, Discard, GoAlone, NameTrump, Pass, Play
from ..engine.auction import bid_name
from ..engine.cards import DECK, JOKER, Card, card_mask
from ..engine.i18n import N_, ngettext, number, pgettext
from ..engine.i18n import gettext as _
from ..engine.tricks import trump_key
from .bidding import (
    hand_words,
    percent_noun,
    study_answer,
    study_of,
    trump_words,
    with_trump,
    without_call,
)
from .bots import Advice, FairExpert, action_words, choice_words, judged_reason
from .explain import capitalised, card_words, join_and
from .judge import CLOSE_POINTS, SURE, CallJudgement, Judgement, contract_table, trumps_as_good
from .principles import (
    Reason,
    broken_by,
    holding_words,
    losing_pays,
    reasons_for,
    void_left,
)
from .solver import card_runs
from .view import PlayerView

__all__ = [
    "MADE_MARGIN",
    "STEPS",
    "SteppedHint",
    "action_words",
    "against_principles",
    "agrees",
    "decision_kind",
    "judged_words",
    "names_action",
    "outweighed",
    "score_reason",
    "sequence_words",
    "stepped_hint",
    "tie_words",
]

#: How many steps a hint has.
STEPS = 3

#: Every card "in play" for :func:`~hasenpfeffer_core.analysis.solver.card_runs`: no
#: card the hand does not hold lies between two cards of a run.
_ALL: Final = (1 << len(DECK)) - 1

#: The nudge when no principle names the decision, by kind of decision (translated where
#: it is shown).
_NUDGES = {
    "bid": N_(
        "Count the tricks your hand can take with its best trump, and look at the bid "
        "you would have to beat."
    ),
    "trump": N_("Count your cards in each suit, with the bowers and the Joker, and the high ones."),
    "discard": N_("Look for a card that will never win a trick, and for a short side suit."),
    "play": N_("Look at who is winning the trick, and which higher cards are still out."),
    "lead": N_(
        "You lead: look at which high cards are still out, and which suits the others "
        "have shown they lack."
    ),
    "alone": N_("Count the tricks you can take without your partner's help."),
}


def decision_kind(action: Action) -> str:
    """The kind of decision an action answers: ``bid`` (a bid or a pass), ``trump``,
    ``discard``, ``alone`` or ``play``."""
    if isinstance(action, Pass | Bid):
        return "bid"
    if isinstance(action, NameTrump):
        return "trump"
    if isinstance(action, Discard):
        return "discard"
    if isinstance(action, GoAlone):
        return "alone"
    return "play"


def _clue(reason: Reason) -> str:
    """The reason without the action at its end: the part before its last colon (the
    principles word their reasons "situation: what to do")."""
    text = reason.text.strip()
    head, sep, _rest = text.rpartition(": ")
    clue = head if sep and len(head) >= 20 else _(reason.principle.rule)
    # Translators: a clause made a sentence (a hint's clue, "Partner's J♥ is winning"):
    # drop the full stop where the language ends sentences without one.
    return _("{clue}.").format(clue=clue.rstrip("."))


def _names_card(text: str, card: Card) -> bool:
    """Does ``text`` name ``card`` (``J♥``; the Joker by its name or as ``JK``)?"""
    if card.text in text:
        return True
    # Translators: the Joker's name as any sentence naming it contains it (Italian
    # "jolly"): a hint looks for it to know whether its text names the Joker.
    joker = pgettext("card name", "Joker")
    return card is JOKER and ("Joker" in text or joker.casefold() in text.casefold())


def names_action(text: str, action: Action) -> bool:
    """Does ``text`` already say which card or bid the action is?"""
    if isinstance(action, Play | Discard):
        return _names_card(text, action.card)
    if isinstance(action, Bid):
        said = action_words(action)
        return capitalised(said) in text or said in text
    if isinstance(action, NameTrump):
        # Translators: how the principles' reasons end when they say which trump to name,
        # "... Name hearts.": the same words here, without the full stop.
        name = _("Name {suit}")
        return action.suit is not None and name.format(suit=action.suit.plural) in text
    return False


@dataclass(frozen=True)
class SteppedHint:
    """The fair expert's advice for one decision, in three steps (see the module)."""

    advice: Advice
    reasons: tuple[Reason, ...]
    nudge: str
    principle: str
    answer: str
    details: str
    #: The answer without its closing note that the decision is close (the review,
    #: which sets the player's own choice beside it, gives its cost instead).
    move: str = ""
    #: The answer as the third step shows it, under the second: without the situation
    #: the second step has just described ("Nobody has bid yet, so 1 is the cheapest
    #: bid ...: a side that ..." said the situation twice in a row).
    last: str = ""
    #: The figures of the move alone, without what the next best gives away (the
    #: review, whose verdict says how much more the move is worth than the player's
    #: own choice: "0.3 points more" beside the figures' "the next best, 0.3 points
    #: less" said it twice, once each way). A call of the auction's are its figures.
    alone: str = ""
    #: The move that keeps to the usual rule the advised move goes against, where the
    #: answer says how much more the advised move is worth than it ("... about 0.4
    #: points more than the move that keeps to it (play 10♥)"); None elsewhere.
    outweighs: Action | None = None

    @property
    def action(self) -> Action:
        return self.advice.action

    @property
    def steps(self) -> tuple[str, str, str]:
        return (self.nudge, self.principle, self.last or self.answer)

    def step(self, n: int) -> str:
        """Step ``n`` (1 to 3)."""
        return self.steps[max(1, min(STEPS, n)) - 1]


def stepped_hint(
    view: PlayerView,
    advice: Advice | None = None,
    expert: FairExpert | None = None,
    *,
    focus: str = "",
    given: Collection[Action] = (),
) -> SteppedHint:
    """The hint for the seat of ``view``, in steps; ``advice`` if already worked out,
    else the ``expert``'s (a fresh fair expert's by default). With ``focus`` (a
    principle's key), the hint speaks of that principle when the move follows it (as
    practice on that principle asks). ``given``: for a call of the auction, the calls
    whose worth a verdict beside the hint has given (see
    :func:`~hasenpfeffer_core.analysis.bidding.study_answer`): not given again."""
    if advice is None:
        advice = (expert or FairExpert(0)).advise(view)
    action = advice.action
    reasons = tuple(reasons_for(view, action)) if len(view.legal_actions) > 1 else ()
    if focus:
        reasons = tuple(sorted(reasons, key=lambda r: r.principle.key != focus))
    said = capitalised(action_words(action))
    if len(view.legal_actions) == 1:
        nudge = _("Look at what you may do here.")
        principle = _("The rules leave you one choice.")
        # Translators: {action} is what to do, as "Play 9♠".
        answer = _("{action}: it is your only legal choice.").format(action=said)
        return SteppedHint(advice, reasons, nudge, principle, answer, "", answer)
    choice = _bid_or_pass(view, advice, reasons, focus, given)
    if choice is not None:
        nudge, principle, answer = choice.nudge, choice.principle, choice.answer
    elif reasons:
        nudge, principle, answer = _reasoned_steps(reasons[0], action, said)
    else:
        nudge, principle, answer = _unreasoned_steps(view, advice, said)
    against, kept = _outweighed(view, advice)
    if against:
        answer = f"{answer} {against}"
    move = answer
    if advice.close and not (advice.judgement is not None and advice.judgement.indifferent):
        # (where every choice does exactly as well, the figures say so: no "close"; a
        # move that goes against a usual rule was not chosen by one)
        # (a principle decides a tie only where each choice as good goes against it:
        # with hearts and diamonds giving four trumps each, "Name your strongest trump
        # suit" decides nothing between them)
        ties = advice.judgement.ties if advice.judgement is not None else ()
        parts = not against and all(broken_by(view, a) for a in ties)
        answer = _close_answer(advice, reasons if parts else (), answer, ruled=not against)
    # The figures behind the move, without the move again ("Play J♦: over 16 deals ...")
    # and without a sentence the answer already says.
    last = answer
    if choice is not None:
        details = alone = choice.figures  # the study's own split: the figures beside it
        # (the judge's reason opens with the trump and the hand the second step shows)
        if answer.startswith(choice.shown):
            last = capitalised(answer[len(choice.shown) :].lstrip(";: "))
    else:
        details = _details(view, advice, reasons, kept, answer, said)
        alone = _details(view, advice, reasons, kept, answer, said, alone=True)
        last = _without_situation(reasons, answer)
    return SteppedHint(
        advice,
        reasons,
        nudge,
        principle,
        answer,
        details,
        move,
        last,
        alone,
        kept if against else None,
    )


def _reasoned_steps(top: Reason, action: Action, said: str) -> tuple[str, str, str]:
    """The nudge, the principle and the answer of a hint that the reason ``top`` gives."""
    nudge = _(top.principle.nudge)
    # Translators: a hint's second step: the principle's name ("Win cheaply"), then
    # what it sees on the table (a sentence).
    principle = _("{principle}. {clue}").format(principle=_(top.principle.name), clue=_clue(top))
    answer = top.text
    if not names_action(answer, action):
        # Translators: a reason ({reason}, whole sentences), then what to do, as "Play 9♠".
        answer = _("{reason} {action}.").format(reason=answer, action=said)
    return nudge, principle, answer


def _unreasoned_steps(view: PlayerView, advice: Advice, said: str) -> tuple[str, str, str]:
    """The nudge, the principle and the answer of a hint that no principle's reason gives."""
    kind = decision_kind(advice.action)
    nudge = _(_NUDGES["lead" if kind == "play" and not view.current_trick else kind])
    if advice.judgement is not None and advice.judgement.indifferent:
        # (the card advised is then the lowest: ties go to it)
        principle = _(
            "Every card you may play does exactly as well here: keep your better cards "
            "and give up your lowest."
        )
    else:
        principle = _("No simple rule decides this one: it comes down to how the unseen cards lie.")
    # Translators: what to do, as a sentence: {action} is "Play 9♠".
    answer = _("{action}.").format(action=said)
    score = score_reason(view, advice)
    if score:
        principle = _(
            "The score decides this one, not the number of tricks: ask how often the "
            "bid is made, and what each trick is worth to each side."
        )
        # Translators: {reason} is why the score decides (whole sentences), {action}
        # what to do, as "Play 9♠".
        answer = _("{reason} {action}.").format(reason=score, action=said)
    return nudge, principle, answer


def _close_answer(
    advice: Advice, reasons: tuple[Reason, ...], answer: str, *, ruled: bool = True
) -> str:
    """``answer`` with a closing note that the decision is close, or that others tie;
    with ``ruled`` False (the move goes against a usual rule), never that the usual
    principle decided it."""
    # Translators: {answer} is the hint's answer so far (whole sentences).
    j = advice.judgement
    tie = j is not None and j.tied
    ahead = j is not None and j.runner_up is not None and j.shown_gap(j.best, j.runner_up) < 0
    if tie and isinstance(j, CallJudgement) and j.partner_kept:
        # (a pass kept over a bid as good or a little ahead by judge_bid's rule over
        # partner's bid, not by a usual principle: the answer has said so)
        return _("{answer} It is a close decision.").format(answer=answer)
    if tie and ahead and not ruled:
        # Translators: {answer} is the hint's answer so far (whole sentences), which says
        # what the move gives up against a usual rule; another choice is a little ahead.
        return _("{answer} It is a close decision.").format(answer=answer)
    if tie and ahead:
        # (the usual principle chose this move over one a little ahead of it: the
        # figures say by how much)
        # Translators: {answer} is the hint's answer so far (whole sentences); another
        # choice is a little ahead (the figures after it say by how much), too little to
        # tell them apart.
        return _(
            "{answer} It is a close decision, and between choices this close the usual "
            "principle decides."
        ).format(answer=answer)
    many = tie and advice.judgement is not None and len(advice.judgement.ties) > 1
    if many and not reasons:
        # Translators: {answer} is the hint's answer so far (whole sentences); two or
        # more other choices score as much on the deals weighed.
        return _("{answer} Other choices are worth as much in points.").format(answer=answer)
    if many:
        # Translators: {answer} is the hint's answer so far (whole sentences); two or
        # more other choices score as much, and a principle chose this one.
        return _(
            "{answer} Other choices are worth as much in points: the usual principle decides."
        ).format(answer=answer)
    if tie and not reasons:
        # Translators: {answer} is the hint's answer so far (whole sentences); another
        # choice scores as much on the deals weighed.
        return _("{answer} Another choice is worth as much in points.").format(answer=answer)
    if tie:
        # Translators: {answer} is the hint's answer so far (whole sentences); another
        # choice scores as much on the deals weighed, and a principle chose this one.
        return _(
            "{answer} Another choice is worth as much in points: the usual principle decides."
        ).format(answer=answer)
    if j is not None and len(j.as_good()) > 2:
        # Translators: {answer} is the hint's answer so far (whole sentences); two or
        # more other choices are worth almost as much.
        return _("{answer} It is a close decision: other choices are worth almost as much.").format(
            answer=answer
        )
    return _("{answer} It is a close decision: another choice is worth almost as much.").format(
        answer=answer
    )


def _details(
    view: PlayerView,
    advice: Advice,
    reasons: tuple[Reason, ...],
    kept: Action | None,
    answer: str,
    said: str,
    *,
    alone: bool = False,
) -> str:
    """The figures behind the move (from the judge's reason), less what ``answer`` says;
    with ``alone``, the move's own figures only (see :attr:`SteppedHint.alone`)."""
    reason = advice.reason
    j = advice.judgement
    if alone and j is not None and isinstance(j.best, Play | NameTrump | Discard):
        # (a call of the auction's reason is the bidding study's, whose figures are
        # the reason: kept whole)
        reason = judged_reason(view, j, alone=True)
    elif kept is not None and j is not None and kept == j.runner_up and kept != j.best:
        # (the answer already says what the move that keeps to the rule gives away:
        # the figures do not say it again of the same move)
        reason = judged_reason(view, j, runner_up=False)
    head, sep, rest = reason.partition(": ")
    details = capitalised(rest) if sep and len(head) <= 30 and rest else advice.reason
    said_already = [r.text for r in reasons[:1]] + [_("{action}.").format(action=said)]
    return _without_repeats(details, answer, said_already)


def _without_situation(reasons: tuple[Reason, ...], answer: str) -> str:
    """``answer`` without the situation the second step has just described, if it opens so."""
    if reasons:
        situation, sep, _rest = reasons[0].text.strip().rpartition(": ")
        if sep and len(situation) >= 20 and answer.startswith(situation + sep):
            return capitalised(answer[len(situation) + len(sep) :])
    return answer


class _BidWords(NamedTuple):
    """A pass-or-bid hint's words (see :func:`_bid_or_pass`): ``shown`` is what the
    answer opens with that the second step has already said; ``figures`` the study's
    figures beside the call."""

    nudge: str
    principle: str
    answer: str
    shown: str
    figures: str


def _bid_or_pass(
    view: PlayerView,
    advice: Advice,
    reasons: tuple[Reason, ...],
    focus: str,
    given: Collection[Action] = (),
) -> _BidWords | None:
    """The first three words of a hint where the choice is to bid or to pass: what to
    count, the trump the hand would name and what it holds in it, and the judge's
    reason (the chance to make the bid, what a pass leaves, what the bid is worth).
    ``None`` elsewhere, or where a principle about bidding at all decides (holding the
    Joker, bid before you are made to), or where practice asks for one principle.

    The principle of the cheapest bid says which number to bid, not whether to bid:
    shown as the hint's principle for a pass-or-bid decision, it told a learner who
    passed with five trumps that "a side that makes its bid scores one point per
    trick", and nothing of the five trumps."""
    action = advice.action
    legal = view.legal_actions
    judged = advice.judgement
    if (
        focus
        or view.forced_bid
        or not isinstance(action, Bid | Pass)
        or not isinstance(judged, CallJudgement)
        or not any(isinstance(a, Pass) for a in legal)
        or not any(isinstance(a, Bid) for a in legal)
        or any(r.principle.key != "bid-cheapest" for r in reasons[:1])
    ):
        return None
    bids = [a for a in legal if isinstance(a, Bid)]
    target = action if isinstance(action, Bid) else min(bids, key=lambda b: (b.big, b.level))
    trump = judged.trumps.get(target)
    if trump is None and target not in judged.trumps:
        return None
    nudge = _(_NUDGES["bid"])
    phrase, hand = with_trump(trump), hand_words(view.hand, trump)
    # Translators: trump is the trump the hand would name ("spades", "no trump"),
    # with_trump a phrase ("with spades as trumps"), hand what the hand holds there
    # ("you hold 5 trumps (the Joker, ...) and no side ace").
    principle = _("Your best trump would be {trump}, and {with_trump} {hand}.").format(
        trump=trump_words(trump), with_trump=phrase, hand=hand
    )
    # what the third step need not say again: the second step's opening (a pass's
    # reason opens with it), or the holding (a bid's reason opens with it)
    shown = principle if isinstance(action, Pass) else capitalised(f"{phrase} {hand}")
    others = trumps_as_good(view, judged, target)
    if others:
        # Translators: {trumps} are the other trumps ("spades", "spades or clubs") the
        # bid would be worth about as much with, on the same deals.
        principle += " " + capitalised(
            _("{trumps} would do about as well.").format(
                trumps=join_and((trump_words(t) for t in others), "or")
            )
        )
    reason, figures = study_answer(view, study_of(view, judged), given=given)
    answer = without_call(reason, action, view.rules, capitalised(action_words(action)))
    return _BidWords(nudge, principle, answer, shown, figures)


#: Where one sentence ends and the next begins (a full stop inside "4.5" is no end).
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def _without_repeats(details: str, answer: str, pieces: list[str]) -> str:
    """``details`` less what ``answer`` already says: each of ``pieces`` the answer was
    made of, word for word (in any language), then each sentence of it found in the
    answer (where the language ends its sentences with a full stop)."""
    for piece in pieces:
        if piece and piece in answer:
            # only where it stands whole, between spaces (in Thai, whose sentences end
            # in no full stop, "ประมูล 4" is also a part of "การประมูล 4"); or, in a
            # language without full stops, the piece less its last words, the move it
            # ends with ("... ง่ายกว่า ประมูล 1": the figures repeated the reason
            # without the move, which no sentence split could find)
            words = piece.split(" ")
            shorter = [k for k in (len(words) - 1, len(words) - 2) if k >= 4]
            for k in (len(words), *shorter):
                part = re.escape(" ".join(words[:k]))
                details, found = re.subn(rf"(?<!\S){part}(?!\S)", " ", details)
                if found:
                    break
    kept = [s for s in _SENTENCE_END.split(details) if s.strip() and s.strip() not in answer]
    return " ".join(" ".join(kept).split())


#: How much more often (a share of the deals) one choice must make, or beat, the bid
#: than another for the hint to give that as the reason.
MADE_MARGIN: Final = 0.05


def score_reason(view: PlayerView, advice: Advice) -> str:
    """Where the judged move takes fewer tricks on average than another choice yet is
    worth more points, why, in the score's terms: it makes (or beats) the bid more often,
    or the bid is lost on most deals and each trick the makers take then costs them a
    point (whether the move makes it as often as the other, or less often: a side
    whose bid of 6 fails on three deals in four saves more by failing with fewer tricks
    than it loses by making it a little less often). ``""`` where the move takes the most
    tricks, or none of these explains it."""
    j = advice.judgement
    high = view.high_bid
    if j is None or not j.made or high is None or len(j.options) < 2:
        return ""
    best = j.best
    alt = max(j.options, key=lambda a: (j.tricks[a], j.points[a]))
    # (the tricks as read, to one decimal: not "4.2 ..., against 4.2 ..., so loses less")
    if alt == best or round(j.tricks[alt], 1) <= round(j.tricks[best], 1):
        return ""
    if j.points[best] <= j.points[alt]:
        return ""
    makers = high.seat.side is view.seat.side
    values = {
        "bid": bid_name(high.tricks, high.big, view.rules),
        "seat": high.seat.word,
        "best": _by_choice(best),
        "alt": _by_choice(alt),
        "p": percent_noun(round(100 * j.made[best])),
        "q": percent_noun(round(100 * j.made[alt])),
        "mine": number(j.tricks[best]),
        "theirs": number(j.tricks[alt]),
    }
    gain = j.made[best] - j.made[alt]
    if makers and gain >= MADE_MARGIN:
        # Translators: best and alt are two choices ("play K♦", "name hearts"), p and q
        # the share of the deals on which the bid is made with each ("the 17%" in
        # Italian: see "{percent}"), bid the side's bid ("5", "Little Pepper").
        return _(
            "{Best}, your side's bid of {bid} is made on about {p} of the deals, against "
            "{q} {alt}, which takes more tricks on average: making the bid counts for more "
            "than the extra trick."
        ).format(**values, Best=capitalised(values["best"]))
    if not makers and gain <= -MADE_MARGIN:
        values["p"] = percent_noun(round(100 * (1 - j.made[best])))
        values["q"] = percent_noun(round(100 * (1 - j.made[alt])))
        # Translators: seat is the maker (North), bid its bid, best and alt two choices,
        # p and q the share of the deals on which the bid is beaten with each.
        return _(
            "{Best}, {seat}'s bid of {bid} is beaten on about {p} of the deals, against "
            "{q} {alt}, which takes more tricks on average: beating the bid counts for more "
            "than the extra trick."
        ).format(**values, Best=capitalised(values["best"]))
    if not _each_trick_costs(view):
        return ""
    made = max(j.made[best], j.made[alt])
    if made > 0.5:
        return ""
    if makers and gain <= -MADE_MARGIN:
        # The move makes the bid less often, yet is worth more: the bid fails on most
        # deals either way, and fails with fewer tricks to pay for.
        # Translators: best and alt are two choices ("discarding A♣"), p and q the share
        # of the deals on which the bid is made with each ("the 21%" in Italian: see
        # "{percent}"), bid the side's bid, mine and theirs the tricks the side takes
        # on average with each ("3.9").
        return _(
            "{Best}, your side's bid of {bid} is made on about {p} of the deals, against "
            "{q} {alt}; but it fails on most deals either way, and a side that fails loses "
            "a point for each trick it took: {best} your side takes {mine} tricks on "
            "average, against {theirs} {alt}, and the points saved when the bid fails count "
            "for more than the bids made."
        ).format(**values, Best=capitalised(values["best"]))
    if abs(gain) >= MADE_MARGIN:
        return ""
    values["share"] = _share_words(made)
    if losing_pays(view) and makers:
        # Translators: bid is the side's bid, best and alt two choices, mine and theirs
        # the tricks the side takes on average with each ("1.2").
        return _(
            "Your side's bid of {bid} can no longer be made, and each trick your side takes "
            "costs it a point: {best} your side takes {mine} tricks on average, against "
            "{theirs} {alt}, and so loses less."
        ).format(**values)
    if losing_pays(view):
        # Translators: seat is the maker (North), bid its bid, best and alt two choices,
        # mine and theirs the tricks this side takes on average with each ("1.2").
        return _(
            "{seat}'s bid of {bid} is already beaten, and each trick the makers take costs "
            "them a point: {best} your side takes {mine} tricks on average, against "
            "{theirs} {alt}, and so leaves the makers more tricks to pay for."
        ).format(**values)
    if makers:
        # Translators: bid is the side's bid, share how often it is made at most ("on
        # about 12% of the deals", "on almost no deal"), best and alt two choices
        # ("playing K♦"), mine and theirs the tricks the side takes on average with each.
        return _(
            "Your side's bid of {bid} is made {share} whatever you do, and a side that "
            "fails loses a point for each trick it took: {best} your side takes {mine} "
            "tricks on average, against {theirs} {alt}, and so loses less."
        ).format(**values)
    # Translators: seat is the maker (North), bid its bid, share how often it is made at
    # most ("on about 12% of the deals", "on almost no deal"), best and alt two choices
    # ("playing K♦"), mine and theirs the tricks this side takes on average with each.
    return _(
        "{seat}'s bid of {bid} is made {share} whatever you do, and the makers then lose a "
        "point for each trick they took: {best} your side takes {mine} tricks on average, "
        "against {theirs} {alt}, and so leaves the makers more tricks to pay for."
    ).format(**values)


def _share_words(share: float) -> str:
    """How often something happens, as a phrase: "on about 12% of the deals", "on almost
    no deal" (under 1%)."""
    if share < 0.005:
        return _("on almost no deal")
    # Translators: percent is a share of deals with the article your language puts
    # before a percentage standing as a noun ("the 12%": see "{percent}").
    return _("on about {percent} of the deals").format(percent=percent_noun(round(100 * share)))


def _by_choice(action: Action) -> str:
    """A choice as the way a result comes about, inside a sentence: "playing K♦",
    "discarding 9♣", "with hearts as trumps"."""
    if isinstance(action, Play):
        # Translators: a phrase inside a sentence ("playing K♦, your side takes ...").
        return _("playing {card}").format(card=card_words(action.card))
    if isinstance(action, Discard):
        # Translators: a phrase inside a sentence ("discarding 9♣, your side takes ...").
        return _("discarding {card}").format(card=card_words(action.card))
    if isinstance(action, NameTrump):
        return with_trump(action.suit)
    return choice_words(action)


def _each_trick_costs(view: PlayerView) -> bool:
    """Whether, under the hand's own scoring, makers who fail lose more the more tricks
    they took (the source rules: a point for each)."""
    failing = [mk for mk, _df in contract_table(view) if mk <= 0]
    return len(failing) > 1 and all(b < a for a, b in pairwise(failing))


def outweighed(view: PlayerView, advice: Advice) -> str:
    """Where the judged move goes against a usual principle: which, and what outweighs
    it, in points over the deals weighed, against the best move that keeps to it; ``""``
    where the move breaks none (or nothing keeps to the principle either)."""
    return _outweighed(view, advice)[0]


def _outweighed(view: PlayerView, advice: Advice) -> tuple[str, Action | None]:
    """:func:`outweighed`'s words, and the move that keeps to the principle they name
    (None with no words)."""
    j = advice.judgement
    if j is None or len(view.legal_actions) < 2:
        return "", None
    broken = broken_by(view, advice.action)
    if not broken:
        return "", None
    key = broken[0].principle.key
    keeping = [a for a in j.options if not any(r.principle.key == key for r in broken_by(view, a))]
    if not keeping:
        return "", None
    alt = max(keeping, key=lambda a: j.points[a])
    return _outweighed_words(view, advice, broken[0], alt), alt


def _outweighed_words(view: PlayerView, advice: Advice, broken: Reason, alt: Action) -> str:
    j = advice.judgement
    assert j is not None
    gain = j.points[advice.action] - j.points[alt]
    name = _(broken.principle.name)
    other = choice_words(alt)  # (a choice named, not a command: Italian "scartare 10♥")
    if gain < CLOSE_POINTS or (advice.action == j.best and j.within_margin(alt)):
        # Translators: principle is a principle's name ("Win cheaply"), other the move
        # that keeps to it ("play 9♠").
        return _(
            "It goes against the usual rule \u201c{principle}\u201d, but the move that keeps "
            "to it ({other}) is worth no more here."
        ).format(principle=name, other=other)
    values = {
        "principle": name,
        "other": other,
        "points": number(j.shown_gap(advice.action, alt)),
        "n": j.deals,
    }
    named, kept = advice.action, alt
    if (
        isinstance(named, NameTrump)
        and isinstance(kept, NameTrump)
        and named.suit is not None
        and kept.suit is not None
    ):
        # Translators: principle is a principle's name, suit and alt suits' names in
        # the plural ("hearts"), mine and theirs what the hand holds with each ("three
        # trumps, the Joker, J♥ and A♥, and a side ace, A♠"), points how much more the
        # advised suit is worth ("0.8"), n the deals weighed.
        return _(
            "It goes against the usual rule \u201c{principle}\u201d, but with {suit} as "
            "trumps you hold {mine}; with {alt}, {theirs}. Over {n} deals {suit} are worth "
            "about {points} points more than {alt}."
        ).format(
            suit=named.suit.plural,
            alt=kept.suit.plural,
            mine=holding_words(view.hand, named.suit),
            theirs=holding_words(view.hand, kept.suit),
            **values,
        )
    void = (
        void_left(view.hand, advice.action.card, view.trump)
        if isinstance(advice.action, Discard)
        else None
    )
    if void is not None:
        # Translators: principle is a principle's name ("Discard low"), suit a suit's
        # name in the plural ("hearts"), other the move that keeps to the principle
        # ("discard 9♠"), points how much more the advised move is worth ("0.8"), n the
        # deals weighed.
        return _(
            "It goes against the usual rule \u201c{principle}\u201d, but it leaves you void "
            "in {suit}, so you can trump them when they are led: over {n} deals it is worth "
            "about {points} points more than the move that keeps to the rule ({other})."
        ).format(suit=void.plural, **values)
    # Translators: principle is a principle's name ("Win cheaply"), other the move that
    # keeps to it ("play 9♠"), points how much more the advised move is worth ("0.8"),
    # n the deals weighed.
    return _(
        "It goes against the usual rule \u201c{principle}\u201d, but over {n} deals it is "
        "worth about {points} points more than the move that keeps to it ({other})."
    ).format(**values)


def against_principles(
    view: PlayerView, action: Action, advised: Action, judged: Judgement | None
) -> tuple[Reason, ...]:
    """The usual principles ``action`` goes against that the ``advised`` move keeps, and
    whose words recommend no move the judge finds clearly worse than the best
    (:func:`agrees`): a principle the advised move breaks too, or one that points to a
    worse move, is no argument against the player's. The review and the lessons'
    exercises tell a wrong choice what it went against in these words."""
    also = {r.principle.key for r in broken_by(view, advised)}
    return tuple(
        r
        for r in broken_by(view, action)
        if r.principle.key not in also and agrees(judged, r, action)
    )


def agrees(judgement: Judgement | None, reason: Reason, action: Action) -> bool:
    """Whether a principle's words against ``action`` may be shown beside the judge's
    verdict: the move the words end by recommending (their last sentence, after its
    last colon) is the judge's best, or clearly as good (less than a close decision's
    margin behind it, allowing :data:`~hasenpfeffer_core.analysis.judge.SURE` standard
    errors of doubt). A principle that might recommend a worse move is left unsaid."""
    if judgement is None:
        return True
    sentences = [x for x in _SENTENCE_END.split(reason.text.strip()) if x]
    last = sentences[-1].rpartition(": ")[2] if sentences else ""
    for a in judgement.options:
        # a move the words may recommend: the best, or one clearly as good (behind it by
        # less than a close margin even allowing the judge's doubt)
        if a in (action, judgement.best) or (
            judgement.cost(a) + SURE * judgement.spread[a] < CLOSE_POINTS
        ):
            continue
        if isinstance(a, Play | Discard) and _names_card(last, a.card):
            return False
        if isinstance(a, NameTrump) and a.suit is not None and a.suit.plural in last:
            return False
        if isinstance(a, Bid) and capitalised(action_words(a)) in last:
            return False
    return True


def _figures(judged: Judgement, action: Action) -> dict[str, Any]:
    """The values a verdict on ``action`` words: the choice, its points, the deals it was
    weighed on, the best choice and how far behind it ``action`` is."""
    return {
        "choice": capitalised(choice_words(action)),
        "points": number(judged.points[action], signed=True),
        "n": judged.weighed.get(action, judged.deals),
        "best": choice_words(judged.best),
        "cost": number(abs(judged.shown_gap(judged.best, action))),
    }


def tie_words(judged: Judgement, action: Action, reason: str) -> str:
    """The verdict on ``action`` where it is worth as much as the judged best, or almost
    (it :meth:`~hasenpfeffer_core.analysis.judge.Judgement.is_good`), but goes against a
    usual principle that the best keeps to (``reason``, the principle's words): between
    choices this close, the principle decides, and the figures say the two are too close
    to tell apart, in the words :func:`judged_words` uses for a choice as good (never "as
    much as the best" beside a "Not quite"). The principle's words follow as sentences
    of their own, after a full stop (after a colon, their capital was wrong in Italian)."""
    values = _figures(judged, action)
    if judged.shown_gap(judged.best, action) > 0:
        # (the opening words of judged_words' verdict on a choice as good, so that two
        # choices equally close read alike, whichever way the principle then decides)
        # Translators: choice is what was chosen ("Play Q♥"), points a signed average
        # ("-0.5"), n the deals weighed, cost how many points less than the best ("0.1"),
        # best the best choice ("play 9♥"), reason the usual principle the choice goes
        # against, and the move it plays instead (whole sentences).
        return _(
            "{choice}: worth about {points} points to your side on average over {n} deals, "
            "within {cost} of the best choice ({best}): too close to tell apart. Between "
            "choices this close, the usual principle decides, and it goes against this one. "
            "{reason}"
        ).format(**values, reason=reason)
    if judged.shown_gap(judged.best, action) < 0:
        # Translators: choice is what was chosen ("Play Q♥"), points a signed average
        # ("-0.5"), n the deals weighed, cost how many points more than the advised
        # choice ("0.1"), best the advised choice ("play 9♥"), reason the usual principle
        # the choice goes against, and the move it plays instead (whole sentences).
        return _(
            "{choice}: worth about {points} points to your side on average over {n} deals, "
            "{cost} more than {best}: too little to tell apart. Between choices this close, "
            "the usual principle decides, and it goes against this one. {reason}"
        ).format(**values, reason=reason)
    # Translators: choice is what was chosen ("Play Q♥"), points a signed average
    # ("-0.5"), n the deals weighed, best the best choice ("play 9♥"), reason the usual
    # principle the choice goes against, and the move it plays instead (whole sentences).
    return _(
        "{choice}: worth about {points} points to your side on average over {n} deals, too "
        "close to the best choice ({best}) to tell apart. Between choices this close, the "
        "usual principle decides, and it goes against this one. {reason}"
    ).format(**values, reason=reason)


def _pass_to_nobody(judged: Judgement, action: Action) -> tuple[bool, str] | None:
    """The verdict on a pass where nobody holds the auction (None for any other
    choice): what it leads to is not played out (see
    :func:`~hasenpfeffer_core.analysis.judge.judge_bid`), so it has no figure of its
    own, and no "less than the best" beside the 0.0 it stands for ("Pass: worth about
    0.0 points ... over 32 deals, about 3.9 less" read as worked out)."""
    if not (isinstance(judged, CallJudgement) and judged.unplayed_pass(action)):
        return None
    if action == judged.best:
        return True, _(
            "Pass: your side scores nothing as makers, and the auction goes on without "
            "you; no bid is worth more on average here."
        )
    best = _figures(judged, judged.best)
    # Translators: best is the bid advised ("bid 1"), points a signed average
    # ("+3.9"), n the deals weighed. A pass where nobody has bid yet.
    return judged.is_good(action), _(
        "Pass: your side scores nothing as makers, and the auction goes on without you. "
        "As makers, {best} is worth about {points} points to your side on average over "
        "{n} deals."
    ).format(best=best["best"], points=best["points"], n=best["n"])


def judged_words(judged: Judgement, action: Action) -> tuple[bool, str]:
    """Whether ``action`` is as good as the judged best (less than a close decision's
    margin behind it), and the judge's figures for it, in points: the one wording of a
    verdict on a choice, for the lessons' exercises and the play table."""
    gap = judged.shown_gap(judged.best, action)
    # (str.format ignores the values a message does not name)
    values = _figures(judged, action)
    if action in judged.dominated:
        # Translators: choice is the bid chosen ("Bid 5"), points a signed average
        # ("+5.5"), n the deals weighed, best the cheaper bid advised ("bid 4"). A side
        # that makes its bid scores its tricks, whatever it bid.
        return False, _(
            "{choice}: worth about {points} points to your side on average over {n} deals; "
            "made, it scores no more than {best} would, and it can fail where {best} is "
            "made: the cheaper bid is the better one."
        ).format(**values)
    if (nothing := _pass_to_nobody(judged, action)) is not None:
        return nothing
    if action == judged.best:
        # Translators: choice is what was chosen ("Name hearts as trumps", "Discard 9♠",
        # "Pass"), points a signed average ("+2.1"), n the deals weighed.
        return True, _(
            "{choice}: worth about {points} points to your side on average over {n} deals, "
            "the best choice here."
        ).format(**values)
    if judged.is_good(action) and gap == 0:
        # Translators: choice is what was chosen, points a signed average ("+2.1"), n the
        # deals weighed, best the best choice ("discard 9♣"), worth the same.
        return True, _(
            "{choice}: worth about {points} points to your side on average over {n} deals, "
            "as much as the best choice ({best})."
        ).format(**values)
    if gap < 0 and isinstance(judged, CallJudgement) and judged.partner_kept:
        # (a bid a little ahead of a pass over partner's bid: the pass stands, the side
        # holding the auction either way)
        # Translators: choice is the bid chosen ("Bid 2"), points a signed average
        # ("+5.0"), n the deals weighed, cost how many points more than the pass advised
        # ("0.2"). (The fair expert's answer after it says why it passes.)
        return True, _(
            "{choice}: worth about {points} points to your side on average over {n} deals, "
            "{cost} more than passing: too little to tell apart."
        ).format(**values)
    if gap < 0:
        # (a figure above the best's: the best was preferred by a usual principle over
        # an option a little ahead of it, which is no "best choice" beside a lower figure)
        # Translators: choice is what was chosen, points a signed average ("+2.1"), n the
        # deals weighed, cost how many points more than the advised choice ("0.1"), best
        # the advised choice ("discard 9♣"), which keeps to a usual principle.
        return True, _(
            "{choice}: worth about {points} points to your side on average over {n} deals, "
            "{cost} more than the choice the usual principle prefers ({best}): too little "
            "to tell apart."
        ).format(**values)
    if judged.is_good(action):
        # (never "within -0.1": a figure above the best's is worded above)
        # Translators: choice is what was chosen, points a signed average ("+2.1"), n the
        # deals weighed, cost how many points it lies from the best ("0.1"), best the
        # best choice ("discard 9♣").
        return True, _(
            "{choice}: worth about {points} points to your side on average over {n} deals, "
            "within {cost} of the best choice ({best}): too close to tell apart."
        ).format(**values)
    if judged.weighed.get(action, judged.deals) < judged.weighed.get(judged.best, judged.deals):
        # (the judge stops weighing a choice once it is clearly behind: its figure is
        # over fewer deals than the best's, which the learner sees beside it)
        # Translators: choice is what was chosen, points a signed average ("+0.4"), cost
        # how many points less than the best ("1.3"), best the best choice ("name
        # spades"), n the deals it was weighed on: fewer than the best choice's, because
        # they already showed it behind.
        return False, ngettext(
            "{choice}: worth about {points} points to your side on average, about {cost} "
            "less than the best choice ({best}); {n} deal of the unseen cards was enough "
            "to show that.",
            "{choice}: worth about {points} points to your side on average, about {cost} "
            "less than the best choice ({best}); {n} deals of the unseen cards were enough "
            "to show that.",
            values["n"],
        ).format(**values)
    # Translators: choice is what was chosen, points a signed average ("+0.4"), cost how
    # many points less than the best ("1.3"), best the best choice ("name spades").
    return False, _(
        "{choice}: worth about {points} points to your side on average over {n} deals, "
        "about {cost} less than the best choice ({best})."
    ).format(**values)


def sequence_words(view: PlayerView, judged: Judgement, action: Action) -> str:
    """Why a discard is worth exactly what others are, where it is: the cards of
    ``action``'s run (the cards of its suit held in an unbroken sequence with it, the
    Joker and the bowers counted where the trump puts them) do the same work whichever
    of them goes, so each discard of the run scores the same on every deal. ``""`` for
    any other choice, or where the figures differ. (Lesson 04's figures were the same
    for discarding the Joker, J♥, J♦ or A♥ with hearts trumps, and a learner read it
    as a fault.)"""
    if not isinstance(action, Discard) or not view.trump_named:
        return ""
    tk = trump_key(view.trump)
    held = card_mask(view.hand)
    # (the runs the judge solves once for all their cards: judge._discard's twins)
    run = [DECK[i] for i in next(r for r in card_runs(held, _ALL, tk) if action.card.index in r)]
    run.reverse()  # (the strongest first, as a learner names them)
    same = [Discard(action.seat, c) for c in run]
    if len(run) < 2 or any(
        a not in judged.points or abs(judged.points[a] - judged.points[action]) > 1e-9 for a in same
    ):
        return ""
    if judged.is_good(action) and judged.best not in same:
        # (worth as much as the best, which is not of its run: the run explains nothing
        # of that. "J♦ and 10♦ lie in sequence" beside "as good as the best choice
        # (discard Q♥)" read as the reason, a learner's review found)
        return ""
    # Translators: {cards} are cards held in sequence ("the Joker, J♥, J♦ and A♥"); the
    # singular is for two cards ("the other does"), the plural for more.
    words = ngettext(
        "{cards} lie in sequence: whichever of the two you discard, the other does the same "
        "work, so each is worth the same.",
        "{cards} lie in sequence: whichever of them you discard, the others do the same "
        "work, so each is worth the same.",
        len(run) - 1,
    )
    return capitalised(words.format(cards=join_and([card_words(c) for c in run])))
