"""A game the client has no board for is a notice, never a traceback.

A real server on 127.0.0.1 hosts a game this client cannot draw: a toy game registered
by the test (San Juan has its board now: tests/tui/test_san_juan_board.py). The
real app spectates a running table of it: instead of a board it shows which game it
cannot draw, keeps taking the room's pushes, and leaves the table on ctrl+l. The
lobby's replay of such a game says the same.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from prtui.app import PrtuiApp
from prtui.launch import remote_plan
from prtui.netclient import Client
from prtui.screens.game import GameScreen
from prtui.screens.lobby import LobbyScreen
from prtui.screens.replay import ReplayScreen
from prtui.screens.unknown import UnknownGameScreen
from server.net.server import GameServer
from tests.engine import toygame
from tests.tui.waiting import lobby_lists, wait_for


@pytest.fixture
def toy_registered() -> Iterator[None]:
    toygame.register()
    yield
    toygame.unregister()


@pytest.fixture
async def port(tmp_path: Path, toy_registered: None) -> AsyncIterator[int]:
    srv = GameServer(tmp_path, host="127.0.0.1", port=0)
    yield await srv.start()
    await srv.stop()


async def bot_table(host: Client, game: str, delay: float, start: bool = True) -> str:
    """A two-seat table of random bots (started unless asked not to); its room id."""
    data = await host.command("create_room", game=game, players=2,
                              options={"bot_delay_s": delay}, name=f"{game} table")
    room = str(data["room"])
    await host.command("join_room", room=room, as_="player")
    for seat in range(2):
        await host.command("add_bot", room=room, seat=seat, level="random")
    if start:
        await host.command("start", room=room)
        await host.command("leave_room", room=room)
    return room


@pytest.mark.parametrize(("game", "title"), [(toygame.NAME, toygame.ToyRace.title)])
async def test_a_game_without_a_board_is_a_notice(port: int, game: str, title: str) -> None:
    host = await Client.connect("127.0.0.1", port, "host")
    room = await bot_table(host, game, delay=0.05, start=False)
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "eve", "spectate", room=room))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.controller is not None and app.controller.room == room)
        await host.command("start", room=room)  # watched from the deal: moves follow it
        await wait_for(pilot, lambda: isinstance(app.screen, UnknownGameScreen)
                       and bool(app.screen.query("#unknown-game")))
        screen = app.screen
        text = str(screen.query_one("#unknown-game").render())
        assert f"This client cannot draw {title} yet" in text
        assert app.controller is not None
        # the room goes on: its pushes reach the notice (not a board), nothing breaks
        await wait_for(pilot, lambda: len(screen.snapshot.get("log", [])) > 0
                       and screen.snapshot.get("view", {}).get("over"))
        assert app.screen is screen and not app.controller.client.closed
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
        await pilot.press("ctrl+l")  # no lobby behind it: leaving quits the app
        await wait_for(pilot, lambda: app.return_code is not None)
    await host.close()
    assert app.return_code == 0


async def test_replay_of_a_game_without_a_board_says_so(port: int) -> None:
    probe = await Client.connect("127.0.0.1", port, "probe")
    room = await bot_table(probe, toygame.NAME, delay=0.0)
    try:
        for _ in range(4000):
            rooms = (await probe.command("list_rooms"))["rooms"]
            if any(r["id"] == room and r["status"] == "over" for r in rooms):
                break
            await asyncio.sleep(0.01)
        else:
            raise AssertionError("the toy game never finished")
    finally:
        await probe.close()
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "eve", "play"))
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = await lobby_lists(pilot, app, room)
        assert lobby.selected_room() == room  # the only room
        await pilot.press("p")
        await wait_for(pilot, lambda: any(f"cannot draw {toygame.ToyRace.title}" in str(n.message)
                                          for n in app._notifications))
        assert isinstance(app.screen, LobbyScreen)
        assert not any(isinstance(s, ReplayScreen) for s in app.screen_stack)
