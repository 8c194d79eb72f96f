"""The ``hasenpfeffer`` command: practise, look up, replay, solve and play in a terminal.

::

    hasenpfeffer quiz --kind trick-winner --count 5   # questions, answers from stdin
    hasenpfeffer rank H                               # the 25 cards under a trump
    hasenpfeffer replay tests/data/joker-led.hand     # a hand record, step by step
    hasenpfeffer solve tests/data/joker-led.hand      # double-dummy analysis
    hasenpfeffer play --opponents expert              # a hand against the computer

This module only talks to the terminal. Every rule, explanation and judgement
comes from the engine: :mod:`~hasenpfeffer_core.analysis.quiz` and
:mod:`~hasenpfeffer_core.analysis.explain` for questions and reasons,
:mod:`~hasenpfeffer_core.engine.tricks` for the order of the cards,
:mod:`~hasenpfeffer_core.analysis.review` and :mod:`~hasenpfeffer_core.analysis.solver` for
double-dummy marks, :class:`~hasenpfeffer_core.engine.game.Game` and the computer
players of :mod:`~hasenpfeffer_core.analysis.bots` for play.

Answers and actions are read from standard input one per line, so every command
also works with piped input. Bad input (an unreadable record, an unknown suit, an
answer that is not a card) ends with one line on standard error starting
``hasenpfeffer:`` and exit status 2; at a terminal the quiz and the game ask again
instead.

>>> main(["rank", "S", "--color", "never"])  # doctest: +ELLIPSIS
Spades are trumps: the 25 cards, strongest first.
<BLANKLINE>
trumps (8 cards)
   1  JK    the Joker
   2  J♠    right bower
   3  J♣    left bower
...
0
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn, TextIO

from ...analysis.bots import FairExpert, Player, RandomPlayer, RuleOfThumbPlayer
from ...analysis.explain import explain_card, join_and, ordinal
from ...analysis.quiz import DIFFICULTIES, Question, quiz_set
from ...analysis.review import HandAnalysis, PlayAnalysis, analyse, state_play_values
from ...analysis.solver import double_dummy, play_values
from ...analysis.view import PlayerView
from ...engine.actions import Action, Bid, Discard, GoAlone, NameTrump, Pass, Play, parse_action
from ...engine.auction import bid_name
from ...engine.cards import Card, Suit, format_cards, parse_card, parse_cards, parse_suit
from ...engine.errors import HasenpfefferError, ParseError
from ...engine.game import Game
from ...engine.record import HandRecord, dump, load
from ...engine.rules import Rules
from ...engine.seats import SEATS, Seat, Side, parse_seat
from ...engine.state import HandState, Phase
from ...engine.tricks import CardRole, card_role, effective_suit, ranking

__all__ = ["UsageError", "main"]

PROG = "hasenpfeffer"

#: The quiz kinds the command offers, and the engine's name for each.
QUIZ_KINDS: dict[str, str] = {
    "trick-winner": "trick-winner",
    "legal-play": "legal-play",
    "ranking": "order",
}

OPPONENTS = ("thumb", "expert", "random")
COLOR_MODES = ("auto", "always", "never")


class UsageError(Exception):
    """Bad input or a bad command line: one line on stderr, exit status 2."""


class _Stop(Exception):
    """The user asked to stop (``q``) or the input ended."""


# --- the terminal ---------------------------------------------------------------

_RED = "\x1b[31m"
_GREEN = "\x1b[32m"
_BOLD = "\x1b[1m"
_RESET = "\x1b[0m"
_RED_CARD = re.compile(r"(?:10|[9JQKA])?[♥♦]")
_MARKS = re.compile(r"[✓✗]")
_SYMBOL_CARD = re.compile(r"(10|[9JQKA])([♠♥♦♣])")
_ASCII = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C", "✓": "+", "✗": "x"})
_SPECIALS = "♠♥♦♣✓✗"


def _isatty(stream: object) -> bool:
    """Whether ``stream`` is a terminal (False for anything that cannot say)."""
    isatty = getattr(stream, "isatty", None)
    if isatty is None:
        return False
    try:
        return bool(isatty())
    except (ValueError, OSError):
        return False


def use_colour(mode: str, stream: object, environ: Mapping[str, str]) -> bool:
    """Whether to colour the suits: ``always``, ``never``, or ``auto`` (a terminal,
    ``NO_COLOR`` unset or empty, ``TERM`` not ``dumb``).

    >>> use_colour("auto", None, {}), use_colour("always", None, {"NO_COLOR": "1"})
    (False, True)
    """
    if mode == "always":
        return True
    if mode == "never":
        return False
    if environ.get("NO_COLOR", "") != "" or environ.get("TERM") == "dumb":
        return False
    return _isatty(stream)


def _can_encode(stream: object, text: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


@dataclass
class Term:
    """Where output goes and how it looks: suit colours and symbols, or plain ASCII."""

    out: TextIO
    colour: bool = False
    symbols: bool = True
    width: int = 80

    def paint(self, text: str) -> str:
        """``text`` as this terminal shows it."""
        if not self.symbols:
            text = _SYMBOL_CARD.sub(lambda m: ("T" if m[1] == "10" else m[1]) + m[2], text)
            text = text.translate(_ASCII)
            encoding = getattr(self.out, "encoding", None) or "ascii"
            return text.encode(encoding, "replace").decode(encoding)
        if self.colour:
            text = _RED_CARD.sub(lambda m: _RED + m[0] + _RESET, text)
            text = _MARKS.sub(lambda m: (_GREEN if m[0] == "✓" else _RED) + m[0] + _RESET, text)
        return text

    def bold(self, text: str) -> str:
        return _BOLD + text + _RESET if self.colour else text

    def say(self, text: str = "") -> None:
        """Print one or more lines."""
        self.out.write(self.paint(text) + "\n")

    def wrap(self, text: str, indent: str = "  ") -> None:
        """Print ``text`` wrapped to the terminal's width."""
        for line in textwrap.wrap(
            text, self.width, initial_indent=indent, subsequent_indent=indent
        ) or [indent]:
            self.say(line)

    def prompt(self, text: str) -> None:
        self.out.write(self.paint(text))
        self.out.flush()


