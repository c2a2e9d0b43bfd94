"""San Juan at 80 columns (issue 22 walk): the role cards read whole (the bar said "Build
Produ Trade Counc Prosp" though the five names fit its 50 cells; they are cut to five
letters only when whole ones do not fit), and my next decision brings my hand back from
the opponents' view. The real app on an engine-made board and in a local game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from prtui.app import PrtuiApp
from prtui.games.san_juan.table import RolesBar
from prtui.screens.game import GameScreen
from prtui.widgets.actions import ActionsPanel
from tests.tui.lan_tables import local_game_app
from tests.tui.san_juan_boards import paying_4p, sj_game
from tests.tui.screen import screen_rows
from tests.tui.test_rematch import live_board
from tests.tui.waiting import board_drawn, wait_for

ROLES = ("Builder", "Producer", "Trader", "Councillor", "Prospector")


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_role_cards_are_named_whole(size: tuple[int, int]) -> None:
    app = PrtuiApp(lambda a: GameScreen(None, paying_4p(), game=sj_game()))
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: board_drawn(app)
                       and bool(str(app.screen.query_one(RolesBar).render())))
        bar = app.screen.query_one(RolesBar)
        line = str(bar.render())
        assert all(role in line for role in ROLES), line
        assert len(line) <= bar.content_size.width, line


async def test_cut_names_only_when_whole_ones_do_not_fit() -> None:
    app = PrtuiApp(lambda a: GameScreen(None, paying_4p(), game=sj_game()))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: board_drawn(app)
                       and bool(str(app.screen.query_one(RolesBar).render())))
        bar = app.screen.query_one(RolesBar)
        bar.styles.width = 40  # narrower than the five whole names
        await wait_for(pilot, lambda: bar.content_size.width == 40
                       and "Produ " in str(bar.render()))
        assert len(str(bar.render())) <= 40


async def test_my_next_decision_brings_my_hand_back(tmp_path: Path) -> None:
    """`o` at 80 columns lays the opponents over my hand; it stayed there when my next
    decision came (a build, with my hand off screen). Now the next decision of mine
    brings my hand back, as Puerto Rico's brings my board back."""
    app = local_game_app(tmp_path, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        def mine() -> GameScreen | None:
            board = live_board(app)
            ready = board is not None and board.snapshot.get("legal")
            panel = board.query_one(ActionsPanel) if ready else None
            return board if panel is not None and panel._legal == board.snapshot["legal"] else None

        await wait_for(pilot, lambda: mine() is not None)
        board = mine()
        assert board is not None
        await pilot.press("o")
        await wait_for(pilot, lambda: board.has_class("-sj-opponents"))
        await pilot.pause()
        assert board.has_class("-sj-opponents")  # the same decision: the opponents stay
        first = board.snapshot
        panel = board.query_one(ActionsPanel)
        top = next(n for n in panel._rows if n < len(panel._legal))
        await pilot.press(panel._keys[top] or "enter")
        await wait_for(pilot, lambda: mine() is not None and board.snapshot is not first)
        assert not board.has_class("-sj-opponents")
        assert board.query_one("#sj-mine").display  # my hand and city


LONG_NAMES = {"tobacco_storage": "Tobacco storage", "silver_smelter": "Silver smelter",
              "victory_column": "Victory column"}


async def test_my_cards_are_named_whole_at_80_columns() -> None:
    """The hand said "Tobacco st.", "Silver smelt." and "Vict. column" at 80 columns,
    with room for the whole names (the effect wraps below them anyway)."""
    snapshot = paying_4p()
    me = snapshot["view"]["players"][snapshot["seat"]]
    me["hand"] = [*me["hand"], *LONG_NAMES]
    me["hand_count"] = len(me["hand"])
    app = PrtuiApp(lambda a: GameScreen(None, snapshot, game=sj_game()))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: board_drawn(app)
                       and bool(app.screen.query_one("#sj-hand").keys))
        hand = app.screen.query_one("#sj-hand")
        hand.focus()
        await pilot.pause()
        shown = screen_rows(app)
        for _ in hand.keys:  # the hand scrolls: each card brought into view
            await pilot.press("down")
            await pilot.pause()
            shown = [*shown, *screen_rows(app)]
        for name in LONG_NAMES.values():
            assert any(name in line for line in shown), (name, shown[-24:])


@pytest.mark.parametrize("size", [(120, 40), (160, 50)])
async def test_who_took_a_role_is_never_cut_mid_word(size: tuple[int, int]) -> None:
    """Issue 32: at 120x40 the bar read "Prospector bot 2 (m": a taker's name drops its
    level first ("bot 2"), and a name still too long ends in "…"."""
    snapshot = paying_4p()
    view = snapshot["view"]
    for role in view["roles"]:
        role["taken_by"] = {"prospector": 1}.get(role["id"])
    for seat in (1, 2):
        view["players"][seat]["name"] = view["options"]["names"][seat] = f"bot {seat + 1} (medium)"
    app = PrtuiApp(lambda a: GameScreen(None, snapshot, game=sj_game()))
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: board_drawn(app)
                       and "bot" in str(app.screen.query_one(RolesBar).render()))
        line = str(app.screen.query_one(RolesBar).render())
        assert line.count("(") == line.count(")"), line  # no level cut in two
        assert "Prospector bot 2" in line, line
