"""Snapshot tests of the main screens at 80x24 and 160x50 (fixed seeds, no clocks)."""

from __future__ import annotations

import pytest

from prtui.app import PrtuiApp
from prtui.games import board_for
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.screens.newgame import NewGameScreen
from server.engine.contract import describe
from server.games.registry import get_game
from tests.tui.boards import final_5p, late_game_5p, midgame_4p, pr_game, pr_help, pr_words

SIZES = [(80, 24), (160, 50)]
NAMES = {0: "ana", 1: "bot 2 (hard)", 2: "bot 3 (easy)", 3: "bot 4 (medium)", 4: "bot 5 (random)"}


@pytest.mark.parametrize("size", SIZES)
def test_game_midgame_fixture(snap_compare, size: tuple[int, int]) -> None:
    app = PrtuiApp(lambda a: GameScreen(None, midgame_4p(), NAMES, game=pr_game()))
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_late_five_players(snap_compare, size: tuple[int, int]) -> None:
    app = PrtuiApp(lambda a: GameScreen(None, late_game_5p(), NAMES, game=pr_game()))
    assert snap_compare(app, terminal_size=size)


def test_game_buildings_compact(snap_compare) -> None:
    app = PrtuiApp(lambda a: GameScreen(None, late_game_5p(), NAMES, game=pr_game()))
    assert snap_compare(app, terminal_size=(80, 24), press=["b"])


@pytest.mark.parametrize("size", SIZES)
def test_game_over(snap_compare, size: tuple[int, int]) -> None:
    final = final_5p()
    history = {r: {0: min(11, r)} for r in range(1, 15)}
    app = PrtuiApp(lambda a: GameOverScreen(final["view"], NAMES, history, 0,
                                            board_for("puerto-rico"), pr_words("classic")))
    assert snap_compare(app, terminal_size=size)


def test_help_on_a_building(snap_compare) -> None:
    app = PrtuiApp(lambda a: pr_help("classic", focus_topic="wharf"))
    assert snap_compare(app, terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES)
def test_new_game(snap_compare, size: tuple[int, int]) -> None:
    app = PrtuiApp(lambda a: NewGameScreen([describe(get_game("puerto-rico"))]))
    assert snap_compare(app, terminal_size=size)


def test_game_1897_high_contrast(snap_compare) -> None:
    app = PrtuiApp(lambda a: GameScreen(None, midgame_4p(), NAMES, vocabulary="1897", game=pr_game()),
                   theme="prtui-contrast")
    assert snap_compare(app, terminal_size=(160, 50))
