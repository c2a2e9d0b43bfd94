"""How many browser sessions may run at once, in all and from one address, and how
often one address may start a new one."""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable

from server.i18n import N_
from server.net.addresses import limit_key
from server.says import Say, say

FULL_MESSAGE = say(N_("prtui: this server is full (too many browser sessions); try again "
                      "later."))


class SessionPlaces:
    """The places of live sessions: taken when a session starts, given back at its end."""

    def __init__(self, max_sessions: int, max_per_address: int) -> None:
        if max_sessions < 1:
            raise ValueError("--web-max-sessions must be at least 1")
        if max_per_address < 1:
            raise ValueError("--web-max-per-address must be at least 1")
        self.max_sessions = max_sessions
        self.max_per_address = max_per_address
        self.active = 0
        self._per_address: Counter[str] = Counter()

    def claim(self, address: str) -> Say | None:
        """Take a place for a player from ``address``; else what to tell them."""
        address = limit_key(address)  # an IPv6 player counts by its /64
        if self.active >= self.max_sessions:
            return FULL_MESSAGE
        if self._per_address[address] >= self.max_per_address:
            return say(N_("prtui: too many sessions from your address (at most {most}); close "
                          "one and try again."), most=self.max_per_address)
        self.active += 1
        self._per_address[address] += 1
        return None

    def release(self, address: str) -> None:
        address = limit_key(address)
        self.active = max(0, self.active - 1)
        self._per_address[address] -= 1
        if self._per_address[address] <= 0:
            del self._per_address[address]

    def from_address(self, address: str) -> int:
        return self._per_address[limit_key(address)]


STARTS_PER_MINUTE = 12  # --web-starts-per-minute


class StartRate:
    """New sessions per address: a bucket of ``burst`` starts refilled at ``per_minute``.

    Each start runs a whole TUI process: one address starting 97 in 30 s slowed every
    game on the server. A player reloading the page now and then never notices."""

    def __init__(self, per_minute: float = STARTS_PER_MINUTE, burst: int | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if per_minute <= 0:
            raise ValueError("--web-starts-per-minute must be positive")
        self.per_s = per_minute / 60.0
        self.burst = float(burst if burst is not None else max(1, round(per_minute / 2)))
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # address: (tokens, when)

    def take(self, address: str) -> Say | None:
        """Spend one start for ``address`` (an IPv6 one's /64); else what to tell them."""
        address = limit_key(address)
        now = self._clock()
        tokens, when = self._buckets.get(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - when) * self.per_s)
        if tokens < 1:
            self._buckets[address] = (tokens, now)
            wait = math.ceil((1 - tokens) / self.per_s)
            return say(N_("prtui: too many new sessions from your address; wait {seconds} s, "
                          "then reload the page."), seconds=wait)
        self._buckets[address] = (tokens - 1, now)
        if len(self._buckets) > 10_000:  # full buckets say nothing: forget them
            full = [a for a, (t, w) in self._buckets.items()
                    if t + (now - w) * self.per_s >= self.burst]
            for a in full:
                del self._buckets[a]
        return None
