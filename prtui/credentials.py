"""The passwords of the names a player claimed, by server: what `prtui connect` sends
in its hello so the player never types it again on this machine.

A small JSON file in the user's config directory (``credentials.json``), readable by its
owner only (prtui/books.py).
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

from prtui.books import OwnerOnlyBook
from server.protocol.names import name_key


def default_path() -> Path:
    return Path(platformdirs.user_config_dir("prtui")) / "credentials.json"  # i18n: a file


def book_key(host: str, port: int, name: str) -> str:
    """One entry per server and name (spelt in any case)."""
    return f"{host}:{port}/{name_key(name)}"


class CredentialBook(OwnerOnlyBook):
    """Passwords by ``book_key`` (server and name)."""

    def __init__(self, path: Path | None = None) -> None:
        super().__init__(path or default_path())
