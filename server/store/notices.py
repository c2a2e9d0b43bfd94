"""Where each account's turn notices go while its player is away (mixed into
``SqliteStore``): one apprise URL per account, in a table of its own (added with schema
version 3), gone with the account (``ON DELETE CASCADE``).

The URL may hold a token or a password (that is how apprise addresses a receiver), so
it is kept here and read by the server's notifier only: never logged, never sent to a
client in full (server/net/notify_address.py masks it).
"""

from __future__ import annotations

import sqlite3
import time
from typing import TYPE_CHECKING, Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS notify_addresses (
    account TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    shown TEXT NOT NULL,
    set_at REAL NOT NULL
);
"""


class NoticeStore:
    """One notification address per account; every write commits before it returns."""

    _db: sqlite3.Connection

    if TYPE_CHECKING:  # provided by SqliteStore; declared for the type checker only
        def _write(self, sql: str, params: tuple[Any, ...], reindex: str | None = None
                   ) -> None: ...

    def notify_address(self, account: str) -> tuple[str, str] | None:
        """(the URL, its masked form) of ``account``, or None."""
        row = self._db.execute("SELECT url, shown FROM notify_addresses WHERE account=?",
                               (account,)).fetchone()
        return None if row is None else (str(row[0]), str(row[1]))

    def set_notify_address(self, account: str, url: str, shown: str) -> None:
        """``shown``: the URL masked (server/net/notify_address.py), what a client sees."""
        self._write("INSERT OR REPLACE INTO notify_addresses (account, url, shown, set_at)"
                    " VALUES (?,?,?,?)", (account, url, shown, time.time()))

    def clear_notify_address(self, account: str) -> None:
        self._write("DELETE FROM notify_addresses WHERE account=?", (account,))
