"""Each stored room records the rules version it was made under; a game from rules this
server cannot replay identically is refused with a clear message, never replayed
differently. On a real SQLite file, over real sockets, across a real restart."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest

from server.net.server import DB_NAME, GameServer
from server.store.base import RoomRecord, SeatRecord
from server.store.sqlite import SqliteStore
from tests.net.client import Client
from tests.net.test_rooms import make_table, play_out
from tests.net.toygame import ToyGame

OLD_SCHEMA = """CREATE TABLE rooms (id TEXT PRIMARY KEY, game TEXT NOT NULL,
    players INTEGER NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
    name TEXT NOT NULL, host TEXT, status TEXT NOT NULL, created REAL NOT NULL, result TEXT);
CREATE TABLE seats (room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT, level TEXT, token_hash TEXT,
    PRIMARY KEY (room, seat));
CREATE TABLE actions (room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    n INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (room, n));
"""


def test_a_file_from_before_rules_versions_gains_the_column_and_its_rooms_are_version_1(
    tmp_path: Path,
) -> None:
    db = tmp_path / "old.sqlite3"
    with sqlite3.connect(db) as old:  # the schema as the first release wrote it
        old.executescript(OLD_SCHEMA)
        old.execute("INSERT INTO rooms VALUES ('r0','nettoy',2,'{}',5,'t','ana','playing',1.0,NULL)")
    store = SqliteStore(db)
    store.create_room(RoomRecord("r1", "nettoy", 2, {}, 6, "u", "bea", created=2.0,
                                 seats=[SeatRecord(0), SeatRecord(1)], rules_version=7))
    store.close()
    again = SqliteStore(db)  # opening twice migrates once
    assert {r.id: r.rules_version for r in again.load_rooms()} == {"r0": 1, "r1": 7}
    again.close()


def test_a_record_made_in_code_is_made_under_todays_rules() -> None:
    """A tool or test that makes a room without saying its version gets the game's
    current one, never a stale default that would refuse its own game."""
    seats = [SeatRecord(0), SeatRecord(1)]
    made = RoomRecord("r2", "nettoy", 2, {}, 1, "t", None, seats=seats)
    assert made.rules_version == ToyGame.rules_version
    assert RoomRecord("r3", "no-such-game", 2, {}, 1, "t", None).rules_version == 1
    assert RoomRecord("r4", "nettoy", 2, {}, 1, "t", None, rules_version=9).rules_version == 9


async def test_a_game_under_incompatible_rules_is_refused_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    srv = GameServer(tmp_path)
    await srv.start()
    playing, (ana, bea), tokens = await make_table(srv.port, humans=2, cards=8)
    await ana.ok("act", room=playing, action=ana.snap["legal"][0])
    done, finishers, _ = await make_table(srv.port, humans=2, cards=3)
    await play_out(done, finishers)
    for c in (ana, bea, *finishers):
        await c.close()
    await srv.stop()
    db = sqlite3.connect(tmp_path / DB_NAME)
    assert db.execute("SELECT DISTINCT rules_version FROM rooms").fetchall() == [(1,)]
    db.close()

    # the toy's rules change in a way that would replay version-1 games differently
    monkeypatch.setattr(ToyGame, "rules_version", 2)
    monkeypatch.setattr(ToyGame, "rules_compatible_since", 2)
    caplog.set_level(logging.WARNING, logger="server.net.room")
    async with GameServer(tmp_path) as srv:
        assert any(playing in r.getMessage() and "rules version 1" in r.getMessage()
                   for r in caplog.records)
        back = await Client.connect(srv.port, "ana", token=tokens[0])
        assert back.welcome["t"] == "error" and back.welcome["code"] == "rules_changed"
        assert "rules version 1" in back.welcome["message"]
        assert "version 2" in back.welcome["message"]
        assert any("not resumed" in r.getMessage() and "seat 0" in r.getMessage()
                   for r in caplog.records)
        eve = await Client.connect(srv.port, "eve", role="spectate")
        rooms = {r["id"]: r["status"] for r in (await eve.ok("list_rooms"))["rooms"]}
        assert rooms == {playing: "playing", done: "over"}  # still listed, nothing lost
        for room in (playing, done):
            r = await eve.cmd("join_room", room=room, as_="spectator")
            assert r["t"] == "reject" and r["code"] == "rules_changed", r
            assert "cannot be started, resumed or replayed" in r["reason"]
        r = await eve.cmd("replay", room=done, step=0)
        assert r["t"] == "reject" and r["code"] == "rules_changed"
        assert (await eve.ok("list_rooms"))["rooms"]  # the refusals left the lobby usable
        # a new room is made (and recorded) under the rules of today, and plays
        fresh, players, _ = await make_table(srv.port, humans=2, cards=3)
        await play_out(fresh, players)
        with sqlite3.connect(tmp_path / DB_NAME) as db:
            assert db.execute("SELECT rules_version FROM rooms WHERE id=?",
                              (fresh,)).fetchone() == (2,)
        for c in (back, eve, *players):
            await c.close()


async def test_a_game_under_older_compatible_rules_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    srv = GameServer(tmp_path)
    await srv.start()
    playing, (ana, bea), tokens = await make_table(srv.port, humans=2, cards=8)
    await ana.ok("act", room=playing, action=ana.snap["legal"][0])
    v = ana.v
    await ana.close()
    await bea.close()
    await srv.stop()
    monkeypatch.setattr(ToyGame, "rules_version", 2)  # version 2 still replays version 1
    async with GameServer(tmp_path) as srv:
        back = await Client.connect(srv.port, "ana", token=tokens[0])
        assert back.welcome["t"] == "welcome" and back.welcome["resume"]["room"] == playing
        await back.wait_for(lambda f: f["t"] == "state")
        assert back.v == v
        await back.close()
