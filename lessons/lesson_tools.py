"""Small helpers the lessons share: pictures in a row, exercises, progress bars, charts.

You do not need to read this file to follow the lessons. Every exercise here takes
its verdict and its explanation from the engine (``hasenpfeffer_core``): this file
only lays them out.
"""

from __future__ import annotations

import html
import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

import ipywidgets as w
from IPython.display import HTML, display

from hasenpfeffer_core import (
    JOKER,
    OPTIONS,
    PRESETS,
    SUITS,
    Bid,
    Card,
    Game,
    HandState,
    Pass,
    Play,
    Rules,
    Seat,
    Side,
    Suit,
    bid_name,
    effective_suit,
    legal_plays,
    parse_card,
    parse_cards,
    ranking,
    score_hand,
)
from hasenpfeffer_core.analysis.bots import FairExpert, RuleOfThumbPlayer
from hasenpfeffer_core.analysis.explain import explain_card, explain_plays, explain_trick
from hasenpfeffer_core.analysis.quiz import Question, tricks_question
from hasenpfeffer_core.analysis.review import state_play_values
from hasenpfeffer_core.analysis.solver import play_values
from hasenpfeffer_core.analysis.teaching import teaching_hand
from hasenpfeffer_core.analysis.view import PlayerView
from hasenpfeffer_core.faces.render import hand_svg, table_svg
from hasenpfeffer_core.faces.widgets.base import box, card_button, feedback

__all__ = [
    "Chart",
    "Choice",
    "OrderExercise",
    "RulesLab",
    "bars",
    "best_card",
    "bid_exercise",
    "computer_position",
    "discard_exercise",
    "figure",
    "game_stats",
    "hint_exercise",
    "look_ahead",
    "play_example",
    "play_game",
    "progress",
    "rng",
    "score_exercise",
    "show",
    "stronger_card",
    "suit_in_play",
    "suit_name",
    "table",
    "teaching_position",
    "trick_example",
    "trump_exercise",
    "which_rules",
]

T = TypeVar("T")


def rng(seed: int) -> random.Random:
    """A random source with a fixed seed: the lesson shows the same cards every time."""
    return random.Random(seed)


def suit_name(suit: Suit | None) -> str:
    """``♥ hearts``, or ``no trump``."""
    return "no trump" if suit is None else f"{suit.symbol} {suit.plural}"


# --- pictures and tables ---------------------------------------------------------------


def figure(picture: str, caption: str = "") -> str:
    """A picture (SVG or HTML) with a short caption under it, as HTML."""
    cap = (
        '<figcaption style="font-size:0.9em;opacity:0.8;margin-top:2px">'
        f"{html.escape(caption)}</figcaption>"
        if caption
        else ""
    )
    return f'<figure style="margin:0 18px 8px 0;display:inline-block">{picture}{cap}</figure>'


def show(*pictures: str) -> None:
    """Show pictures (SVG or HTML strings) side by side, wrapping when the row is full."""
    row = "".join(p if p.lstrip().startswith("<figure") else figure(p) for p in pictures)
    display(HTML(f'<div style="display:flex;flex-wrap:wrap;align-items:flex-end">{row}</div>'))


