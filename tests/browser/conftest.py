"""Real-browser fixtures: JupyterLab on a free local port, driven by Debian's Chromium,
and the live copy of the lessons (JupyterLite), built once and served on 127.0.0.1.

The server runs with temporary Jupyter config, data and runtime folders, and a progress
store of its own (``$HASENPFEFFER_HOME`` for its kernels: ``Lab.progress_home``), so a
test neither reads nor writes the user's settings or progress; the test notebooks are
copied into a temporary root folder. The browser is always ``/usr/bin/chromium`` (never
a downloaded one). Without it, or without Playwright or JupyterLab (JupyterLite for the
live copy), the tests skip with the reason, except under CI (the ``CI`` variable set),
where they fail.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from _browser import can_import, free_port, need, serve_folder

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
CHROMIUM = Path(os.environ.get("HP_CHROMIUM", "/usr/bin/chromium"))
#: Where the screenshots go (``build/`` is git-ignored).
SCREENSHOTS = Path(os.environ.get("HP_SCREENSHOTS", ROOT / "build" / "screenshots"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
TOKEN = "hasenpfeffer-browser-test"
#: Lessons the JupyterLab tests open from the repository (at the same path under the root).
ITALIAN_LESSONS = ("lessons/it/03-who-wins-the-trick.ipynb",)
LOCAL_HOSTS = {"127.0.0.1"}

#: Lab settings for the test server: no news or update checks (no request leaves the
#: machine, no pop-up over the screenshots), and every cell kept in the page.
USER_SETTINGS: dict[str, dict[str, Any]] = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
        "windowingMode": "none",
        "autoStartDefaultKernel": True,
    },
    "@jupyterlab/apputils-extension/themes.jupyterlab-settings": {
        "theme": "JupyterLab Light",
        "adaptive-theme": False,
    },
}

SERVER_CONFIG = {
    "LabApp": {
        "news_url": None,
        "extension_manager": "readonly",  # no PyPI look-ups for extensions
        "expose_app_in_browser": True,  # lets the test see when the kernel is ready
        "check_for_updates_class": "jupyterlab.handlers.announcements.NeverCheckForUpdate",
    }
}


@dataclass
class Lab:
    """A running JupyterLab: its base URL, token, root folder, log file, and the folder
    of the learner's progress store its kernels use."""

    url: str
    token: str
    root: Path
    log: Path
    progress_home: Path

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?reset&token={self.token}"

    def log_tail(self, n: int = 40) -> str:
        lines = self.log.read_text(errors="replace").splitlines()
        return "\n".join(lines[-n:])


def _wait_ready(lab: Lab, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    status = f"{lab.url}/api/status?token={lab.token}"
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"jupyter lab exited with {proc.returncode}:\n{lab.log_tail()}")
        try:
            with urllib.request.urlopen(status, timeout=2) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.25)
    raise RuntimeError(f"jupyter lab was not ready within {timeout:.0f} s:\n{lab.log_tail()}")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is not None:
        return
    proc.terminate()  # jupyter shuts its kernels down on SIGTERM
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


@pytest.fixture(scope="session")
def requirements() -> None:
    """Skip (or, under CI, fail) unless Chromium, Playwright and JupyterLab are here."""
    need(
        CHROMIUM.exists(),
        f"{CHROMIUM} is missing: install it with `apt-get install -y chromium fonts-thai-tlwg`",
    )
    for module, what in (
        ("playwright", "Playwright"),
        ("jupyterlab", "JupyterLab"),
        ("ipywidgets", "ipywidgets"),
    ):
        need(can_import(module), f"{what} is not installed (pip install -e '.[dev]')")


@pytest.fixture(scope="session")
def lab(requirements: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """JupyterLab serving a temporary folder holding the test notebooks."""
    base = tmp_path_factory.mktemp("lab")
    names = ("root", "config", "data", "runtime", "progress")
    root, config, data, runtime, progress = (base / n for n in names)
    for d in (root, config, data, runtime, progress):
        d.mkdir()
    for nb in HERE.glob("*.ipynb"):
        shutil.copy(nb, root / nb.name)
    # An Italian lesson where the learner keeps it, so that it speaks its folder's language.
    for rel in ITALIAN_LESSONS:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, root / rel)
    # The English lessons too, for the audit and the keyboard tests (test_accessibility_lab.py).
    for nb in (ROOT / "lessons").glob("*.ipynb"):
        shutil.copy(nb, root / "lessons" / nb.name)
    # No announcements feed and no update check: the server itself asks nobody outside.
    (config / "jupyter_server_config.json").write_text(json.dumps(SERVER_CONFIG))
    settings = config / "lab" / "user-settings"
    for rel, value in USER_SETTINGS.items():
        path = settings / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(config),
        JUPYTER_DATA_DIR=str(data),
        JUPYTER_RUNTIME_DIR=str(runtime),
        JUPYTERLAB_SETTINGS_DIR=str(settings),
        JUPYTERLAB_WORKSPACES_DIR=str(base / "workspaces"),
        IPYTHONDIR=str(base / "ipython"),
        PYTHONUNBUFFERED="1",
        # the kernels' answers go to this server's own progress store
        HASENPFEFFER_HOME=str(progress),
    )
    port = free_port()
    log = base / "jupyter.log"
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        f"--IdentityProvider.token={TOKEN}",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--ip=127.0.0.1",
        "--allow-root",
        f"--ServerApp.root_dir={root}",
    ]
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT)
    lab = Lab(
        url=f"http://127.0.0.1:{port}", token=TOKEN, root=root, log=log, progress_home=progress
    )
    try:
        _wait_ready(lab, proc)
        yield lab
    finally:
        _stop(proc)


