"""Replay of a finished game from the lobby, against a real server on 127.0.0.1.

A two-player game of random bots (no delay) is played to its end on the server; the
lobby's `p` opens the replay at the deal, and the keys move through the steps.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from prtui.app import PrtuiApp
from prtui.launch import remote_plan
from prtui.netclient import Client
from prtui.screens.lobby import LobbyScreen
from prtui.screens.replay import ReplayScreen
from prtui.widgets.feed import GameLog
from server.net.server import GameServer
from tests.tui.waiting import lobby_lists, wait_for

MAX_WAIT = 4000


@pytest.fixture
async def finished_room(tmp_path: Path) -> AsyncIterator[tuple[int, str]]:
    """A server holding one finished two-player bot game: (port, room id)."""
    srv = GameServer(tmp_path, host="127.0.0.1", port=0)
    port = await srv.start()
    host = await Client.connect("127.0.0.1", port, "host")
    try:
        data = await host.command("create_room", game="puerto-rico", players=2,
                                  options={"bot_delay_s": 0, "seed": 7})
        room = str(data["room"])
        await host.command("join_room", room=room, as_="player")
        for seat in range(2):
            await host.command("add_bot", room=room, seat=seat, level="random")
        await host.command("start", room=room)
        await host.command("leave_room", room=room)
        for _ in range(MAX_WAIT):
            rooms = (await host.command("list_rooms"))["rooms"]
            if any(r["id"] == room and r["status"] == "over" for r in rooms):
                break
            await asyncio.sleep(0.01)
        else:
            raise AssertionError("the bot game never finished")
    finally:
        await host.close()
    yield port, room
    await srv.stop()


async def test_replay_from_the_lobby_steps_through_the_game(finished_room: tuple[int, str]) -> None:
    port, room = finished_room
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "eve", "play"))
    async with app.run_test(size=(120, 40)) as pilot:
        await lobby_lists(pilot, app, room)
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert replay.step == 0 and replay.steps > 20
        assert replay.snapshot["seat"] is None and replay.snapshot["legal"] == []
        assert not replay.snapshot["view"].get("over")
        # the game is over: its replay hides no VP chips, at any step (issue 32, item 12)
        assert all(p.get("vp_chips") == 0 for p in replay.snapshot["view"]["players"])
        log = replay.query_one(GameLog)
        deal_lines = log.last_n

        await pilot.press("right", "right", "right")
        await wait_for(pilot, lambda: replay.step == 3 and not replay._fetching)
        assert log.last_n > deal_lines
        after_three = log.last_n
        title = replay.query_one("#actions-title")._shown.plain
        assert title.endswith(" to move") and "Waiting" not in title  # not a live table

        await pilot.press("end")
        await wait_for(pilot, lambda: replay.step == replay.steps and not replay._fetching)
        assert replay.snapshot["view"].get("over")
        assert f"step {replay.steps}/{replay.steps}" in str(
            replay.query_one("#replay-bar").render())

        await pilot.press("home")
        await wait_for(pilot, lambda: replay.step == 0 and not replay._fetching)
        assert log.last_n == deal_lines  # stepping back rewinds the log too
        await pilot.press("pagedown", "left")
        await wait_for(pilot, lambda: replay.step == 9 and not replay._fetching)
        assert log.last_n >= after_three

        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))


async def test_replay_of_a_running_game_is_refused(tmp_path: Path) -> None:
    async with GameServer(tmp_path, host="127.0.0.1", port=0) as srv:
        port = srv.port
        host = await Client.connect("127.0.0.1", port, "host")
        data = await host.command("create_room", game="puerto-rico", players=2, options={})
        await host.close()
        app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "eve", "play"))
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            lobby = app.screen
            await wait_for(pilot, lambda: any(r.get("id") == data["room"] for r in lobby.rooms))
            await pilot.press("p")
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
