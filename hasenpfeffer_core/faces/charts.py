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
from dataclasses import dataclass
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


#: A chart's font sizes: the ticks, the labels (of the groups, the legend and the axes),
#: the values written on the bars and the title.
_TICK_SIZE: Final = 12
_LABEL_SIZE: Final = 12
_VALUE_SIZE: Final = 12
_TITLE_SIZE: Final = 15


@dataclass(frozen=True)
class _Plot:
    """Where a chart draws: the plot's edges, a group's width, the scale and the labels."""

    width: int
    height: int
    left: float
    right: float
    top: float
    plot_w: float
    plot_h: float
    #: The width of one group of bars (one label).
    group: float
    lo: float
    hi: float
    #: Each group's label as the lines written under it (one line each when turned).
    lines: list[list[str]]
    #: Whether the labels are turned 30 degrees (a single word too wide for its place).
    slant: bool

    def y(self, v: float) -> float:
        """The height in the picture of the value ``v``."""
        return self.top + self.plot_h * (self.hi - v) / (self.hi - self.lo)


def _scale(
    series: Mapping[str, Sequence[float | None]],
    ylim: tuple[float, float] | None,
    yticks: Sequence[float] | None,
) -> tuple[float, float, list[float]]:
    """The vertical scale: its lowest and highest values, and the ticks shown between them."""
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
    return lo, hi, [t for t in wanted if lo <= t <= hi]


def _layout(
    labels: Sequence[str],
    n_series: int,
    xlabel: str,
    width: int,
    height: int,
    scale: tuple[float, float, list[float]],
) -> _Plot:
    """The chart's layout, with room for the ticks, the title, the legend and the labels."""
    lo, hi, ticks = scale
    tick_w = max((_text_width(_tick_label(t), _TICK_SIZE) for t in ticks), default=0)
    left = 24 + tick_w + 14
    right = 12
    top = 30 + (22 if n_series > 1 else 0)
    group = (width - left - right) / max(len(labels), 1)
    # long labels wrap between words to fit under their bars; only a single word too
    # wide for its place turns the labels 30 degrees
    lines = [
        [part for line in str(label).split("\n") for part in _wrap(line, _LABEL_SIZE, group * 0.95)]
        for label in labels
    ]
    widest = max((_text_width(x, _LABEL_SIZE) for ls in lines for x in ls), default=0)
    slant = widest > group * 0.95
    if slant:  # one line each, turned; the first must not run off the left edge
        lines = [[" ".join(ls)] for ls in lines]
        widest = max((_text_width(ls[0], _LABEL_SIZE) for ls in lines), default=0)
        first = _text_width(lines[0][0], _LABEL_SIZE) if lines else 0
        # the first label's centre, left + group / 2, must lie 0.87 * its width from 0
        k = 2 * max(len(labels), 1)
        left = max(left, (0.87 * first + 4 - (width - right) / k) / (1 - 1 / k))
        group = (width - left - right) / max(len(labels), 1)
        below = 18 + 0.5 * widest + 0.87 * _LABEL_SIZE
    else:
        below = 18 + 15 * max((len(ls) for ls in lines), default=1)
    bottom = below + (16 if xlabel else 4)
    plot_h = height - top - bottom
    plot_w = width - left - right
    return _Plot(width, height, left, right, top, plot_w, plot_h, group, lo, hi, lines, slant)


def _opening(title: str, width: int, height: int) -> list[str]:
    """The chart's opening tag, with its label for screen readers, and its title."""
    esc = html.escape
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="hp-chart" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{esc(title)}" '
        # it shrinks to a narrow column, but not below 80% (12 px text stays readable):
        # on a phone the output scrolls sideways rather than shrink the words away
        f'style="max-width:100%;min-width:{round(0.8 * width)}px;height:auto;color:inherit;'
        'font-family:var(--jp-ui-font-family,system-ui,-apple-system,Segoe UI,sans-serif)">',
        f"<title>{esc(title)}</title>",
        # the title and the legend start at the left edge: on a phone, where the chart
        # scrolls sideways, they are read without scrolling (centred, they were cut)
        f'<text x="8" y="19" font-size="{_TITLE_SIZE}" '
        f'font-weight="600" fill="currentColor">{esc(title)}</text>',
    ]


def _grid(plot: _Plot, ticks: Sequence[float]) -> list[str]:
    """The grid lines across the plot and the y ticks' values."""
    out = []
    for t in ticks:
        ty = plot.y(t)
        out.append(
            f'<line x1="{plot.left:.1f}" x2="{plot.width - plot.right:.1f}" y1="{ty:.1f}" '
            f'y2="{ty:.1f}" stroke="currentColor" stroke-opacity="0.15"/>'
        )
        out.append(
            f'<text x="{plot.left - 6:.1f}" y="{ty + 4:.1f}" text-anchor="end" '
            f'font-size="{_TICK_SIZE}" fill="currentColor" fill-opacity="0.8">'
            f"{_tick_label(t)}</text>"
        )
    return out


