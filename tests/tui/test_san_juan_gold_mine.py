"""San Juan rules 3 (issue 27): the gold mine's question on the board. The action list
is generic: the server's two actions show with their labels, and the headline says
what is asked, at 80 and 160 columns, on an engine-made position."""

from __future__ import annotations

from typing import Any

import pytest

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from prtui.widgets.actions import ActionsPanel
from tests.games.san_juan.helpers import GAME, build, new, role, top
from tests.tui.san_juan_boards import NAMES, sj_game


def _asked_snapshot() -> dict[str, Any]:
    s = new(4, seed=7)
    build(s, 0, "gold_mine")
    top(s, "well", "smithy", "library", "crane", "tobacco_storage")
    role(s, "prospector")  # seat 0 draws, then his own gold mine asks him
    assert GAME.to_move(s) == [0]
    return {"view": GAME.view(s, 0), "legal": GAME.legal_actions(s, 0), "log": [], "seat": 0}


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_gold_mine_question_reads_well(size: tuple[int, int]) -> None:
    snap = _asked_snapshot()
    app = PrtuiApp(lambda a: GameScreen(None, snap, NAMES, game=sj_game()))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        title = str(screen.query_one("#actions-title").render())
        assert "Gold mine: turn up 4 cards?" in title
        panel = screen.query_one(ActionsPanel)
        rows = " | ".join(str(r) for r in panel._menu.rows)
        assert "Turn up 4 cards with the gold mine" in rows, rows
        assert "Leave the gold mine's cards face down" in rows, rows
