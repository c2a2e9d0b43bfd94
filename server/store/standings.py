"""The leaderboard and players' profiles, read from the SQLite store (mixed into
``SqliteStore``).

Every read here is answered from an index, never by scanning the games: the
leaderboard walks ``ratings_by_ordinal`` (a game's ratings, best first by the
conservative ordinal ``mu - 3 sigma``: OpenSkill's own ``ordinal()``), so its page of a
server with 10,000 accounts reads one page of index entries; a profile reads its
player's ratings (``ratings_by_player``), rating changes (``rating_changes_by_player``)
and, for a claimed name, the seats it sat in (``seats_by_account``).

Only what anyone in the lobby may see comes out: finished games (their seats' names
and final result are public once a game is over), ratings and their changes. Unfinished
games are never listed.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from typing import Any

ORDINAL = "mu - 3 * sigma"
"""The conservative rating shown and sorted by: OpenSkill's ``ordinal()`` (z = 3), the
same number ``prtui admin ratings`` sorts by. Written once: the index and the queries
must use the same expression for SQLite to read the index."""

INDEXES = f"""
CREATE INDEX IF NOT EXISTS ratings_by_ordinal ON ratings (game, ({ORDINAL}) DESC, player);
CREATE INDEX IF NOT EXISTS ratings_by_player ON ratings (player);
CREATE INDEX IF NOT EXISTS rating_changes_by_player ON rating_changes (player, finished_n);
CREATE INDEX IF NOT EXISTS rating_changes_by_game ON rating_changes (player, game, finished_n);
CREATE INDEX IF NOT EXISTS seats_by_account ON seats (account);
"""
"""Made after the added columns (``seats.account``, ``ratings.wins``,
``rating_changes.game`` and ``finished_n``) exist."""

HISTORY_POINTS = 200
"""Most rating changes a profile's plot gets per game (the newest)."""


@dataclass(frozen=True)
class Standing:
    """One row of a leaderboard: ``player`` is an account id or ``bot:LEVEL``; ``name``
    the account's name (None for a bot)."""

    rank: int
    player: str
    name: str | None
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class PlayedGame:
    """A finished game of one player, as anyone may see it: its seats (names and kinds),
    the public final result, and the player's rating change there if it was rated."""

    room: str
    game: str
    name: str
    players: int
    created: float
    seat: int
    result: dict[str, Any] | None
    seats: list[tuple[int, str, str | None, str | None]] = field(default_factory=list)
    change: tuple[float, float, float, float] | None = None  # mu, sigma before; after


def prepare(db: sqlite3.Connection) -> None:
    """The columns a file made before them lacks, filled from its stored games (a
    rating's ``wins``; each rating change's ``game`` and ``finished_n``, its game's
    place in the order games ended), then the indexes."""
    have = {row[1] for row in db.execute("PRAGMA table_info(ratings)")}
    if "wins" not in have:
        db.execute("ALTER TABLE ratings ADD COLUMN wins INTEGER NOT NULL DEFAULT 0")
        _count_wins(db)
    have = {row[1] for row in db.execute("PRAGMA table_info(rating_changes)")}
    if "finished_n" not in have:
        db.execute("ALTER TABLE rating_changes ADD COLUMN game TEXT")
        db.execute("ALTER TABLE rating_changes ADD COLUMN finished_n INTEGER")
        db.execute("UPDATE rating_changes SET game=(SELECT game FROM rooms WHERE id=room),"
                   " finished_n=(SELECT finished_n FROM rooms WHERE id=room)")
    db.executescript(INDEXES)


def _count_wins(db: sqlite3.Connection) -> None:
    """Wins (rank 1, shared on a tie) of every rated player, from the rated games."""
    wins: dict[tuple[str, str], set[str]] = {}
    for room, game, seat, player, result in db.execute(
            "SELECT rc.room, r.game, rc.seat, rc.player, r.result FROM rating_changes rc"
            " JOIN rooms r ON r.id = rc.room"):
        scores = (json.loads(result) or {}).get("scores", []) if result else []
        if any(int(s.get("seat", -1)) == seat and int(s.get("rank", 0)) == 1 for s in scores):
            wins.setdefault((game, player), set()).add(room)
    db.executemany("UPDATE ratings SET wins=? WHERE game=? AND player=?",
                   [(len(rooms), game, player) for (game, player), rooms in wins.items()])


