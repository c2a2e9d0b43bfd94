"""Game knowledge for bots, behind one small interface, with a generic fallback.

A heuristic scores the legal actions of a seat (higher is better) and estimates how a
position will end (one number per seat, on the scale of final scores). The search uses
both: the scores order and bias its first choices, the estimate ends its rollouts early.
A game without a heuristic still works: actions score alike and rollouts play to the end.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from server.engine.contract import Action, Game, Result
from server.engine.record import load_ref
from server.games import registry

# a game's heuristic is named by its record (``bots.heuristic``), imported on first use
_LOADED: dict[str, Heuristic | None] = {}


class Heuristic(Protocol):
    def action_scores(
        self, game: Game, state: Any, seat: int, actions: list[Action]
    ) -> list[float]: ...

    def estimate(self, game: Game, state: Any) -> list[float]:
        """Expected final score per seat, from a (determinized) state."""
        ...


class GenericHeuristic:
    """Knows nothing: every action alike; the estimate is a random playout to the end."""

    def __init__(self, seed: int = 0, max_steps: int = 20_000) -> None:
        self.rng = random.Random(seed)
        self.max_steps = max_steps

    def action_scores(
        self, game: Game, state: Any, seat: int, actions: list[Action]
    ) -> list[float]:
        return [0.0] * len(actions)

    def estimate(self, game: Game, state: Any) -> list[float]:
        sample = game.clone(state)
        for _ in range(self.max_steps):
            movers = game.to_move(sample)
            if not movers:
                break
            seat = movers[0]
            game.apply(sample, seat, self.rng.choice(game.legal_actions(sample, seat)))
        result = game.result(sample)
        if result is None:
            return [0.0] * game.players(state)
        return result_scores(result, game.players(state))


def heuristic_for(game_name: str) -> Heuristic | None:
    """The game's own heuristic, or None when it has none."""
    if game_name not in _LOADED:
        record = registry.find(game_name)
        target = None if record is None else record.bots.heuristic
        _LOADED[game_name] = None if target is None else load_ref(target)()
    return _LOADED[game_name]


def register_heuristic(game_name: str, heuristic: Heuristic) -> None:
    _LOADED[game_name] = heuristic


def result_scores(result: Result, players: int) -> list[float]:
    """Final totals per seat, nudged so that the official tie-break decides ties."""
    scores = [0.0] * players
    for line in result.scores:
        scores[line.seat] = float(line.total) + 0.001 * (players - line.rank)
    return scores


def rewards(scores: list[float], margin_scale: float = 10.0) -> list[float]:
    """Per-seat reward in [0, 1]: mostly winning (ties split), partly the margin."""
    best = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == best]
    out: list[float] = []
    for seat, value in enumerate(scores):
        win = 1.0 / len(leaders) if seat in leaders else 0.0
        others = [v for s, v in enumerate(scores) if s != seat]
        gap = value - (max(others) if others else value)
        margin = 0.5 + max(-0.5, min(0.5, gap / (2 * margin_scale)))
        out.append(0.7 * win + 0.3 * margin)
    return out
