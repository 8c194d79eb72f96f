"""Hints in steps: what to look at, then the principle with the cards, then the move."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

from hasenpfeffer_core import HandState, Seat, parse_action
from hasenpfeffer_core.analysis.bots import Advice, FairExpert
from hasenpfeffer_core.analysis.hints import STEPS, SteppedHint, action_words, stepped_hint
from hasenpfeffer_core.analysis.judge import Judgement
from hasenpfeffer_core.analysis.view import PlayerView
from hasenpfeffer_core.engine.actions import Bid, Play
from hasenpfeffer_core.engine.cards import Suit

CARD = re.compile(r"(10|[9JQKA])[♠♥♦♣]|Joker")


def _partner_winning() -> PlayerView:
    """South to play: partner North's J♥ (the right bower) is winning and only the
    Joker, which South holds, can beat it."""
    h = HandState.from_hands(
        {
            "N": "JH AH KH AS KS QC",
            "E": "QH 10H 9S 10S QS AC",
            "S": "JK 9H AD KD QD 9D",
            "W": "JD JS JC 10C KC 10D",
        },
        "9C",
        dealer=Seat.W,
    )
    for a in ("N bid 2", "E pass", "S pass", "W pass", "N trump H", "N discard 9C"):
        h.apply(parse_action(a))
    h.apply(parse_action("N play JH"))
    h.apply(parse_action("E play 10H"))
    return PlayerView.of(h, Seat.S)


def test_steps_go_from_what_to_look_at_to_the_card() -> None:
    view = _partner_winning()
    hint = stepped_hint(view, expert=FairExpert(1, samples=8))
    assert hint.action == parse_action("S play 9H")  # never overtake partner's sure winner
    nudge, principle, answer = hint.steps
    assert len(hint.steps) == STEPS
    assert not CARD.search(nudge), nudge  # step 1 gives nothing away
    assert principle.startswith("Do not overtake")
    assert "J♥" in principle and "9♥" not in principle  # the cards, not yet the move
    assert "9♥" in hint.answer and "play low" in hint.answer
    # The third step, shown under the second, does not tell the situation again: it
    # says what to do ("Play low, 9♥."), where the whole answer starts "Partner's J♥
    # is winning: ...".
    assert "9♥" in answer and "J♥" not in answer and hint.answer.endswith(answer[1:])
    assert "average" in hint.details  # the expert's figures stay available
    assert hint.step(1) == nudge and hint.step(3) == answer and hint.step(9) == answer


def test_no_principle_still_gives_three_steps_and_the_move() -> None:
    view = _partner_winning()
    nine = parse_action("S play 9H")
    advice = Advice(nine, "Play 9♥: the figures.", {nine: 2.0}, 8)
    hint = stepped_hint(view, advice)
    assert hint.answer.endswith("9♥.") or "9♥" in hint.answer
    # a close decision says so
    close = Advice(nine, "Play 9♥: the figures.", {nine: 2.0}, 8, close=True)
    assert "close decision" in stepped_hint(view, close).answer


def test_a_forced_move_says_it_is_the_only_choice() -> None:
    h = HandState.new(dealer=Seat.N, seed=4)
    expert = FairExpert(random.Random(2), samples=4, bid_samples=4)
    while h.to_move is not None:
        view = PlayerView.of(h, h.to_move)
        if len(view.legal_actions) == 1 and isinstance(view.legal_actions[0], Play):
            hint = stepped_hint(view, expert=expert)
            assert "only legal choice" in hint.answer
            assert hint.answer.startswith("P" + action_words(hint.action)[1:])
            return
        h.apply(expert.choose(view))
    raise AssertionError("no forced play in this hand")


def test_action_words_read_as_a_teacher_says_them() -> None:
    assert action_words(parse_action("S play 9H")) == "play 9♥"
    assert action_words(parse_action("S pass")) == "pass"
    assert action_words(parse_action("S bid 3")) == "bid 3"
    assert action_words(parse_action("S trump H")) == "name hearts as trumps"
    assert action_words(parse_action("S discard 9C")) == "discard 9♣"


def first_hints(seeds: range) -> Iterator[SteppedHint]:
    """The hint at the learner's first decision of each seeded table that has one."""
    from hasenpfeffer_core.analysis.session import PlaySession

    for seed in seeds:
        session = PlaySession(seed=seed)
        while session.waiting_for is None and not session.state.is_over:
            session.run_computers()
        if not session.state.is_over:
            yield session.hint()


