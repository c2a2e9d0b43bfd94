"""Snapshots of Puerto Rico with all four expansions (issue 15): seat 0 choosing the
Smuggler's action, and a captured role with two festival goals taken (colour-blind
theme), at 80x24 and 160x50 (frozen boards, no clocks)."""

from __future__ import annotations

import pytest

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from tests.tui.boards import pr_game
from tests.tui.smuggler_festival_boards import load

SIZES = [(80, 24), (160, 50)]
NAMES = {0: "ana", 1: "bot 2 (easy)", 2: "bot 3 (random)", 3: "bot 4 (easy)"}


@pytest.mark.parametrize("size", SIZES)
def test_smuggler_step(snap_compare, size: tuple[int, int]) -> None:
    app = PrtuiApp(lambda a: GameScreen(None, load("smuggler"), NAMES, game=pr_game()))
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_captured_role_and_festival_goals(snap_compare, size: tuple[int, int]) -> None:
    app = PrtuiApp(lambda a: GameScreen(None, load("captured"), NAMES, game=pr_game()),
                   theme="prtui-colourblind")
    assert snap_compare(app, terminal_size=size)