def table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
    """A small table. Cells are text; a cell that starts with ``<`` is kept as HTML."""

    def cell(value: Any) -> str:
        text = str(value)
        return text if text.startswith("<") else html.escape(text)

    head = "".join(f'<th style="text-align:left">{html.escape(h)}</th>' for h in header)
    body = "".join(
        "<tr>" + "".join(f'<td style="text-align:left">{cell(v)}</td>' for v in row) + "</tr>"
        for row in rows
    )
    display(HTML(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"))


def _seats_from(leader: Seat, n: int) -> list[Seat]:
    seats = [leader]
    while len(seats) < n:
        seats.append(seats[-1].left)
    return seats


def play_example(hand: str, trick: str, trump: Suit, *, you: Seat = Seat.S) -> None:
    """The trick so far and your hand, the cards you may play lit, with the engine's reasons."""
    cards = parse_cards(hand)
    played = parse_cards(trick) if trick.strip() else ()
    leader = you
    for _ in played:
        leader = leader.right
    plays = list(zip(_seats_from(leader, len(played)), played, strict=True))
    legal = legal_plays(cards, played, trump)
    show(
        figure(
            table_svg(plays, trump=trump, leader=leader, names={you: "South (you)"}, size=210),
            "the trick so far",
        ),
        figure(
            hand_svg(
                cards,
                trump=trump,
                highlight=legal,
                dim=[c for c in cards if c not in legal],
                overlap=1.08,
            ),
            "your hand: the cards you may play are lit",
        ),
    )
    items = "".join(
        f"<li>{'✓' if e.allowed else '✗'} {html.escape(e.text)}</li>"
        for e in explain_plays(cards, played, trump)
    )
    display(HTML(f"<ul style='margin-top:0'>{items}</ul>"))


def trick_example(trick: str, trump: Suit, *, leader: Seat = Seat.W) -> None:
    """A finished trick round the table, the winner lit, with the engine's explanation."""
    cards = parse_cards(trick)
    seats = _seats_from(leader, len(cards))
    e = explain_trick(cards, trump)
    winner = seats[e.winner]
    show(
        figure(
            table_svg(list(zip(seats, cards, strict=True)), trump=trump, winner=winner, size=210),
            f"{winner.word} wins the trick",
        )
    )
    display(HTML(f"<p style='margin-top:0'>{html.escape(e.text)}</p>"))


# --- exercises -------------------------------------------------------------------------


class Choice(w.VBox):  # type: ignore[misc]
    """A question answered by pressing one button; ``check`` gives the verdict.

    ``options`` are ``(label, value)`` pairs, or cards (shown as card buttons).
    ``check(value)`` returns ``(right, explanation)``; the explanation comes from
    the engine. The learner may try again after a wrong answer.
    """

    def __init__(
        self,
        prompt: str,
        options: Sequence[tuple[str, Any] | Card],
        check: Callable[[Any], tuple[bool, str]],
        *,
        picture: str = "",
    ) -> None:
        self._check = check
        self.feedback = w.HTML()
        self.buttons: list[w.Button] = []
        for option in options:
            if isinstance(option, Card):
                b = card_button(option)
                b.choice = option
            else:
                label, value = option
                b = w.Button(description=label, layout=w.Layout(width="auto", min_width="64px"))
                b.choice = value
            b.on_click(self._on_click)
            self.buttons.append(b)
        head = box(f"<p style='margin:4px 0'><b>{html.escape(prompt)}</b></p>{picture}")
        row = w.HBox(self.buttons, layout=w.Layout(flex_flow="row wrap"))
        super().__init__([w.HTML(head), row, self.feedback])
        self.add_class("hp-lesson-choice")

    def answer(self, value: Any) -> bool:
        """Answer as if the button for ``value`` were pressed; returns the verdict."""
        button = next(b for b in self.buttons if b.choice == value)
        return self._on_click(button)

    def _on_click(self, button: w.Button) -> bool:
        try:
            right, text = self._check(button.choice)
        except Exception as e:  # keep the notebook alive, say what went wrong
            self.feedback.value = feedback("err", "That did not work:", str(e))
            return False
        for b in self.buttons:
            b.style.button_color = None
        button.style.button_color = "#bfe5c7" if right else "#f3c1c4"
        title = "Right!" if right else "Not quite. Try another answer."
        self.feedback.value = feedback("ok" if right else "bad", title, text)
        return right


class OrderExercise(w.VBox):  # type: ignore[misc]
    """An ``order`` question from the quiz bank: press the cards strongest first."""

    def __init__(self, question: Question) -> None:
        self.question = question
        self.chosen: list[Card] = []
        self.answer_picture = w.HTML()
        self.feedback = w.HTML()
        self.buttons = [card_button(c) for c in question.cards]
        for b in self.buttons:
            b.on_click(self._on_click)
        again = w.Button(description="Start again", icon="undo")
        again.on_click(self._reset)
        head = box(
            f"<p style='margin:4px 0'><b>{html.escape(question.prompt)}</b> "
            "Press the cards one by one, strongest first.</p>"
            + hand_svg(question.cards, overlap=1.08, label="the cards to order")
        )
        row = w.HBox([*self.buttons, again], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([w.HTML(head), row, self.answer_picture, self.feedback])
        self.add_class("hp-lesson-order")

    def _draw(self) -> None:
        self.answer_picture.value = (
            box(
                "<p style='margin:4px 0'>Your order so far:</p>"
                + hand_svg(self.chosen, overlap=1.08, scale=0.8, label="your order")
            )
            if self.chosen
            else ""
        )

    def _on_click(self, button: w.Button) -> None:
        self.chosen.append(button.card)
        button.disabled = True
        self._draw()
        if len(self.chosen) == len(self.question.cards):
            right = self.question.check(self.chosen)
            title = "Right!" if right else "Not quite."
            self.feedback.value = feedback(
                "ok" if right else "bad", title, self.question.explanation
            )

    def _reset(self, _button: Any = None) -> None:
        self.chosen = []
        for b in self.buttons:
            b.disabled = False
        self.feedback.value = ""
        self._draw()


def stronger_card(a: str | Card, b: str | Card, trump: Suit) -> Choice:
    """Which of two cards is stronger under ``trump``? (The engine's ranking decides.)"""
    ca, cb = parse_card(a), parse_card(b)
    best = min((ca, cb), key=ranking(trump).index)

    def check(card: Card) -> tuple[bool, str]:
        other = cb if card is ca else ca
        return card is best, f"{explain_card(card, trump).text} {explain_card(other, trump).text}"

    return Choice(
        f"{trump.plural.capitalize()} are trumps. Which card is stronger?",
        [ca, cb],
        check,
        picture=hand_svg([ca, cb], overlap=1.12, scale=0.8, label="the two cards"),
    )


def suit_in_play(card: str | Card, trump: Suit) -> Choice:
    """Which suit does ``card`` belong to in play under ``trump``? (``effective_suit`` decides.)"""
    c = parse_card(card)
    answer = effective_suit(c, trump)

    def check(suit: Suit) -> tuple[bool, str]:
        return suit is answer, explain_card(c, trump).text

    return Choice(
        f"{trump.plural.capitalize()} are trumps. Which suit does {c.text} belong to in play?",
        [(suit_name(s), s) for s in SUITS],
        check,
        picture=hand_svg([c], scale=0.8, label="the card"),
    )


def look_ahead(seed: int, difficulty: str = "bowers") -> Choice:
    """An ending with every card face up: how many tricks can a side take? (The solver decides.)"""
    q = tricks_question(rng(seed), difficulty=difficulty)
    hands = "".join(
        figure(hand_svg(q.hands[s], trump=q.trump, overlap=1.08, scale=0.8), s.word) for s in Seat
    )
    n = len(q.hands[Seat.N])
    leader = q.seat
    assert leader is not None
    leads = play_values({s.name: h for s, h in q.hands.items()}, q.trump, leader.name)
    side = leader.side.name
    how = ", ".join(f"{c.text}: {side} take {v}" for c, v in leads.items())
    why = (
        f"{q.explanation} Each card {leader.word} can lead, and the tricks {side} then take: {how}."
    )

    def check(k: int) -> tuple[bool, str]:
        return q.check(k), why

    return Choice(q.prompt, [(str(k), k) for k in range(n + 1)], check, picture=hands)


def trump_exercise(state: HandState, expert: FairExpert) -> Choice:
    """The maker holds seven cards: which suit to name? The fair expert judges."""
    seat = state.to_move
    assert seat is not None
    advice = expert.advise(PlayerView.of(state, seat))
    values = {a.suit: v for a, v in advice.values.items()}
    best = max(values.values())

    def check(suit: Suit) -> tuple[bool, str]:
        return values[suit] >= best - 0.25, (
            f"With {suit.plural} as trumps the hand takes {values[suit]:.1f} tricks on average. "
            f"The fair expert's advice: {advice.reason}"
        )

    high = state.high_bid
    bid = bid_name(high.tricks, high.big, state.rules) if high else "?"
    return Choice(
        f"{seat.word} won the auction with {bid} and picked up the widow. "
        "Which suit do you name as trumps?",
        [(suit_name(s), s) for s in SUITS],
        check,
        picture=hand_svg(state.hand(seat), overlap=0.9),
    )


def discard_exercise(state: HandState, expert: FairExpert) -> Choice:
    """Trumps are named: which card to discard? The fair expert judges."""
    seat = state.to_move
    assert seat is not None and state.trump is not None
    advice = expert.advise(PlayerView.of(state, seat))
    kept = {a.card: v for a, v in advice.values.items()}
    best = max(kept.values())

    def check(card: Card) -> tuple[bool, str]:
        if card not in kept:
            return False, f"Keep your trumps. The fair expert's advice: {advice.reason}"
        return kept[card] >= best - 0.1, (
            f"Without {card.text} the hand takes {kept[card]:.1f} tricks on average. "
            f"The fair expert's advice: {advice.reason}"
        )

    return Choice(
        f"{state.trump.plural.capitalize()} are trumps. Which card do you discard?",
        list(state.hand(seat)),
        check,
        picture=hand_svg(state.hand(seat), trump=state.trump, overlap=0.9),
    )


def bid_exercise(state: HandState, expert: FairExpert) -> Choice:
    """Your turn in the auction: pass or bid? The fair expert judges."""
    seat = state.to_move
    assert seat is not None
    advice = expert.advise(PlayerView.of(state, seat))
    legal = state.legal_actions()
    cheapest = next(a for a in legal if isinstance(a, Bid))
    options = [
        ("pass", next(a for a in legal if isinstance(a, Pass))),
        (f"bid {bid_name(cheapest.tricks, cheapest.big, state.rules)}", cheapest),
    ]

    def check(action: Bid | Pass) -> tuple[bool, str]:
        return action == advice.action, f"The fair expert's advice: {advice.reason}"

    said = "; ".join(
        f"{a.seat.word} {'passed' if isinstance(a, Pass) else 'bid ' + str(a.tricks)}"
        for a in state.auction
    )
    return Choice(
        f"{said}. You are {seat.word}: what do you do with these cards?",
        options,
        check,
        picture=hand_svg(state.hand(seat), overlap=0.9),
    )


def best_card(state: HandState, prompt: str = "", *, note: str = "") -> Choice:
    """Which card should the player to move play? The double-dummy solver judges.

    ``note`` is added to the feedback (a teacher's comment on the position)."""
    seat = state.to_move
    assert seat is not None
    values = state_play_values(state)
    best = max(values.values())
    left = 6 - len(state.tricks)

    def check(card: Card) -> tuple[bool, str]:
        ranked = ", ".join(
            f"{c.text}: {v}" for c, v in sorted(values.items(), key=lambda cv: -cv[1])
        )
        lost = best - values[card]
        verdict = "That is a best card." if not lost else f"That gives up {_tricks(lost)}."
        return not lost, (
            f"{verdict} With all cards visible and best play afterwards, {seat.side.name} "
            f"take this many of the {left} tricks left with each card: {ranked}.{note}"
        )

    trick = state.current_trick
    table_pic = table_svg(
        trick,
        trump=state.trump,
        leader=state.leader,
        names={seat: f"{seat.word} (you)"},
        size=210,
    )
    hand_pic = hand_svg(state.hand(seat), trump=state.trump, overlap=1.08)
    trumps = state.trump.plural.capitalize() if state.trump else "There are no"
    return Choice(
        prompt or f"{trumps} are trumps. You are {seat.word}: which card do you play?",
        [c for c in state.hand(seat) if c in values],
        check,
        picture=figure(table_pic, "the trick so far") + figure(hand_pic, "your hand"),
    )


def computer_position(seed: int, dealer: Seat, actions: int) -> HandState:
    """A fresh deal (from ``seed``) after four rule-of-thumb players took ``actions`` actions."""
    thumb = RuleOfThumbPlayer()
    state = HandState.new(dealer=dealer, seed=seed)
    for _ in range(actions):
        seat = state.to_move
        assert seat is not None
        state.apply(thumb.choose(PlayerView.of(state, seat)))
    return state


def hint_exercise(state: HandState, expert: FairExpert) -> Choice:
    """Which card now, seeing only your own hand? The fair expert's hint judges."""
    seat = state.to_move
    assert seat is not None and state.high_bid is not None
    advice = expert.advise(PlayerView.of(state, seat))
    values = {a.card: v for a, v in advice.values.items()}
    best = max(values.values())

    def check(card: Card) -> tuple[bool, str]:
        return values[card] >= best - 0.05, (
            f"With {card.text} your side takes {values[card]:.1f} tricks on average. "
            f"The hint: {advice.reason}"
        )

    maker = state.high_bid.seat
    bid = bid_name(state.high_bid.tricks, state.high_bid.big, state.rules)
    won = state.side_tricks
    context = (
        f"{maker.word} bid {bid} and named {suit_name(state.trump)} as trumps. "
        f"Tricks so far: N-S {won[Side.NS]}, E-W {won[Side.EW]}. "
        f"You are {seat.word}: which card do you play?"
    )
    table_pic = table_svg(
        state.current_trick,
        trump=state.trump,
        leader=state.leader,
        names={seat: f"{seat.word} (you)"},
        size=210,
    )
    hand_pic = hand_svg(state.hand(seat), trump=state.trump, overlap=1.08)
    caption = "the trick so far" if state.current_trick else "you lead"
    return Choice(
        context,
        [c for c in state.hand(seat) if c in values],
        check,
        picture=figure(table_pic, caption) + figure(hand_pic, "your hand"),
    )


def teaching_position(name: str, step: int) -> Choice:
    """The position before action ``step`` of a teaching hand: which card? (The solver
    judges; the feedback adds the teacher's note on the card that was played.)"""
    record = teaching_hand(name)
    move = record.moves[step]
    if not isinstance(move.action, Play):
        raise ValueError(f"action {step} of teaching hand {name} is not a card played")
    said = f": {move.note}" if move.note else "."
    note = f" In the teaching hand, {move.action.seat.word} played {move.action.card.text}{said}"
    return best_card(record.state_at(step), note=note)


def score_exercise(
    rules: Rules,
    bid: Bid,
    tricks: int,
    *,
    options: Sequence[int],
    label: str = "",
    ask: Side | None = None,
    maker_alone: bool = False,
) -> Choice:
    """What does this hand score? ``score_hand`` decides and explains."""
    side = bid.seat.side
    ask = ask or side
    result = score_hand(rules, bid, {side: tricks, side.other: 6 - tricks}, maker_alone=maker_alone)
    answer = result.points[ask]

    def check(points: int) -> tuple[bool, str]:
        return points == answer, result.reason

    name = bid_name(bid.tricks, bid.big, rules)
    alone = " alone" if maker_alone else ""
    return Choice(
        f"{label or rules.to_text()}: {side.name} bid {name}{alone} and took "
        f"{_tricks(tricks)}. What do {ask.name} score for this hand?",
        [(_signed(p), p) for p in options],
        check,
    )


def which_rules(bid: Bid, taken: int, points: tuple[int, int]) -> Choice:
    """A hand's score under unknown rules: which published rule set gives it?"""
    side = bid.seat.side
    tricks = {side: taken, side.other: 6 - taken}

    def check(name: str) -> tuple[bool, str]:
        result = score_hand(PRESETS[name].rules, bid, tricks)
        scored = (result.points[Side.NS], result.points[Side.EW])
        return scored == points, f"Under {name}: {result.reason}"

    ns, ew = points
    return Choice(
        f"{side.name} bid {bid.tricks} and took {_tricks(taken)}. N-S scored {_signed(ns)}, "
        f"E-W scored {_signed(ew)}. Which rule set?",
        [(name, name) for name in PRESETS],
        check,
    )


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _tricks(n: int) -> str:
    return "1 trick" if n == 1 else f"{n} tricks"


# --- simulations -----------------------------------------------------------------------


def progress(items: Iterable[T], description: str = "Simulating") -> Iterator[T]:
    """Yield ``items`` while a progress bar under the cell fills up."""
    todo = list(items)
    bar = w.IntProgress(
        value=0,
        min=0,
        max=max(len(todo), 1),
        description=description,
        bar_style="info",
        style={"description_width": "initial"},
        layout=w.Layout(width="480px"),
    )
    display(bar)
    step = max(1, len(todo) // 50)
    for i, item in enumerate(todo, 1):
        yield item
        if i % step == 0 or i == len(todo):
            bar.value = i
    bar.bar_style = "success"
    bar.description = f"{description}: done"


def play_game(rules: Rules, seed: int) -> Game:
    """One whole game between four rule-of-thumb players, to the target score."""
    thumb = RuleOfThumbPlayer()
    game = Game(rules, seed=seed)
    while not game.is_over:
        if game.hand.is_over:
            game.next_hand()
        seat = game.hand.to_move
        assert seat is not None
        game.apply(thumb.choose(PlayerView.of(game.hand, seat)))
    return game


def game_stats(games: Sequence[Game]) -> dict[str, float]:
    """Hands per game, % of bids that failed, % of hands thrown in, and the Joker's value:
    the points per hand of the side dealt the Joker, minus the other side's."""
    hands = [h for g in games for h in g.hands]
    scored = [h.result for h in hands if h.result is not None]
    joker = []
    for h in hands:
        holder = next((s for s in Seat if JOKER in h.deal.hands[s.value]), None)
        if h.result is None or holder is None:
            continue  # thrown in, or the Joker was the widow
        side = holder.side
        joker.append(h.result.points[side] - h.result.points[side.other])
    return {
        "hands per game": len(hands) / len(games),
        "% of bids failed": 100 * sum(not r.made for r in scored) / max(len(scored), 1),
        "% of hands thrown in": 100 * (len(hands) - len(scored)) / len(hands),
        "Joker's value (points per hand)": sum(joker) / max(len(joker), 1),
    }


class RulesLab(w.VBox):  # type: ignore[misc]
    """Choose house rules, press the button, and compare a batch of games with the seed's."""

    def __init__(self, games: int = 40) -> None:
        self.games = games
        base = Rules()
        self.controls: dict[str, w.Widget] = {}
        for name in OPTIONS:
            value = getattr(base, name)
            if isinstance(value, bool):
                c = w.Dropdown(options=[("no", False), ("yes", True)], value=value)
            elif isinstance(value, int):
                c = w.BoundedIntText(value=value, min=1, max=50)
            else:
                c = w.Dropdown(options=[(m.value, m) for m in type(value)], value=value)
            c.description = name
            c.style = {"description_width": "150px"}
            c.layout = w.Layout(width="330px")
            c.tooltip = OPTIONS[name].summary
            self.controls[name] = c
        self.run_button = w.Button(
            description=f"Play {games} games with these rules",
            button_style="primary",
            icon="play",
            layout=w.Layout(width="auto"),
        )
        self.run_button.on_click(self._run)
        button_row = w.HBox([self.run_button])
        self.output = w.Output()
        grid = w.GridBox(
            list(self.controls.values()),
            layout=w.Layout(grid_template_columns="repeat(auto-fill, 340px)"),
        )
        super().__init__([grid, button_row, self.output])

    def rules(self) -> Rules:
        """The rules the controls describe."""
        return Rules(**{name: c.value for name, c in self.controls.items()})

    def _run(self, _button: Any = None) -> None:
        self.output.clear_output()
        with self.output:
            try:
                rules = self.rules()
            except Exception as e:  # an impossible combination: say why
                display(HTML(feedback("err", "These rules don't work:", str(e))))
                return
            seeds = range(self.games)
            mine = game_stats([play_game(rules, s) for s in progress(seeds, "Your rules")])
            seed = game_stats([play_game(Rules(), s) for s in progress(seeds, "Source rules")])
            table(
                ["", "your rules", "source rules"],
                [(k, f"{mine[k]:.1f}", f"{seed[k]:.1f}") for k in mine],
            )
            print("Your rules:", rules.to_text())


class Chart(str):
    """An SVG chart: a string for ``show`` and ``figure``, drawn when it ends a cell."""

    def _repr_html_(self) -> str:
        return str(self)


#: Bar colours that read on a light and on a dark background.
CHART_COLOURS = ("#4e79a7", "#e15759", "#59a14f", "#b07aa1", "#f28e2b")


def _text_width(text: str, size: float) -> float:
    """A rough width of ``text`` in pixels at font size ``size`` (for layout only)."""
    return 0.58 * size * len(text)


def _nice_ticks(lo: float, hi: float, most: int = 6) -> list[float]:
    """Round tick values from ``lo`` to ``hi``: steps of 1, 2, 2.5 or 5 times a power of ten."""
    span = hi - lo
    if span <= 0:
        return [lo]
    raw = span / most
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.ceil(lo / step - 1e-9)
    ticks = []
    k = first
    while k * step <= hi + 1e-9 * step:
        ticks.append(round(k * step, 10))
        k += 1
    return ticks


def _tick_label(value: float) -> str:
    return f"{value:g}"


def bars(
    labels: Sequence[str],
    series: dict[str, Sequence[float | None]],
    *,
    title: str,
    ylabel: str,
    xlabel: str = "",
    fmt: str = "{:.1f}",
    ylim: tuple[float, float] | None = None,
    yticks: Sequence[float] | None = None,
    width: int = 480,
    height: int = 300,
) -> Chart:
    """Grouped bars as an SVG chart, each bar labelled with its value.

    One bar per series in each group (one group per label); a value of ``None`` (too few
    cases to say) leaves a gap. A label may hold ``\\n`` for a second line. With more than
    one series a legend sits between the title and the bars. Text and axes are drawn in
    ``currentColor``, so the chart follows the page's light or dark theme. Pure Python:
    it runs wherever the lessons run, the browser's live copy included.
    """
    esc = html.escape
    values = [v for vs in series.values() for v in vs if v is not None]
    lo = min(0.0, *values) if values else 0.0
    hi = max(0.0, *values) if values else 1.0
    if ylim is not None:
        lo, hi = ylim
    elif hi > lo:
        hi += 0.12 * (hi - lo)  # room for the value labels
    if hi <= lo:
        hi = lo + 1.0
    ticks = [t for t in (yticks if yticks is not None else _nice_ticks(lo, hi)) if lo <= t <= hi]

    n = max(len(series), 1)
    tick_size, label_size, value_size, title_size = 12, 12, 11, 14
    tick_w = max((_text_width(_tick_label(t), tick_size) for t in ticks), default=0)
    left = 24 + tick_w + 14
    right = 12
    top = 30 + (22 if len(series) > 1 else 0)
    lines = [str(label).split("\n") for label in labels]
    group = (width - left - right) / max(len(labels), 1)
    widest = max((_text_width(x, label_size) for ls in lines for x in ls), default=0)
    slant = widest > group * 0.95
    if slant:  # long labels: turn them 30 degrees
        below = 18 + 0.5 * widest + 0.87 * label_size
    else:
        below = 18 + 15 * max((len(ls) for ls in lines), default=1)
    bottom = below + (16 if xlabel else 4)
    plot_h = height - top - bottom
    plot_w = width - left - right

    def y(v: float) -> float:
        return top + plot_h * (hi - v) / (hi - lo)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="hp-chart" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{esc(title)}" '
        'style="max-width:100%;height:auto;color:inherit;'
        'font-family:var(--jp-ui-font-family,system-ui,-apple-system,Segoe UI,sans-serif)">',
        f"<title>{esc(title)}</title>",
        f'<text x="{width / 2:.1f}" y="19" text-anchor="middle" font-size="{title_size}" '
        f'font-weight="600" fill="currentColor">{esc(title)}</text>',
    ]
    # grid lines and y ticks
    for t in ticks:
        ty = y(t)
        out.append(
            f'<line x1="{left:.1f}" x2="{width - right:.1f}" y1="{ty:.1f}" y2="{ty:.1f}" '
            'stroke="currentColor" stroke-opacity="0.15"/>'
        )
        out.append(
            f'<text x="{left - 6:.1f}" y="{ty + 4:.1f}" text-anchor="end" font-size="{tick_size}" '
            f'fill="currentColor" fill-opacity="0.8">{_tick_label(t)}</text>'
        )
    # the bars and their values
    slot = 0.8 * group / n
    for k, (name, vs) in enumerate(series.items()):
        colour = CHART_COLOURS[k % len(CHART_COLOURS)]
        for i, v in enumerate(vs):
            if v is None:
                continue
            cx = left + group * (i + 0.5) + (k - (n - 1) / 2) * slot
            y0, y1 = sorted((y(max(min(v, hi), lo)), y(max(min(0.0, hi), lo))))
            out.append(
                f'<rect x="{cx - slot * 0.45:.1f}" y="{y0:.1f}" width="{slot * 0.9:.1f}" '
                f'height="{max(y1 - y0, 0.5):.1f}" fill="{colour}" rx="1.5">'
                f"<title>{esc(name)}, {esc(labels[i].replace(chr(10), ' '))}: "
                f"{esc(fmt.format(v))}</title></rect>"
            )
            ly = y0 - 4 if v >= 0 else y1 + value_size + 2
            out.append(
                f'<text x="{cx:.1f}" y="{ly:.1f}" text-anchor="middle" font-size="{value_size}" '
                f'fill="currentColor">{esc(fmt.format(v))}</text>'
            )
    # axes
    base = y(max(min(0.0, hi), lo))
    out.append(
        f'<line x1="{left:.1f}" x2="{width - right:.1f}" y1="{base:.1f}" y2="{base:.1f}" '
        'stroke="currentColor" stroke-opacity="0.7"/>'
    )
    out.append(
        f'<line x1="{left:.1f}" x2="{left:.1f}" y1="{top:.1f}" y2="{top + plot_h:.1f}" '
        'stroke="currentColor" stroke-opacity="0.7"/>'
    )
    # x labels
    for i, ls in enumerate(lines):
        cx = left + group * (i + 0.5)
        ty = top + plot_h + 16
        if slant:
            out.append(
                f'<text transform="translate({cx:.1f},{ty - 4:.1f}) rotate(-30)" '
                f'text-anchor="end" dy="0.8em" font-size="{label_size}" '
                f'fill="currentColor">{esc(" ".join(ls))}</text>'
            )
            continue
        spans = "".join(
            f'<tspan x="{cx:.1f}" dy="{0 if j == 0 else 15}">{esc(line)}</tspan>'
            for j, line in enumerate(ls)
        )
        out.append(
            f'<text x="{cx:.1f}" y="{ty:.1f}" text-anchor="middle" font-size="{label_size}" '
            f'fill="currentColor">{spans}</text>'
        )
    if xlabel:
        out.append(
            f'<text x="{left + plot_w / 2:.1f}" y="{height - 5}" text-anchor="middle" '
            f'font-size="{label_size}" fill="currentColor" fill-opacity="0.9">{esc(xlabel)}</text>'
        )
    out.append(
        f'<text transform="translate(14,{top + plot_h / 2:.1f}) rotate(-90)" '
        f'text-anchor="middle" font-size="{label_size}" fill="currentColor" '
        f'fill-opacity="0.9">{esc(ylabel)}</text>'
    )
    # the legend, under the title
    if len(series) > 1:
        items = [(name, CHART_COLOURS[k % len(CHART_COLOURS)]) for k, name in enumerate(series)]
        widths = [18 + _text_width(name, label_size) + 16 for name, _ in items]
        x = left + (plot_w - sum(widths)) / 2
        for (name, colour), w_ in zip(items, widths, strict=True):
            out.append(
                f'<rect x="{x:.1f}" y="31" width="12" height="12" rx="2" fill="{colour}"/>'
                f'<text x="{x + 17:.1f}" y="41.5" font-size="{label_size}" '
                f'fill="currentColor">{esc(name)}</text>'
            )
            x += w_
    out.append("</svg>")
    return Chart("".join(out))