def test_the_figures_under_a_hint_never_repeat_a_sentence_of_the_answer() -> None:
    """A bid hint said "Nobody has bid yet, so 1 is the cheapest bid ... Bid 1." in its
    answer and again in the figures under it (issue 25)."""
    checked = 0
    for hint in first_hints(range(6)):
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", hint.details) if s.strip()]
        assert not [s for s in sentences if s in hint.answer], (hint.answer, hint.details)
        # the figures are still there: under the answer, or (a bid's) in it
        assert re.search(r"\d\.\d", hint.details or hint.answer), hint
        checked += 1
    assert checked >= 4


def test_in_thai_too_the_figures_leave_out_the_answers_own_reason() -> None:
    """Thai ends no sentence with a full stop: the repeat is found word for word."""
    from hasenpfeffer_core.engine.i18n import language

    checked = 0
    with language("th"):
        for hint in first_hints(range(6)):
            if hint.reasons:
                assert hint.reasons[0].text not in hint.details, hint.details
                checked += 1
    assert checked >= 2


def test_a_thai_bid_hint_keeps_the_bid_named_in_its_figures() -> None:
    # The answer's words ("ประมูล 4") are left out of the figures below it only where
    # they stand whole: in "ส่วนการประมูล 4 มีค่าราว ..." they name the bid weighed.
    from hasenpfeffer_core.engine.actions import Bid, Pass
    from hasenpfeffer_core.engine.i18n import language

    state = HandState.new(dealer=Seat.E, seed=21)
    state.apply(Pass(Seat.S))
    state.apply(Bid(Seat.W, 3))
    with language("th"):
        hint = stepped_hint(PlayerView.of(state, Seat.N))
    assert hint.action == Bid(Seat.N, 4)
    shown = f"{hint.answer} {hint.details}"
    assert "ส่วนการประมูล 4 มีค่าราว" in shown and "ส่วนการ มี" not in shown


def test_where_every_card_does_exactly_as_well_the_hint_does_not_call_it_close() -> None:
    from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer

    found = 0
    for seed in range(40):
        state = HandState.new(dealer=Seat.N, seed=seed)
        while not state.is_over and found < 3:
            view = PlayerView.of(state, state.to_move)
            if len(state.tricks) >= 3 and len(view.legal_actions) > 1:
                hint = stepped_hint(view, expert=FairExpert(random.Random(seed)))
                j = hint.advice.judgement
                if j is not None and j.indifferent:
                    found += 1
                    assert "close decision" not in hint.answer
                    assert "does exactly as well" in hint.details
            state.apply(RuleOfThumbPlayer().choose(view))
        if found >= 3:
            break
    assert found >= 3


def test_a_call_against_the_usual_rule_says_what_outweighs_it_in_card_terms() -> None:
    # A trump other than the "strongest" one: the hint sets the two holdings side by
    # side (trumps and side aces); a discard that breaks "discard low" but makes a void
    # says so. A discard against the rule whose card "is worth no more here" is one the
    # rule's card is within a close margin of (the judge keeps to the rule's card only
    # where it is clearly as good): the hint says the decision is close. (Deal 22's
    # A♥ over Q♠, +3.44 against +3.32 over 303 deals.)
    from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer
    from hasenpfeffer_core.engine.actions import Discard, NameTrump
    from hasenpfeffer_core.engine.tricks import effective_suit

    trumps = discards = 0
    # (deals 88 to 97 hold such trumps; a discard against the usual rule is rarer:
    # deals 22, 155 and 182 hold one, among the first 183)
    for seed in (22, *range(88, 98)):
        if trumps >= 2 and discards >= 1:
            break  # (each call judged costs seconds: stop once both kinds are seen)
        state = HandState.new(dealer=Seat.N, seed=seed)
        while state.phase.name in ("AUCTION", "TRUMP", "DISCARD"):
            view = PlayerView.of(state, state.to_move)
            if state.phase.name in ("TRUMP", "DISCARD"):
                hint = stepped_hint(view)
                if "goes against the usual rule" in hint.answer:
                    action = hint.action
                    if isinstance(action, NameTrump):
                        trumps += 1
                        assert f"with {action.suit.plural} as trumps you hold" in hint.answer
                        assert "side ace" in hint.answer
                    else:
                        assert isinstance(action, Discard)
                        discards += 1
                        suit = effective_suit(action.card, view.trump)
                        rest = [c for c in view.hand if c is not action.card]
                        if "is worth no more here" in hint.answer:
                            assert (
                                "It is a close decision" in hint.answer
                                or "Another choice is worth as much" in hint.answer
                            ), hint.answer
                        elif suit is not view.trump and all(
                            effective_suit(c, view.trump) is not suit for c in rest
                        ):
                            assert f"leaves you void in {suit.plural}" in hint.answer
            state.apply(RuleOfThumbPlayer().choose(view))
    assert trumps >= 2 and discards >= 1


