"""A spectator that stops reading is dropped; the room and its other viewers go on."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

from server.net.server import GameServer
from server.net.session import SessionLimits
from server.protocol import messages as m
from server.protocol.framing import encode_frame
from tests.net.client import Client


async def test_slow_spectator_is_dropped_and_never_stalls_the_room(tmp_path: Path) -> None:
    async with GameServer(tmp_path, session_limits=SessionLimits(queue_frames=4, sndbuf=4096, write_buffer=4096)) as srv:
        port = srv.port
        host = await Client.connect(port, "host")
        room = (await host.ok("create_room", game="puerto-rico", players=4, options={}))["room"]
        await host.ok("join_room", room=room, as_="player")
        for seat in range(4):
            await host.ok("add_bot", room=room, seat=seat, level="random")
        # the sleeper: a tiny receive buffer, joins as spectator, then never reads again
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        sock.connect(("127.0.0.1", port))
        sock.sendall(encode_frame(m.hello("sleepy", "spectate")))
        sock.sendall(encode_frame(m.command("join_room", 1, room=room, as_="spectator")))
        await host.wait_for(lambda f: f["t"] == "room" and f["room"]["spectators"] == 2)
        await host.ok("start", room=room)
        # the game runs to its end at bot speed, watched in full by the reading host
        await host.wait_for(lambda f: host.snap is not None and host.snap["view"]["over"])
        assert host.gaps == 0 and host.v is not None and host.v > 50
        await host.wait_for(lambda f: f["t"] == "room" and f["room"]["spectators"] == 1)
        # the sleeper was cut off: draining its socket ends in EOF or a reset
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        got = 0
        try:
            while True:
                chunk = await asyncio.wait_for(loop.sock_recv(sock, 65536), 10)
                if not chunk:
                    break
                got += len(chunk)
        except ConnectionResetError:
            pass
        sock.close()
        assert got > 0
        await host.close()
