"""`prtui bench server`: N four-seat rooms on one loopback server, with spectators.

Puerto Rico's rooms by default; ``--game san-juan`` (any game that seats four) measures
another game's rooms the same way.

The server runs in this process and does nothing else; every client (four random players
and S spectators per room) runs in client processes of their own (server/net/
bench_clients.py), so client decoding never shares the server's event loop (both tune
their garbage collector alike, and the clients' own loop lag and CPU are reported so a
limit of theirs is told apart). Set-up is bounded: a table that is not set up in time,
or a client process that dies or goes silent, ends the bench with a message (exit 1) and
nothing left running. Measured over one window after a warm-up: actions/s, p50/p99
latency from sending ``act`` to receiving the resulting ``diff`` (the server's whole
path: decode, validate, engine, store commit, the audiences' diffs, encode, send),
average diff frame bytes vs full snapshot bytes, server RSS per room, server CPU per
action and the server's share of one core. ``--find-capacity`` (server/net/capacity.py)
runs it at growing sizes.
"""

from __future__ import annotations

import asyncio
import json
import math
import multiprocessing as mp
import os
import resource
import sys
import tempfile
import time
from typing import Any

from server.errors import PrtuiError
from server.net.bench_clients import Plan, pct, raise_open_files
from server.net.bench_clients import run as clients_run
from server.net.capacity import HUMAN_THINK_S

GAME = "puerto-rico"
SEATS = 4


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def client_processes(rooms: int) -> int:
    """Default: every core the server does not use, one process for 100 rooms at least."""
    return max(1, min(rooms, (os.cpu_count() or 2) - 1, math.ceil(rooms / 100)))


def warmup_for(think: float) -> float:
    """Time after the start left out of the figures: every room's first moves at once."""
    return min(10.0, max(0.5, 2 * think))


# --- the server side ------------------------------------------------------------------


SETUP_TIMEOUT = 120.0
SETUP_S_PER_ROOM = 0.05
"""The clients' set-up of every table, and the parent's wait for it, end by then: 120 s
and 50 ms a room (a room's set-up costs the server about 13 ms of CPU: 4 hellos and 13
commands; 2,000 rooms are given 220 s)."""


def setup_bound(rooms: int) -> float:
    return SETUP_TIMEOUT + SETUP_S_PER_ROOM * rooms


