"""The search's rollouts carry their steps out on the game's quiet path (moves /
apply_move: no labels read back, no log composed), or its trusted step (play_index:
no checks either) when the game has one, and decide exactly as through ``apply``: the
same seeds and iteration cap, the same choices."""

from __future__ import annotations

import random
from typing import Any

from server.bots import action_key, make_bot
from server.engine.playout import choose
from server.games.registry import get_game

GAME = get_game("puerto-rico")


class Loud:
    """The game without its quiet path (``apply`` only), counting nothing else."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        if name in ("moves", "apply_move", "play_index"):
            raise AttributeError(name)
        return getattr(self._game, name)


class Counted:
    """The real game; counts the trusted steps carried out."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.quiet = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def play_index(self, state: Any, i: int) -> None:
        self.quiet += 1
        self._game.play_index(state, i)


def _states(expansions: list[str], seed: int, count: int) -> list[Any]:
    """Positions along a random game (the mayor's undo in the labelled actions too)."""
    state = GAME.setup(4, GAME.normalize_options(4, {"expansions": expansions}), seed)
    rnd, out = random.Random(seed), []
    while not GAME.is_over(state) and len(out) < count:
        seat = GAME.to_move(state)[0]
        actions = GAME.legal_actions(state, seat)
        if len(actions) > 1 and rnd.random() < 0.3:
            out.append(GAME.clone(state))
        GAME.apply(state, seat, choose(actions, rnd.randrange))
    return out


def test_rollouts_on_the_quiet_path_decide_as_through_apply() -> None:
    counted = Counted(GAME)
    for expansions in ([], ["new_buildings", "citizens", "smuggler", "festival"]):
        for i, state in enumerate(_states(expansions, seed=5, count=6)):
            seat = GAME.to_move(state)[0]
            picks = []
            for game in (Loud(GAME), counted):
                bot = make_bot("hard", game, 40 + i, iterations=12)
                actions = GAME.legal_actions(state, seat)
                picks.append(action_key(bot.decide(game, GAME.clone(state), seat, actions)))
            assert picks[0] == picks[1]
    assert counted.quiet > 0  # the rollouts did go through play_index
