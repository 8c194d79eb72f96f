"""The lessons' bar charts (hasenpfeffer_core.faces.charts): what a learner reads off them.

Each chart is parsed as XML, so the checks are on the drawing itself: one bar per
value, its height in proportion to the value, the value written on it, the labels
under the bars and a legend when there is more than one series.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from hasenpfeffer_core.faces.charts import CHART_COLOURS, Chart, bars

SVG = "{http://www.w3.org/2000/svg}"


def parse(chart: str) -> ET.Element:
    return ET.fromstring(chart)


def bar_rects(root: ET.Element) -> list[ET.Element]:
    """The bars (each carries a tooltip title), not the legend's colour keys."""
    return [r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]


def texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def test_one_bar_per_value_with_its_label_and_value() -> None:
    labels = ["bid 3", "bid 4", "bid 5"]
    chart = bars(labels, {"made": [81.0, 52.5, 20.0]}, title="Bids made", ylabel="% of hands")
    root = parse(chart)
    rects = bar_rects(root)
    assert len(rects) == 3
    words = texts(root)
    for label in labels:
        assert label in words
    for value in ("81.0", "52.5", "20.0"):
        assert value in words
    assert "Bids made" in words and "% of hands" in words
    tips = [r.find(f"{SVG}title").text for r in rects]  # type: ignore[union-attr]
    assert tips == ["made, bid 3: 81.0", "made, bid 4: 52.5", "made, bid 5: 20.0"]


def test_bar_heights_are_in_proportion_to_the_values() -> None:
    root = parse(bars(["a", "b", "c"], {"x": [1.0, 2.0, 4.0]}, title="t", ylabel="y"))
    heights = [float(r.get("height", "0")) for r in bar_rects(root)]
    assert heights[1] == pytest.approx(2 * heights[0], rel=0.02)
    assert heights[2] == pytest.approx(4 * heights[0], rel=0.02)


def test_grouped_bars_have_a_legend_and_a_gap_for_a_missing_value() -> None:
    chart = bars(
        ["2 or fewer", "3", "4"],
        {"best play (solver)": [1.5, 3.0, None], "computer players": [1.0, 2.5, 4.0]},
        title="Tricks North-South take",
        ylabel="tricks (of 6)",
    )
    root = parse(chart)
    rects = bar_rects(root)
    assert len(rects) == 5  # six values, one of them None
    first, second = CHART_COLOURS[:2]
    assert [r.get("fill") for r in rects] == [first, first, second, second, second]
    keys = [r for r in root.iter(f"{SVG}rect") if r.find(f"{SVG}title") is None]
    assert [k.get("fill") for k in keys] == [first, second]
    assert {"best play (solver)", "computer players"} <= set(texts(root))


def test_fixed_scale_format_and_ticks() -> None:
    chart = bars(
        ["bid 3\n(100 hands)", "bid 4\n(12 hands)"],
        {"made": [80.0, 41.7]},
        title="How often the makers take their bid",
        ylabel="% of hands",
        fmt="{:.0f}%",
        ylim=(0, 110),
        yticks=range(0, 121, 20),
    )
    words = texts(parse(chart))
    assert "80%" in words and "42%" in words
    ticks = [w for w in words if re.fullmatch(r"\d+", w)]
    assert ticks == ["0", "20", "40", "60", "80", "100"]  # 120 is above the scale
    # a label with a line break is written on two lines
    assert 'dy="15">(100 hands)</tspan>' in chart


def test_negative_values_hang_below_the_axis() -> None:
    root = parse(bars(["a", "b"], {"x": [3.0, -2.0]}, title="t", ylabel="y"))
    up, down = bar_rects(root)
    axis = float(up.get("y", "0")) + float(up.get("height", "0"))
    assert float(down.get("y", "0")) == pytest.approx(axis, abs=0.11)
    assert "-2.0" in texts(root)


def test_long_labels_wrap_under_their_bars_and_text_is_escaped() -> None:
    names = ["source rules <seed>", "lose the bid & more", "parlett's scoring rules"]
    chart = bars(names, {"x": [1.0, 2.0, 3.0]}, title="A & B", ylabel="y", width=330)
    root = parse(chart)  # well-formed despite < & '
    assert "rotate(-30)" not in chart  # words wrap onto lines; nothing is turned
    labels = [t for t in root.iter(f"{SVG}text") if len(t.findall(f"{SVG}tspan")) > 1]
    assert [" ".join(s.text or "" for s in t) for t in labels] == names
    assert root.get("aria-label") == "A & B"


def test_a_word_too_wide_for_its_place_turns_and_stays_on_the_chart() -> None:
    names = ["Supercalifragilistic", "Antidisestablishment", "Floccinaucinihilipil"]
    chart = bars(names, {"x": [1.0, 2.0, 3.0]}, title="t", ylabel="y", width=300)
    assert "rotate(-30)" in chart
    assert set(names) <= set(texts(parse(chart)))
    first = next(
        t for t in parse(chart).iter(f"{SVG}text") if "rotate(-30)" in t.get("transform", "")
    )
    x = float(first.get("transform", "").split("(")[1].split(",")[0])
    # turned 30 degrees and anchored at its end, the label reaches 0.87 of its width left
    assert x - 0.87 * 0.58 * 12 * len(names[0]) >= 0


def test_a_chart_is_a_string_that_draws_itself() -> None:
    chart = bars(["a"], {"x": [1.0]}, title="t", ylabel="y")
    assert isinstance(chart, Chart) and isinstance(chart, str)
    assert chart._repr_html_() == str(chart)
    assert chart.startswith("<svg") and 'class="hp-chart"' in chart
    assert 'fill="currentColor"' in chart  # follows the page's light or dark theme


def test_an_empty_chart_still_draws() -> None:
    root = parse(bars([], {}, title="nothing yet", ylabel="y"))
    assert bar_rects(root) == [] and "nothing yet" in texts(root)
