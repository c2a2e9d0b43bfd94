"""A push that arrives before its screen is drawn must not end the connection.

The controller hands each push to the screens as soon as it arrives; a screen pushed a
moment earlier may not be composed yet. Before this was handled, the room screen's
update raised NoMatches in the controller's pump, which ended the plan and closed the
connection while the room stayed on screen: every key after that was "Not sent"
(tests/ssh/test_real_tui.py saw it as a start that never came). Here the push is
dispatched right after the screen is pushed, with no chance to compose in between.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from prtui.app import PrtuiApp
from prtui.controller import Controller
from prtui.screens.game import GameScreen
from prtui.screens.room import RoomScreen
from server.net.server import GameServer
from tests.tui.waiting import board_drawn, wait_for


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[int]:
    srv = GameServer(tmp_path, host="127.0.0.1", port=0)
    port = await srv.start()
    yield port
    await srv.stop()


async def _table(app: PrtuiApp, port: int) -> tuple[Controller, str]:
    """A three-seat room with ana in seat 1 and two bots, the room screen not yet shown."""
    controller = await Controller.open(app, "127.0.0.1", port, "ana")
    app.controller = controller
    data = await controller.client.command("create_room", game="puerto-rico", players=3, options={})
    room = str(data["room"])
    await controller.join(room, as_player=True)
    await controller.take_seat(0)
    for seat in (1, 2):
        await controller.client.command("add_bot", room=room, seat=seat, level="random")
    return controller, room


async def test_a_room_push_before_the_room_screen_is_drawn(server: int) -> None:
    latest: dict[str, Any] = {}

    async def plan(app: PrtuiApp) -> None:
        controller, room = await _table(app, server)
        info = (await controller.client.command("list_rooms"))["rooms"]
        latest.update(next(r for r in info if r["id"] == room))
        app.push_screen(RoomScreen(controller))  # not awaited: not composed yet
        controller.dispatch({"t": "room", "room": latest})  # the push that raced it
        await controller.pump()

    app = PrtuiApp(plan=plan)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RoomScreen))
        screen = app.screen
        await wait_for(pilot, lambda: bool(screen.query("#seats"))
                       and screen.query_one("#seats").row_count == 3)
        assert screen.info == latest  # the early push is what it shows
        assert app.controller is not None and not app.controller.client.closed
        await pilot.press("s")  # and the connection still works: the game starts
        await wait_for(pilot, lambda: board_drawn(app))


async def test_a_state_push_before_the_board_is_drawn(server: int) -> None:
    async def plan(app: PrtuiApp) -> None:
        controller, room = await _table(app, server)
        await controller.client.command("start", room=room)
        async for event in controller.client.iter_events():
            if event.get("t") == "state":
                break
        snapshot = controller.client.snapshot(room)
        assert snapshot is not None
        app.on_snapshot(controller, snapshot)  # pushes the board, not composed yet
        try:
            app.on_snapshot(controller, snapshot)  # the next push lands on it at once
        except Exception as exc:
            failures.append(exc)
            raise
        await controller.pump()

    failures: list[Exception] = []
    app = PrtuiApp(plan=plan)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: board_drawn(app))
        await wait_for(pilot, lambda: bool(app.screen.query("#actions-list")))
        await pilot.pause()
        assert failures == []
        assert sum(isinstance(s, GameScreen) for s in app.screen_stack) == 1
