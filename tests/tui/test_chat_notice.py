"""A chat line that arrives while the chat is closed says so (issue 22 walk): on the
board below 120x40 the chat is hidden until `c`, and a rival's line went unseen. The
notice is plain text, whoever typed it. The real app on engine-made boards."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from prtui.widgets.feed import ChatPanel
from tests.tui.boards import midgame_4p, pr_game
from tests.tui.san_juan_boards import paying_4p, sj_game
from tests.tui.waiting import board_drawn, wait_for

HOSTILE = "[bold]x[/]" + "y" * 22

BOARDS: dict[str, Callable[[], GameScreen]] = {
    "puerto-rico": lambda: GameScreen(None, midgame_4p(), game=pr_game()),
    "san-juan": lambda: GameScreen(None, paying_4p(), game=sj_game()),
}


def notices(app: PrtuiApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


@pytest.mark.parametrize("game", BOARDS)
async def test_a_chat_line_on_a_closed_chat_is_announced(game: str) -> None:
    app = PrtuiApp(lambda a: BOARDS[game]())
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: board_drawn(app) and app.screen.is_mounted)
        await pilot.pause()
        board = app.screen
        assert isinstance(board, GameScreen)
        assert not board.query_one(ChatPanel).region.area  # closed at 80x24
        board.add_chat(HOSTILE, "[red]ready?[/]")
        await pilot.pause()
        assert f"{HOSTILE}: [red]ready?[/]" in notices(app)
        await pilot.press("c")  # open: the line is there, and the next one needs no notice
        await wait_for(pilot, lambda: board.query_one(ChatPanel).region.area > 0)
        board.add_chat("bo", "go")
        await pilot.pause()
        assert not any(n.endswith(": go") for n in notices(app))


async def test_no_notice_where_the_chat_is_on_screen() -> None:
    app = PrtuiApp(lambda a: BOARDS["puerto-rico"]())
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: board_drawn(app) and app.screen.is_mounted)
        await pilot.pause()
        board = app.screen
        assert isinstance(board, GameScreen)
        assert board.query_one(ChatPanel).region.area
        board.add_chat("bo", "go")
        await pilot.pause()
        assert notices(app) == []
