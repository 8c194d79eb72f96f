"""The lessons: eight numbered notebooks, stored clean, each run top to bottom, and the
notebook of the progress page and practice beside them.

The structure tests read the stored notebooks: no outputs, a title and learning goals
at the top, the lesson's stars started in the first code cell, a link to the glossary,
a recap closing with links to the previous and the next lesson and a practice round
after it, a widget from ``hasenpfeffer_core.faces.widgets`` and a card picture, and
imports of public package names only (no helper module beside the notebooks). The text
tests read what a learner reads: no project jargon, one style for seats and sides, the
numbers of simulated deals the text states are the numbers the code plays, and no
exercise asks for an idea before the lesson that teaches it. The run tests execute every lesson
in a fresh kernel with the runner of the ``nbmake`` pytest plugin (the same run as
``pytest --nbmake lessons/``) and fail on any error or warning output, on a lesson
that shows no card picture or widget, and on a lesson slower than 20 seconds.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
NAMES = [
    "01-the-cards",
    "02-following-suit",
    "03-who-wins-the-trick",
    "04-bidding",
    "05-scoring",
    "06-replaying-hands",
    "07-play-a-hand",
    "08-house-rules",
]
#: The notebooks beside the lessons that are not lessons: the progress page and practice.
PAGES = ["practice"]
WIDGET_PACKAGE = "hasenpfeffer_core.faces.widgets"
WIDGETS = ("RankingExplorer", "LegalPlayQuiz", "TrickWinnerQuiz", "HandReplayer", "PlayTable")
#: What a lesson may import: the standard library, IPython's display and the package.
IMPORTABLE = ("IPython", "hasenpfeffer_core")
PICTURES = re.compile(r"\b(card_svg|hand_svg|table_svg|ranking_svg|card_back_svg)\(")
LINK = re.compile(r"\]\(([^)\s]+)\)")
#: The glossary, a page of the docs site: its source, relative to the lessons.
GLOSSARY = "../site/rules/glossary.md"
#: The docs site's page sources, relative to the lessons.
SITE_SOURCES = "../site/"
#: A seat or side in its short form (N, NS, N-S), not part of a card such as "J♠" or a word.
SHORT_SEAT = re.compile(r"(?<![\w♠♥♦♣-])(?:NS|EW|N-S|E-W|N|E|S|W)(?![\w♠♥♦♣-])")


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((LESSONS / f"{name}.ipynb").read_text(encoding="utf-8"))
    return data


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return text if isinstance(text, str) else "".join(text)


def markdown(nb: dict[str, Any]) -> list[str]:
    return [source(c) for c in nb["cells"] if c["cell_type"] == "markdown"]


def code(nb: dict[str, Any]) -> str:
    return "\n".join(source(c) for c in nb["cells"] if c["cell_type"] == "code")


def imports(nb: dict[str, Any]) -> list[tuple[str, tuple[str, ...]]]:
    """Every import in the lesson's code: (module, names taken from it; ``()`` for a plain
    ``import module``)."""
    found: list[tuple[str, tuple[str, ...]]] = []
    for node in ast.walk(ast.parse(code(nb))):
        if isinstance(node, ast.Import):
            found += [(alias.name, ()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0 and node.module, "a lesson imports no relative module"
            found.append((node.module, tuple(alias.name for alias in node.names)))
    return found


def need(module: str) -> None:
    """Skip without ``module``, except under CI (``CI`` set), where that is a failure."""
    if importlib.util.find_spec(module) is not None:
        return
    reason = f"{module} is not installed (pip install -e '.[dev,lessons]')"
    if os.environ.get("CI"):
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


# --- the stored notebooks ---------------------------------------------------------------


def test_every_lesson_exists() -> None:
    found = sorted(p.stem for p in LESSONS.glob("[0-9][0-9]-*.ipynb"))
    assert found == NAMES


def test_the_index_links_every_lesson() -> None:
    index = (LESSONS / "README.md").read_text(encoding="utf-8")
    for name in NAMES + PAGES:
        assert f"({name}.ipynb)" in index, f"lessons/README.md does not link {name}"


def test_every_notebook_is_a_lesson_or_a_known_page() -> None:
    found = sorted(p.stem for p in LESSONS.glob("*.ipynb"))
    assert found == sorted(NAMES + PAGES)


@pytest.mark.parametrize("name", NAMES + PAGES)
def test_stored_without_outputs(name: str) -> None:
    nb = load(name)
    assert nb["nbformat"] == 4
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    assert set(nb["metadata"]) <= {"kernelspec", "language_info"}, "no widget state or extras"
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"cell {i} has stored outputs"
            assert cell["execution_count"] is None, f"cell {i} has an execution count"
        assert set(cell.get("metadata", {})) <= {"jupyter"}, f"cell {i} carries metadata"


@pytest.mark.parametrize("name", NAMES)
def test_title_and_learning_goals_at_the_top(name: str) -> None:
    nb = load(name)
    first = source(nb["cells"][0])
    number = int(name[:2])
    assert nb["cells"][0]["cell_type"] == "markdown"
    assert first.startswith(f"# Lesson {number} · "), "the first line is the lesson's title"
    assert "## Learning goals" in first, "the learning goals come first"
    goals = first.split("## Learning goals", 1)[1]
    assert goals.count("\n- ") >= 3, "at least three goals, as a list"


@pytest.mark.parametrize("name", NAMES)
def test_recap_and_links_to_the_previous_and_next_lesson(name: str) -> None:
    nb = load(name)
    cells = markdown(nb)
    assert any("## Recap" in text for text in cells), "a recap"
    assert "## Recap" in cells[-1], "the recap closes the lesson"
    index = NAMES.index(name)
    # The first lesson's "previous" and the last one's "next" are the list of lessons.
    previous = f"{NAMES[index - 1]}.ipynb" if index > 0 else "README.md"
    following = f"{NAMES[index + 1]}.ipynb" if index + 1 < len(NAMES) else "README.md"
    end = cells[-1].split("## Recap", 1)[1]
    for word, target in (("Previous", previous), ("Next", following)):
        line = re.search(rf"^\*\*{word}:\*\* (.+)$", end, re.MULTILINE)
        assert line, f"the recap ends with a **{word}:** link"
        assert f"]({target})" in line.group(1), f"{word} links {target}: {line.group(1)}"


@pytest.mark.parametrize("name", NAMES + PAGES)
def test_every_link_reaches_a_page_in_jupyterlab_and_on_the_site(name: str) -> None:
    """A link is relative to the notebook, so it works in JupyterLab (and the live copy),
    and names a lesson, the list of lessons or a page of the docs site's sources, which
    the site's build turns into that page's address (the site's link check then checks
    them on the built site)."""
    for text in markdown(load(name)):
        for target in LINK.findall(text):
            if "://" in target:
                continue
            path = target.split("#")[0].split("?")[0]  # (a puzzles link names its theme)
            assert (LESSONS / path).is_file(), f"broken link {target}"
            lesson = path.removesuffix(".ipynb") in NAMES
            site_page = path.startswith(SITE_SOURCES) and path.endswith(".md")
            assert lesson or path == "README.md" or site_page, f"{target} is no page"


def test_the_lessons_link_the_puzzles_of_the_ideas_they_teach() -> None:
    """Lessons 4 and 7 teach the bidding, trump, discard and play habits: each links the
    site's puzzles of those ideas, in every language the same themes, each a theme of
    the bank with puzzles enough to practise it (30 or more)."""
    from hasenpfeffer_core.analysis.puzzles import Bank

    bank = Bank()
    for name in ("04-bidding", "07-play-a-hand"):
        linked = {}
        for lang in ("", "it/", "th/"):
            text = "\n".join(markdown(load(f"{lang}{name}")))
            linked[lang] = re.findall(r"\]\([^)\s]*puzzles[^)\s]*\?theme=([a-z-]+)\)", text)
        assert len(linked[""]) >= 3, f"{name} links the puzzles of the ideas it teaches"
        assert linked["it/"] == linked[""] == linked["th/"], f"{name}: {linked}"
        for theme in linked[""]:
            assert bank.count(theme) >= 30, f"{name} links {theme}: {bank.count(theme)} puzzles"


@pytest.mark.parametrize("name", NAMES)
def test_stars_at_the_top_and_practice_at_the_end(name: str) -> None:
    """The first code cell ends by starting the lesson (its stars show near the top), and
    the last cell, after the recap, practises what is due from the lessons so far."""
    nb = load(name)
    number = int(name[:2])
    codes = [source(c) for c in nb["cells"] if c["cell_type"] == "code"]
    assert codes[0].rstrip().splitlines()[-1] == f"lesson_header({number})"
    assert nb["cells"][-1]["cell_type"] == "code"
    assert codes[-1].strip() == f"Practice(lesson={number})"
    assert "Practise what is due" in markdown(nb)[-1]


@pytest.mark.parametrize("name", NAMES)
def test_every_lesson_links_the_glossary(name: str) -> None:
    text = "\n".join(markdown(load(name)))
    assert f"]({GLOSSARY})" in text, f"{name} has no link to the glossary"
    assert (LESSONS / GLOSSARY).is_file()


def prose(text: str) -> str:
    """A Markdown cell without its code (spans and blocks) and tables: what is read as text."""
    text = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    text = re.sub(r"`[^`]*`", "", text)
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("|"))


@pytest.mark.parametrize("name", NAMES + PAGES)
def test_no_project_jargon_in_the_text(name: str) -> None:
    """Plain words: "the source rules", not "seed", and no option names from the code."""
    from hasenpfeffer_core import OPTIONS

    identifiers = [option for option in OPTIONS if "_" in option]
    for i, text in enumerate(markdown(load(name))):
        found = re.search(r"\bseeds?\b", text, re.IGNORECASE)
        assert not found, f"markdown cell {i} says {found.group(0)!r}: say 'the source rules'"
        for option in identifiers:
            assert option not in text, f"markdown cell {i} names the option {option!r}"


@pytest.mark.parametrize("name", NAMES + PAGES)
def test_seats_and_sides_in_words_in_the_text(name: str) -> None:
    """North, East, South, West and North-South, East-West in prose; the short forms
    (N, NS, N-S) only in tables, card pictures and code."""
    for i, text in enumerate(markdown(load(name))):
        found = SHORT_SEAT.search(prose(text))
        assert not found, f"markdown cell {i} writes {found.group(0)!r}: spell the seat out"


def simulated(nb: dict[str, Any]) -> list[int]:
    """The sizes of the lesson's simulations: each loop over ``range(N)`` deal numbers."""
    return [int(n) for n in re.findall(r"\bfor seed in (?:progress\()?range\((\d+)\)", code(nb))]


