"""Puerto Rico's expansions on the new-game form (issue 14): a ``multi`` option is one
checkbox per choice whose label says on or off; the form sends the ticked ones in the
game's order, a local game started from it has them, and `prtui play --option
expansions=...` reads the same option."""

from __future__ import annotations

import argparse
from pathlib import Path

from prtui.app import PrtuiApp
from prtui.launch import local_plan, setup_from_args
from prtui.screens.newgame import NewGameScreen
from prtui.widgets.options import OptionChoices, OptionFlag
from tests.tui.screen import screen_rows
from tests.tui.waiting import board_drawn, form_settled, wait_for


def rows_with(app: PrtuiApp, words: str) -> list[str]:
    return [r.strip() for r in screen_rows(app) if words in r]


async def test_both_expansions_ticked_on_the_form_start_a_game_with_the_draft(tmp_path: Path) -> None:
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", None))
    async with app.run_test(size=(100, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        choices = form.option_widgets["expansions"]
        assert isinstance(choices, OptionChoices) and choices.value == []
        assert any("I: New Buildings: off" in r for r in rows_with(app, "New Buildings"))
        flags = list(choices.query(OptionFlag))
        for flag in reversed(flags[:2]):  # ticked in the other order: sent in the game's
            flag.focus()
            await pilot.press("space")
        await pilot.pause()
        assert any("I: New Buildings: on" in r for r in rows_with(app, "New Buildings"))
        assert any("II: The Citizens: on" in r for r in rows_with(app, "Citizens"))
        assert form.chosen_options()["expansions"] == ["new_buildings", "citizens"]
        for seat in (1, 2, 3):
            form.query_one(f"#seat-{seat}").value = "random"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: board_drawn(app))
        view = app.screen.snapshot["view"]
        assert view["options"]["expansions"] == ["new_buildings", "citizens"]
        assert view["phase"]["step"] == "draft"


async def test_unticking_leaves_the_base_game(tmp_path: Path) -> None:
    from server.engine.contract import describe
    from server.games.registry import get_game

    async def plan(app: PrtuiApp) -> None:
        await app.push_screen_wait(NewGameScreen([describe(get_game("puerto-rico"))]))

    app = PrtuiApp(plan=plan)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await form_settled(pilot, app)
        choices = app.screen.option_widgets["expansions"]
        flag = next(iter(choices.query(OptionFlag)))
        flag.focus()
        await wait_for(pilot, lambda: app.focused is flag)
        await pilot.press("space")
        await wait_for(pilot, lambda: flag.value)  # ticked (the key reached the box)
        assert app.screen.chosen_options()["expansions"] == ["new_buildings"]
        await pilot.press("space")
        await wait_for(pilot, lambda: not flag.value)
        assert app.screen.chosen_options()["expansions"] == []


def test_prtui_play_takes_the_expansions_option() -> None:
    args = argparse.Namespace(game="puerto-rico", option=["expansions=citizens,new_buildings"],
                              players=3, bots="random", seed=None)
    setup = setup_from_args(args)
    assert setup.options["expansions"] == ["new_buildings", "citizens"]  # the game's order
    none = setup_from_args(argparse.Namespace(game="puerto-rico", option=["expansions=none"],
                                              players=3, bots="random", seed=None))
    assert none.options["expansions"] == []
