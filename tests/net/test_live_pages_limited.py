"""A page of live rooms spends the address's search budget (issue 36 item 5).

``list_rooms`` with ``status`` "waiting" or "playing" filters and sorts every open room
and packs a page of summaries on the event loop: 3.5 ms of CPU at 1,000 rooms. Only
searches were limited per address, so one address's connections, each at 20 commands
a second, could keep the loop busy for everyone. Now such a page costs a search (2 a
second, bursts of 6, per address); the first page (encoded once per change) and pages
of finished games (read on a thread of their own) stay as they were. A real server
holding real stored rooms, over real sockets.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from server.net.server import GameServer
from server.protocol import limits
from server.tools.seedgames import seed_data_dir
from tests.net.client import Client


@pytest.fixture
async def srv(tmp_path: Path) -> AsyncIterator[GameServer]:
    seed_data_dir(tmp_path, waiting=120, finished=5)
    async with GameServer(tmp_path) as server:
        yield server


async def test_pages_of_live_rooms_are_limited_per_address(srv: GameServer) -> None:
    clients = [await Client.connect(srv.port, f"pager{i}") for i in range(2)]
    for c in clients:
        c.backoff = False  # see the refusals
    asks = 3 * limits.SEARCH_BURST
    answers = await asyncio.gather(*(
        clients[i % 2].cmd("list_rooms", status=("waiting", "playing")[i % 2])
        for i in range(asks)))
    refused = [a for a in answers if a["t"] == "reject"]
    assert refused and all(a["code"] == "rate_limited" for a in refused)
    assert len(refused) < asks
    served = next(a for a in answers if a["t"] == "ack" and a["data"]["rooms"])
    assert {r["status"] for r in served["data"]["rooms"]} == {"waiting"}
    # what stays unlimited: the lobby's first page, finished games' pages
    assert (await clients[0].cmd("list_rooms"))["t"] == "ack"
    assert (await clients[0].cmd("list_rooms", status="over"))["t"] == "ack"
    other = await Client.connect(srv.port, "other", source="127.0.0.2")
    other.backoff = False
    assert (await other.cmd("list_rooms", status="waiting"))["t"] == "ack"
    for c in (*clients, other):
        await c.close()
