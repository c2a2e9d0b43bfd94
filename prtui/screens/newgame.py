"""New game: game, edition, number of players, and who sits in the other seats.

Returns a ``TableSetup`` via ``dismiss``. In the lobby the other seats may also be left
open for people (level "open").
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Label, Select, Static

from prtui.controller import TableSetup

LEVELS = ["random", "easy", "medium", "hard"]
MAX_PLAYERS = 5


class NewGameScreen(Screen[TableSetup | None]):
    """The form shown by `prtui` with no arguments and by the lobby's "create"."""

    CSS_PATH = "newgame.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "start", "Start"), Binding("escape", "cancel", "Back")]

    def __init__(self, allow_open_seats: bool = False, players: int = 4) -> None:
        super().__init__()
        self.allow_open_seats = allow_open_seats
        self.players = players

    def compose(self) -> ComposeResult:
        levels = (["open"] if self.allow_open_seats else []) + LEVELS
        with VerticalScroll(id="form"):
            yield Static("New game", id="form-title")
            with Horizontal(classes="row"):
                yield Label("Game", classes="label")
                yield Select([("Puerto Rico", "puerto-rico")], value="puerto-rico",
                             allow_blank=False, id="game")
            with Horizontal(classes="row"):
                yield Label("Edition", classes="label")
                yield Select([("Classic (2002)", "classic"), ("1897", "1897")], value="classic",
                             allow_blank=False, id="edition")
            with Horizontal(classes="row"):
                yield Label("Players", classes="label")
                yield Select([(str(n), n) for n in range(2, MAX_PLAYERS + 1)], value=self.players,
                             allow_blank=False, id="players")
            for seat in range(1, MAX_PLAYERS):
                with Horizontal(classes="row seat-row", id=f"seat-row-{seat}"):
                    yield Label(f"Seat {seat + 1}", classes="label")
                    yield Select([(lv, lv) for lv in levels], value="medium", allow_blank=False,
                                 id=f"seat-{seat}")
            yield Checkbox("Open VP (everyone sees everyone's VP chips)", id="open-vp")
            with Horizontal(classes="row"):
                yield Button("Start", variant="success", id="start")
                yield Button("Back", id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        self._show_seats(self.players)
        self.query_one("#start", Button).focus()

    def _show_seats(self, players: int) -> None:
        for seat in range(1, MAX_PLAYERS):
            self.query_one(f"#seat-row-{seat}").display = seat < players

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players" and isinstance(event.value, int):
            self.players = event.value
            self._show_seats(event.value)

    def setup(self) -> TableSetup:
        players = int(self.query_one("#players", Select).value)  # type: ignore[arg-type]
        return TableSetup(
            players=players,
            edition=str(self.query_one("#edition", Select).value),
            bots=[str(self.query_one(f"#seat-{s}", Select).value) for s in range(1, players)],
            open_vp=self.query_one("#open-vp", Checkbox).value,
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()

    def action_start(self) -> None:
        self.dismiss(self.setup())

    def action_cancel(self) -> None:
        """From the lobby: back to it (None). As the first screen of `prtui`: quit."""
        if self.allow_open_seats:
            self.dismiss(None)
        else:
            self.app.exit(0)
