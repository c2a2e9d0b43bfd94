"""What a bot is, and the simplest one.

A bot never reads hidden information: ``choose`` first replaces the state by a
determinization from the bot's own seat (``game.determinize``), so everything hidden is
re-sampled from what the seat sees, and only then decides. Given the same seed, two states
that differ only in what the seat cannot see lead to the same decision.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from server.engine.contract import Action, Game
from server.engine.playout import choose


class Bot(Protocol):
    level: str

    def choose(self, game: Game, state: Any, seat: int) -> Action: ...


def action_key(action: Action) -> tuple[tuple[str, str], ...]:
    """A hashable identity of an action, ignoring its human label."""
    return tuple(sorted((k, repr(v)) for k, v in action.items() if k != "label"))


class SeatBot:
    """Base of every level: seeded, and deciding only on its own determinization."""

    level = "base"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(f"bot:{seed}")

    def choose(self, game: Game, state: Any, seat: int) -> Action:
        sample = game.determinize(state, seat, self.rng.getrandbits(62))
        actions = game.legal_actions(sample, seat)
        if not actions:
            raise ValueError(f"seat {seat} has no legal action")
        if len(actions) == 1:
            return actions[0]
        return self.decide(game, sample, seat, actions)

    def decide(self, game: Game, state: Any, seat: int, actions: list[Action]) -> Action:
        raise NotImplementedError


class RandomBot(SeatBot):
    """Uniform among the legal actions other than ``undo`` (server.engine.playout)."""

    level = "random"

    def decide(self, game: Game, state: Any, seat: int, actions: list[Action]) -> Action:
        return choose(actions, self.rng.randrange)
