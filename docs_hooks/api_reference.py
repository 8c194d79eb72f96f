"""The API reference: one page per public module of ``hasenpfeffer_core``, listed by
layer in a reading order, and the index page's tables of modules (each with the first
sentence of its docstring)."""

from __future__ import annotations

import re
from pathlib import Path

from docs_hooks.state import (
    DEFAULT,
    PACKAGE,
)

# The reading order within each layer; modules not listed follow alphabetically.
READING_ORDER = {
    "engine": ["cards", "tricks", "rules", "auction", "actions", "state", "scoring", "game"],
    "analysis": [
        "explain",
        "view",
        "solver",
        "bots",
        "quiz",
        "teaching",
        "review",
        "progress",
        "practice",
    ],
    "faces": ["render", "widgets", "cli"],
}


def _layer_modules(folder: Path, dotted: str, first: list[str]) -> list[str]:
    """``dotted`` and the public modules below it, depth first, in reading order."""
    names = [
        p.stem if p.is_file() else p.name
        for p in folder.iterdir()
        if not p.name.startswith(("_", "."))
        and (p.suffix == ".py" or (p.is_dir() and (p / "__init__.py").is_file()))
    ]
    ordered = [n for n in first if n in names] + sorted(n for n in names if n not in first)
    mods: list[str] = []
    for name in ordered:
        sub = folder / name
        if sub.is_dir():
            mods.append(f"{dotted}.{name}")
            mods += _layer_modules(sub, f"{dotted}.{name}", [])[1:]
        else:
            mods.append(f"{dotted}.{name}")
    return [dotted, *mods]


def api_modules() -> dict[str, list[str]]:
    """The package's public modules, as dotted names, by layer and in a reading order."""
    return {
        layer: _layer_modules(PACKAGE / layer, f"hasenpfeffer_core.{layer}", first)[1:]
        for layer, first in READING_ORDER.items()
    }


def all_api_modules() -> list[str]:
    return [mod for mods in api_modules().values() for mod in mods]


def api_path(mod: str) -> str:
    return "reference/" + mod.removeprefix("hasenpfeffer_core.").replace(".", "/") + ".md"


def _first_sentence(src: Path) -> str:
    text = src.read_text(encoding="utf-8")
    m = re.search(r'"""(.+?)(?:\n\n|""")', text, re.DOTALL)
    if not m:
        return ""
    first = " ".join(m.group(1).split()).replace("|", "\\|")
    first = re.sub(r"``([^`]+)``", r"`\1`", first)
    return re.sub(r":[a-z]+:`~?([^`]+)`", r"`\1`", first)


def source_of(mod: str) -> Path:
    path = PACKAGE / (mod.removeprefix("hasenpfeffer_core.").replace(".", "/"))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def modules_markdown(lang: str = DEFAULT) -> str:
    """One table per layer, each module with the first sentence of its docstring. On the
    Italian and Thai sites the links lead to the English module pages (from
    ``it/reference/`` to ``../../reference/...``)."""
    out: list[str] = []
    for layer, mods in api_modules().items():
        out += [
            f"## {layer.title()}",
            "",
            _first_sentence(source_of(f"hasenpfeffer_core.{layer}")),
        ]
        out += ["", "| module | what it holds |", "| --- | --- |"]
        for mod in mods:
            rel = api_path(mod).removeprefix("reference/")
            if lang != DEFAULT:
                rel = "../../reference/" + rel.removesuffix(".md") + "/"
            out.append(f"| [`{mod}`]({rel}) | {_first_sentence(source_of(mod))} |")
        out.append("")
    return "\n".join(out)


def api_page(mod: str) -> str:
    """The Markdown of a module's page (mkdocstrings renders it)."""
    body = f"# `{mod}`\n\n::: {mod}\n"
    if mod in ("hasenpfeffer_core.faces.widgets", "hasenpfeffer_core.faces.cli"):
        body += "    options:\n      members: false\n"
    return body
