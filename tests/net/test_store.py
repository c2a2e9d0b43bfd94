"""The SQLite store on real files, and a server restart that brings every room back."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from server.net.server import DB_NAME, GameServer
from server.store.base import ActionRecord, RoomRecord, SeatRecord
from server.store.sqlite import SqliteStore
from tests.net.client import Client
from tests.net.test_rooms import make_table, play_out


def test_store_round_trip_and_append_only_log(tmp_path: Path) -> None:
    db = tmp_path / "x.sqlite3"
    store = SqliteStore(db)
    store.create_room(RoomRecord("r1", "nettoy", 2, {"cards": 3}, 42, "t", "ana",
                                 created=1.0, seats=[SeatRecord(0), SeatRecord(1)]))
    store.save_seat("r1", SeatRecord(0, "human", "ana", None, "ab" * 32))
    store.append_action("r1", ActionRecord(0, 0, {"type": "draw"}))
    with pytest.raises(sqlite3.IntegrityError):
        store.append_action("r1", ActionRecord(0, 1, {"type": "pass"}))
    store.set_status("r1", "over", {"winners": [0]})
    store.close()
    again = SqliteStore(db)  # a fresh process would see the same
    (room,) = again.load_rooms()
    assert (room.id, room.seed, room.status, room.result) == ("r1", 42, "over", {"winners": [0]})
    assert room.seats[0] == SeatRecord(0, "human", "ana", None, "ab" * 32)
    assert again.load_actions("r1") == [ActionRecord(0, 0, {"type": "draw"})]
    assert again._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    again.delete_room("r1")
    assert again.load_rooms() == [] and again.load_actions("r1") == []
    again.close()


async def test_restart_brings_back_waiting_playing_and_finished_rooms(tmp_path: Path) -> None:
    srv = GameServer(tmp_path)
    port = await srv.start()
    done, players, _ = await make_table(port, humans=2, cards=6)
    await play_out(done, players)
    final_log = players[0].snap["log"]
    live, (a, b), tokens = await make_table(port, humans=2, cards=30, grace_s=600)
    await a.ok("act", room=live, action={"type": "draw"})
    await b.wait_for(lambda f: b.v == 1)
    view_b = b.snap["view"]
    host = await Client.connect(port, "host")
    waiting = (await host.ok("create_room", game="nettoy", players=3, options={}))["room"]
    await host.ok("join_room", room=waiting, as_="player")
    await host.ok("take_seat", room=waiting, seat=1)
    await srv.stop()
    assert (tmp_path / DB_NAME).exists()

    async with GameServer(tmp_path) as srv:
        port = srv.port
        c = await Client.connect(port, "eve", role="spectate")
        rooms = {r["id"]: r for r in (await c.ok("list_rooms"))["rooms"]}
        assert {rid: r["status"] for rid, r in rooms.items()} == {
            done: "over", live: "playing", waiting: "waiting"}
        assert rooms[waiting]["seats"][1]["kind"] == "human"
        assert not rooms[live]["seats"][1]["connected"]
        await c.ok("join_room", room=done, as_="spectator")
        st = await c.wait_for(lambda f: f["t"] == "state")
        assert st["snapshot"]["view"]["over"] and st["snapshot"]["log"] == [
            {"n": x["n"], "text": x["text"].split(" (+")[0]} for x in final_log]
        b2 = await Client.connect(port, "bea", token=tokens[1])
        st = await b2.wait_for(lambda f: f["t"] == "state")
        assert st["v"] == 1 and st["snapshot"]["view"] == view_b and st["snapshot"]["legal"]
        await b2.ok("act", room=live, action={"type": "pass"})
        await c.close()
        await b2.close()


async def test_a_failed_write_changes_nothing_and_is_rejected(server: GameServer) -> None:
    room, (a, b), _ = await make_table(server.port, humans=2, cards=20)
    await a.ok("act", room=room, action={"type": "draw"})
    await b.wait_for(lambda f: b.v == 1)
    before = b.snap
    assert server.store is not None
    server.store._db.execute("PRAGMA query_only=ON")  # every write now fails
    mark = len(b.frames)
    r = await b.cmd("act", room=room, action={"type": "draw"})
    assert r["t"] == "reject" and r["code"] == "internal"
    st = await b.wait_for(lambda f: f["t"] == "state", mark)
    assert st["v"] == 1 and st["snapshot"]["view"] == before["view"]
    server.store._db.execute("PRAGMA query_only=OFF")
    await b.ok("act", room=room, action={"type": "draw"})
    await a.wait_for(lambda f: f["t"] == "diff" and f["v"] == 2)
    assert [x.n for x in server.store.load_actions(room)] == [0, 1]
    await a.close()
    await b.close()
