"""``on_files``: the files each build generates (after the i18n plugin has picked each
page's language): the executed lessons (see ``docs_hooks.lessons``), the API pages, the
JSON the practice quizzes, the puzzles and the hand viewer read (under ``/it/`` and
``/th/`` for those builds), and the Thai webfont (``docs_hooks.fonts``)."""

from __future__ import annotations

import os
from types import SimpleNamespace
from typing import Any

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

from docs_hooks import content, fonts
from docs_hooks.api_reference import all_api_modules, api_page, api_path
from docs_hooks.content import puzzles
from docs_hooks.content.practice import PRACTICE_KINDS
from docs_hooks.lessons import CACHE as LESSONS_CACHE
from docs_hooks.lessons import executed_copy
from docs_hooks.state import (
    DEFAULT,
    STATE,
    build_language,
    i18n_plugin,
    lang_prefix,
)
from hasenpfeffer_core.analysis.teaching import teaching_hands
from hasenpfeffer_core.engine.i18n import language as speaking


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
        plugin = i18n_plugin(config)
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
    STATE["config"] = config
    prefix = lang_prefix(lang)
    added: list[File] = []
    with speaking(lang):
        out_dir = LESSONS_CACHE / "site-src" / (lang if lang != DEFAULT else "")
        for lesson in STATE["lessons"]:
            executed_copy(lesson, out_dir)
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
            # (the language menu on an English-only page leads to the other sites' homes)
            api = File.generated(config, api_path(mod), content=api_page(mod))
            added.append(_localized(api, lang, config, page=True, everywhere=False))
        data_files: dict[str, Any] = {}
        for kind in PRACTICE_KINDS:
            data_files[f"assets/data/practice-{kind}.json"] = content.practice_data(kind)
        for name, data in puzzles.site_data().items():
            data_files[f"assets/data/puzzles/{name}"] = data
        hands = teaching_hands()
        index = content.viewer_index_data(hands)
        data_files["assets/data/hands/index.json"] = index
        for entry in index["hands"]:
            data = content.viewer_hand(entry["name"], hands)
            data_files[f"assets/data/hands/{entry['name']}.json"] = data
    for path, data in data_files.items():
        added.append(File.generated(config, prefix + path, content=content.to_json(data)))
    font_dir = fonts.fetch()
    for name in [*fonts.font_files(), fonts.LICENCE]:
        if files.get_file_from_path(f"{fonts.SITE_DIR}/{name}") is None:
            added.append(
                File.generated(
                    config, f"{fonts.SITE_DIR}/{name}", abs_src_path=str(font_dir / name)
                )
            )
    for file in added:
        files.append(file)
    plugin = i18n_plugin(config)
    if plugin is not None and lang in plugin.i18n_files_per_language:
        # the sitemap lists the pages the plugin saw; these are pages of this language too
        plugin.i18n_files_per_language[lang] += [f for f in added if f.is_documentation_page()]
    STATE["files"] = files
    return files
