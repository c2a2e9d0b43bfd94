"""Rules that must hold after every phase of random games (all counts, both editions):
ships never share a kind, storage limits after the captain, no colonist waits in San
Juan beside an empty circle after the mayor, city and island limits."""

from __future__ import annotations

import random

import pytest

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.state import PRState
from server.games.puerto_rico.phases.mayor import empty_circles
from server.games.puerto_rico.phases.storage import warehouse_kinds
from tests.games.puerto_rico.helpers import GAME


def _done(s: PRState, role: int) -> bool:
    return s.role_taken[role] >= 0 and s.role != role


def _check_always(s: PRState) -> None:
    kinds = [g for g in s.ship_good if g >= 0]
    assert len(kinds) == len(set(kinds)), "two ships carry one kind"
    assert all(0 <= ld <= cap for ld, cap in zip(s.ship_load, s.ship_cap, strict=True))
    assert len(s.house) <= 4
    for p in range(s.n):
        assert s.spaces_used(p) <= 12 and len(s.island[p]) <= 12
        assert len(set(s.city[p])) == len(s.city[p])


@pytest.mark.parametrize("edition", ["classic", "1897"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_phase_rules_hold_in_random_games(players: int, edition: str) -> None:
    for seed in range(4):
        s = GAME.setup(players, {"edition": edition}, seed)
        rnd = random.Random(seed)
        while not GAME.is_over(s):
            captain_before = _done(s, C.CAPTAIN)
            mayor_before = _done(s, C.MAYOR)
            (seat,) = GAME.to_move(s)
            GAME.apply(s, seat, rnd.choice(GAME.legal_actions(s, seat)))
            _check_always(s)
            if _done(s, C.CAPTAIN) and not captain_before:
                for p in range(players):
                    whole = sum(1 for g in s.pgoods[p] if g > 1)
                    held = sum(1 for g in s.pgoods[p] if g)
                    assert held <= warehouse_kinds(s, p) + 1
                    assert whole <= warehouse_kinds(s, p)
                assert all(ld < cap for ld, cap in zip(s.ship_load, s.ship_cap, strict=True))
            if _done(s, C.MAYOR) and not mayor_before:
                for p in range(players):
                    assert not (s.san_juan[p] and empty_circles(s, p)), "idle colonists"
                assert s.col_ship >= players or s.last_round
