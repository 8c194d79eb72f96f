"""A pytest plugin every run loads (``-p _home`` in pyproject.toml): the learner's
progress is kept in a folder of the test run's own, never in the real user data folder,
for this process and every process it starts (the command line, notebook kernels,
JupyterLab), and in English whatever the machine's locale says (the command line and
the lessons follow the locale; the tests that check that set it themselves). (A plugin rather than ``tests/conftest.py``: two ``conftest`` modules
outside packages, this one and ``tests/browser/conftest.py``, would clash.)"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

#: The home this process made, removed when its run ends (169 were left in /tmp).
_MADE: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    # (under pytest-xdist each worker process keeps a home of its own, so that two tests
    # running at once never share the learner's store)
    if not os.environ.get("HASENPFEFFER_TEST_HOME") or os.environ.get("PYTEST_XDIST_WORKER"):
        home = tempfile.mkdtemp(prefix="hasenpfeffer-test-home-")
        os.environ["HASENPFEFFER_TEST_HOME"] = home
        _MADE.append(home)
    os.environ["HASENPFEFFER_HOME"] = os.environ["HASENPFEFFER_TEST_HOME"]
    os.environ["HASENPFEFFER_LANG"] = "en"


def pytest_unconfigure(config: pytest.Config) -> None:
    for home in _MADE:
        shutil.rmtree(home, ignore_errors=True)
