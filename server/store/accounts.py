"""Claimed names and ratings in the SQLite store (mixed into ``SqliteStore``).

An account is a name someone claimed, with the credentials that prove it is them: a
password hash (server/net/passwords.py; the hash never leaves the server) and/or an
SSH key's fingerprint. Its ``id`` is random, never the name, so a removed account's
games stay its own and a later claim of the same name starts afresh.

Ratings are kept per game and player (an account's id, or ``bot:LEVEL``), and each
rated game's changes per seat (``rating_changes``), written in one transaction with
the new ratings. Both are derived data: ``prtui admin ratings recompute`` rebuilds
them from the finished games (server/net/ratings.py).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT,
    ssh_key TEXT,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS ratings (
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game, player)
);
CREATE TABLE IF NOT EXISTS rating_changes (
    room TEXT NOT NULL REFERENCES rooms(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    game TEXT,
    finished_n INTEGER,
    PRIMARY KEY (room, seat)
);
"""


@dataclass(frozen=True)
class AccountRecord:
    id: str
    name: str
    name_key: str  # look_alike_key(name): one account per look-alike name
    password_hash: str | None
    ssh_key: str | None  # "SHA256:..." fingerprint
    created: float


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0  # rated games it ranked first in (a tie for first counts for each)


@dataclass(frozen=True)
class FinishedGame:
    """What a game's ratings are computed from: its seats are (seat, kind, level,
    account)."""

    room: str
    game: str
    options: dict[str, Any]
    result: dict[str, Any] | None
    seats: list[tuple[int, str, str | None, str | None]]


@dataclass(frozen=True)
class RatingChange:
    seat: int
    player: str
    before: Rating
    after: Rating


_ACCOUNT = "SELECT id, name, name_key, password_hash, ssh_key, created FROM accounts"


