"""A lost or cut write-ahead log is refused, never trusted: after a real kill -9 of a real
`prtui serve`, a `-wal` file truncated (the server restarted a game at move 16 of 44
acknowledged) or deleted (a room was gone) makes the next start refuse with one line
naming the newest backup, exit status 2, the files left as they were."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.store.serve import running, store_games
from tests.store.test_damaged_database import refused, resumed


@pytest.mark.parametrize("damage", ["truncated", "deleted"])
async def test_a_damaged_wal_after_kill_9_is_refused(tmp_path: Path, damage: str) -> None:
    data = tmp_path / "data"
    first = running(data, tmp_path / "run1.log")
    try:
        before = await store_games(first.port, games=2, moves=6)
    finally:
        assert first.stop() == 0
    second = running(data, tmp_path / "run2.log")  # its start-up backup holds `before`
    try:
        await store_games(second.port, games=2, moves=20, seed=2)
    finally:
        second.kill()  # SIGKILL: the moves since the start live only in the -wal
    db, wal = data / "prtui.sqlite3", data / "prtui.sqlite3-wal"
    assert wal.stat().st_size > 0
    if damage == "truncated":
        with wal.open("r+b") as f:
            f.truncate(wal.stat().st_size // 2)
    else:
        wal.unlink()
    kept = db.read_bytes()
    line = refused(data, tmp_path / "refused.log")
    assert "write-ahead log" in line and "prtui.sqlite3-wal" in line, line
    assert "backups/prtui-1.sqlite3" in line, line
    assert db.read_bytes() == kept  # nothing rewound, nothing written
    # the recovery the line gives: move the files aside, put the newest backup in place
    for f in data.glob("prtui.sqlite3*"):
        f.rename(tmp_path / f.name)
    shutil.copy(data / "backups" / "prtui-1.sqlite3", db)
    await resumed(data, tmp_path / "recovered.log", before)


@pytest.mark.parametrize("record", ["zeroed", "garbled", "cut"])
async def test_a_damaged_commit_record_is_refused_too(tmp_path: Path, record: str) -> None:
    """Issue 33: a zeroed or garbled `-commits` record counted as none, which turned the
    check off: a cut `-wal` then lost 31 acknowledged moves without a word."""
    data = tmp_path / "data"
    first = running(data, tmp_path / "run1.log")
    try:
        await store_games(first.port, games=2, moves=6)
    finally:
        assert first.stop() == 0
    second = running(data, tmp_path / "run2.log")
    try:
        await store_games(second.port, games=2, moves=20, seed=2)
    finally:
        second.kill()
    wal, counts = data / "prtui.sqlite3-wal", data / "prtui.sqlite3-commits"
    with wal.open("r+b") as f:
        f.truncate(wal.stat().st_size // 2)
    size = counts.stat().st_size
    counts.write_bytes({"zeroed": bytes(size), "garbled": b"\xff" * size,
                        "cut": counts.read_bytes()[:5]}[record])
    line = refused(data, tmp_path / "refused.log")
    assert "prtui.sqlite3-commits" in line and "lost writes" in line, line
    assert "backups/prtui-1.sqlite3" in line, line
