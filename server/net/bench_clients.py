"""The clients of `prtui bench server`: one process's share of the tables.

Each client process (never the server's) sets up its tables, a few at a time, within
a bound: a table not seated and ready by then is reported with the reason, never waited
for. Then it waits for the parent's go, starts its rooms, and its players pick a random
legal action from their own snapshot after a think time, so the load is paced like real
tables. Latency is from sending ``act`` to the diff of the resulting move, counted only
inside the measured window (after a warm-up), so every process measures the same span.
The process binds itself to the parent (it dies with it) and reports once at set-up and
once at the end.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import resource
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from server.engine.playout import choose

SETUP_AT_ONCE = 16
"""Tables one client process sets up at the same time. Every connection that is not yet
in a room sits in the lobby and is pushed the room list; thousands at once made the
set-up of 300 rooms outlast two minutes (each push to each of them)."""


@dataclass(frozen=True)
class Plan:
    """What one client process does (pickled to it)."""

    port: int
    first: int  # the index of its first table (names and seeds stay unique)
    rooms: int
    spectators: int
    seconds: float
    warmup: float
    think: float
    setup_timeout: float
    game: str
    seats: int
    options: dict[str, Any] = field(default_factory=dict)


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def apply_in_place(doc: Any, ops: list[list[Any]]) -> Any:
    """``doc`` with ``ops`` applied, changed in place. The client's ``apply_ops`` copies
    every container on an op's path so that no screen's snapshot changes under it: 40 %
    of the bench's client CPU, which only its own snapshot holds."""
    for op in ops:
        path = op[1]
        if not path:
            doc = op[2]
            continue
        node = doc
        for key in path[:-1]:
            node = node[key]
        key = path[-1]
        if op[0] == "del":
            del node[key]
        elif type(node) is list and key == len(node):
            node.append(op[2])
        else:
            node[key] = op[2]
    return doc


class _Conn:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.r, self.w = reader, writer
        self.n = 0
        self.snap: dict[str, Any] | None = None
        self.v = -1
        self.pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.changed = asyncio.Event()

    async def cmd(self, t: str, **fields: Any) -> dict[str, Any]:
        from server.protocol import messages as m
        from server.protocol.framing import encode_frame

        self.n += 1
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending[self.n] = fut
        self.w.write(encode_frame(m.command(t, self.n, **fields)))
        return await fut

    async def ok(self, t: str, **fields: Any) -> dict[str, Any]:
        """A command that must be acknowledged: a reject ends the table with its reason."""
        reply = await self.cmd(t, **fields)
        if reply["t"] != "ack":
            raise RuntimeError(f"{t} refused: {reply.get('code')} {reply.get('message', '')}"
                               .strip())
        return reply


