"""What each city scores, on its board where every board is on screen (issue 22): at
160x50 the summary keeps only my score, so a rival's building VP (and the bonuses of
his manned large buildings) is said on his city's first line, as the score line says
mine; below that size the summary's rows say it and the city line does not."""

from __future__ import annotations

import copy
from typing import Any

from prtui.app import PrtuiApp
from prtui.bench import late_game_snapshots
from prtui.games.puerto_rico.player import CityView, PlayerBoard
from prtui.screens.game import GameScreen
from tests.tui.boards import pr_game
from tests.tui.screen import screen_rows


def city_line(app: PrtuiApp, board: PlayerBoard) -> str:
    region = app.screen.find_widget(board.query_one(CityView)).region
    return screen_rows(app)[region.y][region.x:region.right].rstrip()


def late_game_5p() -> dict[str, Any]:
    """A late five-player board as the engine views it now (with ``vp_shown``)."""
    return late_game_snapshots(5, count=2)[0]


def scored(player: dict[str, Any]) -> int:
    return sum(v for k, v in player["vp_shown"].items() if k != "vp_chips")


async def test_every_city_says_its_vp_at_160x50() -> None:
    snapshot = copy.deepcopy(late_game_5p())
    rival = next(p for p in snapshot["view"]["players"] if p["seat"] != snapshot["seat"])
    rival["vp_shown"]["guild_hall"] = 4  # a manned guild hall's bonus, to be named
    app = PrtuiApp(lambda a: GameScreen(None, snapshot, game=pr_game()))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.pause()
        players = {p["seat"]: p for p in snapshot["view"]["players"]}
        lines = {b.seat: city_line(app, b) for b in app.screen.query(PlayerBoard)}
    assert sorted(lines) == sorted(players)
    for seat, line in lines.items():
        assert f"  {scored(players[seat])} VP" in line, line
        assert "hidden" not in line  # the chips are the header's, never counted here
    assert "(guild hall 4)" in lines[rival["seat"]]


async def test_below_the_grid_the_summary_says_it() -> None:
    snapshot = late_game_5p()
    app = PrtuiApp(lambda a: GameScreen(None, snapshot, game=pr_game()))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        boards = [b for b in app.screen.query(PlayerBoard) if b.display]
        assert boards
        for board in boards:
            assert " VP" not in city_line(app, board)
