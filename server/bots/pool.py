"""Bots think outside the event loop: a pool of worker processes with a time budget.

The server awaits ``BotPool.choose(game_name, state, seat, level, seed, move_time)``. The
pool determinizes the state *in the parent* from the seat's point of view and ships only
that sample (``to_data``) to a worker, so hidden information never crosses into bot code.
The workers are a pebble ``ProcessPool``: each move is a task with a timeout (its budget +
margin); a worker that crashes or overruns is killed and replaced by pebble, and the move
falls back at once to the next simpler level (hard -> medium -> easy -> random).
``easy`` and ``random`` fallbacks run in the parent (they take milliseconds), so a move
always ends with a legal action. Workers bind themselves to the server process
(server/bots/lifeline.py), so a ``kill -9`` of the server takes them with it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import importlib
import logging
import multiprocessing
import os
import random
import signal
import sys
import threading
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from pebble import ProcessExpired, ProcessPool

from server.bots.base import action_key
from server.bots.coach import coach_task, review_task
from server.bots.levels import DEFAULT_MOVE_TIME, FALLBACK, MEDIUM_SHARE, known_level, make_bot
from server.bots.lifeline import bind_to_parent
from server.engine.contract import Action, Game
from server.games.registry import get_game

log = logging.getLogger(__name__)

INLINE_LEVELS = frozenset({"random"})
FALLBACK_INLINE = frozenset({"easy", "random"})
LOST_WORKER = (TimeoutError, ProcessExpired, BrokenProcessPool)
REVIEW_SLACK_S = 10.0
"""Beyond its budget, how long a review may run before its worker counts as hung. The
search stops itself at the budget; on a loaded machine the worker got less than the
bot's margin of a core and a player asking for a review was told it failed."""
"""How a move's future fails when its worker overran (pebble killed it) or died. A
``BrokenProcessPool`` means no worker had taken the move (pebble gives up a pool whose
idle workers all died): the move is tried once more on a new pool first."""


def _init_worker(parent_pid: int, plugins: Sequence[str], games: Sequence[str]) -> None:
    """Start a fresh worker: die with the server, ignore Ctrl-C, import plugins and games.

    Workers ignore Ctrl-C: the terminal sends SIGINT to the whole process group, and
    the server, not each worker, decides how thinking stops (the pool shuts them down).
    An import that fails is logged, not raised: a worker that cannot start would be
    respawned in a loop; a move for a game it lacks raises instead, and falls back.
    """
    bind_to_parent(parent_pid)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in plugins:
        try:
            importlib.import_module(name)
        except Exception:
            log.exception("bot worker: plugin %s could not be imported", name)
    for game in games:
        try:
            get_game(game)
        except Exception:
            log.exception("bot worker: game %s could not be loaded", game)


def _tracker_started() -> None:
    """Start multiprocessing's resource tracker with the process's own stderr. Inside a
    Textual app ``sys.stderr`` is a capture whose ``fileno()`` is -1, and the tracker's
    spawn then fails ("bad value(s) in fds_to_keep"): no worker could ever start, so
    every thinking bot of a local game fell back and the coach never answered."""
    from multiprocessing import resource_tracker

    saved = sys.stderr
    try:
        sys.stderr = sys.__stderr__ or saved
        resource_tracker.ensure_running()
    except Exception:  # no tracker: the pool's own start reports what is wrong
        log.debug("resource tracker not started", exc_info=True)
    finally:
        sys.stderr = saved


def _ready() -> int:
    """A no-op task: the worker that answers has started and imported its games."""
    return os.getpid()


