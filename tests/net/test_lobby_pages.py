"""Ten thousand finished games: the lobby stays one small page, older games page in.

A real SQLite file is filled through the store API (server/tools/seedgames.py) once
per module and copied for each test; the oldest game was really played and replays.
Before pages, this lobby was one frame over the 4 MiB limit and every new client got
``welcome`` then ``frame_too_large``.
"""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import msgpack
import pytest

from server.net.server import DB_NAME, GameServer
from server.net.session import SessionLimits
from server.net.upkeep import RoomPolicy
from server.protocol import limits
from server.protocol import messages as m
from server.store.sqlite import SqliteStore
from server.tools.probe import Probe
from server.tools.seedgames import seed_finished
from tests.net.client import GUARD_S, Client
from tests.net.test_rooms import make_table, play_out

FINISHED = 10_000
PAGE = limits.LOBBY_PAGE_BYTES


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    path = tmp_path_factory.mktemp("finished") / DB_NAME
    store = SqliteStore(path)
    ids = seed_finished(store, FINISHED, real=1)
    store.close()
    return path, ids


@pytest.fixture
async def srv(tmp_path: Path, seeded: tuple[Path, list[str]]) -> AsyncIterator[GameServer]:
    shutil.copy(seeded[0], tmp_path / DB_NAME)
    async with GameServer(tmp_path, session_limits=SessionLimits(rate=1000, burst=1000)) as server:
        yield server


def size(frame: dict[str, Any]) -> int:
    """The body size of a frame as the server packs it."""
    return len(msgpack.packb(frame, use_bin_type=True))


async def first_frames(port: int) -> tuple[dict[str, Any], int, dict[str, Any]]:
    """What a new client receives first: the welcome, then the lobby (and its body bytes)."""
    probe = await Probe.connect("127.0.0.1", port, "newcomer", timeout=GUARD_S)
    lobby = await probe.until(lambda: probe.latest.get("lobby"), GUARD_S)
    await probe.close()
    return probe.welcome, lobby.size, lobby.msg


async def test_a_new_client_gets_one_small_lobby_page(srv: GameServer) -> None:
    welcome, n, lobby = await first_frames(srv.port)
    assert welcome["t"] == "welcome"
    assert lobby["t"] == "lobby", lobby
    assert n < PAGE
    assert lobby["counts"] == {"waiting": 0, "playing": 0, "over": FINISHED}
    assert lobby["more"] is True
    rooms = lobby["rooms"]
    assert 50 <= len(rooms) <= limits.LOBBY_PAGE_ROOMS
    assert [r["status"] for r in rooms] == ["over"] * len(rooms)
    created = [r["created"] for r in rooms]
    assert created == sorted(created, reverse=True)  # the newest finished games


async def test_open_rooms_come_first_then_the_newest_finished(srv: GameServer) -> None:
    c = await Client.connect(srv.port, "host")
    waiting = (await c.ok("create_room", game="nettoy", players=2, options={}))["room"]
    room, players, _ = await make_table(srv.port, humans=1, bots=1, cards=50)
    page = await c.ok("list_rooms")
    assert [r["id"] for r in page["rooms"][:2]] == [waiting, room]
    assert [r["status"] for r in page["rooms"][:2]] == ["waiting", "playing"]
    assert page["counts"] == {"waiting": 1, "playing": 1, "over": FINISHED}
    assert size(m.ack(1, page)) < PAGE
    # the game that ends now is counted and listed among the finished ones
    await play_out(room, players)
    await c.wait_for(lambda f: f["t"] == "lobby" and f["counts"]["over"] == FINISHED + 1)
    page = await c.ok("list_rooms")
    finished = [r["id"] for r in page["rooms"] if r["status"] == "over"]
    assert room in finished
    for x in (c, *players):
        await x.close()


async def test_paging_reaches_the_oldest_game_and_it_replays(
    srv: GameServer, seeded: tuple[Path, list[str]]
) -> None:
    ids = seeded[1]
    c = await Client.connect(srv.port, "historian")
    seen: list[str] = []
    before = None
    while True:
        answer = await c.cmd("list_rooms", status="over", before=before, limit=500)
        assert answer["t"] == "ack", answer
        assert size(answer) < PAGE
        page = answer["data"]
        assert 0 < len(page["rooms"]) <= limits.LOBBY_PAGE_ROOMS  # a limit above is lowered
        seen += [r["id"] for r in page["rooms"]]
        before = page["next"]
        if before is None:
            break
    assert seen == ids  # every finished game once, newest first
    oldest = ids[-1]
    first = await c.ok("replay", room=oldest, step=0)
    assert first["steps"] > 50 and not first["snapshot"]["view"]["over"]
    last = await c.ok("replay", room=oldest, step=first["steps"])
    assert last["snapshot"]["view"]["over"]
    assert last["snapshot"]["legal"] == [] and last["snapshot"]["seat"] is None
    # finished games stay in the store, loaded only while used
    assert srv.store is not None and srv.store.count_rooms("over") == FINISHED
    await c.close()


async def test_search_finds_an_old_game_by_a_player_name(
    srv: GameServer, seeded: tuple[Path, list[str]]
) -> None:
    oldest = seeded[1][-1]
    c = await Client.connect(srv.port, "historian")
    name = f"Carla {oldest[-4:]}"
    page = await c.ok("list_rooms", status="over", search=name.upper())
    assert [r["id"] for r in page["rooms"]] == [oldest] and page["next"] is None
    assert (await c.ok("list_rooms", status="over", search="100%_"))["rooms"] == []
    await c.close()


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"before": "1.0/x"}, "need 'status'"),
        ({"status": "over", "before": "yesterday"}, "'before'"),
        ({"status": "over", "limit": 0}, "'limit'"),
        ({"status": "finished"}, "'status'"),
    ],
)
async def test_bad_paging_is_refused_with_the_field_named(
    srv: GameServer, fields: dict[str, Any], reason: str
) -> None:
    c = await Client.connect(srv.port, "historian")
    r = await c.cmd("list_rooms", **fields)
    assert r["t"] == "reject" and r["code"] == "bad_value" and reason in r["reason"], r
    await c.close()


async def test_finished_games_are_loaded_only_while_used(
    tmp_path: Path, seeded: tuple[Path, list[str]]
) -> None:
    shutil.copy(seeded[0], tmp_path / DB_NAME)
    policy = RoomPolicy(finished_loaded=2, sweep_s=0.05)
    server = GameServer(tmp_path, session_limits=SessionLimits(rate=1000, burst=1000),
                        room_policy=policy)
    await server.start()
    try:
        assert server.lobby is not None and not server.lobby.rooms  # none loaded at start
        c = await Client.connect(server.port, "historian")
        old = seeded[1][-6:]
        for rid in old:
            assert (await c.ok("replay", room=rid, step=0))["steps"] >= 0
        lobby = server.lobby

        def loaded() -> set[str]:
            return {rid for rid, r in lobby.rooms.items() if r.rec.status == "over"}

        async def settle() -> None:
            for _ in range(int(GUARD_S / 0.01)):  # a hang guard, not a timing assertion
                if len(loaded()) <= policy.finished_loaded:
                    return
                await asyncio.sleep(0.01)
            raise AssertionError(f"still loaded: {loaded()}")

        await settle()
        assert loaded() <= set(old[-2:])  # the least recently replayed went first
        assert (await c.ok("replay", room=old[0], step=0))["steps"] >= 0  # loads again
        await c.close()
    finally:
        await server.stop()
