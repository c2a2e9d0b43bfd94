"""A whole local game through the UI: embedded server, random bots, keys pressed.

The policy is the simplest one: whenever the screen lists actions for me, press the
key shown on the first row (keys stay with their action while a decision lasts, so it
is not always 1) and wait for the next state. The game must reach the
game-over screen with a result for every seat.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.launch import local_plan
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.screens.replay import ReplayScreen
from prtui.widgets.actions import ActionsPanel

MAX_STEPS = 60_000


@pytest.mark.parametrize("size", [(80, 24)], ids=["80x24"])
async def test_whole_game_against_bots_by_keys(tmp_path: Path, size: tuple[int, int]) -> None:
    """The smallest screen the game promises (160x50, the one that shows everything,
    plays a whole game in tests/tui/test_every_board_160.py, with every expansion)."""
    setup = TableSetup(players=3, bots=["random", "random"], bot_delay_s=0.0)
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "tester", setup))
    pressed = 0
    async with app.run_test(size=size) as pilot:
        last_seen = None
        for _ in range(MAX_STEPS):
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            # a board pushed a moment ago may not be drawn yet (a loaded machine): its
            # actions are read once it is
            if (isinstance(screen, GameScreen) and screen.snapshot is not last_seen
                    and screen.is_mounted):
                legal = screen.snapshot.get("legal", [])
                panel = screen.query_one(ActionsPanel)
                # (the panel draws the snapshot a refresh later: under load, more than a pause)
                if legal and screen.snapshot.get("seat") == 0 and panel._legal == legal:
                    last_seen = screen.snapshot
                    top = next(n for n in panel._rows if n < len(panel._legal))  # not a gone one
                    await pilot.press(panel._keys[top] or "enter")
                    pressed += 1
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameOverScreen), f"no game over after {pressed} moves"
        result = screen.view["result"]
        assert sorted(s["seat"] for s in result["scores"]) == [0, 1, 2]
        assert result["winners"]
        # my own VP was seen every round: the chart has points for me
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert any(0 in seen for seen in game.history.values())
        assert pressed > 20
        table = screen.query_one("#scores")
        assert table.row_count == 3
        # the game-over screen opens the replay at the end of this game
        await pilot.press("r")
        for _ in range(2000):
            if isinstance(app.screen, ReplayScreen):
                break
            await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen), "no replay screen"
        assert replay.step == replay.steps and replay.steps >= pressed
        assert replay.snapshot["view"].get("over") and replay.snapshot["seat"] is None


async def test_seed_gives_the_same_table(tmp_path: Path) -> None:
    boards = []
    for run in range(2):
        setup = TableSetup(players=4, bots=["random"] * 3, seed=1234, bot_delay_s=5.0)
        app = PrtuiApp(plan=local_plan(tmp_path / f"data{run}", "tester", setup))
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(2000):
                if isinstance(app.screen, GameScreen):
                    break
                await pilot.pause()
            view = app.screen.snapshot["view"]
            boards.append((view["plantations"], view["governor"]))
    assert boards[0] == boards[1]
