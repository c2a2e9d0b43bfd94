"""Expansion II, the citizens themselves: 20 beside the workers, one on each refill of
the Work Register (and at the start) while they last, workers for every rule unless a
building says otherwise, 1 VP each at the end, and running out of workers ends
nothing (000 "Expansion II: The Citizens")."""

from __future__ import annotations

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.scoring import breakdown, large_bonus
from tests.games.puerto_rico.exp_helpers import BOTH, CIT, table
from tests.games.puerto_rico.helpers import GAME, act, build, choose, last, legal, plant, step


def test_the_start_puts_one_citizen_on_the_work_register() -> None:
    s = table(4, CIT)
    assert s.col_ship == 4 and s.cit_ship == 1 and s.cit_supply == 19
    assert s.col_supply + s.col_ship - s.cit_ship == 100  # no worker taken away (rules 5)
    colonists = GAME.view(s, 0)["colonists"]
    assert colonists == {"ship": 4, "supply": 97, "ship_citizens": 1, "citizens_supply": 19}
    assert "ship_citizens" not in GAME.view(table(4), 0)["colonists"]


def test_each_refill_replaces_one_worker_while_citizens_last() -> None:
    s = table(3, CIT)
    choose(s, 0, "mayor")
    while step(s) != "choose_role":
        GAME.apply(s, GAME.to_move(s)[0], last(s, GAME.to_move(s)[0]))
    assert s.cit_ship == 1 and s.cit_supply == 18
    s.cit_supply = 0  # the last one gone
    choose(s, 1, "mayor")
    while step(s) != "choose_role":
        GAME.apply(s, GAME.to_move(s)[0], last(s, GAME.to_move(s)[0]))
    assert s.cit_ship == 0 and s.col_ship == 3


def test_the_citizen_on_the_ship_goes_to_the_recruiter_first() -> None:
    s = table(4, CIT)
    choose(s, 2, "mayor")
    act(s, 2, "pass")  # no privilege worker; then the ship's people are dealt
    assert s.san_juan_cit[2] + sum(s.island_cit[2]) == 1
    assert all(s.san_juan_cit[p] + sum(s.island_cit[p]) == 0 for p in (0, 1, 3))


def test_running_out_of_workers_ends_nothing() -> None:
    for expansions, ends in ((CIT, False), ([], True)):
        s = table(4, expansions)
        s.col_supply = 1
        build(s, 0, "small_market", "hacienda", colonists=0)
        choose(s, 0, "mayor")
        while step(s) != "choose_role":
            GAME.apply(s, GAME.to_move(s)[0], last(s, GAME.to_move(s)[0]))
        assert s.last_round is ends
    assert s.col_supply == 0


def test_a_citizen_works_like_a_worker_where_no_building_says_otherwise() -> None:
    s = table(4, CIT)
    plant(s, 0, "corn")
    s.island_cit[0][1] = 1  # a citizen on the corn
    build(s, 0, "fortress")
    s.san_juan[0] = s.san_juan_cit[0] = 1
    choose(s, 0, "craftsman")
    if step(s) == "craftsman_produce":
        act(s, 0, "produce")
    assert s.pgoods[0][C.CORN] == 1
    assert large_bonus(s, 0, C.FORTRESS) == (1 + 1 + 1) // 3  # counted as people


def test_each_citizen_is_one_vp_at_the_end_wherever_it_is() -> None:
    s = table(4, CIT)
    build(s, 1, "small_market")
    s.city_cit[1][0] = 1
    plant(s, 1, "corn")
    s.island_cit[1][1] = 1
    s.san_juan[1] = s.san_juan_cit[1] = 2
    parts = breakdown(s, 1)
    assert parts["citizens"] == 4 and "citizens" not in breakdown(table(4), 1)


def test_the_recruiter_places_a_citizen_or_a_worker_where_it_matters_only() -> None:
    s = table(4, BOTH, rules_version=4)  # rules 5: on every place (test_mayor_citizen_choice)
    build(s, 0, "chapel", "small_market", colonists=0)
    s.san_juan[0], s.san_juan_cit[0] = 2, 1
    choose(s, 1, "mayor")
    while GAME.to_move(s) != [0]:
        GAME.apply(s, GAME.to_move(s)[0], last(s, GAME.to_move(s)[0]))
    chapel, market = s.bpos[0][C.CHAPEL], s.bpos[0][C.SMALL_MARKET]
    places = {(a["index"], a.get("citizen", False)) for a in legal(s)
              if a["type"] == "mayor_place" and a["where"] == "city"}
    assert (chapel, True) in places and (chapel, False) in places
    assert (market, True) not in places  # the market works the same with either
    act(s, 0, "mayor_place", where="city", index=chapel, citizen=True)
    assert s.city_cit[0][chapel] == 1 and s.city_cit[0][market] == 0
