"""Expansion II's eight buildings with their worker-vs-citizen distinctions (000
"Expansion II: The Citizens"). Classic ids: land_office = Zoning Office, chapel,
hunting_lodge = Park Authority, zoning_office = Notary, royal_supplier = Pension
Office, villa, jeweler = Tailor Shop, royal_garden = Town Square."""

from __future__ import annotations

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.costs import build_cost
from server.games.puerto_rico.core.scoring import breakdown, large_bonus
from server.games.puerto_rico.io.validate_board import check_pending
from tests.games.puerto_rico.exp_helpers import BOTH, CIT, citizen_on, mover, table, types
from tests.games.puerto_rico.helpers import (
    GAME,
    act,
    build,
    choose,
    goods,
    last,
    legal,
    plant,
    step,
)


def _until(s: object, name: str) -> None:
    """Everyone else takes their last option until the step ``name`` comes."""
    while step(s) not in (name, "choose_role"):
        GAME.apply(s, mover(s), last(s, mover(s)))


def test_zoning_office_worker_buys_the_top_face_down_estate_for_1() -> None:
    s = table(4, CIT)
    build(s, 1, "land_office")
    goods(s, 1, corn=1)
    top, coins = s.stack[-1], s.coins[1]
    choose(s, 1, "trader")
    assert types(s) == ["land_office_buy", "pass"]  # a worker: no sale
    act(s, 1, "land_office_buy")
    assert s.island[1][-1] == top and s.coins[1] == coins - 1


def test_zoning_office_with_a_lumberyard_may_make_it_a_forest() -> None:
    s = table(4, BOTH)
    build(s, 1, "land_office", "forest_house")
    goods(s, 1, corn=1)
    top = s.stack[-1]
    choose(s, 1, "trader")
    act(s, 1, "land_office_buy")
    assert step(s) == "forest_choice"
    act(s, 1, "forest_drawn")
    assert s.island[1][-1] == C.FOREST + top


def test_zoning_office_citizen_sells_an_estate_face_up_its_worker_to_the_portrait() -> None:
    s = table(4, CIT)
    build(s, 2, "land_office")
    citizen_on(s, 2, "land_office")
    plant(s, 2, "sugar", "quarry")
    choose(s, 1, "trader")
    sales = {a["index"] for a in legal(s, 2) if a["type"] == "land_office_sell"}
    assert sales == {0, 1} and "land_office_buy" not in types(s)  # no quarry, no buy
    coins = s.coins[2]
    act(s, 2, "land_office_sell", index=1)
    assert s.island[2] == [C.CORN, C.QUARRY] and C.SUGAR in s.face_up
    assert s.san_juan[2] == 1 and s.coins[2] == coins + 1


def test_chapel_worker_earns_a_coin_citizen_a_vp_at_the_production_start() -> None:
    s = table(4, CIT, open_vp=True)
    build(s, 1, "chapel")
    build(s, 2, "chapel")
    citizen_on(s, 2, "chapel")
    coins = s.coins[:]
    choose(s, 0, "craftsman")
    assert s.coins[1] == coins[1] + 1 and s.vp[1] == 0
    assert s.coins[2] == coins[2] and s.vp[2] == 1


def test_park_authority_worker_discards_an_estate_or_forest_at_the_planting_end() -> None:
    s = table(4, BOTH)
    build(s, 2, "hunting_lodge")
    plant(s, 2, "sugar", "quarry")
    s.island[2].append(C.FOREST + C.CORN)
    s.island_col[2].append(0)
    s.island_cit[2].append(0)
    s.legal = None
    choose(s, 1, "settler")
    _until(s, "hunting_lodge")
    discards = {a["index"] for a in legal(s, 2) if a["type"] == "hunting_lodge"}
    assert {s.island[2][i] for i in discards} >= {C.CORN, C.SUGAR, C.FOREST + C.CORN}
    assert C.QUARRY not in {s.island[2][i] for i in discards}
    i = s.island[2].index(C.SUGAR)
    act(s, 2, "hunting_lodge", index=i)
    assert C.SUGAR not in s.island[2] and s.san_juan[2] == 1  # its worker to the portrait


def test_park_authority_citizen_2_vp_only_with_strictly_most_empty_countryside() -> None:
    for others, vp in ((2, 2), (1, 0)):  # seat 2 has 1 tile; a tie pays nothing
        s = table(4, CIT, open_vp=True)
        build(s, 2, "hunting_lodge")
        citizen_on(s, 2, "hunting_lodge")
        for p in (0, 1, 3):
            while len(s.island[p]) < others:
                plant(s, p, "quarry")
        s.face_up = []  # nobody takes a tile this time
        choose(s, 0, "settler")
        _until(s, "choose_role")
        assert s.vp[2] == vp


