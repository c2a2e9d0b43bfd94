"""Expansions III and IV through the UI (issue 15): the new-game form ticks all four
expansions and starts a game with the Smuggler card and the festival board; a whole
4-player game with all four against bots at 80x24 (the real launcher plan, embedded
server on loopback) pressed through with only the number keys the screen shows, as
tests/tui/test_expansions_game.py does for Expansions I and II."""

from __future__ import annotations

import random
from pathlib import Path

from textual.widgets import Button

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.games.puerto_rico.festival import FestivalPanel
from prtui.launch import local_plan
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.screens.newgame import NewGameScreen
from prtui.widgets.options import OptionChoices, OptionFlag
from tests.tui.by_keys import forward_keys, play_by_keys_on_screen
from tests.tui.screen import screen_rows
from tests.tui.waiting import board_drawn, wait_for

ALL_FOUR = ["new_buildings", "citizens", "smuggler", "festival"]


async def test_all_four_expansions_ticked_on_the_form_start_a_game(tmp_path: Path) -> None:
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", None))
    async with app.run_test(size=(100, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        assert isinstance(form, NewGameScreen)
        # the form settled: its boxes composed and its own first focus (Start, on_mount)
        # landed, which else could land after a box's and take that box's key
        await wait_for(pilot, lambda: isinstance(app.focused, Button) and app.focused.id == "start")
        choices = form.option_widgets["expansions"]
        assert isinstance(choices, OptionChoices) and choices.value == []
        flags = list(choices.query(OptionFlag))
        assert len(flags) == 4
        for flag in reversed(flags):  # ticked in the other order: sent in the game's
            flag.focus()
            await wait_for(pilot, lambda flag=flag: app.focused is flag)
            await pilot.press("space")
            # the key reaches the binding only as it bubbles back to the app: focus must
            # not move on before (it would toggle the next box instead)
            await wait_for(pilot, lambda flag=flag: flag.value)
        await wait_for(pilot, lambda: all(f"{n}: on" in "\n".join(screen_rows(app)) for n in (
            "III: The Smuggler", "IV: The Festival")))
        assert form.chosen_options()["expansions"] == ALL_FOUR
        for seat in (1, 2, 3):
            form.query_one(f"#seat-{seat}").value = "random"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: board_drawn(app))
        game = app.screen
        assert isinstance(game, GameScreen)
        view = game.snapshot["view"]
        assert view["options"]["expansions"] == ALL_FOUR
        assert "smuggler" in [r["id"] for r in view["roles"]]
        barrels = " ".join(game.context().short(g) for g in view["festival"]["goods"])

        def board_rows() -> list[str]:  # 100 columns: the short board
            return [r[:20].rstrip() for r in screen_rows(app)]

        await wait_for(pilot, lambda: f"{barrels} open" in board_rows())  # drawn
        assert game.query_one(FestivalPanel).display
        assert "bldg: after draft" in board_rows(), board_rows()


async def test_a_whole_game_with_all_four_expansions_by_keys_at_80x24(tmp_path: Path) -> None:
    setup = TableSetup(players=4, bots=["random", "easy", "easy"], bot_delay_s=0.0, seed=15,
                       options={"expansions": ALL_FOUR, "edition": "1897"})
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    rng = random.Random(15)
    steps, logs = set[str](), set[str]()

    def on_state(screen: GameScreen) -> None:
        logs.update(str(line.get("text", "")) for line in screen.snapshot.get("log", []))

    async def my_move(screen: GameScreen) -> str:
        await pilot.pause()  # the new state drawn
        keys = forward_keys(app)
        assert keys, "my move, but no key on screen:\n" + "\n".join(screen_rows(app))
        steps.add(screen.snapshot["view"]["phase"]["step"])
        smuggler = [k for k, label in keys.items() if "Smuggler" in label]
        return smuggler[0] if smuggler else rng.choice(sorted(keys))

    async with app.run_test(size=(80, 24)) as pilot:
        pressed = await play_by_keys_on_screen(app, pilot, my_move, on_state=on_state)
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        result = screen.view["result"]
        assert sorted(s["seat"] for s in result["scores"]) == [0, 1, 2, 3]
    assert {"draft", "choose_role", "mayor", "builder", "smuggler"} <= steps, steps
    assert any("chooses the Smuggler" in line for line in logs)
    assert any("festival" in line for line in logs)
    # a whole game of my own moves (how many varies: the room's bots are seeded in
    # secret, so they play other games each run; one run pressed exactly 50)
    assert pressed > 25
