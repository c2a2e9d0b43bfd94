"""Levels that misbehave, to show the pool survives them (imported by pool workers)."""

from __future__ import annotations

import os
import time
from typing import Any

from server.bots.base import SeatBot
from server.bots.levels import register_level
from server.engine.contract import Action, Game


class Raising(SeatBot):
    level = "raising"

    def decide(self, game: Game, state: Any, seat: int, actions: list[Action]) -> Action:
        raise RuntimeError("bot bug")


class Dying(SeatBot):
    level = "dying"

    def decide(self, game: Game, state: Any, seat: int, actions: list[Action]) -> Action:
        os._exit(3)


class Sleeping(SeatBot):
    level = "sleeping"

    def decide(self, game: Game, state: Any, seat: int, actions: list[Action]) -> Action:
        time.sleep(60)
        return actions[0]


class Illegal(SeatBot):
    level = "illegal"

    def decide(self, game: Game, state: Any, seat: int, actions: list[Action]) -> Action:
        return {"type": "teleport"}


for _cls in (Raising, Dying, Sleeping, Illegal):
    register_level(_cls.level, lambda game, seed, move_time, iterations, c=_cls: c(seed),
                   fallback="easy")
