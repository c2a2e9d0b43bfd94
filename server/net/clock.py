"""The one clock that turn-based deadlines read (server/net/deadlines.py, turnbased.py).

Deadlines are hours or days away and must survive restarts, so they are wall-clock
seconds (``time.time``), stored as such. Everything that sets or checks one reads
``now()`` and waits with ``sleep_until`` of the clock the server was given: a test gives a
``SetClock`` and moves it on, never sleeping for hours.
"""

from __future__ import annotations

import asyncio
import time
from typing import Protocol

LONGEST_NAP_S = 60.0
"""The system clock sleeps at most this long at once, so a deadline is met within a
minute even if the machine's clock jumped (a suspended laptop, an NTP step)."""


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch, as deadlines are stored."""
        ...

    async def sleep_until(self, when: float) -> None:
        """Wait until ``now()`` reaches ``when`` (returning sooner is allowed: the caller
        looks at ``now()`` again). A time, not a duration: the clock may move between
        the caller's look and this wait starting."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()

    async def sleep_until(self, when: float) -> None:
        await asyncio.sleep(min(max(when - time.time(), 0.0), LONGEST_NAP_S))


class SetClock:
    """A clock that moves only when told (``advance``, ``set``): for tests and tools."""

    def __init__(self, start: float = 1_900_000_000.0) -> None:
        self._now = start
        self._moved = asyncio.Event()

    def now(self) -> float:
        return self._now

    def set(self, when: float) -> None:
        self._now = when
        self._moved.set()
        self._moved = asyncio.Event()

    def advance(self, seconds: float) -> None:
        self.set(self._now + seconds)

    async def sleep_until(self, when: float) -> None:
        while self._now < when:
            await self._moved.wait()
