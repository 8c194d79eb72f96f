"""What one build of the site knows: its language (each language is a whole MkDocs build
of its own, run by mkdocs-static-i18n), and what its events hand on to later ones."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from hasenpfeffer_core.engine.i18n import LANGUAGES

log = logging.getLogger("mkdocs.hooks.hasenpfeffer")

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hasenpfeffer_core"
#: The language of the site's root (the i18n plugin's default).
DEFAULT = "en"

STATE: dict[str, Any] = {
    "tokens": {},
    "lessons": [],
    "live": set(),
    "urls": {},
    "written": {},  # the files on_post_build writes: their paths in the site, their text
    "lang": DEFAULT,
    "not_found": {},
}


# --- the build's language ---------------------------------------------------------------


def i18n_plugin(config: Any) -> Any:
    """The mkdocs-static-i18n plugin, or ``None`` without it."""
    return config["plugins"].get("i18n")


def build_language(config: Any) -> str:
    """The language this build makes the site in: ``config.theme["language"]`` as the
    i18n plugin sets it (``en`` for anything the project does not speak)."""
    lang = str(config["theme"].get("language") or DEFAULT).split("-")[0].split("_")[0]
    return lang if lang in LANGUAGES else DEFAULT


def config_language(config: Any) -> str:
    """The build's language in ``on_config``, which runs before the i18n plugin sets the
    theme's language for this build: the plugin's current language (set before it
    starts each build), else the theme's."""
    plugin = i18n_plugin(config)
    lang = getattr(plugin, "current_language", None) or getattr(plugin, "default_language", None)
    return lang if lang in LANGUAGES else build_language(config)


def lang_prefix(lang: str) -> str:
    """The folder of a language in the site: ``""`` for English, ``it/``, ``th/``."""
    return "" if lang == DEFAULT else f"{lang}/"


def outermost(config: Any) -> bool:
    """Whether this build is the first (English) one, after the i18n plugin has built
    the other languages: its ``on_post_build`` runs last."""
    plugin = i18n_plugin(config)
    return plugin is None or not getattr(plugin, "building", False)


def page_root(page: Any) -> str:
    """The relative path from a page to the site's root."""
    root: str = "../" * page.url.count("/")
    return root


def translated(page: Any, lang: str) -> bool:
    """Whether a page of ``lang``'s site is in ``lang`` (a page without a translation is
    shown in English: the i18n plugin's fallback, and the API reference)."""
    if lang == DEFAULT:
        return True
    return getattr(page.file, "localization", None) == lang
