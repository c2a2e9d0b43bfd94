"""After a LAN game (issue 16): `n` on the game-over screen leaves the finished table for
the server's lobby, where a new table is set up; the others at that table are not left
dead. A real server on loopback: ana plays in the app (back by her seat token), bo over
a raw connection, a random bot in the third seat; eve comes to watch the finished table
in a second real app (in its own task)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.screens.lobby import LobbyScreen
from prtui.screens.newgame import NewGameScreen
from prtui.widgets.feed import RewrapLog
from tests.net.client import Client
from tests.tui.lan_tables import ana_app, eve_app, lan_table_with_bo, lobby_listing
from tests.tui.test_rematch import play_by_keys_to_the_end, plays_his_seat
from tests.tui.waiting import board_drawn, wait_for

LONG_WAIT = 200_000  # pilot pauses while the others play a whole game (never timed)



def chat_lines(app: PrtuiApp) -> str:
    """What the chat panels of the app's screens show, as plain text."""
    return "\n".join(line.plain for screen in app.screen_stack
                     for log in screen.query("ChatPanel RewrapLog").results(RewrapLog)
                     for line in log._texts)


async def eve_watches(port: int, room: str, ana_left: asyncio.Event,
                      report: dict[str, Any]) -> None:
    """A spectator from the lobby: watches the finished table (its game-over screen), is
    still served after ana has gone for a new table (bo's chat arrives), and can leave
    for the lobby."""
    app = eve_app(port)
    async with app.run_test(size=(120, 40)) as pilot:
        lobby = await lobby_listing(pilot, app, room)
        row = [r.get("id") for r in lobby.rooms].index(room)
        lobby.query_one("#rooms").move_cursor(row=row)
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), LONG_WAIT)
        report["eve_over"] = True
        await wait_for(pilot, ana_left.is_set, LONG_WAIT)
        await wait_for(pilot, lambda: "still here?" in chat_lines(app))
        report["eve_chat"] = True
        assert app.closed_reason is None
        await pilot.press("escape")  # the board
        await wait_for(pilot, lambda: board_drawn(app))
        await pilot.press("ctrl+l")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.controller is not None and app.controller.room is None
        report["eve_lobby"] = True


async def test_a_new_table_after_a_lan_game_is_set_up_from_the_lobby(port: int,
                                                                     tmp_path: Path) -> None:
    room, token, bo = await lan_table_with_bo(port)

    ana_left, report = asyncio.Event(), {}
    app = ana_app(port, token, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        bo_task = asyncio.create_task(plays_his_seat(bo, room))
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen | GameOverScreen))
        await play_by_keys_to_the_end(app, pilot)
        await wait_for(pilot, lambda: bo_task.done(), LONG_WAIT)
        await bo_task
        # eve comes to watch the finished table from her lobby, in her own app
        eve_task = asyncio.create_task(eve_watches(port, room, ana_left, report))
        await wait_for(pilot, lambda: report.get("eve_over") or eve_task.done(), LONG_WAIT)
        controller = app.controller
        assert controller is not None
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert controller.room is None and controller.seat is None
        assert not any(isinstance(s, GameScreen | GameOverScreen) for s in app.screen_stack)
        # the lobby is live: it lists the finished table, and the server still answers
        lobby = app.screen
        await wait_for(pilot, lambda: any(r.get("id") == room for r in lobby.rooms))
        # the others at the table: bo sees ana's seat gone, eve still gets bo's chat
        await wait_for(pilot, lambda: not last_room(bo)["seats"][0]["connected"])
        ana_left.set()
        await bo.ok("chat", room=room, text="still here?")
        await wait_for(pilot, lambda: report.get("eve_chat") or eve_task.done(), LONG_WAIT)
        # where a new table is set up: the lobby's new room form, seats open to others
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        assert app.screen.allow_open_seats
        await wait_for(pilot, lambda: eve_task.done(), LONG_WAIT)
        await eve_task
        assert report == {"eve_over": True, "eve_chat": True, "eve_lobby": True}
    await bo.close()


def last_room(client: Client) -> dict[str, Any]:
    """The room as the client's last room frame has it."""
    return next(f["room"] for f in reversed(client.frames) if f.get("t") == "room")