class Clients:
    """One process's tables, players and figures."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.conns: list[_Conn] = []
        self.lat: list[float] = []
        self.window = (float("inf"), float("inf"))  # perf_counter span that is measured
        self.stats: dict[str, Any] = {"diff_bytes": 0, "diffs": 0, "snap_bytes": 0,
                                      "snaps": 0, "acts": 0, "games_over": 0, "rejects": 0}

    async def connect(self, name: str, role: str) -> _Conn:
        from server.protocol import messages as m
        from server.protocol.framing import encode_frame

        r, w = await asyncio.open_connection("127.0.0.1", self.plan.port)
        c = _Conn(r, w)
        self.conns.append(c)
        w.write(encode_frame(m.hello(name, role)))
        asyncio.get_running_loop().create_task(self.pump(c, player=role == "play"))
        return c

    async def pump(self, c: _Conn, player: bool) -> None:
        """Read one connection; only players keep their snapshot (spectators' frames
        are read and answered, not applied: the clients' CPU is not the server's)."""
        import msgpack

        from server.protocol import messages as m
        from server.protocol.framing import HEADER, ConnectionClosed, encode_frame

        stats = self.stats
        try:
            while True:
                head = await c.r.readexactly(HEADER.size)
                body = await c.r.readexactly(HEADER.unpack(head)[0])
                # our own server's frames, unpacked without the client's checks of
                # every value (their walk of each lobby page was most of the set-up)
                f = msgpack.unpackb(body, raw=False)
                t = f["t"]
                if t in ("ack", "reject"):
                    fut = c.pending.pop(f["id"], None)
                    if fut is not None and not fut.done():
                        fut.set_result(f)
                elif t == "ping":
                    c.w.write(encode_frame(m.pong(f["ts"])))
                elif not player:
                    continue
                elif t == "state":
                    c.snap, c.v = f["snapshot"], f["v"]
                    c.changed.set()
                elif t == "diff" and c.snap is not None and f["base_v"] == c.v:
                    c.snap, c.v = apply_in_place(c.snap, f["ops"]), f["v"]
                    stats["diff_bytes"] += len(body) + HEADER.size
                    stats["diffs"] += 1
                    if stats["diffs"] % 25 == 0:  # what a full snapshot costs right now
                        frame = msgpack.packb(m.state("x", c.v, c.snap), use_bin_type=True)
                        stats["snap_bytes"] += HEADER.size + len(frame)
                        stats["snaps"] += 1
                    c.changed.set()
        except (ConnectionClosed, ConnectionError, asyncio.IncompleteReadError):
            for fut in c.pending.values():
                if not fut.done():
                    fut.set_exception(ConnectionError("the server closed the connection"))

    async def table(self, i: int, gate: asyncio.Semaphore) -> tuple[str, list[_Conn]]:
        plan = self.plan
        async with gate:
            players = [await self.connect(f"b{i}p{s}", "play") for s in range(plan.seats)]
            room = (await players[0].ok("create_room", game=plan.game, players=plan.seats,
                                        options=plan.options))["data"]["room"]
            for s, c in enumerate(players):
                await c.ok("join_room", room=room, **{"as": "player"})
                await c.ok("take_seat", room=room, seat=s)
                if s:
                    await c.ok("ready", room=room, ready=True)
            for k in range(plan.spectators):
                sp = await self.connect(f"b{i}s{k}", "spectate")
                await sp.ok("join_room", room=room, **{"as": "spectator"})
        return room, players

    async def set_up(self) -> tuple[list[tuple[str, list[_Conn]]], dict[str, Any]]:
        """Every table within the bound, or a report of those that were not."""
        plan = self.plan
        gate = asyncio.Semaphore(SETUP_AT_ONCE)
        t0 = time.perf_counter()
        tasks = [asyncio.create_task(self.table(plan.first + i, gate))
                 for i in range(plan.rooms)]
        await asyncio.wait(tasks, timeout=plan.setup_timeout)
        late = [t for t in tasks if not t.done()]
        for t in late:
            t.cancel()
        failed = [t for t in tasks if t.done() and not t.cancelled() and t.exception()]
        errors = [str(t.exception()) or repr(t.exception()) for t in failed]
        tables = [t.result() for t in tasks if t.done() and not t.cancelled()
                  and t.exception() is None]
        return tables, {"ready": not late and not failed, "tables": len(tables),
                        "late_tables": len(late), "failed_tables": len(late) + len(failed),
                        "errors": errors[:3], "setup_s": time.perf_counter() - t0}

    async def player(self, c: _Conn, room: str, rng: random.Random) -> None:
        think = self.plan.think
        while True:
            await c.changed.wait()
            c.changed.clear()
            snap = c.snap
            if snap is None:
                continue
            if snap["view"].get("over"):
                self.stats["games_over"] += 1
                return
            if not snap["legal"]:
                continue
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            v = c.v
            t0 = time.perf_counter()
            r = await c.cmd("act", room=room, action=choose(snap["legal"], rng.randrange))
            if r["t"] != "ack":
                self.stats["rejects"] += 1
                c.changed.set()
                continue
            while c.v == v:
                await c.changed.wait()
                c.changed.clear()
            if self.window[0] <= t0 < self.window[1]:
                self.lat.append(time.perf_counter() - t0)
                self.stats["acts"] += 1
            c.changed.set()

    async def play(self, tables: list[tuple[str, list[_Conn]]]) -> dict[str, Any]:
        """Start every room, play through the warm-up and the measured window."""
        from server.net.collector import tune_gc

        plan = self.plan
        tune_gc()  # as the server does: the clients' collections are not the server's latency
        go = time.perf_counter()
        self.window = (go + plan.warmup, go + plan.warmup + plan.seconds)
        lags: list[float] = []

        async def loop_lag() -> None:
            """How late this (client) loop wakes up: delay that is not the server's."""
            while True:
                t = time.perf_counter()
                await asyncio.sleep(0.01)
                if self.window[0] <= t < self.window[1]:
                    lags.append(time.perf_counter() - t - 0.01)

        ticker = asyncio.create_task(loop_lag())
        await asyncio.gather(*(players[0].cmd("start", room=room) for room, players in tables))
        plays = [asyncio.create_task(self.player(c, room, random.Random(f"{room}/{s}")))
                 for room, players in tables for s, c in enumerate(players)]
        await asyncio.sleep(max(0.0, self.window[0] - time.perf_counter()))
        cpu0 = _cpu()
        await asyncio.sleep(max(0.0, self.window[1] - time.perf_counter()))
        cpu = _cpu() - cpu0
        for task in [*plays, ticker]:
            task.cancel()
        return self.stats | {"lat": self.lat, "client_lag_p99": pct(lags, 0.99),
                             "client_lag_max": max(lags, default=0.0),
                             "client_cpu_s": cpu}

    def close(self) -> None:
        for c in self.conns:
            c.w.close()


def _cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def raise_open_files() -> int:
    """As many sockets as the hard limit allows (the server and a client process each
    hold one a connection): the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:  # unlimited: the kernel's own ceiling
        hard = int(Path("/proc/sys/fs/nr_open").read_text())
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


async def _main(plan: Plan, out: Any, go: Any, parent: int) -> None:
    clients = Clients(plan)
    try:
        tables, report = await clients.set_up()
        out.put(report)
        if not report["ready"]:
            return
        loop = asyncio.get_running_loop()
        # the parent says go once every process is ready, or ends this one
        while not await loop.run_in_executor(None, go.wait, 1.0):
            if os.getppid() != parent:
                return
        out.put(await clients.play(tables))
    finally:
        clients.close()
        await asyncio.sleep(0.1)


def run(plan: Plan, out: Any, go: Any, parent: int) -> None:
    """The client process's entry point (multiprocessing, spawn)."""
    from server.bots.lifeline import bind_to_parent

    bind_to_parent(parent)
    raise_open_files()
    asyncio.run(_main(plan, out, go, parent))
