"""Issue 34's candidates for Puerto Rico's ``hard``: medium's own search at hard's CPU.

``medium`` (information-set MCTS, 6-step greedy rollouts, then the heuristic's
estimate, at a quarter of the budget) beats ``hard`` (sequential halving with rollouts
to the end) at four times the budget. These league levels give medium's algorithm the
CPU time ``hard`` gets, measured per whole game (docs/bots.md, "Medium's search at
hard's budget"), so a league row compares the two searches and not two budgets:

- ``hard-ismcts``: the ISMCTS searching every decision, as medium does, at
  ``ALL_PER_ROUND`` of the row's iterations (a round of hard's rollout play costs more
  than an ISMCTS iteration, but hard searches only a third of the decisions);
- ``hard-ismcts-focus``: the ISMCTS on the decisions hard searches (role, build,
  plantation, the wharf's "when"; the rest greedy, as hard plays them), never a dud,
  at ``FOCUS_PER_ROUND`` of the row's iterations;
- ``hard-ismcts-focus-10``: the same with 10-step rollouts (each iteration dearer).

Other games get ``hard`` itself. Not in ``LEVELS``: the server's rooms never offer them.
"""

from __future__ import annotations

from typing import Any

from server.bots.base import Bot
from server.bots.duds import without_duds
from server.bots.heuristic import heuristic_for
from server.bots.puerto_rico_search import SEARCHED, waits
from server.bots.search import SearchBot, forward
from server.engine.contract import Action, Game

ALL_PER_ROUND = 0.65
"""ISMCTS iterations (6-step rollouts) on every decision that cost, over a whole base
game of 3, what one round of ``hard``'s rollout play on its searched decisions costs."""
FOCUS_PER_ROUND = 1.3
"""The same for an ISMCTS searching only hard's decisions (6-step rollouts)."""
FOCUS_10_PER_ROUND = 1.05
"""The same with 10-step rollouts."""


class FocusedSearch(SearchBot):
    """The ISMCTS on the decisions Puerto Rico's ``hard`` searches; every other step is
    the heuristic's greedy pick, and a role with nothing in it for anyone is never
    chosen while another is open (``duds``)."""

    def decide(self, game: Game, state: Any, seat: int, actions: list[Action]) -> Action:
        actions = without_duds(game, state, seat, forward(actions))
        if len(actions) > 1 and (any(a.get("type") in SEARCHED for a in actions)
                                 or waits(state, actions)):
            return super().decide(game, state, seat, actions)
        assert self.heuristic is not None
        scores = self.heuristic.action_scores(game, state, seat, actions)
        best = max(scores)
        return self.rng.choice([a for a, v in zip(actions, scores, strict=True) if v == best])


def _search(cls: type[SearchBot], level: str, game: Game, seed: int,
            move_time: float | None, iterations: int | None, per_round: float,
            steps: int) -> Bot:
    from server.bots.levels import DEFAULT_MOVE_TIME, make_bot
    if game.name != "puerto-rico":
        return make_bot("hard", game, seed, move_time, iterations)
    budget = None  # an iteration cap alone: deterministic
    if move_time is not None or iterations is None:
        budget = DEFAULT_MOVE_TIME if move_time is None else move_time
    cap = None if iterations is None else max(1, round(iterations * per_round))
    bot = cls(seed, heuristic_for(game.name), move_time=budget, iterations=cap,
              rollout_steps=steps, rollout_greedy=1.0)
    bot.level = level
    return bot


def hard_ismcts(game: Game, seed: int, move_time: float | None,
                iterations: int | None) -> Bot:
    return _search(SearchBot, "hard-ismcts", game, seed, move_time, iterations,
                   ALL_PER_ROUND, 6)


def hard_ismcts_focus(game: Game, seed: int, move_time: float | None,
                      iterations: int | None) -> Bot:
    return _search(FocusedSearch, "hard-ismcts-focus", game, seed, move_time, iterations,
                   FOCUS_PER_ROUND, 6)


def hard_ismcts_focus_10(game: Game, seed: int, move_time: float | None,
                         iterations: int | None) -> Bot:
    return _search(FocusedSearch, "hard-ismcts-focus-10", game, seed, move_time,
                   iterations, FOCUS_10_PER_ROUND, 10)
