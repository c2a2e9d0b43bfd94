"""Turn-based tables in the SQLite store (mixed into ``SqliteStore``): each seat's
deadline for the move it owes, and the seats that forfeited.

A move and the deadlines it leads to are written in one transaction (``append_turn``),
so a restart finds the deadline of every seat to move, or none of that move at all; the
server re-arms them from here at start (server/net/turnbased.py). A forfeited seat is
played by a bot for the rest of its game, also after a restart.
"""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from server.store.base import ActionRecord

SCHEMA = """
CREATE TABLE IF NOT EXISTS turn_deadlines (
    room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    due REAL NOT NULL,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS forfeits (
    room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (room, seat)
);
"""


class TurnStore:
    """Deadlines and forfeits; every write commits before it returns, like the rest."""

    _db: sqlite3.Connection

    if TYPE_CHECKING:  # provided by SqliteStore; declared for the type checker only
        def _begin(self) -> None: ...
        def _commit(self) -> None: ...
        def _rollback(self) -> None: ...

    def _set_deadlines(self, room_id: str, due: dict[int, float]) -> None:
        self._db.execute("DELETE FROM turn_deadlines WHERE room=?", (room_id,))
        self._db.executemany("INSERT INTO turn_deadlines (room, seat, due) VALUES (?,?,?)",
                             [(room_id, seat, at) for seat, at in sorted(due.items())])

    def append_turn(self, room_id: str, rec: ActionRecord, due: dict[int, float]) -> None:
        """A move of a turn-based table and the deadlines of the seats to move after it
        (seat: when, as the clock's seconds), committed together before this returns."""
        self._begin()
        try:
            self._db.execute(
                "INSERT INTO actions (room, n, seat, action) VALUES (?,?,?,?)",
                (room_id, rec.n, rec.seat,
                 json.dumps(rec.action, separators=(",", ":"), sort_keys=True)))
            self._set_deadlines(room_id, due)
            self._commit()
        except BaseException:
            self._rollback()
            raise

    def save_deadlines(self, room_id: str, due: dict[int, float]) -> None:
        """The deadlines of a table's seats to move (the game's start, a forfeit)."""
        self._begin()
        try:
            self._set_deadlines(room_id, due)
            self._commit()
        except BaseException:
            self._rollback()
            raise

    def deadlines(self, room_id: str) -> dict[int, float]:
        return {seat: due for seat, due in self._db.execute(
            "SELECT seat, due FROM turn_deadlines WHERE room=?", (room_id,))}

    def forfeit(self, room_id: str, seat: int, at: float, options: dict[str, Any]) -> None:
        """``seat`` forfeited at ``at``; the room's ``options`` (now unrated) with it."""
        self._begin()
        try:
            self._db.execute("INSERT OR REPLACE INTO forfeits (room, seat, at) VALUES (?,?,?)",
                             (room_id, seat, at))
            self._db.execute("UPDATE rooms SET options=? WHERE id=?",
                             (json.dumps(options, separators=(",", ":"), sort_keys=True),
                              room_id))
            self._db.execute("DELETE FROM turn_deadlines WHERE room=? AND seat=?",
                             (room_id, seat))
            self._commit()
        except BaseException:
            self._rollback()
            raise

    def forfeits(self, room_id: str) -> set[int]:
        return {seat for (seat,) in self._db.execute(
            "SELECT seat FROM forfeits WHERE room=?", (room_id,))}