@dataclass
class Reader:
    """Lines from standard input. Piped input is echoed, so a transcript reads well."""

    stream: TextIO
    term: Term
    interactive: bool

    def ask(self, prompt: str) -> str:
        """The next line, stripped; raises :class:`_Stop` at the end of the input."""
        self.term.prompt(prompt)
        line = self.stream.readline()
        if not line:
            if self.interactive:
                self.term.say()
            raise _Stop
        text = line.strip()
        if not self.interactive:
            self.term.say(text)
        return text

    def refuse(self, message: str) -> None:
        """Bad input: at a terminal, say why and let the caller ask again; otherwise stop."""
        if not self.interactive:
            raise UsageError(message)
        self.term.say(f"  ✗ {message}")


def _one_line(message: object) -> str:
    return " ".join(str(message).split())


# --- the command line -----------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """argparse, but errors become one line and exit status 2 (see :func:`main`)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


_DESCRIPTION = """\
Learn Hasenpfeffer (Euchre with a Joker) in the terminal: practise with quiz
questions, look up the order of the cards, step through hand records with
double-dummy marks, solve positions, and play against the computer.
Answers and actions are read one per line from standard input, so piped
input works too."""

_EPILOG = """\
examples:
  hasenpfeffer quiz --kind trick-winner --count 5
  hasenpfeffer rank H
  hasenpfeffer replay tests/data/joker-led.hand
  hasenpfeffer solve tests/data/joker-led.hand
  hasenpfeffer solve --position N=JK,9S E=AS,KS S=JH,QS W=9H,TS --trump H --leader N
  hasenpfeffer play --opponents expert

Suits are coloured on a terminal; NO_COLOR=1 or --color never turns that off.
Exit status: 0 ok, 2 bad input or usage."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``hasenpfeffer`` command."""
    fmt = argparse.RawDescriptionHelpFormatter
    parser = _Parser(prog=PROG, description=_DESCRIPTION, epilog=_EPILOG, formatter_class=fmt)
    parser.add_argument(
        "--color",
        "--colour",
        choices=COLOR_MODES,
        default="auto",
        help="colour the red suits: auto (on a terminal, unless NO_COLOR is set), "
        "always or never (default: auto)",
    )
    common = _Parser(add_help=False)
    common.add_argument(
        "--color",
        "--colour",
        choices=COLOR_MODES,
        default=argparse.SUPPRESS,
        help="colour the red suits: auto, always or never (default: auto)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")

    def add(name: str, summary: str, description: str, examples: str) -> argparse.ArgumentParser:
        return sub.add_parser(
            name,
            help=summary,
            description=description,
            epilog="example:\n" + textwrap.indent(examples, "  "),
            formatter_class=fmt,
            parents=[common],
        )

    quiz = add(
        "quiz",
        "answer quiz questions: who wins the trick, which cards may be played, card ranking",
        "Ask quiz questions and read the answers from standard input, one per line.\n"
        "trick-winner: answer with the winning seat (N, E, S, W) or the winning card.\n"
        "legal-play: answer with every card you may play, separated by spaces or commas.\n"
        "ranking: answer with the cards in order, strongest first.\n"
        "Each answer is marked right or wrong and explained; the last line is the score.\n"
        "Type q to stop early.",
        "hasenpfeffer quiz --kind ranking --difficulty bowers --count 3\n"
        "printf 'S\\nW\\n' | hasenpfeffer quiz --kind trick-winner --count 2 --seed 1",
    )
    quiz.add_argument(
        "--kind",
        choices=tuple(QUIZ_KINDS),
        default=None,
        help="the kind of question (default: the three kinds in turn)",
    )
    quiz.add_argument(
        "--difficulty",
        choices=DIFFICULTIES,
        default="mixed",
        help="first-steps: no bowers, no Joker; bowers; joker; mixed (default)",
    )
    quiz.add_argument("--count", type=_positive, default=5, help="how many questions (5)")
    quiz.add_argument("--seed", type=int, default=None, help="the same seed, the same questions")

    rank = add(
        "rank",
        "the order of the 25 cards under a trump, with the bowers and the Joker named",
        "Print all 25 cards strongest first when SUIT is trump: the eight trumps\n"
        "(the Joker, the right and the left bower first), then each plain suit.\n"
        "SUIT is S, H, D, C, a symbol or a name; 'none' for a no-trump hand.",
        "hasenpfeffer rank H\nhasenpfeffer rank spades",
    )
    rank.add_argument("suit", metavar="SUIT", help="the trump suit (S, H, D, C, ♠, hearts, none)")

    replay = add(
        "replay",
        "step through a hand record, with its notes and double-dummy marks",
        "Show a hand record: its header, then every action with its note and, for\n"
        "each card played, the double-dummy mark (✓ a best play, ✗ a card that gave\n"
        "up tricks). At a terminal, press Enter for the next action, b to go back,\n"
        "t for the table, q to quit; otherwise the whole hand is printed.",
        "hasenpfeffer replay tests/data/joker-led.hand\n"
        "hasenpfeffer replay --explain --all tests/data/lone-hand.hand",
    )
    replay.add_argument("file", metavar="FILE", help="a hand record")
    replay.add_argument(
        "--explain", action="store_true", help="also say the rule at work in every play"
    )
    replay.add_argument("--all", action="store_true", help="print everything, do not step")

    solve = add(
        "solve",
        "double-dummy analysis of a hand record or of a position",
        "With FILE: the position where the record stops, solved with every card\n"
        "visible (the tricks each side takes with best play, and what each legal card\n"
        "of the player to move is worth), and every play of the hand that gave up\n"
        "tricks. A finished hand is solved from the first lead.\n"
        "With --position: the position given as one SEAT=CARDS per seat.",
        "hasenpfeffer solve tests/data/joker-led.hand\n"
        "hasenpfeffer solve --position N=JK,9S E=AS,KS S=JH,QS W=9H,TS --trump H --leader N\n"
        "hasenpfeffer solve --position N=AS E=9H,9S S=JH,TS W=KS,QD --trump H "
        "--leader N --trick JK",
    )
    solve.add_argument("file", metavar="FILE", nargs="?", help="a hand record")
    solve.add_argument(
        "--at", type=int, default=None, metavar="N", help="solve the position after N actions"
    )
    solve.add_argument(
        "--position",
        nargs="+",
        metavar="SEAT=CARDS",
        help="the cards each seat holds, as N=JK,AH (commas or quoted spaces)",
    )
    solve.add_argument("--trump", help="with --position: the trump suit (or none)")
    solve.add_argument("--leader", help="with --position: who leads (or led the cards of --trick)")
    solve.add_argument(
        "--trick", default="", help="with --position: the cards already played to the trick"
    )

    play = add(
        "play",
        "play a hand (or a game to 10) as South against the computer",
        "Play as South; the computer plays North (your partner), East and West.\n"
        "Type a bid (3, pass), a suit (hearts, H), a card (J♥ or JH), or yes/no\n"
        "for going alone; the prompt lists what you may do. Also: hint (the fair\n"
        "expert's advice and reason), undo (take back your last action), q (quit).\n"
        "At the end of each hand: the result and the hand annotated.",
        "hasenpfeffer play\n"
        "hasenpfeffer play --game --opponents expert --rules seed-pepper\n"
        "hasenpfeffer play --auto --seed 3",
    )
    play.add_argument(
        "--opponents",
        choices=OPPONENTS,
        default="thumb",
        help="the computer players: thumb (rule of thumb, default), expert (samples the "
        "unseen cards and solves them) or random",
    )
    play.add_argument("--seed", type=int, default=None, help="the same seed, the same deals")
    play.add_argument(
        "--game", action="store_true", help="play hands until a side reaches the target (10)"
    )
    play.add_argument(
        "--rules", default="seed", help="a preset or rules text, like 'seed; lone_hands=yes'"
    )
    play.add_argument("--auto", action="store_true", help="the computer plays South too")
    play.add_argument("--save", metavar="FILE", help="write each hand as a record to FILE")
    return parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is less than 1")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``hasenpfeffer`` command with ``argv`` (default: the real arguments).

    Returns the exit status: 0 when all went well, 2 for bad input or usage.
    """
    stdout, stdin, stderr = sys.stdout, sys.stdin, sys.stderr
    parser = build_parser()
    try:
        try:
            args = parser.parse_args(list(argv) if argv is not None else None)
        except SystemExit as e:  # --help
            return e.code if isinstance(e.code, int) else 0
        if args.command is None:
            raise UsageError(
                "choose a command: quiz, rank, replay, solve or play (see 'hasenpfeffer --help')"
            )
        colour = use_colour(args.color, stdout, os.environ)
        width = min(shutil.get_terminal_size((80, 24)).columns, 100) if _isatty(stdout) else 80
        term = Term(stdout, colour, _can_encode(stdout, _SPECIALS), max(width - 1, 40))
        reader = Reader(stdin, term, interactive=_isatty(stdin) and _isatty(stdout))
        command: Callable[[argparse.Namespace, Term, Reader], int] = _COMMANDS[args.command]
        return command(args, term, reader)
    except (UsageError, HasenpfefferError) as e:
        stdout.flush()
        stderr.write(f"{PROG}: {_one_line(e)}\n")
        return 2
    except KeyboardInterrupt:
        stdout.write("\n")
        return 130
    except BrokenPipeError:
        return 1


# --- quiz -----------------------------------------------------------------------


def _questions(kind: str | None, count: int, seed: int, difficulty: str) -> list[Question]:
    """The questions of one quiz: one kind, or the three kinds in turn."""
    if kind is not None:
        return quiz_set(QUIZ_KINDS[kind], count, seed=seed, difficulty=difficulty)
    kinds = list(QUIZ_KINDS.values())
    sets = {
        k: quiz_set(k, len(range(i, count, len(kinds))), seed=seed + i, difficulty=difficulty)
        for i, k in enumerate(kinds)
        if i < count
    }
    return [sets[kinds[i % len(kinds)]][i // len(kinds)] for i in range(count)]


def _kind_name(q: Question) -> str:
    return next(k for k, v in QUIZ_KINDS.items() if v == q.kind)


def _plays_text(trick: Sequence[tuple[Seat, Card]]) -> str:
    return "   ".join(f"{s.name}: {c.text}" for s, c in trick)


def _show_question(term: Term, q: Question, number: int, total: int) -> str:
    """Print the question; return the answer prompt."""
    term.say()
    term.say(term.bold(f"Question {number} of {total}") + f" ({_kind_name(q)}, {q.difficulty})")
    term.say(q.prompt)
    if q.kind == "trick-winner":
        term.say(f"    {_plays_text(q.trick)}")
        return "Who wins? (a seat or a card)> "
    if q.kind == "legal-play":
        assert q.seat is not None
        if q.trick:
            term.say(f"    trick so far: {_plays_text(q.trick)}")
        term.say(f"    your hand ({q.seat.name}): {format_cards(q.hand)}")
        return "Cards you may play> "
    term.say(f"    cards: {format_cards(q.cards)}")
    return "Strongest first> "


def _read_answer(q: Question, text: str, number: int) -> str:
    """Check that ``text`` can be an answer to ``q``; raise :class:`UsageError` if not."""
    where = f"answer to question {number}"
    if not text:
        raise UsageError(f"{where} is empty: type a seat or a card, or q to stop")
    if q.kind == "trick-winner":
        try:
            parse_seat(text)
            return text
        except ParseError:
            pass
        try:
            parse_card(text)
        except HasenpfefferError as e:
            raise UsageError(f"{where}: {text!r} is not a seat (N, E, S, W), and {e}") from None
        return text
    try:
        parse_cards(text)
    except HasenpfefferError as e:
        raise UsageError(f"{where}: {e}") from None
    return text


def _answer_text(q: Question) -> str:
    if q.kind == "trick-winner":
        return f"{q.answer.name} ({q.details['winning_card']})"
    return format_cards(q.answer)


def cmd_quiz(args: argparse.Namespace, term: Term, reader: Reader) -> int:
    """``hasenpfeffer quiz``: ask, read, mark, explain, score."""
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    questions = _questions(args.kind, args.count, seed, args.difficulty)
    what = f"{args.kind} questions" if args.kind else "questions"
    term.say(f"Quiz: {len(questions)} {what}, difficulty {args.difficulty}, seed {seed}.")
    right = asked = 0
    try:
        for number, q in enumerate(questions, 1):
            prompt = _show_question(term, q, number, len(questions))
            while True:
                text = reader.ask(prompt)
                if text.lower() in ("q", "quit"):
                    raise _Stop
                try:
                    answer = _read_answer(q, text, number)
                except UsageError as e:
                    reader.refuse(str(e))
                    continue
                break
            asked += 1
            if q.check(answer):
                right += 1
                term.say("✓ Right.")
            else:
                term.say(f"✗ Wrong: the answer is {_answer_text(q)}.")
            term.wrap(q.explanation)
    except _Stop:
        term.say()
        term.say(f"Stopped after {asked} of {len(questions)} questions.")
    term.say()
    term.say(f"score: {right}/{asked}")
    return 0


# --- rank -----------------------------------------------------------------------

_ROLE_NAMES = {
    CardRole.JOKER: "the Joker",
    CardRole.RIGHT_BOWER: "right bower",
    CardRole.LEFT_BOWER: "left bower",
}


_NO_TRUMP_WORDS = ("none", "no-trump", "notrump", "nt")


def _read_trump(text: str) -> Suit | None:
    """A trump suit, or ``None`` for ``none`` (a no-trump hand)."""
    if text.strip().lower() in _NO_TRUMP_WORDS:
        return None
    try:
        return parse_suit(text)
    except HasenpfefferError as e:
        raise UsageError(f"{e}; or none for no trump") from None


def cmd_rank(args: argparse.Namespace, term: Term, reader: Reader) -> int:
    """``hasenpfeffer rank SUIT``: the ranking, grouped by the suit each card belongs to."""
    trump = _read_trump(args.suit)
    order = ranking(trump)
    head = f"{trump.plural.capitalize()} are trumps" if trump else "No trump"
    term.say(f"{head}: the 25 cards, strongest first.")
    term.say()
    groups: dict[Suit | None, list[Card]] = {}
    for card in order:
        groups.setdefault(effective_suit(card, trump), []).append(card)
    place = 0
    for suit, cards in groups.items():
        count = f"{len(cards)} card{'s' if len(cards) > 1 else ''}"
        if suit is trump and trump is not None:
            term.say(term.bold(f"trumps ({count})"))
            for card in cards:
                place += 1
                role = _ROLE_NAMES.get(card_role(card, trump), "")
                term.say(f"  {place:>2}  {card.text:<4}  {role}".rstrip())
            term.say()
            continue
        label = suit.plural if suit is not None else "the Joker, in no suit"
        places = f"{ordinal(place + 1)} to {ordinal(place + len(cards))}"
        if len(cards) == 1:
            places = ordinal(place + 1)
        place += len(cards)
        term.say(f"{label + ' (' + count + '):':<21} {format_cards(cards):<19} {places}")
    special = [c for c in order if card_role(c, trump) in _ROLE_NAMES]
    term.say()
    for card in special:
        term.wrap(explain_card(card, trump).text, "")
    return 0


# --- hand records: header, actions, marks ---------------------------------------


def _load(path: str) -> HandRecord:
    try:
        return load(path)
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{path}: is a directory, not a hand record") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not a text file (a hand record is UTF-8 text)") from None
    except OSError as e:
        raise UsageError(f"{path}: cannot read it ({e.strerror})") from None
    except HasenpfefferError as e:
        raise UsageError(f"{path}: {e}") from None


def _score_text(scores: Mapping[Side, int]) -> str:
    return f"NS {scores[Side.NS]}, EW {scores[Side.EW]}"


def _header(term: Term, record: HandRecord) -> None:
    if record.title:
        term.say(term.bold(record.title))
    if record.point:
        term.wrap(f"Point: {record.point}", "")
    term.say(f"Rules: {record.rules.to_text()}")
    term.say(f"Dealer: {record.dealer.name}")
    if record.score is not None:
        term.say(f"Score before the hand: NS {record.score[0]}, EW {record.score[1]}")
    for seat, hand in zip(SEATS, record.deal.hands, strict=True):
        term.say(f"  {seat.name}: {format_cards(hand)}")
    term.say(f"  widow: {record.deal.widow.text}")
    for note in record.notes:
        term.wrap(f"Note: {note}", "")


def mark(p: PlayAnalysis) -> str:
    """The double-dummy mark of a play: ``✓`` or ``✗ gave up 1 trick (K♠ would have kept it)``."""
    if not p.lost:
        return "✓"
    tricks = "1 trick" if p.lost == 1 else f"{p.lost} tricks"
    best = join_and((c.text for c in p.best), "or")
    return f"✗ gave up {tricks} ({best} would have kept {'it' if p.lost == 1 else 'them'})"


def _action_lines(
    record: HandRecord, analysis: HandAnalysis, step: int, *, explain: bool, notes: bool = True
) -> list[str]:
    """The lines that show action ``step`` (0-based) of ``record``."""
    lines: list[str] = []
    move = record.moves[step]
    before = record.state_at(step)
    after = record.state_at(step + 1)
    play = analysis.at(step)
    if isinstance(move.action, Play) and not before.current_trick:
        lines.append(f"  trick {len(before.tricks) + 1}")
    text = f"{step + 1:>3}. {move.action}"
    if play is not None:
        text = f"{text:<18} {mark(play)}"
    lines.append(text)
    indent = " " * 8
    if notes and move.note:
        lines.extend(textwrap.wrap(move.note, 78, initial_indent=indent, subsequent_indent=indent))
    if play is not None and explain:
        lines.extend(
            textwrap.wrap(play.rule_note, 78, initial_indent=indent, subsequent_indent=indent)
        )
    if len(after.tricks) > len(before.tricks):
        won = after.tricks[-1].winner
        lines.append(
            f"{indent}{won.name} wins trick {len(after.tricks)} "
            f"(tricks: {_score_text(after.side_tricks)})"
        )
    if after.maker is not None and before.maker is None and after.high_bid is not None:
        bid = after.high_bid
        lines.append(
            f"{indent}{after.maker.name} wins the auction with "
            f"{bid_name(bid.tricks, bid.big, after.rules)}"
        )
    return lines


def _ending(term: Term, record: HandRecord, analysis: HandAnalysis) -> None:
    final = record.final_state()
    term.say()
    if final.result is not None:
        term.wrap(f"Result: {final.result.reason}", "")
    elif final.phase is Phase.THROWN_IN:
        term.say("Result: the hand was thrown in.")
    else:
        who = f"; {final.to_move.name} to act" if final.to_move else ""
        term.say(f"The record stops here ({final.phase.value}{who}).")
    _mistakes(term, analysis)


def _mistakes(term: Term, analysis: HandAnalysis) -> None:
    if not analysis.plays:
        return
    if not analysis.mistakes:
        term.say("Mistakes (double dummy): none, every card was a best play.")
        return
    term.say("Mistakes (double dummy):")
    for p in analysis.mistakes:
        term.say(f"  {p.step + 1:>3}. {p.action}  {mark(p)}")


def cmd_replay(args: argparse.Namespace, term: Term, reader: Reader) -> int:
    """``hasenpfeffer replay FILE``: the record, action by action."""
    record = _load(args.file)
    analysis = analyse(record)
    _header(term, record)
    term.say()
    n = len(record.moves)
    if not reader.interactive or args.all:
        for step in range(n):
            for line in _action_lines(record, analysis, step, explain=args.explain):
                term.say(line)
        _ending(term, record, analysis)
        return 0
    term.say("Enter: next action, b: back, t: the table, q: quit.")
    shown = -1
    try:
        while True:
            key = reader.ask("> ").lower()
            if key in ("q", "quit"):
                return 0
            if key in ("t", "table"):
                term.say(str(record.state_at(shown + 1)))
                continue
            if key in ("b", "back"):
                if shown <= 0:
                    term.say("  (this is the start of the hand)")
                    shown = -1
                    continue
                shown -= 1
                term.say("  (back)")
            elif key:
                term.say("  Enter: next action, b: back, t: the table, q: quit.")
                continue
            else:
                shown += 1
                if shown >= n:
                    _ending(term, record, analysis)
                    return 0
            for line in _action_lines(record, analysis, shown, explain=args.explain):
                term.say(line)
    except _Stop:
        return 0


# --- solve ----------------------------------------------------------------------


def _state_dd(state: HandState) -> dict[str, int]:
    assert state.leader is not None
    return double_dummy(
        {s: state.hand(s) for s in state.active_seats},
        state.trump,
        state.leader,
        [c for _, c in state.current_trick],
        no_trump_joker=state.rules.no_trump_joker,
        sitting_out=state.sitting_out,
    )


def _values_table(term: Term, seat: Seat, values: Mapping[Card, int]) -> None:
    side = seat.side.name
    top = max(values.values())
    term.say(f"{seat.name} to play; the tricks {side} takes from here with each card:")
    for card, value in values.items():
        lost = top - value
        verdict = "✓ best" if not lost else f"✗ gives up {lost} trick{'s' if lost > 1 else ''}"
        term.say(f"  {card.text:<4} {value}  {verdict}")


def _trump_text(trump: Suit | None) -> str:
    return f"{trump.plural.capitalize()} are trumps" if trump else "No trump"


def cmd_solve(args: argparse.Namespace, term: Term, reader: Reader) -> int:
    """``hasenpfeffer solve``: a record's position, or one given with --position."""
    if args.position is not None:
        if args.file is not None or args.at is not None:
            raise UsageError("give a record FILE or --position, not both")
        return _solve_position(args, term)
    if args.file is None:
        raise UsageError("give a record FILE, or a position with --position (see --help)")
    if args.trump is not None or args.leader is not None or args.trick:
        raise UsageError("--trump, --leader and --trick go with --position")
    record = _load(args.file)
    n = len(record.moves)
    if args.at is not None and not 0 <= args.at <= n:
        raise UsageError(f"--at {args.at}: the record has actions 0 to {n}")
    state = record.state_at(args.at) if args.at is not None else record.final_state()
    if state.phase is Phase.THROWN_IN:
        raise UsageError(f"{args.file}: the hand was thrown in: no cards were played to solve")
    if not state.is_over and state.phase is not Phase.PLAY:
        raise UsageError(
            f"{args.file}: the hand is not being played after {args.at if args.at is not None else n} "
            f"actions ({state.phase.value}): there are no cards to solve (see --at)"
        )
    analysis = analyse(record)
    term.say(term.bold(record.title or Path(args.file).name))
    if state.is_over:
        _solve_finished(term, record, state)
    else:
        where = f"after {args.at if args.at is not None else n} actions"
        term.say(f"The position {where}: {_trump_text(state.trump).lower()}.")
        _solve_state(term, state)
    term.say()
    _mistakes(term, analysis)
    if not analysis.plays:
        term.say("No cards were played.")
    return 0


