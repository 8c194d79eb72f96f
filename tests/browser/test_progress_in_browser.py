"""The learner's progress outlives the kernel and the page, in real browsers.

* JupyterLab (the ``lab`` fixture, whose kernels keep their progress in the test's own
  folder, ``lab.progress_home``): ``progress.ipynb`` starts lesson 1 (its header), shows
  one of the lesson's exercises and says how many answers its kernel read. The test
  answers the exercise by clicking, checks the header and the store's file, restarts the
  kernel from the Kernel menu (Restart Kernel and Run All Cells) and checks that the new
  kernel (another process) reads the answer back and the header still counts it.
* The live copy (JupyterLite on Pyodide, offline, the ``live_root`` and ``base_url``
  fixtures): a fresh browser profile opens lesson 1, which runs itself; the test answers
  the same exercise by clicking, then reloads the page. The answer is in the browser's
  own storage (JupyterLite's drive, read through its contents service without the
  kernel) before and after the reload, and the new kernel reads it back from
  ``/drive/.hasenpfeffer``: the lesson's header counts it.

The right answer and the exercise's name in the store come from the engine: the test
makes the same exercise in this process. Without Chromium, Playwright, JupyterLab or
JupyterLite the tests skip with the reason, except under CI, where they fail.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from _browser import button, menu, open_notebook

from hasenpfeffer_core import Suit
from hasenpfeffer_core.analysis.practice import LESSONS, lesson_stars
from hasenpfeffer_core.analysis.progress import FILE_NAME, ProgressStore

NOTEBOOK = "progress.ipynb"
#: The live lesson that holds the exercise, and the exercise (as both notebooks make it).
LESSON = "01-the-cards"
EXERCISE = ("J♣", "A♠", Suit.SPADES)
RIGHT = "J♣"  # the left bower beats the ace of trumps
#: Where the live copy's kernel keeps the store, and the same folder as JupyterLite's
#: contents service names it (the drive's root is the contents' root).
DRIVE_HOME = "/drive/.hasenpfeffer"
CONTENTS_FILE = f".hasenpfeffer/{FILE_NAME}"
#: Pyodide, the wheels and the lesson: generous, for a slow machine.
LIVE_TIMEOUT_MS = 240_000
#: The last cell of ``progress.ipynb``: which kernel read how many answers from where.
KERNEL_LINE = re.compile(r"kernel (\d+) read (\d+) answers from (\S+)")


#: Runs Python in the open notebook's kernel (outside its cells); its printed text.
RUN_IN_KERNEL = """async (code) => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.sessionContext.ready;
  const future = panel.sessionContext.session.kernel.requestExecute(
    {code: code, store_history: false, silent: false});
  let out = "";
  future.onIOPub = (msg) => {
    const c = msg.content;
    if (msg.header.msg_type === "stream") out += c.text;
    if (msg.header.msg_type === "error") out += c.ename + ": " + c.evalue + "\\n";
  };
  await future.done;
  return out;
}"""

#: The store's file as JupyterLite's contents service has it in the browser's storage
#: (no kernel involved), or null when there is none.
STORED_FILE = """async (path) => {
  const contents = window.jupyterapp.serviceManager.contents;
  let model;
  try {
    model = await contents.get(path, {content: true});
  } catch (e) {
    return null;
  }
  if (model.format !== "base64") return String(model.content);
  const bytes = Uint8Array.from(atob(model.content), (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}"""


def _exercise_item() -> str:
    """The name the exercise records its answers under (made here, as the notebooks do)."""
    from hasenpfeffer_core.faces.widgets import stronger_card

    return str(stronger_card(*EXERCISE).item)


def _done_text(done: int) -> str:
    count = LESSONS[1][1]
    return f"{done} of {count} exercise{'' if count == 1 else 's'} done"


def _answers_in(text: str | None) -> list[dict[str, Any]]:
    """The answers in a store's text (its header line left out)."""
    if not text:
        return []
    rows = [json.loads(line) for line in text.splitlines()[1:] if line.strip()]
    return [r for r in rows if r.get("right") is not None]


def test_an_answer_survives_a_kernel_restart_in_jupyterlab(
    lab: Any, watched_page: tuple[Any, Any], screenshots: Path
) -> None:
    from playwright.sync_api import expect

    page, traffic = watched_page
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    item = _exercise_item()
    before = ProgressStore(lab.progress_home).events()
    done = lesson_stars(before)[1].done
    assert item not in lesson_stars(before)[1].by_exercise, "the exercise was answered already"

    open_notebook(page, lab.notebook_url(NOTEBOOK), cells=4)
    menu(page, "Run", "Run All Cells")
    header = page.locator(".hp-test-header")
    exercise = page.locator(".hp-test-exercise")
    line = page.locator(".jp-OutputArea-output").filter(has_text=KERNEL_LINE)
    expect(line).to_be_visible(timeout=60_000)
    m = KERNEL_LINE.search(line.inner_text())
    assert m, line.inner_text()
    first_kernel, read, home = int(m[1]), int(m[2]), m[3]
    # the kernel keeps the learner's progress where the server told it to
    assert Path(home) == lab.progress_home
    assert read == len([e for e in before if e.is_answer])
    expect(header).to_contain_text(_done_text(done))

    button(exercise, RIGHT).click()
    expect(exercise.locator(".hp-fb").filter(has_text="Right!")).to_be_visible()
    expect(header).to_contain_text(_done_text(done + 1))
    answers = ProgressStore(lab.progress_home).answers()
    assert len(answers) == read + 1
    last = answers[-1]
    assert (last.source, last.item, last.right, last.lesson) == ("exercise", item, True, 1)

    menu(page, "Kernel", "Restart Kernel and Run All Cells…")
    dialog = page.locator(".jp-Dialog")
    button(dialog, "Restart").click()
    expect(dialog).to_have_count(0)
    again = line.filter(has_text=f"read {read + 1} answers")
    expect(again).to_be_visible(timeout=60_000)
    m = KERNEL_LINE.search(again.inner_text())
    assert m and int(m[1]) != first_kernel, "the kernel was not restarted"
    expect(header).to_contain_text(_done_text(done + 1))
    expect(exercise.locator(".hp-fb")).to_have_count(0)  # a fresh exercise, unanswered
    page.screenshot(path=str(screenshots / "light" / "progress-after-restart.png"))
    assert errors == [], errors
    assert traffic.outside == [], "requests left 127.0.0.1"


def test_progress_survives_a_reload_of_the_live_copy(
    live_root: Path, base_url: str, browser: Any, screenshots: Path
) -> None:
    from playwright.sync_api import expect

    from docs_hooks import lite

    blocked: list[str] = []
    console: list[str] = []
    errors: list[str] = []
    item = _exercise_item()

    def gate(route: Any) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    def open_lesson() -> Any:
        """The lesson's exercise, once the lesson has run itself (or been run)."""
        if not lite.AUTORUN:
            page.locator(".jp-Notebook").first.click()
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
        found = (
            page.locator(f".hp-lesson-choice:not({lite.PICTURE_SELECTOR} *)")
            .filter(has=button(page, EXERCISE[0]))
            .filter(has=button(page, EXERCISE[1]))
            .first
        )
        expect(found).to_be_visible(timeout=LIVE_TIMEOUT_MS)
        return found

    def stored() -> list[dict[str, Any]]:
        return _answers_in(page.evaluate(STORED_FILE, CONTENTS_FILE))

    context = browser.new_context(viewport={"width": 1280, "height": 900})  # a new profile
    try:
        context.route("**/*", gate)
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.on("console", lambda m: console.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base_url + lite.live_url(LESSON))
        exercise = open_lesson()
        # (the lesson's live header, not its saved picture shown while Python starts)
        header = page.locator(f".hp-lesson-header:not({lite.PICTURE_SELECTOR} *)").first
        expect(header).to_contain_text(_done_text(0))
        assert stored() == [], "a new browser profile holds answers already"

        button(exercise, RIGHT).click()
        expect(exercise.locator(".hp-fb").filter(has_text="Right!")).to_be_visible()
        # the answer reaches the browser's storage (the kernel writes it as it answers)
        saved = stored()
        deadline = time.monotonic() + 30
        while not saved and time.monotonic() < deadline:
            page.wait_for_timeout(100)
            saved = stored()
        assert [(a["item"], a["right"]) for a in saved] == [(item, True)]

        page.reload()
        exercise = open_lesson()
        # still in the browser's storage, read without the kernel ...
        assert stored() == saved
        # ... and the new kernel reads it back from the drive
        code = (
            "from hasenpfeffer_core.analysis.progress import open_store\n"
            "_s = open_store()\n"
            "print(_s.home, [(e.item, e.right) for e in _s.answers()], repr(_s.notice))"
        )
        out = page.evaluate(RUN_IN_KERNEL, code)
        assert out.strip() == f"{DRIVE_HOME} {[(item, True)]!r} ''", out
        # the lesson's header, drawn again by the new kernel, counts the answer
        expect(header).to_contain_text(_done_text(1))
        expect(exercise.locator(".hp-fb")).to_have_count(0)  # a fresh exercise
        page.screenshot(path=str(screenshots / "light" / "live-progress-after-reload.png"))
        # the site's progress page reads the same browser storage, without a kernel
        page.goto(base_url + "practice/progress/")
        held = page.locator(".hp-held[data-ready]")
        held.wait_for()
        live = held.locator("table").filter(has_text="The live lessons, in this browser")
        figures = {
            label: live.locator("tr").filter(has_text=label).locator("td").inner_text()
            for label in ("Answers", "Right", "Lessons practised")
        }
        assert figures == {"Answers": "1", "Right": "1", "Lessons practised": "1"}, figures
        held.screenshot(path=str(screenshots / "light" / "site-progress-holds-live-answer.png"))
    finally:
        context.close()

    assert blocked == [], f"requests outside 127.0.0.1: {sorted(set(blocked))[:10]}"
    # both kernels (before and after the reload) had the browser's storage as their drive
    synced = [m for m in console if "contents will" in m and "synced" in m]
    assert len(synced) == 2 and all("NOT" not in m for m in synced), synced
    assert errors == [], errors
