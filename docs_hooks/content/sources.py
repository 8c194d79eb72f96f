"""The source texts' pages: each text verbatim, line by line, with the notes on its
translation beside each section, and the glossary of its mistranslated words."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from docs_hooks.content.text import esc, md_text
from docs_hooks.content.translation_notes import Term, TranslationNotes, notes_in
from hasenpfeffer_core.analysis.terms import says_instead
from hasenpfeffer_core.engine.i18n import get_language, pgettext
from hasenpfeffer_core.engine.i18n import gettext as _


def _right_word(t: Term, lang: str) -> str:
    """The project's word (terminology table) for a wrong word of the ``lang`` source."""
    found = says_instead(t.word, lang) if t.wrong else None
    return found.word(lang) if found else ""


def _mark_terms(line: str, terms: Iterable[Term], number: int, lang: str) -> tuple[str, list[Term]]:
    """The line HTML-escaped, with the noted words wrapped; its text is unchanged."""
    usable = [t for t in terms if not t.only_on_lines or number in t.only_on_lines]
    usable.sort(key=lambda t: -len(t.word))
    out = []
    found: list[Term] = []
    i = 0
    while i < len(line):
        for t in usable:
            if line.startswith(t.word, i):
                cls = "hp-term hp-term-wrong" if t.wrong else "hp-term hp-term-ok"
                # The notes file is English: the tooltip's words around it are translated.
                if t.wrong:
                    tip = _("{english}: {says}").format(english=t.english, says=t.says)
                else:
                    tip = _("{english} ({says})").format(english=t.english, says=t.says)
                right = _right_word(t, lang)
                if right:
                    tip = _("{note}; say {word}").format(note=tip, word=right)
                out.append(
                    f'<span class="{cls}" title="{esc(tip)}" tabindex="0">{esc(t.word)}</span>'
                )
                found.append(t)
                i += len(t.word)
                break
        else:
            out.append(esc(line[i]))
            i += 1
    return "".join(out), found


def _noted(notes: TranslationNotes, text: str) -> str:
    """A text of ``notes``, escaped; marked with the notes' language on a page in
    another (one whose language has no notes of its own)."""
    if get_language() == notes.lang:
        return esc(text)
    return f'<span lang="{esc(notes.lang)}">{esc(text)}</span>'


def source_html(text: str, lang: str, translation: TranslationNotes | None = None) -> str:
    """The source text verbatim, one paragraph per line, with notes and links per section.

    The text of the ``p.hp-src-line`` paragraphs, joined with newlines, is the file: it
    is the same in every language of the site. The notes beside it are in the page's
    language where it has a notes file (:func:`notes_in`), else in English, marked so.
    """
    page_lang = get_language()
    notes_file = notes_in(page_lang) if translation is None else translation
    noted = functools.partial(_noted, notes_file)
    lines = text.split("\n")
    terms = notes_file.terms[lang]
    line_notes = notes_file.line_notes[lang]
    sections = notes_file.sections
    for t in terms:
        if t.word not in text:
            raise ValueError(f"the glossed word {t.word!r} is not in the {lang} source text")
    if sections[-1].last_line != len(lines):
        raise ValueError(
            f"the {lang} source has {len(lines)} lines, the sections expect "
            f"{sections[-1].last_line}"
        )
    out = []
    our_note = esc(_("(our note)"))
    words_to_watch = esc(_("Words to watch"))
    for sec in sections:
        body = []
        seen: dict[str, Term] = {}
        for n in range(sec.first_line, sec.last_line + 1):
            marked, found = _mark_terms(lines[n - 1], terms, n, lang)
            for t in found:
                seen.setdefault(t.word, t)
            cls = "hp-src-line" + (" hp-src-head" if n == sec.first_line and n > 1 else "")
            body.append(f'<p class="{cls}" data-line="{n}">{marked}</p>')
        notes = []
        for t in seen.values():
            mark = "✗" if t.wrong else "✓"
            where = f' <span class="hp-small">{our_note}</span>' if t.our_note else ""
            right = _right_word(t, lang)
            word = f'<span lang="{esc(lang)}">{esc(t.word)}</span>'
            # Translators: a note on a word of a source text: {word} is the word, {english}
            # the English term it stands for, {says} what the word really says.
            line = _("{word} for {english}: {says}").format(
                word=word, english=f"<em>{noted(t.english)}</em>", says=noted(t.says)
            )
            if right:
                # Translators: {note} is the note above, {word} the project's word to use.
                line = _("{note}; say {word}").format(
                    note=line, word=f'<b lang="{esc(lang)}" class="hp-say">{esc(right)}</b>'
                )
            notes.append(f'<li><span class="hp-mark">{mark}</span> {line}{where}</li>')
        for n in range(sec.first_line, sec.last_line + 1):
            if n in line_notes:
                note = _("Line {n}: {note}").format(n=n, note=noted(line_notes[n]))
                notes.append(f"<li>{note}</li>")
        notes_html = (
            f'<p class="hp-notes-title">{words_to_watch}</p><ul>{"".join(notes)}</ul>'
            if notes
            else ""
        )
        more = "".join(
            f'<p class="hp-see-also"><a href="../../rules/#{esc(anchor)}">'
            + _("See also: {title} →").format(title=noted(text))
            + "</a></p>"
            for anchor, text in sec.see_also
        )
        lines_note = _("(lines {first} to {last})").format(first=sec.first_line, last=sec.last_line)
        # Translators: a link to the section of the site's own rules page that explains
        # the same rule; {title} is that section's heading.
        explained = _("Explained in the site's rules: {title} →").format(
            title=noted(sec.explained_title)
        )
        out.append(
            f'<section class="hp-src-section" id="section-{sec.first_line}">'
            f'<div class="hp-src-text" lang="{esc(lang)}">{"".join(body)}</div>'
            f'<aside class="hp-src-notes" lang="{esc(page_lang)}">'
            f'<p class="hp-notes-title">{noted(sec.title)}'
            f' <span class="hp-small">{esc(lines_note)}</span></p>'
            f'<p class="hp-summary">{noted(sec.summary)}</p>{notes_html}'
            f'<p class="hp-explained"><a href="../../rules/#{esc(sec.explained_at)}"'
            f">{explained}</a></p>{more}</aside></section>"
        )
    return "\n".join(out)


def terms_table(lang: str, translation: TranslationNotes | None = None) -> str:
    """The glossary of mistranslated words (rules-notes section 7) for one language."""
    rows = []
    notes = notes_in(get_language()) if translation is None else translation
    for t in notes.terms[lang]:
        verdict = _("✗ wrong") if t.wrong else _("✓ right")
        origin = " " + _("(our note)") if t.our_note else ""
        right = _right_word(t, lang)
        say = f'<span lang="{esc(lang)}">{md_text(right)}</span>' if right else ""
        rows.append(
            f'| <span lang="{esc(lang)}">{md_text(t.word)}</span> | {md_text(t.english)} | '
            f"{md_text(t.says)} | {md_text(verdict + origin)} | {say} |"
        )
    head = " | ".join(
        md_text(words)
        for words in (
            pgettext("column", "the text has"),
            # Translators: the column of the term a word of the source text stands for.
            pgettext("column", "stands for"),
            pgettext("column", "what the word says"),
            pgettext("column", "verdict"),
            pgettext("column", "say instead"),
        )
    )
    return f"| {head} |\n| --- | --- | --- | --- | --- |\n" + "\n".join(rows) + "\n"
