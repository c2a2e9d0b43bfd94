"""Mayor phase: privilege, the ship dealt one by one, placement rules, refill, shortage."""

from __future__ import annotations

import pytest

from server.engine.errors import IllegalAction
from tests.games.puerto_rico.helpers import (
    GAME,
    act,
    build,
    choose,
    legal,
    new,
    plant,
    step,
    take_all,
)


def test_colonists_dealt_from_the_mayor_on_1897_example() -> None:
    s = new(4, "1897")
    s.col_ship = 6
    supply = s.col_supply
    choose(s, 0, "mayor")
    take_all(s)  # the privilege worker
    # each player had one circle: everything was forced, the rest waits on the Portrait
    assert s.island_col == [[1], [1], [1], [1]]
    assert s.san_juan == [2, 1, 0, 0]  # 3, 2, 1, 1 received
    assert s.col_supply == supply - 1 - 4  # privilege, then a refill of n (no buildings)
    assert s.col_ship == 4
    assert step(s) == "choose_role"


def test_no_colonist_in_san_juan_while_a_circle_is_empty() -> None:
    s = new(4)
    build(s, 0, "sugar_mill", colonists=0)
    plant(s, 0, "sugar", "sugar", occupied=False)
    s.col_ship = 4
    choose(s, 0, "mayor")
    take_all(s)  # seat 0 gets 2: 6 circles empty
    assert s.turn == 0 and s.san_juan[0] == 2
    types = {a["type"] for a in legal(s)}
    assert "mayor_done" not in types
    with pytest.raises(IllegalAction):
        act(s, 0, "mayor_done")
    place = [a for a in legal(s) if a["type"] == "mayor_place"]
    # one choice per distinct tile kind on the island, each building with room
    assert sorted((a["where"], a["index"]) for a in place) == [
        ("city", 0),
        ("island", 0),
        ("island", 1),
    ]
    act(s, 0, "mayor_place", where="city", index=0)
    act(s, 0, "mayor_place", where="island", index=1)
    assert s.turn == 0  # last colonist placed: rules 4 wait for the confirm
    act(s, 0, "mayor_done")
    assert s.turn == 1
    assert s.city_col[0] == [1] and s.island_col[0] == [0, 1, 0]


def test_rearranging_lifts_everyone_to_san_juan_once() -> None:
    s = new(4)
    build(s, 0, "coffee_roaster", colonists=1)
    plant(s, 0, "coffee", occupied=False)  # island: indigo, coffee
    s.island_col[0][0] = 1  # indigo and one roaster circle staffed
    s.col_ship = 4
    s.col_supply = 0  # no privilege
    choose(s, 0, "mayor")
    assert s.san_juan[0] == 1
    types = sorted(a["type"] for a in legal(s))
    assert types == ["mayor_lift", "mayor_place", "mayor_place"]
    act(s, 0, "mayor_lift")
    assert s.san_juan[0] == 3 and sum(s.island_col[0]) == 0 and s.city_col[0] == [0]
    act(s, 0, "mayor_place", where="city", index=0)
    assert "mayor_lift" not in {a["type"] for a in legal(s)}
    act(s, 0, "mayor_place", where="city", index=0)
    act(s, 0, "mayor_place", where="island", index=1)
    # the last colonist is placed and the empty indigo circle is allowed: done (the
    # confirm of rules 4) and the take-backs are left
    assert s.turn == 0 and legal(s)[0]["type"] == "mayor_done"
    act(s, 0, "mayor_done")
    assert s.turn == 1
    assert s.island_col[0] == [0, 1] and s.city_col[0] == [2] and s.san_juan[0] == 0


def test_forced_placement_is_applied_and_extras_wait_in_san_juan() -> None:
    s = new(4)
    build(s, 0, "small_market", colonists=0)
    plant(s, 0, "corn", occupied=False)
    s.col_ship = 8
    s.col_supply = 50
    choose(s, 0, "mayor")
    take_all(s)  # seat 0: 1 + 2 colonists for 3 circles
    assert s.island_col[0] == [1, 1] and s.city_col[0] == [1] and s.san_juan[0] == 0
    assert s.turn == 1


def test_ship_refill_counts_empty_building_circles_not_plantations() -> None:
    s = new(3)
    build(s, 1, "tobacco_storage", "coffee_roaster", colonists=0)  # 5 empty circles
    plant(s, 2, "corn", "corn", "corn", occupied=False)
    s.col_ship = 3
    supply = s.col_supply
    choose(s, 0, "mayor")
    take_all(s)
    # seat 1 got one colonist; wherever it went, 4 building circles stay empty at least
    while step(s) == "mayor":
        act(
            s,
            s.turn,
            legal(s)[0]["type"],
            **{k: v for k, v in legal(s)[0].items() if k not in ("type", "label")},
        )
    empty = sum(
        3 - c if b == 4 else (2 - c if b == 5 else 0)
        for b, c in zip(s.city[1], s.city_col[1], strict=True)
    )
    assert s.col_ship == max(3, empty) and empty >= 4
    assert s.col_supply == supply - 1 - s.col_ship


def test_colonist_shortage_ends_the_game_after_the_round() -> None:
    s = new(3)
    s.col_supply = 2  # privilege takes 1, refill needs 3
    choose(s, 0, "mayor")
    take_all(s)
    assert s.last_round and s.col_supply == 0
    assert not GAME.is_over(s)
    while not GAME.is_over(s):
        moves = legal(s)
        passes = [a for a in moves if a["type"] == "pass"]
        GAME.apply(s, s.turn, passes[0] if passes else moves[0])
    assert s.round == 1
