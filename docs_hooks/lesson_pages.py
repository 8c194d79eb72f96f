"""A lesson's page as MkDocs writes it, made to work offline and lighter
(``on_post_page``): no loader from a CDN, the JupyterLab styles and the saved widget
state in files of their own, links to other notebooks and to the Markdown sources
pointed at the pages built from them, each saved widget marked as a picture, the "Try
it live" link, and code cells the keyboard can scroll."""

from __future__ import annotations

import hashlib
import html
import posixpath
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from docs_hooks import lite
from docs_hooks.lessons import TRANSLATED
from docs_hooks.state import (
    STATE,
    lang_prefix,
    page_root,
)
from hasenpfeffer_core.engine.i18n import gettext as _

# The lessons: mkdocs-jupyter's widget loader fetches embed-amd.js from a CDN (and
# RequireJS would clash with Material's scripts if loaded early). Drop its loader;
# assets/widgets-offline.js loads the site's own copies once the page has loaded.
_WIDGET_LOADER = re.compile(
    r"<script>\s*\(function\(\) \{\s*function addWidgetsRenderer\(\).*?</script>", re.DOTALL
)
_MATHJAX_CONFIG = re.compile(
    r"<!-- Load mathjax -->.*?<!-- End of mathjax configuration -->", re.DOTALL
)


_SCRIPT = re.compile(r"<script\b[^>]*>.*?</script>", re.DOTALL | re.IGNORECASE)
_OFF_SITE_LOADERS = ("cdnjs.cloudflare.com", "cdn.jsdelivr.net", "unpkg.com")


def _drop_cdn_loaders(output: str) -> str:
    """Remove nbconvert's loaders for MathJax, Mermaid and RequireJS from CDNs."""

    def drop(m: re.Match[str]) -> str:
        block = m.group(0)
        if "json" in block[: block.index(">")]:
            return block  # saved widget state and views: data, not loaders
        return "" if any(host in block for host in _OFF_SITE_LOADERS) else block

    return _SCRIPT.sub(drop, output)


def _live_href(page: Any) -> str:
    """The address of a lesson's live copy, in its language, from its page ("" if it
    has none)."""
    name = Path(page.file.src_uri).stem
    if name not in STATE["live"]:
        return ""
    return f"{page_root(page)}{lite.live_url(name, STATE['lang'])}"


def _live_link(page: Any) -> str:
    """The "Try it live" link of a lesson page."""
    href = _live_href(page)
    if not href:
        return ""
    try_it = html.escape(_("Try it live"))
    return (
        '<p class="hp-live"><a class="md-button md-button--primary hp-live-link" '
        f'href="{href}">{try_it}</a> '
        + html.escape(
            _(
                "Run this lesson and use its widgets right here in the browser, nothing "
                "installed (Python runs in the page; the first start takes a little while)."
            )
        )
        + "</p>"
    )


# --- the lessons' pages: links, saved widgets, shared styles ----------------------------

_NOTEBOOK_START = re.compile(r'<div class="jupyter-wrapper"')
#: A link in a lesson's page: the attribute and its value.
_HREF = re.compile(r'(<a\b[^>]*?\shref=")([^"]*)(")', re.IGNORECASE)


def _site_target(repo_path: str) -> str | None:
    """The site page (as a path from the site root) that a repository file became:
    a lesson of this build's language, a lessons' index, a page of ``site/`` (its
    Italian file ``site/X.it.md`` is the Italian page, ``it/X/``)."""
    folder = lessons_folder()
    lessons = {f"{folder}/{lesson.source.name}": lesson for lesson in STATE["lessons"]}
    if repo_path in lessons:
        return f"{lang_prefix(STATE['lang'])}lessons/{lessons[repo_path].source.stem}/"
    return lite.site_page(repo_path)


def lessons_folder() -> str:
    """The repository folder of the lessons this build shows: ``lessons``,
    ``lessons/it``..."""
    langs = {lesson.lang for lesson in STATE["lessons"]}
    return "lessons/" + langs.pop() if langs and langs <= set(TRANSLATED) else "lessons"


def _lesson_link(href: str, page: Any) -> str:
    """A notebook's link, as written for JupyterLab (``02-following-suit.ipynb``,
    ``README.md``, ``../site/rules/glossary.md#joker``; from an Italian lesson
    ``../../site/rules/glossary.it.md``), pointed at the page the site built from that
    file; any other link is kept as it is."""
    parts = urlsplit(html.unescape(href))
    if parts.scheme or parts.netloc or not parts.path or parts.path.startswith("/"):
        return href
    if not parts.path.endswith((".ipynb", ".md")):
        return href  # the theme's own links (menus, footer): already the site's pages
    repo_path = posixpath.normpath(posixpath.join(lessons_folder(), parts.path))
    target = _site_target(repo_path)
    if target is None:
        return href
    here = posixpath.dirname(page.url.rstrip("/") + "/x")  # the page's folder
    rel = posixpath.relpath(target, here) if target else "."
    rel = (rel.rstrip("/") + "/") if rel != "." else "./"
    query = f"?{parts.query}" if parts.query else ""  # (a puzzles link names its theme)
    return html.escape(rel + query + (f"#{parts.fragment}" if parts.fragment else ""))


