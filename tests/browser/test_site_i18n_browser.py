"""The Thai (and Italian) site in a real browser: Debian's Chromium on the strict build.

The site built once per session (``tests/test_links.py``) is served on 127.0.0.1. The
browser opens the English home, switches to Thai with the theme's language menu, opens
the Thai trick-winner practice and answers a question by clicking the winning card's
button (the feedback must be Thai), searches a Thai word on the Thai site and gets a
Thai page, checks that Thai text is drawn with the site's own Thai webfont, and takes
screenshots of a Thai page in light, dark and phone size for a person to look at (the
folder is printed). No request may leave 127.0.0.1.

Without Chromium, Playwright or MkDocs the tests skip with the reason, except under CI
(the ``CI`` variable set), where they fail.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from hasenpfeffer_core import parse_cards, parse_seat, parse_suit, trick_winner
from hasenpfeffer_core.engine.i18n import gettext, language

ROOT = Path(__file__).resolve().parent.parent.parent
SHOTS = Path(os.environ.get("HP_SITE_SCREENSHOTS", ROOT / "build" / "screenshots" / "site"))
THAI = re.compile(r"[\u0e00-\u0e7f]")
#: A Thai page with generated tables, prose and the footer's note.
THAI_PAGE = "th/rules/ranking/"


class Seen:
    """Every request a page made, and those that left 127.0.0.1."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.outside: list[str] = []

    def record(self, url: str) -> None:
        self.urls.append(url)
        parts = urlsplit(url)
        if parts.scheme not in ("data", "blob", "about") and parts.hostname != "127.0.0.1":
            self.outside.append(url)


@pytest.fixture
def seen() -> Seen:
    return Seen()


def _context(chromium: Any, seen: Seen, **options: Any) -> tuple[Any, Any]:
    options.setdefault("viewport", {"width": 1280, "height": 900})
    options.setdefault("color_scheme", "light")
    context = chromium.new_context(**options)
    page = context.new_page()
    page.on("request", lambda r: seen.record(r.url))
    page.set_default_timeout(20_000)
    return context, page


def test_switch_to_thai_and_answer_a_question_in_thai(
    chromium: Any, site_url: str, seen: Seen
) -> None:
    context, page = _context(chromium, seen)
    try:
        page.goto(site_url)
        assert page.locator("html").get_attribute("lang") == "en"
        # The theme's language menu: it opens on hover; the Thai entry leads to /th/.
        page.hover(".md-header__option .md-select")
        page.locator('a.md-select__link[hreflang="th"]').click()
        page.wait_for_url(re.compile(r"/th/$"))
        assert page.locator("html").get_attribute("lang") == "th"
        assert THAI.search(page.locator("h1").first.inner_text())

        page.goto(site_url + "th/practice/trick-winner/")
        page.wait_for_selector(".hp-quiz[data-ready=true] .hp-question")
        q = page.locator(".hp-question")
        trick = json.loads(q.get_attribute("data-trick") or "[]")
        seats = [parse_seat(s) for s, _ in trick]
        cards = parse_cards(" ".join(c for _, c in trick))
        winner = seats[trick_winner(cards, parse_suit(q.get_attribute("data-trump") or ""))]
        button = page.locator(f'.hp-choice[data-value="{winner.name}"]')
        assert THAI.search(button.inner_text()), button.inner_text()  # "ตะวันออก (J♦)"
        button.click()
        verdict = page.locator(".hp-feedback .hp-verdict").inner_text()
        with language("th"):
            assert verdict == gettext("Right!")
        assert THAI.search(verdict), verdict
        assert THAI.search(page.locator(".hp-feedback .hp-explanation").inner_text())
        assert THAI.search(page.locator(".hp-levels").inner_text())
        assert THAI.search(page.locator(".hp-next").inner_text())
    finally:
        context.close()
    assert seen.outside == []


def test_search_finds_a_thai_word_on_the_thai_site(
    chromium: Any, site_url: str, seen: Seen
) -> None:
    context, page = _context(chromium, seen)
    try:
        # ไพ่ ("card"): inside running Thai text, never next to a space
        first = _first_result(page, site_url + "th/", "ไพ่")
        href = first.get_attribute("href") or ""
        assert "/th/" in href, href
        assert THAI.search(first.inner_text())
        assert any(u.endswith("/th/search/search_index.json") for u in seen.urls)
    finally:
        context.close()
    assert seen.outside == []


