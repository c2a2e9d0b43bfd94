"""The lobby of a server: its rooms, create, join or watch, and the lobby chat."""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from prtui.games import game_title
from prtui.i18n import N_, _
from prtui.netclient import NetError, Rejected
from prtui.pushes import pushes_of
from prtui.screens.words import columned, seat_name, server_words, speak_keys, status_word
from prtui.widgets.feed import SHORT_CHAT_PLACEHOLDER, ChatPanel
from prtui.widgets.fitted import fit_columns, name_cells
from prtui.widgets.plain import plain, shown
from prtui.widgets.your_turns import MOST_SHOWN, YourTurns

if TYPE_CHECKING:
    from prtui.controller import Controller


LOBBY_TITLE = N_("Rooms — Enter join · w watch · p replay a finished game · i my profile")
EMPTY_TITLE = N_("No rooms yet — n opens one (its seats for people or bots)")
EMPTY_TITLE_WATCHING = N_("No rooms yet — the list refreshes itself when one opens")
OLDER_TITLE = N_("Finished games, newest first — p replay · o older · r back to the rooms")
OLDEST_TITLE = N_("The oldest finished games — p replay · r back to the rooms")


NAME_CELLS = 40
"""Widest room or host name in the rooms table (longer ones end in "…")."""

FEWEST_NAME_CELLS = 8
"""Narrowest a room or host name gets so that the columns after it fit the table."""

COLUMNS = (N_("name"), N_("game"), N_("seats"), N_("status"), N_("watch"), N_("host"),
           N_("id"))
"""What a player picks a room by first; the host (most often in the room's name too) and
the id last, where a narrow table may leave them off its edge."""

GAME_CELLS = 16
"""Widest game title in the rooms table."""

TURNS_EVERY_S = 10.0
"""A lobby push asks again for my moves waiting at most this often (each asking looks
at every open table on the server); entering the lobby and `r` always ask."""


def status_cell(room: dict[str, Any]) -> str:
    """A room's status, and a turn-based table's pace: "playing · 2 d/move"."""
    status = status_word(room.get("status"))
    hours = (room.get("options") or {}).get("turn_hours")
    if isinstance(hours, int | float) and not isinstance(hours, bool) and hours > 0:
        if hours >= 24 and hours % 24 == 0:
            # i18n: a turn-based table's pace in the rooms list: days a move, kept short
            return _("{status} · {days:g} d/move").format(status=status, days=hours / 24)
        # i18n: a turn-based table's pace in the rooms list: hours a move, kept short
        return _("{status} · {hours:g} h/move").format(status=status, hours=hours)
    return status


