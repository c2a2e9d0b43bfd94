"""A rating over games as a small bar chart of block characters, drawn with rich.

No plotting dependency: a profile needs one series, a few rows high, that fits 80
columns. Each column is one rated game (the oldest on the left; the newest ones when
there are more games than columns), its height the rating after that game on a scale
from the lowest to the highest rating shown, in eighths of a row. The highest and the
lowest are written at the left of the top and the bottom row.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from prtui.i18n import _

BLOCKS = " ▁▂▃▄▅▆▇█"
EIGHTHS = len(BLOCKS) - 1
ROWS = 4


def label(value: float) -> str:
    return f"{value:.1f}"


def plot_text(values: Sequence[float], width: int, rows: int = ROWS) -> Text:
    """``rows`` lines, none wider than ``width`` cells: the labels, a space, then one
    column per value (the newest that fit)."""
    if not values:
        return Text(_("No rated game yet."), style="dim")
    lo, hi = min(values), max(values)
    labels = (label(hi), label(lo))
    left = max(map(len, labels))
    shown = list(values)[-max(1, width - left - 1):]
    steps = rows * EIGHTHS
    def level(v: float) -> int:  # 1 .. steps: the lowest still shows an eighth
        return steps // 2 if hi == lo else 1 + round((v - lo) / (hi - lo) * (steps - 1))
    levels = [level(v) for v in shown]
    lines = []
    for row in range(rows):
        floor = (rows - 1 - row) * EIGHTHS
        tag = labels[0] if row == 0 else labels[1] if row == rows - 1 else ""
        bars = "".join(BLOCKS[max(0, min(EIGHTHS, n - floor))] for n in levels)
        lines.append(Text.assemble((tag.rjust(left), "dim"), " ", (bars, "green")))
    text = Text("\n", no_wrap=True).join(lines)
    text.no_wrap = True
    return text


class RatingPlot(Static):
    """The plot of ``values``, drawn again at every width."""

    DEFAULT_CSS = "RatingPlot { height: 4; width: 1fr; }"

    def __init__(self, values: Sequence[float] = (), **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.values = list(values)

    def show(self, values: Sequence[float]) -> None:
        self.values = list(values)
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        width = self.content_size.width or self.app.size.width
        self.update(plot_text(self.values, width, ROWS))
