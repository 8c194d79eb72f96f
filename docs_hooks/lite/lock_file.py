"""The live copy's ``pyodide-lock.json``: Pyodide's own, with every wheel the lessons
need added to it, so that Pyodide loads them all as it starts.

The kernel's own needs (micropip, IPython and what they depend on) are served at the
exact versions of Pyodide's lock file, downloaded from PyPI; the wheels Pyodide's lock
file lacks (:func:`served_wheels`: the kernel's, the widgets', the progress store's, the
stand-in for jedi and the project's) are added with entries made from their metadata,
and so is every dependency of theirs that Pyodide's lock file has. Each entry's sha256
is the served file's, and every served file is compiled to bytecode (``bytecode``).
"""

from __future__ import annotations

import email.parser
import json
import re
import shutil
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Any

from docs_hooks.lite.bytecode import compiled
from docs_hooks.lite.cache import sha256
from docs_hooks.lite.patches import KERNEL_PATCHES, patched_kernel_wheel
from docs_hooks.lite.pyodide import pyodide_python
from docs_hooks.lite.wheels import (
    JEDI_STAND_IN,
    KERNEL_WHEELS,
    STORE_WHEELS,
    WIDGET_WHEELS,
    kernel_wheel,
    project_wheel,
    pypi_wheel,
    stand_in_wheel,
)

#: Packages of Pyodide's lock file served from PyPI (with everything they depend on).
KERNEL_NEEDS = ("micropip", "packaging", "ipython", "tqdm")
#: The packages Pyodide loads as it starts (their dependencies come along): what the
#: kernel itself would otherwise install with piplite, and what the lessons import.
PRELOAD = (
    "micropip",
    "piplite",
    "ipykernel",
    "comm",
    "pyodide-kernel",
    "ipython",
    "jedi",
    "ipywidgets",
    "tqdm",
    "hasenpfeffer-core",
)
#: Pyodide's platform, for the environment markers of the wheels' dependencies.
_MARKERS = {
    "os_name": "posix",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _closure(packages: dict[str, Any], names: tuple[str, ...]) -> list[str]:
    seen: list[str] = []
    todo = list(names)
    while todo:
        name = canonical(todo.pop())
        if name in seen:
            continue
        if name not in packages:
            raise RuntimeError(f"pyodide-lock.json has no package {name!r}")
        seen.append(name)
        todo += packages[name].get("depends", [])
    return sorted(seen)


def _lock_entry(wheel: Path, python: str) -> dict[str, Any]:
    """The pyodide-lock.json entry of a pure-Python wheel, from its metadata."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(z.read(info).decode("utf-8"))
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        imports = z.read(top).decode().split() if top else []
    if not imports:
        imports = sorted(
            {n.split("/")[0].removesuffix(".py") for n in names if n.endswith(".py")}
            - {n.split("/")[0] for n in names if ".dist-info/" in n or ".data/" in n}
        )
    env = dict(_MARKERS, python_version=python, python_full_version=f"{python}.0")
    depends = []
    for line in meta.get_all("Requires-Dist") or []:
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate(env):
            depends.append(canonical(req.name))
    return {
        "name": meta["Name"],
        "version": meta["Version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": sorted(set(depends)),
        "unvendored_tests": False,
    }


def served_wheels() -> list[Path]:
    """The wheels the lock file gains: the kernel's own (its comm patched), the widgets',
    the progress store's, the stand-in for jedi and the project's (always last)."""
    python = pyodide_python()
    wheels = [
        patched_kernel_wheel(stem) if stem in KERNEL_PATCHES else kernel_wheel(stem)
        for stem in KERNEL_WHEELS
    ]
    wheels += [
        pypi_wheel(name, metadata.version(name), python) for name in (*WIDGET_WHEELS, *STORE_WHEELS)
    ]
    return [*wheels, stand_in_wheel(*JEDI_STAND_IN), project_wheel()]


def kernel_files(pyodide: Path, out: Path) -> None:
    """Pyodide, every wheel the live copy loads, compiled, and a lock file listing them."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    python = ".".join(lock["info"]["python"].split(".")[:2])
    packages: dict[str, Any] = lock["packages"]
    extra = served_wheels()
    # what the served wheels depend on that Pyodide's lock file has (the project's
    # platformdirs and fsrs's typing-extensions): served at the lock file's versions
    entries = [_lock_entry(wheel, python) for wheel in extra]
    ours = {canonical(e["name"]) for e in entries}
    needed = {d for e in entries for d in e["depends"] if d in packages and d not in ours}
    from_lock = {
        name: pypi_wheel(packages[name]["name"], packages[name]["version"], python)
        for name in _closure(packages, (*KERNEL_NEEDS, *sorted(needed)))
    }
    inputs = [pyodide / "python_stdlib.zip", *from_lock.values(), *extra]
    # the project's own modules keep their sources: a learner's tracebacks show them
    built = compiled(inputs, pyodide, keep=(extra[-1],))
    out.mkdir(parents=True)
    for f in pyodide.iterdir():
        shutil.copyfile(built.get(f, f), out / f.name)
    for name, wheel in from_lock.items():
        shutil.copyfile(built[wheel], out / wheel.name)
        packages[name]["file_name"] = wheel.name
        packages[name]["sha256"] = sha256(out / wheel.name)
    for wheel in extra:
        shutil.copyfile(built[wheel], out / wheel.name)
        entry = _lock_entry(out / wheel.name, python)
        packages[canonical(entry["name"])] = entry
    missing = {canonical(d) for p in packages.values() for d in p["depends"]} - set(packages)
    unknown = {canonical(n) for n in PRELOAD} - set(packages)
    if missing or unknown:
        raise RuntimeError(f"pyodide-lock.json lacks {sorted(missing | unknown)}")
    (out / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
