"""The docs site in a real browser: built strict, served on 127.0.0.1, driven by Chromium.

The site is built with ``mkdocs build --strict`` into a temporary folder and served
with ``python -m http.server`` on a free local port. Debian's Chromium (never a
downloaded browser) answers a practice question right and one wrong, steps the hand
viewer, reads the Thai source page, checks that the lessons' widgets show, and takes a
screenshot of every page in light and dark (``build/screenshots/site/``). Every request
the pages make is recorded, and none may leave 127.0.0.1.

Without Chromium, Playwright or MkDocs the tests skip with the reason, except under CI
(the ``CI`` variable set), where they fail.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from _browser import can_import, need, serve_folder

from hasenpfeffer_core import parse_cards, parse_seat, parse_suit, trick_winner
from hasenpfeffer_core.engine.tricks import legal_plays

ROOT = Path(__file__).resolve().parent.parent.parent
CHROMIUM = Path(os.environ.get("HP_CHROMIUM", "/usr/bin/chromium"))
SHOTS = Path(os.environ.get("HP_SITE_SCREENSHOTS", ROOT / "build" / "screenshots" / "site"))
SEEDS = ROOT / "site" / "sources"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
LOCAL = {"127.0.0.1"}


# --- fixtures (this file's own; tests/browser/conftest.py belongs to the lab tests) ----


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    need(
        can_import("mkdocs") and can_import("material"),
        "MkDocs is not installed (pip install -e '.[docs]')",
    )
    out = tmp_path_factory.mktemp("site") / "public"
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
    )
    assert proc.returncode == 0, f"mkdocs build --strict failed:\n{proc.stderr[-4000:]}"
    return out


@pytest.fixture(scope="module")
def site_url(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site served by ``python -m http.server`` on 127.0.0.1."""
    with serve_folder(built_site, tmp_path_factory.mktemp("server") / "http.log") as url:
        yield url


