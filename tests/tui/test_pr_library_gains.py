"""A manned library (Expansion I) doubles the privilege of the role chosen; the role
cards' yields on screen come from the server's ``role_gains`` and say so (issue 24: the
client's own copy of the rules said "+1$" and "-1$" whatever the library). The real
app on an engine position, then the shown choice played on the engine."""

from __future__ import annotations

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from tests.games.puerto_rico.exp_helpers import table
from tests.games.puerto_rico.helpers import GAME, build, goods
from tests.tui.boards import pr_game
from tests.tui.pr_live_boards import snapshot
from tests.tui.screen import screen_rows
from tests.tui.test_board import Table


async def test_a_manned_library_doubles_the_yields_the_role_cards_show() -> None:
    s = table()  # Expansion I, past the draft: the governor chooses a role
    p = s.turn
    goods(s, p, corn=2)
    build(s, p, "library")  # manned
    snap = snapshot(s, p)
    app = PrtuiApp(lambda a: GameScreen(Table(), snap, game=pr_game()))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        text = "\n".join(screen_rows(pilot.app))
    assert "Builder: -2$ on a building" in text, text
    assert "Prospector: +2$" in text and "+2 VP" in text, text
    assert "-1$ on a building" not in text and "Prospector: +1$" not in text, text
    before = s.coins[p]
    prospector = next(a for a in snap["legal"] if a.get("role") == "prospector")
    GAME.apply(s, p, prospector)
    assert s.coins[p] - before == 2  # what the card said (no doubloons on it yet)
