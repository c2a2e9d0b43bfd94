"""Expansion I, the Black Market: only a builder short of doubloons, up to 3 coins from
one worker, one barrel and one VP, no doubloon left after, never the Black Market's
own worker, and an end already reached stays (000 "Black Market")."""

from __future__ import annotations

from server.games.puerto_rico.core import catalog as C
from tests.games.puerto_rico.exp_helpers import table, types
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


def _short(coins: int, **opts: object) -> object:
    """Seat 1: an occupied black market, a manned corn, 1 corn barrel, 2 VP; builder."""
    s = table(**opts)
    build(s, 1, "black_market")
    plant(s, 1, "corn")
    goods(s, 1, corn=1)
    s.vp[1], s.vp_supply = 2, s.vp_supply - 2
    s.coins[1] = coins
    choose(s, 1, "builder")
    return s


def _prices(s: object) -> dict[str, str]:
    return {a["building"]: a["label"] for a in legal(s) if a["type"] == "build"}


def test_up_to_three_coins_from_one_of_each_kind() -> None:
    s = _short(2)  # the builder: 1 off
    offered = _prices(s)
    assert "+ 3 from the black market" in offered["coffee_roaster"]  # 6 - 1 = 2 + 3
    assert "factory" not in offered  # 7 - 1 = 2 + 4: too much


def test_only_the_kinds_he_has_count() -> None:
    s = _short(2)
    goods(s, 1, corn=0)
    s.vp_supply += s.vp[1]
    s.vp[1] = 0  # a worker left only: 1 coin
    offered = _prices(s)
    assert "+ 1 from the black market" in offered["sugar_mill"]
    assert "tobacco_storage" not in offered


def test_not_used_by_a_player_with_enough_doubloons() -> None:
    s = _short(5)
    act(s, 1, "build", building="large_market")  # 5 - 1 = 4 <= 5 doubloons
    assert C.LARGE_MARKET in s.city[1] and s.coins[1] == 1
    assert s.pgoods[1][C.CORN] == 1 and s.vp[1] == 2 and s.island_col[1][1] == 1


def test_every_doubloon_goes_then_one_item_of_each_kind() -> None:
    s = _short(2)
    act(s, 1, "build", building="coffee_roaster")
    assert step(s) == "black_market" and s.coins[1] == 0  # no doubloon left
    pays = {(a["pay"], a.get("where"), a.get("good")) for a in legal(s)}
    assert pays == {("worker", "island", None), ("good", None, "corn"), ("vp", None, None)}
    act(s, 1, "black_market", pay="vp")
    assert "vp" not in {a["pay"] for a in legal(s)}  # one VP at most
    act(s, 1, "black_market", pay="good", good="corn")
    # the last item is forced: the worker on the corn
    assert C.B_INDEX["coffee_roaster"] in s.city[1] and s.coins[1] == 0
    assert s.vp[1] == 1 and s.pgoods[1][C.CORN] == 0 and s.island_col[1][1] == 0
    assert step(s) == "builder" and s.turn == 2


def test_the_black_markets_own_worker_is_not_money() -> None:
    s = _short(2)
    s.island_col[1][1] = 0  # the corn is empty: the only worker is on the black market
    s.legal = None
    offered = _prices(s)
    assert "tobacco_storage" in offered and "coffee_roaster" not in offered
    act(s, 1, "build", building="tobacco_storage")
    assert "worker" not in {a.get("pay") for a in legal(s)}


def test_a_worker_from_the_portrait_or_a_building_and_a_citizen_as_such() -> None:
    s = _short(2, expansions=["new_buildings", "citizens"])
    build(s, 1, "small_market")
    s.san_juan[1], s.san_juan_cit[1] = 2, 1
    act(s, 1, "build", building="coffee_roaster")
    workers = {(a["where"], a.get("index"), a["citizen"]) for a in legal(s)
               if a["pay"] == "worker"}
    market = s.bpos[1][C.SMALL_MARKET]
    assert workers == {("san_juan", None, False), ("san_juan", None, True),
                       ("island", 1, False), ("city", market, False)}
    cit_supply = s.cit_supply
    act(s, 1, "black_market", pay="worker", where="san_juan", citizen=True)
    assert s.san_juan_cit[1] == 0 and s.san_juan[1] == 1 and s.cit_supply == cit_supply + 1


def test_a_vp_paid_after_the_end_was_reached_leaves_the_game_ending() -> None:
    s = _short(2)
    s.vp_supply = 0
    s.last_round = True
    act(s, 1, "build", building="coffee_roaster")
    act(s, 1, "black_market", pay="vp")
    assert s.vp_supply == 1 and s.last_round
    while not GAME.is_over(s):
        GAME.apply(s, GAME.to_move(s)[0], last(s, GAME.to_move(s)[0]))
    assert GAME.result(s) is not None


def test_without_a_black_market_a_short_builder_cannot_build() -> None:
    s = table()
    s.coins[1] = 2
    choose(s, 1, "builder")
    assert all(a["price"] <= 2 for a in legal(s) if a["type"] == "build")
    assert "black_market" not in types(s)


def test_the_label_says_this_players_share_of_the_black_market() -> None:
    """Two tables, same building and price, different doubloons: each label its own
    share (labels are kept across tables; the share was missing from their key)."""
    s = _short(2)
    assert "+ 3 from the black market" in _prices(s)["coffee_roaster"]  # 5 = 2 + 3
    t = _short(3)
    assert "+ 2 from the black market" in _prices(t)["coffee_roaster"]  # 5 = 3 + 2
