"""The site quizzes' questions ("Who wins the trick?", "Which cards may I play?", "What
would you bid?"): made by the engine's quiz sets, with answers, explanations and
pictures, as the JSON ``assets/practice.js`` reads."""

from __future__ import annotations

import contextlib
import copy
import functools
from collections.abc import Iterator, Sequence
from typing import Any

from hasenpfeffer_core import (
    SEATS,
    parse_card,
)
from hasenpfeffer_core.analysis.explain import (
    card_words,
)
from hasenpfeffer_core.analysis.quiz import DIFFICULTIES, quiz_set
from hasenpfeffer_core.engine.i18n import get_language, pgettext
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.faces.render import card_svg, hand_svg, table_svg
from hasenpfeffer_core.faces.widgets.bid_quiz import chances_caption, chances_html

#: The site quizzes, each on a page of its own (``<!-- hp:practice KIND -->``).
PRACTICE_KINDS = ("trick-winner", "legal-play", "bid")
PRACTICE_COUNT = 15  # per difficulty
#: A bid question is a study of the hand (about a second of the build each): fewer.
PRACTICE_COUNTS = {"bid": 6}
PRACTICE_SEEDS = {"trick-winner": 2024, "legal-play": 7031, "bid": 5150}


def practice_data(kind: str) -> dict[str, Any]:
    """Questions of one kind at every difficulty, with answers, explanations and pictures,
    in the current language, and the words the practice page's script shows (``labels``:
    the script has no words of its own)."""
    if kind == "bid":
        return copy.deepcopy(_bid_practice(get_language()))
    return _practice_data(kind)


@functools.cache
def _bid_practice(lang: str) -> dict[str, Any]:
    """The bid questions in ``lang``, made once per build (and once per test run).

    Each language's questions are the same positions (the same seeds), studied again to
    say them in that language: the study's double-dummy solutions, a pure function of
    the cards, are shared between the languages (:func:`_shared_solutions`), so the
    second and third language cost the words only.
    """
    with _shared_solutions():
        return _practice_data("bid")


#: Double-dummy results of the bid studies, by their arguments (numbers only).
_SOLUTIONS: dict[tuple[Any, ...], int] = {}


@contextlib.contextmanager
def _shared_solutions() -> Iterator[None]:
    """Within the block, the judge's solver (``analysis.judge.solve_masks``, a pure
    function of card masks) remembers its results across calls."""
    from hasenpfeffer_core.analysis import judge

    names = vars(judge)  # (the module's own name for the solver, not exported)
    solve = names["solve_masks"]

    def remembered(
        masks: Sequence[int], tk: int, leader: int, trick: Sequence[int] = (), **kw: Any
    ) -> int:
        key = (tuple(masks), tk, leader, tuple(trick), tuple(sorted(kw.items())))
        if key not in _SOLUTIONS:
            _SOLUTIONS[key] = solve(masks, tk, leader, trick, **kw)
        return _SOLUTIONS[key]

    names["solve_masks"] = remembered
    try:
        yield
    finally:
        names["solve_masks"] = solve


def practice_labels() -> dict[str, Any]:
    """Every word ``assets/practice.js`` shows, in the current language. ``{error}`` in a
    label is filled in by the script."""
    return {
        "levels": {
            "all": _("All levels"),
            "first-steps": _("First steps"),
            "bowers": _("Bowers"),
            "joker": _("The Joker"),
            "mixed": _("Mixed"),
        },
        "level": _("Level"),
        "score": _("Score"),
        "streak": _("Streak"),
        "best_streak": _("Best streak"),
        "no_questions": _("There are no questions at this level."),
        "six_cards": _("Your six cards"),
        "your_answer": _("Your answer"),
        "your_hand": _("Your hand:"),
        "check": _("Check my answer"),
        "check_hint": _("Select every card you may play, then check."),
        "next": _("Next question →"),
        "right": _("Right!"),
        "not_quite": _("Not quite."),
        "best_call": _("✓ a best call"),
        "your_call": _("✗ your call"),
        "auction": _("The auction so far"),
        "nobody_yet": _("Nobody has spoken yet: you are first."),
        "player": pgettext("column", "Player"),
        "said": pgettext("column", "Said"),
        # Translators: the words on a card after a legal-play question is checked.
        "may_play": _("✓ may play"),
        "missed": _("missed: may play"),
        "may_not_play_chosen": _("✗ may not play"),
        "may_not_play": _("may not play"),
        # Translators: {error} is a technical reason (an HTTP status, in English).
        "load_error": _("The questions could not be loaded ({error})."),
    }


