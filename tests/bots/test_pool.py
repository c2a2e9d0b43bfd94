"""The bot pool: real worker processes, a budget, fallbacks, and replacement of workers."""

from __future__ import annotations

import asyncio

import pytest

from server.bots import action_key
from server.bots.pool import BotPool
from tests.bots import faulty, toygame  # noqa: F401  (registers the toy game and test levels)

GAME = toygame.ToyGame()
PLUGINS = ["tests.bots.toygame", "tests.bots.faulty"]


def legal_keys(state: object, seat: int) -> set[object]:
    return {action_key(a) for a in GAME.legal_actions(state, seat)}


def new_pool() -> BotPool:
    return BotPool(workers=1, margin=1.0, plugins=PLUGINS, games=["toy"])


async def test_pool_plays_a_whole_game_through_misbehaving_bots() -> None:
    pool = new_pool()
    try:
        state = GAME.setup(4, {}, 3)
        levels = ["hard", "raising", "illegal", "medium"]
        while not GAME.is_over(state):
            seat = GAME.to_move(state)[0]
            action = await pool.choose("toy", state, seat, levels[seat], seed=state.moves,
                                       move_time=0.05)
            assert action_key(action) in legal_keys(state, seat)
            GAME.apply(state, seat, action)
        assert pool.fallbacks == 8  # the raising and the illegal seat, 4 moves each
        assert pool.replaced == 0  # a bot that raises does not cost its worker
    finally:
        await pool.close()


async def test_pool_replaces_a_dead_or_overrunning_worker() -> None:
    pool = new_pool()
    try:
        state = GAME.setup(2, {}, 5)
        for level in ("dying", "sleeping"):
            seat = GAME.to_move(state)[0]
            action = await pool.choose("toy", state, seat, level, seed=1, move_time=0.1)
            assert action_key(action) in legal_keys(state, seat)
            GAME.apply(state, seat, action)
        assert pool.fallbacks == 2
        assert pool.replaced == 2
        seat = GAME.to_move(state)[0]
        action = await pool.choose("toy", state, seat, "hard", seed=2, iterations=20)
        assert action_key(action) in legal_keys(state, seat)
        assert pool.fallbacks == 2  # the replacement worker thinks normally
    finally:
        await pool.close()


async def test_pool_decisions_depend_only_on_the_view() -> None:
    from tests.bots.test_levels import hidden_twin

    pool = new_pool()
    try:
        for seed in range(3):
            a, b, mover = hidden_twin(seed)
            first = await pool.choose("toy", a, mover, "hard", seed=seed, iterations=25)
            data = GAME.to_data(b)
            second = await pool.choose_data("toy", data, mover, "hard", seed=seed,
                                            iterations=25)
            assert pool.fallbacks == 0
            assert action_key(first) == action_key(second)
    finally:
        await pool.close()


async def test_a_cancelled_move_frees_its_worker() -> None:
    pool = new_pool()
    try:
        await pool.start()
        state = GAME.setup(2, {}, 9)
        seat = GAME.to_move(state)[0]
        task = asyncio.create_task(
            pool.choose("toy", state, seat, "sleeping", seed=1, move_time=30))
        for _ in range(5):
            await asyncio.sleep(0)  # let it take the worker and submit the move
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        action = await pool.choose("toy", state, seat, "hard", seed=2, iterations=10)
        assert action_key(action) in legal_keys(state, seat)
        assert pool.fallbacks == 0
    finally:
        await pool.close()
