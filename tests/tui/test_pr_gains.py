"""What a choice gives, as the actions list says it, checked against the engine: the
role labels' yield (trader's best sale, craftsman's barrels), a sale's price and a
load's VP are what playing that choice on the engine then gives."""

from __future__ import annotations

import copy
import re
from typing import Any

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from tests.tui.boards import pr_game
from tests.tui.pr_live_boards import find, play, snapshot
from tests.tui.screen import screen_rows
from tests.tui.test_board import Table


def app_for(snap: dict[str, Any]) -> PrtuiApp:
    return PrtuiApp(lambda a: GameScreen(Table(), snap, game=pr_game()))


async def shown(snap: dict[str, Any], size: tuple[int, int] = (160, 50)) -> str:
    async with app_for(snap).run_test(size=size) as pilot:
        await pilot.pause()
        return "\n".join(screen_rows(pilot.app))


def _role(snap: dict[str, Any], role: str) -> dict[str, Any] | None:
    return next((a for a in snap["legal"] if a.get("type") == role or a.get("role") == role), None)


def _goods(state: Any, seat: int) -> dict[str, int]:
    return dict(snapshot(state, seat)["view"]["players"][seat]["goods"])


async def test_trader_label_says_the_best_sale_and_selling_it_pays_that() -> None:
    state, snap = find(lambda s, f: _role(f, "trader") is not None and sum(
        f["view"]["players"][0]["goods"].values()) >= 2 and not f["view"]["trading_house"])
    text = await shown(snap)
    found = re.search(r"Trader[^\n]*: sell (\w+) for (\d+)\$", text)
    assert found, text
    good, price = found.group(1), int(found.group(2))
    play(state, 0, _role(snap, "trader"))
    after = snapshot(state, 0)
    sale = next(a for a in after["legal"] if a["type"] == "sell" and a["good"] == good)
    coins = after["view"]["players"][0]["doubloons"]
    assert f"Sell 1 {good} for {price}$" in await shown(after)
    play(state, 0, sale)
    assert snapshot(state, 0)["view"]["players"][0]["doubloons"] - coins == price


async def test_craftsman_label_lists_the_barrels_the_engine_then_gives() -> None:
    state, snap = find(lambda s, f: _role(f, "craftsman") is not None and sum(
        f["view"]["players"][0]["harvest"].values()) >= 2)
    text = await shown(snap)
    # the actions panel's lines (its right-hand column), joined: a long label wraps
    panel = " ".join(r.split("│")[-2].strip() for r in text.splitlines() if r.count("│") >= 2)
    line = re.search(r"Craftsman[^│]*?extra", panel).group(0)
    listed = {g: int(n) for n, g in re.findall(r"(\d+) (corn|indigo|sugar|tobacco|coffee)", line)}
    before = _goods(state, 0)
    play(state, 0, _role(snap, "craftsman"))
    produce = _role(snapshot(state, 0), "produce")  # the step that asks first, if any
    if produce is not None:
        play(state, 0, produce)
    after = _goods(state, 0)
    made = {g: after[g] - before[g] for g in after if after[g] != before[g]}
    assert listed and made == listed, (line, made)


async def test_load_label_says_the_vp_the_load_brings() -> None:
    def one_kind(s: Any, f: dict[str, Any]) -> bool:  # no forced load of another kind after
        held = [n for n in f["view"]["players"][0]["goods"].values() if n]
        return len(held) == 1 and any(a["type"] == "load" for a in f["legal"])

    state, snap = find(one_kind)
    load = next(a for a in snap["legal"] if a["type"] == "load")
    text = await shown(snap)
    found = re.search(re.escape(load["label"]) + r" \(\+(\d+) VP\)", text)
    assert found, text
    mine = copy.deepcopy(snap["view"]["players"][0]["vp_chips"])
    play(state, 0, load)
    assert snapshot(state, 0)["view"]["players"][0]["vp_chips"] - mine == int(found.group(1))


async def test_other_roles_say_their_yield_at_80_columns() -> None:
    _, snap = find(lambda s, f: _role(f, "builder") is not None and _role(f, "mayor") is not None)
    text = await shown(snap, (80, 24))
    assert "-1$ on a building" in text and re.search(r"Mayor[^\n]*: \d colonists?", text)



async def test_the_planters_yield_takes_the_article_of_its_word() -> None:
    """1897 calls a plantation an estate: "an estate", never "a estate" (issue 22, item 9)."""
    _, snap = find(lambda s, f: _role(f, "settler") is not None and f["view"]["quarries"] > 0,
                   options={"edition": "1897"})  # seat 0 may choose the Planter
    async with PrtuiApp(lambda a: GameScreen(Table(), snap, vocabulary="1897",
                                             game=pr_game())).run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        text = "\n".join(screen_rows(pilot.app))
    assert "an estate or a quarry" in text and "a estate" not in text, text