def test_a_discard_that_clearly_pays_for_breaking_the_rule_names_the_void() -> None:
    """Deal 22, South to discard with ♦ trumps: A♥ (a side ace) leaves South void in
    hearts, and goes against "Discard low, keep trumps and side aces". Over 303 deals it
    is worth +3.44 and Q♠, the rule's card, +3.32: too close to say it pays, and the hint
    says the rule's card "is worth no more here". Where A♥ clearly pays (its figures set
    0.6 ahead, the judgement otherwise the judge's own), the hint says what does it, in
    card terms: the void, and what it is worth."""
    from dataclasses import replace

    from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer
    from hasenpfeffer_core.analysis.hints import outweighed
    from hasenpfeffer_core.engine.actions import Discard
    from hasenpfeffer_core.engine.cards import parse_card

    state = HandState.new(dealer=Seat.N, seed=22)
    while state.phase.name != "DISCARD":
        state.apply(RuleOfThumbPlayer().choose(PlayerView.of(state, state.to_move)))
    view = PlayerView.of(state, Seat.S)
    hint = stepped_hint(view)
    judged = hint.advice.judgement
    ace = Discard(Seat.S, parse_card("AH"))
    assert judged is not None and hint.action == ace
    if judged.within_margin(Discard(Seat.S, parse_card("QS"))):
        assert "(discard Q♠) is worth no more here" in hint.answer
    points = dict(judged.points)
    points[ace] = max(v for a, v in points.items() if a != ace) + 0.6
    clear = replace(judged, points=points)
    said = outweighed(view, Advice(action=ace, reason="", judgement=clear))
    assert "it leaves you void in hearts, so you can trump them when they are led" in said
    assert "about 0.6 points more than the move that keeps to the rule (discard Q♠)" in said


def _lesson_04_auction() -> HandState:
    """Lesson 04's third exercise: South passed, West bid 3; North holds the Joker and
    four spades (J♣ among them), and the choice is to pass or to bid 4."""
    from hasenpfeffer_core.engine.actions import Bid, Pass

    state = HandState.new(dealer=Seat.E, seed=21)
    state.apply(Pass(Seat.S))
    state.apply(Bid(Seat.W, 3))
    return state


def test_a_pass_or_bid_hint_counts_the_hand_not_only_the_price_of_the_bid() -> None:
    """The hint's principle was "Bid what wins the auction" (the cheapest number), which
    says nothing of whether to bid: a learner who passed with five trumps read that "a
    side that makes its bid scores one point per trick" (issue 25)."""
    hint = stepped_hint(PlayerView.of(_lesson_04_auction(), Seat.N), expert=FairExpert(3))
    assert hint.action == parse_action("N bid 4")
    nudge, principle, last = hint.steps
    assert "best trump" in nudge and not CARD.search(nudge)
    assert principle.startswith("Your best trump would be spades")
    assert "5 trumps (the Joker, J♣, A♠, Q♠ and 9♠)" in principle
    # the third step goes on from the second: the chance, the cheapest bid, the call
    assert "5 trumps" not in last and last.startswith("Your side takes at least 4 tricks")
    assert "cheapest above West's 3" in last and last.endswith("Bid 4.")
    # the whole answer (the verdicts quote it) still names the hand
    assert "5 trumps" in hint.answer
    # what a pass leaves is a figure beside the call, with the sign explained
    assert "If you pass, West plays 3" in hint.details


