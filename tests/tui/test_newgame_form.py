"""The new-game form (issue 16, bugs 7 and 8): a yes/no option says "on" or "off" in
words (the box looked the same either way, "▐X▌", in some themes), and Back goes back
where the form came from, or asks before it quits when the form is the first screen."""

from __future__ import annotations

import html
import re
from pathlib import Path

from prtui.app import PrtuiApp
from prtui.launch import local_plan, remote_plan
from prtui.screens.confirm import ConfirmScreen
from prtui.screens.lobby import LobbyScreen
from prtui.screens.newgame import NewGameScreen
from prtui.theming import shipped_theme_files, theme_from_toml
from server.engine.contract import describe
from server.games.registry import get_game
from tests.tui.waiting import form_settled, wait_for


def screen_text(app: PrtuiApp) -> str:
    """What the screen shows as plain text (the SVG screenshot without its markup)."""
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def open_vp_line(app: PrtuiApp) -> str:
    return next(line.strip() for line in screen_text(app).splitlines() if "Open VP" in line)


async def test_a_yes_no_option_says_on_or_off_in_every_theme() -> None:
    catalog = [describe(get_game("puerto-rico"))]

    async def plan(app: PrtuiApp) -> None:
        await app.push_screen_wait(NewGameScreen(catalog, allow_open_seats=True))

    app = PrtuiApp(plan=plan)
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        flag = app.screen.option_widgets["open_vp"]  # type: ignore[attr-defined]
        themes = [theme_from_toml(path).name for path in shipped_theme_files()]
        for name in themes:
            app.theme = name
            flag.value = False
            await pilot.pause()
            off = open_vp_line(app)
            flag.value = True
            await pilot.pause()
            on = open_vp_line(app)
            assert off != on, f"{name}: open VP on and off look the same: {on!r}"
            assert "Open VP: off" in off and "Open VP: on" in on, (name, off, on)
        flag.focus()
        await pilot.press("space")  # the key toggles it, and the words follow
        await pilot.pause()
        assert flag.value is False and "Open VP: off" in open_vp_line(app)



async def test_back_from_the_lobby_form_returns_to_the_lobby(port: int) -> None:
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.is_running


async def test_back_on_the_first_form_asks_before_quitting(tmp_path: Path) -> None:
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", None))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        await form_settled(pilot, app)
        back = form.query_one("#cancel")  # the Back button
        back.focus()
        await wait_for(pilot, lambda: app.focused is back)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "Quit prtui?" in screen_text(app)
        await pilot.press("n")  # no: the form again, as it was
        await wait_for(pilot, lambda: app.screen is form)
        assert app.is_running
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: not app.is_running)
    assert app.return_code == 0
