"""Round structure: role order, doubloons on unchosen roles, governor, two-player game,
setup numbers for every player count and edition, options."""

from __future__ import annotations

import pytest

from server.engine.errors import InvalidOptions
from server.games.puerto_rico.core import catalog as C
from tests.games.puerto_rico.helpers import GAME, act, new, step


def test_two_player_round_three_roles_each_alternating() -> None:
    s = new(2)
    assert len(s.roles) == 7
    seq = []
    for role in ("prospector", "settler", "builder", "trader", "craftsman", "mayor"):
        seat = s.turn
        seq.append(seat)
        act(s, seat, "role", role=role)
        while step(s) != "choose_role":
            moves = GAME.legal_actions(s, s.turn)
            passes = [a for a in moves if a["type"] == "pass"]
            GAME.apply(s, s.turn, passes[0] if passes else moves[0])
        if s.round > 1:
            break
    assert seq == [0, 1, 0, 1, 0, 1]
    assert s.round == 2 and s.governor == 1 and s.turn == 1
    # only the captain stayed unchosen: it alone gets a doubloon
    assert [s.role_coins[r] for r in s.roles] == [0, 0, 0, 0, 0, 1, 0]


def test_doubloon_on_each_unchosen_role_and_governor_passes_left() -> None:
    s = new(4)
    for seat, role in enumerate(("prospector", "craftsman", "trader", "builder")):
        assert s.turn == seat
        act(s, seat, "role", role=role)
        while step(s) != "choose_role":
            moves = GAME.legal_actions(s, s.turn)
            passes = [a for a in moves if a["type"] == "pass"]
            GAME.apply(s, s.turn, passes[0] if passes else moves[0])
    assert s.round == 2 and s.governor == 1 and s.turn == 1
    coins = {C.ROLES[r]: s.role_coins[r] for r in s.roles}
    assert coins == {
        "settler": 1,
        "mayor": 1,
        "builder": 0,
        "craftsman": 0,
        "trader": 0,
        "captain": 1,
        "prospector": 0,
    }
    view = GAME.view(s, None)
    assert view["players"][1]["is_governor"]


@pytest.mark.parametrize("edition", ["classic", "1897"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_numbers(players: int, edition: str) -> None:
    s = new(players, edition)
    v = GAME.view(s, 0)
    two = players == 2
    assert v["vp_chips"] == {2: 65, 3: 75, 4: 100, 5: 126 if edition == "1897" else 122}[players]
    assert [p["doubloons"] for p in v["players"]] == [{2: 3, 3: 2, 4: 3, 5: 4}[players]] * players
    start = [p["island"][0]["tile"] for p in v["players"]]
    assert (
        start
        == {
            2: ["indigo", "corn"],
            3: ["indigo", "indigo", "corn"],
            4: ["indigo", "indigo", "corn", "corn"],
            5: ["indigo", "indigo", "indigo", "corn", "corn"],
        }[players]
    )
    assert v["colonists"] == {"ship": players, "supply": {2: 40, 3: 55, 4: 75, 5: 95}[players]}
    assert [x["capacity"] for x in v["ships"]] == list(
        {2: (4, 6), 3: (4, 5, 6), 4: (5, 6, 7), 5: (6, 7, 8)}[players]
    )
    roles = [r["id"] for r in v["roles"]]
    assert roles == list(C.ROLES[: {2: 7, 3: 6, 4: 7, 5: 8}[players]])
    assert len(v["plantations"]["face_up"]) == players + 1
    plantations = 50 - (15 if two else 0) - players
    assert v["plantations"]["stack"] + players + 1 == plantations
    assert v["quarries"] == (5 if two else 8)
    assert v["goods"] == dict(
        zip(C.GOODS, [g - (2 if two else 0) for g in (10, 11, 11, 9, 9)], strict=True)
    )
    copies = v["buildings"]
    assert copies["small_indigo_plant"] == (2 if two else 4)
    assert copies["coffee_roaster"] == (2 if two else 3)
    assert copies["harbor"] == (1 if two else 2)
    assert copies["city_hall"] == 1
    assert v["phase"]["step"] == "choose_role" and v["to_move"] == [0]


def test_options_are_validated() -> None:
    assert GAME.normalize_options(3, {}) == {
        "edition": "classic", "open_vp": False, "expansions": []}
    for players, options in [
        (1, {}),
        (6, {}),
        (4, {"edition": "2002"}),
        (4, {"open_vp": "yes"}),
        (4, {"expansions": True}),
    ]:
        with pytest.raises(InvalidOptions):
            GAME.normalize_options(players, options)
    with pytest.raises(InvalidOptions):
        GAME.setup(4, {"colour": "red"}, 1)
