"""A light selectable list: one row per entry (wrapped if asked), a cursor, keys, clicks.

Used instead of OptionList for the lists that change on every diff (my actions, the
building supply): it is one Static, so a new content of the same number of lines is a
repaint of this widget only, never a new layout of the screen.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.geometry import Region
from textual.message import Message
from textual.widget import Widget

from prtui.i18n import N_
from prtui.widgets.context import Shown


class MenuList(Shown, can_focus=True):
    """Rows of text; up/down move the cursor (Home, End: to the first, the last),
    Enter or a click selects."""

    DEFAULT_CSS = """
    MenuList { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "move(-1)", N_("Up"), show=False),
        Binding("down,j", "move(1)", N_("Down"), show=False),
        Binding("home", "edge(1)", N_("First"), show=False),
        Binding("end", "edge(-1)", N_("Last"), show=False),
        Binding("enter", "select", N_("Select"), show=False),
    ]

    class Selected(Message):
        def __init__(self, menu: MenuList, index: int) -> None:
            super().__init__()
            self.menu = menu
            self.index = index

        @property
        def control(self) -> MenuList:
            """The menu (so that ``@on(MenuList.Selected, "#id")`` picks one)."""
            return self.menu

    class Highlighted(Message):
        def __init__(self, menu: MenuList, index: int) -> None:
            super().__init__()
            self.menu = menu
            self.index = index

        @property
        def control(self) -> MenuList:
            return self.menu

    def __init__(self, min_rows: int = 0, wrap: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.min_rows = min_rows  # pad with blank lines: a steady height needs no layout
        self.wrap = wrap  # long rows go on over indented lines instead of ending in "…"
        self.rows: list[Text] = []
        self.cursor = 0
        self.keys: list[str] = []
        self.inert: set[int] = set()  # rows shown but not chosen (the cursor skips them)
        self._line_rows: list[int] = []  # screen line -> row, for clicks
        self._drawn_width = 0

    def set_rows(self, rows: list[Text], keys: list[str] | None = None, cursor: int | None = None,
                 inert: set[int] | None = None) -> None:
        """New rows (each one line); keeps the cursor on the same key when it can."""
        old_key = self.keys[self.cursor] if self.keys and self.cursor < len(self.keys) else None
        self.rows = rows
        self.inert = set(inert or ())
        self.keys = keys or [str(i) for i in range(len(rows))]
        if cursor is not None:
            self.cursor = cursor
        elif old_key in self.keys:
            self.cursor = self.keys.index(old_key)
        self.cursor = max(0, min(self.cursor, len(rows) - 1))
        if self.cursor in self.inert:
            self.cursor = self._next_enabled(self.cursor, 1)
        self._draw()
        if cursor is not None and self.is_mounted:  # a cursor set below the rows shown: in
            # view, once the new rows are laid out (the list may have grown)
            self.call_after_refresh(self.call_after_refresh, self._keep_cursor_in_view)
        if rows:
            self.post_message(self.Highlighted(self, self.cursor))

    def _draw(self) -> None:
        out = Text(no_wrap=True, overflow="ellipsis", end="")
        width = self.content_size.width
        self._drawn_width = width
        self._line_rows = []
        for i, row in enumerate(self.rows):
            line = row.copy()
            line.no_wrap = True
            if i == self.cursor and self.has_focus:
                line.stylize("reverse")
            elif i == self.cursor:
                line.stylize("underline")
            pieces = [line]
            if self.wrap and width > 8 and line.cell_len > width:
                pieces = list(line.wrap(self.app.console, width - 2, no_wrap=False))
                pieces = [pieces[0], *[Text("  ") + p for p in pieces[1:]]]
            for piece in pieces:
                if self._line_rows:
                    out.append("\n")
                out.append_text(piece)
                self._line_rows.append(i)
        out.append("\n" * max(0, self.min_rows - max(1, len(self._line_rows))))
        self.show(out)

    def on_resize(self) -> None:
        if self.wrap and self.content_size.width != self._drawn_width:
            self._draw()

    def on_focus(self) -> None:
        self._draw()

    def on_blur(self) -> None:
        self._draw()

    def _next_enabled(self, row: int, step: int) -> int:
        """The first row from ``row`` on (by ``step``) that is not disabled (else ``row``)."""
        for k in range(1, len(self.rows) + 1):
            found = (row + k * step) % len(self.rows)
            if found not in self.inert:
                return found
        return row

    def action_move(self, step: int) -> None:
        if self.rows:
            self.cursor = self._next_enabled(self.cursor, step)
            self._draw()
            self._keep_cursor_in_view()
            self.post_message(self.Highlighted(self, self.cursor))
            # and once the highlight's preview is laid out: a taller one narrows the window
            self.call_after_refresh(self.call_after_refresh, self._keep_cursor_in_view)

    def action_edge(self, step: int) -> None:
        """Home (``step`` 1): the first row that can be chosen; End (-1): the last."""
        if self.rows:
            start = len(self.rows) - 1 if step > 0 else 0  # the row before the first, wrapped
            self.cursor = start
            self.action_move(step)

    def _keep_cursor_in_view(self) -> None:
        """A list taller than its scrolling parent follows the cursor."""
        lines = [n for n, row in enumerate(self._line_rows) if row == self.cursor]
        parent = self.parent
        if lines and isinstance(parent, Widget) and parent.is_scrollable:
            # one line more below: the last line of a short list can sit under its edge
            # (not past the last row: a region beyond the content scrolls one line short)
            below = 1 if lines[-1] < len(self._line_rows) - 1 else 0
            parent.scroll_to_region(Region(0, lines[0], 1, len(lines) + below), animate=False,
                                    immediate=True)

    def action_select(self) -> None:
        if self.rows and self.cursor not in self.inert:
            self.post_message(self.Selected(self, self.cursor))

    def _changes_size(self, old: Text, new: Text) -> bool:
        """Lines never wrap by themselves: their count is the text's height."""
        return self._box_changes(old.plain.count("\n") + 1, new.plain.count("\n") + 1)

    def on_click(self, event: Click) -> None:
        if not 0 <= event.y < len(self._line_rows):
            return
        index = self._line_rows[event.y]
        if 0 <= index < len(self.rows) and index not in self.inert:
            self.cursor = index
            self._draw()
            self.post_message(self.Selected(self, index))
