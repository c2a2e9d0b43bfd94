from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from server.net.server import GameServer
from tests.net import toygame

toygame.register()


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[GameServer]:
    async with GameServer(tmp_path, "127.0.0.1", 0) as srv:
        yield srv
