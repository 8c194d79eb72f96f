"""Every link of the built site leads somewhere: LinkChecker, run offline on 127.0.0.1.

The site is in three languages (English at the root, Italian in ``it/``, Thai in
``th/``): the crawl reaches all of them through the language menu, and the lessons'
links are checked in each language (an Italian lesson's links lead to Italian pages).

``mkdocs build --strict`` checks the links of the Markdown pages, anchors included
(``validation.links.anchors`` in mkdocs.yml), but not the links inside the lessons'
notebooks, nor those the hooks write. Here LinkChecker (a well-kept checker from PyPI,
in the ``dev`` extra) crawls the whole built site served by ``python -m http.server``
on 127.0.0.1: every page, stylesheet, script, picture and data file it links to. Links
to other sites are not fetched (LinkChecker checks internal URLs only by default); the
live copy's own files (JupyterLite's) are checked as link targets but not crawled.

The site is built once per test run and shared (``tests/_site.py``, the ``site`` fixture).
Without MkDocs or LinkChecker the tests skip, except under CI (the ``CI`` variable set),
where they fail.
"""

from __future__ import annotations

import contextlib
import csv
import io
import itertools
import json
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from _site import need_installed

ROOT = Path(__file__).resolve().parent.parent
#: The site_url mkdocs.yml falls back to: 404.html links by its path.
PAGES_URL = "https://hasenpfeffer.github.io/hasenpfeffer-core/"
#: Each language's folder in the built site, and its lessons' folder.
PREFIXES = {"en": "", "it": "it/", "th": "th/"}
LESSON_DIRS = {"en": ROOT / "lessons", "it": ROOT / "lessons" / "it", "th": ROOT / "lessons" / "th"}


@contextlib.contextmanager
def _served(folder: Path) -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(url, timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("http.server did not start") from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_every_link_of_the_built_site_leads_somewhere(site: Path) -> None:
    need_installed("linkcheck", "LinkChecker")
    with _served(site) as url:
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "linkcheck",
                "--no-status",
                "--no-robots",
                "--no-follow-url=/live/",  # JupyterLite's own files: targets, not crawled
                "--output=csv",
                url,
            ],
            capture_output=True,
            text=True,
            timeout=900,
        )
    rows = [
        row
        for row in csv.DictReader(
            io.StringIO("\n".join(x for x in proc.stdout.splitlines() if not x.startswith("#"))),
            delimiter=";",
        )
    ]
    broken = [
        f"{r['parentname']} line {r['line']}: {r['urlname']} ({r['result']})"
        for r in rows
        if r.get("valid") != "True"
    ]
    assert broken == [], "broken links:\n" + "\n".join(broken)
    assert proc.returncode == 0, proc.stderr[-3000:]


@pytest.mark.parametrize("lang", list(PREFIXES))
def test_lessons_link_to_each_other_by_their_pages(site: Path, lang: str) -> None:
    """The notebooks link to ``02-following-suit.ipynb`` and ``README.md`` (right in
    JupyterLab); on the site those links lead to the lesson pages and the lessons list
    of their own language, and an Italian lesson's ``../../site/X.it.md`` to the
    Italian page."""
    folder = LESSON_DIRS[lang]
    notebooks = sorted(p.stem for p in folder.glob("[0-9]*.ipynb"))
    if lang != "en" and not notebooks:
        pytest.skip(f"no lessons in {folder} yet")
    assert notebooks
    pages = site / PREFIXES[lang] / "lessons"
    for name in notebooks:
        text = (pages / name / "index.html").read_text(encoding="utf-8")
        links = re.findall(r'<a\b[^>]*\shref="([^"]*)"', text)
        local = [h for h in links if "://" not in h and "?" not in h]
        assert not [h for h in local if re.search(r"\.(ipynb|md)(#|$)", h)], name
        source = (folder / f"{name}.ipynb").read_text(encoding="utf-8")
        for target in re.findall(r"\(\.\./\.\./site/([\w/-]+)\.(?:it|th)\.md", source):
            page = target.removesuffix("index")
            # from <lang>/lessons/NAME/ to <lang>/PAGE/: the same language's page
            assert f'href="../../{page.rstrip("/") + "/" if page else ""}' in text, (name, page)
    # Each "next lesson" link of the notebooks is there as a page link.
    for before, after in itertools.pairwise(notebooks):
        source = (folder / f"{before}.ipynb").read_text(encoding="utf-8")
        if f"{after}.ipynb" in source:
            text = (pages / before / "index.html").read_text(encoding="utf-8")
            assert f'href="../{after}/"' in text, before


def test_live_lessons_link_to_the_site_and_to_each_other(site: Path) -> None:
    """In the live copy a lesson's link to another lesson stays a notebook (JupyterLite
    opens it from its own files); its links to the glossary and the lessons' index lead
    to the site's pages, from the site's root (JupyterLite would read a relative link as
    a file of its own and fail). Each target must exist in the built site."""
    from urllib.parse import urlsplit

    root_path = urlsplit(PAGES_URL).path
    files = site / "live" / "files"
    notebooks = sorted(files.glob("[0-9]*.ipynb"))
    assert len(notebooks) == len(list((ROOT / "lessons").glob("[0-9]*.ipynb")))
    for lang in ("it", "th"):  # every language's lessons, in a folder of that name
        theirs = sorted(p.name for p in LESSON_DIRS[lang].glob("*.ipynb"))
        assert sorted(p.name for p in (files / lang).glob("*.ipynb")) == theirs, lang
        notebooks += sorted((files / lang).glob("[0-9]*.ipynb"))
    seen = 0
    for nb in notebooks:
        text = "".join(
            "".join(cell["source"])
            for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]
            if cell["cell_type"] == "markdown"
        )
        for href in re.findall(r"\]\(([^)\s]+)\)", text):
            seen += 1
            parts = urlsplit(href)
            if parts.scheme:
                continue
            if parts.path.endswith(".ipynb"):
                assert (nb.parent / parts.path).is_file(), f"{nb.name}: {href}"
                continue
            assert parts.path.startswith(root_path), f"{nb.name}: {href} is not a site page"
            rel = parts.path.removeprefix(root_path)
            if nb.parent != files and "site/" in href:  # a translated lesson's own pages
                assert rel.startswith(f"{nb.parent.name}/"), f"{nb.name}: {href}"
            page = site / rel / "index.html"
            assert page.is_file(), f"{nb.name}: {href} leads nowhere in the site"
            if parts.fragment:
                assert f'id="{parts.fragment}"' in page.read_text(encoding="utf-8"), href
    assert seen >= 3 * len(notebooks)


