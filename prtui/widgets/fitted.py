"""A DataTable whose first text column (a name someone typed) gives way to the others.

A column of a DataTable is as wide as its widest cell yet, so a 32-character name pushed
the columns after it off the table's edge (lobby and room at 80-120 columns). Before
the rows go in again, the columns shrink back to their labels and the name gets what
the other columns leave over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.widgets import DataTable

CELL_PADDING = 2
"""A DataTable column's padding, one cell each side."""


def shrink_columns(table: DataTable[Any]) -> None:
    """Every column back to its label's width (rows added next widen it again)."""
    for column in table.columns.values():
        column.content_width = column.label.cell_len


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
