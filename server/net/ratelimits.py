"""Token buckets per remote address: what one address may ask of the costly commands
(searches of the finished games, replays), whatever number of connections it uses."""

from __future__ import annotations

from server.protocol.limits import RateLimiter

MAX_ADDRESSES = 10_000
"""Buckets kept at most; beyond, all are forgotten (an idle bucket is full anyway)."""


class AddressRates:
    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: dict[str, RateLimiter] = {}

    def allow(self, address: str, cost: float = 1.0) -> bool:
        """Spend ``cost`` of ``address``'s tokens; False: refuse (``rate_limited``)."""
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= MAX_ADDRESSES:
                self._buckets.clear()
            bucket = self._buckets[address] = RateLimiter(rate=self.rate, burst=self.burst)
        return bucket.allow(cost)
