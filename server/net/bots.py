"""Bot seats: the tiny interface the room speaks, and how a level becomes a bot.

A room asks ``await bot.choose(game, state, seat)`` where ``state`` is
``game.determinize(real_state, seat, seed)``: a bot never sees the true hidden
information. "random" is decided inline (cheap); other levels think in the bots
package's process pool (``server.bots.pool.BotPool``) so search never blocks the
event loop. Without the bots package every level plays random. A pool move that
raises or takes longer than ``POOL_TIMEOUT_S`` raises here; the room then plays a
random legal action for the seat, so a table never stalls on a bot.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any, Protocol

from server.engine.contract import Action, Game
from server.engine.playout import choose

_LEVELS: tuple[str, ...]
try:
    from server.bots import LEVELS as _LEVELS
except ImportError:  # the bots package is optional for the server
    _LEVELS = ("random",)

LEVELS: tuple[str, ...] = tuple(_LEVELS)
POOL_TIMEOUT_S = 10.0
"""Longest wait for one pool move (the pool's own budget is ~2 s; the first move also
starts the worker process)."""


class SeatBot(Protocol):
    async def choose(self, game: Game, state: Any, seat: int) -> Action: ...


class RandomBot:
    """Uniformly random among the legal actions of its own (determinized) state, take-backs
    (``undo``) left out as in random play (server.engine.playout.choose): undoing a pick
    at random only walks in circles and doubles a game's length."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    async def choose(self, game: Game, state: Any, seat: int) -> Action:
        return choose(game.legal_actions(state, seat), self._rng.randrange)


class PoolBot:
    """A level of the bots package, thinking in a worker process."""

    def __init__(self, pool: Any, level: str, seed: int, timeout: float | None = None) -> None:
        self._pool = pool
        self._level = level
        self._rng = random.Random(seed)
        self._timeout = timeout

    async def choose(self, game: Game, state: Any, seat: int) -> Action:
        seed = self._rng.getrandbits(62)
        move = self._pool.choose(game.name, state, seat, self._level, seed)
        timeout = POOL_TIMEOUT_S if self._timeout is None else self._timeout
        return dict(await asyncio.wait_for(move, timeout))


def make_seat_bot(level: str, game: Game, seed: int, pool: Any | None,
                  timeout: float | None = None) -> SeatBot:
    if level == "random" or pool is None or level not in LEVELS:
        return RandomBot(seed)
    return PoolBot(pool, level, seed, timeout)


def make_pool() -> Any | None:
    """One shared worker process for thinking bots, or None without the bots package."""
    try:
        from server.bots.pool import BotPool
    except ImportError:
        return None
    return BotPool(workers=1)
