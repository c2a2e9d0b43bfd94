"""Counted words agree with their number on the board (issue 32, item 11): the mayor's
headline says "1 empty semicircle" in 1897 words ("1 empty circle" in classic ones),
never "1 empty semicircles". The real app under the pilot, on a mayor turn of a seeded
engine game as the server sends it to seat 0."""

from __future__ import annotations

from typing import Any

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from tests.tui.boards import pr_game
from tests.tui.pr_live_boards import find
from tests.tui.screen import screen_rows
from tests.tui.test_board import Table


def _one_empty(_state: Any, frame: dict[str, Any]) -> bool:
    """A mayor turn of mine with exactly one empty circle (as the server counts them)."""
    if frame["view"]["phase"]["step"] != "mayor" or not frame["legal"]:
        return False
    return bool(frame["view"]["players"][0].get("empty_circles") == 1)


async def test_one_empty_semicircle_is_singular() -> None:
    _state, snap = find(_one_empty, seeds=range(1, 200))
    link = Table()
    async with PrtuiApp(lambda a: GameScreen(link, snap, vocabulary="1897", game=pr_game())
                        ).run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        text = "\n".join(screen_rows(pilot.app))
        assert "1 empty semicircle." in text, [r for r in text.splitlines() if "empty" in r]
        assert "1 empty semicircles" not in text