def test_notary_worker_small_minus_1_citizen_large_minus_2_not_vice_versa() -> None:
    s = table(4, CIT)
    build(s, 1, "zoning_office")
    assert build_cost(s, 1, C.HOSPICE) == 3 and build_cost(s, 1, C.B_INDEX["coffee_roaster"]) == 5
    assert build_cost(s, 1, C.GUILD_HALL) == 10
    citizen_on(s, 1, "zoning_office")
    assert build_cost(s, 1, C.HOSPICE) == 4 and build_cost(s, 1, C.GUILD_HALL) == 8


def test_pension_office_one_barrel_of_each_kind_per_citizen_for_1_vp() -> None:
    s = table(4, CIT, open_vp=True)
    build(s, 1, "royal_supplier")
    s.san_juan[1] = s.san_juan_cit[1] = 2  # two citizens on his island board
    goods(s, 1, corn=2, sugar=1, coffee=1)
    choose(s, 0, "captain")
    assert mover(s) == 1 and step(s) == "royal_supplier"
    act(s, 1, "royal_supplier", good="corn")
    assert {a.get("good") for a in legal(s, 1)} == {"sugar", "coffee", None}  # not corn
    act(s, 1, "royal_supplier", good="sugar")
    assert s.vp[1] == 2 and s.pgoods[1][:3] == [1, 0, 0] and step(s) != "royal_supplier"


def test_pension_office_without_a_citizen_asks_nothing() -> None:
    s = table(4, CIT)
    build(s, 1, "royal_supplier")
    goods(s, 1, corn=2)
    choose(s, 0, "captain")
    assert step(s) != "royal_supplier"


def test_villa_takes_a_citizen_then_a_worker_never_from_the_register() -> None:
    s = table(4, CIT)
    build(s, 1, "villa")
    ship = (s.col_ship, s.cit_ship)
    choose(s, 0, "mayor")
    assert mover(s) == 1 and step(s) == "villa"  # the recruitment's start
    act(s, 1, "villa")
    assert s.san_juan_cit[1] == 1 and s.cit_supply == 18 and (s.col_ship, s.cit_ship) == ship
    s = table(4, CIT)
    build(s, 1, "villa")
    s.cit_supply, supply = 0, s.col_supply
    choose(s, 0, "mayor")
    act(s, 1, "villa")
    assert s.san_juan[1] == 1 and s.san_juan_cit[1] == 0 and s.col_supply == supply - 1


def test_tailor_shop_a_coin_per_citizen_and_a_large_production_building_for_scoring() -> None:
    s = table(4, CIT)
    build(s, 1, "jeweler", "guild_hall", "city_hall")
    s.san_juan[1] = s.san_juan_cit[1] = 3
    coins = s.coins[1]
    choose(s, 0, "craftsman")
    assert s.coins[1] == coins + 3
    assert large_bonus(s, 1, C.GUILD_HALL) == 2  # [Fire Station]: a large production one
    assert large_bonus(s, 1, C.CITY_HALL) == 2  # guild hall and city hall, not the shop


def test_town_square_one_more_vp_per_citizen() -> None:
    s = table(4, CIT)
    build(s, 1, "royal_garden")
    s.city_cit[1][0] = 1  # its own person is a citizen
    s.san_juan[1] = s.san_juan_cit[1] = 2
    parts = breakdown(s, 1)
    assert parts["citizens"] == 3 and parts["royal_garden"] == 3


def _two_chapels_at_the_last_chip(rules: int) -> object:
    """Seats 1 and 2 have a citizen on a chapel, one VP chip is left: both are asked."""
    s = table(4, CIT, open_vp=True)
    s.rules = rules
    for p in (1, 2):
        build(s, p, "chapel")
        citizen_on(s, p, "chapel")
    s.vp_supply = 1
    choose(s, 0, "craftsman")
    assert step(s) == "take_vp" and mover(s) == 1 and len(s.pending) == 2
    return s


def test_two_chapels_at_the_last_chip_the_second_is_counted_unasked() -> None:
    s = _two_chapels_at_the_last_chip(4)
    act(s, 1, "take_vp")
    assert s.vp[1] == 1 and s.vp[2] == 1 and s.vp_supply == -1  # pencil and paper
    assert step(s) != "take_vp" and not s.pending
    check_pending(s)  # what load checks of the questions waiting (raises if impossible)


def test_two_chapels_under_rules_3_the_second_is_still_asked_and_loads() -> None:
    s = _two_chapels_at_the_last_chip(3)
    act(s, 1, "take_vp")
    assert step(s) == "take_vp" and mover(s) == 2 and s.vp_supply == 0
    check_pending(s)  # what load checks of the questions waiting (raises if impossible)


def test_two_chapels_the_first_declines_the_second_is_asked() -> None:
    s = _two_chapels_at_the_last_chip(4)
    act(s, 1, "pass")
    assert s.vp[1] == 0 and s.vp_supply == 1 and step(s) == "take_vp" and mover(s) == 2
