"""The site's "page not found" page: in the reader's language, with the way back.

GitHub Pages serves the site's one ``404.html`` for a missing page at any depth, so the
page holds the message in English, Italian and Thai, and a few lines of script show the
one whose folder the missing address lies in (``/it/...``, ``/th/...``); without script
the English one shows. Each language's build writes the page into its own folder too
(``it/404.html``), for a host that looks there.

The page's links and styles use the site's own path (``site_url``). Served from another
root (a plain ``python -m http.server`` in ``public/``), the script points them at that
root, so the page is still styled and its links still lead somewhere (the theme's own
scripts are not fetched again: there the page keeps the light scheme).
"""

from __future__ import annotations

import html
import json

from hasenpfeffer_core.engine.i18n import LANGUAGES, NP_, pgettext
from hasenpfeffer_core.engine.i18n import gettext as _
from hasenpfeffer_core.engine.i18n import language as speaking

__all__ = ["PLACES", "not_found_html"]

#: The way back from a missing page: each place's name and its path in a language's
#: folder (the site's sections, as its menu names them).
PLACES = (
    (NP_("site menu", "Home"), ""),
    (NP_("site menu", "Learn the rules"), "rules/"),
    (NP_("site menu", "Lessons"), "lessons/"),
    (NP_("site menu", "Practice"), "practice/"),
)

#: Shows the section in the language of the address asked for, and re-roots the page's
#: links and styles when the site is served from another path than its own.
_SCRIPT = """<script>
(function () {
  var base = %s, path = location.pathname;
  var rooted = path.indexOf(base) === 0;
  var rest = rooted ? path.slice(base.length) : path.replace(/^\\/+/, "");
  var found = /^(it|th)(\\/|$)/.exec(rest);
  if (found) {
    document.querySelectorAll("[data-hp-lang]").forEach(function (s) {
      s.hidden = s.getAttribute("data-hp-lang") !== found[1];
    });
    document.documentElement.lang = found[1];
  }
  if (!rooted && base !== "/") {
    document.querySelectorAll("link[href], a[href]").forEach(function (el) {
      var href = el.getAttribute("href");
      if (href.indexOf(base) === 0) el.setAttribute("href", "/" + href.slice(base.length));
    });
  }
})();
</script>"""


def not_found_html(site_path: str) -> str:
    """The page's content: a section per language (English shown, the others hidden until
    the script picks one), each with the message and the way back, then the script.
    ``site_path`` is the site's own path (``/hasenpfeffer-core/``)."""
    esc = html.escape
    parts = []
    for lang in LANGUAGES:
        prefix = "" if lang == "en" else f"{lang}/"
        with speaking(lang):
            links = "".join(
                f'<li><a href="{esc(site_path + prefix + path)}">{esc(pgettext("site menu", name))}'
                "</a></li>"
                for name, path in PLACES
            )
            heading = _("Page not found")
            # Translators: under "Page not found", on the site, before its main places.
            text = _(
                "There is no page at this address: it may have moved, or a letter of the "
                "link may be wrong. The site's main places:"
            )
        hidden = "" if lang == "en" else " hidden"
        parts.append(
            f'<section class="hp-not-found" lang="{lang}" data-hp-lang="{lang}"{hidden}>'
            f"<h1>{esc(heading)}</h1><p>{esc(text)}</p><ul>{links}</ul></section>"
        )
    return "".join(parts) + _SCRIPT % json.dumps(site_path)
