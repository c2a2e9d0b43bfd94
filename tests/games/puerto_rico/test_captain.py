"""Captain phase scenarios: the rulebook examples and the loading/storage edge cases."""

from __future__ import annotations

from server.games.puerto_rico.core import catalog as C
from tests.games.puerto_rico.helpers import (
    GAME,
    act,
    build,
    choose,
    goods,
    legal,
    load_ship,
    new,
    step,
    strip,
    take_all,
)

SUGAR, CORN, TOBACCO = C.SUGAR, C.CORN, C.TOBACCO


def _loads(s, seat=None):
    return [(a["good"], a["ship"]) for a in strip(legal(s, seat)) if a["type"] == "load"]


def test_captain_example_anna_benno_clara_donni() -> None:
    """1897 rulebook, 4 players: ships 5, 6 (half full of corn), 7. (In 1897 the
    captain's advantage VP is not optional: it comes with the load.)"""
    s = new(4, "1897")
    anna, benno, clara, donni = range(4)
    load_ship(s, 1, "corn", 3)
    goods(s, anna, corn=2, sugar=6)
    goods(s, benno, sugar=2, tobacco=3)
    goods(s, clara, corn=2, tobacco=1)
    goods(s, donni, corn=1, indigo=5)
    choose(s, anna, "captain")
    # sugar may only go on the 7-ship: it takes more than the empty 5-ship
    assert sorted(_loads(s)) == [("corn", 1), ("sugar", 2)]
    ev = act(s, anna, "load", good="sugar", ship=2)
    assert s.vp[anna] == 7 and ev[-1]["private"] == {"0": "+7 VP"}
    assert "+7" not in ev[-1]["text"]
    assert s.turn == benno
    assert sorted(_loads(s)) == [("sugar", 2), ("tobacco", 0)]
    act(s, benno, "load", good="sugar", ship=2)
    assert s.vp[benno] == 1
    act(s, clara, "load", good="tobacco", ship=0)
    # Donni can only load his corn, Anna then her corn, Benno his tobacco: all forced
    assert s.vp == [9, 4, 1, 1]
    assert s.pgoods[benno][TOBACCO] == 0
    # storage: Clara and Donni keep one barrel each (or nothing: their choice); full
    # ships unloaded, the 5-ship stays
    assert step(s) == "captain_store" and s.turn == clara
    assert [a["label"] for a in legal(s)] == ["Keep 1 corn", "Keep nothing"]
    act(s, clara, "store", keep=[], single="corn")
    act(s, donni, "store", keep=[], single="indigo")
    assert s.pgoods[clara] == [1, 0, 0, 0, 0]
    assert s.pgoods[donni] == [0, 1, 0, 0, 0]
    assert s.ship_load == [4, 0, 0] and s.ship_good == [TOBACCO, -1, -1]
    assert step(s) == "choose_role"


def test_harbor_with_wharf_example() -> None:
    s = new(4)
    p = 0
    build(s, p, "harbor", "wharf")
    load_ship(s, 0, "tobacco", 2)  # room for 3 more
    load_ship(s, 2, "corn", 1)
    goods(s, p, tobacco=5, sugar=2)
    choose(s, 1, "captain")  # seat 1 is captain and has nothing to load
    assert s.turn == p
    assert set(_loads(s)) == {
        ("sugar", 1),
        ("sugar", "wharf"),
        ("tobacco", 0),
        ("tobacco", "wharf"),
    }
    act(s, p, "load", good="tobacco", ship=0)
    assert s.vp[p] == 3 and step(s) == "captain_vp"  # the harbor's point is a choice
    take_all(s)
    assert s.vp[p] == 4
    act(s, p, "load", good="sugar", ship=1)
    take_all(s)
    assert s.vp[p] == 7
    # no cargo ship takes tobacco now: the wharf is optional, so pass is offered
    assert {a["type"] for a in legal(s)} == {"load", "pass"}
    act(s, p, "load", good="tobacco", ship="wharf")
    take_all(s)
    assert s.vp[p] == 10 and s.pgoods[p] == [0] * 5
    assert s.vp[1] == 0  # the captain loaded nothing: no privilege


def test_empty_ships_that_all_take_everything_are_all_allowed() -> None:
    s = new(4)
    goods(s, 0, sugar=2)
    choose(s, 0, "captain")
    # every empty ship takes both barrels: any may be chosen ... but a single forced
    # choice would have been applied; three ships -> three choices
    assert sorted(_loads(s)) == [("sugar", 0), ("sugar", 1), ("sugar", 2)]


def test_no_two_ships_carry_one_kind_and_must_load() -> None:
    s = new(4)
    load_ship(s, 1, "corn", 6)  # full 6-ship of corn
    goods(s, 0, corn=3, coffee=1)
    goods(s, 1, coffee=1)
    choose(s, 0, "captain")
    # corn may not go on an empty ship while a ship carries corn; no pass while a load
    # exists; one coffee fits the 5- and the 7-ship alike
    assert {a["type"] for a in legal(s)} == {"load"}
    assert sorted(_loads(s)) == [("coffee", 0), ("coffee", 2)]