class LobbyScreen(Screen[None]):
    """Rooms of the server; players create and join, spectators watch."""

    CSS_PATH = "lobby.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "create", N_("New room")),
        Binding("j", "join", N_("Join"), show=False),  # Enter joins (the title says)
        Binding("w", "watch", N_("Watch")),
        Binding("p", "replay", N_("Replay"), show=False),  # the title says (80 columns)
        Binding("o", "older", N_("Older")),
        Binding("l", "leaderboard", N_("Leaderboard")),
        Binding("i", "my_profile", N_("My profile"), show=False),  # the title says (80 columns)
        Binding("r", "refresh", N_("Refresh"), show=False),  # pushes keep the list fresh
        Binding("c", "focus_chat", N_("Chat")),
        Binding("q", "quit_app", N_("Quit")),
        # "your move at N tables" (its heading names the keys): each table one key away
        *(Binding(str(n), f"my_turn({n})", N_("My move at a table"), show=False)
          for n in range(1, MOST_SHOWN + 1)),
    ]

    def __init__(self, controller: Controller, spectate: bool = False) -> None:
        super().__init__()
        self.controller = controller
        self.spectate = spectate
        self.rooms: list[dict[str, Any]] = []
        self.paging = False  # showing a page of finished games (lobby pushes wait)
        self.older: str | None = None  # where the next page of finished games starts
        self.turns_asked = -TURNS_EVERY_S  # when my moves waiting were last asked for

    def compose(self) -> ComposeResult:
        speak_keys(self)
        with Horizontal(id="lobby"):
            with Vertical(id="rooms-pane"):
                yield YourTurns(id="your-turns")  # first: where my move waits
                yield Static(_(LOBBY_TITLE), id="lobby-title")
                # the host and the id may be off its edge (scrolled to): names come first
                yield DataTable(id="rooms", cursor_type="row", classes="-wider-than-shown")
            yield ChatPanel(SHORT_CHAT_PLACEHOLDER, id="lobby-chat")
        yield Footer()

    def on_mount(self) -> None:
        if not self.is_attached:  # taken down as it mounted (the app quitting)
            return
        self._rooms_table().focus()
        self.action_refresh()  # the rooms as they are now, and my moves waiting
        pushes = pushes_of(self)
        if pushes is not None:
            pushes.subscribe(pushes.lobby, self, self.update_rooms)
            pushes.subscribe(pushes.turn_elsewhere, self, lambda room: self.refresh_turns())
            pushes.subscribe_chat(self, None, self.add_chat)

    def _rooms_table(self) -> DataTable[Any]:
        """The rooms table, its columns (in the reader's language) set up on first use."""
        return columned(self.query_one(DataTable), COLUMNS)

    async def recompose(self) -> None:
        """Composed again in the reader's language (a switch of it, prtui/app.py): the
        rooms as they were."""
        await super().recompose()
        self._rooms_table().focus()
        self.update_rooms(self.rooms, paged=self.paging)

    def update_rooms(self, rooms: list[dict[str, Any]], paged: bool = False) -> None:
        if self.paging and not paged:  # a lobby push while finished games are shown
            return
        if not paged and time.monotonic() - self.turns_asked >= TURNS_EVERY_S:
            self.refresh_turns()  # a turn may have come at another table (pushes are often)
        was = self.selected_room()  # a push keeps the cursor on the room it was on
        self.rooms = rooms
        table = self._rooms_table()
        table.clear()
        rows = [self._cells(room) for room in rooms]
        name_cells = self._name_cells(table, rows)
        for room, cells in zip(rooms, rows, strict=True):
            table.add_row(plain(cells[0], limit=name_cells), *cells[1:], key=str(room.get("id")))
        fit_columns(table)
        ids = [str(room.get("id")) for room in rooms]
        if was in ids:
            table.move_cursor(row=ids.index(was))
        if not self.paging:
            empty = EMPTY_TITLE_WATCHING if self.spectate else EMPTY_TITLE
            self.query_one("#lobby-title", Static).update(_(LOBBY_TITLE if rooms else empty))

    def _cells(self, room: dict[str, Any]) -> list[Any]:
        """One room's cells in COLUMNS order (its name still to be fitted)."""
        seats = room.get("seats", [])
        filled = sum(1 for s in seats if s.get("kind") != "empty")
        return [shown(room.get("name"), limit=NAME_CELLS),
                plain(self.game_title(room.get("game")), limit=GAME_CELLS),
                f"{filled}/{len(seats)}", plain(status_cell(room)),
                str(room.get("spectators", 0)),
                plain(room.get("host") or "-", limit=NAME_CELLS), plain(room.get("id"))]

    @staticmethod
    def _name_cells(table: DataTable[Any], rows: list[list[Any]]) -> int:
        """Cells for the room's name, so that its game, seats, status and watchers fit
        beside it (with a 32-character host they were off the table's edge at 120
        columns and below)."""
        if not rows:
            return NAME_CELLS
        shown_first = range(1, COLUMNS.index("watch") + 1)
        others = [max(cell_len(_(COLUMNS[i])), *(Text(str(row[i])).cell_len for row in rows))
                  for i in shown_first]
        return name_cells(table, others, FEWEST_NAME_CELLS, NAME_CELLS) or NAME_CELLS

    def on_resize(self) -> None:
        """Names cut to the new width (the table is drawn again, cursor kept), once the
        table has its new size."""
        self.call_after_refresh(self._refit)

    def _refit(self) -> None:
        if not self.is_attached:
            return
        if self.rooms:
            self.update_rooms(self.rooms, paged=self.paging)
        turns = self.query_one(YourTurns)
        if turns.tables:
            turns.show(turns.tables, turns.titles)

    def on_screen_resume(self) -> None:
        """Back from a table (or any screen above): whose move is it now?"""
        if self.is_mounted:
            self.refresh_turns()

    @work(exclusive=True, group="turns")
    async def refresh_turns(self) -> None:
        """The turn-based tables waiting for my move (none for a guest or a spectator)."""
        if self.spectate:
            return
        self.turns_asked = time.monotonic()
        try:
            data = await self.controller.client.command("my_turns")
        except NetError:  # a server from before turn-based tables: nothing to list
            return
        tables = [t for t in data.get("tables", []) if isinstance(t, dict)]
        titles = {str(t.get("game")): self.game_title(t.get("game")) for t in tables}
        for listed in self.query(YourTurns):  # none once the lobby is being taken down
            listed.show(tables, titles)

    @work(exclusive=True, group="lobby")
    async def action_my_turn(self, number: int) -> None:
        """Open the board of the table listed with ``number``: my seat there is my
        account's, so joining seats me and the board comes (prtui/app.py)."""
        table = self.query_one(YourTurns).table(number)
        if table is None:
            return
        try:
            await self.controller.join(str(table.get("room")), as_player=True)
        except Rejected as exc:  # the server's reason, shown as is
            self.notify(_("That table: {reason}").format(reason=server_words(exc.reason)),
                        severity="error", markup=False)
            self.refresh_turns()

    def game_title(self, game: object) -> str:
        """A room's game by its title in the server's catalog ("San Juan"), else its id,
        in the reader's language."""
        return server_words(game_title(self.controller.game_entry(game), game), game)

    def selected_room(self) -> str | None:
        table = self.query_one(DataTable)
        if not self.rooms or table.cursor_row < 0 or table.cursor_row >= len(self.rooms):
            return None
        return str(self.rooms[table.cursor_row].get("id"))

    @work(exclusive=True, group="lobby")
    async def action_refresh(self) -> None:
        with contextlib.suppress(NetError):  # the games' titles (asked once per connection)
            await self.controller.games()
        data = await self.controller.client.command("list_rooms")
        self.paging = False
        self.query_one("#lobby-title", Static).update(_(LOBBY_TITLE))
        self.update_rooms(list(data.get("rooms", [])))
        self.refresh_turns()

    @work(exclusive=True, group="lobby")
    async def action_older(self) -> None:
        """Finished games a page at a time, newest first: the lobby shows only the newest
        (the server keeps them all; docs/protocol.md, Lobby pages)."""
        if self.paging and self.older is None:
            self.notify(_("No older finished games."))
            return
        data = await self.controller.client.command(
            "list_rooms", status="over", before=self.older if self.paging else None)
        self.paging, self.older = True, data.get("next")
        self.update_rooms(list(data.get("rooms", [])), paged=True)
        self.query_one(DataTable).move_cursor(row=0)
        self.query_one("#lobby-title", Static).update(
            _(OLDER_TITLE if self.older is not None else OLDEST_TITLE))

    @work(exclusive=True, group="lobby")
    async def action_create(self) -> None:
        if self.spectate:
            self.notify(_("Spectators cannot create rooms"), severity="warning")
            return
        from prtui.screens.newgame import NewGameScreen
        from prtui.screens.room import RoomScreen

        games = await self.controller.games()
        setup = await self.app.push_screen_wait(NewGameScreen(games, allow_open_seats=True))
        if setup is None:
            return
        options = {**setup.options, "coach": "on" if setup.coach else "off"}
        if setup.turn_hours:  # turn-based: the deadline per move, and what passing it does
            options.update(turn_hours=setup.turn_hours, on_deadline=setup.on_deadline)
        try:
            data = await self.controller.client.command(
                "create_room", game=setup.game, players=setup.players, options=options)
        except Rejected as exc:  # the server's reason, shown as is
            self.notify(_("New room: {reason}").format(reason=server_words(exc.reason)),
                        severity="error", markup=False)
            return
        await self.controller.join(str(data["room"]), as_player=True)
        await self.controller.take_seat(0)
        for seat, level in enumerate(setup.bots, start=1):
            if level != "open":
                await self.controller.client.command("add_bot", room=self.controller.room,
                                                     seat=seat, level=level)
        await self.app.push_screen(RoomScreen(self.controller))

    @work(exclusive=True, group="lobby")
    async def action_join(self) -> None:
        room = self.selected_room()
        if room is None:
            return
        if self.spectate:
            await self.spectate_room(room)
            return
        from prtui.screens.room import RoomScreen

        await self.controller.join(room, as_player=True)
        await self.app.push_screen(RoomScreen(self.controller))

    @work(exclusive=True, group="lobby")
    async def action_watch(self) -> None:
        room = self.selected_room()
        if room is not None:
            await self.spectate_room(room)

    @work(exclusive=True, group="lobby")
    async def action_replay(self) -> None:
        """Step through a finished game (no need to join it)."""
        room = self.selected_room()
        if room is None:
            return
        summary = next((r for r in self.rooms if r.get("id") == room), {})
        if summary.get("status") != "over":
            self.notify(_("Only finished games can be replayed."), severity="warning")
            return
        from prtui.screens.replay import open_replay

        names = {int(s["seat"]): seat_name(s)
                 for s in summary.get("seats", []) if s.get("kind") != "empty"}
        try:
            await open_replay(self.app, self.controller.client, room, names,
                              title=str(summary.get("name") or room))
        except Exception as exc:  # the server's reason, shown as is
            reason = server_words(getattr(exc, "reason", None) or exc)
            self.notify(_("Replay: {reason}").format(reason=reason), severity="error",
                        markup=False)

    def action_leaderboard(self) -> None:
        """The server's leaderboard of the first game (``g`` on it: the next game)."""
        from prtui.screens.leaderboard import LeaderboardScreen

        self.app.push_screen(LeaderboardScreen(self.controller))

    @work(exclusive=True, group="profile")
    async def action_my_profile(self) -> None:
        """My own profile; a guest is told a guest has none (the server's words)."""
        from prtui.screens.profile import open_profile

        await open_profile(self.app, self.controller, name=self.controller.client.name)

    async def spectate_room(self, room: str) -> None:
        await self.controller.join(room, as_player=False)
        status = next((r.get("status") for r in self.rooms if r.get("id") == room), None)
        if status == "waiting":
            self.notify(_("Watching: the board appears when the game starts."))

    @on(DataTable.RowSelected, "#rooms")
    def _room_chosen(self, event: DataTable.RowSelected) -> None:
        self.action_join()

    @on(ChatPanel.Send, "#lobby-chat")
    def _send_chat(self, message: ChatPanel.Send) -> None:
        self.run_worker(self.controller.client.command("chat", room=None, text=message.text))

    def add_chat(self, who: str, text: str) -> None:
        self.query_one(ChatPanel).add_line(who, text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A spectator creates no room: `n` is not offered to one."""
        return not (action == "create" and self.spectate)

    def action_focus_chat(self) -> None:
        self.query_one("#chat-input").focus()

    def action_quit_app(self) -> None:
        self.app.exit(0)
