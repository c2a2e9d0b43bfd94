"""The game screen's choices reach the server with the version the player saw; when
the table has moved on (the server answers `stale`), the client resyncs and the player
simply chooses again: a quiet notice at most, never an error. Real app under its pilot,
embedded server, a random bot."""

from __future__ import annotations

from pathlib import Path

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.launch import local_plan
from prtui.screens.game import GameScreen
from tests.tui.waiting import wait_for


def my_turn(app: PrtuiApp) -> bool:
    screen = app.screen
    return (
        isinstance(screen, GameScreen)
        and screen.snapshot.get("seat") == 0
        and bool(screen.snapshot.get("legal"))
    )


async def test_a_choice_on_an_old_view_is_resynced_quietly(tmp_path: Path) -> None:
    setup = TableSetup(players=2, bots=["random"], bot_delay_s=0.0, seed=5)
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "tester", setup))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        controller = app.controller
        assert controller is not None and controller.room is not None
        client = controller.client
        room = controller.room
        seen = controller.shown_v
        assert seen == client.rooms[room].v
        await pilot.press("1")  # an ordinary choice: accepted, the table moves on
        await wait_for(pilot, lambda: (client.rooms[room].v or 0) > seen and my_turn(app))
        assert controller.shown_v == client.rooms[room].v
        # this key press answers the view at `seen`, as if the screen had not caught up
        # yet (a late or duplicated choice): the server must refuse it as stale
        now = client.rooms[room].v
        controller.shown_v = seen
        before = app.screen.snapshot
        await pilot.press("1")
        await wait_for(pilot, lambda: app.screen.snapshot is not before)  # the resync
        assert client.rooms[room].v == now == controller.shown_v  # nothing was applied
        notes = list(app._notifications)
        assert not [n for n in notes if n.severity == "error"], [n.message for n in notes]
        assert [n for n in notes if n.severity == "information" and "again" in n.message]
        # and the player just chooses again
        await pilot.press("1")
        await wait_for(pilot, lambda: (client.rooms[room].v or 0) > now)
