"""Rated finished games in a real store file, for the leaderboard and profile tests:
claimed names (with a password, so the app can log in as one), games played out with
random legal actions and stored action by action (so they replay), then rated as a room
rates them (``rate_finished``)."""

from __future__ import annotations

import random
from pathlib import Path

from server.net.passwords import hash_password
from server.net.ratings import rate_finished
from server.net.server import DB_NAME
from server.protocol.names import look_alike_key
from server.store.accounts import AccountRecord
from server.store.base import RoomRecord, SeatRecord
from server.store.sqlite import SqliteStore
from server.tools.seedgames import play_out

PASSWORD = "a password of mine"
GAME = "san-juan"


def account_id(name: str) -> str:
    return "acc-" + name.encode().hex()


def seed_rated(data_dir: Path, names: list[str], tables: list[list[str]],
               password: str = PASSWORD) -> list[str]:
    """Claim ``names`` (all with ``password``) and play ``tables`` to their end, oldest
    first: each a list of seats, a claimed name or ``bot:LEVEL``. The rooms' ids, in
    that order."""
    store = SqliteStore(data_dir / DB_NAME)
    rnd = random.Random(7)
    ids = []
    try:
        digest = hash_password(password)
        for name in names:
            store.create_account(AccountRecord(account_id(name), name, look_alike_key(name),
                                               digest, None, 1_700_000_000.0))
        for n, seats in enumerate(tables):
            rid = f"rated{n:03d}"
            recs = [SeatRecord(i, "bot", None, who[4:]) if who.startswith("bot:") else
                    SeatRecord(i, "human", who, None, None, account_id(who))
                    for i, who in enumerate(seats)]
            rec = RoomRecord(rid, GAME, len(seats), {"fair_start": False, "rated": "on",
                                                      "takeover_level": "easy"},
                             1000 + n, f"{seats[0]}'s table {n}", None, status="playing",
                             seats=recs, created=1_700_000_000.0 + 3600 * n)
            store.create_room(rec)
            play_out(store, rec, rnd)
            stored = store.load_room(rid)
            assert stored is not None and stored.status == "over"
            assert rate_finished(store, stored) is not None
            ids.append(rid)
    finally:
        store.close()
    return ids