def test_a_plus_for_a_pass_is_never_said_to_count_against_you() -> None:
    """ "+0.8 points to your side ... (the other side's points count against yours)" read
    as a contradiction: the clause after a pass's figure follows its sign."""
    from hasenpfeffer_core.analysis.bidding import bid_study

    against = "the other side's points count against yours"
    costs = "the other side loses more than it wins with that contract"
    seen = set()
    for seed in range(30):
        state = HandState.new(dealer=Seat.E, seed=seed)
        state.apply(parse_action("S pass"))
        state.apply(parse_action("W bid 2"))
        reason = bid_study(PlayerView.of(state, Seat.N), samples=48, rng=seed).reason
        for sign, clause in re.findall(
            r"([+-])\d+\.\d points to your side on average: ([^.]*)", reason
        ):
            assert clause == (against if sign == "-" else costs), reason
            seen.add(sign)
    assert seen == {"+", "-"}


def test_the_computer_keeps_to_the_principle_the_judge_cannot_overrule() -> None:
    """Between cards the judge cannot tell apart, the usual principle decides, for the
    computer's own card as for the learner's (it played Q♣ with 10♦ worth as much, and
    its hint said it went against "Throw your lowest card" for nothing)."""
    from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer
    from hasenpfeffer_core.analysis.principles import broken_by

    checked = 0
    for seed in range(806, 816):
        state = HandState.new(dealer=Seat(seed % 4), seed=seed)
        while not state.is_over:
            view = PlayerView.of(state, state.to_move)
            if len(state.tricks) >= 3 and len(view.legal_actions) > 1:
                advice = FairExpert(random.Random(seed)).advise(view)
                j = advice.judgement
                assert j is not None and advice.action == j.best
                broken = {r.principle.key for r in broken_by(view, advice.action)}
                for a in j.options:
                    if a != j.best and j.is_good(a) and broken:
                        assert broken & {r.principle.key for r in broken_by(view, a)}, (view, a)
                checked += 1
            state.apply(RuleOfThumbPlayer().choose(view))
    assert checked >= 40


def test_italian_figures_name_the_other_choice_as_a_choice_not_a_command() -> None:
    """ "…; scarta K♣ vale quasi altrettanto" read as an order inside a sentence: the next
    best is named as a choice ("scartare K♣"), as the verdicts name it."""
    import random

    from hasenpfeffer_core.analysis.bots import FairExpert, RuleOfThumbPlayer
    from hasenpfeffer_core.engine.actions import Discard
    from hasenpfeffer_core.engine.i18n import language

    seen = 0
    for seed in range(30):
        state = HandState.new(dealer=Seat.N, seed=seed)
        while state.phase.name in ("AUCTION", "TRUMP"):
            state.apply(RuleOfThumbPlayer().choose(PlayerView.of(state, state.to_move)))
        if state.phase.name != "DISCARD":
            continue
        view = PlayerView.of(state, state.to_move)
        with language("it"):
            advice = FairExpert(random.Random(0)).advise(view)
        other = advice.judgement.runner_up if advice.judgement else None
        if not isinstance(other, Discard):
            continue
        assert f"scartare {other.card.text}" in advice.reason, advice.reason
        assert f"scarta {other.card.text}" not in advice.reason, advice.reason
        seen += 1
        if seen == 2:
            break
    assert seen


def test_a_choice_weighed_on_fewer_deals_than_the_best_says_why() -> None:
    """A learner read "over 16 deals" for spades and "over 56 deals" for hearts in one
    verdict: the judge stops weighing a choice once it is clearly behind. The verdict on
    such a choice says so, in words a learner reads as the reason (not "(by then it was
    clearly behind)", which read as the program's output); one weighed as long as the
    best does not."""
    from hasenpfeffer_core.analysis.hints import judged_words
    from hasenpfeffer_core.analysis.judge import Judgement
    from hasenpfeffer_core.engine.actions import NameTrump
    from hasenpfeffer_core.engine.cards import Suit

    hearts, spades, clubs = (NameTrump(Seat.N, s) for s in (Suit.HEARTS, Suit.SPADES, Suit.CLUBS))
    judged = Judgement(
        options=(hearts, spades, clubs),
        points={hearts: 2.5, spades: 1.2, clubs: 1.0},
        tricks={hearts: 4.0, spades: 3.1, clubs: 3.0},
        spread={hearts: 0.0, spades: 0.2, clubs: 0.1},
        deals=56,
        best=hearts,
        weighed={hearts: 56, spades: 16, clubs: 56},
    )
    right, pruned = judged_words(judged, spades)
    assert not right
    assert "about 1.3 less than the best choice (name hearts as trumps); 16 deals" in pruned
    assert pruned.endswith("16 deals of the unseen cards were enough to show that.")
    right, full = judged_words(judged, clubs)
    assert not right and "over 56 deals, about 1.5 less" in full and "enough" not in full


