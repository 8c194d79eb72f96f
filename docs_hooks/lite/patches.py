"""The two changes the live copy makes to the Pyodide kernel's own wheels, and why.

The live copy serves the kernel extension's wheels (``jupyterlite-pyodide-kernel``
0.8.6: ``pyodide_kernel-0.8.6`` and ``piplite-0.8.6``, in its ``static/pypi``) from its
own lock file, and rewrites three of their files (:data:`KERNEL_PATCHES`). Each rewrite
checks that the text it changes is still there and stops the build if not
("...changed; review the patch"), so a new kernel version cannot be patched blindly.

**None sent as null** (``pyodide_kernel/comm.py``). The kernel's ``Comm.publish_msg``
hands the message to JavaScript, whose ``formatResult`` converts it with Pyodide's
``toJs()``: Python's ``None`` becomes ``undefined``, and a key whose value is
``undefined`` is dropped from the message. ipywidgets removes a style by setting it back
to ``None`` (an answered quiz button's card face over its right-or-wrong colour): without
the patch that change never reaches the page, and the button keeps its old look. The
patched ``publish_msg`` sends ``None`` as ``pyodide.ffi.jsnull``, as Jupyter's JSON does.
No setting does this: the kernel's settings (``kernel.v0.schema.json``: ``pyodideUrl``,
``disablePyPIFallback``, ``pipliteUrls``, ``loadPyodideOptions``) say nothing of the
conversion, ``formatResult`` calls ``toJs()`` with no options, and Pyodide's
``loadPyodide`` options convert the other way only (``convertNullToNone``: JavaScript's
``null`` to Python).

**The browser's drive out of the imports' way while the kernel starts**
(``piplite/__init__.py``, ``pyodide_kernel/__init__.py``). Imports look in the current
folder first (``""`` heads ``sys.path``), and an import that finds nothing (the many
optional ones: "try: import numpy") asks there too. The kernel's current folder is the
browser's drive (the kernel moves to ``/drive`` as it mounts it), where every look is a
round trip to the service worker: about 1.5 s of a live lesson's start went there.
piplite is the first package the kernel imports once the drive is its current folder:
its patch takes ``""`` out of ``sys.path``; the kernel's patch puts it back, last, once
the kernel has started, so a learner's own module beside a notebook still imports. No
setting does this: ``""`` is put there by Pyodide's own start-up, not by Python's
configuration, so ``loadPyodideOptions`` cannot keep it out (with ``env:
{"PYTHONSAFEPATH": "1"}``, or ``args: ["-P"]``, Pyodide 314.0.6 sets
``sys.flags.safe_path`` and still starts with ``sys.path[0] == ""``), and it would take
it out for good, not only while the kernel starts.

A patched wheel is cached under a hash of the original and of the patches' texts.
"""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path
from typing import Any

from docs_hooks.lite.cache import CACHE
from docs_hooks.lite.wheels import kernel_wheel

#: What the kernel's comm module says before sending, and what the live copy's says.
#: Pyodide turns Python's None into JavaScript's undefined, which a message drops: a
#: widget property set back to None (ipywidgets' way to remove a colour the button was
#: given) never reached the page, so an answered quiz button kept its card face over
#: the right-or-wrong colour. The patched kernel sends None as null, as Jupyter does.
_COMM_SEND = "        get_ipython().send_comm(\n            msg_type,\n            content,"
_COMM_SEND_NULL = (
    "        get_ipython().send_comm(\n            msg_type,\n            _with_nulls(content),"
)
_COMM_NULLS = """

def _with_nulls(value):
    # Added by the live copy's build: None is sent as null (Pyodide's default is undefined).
    from pyodide.ffi import jsnull

    if value is None:
        return jsnull
    if isinstance(value, dict):
        return {key: _with_nulls(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_with_nulls(item) for item in value]
    return value
"""


