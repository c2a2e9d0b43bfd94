"""Craftsman (production, factory, privilege, empty supply) and trader (kinds, office,
full house, markets, privilege) and prospector."""

from __future__ import annotations

from server.games.puerto_rico.core import catalog as C
from tests.games.puerto_rico.helpers import (
    act,
    build,
    choose,
    goods,
    legal,
    new,
    plant,
    step,
    take_all,
)


def test_factory_example_with_short_supply() -> None:
    """001: David produces only 2 sugar and 1 tobacco (no corn, 2 sugar in supply)."""
    s = new(4)
    david = 1
    build(s, david, "factory", "sugar_mill", "tobacco_storage", colonists=None)
    plant(s, david, "corn", "corn", "corn", "sugar", "sugar", "sugar", "tobacco")
    s.goods[C.CORN] = 0
    s.goods[C.SUGAR] = 2
    coins = s.coins[david]
    choose(s, 0, "craftsman")
    assert s.turn == david and legal(s)[0]["label"] == (
        "Produce 2 sugar and 1 tobacco (+1 doubloon, factory)"
    )
    take_all(s)
    assert s.pgoods[david] == [0, 0, 2, 1, 0]
    assert s.coins[david] == coins + 1


def test_factory_example_1897_three_kinds() -> None:
    s = new(4, "1897")
    build(s, 0, "factory", "coffee_roaster", "indigo_plant", colonists=None)
    plant(s, 0, "corn", "corn", "corn", "coffee", "indigo")
    s.island_col[0][0] = 1  # the starting indigo too
    coins = s.coins[0]
    choose(s, 1, "craftsman")
    take_all(s)
    assert s.pgoods[0] == [3, 2, 0, 0, 1]
    assert s.coins[0] == coins + 2


def test_craftsman_privilege_after_everyone_produced() -> None:
    s = new(4)
    for p in range(4):
        plant(s, p, "corn")
    build(s, 0, "small_indigo_plant")
    s.island_col[0][0] = 1  # seat 0: indigo + corn
    s.goods[C.CORN] = 4
    choose(s, 0, "craftsman")
    take_all(s)
    # corn ran out during production: only indigo may be the extra good (or none)
    assert [a["type"] for a in legal(s)] == ["craftsman_bonus", "pass"]
    act(s, 0, "craftsman_bonus", good="indigo")
    assert [p[C.CORN] for p in s.pgoods] == [1, 1, 1, 1]
    assert s.pgoods[0][C.INDIGO] == 2  # one produced + the privilege
    assert step(s) == "choose_role"


def test_craftsman_privilege_is_a_choice_among_produced_kinds() -> None:
    s = new(4)
    build(s, 0, "small_indigo_plant")
    plant(s, 0, "corn")
    s.island_col[0][0] = 1
    choose(s, 0, "craftsman")
    take_all(s)
    assert step(s) == "craftsman_bonus"
    assert sorted(a.get("good", "-") for a in legal(s)) == ["-", "corn", "indigo"]
    act(s, 0, "craftsman_bonus", good="corn")
    assert s.pgoods[0][:2] == [2, 1]


def test_no_production_no_privilege() -> None:
    s = new(4)
    choose(s, 0, "craftsman")
    assert s.pgoods[0] == [0] * 5 and step(s) == "choose_role"


def _sells(s) -> list[str]:
    return sorted(a["good"] for a in legal(s) if a["type"] == "sell")


def test_trading_house_distinct_kinds_unless_office_and_prices() -> None:
    s = new(4)
    s.house = [C.TOBACCO]
    goods(s, 0, tobacco=1, corn=1)
    goods(s, 1, tobacco=2)
    build(s, 1, "office", "small_market", "large_market")
    goods(s, 2, sugar=1)
    coins = list(s.coins)
    choose(s, 0, "trader")
    assert _sells(s) == ["corn"]  # no second tobacco without an office
    act(s, 0, "sell", good="corn")
    assert s.coins[0] == coins[0] + 1  # corn 0 + privilege 1
    assert _sells(s) == ["tobacco"]
    act(s, 1, "sell", good="tobacco")
    assert s.coins[1] == coins[1] + 3 + 1 + 2
    act(s, 2, "sell", good="sugar")  # the fourth barrel fills the house
    # seat 3 had nothing; the full house is emptied at the end of the phase
    assert s.house == [] and step(s) == "choose_role"


def test_full_trading_house_refuses_everyone_and_partial_house_stays() -> None:
    s = new(4)
    s.house = [0, 1, 2]
    goods(s, 0, coffee=1)
    goods(s, 1, tobacco=1)
    choose(s, 0, "trader")
    act(s, 0, "sell", good="coffee")
    # house full: seat 1 cannot sell, and nobody is asked
    assert s.house == [] and s.pgoods[1][C.TOBACCO] == 1
    s2 = new(4)
    goods(s2, 0, coffee=1)
    choose(s2, 0, "trader")
    act(s2, 0, "sell", good="coffee")
    assert s2.house == [C.COFFEE]


def test_trader_who_does_not_sell_gets_no_privilege() -> None:
    s = new(4)
    goods(s, 0, corn=1)
    coins = s.coins[0]
    choose(s, 0, "trader")
    act(s, 0, "pass")
    assert s.coins[0] == coins


def test_prospector_takes_one_doubloon_plus_the_role_doubloons() -> None:
    s = new(4)
    s.role_coins[C.PROSPECTOR] = 2
    coins = s.coins[0]
    choose(s, 0, "prospector")
    assert s.coins[0] == coins + 3 and s.turn == 1 and step(s) == "choose_role"


def test_small_market_example_corn_for_one() -> None:
    s = new(4)
    build(s, 1, "small_market")
    goods(s, 1, corn=1)
    coins = s.coins[1]
    choose(s, 0, "trader")  # seat 0 has nothing: passes by itself
    act(s, 1, "sell", good="corn")
    assert s.coins[1] == coins + 1


def test_office_example_bob_and_chris_both_sell_tobacco() -> None:
    s = new(4)
    bob, chris = 1, 2
    s.house = [C.TOBACCO]
    build(s, bob, "office")
    build(s, chris, "office")
    goods(s, bob, tobacco=1)
    goods(s, chris, tobacco=1)
    choose(s, 0, "trader")
    act(s, bob, "sell", good="tobacco")
    assert _sells(s) == ["tobacco"]
    act(s, chris, "sell", good="tobacco")
    assert s.house == [C.TOBACCO] * 3


def test_production_example_1897() -> None:
    """2 corn (third corn unoccupied), 1 tobacco (one storage circle empty), 3 sugar
    (fourth sugar estate unoccupied)."""
    s = new(4, "1897")
    build(s, 0, "tobacco_storage", colonists=1)
    build(s, 0, "sugar_mill", colonists=3)
    plant(s, 0, "corn", "corn", "tobacco", "sugar", "sugar", "sugar")
    plant(s, 0, "corn", "sugar", occupied=False)
    choose(s, 1, "craftsman")
    take_all(s)
    assert s.pgoods[0] == [2, 0, 3, 1, 0]