@pytest.mark.parametrize("name", NAMES)
def test_the_numbers_of_deals_the_text_states_are_played(name: str) -> None:
    """ "For 300 random deals" plays 300, and an introduction's total is the sum of the
    lesson's simulations ("a few thousand deals" for 700 was wrong)."""
    nb = load(name)
    sizes = simulated(nb)
    for i, text in enumerate(markdown(nb)):
        words = prose(text)
        assert "thousand" not in words or max(sizes, default=0) >= 1000, f"cell {i}: thousands?"
        for n in re.findall(r"\b(\d+) (?:random |whole )?(?:deals|hands|games)\b", words):
            if int(n) >= 20:  # a simulation's size, not "a bar needs at least 5 deals"
                assert int(n) in (*sizes, sum(sizes)), f"cell {i} says {n}; the code plays {sizes}"


def test_the_look_ahead_exercise_comes_with_the_lesson_that_teaches_it() -> None:
    """Counting an ending with every card face up (the solver's idea) is taught in the
    lesson on the solver's marks; no earlier lesson asks for it."""
    users = [name for name in NAMES if "look_ahead(" in code(load(name))]
    assert users, "some lesson has the look-ahead exercise"
    for name in users:
        goals = source(load(name)["cells"][0]).split("## Learning goals", 1)[1]
        assert "double-dummy" in goals and "look ahead" in goals, f"{name} does not teach it"


