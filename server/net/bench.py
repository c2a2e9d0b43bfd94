"""`prtui bench server`: N four-seat rooms on one loopback server, with spectators.

Puerto Rico's rooms by default; ``--game san-juan`` (any game that seats four) measures
another game's rooms the same way.

The server runs in this process; every client (four random players and S spectators
per room) runs in one child process, so client decoding does not share the server's
event loop (both processes tune their garbage collector alike, and the client's own loop
lag is reported so it can be told apart). Players pick a random legal action from their
own snapshot after a think time, so the load is paced like real tables. Measured: actions/s, p50/p99 latency from
sending ``act`` to receiving the resulting ``diff`` (the server's whole path: decode,
validate, engine, store commit, per-viewer diff, encode, send), average diff frame bytes
vs full snapshot bytes, server RSS per room and server CPU per action.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing as mp
import os
import random
import resource
import sys
import tempfile
import time
from typing import Any

from server.engine.playout import choose

GAME = "puerto-rico"
SEATS = 4


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _pct(xs: list[float], p: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


# --- the client side (child process) ------------------------------------------------


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
        fut = asyncio.get_running_loop().create_future()
        self.pending[self.n] = fut
        self.w.write(encode_frame(m.command(t, self.n, **fields)))
        return await fut


async def _client_main(port: int, rooms: int, spectators: int, seconds: float, think: float,
                       out: Any, game: str = GAME) -> None:
    from server.protocol import limits
    from server.protocol import messages as m
    from server.protocol.diff import apply_ops
    from server.protocol.framing import HEADER, ConnectionClosed, decode_body, encode_frame

    stats: dict[str, Any] = {"lat": [], "diff_bytes": 0, "diffs": 0, "snap_bytes": 0,
                             "snaps": 0, "acts": 0, "games_over": 0, "rejects": 0}

    conns: list[_Conn] = []

    async def connect(name: str, role: str) -> _Conn:
        r, w = await asyncio.open_connection("127.0.0.1", port)
        c = _Conn(r, w)
        conns.append(c)
        w.write(encode_frame(m.hello(name, role)))
        asyncio.get_running_loop().create_task(pump(c))
        return c

    async def pump(c: _Conn) -> None:
        try:
            while True:
                head = await c.r.readexactly(HEADER.size)
                body = await c.r.readexactly(HEADER.unpack(head)[0])
                f = decode_body(body, limits.MAX_FRAME_FROM_SERVER)
                t = f["t"]
                if t in ("ack", "reject"):
                    fut = c.pending.pop(f["id"], None)
                    if fut is not None and not fut.done():
                        fut.set_result(f)
                elif t == "state":
                    c.snap, c.v = f["snapshot"], f["v"]
                    c.changed.set()
                elif t == "diff" and c.snap is not None and f["base_v"] == c.v:
                    c.snap, c.v = apply_ops(c.snap, f["ops"]), f["v"]
                    stats["diff_bytes"] += len(body) + HEADER.size
                    stats["diffs"] += 1
                    if stats["diffs"] % 25 == 0:  # what a full snapshot costs right now
                        stats["snap_bytes"] += len(encode_frame(m.state("x", c.v, c.snap)))
                        stats["snaps"] += 1
                    c.changed.set()
                elif t == "ping":
                    c.w.write(encode_frame(m.pong(f["ts"])))
        except (ConnectionClosed, ConnectionError, asyncio.IncompleteReadError):
            pass

    deadline = float("inf")  # set once every table is seated and started

    async def player(c: _Conn, room: str, rng: random.Random) -> None:
        while time.monotonic() < deadline:
            await c.changed.wait()
            c.changed.clear()
            snap = c.snap
            if snap is None:
                continue
            if snap["view"].get("over"):
                stats["games_over"] += 1
                return
            if not snap["legal"]:
                continue
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            v = c.v
            t0 = time.perf_counter()
            r = await c.cmd("act", room=room, action=choose(snap["legal"], rng.randrange))
            if r["t"] != "ack":
                stats["rejects"] += 1
                c.changed.set()
                continue
            while c.v == v:
                await c.changed.wait()
                c.changed.clear()
            stats["lat"].append(time.perf_counter() - t0)
            stats["acts"] += 1
            c.changed.set()

    async def table(i: int) -> tuple[str, list[_Conn]]:
        players = [await connect(f"b{i}p{s}", "play") for s in range(SEATS)]
        room = (await players[0].cmd("create_room", game=game, players=SEATS,
                                     options={}))["data"]["room"]
        for s, c in enumerate(players):
            await c.cmd("join_room", room=room, **{"as": "player"})
            await c.cmd("take_seat", room=room, seat=s)
            if s:
                await c.cmd("ready", room=room, ready=True)
        for k in range(spectators):
            sp = await connect(f"b{i}s{k}", "spectate")
            await sp.cmd("join_room", room=room, **{"as": "spectator"})
        return room, players

    lags: list[float] = []

    async def loop_lag() -> None:
        """How late this (client) loop wakes up: delay that is not the server's."""
        while True:
            t = time.perf_counter()
            await asyncio.sleep(0.01)
            lags.append(time.perf_counter() - t - 0.01)

    t0 = time.perf_counter()
    setups = [asyncio.create_task(table(i)) for i in range(rooms)]
    await asyncio.wait(setups, timeout=120)
    errors = [repr(t.exception()) for t in setups if not t.done() or t.exception() is not None]
    stats["errors"] = errors[:3]
    stats["failed_tables"] = len(errors)
    stats["setup_s"] = time.perf_counter() - t0
    out.put({"ready": True})
    from server.net.server import tune_gc

    tune_gc()  # as the server does: the clients' collections are not the server's latency
    deadline = time.monotonic() + seconds
    ticker = asyncio.create_task(loop_lag())
    plays = []
    for i, t in enumerate(setups):
        if t.done() and t.exception() is None:
            room, players = t.result()
            await players[0].cmd("start", room=room)
            rng = random.Random(i)
            plays += [player(c, room, random.Random(rng.random())) for c in players]
    if plays:
        await asyncio.wait([asyncio.ensure_future(p) for p in plays], timeout=seconds + 30)
    ticker.cancel()
    stats["client_lag_p99"] = _pct(lags, 0.99)
    stats["client_lag_max"] = max(lags, default=0.0)
    out.put(stats)
    for c in conns:
        c.w.close()
    await asyncio.sleep(0.1)
    for task in asyncio.all_tasks() - {asyncio.current_task()}:
        task.cancel()


