"""The site's search indexes: one per language, Thai split into words, each tidied for a
reader (prose first, the rules first).

The search plugin writes one index at the root in each build (the i18n plugin, at the
end, one of every language's pages): :func:`search_indexes` gives each language its own
(``search/``, ``it/search/``, ``th/search/``), with its own pages and its languages
(:data:`SEARCH_LANGS`). Thai is written without spaces between words: its text is split
into words (:func:`split_thai`: wordcut, the theme's own Thai dictionary, run by
Node.js) with zero-width spaces in the index only, so a Thai word inside running text
is found.

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

import json
import re
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

from docs_hooks.state import DEFAULT, lang_prefix, log
from hasenpfeffer_core.engine.i18n import LANGUAGES

__all__ = [
    "BOOST",
    "SEARCH_LANGS",
    "SEARCH_SEPARATOR",
    "THAI_WORDS",
    "search_indexes",
    "split_thai",
    "thai_terms",
    "thai_words",
    "tidy",
]

#: The search plugin's languages in each build, the build's own first (the source pages
#: show the Italian and Thai texts in every language).
SEARCH_LANGS = {"en": ["en", "it", "th"], "it": ["it", "en", "th"], "th": ["th", "en", "it"]}

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


#: Thai text: the Thai block of Unicode.
_THAI = re.compile(r"[\u0e00-\u0e7f]+")
#: What separates words in the index: Material's default, and the zero-width spaces put
#: between Thai words.
SEARCH_SEPARATOR = r"[\s\-\u200b]+"
_WORDCUT_JS = """
const wordcut = require(process.argv[1]);
wordcut.init(undefined, true, JSON.parse(process.argv[2]));
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (d) => { input += d; });
process.stdin.on("end", () => {
  const runs = JSON.parse(input);
  process.stdout.write(JSON.stringify(runs.map((r) => wordcut.cut(r).split("|"))));
});
"""


def _wordcut() -> Path | None:
    """The theme's own Thai word splitter (wordcut, with its dictionary)."""
    try:
        import material  # type: ignore[import-untyped]
    except ImportError:
        return None
    path = Path(material.__file__).parent / "templates/assets/javascripts/lunr/wordcut.js"
    return path if path.is_file() else None


def thai_terms() -> list[str]:
    """The project's Thai card words (the terminology table), for the word splitter's
    dictionary, which lacks some (ทรัมป์, trump). A compound of two of them (ไพ่ทรัมป์) is
    left out: each part stays a word that the search finds."""
    from hasenpfeffer_core.analysis.terms import terms

    words = {w for t in terms() for w in _THAI.findall(t.th) if len(w) > 1}
    return sorted(w for w in words if not any(o != w and o in w for o in words))


def split_thai(texts: list[str]) -> list[str]:
    """Each text with its Thai words parted by zero-width spaces (U+200B), split by
    wordcut (run by Node.js; its dictionary and the project's card words), so that the
    search finds a Thai word inside running text. Without Node.js the texts come back as
    they are."""
    runs = sorted({run for text in texts for run in _THAI.findall(text)})
    node, script = shutil.which("node"), _wordcut()
    if not runs:
        return texts
    if node is None or script is None:
        log.info("no Node.js (or no wordcut.js): Thai text is indexed without word breaks")
        return texts
    proc = subprocess.run(
        [node, "-e", _WORDCUT_JS, str(script), json.dumps(thai_terms(), ensure_ascii=False)],
        input=json.dumps(runs),
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    if proc.returncode != 0:
        raise RuntimeError(f"splitting Thai text with wordcut failed:\n{proc.stderr[-2000:]}")
    words = dict(zip(runs, json.loads(proc.stdout), strict=True))
    return [_THAI.sub(lambda m: "\u200b".join(w for w in words[m.group(0)] if w), t) for t in texts]


def _write_search_index(config: Any, lang: str, docs: list[dict[str, Any]], data: Any) -> None:
    """``lang``'s search index, at ``search/search_index.json`` of its folder: its own
    pages (addresses from its folder), its languages, Thai split into words, tidied
    for a reader (:func:`tidy`: prose, not the lessons' code; the rules first)."""
    prefix = lang_prefix(lang)
    fields = [(i, key) for i, doc in enumerate(docs) for key in ("title", "text") if key in doc]
    split = split_thai([str(docs[i][key]) for i, key in fields])
    for (i, key), text in zip(fields, split, strict=True):
        docs[i][key] = text
    for doc in docs:
        doc["location"] = str(doc["location"]).removeprefix(prefix)
    docs = tidy(docs)  # the lessons' prose without their code; the rules first
    index = dict(data)
    index["config"] = dict(
        data.get("config", {}), lang=SEARCH_LANGS.get(lang, [lang]), separator=SEARCH_SEPARATOR
    )
    index["docs"] = docs
    path = Path(config["site_dir"]) / prefix / "search" / "search_index.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), "utf-8")
    if lang == "th":  # the words a Thai query is split by in the browser
        words = json.dumps(thai_words(docs), ensure_ascii=False, separators=(",", ":"))
        (path.parent / THAI_WORDS).write_text(words, "utf-8")


def search_indexes(config: Any, lang: str, outermost: bool) -> None:
    """The search plugin writes one index at the root in each build (the i18n plugin,
    at the end, one of every language's pages): each language gets its own."""
    root_index = Path(config["site_dir"]) / "search" / "search_index.json"
    if not root_index.is_file():
        return
    data = json.loads(root_index.read_text(encoding="utf-8"))
    docs: list[dict[str, Any]] = list(data.get("docs", []))
    if lang == DEFAULT:
        others = tuple(lang_prefix(other) for other in LANGUAGES if other != DEFAULT)
        docs = [d for d in docs if not str(d.get("location", "")).startswith(others)]
    if lang != DEFAULT or outermost:
        _write_search_index(config, lang, docs, data)
