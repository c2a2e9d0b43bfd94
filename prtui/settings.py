"""The player's own settings, kept between runs: a small JSON file in the data
directory (``settings.json``), so an SSH identity (its own data directory) keeps its
own. Only what the player switched is written; a missing or broken file is the
defaults, never an error."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BELL_AFTER_S = 3.0
"""The turn bell rings once it is my turn after waiting at least this long (a quick
bot reply is no news)."""


@dataclass
class Settings:
    bell: bool = True  # a terminal bell when it becomes my turn after waiting
    desktop: bool = False  # and a desktop notification (prtui/desktop.py): asked for
    bell_after_s: float = BELL_AFTER_S
    path: Path | None = None  # None: kept for this run only (tests, no data directory)

    @classmethod
    def load(cls, path: Path) -> Settings:
        try:
            data: Any = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        found = cls(path=path)
        if isinstance(data, dict) and isinstance(data.get("bell"), bool):
            found.bell = data["bell"]
        if isinstance(data, dict) and isinstance(data.get("desktop"), bool):
            found.desktop = data["desktop"]
        return found

    def save(self) -> None:
        """Write the file (its owner only), atomically; a read-only place is ignored."""
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps({"bell": self.bell, "desktop": self.desktop}), encoding="utf-8")
            os.chmod(tmp, 0o600)
            tmp.replace(self.path)
        except OSError:
            pass
