"""Watching San Juan (issue 13), with real parts: a GameServer on loopback (SQLite in
a temporary directory) and the real app under Textual's pilot.

A spectator's app watches a live table to its end and never has a hand to show, even
following a seat (every snapshot it holds and the hand it draws); a finished San Juan
game is replayed from the lobby, from the deal to the end and back. (Whole games
played by keys: tests/tui/test_san_juan_board.py.)
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from prtui.app import PrtuiApp
from prtui.launch import remote_plan
from prtui.screens.game import GameScreen
from prtui.screens.replay import ReplayScreen
from tests.net.client import Client
from tests.tui.test_san_juan_flow import on_table, table
from tests.tui.waiting import lobby_lists, wait_for


def hands(snapshot: dict[str, Any]) -> list[Any]:
    return [p["hand"] for p in snapshot["view"]["players"]]


def hand_rows(screen: GameScreen) -> list[str]:
    return [row.plain for row in screen.query_one("#sj-hand").rows]  # type: ignore[attr-defined]


async def test_a_spectator_never_has_a_hand_to_show(port: int) -> None:
    ana = await Client.connect(port, "ana")
    room = (await ana.ok("create_room", game="san-juan", players=3,
                         options={"bot_delay_s": 0.0}))["room"]
    await ana.ok("join_room", room=room, as_="player")
    await ana.ok("take_seat", room=room, seat=0)
    for seat in (1, 2):
        await ana.ok("add_bot", room=room, seat=seat, level="random")
    await ana.ok("start", room=room)
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "eve", "spectate", room=room))
    rng = random.Random(9)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: on_table(app))
        screen = table(app)
        await pilot.press("f")  # follow ana: her seat's side of the table, not her hand
        await wait_for(pilot, lambda: screen.followed == 0)
        checked = 0
        while not (ana.snap or {}).get("view", {}).get("over"):
            await ana.wait_for(lambda f: ana.snap is not None and (
                ana.snap["view"]["over"] or bool(ana.snap["legal"])))
            assert ana.snap is not None
            if ana.snap["view"]["over"]:
                break
            mine = [screen.vocab.title(card) for card in ana.snap["view"]["players"][0]["hand"]]
            v = ana.v
            await ana.ok("act", room=room, action=rng.choice(ana.snap["legal"]))
            await ana.wait_for(lambda f, v=v: ana.v != v)
            await wait_for(pilot, lambda: app.controller is not None
                           and app.controller.shown_v == ana.v)
            assert screen.snapshot["seat"] is None and hands(screen.snapshot) == [None] * 3
            rows = hand_rows(screen)
            assert len(rows) == 1 and "hidden" in rows[0]
            assert not any(name in rows[0] for name in mine)
            checked += 1
        assert checked > 20
    await ana.close()


async def test_a_finished_san_juan_game_is_replayed_from_the_lobby(port: int) -> None:
    probe = await Client.connect(port, "probe")
    room = (await probe.ok("create_room", game="san-juan", players=2,
                           options={"bot_delay_s": 0.0}, name="bots duel"))["room"]
    await probe.ok("join_room", room=room, as_="player")
    for seat in (0, 1):
        await probe.ok("add_bot", room=room, seat=seat, level="random")
    await probe.ok("start", room=room)
    for _ in range(4000):  # a hang guard over polls of the lobby, not a time limit
        rooms = (await probe.ok("list_rooms"))["rooms"]
        if any(r["id"] == room and r["status"] == "over" for r in rooms):
            break
        await asyncio.sleep(0.01)
    await probe.close()
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "eve", "play"))
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = await lobby_lists(pilot, app, room)
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen)
                       and app.screen.is_mounted)
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.step == 0 and replay.steps > 100
        assert replay.snapshot["view"]["game"] == "san-juan"
        await pilot.press("end")
        await wait_for(pilot, lambda: replay.step == replay.steps)
        assert replay.snapshot["view"]["over"] and hands(replay.snapshot) == [None, None]
        await pilot.press("left")
        await wait_for(pilot, lambda: replay.step == replay.steps - 1)
        assert not replay.snapshot["view"]["over"]
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is lobby)
