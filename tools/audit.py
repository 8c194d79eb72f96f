"""Accessibility audits with axe-core, offline: the site's pages and the lessons.

axe-core is Deque's accessibility rules engine; ``axe-playwright-python`` (PyPI, in the
``dev`` extra) bundles a copy of it and runs it in a Playwright page, so nothing is
fetched. Each page is audited once; each element a finding names is counted as the
project's own when it lies inside its markup (``ours``: a site page's article and the
footer's note; a lesson's Markdown and its widgets), else as the theme's or JupyterLab's.

The rules are axe's WCAG 2.0, 2.1 and 2.2 A and AA rules and its best practices. The
tests (``tests/browser/test_accessibility.py``) fail on a serious or critical finding
in our markup; run as a script, this prints the counts for the built site::

    python tools/audit.py path/to/built/site [--pages N]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

#: axe's rule sets used: WCAG 2.0/2.1/2.2 at levels A and AA, and its best practices.
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice")
#: The findings a test fails on.
FAILING = ("serious", "critical")
#: The project's own markup on a site page: the article (our Markdown, the hooks' tables,
#: quizzes and viewer) and the footer's translation note.
SITE_OURS = (".md-content", ".hp-translated-note")
#: The project's own markup in JupyterLab: the lessons' Markdown and the outputs (widgets).
LAB_OURS = (".jp-RenderedMarkdown", ".jp-OutputArea-output")


@dataclass(frozen=True)
class Finding:
    """One axe rule broken on one page, with the elements that break it."""

    where: str  #: the page
    rule: str  #: axe's rule id (``color-contrast``)
    impact: str  #: minor, moderate, serious, critical
    help: str  #: what the rule asks, in axe's words
    ours: bool  #: in the project's markup (else the theme's or JupyterLab's)
    targets: tuple[str, ...]  #: CSS selectors of the elements
    summary: str  #: axe's account of the first element

    def __str__(self) -> str:
        whose = "ours" if self.ours else "theirs"
        return (
            f"{self.where}: [{self.impact}, {whose}] {self.rule}: {self.help} "
            f"({len(self.targets)}: {', '.join(self.targets[:3])}) {self.summary}"
        )


@cache
def _axe() -> Any:
    """axe, its script read once (it is half a megabyte)."""
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


#: Which of axe's elements (CSS selectors) lie in the project's markup.
_OURS_JS = """([targets, ours]) => targets.map(sel => {
  let node = null;
  try { node = document.querySelector(sel); } catch (e) { return false; }
  return !!node && ours.some(o => node.closest(o) !== null);
})"""


#: axe's colour-contrast rule: most of a page's audit time (it measures every piece of
#: text), and a matter of the template and the scheme, not of the words on the page.
CONTRAST = "color-contrast"


def audit(page: Any, where: str, ours: tuple[str, ...], *, contrast: bool = True) -> list[Finding]:
    """axe's findings on the page as it stands, ours and theirs apart (one run of axe;
    each element it names is placed by whether it lies inside ``ours``). Without
    ``contrast``, every rule but :data:`CONTRAST` (for a page whose template and scheme
    are audited for contrast on another page)."""
    options: dict[str, Any] = {
        "runOnly": {"type": "tag", "values": list(TAGS)},
        "resultTypes": ["violations"],
    }
    if not contrast:
        options["rules"] = {CONTRAST: {"enabled": False}}
    result = _axe().run(page, options=options)
    found = []
    for v in result.response["violations"]:
        nodes = v.get("nodes", [])
        # (an element inside a frame or a shadow root is named by a list of selectors)
        targets = [
            " ".join(map(str, n.get("target", [])))
            if len(n.get("target", [])) == 1 and isinstance(n["target"][0], str)
            else ""
            for n in nodes
        ]
        mine = page.evaluate(_OURS_JS, [targets, list(ours)])
        for flag in (True, False):
            group = [(t, n) for t, n, m in zip(targets, nodes, mine, strict=True) if m is flag]
            if not group:
                continue
            summary = (group[0][1].get("failureSummary") or "").replace("\n", " ")
            found.append(
                Finding(
                    where,
                    v["id"],
                    v.get("impact") or "minor",
                    v.get("help", ""),
                    flag,
                    tuple(t for t, _n in group),
                    summary[:300],
                )
            )
    return found


def failing(findings: list[Finding]) -> list[Finding]:
    """The serious and critical findings in our markup."""
    return [f for f in findings if f.ours and f.impact in FAILING]


def counts(findings: list[Finding]) -> dict[str, Counter[str]]:
    """Findings counted by impact (one per rule and page), ours and theirs apart."""
    out: dict[str, Counter[str]] = {"ours": Counter(), "theirs": Counter()}
    for f in findings:
        out["ours" if f.ours else "theirs"][f.impact] += 1
    return out


def site_pages(site: Path) -> list[str]:
    """Every page of a built site (not the live copy's, which JupyterLite makes), as
    paths from its root: ``""``, ``rules/``, ``it/rules/``..."""
    pages = []
    for index in sorted(site.rglob("index.html")):
        rel = index.parent.relative_to(site).as_posix()
        if rel.split("/")[0] == "live":
            continue
        pages.append("" if rel == "." else rel + "/")
    return pages


def report(findings: list[Finding]) -> str:
    """The counts and every serious or critical finding, as text."""
    lines = []
    for whose, c in counts(findings).items():
        said = ", ".join(f"{k} {c[k]}" for k in ("critical", "serious", "moderate", "minor"))
        lines.append(f"{whose}: {said}")
    by_rule = Counter((f.rule, f.impact, f.ours) for f in findings)
    for (rule, impact, mine), n in by_rule.most_common():
        lines.append(f"  {rule} [{impact}, {'ours' if mine else 'theirs'}] on {n} page(s)")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description="axe-core audit of a built site, offline")
    parser.add_argument("site", type=Path, help="the built site's folder (mkdocs build)")
    parser.add_argument("--pages", type=int, default=0, help="audit only the first N pages")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--port", type=int, default=8799)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    from tqdm import tqdm

    pages = site_pages(args.site)
    if args.pages:
        pages = pages[: args.pages]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(args.port), "--bind", "127.0.0.1"],
        cwd=args.site,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    findings: list[Finding] = []
    try:
        time.sleep(1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
            for scheme in ("light", "dark"):
                page = browser.new_page(color_scheme=scheme)
                for path in tqdm(pages, desc=f"axe ({scheme})", unit="page"):
                    page.goto(f"http://127.0.0.1:{args.port}/{path}")
                    page.wait_for_load_state("load")
                    findings += audit(page, f"{path} ({scheme})", SITE_OURS)
                page.close()
            browser.close()
    finally:
        server.terminate()
    print(f"{len(pages)} pages, light and dark")
    print(report(findings))
    for f in failing(findings):
        print(f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
