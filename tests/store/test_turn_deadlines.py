"""Turn-based tables' part of the store (server/store/turns.py) on a real SQLite file: a
version-1 file gains the tables on open (schema version 2), a move and its deadlines are
one commit, and a forfeit is kept with the room's options."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from server.store.base import ActionRecord, RoomRecord, SeatRecord
from server.store.health import SCHEMA_VERSION
from server.store.sqlite import SqliteStore


def a_room(store: SqliteStore) -> None:
    store.create_room(RoomRecord(id="tb", game="nettoy", players=2, options={"turn_hours": 24.0},
                                 seed=1, name="t", host="ana", status="playing",
                                 seats=[SeatRecord(0, "human", "ana"), SeatRecord(1, "human", "bea")],
                                 rules_version=1))


def test_a_version_1_file_gains_the_turn_tables(tmp_path: Path) -> None:
    db = tmp_path / "prtui.sqlite3"
    SqliteStore(db).close()
    con = sqlite3.connect(db)
    con.executescript("DROP TABLE turn_deadlines; DROP TABLE forfeits; PRAGMA user_version=1;")
    con.close()
    store = SqliteStore(db)
    a_room(store)
    store.save_deadlines("tb", {0: 100.0})
    assert store.deadlines("tb") == {0: 100.0}
    store.close()
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    assert SCHEMA_VERSION >= 2
    con.close()


def test_a_move_and_its_deadlines_are_one_commit(tmp_path: Path) -> None:
    db = tmp_path / "prtui.sqlite3"
    store = SqliteStore(db)
    a_room(store)
    store.append_turn("tb", ActionRecord(0, 0, {"type": "draw"}), {1: 200.0})
    with pytest.raises(sqlite3.IntegrityError):  # move 0 again: neither part is written
        store.append_turn("tb", ActionRecord(0, 1, {"type": "pass"}), {0: 300.0})
    assert store.deadlines("tb") == {1: 200.0}
    store.forfeit("tb", 1, 250.0, {"turn_hours": 24.0, "rated": "off"})
    store.close()
    store = SqliteStore(db)  # what a restart reads
    assert [(a.n, a.seat) for a in store.load_actions("tb")] == [(0, 0)]
    assert store.deadlines("tb") == {}  # the forfeited seat owes nothing
    assert store.forfeits("tb") == {1}
    assert store.load_room("tb") is not None
    assert store.load_room("tb").options["rated"] == "off"  # type: ignore[union-attr]
    store.close()
