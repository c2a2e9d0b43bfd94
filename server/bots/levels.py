"""The bot levels and the one factory the server, the pool and the arena use.

- ``random``: uniform among legal actions.
- ``easy``: the game's heuristic, greedy (a generic game: random).
- ``medium``: ISMCTS guided by the heuristic, a quarter of the move time, short rollouts.
- ``hard``: the same search with the full move time (default 1.5 s, at most 2 s here)
  and rollouts of ``HARD_ROLLOUT`` steps of greedy heuristic play before the estimate.

Each level falls back to the one below it (``FALLBACK``) when it crashes or overruns.

The league's levels (``LEAGUE_LEVELS``: frozen releases of ``hard`` such as
``hard@2026-12-02``, the scripted ``shipper`` and ``builder``, and the candidates for
``hard`` under measure: ``hard-two-rounds``, and ``hard-ismcts`` and its variants in
``server/bots/candidates.py``) are made here too, so
the arena and the ladder accept them, but they are not in ``LEVELS``: the server's rooms
and the new-game screen offer the four levels only (docs/bots.md, League).
"""

from __future__ import annotations

import importlib
from typing import Any

from server.bots.base import Bot, RandomBot, SeatBot
from server.bots.heuristic import GenericHeuristic, Heuristic, heuristic_for
from server.bots.search import SearchBot
from server.engine.contract import Action, Game
from server.engine.record import load_ref
from server.games import registry

LEVELS = ("random", "easy", "medium", "hard")
FALLBACK: dict[str, str | None] = {"hard": "medium", "medium": "easy", "easy": "random",
                                   "random": None}
DEFAULT_MOVE_TIME = 1.5
MEDIUM_SHARE = 0.25
HARD_ROLLOUT = 20  # steps of greedy-heuristic play after each expansion
MEDIUM_ROLLOUT = 6

LEAGUE_LEVELS: dict[str, str] = {
    "hard@2026-12-03": "server.bots.frozen.levels:hard_2026_12_03",
    "hard@2026-12-02": "server.bots.frozen.levels:hard_2026_12_02",
    "shipper": "server.bots.styles:shipper",
    "builder": "server.bots.styles:builder",
    "hard-two-rounds": "server.bots.levels:hard_two_rounds",
    "hard-ismcts": "server.bots.candidates:hard_ismcts",
    "hard-ismcts-focus": "server.bots.candidates:hard_ismcts_focus",
    "hard-ismcts-focus-10": "server.bots.candidates:hard_ismcts_focus_10",
}
"""Level name -> "module:factory(game, seed, move_time, iterations) -> Bot", imported on
first use."""
FALLBACK.update({"hard@2026-12-03": "medium", "hard@2026-12-02": "medium",
                 "shipper": "easy", "builder": "easy", "hard-two-rounds": "medium"})
FALLBACK.update({level: "medium" for level in LEAGUE_LEVELS if level.startswith("hard-ismcts")})

_EXTRA: dict[str, Any] = {}
# a game's own search for medium and hard is named by its record (``bots.search``, for
# the levels in ``bots.search_levels``), imported on first use; other games and other
# levels use SearchBot below


def hard_two_rounds(game: Game, seed: int, move_time: float | None,
                    iterations: int | None) -> Bot:
    """Issue 34's candidate: today's ``hard`` whose Puerto Rico rollouts stop two new
    rounds ahead at every table (played to the end, they copy ``easy`` and are wrong
    against anyone else); other games: ``hard`` itself. A league level until the league
    shows it better (docs/bots.md, League)."""
    from server.bots.puerto_rico_search import SHORT_HORIZON, PuertoRicoSearch
    bot = make_bot("hard", game, seed, move_time, iterations)
    if isinstance(bot, PuertoRicoSearch):
        bot.horizon = bot.rounds = SHORT_HORIZON
    return bot


def register_level(name: str, factory: Any, fallback: str | None = "random") -> None:
    """Add a level (e.g. an experimental or test bot): ``factory(game, seed, move_time,
    iterations) -> Bot``; ``fallback`` is the level used when it fails."""
    _EXTRA[name] = factory
    FALLBACK[name] = fallback


class HeuristicBot(SeatBot):
    """Greedy on the heuristic's action scores; seeded ties."""

    level = "easy"

    def __init__(self, seed: int, heuristic: Heuristic) -> None:
        super().__init__(seed)
        self.heuristic = heuristic

    def decide(self, game: Game, state: Any, seat: int, actions: list[Action]) -> Action:
        scores = self.heuristic.action_scores(game, state, seat, actions)
        best = max(scores)
        return self.rng.choice([a for a, s in zip(actions, scores, strict=True) if s == best])


def known_level(level: str) -> bool:
    return level in LEVELS or level in LEAGUE_LEVELS or level in _EXTRA


def make_bot(
    level: str,
    game: Game,
    seed: int,
    move_time: float | None = None,
    iterations: int | None = None,
) -> Bot:
    """A bot of ``level`` for ``game``. ``iterations`` caps search (and, without
    ``move_time``, makes it deterministic); ``move_time`` is seconds per move for hard."""
    if level in _EXTRA:
        return _EXTRA[level](game, seed, move_time, iterations)
    if level in LEAGUE_LEVELS:
        module, attr = LEAGUE_LEVELS[level].split(":")
        return getattr(importlib.import_module(module), attr)(game, seed, move_time, iterations)
    heuristic = heuristic_for(game.name)
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return HeuristicBot(seed, heuristic or GenericHeuristic(seed))
    if level in ("medium", "hard"):
        share = MEDIUM_SHARE if level == "medium" else 1.0
        budget: float | None = None  # an iteration cap alone: deterministic
        if move_time is not None or iterations is None:
            budget = (DEFAULT_MOVE_TIME if move_time is None else move_time) * share
        cap = None if iterations is None else max(1, int(iterations * share))
        own = registry.find(game.name)
        if own is not None and own.bots.search and level in own.bots.search_levels:
            return load_ref(own.bots.search)(level, seed, budget, cap)
        steps = HARD_ROLLOUT if level == "hard" else MEDIUM_ROLLOUT
        bot = SearchBot(seed, heuristic, move_time=budget, iterations=cap,
                        rollout_steps=steps if heuristic else 0, rollout_greedy=1.0)
        bot.level = level
        return bot
    raise ValueError(f"unknown bot level {level!r} (known: {', '.join(all_levels())})")


def all_levels() -> tuple[str, ...]:
    """Every level the arena and the ladder accept: the four, then the league's."""
    return (*LEVELS, *LEAGUE_LEVELS, *_EXTRA)
