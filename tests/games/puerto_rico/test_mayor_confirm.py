"""Rules version 4 (issue 16): the mayor confirms his placement and may take back the
last placement or send any of his colonists back until then; a game set up under
version 3 (stored rooms, replays, saved games) keeps the old mayor and replays move
for move; random play, the quiet path and the bots never take back and always end."""

from __future__ import annotations

import random

import pytest

from server.bots.levels import make_bot
from server.engine.errors import CorruptState, IllegalAction
from server.engine.playout import choose as random_choice
from server.games.puerto_rico.core.moves import parse
from server.net.seating import setup_options
from server.store.base import RoomRecord, SeatRecord
from tests.games.puerto_rico.helpers import GAME, act, build, choose, legal, new, plant, random_log


def _placing(**opts):
    """Seat 0 in a mayor turn: 2 colonists waiting; indigo staffed from before; an
    empty coffee roaster and empty coffee and sugar plantations."""
    s = new(4, **opts)
    build(s, 0, "coffee_roaster", colonists=0)
    plant(s, 0, "coffee", "sugar", occupied=False)  # island: indigo, coffee, sugar
    s.island_col[0][0] = 1
    s.col_ship = 8
    s.col_supply = 0  # no privilege: 2 for seat 0
    choose(s, 0, "mayor")
    assert s.turn == 0 and s.san_juan[0] == 2
    return s


def _types(s):
    return [a["type"] for a in legal(s)]


def test_version_4_asks_for_a_confirm_after_the_last_placement() -> None:
    s = _placing(rules_version=4)
    assert s.rules == 4
    act(s, 0, "mayor_place", where="city", index=0)
    act(s, 0, "mayor_place", where="island", index=1)
    assert s.turn == 0 and s.san_juan[0] == 0  # all placed, nothing committed
    actions = legal(s)
    assert actions[0] == {**actions[0], "type": "mayor_done", "label": "Confirm the placement"}
    assert {a["type"] for a in actions[1:]} == {"undo"}
    act(s, 0, "mayor_done")
    assert s.turn == 1 and s.placed == []
    assert s.city_col[0] == [1] and s.island_col[0] == [1, 1, 0]


def test_the_same_turn_under_version_3_ends_with_the_last_placement() -> None:
    s = _placing(rules_version=3)
    act(s, 0, "mayor_place", where="city", index=0)
    act(s, 0, "mayor_place", where="island", index=1)
    assert s.turn == 1 and s.city_col[0] == [1]


def test_undo_at_the_last_placement() -> None:
    s = _placing()
    act(s, 0, "mayor_place", where="city", index=0)
    act(s, 0, "mayor_place", where="island", index=1)
    undo = next(a for a in legal(s) if a["type"] == "undo" and "where" not in a)
    assert undo["label"] == "Undo: take the colonist back from the coffee plantation to San Juan"
    act(s, 0, "undo")
    assert s.turn == 0 and s.island_col[0] == [1, 0, 0] and s.san_juan[0] == 1
    act(s, 0, "mayor_place", where="island", index=2)  # sugar instead
    act(s, 0, "mayor_done")
    assert s.turn == 1 and s.island_col[0] == [1, 0, 1]


def test_send_back_a_chosen_colonist_even_one_placed_before() -> None:
    s = _placing()
    assert [a for a in legal(s) if a["type"] == "undo"] == []  # two wait: place them first
    act(s, 0, "mayor_place", where="city", index=0)
    labels = [a["label"] for a in legal(s) if a["type"] == "undo"]
    assert labels == ["Undo: take the colonist back from the coffee roaster to San Juan"]
    act(s, 0, "mayor_place", where="island", index=1)
    sends = [a for a in legal(s) if a["type"] == "undo" and "where" in a]
    # the coffee plantation's colonist is the undo's: no send-back that would do the same
    assert [(a["where"], a["index"], a["label"]) for a in sends] == [
        ("island", 0, "Send back the colonist from the indigo plantation"),
        ("city", 0, "Send back the colonist from the coffee roaster")]
    act(s, 0, "undo", where="island", index=0)  # the old indigo worker back to San Juan
    assert s.island_col[0] == [0, 1, 0] and s.san_juan[0] == 1 and len(s.placed) == 2
    act(s, 0, "mayor_place", where="island", index=2)
    assert s.turn == 0
    act(s, 0, "mayor_done")
    assert s.turn == 1 and s.island_col[0] == [0, 1, 1] and s.city_col[0] == [1]


def test_sending_back_what_this_turn_placed_drops_it_from_the_undo() -> None:
    s = _placing()
    act(s, 0, "mayor_place", where="city", index=0)
    act(s, 0, "mayor_place", where="island", index=1)
    act(s, 0, "undo", where="city", index=0)
    assert s.city_col[0] == [0] and len(s.placed) == 1
    act(s, 0, "undo")  # the coffee colonist: the last placement left
    assert s.placed == [] and s.island_col[0] == [1, 0, 0] and s.san_juan[0] == 2


def test_a_turn_that_brings_nobody_may_send_one_back_and_place_it_elsewhere() -> None:
    s = _placing()
    s.san_juan[0] = 0  # nobody came (the two go back to the supply)
    s.col_supply += 2
    s.legal = None
    assert [a["type"] for a in legal(s)] == ["mayor_lift", "mayor_done", "undo"]
    act(s, 0, "undo", where="island", index=0)
    act(s, 0, "mayor_place", where="city", index=0)
    assert s.turn == 0
    act(s, 0, "mayor_done")
    assert s.turn == 1 and s.island_col[0] == [0, 0, 0] and s.city_col[0] == [1]


