"""Every module the live copy serves, compiled to bytecode at build time, in Pyodide itself.

Pyodide (run by Node.js) compiles each wheel and the standard library's zip, so the
bytecode is the browser's Python's and nothing is compiled in the browser: the standard
library's zip holds bytecode only, like Pyodide's own distribution, and each wheel gains
an unchecked-hash ``__pycache__`` beside its sources (tracebacks still show the source
lines). The build needs Node.js for it.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from docs_hooks.lite.cache import CACHE, log, run, sha256
from docs_hooks.lite.pyodide import pyodide_version

#: Compiles, in Pyodide, every wheel and zip in /in to /out (see ``compiled``). The
#: wheels named in KEEP keep their sources, with the bytecode in ``__pycache__``; in the
#: others, and in the standard library, bytecode replaces the sources, as in Pyodide's
#: own distribution. Every .pyc is unchecked-hash: it is used without reading a source.
_COMPILE_PY = r"""
import base64, hashlib, importlib.util, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

SITE = "/lib/python%d.%d/site-packages/" % sys.version_info[:2]
STDLIB = "/lib/python%d%d.zip/" % sys.version_info[:2]


def pyc(source, filename):
    try:
        code = compile(source, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))


def entry(info, name):
    out = zipfile.ZipInfo(name, info.date_time)
    out.compress_type = zipfile.ZIP_DEFLATED
    out.external_attr = info.external_attr
    return out


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_zip(src, dst, keep):
    wheel = src.endswith(".whl")
    prefix = SITE if wheel else STDLIB
    replaced, added, record = {}, [], None
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            name, data = info.filename, zin.read(info)
            if wheel and name.endswith(".dist-info/RECORD"):
                record = (info, data)
                continue
            code = None
            if name.endswith(".py") and ".data/" not in name and ".dist-info/" not in name:
                code = pyc(data, prefix + name)
            if code is None or keep:
                zout.writestr(entry(info, name), data)
            if code is None:
                continue
            target = importlib.util.cache_from_source(name) if keep else name + "c"
            zout.writestr(entry(info, target), code)
            if keep:
                added.append(record_line(target, code))
            else:
                replaced[name] = record_line(target, code)
        if record is not None:
            lines = []
            for line in record[1].decode("utf-8").splitlines():
                path = line.rsplit(",", 2)[0]
                lines.append(replaced.get(path, line))
            text = "\n".join([*lines, *added]) + "\n"
            zout.writestr(entry(record[0], record[0].filename), text.encode("utf-8"))


for name in sorted(os.listdir("/in")):
    compile_zip("/in/" + name, "/out/" + name, name in KEEP)
"""
_COMPILE_JS = """\
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dist, src, dst, script] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dist + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dist + "/" });
for (const [host, path] of [[src, "/in"], [dst, "/out"]]) {
  py.FS.mkdirTree(path);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: host }, path);
}
py.runPython(readFileSync(script, "utf8"));
"""


def compiled(files: list[Path], pyodide: Path, keep: tuple[Path, ...] = ()) -> dict[Path, Path]:
    """Each wheel (or the standard library's zip) with its modules compiled to bytecode.

    The wheels in ``keep`` keep their sources beside the bytecode (tracebacks show
    their lines); the others hold bytecode only. The compiling is done by Pyodide
    itself, run by Node.js, so the bytecode is the browser's Python's; results are
    cached by the input's hash, the way it was compiled and Pyodide's version.
    """
    cache = CACHE / "compiled" / pyodide_version()
    result = {
        f: cache / f"{sha256(f)[:24]}-{'src' if f in keep else 'pyc'}" / f.name for f in files
    }
    todo = [f for f, out in result.items() if not out.is_file()]
    if not todo:
        return result
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("the live copy needs Node.js to compile its Python modules")
    log.info("compiling %d wheels to bytecode in Pyodide", len(todo))
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        src, dst = Path(tmp) / "in", Path(tmp) / "out"
        src.mkdir()
        dst.mkdir()
        for f in todo:
            shutil.copyfile(f, src / f.name)
        (Path(tmp) / "compile.mjs").write_text(_COMPILE_JS, encoding="utf-8")
        kept = {f.name for f in todo if f in keep}
        script_py = f"KEEP = {sorted(kept)!r}\n{_COMPILE_PY}"
        (Path(tmp) / "compile.py").write_text(script_py, encoding="utf-8")
        script = [str(Path(tmp) / "compile.mjs"), str(pyodide), str(src), str(dst)]
        run([node, *script, str(Path(tmp) / "compile.py")])
        for f in todo:
            out = result[f]
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(dst / f.name, out)
    return result
