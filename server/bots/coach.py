"""The coach: what the search would play in a position, and how it rates each move.

It calls the ``hard`` level as it is (server/bots/levels.py) and reads the estimates the
search leaves behind (``last_root`` of the ISMCTS, ``last_means`` of the halving race both
games' `hard` run, server/bots/halving.py):
a value in [0, 1] per root move that is mostly the chance of winning as the search sees
it (server/bots/heuristic.py ``rewards``), and how often the move was tried. Runs in a
bot-pool worker on a sample the server determinized from the asking seat's own view, so
it never sees what that seat may not; it answers with the seat's own moves and numbers:
each move's raw ``value`` (what ranks them) and what a player is shown of it, the
calibrated ``chance`` (None: too few tries, "rough") and ``tie``
(server/bots/calibration.py).
"""

from __future__ import annotations

import time
from typing import Any

from server.bots.base import action_key
from server.bots.calibration import current
from server.bots.levels import make_bot
from server.engine.contract import Action, Game
from server.games.registry import get_game

COACH_LEVEL = "hard"


def estimates(bot: Any) -> dict[Any, tuple[float, int]]:
    """What the bot's last search thought of each root move: key -> (value, tries)."""
    root = getattr(bot, "last_root", None)
    if root is not None:
        return {key: (child.total / child.visits, child.visits)
                for key, child in root.children.items() if child.visits}
    means = getattr(bot, "last_means", None)
    return dict(means) if means else {}


def rate_moves(game: Game, sample: Any, seat: int, seed: int, move_time: float | None,
               iterations: int | None) -> list[tuple[Action, float, int]]:
    """Every move the search looked at, best first (most tried, then best valued);
    empty when this step is not searched (the bot decides it by its heuristic)."""
    actions = game.legal_actions(sample, seat)
    bot = make_bot(COACH_LEVEL, game, seed, move_time, iterations)
    bot.choose(game, sample, seat)
    rated = estimates(bot)
    out = [(a, *rated[action_key(a)]) for a in actions if action_key(a) in rated]
    out.sort(key=lambda r: (-r[2], -r[1]))
    return out


def coach_task(game_name: str, sample_data: Any, seat: int, seed: int,
               move_time: float | None, iterations: int | None, top: int = 3
               ) -> list[dict[str, Any]]:
    """In a worker: the ``top`` moves for ``seat`` with their value and tries, and the
    chance and tie a player is shown."""
    game = get_game(game_name)
    sample = game.from_data(sample_data)
    return current().shown(game_name, [
        {"action": a, "value": value, "tries": tries}
        for a, value, tries in rate_moves(game, sample, seat, seed, move_time,
                                          iterations)[:top]])


def review_task(game_name: str, items: list[tuple[int, Any, int, Action]], seed: int,
                move_time: float | None, iterations: int | None, budget: float
                ) -> dict[str, Any]:
    """In a worker: for each of a seat's decisions (step, sample, seat, the move played),
    the search's best move and value against the value of the move played. A decision
    the search does not rate (not searched, or the move played was a take-back) is
    left out; past ``budget`` seconds the rest is too (``complete`` says so). Both
    moves' chances are the calibrated ones the coach shows (None: rough); a best move
    equal to the one played within noise is a tie and no loss."""
    game = get_game(game_name)
    calibration = current()
    out: list[dict[str, Any]] = []
    stop = time.perf_counter() + budget
    for n, (step, sample_data, seat, played) in enumerate(items):
        if time.perf_counter() >= stop:
            return {"moves": out, "complete": False}
        sample = game.from_data(sample_data)
        rated = rate_moves(game, sample, seat, seed + n, move_time, iterations)
        mine = next((r for r in rated if action_key(r[0]) == action_key(played)), None)
        if not rated or mine is None:
            continue
        best = rated[0]  # what the search would have played
        shown = calibration.shown(game_name, [{"value": r[1], "tries": r[2]}
                                              for r in (best, mine)])
        tie = best is not mine and shown[0]["tie"]
        out.append({"step": step, "played": played, "value": mine[1], "tries": mine[2],
                    "chance": shown[1]["chance"],
                    "best": best[0], "best_value": best[1], "best_tries": best[2],
                    "best_chance": shown[0]["chance"], "tie": tie,
                    "loss": 0.0 if best is mine or tie else max(0.0, best[1] - mine[1])})
    return {"moves": out, "complete": True}
