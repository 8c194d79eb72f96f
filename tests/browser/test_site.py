"""The docs site in a real browser: built strict, served on 127.0.0.1, driven by Chromium.

The site is built with ``mkdocs build --strict`` into a temporary folder and served
with ``python -m http.server`` on a free local port. Debian's Chromium (never a
downloaded browser) answers a practice question right and one wrong, steps the hand
viewer, reads the Thai source page and checks that the lessons' widgets show (the
screenshots of every page, light and dark, are taken by the accessibility walk,
``test_accessibility_site.py``). Hostile input:
the viewer opened with malformed, huge and unknown address fragments falls back to the
first hand and says so, without a script error; hand and quiz data carrying markup and
scripts (served in place of the built files) are shown as text, and nothing in them runs. Every request
the pages make is recorded, and none may leave 127.0.0.1.

Without Chromium, Playwright or MkDocs the tests skip with the reason, except under CI
(the ``CI`` variable set), where they fail.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from _a11y import audit, axe_ready  # noqa: F401  (axe_ready: a fixture, used by name)
from _browser import draw_saved_widgets, need

from hasenpfeffer_core import parse_cards, parse_seat, parse_suit, trick_winner
from hasenpfeffer_core.engine.tricks import legal_plays

ROOT = Path(__file__).resolve().parent.parent.parent
SHOTS = Path(os.environ.get("HP_SITE_SCREENSHOTS", ROOT / "build" / "screenshots" / "site"))
SEEDS = ROOT / "site" / "sources"
LOCAL = {"127.0.0.1"}


# --- fixtures (the built site, its server and Chromium are tests/browser/conftest.py's) -


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


def _answer_trick_winner_right(pg: Any) -> None:
    """Answer the trick-winner question on the page right: the engine says who wins."""
    q = _question(pg)
    seats = [parse_seat(s) for s, _ in q["trick"]]
    cards = parse_cards(" ".join(c for _, c in q["trick"]))
    pg.click(f'.hp-choice[data-value="{seats[trick_winner(cards, parse_suit(q["trump"]))].name}"]')


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
    assert f"{winner.word} wins with" in feedback.inner_text()
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
    assert f"{winner.word} wins with" in feedback.inner_text()
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
    said = page.locator(".hp-action-text").inner_text()
    assert said.startswith(record.moves[2].action.seat.word + " "), said  # "East passes"
    assert page.locator(".hp-counter").inner_text() == f"Step 3 of {len(record.moves)}"
    page.keyboard.press("ArrowRight")  # the focused Next button is inside the viewer
    assert viewer.get_attribute("data-step") == "4"
    page.click(".hp-step-last")
    last = len(record.moves)
    assert viewer.get_attribute("data-step") == str(last)
    said = page.locator(".hp-action-text").inner_text()
    assert said.startswith(record.moves[-1].action.seat.word + " "), said
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


# --- hostile input: the viewer's address, and data that carries markup ------------------

FIRST_HAND = "01-joker-leads-trumps"


def _held_row(page: Any, label: str) -> str:
    """The figure beside ``label`` in what the progress page shows of this browser."""
    row = page.locator(".hp-held[data-ready] tr").filter(has_text=label)
    return str(row.locator("td").inner_text())


def test_the_progress_page_shows_what_this_browser_holds(page: Any, site_url: str) -> None:
    """A new browser: no answers from the live lessons, every quiz's best streak 0. A
    right answer on the trick-winner page shows there as a best streak of 1. Reading the
    live lessons' storage creates nothing where there was nothing."""
    page.goto(site_url + "practice/progress/")
    held = page.locator(".hp-held[data-ready]")
    held.wait_for()
    assert "This browser holds no answers from the live lessons yet." in held.inner_text()
    assert "nothing is sent anywhere" in held.inner_text()
    for name in ("Who wins the trick?", "Which cards may I play?", "What would you bid?"):
        assert _held_row(page, name) == "0"

    page.goto(site_url + "practice/trick-winner/")
    page.wait_for_selector(".hp-quiz[data-ready=true] .hp-question")
    _answer_trick_winner_right(page)
    assert page.locator(".hp-best-value").inner_text() == "1"

    page.goto(site_url + "practice/progress/")
    page.locator(".hp-held[data-ready]").wait_for()
    assert _held_row(page, "Who wins the trick?") == "1"
    assert _held_row(page, "What would you bid?") == "0"
    names = page.evaluate("indexedDB.databases().then(list => list.map(d => d.name))")
    assert not [n for n in names if n.startswith("JupyterLite Storage")], names
    SHOTS.mkdir(parents=True, exist_ok=True)
    held.screenshot(path=str(SHOTS / "progress-held.png"))


def test_a_browser_that_keeps_nothing_is_told_so(chromium: Any, site_url: str) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    # storage turned off for the site, as a browser's settings can: every use throws
    context.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() {"
        " throw new DOMException('The operation is insecure.', 'SecurityError'); }});"
        "Object.defineProperty(window, 'indexedDB', {get() {"
        " throw new DOMException('The operation is insecure.', 'SecurityError'); }});"
    )
    try:
        page = context.new_page()
        page.goto(site_url + "it/practice/progress/")
        held = page.locator(".hp-held[data-ready]")
        held.wait_for(timeout=20_000)
        text = held.inner_text()
        assert "le tue risposte e le tue serie non vengono conservate" in text
        assert "Questo browser non conserva ancora nessuna risposta" in text
        assert _held_row(page, "Chi vince la presa?") == "0"
        # the puzzles page says so too, and still works: a puzzle, answered
        page.goto(site_url + "it/practice/puzzles/")
        puzzle = _puzzle_on(page)
        assert "Questo browser non conserva le risposte che dai qui" in (
            page.locator(".hp-puzzles").inner_text()
        )
        _choice(page, puzzle, True).click()
        assert page.locator(".hp-verdict").inner_text() == "Giusto."
    finally:
        context.close()


