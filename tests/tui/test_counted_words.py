"""Counted words agree with their number on the board (issue 32, item 11): the mayor's
headline says "1 empty semicircle" in 1897 words ("1 empty circle" in classic ones),
never "1 empty semicircles". The real app under the pilot, on a mayor turn of a seeded
engine game as the server sends it to seat 0."""

from __future__ import annotations

from typing import Any

from prtui.app import PrtuiApp
from prtui.games import board_for
from prtui.games.puerto_rico.actions import empty_circles
from prtui.screens.game import GameScreen
from tests.tui.boards import pr_game
from tests.tui.pr_live_boards import find
from tests.tui.screen import screen_rows
from tests.tui.test_board import Table

FACTS = board_for("puerto-rico").facts(pr_game()["display"])  # type: ignore[union-attr]


def _one_empty(_state: Any, frame: dict[str, Any]) -> bool:
    """A mayor turn of mine with exactly one empty circle (counted as the board does)."""
    if frame["view"]["phase"]["step"] != "mayor" or not frame["legal"]:
        return False
    me = frame["view"]["players"][0]
    island = sum(1 for t in me["island"] if not t.get("colonists"))
    city = sum(max(0, FACTS.building(str(b["building"])).circles - int(b.get("colonists", 0)))
               for b in me["city"])
    return island + city == 1


async def test_one_empty_semicircle_is_singular() -> None:
    _state, snap = find(_one_empty, seeds=range(1, 200))
    link = Table()
    async with PrtuiApp(lambda a: GameScreen(link, snap, vocabulary="1897", game=pr_game())
                        ).run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        board = pilot.app.screen
        assert isinstance(board, GameScreen)
        empty = empty_circles(board.context(), snap["view"]["players"][0])
        text = "\n".join(screen_rows(pilot.app))
        assert empty == 1
        assert "1 empty semicircle." in text, [r for r in text.splitlines() if "empty" in r]
        assert "1 empty semicircles" not in text
