"""At 160x50 every Puerto Rico board is on screen in full (issue 22, item 1): a whole
five-player 1897 game with all four expansions, played by the keys on screen, with a
look after every decision of mine that each player's board (header with the goods,
island, city with its occupancy) lies inside the screen, whole, mine first; `b` brings
the building supply in the boards' place and back, and `o` (nothing to show here) is
not offered."""

from __future__ import annotations

import random
import re
from pathlib import Path

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.games.puerto_rico.buildings import BuildingSupply
from prtui.games.puerto_rico.player import CityView, IslandView, PlayerBoard, PlayerHeader
from prtui.launch import local_plan
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from tests.tui.by_keys import forward_keys, play_by_keys_on_screen
from tests.tui.in_view import hidden_part
from tests.tui.screen import screen_rows
from tests.tui.test_table_in_view import EXPANSIONS, MAX_PAUSES, _screen, _settled


def _rows_of(app: PrtuiApp, widget: object, rows: list[str]) -> str:
    """The part of the screen's ``rows`` (drawn once per look) where ``widget`` lies."""
    region = app.screen.find_widget(widget).region
    return "\n".join(r[region.x:region.right] for r in rows[region.y:region.bottom])


def every_board_in_view(app: PrtuiApp) -> None:
    """Each seat's full board on screen, whole, its goods and its city's count written
    where its header and city are; mine first (top left)."""
    screen = app.screen
    assert isinstance(screen, GameScreen)
    view = screen.snapshot["view"]
    ctx = screen.context()
    boards = {b.seat: b for b in screen.query(PlayerBoard)}
    assert sorted(boards) == [0, 1, 2, 3, 4]
    rows = screen_rows(app)  # one drawing of the screen for every board's look
    for seat, board in boards.items():
        player = view["players"][seat]
        parts = [board.query_one(PlayerHeader), board.query_one(IslandView),
                 board.query_one(CityView)]
        for part in (board, *parts):
            problem = hidden_part(app, part)
            assert not problem, f"seat {seat}: {problem}\n{_screen(app)}"
        header = _rows_of(app, parts[0], rows)
        for good, count in player["goods"].items():
            if count:
                assert re.search(rf"{ctx.short(good)}×?{count}\b", header), (good, header)
        assert f"City {player['city_spaces_used']}/12" in _rows_of(app, parts[2], rows)
        assert f"Island {len(player['island'])}/12" in _rows_of(app, parts[1], rows)
    mine = screen.find_widget(boards[0]).region
    assert all(mine.y <= screen.find_widget(b).region.y for b in boards.values())
    assert mine.x == min(screen.find_widget(b).region.x for b in boards.values())


async def test_a_whole_five_player_1897_game_at_160x50_shows_every_board(
        tmp_path: Path) -> None:
    setup = TableSetup(players=5, bots=["easy"] * 4, bot_delay_s=0.0, seed=160,
                       options={"expansions": EXPANSIONS, "edition": "1897"})
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    rng = random.Random(160)
    checked, supply_looks = 0, 0

    async def my_move(screen: GameScreen) -> str:
        nonlocal checked, supply_looks
        await _settled(pilot, _keys_shown)  # the board composed and my actions drawn
        drafting = screen.snapshot["view"]["phase"]["step"] == "draft"
        if not drafting:
            await _settled(pilot, every_board_in_view)
            checked += 1
            footer = screen_rows(app)[-1]
            assert "o All boards" not in footer and "b Buildings" in footer, footer
            if checked % 9 == 4:  # the building supply in the boards' place, and back
                await pilot.press("b")
                await _settled(pilot, _supply_in_view)
                await pilot.press("b")
                await _settled(pilot, every_board_in_view)
                supply_looks += 1
        return rng.choice(sorted(forward_keys(app)))

    async with app.run_test(size=(160, 50)) as pilot:
        pressed = await play_by_keys_on_screen(app, pilot, my_move, max_pauses=MAX_PAUSES)
        assert isinstance(app.screen, GameOverScreen)
    # the easy bots search to a time budget, so the game (and these counts) vary a little
    assert pressed > 30 and checked > 25 and supply_looks > 2, (pressed, checked, supply_looks)


def _keys_shown(app: PrtuiApp) -> None:
    from prtui.widgets.actions import ActionsPanel

    panel = app.screen.query(ActionsPanel)
    assert app.screen.query("#actions-scroll") and forward_keys(app), (
        _screen(app) + f"\nactions-scroll {app.screen.query_one('#actions-scroll').region}"
        f" keys {panel.first()._keys if panel else None}")


def _supply_in_view(app: PrtuiApp) -> None:
    """`b`: the building supply on screen, whole, where the boards were."""
    supply = app.screen.query_one(BuildingSupply)
    problem = hidden_part(app, supply)
    assert not problem, problem + "\n" + _screen(app)
    assert not app.screen.query_one("#players").display, _screen(app)


async def test_san_juan_at_160x50_shows_every_city() -> None:
    """San Juan already shows every city at this size (my city and each opponent's, whole):
    kept so, with four 32-character names."""
    from prtui.games.san_juan.table import CityPanel, OpponentBoard
    from tests.tui.san_juan_boards import paying_4p, sj_game
    from tests.tui.test_no_clipping import NAMES

    app = PrtuiApp(lambda a: GameScreen(None, paying_4p(), NAMES, game=sj_game()))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        opponents = list(screen.query(OpponentBoard))
        assert len(opponents) == 3
        for widget in (screen.query_one(CityPanel), *opponents):
            await _settled(pilot, lambda a, w=widget: _whole(a, w))


def _whole(app: PrtuiApp, widget: object) -> None:
    problem = hidden_part(app, widget)  # type: ignore[arg-type]
    assert not problem, problem + "\n" + _screen(app)
