"""Ratings on a real SQLite file: each rated game's update is exactly OpenSkill's own
Plackett-Luce computation (3 and 5 players, a tie), recomputing from the stored games
gives the same numbers, a guest seat leaves a table unrated, each bot level has a
rating of its own, and a rated table played over loopback updates its players."""

from __future__ import annotations

from pathlib import Path

from openskill.models import PlackettLuce

from server.engine.contract import ScoreLine, ranked
from server.net.identity import Identities
from server.net.ratings import rate_finished, recompute
from server.net.server import DB_NAME, GameServer
from server.store.accounts import AccountRecord, Rating
from server.store.base import RoomRecord, SeatRecord
from server.store.sqlite import SqliteStore
from tests.net.client import Client
from tests.net.test_identity import PASSWORD, claim
from tests.net.test_rooms import play_out

Seat = tuple[str, str]  # ("human", account id) or ("bot", level)


def finish(store: SqliteStore, rid: str, seats: list[Seat], totals: list[int],
           rated: bool = True) -> RoomRecord:
    """A finished game of ``seats`` with these totals, stored, then rated as the room does."""
    recs = [SeatRecord(i, kind, f"{kind} {i}", who if kind == "bot" else None, None,
                       (who or None) if kind == "human" else None) for i, (kind, who) in enumerate(seats)]
    rec = RoomRecord(rid, "nettoy", len(seats), {"cards": 12, "rated": "on" if rated else "off"},
                     1, rid, None, seats=recs, created=1.0)
    store.create_room(rec)
    rec.result = ranked([ScoreLine(i, t, {}, 0) for i, t in enumerate(totals)]).to_data()
    rec.status = "over"
    store.set_status(rid, "over", rec.result)
    rate_finished(store, rec)
    return rec


def accounts(store: SqliteStore, *ids: str) -> None:
    for who in ids:
        store.create_account(AccountRecord(who, who, who, None, "SHA256:" + who, 1.0))


