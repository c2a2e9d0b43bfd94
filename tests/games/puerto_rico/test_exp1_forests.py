"""Expansion I, the Lumberyard (forest_house): forests, their discount, and the
rulebook's combinations with the Hacienda, the Publishing House (library), the
Hospital (hospice), the builder and quarries (000 "Lumberyard")."""

from __future__ import annotations

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.costs import build_cost
from tests.games.puerto_rico.exp_helpers import forest, table, types
from tests.games.puerto_rico.helpers import GAME, act, build, choose, last, legal, plant, step, text


def test_an_occupied_lumberyard_places_a_face_up_estate_as_a_forest_for_good() -> None:
    s = table()
    build(s, 0, "forest_house")
    build(s, 1, "forest_house", colonists=0)  # empty: no forests
    choose(s, 0, "settler")
    offered = {a["tile"] for a in legal(s) if a["type"] == "forest"}
    assert offered == set(C.GOODS[t] for t in s.face_up)  # quarries never
    t = s.face_up[0]
    act(s, 0, "forest", tile=C.GOODS[t])
    assert s.island[0][-1] == C.FOREST + t and s.island_col[0][-1] == 0
    assert "forest" not in types(s)  # seat 1's lumberyard is empty
    seen = GAME.view(s, 1)["players"][0]["island"][-1]
    assert seen == {"tile": "forest", "colonists": 0}  # the estate stays the owner's
    assert GAME.view(s, 0)["players"][0]["island"][-1]["estate"] == C.GOODS[t]


def test_forests_take_nobody_in_the_mayor_phase() -> None:
    """"Forests do not need to be occupied": the mayor phase leaves them empty and the
    workers the estate cannot take wait on the portrait."""
    s = table()
    forest(s, 0, "corn", "sugar")
    s.san_juan[0] = 3
    choose(s, 0, "mayor")
    act(s, 0, "pass")  # no privilege colonist; the rest is forced
    assert step(s) == "choose_role"
    assert s.island_col[0] == [1, 0, 0] and s.san_juan[0] == 3 + 1 - 1


def test_two_forests_take_one_off_any_building_and_four_take_two() -> None:
    s = table()
    forest(s, 0, "corn")
    assert build_cost(s, 0, C.SMALL_MARKET) == 1  # one forest: nothing
    forest(s, 0, "sugar")
    assert build_cost(s, 0, C.SMALL_MARKET) == 0
    assert build_cost(s, 0, C.GUILD_HALL) == 9  # large buildings too
    forest(s, 0, "indigo", "tobacco")
    assert build_cost(s, 0, C.GUILD_HALL) == 8  # rules notes: 1 per 2 forests


def test_forests_combine_with_the_builder_and_quarries() -> None:
    s = table()
    forest(s, 1, "corn", "sugar")
    plant(s, 1, "quarry")
    s.coins[1] = 4
    choose(s, 1, "builder")
    assert build_cost(s, 1, C.FACTORY) == 7 - 1 - 1 - 1
    built = [a for a in legal(s) if a.get("building") == "factory"]
    assert built and built[0]["price"] == 4


def test_hacienda_lets_the_lumberyard_owner_look_before_deciding() -> None:
    s = table()
    build(s, 0, "forest_house", "hacienda")
    choose(s, 0, "settler")
    drawn = s.stack[-1]
    events = act(s, 0, "hacienda")
    assert step(s) == "forest_choice" and len(s.island[0]) == 1  # held off the island
    assert C.GOODS[drawn] not in events[0]["text"]  # the public line does not say it
    assert C.GOODS[drawn] in events[0]["private"]["0"]
    assert GAME.view(s, 1) == GAME.view(GAME.determinize(s, 1, 7), 1)
    assert types(s) == ["forest_drawn", "pass"]
    act(s, 0, "forest_drawn")
    assert s.island[0][-1] == C.FOREST + drawn
    assert step(s) == "settler" and "hacienda" not in types(s)  # then his own tile


def test_hacienda_tile_kept_as_an_estate() -> None:
    s = table()
    build(s, 0, "forest_house", "hacienda")
    choose(s, 0, "settler")
    drawn = s.stack[-1]
    act(s, 0, "hacienda")
    act(s, 0, "pass")  # "Place the drawn tile as ..."
    assert s.island[0][-1] == drawn


def test_publishing_house_settler_places_neither_one_or_both_as_forests() -> None:
    for first, second in (("plantation", "plantation"), ("forest", "plantation"),
                          ("forest", "forest")):
        s = table()
        build(s, 0, "forest_house", "library")
        choose(s, 0, "settler")
        a = next(x for x in legal(s) if x["type"] == first)
        act(s, 0, first, tile=a["tile"])
        while s.turn != 0:  # the others take their tiles
            GAME.apply(s, s.turn, last(s))
        assert "quarry" not in types(s)  # the second tile is an estate
        b = next(x for x in legal(s) if x["type"] == second)
        act(s, 0, second, tile=b["tile"])
        kinds = ["forest" if t >= C.FOREST else "plantation" for t in s.island[0][1:]]
        assert kinds == [first, second]


def test_hospital_gives_a_worker_for_a_forest_to_the_portrait() -> None:
    s = table()
    build(s, 0, "forest_house", "hospice")
    choose(s, 0, "settler")
    act(s, 0, "forest", tile=C.GOODS[s.face_up[0]])
    assert step(s) == "settler_hospice"
    before = s.col_supply
    events = act(s, 0, "hospice", index=len(s.island[0]) - 1)
    assert s.san_juan[0] == 1 and s.col_supply == before - 1
    assert s.island_col[0][-1] == 0
    assert "forest" in text(events)