def _solve_state(term: Term, state: HandState) -> None:
    for seat in state.active_seats:
        term.say(f"  {seat.name}: {format_cards(state.hand(seat))}")
    if state.current_trick:
        term.say(f"  trick {len(state.tricks) + 1} so far: {_plays_text(state.current_trick)}")
    dd = _state_dd(state)
    won = state.side_tricks
    total = {Side.NS: won[Side.NS] + dd["NS"], Side.EW: won[Side.EW] + dd["EW"]}
    term.wrap(
        f"Double dummy (every card visible, best play): from here NS {dd['NS']}, "
        f"EW {dd['EW']}; with the tricks already won, {_score_text(total)}.",
        "",
    )
    assert state.to_move is not None
    _values_table(term, state.to_move, state_play_values(state))


def _solve_finished(term: Term, record: HandRecord, final: HandState) -> None:
    assert final.result is not None
    term.wrap(f"The hand is over. {final.result.reason}", "")
    first = next(s for s in record.replay() if s.phase is Phase.PLAY)
    dd = _state_dd(first)
    assert first.high_bid is not None and first.maker is not None
    term.wrap(
        f"From the first lead, with every card visible and best play: NS {dd['NS']}, "
        f"EW {dd['EW']} ({first.maker.name} bid "
        f"{bid_name(first.high_bid.tricks, first.high_bid.big, first.rules)}, "
        f"{_trump_text(first.trump).lower()}).",
        "",
    )
    term.say(f"Played: {_score_text(final.side_tricks)}.")


