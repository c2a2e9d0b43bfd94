"""Bots on the real Puerto Rico engine: legal play at every table size and edition,
replayable games, decisions blind to hidden information, easy beating random."""

from __future__ import annotations

from typing import Any

import pytest

from server.bots import LEVELS, action_key, make_bot
from server.games.registry import get_game

GAME = get_game("puerto-rico")


def play(levels: list[str], seed: int, edition: str = "classic") -> tuple[list[Any], Any]:
    players = len(levels)
    state = GAME.setup(players, GAME.normalize_options(players, {"edition": edition}), seed)
    bots = [make_bot(lv, GAME, seed * 10 + i, iterations=4) for i, lv in enumerate(levels)]
    log = []
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        legal = {action_key(a) for a in GAME.legal_actions(state, seat)}
        action = bots[seat].choose(GAME, state, seat)
        assert action_key(action) in legal
        GAME.apply(state, seat, action)
        log.append((seat, action_key(action)))
    return log, GAME.result(state)


@pytest.mark.parametrize(("players", "edition"), [(2, "classic"), (3, "1897"), (4, "classic"),
                                                  (5, "1897")])
def test_every_level_plays_legal_moves_to_the_end(players: int, edition: str) -> None:
    levels = [LEVELS[(i + players) % len(LEVELS)] for i in range(players)]
    log, result = play(levels, seed=players, edition=edition)
    assert result is not None and len(log) > 50


def test_fixed_seed_gives_the_same_game() -> None:
    assert play(["hard", "easy"], seed=11)[0] == play(["hard", "easy"], seed=11)[0]


def hidden_twins(seed: int) -> tuple[Any, Any, int]:
    """Two mid-game states that the seat to move cannot tell apart: the other players'
    VP chips are split differently, the face-down stack is in another order, the RNG
    differs."""
    state = GAME.setup(3, GAME.normalize_options(3, {}), seed)
    bots = [make_bot("easy", GAME, i) for i in range(3)]
    while True:
        seat = GAME.to_move(state)[0]
        GAME.apply(state, seat, bots[seat].choose(GAME, state, seat))
        mover = GAME.to_move(state)[0]
        others = [p for p in range(3) if p != mover]
        if sum(state.vp[p] for p in others) >= 2 and len(GAME.legal_actions(state, mover)) > 2:
            break
    data = GAME.to_data(state)
    data["vp"][others[0]], data["vp"][others[1]] = sum(data["vp"][p] for p in others), 0
    data["stack"] = list(reversed(data["stack"]))
    data["rng"] = [data["rng"][0] + 99, data["rng"][1]]
    twin = GAME.from_data(data)
    assert GAME.view(state, mover) == GAME.view(twin, mover)
    assert GAME.to_data(state) != GAME.to_data(twin)
    return state, twin, mover


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_depend_only_on_the_view(level: str) -> None:
    for seed in range(3):
        a, b, mover = hidden_twins(seed)
        samples = [GAME.to_data(GAME.determinize(s, mover, 5)) for s in (a, b)]
        assert samples[0] == samples[1]  # what a bot decides on carries no hidden trace
        for bot_seed in range(2):
            first = make_bot(level, GAME, bot_seed, iterations=12).choose(GAME, a, mover)
            second = make_bot(level, GAME, bot_seed, iterations=12).choose(GAME, b, mover)
            assert action_key(first) == action_key(second)


def test_easy_beats_random() -> None:
    wins = 0.0
    for seed in range(4):
        levels = ["random"] * 4
        levels[seed] = "easy"
        _, result = play(levels, seed=seed)
        wins += (seed in result.winners) / len(result.winners)
    assert wins >= 3


async def test_pool_plays_puerto_rico_in_a_worker() -> None:
    from server.bots.pool import BotPool

    pool = BotPool(workers=1, games=["puerto-rico"])
    try:
        state = GAME.setup(3, GAME.normalize_options(3, {"edition": "1897"}), 21)
        for move in range(30):
            seat = GAME.to_move(state)[0]
            level = ("hard", "medium", "easy")[seat]
            action = await pool.choose("puerto-rico", state, seat, level, seed=move,
                                       iterations=6)
            assert action_key(action) in {action_key(a) for a in GAME.legal_actions(state, seat)}
            GAME.apply(state, seat, action)
        assert pool.fallbacks == 0 and pool.replaced == 0
        with pytest.raises(ValueError, match="unknown bot level"):
            await pool.choose("puerto-rico", state, GAME.to_move(state)[0], "wizard", seed=1)
    finally:
        await pool.close()