def _child(port: int, rooms: int, spectators: int, seconds: float, think: float,
           out: Any, game: str = GAME) -> None:
    asyncio.run(_client_main(port, rooms, spectators, seconds, think, out, game))


# --- the server side ------------------------------------------------------------------


async def bench(rooms: int, spectators: int, seconds: float, think: float,
                game: str = GAME) -> dict[str, Any]:
    from server.net.server import GameServer, tune_gc
    from server.net.session import SessionLimits
    from server.net.upkeep import RoomPolicy

    lags: list[float] = []

    async def loop_lag() -> None:
        """How late the server's event loop wakes up: time it could not serve anyone."""
        while True:
            t = time.perf_counter()
            await asyncio.sleep(0.01)
            lags.append(time.perf_counter() - t - 0.01)

    with tempfile.TemporaryDirectory(prefix="prtui-bench-") as data:
        lim = SessionLimits(rate=1e6, burst=10**6)
        srv = GameServer(data, session_limits=lim, max_per_address=10**6, max_rooms=10**6,
                         room_policy=RoomPolicy(per_address=10**6, live_per_address=10**6))  # all loopback
        port = await srv.start()
        tune_gc()
        rss0 = _rss()
        out: Any = mp.get_context("spawn").Queue()
        proc = mp.get_context("spawn").Process(
            target=_child, args=(port, rooms, spectators, seconds, think, out, game), daemon=True)
        proc.start()
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, out.get)  # the child is up
        cpu0 = resource.getrusage(resource.RUSAGE_SELF)
        t0 = time.perf_counter()
        ticker = asyncio.create_task(loop_lag())
        await asyncio.sleep(min(5.0, seconds / 2))
        rss1 = _rss()
        stats = await loop.run_in_executor(None, out.get)
        wall = time.perf_counter() - t0
        cpu1 = resource.getrusage(resource.RUSAGE_SELF)
        ticker.cancel()
        proc.join(10)
        await srv.stop()
    lat = stats["lat"]
    cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
    diff_avg = stats["diff_bytes"] / max(1, stats["diffs"])
    snap_avg = stats["snap_bytes"] / max(1, stats["snaps"])
    fig: dict[str, Any] = {} if game == GAME else {"game": game}  # Puerto Rico's: as before
    return fig | {
        "rooms": rooms, "spectators_per_room": spectators, "seconds": round(wall, 2),
        "think_s": think, "actions": stats["acts"],
        "actions_per_s": round(stats["acts"] / wall, 1),
        "p50_ms": round(_pct(lat, 0.50) * 1000, 2), "p99_ms": round(_pct(lat, 0.99) * 1000, 2),
        "diff_bytes_avg": round(diff_avg, 1), "snapshot_bytes_avg": round(snap_avg, 1),
        "diff_to_snapshot": round(diff_avg / snap_avg, 3) if snap_avg else None,
        "rss_per_room_kib": round((rss1 - rss0) / max(1, rooms) / 1024, 1),
        "server_cpu_ms_per_action": round(cpu * 1000 / max(1, stats["acts"]), 3),
        "games_over": stats["games_over"] // SEATS, "rejects": stats["rejects"],
        "failed_tables": stats["failed_tables"], "errors": stats["errors"],
        "setup_s": round(stats["setup_s"], 2),
        "loop_lag_p99_ms": round(_pct(lags, 0.99) * 1000, 2),
        "loop_lag_max_ms": round(max(lags, default=0.0) * 1000, 2),
        "client_lag_p99_ms": round(stats["client_lag_p99"] * 1000, 2),
        "client_lag_max_ms": round(stats["client_lag_max"] * 1000, 2),
    }


