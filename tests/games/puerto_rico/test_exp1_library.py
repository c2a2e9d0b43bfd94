"""Expansion I, the Publishing House (library): the chooser's advantage doubled, the
planter's two tiles and craftsman's two barrels as written, with the Hospital
(hospice) and the Builders Yard (construction hut) (000 "Publishing House")."""

from __future__ import annotations

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.costs import build_cost
from tests.games.puerto_rico.exp_helpers import table, types
from tests.games.puerto_rico.helpers import (
    GAME,
    act,
    build,
    choose,
    goods,
    last,
    legal,
    load_ship,
    plant,
    step,
)


def _others_settle(s: object, p: int) -> None:
    while s.turn != p or s.phase_i == 0:
        GAME.apply(s, s.turn, last(s))  # the others pass


def test_planter_takes_a_quarry_first_and_an_estate_after_everyone() -> None:
    s = table()
    build(s, 1, "library")
    choose(s, 1, "settler")
    act(s, 1, "quarry")
    _others_settle(s, 1)
    assert s.turn == 1 and s.phase_i == s.n and step(s) == "settler"
    assert "quarry" not in types(s) and "hacienda" not in types(s)
    a = next(x for x in legal(s) if x["type"] == "plantation")
    act(s, 1, "plantation", tile=a["tile"])
    assert s.island[1][1:] == [C.QUARRY, C.GOODS.index(a["tile"])]
    assert step(s) == "choose_role"  # the phase is over


def test_hospital_staffs_the_first_tile_only() -> None:
    s = table()
    build(s, 1, "library", "hospice")
    choose(s, 1, "settler")
    act(s, 1, "quarry")
    assert step(s) == "settler_hospice"
    act(s, 1, "hospice", index=1)
    _others_settle(s, 1)
    a = next(x for x in legal(s) if x["type"] == "plantation")
    act(s, 1, "plantation", tile=a["tile"])
    assert step(s) != "settler_hospice" and s.island_col[1] == [0, 1, 0]


def test_builders_yard_allows_a_quarry_as_the_second_tile() -> None:
    s = table()
    build(s, 1, "library", "construction_hut")
    choose(s, 1, "settler")
    act(s, 1, "plantation", tile=C.GOODS[s.face_up[0]])
    _others_settle(s, 1)
    assert "quarry" in types(s)
    act(s, 1, "quarry")
    assert s.island[1][-1] == C.QUARRY


def test_recruiter_may_take_two_one_or_no_worker() -> None:
    s = table()
    build(s, 1, "library")
    choose(s, 1, "mayor")
    counts = sorted(a.get("count", 1) for a in legal(s) if a["type"] == "mayor_colonist")
    assert counts == [1, 2] and "pass" in types(s)
    act(s, 1, "mayor_colonist", count=2)
    people = s.san_juan[1] + sum(s.island_col[1]) + sum(s.city_col[1])
    assert people == 1 + 2 + 1  # his library's, the two, his share of the ship


def test_builder_pays_two_less() -> None:
    s = table()
    build(s, 1, "library")
    choose(s, 1, "builder")
    assert build_cost(s, 1, C.FACTORY) == 7 - 2
    assert build_cost(s, 2, C.FACTORY) == 7  # only the chooser


def test_craftsman_takes_two_extra_barrels_of_what_was_produced() -> None:
    s = table()
    build(s, 1, "library")
    build(s, 1, "sugar_mill", colonists=1)
    plant(s, 1, "corn", "sugar")
    choose(s, 1, "craftsman")
    while step(s) == "craftsman_produce":
        GAME.apply(s, GAME.to_move(s)[0], {"type": "produce"})
    assert step(s) == "craftsman_bonus"
    act(s, 1, "craftsman_bonus", good="corn")
    assert step(s) == "craftsman_bonus"  # the second
    act(s, 1, "craftsman_bonus", good="corn")
    assert s.pgoods[1][C.CORN] == 3 and s.pgoods[1][C.SUGAR] == 1


def test_trader_earns_two_more() -> None:
    s = table()
    build(s, 1, "library")
    goods(s, 1, coffee=1)
    choose(s, 1, "trader")
    coins = s.coins[1]
    act(s, 1, "sell", good="coffee")
    assert s.coins[1] == coins + 4 + 2


def test_captain_scores_two_for_his_first_load() -> None:
    s = table(open_vp=True)
    build(s, 1, "library")
    goods(s, 1, corn=2)
    load_ship(s, 1, "sugar", 1)
    choose(s, 1, "captain")
    act(s, 1, "load", good="corn", ship=0)
    assert step(s) == "captain_vp" and "2 VP" in legal(s)[0]["label"]
    act(s, 1, "captain_vp")
    assert s.vp[1] == 2 + 2


def test_prospector_takes_two() -> None:
    s = table(5)
    build(s, 1, "library")
    coins = s.coins[1]
    choose(s, 1, "prospector")
    assert s.coins[1] == coins + 2


def test_an_empty_publishing_house_doubles_nothing() -> None:
    s = table()
    build(s, 1, "library", colonists=0)
    coins = s.coins[1]
    choose(s, 1, "builder")
    assert build_cost(s, 1, C.FACTORY) == 6 and s.coins[1] == coins
