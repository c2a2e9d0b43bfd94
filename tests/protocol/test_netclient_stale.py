"""prtui.netclient sends each `act` with the version of the snapshot it was chosen from,
and on `stale` resyncs by itself (docs/protocol.md): against the scripted server (what
goes on the wire) and the real server with real Puerto Rico rules on 127.0.0.1."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from prtui.netclient import Client, Rejected
from server.net.server import GameServer
from tests.protocol.fakeserver import FakeServer


async def next_event(client: Client, t: str, room: str) -> dict:
    while True:
        event = await client.events.get()
        if event["t"] == t and event.get("room") == room:
            return event


async def test_act_carries_the_version_of_the_snapshot() -> None:
    async with (
        FakeServer() as server,
        await Client.connect("127.0.0.1", server.port, "ana", ping_interval=0) as client,
    ):
        await client.command("join_room", room="r1", as_="player")
        await next_event(client, "state", "r1")  # the scripted server's state is at v 1
        await client.act("r1", {"type": "pass"})
        sent = await server.wait_for("act")
        assert sent["v"] == 1 and sent["action"] == {"type": "pass"}


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[GameServer]:
    async with GameServer(tmp_path, "127.0.0.1", 0) as srv:
        yield srv


async def test_a_stale_act_is_refused_and_the_client_resyncs(server: GameServer) -> None:
    players = [
        await Client.connect("127.0.0.1", server.port, n, ping_interval=0)
        for n in ("ana", "bo", "cy")
    ]
    try:
        room = (
            await players[0].command(
                "create_room", game="puerto-rico", players=3, options={"seed": 3}
            )
        )["room"]
        for seat, c in enumerate(players):
            await c.command("join_room", room=room, as_="player")
            await c.command("take_seat", room=room, seat=seat)
            if seat:
                await c.command("ready", room=room, ready=True)
        await players[0].command("start", room=room)
        for c in players:
            await next_event(c, "state", room)
        mover = next(c for c in players if c.snapshot(room)["legal"])
        action = mover.snapshot(room)["legal"][0]
        await mover.act(room, action)  # the version it holds: 0
        with pytest.raises(Rejected) as info:
            await mover.act(room, action, v=0)  # the same again: the game is at 1 now
        assert info.value.code == "stale"
        fresh = await next_event(mover, "state", room)  # the resync it asked for itself
        assert fresh["v"] == 1 and mover.rooms[room].v == 1
        assert fresh["snapshot"] == mover.snapshot(room)
        for c in players:
            while c.rooms[room].v != 1:
                await c.events.get()
        nxt = next(c for c in players if c.snapshot(room)["legal"])
        await nxt.act(room, nxt.snapshot(room)["legal"][0])
        assert server.lobby is not None and server.lobby.rooms[room].sync.v == 2
    finally:
        for c in players:
            await c.close()
