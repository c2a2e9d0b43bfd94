"""prtui.netclient against the real GameServer and the real Puerto Rico rules on
127.0.0.1: three players and a spectator play a stretch of a game; every client's
diff-maintained snapshot must equal a fresh one from `resync`."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from prtui.netclient import Client, Rejected
from server.net.server import GameServer
from server.net.session import SessionLimits

ACTIONS = 120  # enough for several rounds, every role and phase kind


async def wait_version(client: Client, room: str, v: int) -> None:
    """Consume events until the client's copy of `room` reaches version `v`."""
    while version(client, room) < v:
        await client.events.get()


def version(client: Client, room: str) -> int:
    sync = client.rooms.get(room)
    return sync.v if sync is not None and sync.v is not None else 0


async def check_against_resync(client: Client, room: str) -> None:
    """The diff-kept snapshot equals the fresh `state` a resync brings at the same v."""
    while not client.events.empty():  # the kept snapshot is then exactly the consumed one
        client.events.get_nowait()
    kept_v, kept = client.rooms[room].v, client.snapshot(room)
    await client.command("resync", room=room)
    while True:
        event = await client.events.get()
        if event["t"] == "diff" and event["room"] == room:
            kept_v, kept = event["v"], event["snapshot"]
        elif event["t"] == "state" and event["room"] == room:
            assert event["v"] == kept_v
            assert event["snapshot"] == kept
            return


@pytest.fixture
async def server(tmp_path: Path) -> Any:
    # clients acting at machine speed exceed the per-connection command rate meant for
    # people (20/s, burst 40) whenever the machine is idle enough: lift it here
    async with GameServer(tmp_path, "127.0.0.1", 0,
                     session_limits=SessionLimits(rate=1e6, burst=10**6)) as srv:
        yield srv


async def test_diffs_track_a_real_game(server: GameServer) -> None:
    port = server.port
    players = [await Client.connect("127.0.0.1", port, n, ping_interval=0) for n in ("ana", "bo", "cy")]
    watcher = await Client.connect("127.0.0.1", port, "eve", role="spectate", ping_interval=0)
    clients = [*players, watcher]
    try:
        host = players[0]
        room = (await host.command(
            "create_room", game="puerto-rico", players=3, options={"edition": "classic"}
        ))["room"]
        for seat, c in enumerate(players):
            await c.command("join_room", room=room, as_="player")
            token = (await c.command("take_seat", room=room, seat=seat))["token"]
            assert isinstance(token, str) and token
            if seat:
                await c.command("ready", room=room, ready=True)
        await watcher.command("join_room", room=room, as_="spectator")
        with pytest.raises(Rejected) as info:
            await players[1].command("start", room=room)
        assert info.value.code == "not_host"
        await host.command("start", room=room)

        for _ in range(ACTIONS):
            v = max(version(c, room) for c in players)
            for c in clients:
                await asyncio.wait_for(wait_version(c, room, v), 20)  # hang guard only
            mover = next((c for c in players if c.snapshot(room)["legal"]), None)
            assert mover is not None, "nobody may act in a game without bots"
            if mover.snapshot(room)["view"]["over"]:
                break
            await mover.command("act", room=room, action=mover.snapshot(room)["legal"][-1])

        v = max(version(c, room) for c in players)
        assert v > ACTIONS // 2
        for c in clients:
            await asyncio.wait_for(wait_version(c, room, v), 20)
            await check_against_resync(c, room)
        seats = [c.snapshot(room)["seat"] for c in clients]
        assert seats == [0, 1, 2, None]
        # hidden information: a player sees only their own VP chips
        for c in players:
            chips = [p["vp_chips"] for p in c.snapshot(room)["view"]["players"]]
            mine = c.snapshot(room)["seat"]
            assert all(x is None for i, x in enumerate(chips) if i != mine)
    finally:
        for c in clients:
            await c.close()
