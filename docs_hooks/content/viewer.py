"""The hand viewer: the teaching hands as the JSON ``assets/viewer.js`` reads, and their
list on the viewer's page.

A hand's title, point and notes, and a teacher's note on each action, are text a
contributor wrote in a hand file. The JSON files hold them as text (``json.dumps``) and
the viewer's script shows them with textContent; the list on the page escapes them
here. The table of each step is the engine's ``state_html``, which escapes them too.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import quote

from docs_hooks.content.text import esc
from hasenpfeffer_core.analysis.review import analyse
from hasenpfeffer_core.analysis.teaching import teaching_hands
from hasenpfeffer_core.engine.i18n import get_language, whole_number
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.record import HandRecord
from hasenpfeffer_core.faces.render import state_html
from hasenpfeffer_core.faces.rules_words import rules_words
from hasenpfeffer_core.faces.text import visible
from hasenpfeffer_core.faces.widgets.base import side_words
from hasenpfeffer_core.faces.widgets.replayer import action_html


def viewer_index(hands: Mapping[str, HandRecord] | None = None) -> list[dict[str, str]]:
    """The hand viewer's list: name, title, point and rules of every teaching hand.

    ``rules`` is the hand record's rules line; ``rules_words`` says the same in plain
    words, for the page.
    """
    hands = teaching_hands() if hands is None else hands
    return [
        {
            "name": name,
            "title": visible(rec.title),
            "point": visible(rec.point),
            "rules": rec.rules.to_text(),
            "rules_words": rules_words(rec.rules),
        }
        for name, rec in hands.items()
    ]


def hands_html(index: Iterable[Mapping[str, str]]) -> str:
    """The list of teaching hands on the viewer's page, each linking to itself there.

    Every field is escaped: a title is text, whatever it holds.

    >>> hands_html([{"name": "x", "title": "<i>", "point": "a & b", "rules_words": "the source rules"}])
    '<ol class="hp-hand-list"><li><a id="x" href="#x"><strong>&lt;i&gt;</strong></a>: a &amp; b <span class="hp-small">(played under the source rules)</span></li></ol>'
    """
    items = []
    for hand in index:
        name = hand["name"]
        # Translators: after a teaching hand's title; {rules} names a rule set in words.
        under = _("(played under {rules})").format(rules=hand["rules_words"])
        items.append(
            f'<li><a id="{esc(name)}" href="#{esc(quote(name, safe=""))}">'
            f"<strong>{esc(hand['title'])}</strong></a>: {esc(hand['point'])} "
            f'<span class="hp-small">{esc(under)}</span></li>'
        )
    return f'<ol class="hp-hand-list">{"".join(items)}</ol>'


#: A card picture in a step's table: the unit the viewer's data shares between steps.
_PICTURE = re.compile(r"(<svg\b.*?</svg>)", re.DOTALL)


class _Pieces:
    """The parts of the steps' tables, each kept once: a step lists the parts it joins.

    From one step to the next most of the table is unchanged (three hands of the four,
    the score line), so a hand's file holds each distinct picture and each run of text
    between pictures once, and every step as a list of their numbers.

    >>> pieces = _Pieces()
    >>> pieces.parts("<b><svg>1</svg></b>"), pieces.parts("<i><svg>1</svg></b>")
    ([0, 1, 2], [3, 1, 2])
    >>> "".join(pieces.items[i] for i in [3, 1, 2])
    '<i><svg>1</svg></b>'
    """

    def __init__(self) -> None:
        self.items: list[str] = []
        self._index: dict[str, int] = {}

    def parts(self, html: str) -> list[int]:
        out = []
        for chunk in _PICTURE.split(html):
            if chunk:
                number = self._index.setdefault(chunk, len(self.items))
                if number == len(self.items):
                    self.items.append(chunk)
                out.append(number)
        return out


def viewer_hand(name: str, hands: Mapping[str, HandRecord] | None = None) -> dict[str, Any]:
    """Every step of one teaching hand: the table, the action and note, the analysis.

    Each step's table (the engine's ``state_html``) is ``"".join(pieces[i] for i in
    step["parts"])``: the pictures and text the steps share are stored once.
    """
    rec = (teaching_hands() if hands is None else hands)[name]
    analysis = analyse(rec)
    steps = []
    pieces = _Pieces()
    for step, state in enumerate(rec.replay()):
        entry: dict[str, Any] = {"parts": pieces.parts(state_html(state))}
        if step == 0:
            entry["action"] = _("The deal")
            entry["note"] = ""
        else:
            move = rec.moves[step - 1]
            # the action as a sentence, seats in full ("South passes", "North plays J♠")
            said = action_html(move.action, rec.rules, maker=state.maker)
            entry["action"] = html.unescape(re.sub(r"<[^>]*>", "", said))
            entry["note"] = visible(move.note, newlines=True)
            play = analysis.at(step - 1)
            if play is not None:
                # (in points, as the replay's marks: the same double dummy for points)
                ranked = sorted(
                    play.points.items(), key=lambda kv: (-kv[1], -play.values[kv[0]], str(kv[0]))
                )
                # Translators: before the list of each card's points in the hand viewer;
                # {side} is a partnership, {seat} the player whose turn it was.
                values_label = _(
                    "The points {side} end the hand with (theirs minus the other side's), "
                    "all cards seen and each side playing for its score, after each card "
                    "{seat} could play:"
                ).format(side=side_words(play.seat.side), seat=play.seat.word)
                entry["analysis"] = {
                    "values_label": values_label,
                    "seat": play.seat.name,
                    "seat_word": play.seat.word,
                    "side_words": side_words(play.seat.side),
                    "card": play.action.card.text,
                    "rule": play.rule_note,
                    "verdict": play.verdict,
                    "lost": play.cost > 0,
                    "best": [c.text for c in play.best],
                    "values": [[c.text, whole_number(v, signed=True)] for c, v in ranked],
                }
        result = state.result
        if result is not None:
            entry["result"] = result.reason
        steps.append(entry)
    words = rules_words(rec.rules)
    if rec.score:
        # Translators: the facts under a teaching hand's title; {rules} names a rule set,
        # {ns} and {ew} are the two sides' points.
        facts = _(
            "Played under {rules} · dealer: {dealer} · score before the hand: "
            "North-South {ns}, East-West {ew}"
        ).format(rules=words, dealer=rec.dealer.word, ns=rec.score[0], ew=rec.score[1])
    else:
        facts = _("Played under {rules} · dealer: {dealer}").format(
            rules=words, dealer=rec.dealer.word
        )
    return {
        "name": name,
        "title": visible(rec.title),
        "point": visible(rec.point),
        "notes": [visible(n, newlines=True) for n in rec.notes],
        "facts": facts,
        "rules": rec.rules.to_text(),
        "rules_words": words,
        "dealer": rec.dealer.word,
        "score": list(rec.score) if rec.score else None,
        "pieces": pieces.items,
        "steps": steps,
    }


def viewer_labels() -> dict[str, str]:
    """Every word ``assets/viewer.js`` shows, in the current language. ``{name}``,
    ``{error}``, ``{step}``, ``{last}`` and ``{n}`` are filled in by the script."""
    return {
        "not_found": _(
            "There is no teaching hand called “{name}”, so the first hand is shown. "
            "Pick another from the list."
        ),
        "hand": _("Teaching hand"),
        "steps": _("Steps"),
        "first": _("« First"),
        "back": _("‹ Back"),
        "next": _("Next ›"),
        "last": _("Last »"),
        "step": _("Step"),
        # Translators: {error} is a technical reason (an HTTP status, in English).
        "hand_error": _("This hand could not be loaded ({error})."),
        "no_steps": _("the file holds no steps"),
        "point": _("The point:"),
        "about": _("About this hand"),
        "counter": _("Step {step} of {last}"),
        "action": _("Action {n}:"),
        "hands_error": _("The teaching hands could not be loaded ({error})."),
        "no_hands": _("the list of hands is empty"),
    }


def viewer_index_data(hands: Mapping[str, HandRecord] | None = None) -> dict[str, Any]:
    """The hand viewer's ``index.json``: the words its script shows and the list of hands."""
    return {"lang": get_language(), "labels": viewer_labels(), "hands": viewer_index(hands)}
