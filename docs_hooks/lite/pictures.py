"""Pictures of a lesson's saved widgets, for the live copy to show while Python starts.

The live copy's kernel (Pyodide) takes seconds to start, and until it has run a cell the
cell's widgets do not exist. The site's build has every lesson executed with its widget
state saved (``docs_hooks.lessons``); from that state this module draws each widget as plain
HTML with the same elements and classes ipywidgets 8 gives its views (``widget-button``,
``widget-hbox``, ``widget-html-content`` ...), so JupyterLab's widget styles and the
lessons' own draw it as the live widget will look. A picture cannot be used: its
controls are marked disabled for assistive technology, take no focus, and the whole
picture carries a note, in the lesson's language, that the exercise comes alive once
Python has started. Running the cell replaces the picture with the live widget.

Only the widget models the lessons use are drawn as such; any other model is drawn as an
empty box of its layout (and named in the build's log), never as an error.

The widget state format is ipywidgets' own (``application/vnd.jupyter.widget-state+json``,
version 2): each model's ``model_name`` and ``state``, references to other models written
``IPY_MODEL_<id>``.
"""

from __future__ import annotations

import html
import logging
import re
from typing import Any

from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.i18n import language

log = logging.getLogger("mkdocs.hooks.hasenpfeffer")

VIEW_MIME = "application/vnd.jupyter.widget-view+json"
STATE_MIME = "application/vnd.jupyter.widget-state+json"
#: The class of a saved picture's outermost element (the live copy's script and tests
#: tell a picture from a live widget by it).
PICTURE_CLASS = "hp-saved-picture"
#: A saved picture of a widget (drawn while Python starts), and a live widget (what
#: replaces it once its cell has run), as CSS selectors.
PICTURE_SELECTOR = ".hp-saved-picture"
LIVE_WIDGET_SELECTOR = ".jp-OutputArea-output .jupyter-widgets:not(.hp-saved-picture *)"
_REF = "IPY_MODEL_"
#: Layout traits drawn as the CSS property of the same name (``_`` as ``-``), as
#: ipywidgets' LayoutView does.
_LAYOUT = [
    "align_content",
    "align_items",
    "align_self",
    "border_top",
    "border_right",
    "border_bottom",
    "border_left",
    "bottom",
    "display",
    "flex",
    "flex_flow",
    "grid_area",
    "grid_auto_columns",
    "grid_auto_flow",
    "grid_auto_rows",
    "grid_column",
    "grid_gap",
    "grid_row",
    "grid_template_areas",
    "grid_template_columns",
    "grid_template_rows",
    "height",
    "justify_content",
    "justify_items",
    "left",
    "margin",
    "max_height",
    "max_width",
    "min_height",
    "min_width",
    "object_fit",
    "object_position",
    "order",
    "overflow",
    "padding",
    "right",
    "top",
    "visibility",
    "width",
]
#: Style traits and the CSS property each sets, on the element it styles.
_BUTTON_STYLE = {
    "button_color": "background-color",
    "font_family": "font-family",
    "font_size": "font-size",
    "font_style": "font-style",
    "font_variant": "font-variant",
    "font_weight": "font-weight",
    "text_color": "color",
    "text_decoration": "text-decoration",
}
_CONTENT_STYLE = {"background": "background", "font_size": "font-size", "text_color": "color"}
#: What assistive technology and the keyboard are told of a picture's controls.
_INERT = 'tabindex="-1" aria-disabled="true"'
_STYLE_BLOCK = re.compile(r"<style>.*?</style>", re.S)

