"""Replays of finished games: the public snapshot after any number of actions.

A finished room rebuilds its game from ``setup(options, seed)`` and the stored action
log once, keeping packed checkpoints (``to_data``, msgpack) at most every few steps and
the last state it built, so stepping forwards or backwards costs at most ``every``
engine moves. Memory is bounded per room (``MAX_CHECKPOINTS`` packed states) and the
room drops its replay when nobody has asked for one in a while. Only what a spectator
saw is ever built: ``view(state, None)``, the spectator's log, no legal actions; a game
may open what was secret only while it was played (``replay_view``: Puerto Rico's VP
chips, the game being over).

Sixteen connections replaying many finished games once took the server from 36 to
323 MB and every game's action p99 to 0.9 s. So a replay is built on a worker thread of
its own (``builder``), never on the event loop; the server holds at most
``MAX_REPLAYS_HELD`` built replays (``ReplayKeeper`` lets the least recently used go);
an answer carries at most ``REPLAY_LOG_LINES`` log lines; and the lobby limits the
`replay` commands of each address (server/net/ratelimits.py).
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

import msgpack

from server.engine.contract import Game, LogEvent
from server.net.sync import log_line
from server.protocol.limits import REPLAY_LOG_LINES
from server.store.base import ActionRecord

MAX_CHECKPOINTS = 16
"""Packed states kept per replayed game (plus the one last built)."""
MIN_EVERY = 8
"""Fewest engine moves between two checkpoints (short games keep fewer)."""
REPLAY_IDLE_S = 300.0
"""A room forgets its replay after this long without a ``replay`` command."""
YIELD_EVERY = 4
"""Moves rebuilt between two offers of the GIL to the event loop's thread: without them
the loop waited up to the interpreter's switch interval (5 ms) at every turn."""
MAX_REPLAYS_HELD = 8
"""Built replays the server keeps at once, whoever asked; the least recently used goes."""

_builder: ThreadPoolExecutor | None = None


def builder() -> ThreadPoolExecutor:
    """The one thread replays are built on (made on first use, shared by the process):
    one at a time, so many askers queue there instead of on the event loop."""
    global _builder
    if _builder is None:
        _builder = ThreadPoolExecutor(1, thread_name_prefix="prtui-replay")  # i18n: a thread name
    return _builder


class Holder(Protocol):
    id: str

    def post(self, item: tuple[Any, ...]) -> None: ...


class ReplayKeeper:
    """Which rooms hold a built replay, least recently used first."""

    def __init__(self, most: int = MAX_REPLAYS_HELD) -> None:
        self.most = most
        self._held: OrderedDict[str, Holder] = OrderedDict()

    def used(self, room: Holder) -> None:
        """``room`` holds a replay and just used it; tell the oldest beyond ``most`` to
        let theirs go."""
        self._held[room.id] = room
        self._held.move_to_end(room.id)
        while len(self._held) > self.most:
            _, old = self._held.popitem(last=False)
            old.post(("replay_idle",))

    def dropped(self, room_id: str) -> None:
        self._held.pop(room_id, None)


class Replay:
    """One finished game, rebuilt from its setup and action log."""

    def __init__(self, game: Game, players: int, options: dict[str, Any], seed: int,
                 actions: list[ActionRecord], open_info: bool) -> None:
        self.game = game
        self.actions = actions
        self.steps = len(actions)
        self.every = max(MIN_EVERY, math.ceil(self.steps / MAX_CHECKPOINTS))
        self._checkpoints: list[bytes] = []
        events: list[LogEvent] = []
        self._events_at = [0]  # events logged after k actions
        state = game.setup(players, options, seed)
        for k in range(self.steps + 1):
            if k % self.every == 0:
                self._checkpoints.append(self._pack(state))
            if k < self.steps:
                rec = actions[k]
                events.extend(game.apply(state, rec.seat, rec.action) or [])
                self._events_at.append(len(events))
                if k % YIELD_EVERY == YIELD_EVERY - 1:
                    time.sleep(0)  # on the builder thread: let the event loop have the GIL
        self._lines = [log_line(n, ev, None, open_info) for n, ev in enumerate(events)]
        self._step = self.steps
        self._state = state

    def _pack(self, state: Any) -> bytes:
        packed: bytes = msgpack.packb(self.game.to_data(state), use_bin_type=True)
        return packed

    def _state_at(self, step: int) -> Any:
        """The game after ``step`` actions: forwards from the last state or a checkpoint."""
        if not self._step <= step < self._step + self.every:
            base = step // self.every * self.every
            self._state = self.game.from_data(msgpack.unpackb(self._checkpoints[base // self.every]))
            self._step = base
        while self._step < step:
            rec = self.actions[self._step]
            self.game.apply(self._state, rec.seat, rec.action)
            self._step += 1
        return self._state

    def snapshot(self, step: int) -> dict[str, Any]:
        """The spectator's snapshot after ``step`` actions (0 <= step <= steps)."""
        if not 0 <= step <= self.steps:
            raise ValueError(f"step must be 0..{self.steps}")
        state = self._state_at(step)
        after_game = getattr(self.game, "replay_view", None)  # what was secret only in play
        return {
            "view": after_game(state) if callable(after_game) else self.game.view(state, None),
            "legal": [],
            "log": self._lines[max(0, self._events_at[step] - REPLAY_LOG_LINES):
                               self._events_at[step]],
            "seat": None,
        }
