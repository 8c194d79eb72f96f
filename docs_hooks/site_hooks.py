"""MkDocs hooks: the generated parts of the site, computed by the engine at build time.

The site is built in three languages by mkdocs-static-i18n: English at the root, then
Italian (``/it/``) and Thai (``/th/``), each a whole MkDocs build of its own that runs
every event below again. Each build makes its generated content in its language: the
hooks read it (``config.theme["language"]``, as the plugin sets it; in ``on_config``,
which runs before the plugin's, from the plugin itself) and generate inside
``language(lang)`` of ``hasenpfeffer_core.engine.i18n``, so the engine speaks it, and
every word the hooks write for a reader goes through ``_()`` too (the practice pages'
and the viewer's scripts get theirs in their JSON: they have no words of their own).

* ``on_config``: the Lessons section lists the build language's lessons (``lessons/``,
  ``lessons/it/``, ``lessons/th/``); the API reference has one page per module; the
  search plugin gets the build's languages.
* ``on_files`` (after the i18n plugin has picked each page's language): the executed
  lessons (see ``hp_lessons``), the API pages, the JSON the practice quizzes and the
  hand viewer read (under ``/it/`` and ``/th/`` for those builds), and the Thai webfont
  (``hp_fonts``).
* ``on_page_markdown``: ``<!-- hp:NAME -->`` markers become generated content (ranking
  tables, the variants table, the source texts, lists) and ``[[cards ...]]`` macros
  become card pictures (see ``hp_content``).
* ``on_post_page``: the lessons' widget loader is pointed at the copies of RequireJS
  and the widget manager that the site serves, and nothing is loaded from a CDN; each
  lesson page gets its "Try it live" link, each saved widget a note that it is a
  picture (with the same link), and its links to other notebooks and to the site's
  Markdown sources are pointed at the pages built from them. The JupyterLab styles every
  lesson page would inline go into one shared file instead.
* ``on_page_context``: edit links and dates, and the footer's note on Italian and Thai
  pages (translated by the project, corrections welcome).
* ``on_post_build``: that shared file; each language's search index (``search/``,
  ``it/search/``, ``th/search/``: Thai text split into words); once all languages are
  built, the 404 pages (each in the three languages: ``hp_not_found``) and the live
  copy of the lessons (JupyterLite on Pyodide, fully offline, every language's lessons)
  in the site's ``live/`` (see ``hp_lite``).
"""

from __future__ import annotations

import hashlib
import html
import json
import logging
import os
import posixpath
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlsplit

# MkDocs puts this folder on sys.path while it imports a hook, so these load from here.
import hp_content
import hp_fonts
import hp_lessons
import hp_lite
import hp_not_found
import hp_puzzles
import hp_search
import htmlmin
import rcssmin
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

from hasenpfeffer_core.analysis.practice import (
    CONCEPTS,
    LESSONS,
    ROUND,
    ROUND_PASS,
    SAME_AS,
    STRENGTH_AHEAD,
)
from hasenpfeffer_core.analysis.progress import MAX_FILE, megabytes
from hasenpfeffer_core.analysis.teaching import teaching_hands
from hasenpfeffer_core.engine.i18n import LANGUAGES, ngettext
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.i18n import language as speaking

log = logging.getLogger("mkdocs.hooks.hasenpfeffer")

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hasenpfeffer_core"
SOURCES = {"it": "sources/hasenpfeffer-rules-it.txt", "th": "sources/hasenpfeffer-rules-th.txt"}
PRACTICE_KINDS = ("trick-winner", "legal-play", "bid")
#: The language of the site's root (the i18n plugin's default).
DEFAULT = "en"
#: The search plugin's languages in each build, the build's own first (the source pages
#: show the Italian and Thai texts in every language).
SEARCH_LANGS = {"en": ["en", "it", "th"], "it": ["it", "en", "th"], "th": ["th", "en", "it"]}
#: Where the issues are: the footer's note on a translated page asks for corrections there.
ISSUES = "/issues"

_state: dict[str, Any] = {
    "tokens": {},
    "lessons": [],
    "live": set(),
    "urls": {},
    "written": {},  # the files on_post_build writes: their paths in the site, their text
    "lang": DEFAULT,
    "not_found": {},
}


# --- the build's language ---------------------------------------------------------------


def _i18n(config: Any) -> Any:
    """The mkdocs-static-i18n plugin, or ``None`` without it."""
    return config["plugins"].get("i18n")


def build_language(config: Any) -> str:
    """The language this build makes the site in: ``config.theme["language"]`` as the
    i18n plugin sets it (``en`` for anything the project does not speak)."""
    lang = str(config["theme"].get("language") or DEFAULT).split("-")[0].split("_")[0]
    return lang if lang in LANGUAGES else DEFAULT


def _config_language(config: Any) -> str:
    """The build's language in ``on_config``, which runs before the i18n plugin sets the
    theme's language for this build: the plugin's current language (set before it
    starts each build), else the theme's."""
    plugin = _i18n(config)
    lang = getattr(plugin, "current_language", None) or getattr(plugin, "default_language", None)
    return lang if lang in LANGUAGES else build_language(config)


