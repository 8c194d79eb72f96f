"""MkDocs hooks: the generated parts of the site, computed by the engine at build time.

* ``on_config``: the Lessons section lists every ``lessons/*.ipynb``; the API reference
  has one page per module.
* ``on_files``: the executed lessons (see ``hp_lessons``), the API pages, and the JSON
  the practice quizzes and the hand viewer read.
* ``on_page_markdown``: ``<!-- hp:NAME -->`` markers become generated content (ranking
  tables, the variants table, the source texts, lists) and ``[[cards ...]]`` macros
  become card pictures (see ``hp_content``).
* ``on_post_page``: the lessons' widget loader is pointed at the copies of RequireJS
  and the widget manager that the site serves, and nothing is loaded from a CDN; each
  lesson page gets its "Try it live" link, each saved widget a note that it is a
  picture (with the same link), and its links to other notebooks and to the site's
  Markdown sources are pointed at the pages built from them. The JupyterLab styles every
  lesson page would inline go into one shared file instead.
* ``on_post_build``: that shared file, and the live copy of the lessons (JupyterLite on
  Pyodide, fully offline) in the site's ``live/`` (see ``hp_lite``).
"""

from __future__ import annotations

import hashlib
import html
import logging
import os
import posixpath
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

# MkDocs puts this folder on sys.path while it imports a hook, so these load from here.
import hp_content
import hp_lessons
import hp_lite
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

from hasenpfeffer_core.analysis.teaching import teaching_hands

log = logging.getLogger("mkdocs.hooks.hasenpfeffer")

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hasenpfeffer_core"
SOURCES = {"it": "sources/hasenpfeffer-rules-it.txt", "th": "sources/hasenpfeffer-rules-th.txt"}
PRACTICE_KINDS = ("trick-winner", "legal-play", "bid")

_state: dict[str, Any] = {"tokens": {}, "lessons": [], "live": {}, "urls": {}, "css": {}}


# --- the module list of the API reference ---------------------------------------------


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


def _api_path(mod: str) -> str:
    return "reference/" + mod.removeprefix("hasenpfeffer_core.").replace(".", "/") + ".md"


def _nav_title(title: str) -> str:
    """A notebook's heading as a title in the site's menu.

    The theme writes titles into pages as HTML, and into ``<title>`` after unescaping
    them, so a title may hold neither a tag nor anything that unescapes to one.
    """
    plain = " ".join(title.translate({ord("<"): "‹", ord(">"): "›"}).split())
    return html.escape(plain, quote=False)


def _find_section(nav: list[Any], title: str) -> list[Any]:
    for item in nav:
        if isinstance(item, dict) and title in item:
            section = item[title]
            assert isinstance(section, list)
            return section
    raise KeyError(f"mkdocs.yml's nav has no section {title!r}")


# --- events ---------------------------------------------------------------------------


def _git_history_usable(start: Path) -> bool:
    """Whether the checkout holding ``start`` has its whole history (no git command run).

    Outside a git checkout, or in a shallow clone (CI's usual ``fetch-depth: 1``), the
    pages' "Last update" dates would all be the build's or the last commit's: wrong.
    """
    if shutil.which("git") is None:
        return False
    for folder in (start, *start.parents):
        dot_git = folder / ".git"
        if dot_git.is_dir():
            return not (dot_git / "shallow").exists()
        if dot_git.is_file():  # a worktree: "gitdir: <path>"
            text = dot_git.read_text(encoding="utf-8", errors="replace").strip()
            gitdir = Path(text.removeprefix("gitdir:").strip())
            gitdir = gitdir if gitdir.is_absolute() else folder / gitdir
            common = gitdir / "commondir"
            if common.is_file():
                gitdir = (gitdir / common.read_text(encoding="utf-8").strip()).resolve()
            return gitdir.is_dir() and not (gitdir / "shallow").exists()
    return False


_DATES_PLUGIN = "git-revision-date-localized"


