"""`prtui bench deaf`: a real `prtui serve` under clients that ask and never read,
measured from outside; and the helpers `prtui bench lobby` (server/tools/lobby_bench.py)
shares: the server process, its RSS, frames and commands.

N clients connect to a server holding R waiting rooms, ask `list_rooms` as fast as the
rate limit lets them and never read. The server must drop each of them once 1 MiB waits
for it, stay under 150 MB RSS, and give the memory back: RSS within 20 MB of the start
a few seconds after the last one is gone. RSS is the server process's VmRSS from
/proc/PID/status; the server runs as its own process (`python -m prtui serve --port 0`),
so its RSS is its own and the clients' work never shares its event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from server.protocol import limits
from server.protocol import messages as m
from server.protocol.framing import encode_frame
from server.tools.probe import HandshakeError, Probe

RSS_TARGET_MB = 150.0
RSS_RETURN_MB = 20.0
GUARD_S = 120.0  # no phase of a bench waits longer than this


def rss_mb(pid: int) -> float:
    """VmRSS of ``pid`` in MB (10^6 bytes), from /proc/PID/status."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024 / 1e6
    raise RuntimeError(f"no VmRSS for pid {pid}")


@contextlib.contextmanager
def served(data: str) -> Iterator[tuple[subprocess.Popen[str], int, float]]:
    """A `prtui serve` on ``data``: (process, port, seconds until it listened)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "prtui", "serve", "--port", "0", "--data", data],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if "prtui server on" not in line:
            raise RuntimeError(f"the server did not start: {line!r}")
        started = time.perf_counter() - t0
        yield proc, int(line.split(" on ", 1)[1].split()[0].rsplit(":", 1)[1]), started
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


async def reach_lobby(port: int, name: str) -> tuple[float, int, dict[str, Any]]:
    """(ms from connect to the whole `lobby` push, its body bytes, the push)."""
    t0 = time.perf_counter()
    try:
        probe = await Probe.connect("127.0.0.1", port, name, timeout=GUARD_S)
    except HandshakeError as exc:
        raise RuntimeError(f"refused: {exc}") from None
    lobby = await probe.until(lambda: probe.latest.get("lobby"), GUARD_S)
    ms = (time.perf_counter() - t0) * 1000
    await probe.close()
    return ms, lobby.size, lobby.msg


# --- deaf clients ---------------------------------------------------------------------


async def deaf_client(port: int, name: str, until: float) -> float | None:
    """Ask `list_rooms` at the allowed rate, never read; seconds until the server cut
    us off (None: still connected at ``until``)."""
    loop = asyncio.get_running_loop()
    sock = socket.socket()
    sock.setblocking(False)
    t0 = time.monotonic()
    try:
        await loop.sock_connect(sock, ("127.0.0.1", port))
        await loop.sock_sendall(sock, encode_frame(m.hello(name)))
        mid = 0
        burst = limits.COMMAND_BURST
        while time.monotonic() < until:
            frames = []
            for _ in range(burst):
                mid += 1
                frames.append(encode_frame(m.command("list_rooms", mid)))
            await asyncio.wait_for(loop.sock_sendall(sock, b"".join(frames)), GUARD_S)
            burst = max(1, int(limits.COMMAND_RATE_PER_S / 10))
            await asyncio.sleep(0.1)
    except (ConnectionError, OSError, TimeoutError):
        return time.monotonic() - t0
    finally:
        sock.close()
    return None


async def deaf_measure(
    port: int, pid: int, clients: int, settle: float, limit: float
) -> dict[str, Any]:
    lobby_ms, lobby_bytes, _ = await reach_lobby(port, "reader")
    probe = await Probe.connect("127.0.0.1", port, "honest", timeout=GUARD_S)
    answer_bytes = (await probe.request("list_rooms", timeout=GUARD_S)).size
    await asyncio.sleep(1.0)
    start = rss_mb(pid)
    peak = start
    stop = asyncio.Event()

    async def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, rss_mb(pid))
            await asyncio.sleep(0.05)

    sampler = asyncio.create_task(sample())
    honest_ms: list[float] = []

    async def honest() -> None:  # an ordinary client keeps being served meanwhile
        while not stop.is_set():
            t0 = time.perf_counter()
            await probe.request("list_rooms", timeout=GUARD_S)
            honest_ms.append((time.perf_counter() - t0) * 1000)
            await asyncio.sleep(0.5)

    asker = asyncio.create_task(honest())
    until = time.monotonic() + limit
    drops = await asyncio.gather(*(deaf_client(port, f"deaf{i}", until) for i in range(clients)))
    stop.set()
    await asyncio.gather(sampler, asker, return_exceptions=True)
    await asyncio.sleep(settle)
    after = rss_mb(pid)
    await probe.close()
    dropped = [d for d in drops if d is not None]
    return {
        "bench": "deaf",
        "clients": clients,
        "lobby_bytes": lobby_bytes,
        "lobby_ms": round(lobby_ms, 2),
        "list_rooms_bytes": answer_bytes,
        "queue_bytes": limits.OUTGOING_QUEUE_BYTES,
        "dropped": len(dropped),
        "drop_s_max": round(max(dropped, default=0.0), 2),
        "rss_start_mb": round(start, 1),
        "rss_peak_mb": round(peak, 1),
        "rss_after_mb": round(after, 1),
        "settle_s": settle,
        "rss_returned": after - start <= RSS_RETURN_MB,
        "rss_under_target": peak < RSS_TARGET_MB,
        "honest_list_rooms_ms_max": round(max(honest_ms, default=0.0), 2),
    }


def run_deaf_bench(args: Any) -> int:
    from server.tools.seedgames import seed_data_dir

    clients, rooms = int(getattr(args, "deaf", 8)), int(getattr(args, "rooms", 1000))
    settle, limit = float(getattr(args, "settle", 3.0)), float(getattr(args, "limit", 90.0))
    if clients < 1 or rooms < 0 or settle < 0 or limit <= 0:
        print(
            "prtui bench deaf: --deaf >= 1, --rooms >= 0, --settle >= 0, --limit > 0",
            file=sys.stderr,
        )
        return 2
    with tempfile.TemporaryDirectory(prefix="prtui-deaf-") as data:
        seed_data_dir(data, waiting=rooms)
        with served(data) as (proc, port, _):
            fig = asyncio.run(deaf_measure(port, proc.pid, clients, settle, limit))
    fig["rooms"] = rooms
    ok = fig["dropped"] == clients and fig["rss_returned"] and fig["rss_under_target"]
    if getattr(args, "json", False):
        print(json.dumps(fig, separators=(",", ":")))
    else:
        print(f"deaf bench: {clients} clients that never read, {rooms} waiting rooms")
        print(f"  lobby push {fig['lobby_bytes']} B, list_rooms answer {fig['list_rooms_bytes']} B")
        print(f"  dropped {fig['dropped']}/{clients} (the last after {fig['drop_s_max']} s)")
        print(
            f"  server RSS {fig['rss_start_mb']} MB at start, peak {fig['rss_peak_mb']} MB "
            f"(target < {RSS_TARGET_MB:.0f}), {fig['rss_after_mb']} MB {settle:g} s after "
            f"(target within {RSS_RETURN_MB:.0f} MB of the start)"
        )
        print(
            f"  an honest client's list_rooms meanwhile: max {fig['honest_list_rooms_ms_max']} ms"
        )
    return 0 if ok else 1
