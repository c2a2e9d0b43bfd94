"""A room before the game: seats (people and bots), ready, start, chat."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from prtui.controller import turn_based_room
from prtui.games import game_title
from prtui.navigation import BackToLobby
from prtui.pushes import pushes_of
from prtui.screens.newgame import LEVELS
from prtui.widgets.feed import ChatPanel
from prtui.widgets.fitted import fit_columns, name_cells
from prtui.widgets.plain import plain, shown

SEAT_COLUMNS = ("seat", "who", "kind", "ready", "connected")
"""The seats table's columns."""

FEWEST_WHO_CELLS = 8
"""Narrowest a seat's name gets so that the columns after it fit."""

if TYPE_CHECKING:
    from prtui.controller import Controller


def options_words(entry: Mapping[str, Any] | None, options: Mapping[str, Any]) -> list[str]:
    """A room's game options in words, by the game's own spec (its catalog entry): a
    choice by its label ("1897"), a yes/no option by its title when on ("Fair start"),
    a set by its labels; an option at its default that says nothing is left out."""
    words: list[str] = []
    specs = (entry or {}).get("options")
    for spec in specs if isinstance(specs, list) else []:
        if not isinstance(spec, Mapping) or not isinstance(spec.get("name"), str):
            continue  # a server's catalog is data from elsewhere: what makes no sense is skipped
        kind, default = spec.get("type"), spec.get("default")
        value = options.get(spec["name"], default)
        title = str(spec.get("title") or spec["name"])
        choices, labels = spec.get("choices"), spec.get("labels")
        named = (dict(zip(choices, labels, strict=False))
                 if isinstance(choices, list) and isinstance(labels, list) else {})
        if kind == "choice" and isinstance(value, str):
            words.append(str(named.get(value, value)))
        elif kind == "bool" and value is True:
            words.append(title)
        elif kind == "multi" and isinstance(value, list) and value:
            words.append(f"{title}: " + ", ".join(str(named.get(v, v)) for v in value))
        elif kind in ("int", "str") and value != default:
            words.append(f"{title} {value}")
    if entry is None and options.get("edition"):  # no catalog: the one option known of old
        words.append(str(options["edition"]))
    if options.get("coach") == "on":  # a room option of the server's, not the game's
        words.append("coach allowed")
    return words


