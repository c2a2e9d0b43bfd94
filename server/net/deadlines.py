"""One task that wakes turn-based tables whose deadline has passed.

A server may hold thousands of turn-based tables, each with a deadline days away, so
there is no task or timer per table: every deadline goes into one heap, and one task
sleeps (on the server's clock, server/net/clock.py) until the earliest is due, then
posts ``("deadline", seat, due)`` to that room's inbox. Arming an earlier deadline wakes
the task. Entries are never removed: a room ignores one it no longer holds (the seat
moved, or its deadline changed), so arming is O(log n) and nothing else is kept.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
from collections.abc import Callable
from typing import Any

from server.net.clock import Clock

log = logging.getLogger(__name__)


class DeadlineTimer:
    def __init__(self, clock: Clock, post: Callable[[str, tuple[Any, ...]], None]) -> None:
        """``post(room_id, item)``: into that room's inbox, if the room is open."""
        self.clock = clock
        self._post = post
        self._heap: list[tuple[float, str, int]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="deadlines")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def arm(self, room_id: str, seat: int, due: float) -> None:
        first = self._heap[0][0] if self._heap else None
        heapq.heappush(self._heap, (due, room_id, seat))
        if first is None or due < first:
            self._wake.set()

    def __len__(self) -> int:
        return len(self._heap)

    async def _run(self) -> None:
        while True:
            now = self.clock.now()
            while self._heap and self._heap[0][0] <= now:
                due, room_id, seat = heapq.heappop(self._heap)
                try:
                    self._post(room_id, ("deadline", seat, due))
                except Exception:
                    log.exception("deadline of room %s seat %d not delivered", room_id, seat)
            self._wake.clear()
            nap = asyncio.ensure_future(
                self.clock.sleep_until(self._heap[0][0] if self._heap else now + 3600.0))
            woken = asyncio.ensure_future(self._wake.wait())
            try:
                await asyncio.wait((nap, woken), return_when=asyncio.FIRST_COMPLETED)
            finally:
                nap.cancel()
                woken.cancel()