def lang_prefix(lang: str) -> str:
    """The folder of a language in the site: ``""`` for English, ``it/``, ``th/``."""
    return "" if lang == DEFAULT else f"{lang}/"


def _outermost(config: Any) -> bool:
    """Whether this build is the first (English) one, after the i18n plugin has built
    the other languages: its ``on_post_build`` runs last."""
    plugin = _i18n(config)
    return plugin is None or not getattr(plugin, "building", False)


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


@event_priority(100)  # before the dates plugin reads the history, and before search starts
def on_config(config: Any) -> Any:
    dates = config["plugins"].get(_DATES_PLUGIN)
    if dates is not None and not _git_history_usable(ROOT):
        log.info("no full git history here: the pages are shown without a last-update date")
        dates.config["enabled"] = False
    lang = _config_language(config)
    _state["lang"] = lang
    search = config["plugins"].get("material/search") or config["plugins"].get("search")
    if search is not None:
        search.config["lang"] = list(SEARCH_LANGS.get(lang, SEARCH_LANGS[DEFAULT]))
    _state["lessons"] = hp_lessons.lessons(lang)
    if not _state["lessons"] and lang != DEFAULT:
        log.info("no lessons in lessons/%s: the %s site shows the English ones", lang, lang)
        _state["lessons"] = hp_lessons.lessons(DEFAULT)
    _state["live"] = {lesson.name for lesson in hp_lite.live_lessons(lang)}
    nav = config["nav"]
    lessons = _find_section(nav, "Lessons")
    del lessons[1:]
    for lesson in _state["lessons"]:
        lessons.append({_nav_title(lesson.title): f"lessons/{lesson.source.name}"})
    api = _find_section(nav, "API reference")
    del api[1:]
    if lang != DEFAULT:
        # The API reference is English only: the Italian and Thai sites have its index
        # page (in English, with a note), whose tables lead to the English module pages.
        return config
    for layer, mods in api_modules().items():
        api.append(
            {
                layer.title(): [
                    {mod.removeprefix("hasenpfeffer_core."): _api_path(mod)} for mod in mods
                ]
            }
        )
    return config


def _localized(
    file: File,
    lang: str,
    config: Any,
    *,
    page: bool,
    translated: bool = True,
    everywhere: bool = True,
) -> File:
    """``file`` moved into ``lang``'s folder of the site, and, for a page, given what the
    i18n plugin gives its own pages (its language, and its address in every language,
    which the language menu and the sitemap use; ``everywhere=False``: the page is in
    this language's site only)."""
    prefix = lang_prefix(lang)
    dest = prefix + file.dest_uri
    file.dest_uri = dest
    file.url = file._get_url()
    file.abs_dest_path = os.path.normpath(os.path.join(config["site_dir"], dest))
    if page:
        plugin = _i18n(config)
        langs = plugin.build_languages if plugin is not None and everywhere else [lang]
        base = file.url.removeprefix(prefix)
        alternates: dict[str, Any] = {
            other: SimpleNamespace(url=lang_prefix(other) + base, page=None) for other in langs
        }
        alternates[lang] = file
        # (what mkdocs-static-i18n sets on the pages it makes)
        file.alternates = alternates  # type: ignore[attr-defined]
        file.locale = lang  # type: ignore[attr-defined]
        file.locale_alternate_of = lang  # type: ignore[attr-defined]
        file.localization = lang if translated else None  # type: ignore[attr-defined]
    return file


def _notebook(file: File, config: Any) -> File:
    """A lesson's file as mkdocs-jupyter's own ``on_files`` would have made it (that ran
    before this hook's, which runs after the i18n plugin's)."""
    from mkdocs_jupyter.plugin import NotebookFile  # type: ignore[import-untyped]

    nb: File = NotebookFile(
        file, use_directory_urls=config["use_directory_urls"], site_dir=config["site_dir"]
    )
    return nb


