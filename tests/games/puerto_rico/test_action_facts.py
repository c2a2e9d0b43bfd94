"""What the mayor's confirm leaves (``mayor_confirm`` in the mover's own view, issue 24:
the client copied the fill rule): on positions of random games with every set of
expansions, confirming on the engine leaves exactly that, and nobody else is told."""

from __future__ import annotations

import random
from typing import Any

import pytest

from server.games.puerto_rico.core.state import MAYOR, PRState
from tests.games.puerto_rico.helpers import GAME

TABLES = [(4, {}), (3, {"expansions": ["new_buildings"]}),
          (4, {"edition": "1897", "expansions": ["new_buildings", "citizens"]}),
          (5, {"expansions": ["smuggler", "festival"]})]


def at_the_mayor(players: int, options: dict[str, Any], seed: int) -> list[PRState]:
    s = GAME.setup(players, GAME.normalize_options(players, options), seed)
    rng = random.Random(seed)
    out = []
    while not GAME.is_over(s):
        seat = GAME.to_move(s)[0]
        if s.step == MAYOR and not s.pending:
            out.append(GAME.from_data(GAME.to_data(s)))
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    return out


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_the_confirm_leaves_what_the_view_said(players: int, options: dict[str, Any]) -> None:
    checked = 0
    for s in at_the_mayor(players, options, seed=players * 5 + 1):
        p = s.turn
        said = GAME.view(s, p)["players"][p]["mayor_confirm"]
        assert all("mayor_confirm" not in GAME.view(s, o)["players"][p]
                   for o in [None, *range(players)] if o != p)
        done = next((a for a in GAME.legal_actions(s, p) if a["type"] == "mayor_done"), None)
        if done is None:
            continue
        GAME.apply(s, p, done)
        assert said == {"island": sum(s.island_col[p]), "city": sum(s.city_col[p]),
                        "san_juan": s.san_juan[p]}
        checked += 1
    assert checked >= 3
