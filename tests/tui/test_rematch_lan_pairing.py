"""LAN rematch pairing and the lobby that refreshes itself (issue 22, item 8). A real
server on loopback: ana plays in the real app (back by her seat token), bo over a raw
connection, a random bot in the third seat."""

from __future__ import annotations

import asyncio
from pathlib import Path

from prtui.app import PrtuiApp
from prtui.launch import remote_plan
from prtui.screens.lobby import LobbyScreen
from prtui.screens.room import RoomScreen
from tests.net.client import Client
from tests.tui.lan_tables import ana_app, eve_app, lan_table_with_bo, lobby_listing
from tests.tui.test_rematch import live_board, play_by_keys_to_the_end, plays_his_seat
from tests.tui.waiting import wait_for


async def test_the_second_to_press_rematch_joins_the_first_ones_room(port: int,
                                                                      tmp_path: Path) -> None:
    room, token, bo = await lan_table_with_bo(port, takeover_level="random")

    bo_task = asyncio.create_task(plays_his_seat(bo, room))
    app = ana_app(port, token, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: live_board(app) is not None)
        await play_by_keys_to_the_end(app, pilot)
        await bo_task
        # bo presses rematch first: he opens the rematch room and sits where he sat
        opened = await bo.ok("rematch", room=room)
        await bo.ok("leave_room", room=room)
        await bo.ok("join_room", room=opened["room"], as_="player")
        await bo.ok("take_seat", room=opened["room"], seat=opened["seat"])
        controller = app.controller
        assert controller is not None
        await pilot.press("m")  # ana's rematch: bo's room, her own seat, ready
        await wait_for(pilot, lambda: isinstance(app.screen, RoomScreen)
                       and controller.room == opened["room"] and controller.seat == 0)
        await wait_for(pilot, lambda: controller.room_info is not None
                       and controller.room_info["id"] == opened["room"]
                       and controller.room_info["seats"][0].get("ready"))
        seats = controller.room_info["seats"]
        assert [(s["kind"], s.get("name")) for s in seats[:2]] == [("human", "ana"), ("human", "bo")]
        assert seats[2]["kind"] == "bot"
        waiting = [r for r in (await bo.ok("list_rooms"))["rooms"] if r["status"] == "waiting"]
        assert [r["id"] for r in waiting] == [opened["room"]]
        await pilot.press("r")  # the room screen knows she is ready: r takes it back
        await wait_for(pilot, lambda: controller.room_info is not None
                       and not controller.room_info["seats"][0].get("ready"))
        await pilot.press("r")
        await wait_for(pilot, lambda: controller.room_info is not None
                       and controller.room_info["seats"][0].get("ready"))
        await bo.ok("start", room=opened["room"])  # bo opened it: he is the host
        await wait_for(pilot, lambda: live_board(app) is not None
                       and not live_board(app).snapshot["view"].get("over"))
    await bo.close()


async def test_the_lobby_shows_new_rooms_without_asking(port: int) -> None:
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        bo = await Client.connect(port, "bo")
        room = (await bo.ok("create_room", game="san-juan", players=2, name="late",
                            options={}))["room"]
        await wait_for(pilot, lambda: any(r.get("id") == room for r in lobby.rooms))
        await bo.ok("join_room", room=room, as_="player")  # a room's changes too
        await bo.ok("take_seat", room=room, seat=1)
        await wait_for(pilot, lambda: any(r.get("id") == room and r["seats"][1]["kind"] == "human"
                                          for r in lobby.rooms))
        await bo.close()


async def test_the_lobby_stays_fresh_while_watching_a_room_wait(port: int) -> None:
    """`w` on a waiting room keeps the lobby on screen until the game starts: its rooms
    keep coming."""
    bo = await Client.connect(port, "bo")
    first = (await bo.ok("create_room", game="san-juan", players=2, name="first",
                         options={}))["room"]
    await bo.ok("join_room", room=first, as_="player")
    await bo.ok("take_seat", room=first, seat=0)
    app = eve_app(port)
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = await lobby_listing(pilot, app, first)
        await pilot.press("w")
        await wait_for(pilot, lambda: app.controller is not None and app.controller.room == first)
        cy = await Client.connect(port, "cy")
        later = (await cy.ok("create_room", game="san-juan", players=2, name="later",
                             options={}))["room"]
        await wait_for(pilot, lambda: any(r.get("id") == later for r in lobby.rooms))
        assert app.screen is lobby
        await cy.close()
    await bo.close()
