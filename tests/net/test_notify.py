"""Turn notices while a player is away (issue 37, item 5), on real parts: a real server
on loopback with a real SQLite file, claimed names over TCP, apprise sending to a real
HTTP receiver on 127.0.0.1 (``json://``, so the host allows private addresses where the
notice must arrive). Waits are bounded polls, never a timed assertion."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from server.net import turns
from server.net.notify import Notices
from server.net.notify_address import NotifyPolicy
from server.net.server import GameServer
from server.protocol.names import look_alike_key
from tests.net.client import GUARD_S, Client
from tests.net.receiver import receiver

PASSWORD = "correct horse battery"
SECRET = "SECRET-PATH-TOKEN"
LOOPBACK_OK = NotifyPolicy(frozenset({"json"}), allow_private=True)


async def until(pred: Callable[[], Any]) -> Any:
    """Wait (bounded) until ``pred()`` is truthy; return it."""
    async with asyncio.timeout(GUARD_S):
        while not (found := pred()):
            await asyncio.sleep(0.02)
    return found


async def player(port: int, name: str) -> Client:
    """A connection under ``name``, claimed with PASSWORD (claimed at its first use)."""
    c = await Client.connect(port, name, password=PASSWORD)
    if c.welcome["t"] == "error":  # not claimed yet
        c = await Client.connect(port, name)
        await c.ok("claim", password=PASSWORD)
    assert c.welcome["t"] == "welcome", c.welcome
    return c


def notices(server: GameServer) -> Notices:
    assert server.lobby is not None
    return server.lobby.notices


def account_of(server: GameServer, name: str) -> str:
    assert server.store is not None
    acc = server.store.account(look_alike_key(name))
    assert acc is not None
    return acc.id


async def gone(server: GameServer, c: Client, account: str) -> None:
    """Close ``c`` and wait until the server no longer counts the account connected."""
    await c.close()
    assert server.lobby is not None
    names = server.lobby.names
    await until(lambda: not names.connected(account))


async def table(ana: Client, bo: Client, **options: Any) -> str:
    """A started two-player toy table: ana in seat 0 (to move first), bo in seat 1."""
    room = (await ana.ok("create_room", game="nettoy", players=2, name="ana's table",
                         options={"takeover_level": "random", **options}))["room"]
    await ana.ok("join_room", room=room, as_="player")
    await ana.ok("take_seat", room=room, seat=0)
    await bo.ok("join_room", room=room, as_="player")
    await bo.ok("take_seat", room=room, seat=1)
    await bo.ok("ready", room=room, ready=True)
    await ana.ok("start", room=room)
    return room


async def my_turn(c: Client, room: str) -> None:
    """Until ``c``'s snapshot offers it moves."""
    await c.until(lambda: c.snap is not None and c.snap["legal"], GUARD_S)


async def draw(c: Client, room: str) -> None:
    """Draw on my turn, then wait for my own move's diff (so the next ``my_turn`` reads
    the snapshot after it, never the one it was chosen from)."""
    await my_turn(c, room)
    v = c.v
    assert v is not None
    await c.ok("act", room=room, action={"type": "draw"}, v=v)
    await c.until(lambda: c.v is not None and c.v > v, GUARD_S)


@asynccontextmanager
async def site(tmp_path: Path, policy: NotifyPolicy | None = LOOPBACK_OK
               ) -> AsyncIterator[GameServer]:
    async with GameServer(tmp_path, notify=policy) as server:
        yield server


async def test_a_notice_reaches_the_receiver_when_an_away_players_turn_comes(
        tmp_path: Path) -> None:
    """bo registers an address, leaves; ana's move makes it bo's turn: one notice, the
    game's and table's names only. Once per table per absence: bo's next turn there (the
    bot plays his seat meanwhile) sends nothing more, until bo has been back."""
    async with receiver() as rx, site(tmp_path) as server:
        ana, bo = await player(server.port, "ana"), await player(server.port, "bo")
        assert bo.welcome["notify_schemes"] == ["json"]
        said = await bo.ok("notify_address", op="set", url=rx.url())
        assert said["address"] == f"json://127.0.0.1:{rx.port}/…" and SECRET not in str(said)
        room = await table(ana, bo, grace_s=0)
        bo_id = account_of(server, "bo")
        await gone(server, bo, bo_id)
        await draw(ana, room)  # bo's turn: he is away
        await until(lambda: rx.got)
        (notice,) = rx.got
        assert notice["title"] == "prtui"
        assert notice["message"] == "your turn in Toy at ana's table"
        assert notice["path"] == f"/hook/{SECRET}"
        await draw(ana, room)  # the bot played bo's seat; his second turn there
        await my_turn(ana, room)
        await until(lambda: not notices(server)._pending)
        assert len(rx.got) == 1  # the same absence: not told again
        back = await player(server.port, "bo")  # bo looks in, and leaves again
        await gone(server, back, bo_id)
        await draw(ana, room)
        await until(lambda: len(rx.got) == 2)
        await until(lambda: not notices(server)._pending)
        assert len(rx.got) == 2 and [o.sent for o in notices(server).outcomes] == [True, True]
        await ana.close()


