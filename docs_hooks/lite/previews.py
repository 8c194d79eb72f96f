"""Each live lesson's preview: the notebook as plain HTML, its widgets as their saved
pictures, which the notebook page shows while JupyterLab and Python start (until
JupyterLab has drawn the notebook, then it hands over at the cell the reader scrolled
to: see ``autorun``)."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from docs_hooks.lite.notebooks import live_notebooks
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.i18n import language

#: The live copy's folder of lesson previews (``<notebook path>.html``).
PREVIEW_DIR = "hp-previews"
#: The preview's style sheet, in the live copy's root.
PREVIEW_CSS_FILE = "hp-preview.css"


def _esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def preview_bar(lang: str = "en") -> str:
    """The line above a lesson's preview, in ``lang``."""
    with language(lang):
        # Translators: above a picture of a lesson in the live copy, shown for the few
        # seconds JupyterLab and Python take to start in the browser
        return _("Opening the live lesson: JupyterLab and Python are starting in your browser.")


def preview(nb: dict[str, Any], lang: str = "en") -> str:
    """A lesson's preview: the notebook as the live copy has it (its widgets as saved
    pictures), drawn as plain HTML for the page to show before JupyterLab has drawn the
    notebook. One element per cell (``.cell``, in the notebook's order), so the page can
    put the notebook where the reader has scrolled to."""
    import nbformat
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(template_name="basic")  # type: ignore[no-untyped-call]
    exporter.exclude_input_prompt = True
    exporter.exclude_output_prompt = True
    node = nbformat.reads(json.dumps(nb), as_version=4)  # type: ignore[no-untyped-call]
    body, _resources = exporter.from_notebook_node(node)
    return (
        f'<div class="hp-pv-bar" role="status">{_esc(preview_bar(lang))}</div>'
        f'<div class="hp-pv-page" lang="{_esc(lang)}">{body}</div>'
    )


#: The preview's look: a plain page like JupyterLab's light theme, with what ipywidgets'
#: style sheet gives the controls a picture draws (JupyterLab's styles are not loaded
#: yet when it shows).
PREVIEW_CSS = """\
#hp-preview{position:fixed;inset:0;z-index:100000;overflow:auto;background:#fff;
  color:#1b1d22;font:14px/1.5 system-ui,'DejaVu Sans','Noto Sans Thai',sans-serif}
#hp-preview .hp-pv-bar{position:sticky;top:0;z-index:1;display:flex;align-items:center;
  gap:.6em;padding:8px 16px;background:#f2f3f5;border-bottom:1px solid #d0d3d8;font-size:13px}
#hp-preview .hp-pv-bar::before{content:"";width:.9em;height:.9em;flex:none;border-radius:50%;
  border:2px solid currentColor;border-right-color:transparent;animation:hp-saved-turn 1s linear infinite}
@keyframes hp-saved-turn{to{transform:rotate(1turn)}}
@media (prefers-reduced-motion:reduce){#hp-preview .hp-pv-bar::before{animation:none}}
#hp-preview .hp-pv-page{max-width:1200px;margin:0 auto;padding:12px 24px 80px;box-sizing:border-box}
#hp-preview .cell{margin:8px 0}
#hp-preview h1{font-size:1.85em;margin:.6em 0 .4em}
#hp-preview h2{font-size:1.45em;margin:1em 0 .4em}
#hp-preview h3{font-size:1.15em}
#hp-preview .anchor-link{display:none}
#hp-preview a{color:#0b57d0}
#hp-preview code{font-family:'DejaVu Sans Mono',monospace;font-size:.92em;background:#f2f3f5;padding:0 3px}
#hp-preview .input_area{background:#f5f5f5;border:1px solid #e0e0e0;padding:6px 10px;overflow-x:auto}
#hp-preview pre{margin:0;font:13px/1.4 'DejaVu Sans Mono',monospace;white-space:pre}
#hp-preview .output_area{padding:6px 0 0 4px;overflow-x:auto}
#hp-preview table{border-collapse:collapse}
#hp-preview img,#hp-preview svg{max-width:100%}
#hp-preview .hp-w svg{max-width:none}
#hp-preview .hp-w svg.hp-svg{max-width:100%}
#hp-preview .jupyter-widgets{margin:2px;box-sizing:border-box}
#hp-preview .widget-box{display:flex;margin:0}
#hp-preview .widget-hbox{flex-direction:row}
#hp-preview .widget-vbox{flex-direction:column}
#hp-preview .widget-gridbox{display:grid;margin:0}
#hp-preview .widget-inline-hbox{display:flex;flex-direction:row;align-items:baseline}
#hp-preview .widget-label{width:80px;text-align:right;margin-right:8px;flex:none;
  white-space:nowrap;overflow:hidden;text-overflow:ellipsis;line-height:28px}
#hp-preview .widget-html-content{line-height:28px;flex:1 1 auto;overflow:hidden}
#hp-preview .jupyter-button{height:28px;border:0;padding:0 8px;margin:2px;background:#eee;
  color:rgba(0,0,0,.87);font:13px system-ui,'DejaVu Sans',sans-serif;width:148px;max-width:100%;
  overflow:hidden;text-overflow:ellipsis;white-space:nowrap;box-sizing:border-box}
#hp-preview .jupyter-button.mod-primary{background:#2196f3;color:#fff}
#hp-preview .jupyter-button.mod-success{background:#4caf50;color:#fff}
#hp-preview .jupyter-button.mod-info{background:#00bcd4;color:#fff}
#hp-preview .jupyter-button.mod-warning{background:#ff9800;color:#fff}
#hp-preview .jupyter-button.mod-danger{background:#f44336;color:#fff}
#hp-preview .jupyter-button.mod-active{background:#bdbdbd}
#hp-preview select,#hp-preview input,#hp-preview textarea{height:28px;border:1px solid #9e9e9e;
  background:#fff;font:13px system-ui,'DejaVu Sans',sans-serif;box-sizing:border-box;width:148px}
#hp-preview textarea{height:auto;width:100%}
#hp-preview .widget-checkbox input{width:auto;height:auto}
#hp-preview .widget-progress .progress{flex:1;height:16px;background:#eee;align-self:center}
#hp-preview .progress-bar{height:100%;background:#2196f3}
#hp-preview .progress-bar-success{background:#4caf50}
#hp-preview .jupyter-widget-Collapse-header{padding:6px 8px;background:#eee;border:1px solid #d0d3d8}
#hp-preview .lm-mod-hidden{display:none}
@media (max-width:600px){#hp-preview .hp-pv-page{padding:8px 10px 60px}}
"""


def write_previews(contents: Path, out: Path) -> None:
    """Each notebook's preview (:func:`preview`), which the notebook page shows while
    JupyterLab and Python start, and the previews' style sheet."""
    for lesson in live_notebooks():
        nb = json.loads((contents / lesson.path).read_text(encoding="utf-8"))
        target = out / PREVIEW_DIR / f"{lesson.path}.html"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(preview(nb, lesson.lang), encoding="utf-8")
    (out / PREVIEW_CSS_FILE).write_text(PREVIEW_CSS, encoding="utf-8")
