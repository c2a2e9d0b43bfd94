"""The Expansion I draft and the setups with the Citizens (000 "Expansion I" and
"Expansion II" game setup; docs/rules-notes.md for the extra-building rule)."""

from __future__ import annotations

import random

import pytest

from server.games.puerto_rico.core import catalog as C
from tests.games.puerto_rico.exp_helpers import BOTH, CIT, NB, types
from tests.games.puerto_rico.helpers import GAME, last, legal, new, step


def _draft(s: object, seed: int = 0) -> list[int]:
    """Play the draft at random; returns the seats in the order they picked."""
    rnd = random.Random(seed)
    seats = []
    while step(s) == "draft":
        seats.append(s.turn)
        GAME.apply(s, s.turn, rnd.choice(legal(s)))
    return seats


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_draft_fills_17_spaces_from_the_starting_player(players: int) -> None:
    s = new(players, expansions=NB)
    assert step(s) == "draft" and types(s) == ["draft"] * len(legal(s))
    assert len(legal(s)) == 17 + 14  # the 55 tiles: 17 base + 14 new kinds
    seats = _draft(s, players)
    assert seats == [i % players for i in range(17)]
    assert sorted(C.COST[b] for b in s.spaces) == sorted(C.DRAFT_SPACES)
    assert len(s.board) == 6 + 17 and step(s) == "choose_role" and s.turn == 0
    for b in s.spaces:
        small = not C.LARGE[b]
        assert s.bsupply[b] == (2 if small and players > 2 else 1)


def test_a_placed_building_cannot_be_chosen_again_and_full_costs_close() -> None:
    s = new(3, expansions=NB)
    GAME.apply(s, 0, {"type": "draft", "building": "aqueduct"})  # the only 1-space
    offered = {a["building"] for a in legal(s)}
    assert "aqueduct" not in offered and "small_market" not in offered
    assert "hacienda" in offered and "forest_house" in offered


def test_the_view_shows_the_spaces_and_what_may_still_be_placed() -> None:
    s = new(4, expansions=NB)
    GAME.apply(s, 0, {"type": "draft", "building": "church"})
    board = GAME.view(s, 2)["board"]
    assert board["copies_per_space"] == 2
    assert {"cost": 5, "building": "church"} in board["spaces"]
    assert sum(1 for x in board["spaces"] if x["building"] is None) == 16
    assert "church" not in board["candidates"] and "office" in board["candidates"]
    assert sorted(board["candidates"]) == sorted(a["building"] for a in legal(s))
    assert GAME.view(s, 2)["buildings"]["church"] == 2


def test_citizens_with_base_buildings_put_their_8_on_the_board_without_a_draft() -> None:
    s = new(4, expansions=CIT)
    assert step(s) == "choose_role" and "board" not in GAME.view(s, None)
    assert set(C.CITIZENS_SET) <= set(s.board) and len(C.CITIZENS_SET) == 8
    assert len(s.board) == 23 + 8 and s.bsupply[C.ROYAL_GARDEN] == 1
    assert s.bsupply[C.VILLA] == 2 and not set(C.NEW_BUILDINGS_SET) & set(s.board)
    assert new(2, expansions=CIT).bsupply[C.VILLA] == 1  # one copy with two players


def test_citizens_with_expansion_one_draft_one_extra_of_each_cost_2_to_8() -> None:
    """Rules notes: 7 more spaces, 2..8 (rules 5; version 4 had a sixth 10 as well);
    every Citizens building is a candidate, the Tailor Shop and Town Square too."""
    s = new(4, expansions=BOTH)
    assert len(s.cat.space_costs) == 17 + 7
    extra = sorted(s.cat.space_costs)
    for cost in range(2, 9):
        assert extra.count(cost) == C.DRAFT_SPACES.count(cost) + 1
    assert extra.count(10) == 5
    offered = {a["building"] for a in legal(s)}
    assert {C.BUILDINGS[b] for b in C.CITIZENS_SET} <= offered
    assert len(offered) == 17 + 14 + 8
    seats = _draft(s)
    assert len(seats) == 24 and len(s.board) == 6 + 24
    assert step(s) == "choose_role"
    assert new(4, expansions=BOTH, rules_version=4).cat.space_costs.count(10) == 6


def test_a_draft_left_midway_loads_back() -> None:
    s = new(5, expansions=BOTH)
    for _ in range(7):
        GAME.apply(s, s.turn, last(s))
    again = GAME.from_data(GAME.to_data(s))
    assert GAME.to_data(again) == GAME.to_data(s) and step(again) == "draft"
    assert legal(again) == legal(s)
