"""A local game (issue 16, bug 8): ctrl+l asks before it leaves (and quits) the game,
and the status shows no "lag 0 ms" for the embedded server on the same machine.

The real launcher plan of `prtui play`: an embedded server on loopback in a temporary
data directory, the real app under Textual's pilot.
"""

from __future__ import annotations

from pathlib import Path

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.launch import local_plan
from prtui.screens.confirm import ChoiceScreen
from prtui.widgets.status import StatusLine
from tests.tui.waiting import board_drawn, wait_for


async def test_ctrl_l_asks_and_no_lag_is_shown(tmp_path: Path) -> None:
    setup = TableSetup(players=2, bots=["random"], bot_delay_s=0.0, seed=5)
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: board_drawn(app))
        board = app.screen
        assert app.controller is not None
        # the client measures a round trip on every ping; a few snapshots later the
        # status would show it if it were shown at all
        await app.controller.client.measure_lag()
        await pilot.press("1")  # a move: a fresh snapshot, drawn with the measured lag
        await wait_for(pilot, lambda: (board.snapshot.get("view") or {}).get("to_move")
                       is not None and board.query_one(StatusLine)._shown is not None)
        await pilot.pause()
        assert "lag" not in board.query_one(StatusLine)._shown.plain
        await pilot.press("ctrl+l")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("escape")  # stay
        await wait_for(pilot, lambda: app.screen is board)
        assert app.is_running
        await pilot.press("ctrl+l")
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen))
        await pilot.press("k")  # kept for the next prtui
        await wait_for(pilot, lambda: not app.is_running)
