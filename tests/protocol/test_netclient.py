"""prtui.netclient against a scripted server on 127.0.0.1: handshake, ack/reject,
state/diff, gap -> resync, ping/pong, closing."""

from __future__ import annotations

import asyncio
import struct

import pytest

from prtui.netclient import Client, ConnectionClosed, HandshakeError, Rejected
from server.protocol.messages import ProtocolError
from tests.protocol.fakeserver import SNAP_FRESH, SNAP_V1, SNAP_V2, FakeServer


async def next_event(client: Client, t: str) -> dict:
    """Skip events until one of type `t` arrives."""
    while True:
        event = await client.events.get()
        if event["t"] == t:
            return event


async def test_handshake_and_commands() -> None:
    async with FakeServer() as server, await Client.connect(
        "127.0.0.1", server.port, "ana", ping_interval=0
    ) as client:
        assert (client.conn, client.name) == ("c1", "ana")
        assert server.received[0] == {"t": "hello", "proto": 1, "name": "ana", "role": "play",
                                      "lang": "en"}  # the reader's language (issue 38)
        assert await client.command("list_rooms") == {"echo": "list_rooms"}
        with pytest.raises(Rejected) as info:
            await client.command("start", room="r1")
        assert (info.value.code, info.value.reason) == ("not_host", "only the host may start")
        ids = [m["id"] for m in server.received if "id" in m]
        assert len(ids) == len(set(ids)) == 2


async def test_refused_hello_raises_the_server_code() -> None:
    async with FakeServer() as server:
        with pytest.raises(HandshakeError) as info:
            await Client.connect("127.0.0.1", server.port, "refused", token="t0k")
        assert info.value.code == "bad_token"
        assert server.received[0]["token"] == "t0k"


async def test_unreachable_server_raises_oserror() -> None:
    async with FakeServer() as server:
        port = server.port
    with pytest.raises(OSError):
        await Client.connect("127.0.0.1", port, "ana")


async def test_silent_server_times_out_the_handshake() -> None:
    async with FakeServer(silent=True) as server:
        with pytest.raises(HandshakeError) as info:
            await Client.connect("127.0.0.1", server.port, "ana", timeout=0.2)
        assert info.value.code == "hello_timeout"


async def test_state_then_diff_keeps_the_snapshot() -> None:
    async with FakeServer() as server, await Client.connect(
        "127.0.0.1", server.port, "ana", role="spectate", ping_interval=0
    ) as client:
        assert await client.command("join_room", room="r1", as_="player") == {"room": "r1"}
        assert server.received[-1]["as"] == "player"
        room = await next_event(client, "room")
        assert room["room"]["status"] == "playing"
        state = await next_event(client, "state")
        assert state["snapshot"] == SNAP_V1 and client.rooms["r1"].v == 1
        await client.command("act", room="r1", action={"type": "pass"})
        event = await next_event(client, "diff")
        assert event["snapshot"] == SNAP_V2
        assert client.snapshot("r1") == SNAP_V2 and client.rooms["r1"].v == 2
        assert state["snapshot"] == SNAP_V1, "the old snapshot must not change"
        assert client.rooms["r1"].info == {"id": "r1", "status": "playing"}
        await client.command("leave_room", room="r1")
        assert "r1" not in client.rooms and client.snapshot("r1") is None


@pytest.mark.parametrize(
    "bad_diff",
    [
        {"t": "diff", "room": "r1", "base_v": 5, "v": 6, "ops": []},  # a gap
        {"t": "diff", "room": "r1", "base_v": 1, "v": 2, "ops": [["del", ["nope"]]]},  # misfit
        {"t": "diff", "room": "r9", "base_v": 0, "v": 1, "ops": []},  # never had a state
    ],
)
async def test_gap_or_misfit_triggers_resync(bad_diff: dict) -> None:
    async with FakeServer() as server, await Client.connect(
        "127.0.0.1", server.port, "ana", ping_interval=0
    ) as client:
        await client.command("join_room", room="r1", as_="spectator")
        await next_event(client, "state")
        await server.push(bad_diff)
        resync = await server.wait_for("resync")
        assert resync["room"] == bad_diff["room"]
        fresh = await next_event(client, "state")
        assert fresh["snapshot"] == SNAP_FRESH and client.rooms[bad_diff["room"]].v == 10
        if bad_diff["room"] == "r1":
            assert client.snapshot("r1") == SNAP_FRESH


async def test_ping_pong_and_lag() -> None:
    async with FakeServer() as server, await Client.connect(
        "127.0.0.1", server.port, "ana", ping_interval=0
    ) as client:
        await server.push({"t": "ping", "ts": 123.25})
        pong = await server.wait_for("pong")
        assert pong["ts"] == 123.25
        lag = await client.measure_lag()
        assert lag >= 0 and client.lag_ms == lag


async def test_pushes_reach_events_and_close_is_reported() -> None:
    async with FakeServer() as server:
        client = await Client.connect("127.0.0.1", server.port, "ana", ping_interval=0)
        await server.push({"t": "chat", "room": None, "from": "bo", "text": "hi", "ts": 1.0})
        assert (await next_event(client, "chat"))["text"] == "hi"
        await server.push({"t": "bye", "reason": "shutdown"})
        server.writer.close()
        closed = await next_event(client, "closed")
        assert closed["reason"] == "bye: shutdown" == client.close_reason
        with pytest.raises(ConnectionClosed):
            await client.command("list_rooms")
        await client.close()


async def test_oversize_frame_from_server_closes_the_client() -> None:
    async with FakeServer() as server, await Client.connect(
        "127.0.0.1", server.port, "ana", ping_interval=0
    ) as client:
        await server.push_raw(struct.pack(">I", 50 * 1024 * 1024))
        closed = await next_event(client, "closed")
        assert "frame_too_large" in closed["reason"]


async def test_error_then_close_is_the_reason() -> None:
    async with FakeServer() as server, await Client.connect(
        "127.0.0.1", server.port, "ana", ping_interval=0
    ) as client:
        await server.push({"t": "error", "code": "flood", "message": "too many frames"})
        server.writer.close()
        closed = await next_event(client, "closed")
        assert closed["reason"] == "error flood: too many frames"


async def test_client_close_is_reported_once() -> None:
    async with FakeServer() as server:
        client = await Client.connect("127.0.0.1", server.port, "ana", ping_interval=0)
        await client.close()
        await client.close()
        events = [client.events.get_nowait() for _ in range(client.events.qsize())]
        assert [e for e in events if e["t"] == "closed"] == [
            {"t": "closed", "reason": "closed by client"}
        ]


async def test_bad_command_is_refused_locally() -> None:
    async with FakeServer() as server, await Client.connect(
        "127.0.0.1", server.port, "ana", ping_interval=0
    ) as client:
        with pytest.raises(ProtocolError) as info:
            await client.command("take_seat", room="r1", seat="zero")
        assert info.value.code == "bad_type"
        assert await client.command("list_rooms") == {"echo": "list_rooms"}
        assert [m["t"] for m in server.received] == ["hello", "list_rooms"]


async def test_keepalive_pings_are_sent_and_measure_lag() -> None:
    async with FakeServer() as server, await Client.connect(
        "127.0.0.1", server.port, "ana", ping_interval=0.01
    ) as client:
        await server.wait_for("ping")
        while client.lag_ms is None:  # the fake server's pong sets it
            await asyncio.sleep(0.005)
        assert client.lag_ms >= 0
