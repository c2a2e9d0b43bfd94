"""The mayor's two rows of one place, a worker and a citizen (rules 5, issue 22 item 10),
read differently on the board and each sends its own choice. The real app under the
pilot, on a board of a seeded Citizens game as the server sends it to seat 0."""

from __future__ import annotations

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from tests.tui.boards import pr_game, pr_words
from tests.tui.pr_live_boards import find
from tests.tui.screen import screen_rows
from tests.tui.test_board import Table


def _both_on_the_island(state, frame) -> bool:
    places = [a for a in frame["legal"] if a["type"] == "mayor_place" and a["where"] == "island"]
    return any(a.get("citizen") for a in places) and any(not a.get("citizen") for a in places)


async def test_a_worker_and_a_citizen_row_for_one_place() -> None:
    _state, snap = find(_both_on_the_island, options={"expansions": ["citizens"]})
    citizen = next(a for a in snap["legal"] if a["type"] == "mayor_place" and a.get("citizen")
                   and a["where"] == "island")
    link = Table()
    async with PrtuiApp(lambda a: GameScreen(link, snap, game=pr_game())).run_test(
            size=(160, 50)) as pilot:
        await pilot.pause()
        rows = screen_rows(pilot.app)
        place = f"(island {citizen['index'] + 1})"
        mine = [r for r in rows if "Place " in r and place in r]
        words = pr_words()
        citizen_row, worker_row = f"Place {words('citizen')} on", f"Place {words('colonist')} on"
        assert any(citizen_row in r for r in mine), [r for r in rows if "Place" in r]
        assert any(worker_row in r for r in mine), mine
        row = next(r for r in mine if citizen_row in r)
        key = row.split("│")[-2].strip().split(" ")[0] if "│" in row else row.strip()[0]
        assert key.isdigit(), row
        await pilot.press(key)
        await pilot.pause()
    assert link.sent == [citizen]
