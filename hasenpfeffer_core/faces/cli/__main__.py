"""``python -m hasenpfeffer_core.faces.cli``: the ``hasenpfeffer`` command."""

import sys

from . import main

if __name__ == "__main__":
    sys.exit(main())
