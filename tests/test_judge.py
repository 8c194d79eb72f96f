"""The judge (``analysis/judge.py``): one evaluation of a decision (a card, a bid, a trump,
a discard), in points, that the computer's move, the hint, the verdicts and the review
all come from.

The judge is checked against an exact evaluation of every deal on positions small enough
to list them all; its points against the engine's own scoring; its close flag against
its own figures; and the review against the hint (following every hint, the review
finds no card to blame).
"""

from __future__ import annotations

import random

import pytest
from _support import call_positions
from test_deals import every_deal, positions

from hasenpfeffer_core.analysis import judge as judge_module
from hasenpfeffer_core.analysis.bots import FairExpert, RuleOfThumbPlayer
from hasenpfeffer_core.analysis.deals import DealSampler
from hasenpfeffer_core.analysis.hints import agrees, stepped_hint
from hasenpfeffer_core.analysis.judge import (
    CALL_MIN_DEALS,
    CLOSE_POINTS,
    Judgement,
    judge_bid,
    judge_discard,
    judge_play,
    judge_trump,
    net_points,
    position_rng,
)
from hasenpfeffer_core.analysis.principles import (
    PRINCIPLES,
    Reason,
    broken_by,
    losing_pays,
    reasons_for,
)
from hasenpfeffer_core.analysis.session import PlaySession
from hasenpfeffer_core.analysis.solver import card_runs, clear_caches, play_values_masks
from hasenpfeffer_core.analysis.view import PlayerView
from hasenpfeffer_core.engine.actions import Action, Bid, Discard, Pass, Play
from hasenpfeffer_core.engine.cards import DECK, Card, parse_card
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.rules import Rules
from hasenpfeffer_core.engine.scoring import score_hand
from hasenpfeffer_core.engine.seats import SEATS, Seat
from hasenpfeffer_core.engine.state import HandState, Phase
from hasenpfeffer_core.engine.tricks import throw_key, trump_key


def exact_points(view: PlayerView) -> dict[Play, float]:
    """Every legal card's expected points over every deal that fits (the auction's
    filter applied as the judge applies it), computed here from the enumeration."""
    sampler = DealSampler(view)
    deals = [d for d in every_deal(view) if sampler.fits is None or sampler.fits(d)]
    if not deals:
        deals = every_deal(view)
    tk = trump_key(view.trump)
    trick = [c.index for _, c in view.current_trick]
    won = sum(1 for t in view.tricks if t.winner.side is view.seat.side)
    net = net_points(view)
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    total = dict.fromkeys(plays, 0.0)
    assert view.leader is not None
    for d in deals:
        values = play_values_masks(d, tk, view.leader.value, trick, active=15)
        for a in plays:
            total[a] += net[won + values[a.card.index]]
    return {a: v / len(deals) for a, v in total.items()}


SMALL = [v for v in positions(trick=3, want_voids=0) if len(v.legal_actions) > 1][:12]


@pytest.mark.parametrize("view", SMALL, ids=lambda v: f"{v.seat.name}-{len(v.played)}")
def test_the_judged_card_is_within_a_close_margin_of_the_exact_best(view: PlayerView) -> None:
    exact = exact_points(view)
    j = judge_play(view, random.Random(3))
    assert max(exact.values()) - exact[j.best] < CLOSE_POINTS
    for a in j.options:  # and what each card costs against the best is near the exact cost
        judged = j.points[j.best] - j.points[a]
        assert abs(judged - (exact[j.best] - exact[a])) < 4 * max(0.1, j.spread[a])


def test_net_points_come_from_the_engine_scoring() -> None:
    view = SMALL[0]
    high = view.high_bid
    assert high is not None
    ours = view.seat.side is high.seat.side
    for taken in range(7):
        maker = taken if ours else 6 - taken
        result = score_hand(
            view.rules, high, {high.seat.side: maker, high.seat.side.other: 6 - maker}
        )
        mine = result.points[view.seat.side] - result.points[view.seat.side.other]
        assert net_points(view)[taken] == mine


