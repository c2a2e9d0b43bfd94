"""The table as players see it (issue 22): whole games by the keys the screen shows,
with a look after every decision that my board and every opponent's summary are on
screen in full (inside the screen, not zero-sized, not cut, not scrolled away).

Puerto Rico: five players, 1897 with all four expansions, at 120x40. Now and then,
before deciding, `o` (shown in the footer) brings a rival's full board into my board's
place; the next decision must bring mine back. San Juan: four players at 80x24.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.css.query import NoMatches

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.games.puerto_rico.player import PlayerBoard
from prtui.games.puerto_rico.summary import SummaryPanel
from prtui.games.san_juan.hand import HandList
from prtui.games.san_juan.table import CityPanel, OpponentBoard
from prtui.launch import local_plan
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from tests.tui.by_keys import forward_keys, keys_on_screen, play_by_keys_on_screen
from tests.tui.in_view import hidden_part
from tests.tui.screen import screen_rows
from tests.tui.waiting import wait_for

MAX_PAUSES = 400_000
EXPANSIONS = ["new_buildings", "citizens", "smuggler", "festival"]


SETTLE = 200  # pauses a new state may take to be laid out on a loaded machine


def _screen(app: PrtuiApp) -> str:
    return "\n".join(screen_rows(app))


async def _settled(pilot: Any, check: Callable[[PrtuiApp], None]) -> None:
    """``check`` passes once the screen is laid out (a new state can take a few
    frames: a board shown instead of another, a summary line more); its failure when
    it still does not after SETTLE pauses."""
    for _ in range(SETTLE):
        try:
            check(pilot.app)
            return
        except (AssertionError, NoMatches):  # not laid out yet, or not even mounted
            await pilot.pause()
    check(pilot.app)


def _pr_in_view(app: PrtuiApp, players: int) -> None:
    """My full board (the draft's board while drafting) and the summary (a row for
    every player) on screen, whole."""
    screen = app.screen
    drafting = screen.snapshot["view"]["phase"]["step"] == "draft"
    mine = screen.query_one("#draft" if drafting else "#player-0")
    summary = screen.query_one(SummaryPanel)
    for widget in (mine, summary):
        problem = hidden_part(app, widget)
        assert not problem, problem + "\n" + _screen(app)
    assert summary.expanded
    rows = screen_rows(app)[summary.region.y:summary.region.bottom]
    view = screen.snapshot["view"]
    for player in view["players"]:  # "bot 3 (easy)" -> "bot3", its doubloons after it
        tag = str(player["name"]).split(" (")[0].replace(" ", "")[:8]
        assert any(tag in r and f"{player['doubloons']}$" in r for r in rows), tag + _screen(app)
    assert len(view["players"]) == players


def _a_rival_in_view(app: PrtuiApp) -> None:
    """`o` pressed: one full board, not mine, on screen, whole."""
    shown = [b for b in app.screen.query(PlayerBoard) if b.display]
    assert len(shown) == 1 and shown[0].id != "player-0", _screen(app)
    assert not hidden_part(app, shown[0]), hidden_part(app, shown[0])


async def test_a_whole_five_player_1897_game_at_120x40_keeps_the_table_in_view(
        tmp_path: Path) -> None:
    setup = TableSetup(players=5, bots=["easy"] * 4, bot_delay_s=0.0, seed=22,
                       options={"expansions": EXPANSIONS, "edition": "1897"})
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    rng = random.Random(22)
    moves, looked = 0, 0

    async def my_move(screen: GameScreen) -> str:
        nonlocal moves, looked
        await _settled(pilot, lambda a: _pr_in_view(a, 5))
        keys = forward_keys(app)
        assert keys, "my move, but no key on screen:\n" + _screen(app)
        drafting = screen.snapshot["view"]["phase"]["step"] == "draft"
        if moves % 7 == 3 and not drafting:  # a look at a rival's board, by the footer's key
            # at 120x40 `o` shows the next rival (the footer is rebuilt as my turn comes)
            await wait_for(pilot, lambda: "o Next board" in screen_rows(app)[-1])
            await pilot.press("o")
            await _settled(pilot, _a_rival_in_view)
            looked += 1
        moves += 1
        return rng.choice(sorted(keys))

    async with app.run_test(size=(120, 40)) as pilot:
        pressed = await play_by_keys_on_screen(app, pilot, my_move, max_pauses=MAX_PAUSES)
        assert isinstance(app.screen, GameOverScreen)
        assert sorted(s["seat"] for s in app.screen.view["result"]["scores"]) == [0, 1, 2, 3, 4]
    assert pressed > 50 and looked > 5


def _sj_in_view(app: PrtuiApp) -> None:
    """My city and a line for every opponent on screen, whole; my hand on screen (it
    alone scrolls, when the cards drawn to keep come on top of a full hand)."""
    screen = app.screen
    for widget in (screen.query_one(CityPanel), *screen.query(OpponentBoard)):
        problem = hidden_part(app, widget)
        assert not problem, problem + "\n" + _screen(app)
    assert len(screen.query(OpponentBoard)) == 3
    hand = screen.find_widget(screen.query_one(HandList))
    shown = hand.visible_region  # three rows at least, the whole hand when shorter
    assert shown.height >= min(3, hand.region.height) > 0, _screen(app)
    assert screen.region.contains_region(shown), _screen(app)


async def test_a_whole_four_player_san_juan_game_at_80x24_keeps_the_table_in_view(
        tmp_path: Path) -> None:
    setup = TableSetup(players=4, game="san-juan", bots=["easy"] * 3, bot_delay_s=0.0, seed=22)
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    rng = random.Random(22)

    async def my_move(screen: GameScreen) -> str:
        await _settled(pilot, _sj_in_view)
        keys = keys_on_screen(app)
        assert keys, "my move, but no key on screen:\n" + _screen(app)
        return rng.choice(sorted(keys))

    async with app.run_test(size=(80, 24)) as pilot:
        pressed = await play_by_keys_on_screen(app, pilot, my_move, max_pauses=MAX_PAUSES)
        assert isinstance(app.screen, GameOverScreen)
        assert sorted(s["seat"] for s in app.screen.view["result"]["scores"]) == [0, 1, 2, 3]
    assert pressed > 20
