"""The new-game form is built from the games' own descriptions: a 2-4 player game with
options of its own (the engine tests' toy, registered only here) is offered, set up and
created through the lobby with no change to the client."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Checkbox, Input, Select

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.launch import remote_plan
from prtui.screens.lobby import LobbyScreen
from prtui.screens.newgame import NewGameScreen
from prtui.screens.room import RoomScreen
from server.engine.contract import describe
from server.games.registry import get_game
from server.net.server import GameServer
from tests.engine import toygame
from tests.tui.waiting import wait_for


@pytest.fixture
def toy_race() -> Iterator[str]:
    toygame.register()
    yield toygame.NAME
    toygame.unregister()


def player_counts(form: NewGameScreen) -> list[int]:
    return [value for _prompt, value in form.query_one("#players", Select)._options
            if isinstance(value, int)]


async def test_the_form_follows_the_chosen_game(toy_race: str) -> None:
    catalog = [describe(get_game("puerto-rico")), describe(get_game(toy_race))]
    chosen: list[TableSetup | None] = []

    async def plan(app: PrtuiApp) -> None:
        chosen.append(await app.push_screen_wait(NewGameScreen(catalog, allow_open_seats=True)))

    app = PrtuiApp(plan=plan)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        assert isinstance(form, NewGameScreen)
        assert player_counts(form) == [2, 3, 4, 5]
        assert isinstance(form.option_widgets["edition"], Select)
        assert isinstance(form.option_widgets["open_vp"], Checkbox)
        form.query_one("#game", Select).value = 1  # the toy: 2-4 players, its own options
        await wait_for(pilot, lambda: "deck" in form.option_widgets)
        assert player_counts(form) == [2, 3, 4]
        assert set(form.option_widgets) == {"open_vp", "pool", "deck"}
        widgets: dict[str, Any] = form.option_widgets
        assert isinstance(widgets["pool"], Input) and widgets["pool"].value == "12"
        assert len(form.query(".seat-row")) == 3  # seats 2..4 at most
        widgets["deck"].value = "long"
        widgets["open_vp"].value = True
        widgets["pool"].value = "100"  # beyond the toy's range: refused, the form stays
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form and not chosen
        widgets["pool"].value = "30"
        form.query_one("#players", Select).value = 3
        await pilot.pause()
        form.query_one("#seat-1", Select).value = "random"
        form.query_one("#seat-2", Select).value = "open"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: bool(chosen))
    assert chosen == [TableSetup(players=3, game=toy_race, bots=["random", "open"],
                                 options={"open_vp": True, "pool": 30, "deck": "long"},
                                 coach=False)]  # a LAN form: no coach unless ticked


@pytest.fixture
async def server(tmp_path: Path, toy_race: str) -> AsyncIterator[GameServer]:
    srv = GameServer(tmp_path, host="127.0.0.1", port=0)
    await srv.start()
    yield srv
    await srv.stop()


async def test_a_new_game_module_is_offered_and_created_from_the_lobby(
    server: GameServer, toy_race: str
) -> None:
    app = PrtuiApp(plan=remote_plan("127.0.0.1", server.port, "ana", "play"))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        assert isinstance(form, NewGameScreen)
        titles = [str(prompt) for prompt, _ in form.query_one("#game", Select)._options]
        assert get_game(toy_race).title in titles  # straight from the server's catalog
        form.query_one("#game", Select).value = titles.index(get_game(toy_race).title)
        await wait_for(pilot, lambda: "deck" in form.option_widgets)
        form.query_one("#players", Select).value = 4
        await pilot.pause()
        form.option_widgets["deck"].value = "long"  # type: ignore[attr-defined]
        for seat in (1, 2, 3):
            form.query_one(f"#seat-{seat}", Select).value = "easy"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, RoomScreen))
        controller = app.controller
        assert controller is not None
        await wait_for(pilot, lambda: controller.room_info is not None
                       and all(s["kind"] != "empty" for s in controller.room_info["seats"]))
        info = controller.room_info
        assert info is not None
        assert (info["game"], info["players"]) == (toy_race, 4)
        assert info["options"]["deck"] == "long" and info["options"]["pool"] == 12
        assert [s["kind"] for s in info["seats"]] == ["human", "bot", "bot", "bot"]
