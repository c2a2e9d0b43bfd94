"""Snapshot tests of San Juan's board at 80x24 and 160x50 (frozen engine-made boards,
no clocks): a payment in progress, the opponents in full at 80 columns, the colour-blind
theme, a card's help and the game-over scores."""

from __future__ import annotations

import pytest

from prtui.app import PrtuiApp
from prtui.games import board_for
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.screens.help import HelpScreen
from prtui.vocabulary import Vocabularies
from tests.tui.san_juan_boards import NAMES, final_4p, paying_4p, sj_game

SIZES = [(80, 24), (160, 50)]


def board() -> GameScreen:
    return GameScreen(None, paying_4p(), NAMES, game=sj_game())


@pytest.mark.parametrize("size", SIZES)
def test_paying_for_a_building(snap_compare, size: tuple[int, int]) -> None:
    assert snap_compare(PrtuiApp(lambda a: board()), terminal_size=size)


def test_opponents_in_full_at_80_columns(snap_compare) -> None:
    assert snap_compare(PrtuiApp(lambda a: board()), terminal_size=(80, 24), press=["o"])


def test_colour_blind_theme(snap_compare) -> None:
    app = PrtuiApp(lambda a: board(), theme="prtui-colourblind")
    assert snap_compare(app, terminal_size=(160, 50))


def test_help_on_a_card(snap_compare) -> None:
    game = sj_game()
    sj = board_for("san-juan")
    assert sj is not None
    words = Vocabularies(game["display"]).get(None)
    app = PrtuiApp(lambda a: HelpScreen(sj, words, sj.facts(game["display"]),
                                        focus_topic="black_market"))
    assert snap_compare(app, terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES)
def test_game_over(snap_compare, size: tuple[int, int]) -> None:
    final = final_4p()
    history = {r: {s: r + s for s in range(4)} for r in range(1, 9)}
    words = Vocabularies(sj_game()["display"]).get(None)
    app = PrtuiApp(lambda a: GameOverScreen(final["view"], NAMES, history, 0,
                                            board_for("san-juan"), words))
    assert snap_compare(app, terminal_size=size)
