"""Snapshot tests of the lobby and the room screens at 80x24 and 160x50.

The rooms are real: a server on 127.0.0.1 is started inside the app's own loop
(``run_before``), rooms are created through the protocol, and the screens read them as
in a real session. Room ids are random, so the lobby's rows are shown again with ids
masked (``room-1``...); nothing else on these screens depends on a clock or on lag.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from prtui.app import PrtuiApp
from prtui.controller import Controller
from prtui.netclient import Client
from prtui.screens.lobby import LobbyScreen
from prtui.screens.room import RoomScreen
from server.net.server import GameServer

SIZES = [(80, 24), (160, 50)]
MAX_WAIT = 4000


async def settle(pilot: Any, predicate: Any) -> None:
    for _ in range(MAX_WAIT):
        if predicate():
            return
        await pilot.pause()
    raise AssertionError("condition never met")


async def make_rooms(client: Client, waiting: Client) -> None:
    """One room of each status: playing, over, and one waiting (its host stays in it)."""
    for name, delay in (("bots at play", 10), ("finished duel", 0)):
        data = await client.command("create_room", game="puerto-rico", players=2,
                                    options={"edition": "1897", "bot_delay_s": delay}, name=name)
        room = data["room"]
        await client.command("join_room", room=room, as_="player")
        for seat in range(2):
            await client.command("add_bot", room=room, seat=seat, level="random")
        await client.command("start", room=room)
        await client.command("leave_room", room=room)
    for _ in range(MAX_WAIT):
        rooms = (await client.command("list_rooms"))["rooms"]
        if any(r["name"] == "finished duel" and r["status"] == "over" for r in rooms):
            break
        await asyncio.sleep(0.01)
    else:
        raise AssertionError("the bot duel never finished")
    data = await waiting.command("create_room", game="puerto-rico", players=3,
                                 options={"edition": "classic"}, name="bob's table")
    await waiting.command("join_room", room=data["room"], as_="player")
    await waiting.command("take_seat", room=data["room"], seat=0)
    await waiting.command("add_bot", room=data["room"], seat=1, level="hard")


@pytest.mark.parametrize("size", SIZES)
def test_lobby(snap_compare: Any, size: tuple[int, int], tmp_path: Path) -> None:
    app = PrtuiApp()

    async def run_before(pilot: Any) -> None:
        async with GameServer(tmp_path, host="127.0.0.1", port=0) as srv:
            port = srv.port
            maker = await Client.connect("127.0.0.1", port, "ana")
            host = await Client.connect("127.0.0.1", port, "bob")
            await make_rooms(maker, host)
            await maker.close()
            controller = Controller(app, await Client.connect("127.0.0.1", port, "eve"))
            app.controller = controller
            lobby = LobbyScreen(controller)
            await app.push_screen(lobby)
            await settle(pilot, lambda: len(lobby.rooms) == 3)
            await app.workers.wait_for_complete()
            lobby.update_rooms([{**room, "id": f"room-{i + 1}"} for i, room in enumerate(lobby.rooms)])
            lobby.add_chat("ana", "anyone for a four-player game?")
            await controller.close()
            await host.close()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES)
def test_room(snap_compare: Any, size: tuple[int, int], tmp_path: Path) -> None:
    app = PrtuiApp()

    async def run_before(pilot: Any) -> None:
        async with GameServer(tmp_path, host="127.0.0.1", port=0) as srv:
            port = srv.port
            controller = Controller(app, await Client.connect("127.0.0.1", port, "ana"))
            app.controller = controller
            await controller.games()  # as Controller.open does: the title names the game
            data = await controller.client.command("create_room", game="puerto-rico", players=4,
                                                   options={"edition": "classic"}, name="ana's table")
            await controller.join(str(data["room"]), as_player=True)
            await controller.take_seat(0)
            await controller.client.command("add_bot", room=controller.room, seat=1, level="hard")
            await controller.client.command("add_bot", room=controller.room, seat=3, level="easy")
            rooms = (await controller.client.command("list_rooms"))["rooms"]
            controller.room_info = next(r for r in rooms if r["id"] == controller.room)
            room = RoomScreen(controller)
            await app.push_screen(room)
            await settle(pilot, lambda: room.query_one("#seats").row_count == 4)
            room.add_chat("ana", "waiting for bob to sit in seat 3")
            await controller.close()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
