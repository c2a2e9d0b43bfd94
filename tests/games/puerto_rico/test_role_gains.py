"""What each role card would give its chooser (``role_gains``, issue 24): sent only in
the chooser's own view while he chooses, doubled by a manned library as the phases pay
it, and what choosing the role then gives on the engine."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.state import CHOOSE_ROLE, PRState
from tests.games.puerto_rico.exp_helpers import table
from tests.games.puerto_rico.helpers import GAME, build, goods, new

TABLES = [(4, {}), (3, {"expansions": ["new_buildings"]}),
          (4, {"edition": "1897", "expansions": ["new_buildings", "citizens"]}),
          (5, {"expansions": ["smuggler", "festival"]})]


def clone(s: PRState) -> PRState:
    return GAME.from_data(GAME.to_data(s))


def gains(s: PRState, p: int) -> dict[str, str] | None:
    return GAME.view(s, p)["players"][p].get("role_gains")


def choosing(players: int, options: dict[str, Any], seed: int) -> list[PRState]:
    """Positions of a random game where a player is to choose a role."""
    s = GAME.setup(players, GAME.normalize_options(players, options), seed)
    rng = random.Random(seed)
    out = []
    while not GAME.is_over(s):
        seat = GAME.to_move(s)[0]
        if s.step == CHOOSE_ROLE and not s.pending:
            out.append(clone(s))
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    return out


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_only_the_chooser_sees_his_gains_and_the_prospector_pays_them(
        players: int, options: dict[str, Any]) -> None:
    for s in choosing(players, options, seed=players * 7)[::3]:
        p = s.turn
        mine = gains(s, p)
        assert mine is not None and "smuggler" not in mine
        assert all(gains(s, o) is None for o in range(players) if o != p)
        assert "role_gains" not in GAME.view(s, None)["players"][p]
        for role in ("prospector", "prospector2"):
            action = next((a for a in GAME.legal_actions(s, p) if a.get("role") == role), None)
            if action is None:
                continue
            said = int(re.fullmatch(r"\+(\d+)\$", mine[role]).group(1))
            after = clone(s)
            card = after.role_coins[after.cat.role_index[C.ROLES.index(role)]]
            before = after.coins[p]
            GAME.apply(after, p, action)
            assert after.coins[p] - before - card == said


def test_a_manned_library_doubles_every_privilege_in_the_gains() -> None:
    s = table()  # Expansion I, past the draft
    p = s.turn
    goods(s, p, corn=2)
    plain = gains(s, p)
    build(s, p, "library")
    doubled = gains(s, p)
    assert plain is not None and doubled is not None
    assert (plain["builder"], doubled["builder"]) == ("-1$ on a building", "-2$ on a building")
    assert (plain["prospector"], doubled["prospector"]) == ("+1$", "+2$")
    assert plain["captain"].endswith("+1 VP") and doubled["captain"].endswith("+2 VP")
    assert doubled["settler"].endswith("then a second {w:plantation}")
    assert "then" not in plain["settler"]


def test_the_trader_gain_is_the_best_sale_the_engine_then_pays() -> None:
    s = new(4)
    p = s.turn
    goods(s, p, corn=1, coffee=1)
    said = gains(s, p)["trader"]
    assert said == "sell {w:coffee} for 5$"
    GAME.apply(s, p, {"type": "role", "role": "trader"})
    before = s.coins[p]
    GAME.apply(s, p, {"type": "sell", "good": "coffee"})
    assert s.coins[p] - before == 5
