"""The progress page's box: what this browser holds of the learner's progress, filled by
``assets/held.js`` with the words and the schedule given here."""

from __future__ import annotations

import html
import json
from typing import Any

from docs_hooks import lite
from docs_hooks.content.practice import PRACTICE_KINDS
from docs_hooks.state import (
    ROOT,
)
from hasenpfeffer_core.analysis.practice import (
    CONCEPTS,
    LESSONS,
    ROUND,
    ROUND_PASS,
    SAME_AS,
    STRENGTH_AHEAD,
)
from hasenpfeffer_core.analysis.progress import MAX_FILE, megabytes
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.i18n import ngettext

_QUIZ_PAGES = {"trick-winner": "trick-winner", "legal-play": "legal-play", "bid": "bidding"}


def _quiz_name(kind: str, lang: str) -> str:
    """A site quiz's name in ``lang``: its page's first heading."""
    folder = ROOT / "site" / "practice"
    page = folder / f"{_QUIZ_PAGES[kind]}.{lang}.md"
    if not page.is_file():
        page = folder / f"{_QUIZ_PAGES[kind]}.md"
    heading = next(
        (line for line in page.read_text("utf-8").splitlines() if line.startswith("# ")), None
    )
    if heading is None:
        raise ValueError(f"{page} has no first heading to name its quiz by")
    return heading[2:].strip()


def held_schedule() -> dict[str, Any]:
    """What ``assets/schedule.js`` works the schedule and the stars out with, from
    :mod:`hasenpfeffer_core.analysis.practice`, in the current language: the concepts in
    the order the lessons teach them (key, name, one line, kind), ``SAME_AS``, how far
    ahead a strength looks (seconds), the lessons (number, title, exercises) and a quiz
    round's size and pass mark. The page gets it from here, and so does the test that
    runs the script against the Python schedule (tests/test_schedule_js.py)."""
    return {
        "concepts": [
            {"key": c.key, "name": _(c.name), "about": _(c.about), "kind": c.kind} for c in CONCEPTS
        ],
        "same_as": dict(SAME_AS),
        "strength_ahead": int(STRENGTH_AHEAD.total_seconds()),
        "lessons": [
            {"lesson": n, "title": _(title), "exercises": count}
            for n, (title, count) in LESSONS.items()
        ],
        "round": ROUND,
        "round_pass": ROUND_PASS,
    }


def _plural(singular: str, plural: str) -> list[str]:
    """A plural message's two forms in the current language: for one, and for more
    (``assets/held.js`` takes the first for 1; every language of the site has two forms
    at most, and Thai one)."""
    return [ngettext(singular, plural, 1), ngettext(singular, plural, 2)]


def held_html(root: str, lang: str) -> str:
    """What this browser holds of the learner's progress (``assets/held.js`` fills it):
    the live lessons' answers, the site quizzes' best streaks, the puzzles, and the
    spaced practice and stars worked out from them (``assets/schedule.js``, with
    :func:`held_schedule`). ``root`` leads from the page to the site's root, where the
    live copy is."""
    labels = {
        # Translators: what the progress page shows of this browser's storage
        "live_title": _("The live lessons, in this browser"),
        "answers": _("Answers"),
        "right": _("Right"),
        "ideas": _("Ideas practised"),
        "lessons": _("Lessons practised"),
        "last": _("Last answer"),
        "none_live": _("This browser holds no answers from the live lessons yet."),
        "quizzes_title": _("Best streak in this site's quizzes, in this browser"),
        "puzzles_title": _("Your puzzles on this site, in this browser"),
        "puzzle_rating": _("Puzzle rating"),
        "puzzles_answered": _("Puzzles answered"),
        "puzzles_solved": _("Solved (right with no hint)"),
        "site_title": _("Answers kept by this site, in this browser"),
        "export": _("Export my answers"),
        "export_note": _(
            "One file with this site's answers and the live lessons' answers in this "
            "browser: hasenpfeffer progress import FILE reads it."
        ),
        "import": _("Import answers from a file"),
        "import_note": _(
            "A file that hasenpfeffer progress export, the notebooks or this page wrote; "
            "answers already here are not added twice."
        ),
        "imported": ngettext(
            "Added {added} answer from {file}.", "Added {added} answers from {file}.", 2
        ),
        "imported_one": ngettext(
            "Added {added} answer from {file}.", "Added {added} answers from {file}.", 1
        ),
        "skipped": _("Lines left out (not answers in the progress format): {skipped}."),
        "not_progress": _(
            "{file} is not a progress file (its first line does not name the format "
            "hasenpfeffer-progress, version 1): nothing was added."
        ),
        "no_storage": _(
            "This browser does not let the site keep anything (its storage is turned off "
            "for this site): your answers and streaks are not kept."
        ),
        "private": _("Read from this browser's own storage: nothing is sent anywhere."),
        "kinds": [{"kind": k, "name": _quiz_name(k, lang)} for k in PRACTICE_KINDS],
        # the spaced practice and the stars (the words of the notebooks' progress page
        # and of hasenpfeffer progress, where they have them)
        # Translators: a heading of the site's progress page: the spaced-practice
        # schedule and strengths worked out from the answers kept in this browser.
        "practice_title": _("Spaced practice, from the answers in this browser"),
        "strength_note": _(
            "Strength: your chance of still getting an idea right a week from now. It "
            "grows each time you practise and fades while you don't."
        ),
        # Translators: the ideas due for practice now, listed after it (site's progress page).
        "due_now_title": _("Due now"),
        "nothing_due": _("Nothing is due now."),
        "next_due": _("Next due: {concept}, {when}."),
        "none_practised": _(
            "No idea practised yet: the ideas of the quiz questions and puzzles you answer "
            "on this site show here."
        ),
        "situations": _("Situations"),
        "principles": _("Principles of play"),
        "how_strong": _("{title}: how strong each is now"),
        "not_yet": _("not yet"),
        "due_mark": _("due now"),
        "due_when": _("due {when}"),
        "right_of": _plural("{right} of {answers} right", "{right} of {answers} right"),
        "now": _("now"),
        "in_a_minute": _("in a minute"),
        "in_minutes": _plural("in {n} minute", "in {n} minutes"),
        "in_hours": _plural("in {n} hour", "in {n} hours"),
        "in_days": _plural("in {n} day", "in {n} days"),
        "lessons_title": _("Lessons")
        + " "
        + _("(stars: right first time, right with hints, right at last)"),
        "lesson_n": _("Lesson {n}"),
        "stars_label": ngettext("{n} of {total} star", "{n} of {total} stars", 3),
        "done_of": _("{done} of {count} done"),
        "too_large": _(
            "{path} is too large to be a progress file ({size}; the most is {limit})"
        ).replace("{limit}", megabytes(MAX_FILE)),
        "megabytes": _("{n} MB"),
    }
    needs = html.escape(_("What this browser holds is shown with JavaScript."))
    loading = html.escape(_("Reading this browser's storage…"))
    data = html.escape(json.dumps(labels, ensure_ascii=False))
    schedule = html.escape(json.dumps(held_schedule(), ensure_ascii=False))
    return (
        f'<div class="hp-app hp-held" data-live="{root}{lite.LIVE_DIR}/" '
        f'data-labels="{data}" data-schedule="{schedule}"><noscript>{needs}</noscript>'
        f'<p class="hp-loading">{loading}</p></div>'
    )
