"""The Thai webfont the site serves itself: Noto Sans Thai, from the npm package
``@fontsource/noto-sans-thai``, fetched with npm the way the live copy fetches Pyodide
(``docs_hooks.lite.pyodide``) and cached in the git-ignored ``build/font-cache/``.

Only the ``thai`` subset of the weights the site uses (400 and 700) is served, as
``assets/fonts/*.woff2`` with the font's licence beside it; ``assets/site.css`` declares
them with ``@font-face`` and a ``unicode-range`` of the Thai block, so a browser fetches
them only for a page with Thai text on it, and Thai reads the same on a machine without
a Thai font of its own. Nothing comes from a third-party host, at build time (npm is the
project's registry) or in the browser.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

log = logging.getLogger("mkdocs.hooks.hasenpfeffer")

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("HP_FONT_CACHE", ROOT / "build" / "font-cache"))
PACKAGE = "@fontsource/noto-sans-thai"
VERSION = "5.3.0"
WEIGHTS = (400, 700)
#: Where the files go in the site (``assets/site.css`` names them from ``assets/``).
SITE_DIR = "assets/fonts"
LICENCE = "noto-sans-thai-OFL.txt"


def font_files() -> list[str]:
    """The names of the served font files."""
    return [f"noto-sans-thai-thai-{w}-normal.woff2" for w in WEIGHTS]


def fetch() -> Path:
    """The folder holding the served files (the fonts and their licence), fetched once."""
    dest = CACHE / f"noto-sans-thai-{VERSION}"
    wanted = [*font_files(), LICENCE]
    if all((dest / name).is_file() for name in wanted):
        return dest
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError(f"the Thai webfont needs npm to fetch `{PACKAGE}`")
    CACHE.mkdir(parents=True, exist_ok=True)
    tgz = CACHE / f"fontsource-noto-sans-thai-{VERSION}.tgz"
    if not tgz.is_file():
        log.info("fetching %s@%s from npm", PACKAGE, VERSION)
        proc = subprocess.run(
            [npm, "pack", f"{PACKAGE}@{VERSION}", "--pack-destination", str(CACHE)],
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0 or not tgz.is_file():
            raise RuntimeError(f"npm pack {PACKAGE}@{VERSION} failed:\n{proc.stderr[-3000:]}")
    tmp = Path(tempfile.mkdtemp(dir=CACHE))
    try:
        members = {f"package/files/{name}": name for name in font_files()}
        members["package/LICENSE"] = LICENCE
        with tarfile.open(tgz) as tar:
            for member, name in members.items():
                src = tar.extractfile(member)
                if src is None:
                    raise RuntimeError(f"{tgz.name} has no {member}")
                (tmp / name).write_bytes(src.read())
        shutil.rmtree(dest, ignore_errors=True)
        tmp.rename(dest)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return dest
