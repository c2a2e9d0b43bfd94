"""The profile's rating plot (prtui/widgets/ratingplot.py): never wider than it is given,
the highest and lowest values written beside the top and bottom rows, one column per
game, the newest kept when there are more games than columns, and a flat series drawn
mid-height rather than divided by zero."""

from __future__ import annotations

from rich.cells import cell_len

from prtui.widgets.ratingplot import ROWS, plot_text


def columns(lines: list[str], left: int) -> list[str]:
    """The plot's columns, bottom row first in each, the labels cut off."""
    bars = [line[left + 1:] for line in lines]
    return ["".join(row[i] for row in reversed(bars)) for i in range(len(bars[0]))]


def test_the_labels_are_the_highest_and_the_lowest_and_each_game_is_a_column() -> None:
    values = [0.0, 2.5, -1.25, 7.0, 3.0]
    lines = plot_text(values, 40).plain.split("\n")
    assert len(lines) == ROWS
    assert lines[0].startswith(" 7.0 ") and lines[-1].startswith("-1.2 ")
    cols = columns(lines, 4)
    assert len(cols) == len(values)
    assert cols[3] == "████"  # the highest fills its column
    assert cols[2] == "▁   "  # the lowest still shows an eighth
    heights = [sum(" ▁▂▃▄▅▆▇█".index(ch) for ch in col) for col in cols]
    order = list(range(len(values)))
    assert sorted(order, key=heights.__getitem__) == sorted(order, key=values.__getitem__)


def test_never_wider_than_given_and_the_newest_games_are_kept() -> None:
    values = [float(v) for v in range(100)]
    for width in (12, 30, 76):
        lines = plot_text(values, width).plain.split("\n")
        assert all(cell_len(line) <= width for line in lines)
        cols = columns(lines, 4)
        assert len(cols) == width - 5 and cols[-1] == "████"  # the last game, the highest


def test_a_flat_series_and_no_series() -> None:
    lines = plot_text([3.0, 3.0, 3.0], 20).plain.split("\n")
    assert lines[0].startswith("3.0 ") and lines[-1].startswith("3.0 ")
    assert columns(lines, 3) == ["██  "] * 3
    assert plot_text([], 20).plain == "No rated game yet."
