"""The one timer of every turn-based deadline (server/net/deadlines.py) on a controlled
clock: thousands of deadlines, one task, each posted once, in order, never early."""

from __future__ import annotations

import asyncio
import random

from server.net.clock import SetClock
from server.net.deadlines import DeadlineTimer

GUARD_S = 20.0  # a hang guard, not a timing assertion


async def test_thousands_of_deadlines_fire_in_order_from_one_task() -> None:
    clock = SetClock(start=0.0)
    posted: list[tuple[str, float]] = []
    arrived = asyncio.Event()

    def post(room: str, item: tuple[object, ...]) -> None:
        assert item[0] == "deadline" and isinstance(item[2], float)
        assert item[2] <= clock.now()  # never before it is due
        posted.append((room, item[2]))
        arrived.set()

    timer = DeadlineTimer(clock, post)
    rng = random.Random(3)
    dues = {f"room{i}": float(rng.randrange(1, 14 * 24 * 3600)) for i in range(5000)}
    tasks_before = len(asyncio.all_tasks())
    timer.start()
    for room, due in dues.items():
        timer.arm(room, 0, due)
    assert len(asyncio.all_tasks()) == tasks_before + 1  # one task, however many tables
    for hour in range(1, 14 * 24 + 1):
        clock.set(hour * 3600.0)
        want = sum(1 for due in dues.values() if due <= clock.now())
        async with asyncio.timeout(GUARD_S):
            while len(posted) < want:
                arrived.clear()
                await arrived.wait()
        assert len(posted) == want
    await timer.stop()
    assert [due for _, due in posted] == sorted(dues.values())
    assert sorted(room for room, _ in posted) == sorted(dues)


async def test_an_earlier_deadline_wakes_the_sleeping_timer() -> None:
    clock = SetClock(start=0.0)
    posted: list[str] = []
    timer = DeadlineTimer(clock, lambda room, item: posted.append(room))
    timer.start()
    timer.arm("late", 0, 1000.0)
    await asyncio.sleep(0)
    timer.arm("soon", 0, 10.0)
    clock.set(10.0)
    async with asyncio.timeout(GUARD_S):
        while not posted:
            await asyncio.sleep(0)
    assert posted == ["soon"]
    await timer.stop()
