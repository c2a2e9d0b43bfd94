"""`prtui bench search`: a player's moves while many clients search the finished games.

A real `prtui serve` holds N finished games (10,000 by default). One player plays
Puerto Rico against a random bot and times each `act` until its `ack`; meanwhile S
clients, each from an address of its own (127.0.0.10, .11, ... on loopback), search the
finished games for names that match nothing (the whole archive is looked at) as fast as
the server lets them, pausing when told `rate_limited`. Target: the player's action p99
under 50 ms (16 searchers used to put the p50 at 343 ms).
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from functools import partial
from typing import Any

from server.protocol import limits
from server.protocol.session import RoomSync
from server.tools.limits_bench import GUARD_S, rss_mb, served
from server.tools.probe import Probe

ACT_P99_TARGET_MS = 50.0
THINK_S = 0.1
"""The player's pause before each move (within the 20 commands/s a connection may send)."""


def pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Player:
    """Plays seat 0 of two-player games against a random bot, timing each move."""

    def __init__(self, probe: Probe) -> None:
        self.probe = probe
        self.act_ms: list[float] = []

    @classmethod
    async def join(cls, port: int) -> Player:
        return cls(await Probe.connect("127.0.0.1", port, "player", timeout=GUARD_S))

    async def cmd(self, t: str, **fields: Any) -> dict[str, Any]:
        return await self.probe.command(t, timeout=GUARD_S, **fields)

    def _to_play(self, room: str, acted: int) -> RoomSync | None:
        """The room once it asks for a move not made yet, or is over."""
        sync = self.probe.session.rooms.get(room)
        snap = sync.snapshot if sync else None
        if sync and snap and ((snap["legal"] and sync.v != acted) or snap["view"].get("over")):
            return sync
        return None

    async def play(self, until: float) -> None:
        while time.monotonic() < until:
            room = (await self.cmd("create_room", game="puerto-rico", players=2,
                                   options={"bot_delay_s": 0.0}))["room"]
            await self.cmd("join_room", room=room, as_="player")
            await self.cmd("take_seat", room=room, seat=0)
            await self.cmd("add_bot", room=room, seat=1, level="random")
            await self.cmd("start", room=room)
            acted = -1
            while time.monotonic() < until:
                sync = await self.probe.until(partial(self._to_play, room, acted), GUARD_S)
                snap = sync.snapshot
                assert snap is not None and sync.v is not None
                if snap["view"].get("over"):
                    break  # the next game
                acted = sync.v
                await asyncio.sleep(THINK_S)
                t0 = time.perf_counter()
                await self.cmd("act", room=room, action=snap["legal"][0], v=acted)
                self.act_ms.append((time.perf_counter() - t0) * 1000)
            await self.cmd("leave_room", room=room)

    async def close(self) -> None:
        await self.probe.close()


async def searcher(port: int, i: int, until: float, times: list[float], refused: list[int]
                   ) -> None:
    probe = await Probe.connect("127.0.0.1", port, f"seeker{i}", timeout=GUARD_S,
                                local_addr=(f"127.0.0.{10 + i}", 0))
    probe.rate_limit_retries = 0  # count the refusals here
    asked = 0
    try:
        while time.monotonic() < until:
            asked += 1
            t0 = time.perf_counter()
            answer = await probe.request("list_rooms", timeout=GUARD_S, status="over",
                                         search=f"nobody {i} {asked}")
            if not answer.ok:
                refused.append(1)
                await asyncio.sleep(limits.RATE_LIMITED_PAUSE_S)
            else:
                times.append((time.perf_counter() - t0) * 1000)
    finally:
        await probe.close()


async def measure(port: int, pid: int, searchers: int, seconds: float) -> dict[str, Any]:
    player = await Player.join(port)
    until = time.monotonic() + seconds
    search_ms: list[float] = []
    refused: list[int] = []
    await asyncio.gather(player.play(until), *(
        searcher(port, i, until, search_ms, refused) for i in range(searchers)))
    await player.close()
    acts = player.act_ms
    return {
        "bench": "search", "searchers": searchers, "seconds": seconds,
        "actions": len(acts),
        "act_p50_ms": round(statistics.median(acts), 2) if acts else None,
        "act_p99_ms": round(pct(acts, 0.99), 2), "act_max_ms": round(max(acts, default=0), 2),
        "searches": len(search_ms), "searches_refused": len(refused),
        "search_p50_ms": round(pct(search_ms, 0.5), 2),
        "search_p99_ms": round(pct(search_ms, 0.99), 2),
        "rss_mb": round(rss_mb(pid), 1),
        "within_target": bool(acts) and pct(acts, 0.99) < ACT_P99_TARGET_MS,
    }


def on_seeded_server(prefix: str,
                     measure: Callable[[int, int], Coroutine[Any, Any, dict[str, Any]]],
                     **finished: int) -> dict[str, Any]:
    """``measure(port, pid)`` run against a server in a child process, on a fresh data
    folder seeded with finished games (``finished``: seed_data_dir's counts)."""
    from server.tools.seedgames import seed_data_dir

    with tempfile.TemporaryDirectory(prefix=prefix) as data:
        seed_data_dir(data, **finished)
        with served(data) as (proc, port, _):
            return asyncio.run(measure(port, proc.pid))


def act_line(fig: dict[str, Any]) -> str:
    """The playing client's figures, as both benches print them."""
    return (f"  player's act: p50 {fig['act_p50_ms']} ms, p99 {fig['act_p99_ms']} ms "
            f"(target < {ACT_P99_TARGET_MS:g}), {fig['actions']} moves")


def run_search_bench(args: Any) -> int:
    finished = int(getattr(args, "finished", 10_000))
    searchers = int(getattr(args, "searchers", 16))
    seconds = float(getattr(args, "seconds", 20.0))
    if finished < 0 or not 0 < searchers <= 200 or seconds <= 0:
        print("prtui bench search: --finished >= 0, --searchers 1..200, --seconds > 0",
              file=sys.stderr)
        return 2
    fig = on_seeded_server("prtui-search-",
                           lambda port, pid: measure(port, pid, searchers, seconds),
                           finished=finished)
    fig["finished"] = finished
    if getattr(args, "json", False):
        print(json.dumps(fig, separators=(",", ":")))
    else:
        print(f"search bench: {searchers} clients search {finished} finished games "
              f"for {seconds:g} s while one plays")
        print(act_line(fig))
        print(f"  searches answered {fig['searches']} (p50 {fig['search_p50_ms']} ms, "
              f"p99 {fig['search_p99_ms']} ms), refused {fig['searches_refused']}")
    return 0 if fig["within_target"] else 1
