"""Helpers the real-browser tests share: skip-or-fail, module checks, a free port, a
static file server, JupyterLab's menus and its kernel's state."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def need(ok: bool, reason: str) -> None:
    """Skip with ``reason`` unless ``ok``; under CI a missing requirement is a failure."""
    if ok:
        return
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run under CI: {reason}", pytrace=False)
    pytest.skip(reason)


def can_import(name: str) -> bool:
    """Whether ``import name`` works."""
    try:
        __import__(name)
    except ImportError:
        return False
    return True


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def serve_folder(folder: Path, log: Path) -> Iterator[str]:
    """Serve ``folder`` with ``python -m http.server`` on 127.0.0.1; yield its URL."""
    port = free_port()
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
            cwd=folder,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(url, timeout=2) as r:
                    if r.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError(f"http.server did not start:\n{log.read_text()}") from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def button(scope: Any, text: str) -> Any:
    """The button in ``scope`` whose whole text is ``text`` (icons carry no text)."""
    return scope.locator("button").filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$"))


def menu(page: Any, *path: str) -> None:
    """Click through JupyterLab's menu bar: ``menu(page, "Run", "Run All Cells")``."""
    page.locator(".lm-MenuBar-itemLabel").filter(has_text=re.compile(rf"^{path[0]}$")).click()
    for label in path[1:]:
        item = page.locator(".lm-Menu:visible .lm-Menu-item").filter(
            has=page.locator(".lm-Menu-itemLabel").filter(
                has_text=re.compile(rf"^{re.escape(label)}$")
            )
        )
        item.first.click()


#: JupyterLab's open notebook has a kernel, connected and idle (for ``wait_for_function``).
KERNEL_READY = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const session = panel && panel.sessionContext && panel.sessionContext.session;
  const kernel = session && session.kernel;
  return !!kernel && kernel.connectionStatus === 'connected' && kernel.status === 'idle';
}"""


def open_notebook(page: Any, url: str, cells: int = 1) -> None:
    """Open the notebook at ``url`` in JupyterLab and wait until at least ``cells`` of its
    code cells are on the page and its kernel is connected and idle."""
    page.goto(url)
    page.wait_for_function(
        f"document.querySelectorAll('.jp-NotebookPanel .jp-CodeCell').length >= {cells}",
        timeout=60_000,
    )
    page.wait_for_function(KERNEL_READY, timeout=60_000)


def draw_saved_widgets(page: Any) -> int:
    """On a lesson page of the site: bring the first saved widget near the screen, which
    makes ``widgets-offline.js`` load the widget manager, wait until every saved widget
    is drawn, and go back to the top. Returns how many there are (0: none to draw)."""
    areas = page.locator(".hp-saved-widget")
    count: int = areas.count()
    if count:
        areas.first.scroll_into_view_if_needed()
        page.wait_for_function(
            "[...document.querySelectorAll('.hp-saved-widget')]"
            ".every(a => a.querySelector('.lm-Widget'))",
            timeout=60_000,
        )
        page.evaluate("window.scrollTo(0, 0)")
    return count
