"""What `load` refuses (docs/puerto-rico-state.md): each impossible state is a
CorruptState whose message names the field; every state of real games loads."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from server.bots import make_bot
from server.engine.errors import CorruptState
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.state import FORMAT
from tests.games.puerto_rico.helpers import GAME, build, choose, goods, new

Data = dict[str, Any]


def _fresh(players: int = 4, edition: str = "classic") -> Data:
    return GAME.to_data(new(players, edition))


def _refused(data: Data, field: str, words: str = "") -> str:
    with pytest.raises(CorruptState) as err:
        GAME.from_data(data)
    message = str(err.value)
    assert message.startswith(f"{field}: "), message
    assert words in message, message
    return message


def test_format_is_written_and_checked() -> None:
    data = _fresh()
    assert FORMAT == 6 and data["format"] == 6 and next(iter(data)) == "format"
    _refused({**data, "format": 2}, "format", "2 is older; this engine reads format 6")
    _refused({**data, "format": 7}, "format", "7 is unknown or newer")
    _refused({**data, "format": "6"}, "format", "unknown or newer")
    old = {k: v for k, v in data.items() if k != "format"}
    _refused({**old, "v": 1}, "format", "missing; this engine reads format 6 (a state with")
    _refused({**data, "turn_order": [0]}, "turn_order", "unknown field")


def test_a_fresh_game_with_90_vp_chips_missing() -> None:
    data = _fresh()
    _refused({**data, "vp_supply": 10}, "vp_supply", "supply + players' VP is 10, the game has 100")
    vp = [90, 0, 0, 0]  # handed to a seat: the total holds, so this one is fine
    GAME.from_data({**data, "vp_supply": 10, "vp": vp})


def test_500_doubloons() -> None:
    data = _fresh()
    _refused({**data, "coins": [500, 3, 3, 3]}, "coins", "seat 0 has 500; at most 17 by now")
    late = {**data, "round": 10, "role_coins": [0] * 7}
    GAME.from_data({**late, "coins": [100, 3, 3, 3]})  # 3 + 14 x 10 + 3 x 9 = 170
    _refused({**late, "coins": [171, 3, 3, 3]}, "coins")


def test_a_player_to_move_who_does_not_follow_from_the_governor_and_the_picks() -> None:
    data = _fresh()
    _refused({**data, "turn": 2}, "turn", "is seat 2, but seat 0 chooses now")
    s = new(4)
    s.governor = 1
    s.turn = 1
    GAME.from_data(GAME.to_data(s))
    _refused({**GAME.to_data(s), "turn": 0}, "turn", "seat 1 chooses now (governor 1, pick 1)")
    s = new(4)
    choose(s, 0, "builder")
    GAME.apply(s, 0, {"type": "pass"})  # seat 0 builds nothing: seat 1 is next
    data = GAME.to_data(s)
    assert data["turn"] == 1 and data["phase_i"] == 1
    _refused({**data, "turn": 3}, "turn", "but seat 1 moves")
    _refused({**data, "role_player": 2}, "role_player", "seat 0 chose the role in play")
    taken = list(data["role_taken"])
    taken[C.BUILDER] = 2
    _refused({**data, "role_taken": taken}, "role_taken", "builder was chosen by seat 0")


def _add_tile(d: Data, tile: int) -> None:
    d["island"][0].append(tile)
    d["island_col"][0].append(0)
    d["island_cit"][0].append(0)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["goods"].__setitem__(0, d["goods"][0] + 1), "goods"),
        (lambda d: d["pgoods"][1].__setitem__(4, 1), "goods"),
        (lambda d: d["san_juan"].__setitem__(2, 1), "col_supply"),
        (lambda d: d.update(col_ship=d["col_ship"] + 1), "col_supply"),
        (lambda d: d["stack"].pop(), "stack"),
        (lambda d: d["discard"].append(4), "stack"),
        (lambda d: _add_tile(d, 5), "quarries"),
        (lambda d: _add_tile(d, 2), "stack"),
        (lambda d: d["bsupply"].__setitem__(16, 1), "bsupply"),
        (lambda d: d["vp"].__setitem__(3, 1), "vp_supply"),
    ],
)
def test_every_component_total_is_checked(change: Callable[[Data], Any], field: str) -> None:
    data = _fresh()
    change(data)
    _refused(data, field)


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"n": 6}, "n", "Puerto Rico is for 2 to 5"),
        ({"round": 0}, "round", ""),
        ({"governor": 4}, "governor", ""),
        ({"picks": 4}, "picks", ""),
        ({"picks_per_round": 3}, "picks_per_round", ""),
        ({"step": 18}, "step", "unknown step"),
        ({"roles": [0, 1, 2, 3, 4, 5, 6, 7]}, "roles", ""),
        ({"role_coins": [1, 0, 0, 0, 0, 0, 0]}, "role_coins", "more than 0"),
        ({"role_coins": [0, 0, 0, 0, 0, 0, 0, 0]}, "role_coins", "one per card"),
        ({"house": [1, 1]}, "house", "needs an office"),
        ({"ship_cap": [4, 5, 7]}, "ship_cap", ""),
        ({"ship_good": [0, -1, -1]}, "ship_good", "exactly when loaded"),
        ({"face_up": [0, 0, 0, 0, 0, 0]}, "face_up", "at most 5"),
        ({"wharf_used": [1, 0, 0, 0]}, "wharf_used", "seat 0 has no wharf"),
        ({"hacienda_tile": 0}, "hacienda_tile", "outside the settler phase"),
        ({"mayor_fresh": True}, "mayor_fresh", ""),
        ({"produced": 1}, "produced", ""),
        ({"captain_loaded": True}, "captain_loaded", ""),
        ({"vp_pending": 2}, "vp_pending", ""),
        ({"last_round": False, "step": 9, "turn": -1, "picks": 4}, "last_round", ""),
    ],
)
def test_ranges_and_phase_memory(fields: Data, field: str, words: str) -> None:
    _refused({**_fresh(), **fields}, field, words)


def test_the_pending_decision_must_fit_the_phase() -> None:
    s = new(4)
    build(s, 0, "hospice")
    s.col_supply -= 1  # (the helper staffs it from nowhere)
    choose(s, 0, "settler")
    GAME.apply(s, 0, {"type": "quarry"})
    data = GAME.to_data(s)
    assert data["step"] == 2  # settler_hospice
    city_col = [list(c) for c in data["city_col"]]
    city_col[0][0] = 0  # the hospice unstaffed (its colonist back in the supply)
    _refused({**data, "city_col": city_col, "col_supply": data["col_supply"] + 1}, "step",
             "no occupied hospice")
    s = new(4)
    goods(s, 0, corn=2)
    choose(s, 0, "captain")
    GAME.apply(s, 0, {"type": "load", "good": "corn", "ship": 0})
    data = GAME.to_data(s)
    assert data["step"] == 13 and data["vp_pending"] == 1  # the classic privilege point
    _refused({**data, "edition": "1897"}, "vp_pending", "compulsory")
    _refused({**data, "vp_pending": 3}, "vp_pending", "no occupied harbor")
    s = new(4)
    choose(s, 0, "mayor")
    data = GAME.to_data(s)
    assert data["step"] == 10  # mayor_privilege
    san_juan = list(data["san_juan"])
    san_juan[1] += data["col_supply"]
    _refused({**data, "col_supply": 0, "san_juan": san_juan}, "col_supply", "from the supply")


def test_last_round_must_follow_from_a_full_city_or_the_chips() -> None:
    s = new(3)
    build(s, 0, "guild_hall", "residence", "fortress", "customs_house", "city_hall",
          "small_market", "hacienda", colonists=0)
    _refused(GAME.to_data(s), "last_round", "seat 0 filled the city")
    s.last_round = True
    GAME.from_data(GAME.to_data(s))


def _states(players: int, edition: str, seed: int, easy: bool) -> list[Any]:
    s = GAME.setup(players, {"edition": edition}, seed)
    rnd = random.Random(seed)
    bots = [make_bot("easy", GAME, seed * 10 + i) for i in range(players)]
    out = []
    while not GAME.is_over(s):
        out.append(s.clone())
        (seat,) = GAME.to_move(s)
        action = bots[seat].choose(GAME, s, seat) if easy else rnd.choice(
            GAME.legal_actions(s, seat))
        GAME.apply(s, seat, action)
    out.append(s)
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("edition", ["classic", "1897"])
def test_every_state_of_real_games_round_trips(players: int, edition: str) -> None:
    """Random and heuristic players (who decline privileges too), and what a bot
    worker receives: a determinized copy for each seat."""
    loaded = 0
    for seed, easy in ((players, False), (players + 10, True)):
        for i, s in enumerate(_states(players, edition, seed, easy)):
            data = GAME.to_data(s)
            twin = GAME.from_data(data)
            assert GAME.to_data(twin) == data
            assert GAME.to_move(twin) == GAME.to_move(s)
            if not GAME.is_over(s):
                seat = GAME.to_move(s)[0]
                assert GAME.legal_actions(twin, seat) == GAME.legal_actions(s, seat)
            if i % 7 == 0:
                for seat in range(players):
                    GAME.from_data(GAME.to_data(GAME.determinize(s, seat, seed=i)))
            loaded += 1
    assert loaded > 300
