"""The new-game form shows each yes/no option's description whole (issue 22 walk):
San Juan's "Fair start: off (the governor draws 5 cards, the next players 6, 7 a" was
cut at the form's edge at 100x30, and the Coach line at 80x24; a Checkbox is one line
wide whatever its label. The real form under the pilot, for every game of the catalog,
in the LAN lobby's form (where the Coach option is offered too)."""

from __future__ import annotations

import re

import pytest

from prtui.app import PrtuiApp
from prtui.screens.newgame import NewGameScreen
from prtui.widgets.options import OptionFlag
from server.engine.contract import describe
from server.games.registry import game_names, get_game
from tests.bots import toygame  # noqa: F401
from tests.tui.screen import screen_rows
from tests.tui.waiting import form_settled, wait_for

# toygame registers "toy": a game whose only option is the Coach, so its form is as narrow
# as the Coach line; at 100x30 that line filled the width exactly and was cut with "…"
# (seen only when a bots test had registered the toy in the same process)


def words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def flag_text(app: PrtuiApp, flag: OptionFlag) -> str:
    """What the flag shows inside its border, its lines read one after the other."""
    region = flag.content_region
    rows = screen_rows(app)[region.y:region.bottom]
    return words(" ".join(row[region.x:region.right] for row in rows))


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@pytest.mark.parametrize("game", game_names())
async def test_every_option_reads_whole_on_the_form(game: str, size: tuple[int, int]) -> None:
    catalog = [describe(get_game(game))]

    async def plan(app: PrtuiApp) -> None:
        await app.push_screen_wait(NewGameScreen(catalog, allow_open_seats=True))

    app = PrtuiApp(plan=plan)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await form_settled(pilot, app)
        flags = [f for f in app.screen.query(OptionFlag) if f.has_class("option-flag")]
        assert any(f.id == "coach" for f in flags)
        for flag in flags:
            flag.scroll_visible(animate=False, immediate=True)
            await pilot.pause()
            label = words(flag.label.plain)
            assert "(" in label, label  # a description there is to read
            assert label in flag_text(app, flag), (game, size, label, flag_text(app, flag))
