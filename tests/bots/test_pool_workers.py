"""The pool's worker processes as processes: a worker killed from outside while idle is
replaced (pebble marks such a pool broken; the pool starts a new one), and ``close``
leaves no worker behind."""

from __future__ import annotations

import os
import signal

from server.bots import action_key
from server.bots.pool import BotPool
from tests.bots import toygame
from tests.bots.procs import Proc, children, cmdline, needs_proc, survivors

GAME = toygame.ToyGame()
PLUGINS = ["tests.bots.toygame", "tests.bots.faulty"]


def workers() -> list[Proc]:
    return [p for p in children(os.getpid()) if "spawn_main" in cmdline(p)]


@needs_proc
async def test_an_idle_worker_killed_from_outside_is_replaced() -> None:
    pool = BotPool(workers=1, margin=1.0, plugins=PLUGINS, games=["toy"])
    try:
        await pool.start()
        first = workers()
        assert first
        for p in first:
            os.kill(p[0], signal.SIGKILL)
        assert not survivors(first)
        state = GAME.setup(2, {}, 4)
        seat = GAME.to_move(state)[0]
        action = await pool.choose("toy", state, seat, "hard", seed=3, iterations=10)
        assert action_key(action) in {action_key(a) for a in GAME.legal_actions(state, seat)}
        assert pool.fallbacks == 0  # decided by a new worker, not a fallback
        assert set(workers()).isdisjoint(first)
    finally:
        await pool.close()


@needs_proc
async def test_close_stops_every_worker() -> None:
    pool = BotPool(workers=2, plugins=PLUGINS, games=["toy"])
    await pool.start()
    started = workers()
    assert started
    await pool.close()
    assert not survivors(started)
