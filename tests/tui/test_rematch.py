"""After the game (issue 16): a rematch, or a new table, straight from the game-over
screen. The real app under the pilot: a local game against a bot, and a LAN table
with two humans and a bot on a real server on loopback."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.screens.replay import ReplayScreen
from prtui.screens.room import RoomScreen
from prtui.widgets.actions import ActionsPanel, takes_back
from tests.net.client import Client
from tests.tui.lan_tables import ana_app, lan_table_with_bo, local_game_app
from tests.tui.screen import screen_rows
from tests.tui.waiting import board_drawn, wait_for

MAX_MOVES = 3000


def live_board(app: PrtuiApp) -> GameScreen | None:
    screen = app.screen
    if isinstance(screen, GameScreen) and screen.is_mounted and screen._parts:
        return screen
    return None


async def play_by_keys_to_the_end(app: PrtuiApp, pilot: Any) -> int:
    """The key on the first row of my actions (never a take-back) until the game is over."""
    moves, last = 0, None
    while not isinstance(app.screen, GameOverScreen):
        assert moves < MAX_MOVES, "the game did not end"
        board = live_board(app)
        if board is not None and board.snapshot is not last and board.snapshot.get("legal"):
            panel = board.query_one(ActionsPanel)
            if panel._legal == board.snapshot["legal"]:
                last = board.snapshot
                top = next(n for n in panel._rows if n < len(panel._legal))  # not a gone one
                assert not takes_back(panel._legal[top])
                await pilot.press(panel._keys[top] or "enter")
                moves += 1
        await pilot.pause()
    return moves


def plain_options(room: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in room["options"].items() if k not in ("seed", "seeded")}


async def test_a_local_rematch_is_the_same_table_with_a_new_seed(tmp_path: Path) -> None:
    """On the way from the finished game to its rematch, the board as it ended, the
    scores and the replay lead back to each other (issue 32: no dead ends); m from the
    scores is the same table with a new seed."""
    app = local_game_app(tmp_path, seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_by_keys_to_the_end(app, pilot)
        controller = app.controller
        assert controller is not None and controller.room_info is not None
        first_room, first = controller.room, dict(controller.room_info)
        await pilot.press("b")  # the board, as it ended
        await wait_for(pilot, lambda: board_drawn(app))
        assert "g Game over" in screen_rows(app)[-1]
        await pilot.press("g")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("r")  # the replay, from there
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert "g Game over" not in screen_rows(app)[-1]  # a replay is no live table
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("b", "g", "m")  # board, game over, rematch
        await wait_for(pilot, lambda: controller.room not in (None, first_room)
                       and live_board(app) is not None
                       and not live_board(app).snapshot["view"].get("over"))
        again = controller.room_info
        assert again is not None and again["id"] != first_room and again["status"] == "playing"
        assert again["game"] == "san-juan" and again["players"] == 2
        assert plain_options(again) == plain_options(first) and again["options"]["fair_start"]
        assert [(s["kind"], s.get("level")) for s in again["seats"]] == \
            [(s["kind"], s.get("level")) for s in first["seats"]]
        assert controller.seat == 0 and not any(isinstance(s, GameOverScreen) for s in app.screen_stack)
        # the finished game's board is closed, the new one drawn
        assert sum(isinstance(s, GameScreen) for s in app.screen_stack) == 1
        # (one whole game serves the walk and the rematch: whole games through the UI
        # are most of the suite's time; n from a game-over screen: test_dead_ends)


async def plays_his_seat(client: Client, room: str) -> None:
    """A second human over a raw connection: the first choice that takes nothing back,
    whenever his seat has one, until the game is over."""
    while True:
        snap = client.snap
        if snap is not None and snap["view"]["over"]:
            return
        if snap is not None and snap["legal"]:
            choice = next(a for a in snap["legal"] if not takes_back(a))
            await client.cmd("act", room=room, action=choice, v=client.v)  # stale: again
            continue
        mark = len(client.frames)
        await client.wait_for(lambda f: f["t"] in ("state", "diff"), mark)



async def test_a_lan_rematch_waits_in_the_lobby_for_the_other_human(port: int,
                                                                   tmp_path: Path) -> None:
    room, token, bo = await lan_table_with_bo(port, takeover_level="random")

    bo_task = asyncio.create_task(plays_his_seat(bo, room))
    app = ana_app(port, token, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: live_board(app) is not None)
        await play_by_keys_to_the_end(app, pilot)
        controller = app.controller
        assert controller is not None
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, RoomScreen)
                       and controller.room not in (None, room))
        new = controller.room
        await wait_for(pilot, lambda: controller.room_info is not None
                       and controller.room_info["id"] == new)
        info = controller.room_info
        assert info["status"] == "waiting" and info["name"] == "friday"
        assert [(s["kind"], s.get("level")) for s in info["seats"]] == \
            [("human", None), ("empty", None), ("bot", "random")]
        assert info["seats"][0]["name"] == "ana"
        rooms = {r["id"]: r for r in (await bo.ok("list_rooms"))["rooms"]}
        assert rooms[new]["status"] == "waiting" and rooms[new]["name"] == "friday"
    await bo_task
    await bo.close()