def test_not_found_page_works_on_a_project_pages_address(site: Path) -> None:
    """GitHub serves 404.html for a missing page at any depth: its links and assets
    must use the site's own path, not the host's root."""
    text = (site / "404.html").read_text(encoding="utf-8")
    path = "/hasenpfeffer-core/"
    refs = re.findall(r'\s(?:href|src)="([^"#]*)"', text)
    local = [r for r in refs if not r.startswith(("http://", "https://", "data:"))]
    assert local, "404.html links nowhere"
    assert [r for r in local if not r.startswith(path)] == []
    assert f'href="{path}assets/site.css"' in text


def test_the_not_found_page_speaks_each_language_and_leads_back(site: Path) -> None:
    """The one 404.html GitHub serves holds the message in the three languages (a script
    shows the one of the address asked for), each with links to its language's home,
    rules, lessons and practice, which exist; each language's folder has the page too."""
    root = (site / "404.html").read_text(encoding="utf-8")
    assert "404 - Not found" not in root  # (the theme's bare page)
    for prefix, heading in (
        ("", "Page not found"),
        ("it/", "Pagina non trovata"),
        ("th/", "ไม่พบหน้านี้"),
    ):
        assert f"<h1>{heading}</h1>" in root, heading
        assert (site / prefix / "404.html").is_file()
        # (no footer saying the page was translated into one language: it holds three)
        assert "hp-translated-note" not in (site / prefix / "404.html").read_text(encoding="utf-8")
        for place in ("", "rules/", "lessons/", "practice/"):
            assert f'href="/hasenpfeffer-core/{prefix}{place}"' in root, (prefix, place)
            assert (site / prefix / place / "index.html").is_file(), (prefix, place)


def test_sitemap_lists_every_page(site: Path) -> None:
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    locs = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    for prefix in PREFIXES.values():
        for rel in (
            "",
            "rules/",
            "sources/thai/",
            "lessons/",
            "lessons/01-the-cards/",
            "practice/legal-play/",
            "viewer/",
        ):
            assert PAGES_URL + prefix + rel in locs, prefix + rel
    assert PAGES_URL + "reference/engine/cards/" in locs
    # each page names its other languages
    assert f'hreflang="th" href="{PAGES_URL}th/rules/"' in sitemap


def test_pages_have_edit_links_to_their_own_sources(site: Path) -> None:
    repo = "https://github.com/hasenpfeffer/hasenpfeffer-core/edit/main/"
    cases = {
        "rules/index.html": "site/rules/index.md",
        "lessons/01-the-cards/index.html": "lessons/01-the-cards.ipynb",
        "reference/engine/cards/index.html": "hasenpfeffer_core/engine/cards.py",
    }
    for lang in ("it", "th"):
        if (ROOT / f"site/rules/index.{lang}.md").is_file():
            cases[f"{lang}/rules/index.html"] = f"site/rules/index.{lang}.md"
        if (ROOT / f"lessons/{lang}/01-the-cards.ipynb").is_file():
            cases[f"{lang}/lessons/01-the-cards/index.html"] = f"lessons/{lang}/01-the-cards.ipynb"
    for page, source in cases.items():
        text = (site / page).read_text(encoding="utf-8")
        assert f'href="{repo}{source}"' in text, page
        assert (ROOT / source).is_file(), source


def test_lesson_pages_share_one_copy_of_the_notebook_styles(site: Path) -> None:
    pages = sorted(
        p for prefix in PREFIXES.values() for p in (site / prefix / "lessons").glob("*/index.html")
    )
    assert pages
    sheets = set()
    for page in pages:
        text = page.read_text(encoding="utf-8")
        # (the saved widget state, a script's data, holds the widgets' own small styles)
        markup = re.sub(r"<script\b[^>]*>.*?</script>", "", text, flags=re.S)
        inline = sum(len(m) for m in re.findall(r"<style\b[^>]*>(.*?)</style>", markup, re.S))
        assert inline < 20_000, f"{page.parent.name} inlines {inline} bytes of style"
        sheets |= set(re.findall(r'href="[./]*(assets/stylesheets/lessons\.[0-9a-f]+\.css)"', text))
    assert len(sheets) == 1
    assert (site / sheets.pop()).stat().st_size > 100_000


@pytest.mark.parametrize("lang", list(PREFIXES))
def test_hand_viewer_files_store_each_picture_once(site: Path, lang: str) -> None:
    folder = site / PREFIXES[lang] / "assets" / "data" / "hands"
    files = [p for p in folder.glob("*.json") if p.stem != "index"]
    assert files
    assert max(p.stat().st_size for p in files) < 350_000
