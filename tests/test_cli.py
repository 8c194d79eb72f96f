"""The ``hasenpfeffer`` command: every subcommand driven through ``main(argv)`` with
piped standard input, and the installed entry point run for real.

Answers are checked against the engine (quiz, ranking, solver, analysis), never
against rules written in the test.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from _support import run_cli

from hasenpfeffer_core import HandRecord, HandState, Rules, Seat, dump, load, loads, ranking
from hasenpfeffer_core.analysis.bots import RandomPlayer
from hasenpfeffer_core.analysis.hints import SteppedHint
from hasenpfeffer_core.analysis.quiz import quiz_set
from hasenpfeffer_core.analysis.review import analyse, state_play_values
from hasenpfeffer_core.analysis.session import DOUBLE_DUMMY_VIEW as DOUBLE_DUMMY
from hasenpfeffer_core.analysis.session import EXPERT_VIEW, PlaySession, play_hand
from hasenpfeffer_core.analysis.solve_cards import double_dummy, play_values
from hasenpfeffer_core.engine.record import EXAMPLE
from hasenpfeffer_core.faces import cli
from hasenpfeffer_core.faces.cli import quiz as cli_quiz
from hasenpfeffer_core.faces.cli import term as cli_term

DATA = Path(__file__).parent / "data"
RECORDS = sorted(DATA.glob("*.hand"))
COMMANDS = ("quiz", "rank", "replay", "solve", "play")
ESC = "\x1b["


def entry_point() -> Path:
    """The installed ``hasenpfeffer`` script next to the interpreter running the tests."""
    script = Path(sys.executable).parent / "hasenpfeffer"
    assert script.exists(), f"{script} is missing: reinstall with 'pip install -e .'"
    return script


run = run_cli  # (tests/_support.py)


def assert_bad_input(code: int, out: str, err: str) -> str:
    """Exit status 2, one line on stderr starting ``hasenpfeffer:``, no traceback."""
    assert code == 2
    assert "Traceback" not in out + err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("hasenpfeffer: ")
    return lines[0]


def example_file(tmp_path: Path, text: str = EXAMPLE, name: str = "example.hand") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def record_files(tmp_path: Path) -> list[Path]:
    """The records in tests/data, or one built here if there are none."""
    return RECORDS or [example_file(tmp_path)]


def hand_with_mistakes() -> HandRecord:
    """A hand played at random that has at least one play giving up a trick."""
    for seed in range(200):
        state = play_hand(
            HandState.new(dealer=Seat.N, seed=seed),
            {s: RandomPlayer(seed * 4 + s.value) for s in Seat},
        )
        if state.result is None:
            continue
        record = HandRecord.from_state(state, title="Random play")
        if analyse(record).mistakes:
            return record
    raise AssertionError("no random hand with a mistake")  # pragma: no cover


# --- quiz -----------------------------------------------------------------------------


def test_the_installed_command_answers_piped_trick_winner_questions() -> None:
    questions = quiz_set("trick-winner", 2, seed=1)
    right = sum(q.check(a) for q, a in zip(questions, ("S", "W"), strict=True))
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    done = subprocess.run(
        [str(entry_point()), "quiz", "--kind", "trick-winner", "--count", "2", "--seed", "1"],
        input="S\nW\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.rstrip("\n").splitlines()
    assert lines[-1] == f"score: {right}/2"
    assert ESC not in done.stdout  # piped: no colour
    for q in questions:
        assert q.explanation.split(".")[0] in done.stdout


@pytest.mark.parametrize("kind", ["trick-winner", "legal-play", "ranking"])
def test_right_answers_score_full_marks_and_are_explained(
    kind: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    engine_kind = cli_quiz.QUIZ_KINDS[kind]
    questions = quiz_set(engine_kind, 3, seed=7, difficulty="joker")
    answers = []
    for q in questions:
        if kind == "trick-winner":
            answers.append(q.details["winning_card"])  # a card answer is accepted too
        elif kind == "legal-play":
            answers.append(", ".join(c.ascii for c in reversed(q.answer)))
        else:
            answers.append(" ".join(c.text for c in q.answer))
    code, out, err = run(
        monkeypatch,
        capsys,
        "quiz",
        "--kind",
        kind,
        "--count",
        "3",
        "--seed",
        "7",
        "--difficulty",
        "joker",
        stdin="\n".join(answers) + "\n",
    )
    assert (code, err) == (0, "")
    assert out.count("✓ Right.") == 3
    assert out.rstrip("\n").splitlines()[-1] == "score: 3/3"
    for q in questions:
        assert q.prompt in out
        assert " ".join(q.explanation.split()[:4]) in out


def test_wrong_answers_show_the_answer(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    questions = quiz_set("order", 2, seed=3)
    wrong = [" ".join(c.ascii for c in reversed(q.answer)) for q in questions]
    code, out, _ = run(
        monkeypatch,
        capsys,
        "quiz",
        "--kind",
        "ranking",
        "--count",
        "2",
        "--seed",
        "3",
        stdin="\n".join(wrong) + "\n",
    )
    assert code == 0
    assert out.count("✗ Wrong") == 2
    for q in questions:
        assert f"the answer is {' '.join(c.text for c in q.answer)}." in out
    assert out.rstrip("\n").splitlines()[-1] == "score: 0/2"


def test_default_quiz_mixes_the_three_kinds_and_stops_at_the_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(monkeypatch, capsys, "quiz", "--count", "4", "--seed", "2", stdin="N\n")
    assert code == 0
    assert "(trick-winner," in out and "(legal-play," in out
    assert "Stopped after 1 of 4 questions." in out
    assert re.fullmatch(r"score: [01]/1", out.rstrip("\n").splitlines()[-1])
    # the header tells how to get the same questions again, as the option to type, not
    # with the program's word "seed" as if it were the learner's
    head = out.splitlines()[0]
    assert head == "Quiz: 4 questions, difficulty mixed. The same again: --seed 2.", head


def test_q_stops_the_quiz(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(monkeypatch, capsys, "quiz", "--count", "3", "--seed", "2", stdin="q\n")
    assert code == 0
    assert out.rstrip("\n").splitlines()[-1] == "score: 0/0"


@pytest.mark.parametrize(
    ("kind", "answer", "words"),
    [
        ("trick-winner", "banana", "is not a seat"),
        ("trick-winner", "8H", "the deck has no 8"),
        ("legal-play", "JH, XY", "is not a card"),
        ("ranking", "JK JK", "listed twice"),
        ("ranking", "", "empty"),
    ],
)
def test_an_answer_that_is_not_a_card_is_refused_in_one_line(
    kind: str,
    answer: str,
    words: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(
        monkeypatch, capsys, "quiz", "--kind", kind, "--seed", "1", stdin=answer + "\n"
    )
    line = assert_bad_input(code, out, err)
    assert "answer to question 1" in line and words in line


def test_at_a_terminal_a_bad_answer_is_asked_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli_term, "isatty", lambda stream: True)
    q = quiz_set("trick-winner", 1, seed=4)[0]
    code, out, err = run(
        monkeypatch,
        capsys,
        "quiz",
        "--kind",
        "trick-winner",
        "--count",
        "1",
        "--seed",
        "4",
        "--color",
        "never",
        stdin=f"xyz\n{q.answer.name}\n",
    )
    assert (code, err) == (0, "")
    assert "✗ answer to question 1: 'xyz' is not a seat" in out
    assert out.rstrip("\n").splitlines()[-1] == "score: 1/1"


# --- help -----------------------------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_an_example(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, command, "--help")
    assert (code, err) == (0, "")
    assert "example" in out
    assert f"hasenpfeffer {command} " in out.split("example", 1)[1]


def test_the_main_help_lists_the_commands_with_examples(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(monkeypatch, capsys, "--help")
    assert code == 0
    for command in COMMANDS:
        assert f"hasenpfeffer {command}" in out
    assert "examples:" in out


def test_the_installed_command_has_help() -> None:
    done = subprocess.run(
        [str(entry_point()), "rank", "--help"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    assert "example" in done.stdout and "hasenpfeffer rank H" in done.stdout


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["dance"],
        ["quiz", "--kind", "bidding"],
        ["quiz", "--count", "0"],
        ["quiz", "--seed", "x"],
        ["play", "--opponents", "grandmaster"],
        ["rank"],
        ["--color", "pink", "rank", "H"],
    ],
)
def test_usage_errors_are_one_line(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, *argv)
    assert_bad_input(code, out, err)


# --- rank -----------------------------------------------------------------------------


@pytest.mark.parametrize("suit", ["H", "spades", "♦", "c"])
def test_rank_names_the_joker_and_the_bowers_in_order(
    suit: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, "rank", suit)
    assert (code, err) == (0, "")
    order = ranking(suit)
    lines = out.splitlines()
    joker = next(i for i, line in enumerate(lines) if line.endswith("the Joker"))
    right = next(i for i, line in enumerate(lines) if line.endswith("right bower"))
    left = next(i for i, line in enumerate(lines) if line.endswith("left bower"))
    assert joker < right < left
    assert lines[joker].split()[:2] == ["1", order[0].text]
    assert lines[right].split()[:2] == ["2", order[1].text]
    assert lines[left].split()[:2] == ["3", order[2].text]
    # every card once, in the engine's order
    shown = [c for c in re.findall(r"JK|(?:10|[9JQKA])[♠♥♦♣]", out.split("\n\n")[1])]
    shown += re.findall(r"(?:10|[9JQKA])[♠♥♦♣]", out.split("\n\n")[2])
    assert shown == [c.text for c in order]
    assert "left bower" in out.split("\n\n")[-1]  # the engine's explanation follows


def test_rank_with_no_trump(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(monkeypatch, capsys, "rank", "none")
    assert code == 0
    assert out.startswith("No trump")
    assert "bower" not in out


@pytest.mark.parametrize("suit", ["X", "hearts!", "10"])
def test_rank_refuses_an_unknown_suit(
    suit: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, "rank", suit)
    assert "is not a suit" in assert_bad_input(code, out, err)


# --- replay ---------------------------------------------------------------------------


def test_replay_shows_every_action_note_and_mark(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for path in record_files(tmp_path):
        record = load(path)
        analysis = analyse(record)
        code, out, err = run(monkeypatch, capsys, "replay", str(path))
        assert (code, err) == (0, ""), path
        if record.title:
            assert out.startswith(record.title)
        for step, move in enumerate(record.moves):
            assert f"{step + 1}. {move.action}" in out
            if move.note:
                assert " ".join(move.note.split()[:3]) in out
        body = out.split("Cards that cost points")[0]  # (not the list of them at the end)
        marks = re.findall(r"^ *\d+\. [NESW] play \S+ +([✓✗])", body, re.MULTILINE)
        assert len(marks) == len(analysis.plays)
        assert marks.count("✗") == len(analysis.mistakes)
        final = record.final_state()
        if final.result is not None:
            assert final.result.reason.split(":")[0] in out


def test_replay_marks_a_play_that_gave_up_a_trick(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = hand_with_mistakes()
    path = tmp_path / "random.hand"
    dump(record, path)
    code, out, _ = run(monkeypatch, capsys, "replay", "--explain", str(path))
    assert code == 0
    mistake = analyse(record).mistakes[0]
    n = round(mistake.cost)
    cost = "1 point" if n == 1 else f"{n} points"
    line = next(x for x in out.splitlines() if x.lstrip().startswith(f"{mistake.step + 1}. "))
    assert f"✗ cost {cost} (" in line
    for card in mistake.best:
        assert card.text in line
    assert mistake.rule_note.split(":")[0] in out  # --explain: the rule at work
    assert "Cards that cost points, all hands face up (hindsight):" in out


def test_replay_steps_at_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli_term, "isatty", lambda stream: True)
    path = example_file(tmp_path)
    code, out, _ = run(
        monkeypatch, capsys, "replay", "--color", "never", str(path), stdin="\n\nb\nt\nq\n"
    )
    assert code == 0
    assert "Enter: next action" in out
    assert out.count("2. E bid 4") == 1
    assert out.count("1. N bid 3") == 2  # shown, then shown again after b
    assert out.index("2. E bid 4") < out.index("(back)") < out.rindex("1. N bid 3")
    assert "S play" not in out  # quit before the end
    assert "Hand dealt by W" in out  # t: the table, from the engine


def test_replay_at_a_terminal_reaches_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli_term, "isatty", lambda stream: True)
    path = example_file(tmp_path)
    steps = len(loads(EXAMPLE).moves) + 1
    code, out, _ = run(
        monkeypatch, capsys, "replay", "--color", "never", str(path), stdin="\n" * steps
    )
    assert code == 0
    assert "The record stops here" in out


# --- solve ----------------------------------------------------------------------------


def test_solve_a_record_that_stops_during_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = example_file(tmp_path)
    state = loads(EXAMPLE).final_state()
    values = state_play_values(state)
    code, out, err = run(monkeypatch, capsys, "solve", str(path))
    assert (code, err) == (0, "")
    assert state.to_move is not None
    assert f"{state.to_move.name} to play" in out
    best = max(values.values())
    for card, value in values.items():
        assert re.search(rf"^  {re.escape(card.text)} +{value}  [✓✗]", out, re.MULTILINE)
        assert (f"{card.text:<4} {value}  ✓ best" in out) == (value == best)
    assert "Cards that cost points, all hands face up" in out


def test_solve_a_record_at_a_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = example_file(tmp_path)
    code, out, _ = run(monkeypatch, capsys, "solve", "--at", "7", str(path))
    assert code == 0
    assert "after 7 actions" in out and "N to play" in out
    code, out, err = run(monkeypatch, capsys, "solve", "--at", "3", str(path))
    assert "not being played" in assert_bad_input(code, out, err)
    code, out, err = run(monkeypatch, capsys, "solve", "--at", "99", str(path))
    assert_bad_input(code, out, err)


def test_solve_a_finished_record_lists_the_mistakes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = hand_with_mistakes()
    path = tmp_path / "random.hand"
    dump(record, path)
    code, out, _ = run(monkeypatch, capsys, "solve", str(path))
    assert code == 0
    first = next(s for s in record.replay() if s.phase.value == "play")
    assert first.leader is not None
    dd = double_dummy({s: first.hand(s) for s in first.active_seats}, first.trump, first.leader, ())
    assert f"best play: NS {dd['NS']}, EW {dd['EW']}" in " ".join(out.split())
    for p in analyse(record).mistakes:
        assert f"{p.step + 1}. {p.action}  ✗ cost " in out


def test_solve_a_position(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = {"N": "JK 9S", "E": "AS KS", "S": "JH QS", "W": "9H TS"}
    dd = double_dummy(hands, "H", "N")
    values = play_values(hands, "H", "N")
    argv = [f"{seat}={cards.replace(' ', ',')}" for seat, cards in hands.items()]
    code, out, err = run(
        monkeypatch, capsys, "solve", "--position", *argv, "--trump", "H", "--leader", "N"
    )
    assert (code, err) == (0, "")
    assert f"NS {dd['NS']}, EW {dd['EW']}." in out
    assert "N to play; the tricks NS takes" in out
    for card, value in values.items():
        assert re.search(rf"^  {re.escape(card.text)} +{value}  ", out, re.MULTILINE)


def test_solve_a_position_with_cards_on_the_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        monkeypatch,
        capsys,
        "solve",
        "--position",
        "N=AS",
        "E=9H 9S",
        "S=JH,TS",
        "W=KS,QD",
        "--trump",
        "hearts",
        "--leader",
        "N",
        "--trick",
        "JK",
    )
    assert code == 0
    assert "N led JK" in out
    assert "NS 2, EW 0." in out
    assert "E to play; the tricks EW takes" in out
    assert re.search(r"^  9♥ +0  ✓ best", out, re.MULTILINE)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--position", "N=AS", "E=KS", "--trump", "H"], "--leader"),
        (["--position", "N=AS", "E=KS", "--trump", "X", "--leader", "N"], "is not a suit"),
        (["--position", "N=AS", "E=AS", "--trump", "H", "--leader", "N"], "the deck"),
        (["--position", "Q=AS", "--trump", "H", "--leader", "N"], "is not a seat"),
        (["--position", "N:AS", "--trump", "H", "--leader", "N"], "SEAT=CARDS"),
        (["--position", "N=AS", "E=8S", "--trump", "H", "--leader", "N"], "no 8"),
        (["--position", "N=AS", "E=KS,QS", "--trump", "H", "--leader", "N"], "unequal"),
        ([], "give a record FILE"),
        (["missing.hand", "--trump", "H"], "--position"),
    ],
)
def test_solve_refuses_bad_positions(
    argv: list[str],
    words: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(monkeypatch, capsys, "solve", *argv)
    assert words in assert_bad_input(code, out, err)


def test_solve_a_thrown_in_record_says_there_is_nothing_to_solve(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    thrown = DATA / "thrown-in.hand"
    if not thrown.exists():
        pytest.skip("no thrown-in record in tests/data")
    code, out, err = run(monkeypatch, capsys, "solve", str(thrown))
    assert "thrown in" in assert_bad_input(code, out, err)


# --- bad records ----------------------------------------------------------------------


@pytest.mark.parametrize("command", ["replay", "solve"])
def test_a_missing_file_is_one_line(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(monkeypatch, capsys, command, str(tmp_path / "nope.hand"))
    assert "no such file" in assert_bad_input(code, out, err)
    code, out, err = run(monkeypatch, capsys, command, str(tmp_path))
    assert "directory" in assert_bad_input(code, out, err)


@pytest.mark.parametrize("command", ["replay", "solve"])
@pytest.mark.parametrize(
    ("text", "words"),
    [
        (EXAMPLE.replace("S play 10♠", "S play Q♥"), "line 21: S play Q♥ breaks the rules"),
        (EXAMPLE.replace("E bid 4", "E bid 2"), "breaks the rules"),
        (EXAMPLE.replace("N: JK", "N: 8S"), "no 8"),
        (EXAMPLE.replace("dealer: W\n", ""), "no 'dealer:'"),
        (EXAMPLE.replace("S play 10♠", "S play 10♠ {never closed"), "never closed"),
    ],
)
def test_a_record_with_errors_is_one_line(
    command: str,
    text: str,
    words: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = example_file(tmp_path, text, "bad.hand")
    code, out, err = run(monkeypatch, capsys, command, str(path))
    line = assert_bad_input(code, out, err)
    assert str(path) in line and words in line
    assert out == ""


def test_a_binary_file_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bin.hand"
    path.write_bytes(b"\xff\xfe\x00\x01")
    code, out, err = run(monkeypatch, capsys, "replay", str(path))
    assert_bad_input(code, out, err)


# --- play -----------------------------------------------------------------------------


class PromptReader(io.StringIO):
    """Standard input that answers each prompt of ``play`` with its first choice, or
    with the next line of ``script`` while there is one."""

    def __init__(self, out: io.StringIO, script: list[str] | None = None) -> None:
        super().__init__()
        self.out = out
        self.script = list(script or [])
        self.prompts: list[str] = []

    def readline(self, size: int | None = -1) -> str:
        match = re.search(r"\[([^\]]*)\]> $", self.out.getvalue())
        if match is None:
            return ""
        self.prompts.append(match.group(1))
        if self.script:
            return self.script.pop(0) + "\n"
        return re.split(",? ", match.group(1))[0] + "\n"


def play(
    monkeypatch: pytest.MonkeyPatch, *argv: str, script: list[str] | None = None
) -> tuple[int, str, PromptReader]:
    out = io.StringIO()
    reader = PromptReader(out, script)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stdin", reader)
    code = cli.main(["play", *argv])
    monkeypatch.undo()
    return code, out.getvalue(), reader


def test_play_a_whole_hand_answering_each_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, reader = play(monkeypatch, "--seed", "5")
    assert code == 0
    assert reader.prompts, "South was never asked"
    assert "Your hand:" in out and "Your bid [" in out and "Play a card [" in out
    assert "Result: " in out
    assert "The hand, annotated" in out
    assert re.search(r"^ *\d+\. S play \S+ +[✓✗]", out, re.MULTILINE)
    assert "discards a card, face down" in out  # the computer's discard stays hidden
    # as it happens: who won the auction and each trick (the annotated hand says it again)
    assert re.search(r"^  [NEW] wins the auction with \S+\.$", out, re.MULTILINE)
    for n in range(1, 7):
        assert re.search(rf"^  [NESW] wins trick {n} \(tricks: NS \d, EW \d\)$", out, re.MULTILINE)


def test_play_names_the_rules_in_words_not_as_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = play(monkeypatch, "--seed", "5", script=["q"])
    assert code == 0 and out.startswith("Hasenpfeffer, the source rules; you are South;")
    code, out, _ = play(monkeypatch, "--seed", "5", "--rules", "seed; lone_hands=yes", script=["q"])
    first = out.splitlines()[0]
    assert code == 0
    assert first.startswith("Hasenpfeffer, the source rules, except: going alone: allowed;")
    assert "lone_hands" not in first and "seed;" not in first


def test_play_says_at_once_what_a_move_against_the_hint_is_worth(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hasenpfeffer_core.analysis.describe import typed_words

    session = PlaySession(seed=5, people=(Seat.S,))  # the command's own hand and players
    session.run_computers()
    hint = session.hint()
    other = next(a for a in session.state.legal_actions() if a != hint.action)
    assert hint.advice.judgement is not None
    worse = not hint.advice.judgement.is_good(other)
    # (the third step names the move; after the first alone nothing would be said)
    script = ["hint", "hint", "hint", typed_words(other)[0]]
    code, out, _ = play(monkeypatch, "--seed", "5", script=script)
    assert code == 0
    flat = " ".join(out.split())
    assert "Your move went against the hint." in flat
    assert ("less than the best choice" in flat) is worse
    assert flat.count("against the hint") == 1  # the later moves, no hint asked: nothing


def test_play_hint_undo_and_bad_input_at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli_term, "isatty", lambda stream: True)
    code, out, _ = play(
        monkeypatch,
        "--seed",
        "5",
        "--color",
        "never",
        script=["hint", "undo", "2", "banana", "pass", "undo", "pass", "9S", "q"],
    )
    assert code == 0
    assert "Hint 1 of 3: " in out
    assert "nothing of yours to take back" in out
    assert "✗ South cannot bid 2" in out  # the engine says why
    assert "✗ “banana” is not a bid: type pass, " in out  # the words it may type
    assert "Taken back." in out
    assert "cannot play 9♠" in out or "S play 9♠" in out
    assert out.rstrip().endswith("Stopped.")


def first_hint(seed: int) -> SteppedHint:
    """The hint South gets at the first decision of ``hasenpfeffer play --seed SEED``."""
    session = PlaySession(Rules.parse("seed"), seed=seed, people=(Seat.S,))
    session.run_computers()
    return session.hint()


def test_play_hint_thrice_shows_three_steps_then_the_same_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, reader = play(monkeypatch, "--seed", "5", script=["hint"] * 4 + ["q"])
    assert code == 0
    assert "Also: h or hint (again for more), u or undo" in out  # the prompt help says so
    assert len(reader.prompts) == 5 and len(set(reader.prompts)) == 1  # the same decision
    hint = first_hint(5)
    assert len(set(hint.steps)) == 3
    flat = " ".join(out.split())
    shown = re.findall(r"Hint (\d) of 3: (.*?)(?= Hint \d| Your bid \[)", flat)
    assert [n for n, _ in shown] == ["1", "2", "3", "3"]
    details = f" ({' '.join(hint.details.split())})" if hint.details else ""
    assert [text for _, text in shown] == [*hint.steps[:2], *[hint.steps[2] + details] * 2]
    assert "Hint: You" not in out


def test_play_reviews_your_mistakes_and_again_n_goes_back_to_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # South bids 6 where 3 was enough, then takes the first choice at every prompt.
    code, out, reader = play(monkeypatch, "--seed", "5", script=["6"])
    assert code == 0
    review = out[out.index("Your decisions that cost points") :]
    flat = " ".join(review.split())
    assert "1. In the auction you bid 6." in flat
    # the expert's call and what it is worth more; beside it, the principle the bid goes
    # against says why, once, about the player's own bid
    assert f"{EXPERT_VIEW}: Bid 3. By its reckoning that is worth about " in flat
    assert "points more to your side" in flat
    assert "It goes against the principle “Bid what wins the auction”. You bid 6" in flat
    assert flat.count("Bid 3.") == 2  # the expert's call, and the principle's last words
    # every card reviewed says what all four hands show, even where it cost nothing
    # (the replay marks such a card ✓, and the review read as if it disagreed)
    cards = re.split(r"(?=\d\. At trick \d you played)", flat)[1:]
    assert cards and all(f"{DOUBLE_DUMMY}:" in c for c in cards), cards
    assert all("As the cards lay, this cost" in c for c in cards), cards
    assert reader.prompts[-1].startswith("done again 1")
    before = out[: out.index("Your bid [")]
    table_before = before[before.rindex("Hand 1, dealt by") :]

    # Again, and at the review this time: again 1, then bid 3 and play on.
    answers = ["6"] + [re.split(",? ", p)[0] for p in reader.prompts[1:-1]] + ["again 1", "3"]
    code, out, reader = play(monkeypatch, "--seed", "5", script=answers)
    assert code == 0
    again = out.index("Back to decision 1. Last time: in the auction you bid 6.")
    after = out[again:]
    assert after.index(table_before) < after.index("Your bid [")  # the same auction, hand
    assert "  You: 3" in after and "  You: 6" not in after
    assert after.count("Result: ") == 1 and out.count("Result: ") == 2
    assert "1. In the auction you bid 6." not in after

    # A number the review does not list is refused in one line (piped input).
    bad = [*answers[:-2], "again 7"]
    code, out, _ = play(monkeypatch, "--seed", "5", script=bad)
    _, err = capsys.readouterr()
    message = assert_bad_input(code, out, err)
    assert "'again 7' is not a choice here: type again 1" in message and "or done" in message


def test_play_as_the_maker_names_trump_and_discards(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, reader = play(
        monkeypatch, "--seed", "5", "--rules", "seed; lone_hands=yes", script=["6"]
    )
    assert code == 0
    assert "S wins the auction with 6." in out
    assert "You pick up the widow:" in out
    assert any("spades" in p for p in reader.prompts)
    assert "Discard a card [" in out and "Go alone? [" in out


def test_play_a_piped_illegal_card_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stdin", PromptReader(out, ["pass", "A♠"]))
    code = cli.main(["play", "--seed", "5"])
    monkeypatch.undo()
    _, err = capsys.readouterr()
    assert "cannot play A♠: it is not in the hand" in assert_bad_input(code, out.getvalue(), err)


def test_play_stops_when_the_input_ends(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(monkeypatch, capsys, "play", "--seed", "5", stdin="pass\n")
    assert code == 0
    assert out.rstrip().endswith("Stopped.")


@pytest.mark.parametrize("rules", ["bogus", "seed; pepper=yes"])
def test_play_refuses_unknown_rules(
    rules: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(monkeypatch, capsys, "play", "--rules", rules)
    assert "--rules" in assert_bad_input(code, out, err)


def test_the_installed_command_plays_a_game_by_itself(tmp_path: Path) -> None:
    save = tmp_path / "game.hand"
    done = subprocess.run(
        [str(entry_point()), "play", "--auto", "--game", "--seed", "3", "--save", str(save)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert re.search(r"^(NS|EW) win the game, NS -?\d+, EW -?\d+\.$", done.stdout, re.MULTILINE)
    saved = sorted(tmp_path.glob("game-*.hand"))
    assert saved and all(load(p).final_state().is_over for p in saved)


@pytest.mark.parametrize("opponents", ["thumb", "expert", "random"])
def test_play_auto_with_each_kind_of_computer_player(
    opponents: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        monkeypatch, capsys, "play", "--auto", "--seed", "11", "--opponents", opponents
    )
    assert code == 0
    assert f"opponents: {opponents}" in out
    assert "Result: " in out


# --- colour ---------------------------------------------------------------------------


def test_use_colour() -> None:
    tty = type("Tty", (), {"isatty": lambda self: True})()
    assert cli_term.use_colour("auto", tty, {})
    assert not cli_term.use_colour("auto", tty, {"NO_COLOR": "1"})
    assert cli_term.use_colour("auto", tty, {"NO_COLOR": ""})
    assert not cli_term.use_colour("auto", tty, {"TERM": "dumb"})
    assert not cli_term.use_colour("auto", io.StringIO(), {})
    assert cli_term.use_colour("always", io.StringIO(), {"NO_COLOR": "1"})
    assert not cli_term.use_colour("never", tty, {})


def test_colour_is_red_suits_only_when_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, plain, _ = run(monkeypatch, capsys, "rank", "H")
    assert ESC not in plain
    _, coloured, _ = run(monkeypatch, capsys, "--color", "always", "rank", "H")
    assert "\x1b[31mJ♥\x1b[0m" in coloured
    assert "\x1b[31mJ♠" not in coloured
    assert re.sub(r"\x1b\[\d+m", "", coloured) == plain


def test_no_color_turns_colour_off_at_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli_term, "isatty", lambda stream: True)
    _, coloured, _ = run(monkeypatch, capsys, "rank", "D")
    assert ESC in coloured
    monkeypatch.setenv("NO_COLOR", "1")
    code = cli.main(["rank", "D"])
    out, _ = capsys.readouterr()
    assert code == 0 and ESC not in out


def _pty_run(argv: list[str], env: dict[str, str]) -> str:
    """Run the installed command with a real terminal as standard output."""
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    try:
        proc = subprocess.Popen(
            [str(entry_point()), *argv], stdout=slave, stderr=subprocess.PIPE, env=env
        )
    finally:
        os.close(slave)
    chunks: list[bytes] = []
    while True:
        try:
            data = os.read(master, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    assert proc.wait(timeout=60) == 0
    return b"".join(chunks).decode("utf-8")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a Linux pty")
def test_the_installed_command_colours_a_terminal_unless_no_color() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    env["PYTHONIOENCODING"] = "utf-8"
    assert ESC in _pty_run(["rank", "H"], env)
    env["NO_COLOR"] = "1"
    out = _pty_run(["rank", "H"], env)
    assert ESC not in out and "J♥" in out


def test_plain_ascii_where_the_terminal_cannot_show_suits() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    term = cli_term.Term(stream, colour=True, symbols=False)
    term.say("J♦ beats 10♥ and A♠ ✓")
    stream.flush()
    assert raw.getvalue().decode("ascii") == "JD beats TH and AS +\n"


@pytest.mark.parametrize(("lang", "word"), [("it", "passo"), ("th", "ผ่าน")])
def test_play_takes_a_call_typed_in_the_learners_language(
    monkeypatch: pytest.MonkeyPatch, lang: str, word: str
) -> None:
    code, out, reader = play(monkeypatch, "--lang", lang, "--seed", "5", script=[word, "q"])
    assert code == 0
    assert reader.prompts[0].startswith(word + ", "), reader.prompts[0]  # offered first
    assert "✗" not in out, out  # and taken
    assert len(reader.prompts) >= 2