def _solve_position(args: argparse.Namespace, term: Term) -> int:
    if args.trump is None or args.leader is None:
        raise UsageError("--position needs --trump SUIT and --leader SEAT")
    hands: dict[Seat, tuple[Card, ...]] = {}
    for item in args.position:
        seat_text, eq, cards_text = item.partition("=")
        if not eq:
            raise UsageError(f"--position {item!r}: write each hand as SEAT=CARDS, like N=JK,AH")
        try:
            seat = parse_seat(seat_text)
        except ParseError as e:
            raise UsageError(f"--position {item!r}: {e}") from None
        if seat in hands:
            raise UsageError(f"--position: {seat.name}'s hand is given twice")
        try:
            hands[seat] = parse_cards(cards_text)
        except HasenpfefferError as e:
            raise UsageError(f"--position {item!r}: {e}") from None
    trump = _read_trump(args.trump)
    leader = parse_seat(args.leader)
    trick = parse_cards(args.trick)
    dd = double_dummy(hands, trump, leader, trick)
    values = play_values(hands, trump, leader, trick)
    term.say(
        f"{_trump_text(trump)}; {leader.name} "
        + (f"led {format_cards(trick)}." if trick else "leads.")
    )
    for seat in SEATS:
        if seat in hands:
            term.say(f"  {seat.name}: {format_cards(hands[seat])}")
    term.say(
        f"Double dummy (every card visible, best play by both sides): NS {dd['NS']}, EW {dd['EW']}."
    )
    if values:
        first = next(iter(values))
        mover = next(s for s, cs in hands.items() if first in cs)
        _values_table(term, mover, values)
    return 0