@event_priority(-150)  # after the i18n plugin has chosen each page's language
def on_files(files: Files, config: Any) -> Files:
    lang = build_language(config)
    _state["config"] = config
    prefix = lang_prefix(lang)
    added: list[File] = []
    with speaking(lang):
        out_dir = hp_lessons.CACHE / "site-src" / (lang if lang != DEFAULT else "")
        for lesson in _state["lessons"]:
            hp_lessons.executed_copy(lesson, out_dir)
            nb = File(
                f"lessons/{lesson.source.name}",
                src_dir=str(out_dir),
                dest_dir=config["site_dir"],
                use_directory_urls=config["use_directory_urls"],
            )
            notebook = _notebook(nb, config)
            translated = lesson.lang == lang
            added.append(_localized(notebook, lang, config, page=True, translated=translated))
        for mod in all_api_modules() if lang == DEFAULT else ():
            body = f"# `{mod}`\n\n::: {mod}\n"
            if mod in ("hasenpfeffer_core.faces.widgets", "hasenpfeffer_core.faces.cli"):
                body += "    options:\n      members: false\n"
            # (the language menu on an English-only page leads to the other sites' homes)
            api = File.generated(config, _api_path(mod), content=body)
            added.append(_localized(api, lang, config, page=True, everywhere=False))
        data_files: dict[str, Any] = {}
        for kind in PRACTICE_KINDS:
            data_files[f"assets/data/practice-{kind}.json"] = hp_content.practice_data(kind)
        for name, data in hp_puzzles.site_data().items():
            data_files[f"assets/data/puzzles/{name}"] = data
        hands = teaching_hands()
        index = hp_content.viewer_index_data(hands)
        data_files["assets/data/hands/index.json"] = index
        for entry in index["hands"]:
            data = hp_content.viewer_hand(entry["name"], hands)
            data_files[f"assets/data/hands/{entry['name']}.json"] = data
    for path, data in data_files.items():
        added.append(File.generated(config, prefix + path, content=hp_content.to_json(data)))
    fonts = hp_fonts.fetch()
    for name in [*hp_fonts.font_files(), hp_fonts.LICENCE]:
        if files.get_file_from_path(f"{hp_fonts.SITE_DIR}/{name}") is None:
            added.append(
                File.generated(
                    config, f"{hp_fonts.SITE_DIR}/{name}", abs_src_path=str(fonts / name)
                )
            )
    for file in added:
        files.append(file)
    plugin = _i18n(config)
    if plugin is not None and lang in plugin.i18n_files_per_language:
        # the sitemap lists the pages the plugin saw; these are pages of this language too
        plugin.i18n_files_per_language[lang] += [f for f in added if f.is_documentation_page()]
    _state["files"] = files
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


def _modules_markdown(lang: str = DEFAULT) -> str:
    """One table per layer, each module with the first sentence of its docstring. On the
    Italian and Thai sites the links lead to the English module pages (from
    ``it/reference/`` to ``../../reference/...``)."""
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
            if lang != DEFAULT:
                rel = "../../reference/" + rel.removesuffix(".md") + "/"
            out.append(f"| [`{mod}`]({rel}) | {_first_sentence(_source_of(mod))} |")
        out.append("")
    return "\n".join(out)


def _app_box(app: str, src: str, error: str, needs: str, loading: str, kind: str = "") -> str:
    """The element a page script fills (class ``hp-app`` and ``app``), with where its
    data is, what it says if the data cannot be loaded (``{error}``: why), without
    JavaScript and while loading."""
    kind_attr = f' data-kind="{kind}"' if kind else ""
    return (
        f'<div class="hp-app {app}"{kind_attr} data-src="{src}" '
        f'data-error="{html.escape(error)}"><noscript>{html.escape(needs)}</noscript>'
        f'<p class="hp-loading">{html.escape(loading)}</p></div>'
    )


def _app(kind: str, arg: str, root: str) -> str:
    """The element a page script fills; ``root`` leads from the page to its language's
    root (where that language's data files are)."""
    if kind == "practice":
        if arg not in PRACTICE_KINDS:
            raise ValueError(f"hp:practice needs one of {', '.join(PRACTICE_KINDS)}, not {arg!r}")
        return _app_box(
            "hp-quiz",
            f"{root}assets/data/practice-{arg}.json",
            _("The questions could not be loaded ({error})."),
            _("The practice questions need JavaScript."),
            _("Loading the questions…"),
            kind=arg,
        )
    if kind == "puzzles":
        return _app_box(
            "hp-puzzles",
            f"{root}assets/data/puzzles/",
            _("The puzzles could not be loaded ({error})."),
            _("The puzzles need JavaScript."),
            _("Loading the puzzles…"),
        )
    if kind == "viewer":
        return _app_box(
            "hp-viewer",
            f"{root}assets/data/hands/",
            _("The teaching hands could not be loaded ({error})."),
            _("The hand viewer needs JavaScript."),
            _("Loading the teaching hands…"),
        )
    raise ValueError(kind)


#: Each site quiz's page (its first heading names the quiz).
_QUIZ_PAGES = {"trick-winner": "trick-winner", "legal-play": "legal-play", "bid": "bidding"}


def _quiz_name(kind: str, lang: str) -> str:
    """A site quiz's name in ``lang``: its page's first heading."""
    folder = ROOT / "site" / "practice"
    page = folder / f"{_QUIZ_PAGES[kind]}.{lang}.md"
    if not page.is_file():
        page = folder / f"{_QUIZ_PAGES[kind]}.md"
    heading = next(
        (line for line in page.read_text("utf-8").splitlines() if line.startswith("# ")), None
    )
    if heading is None:
        raise ValueError(f"{page} has no first heading to name its quiz by")
    return heading[2:].strip()