def test_close_means_the_runner_up_is_less_than_the_margin_behind() -> None:
    """Less than 0.15 points behind is close; 0.25 or more never is; in between, only as
    far as half a standard error of the gap (the deals weighed happened to suit the best
    best, so the gap behind it measures wide)."""
    for view in SMALL:
        j = judge_play(view, random.Random(5))
        other = j.runner_up
        assert other is not None
        gap = j.points[j.best] - j.points[other]
        if gap < CLOSE_POINTS or gap >= 0.25:
            assert j.close == (gap < CLOSE_POINTS)
        else:
            assert j.close == (gap < CLOSE_POINTS + j.spread[other] / 2)
        assert j.cost(j.best) == 0 and not j.clearly_worse(j.best)
        assert not any(j.clearly_worse(a) and j.is_good(a) for a in j.options)


def test_a_gap_the_deals_leave_in_doubt_counts_as_close_up_to_a_point() -> None:
    """A runner-up 0.18 points behind is a close decision, and as good, where the gap's
    standard error is 0.2 (the best on the deals weighed is the one they happened to
    suit best, so the gap behind it measures wide); not where the deals pin the gap down
    (0.02); and a gap of 0.2 or more never is, however wide the doubt."""
    best, other = Play(Seat.N, parse_card("AS")), Play(Seat.N, parse_card("9S"))

    def judged(gap: float, se: float) -> Judgement:
        return Judgement(
            options=(best, other),
            points={best: 1.0, other: 1.0 - gap},
            tricks={best: 3.0, other: 3.0},
            spread={best: 0.0, other: se},
            deals=40,
            best=best,
        )

    doubt = judged(0.18, 0.2)
    assert doubt.close and doubt.is_good(other) and not doubt.clearly_worse(other)
    sure = judged(0.18, 0.02)
    assert not sure.close and not sure.is_good(other) and sure.clearly_worse(other)
    assert not judged(0.26, 1.0).close and not judged(0.21, 1.0).close
    assert judged(0.1, 0.0).close


def lost_contract_positions() -> list[PlayerView]:
    """Makers to play whose bid can no longer be made, with a card that wins the trick
    and one that does not: under the source rules every trick they take now costs them
    a point."""
    found = []
    thumb = RuleOfThumbPlayer()
    for seed in range(300):
        h = HandState.new(dealer=SEATS[seed % 4], seed=seed, rules=Rules())
        while not h.is_over:
            seat = h.to_move
            assert seat is not None
            view = PlayerView.of(h, seat)
            high = view.high_bid
            if (
                h.phase is Phase.PLAY
                and high is not None
                and not high.big
                and seat.side is high.seat.side
                and len(view.legal_actions) > 1
                and len(view.current_trick) == 3
            ):
                won = sum(1 for t in view.tricks if t.winner.side is seat.side)
                if won + (6 - len(view.tricks)) < high.tricks:
                    found.append(view)
            h.apply(thumb.choose(view))
        if len(found) >= 5:
            break
    return found


def test_when_the_bid_is_lost_the_makers_stop_taking_tricks() -> None:
    views = lost_contract_positions()
    assert views, "no lost contract turned up"
    for view in views:
        j = judge_play(view, random.Random(1))
        assert j.tricks[j.best] == min(j.tricks.values())
        assert j.points[j.best] >= max(j.points.values()) - 1e-9
        reason = FairExpert(random.Random(1)).advise(view).reason
        assert "points to your side" in reason


def test_the_hint_reason_speaks_in_points_with_tricks_as_an_aside() -> None:
    view = SMALL[0]
    reason = FairExpert(random.Random(2)).advise(view).reason
    assert "points to your side on average" in reason
    assert "tricks left)" in reason


def test_following_every_hint_the_review_blames_no_decision() -> None:
    for seed in range(3):
        session = PlaySession(seed=seed, opponents="thumb")
        while not session.state.is_over:
            if session.waiting_for is None:
                session.run_computers()
                continue
            session.act(session.hint().action)
        blamed = session.mistakes()  # cards, bids, trumps and discards alike
        assert blamed == [], [(m.what, m.expert) for m in blamed]


