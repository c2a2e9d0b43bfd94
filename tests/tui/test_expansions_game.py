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
import re
from pathlib import Path

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.launch import local_plan
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.widgets.actions import ActionsPanel
from tests.tui.screen import screen_rows

MAX_PAUSES = 200_000
STALL = 20_000  # pauses without a new state for me: a key that did nothing
KEY_ROW = re.compile(r"([0-9yn]) (\S.*?)\s*$")  # numbers, confirm, decline (never u: undo)


def keys_on_screen(app: PrtuiApp) -> dict[str, str]:
    """The number keys written in front of the actions the list shows (the rows of the
    screen where the actions list is, not the headline above it), with their label."""
    box = app.screen.query_one("#actions-scroll").region
    offered = set(app.screen.query_one(ActionsPanel)._keys)  # not a place shown greyed
    keys: dict[str, str] = {}
    for row in screen_rows(app)[box.y:box.bottom]:
        found = KEY_ROW.match(row[box.x:box.right])
        if found and found.group(1) in offered:
            keys.setdefault(found.group(1), found.group(2))
    return keys


async def test_a_whole_game_with_both_expansions_by_keys_at_80x24(tmp_path: Path) -> None:
    setup = TableSetup(players=4, bots=["random", "easy", "easy"], bot_delay_s=0.0, seed=14,
                       options={"expansions": ["new_buildings", "citizens"], "edition": "1897"})
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    rng = random.Random(14)
    pressed, drafted, steps = 0, 0, set()
    async with app.run_test(size=(80, 24)) as pilot:
        last_seen, since_press = None, 0
        for _ in range(MAX_PAUSES):
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, GameScreen) and screen.snapshot is not last_seen \
                    and screen.snapshot.get("legal") and screen.snapshot.get("seat") == 0:
                await pilot.pause()  # the new state drawn
                # never "Rearrange" nor "Send back" (issue 16): each undoes the mayor's
                # work, and random keys among many send-backs would walk in circles
                keys = {k: label for k, label in keys_on_screen(app).items()
                        if not label.startswith(("Rearrange", "Send back"))}
                assert keys, "my move, but no key on screen:\n" + "\n".join(screen_rows(app))
                step = screen.snapshot["view"]["phase"]["step"]
                steps.add(step)
                drafted += step == "draft"
                last_seen = screen.snapshot
                await pilot.press(rng.choice(sorted(keys)))
                pressed, since_press = pressed + 1, 0
            since_press += 1
            assert since_press < STALL, "nothing moved after my key:\n" + "\n".join(screen_rows(app))
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameOverScreen), f"no game over after {pressed} moves"
        result = screen.view["result"]
        assert sorted(s["seat"] for s in result["scores"]) == [0, 1, 2, 3]
        assert result["winners"]
    assert drafted >= 6  # 25 spaces, four players: six or seven picks each
    assert {"draft", "choose_role", "mayor", "builder"} <= steps
    assert pressed > 50
