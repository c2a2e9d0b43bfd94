"""Successive halving: both games' `hard` race a few candidate actions in shared worlds.

Each stage samples worlds (determinized from the searcher's view) and plays every
candidate still in the race out in each of them, so the candidates are compared on the
same luck; the worse half leaves after each stage. The budget is iterations
(deterministic: a playout each, or what the search's ``cost`` says a playout was
worth) or a deadline (at least one world per stage either way).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from server.bots.base import action_key
from server.engine.contract import Action, Game


@dataclass
class Race:
    winner: int  # the index of the action that won
    means: dict[Any, tuple[float, int]]  # action key -> (mean playout value, playouts)
    playouts: int
    spent: int  # iterations: the playouts, or their summed ``cost``


def race(game: Game, state: Any, seat: int, actions: list[Action], priors: list[float],
         alive: list[int], iterations: int | None, deadline: float, rng: random.Random,
         rollout: Callable[[Game, Any, int], float],
         cost: Callable[[], float] | None = None) -> Race:
    """Race ``alive`` (indices into ``actions``, best prior first) to one winner.
    ``cost``, if given, says what the playout just played was worth in iterations
    (Puerto Rico's: the rounds it played); otherwise each is one."""
    totals = [0.0] * len(actions)
    counts = [0] * len(actions)
    budget = iterations if iterations is not None else 10**9
    stages = max(1, math.ceil(math.log2(len(alive))))
    done = 0.0  # iterations spent: playouts, or what ``cost`` says each one was worth
    playouts = 0
    for stage in range(stages):
        # what earlier stages left over goes to the later ones, as the deadline's share
        # does: a cap of N spends N (less than one world's worth short at most)
        end = done + (budget - done) / (stages - stage)
        stop = time.perf_counter() + (deadline - time.perf_counter()) / (stages - stage)
        while True:
            started, before = time.perf_counter(), done
            seed = rng.getrandbits(62)
            for i in alive:
                sample = game.determinize(state, seat, seed)
                game.apply(sample, seat, actions[i])
                totals[i] += rollout(game, sample, seat)
                counts[i] += 1
                playouts += 1
                done += cost() if cost is not None else 1
            now = time.perf_counter()
            if now + (now - started) > stop:  # no time for another world like it
                break
            if done + (done - before) > end:  # no iterations left for another like it
                break
        alive.sort(key=lambda j: -(totals[j] / max(1, counts[j]) + 0.001 * priors[j]))
        alive = alive[:max(1, (len(alive) + 1) // 2)]
        if len(alive) == 1:
            break
    means = {action_key(actions[i]): (totals[i] / counts[i], counts[i])
             for i in range(len(actions)) if counts[i]}
    return Race(alive[0], means, playouts, round(done))
