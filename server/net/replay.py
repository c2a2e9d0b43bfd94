"""Replays of finished games: the public snapshot after any number of actions.

A finished room rebuilds its game from ``setup(options, seed)`` and the stored action
log once, keeping packed checkpoints (``to_data``, msgpack) at most every few steps and
the last state it built, so stepping forwards or backwards costs at most ``every``
engine moves. Memory is bounded per room (``MAX_CHECKPOINTS`` packed states) and the
room drops its replay when nobody has asked for one in a while. Only what a spectator
saw is ever built: ``view(state, None)``, the spectator's log, no legal actions.
"""

from __future__ import annotations

import math
from typing import Any

import msgpack

from server.engine.contract import Game, LogEvent
from server.net.sync import log_line
from server.store.base import ActionRecord

MAX_CHECKPOINTS = 16
"""Packed states kept per replayed game (plus the one last built)."""
MIN_EVERY = 8
"""Fewest engine moves between two checkpoints (short games keep fewer)."""
REPLAY_IDLE_S = 300.0
"""A room forgets its replay after this long without a ``replay`` command."""


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
        self._lines = [log_line(n, ev, None, open_info) for n, ev in enumerate(events)]
        self._step = self.steps
        self._state = state

    def _pack(self, state: Any) -> bytes:
        return msgpack.packb(self.game.to_data(state), use_bin_type=True)

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
        return {
            "view": self.game.view(state, None),
            "legal": [],
            "log": self._lines[: self._events_at[step]],
            "seat": None,
        }
