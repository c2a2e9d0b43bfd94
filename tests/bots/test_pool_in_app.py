"""The bot pool started from inside a Textual app (the embedded server of every local
game runs in the app's process): Textual's capture of sys.stderr has fileno -1, and the
resource tracker multiprocessing spawns first failed on it, so no worker started and
every thinking bot fell back a level (the coach never answered)."""

from __future__ import annotations

from textual.app import App

from server.bots.pool import BotPool
from server.games.registry import get_game


async def test_a_pool_started_inside_the_app_thinks_in_its_worker() -> None:
    game = get_game("puerto-rico")
    state = game.setup(3, {}, 1)
    async with App().run_test():
        pool = BotPool(workers=1, margin=60.0)  # a loaded machine: the worker is slow, not lost
        try:
            action = await pool.choose("puerto-rico", state, game.to_move(state)[0], "medium",
                                       1, 0.2)
            assert action in game.legal_actions(state, game.to_move(state)[0])
            assert pool.fallbacks == 0 and pool.replaced == 0
        finally:
            await pool.close()
