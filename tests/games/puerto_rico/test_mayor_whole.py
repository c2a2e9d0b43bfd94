"""A whole mayor placement as one step (phases/mayor_whole.py, coarse playouts only)
ends the turn in exactly the states that placing one colonist at a time can reach.

The states are real ones: random games (every expansion, and none) played through the
public API until a player has a placement to make. From each, every sequence of moves
of that player (take-backs included) is searched to the end of his turn, and every
sequence of draws of the whole placement is tried; both give the same set of states.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from server.engine.playout import pick
from server.games import registry
from server.games.puerto_rico.core import flow
from server.games.puerto_rico.core.moves import LIFT_MOVE, MAYOR_UNDO
from server.games.puerto_rico.core.state import PRState
from server.games.puerto_rico.phases import mayor, mayor_whole

GAME = registry.get_game("puerto-rico")
EVERY = ["new_buildings", "citizens", "smuggler", "festival"]
MAX_DRAWS = 10_000  # a bound on the draw sequences of a state tried (larger ones are skipped)


def _key(s: PRState, tiles_by_kind: bool = False) -> str:
    """The whole state; ``tiles_by_kind``: which tile of a kind holds whom left out."""
    data = GAME.to_data(s)
    if tiles_by_kind:
        data["island"] = [sorted(zip(*tiles, strict=True)) for tiles in
                          zip(s.island, s.island_col, s.island_cit, strict=True)]
        del data["island_col"], data["island_cit"]
    return repr(data)


def _turn(s: PRState) -> tuple[int, int, int]:
    return (s.role, s.phase_i, s.turn)


def _placing(s: PRState) -> bool:
    moves = flow.legal(s)
    return mayor_whole.applies(s, moves)


def _one_at_a_time(start: PRState, undo: bool, tiles_by_kind: bool = False) -> set[str]:
    """Every state a player's own moves, one colonist at a time, end his turn in."""
    turn = _turn(start)
    ends: set[str] = set()
    seen = {_key(start)}
    todo = [start]
    while todo:
        s = todo.pop()
        for m in list(flow.legal(s)):
            if m[0] == MAYOR_UNDO and not undo:
                continue
            t = s.clone()
            t.legal = None
            flow.execute(t, m, None)
            key = _key(t)
            if key in seen:
                continue
            seen.add(key)
            if _turn(t) == turn and not t.pending and t.step == s.step:
                todo.append(t)
            else:
                ends.add(_key(t, tiles_by_kind))
    return ends


def _draws(s: PRState) -> int:
    """At most how many sequences of draws the whole placement has from ``s``."""
    p = s.turn
    people = s.san_juan[p] + sum(s.island_col[p]) + sum(s.city_col[p])  # (a lift)
    circles = mayor.circles(s, p)
    k = min(people, circles)
    return len(flow.legal(s)) * math.perm(circles, k) * math.factorial(k)


def _whole(start: PRState) -> set[str] | None:
    """Every state the whole placement ends the turn in, over every sequence of its
    draws (None when there are more than MAX_DRAWS)."""
    if _draws(start) > MAX_DRAWS:
        return None
    ends: set[str] = set()
    todo: list[list[int]] = [[]]
    tried = 0
    while todo:
        prefix = todo.pop()
        tried += 1
        if tried > MAX_DRAWS:
            return None
        s = start.clone()
        s.legal = None
        moves = flow.legal(s)
        n = len(moves)
        while moves[n - 1][0] == MAYOR_UNDO:
            n -= 1
        mayor_whole.place(s, moves, n, _scripted(prefix, todo))
        ends.add(_key(s))
    return ends


def _scripted(prefix: list[int], todo: list[list[int]]) -> Callable[[int], int]:
    """Draws ``prefix`` first, then 0s, queuing every other value past the prefix."""
    drawn: list[int] = []

    def randbelow(k: int) -> int:
        i = len(drawn)
        value = prefix[i] if i < len(prefix) else 0
        if i >= len(prefix):
            todo.extend([*drawn, other] for other in range(1, k))
        drawn.append(value)
        return value

    return randbelow


def _placements(options: dict[str, Any], seeds: range) -> Iterator[PRState]:
    for seed in seeds:
        opts = GAME.normalize_options(4, options)
        s = GAME.setup(4, opts, seed)
        rnd = random.Random(seed)
        while not GAME.is_over(s):
            if _placing(s):
                yield s.clone()
            seat, action = pick(GAME, s, rnd)
            GAME.apply(s, seat, action)


@pytest.mark.parametrize(
    ("expansions", "rules"),
    [([], 6), (EVERY, 6), (EVERY, 4), ([], 2)],
    ids=["base", "every", "every-rules4", "base-rules2"],
)
def test_the_whole_placement_reaches_what_one_at_a_time_reaches(
    expansions: list[str], rules: int
) -> None:
    """Under rules 4 the player confirms and may send back; under 2 the last placement
    ends his turn; before rules 5 a citizen waiting or placed is left to the flow."""
    compared = lifted = citizens = 0
    options = {"edition": "1897", "expansions": expansions, "rules_version": rules}
    for s in _placements(options, range(3 if rules >= 5 else 2)):
        whole = _whole(s)
        if whole is None:
            continue
        assert whole == _one_at_a_time(s, undo=False), (compared, s.round)
        compared += 1
        lifted += flow.legal(s)[0] == LIFT_MOVE
        citizens += bool(s.cat.cit and s.san_juan_cit[s.turn])
    assert compared >= 10  # the draws of enough real placements were all tried
    assert lifted >= 3  # some where the player could lift his colonists first
    if expansions and rules >= 5:
        assert citizens >= 3  # and some with a citizen waiting


def test_take_backs_reach_nothing_more_but_another_tile_of_a_kind() -> None:
    """The random players never take back (server/engine/playout.py); a person who
    does, from the start of his turn, reaches the same ends but for which of two tiles
    of a kind holds a colonist (place on the second corn, send the first one's back),
    the same game (checked on the smaller states). Mid-turn he may undo what a random
    player may not (a placement made: no more lifting)."""
    checked = 0
    for s in _placements({"edition": "1897", "expansions": EVERY}, range(3)):
        p = s.turn
        if not s.mayor_fresh or s.san_juan[p] + sum(s.island_col[p]) + sum(s.city_col[p]) > 3:
            continue
        assert _one_at_a_time(s, True, True) == _one_at_a_time(s, False, True)
        checked += 1
    assert checked >= 5
