"""San Juan's search levels: sampled worlds, the heuristic as everyone's policy, the
fitted estimate at the end (san_juan_eval).

Only the decisions that shape a game are searched: which role to choose and what to
build (or to pass). Every other step — paying, discarding, keeping, producing,
selling, tucking, confirming — is the heuristic's greedy pick, as in ``easy``.

A searched decision is a race between the seat's legal actions by sequential halving.
Each world is a sample the seat cannot tell from the real table (``game.determinize``
from its own view); every action still in the race is played out in the *same* world
(same hidden cards, same shuffles): everyone plays on greedily to the start of the
round after next, and the end is scored by the fitted estimate as a smooth chance of
finishing first. Sharing the worlds makes the differences between actions their own
and not the luck of the draw; that, more than the number of samples, is what makes
the search beat its own heuristic (docs/bots.md, San Juan).
"""

from __future__ import annotations

import math
import time
from typing import Any

from server.bots.base import SeatBot
from server.bots.frozen.hard_2026_12_03.san_juan import SanJuanHeuristic
from server.bots.frozen.hard_2026_12_03.san_juan_eval import SanJuanEstimate, rounds_left
from server.engine.contract import Action, Game
from server.games.san_juan.state import BUILD_STEP, CHOOSE_ROLE

SEARCHED = frozenset((CHOOSE_ROLE, BUILD_STEP))


class SanJuanSearch(SeatBot):
    """Sequential halving on shared sampled worlds, over the seat's role and build
    decisions; ``iterations`` counts playouts (a cap alone: deterministic)."""

    level = "search"

    def __init__(self, seed: int, move_time: float | None, iterations: int | None,
                 horizon: int = 2, spread: float = 2.0) -> None:
        super().__init__(seed)
        if move_time is None and iterations is None:
            raise ValueError("a search needs a time budget or an iteration cap")
        self.heuristic = SanJuanHeuristic()
        self.estimate = SanJuanEstimate()
        self.move_time = move_time
        self.iterations = iterations
        self.horizon = horizon  # new rounds to play into before the estimate
        self.spread = spread
        self.last_iterations = 0

    def greedy(self, game: Game, state: Any, seat: int, actions: list[Action]) -> Action:
        scores = self.heuristic.action_scores(game, state, seat, actions)
        return actions[scores.index(max(scores))]

    def decide(self, game: Game, state: Any, seat: int, actions: list[Action]) -> Action:
        if state.step not in SEARCHED:
            scores = self.heuristic.action_scores(game, state, seat, actions)
            best = max(scores)
            return self.rng.choice([a for a, v in zip(actions, scores, strict=True)
                                    if v == best])
        scores = self.heuristic.action_scores(game, state, seat, actions)
        low, high = min(scores), max(scores)
        priors = [(v - low) / ((high - low) or 1.0) for v in scores]
        return actions[self._halving(game, state, seat, actions, priors)]

    def _halving(self, game: Game, state: Any, seat: int, actions: list[Action],
                 priors: list[float]) -> int:
        """The index of the winner; the worse half leaves after each stage, every
        action in the race seeing the same worlds (at least one per stage)."""
        alive = sorted(range(len(actions)), key=lambda j: -priors[j])
        totals = [0.0] * len(actions)
        counts = [0] * len(actions)
        budget = self.iterations if self.iterations is not None else 10**9
        deadline = (time.perf_counter() + self.move_time if self.move_time is not None
                    else math.inf)
        stages = max(1, math.ceil(math.log2(len(alive))))
        done = 0
        for stage in range(stages):
            worlds = max(1, budget // (stages * len(alive)))
            if self.iterations is None:
                worlds = 10**9
            stop = time.perf_counter() + (deadline - time.perf_counter()) / (stages - stage)
            for _ in range(worlds):
                started = time.perf_counter()
                seed = self.rng.getrandbits(62)
                for i in alive:
                    sample = game.determinize(state, seat, seed)
                    game.apply(sample, seat, actions[i])
                    totals[i] += self._rollout(game, sample, seat)
                    counts[i] += 1
                    done += 1
                now = time.perf_counter()
                if now + (now - started) > stop:  # no time for another world like it
                    break
            alive.sort(key=lambda j: -(totals[j] / max(1, counts[j]) + 0.001 * priors[j]))
            alive = alive[:max(1, (len(alive) + 1) // 2)]
            if len(alive) == 1:
                break
        self.last_iterations = done
        return alive[0]

    def _rollout(self, game: Game, s: Any, seat: int) -> float:
        """Greedy play until ``horizon`` new rounds have started, then the estimate."""
        rounds = 0
        last_round = s.round
        for _ in range(2000):
            movers = game.to_move(s)
            if not movers:
                break
            if s.round != last_round:
                last_round = s.round
                rounds += 1
                if rounds >= self.horizon:
                    break
            mover = movers[0]
            actions = game.legal_actions(s, mover)
            game.apply(s, mover, actions[0] if len(actions) == 1
                       else self.greedy(game, s, mover, actions))
        return self.win_chance(self.estimate(s), seat, rounds_left(s))

    def win_chance(self, scores: list[float], seat: int, left: float) -> float:
        """A smooth chance of finishing first: logistic in the gap to the best other."""
        gap = scores[seat] - max(v for p, v in enumerate(scores) if p != seat)
        scale = self.spread * (1.0 + 0.25 * left)
        return 1.0 / (1.0 + math.exp(-gap / scale))


def make_search(level: str, seed: int, move_time: float | None,
                iterations: int | None) -> SanJuanSearch:
    bot = SanJuanSearch(seed, move_time, iterations)
    bot.level = level
    return bot
