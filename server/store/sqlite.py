"""SQLite store (standard library, WAL): rooms, seats, options, seed, action log;
turn-based tables' deadlines and forfeits (server/store/turns.py).

WAL with synchronous=NORMAL makes every commit survive a crash of the process
(kill -9); only a power loss can lose the last few commits. Each write commits
before returning, so callers can acknowledge right after; each is also counted outside
the WAL (server/store/commits.py), so a lost or cut WAL is refused at start, not trusted.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from server.store import accounts, commits, notices, search, standings, turns
from server.store.backup import take_backup
from server.store.base import ActionRecord, RoomRecord, SeatRecord
from server.store.health import check_file, mark_version
from server.store.listing import INDEX, RoomListing

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    name TEXT NOT NULL,
    host TEXT,
    status TEXT NOT NULL,
    created REAL NOT NULL,
    result TEXT,
    rules_version INTEGER NOT NULL DEFAULT 1,
    creator TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT,
    level TEXT,
    token_hash TEXT,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (room, n)
);
CREATE TABLE IF NOT EXISTS reviews (
    room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    answer TEXT NOT NULL,
    PRIMARY KEY (room, seat)
);
""" + INDEX + commits.META + accounts.SCHEMA + notices.SCHEMA + turns.SCHEMA


ADDED_COLUMNS = (("rooms", "rules_version", "INTEGER NOT NULL DEFAULT 1"),
                 ("rooms", "creator", "TEXT"),
                 ("rooms", "finished_n", "INTEGER"),
                 ("seats", "account", "TEXT"))
"""Columns added after the first release: a file made before gets them on open. Rooms
stored before rules versions were recorded get version 1, the rules they were played
under (every game's first version); their creator's address is unknown (NULL). Games
finished before ``finished_n`` (the order games ended in, which ratings are replayed
in) and seats taken before accounts (``account``: the claimed identity seated) get
NULL: such games were never rated."""


_SAVE_SEAT = ("INSERT OR REPLACE INTO seats (room, seat, kind, name, level, token_hash,"
              " account) VALUES (?,?,?,?,?,?,?)")


def _seat_row(room_id: str, s: SeatRecord) -> tuple[Any, ...]:
    return (room_id, s.seat, s.kind, s.name, s.level, s.token_hash, s.account)


def _dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), sort_keys=True)