def test_where_every_card_does_as_well_the_hint_gives_up_the_lowest_and_says_so() -> None:
    """Lesson 07's table (seed 7): with 10♥ and J♦ left, spades trumps, every card did
    as well and the hint played J♦, against its own "Throw your lowest card" and its own
    "keep your better cards" (ties went by the order of the suits, not by rank)."""
    tied = 0
    session = PlaySession(seed=7)
    while not session.state.is_over:
        seat = session.waiting_for
        if seat is None:
            session.run_computers()
            continue
        hint = session.hint()
        view = PlayerView.of(session.state, seat)
        j = hint.advice.judgement
        if j is not None and j.indifferent and isinstance(hint.action, Play):
            tied += 1
            tk = trump_key(view.trump)
            low = min(throw_key(a.card, tk) for a in view.legal_actions if isinstance(a, Play))
            assert throw_key(hint.action.card, tk) == low, hint.answer
            assert "comes down to how the unseen cards lie" not in hint.principle
            broken = [r.principle.key for r in broken_by(view, hint.action)]
            assert "throw-lowest" not in broken, hint.answer
        session.act(hint.action)
    assert tied >= 2


# --- the calls: the bid, the trump, the discard -------------------------------------------


@pytest.mark.parametrize("phase", [Phase.AUCTION, Phase.TRUMP, Phase.DISCARD])
def test_every_legal_call_is_weighed_in_points_on_the_same_deals(phase: Phase) -> None:
    judge = {Phase.AUCTION: judge_bid, Phase.TRUMP: judge_trump, Phase.DISCARD: judge_discard}
    for view in call_positions(phase, 3):
        j = judge[phase](view)
        # every legal choice has a figure it was weighed for (none is a made-up 0.0)
        assert set(j.options) == set(view.legal_actions)
        assert j.deals >= CALL_MIN_DEALS
        # the best is worth the most, or within a close margin of it (the rule of
        # thumb's choice among options the deals cannot tell apart)
        assert j.points[j.best] > max(j.points.values()) - CLOSE_POINTS
        assert j.cost(j.best) == 0 and all(j.cost(a) >= 0 for a in j.options)
        # the same position always gets the same judgement, whoever asks
        assert judge[phase](view).points == j.points
        # the expert's call is the judge's best, or one the judge cannot tell from it
        # that keeps to a usual principle the best goes against
        advised = FairExpert(random.Random(5)).advise(view).action
        assert advised == j.best or (j.is_good(advised) and broken_by(view, j.best))


