"""The frozen levels by name (``server.bots.levels.LEAGUE_LEVELS`` points here).

- ``hard@2026-12-03``: main's ``hard`` of 2026-12-03 (commit 709c466): Puerto Rico's
  sequential halving on shared worlds, rollouts to the end in the base game
  (``hard_2026_12_03/puerto_rico_search.py``), and San Juan's shared-worlds search.
- ``hard@2026-12-02``: ``hard`` before commit 79dde3d: Puerto Rico's information-set
  MCTS with 20-step greedy rollouts (the same search code as 12-03's copy, whose
  ``search.py`` differs from that day's only by the coach's ``last_root``), and San
  Juan's shared-worlds search before it learnt to skip duds
  (``hard_2026_12_02/san_juan_search.py``). The Puerto Rico and San Juan heuristics of
  both days are the same code (``git diff 79dde3d^ 709c466`` shows only import paths
  and view keys added later), so both levels read 12-03's copy.

A factory takes ``(game, seed, move_time, iterations)`` as ``levels.make_bot`` passes
them; a budget means what it means for today's ``hard``.
"""

from __future__ import annotations

from server.bots.base import SeatBot
from server.engine.contract import Game

DEFAULT_MOVE_TIME = 1.5
HARD_ROLLOUT = 20
ISMCTS_PER_ROUND = 0.7
"""ISMCTS iterations (20 greedy steps each) that cost what one of today's iterations
(a round of rollout play) costs on one core in the base game, 3 players: so the league's
budget of N a move gives ``hard@2026-12-02`` the same CPU time as today's ``hard``
(2026-12-07 on the loaded 2-core machine: 311 ISMCTS iterations a CPU-second
against 447 rounds; docs/bots.md, League)."""


def _budget(move_time: float | None, iterations: int | None) -> float | None:
    """Seconds a move as ``levels.make_bot`` gives hard: none with an iteration cap alone."""
    if move_time is not None or iterations is None:
        return DEFAULT_MOVE_TIME if move_time is None else move_time
    return None


def hard_2026_12_03(game: Game, seed: int, move_time: float | None,
                    iterations: int | None) -> SeatBot:
    budget = _budget(move_time, iterations)
    if game.name == "puerto-rico":
        from server.bots.frozen.hard_2026_12_03 import puerto_rico_search
        return puerto_rico_search.make_search("hard@2026-12-03", seed, budget, iterations)
    if game.name == "san-juan":
        from server.bots.frozen.hard_2026_12_03 import san_juan_search
        return san_juan_search.make_search("hard@2026-12-03", seed, budget, iterations)
    raise ValueError(f"hard@2026-12-03 plays Puerto Rico and San Juan, not {game.name}")


def hard_2026_12_02(game: Game, seed: int, move_time: float | None,
                    iterations: int | None) -> SeatBot:
    budget = _budget(move_time, iterations)
    if game.name == "puerto-rico":
        from server.bots.frozen.hard_2026_12_03.heuristic import heuristic_for
        from server.bots.frozen.hard_2026_12_03.search import SearchBot
        cap = None if iterations is None else max(1, round(iterations * ISMCTS_PER_ROUND))
        bot = SearchBot(seed, heuristic_for(game.name), move_time=budget, iterations=cap,
                        rollout_steps=HARD_ROLLOUT, rollout_greedy=1.0)
        bot.level = "hard@2026-12-02"
        return bot
    if game.name == "san-juan":
        from server.bots.frozen.hard_2026_12_02 import san_juan_search
        return san_juan_search.make_search("hard@2026-12-02", seed, budget, iterations)
    raise ValueError(f"hard@2026-12-02 plays Puerto Rico and San Juan, not {game.name}")
