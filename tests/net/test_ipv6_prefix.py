"""Per-address limits count an IPv6 client by its /64 (server/net/addresses.py), and the
open-room ceiling is hard (server/net/upkeep.py).

One home gets a whole IPv6 /64 and may use any of its addresses: twelve browser tabs
from one /64 all started under a cap of 8, and the 1,000-room cap admitted one more
room per fresh address. Loopback has no second IPv6 /64 to connect from, so the IPv6
clients here are the ones a gateway relays, with the game server's own proof, exactly
as an SSH or browser player's child connects.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from server.net import addresses
from server.net.addresses import limit_key, set_ipv6_prefix
from server.net.server import GameServer
from server.net.upkeep import RoomPolicy
from tests.net.client import Client


@pytest.fixture
def prefix_64() -> Iterator[None]:
    before = addresses.IPV6_PREFIX
    set_ipv6_prefix(64)
    yield
    set_ipv6_prefix(before)


def test_the_key_of_an_address(prefix_64: None) -> None:
    assert limit_key("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64"
    assert limit_key("2001:db8:1:2:ffff::9") == limit_key("2001:db8:1:2::1")
    assert limit_key("2001:db8:1:3::1") != limit_key("2001:db8:1:2::1")
    assert limit_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert limit_key("::1") == "::1"  # this machine's own sessions are told apart elsewhere
    set_ipv6_prefix(128)
    assert limit_key("2001:db8:1:2:aaaa::1") == "2001:db8:1:2:aaaa::1"
    set_ipv6_prefix(56)
    assert limit_key("2001:db8:1:2ff::1") == "2001:db8:1:200::/56"
    with pytest.raises(ValueError):
        set_ipv6_prefix(8)


async def test_connections_from_one_ipv6_64_share_one_count(
    tmp_path: Path, prefix_64: None
) -> None:
    server = GameServer(tmp_path, max_per_address=3)
    await server.start()
    clients: list[Client] = []
    try:
        for n in range(1, 5):  # four addresses of one /64, the limit 3
            peer = f"2001:db8:7:7::{n:x}"
            clients.append(await Client.connect(
                server.port, f"p{n}", peer=(peer, server.relay_proof(peer))))
        said = [c.session.welcome.get("t") if c.session.welcome else None for c in clients]
        assert said[:3] == ["welcome"] * 3
        assert clients[3].session.welcome is not None
        assert clients[3].session.welcome.get("code") == "too_many_connections"
        assert server.connections_from("2001:db8:7:7::99") == 3
        other = "2001:db8:7:8::1"  # the next /64 is another home
        clients.append(await Client.connect(
            server.port, "q", peer=(other, server.relay_proof(other))))
        assert clients[-1].session.welcome is not None
        assert clients[-1].session.welcome.get("t") == "welcome"
    finally:
        for c in clients:
            await c.close()
        await server.stop()


async def test_rooms_from_one_ipv6_64_share_the_address_caps(
    tmp_path: Path, prefix_64: None
) -> None:
    server = GameServer(tmp_path, room_policy=RoomPolicy(per_address=2))
    await server.start()
    clients: list[Client] = []
    try:
        answers = []
        for n in range(1, 4):
            peer = f"2001:db8:5:5::{n:x}"
            c = await Client.connect(server.port, f"h{n}", peer=(peer, server.relay_proof(peer)))
            clients.append(c)
            made = await c.cmd("create_room", game="nettoy", players=2, options={})
            answers.append(made.get("code") or made["t"])
        assert answers == ["ack", "ack", "too_many_waiting_rooms"]
    finally:
        for c in clients:
            await c.close()
        await server.stop()


async def test_the_open_room_ceiling_is_hard(tmp_path: Path) -> None:
    """One new address after another used to get one room each beyond the cap."""
    cap = 3
    server = GameServer(tmp_path, max_rooms=cap, room_policy=RoomPolicy(
        empty_s=3600, abandoned_s=3600))
    await server.start()
    clients: list[Client] = []
    try:
        answers = []
        for n in range(2, 8):  # six addresses, one room each
            c = await Client.connect(server.port, f"n{n}", source=f"127.0.0.{n}")
            clients.append(c)
            made = await c.cmd("create_room", game="nettoy", players=2, options={})
            answers.append(made.get("code") or made["t"])
        assert answers == ["ack"] * cap + ["too_many_rooms"] * 3
        assert server.lobby is not None
        assert sum(r.rec.status != "over" for r in server.lobby.rooms.values()) == cap
    finally:
        for c in clients:
            await c.close()
        await server.stop()
