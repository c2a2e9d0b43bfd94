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

import platformdirs

from server.i18n import LANGUAGES, normalize

BELL_AFTER_S = 3.0
"""The turn bell rings once it is my turn after waiting at least this long (a quick
bot reply is no news)."""


def settings_file(data: str | Path | None = None) -> Path:
    """Where the settings are kept: in the data directory (``--data``, else the user's;
    an SSH or browser identity has its own)."""
    return Path(data or platformdirs.user_data_dir("prtui")) / "settings.json"  # i18n: a file


@dataclass
class Settings:
    bell: bool = True  # a terminal bell when it becomes my turn after waiting
    desktop: bool = False  # and a desktop notification (prtui/desktop.py): asked for
    bell_after_s: float = BELL_AFTER_S
    language: str | None = None  # chosen in the palette; None: follow the environment
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
        if isinstance(data, dict) and isinstance(data.get("language"), str):
            chosen = normalize(data["language"])
            found.language = chosen if chosen in LANGUAGES else None  # a removed language
        return found

    def save(self) -> None:
        """Write the file (its owner only), atomically; a read-only place is ignored."""
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            data: dict[str, Any] = {"bell": self.bell, "desktop": self.desktop}
            if self.language is not None:
                data["language"] = self.language
            tmp.write_text(json.dumps(data), encoding="utf-8")
            os.chmod(tmp, 0o600)
            tmp.replace(self.path)
        except OSError:
            pass
