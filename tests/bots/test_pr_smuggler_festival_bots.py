"""Bots with Puerto Rico's Expansions III (the Smuggler) and IV (the Festival): every
level plays whole games with all four expansions, and the easy heuristic chooses the
Smuggler and each of its actions, and pursues the festival's goals, where they pay
(positions on the real engine, arranged by hand through the lists the rules read)."""

from __future__ import annotations

from typing import Any

import pytest

from server.bots import make_bot
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.state import PRState
from tests.bots.test_pr_expansion_bots import play, scores
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
)

ALL = ["new_buildings", "citizens", "smuggler", "festival"]
III_IV = ["smuggler", "festival"]


def easy(s: PRState, seat: int = 0) -> dict[str, Any]:
    return make_bot("easy", GAME, 1).choose(GAME, s, seat)


def valued(s: PRState, seat: int = 0) -> dict[str, float]:
    """Each legal action's score by a short key: the role, the tile, the building, the
    raid's ship and keep, or the action's type."""
    out = {}
    for v, a in scores(s, seat):
        key = a.get("role") or a.get("tile") or a.get("building") or a["type"]
        if a["type"] == "raid":
            key = f"raid {a['ship']} {a['keep']}"
        out[key] = v
    return out


def house(s: PRState, *names: str) -> None:
    for g in names:
        s.goods[GOOD[g]] -= 1
        s.house.append(GOOD[g])
    s.legal = None


def smuggling(s: PRState) -> None:
    """Seat 0 chooses the Smuggler and is to do one of its actions."""
    choose(s, 0, "smuggler")
    assert step(s) == "smuggler"


@pytest.mark.parametrize(("players", "edition"), [(2, "1897"), (3, "classic"), (4, "classic"),
                                                  (5, "1897")])
def test_easy_and_random_play_whole_games_with_all_four(players: int, edition: str) -> None:
    state = play((["easy", "random"] * 3)[:players], seed=players, expansions=ALL,
                 edition=edition)
    result = GAME.result(state)
    assert result is not None and len(result.scores) == players
    assert state.smuggler[0] >= 0  # somebody chose the Smuggler


@pytest.mark.parametrize(("levels", "expansions"), [
    (["hard", "medium", "easy"], ALL), (["medium", "hard"], ALL),
    (["hard", "easy", "random", "medium"], III_IV), (["hard", "random", "easy", "easy",
                                                      "medium"], ["smuggler"])])
def test_search_levels_play_whole_games_with_the_new_expansions(
        levels: list[str], expansions: list[str]) -> None:
    state = play(levels, seed=len(levels), expansions=expansions)
    assert GAME.result(state) is not None


def test_easy_beats_random_with_all_four_on_fixed_seeds() -> None:
    wins = 0
    for seed in range(4):
        levels = ["random"] * 4
        levels[seed] = "easy"  # every seat once
        result = GAME.result(play(levels, seed=seed, expansions=ALL))
        wins += result is not None and seed in result.winners
    assert wins >= 3  # easy wins ~100 % of such games (docs/bots.md)


def test_a_full_trading_house_makes_the_smuggler_worth_choosing_and_plundering() -> None:
    s = new(4, expansions=III_IV)
    before = valued(s)["smuggler"]
    house(s, "corn", "indigo", "sugar", "tobacco")
    s.turn = s.governor
    role = valued(s, s.turn)
    assert role["smuggler"] > 3.0 > before  # four VP to take
    assert role["smuggler"] == max(role.values())
    assert easy(s, s.turn) == {**easy(s, s.turn), "type": "role", "role": "smuggler"}
    smuggling(s)
    assert easy(s)["type"] == "plunder"


def test_the_raid_keeps_three_of_the_dearest_barrels() -> None:
    s = new(4, expansions=III_IV)
    load_ship(s, 0, "corn", 3)
    load_ship(s, 1, "coffee", 4)
    smuggling(s)
    v = valued(s)
    assert v["raid 1 3"] > v["raid 1 2"] > v["raid 1 1"] > v["raid 1 0"]
    assert v["raid 1 3"] > v["raid 0 3"] > v["pass"] == 0.0
    choice = easy(s)
    assert (choice["type"], choice["ship"], choice["keep"]) == ("raid", 1, 3)


def test_a_warehouse_makes_the_third_barrel_of_a_raid_worth_more() -> None:
    s = new(4, expansions=III_IV)
    load_ship(s, 1, "tobacco", 4)
    smuggling(s)
    bare = valued(s)
    build(s, 0, "small_warehouse")
    kept = valued(s)
    assert kept["raid 1 3"] - kept["raid 1 2"] > bare["raid 1 3"] - bare["raid 1 2"] > 0


