"""The glossary's generated parts: the terminology table and the principles of play."""

from __future__ import annotations

from docs_hooks.content.text import md_text
from hasenpfeffer_core.analysis.principles import PRINCIPLES
from hasenpfeffer_core.analysis.puzzles import Bank
from hasenpfeffer_core.analysis.terms import terms
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.i18n import ngettext, pgettext


def terminology_markdown() -> str:
    """The terminology table (hasenpfeffer_core/locale/terms.toml) as the glossary shows
    it: each term in English, Italian and Thai, and the wrong forms of the source texts."""
    rows = []
    for t in terms():
        wrong = "; ".join(
            f'<span lang="{lang}">{md_text(form)}</span>'
            for lang in ("it", "th")
            for form in t.wrong[lang]
        )
        rows.append(
            f'| {md_text(t.en)} | <span lang="it">{md_text(t.it)}</span> | '
            f'<span lang="th">{md_text(t.th)}</span> | {wrong} |'
        )
    head = " | ".join(
        md_text(words)
        for words in (
            pgettext("column", "English"),
            pgettext("column", "Italian"),
            pgettext("column", "Thai"),
            pgettext("column", "the source texts wrongly have"),
        )
    )
    return f"| {head} |\n| --- | --- | --- | --- |\n" + "\n".join(rows) + "\n"


def principles_markdown() -> str:
    """The glossary's principles of play and bidding, phase by phase: for each, a heading
    with its anchor (``principle-`` and its key, as hints link to it), the rule in bold
    and why it works. Every word comes from ``hasenpfeffer_core.analysis.principles``.
    """
    phases = {
        "bid": (_("In the auction"), "in-the-auction"),
        "trump": (_("Naming trumps"), "naming-trump"),
        "discard": (_("The discard"), "the-discard"),
        "play": (_("In the play"), "in-the-play"),
    }
    bank = Bank()
    out = []
    for phase, (title, anchor) in phases.items():
        out.append(f"### {md_text(title)} {{#{anchor}}}\n")
        for p in PRINCIPLES:
            if p.phase == phase:
                out.append(f"#### {md_text(_(p.name))} {{#{p.anchor}}}\n")
                out.append(f"**{md_text(_(p.rule))}** {md_text(_(p.why))}\n")
                n = bank.count(p.key)
                if n:
                    # Translators: a link under a principle to the site's puzzles that
                    # practise it; n is how many there are.
                    words = ngettext("Practise it: {n} puzzle", "Practise it: {n} puzzles", n)
                    link = f"../practice/puzzles.md?theme={p.key}"
                    out.append(f"[{md_text(words.format(n=n))}]({link})\n")
    return "\n".join(out)
