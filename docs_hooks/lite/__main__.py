"""``python -m docs_hooks.lite [OUT]``: build the live copy alone (into ``build/live/``
unless told where)."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from docs_hooks.lite.build import build, size_bytes
from docs_hooks.lite.cache import ROOT

if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "live"
    build(target)
    print(f"live copy at {target}: {size_bytes(target) / 1e6:.1f} MB")
