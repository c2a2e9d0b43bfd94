"""The view with the expansions (docs/puerto-rico-view.md "Expansions"): the new keys
appear only in games that have them, and what a seat may not see stays out of its
view: the face-down stack's order, the estates under the others' forests, a tile
drawn face down while its owner decides."""

from __future__ import annotations

import json
import random

import pytest

from server.games.puerto_rico.core import catalog as C
from tests.games.puerto_rico.exp_helpers import BOTH, CIT, NB, forest, table
from tests.games.puerto_rico.helpers import GAME, act, build, choose, legal, new, step


def _midgame(players: int, expansions: list[str], seed: int, moves: int = 150) -> object:
    s = GAME.setup(players, {"expansions": expansions}, seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if GAME.is_over(s):
            break
        (seat,) = GAME.to_move(s)
        GAME.apply(s, seat, rnd.choice(GAME.legal_actions(s, seat)))
    return s


def test_the_keys_of_each_expansion_and_none_without() -> None:
    base = GAME.view(new(4), 0)
    assert base["options"]["expansions"] == [] and "board" not in base
    assert "forests" not in base["players"][0] and "san_juan_citizens" not in base["players"][0]
    both = GAME.view(new(4, expansions=["citizens", "new_buildings"]), 0)
    assert both["options"]["expansions"] == ["new_buildings", "citizens"]  # canonical
    assert set(both["board"]) == {"spaces", "candidates", "copies_per_space", "copies"}
    me = both["players"][0]
    assert me["forests"] == 0 and me["small_wharf_used"] is False
    assert me["san_juan_citizens"] == 0 and me["island"][0]["citizens"] == 0
    assert both["colonists"]["ship_citizens"] == 1
    assert both["phase"]["step"] == "draft" and both["phase"]["turn"] == 0
    json.dumps(both)  # plain data


def test_interrupt_steps_name_the_pending_decision_and_its_seat() -> None:
    s = table(4, CIT)
    build(s, 2, "villa")
    choose(s, 0, "mayor")
    phase = GAME.view(s, 1)["phase"]
    assert phase == {"role": "mayor", "role_player": 0, "step": "villa", "turn": 2}
    assert GAME.view(s, 1)["to_move"] == [2]


@pytest.mark.parametrize("expansions", [NB, CIT, BOTH], ids=["I", "II", "I+II"])
def test_no_view_depends_on_the_stack_order_or_the_others_forests(expansions: list[str]) -> None:
    for seed in range(3):
        s = _midgame(3 + seed, expansions, seed)
        for viewer in (*range(s.n), None):
            shuffled = s.clone()
            shuffled.stack.reverse()
            for p in range(s.n):  # every forest made of another estate
                if p != viewer:
                    shuffled.island[p] = [C.FOREST + (t - C.FOREST + 1) % 5 if t >= C.FOREST
                                          else t for t in shuffled.island[p]]
            assert GAME.view(shuffled, viewer) == GAME.view(s, viewer)
            if viewer is not None:
                sample = GAME.determinize(s, viewer, seed)
                assert GAME.view(sample, viewer) == GAME.view(s, viewer)


def test_the_estate_under_a_forest_is_its_owners_to_know() -> None:
    s = table()
    forest(s, 1, "coffee")
    assert GAME.view(s, 1)["players"][1]["island"][-1] == {
        "tile": "forest", "colonists": 0, "estate": "coffee"}
    for viewer in (0, 2, None):
        assert GAME.view(s, viewer)["players"][1]["island"][-1] == {"tile": "forest",
                                                                    "colonists": 0}
    assert GAME.view(s, 0)["players"][1]["forests"] == 1


def test_a_tile_drawn_face_down_is_shown_to_nobody_but_its_drawer() -> None:
    s = table()
    build(s, 0, "forest_house", "hacienda")
    choose(s, 0, "settler")
    act(s, 0, "hacienda")
    assert step(s) == "forest_choice"
    other = s.clone()
    e = other.pending[0]
    e[2] = (e[2] + 1) % 5  # another estate drawn
    for viewer in (1, 2, 3, None):
        assert GAME.view(other, viewer) == GAME.view(s, viewer)
    drawn = C.GOODS[s.pending[0][2]]
    assert drawn in legal(s)[0]["label"]  # his own choice says it
    assert GAME.legal_actions(s, 1) == []  # nobody else is offered anything


def test_determinize_resamples_a_tile_another_seat_drew_face_down() -> None:
    """A bot of another seat must not read the drawn tile out of its sample."""
    s = table()
    build(s, 0, "forest_house", "hacienda")
    choose(s, 0, "settler")
    act(s, 0, "hacienda")
    truth = s.pending[0][2]
    seen = set()
    for seed in range(40):
        sample = GAME.determinize(s, 1, seed)
        seen.add(sample.pending[0][2])
        assert sorted([*sample.stack, sample.pending[0][2]]) == sorted([*s.stack, truth])
    assert len(seen) > 1
    assert {GAME.determinize(s, 0, seed).pending[0][2] for seed in range(5)} == {truth}
