"""`prtui serve`: run the game server (and optionally the SSH gateway) until a signal.

Loopback by default; any other address is announced with a warning because the
protocol has no encryption (use the SSH gateway for untrusted networks).
SIGINT/SIGTERM: clients get ``bye``, rooms stop, the store is flushed and closed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sqlite3
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from server.net.addresses import is_loopback, set_ipv6_prefix
from server.net.coaching import CoachDesk, CoachLimits
from server.net.collector import tune_gc
from server.net.server import GameServer
from server.store.health import DamagedDatabase
from server.store.lock import DataDirBusy

if TYPE_CHECKING:
    from server.net.notify_address import NotifyPolicy


def data_dir(args: argparse.Namespace) -> Path:
    given = getattr(args, "data", None)
    return Path(given) if given else Path(platformdirs.user_data_dir("prtui"))


def unrestored_rooms(server: GameServer) -> list[str]:
    """Stored unfinished games the server could not resume: said, never skipped silently
    (the store's start-up check has already refused a damaged file; these load from the
    file but not into the game, e.g. a game module that fails; the log has the reason)."""
    store, lobby = server.store, server.lobby
    if store is None or lobby is None:
        return []
    return [
        f"room {rid} ({name!r}) could not be resumed (see the log above); it stays in the "
        "database untouched, but its players cannot rejoin it until it loads"
        for rid, name in store.unfinished_at_open.items() if rid not in lobby.rooms
    ]


def coach_limits(args: argparse.Namespace) -> CoachLimits | str:
    """The coach's limits from `--coach-seconds`, `--coach-every`, `--review-seconds`, or
    the one line that says which flag is wrong."""
    limits = CoachLimits()
    for flag, attr in (("--coach-seconds", "coach_seconds"), ("--coach-every", "coach_every"),
                       ("--review-seconds", "review_seconds")):
        value = getattr(args, attr, None)
        if value is not None and not 0 < value <= 3600:
            return f"{flag} must be more than 0 and at most 3600 seconds, not {value}"
    limits.move_time = getattr(args, "coach_seconds", None) or limits.move_time
    every = getattr(args, "coach_every", None)
    limits.rate = 1 / every if every else limits.rate
    limits.review_budget = getattr(args, "review_seconds", None) or limits.review_budget
    limits.review_move_time = min(limits.review_move_time, limits.review_budget)
    return limits


def notify_policy(args: argparse.Namespace) -> NotifyPolicy | str:
    """The away notices the host allows, from `--notify-schemes`, `--notify-private`,
    `--notify-per-hour`, `--notify-timeout`, or the one line that says which is wrong."""
    from server.net.notify_address import NotifyPolicy, scheme_problem

    given = str(getattr(args, "notify_schemes", "") or "")
    schemes = frozenset(s.strip().lower() for s in given.split(",") if s.strip())
    per_hour = getattr(args, "notify_per_hour", 6)
    timeout = getattr(args, "notify_timeout", 10.0)
    if not 1 <= per_hour <= 60:
        return f"--notify-per-hour must be 1..60, not {per_hour}"
    if not 1 <= timeout <= 60:
        return f"--notify-timeout must be 1..60 seconds, not {timeout}"
    if schemes:
        problem = scheme_problem(schemes)
        if problem is not None:
            return f"--notify-schemes: {problem}"
    return NotifyPolicy(schemes, bool(getattr(args, "notify_private", False)), per_hour,
                        timeout)


async def serve(args: argparse.Namespace) -> int:
    host = getattr(args, "host", "127.0.0.1")
    data = data_dir(args)
    for flag, value in (("--port", getattr(args, "port", 7797)),
                        ("--ssh-port", getattr(args, "ssh_port", None)),
                        ("--web-port", getattr(args, "web_port", None))):
        if value is not None and not 0 <= value <= 65535:
            print(f"prtui serve: {flag} must be 0..65535 (0: any free port), not {value}",
                  file=sys.stderr)
            return 2
    try:
        set_ipv6_prefix(getattr(args, "ipv6_prefix", 64))
    except ValueError as exc:
        print(f"prtui serve: {exc}", file=sys.stderr)
        return 2
    limits = coach_limits(args)
    if isinstance(limits, str):
        print(f"prtui serve: {limits}", file=sys.stderr)
        return 2
    notify = notify_policy(args)
    if isinstance(notify, str):
        print(f"prtui serve: {notify}", file=sys.stderr)
        return 2
    server = GameServer(data, host, getattr(args, "port", 7797), if_busy="fail",
                        notify=notify)
    try:
        port = await server.start()
    except (DataDirBusy, DamagedDatabase) as exc:
        print(f"prtui serve: {exc}", file=sys.stderr)
        return 2
    except (OSError, sqlite3.Error) as exc:
        if isinstance(exc, sqlite3.Error) or getattr(exc, "filename", None):  # a file failed
            print(f"prtui serve: cannot use the data directory {data}: {exc}", file=sys.stderr)
        else:
            print(f"prtui serve: cannot listen on {host}:{server.port}: {exc}", file=sys.stderr)
        return 2
    tune_gc()
    if server.lobby is not None:
        server.lobby.coach = CoachDesk(limits)
    for line in unrestored_rooms(server):
        print(f"warning: {line}", file=sys.stderr, flush=True)
    if not is_loopback(host):
        print(
            f"warning: listening on {host}: anyone on this network can connect; "
            "the game protocol is not encrypted",
            file=sys.stderr,
        )
    print(f"prtui server on {host}:{port} (data: {data})", flush=True)
    if notify.enabled:
        print(f"turn notices while away: {', '.join(sorted(notify.schemes))}"
              + ("; private addresses allowed" if notify.allow_private else ""), flush=True)
    gateway: Any = None
    ssh_port = getattr(args, "ssh_port", None)
    if ssh_port is not None:
        try:
            from server.ssh.gateway import MAX_SESSIONS_PER_ADDRESS, start_ssh
            from server.ssh.startups import parse_max_startups
        except ImportError as exc:
            print(f"warning: SSH gateway unavailable: {exc}", file=sys.stderr)
        else:
            keys = getattr(args, "ssh_authorized_keys", None)
            try:
                startups = parse_max_startups(getattr(args, "ssh_max_startups", "50:30:100"))
                gateway = await start_ssh(
                    host=host, port=ssh_port,
                    game_host="127.0.0.1" if host in ("0.0.0.0", "::", "") else host,
                    game_port=port, data_dir=data, auth=getattr(args, "ssh_auth", "open"),
                    password=getattr(args, "ssh_password", None),
                    authorized_keys=Path(keys) if keys else None,
                    max_sessions=getattr(args, "ssh_max_sessions", 32),
                    max_sessions_per_address=getattr(
                        args, "ssh_max_per_address", MAX_SESSIONS_PER_ADDRESS
                    ),
                    relay_proof=server.relay_proof,  # SSH players count as their own address
                    max_startups=startups,
                    key_proof=server.key_proof,  # a key stands for a claimed name's password
                )
            except (ValueError, OSError) as exc:
                print(f"prtui serve: SSH gateway not started: {exc}", file=sys.stderr)
                await server.stop()
                return 2
            server.addresses.relayed_limit = gateway.max_sessions_per_address
            print(
                f"SSH on {host}:{gateway.port} (host key {gateway.host_fingerprint})",
                flush=True,
            )
    web: Any = None
    if getattr(args, "web_port", None) is not None:
        from server.web.serve import start_from_args

        web = await start_from_args(args, server, host, port, data)
        if web is None:
            if gateway is not None:
                await gateway.close()
            await server.stop()
            return 2
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    print("shutting down", flush=True)
    for sig in (signal.SIGINT, signal.SIGTERM):  # a second one: at once
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, _exit_now, "a second signal")
    watchdog = threading.Timer(SHUTDOWN_LIMIT_S, _exit_now,
                               args=(f"shutdown took over {SHUTDOWN_LIMIT_S:.0f} s",))
    watchdog.daemon = True
    watchdog.start()
    _watchdogs.append(watchdog)  # cancelled by ``run`` once asyncio.run has returned
    for what, front in (("web gateway", web), ("SSH gateway", gateway)):
        if front is not None:
            await _within(front.close(), GATEWAY_CLOSE_S, what)
    await server.stop()
    return 0


SHUTDOWN_LIMIT_S = 10.0
"""From SIGTERM (or Ctrl-C) to exit at most, whatever the clients do: a server that
waited on tabs that never read stayed up for 150 s. Every acknowledged move is already
committed, and every session's process dies with the server (server/ssh/orphans.py), so
leaving late loses nothing; the database is checked at the next start as after a crash."""
GATEWAY_CLOSE_S = 4.0  # each gateway's own orderly close (children get 3 s to quit)


async def _within(closing: Any, seconds: float, what: str) -> None:
    try:
        async with asyncio.timeout(seconds):
            await closing
    except TimeoutError:
        logging.getLogger(__name__).warning("%s did not close within %s s; going on",
                                            what, seconds)


def _exit_now(why: str) -> None:
    print(f"prtui serve: {why}: exiting now (every acknowledged move is stored)",
          file=sys.stderr, flush=True)
    os._exit(1)


_watchdogs: list[threading.Timer] = []


def run(args: argparse.Namespace) -> int:
    level = str(getattr(args, "log_level", "warning")).upper()  # `--log-level`, prtui/cli.py
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    code = asyncio.run(serve(args))  # its teardown (cancelled tasks, threads) is bounded too
    for watchdog in _watchdogs:
        watchdog.cancel()
    return code


def run_web(args: argparse.Namespace) -> int:
    """`prtui web`: a game server of your own on loopback, played in the browser (the game
    port is any free one: only this machine's browser sessions use it)."""
    args.host, args.port = "127.0.0.1", 0
    return run(args)
