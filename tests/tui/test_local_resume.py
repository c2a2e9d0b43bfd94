"""Plain `prtui` brings the player back to an unfinished local game.

The embedded server's port changes at every start, so the seat token is kept under
one local key; a finished game is forgotten, so the next start offers a new table.
"""

from __future__ import annotations

import asyncio
import fcntl
import json
from pathlib import Path

from prtui.app import PrtuiApp
from prtui.controller import LOCAL_BOOK_KEY, TableSetup
from prtui.launch import local_plan
from prtui.screens.game import GameScreen
from prtui.screens.newgame import NewGameScreen


async def wait_for(pilot, app: PrtuiApp, cls: type, limit: int = 3000) -> None:  # type: ignore[no-untyped-def]
    for _ in range(limit):
        if isinstance(app.screen, cls) and getattr(app.screen, "snapshot", True):
            return
        await pilot.pause()
    raise AssertionError(f"no {cls.__name__}; screen is {type(app.screen).__name__}")


async def released(lock: Path) -> None:
    """The first app's server gives the data directory up as it stops."""
    for _ in range(500):
        with lock.open("a") as f:
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                await asyncio.sleep(0.01)
                continue
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)
            return
    raise AssertionError("the data directory stayed locked")


async def test_plain_prtui_resumes_the_unfinished_local_game(tmp_path: Path) -> None:
    data = tmp_path / "data"
    setup = TableSetup(players=2, bots=["random"], bot_delay_s=0.0, seed=11)
    first = PrtuiApp(plan=local_plan(data, "tester", setup))
    async with first.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, first, GameScreen)
        room = first.screen.snapshot and first.controller.room  # type: ignore[union-attr]
        await pilot.press("1")  # one move of mine, then quit mid-game
        for _ in range(50):
            await pilot.pause()
    await released(data / "prtui.lock")
    book = json.loads((data / "tokens.json").read_text())
    assert LOCAL_BOOK_KEY in book

    again = PrtuiApp(plan=local_plan(data, "tester", None))  # plain `prtui`
    async with again.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, again, GameScreen)
        assert again.controller is not None and again.controller.room == room
        assert again.controller.seat == 0
        assert not isinstance(again.screen, NewGameScreen)
