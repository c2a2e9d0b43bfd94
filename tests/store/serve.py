"""A real `prtui serve` on a data directory, and real games stored in it (for the
damaged-database tests): start, stop cleanly, play a few moves with seat tokens."""

from __future__ import annotations

import random
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tests.net.client import Client

GUARD_S = 60.0  # hang guards, not timing assertions


@dataclass
class Served:
    proc: subprocess.Popen[bytes]
    port: int
    log: Path

    def stop(self) -> int:
        """SIGTERM: the clean shutdown (store checkpointed and closed)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(GUARD_S)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def serve(data: Path, log: Path) -> Served | subprocess.CompletedProcess[str]:
    """Start `prtui serve --port 0`: a running server, or the finished process if it
    refused to start (its output in ``stdout``)."""
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "prtui", "serve", "--port", "0", "--data", str(data)],
            stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        )
    end = time.monotonic() + GUARD_S
    while time.monotonic() < end:
        found = re.search(rb"prtui server on 127\.0\.0\.1:(\d+)", log.read_bytes())
        if found:
            return Served(proc, int(found.group(1)), log)
        if proc.poll() is not None:
            return subprocess.CompletedProcess(proc.args, proc.returncode, log.read_text())
        time.sleep(0.05)
    proc.kill()
    raise AssertionError(f"prtui serve neither started nor refused: {log.read_text()}")


def running(data: Path, log: Path) -> Served:
    started = serve(data, log)
    assert isinstance(started, Served), started.stdout
    return started


async def store_games(port: int, games: int, moves: int, seed: int = 1) -> list[tuple[str, str]]:
    """``games`` two-player games, each ``moves`` moves in; (room, token of seat 0) each."""
    rng = random.Random(seed)
    kept = []
    for g in range(games):
        a = await Client.connect(port, f"ana{g}")
        b = await Client.connect(port, f"bea{g}")
        room = (await a.ok("create_room", game="puerto-rico", players=2,
                           options={"grace_s": 600}))["room"]
        tokens = []
        for i, c in enumerate((a, b)):
            await c.ok("join_room", room=room, as_="player")
            tokens.append((await c.ok("take_seat", room=room, seat=i))["token"])
        await b.ok("ready", room=room, ready=True)
        await a.ok("start", room=room)
        for c in (a, b):
            await c.wait_for(lambda f, c=c: c.snap is not None)
        for _ in range(moves):
            mover = next(c for c in (a, b) if c.snap and c.snap["legal"])
            v = mover.v
            await mover.ok("act", room=room, action=rng.choice(mover.snap["legal"]), v=v)
            for c in (a, b):
                await c.wait_for(lambda f, c=c, v=v: c.v != v)
        kept.append((room, tokens[0]))
        await a.close()
        await b.close()
    return kept
