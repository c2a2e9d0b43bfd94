"""Watching a finished game never rebuilds it on the event loop (issue 36 item 5).

A finished game that is not in memory was rebuilt on the loop when someone joined to
watch it: about 20 ms of engine for a long game (615 moves, five players, every
expansion), every room waiting meanwhile, and a client may join one finished game after
another. Now its board is rebuilt on the replays' builder thread (server/net/replay.py)
and each such join spends the address's replay budget. Real games, played out and stored
in a real SQLite file, watched over real sockets.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from server.net import replay as replays
from server.net.server import GameServer
from server.protocol import limits
from server.tools.seedgames import seed_data_dir
from tests.net.client import GUARD_S, Client

GAMES = 3


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("archive")
    seed_data_dir(folder, finished=GAMES, real=GAMES)
    return folder / "prtui.sqlite3"


@pytest.fixture
async def srv(archive: Path, tmp_path: Path) -> AsyncIterator[GameServer]:
    (tmp_path / archive.name).write_bytes(archive.read_bytes())
    async with GameServer(tmp_path) as server:
        yield server


async def finished(c: Client) -> list[str]:
    page = await c.ok("list_rooms", status="over", limit=GAMES)
    return [r["id"] for r in page["rooms"]]


def states(c: Client, room: str) -> list[dict[str, object]]:
    return [f for f in c.frames if f["t"] == "state" and f["room"] == room]


async def test_a_finished_games_board_is_rebuilt_off_the_event_loop(srv: GameServer) -> None:
    """With the builder thread held busy, the watchers' boards wait while the server goes
    on answering everything else (before: the board came with the join, built on the
    loop); once the thread is free, each watcher still there gets the final board."""
    ana, bo, cy = [await Client.connect(srv.port, n, role="spectate")
                   for n in ("ana", "bo", "cy")]
    room = (await finished(ana))[0]
    gate = threading.Event()
    replays.builder().submit(gate.wait, GUARD_S)
    try:
        for c in (ana, bo, cy):
            await c.ok("join_room", room=room, **{"as": "spectator"})
        await cy.ok("leave_room", room=room)
        assert (await ana.cmd("list_games"))["t"] == "ack"
        assert (await bo.cmd("list_rooms"))["t"] == "ack"
        assert states(ana, room) == states(bo, room) == []  # still being built
    finally:
        gate.set()
    for c in (ana, bo):
        board = await c.wait_for(lambda f: f["t"] == "state" and f["room"] == room)
        assert board["snapshot"]["view"]["over"] and board["snapshot"]["log"]
    assert (await cy.cmd("list_games"))["t"] == "ack"  # one round trip after the build
    assert states(cy, room) == []  # it left before: nothing sent to it
    later = await Client.connect(srv.port, "di", role="spectate")
    await later.ok("join_room", room=room, **{"as": "spectator"})  # built: no wait
    assert (await later.wait_for(lambda f: f["t"] == "state"))["snapshot"]["view"]["over"]
    for c in (ana, bo, cy, later):
        await c.close()


async def test_opening_finished_games_spends_the_replay_budget(srv: GameServer) -> None:
    """A join that rebuilds a game costs what a first replay does; the burst holds two."""
    c = await Client.connect(srv.port, "browser", role="spectate")
    c.backoff = False  # see the refusals
    rooms = await finished(c)
    builds = int(limits.REPLAY_BURST // limits.REPLAY_BUILD_COST)
    answers = [await c.cmd("join_room", room=r, **{"as": "spectator"})
               for r in rooms[:builds + 1]]
    assert [a["t"] for a in answers] == ["ack"] * builds + ["reject"]
    assert answers[-1]["code"] == "rate_limited"
    other = await Client.connect(srv.port, "other", role="spectate", source="127.0.0.2")
    assert (await other.cmd("join_room", room=rooms[-1], **{"as": "spectator"}))["t"] == "ack"
    for client in (c, other):
        await client.close()
