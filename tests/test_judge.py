"""The judge (``analysis/judge.py``): one evaluation of a card to play, in points, that the
computer's card, the hint and the review all come from.

The judge is checked against an exact evaluation of every deal on positions small enough
to list them all; its points against the engine's own scoring; its close flag against
its own figures; and the review against the hint (following every hint, the review
finds no card to blame).
"""

from __future__ import annotations

import random

import pytest
from test_deals import every_deal, positions

from hasenpfeffer_core.analysis.bots import FairExpert, RuleOfThumbPlayer
from hasenpfeffer_core.analysis.deals import DealSampler
from hasenpfeffer_core.analysis.judge import CLOSE_POINTS, judge_play, net_points
from hasenpfeffer_core.analysis.session import PlaySession
from hasenpfeffer_core.analysis.solver import play_values_masks
from hasenpfeffer_core.analysis.view import PlayerView
from hasenpfeffer_core.engine.actions import Bid, Play
from hasenpfeffer_core.engine.rules import Rules
from hasenpfeffer_core.engine.scoring import score_hand
from hasenpfeffer_core.engine.seats import SEATS
from hasenpfeffer_core.engine.state import HandState, Phase
from hasenpfeffer_core.engine.tricks import trump_key


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
    for view in SMALL:
        j = judge_play(view, random.Random(5))
        other = j.runner_up
        assert other is not None
        assert j.close == (j.points[j.best] - j.points[other] < CLOSE_POINTS)
        assert j.cost(j.best) == 0 and not j.clearly_worse(j.best)


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


def test_following_every_hint_the_review_blames_no_card() -> None:
    for seed in range(3):
        session = PlaySession(seed=seed, opponents="thumb")
        while not session.state.is_over:
            if session.waiting_for is None:
                session.run_computers()
                continue
            session.act(session.hint().action)
        played = [m for m in session.mistakes() if isinstance(m.action, Play)]
        assert played == [], [(m.what, m.expert) for m in played]


def test_a_bid_is_left_to_the_auction_study() -> None:
    """(the bids, trumps and discards are not judged here yet: issue 25)"""
    view = SMALL[0]
    assert not any(isinstance(a, Bid) for a in view.legal_actions)
