"""`prtui bench replay`: a player's moves while many connections replay finished games.

A real `prtui serve` holds N finished five-player games, played out for real. One player
plays Puerto Rico against a random bot and times each `act` until its `ack`; meanwhile
C connections from one other address (127.0.0.3 on loopback) ask `replay` of random
games at random steps as fast as the server lets them, pausing when told
`rate_limited`. Measured: the player's action p99 (target < 50 ms; it was 0.9 s) and
the server's RSS (VmRSS) at the start, at its peak and after (it went 36 -> 323 MB).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from typing import Any

from server.protocol import limits
from server.tools.limits_bench import GUARD_S, rss_mb
from server.tools.probe import Probe
from server.tools.search_bench import ACT_P99_TARGET_MS, Player, act_line, on_seeded_server, pct


async def replayer(port: int, i: int, rooms: list[str], until: float, counts: dict[str, int]
                   ) -> None:
    probe = await Probe.connect("127.0.0.1", port, f"viewer{i}", timeout=GUARD_S,
                                local_addr=("127.0.0.3", 0))
    probe.rate_limit_retries = 0  # count the refusals here
    rnd = random.Random(i)
    try:
        while time.monotonic() < until:
            answer = await probe.request("replay", timeout=GUARD_S, room=rnd.choice(rooms),
                                         step=rnd.randrange(0, 60))
            if not answer.ok and answer.code == "rate_limited":
                counts["refused"] += 1
                await asyncio.sleep(limits.RATE_LIMITED_PAUSE_S)
            else:
                counts["answered"] += 1
    finally:
        await probe.close()


async def measure(port: int, pid: int, connections: int, seconds: float) -> dict[str, Any]:
    player = await Player.join(port)
    page = await player.cmd("list_rooms", status="over", limit=100)
    rooms = [r["id"] for r in page["rooms"]]
    start = peak = rss_mb(pid)
    stop = asyncio.Event()

    async def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, rss_mb(pid))
            await asyncio.sleep(0.1)

    sampler = asyncio.create_task(sample())
    until = time.monotonic() + seconds
    counts = {"answered": 0, "refused": 0}
    await asyncio.gather(player.play(until), *(
        replayer(port, i, rooms, until, counts) for i in range(connections)))
    stop.set()
    await sampler
    await asyncio.sleep(2.0)
    after = rss_mb(pid)
    await player.close()
    acts = player.act_ms
    return {
        "bench": "replay", "connections": connections, "seconds": seconds,
        "games": len(rooms), "actions": len(acts),
        "act_p50_ms": round(pct(acts, 0.5), 2), "act_p99_ms": round(pct(acts, 0.99), 2),
        "replays_answered": counts["answered"], "replays_refused": counts["refused"],
        "rss_start_mb": round(start, 1), "rss_peak_mb": round(peak, 1),
        "rss_after_mb": round(after, 1),
        "within_target": bool(acts) and pct(acts, 0.99) < ACT_P99_TARGET_MS,
    }


def run_replay_bench(args: Any) -> int:
    games = int(getattr(args, "games", 40))
    connections = int(getattr(args, "connections", 16))
    seconds = float(getattr(args, "seconds", 20.0))
    if not 0 < games <= 100 or not 0 < connections <= limits.MAX_CONNECTIONS_PER_ADDRESS \
            or seconds <= 0:
        print("prtui bench replay: --games 1..100, --connections 1..16, --seconds > 0",
              file=sys.stderr)
        return 2
    fig = on_seeded_server("prtui-replay-",
                           lambda port, pid: measure(port, pid, connections, seconds),
                           finished=games, real=games)
    if getattr(args, "json", False):
        print(json.dumps(fig, separators=(",", ":")))
    else:
        print(f"replay bench: {connections} connections replay {games} finished games for "
              f"{seconds:g} s while one plays")
        print(act_line(fig))
        print(f"  replays answered {fig['replays_answered']}, refused {fig['replays_refused']}")
        print(f"  server RSS {fig['rss_start_mb']} MB at start, peak {fig['rss_peak_mb']} MB, "
              f"{fig['rss_after_mb']} MB after")
    return 0 if fig["within_target"] else 1