def expected(model: PlackettLuce, before: list[Rating], totals: list[int]) -> list[tuple[float, float]]:
    """OpenSkill's own update: ranks from the totals (ties share one)."""
    ranks = [1 + sum(1 for other in totals if other > t) for t in totals]
    teams = [[model.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    return [(team[0].mu, team[0].sigma) for team in model.rate(teams, ranks=ranks)]


def test_updates_are_openskills_own_for_3_and_5_players_and_survive_recomputing(
    tmp_path: Path,
) -> None:
    model = PlackettLuce()
    fresh = Rating(model.rating().mu, model.rating().sigma)
    store = SqliteStore(tmp_path / DB_NAME)
    try:
        accounts(store, "ana", "bo", "cy")
        three: list[Seat] = [("human", "ana"), ("human", "bo"), ("bot", "hard")]
        finish(store, "r3", three, [30, 42, 35])
        want3 = expected(model, [fresh] * 3, [30, 42, 35])
        got3 = store.ratings("nettoy")
        for (_, who), (mu, sigma) in zip(three, want3, strict=True):
            player = who if who in ("ana", "bo") else "bot:hard"
            assert (got3[player].mu, got3[player].sigma) == (mu, sigma)
        assert got3["ana"].games == 1

        five: list[Seat] = [("human", "bo"), ("bot", "easy"), ("human", "cy"), ("human", "ana"),
                            ("bot", "hard")]
        totals5 = [50, 38, 44, 44, 61]  # seats 2 and 3 tie
        before5 = [got3["bo"], fresh, fresh, got3["ana"], got3["bot:hard"]]
        finish(store, "r5", five, totals5)
        want5 = expected(model, before5, totals5)
        got5 = store.ratings("nettoy")
        for (_, who), (mu, sigma) in zip(five, want5, strict=True):
            player = f"bot:{who}" if who in ("easy", "hard") else who
            assert (got5[player].mu, got5[player].sigma) == (mu, sigma), player
        assert got5["ana"].games == got5["bo"].games == 2 and got5["cy"].games == 1
        changes = {c.player: c for c in store.rating_changes("r5")}
        assert changes["ana"].before == Rating(got3["ana"].mu, got3["ana"].sigma)
        assert changes["ana"].after.mu == got5["ana"].mu

        made = store.rating_changes("r3") + store.rating_changes("r5")
        store._db.execute("UPDATE ratings SET mu = 0")  # lost or damaged: derived data
        store._db.execute("DELETE FROM rating_changes")
        assert recompute(store) == 2
        assert store.ratings("nettoy") == got5
        assert store.rating_changes("r3") + store.rating_changes("r5") == made
    finally:
        store.close()
    reopened = SqliteStore(tmp_path / DB_NAME)  # and from the file, in another process' eyes
    try:
        assert recompute(reopened) == 2 and reopened.ratings("nettoy") == got5
    finally:
        reopened.close()


def test_a_guest_seat_or_an_unrated_table_changes_no_rating(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / DB_NAME)
    try:
        accounts(store, "ana")
        finish(store, "guest", [("human", "ana"), ("human", ""), ("bot", "easy")], [3, 2, 1])
        finish(store, "unrated", [("human", "ana"), ("bot", "easy")], [3, 2], rated=False)
        assert store.ratings("nettoy") == {}
        assert store.rating_changes("guest") == store.rating_changes("unrated") == []
        assert recompute(store) == 0
    finally:
        store.close()


def test_each_bot_level_carries_its_own_rating(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / DB_NAME)
    try:
        for n in range(3):
            finish(store, f"g{n}", [("bot", "hard"), ("bot", "easy"), ("bot", "easy")], [9, 5, 1])
        table = store.ratings("nettoy")
        assert set(table) == {"bot:hard", "bot:easy"}
        assert table["bot:hard"].mu > 25 > table["bot:easy"].mu
        assert table["bot:hard"].games == table["bot:easy"].games == 3
        seats = [(c.seat, c.player) for c in store.rating_changes("g2")]
        assert seats == [(0, "bot:hard"), (1, "bot:easy"), (2, "bot:easy")]
    finally:
        store.close()


async def rated_table(port: int, guest: bool) -> tuple[str, dict[str, object]]:
    ana = await Client.connect(port, "ana", password=PASSWORD)
    others = [await Client.connect(port, "bo")] if guest else []
    try:
        room = (await ana.ok("create_room", game="nettoy", players=3, options={
            "cards": 6, "rated": "on", "bot_delay_s": 0}))["room"]
        for seat, c in enumerate([ana, *others]):
            await c.ok("join_room", room=room, as_="player")
            await c.ok("take_seat", room=room, seat=seat)
            if seat:
                await c.ok("ready", room=room, ready=True)
        for seat in range(1 + len(others), 3):
            await ana.ok("add_bot", room=room, seat=seat, level="random")
        await ana.ok("start", room=room)
        await play_out(room, [ana, *others])
        over = await ana.wait_for(lambda f: f["t"] == "room" and f["room"]["status"] == "over")
        return room, over["room"]
    finally:
        for c in (ana, *others):
            await c.close()


async def test_a_rated_table_played_over_tcp_rates_its_claimed_player_and_bots(
    tmp_path: Path,
) -> None:
    async with GameServer(tmp_path) as server:
        assert server.store is not None and server.lobby is not None
        await claim(server.port)
        ana = server.store.account("ana")
        assert ana is not None
        _, info = await rated_table(server.port, guest=True)
        assert server.store.ratings("nettoy") == {}  # bo was a guest
        assert not any("rating" in seat for seat in info["seats"])  # type: ignore[attr-defined]
        room, info = await rated_table(server.port, guest=False)
        table = server.store.ratings("nettoy")
        assert set(table) == {ana.id, "bot:random"} and table[ana.id].games == 1
        changes = server.store.rating_changes(room)
        assert [c.player for c in changes] == [ana.id, "bot:random", "bot:random"]
        assert [seat["rating"] for seat in info["seats"]] == [  # type: ignore[attr-defined]
            {"mu_before": c.before.mu, "sigma_before": c.before.sigma, "mu": c.after.mu,
             "sigma": c.after.sigma} for c in changes]  # what the game-over screen may show
        assert isinstance(server.lobby.identities, Identities)
    store = SqliteStore(tmp_path / DB_NAME)
    try:
        assert recompute(store) == 1 and store.ratings("nettoy") == table
    finally:
        store.close()


async def test_a_rated_table_takes_no_coach_and_no_chosen_seed(server: GameServer) -> None:
    c = await Client.connect(server.port, "ana")
    try:
        for extra in ({"coach": "on"}, {"seed": 7}):
            r = await c.cmd("create_room", game="nettoy", players=2,
                            options={"rated": "on", **extra})
            assert r["code"] == "invalid_options" and "rated" in r["reason"], r
        assert (await c.cmd("create_room", game="nettoy", players=2,
                            options={"rated": "maybe"}))["code"] == "invalid_options"
    finally:
        await c.close()
