"""The weight of every page of the docs site on a reader's first visit (a benchmark).

Run ``python bench/page_weight.py [--site public/]``. Without ``--site`` it builds the
site first (``mkdocs build --strict``, the live copy left out: its pages are not the
site's) into a temporary folder.

Each page is opened in Debian's Chromium with an empty cache, at 1280 x 900, and
everything the site serves for it until the network is quiet is counted (see
``tools/page_weight.py``: HTML, styles, scripts, fonts, data; not what loads only when
the reader opens search or scrolls to a lesson's saved widget). It prints each page's
weight, then per kind of page (home, rules, lessons, other) the median and the largest,
uncompressed and gzipped, against the targets of issue 26 (home and rules pages at most
400 KiB, the Thai ones 460 KiB; a lesson page at most 1.2 MiB), and every page over its
target. The exit status is 0 whatever the figures are.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import page_weight as pw  # noqa: E402 (tools/ is not a package)


def build(out: Path) -> None:
    env = dict(os.environ, HP_NO_LIVE="1", NO_MKDOCS_2_WARNING="1")
    env.pop("HP_SITE_URL", None)
    print(f"building the site into {out} ...", file=sys.stderr)
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=ROOT,
        env=env,
        check=True,
    )


def main() -> int:
    from playwright.sync_api import sync_playwright
    from tqdm import tqdm

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            build(site)
        pages = pw.site_pages(site)
        weights = []
        with pw.serve(site) as (url, ledger), sync_playwright() as play:
            browser = play.chromium.launch(executable_path="/usr/bin/chromium")
            try:
                for page in tqdm(pages, desc="pages", unit="page", file=sys.stderr):
                    weights.append(pw.weigh(browser, url, ledger, page))
            finally:
                browser.close()
    kinds: dict[str, list[pw.Weight]] = defaultdict(list)
    over = []
    for w in weights:
        print(w)
        aim = pw.target(w.page)
        kinds[aim[0] if aim else "other"].append(w)
        if aim and w.total > aim[1]:
            over.append((w, aim[1]))
    print()
    print(f"{'kind':8} {'pages':>5} {'median KiB':>11} {'largest KiB':>12} {'gzipped':>8}  target")
    for kind in ("home", "rules", "lesson", "other"):
        ws = kinds.get(kind, [])
        if not ws:
            continue
        top = max(ws, key=lambda w: w.total)
        aims = {pw.target(w.page)[1] for w in ws if pw.target(w.page)}  # type: ignore[index]
        aim = " / ".join(f"{a / pw.KIB:,.0f} KiB" for a in sorted(aims)) or "-"
        print(
            f"{kind:8} {len(ws):5} {statistics.median(w.total for w in ws) / pw.KIB:11,.0f} "
            f"{top.total / pw.KIB:12,.0f} {top.packed / pw.KIB:8,.0f}  {aim}"
            f"   (largest: {top.page or '(home)'})"
        )
    print()
    if over:
        print(f"{len(over)} pages over their target:")
        for w, aim in over:
            print(f"  {w.page}: {w.total / pw.KIB:,.0f} KiB > {aim / pw.KIB:,.0f} KiB")
    else:
        print(f"every page within its target ({len(weights)} pages weighed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