#: The note's look, and what keeps a picture from being used.
CSS = f"""
.{PICTURE_CLASS}{{position:relative;cursor:progress}}
.{PICTURE_CLASS} .hp-saved-body{{pointer-events:none}}
.{PICTURE_CLASS} .hp-saved-note{{display:inline-flex;align-items:center;gap:.5em;
  margin:0 0 4px;padding:2px 10px;border-radius:10px;font-size:13px;line-height:1.5;
  font-family:var(--jp-ui-font-family,'DejaVu Sans',sans-serif);
  color:var(--jp-ui-font-color1,#1b1d22);background:var(--jp-layout-color2,#eeeeee)}}
.{PICTURE_CLASS} .hp-saved-note::before{{content:"";width:.8em;height:.8em;flex:none;
  border-radius:50%;border:2px solid currentColor;border-right-color:transparent;
  animation:hp-saved-turn 1s linear infinite}}
@keyframes hp-saved-turn{{to{{transform:rotate(1turn)}}}}
@media (prefers-reduced-motion:reduce){{.{PICTURE_CLASS} .hp-saved-note::before{{animation:none}}}}
"""


def note(lang: str = "en") -> str:
    """The words on a saved picture, in ``lang``."""
    with language(lang):
        # Translators: on a picture of an exercise in the live copy of a lesson, shown
        # while Python starts in the browser; the live exercise replaces it
        return _("Starting Python in your browser: the exercise comes alive in a few seconds")


def _esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


