"""How long the live copy of a lesson takes to show its first widget (a benchmark).

Run ``python bench/live.py [--runs 3] [--lesson 03-who-wins-the-trick] [--site DIR]``.
It builds the live copy with ``docs_hooks/hp_lite.py`` (or uses ``--site``, a folder
holding ``live/``), serves it on 127.0.0.1 and opens the lesson in Debian's Chromium
(``/usr/bin/chromium``) with every request outside 127.0.0.1 blocked, the way
``tests/browser/test_lite.py`` does: open the lesson, wait for its first cell, press
Run All unless the lesson runs itself, and wait for the first widget. Each run uses a
fresh browser profile (nothing cached), like a learner's first visit.

For each run it prints a timeline in seconds after opening: the notebook drawn, the
Pyodide runtime fetched, the kernel's log lines (``Loading ...``, ``Loaded ...``), the
wheels fetched, the kernel ready (idle), each code cell's output and the first widget.
Then the first-widget times of all runs, with their median. The exit status is 0
whatever the figures are (it is a measurement).
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
sys.path.insert(0, str(ROOT / "docs_hooks"))
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
  if (document.querySelector(".jupyter-widgets") && !seen.has("widget")) {
    seen.add("widget");
    console.log("[hp] first widget view in the page");
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""
#: How long a run may wait for the first widget.
TIMEOUT_MS = int(float(os.environ.get("HP_LIVE_TIMEOUT", "240")) * 1000)
NOTABLE = re.compile(r"(pyodide\.(asm\.)?(mjs|wasm)|python_stdlib|\.whl|pyodide-lock|all\.json)")


def one_run(base_url: str, lesson: str, verbose: bool) -> float:
    import hp_lite
    from playwright.sync_api import sync_playwright

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
            context.add_init_script(WATCH_JS)
            page = context.new_page()
            page.on("console", console)
            page.on("requestfinished", finished)
            page.on("response", response)
            page.on("worker", lambda w: w.on("console", console))
            started = time.monotonic()
            page.goto(base_url + hp_lite.live_url(lesson))
            page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
            note("notebook drawn")
            if not hp_lite.AUTORUN:
                page.locator(".jp-Notebook").first.click()
                page.get_by_role("menuitem", name="Run", exact=True).click()
                page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
                note("Run All pressed")
            page.locator(".jp-OutputArea-output .jupyter-widgets").first.wait_for(
                timeout=TIMEOUT_MS
            )
            first = time.monotonic() - started
            note("FIRST WIDGET")
        finally:
            browser.close()
            if verbose:  # the timeline, also of a run that failed
                for t, what in sorted(events):
                    print(f"  {t:6.2f}  {what}")
    return first


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lesson", default="03-who-wins-the-trick")
    parser.add_argument("--site", type=Path, help="a folder holding live/ (default: build one)")
    parser.add_argument("--quiet", action="store_true", help="no timelines, figures only")
    args = parser.parse_args()

    import hp_lite
    from _browser import serve_folder

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            print("building the live copy ...", file=sys.stderr)
            hp_lite.build(site / hp_lite.LIVE_DIR)
        with serve_folder(site, Path(tmp) / "http.log") as url:
            figures = []
            for run in range(1, args.runs + 1):
                print(f"run {run}: lesson {args.lesson}")
                figures.append(one_run(url, args.lesson, not args.quiet))
                print(f"run {run}: first widget {figures[-1]:.1f} s after opening")
    print(
        "first widget (s): "
        + ", ".join(f"{f:.1f}" for f in figures)
        + f"; median {statistics.median(figures):.1f}"
    )


if __name__ == "__main__":
    main()
