"""A minimal Textual app as the session child: proves Textual's Linux driver works on
the gateway's pty (size at start, live resize, keys) before and beside the real TUI."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.screen import Screen
from textual.widgets import Static


class SizeScreen(Screen[None]):
    """Shows 'LOBBY WxH' (or 'BOARD WxH' after the key b) for the size it was given."""

    mode_text = "LOBBY"

    def compose(self) -> ComposeResult:
        yield Static(id="status")

    def on_resize(self, event: events.Resize) -> None:
        self.show(event.size.width, event.size.height)

    def on_key(self, event: events.Key) -> None:
        if event.key == "b":
            self.mode_text = "BOARD"
            self.show(self.size.width, self.size.height)

    def show(self, width: int, height: int) -> None:
        self.query_one(Static).update(f"{self.mode_text} {width}x{height}")


class SizeApp(App[None]):
    BINDINGS: ClassVar[list[BindingType]] = [("q", "quit", "Quit")]

    def on_mount(self) -> None:
        self.push_screen(SizeScreen())


if __name__ == "__main__":
    SizeApp().run()
