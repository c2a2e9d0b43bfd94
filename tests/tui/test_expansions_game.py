"""A whole Puerto Rico game with both expansions through the UI at 80x24 (issue 14):
the real launcher plan of `prtui play` (embedded server on loopback), one random and
two easy bots, and only keys the screen shows.

Whenever my actions are listed, the test reads the screen, takes the number keys
written in front of the visible actions (never "Rearrange" or "Send back", which
would undo the mayor's work) and presses one of them, chosen by a seeded random
generator. The game must go through the draft and end on the game-over screen with a
result for every seat and the citizens' VP in it.
"""

from __future__ import annotations

import random
from pathlib import Path

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.launch import local_plan
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from tests.tui.by_keys import forward_keys, play_by_keys_on_screen
from tests.tui.screen import screen_rows


async def test_a_whole_game_with_both_expansions_by_keys_at_80x24(tmp_path: Path) -> None:
    setup = TableSetup(players=4, bots=["random", "easy", "easy"], bot_delay_s=0.0, seed=14,
                       options={"expansions": ["new_buildings", "citizens"], "edition": "1897"})
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    rng = random.Random(14)
    drafted, steps = 0, set[str]()

    async def my_move(screen: GameScreen) -> str:
        nonlocal drafted
        await pilot.pause()  # the new state drawn
        keys = forward_keys(app)
        assert keys, "my move, but no key on screen:\n" + "\n".join(screen_rows(app))
        step = screen.snapshot["view"]["phase"]["step"]
        steps.add(step)
        drafted += step == "draft"
        return rng.choice(sorted(keys))

    async with app.run_test(size=(80, 24)) as pilot:
        pressed = await play_by_keys_on_screen(app, pilot, my_move)
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        result = screen.view["result"]
        assert sorted(s["seat"] for s in result["scores"]) == [0, 1, 2, 3]
        assert result["winners"]
    assert drafted >= 6  # 25 spaces, four players: six or seven picks each
    assert {"draft", "choose_role", "mayor", "builder"} <= steps
    assert pressed > 50
