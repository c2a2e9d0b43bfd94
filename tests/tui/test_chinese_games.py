"""Whole games in Chinese (issue 38's "done when"): Puerto Rico (1897, all four
expansions, 5 players) and San Juan (4 players) played through the real app at 80x24
and 120x40 with the client in zh_CN; at every few states of mine and on the game-over
screen no English word is left on screen but the players' names and key names."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.i18n import language, set_language
from prtui.launch import local_plan
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.widgets.actions import ActionsPanel
from tests.tui.by_keys import UNDOING, play_by_keys_on_screen
from tests.tui.english_left import english_words
from tests.tui.screen import screen_rows

EVERY = 4  # look at every 4th state of mine (each look renders the whole screen)
WIDE_FROM = 12  # from my 12th state on, the same game at 120x40 (one game, both sizes)
ALL_FOUR = ["new_buildings", "citizens", "smuggler", "festival"]


@pytest.fixture
def chinese() -> Iterator[None]:
    before = language()
    set_language("zh_CN")
    yield
    set_language(before)


def names_of(screen: Any) -> list[str]:
    view = getattr(screen, "snapshot", {}).get("view") or getattr(screen, "view", {}) or {}
    return [str(p.get("name", "")) for p in view.get("players", []) if p.get("name")]


async def play_in_chinese(app: PrtuiApp, pilot: Any, seed: int) -> int:
    rng = random.Random(seed)
    seen = {"states": 0}
    names: list[str] = []

    async def my_move(screen: GameScreen) -> str:
        await pilot.pause()  # the new state drawn
        seen["states"] += 1
        if seen["states"] == WIDE_FROM:
            await pilot.resize_terminal(120, 40)
            await pilot.pause()
        names[:] = names_of(screen)
        if seen["states"] % EVERY == 1:
            left = english_words(app, names)
            assert not left, (left, "\n".join(screen_rows(app)))
        panel = screen.query_one(ActionsPanel)
        legal = screen.snapshot["legal"]
        # by the action (its English label comes beside the template), never the screen's
        # words: the Mayor's undoing moves would walk in circles
        keys = [key for key, action in zip(panel._keys, legal, strict=False)
                if key and not str(action.get("label", "")).startswith(UNDOING)]
        assert keys, "my move, but no key:\n" + "\n".join(screen_rows(app))
        return rng.choice(sorted(keys))

    pressed = await play_by_keys_on_screen(app, pilot, my_move)
    assert app.size == (120, 40)  # both sizes were looked at
    await pilot.pause()
    over = app.screen
    assert isinstance(over, GameOverScreen)
    left = english_words(app, names or names_of(over))
    assert not left, (left, "\n".join(screen_rows(app)))
    return pressed


async def test_a_whole_five_player_1897_game_with_all_four_expansions_in_chinese(
        tmp_path: Path, chinese: None) -> None:
    setup = TableSetup(players=5, bots=["random"] * 4, bot_delay_s=0.0, seed=38,
                       options={"expansions": ALL_FOUR, "edition": "1897"})
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "安娜", setup))
    async with app.run_test(size=(80, 24)) as pilot:  # 120x40 from WIDE_FROM on
        assert await play_in_chinese(app, pilot, seed=38) > 10


async def test_a_whole_four_player_san_juan_game_in_chinese(
        tmp_path: Path, chinese: None) -> None:
    setup = TableSetup(players=4, game="san-juan", bots=["random"] * 3, bot_delay_s=0.0,
                       seed=38)
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "安娜", setup))
    async with app.run_test(size=(80, 24)) as pilot:  # 120x40 from WIDE_FROM on
        assert await play_in_chinese(app, pilot, seed=38) > 10
