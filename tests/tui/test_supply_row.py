"""Issue 16 bug 5: at 80x24 (and 100x30) the shared supply garbled ("Ship 2 supply" over
"34", the trading house ran into the face-up plantations, "Ship 0 supply Sug Tob Cof"
with five players). Each field now has a line of its own: read the screen and find
every field whole, on one row, with nothing of another field on that row."""

from __future__ import annotations

import re
from typing import Any

import pytest

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from tests.tui.boards import late_game_5p, pr_game
from tests.tui.screen import screen_rows

NAMES = {0: "ana", 1: "bot 2 (hard)", 2: "bot 3 (easy)", 3: "bot 4 (medium)", 4: "bot 5 (random)"}


def busy_table() -> dict[str, Any]:
    """Five players with every field at its longest: a full trading house, six face-up
    plantations, two-digit supplies."""
    snap = late_game_5p()
    view = snap["view"]
    view["trading_house"] = ["indigo", "corn", "corn", "sugar"]
    view["plantations"] = {"face_up": ["sugar", "tobacco", "coffee", "corn", "indigo", "tobacco"],
                           "stack": 28, "discard": 12}
    view["colonists"] = {"ship": 2, "supply": 34}
    view["goods"] = {"corn": 10, "indigo": 11, "sugar": 11, "tobacco": 9, "coffee": 9}
    view["vp_chips"] = 104
    view["quarries"] = 4
    return snap


def left_part(rows: list[str], width: int) -> list[str]:
    """The table's columns only (the actions, log and chat are on the right)."""
    return [row[:width] for row in rows]


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_each_supply_field_is_whole_on_its_own_row(size: tuple[int, int]) -> None:
    app = PrtuiApp(lambda a: GameScreen(None, busy_table(), NAMES, game=pr_game()))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        rows = left_part(screen_rows(app), size[0] - 30)
    text = "\n".join(rows)

    def row_of(pattern: str) -> str:
        found = [r for r in rows if re.search(pattern, r)]
        assert len(found) == 1, f"{pattern!r} on {len(found)} rows:\n{text}"
        return found[0]

    assert re.search(r"House Ind Crn Crn Sug\s*$", row_of(r"House ")), text
    ship = row_of(r"Ship \d+ supply")
    assert re.search(r"Ship 2 supply 34\s*$", ship), ship
    face_up = row_of(r"Sug Tob Cof Crn Ind Tob")
    assert "House" not in face_up and "Ship" not in face_up, face_up
    assert re.search(r"stack 28 Qry 4\s*$", row_of(r"stack \d+")), text
    assert re.search(r"VP chips 104\s*$", row_of(r"VP chips \d+\s*$")), text
    goods = row_of(r"Crn ?10")
    assert re.search(r"Crn ?10 Ind ?11 Sug ?11 Tob ?9 Cof ?9\s*$", goods), goods
    assert "…" not in "\n".join(rows[:10]), text  # nothing cut short either