class SqliteStore(RoomListing, accounts.AccountStore, standings.StandingsStore,
                  notices.NoticeStore, turns.TurnStore):
    """One connection, used from the event loop thread only."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        on_disk = str(path) != ":memory:"  # ":memory:": a throwaway store (GameServer.if_busy)
        self.unfinished_at_open: dict[str, str] = {}  # id: name, as the check found them
        if on_disk:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # a damaged or lost file raises DamagedDatabase and is left untouched
            self.unfinished_at_open = check_file(self.path)
        self._db = sqlite3.connect(str(self.path), isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        self._add_columns()
        standings.prepare(self._db)  # after the added columns its indexes cover
        self._indexed = search.make_index(self._db)
        mark_version(self._db)
        self._record: commits.CommitRecord | None = None
        self._batched = False  # inside many(): writes join its one transaction
        if on_disk:
            self._db.execute(commits.UNMARK_BACKUP)  # a restored backup is ours from now on
            self._record = commits.CommitRecord(self.path, commits.stored(self._db))
            take_backup(self._db, self.path)  # checked sound: a copy to recover from
        # searches and older pages are read on a thread of their own (None: in memory)
        self.reader = search.OffLoopReader(self.path, self._indexed) if on_disk else None

    def _add_columns(self) -> None:
        for table, column, decl in ADDED_COLUMNS:
            have = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
            if column not in have:
                self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {decl}")

    @contextmanager
    def many(self) -> Iterator[None]:
        """Every write inside is one transaction, committed at the end: the seeding
        tools write 10,000 rooms with one commit, not 10,000 (30 s of a test's set-up).
        The server never batches: each of its writes is committed before it answers.
        A many() inside another joins it."""
        if self._batched:
            yield
            return
        self._db.execute("BEGIN")
        self._batched = True
        try:
            yield
        except BaseException:
            self._batched = False
            self._rollback()
            raise
        self._batched = False
        self._commit()

    def _begin(self) -> None:
        if not self._batched:
            self._db.execute("BEGIN")

    def _write(self, sql: str, params: tuple[Any, ...], reindex: str | None = None) -> None:
        self._begin()
        try:
            self._db.execute(sql, params)
            if reindex is not None:
                self._reindex(reindex)
            self._commit()
        except BaseException:
            self._rollback()
            raise

    def _commit(self) -> None:
        """Count the write, commit it, then record it outside the WAL: committed on return
        (inside many(), at its end)."""
        if self._batched:
            return
        self._db.execute(commits.BUMP)
        self._db.execute("COMMIT")
        if self._record is not None:
            self._record.committed()

    def _rollback(self) -> None:
        if self._db.in_transaction:
            self._db.execute("ROLLBACK")

    def create_room(self, room: RoomRecord) -> None:
        self._begin()
        try:
            self._db.execute(
                "INSERT INTO rooms (id, game, players, options, seed, name, host, status,"
                " created, result, rules_version, creator) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    room.id, room.game, room.players, _dumps(room.options), room.seed,
                    room.name, room.host, room.status, room.created or time.time(),
                    None if room.result is None else _dumps(room.result), room.rules_version,
                    room.creator,
                ),
            )
            for s in room.seats:
                self._write_seat(room.id, s)
            self._reindex(room.id)
            self._commit()
        except BaseException:
            self._rollback()
            raise

    def _write_seat(self, room_id: str, s: SeatRecord) -> None:
        self._db.execute(_SAVE_SEAT, _seat_row(room_id, s))

    def save_seat(self, room_id: str, s: SeatRecord) -> None:
        self._write(_SAVE_SEAT, _seat_row(room_id, s), reindex=room_id)

    def _reindex(self, room_id: str) -> None:
        if self._indexed:
            search.index_room(self._db, room_id)

    def set_status(
        self, room_id: str, status: str, result: dict[str, Any] | None = None
    ) -> None:
        """A game that ends ("over") also takes the next number in the order games
        ended (``finished_n``), the order ratings are replayed in."""
        self._write(
            "UPDATE rooms SET status=?, result=?, finished_n=CASE WHEN ?='over' THEN"
            " (SELECT COALESCE(MAX(finished_n), 0) + 1 FROM rooms) ELSE finished_n END"
            " WHERE id=?",
            (status, None if result is None else _dumps(result), status, room_id),
        )

    def set_host(self, room_id: str, host: str | None) -> None:
        self._write("UPDATE rooms SET host=? WHERE id=?", (host, room_id), reindex=room_id)

    def append_action(self, room_id: str, rec: ActionRecord) -> None:
        self._write(
            "INSERT INTO actions (room, n, seat, action) VALUES (?,?,?,?)",
            (room_id, rec.n, rec.seat, _dumps(rec.action)),
        )

    def save_review(self, room_id: str, seat: int, answer: dict[str, Any]) -> None:
        """A finished game's review of one seat: up to 20 s of search, kept for good."""
        self._write("INSERT OR REPLACE INTO reviews (room, seat, answer) VALUES (?,?,?)",
                    (room_id, seat, _dumps(answer)))

    def load_review(self, room_id: str, seat: int) -> dict[str, Any] | None:
        row = self._db.execute("SELECT answer FROM reviews WHERE room=? AND seat=?",
                               (room_id, seat)).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def delete_room(self, room_id: str) -> None:
        self._begin()
        try:
            self._db.execute("DELETE FROM rooms WHERE id=?", (room_id,))
            if self._indexed:
                search.unindex_room(self._db, room_id)
            self._commit()
        except BaseException:
            self._rollback()
            raise

    def load_rooms(self) -> list[RoomRecord]:
        rooms: dict[str, RoomRecord] = {}
        for row in self._db.execute(
            "SELECT id, game, players, options, seed, name, host, status, created, result,"
            " rules_version, creator FROM rooms ORDER BY created"
        ):
            rid, game, players, options, seed, name, host, status, created, result, rules, who = row
            rooms[rid] = RoomRecord(
                id=rid, game=game, players=players, options=json.loads(options), seed=seed,
                name=name, host=host, status=status, created=created,
                result=None if result is None else json.loads(result), rules_version=rules,
                creator=who,
            )
        for rid, seat, kind, name, level, token_hash, account in self._db.execute(
            "SELECT room, seat, kind, name, level, token_hash, account FROM seats"
            " ORDER BY room, seat"
        ):
            if rid in rooms:
                rooms[rid].seats.append(SeatRecord(seat, kind, name, level, token_hash, account))
        return list(rooms.values())

    def load_actions(self, room_id: str) -> list[ActionRecord]:
        return [
            ActionRecord(n, seat, json.loads(action))
            for n, seat, action in self._db.execute(
                "SELECT n, seat, action FROM actions WHERE room=? ORDER BY n", (room_id,)
            )
        ]

    def close(self) -> None:
        if self.reader is not None:
            self.reader.close()
        try:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            self._db.close()
            if self._record is not None:
                self._record.close()
