"""The board's action list says a big consequence before it happens (issue 22, item 7):
the client writes its own short build labels, and keeps the server's note on them."""

from __future__ import annotations

import pytest

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from prtui.widgets.menu import MenuList
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.state import PRState
from tests.games.puerto_rico.helpers import build, choose, new
from tests.tui.boards import pr_game, pr_words
from tests.tui.pr_live_boards import snapshot


def builder_near_the_end() -> PRState:
    s = new(4, "1897", 1, expansions=["festival"])
    build(s, 0, "small_market", "hacienda", "construction_hut", "small_warehouse",
          "small_indigo_plant", "small_sugar_mill", "indigo_plant", "sugar_mill", "hospice",
          "office")  # ten spaces: a large building fills the city
    s.coins[0] = 40
    choose(s, 0, "builder")
    return s


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_build_labels_say_the_last_round_and_the_festival_goal(size: tuple[int, int]) -> None:
    s = builder_near_the_end()
    words = pr_words("1897")
    snap = snapshot(s, 0)
    app = PrtuiApp(lambda a: GameScreen(None, snap, game=pr_game(), vocabulary="1897"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        rows = [row.plain for row in app.screen.query_one("#actions-list", MenuList).rows]
    def row(building: str) -> str:
        return next(r for r in rows if words(building).lower() in r.lower())

    assert row("guild_hall").endswith(": your city is full: this round is the last"), rows
    assert row(str(snap["view"]["festival"]["building"])).endswith(": the festival's building goal, +3 VP"), rows
    assert ":" not in row("large_market") and ":" not in row("factory"), rows


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_san_juan_role_choices_say_what_each_gives_now(size: tuple[int, int]) -> None:
    from tests.tui.san_juan_boards import frames, gains_read, sj_game

    snap = next(f for f in frames(4, 11) if f["view"].get("role_gains")
                and f["view"]["round"] >= 4)
    gains = gains_read(snap)
    app = PrtuiApp(lambda a: GameScreen(None, snap, game=sj_game()))
    roles = [a["role"] for a in snap["legal"] if a["type"] == "role"]
    assert roles
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#actions-list", MenuList)
        rows = [row.plain for row in menu.rows]
        if size[0] > 80:  # each row says what its role gives now
            for role in roles:
                assert any(r.endswith(f"{role.title()}: {gains[role]}") for r in rows), (
                    role, rows)
            return
        # 80 columns: a row a role (all five in view), what it gives heads its preview
        # when highlighted (issue 32's walk)
        preview = app.screen.query_one("#actions-preview")
        seen = {}
        for _ in rows:
            shown = preview._shown.plain if preview._shown is not None else ""
            seen[rows[menu.cursor]] = shown
            await pilot.press("down")
            await pilot.pause()
    for role in roles:
        row = next(r for r in rows if r.endswith(role.title()))
        assert seen[row].startswith(gains[role]) or gains[role] in seen[row].split("\n")[0], (
            role, seen[row])


async def _rows(snap: dict, size: tuple[int, int]) -> list[str]:
    app = PrtuiApp(lambda a: GameScreen(None, snap, game=pr_game(), vocabulary="1897"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        return [row.plain for row in app.screen.query_one("#actions-list", MenuList).rows]


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
async def test_the_mayor_that_ends_the_game_and_the_festival_barrels_say_so(
        size: tuple[int, int]) -> None:
    """The mayor's card (written by the client with its yield) keeps the server's note
    that the ship cannot be refilled; producing the festival's barrels says the goal."""
    s = new(4, "1897", 1)
    s.col_supply = 3  # one worker a player is wanted: four
    s.turn = s.governor = 0
    s.legal = None
    rows = await _rows(snapshot(s, 0), size)
    mayor = next(r for r in rows if pr_words("1897")("mayor").lower() in r.lower())
    assert mayor.endswith("this round is the last"), rows

    s = new(4, "1897", 1, expansions=["festival"])
    for g in s.festival[1:4]:  # a manned estate a barrel, and the mills for them
        build_for = {1: "indigo_plant", 2: "sugar_mill", 3: "tobacco_storage", 4: "coffee_roaster"}
        s.island[0].append(g)
        s.island_col[0].append(1)
        s.island_cit[0].append(0)
        if g and s.bpos[0][C.B_INDEX[build_for[g]]] < 0:
            build(s, 0, build_for[g], colonists=2)
    choose(s, 0, "craftsman")
    rows = await _rows(snapshot(s, 0), size)
    assert any(r.endswith("the festival's goods goal, +3 coins") for r in rows), rows
