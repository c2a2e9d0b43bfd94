"""A new table after a local game starts from the table just played (issue 22 walk):
after a San Juan game, "n New table" (or abandoning a game) opened the form on Puerto
Rico, 4 players, medium bots, every option at its default, so a 5-player 1897 table
with every expansion had to be set up again. The real app, a real embedded server."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.launch import local_plan
from prtui.screens.gameover import GameOverScreen
from prtui.screens.newgame import NewGameScreen
from prtui.widgets.options import OptionChoices, OptionFlag
from tests.tui.lan_tables import local_game_app
from tests.tui.test_rematch import play_by_keys_to_the_end
from tests.tui.waiting import form_settled, wait_for


async def test_new_table_after_a_game_keeps_its_setup(tmp_path: Path) -> None:
    app = local_game_app(tmp_path, seed=5)  # San Juan, 2 players, a random bot, fair start
    async with app.run_test(size=(80, 24)) as pilot:
        await play_by_keys_to_the_end(app, pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        await form_settled(pilot, app)
        assert form.query_one("#game", Select).value == [g["name"] for g in form.games].index(
            "san-juan")
        assert form.query_one("#players", Select).value == 2
        assert form.query_one("#seat-1", Select).value == "random"
        flag = form.option_widgets["fair_start"]
        assert isinstance(flag, OptionFlag) and flag.value is True


async def test_abandoning_an_1897_table_keeps_its_expansions(tmp_path: Path) -> None:
    everything = ["new_buildings", "citizens", "smuggler", "festival"]
    setup = TableSetup(players=5, game="puerto-rico", bots=["easy", "hard", "random", "medium"],
                       bot_delay_s=0.0, seed=3,
                       options={"edition": "1897", "expansions": everything})
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: app.controller is not None and app.controller.room_info)
        await pilot.press("ctrl+l")
        await pilot.pause()
        await pilot.press("a")  # abandon it: a new table instead
        await pilot.pause()
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        await form_settled(pilot, app)
        assert form.query_one("#players", Select).value == 5
        assert [form.query_one(f"#seat-{s}", Select).value for s in range(1, 5)] == \
            ["easy", "hard", "random", "medium"]
        assert form.option_widgets["edition"].value == "1897"  # type: ignore[attr-defined]
        expansions = form.option_widgets["expansions"]
        assert isinstance(expansions, OptionChoices) and expansions.value == everything