class BenchFailed(PrtuiError, RuntimeError):
    """A table was not set up in its bound, or a client process died or never reported:
    said, instead of waiting for ever."""


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
                views: str = "audience", clients: int | None = None,
                setup_timeout: float | None = None,
                warmup: float | None = None) -> dict[str, Any]:
    """One run; ``views`` "viewer" builds and diffs a whole view per viewer as before
    views by audience (server/net/sync.py), to measure the two in one command.

    Raises BenchFailed when a table is not set up within ``setup_timeout`` or a client
    process dies or goes silent; its client processes are ended on every way out."""
    from server.net.collector import Pauses, tune_gc
    from server.net.server import GameServer
    from server.net.session import SessionLimits
    from server.net.sync import GameSync
    from server.net.upkeep import RoomPolicy

    GameSync.views_by_audience = views == "audience"
    procs_n = max(1, min(rooms, clients or client_processes(rooms)))
    setup_timeout = setup_bound(rooms) if setup_timeout is None else setup_timeout
    warm = warmup_for(think) if warmup is None else warmup
    files = raise_open_files()
    sockets = rooms * (seats + spectators)
    if sockets + 64 > files:
        raise BenchFailed(f"{rooms} rooms need {sockets} connections, and a process here may "
                          f"open {files} files (ulimit -n): fewer --rooms, or a higher limit")
    lags: list[float] = []
    window = [float("inf")]

    async def loop_lag() -> None:
        """How late the server's event loop wakes up: time it could not serve anyone."""
        while True:
            t = time.perf_counter()
            await asyncio.sleep(0.01)
            if t >= window[0]:
                lags.append(time.perf_counter() - t - 0.01)

    with tempfile.TemporaryDirectory(prefix="prtui-bench-") as data:
        lim = SessionLimits(rate=1e6, burst=10**6)
        srv = GameServer(data, session_limits=lim, max_per_address=10**6, max_rooms=10**6,
                         room_policy=RoomPolicy(per_address=10**6, live_per_address=10**6))  # all loopback
        port = await srv.start()
        tune_gc()
        rss0 = _rss()
        ctx = mp.get_context("spawn")
        go = ctx.Event()
        procs: list[tuple[Any, Any]] = []
        setup_cpu = _cpu()
        ticker: asyncio.Task[None] | None = None
        try:
            share, first = divmod(rooms, procs_n)
            for k in range(procs_n):
                n = share + (k < first)
                plan = Plan(port, sum(share + (j < first) for j in range(k)), n, spectators,
                            seconds, warm, think, setup_timeout, game, seats, options or {})
                out = ctx.Queue()
                proc = ctx.Process(target=clients_run, args=(plan, out, go, os.getpid()),
                                   daemon=True, name=f"prtui-bench-clients-{k}")
                proc.start()
                procs.append((proc, out))
            ready = [await _from_child(out, proc, setup_timeout + 60, "the tables were set up")
                     for proc, out in procs]
            _all_set_up(ready, rooms, setup_timeout)
            setup_cpu = _cpu() - setup_cpu
            go.set()
            t_go = time.perf_counter()
            window[0] = t_go + warm
            ticker = asyncio.create_task(loop_lag())
            await asyncio.sleep(max(0.0, window[0] - time.perf_counter()))
            cpu0, t0 = _cpu(), time.perf_counter()
            with Pauses() as pauses:
                await asyncio.sleep(seconds)
            cpu, wall = _cpu() - cpu0, time.perf_counter() - t0
            rss1 = _rss()
            ticker.cancel()
            reports = [await _from_child(out, proc, warm + 60, "the clients' figures")
                       for proc, out in procs]
        finally:
            if ticker is not None:
                ticker.cancel()
            await _end(procs)
            await srv.stop()
    lat = [x for r in reports for x in r["lat"]]
    acts = sum(r["acts"] for r in reports)
    diff_avg = sum(r["diff_bytes"] for r in reports) / max(1, sum(r["diffs"] for r in reports))
    snap_avg = sum(r["snap_bytes"] for r in reports) / max(1, sum(r["snaps"] for r in reports))
    fig: dict[str, Any] = {} if game == GAME else {"game": game}  # Puerto Rico's: as before
    if seats != SEATS or options:
        fig |= {"players": seats, "options": options or {}}
    if views != "audience":
        fig["views"] = views
    return fig | {
        "rooms": rooms, "spectators_per_room": spectators, "seconds": round(wall, 2),
        "warmup_s": warm, "think_s": think, "client_processes": procs_n, "actions": acts,
        "actions_per_s": round(acts / wall, 1),
        "p50_ms": round(pct(lat, 0.50) * 1000, 2), "p99_ms": round(pct(lat, 0.99) * 1000, 2),
        "diff_bytes_avg": round(diff_avg, 1), "snapshot_bytes_avg": round(snap_avg, 1),
        "diff_to_snapshot": round(diff_avg / snap_avg, 3) if snap_avg else None,
        "rss_per_room_kib": round((rss1 - rss0) / max(1, rooms) / 1024, 1),
        "server_cpu_ms_per_action": round(cpu * 1000 / max(1, acts), 3),
        "server_cpu_share": round(cpu / wall, 3),
        "games_over": sum(r["games_over"] for r in reports) // seats,
        "rejects": sum(r["rejects"] for r in reports),
        "failed_tables": 0, "errors": [],
        "setup_s": round(max(r["setup_s"] for r in ready), 2),
        "setup_server_cpu_s": round(setup_cpu, 2),
        "loop_lag_p99_ms": round(pct(lags, 0.99) * 1000, 2),
        "loop_lag_max_ms": round(max(lags, default=0.0) * 1000, 2),
        "gc_passes": len(pauses.passes),
        "gc_longest_ms": round(max(pauses.passes, default=0.0) * 1000, 2),
        "gc_cpu_ms": round(sum(pauses.passes) * 1000, 1),
        "client_lag_p99_ms": round(max(r["client_lag_p99"] for r in reports) * 1000, 2),
        "client_lag_max_ms": round(max(r["client_lag_max"] for r in reports) * 1000, 2),
        "client_cpu_share": round(sum(r["client_cpu_s"] for r in reports) / wall, 3),
    }


def _all_set_up(ready: list[dict[str, Any]], rooms: int, setup_timeout: float) -> None:
    """BenchFailed saying which tables were not set up, and why: a bench of fewer rooms
    than asked would measure something else."""
    late = sum(r["late_tables"] for r in ready)
    refused = sum(r["failed_tables"] for r in ready) - late
    errors = [e for r in ready for e in r["errors"]]
    said = []
    if late:
        said.append(f"{late} of {rooms} tables were not set up within {setup_timeout:g} s "
                    "(--setup-timeout)")
    if refused:
        said.append(f"{refused} of {rooms} tables failed ({errors[0]})")
    if said:
        raise BenchFailed("; ".join(said) + ": nothing was measured")


