"""Replays of many finished games cost the server bounded memory and never its loop.

Sixteen connections replaying many finished games took the server from 36 to 323 MB
and every game's action p99 to 0.9 s. Now a replay is built on a worker thread, the
server holds a bounded number of built replays, an answer carries a bounded log, and
each address has a budget of `replay` commands. Real games, played out and stored in a
real SQLite file, replayed over real sockets.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from server.net import replay as replays
from server.net.server import GameServer
from server.protocol import limits
from server.protocol.framing import encode_frame
from server.tools.seedgames import seed_data_dir
from tests.net.client import GUARD_S, Client

GAMES = replays.MAX_REPLAYS_HELD + 3


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database of GAMES five-player games played to their end (made once)."""
    folder = tmp_path_factory.mktemp("archive")
    seed_data_dir(folder, finished=GAMES, real=GAMES)
    return folder / "prtui.sqlite3"


@pytest.fixture
async def srv(archive: Path, tmp_path: Path) -> AsyncIterator[GameServer]:
    (tmp_path / archive.name).write_bytes(archive.read_bytes())
    async with GameServer(tmp_path) as server:
        yield server


async def until(pred: Callable[[], bool]) -> None:
    async def poll() -> None:
        while not pred():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), GUARD_S)


async def finished(c: Client) -> list[str]:
    page = await c.ok("list_rooms", status="over", limit=GAMES)
    return [r["id"] for r in page["rooms"]]


async def test_a_replay_is_built_off_the_event_loop(srv: GameServer) -> None:
    """With the builder thread held busy, a first replay waits while the server goes on
    answering everything else; once the thread is free, it is answered."""
    c = await Client.connect(srv.port, "historian")
    room = (await finished(c))[0]
    gate = threading.Event()
    replays.builder().submit(gate.wait, GUARD_S)
    try:
        c.send({"t": "replay", "id": 101, "room": room, "step": 0})
        assert (await c.cmd("list_games"))["t"] == "ack"
        assert (await c.cmd("list_rooms"))["t"] == "ack"
        assert not any(f.get("id") == 101 for f in c.frames)  # still being built
    finally:
        gate.set()
    answer = await c.wait_for(lambda f: f.get("id") == 101)
    assert answer["t"] == "ack" and answer["data"]["steps"] > 0
    await c.close()


async def test_a_replay_answer_carries_a_bounded_log(srv: GameServer) -> None:
    c = await Client.connect(srv.port, "historian")
    room = (await finished(c))[0]
    steps = (await c.ok("replay", room=room, step=0))["steps"]
    end = await c.ok("replay", room=room, step=steps)
    lines = end["snapshot"]["log"]
    assert len(lines) == limits.REPLAY_LOG_LINES  # the game said more: the newest are sent
    numbers = [e["n"] for e in lines]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers))) and numbers[0] > 0
    assert len(encode_frame({"t": "ack", "id": 1, "data": end})) < 256 * 1024
    await c.close()


async def test_the_server_holds_only_a_few_built_replays(srv: GameServer) -> None:
    c = await Client.connect(srv.port, "historian")
    rooms = await finished(c)
    assert len(rooms) == GAMES
    for room in rooms:
        await c.ok("replay", room=room, step=1)
    assert srv.lobby is not None
    lobby = srv.lobby

    def held() -> int:
        return sum(r.replay is not None for r in lobby.rooms.values())

    await until(lambda: held() <= replays.MAX_REPLAYS_HELD)
    assert lobby.rooms[rooms[-1]].replay is not None  # the newest used are the ones kept
    assert lobby.rooms[rooms[0]].replay is None
    await c.close()


async def test_replays_are_rate_limited_per_address(srv: GameServer) -> None:
    clients = [await Client.connect(srv.port, f"viewer{i}") for i in range(2)]
    for c in clients:
        c.backoff = False  # see the refusals
    room = (await finished(clients[0]))[0]
    asks = 3 * limits.REPLAY_BURST
    answers = await asyncio.gather(*(
        clients[i % 2].cmd("replay", room=room, step=i % 5) for i in range(asks)))
    refused = [a for a in answers if a["t"] == "reject"]
    assert refused and all(a["code"] == "rate_limited" for a in refused)
    assert len(refused) < asks
    other = await Client.connect(srv.port, "other", source="127.0.0.2")
    other.backoff = False
    assert (await other.cmd("replay", room=room, step=3))["t"] == "ack"
    for c in (*clients, other):
        await c.close()
