"""A DataTable whose first text column (a name someone typed) gives way to the others.

A column of a DataTable is as wide as its widest cell yet, so a 32-character name pushed
the columns after it off the table's edge (lobby and room at 80-120 columns). Before
the rows go in again, the columns shrink back to their labels and the name gets what
the other columns leave over.

The table itself widens a column for new rows only on its next idle, which comes after
a message *to the table*. Rows put in from the screen (a lobby push, a resize) may wait
for one with the columns at their labels' widths ("Puer  0/5  waitin", seen in a loaded
test run), so the widths are set here at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.widgets import DataTable

CELL_PADDING = 2
"""A DataTable column's padding, one cell each side."""


def fit_columns(table: DataTable[Any]) -> None:
    """Every column as wide as its label and its widest cell, now (not at the table's
    next idle): call it after the rows went in."""
    rows = [table.get_row(key) for key in table.rows]
    for index, column in enumerate(table.ordered_columns):
        cells = (row[index] for row in rows if index < len(row))
        column.content_width = max([column.label.cell_len, *map(_cell_len, cells)])
    table.refresh(layout=True)


def _cell_len(cell: object) -> int:
    """A cell's width as the table draws it (a str cell is read as markup)."""
    return cell.cell_len if isinstance(cell, Text) else Text.from_markup(str(cell)).cell_len


def name_cells(table: DataTable[Any], others: Sequence[int], fewest: int,
               most: int | None = None) -> int | None:
    """Cells for the name column so that the ``others`` (their widths) fit beside it:
    at least ``fewest``, at most ``most``; None before the table has a width."""
    width = table.scrollable_content_region.width
    if not width:
        return None
    spare = width - CELL_PADDING * (len(others) + 1) - sum(others)
    cells = max(fewest, spare)
    return cells if most is None else min(most, cells)
