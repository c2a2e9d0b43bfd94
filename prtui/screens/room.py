"""A room before the game: seats (people and bots), ready, start, chat."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from prtui.controller import turn_based_room
from prtui.games import game_title
from prtui.i18n import N_, _, ngettext
from prtui.navigation import BackToLobby
from prtui.pushes import pushes_of
from prtui.screens.newgame import LEVELS
from prtui.screens.words import (
    columned,
    kind_word,
    level_word,
    seat_name,
    server_words,
    speak_keys,
    status_word,
)
from prtui.widgets.feed import ChatPanel
from prtui.widgets.fitted import fit_columns, name_cells
from prtui.widgets.plain import plain, shown

SEAT_COLUMNS = (N_("seat"), N_("who"), N_("kind"), N_("ready"), N_("connected"))
"""The seats table's columns."""

FEWEST_WHO_CELLS = 8
"""Narrowest a seat's name gets so that the columns after it fit."""

if TYPE_CHECKING:
    from prtui.controller import Controller


def options_words(entry: Mapping[str, Any] | None, options: Mapping[str, Any]) -> list[str]:
    """A room's game options in words, by the game's own spec (its catalog entry): a
    choice by its label ("1897"), a yes/no option by its title when on ("Fair start"),
    a set by its labels; an option at its default that says nothing is left out. The
    server's words are read in the reader's language (prtui/screens/words.py)."""
    words: list[str] = []
    game = (entry or {}).get("name")
    specs = (entry or {}).get("options")
    for spec in specs if isinstance(specs, list) else []:
        if not isinstance(spec, Mapping) or not isinstance(spec.get("name"), str):
            continue  # a server's catalog is data from elsewhere: what makes no sense is skipped
        kind, default = spec.get("type"), spec.get("default")
        value = options.get(spec["name"], default)
        title = server_words(spec.get("title") or spec["name"], game)
        choices, labels = spec.get("choices"), spec.get("labels")
        named = (dict(zip(choices, labels, strict=False))
                 if isinstance(choices, list) and isinstance(labels, list) else {})
        if kind == "choice" and isinstance(value, str):
            words.append(server_words(named.get(value, value), game))
        elif kind == "bool" and value is True:
            words.append(title)
        elif kind == "multi" and isinstance(value, list) and value:
            # i18n: between the values of an option in a room's title
            chosen = _(", ").join(server_words(named.get(v, v), game) for v in value)
            words.append(_("{option}: {chosen}").format(option=title, chosen=chosen))
        elif kind in ("int", "str") and value != default:
            words.append(_("{option} {value}").format(option=title, value=value))
    if entry is None and options.get("edition"):  # no catalog: the one option known of old
        words.append(str(options["edition"]))
    if options.get("coach") == "on":  # a room option of the server's, not the game's
        words.append(_("coach allowed"))
    return words