class RoomScreen(Screen[None]):
    """Seats of one room; the host adds bots and starts."""

    CSS_PATH = "room.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "take_seat", "Sit"),
        Binding("b", "add_bot", "Bot"),
        Binding("l", "cycle_level", "Level"),
        Binding("x", "remove_bot", "No bot"),
        Binding("r", "ready", "Ready"),
        Binding("s", "start", "Start"),
        Binding("c", "focus_chat", "Chat"),
        Binding("escape", "leave", "Leave"),
    ]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller
        self.level = "medium"
        self.ready = False
        self.info: dict[str, Any] = controller.room_info or {}
        self._host: object = None  # the host last shown

    def compose(self) -> ComposeResult:
        with Horizontal(id="room"):
            with Vertical(id="seats-pane"):
                yield Static("", id="room-title")
                yield DataTable(id="seats", cursor_type="row")
                yield Static("", id="room-help")
            yield ChatPanel(id="room-chat")
        yield Footer(compact=True)

    def _seats_table(self) -> DataTable[Any]:
        """The seats table, its columns set up on first use (a room push may come first)."""
        table: DataTable[Any] = self.query_one(DataTable)
        if not table.columns:
            table.add_columns(*SEAT_COLUMNS)
        return table

    def on_mount(self) -> None:
        if not self.is_attached:  # taken down as it mounted (the app quitting)
            return
        self._seats_table().focus()
        self.update_room(self.controller.room_info or self.info)  # the latest, if one came
        pushes = pushes_of(self)
        if pushes is not None:
            pushes.subscribe(pushes.room, self, self.update_room)
            if self.controller.room is not None:
                pushes.subscribe_chat(self, self.controller.room, self.add_chat)
        if self.controller.client.catalog is None:
            self._ask_games()

    @work(group="room-games")
    async def _ask_games(self) -> None:
        """The games' titles and options for the title (asked once per connection)."""
        from prtui.netclient import NetError

        with contextlib.suppress(NetError, ConnectionError):
            await self.controller.games()
        self.update_room(self.info)

    def update_room(self, room: dict[str, Any]) -> None:
        if not room or (self.controller.room and room.get("id") != self.controller.room):
            return
        self.info = room
        if not self.query("#room-title"):  # pushed a moment ago, not composed yet:
            return  # on_mount shows self.info, this latest one
        entry = self.controller.game_entry(room.get("game"))
        game = ", ".join([game_title(entry, room.get("game")),
                          *options_words(entry, room.get("options") or {})])
        self.query_one("#room-title", Static).update(Text(
            f"{shown(room.get('name', ''))} — {shown(game)}, "
            f"{shown(room.get('players'))} players, host {shown(room.get('host') or '-')}, "
            f"{shown(room.get('status'))}"))
        self._say_new_host(room.get("host"))
        seat = self.controller.seat
        self.refresh_bindings()  # a finished room offers no seat and no start
        if room.get("status") == "over":
            self.query_one("#room-help", Static).update(Text(
                "This game is over: nobody sits or starts here any more.\n"
                "esc back to the lobby (p there replays it, n opens a new room)"))
        else:
            self.query_one("#room-help", Static).update(Text(
                ("You do not sit yet: t takes the highlighted seat.\n" if seat is None
                 else f"You sit in seat {seat + 1}.\n") +
                f"On the highlighted seat: t sit · b a {self.level} bot (l: level) · x no bot.\n"
                + ("Turn-based: s start (host; every seat filled) · esc leave, seat kept"
                   if turn_based_room(room) else
                   "r ready · s start (host; every seat filled, others ready) · esc leave")))
        table = self._seats_table()
        row = table.cursor_row
        table.clear()
        who_cells = self._who_cells(table, list(room.get("seats", [])))
        for seat in room.get("seats", []):
            who = seat.get("name") or (f"{seat.get('level')} bot" if seat.get("kind") == "bot" else "—")
            table.add_row(str(int(seat.get("seat", 0)) + 1), plain(who, limit=who_cells),
                          plain(seat.get("kind")),
                          "yes" if seat.get("ready") else "no",
                          "yes" if seat.get("connected") else "no")
        fit_columns(table)
        if 0 <= row < table.row_count:
            table.move_cursor(row=row)

    @staticmethod
    def _who_cells(table: DataTable[Any], seats: list[dict[str, Any]]) -> int | None:
        """Cells for a seat's name, so that kind, ready and connected fit beside it (at
        80 columns a 32-character name left "ready" as "re" and hid "connected")."""
        kind = max([len("kind"), *(len(shown(s.get("kind"))) for s in seats)])
        return name_cells(table, [len("seat"), kind, len("ready"), len("connected")],
                          FEWEST_WHO_CELLS)

    def on_resize(self) -> None:
        """Names cut to the new width, once the table has it."""
        self.call_after_refresh(self._refit)

    def _refit(self) -> None:
        if self.is_attached and self.info:
            self.update_room(self.info)

    SETUP = frozenset(("take_seat", "add_bot", "cycle_level", "remove_bot", "ready", "start"))
    """The keys that set a table up: none once its game is over."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action in self.SETUP and self.info.get("status") == "over")

    def _say_new_host(self, host: object) -> None:
        """When the host moves on, say who hosts now (the title shows it too)."""
        before, self._host = self._host, host
        if before is None or host is None or host == before:
            return
        if host == self.controller.client.name:
            self.notify("You are the host now: you add bots and start the game.")
        else:
            self.notify(f"{shown(host)} is the host now.", markup=False)

    def _cursor_seat(self) -> int:
        return max(0, self.query_one(DataTable).cursor_row)

    async def _command(self, t: str, **fields: Any) -> None:
        from prtui.netclient import Rejected

        try:
            await self.controller.client.command(t, room=self.controller.room, **fields)
        except Rejected as exc:
            self.notify(f"Rejected: {exc.reason}", severity="error", markup=False)

    @work(group="room")
    async def action_take_seat(self) -> None:
        from prtui.netclient import Rejected

        try:
            await self.controller.take_seat(self._cursor_seat())
        except Rejected as exc:
            self.notify(f"Rejected: {exc.reason}", severity="error", markup=False)
        self.update_room(self.info)  # the room push came before the ack that gave the seat

    @work(group="room")
    async def action_add_bot(self) -> None:
        await self._command("add_bot", seat=self._cursor_seat(), level=self.level)

    @work(group="room")
    async def action_remove_bot(self) -> None:
        await self._command("remove_bot", seat=self._cursor_seat())

    @work(group="room")
    async def action_ready(self) -> None:
        self.ready = not self.ready
        await self._command("ready", ready=self.ready)

    @work(group="room")
    async def action_start(self) -> None:
        await self._command("start")

    def action_cycle_level(self) -> None:
        self.level = LEVELS[(LEVELS.index(self.level) + 1) % len(LEVELS)]
        self.update_room(self.info)

    @work(group="room", exclusive=True)
    async def action_leave(self) -> None:
        """Back to the lobby; asked first when it gives up a seat or the host's place."""
        from prtui.screens.confirm import ConfirmScreen

        costs = []
        if self.controller.seat is not None and not turn_based_room(self.info):
            costs.append(f"You sit in seat {self.controller.seat + 1}: it is freed.")
        if self.info.get("host") == self.controller.client.name:
            costs.append("You host this room: hosting passes to a seated player.")
        if costs and not self.controller.client.closed and not await self.app.push_screen_wait(
                ConfirmScreen("Leave this room?", " ".join(costs))):
            return
        await self.controller.leave_room()
        self.post_message(BackToLobby(self.controller))

    @on(ChatPanel.Send, "#room-chat")
    def _send_chat(self, message: ChatPanel.Send) -> None:
        self.run_worker(self._command("chat", text=message.text))

    def add_chat(self, who: str, text: str) -> None:
        self.query_one(ChatPanel).add_line(who, text)

    def action_focus_chat(self) -> None:
        self.query_one("#chat-input").focus()
