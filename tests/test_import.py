"""``import hasenpfeffer_core`` pulls in neither Jupyter nor anything outside the standard library.

Each check runs in a fresh interpreter, so modules imported by the test run
itself (pytest, hypothesis, a teammate's widget tests) cannot hide a stray import.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

ENGINE_MODULES = [
    "cards",
    "seats",
    "rules",
    "tricks",
    "actions",
    "auction",
    "scoring",
    "state",
    "game",
    "record",
    "errors",
]

JUPYTER_PREFIXES = ("ipywidgets", "IPython", "jupyter", "traitlets", "comm", "ipykernel")

PROBE = textwrap.dedent(
    """
    import json, sys
    before = set(sys.modules)
    import {module}
    after = set(sys.modules)
    print(json.dumps({{"new": sorted(after - before), "all": sorted(after)}}))
    """
)


def imported_by(module: str) -> tuple[set[str], set[str]]:
    """The modules that ``import module`` adds in a fresh interpreter, and all loaded after."""
    result = subprocess.run(
        [sys.executable, "-c", PROBE.format(module=module)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    data = json.loads(result.stdout.strip().splitlines()[-1])
    return set(data["new"]), set(data["all"])


def top(name: str) -> str:
    return name.split(".")[0]


def is_jupyter(name: str) -> bool:
    return top(name).startswith(JUPYTER_PREFIXES)


def test_the_probe_sees_real_imports() -> None:
    new, _ = imported_by("xml.dom.minidom")
    assert {"xml", "xml.dom", "xml.dom.minidom"} <= new


def test_import_hasenpfeffer_core_imports_no_jupyter_or_widget_package() -> None:
    new, loaded = imported_by("hasenpfeffer_core")
    assert "hasenpfeffer_core" in new
    assert sorted(n for n in loaded if is_jupyter(n)) == []
    assert not any(top(n) == "hasenpfeffer_core" and ".widgets" in n for n in loaded)


ATTEMPTS = textwrap.dedent(
    """
    import json, sys

    class Watch:
        seen = []

        def find_spec(self, name, path=None, target=None):
            self.seen.append(name)
            return None

    watch = Watch()
    sys.meta_path.insert(0, watch)
    import hasenpfeffer_core
    from hasenpfeffer_core import *
    print(json.dumps(watch.seen))
    """
)


def test_import_does_not_even_try_jupyter_packages() -> None:
    """Jupyter is not installed in every environment: watch the attempts, not the result."""
    result = subprocess.run(
        [sys.executable, "-c", ATTEMPTS], capture_output=True, text=True, check=True, timeout=60
    )
    attempts = json.loads(result.stdout.strip().splitlines()[-1])
    assert "hasenpfeffer_core" in attempts
    assert [n for n in attempts if is_jupyter(n)] == []


def test_import_hasenpfeffer_core_imports_only_the_standard_library() -> None:
    new, _ = imported_by("hasenpfeffer_core")
    outside = sorted(
        n for n in new if top(n) not in sys.stdlib_module_names and top(n) != "hasenpfeffer_core"
    )
    assert outside == []


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_each_engine_module_imports_only_the_standard_library(name: str) -> None:
    new, loaded = imported_by(f"hasenpfeffer_core.engine.{name}")
    assert f"hasenpfeffer_core.engine.{name}" in new
    outside = sorted(
        n for n in new if top(n) not in sys.stdlib_module_names and top(n) != "hasenpfeffer_core"
    )
    assert outside == []
    assert sorted(n for n in loaded if is_jupyter(n)) == []


def test_the_package_depends_only_on_four_small_libraries() -> None:
    """The engine needs nothing; the learner's progress needs platformdirs (where),
    filelock (two writers at once) and fsrs (the schedule), and the puzzles glicko2 (the
    rating), all pure Python; importing the first three waits until the progress is
    used."""
    from importlib.metadata import requires

    required = [r for r in requires("hasenpfeffer-core") or [] if "extra ==" not in r]
    names = sorted(r.split(">")[0].split("<")[0].split("=")[0].strip() for r in required)
    assert names == ["filelock", "fsrs", "glicko2", "platformdirs"]
    new, _ = imported_by("hasenpfeffer_core.analysis.practice")
    assert sorted({top(n) for n in new} & {"filelock", "fsrs", "platformdirs"}) == []


def test_every_public_name_resolves() -> None:
    import hasenpfeffer_core

    for name in hasenpfeffer_core.__all__:
        assert hasattr(hasenpfeffer_core, name), name
    assert len(set(hasenpfeffer_core.__all__)) == len(hasenpfeffer_core.__all__)


def test_the_analysis_names_what_a_newcomer_needs_and_imports_it_when_used() -> None:
    """A play session, the computer players, the judge, the quiz, the progress store,
    spaced practice and puzzles are named by ``hasenpfeffer_core.analysis``, each the
    module's own object, and importing the package imports none of those modules."""
    import hasenpfeffer_core.analysis as analysis
    from hasenpfeffer_core.analysis import bots, progress, session

    assert analysis.PlaySession is session.PlaySession
    assert analysis.FairExpert is bots.FairExpert
    assert analysis.open_store is progress.open_store
    assert {"PlaySession", "FairExpert", "open_store"} <= set(dir(analysis))
    for name in analysis.__all__:
        assert getattr(analysis, name) is not None
    new, _ = imported_by("hasenpfeffer_core.analysis")
    assert sorted(n for n in new if n.endswith((".session", ".bots", ".progress"))) == []