def held_schedule() -> dict[str, Any]:
    """What ``assets/schedule.js`` works the schedule and the stars out with, from
    :mod:`hasenpfeffer_core.analysis.practice`, in the current language: the concepts in
    the order the lessons teach them (key, name, one line, kind), ``SAME_AS``, how far
    ahead a strength looks (seconds), the lessons (number, title, exercises) and a quiz
    round's size and pass mark. The page gets it from here, and so does the test that
    runs the script against the Python schedule (tests/test_schedule_js.py)."""
    return {
        "concepts": [
            {"key": c.key, "name": _(c.name), "about": _(c.about), "kind": c.kind} for c in CONCEPTS
        ],
        "same_as": dict(SAME_AS),
        "strength_ahead": int(STRENGTH_AHEAD.total_seconds()),
        "lessons": [
            {"lesson": n, "title": _(title), "exercises": count}
            for n, (title, count) in LESSONS.items()
        ],
        "round": ROUND,
        "round_pass": ROUND_PASS,
    }


def _plural(singular: str, plural: str) -> list[str]:
    """A plural message's two forms in the current language: for one, and for more
    (``assets/held.js`` takes the first for 1; every language of the site has two forms
    at most, and Thai one)."""
    return [ngettext(singular, plural, 1), ngettext(singular, plural, 2)]


def _held(root: str, lang: str) -> str:
    """What this browser holds of the learner's progress (``assets/held.js`` fills it):
    the live lessons' answers, the site quizzes' best streaks, the puzzles, and the
    spaced practice and stars worked out from them (``assets/schedule.js``, with
    :func:`held_schedule`). ``root`` leads from the page to the site's root, where the
    live copy is."""
    labels = {
        # Translators: what the progress page shows of this browser's storage
        "live_title": _("The live lessons, in this browser"),
        "answers": _("Answers"),
        "right": _("Right"),
        "ideas": _("Ideas practised"),
        "lessons": _("Lessons practised"),
        "last": _("Last answer"),
        "none_live": _("This browser holds no answers from the live lessons yet."),
        "quizzes_title": _("Best streak in this site's quizzes, in this browser"),
        "puzzles_title": _("Your puzzles on this site, in this browser"),
        "puzzle_rating": _("Puzzle rating"),
        "puzzles_answered": _("Puzzles answered"),
        "puzzles_solved": _("Solved (right with no hint)"),
        "site_title": _("Answers kept by this site, in this browser"),
        "export": _("Export my answers"),
        "export_note": _(
            "One file with this site's answers and the live lessons' answers in this "
            "browser: hasenpfeffer progress import FILE reads it."
        ),
        "import": _("Import answers from a file"),
        "import_note": _(
            "A file that hasenpfeffer progress export, the notebooks or this page wrote; "
            "answers already here are not added twice."
        ),
        "imported": ngettext(
            "Added {added} answer from {file}.", "Added {added} answers from {file}.", 2
        ),
        "imported_one": ngettext(
            "Added {added} answer from {file}.", "Added {added} answers from {file}.", 1
        ),
        "skipped": _("Lines left out (not answers in the progress format): {skipped}."),
        "not_progress": _(
            "{file} is not a progress file (its first line does not name the format "
            "hasenpfeffer-progress, version 1): nothing was added."
        ),
        "no_storage": _(
            "This browser does not let the site keep anything (its storage is turned off "
            "for this site): your answers and streaks are not kept."
        ),
        "private": _("Read from this browser's own storage: nothing is sent anywhere."),
        "kinds": [{"kind": k, "name": _quiz_name(k, lang)} for k in PRACTICE_KINDS],
        # the spaced practice and the stars (the words of the notebooks' progress page
        # and of hasenpfeffer progress, where they have them)
        # Translators: a heading of the site's progress page: the spaced-practice
        # schedule and strengths worked out from the answers kept in this browser.
        "practice_title": _("Spaced practice, from the answers in this browser"),
        "strength_note": _(
            "Strength: your chance of still getting an idea right a week from now. It "
            "grows each time you practise and fades while you don't."
        ),
        # Translators: the ideas due for practice now, listed after it (site's progress page).
        "due_now_title": _("Due now"),
        "nothing_due": _("Nothing is due now."),
        "next_due": _("Next due: {concept}, {when}."),
        "none_practised": _(
            "No idea practised yet: the ideas of the quiz questions and puzzles you answer "
            "on this site show here."
        ),
        "situations": _("Situations"),
        "principles": _("Principles of play"),
        "how_strong": _("{title}: how strong each is now"),
        "not_yet": _("not yet"),
        "due_mark": _("due now"),
        "due_when": _("due {when}"),
        "right_of": _plural("{right} of {answers} right", "{right} of {answers} right"),
        "now": _("now"),
        "in_a_minute": _("in a minute"),
        "in_minutes": _plural("in {n} minute", "in {n} minutes"),
        "in_hours": _plural("in {n} hour", "in {n} hours"),
        "in_days": _plural("in {n} day", "in {n} days"),
        "lessons_title": _("Lessons")
        + " "
        + _("(stars: right first time, right with hints, right at last)"),
        "lesson_n": _("Lesson {n}"),
        "stars_label": ngettext("{n} of {total} star", "{n} of {total} stars", 3),
        "done_of": _("{done} of {count} done"),
        "too_large": _(
            "{path} is too large to be a progress file ({size}; the most is {limit})"
        ).replace("{limit}", megabytes(MAX_FILE)),
        "megabytes": _("{n} MB"),
    }
    needs = html.escape(_("What this browser holds is shown with JavaScript."))
    loading = html.escape(_("Reading this browser's storage…"))
    data = html.escape(json.dumps(labels, ensure_ascii=False))
    schedule = html.escape(json.dumps(held_schedule(), ensure_ascii=False))
    return (
        f'<div class="hp-app hp-held" data-live="{root}{hp_lite.LIVE_DIR}/" '
        f'data-labels="{data}" data-schedule="{schedule}"><noscript>{needs}</noscript>'
        f'<p class="hp-loading">{loading}</p></div>'
    )


