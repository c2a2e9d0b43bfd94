"""A light selectable list: one line per row, a cursor, keys and clicks.

Used instead of OptionList for the lists that change on every diff (my actions, the
building supply): it is one Static, so a new content of the same number of lines is a
repaint of this widget only, never a new layout of the screen.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.message import Message

from prtui.widgets.context import Shown


class MenuList(Shown, can_focus=True):
    """Rows of text; up/down move the cursor, Enter or a click selects."""

    DEFAULT_CSS = """
    MenuList { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "move(-1)", "Up", show=False),
        Binding("down,j", "move(1)", "Down", show=False),
        Binding("enter", "select", "Select", show=False),
    ]

    class Selected(Message):
        def __init__(self, menu: MenuList, index: int) -> None:
            super().__init__()
            self.menu = menu
            self.index = index

    class Highlighted(Message):
        def __init__(self, menu: MenuList, index: int) -> None:
            super().__init__()
            self.menu = menu
            self.index = index

    def __init__(self, min_rows: int = 0, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.min_rows = min_rows  # pad with blank lines: a steady height needs no layout
        self.rows: list[Text] = []
        self.cursor = 0
        self.keys: list[str] = []

    def set_rows(self, rows: list[Text], keys: list[str] | None = None, cursor: int | None = None) -> None:
        """New rows (each one line); keeps the cursor on the same key when it can."""
        old_key = self.keys[self.cursor] if self.keys and self.cursor < len(self.keys) else None
        self.rows = rows
        self.keys = keys or [str(i) for i in range(len(rows))]
        if cursor is not None:
            self.cursor = cursor
        elif old_key in self.keys:
            self.cursor = self.keys.index(old_key)
        self.cursor = max(0, min(self.cursor, len(rows) - 1))
        self._draw()
        if rows:
            self.post_message(self.Highlighted(self, self.cursor))

    def _draw(self) -> None:
        out = Text(no_wrap=True, overflow="ellipsis", end="")
        for i, row in enumerate(self.rows):
            line = row.copy()
            line.no_wrap = True
            if i == self.cursor and self.has_focus:
                line.stylize("reverse")
            elif i == self.cursor:
                line.stylize("underline")
            out.append_text(line)
            if i < len(self.rows) - 1:
                out.append("\n")
        out.append("\n" * max(0, self.min_rows - max(1, len(self.rows))))
        self.show(out)

    def on_focus(self) -> None:
        self._draw()

    def on_blur(self) -> None:
        self._draw()

    def action_move(self, step: int) -> None:
        if self.rows:
            self.cursor = (self.cursor + step) % len(self.rows)
            self._draw()
            self.post_message(self.Highlighted(self, self.cursor))

    def action_select(self) -> None:
        if self.rows:
            self.post_message(self.Selected(self, self.cursor))

    def _changes_size(self, old: Text, new: Text) -> bool:
        return old.plain.count("\n") != new.plain.count("\n")  # rows never wrap

    def on_click(self, event: Click) -> None:
        index = event.y
        if 0 <= index < len(self.rows):
            self.cursor = index
            self._draw()
            self.post_message(self.Selected(self, index))
