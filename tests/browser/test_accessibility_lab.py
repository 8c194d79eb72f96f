"""The lessons' accessibility in a real JupyterLab: axe-core, and the keyboard alone.

* axe-core (``tools/audit.py``) audits each lesson with its cells run: no serious or
  critical finding in the lesson's Markdown or its widgets. JupyterLab's own findings are
  counted apart, in ``build/a11y/lesson-*.txt`` with ours, never hidden.
* A quiz of lessons 2 and 3 is answered from the keyboard, and the play table of lesson 7
  plays a whole hand from moves typed in its box, each told in its live region.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from _a11y import audit, axe_ready, focused, report, tab_to
from _browser import KERNEL_READY, open_notebook

__all__ = ["axe_ready"]  # (a fixture, used by name)

ROOT = Path(__file__).resolve().parent.parent.parent
#: The verdicts at the end of a hand (PlayTable._result_html).
HAND_OVER = re.compile(
    "Your side made the bid|Your side did not make|The opponents made their bid"
    "|You defeated|was thrown in"
)
#: The words on a button that makes a move at the play table.
MOVE_LABEL = re.compile(
    r"^\s*((10|[9JQKA])[♠♥♦♣]|Joker|Pass|Bid \d|[♠♥♦♣] \w+|Go alone|Defend alone"
    r"|Play with partner|Defend with partner)\s*$"
)
LESSONS = sorted(p.name for p in (ROOT / "lessons").glob("[0-9][0-9]-*.ipynb"))
#: The code cells that have not run yet, from the notebook's model (a cell whose input
#: is hidden shows no prompt to read).
NOT_RUN = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const cells = panel && panel.content && panel.content.model && panel.content.model.cells;
  if (!cells || !cells.length) return ['no cells'];
  const out = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type === 'code' && !cell.executionCount) {
      out.push(i + ': ' + cell.sharedModel.getSource().slice(0, 60));
    }
  }
  return out;
}"""


# --- the lessons in JupyterLab ------------------------------------------------------


def _open_lesson(page: Any, lab: Any, path: str) -> None:
    """Open a lesson and run all its cells (by JupyterLab's command, not the mouse)."""
    open_notebook(page, lab.notebook_url(path))
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    try:
        page.wait_for_function(f"({NOT_RUN})().length === 0", timeout=120_000)
    except Exception:
        left = page.evaluate(NOT_RUN)
        raise AssertionError(f"{path}: cells not run:\n" + "\n".join(left)) from None
    page.wait_for_function(KERNEL_READY, timeout=60_000)
    page.wait_for_function("!document.body.innerText.includes('Loading widget...')", timeout=60_000)


#: Our widgets' boxes (``.hp-w``) that reach past the right edge of their output area:
#: cut off, where a wide picture should scroll inside its box instead.
CUT = """() => [...document.querySelectorAll('.jp-OutputArea-output .hp-w')].filter(el => {
  const area = el.closest('.jp-OutputArea-output').getBoundingClientRect();
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.right > area.right + 1;
}).map(el => el.innerText.slice(0, 60))"""


@pytest.mark.parametrize("lesson", LESSONS)
def test_each_lesson_passes_axe_in_jupyterlab(
    axe_ready: None, lab: Any, watched_page: tuple[Any, Any], lesson: str
) -> None:
    """axe finds nothing serious, and on a phone-sized page (390 px) no widget of ours is
    cut at the right edge (a prompt read "which card do you pla")."""
    page, traffic = watched_page
    _open_lesson(page, lab, f"lessons/{lesson}")
    # (the whole notebook is audited: axe checks what is off screen too)
    findings = audit.audit(page, lesson, audit.LAB_OURS)
    report(f"lesson-{lesson.removesuffix('.ipynb')}", findings)
    bad = audit.failing(findings)
    assert bad == [], "\n".join(map(str, bad))
    assert traffic.outside == []
    # nothing went wrong in the page: JupyterLab loaded the live copy's Pyodide kernel
    # extension too, which failed in its console on every start ("Shared module
    # @jupyterlite/services doesn't exist in shared scope default"), until the install
    # moved it out of JupyterLab's path (Makefile)
    assert traffic.errors == [], "\n".join(traffic.errors)
    size = page.viewport_size
    try:
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate(
            "window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight()"
        )
        page.wait_for_timeout(300)
        assert page.evaluate(CUT) == [], f"{lesson}: cut at the right edge on a phone"
        hinted = page.locator(".hp-lesson-choice").filter(
            has=page.get_by_role("button", name=re.compile("^Hint$"))
        )
        choice = hinted.first
        if hinted.count():
            # a hint beside its button was squeezed to one or two words a line on a
            # phone: it goes under the button instead, as wide as the exercise
            choice.scroll_into_view_if_needed()
            choice.get_by_role("button", name=re.compile("Hint")).first.click()
            text = choice.locator(".widget-hbox .widget-html").last
            text.wait_for()
            page.wait_for_function(
                "el => el.innerText.trim().length > 0", arg=text.element_handle()
            )
            width = text.evaluate("el => el.getBoundingClientRect().width")
            whole = choice.evaluate("el => el.getBoundingClientRect().width")
            assert width >= 0.8 * whole, f"{lesson}: a hint {width:.0f} px wide of {whole:.0f}"
    finally:
        page.set_viewport_size(size)


