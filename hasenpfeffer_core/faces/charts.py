"""Charts: grouped bar charts as SVG strings, drawn in plain Python.

The lessons measure the game with simulations (see :mod:`hasenpfeffer_core.analysis.stats`)
and show the numbers as bar charts. A chart is an SVG string, so it shows in a notebook
(when it ends a cell, or through ``show`` and ``figure`` of the lesson widgets), on the
docs site and in the browser's live copy of the lessons, which has no plotting library.
Text and axes are drawn in ``currentColor``, so a chart follows the page's light or dark
theme.

>>> chart = bars(["bid 3", "bid 4"], {"made": [80.0, 55.5]}, title="Bids made", ylabel="%")
>>> chart.count("<rect")  # one bar per value
2
>>> "80.0" in chart and "55.5" in chart and "bid 4" in chart
True
"""

from __future__ import annotations

import html
import math
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Final

from ..engine.i18n import gettext as _
from ..engine.i18n import in_language

__all__ = ["CHART_COLOURS", "Chart", "bars"]

#: Bar colours that read on a light and on a dark background.
CHART_COLOURS: Final = ("#4e79a7", "#e15759", "#59a14f", "#b07aa1", "#f28e2b")


class Chart(str):
    """An SVG chart: a string for ``show`` and ``figure``, drawn when it ends a cell.

    >>> Chart("<svg></svg>")._repr_html_()
    '<svg></svg>'
    """

    def _repr_html_(self) -> str:
        return str(self)


def _text_width(text: str, size: float) -> float:
    """A rough width of ``text`` in pixels at font size ``size`` (for layout only).

    Marks written above or below a letter (Thai vowels and tones) take no width.

    >>> _text_width("ตา", 10) == _text_width("ab", 10), _text_width("ที่", 10) == _text_width("a", 10)
    (True, True)
    """
    return 0.58 * size * sum(1 for ch in text if unicodedata.category(ch) not in ("Mn", "Me"))


def _wrap(line: str, size: float, room: float) -> list[str]:
    """``line`` broken between words into lines no wider than ``room`` where it can be.

    >>> _wrap("Parlett's rules with the widow", 12, 80)
    ["Parlett's", 'rules with', 'the widow']
    """
    out: list[str] = []
    for word in line.split(" "):
        if out and _text_width(f"{out[-1]} {word}", size) <= room:
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out or [""]


def _nice_ticks(lo: float, hi: float, most: int = 6) -> list[float]:
    """Round tick values from ``lo`` to ``hi``: steps of 1, 2, 2.5 or 5 times a power of ten.

    >>> _nice_ticks(0, 6.6)
    [0, 2, 4, 6]
    >>> _nice_ticks(-3, 12)
    [-2.5, 0.0, 2.5, 5.0, 7.5, 10.0]
    >>> _nice_ticks(2, 2)
    [2]
    """
    span = hi - lo
    if span <= 0:
        return [lo]
    raw = span / most
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    k = math.ceil(lo / step - 1e-9)
    ticks: list[float] = []
    while k * step <= hi + 1e-9 * step:
        ticks.append(round(k * step, 10))
        k += 1
    return ticks


def _tick_label(value: float) -> str:
    return in_language(f"{value:g}")


