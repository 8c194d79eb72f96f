"""A Griffe extension: the engine's reST-flavoured docstrings, read as Markdown.

The docstrings use ``double backquotes``, roles such as :func:`ranking`, doctest
examples and ``::`` literal blocks. For the API reference these become inline code,
``pycon`` code blocks and plain colons; the docstrings themselves stay as they are
(they are also doctests).
"""

from __future__ import annotations

import re
from typing import Any

from griffe import Extension

ROLE = re.compile(r":(?:py:)?(?:func|class|meth|attr|data|mod|exc|obj|const|type):`~?([^`]+)`")
DOUBLE = re.compile(r"``(.+?)``")


def _role(m: re.Match[str]) -> str:
    target = m.group(1)
    return f"`{target}`"


def markdownify(text: str) -> str:
    """The docstring ``text`` as Markdown (see the module docstring)."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i])
                i += 1
            if out and out[-1].strip():
                out.append("")
            out.append(indent + "```pycon")
            out.extend(indent + b for b in block)
            out.append(indent + "```")
            continue
        if stripped.endswith("::") and not stripped.startswith(":"):
            line = line[:-1] if stripped != "::" else ""
        line = ROLE.sub(_role, line)
        line = DOUBLE.sub(lambda m: f"`{m.group(1)}`", line)
        out.append(line)
        i += 1
    return "\n".join(out)


class ReSTRoles(Extension):
    """Rewrite every docstring as it is loaded."""

    def on_instance(self, *, obj: Any, **kwargs: Any) -> None:
        doc = getattr(obj, "docstring", None)
        if doc is not None and doc.value:
            doc.value = markdownify(doc.value)
