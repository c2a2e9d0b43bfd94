"""The passwords of the names a player claimed, by server: what `prtui connect` sends
in its hello so the player never types it again on this machine.

A small JSON file in the user's config directory (``credentials.json``), readable by its
owner only (mode 0600, written to a temporary file made with that mode and renamed
into place, so it is never readable by others, not even for a moment).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import platformdirs

from server.protocol.names import name_key


def default_path() -> Path:
    return Path(platformdirs.user_config_dir("prtui")) / "credentials.json"


def book_key(host: str, port: int, name: str) -> str:
    """One entry per server and name (spelt in any case)."""
    return f"{host}:{port}/{name_key(name)}"


class CredentialBook:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_path()

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def get(self, key: str) -> str | None:
        return self._read().get(key)

    def put(self, key: str, password: str | None) -> None:
        """Remember ``password`` under ``key`` (None: forget it)."""
        book = self._read()
        if password:
            book[key] = password
        else:
            book.pop(key, None)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.unlink(missing_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(book, f)
        os.chmod(tmp, 0o600)  # whatever the umask
        tmp.replace(self.path)