def _or_list(words: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c`` in the current language."""
    if len(words) < 2:
        return "".join(words)
    # Translators: the end of a list of choices, "A or B".
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


def _practice_data(kind: str) -> dict[str, Any]:
    questions: list[dict[str, Any]] = []
    count = PRACTICE_COUNTS.get(kind, PRACTICE_COUNT)
    for d_index, difficulty in enumerate(DIFFICULTIES):
        seed = PRACTICE_SEEDS[kind] + d_index
        for q in quiz_set(kind, count, seed=seed, difficulty=difficulty):
            data = q.to_dict()
            data["id"] = f"{kind}-{difficulty}-{len(questions)}"
            # what the learner's store records as the item answered, as the command
            # line and the notebooks record the same question
            data["key"] = q.key
            plays = list(q.trick)
            trump = q.trump
            if trump is not None:
                data["trump_text"] = _("{symbol} {suits} are trumps").format(
                    symbol=trump.symbol, suits=trump.plural
                )
            else:
                data["trump_text"] = _("no trump")
            if kind == "bid":
                # The hand as a picture, the choices in words, and the chances as a bar
                # chart for the feedback (drawn by the bidding widget's own chart code).
                d = q.details
                data["picture"] = hand_svg(q.hand, label=_("your hand"))  # 266 px: fits a phone
                data["choices"] = [{"value": c["value"], "label": c["label"]} for c in d["choices"]]
                best = [c["label"] for c in d["choices"] if c["value"] in set(d.get("right", ()))]
                data["scale_text"] = _("Bids: {scale}").format(scale=d.get("scale", ""))
                data["wrong_text"] = _("Not quite. The best call: {calls}.").format(
                    calls=_or_list(best)
                )
                data["chart"] = chances_html(
                    d["chances"], best=d["best_trump"], need=d["need"], samples=d["samples"]
                )
                data["chart_caption"] = chances_caption(d)
            elif kind == "trick-winner":
                out = [s for s in SEATS if s not in {seat for seat, _ in plays}]
                data["picture"] = table_svg(
                    plays, trump=trump, trump_known=True, sitting_out=out, size=300
                )
                data["picture_after"] = table_svg(
                    plays, trump=trump, trump_known=True, winner=q.answer, sitting_out=out, size=300
                )
                data["choices"] = [
                    # Translators: an answer button: a seat and the card it played, "East (J♦)".
                    {
                        "value": s.name,
                        "label": _("{seat} ({card})").format(seat=s.word, card=card_words(c)),
                    }
                    for s, c in plays
                ]
            else:
                legal = list(data["answer"])
                data["wrong_text"] = (
                    _("Not quite. You may play: {cards}.").format(
                        cards=", ".join(card_words(parse_card(t)) for t in legal)
                    )
                    if legal
                    else _("Not quite.")
                )
                data["picture"] = (
                    table_svg(plays, trump=trump, trump_known=True, size=260) if plays else ""
                )
                data["choices"] = [
                    {
                        "value": c.text,
                        "label": c.text,
                        "svg": card_svg(c, trump=trump, trump_known=True, scale=0.9),
                    }
                    for c in q.hand
                ]
            questions.append(data)
    return {
        "kind": kind,
        "lang": get_language(),
        "difficulties": list(DIFFICULTIES),
        "labels": practice_labels(),
        "count": len(questions),
        "questions": questions,
    }