@event_priority(100)  # before the dates plugin reads the history
def on_config(config: Any) -> Any:
    dates = config["plugins"].get(_DATES_PLUGIN)
    if dates is not None and not _git_history_usable(ROOT):
        log.info("no full git history here: the pages are shown without a last-update date")
        dates.config["enabled"] = False
    _state["lessons"] = hp_lessons.lessons()
    _state["live"] = {lesson.name: lesson for lesson in hp_lite.live_lessons()}
    nav = config["nav"]
    lessons = _find_section(nav, "Lessons")
    del lessons[1:]
    for lesson in _state["lessons"]:
        lessons.append({_nav_title(lesson.title): f"lessons/{lesson.source.name}"})
    api = _find_section(nav, "API reference")
    del api[1:]
    for layer, mods in api_modules().items():
        api.append(
            {
                layer.title(): [
                    {mod.removeprefix("hasenpfeffer_core."): _api_path(mod)} for mod in mods
                ]
            }
        )
    return config


@event_priority(100)  # before mkdocs-jupyter decides which files are notebooks
def on_files(files: Files, config: Any) -> Files:
    out_dir = hp_lessons.CACHE / "site-src"
    for lesson in _state["lessons"]:
        hp_lessons.executed_copy(lesson, out_dir)
        files.append(
            File(
                f"lessons/{lesson.source.name}",
                src_dir=str(out_dir),
                dest_dir=config["site_dir"],
                use_directory_urls=config["use_directory_urls"],
            )
        )
    for mod in all_api_modules():
        title = mod
        body = f"# `{title}`\n\n::: {mod}\n"
        if mod in ("hasenpfeffer_core.faces.widgets", "hasenpfeffer_core.faces.cli"):
            body += "    options:\n      members: false\n"
        files.append(File.generated(config, _api_path(mod), content=body))
    for kind in PRACTICE_KINDS:
        data = hp_content.practice_data(kind)
        files.append(
            File.generated(
                config, f"assets/data/practice-{kind}.json", content=hp_content.to_json(data)
            )
        )
    _state["files"] = files
    hands = teaching_hands()
    index = hp_content.viewer_index(hands)
    files.append(
        File.generated(config, "assets/data/hands/index.json", content=hp_content.to_json(index))
    )
    for entry in index:
        data = hp_content.viewer_hand(entry["name"], hands)
        files.append(
            File.generated(
                config,
                f"assets/data/hands/{entry['name']}.json",
                content=hp_content.to_json(data),
            )
        )
    return files


# Linear time on any page: the name cannot give letters back, and the argument stops at
# the next "<" or ">", so no two tries scan the same text.
MARKER = re.compile(r"<!--\s*hp:([a-z-]+)(?![a-z-])([^<>]*?)-->")


def _store(page_key: str) -> Callable[[str], str]:
    tokens: dict[str, str] = _state["tokens"].setdefault(page_key, {})

    def store(html: str) -> str:
        token = f"HPTOKEN{len(tokens)}X{abs(hash(page_key)) % 10**6}Z"
        tokens[token] = html
        return token

    return store


def _first_sentence(src: Path) -> str:
    text = src.read_text(encoding="utf-8")
    m = re.search(r'"""(.+?)(?:\n\n|""")', text, re.DOTALL)
    if not m:
        return ""
    first = " ".join(m.group(1).split()).replace("|", "\\|")
    first = re.sub(r"``([^`]+)``", r"`\1`", first)
    return re.sub(r":[a-z]+:`~?([^`]+)`", r"`\1`", first)


def _source_of(mod: str) -> Path:
    path = PACKAGE / (mod.removeprefix("hasenpfeffer_core.").replace(".", "/"))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _modules_markdown() -> str:
    """One table per layer, each module with the first sentence of its docstring."""
    out: list[str] = []
    for layer, mods in api_modules().items():
        out += [
            f"## {layer.title()}",
            "",
            _first_sentence(_source_of(f"hasenpfeffer_core.{layer}")),
        ]
        out += ["", "| module | what it holds |", "| --- | --- |"]
        for mod in mods:
            rel = _api_path(mod).removeprefix("reference/")
            out.append(f"| [`{mod}`]({rel}) | {_first_sentence(_source_of(mod))} |")
        out.append("")
    return "\n".join(out)


