"""The coach and the review against a real server on loopback, thinking in the real bot
pool (a worker process): who may ask, what comes back, the rate limit, the cache."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from prtui.netclient import Client, Rejected
from server.bots.calibration import current
from server.net.coaching import CoachDesk, CoachLimits
from server.net.server import GameServer
from server.net.sync import strip_label

FAST = CoachLimits(move_time=0.2, iterations=60, review_budget=4.0, review_move_time=0.05,
                   review_iterations=12)


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[tuple[GameServer, int]]:
    srv = GameServer(tmp_path, host="127.0.0.1", port=0)
    port = await srv.start()
    srv.lobby.coach = CoachDesk(FAST)
    yield srv, port
    await srv.stop()


async def my_table(port: int, name: str, options: dict[str, Any], game: str = "puerto-rico",
                   ) -> tuple[Client, str]:
    """``name`` in seat 0 against a random bot, started, with a decision of mine shown."""
    client = await Client.connect("127.0.0.1", port, name)
    room = str((await client.command("create_room", game=game, players=2,
                                      options={"bot_delay_s": 0, **options}))["room"])
    await client.command("join_room", room=room, as_="player")
    await client.command("take_seat", room=room, seat=0)
    await client.command("add_bot", room=room, seat=1, level="random")
    await client.command("start", room=room)
    await wait_until(lambda: bool((client.snapshot(room) or {}).get("legal")))
    return client, room


async def wait_until(ok: Any, tries: int = 3000) -> None:
    for _ in range(tries):
        if ok():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("condition never came")


@pytest.mark.parametrize("game", ["puerto-rico", "san-juan"])
async def test_coach_names_up_to_three_of_my_legal_moves(server: tuple[GameServer, int],
                                                         game: str) -> None:
    _, port = server
    client, room = await my_table(port, "eve", {"coach": "on"}, game)
    try:
        snap = client.snapshot(room) or {}
        data = await client.command("coach", room=room, timeout=30)
        assert data["v"] == client.rooms[room].v
        moves = data["moves"]
        assert 1 <= len(moves) <= 3
        legal = [strip_label(a) for a in snap["legal"]]
        for move in moves:
            assert strip_label(move["action"]) in legal  # my own moves, nothing else
            assert 0.0 <= move["value"] <= 1.0 and move["tries"] >= 1
            if move["tries"] < current().rough_tries:  # too few tries: no number
                assert move["chance"] is None and move["tie"] is False
            elif not move["tie"]:  # the calibrated chance of its own estimate
                assert move["chance"] == pytest.approx(current().chance(game, move["value"]))
            else:  # a tie's one chance
                assert 0.0 <= move["chance"] <= 1.0
        assert [mv["tries"] for mv in moves] == sorted((mv["tries"] for mv in moves),
                                                        reverse=True)
    finally:
        await client.close()


async def test_the_coach_is_off_unless_the_host_allowed_it(server: tuple[GameServer, int]
                                                           ) -> None:
    _, port = server
    client, room = await my_table(port, "eve", {})
    watcher = await Client.connect("127.0.0.1", port, "sam")
    try:
        with pytest.raises(Rejected) as off:
            await client.command("coach", room=room)
        assert off.value.code == "coach_off"
        await watcher.command("join_room", room=room, as_="spectator")
        with pytest.raises(Rejected) as spectator:
            await watcher.command("coach", room=room)
        assert spectator.value.code == "spectator"
        with pytest.raises(Rejected) as bad:
            await client.command("create_room", game="puerto-rico", players=2,
                                 options={"coach": "always"})
        assert bad.value.code == "invalid_options"
    finally:
        await watcher.close()
        await client.close()


async def test_coach_requests_are_rate_limited_per_connection(server: tuple[GameServer, int]
                                                              ) -> None:
    srv, port = server
    srv.lobby.coach = CoachDesk(CoachLimits(move_time=0.05, iterations=5, rate=0.001,
                                            burst=2, running=4))
    client, room = await my_table(port, "eve", {"coach": "on"})
    try:
        for _ in range(2):
            await client.command("coach", room=room, timeout=30)
        with pytest.raises(Rejected) as limited:
            await client.command("coach", room=room)
        assert limited.value.code == "rate_limited"
    finally:
        await client.close()


async def finished_game(port: int, name: str) -> str:
    """A finished two-player game in which ``name`` sat in seat 0 (a random bot took the
    seat over when they left): the room id."""
    client = await Client.connect("127.0.0.1", port, name)
    room = str((await client.command("create_room", game="puerto-rico", players=2, options={
        "bot_delay_s": 0, "grace_s": 0, "takeover_level": "random", "seed": 7}))["room"])
    await client.command("join_room", room=room, as_="player")
    await client.command("take_seat", room=room, seat=0)
    await client.command("add_bot", room=room, seat=1, level="random")
    await client.command("start", room=room)
    await client.close()
    lister = await Client.connect("127.0.0.1", port, "lister")
    try:
        for _ in range(4000):
            rooms = (await lister.command("list_rooms"))["rooms"]
            if any(r["id"] == room and r["status"] == "over" for r in rooms):
                return room
            await asyncio.sleep(0.01)
    finally:
        await lister.close()
    raise AssertionError("the game never finished")


async def test_review_rates_my_moves_points_out_the_worst_and_is_kept(
        server: tuple[GameServer, int]) -> None:
    srv, port = server
    room = await finished_game(port, "eve")
    eve = await Client.connect("127.0.0.1", port, "eve")
    other = await Client.connect("127.0.0.1", port, "sam")
    try:
        data = await eve.command("review", room=room, timeout=60)
        assert data["seat"] == 0 and data["moves"]
        actions = srv.lobby.store.load_actions(room)
        for move in data["moves"]:  # each a step where I chose, my move as played
            assert actions[move["step"]].seat == 0
            assert strip_label(move["played"]) == strip_label(actions[move["step"]].action)
            assert move["loss"] == pytest.approx(  # a tie (equal within noise) is no loss
                0.0 if move["best"] == move["played"] or move["tie"] else max(
                    0.0, move["best_value"] - move["value"]))
            for chance, tries in ((move["chance"], move["tries"]),
                                  (move["best_chance"], move["best_tries"])):
                assert chance is None if tries < current().rough_tries else 0 <= chance <= 1
        losses = sorted((mv["loss"] for mv in data["moves"]), reverse=True)
        worst = [mv for mv in data["moves"] if mv["step"] in data["worst"]]
        assert 1 <= len(worst) <= 3
        assert sorted(mv["loss"] for mv in worst) == sorted(losses[:len(worst)])
        again = await eve.command("review", room=room)
        assert again == data  # kept by the room
        with pytest.raises(Rejected) as stranger:
            await other.command("review", room=room)
        assert stranger.value.code == "not_a_player"
    finally:
        await other.close()
        await eve.close()


async def test_a_review_is_stored_with_the_game_and_outlives_a_restart(
        tmp_path: Path) -> None:
    """Up to 20 s of search a game: the answer is kept in the database, so after a
    restart asking again costs the pool nothing (a server with no coach pool at all
    still answers it)."""
    async with GameServer(tmp_path, host="127.0.0.1", port=0) as srv:
        srv.lobby.coach = CoachDesk(FAST)
        room = await finished_game(srv.port, "eve")
        eve = await Client.connect("127.0.0.1", srv.port, "eve")
        try:
            first = await eve.command("review", room=room, timeout=60)
        finally:
            await eve.close()
    async with GameServer(tmp_path, host="127.0.0.1", port=0) as srv:
        srv.lobby.bot_pool = lambda: None  # no pool: only the stored answer can come back
        eve = await Client.connect("127.0.0.1", srv.port, "eve")
        try:
            assert await eve.command("review", room=room, timeout=60) == first
        finally:
            await eve.close()