@pytest.fixture
def page_errors(page: Any) -> list[str]:
    """Every uncaught script error on the page (the test asserts there were none)."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def _first_title() -> str:
    from hasenpfeffer_core.analysis.teaching import teaching_hand

    return teaching_hand(FIRST_HAND).title


@pytest.mark.parametrize(
    "fragment",
    ["%", "%E0%A4%A", "x" * 100_000, "no-such-hand", "%3Cscript%3Ealert(1)%3C%2Fscript%3E"],
    ids=["percent", "cut-utf8", "100k", "unknown", "encoded-script"],
)
def test_hand_viewer_hostile_fragment_shows_the_first_hand(
    page: Any, page_errors: list[str], site_url: str, fragment: str
) -> None:
    page.goto(site_url + "viewer/#" + fragment)
    page.wait_for_selector(".hp-viewer[data-ready=true]")
    assert page.locator(".hp-hand-title").inner_text() == _first_title()
    assert page.locator(".hp-hand-select").input_value() == FIRST_HAND
    notice = page.locator(".hp-viewer-notice")
    assert notice.count() == 1
    text = notice.inner_text()
    assert "There is no teaching hand called" in text and "the first hand is shown" in text
    assert len(text) < 200  # the address is quoted, shortened
    assert page.locator(".hp-viewer script, .hp-viewer img").count() == 0
    assert page.evaluate("location.hash") == "#" + FIRST_HAND
    assert page_errors == []


@pytest.mark.parametrize(
    ("fragment", "hand", "kept"),
    [("", FIRST_HAND, "#" + FIRST_HAND), ("14-lone-hand", "14-lone-hand", "#14-lone-hand")],
    ids=["none", "a-hand"],
)
def test_hand_viewer_hostile_fragment_none_when_all_is_well(
    page: Any, page_errors: list[str], site_url: str, fragment: str, hand: str, kept: str
) -> None:
    page.goto(site_url + "viewer/" + (f"#{fragment}" if fragment else ""))
    page.wait_for_selector(".hp-viewer[data-ready=true]")
    assert page.locator(".hp-hand-select").input_value() == hand
    assert page.locator(".hp-viewer-notice").count() == 0
    assert page.evaluate("location.hash") == kept
    assert page_errors == []


def test_hand_viewer_hostile_fragment_change_keeps_the_hand(
    page: Any, page_errors: list[str], site_url: str
) -> None:
    page.goto(site_url + "viewer/#14-lone-hand")
    page.wait_for_selector(".hp-viewer[data-ready=true]")
    page.click(".hp-step-next")
    for fragment, quoted in [
        ("%", "“%”"),
        ("x" * 100_000, "“" + "x" * 40 + "…”"),
        ("no-such-hand", "“no-such-hand”"),
    ]:
        page.evaluate("f => { location.hash = f; }", fragment)
        page.wait_for_function(
            "q => (document.querySelector('.hp-viewer-notice') || {}).textContent?.includes(q)",
            arg=quoted,
        )
        assert page.locator(".hp-hand-select").input_value() == "14-lone-hand"
        assert page.locator(".hp-viewer").get_attribute("data-step") == "1"  # nothing moved
    # A heading's own link on the page is not a hand, and not an error either.
    page.evaluate("location.hash = 'the-teaching-hands'")
    page.evaluate("location.hash = '01-joker-leads-trumps'")
    page.wait_for_function(
        "document.querySelector('.hp-hand-select').value === '01-joker-leads-trumps'"
    )
    page.wait_for_selector(".hp-viewer[data-ready=true]")
    assert page.locator(".hp-viewer-notice").count() == 0
    assert page_errors == []


def test_hand_viewer_hostile_heading_link_is_left_alone(
    page: Any, page_errors: list[str], site_url: str
) -> None:
    page.goto(site_url + "viewer/#the-teaching-hands")
    page.wait_for_selector(".hp-viewer[data-ready=true]")
    assert page.locator(".hp-hand-select").input_value() == FIRST_HAND
    assert page.locator(".hp-viewer-notice").count() == 0
    assert page.evaluate("location.hash") == "#the-teaching-hands"
    assert page_errors == []


# Markup that would run a script or fetch something if the page parsed it as HTML. Every
# attempt sets window.__pwned or asks 127.0.0.1 for a file called "pwned.*".
HOSTILE_TEXT = '<script>window.__pwned="text"</script> & "x" <img src=x onerror="window.__pwned=1">'
HOSTILE_MARKUP = (
    "<script>window.__pwned='script'</script>"
    '<img src="pwned.png" onerror="window.__pwned=\'img\'">'
    "<svg onload=\"window.__pwned='svg'\"><a href=\"javascript:window.__pwned='a'\">"
    '<text>link</text></a><foreignObject><iframe src="pwned.html"></iframe></foreignObject>'
    '<image href="pwned.svg"/><rect width="5" height="5" fill="url(pwned.svg#x)"/></svg>'
    "<style>@import url(pwned.css); body{background:url(pwned.png)}</style>"
    '<div style="background:url(pwned.png)" onclick="window.__pwned=\'div\'">ok</div>'
)
HOSTILE_NAME = 'x"><img src=x onerror=window.__pwned=9>#?%'


def _no_harm_done(page: Any, requests_seen: Requests, start: int) -> None:
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert [u for u in requests_seen.urls[start:] if "pwned." in u] == []
    inside = ".hp-app script, .hp-app img, .hp-app iframe, .hp-app foreignObject, .hp-app a"
    assert page.locator(inside).count() == 0
    handlers = page.evaluate(
        """() => [...document.querySelectorAll('.hp-app *')].flatMap(e =>
             [...e.attributes].map(a => a.name)
               .filter(n => n.startsWith('on') || n === 'style' || n.endsWith('href')))"""
    )
    assert handlers == []


def test_viewer_shows_hostile_hand_data_as_text(
    page: Any, page_errors: list[str], site_url: str, built_site: Path, requests_seen: Requests
) -> None:
    folder = built_site / "assets" / "data" / "hands"
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    hand = json.loads((folder / f"{FIRST_HAND}.json").read_text(encoding="utf-8"))
    hands = index["hands"]
    hostile_index = dict(
        index, hands=[dict(hands[0], name=HOSTILE_NAME, title=HOSTILE_TEXT), *hands]
    )
    hand.update(name=HOSTILE_NAME, title=HOSTILE_TEXT, point=HOSTILE_TEXT, notes=[HOSTILE_TEXT])
    hand["steps"][1]["note"] = HOSTILE_TEXT
    hostile_piece = len(hand["pieces"])
    hand["pieces"].append(HOSTILE_MARKUP)
    for step in hand["steps"]:
        step["parts"] = [hostile_piece, *step["parts"]]

    def serve(route: Any) -> None:
        name = unquote(urlsplit(route.request.url).path.rsplit("/", 1)[-1])
        if name == "index.json":
            route.fulfill(content_type="application/json", body=json.dumps(hostile_index))
        elif name == HOSTILE_NAME + ".json":
            route.fulfill(content_type="application/json", body=json.dumps(hand))
        else:
            route.continue_()

    page.route("**/assets/data/hands/*", serve)
    start = len(requests_seen.urls)
    page.goto(site_url + "viewer/")
    page.wait_for_selector(".hp-viewer[data-ready=true]")
    assert page.locator(".hp-hand-title").inner_text() == HOSTILE_TEXT
    assert page.locator(".hp-hand-point").inner_text() == "The point: " + HOSTILE_TEXT
    assert page.locator(".hp-hand-notes p").all_text_contents() == [HOSTILE_TEXT]
    assert page.locator(".hp-hand-select option").first.text_content() == "1. " + HOSTILE_TEXT
    assert page.evaluate("decodeURIComponent(location.hash.slice(1))") == HOSTILE_NAME
    page.click(".hp-step-next")
    assert page.locator(".hp-note").inner_text() == HOSTILE_TEXT
    # The engine's picture is still drawn, its harmless parts kept.
    assert page.locator(".hp-state svg.hp-svg").count() >= 5
    assert page.locator(".hp-state .hp-grid").count() == 1
    _no_harm_done(page, requests_seen, start)
    assert page_errors == []


def test_practice_shows_hostile_quiz_data_as_text(
    page: Any, page_errors: list[str], site_url: str, built_site: Path, requests_seen: Requests
) -> None:
    data = json.loads(
        (built_site / "assets" / "data" / "practice-legal-play.json").read_text(encoding="utf-8")
    )
    for q in data["questions"]:
        q.update(prompt=HOSTILE_TEXT, explanation=HOSTILE_TEXT, difficulty="__proto__")
        q["details"]["reasons"] = {card: HOSTILE_TEXT for card in q["hand"]}
        q["picture"] = HOSTILE_MARKUP + (q["picture"] or "<svg class='hp-svg'></svg>")
        for c in q["choices"]:
            c["svg"] = HOSTILE_MARKUP + c["svg"]
    page.route(
        "**/assets/data/practice-legal-play.json",
        lambda route: route.fulfill(content_type="application/json", body=json.dumps(data)),
    )
    # A best streak in the browser's storage that is no number at all.
    page.add_init_script(
        "localStorage.setItem('hasenpfeffer-best-streak-legal-play', '<img src=x onerror=alert(1)>')"
    )
    start = len(requests_seen.urls)
    page.goto(site_url + "practice/legal-play/")
    page.wait_for_selector(".hp-quiz[data-ready=true] .hp-question")
    assert page.locator(".hp-prompt").inner_text() == HOSTILE_TEXT
    assert page.locator(".hp-badge").inner_text() == "__proto__"
    assert page.locator(".hp-best-value").inner_text() == "0"
    assert page.locator(".hp-choice svg.hp-svg").count() == page.locator(".hp-choice").count()
    page.click(".hp-check")  # nothing chosen: the stored reasons are shown
    assert HOSTILE_TEXT in page.locator(".hp-feedback").inner_text()
    _no_harm_done(page, requests_seen, start)
    assert page_errors == []


@pytest.mark.parametrize("stored", ["99999999999999999999", "-5", "1e400", "7"])
def test_practice_hostile_best_streak_is_read_as_a_small_number(
    page: Any, page_errors: list[str], site_url: str, stored: str
) -> None:
    page.add_init_script(
        f"localStorage.setItem('hasenpfeffer-best-streak-trick-winner', {json.dumps(stored)})"
    )
    page.goto(site_url + "practice/trick-winner/")
    page.wait_for_selector(".hp-quiz[data-ready=true] .hp-question")
    assert page.locator(".hp-best-value").inner_text() == ("7" if stored == "7" else "0")
    assert page_errors == []


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
    missing: list[str] = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    page.goto(site_url + f"lessons/{with_widgets[0]}/")
    page.wait_for_load_state("networkidle")
    # the widget manager (3.5 MiB) waits until a saved widget nears the screen
    manager = "embed-amd.js"
    assert not page.evaluate(
        f"performance.getEntriesByType('resource').some(e => e.name.includes({manager!r}))"
    )
    assert draw_saved_widgets(page)
    page.wait_for_selector(".jp-OutputArea-output .widget-box, .jp-OutputArea-output .widget-html")
    assert "Loading widget" not in page.locator(".md-content").inner_text()
    assert page.locator(".jp-OutputArea-output .lm-Widget").count() > 0
    # Every saved widget says it is a picture, and its controls do nothing.
    assert page.locator(".hp-saved-note").count() == page.locator(".hp-saved-widget").count() > 0
    button = page.locator(".hp-saved-widget button").first
    if button.count():
        assert button.get_attribute("tabindex") == "-1"
        assert page.evaluate("b => getComputedStyle(b).pointerEvents", button.element_handle()) == (
            "none"
        )
    # Widgets with icons (lessons 07 and 08) find the widget manager's icon fonts here.
    for name in with_widgets[-2:]:
        page.goto(site_url + f"lessons/{name}/")
        draw_saved_widgets(page)
        page.wait_for_load_state("networkidle")
    assert missing == [], "not found: " + ", ".join(missing)


@pytest.mark.parametrize("width", [390, 700])
def test_lessons_and_tables_fit_a_narrow_page(page: Any, site_url: str, width: int) -> None:
    """Nothing sticks out of the page: a wide widget or table scrolls in its own box."""
    page.set_viewport_size({"width": width, "height": 900})
    for rel in ("lessons/01-the-cards/", "lessons/06-replaying-hands/", "rules/", "viewer/"):
        page.goto(site_url + rel)
        page.wait_for_load_state("networkidle")
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, f"{rel} is {wide} px wide on a {width} px page"
    page.screenshot(path=str(SHOTS / f"narrow-{width}.png"), full_page=False)


def test_thai_glosses_show_on_keyboard_focus(page: Any, site_url: str) -> None:
    page.goto(site_url + "sources/thai/")
    term = page.locator(".hp-term-wrong").first
    term.focus()
    tip = page.locator(".md-tooltip2, .md-tooltip")
    tip.first.wait_for(state="visible")
    assert ":" in tip.first.inner_text()  # "trick: a tip, a secret, a knack"


def test_legal_play_marks_each_card_in_words(page: Any, site_url: str) -> None:
    """A wrongly chosen card is marked wrong (red), a missed legal card says so."""
    page.goto(site_url + "practice/legal-play/")
    page.wait_for_selector(".hp-quiz[data-ready=true] .hp-question")
    for _ in range(40):  # a question with at least one card that may not be played
        q = _question(page)
        hand = parse_cards(" ".join(q["hand"]))
        trick = parse_cards(" ".join(c for _, c in q["trick"])) if q["trick"] else ()
        legal = legal_plays(hand, trick, parse_suit(q["trump"]))
        illegal = [c for c in hand if c not in legal]
        if illegal and len(legal) >= 2:
            break
        page.click(".hp-next")
    else:
        pytest.fail("no question with cards that may not be played")
    page.click(f'.hp-choice[data-value="{illegal[0].text}"]')
    page.click(f'.hp-choice[data-value="{legal[0].text}"]')
    page.click(".hp-check")
    wrong = page.locator(f'.hp-choice[data-value="{illegal[0].text}"]')
    assert "hp-wrong" in (wrong.get_attribute("class") or "")
    assert wrong.locator(".hp-choice-tag").inner_text() == "✗ may not play"
    red = page.evaluate("getComputedStyle(document.body).getPropertyValue('--hp-wrong').trim()")
    border = wrong.evaluate("b => getComputedStyle(b).borderTopColor")
    assert border == _rgb(red)
    missed = page.locator(f'.hp-choice[data-value="{legal[1].text}"]')
    assert missed.locator(".hp-choice-tag").inner_text() == "missed: may play"
    right = page.locator(f'.hp-choice[data-value="{legal[0].text}"]')
    assert right.locator(".hp-choice-tag").inner_text() == "✓ may play"
    assert float(wrong.evaluate("b => getComputedStyle(b).opacity")) == 1.0
    page.screenshot(path=str(SHOTS / "practice-legal-play-marked.png"), full_page=True)


def _rgb(hex_colour: str) -> str:
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i : i + 2], 16) for i in (0, 2, 4))
    return f"rgb({r}, {g}, {b})"


# --- every page, light and dark -------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "heading", "home"),
    [("404.html", "Page not found", "Home"), ("it/404.html", "Pagina non trovata", "Inizio")],
)
def test_the_not_found_page_in_the_readers_language_styled_with_the_way_back(
    page: Any, site_url: str, path: str, heading: str, home: str
) -> None:
    """Served from this server's root (not the site's own path), the page still loads the
    site's styles and its links lead into the site; under /it/ it speaks Italian."""
    page.goto(site_url + path)
    page.wait_for_load_state("load")
    shown = page.locator("section.hp-not-found:visible")
    assert shown.count() == 1
    assert shown.locator("h1").inner_text() == heading
    page.wait_for_function(
        "[...document.styleSheets].some(s => s.href && s.href.endsWith('/assets/site.css')"
        " && s.cssRules.length > 0)"
    )
    shown.get_by_role("link", name=home).click()
    page.wait_for_load_state("load")
    assert page.url == site_url + path.removesuffix("404.html")
    assert page.locator("h1").count() >= 1


