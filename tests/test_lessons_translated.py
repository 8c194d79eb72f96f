"""The Italian and Thai lessons (``lessons/it``, ``lessons/th``): the English lessons'
code, in the learner's words.

Each translated notebook has exactly the English notebook's code cells (so a fix to a
lesson's code is made once and copied, never rewritten), the same structure (a title and
learning goals, a recap with the previous and next lesson, practice at the end), links
that resolve in JupyterLab, no word the terminology table lists as a mistranslation,
and it runs top to bottom in a fresh kernel speaking its folder's language: the lesson
picks the language from its folder, so what the widgets and pictures say is Italian or
Thai too.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_lessons import LINK, NAMES, PAGES, need, source

from hasenpfeffer_core.analysis.terms import terms

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
LANGS = ("it", "th")
#: The headings each translation uses for the structure the English lessons have.
WORDS = {
    "it": {
        "title": "Lezione",
        "goals": "## Obiettivi di apprendimento",
        "recap": "## Riepilogo",
        "previous": "Precedente",
        "next": "Successiva",
    },
    "th": {
        "title": "บทเรียนที่",
        "goals": "## เป้าหมายการเรียนรู้",
        "recap": "## สรุป",
        "previous": "ก่อนหน้า",
        "next": "ถัดไป",
    },
}
THAI = re.compile("[\u0e00-\u0e7f]")


def load(lang: str, name: str) -> dict[str, Any]:
    folder = LESSONS / lang if lang != "en" else LESSONS
    data: dict[str, Any] = json.loads((folder / f"{name}.ipynb").read_text(encoding="utf-8"))
    return data


def cells(nb: dict[str, Any], kind: str) -> list[str]:
    return [source(c) for c in nb["cells"] if c["cell_type"] == kind]


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_is_translated(lang: str) -> None:
    found = sorted(p.stem for p in (LESSONS / lang).glob("*.ipynb"))
    assert found == sorted(NAMES + PAGES)
    readme = (LESSONS / lang / "README.md").read_text(encoding="utf-8")
    for name in NAMES + PAGES:
        assert f"({name}.ipynb)" in readme, f"lessons/{lang}/README.md does not link {name}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES + PAGES)
def test_the_code_is_the_english_lessons_code(lang: str, name: str) -> None:
    english, translated = load("en", name), load(lang, name)
    assert [c["cell_type"] for c in translated["cells"]] == [
        c["cell_type"] for c in english["cells"]
    ], "the same cells in the same order"
    assert cells(translated, "code") == cells(english, "code"), (
        "the code cells differ from the English lesson's: copy them over"
    )
    assert translated["metadata"] == english["metadata"]
    for c in translated["cells"]:
        if c["cell_type"] == "code":
            assert c["outputs"] == [] and c["execution_count"] is None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_the_structure_of_the_english_lesson(lang: str, name: str) -> None:
    words = WORDS[lang]
    md = cells(load(lang, name), "markdown")
    number = int(name[:2])
    assert md[0].startswith(f"# {words['title']} {number} · "), md[0][:60]
    assert words["goals"] in md[0]
    assert md[0].split(words["goals"], 1)[1].count("\n- ") >= 3, "at least three goals"
    assert words["recap"] in md[-1], "the recap closes the lesson"
    index = NAMES.index(name)
    previous = f"{NAMES[index - 1]}.ipynb" if index > 0 else "README.md"
    following = f"{NAMES[index + 1]}.ipynb" if index + 1 < len(NAMES) else "README.md"
    end = md[-1].split(words["recap"], 1)[1]
    for word, target in ((words["previous"], previous), (words["next"], following)):
        line = re.search(rf"^\*\*{word}:\*\* (.+)$", end, re.MULTILINE)
        assert line and f"]({target})" in line.group(1), f"**{word}:** links {target}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES + PAGES)
def test_links_resolve_and_reach_the_pages_in_the_same_language(lang: str, name: str) -> None:
    folder = LESSONS / lang
    for text in cells(load(lang, name), "markdown"):
        for target in LINK.findall(text):
            if "://" in target:
                continue
            path = target.split("#")[0].split("?")[0]  # (a puzzles link names its theme)
            assert (folder / path).is_file(), f"broken link {target}"
            if path.startswith("../../site/"):
                assert path.endswith(f".{lang}.md"), f"{target}: link the {lang} page"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES + PAGES)
def test_the_text_is_translated_with_the_projects_words(lang: str, name: str) -> None:
    english = cells(load("en", name), "markdown")
    md = cells(load(lang, name), "markdown")
    same = [t for t in md if t in english and re.search(r"[A-Za-z]{4}", t)]
    assert same == [], f"left in English: {same[:2]}"
    if lang == "th":
        assert all(THAI.search(t) for t in md), "every text cell is in Thai"
    wrong = {w: t for t in terms() for w in t.wrong[lang]}
    for i, text in enumerate(md):
        for w, t in wrong.items():
            pattern = re.escape(w) if lang == "th" else rf"(?<!\w){re.escape(w)}(?!\w)"
            if re.search(pattern, text, re.IGNORECASE) and t.word(lang) not in text:
                pytest.fail(f"cell {i} says {w!r}: the project says {t.word(lang)!r}")


@pytest.fixture(scope="module")
def runner() -> Any:
    for module in ("nbmake", "ipykernel", "ipywidgets"):
        need(module)
    from nbmake.nb_run import NotebookRun

    return NotebookRun


#: What each language's run must show, from the package's catalogue (widgets, pictures).
SHOWS = {"it": re.compile(r"briscola|presa|Suggerimento|Nord|Sud"), "th": THAI}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES + PAGES)
def test_translated_lesson_runs_in_its_language(lang: str, name: str, runner: Any) -> None:
    result = runner(LESSONS / lang / f"{name}.ipynb", 60, kernel="python3").execute()
    if result.error is not None:
        pytest.fail(
            f"{lang}/{name}: cell {result.error.failing_cell_index} failed: "
            f"{result.error.summary}\n{result.error.trace}",
            pytrace=False,
        )
    outputs = [o for c in result.nb.cells if c.cell_type == "code" for o in c.outputs]
    bad = [
        o.get("text", "") or o.get("evalue", "")
        for o in outputs
        if o.output_type == "error" or (o.output_type == "stream" and o.name == "stderr")
    ]
    assert not bad, f"{lang}/{name} printed errors or warnings: {bad}"
    # (what the outputs show, and the widgets' own text: the practice page draws inside them)
    widgets = result.nb.metadata.get("widgets", {})
    shown = json.dumps([[o.get("data", {}) for o in outputs], widgets], ensure_ascii=False)
    assert SHOWS[lang].search(shown), f"{lang}/{name} shows nothing in its language"
    english = ("Next question", "Export my progress") if name in PAGES else ()
    assert not [e for e in english if e in shown], f"{lang}/{name} shows English widgets"
