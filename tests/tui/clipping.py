"""Finds text a widget cuts: walks every widget on the screen and compares the text it
means to show with the room it got (no widget named, no position assumed, so it holds
for any layout).

A table (``DataTable``) cuts its text when its columns are wider than the room it got
(its last columns behind a horizontal scrollbar), unless it has the class
``-wider-than-shown`` (a table whose last columns may be scrolled to on purpose).
A line is cut when the widget does not wrap it (``text-wrap: nowrap`` or a ``Text``
with ``no_wrap``) and the line is wider than the widget's content width (Textual then
crops it or ends it in "…"), or when a widget of fixed height (or a most, ``max-height``) gets more lines than it
has rows and cannot scroll. Text a widget fits on purpose (a name shortened by the code
that writes it) is not the widget's cut and is not reported.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.content import Content
from textual.widget import Widget
from textual.widgets import DataTable, Static


def intended(widget: Static) -> tuple[list[str], bool] | None:
    """The lines ``widget`` means to show and whether it may wrap them; None when
    its content is not text."""
    content = widget.content
    if isinstance(content, Text):
        wraps = not content.no_wrap
        plain = content.plain
    elif isinstance(content, Content):
        wraps, plain = True, content.plain
    elif isinstance(content, str):
        wraps, plain = True, Content.from_markup(content).plain if widget._render_markup else content
    else:
        return None
    if widget.styles.text_wrap == "nowrap":
        wraps = False
    return plain.split("\n"), wraps


def _scrolls(widget: Widget) -> bool:
    return widget.styles.overflow_y in ("auto", "scroll") or widget.styles.overflow_x in ("auto", "scroll")


def cut_texts(screen: Any) -> list[str]:
    """Every text a visible widget of ``screen`` cuts, as "Widget#id: line (n cells in m)"."""
    found: list[str] = []
    visible = screen._compositor.visible_widgets
    for widget in visible:
        if isinstance(widget, DataTable) and widget.display and not widget.has_class(
                "-wider-than-shown"):
            wide, room = widget.virtual_size.width, widget.scrollable_content_region.width
            if room > 0 and wide > room:
                found.append(f"DataTable#{widget.id or '-'}: columns of {wide} cells in {room}")
            continue
        if not isinstance(widget, Static) or not widget.display:
            continue
        got = intended(widget)
        if got is None:
            continue
        lines, wraps = got
        width, height = widget.content_region.width, widget.content_region.height
        if width <= 0:
            continue
        name = f"{type(widget).__name__}#{widget.id or '-'}"
        if not wraps:
            for line in lines:
                if cell_len(line.rstrip()) > width:
                    found.append(f"{name}: {line.rstrip()!r} ({cell_len(line.rstrip())} cells in {width})")
        bounded = (widget.styles.height is not None and not widget.styles.height.is_auto) \
            or widget.styles.max_height is not None  # auto up to a most: cut beyond it
        if not _scrolls(widget) and bounded:
            needed = widget.get_content_height(widget.size, screen.size, width) if wraps \
                else len(lines)
            blank_tail = len(lines) - len("\n".join(lines).rstrip("\n").split("\n"))
            if needed - (0 if wraps else blank_tail) > height:
                found.append(f"{name}: {needed} lines in {height} rows")
    return found
