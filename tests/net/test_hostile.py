"""Hostile input: each bad connection is refused or closed; everyone else keeps playing."""

from __future__ import annotations

import asyncio
import struct
from pathlib import Path

import msgpack
import pytest

from server.net.server import GameServer
from server.net.session import SessionLimits
from server.protocol import messages as m
from server.protocol.framing import encode_frame
from tests.net.client import Client
from tests.net.test_rooms import make_table


def frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


async def raw_hello(port: int) -> Client:
    c = await Client.connect(port, "mallory")
    assert c.welcome["t"] == "welcome"
    return c


async def still_fine(server: GameServer, room: str, a: Client, b: Client) -> None:
    """The honest table still works: one more move is acked and broadcast."""
    mover = a if a.snap["legal"] else b
    v = mover.v
    await mover.ok("act", room=room, action=mover.snap["legal"][-1])
    other = b if mover is a else a
    await other.wait_for(lambda f: f["t"] == "diff" and f["v"] == v + 1)
    assert (await a.ok("list_rooms"))["rooms"]


CLOSING = [
    ("garbage", frame(b"\xc1\xc1\xc1 not msgpack"), "bad_msgpack"),
    ("oversize length", b"\xff\xff\xff\xff", "frame_too_large"),
    ("not a map", frame(msgpack.packb([1, 2, 3])), "not_a_map"),
    ("binary type key", frame(msgpack.packb({b"t": "ping"}, use_bin_type=True)),
     "missing_type"),
    ("binary key", frame(msgpack.packb({"t": "ping", b"x": 1}, use_bin_type=True)), "bad_key"),
    ("int key", frame(msgpack.packb({"t": "ping", 1: 2}, strict_types=False)), "bad_key"),
    ("ext type", frame(msgpack.packb({"t": "chat", "x": msgpack.ExtType(5, b"zz")})),
     "bad_msgpack"),
    ("deep nesting", frame(msgpack.packb({"t": "act", "id": 1, "action": _deep(100)}))
     if (_deep := lambda n: [] if n == 0 else [_deep(n - 1)]) else b"", "too_deep"),
]


@pytest.mark.parametrize(("what", "data", "code"), CLOSING, ids=[c[0] for c in CLOSING])
async def test_bad_frames_close_only_that_connection(
    server: GameServer, what: str, data: bytes, code: str
) -> None:
    room, (a, b), _ = await make_table(server.port, humans=2)
    bad = await raw_hello(server.port)
    bad.send_raw(data)
    err = await bad.wait_for(lambda f: f["t"] == "error")
    assert err["code"] == code, what
    await bad.wait_closed()
    await still_fine(server, room, a, b)
    for c in (a, b):
        await c.close()


async def test_bad_commands_are_rejected_and_the_connection_stays(server: GameServer) -> None:
    room, (a, b), _ = await make_table(server.port, humans=2)
    c = await raw_hello(server.port)
    cases = [
        ({"t": "take_seat", "id": 1, "room": 5, "seat": "x"}, "bad_type"),
        ({"t": "frobnicate", "id": 2}, "unknown_type"),
        ({"t": "join_room", "id": 3, "room": room}, "missing_field"),
        ({"t": "join_room", "id": 4, "room": room, "as": "god"}, "bad_value"),
        ({"t": "chat", "id": 5, "room": None, "text": "x" * 5000}, "too_long"),
        ({"t": "act", "id": 6, "room": room, "action": {"type": "draw"}}, "not_in_room"),
        ({"t": "join_room", "id": 7, "room": "nope", "as": "player"}, "no_such_room"),
        ({"t": "create_room", "id": 8, "game": "nettoy", "players": 2, "options": {"x": []}},
         None),
    ]
    for msg, code in cases:
        c.send(msg)
        r = await c.wait_for(lambda f, i=msg["id"]: f.get("id") == i)
        if code is None:
            assert r["t"] == "ack"  # unknown game options are the game's business
        else:
            assert r["t"] == "reject" and r["code"] == code, (msg, r)
    c.send({"t": "list_rooms"})  # a command without an id: an error, never a silent drop
    err = await c.wait_for(lambda f: f["t"] == "error")
    assert err["code"] == "missing_id"
    c.send(m.hello("again"))
    assert (await c.wait_for(lambda f: f["t"] == "error" and f["code"] == "bad_message"))
    assert (await c.ok("list_rooms"))["rooms"]
    await still_fine(server, room, a, b)
    for x in (a, b, c):
        await x.close()


