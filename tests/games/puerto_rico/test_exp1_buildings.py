"""Expansion I's buildings, each effect alone (000 "Expansion I: New Buildings"): Canal
(aqueduct), Storehouse, Trading Post, Church, Small Wharf, Lighthouse, Distillery
(specialty_factory), Monument (statue), Cathedral (cloister). The Lumberyard, Black
Market, Bohio and Publishing House have files of their own."""

from __future__ import annotations

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.scoring import breakdown
from server.games.puerto_rico.phases.storage import kept, store_options
from tests.games.puerto_rico.exp_helpers import offer, table, types
from tests.games.puerto_rico.helpers import (
    GAME,
    act,
    build,
    choose,
    goods,
    legal,
    load_ship,
    plant,
    step,
    take_all,
    text,
)

B = C.B_INDEX


def _produce(s: object, p: int, *buildings: str) -> list[int]:
    """p's barrels after a craftsman phase he chose (everyone produces)."""
    before = s.pgoods[p][:]
    choose(s, p, "craftsman")
    take_all(s)
    if step(s) == "craftsman_bonus":
        act(s, p, "pass")
    return [a - b for a, b in zip(s.pgoods[p], before, strict=True)]


def test_canal_adds_a_barrel_to_the_large_indigo_and_sugar_only() -> None:
    s = table()
    build(s, 0, "aqueduct", "indigo_plant", "sugar_mill")
    plant(s, 0, "indigo", "sugar")  # seat 0 starts with an unmanned indigo
    assert _produce(s, 0)[:3] == [0, 2, 2]  # 1 + 1 each
    s = table()
    build(s, 0, "aqueduct", "small_indigo_plant", "small_sugar_mill")
    plant(s, 0, "indigo", "sugar")
    assert _produce(s, 0)[:3] == [0, 1, 1]  # the small ones: no extra
    s = table()
    build(s, 0, "indigo_plant", "sugar_mill", colonists=None)
    build(s, 0, "aqueduct", colonists=0)  # empty canal
    plant(s, 0, "indigo", "sugar")
    assert _produce(s, 0)[:3] == [0, 1, 1]


def test_distillery_pays_one_less_than_the_most_of_a_non_corn_kind() -> None:
    s = table()
    build(s, 0, "specialty_factory")
    build(s, 0, "sugar_mill", colonists=3)
    plant(s, 0, "sugar", "sugar", "sugar", "corn", "corn", "corn", "corn")
    coins = s.coins[0]
    assert _produce(s, 0)[:3] == [4, 0, 3]
    assert s.coins[0] == coins + 2  # 3 sugar: 2 (corn's 4 do not count)


def test_storehouse_keeps_three_more_barrels_of_any_kinds() -> None:
    s = table()
    build(s, 0, "storehouse")
    goods(s, 0, corn=3, sugar=2, coffee=1)
    opts = store_options(s, 0)
    assert max(sum(_kept(s, a)) for a in opts) == 4  # 1 loose + 3 storehouse barrels
    s.pgoods[0] = [1, 0, 2, 0, 1]
    assert store_options(s, 0) == []  # four barrels fit: nothing to decide


def _kept(s: object, move: tuple[int, ...]) -> tuple[int, ...]:
    return kept(s.pgoods[0], move)


def test_trading_post_sells_a_kind_in_the_house_without_market_money() -> None:
    s = table()
    build(s, 1, "trading_post", "small_market", "large_market")
    goods(s, 1, indigo=2)
    s.house = [C.INDIGO, C.CORN, C.SUGAR, C.COFFEE]  # full, indigo in it
    for g in s.house:
        s.goods[g] -= 1
    choose(s, 1, "trader")
    sales = [a for a in legal(s) if a["type"] == "sell"]
    assert [(a["good"], a["to"]) for a in sales] == [("indigo", "trading_post")]
    coins, supply = s.coins[1], s.goods[C.INDIGO]
    act(s, 1, "sell", good="indigo", to="trading_post")
    assert s.coins[1] == coins + 1 + 1  # its price + the trader's, no market money
    # nobody else could sell: the phase ends and the full house is emptied too
    assert s.goods[C.INDIGO] == supply + 1 + 1 and s.house == []


def test_church_scores_for_the_second_third_and_bottom_sections_only() -> None:
    s = table(open_vp=True)
    build(s, 1, "church")
    offer(s, "office", "factory", "fortress")
    s.coins[1] = 30
    for b, vp in (("small_market", 0), ("office", 1), ("factory", 1), ("fortress", 2)):
        before = s.vp[1]
        choose(s, 1, "builder")
        act(s, 1, "build", building=b)
        assert s.vp[1] - before == vp, b
    s = table()
    build(s, 1, "hospice")
    offer(s, "church")
    s.coins[1] = 30
    choose(s, 1, "builder")
    act(s, 1, "build", building="church")  # not for the church itself
    assert s.vp[1] == 0


