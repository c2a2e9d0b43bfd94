"""What keeps a move cheap on a big board (`prtui bench client`): a log line written is
no layout of the screen, the action list keeps its box while its rows fit its window,
and the real launcher's collector freezes the board's objects. Checked as facts of
the screen, never as times."""

from __future__ import annotations

import gc

from rich.text import Text

from prtui import memory
from prtui.app import PrtuiApp
from prtui.bench import late_game_snapshots
from prtui.screens.game import GameScreen
from prtui.widgets.feed import GameLog
from prtui.widgets.menu import MenuList
from server.engine.contract import describe
from server.games.registry import get_game
from tests.tui.screen import screen_rows


def board_app() -> tuple[PrtuiApp, list[dict]]:
    frames = [f for f in late_game_snapshots(5, count=40) if not f["view"].get("over")]
    entry = describe(get_game("puerto-rico"))
    return PrtuiApp(lambda a: GameScreen(None, frames[0], game=entry)), frames


async def test_a_log_line_is_no_layout_and_the_log_still_follows() -> None:
    app, _frames = board_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(GameLog)
        for n in range(60):  # past its height: the scroll bar appears (that one is a layout)
            log.write_line(Text(f"line {n}"))
        await pilot.pause()
        assert log.show_vertical_scrollbar
        log.write_line(Text("the newest line"))
        assert not app.screen._layout_required  # only the log repaints
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y
        assert any("the newest line" in row for row in screen_rows(app))


async def test_the_action_list_keeps_its_box_while_its_rows_fit() -> None:
    app, _frames = board_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#actions-list", MenuList)
        window = menu.parent.content_size.height if menu.parent else 0
        assert menu.size.height == window  # as tall as its window
        rows = [Text(f"row {n}") for n in range(window - 2)]
        menu.set_rows(rows[:3])
        await pilot.pause()
        menu.set_rows(rows)  # more rows, still inside the window: a repaint only
        assert not app.screen._layout_required
        await pilot.pause()
        assert menu.size.height == window


async def test_the_launcher_freezes_the_board_once_shown() -> None:
    gc.unfreeze()
    app, _frames = board_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert gc.get_freeze_count() == 0  # tests run many apps: off unless enabled
    memory.enable()
    try:
        app, _frames = board_app()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert gc.get_freeze_count() > 10_000
    finally:
        memory._enabled = False
        gc.unfreeze()
