"""Turn-based tables on a real server over loopback TCP with a real SQLite file, the
deadlines on a controlled clock (server/net/clock.py's SetClock: no real waiting).

Three accounts play over separate connections, each connecting only for its own move,
with the server stopped and started again on the same data directory between moves;
a deadline passes and the seat's bot plays (or, with ``on_deadline: forfeit``, the
player forfeits), also when it passed while the server was down."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from server.net.clock import SetClock
from server.net.server import DB_NAME, GameServer
from server.net.turns import on_turn_started
from tests.net.client import GUARD_S, Client
from tests.net.test_identity import PASSWORD, claim

HOUR = 3600.0
NAMES = ("ana", "bea", "cai")


@asynccontextmanager
async def serving(data: Path, clock: SetClock) -> AsyncIterator[GameServer]:
    async with GameServer(data, "127.0.0.1", 0, clock=clock) as srv:
        yield srv


@asynccontextmanager
async def player(port: int, name: str, guest: bool = False) -> AsyncIterator[Client]:
    c = await Client.connect(port, name, password=None if guest else PASSWORD)
    assert c.welcome["t"] == "welcome" and c.welcome["claimed"] is not guest, c.welcome
    try:
        yield c
    finally:
        await c.close()


def stored_deadlines(data: Path, room: str) -> dict[int, float]:
    con = sqlite3.connect(data / DB_NAME)
    try:
        return dict(con.execute("SELECT seat, due FROM turn_deadlines WHERE room=?", (room,)))
    finally:
        con.close()


async def open_table(port: int, options: dict[str, Any], names: tuple[str, ...] = NAMES,
                     bots: int = 0) -> str:
    """A turn-based toy table: the first name hosts and sits in seat 0, each other name
    takes the next seat over a connection of its own and goes away; bots fill the rest.
    The host starts it (nobody else needs to be connected) and goes away too."""
    for name in names:
        await claim(port, name)
    async with player(port, names[0]) as host:
        room = str((await host.ok("create_room", game="nettoy", players=len(names) + bots,
                                  options={"takeover_level": "random", **options}))["room"])
        await host.ok("join_room", room=room, as_="player")
        seated = await host.ok("take_seat", room=room, seat=0)
        assert "token" not in seated  # the account holds the seat, not a token
        for seat, name in enumerate(names[1:], start=1):
            async with player(port, name) as c:
                await c.ok("join_room", room=room, as_="player")
                await c.ok("take_seat", room=room, seat=seat)
        for seat in range(len(names), len(names) + bots):
            await host.ok("add_bot", room=room, seat=seat, level="random")
        await host.ok("start", room=room)
    return room


async def my_turns(port: int, name: str) -> list[dict[str, Any]]:
    async with player(port, name) as c:
        return list((await c.ok("my_turns"))["tables"])


async def my_move(c: Client, v: int) -> None:
    """Until ``c``'s board is at version ``v`` with a move of its own to make."""
    await c.until(lambda: (c.v == v and c.snap is not None and bool(c.snap["legal"])) or None,
                  GUARD_S)


async def room_frame(c: Client, room: str, pred: Any) -> dict[str, Any]:
    """The first `room` frame of ``room`` (from now on, or already seen) that ``pred``
    accepts."""
    frame = await c.wait_for(lambda f: f.get("t") == "room" and f["room"]["id"] == room
                             and pred(f["room"]))
    return dict(frame["room"])


async def test_three_accounts_move_one_at_a_time_with_a_restart_between_moves(
        tmp_path: Path) -> None:
    clock = SetClock()
    started: list[tuple[str, str]] = []  # (account, room) as the hook was called

    def turn_started(account: str, room_id: str) -> None:
        started.append((account, room_id))

    on_turn_started.append(turn_started)
    try:
        async with serving(tmp_path, clock) as srv:
            async with player(srv.port, "gus", guest=True) as guest:  # not claimed: a guest
                r = await guest.cmd("create_room", game="nettoy", players=3,
                                    options={"turn_hours": 24})
                assert r["code"] == "claimed_only" and "claim" in r["reason"], r
            room = await open_table(srv.port, {"turn_hours": 24, "cards": 9})
            async with player(srv.port, "gus", guest=True) as guest:
                await guest.ok("join_room", room=room, as_="player")
                assert (await guest.cmd("take_seat", room=room, seat=0))["code"] in (
                    "seat_taken", "game_started")
        first_due = clock.now() + 24 * HOUR
        assert stored_deadlines(tmp_path, room) == {0: first_due}
        assert [r for _, r in started] == [room]  # the game started: seat 0's turn
        for move in range(4):
            seat = move % 3
            clock.advance(5 * HOUR)  # the player comes by hours later; the server restarted
            async with serving(tmp_path, clock) as srv:
                due = stored_deadlines(tmp_path, room)
                assert list(due) == [seat], due
                turns = await my_turns(srv.port, NAMES[seat])
                assert [(t["room"], t["seat"]) for t in turns] == [(room, seat)]
                assert turns[0]["due_in_s"] == round(due[seat] - clock.now()) == 19 * HOUR
                assert await my_turns(srv.port, NAMES[(seat + 1) % 3]) == []
                async with player(srv.port, NAMES[seat]) as c:
                    joined = await c.ok("join_room", room=room, as_="player")
                    assert joined["seat"] == seat  # seated by the account
                    await my_move(c, move)
                    await c.ok("act", room=room, action={"type": "draw"}, v=c.v)
                # the move and the next seat's deadline were committed before the ack
                assert stored_deadlines(tmp_path, room) == {(seat + 1) % 3: clock.now() + 24 * HOUR}
        # each turn announced once (none again at a restart), seat 0, 1, 2, 0, 1
        assert [r for _, r in started] == [room] * 5
        assert [a for a, _ in started] == [started[i % 3][0] for i in range(5)]
        assert len({a for a, _ in started}) == 3
        async with serving(tmp_path, clock) as srv, player(srv.port, "bea") as c:
            await c.ok("join_room", room=room, as_="player")
            await c.until(lambda: c.snap is not None or None, GUARD_S)
            assert c.v == 4 and c.snap is not None and c.snap["seat"] == 1
    finally:
        on_turn_started.remove(turn_started)