def bars(
    labels: Sequence[str],
    series: Mapping[str, Sequence[float | None]],
    *,
    title: str,
    ylabel: str,
    xlabel: str = "",
    fmt: str = "{:.1f}",
    ylim: tuple[float, float] | None = None,
    yticks: Sequence[float] | None = None,
    width: int = 480,
    height: int = 300,
) -> Chart:
    """Grouped bars as an SVG chart, each bar labelled with its value.

    One bar per series in each group (one group per label); a value of ``None`` (too few
    cases to say) leaves a gap. A label may hold ``\\n`` for a second line. With more than
    one series a legend sits between the title and the bars. ``fmt`` formats the values
    written on the bars (the decimal sign then follows the learner's language); ``ylim`` and ``yticks`` fix the vertical scale (by default it
    runs from 0, or the lowest value, to a little above the highest).

    >>> chart = bars(
    ...     ["2 or fewer", "3", "4"],
    ...     {"with the Joker": [2.0, 3.5, None], "without it": [1.0, 2.5, 4.0]},
    ...     title="Tricks taken",
    ...     ylabel="tricks",
    ... )
    >>> chart.count("<rect") - 2  # five bars (one value is missing), two legend keys
    5
    >>> 'aria-label="Tricks taken"' in chart and "with the Joker" in chart
    True
    """
    esc = html.escape
    values = [v for vs in series.values() for v in vs if v is not None]
    lo = min(0.0, *values) if values else 0.0
    hi = max(0.0, *values) if values else 1.0
    if ylim is not None:
        lo, hi = ylim
    elif hi > lo:
        hi += 0.12 * (hi - lo)  # room for the value labels
    if hi <= lo:
        hi = lo + 1.0
    wanted = yticks if yticks is not None else _nice_ticks(lo, hi)
    ticks = [t for t in wanted if lo <= t <= hi]

    n = max(len(series), 1)
    tick_size, label_size, value_size, title_size = 12, 12, 12, 15
    tick_w = max((_text_width(_tick_label(t), tick_size) for t in ticks), default=0)
    left = 24 + tick_w + 14
    right = 12
    top = 30 + (22 if len(series) > 1 else 0)
    group = (width - left - right) / max(len(labels), 1)
    # long labels wrap between words to fit under their bars; only a single word too
    # wide for its place turns the labels 30 degrees
    lines = [
        [part for line in str(label).split("\n") for part in _wrap(line, label_size, group * 0.95)]
        for label in labels
    ]
    widest = max((_text_width(x, label_size) for ls in lines for x in ls), default=0)
    slant = widest > group * 0.95
    if slant:  # one line each, turned; the first must not run off the left edge
        lines = [[" ".join(ls)] for ls in lines]
        widest = max((_text_width(ls[0], label_size) for ls in lines), default=0)
        first = _text_width(lines[0][0], label_size) if lines else 0
        # the first label's centre, left + group / 2, must lie 0.87 * its width from 0
        k = 2 * max(len(labels), 1)
        left = max(left, (0.87 * first + 4 - (width - right) / k) / (1 - 1 / k))
        group = (width - left - right) / max(len(labels), 1)
        below = 18 + 0.5 * widest + 0.87 * label_size
    else:
        below = 18 + 15 * max((len(ls) for ls in lines), default=1)
    bottom = below + (16 if xlabel else 4)
    plot_h = height - top - bottom
    plot_w = width - left - right

    def y(v: float) -> float:
        return top + plot_h * (hi - v) / (hi - lo)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="hp-chart" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{esc(title)}" '
        # it shrinks to a narrow column, but not below 80% (12 px text stays readable):
        # on a phone the output scrolls sideways rather than shrink the words away
        f'style="max-width:100%;min-width:{round(0.8 * width)}px;height:auto;color:inherit;'
        'font-family:var(--jp-ui-font-family,system-ui,-apple-system,Segoe UI,sans-serif)">',
        f"<title>{esc(title)}</title>",
        # the title and the legend start at the left edge: on a phone, where the chart
        # scrolls sideways, they are read without scrolling (centred, they were cut)
        f'<text x="8" y="19" font-size="{title_size}" '
        f'font-weight="600" fill="currentColor">{esc(title)}</text>',
    ]
    # grid lines and y ticks
    for t in ticks:
        ty = y(t)
        out.append(
            f'<line x1="{left:.1f}" x2="{width - right:.1f}" y1="{ty:.1f}" y2="{ty:.1f}" '
            'stroke="currentColor" stroke-opacity="0.15"/>'
        )
        out.append(
            f'<text x="{left - 6:.1f}" y="{ty + 4:.1f}" text-anchor="end" font-size="{tick_size}" '
            f'fill="currentColor" fill-opacity="0.8">{_tick_label(t)}</text>'
        )
    # the bars and their values
    slot = 0.8 * group / n
    # Translators: the tooltip of one bar of a chart: {series} is the bar's series
    # ("with the Joker"), {label} its group under the bars ("bid 3"), {value} its number.
    tip = _("{series}, {label}: {value}")
    for k, (name, vs) in enumerate(series.items()):
        colour = CHART_COLOURS[k % len(CHART_COLOURS)]
        for i, v in enumerate(vs):
            if v is None:
                continue
            cx = left + group * (i + 0.5) + (k - (n - 1) / 2) * slot
            y0, y1 = sorted((y(max(min(v, hi), lo)), y(max(min(0.0, hi), lo))))
            title = tip.format(
                series=name, label=labels[i].replace("\n", " "), value=in_language(fmt.format(v))
            )
            out.append(
                f'<rect x="{cx - slot * 0.45:.1f}" y="{y0:.1f}" width="{slot * 0.9:.1f}" '
                f'height="{max(y1 - y0, 0.5):.1f}" fill="{colour}" rx="1.5">'
                f"<title>{esc(title)}</title></rect>"
            )
            ly = y0 - 4 if v >= 0 else y1 + value_size + 2
            out.append(
                f'<text x="{cx:.1f}" y="{ly:.1f}" text-anchor="middle" font-size="{value_size}" '
                f'fill="currentColor">{esc(in_language(fmt.format(v)))}</text>'
            )
    # axes
    base = y(max(min(0.0, hi), lo))
    out.append(
        f'<line x1="{left:.1f}" x2="{width - right:.1f}" y1="{base:.1f}" y2="{base:.1f}" '
        'stroke="currentColor" stroke-opacity="0.7"/>'
    )
    out.append(
        f'<line x1="{left:.1f}" x2="{left:.1f}" y1="{top:.1f}" y2="{top + plot_h:.1f}" '
        'stroke="currentColor" stroke-opacity="0.7"/>'
    )
    # x labels
    for i, ls in enumerate(lines):
        cx = left + group * (i + 0.5)
        ty = top + plot_h + 16
        if slant:
            out.append(
                f'<text transform="translate({cx:.1f},{ty - 4:.1f}) rotate(-30)" '
                f'text-anchor="end" dy="0.8em" font-size="{label_size}" '
                f'fill="currentColor">{esc(ls[0])}</text>'
            )
            continue
        spans = "".join(
            f'<tspan x="{cx:.1f}" dy="{0 if j == 0 else 15}">{esc(line)}</tspan>'
            for j, line in enumerate(ls)
        )
        out.append(
            f'<text x="{cx:.1f}" y="{ty:.1f}" text-anchor="middle" font-size="{label_size}" '
            f'fill="currentColor">{spans}</text>'
        )
    if xlabel:
        out.append(
            f'<text x="{left + plot_w / 2:.1f}" y="{height - 5}" text-anchor="middle" '
            f'font-size="{label_size}" fill="currentColor" fill-opacity="0.9">{esc(xlabel)}</text>'
        )
    out.append(
        f'<text transform="translate(14,{top + plot_h / 2:.1f}) rotate(-90)" '
        f'text-anchor="middle" font-size="{label_size}" fill="currentColor" '
        f'fill-opacity="0.9">{esc(ylabel)}</text>'
    )
    # the legend, under the title
    if len(series) > 1:
        items = [(name, CHART_COLOURS[k % len(CHART_COLOURS)]) for k, name in enumerate(series)]
        widths = [18 + _text_width(name, label_size) + 16 for name, _ in items]
        x = 8.0
        for (name, colour), item_w in zip(items, widths, strict=True):
            out.append(
                f'<rect x="{x:.1f}" y="31" width="12" height="12" rx="2" fill="{colour}"/>'
                f'<text x="{x + 17:.1f}" y="41.5" font-size="{label_size}" '
                f'fill="currentColor">{esc(name)}</text>'
            )
            x += item_w
    out.append("</svg>")
    return Chart("".join(out))