# --- play -----------------------------------------------------------------------

_HUMAN = Seat.S
#: With --auto --game, stop after this many hands (random players may never reach 10).
_MAX_AUTO_HANDS = 100

_ASK = {
    Phase.AUCTION: "Your bid",
    Phase.TRUMP: "Name trump",
    Phase.DISCARD: "Discard a card",
    Phase.ALONE: "Go alone?",
    Phase.PLAY: "Play a card",
}
_VERB = {
    Phase.AUCTION: "bid",
    Phase.TRUMP: "trump",
    Phase.DISCARD: "discard",
    Phase.ALONE: "alone",
    Phase.PLAY: "play",
}
_COMMANDS_HELP = "Also: hint, undo, table, q (quit)."


def _token(action: Action) -> str:
    """What the player types for ``action``."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Bid):
        return action.label
    if isinstance(action, NameTrump):
        return action.suit.plural if action.suit is not None else "none"
    if isinstance(action, GoAlone):
        return "yes" if action.alone else "no"
    return action.card.text


def _make_player(kind: str, seed: int) -> Player:
    if kind == "expert":
        return FairExpert(seed=seed)
    if kind == "random":
        return RandomPlayer(seed)
    return RuleOfThumbPlayer()


@dataclass
class _Session:
    """One game (or one hand) at the table: the engine's Game, plus what was done."""

    rules: Rules
    seed: int
    players: dict[Seat, Player]
    term: Term
    reader: Reader
    game_mode: bool
    save: str | None
    human: Seat | None
    history: list[list[Action]] = field(default_factory=list)
    game: Game = field(init=False)
    adviser: FairExpert = field(init=False)

    def __post_init__(self) -> None:
        self.game = Game(self.rules, self.seed)
        self.history = [[]]
        self.adviser = FairExpert(seed=self.seed)

    # -- the game, rebuilt from its seed and actions (for undo)
    def rebuild(self) -> None:
        game = Game(self.rules, self.seed)
        for i, actions in enumerate(self.history):
            if i:
                game.next_hand()
            for action in actions:
                game.apply(action)
        self.game = game

    def apply(self, action: Action) -> None:
        hand = self.game.hand
        before_tricks = len(hand.tricks)
        before_maker = hand.maker
        self.game.apply(action)
        self.history[-1].append(action)
        # What South may see comes from the engine's PlayerView: a discard made by
        # someone else and a widow South did not pick up stay hidden.
        view = PlayerView.of(hand, self.human) if self.human is not None else None
        if action.seat is self.human:
            self.term.say(f"  You: {_token(action)}")
        elif isinstance(action, Discard) and view is not None and view.discard is None:
            self.term.say(f"  {action.seat.name} discards a card, face down")
        else:
            self.term.say(f"  {action}")
        if hand.maker is not None and before_maker is None and hand.high_bid is not None:
            bid = hand.high_bid
            label = bid_name(bid.tricks, bid.big, hand.rules)
            self.term.say(f"  {hand.maker.name} wins the auction with {label}.")
            if view is not None and view.widow is not None:
                self.term.say(f"  You pick up the widow: {view.widow.text}.")
        if len(hand.tricks) > before_tricks:
            trick = hand.tricks[-1]
            self.term.say(
                f"  {trick.winner.name} wins trick {len(hand.tricks)} "
                f"(tricks: {_score_text(hand.side_tricks)})"
            )

    def undo(self) -> bool:
        actions = self.history[-1]
        if not any(a.seat is self.human for a in actions):
            return False
        while actions:
            action = actions.pop()
            if action.seat is self.human:
                break
        self.rebuild()
        return True

    # -- showing the table
    def table(self) -> None:
        hand = self.game.hand
        t = self.term
        t.say()
        head = f"Hand {len(self.game.hands)}, dealt by {hand.dealer.word}"
        if self.game_mode:
            head += f"; score {_score_text(self.game.scores)} (game to {self.rules.target})"
        t.say(t.bold(head))
        if hand.phase is Phase.AUCTION:
            bids = ", ".join(str(a) for a in hand.auction) or "no bids yet"
            t.say(f"Auction: {bids}")
        elif hand.high_bid is not None and hand.maker is not None:
            bid = hand.high_bid
            contract = (
                f"Contract: {hand.maker.name} bid {bid_name(bid.tricks, bid.big, self.rules)}"
            )
            if hand.trump_named:
                contract += f", {_trump_text(hand.trump).lower()}"
            if hand.sitting_out:
                contract += f"; {', '.join(s.name for s in hand.sitting_out)} sits out"
            t.say(contract)
        if hand.phase is Phase.PLAY:
            plays = _plays_text(hand.current_trick) if hand.current_trick else "you lead"
            t.say(f"Trick {len(hand.tricks) + 1}: {plays}")
            t.say(f"Tricks won: {_score_text(hand.side_tricks)}")
        t.say(f"Your hand: {format_cards(hand.hand(_HUMAN))}")

    # -- the human's turn
    def read_action(self) -> Action | None:
        """The human's next action; ``None`` after an undo."""
        hand = self.game.hand
        legal = hand.legal_actions()
        options = " ".join(dict.fromkeys(_token(a) for a in legal))
        prompt = f"{_ASK[hand.phase]} [{options}]> "
        while True:
            text = self.reader.ask(prompt)
            low = text.lower()
            if low in ("q", "quit"):
                raise _Stop
            if low in ("help", "?"):
                self.term.say(f"  Type one of: {options}. {_COMMANDS_HELP}")
                continue
            if low == "table":
                self.table()
                continue
            if low == "hint":
                advice = self.adviser.advise(PlayerView.of(hand, _HUMAN))
                self.term.wrap(f"Hint: {advice.reason}", "  ")
                continue
            if low == "undo":
                if self.undo():
                    self.term.say("  Taken back.")
                    return None
                self.term.say("  There is nothing of yours to take back in this hand.")
                continue
            try:
                action = self.parse(hand, text)
                hand.check(action)
            except HasenpfefferError as e:
                self.reader.refuse(_one_line(e))
                continue
            return action

    def parse(self, hand: HandState, text: str) -> Action:
        """Read the human's action: ``3``, ``pass``, ``hearts``, ``JH``, ``play JH`` or
        the record form ``S play JH``."""
        words = text.split()
        if not words:
            raise ParseError(f"type one of the choices shown. {_COMMANDS_HELP}")
        if len(words) >= 2 and words[0].upper() in ("N", "E", "S", "W"):
            return parse_action(text)
        verb = _VERB[hand.phase]
        if words[0].lower() == verb:
            words = words[1:]
        if hand.phase is Phase.AUCTION and [w.lower() for w in words] == ["pass"]:
            return parse_action(f"{_HUMAN.name} pass")
        return parse_action(f"{_HUMAN.name} {verb} {' '.join(words)}")

    # -- a whole hand
    def play_hand(self) -> HandState:
        hand = self.game.hand
        self.term.say()
        self.term.say(
            self.term.bold(f"Hand {len(self.game.hands)}: {hand.dealer.word} deals.")
            + (f" Your cards: {format_cards(hand.hand(_HUMAN))}" if self.human else "")
        )
        while not self.game.hand.is_over:
            hand = self.game.hand
            seat = hand.to_move
            assert seat is not None
            if seat is self.human:
                self.table()
                action = self.read_action()
                if action is None:
                    continue
            else:
                action = self.players[seat].choose(PlayerView.of(hand, seat))
            self.apply(action)
        return self.game.hand

    def finish_hand(self, hand: HandState) -> None:
        t = self.term
        t.say()
        if hand.result is None:
            t.say("All four passed and the hand is thrown in; the deal passes to the left.")
            return
        t.wrap(f"Result: {hand.result.reason}", "")
        if self.game_mode:
            t.say(f"Score: {_score_text(self.game.scores)} (game to {self.rules.target}).")
        record = HandRecord.from_state(hand, title=f"Hand {len(self.game.hands)}")
        analysis = analyse(record)
        t.say()
        t.say(t.bold("The hand, annotated"))
        for step in range(len(record.moves)):
            for line in _action_lines(record, analysis, step, explain=True):
                t.say(line)
        t.say()
        _mistakes(t, analysis)
        if self.save:
            path = Path(self.save)
            if self.game_mode:
                path = path.with_name(f"{path.stem}-{len(self.game.hands)}{path.suffix}")
            dump(record, path)
            t.say(f"Saved the hand to {path}.")

    def run(self) -> int:
        while True:
            hand = self.play_hand()
            self.finish_hand(hand)
            if self.game.is_over:
                t = self.term
                t.say()
                t.say(t.bold(f"{self.game.winner} win the game, {_score_text(self.game.scores)}."))
                return 0
            if hand.result is not None and not self.game_mode:
                return 0
            if self.human is None and len(self.game.hands) >= _MAX_AUTO_HANDS:
                self.term.say()
                self.term.say(
                    f"Stopped after {_MAX_AUTO_HANDS} hands: no side has reached the target."
                )
                return 0
            self.game.next_hand()
            self.history.append([])


