"""A count of the database's commits kept outside SQLite's write-ahead log.

In WAL mode a commit lives in ``prtui.sqlite3-wal`` until a checkpoint copies it into
the main file. After a kill -9, a WAL that was cut short made the server restart a game
at move 16 of 44 acknowledged, and a deleted one dropped a room: SQLite takes what is
left of the log as the whole truth. So every write also counts itself, in the database
(table ``meta``, in the same transaction) and, right after the commit and before the
server acknowledges anything, in a small file next to it (``prtui.sqlite3-commits``,
eight bytes rewritten in place; no fsync: it has to survive the process, not a power
loss, like the WAL itself under ``synchronous=NORMAL``). At start a database that
holds fewer commits than that file says were made has lost acknowledged writes, and the
server refuses it (server/store/health.py) instead of silently rewinding its games.
A record that is there but not one this code wrote (zeroed, cut, garbled) is refused
the same way: it used to count as no record at all, which turned the check off (31
acknowledged moves went without a word). So the record is made whole at start (written
to a temporary file and renamed into place): a crash never leaves a half-made one.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import struct
from pathlib import Path

from server.errors import PrtuiError

SUFFIX = "-commits"
META = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);"
BUMP = "INSERT INTO meta (key, value) VALUES ('commits', 1)" \
       " ON CONFLICT (key) DO UPDATE SET value = value + 1"
"""Run inside each write transaction: the database's own count."""
MARK_BACKUP = "INSERT OR REPLACE INTO meta (key, value) VALUES ('backup', 1)"
"""Set in each start-up backup's copy: a host who puts it in place means to go back."""
UNMARK_BACKUP = "DELETE FROM meta WHERE key = 'backup'"
_MAGIC = b"PRTC"
_FORMAT = struct.Struct("<4sQ")


def record_path(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + SUFFIX)


class RecordDamaged(PrtuiError, ValueError):
    """The record file is there but is not one this code wrote: what it says is lost."""


def recorded(db_path: Path) -> int | None:
    """The commits the record says were made, or None (no record: a new database, or
    one from before they were counted). ``RecordDamaged`` when it cannot be read."""
    try:
        data = record_path(db_path).read_bytes()
    except FileNotFoundError:
        return None
    if len(data) != _FORMAT.size:
        raise RecordDamaged(f"is {len(data)} bytes long, not {_FORMAT.size}")
    magic, count = _FORMAT.unpack(data)
    if magic != _MAGIC:
        what = "zeroed" if not any(data) else "garbled"
        raise RecordDamaged(f"is {what} (it does not start with {_MAGIC.decode()})")
    return int(count)


def is_backup(db: sqlite3.Connection) -> bool:
    """A start-up backup put in place by the host: older than the record, on purpose."""
    try:
        return db.execute("SELECT 1 FROM meta WHERE key = 'backup'").fetchone() is not None
    except sqlite3.OperationalError:
        return False


def stored(db: sqlite3.Connection) -> int:
    """The commits the database holds (0: a file from before they were counted)."""
    try:
        row = db.execute("SELECT value FROM meta WHERE key = 'commits'").fetchone()
    except sqlite3.OperationalError:  # no meta table yet
        return 0
    return 0 if row is None else int(row[0])


class CommitRecord:
    """The file, open for the server's life; ``committed()`` after every commit."""

    def __init__(self, db_path: Path, count: int) -> None:
        self.path = record_path(db_path)
        self.count = count
        fresh = self.path.with_name(self.path.name + ".new")
        fresh.write_bytes(_FORMAT.pack(_MAGIC, count))
        os.replace(fresh, self.path)  # whole or not there, whenever the process dies
        self._fd: int | None = os.open(self.path, os.O_RDWR)

    def _write(self) -> None:
        if self._fd is not None:
            os.pwrite(self._fd, _FORMAT.pack(_MAGIC, self.count), 0)

    def committed(self) -> None:
        """One more commit is in the database: say so before anyone is told."""
        self.count += 1
        self._write()

    def close(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
