"""Undo until confirmed (issue 16): the mayor's placement steps back one colonist at a
time and is committed only by ``mayor_done``; a citizen goes back as a citizen; random
play never draws the undo (and stays finite), the quiet path holds none; format 4
loads. Rules version 4's confirm and send-backs: test_mayor_confirm.py."""

from __future__ import annotations

import random

import pytest

from server.engine.errors import CorruptState
from server.engine.playout import choose as random_choice
from server.games.puerto_rico.core import catalog as C
from tests.games.puerto_rico.helpers import GAME, act, build, choose, legal, new, plant


def _placing():
    """Seat 0 in a mayor turn with three colonists to place and room for more."""
    s = new(4)
    build(s, 0, "coffee_roaster", colonists=0)
    plant(s, 0, "coffee", "sugar", occupied=False)  # island: indigo, coffee, sugar
    s.island_col[0][0] = 1  # the indigo staffed from before: the turn may rearrange
    s.col_ship = 8
    s.col_supply = 0  # no privilege: 2 for seat 0
    choose(s, 0, "mayor")
    assert s.turn == 0 and s.san_juan[0] == 2
    return s


def _undo(s):
    return [a for a in legal(s) if a["type"] == "undo"]


def test_no_undo_before_anything_is_placed() -> None:
    assert _undo(_placing()) == []


def test_the_last_placement_goes_back_and_the_state_is_as_before() -> None:
    s = _placing()
    before = GAME.to_data(s)
    act(s, 0, "mayor_place", where="city", index=0)
    (undo,) = _undo(s)
    assert undo["label"] == "Undo: take the colonist back from the coffee roaster to San Juan"
    act(s, 0, "undo")
    after = GAME.to_data(s)
    assert {k: v for k, v in after.items() if k != "mayor_fresh"} == {
        k: v for k, v in before.items() if k != "mayor_fresh"}
    assert s.turn == 0 and _undo(s) == []  # nothing of this turn is placed any more


def test_undo_steps_back_one_at_a_time_in_reverse_order() -> None:
    s = _placing()
    act(s, 0, "mayor_lift")  # indigo's worker back too: 3 to place
    act(s, 0, "mayor_place", where="island", index=1)
    act(s, 0, "mayor_place", where="city", index=0)
    assert [a["label"] for a in _undo(s)] == [
        "Undo: take the colonist back from the coffee roaster to San Juan"]
    act(s, 0, "undo")
    assert s.city_col[0] == [0] and s.island_col[0][1] == 1 and s.san_juan[0] == 2
    assert [a["label"] for a in _undo(s)] == [
        "Undo: take the colonist back from the coffee plantation to San Juan"]
    act(s, 0, "undo")
    assert s.island_col[0] == [0, 0, 0] and s.san_juan[0] == 3


def test_confirm_commits_and_the_undo_is_gone() -> None:
    s = _placing()
    act(s, 0, "mayor_place", where="city", index=0)
    act(s, 0, "mayor_place", where="city", index=0)  # the last one: confirm or take back
    assert s.turn == 0 and _undo(s)  # rules 4 (under 3 the turn ended: test_mayor_confirm)
    act(s, 0, "mayor_done")
    assert s.turn == 1 and s.city_col[0] == [2]  # committed
    assert s.placed == [] and _undo(s) == []


def test_a_citizen_goes_back_as_a_citizen() -> None:
    s = new(4, "1897", expansions=["citizens"])
    build(s, 0, "coffee_roaster", colonists=0)
    plant(s, 0, "coffee", "sugar", occupied=False)
    s.island_col[0][0] = 1
    s.col_ship, s.cit_ship = 8, 1
    s.col_supply = 0
    s.cit_supply -= 1
    choose(s, 0, "mayor")
    assert s.san_juan_cit[0] == 1 and s.san_juan[0] == 2  # the citizen dealt first
    s.san_juan[0] += 1  # one more citizen waits: choices are left after placing one
    s.san_juan_cit[0] += 1
    s.legal = None
    act(s, 0, "mayor_lift")
    act(s, 0, "mayor_place", where="island", index=0)  # a worker
    act(s, 0, "mayor_place", where="island", index=1)  # a worker
    act(s, 0, "mayor_place", where="city", index=0)  # no worker waits: the citizen
    assert s.city_cit[0] == [1]
    (undo,) = _undo(s)
    assert "citizen" in undo["label"]
    act(s, 0, "undo")
    assert s.city_cit[0] == [0] and s.city_col[0] == [0] and s.san_juan_cit[0] == 2


def test_random_play_never_draws_undo_and_the_quiet_path_holds_none() -> None:
    s = _placing()
    act(s, 0, "mayor_place", where="city", index=0)
    actions = legal(s)
    assert actions[-1]["type"] == "undo"
    moves = GAME.moves(s, 0)
    assert len(moves) == len(actions) - 1
    for draw in range(len(actions)):
        assert random_choice(actions, lambda n, d=draw: d % n)["type"] != "undo"


def test_random_games_with_the_undo_end_and_load_back() -> None:
    """Plain random choices (undo included) still finish: it is never the lone move."""
    for seed in range(6):
        players = 2 + seed % 4
        s = GAME.setup(players, {"expansions": ["new_buildings", "citizens"]}, seed)
        rnd = random.Random(seed)
        undone = 0
        for k in range(5000):
            if GAME.is_over(s):
                break
            (seat,) = GAME.to_move(s)
            action = rnd.choice(GAME.legal_actions(s, seat))
            undone += action["type"] == "undo"
            GAME.apply(s, seat, action)
            if k % 25 == 0:
                assert GAME.to_data(GAME.from_data(GAME.to_data(s))) == GAME.to_data(s)
        assert GAME.is_over(s) and undone


def test_a_format_4_state_mid_placement_loads_and_plays_on() -> None:
    s = GAME.setup(4, {}, 3)
    rnd = random.Random(3)
    while not s.placed:  # a seeded game until someone is placing
        (seat,) = GAME.to_move(s)
        GAME.apply(s, seat, random_choice(GAME.legal_actions(s, seat), rnd.randrange))
    data = {k: v for k, v in GAME.to_data(s).items() if k != "placed"}
    data["format"] = 4
    loaded = GAME.from_data(data)
    assert loaded.placed == [] and _undo(loaded) == []  # nothing to take back: as saved
    assert [a for a in legal(loaded) if a["type"] != "undo"] == [
        a for a in legal(s) if a["type"] != "undo"]


def test_placed_outside_a_mayor_turn_is_refused() -> None:
    data = GAME.to_data(new(4))
    with pytest.raises(CorruptState, match="placed: empty outside a mayor turn"):
        GAME.from_data({**data, "placed": [C.CITY_SPACES]})
