"""Where the live copy's build keeps what it downloads and makes, and the two helpers
every step of it uses (running a command, hashing a file).

Downloads, compiled wheels and the built copy are cached in the git-ignored
``build/lite-cache/`` (``HP_LITE_CACHE`` to put it elsewhere), so that a rebuild of the
docs only copies the folder.
"""

from __future__ import annotations

import hashlib
import logging
import os
import subprocess
from pathlib import Path

log = logging.getLogger("mkdocs.hooks.hasenpfeffer")

ROOT = Path(__file__).resolve().parent.parent.parent
CACHE = Path(os.environ.get("HP_LITE_CACHE", ROOT / "build" / "lite-cache"))


def run(cmd: list[str], cwd: Path | None = None) -> None:
    """Run ``cmd``; a failure raises ``RuntimeError`` with the end of its output."""
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