def _root(page: Any) -> str:
    """The relative path from a page to the site's root."""
    root: str = "../" * page.url.count("/")
    return root


def _translated(page: Any, lang: str) -> bool:
    """Whether a page of ``lang``'s site is in ``lang`` (a page without a translation is
    shown in English: the i18n plugin's fallback, and the API reference)."""
    if lang == DEFAULT:
        return True
    return getattr(page.file, "localization", None) == lang


def _untranslated_note(page: Any) -> str:
    """The note at the top of an English page on the Italian or Thai site."""
    if page.file.src_uri.startswith("reference/"):
        title = _("The API reference is in English")
        text = _(
            "The API reference describes the code of hasenpfeffer_core: its names and "
            "docstrings are English, so this page is in English in every language of the site."
        )
    else:
        title = _("Not translated yet")
        text = _(
            "This page has not been translated yet: it is shown in English. Corrections "
            "and translations are welcome in the project's repository."
        )
    return f'!!! info "{title.replace(chr(34), chr(39))}"\n    {text}\n\n'


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    lang = build_language(config)
    with speaking(lang):
        markdown = _page_markdown(markdown, page, files, lang)
        if not _translated(page, lang):
            markdown = _untranslated_note(page) + markdown
    return markdown


def _page_markdown(markdown: str, page: Any, files: Files, lang: str) -> str:
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
            return _modules_markdown(lang)
        if name == "hands":  # a raw HTML block: MkDocs sees its anchors, links to hands work
            return "\n\n" + hp_content.hands_html(hp_content.viewer_index()) + "\n\n"
        if name in ("practice", "viewer", "puzzles"):
            return "\n\n" + store(_app(name, arg, _root(page) + lang_prefix(lang))) + "\n\n"
        if name == "held":
            return "\n\n" + store(_held(_root(page), lang)) + "\n\n"
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
    """The address of a lesson's live copy, in its language, from its page ("" if it
    has none)."""
    name = Path(page.file.src_uri).stem
    if name not in _state["live"]:
        return ""
    return f"{_root(page)}{hp_lite.live_url(name, _state['lang'])}"


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
    folder = _lessons_folder()
    lessons = {f"{folder}/{lesson.source.name}": lesson for lesson in _state["lessons"]}
    if repo_path in lessons:
        return f"{lang_prefix(_state['lang'])}lessons/{lessons[repo_path].source.stem}/"
    return hp_lite.site_page(repo_path)


def _lessons_folder() -> str:
    """The repository folder of the lessons this build shows: ``lessons``,
    ``lessons/it``..."""
    langs = {lesson.lang for lesson in _state["lessons"]}
    return "lessons/" + langs.pop() if langs and langs <= set(hp_lessons.TRANSLATED) else "lessons"


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
    repo_path = posixpath.normpath(posixpath.join(_lessons_folder(), parts.path))
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
    _state["written"][name] = css
    link = f'<link rel="stylesheet" href="{_root(page)}{name}">'
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
    _state["written"][name] = state
    tag = (
        '<script type="application/vnd.jupyter.widget-state+json" '
        f'data-src="{_root(page)}{name}"></script>'
    )
    return output[: found.start()] + tag + output[found.end() :]


def _footer_note(config: Any) -> str:
    """The footer's line on a page of the Italian or Thai site, in its language: the
    project translated it (no professional translator), and corrections are welcome."""
    repo = (config.get("repo_url") or "").rstrip("/")
    said = html.escape(
        _("This page was translated by the project, not by a professional translator.")
    )
    ask = html.escape(_("Found a mistake? Tell us in the repository's issues."))
    link = f'<a href="{html.escape(repo + ISSUES)}">{ask}</a>' if repo else ask
    return f'<span class="hp-translated-note">{said} {link}</span>'