def test_look_ahead_feedback_counts_the_side_the_question_asks_about() -> None:
    """The lessons' look-ahead endings: the feedback to the right answer speaks of the side
    the question names (it once asked about North-South and answered for East-West)."""
    need("ipywidgets")
    from hasenpfeffer_core.faces.widgets import look_ahead

    sides = ("North-South", "East-West")
    calls = [
        (name, call)
        for name in NAMES
        for call in re.findall(r"\blook_ahead\(([^)]*)\)", code(load(name)))
    ]
    assert calls, "some lesson has the look-ahead exercise"
    for name, call in calls:
        args = [a.strip().strip("'\"") for a in call.split(",")]
        exercise = look_ahead(int(args[0]), *args[1:])
        prompt = re.sub(r"<[^>]+>", " ", exercise.children[0].value)
        asked = [side for side in sides if side in prompt]
        assert len(asked) == 1, f"{name}: look_ahead({call}) names one side: {prompt}"
        for button in exercise.buttons:  # one of them is right; the feedback is the same
            button.click()
        feedback = re.sub(r"<[^>]+>", " ", exercise.feedback.value)
        other = sides[1 - sides.index(asked[0])]
        assert asked[0] in feedback and other not in feedback, f"{name}: {feedback}"


@pytest.mark.parametrize("name", NAMES)
def test_widget_picture_and_exercise(name: str) -> None:
    nb = load(name)
    text = code(nb)
    imported = {n for module, names in imports(nb) if module == WIDGET_PACKAGE for n in names}
    used = [wname for wname in WIDGETS if wname in imported and re.search(rf"\b{wname}\(", text)]
    assert used, "at least one widget from hasenpfeffer_core.faces.widgets"
    assert PICTURES.search(text), "at least one card picture drawn by the engine"
    assert any("Exercise" in t for t in markdown(nb)), "at least one exercise"


