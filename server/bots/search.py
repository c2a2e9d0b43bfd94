"""Information-set Monte Carlo tree search (single observer), guided by a heuristic.

Each iteration samples a fresh determinization of what the bot's seat cannot see, then
walks one shared tree keyed by actions: children not legal in this sample are skipped and
UCB counts how often a child was *available* (Cowling, Powley & Whitehouse 2012). At the
root, the heuristic's action scores order expansion and add a progressive bias, so with a
small budget the search falls back to the heuristic's choice. Rollouts take a few fast
random steps, then the heuristic estimates the end (or a generic playout finishes it).

The budget is wall time (``move_time``) and/or an iteration cap (``iterations``): with a
cap and no time limit the search is deterministic for a given seed, which tests rely on.
"""

from __future__ import annotations

import math
import time
from typing import Any

from server.bots.base import SeatBot, action_key
from server.bots.heuristic import GenericHeuristic, Heuristic, rewards
from server.engine.contract import Action, Game


class Node:
    __slots__ = ("action", "avail", "children", "mover", "priors", "total", "visits")

    def __init__(self, mover: int = -1, action: Action | None = None) -> None:
        self.mover = mover
        self.action = action
        self.children: dict[Any, Node] = {}
        self.priors: dict[Any, float] | None = None
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class SearchBot(SeatBot):
    """ISMCTS over the engine contract; ``level`` is only a label."""

    level = "search"

    def __init__(
        self,
        seed: int,
        heuristic: Heuristic | None,
        move_time: float | None = 1.0,
        iterations: int | None = None,
        rollout_steps: int = 0,
        rollout_greedy: float = 0.0,
        explore: float = 0.7,
        bias: float = 1.0,
        tree_bias: bool = False,
        margin_scale: float = 10.0,
    ) -> None:
        super().__init__(seed)
        if move_time is None and iterations is None:
            raise ValueError("a search needs a time budget or an iteration cap")
        self.heuristic = heuristic
        self.generic = GenericHeuristic(seed)
        self.move_time = move_time
        self.iterations = iterations
        self.rollout_steps = rollout_steps
        self.rollout_greedy = rollout_greedy
        self.explore = explore
        self.bias = bias
        self.tree_bias = tree_bias
        self.margin_scale = margin_scale
        self.last_iterations = 0
        self.last_root: Node | None = None  # the last search's tree (the coach reads it)

    def decide(self, game: Game, state: Any, seat: int, actions: list[Action]) -> Action:
        actions = forward(actions)
        if len(actions) == 1:
            return actions[0]
        priors = self._priors(game, state, seat, actions)
        root = Node()
        root.priors = priors
        cap = self.iterations if self.iterations is not None else 10**9
        deadline = (
            time.perf_counter() + self.move_time if self.move_time is not None else math.inf
        )
        done = 0
        while done < cap and (done == 0 or time.perf_counter() < deadline):
            sample = game.determinize(state, seat, self.rng.getrandbits(62))
            self._iterate(game, sample, root)
            done += 1
        self.last_iterations = done
        self.last_root = root
        best_key, best = None, -1.0
        for action in actions:
            key = action_key(action)
            child = root.children.get(key)
            value = (child.visits if child else 0) + 0.01 * priors.get(key, 0.0)
            if value > best:
                best_key, best = key, value
        return next(a for a in actions if action_key(a) == best_key)

    def _priors(self, game: Game, state: Any, seat: int, actions: list[Action]) -> dict[Any, float]:
        """Heuristic scores of the root actions, scaled to [0, 1]."""
        if self.heuristic is None:
            return {}
        scores = self.heuristic.action_scores(game, state, seat, actions)
        low, high = min(scores), max(scores)
        span = (high - low) or 1.0
        return {action_key(a): (s - low) / span for a, s in zip(actions, scores, strict=True)}

    def _iterate(self, game: Game, state: Any, root: Node) -> None:
        node, path = root, [root]
        while True:
            movers = game.to_move(state)
            if not movers:
                break
            mover = movers[0]
            actions = forward(game.legal_actions(state, mover))
            keyed = [(action_key(a), a) for a in actions]
            if node.priors is None and self.tree_bias and len(actions) > 1:
                node.priors = self._priors(game, state, mover, actions)
            priors = node.priors or {}
            untried = [(k, a) for k, a in keyed if k not in node.children]
            for k, _ in keyed:
                child = node.children.get(k)
                if child is not None:
                    child.avail += 1
            if untried:
                if priors:
                    key, action = max(untried, key=lambda ka: priors.get(ka[0], 0.0))
                else:
                    key, action = self.rng.choice(untried)
                child = node.children[key] = Node(mover, action)
                child.avail += 1
                game.apply(state, mover, action)
                path.append(child)
                break
            child = self._select(node, [k for k, _ in keyed], priors)
            game.apply(state, mover, child.action or {})
            path.append(child)
            node = child
        reward = self._rollout(game, state)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.total += reward[visited.mover]

    def _select(self, node: Node, keys: list[Any], priors: dict[Any, float] | None) -> Node:
        best, best_value = None, -math.inf
        for key in keys:
            child = node.children[key]
            value = child.total / child.visits + self.explore * math.sqrt(
                math.log(max(child.avail, 1)) / child.visits
            )
            if priors:
                value += self.bias * priors.get(key, 0.0) / (child.visits + 1)
            if value > best_value:
                best, best_value = child, value
        assert best is not None
        return best

    def _rollout(self, game: Game, state: Any) -> list[float]:
        """A few steps of a fast policy (greedy on the heuristic with probability
        ``rollout_greedy``, else random), then the estimate of the position. The chosen
        action is carried out on the game's quiet path when it has one (nobody reads
        a rollout's log: ``_carry_out``)."""
        for _ in range(self.rollout_steps):
            movers = game.to_move(state)
            if not movers:
                break
            mover = movers[0]
            actions = game.legal_actions(state, mover)
            i = 0
            if len(actions) > 1:
                if self.heuristic is not None and self.rng.random() < self.rollout_greedy:
                    scores = self.heuristic.action_scores(game, state, mover, actions)
                    i = scores.index(max(scores))
                else:
                    ahead = [j for j, a in enumerate(actions) if a.get("type") != "undo"]
                    ahead = ahead or list(range(len(actions)))  # (the draw of rng.choice)
                    i = ahead[self.rng.randrange(len(ahead))]
            _carry_out(game, state, mover, actions, i)
        if game.is_over(state) or self.heuristic is None:
            scores = self.generic.estimate(game, state)
        else:
            scores = self.heuristic.estimate(game, state)
        return rewards(scores, self.margin_scale)


