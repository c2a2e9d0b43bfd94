"""The name index is kept up to date without reading all of it.

Its ``room`` column is not indexed (FTS5 indexes only text), so a room's write that
deleted the room's old text by ``room`` read the whole index: 4 ms a write at 10,000
stored games, on the server's event loop, and 46 s to seed a test's 10,000 games. The
rows are now found through ``room_name_rows`` (room -> the index's rowid).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from server.store import search
from server.store.sqlite import SqliteStore
from server.tools.seedgames import seed_finished, seed_waiting

FULL_SCAN = "SCAN room_names VIRTUAL TABLE INDEX 0:"
"""SQLite's plan line for a read of the whole index (a rowid lookup ends in "0:=")."""


def plans_of_writes(store: SqliteStore, write: str, *args: object) -> list[str]:
    """SQLite's plan of every statement on the index that one store write runs."""
    db = store._db
    said: list[str] = []
    db.set_trace_callback(said.append)
    try:
        getattr(store, write)(*args)
    finally:
        db.set_trace_callback(None)
    return [row[3] for q in said if "room_names" in q and q.startswith(("DELETE", "UPDATE"))
            for row in db.execute("EXPLAIN QUERY PLAN " + q)]


def test_a_room_write_reads_only_its_own_index_rows(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "rooms.db")
    ids = seed_finished(store, 50)
    for write, args in (("set_host", (ids[7], "Zoe")), ("delete_room", (ids[8],))):
        plans = plans_of_writes(store, write, *args)
        assert plans and FULL_SCAN not in plans, (write, plans)
    store.close()


def test_the_index_follows_renames_and_deletes(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "rooms.db")
    ids = seed_finished(store, 20)
    store.set_host(ids[3], "Quetzalcoatl")
    store.delete_room(ids[4])
    found = [r.id for r in store.page_rooms("over", None, 50, "Quetzal")]
    assert found == [ids[3]]
    assert [r.id for r in store.page_rooms("over", None, 50, ids[4][-4:])] == []
    rows = store._db.execute("SELECT count(*) FROM room_name_rows").fetchone()[0]
    assert rows == store._db.execute("SELECT count(*) FROM room_names").fetchone()[0] == 19
    store.close()


def test_a_file_from_before_the_row_table_gets_it_at_open(tmp_path: Path) -> None:
    path = tmp_path / "rooms.db"
    store = SqliteStore(path)
    ids = seed_finished(store, 12)
    store.close()
    db = sqlite3.connect(path)
    db.execute("DROP TABLE room_name_rows")  # as files written before it are
    db.commit()
    db.close()
    store = SqliteStore(path)
    assert search._has_rows(store._db)
    store.set_host(ids[0], "Quetzalcoatl")
    assert [r.id for r in store.page_rooms("over", None, 50, "Quetzal")] == [ids[0]]
    names = store._db.execute("SELECT count(*) FROM room_names WHERE room = ?",
                              (ids[0],)).fetchone()[0]
    assert names == 1  # the old text went, not just the new one came
    store.close()


def test_many_writes_are_one_commit_and_none_if_one_fails(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "rooms.db")
    seed_finished(store, 5)
    try:
        with store.many():
            seed_waiting(store, 3)  # its own many() inside: joins this one
            raise RuntimeError("a failed seeding")
    except RuntimeError:
        pass
    assert len(store.load_rooms()) == 5
    seed_waiting(store, 3)
    assert len(store.load_rooms()) == 8
    store.close()
    assert len(SqliteStore(tmp_path / "rooms.db").load_rooms()) == 8  # committed
