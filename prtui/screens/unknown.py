"""A game this client has no board for: say so plainly, never a traceback.

The server may host games newer than this client (or a game whose board is still to
come, as San Juan's is): the room's views arrive and are ignored here; the player can
leave the table or quit.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Static

from prtui.games import cannot_draw
from prtui.i18n import N_, _
from prtui.screens.words import speak_keys
from prtui.widgets.plain import shown


class UnknownGameScreen(Screen[None]):
    """Stands in for the board of a game the client cannot draw."""

    DEFAULT_CSS = """
    UnknownGameScreen { align: center middle; }
    UnknownGameScreen > Static {
        width: 70; height: auto; padding: 1 2;
        border: thick $warning; background: $surface;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+l,escape", "leave", N_("Leave table")),
        Binding("q", "app.quit", N_("Quit")),
    ]
    live: ClassVar[bool] = True  # takes the room's pushes in the board's place

    def __init__(self, game: str, title: str) -> None:
        super().__init__()
        self.game = game
        self.game_title = title
        self.snapshot: dict[str, Any] = {}

    def compose(self) -> ComposeResult:
        speak_keys(self)
        yield Static(Text.assemble(
            (shown(self.game_title, 40), "bold"), "\n\n", shown(cannot_draw(self.game_title)),
            "\n\n", (_("ctrl+l: leave the table · q: quit"), "dim")), id="unknown-game")
        yield Footer()

    def apply_snapshot(self, snapshot: dict[str, Any], lag_ms: float | None = None) -> None:
        """Nothing to draw: the latest view is only kept."""
        self.snapshot = snapshot

    def action_leave(self) -> None:
        leave = getattr(self.app, "leave_table", None)
        if leave is not None:
            self.run_worker(leave(), group="leave")
