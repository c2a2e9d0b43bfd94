"""prtui.netclient told `rate_limited` pauses and sends the command again, as
docs/protocol.md asks, instead of failing: a replay screen stepping as fast as a held
key repeats, or a test polling the lobby, never sees the refusal nor gets closed for
flooding. Real server on 127.0.0.1, strict on purpose."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from prtui.netclient import Client
from server.net.server import GameServer
from server.net.session import SessionLimits


@pytest.fixture
async def strict_server(tmp_path: Path) -> AsyncIterator[GameServer]:
    async with GameServer(tmp_path, "127.0.0.1", 0, session_limits=SessionLimits(rate=10.0, burst=10)) as srv:
        yield srv


async def test_commands_past_the_rate_are_sent_again_not_failed(strict_server: GameServer) -> None:
    client = await Client.connect("127.0.0.1", strict_server.port, "ana", ping_interval=0)
    try:
        for _ in range(35):  # 3.5 times the burst, at machine speed
            assert (await client.command("list_rooms"))["rooms"] == []
        assert client.rate_limited > 0, "the strict server should have refused some"
        assert not client.closed
    finally:
        await client.close()
