"""Coming back to a San Juan table (issue 13), with the real app under the pilot and a
real server on loopback (SQLite in a temporary directory).

A LAN player who drops has his seat played by the takeover bot, and the next `prtui
connect` (the remembered seat token) brings him back to the board with his hand; plain
`prtui` brings a player back to his unfinished local San Juan game.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from prtui.app import PrtuiApp
from prtui.controller import TableSetup, TokenBook
from prtui.launch import local_plan, remote_plan
from prtui.screens.lobby import LobbyScreen
from prtui.screens.newgame import NewGameScreen
from prtui.screens.room import RoomScreen
from tests.net.client import Client
from tests.tui.test_local_resume import released
from tests.tui.test_san_juan_flow import on_table, table
from tests.tui.waiting import wait_for


async def test_a_dropped_player_is_replaced_by_a_bot_and_comes_back(port: int,
                                                                   tmp_path: Path) -> None:
    ana = await Client.connect(port, "ana")  # hosts, watches the seats, never sits
    room = (await ana.ok("create_room", game="san-juan", players=2,
                         options={"grace_s": 0.05, "bot_delay_s": 0.0}))["room"]
    await ana.ok("join_room", room=room, as_="player")
    await ana.ok("add_bot", room=room, seat=1, level="random")
    book = TokenBook(tmp_path / "bo" / "tokens.json")
    bo = PrtuiApp(plan=remote_plan("127.0.0.1", port, "bo", "play", tokens=book))
    async with bo.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(bo.screen, LobbyScreen))
        await pilot.press("r")
        await wait_for(pilot, lambda: bo.screen.query_one("#rooms", DataTable).row_count == 1)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(bo.screen, RoomScreen))
        await pilot.press("t", "r")  # seat 1 (the cursor's row), ready
        await ana.wait_for(lambda f: f["t"] == "room" and f["room"]["seats"][0].get("ready"))
        await ana.ok("start", room=room)
        await wait_for(pilot, lambda: on_table(bo))
        assert table(bo).snapshot["seat"] == 0
    mark = len(ana.frames)  # bo's app has quit: his connection is gone
    await ana.wait_for(lambda f: f["t"] == "room" and f["room"]["seats"][0]["bot_playing"], mark)
    v = ana.v
    await ana.wait_for(lambda f: ana.v is not None and v is not None and ana.v > v + 4)
    assert book.get(f"bo@127.0.0.1:{port}")  # the seat token was remembered

    again = PrtuiApp(plan=remote_plan("127.0.0.1", port, "bo", "play", tokens=book))
    async with again.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: on_table(again))
        board = table(again)
        assert again.controller is not None
        assert (again.controller.room, again.controller.seat) == (room, 0)
        view = board.snapshot["view"]
        assert board.snapshot["seat"] == 0 and view["players"][0]["hand"] is not None
        assert view["players"][1]["hand"] is None
        await ana.wait_for(lambda f: f["t"] == "room"
                           and not f["room"]["seats"][0]["bot_playing"], mark)
        played = ana.snap["log"] if ana.snap else []
        assert len(played) > 4  # the bot played on while bo was away
    await ana.close()


async def test_plain_prtui_resumes_an_unfinished_san_juan_game(tmp_path: Path) -> None:
    data = tmp_path / "data"
    setup = TableSetup(players=2, game="san-juan", bots=["random"], bot_delay_s=0.0, seed=21,
                       options={"fair_start": True})
    first = PrtuiApp(plan=local_plan(data, "ana", setup))
    async with first.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: on_table(first))
        assert first.controller is not None
        room = first.controller.room
        controller = first.controller
        await wait_for(pilot, lambda: bool(table(first).snapshot.get("legal")))
        v = controller.shown_v
        await pilot.press("1")  # one move of mine (a card kept), then quit mid-game
        await wait_for(pilot, lambda: controller.shown_v != v)
        seen = table(first).snapshot
    await released(data / "prtui.lock")

    again = PrtuiApp(plan=local_plan(data, "ana", None))  # plain `prtui`
    async with again.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: on_table(again))
        assert not any(isinstance(s, NewGameScreen) for s in again.screen_stack)
        assert again.controller is not None
        assert (again.controller.room, again.controller.seat) == (room, 0)
        view = table(again).snapshot["view"]
        assert view["options"]["fair_start"] is True
        assert again.controller.shown_v is not None and again.controller.shown_v >= 1
        assert view["round"] >= seen["view"]["round"]
        assert view["players"][0]["hand"] is not None and view["players"][1]["hand"] is None
