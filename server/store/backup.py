"""A consistent copy of the database at each start, the last few kept, so a host can
recover from a damaged or lost file (docs/hosting.md, "If the database is damaged").

The copy is made with SQLite's online backup API on the server's own connection, after
the start-up check (server/store/health.py) has passed and before any room runs, so it
is a sound, consistent database. Copies live in ``backups/`` next to the database:
``prtui-1.sqlite3`` is the newest, ``prtui-2`` the one before, up to ``KEEP``; each new
one is written to a temporary file first and renamed into place, so a crash while
copying never costs an older backup.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

from server.store.commits import MARK_BACKUP

KEEP = 3
BACKUP_DIR = "backups"


def backup_dir(db_path: Path) -> Path:
    return db_path.parent / BACKUP_DIR


def backup_path(db_path: Path, age: int) -> Path:
    """The backup ``age`` starts back (1: the newest)."""
    return backup_dir(db_path) / f"{db_path.stem}-{age}{db_path.suffix}"


def backups(db_path: Path) -> list[Path]:
    """The backups that exist, newest first."""
    found = (backup_path(db_path, age) for age in range(1, KEEP + 1))
    return [p for p in found if p.exists()]


def take_backup(db: sqlite3.Connection, db_path: Path, keep: int = KEEP) -> Path:
    """Copy the open database ``db`` (stored at ``db_path``) to the newest backup slot,
    shifting the older ones down and dropping the oldest; return the new backup's path."""
    folder = backup_dir(db_path)
    folder.mkdir(exist_ok=True)
    fresh = folder / f"{db_path.stem}-new{db_path.suffix}.tmp"
    fresh.unlink(missing_ok=True)
    copy = sqlite3.connect(str(fresh))
    try:
        db.backup(copy)
        copy.execute(MARK_BACKUP)  # put back in place, it is older than the commit record
        copy.commit()
    finally:
        copy.close()
    with contextlib.suppress(FileNotFoundError):
        backup_path(db_path, keep).unlink()
    for age in range(keep - 1, 0, -1):
        older = backup_path(db_path, age)
        if older.exists():
            older.replace(backup_path(db_path, age + 1))
    newest = backup_path(db_path, 1)
    fresh.replace(newest)
    return newest
