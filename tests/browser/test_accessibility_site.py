"""The site's accessibility, checked by a real tool and by the keyboard alone.

* axe-core (``tools/audit.py``, run offline) audits every page of the built site in
  English, Italian and Thai, every template in the light and the dark scheme (see
  :func:`walked`; colour contrast, axe's slowest rule, on every English page and a few
  of each other walk: :func:`contrast_checked`): no serious or critical finding in the
  project's own markup. The
  theme's own findings are counted apart, in ``build/a11y/site-*.txt`` with ours, never
  hidden. The same walk photographs the English pages (``build/screenshots/site/``),
  checks that each shows the scheme asked for, and that no request leaves 127.0.0.1.
* The keyboard alone answers each practice quiz (Tab and Enter, and the typed shortcuts:
  a seat's letter, a card as ``JH``, a bid) and steps the hand viewer with the arrows.
* At 200 % zoom (a 640-pixel-wide window) the pages keep to the window's width, and a
  reader who asks for less motion gets none.

Without Chromium, Playwright, axe or MkDocs the tests skip with the reason, except under
CI (the ``CI`` variable set), where they fail. (The lessons' audit, in JupyterLab, is
``test_accessibility_lab.py``: Playwright runs one browser at a time per module.)
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from _a11y import audit, axe_ready, focused, report, tab_to
from _browser import draw_saved_widgets

__all__ = ["axe_ready"]  # (a fixture, used by name)

ROOT = Path(__file__).resolve().parent.parent.parent


# --- the site -----------------------------------------------------------------------


#: Each group of pages walked: its pages' folder in the built site.
GROUPS = {"en": "", "reference": "reference/", "it": "it/", "th": "th/"}
#: Where the walk's screenshots go (``HP_SITE_SCREENSHOTS`` moves them): the English
#: pages in ``light/`` and ``dark/``, the reference's in ``reference/``.
SHOTS = Path(os.environ.get("HP_SITE_SCREENSHOTS", ROOT / "build" / "screenshots" / "site"))


def walked(pages: list[str], group: str, scheme: str) -> list[str]:
    """The pages of ``group`` walked in ``scheme``. The English guide (the rules, the
    lessons, the practice pages, the sources) is walked in both schemes. The API
    reference (one template, made by mkdocstrings, for 57 pages) and the Italian and
    Thai pages (the English pages' templates, translated) are each walked in one scheme,
    every other page in the light one: every page is audited, every template in both
    schemes, in half the time."""
    prefix = GROUPS[group]
    mine = [
        p
        for p in pages
        if (p.startswith(prefix) if prefix else not p.startswith(("it/", "th/", "reference/")))
    ]
    if group == "en":
        return mine
    return [p for i, p in enumerate(mine) if i % 2 == (scheme == "dark")]


#: In the walks of the reference and the translated pages, the first this many pages are
#: audited for colour contrast too (the rest are the same templates in the same scheme).
CONTRAST_PAGES = 4


def contrast_checked(group: str, i: int) -> bool:
    """Whether the ``i``-th page of ``group``'s walk is audited for colour contrast
    (axe's slowest rule, which depends on the template and the scheme, not the words):
    every English page, in both schemes (every template, ours and the theme's), and the
    first :data:`CONTRAST_PAGES` of each other walk (the reference's one template; the
    translated pages, with their translation note)."""
    return group == "en" or i < CONTRAST_PAGES


def test_the_walk_audits_every_page_and_every_template_in_both_schemes(built_site: Path) -> None:
    pages = audit.site_pages(built_site)
    both = {s: {p for g in GROUPS for p in walked(pages, g, s)} for s in ("light", "dark")}
    assert both["light"] | both["dark"] == set(pages)
    for kind in ("reference/analysis/", "it/lessons/", "th/practice/", "it/rules/"):
        for scheme in ("light", "dark"):
            assert any(p.startswith(kind) for p in both[scheme]), (kind, scheme)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("group", list(GROUPS))
def test_every_site_page_passes_axe(
    axe_ready: None, chromium: Any, built_site: Path, site_url: str, group: str, scheme: str
) -> None:
    """Each page walked (see :func:`walked`) is opened offline, shows the scheme asked
    for, passes axe (colour contrast as :func:`contrast_checked` says) and is
    photographed (the reference's pages above the fold)."""
    pages = walked(audit.site_pages(built_site), group, scheme)
    assert len(pages) > 10, pages
    shots = SHOTS / (scheme if group == "en" else group)
    if group in ("en", "reference"):
        if group == "en" or scheme == "light":
            shutil.rmtree(shots, ignore_errors=True)
        shots.mkdir(parents=True, exist_ok=True)
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    outside: list[str] = []
    page.on(
        "request",
        lambda r: (
            outside.append(r.url)
            if urlsplit(r.url).scheme not in ("data", "blob", "about")
            and urlsplit(r.url).hostname != "127.0.0.1"
            else None
        ),
    )
    findings: list[audit.Finding] = []
    try:
        for i, path in enumerate(pages):
            page.goto(site_url + path)
            page.wait_for_load_state("load")
            if page.locator(".hp-quiz[data-src]").count():
                page.wait_for_selector(".hp-quiz[data-ready=true] .hp-question")
            if page.locator(".hp-viewer").count():
                page.wait_for_selector(".hp-viewer[data-ready=true]")
            draw_saved_widgets(page)  # (a lesson's: drawn when the reader nears them)
            body = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
            assert body == ("slate" if scheme == "dark" else "default"), path
            findings += audit.audit(
                page, f"{path} ({scheme})", audit.SITE_OURS, contrast=contrast_checked(group, i)
            )
            if group in ("en", "reference"):
                name = re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-") or "home"
                if group == "reference":
                    name = f"{name.removeprefix('reference-')}-{scheme}"
                page.screenshot(path=str(shots / f"{name}.png"), full_page=group == "en")
    finally:
        context.close()
    report(f"site-{group}-{scheme}", findings)
    assert outside == [], "requests left 127.0.0.1"
    bad = audit.failing(findings)
    assert bad == [], "\n".join(map(str, bad))


# --- the keyboard alone -------------------------------------------------------------


@pytest.fixture
def keyboard_page(chromium: Any) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        yield page
    finally:
        context.close()


def _skip_to_content(page: Any) -> None:
    """The page's first Tab stop is the theme's "Skip to content": past the menus."""
    page.keyboard.press("Tab")
    assert focused(page, "el.classList.contains('md-skip')")
    page.keyboard.press("Enter")


def _open_quiz(page: Any, url: str) -> Any:
    page.goto(url)
    page.wait_for_selector(".hp-quiz[data-ready=true] .hp-question")
    return page.locator(".hp-quiz").first


def test_the_trick_winner_quiz_by_keyboard(keyboard_page: Any, site_url: str) -> None:
    page = keyboard_page
    quiz = _open_quiz(page, site_url + "practice/trick-winner/")
    _skip_to_content(page)
    tab_to(page, "el.classList.contains('hp-choice')", limit=25)
    page.keyboard.press("Enter")
    verdict = quiz.locator(".hp-verdict")
    verdict.wait_for()
    assert focused(page, "el.classList.contains('hp-next')"), "the focus goes to Next"
    first = quiz.locator(".hp-question").get_attribute("data-qid")
    page.keyboard.press("Enter")  # Next
    page.wait_for_function(
        f"document.querySelector('.hp-question').getAttribute('data-qid') !== {first!r}"
    )
    assert focused(page, "el.classList.contains('hp-prompt')"), "the new question has it"
    seat = quiz.locator(".hp-choice").first.get_attribute("data-value")
    page.keyboard.type(seat.lower())  # a seat's letter answers
    verdict.wait_for()
    assert quiz.locator(".hp-choice.hp-right, .hp-choice.hp-wrong").count() >= 1


def test_the_legal_play_quiz_by_keyboard(keyboard_page: Any, site_url: str) -> None:
    page = keyboard_page
    quiz = _open_quiz(page, site_url + "practice/legal-play/")
    answer = page.evaluate(
        "JSON.parse(document.querySelector('.hp-question').getAttribute('data-hand'))"
    )
    _skip_to_content(page)
    tab_to(page, "el.classList.contains('hp-choice')", limit=25)
    values = quiz.locator(".hp-choice").evaluate_all(
        "bs => bs.map(b => b.getAttribute('data-value'))"
    )
    assert values and set(values) <= set(answer)
    # a card typed as the keyboard writes it: "10S" for 10♠, "JH" for J♥
    typed = values[0].replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")
    page.keyboard.type(typed)
    assert quiz.locator(".hp-choice.hp-selected").count() == 1
    tab_to(page, "el.classList.contains('hp-check')")
    page.keyboard.press("Enter")
    quiz.locator(".hp-verdict").wait_for()
    tags = quiz.locator(".hp-choice-tag").all_inner_texts()
    assert len(tags) == len(values), "every card says in words what it was"


def test_the_bidding_quiz_by_keyboard(keyboard_page: Any, site_url: str) -> None:
    page = keyboard_page
    quiz = _open_quiz(page, site_url + "practice/bidding/")
    _skip_to_content(page)
    tab_to(page, "el.classList.contains('hp-choice')", limit=25)
    page.keyboard.press("p")  # P for pass
    quiz.locator(".hp-verdict").wait_for()
    passed = quiz.locator(".hp-choice[data-value=pass]")
    assert "hp-right" in (passed.get_attribute("class") or "") or "hp-wrong" in (
        passed.get_attribute("class") or ""
    )


def test_the_hand_viewer_steps_with_the_arrow_keys(keyboard_page: Any, site_url: str) -> None:
    page = keyboard_page
    from playwright.sync_api import expect

    page.goto(site_url + "viewer/")
    # (wait for states, never for time: on a busy machine the counter is drawn late)
    page.wait_for_selector(".hp-viewer[data-ready=true] .hp-steps")
    counter = page.locator(".hp-counter").first
    expect(counter).to_have_text(re.compile(r"^Step 0 of \d+$"))
    before = counter.inner_text()
    _skip_to_content(page)
    tab_to(page, "el.classList.contains('hp-slider') || !!el.closest('.hp-steps')", limit=25)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(re.compile(r"^Step 2 of \d+$"))
    page.keyboard.press("Home")
    expect(counter).to_have_text(before)


# --- zoom and motion ----------------------------------------------------------------

ZOOM_PAGES = ("", "rules/", "practice/trick-winner/", "practice/legal-play/", "viewer/", "th/")


@pytest.mark.parametrize("path", ZOOM_PAGES)
def test_a_page_at_200_percent_zoom_keeps_to_the_window(
    chromium: Any, site_url: str, path: str
) -> None:
    # 200 % zoom of a 1280-pixel window: 640 CSS pixels, each drawn twice as large
    context = chromium.new_context(viewport={"width": 640, "height": 450}, device_scale_factor=2)
    page = context.new_page()
    try:
        page.goto(site_url + path)
        page.wait_for_load_state("load")
        wide = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert wide <= 1, f"{path or 'home'} is {wide} px wider than the window at 200 %"
    finally:
        context.close()


def test_less_motion_when_asked(chromium: Any, site_url: str) -> None:
    context = chromium.new_context(reduced_motion="reduce")
    page = context.new_page()
    try:
        _open_quiz(page, site_url + "practice/legal-play/")
        card = page.locator(".hp-choice").first
        card.press("Enter")
        moved = card.evaluate(
            "b => [getComputedStyle(b).transform, getComputedStyle(b).transitionDuration]"
        )
        assert moved[0] in ("none", "matrix(1, 0, 0, 1, 0, 0)"), moved
        assert float(moved[1].rstrip("s").split(",")[0]) < 0.001, moved
    finally:
        context.close()