def test_no_request_left_the_machine(page: Any, site_url: str, requests_seen: Requests) -> None:
    """The record of every request the pages of this test process made. (It loads the
    home page itself: with the tests shared between processes, this one may run where
    no other site test did.)"""
    page.goto(site_url)
    page.wait_for_load_state("load")
    assert requests_seen.urls, "no page was loaded"
    assert requests_seen.outside == []


# --- what a first visit weighs ------------------------------------------------------

#: Pages weighed against their targets (``tools/page_weight.py``; every page: ``bench/
#: page_weight.py``): each language's home page, the rules pages (the ranking page draws
#: 125 cards), and the heaviest lessons.
WEIGHED = (
    "",
    "it/",
    "th/",
    "rules/",
    "rules/ranking/",
    "it/rules/ranking/",
    "th/rules/",
    "th/rules/ranking/",
    "lessons/07-play-a-hand/",
    "th/lessons/04-bidding/",
)
#: What a reader fetches only on asking: the search index and the word splitters (on
#: opening search), the widget manager and the lessons' saved widgets (on scrolling to one).
ON_ASKING = ("search_index.json", "wordcut.js", "lunr.", "embed-amd.js", "/assets/widgets/")


def test_a_first_visit_weighs_no_more_than_its_target(chromium: Any, built_site: Path) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import page_weight as pw

    over, fetched = [], []
    with pw.serve(built_site) as (url, ledger):
        for rel in WEIGHED:
            weight = pw.weigh(chromium, url, ledger, rel)
            aim = pw.target(rel)
            assert aim is not None, rel
            if weight.total > aim[1]:
                over.append(f"{weight} > {aim[1] / pw.KIB:,.0f} KiB")
            fetched += [f"{rel}: {f}" for f, _ in weight.files if any(k in f for k in ON_ASKING)]
    assert over == [], "\n".join(over)
    assert fetched == [], "fetched before the reader asked"