def _app(kind: str, arg: str, root: str) -> str:
    """The element a page script fills; ``root`` leads from the page to the site root."""
    if kind == "practice":
        if arg not in PRACTICE_KINDS:
            raise ValueError(f"hp:practice needs one of {', '.join(PRACTICE_KINDS)}, not {arg!r}")
        return (
            f'<div class="hp-app hp-quiz" data-kind="{arg}" '
            f'data-src="{root}assets/data/practice-{arg}.json">'
            "<noscript>The practice questions need JavaScript.</noscript>"
            '<p class="hp-loading">Loading the questions…</p></div>'
        )
    if kind == "viewer":
        return (
            f'<div class="hp-app hp-viewer" data-src="{root}assets/data/hands/">'
            "<noscript>The hand viewer needs JavaScript.</noscript>"
            '<p class="hp-loading">Loading the teaching hands…</p></div>'
        )
    raise ValueError(kind)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    key = page.file.src_uri
    _state["tokens"][key] = {}
    store = _store(key)

    def marker(m: re.Match[str]) -> str:
        name, arg = m.group(1), (m.group(2) or "").strip()
        if name == "ranking":
            return hp_content.ranking_markdown()
        if name == "principles":
            return hp_content.principles_markdown()
        if name == "terminology":
            return hp_content.terminology_markdown()
        if name == "variants":
            return hp_content.variants_markdown()
        if name in ("source", "terms") and arg not in SOURCES:
            raise ValueError(f"{key}: hp:{name} needs one of {', '.join(SOURCES)}, not {arg!r}")
        if name == "source":
            f = files.get_file_from_path(SOURCES[arg])
            if f is None or f.abs_src_path is None:  # a generated file has no source path
                raise FileNotFoundError(f"site/{SOURCES[arg]} is missing")
            text = Path(f.abs_src_path).read_bytes().decode("utf-8")
            return "\n\n" + store(hp_content.source_html(text, arg)) + "\n\n"
        if name == "terms":
            return hp_content.terms_table(arg)
        if name == "lessons":
            return hp_content.lessons_markdown(_state["lessons"])
        if name == "modules":
            return _modules_markdown()
        if name == "hands":  # a raw HTML block: MkDocs sees its anchors, links to hands work
            return "\n\n" + hp_content.hands_html(hp_content.viewer_index()) + "\n\n"
        if name in ("practice", "viewer"):
            root = "../" * page.url.count("/")
            return "\n\n" + store(_app(name, arg, root)) + "\n\n"
        raise ValueError(f"{key}: unknown marker hp:{name}")

    markdown = MARKER.sub(marker, markdown)
    try:
        return hp_content.expand_macros(markdown, store)
    except ValueError as e:
        raise ValueError(f"{key}: {e}") from None


def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    tokens: dict[str, str] = _state["tokens"].get(page.file.src_uri, {})
    for token, value in tokens.items():
        html = html.replace(f"<p>{token}</p>", value).replace(token, value)
    return html


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
    """The address of a lesson's live copy, from its page ("" if it has none)."""
    name = Path(page.file.src_uri).stem
    if name not in _state["live"]:
        return ""
    root = "../" * page.url.count("/")
    return f"{root}{hp_lite.live_url(name)}"


def _live_link(page: Any) -> str:
    """The "Try it live" link of a lesson page."""
    href = _live_href(page)
    if not href:
        return ""
    return (
        '<p class="hp-live"><a class="md-button md-button--primary hp-live-link" '
        f'href="{href}">Try it live</a> '
        "Run this lesson and use its widgets right here in the browser, nothing installed "
        "(Python runs in the page; the first start takes a little while).</p>"
    )


# --- the lessons' pages: links, saved widgets, shared styles ----------------------------

_NOTEBOOK_START = re.compile(r'<div class="jupyter-wrapper"')
#: A link in a lesson's page: the attribute and its value.
_HREF = re.compile(r'(<a\b[^>]*?\shref=")([^"]*)(")', re.IGNORECASE)


def _site_target(repo_path: str) -> str | None:
    """The site page (as a path from the site root) that a repository file became."""
    lessons = {f"lessons/{lesson.source.name}": lesson for lesson in _state["lessons"]}
    if repo_path in lessons:
        return f"lessons/{lessons[repo_path].source.stem}/"
    if repo_path in ("lessons/README.md", "lessons"):
        return "lessons/"
    if repo_path.startswith("site/") and repo_path.endswith(".md"):
        files = _state.get("files")
        found = files.get_file_from_path(repo_path.removeprefix("site/")) if files else None
        if found is not None:
            url: str = found.url
            return url
    return None


