"""What the docs site shows about the game, generated from the engine at build time.

Every table, picture, quiz question and replay step here is computed by
``hasenpfeffer_core``; these modules only lay the results out as Markdown, HTML and
JSON. The site's hooks (``docs_hooks.markers``, ``docs_hooks.generated_files``) call
them from the MkDocs events, inside the build's language
(``hasenpfeffer_core.engine.i18n.language``): every word written here for a reader goes
through ``_()`` and comes out in that language, and so does what the engine says.
Identifiers, anchors, option values a reader types and card texts (``J♥``) stay as
they are in every language.

The modules, one job each: ``text`` (text from files made safe for HTML, Markdown and
JSON), ``macros`` (the picture macros of the prose), ``rules_tables`` (the ranking and
variants tables), ``glossary`` (the terminology table and the principles of play),
``translation_notes`` (reading the notes on the translations), ``sources`` (the source
texts' pages), ``practice`` (the site quizzes' questions), ``puzzles`` (the puzzle
bank's pages), ``viewer`` (the hand viewer's data), ``lessons_list`` (the lessons'
index).
"""

from docs_hooks.content.glossary import principles_markdown, terminology_markdown
from docs_hooks.content.lessons_list import lessons_markdown
from docs_hooks.content.macros import expand_macros
from docs_hooks.content.practice import practice_data, practice_labels
from docs_hooks.content.rules_tables import ranking_markdown, variants_markdown
from docs_hooks.content.sources import source_html, terms_table
from docs_hooks.content.text import md_inline, md_text, to_json
from docs_hooks.content.translation_notes import NOTES_FILE, notes_in, translation_notes
from docs_hooks.content.viewer import hands_html, viewer_hand, viewer_index, viewer_index_data

__all__ = [
    "NOTES_FILE",
    "expand_macros",
    "hands_html",
    "lessons_markdown",
    "md_inline",
    "md_text",
    "notes_in",
    "practice_data",
    "practice_labels",
    "principles_markdown",
    "ranking_markdown",
    "source_html",
    "terminology_markdown",
    "terms_table",
    "to_json",
    "translation_notes",
    "variants_markdown",
    "viewer_hand",
    "viewer_index",
    "viewer_index_data",
]