# --- the keyboard alone ---------------------------------------------------------


def test_the_play_table_plays_a_whole_hand_by_keyboard(
    lab: Any, watched_page: tuple[Any, Any], screenshots: Path
) -> None:
    """Lesson 7's table: the moves typed in its box (the focus stays there), each answered
    in the live region, until the hand is over."""
    page, traffic = watched_page
    _open_lesson(page, lab, "lessons/07-play-a-hand.ipynb")
    table = page.locator(".hp-play-table").first
    box = table.get_by_placeholder(re.compile("a card, a bid or a suit"))
    box.focus()  # (a screen reader's "next edit field"; Tab reaches it too)
    said = table.locator(".hp-sr[role=status]")
    # a move by its button: Shift+Tab from the box reaches the last choice, Enter takes
    # it, and the focus comes back to the box (the row of buttons is rebuilt)
    page.keyboard.press("Shift+Tab")
    assert focused(page, "el.classList.contains('jupyter-button')")
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement && document.activeElement.tagName === 'INPUT'")
    heard: list[str] = []
    moves: list[tuple[str, list[str]]] = []
    enabled = table.locator(".widget-hbox .widget-button:not(:disabled)")
    # Wait for a state, never for a time: after a move the computer players move and the
    # row of buttons is rebuilt; on a busy machine that comes after the kernel is idle.
    ready = table.get_by_text(HAND_OVER).or_(enabled.filter(has_text=MOVE_LABEL))
    for _turn in range(40):
        ready.first.wait_for(timeout=60_000)
        if table.get_by_text(HAND_OVER).count():
            break
        # the row may still be the last turn's, about to be rebuilt: read it until it
        # offers a move (a state), for at most a minute
        for _look in range(300):
            buttons = enabled.all_inner_texts()
            if any(MOVE_LABEL.match(b) for b in buttons) or table.get_by_text(HAND_OVER).count():
                break
            page.wait_for_timeout(200)
        if table.get_by_text(HAND_OVER).count():
            break
        move = _typed_move(buttons)
        moves.append((move, buttons))
        page.keyboard.type(move)
        page.keyboard.press("Enter")
        page.wait_for_function(KERNEL_READY)
        assert focused(page, "el.tagName === 'INPUT'"), "the focus stays in the box"
        heard.append(said.text_content() or "")
    else:
        status = table.locator(".hp-fb").all_inner_texts()
        raise AssertionError(f"the hand did not end: {moves[-5:]} {heard[-2:]} {status}")
    assert said.count() == 1
    assert any(re.search(r"is winning trick \d with", h) for h in heard), heard
    assert any(re.search(r"Trick \d goes to", h) for h in heard), heard
    # once the hand is over the box asks for the next hand or the review, not a move
    after = table.get_by_placeholder("n or r")
    after.wait_for(timeout=30_000)
    assert table.get_by_text("Next:", exact=True).count() == 1
    assert table.get_by_text(re.compile("type n for the next hand or r for its review")).count()
    after.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / "light" / "play-table-by-keyboard.png"))
    assert traffic.outside == []


@pytest.mark.parametrize(
    ("lesson", "quiz"),
    [("02-following-suit", ".hp-legal-quiz"), ("03-who-wins-the-trick", ".hp-trick-quiz")],
)
def test_a_lessons_quiz_by_keyboard(
    lab: Any, watched_page: tuple[Any, Any], lesson: str, quiz: str
) -> None:
    """The quiz's first card takes the focus (as a screen reader's "next button" gives
    it); Space or Enter answers, and the focus moves to Next."""
    page, _traffic = watched_page
    _open_lesson(page, lab, f"lessons/{lesson}.ipynb")
    widget = page.locator(quiz).first
    widget.scroll_into_view_if_needed()
    widget.locator(".hp-card-button").first.focus()
    if quiz == ".hp-legal-quiz":
        page.keyboard.press("Space")  # select the card, then Tab on to Check
        tab_to(page, "el.textContent.trim() === 'Check'", limit=12)
    page.keyboard.press("Enter")
    widget.locator(".hp-fb").first.wait_for(timeout=30_000)
    page.wait_for_function(
        "document.activeElement && document.activeElement.textContent.trim() === 'Next question'",
        timeout=10_000,
    )


def _typed_move(buttons: list[str]) -> str:
    """What to type for the first choice the table offers (its buttons' words)."""
    for label in buttons:
        label = label.strip()
        if re.fullmatch(r"(10|[9JQKA])[♠♥♦♣]|Joker", label):
            return "JK" if label == "Joker" else label
        if label == "Pass":
            return "pass"
        m = re.fullmatch(r"Bid (\d)", label)
        if m:
            return m.group(1)
        m = re.fullmatch(r"[♠♥♦♣] (\w+)", label)
        if m:
            return m.group(1)
        if label in ("Go alone", "Defend alone"):
            return "yes"
        if label in ("Play with partner", "Defend with partner"):
            return "no"
    raise AssertionError(f"no move among {buttons}")
