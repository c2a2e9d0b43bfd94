"""Bot seats: the tiny interface the room speaks, and a random-legal fallback.

A room asks ``await bot.choose(game, state, seat)`` where ``state`` is
``game.determinize(real_state, seat, seed)``: a bot never sees the true hidden
information. ``make_seat_bot`` prefers ``server.bots.make_bot`` (the bots
package) and falls back to ``RandomBot`` when it is missing or refuses a level.
"""

from __future__ import annotations

import inspect
import random
from typing import Any, Protocol

from server.engine.contract import Action, Game


class SeatBot(Protocol):
    async def choose(self, game: Game, state: Any, seat: int) -> Action: ...


class RandomBot:
    """Uniformly random among the legal actions of its own (determinized) state."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    async def choose(self, game: Game, state: Any, seat: int) -> Action:
        legal = game.legal_actions(state, seat)
        return self._rng.choice(legal)


class _Adapter:
    """Wraps a bots-package bot whose ``choose`` may be sync or async."""

    def __init__(self, bot: Any) -> None:
        self._bot = bot

    async def choose(self, game: Game, state: Any, seat: int) -> Action:
        out = self._bot.choose(game, state, seat)
        if inspect.isawaitable(out):
            out = await out
        return dict(out)


def make_seat_bot(level: str, game: Game, seed: int) -> SeatBot:
    if level == "random":
        return RandomBot(seed)
    try:
        from server.bots import make_bot  # type: ignore[attr-defined]
    except ImportError:
        return RandomBot(seed)
    try:
        return _Adapter(make_bot(level, game, seed))
    except Exception:
        return RandomBot(seed)