async def _end(procs: list[tuple[Any, Any]]) -> None:
    """Every client process gone before the bench returns or raises: those still running
    (a ready one waits for a go that never comes) are killed, each one reaped."""
    loop = asyncio.get_running_loop()
    for proc, _ in procs:
        await loop.run_in_executor(None, proc.join, 2.0)
        if proc.is_alive():
            proc.kill()
            await loop.run_in_executor(None, proc.join, 10.0)
    for _, out in procs:
        out.close()
        out.join_thread()


def _given(args: Any, name: str, default: float) -> Any:
    value = getattr(args, name, None)
    return default if value is None else value


def run_server_bench(args: Any) -> int:
    rooms = int(_given(args, "rooms", 100))
    capacity = bool(getattr(args, "find_capacity", False))
    spectators = int(_given(args, "spectators", 0 if capacity else 2))
    seconds = float(getattr(args, "seconds", 20.0))
    think = float(_given(args, "think", HUMAN_THINK_S if capacity else 0.5))
    game = str(getattr(args, "game", None) or GAME)
    seats = int(getattr(args, "players", None) or SEATS)
    views = str(getattr(args, "views", None) or "audience")
    clients = getattr(args, "clients", None)
    given_bound = getattr(args, "setup_timeout", None)
    setup_timeout = None if given_bound is None else float(given_bound)
    for ok, message in ((clients is None or clients >= 1,
                         f"--clients must be at least 1, not {clients}"),
                        (setup_timeout is None or setup_timeout > 0,
                         f"--setup-timeout must be positive, not {given_bound}"),
                        (rooms >= 1, f"--rooms must be at least 1, not {rooms}"),
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
    if getattr(args, "find_capacity", False):
        return _find_capacity(args, spectators, seconds, game, seats, options, clients,
                              setup_timeout)
    runs = ["viewer", "audience"] if views == "both" else [views]
    try:
        figs = [asyncio.run(bench(rooms, spectators, seconds, think, game, seats, options, v,
                                  clients, setup_timeout))
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
    print(f"  server CPU        {fig['server_cpu_ms_per_action']} ms/action, "
          f"{fig['server_cpu_share']:.0%} of one core")
    print(f"  server loop lag   p99 {fig['loop_lag_p99_ms']} ms  max {fig['loop_lag_max_ms']} ms")
    if "gc_passes" in fig:
        print(f"  server collector  {fig['gc_passes']} passes, longest {fig['gc_longest_ms']} ms"
              f" of CPU, {fig['gc_cpu_ms']} ms in all")
    print(f"  client loop lag   p99 {fig['client_lag_p99_ms']} ms  max {fig['client_lag_max_ms']} ms"
          " (the clients' own delay, inside the latency figures)")
    print(f"  clients           {fig['client_processes']} processes, "
          f"{fig['client_cpu_share']:.0%} of one core in all")


def _find_capacity(args: Any, spectators: int, seconds: float, game: str, seats: int,
                   options: dict[str, Any], clients: int | None,
                   setup_timeout: float | None) -> int:
    """``--find-capacity``: bench runs at growing sizes (server/net/capacity.py)."""
    from server.net import capacity

    think = float(_given(args, "think", capacity.HUMAN_THINK_S))
    target = float(_given(args, "target_p99", capacity.TARGET_P99_MS))
    max_rooms = int(_given(args, "max_rooms", 4000))
    start = int(_given(args, "rooms", 250))
    as_json = bool(getattr(args, "json", False))
    if target <= 0 or max_rooms < 1:
        print("prtui bench server: --target-p99 and --max-rooms must be positive",
              file=sys.stderr)
        return 2

    def one(n: int) -> dict[str, Any]:
        try:
            return asyncio.run(bench(n, spectators, seconds, think, game, seats, options,
                                     "audience", clients, setup_timeout))
        except BenchFailed as exc:
            return {"error": str(exc)}

    def say(row: dict[str, Any]) -> None:
        if not as_json:  # each size as it is done: a search takes minutes
            print(f"  {row['rooms']} rooms: "
                  + (f"p99 {row['p99_ms']} ms" if "p99_ms" in row else row["error"])
                  + (" (pass)" if row["passed"] else f" (over: {row['limit']})"),
                  file=sys.stderr, flush=True)

    report = capacity.search(one, start, max_rooms, target, say)
    report |= {"game": game, "seats": seats, "spectators_per_room": spectators,
               "think_s": think, "seconds": seconds, "options": options}
    if as_json:
        print(json.dumps(report, separators=(",", ":")))
    else:
        print("\n".join(capacity.render(report, seats, think)))
    return 0 if report["largest_rooms"] else 1