def run_server_bench(args: Any) -> int:
    rooms = int(getattr(args, "rooms", 100))
    spectators = int(getattr(args, "spectators", 2))
    seconds = float(getattr(args, "seconds", 20.0))
    think = float(getattr(args, "think", 0.5))
    game = str(getattr(args, "game", None) or GAME)
    for ok, message in ((rooms >= 1, f"--rooms must be at least 1, not {rooms}"),
                        (spectators >= 0, f"--spectators must be 0 or more, not {spectators}"),
                        (seconds > 0, f"--seconds must be positive, not {seconds:g}"),
                        (think >= 0, f"--think must be 0 or more, not {think:g}")):
        if not ok:
            print(f"prtui bench server: {message}", file=sys.stderr)
            return 2
    from server.engine.errors import EngineError
    from server.games.registry import get_game

    try:
        chosen = get_game(game)
    except EngineError as exc:
        print(f"prtui bench server: {exc.message}", file=sys.stderr)
        return 2
    if not chosen.min_players <= SEATS <= chosen.max_players:
        print(f"prtui bench server: {game} does not seat {SEATS} players", file=sys.stderr)
        return 2
    fig = asyncio.run(bench(rooms, spectators, seconds, think, game))
    if getattr(args, "json", False):
        print(json.dumps(fig, separators=(",", ":")))
    else:
        print(f"server bench: {rooms} {game} rooms x {SEATS} players + {spectators} spectators "
              f"(set up in {fig['setup_s']} s), "
              f"{fig['seconds']} s, think {think} s")
        print(f"  actions/s         {fig['actions_per_s']}  ({fig['actions']} actions)")
        print(f"  act->diff latency p50 {fig['p50_ms']} ms  p99 {fig['p99_ms']} ms")
        print(f"  diff bytes        {fig['diff_bytes_avg']} avg vs snapshot "
              f"{fig['snapshot_bytes_avg']} ({fig['diff_to_snapshot']})")
        print(f"  memory per room   {fig['rss_per_room_kib']} KiB RSS")
        print(f"  server CPU        {fig['server_cpu_ms_per_action']} ms/action")
        print(f"  server loop lag   p99 {fig['loop_lag_p99_ms']} ms  max {fig['loop_lag_max_ms']} ms")
        print(f"  client loop lag   p99 {fig['client_lag_p99_ms']} ms  max {fig['client_lag_max_ms']} ms"
              " (the clients' own delay, inside the latency figures)")
        if fig["failed_tables"]:
            print(f"  failed tables     {fig['failed_tables']}: {fig['errors']}")
    return 0


