"""Check the database before the server uses it: a damaged file is refused, never trusted.

A damaged SQLite file used to start a server that had silently lost some games (their
players' tokens rejected, a traceback in the log), and a file truncated to 0 bytes
started an empty server. So before anything writes to it, the store checks, on a
read-only connection:

- that a file which existed is still there: an empty or missing file next to backups of
  it (server/store/backup.py) is a lost database, not a new one;
- ``PRAGMA quick_check`` (every page's structure, every record's format);
- the schema version (``PRAGMA user_version``): 0 (files from before versions were
  recorded) up to ``SCHEMA_VERSION``; a newer one was written by a newer prtui;
- that it holds every commit the server acknowledged (server/store/commits.py): a
  write-ahead log that was deleted or cut short after a crash would rewind games;
- that every stored room loads: every room, seat and result decodes, no seat or action
  belongs to a missing room, and each unfinished game's action log decodes and runs
  0..n-1 without a gap (finished games' logs are read when replayed; quick_check has
  already read their pages).

Any failure raises ``DamagedDatabase`` with one line that names the file and how to
recover; the file is left exactly as it was.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from urllib.parse import quote

from server.errors import PrtuiError
from server.store import commits
from server.store.backup import backups

SCHEMA_VERSION = 3
"""``PRAGMA user_version`` of the files this code writes. 0: a file from before the
version was recorded (its schema is brought up to date on open). 2: turn-based tables'
``turn_deadlines`` and ``forfeits`` (server/store/turns.py), made on open in an older
file; 3: the table ``notify_addresses`` (server/store/notices.py). A file of a newer
version is refused by a prtui that knows only an older one, which would lose them."""


class DamagedDatabase(PrtuiError):
    """The database file cannot be trusted; the server must not start on it."""

    def __init__(self, path: Path, problem: str, advice: str | None = None) -> None:
        self.path = path
        self.problem = problem
        self.advice = advice or recovery_advice(path)
        super().__init__(f"the database {path} {problem}; {self.advice}")


def recovery_advice(path: Path) -> str:
    found = backups(path)
    where = '(docs/hosting.md, "If the database is damaged")'
    if found:
        return (f"the server did not start and changed nothing: move the file (and its -wal, "
                f"-shm and -commits files) aside and copy the newest backup ({found[0]}, "
                f"taken at the last start) in its place {where}")
    return (f"the server did not start and changed nothing; there is no backup {where}: "
            "sqlite3's .recover can often save what is left")


def check_file(path: Path) -> dict[str, str]:
    """Raise ``DamagedDatabase`` unless ``path`` is a sound prtui database or a new one;
    return the unfinished rooms it holds (id: name), each of which the server must resume
    or report."""
    size = path.stat().st_size if path.exists() else None
    try:
        acked = commits.recorded(path)
    except commits.RecordDamaged as exc:
        raise DamagedDatabase(
            path, f"cannot be checked for lost writes: its count of acknowledged writes"
            f" ({commits.record_path(path)}) {exc}, so its write-ahead log may have lost"
            " games' moves without a word") from None
    if not size:
        what = "is missing" if size is None else "is empty (0 bytes)"
        if backups(path):
            raise DamagedDatabase(path, f"{what} but backups of it exist")
        if acked:
            raise DamagedDatabase(path, f"{what} but {commits.record_path(path)} counts"
                                        f" {acked} writes made to it")
        return {}  # a new database
    try:
        db = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise DamagedDatabase(path, f"cannot be opened ({exc})") from None
    try:
        found = _check(db, path)
        _check_commits(db, path, acked)
        return found
    except sqlite3.Error as exc:  # "file is not a database", "disk image is malformed"
        raise DamagedDatabase(path, f"is damaged ({exc})") from None
    finally:
        db.close()


def _check(db: sqlite3.Connection, path: Path) -> dict[str, str]:
    problems = [row[0] for row in db.execute("PRAGMA quick_check(5)")]
    if problems != ["ok"]:
        # one line: sqlite's report may span several ("*** in database main ***\n Page 16:
        # ..."), and the refusal is one line for the host to read
        said = " ".join(problems[0].split())
        raise DamagedDatabase(path, f"is damaged (quick_check: {said[:300]})")
    (version,) = db.execute("PRAGMA user_version").fetchone()
    if version > SCHEMA_VERSION:
        raise DamagedDatabase(
            path, f"has schema version {version}, newer than this prtui knows ({SCHEMA_VERSION})",
            "run the newer prtui that wrote it, or restore a backup made by this one "
            '(docs/hosting.md, "If the database is damaged")')
    if version < 0:
        raise DamagedDatabase(path, f"has an unknown schema version ({version})")
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not tables:
        return {}  # created but never given a schema: nothing stored yet
    missing = {"rooms", "seats", "actions"} - tables
    if missing:
        raise DamagedDatabase(path, f"lacks its {', '.join(sorted(missing))} table")
    return _check_rooms(db, path)


def _check_rooms(db: sqlite3.Connection, path: Path) -> dict[str, str]:
    """Every stored room loads: what the server reads at start decodes and is whole."""
    open_rooms: dict[str, str] = {}
    for rid, name, options, result, status in db.execute(
            "SELECT id, name, options, result, status FROM rooms"):
        try:
            json.loads(options)
            if result is not None:
                json.loads(result)
        except (TypeError, ValueError):
            raise DamagedDatabase(path, f"has a room ({rid}) whose record does not decode"
                                  ) from None
        if status != "over":
            open_rooms[rid] = name
    (orphans,) = db.execute(
        "SELECT COUNT(*) FROM seats WHERE room NOT IN (SELECT id FROM rooms)").fetchone()
    if orphans:
        raise DamagedDatabase(path, f"has {orphans} seats of rooms that are gone")
    lost = [row[0] for row in db.execute(
        "SELECT DISTINCT room FROM actions WHERE room NOT IN (SELECT id FROM rooms) LIMIT 3")]
    if lost:
        raise DamagedDatabase(path, f"has moves of games whose room is gone ({', '.join(lost)})")
    for rid in open_rooms:
        moves = db.execute("SELECT n, action FROM actions WHERE room=? ORDER BY n", (rid,))
        for expected, (n, action) in enumerate(moves):
            if n != expected:
                raise DamagedDatabase(path, f"lacks move {expected} of game {rid}")
            try:
                json.loads(action)
            except (TypeError, ValueError):
                raise DamagedDatabase(path, f"has move {n} of game {rid} that does not decode"
                                      ) from None
    return open_rooms


def _check_commits(db: sqlite3.Connection, path: Path, acked: int | None) -> None:
    """The file holds at least the commits the server acknowledged (unless it is a
    start-up backup the host put in place)."""
    if acked is None or commits.is_backup(db):
        return
    have = commits.stored(db)
    if have < acked:
        raise DamagedDatabase(
            path, f"holds {have} of the {acked} writes the server acknowledged: its"
            f" write-ahead log ({path.name}-wal) is missing or was cut short, and games"
            " would go back to older moves")


def mark_version(db: sqlite3.Connection) -> None:
    """Record that the file now has this code's schema (after it is created or upgraded)."""
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
