"""The site's puzzles: the package's puzzle bank as data the "Choose the card" page reads.

Each puzzle becomes what the page shows, worked out here in the page's language by the
same functions the notebooks and the command line use
(:meth:`hasenpfeffer_core.analysis.puzzles.Puzzle.question`): the position in words, the
hand and the trick, the choices, the right ones, the three hint steps, the explanation and
the judge's verdict on each wrong choice, and the hand record. The page's script has no
rule and no word of its own.

The bank is cut into parts (:data:`PART`) by theme, in rating order, so that the page
fetches only the part near the learner's rating (``index.json`` lists the parts); a part
of 60 puzzles is about 100 KB of JSON before compression.
"""

from __future__ import annotations

from typing import Any, Final

from hasenpfeffer_core.analysis.puzzles import THEMES, Bank, Puzzle, hinted_words
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.i18n import ngettext

__all__ = ["PART", "labels", "site_data", "site_puzzle"]

#: The most puzzles in one part of the bank on the site.
PART: Final = 60


def site_puzzle(p: Puzzle) -> dict[str, Any]:
    """One puzzle as the page shows it, in the current language."""
    q = p.question()
    d = q.details
    return {
        "id": p.id,
        "rating": p.rating,
        "theme": p.theme,
        "phase": d["phase"],
        "prompt": q.prompt,
        "trump": q.trump.symbol if q.trump else "",
        "hand": [c.text for c in q.hand],
        "trick": [[s.word, c.text] for s, c in q.trick],
        "choices": d["choices"],
        "right": d["right"],
        "hints": d["hints"],
        "explanation": q.explanation,
        "about": d["about"],
        "against": d["against"],
        "item": p.item,
        "record": p.record,
    }


def labels() -> dict[str, Any]:
    """Every word the puzzles page's script shows, in the current language (``{n}``,
    ``{rating}`` and the like are filled in by the script)."""
    return {
        "every_theme": _("every theme"),
        "theme": _("Theme"),
        "rated": _("Rated"),
        "streak": _("Streak"),
        "rated_tip": _("Puzzles near your rating; your rating moves with each answer"),
        "streak_tip": _("Harder and harder until the first miss; your rating stays as it is"),
        "rating": _("Your puzzle rating: {rating}"),
        "streak_count": ngettext("Streak: {n} solved", "Streak: {n} solved", 2),
        "streak_over": ngettext(
            "The streak is over: {n} puzzle solved in a row.",
            "The streak is over: {n} puzzles solved in a row.",
            2,
        ),
        "streak_over_one": ngettext(
            "The streak is over: {n} puzzle solved in a row.",
            "The streak is over: {n} puzzles solved in a row.",
            1,
        ),
        "puzzle": _("Puzzle: {theme}, rated {rating}"),
        "hint": _("Hint"),
        "more_hint": _("Another hint"),
        "no_more_hints": _("No more hints"),
        "right": _("Right."),
        "right_hinted": hinted_words(),
        "wrong": _("Not quite."),
        "next": _("Next puzzle"),
        "best_move": _("the best move"),
        "your_choice": _("your choice"),
        "new_streak": _("Start a new streak"),
        "your_hand": _("your hand"),
        "the_trick": _("the trick so far"),
        "trumps": _("Trumps: {trump}"),
        "record": _("The hand record (copy it into the replayer)"),
        "solved": ngettext("{right} / {asked} solved", "{right} / {asked} solved", 2),
        "not_kept": _(
            "This browser does not keep what you answer here: your rating starts again at "
            "each visit."
        ),
        "kept": _("Your answers and your rating are kept in this browser only."),
        "loading": _("Loading the puzzles…"),
        "error": _("The puzzles could not be loaded ({error})."),
    }


def site_data(bank: Bank | None = None) -> dict[str, Any]:
    """The site's puzzle files, by path under ``assets/data/puzzles/``, in the current
    language: ``index.json`` (the themes, the parts and the labels) and each part."""
    bank = bank or Bank()
    out: dict[str, Any] = {}
    parts = []
    themes = []
    for theme in THEMES:
        ids = bank.ids(theme.key)
        if not ids:
            continue
        themes.append({"key": theme.key, "name": _(theme.name), "count": len(ids)})
        puzzles = sorted((bank.get(pid) for pid in ids), key=lambda p: (p.rating, p.id))
        for k in range(0, len(puzzles), PART):
            chunk = puzzles[k : k + PART]
            name = f"{theme.key}-{k // PART + 1}.json"
            out[name] = {"puzzles": [site_puzzle(p) for p in chunk]}
            parts.append(
                {
                    "theme": theme.key,
                    "low": chunk[0].rating,
                    "high": chunk[-1].rating,
                    "count": len(chunk),
                    "file": name,
                }
            )
    out["index.json"] = {"themes": themes, "parts": parts, "labels": labels()}
    return out