async def test_flood_is_rate_limited_then_closed(server: GameServer) -> None:
    room, (a, b), _ = await make_table(server.port, humans=2)
    c = await raw_hello(server.port)
    c.send_raw(b"".join(encode_frame(m.command("list_rooms", i)) for i in range(1, 400)))
    err = await c.wait_for(lambda f: f["t"] == "error" and f["code"] == "flood")
    assert err
    assert any(f["t"] == "reject" and f["code"] == "rate_limited" for f in c.frames)
    assert sum(f["t"] == "ack" for f in c.frames) >= 20  # the burst was served
    await c.wait_closed()
    await still_fine(server, room, a, b)
    for x in (a, b):
        await x.close()


async def test_handshake_rules(tmp_path: Path) -> None:
    async with GameServer(tmp_path, session_limits=SessionLimits(hello_timeout=0.2)) as srv:
        port = srv.port
        r, w = await asyncio.open_connection("127.0.0.1", port)
        c = Client.attach(r, w)
        assert (await c.wait_for(lambda f: f["t"] == "error"))["code"] == "hello_timeout"
        await c.wait_closed()
        c = await Client.connect(port)
        await c.close()
        r, w = await asyncio.open_connection("127.0.0.1", port)
        c = Client.attach(r, w)
        c.send(m.command("list_rooms", 1))
        assert (await c.wait_for(lambda f: f["t"] == "error"))["code"] == "bad_hello"
        bad = m.hello("x")
        bad["proto"] = 99
        c = Client.attach(*(await asyncio.open_connection("127.0.0.1", port)))
        c.send(bad)
        assert (await c.wait_for(lambda f: f["t"] == "error"))["code"] == "unsupported_proto"


async def test_idle_connection_is_closed_but_a_ponging_one_lives(tmp_path: Path) -> None:
    lim = SessionLimits(idle_timeout=0.4, ping_interval=0.1)
    async with GameServer(tmp_path, session_limits=lim) as srv:
        port = srv.port
        alive = await Client.connect(port, "ana")  # answers every ping with pong
        r, w = await asyncio.open_connection("127.0.0.1", port)
        w.write(encode_frame(m.hello("mute")))
        mute = Client.attach(r, w)
        mute.answer_pings = False
        err = await mute.wait_for(lambda f: f["t"] == "error")
        assert err["code"] == "idle_timeout"
        assert any(f["t"] == "ping" for f in mute.frames)
        assert (await alive.ok("list_rooms"))["rooms"] == []
        alive.send(m.ping(12.5))  # a client may ping too: the server answers in kind
        assert (await alive.wait_for(lambda f: f["t"] == "pong"))["ts"] == 12.5
        await alive.close()


async def test_connections_per_address_are_capped(tmp_path: Path) -> None:
    async with GameServer(tmp_path, max_per_address=3) as srv:
        port = srv.port
        clients = [await Client.connect(port, f"c{i}") for i in range(3)]
        extra = await Client.connect(port, "c4")
        assert extra.welcome["t"] == "error" and extra.welcome["code"] == "too_many_connections"
        await clients[0].close()
        await asyncio.sleep(0.05)
        again = await Client.connect(port, "c5")
        assert again.welcome["t"] in ("welcome", "error")
        for c in [*clients[1:], again]:
            await c.close()
