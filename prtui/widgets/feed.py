"""The scrolling game log and the table chat."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, RichLog

from prtui.widgets.plain import plain, shown


class GameLog(RichLog):
    """Log lines from the server, each written once (keyed by its number)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, max_lines=500, min_width=16, **kwargs)
        self._last_n = -1

    @property
    def last_n(self) -> int:
        return self._last_n

    def restart(self) -> None:
        """Empty the log (a replay stepped back): the next extend writes from the start."""
        self.clear()
        self._last_n = -1

    def extend(self, entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            n = int(entry.get("n", self._last_n + 1))
            if n > self._last_n:
                self._last_n = n
                self.write(plain(entry.get("text", ""), blank=""))


class ChatPanel(Vertical):
    """Chat lines and an input; Enter sends."""

    class Send(Message):
        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def compose(self) -> ComposeResult:
        yield RichLog(wrap=True, markup=False, max_lines=200, min_width=16, id="chat-log")
        yield Input(placeholder="chat… (Enter to send)", id="chat-input")

    def add_line(self, who: str, text: str) -> None:
        line = Text(f"{shown(who, 32)}: {shown(text, blank='')}")
        self.query_one("#chat-log", RichLog).write(line)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.post_message(self.Send(event.value.strip()))
        event.input.value = ""
