"""The new-game form's keys and first sight (issue 22, item 6): Tab goes from field to
field with no invisible stop (the scrolling form itself is none); changing the game
keeps the focus on the game picker; at 80x24 the game, its edition and the focused
Start are in sight on open; each expansion has its line beside its checkbox (the
server's ``abouts``). The real app and the real games' catalog."""

from __future__ import annotations

from typing import Any

from textual.widgets import Select

from prtui.app import PrtuiApp
from prtui.screens.newgame import NewGameScreen
from server.engine.contract import describe
from server.games.registry import get_game
from tests.tui.screen import screen_rows
from tests.tui.waiting import form_settled, wait_for

CATALOG = [describe(get_game("puerto-rico")), describe(get_game("san-juan"))]


def form_app() -> PrtuiApp:
    async def plan(app: PrtuiApp) -> None:
        await app.push_screen_wait(NewGameScreen(CATALOG))
    return PrtuiApp(plan=plan)


def in_sight(app: PrtuiApp, widget: Any) -> bool:
    """Whole on the screen, not scrolled out of the form."""
    form = app.screen.query_one("#form")
    return (widget.region.height > 0 and widget.region.width > 0
            and form.region.contains_region(widget.region))


async def test_tab_stops_only_on_fields_each_in_sight() -> None:
    app = form_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await form_settled(pilot, app)
        stops = []
        for _ in range(16):
            await pilot.press("tab")
            await pilot.pause()
            focused = app.focused
            assert focused is not None and focused.id != "form", stops
            assert in_sight(app, focused), (focused, stops)
            stops.append(focused.id)
        assert "game" in stops and "start" in stops


async def test_at_80x24_the_game_and_edition_show_with_start_on_open() -> None:
    app = form_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await form_settled(pilot, app)
        text = "\n".join(screen_rows(app))
        assert "Game" in text and "Puerto Rico" in text and "Edition" in text, text
        assert in_sight(app, app.focused), "Start has the focus out of sight"
        for label, about in [("I: New Buildings", "a building draft"),
                             ("II: The Citizens", "citizens and their buildings"),
                             ("III: The Smuggler", "raid/plunder/poach/capture"),
                             ("IV: The Festival", "3 goals to race for")]:
            row = next(r for r in screen_rows(app) if label in r)
            assert about in row, row


async def test_changing_the_game_keeps_the_focus_on_the_game() -> None:
    app = form_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await form_settled(pilot, app)
        app.screen.query_one("#game", Select).focus()
        await pilot.pause()
        app.screen.query_one("#game", Select).value = 1  # San Juan
        await wait_for(pilot, lambda: app.screen.game_index == 1
                       and app.screen.query("#players"))
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "game", app.focused
        assert app.screen.query_one("#game", Select).value == 1