def test_a_hint_names_every_choice_worth_as_much_not_just_one() -> None:
    """Lesson 07's third exercise: 9♥, Q♥ and K♥ are worth the same; the hint said
    "Another choice is worth as much" and its figures named Q♥ alone (a learner found
    K♥ worth as much too)."""
    from hasenpfeffer_core.analysis.stats import computer_position

    state = computer_position(33, Seat.E, 20)
    view = PlayerView.of(state, state.to_move)
    advice = FairExpert(seed=1, samples=24).advise(view)
    hint = stepped_hint(view, advice)
    assert advice.judgement is not None and len(advice.judgement.ties) == 2
    assert "Other choices are worth as much in points" in hint.answer
    assert "Q♥ and K♥ are each worth as much" in advice.reason


def test_a_bid_hint_names_the_other_trumps_that_would_do_about_as_well() -> None:
    """K♠ A♥ Q♥ 10♥ 9♥ J♣: the rule of thumb's count puts spades first, and the judge
    plays a bid with that trump unless another is worth more beyond doubt. A learner
    holding four hearts with the ace was told "Your best trump would be spades" and
    nothing of hearts; the hint now says hearts would do about as well, and names a
    trump only where it is worth as much, to the close margin, on the same deals."""
    from hasenpfeffer_core.analysis.contracts import points_table
    from hasenpfeffer_core.analysis.judge import CLOSE_POINTS, CallJudgement
    from hasenpfeffer_core.analysis.session import PlaySession

    session = PlaySession(seed=17)
    view = PlayerView.of(session.state, Seat.S)
    assert " ".join(c.text for c in view.hand) == "K♠ A♥ Q♥ 10♥ 9♥ J♣"
    hint = session.hint()
    principle = hint.steps[1]
    assert principle.startswith("Your best trump would be spades")
    assert principle.endswith("Hearts would do about as well.")
    judged = session.advise().judgement
    assert isinstance(judged, CallJudgement) and isinstance(hint.action, Bid)
    net = [made - beaten for made, beaten in points_table(view.rules, hint.action)]
    mean = {t: sum(net[x] for x in tricks) / len(tricks) for t, tricks in judged.odds.items()}
    named = [t for t in judged.odds if t is not None and f"{t.plural.capitalize()} " in principle]
    assert named == [Suit.HEARTS]
    # each trump named is weighed on as many deals as spades and is worth less than
    # the close margin below it; every trump left unnamed was dropped early, or is worth
    # that much less (a trump 0.5 points behind was said to "do about as well")
    for t, tricks in judged.odds.items():
        if t in named:
            assert len(tricks) == len(judged.odds[Suit.SPADES])
            assert mean[t] > mean[Suit.SPADES] - CLOSE_POINTS
        elif t is not Suit.SPADES:
            short = len(tricks) < len(judged.odds[Suit.SPADES])
            assert short or mean[t] <= mean[Suit.SPADES] - CLOSE_POINTS
    # lesson 07's table: four hearts with the ace; diamonds (J♦ 10♦), weighed on every
    # deal too but about 0.5 points behind for a bid of 4, is not said to do as well
    table = PlaySession(seed=7)
    table.act(table.hint().action)
    second = table.hint().steps[1]
    assert second.startswith("Your best trump would be hearts"), second
    assert "would do about as well" not in second


