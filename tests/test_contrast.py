"""The widgets' shared style reads well: WCAG AA contrast (4.5:1 for text) in JupyterLab's
light and dark themes, and with the style's own fallbacks (a page without JupyterLab's
variables, such as the docs site).

The theme values are JupyterLab's own, parsed from the installed theme extensions
(``share/jupyter/lab/themes/@jupyterlab/theme-{light,dark}-extension/index.css``). Every
colour declaration of the shared CSS is read from the CSS itself: each text colour is
paired with every background it may sit on (the page, a feedback box, a badge), and a
rule that sets both (an answered button) is paired with itself. Translucent colours are
laid over what is under them, as the browser does.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from hasenpfeffer_core.faces import render
from hasenpfeffer_core.faces.widgets import base, learner

THEMES = Path(sys.prefix) / "share" / "jupyter" / "lab" / "themes" / "@jupyterlab"
DARK = 'body[data-jp-theme-light="false"]'
AA_TEXT = 4.5

RGBA = tuple[float, float, float, float]


def theme_variables(name: str) -> dict[str, str]:
    """The ``--jp-`` variables of an installed JupyterLab theme."""
    css = THEMES / f"theme-{name}-extension" / "index.css"
    if not css.exists():
        pytest.skip(f"JupyterLab's {name} theme is not installed ({css})")
    text = css.read_text(encoding="utf-8")
    return dict(re.findall(r"(--jp-[\w-]+)\s*:\s*([^;{}]+);", text))


def _split_args(inner: str) -> tuple[str, str | None]:
    """``--name, fallback`` (the fallback may hold commas and brackets)."""
    depth = 0
    for i, ch in enumerate(inner):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            return inner[:i].strip(), inner[i + 1 :].strip()
    return inner.strip(), None


def resolve(value: str, variables: dict[str, str]) -> str:
    """A CSS value with its ``var()`` references replaced, as the browser does."""
    value = value.strip().removesuffix("!important").strip()
    while value.startswith("var("):
        assert value.endswith(")"), value
        name, fallback = _split_args(value[4:-1])
        if name in variables:
            value = variables[name].strip()
        elif fallback is not None:
            value = fallback
        else:
            raise AssertionError(f"{name} has no value and no fallback")
    return value


NAMED = {"white": "#ffffff", "black": "#000000"}


def parse_colour(text: str) -> RGBA:
    text = NAMED.get(text.strip().lower(), text.strip().lower())
    if text.startswith("#"):
        digits = text[1:]
        if len(digits) == 3:
            digits = "".join(d * 2 for d in digits)
        r, g, b = (int(digits[i : i + 2], 16) for i in (0, 2, 4))
        return (r, g, b, 1.0)
    m = re.fullmatch(r"rgba?\(([^)]*)\)", text)
    assert m, f"not a colour: {text!r}"
    parts = [p.strip() for p in m.group(1).split(",")]
    r, g, b = (float(p) for p in parts[:3])
    a = float(parts[3]) if len(parts) > 3 else 1.0
    return (r, g, b, a)


def over(top: RGBA, under: RGBA) -> RGBA:
    """``top`` laid over an opaque ``under``."""
    a = top[3]
    return (
        top[0] * a + under[0] * (1 - a),
        top[1] * a + under[1] * (1 - a),
        top[2] * a + under[2] * (1 - a),
        1.0,
    )


def luminance(c: RGBA) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])


def contrast(fg: RGBA, bg: RGBA) -> float:
    hi, lo = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def rules(css: str) -> list[tuple[str, dict[str, str]]]:
    """(selector, declarations) for every rule of a style sheet."""
    css = re.sub(r"</?style>", "", css)
    out = []
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        decls = {}
        for decl in body.split(";"):
            if ":" in decl:
                prop, value = decl.split(":", 1)
                decls[prop.strip()] = value.strip()
        out.append((" ".join(selector.split()), decls))
    return out


#: The shared style sheets: the widgets' (base.STYLE), the pictures' (render._CSS) and
#: the progress widgets' (the lesson header, practice, the progress page).
SHEETS = {"widgets": base.STYLE, "pictures": render._CSS, "progress": learner.PROGRESS_STYLE}


def colour_rules(theme: str) -> dict[str, dict[str, str]]:
    """selector -> its colour declarations in ``theme`` (the dark theme's own rules win)."""
    out: dict[str, dict[str, str]] = {}
    dark_rules = []
    for sheet in SHEETS.values():
        for selector, decls in rules(sheet):
            colours = {
                k: v for k, v in decls.items() if k in ("color", "background", "background-color")
            }
            if not colours:
                continue
            if selector.startswith(DARK):
                dark_rules.append((selector[len(DARK) :].strip(), colours))
            else:
                out.setdefault(selector, {}).update(colours)
    if theme == "dark":
        for selector, colours in dark_rules:
            out.setdefault(selector, {}).update(colours)
    return out


def pairs(theme: str, variables: dict[str, str]) -> list[tuple[str, str, float]]:
    """Every text colour on every background it may sit on: (text, background, ratio)."""
    page_text = "#1b1d22" if theme == "fallbacks" else None
    page = parse_colour(
        resolve("var(--jp-layout-color0,#ffffff)", variables) if theme != "fallbacks" else "#fff"
    )
    texts: dict[str, RGBA] = {}
    surfaces: dict[str, RGBA] = {"the page": page}
    out = []
    for selector, decls in colour_rules(theme).items():
        fg = decls.get("color")
        bg = decls.get("background") or decls.get("background-color")
        if fg in ("inherit", "currentColor"):
            continue
        if fg and bg:  # a button: its own text on its own fill
            fill = over(parse_colour(resolve(bg, variables)), page)
            ink = over(parse_colour(resolve(fg, variables)), fill)
            out.append((selector, selector, contrast(ink, fill)))
        elif fg:
            texts[selector] = parse_colour(resolve(fg, variables))
        elif bg:
            surfaces[selector] = over(parse_colour(resolve(bg, variables)), page)
    assert page_text is None or texts, "the style declares no text colour"
    for t_name, ink in texts.items():
        for s_name, fill in surfaces.items():
            out.append((t_name, s_name, contrast(over(ink, fill), fill)))
    return out


THEME_NAMES = ("light", "dark", "fallbacks")


def variables_for(theme: str) -> dict[str, str]:
    return {} if theme == "fallbacks" else theme_variables(theme)


@pytest.mark.parametrize("theme", THEME_NAMES)
def test_every_text_colour_meets_wcag_aa_on_every_background(theme: str) -> None:
    found = pairs(theme, variables_for(theme))
    assert len(found) >= 20, "the shared style should declare text, surfaces and buttons"
    low = [f"{t} on {s}: {r:.2f}:1" for t, s, r in found if r < AA_TEXT]
    assert not low, f"below {AA_TEXT}:1 in the {theme} theme:\n" + "\n".join(low)


@pytest.mark.parametrize("theme", THEME_NAMES)
def test_answered_buttons_are_solid_and_readable(theme: str) -> None:
    """The right, wrong and advised buttons: a solid fill, AA text, never faded."""
    found = {t: r for t, s, r in pairs(theme, variables_for(theme)) if t == s}
    for mark in ("hp-right", "hp-wrong", "hp-advised"):
        (ratio,) = [r for sel, r in found.items() if sel.endswith(f".{mark}")]
        assert ratio >= AA_TEXT, (mark, ratio)
    assert re.search(r"\.hp-right:disabled[^{]*\{opacity:1\}", base.STYLE)


def test_every_colour_of_the_shared_style_is_a_themeable_variable() -> None:
    """Each colour is ``var(--hp-NAME, ...)``: the docs site can set every one of them."""
    for name, sheet in SHEETS.items():
        for selector, decls in rules(sheet):
            for prop in ("color", "background", "background-color", "border-color"):
                value = decls.get(prop)
                if value is None or value in ("inherit", "currentColor"):
                    continue
                assert value.startswith("var(--hp-"), (name, selector, prop, value)


def test_the_custom_properties_are_documented_for_the_site() -> None:
    used = set(re.findall(r"var\((--hp-[\w-]+)", "".join(SHEETS.values())))
    assert used, "the style uses no --hp- property"
    doc = base.__doc__ or ""
    missing = [p for p in sorted(used) if p not in doc]
    assert not missing, f"base.py's docstring does not describe {missing}"


def test_the_dark_theme_makes_the_plain_button_dark_on_dark_unreadable_without_the_style() -> None:
    """Why the marks exist: the card ink on JupyterLab's dark button grey (what an answered
    card button showed before) is far below AA; the mark's own colours are not."""
    dark = theme_variables("dark")
    grey = parse_colour(resolve("var(--jp-layout-color2)", dark))
    assert contrast(parse_colour("#1b1d22"), grey) < 2
    fill = parse_colour(resolve(base.HP_COLOURS["wrong-bg"], dark))
    ink = parse_colour(resolve(base.HP_COLOURS["wrong-fg"], dark))
    assert contrast(ink, fill) >= AA_TEXT


def test_a_card_buttons_edge_shows_on_a_white_page() -> None:
    """A card button's face is near white; its edge makes it read as a button on a
    white page (WCAG 1.4.11 asks 3:1 of a control's boundary)."""
    edge, page, face = (parse_colour(c) for c in (base.CARD_EDGE, "#ffffff", base.CARD_FACE))
    assert contrast(edge, page) >= 3 and contrast(edge, face) >= 3
    assert f"inset 0 0 0 1px {base.CARD_EDGE}" in base.STYLE