def _think(game_name: str, state_data: Any, seat: int, level: str, seed: int,
           move_time: float | None, iterations: int | None) -> Action:
    """Runs in a worker: load the (already determinized) sample and decide."""
    game = get_game(game_name)
    state = game.from_data(state_data)
    return make_bot(level, game, seed, move_time, iterations).choose(game, state, seat)


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
        self._pool: ProcessPool | None = None
        self._pending: set[concurrent.futures.Future[Any]] = set()

    @property
    def started(self) -> bool:
        return self._pool is not None

    def _workers(self) -> ProcessPool:
        """The running pebble pool; a new one if there is none or it broke."""
        pool = self._pool
        if pool is not None and pool.active:
            return pool
        if pool is not None:  # pebble gives up on a pool whose idle workers all died
            log.warning("bot pool broken: starting new workers")
            self._discard(pool)
        _tracker_started()
        self._pool = ProcessPool(
            max_workers=self.size,
            initializer=_init_worker,
            initargs=(os.getpid(), self.plugins, self.games),
            context=multiprocessing.get_context(self.context),
        )
        return self._pool

    def _schedule(self, fn: Any, args: tuple[Any, ...], timeout: float | None
                  ) -> asyncio.Future[Any]:
        try:
            future = self._workers().schedule(fn, args, timeout=timeout)
        except RuntimeError:  # broken between the check and the call: once more
            if self._pool is not None:
                self._discard(self._pool)
                self._pool = None
            future = self._workers().schedule(fn, args, timeout=timeout)
        self._pending.add(future)
        future.add_done_callback(self._pending.discard)
        return asyncio.wrap_future(future)

    @staticmethod
    def _discard(pool: ProcessPool) -> None:
        """Stop a pool that is no longer used; its workers are killed in the background."""
        pool.stop()
        threading.Thread(target=pool.join, daemon=True, name="prtui-pool-stop").start()

    async def start(self) -> None:
        """Spawn and warm the workers (optional: the first ``choose`` does it). A pool
        that cannot start is not an error here: moves then fall back."""
        if self.started:
            return
        with contextlib.suppress(Exception):
            ready = [self._schedule(_ready, (), None) for _ in range(self.size)]
            await asyncio.wait_for(asyncio.gather(*ready, return_exceptions=True),
                                   self.warm_timeout)

    async def close(self) -> None:
        for future in list(self._pending):
            future.cancel()
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.stop()  # kills the workers (terminate, then SIGKILL after 3 s)
            await asyncio.to_thread(pool.join)

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

    async def coach(self, game_name: str, state: Any, seat: int, seed: int,
                    move_time: float, iterations: int | None = None) -> list[dict[str, Any]]:
        """The search's top moves for ``seat`` with its estimates (server/bots/coach.py),
        thought on a sample determinized here from the seat's view; only the seat's own
        legal actions come back. Raises when the worker overran or died."""
        game = get_game(game_name)
        legal = game.legal_actions(state, seat)
        if not legal:
            return []
        sample = game.determinize(state, seat, seed)
        args = (game_name, game.to_data(sample), seat, seed, move_time, iterations)
        # the search stops itself at move_time; the guard only catches a hung worker, so
        # it is wide: on a loaded machine a coach that overran a bot's margin is still
        # worth waiting for (a player asked), while a bot's move falls back at once
        moves = await self._guarded(coach_task, args, 2 * move_time + 4 * self.margin + 1)
        by_key = {action_key(a): a for a in legal}
        return [{**move, "action": by_key[action_key(move["action"])]} for move in moves
                if action_key(move["action"]) in by_key]

    async def review(self, game_name: str, items: list[tuple[int, Any, int, Action]],
                     seed: int, move_time: float, iterations: int | None,
                     budget: float) -> dict[str, Any]:
        """A finished game's decisions of one seat rated by the search, in one worker task
        of about ``budget`` seconds (``items``: samples already determinized)."""
        args = (game_name, items, seed, move_time, iterations, budget)
        return await self._guarded(review_task, args,
                                   budget + move_time + 2 * self.margin + REVIEW_SLACK_S)

    async def _guarded(self, fn: Any, args: tuple[Any, ...], timeout: float) -> Any:
        """A task of the coach: a worker lost to it is counted as for a move."""
        try:
            return await self._schedule(fn, args, timeout)
        except LOST_WORKER:
            self.replaced += 1
            raise

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
        # the timeout runs from when a worker takes the move, not while it waits for one;
        # cancelling (the room gave up) makes pebble kill and replace the worker
        args = (game_name, game.to_data(sample), seat, level, seed, move_time, iterations)
        try:
            try:
                return await self._schedule(_think, args, budget + self.margin)
            except BrokenProcessPool:  # the pool broke before any worker took the move
                return await self._schedule(_think, args, budget + self.margin)  # (a new one)
        except LOST_WORKER:  # overran or died: pebble has killed it and starts a successor
            self.replaced += 1
            return None
        except Exception:  # the bot raised: the worker itself is fine
            return None