def test_wharf_once_per_phase_and_declined_wharf() -> None:
    s = new(4)
    build(s, 0, "wharf")
    load_ship(s, 0, "corn", 5)
    load_ship(s, 1, "sugar", 6)
    load_ship(s, 2, "indigo", 7)  # every ship full
    goods(s, 0, corn=2, sugar=3)
    goods(s, 1, corn=1)
    choose(s, 0, "captain")
    assert set(_loads(s)) == {("corn", "wharf"), ("sugar", "wharf")}
    act(s, 0, "load", good="sugar", ship="wharf")
    take_all(s)
    assert s.vp[0] == 4  # 3 + captain's privilege
    # corn is left, the wharf is used: nobody can load; seat 0 keeps one corn of two
    assert step(s) == "captain_store" and s.turn == 0
    act(s, 0, "store", keep=[], single="corn")
    assert step(s) == "choose_role"
    assert s.pgoods[0][CORN] == 1 and s.pgoods[1][CORN] == 1


def test_store_choices_with_small_warehouse() -> None:
    s = new(4)
    build(s, 0, "small_warehouse")
    for j, g in enumerate(("tobacco", "sugar", "indigo")):
        load_ship(s, j, g, C.SETUPS[4].ships[j])  # all ships full: nothing loads
    goods(s, 0, corn=3, coffee=2)
    goods(s, 1, corn=2, coffee=1)
    choose(s, 0, "captain")
    # seat 0 has two kinds and one warehouse kind: keeps one kind whole plus one barrel,
    # or less (001: "he may choose which goods to store and which to return")
    assert step(s) == "captain_store" and s.turn == 0
    opts = [(tuple(a["keep"]), a["single"]) for a in strip(legal(s))]
    assert sorted(opts[:2]) == [(("coffee",), "corn"), (("corn",), "coffee")]  # most first
    assert set(opts[2:]) == {
        (("corn",), None), (("coffee",), None), ((), "corn"), ((), "coffee"), ((), None)
    }
    assert opts[-1] == ((), None)
    act(s, 0, "store", keep=["coffee"], single="corn")
    assert s.pgoods[0] == [1, 0, 0, 0, 2]
    # seat 1: no warehouse, two kinds -> chooses which single barrel to keep, or none
    assert s.turn == 1
    opts = [(tuple(a["keep"]), a["single"]) for a in strip(legal(s))]
    assert sorted(opts[:2]) == [((), "coffee"), ((), "corn")] and opts[2:] == [((), None)]
    act(s, 1, "store", keep=[], single="coffee")
    assert s.pgoods[1] == [0, 0, 0, 0, 1]


def test_storage_applied_when_everything_fits() -> None:
    s = new(4)
    build(s, 0, "small_warehouse", "large_warehouse")
    for j, g in enumerate(("tobacco", "sugar", "indigo")):
        load_ship(s, j, g, C.SETUPS[4].ships[j])
    goods(s, 0, corn=3, coffee=2)
    choose(s, 0, "captain")
    assert s.pgoods[0] == [3, 0, 0, 0, 2]
    assert step(s) == "choose_role"


def test_last_vp_chip_ends_the_round_and_extra_vp_still_count() -> None:
    s = new(3)  # 3 players: roles are chosen by seats 0, 1, 2
    s.vp_supply = 3
    goods(s, 0, sugar=6)
    choose(s, 0, "captain")
    assert s.vp[0] == 7 and s.vp_supply == -4 and s.last_round
    assert GAME.view(s, None)["vp_chips"] == 0
    assert not GAME.is_over(s)
    act(s, 1, "role", role="trader")  # nobody has goods: every turn passes by itself
    assert s.turn == 2 and step(s) == "choose_role"
    act(s, 2, "role", role="builder")
    while not GAME.is_over(s):
        act(s, s.turn, "pass")
    res = GAME.result(s)
    assert res is not None
    assert res.scores[0].breakdown["vp_chips"] == 7
    assert s.round == 1


def test_full_ships_unload_partial_stay() -> None:
    s = new(4)
    goods(s, 0, corn=5)
    goods(s, 1, sugar=2)
    corn_supply = s.goods[CORN]
    choose(s, 0, "captain")
    act(s, 0, "load", good="corn", ship=0)  # fills the 5-ship
    take_all(s)  # the captain's privilege point
    act(s, 1, "load", good="sugar", ship=2)
    assert step(s) == "choose_role"
    assert s.ship_good == [-1, -1, SUGAR] and s.ship_load == [0, 0, 2]
    assert s.goods[CORN] == corn_supply + 5
    assert s.vp[:2] == [6, 2]
