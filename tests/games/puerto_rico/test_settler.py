"""Settler phase: privilege quarry, construction hut, hacienda, hospice, refill, full island."""

from __future__ import annotations

from server.games.puerto_rico.core import catalog as C
from tests.games.puerto_rico.helpers import act, build, choose, legal, new, plant, step, take_all


def _types(s) -> set[str]:
    return {a["type"] for a in legal(s)}


def test_quarry_is_the_settlers_privilege_and_the_huts_function() -> None:
    s = new(4)
    build(s, 2, "construction_hut")
    build(s, 3, "construction_hut", colonists=0)
    choose(s, 0, "settler")
    assert "quarry" in _types(s)
    act(s, 0, "quarry")
    assert s.island[0][-1] == C.QUARRY and s.quarries == 7
    assert "quarry" not in _types(s)  # seat 1: no hut
    act(s, 1, "pass")
    assert "quarry" in _types(s)  # seat 2: occupied hut
    act(s, 2, "quarry")
    assert "quarry" not in _types(s)  # seat 3: unoccupied hut does nothing


def test_no_quarry_left_means_no_privilege() -> None:
    s = new(4)
    s.quarries = 0
    choose(s, 0, "settler")
    assert "quarry" not in _types(s)


def test_face_up_row_refilled_after_the_phase_and_leftovers_discarded() -> None:
    s = new(4)
    row = list(s.face_up)
    stack = len(s.stack)
    choose(s, 0, "settler")
    for seat in range(4):
        tile = s.face_up[0]
        act(s, seat, "plantation", tile=C.GOODS[tile])
    assert len(s.discard) == 1 and s.discard[0] in row
    assert len(s.face_up) == 5 and len(s.stack) == stack - 5
    assert step(s) == "choose_role"


def test_discards_reshuffled_when_the_stack_runs_short() -> None:
    s = new(3)
    s.discard = s.stack[:-2]
    s.stack = s.stack[-2:]
    total = len(s.discard) + len(s.stack) + len(s.face_up)
    choose(s, 0, "settler")
    for _ in range(3):
        act(s, s.turn, "pass")
    assert len(s.face_up) == 4
    assert len(s.discard) == 0
    assert len(s.face_up) + len(s.stack) == total


def test_full_island_takes_nothing() -> None:
    s = new(4)
    plant(s, 1, *["corn"] * 7, *["sugar"] * 4)
    assert len(s.island[1]) == 12
    choose(s, 0, "settler")
    act(s, 0, "pass")
    assert s.turn == 2  # seat 1 was skipped: nothing to decide


def test_hacienda_draws_face_down_then_normal_turn() -> None:
    s = new(4)
    build(s, 0, "hacienda")
    top = s.stack[-1]
    choose(s, 0, "settler")
    assert "hacienda" in _types(s)
    act(s, 0, "hacienda")
    assert s.island[0][-1] == top and s.turn == 0
    assert "hacienda" not in _types(s) and "quarry" in _types(s)
    act(s, 0, "quarry")
    assert len(s.island[0]) == 3 and s.turn == 1


def test_hospice_classic_staffs_only_the_chosen_tile() -> None:
    s = new(4, "classic")
    build(s, 0, "hacienda", "hospice")
    choose(s, 0, "settler")
    act(s, 0, "hacienda")
    act(s, 0, "quarry")
    assert [a["index"] for a in legal(s) if a["type"] == "hospice"] == [2]  # the quarry
    act(s, 0, "hospice", index=2)
    assert s.island_col[0][-2:] == [0, 1]
    assert s.turn == 1


def test_hospital_1897_with_hacienda_worker_on_either_tile() -> None:
    s = new(4, "1897")
    build(s, 0, "hacienda", "hospice")
    s.stack.append(C.COFFEE)  # the face-down tile will be coffee
    choose(s, 0, "settler")
    act(s, 0, "hacienda")
    supply = s.col_supply
    act(s, 0, "quarry")
    assert step(s) == "settler_hospice"
    opts = sorted(a.get("index", -1) for a in legal(s))
    assert opts == [-1, 1, 2]  # either tile, or no worker
    act(s, 0, "hospice", index=1)
    assert s.island_col[0][1:] == [1, 0] and s.col_supply == supply - 1
    assert s.turn == 1


def test_hospice_takes_from_the_ship_when_the_supply_is_empty() -> None:
    s = new(4)
    build(s, 0, "hospice")
    s.col_supply = 0
    ship = s.col_ship
    choose(s, 0, "settler")
    act(s, 0, "quarry")
    assert legal(s)[0]["label"] == "Hospice: take a colonist for the quarry (from the colonist ship)"
    take_all(s)
    assert s.island_col[0][-1] == 1 and s.col_ship == ship - 1


def test_hospital_1897_staffs_the_hacienda_tile_when_nothing_else_is_taken() -> None:
    for edition, staffed in (("1897", 1), ("classic", 0)):
        s = new(4, edition)
        build(s, 0, "hacienda", "hospice")
        choose(s, 0, "settler")
        act(s, 0, "hacienda")
        act(s, 0, "pass")
        take_all(s)  # 1897: the hospital's worker for the hacienda tile (a choice)
        assert s.island_col[0][-1] == staffed, edition
        assert s.turn == 1
