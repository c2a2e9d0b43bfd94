"""No dead ends (issue 22, item 4): the board looked at after the game leads back to the
game-over screen and its rematch, replay and new table; an unfinished local game can be
abandoned (asked twice), and plain prtui then no longer brings it back. The real app
under the pilot with its embedded server, a local game against a bot."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Select

from prtui.app import PrtuiApp
from prtui.controller import LOCAL_BOOK_KEY, TableSetup
from prtui.launch import local_plan
from prtui.screens.confirm import ChoiceScreen, ConfirmScreen
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.screens.newgame import NewGameScreen
from prtui.screens.replay import ReplayScreen
from prtui.widgets.options import OptionFlag
from tests.tui.lan_tables import local_game_app
from tests.tui.screen import screen_rows
from tests.tui.test_local_resume import released
from tests.tui.test_rematch import live_board, play_by_keys_to_the_end
from tests.tui.waiting import form_settled, wait_for


def assert_the_form_keeps_the_table(form: object) -> None:
    """The new-table form shows local_game_app's table: San Juan, 2 players, a random
    bot, fair start."""
    assert isinstance(form, NewGameScreen)
    assert form.query_one("#game", Select).value == [g["name"] for g in form.games].index(
        "san-juan")
    assert form.query_one("#players", Select).value == 2
    assert form.query_one("#seat-1", Select).value == "random"
    flag = form.option_widgets["fair_start"]
    assert isinstance(flag, OptionFlag) and flag.value is True


async def test_esc_on_the_new_table_form_goes_back_to_the_finished_game(tmp_path: Path) -> None:
    """Issue 32, item 7: game over, n (new table), Esc was "Quit prtui?" with the finished
    game gone. Esc now goes back to its scores, whose replay and review still work; the
    form's Start still starts a new table. The form opens on the table just played (issue
    22 walk: it opened on Puerto Rico, 4 players, medium bots, every option default)."""
    app = local_game_app(tmp_path, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_by_keys_to_the_end(app, pilot)
        controller = app.controller
        assert controller is not None
        finished = controller.room
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await form_settled(pilot, app)
        assert_the_form_keeps_the_table(app.screen)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen | ConfirmScreen))
        assert isinstance(app.screen, GameOverScreen)
        assert controller.room == finished
        await pilot.press("r")  # its replay, as before the form
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await form_settled(pilot, app)
        await pilot.press("ctrl+s")  # start: the finished table is left for a new one
        await wait_for(pilot, lambda: controller.room not in (None, finished)
                       and live_board(app) is not None
                       and not live_board(app).snapshot["view"].get("over"))
        assert not any(isinstance(s, GameOverScreen | NewGameScreen) for s in app.screen_stack)


async def test_an_unfinished_local_game_can_be_abandoned(tmp_path: Path) -> None:
    """ctrl+l, a (abandon), y (sure): the new-game form; quitting there, then plain prtui
    opens the form, not the abandoned game."""
    data = tmp_path / "data"
    setup = TableSetup(players=2, bots=["random"], bot_delay_s=0.0, seed=11)
    first = PrtuiApp(plan=local_plan(data, "tester", setup))
    async with first.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: live_board(first) is not None)
        await pilot.press("ctrl+l")
        await wait_for(pilot, lambda: isinstance(first.screen, ChoiceScreen))
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(first.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(first.screen, NewGameScreen))
        await form_settled(pilot, first)
        await pilot.press("escape")  # the first screen now: quitting is asked
        await wait_for(pilot, lambda: isinstance(first.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: not first.is_running)
    await released(data / "prtui.lock")
    assert LOCAL_BOOK_KEY not in json.loads((data / "tokens.json").read_text())
    again = PrtuiApp(plan=local_plan(data, "tester", None))  # plain `prtui`
    async with again.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, NewGameScreen | GameScreen))
        assert isinstance(again.screen, NewGameScreen)


async def test_a_finished_lan_room_offers_no_seat_and_no_start(port: int) -> None:
    """The room screen of a room whose game is over (its status as the server pushes
    it): no t/b/l/x/r/s in the footer, their keys do nothing, the help says so."""
    from prtui.launch import remote_plan
    from prtui.screens.room import RoomScreen
    from tests.tui.test_dead_client import host_room

    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
    async with app.run_test(size=(100, 30)) as pilot:
        await host_room(app, pilot)
        room = app.screen
        assert isinstance(room, RoomScreen)
        # the footer is composed after the room is drawn (late on a loaded machine)
        await wait_for(pilot, lambda: "s Start" in screen_rows(app)[-1]
                       and "t Sit" in screen_rows(app)[-1])
        room.update_room({**room.info, "status": "over"})
        # the footer repaints in a later frame (one pause was not always enough)
        await wait_for(pilot, lambda: not any(
            k in screen_rows(app)[-1] for k in ("Sit", "Bot", "Ready", "Start")))
        assert "This game is over" in str(room.query_one("#room-help").render())
        sent = []
        real = app.controller.client.command

        async def spy(t: str, **fields: object) -> object:
            sent.append(t)
            return await real(t, **fields)

        app.controller.client.command = spy  # what reaches the server
        await pilot.press("t", "b", "r", "s")
        await pilot.pause()
        assert sent == []
