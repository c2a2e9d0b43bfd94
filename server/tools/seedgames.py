"""Fill a store with finished games (and waiting rooms) fast, through the store API.

For the lobby and memory benchmarks and the tests of lobby paging: thousands of rooms
written exactly as the server writes them (rooms, seats, status, result), so a server
started on that data directory meets what a long-lived host would have. A few of the
finished games can be real: played out with random legal actions and their action log
stored, so they replay like any other.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from server.engine.playout import steps
from server.games.registry import get_game
from server.net.seating import hash_token, setup_options
from server.net.sync import plain
from server.store.base import ActionRecord, RoomRecord, SeatRecord
from server.store.sqlite import SqliteStore

GAME = "puerto-rico"
PLAYERS = 5
NAMES = ("Ana", "Bruno", "Carla", "Dmitri", "Eun-ji")


def _record(rid: str, created: float, status: str, players: int = PLAYERS) -> RoomRecord:
    seats = [
        SeatRecord(
            s, "human", f"{NAMES[s % len(NAMES)]} {rid[-4:]}", None, hash_token(f"{rid}.seed{s}")
        )
        for s in range(players)
    ]
    return RoomRecord(
        id=rid,
        game=GAME,
        players=players,
        options={"edition": "classic", "open_vp": False, "takeover_level": "easy"},
        seed=int(rid[-6:], 16) if status == "over" else 1,
        name=f"Table {rid}",
        host=seats[0].name,
        status=status,
        created=created,
        seats=seats,
        rules_version=get_game(GAME).rules_version,  # the rules this server plays
    )


def play_out(store: SqliteStore, rec: RoomRecord, rnd: random.Random) -> int:
    """Play ``rec`` (already stored) to its end with random legal actions, storing each
    action and the result as the server would; return the number of actions."""
    game = get_game(rec.game)
    state = game.setup(rec.players, setup_options(rec), rec.seed)
    n = 0
    for step in steps(game, state, rnd):
        store.append_action(rec.id, ActionRecord(n, step.seat, plain(step.action)))
        n += 1
    result = game.result(state)
    store.set_status(rec.id, "over", result.to_data() if result is not None else None)
    return n


def seed_finished(
    store: SqliteStore, count: int, *, real: int = 0, now: float | None = None
) -> list[str]:
    """Write ``count`` finished five-player games, one a minute back from ``now``
    (ids ``f0000000`` newest ... oldest last); the ``real`` oldest are played out for
    real and replay. Returns the ids, newest first."""
    now = time.time() if now is None else now
    rnd = random.Random(count)
    ids = [f"f{i:07x}" for i in range(count)]
    with store.many():
        for i, rid in enumerate(ids):
            real_game = i >= count - real
            rec = _record(rid, now - 60.0 * (i + 1), "playing" if real_game else "over")
            if not real_game:
                rec.result = {"winners": [0], "scores": [40, 38, 35, 30, 28]}
            store.create_room(rec)
            if real_game:
                play_out(store, rec, rnd)
    return ids


def seed_waiting(store: SqliteStore, count: int, now: float | None = None) -> list[str]:
    """Write ``count`` waiting rooms with one seated (disconnected) human each."""
    now = time.time() if now is None else now
    ids = [f"w{i:07x}" for i in range(count)]
    with store.many():
        for i, rid in enumerate(ids):
            rec = _record(rid, now - i, "waiting", players=4)
            for seat in rec.seats[1:]:
                seat.kind, seat.name, seat.token_hash = "empty", None, None
            store.create_room(rec)
    return ids


def seed_data_dir(data_dir: str | Path, finished: int = 0, waiting: int = 0, real: int = 0) -> Path:
    """Seed the store file a server on ``data_dir`` opens; return the file's path."""
    from server.net.server import DB_NAME

    path = Path(data_dir) / DB_NAME
    store = SqliteStore(path)
    try:
        seed_finished(store, finished, real=real)
        seed_waiting(store, waiting)
    finally:
        store.close()
    return path
