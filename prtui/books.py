"""A small JSON map of secrets (seat tokens, claimed names' passwords) that only its
owner may read: written to a temporary file created with mode 0600 and renamed into
place, so it is never readable by others, not even for a moment.
"""

from __future__ import annotations

import json
import os
from pathlib import Path


class OwnerOnlyBook:
    """Secrets by key; a damaged or missing file reads as empty."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def get(self, key: str) -> str | None:
        return self._read().get(key)

    def put(self, key: str, secret: str | None) -> None:
        """Remember ``secret`` under ``key`` (None: forget it)."""
        book = self._read()
        if secret:
            book[key] = secret
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