@dataclass
class Traffic:
    """Every request the page made, those that went anywhere but this machine, and the
    errors the page reported (its console's, and any uncaught exception)."""

    urls: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def record(self, url: str) -> None:
        self.urls.append(url)
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about", "chrome", "chrome-extension"):
            return
        if parts.hostname not in LOCAL_HOSTS:
            self.outside.append(url)


@pytest.fixture(scope="module")
def browser(requirements: None, chromium: Any) -> Any:
    """Debian's Chromium for the JupyterLab tests: the ``chromium`` fixture's, once
    JupyterLab and the widgets are known to be installed."""
    return chromium


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """The screenshot folder (files are overwritten, never cleared: runs may overlap)."""
    for theme in ("light", "dark"):
        (SCREENSHOTS / theme).mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture(scope="module")
def watched_page(browser: Any) -> Iterator[tuple[Any, Traffic]]:
    """A fresh page, and the record of its every request and websocket."""
    traffic = Traffic()
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.on("request", lambda r: traffic.record(r.url))
    page.on("websocket", lambda ws: traffic.record(ws.url))
    page.on(
        "console",
        lambda m: traffic.errors.append(f"console: {m.text}") if m.type == "error" else None,
    )
    page.on("pageerror", lambda e: traffic.errors.append(f"uncaught: {e}"))
    page.set_default_timeout(30_000)
    try:
        yield page, traffic
    finally:
        context.close()


@pytest.fixture(scope="session")
def live_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site, whose ``live/`` holds the live copy of the lessons: the copy the
    site publishes (``mkdocs build`` makes it with ``docs_hooks/lite/``), not a
    second build of its own."""
    need(CHROMIUM.exists(), f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    need(can_import("playwright"), "Playwright is not installed (pip install -e '.[dev]')")
    need(
        can_import("jupyterlite_core") and can_import("jupyterlite_pyodide_kernel"),
        "JupyterLite is not installed (pip install -e '.[docs]')",
    )
    need(
        can_import("mkdocs") and can_import("material"),
        "MkDocs is not installed (pip install -e '.[docs]')",
    )
    from _site import built_site as build

    return build(tmp_path_factory)


@pytest.fixture(scope="session")
def base_url(live_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site served by ``python -m http.server`` on 127.0.0.1 at the path it
    is built for (``site_url`` in mkdocs.yml, as Pages serves it): the live copy's links
    to the site's pages lead where they would on the published site."""
    from test_links import PAGES_URL

    path = urlsplit(PAGES_URL).path.strip("/")
    top = tmp_path_factory.mktemp("pages-root")
    (top / path).parent.mkdir(parents=True, exist_ok=True)
    (top / path).symlink_to(live_root, target_is_directory=True)
    with serve_folder(top, tmp_path_factory.mktemp("lite-server") / "http.log") as url:
        yield f"{url}{path}/"


# --- the built site and a browser for it (the site's tests share them) --------------


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built by ``mkdocs build --strict``: once per test run, shared with
    ``tests/test_links.py`` and ``tests/test_docs.py``."""
    need(
        can_import("mkdocs") and can_import("material"),
        "MkDocs is not installed (pip install -e '.[docs]')",
    )
    from _site import built_site as build

    return build(tmp_path_factory)


@pytest.fixture(scope="module")
def site_url(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site served by ``python -m http.server`` on 127.0.0.1."""
    with serve_folder(built_site, tmp_path_factory.mktemp("server") / "http.log") as url:
        yield url


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Debian's Chromium, launched by Playwright (never a downloaded browser).

    One per test module, closed at its end: Playwright's sync API runs one instance at a
    time, so a module's tests share this one (``browser`` is the same)."""
    need(
        CHROMIUM.exists(),
        f"{CHROMIUM} is missing: install it with `apt-get install -y chromium fonts-thai-tlwg`",
    )
    need(can_import("playwright"), "Playwright is not installed (pip install playwright)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()
