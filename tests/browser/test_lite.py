"""The live copy of the lessons (JupyterLite on Pyodide) in a real browser, fully offline.

The live copy is the one the built site holds in ``live/`` (``mkdocs build`` makes it
with ``docs_hooks/lite/``; the ``live_root`` and ``base_url`` fixtures of
``conftest.py``), served by ``python -m http.server`` on 127.0.0.1 at the site's own
path. Debian's Chromium opens a lesson there with every request outside 127.0.0.1
blocked. The lesson runs itself as it opens (Pyodide loads the engine and ipywidgets with
the kernel, from the site's own wheels), exactly once, and its top says so and what to
press to run it again. The test answers the trick-winner quiz and checks the feedback,
and that the answered winning button shows its colour (not the card face it had), its
text at WCAG AA contrast. It prints the live copy's size and the time from opening the
lesson to its first widget (``bench/live.py`` measures it over several runs, with a
timeline). The lessons with simulation charts (SVG drawn by
``hasenpfeffer_core.faces.charts``) run there too, every cell without an error, each
chart drawn. A Thai lesson runs there in Thai (its note, its quiz, the feedback).

Without Chromium, Playwright or JupyterLite the test skips with the reason, except under
CI (the ``CI`` variable set), where it fails.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from hasenpfeffer_core import trick_winner
from hasenpfeffer_core.analysis.explain import card_words

ROOT = Path(__file__).resolve().parent.parent.parent
CHROMIUM = Path(os.environ.get("HP_CHROMIUM", "/usr/bin/chromium"))
SHOTS = Path(os.environ.get("HP_SITE_SCREENSHOTS", ROOT / "build" / "screenshots" / "site"))
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
LESSON = "03-who-wins-the-trick"
#: The quiz in that lesson, as the notebook makes it.
QUIZ = {"difficulty": "first-steps", "seed": 4}
#: Pyodide, the wheels and the lesson: generous, for a slow machine.
FIRST_WIDGET_TIMEOUT_MS = 240_000
#: The lessons that draw charts, and how many charts each draws when run top to bottom.
CHARTS = {"04-bidding": 3, "08-house-rules": 3}
#: Their simulations are slower in Pyodide than in CPython.
CHARTS_TIMEOUT_MS = 480_000


def _quiz_output(page: Any, mirror: Any) -> Any:
    """The output holding the lesson's own quiz: its prompt and every one of its answer
    buttons. (The practice cell at the lesson's end draws its own questions, and one of
    them can share the prompt: matching the prompt alone once clicked the wrong quiz.)"""
    quiz = page.locator(".jp-OutputArea-output:not(:has(.hp-saved-picture))").filter(
        has_text=mirror.question.prompt
    )
    for button in mirror.answer_buttons:
        quiz = quiz.filter(has_text=button.description)
    return quiz.first


def _button(scope: Any, text: str) -> Any:
    return scope.locator("button").filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$"))


def _open_lesson(page: Any, url: str) -> None:
    """Open a live lesson; it runs itself (or, in a copy built without that, Run All)."""
    from docs_hooks import lite

    page.goto(url)
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
    if not lite.AUTORUN:
        page.locator(".jp-Notebook").first.click()
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()


#: True once every code cell of the open notebook has run (an execution count), read
#: from the notebook's model: JupyterLab may leave cells far below the screen undrawn.
_ALL_RAN_JS = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const cells = panel && panel.content && panel.content.model && panel.content.model.cells;
  if (!cells) return false;
  let code = 0, ran = 0;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== "code") continue;
    code += 1;
    if (cell.executionCount) ran += 1;
  }
  return code > 0 && ran === code;
}"""
#: How many outputs of the open notebook are still saved pictures (from its model).
_PICTURES_LEFT_JS = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  let left = 0;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type === "code" && JSON.stringify(cell.outputs.toJSON()).includes("PICTURE")) left += 1;
  }
  return left;
}"""


def _wait_until_every_cell_ran(page: Any, timeout_ms: float) -> None:
    page.wait_for_function(_ALL_RAN_JS, timeout=timeout_ms)


def _offline_gate(blocked: list[str]) -> Any:
    """A route handler that lets requests to 127.0.0.1 through and aborts (and records in
    ``blocked``) every other: the live copy must work with no network."""

    def gate(route: Any) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    return gate


def _rgb(css: str) -> tuple[float, ...]:
    return tuple(float(x) for x in re.findall(r"[\d.]+", css)[:3])


def _contrast(fg: str, bg: str) -> float:
    """The WCAG contrast ratio of two opaque CSS colours (``rgb(...)``)."""

    def lum(css: str) -> float:
        c = [v / 255 for v in _rgb(css)]
        c = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    hi, lo = sorted((lum(fg), lum(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_lesson_runs_offline_in_the_live_copy(live_root: Path, base_url: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    from docs_hooks import lite
    from docs_hooks.lite import pictures
    from hasenpfeffer_core.faces.widgets import TrickWinnerQuiz
    from hasenpfeffer_core.faces.widgets.base import CARD_FACE

    size = lite.size_bytes(live_root / lite.LIVE_DIR)
    blocked: list[str] = []
    failed: list[str] = []
    errors: list[str] = []
    console: list[str] = []

    gate = _offline_gate(blocked)

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.route("**/*", gate)
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: console.append(m.text))
            page.on(
                "requestfailed",
                lambda r: failed.append(r.url) if "127.0.0.1" in r.url else None,
            )
            started = time.monotonic()
            page.goto(base_url + lite.live_url(LESSON))
            # at once, a picture of the lesson, its exercises marked as waiting for Python
            picture = page.locator(lite.PICTURE_SELECTOR).first
            picture.wait_for(timeout=60_000)
            first_picture_s = time.monotonic() - started
            expect(picture).to_contain_text(pictures.note("en"))
            expect(page.locator("#hp-preview")).to_contain_text("Who wins the trick")
            # then the notebook, whose pictures its cells replace with live widgets
            live = page.locator(lite.LIVE_WIDGET_SELECTOR).first
            live.wait_for(timeout=FIRST_WIDGET_TIMEOUT_MS)
            first_widget_s = time.monotonic() - started
            expect(page.locator("#hp-preview")).to_have_count(0)
            # the top of the lesson says it runs itself, and what to press to run it again
            note = page.locator(".jp-MarkdownCell").first
            expect(note).to_contain_text("runs itself")
            expect(note).to_contain_text("Run All Cells")

            mirror = TrickWinnerQuiz(**QUIZ)  # type: ignore[arg-type]
            q = mirror.question
            quiz = _quiz_output(page, mirror)
            expect(quiz).to_be_visible(timeout=FIRST_WIDGET_TIMEOUT_MS)
            cards = [c for _, c in q.trick]
            seat, card = q.trick[trick_winner(cards, q.trump)]
            _button(quiz, f"{seat.word} ({card_words(card)})").click()
            right = quiz.locator(".hp-fb").filter(has_text="Right!")
            expect(right).to_be_visible(timeout=30_000)
            expect(right).to_contain_text(q.explanation)
            expect(quiz).to_contain_text("Score: 1 / 1 right")
            # the lesson ran once: its first code cell is the kernel's first execution
            prompts = page.locator(".jp-CodeCell .jp-InputArea-prompt")
            expect(prompts.first).to_have_text(re.compile(r"^\s*\[1\]:\s*$"))
            # the answered winning button shows its colour, not the card face it had
            winner = _button(quiz, f"{seat.word} ({card_words(card)})")
            expect(winner).to_be_disabled()
            fg, bg = winner.evaluate(
                "e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]"
            )
            face = tuple(float(int(CARD_FACE[i : i + 2], 16)) for i in (1, 3, 5))
            assert _rgb(bg) != face, f"the winning button kept the card face ({bg})"
            assert _contrast(fg, bg) >= 4.5, (fg, bg)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "live-lesson.png"), full_page=False)
            # once every cell has run, no picture is left: everything is live
            _wait_until_every_cell_ran(page, FIRST_WIDGET_TIMEOUT_MS)
            left = page.evaluate(_PICTURES_LEFT_JS.replace("PICTURE", pictures.PICTURE_CLASS))
            assert left == 0, f"{left} cells still show their saved pictures after running"
            expect(page.locator(lite.PICTURE_SELECTOR)).to_have_count(0)
        finally:
            browser.close()

    print(
        f"\nlive copy: {size / 1e6:.1f} MB; lesson {LESSON}: first picture "
        f"{first_picture_s:.1f} s, first live widget {first_widget_s:.1f} s after opening"
    )
    assert blocked == [], f"requests outside 127.0.0.1: {sorted(set(blocked))[:10]}"
    assert failed == [], f"local requests that failed: {sorted(set(failed))[:10]}"
    # The kernel, started early by the page, still shares the browser's files with the
    # notebook (it must start after JupyterLite's service worker is registered) ...
    synced = [m for m in console if "contents will" in m and "synced" in m]
    assert synced and all("NOT" not in m for m in synced), synced
    # ... and no second listener refused the widgets' messages.
    assert not [m for m in console if "Exception opening new comm" in m]


@pytest.mark.parametrize("lesson", sorted(CHARTS))
def test_lesson_draws_its_charts_in_the_live_copy(
    live_root: Path, base_url: str, lesson: str
) -> None:
    from playwright.sync_api import expect, sync_playwright

    from docs_hooks import lite

    blocked: list[str] = []
    errors: list[str] = []
    console: list[str] = []

    gate = _offline_gate(blocked)

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.route("**/*", gate)
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: console.append(m.text))
            started = time.monotonic()
            _open_lesson(page, base_url + lite.live_url(lesson))
            # (the charts the build saved show until their cells run: count the ones
            # drawn here, once every cell has run)
            _wait_until_every_cell_ran(page, CHARTS_TIMEOUT_MS)
            elapsed = time.monotonic() - started
            charts = page.locator(".jp-OutputArea-output svg.hp-chart")
            expect(charts).to_have_count(CHARTS[lesson])
            tracebacks = page.locator(".jp-OutputArea-output").filter(
                has_text=re.compile(r"Traceback|Error:")
            )
            assert tracebacks.count() == 0, tracebacks.first.inner_text()
            for i in range(charts.count()):
                chart = charts.nth(i)
                assert chart.locator("rect").count() > 1
                assert chart.bounding_box()["width"] > 200  # type: ignore[index]
            SHOTS.mkdir(parents=True, exist_ok=True)
            charts.first.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"live-{lesson}-chart.png"), full_page=False)
        finally:
            browser.close()

    print(f"\nlive copy: lesson {lesson} drew its charts {elapsed:.1f} s after opening")
    assert blocked == [], f"requests outside 127.0.0.1: {sorted(set(blocked))[:10]}"
    assert errors == [], errors


def test_a_thai_lesson_runs_in_thai_in_the_live_copy(live_root: Path, base_url: str) -> None:
    """lessons/th/03 in the live copy: it runs itself offline, its note says so in Thai,
    and its quiz speaks Thai (the kernel runs in the lesson's folder, whose language the
    lesson follows), answered as a learner answers it."""
    from playwright.sync_api import expect, sync_playwright

    from docs_hooks import lite
    from hasenpfeffer_core.engine.i18n import gettext, language
    from hasenpfeffer_core.faces.widgets import TrickWinnerQuiz

    blocked: list[str] = []
    errors: list[str] = []

    gate = _offline_gate(blocked)

    with language("th"):
        mirror = TrickWinnerQuiz(**QUIZ)  # type: ignore[arg-type]
        q = mirror.question
        note = lite.note("th")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.route("**/*", gate)
            page = context.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            _open_lesson(page, base_url + lite.live_url(LESSON, "th"))
            top = page.locator(".jp-MarkdownCell").first
            opening = re.sub(r"[*_`]", "", note).strip()[:20]  # (its first words, in Thai)
            expect(top).to_contain_text(opening, timeout=60_000)
            quiz = _quiz_output(page, mirror)
            expect(quiz).to_be_visible(timeout=FIRST_WIDGET_TIMEOUT_MS)
            seat, card = q.trick[trick_winner([c for _, c in q.trick], q.trump)]
            label = mirror.answer_buttons[q.trick.index((seat, card))].description
            _button(quiz, label).click()
            with language("th"):
                right = gettext("Right!")
            feedback = quiz.locator(".hp-fb").filter(has_text=right)
            expect(feedback).to_be_visible(timeout=30_000)
            expect(feedback).to_contain_text(q.explanation)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "live-lesson-th.png"), full_page=False)
        finally:
            browser.close()
    assert blocked == [], f"requests outside 127.0.0.1: {sorted(set(blocked))[:10]}"
    assert errors == [], errors
