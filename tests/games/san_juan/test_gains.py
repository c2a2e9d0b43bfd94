"""What each role card would give its chooser now (issue 22, item 7), checked against
the engine: choose the role, then see what the phase lets him do. Only the chooser's
view carries it."""

from __future__ import annotations

import random
import re
from typing import Any

from server.games.registry import get_game
from server.games.san_juan import catalog as C
from server.games.san_juan.councillor import to_draw, to_keep
from server.games.san_juan.producer import capacity as produce_capacity
from server.games.san_juan.trader import capacity as sell_capacity

GAME = get_game("san-juan")


def choices(seed: int) -> list[tuple[Any, int, dict[str, str]]]:
    """(a copy of the state, the chooser, his gains) at each role choice of a game."""
    state = GAME.setup(4, GAME.normalize_options(4, {}), seed)
    rng = random.Random(seed)
    out = []
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        view = GAME.view(state, seat)
        if view["role_gains"] is not None:
            assert all(GAME.view(state, o)["role_gains"] is None for o in range(4) if o != seat)
            assert GAME.view(state, None)["role_gains"] is None
            out.append((GAME.from_data(GAME.to_data(state)), seat, view["role_gains"]))
        legal = [a for a in GAME.legal_actions(state, seat) if a["type"] != "undo"]
        GAME.apply(state, seat, rng.choice(legal))
    return out


def _number(text: str) -> int:
    found = re.search(r"\d+", text)
    return int(found.group()) if found else 0


def test_each_roles_gain_is_what_choosing_it_gives() -> None:
    seen = 0
    for state, seat, gains in [c for seed in (3, 4, 5) for c in choices(seed)][::3]:
        assert set(gains) == set(C.ROLES)
        city, goods = state.city[seat], state.goods[seat]
        for role in ("producer", "trader", "councillor"):
            s = GAME.from_data(GAME.to_data(state))
            acts = [a for a in GAME.legal_actions(s, seat)
                    if a["type"] == "role" and a["role"] == role]
            if not acts:
                continue
            GAME.apply(s, seat, acts[0])
            seen += 1
            if role == "producer":
                empty = sum(1 for j, b in enumerate(city) if b < C.NGOODS and goods[j] < 0)
                assert _number(gains[role]) == min(empty, produce_capacity(s, seat)), gains
            elif role == "trader":
                held = sum(1 for g in goods if g >= 0)
                assert _number(gains[role]) == min(held, sell_capacity(s, seat)), gains
            else:
                assert gains[role] == f"draw {to_draw(s, seat)}, keep {to_keep(s, seat)}"
    assert seen >= 20