def test_small_wharf_any_goods_once_per_shipment_1_vp_per_2_barrels() -> None:
    s = table(open_vp=True)
    build(s, 1, "small_wharf")
    goods(s, 1, corn=3, sugar=2, coffee=1)
    load_ship(s, 0, "corn", 2)  # corn already on a cargo ship
    supply = s.goods[:]
    choose(s, 1, "captain")
    act(s, 1, "charter", good="corn", count=3)
    assert step(s) == "charter"
    act(s, 1, "charter", good="sugar", count=2)
    act(s, 1, "pass")  # the coffee stays
    assert s.vp[1] == 5 // 2  # 5 barrels: 2 VP; then the captain's privilege (asked)
    act(s, 1, "captain_vp")
    assert s.vp[1] == 3
    assert s.goods[C.CORN] == supply[C.CORN] + 3 and s.pgoods[1] == [0, 0, 0, 0, 1]
    while s.turn != 1 and step(s) == "captain":  # the others load; back to seat 1
        GAME.apply(s, s.turn, legal(s)[0])
    assert "charter" not in types(s)  # once per shipment phase


def test_small_wharf_and_wharf_both_in_one_shipment_phase() -> None:
    s = table()
    build(s, 1, "small_wharf", "wharf")
    goods(s, 1, corn=3, sugar=2)
    s.ship_good = [C.INDIGO, C.TOBACCO, C.COFFEE]
    s.ship_load = [1, 1, 1]  # no cargo ship takes corn or sugar
    choose(s, 1, "captain")
    act(s, 1, "load", good="corn", ship="wharf")
    take_all(s)
    while s.turn != 1:
        GAME.apply(s, s.turn, legal(s)[0])
    assert "charter" in types(s)
    act(s, 1, "charter", good="sugar", count=2)
    assert s.pgoods[1] == [0, 0, 0, 0, 0]


def test_lighthouse_a_coin_per_load_and_one_more_for_the_captain() -> None:
    s = table()
    build(s, 2, "lighthouse")
    goods(s, 2, corn=1, sugar=1)
    coins = s.coins[2]
    choose(s, 1, "captain")  # seat 2 is not the captain: no start coin
    assert s.coins[2] == coins
    while not (s.turn == 2 and step(s) == "captain"):
        GAME.apply(s, GAME.to_move(s)[0], legal(s, GAME.to_move(s)[0])[0])
    GAME.apply(s, 2, legal(s)[0])
    assert s.coins[2] == coins + 1
    s = table()
    build(s, 2, "lighthouse")
    events = choose(s, 2, "captain")  # the captain: 1 at the start, loads or not
    assert s.coins[2] == coins + 1 and "lighthouse" in text(events)


def test_monument_is_8_vp_and_takes_no_worker() -> None:
    s = table()
    build(s, 0, "statue", colonists=0)
    build(s, 0, "university")
    assert GAME.view(s, None)["players"][0]["city"][0] == {"building": "statue", "colonists": 0}
    s.san_juan[0] = 5  # more than the circles: the mayor places without asking
    choose(s, 0, "mayor")
    act(s, 0, "pass")
    assert step(s) == "choose_role"  # the indigo filled, the rest waits
    assert s.city_col[0][0] == 0 and s.san_juan[0] == 5 + 1 - 1
    parts = breakdown(s, 0)
    assert parts["buildings"] == 8 + 3 and "statue" not in parts
    s = table()
    build(s, 0, "university")
    offer(s, "statue")
    s.coins[0] = 10
    choose(s, 0, "builder")
    act(s, 0, "build", building="statue")  # the university has no circle to fill
    assert step(s) != "builder_university" and s.city_col[0][-1] == 0


def test_cathedral_counts_sets_of_three_at_the_end() -> None:
    s = table()
    build(s, 0, "cloister")
    plant(s, 0, "indigo", "indigo", "quarry", "quarry", "quarry", occupied=False)
    assert breakdown(s, 0)["cloister"] == 3  # indigo x3 (the start tile's too), quarry x3
    s.city_col[0][0] = 0
    assert "cloister" not in breakdown(s, 0)  # empty: nothing


def test_a_chartered_ship_is_a_load_for_the_lighthouse_and_the_harbor() -> None:
    s = table(open_vp=True)
    build(s, 2, "small_wharf", "lighthouse", "harbor")
    goods(s, 2, corn=3)
    coins = s.coins[2]
    choose(s, 1, "captain")
    while s.turn != 2:
        GAME.apply(s, GAME.to_move(s)[0], legal(s, GAME.to_move(s)[0])[0])
    act(s, 2, "charter", good="corn", count=3)
    assert s.coins[2] == coins + 1 and s.vp[2] == 3 // 2
    assert step(s) == "captain_vp" and types(s) == ["harbor_vp", "pass"]
