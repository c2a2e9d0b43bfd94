"""Searching stored games by name: an index, and reads that never run on the event loop.

``list_rooms`` with ``search`` once scanned every finished game's name and every seat's
name on the event loop (16 clients searching put the action p50 at 343 ms). Now:

- each room's searchable text (its name, its host, its seats' names) is kept in an
  FTS5 trigram index (``room_names``), written with the room, so a search of three or
  more characters reads the index, not the tables (shorter ones still scan, but stop
  at the page's end);
- the index's rows are found by room through ``room_name_rows`` (room -> the index's
  rowid): the index's ``room`` column is not indexed, so deleting by it read the whole
  index on every room write (4 ms a write at 10,000 stored games, on the event loop);
- pages of finished games are read by ``OffLoopReader`` on one thread of its own with
  its own read-only connection (WAL lets it read while the server writes), so however
  many clients search, the rooms' moves never wait for it.
"""

from __future__ import annotations

import asyncio
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import quote

from server.store.base import RoomRecord
from server.store.listing import RoomListing

NAMES = ("CREATE VIRTUAL TABLE IF NOT EXISTS room_names USING fts5("
         "room UNINDEXED, text, tokenize = 'trigram')")
ROWS = ("CREATE TABLE IF NOT EXISTS room_name_rows ("
        "room TEXT PRIMARY KEY, row INTEGER NOT NULL)")
_TEXT = ("SELECT id, name || char(10) || coalesce(host, '') || char(10) || coalesce("
         "(SELECT group_concat(name, char(10)) FROM seats WHERE seats.room = rooms.id), '')"
         " FROM rooms")


def has_index(db: sqlite3.Connection) -> bool:
    return db.execute(
        "SELECT 1 FROM sqlite_master WHERE name = 'room_names'").fetchone() is not None


def _has_rows(db: sqlite3.Connection) -> bool:
    return db.execute(
        "SELECT 1 FROM sqlite_master WHERE name = 'room_name_rows'").fetchone() is not None


def make_index(db: sqlite3.Connection) -> bool:
    """Create the index, filled from every stored room if it is new (files from before
    it), and its room -> row table (filled from the index in files from before that);
    False where this SQLite has no FTS5 trigram tokenizer (searches then scan)."""
    if not has_index(db):
        try:
            db.execute(NAMES)
        except sqlite3.OperationalError:
            return False
        db.execute(f"INSERT INTO room_names (room, text) {_TEXT}")
    if not _has_rows(db):
        db.execute(ROWS)
        db.execute("INSERT OR REPLACE INTO room_name_rows (room, row)"
                   " SELECT room, rowid FROM room_names")
    return True


def index_room(db: sqlite3.Connection, room_id: str) -> None:
    """Write ``room_id``'s searchable text again (inside the caller's transaction)."""
    unindex_room(db, room_id)
    added = db.execute(f"INSERT INTO room_names (room, text) {_TEXT} WHERE id = ?", (room_id,))
    if added.rowcount == 1:
        db.execute("INSERT INTO room_name_rows (room, row) VALUES (?, ?)",
                   (room_id, added.lastrowid))


def unindex_room(db: sqlite3.Connection, room_id: str) -> None:
    db.execute("DELETE FROM room_names WHERE rowid IN"
               " (SELECT row FROM room_name_rows WHERE room = ?)", (room_id,))
    db.execute("DELETE FROM room_name_rows WHERE room = ?", (room_id,))


class _Reader(RoomListing):
    def __init__(self, db: sqlite3.Connection, indexed: bool) -> None:
        self._db = db
        self._indexed = indexed


class OffLoopReader:
    """Pages of stored rooms read on one worker thread with a read-only connection."""

    def __init__(self, path: Path, indexed: bool) -> None:
        self.path = path
        self.indexed = indexed
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="prtui-search")
        self._reader: _Reader | None = None

    def _listing(self) -> _Reader:
        if self._reader is None:  # made on the worker thread, used only there
            db = sqlite3.connect(f"file:{quote(str(self.path))}?mode=ro", uri=True)
            self._reader = _Reader(db, self.indexed)
        return self._reader

    async def page_rooms(self, status: str, before: tuple[float, str] | None, limit: int,
                         search: str | None = None) -> list[RoomRecord]:
        def read() -> list[RoomRecord]:
            return self._listing().page_rooms(status, before, limit, search)

        return await asyncio.get_running_loop().run_in_executor(self.pool, read)

    def close(self) -> None:
        def shut() -> Any:
            if self._reader is not None:
                self._reader._db.close()
                self._reader = None

        try:
            self.pool.submit(shut).result(timeout=10)
        finally:
            self.pool.shutdown(wait=False, cancel_futures=True)