def cmd_play(args: argparse.Namespace, term: Term, reader: Reader) -> int:
    """``hasenpfeffer play``: South against three computer players."""
    try:
        rules = Rules.parse(args.rules)
    except HasenpfefferError as e:
        raise UsageError(f"--rules: {e}") from None
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    players = {
        seat: _make_player(args.opponents, seed * 4 + seat.value)
        for seat in SEATS
        if args.auto or seat is not _HUMAN
    }
    who = "the computer plays every seat" if args.auto else "you are South"
    term.say(
        f"Hasenpfeffer, rules {rules.to_text()}, seed {seed}; {who}; "
        f"computer players: {args.opponents}."
    )
    if not args.auto:
        term.say(f"Type what the prompt offers. {_COMMANDS_HELP}")
    session = _Session(
        rules,
        seed,
        players,
        term,
        reader,
        game_mode=args.game,
        save=args.save,
        human=None if args.auto else _HUMAN,
    )
    try:
        return session.run()
    except _Stop:
        term.say()
        term.say("Stopped.")
        return 0


_COMMANDS: dict[str, Callable[[argparse.Namespace, Term, Reader], int]] = {
    "quiz": cmd_quiz,
    "rank": cmd_rank,
    "replay": cmd_replay,
    "solve": cmd_solve,
    "play": cmd_play,
}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
