"""An Italian lesson in a real JupyterLab speaks Italian by itself.

Lesson 3 from ``lessons/it`` (the English lesson's code, the text in Italian) is opened
in JupyterLab from a ``lessons/it`` folder and run from the Run menu. Its code never
chooses a language: the lesson's first cell starts the lesson, which reads the folder.
The test checks what a learner sees: the quiz asks in Italian, answering it by clicking
a card gives the verdict and the reason in Italian (with the project's words: *presa*,
*briscola*), and nothing on the page is the English the lesson would show elsewhere.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _browser import menu, open_notebook

LESSON = "lessons/it/03-who-wins-the-trick.ipynb"


def test_lesson_3_in_italian_runs_and_answers_in_italian(
    lab: Any, watched_page: tuple[Any, Any], screenshots: Path
) -> None:
    from playwright.sync_api import expect

    page, traffic = watched_page
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_notebook(page, lab.notebook_url(LESSON), cells=4)
    menu(page, "Run", "Run All Cells")

    quiz = page.locator(".hp-trick-quiz").first
    expect(quiz).to_be_visible(timeout=90_000)
    expect(quiz).to_contain_text("briscola")
    header = page.locator(".hp-lesson-header").first
    expect(header).to_contain_text("Lezione 3")
    quiz.locator(".hp-card-button").first.click()
    verdict = quiz.locator(".hp-fb")
    expect(verdict).to_be_visible(timeout=30_000)
    text = verdict.inner_text()
    assert text.startswith(("Giusto!", "Non proprio")), text
    assert "presa" in text, text
    for english in ("Right!", "Not quite", "wins the trick", "trumps"):
        assert english not in text, text
    page.screenshot(path=str(screenshots / "light" / "lesson-3-italian.png"), full_page=False)
    assert errors == [], errors
    assert traffic.outside == [], "requests left 127.0.0.1"
