"""Searching finished games: an indexed query, in pages, read off the event loop, and
rate-limited per address.

`list_rooms` with `search` once scanned every finished game and every seat on the event
loop: 16 clients searching put every game's action p50 at 343 ms (the figure under load
is a benchmark, `prtui bench search`; here only the behaviour is checked).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from server.net.server import GameServer
from server.protocol import limits
from server.tools.seedgames import seed_data_dir
from tests.net.client import GUARD_S, Client

FINISHED = 30


@pytest.fixture
async def srv(tmp_path: Path) -> AsyncIterator[GameServer]:
    seed_data_dir(tmp_path, finished=FINISHED)
    async with GameServer(tmp_path) as server:
        yield server


def plan(srv: GameServer, search: str) -> str:
    """SQLite's plan of the query the store runs for a search of finished games."""
    assert srv.store is not None
    db = srv.store._db
    said: list[str] = []
    db.set_trace_callback(said.append)
    try:
        srv.store.page_rooms("over", None, 5, search)
    finally:
        db.set_trace_callback(None)
    query = next(q for q in said if "FROM rooms" in q)
    return "\n".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + query))


def test_a_search_reads_the_name_index_not_every_seat(srv: GameServer) -> None:
    text = plan(srv, "Carla f000")
    assert "room_names VIRTUAL TABLE" in text, text
    assert "SCAN seats" not in text and "SCAN rooms" not in text, text


async def test_search_results_come_in_pages(srv: GameServer) -> None:
    c = await Client.connect(srv.port, "historian")
    seen: list[str] = []
    before = None
    while True:
        page = await c.ok("list_rooms", status="over", search="ana 00", limit=7, before=before)
        assert len(page["rooms"]) <= 7
        seen += [r["id"] for r in page["rooms"]]
        before = page["next"]
        if before is None:
            break
    assert len(seen) == len(set(seen)) == FINISHED  # every game once, newest first
    assert (await c.ok("list_rooms", status="over", search="Bruno 0001"))["rooms"][0][
        "id"] == "f0000001"
    await c.close()


async def test_a_search_is_read_off_the_event_loop(srv: GameServer) -> None:
    """With the reader's thread held busy, a search waits while the server goes on
    answering everything else; once the thread is free, the search is answered."""
    assert srv.store is not None and srv.store.reader is not None
    gate = threading.Event()
    srv.store.reader.pool.submit(gate.wait, GUARD_S)
    c = await Client.connect(srv.port, "historian")
    try:
        c.send({"t": "list_rooms", "id": 101, "status": "over", "search": "Carla"})
        assert (await c.cmd("list_games"))["t"] == "ack"
        assert (await c.cmd("list_rooms"))["t"] == "ack"
        assert not any(f.get("id") == 101 for f in c.frames)  # still waiting for the thread
    finally:
        gate.set()
    found = await c.wait_for(lambda f: f.get("id") == 101)
    assert found["t"] == "ack" and len(found["data"]["rooms"]) == FINISHED
    await c.close()


async def test_searches_are_rate_limited_per_address(srv: GameServer) -> None:
    clients = [await Client.connect(srv.port, f"seeker{i}") for i in range(2)]
    for c in clients:
        c.backoff = False  # see the refusals
    asks = 4 * limits.SEARCH_BURST
    answers = await asyncio.gather(*(
        clients[i % 2].cmd("list_rooms", status="over", search=f"Dmitri f{i:03x}")
        for i in range(asks)))
    refused = [a for a in answers if a["t"] == "reject"]
    assert refused and all(a["code"] == "rate_limited" for a in refused)
    assert len(refused) < asks  # the first ones were answered
    # another address is not slowed down by this one
    other = await Client.connect(srv.port, "other", source="127.0.0.2")
    other.backoff = False
    assert (await other.cmd("list_rooms", status="over", search="Eun-ji"))["t"] == "ack"
    for c in (*clients, other):
        await c.close()
