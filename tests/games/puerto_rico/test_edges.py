"""Edge cases the rulebooks spell out in their notes (001, 000) and errata (004)."""

from __future__ import annotations

from tests.games.puerto_rico.helpers import (
    GAME,
    act,
    build,
    choose,
    goods,
    legal,
    load_ship,
    new,
    text,
)


def test_no_mayor_privilege_when_the_supply_is_empty() -> None:
    """001: when the colonist supply runs out, the mayor may not use his privilege."""
    s = new(4)
    s.col_ship += s.col_supply  # keep the total: everything left is on the ship
    s.col_supply = 0
    ev = choose(s, 0, "mayor")
    assert "privilege" not in text(ev)
    dealt = 4 + 75  # the ship's colonists, dealt one by one from the mayor
    assert s.col_ship == 0
    assert sum(s.san_juan) + sum(map(sum, s.island_col)) + sum(map(sum, s.city_col)) == dealt


def test_construction_hut_is_idle_without_quarries() -> None:
    """001: no quarry tiles left: neither the settler nor a construction hut gets one."""
    s = new(4)
    build(s, 1, "construction_hut")
    s.quarries = 0
    s.island[2] += [5] * 8  # the eight quarries sit on seat 2's island
    s.island_col[2] += [0] * 8
    s.island_cit[2] += [0] * 8
    choose(s, 0, "settler")
    assert "quarry" not in {a["type"] for a in legal(s)}
    act(s, 0, "plantation", tile=GAME.view(s, None)["plantations"]["face_up"][0])
    assert s.turn == 1 and "quarry" not in {a["type"] for a in legal(s)}


def test_hut_owner_with_hacienda_draws_face_down_then_may_take_a_quarry() -> None:
    """001 hacienda: the hut cannot replace the face-down tile, but serves the normal turn."""
    s = new(4)
    build(s, 1, "hacienda", "construction_hut")
    choose(s, 0, "settler")
    act(s, 0, "pass")
    assert {"hacienda", "quarry"} <= {a["type"] for a in legal(s)}
    act(s, 1, "hacienda")
    assert s.island[1][-1] != 5  # a plantation from the stack, never a quarry
    assert "hacienda" not in {a["type"] for a in legal(s)}
    ev = act(s, 1, "quarry")
    assert s.island[1][-1] == 5 and "(construction hut)" in text(ev)


def test_corn_sells_for_nothing_and_still_fills_a_space() -> None:
    """001 trader note: a player may sell corn even though he earns no money for it."""
    s = new(4)
    goods(s, 1, corn=1)
    choose(s, 0, "trader")  # seat 0 has nothing to sell: seat 1 is asked
    coins = s.coins[1]
    ev = act(s, 1, "sell", good="corn")
    assert s.coins[1] == coins and s.house == [0]
    assert "Player 2 sells 1 corn for 0 doubloons" in text(ev)


def test_a_kind_on_a_full_ship_cannot_go_on_another_ship() -> None:
    """001: no loading on a full ship, and no kind on two ships: that corn stays home."""
    s = new(4)
    load_ship(s, 0, "corn", 5)  # full
    goods(s, 1, corn=3)
    ev = choose(s, 0, "captain")
    assert s.turn == 1 and {a["single"] for a in legal(s)} == {"corn", None}
    ev += act(s, 1, "store", keep=[], single="corn")
    assert s.vp == [0, 0, 0, 0] and s.pgoods[1][0] == 1  # stored one, lost two
    assert "Nobody can load" in text(ev)
    assert "Player 2 keeps 1 corn, loses 2 corn" in text(ev)
    assert s.ship_load[0] == 0  # the full ship was unloaded at the end of the phase


def test_large_building_needs_two_free_spaces() -> None:
    """000: a large building cannot be built if only one city space remains."""
    s = new(4)
    names = [
        "small_indigo_plant",
        "small_sugar_mill",
        "indigo_plant",
        "sugar_mill",
        "tobacco_storage",
        "coffee_roaster",
        "small_market",
        "hacienda",
        "construction_hut",
        "small_warehouse",
        "hospice",
    ]
    build(s, 0, *names, colonists=0)
    s.coins[0] = 20
    choose(s, 0, "builder")
    offered = {a.get("building") for a in legal(s)}
    assert "office" in offered and "city_hall" not in offered
