"""kill -9 of a real `prtui serve` process, then a restart on the same data directory:
the game resumes at its last acknowledged action and players come back with tokens."""

from __future__ import annotations

import asyncio
import random
import signal
import socket
import sys
from pathlib import Path

from tests.net.client import Client


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def start_serve(data: Path, port: int) -> asyncio.subprocess.Process:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "prtui", "serve", "--port", str(port), "--data", str(data),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    assert proc.stdout is not None
    line = await asyncio.wait_for(proc.stdout.readline(), 30)
    assert b"prtui server on" in line, line
    return proc


async def test_kill_9_and_restart_resumes_at_the_last_acked_action(tmp_path: Path) -> None:
    port = free_port()
    proc = await start_serve(tmp_path, port)
    try:
        a = await Client.connect(port, "ana")
        b = await Client.connect(port, "bea")
        c3 = await Client.connect(port, "cai")
        players = (a, b, c3)
        room = (await a.ok("create_room", game="puerto-rico", players=3,
                           options={"grace_s": 600}))["room"]
        tokens = []
        for i, c in enumerate(players):
            await c.ok("join_room", room=room, as_="player")
            tokens.append((await c.ok("take_seat", room=room, seat=i))["token"])
            if i:
                await c.ok("ready", room=room, ready=True)
        await a.ok("start", room=room)
        rng = random.Random(7)
        acked = 0
        while acked < 12:
            for c in players:
                await c.wait_for(lambda f, c=c: c.snap is not None)
            mover = next(c for c in players if c.snap["legal"])
            v = mover.v
            r = await mover.cmd("act", room=room, action=rng.choice(mover.snap["legal"]))
            if r["t"] == "ack":
                acked += 1
                for c in players:
                    await c.wait_for(lambda f, v=v, c=c: c.v != v, max(0, len(c.frames) - 1))
        last_v, last_view = a.v, a.snap["view"]
        assert last_v == acked
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        for c in players:
            await c.close()

        proc = await start_serve(tmp_path, port)
        a2 = await Client.connect(port, "ana", token=tokens[0])
        b2 = await Client.connect(port, "bea", token=tokens[1])
        assert a2.welcome["resume"] == {"room": room, "seat": 0}
        assert b2.welcome["resume"] == {"room": room, "seat": 1}
        for c in (a2, b2):
            await c.wait_for(lambda f: f["t"] == "state")
        assert a2.v == last_v == b2.v  # nothing acked was lost, nothing invented
        assert a2.snap["view"] == last_view
        # the game continues from there (seat 2 has not come back: it may be to move)
        c4 = await Client.connect(port, "cai", token=tokens[2])
        await c4.wait_for(lambda f: f["t"] == "state")
        mover = next(c for c in (a2, b2, c4) if c.snap["legal"])
        await mover.ok("act", room=room, action=mover.snap["legal"][0])
        await a2.wait_for(lambda f: a2.v == last_v + 1)
        await c4.close()
        rooms = (await a2.ok("list_rooms"))["rooms"]
        assert [r["status"] for r in rooms if r["id"] == room] == ["playing"]
        await a2.close()
        # SIGTERM: a clean shutdown that tells connected clients goodbye
        proc.send_signal(signal.SIGTERM)
        bye = await b2.wait_for(lambda f: f["t"] == "bye")
        assert bye["reason"]
        await b2.wait_closed()
        assert await asyncio.wait_for(proc.wait(), 15) == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