@pytest.mark.parametrize("phase", [Phase.TRUMP, Phase.DISCARD])
def test_a_call_weighs_the_same_deals_whatever_was_solved_before(
    phase: Phase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A trump or a discard is weighed until a budget of the solver's work is spent.
    The same position must get the same figures and the same call every time (in the
    browser as in a notebook, before or after other hands were judged), so the work is
    counted on the judgement's own tables, not on the solver's memory of earlier hands."""
    # a budget small enough to end every judgement here (most end sooner, when clear)
    monkeypatch.setattr(judge_module, "CALL_WORK", 4_000)
    judge = {Phase.TRUMP: judge_trump, Phase.DISCARD: judge_discard}[phase]
    for view in call_positions(phase, 3):
        clear_caches()
        first = judge(view, position_rng(view))
        # asked again (the hint, then the computer's call), the solver remembering the
        # positions of the first time
        again = judge(view, position_rng(view))
        assert (first.deals, first.best, first.points) == (again.deals, again.best, again.points)


def test_a_pass_is_worth_what_the_other_side_s_contract_costs() -> None:
    views = [v for v in call_positions(Phase.AUCTION, 6, nth=1) if v.high_bid is not None]
    views = [v for v in views if v.high_bid.seat.side is not v.seat.side]
    assert views, "no position with an opponent holding the auction"
    for view in views:
        j = judge_bid(view)
        assert j.passing == "opponents"
        passing = next(a for a in j.options if isinstance(a, Pass))
        # the other side plays its contract and usually makes it: passing costs points
        assert j.points[passing] != 0.0
    assert min(judge_bid(v).points[Pass(v.seat)] for v in views) < -1


def test_discarding_either_of_two_touching_cards_is_worth_the_same() -> None:
    for view in call_positions(Phase.DISCARD, 4):
        j = judge_discard(view)
        by_card = {a.card: a for a in j.options if isinstance(a, Discard)}
        tk = trump_key(view.trump)
        for run in card_runs(sum(1 << c.index for c in view.hand), (1 << 25) - 1, tk):
            values = {round(j.points[by_card[DECK[c]]], 9) for c in run}
            assert len(values) == 1, run


def test_over_partner_s_bid_a_bid_is_advised_only_when_a_pass_is_clearly_worse() -> None:
    views = [
        v
        for v in call_positions(Phase.AUCTION, 8, nth=2)
        if v.high_bid is not None and v.high_bid.seat is v.seat.partner
    ]
    assert views, "no position with partner holding the auction"
    for view in views:
        j = judge_bid(view)
        passing = Pass(view.seat)
        if isinstance(j.best, Bid):
            assert j.passing == "partner"
            assert j.points[j.best] - j.points[passing] >= CLOSE_POINTS


# --- the principles agree with the judge -------------------------------------------------


def test_when_the_bid_is_lost_the_principle_says_to_lose_the_trick() -> None:
    views = [v for v in lost_contract_positions() if losing_pays(v)]
    assert views
    for view in views:
        j = judge_play(view, random.Random(1))
        said = [r for a in view.legal_actions for r in reasons_for(view, a)]
        # the principles of winning tricks are silent here: only the score speaks
        assert {r.principle.key for r in said} <= {"lose-when-it-pays"}
        for r in said:
            assert "can no longer be made" in r.text and "costs it a point" in r.text
        for a in view.legal_actions:
            for r in broken_by(view, a):
                assert agrees(j, r, a) or j.cost(a) < CLOSE_POINTS


def test_a_principle_that_points_to_a_clearly_worse_move_is_left_unsaid() -> None:
    view = SMALL[0]
    j = judge_play(view, random.Random(1))
    plays = sorted(j.options, key=lambda a: j.points[a])
    worst, best = plays[0], plays[-1]
    assert isinstance(worst, Play) and isinstance(best, Play)
    if j.cost(worst) < CLOSE_POINTS:
        pytest.skip("every card is as good here")
    principle = PRINCIPLES[0]
    pointing_to_worst = Reason(principle, f"You played {best.card.text}. Play {worst.card.text}.")
    pointing_to_best = Reason(principle, f"You played {worst.card.text}. Play {best.card.text}.")
    assert not agrees(j, pointing_to_worst, best)
    assert agrees(j, pointing_to_best, worst)


def test_a_hint_whose_move_breaks_a_usual_principle_says_what_outweighs_it() -> None:
    seen = 0
    for view in [v for v in positions(trick=2, want_voids=0) if len(v.legal_actions) > 1][:40]:
        advice = FairExpert(random.Random(3)).advise(view)
        if not broken_by(view, advice.action):
            continue
        hint = stepped_hint(view, advice)
        assert "It goes against the usual rule" in hint.answer
        assert _(broken_by(view, advice.action)[0].principle.name) in hint.answer
        seen += 1
        if seen == 3:
            break  # (each position judged costs a second)
    assert seen, "no hint broke a principle in these positions: choose others"


def _pair(
    best: tuple[Action, float, float], other: tuple[Action, float, float], spread: float
) -> Judgement:
    """A judgement made by hand of two options, each (action, points, tricks), the best
    first; ``spread`` is the doubt of the other's difference from it."""
    (a, points_a, tricks_a), (b, points_b, tricks_b) = best, other
    return Judgement(
        options=(a, b),
        points={a: points_a, b: points_b},
        tricks={a: tricks_a, b: tricks_b},
        spread={a: 0.0, b: spread},
        deals=64,
        best=a,
    )


def test_a_gap_is_read_off_the_figures_a_learner_sees() -> None:
    # +5.5 against +0.8 reads as 4.7 less, not the 4.8 the unrounded figures give
    bid, passing = Bid(Seat.N, 4), Pass(Seat.N)
    j = _pair((bid, 5.5, 5.5), (passing, 0.75, 0.0), spread=0.3)
    assert f"{j.cost(passing):.1f}" == "4.8" and j.shown_gap(bid, passing) == 4.7
    assert f"{j.points[bid]:+.1f}" == "+5.5" and f"{j.points[passing]:+.1f}" == "+0.8"


def test_a_best_preferred_by_a_principle_is_told_as_a_tie_never_as_a_negative_gap() -> None:
    """Where the usual principle decides between options within a close decision's
    margin, the option it passes over may show the higher figure (+1.0 against +0.9):
    the verdicts say it is 0.1 more than the choice the principle prefers, never "within
    -0.1 of the best", nor "as much as" beside figures that differ, nor "the best choice"
    of the one with the lower figure."""
    from hasenpfeffer_core.analysis.hints import judged_words

    high, low = Play(Seat.S, Card("KC")), Play(Seat.S, Card("9C"))
    j = _pair((high, 1.0, 2.0), (low, 0.92, 2.0), spread=0.02)
    assert j.is_good(low) and not j.tied
    p = j.preferring(low)
    assert p.best == low and p.tied and p.cost(high) == 0 and p.close
    right, said = judged_words(p, high)
    assert right and "0.1 more than the choice the usual principle prefers (play 9♣)" in said
    assert "as much as" not in said and "best choice" not in said and "-" not in said
    with pytest.raises(ValueError, match="cannot stand for the best"):
        _pair((high, 1.0, 2.0), (low, 0.5, 1.0), spread=0.01).preferring(low)
    # nor one as close, where the gap is in doubt (two standard errors take it past
    # a close decision's margin): a principle is no measurement
    doubtful = _pair((high, 1.0, 2.0), (low, 0.92, 2.0), spread=0.05)
    assert doubtful.is_good(low) and not doubtful.may_stand_for_best(low)
    with pytest.raises(ValueError, match="cannot stand for the best"):
        doubtful.preferring(low)


def test_a_stored_judgement_reads_back_and_words_the_same_advice() -> None:
    """A judgement stored as data (a puzzle's) gives the same advice, word for word, as
    the expert gave when it judged: calls and plays alike; data that is not a
    judgement is refused, saying so."""
    import json

    from hasenpfeffer_core.analysis.bots import advice_from
    from hasenpfeffer_core.analysis.judgement_data import judgement_data, judgement_from_data

    h = HandState.new(dealer=Seat.N, seed=5)
    expert = FairExpert(1)
    kinds = set()
    for _step in range(14):
        view = PlayerView.of(h, h.to_move)
        advice = expert.advise(view)
        if advice.judgement is not None:
            data = json.loads(json.dumps(judgement_data(advice.judgement), ensure_ascii=False))
            stored = judgement_from_data(data)
            assert stored.made == pytest.approx(advice.judgement.made, abs=1e-6)
            again = advice_from(view, stored)
            assert (again.action, again.reason, again.close) == (
                advice.action,
                advice.reason,
                advice.close,
            )
            kinds.add(type(advice.action).__name__)
        h.apply(advice.action)
    assert {"Bid", "NameTrump", "Discard", "Play"} <= kinds
    made = {**judgement_data(advice.judgement), "made": [1.5] * len(advice.judgement.options)}
    for bad in ({}, {"options": ["S play AS"], "best": 3}, {"options": "x"}, made):
        with pytest.raises(ValueError, match="not a stored judgement"):
            judgement_from_data(bad)
