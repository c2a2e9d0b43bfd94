"""Lobby, room and spectating against a real server on 127.0.0.1 (no embedded plan)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from prtui.app import PrtuiApp
from prtui.games.puerto_rico.player import PlayerHeader
from prtui.launch import remote_plan
from prtui.netclient import Client
from prtui.screens.lobby import LobbyScreen
from prtui.screens.newgame import NewGameScreen
from prtui.screens.room import RoomScreen
from server.net.server import GameServer
from tests.tui.waiting import board_drawn, wait_for


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[int]:
    srv = GameServer(tmp_path, host="127.0.0.1", port=0)
    port = await srv.start()
    yield port
    await srv.stop()


async def test_create_room_add_bots_and_start_from_the_lobby(server: int) -> None:
    app = PrtuiApp(plan=remote_plan("127.0.0.1", server, "ana", "play"))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        form.query_one("#players").value = 3
        await pilot.pause()
        form.query_one("#seat-1").value = "random"
        form.query_one("#seat-2").value = "open"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, RoomScreen))
        room = app.screen
        await wait_for(pilot, lambda: room.query_one("#seats").row_count == 3)
        room.query_one("#seats").move_cursor(row=2)
        await pilot.press("b")  # a bot for the open seat, at the shown level
        await wait_for(pilot, lambda: all(s["kind"] != "empty" for s in room.info.get("seats", [])))
        await pilot.press("s")
        await wait_for(pilot, lambda: board_drawn(app))
        assert app.screen.snapshot["seat"] == 0
        assert app.controller is not None and app.controller.names[1]
        await pilot.press("ctrl+l")  # leave the table (asked: I sit at it): back in the lobby
        from prtui.screens.confirm import ConfirmScreen

        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.controller.room is None


async def test_spectator_follows_a_bot_game_without_hidden_vp(server: int) -> None:
    host = await Client.connect("127.0.0.1", server, "host")
    try:
        data = await host.command("create_room", game="puerto-rico", players=3,
                                  options={"bot_delay_s": 0.5})
        room = data["room"]
        await host.command("join_room", room=room, as_="player")
        for seat in range(3):
            await host.command("add_bot", room=room, seat=seat, level="random")
        await host.command("start", room=room)
        app = PrtuiApp(plan=remote_plan("127.0.0.1", server, "eve", "spectate", room=room))
        async with app.run_test(size=(160, 50)) as pilot:
            await wait_for(pilot, lambda: board_drawn(app))
            screen = app.screen
            assert screen.snapshot["seat"] is None and screen.snapshot["legal"] == []
            def headers() -> list[str]:  # drawn at the board's next refresh
                return [h._shown.plain if h._shown else "" for h in screen.query(PlayerHeader)]

            await wait_for(pilot, lambda: len(headers()) == 3 and all(headers()))
            assert all("VP chips hidden" in h for h in headers())
            await pilot.press("f")
            await wait_for(pilot, lambda: screen.followed == 0)
    finally:
        await host.close()


async def test_seat_token_is_remembered_and_gives_the_seat_back(server: int, tmp_path: Path) -> None:
    from prtui.controller import TokenBook, token_key

    book = TokenBook(tmp_path / "client" / "tokens.json")
    app = PrtuiApp(plan=remote_plan("127.0.0.1", server, "ana", "play", tokens=book))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        app.screen.query_one("#seat-1").value = "open"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, RoomScreen))
        room_id = app.controller.room
    assert book.get(token_key("127.0.0.1", server, "ana"))
    again = PrtuiApp(plan=remote_plan("127.0.0.1", server, "ana", "play", tokens=book))
    async with again.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, RoomScreen))
        assert again.controller.room == room_id and again.controller.seat == 0