def thumb_hint(
    seed: int, dealer: Seat, seat: Seat, until: Callable[[HandState], bool]
) -> tuple[PlayerView, SteppedHint, Judgement]:
    """The hand of ``seed`` played by the rule of thumb ``until`` it holds; the view of
    ``seat`` then, its hint and the judgement behind it."""
    from hasenpfeffer_core.analysis.bots import RuleOfThumbPlayer

    state = HandState.new(dealer=dealer, seed=seed)
    while not until(state):
        state.apply(RuleOfThumbPlayer().choose(PlayerView.of(state, state.to_move)))
    view = PlayerView.of(state, seat)
    hint = stepped_hint(view)
    assert hint.advice.judgement is not None
    return view, hint, hint.advice.judgement


def test_a_trump_in_doubt_stands_against_the_usual_rule_and_says_so() -> None:
    """West takes the widow holding J♠ A♥ Q♥ J♥ J♦ 10♦ 10♣. Over 216 deals diamonds
    comes out 0.1 points ahead of hearts, four trumps (+4.4 against +4.3), with 0.08
    points of doubt on the gap. The usual principle once decided such ties (hearts), but
    on the bench's 40 trumps, judged five times each, that chose the worse trump 10 times
    for 3 times it chose the better: the judged trump stands where the gap is in doubt.
    The hint says the rule it goes against and that hearts is worth no more here; a
    learner who names hearts by the rule is told it is as good, never that it was wrong;
    the computer names the hint's suit."""
    from hasenpfeffer_core.analysis.hints import judged_words
    from hasenpfeffer_core.analysis.principles import broken_by
    from hasenpfeffer_core.engine.actions import NameTrump
    from hasenpfeffer_core.engine.cards import Suit
    from hasenpfeffer_core.engine.state import Phase

    view, hint, judged = thumb_hint(162, Seat.N, Seat.W, lambda s: s.phase is Phase.TRUMP)
    hearts = NameTrump(Seat.W, Suit.HEARTS)
    assert hint.action == NameTrump(Seat.W, Suit.DIAMONDS) and broken_by(view, hint.action)
    assert not broken_by(view, hearts) and not judged.may_stand_for_best(hearts)
    assert judged.shown_gap(judged.best, hearts) == 0.1
    assert hint.answer == (
        "Name diamonds as trumps. It goes against the usual rule \u201cName your strongest "
        "trump suit\u201d, but the move that keeps to it (name hearts as trumps) is worth no "
        "more here. It is a close decision: another choice is worth almost as much."
    )
    right, said = judged_words(judged, hearts)
    assert right and "within 0.1 of the best choice (name diamonds as trumps)" in said
    # the computer in West's seat names the same suit
    assert FairExpert(random.Random(3)).advise(view).action == hint.action


def test_lesson_07s_trump_words_match_the_judgement() -> None:
    """Lesson 07's table: South bids 5 and takes the widow holding J♦ A♥ Q♥ 10♥ A♦ 10♦
    and a club. Hearts gives four trumps, diamonds three, and the two lie within a few
    hundredths of a point of each other, give or take 0.2 to 0.3: over about 110 deals
    hearts was +1.9 and diamonds 0.2 to 0.3 less, over 244 both +1.6, over 288 (the
    compiled solver's budget) diamonds +1.75 and hearts +1.71. Whichever the judge
    names, the words match the judgement: hearts by the rule, with diamonds as good,
    almost as good or the next best with its gap; diamonds against the rule, with
    hearts, the rule's suit, "worth no more here" (not clearly as good, so the judged
    best stands) and the decision close. The computer names the same."""
    from hasenpfeffer_core.analysis.principles import broken_by
    from hasenpfeffer_core.analysis.session import PlaySession
    from hasenpfeffer_core.engine.actions import Bid, NameTrump
    from hasenpfeffer_core.engine.cards import Suit
    from hasenpfeffer_core.engine.state import Phase

    s = PlaySession(seed=7)
    while s.state.phase is not Phase.TRUMP:
        if s.waiting_for is None:
            s.run_computers()
        else:
            s.act(Bid(s.waiting_for, 5))
    view = PlayerView.of(s.state, Seat.S)
    hint = s.hint()
    judged = hint.advice.judgement
    assert judged is not None
    hearts, diamonds = NameTrump(Seat.S, Suit.HEARTS), NameTrump(Seat.S, Suit.DIAMONDS)
    assert hint.action in (hearts, diamonds)
    assert judged.runner_up == (diamonds if hint.action == hearts else hearts)
    if hint.action == diamonds:
        assert broken_by(view, diamonds) and not broken_by(view, hearts)
        assert judged.is_good(hearts) and not judged.may_stand_for_best(hearts)
        assert (
            "It goes against the usual rule \u201cName your strongest trump suit\u201d, but the "
            "move that keeps to it (name hearts as trumps) is worth no more here."
        ) in hint.answer
        assert (
            "Another choice is worth as much in points." in hint.answer
            if judged.tied
            else "It is a close decision" in hint.answer
        )
    else:
        assert not broken_by(view, hearts) and "goes against" not in hint.answer
        assert "you would hold four trumps, J♦, A♥, Q♥ and 10♥" in hint.answer
        if judged.tied:
            said = "Another choice is worth as much in points: the usual principle decides."
            assert said in hint.answer
            assert hint.details.endswith("diamonds is worth as much.")
        elif judged.close:
            assert "It is a close decision" in hint.answer
            assert hint.details.endswith("diamonds is worth almost as much.")
        else:
            assert "close decision" not in hint.answer
            gap = judged.shown_gap(judged.best, judged.runner_up)
            assert hint.details.endswith(
                f"diamonds, the next best, is worth about {gap:.1f} points less."
            )
    assert FairExpert(random.Random(3)).advise(view).action == hint.action


