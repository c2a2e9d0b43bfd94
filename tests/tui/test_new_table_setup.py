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
from prtui.screens.newgame import NewGameScreen
from prtui.widgets.options import OptionChoices
from tests.tui.waiting import form_settled, wait_for

# After a finished game, n opens the form on the table just played:
# tests/tui/test_dead_ends.py::test_esc_on_the_new_table_form_goes_back_to_the_finished_game
# (it plays the one whole game both need).


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
