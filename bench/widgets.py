"""How long the lesson widgets' Python callbacks take (a benchmark, not a test).

Run ``python bench/widgets.py [--rounds 200] [--hands 30] [--hints 60] [--seed 0]``.
It needs ipywidgets (``pip install -e '.[lessons]'``) but no notebook: the widgets
are built in this process and driven the way a learner drives them (pressing
buttons, changing the choices), and every callback is timed by the ``guarded``
decorator, which appends ``(callback name, seconds)`` to the widget's ``timings``.
What is driven:

* RankingExplorer: ``--rounds`` changes of trump, of the two cards compared and
  of "Show effective suits".
* LegalPlayQuiz: ``--rounds`` questions: select some cards, Check, Next question.
* TrickWinnerQuiz: ``--rounds`` questions: press a card, Next question.
* HandReplayer: every teaching hand opened from the picker (which works out the
  double-dummy marks once), stepped with Next to the end, Back, First, Last and
  each "Jump to" target.
* PlayTable: ``--hands`` hands against the rule-of-thumb players, then as many against
  fair experts (the partner is a fair expert in both), the learner pressing a random
  legal button (and Undo now and then); at up to ``--hints`` decisions of each table
  it presses Hint first. Each hint, and each decision of a computer player with a
  real choice, is timed on its own, by kind (bid, trump, discard, play).

For each widget and callback the table gives the count, the median, the 95th
percentile and the largest time in milliseconds, against the targets: 30 ms at the
95th percentile for every interaction; for a decision of the fair expert (a hint or a
computer's turn) issue 25's: 300 ms in play and 800 ms for a bid, a trump or a discard
(they were 150 and 500 ms while the judge counted tricks on fewer deals). A press
at the play table includes the computers' turns that follow it: it is timed, with no
target of its own. Opening a record in
the replayer (which works out the double-dummy marks) and the play table's last
card (which annotates the finished hand) are listed on their own lines, and held
to the same 30 ms. Progress goes to stderr; the table to
stdout. The exit status is 0 even when a target is missed (it is a measurement).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

try:
    import ipywidgets  # noqa: F401
except ImportError:  # pragma: no cover - a hint for the person running it
    sys.exit("bench/widgets.py needs ipywidgets: pip install -e '.[lessons]'")

from hasenpfeffer_core import DECK, Seat
from hasenpfeffer_core.analysis.hints import decision_kind
from hasenpfeffer_core.analysis.teaching import teaching_hand_names
from hasenpfeffer_core.faces.widgets import (
    HandReplayer,
    LegalPlayQuiz,
    PlayTable,
    RankingExplorer,
    TrickWinnerQuiz,
)

#: The targets, in milliseconds at the 95th percentile: every interaction of the
#: widgets, and each decision of the fair expert (a hint, or a computer's turn) by kind.
TARGET_MS = 30.0
DECISION_TARGET_MS = {"bid": 800.0, "trump": 800.0, "discard": 800.0, "alone": 800.0, "play": 300.0}
#: The play table's presses include the computers' turns that follow: timed, no target.
NO_TARGET = float("inf")
#: What each callback is, in the learner's words (callbacks not listed keep their name).
LABELS = {
    "_on_change": "change trump / cards / suits",
    "_on_toggle": "select a card",
    "_on_check": "Check",
    "_on_next": "Next",
    "_on_answer": "press a card",
    "_on_pick": "open a teaching hand",
    "_on_back": "Back",
    "_on_first": "First",
    "_on_last": "Last",
    "_on_jump": "Jump to",
    "_on_action": "press an action (bid, trump, card...)",
    "_on_undo": "Undo",
    "_on_new_hand": "New hand",
    "_on_hint": "Hint",
    "_on_review": "Review my decisions (the expert's view of each mistake)",
    "_on_again": "Try again from here",
    "last card": "the last card (annotates the finished hand)",
}


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation between the closest ranks."""
    xs = sorted(values)
    if len(xs) == 1:
        return xs[0]
    pos = q * (len(xs) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def fresh(widget: Any) -> Any:
    """The widget with the timings of its construction forgotten."""
    widget.timings.clear()
    return widget


def drive_ranking(rounds: int, rng: random.Random) -> list[tuple[str, float]]:
    r = fresh(RankingExplorer())
    values = [v for _, v in r.trump_picker.options]
    for i in range(rounds):
        if i % 10 == 0:
            progress(f"  ranking explorer: {i}/{rounds}")
        r.trump_picker.value = values[(values.index(r.trump_picker.value) + 1) % len(values)]
        r.card_a.value = rng.choice(DECK)
        r.card_b.value = rng.choice(DECK)
        if i % 5 == 0:
            r.show_suits.value = not r.show_suits.value
    return list(r.timings)


def drive_legal_quiz(rounds: int, rng: random.Random) -> list[tuple[str, float]]:
    q = fresh(LegalPlayQuiz(seed=rng.randrange(10**6)))
    for i in range(rounds):
        if i % 25 == 0:
            progress(f"  legal-play quiz: {i}/{rounds}")
        buttons = list(q.card_buttons)
        for b in rng.sample(buttons, rng.randint(1, len(buttons))):
            b.value = True
        q.check_button.click()
        q.next_button.click()
    return list(q.timings)


def drive_trick_quiz(rounds: int, rng: random.Random) -> list[tuple[str, float]]:
    q = fresh(TrickWinnerQuiz(seed=rng.randrange(10**6)))
    for i in range(rounds):
        if i % 25 == 0:
            progress(f"  trick-winner quiz: {i}/{rounds}")
        rng.choice(q.answer_buttons).click()
        q.next_button.click()
    return list(q.timings)


def drive_replayer(names: Iterable[str]) -> list[tuple[str, float]]:
    r = fresh(HandReplayer())
    names = list(names)
    for i, name in enumerate(names):
        progress(f"  hand replayer: {name} ({i + 1}/{len(names)})")
        r.hand_picker.value = name
        while not r.next_button.disabled:
            r.next_button.click()
        for _ in range(3):
            r.back_button.click()
        r.first_button.click()
        r.last_button.click()
        for _, step in r.trick_jump.options:
            r.trick_jump.value = step
        r.first_button.click()
    return list(r.timings)


def _time_computers(t: Any, out: list[tuple[str, float]]) -> None:
    """Time every decision of the table's computer players (those with a real choice)."""
    original = t.session.computer

    class Timed:
        def __init__(self, player: Any) -> None:
            self.player = player

        def choose(self, view: Any) -> Any:
            start = time.perf_counter()
            action = self.player.choose(view)
            if len(view.legal_actions) > 1:
                out.append(
                    (
                        f"computer: {decision_kind(view.legal_actions[0])}",
                        time.perf_counter() - start,
                    )
                )
            return action

    t.session.computer = lambda seat: Timed(original(seat))


def drive_play_table(
    hands: int, hints: int, rng: random.Random, opponents: str
) -> list[tuple[str, float]]:
    t = fresh(PlayTable(seat=Seat.S, opponents=opponents, seed=rng.randrange(10**6)))
    computers: list[tuple[str, float]] = []
    _time_computers(t, computers)
    decisions = 0
    hinted = 0

    def hint() -> None:
        nonlocal hinted
        kind = decision_kind(t.state.legal_actions()[0])
        t.hint_button.click()
        name, secs = t.timings[-1]
        if name == "_on_hint":
            t.timings[-1] = (f"hint: {kind}", secs)
        hinted += 1

    for h in range(hands):
        progress(f"  play table ({opponents}): hand {h + 1}/{hands} ({hinted} hints so far)")
        undone = False
        while not t.state.is_over:
            buttons = t.action_buttons
            if not buttons:  # not the learner's turn: nothing to press (should not happen)
                break
            decisions += 1
            if hinted < hints and len(buttons) > 1 and decisions % 2 == 0:
                hint()
            rng.choice(buttons).click()
            if t.state.is_over and t.timings and t.timings[-1][0] == "_on_action":
                t.timings[-1] = ("last card", t.timings[-1][1])  # it annotates the hand
            if not undone and rng.random() < 0.1 and not t.undo_button.disabled:
                t.undo_button.click()
                undone = True
        if t.review_button in t.decisions.children:  # the hand's review, when offered
            t.review_button.click()
        t.new_hand_button.click()
    # If the hands ran out before the hints did, ask for the rest on fresh deals.
    while hinted < hints:
        if t.state.is_over or not t.action_buttons:
            t.new_hand_button.click()
            continue
        if len(t.action_buttons) > 1:
            hint()
        rng.choice(t.action_buttons).click()
    return list(t.timings) + computers


def table(rows: list[tuple[str, str, list[float], float]]) -> str:
    head = ("widget", "interaction", "n", "median ms", "p95 ms", "max ms", "target p95", "")
    lines = []
    for widget, label, secs, target in rows:
        ms = [s * 1000 for s in secs]
        p95 = percentile(ms, 0.95)
        lines.append(
            (
                widget,
                label,
                str(len(ms)),
                f"{statistics.median(ms):.2f}",
                f"{p95:.2f}",
                f"{max(ms):.2f}",
                f"< {target:.0f} ms" if target != NO_TARGET else "(timed)",
                ("ok" if p95 < target else "SLOW") if target != NO_TARGET else "",
            )
        )
    widths = [max(len(r[i]) for r in [head, *lines]) for i in range(len(head))]
    right = {2, 3, 4, 5}

    def fmt(r: tuple[str, ...]) -> str:
        return "  ".join(
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([fmt(head), rule, *(fmt(r) for r in lines)])


def _target(widget: str, name: str) -> float:
    """The p95 target of one row: a decision's by its kind, none for a play table press
    (it includes the computers' turns), 30 ms for everything else."""
    if name.startswith(("hint: ", "computer: ")):
        return DECISION_TARGET_MS[name.split(": ", 1)[1]]
    if widget.startswith("PlayTable") and name in (
        "_on_action",
        "last card",
        "_on_undo",
        "_on_new_hand",
        "_on_review",
        "_on_again",
    ):
        return NO_TARGET
    return TARGET_MS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200, help="questions/changes (200)")
    parser.add_argument("--hands", type=int, default=30, help="hands at the play table (30)")
    parser.add_argument("--hints", type=int, default=60, help="hints asked per table (60)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    drives: list[tuple[str, Callable[[], list[tuple[str, float]]]]] = [
        ("RankingExplorer", lambda: drive_ranking(args.rounds, rng)),
        ("LegalPlayQuiz", lambda: drive_legal_quiz(args.rounds, rng)),
        ("TrickWinnerQuiz", lambda: drive_trick_quiz(args.rounds, rng)),
        ("HandReplayer", lambda: drive_replayer(teaching_hand_names())),
        ("PlayTable (thumb)", lambda: drive_play_table(args.hands, args.hints, rng, "thumb")),
        ("PlayTable (expert)", lambda: drive_play_table(args.hands, args.hints, rng, "expert")),
    ]
    rows: list[tuple[str, str, list[float], float]] = []
    hint: list[float] = []
    every: list[float] = []
    wall = time.perf_counter()
    for widget, drive in drives:
        progress(f"{widget} ...")
        timings = drive()
        by_name: dict[str, list[float]] = {}
        for name, secs in timings:
            by_name.setdefault(name, []).append(secs)
        for name, secs in sorted(by_name.items()):
            target = _target(widget, name)
            rows.append((widget, LABELS.get(name, name), secs, target))
            if name.startswith("hint: "):
                hint.extend(secs)
            elif target == TARGET_MS:
                every.extend(secs)
        plain = [s for name, s in timings if _target(widget, name) == TARGET_MS]
        if plain:
            rows.append((widget, "(all interactions but decisions)", plain, TARGET_MS))
    print(
        f"Widget callbacks, timed by the guarded decorator "
        f"(seed {args.seed}, {time.perf_counter() - wall:.1f} s in all)"
    )
    print()
    print(table(rows))
    print()
    ms = [s * 1000 for s in every]
    print(
        f"every interaction but the hint: n={len(ms)} median={statistics.median(ms):.2f} ms "
        f"p95={percentile(ms, 0.95):.2f} ms (target < {TARGET_MS:.0f} ms)"
    )
    if hint:
        hs = [s * 1000 for s in hint]
        print(f"hints, every kind: n={len(hs)} median={statistics.median(hs):.2f} ms")
    slow = [
        f"{w} / {label}"
        for w, label, secs, target in rows
        if percentile([s * 1000 for s in secs], 0.95) >= target
    ]
    print("all targets met" if not slow else f"missed targets: {'; '.join(slow)}")


if __name__ == "__main__":
    main()