def _lesson_link(href: str, page: Any) -> str:
    """A notebook's link, as written for JupyterLab (``02-following-suit.ipynb``,
    ``README.md``, ``../site/rules/glossary.md#joker``), pointed at the page the site
    built from that file; any other link is kept as it is."""
    parts = urlsplit(html.unescape(href))
    if parts.scheme or parts.netloc or not parts.path or parts.path.startswith("/"):
        return href
    repo_path = posixpath.normpath(posixpath.join("lessons", parts.path))
    target = _site_target(repo_path)
    if target is None:
        return href
    here = posixpath.dirname(page.url.rstrip("/") + "/x")  # the page's folder
    rel = posixpath.relpath(target, here) if target else "."
    rel = (rel.rstrip("/") + "/") if rel != "." else "./"
    return html.escape(rel + (f"#{parts.fragment}" if parts.fragment else ""))


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
    live = f' <a class="hp-saved-live" href="{href}">Try it live</a> to use it.' if href else ""
    note = (
        '<p class="hp-saved-note"><span class="hp-saved-tag">Saved picture</span> '
        f"This is how the widget looked when the lesson ran: it does not respond here.{live}</p>"
    )

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
    _state["css"][name] = css
    root = "../" * page.url.count("/")
    link = f'<link rel="stylesheet" href="{root}{name}">'
    stripped = _STYLE.sub("", before)
    return output[:content] + link + stripped + output[start.start() :]


def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """Edit links for the pages built from other files, and the lessons' dates."""
    repo = (config.get("repo_url") or "").rstrip("/")
    src = page.file.src_uri
    if repo and src.endswith(".ipynb"):
        page.edit_url = f"{repo}/edit/main/lessons/{Path(src).name}"
    elif repo and src.startswith("reference/") and src != "reference/index.md":
        mod = "hasenpfeffer_core." + src.removeprefix("reference/").removesuffix(".md").replace(
            "/", "."
        )
        page.edit_url = f"{repo}/edit/main/{_source_of(mod).relative_to(ROOT).as_posix()}"
    dates = config["plugins"].get(_DATES_PLUGIN)
    if src.endswith(".ipynb") and dates is not None and dates.config.get("enabled"):
        source = hp_lessons.LESSONS / Path(src).name
        try:
            _, stamp = dates.util.get_git_commit_timestamp(str(source))
            formats = dates.util.get_date_formats_for_timestamp(
                int(stamp), locale="en", add_spans=True
            )
            page.meta["git_revision_date_localized"] = formats[dates.config["type"]]
        except Exception as e:  # no date is better than a wrong one, or a failed build
            log.info("no last-update date for %s: %s", src, e)
    return context


#: The theme's repository link asks GitHub's API for the stars and forks on every page
#: view: the site fetches nothing from elsewhere, so the link stays and the count goes.
_REPO_FACTS = re.compile(r'(<a\b[^>]*class="md-source")\s+data-md-component="source"')


def _no_repo_facts(output: str) -> str:
    return _REPO_FACTS.sub(r"\1", output)


def on_post_template(output_content: str, template_name: str, config: Any) -> str:
    return _no_repo_facts(output_content)  # 404.html


def on_post_page(output: str, page: Any, config: Any) -> str:
    output = _no_repo_facts(output)
    if page.file.src_uri.endswith(".ipynb"):
        output = _WIDGET_LOADER.sub("", output)
        output = _MATHJAX_CONFIG.sub("", output)
        output = _drop_cdn_loaders(output)
        output = _share_lesson_styles(output, page)
        output = _point_lesson_links(output, page)
        output = _label_saved_widgets(output, page)
        output = _place_live_link(output, page)
    return output


def _place_live_link(output: str, page: Any) -> str:
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


def on_post_build(config: Any) -> None:
    """The lessons' shared styles, and the live copy of the lessons into ``live/``."""
    for name, css in _state["css"].items():
        path = Path(config["site_dir"]) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(css, encoding="utf-8")
    if os.environ.get("HP_NO_LIVE"):
        log.info("HP_NO_LIVE is set: the live copy of the lessons is not built")
        return
    site_path = urlsplit(config.get("site_url") or "/").path or "/"
    out = hp_lite.build(Path(config["site_dir"]) / hp_lite.LIVE_DIR, site_path)
    log.info("live copy of the lessons: %.1f MB in %s", hp_lite.size_bytes(out) / 1e6, out)
