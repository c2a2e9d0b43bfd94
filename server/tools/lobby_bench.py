"""`prtui bench lobby`: how soon a new client reaches the lobby of a server holding
thousands of finished games (written through the store API first), how big that
lobby push is, and how fast older games are paged, searched and replayed.

Targets: the lobby in under 200 ms, its push under 64 KiB. The server is a real
`prtui serve` process (server/tools/limits_bench.py runs it).
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from server.protocol import limits
from server.tools.limits_bench import GUARD_S, reach_lobby, rss_mb, served
from server.tools.probe import Probe

LOBBY_TARGET_MS = 200.0


async def lobby_measure(port: int, pid: int, clients: int, oldest: str) -> dict[str, Any]:
    times, sizes = [], []
    lobby: dict[str, Any] = {}
    for i in range(clients):
        ms, n, lobby = await reach_lobby(port, f"newcomer{i}")
        times.append(ms)
        sizes.append(n)
    historian = await Probe.connect("127.0.0.1", port, "historian", timeout=GUARD_S)
    page_ms, page_bytes, before = [], [], None
    for _ in range(10):  # the first ten pages of finished games
        t0 = time.perf_counter()
        answer = await historian.request("list_rooms", timeout=GUARD_S, status="over",
                                         before=before)
        page_ms.append((time.perf_counter() - t0) * 1000)
        page_bytes.append(answer.size)
        before = answer.data["next"]
    t0 = time.perf_counter()
    found = await historian.command("list_rooms", timeout=GUARD_S, status="over",
                                    search=f"Carla {oldest[-4:]}")
    search_ms = (time.perf_counter() - t0) * 1000
    assert [r["id"] for r in found["rooms"]] == [oldest], found
    t0 = time.perf_counter()
    first = await historian.command("replay", timeout=GUARD_S, room=oldest, step=0)
    replay_ms = (time.perf_counter() - t0) * 1000
    steps = first["steps"]
    await historian.close()
    times.sort()
    return {
        "bench": "lobby",
        "clients": clients,
        "lobby_ms_median": round(times[len(times) // 2], 2),
        "lobby_ms_max": round(times[-1], 2),
        "lobby_bytes_max": max(sizes),
        "lobby_rooms": len(lobby.get("rooms", [])),
        "counts": lobby.get("counts"),
        "page_ms_max": round(max(page_ms), 2),
        "page_bytes_max": max(page_bytes),
        "search_ms": round(search_ms, 2),
        "replay_oldest_ms": round(replay_ms, 2),
        "replay_steps": steps,
        "rss_mb": round(rss_mb(pid), 1),
    }


def run_lobby_bench(args: Any) -> int:
    from server.net.server import DB_NAME
    from server.store.sqlite import SqliteStore
    from server.tools.seedgames import seed_finished

    finished, clients = int(getattr(args, "finished", 10_000)), int(getattr(args, "clients", 20))
    if finished < 1 or clients < 1:
        print("prtui bench lobby: --finished and --clients must be at least 1", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="prtui-lobby-") as data:
        t0 = time.perf_counter()
        store = SqliteStore(Path(data) / DB_NAME)
        oldest = seed_finished(store, finished, real=1)[-1]
        store.close()
        seeded = time.perf_counter() - t0
        with served(data) as (proc, port, started):
            fig = asyncio.run(lobby_measure(port, proc.pid, clients, oldest))
    fig.update(finished=finished, seed_s=round(seeded, 2), start_s=round(started, 2))
    ok = fig["lobby_ms_max"] < LOBBY_TARGET_MS and fig["lobby_bytes_max"] < limits.LOBBY_PAGE_BYTES
    if getattr(args, "json", False):
        print(json.dumps(fig, separators=(",", ":")))
    else:
        print(
            f"lobby bench: {finished} finished games stored (written in {fig['seed_s']} s), "
            f"server up in {fig['start_s']} s, RSS {fig['rss_mb']} MB"
        )
        print(
            f"  a new client reaches the lobby: median {fig['lobby_ms_median']} ms, "
            f"max {fig['lobby_ms_max']} ms over {clients} (target < {LOBBY_TARGET_MS:.0f} ms)"
        )
        print(
            f"  lobby push {fig['lobby_bytes_max']} B, {fig['lobby_rooms']} rooms "
            f"(target < {limits.LOBBY_PAGE_BYTES} B); counts {fig['counts']}"
        )
        print(
            f"  pages of finished games: max {fig['page_ms_max']} ms, {fig['page_bytes_max']} B;"
            f" search {fig['search_ms']} ms; replay of the oldest {fig['replay_oldest_ms']} ms"
        )
    return 0 if ok else 1
