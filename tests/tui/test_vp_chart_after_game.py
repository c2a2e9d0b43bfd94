"""The game-over chart after a game without Open VP (issue 22, item 10): the final board
shows everyone's chips now, yet the chart keeps to what I saw during the game, my chips
round by round, another player's only at the end. The real app under the pilot, a local
two-player Puerto Rico game against a random bot."""

from __future__ import annotations

from pathlib import Path

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.launch import local_plan
from prtui.screens.gameover import GameOverScreen
from tests.tui.test_rematch import play_by_keys_to_the_end


async def test_the_chart_shows_the_others_chips_at_the_end_only(tmp_path: Path) -> None:
    setup = TableSetup(players=2, game="puerto-rico", bots=["random"], bot_delay_s=0.0, seed=3)
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_by_keys_to_the_end(app, pilot)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        others = [p for p in over.view["players"] if p["seat"] != 0]
        assert others and all(isinstance(p["vp_chips"], int) for p in others)  # the final board
        rounds = over.view["round"]
        assert not any(1 in seen for seen in over.history.values())
        assert len([r for r, seen in over.history.items() if 0 in seen]) >= rounds - 1
        lines = [str(line.render()) for line in over.query(".chart-line")]
        assert not any("hidden" in line for line in lines), lines  # the game is over
        assert sum("(final; r Replay shows every round)" in line for line in lines) == 1