# --- the puzzles page ("Choose the card") --------------------------------------------------


def _puzzle_on(page: Any) -> Any:
    """The puzzle the page shows, from the package's own bank (its answers, its rating)."""
    from hasenpfeffer_core.analysis.puzzles import Bank

    shown = page.locator(".hp-puzzles[data-ready=true] .hp-puzzle[data-pid] .hp-choice").first
    shown.wait_for()
    return Bank().get(page.locator(".hp-puzzle").get_attribute("data-pid"))


def _choice(page: Any, puzzle: Any, right: bool) -> Any:
    q = puzzle.question()
    values = [str(c["value"]) for c in q.details["choices"]]
    value = next(v for v in values if (v in q.details["right"]) == right)
    return page.locator(f'.hp-choice[data-value="{value}"]')


def test_the_puzzles_page_rates_remembers_and_the_progress_page_shows_it(
    page: Any, site_url: str, tmp_path: Path
) -> None:
    """A right answer by the mouse, a wrong one by the keyboard alone: the rating moves
    exactly as the package's own ``PuzzleRating`` moves it, outlives a reload, and the
    answers in the browser are lines the package's progress store reads as its own."""
    from hasenpfeffer_core.analysis.progress import FILE_NAME, ProgressStore
    from hasenpfeffer_core.analysis.puzzles import PuzzleRating, rating_from

    page.goto(site_url + "practice/puzzles/")
    first = _puzzle_on(page)
    badge = page.locator(".hp-rating-value")
    assert badge.inner_text() == "Your puzzle rating: 1500"
    assert "kept in this browser only" in page.locator(".hp-puzzles").inner_text()
    _choice(page, first, True).click()
    assert page.locator(".hp-verdict").inner_text() == "Right."
    assert page.locator(".hp-choice.hp-right .hp-choice-tag").first.inner_text() == "the best move"
    rating = PuzzleRating()
    rating.update(first.rating, True)
    assert badge.inner_text() == f"Your puzzle rating: {round(rating.rating)}"
    # the keyboard alone: the focus is on Next; Enter brings the next puzzle, Tab reaches
    # a choice, Enter answers it
    assert page.evaluate("document.activeElement.classList.contains('hp-next')")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "pid => document.querySelector('.hp-puzzle').getAttribute('data-pid') !== pid",
        arg=first.id,
    )
    second = _puzzle_on(page)
    wrong = _choice(page, second, False)
    wrong.focus()
    page.keyboard.press("Enter")
    assert page.locator(".hp-verdict").inner_text() == "Not quite."
    assert second.question().details["against"][wrong.get_attribute("data-value")] in (
        page.locator(".hp-feedback").inner_text()
    )
    rating.update(second.rating, False)
    assert badge.inner_text() == f"Your puzzle rating: {round(rating.rating)}"
    page.reload()
    _puzzle_on(page)
    assert badge.inner_text() == f"Your puzzle rating: {round(rating.rating)}"
    lines = page.evaluate("localStorage.getItem('hasenpfeffer-progress-events')")
    header = '{"format": "hasenpfeffer-progress", "version": 1}\n'
    (tmp_path / FILE_NAME).write_text(header + lines, encoding="utf-8")
    answers = ProgressStore(tmp_path).answers()
    assert [(e.source, e.item, e.right) for e in answers] == [
        ("puzzle", first.item, True),
        ("puzzle", second.item, False),
    ]
    assert round(rating_from(answers).rating) == round(rating.rating)

    page.goto(site_url + "practice/progress/")
    page.locator(".hp-held[data-ready]").wait_for()
    assert _held_row(page, "Puzzle rating") == f"{round(rating.rating):,}"  # (1,509: en-US)
    assert _held_row(page, "Puzzles answered") == "2"
    assert _held_row(page, "Solved (right with no hint)") == "1"


