"""Room spam: a few waiting rooms per connection and per address; unused rooms close.

Ten connections once made 988 empty rooms in seven seconds, and from then on everyone
got `too_many_rooms`, even after a restart. The expiry times are made short here (the
defaults are in server/protocol/limits.py); the test waits for the server to act, with
a hang guard, and never measures time.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from server.net.server import GameServer
from server.net.upkeep import RoomPolicy
from server.protocol import limits
from server.store.sqlite import SqliteStore
from server.tools.seedgames import seed_waiting
from tests.net.client import Client

QUICK = RoomPolicy(empty_s=0.3, abandoned_s=0.6, sweep_s=0.05)
NEVER = RoomPolicy(empty_s=3600, abandoned_s=3600)
PER = limits.WAITING_ROOMS_PER_CONNECTION


async def serve(tmp_path: Path, policy: RoomPolicy, **kw: object) -> GameServer:
    srv = GameServer(tmp_path, room_policy=policy, **kw)  # type: ignore[arg-type]
    await srv.start()
    return srv


@pytest.fixture
async def slow_expiry(tmp_path: Path) -> AsyncIterator[GameServer]:
    srv = await serve(tmp_path, NEVER)
    try:
        yield srv
    finally:
        await srv.stop()


async def create(c: Client) -> dict[str, object]:
    return await c.cmd("create_room", game="nettoy", players=2, options={})


async def listed(c: Client) -> set[str]:
    return {r["id"] for r in (await c.ok("list_rooms"))["rooms"]}


async def test_one_connection_holds_only_a_few_waiting_rooms(slow_expiry: GameServer) -> None:
    c = await Client.connect(slow_expiry.port, "spammer")
    made = [(await create(c))["data"]["room"] for _ in range(PER)]  # type: ignore[index]
    r = await create(c)
    assert r["t"] == "reject" and r["code"] == "too_many_waiting_rooms", r
    assert str(PER) in r["reason"]
    # starting one frees a place
    await c.ok("join_room", room=made[0], as_="player")
    await c.ok("take_seat", room=made[0], seat=0)
    await c.ok("add_bot", room=made[0], seat=1, level="random")
    await c.ok("start", room=made[0])
    assert (await create(c))["t"] == "ack"
    assert (await create(c))["t"] == "reject"
    # so does leaving a room empty (it closes at once: no human sits in it)
    await c.ok("join_room", room=made[1], as_="player")
    await c.ok("leave_room", room=made[1])
    assert (await create(c))["t"] == "ack"
    await c.close()


async def test_an_address_holds_only_a_few_even_over_many_connections(
    slow_expiry: GameServer,
) -> None:
    spam = [await Client.connect(slow_expiry.port, f"spam{i}") for i in range(4)]
    answers = [await create(c) for c in spam]
    assert [a["t"] for a in answers] == ["ack"] * limits.WAITING_ROOMS_PER_ADDRESS + ["reject"]
    assert answers[-1]["code"] == "too_many_waiting_rooms"
    assert "address" in answers[-1]["reason"]
    # the address keeps its rooms after its connections go: no new ones by reconnecting
    for c in spam:
        await c.close()
    again = await Client.connect(slow_expiry.port, "spam again")
    assert (await create(again))["code"] == "too_many_waiting_rooms"
    await again.close()


async def test_rooms_nobody_uses_expire_and_the_limits_free(tmp_path: Path) -> None:
    many = RoomPolicy(per_address=100, empty_s=QUICK.empty_s, sweep_s=QUICK.sweep_s)
    srv = await serve(tmp_path, many, max_rooms=PER + 2)  # its last place kept for newcomers
    try:
        a = await Client.connect(srv.port, "a")
        made = [(await create(a))["data"]["room"] for _ in range(PER)]  # type: ignore[index]
        assert (await create(a))["code"] == "too_many_waiting_rooms"
        # a room someone sits in stays; the never-joined ones close by themselves
        b = await Client.connect(srv.port, "b")
        await b.ok("join_room", room=made[0], as_="player")
        mark = len(a.frames)
        await a.wait_for(lambda f: f["t"] == "lobby" and set(made[1:]).isdisjoint(
            r["id"] for r in f["rooms"]), mark)
        assert made[0] in await listed(a)
        assert srv.store is not None
        assert [srv.store.load_room(r) for r in made[1:]] == [None] * (PER - 1)
        # the connection may create again, and the server is not "full" for good
        more = [await create(a) for _ in range(PER - 1)]
        assert [r["t"] for r in more] == ["ack"] * (PER - 1)
        assert (await create(b))["t"] == "ack"
        full = await create(b)
        assert full["code"] == "too_many_rooms", full
        await a.close()
        await b.close()
        c = await Client.connect(srv.port, "c")
        await c.wait_for(lambda f: f["t"] == "lobby" and not f["rooms"])
        assert (await create(c))["t"] == "ack"
        await c.close()
    finally:
        await srv.stop()


async def test_a_seated_players_room_waits_longer_then_its_token_stops(tmp_path: Path) -> None:
    srv = await serve(tmp_path, QUICK)
    try:
        a = await Client.connect(srv.port, "a")
        room = (await create(a))["data"]["room"]  # type: ignore[index]
        await a.ok("join_room", room=room, as_="player")
        token = (await a.ok("take_seat", room=room, seat=0))["token"]
        await a.close()  # disconnected: the seat is kept for a while
        watcher = await Client.connect(srv.port, "watcher")
        await watcher.wait_for(lambda f: f["t"] == "lobby" and not f["rooms"])
        late = await Client.connect(srv.port, "a", token=token)
        assert late.welcome["t"] == "error" and late.welcome["code"] == "bad_token"
        await watcher.close()
    finally:
        await srv.stop()


async def test_stale_empty_rooms_do_not_survive_a_restart(tmp_path: Path) -> None:
    from server.net.server import DB_NAME

    store = SqliteStore(tmp_path / DB_NAME)
    stale = seed_waiting(store, 20)  # e.g. left by spammers before the last restart
    store.close()
    srv = await serve(tmp_path, QUICK)
    try:
        c = await Client.connect(srv.port, "c")
        await c.wait_for(lambda f: f["t"] == "lobby" and not f["rooms"])
        assert srv.store is not None
        assert all(srv.store.load_room(r) is None for r in stale)
        await c.close()
    finally:
        await srv.stop()


async def relayed(srv: GameServer, name: str, address: str) -> Client:
    """A client as an SSH session's child connects: from loopback, vouched for `address`."""
    c = await Client.connect(srv.port, name, peer=(address, srv.relay_proof(address)))
    assert c.welcome["t"] == "welcome", c.welcome
    return c


async def test_ssh_players_count_against_their_own_addresses(slow_expiry: GameServer) -> None:
    per = limits.WAITING_ROOMS_PER_ADDRESS
    ann = [await relayed(slow_expiry, f"ann{i}", "10.1.2.3") for i in range(per + 1)]
    bob = [await relayed(slow_expiry, f"bob{i}", "10.1.2.4") for i in range(per)]
    local = await Client.connect(slow_expiry.port, "local")
    assert [(await create(c))["t"] for c in ann] == ["ack"] * per + ["reject"]
    assert [(await create(c))["t"] for c in bob] == ["ack"] * per
    assert (await create(local))["t"] == "ack"
    for c in (*ann, *bob, local):
        await c.close()
