"""`prtui bench churn`: what connections that come and go leave in a real `prtui serve`.

N clients in turn connect, say hello, ask for the room list and close (a few at a time).
The server tunes its collector to run full collections almost never, so anything a
closed connection kept in a reference cycle used to stay (about 12 KB each). Target:
after 10,000 such connections the server's RSS (VmRSS) is within 5 MB of where it was
after the first 500 (the allocator's warm-up).
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import time
from typing import Any

from server.tools.limits_bench import GUARD_S, rss_mb, served
from server.tools.probe import Probe

RSS_GROWTH_TARGET_MB = 5.0
WARM_UP = 500
AT_ONCE = 8  # well under the 16 connections per address


async def one(port: int, i: int) -> None:
    probe = await Probe.connect("127.0.0.1", port, f"guest{i}", timeout=GUARD_S)
    try:
        await probe.request("list_rooms", timeout=GUARD_S)
    finally:
        await probe.close()


async def churn(port: int, pid: int, total: int) -> dict[str, Any]:
    async def batch(start: int, end: int) -> None:
        for first in range(start, end, AT_ONCE):
            await asyncio.gather(*(one(port, i) for i in range(first, min(first + AT_ONCE, end))))

    await batch(0, WARM_UP)
    await asyncio.sleep(1.0)
    warm = rss_mb(pid)
    t0 = time.perf_counter()
    await batch(WARM_UP, total)
    took = time.perf_counter() - t0
    await asyncio.sleep(1.0)
    after = rss_mb(pid)
    return {
        "bench": "churn", "connections": total, "rss_warm_mb": round(warm, 1),
        "rss_after_mb": round(after, 1), "growth_mb": round(after - warm, 1),
        "kb_per_connection": round((after - warm) * 1000 / max(1, total - WARM_UP), 2),
        "connections_per_s": round((total - WARM_UP) / took, 1),
        "within_target": after - warm <= RSS_GROWTH_TARGET_MB,
    }


def run_churn_bench(args: Any) -> int:
    total = int(getattr(args, "connections", 10_000))
    if total <= WARM_UP:
        print(f"prtui bench churn: --connections must be more than {WARM_UP}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="prtui-churn-") as data, served(data) as (
            proc, port, _):
        fig = asyncio.run(churn(port, proc.pid, total))
    if getattr(args, "json", False):
        print(json.dumps(fig, separators=(",", ":")))
    else:
        print(f"churn bench: {total} connections, each hello, list_rooms, close")
        print(f"  server RSS {fig['rss_warm_mb']} MB after {WARM_UP}, {fig['rss_after_mb']} MB "
              f"after all ({fig['growth_mb']} MB, {fig['kb_per_connection']} KB each; "
              f"target within {RSS_GROWTH_TARGET_MB:g} MB)")
    return 0 if fig["within_target"] else 1
