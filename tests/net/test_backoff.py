"""Clients that are told `rate_limited` pause and send again (docs/protocol.md), so a
test that asks many quick questions passes however fast the machine is. The server
here is strict on purpose: the same questions at machine speed are refused at once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from server.net.server import GameServer
from server.net.session import SessionLimits
from tests.net.client import Client
from tests.net.test_rooms import make_table, play_out

STRICT = SessionLimits(rate=10.0, burst=10)
"""Half the real rate, a quarter of the real burst: any quick loop meets the limit."""


@pytest.fixture
async def strict_server(tmp_path: Path) -> AsyncIterator[GameServer]:
    async with GameServer(tmp_path, "127.0.0.1", 0, session_limits=STRICT) as srv:
        yield srv


async def test_test_client_backs_off_on_rate_limited(strict_server: GameServer) -> None:
    port = strict_server.port
    room, clients, _tokens = await make_table(port, humans=2, cards=3)
    await play_out(room, clients)
    spec = await Client.connect(port, "eve", role="spectate")
    steps = (await spec.ok("replay", room=room, step=0))["steps"]
    for i in range(30):  # three times the burst, as fast as the socket goes
        data = await spec.ok("replay", room=room, step=i % (steps + 1))
        assert data["step"] == i % (steps + 1)
    refused = [f for f in spec.frames if f["t"] == "reject" and f["code"] == "rate_limited"]
    assert refused, "the strict server should have refused some of those"
    assert not spec.closed
    assert not [f for f in spec.frames if f["t"] == "error"]
    for c in [*clients, spec]:
        await c.close()
