"""A screen pushed as the app quits must not raise (test_san_juan_watch once: the last
move of a spectated game arrived as the test left the app, and the game-over screen's
on_mount looked up its score table after the screen's children were already gone:
"NoMatches: No nodes match 'DataTable' on GameOverScreen()"). Every screen the client
pushes by itself is pushed here and the app told to exit in the same turn of the loop;
the lobby and the room with a real server on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import DataTable, Static

from prtui.app import PrtuiApp
from prtui.controller import Controller
from prtui.games import board_for
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.screens.lobby import LobbyScreen
from prtui.screens.newgame import NewGameScreen
from prtui.screens.room import RoomScreen
from prtui.vocabulary import Vocabularies
from server.engine.contract import describe
from server.games.registry import get_game
from tests.tui.boards import midgame_4p, pr_game
from tests.tui.san_juan_boards import NAMES, final_4p, sj_game
from tests.tui.test_footer_80 import replay
from tests.tui.waiting import wait_for


class Table(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("the table")


def game_over() -> GameOverScreen:
    final = final_4p()
    history = {r: {s: r + s for s in range(4)} for r in range(1, 9)}
    words = Vocabularies(sj_game()["display"]).get(None)
    return GameOverScreen(final["view"], NAMES, history, 0, board_for("san-juan"), words)


SCREENS: dict[str, Callable[[], Screen[Any]]] = {
    "game over": game_over,
    "board": lambda: GameScreen(None, midgame_4p(), game=pr_game()),
    "replay": replay,
    "new game": lambda: NewGameScreen([describe(get_game("puerto-rico"))]),
}


@pytest.mark.parametrize("which", SCREENS)
async def test_pushed_as_the_app_quits(which: str) -> None:
    for _ in range(3):
        app = PrtuiApp(lambda a: Table())
        async with app.run_test(size=(80, 24)):
            app.push_screen(SCREENS[which]())
            app.exit()



@pytest.mark.parametrize("which", ["lobby", "room"])
async def test_lobby_and_room_pushed_as_the_app_quits(port: int, which: str) -> None:
    pushed: list[str] = []

    async def plan(app: PrtuiApp) -> None:
        controller = await Controller.open(app, "127.0.0.1", port, "ana")
        app.controller = controller
        try:
            if which == "room":
                room = (await controller.client.command(
                    "create_room", game="puerto-rico", players=3, options={}))["room"]
                await controller.join(str(room), as_player=True)
                app.push_screen(RoomScreen(controller))
            else:
                app.push_screen(LobbyScreen(controller))
            app.exit()
            pushed.append(which)
            await controller.pump()
        finally:
            await controller.close()

    app = PrtuiApp(plan=plan)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: pushed == [which])


async def test_the_score_table_is_filled() -> None:
    app = PrtuiApp(lambda a: game_over())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count == 4
        assert len(table.columns) >= 5
