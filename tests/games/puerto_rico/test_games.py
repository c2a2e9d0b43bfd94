"""Whole games and the contract around them: random games end for every player count
and edition; illegal actions change nothing; views hide what they must; save/load,
clone and determinize."""

from __future__ import annotations

import random

import pytest

from server.engine.errors import CorruptState, IllegalAction, NotYourTurn
from server.games.puerto_rico.core.state import PRState
from server.games.registry import get_game
from tests.games.puerto_rico.helpers import GAME, act, choose, goods, new


def _random_game(players: int, edition: str, seed: int, open_vp: bool = False) -> PRState:
    s = GAME.setup(players, {"edition": edition, "open_vp": open_vp}, seed)
    rnd = random.Random(seed)
    for _ in range(5000):
        if GAME.is_over(s):
            return s
        (seat,) = GAME.to_move(s)
        moves = GAME.legal_actions(s, seat)
        assert moves and all(isinstance(m["label"], str) and m["label"] for m in moves)
        GAME.apply(s, seat, rnd.choice(moves))
    pytest.fail("game did not end")


@pytest.mark.parametrize("edition", ["classic", "1897"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_game_runs_to_the_end(players: int, edition: str) -> None:
    s = _random_game(players, edition, seed=players * 7)
    res = GAME.result(s)
    assert res is not None and len(res.scores) == players
    assert s.last_round and GAME.to_move(s) == []
    for line in res.scores:
        assert line.total == sum(line.breakdown.values())
    view = GAME.view(s, None)
    assert view["over"] and view["result"] == res.to_data()


def test_registry_finds_the_game() -> None:
    g = get_game("puerto-rico")
    assert g.name == "puerto-rico" and g.title == "Puerto Rico"
    assert (g.min_players, g.max_players) == (2, 5)


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    s = new(4)
    before = s.to_data()
    for seat, action, error in [
        (1, {"type": "role", "role": "settler"}, NotYourTurn),
        (0, {"type": "role", "role": "prospector2"}, IllegalAction),  # not in a 4p game
        (0, {"type": "build", "building": "harbor"}, IllegalAction),
        (0, {"type": "role"}, IllegalAction),
        (0, {"type": "fly"}, IllegalAction),
        (0, "settler", IllegalAction),
    ]:
        with pytest.raises(error):
            GAME.apply(s, seat, action)
        assert s.to_data() == before
    # a label that does not match is ignored
    act(s, 0, "role", role="prospector", label="whatever")
    assert s.coins[0] == 4


def test_views_hide_other_vp_and_stack_order() -> None:
    s = new(4, "1897")  # the captain's advantage point comes with the load
    goods(s, 0, corn=2)
    choose(s, 0, "captain")
    act(s, 0, "load", good="corn", ship=0)
    assert s.vp[0] == 3
    mine, theirs, spectator = GAME.view(s, 0), GAME.view(s, 1), GAME.view(s, None)
    assert mine["players"][0]["vp_chips"] == 3
    assert theirs["players"][0]["vp_chips"] is None
    assert spectator["players"][0]["vp_chips"] is None
    assert isinstance(spectator["plantations"]["stack"], int)
    s2 = new(4, open_vp=True)
    assert GAME.view(s2, 1)["players"][0]["vp_chips"] == 0


def test_vp_gains_are_private_unless_open_vp() -> None:
    for open_vp in (False, True):
        s = new(4, "1897", open_vp=open_vp)
        goods(s, 0, corn=2)
        choose(s, 0, "captain")
        ev = act(s, 0, "load", good="corn", ship=0)
        ship = next(e for e in ev if e["kind"] == "ship")
        if open_vp:
            assert "+3 VP" in ship["text"] and "private" not in ship
        else:
            assert "VP" not in ship["text"] and ship["private"] == {"0": "+3 VP"}


def test_save_load_clone_and_determinize() -> None:
    s = _random_game(4, "classic", seed=3)
    data = GAME.to_data(s)
    assert GAME.to_data(GAME.from_data(data)) == data
    s = GAME.setup(4, {}, 5)
    for _ in range(30):
        (seat,) = GAME.to_move(s)
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    c = GAME.clone(s)
    (seat,) = GAME.to_move(c)
    GAME.apply(c, seat, GAME.legal_actions(c, seat)[-1])
    assert GAME.to_data(GAME.clone(s)) == GAME.to_data(s) != GAME.to_data(c)
    s.vp_supply += sum(s.vp) - 14
    s.vp = [4, 9, 1, 0]
    d = GAME.determinize(s, 0, seed=11)
    assert d.vp[0] == 4 and sum(d.vp[1:]) == 10 and sorted(d.vp[1:]) == [3, 3, 4]
    assert d.vp_supply == s.vp_supply
    s.vp = [4, 1, 9, 0]  # the others' split is hidden: the sample does not change
    assert GAME.to_data(GAME.determinize(s, 0, seed=11)) == GAME.to_data(d)
    assert sorted(d.stack) == sorted(s.stack)
    assert GAME.view(d, 0) == GAME.view(s, 0)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"n": 6}, "^n: "),
        ({"round": 0}, "^round: must be"),
        ({"round": -1}, "^round: must be"),
        ({"goods": [1, 2, 3]}, "^goods: "),
        ({"house": [0, 1, 2, 3, 4]}, "^house: "),
        ({"island": "x"}, "^island: "),
        ({"edition": "2002"}, "^edition: "),
        ({"rng": [1]}, "^rng: "),
        ({"format": 9}, "^format: 9 is unknown or newer"),
        ({"v": 1}, "^v: unknown field"),
        ({"col_supply": 74}, "^col_supply: 78 colonists in play, the game has 79"),
        ({"quarries": 9}, "^quarries: "),
        ({"bsupply": [4] * 23}, "^bsupply: indigo_plant: 4 in the supply"),
        ({"step": 7}, "^chosen: the role in play is the last chosen"),
        ({"stack": []}, "^stack: 3 corn plantations, the game has 10"),
    ],
)
def test_corrupt_states_are_refused_with_a_reason(change: dict, reason: str) -> None:
    data = GAME.to_data(new(4))
    data.update(change)
    with pytest.raises(CorruptState, match=reason):
        GAME.from_data(data)
    with pytest.raises(CorruptState):
        GAME.from_data([1, 2])