async def test_no_notice_while_the_player_is_connected(tmp_path: Path) -> None:
    async with receiver() as rx, site(tmp_path) as server:
        ana, bo = await player(server.port, "ana"), await player(server.port, "bo")
        await bo.ok("notify_address", op="set", url=rx.url())
        room = await table(ana, bo)
        await draw(ana, room)
        await my_turn(bo, room)  # bo's turn, and he is here: his client rings instead
        await until(lambda: not notices(server)._pending)
        assert rx.got == [] and notices(server).outcomes == []
        await ana.close()
        await bo.close()


async def test_the_address_is_shown_masked_and_the_log_never_holds_it(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Set, show and a failing receiver (500): the answers and every log record, at debug
    level (apprise, requests and urllib3 included), hold neither the path's token nor the
    password of the URL."""
    caplog.set_level(logging.DEBUG)
    async with receiver() as rx, site(tmp_path) as server:
        rx.status = 500
        ana, bo = await player(server.port, "ana"), await player(server.port, "bo")
        url = f"json://user:pass-WORD-9@127.0.0.1:{rx.port}/hook/{SECRET}"
        set_ = await bo.ok("notify_address", op="set", url=url)
        shown = await bo.ok("notify_address", op="show")
        assert set_ == shown == {"address": f"json://…@127.0.0.1:{rx.port}/…",
                                 "schemes": ["json"], "per_hour": 6}
        room = await table(ana, bo, grace_s=0)
        await gone(server, bo, account_of(server, "bo"))
        await draw(ana, room)
        await until(lambda: notices(server).outcomes)
        (outcome,) = notices(server).outcomes
        assert not outcome.sent and rx.got and rx.got[0]["path"] == f"/hook/{SECRET}"
        await until(lambda: any("failed" in r.getMessage() for r in caplog.records))
        await ana.close()
    server_side = [r for r in caplog.records if not r.name.startswith("aiohttp")]  # not the
    # receiver's own access log
    logged = "\n".join(r.getMessage() for r in server_side)
    assert f"json://…@127.0.0.1:{rx.port}/…" in logged
    assert SECRET not in logged and "pass-WORD-9" not in logged
    assert not [r for r in server_side if r.name.startswith(("apprise", "urllib3", "requests"))]


async def test_refusals_say_why(tmp_path: Path) -> None:
    """Schemes the host did not allow, private addresses (also behind names and odd
    spellings) when it did not allow them, the length limit, a guest, a server that
    sends no notices: each refused with its code; nothing is stored."""
    policy = NotifyPolicy(frozenset({"json", "ntfys"}))
    async with receiver() as rx, site(tmp_path, policy) as server:
        bo = await player(server.port, "bo")
        bo.backoff = False
        for url, code in [
            ("mailto://me:pw@example.com", "scheme_not_allowed"),
            ("ntfy://example.com/topic", "scheme_not_allowed"),
            (rx.url(), "address_refused"),  # 127.0.0.1
            (f"json://localhost:{rx.port}/x", "address_refused"),
            ("json://0x7f000001/x", "address_refused"),  # 127.0.0.1 spelt in hex
            ("json://[::1]/x", "address_refused"),
            ("json://[::ffff:127.0.0.1]/x", "address_refused"),
            ("json://10.1.2.3/x", "address_refused"),
            ("json://169.254.169.254/latest", "address_refused"),  # link-local (cloud metadata)
            ("json://224.0.0.1/x", "address_refused"),
            ("json://" + "a" * 600, "too_long"),
            ("json://", "bad_address"),
        ]:
            r = await bo.cmd("notify_address", op="set", url=url)
            assert (r["t"], r["code"]) == ("reject", code), (url, r)
            assert SECRET not in r["reason"]
        assert (await bo.ok("notify_address", op="show"))["address"] is None
        codes = [(await bo.cmd("notify_address", op="set", url="json://10.0.0.1/x"))["code"]
                 for _ in range(10)]  # each costs look-ups: 10 at once, then one every 10 s
        assert "rate_limited" in codes
        guest = await Client.connect(server.port, "cy")
        r = await guest.cmd("notify_address", op="show")
        assert (r["t"], r["code"]) == ("reject", "guest") and "claim" in r["reason"]
        assert "notify_schemes" in guest.welcome
        await guest.close()
        await bo.close()
    async with site(tmp_path, None) as server:
        bo = await player(server.port, "bo")
        assert "notify_schemes" not in bo.welcome
        r = await bo.cmd("notify_address", op="set", url="json://example.com/x")
        assert (r["t"], r["code"]) == ("reject", "notify_off")
        await bo.close()


async def test_at_most_the_hourly_number_of_notices(tmp_path: Path,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    """Three tables wait for bo at once; the host allows 2 an hour: 2 notices go, the
    third is dropped and logged."""
    caplog.set_level(logging.INFO, logger="server.net.notify")
    policy = NotifyPolicy(frozenset({"json"}), allow_private=True, per_hour=2)
    async with receiver() as rx, site(tmp_path, policy) as server:
        ana, bo = await player(server.port, "ana"), await player(server.port, "bo")
        await bo.ok("notify_address", op="set", url=rx.url())
        rooms = [(await ana.ok("create_room", game="nettoy", players=2, options={}))["room"]
                 for _ in range(3)]
        bo_id = account_of(server, "bo")
        await gone(server, bo, bo_id)
        for room in rooms:  # what a room calls when bo's turn starts there
            turns.turn_started(bo_id, room)
        await until(lambda: len(notices(server).outcomes) == 2 and not notices(server)._pending)
        assert len(rx.got) == 2
        assert any("2 an hour are used" in r.getMessage() for r in caplog.records)
        await ana.close()


async def test_a_receiver_that_hangs_or_fails_never_stalls_the_game(tmp_path: Path) -> None:
    """The receiver holds bo's notice unanswered: meanwhile ana and the bot in bo's seat
    play on. Released with a failure, the notice is logged as failed; the game goes on."""
    policy = NotifyPolicy(frozenset({"json"}), allow_private=True, timeout_s=120)
    async with receiver() as rx, site(tmp_path, policy) as server:
        rx.hold, rx.status = True, 500
        ana, bo = await player(server.port, "ana"), await player(server.port, "bo")
        await bo.ok("notify_address", op="set", url=rx.url())
        room = await table(ana, bo, grace_s=0, cards=12)
        await gone(server, bo, account_of(server, "bo"))
        await draw(ana, room)
        await until(rx.holding.is_set)
        for _ in range(4):  # the notice is still unanswered: the table does not wait for it
            await draw(ana, room)
        assert not rx.release.is_set() and notices(server).outcomes == []
        rx.release.set()
        await until(lambda: notices(server).outcomes)
        assert not notices(server).outcomes[0].sent
        await draw(ana, room)
        await ana.close()


async def test_the_address_is_checked_again_as_the_notice_connects(tmp_path: Path) -> None:
    """An address allowed when it was set (the host allowed private addresses then) is
    refused at sending once the host no longer allows them: the check at the moment of
    connecting, which also defeats a name that resolves elsewhere later (DNS
    rebinding). Nothing reaches the receiver."""
    async with receiver() as rx:
        async with site(tmp_path) as server:
            bo = await player(server.port, "bo")
            await bo.ok("notify_address", op="set", url=rx.url())
            await bo.close()
        strict = NotifyPolicy(frozenset({"json"}))
        async with site(tmp_path, strict) as server:
            ana, bo = await player(server.port, "ana"), await player(server.port, "bo")
            assert (await bo.ok("notify_address", op="show"))["address"] is not None
            room = await table(ana, bo, grace_s=0)
            await gone(server, bo, account_of(server, "bo"))
            await draw(ana, room)
            await until(lambda: notices(server).outcomes)
            (outcome,) = notices(server).outcomes
            assert not outcome.sent and "refused at sending" in str(outcome.why)
            assert "loopback" in str(outcome.why) and rx.got == []
            await ana.close()


async def test_clearing_the_address_stops_the_notices(tmp_path: Path) -> None:
    async with receiver() as rx, site(tmp_path) as server:
        ana, bo = await player(server.port, "ana"), await player(server.port, "bo")
        await bo.ok("notify_address", op="set", url=rx.url())
        assert (await bo.ok("notify_address", op="clear"))["address"] is None
        room = await table(ana, bo, grace_s=0)
        await gone(server, bo, account_of(server, "bo"))
        await draw(ana, room)
        await draw(ana, room)  # bo's turn came and went
        await until(lambda: not notices(server)._pending)
        assert rx.got == [] and notices(server).outcomes == []
        await ana.close()


async def test_a_test_notice_shows_the_address_works(tmp_path: Path) -> None:
    """``test`` sends a notice now, connected or not, and says whether the receiver took
    it; it counts against the hourly number; with no address it is refused."""
    policy = NotifyPolicy(frozenset({"json"}), allow_private=True, per_hour=2)
    async with receiver() as rx, site(tmp_path, policy) as server:
        bo = await player(server.port, "bo")
        bo.backoff = False
        r = await bo.cmd("notify_address", op="test")
        assert (r["t"], r["code"]) == ("reject", "no_address")
        await bo.ok("notify_address", op="set", url=rx.url())
        said = await bo.ok("notify_address", op="test")
        assert said["sent"] is True and said["address"] == f"json://127.0.0.1:{rx.port}/…"
        assert rx.got[0]["message"].startswith("a test: your turn notices")
        rx.status = 500
        said = await bo.ok("notify_address", op="test")
        assert said["sent"] is False and said["why"] and SECRET not in str(said)
        r = await bo.cmd("notify_address", op="test")  # the third within the hour
        assert (r["t"], r["code"]) == ("reject", "rate_limited") and "2 notices an hour" in r["reason"]
        assert len(rx.got) == 2
        await bo.close()