def test_a_tie_no_principle_parts_is_not_said_to_be_decided_by_one() -> None:
    """West leads at the fourth trick holding A♦ and A♥, each the best card left of its
    suit and worth the same (+4.6). The hint leads A♦ by "Cash your winners", and says
    only that another choice is worth as much: "the usual principle decides" would be
    false, as the principle holds for A♥ too."""
    from hasenpfeffer_core.analysis.principles import broken_by
    from hasenpfeffer_core.engine.cards import parse_card

    view, hint, judged = thumb_hint(0, Seat.N, Seat.W, lambda s: len(s.log) >= 20)
    hearts = Play(Seat.W, parse_card("AH"))
    assert hint.action == Play(Seat.W, parse_card("AD")) and judged.ties == (hearts,)
    assert hint.reasons and not broken_by(view, hint.action) and not broken_by(view, hearts)
    assert hint.answer.endswith("lead A♦. Another choice is worth as much in points.")
    assert hint.details.endswith("A♥ is worth as much.")
    assert FairExpert(random.Random(3)).advise(view).action == hint.action


def test_a_tie_a_principle_parts_is_said_to_be_decided_by_it() -> None:
    """West discards from a hand where J♥ and Q♦ are worth the same (+5.5): discarding
    Q♦ goes against "Discard low", so the usual principle does decide, and the hint says
    so."""
    from hasenpfeffer_core.analysis.principles import broken_by
    from hasenpfeffer_core.engine.actions import Discard
    from hasenpfeffer_core.engine.cards import parse_card
    from hasenpfeffer_core.engine.state import Phase

    view, hint, judged = thumb_hint(0, Seat.N, Seat.W, lambda s: s.phase is Phase.DISCARD)
    other = Discard(Seat.W, parse_card("QD"))
    assert hint.action == Discard(Seat.W, parse_card("JH")) and judged.ties == (other,)
    assert broken_by(view, other) and not broken_by(view, hint.action)
    assert hint.answer.endswith(
        "Another choice is worth as much in points: the usual principle decides."
    )


def test_a_hint_whose_move_goes_against_a_rule_never_says_the_rule_decided() -> None:
    """Lesson 07's table, South bidding 3, then 6: the hint named clubs "against the usual
    rule 'Name your strongest trump suit'", then said "Between choices this close, the
    usual principle decides", though clubs too went against it (the rule of thumb's
    order had chosen clubs over spades, 0.1 points ahead). A choice that goes against
    a rule is the judge's best, and the hint says only that it is close."""
    from hasenpfeffer_core.analysis.session import PlaySession
    from hasenpfeffer_core.engine.state import Phase

    s = PlaySession(seed=5)
    bids = [3, 6]
    while s.state.phase is not Phase.TRUMP:
        if s.waiting_for is None:
            s.run_computers()
        else:
            s.act(Bid(s.waiting_for, bids.pop(0)))
    hint = s.hint()
    judged = hint.advice.judgement
    assert judged is not None and hint.action == judged.best
    assert judged.points[hint.action] == max(judged.points.values())
    assert "It goes against the usual rule" in hint.answer
    assert "usual principle decides" not in hint.answer
    assert "points more, too little to tell apart" not in hint.details


