"""Start-up backups: each open of the store copies the checked database into backups/,
the newest first, three kept; every copy is a sound database holding what was stored."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from server.store.backup import KEEP, backup_path, backups
from server.store.base import RoomRecord
from server.store.sqlite import SqliteStore


def rooms_in(db: Path) -> set[str]:
    con = sqlite3.connect(db)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return {row[0] for row in con.execute("SELECT id FROM rooms")}
    finally:
        con.close()


def open_and_add(db: Path, room_id: str) -> None:
    """One server run: open (the backup is taken), store one room, close."""
    store = SqliteStore(db)
    store.create_room(RoomRecord(room_id, "puerto-rico", 2, {}, 1, f"table {room_id}", "ana"))
    store.close()


def test_backups_rotate_and_keep_the_newest_three(tmp_path: Path) -> None:
    db = tmp_path / "prtui.sqlite3"
    for run in range(5):
        open_and_add(db, f"r{run}")
        assert len(backups(db)) == min(run + 1, KEEP)
    assert KEEP == 3
    assert backups(db) == [backup_path(db, age) for age in (1, 2, 3)]
    # taken at each start, before that run's room: run 4's backup holds r0..r3
    assert rooms_in(backup_path(db, 1)) == {"r0", "r1", "r2", "r3"}
    assert rooms_in(backup_path(db, 2)) == {"r0", "r1", "r2"}
    assert rooms_in(backup_path(db, 3)) == {"r0", "r1"}
    assert sorted(p.name for p in (tmp_path / "backups").iterdir()) == [
        "prtui-1.sqlite3", "prtui-2.sqlite3", "prtui-3.sqlite3"]


def test_a_copy_cut_short_costs_no_older_backup(tmp_path: Path) -> None:
    db = tmp_path / "prtui.sqlite3"
    open_and_add(db, "a")
    open_and_add(db, "b")
    leftover = tmp_path / "backups" / "prtui-new.sqlite3.tmp"
    leftover.write_bytes(b"half a copy from a crash")
    open_and_add(db, "c")
    assert not leftover.exists()
    assert rooms_in(backup_path(db, 1)) == {"a", "b"}
    assert rooms_in(backup_path(db, 2)) == {"a"}


def test_an_in_memory_store_takes_no_backup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    monkeypatch.chdir(tmp_path)
    SqliteStore(":memory:").close()
    assert list(tmp_path.iterdir()) == []
