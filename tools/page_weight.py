"""What a page of the built site loads on a reader's first visit: its weight.

A page is opened in a fresh browser context (an empty cache) at a desktop size, and
everything the site serves for it until the network falls quiet is counted: the HTML,
the styles, the scripts (a search worker's included), the fonts, the pictures and the
data the scripts fetch. Nothing is scrolled and nothing is clicked, so what loads only
when the reader opens search or scrolls to a saved widget is not counted. Sizes are the
files' own, uncompressed, as served by a local server that counts them
(:func:`serve`).

Targets (issue 26): at most 400 KiB for the home and the rules pages, at most 1.2 MiB
for a lesson page. The Thai pages' home and rules may weigh 460 KiB: a Thai letter takes
three bytes in UTF-8 where a Latin one takes one, and the Thai rules page holds twice
the English page's bytes of text for the same words (56 against 28 KB). What a reader
downloads is compressed (gzip, as GitHub Pages serves it): each weight says that too. ``bench/page_weight.py`` weighs every page; the site's browser tests
weigh a sample against the targets. Run as a script, this weighs the pages named::

    python tools/page_weight.py path/to/built/site [page ...]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import os
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

KIB = 1024
MIB = 1024 * KIB
#: The most a page's first load may weigh, by the kind of page (see :func:`target`).
TARGETS = {"home": 400 * KIB, "rules": 400 * KIB, "lesson": int(1.2 * MIB)}
#: ... on the Thai pages (see the module).
THAI_TARGETS = {"home": 460 * KIB, "rules": 460 * KIB, "lesson": int(1.2 * MIB)}
#: The network is quiet when nothing was served for this long (seconds).
QUIET = 0.8

#: What a served file counts as, by its ending.
KINDS = {
    ".html": "html",
    ".css": "css",
    ".js": "js",
    ".mjs": "js",
    ".woff": "fonts",
    ".woff2": "fonts",
    ".ttf": "fonts",
    ".otf": "fonts",
    ".json": "data",
    ".svg": "images",
    ".png": "images",
    ".jpg": "images",
    ".webp": "images",
    ".ico": "images",
}


def kind_of(path: str) -> str:
    return KINDS.get(os.path.splitext(path)[1].lower(), "html" if path.endswith("/") else "other")


def target(page: str) -> tuple[str, int] | None:
    """The kind of ``page`` (a path in the site, ``""`` for the home page, ``it/`` for the
    Italian one) and its target, or None for a page without one."""
    targets = THAI_TARGETS if page.startswith("th/") else TARGETS
    bare = page
    for lang in ("it/", "th/"):
        bare = bare.removeprefix(lang)
    if bare in ("", "index.html"):
        return "home", targets["home"]
    if bare.startswith("rules/"):
        return "rules", targets["rules"]
    if bare.startswith("lessons/") and bare.strip("/") != "lessons":
        return "lesson", targets["lesson"]
    return None


@dataclass
class Ledger:
    """What the server has served: ``(time, path, bytes, gzipped bytes)``, in order."""

    served: list[tuple[float, str, int, int]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, path: str, size: int, packed: int) -> None:
        with self.lock:
            self.served.append((time.monotonic(), path, size, packed))

    def mark(self) -> int:
        with self.lock:
            return len(self.served)

    def since(self, mark: int) -> list[tuple[float, str, int, int]]:
        with self.lock:
            return list(self.served[mark:])


class _Counting(SimpleHTTPRequestHandler):
    ledger: Ledger

    def send_head(self) -> Any:
        f = super().send_head()
        if f is not None:
            data = f.read()
            f.seek(0)
            self.ledger.add(
                unquote(urlsplit(self.path).path), len(data), len(gzip.compress(data, 6))
            )
        return f

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[tuple[str, Ledger]]:
    """Serve ``folder`` on 127.0.0.1 from this process; yield its URL and the ledger of
    what it serves."""
    ledger = Ledger()
    handler = type("Handler", (_Counting,), {"ledger": ledger})
    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(folder))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", ledger
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@dataclass(frozen=True)
class Weight:
    """A page's first load: its bytes in all, by kind, gzipped, and the files, heaviest
    first."""

    page: str
    total: int
    kinds: dict[str, int]
    packed: int
    files: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        kinds = ", ".join(f"{k} {v / KIB:,.0f}" for k, v in sorted(self.kinds.items()))
        return (
            f"{self.page or '(home)'}: {self.total / KIB:,.0f} KiB ({kinds}); "
            f"gzipped {self.packed / KIB:,.0f} KiB"
        )


def weigh(browser: Any, url: str, ledger: Ledger, page: str, timeout: float = 30.0) -> Weight:
    """Open ``page`` (a path under ``url``) in a fresh context of ``browser`` (Playwright)
    and weigh what the server sends for it until the network is quiet."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        tab = context.new_page()
        mark = ledger.mark()
        tab.goto(url + page, wait_until="load")
        tab.wait_for_load_state("networkidle")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = ledger.since(mark)
            last = got[-1][0] if got else 0.0
            if time.monotonic() - last >= QUIET:
                break
            time.sleep(0.1)
    finally:
        context.close()
    files: Counter[str] = Counter()
    packed = 0
    for _t, path, size, gz in ledger.since(mark):
        files[path] += size
        packed += gz
    kinds: Counter[str] = Counter()
    for path, size in files.items():
        kinds[kind_of(path)] += size
    return Weight(page, sum(files.values()), dict(kinds), packed, tuple(files.most_common()))


def site_pages(site: Path) -> list[str]:
    """Every page of the built site, as paths under its root (``""`` for the home)."""
    pages = []
    for index in sorted(site.rglob("index.html")):
        rel = index.parent.relative_to(site).as_posix()
        if rel.startswith(("live", "assets", "search")) or "/live/" in f"/{rel}/":
            continue
        pages.append("" if rel == "." else rel + "/")
    return pages


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("pages", nargs="*")
    args = parser.parse_args(argv)
    pages = args.pages or site_pages(args.site)
    with serve(args.site) as (url, ledger), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium")
        try:
            for page in pages:
                w = weigh(browser, url, ledger, page)
                print(w)
                for path, size in w.files[:5]:
                    print(f"    {size / KIB:9,.0f} KiB  {path}")
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
