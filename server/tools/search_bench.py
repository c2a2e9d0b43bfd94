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
from typing import Any

from server.protocol import limits
from server.protocol import messages as m
from server.protocol.diff import apply_ops
from server.protocol.framing import encode_frame
from server.tools.limits_bench import read_msg, rss_mb, served

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

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.mid = 0
        self.snap: dict[str, Any] | None = None
        self.v = -1
        self.answers: dict[int, dict[str, Any]] = {}
        self.changed = asyncio.Event()
        self.act_ms: list[float] = []

    async def read(self) -> None:
        while True:
            _, f = await read_msg(self.reader)
            if f["t"] == "state":
                self.snap, self.v = f["snapshot"], f["v"]
            elif f["t"] == "diff" and self.snap is not None:
                self.snap, self.v = apply_ops(self.snap, f["ops"]), f["v"]
            elif f["t"] in ("ack", "reject"):
                self.answers[f["id"]] = f
            elif f["t"] == "ping":
                self.writer.write(encode_frame(m.pong(f["ts"])))
            self.changed.set()

    async def wait(self, pred: Any) -> Any:
        while not (found := pred()):
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 60)
        return found

    async def cmd(self, t: str, **fields: Any) -> dict[str, Any]:
        self.mid += 1
        mid = self.mid
        self.writer.write(encode_frame(m.command(t, mid, **fields)))
        answer: dict[str, Any] = await self.wait(lambda: self.answers.pop(mid, None))
        if answer["t"] != "ack":
            raise RuntimeError(f"{t} refused: {answer}")
        return answer.get("data") or {}

    async def play(self, until: float) -> None:
        while time.monotonic() < until:
            self.snap = None
            room = (await self.cmd("create_room", game="puerto-rico", players=2,
                                   options={"bot_delay_s": 0.0}))["room"]
            await self.cmd("join_room", room=room, **{"as": "player"})
            await self.cmd("take_seat", room=room, seat=0)
            await self.cmd("add_bot", room=room, seat=1, level="random")
            await self.cmd("start", room=room)
            acted = -1
            while time.monotonic() < until:
                snap = await self.wait(lambda acted=acted: self.snap if self.snap and (
                    (self.snap["legal"] and self.v != acted) or self.snap["view"].get("over")
                ) else None)
                if snap["view"].get("over"):
                    break  # the next game
                acted = self.v
                await asyncio.sleep(THINK_S)
                t0 = time.perf_counter()
                await self.cmd("act", room=room, action=snap["legal"][0], v=acted)
                self.act_ms.append((time.perf_counter() - t0) * 1000)
            await self.cmd("leave_room", room=room)


async def searcher(port: int, i: int, until: float, times: list[float], refused: list[int]
                   ) -> None:
    reader, writer = await asyncio.open_connection(
        "127.0.0.1", port, local_addr=(f"127.0.0.{10 + i}", 0))
    writer.write(encode_frame(m.hello(f"seeker{i}")))
    mid = 0
    try:
        while time.monotonic() < until:
            mid += 1
            t0 = time.perf_counter()
            writer.write(encode_frame(m.command("list_rooms", mid, status="over",
                                                search=f"nobody {i} {mid}")))
            while True:
                _, f = await asyncio.wait_for(read_msg(reader), 60)
                if f.get("id") == mid:
                    break
            if f["t"] == "reject":
                refused.append(1)
                await asyncio.sleep(limits.RATE_LIMITED_PAUSE_S)
            else:
                times.append((time.perf_counter() - t0) * 1000)
    finally:
        writer.close()


async def measure(port: int, pid: int, searchers: int, seconds: float) -> dict[str, Any]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(encode_frame(m.hello("player")))
    player = Player(reader, writer)
    reading = asyncio.create_task(player.read())
    until = time.monotonic() + seconds
    search_ms: list[float] = []
    refused: list[int] = []
    await asyncio.gather(player.play(until), *(
        searcher(port, i, until, search_ms, refused) for i in range(searchers)))
    reading.cancel()
    writer.close()
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
