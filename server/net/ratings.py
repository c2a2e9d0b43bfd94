"""Ratings per game: OpenSkill's Weng-Lin Plackett-Luce model over rated tables.

A table is rated when its host said so at creation (room option ``rated: "on"``) and
every seat is a claimed identity or a bot when the game ends: one guest seat makes it
unrated. Bots carry a rating per level (``bot:hard``), as lichess's bots do; a level
seated twice at one table counts as two players with the same rating going in, and
takes the mean of their two results. Ranks are the game's own (ties share a rank).

Ratings are derived from the stored games: ``recompute`` replays every finished game
in the order they ended and must come out exactly as the updates made one game at a
time (``prtui admin ratings recompute``).
"""

from __future__ import annotations

from collections.abc import Callable
from statistics import fmean
from typing import TYPE_CHECKING

from openskill.models import PlackettLuce

from server.store.accounts import FinishedGame, Rating, RatingChange
from server.store.base import RoomRecord, Store

if TYPE_CHECKING:
    from server.store.sqlite import SqliteStore

MODEL = PlackettLuce()
"""The model with the library's defaults (mu 25, sigma 25/3): a new player's rating."""
BOT = "bot:"


def new_rating() -> Rating:
    r = MODEL.rating()
    return Rating(float(r.mu), float(r.sigma), 0)


def is_rated(options: dict[str, object]) -> bool:
    return options.get("rated") == "on"


def seat_player(kind: str, level: str | None, account: str | None) -> str | None:
    """Whose rating a seat plays for: an account's id, ``bot:LEVEL``, or None (a guest)."""
    if kind == "bot" and level:
        return BOT + level
    if kind == "human":
        return account or None
    return None


def rate(game: FinishedGame, current: Callable[[str], Rating]
         ) -> tuple[list[RatingChange], dict[str, Rating]] | None:
    """The changes per seat and the new ratings of one finished game, or None when it
    is not rated (not marked rated, no result, a guest seat)."""
    if not is_rated(game.options) or not game.result:
        return None
    players = [seat_player(kind, level, account) for _, kind, level, account in game.seats]
    rank = {int(s["seat"]): int(s["rank"]) for s in game.result.get("scores", [])}
    seats = [seat for seat, *_ in game.seats]
    if not players or any(p is None for p in players) or set(rank) != set(seats):
        return None
    before = [current(p) for p in players if p is not None]
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(rank[seat]) for seat in seats])
    changes = [
        RatingChange(seat, p, b, Rating(float(team[0].mu), float(team[0].sigma), b.games + 1))
        for seat, p, b, team in zip(seats, players, before, after, strict=True) if p is not None
    ]
    ratings: dict[str, Rating] = {}
    for p in dict.fromkeys(c.player for c in changes):
        mine = [c for c in changes if c.player == p]
        won = any(rank[c.seat] == 1 for c in mine)
        ratings[p] = Rating(fmean(c.after.mu for c in mine), fmean(c.after.sigma for c in mine),
                            mine[0].before.games + 1, mine[0].before.wins + won)
    return changes, ratings


def finished(rec: RoomRecord) -> FinishedGame:
    seats = [(s.seat, s.kind, s.level, s.account) for s in rec.seats]
    return FinishedGame(rec.id, rec.game, rec.options, rec.result, seats)


def rate_finished(store: Store, rec: RoomRecord) -> list[RatingChange] | None:
    """Rate a game that just ended and store the result (None: it is not rated)."""
    game = finished(rec)
    rated = rate(game, lambda p: store.rating(game.game, p) or new_rating())
    if rated is None:
        return None
    changes, ratings = rated
    store.save_rated_game(rec.id, rec.game, changes, ratings)
    return changes


def _looked_up(table: dict[str, Rating]) -> Callable[[str], Rating]:
    return lambda player: table.get(player) or new_rating()


def recompute(store: SqliteStore) -> int:
    """Every rating again from the stored games, in the order they ended; replaces the
    stored ratings in one commit. Returns the number of rated games."""
    tables: dict[str, dict[str, Rating]] = {}
    rated_games: list[tuple[str, str, list[RatingChange]]] = []
    for game in store.finished_in_order():
        table = tables.setdefault(game.game, {})
        rated = rate(game, _looked_up(table))
        if rated is None:
            continue
        changes, ratings = rated
        table.update(ratings)
        rated_games.append((game.room, game.game, changes))
    store.replace_ratings(rated_games, tables)
    return len(rated_games)