class _Drawer:
    """Draws the widgets of one saved state (a notebook's)."""

    def __init__(self, state: dict[str, Any]):
        self.models: dict[str, dict[str, Any]] = state.get("state", {})
        self.unknown: set[str] = set()

    def model(self, ref: Any) -> dict[str, Any] | None:
        if not isinstance(ref, str):
            return None
        entry = self.models.get(ref.removeprefix(_REF))
        return entry if isinstance(entry, dict) else None

    def traits(self, ref: Any) -> dict[str, Any]:
        entry = self.model(ref)
        return entry.get("state", {}) if entry else {}

    # --- styles --------------------------------------------------------------------

    def layout(self, s: dict[str, Any]) -> list[str]:
        lay = self.traits(s.get("layout"))
        return [f"{name.replace('_', '-')}: {lay[name]}" for name in _LAYOUT if lay.get(name)]

    def styled(self, s: dict[str, Any], table: dict[str, str]) -> list[str]:
        style = self.traits(s.get("style"))
        return [f"{css}: {style[t]}" for t, css in table.items() if style.get(t)]

    @staticmethod
    def attr_style(rules: list[str]) -> str:
        return f' style="{_esc("; ".join(rules))};"' if rules else ""

    def classes(self, s: dict[str, Any], *own: str) -> str:
        extra = [c for c in s.get("_dom_classes", []) if isinstance(c, str)]
        return _esc(" ".join(["lm-Widget", *own, *extra]))

    def label(self, s: dict[str, Any]) -> str:
        text = s.get("description") or ""
        width = self.traits(s.get("style")).get("description_width")
        rules = ["display: none"] if not text else ([f"width: {width}"] if width else [])
        title = s.get("description_tooltip") or s.get("tooltip")
        tip = f' title="{_esc(title)}"' if title else ""
        body = text if s.get("description_allow_html") else _esc(text)
        return f'<label class="widget-label"{tip}{self.attr_style(rules)}>{body}</label>'

    # --- widgets -------------------------------------------------------------------

    def draw(self, ref: Any) -> str:
        entry = self.model(ref)
        if entry is None:
            return ""
        s = entry.get("state", {})
        name = entry.get("model_name", "")
        if s.get("layout") and self.traits(s["layout"]).get("display") == "none":
            return ""
        method = getattr(self, "_" + name, None)
        if method is None:
            self.unknown.add(name)
            return f'<div class="{self.classes(s, "jupyter-widgets")}"{self.attr_style(self.layout(s))}></div>'
        return str(method(s))

    def _box(self, s: dict[str, Any], kind: str) -> str:
        box_style = f"alert-{s['box_style']}" if s.get("box_style") else ""
        cls = self.classes(
            s, "lm-Panel", "jupyter-widgets", "widget-container", *kind.split(), box_style
        )
        children = "".join(self.draw(c) for c in s.get("children", []))
        return f'<div class="{cls}"{self.attr_style(self.layout(s))}>{children}</div>'

    def _HBoxModel(self, s: dict[str, Any]) -> str:
        return self._box(s, "widget-box widget-hbox")

    def _VBoxModel(self, s: dict[str, Any]) -> str:
        return self._box(s, "widget-box widget-vbox")

    def _BoxModel(self, s: dict[str, Any]) -> str:
        return self._box(s, "widget-box")

    def _GridBoxModel(self, s: dict[str, Any]) -> str:
        return self._box(s, "widget-gridbox")

    def _html(self, s: dict[str, Any], kind: str) -> str:
        cls = self.classes(s, "jupyter-widgets", "widget-inline-hbox", kind)
        content = self.attr_style(self.styled(s, _CONTENT_STYLE))
        return (
            f'<div class="{cls}"{self.attr_style(self.layout(s))}>{self.label(s)}'
            f'<div class="widget-html-content"{content}>{s.get("value", "")}</div></div>'
        )

    def _HTMLModel(self, s: dict[str, Any]) -> str:
        return self._html(s, "widget-html")

    def _HTMLMathModel(self, s: dict[str, Any]) -> str:
        return self._html(s, "widget-htmlmath")

    def _LabelModel(self, s: dict[str, Any]) -> str:
        cls = self.classes(s, "jupyter-widgets", "widget-label")
        return (
            f'<div class="{cls}"{self.attr_style(self.layout(s))}>{_esc(s.get("value", ""))}</div>'
        )

    def _button(self, s: dict[str, Any], kind: str, active: bool = False) -> str:
        mod = f"mod-{s['button_style']}" if s.get("button_style") else ""
        cls = self.classes(
            s, "jupyter-widgets", "jupyter-button", kind, mod, "mod-active" if active else ""
        )
        rules = self.layout(s) + self.styled(s, _BUTTON_STYLE)
        title = s.get("tooltip") or s.get("description_tooltip")
        tip = f' title="{_esc(title)}"' if title else ""
        icon = f'<i class="fa fa-{_esc(s["icon"])}"></i>' if s.get("icon") else ""
        return (
            f'<button type="button" class="{cls}"{tip} {_INERT}{self.attr_style(rules)}>'
            f"{icon}{_esc(s.get('description', ''))}</button>"
        )

    def _ButtonModel(self, s: dict[str, Any]) -> str:
        return self._button(s, "widget-button")

    def _ToggleButtonModel(self, s: dict[str, Any]) -> str:
        return self._button(s, "widget-toggle-button", bool(s.get("value")))

    def _ToggleButtonsModel(self, s: dict[str, Any]) -> str:
        style = self.traits(s.get("style"))
        width = [f"width: {style['button_width']}"] if style.get("button_width") else []
        weight = [f"font-weight: {style['font_weight']}"] if style.get("font_weight") else []
        tips = s.get("tooltips") or []
        mod = f"mod-{s['button_style']}" if s.get("button_style") else ""
        buttons = []
        for i, text in enumerate(s.get("_options_labels", [])):
            active = "mod-active" if i == s.get("index") else ""
            tip = f' title="{_esc(tips[i])}"' if i < len(tips) and tips[i] else ""
            buttons.append(
                f'<button type="button" class="widget-toggle-button jupyter-button {mod} {active}"'
                f"{tip} {_INERT}{self.attr_style(width + weight)}>{_esc(text)}</button>"
            )
        cls = self.classes(s, "jupyter-widgets", "widget-inline-hbox", "widget-toggle-buttons")
        return (
            f'<div class="{cls}"{self.attr_style(self.layout(s))}>{self.label(s)}'
            f"<div>{''.join(buttons)}</div></div>"
        )

    def _DropdownModel(self, s: dict[str, Any]) -> str:
        options = "".join(
            f"<option{' selected' if i == s.get('index') else ''}>{_esc(text)}</option>"
            for i, text in enumerate(s.get("_options_labels", []))
        )
        cls = self.classes(s, "jupyter-widgets", "widget-inline-hbox", "widget-dropdown")
        return (
            f'<div class="{cls}"{self.attr_style(self.layout(s))}>{self.label(s)}'
            f"<select {_INERT}>{options}</select></div>"
        )

    def _input(self, s: dict[str, Any], kind: str, typ: str) -> str:
        value = s.get("value")
        shown = f' value="{_esc(value)}"' if value not in (None, "") else ""
        hint = f' placeholder="{_esc(s["placeholder"])}"' if s.get("placeholder") else ""
        cls = self.classes(s, "jupyter-widgets", "widget-inline-hbox", kind)
        field = f'<input type="{typ}" class="widget-input"{shown}{hint} {_INERT}>'
        return f'<div class="{cls}"{self.attr_style(self.layout(s))}>{self.label(s)}{field}</div>'

    def _TextModel(self, s: dict[str, Any]) -> str:
        return self._input(s, "widget-text", "text")

    def _IntTextModel(self, s: dict[str, Any]) -> str:
        return self._input(s, "widget-text", "number")

    _BoundedIntTextModel = _FloatTextModel = _BoundedFloatTextModel = _IntTextModel

    def _TextareaModel(self, s: dict[str, Any]) -> str:
        hint = f' placeholder="{_esc(s["placeholder"])}"' if s.get("placeholder") else ""
        cls = self.classes(s, "jupyter-widgets", "widget-inline-hbox", "widget-textarea")
        return (
            f'<div class="{cls}"{self.attr_style(self.layout(s))}>{self.label(s)}'
            f'<textarea class="widget-input"{hint} {_INERT}>{_esc(s.get("value", ""))}</textarea></div>'
        )

    def _CheckboxModel(self, s: dict[str, Any]) -> str:
        checked = " checked" if s.get("value") else ""
        cls = self.classes(s, "jupyter-widgets", "widget-inline-hbox", "widget-checkbox")
        text = _esc(s.get("description", ""))
        return (
            f'<div class="{cls}"{self.attr_style(self.layout(s))}>'
            f'<label class="widget-label-basic"><input type="checkbox"{checked} {_INERT}>'
            f"<span>{text}</span></label></div>"
        )

    def _FloatProgressModel(self, s: dict[str, Any]) -> str:
        low, high, value = (float(s.get(k) or 0) for k in ("min", "max", "value"))
        share = 0.0 if high <= low else max(0.0, min(1.0, (value - low) / (high - low)))
        colour = self.traits(s.get("style")).get("bar_color")
        bar = [f"width: {share * 100:.1f}%"] + ([f"background-color: {colour}"] if colour else [])
        kind = f"progress-bar-{s['bar_style']}" if s.get("bar_style") else ""
        cls = self.classes(
            s, "jupyter-widgets", "widget-inline-hbox", "widget-progress", "widget-hprogress"
        )
        return (
            f'<div class="{cls}"{self.attr_style(self.layout(s))}>{self.label(s)}'
            f'<div class="progress"><div class="progress-bar {kind}"{self.attr_style(bar)}>'
            f"</div></div></div>"
        )

    _IntProgressModel = _FloatProgressModel

    def _AccordionModel(self, s: dict[str, Any]) -> str:
        titles = s.get("titles") or []
        parts = []
        for i, child in enumerate(s.get("children", [])):
            open_ = i == s.get("selected_index")
            title = titles[i] if i < len(titles) and titles[i] else ""
            caret = "fa-caret-down" if open_ else "fa-caret-right"
            hidden = "" if open_ else " lm-mod-hidden"
            parts.append(
                f'<div class="lm-Widget jupyter-widget-Collapse jupyter-widget-Accordion-child'
                f'{" jupyter-mod-active" if open_ else ""}">'
                f'<div class="lm-Widget jupyter-widget-Collapse-header"><i class="fa fa-fw {caret}">'
                f"</i><span>{_esc(title)}</span></div>"
                f'<div class="lm-Widget lm-Panel jupyter-widget-Collapse-contents{hidden}">'
                f"{self.draw(child) if open_ else ''}</div></div>"
            )
        cls = self.classes(
            s,
            "lm-Panel",
            "jupyter-widget-Accordion",
            "jupyter-widgets",
            "widget-accordion",
            "widget-container",
        )
        return f'<div class="{cls}"{self.attr_style(self.layout(s))}>{"".join(parts)}</div>'

    def _OutputModel(self, s: dict[str, Any]) -> str:
        inner = "".join(self.output(o) for o in s.get("outputs", []))
        cls = self.classes(s, "lm-Panel", "jupyter-widgets", "widget-output")
        return f'<div class="{cls}"{self.attr_style(self.layout(s))}><div class="lm-Widget jp-OutputArea">{inner}</div></div>'

    def output(self, out: dict[str, Any]) -> str:
        """One output of an Output widget (or of a cell), drawn as HTML."""
        data = out.get("data", {})
        if VIEW_MIME in data:
            return self.draw(data[VIEW_MIME].get("model_id"))
        if "text/html" in data:
            return _text(data["text/html"])
        if "image/svg+xml" in data:
            return _text(data["image/svg+xml"])
        if "image/png" in data:
            return f'<img alt="" src="data:image/png;base64,{_text(data["image/png"]).strip()}">'
        text = _text(data.get("text/plain", "")) if data else _text(out.get("text", ""))
        return f"<pre>{_esc(text)}</pre>" if text else ""


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _once_each_style(body: str) -> str:
    """``body`` with each ``<style>`` block kept the first time only (every HTML widget of
    the lessons carries the same style sheet)."""
    seen: set[str] = set()

    def keep(m: re.Match[str]) -> str:
        if m[0] in seen:
            return ""
        seen.add(m[0])
        return m[0]

    return _STYLE_BLOCK.sub(keep, body)


