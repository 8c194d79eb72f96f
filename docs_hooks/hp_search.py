"""The site's search index, tidied for a reader: prose first, the rules first.

The search plugin indexes every page as the theme shows it. Two things in that index
get in a reader's way:

* the lessons' code: mkdocs-jupyter's pages carry each code cell, its ``In [1]:``
  prompt and the copy button's "Copied!", so "discard" first found lesson 4's import
  block; and their headings keep the permalink's "¶" ("Learning goals¶");
* the order: the API reference (hundreds of entries) and the rules explained rank alike,
  where a reader who searches "trump" wants the rules page that explains it.

:func:`tidy` keeps each lesson's prose and drops its code, prompts and copy marks,
drops the "¶", and weights each entry by the part of the site it comes from
(:data:`BOOST`: the theme's search gives each entry's weight to its score).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Final

__all__ = ["BOOST", "THAI_WORDS", "thai_words", "tidy"]

#: The Thai site's list of the words its index holds (``th/search/`` + this), which
#: ``assets/search-thai.js`` splits a typed query by: Thai is written without spaces.
THAI_WORDS: Final = "thai-words.json"

#: An entry's weight by the folder of its page (the language's folder removed): the
#: rules first, then the sources, lessons and practice, the API reference last. The
#: theme weighs a word in a heading a thousand times a word in the text, so a lesson's
#: heading with the word ("il fante sinistro", lesson 2) outranked the rules page that
#: explains it in its text: a rules entry weighs a thousand times more, so the rules
#: come first for any word they use, and the rest keep their order below them.
BOOST: Final = (
    ("rules/", 4000.0),
    ("sources/", 1.5),
    ("lessons/", 1.0),
    ("practice/", 1.0),
    ("reference/", 0.3),
)

#: What a notebook page holds besides its prose: code blocks, the prompts, the copy mark.
_CODE: Final = re.compile(r"<pre\b.*?</pre>", re.S)
_PROMPT: Final = re.compile(r"\b(?:In|Out)\s*\[[\d\s*]*\]:")
_COPIED: Final = re.compile(r"\bCopied!")
_PILCROW: Final = re.compile(r"\s*¶\s*$")
_THAI_RUN: Final = re.compile(r"[\u0e00-\u0e7f]+")


def _boost(location: str) -> float:
    for folder, weight in BOOST:
        if location.startswith(folder):
            return weight
    return 1.0


def tidy(docs: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The index's entries (``location`` relative to the language's folder), tidied as
    the module says; an entry of a lesson left with neither title nor prose is dropped.

    >>> tidy([{"location": "lessons/04/", "title": "Goals¶",
    ...        "text": "In\\xa0[1]: Copied! <pre>import x</pre> <p>Bid well.</p>"}])
    [{'location': 'lessons/04/', 'title': 'Goals', 'text': '<p>Bid well.</p>', 'boost': 1.0}]
    """
    out = []
    for doc in docs:
        location = str(doc.get("location", ""))
        entry = dict(doc)
        entry["title"] = _PILCROW.sub("", str(doc.get("title", "")))
        if location.startswith("lessons/"):
            text = _COPIED.sub("", _PROMPT.sub("", _CODE.sub("", str(doc.get("text", "")))))
            entry["text"] = " ".join(text.split())
            if not entry["title"] and not entry["text"]:
                continue
        entry["boost"] = _boost(location)
        out.append(entry)
    return out


def thai_words(docs: Iterable[dict[str, Any]]) -> list[str]:
    """The Thai words of an index whose Thai text is split into words (by zero-width
    spaces), each once, longest first: what a Thai query is split by in the browser,
    so that "แจ็คขวา" typed as one run finds the index's "แจ็ค" and "ขวา".

    >>> thai_words([{"title": "แจ็ค\u200bขวา", "text": "<p>แจ็ค J♥</p>"}])
    ['แจ็ค', 'ขวา']
    """
    words = {
        run
        for doc in docs
        for key in ("title", "text")
        for run in _THAI_RUN.findall(str(doc.get(key, "")))
    }
    return sorted(words, key=lambda w: (-len(w), w))