def test_a_close_decision_between_three_choices_says_other_choices() -> None:
    """Two other discards almost as good (A♣ and K♣ beside 9♣): the hint said "another
    choice is worth almost as much" (a learner's review); it says "other choices"."""
    from hasenpfeffer_core.analysis.hints import _close_answer
    from hasenpfeffer_core.analysis.judge import Judgement
    from hasenpfeffer_core.engine.actions import Discard
    from hasenpfeffer_core.engine.cards import Card

    low, king, ace = (Discard(Seat.S, Card(t)) for t in ("9C", "KC", "AC"))

    def closing(ace_points: float) -> str:
        """The closing note where K♣ is 0.08 behind 9♣, and A♣ worth ``ace_points``."""
        points = {low: 5.8, king: 5.72, ace: ace_points}
        j = Judgement(
            options=(low, king, ace),
            points=points,
            tricks={a: round(p, 1) for a, p in points.items()},
            spread={low: 0.0, king: 0.05, ace: 0.05},
            deals=112,
            best=low,
        )
        advice = Advice(low, "", points=j.points, close=True, judgement=j)
        return _close_answer(advice, (), "Discard 9♣.")

    assert closing(5.7) == (
        "Discard 9♣. It is a close decision: other choices are worth almost as much."
    )
    assert closing(5.2).endswith("another choice is worth almost as much.")


def test_a_close_move_against_a_usual_rule_is_never_said_to_be_the_rule_s_choice() -> None:
    """The advised move shows the lower figure and its answer says what it gives up
    against a usual rule: the closing note says only that the decision is close."""
    from hasenpfeffer_core.analysis.hints import _close_answer
    from hasenpfeffer_core.analysis.judge import Judgement
    from hasenpfeffer_core.engine.actions import Discard
    from hasenpfeffer_core.engine.cards import Card

    low, ace = (Discard(Seat.S, Card(t)) for t in ("9C", "AC"))
    j = Judgement(
        options=(low, ace),
        points={low: 5.7, ace: 5.8},
        tricks={low: 5.7, ace: 5.8},
        spread={low: 0.02, ace: 0.0},
        deals=112,
        best=ace,
    ).preferring(low)
    advice = Advice(low, "", points=j.points, close=True, judgement=j)
    ruled = _close_answer(advice, (), "Discard 9♣.")
    assert ruled.endswith("between choices this close the usual principle decides.")
    against = _close_answer(advice, (), "Discard 9♣. It goes against ...", ruled=False)
    assert against == "Discard 9♣. It goes against ... It is a close decision."


def test_the_next_best_cards_are_named_together_when_they_tie() -> None:
    """Lesson 07's second exercise: four cards shared the next-best figure, and the
    figures named one of them, "9♣, the next best" (a learner's review). They are named
    together; a lone next best is still named alone."""
    from hasenpfeffer_core.analysis.bots import _play_reason
    from hasenpfeffer_core.analysis.judge import Judgement
    from hasenpfeffer_core.engine.cards import Card

    best, *rest = (Play(Seat.S, Card(t)) for t in ("AS", "9C", "10C", "9D", "KH"))
    points = {best: 2.0, rest[0]: 1.0, rest[1]: 1.0, rest[2]: 1.0, rest[3]: 0.5}
    j = Judgement(
        options=(best, *rest),
        points=points,
        tricks={a: 2.0 for a in points},
        spread={a: 0.0 if a == best else 0.1 for a in points},
        deals=64,
        best=best,
    )
    said = _play_reason(j, 1)
    assert said.endswith("; 9♣, 10♣ and 9♦, the next best, are each worth about 1.0 points less.")
    points[rest[1]] = points[rest[2]] = 0.5
    said = _play_reason(j, 1)
    assert said.endswith("; 9♣, the next best, is worth about 1.0 points less.")
