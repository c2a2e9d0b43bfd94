"""``leaderboard`` and ``profile`` over loopback against a real SQLite file: rated games
stored and rated as a room does (``rate_finished``), then asked for by a client. The
order is the conservative ordinal (mu - 3 sigma), wins are counted, bots are listed per
level, a guest has no profile, unfinished games and account ids never leave the server,
bad input gets clear refusals, and every query reads an index (10,000 accounts)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import msgpack

from server.engine.contract import ScoreLine, ranked
from server.net.ratings import rate_finished
from server.net.server import DB_NAME, GameServer
from server.store.accounts import AccountRecord
from server.store.base import RoomRecord, SeatRecord
from server.store.sqlite import SqliteStore
from tests.net.client import Client

Seat = tuple[str, str]  # ("human", name) or ("bot", level)
IDS = {"ana": "id-of-ana-0001", "bo": "id-of-bo-0002", "[bold]x": "id-of-x-0003"}


def finish(store: SqliteStore, rid: str, seats: list[Seat], totals: list[int] | None,
           created: float) -> None:
    """A game of ``seats`` (claimed names by name, bots by level), stored; with
    ``totals`` it ended and was rated as the room rates it, without it still plays."""
    recs = [SeatRecord(i, kind, who if kind == "human" else None, who if kind == "bot" else None,
                       None, IDS.get(who) if kind == "human" else None)
            for i, (kind, who) in enumerate(seats)]
    rec = RoomRecord(rid, "nettoy", len(seats), {"cards": 12, "rated": "on"}, 1,
                     f"table {rid}", None, status="playing", seats=recs, created=created)
    store.create_room(rec)
    if totals is None:
        return
    rec.result = ranked([ScoreLine(i, t, {}, 0) for i, t in enumerate(totals)]).to_data()
    rec.status = "over"
    store.set_status(rid, "over", rec.result)
    rate_finished(store, rec)


def seed(path: Path) -> None:
    store = SqliteStore(path)
    try:
        for name, aid in IDS.items():
            store.create_account(AccountRecord(aid, name, name.lower(), None, None, 1.0))
        finish(store, "g1", [("human", "ana"), ("human", "bo"), ("bot", "hard")], [50, 40, 30], 1)
        finish(store, "g2", [("human", "ana"), ("human", "[bold]x"), ("bot", "easy")],
               [44, 50, 10], 2)
        finish(store, "g3", [("human", "ana"), ("bot", "hard"), ("bot", "hard")], [61, 20, 20], 3)
        finish(store, "live", [("human", "ana"), ("bot", "hard")], None, 4)  # not over
    finally:
        store.close()


async def test_the_leaderboard_and_a_profile_show_what_anyone_may_see(tmp_path: Path) -> None:
    seed(tmp_path / DB_NAME)
    async with GameServer(tmp_path, "127.0.0.1", 0) as server:
        c = await Client.connect(server.port, "eve")  # a guest may look
        try:
            board = await c.ok("leaderboard", game="nettoy")
            rows = board["players"]
            assert board["total"] == 5 and [r["rank"] for r in rows] == [1, 2, 3, 4, 5]
            ratings = [r["rating"] for r in rows]
            assert ratings == sorted(ratings, reverse=True)
            by = {r.get("name") or "bot:" + r["bot"]: r for r in rows}
            assert set(by) == {"ana", "bo", "[bold]x", "bot:hard", "bot:easy"}
            assert (by["ana"]["games"], by["ana"]["wins"]) == (3, 2)
            assert (by["bot:hard"]["games"], by["bot:hard"]["wins"]) == (2, 0)
            assert by["[bold]x"]["wins"] == 1 and by["bo"]["wins"] == 0
            for r in rows:
                assert abs(r["rating"] - (r["mu"] - 3 * r["sigma"])) < 0.01
            page = await c.ok("leaderboard", game="nettoy", limit=2, offset=2)
            assert page["players"] == rows[2:4]

            ana = await c.ok("profile", name="ANA")  # any spelling of the name
            assert ana["name"] == "ana"
            (nettoy,) = ana["ratings"]
            assert nettoy["game"] == "nettoy" and nettoy["rank"] == by["ana"]["rank"]
            assert (nettoy["games"], nettoy["wins"], nettoy["of"]) == (3, 2, 5)
            history = ana["history"]["nettoy"]
            assert len(history) == 4 and history[-1] == by["ana"]["rating"]
            assert [g["room"] for g in ana["games"]] == ["g3", "g2", "g1"]  # newest first
            g2 = ana["games"][1]
            assert (g2["rank"], g2["total"], g2["winners"]) == (2, 44, [1])
            assert [s["name"] for s in g2["seats"][:2]] == ["ana", "[bold]x"]
            assert g2["rating"]["after"] == history[2] and g2["rating"]["before"] == history[1]
            assert ana["more"] is False

            bot = await c.ok("profile", bot="hard")
            assert [g["room"] for g in bot["games"]] == ["g3", "g1"]
            assert bot["ratings"][0]["games"] == 2 and len(bot["history"]["nettoy"]) == 3

            said = msgpack.packb([board, page, ana, bot])
            for aid in IDS.values():  # an account's id is the server's own
                assert aid.encode() not in said
            assert b"live" not in said  # an unfinished game is nobody's record yet
        finally:
            await c.close()


async def test_bad_asks_get_clear_refusals_and_the_connection_goes_on(tmp_path: Path) -> None:
    seed(tmp_path / DB_NAME)
    async with GameServer(tmp_path, "127.0.0.1", 0) as server:
        c = await Client.connect(server.port, "eve")
        try:
            asks = [
                ({"t": "leaderboard", "game": "chess"}, "unknown_game"),
                ({"t": "leaderboard", "game": "nettoy", "offset": -1}, "bad_value"),
                ({"t": "leaderboard", "game": "nettoy", "limit": 0}, "bad_value"),
                ({"t": "leaderboard", "game": "nettoy", "limit": 101}, "bad_value"),
                ({"t": "leaderboard", "game": "nettoy", "offset": "1"}, "bad_type"),
                ({"t": "leaderboard"}, "missing_field"),
                ({"t": "profile", "name": "n" * 33}, "too_long"),
                ({"t": "profile", "name": "eve"}, "no_profile"),  # a guest
                ({"t": "profile", "bot": "grandmaster"}, "no_profile"),
                ({"t": "profile"}, "bad_value"),
                ({"t": "profile", "name": "ana", "bot": "hard"}, "bad_value"),
                ({"t": "profile", "name": "ana", "offset": -5}, "bad_value"),
            ]
            for ask, code in asks:
                fields = {k: v for k, v in ask.items() if k != "t"}
                r = await c.cmd(str(ask["t"]), **fields)
                assert (r["t"], r["code"]) == ("reject", code), (ask, r)
                assert r["reason"]
            guest = await c.cmd("profile", name="eve")
            assert "guest" in guest["reason"]
            assert (await c.ok("profile", name="bo"))["name"] == "bo"  # still served
        finally:
            await c.close()


def test_every_query_reads_an_index_at_10000_accounts(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / DB_NAME)
    try:
        with store.many():
            store._db.executemany(
                "INSERT INTO accounts (id, name, name_key, created) VALUES (?,?,?,1)",
                [(f"a{i}", f"p{i}", f"p{i}") for i in range(10_000)])
            store._db.executemany(
                "INSERT INTO ratings (game, player, mu, sigma, games, wins) VALUES (?,?,?,?,?,?)",
                [(game, f"a{i}", 20 + i % 97 / 10, 3 + i % 13 / 10, 5, 1)
                 for i in range(10_000) for game in ("nettoy", "other")])
            for n in range(300):
                finish(store, f"r{n}", [("human", "ana"), ("bot", "hard")], [n % 3, 1], n)
            for n in range(2000):  # a bot level's many games: its profile reads a page
                finish(store, f"b{n}", [("bot", "hard"), ("bot", "easy")], [n % 2, 1], n)
        store.create_account(AccountRecord(IDS["ana"], "ana", "ana", None, None, 1.0))
        ordinals = [r.ordinal for r in store.leaderboard("nettoy", 10_002, 0)[1]]
        run: list[str] = []
        store._db.set_trace_callback(run.append)
        total, page = store.leaderboard("nettoy", 50, 9_000)
        assert total == 10_002 and len(page) == 50
        for row in page:  # a rank is 1 + how many are better: equal ratings share it
            assert row.rank == 1 + sum(o > row.ordinal for o in ordinals), row
        assert len({r.rank for r in page}) < len(page)  # this page has ties
        store.standings_of("a17")
        store.rating_history(IDS["ana"], "nettoy")
        store.games_of(IDS["ana"], True, 20, 0)
        assert [g.room for g in store.games_of("bot:hard", False, 2, 0)] == ["b1999", "b1998"]
        assert len(store.rating_history("bot:hard", "nettoy")) == 200
        store._db.set_trace_callback(None)
        reads = [sql for sql in run if sql.lstrip().upper().startswith("SELECT")]
        assert len(reads) >= 12
        for sql in reads:
            plan = [row[3] for row in store._db.execute("EXPLAIN QUERY PLAN " + sql)]
            scans = [step for step in plan if step.startswith("SCAN")
                     or "rooms_by_status" in step]  # every finished game of the server
            assert not scans, (sql, plan)
            if " IN (" in sql:  # a page's rooms, read by their key (not a player's index)
                assert all("(room=?)" in step or "(id=?)" in step for step in plan), plan
            if "ORDER BY mu - 3 * sigma" in sql or "ORDER BY finished_n" in sql:
                assert not any("TEMP B-TREE" in step for step in plan), plan  # index order
    finally:
        store.close()


def test_a_file_from_before_wins_and_histories_were_kept_is_filled_in_when_opened(tmp_path: Path) -> None:
    seed(tmp_path / DB_NAME)
    store = SqliteStore(tmp_path / DB_NAME)
    kept = store.ratings("nettoy")
    history = store.rating_history(IDS["ana"], "nettoy")
    bot_games = store.games_of("bot:hard", False, 10, 0)
    store.close()
    db = sqlite3.connect(tmp_path / DB_NAME)
    for sql in ("ALTER TABLE ratings DROP COLUMN wins",  # as issue 37's first release left it
                "DROP INDEX rating_changes_by_player", "DROP INDEX rating_changes_by_game",
                "ALTER TABLE rating_changes DROP COLUMN game",
                "ALTER TABLE rating_changes DROP COLUMN finished_n"):
        db.execute(sql)
    db.commit()
    db.close()
    store = SqliteStore(tmp_path / DB_NAME)
    try:
        assert store.ratings("nettoy") == kept
        assert kept[IDS["ana"]].wins == 2 and kept["bot:hard"].wins == 0
        assert len(history) == 3 and store.rating_history(IDS["ana"], "nettoy") == history
        assert store.games_of("bot:hard", False, 10, 0) == bot_games
    finally:
        store.close()


async def test_an_address_asking_too_fast_is_told_to_slow_down(tmp_path: Path) -> None:
    """30 asks sent at once: the bucket holds 12 and refills 4 a second, so some are
    refused unless the server took over 4 s to read 30 small frames."""
    seed(tmp_path / DB_NAME)
    async with GameServer(tmp_path, "127.0.0.1", 0) as server:
        c = await Client.connect(server.port, "eve")
        c.backoff = False
        try:
            answers = await asyncio.gather(*(c.cmd("leaderboard", game="nettoy", limit=1)
                                             for _ in range(30)))
            codes = [a.get("code", "ok") for a in answers]
            assert codes[:12] == ["ok"] * 12 and "rate_limited" in codes, codes
        finally:
            await c.close()