def _relative_language_links(config: Any, page: Any) -> None:
    """The language menu's links (set by the i18n plugin just before) as the site's own
    paths, which the theme makes relative to the page: the plugin leads to a language's
    home by the published address (``/hasenpfeffer-core/it/``), which a copy of the
    site served elsewhere does not have. An API page (English only) leads to the API
    reference's index in the other languages."""
    base = urlsplit(config.get("site_url") or "/").path or "/"
    base = base if base.endswith("/") else base + "/"
    english_only = page.file.src_uri.startswith("reference/") and page.file.src_uri != (
        "reference/index.md"
    )
    extra = config["extra"]
    # (the plugin sets it as an attribute of ``extra``, which the theme reads first)
    alternates = getattr(extra, "alternate", None) or extra.get("alternate") or []
    for alt in alternates:
        link = str(alt.get("link", ""))
        lang = str(alt.get("lang", ""))
        if english_only and lang != DEFAULT:
            alt["link"] = f"{lang_prefix(lang)}reference/"
        elif link.startswith(base):
            alt["link"] = link.removeprefix(base) or "./"


def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """Edit links for the pages built from other files, the lessons' dates, and the
    footer's note on a translated page."""
    lang = build_language(config)
    repo = (config.get("repo_url") or "").rstrip("/")
    src = page.file.src_uri
    lesson_folder = _lessons_folder()
    if repo and src.endswith(".ipynb"):
        page.edit_url = f"{repo}/edit/main/{lesson_folder}/{Path(src).name}"
    elif repo and src.startswith("reference/") and src != "reference/index.md":
        mod = "hasenpfeffer_core." + src.removeprefix("reference/").removesuffix(".md").replace(
            "/", "."
        )
        page.edit_url = f"{repo}/edit/main/{_source_of(mod).relative_to(ROOT).as_posix()}"
    dates = config["plugins"].get(_DATES_PLUGIN)
    if src.endswith(".ipynb") and dates is not None and dates.config.get("enabled"):
        source = ROOT / lesson_folder / Path(src).name
        try:
            _, stamp = dates.util.get_git_commit_timestamp(str(source))
            formats = dates.util.get_date_formats_for_timestamp(
                int(stamp), locale=lang, add_spans=True
            )
            page.meta["git_revision_date_localized"] = formats[dates.config["type"]]
        except Exception as e:  # no date is better than a wrong one, or a failed build
            log.info("no last-update date for %s: %s", src, e)
    _relative_language_links(config, page)
    # The footer (the theme's copyright line) is drawn right after this event.
    with speaking(lang):
        translated = lang != DEFAULT and _translated(page, lang)
        config["copyright"] = _footer_note(config) if translated else None
    return context


#: The theme's repository link asks GitHub's API for the stars and forks on every page
#: view: the site fetches nothing from elsewhere, so the link stays and the count goes.
_REPO_FACTS = re.compile(r'(<a\b[^>]*class="md-source")\s+data-md-component="source"')


#: The theme's ``<link rel="alternate" hreflang>`` tags: its script fetches
#: ``sitemap.xml`` beside each of them (to map a page to its other languages), which
#: exists at the site's root only, so every page would ask for files that are not there.
#: The language menu's own links lead to the same page in each language, and the
#: sitemap lists each page's languages for search engines.
_ALTERNATE_LINKS = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def _no_repo_facts(output: str) -> str:
    return _ALTERNATE_LINKS.sub("", _REPO_FACTS.sub(r"\1", output))


def on_pre_template(template: Any, template_name: str, config: Any) -> Any:
    """The 404 page speaks all three languages (hp_not_found): no footer note saying
    that it was translated into one of them (the last page built left its own)."""
    if template_name == "404.html":
        config["copyright"] = None
    return template


def on_post_template(output_content: str, template_name: str, config: Any) -> str:
    output = _no_repo_facts(output_content)
    if template_name == "404.html":
        # The theme's bare "404 - Not found" becomes the message in the three languages
        # with the way back (hp_not_found). Each language's build writes its 404.html
        # over the root one: each is kept, and written into its own folder once all are
        # built, the English one at the root (GitHub Pages serves the root one).
        site_path = urlsplit(config.get("site_url") or "/").path or "/"
        output = output.replace(
            "<h1>404 - Not found</h1>", hp_not_found.not_found_html(site_path), 1
        )
        _state["not_found"][build_language(config)] = output
    return output


#: The theme's settings in each page: ``base`` leads to where the search index is.
_THEME_CONFIG = re.compile(
    r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S
)


def _search_base(output: str, lang: str) -> str:
    """On a page of the Italian or Thai site, the theme's ``base`` (where it fetches the
    search index, and what the results' addresses are relative to) is that language's
    root: each language searches its own pages."""

    def one(m: re.Match[str]) -> str:
        data = json.loads(m.group(2))
        base = str(data.get("base", "."))
        data["base"] = posixpath.join(base, lang) + "/"  # (a folder: URLs resolve inside it)
        return m.group(1) + json.dumps(data, ensure_ascii=False, separators=(",", ":")) + m.group(3)

    return _THEME_CONFIG.sub(one, output, count=1)