class StandingsStore:
    """Leaderboards and profiles: reads only."""

    _db: sqlite3.Connection

    def leaderboard(self, game: str, limit: int, offset: int) -> tuple[int, list[Standing]]:
        """How many players ``game`` has ratings for, and the page from ``offset``, best
        first (ties by the player's id, so pages never overlap). Equal ratings share a
        rank, the one a profile shows (1 + how many are better: 1, 2, 2, 4)."""
        total = int(self._db.execute("SELECT COUNT(*) FROM ratings WHERE game=?",
                                     (game,)).fetchone()[0])
        rows = self._db.execute(
            f"SELECT r.player, a.name, r.mu, r.sigma, r.games, r.wins FROM ratings r"
            f" LEFT JOIN accounts a ON a.id = r.player WHERE r.game=?"
            f" ORDER BY {ORDINAL} DESC, r.player LIMIT ? OFFSET ?",
            (game, limit, offset)).fetchall()
        page: list[Standing] = []
        for i, (player, name, mu, sigma, games, wins) in enumerate(rows):
            ordinal = mu - 3 * sigma
            if not page:  # a tie may run on from the page before
                rank = 1 + int(self._db.execute(
                    f"SELECT COUNT(*) FROM ratings WHERE game=? AND {ORDINAL} > ?",
                    (game, ordinal)).fetchone()[0])
            elif ordinal < page[-1].ordinal:
                rank = offset + i + 1
            else:
                rank = page[-1].rank
            page.append(Standing(rank, player, name, mu, sigma, games, wins))
        return total, page

    def standings_of(self, player: str) -> list[tuple[str, Standing, int]]:
        """The player's rating in each game they have one: (game, standing, players
        rated in that game); the standing's rank counts the better ordinals."""
        out = []
        for game, mu, sigma, games, wins in self._db.execute(
                "SELECT game, mu, sigma, games, wins FROM ratings WHERE player=? ORDER BY game",
                (player,)).fetchall():
            better = self._db.execute(
                f"SELECT COUNT(*) FROM ratings WHERE game=? AND {ORDINAL} > ?",
                (game, mu - 3 * sigma)).fetchone()[0]
            total = self._db.execute("SELECT COUNT(*) FROM ratings WHERE game=?",
                                     (game,)).fetchone()[0]
            out.append((game, Standing(int(better) + 1, player, None, mu, sigma, games, wins),
                        int(total)))
        return out

    def rating_history(self, player: str, game: str, points: int = HISTORY_POINTS
                       ) -> list[tuple[float, float, float, float]]:
        """The player's rating changes in ``game``, oldest first (the newest ``points``):
        (mu, sigma before; mu, sigma after) per rated game; a bot level seated twice in
        one game counts once, with the mean of its seats."""
        rows = self._db.execute(
            "SELECT AVG(mu_before), AVG(sigma_before), AVG(mu), AVG(sigma)"
            " FROM rating_changes WHERE player=? AND game=? GROUP BY finished_n"
            " ORDER BY finished_n DESC LIMIT ?", (player, game, points)).fetchall()
        return [tuple(row) for row in reversed(rows)]

    def games_of(self, player: str, account: bool, limit: int, offset: int) -> list[PlayedGame]:
        """The player's finished games, newest first: a claimed name's every finished
        game (its seats), a bot level's rated games (``rating_changes``, in the order
        they ended: unrated bot games are countless and anonymous)."""
        if account:
            rows = self._db.execute(
                "SELECT r.id, r.game, r.name, r.players, r.created, s.seat, r.result"
                " FROM seats s JOIN rooms r ON r.id = s.room"
                " WHERE s.account=? AND r.status='over'"
                " ORDER BY r.finished_n DESC, r.created DESC, r.id LIMIT ? OFFSET ?",
                (player, limit, offset)).fetchall()
        else:
            seat_of = dict(self._db.execute(
                "SELECT room, MIN(seat) FROM rating_changes WHERE player=? GROUP BY finished_n"
                " ORDER BY finished_n DESC LIMIT ? OFFSET ?", (player, limit, offset)))
            marks = ",".join("?" * len(seat_of))
            found = {row[0]: row for row in self._db.execute(  # by id: status is checked
                # here, as the status index would read every finished game
                "SELECT id, game, name, players, created, result, status FROM rooms"
                f" WHERE id IN ({marks})", list(seat_of))}
            rows = [(*found[rid][:5], seat, found[rid][5]) for rid, seat in seat_of.items()
                    if rid in found and found[rid][6] == "over"]
        if not rows:
            return []
        ids = [row[0] for row in rows]
        marks = ",".join("?" * len(ids))
        seats: dict[str, list[tuple[int, str, str | None, str | None]]] = {}
        for room, seat, kind, name, level in self._db.execute(
                f"SELECT room, seat, kind, name, level FROM seats WHERE room IN ({marks})"
                " ORDER BY room, seat", ids):
            seats.setdefault(room, []).append((seat, kind, name, level))
        changes: dict[str, tuple[float, float, float, float]] = {}
        for room, *change in self._db.execute(
                "SELECT room, AVG(mu_before), AVG(sigma_before), AVG(mu), AVG(sigma)"
                f" FROM rating_changes WHERE room IN ({marks}) AND +player=? GROUP BY room",
                [*ids, player]):  # by the rooms' key: "+" keeps SQLite off the player's
            # index, which would read every change of a bot level
            changes[room] = (change[0], change[1], change[2], change[3])
        return [PlayedGame(rid, game, name, players, created, seat,
                           None if result is None else json.loads(result),
                           seats.get(rid, []), changes.get(rid))
                for rid, game, name, players, created, seat, result in rows]
