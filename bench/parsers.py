"""Time taken by the engine's parsers on long, hostile input: it must grow linearly.

Run ``python bench/parsers.py [--sizes 1000 10000 100000] [--repeat 3]``. What is
measured: each parser of ``hasenpfeffer_core.engine`` (cards, suits, trumps, seats,
partnerships, actions, rules texts, hand records and their scores, headers and notes)
is fed adversarial text of each size: repeated prefixes (``"a" * n + "1"``), long runs
of spaces, deep nesting of braces in notes, one very long token, many lines. The time
is the best of ``--repeat`` runs of one call (time.perf_counter), whether the call
reads the text or refuses it (with the engine's own error).

A parser whose input has a short maximum length (a card has at most 40 characters, an
action 100, a list of cards or a rules text 1,000) refuses longer text before reading
it: its time stays flat. So that the reading itself is measured too, the scanning
function behind each such parser (``_split_card``, ``_read_score``...) is also timed
directly, without the limit. Hand records are read up to
``MAX_RECORD_CHARS`` (1,000,000 characters); larger sizes are cut to it.

Each line prints the times at each size and the growth ratio from one size to the next
divided by the growth of the size: about 1 (or less) is linear, a ratio near the size
factor (10) would be quadratic. Progress goes to stderr, the figures to stdout.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hasenpfeffer_core.engine import cards, record
from hasenpfeffer_core.engine.actions import parse_action
from hasenpfeffer_core.engine.cards import parse_card, parse_cards, parse_suit, parse_trump
from hasenpfeffer_core.engine.errors import HasenpfefferError
from hasenpfeffer_core.engine.record import MAX_RECORD_CHARS, loads
from hasenpfeffer_core.engine.rules import Rules
from hasenpfeffer_core.engine.seats import parse_seat, parse_side

HEADER = """\
rules: seed
dealer: W
N: JK A♠ K♠ 10♥ 9♦ Q♣
E: A♥ K♥ 9♥ J♦ 10♦ 9♠
S: J♠ Q♠ 10♠ Q♥ A♦ K♣
W: J♣ 9♣ K♦ Q♦ A♣ 10♣
widow: J♥
"""


def record_of(body: str, n: int) -> str:
    """A record of ``body`` cut to about ``n`` characters, at most the cap."""
    return (HEADER + "\n" + body)[: min(n, MAX_RECORD_CHARS)]


def repeat_to(unit: str, n: int) -> str:
    return unit * (n // len(unit) + 1)


#: (name, call, make the input of size n): the inputs are built before the timing.
CASES: list[tuple[str, Callable[[str], object], Callable[[int], str]]] = [
    ("parse_card 'a'*n+'1'", parse_card, lambda n: "a" * n + "1"),
    ("parse_suit spaces", parse_suit, lambda n: "h" + " " * n + "x"),
    ("parse_trump 'no'+spaces+'trump'", parse_trump, lambda n: "no" + " " * n + "trumps"),
    ("parse_seat 'n'*n", parse_seat, lambda n: "n" * n),
    ("parse_side 'N'+'-'*n+'S'", parse_side, lambda n: "N" + "-" * n + "S"),
    ("parse_cards ', '*n", parse_cards, lambda n: repeat_to(", ", n)),
    ("parse_action 'N bid '+'9'*n", parse_action, lambda n: "N bid " + "9" * n),
    ("parse_action spaces", parse_action, lambda n: "N" + " " * n + "pass x"),
    ("Rules.parse 'target=' + digits", Rules.parse, lambda n: "seed; target=" + "1" * n),
    ("Rules.parse commas", Rules.parse, lambda n: "seed;" + "," * n),
    # The scanning behind the capped parsers, timed without the cap.
    ("_split_card 'a'*n+'1' (no cap)", cards._split_card, lambda n: "a" * n + "1"),
    ("_split_card words (no cap)", cards._split_card, lambda n: "jack" + " " * n + "of hearts"),
    ("_read_score spaces (no cap)", record._read_score, lambda n: "NS 1" + " " * n + ", EW 2"),
    ("_split_field 'a'*n (no cap)", record._split_field, lambda n: "a" * n + " x"),
    ("_lost_colon 'dealer'+spaces (no cap)", record._lost_colon, lambda n: "dealer" + " " * n),
    # Hand records, up to the cap.
    ("loads many action lines", loads, lambda n: record_of(repeat_to("N pass\n", n), n)),
    ("loads score line of spaces", loads, lambda n: "score: NS 1" + " " * n + ", EW 2\n" + HEADER),
    ("loads deep braces in a note", loads, lambda n: record_of("N bid 3 " + "{" * n, n)),
    ("loads escaped braces", loads, lambda n: record_of("N bid 3 {" + repeat_to("\\{", n), n)),
    (
        "loads note over many lines",
        loads,
        lambda n: record_of("N bid 3 {" + repeat_to("x\n", n), n),
    ),
    ("loads backslash-newlines", loads, lambda n: record_of("N bid 3 {" + repeat_to("\\\n", n), n)),
    ("loads long card token", loads, lambda n: "N: " + "a" * min(n, MAX_RECORD_CHARS - 3) + "1"),
    ("loads long action line", loads, lambda n: record_of("a" * n, n)),
    ("loads many note fields", loads, lambda n: (repeat_to("note: x\n", n) + HEADER)[-n:]),
    ("loads many comment lines", loads, lambda n: record_of(repeat_to("# c\n", n), n)),
    ("loads lines without colons", loads, lambda n: repeat_to("dealer W\n", n)[:n]),
    ("loads long title", loads, lambda n: ("title: " + repeat_to("a ", n))[:n] + "\n" + HEADER),
]


def best_time(call: Callable[[str], object], text: str, repeat: int) -> float:
    """The best of ``repeat`` timings of ``call(text)`` (an engine error counts as done)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        with contextlib.suppress(HasenpfefferError):
            call(text)
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        type=int,
        nargs="+",
        default=[1_000, 10_000, 100_000],
        help="input sizes in characters (1000 10000 100000)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="timings per call, best kept (3)")
    args = parser.parse_args(argv)
    sizes: list[int] = sorted(args.sizes)
    heads = "".join(f"{f'n={n:,}':>13}" for n in sizes)
    ratios = "".join(f"{f'x{b // a} size':>13}" for a, b in itertools.pairwise(sizes))
    print(f"Python {sys.version.split()[0]}; best of {args.repeat}; times in milliseconds")
    print(f"{'parser and input':<42}{heads}{ratios}")
    worst = 0.0
    for i, (name, call, make) in enumerate(CASES, 1):
        print(f"\r  {i}/{len(CASES)} {name}", end="", file=sys.stderr, flush=True)
        times = [best_time(call, make(n), args.repeat) for n in sizes]
        cells = "".join(f"{t * 1000:>13.3f}" for t in times)
        growth = []
        for (a, ta), (b, tb) in itertools.pairwise(zip(sizes, times, strict=True)):
            # Time growth over size growth: 1 is linear; below 1, fixed costs dominate.
            g = (tb / ta) / (b / a) if ta > 0 else 0.0
            worst = max(worst, g) if ta > 1e-4 else worst
            growth.append(f"{g:>13.2f}")
        print(f"\r{name:<42}{cells}{''.join(growth)}", flush=True)
    print(
        "growth = (time ratio) / (size ratio): 1 is linear, the size ratio itself (10) would "
        f"be quadratic. Worst growth where the smaller time is over 0.1 ms: {worst:.2f}"
    )


if __name__ == "__main__":
    main()