class AccountStore:
    """Accounts and ratings; every write commits before it returns, like the rest."""

    _db: sqlite3.Connection

    if TYPE_CHECKING:  # provided by SqliteStore; declared for the type checker only
        def _begin(self) -> None: ...
        def _commit(self) -> None: ...
        def _rollback(self) -> None: ...
        def _write(self, sql: str, params: tuple[Any, ...], reindex: str | None = None
                   ) -> None: ...

    # --- accounts --------------------------------------------------------------------

    def account(self, name_key: str) -> AccountRecord | None:
        row = self._db.execute(f"{_ACCOUNT} WHERE name_key=?", (name_key,)).fetchone()
        return None if row is None else AccountRecord(*row)

    def account_by_key(self, ssh_key: str) -> AccountRecord | None:
        row = self._db.execute(f"{_ACCOUNT} WHERE ssh_key=?", (ssh_key,)).fetchone()
        return None if row is None else AccountRecord(*row)

    def accounts(self) -> list[AccountRecord]:
        return [AccountRecord(*row) for row in self._db.execute(f"{_ACCOUNT} ORDER BY name_key")]

    def create_account(self, acc: AccountRecord) -> None:
        """sqlite3.IntegrityError when the name (or a look-alike) is claimed already."""
        self._write(
            "INSERT INTO accounts (id, name, name_key, password_hash, ssh_key, created)"
            " VALUES (?,?,?,?,?,?)",
            (acc.id, acc.name, acc.name_key, acc.password_hash, acc.ssh_key,
             acc.created or time.time()),
        )

    def set_credentials(self, account_id: str, password_hash: str | None,
                        ssh_key: str | None) -> None:
        """Replace the account's password hash and SSH key (None: keep the one stored)."""
        self._write(
            "UPDATE accounts SET password_hash=COALESCE(?, password_hash),"
            " ssh_key=COALESCE(?, ssh_key) WHERE id=?",
            (password_hash, ssh_key, account_id),
        )

    def remove_account(self, name_key: str) -> AccountRecord | None:
        """Delete the account and its ratings (its games and their rating changes stay:
        the others' ratings were computed with it). The account removed, or None."""
        acc = self.account(name_key)
        if acc is None:
            return None
        self._begin()
        try:
            self._db.execute("DELETE FROM accounts WHERE id=?", (acc.id,))
            self._db.execute("DELETE FROM ratings WHERE player=?", (acc.id,))
            self._commit()
        except BaseException:
            self._rollback()
            raise
        return acc

    # --- ratings ---------------------------------------------------------------------

    def rating(self, game: str, player: str) -> Rating | None:
        row = self._db.execute(
            "SELECT mu, sigma, games, wins FROM ratings WHERE game=? AND player=?",
            (game, player)).fetchone()
        return None if row is None else Rating(*row)

    def ratings(self, game: str) -> dict[str, Rating]:
        return {p: Rating(mu, sigma, n, w) for p, mu, sigma, n, w in self._db.execute(
            "SELECT player, mu, sigma, games, wins FROM ratings WHERE game=?", (game,))}

    def rating_changes(self, room_id: str) -> list[RatingChange]:
        return [
            RatingChange(seat, player, Rating(mb, sb), Rating(mu, sigma))
            for seat, player, mb, sb, mu, sigma in self._db.execute(
                "SELECT seat, player, mu_before, sigma_before, mu, sigma FROM rating_changes"
                " WHERE room=? ORDER BY seat", (room_id,))
        ]

    def save_rated_game(self, room_id: str, game: str, changes: list[RatingChange],
                        ratings: dict[str, Rating]) -> None:
        """One rated game: its changes per seat and its players' new ratings, one commit."""
        self._begin()
        try:
            self._save_rated(room_id, game, changes, ratings)
            self._commit()
        except BaseException:
            self._rollback()
            raise

    def _save_rated(self, room_id: str, game: str, changes: list[RatingChange],
                    ratings: dict[str, Rating]) -> None:
        self._db.executemany(  # the game and its place in the finishing order with each
            # change: a player's history is read from an index (server/store/standings.py)
            "INSERT OR REPLACE INTO rating_changes (room, seat, player, mu_before,"
            " sigma_before, mu, sigma, game, finished_n) VALUES (?,?,?,?,?,?,?,?,"
            " (SELECT finished_n FROM rooms WHERE id=?))",
            [(room_id, c.seat, c.player, c.before.mu, c.before.sigma, c.after.mu,
              c.after.sigma, game, room_id) for c in changes])
        if not ratings:
            return
        humans = [p for p in ratings if not p.startswith("bot:")]
        marks = ",".join("?" * len(humans))
        known = {row[0] for row in self._db.execute(
            f"SELECT id FROM accounts WHERE id IN ({marks})", humans)} if humans else set()
        self._db.executemany(
            "INSERT OR REPLACE INTO ratings (game, player, mu, sigma, games, wins)"
            " VALUES (?,?,?,?,?,?)",
            [(game, p, r.mu, r.sigma, r.games, r.wins) for p, r in ratings.items()
             if p in known or p.startswith("bot:")])

    def finished_in_order(self) -> Iterator[FinishedGame]:
        """Every game that ended since finishing order was recorded, in that order."""
        rows = self._db.execute(
            "SELECT id, game, options, result FROM rooms WHERE status='over' AND"
            " finished_n IS NOT NULL ORDER BY finished_n, id").fetchall()
        for rid, game, options, result in rows:
            seats = [(s, k, lv, a) for s, k, lv, a in self._db.execute(
                "SELECT seat, kind, level, account FROM seats WHERE room=? ORDER BY seat",
                (rid,))]
            yield FinishedGame(rid, game, json.loads(options),
                               None if result is None else json.loads(result), seats)

    def replace_ratings(self, rated: list[tuple[str, str, list[RatingChange]]],
                        ratings: dict[str, dict[str, Rating]]) -> None:
        """Recomputed from the games: every rating and change replaced, one commit."""
        self._begin()
        try:
            self._db.execute("DELETE FROM rating_changes")
            self._db.execute("DELETE FROM ratings")
            for room_id, game, changes in rated:
                self._save_rated(room_id, game, changes, {})
            known = {row[0] for row in self._db.execute("SELECT id FROM accounts")}
            self._db.executemany(
                "INSERT INTO ratings (game, player, mu, sigma, games, wins) VALUES (?,?,?,?,?,?)",
                [(game, p, r.mu, r.sigma, r.games, r.wins) for game, table in ratings.items()
                 for p, r in table.items() if p in known or p.startswith("bot:")])
            self._commit()
        except BaseException:
            self._rollback()
            raise