async def test_a_passed_deadline_has_the_seats_bot_play_that_turn(tmp_path: Path) -> None:
    clock = SetClock()
    async with serving(tmp_path, clock) as srv:
        room = await open_table(srv.port, {"turn_hours": 1}, names=("ana", "bea"), bots=1)
        async with player(srv.port, "bea") as bea:
            await bea.ok("join_room", room=room, as_="player")
            info = await room_frame(bea, room, lambda r: True)
            assert info["seats"][0]["due_in_s"] == HOUR and "due_in_s" not in info["seats"][1]
            clock.advance(HOUR - 1)  # not yet
            assert (await bea.ok("my_turns"))["tables"] == []
            clock.advance(1)
            # ana's bot drew or passed, the bot of seat 2 did not play bea's turn: hers now
            await my_move(bea, 1)
            info = await room_frame(bea, room, lambda r: "due_in_s" in r["seats"][1])
            assert info["seats"][1]["due_in_s"] == HOUR and "due_in_s" not in info["seats"][0]
            assert not info["seats"][0].get("forfeited")
            assert info["options"]["on_deadline"] == "bot"
        assert await my_turns(srv.port, "ana") == []
    # bea stays away: her deadline passes while the server is down, and is met at start
    clock.advance(3 * HOUR)
    async with serving(tmp_path, clock) as srv:
        async with player(srv.port, "ana") as ana:
            await ana.ok("join_room", room=room, as_="player")
            # bea's bot moved, then the bot of seat 2: ana's move again, a fresh deadline
            await my_move(ana, 3)
        turns = await my_turns(srv.port, "ana")
        assert [(t["room"], t["due_in_s"]) for t in turns] == [(room, HOUR)]


async def test_a_passed_deadline_forfeits_where_the_host_chose_it(tmp_path: Path) -> None:
    clock = SetClock()
    async with serving(tmp_path, clock) as srv:
        room = await open_table(srv.port, {"turn_hours": 48, "on_deadline": "forfeit",
                                           "rated": "on"}, names=("ana", "bea"))
        clock.advance(48 * HOUR)
        async with player(srv.port, "bea") as bea:
            await bea.ok("join_room", room=room, as_="player")
            info = await room_frame(bea, room, lambda r: r["seats"][0].get("forfeited"))
            assert info["seats"][0]["bot_playing"] is True
            assert info["options"]["rated"] == "off"  # a forfeit makes the table unrated
            await my_move(bea, 1)
            await bea.ok("act", room=room, action={"type": "pass"}, v=1)
            # ana's seat is the bot's for good: it moves at once, no deadline of hers
            await my_move(bea, 3)
    async with serving(tmp_path, clock) as srv:  # still forfeited after a restart
        async with player(srv.port, "ana") as ana:
            assert (await ana.ok("my_turns"))["tables"] == []
            await ana.ok("join_room", room=room, as_="player")
            info = await room_frame(ana, room, lambda r: True)
            assert info["seats"][0]["forfeited"] is True
            assert (await ana.cmd("act", room=room, action={"type": "pass"}))["code"] == (
                "forfeited")
        assert stored_deadlines(tmp_path, room) == {1: clock.now() + 48 * HOUR}


@pytest.mark.parametrize("options, said", [
    ({"turn_hours": 0.5}, "1 to 336 hours (1 hour to 14 days)"),
    ({"turn_hours": 14 * 24 + 1}, "1 to 336 hours (1 hour to 14 days)"),
    ({"turn_hours": 24, "on_deadline": "nothing"}, "on_deadline must be one of: bot, forfeit"),
    ({"on_deadline": "bot"}, "on_deadline is for turn-based tables"),
])
async def test_a_deadline_out_of_bounds_is_refused_clearly(
        tmp_path: Path, options: dict[str, Any], said: str) -> None:
    async with serving(tmp_path, SetClock()) as srv:
        await claim(srv.port)
        async with player(srv.port, "ana") as c:
            r = await c.cmd("create_room", game="nettoy", players=2, options=options)
            assert r["t"] == "reject" and r["code"] == "invalid_options", r
            assert said in r["reason"]
            ok = await c.ok("create_room", game="nettoy", players=2,
                            options={"turn_hours": 336, "on_deadline": "forfeit"})
            assert ok["room"]


async def test_the_account_sits_where_it_joined_last(tmp_path: Path) -> None:
    """The owner connected from two places: the seat follows the connection that
    joined last; the other one watches (and may not move)."""
    clock = SetClock()
    async with serving(tmp_path, clock) as srv:
        room = await open_table(srv.port, {"turn_hours": 24}, names=("ana", "bea"))
        async with player(srv.port, "ana") as here, player(srv.port, "ana") as there:
            assert (await here.ok("join_room", room=room, as_="player"))["seat"] == 0
            await my_move(here, 0)
            assert (await there.ok("join_room", room=room, as_="player"))["seat"] == 0
            await my_move(there, 0)
            await here.until(lambda: (here.snap is not None and here.snap["seat"] is None)
                             or None, GUARD_S)
            assert (await here.cmd("act", room=room, action={"type": "draw"}))["code"] == (
                "not_seated")
            await there.ok("act", room=room, action={"type": "draw"}, v=0)
