"""No dead ends (issue 22, item 4): the board looked at after the game leads back to the
game-over screen and its rematch, replay and new table. The real app under the pilot,
a local game against a bot played to the end by keys."""

from __future__ import annotations

from pathlib import Path

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.launch import local_plan
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.screens.replay import ReplayScreen
from tests.tui.screen import screen_rows
from tests.tui.test_rematch import live_board, play_by_keys_to_the_end
from tests.tui.waiting import wait_for


async def test_the_board_after_the_game_leads_back_to_rematch_and_replay(tmp_path: Path) -> None:
    setup = TableSetup(players=2, game="san-juan", bots=["random"], bot_delay_s=0.0, seed=5,
                       options={"fair_start": True})
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_by_keys_to_the_end(app, pilot)
        controller = app.controller
        assert controller is not None
        first_room = controller.room
        await pilot.press("b")  # the board, as it ended
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
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