def _bar_marks(
    plot: _Plot,
    labels: Sequence[str],
    series: Mapping[str, Sequence[float | None]],
    fmt: str,
) -> list[str]:
    """The bars, each with its tooltip, and their values written over them."""
    esc = html.escape
    lo, hi = plot.lo, plot.hi
    n = max(len(series), 1)
    out = []
    slot = 0.8 * plot.group / n
    # Translators: the tooltip of one bar of a chart: {series} is the bar's series
    # ("with the Joker"), {label} its group under the bars ("bid 3"), {value} its number.
    tip = _("{series}, {label}: {value}")
    for k, (name, vs) in enumerate(series.items()):
        colour = CHART_COLOURS[k % len(CHART_COLOURS)]
        for i, v in enumerate(vs):
            if v is None:
                continue
            cx = plot.left + plot.group * (i + 0.5) + (k - (n - 1) / 2) * slot
            y0, y1 = sorted((plot.y(max(min(v, hi), lo)), plot.y(max(min(0.0, hi), lo))))
            title = tip.format(
                series=name, label=labels[i].replace("\n", " "), value=in_language(fmt.format(v))
            )
            out.append(
                f'<rect x="{cx - slot * 0.45:.1f}" y="{y0:.1f}" width="{slot * 0.9:.1f}" '
                f'height="{max(y1 - y0, 0.5):.1f}" fill="{colour}" rx="1.5">'
                f"<title>{esc(title)}</title></rect>"
            )
            ly = y0 - 4 if v >= 0 else y1 + _VALUE_SIZE + 2
            out.append(
                f'<text x="{cx:.1f}" y="{ly:.1f}" text-anchor="middle" font-size="{_VALUE_SIZE}" '
                f'fill="currentColor">{esc(in_language(fmt.format(v)))}</text>'
            )
    return out


def _axes(plot: _Plot) -> list[str]:
    """The two axes: the line of zero (or the scale's edge nearest it) and the left edge."""
    left, top = plot.left, plot.top
    base = plot.y(max(min(0.0, plot.hi), plot.lo))
    return [
        f'<line x1="{left:.1f}" x2="{plot.width - plot.right:.1f}" y1="{base:.1f}" '
        f'y2="{base:.1f}" stroke="currentColor" stroke-opacity="0.7"/>',
        f'<line x1="{left:.1f}" x2="{left:.1f}" y1="{top:.1f}" y2="{top + plot.plot_h:.1f}" '
        'stroke="currentColor" stroke-opacity="0.7"/>',
    ]


def _x_labels(plot: _Plot) -> list[str]:
    """The groups' labels under their bars, in lines or turned."""
    esc = html.escape
    out = []
    for i, ls in enumerate(plot.lines):
        cx = plot.left + plot.group * (i + 0.5)
        ty = plot.top + plot.plot_h + 16
        if plot.slant:
            out.append(
                f'<text transform="translate({cx:.1f},{ty - 4:.1f}) rotate(-30)" '
                f'text-anchor="end" dy="0.8em" font-size="{_LABEL_SIZE}" '
                f'fill="currentColor">{esc(ls[0])}</text>'
            )
            continue
        spans = "".join(
            f'<tspan x="{cx:.1f}" dy="{0 if j == 0 else 15}">{esc(line)}</tspan>'
            for j, line in enumerate(ls)
        )
        out.append(
            f'<text x="{cx:.1f}" y="{ty:.1f}" text-anchor="middle" font-size="{_LABEL_SIZE}" '
            f'fill="currentColor">{spans}</text>'
        )
    return out


def _axis_titles(plot: _Plot, xlabel: str, ylabel: str) -> list[str]:
    """What the axes measure: ``xlabel`` under the labels (if any), ``ylabel`` turned."""
    esc = html.escape
    out = []
    if xlabel:
        out.append(
            f'<text x="{plot.left + plot.plot_w / 2:.1f}" y="{plot.height - 5}" '
            f'text-anchor="middle" font-size="{_LABEL_SIZE}" fill="currentColor" '
            f'fill-opacity="0.9">{esc(xlabel)}</text>'
        )
    out.append(
        f'<text transform="translate(14,{plot.top + plot.plot_h / 2:.1f}) rotate(-90)" '
        f'text-anchor="middle" font-size="{_LABEL_SIZE}" fill="currentColor" '
        f'fill-opacity="0.9">{esc(ylabel)}</text>'
    )
    return out


def _legend(series: Mapping[str, Sequence[float | None]]) -> list[str]:
    """The legend under the title, a colour key and name for each series (none for one)."""
    out: list[str] = []
    if len(series) > 1:
        items = [(name, CHART_COLOURS[k % len(CHART_COLOURS)]) for k, name in enumerate(series)]
        widths = [18 + _text_width(name, _LABEL_SIZE) + 16 for name, _ in items]
        x = 8.0
        for (name, colour), item_w in zip(items, widths, strict=True):
            out.append(
                f'<rect x="{x:.1f}" y="31" width="12" height="12" rx="2" fill="{colour}"/>'
                f'<text x="{x + 17:.1f}" y="41.5" font-size="{_LABEL_SIZE}" '
                f'fill="currentColor">{html.escape(name)}</text>'
            )
            x += item_w
    return out


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
    lo, hi, ticks = _scale(series, ylim, yticks)
    plot = _layout(labels, len(series), xlabel, width, height, (lo, hi, ticks))
    out = _opening(title, width, height)
    out += _grid(plot, ticks)
    out += _bar_marks(plot, labels, series, fmt)
    out += _axes(plot)
    out += _x_labels(plot)
    out += _axis_titles(plot, xlabel, ylabel)
    out += _legend(series)
    out.append("</svg>")
    return Chart("".join(out))