class Requests:
    """Every request the pages made; ``outside`` holds those not to 127.0.0.1."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.outside: list[str] = []

    def record(self, url: str) -> None:
        self.urls.append(url)
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            return
        if parts.hostname not in LOCAL:
            self.outside.append(url)


@pytest.fixture(scope="module")
def requests_seen() -> Iterator[Requests]:
    seen = Requests()
    yield seen
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / "requests.txt").write_text(
        f"{len(seen.urls)} requests, {len(seen.outside)} outside 127.0.0.1\n"
        + "".join(f"OUTSIDE {u}\n" for u in seen.outside)
        + "".join(f"{u}\n" for u in sorted(set(seen.urls))),
        encoding="utf-8",
    )


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    need(
        CHROMIUM.exists(),
        f"{CHROMIUM} is missing: install it with `apt-get install -y chromium fonts-thai-tlwg`",
    )
    need(can_import("playwright"), "Playwright is not installed (pip install playwright)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(chromium: Any, requests_seen: Requests) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, color_scheme="light")
    pg = context.new_page()
    start = len(requests_seen.outside)
    pg.on("request", lambda r: requests_seen.record(r.url))
    pg.on("websocket", lambda ws: requests_seen.record(ws.url))
    pg.set_default_timeout(20_000)
    try:
        yield pg
    finally:
        context.close()
    assert requests_seen.outside[start:] == [], "requests left 127.0.0.1"


# --- practice -------------------------------------------------------------------------


def _question(pg: Any) -> dict[str, Any]:
    q = pg.locator(".hp-question")
    return {
        "id": q.get_attribute("data-qid"),
        "trump": q.get_attribute("data-trump"),
        "trick": json.loads(q.get_attribute("data-trick") or "[]"),
        "hand": json.loads(q.get_attribute("data-hand") or "[]"),
    }


def test_trick_winner_quiz_right_then_wrong(page: Any, site_url: str) -> None:
    page.goto(site_url + "practice/trick-winner/")
    page.wait_for_selector(".hp-quiz[data-ready=true] .hp-question")
    # The engine says who wins the trick on the screen: answer that, then check.
    q = _question(page)
    seats = [parse_seat(s) for s, _ in q["trick"]]
    cards = parse_cards(" ".join(c for _, c in q["trick"]))
    winner = seats[trick_winner(cards, parse_suit(q["trump"]))]
    page.click(f'.hp-choice[data-value="{winner.name}"]')
    feedback = page.locator(".hp-feedback")
    assert feedback.locator(".hp-verdict").inner_text() == "Right!"
    assert f"{winner.name} wins with" in feedback.inner_text()
    assert page.locator(".hp-score-value").inner_text() == "1 / 1"
    assert page.locator(".hp-streak-value").inner_text() == "1"
    assert page.locator(f'.hp-choice.hp-right[data-value="{winner.name}"]').count() == 1

    page.click(".hp-next")
    q2 = _question(page)
    assert q2["id"] != q["id"]
    seats = [parse_seat(s) for s, _ in q2["trick"]]
    cards = parse_cards(" ".join(c for _, c in q2["trick"]))
    winner = seats[trick_winner(cards, parse_suit(q2["trump"]))]
    wrong = next(s for s in seats if s is not winner)
    page.click(f'.hp-choice[data-value="{wrong.name}"]')
    assert feedback.locator(".hp-verdict").inner_text() == "Not quite."
    assert f"{winner.name} wins with" in feedback.inner_text()
    assert page.locator(f'.hp-choice.hp-wrong[data-value="{wrong.name}"]').count() == 1
    assert page.locator(f'.hp-choice.hp-right[data-value="{winner.name}"]').count() == 1
    assert page.locator(".hp-score-value").inner_text() == "1 / 2"
    assert page.locator(".hp-streak-value").inner_text() == "0"
    assert page.locator(".hp-best-value").inner_text() == "1"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "practice-trick-winner-answered.png"), full_page=True)


def test_legal_play_quiz_right_then_wrong(page: Any, site_url: str) -> None:
    page.goto(site_url + "practice/legal-play/")
    page.wait_for_selector(".hp-quiz[data-ready=true] .hp-question")
    for attempt in ("right", "wrong"):
        q = _question(page)
        hand = parse_cards(" ".join(q["hand"]))
        trick = parse_cards(" ".join(c for _, c in q["trick"])) if q["trick"] else ()
        legal = legal_plays(hand, trick, parse_suit(q["trump"]))
        chosen = list(legal) if attempt == "right" else [c for c in hand if c not in legal]
        if attempt == "wrong" and not chosen:
            chosen = list(legal)[:-1]  # every card is legal: leave one out
        for card in chosen:
            page.click(f'.hp-choice[data-value="{card.text}"]')
        page.click(".hp-check")
        verdict = page.locator(".hp-feedback .hp-verdict").inner_text()
        if attempt == "right":
            assert verdict == "Right!"
            assert page.locator(".hp-choice.hp-legal").count() == len(legal)
        else:
            assert verdict.startswith("Not quite.")
            assert page.locator(".hp-choice.hp-missed").count() >= 1
        page.click(".hp-next")
    assert page.locator(".hp-score-value").inner_text() == "1 / 2"


# --- the hand viewer ------------------------------------------------------------------


def test_hand_viewer_steps_through_a_hand(page: Any, site_url: str) -> None:
    from hasenpfeffer_core.analysis.teaching import teaching_hand

    name = "01-joker-leads-trumps"
    record = teaching_hand(name)
    page.goto(site_url + f"viewer/#{name}")
    page.wait_for_selector(".hp-viewer[data-ready=true]")
    viewer = page.locator(".hp-viewer")
    assert page.locator(".hp-hand-title").inner_text() == record.title
    assert viewer.get_attribute("data-step") == "0"
    assert page.locator(".hp-step-back").is_disabled()
    for _ in range(3):
        page.click(".hp-step-next")
    assert viewer.get_attribute("data-step") == "3"
    assert page.locator(".hp-action-text").inner_text() == str(record.moves[2].action)
    assert page.locator(".hp-counter").inner_text() == f"Step 3 of {len(record.moves)}"
    page.keyboard.press("ArrowRight")  # the focused Next button is inside the viewer
    assert viewer.get_attribute("data-step") == "4"
    page.click(".hp-step-last")
    last = len(record.moves)
    assert viewer.get_attribute("data-step") == str(last)
    assert page.locator(".hp-action-text").inner_text() == str(record.moves[-1].action)
    result = record.final_state().result
    assert result is not None
    assert page.locator(".hp-result").inner_text() == result.reason
    page.click(".hp-step-back")
    assert viewer.get_attribute("data-step") == str(last - 1)
    # A play carries the engine's double-dummy marks.
    assert page.locator(".hp-analysis .hp-analysis-rule").count() == 1
    page.click(".hp-step-first")
    assert viewer.get_attribute("data-step") == "0"
    # Another hand from the list.
    page.select_option(".hp-hand-select", "14-lone-hand")
    page.wait_for_function("document.querySelector('.hp-hand-title').textContent === 'Going alone'")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.click(".hp-step-next")
    page.screenshot(path=str(SHOTS / "viewer-stepped.png"), full_page=True)


# --- the Thai source ------------------------------------------------------------------


def test_thai_source_page_is_verbatim_and_rendered(page: Any, site_url: str) -> None:
    page.goto(site_url + "sources/thai/")
    seed = (SEEDS / "hasenpfeffer-rules-th.txt").read_bytes().decode("utf-8")
    lines = page.eval_on_selector_all(
        ".hp-src-text p.hp-src-line", "els => els.map(e => e.textContent)"
    )
    assert "\n".join(lines) == seed
    assert page.locator('.hp-src-text[lang="th"]').count() == 7
    assert "เคล็ดลับ" in page.locator(".md-content").inner_text()
    # A Thai font is installed and chosen: the Thai glyphs are not drawn as boxes.
    fc = shutil.which("fc-list")
    if fc:
        fonts = subprocess.run([fc, ":lang=th", "family"], capture_output=True, text=True).stdout
        need(bool(fonts.strip()), "no Thai font: apt-get install -y fonts-thai-tlwg")
    widths = page.evaluate(
        """() => {
          const p = document.querySelector('.hp-src-text p.hp-src-line');
          const font = getComputedStyle(p).font;
          const c = document.createElement('canvas').getContext('2d');
          c.font = font;
          // U+0E5C-U+0E7F are unassigned in the Thai block: they draw as the missing box.
          return [c.measureText('กขคงจฉ').width, c.measureText('\\u0e5c\\u0e5d\\u0e5e\\u0e5f\\u0e60\\u0e61').width];
        }"""
    )
    assert widths[0] > 0 and abs(widths[0] - widths[1]) > 1, widths
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "thai-source.png"))


# --- the lessons ----------------------------------------------------------------------


def test_lesson_widgets_show_offline(page: Any, site_url: str, built_site: Path) -> None:
    lessons = sorted(p.parent.name for p in (built_site / "lessons").glob("*/index.html"))
    if not lessons:
        pytest.skip("no lesson notebooks in lessons/ yet")
    with_widgets = [
        n
        for n in lessons
        if "application/vnd.jupyter.widget-state+json"
        in (built_site / "lessons" / n / "index.html").read_text(encoding="utf-8")
    ]
    if not with_widgets:
        pytest.skip("no lesson saves widget state")
    page.goto(site_url + f"lessons/{with_widgets[0]}/")
    page.wait_for_selector(".jp-OutputArea-output .widget-box, .jp-OutputArea-output .widget-html")
    assert "Loading widget" not in page.locator(".md-content").inner_text()
    assert page.locator(".jp-OutputArea-output .lm-Widget").count() > 0


# --- every page, light and dark -------------------------------------------------------


def _pages(site: Path) -> list[str]:
    """The site's own pages (the live copy in live/ is JupyterLite's: test_lite.py)."""
    out = []
    for html in sorted(site.rglob("index.html")):
        rel = html.parent.relative_to(site).as_posix()
        if rel == "live" or rel.startswith("live/"):
            continue
        out.append("" if rel == "." else rel + "/")
    return out


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshot_every_page(
    chromium: Any, site_url: str, built_site: Path, requests_seen: Requests, scheme: str
) -> None:
    folder = SHOTS / scheme
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    pg = context.new_page()
    pg.on("request", lambda r: requests_seen.record(r.url))
    start = len(requests_seen.outside)
    try:
        for rel in _pages(built_site):
            pg.goto(site_url + rel, wait_until="load")
            if "practice/" in rel and rel != "practice/":
                pg.wait_for_selector(".hp-quiz[data-ready=true]")
            if rel == "viewer/":
                pg.wait_for_selector(".hp-viewer[data-ready=true]")
            name = re.sub(r"[^a-z0-9]+", "-", rel.lower()).strip("-") or "home"
            body = pg.evaluate("document.body.getAttribute('data-md-color-scheme')")
            assert body == ("slate" if scheme == "dark" else "default"), rel
            pg.screenshot(
                path=str(folder / f"{name}.png"), full_page=not rel.startswith("reference/")
            )
    finally:
        context.close()
    assert requests_seen.outside[start:] == [], "requests left 127.0.0.1"


def test_no_request_left_the_machine(requests_seen: Requests) -> None:
    """Runs last in this file: the record of every request the tests above made."""
    assert requests_seen.urls, "no page was loaded"
    assert requests_seen.outside == []
