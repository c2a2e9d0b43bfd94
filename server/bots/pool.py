"""Bots think outside the event loop: a pool of worker processes with a time budget.

The server awaits ``BotPool.choose(game_name, state, seat, level, seed, move_time)``. The
pool determinizes the state *in the parent* from the seat's point of view and ships only
that sample (``to_data``) to a worker, so hidden information never crosses into bot code.
Each worker is its own one-process executor: when a worker crashes or overruns its
budget (+ margin) it alone is killed and replaced in the background, and the move falls
back at once to the next simpler level (hard -> medium -> easy -> random). ``easy`` and
``random`` fallbacks run in the parent (they take milliseconds), so a move always ends
with a legal action.
"""

from __future__ import annotations

import asyncio
import importlib
import multiprocessing
import random
import signal
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from server.bots.base import action_key
from server.bots.levels import DEFAULT_MOVE_TIME, FALLBACK, MEDIUM_SHARE, known_level, make_bot
from server.engine.contract import Action, Game
from server.games.registry import get_game

INLINE_LEVELS = frozenset({"random"})
FALLBACK_INLINE = frozenset({"easy", "random"})


def _init_worker(plugins: Sequence[str]) -> None:
    """Import extra modules (games or levels registered on import) in a fresh worker.

    Workers ignore Ctrl-C: the terminal sends SIGINT to the whole process group, and
    the server, not each worker, decides how thinking stops (the pool shuts them down).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in plugins:
        importlib.import_module(name)


def _warm(game_names: Sequence[str]) -> bool:
    for name in game_names:
        get_game(name)
    return True


def _think(game_name: str, state_data: Any, seat: int, level: str, seed: int,
           move_time: float | None, iterations: int | None) -> Action:
    """Runs in a worker: load the (already determinized) sample and decide."""
    game = get_game(game_name)
    state = game.from_data(state_data)
    return make_bot(level, game, seed, move_time, iterations).choose(game, state, seat)


class _Worker:
    def __init__(self, plugins: Sequence[str], context: str) -> None:
        self.executor = ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context(context),
            initializer=_init_worker,
            initargs=(tuple(plugins),),
        )

    def kill(self) -> None:
        processes = list(getattr(self.executor, "_processes", {}).values())
        for process in processes:
            process.kill()
        self.executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.join(timeout=5)


class BotPool:
    """``workers`` processes shared by all rooms; at most that many bots think at once."""

    def __init__(
        self,
        workers: int = 1,
        margin: float = 0.5,
        plugins: Sequence[str] = (),
        games: Sequence[str] = (),
        context: str = "spawn",
        warm_timeout: float = 60.0,
    ) -> None:
        self.size = max(1, workers)
        self.margin = margin
        self.plugins = tuple(plugins)
        self.games = tuple(games)
        self.context = context
        self.warm_timeout = warm_timeout
        self.fallbacks = 0  # moves decided by a simpler level than asked
        self.replaced = 0  # workers killed and replaced (crash or overrun)
        self._idle: asyncio.Queue[_Worker] | None = None
        self._all: list[_Worker] = []
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Spawn and warm the workers (optional: the first ``choose`` does it)."""
        if self._idle is not None:
            return
        idle = self._idle = asyncio.Queue()
        fresh = [self._new_worker() for _ in range(self.size)]
        for worker in fresh:
            if await self._warm_up(worker):
                idle.put_nowait(worker)

    def _new_worker(self) -> _Worker:
        worker = _Worker(self.plugins, self.context)
        self._all.append(worker)
        return worker

    async def _warm_up(self, worker: _Worker) -> bool:
        """Import the games in a new worker; a worker that cannot start is dropped."""
        try:
            await asyncio.wait_for(
                asyncio.wrap_future(worker.executor.submit(_warm, self.games)),
                self.warm_timeout,
            )
            return True
        except Exception:
            self._drop(worker)
            return False

    def _drop(self, worker: _Worker) -> None:
        worker.kill()
        if worker in self._all:
            self._all.remove(worker)

    async def _refill(self, worker: _Worker, idle: asyncio.Queue[_Worker]) -> None:
        if await self._warm_up(worker) and self._idle is idle:
            idle.put_nowait(worker)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for worker in self._all:
            worker.kill()
        self._all.clear()
        self._idle = None

    async def choose(self, game_name: str, state: Any, seat: int, level: str, seed: int,
                     move_time: float | None = None, iterations: int | None = None) -> Action:
        """A legal action for ``seat`` from a bot of ``level`` (or a fallback)."""
        if not known_level(level):
            raise ValueError(f"unknown bot level {level!r}")
        game = get_game(game_name)
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action")
        if len(legal) == 1:
            return legal[0]
        sample = game.determinize(state, seat, seed)
        by_key = {action_key(a): a for a in legal}
        current: str | None = level
        first = True
        while current is not None:
            action = await self._attempt(game, game_name, sample, seat, current, seed,
                                         move_time, iterations, inline=not first)
            if action is not None and action_key(action) in by_key:
                return by_key[action_key(action)]
            self.fallbacks += 1
            current = FALLBACK.get(current, "random")
            first = False
        return random.Random(seed).choice(legal)

    async def choose_data(self, game_name: str, state_data: Any, seat: int, level: str,
                          seed: int, move_time: float | None = None,
                          iterations: int | None = None) -> Action:
        """As ``choose``, from ``to_data`` of the full state (validated on load)."""
        game = get_game(game_name)
        return await self.choose(game_name, game.from_data(state_data), seat, level, seed,
                                 move_time, iterations)

    async def _attempt(self, game: Game, game_name: str, sample: Any, seat: int, level: str,
                       seed: int, move_time: float | None, iterations: int | None,
                       inline: bool) -> Action | None:
        if level in INLINE_LEVELS or (inline and level in FALLBACK_INLINE):
            try:
                return make_bot(level, game, seed, move_time, iterations).choose(
                    game, game.clone(sample), seat)
            except Exception:
                return None
        budget = DEFAULT_MOVE_TIME if move_time is None else move_time
        if level == "medium":
            budget *= MEDIUM_SHARE
        await self.start()
        assert self._idle is not None
        idle = self._idle
        if idle.empty() and len(self._all) < self.size:
            self._refill_later(idle)  # workers were lost (e.g. could not start): top up
        worker: _Worker | None = await idle.get()
        assert worker is not None
        future = worker.executor.submit(_think, game_name, game.to_data(sample), seat, level,
                                        seed, move_time, iterations)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), budget + self.margin)
        except (TimeoutError, BrokenProcessPool):  # overran or died: kill it, spawn a successor
            self._drop(worker)
            worker = None
            self.replaced += 1
            self._refill_later(idle)
            return None
        except Exception:  # the bot raised: the worker itself is fine
            return None
        except asyncio.CancelledError:  # the room gave up: free the slot for a fresh worker
            self._drop(worker)
            worker = None
            self._refill_later(idle)
            raise
        finally:
            if worker is not None and self._idle is idle:
                idle.put_nowait(worker)

    def _refill_later(self, idle: asyncio.Queue[_Worker]) -> None:
        """Replace a lost worker in the background (the move has already fallen back)."""
        worker = self._new_worker()
        task = asyncio.get_running_loop().create_task(self._refill(worker, idle))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
