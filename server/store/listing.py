"""Reading rooms a page at a time: what a lobby of thousands of finished games needs.

Finished games stay in the store forever, so the server never loads them all: it
loads the open rooms at start (``load_open_rooms``), counts the rest, and reads
finished games newest first, one bounded page at a time (``page_rooms``), or one by
id when someone replays or joins it (``load_room``). Pages are keyed by a cursor
``(created, id)`` rather than an offset, so a page stays right while games finish.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from typing import Any

from server.store.base import RoomRecord, SeatRecord

INDEX = "CREATE INDEX IF NOT EXISTS rooms_by_status ON rooms (status, created, id);"
"""Pages and counts of one status read the index, not the whole table."""

_COLUMNS = ("id, game, players, options, seed, name, host, status, created, result,"
            " rules_version, creator")
_MANY = 500  # ids per IN (...) query: well under SQLite's variable limit


MIN_INDEXED = 3
"""Shortest search the trigram index (server/store/search.py) answers; shorter ones scan."""


def phrase(text: str) -> str:
    """``text`` as one FTS5 phrase (matched anywhere by the trigram tokenizer)."""
    return '"' + text.replace('"', '""') + '"'


def _like(text: str) -> str:
    """``text`` as a LIKE pattern matching it anywhere, its own wildcards taken literally."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


class RoomListing:
    """Paged reads of the rooms table (mixed into ``SqliteStore``)."""

    _db: sqlite3.Connection
    _indexed: bool = False  # the room_names index exists (server/store/search.py)

    def _records(self, where: str, params: Iterable[Any], tail: str = "") -> list[RoomRecord]:
        rooms: dict[str, RoomRecord] = {}
        for row in self._db.execute(f"SELECT {_COLUMNS} FROM rooms WHERE {where} {tail}", tuple(params)):
            rid, game, players, options, seed, name, host, status, created, result, rules, who = row
            rooms[rid] = RoomRecord(
                id=rid, game=game, players=players, options=json.loads(options), seed=seed,
                name=name, host=host, status=status, created=created,
                result=None if result is None else json.loads(result), rules_version=rules,
                creator=who,
            )
        ids = list(rooms)
        for i in range(0, len(ids), _MANY):
            chunk = ids[i : i + _MANY]
            marks = ",".join("?" * len(chunk))
            for rid, seat, kind, sname, level, token_hash, account in self._db.execute(
                "SELECT room, seat, kind, name, level, token_hash, account FROM seats"
                f" WHERE room IN ({marks}) ORDER BY room, seat", chunk
            ):
                rooms[rid].seats.append(SeatRecord(seat, kind, sname, level, token_hash, account))
        return list(rooms.values())

    def load_open_rooms(self) -> list[RoomRecord]:
        """Every room that is not finished (waiting or playing), oldest first."""
        return self._records("status != 'over'", (), "ORDER BY created, id")

    def load_room(self, room_id: str) -> RoomRecord | None:
        found = self._records("id = ?", (room_id,))
        return found[0] if found else None

    def count_rooms(self, status: str) -> int:
        (n,) = self._db.execute("SELECT COUNT(*) FROM rooms WHERE status = ?", (status,)).fetchone()
        return int(n)

    def page_rooms(
        self, status: str, before: tuple[float, str] | None, limit: int, search: str | None = None
    ) -> list[RoomRecord]:
        """Up to ``limit`` rooms of ``status``, newest first (by creation), strictly after
        the cursor ``before`` = (created, id) of the last room of the previous page.
        ``search``: only rooms whose name, host or a seat's name contains it (letters
        compared without case for ASCII)."""
        where: list[str] = ["status = ?"]
        params: list[str | float] = [status]
        if before is not None:
            where.append("(created < ? OR (created = ? AND id < ?))")
            params += [before[0], before[0], before[1]]
        if search and self._indexed and len(search) >= MIN_INDEXED:
            where.append("id IN (SELECT room FROM room_names WHERE room_names MATCH ?)")
            params.append(phrase(search))
        elif search:
            pattern = _like(search)
            where.append(
                "(name LIKE ? ESCAPE '\\' OR host LIKE ? ESCAPE '\\' OR id IN"
                " (SELECT room FROM seats WHERE name LIKE ? ESCAPE '\\'))"
            )
            params += [pattern, pattern, pattern]
        return self._records(" AND ".join(where), params, f"ORDER BY created DESC, id DESC LIMIT {int(limit)}")
