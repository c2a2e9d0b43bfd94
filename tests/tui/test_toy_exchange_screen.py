"""The second toy expansion on the real board (issue 35 item 1): its question's words
from its folder are the headline over the choices, each choice has its key, and its
help (from its folder's texts.toml) is on the help screen, though no client file names
it (tests/games/puerto_rico/test_toy_exchange.py checks that)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from prtui.screens.help import HelpScreen
from server.games.puerto_rico.core import expansions, registry
from tests.games.puerto_rico.helpers import GAME, build, choose, goods, new
from tests.games.puerto_rico.toy_exchange import NAME, ROW
from tests.tui.boards import pr_game
from tests.tui.test_board import Table, plain
from tests.tui.waiting import wait_for


@pytest.fixture
def exchange() -> Iterator[None]:
    snap = registry.snapshot()
    expansions.add(ROW)
    yield
    registry.restore(snap)


def _asked() -> dict[str, Any]:
    s = new(3, expansions=[NAME])
    build(s, 0, "money_changer")
    s.col_supply -= 1
    goods(s, 0, corn=1, coffee=2)
    choose(s, 1, "trader")
    return {"view": GAME.view(s, 0), "legal": GAME.legal_actions(s, 0), "log": [], "seat": 0}


async def test_its_question_is_the_headline_and_its_help_is_on_screen(exchange: None) -> None:
    snapshot = _asked()
    link = Table()
    app = PrtuiApp(lambda a: GameScreen(link, snapshot, game=pr_game()))
    async with app.run_test(size=(120, 40)) as pilot:
        title = app.screen.query_one("#actions-title")
        await wait_for(pilot, lambda: "Money changer" in plain(title))
        assert plain(title).startswith("Money changer: a barrel for a doubloon?")
        rows = plain(app.screen.query_one("#actions-list")).splitlines()
        assert rows[:2] == ["1 Swap 1 corn for 1 doubloon", "2 Swap 1 coffee for 1 doubloon"]
        assert any("Money changer: keep the barrels" in r for r in rows)
        await pilot.press("2")
        await wait_for(pilot, lambda: bool(link.sent))
        assert link.sent[0]["type"] == "exchange" and link.sent[0]["good"] == "coffee"
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        await wait_for(pilot, lambda: bool(help_screen.query("#help-money_changer")))
        entry = help_screen.query_one("#help-money_changer")
        words = str(entry.render())
        assert "swap one of your barrels for 1 doubloon" in words, words