def test_poach_with_empty_circles_and_every_worker_placed() -> None:
    s = new(4, expansions=III_IV)
    s.col_supply -= 5
    s.col_ship += 5  # 9 on the register: 5 to poach
    plant(s, 0, "sugar", "corn", occupied=False)
    build(s, 0, "small_sugar_mill", colonists=0)
    smuggling(s)
    assert easy(s)["type"] == "poach"
    act(s, 0, "poach")
    placed = []
    while step(s) == "place_workers":
        a = easy(s)
        assert a["type"] == "place_worker"  # never back to the supply while a circle is free
        placed.append((a["where"], a["index"]))
        GAME.apply(s, 0, a)
    assert len(placed) == 3 and ("city", 0) in placed


def test_no_poach_without_an_empty_circle() -> None:
    s = new(4, expansions=III_IV)
    s.col_supply -= 5
    s.col_ship += 5
    s.island_col[0] = [1]  # the one estate is worked, no building
    s.col_supply -= 1
    smuggling(s)
    v = valued(s)
    assert v["poach"] < 0 < max(v.values())
    assert easy(s)["type"] == "capture"


def test_the_capture_takes_the_card_with_the_most_doubloons() -> None:
    s = new(4, expansions=III_IV)
    smuggling(s)
    for i, r in enumerate(s.roles):
        s.role_coins[i] = 4 if C.ROLES[r] == "prospector" else 0
    s.legal = None
    choice = easy(s)
    assert choice == {**choice, "type": "capture", "role": "prospector"}


def test_a_captured_card_is_worth_less_to_choose() -> None:
    s = new(4, expansions=III_IV)
    free = []
    for seat in (0, 2):
        s.turn = seat
        s.legal = None
        free.append(valued(s, seat)["builder"])
    s.smuggler = [2, C.ROLES.index("builder"), 2]  # seat 2 captured it and holds the tile
    s.turn = 0
    s.legal = None
    assert valued(s, 0)["builder"] < free[0] - 0.5  # seat 2 would take the bounty
    s.turn = 2
    s.legal = None
    assert valued(s, 2)["builder"] < free[1]  # seat 2 plays it at the round's end anyway
    assert "smuggler" not in {a.get("role") for a in legal(s, 2)}  # the holder's rule


def test_the_festival_estate_near_three_is_preferred() -> None:
    s = new(4, expansions=III_IV)
    kind = C.GOODS[s.festival[0]]
    plant(s, 0, kind, kind, occupied=False)
    if s.festival[0] not in s.face_up:
        s.stack.remove(s.festival[0])
        s.stack.append(s.face_up.pop(0))
        s.face_up.append(s.festival[0])
    choose(s, 0, "settler")
    open_goal = valued(s)[kind]
    assert easy(s) == {**easy(s), "type": "plantation", "tile": kind}
    s.festival_won[0] = 1
    s.legal = None
    assert open_goal > valued(s)[kind] + 2.0


def test_the_festival_building_is_worth_its_3_vp_while_open() -> None:
    s = new(4, expansions=III_IV)
    b = C.BUILDINGS[s.festival[4]]
    s.coins[0] = 10
    choose(s, 0, "builder")
    open_goal = valued(s)[b]
    assert easy(s) == {**easy(s), "type": "build", "building": b}
    s.festival_won[2] = 1
    s.legal = None
    assert open_goal == pytest.approx(valued(s)[b] + 3.0)


def test_the_craftsman_pays_more_to_a_seat_making_every_festival_barrel() -> None:
    s = new(4, expansions=III_IV)
    need = [s.festival[1:4].count(g) for g in range(5)]
    makers = {C.INDIGO: "indigo_plant", C.SUGAR: "sugar_mill", C.TOBACCO: "tobacco_storage",
              C.COFFEE: "coffee_roaster"}
    for g, k in enumerate(need):
        if k:
            plant(s, 0, *[C.GOODS[g]] * k)
            if g in makers:
                build(s, 0, makers[g], colonists=k)
    s.col_supply -= sum(need) + sum(need[1:])
    s.turn = s.governor = 0
    s.legal = None
    open_goal = valued(s)["craftsman"]
    s.festival_won[1] = 3
    s.legal = None
    assert open_goal == pytest.approx(valued(s)["craftsman"] + 1.2)
