"""Puerto Rico rules 5 (issue 27) on the board: in a two-player draft the Tailor Shop
[jeweler] is a production building, so its preview says 2 copies where every other
small building says 1 (the view's ``board.copies``). An engine-made position, the real
app under its pilot."""

from __future__ import annotations

from typing import Any

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from tests.tui.boards import pr_game
from tests.tui.test_board import Table, plain


def _draft_snapshot() -> dict[str, Any]:
    from server.games.registry import get_game

    game = get_game("puerto-rico")
    state = game.setup(2, {"edition": "1897", "expansions": ["new_buildings", "citizens"]}, 3)
    return {"view": game.view(state, 0), "legal": game.legal_actions(state, 0), "log": [],
            "seat": 0}


async def _preview_of(snap: dict[str, Any], building: str) -> str:
    index = next(i for i, a in enumerate(snap["legal"]) if a.get("building") == building)
    app = PrtuiApp(lambda a: GameScreen(Table(), snap, game=pr_game()))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(index):
            await pilot.press("down")
        await pilot.pause()
        return plain(app.screen.query_one("#actions-preview"))


async def test_a_two_player_tailor_shop_shows_two_copies() -> None:
    snap = _draft_snapshot()
    assert snap["view"]["board"]["copies"] == {"jeweler": 2}
    assert (await _preview_of(snap, "jeweler")).startswith("2 copies on an 8-space")
    assert (await _preview_of(snap, "villa")).startswith("1 copy on a 7-space")
