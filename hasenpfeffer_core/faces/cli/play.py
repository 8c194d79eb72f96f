"""``hasenpfeffer play``: a hand, or a game, as South against three computer players.

The table is a :class:`~hasenpfeffer_core.analysis.session.PlaySession`, the one every
face that lets a learner play drives: it seats the computer players and lets them
act, takes back South's last decision (``undo``) and gives the fair expert's advice
as a hint in three steps, one each time ``hint`` is typed (what to look at, the
principle with the cards, the move with the averages behind it). This module only
reads South's actions and prints what happens, showing South only what South may see
(:class:`~hasenpfeffer_core.analysis.view.PlayerView`).

After each hand: the result with the hints used, the hand annotated, then South's
decisions that cost points, numbered, each with the fair expert's view and
the double-dummy view; ``again N`` goes back to decision N and plays on from there.

With ``--save FILE`` each finished hand is written as a record. The file is checked
before a card is dealt (a missing folder, or a folder given as the file, is refused at
once); a hand that still cannot be written at the end is not lost: it goes to a new
file in the current folder or the temporary folder, or failing both to the output, and
a line on standard error says which (exit status 1).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import tempfile
from pathlib import Path
from typing import Final

from ...analysis.describe import in_hand_order, parse_typed, typed_words
from ...analysis.hints import STEPS
from ...analysis.review import analyse
from ...analysis.session import (
    DOUBLE_DUMMY_VIEW,
    EXPERT_VIEW,
    OPPONENTS,
    Mistake,
    PlaySession,
    hints_used_words,
)
from ...analysis.view import PlayerView
from ...engine.actions import Action, Bid, Discard, Pass, Play
from ...engine.cards import format_cards
from ...engine.errors import HasenpfefferError, ParseError
from ...engine.i18n import N_, ngettext, pgettext
from ...engine.i18n import gettext as _
from ...engine.record import HandRecord, dumps
from ...engine.rules import Rules
from ...engine.seats import Seat
from ...engine.state import HandState, Phase
from ..rules_words import rules_words
from .hands import (
    action_lines,
    auction_won_text,
    contract_text,
    mistakes,
    plays_text,
    score_text,
    trick_won_text,
    trump_clause,
)
from .term import (
    MAX_SEED,
    Command,
    Reader,
    Stop,
    Term,
    UsageError,
    one_line,
    quote,
    whole_number,
)

__all__ = ["COMMAND", "run"]

#: The learner's seat (with ``--auto`` the computer plays it too).
_HUMAN: Final = Seat.S
#: With --auto, stop after this many hands (random players may never reach 10).
_MAX_AUTO_HANDS = 100

#: The prompt of each of South's decisions (the choices follow in brackets).
_ASK: Final = {
    Phase.AUCTION: N_("Your bid"),
    Phase.TRUMP: N_("Name trumps"),
    Phase.DISCARD: N_("Discard a card"),
    Phase.ALONE: N_("Go alone?"),
    Phase.PLAY: N_("Play a card"),
}
#: The words South types for each decision (the same in every language).
# Translators: hint, undo, table and q stay as they are: they are what the learner types.
_COMMANDS_HELP: Final = N_("Also: h or hint (again for more), u or undo, t or table, q (quit).")
#: ``again N`` after a hand: go back to mistake N of the review.
_AGAIN = re.compile(r"again\s*(\d{1,6})")


def add_arguments(play: argparse.ArgumentParser) -> None:
    play.add_argument(
        "--opponents",
        choices=OPPONENTS,
        default="thumb",
        # Translators: thumb, expert and random are the values the learner types.
        help=_(
            "the opponents: thumb (rule of thumb, default), expert (samples the "
            "unseen cards and solves them) or random"
        ),
    )
    play.add_argument(
        "--partner",
        choices=OPPONENTS,
        default="expert",
        help=_("your partner: expert (default, plays as the lessons teach), thumb or random"),
    )
    play.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED),
        default=None,
        help=_("the same seed, the same deals (a whole number from 0 to 999999999)"),
    )
    play.add_argument(
        "--game", action="store_true", help=_("play hands until a side reaches the target (10)")
    )
    play.add_argument(
        "--rules", default="seed", help=_("a preset or rules text, like 'seed; lone_hands=yes'")
    )
    play.add_argument("--auto", action="store_true", help=_("the computer plays South too"))
    play.add_argument(
        "--save",
        metavar="FILE",
        help=_(
            "write each hand as a record to FILE (with --game: FILE-1, FILE-2... "
            "before the extension)"
        ),
    )


def _token(action: Action, rules: Rules | None = None) -> str:
    """What the player types for ``action``: a card's text, or a call in the player's
    language (``passo``, ``cuori``; the English words are read too)."""
    if isinstance(action, Discard | Play):
        return action.card.text
    return typed_words(action, rules)[0]


def _parse(phase: Phase, text: str, rules: Rules | None = None) -> Action:
    """Read South's action (see :func:`~hasenpfeffer_core.analysis.describe.parse_typed`);
    an empty line is answered with the choices and the commands."""
    if not text.split():
        # Translators: {also} is "Also: h or hint (again for more), u or undo, t or table, q (quit)."
        raise ParseError(_("type one of the choices shown. {also}").format(also=_(_COMMANDS_HELP)))
    return parse_typed(phase, _HUMAN, text, rules)


class _Table:
    """The play session in the terminal: what happens is printed, South's turns are read."""

    def __init__(self, session: PlaySession, term: Term, reader: Reader, save: str | None) -> None:
        self.session = session
        self.term = term
        self.reader = reader
        self.save = save
        self.human = _HUMAN if _HUMAN in session.people else None
        #: The exit status: 1 once a hand could not be saved where asked.
        self.status = 0

    def announce(self, action: Action) -> None:
        """Print ``action``, just applied, as South may see it, and what it settled."""
        hand = self.session.state
        # What South may see comes from the engine's PlayerView: a discard made by
        # someone else and a widow South did not pick up stay hidden.
        view = PlayerView.of(hand, self.human) if self.human is not None else None
        if action.seat is self.human:
            # Translators: {action} is what South typed: pass, 3, hearts, J♥...
            self.term.say("  " + _("You: {action}").format(action=_token(action, hand.rules)))
        elif isinstance(action, Discard) and view is not None and view.discard is None:
            self.term.say(
                "  " + _("{seat} discards a card, face down").format(seat=action.seat.letter)
            )
        else:
            self.term.say(f"  {action}")
        if isinstance(action, Bid | Pass) and hand.maker is not None:  # the auction is over
            self.term.say(f"  {auction_won_text(hand)}.")
            if view is not None and view.widow is not None:
                self.term.say(
                    "  " + _("You pick up the widow: {card}.").format(card=view.widow.text)
                )
        if isinstance(action, Play) and not hand.current_trick:  # the trick is over
            self.term.say(f"  {trick_won_text(hand)}")

    # -- showing the table
    def table(self) -> None:
        session, hand, t = self.session, self.session.state, self.term
        t.say()
        if session.game is not None:
            # Translators: {dealer} is a seat's name (North...); {score} the points of
            # each side, "NS 3, EW 2"; {target} the points that win the game (10).
            head = _("Hand {n}, dealt by {dealer}; score {score} (game to {target})").format(
                n=session.hand_number,
                dealer=hand.dealer.word,
                score=score_text(session.game.scores),
                target=session.rules.target,
            )
        else:
            head = _("Hand {n}, dealt by {dealer}").format(
                n=session.hand_number, dealer=hand.dealer.word
            )
        t.heading(head)
        if hand.phase is Phase.AUCTION:
            if hand.auction:
                # Translators: {bids} is the calls so far as a record writes them, "N pass, E bid 3".
                t.say(_("Auction: {bids}").format(bids=", ".join(str(a) for a in hand.auction)))
            else:
                t.say(_("Auction: no bids yet"))
        elif hand.high_bid is not None and hand.maker is not None:
            if hand.trump_named:
                # Translators: {bid} is the high bid (a number or Little Pepper...);
                # {trumps} is "hearts are trumps" or "no trump".
                contract = _("Contract: {seat} bid {bid}, {trumps}").format(
                    seat=hand.maker.name, bid=contract_text(hand), trumps=trump_clause(hand.trump)
                )
            else:
                contract = _("Contract: {seat} bid {bid}").format(
                    seat=hand.maker.name, bid=contract_text(hand)
                )
            if hand.sitting_out:
                out = hand.sitting_out
                # Translators: {contract} is "Contract: N bid 4, hearts are trumps";
                # {seats} the seat (or seats) sitting out while a partner plays alone.
                contract = ngettext(
                    "{contract}; {seats} sits out", "{contract}; {seats} sit out", len(out)
                ).format(contract=contract, seats=", ".join(s.name for s in out))
            t.say(contract)
        if hand.phase is Phase.PLAY:
            n = len(hand.tricks) + 1
            if hand.current_trick:
                t.say(_("Trick {n}: {cards}").format(n=n, cards=plays_text(hand.current_trick)))
            else:
                t.say(_("Trick {n}: you lead").format(n=n))
            t.say(_("Tricks won: {score}").format(score=score_text(hand.side_tricks)))
        t.say(_("Your hand: {cards}").format(cards=format_cards(hand.hand(_HUMAN))))

    # -- South's turn
    def read_action(self) -> Action | None:
        """South's next action; ``None`` after an undo."""
        hand = self.session.state
        legal = in_hand_order(hand)  # (the cards as "Your hand:" lists them)
        # Translators: the comma between the moves a player may type ("passo, 3, 4").
        options = pgettext("list", ", ").join(dict.fromkeys(_token(a, hand.rules) for a in legal))
        prompt = f"{_(_ASK[hand.phase])} [{options}]> "
        while True:
            text = self.reader.ask(prompt)
            low = text.lower()
            if low in ("q", "quit"):
                raise Stop
            if low in ("help", "?"):
                self.term.say(
                    "  "
                    # Translators: {options} is what may be typed now, "pass 3 4"; {also} is
                    # "Also: h or hint (again for more), u or undo, t or table, q (quit)."
                    + _("Type one of: {options}. {also}").format(
                        options=options, also=_(_COMMANDS_HELP)
                    )
                )
                continue
            if low in ("t", "table"):
                self.table()
                continue
            if low in ("h", "hint"):
                self.hint()
                continue
            if low in ("u", "undo"):
                if self.session.can_undo():
                    self.session.undo()
                    self.term.say("  " + _("Taken back."))
                    return None
                self.term.say("  " + _("There is nothing of yours to take back in this hand."))
                continue
            try:
                action = _parse(hand.phase, text, hand.rules)
                hand.check(action)
            except HasenpfefferError as e:
                self.reader.refuse(one_line(e))
                continue
            return action

    def hint(self) -> None:
        """Print the next step of the hint (the last one again once all are shown)."""
        hint, step = self.session.next_hint_step()
        self.term.wrap(
            _("Hint {step} of {steps}: {hint}").format(
                step=step, steps=STEPS, hint=hint.step(step)
            ),
            "  ",
        )
        if step == STEPS and hint.details:
            self.term.wrap(f"({hint.details})", "    ")

    # -- a whole hand
    def play_hand(self, *, resumed: bool = False) -> HandState:
        """Play the hand to its end; ``resumed`` after going back to a decision of it."""
        session, t = self.session, self.term
        hand = session.state
        if not resumed:
            t.say()
            cards = format_cards(hand.hand(_HUMAN))
            t.heading(
                # Translators: {dealer} is a seat's name: North, East, South or West.
                _("Hand {n}: {dealer} deals.").format(
                    n=session.hand_number, dealer=hand.dealer.word
                ),
                " " + _("Your cards: {cards}").format(cards=cards)
                if self.human is not None
                else "",
            )
        while True:
            session.run_computers(on_action=self.announce)
            if session.state.is_over:
                return session.state
            self.table()
            action = self.read_action()
            if action is not None:
                note = session.against_hint(action)
                session.apply(action)
                self.announce(action)
                if note:
                    self.term.wrap(note, "  ")

    def finish_hand(self, hand: HandState) -> list[Mistake]:
        """The result, the hand annotated and the review of South's decisions; returns
        the decisions that cost points (none for a hand thrown in)."""
        session, t = self.session, self.term
        t.say()
        if hand.result is None:
            t.say(_("All four passed and the hand is thrown in; the deal passes to the left."))
            return []
        t.wrap(_("Result: {result}").format(result=hand.result.reason), "")
        if self.human is not None:
            t.say(hints_used_words(*session.hints_used()))
        if session.game is not None:
            t.say(
                _("Score: {score} (game to {target}).").format(
                    score=score_text(session.game.scores), target=session.rules.target
                )
            )
        # Translators: the title of a hand record saved by play --save.
        title = _("Hand {n}").format(n=session.hand_number)
        record = HandRecord.from_state(hand, title=title)
        analysis = analyse(record)
        t.say()
        t.heading(_("The hand, annotated"))
        for step in range(len(record.moves)):
            for line in action_lines(record, analysis, step, explain=True):
                t.say(line)
        t.say()
        mistakes(t, analysis)
        if self.save is not None:
            self.save_hand(record)
        if self.human is None:
            return []
        found = session.mistakes()  # one decision of the fair expert each, none if hinted
        self.review(found)
        return found

    def review(self, found: list[Mistake]) -> None:
        """Print South's decisions that cost points, numbered, with both views."""
        t = self.term
        t.say()
        if not found:
            t.heading(_("Your decisions: none cost a trick or clear points."))
            return
        t.heading(_("Your decisions that cost points"))
        for n, m in enumerate(found, start=1):
            t.wrap(f"{n}. {m.what}", "  ")
            t.wrap(f"{_(EXPERT_VIEW)}: {m.expert}", "     ")
            if m.principle:
                t.wrap(m.principle, "     ")
            if m.double_dummy:
                t.wrap(f"{_(DOUBLE_DUMMY_VIEW)}: {m.double_dummy}", "     ")

    def try_again(self, found: list[Mistake]) -> bool:
        """After the review: ``again N`` goes back to decision N (True), anything the
        prompt offers first goes on (False). The end of the input after a single hand
        ends it as going on would."""
        if not found or self.human is None:
            return False
        session, n = self.session, len(found)
        go_on = "next" if session.game is not None and not session.game.is_over else "done"
        numbers = "again 1" if n == 1 else f"again 1-{n}"
        # Translators: "again" stays as it is: it is what the learner types.
        self.term.say(_("To play on from one of these decisions, type again and its number."))
        ask = _("Try one again?")
        while True:
            try:
                text = self.reader.ask(f"{ask} [{go_on} {numbers}]> ")
            except Stop:
                if session.game is None:
                    return False
                raise
            low = " ".join(text.lower().split())
            if low in ("", go_on, "done", "next"):
                return False
            if low in ("q", "quit"):
                raise Stop
            # Translators: "again 1" is what the learner types; keep "again" as it is.
            choices = _("again 1 to again {n}").format(n=n) if n > 1 else "again 1"
            if low in ("help", "?"):
                self.term.say(
                    "  "
                    # Translators: {choices} is "again 1 to again 3" (typed words); {word} is
                    # next or done, the word that goes on.
                    + _("Type {choices} to play on from that decision, or {word}.").format(
                        choices=choices, word=go_on
                    )
                )
                continue
            match = _AGAIN.fullmatch(low)
            number = int(match.group(1)) if match else (1 if low == "again" and n == 1 else 0)
            if not 1 <= number <= n:
                self.reader.refuse(
                    _("{answer} is not a choice here: type {choices}, or {word}").format(
                        answer=quote(text), choices=choices, word=go_on
                    )
                )
                continue
            mistake = found[number - 1]
            session.rewind(mistake.step)
            self.term.say()
            what = mistake.what
            self.term.wrap(
                # Translators: {what} is the decision, "you played K♠ to trick 2".
                _("Back to decision {n}. Last time: {what}").format(
                    n=number, what=f"{what[:1].lower()}{what[1:]}"
                ),
                "",
            )
            return True

    def save_hand(self, record: HandRecord) -> None:
        """Write the record to the --save file; if that fails, the hand is not lost: it
        goes to a file of its own in the current folder or the temporary folder, or,
        failing all, to the output; a line on standard error says which."""
        assert self.save is not None
        path = _save_path(self.save, self.session.hand_number, self.session.game is not None)
        text = dumps(record)
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        except (OSError, ValueError) as e:
            self.status = 1
            reason = getattr(e, "strerror", None) or e
            fallback = _save_elsewhere(text, self.session.hand_number)
            if fallback is not None:
                self.term.warn(
                    # Translators: {reason} is the operating system's reason, such as
                    # "Permission denied"; {other} the file the hand went to instead.
                    _(
                        "could not save the hand to {file} ({reason}); saved it to {other} instead"
                    ).format(file=path, reason=reason, other=fallback)
                )
            else:
                self.term.warn(
                    _(
                        "could not save the hand to {file} ({reason}), nor anywhere else: "
                        "it follows on the output"
                    ).format(file=path, reason=reason)
                )
                self.term.say()
                self.term.say(text.rstrip("\n"))
            return
        self.term.say(_("Saved the hand to {file}.").format(file=path))

    def run(self) -> int:
        session, t = self.session, self.term
        resumed = False
        while True:
            hand = self.play_hand(resumed=resumed)
            resumed = self.try_again(self.finish_hand(hand))
            if resumed:
                continue
            if session.game is not None and session.game.is_over:
                t.say()
                t.heading(
                    # Translators: {side} is NS or EW; {score} the points, "NS 10, EW 6".
                    _("{side} win the game, {score}.").format(
                        side=session.game.winner, score=score_text(session.game.scores)
                    )
                )
                return self.status
            if hand.result is not None and session.game is None:
                return self.status
            if self.human is None and session.hand_number >= _MAX_AUTO_HANDS:
                t.say()
                t.say(
                    ngettext(
                        "Stopped after {n} hand: no side has reached the target.",
                        "Stopped after {n} hands: no side has reached the target.",
                        _MAX_AUTO_HANDS,
                    ).format(n=_MAX_AUTO_HANDS)
                )
                return self.status
            session.new_hand()


