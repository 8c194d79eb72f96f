"""Text from files, made safe for a page: HTML, Markdown and the JSON the page scripts read.

Everything a contributor writes in a file (a hand's title and notes, a notebook's
heading, a translator's notes) is text, not markup. In generated HTML it is escaped
with ``esc``; in generated Markdown with ``md_text``, which also keeps Markdown from
reading it as emphasis, links or attributes (the attr_list extension would turn a
trailing ``{: onclick=...}`` into an attribute).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from typing import Any

from hasenpfeffer_core.faces.text import visible

#: Characters Markdown (with this site's extensions) gives a meaning to, as entities.
_MD_SPECIAL = {ord(c): f"&#{ord(c)};" for c in "\\`*_[]{}|!#~:<>&\"'"}
#: What ``md_inline`` turns into entities besides ``<``, ``>`` and ``&``: no link, image
#: or attribute can start, and no backslash can hide a backtick from the code spans.
_MD_NO_LINKS = {ord(c): f"&#{ord(c)};" for c in "\\[]{}"}
#: A run of backticks: a code span opens with a run and closes with the next run of
#: the same length (CommonMark's rule); a run with no partner is literal backticks.
_TICKS = re.compile(r"`+")


def esc(text: str, quote: bool = True) -> str:
    """``text`` for a page's HTML: escaped, with every control, bidi or zero-width
    character shown as its escape (as the command line and the widgets show them)."""
    return html.escape(visible(text, newlines=True), quote=quote)


def _one_line(text: str) -> str:
    return " ".join(visible(text).split())


def md_text(text: str) -> str:
    """``text`` as literal Markdown on one line: every special character an HTML entity.

    >>> md_text('<b>*bold*</b> & {: onclick="x"}')
    '&#60;b&#62;&#42;bold&#42;&#60;/b&#62; &#38; &#123;&#58; onclick=&#34;x&#34;&#125;'
    """
    return _one_line(text).translate(_MD_SPECIAL)


def _code_spans(text: str) -> list[tuple[int, int, int]]:
    """The code spans of one line as CommonMark finds them: (start, end, ticks) for
    each, the backtick runs included. Linear in the line's length."""
    runs = [(m.start(), m.end()) for m in _TICKS.finditer(text)]
    spans: list[tuple[int, int, int]] = []
    i = 0
    while i < len(runs):
        start, end = runs[i]
        n = end - start
        for j in range(i + 1, len(runs)):
            if runs[j][1] - runs[j][0] == n:
                spans.append((start, runs[j][1], n))
                i = j
                break
        i += 1
    return spans


def md_inline(text: str) -> str:
    """A line of a contributor's Markdown with its emphasis and code spans kept, and
    nothing else: no raw HTML, no link or image, no attribute. Code spans are found as
    Markdown finds them and written out here as ``<code>``, their text escaped, so
    nothing in a file reaches the page unescaped, however its backticks fall.

    >>> md_inline('The **Joker** <img src=x> [a](javascript:x) `a<b`')
    'The **Joker** &lt;img src=x&gt; &#91;a&#93;(javascript:x) <code>a&#60;b</code>'
    >>> md_inline('Learn `<img src=x onerror=alert(1)>`` fast')
    'Learn &#96;&lt;img src=x onerror=alert(1)&gt;&#96;&#96; fast'
    """
    line = _one_line(text)
    out: list[str] = []
    at = 0
    for start, end, ticks in _code_spans(line):
        out.append(_md_plain(line[at:start]))
        code = line[start + ticks : end - ticks]
        if len(code) > 2 and code.startswith(" ") and code.endswith(" ") and code.strip():
            code = code[1:-1]
        out.append(f"<code>{code.translate(_MD_SPECIAL)}</code>")
        at = end
    out.append(_md_plain(line[at:]))
    return "".join(out)


def _md_plain(text: str) -> str:
    """Text around code spans: its emphasis kept, any backtick left literal."""
    return esc(text, quote=False).translate(_MD_NO_LINKS).replace("`", "&#96;")


def html_table(
    cls: str, head: Iterable[str], rows: Iterable[str], *, caption: str = "", attrs: str = ""
) -> str:
    """A table in the site's scrolling wrapper.

    ``head`` holds the header cells' HTML (each becomes a ``th``), ``rows`` whole ``tr``
    elements; ``attrs`` is added to the ``table`` tag as it is.
    """
    cap = f"<caption>{caption}</caption>" if caption else ""
    th = "".join(f"<th>{cell}</th>" for cell in head)
    return (
        f'<div class="hp-table-wrap"><table class="{cls}"{attrs}>{cap}'
        f"<thead><tr>{th}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def to_json(data: Any) -> str:
    """A data file of the site: JSON, text kept as text (the scripts show it as text).

    No page embeds these files; they are fetched, so ``<`` and ``&`` need no escaping.
    """
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
