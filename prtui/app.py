"""The Textual application: themes, the command palette, and which screen comes first.

The app owns no game logic and no sockets: a controller (see ``prtui.controller``)
drives the network in a worker and pushes screens; tests can start the app on any
screen by passing a factory.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from textual.app import App, SystemCommand
from textual.screen import Screen

from prtui.theming import DEFAULT_THEME, load_themes


class PrtuiApp(App[int]):
    """prtui's single app; what it shows first depends on the subcommand."""

    TITLE = "prtui — Puerto Rico"
    ENABLE_COMMAND_PALETTE = True

    def __init__(self, first_screen: Callable[[PrtuiApp], Screen[Any]] | None = None,
                 theme: str | None = None, on_start: Callable[[PrtuiApp], Any] | None = None) -> None:
        super().__init__()
        self._first_screen = first_screen
        self._on_start = on_start
        for loaded in load_themes().values():
            self.register_theme(loaded)
        wanted = theme or DEFAULT_THEME
        self.theme = wanted if wanted in self.available_themes else DEFAULT_THEME
        self.vocabulary_override: str | None = None

    def on_mount(self) -> None:
        if self._first_screen is not None:
            self.push_screen(self._first_screen(self))
        if self._on_start is not None:
            self._on_start(self)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for edition in ("classic", "1897"):
            yield SystemCommand(
                f"Names: {edition}",
                f"Show {edition} names for roles, goods and buildings",
                lambda e=edition: self.set_vocabulary(e),
            )

    def set_vocabulary(self, edition: str) -> None:
        """Switch names on every screen that shows the table."""
        self.vocabulary_override = edition
        for screen in self.screen_stack:
            if hasattr(screen, "vocab_name") and hasattr(screen, "render_snapshot"):
                screen.vocab_name = edition
                screen.render_snapshot()

    def watch_theme(self, theme: str) -> None:
        """Goods colours come from the theme: redraw boards when it changes."""
        for screen in getattr(self, "_screen_stack", []):
            render = getattr(screen, "render_snapshot", None)
            if render is not None and screen.is_mounted:
                render()