#: A page's link into the live copy (``live/notebooks/index.html?path=NAME.ipynb``).
_LIVE_HREF = re.compile(r'href="(?:\.\./)*live/notebooks/index\.html\?path=([\w.-]+\.ipynb)"')


def _live_links(output: str, page: Any, lang: str) -> str:
    """A page's links into the live copy, from wherever the page is (a translated page
    is one folder deeper than the English one its links were copied from), to the
    notebook of the page's language where the live copy has one."""

    def one(m: re.Match[str]) -> str:
        name = m.group(1)
        own = hp_lessons.lessons_dir(lang) / name
        path = hp_lite.live_path(name.removesuffix(".ipynb"), lang if own.is_file() else DEFAULT)
        return f'href="{_root(page)}{hp_lite.LIVE_DIR}/notebooks/index.html?path={path}"'

    return _LIVE_HREF.sub(one, output)


def on_post_page(output: str, page: Any, config: Any) -> str:
    lang = build_language(config)
    output = _no_repo_facts(output)
    if lang != DEFAULT:
        output = _search_base(output, lang)
        output = _live_links(output, page, lang)
        with speaking(lang):
            output = _theme_words(output)
    if page.file.src_uri.endswith(".ipynb"):
        with speaking(lang):
            output = _WIDGET_LOADER.sub("", output)
            output = _MATHJAX_CONFIG.sub("", output)
            output = _drop_cdn_loaders(output)
            output = _share_lesson_styles(output, page)
            output = _widget_state_apart(output, page)
            output = _point_lesson_links(output, page)
            output = _label_saved_widgets(output, page)
            output = _place_live_link(output, page)
            output = _focusable_code(output)
    output = _only_scripts_used(output, lang)
    output = _pictures_drawn_once(output)
    return _minified(output)


#: One of the engine's pictures (faces/render.py) in a page: its attributes, its
#: tooltip (a picture of one card has one), and what it draws.
_PICTURE = re.compile(
    r'<svg xmlns="http://www\.w3\.org/2000/svg" class="hp-svg" ([^>]*)>'
    r"((?:<title>[^<]*</title>)?)(.*?)</svg>",
    re.DOTALL,
)


def _pictures_drawn_once(output: str) -> str:
    """A picture drawn more than once on a page (the ranking page shows 125 cards, 67
    of them different) is drawn in full the first time, in a group with an id, and each
    later copy shows that group (``<use>``), keeping its own size, name and tooltip: the
    ranking page is 50 KB lighter, and looks and reads the same."""
    counts: dict[str, int] = {}
    for m in _PICTURE.finditer(output):
        counts[m.group(3)] = counts.get(m.group(3), 0) + 1
    ids: dict[str, str] = {}

    def one(m: re.Match[str]) -> str:
        attrs, tip, body = m.groups()
        if counts[body] < 2 or "<use" in body or ' id="' in body:
            return m.group(0)
        head = f'<svg xmlns="http://www.w3.org/2000/svg" class="hp-svg" {attrs}>{tip}'
        if body in ids:
            return f'{head}<use href="#{ids[body]}"/></svg>'
        ids[body] = f"hp-pic-{len(ids) + 1}"
        return f'{head}<g id="{ids[body]}">{body}</g></svg>'

    return _PICTURE.sub(one, output)


#: The site's own files a page loads, and what on the page needs each (a regular
#: expression over the page's HTML); a page without it does not load the file.
_USED_BY = {
    "assets/practice.js": r'class="[^"]*\bhp-quiz\b',
    "assets/viewer.js": r'class="[^"]*\bhp-viewer\b',
    "assets/held.js": r'class="[^"]*\bhp-held\b',
    "assets/schedule.js": r'class="[^"]*\bhp-held\b',
    "assets/vendor/ts-fsrs/index.umd.js": r'class="[^"]*\bhp-held\b',
    "assets/puzzles.js": r'class="[^"]*\bhp-(?:puzzles|held)\b',
    "assets/vendor/glicko2/glicko2.js": r'class="[^"]*\bhp-(?:puzzles|held)\b',
    "assets/hp-safe.js": r'class="[^"]*\bhp-(?:quiz|viewer|puzzles|held)\b',
    "assets/widgets-offline.js": r"application/vnd\.jupyter\.widget-state\+json",
    "assets/_mkdocstrings.css": r'class="doc doc-',
}


def _only_scripts_used(output: str, lang: str) -> str:
    """Leave out the site's scripts a page does not use (a quiz's, the viewer's, the
    lessons' widget loader, the Thai search box's, the API pages' styles): every page
    lists them all (``extra_javascript``), and each costs the reader a download."""
    unused = [name for name, need in _USED_BY.items() if not re.search(need, output)]
    if lang != "th":
        unused.append("assets/search-thai.js")
    for name in unused:
        output = re.sub(
            r'<(?:script src|link rel="stylesheet" href)="(?:\.\./)*'
            + re.escape(name)
            + r'(?:\?[^"]*)?"[^>]*>(?:</script>)?\s*',
            "",
            output,
        )
    return output


