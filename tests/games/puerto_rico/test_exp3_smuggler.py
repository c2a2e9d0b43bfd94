"""Expansion III, the Smuggler: each of its four actions, the tile's holder, no doubloon
on the card, and what happens to a captured card (three outcomes), through real moves
(1897 rulebook, "Expansion III: The Smuggler"; docs/rules-notes.md)."""

from __future__ import annotations

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.state import PRState
from server.games.puerto_rico.io.conservation import violations
from tests.games.puerto_rico.exp_helpers import mover, types
from tests.games.puerto_rico.helpers import (
    GAME,
    GOOD,
    act,
    build,
    choose,
    legal,
    load_ship,
    new,
    plant,
    step,
    text,
)

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eva"]
SMUGGLER = ["smuggler"]


def table(players: int = 4, expansions: list[str] | None = None, **opts: object) -> PRState:
    return new(players, "1897", names=NAMES[:players],
               expansions=SMUGGLER if expansions is None else expansions, **opts)


def test_the_card_is_added_to_the_roles_of_the_player_count() -> None:
    for n, cards in ((2, 8), (3, 7), (4, 8), (5, 9)):
        s = table(n)
        assert len(s.roles) == cards and s.roles[-1] == C.SMUGGLER
        assert [r["id"] for r in GAME.view(s, 0)["roles"]][-1] == "smuggler"
    assert C.SMUGGLER not in new(4).roles


def test_raid_empties_a_ship_and_keeps_up_to_three() -> None:
    s = table()
    load_ship(s, 1, "corn", 5)  # the 6-ship of four players
    choose(s, 0, "smuggler")
    raids = [a for a in legal(s) if a["type"] == "raid"]
    assert sorted((a["ship"], a["keep"]) for a in raids) == [(1, k) for k in range(4)]
    assert {"plunder", "poach"}.isdisjoint(types(s))  # nothing to plunder or poach
    supply = s.goods[GOOD["corn"]]
    events = act(s, 0, "raid", ship=1, keep=3)
    assert "Ana raids the 6-ship and keeps 3 corn (2 back to the supply)" in text(events)
    assert s.pgoods[0][GOOD["corn"]] == 3 and s.goods[GOOD["corn"]] == supply + 2
    assert s.ship_load[1] == 0 and s.ship_good[1] == -1
    assert step(s) == "choose_role" and mover(s) == 1  # only the chooser acts
    assert s.smuggler[0] == 0 and violations(s) == []


def test_plunder_empties_the_trading_house_for_a_vp_each() -> None:
    s = table(open_vp=True)
    for g in ("corn", "sugar", "coffee"):
        s.goods[GOOD[g]] -= 1
        s.house.append(GOOD[g])
    chips = s.vp_supply
    choose(s, 0, "smuggler")
    events = act(s, 0, "plunder")
    assert "Ana plunders the trading house: 3 barrels back to the supply (+3 VP)" in text(events)
    assert s.house == [] and s.vp[0] == 3 and s.vp_supply == chips - 3
    assert violations(s) == []


def test_poach_cuts_the_register_and_places_up_to_three_never_on_the_portrait() -> None:
    s = table()
    s.col_supply -= 5
    s.col_ship += 5  # 9 on the Work Register of four players
    plant(s, 0, "corn", "sugar", occupied=False)
    build(s, 0, "small_market", colonists=0)
    choose(s, 0, "smuggler")
    events = act(s, 0, "poach")
    assert "Ana poaches 5 workers from the Work Register and may place 3 at once" in text(events)
    assert s.col_ship == 4
    assert step(s) == "place_workers" and mover(s) == 0
    offered = [(a["where"], a["index"]) for a in legal(s) if a["type"] == "place_worker"]
    assert offered == [("island", 0), ("island", 1), ("island", 2), ("city", 0)]
    assert set(types(s)) == {"place_worker", "pass"}  # the Portrait is no place for them
    supply = s.col_supply
    act(s, 0, "place_worker", where="city", index=0)
    events = act(s, 0, "place_worker", where="island", index=2)
    assert text(events) == "Ana places 1 worker on a sugar estate"
    events = act(s, 0, "pass")  # the third goes back to the supply
    assert "Ana leaves 1 worker in the supply" in text(events)
    assert s.city_col[0][0] == 1 and s.island_col[0][2] == 1 and s.san_juan[0] == 0
    assert s.col_supply == supply - 2 and step(s) == "choose_role"
    assert violations(s) == []


def test_poach_with_nowhere_to_place_returns_them_all() -> None:
    s = table()
    s.col_supply -= 2
    s.col_ship += 2
    s.island_col[0] = [1]  # the one estate is worked: no empty circle
    s.col_supply -= 1
    choose(s, 0, "smuggler")
    act(s, 0, "poach")
    assert s.col_ship == 4 and step(s) == "choose_role" and violations(s) == []


def test_poach_keeps_the_citizen_on_the_register() -> None:
    s = table(expansions=["citizens", "smuggler"])
    assert s.cit_ship == 1
    s.col_supply -= 3
    s.col_ship += 3  # 7 people, one of them the citizen
    choose(s, 0, "smuggler")
    act(s, 0, "poach")
    assert s.col_ship == 4 and s.cit_ship == 1  # cut to 4 people, the citizen stays
    assert violations(s) == []


def test_nothing_to_poach_at_the_player_count() -> None:
    s = table()
    assert s.col_ship == 4
    choose(s, 0, "smuggler")
    assert "poach" not in types(s)
    act(s, 0, "pass")
    assert step(s) == "choose_role"


