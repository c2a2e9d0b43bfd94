"""One owner per data directory: an exclusive advisory lock held while a server runs.

Two processes on the same SQLite file would not corrupt it (SQLite locks its own
writes), but both would restore and run the same unfinished games: two bot players
per seat, two writers of action ``n``. So the server that opens a data directory first
owns it until it stops; the kernel drops the lock when the process dies (even by
kill -9), so a crash never leaves a stale lock behind. The lock file holds the owner's
pid, for the message the second process shows.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO

from server.errors import PrtuiError

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

LOCK_NAME = "prtui.lock"


class DataDirBusy(PrtuiError):
    """Another live process owns the data directory."""

    def __init__(self, data_dir: Path, holder: str) -> None:
        who = f"pid {holder}" if holder else "another process"
        super().__init__(
            f"the data directory {data_dir} is in use by another prtui server ({who}); "
            "stop it, or give this one its own directory with --data DIR"
        )
        self.data_dir = data_dir
        self.holder = holder


class DataDirLock:
    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.path = data_dir / LOCK_NAME
        self._file: IO[str] | None = None
        self.holder = ""  # the owner's pid when ``acquire`` failed

    def acquire(self) -> bool:
        """Take the lock without waiting; False (and ``holder`` set) if another has it."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        f = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 (held open while locked)
        try:
            if fcntl is not None:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            else:
                f.seek(0)
                msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            f.seek(0)
            self.holder = f.read(32).strip()
            f.close()
            return False
        f.seek(0)
        f.truncate()
        f.write(str(os.getpid()))
        f.flush()
        self._file = f
        return True

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # closing the file drops the lock
            self._file = None
