"""San Juan's city and opponent headers break their lines between counts, never inside
one (issue 32, item 8: at 120x40 "buildings" ended a line and "11/12" began the next;
"VP" above "15"). The real board screen under the pilot, the players named as a
local game names its bots, at the sizes where the counts are written out."""

from __future__ import annotations

import re

import pytest

from prtui.app import PrtuiApp
from prtui.games.san_juan.table import CityPanel, OpponentBoard
from prtui.screens.game import GameScreen
from tests.tui.san_juan_boards import paying_4p, sj_game
from tests.tui.screen import screen_rows
from tests.tui.test_no_clipping import NAMES, sj_choosing

BOT_NAMES = {0: "ana", 1: "bot 2 (medium)", 2: "bot 3 (medium)", 3: "bot 4 (medium)"}
A_WORD_WITHOUT_ITS_NUMBER = re.compile(r"\b(hand|goods|chapel|buildings|VP)$")


@pytest.mark.parametrize("size", [(110, 30), (120, 40), (150, 46), (160, 50)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("names", [BOT_NAMES, NAMES], ids=["bots", "long names"])
@pytest.mark.parametrize("load", [sj_choosing, paying_4p], ids=["choosing", "paying"])
async def test_no_count_is_split_from_its_number(size: tuple[int, int], names: dict[int, str],
                                                 load: object) -> None:
    snapshot = load()  # type: ignore[operator]
    app = PrtuiApp(lambda a: GameScreen(None, snapshot, names, game=sj_game()))
    async with app.run_test(size=size) as pilot:
        for _ in range(3):
            await pilot.pause()
        rows = screen_rows(app)
        split = []
        for widget in [*app.screen.query(CityPanel), *app.screen.query(OpponentBoard)]:
            if not widget.display:
                continue
            box = widget.content_region
            for y in range(max(0, box.y), min(len(rows), box.bottom)):  # what is on screen
                line = rows[y][box.x:box.right].rstrip()
                if A_WORD_WITHOUT_ITS_NUMBER.search(line):
                    split.append(f"{type(widget).__name__}: {line!r}")
        assert not split, "\n".join(split)
