"""kill -9 of a real `prtui serve` whose bot pool runs: nothing it started survives it.

Before, the bot worker and multiprocessing's resource tracker went on, re-parented to
init (two orphans per crash, holding the server's output pipes open)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.bots.procs import Proc, children, cmdline, kill_all, needs_proc, survivors
from tests.net.client import Client

GUARD_S = 60.0  # hang guards, not timing assertions


def start_serve(data: Path, log: Path) -> tuple[subprocess.Popen[bytes], int]:
    """`prtui serve --port 0`, output to a file (a pipe would be held by any orphan)."""
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "prtui", "serve", "--port", "0", "--data", str(data)],
            stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        )
    end = time.monotonic() + GUARD_S
    while time.monotonic() < end and proc.poll() is None:
        found = re.search(rb"prtui server on 127\.0\.0\.1:(\d+)", log.read_bytes())
        if found:
            return proc, int(found.group(1))
        time.sleep(0.05)
    proc.kill()
    raise AssertionError(f"prtui serve did not start: {log.read_text()}")


def wait_for_bot_worker(server_pid: int) -> list[Proc]:
    """The server's children once a bot worker (a spawned process) is among them."""
    end = time.monotonic() + GUARD_S
    while time.monotonic() < end:
        kids = children(server_pid)
        if any("spawn_main" in cmdline(k) for k in kids):
            return kids
        time.sleep(0.1)
    raise AssertionError("no bot worker started")


@needs_proc
async def test_kill_9_of_the_server_takes_its_bot_workers_with_it(tmp_path: Path) -> None:
    proc, port = start_serve(tmp_path / "data", tmp_path / "serve.log")
    kids: list[Proc] = []
    try:
        host = await Client.connect(port, "host")
        room = (await host.ok("create_room", game="puerto-rico", players=2,
                              options={}))["room"]
        await host.ok("join_room", room=room, as_="player")
        for seat in (0, 1):
            await host.ok("add_bot", room=room, seat=seat, level="hard")
        await host.ok("start", room=room)
        kids = wait_for_bot_worker(proc.pid)
        await host.close()
        proc.send_signal(signal.SIGKILL)
        proc.wait(GUARD_S)
        left = survivors(kids, GUARD_S)
        assert not left, [cmdline(p) for p in left]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        kill_all(kids)