def _save_path(text: str, number: int, game: bool) -> Path:
    """The file hand ``number`` is saved to: FILE, or in a game FILE-1, FILE-2..."""
    path = Path(text)
    return path.with_name(f"{path.stem}-{number}{path.suffix}") if game else path


def _check_save(text: str, *, game: bool) -> None:
    """Refuse, before a card is dealt, a ``--save FILE`` that cannot be written: a
    missing folder, a folder given as the file, a place without write permission."""
    if not text.strip() or "\x00" in text:
        raise UsageError(
            _("--save {file}: give the name of a file to write the hand to").format(file=text)
        )
    path = Path(text)
    if path.is_dir():
        raise UsageError(
            _("--save {file}: this is a folder; give a file name, like {example}").format(
                file=text, example=path / "hand.hand"
            )
        )
    folder = path.parent
    if not folder.exists():
        raise UsageError(
            _("--save {file}: there is no folder {folder} to write it in").format(
                file=text, folder=folder
            )
        )
    if not folder.is_dir():
        raise UsageError(
            _("--save {file}: {folder} is a file, not a folder").format(file=text, folder=folder)
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(
            _("--save {file}: no permission to write in the folder {folder}").format(
                file=text, folder=folder
            )
        )
    target = _save_path(text, 1, game)
    if target.is_dir():
        raise UsageError(
            _("--save {file}: {target} is a folder, not a file").format(file=text, target=target)
        )
    if target.exists() and not os.access(target, os.W_OK):
        raise UsageError(
            _("--save {file}: no permission to write to {target}").format(file=text, target=target)
        )


def _save_elsewhere(text: str, number: int) -> str | None:
    """Write a hand that could not be saved where asked to a new file in the current
    folder, or else in the temporary folder; its name, or None if both failed."""
    for folder in (os.curdir, tempfile.gettempdir()):
        try:
            fd, name = tempfile.mkstemp(
                prefix=f"hasenpfeffer-hand-{number}-", suffix=".hand", dir=folder
            )
        except OSError:
            continue
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError:
            with contextlib.suppress(OSError):
                os.remove(name)
            continue
        with contextlib.suppress(OSError):
            name = os.path.abspath(name)
        return name
    return None


def run(args: argparse.Namespace, term: Term, reader: Reader) -> int:
    """``hasenpfeffer play``: South against three computer players."""
    try:
        rules = Rules.parse(args.rules)
    except ValueError as e:  # the engine's errors, and any number it cannot take
        raise UsageError(f"--rules: {e}") from None
    if args.save is not None:
        _check_save(args.save, game=args.game)
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    session = PlaySession(
        rules,
        seed=seed,
        people=() if args.auto else (_HUMAN,),
        opponents=args.opponents,
        partner=args.partner,
        game=args.game,
    )
    if args.auto:
        # Translators: {rules} is the rule set in words ("the source rules", "Parlett's
        # rules, except: going alone: allowed"); {opponents} the kind of computer player
        # as typed: thumb, expert or random.
        opening = _(
            "Hasenpfeffer, {rules}; the computer plays every seat; opponents: "
            "{opponents}. The same deals again: --seed {seed}."
        ).format(rules=rules_words(rules), seed=seed, opponents=args.opponents)
    else:
        # Translators: {rules} is the rule set in words ("the source rules"); {opponents}
        # and {partner} are kinds of computer player as typed: thumb, expert or random.
        opening = _(
            "Hasenpfeffer, {rules}; you are South; opponents: {opponents}; your "
            "partner: {partner}. The same deals again: --seed {seed}."
        ).format(
            rules=rules_words(rules), seed=seed, opponents=args.opponents, partner=args.partner
        )
    term.say(opening)
    if not args.auto:
        term.say(_("Type what the prompt offers. {also}").format(also=_(_COMMANDS_HELP)))
    table = _Table(session, term, reader, args.save)
    try:
        return table.run()
    except Stop:
        term.say()
        term.say(_("Stopped."))
        return table.status


COMMAND: Final = Command(
    name="play",
    summary=N_("play a hand (or a game to 10) as South against the computer"),
    # Translators: the words to type (3, pass, hearts, H, yes, no, hint, undo, q, again)
    # stay as they are.
    description=N_(
        "Play as South; the computer plays North (your partner), East and West.\n"
        "Type a bid (3, pass), a suit (hearts, H), a card (J♥ or JH), or yes/no\n"
        "for going alone; the prompt lists what you may do. Also: hint (a hint in\n"
        "three steps, one each time: what to look at, the principle, the move),\n"
        "undo (take back your last action), q (quit).\n"
        "At the end of each hand: the result, the hand annotated, and your decisions\n"
        "that cost points, as the fair expert and hindsight (all hands face up) see them;\n"
        "again N goes back to decision N to play on from there."
    ),
    examples="hasenpfeffer play\n"
    "hasenpfeffer play --game --opponents expert --rules seed-pepper\n"
    "hasenpfeffer play --auto --seed 3",
    add_arguments=add_arguments,
    run=run,
)
