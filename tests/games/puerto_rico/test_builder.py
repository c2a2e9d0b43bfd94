"""Builder phase: quarry discounts by column, privilege, university, city space, triggers."""

from __future__ import annotations

import pytest

from server.engine.errors import IllegalAction
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.moves import build_cost
from tests.games.puerto_rico.helpers import GAME, act, build, choose, legal, new, plant, step


def _buildable(s, seat=None) -> set[str]:
    return {a["building"] for a in legal(s, seat) if a["type"] == "build"}


@pytest.mark.parametrize(
    ("building", "price"),
    [("construction_hut", 1), ("office", 3), ("harbor", 5), ("city_hall", 7)],
)
def test_costs_with_three_quarries(building: str, price: int) -> None:
    s = new(4)
    plant(s, 1, "quarry", "quarry", "quarry")
    choose(s, 0, "builder")
    act(s, 0, "pass")
    assert s.turn == 1
    assert build_cost(s, 1, C.B_INDEX[building]) == price
    s.coins[1] = price
    s.legal = None
    assert building in _buildable(s)
    act(s, 1, "build", building=building)
    assert s.coins[1] == 0 and building in [C.BUILDINGS[b] for b in s.city[1]]


def test_unoccupied_quarries_do_not_count_and_price_not_below_zero() -> None:
    s = new(4)
    plant(s, 0, "quarry", "quarry", occupied=False)
    plant(s, 0, "quarry")
    s.coins[0] = 0
    choose(s, 0, "builder")
    # one occupied quarry: small market 1 - 1 - privilege 1 -> 0, not -1
    assert build_cost(s, 0, C.B_INDEX["small_market"]) == 0
    assert build_cost(s, 0, C.B_INDEX["hacienda"]) == 0
    assert _buildable(s) == {
        "small_indigo_plant",
        "small_market",
        "hacienda",
        "construction_hut",
        "small_sugar_mill",
    }
    act(s, 0, "build", building="small_market")
    assert s.coins[0] == 0


def test_builder_privilege_only_when_building() -> None:
    s = new(4)
    s.coins[0] = 5
    choose(s, 0, "builder")
    act(s, 0, "pass")
    assert s.coins[0] == 5
    s2 = new(4)
    s2.coins[0] = 5
    choose(s2, 0, "builder")
    act(s2, 0, "build", building="office")  # cost 5, privilege -> 4
    assert s2.coins[0] == 1


def test_one_of_each_building_per_player_and_supply_limits() -> None:
    s = new(4)
    build(s, 0, "harbor")
    build(s, 1, "harbor")  # both harbors gone
    build(s, 2, "office")
    s.coins = [20, 20, 20, 20]
    choose(s, 2, "builder")
    assert "office" not in _buildable(s) and "harbor" not in _buildable(s)
    with pytest.raises(IllegalAction):
        act(s, 2, "build", building="harbor")
    with pytest.raises(IllegalAction):
        act(s, 2, "build", building="office")
    act(s, 2, "pass")
    assert s.turn == 3 and "office" in _buildable(s)


def test_university_staffs_the_new_building_from_supply_then_ship() -> None:
    s = new(4)
    build(s, 0, "university")
    s.coins[0] = 10
    s.col_supply = 0
    ship = s.col_ship
    choose(s, 0, "builder")
    act(s, 0, "build", building="coffee_roaster")
    assert [x["type"] for x in legal(s)] == ["university", "pass"]
    assert legal(s)[0]["label"].endswith("coffee roaster (from the colonist ship)")
    act(s, 0, "university")
    i = s.bpos[0][C.B_INDEX["coffee_roaster"]]
    assert s.city_col[0][i] == 1  # one colonist only, though two circles
    assert s.col_ship == ship - 1


def test_twelfth_city_space_ends_the_game_after_the_round() -> None:
    s = new(3)
    build(
        s,
        0,
        "small_market",
        "hacienda",
        "construction_hut",
        "small_warehouse",
        "hospice",
        "office",
        "large_market",
        "large_warehouse",
        "factory",
        "guild_hall",
    )  # 11 spaces
    assert s.spaces_used(0) == 11
    s.coins[0] = 30
    choose(s, 0, "builder")
    assert "residence" not in _buildable(s)  # a large building needs two spaces
    act(s, 0, "build", building="harbor")
    assert s.spaces_used(0) == 12 and s.last_round
    assert not GAME.is_over(s)
    # the builder phase goes on, then the round is finished
    while not GAME.is_over(s):
        moves = legal(s)
        passes = [a for a in moves if a["type"] == "pass"]
        GAME.apply(s, s.turn, passes[0] if passes else moves[0])
    assert s.round == 1 and step(s) == "game_over"
    assert "harbor" not in _buildable(s, 0)