def test_search_loads_when_the_reader_opens_it(chromium: Any, site_url: str, seen: Seen) -> None:
    """The search index and its word splitters wait until search is opened (here by the
    theme's key, /); then a search works as before."""
    context, page = _context(chromium, seen)
    try:
        page.goto(site_url + "rules/")
        page.wait_for_load_state("networkidle")
        asked = ("search_index.json", "wordcut.js", "/workers/search.")
        assert not [u for u in seen.urls if any(a in u for a in asked)]
        page.keyboard.press("/")
        page.wait_for_function("document.activeElement.matches('input.md-search__input')")
        page.keyboard.type("bower")
        page.locator(".md-search-result__item").first.wait_for(timeout=60_000)
        assert any(u.endswith("/search/search_index.json") for u in seen.urls)
        assert any("/workers/search." in u for u in seen.urls)
    finally:
        context.close()
    assert seen.outside == []


def _first_result(page: Any, url: str, query: str) -> Any:
    """The first result (a link) the header's search box lists for ``query`` on the page
    at ``url``, typed as a reader types it once the index has loaded."""
    page.goto(url)
    box = page.locator("input.md-search__input")
    box.click()  # (the header's search box, as a reader uses it)
    # the theme says "type to start searching" once its index has loaded: a query
    # typed before that is not run (a reader on a slow machine sees the same)
    ready = page.evaluate(
        "JSON.parse(document.querySelector('#__config').textContent)"
        ".translations['search.result.placeholder']"
    )
    page.wait_for_function(
        "t => document.querySelector('.md-search-result__meta').textContent.trim() === t",
        arg=ready,
        timeout=60_000,
    )
    box.press_sequentially(query, delay=50)
    # (Playwright types letters not on its US keyboard as text, without the key-up
    # the theme reads the box on, which a Thai keyboard sends for every key)
    box.press("End")
    page.locator(".md-search-result__item").first.wait_for()
    return page.locator(".md-search-result__link").first


@pytest.mark.parametrize(
    ("prefix", "query"),
    [
        ("", "discard"),
        ("", "trump"),
        ("", "bower"),
        ("it/", "scarto"),
        ("it/", "briscola"),
        # a lesson's heading holds "fante sinistro"; the rules page explains the bowers
        ("it/", "fante destro"),
        ("th/", "ทิ้ง"),
        ("th/", "ทรัมป์"),
        # two words typed as one run, as Thai is written (split by assets/search-thai.js)
        ("th/", "แจ็คขวา"),
    ],
)
def test_search_ranks_a_rules_page_first(
    chromium: Any, site_url: str, seen: Seen, prefix: str, query: str
) -> None:
    """A reader who searches a word of the game finds the rules page that explains it
    first, not a lesson's code or the API reference (docs_hooks.search weights the index)."""
    context, page = _context(chromium, seen)
    try:
        href = _first_result(page, site_url + prefix, query).get_attribute("href") or ""
        assert urlsplit(href).path.startswith(f"/{prefix}rules/"), (query, href)
    finally:
        context.close()
    assert seen.outside == []


def test_thai_is_drawn_with_the_site_font(chromium: Any, site_url: str, seen: Seen) -> None:
    context, page = _context(chromium, seen)
    try:
        page.goto(site_url + THAI_PAGE)
        page.evaluate("document.fonts.ready")
        page.wait_for_function(
            "document.fonts.check('16px \"HP Noto Sans Thai\"', 'ไพ่')"
            " && [...document.fonts].some(f => f.family.includes('HP Noto Sans Thai')"
            " && f.status === 'loaded')"
        )
        fonts = [u for u in seen.urls if u.endswith(".woff2")]
        assert fonts and all("/assets/fonts/noto-sans-thai-thai-" in u for u in fonts), fonts
    finally:
        context.close()
    assert seen.outside == []


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("light", {"color_scheme": "light"}),
        ("dark", {"color_scheme": "dark"}),
        (
            "phone",
            {
                "color_scheme": "light",
                "viewport": {"width": 390, "height": 844},
                "device_scale_factor": 2,
                "is_mobile": True,
                "has_touch": True,
            },
        ),
    ],
)
def test_screenshots_of_a_thai_page(
    chromium: Any, site_url: str, seen: Seen, name: str, options: dict[str, Any]
) -> None:
    folder = SHOTS / "i18n"
    folder.mkdir(parents=True, exist_ok=True)
    context, page = _context(chromium, seen, **options)
    try:
        page.goto(site_url + THAI_PAGE)
        page.evaluate("document.fonts.ready")
        scheme = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
        assert scheme == ("slate" if name == "dark" else "default")
        note = page.locator(".hp-translated-note")
        assert note.count() == 1 and THAI.search(note.inner_text())
        path = folder / f"th-rules-ranking-{name}.png"
        page.screenshot(path=str(path), full_page=name != "phone")
        if name == "phone":  # the practice page too, where the words come from the data
            page.goto(site_url + "th/practice/legal-play/")
            page.wait_for_selector(".hp-quiz[data-ready=true] .hp-question")
            page.screenshot(path=str(folder / "th-practice-legal-play-phone.png"), full_page=True)
        print(f"\nscreenshots of the Thai site: {folder}")
    finally:
        context.close()
    assert seen.outside == []
