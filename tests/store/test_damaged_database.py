"""A damaged database never loses games silently: a real `prtui serve` on a real SQLite
file that was damaged on disk refuses to start, with one line that names the file and
how to recover, exit status 2, no traceback, and the file left as it was; the backup
it names brings the games back."""

from __future__ import annotations

import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from server.store.health import SCHEMA_VERSION
from tests.net.client import Client
from tests.store.serve import Served, running, serve, store_games

PAGE = 4096


def refused(data: Path, log: Path) -> str:
    """Start `prtui serve` on ``data``: it must refuse with one line; return that line."""
    started = serve(data, log)
    if isinstance(started, Served):
        started.stop()
        raise AssertionError(f"the server started on a damaged database: {log.read_text()}")
    assert started.returncode == 2
    lines = started.stdout.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in started.stdout, started.stdout
    db = data / "prtui.sqlite3"
    assert lines[0].startswith(f"prtui serve: the database {db} ")
    return lines[0]


@pytest.fixture
async def stored(tmp_path: Path) -> tuple[Path, list[tuple[str, str]]]:
    """A data directory whose database holds six unfinished games (run 1), then was
    opened once more (run 2: the start-up backup holds them), then stopped cleanly."""
    data = tmp_path / "data"
    server = running(data, tmp_path / "run1.log")
    try:
        games = await store_games(server.port, games=6, moves=12)
    finally:
        assert server.stop() == 0
    running(data, tmp_path / "run2.log").stop()
    return data, games


async def resumed(data: Path, log: Path, games: list[tuple[str, str]]) -> None:
    """Every game is back: each first player's token seats them again."""
    server = running(data, log)
    try:
        for room, token in games:
            c = await Client.connect(server.port, "back", token=token)
            assert c.welcome.get("resume", {}).get("room") == room, c.welcome
            await c.close()
    finally:
        server.stop()


def last_page_owner(db: Path) -> str | None:
    """Which table or index the file's last page belongs to (None: no dbstat here)."""
    con = sqlite3.connect(db)
    try:
        (pages,) = con.execute("PRAGMA page_count").fetchone()
        row = con.execute("SELECT name FROM dbstat WHERE pageno=?", (pages,)).fetchone()
        return None if row is None else str(row[0])
    except sqlite3.OperationalError:
        return None
    finally:
        con.close()


async def test_random_bytes_over_the_last_page(
    stored: tuple[Path, list[tuple[str, str]]], tmp_path: Path
) -> None:
    data, games = stored
    db = data / "prtui.sqlite3"
    assert last_page_owner(db) in ("actions", "sqlite_autoindex_actions_1", None)
    with db.open("r+b") as f:  # before: the server started and three games were gone
        f.seek(db.stat().st_size - PAGE)
        f.write(random.Random(5).randbytes(PAGE))
    damaged = db.read_bytes()
    line = refused(data, tmp_path / "damaged.log")
    assert "is damaged" in line and "backups/prtui-1.sqlite3" in line
    assert db.read_bytes() == damaged  # left exactly as it was, for the host to look at
    # the recovery the line gives: move the file aside, copy the newest backup in its place
    db.rename(data / "prtui.sqlite3.damaged")
    shutil.copy(data / "backups" / "prtui-1.sqlite3", db)
    await resumed(data, tmp_path / "recovered.log", games)


async def test_truncated_to_zero_bytes(
    stored: tuple[Path, list[tuple[str, str]]], tmp_path: Path
) -> None:
    data, games = stored
    db = data / "prtui.sqlite3"
    db.write_bytes(b"")  # before: an empty server, no warning
    line = refused(data, tmp_path / "empty.log")
    assert "is empty (0 bytes) but backups of it exist" in line
    assert db.stat().st_size == 0
    db.unlink()  # deleted rather than emptied: the same
    assert "is missing but backups of it exist" in refused(data, tmp_path / "missing.log")
    shutil.copy(data / "backups" / "prtui-1.sqlite3", db)
    await resumed(data, tmp_path / "recovered.log", games)


async def test_truncated_in_the_middle(
    stored: tuple[Path, list[tuple[str, str]]], tmp_path: Path
) -> None:
    data, _games = stored
    db = data / "prtui.sqlite3"
    with db.open("r+b") as f:
        f.truncate(db.stat().st_size // 2)
    assert "is damaged" in refused(data, tmp_path / "half.log")


async def test_a_newer_schema_version(
    stored: tuple[Path, list[tuple[str, str]]], tmp_path: Path
) -> None:
    data, _games = stored
    db = data / "prtui.sqlite3"
    con = sqlite3.connect(db)
    con.execute(f"PRAGMA user_version={SCHEMA_VERSION + 98}")
    con.close()
    line = refused(data, tmp_path / "newer.log")
    assert f"has schema version {SCHEMA_VERSION + 98}, newer than this prtui knows" in line
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 98
    con.close()


async def test_a_game_that_does_not_resume_is_reported(
    stored: tuple[Path, list[tuple[str, str]]], tmp_path: Path
) -> None:
    """A sound file whose game fails to rebuild (here: a stored move the rules refuse)
    starts, and says which room it could not resume; the room stays in the file."""
    data, games = stored
    room = games[0][0]
    con = sqlite3.connect(data / "prtui.sqlite3")
    con.execute("UPDATE actions SET action=? WHERE room=? AND n=0", ('{"type":"teleport"}', room))
    con.commit()
    con.close()
    server = running(data, tmp_path / "run3.log")
    try:
        report = [line for line in server.log.read_text().splitlines()
                  if line.startswith("warning: room")]
        assert len(report) == 1 and room in report[0] and "could not be resumed" in report[0]
        for other, token in games[1:]:
            c = await Client.connect(server.port, "back", token=token)
            assert c.welcome.get("resume", {}).get("room") == other
            await c.close()
    finally:
        server.stop()
    con = sqlite3.connect(data / "prtui.sqlite3")
    assert con.execute("SELECT status FROM rooms WHERE id=?", (room,)).fetchone() == ("playing",)
    con.close()

