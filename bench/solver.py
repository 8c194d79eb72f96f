"""Speed of the double-dummy solver (``hasenpfeffer_core.analysis.solver``), in pure Python.

Run ``python bench/solver.py [--deals 1000] [--seed 0]``. What is measured:

1. ``double_dummy`` on random full deals: 24 of the 25 cards dealt at random,
   6 to each seat (the 25th is out of play), a random trump suit and a random
   leader, seeded with ``random.Random(seed)``. Each call goes through the
   public function (reading the cards and checking the position included).
   Timed three ways: with the caches the solver keeps between calls (its
   normal use), with the caches cleared before each deal (cold), and the same
   hands and leaders at no trump.
2. A plain search written here: minimax over every legal card, no pruning, no
   transposition table, using the rule tables of ``hasenpfeffer_core.engine.tricks``.
   A full deal takes it minutes, so it runs on ``--plain-deals`` positions
   with ``--plain-tricks`` tricks left (by default 30 positions with 4 tricks
   left: the first two tricks of the first deals played with random legal
   cards; with 5 tricks left it already takes from 0.1 s to a minute each).
   The solver is timed on the same positions with cold caches; the speed-up is
   median plain time / median solver time, and both must give the same value.
3. The complete annotation of a hand: ``play_values`` at each of the 24 plays
   of a deal played out with random legal cards, over ``--hands`` deals,
   caches cleared before each hand.

Times are wall-clock times by default; ``--clock cpu`` uses the CPU time of
the process instead, which is steadier on a busy machine. Progress goes to
stderr, the figures to stdout.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hasenpfeffer_core.analysis.solve_cards import double_dummy, play_values
from hasenpfeffer_core.analysis.solver import (
    clear_caches,
    solve_masks,
)
from hasenpfeffer_core.engine.cards import DECK, SUITS, Card, Suit
from hasenpfeffer_core.engine.seats import SEATS, Seat
from hasenpfeffer_core.engine.tricks import (
    legal_mask,
    legal_plays,
    trick_winner,
    trump_key,
    winner_index,
)

Hands = dict[Seat, list[Card]]

#: The clock of every timing: wall-clock time by default, or the CPU time of
#: this process with ``--clock cpu`` (steadier on a busy machine).
clock: Callable[[], float] = time.perf_counter


class Deal:
    """One position: hands (by seat), trump, leader."""

    def __init__(self, hands: Hands, trump: Suit | None, leader: Seat) -> None:
        self.hands = hands
        self.trump = trump
        self.leader = leader

    def masks(self) -> list[int]:
        return [sum(1 << c.index for c in self.hands[s]) for s in SEATS]


def random_deals(n: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    deals = []
    for _ in range(n):
        deck = list(DECK)
        rng.shuffle(deck)
        hands = {s: deck[6 * i : 6 * i + 6] for i, s in enumerate(SEATS)}
        deals.append(Deal(hands, rng.choice(SUITS), rng.choice(SEATS)))
    return deals


class Progress:
    """A counter on stderr once a phase has run for a second: rewritten in place on a
    terminal, a line every few seconds otherwise."""

    def __init__(self, label: str, total: int) -> None:
        self.label = label
        self.total = total
        self.start = self.last = time.perf_counter()
        self.tty = sys.stderr.isatty()
        self.shown = False

    def step(self, done: int) -> None:
        now = time.perf_counter()
        if now - self.start < 1.0 or (not self.tty and now - self.last < 5.0 and done < self.total):
            return
        self.last = now
        end = "" if self.tty else "\n"
        print(f"\r  {self.label}: {done}/{self.total}", end=end, file=sys.stderr, flush=True)
        self.shown = True

    def close(self) -> None:
        if self.shown and self.tty:
            print(file=sys.stderr, flush=True)


def summary(times: Sequence[float]) -> str:
    ts = sorted(times)
    p90 = statistics.quantiles(ts, n=10, method="inclusive")[-1] if len(ts) > 1 else ts[0]
    return (
        f"median {ms(statistics.median(ts))}   90th percentile {ms(p90)}   "
        f"worst {ms(ts[-1])}   mean {ms(statistics.fmean(ts))}"
    )


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms"


def timed_double_dummy(deals: Sequence[Deal], label: str, *, cold: bool) -> list[float]:
    times = []
    progress = Progress(label, len(deals))
    for i, d in enumerate(deals, 1):
        if cold:
            clear_caches()
        hands = {s: d.hands[s] for s in SEATS}
        t0 = clock()
        double_dummy(hands, d.trump, d.leader)
        times.append(clock() - t0)
        progress.step(i)
    progress.close()
    return times


# --- the plain search ------------------------------------------------------------


def plain_minimax(masks: list[int], tk: int, leader: int) -> int:
    """N-S's tricks: every legal card of every player, no pruning, nothing remembered."""
    hands = list(masks)

    def trick(leader: int, played: list[int]) -> int:
        if len(played) == 4:
            winner = (leader + winner_index(played, tk)) % 4
            won = 1 if winner % 2 == 0 else 0
            return won + (trick(winner, []) if hands[winner] else 0)
        seat = (leader + len(played)) % 4
        legal = legal_mask(hands[seat], played[0] if played else -1, tk, False)
        best = -1 if seat % 2 == 0 else 99
        for c in range(25):
            if legal >> c & 1:
                hands[seat] ^= 1 << c
                v = trick(leader, [*played, c])
                hands[seat] ^= 1 << c
                best = max(best, v) if seat % 2 == 0 else min(best, v)
        return best

    return trick(leader, [])


