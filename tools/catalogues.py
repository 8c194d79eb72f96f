"""Gather every translatable string into the catalogue template (``make catalogues``).

Babel's own ``pybabel extract`` is used for the rest of the work (``update``,
``compile``); the gathering is done here because two of the sources need extraction
methods of their own, which a ``babel.cfg`` cannot name (its section names split at the
first colon, and a method is ``module:function``):

* the package's and the site hooks' Python: ``gettext`` (``_``), ``ngettext``,
  ``pgettext``, ``npgettext`` and ``N_`` calls;
* the teaching hands (``hasenpfeffer_core/analysis/hands/*.hand``): their title, point
  and notes (:func:`hasenpfeffer_core.analysis.teaching.extract_messages`);
* the English lessons' code cells (``lessons/*.ipynb``): what they pass to ``gettext``
  (``tools/notebook_messages.py``). The lessons' text is translated as whole notebooks
  in ``lessons/it`` and ``lessons/th``, which share the English code.

Usage: ``python tools/catalogues.py OUTPUT.pot``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # notebook_messages

#: (folder, file pattern relative to it, extraction method)
SOURCES = (
    ("hasenpfeffer_core", "**.py", "python"),
    (
        "hasenpfeffer_core",
        "analysis/hands/*.hand",
        "hasenpfeffer_core.analysis.teaching:extract_messages",
    ),
    ("docs_hooks", "**.py", "python"),
    ("lessons", "*.ipynb", "notebook_messages:extract"),
)
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "NP_": ((1, "c"), 2)}
COMMENT_TAGS = ("Translators:",)


def extract() -> Catalog:
    """The template: every message of every source, with its places and comments."""
    catalog = Catalog(project="hasenpfeffer", copyright_holder="The Hasenpfeffer project")
    for folder, pattern, method in SOURCES:
        for filename, line, message, comments, context in extract_from_dir(
            ROOT / folder,
            [(pattern, method)],
            keywords=KEYWORDS,
            comment_tags=COMMENT_TAGS,
            strip_comment_tags=True,
        ):
            catalog.add(
                message,
                None,
                [(f"{folder}/{filename}", line)],
                auto_comments=comments,
                context=context,
            )
    return catalog


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    catalog = extract()
    with open(argv[0], "wb") as f:
        write_po(f, catalog, width=0, sort_by_file=True, omit_header=True)
    print(f"{len(catalog)} messages in {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