def picture(model_id: str, state: dict[str, Any], lang: str = "en") -> str:
    """The saved picture of the widget ``model_id`` (and everything it holds), from a
    notebook's saved widget ``state``, with its note in ``lang``."""
    drawer = _Drawer(state)
    body = drawer.draw(model_id)
    if drawer.unknown:
        log.info(
            "saved pictures draw these widgets as empty boxes: %s",
            ", ".join(sorted(drawer.unknown)),
        )
    return (
        f'<style>{CSS}</style><div class="{PICTURE_CLASS}" aria-busy="true">'
        f'<p class="hp-saved-note" role="status">{_esc(note(lang))}</p>'
        f'<div class="hp-saved-body" inert>{_once_each_style(body)}</div></div>'
    )


def undrawn(model_id: str, state: dict[str, Any]) -> set[str]:
    """The widget models in ``model_id``'s picture that are drawn as empty boxes (no
    drawing of their own here)."""
    drawer = _Drawer(state)
    drawer.draw(model_id)
    return drawer.unknown


def with_pictures(
    outputs: list[dict[str, Any]], state: dict[str, Any], lang: str = "en"
) -> list[dict[str, Any]]:
    """A cell's saved ``outputs`` as the live copy shows them before the cell runs: each
    widget as its picture (an HTML output), everything else as it was."""
    out = []
    for o in outputs:
        data = o.get("data", {})
        if VIEW_MIME in data:
            html_ = picture(data[VIEW_MIME].get("model_id", ""), state, lang)
            out.append(
                {"output_type": "display_data", "data": {"text/html": html_}, "metadata": {}}
            )
        elif o.get("output_type") == "execute_result":
            out.append(
                {"output_type": "display_data", "data": data, "metadata": o.get("metadata", {})}
            )
        else:
            out.append(o)
    return out
