"""What a screen shown in another language still says in English (issue 38), and where
its columns start, cell by cell, for the tests that read the screen as drawn.

A word counts unless it is a name (given by the test), a key's name, a text the server
sent that no catalog has yet, or drawn by a widget whose file is not marked for the
catalogs yet (tests/i18n/test_catalogs.py ``NOT_YET``): those files are converted in
other branches, and each check grows stricter by itself as they leave that list.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rich.cells import cell_len

from tests.i18n.test_catalogs import NOT_YET

ROOT = Path(__file__).resolve().parents[2]
WORD = re.compile(r"[A-Za-z]{2,}")
KEY_NAMES = frozenset({"Enter", "enter", "esc", "Esc", "escape", "ctrl", "tab", "shift",
                       "Home", "End", "PgUp", "PgDn", "apprise", "prtui", "URL",
                       "II", "III", "IV"})
"""Keys as the footer and the hints name them; the program's and apprise's own names;
the expansions' Roman numerals (as printed on their boxes)."""

OWNED_ELSEWHERE = {"-command-palette": "prtui/app.py"}
"""Parts (by class) drawn with words another file gives: the command palette's key in
the footer (the app's binding)."""


def screen_cells(app: Any) -> list[list[str]]:
    """Each row of the current screen, one string per terminal cell: a wide character in
    its first cell and "" in its second, so a column is the same index on every row."""
    rows = []
    for strip in app.screen._compositor.render_strips():
        cells: list[str] = []
        for segment in strip:
            for ch in segment.text:
                width = cell_len(ch)
                if width == 0 and cells:
                    cells[-1] += ch
                    continue
                cells.append(ch)
                cells.extend([""] * (width - 1))
        rows.append(cells)
    return rows


def _not_marked_yet(widget: Any) -> bool:
    source = inspect.getsourcefile(type(widget))
    if source is not None and Path(source).is_relative_to(ROOT) and str(
            Path(source).relative_to(ROOT)) in NOT_YET:
        return True
    return any(widget.has_class(name) for name, owner in OWNED_ELSEWHERE.items()
               if owner in NOT_YET)


def english_words(app: Any, allowed: Iterable[str] = ()) -> list[str]:
    """The English words on the current screen that a reader of another language should
    not see (see the module's docstring); ``allowed``: the texts whose words may show
    (names typed by people, the server's untranslated texts), and the start of one of
    their words (a name cut at a table's edge)."""
    drawn = screen_cells(app)
    rows = [[" "] * len(row) for row in drawn]  # only the screen's own widgets: a modal
    widgets = list(app.screen.walk_children())  # screen's drawing shows the one below
    for keep in (True, False):
        for widget in widgets:
            if keep == _not_marked_yet(widget):
                continue
            region = widget.region
            for y in range(region.y, min(region.bottom, len(rows))):
                for x in range(region.x, min(region.right, len(rows[y]))):
                    rows[y][x] = drawn[y][x] if keep else " "
    ok = set(KEY_NAMES)
    for text in allowed:
        ok.update(WORD.findall(text))
    return [word for row in rows for word in WORD.findall("".join(row)) if word not in ok
            and not any(name.startswith(word) for name in ok)]  # a name cut at an edge


def column_starts(row: list[str], texts: Iterable[str]) -> list[int]:
    """The cell where each of ``texts`` starts in ``row`` (one string a cell, as
    screen_cells gives), in order, as far as they are found (a column past a table's
    edge is not)."""
    line = "".join(cell or "\0" for cell in row)  # one character a cell: index = cell
    starts: list[int] = []
    at = 0
    for text in texts:
        spread = "".join(ch + "\0" * (cell_len(ch) - 1) for ch in text)
        found = line.find(spread, at)
        if found < 0:
            break
        starts.append(found)
        at = found + len(spread)
    return starts
