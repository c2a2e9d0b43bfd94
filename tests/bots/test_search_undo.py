"""The search never takes a placement back. The mayor may undo his last placement until
he confirms (rules version 4); a search that counted ``undo`` among its choices could
find it the most visited child, undo, place again and walk in circles: the hard bot's
arena games that never ended (make bench's 'did not finish within 300 s' rows)."""

from __future__ import annotations

import random
from typing import Any

from server.bots import make_bot
from server.engine.playout import choose
from server.games.registry import get_game

GAME = get_game("puerto-rico")


def undo_positions(wanted: int, seed: int) -> list[tuple[Any, int]]:
    """Positions of random four-player games where the seat to move may undo."""
    found: list[tuple[Any, int]] = []
    rng = random.Random(seed)
    while len(found) < wanted:
        state = GAME.setup(4, GAME.normalize_options(4, {}), rng.getrandbits(32))
        while not GAME.is_over(state) and len(found) < wanted:
            seat = GAME.to_move(state)[0]
            actions = GAME.legal_actions(state, seat)
            if any(a["type"] == "undo" for a in actions) and rng.random() < 0.3:
                found.append((GAME.clone(state), seat))
            GAME.apply(state, seat, choose(actions, rng.randrange))
    return found


def test_hard_and_medium_never_undo() -> None:
    positions = undo_positions(30, seed=5)
    for i, (state, seat) in enumerate(positions):
        for level in ("hard", "medium"):
            bot = make_bot(level, GAME, seed=i, iterations=24)
            action = bot.choose(GAME, GAME.clone(state), seat)
            assert action["type"] != "undo", (i, level)

