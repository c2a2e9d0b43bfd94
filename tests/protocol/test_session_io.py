"""The asyncio wrapper of the session against a real GameServer on loopback, and the
server as an async context manager (started on entry, stopped on exit, also on error)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from server.net.server import GameServer
from server.protocol.session import Answer, ClientSession, Event, Synced
from server.protocol.session_io import Connection, HandshakeError, Rejected
from server.store.lock import DataDirBusy

WAIT_S = 30.0  # a hang guard, not a timing assertion
ELSEWHERE = ("127.0.0.2", 0)  # another machine, for the server


class Recorder(Connection):
    def __init__(self, *args: object, **kwargs: object) -> None:
        self.seen: list[Event] = []
        self.ended: str | None = None
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def on_event(self, event: Event) -> None:
        self.seen.append(event)

    def on_closed(self, reason: str) -> None:
        self.ended = reason


async def test_commands_answers_and_snapshots_over_a_real_socket(tmp_path: Path) -> None:
    async with GameServer(tmp_path) as server:
        ana = await Recorder.connect("127.0.0.1", server.port, "ana", timeout=WAIT_S)
        assert ana.welcome["t"] == "welcome" and ana.welcome["name"] == "ana"
        await ana.until(lambda: any(e.msg["t"] == "lobby" for e in ana.seen), WAIT_S)
        room = (await ana.command("create_room", game="san-juan", players=2,
                                  options={}, timeout=WAIT_S))["room"]
        await ana.command("join_room", room=room, as_="player", timeout=WAIT_S)
        with pytest.raises(Rejected) as refused:
            await ana.command("take_seat", room=room, seat=9, timeout=WAIT_S)
        assert refused.value.code and refused.value.reason
        answer = await ana.request("take_seat", room=room, seat=0, timeout=WAIT_S)
        assert isinstance(answer, Answer) and answer.ok and answer.t == "take_seat"
        await ana.command("add_bot", room=room, seat=1, level="random", timeout=WAIT_S)
        await ana.command("start", room=room, timeout=WAIT_S)
        synced = await ana.until(lambda: ana.session.snapshot(room), WAIT_S)
        assert any(isinstance(e, Synced) and e.room == room for e in ana.seen)
        assert synced == ana.session.rooms[room].snapshot
        await ana.command("leave_room", room=room, timeout=WAIT_S)
        assert ana.session.snapshot(room) is None
        await ana.close()
        assert ana.closed and ana.ended == "closed by client"


async def test_a_refused_hello_raises_unless_asked_not_to(tmp_path: Path) -> None:
    async with GameServer(tmp_path) as server:
        first = await Connection.connect("127.0.0.1", server.port, "ana", timeout=WAIT_S)
        with pytest.raises(HandshakeError) as refused:
            await Connection.connect("127.0.0.1", server.port, "ana", timeout=WAIT_S,
                                     local_addr=ELSEWHERE)
        assert refused.value.code == "name_taken"
        kept = await Connection.connect("127.0.0.1", server.port, "ana", timeout=WAIT_S,
                                        local_addr=ELSEWHERE,
                                        session=ClientSession(), refused_ok=True)
        assert kept.welcome["t"] == "error" and kept.welcome["code"] == "name_taken"
        await kept.close()
        await first.close()


async def test_leaving_the_block_stops_the_server_and_says_bye(tmp_path: Path) -> None:
    async with GameServer(tmp_path) as server:
        ana = await Recorder.connect("127.0.0.1", server.port, "ana", timeout=WAIT_S)
        port = server.port
    await ana.until(lambda: ana.closed or None, WAIT_S)
    assert ana.ended is not None and ana.ended.startswith("bye")
    assert server.store is None  # flushed and closed
    with pytest.raises(OSError):
        await asyncio.open_connection("127.0.0.1", port)


async def test_an_error_in_the_block_still_stops_the_server(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="boom"):
        async with GameServer(tmp_path) as server:
            port = server.port
            raise RuntimeError("boom")
    assert server.store is None
    with pytest.raises(OSError):
        await asyncio.open_connection("127.0.0.1", port)
    async with GameServer(tmp_path, if_busy="fail") as again:  # the data folder is free
        assert not again.private


async def test_a_server_that_cannot_start_raises_on_entry(tmp_path: Path) -> None:
    async with GameServer(tmp_path):
        with pytest.raises(DataDirBusy):
            async with GameServer(tmp_path, if_busy="fail"):
                raise AssertionError("not reached")
