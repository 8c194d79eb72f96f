"""A Babel extraction method for Jupyter notebooks: the messages of the lessons' code.

The lessons' code cells show words a learner reads (chart titles, table headings,
captions), each wrapped in ``gettext("...")``; this method hands every code cell of a
notebook to Babel's own Python extractor, so those calls enter the catalogue like the
package's. Markdown cells are left alone: the lessons are translated as whole notebooks
(``lessons/it``, ``lessons/th``), whose code cells are the English ones.

A message's line number is ``cell * 1000 + line``: the cell's index in the notebook
(markdown cells counted, from 0) and the line within the cell (from 1), so
``04-bidding.ipynb:10012`` is line 12 of cell 10.

Use it with a mapping file whose ``[extractors]`` section names it (Babel reads a
section ``[a:b: pattern]`` as method ``a``, pattern ``b: pattern``, so the method's
dotted name cannot stand in the section's name)::

    # /tmp/nb.cfg
    [extractors]
    notebook = notebook_messages:extract

    [notebook: *.ipynb]

    PYTHONPATH=tools .venv/bin/pybabel extract -F /tmp/nb.cfg -k gettext \\
        -k ngettext:1,2 -o /tmp/tr/lessons.pot lessons

Babel's patterns match a path relative to the folder extracted and its ``*`` stops at
``/``, so ``*.ipynb`` names the English notebooks (``lessons/04-bidding.ipynb``) and
not the translated ones (``lessons/it/04-bidding.ipynb``), which hold the same code.

>>> import io, json
>>> nb = {"cells": [
...     {"cell_type": "markdown", "source": ["# A title\\n"]},
...     {"cell_type": "code", "source": ["x = 1\\n", 'show(figure(p, gettext("the widow")))']},
... ]}
>>> fileobj = io.BytesIO(json.dumps(nb).encode("utf-8"))
>>> list(extract(fileobj, {"gettext": None}, [], {}))
[(1002, 'gettext', 'the widow', [])]
"""

from __future__ import annotations

import io
import json
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from babel.messages.extract import extract_python

__all__ = ["LINES_PER_CELL", "extract"]

#: A message's line number is the cell's index times this, plus its line in the cell.
LINES_PER_CELL = 1000


def _python(source: str) -> str:
    """A cell's source as plain Python: IPython's magics and shell lines (``%time``,
    ``!ls``) become blank lines, so the line numbers stay the cell's."""
    lines = source.splitlines()
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in lines)


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, str | tuple[str | None, ...], list[str]]]:
    """Babel's extraction method for a notebook: ``(lineno, funcname, message, comments)``
    for every message in its code cells, as :func:`babel.messages.extract.extract_python`
    finds them (the same keywords, comment tags and options)."""
    notebook = json.loads(fileobj.read().decode("utf-8"))
    for index, cell in enumerate(notebook.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        text = source if isinstance(source, str) else "".join(source)
        code = io.BytesIO(_python(text).encode("utf-8"))
        python_options: Any = {**options, "encoding": "utf-8"}
        # (Babel's annotation of extract_python's tuples is not the tuples it yields)
        found: Iterator[Any] = extract_python(code, keywords, comment_tags, python_options)
        for lineno, funcname, message, comments in found:
            yield index * LINES_PER_CELL + lineno, funcname, message, comments
