"""`prtui bench sessions`: what an SSH session's TUI process costs, forked by the warm
parent (server/ssh/forkserver.py) and, in the same run, spawned the old way.

Everything is real and on loopback: a GameServer, the SSH gateway, asyncssh clients
on ptys, one `prtui connect` child per session. Measured for each way:

- first board: login -> lobby drawn, then the start key -> the San Juan board drawn
  (the player's own keys in between are not counted), one session alone, as `prtui
  bench web` times a browser page; and the CPU seconds its process used by then;
- memory of ``--sessions`` (forked) or ``--spawned`` sessions idle in the lobby at
  once, from /proc/PID/smaps_rollup: each child's PSS (its shared pages split among
  their sharers), USS (its private pages) and the fork server's own PSS. PSS per
  session falls as sessions are added (the shared pages are split more ways), so the
  figure at 100 sessions is worked out from the one measured:
  ``USS + (PSS - USS) * (N + 1) / 101`` (the shared part was split N + 1 ways, the
  parent included; at 100 it is split 101 ways), plus the parent's PSS over 100.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import statistics
import tempfile
import time
from argparse import Namespace
from collections.abc import Callable
from pathlib import Path
from typing import Any

SETTLE_S = 5.0  # after the last lobby is drawn: the sessions idle, as players reading it
WAIT_S = 180.0  # a hang guard for a loaded machine, not a timing
BATCH = 4  # sessions started at once
TARGET_PSS_MIB, TARGET_BOARD_S = 20.0, 0.5  # issue 36's goals
_ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][0-9A-B]"
                   rb"|\x1b[=>78MDEc]")


def smaps(pid: int) -> dict[str, int]:
    """The KiB figures of /proc/PID/smaps_rollup (empty when the process is gone)."""
    figures: dict[str, int] = {}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
            name, value = line.split(":", 1)
            figures[name] = int(value.split()[0])
    return figures


def cpu_s(pid: int | None) -> float:
    """User + system CPU seconds a process has used so far (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, TypeError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def uss(figures: dict[str, int]) -> int:
    return figures.get("Private_Clean", 0) + figures.get("Private_Dirty", 0)


class Session:
    """One player's SSH session on a pty: what came back, keys to send."""

    def __init__(self, conn: Any, proc: Any) -> None:
        self.conn, self.proc = conn, proc
        self.out = bytearray()

    @classmethod
    async def open(cls, port: int, name: str) -> Session:
        import asyncssh

        conn = await asyncssh.connect("127.0.0.1", port, username=name, password="",
                                      known_hosts=None, agent_path=None, client_keys=None,
                                      config=None)
        proc = await conn.create_process(term_type="xterm-256color", term_size=(100, 30),
                                         encoding=None)
        return cls(conn, proc)

    async def shows(self, text: str, since: int = 0) -> None:
        async def read() -> None:
            while text not in _ANSI.sub(b"", bytes(self.out[since:])).decode("utf-8", "replace"):
                chunk = await self.proc.stdout.read(65536)
                if not chunk:
                    raise RuntimeError(f"the session ended before {text!r}")
                self.out += chunk

        await asyncio.wait_for(read(), WAIT_S)

    def send(self, keys: str) -> int:
        mark = len(self.out)
        self.proc.stdin.write(keys.encode())
        return mark

    async def close(self) -> None:
        self.conn.close()
        with contextlib.suppress(Exception):
            await self.conn.wait_closed()


async def first_board(server: Any, gateway: Any) -> dict[str, float]:
    """One session alone, as `prtui bench web` times a page: login -> lobby drawn, then
    the start key -> the San Juan board drawn (2 players, the bot waiting 5 s a move),
    and the CPU its process had used by then (which the machine's load does not change)."""
    from server.tools.web_bench import solo_room

    maker, rid = await solo_room(server)
    room = server.lobby.rooms[rid]
    opened = time.perf_counter()
    solo = await Session.open(gateway.port, "solo")
    try:
        await solo.shows("Rooms")
        lobby_s = time.perf_counter() - opened
        (pid,) = [child.pid for child in gateway.children]
        lobby_cpu = cpu_s(pid)

        def inside() -> bool:
            return any(m.peer.name == "solo" for m in room.members.values())

        def seated() -> bool:
            return any(m.peer.name == "solo" and m.seat == 0 for m in room.members.values())

        for key, done in (("\r", inside), ("t", seated)):  # into the room, the first seat
            while not done():
                solo.send(key)
                with contextlib.suppress(TimeoutError):
                    await until(done, 3.0)
        await maker.close()
        mark, pressed = len(solo.out), time.perf_counter()
        while room.rec.status != "playing":
            solo.send("s")
            with contextlib.suppress(TimeoutError):
                await until(lambda: room.rec.status == "playing", 3.0)
        await solo.shows("Prospector", mark)  # the roles: on the board only
        board_s = time.perf_counter() - pressed
        board_cpu = cpu_s(pid)
        await asyncio.sleep(SETTLE_S)
        board = smaps(pid)  # a session at its board holds more than one in the lobby
    finally:
        await solo.close()
    return {"lobby_s": round(lobby_s, 2), "start_to_board_s": round(board_s, 2),
            "first_board_s": round(lobby_s + board_s, 2), "lobby_cpu_s": round(lobby_cpu, 2),
            "board_cpu_s": round(board_cpu, 2),
            "board_uss_mib": round(uss(board) / 1024, 1),
            "board_rss_mib": round(board.get("Rss", 0) / 1024, 1)}


async def until(predicate: Callable[[], object], limit_s: float) -> None:
    """Wait for ``predicate``; TimeoutError after ``limit_s``."""
    async with asyncio.timeout(limit_s):
        while not predicate():
            await asyncio.sleep(0.02)


async def idle_sessions(gateway: Any, count: int) -> dict[str, Any]:
    """``count`` sessions in the lobby at once; their memory once they idle."""
    sessions: list[Session] = []
    started = time.perf_counter()
    try:
        for first in range(0, count, BATCH):
            batch = await asyncio.gather(*(Session.open(gateway.port, f"p{i}")
                                           for i in range(first, min(count, first + BATCH))))
            sessions += batch
            await asyncio.gather(*(s.shows("Rooms") for s in batch))
        all_s = time.perf_counter() - started
        await asyncio.sleep(SETTLE_S)
        pids = [child.pid for child in gateway.children if child.pid is not None]
        mem = [smaps(pid) for pid in pids]
        mem = [m for m in mem if m]
        parent = smaps(gateway.forks.pid) if gateway.forks and gateway.forks.pid else {}
    finally:
        await asyncio.gather(*(s.close() for s in sessions))
    n = len(mem)
    pss = statistics.mean(m.get("Pss", 0) for m in mem) / 1024
    own = statistics.mean(uss(m) for m in mem) / 1024
    parent_pss = parent.get("Pss", 0) / 1024
    figures: dict[str, Any] = {
        "sessions": n, "all_lobbies_s": round(all_s, 1),
        "pss_mib_mean": round(pss, 1), "uss_mib_mean": round(own, 1),
        "rss_mib_mean": round(statistics.mean(m.get("Rss", 0) for m in mem) / 1024, 1),
        "children_pss_mib_total": round(sum(m.get("Pss", 0) for m in mem) / 1024, 1),
        "parent_pss_mib": round(parent_pss, 1),
        "parent_rss_mib": round(parent.get("Rss", 0) / 1024, 1),
        "pss_mib_per_session_with_parent": round(pss + parent_pss / max(1, n), 1),
    }
    if parent:  # shared with the parent and the other children: split more ways at 100
        at_100 = own + (pss - own) * (n + 1) / 101
        figures["pss_mib_at_100"] = round(at_100, 1)
        figures["pss_mib_at_100_with_parent"] = round(at_100 + parent_pss * (n + 1) / 101 / 100, 1)
    return figures


async def one_way(data: Path, forked: bool, sessions: int) -> dict[str, Any]:
    from server.net.server import GameServer
    from server.ssh.gateway import start_ssh

    server = GameServer(data / "game", host="127.0.0.1", port=0)
    port = await server.start()
    gateway = await start_ssh(host="127.0.0.1", port=0, game_host="127.0.0.1", game_port=port,
                              data_dir=data / "ssh", relay_proof=server.relay_proof,
                              max_sessions=sessions + 2, max_sessions_per_address=sessions + 2,
                              fork_server=forked)
    server.addresses.relayed_limit = sessions + 2
    try:
        warm_s = None
        if gateway.forks is not None:
            began = time.perf_counter()
            gateway.forks.warm_up()
            while not gateway.forks.ready:
                if time.perf_counter() - began > WAIT_S:
                    raise RuntimeError("the fork server never got warm")
                await asyncio.sleep(0.05)
            warm_s = round(time.perf_counter() - began, 1)
        board = await first_board(server, gateway)
        idle = await idle_sessions(gateway, sessions) if sessions > 0 else None
        forks = gateway.forks.forked if gateway.forks is not None else 0
    finally:
        await gateway.close()
        await server.stop()
    return {"fork_server_warm_s": warm_s, "forked_children": forks, "one": board, "idle": idle}


async def measure(sessions: int, spawned: int) -> dict[str, Any]:
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        forked = await one_way(Path(tmp) / "forked", True, sessions)
        plain = await one_way(Path(tmp) / "spawned", False, spawned)
    return {"forked": forked, "spawned": plain, "cores": os.cpu_count(),
            "load_1min_at_start": round(load, 1), "load_1min_at_end": round(os.getloadavg()[0], 1),
            "target_pss_mib": TARGET_PSS_MIB, "target_first_board_s": TARGET_BOARD_S}


def run_session_bench(args: Namespace) -> int:
    result = asyncio.run(measure(int(args.sessions), int(args.spawned)))
    print(json.dumps(result) if getattr(args, "json", False) else json.dumps(result, indent=1))
    return 0