class RoomScreen(Screen[None]):
    """Seats of one room; the host adds bots and starts."""

    CSS_PATH = "room.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "take_seat", N_("Sit")),
        Binding("b", "add_bot", N_("Bot")),
        Binding("l", "cycle_level", N_("Level")),
        Binding("x", "remove_bot", N_("No bot")),
        Binding("r", "ready", N_("Ready")),
        Binding("s", "start", N_("Start")),
        Binding("c", "focus_chat", N_("Chat")),
        Binding("escape", "leave", N_("Leave")),
    ]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller
        self.level = "medium"
        self.ready = False
        self.info: dict[str, Any] = controller.room_info or {}
        self._host: object = None  # the host last shown

    def compose(self) -> ComposeResult:
        speak_keys(self)
        with Horizontal(id="room"):
            with Vertical(id="seats-pane"):
                yield Static("", id="room-title")
                yield DataTable(id="seats", cursor_type="row")
                yield Static("", id="room-help")
            yield ChatPanel(id="room-chat")
        yield Footer(compact=True)

    def _seats_table(self) -> DataTable[Any]:
        """The seats table, its columns set up on first use (a room push may come first)."""
        return columned(self.query_one(DataTable), SEAT_COLUMNS)

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
        # i18n: between a room's game and its options in the room's title ("San Juan, Fair start")
        game = _(", ").join([server_words(game_title(entry, room.get("game")), room.get("game")),
                             *options_words(entry, room.get("options") or {})])
        players = room.get("players")
        count = players if isinstance(players, int) else 0
        # i18n: the room's title: its name (typed by a person), its game and options, the
        # number of players, the host's name and the room's status
        self.query_one("#room-title", Static).update(Text(ngettext(
            "{room} — {game}, {players} player, host {host}, {status}",
            "{room} — {game}, {players} players, host {host}, {status}", count).format(
                room=shown(room.get("name", "")), game=shown(game), players=shown(players),
                host=shown(room.get("host") or "-"), status=status_word(room.get("status")))))
        self._say_new_host(room.get("host"))
        seat = self.controller.seat
        self.refresh_bindings()  # a finished room offers no seat and no start
        if room.get("status") == "over":
            self.query_one("#room-help", Static).update(Text("\n".join((
                _("This game is over: nobody sits or starts here any more."),
                _("esc back to the lobby (p there replays it, n opens a new room)")))))
        else:
            self.query_one("#room-help", Static).update(Text("\n".join((
                _("You do not sit yet: t takes the highlighted seat.") if seat is None
                else _("You sit in seat {seat}.").format(seat=seat + 1),
                _("On the highlighted seat: t sit · b a {level} bot (l: level) · x no bot.")
                .format(level=level_word(self.level)),
                _("Turn-based: s start (host; every seat filled) · esc leave, seat kept")
                if turn_based_room(room) else
                _("r ready · s start (host; every seat filled, others ready) · esc leave")))))
        table = self._seats_table()
        row = table.cursor_row
        table.clear()
        who_cells = self._who_cells(table, list(room.get("seats", [])))
        for seat in room.get("seats", []):
            who = seat_name(seat) or "—"
            table.add_row(str(int(seat.get("seat", 0)) + 1), plain(who, limit=who_cells),
                          plain(kind_word(seat.get("kind"))),
                          _("yes") if seat.get("ready") else _("no"),
                          _("yes") if seat.get("connected") else _("no"))
        fit_columns(table)
        if 0 <= row < table.row_count:
            table.move_cursor(row=row)

    @staticmethod
    def _who_cells(table: DataTable[Any], seats: list[dict[str, Any]]) -> int | None:
        """Cells for a seat's name, so that kind, ready and connected fit beside it (at
        80 columns a 32-character name left "ready" as "re" and hid "connected")."""
        seat, kind, ready, connected = (cell_len(_(SEAT_COLUMNS[i])) for i in (0, 2, 3, 4))
        kind = max([kind, *(cell_len(shown(kind_word(s.get("kind")))) for s in seats)])
        yes_no = max(cell_len(_("yes")), cell_len(_("no")))
        return name_cells(table, [max(seat, cell_len(str(len(seats)))), kind,
                                  max(ready, yes_no), max(connected, yes_no)],
                          FEWEST_WHO_CELLS)

    async def recompose(self) -> None:
        """Composed again in the reader's language (a switch of it, prtui/app.py): the
        seats as they were."""
        await super().recompose()
        self._seats_table().focus()
        self._refit()

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
            self.notify(_("You are the host now: you add bots and start the game."))
        else:
            self.notify(_("{name} is the host now.").format(name=shown(host)), markup=False)

    def _cursor_seat(self) -> int:
        return max(0, self.query_one(DataTable).cursor_row)

    async def _command(self, t: str, **fields: Any) -> None:
        from prtui.netclient import Rejected

        try:
            await self.controller.client.command(t, room=self.controller.room, **fields)
        except Rejected as exc:
            self.notify(_("Rejected: {reason}").format(reason=server_words(exc.reason)),
                        severity="error", markup=False)

    @work(group="room")
    async def action_take_seat(self) -> None:
        from prtui.netclient import Rejected

        try:
            await self.controller.take_seat(self._cursor_seat())
        except Rejected as exc:
            self.notify(_("Rejected: {reason}").format(reason=server_words(exc.reason)),
                        severity="error", markup=False)
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
            costs.append(_("You sit in seat {seat}: it is freed.").format(
                seat=self.controller.seat + 1))
        if self.info.get("host") == self.controller.client.name:
            costs.append(_("You host this room: hosting passes to a seated player."))
        if costs and not self.controller.client.closed and not await self.app.push_screen_wait(
                ConfirmScreen(_("Leave this room?"), " ".join(costs))):
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