def test_a_wrong_send_back_is_refused() -> None:
    s = _placing()
    with pytest.raises(IllegalAction):
        act(s, 0, "undo", where="island", index=1)  # nobody on the coffee plantation
    with pytest.raises(IllegalAction):
        act(s, 0, "undo")  # nothing placed this turn


def test_a_version_3_log_replays_identically_and_not_under_version_4() -> None:
    opts = {"expansions": ["new_buildings", "citizens"], "rules_version": 3}
    log, events, final = random_log(opts, 11)
    s = GAME.setup(3, opts, 11)
    replayed = []
    for seat, a in log:
        replayed += GAME.apply(s, seat, a)
    assert GAME.to_data(s) == final and replayed == events and s.rules == 3
    s = GAME.setup(3, {**opts, "rules_version": 4}, 11)
    with pytest.raises(IllegalAction):  # the confirm is missing somewhere
        for seat, a in log:
            GAME.apply(s, seat, a)


def test_a_stored_room_passes_its_version_to_setup() -> None:
    seats = [SeatRecord(i) for i in range(3)]
    old = RoomRecord("r", "puerto-rico", 3, {}, 4, "t", None, seats=seats, rules_version=3)
    now = RoomRecord("r", "puerto-rico", 3, {}, 4, "t", None, seats=seats)
    assert GAME.setup(3, setup_options(old), 4).rules == 3
    assert GAME.setup(3, setup_options(now), 4).rules == GAME.rules_version == 6


def test_a_format_5_state_plays_on_under_version_3() -> None:
    """A state saved before format 6 was a version-3 game: it goes on as one."""
    s = GAME.setup(4, {"rules_version": 3}, 3)
    rnd = random.Random(3)
    while not s.placed:  # a seeded game until someone is placing
        (seat,) = GAME.to_move(s)
        GAME.apply(s, seat, random_choice(GAME.legal_actions(s, seat), rnd.randrange))
    data = {k: v for k, v in GAME.to_data(s).items() if k != "rules"}
    data["format"] = 5
    loaded = GAME.from_data(data)
    assert loaded.rules == 3 and GAME.to_data(loaded) == GAME.to_data(s)
    for _ in range(300):  # the same choices: the same game, the old mayor
        (seat,) = GAME.to_move(s)
        a = random_choice(GAME.legal_actions(s, seat), rnd.randrange)
        assert GAME.apply(loaded, seat, a) == GAME.apply(s, seat, a)
    assert GAME.to_data(loaded) == GAME.to_data(s)


def test_an_unknown_rules_version_is_refused() -> None:
    with pytest.raises(Exception, match="rules"):
        GAME.from_data({**GAME.to_data(new(4)), "rules": 9})
    with pytest.raises(Exception, match="rules_version"):
        GAME.normalize_options(4, {"rules_version": GAME.rules_version + 1})


@pytest.mark.parametrize("rules", [3, 4, 5])
def test_the_quiet_path_and_the_labelled_path_agree_step_for_step(rules: int) -> None:
    opts = {"expansions": ["new_buildings", "citizens"], "rules_version": rules}
    quiet, loud = GAME.setup(4, opts, 7), GAME.setup(4, opts, 7)
    rq, rl = random.Random(7), random.Random(7)
    confirms = offered = 0
    while not GAME.is_over(loud):
        (seat,) = GAME.to_move(loud)
        moves = GAME.moves(quiet, seat)
        actions = GAME.legal_actions(loud, seat)
        assert [parse(a) for a in actions if a["type"] != "undo"] == moves
        a = random_choice(actions, rl.randrange)  # never a take-back
        assert a["type"] != "undo"
        offered += any(x["type"] == "undo" for x in actions)
        confirms += a["type"] == "mayor_done" and a["label"].startswith("Confirm")
        GAME.apply(loud, seat, a)
        GAME.apply_move(quiet, seat, moves[rq.randrange(len(moves))])
        assert GAME.to_data(quiet) == GAME.to_data(loud)
    assert GAME.is_over(quiet)
    assert (confirms > 0) == (rules >= 4) and offered


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_bots_confirm_and_never_take_back(level: str) -> None:
    s = _placing()
    bot = make_bot(level, GAME, 1, iterations=30)
    for _ in range(5):
        if s.turn != 0:
            break
        a = bot.choose(GAME, s, 0)
        assert a["type"] != "undo"
        GAME.apply(s, 0, a)
    assert s.turn == 1 and s.san_juan[0] == 0


def test_a_placement_that_names_nobody_is_refused() -> None:
    s = GAME.setup(4, {}, 3)
    rnd = random.Random(3)
    while not s.placed:  # a seeded game until someone is placing
        (seat,) = GAME.to_move(s)
        GAME.apply(s, seat, random_choice(GAME.legal_actions(s, seat), rnd.randrange))
    data = GAME.to_data(s)
    GAME.from_data(data)  # as saved: fine
    code = data["placed"][-1]
    with pytest.raises(CorruptState, match=f"placed: 2 placed at (island|city) {code & 15} "):
        GAME.from_data({**data, "placed": [code, code]})
    with pytest.raises(CorruptState, match="placed: 47 names no place"):
        GAME.from_data({**data, "placed": [47]})
