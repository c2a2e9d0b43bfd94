"""The token bucket: bursts allowed, then the sustained rate, on an injected clock."""

from __future__ import annotations

from server.protocol.limits import RateLimiter


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_burst_then_refill() -> None:
    clock = FakeClock()
    bucket = RateLimiter(rate=20.0, burst=40, clock=clock)
    assert all(bucket.allow() for _ in range(40))
    assert not bucket.allow()
    clock.now += 0.5  # 10 tokens
    assert sum(bucket.allow() for _ in range(20)) == 10
    clock.now += 100.0  # refill caps at the burst
    assert sum(bucket.allow() for _ in range(100)) == 40


def test_clock_going_backwards_grants_nothing() -> None:
    clock = FakeClock()
    bucket = RateLimiter(rate=1.0, burst=1, clock=clock)
    assert bucket.allow()
    clock.now -= 50.0
    assert not bucket.allow()