def forward(actions: list[Action]) -> list[Action]:
    """The actions other than ``undo``, if any. The search never takes a placement
    back: undo leads back to a position already searched, with values as noisy as the
    placement's, so the most visited child could be the undo, and a bot that undid its
    placement and placed again walked in circles until the arena's action cap
    (hours at 0.2 s a move: the 'did not finish' rows of make bench)."""
    rest = [a for a in actions if a.get("type") != "undo"]
    return rest or actions


def _carry_out(game: Game, state: Any, mover: int, actions: list[Action], i: int) -> None:
    """``game.apply`` of ``actions[i]``, or the same change through the game's trusted
    ``play_index`` or ``apply_move`` when it has the quiet path: its moves come in the
    order of ``legal_actions`` without ``undo`` (server/engine/contract.py), so the
    i-th action, undo actions before it left out, is that move."""
    action = actions[i]
    apply_move = getattr(game, "apply_move", None)
    if apply_move is None or action.get("type") == "undo":
        game.apply(state, mover, action)
        return
    j = i - sum(1 for a in actions[:i] if a.get("type") == "undo")
    play_index = getattr(game, "play_index", None)
    if play_index is not None:  # trusted: j was just drawn from the legal moves
        play_index(state, j)
        return
    apply_move(state, mover, game.moves(state, mover)[j])  # type: ignore[attr-defined]
