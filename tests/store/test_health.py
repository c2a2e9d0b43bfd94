"""The start-up check on real SQLite files: each kind of damage or doubt is refused
with ``DamagedDatabase`` (one line naming the file), and the file is left untouched."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from server.store.base import ActionRecord, RoomRecord, SeatRecord
from server.store.health import SCHEMA_VERSION, DamagedDatabase
from server.store.sqlite import SqliteStore


def stored_db(path: Path) -> Path:
    """A database with one unfinished game of three moves and one finished game."""
    store = SqliteStore(path)
    for rid, status in (("live", "playing"), ("done", "over")):
        store.create_room(RoomRecord(rid, "puerto-rico", 2, {"edition": "classic"}, 7,
                                     f"table {rid}", "ana", status,
                                     seats=[SeatRecord(0, "human", "ana"),
                                            SeatRecord(1, "bot", None, "easy")]))
    for n in range(3):
        store.append_action("live", ActionRecord(n, n % 2, {"type": "pass"}))
    store.close()
    return path


def sql(path: Path, *statements: str) -> None:
    con = sqlite3.connect(path)
    con.execute("PRAGMA foreign_keys=OFF")
    for statement in statements:
        con.execute(statement)
    con.commit()
    con.close()


def test_a_sound_file_opens_and_records_its_schema_version(tmp_path: Path) -> None:
    db = stored_db(tmp_path / "prtui.sqlite3")
    store = SqliteStore(db)
    assert store.unfinished_at_open == {"live": "table live"}
    assert [a.n for a in store.load_actions("live")] == [0, 1, 2]
    store.close()
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    con.close()


def test_a_file_from_before_schema_versions_is_upgraded(tmp_path: Path) -> None:
    db = stored_db(tmp_path / "prtui.sqlite3")
    sql(db, "PRAGMA user_version=0")
    SqliteStore(db).close()
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    con.close()


DAMAGE: dict[str, tuple[Callable[[Path], None], str]] = {
    "not a database": (lambda db: db.write_bytes(b"this is not an SQLite file" * 200),
                       "is damaged (file is not a database)"),
    "newer schema": (lambda db: sql(db, f"PRAGMA user_version={SCHEMA_VERSION + 1}"),
                     "newer than this prtui knows"),
    "negative schema": (lambda db: sql(db, "PRAGMA user_version=-1"),
                        "unknown schema version (-1)"),
    "table gone": (lambda db: sql(db, "DROP TABLE seats"), "lacks its seats table"),
    "room record": (lambda db: sql(db, "UPDATE rooms SET options='{' WHERE id='done'"),
                    "has a room (done) whose record does not decode"),
    "room row gone": (lambda db: sql(db, "DELETE FROM rooms WHERE id='live'"),
                      "seats of rooms that are gone"),
    "move gone": (lambda db: sql(db, "DELETE FROM actions WHERE n=1"),
                  "lacks move 1 of game live"),
    "move garbled": (lambda db: sql(db, "UPDATE actions SET action='{\"ty' WHERE n=2"),
                     "has move 2 of game live that does not decode"),
}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_each_kind_of_damage_is_refused_and_the_file_kept(tmp_path: Path, kind: str) -> None:
    db = stored_db(tmp_path / "prtui.sqlite3")
    damage, says = DAMAGE[kind]
    damage(db)
    before = db.read_bytes()
    with pytest.raises(DamagedDatabase) as caught:
        SqliteStore(db)
    message = str(caught.value)
    assert says in message and str(db) in message and "\n" not in message
    if kind == "newer schema":  # not damage: the prtui that wrote it can open it
        assert "run the newer prtui that wrote it" in message
    else:
        assert "backups/prtui-1.sqlite3" in message  # the first open took one
    assert db.read_bytes() == before


def test_moves_of_a_room_that_is_gone(tmp_path: Path) -> None:
    db = stored_db(tmp_path / "prtui.sqlite3")
    sql(db, "DELETE FROM seats WHERE room='live'", "DELETE FROM rooms WHERE id='live'")
    with pytest.raises(DamagedDatabase, match=r"moves of games whose room is gone \(live\)"):
        SqliteStore(db)


def test_no_backup_says_so(tmp_path: Path) -> None:
    db = tmp_path / "prtui.sqlite3"
    db.write_bytes(b"\0" * 8192)
    with pytest.raises(DamagedDatabase, match="there is no backup"):
        SqliteStore(db)


def test_a_new_or_empty_file_without_backups_is_a_new_database(tmp_path: Path) -> None:
    empty = tmp_path / "a" / "prtui.sqlite3"
    empty.parent.mkdir()
    empty.write_bytes(b"")
    SqliteStore(empty).close()
    SqliteStore(tmp_path / "b" / "prtui.sqlite3").close()