def test_a_puzzle_streak_ends_at_the_first_miss_and_leaves_the_rating(
    page: Any, site_url: str
) -> None:
    page.goto(site_url + "it/practice/puzzles/")
    _puzzle_on(page)
    page.get_by_role("button", name="Serie").click()
    puzzle = _puzzle_on(page)
    assert puzzle.rating <= 1300  # a streak starts easy
    _choice(page, puzzle, False).click()
    feedback = page.locator(".hp-feedback").inner_text()
    assert "La serie è finita: 0 problemi risolti di fila." in feedback
    assert page.locator(".hp-next").inner_text() == "Inizia una nuova serie"
    stored = page.evaluate("localStorage.getItem('hasenpfeffer-progress-events')")
    assert '"kind":"streak"' in stored
    page.goto(site_url + "it/practice/puzzles/")
    _puzzle_on(page)
    assert page.locator(".hp-rating-value").inner_text().endswith(": 1500")


def test_the_progress_page_exports_for_the_command_and_imports_what_it_exported(
    page: Any, site_url: str, tmp_path: Path
) -> None:
    """One file format for the site and the command line: a quiz answer and a puzzle
    answer on the site, exported from the progress page, are read by ``hasenpfeffer
    progress import``; an answer the command line has, exported by it, is imported by
    the page (the two already there are not added twice)."""
    from hasenpfeffer_core.analysis.progress import ProgressStore
    from hasenpfeffer_core.analysis.puzzles import Bank, puzzle_event, rating_from

    page.goto(site_url + "practice/trick-winner/")
    page.wait_for_selector(".hp-quiz[data-ready=true] .hp-question")
    _answer_trick_winner_right(page)
    page.goto(site_url + "practice/puzzles/")
    puzzle = _puzzle_on(page)
    _choice(page, puzzle, True).click()

    page.goto(site_url + "practice/progress/")
    page.locator(".hp-held[data-ready]").wait_for()
    site_table = page.locator("table").filter(has_text="Answers kept by this site")
    assert site_table.locator("tr").filter(has_text="Answers").locator("td").inner_text() == "2"
    with page.expect_download() as download:
        page.get_by_role("button", name="Export my answers").click()
    exported = tmp_path / "site.jsonl"
    download.value.save_as(exported)

    home = tmp_path / "home"
    env = dict(os.environ, HASENPFEFFER_HOME=str(home), LANG="C.UTF-8")
    env.pop("HASENPFEFFER_LANG", None)

    def command(*argv: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "hasenpfeffer_core.faces.cli", *argv],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        return done.stdout

    assert f"Added 2 answers from {exported}" in command("progress", "import", str(exported))
    assert "answers: 2" in command("progress")
    items = sorted(e.item for e in ProgressStore(home).answers())
    assert items == sorted([puzzle.item, next(i for i in items if i.startswith("trick-winner|"))])
    # a puzzle the command line solved (its store leaves "hints: 0" out of the line)
    bank = Bank()
    other = bank.get(next(pid for pid in bank.ids() if pid != puzzle.id))
    ProgressStore(home).record(puzzle_event(other, True))
    back = tmp_path / "from-the-command.jsonl"
    command("progress", "export", str(back))

    page.locator("#hp-import-file").set_input_files(str(back))
    said = page.locator(".hp-transfer-said")
    said.wait_for()
    page.wait_for_function("() => document.querySelector('.hp-transfer-said').textContent")
    assert said.inner_text() == "Added 1 answer from from-the-command.jsonl."
    page.reload()
    page.locator(".hp-held[data-ready]").wait_for()
    site_table = page.locator("table").filter(has_text="Answers kept by this site")
    assert site_table.locator("tr").filter(has_text="Answers").locator("td").inner_text() == "3"
    # the site's rating counts the command line's solved puzzle as solved, as the
    # package does
    rating = round(rating_from(ProgressStore(home).answers()).rating)
    assert _held_row(page, "Puzzle rating") == f"{rating:,}"
    assert _held_row(page, "Solved (right with no hint)") == "2"


