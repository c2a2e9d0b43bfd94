"""Clients that ask and never read: each is dropped once its bytes waiting pass the bound.

Real sockets on loopback, a server on a real SQLite file holding a hundred finished
games, so every `list_rooms` answer is tens of KiB. Nothing here depends on speed: the
deaf client's socket buffers are made tiny and the test waits (with a hang guard) for
the server to act.
"""

from __future__ import annotations

import asyncio
import gc
import socket
import weakref
from collections.abc import Callable
from pathlib import Path

from server.net.server import GameServer
from server.net.session import Session, SessionLimits
from server.protocol import messages as m
from server.protocol.framing import encode_frame
from server.tools.seedgames import seed_data_dir
from tests.net.client import GUARD_S, Client

QUEUE_BYTES = 256 * 1024


async def until(pred: Callable[[], bool]) -> None:
    """Wait for the server to get there; a hang guard, not a timing assertion."""

    async def poll() -> None:
        while not pred():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), GUARD_S)


def deaf_socket(port: int, name: str) -> socket.socket:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.connect(("127.0.0.1", port))
    sock.sendall(encode_frame(m.hello(name, "play")))
    return sock


def session_named(srv: GameServer, name: str) -> Session | None:
    return next((s for s in srv._sessions if s.name == name), None)


async def start(tmp_path: Path) -> GameServer:
    seed_data_dir(tmp_path, finished=100)
    srv = GameServer(tmp_path, session_limits=SessionLimits(sndbuf=4096, queue_bytes=QUEUE_BYTES))
    await srv.start()
    return srv


async def answer_size(c: Client) -> int:
    data = await c.ok("list_rooms")
    assert len(data["rooms"]) >= 50
    return len(encode_frame(m.ack(1, data)))


async def test_a_client_that_asks_and_never_reads_is_dropped_and_freed(tmp_path: Path) -> None:
    srv = await start(tmp_path)
    try:
        honest = await Client.connect(srv.port, "honest")
        size = await answer_size(honest)
        sock = deaf_socket(srv.port, "deaf")
        await until(lambda: session_named(srv, "deaf") is not None)
        deaf = session_named(srv, "deaf")
        assert deaf is not None
        asks = 40
        assert asks * size > 4 * QUEUE_BYTES  # far more than the bound: it must be cut off
        sock.sendall(b"".join(encode_frame(m.command("list_rooms", i)) for i in range(1, asks + 1)))
        await until(lambda s=deaf: s not in srv._sessions)
        # nothing keeps its frames alive: the queue is empty and the session is garbage
        assert deaf.backlog == 0
        gone = weakref.ref(deaf)
        del deaf
        gc.collect()
        assert gone() is None
        # the deaf client got at most a part of what it asked for, then the end
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        got = 0
        try:
            while chunk := await asyncio.wait_for(loop.sock_recv(sock, 65536), GUARD_S):
                got += len(chunk)
        except ConnectionResetError:
            pass
        sock.close()
        assert got < asks * size
        # everyone else is served as before
        assert (await honest.ok("list_rooms"))["rooms"]
        await honest.close()
    finally:
        await srv.stop()


async def test_a_slow_reader_within_the_bound_keeps_its_connection(tmp_path: Path) -> None:
    srv = await start(tmp_path)
    try:
        honest = await Client.connect(srv.port, "honest")
        size = await answer_size(honest)
        asks = 3
        assert (asks + 1) * size < QUEUE_BYTES  # its answers and the lobby push all fit
        sock = deaf_socket(srv.port, "slow")
        await until(lambda: session_named(srv, "slow") is not None)
        slow = session_named(srv, "slow")
        assert slow is not None
        sock.sendall(b"".join(encode_frame(m.command("list_rooms", i)) for i in range(1, asks + 1)))
        # all three answers wait in the server (the kernel holds only a few KiB of them)
        await until(lambda: slow.backlog >= asks * size - 32 * 1024)
        assert slow in srv._sessions
        # now it reads (with a normal buffer): every answer arrives, and the connection works
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024 * 1024)
        reader, writer = await asyncio.open_connection(sock=sock)
        c = Client.attach(reader, writer, welcomed=True, first_id=asks + 1)
        await c.wait_for(lambda f: f["t"] == "ack" and f.get("id") == asks)
        assert sum(f["t"] == "ack" for f in c.frames) == asks
        assert (await c.ok("list_rooms"))["rooms"]
        await c.close()
        await honest.close()
    finally:
        await srv.stop()