def _point_lesson_links(output: str, page: Any) -> str:
    return _HREF.sub(lambda m: m.group(1) + _lesson_link(m.group(2), page) + m.group(3), output)


#: A saved widget's output area in a lesson page (mkdocs-jupyter's markup).
_WIDGET_OUTPUT = re.compile(
    r'(<div class="jp-OutputArea-child[^"]*">\s*<div class="jp-OutputPrompt[^"]*">[^<]*</div>\s*)'
    r'<div class="jupyter-widgets jp-OutputArea-output'
)


def _label_saved_widgets(output: str, page: Any) -> str:
    """Say on each saved widget that it is a picture, with the live link beside it.

    The widget manager draws the saved state, and its buttons would look alive: the
    site's style makes its controls ignore clicks, ``widgets-offline.js`` takes them out
    of the keyboard's way, and the note above says where to use the widget for real.
    (Not ``inert``: a wide picture must still scroll sideways under a finger.)
    """
    href = _live_href(page)
    live = ""
    if href:
        try_it = html.escape(_("Try it live"))
        link = f'<a class="hp-saved-live" href="{href}">{try_it}</a>'
        # Translators: {link} is the link "Try it live" (translated on its own).
        live = " " + _("{link} to use it.").format(link=link)
    tag = html.escape(_("Saved picture"))
    said = html.escape(
        _("This is how the widget looked when the lesson ran: it does not respond here.")
    )
    note = f'<p class="hp-saved-note"><span class="hp-saved-tag">{tag}</span> {said}{live}</p>'

    def one(m: re.Match[str]) -> str:
        return (
            note
            + m.group(1).replace(
                'class="jp-OutputArea-child', 'class="hp-saved-widget jp-OutputArea-child', 1
            )
            + '<div class="jupyter-widgets jp-OutputArea-output'
        )

    return _WIDGET_OUTPUT.sub(one, output)


_STYLE = re.compile(r"<style\b[^>]*>(.*?)</style>\s*", re.DOTALL | re.IGNORECASE)


def _share_lesson_styles(output: str, page: Any) -> str:
    """Move the JupyterLab styles mkdocs-jupyter inlines before the notebook into one file.

    Every lesson page carries the same ~600 KB of them; the pages link to one copy
    (named by its content, so a browser may cache it for good) written by
    ``on_post_build``.
    """
    start = _NOTEBOOK_START.search(output)
    content = output.find('<article class="md-content__inner')
    if start is None or content < 0:
        return output
    before = output[content : start.start()]
    styles = [m.group(1) for m in _STYLE.finditer(before)]
    if not styles:
        return output
    css = "\n".join(styles)
    name = f"assets/stylesheets/lessons.{hashlib.sha256(css.encode()).hexdigest()[:10]}.css"
    STATE["written"][name] = css
    link = f'<link rel="stylesheet" href="{page_root(page)}{name}">'
    stripped = _STYLE.sub("", before)
    return output[:content] + link + stripped + output[start.start() :]


_WIDGET_STATE = re.compile(
    r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', re.DOTALL
)


def _widget_state_apart(output: str, page: Any) -> str:
    """Move a lesson's saved widget state (most of the page's weight: 565 of lesson 07's
    671 KB) into a file of its own (named by its content), which ``widgets-offline.js``
    fetches with the widget manager when the first saved widget nears the screen. The
    page keeps an empty state script that names the file."""
    found = _WIDGET_STATE.search(output)
    if found is None:
        return output
    state = found.group(1).strip()
    name = f"assets/widgets/state.{hashlib.sha256(state.encode()).hexdigest()[:12]}.json"
    STATE["written"][name] = state
    tag = (
        '<script type="application/vnd.jupyter.widget-state+json" '
        f'data-src="{page_root(page)}{name}"></script>'
    )
    return output[: found.start()] + tag + output[found.end() :]


_CODE_CELL = re.compile(r'<div class="highlight-ipynb( [^"]*)?">')


def focusable_code(output: str) -> str:
    """A lesson's code cells take the keyboard's focus, so that a reader without a
    mouse can scroll a long line sideways with the arrow keys (WCAG 2.1.1)."""
    return _CODE_CELL.sub(lambda m: m.group(0).replace("<div ", '<div tabindex="0" ', 1), output)


def place_live_link(output: str, page: Any) -> str:
    """The "Try it live" link goes under the lesson's title (the notebook's first
    heading), or at the top of the notebook if it has none."""
    link = _live_link(page)
    if not link:
        return output
    start = _NOTEBOOK_START.search(output)
    if start is None:
        raise RuntimeError(f"{page.file.src_uri}: no place for the live link")
    title_end = output.find("</h1>", start.start())
    at = title_end + len("</h1>") if title_end >= 0 else start.start()
    return output[:at] + link + output[at:]


# --- search, one index per language --------------------------------------------------


def lesson_page(output: str, page: Any) -> str:
    """Every change above, in order, to a lesson's page."""
    output = _WIDGET_LOADER.sub("", output)
    output = _MATHJAX_CONFIG.sub("", output)
    output = _drop_cdn_loaders(output)
    output = _share_lesson_styles(output, page)
    output = _widget_state_apart(output, page)
    output = _point_lesson_links(output, page)
    output = _label_saved_widgets(output, page)
    output = place_live_link(output, page)
    return focusable_code(output)
