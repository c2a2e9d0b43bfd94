"""The score as far as I know it (issue 16): my VP with every part that would count now,
the opponents' visible part ("hidden" chips), and the end's progress, checked against
the engine's own final scoring (scoring.breakdown) on seeded games."""

from __future__ import annotations

import re
from typing import Any

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.scoring import breakdown
from tests.tui.boards import pr_game
from tests.tui.pr_live_boards import find
from tests.tui.screen import screen_rows


async def screen(snap: dict[str, Any], size: tuple[int, int], *keys: str) -> list[str]:
    async with PrtuiApp(lambda a: GameScreen(None, snap, game=pr_game())).run_test(size=size) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        return screen_rows(pilot.app)


def _bonus(state: Any, f: dict[str, Any]) -> bool:
    """Seat 0 has a manned large building: its bonus counts now."""
    return any(state.occupied(0, b) for b in C.LARGE_BONUS) and f["view"]["round"] > 8


async def test_my_vp_is_the_engines_final_score_now_with_the_bonus() -> None:
    state, snap = find(_bonus, seeds=range(1, 200))
    parts = breakdown(state, 0)
    rows = await screen(snap, (160, 50))
    line = next(r for r in rows if r.lstrip().startswith("Score ") and "chips" in r)
    assert f"Score {sum(parts.values())} (chips {parts['vp_chips']}, buildings {parts['buildings']}" in line
    bonus = next(b for b in C.LARGE_BONUS if state.occupied(0, b))
    assert re.search(r", [a-z ]+ " + str(parts[C.BUILDINGS[bonus]]), line), line


async def test_opponents_show_what_is_visible_and_hidden_chips_say_hidden() -> None:
    state, snap = find(lambda s, f: f["view"]["round"] > 6)
    rows = await screen(snap, (120, 40))
    for p in range(1, 4):
        visible = {k: v for k, v in breakdown(state, p).items()
                   if k not in ("vp_chips", "customs_house")}
        tag = snap["view"]["players"][p]["name"].replace(" ", "")[:10]
        row = next(r for r in rows if tag in r and "$" in r and "/12" in r)
        assert f" {sum(visible.values())}+hidden " in row, row


async def test_open_vp_shows_every_total() -> None:
    state, snap = find(lambda s, f: f["view"]["round"] > 6, options={"open_vp": True})
    rows = await screen(snap, (120, 40))
    for p in range(4):
        total = sum(breakdown(state, p).values())
        tag = snap["view"]["players"][p]["name"].replace(" ", "")[:10]
        row = next(r for r in rows if tag in r and "$" in r and "/12" in r)
        assert re.search(rf"\$\s+{total}\s", row) and "hidden" not in row, row


async def test_the_end_is_shown_before_the_last_round_at_80x24() -> None:
    state, snap = find(lambda s, f: not f["view"]["last_round"] and max(
        p["city_spaces_used"] for p in f["view"]["players"]) >= 10)
    view = snap["view"]
    fullest = max(p["city_spaces_used"] for p in view["players"])
    rows = await screen(snap, (80, 24))
    line = next(r for r in rows if r.lstrip().startswith("End:"))
    assert f"{state.vp_supply} chips" in line and f"{state.col_supply} colonists" in line
    assert f"city {fullest}/12" in line
