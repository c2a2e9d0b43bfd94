"""The browser players' homes (server/ssh/homes.py's, under ``DATA/web/homes``),
bounded in number and removed when unused.

Every browser gets a home (server/web/keys.py), so a script that drops its cookie could
leave one per session: 97 in 30 s. A session's own home (no cookie) goes when it ends;
a browser's stays for ``idle_days`` after its last session, so its seat can be taken
back, and when more than ``max_homes`` exist the longest unused are removed first.
A home in use is never removed.
"""

from __future__ import annotations

import logging
import os
import shutil
import time
from collections import Counter
from pathlib import Path

from server.ssh.auth import Identity
from server.ssh.homes import identity_home

log = logging.getLogger("prtui.web")

MAX_HOMES = 1000  # --web-max-homes
IDLE_DAYS = 30.0  # --web-home-days


class WebHomes:
    def __init__(self, data_dir: Path, max_homes: int = MAX_HOMES,
                 idle_days: float = IDLE_DAYS) -> None:
        if max_homes < 1:
            raise ValueError("--web-max-homes must be at least 1")
        if idle_days <= 0:
            raise ValueError("--web-home-days must be positive")
        self.data_dir = data_dir
        self.root = data_dir / "web" / "homes"
        self.max_homes = max_homes
        self.idle_s = idle_days * 86400
        self._in_use: Counter[Path] = Counter()

    def home(self, identity: Identity) -> Path:
        """The identity's home, made if new (not yet marked in use: see ``take``)."""
        return identity_home(self.data_dir, identity, folder="web")

    def take(self, home: Path) -> None:
        self._in_use[home] += 1
        _touch(home)
        self.prune()

    def give_back(self, home: Path, remove: bool) -> None:
        self._in_use[home] -= 1
        if self._in_use[home] > 0:
            return
        del self._in_use[home]
        if remove:
            shutil.rmtree(home, ignore_errors=True)
        else:
            _touch(home)  # unused from now on: its idle time starts here

    def prune(self) -> None:
        """Remove homes unused for too long, then the oldest unused beyond the cap."""
        try:
            entries = [(p.stat().st_mtime, p) for p in self.root.iterdir() if p.is_dir()]
        except OSError:
            return
        now = time.time()
        count = len(entries)
        for mtime, path in sorted(entries):
            if path in self._in_use:
                continue
            if count <= self.max_homes and now - mtime <= self.idle_s:
                break
            shutil.rmtree(path, ignore_errors=True)
            count -= 1

    def count(self) -> int:
        try:
            return sum(1 for p in self.root.iterdir() if p.is_dir())
        except OSError:
            return 0


def _touch(path: Path) -> None:
    try:
        os.utime(path)
    except OSError as exc:
        log.warning("web: cannot touch %s: %s", path, exc)
