"""The built site, once per test run, for every test that reads it (a pytest plugin every
run loads: ``-p _site`` in pyproject.toml).

The site is built by ``mkdocs build --strict`` (the live copy of the lessons included)
into the run's own temporary folder. It is the suite's longest single step, so under
``pytest -n`` (``make test``) it does not wait for the first test that needs it:

* the controller starts the build as the run begins, when the run will need the site
  (the whole suite, or a module that reads the site), and it runs while the workers take
  the other tests;
* the tests that read the site are put at the end of the run's order, so a worker meets
  them as late as it can;
* a worker that needs the site before it is ready waits for the build's lock, then uses
  it, or fails with the build's error (without building again).

Without ``pytest -n`` the first test that needs the site builds it. ``HP_BUILT_SITE``
names a build to reuse while working on the tests (nothing is built then). Without
MkDocs the tests that need it skip, except under CI (the ``CI`` variable set), where they
fail.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from filelock import FileLock

ROOT = Path(__file__).resolve().parent.parent
#: The fixtures that hold the built site: a test that uses one is run last.
SITE_FIXTURES = frozenset({"site", "built_site", "site_url"})
#: The test modules that read the built site (a run naming one of them builds it early).
SITE_MODULES = (
    "test_links.py",
    "test_docs.py",
    "test_site_i18n.py",
    "browser/test_site.py",
    "browser/test_site_contrast.py",
    "browser/test_site_i18n_browser.py",
    "browser/test_accessibility_site.py",
    "browser/test_lite.py",
    "browser/test_progress_in_browser.py",
)
#: The longest a build may take.
TIMEOUT_S = 1500

_built: dict[str, Path] = {}
_early: dict[str, object] = {}


def need_installed(module: str, what: str) -> None:
    try:
        __import__(module)
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail(f"{what} is not installed under CI (pip install -e '.[dev,docs]')")
        pytest.skip(f"{what} is not installed (pip install -e '.[dev,docs]')")


def _folder(run: Path) -> Path:
    """Where the run's build goes (``run``: the run's temporary folder, the one above
    each worker's own)."""
    folder = run / "built-site"
    folder.mkdir(exist_ok=True)
    return folder


def _build(folder: Path) -> subprocess.Popen[str] | None:
    """Start ``mkdocs build --strict`` into ``folder/public`` unless it is built (or its
    build failed) already; the caller holds the folder's lock."""
    out, failed = folder / "public", folder / "failed.txt"
    if (out / "index.html").is_file() or failed.is_file():
        return None
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.pop("HP_SITE_URL", None)  # the published address, as Pages has it
    return subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _finish(proc: subprocess.Popen[str], folder: Path) -> None:
    """Wait for a build; write its error to ``failed.txt`` if it failed."""
    try:
        _, err = proc.communicate(timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
        err = f"{err}\n(stopped after {TIMEOUT_S} s)"
    if proc.returncode != 0:
        (folder / "failed.txt").write_text(
            (err or f"exit status {proc.returncode}")[-6000:], encoding="utf-8"
        )


def built_site(factory: pytest.TempPathFactory) -> Path:
    """The site built with ``mkdocs build --strict``, once per test run (see the module)."""
    need_installed("mkdocs", "MkDocs")
    need_installed("material", "mkdocs-material")
    given = os.environ.get("HP_BUILT_SITE")
    if given and "site" not in _built:
        _built["site"] = Path(given)
    if "site" not in _built:
        run = factory.getbasetemp()
        if os.environ.get("PYTEST_XDIST_WORKER"):
            run = run.parent
        folder = _folder(run)
        with FileLock(folder / "lock"):
            proc = _build(folder)
            if proc is not None:
                _finish(proc, folder)
        failed = folder / "failed.txt"
        if failed.is_file():
            pytest.fail(f"mkdocs build --strict failed:\n{failed.read_text(encoding='utf-8')}")
        _built["site"] = folder / "public"
    return _built["site"]


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site's folder."""
    return built_site(tmp_path_factory)


# --- the early build, under pytest -n -------------------------------------------------


def _needs_site(config: pytest.Config) -> bool:
    """Whether this run will read the built site: it runs the suite's folders, or names
    a module that reads the site, and picks no tests by name or mark."""
    if config.getoption("keyword", "") or config.getoption("markexpr", ""):
        return False
    tests = ROOT / "tests"
    for arg in config.args or [str(ROOT)]:
        path = Path(config.invocation_params.dir, arg.split("::")[0]).resolve()
        if path in (ROOT, tests, tests / "browser"):
            return True
        if any(path == tests / m for m in SITE_MODULES):
            return True
    return False


def pytest_sessionstart(session: pytest.Session) -> None:
    config = session.config
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        return  # a worker, or a run without workers: the first test that needs it builds it
    if os.environ.get("HP_BUILT_SITE") or not _needs_site(config):
        return
    if not all(importlib.util.find_spec(m) for m in ("mkdocs", "material")):
        return  # the tests say so
    # (the run's folder, which pytest-xdist gives each worker a folder inside)
    folder = _folder(config._tmp_path_factory.getbasetemp())  # type: ignore[attr-defined]
    lock = FileLock(folder / "lock", thread_local=False)
    lock.acquire()  # before any worker starts: a worker that needs the site waits for it
    proc = _build(folder)
    if proc is None:
        lock.release()
        return

    def wait() -> None:
        try:
            _finish(proc, folder)
        finally:
            lock.release()

    thread = threading.Thread(target=wait, name="site build", daemon=True)
    thread.start()
    _early.update(proc=proc, thread=thread)


def pytest_sessionfinish(session: pytest.Session) -> None:
    proc, thread = _early.get("proc"), _early.get("thread")
    if isinstance(proc, subprocess.Popen) and proc.poll() is None:
        proc.terminate()  # the run ended before the build did (stopped, or failed early)
    if isinstance(thread, threading.Thread):
        thread.join(timeout=30)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests that read the built site go last (in their order), so that the build
    runs while the workers take the others."""
    items.sort(key=lambda item: bool(SITE_FIXTURES & set(getattr(item, "fixturenames", ()))))