def test_the_holder_may_not_choose_it_again_until_another_has() -> None:
    s = table()
    choose(s, 0, "smuggler")
    act(s, 0, "pass")
    assert s.smuggler[0] == 0
    choose(s, 0, "builder")  # (a new round's choice for seat 0)
    assert s.role == C.BUILDER
    s.step, s.picks, s.chosen, s.role_taken = 0, 0, [], [-1] * len(s.roles)
    s.role = s.role_player = -1
    s.turn = s.governor = 0
    s.legal = None
    assert "smuggler" not in [a["role"] for a in legal(s)]
    s.turn = s.governor = 1
    s.legal = None
    assert "smuggler" in [a["role"] for a in legal(s)]
    act(s, 1, "role", role="smuggler")
    assert s.smuggler[0] == 1  # the tile changed hands: seat 0 may choose it again


def test_no_doubloon_goes_on_the_smuggler() -> None:
    s = table(3)
    rounds = 0
    while s.round < 3 and not GAME.is_over(s):
        acts = legal(s, mover(s))
        pick = [a for a in acts if a["type"] != "role" or a["role"] != "smuggler"]
        GAME.apply(s, mover(s), pick[0] if pick else acts[0])
        rounds = s.round
    assert rounds == 3
    i = s.roles.index(C.SMUGGLER)
    assert s.role_coins[i] == 0 and sum(s.role_coins) > 0


def _capture(players: int, role: str) -> PRState:
    s = table(players)
    s.role_coins[s.roles.index(C.ROLES.index(role))] = 2
    choose(s, 0, "smuggler")
    events = act(s, 0, "capture", role=role)
    assert f"Ana captures the {'Builder' if role == 'builder' else role.title()}" in text(events)
    assert s.coins[0] == C.SETUPS[players].doubloons + 2
    assert GAME.view(s, 1)["smuggler"] == {"holder": 0, "captured": role, "captor": 0}
    return s


def test_capture_chosen_by_an_opponent_pays_the_captor_three() -> None:
    s = _capture(3, "builder")
    coins = s.coins[:]
    events = act(s, 1, "role", role="builder")
    assert "Ana takes 3 coins from the bank: the captured Builder was chosen" in text(events)
    assert s.coins[0] == coins[0] + 3 and s.coins[1] == coins[1]  # nothing on the card
    assert s.smuggler[1:] == [-1, -1] and violations(s) == []


def test_capture_chosen_by_its_captor_pays_nothing_and_is_not_played_again() -> None:
    s = _capture(2, "trader")  # two players: the captor chooses again this round
    act(s, 1, "role", role="craftsman")  # nobody produces
    coins = s.coins[0]
    events = act(s, 0, "role", role="trader")  # nobody has goods: both pass
    assert "Ana chooses the Trader" in text(events) and "3 coins" not in text(events)
    assert s.coins[0] == coins and s.smuggler[1:] == [C.TRADER, 0]  # until the round ends
    assert GAME.from_data(GAME.to_data(s)) is not None
    for seat, role in ((1, "prospector"), (0, "captain")):
        act(s, seat, "role", role=role)
    assert mover(s) == 1 and step(s) == "choose_role" and s.picks == 5
    act(s, 1, "role", role="builder")
    act(s, 1, "pass")
    act(s, 0, "pass")  # the round ends: the trader is not played a second time
    assert s.round == 2 and step(s) == "choose_role" and s.smuggler == [0, -1, -1]


def test_capture_unchosen_at_the_round_end_is_played_by_the_captor() -> None:
    s = _capture(3, "builder")
    act(s, 1, "role", role="craftsman")  # nobody produces: nothing to decide
    events = act(s, 2, "role", role="trader")  # nobody has goods: every turn passes
    assert "Ana plays the captured Builder" in text(events)
    assert step(s) == "builder" and mover(s) == 0 and s.role_player == 0
    GAME.from_data(GAME.to_data(s))  # a position load accepts
    prices = GAME.view(s, 0)["players"][0]["prices"]
    assert prices["small_market"] == 0  # the advantage: 1 coin off
    act(s, 0, "build", building="small_market")
    assert mover(s) == 1 and step(s) == "builder"  # the others in order after her
    act(s, 1, "pass")
    events = act(s, 2, "pass")
    assert step(s) == "choose_role" and s.round == 2 and s.governor == 1
    coins = dict(zip(s.roles, s.role_coins, strict=True))
    assert coins[C.BUILDER] == 0 and coins[C.SMUGGLER] == 0  # played, never a coin
    assert coins[C.SETTLER] == 1 and coins[C.MAYOR] == 1 and coins[C.CAPTAIN] == 1
    assert s.smuggler == [0, -1, -1] and violations(s) == []


def test_two_players_the_captured_card_comes_after_the_sixth_pick() -> None:
    s = _capture(2, "builder")
    for seat, role in ((1, "craftsman"), (0, "trader"), (1, "prospector"), (0, "captain")):
        act(s, seat, "role", role=role)
    assert s.picks == 5 and step(s) == "choose_role" and mover(s) == 1
    act(s, 1, "role", role="settler")
    while step(s) == "settler":  # each takes a plantation
        GAME.apply(s, mover(s), legal(s, mover(s))[0])
    assert step(s) == "builder" and mover(s) == 0 and s.picks == 6
    assert s.role_player == 0 and GAME.from_data(GAME.to_data(s)) is not None
    act(s, 0, "pass")
    act(s, 1, "pass")
    assert s.round == 2 and s.governor == 1 and step(s) == "choose_role"
    coins = dict(zip(s.roles, s.role_coins, strict=True))
    assert coins[C.MAYOR] == 1 and coins[C.BUILDER] == 0 and coins[C.SMUGGLER] == 0
    assert violations(s) == []
