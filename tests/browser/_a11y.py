"""What the accessibility tests share: axe (``tools/audit.py``), the reports they write
to ``build/a11y/``, and moving the focus with the keyboard."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from _browser import can_import, need

ROOT = Path(__file__).resolve().parent.parent.parent
REPORTS = ROOT / "build" / "a11y"
sys.path.insert(0, str(ROOT / "tools"))
import audit  # noqa: E402  (tools/ is not a package)

__all__ = ["audit", "axe_ready", "focused", "report", "tab_to"]


@pytest.fixture(scope="module")
def axe_ready() -> None:
    need(can_import("axe_playwright_python"), "axe is not installed (pip install -e '.[dev]')")


def report(name: str, findings: list[audit.Finding]) -> None:
    REPORTS.mkdir(parents=True, exist_ok=True)
    (REPORTS / f"{name}.txt").write_text(
        audit.report(findings) + "\n\n" + "\n".join(map(str, findings)) + "\n", encoding="utf-8"
    )


def tab_to(page: Any, test: str, limit: int = 80) -> None:
    """Press Tab until the focused element passes ``test`` (a JS predicate on it)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"(el => {test})(document.activeElement)"):
            return
    raise AssertionError(f"{limit} presses of Tab never reached {test}")


def focused(page: Any, test: str) -> bool:
    return bool(page.evaluate(f"(el => {test})(document.activeElement)"))
