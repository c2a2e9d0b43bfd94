"""Deaf clients cost bounded kernel memory, and one that stays deaf is dropped.

The kernel grew each deaf client's send buffer to megabytes (40 deaf spectators held
164 MB of kernel TCP memory) while the server's own queue bound was never reached. Now
each socket gets a bounded SO_SNDBUF, and a connection whose bytes never drain is
dropped after ``stall`` seconds even while its queue is under the bound. Real sockets on
loopback; the test waits for the server to act, with a hang guard.
"""

from __future__ import annotations

import fcntl
import socket
import struct
import termios
from pathlib import Path

from server.net.server import GameServer
from server.net.session import Session, SessionLimits
from server.protocol import limits
from server.protocol import messages as m
from server.protocol.framing import encode_frame
from server.tools.seedgames import seed_data_dir
from tests.net.test_deaf import deaf_socket, session_named, until


def unsent(session: Session) -> int:
    """Bytes the kernel holds in this connection's send queue (SIOCOUTQ)."""
    sock = session._writer.get_extra_info("socket")
    raw = fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, struct.pack("i", 0))
    return int(struct.unpack("i", raw)[0])


def ask(sock: socket.socket, n: int) -> None:
    sock.sendall(b"".join(encode_frame(m.command("list_rooms", i)) for i in range(1, n + 1)))


async def deaf_client(srv: GameServer) -> tuple[socket.socket, Session]:
    """A client named deaf that never reads: its socket, and its session once the
    server has it."""
    sock = deaf_socket(srv.port, "deaf")
    await until(lambda: session_named(srv, "deaf") is not None)
    deaf = session_named(srv, "deaf")
    assert deaf is not None
    return sock, deaf


async def test_a_deaf_clients_kernel_buffer_is_bounded(tmp_path: Path) -> None:
    seed_data_dir(tmp_path, finished=100)  # every list_rooms answer is tens of KiB
    srv = GameServer(tmp_path)  # the default limits
    await srv.start()
    try:
        sock, deaf = await deaf_client(srv)
        ask(sock, 16)  # well under the queue bound (1 MiB): only the kernel can hold it
        bound = 2 * limits.SEND_BUFFER_BYTES  # what Linux makes of SO_SNDBUF
        # the kernel is full (the rest waits in the server's queue), or past the bound
        await until(lambda: deaf._writer.transport.get_write_buffer_size() > 0
                    or unsent(deaf) > bound)
        assert deaf in srv._sessions
        held = unsent(deaf)
        assert 0 < held <= bound, held
        sock.close()
    finally:
        await srv.stop()


async def test_a_client_that_stays_deaf_is_dropped_under_the_queue_bound(
    tmp_path: Path,
) -> None:
    seed_data_dir(tmp_path, finished=100)
    lim = SessionLimits(ping_interval=0.05, stall=0.5, idle_timeout=3600)
    async with GameServer(tmp_path, session_limits=lim) as srv:
        sock, deaf = await deaf_client(srv)
        ask(sock, 8)
        await until(lambda: deaf.backlog > 0)
        assert deaf.backlog < lim.queue_bytes  # not the queue bound: the stall drops it
        await until(lambda: deaf not in srv._sessions)
        sock.close()
