"""How soon the live copy of a lesson shows its first picture and its first live widget.

Run ``python bench/live.py [--runs 5] [--lesson 03-who-wins-the-trick] [--site DIR]``.
It builds the live copy with ``docs_hooks/lite/`` (or uses ``--site``, a folder
holding ``live/``), serves it on 127.0.0.1 and opens the lesson in Debian's Chromium
(``/usr/bin/chromium``) with every request outside 127.0.0.1 blocked, the way
``tests/browser/test_lite.py`` does. Each run uses a fresh browser profile (nothing
cached), like a learner's first visit, and measures two moments after opening: the
first saved picture of a widget (what the lesson shows while Python starts) and the
first live widget (a picture replaced by the widget its cell made).

For each run it prints a timeline in seconds after opening: the Pyodide runtime
fetched, the kernel's log lines, the wheels fetched, each code cell's output, the first
picture and the first live widget. Then both figures of all runs with their medians,
and the machine's load at the start of each run (a figure from a busy machine is
noise). The exit status is 0 whatever the figures are (it is a measurement).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the package docs_hooks, the site's build
sys.path.insert(0, str(ROOT / "tests" / "browser"))

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
#: Requests worth a line in the timeline (the rest are the app's own scripts and styles).
#: Logs (to the console, which the timeline shows) each code cell's execution count as
#: it appears, the kernel's status changes and the first widget view.
WATCH_JS = """
new MutationObserver(() => {
  const seen = (window.__hpSeen = window.__hpSeen || new Set());
  document.querySelectorAll(".jp-CodeCell .jp-InputArea-prompt").forEach((p, i) => {
    const key = `cell ${i + 1} ${p.textContent.trim()}`;
    if (/\\[\\d+\\]/.test(p.textContent) && !seen.has(key)) {
      seen.add(key);
      console.log(`[hp] code ${key}`);
    }
  });
  if (document.querySelector("PICTURE") && !seen.has("picture")) {
    seen.add("picture");
    console.log("[hp] first saved picture in the page");
  }
  if (document.querySelector("LIVE") && !seen.has("widget")) {
    seen.add("widget");
    console.log("[hp] first live widget view in the page");
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""
#: How long a run may wait for the first widget.
TIMEOUT_MS = int(float(os.environ.get("HP_LIVE_TIMEOUT", "240")) * 1000)
NOTABLE = re.compile(r"(pyodide\.(asm\.)?(mjs|wasm)|python_stdlib|\.whl|pyodide-lock|all\.json)")


def _watch_js() -> str:
    from docs_hooks import lite

    return WATCH_JS.replace("PICTURE", lite.PICTURE_SELECTOR).replace(
        "LIVE", lite.LIVE_WIDGET_SELECTOR.replace('"', '\\"')
    )


def one_run(base_url: str, lesson: str, verbose: bool) -> tuple[float, float]:
    """One visit: (first picture, first live widget), in seconds after opening."""
    from playwright.sync_api import sync_playwright

    from docs_hooks import lite

    events: list[tuple[float, str]] = []
    started = 0.0

    def note(what: str) -> None:
        events.append((time.monotonic() - started, what))

    def gate(route: Any) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            note(f"BLOCKED {route.request.url}")
            route.abort()

    def finished(request: Any) -> None:
        if NOTABLE.search(request.url):
            note(f"fetched {request.url.rsplit('/', 1)[-1]}")

    def response(resp: Any) -> None:
        if resp.status >= 400:
            note(f"HTTP {resp.status} {resp.url}")

    def console(msg: Any) -> None:
        text = msg.text.strip().replace("\n", " ")
        if text:
            note(f"console: {text[:110]}")

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.route("**/*", gate)
            context.add_init_script(_watch_js())
            page = context.new_page()
            page.on("console", console)
            page.on("requestfinished", finished)
            page.on("response", response)
            page.on("worker", lambda w: w.on("console", console))
            started = time.monotonic()
            page.goto(base_url + lite.live_url(lesson))
            page.locator(lite.PICTURE_SELECTOR).first.wait_for(timeout=TIMEOUT_MS)
            picture = time.monotonic() - started
            note("FIRST PICTURE")
            if not lite.AUTORUN:
                page.locator(".jp-Notebook").first.click()
                page.get_by_role("menuitem", name="Run", exact=True).click()
                page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
                note("Run All pressed")
            page.locator(lite.LIVE_WIDGET_SELECTOR).first.wait_for(timeout=TIMEOUT_MS)
            live = time.monotonic() - started
            note("FIRST LIVE WIDGET")
        finally:
            browser.close()
            if verbose:  # the timeline, also of a run that failed
                for t, what in sorted(events):
                    print(f"  {t:6.2f}  {what}")
    return picture, live


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lesson", default="03-who-wins-the-trick")
    parser.add_argument("--site", type=Path, help="a folder holding live/ (default: build one)")
    parser.add_argument("--quiet", action="store_true", help="no timelines, figures only")
    args = parser.parse_args()

    from _browser import serve_folder

    from docs_hooks import lite

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            print("building the live copy ...", file=sys.stderr)
            lite.build(site / lite.LIVE_DIR)
        with serve_folder(site, Path(tmp) / "http.log") as url:
            loads = []
            pictures: list[float] = []
            lives: list[float] = []
            for run in range(1, args.runs + 1):
                loads.append(os.getloadavg()[0])
                print(f"run {run}: lesson {args.lesson} (load {loads[-1]:.1f})")
                picture, live = one_run(url, args.lesson, not args.quiet)
                pictures.append(picture)
                lives.append(live)
                print(f"run {run}: first picture {picture:.1f} s, first live widget {live:.1f} s")
    for what, figures in (("first picture", pictures), ("first live widget", lives)):
        print(
            f"{what} (s): "
            + ", ".join(f"{f:.1f}" for f in figures)
            + f"; median {statistics.median(figures):.1f}"
        )
    print(
        f"load (1-minute average) at the start of each run: {', '.join(f'{x:.1f}' for x in loads)}"
    )


if __name__ == "__main__":
    main()
