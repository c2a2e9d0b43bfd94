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
from server.errors import PrtuiError

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
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending[self.n] = fut
        self.w.write(encode_frame(m.command(t, self.n, **fields)))
        return await fut


async def _client_main(port: int, rooms: int, spectators: int, seconds: float, think: float,
                       out: Any, game: str = GAME, seats: int = SEATS,
                       options: dict[str, Any] | None = None) -> None:
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
        players = [await connect(f"b{i}p{s}", "play") for s in range(seats)]
        room = (await players[0].cmd("create_room", game=game, players=seats,
                                     options=options or {}))["data"]["room"]
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
    await asyncio.wait(setups, timeout=SETUP_TIMEOUT)
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
           out: Any, game: str = GAME, seats: int = SEATS,
           options: dict[str, Any] | None = None) -> None:
    asyncio.run(_client_main(port, rooms, spectators, seconds, think, out, game, seats, options))


# --- the server side ------------------------------------------------------------------


SETUP_TIMEOUT = 120.0
"""The clients' set-up of every table, and the parent's wait for it, end by then."""


class BenchFailed(PrtuiError, RuntimeError):
    """The clients' process died or never reported: said, instead of waiting for ever."""


async def _from_child(out: Any, proc: Any, timeout: float, what: str) -> Any:
    """The child's next report, or BenchFailed when it is gone or silent past ``timeout``."""
    import queue

    loop = asyncio.get_running_loop()
    deadline = time.monotonic() + timeout
    while True:
        try:
            return await loop.run_in_executor(None, out.get, True, 1.0)
        except queue.Empty:
            if not proc.is_alive():
                raise BenchFailed(f"the clients' process ended (exit code {proc.exitcode}) "
                                  f"before {what}") from None
            if time.monotonic() > deadline:
                raise BenchFailed(f"no {what} within {timeout:g} s") from None


async def bench(rooms: int, spectators: int, seconds: float, think: float,
                game: str = GAME, seats: int = SEATS, options: dict[str, Any] | None = None,
                views: str = "audience") -> dict[str, Any]:
    """One run; ``views`` "viewer" builds and diffs a whole view per viewer as before
    views by audience (server/net/sync.py), to measure the two in one command."""
    from server.net.server import GameServer, tune_gc
    from server.net.session import SessionLimits
    from server.net.sync import GameSync
    from server.net.upkeep import RoomPolicy

    GameSync.views_by_audience = views == "audience"

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
            target=_child, args=(port, rooms, spectators, seconds, think, out, game, seats,
                                 options), daemon=True)
        proc.start()
        try:
            await _from_child(out, proc, SETUP_TIMEOUT + 60, "the tables were set up")
        except BenchFailed:
            proc.kill()
            await srv.stop()
            raise
        cpu0 = resource.getrusage(resource.RUSAGE_SELF)
        t0 = time.perf_counter()
        ticker = asyncio.create_task(loop_lag())
        await asyncio.sleep(min(5.0, seconds / 2))
        rss1 = _rss()
        try:
            stats = await _from_child(out, proc, seconds + 120, "the clients' figures")
        except BenchFailed:
            proc.kill()
            await srv.stop()
            raise
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
    if seats != SEATS or options:
        fig |= {"players": seats, "options": options or {}}
    if views != "audience":
        fig["views"] = views
    return fig | {
        "rooms": rooms, "spectators_per_room": spectators, "seconds": round(wall, 2),
        "think_s": think, "actions": stats["acts"],
        "actions_per_s": round(stats["acts"] / wall, 1),
        "p50_ms": round(_pct(lat, 0.50) * 1000, 2), "p99_ms": round(_pct(lat, 0.99) * 1000, 2),
        "diff_bytes_avg": round(diff_avg, 1), "snapshot_bytes_avg": round(snap_avg, 1),
        "diff_to_snapshot": round(diff_avg / snap_avg, 3) if snap_avg else None,
        "rss_per_room_kib": round((rss1 - rss0) / max(1, rooms) / 1024, 1),
        "server_cpu_ms_per_action": round(cpu * 1000 / max(1, stats["acts"]), 3),
        "games_over": stats["games_over"] // seats, "rejects": stats["rejects"],
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
    seats = int(getattr(args, "players", None) or SEATS)
    views = str(getattr(args, "views", None) or "audience")
    for ok, message in ((rooms >= 1, f"--rooms must be at least 1, not {rooms}"),
                        (spectators >= 0, f"--spectators must be 0 or more, not {spectators}"),
                        (seconds > 0, f"--seconds must be positive, not {seconds:g}"),
                        (think >= 0, f"--think must be 0 or more, not {think:g}"),
                        (views in VIEWS, f"--views is one of {', '.join(VIEWS)}, not {views}")):
        if not ok:
            print(f"prtui bench server: {message}", file=sys.stderr)
            return 2
    from server.engine.errors import EngineError
    from server.engine.options import parse_assignments
    from server.games.registry import get_game

    try:
        chosen = get_game(game)
        options = parse_assignments(chosen.options_spec, getattr(args, "option", None) or [])
        chosen.normalize_options(seats, options)
    except EngineError as exc:
        print(f"prtui bench server: {exc.message}", file=sys.stderr)
        return 2
    runs = ["viewer", "audience"] if views == "both" else [views]
    try:
        figs = [asyncio.run(bench(rooms, spectators, seconds, think, game, seats, options, v))
                for v in runs]
    except BenchFailed as exc:
        print(f"prtui bench server: {exc}", file=sys.stderr)
        return 1
    if views == "both":
        before, after = (f["server_cpu_ms_per_action"] for f in figs)
        change = round(after / before - 1, 3) if before else None
        if getattr(args, "json", False):
            print(json.dumps({"per_viewer": figs[0], "per_audience": figs[1],
                              "server_cpu_change": change}, separators=(",", ":")))
            return 0
        for fig in figs:
            _print(fig, rooms, game, seats, spectators, think)
        print(f"views by audience: server CPU per action {before} -> {after} ms "
              f"({change:+.1%})" if change is not None else "")
        return 0
    fig = figs[0]
    if getattr(args, "json", False):
        print(json.dumps(fig, separators=(",", ":")))
    else:
        _print(fig, rooms, game, seats, spectators, think)
    return 0


VIEWS = ("audience", "viewer", "both")
"""``--views``: by audience (the server's way), a whole view per viewer (the old way),
or both in one command, the old first."""


def _print(fig: dict[str, Any], rooms: int, game: str, seats: int, spectators: int,
           think: float) -> None:
    views = "a whole view per viewer" if fig.get("views") == "viewer" else "views by audience"
    print(f"server bench: {rooms} {game} rooms x {seats} players + {spectators} spectators "
          f"(set up in {fig['setup_s']} s), {fig['seconds']} s, think {think} s, {views}")
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
