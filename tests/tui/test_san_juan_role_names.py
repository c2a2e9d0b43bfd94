"""San Juan's role cards read whole on the 80- and 100-column boards (issue 22 walk): the
bar said "Build Produ Trade Counc Prosp" though the five names fit its 50 cells; they are
cut to five letters only when whole ones do not fit. The real app on an engine-made board.
"""

from __future__ import annotations

import pytest

from prtui.app import PrtuiApp
from prtui.games.san_juan.table import RolesBar
from prtui.screens.game import GameScreen
from tests.tui.san_juan_boards import paying_4p, sj_game
from tests.tui.waiting import wait_for

ROLES = ("Builder", "Producer", "Trader", "Councillor", "Prospector")


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_role_cards_are_named_whole(size: tuple[int, int]) -> None:
    app = PrtuiApp(lambda a: GameScreen(None, paying_4p(), game=sj_game()))
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen)
                       and bool(str(app.screen.query_one(RolesBar).render())))
        bar = app.screen.query_one(RolesBar)
        line = str(bar.render())
        assert all(role in line for role in ROLES), line
        assert len(line) <= bar.content_size.width, line


async def test_cut_names_only_when_whole_ones_do_not_fit() -> None:
    app = PrtuiApp(lambda a: GameScreen(None, paying_4p(), game=sj_game()))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen)
                       and bool(str(app.screen.query_one(RolesBar).render())))
        bar = app.screen.query_one(RolesBar)
        bar.styles.width = 40  # narrower than the five whole names
        await wait_for(pilot, lambda: bar.content_size.width == 40
                       and "Produ " in str(bar.render()))
        assert len(str(bar.render())) <= 40