def _minified(output: str) -> str:
    """The page without its comments and runs of spaces (``htmlmin2``: what is inside
    ``<pre>``, ``<textarea>``, scripts and styles is kept as it is; attributes keep
    their quotes, which the site's tests read; their names come out in lower case, as
    a browser reads them: its parser gives an SVG's ``viewBox`` its case back)."""
    minified: str = htmlmin.minify(
        output,
        remove_comments=True,
        remove_optional_attribute_quotes=False,
        reduce_boolean_attributes=False,
    )
    return minified


#: Words the page's tools write in English whatever the page's language: Python-Markdown's
#: heading links, mkdocs-jupyter's copy buttons, and the one label Material's Italian
#: leaves in English (its section tabs).
_THEME_WORDS = re.compile(r'(title|aria-label)="(Permanent link|Copy to Clipboard|Tabs)"')


def _theme_words(output: str) -> str:
    """The tools' English words on a translated page, in the page's language."""
    words = {
        # Translators: the tooltip of the ¶ link beside each heading of the site.
        "Permanent link": _("Permanent link"),
        # Translators: the button that copies a lesson's code cell on the site.
        "Copy to Clipboard": _("Copy to clipboard"),
        # Translators: the accessible name of the site's row of section tabs.
        "Tabs": _("Tabs"),
    }
    return _THEME_WORDS.sub(lambda m: f'{m[1]}="{html.escape(words[m[2]])}"', output)


#: A lesson's code cell as mkdocs-jupyter writes it: a box that scrolls sideways.
_CODE_CELL = re.compile(r'<div class="highlight-ipynb( [^"]*)?">')


def _focusable_code(output: str) -> str:
    """A lesson's code cells take the keyboard's focus, so that a reader without a
    mouse can scroll a long line sideways with the arrow keys (WCAG 2.1.1)."""
    return _CODE_CELL.sub(lambda m: m.group(0).replace("<div ", '<div tabindex="0" ', 1), output)


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


# --- search, one index per language --------------------------------------------------

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
    for a reader (``hp_search``: prose, not the lessons' code; the rules first)."""
    prefix = lang_prefix(lang)
    fields = [(i, key) for i, doc in enumerate(docs) for key in ("title", "text") if key in doc]
    split = split_thai([str(docs[i][key]) for i, key in fields])
    for (i, key), text in zip(fields, split, strict=True):
        docs[i][key] = text
    for doc in docs:
        doc["location"] = str(doc["location"]).removeprefix(prefix)
    docs = hp_search.tidy(docs)  # the lessons' prose without their code; the rules first
    index = dict(data)
    index["config"] = dict(
        data.get("config", {}), lang=SEARCH_LANGS.get(lang, [lang]), separator=SEARCH_SEPARATOR
    )
    index["docs"] = docs
    path = Path(config["site_dir"]) / prefix / "search" / "search_index.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), "utf-8")
    if lang == "th":  # the words a Thai query is split by in the browser
        words = json.dumps(hp_search.thai_words(docs), ensure_ascii=False, separators=(",", ":"))
        (path.parent / hp_search.THAI_WORDS).write_text(words, "utf-8")


def _search_indexes(config: Any, lang: str, outermost: bool) -> None:
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


def _minify_site_css(site_dir: Path) -> None:
    """The site's own style sheet as served: without its comments and spaces (rcssmin),
    a quarter lighter on every page. The commented copy stays in ``site/assets/``."""
    css = site_dir / "assets" / "site.css"
    if css.is_file():
        css.write_text(rcssmin.cssmin(css.read_text(encoding="utf-8")), encoding="utf-8")


@event_priority(-150)  # after the search plugin's, and after the i18n plugin's (which
# builds the other languages from the English build's on_post_build)
def on_post_build(config: Any) -> None:
    """The lessons' shared styles and this language's search index; after the last
    language, the 404 pages (the English build's at the root) and the live copy of the
    lessons into ``live/``."""
    outermost = _outermost(config)
    # (after the other languages' builds the theme's language is the last one's)
    lang = DEFAULT if outermost else build_language(config)
    for name, text in _state["written"].items():
        path = Path(config["site_dir"]) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    _search_indexes(config, lang, outermost)
    if not outermost:
        return
    _minify_site_css(Path(config["site_dir"]))
    for lang, page in _state["not_found"].items():
        where = Path(config["site_dir"]) / lang_prefix(lang) / "404.html"
        where.write_text(page, "utf-8")
    if os.environ.get("HP_NO_LIVE"):
        log.info("HP_NO_LIVE is set: the live copy of the lessons is not built")
        return
    site_path = urlsplit(config.get("site_url") or "/").path or "/"
    out = hp_lite.build(Path(config["site_dir"]) / hp_lite.LIVE_DIR, site_path)
    log.info("live copy of the lessons: %.1f MB in %s", hp_lite.size_bytes(out) / 1e6, out)
