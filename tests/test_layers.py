"""The package's layers point one way: engine <- analysis <- faces.

``hasenpfeffer_core/engine`` holds the rules and imports nothing above it and nothing
outside the standard library; ``analysis`` reads the engine and never a face; ``faces``
draws what the two below compute. Only the widgets may import Jupyter, and no module
imports another module's private names.

The checks read every module's source (every ``import``, at any depth), so an import
tucked inside a function counts too. The one exception the design allows: an object may
draw itself in Jupyter (``_repr_svg_``, ``_repr_html_``) by importing the renderer when
asked.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "hasenpfeffer_core"
TOP = "hasenpfeffer_core"
LAYERS = ("engine", "analysis", "faces")
JUPYTER = ("ipywidgets", "IPython", "traitlets", "comm", "ipykernel", "jupyter")
#: The package's own dependencies (pyproject.toml): the analysis may use them, the
#: engine only the standard library.
DEPENDENCIES = ("platformdirs", "filelock", "fsrs", "glicko2")
RENDERER = f"{TOP}.faces.render"


@dataclass(frozen=True)
class Import:
    module: str  # the absolute module imported from
    names: tuple[str, ...]  # the names taken from it ("" for a plain ``import module``)
    line: int
    in_repr: bool  # inside a ``_repr_*_`` method: the lazy renderer import is allowed


def module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = [TOP, *path.relative_to(root).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(source: str, name: str, is_package: bool) -> list[Import]:
    """Every import in ``source`` (the module ``name``), relative ones made absolute."""
    found: list[Import] = []
    here = name.split(".") if is_package else name.split(".")[:-1]

    def visit(node: ast.AST, in_repr: bool) -> None:
        for child in ast.iter_child_nodes(node):
            repr_here = in_repr or (
                isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                and child.name.startswith("_repr_")
            )
            if isinstance(child, ast.Import):
                for alias in child.names:
                    found.append(Import(alias.name, ("",), child.lineno, repr_here))
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = here[: len(here) - (child.level - 1)]
                    target = ".".join([*base, child.module] if child.module else base)
                else:
                    target = child.module or ""
                names = tuple(a.name for a in child.names)
                # ``from . import quiz`` imports the module ``quiz``
                if not child.module:
                    for n in names:
                        found.append(Import(f"{target}.{n}", ("",), child.lineno, repr_here))
                else:
                    found.append(Import(target, names, child.lineno, repr_here))
            visit(child, repr_here)

    visit(ast.parse(source), False)
    return found


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != TOP:
        return None
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else "top"


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def violations(source: str, name: str, is_package: bool) -> list[str]:
    """What ``source`` (the module ``name``) imports that its layer may not."""
    layer = layer_of(name)
    problems: list[str] = []
    for imp in imports_of(source, name, is_package):
        where = f"{name}:{imp.line}"
        target_layer = layer_of(imp.module)
        first = imp.module.split(".")[0]
        if target_layer is None:
            outside = first not in sys.stdlib_module_names and first != "__future__"
            if layer == "engine" and outside:
                problems.append(
                    f"{where} imports {imp.module}: engine uses the standard library only"
                )
            if layer == "analysis" and outside and first not in DEPENDENCIES:
                problems.append(
                    f"{where} imports {imp.module}: analysis uses the standard library and "
                    f"the package's dependencies only"
                )
            if first.startswith(JUPYTER) and not name.startswith(f"{TOP}.faces.widgets"):
                problems.append(f"{where} imports {imp.module}: only the widgets import Jupyter")
            continue
        order = {"engine": 0, "analysis": 1, "faces": 2, "top": 3}
        if layer is not None and order[target_layer] > order[layer]:
            allowed = imp.in_repr and imp.module == RENDERER
            if not allowed:
                problems.append(
                    f"{where} imports {imp.module}: {layer} may not import {target_layer}"
                )
        if name != TOP and imp.module == TOP:
            problems.append(f"{where} imports the package top: import from the module itself")
        private_parts = [p for p in imp.module.split(".") if is_private(p)]
        if private_parts:
            problems.append(f"{where} imports the private module {imp.module}")
        taken = [n for n in imp.names if is_private(n)]
        if taken and imp.module != name:
            problems.append(f"{where} imports private names {taken} from {imp.module}")
    return problems


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_module_sits_in_a_layer() -> None:
    loose = [
        str(p.relative_to(PACKAGE))
        for p in MODULES
        if p.parent == PACKAGE and p.name != "__init__.py"
    ]
    assert loose == [], "every module belongs to engine/, analysis/ or faces/"
    assert {p.relative_to(PACKAGE).parts[0] for p in MODULES if p.parent != PACKAGE} == set(LAYERS)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down_only(path: Path) -> None:
    name = module_name(path)
    assert violations(path.read_text(encoding="utf-8"), name, path.name == "__init__.py") == []


# The checker itself: each rule is caught on a small made-up module.
@pytest.mark.parametrize(
    ("name", "source", "complaint"),
    [
        (
            f"{TOP}.engine.cards",
            "from ..analysis.solver import solve",
            "engine may not import analysis",
        ),
        (
            f"{TOP}.engine.cards",
            "def f():\n    from ..faces.render import card_svg",
            "engine may not import faces",
        ),
        (f"{TOP}.analysis.quiz", "import numpy", "standard library and"),
        (f"{TOP}.engine.cards", "import fsrs", "standard library only"),
        (f"{TOP}.analysis.practice", "import fsrs", ""),
        (f"{TOP}.analysis.quiz", "from ..faces import render", "analysis may not import faces"),
        (f"{TOP}.faces.render", "import ipywidgets", "only the widgets import Jupyter"),
        (
            f"{TOP}.faces.cli.play",
            "from IPython.display import HTML",
            "only the widgets import Jupyter",
        ),
        (f"{TOP}.analysis.bots", "from ..engine.tricks import _EFF", "private names"),
        (f"{TOP}.faces.widgets.ranking", "from .base import box", ""),
        (f"{TOP}.faces.widgets.ranking", "from ._base import box", "private module"),
        (f"{TOP}.analysis.bots", "from .. import HandState", "may not import top"),
    ],
)
def test_the_checker_catches_each_kind_of_wrong_import(
    name: str, source: str, complaint: str
) -> None:
    found = violations(source, name, False)
    if complaint:
        assert any(complaint in p for p in found), found
    else:
        assert found == []


def test_a_repr_method_may_import_the_renderer_when_asked() -> None:
    source = "class Card:\n    def _repr_svg_(self):\n        from ..faces.render import card_svg\n"
    assert violations(source, f"{TOP}.engine.cards", False) == []
    elsewhere = "class Card:\n    def svg(self):\n        from ..faces.render import card_svg\n"
    assert violations(elsewhere, f"{TOP}.engine.cards", False) != []


# --- no import loops -------------------------------------------------------------------


def runtime_imports(source: str, name: str, is_package: bool, modules: set[str]) -> set[str]:
    """The package's modules that ``source`` (the module ``name``) imports when it runs:
    at any depth (an import inside a function counts, as it runs when the function is
    called), but not under ``if TYPE_CHECKING:`` (never run) nor the renderer asked for
    by a ``_repr_*_`` method (the design's one exception)."""
    unchecked: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            unchecked |= {n.lineno for n in ast.walk(node) if hasattr(n, "lineno")}
    out: set[str] = set()
    for imp in imports_of(source, name, is_package):
        if imp.line in unchecked or (imp.in_repr and imp.module == RENDERER):
            continue
        out |= {f"{imp.module}.{n}" for n in imp.names if f"{imp.module}.{n}" in modules}
        if imp.module in modules:
            out.add(imp.module)
    out.discard(name)
    return out


def loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import loops of ``graph`` (module -> the modules it imports): each group of
    two or more modules that reach one another (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_itself_through_others() -> None:
    """No import loop anywhere in the package, an import inside a function included: a
    loop hidden that way still ties the two modules together (each needs the other to
    be understood, tested or moved)."""
    names = {module_name(p): p for p in MODULES}
    graph = {
        name: runtime_imports(
            path.read_text(encoding="utf-8"), name, path.name == "__init__.py", set(names)
        )
        for name, path in names.items()
    }
    assert loops(graph) == []


def test_the_loop_finder_finds_a_loop_hidden_in_a_function() -> None:
    modules = {f"{TOP}.engine.a", f"{TOP}.engine.b", f"{TOP}.engine.c"}
    a = "from .b import f\n"
    b = "def g():\n    from .a import h\n"
    c = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import h\n"
    graph = {
        f"{TOP}.engine.a": runtime_imports(a, f"{TOP}.engine.a", False, modules),
        f"{TOP}.engine.b": runtime_imports(b, f"{TOP}.engine.b", False, modules),
        f"{TOP}.engine.c": runtime_imports(c, f"{TOP}.engine.c", False, modules),
    }
    assert loops(graph) == [[f"{TOP}.engine.a", f"{TOP}.engine.b"]]
    graph[f"{TOP}.engine.b"] = set()
    assert loops(graph) == []


# --- sizes: modules that each do one job --------------------------------------------------

#: The most lines a module may have.
MODULE_LINES = 1200
#: A function longer than this is several jobs in one.
FUNCTION_LINES = 100
#: How many functions outside the solver's search may be longer.
LONG_FUNCTIONS_ALLOWED = 3
#: The solver's search, built as closures for speed (no method or attribute lookup at
#: any node of the search): its builder and its boundary test are long on purpose, and
#: say so where they stand.
SEARCH = {("analysis/solver.py", "__init__"), ("analysis/solver.py", "boundary")}
#: The site's build is held to the same sizes.
HOOKS = PACKAGE.parent / "docs_hooks"


def sized_modules() -> list[Path]:
    return [*MODULES, *sorted(HOOKS.rglob("*.py"))]


def where(path: Path) -> str:
    root = PACKAGE if path.is_relative_to(PACKAGE) else PACKAGE.parent
    return str(path.relative_to(root))


def long_functions(source: str, limit: int) -> list[tuple[str, int]]:
    """The functions (methods and nested ones too) of ``source`` longer than ``limit``
    lines, with their lengths."""
    return [
        (node.name, node.end_lineno - node.lineno + 1)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > limit
    ]


def test_no_module_is_a_grab_bag() -> None:
    """No module of the package or of the site's build is over 1,200 lines."""
    big = {
        where(p): n
        for p in sized_modules()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MODULE_LINES
    }
    assert big == {}


def test_few_functions_are_long() -> None:
    """At most three functions over 100 lines, the solver's search aside."""
    long = [
        (where(p), name, n)
        for p in sized_modules()
        for name, n in long_functions(p.read_text(encoding="utf-8"), FUNCTION_LINES)
        if (where(p), name) not in SEARCH
    ]
    assert len(long) <= LONG_FUNCTIONS_ALLOWED, sorted(long, key=lambda x: -x[2])


def test_the_size_checks_find_a_long_function() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(120))
    source = f"def short():\n    pass\n\n\ndef long():\n{body}\n"
    assert long_functions(source, FUNCTION_LINES) == [("long", 121)]
    assert long_functions(source, 200) == []
