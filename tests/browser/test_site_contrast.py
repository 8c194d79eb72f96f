"""The site's text is readable in both colour schemes: WCAG AA contrast, as rendered.

The built site (``mkdocs build --strict``, served on 127.0.0.1) is opened in Debian's
Chromium in the light (``default``) and the dark (``slate``) scheme. On one page of
each kind, after its scripts have drawn (a practice question answered, a hand stepped,
the lessons' saved widgets drawn), the browser computes for every piece of visible text
its colour and the background it is drawn on (the first opaque background behind it,
translucent ones blended in) and the contrast ratio between them. Each must be at least
4.5:1, or 3:1 for large text (24 px, or 18.66 px bold), as WCAG AA asks.

Left out, as WCAG leaves them out: disabled controls, and text inside pictures (the
card faces are drawn in SVG, always light, and checked by the renderer's tests), and
the syntax colours of code, which are the highlighter's.

Without Chromium, Playwright or MkDocs the tests skip with the reason, except under CI
(the ``CI`` variable set), where they fail.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _browser import draw_saved_widgets

ROOT = Path(__file__).resolve().parent.parent.parent

#: One page of each kind; ``ready`` is what shows once its scripts have drawn.
PAGES = {
    "home": ("", ""),
    "rules": ("rules/", ""),
    "ranking": ("rules/ranking/", ""),
    "variants": ("rules/variants/", ""),
    "thai source": ("sources/thai/", ""),
    "practice, answered": ("practice/legal-play/", ".hp-quiz[data-ready=true]"),
    "trick quiz, answered": ("practice/trick-winner/", ".hp-quiz[data-ready=true]"),
    "hand viewer": ("viewer/", ".hp-viewer[data-ready=true]"),
    "lesson with widgets": ("lessons/01-the-cards/", ".hp-saved-widget"),
    "lesson with the replayer": ("lessons/06-replaying-hands/", ".hp-saved-widget"),
    "API reference": ("reference/engine/cards/", ""),
}

#: Every visible text's contrast, computed in the page. Returns the failures.
CONTRAST_JS = r"""
() => {
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, below) => {
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + below[i] * (1 - a)).concat([1]);
  };
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  };
  // The backgrounds behind an element: its own and its ancestors', down to the page's.
  // A gradient counts as each of its colours (the worst is kept).
  const backgrounds = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      const img = cs.backgroundImage;
      if (img && img.includes("gradient")) {
        const stops = (img.match(/rgba?\([^)]+\)/g) || []).map(parse);
        return { layers, base: stops.length ? stops : [[255, 255, 255, 1]] };
      }
      const bg = parse(cs.backgroundColor);
      if (bg && bg[3] > 0) {
        layers.push(bg);
        if (bg[3] >= 1) return { layers: layers.slice(0, -1), base: [bg] };
      }
    }
    return { layers, base: [[255, 255, 255, 1]] };
  };
  const failures = [];
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.data.trim()) continue;
    const el = n.parentElement;
    if (!el || seen.has(el)) continue;
    seen.add(el);
    if (el.closest("svg, script, style, noscript, [hidden], [aria-hidden=true], .md-search, " +
                   ".highlight, .highlight-ipynb, .md-code__content, code .p, .jp-InputArea")) continue;
    if (el.closest("button:disabled, [disabled], .md-tooltip2, .md-nav--secondary label")) continue;
    const cs = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (cs.visibility !== "visible" || cs.display === "none" || box.width < 1 || box.height < 1) continue;
    let hidden = false, opacity = 1;
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden" || s.clipPath === "inset(50%)" ||
          (s.position === "absolute" && (s.clip === "rect(0px, 0px, 0px, 0px)"))) { hidden = true; break; }
      opacity *= Number(s.opacity);
    }
    if (hidden || opacity < 0.05) continue;
    const fg = parse(cs.color);
    if (!fg) continue;
    const { layers, base } = backgrounds(el);
    const size = parseFloat(cs.fontSize);
    const bold = Number(cs.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    let worst = Infinity, worstBg = null;
    for (const b of base) {
      let bg = b;
      for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg);
      let text = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
      const r = ratio(text, bg);
      if (r < worst) { worst = r; worstBg = bg; }
    }
    if (worst < need) {
      failures.push({
        text: n.data.trim().slice(0, 40),
        where: (el.className && el.className.toString ? el.className.toString() : el.tagName).slice(0, 60),
        tag: el.tagName.toLowerCase(),
        ratio: Math.round(worst * 100) / 100,
        color: cs.color,
        background: "rgb(" + worstBg.slice(0, 3).map(Math.round).join(",") + ")",
      });
    }
  }
  return failures;
}
"""


def _answer(page: Any, rel: str) -> None:
    """Bring the page to the state a learner sees most: a question answered, a hand
    stepped into its play."""
    if rel == "practice/legal-play/":
        page.locator(".hp-choice").first.click()
        page.click(".hp-check")
    elif rel == "practice/trick-winner/":
        page.locator(".hp-choice").first.click()
    elif rel == "viewer/":
        for _ in range(12):
            page.click(".hp-step-next")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("kind", list(PAGES))
def test_text_contrast_meets_wcag_aa(chromium: Any, site_url: str, kind: str, scheme: str) -> None:
    rel, ready = PAGES[kind]
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(site_url + rel, wait_until="load")
        if ready == ".hp-saved-widget":
            assert draw_saved_widgets(page)
        elif ready:
            page.wait_for_selector(ready)
        _answer(page, rel)
        page.wait_for_timeout(300)  # the theme's transitions
        failures = page.evaluate(CONTRAST_JS)
    finally:
        context.close()
    assert failures == [], f"{kind} ({scheme}): text below WCAG AA contrast:\n" + "\n".join(
        f"  {f['ratio']}:1 {f['tag']}.{f['where']} {f['text']!r} "
        f"({f['color']} on {f['background']})"
        for f in failures[:25]
    )
