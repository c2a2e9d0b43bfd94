"""Bot seats: the tiny interface the room speaks, and how a level becomes a bot.

A room asks ``await bot.choose(game, state, seat)`` where ``state`` is
``game.determinize(real_state, seat, seed)``: a bot never sees the true hidden
information. "random" is decided inline (cheap); other levels think in the bots
package's process pool (``server.bots.pool.BotPool``) so search never blocks the
event loop. Without the bots package every level plays random.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from server.engine.contract import Action, Game

try:
    from server.bots import LEVELS as _LEVELS
except ImportError:  # the bots package is optional for the server
    _LEVELS = ("random",)

LEVELS: tuple[str, ...] = tuple(_LEVELS)


class SeatBot(Protocol):
    async def choose(self, game: Game, state: Any, seat: int) -> Action: ...


class RandomBot:
    """Uniformly random among the legal actions of its own (determinized) state."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    async def choose(self, game: Game, state: Any, seat: int) -> Action:
        return self._rng.choice(game.legal_actions(state, seat))


class PoolBot:
    """A level of the bots package, thinking in a worker process."""

    def __init__(self, pool: Any, level: str, seed: int) -> None:
        self._pool = pool
        self._level = level
        self._rng = random.Random(seed)

    async def choose(self, game: Game, state: Any, seat: int) -> Action:
        seed = self._rng.getrandbits(62)
        return dict(await self._pool.choose(game.name, state, seat, self._level, seed))


def make_seat_bot(level: str, game: Game, seed: int, pool: Any | None) -> SeatBot:
    if level == "random" or pool is None or level not in LEVELS:
        return RandomBot(seed)
    return PoolBot(pool, level, seed)


def make_pool() -> Any | None:
    """One shared worker process for thinking bots, or None without the bots package."""
    try:
        from server.bots.pool import BotPool
    except ImportError:
        return None
    return BotPool(workers=1)