def plain_positions(deals: Sequence[Deal], tricks_left: int, seed: int) -> list[Deal]:
    """The deals with their first tricks played with random legal cards."""
    rng = random.Random(seed + 1)
    out = []
    for d in deals:
        hands = {s: list(d.hands[s]) for s in SEATS}
        leader = d.leader
        for _ in range(6 - tricks_left):
            played: list[Card] = []
            for k in range(4):
                seat = SEATS[(leader.value + k) % 4]
                card = rng.choice(legal_plays(hands[seat], played, d.trump))
                hands[seat].remove(card)
                played.append(card)
            leader = SEATS[(leader.value + trick_winner(played, d.trump)) % 4]
        out.append(Deal(hands, d.trump, leader))
    return out


# --- the annotation ------------------------------------------------------------


def annotate(d: Deal, rng: random.Random) -> tuple[float, list[float]]:
    """Play ``d`` out with random legal cards, calling play_values before every play."""
    hands = {s: list(d.hands[s]) for s in SEATS}
    leader = d.leader
    calls = []
    for _ in range(6):
        played: list[Card] = []
        for k in range(4):
            seat = SEATS[(leader.value + k) % 4]
            t0 = clock()
            values = play_values(hands, d.trump, leader, played)
            calls.append(clock() - t0)
            card = rng.choice(list(values))
            hands[seat].remove(card)
            played.append(card)
        leader = SEATS[(leader.value + trick_winner(played, d.trump)) % 4]
    return sum(calls), calls


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000, help="random full deals (1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (0)")
    parser.add_argument(
        "--plain-deals", type=int, default=30, help="positions for the plain search (30)"
    )
    parser.add_argument(
        "--plain-tricks", type=int, default=4, choices=range(1, 7), help="their tricks left (4)"
    )
    parser.add_argument("--hands", type=int, default=100, help="hands annotated (100)")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time by the wall clock (time.perf_counter, the default) or by the CPU time "
        "of this process (time.process_time)",
    )
    args = parser.parse_args(argv)
    global clock
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    deals = random_deals(max(args.deals, args.plain_deals, args.hands), args.seed)
    main_deals = deals[: args.deals]
    out: Callable[[str], None] = lambda line: print(line, flush=True)  # noqa: E731

    out(
        f"Python {sys.version.split()[0]}; seed {args.seed}; "
        + ("wall-clock times" if args.clock == "wall" else "CPU times of this process")
    )
    if main_deals:
        out(
            f"double_dummy on {len(main_deals)} random full deals (6 tricks, random trump suit "
            "and leader), caches kept between calls:"
        )
        clear_caches()
        out("  " + summary(timed_double_dummy(main_deals, "double_dummy", cold=False)))
        out("double_dummy, the same deals, caches cleared before each deal:")
        out("  " + summary(timed_double_dummy(main_deals, "double_dummy cold", cold=True)))
        nt = [Deal(d.hands, None, d.leader) for d in main_deals]
        out("double_dummy, the same hands and leaders at no trump, caches kept:")
        clear_caches()
        out("  " + summary(timed_double_dummy(nt, "double_dummy no trump", cold=False)))

    if args.plain_deals:
        positions = plain_positions(deals[: args.plain_deals], args.plain_tricks, args.seed)
        out(
            f"plain minimax (every legal card, no pruning, no table) against double_dummy on "
            f"{len(positions)} positions with {args.plain_tricks} tricks left"
            + (
                f" (the first deals after {6 - args.plain_tricks} random trick(s): plain "
                "minimax takes minutes on a full deal)"
                if args.plain_tricks < 6
                else ""
            )
            + ":"
        )
        plain_t, ours_t = [], []
        agree = 0
        progress = Progress("plain minimax", len(positions))
        for i, d in enumerate(positions, 1):
            masks = d.masks()
            tk = trump_key(d.trump)
            t0 = clock()
            pv = plain_minimax(masks, tk, d.leader.value)
            plain_t.append(clock() - t0)
            clear_caches()
            t0 = clock()
            ov = double_dummy({s: d.hands[s] for s in SEATS}, d.trump, d.leader)["NS"]
            ours_t.append(clock() - t0)
            agree += pv == ov == solve_masks(masks, tk, d.leader.value)
            progress.step(i)
        progress.close()
        ratio = statistics.median(plain_t) / statistics.median(ours_t)
        out(f"  plain minimax: {summary(plain_t)}")
        out(f"  double_dummy (cold caches): {summary(ours_t)}")
        out(f"  speed-up (median plain / median double_dummy): {ratio:.0f}x")
        out(f"  values agree on {agree} of {len(positions)} positions")
        if agree != len(positions):
            raise SystemExit("the plain search and double_dummy disagree")

    if args.hands:
        out(
            f"complete annotation: play_values at each of the 24 plays of {args.hands} hands "
            "played out with random legal cards, caches cleared before each hand:"
        )
        rng = random.Random(args.seed + 2)
        totals, calls = [], []
        progress = Progress("annotation", args.hands)
        for i, d in enumerate(deals[: args.hands], 1):
            clear_caches()
            total, per_call = annotate(d, rng)
            totals.append(total)
            calls.extend(per_call)
            progress.step(i)
        progress.close()
        out(f"  per hand (24 calls): {summary(totals)}")
        out(f"  per call: {summary(calls)}")


if __name__ == "__main__":
    main()