#: Imports look in the current folder first ("" heads ``sys.path``), and an import that
#: finds nothing (the many optional ones: "try: import numpy") asks there too. The
#: kernel's current folder is the browser's drive, where every look is a round trip
#: to the service worker: about 1.5 s of the live lesson's start went there. piplite is
#: the first package the kernel imports once the drive is its current folder: its patch
#: takes the current folder out of ``sys.path``; the kernel's patch puts it back, last,
#: once the kernel has started.
_PIPLITE_PATH_OUT = """import sys as _hp_sys

# Patched by the Hasenpfeffer live copy's build: while the kernel starts, imports do
# not look in the current folder (the browser's drive, slow to ask); pyodide_kernel
# puts it back, after the installed packages, once it has started.
if "" in _hp_sys.path:
    _hp_sys._hp_cwd_on_path = True
    while "" in _hp_sys.path:
        _hp_sys.path.remove("")
del _hp_sys

"""
_INIT_IMPORT = "\nimport sys\n"
_INIT_PATH_OUT = """
# Patched by the Hasenpfeffer live copy's build: while the kernel starts, imports do
# not look in the current folder (the browser's drive, slow to ask); afterwards they
# look there last, after the installed packages. (piplite, imported first, may have
# taken it out already.)
_hp_cwd_on_path = "" in sys.path or getattr(sys, "_hp_cwd_on_path", False)
while "" in sys.path:
    sys.path.remove("")
"""
_INIT_PATH_BACK = """
# Patched by the Hasenpfeffer live copy's build (see the top of the file).
while "" in sys.path:
    sys.path.remove("")
if _hp_cwd_on_path:
    sys.path.append("")
"""


def _patch_comm(text: str) -> str:
    if _COMM_SEND not in text:
        raise RuntimeError("pyodide_kernel's comm.py changed; review the patch")
    return text.replace(_COMM_SEND, _COMM_SEND_NULL) + _COMM_NULLS


def _patch_init(text: str) -> str:
    if _INIT_IMPORT not in text or "ipython_shell_app.initialize()" not in text:
        raise RuntimeError("pyodide_kernel's __init__.py changed; review the patch")
    return text.replace(_INIT_IMPORT, _INIT_IMPORT + _INIT_PATH_OUT, 1) + _INIT_PATH_BACK


def _patch_piplite(text: str) -> str:
    if "from .piplite import install" not in text:
        raise RuntimeError("piplite's __init__.py changed; review the patch")
    return _PIPLITE_PATH_OUT + text


#: The kernel's wheels the live copy changes: for each, its files and how.
KERNEL_PATCHES: dict[str, dict[str, Any]] = {
    "pyodide_kernel": {
        "pyodide_kernel/comm.py": _patch_comm,
        "pyodide_kernel/__init__.py": _patch_init,
    },
    "piplite": {"piplite/__init__.py": _patch_piplite},
}
#: What the patches are (a patched wheel is rebuilt when they change).
_PATCH_TEXTS = (_PIPLITE_PATH_OUT, _INIT_PATH_OUT, _INIT_PATH_BACK, _COMM_SEND_NULL, _COMM_NULLS)


def patched_kernel_wheel(stem: str = "pyodide_kernel") -> Path:
    """One of the kernel's wheels, patched (see ``KERNEL_PATCHES``): pyodide_kernel's
    comm messages send None as null; piplite and pyodide_kernel keep the kernel's start
    from looking for modules in the browser's drive."""
    patches = KERNEL_PATCHES[stem]
    wheel = kernel_wheel(stem)
    key = hashlib.sha256(wheel.read_bytes())
    for part in _PATCH_TEXTS:
        key.update(part.encode())
    dest = CACHE / "patched" / key.hexdigest()[:24] / wheel.name
    if dest.is_file():
        return dest
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_suffix(".tmp")
    with zipfile.ZipFile(wheel) as zin, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename in patches:
                data = patches[info.filename](data.decode("utf-8")).encode()
            elif info.filename.endswith(".dist-info/RECORD"):
                # the patched files' hashes no longer match: leave them unhashed
                lines = data.decode("utf-8").splitlines()
                data = "".join(
                    (f"{ln.split(',', 1)[0]},,\n" if ln.split(",", 1)[0] in patches else ln + "\n")
                    for ln in lines
                ).encode()
            zout.writestr(info, data)
    tmp.replace(dest)
    return dest