def test_no_helper_module_beside_the_lessons() -> None:
    """The notebooks share helpers through the package, not a module in ``lessons/``."""
    assert sorted(p.name for p in LESSONS.glob("*.py")) == []


@pytest.mark.parametrize("name", NAMES + PAGES)
def test_lessons_import_public_package_names_only(name: str) -> None:
    for module, names in imports(load(name)):
        top = module.split(".")[0]
        assert top in IMPORTABLE or top in sys.stdlib_module_names, f"{name} imports {module}"
        if top != "hasenpfeffer_core":
            continue
        assert not any(part.startswith("_") for part in module.split(".")), module
        public = importlib.import_module(module).__all__
        for n in names:
            assert n in public, f"{name} imports {n} from {module}, which does not export it"


# --- running them -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def runner() -> Any:
    for module in ("nbmake", "ipykernel", "ipywidgets"):
        need(module)
    from nbmake.nb_run import NotebookRun

    return NotebookRun


@pytest.mark.parametrize("name", NAMES + PAGES)
def test_lesson_runs_top_to_bottom(name: str, runner: Any) -> None:
    result = runner(LESSONS / f"{name}.ipynb", 60, kernel="python3").execute()
    if result.error is not None:
        pytest.fail(
            f"{name}: cell {result.error.failing_cell_index} failed: {result.error.summary}\n"
            f"{result.error.trace}",
            pytrace=False,
        )
    outputs = [o for c in result.nb.cells if c.cell_type == "code" for o in c.outputs]
    bad = [
        o.get("text", "") or o.get("evalue", "")
        for o in outputs
        if o.output_type == "error" or (o.output_type == "stream" and o.name == "stderr")
    ]
    assert not bad, f"{name} printed errors or warnings: {bad}"
    shown = json.dumps([o.get("data", {}) for o in outputs])
    if name in PAGES:  # (the progress page draws its pictures inside its widgets)
        assert "application/vnd.jupyter.widget-view+json" in shown, f"{name} shows a widget"
        return
    assert "<svg" in shown, "the lesson shows card pictures"
    assert "application/vnd.jupyter.widget-view+json" in shown, "the lesson shows a widget"


def test_make_lessons_serves_every_page_a_lesson_links_to() -> None:
    """`make lessons` started JupyterLab inside lessons/, so the lessons' links to the
    glossary (../site/rules/glossary.md) pointed outside what it served: dead. Every
    relative link of every lesson must land inside the folder the recipe serves, on a
    file that exists."""
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("\nlessons:", 1)[1]
    command = recipe.split("\n")[1].strip()
    here = ROOT / command.split("cd ", 1)[1].split(" ", 1)[0] if command.startswith("cd ") else ROOT
    # JupyterLab serves --ServerApp.root_dir; without it, given a notebook to open, it
    # serves the notebook's own folder (seen: "Serving notebooks from .../lessons")
    root = re.search(r"--ServerApp\.root_dir=(\S+)", command)
    opened = re.search(r"(\S+\.ipynb)", command)
    if root:
        served = here / root[1]
    elif opened:
        served = (here / opened[1]).parent
    else:
        served = here
    checked = 0
    lessons = [
        p  # (JupyterLab's own copies, made as a learner works, are not the lessons)
        for p in sorted((ROOT / "lessons").rglob("*.ipynb"))
        if ".ipynb_checkpoints" not in p.parts
    ]
    for path in lessons:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            for target in re.findall(r"\]\(([^)#?\s]+)(?:[?#][^)]*)?\)", "".join(cell["source"])):
                if re.match(r"[a-z]+:", target):
                    continue  # an address, not a file
                page = (path.parent / target).resolve()
                assert page.is_relative_to(served.resolve()), (path.name, target, served)
                assert page.exists(), (path.name, target)
                checked += 1
    assert checked >= 20