# --- the progress page's spaced practice and stars (assets/schedule.js) ------------------


def _stored(page: Any, tmp_path: Path) -> list[Any]:
    """The answers this browser keeps, as the package's progress store reads them."""
    from hasenpfeffer_core.analysis.progress import FILE_NAME, ProgressStore

    lines = page.evaluate("localStorage.getItem('hasenpfeffer-progress-events')") or ""
    home = tmp_path / f"store-{len(list(tmp_path.iterdir()))}"
    home.mkdir()
    header = '{"format": "hasenpfeffer-progress", "version": 1}\n'
    (home / FILE_NAME).write_text(header + lines, encoding="utf-8")
    return ProgressStore(home).events()


def _practice_shown(page: Any) -> dict[str, Any]:
    """What the progress page's spaced practice shows: the time it was worked out for,
    each idea's row (strength, due), the ideas due now, the line under them, the stars."""
    page.locator(".hp-held[data-ready] .hp-practice").wait_for()
    assert page.locator(".hp-held").get_attribute("data-practice-error") is None
    rows = {}
    for row in page.locator(".hp-strength-table tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        rows[row.locator("th").inner_text()] = (cells[0].strip(), cells[1].strip())
    return {
        "now": int(page.locator(".hp-practice").get_attribute("data-now") or 0),
        "rows": rows,
        "due": page.locator(".hp-due-now .hp-chip").all_inner_texts(),
        "line": page.locator(".hp-due-none").all_inner_texts(),
        "stars": [
            (
                r.locator("th").inner_text(),
                r.locator(".hp-stars").get_attribute("aria-label"),
                r.locator(".hp-done").inner_text(),
            )
            for r in page.locator(".hp-stars-table tbody tr").all()
        ],
    }


def _practice_expected(events: list[Any], now_ms: int) -> dict[str, Any]:
    """What the package's own schedule says of ``events`` at ``now_ms``, in the page's
    words (English)."""
    from datetime import UTC, datetime

    from hasenpfeffer_core.analysis.practice import Schedule, days_text, lesson_stars

    now = datetime.fromtimestamp(now_ms / 1000, UTC)
    schedule = Schedule(events)
    rows = {}
    for key, s in schedule.states.items():
        strength = schedule.strength(key, now)
        if strength is None:
            rows[s.concept.name] = ("not yet", "")
            continue
        due = s.card.due if s.card else None
        when = "due now" if due and due <= now else f"due {days_text(due - now)}" if due else ""
        rows[s.concept.name] = (f"{round(100 * max(0.0, min(1.0, strength)))}%", when)
    due_now = [c.name for c in schedule.due(now)]
    line = []
    if not due_now:
        nxt = schedule.next_due(now)
        said = "Nothing is due now."
        if nxt:
            said += f" Next due: {nxt[1].name}, {days_text(nxt[0] - now)}."
        line = [said]
    stars = [
        (
            f"Lesson {n}: {ls.title}",
            f"{ls.stars} of 3 stars",
            f"{min(ls.done, ls.exercises)} of {ls.exercises} done",
        )
        for n, ls in lesson_stars(e for e in events if e.is_answer).items()
        if ls.by_exercise
    ]
    return {"rows": rows, "due": due_now, "line": line, "stars": stars}


def _check_practice(page: Any, events: list[Any]) -> dict[str, Any]:
    shown = _practice_shown(page)
    expected = _practice_expected(events, shown["now"])
    assert shown["rows"] == expected["rows"]
    assert shown["due"] == expected["due"]
    assert shown["line"] == expected["line"]
    assert shown["stars"] == expected["stars"]
    return shown


def test_the_progress_page_shows_the_ideas_practised_and_what_is_due(
    page: Any, page_errors: list[str], site_url: str, tmp_path: Path
) -> None:
    """Quiz questions answered on the site, one right and one wrong: after a reload the
    progress page shows, for each idea they practised, the strength and the due time the
    package's own schedule gives those answers at that moment, and what falls due next;
    an idea never practised says so."""
    page.goto(site_url + "practice/progress/")
    page.locator(".hp-held[data-ready]").wait_for()
    assert page.locator(".hp-practice").inner_text().count("No idea practised yet") == 1

    page.goto(site_url + "practice/trick-winner/")
    page.wait_for_selector(".hp-quiz[data-ready=true] .hp-question")
    _answer_trick_winner_right(page)
    page.click(".hp-next")
    q = _question(page)
    seats = [parse_seat(s) for s, _ in q["trick"]]
    cards = parse_cards(" ".join(c for _, c in q["trick"]))
    winner = seats[trick_winner(cards, parse_suit(q["trump"]))]
    wrong = next(s for s in seats if s is not winner)
    page.click(f'.hp-choice[data-value="{wrong.name}"]')
    page.reload()
    page.wait_for_selector(".hp-quiz[data-ready=true] .hp-question")

    events = _stored(page, tmp_path)
    assert [e.right for e in events] == [True, False]
    page.goto(site_url + "practice/progress/")
    shown = _check_practice(page, events)
    from datetime import UTC, datetime, timedelta

    from hasenpfeffer_core.analysis.practice import CONCEPTS

    practised = {c for e in events for c in e.concepts}
    names = {c.name for c in CONCEPTS if c.key in practised}
    assert names and all(shown["rows"][n][0].endswith("%") for n in names)
    assert any(v == ("not yet", "") for v in shown["rows"].values())
    assert shown["due"] or shown["line"][0].startswith("Nothing is due now. Next due: ")
    # eleven minutes on, the ideas just practised are due again (the learning steps are
    # one and ten minutes): the page works the schedule out on each visit
    page.clock.install(
        time=datetime.fromtimestamp(shown["now"] / 1000, UTC) + timedelta(minutes=11)
    )
    page.reload()
    later = _check_practice(page, events)
    assert set(later["due"]) == names
    assert page_errors == []


def _event_lines(events: list[Any]) -> list[str]:
    return [e.line().decode().rstrip("\n") for e in events]


def _history(now: Any) -> list[Any]:
    """Some weeks of answers: quiz answers on several ideas, right and wrong, with hints
    and at a second try; and lesson exercises (all of lesson 2 done, some of lesson 1)."""
    import random
    from datetime import timedelta

    from hasenpfeffer_core.analysis.practice import LESSONS
    from hasenpfeffer_core.analysis.progress import Event

    rng = random.Random(27)
    ideas = ["left bower", "joker", "must follow", "partner winning", "trumped", "second-hand-low"]
    when = now - timedelta(days=40)
    out = []
    for i in range(60):
        when += timedelta(hours=rng.choice([0.05, 0.3, 5, 20, 30]))
        if when >= now:
            break
        out.append(
            Event.answer(
                "quiz",
                f"trick-winner|{i}",
                [rng.choice(ideas)],
                right=rng.random() < 0.75,
                hints=rng.choice([0, 0, 0, 1]),
                attempt=rng.choice([1, 1, 1, 2]),
                kind="trick-winner",
                when=when,
            )
        )
    day = now - timedelta(days=3)
    for k in range(LESSONS[2][1]):
        out.append(
            Event.answer(
                "exercise",
                f"follow-{k}",
                ["must follow"],
                right=True,
                hints=k % 2,
                lesson=2,
                when=day,
            )
        )
        day += timedelta(minutes=2)
    for k in range(2):
        out.append(
            Event.answer("exercise", f"cards-{k}", ["trumps"], right=True, lesson=1, when=day)
        )
    return sorted(out, key=lambda e: e.when)


def test_an_import_with_malformed_lines_keeps_the_rest_and_the_page_works(
    page: Any, page_errors: list[str], site_url: str, tmp_path: Path
) -> None:
    """A file with good answers and malformed lines of every kind: the good ones are
    added, the rest left out and counted, the page goes on working (its spaced practice
    and stars show what the package makes of the good ones), and nothing already kept in
    the browser is lost, not even a line of its own it cannot read; the quiz and puzzle
    pages still work on the store afterwards."""
    from datetime import UTC, datetime, timedelta

    from hasenpfeffer_core.analysis.progress import Event

    now = datetime.now(UTC)
    kept = Event.answer(
        "quiz", "bid|kept", ["opening"], right=True, kind="bid", when=now - timedelta(days=20)
    )
    own = [
        _event_lines([kept])[0],
        "a line of this browser's own that is not an answer {",
        '{"id": "x", "source": "quiz"}',
    ]
    page.goto(site_url + "practice/progress/")
    page.locator(".hp-held[data-ready]").wait_for()
    page.evaluate(
        "text => localStorage.setItem('hasenpfeffer-progress-events', text)", "\n".join(own) + "\n"
    )
    good = _history(now)
    trap = Event.answer(  # a good answer whose id is a name every object has
        "quiz", "bid|trap", ["opening"], right=False, kind="bid", when=now - timedelta(days=2)
    )
    trap_line = json.dumps({**trap.to_dict(), "id": "constructor"}, ensure_ascii=False)
    base = good[0].to_dict()
    bad = [
        "not json",
        "{}",
        "[]",
        "null",
        json.dumps({**base, "id": "bad-1", "hints": "3"}),
        json.dumps({**base, "id": "bad-2", "concepts": "joker"}),
        json.dumps({**base, "id": "bad-3", "concepts": ["x" * 101]}),
        json.dumps({**base, "id": "bad-4", "at": "2999-01-01T00:00:00Z"}),
        json.dumps({**base, "id": "bad-5", "at": "2026-02-30T00:00:00Z"}),
        json.dumps({**base, "id": "bad-6", "right": "yes"}),
        json.dumps({**base, "id": "bad-7", "lesson": 100}),
        json.dumps({**base, "id": "bad-8", "item": "x" * 2000}),
        json.dumps({**base, "id": "bad-9", "kind": {"a": 1}}),
        json.dumps({**base, "id": "bad-10", "source": "__proto__"}),
        '{"__proto__": {"right": true}, "id": "bad-11"}',
        "[" * 5000 + "]" * 5000,
        json.dumps({**base, "id": "bad-12", "item": "y" * 70000}),
    ]
    import random

    random_order = [*_event_lines(good), trap_line, *bad]
    random.Random(5).shuffle(random_order)
    upload = tmp_path / "import.jsonl"
    header = '{"format": "hasenpfeffer-progress", "version": 1, "created": "2026-01-01T00:00:00Z", "file": "0"}'
    upload.write_text(header + "\n" + "\n".join(random_order) + "\n", encoding="utf-8")

    page.reload()
    page.locator(".hp-held[data-ready]").wait_for()
    page.locator("#hp-import-file").set_input_files(str(upload))
    page.wait_for_function("() => document.querySelector('.hp-transfer-said').textContent")
    said = page.locator(".hp-transfer-said").inner_text()
    added = len(good) + 1
    assert said == (
        f"Added {added} answers from import.jsonl. "
        f"Lines left out (not answers in the progress format): {len(bad)}."
    )
    assert page.locator(".hp-held").get_attribute("data-imported") == str(added)
    stored = page.evaluate("localStorage.getItem('hasenpfeffer-progress-events')")
    assert stored.startswith("\n".join(own) + "\n"), "what was kept is kept byte for byte"
    assert all(line not in stored for line in bad[4:])
    events = _stored(page, tmp_path)
    assert {e.id for e in events} == {kept.id, "constructor", *(e.id for e in good)}
    merged = sorted(events, key=lambda e: e.when)
    shown = _check_practice(page, merged)  # shown again at once, without a reload
    assert shown["due"], "answers of days ago fall due"
    assert shown["stars"] == [
        ("Lesson 1: The cards and their order", "0 of 3 stars", "2 of 6 done"),
        ("Lesson 2: Following suit", "2 of 3 stars", "5 of 5 done"),
    ]
    # the same file again: nothing added twice
    page.reload()
    page.locator("#hp-import-file").set_input_files(str(upload))
    page.wait_for_function("() => document.querySelector('.hp-transfer-said').textContent")
    assert (
        page.locator(".hp-transfer-said")
        .inner_text()
        .startswith("Added 0 answers from import.jsonl.")
    )
    _check_practice(page, merged)
    # the other pages work on the store as it is, and add to it without losing a line
    page.goto(site_url + "practice/puzzles/")
    puzzle = _puzzle_on(page)
    _choice(page, puzzle, True).click()
    page.goto(site_url + "practice/trick-winner/")
    page.wait_for_selector(".hp-quiz[data-ready=true] .hp-question")
    _answer_trick_winner_right(page)
    after = page.evaluate("localStorage.getItem('hasenpfeffer-progress-events')")
    assert after.startswith(stored)
    assert len(_stored(page, tmp_path)) == len(events) + 2
    assert page_errors == []


#: The widths and schemes the progress page with a history is audited and photographed in.
_LOOKS = [("light", 1280), ("dark", 1280), ("light", 390)]


@pytest.mark.usefixtures("axe_ready")
@pytest.mark.parametrize(("scheme", "width"), _LOOKS, ids=["light", "dark", "phone"])
def test_the_progress_page_with_a_history_passes_axe_and_fits(
    chromium: Any, site_url: str, scheme: str, width: int
) -> None:
    """The progress page showing weeks of answers (strengths, what is due, stars) passes
    axe in the light and dark schemes and on a phone, where nothing runs off the side;
    photographed for a look (build/screenshots/site/progress-history-*.png)."""
    from datetime import UTC, datetime

    history = _history(datetime.now(UTC))
    context = chromium.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    try:
        page = context.new_page()
        page.goto(site_url + "practice/progress/")
        page.locator(".hp-held[data-ready]").wait_for()
        page.evaluate(
            "text => localStorage.setItem('hasenpfeffer-progress-events', text)",
            "\n".join(_event_lines(history)) + "\n",
        )
        page.reload()
        _check_practice(page, history)
        held = page.locator(".hp-held")
        findings = audit.audit(
            page, f"practice/progress/ with a history ({scheme}, {width}px)", audit.SITE_OURS
        )
        assert audit.failing(findings) == [], "\n".join(map(str, audit.failing(findings)))
        wide = page.evaluate(
            "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert wide[0] <= wide[1], f"the page is {wide[0]} px wide in a {wide[1]} px window"
        overflow = page.evaluate(
            "() => [...document.querySelectorAll('.hp-held *')].filter(e => "
            "e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).length"
        )
        assert overflow == 0
        SHOTS.mkdir(parents=True, exist_ok=True)
        name = f"progress-history-{scheme}" + ("-phone" if width < 600 else "")
        held.screenshot(path=str(SHOTS / f"{name}.png"))
    finally:
        context.close()
