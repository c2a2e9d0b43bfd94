"""Claimed names on a real server over loopback TCP, with a real SQLite file: only the
credential's holder connects under a claimed name, a wrong password answers as an
unknown name does, guessing is throttled per name and per address (a controlled clock),
and neither the password nor its hash ever leaves the server or reaches the log."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from server.net.identity import BAD_LOGIN, LoginThrottle
from server.net.server import DB_NAME, GameServer
from server.store.sqlite import SqliteStore
from tests.net.client import Client

PASSWORD = "correct horse battery"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def claim(port: int, name: str = "ana", password: str = PASSWORD) -> None:
    c = await Client.connect(port, name)
    try:
        assert c.welcome["t"] == "welcome" and c.welcome["claimed"] is False, c.welcome
        data = await c.ok("claim", password=password)
        assert data == {"name": name, "password": True, "ssh_key": False}
    finally:
        await c.close()


async def refused(port: int, name: str, password: str | None = None,
                  source: str | None = None) -> dict[str, object]:
    c = await Client.connect(port, name, password=password, source=source)
    await c.close()
    assert c.welcome["t"] == "error", c.welcome
    return c.welcome


async def test_a_claimed_name_is_refused_without_its_password_and_kept_over_a_restart(
    tmp_path: Path,
) -> None:
    async with GameServer(tmp_path) as server:
        await claim(server.port)
        said = await refused(server.port, "ana")
        assert said["code"] == "name_claimed" and "'ana' is claimed" in str(said["message"])
        assert (await refused(server.port, "ANA"))["code"] == "name_claimed"  # look-alike
        assert (await refused(server.port, "\u0430na"))["code"] == "name_claimed"  # Cyrillic а
        wrong = await refused(server.port, "ana", "not the password")
        assert (wrong["code"], wrong["message"]) == ("bad_login", BAD_LOGIN)
    async with GameServer(tmp_path) as server:  # the account is in the file
        assert (await refused(server.port, "ana"))["code"] == "name_claimed"
        c = await Client.connect(server.port, "Ana", password=PASSWORD)
        try:
            assert c.welcome["t"] == "welcome", c.welcome
            assert c.welcome["claimed"] is True and c.welcome["name"] == "ana"
            room = (await c.ok("create_room", game="nettoy", players=2, options={}))["room"]
            await c.ok("join_room", room=room, as_="player")
            await c.ok("take_seat", room=room, seat=0)
            info = await c.wait_for(lambda f: f["t"] == "room" and f["room"]["seats"][0]["kind"]
                                    == "human")
            assert info["room"]["seats"][0]["claimed"] is True
        finally:
            await c.close()
        guest = await Client.connect(server.port, "bo")  # unclaimed names still play
        try:
            assert guest.welcome["t"] == "welcome" and guest.welcome["claimed"] is False
        finally:
            await guest.close()


async def test_a_wrong_password_answers_like_an_unknown_name(server: GameServer) -> None:
    await claim(server.port)
    wrong = await refused(server.port, "ana", "guess guess")
    unknown = await refused(server.port, "nobody", "guess guess")
    assert wrong == unknown == {"t": "error", "code": "bad_login", "message": BAD_LOGIN,
                                "msgid": BAD_LOGIN}


async def test_wrong_passwords_are_throttled_per_name(server: GameServer) -> None:
    clock = Clock()
    assert server.lobby is not None
    server.lobby.identities.throttle = LoginThrottle(burst=3, per_name_s=60, address_burst=100,
                                                     clock=clock)
    await claim(server.port)
    for _ in range(3):
        assert (await refused(server.port, "ana", "guess"))["code"] == "bad_login"
    said = await refused(server.port, "ana", PASSWORD)  # even the right one, for now
    assert said["code"] == "login_throttled" and "try again in 60 s" in str(said["message"])
    said = await refused(server.port, "ana", PASSWORD, source="127.0.0.2")  # from anywhere
    assert said["code"] == "login_throttled"
    clock.now += 59
    assert (await refused(server.port, "ana", PASSWORD))["code"] == "login_throttled"
    clock.now += 1
    c = await Client.connect(server.port, "ana", password=PASSWORD)
    try:
        assert c.welcome["t"] == "welcome" and c.welcome["claimed"] is True
    finally:
        await c.close()


async def test_guesses_sent_at_once_get_no_more_tries_than_the_throttle_gives(
    server: GameServer,
) -> None:
    assert server.lobby is not None
    server.lobby.identities.throttle = LoginThrottle(burst=3, clock=Clock())
    await claim(server.port)
    said = await asyncio.gather(*(refused(server.port, "ana", f"guess {i}") for i in range(8)))
    codes = sorted(str(s["code"]) for s in said)
    assert codes == ["bad_login"] * 3 + ["login_throttled"] * 5


async def test_wrong_passwords_are_throttled_per_address(server: GameServer) -> None:
    clock = Clock()
    assert server.lobby is not None
    server.lobby.identities.throttle = LoginThrottle(burst=100, address_burst=4,
                                                     per_address_s=30, clock=clock)
    await claim(server.port)
    for name in ("ana", "bo", "cy", "di"):  # unknown names count the same as wrong passwords
        assert (await refused(server.port, name, "guess"))["code"] == "bad_login"
    said = await refused(server.port, "ana", PASSWORD)
    assert said["code"] == "login_throttled" and "try again in 30 s" in str(said["message"])
    c = await Client.connect(server.port, "ana", password=PASSWORD, source="127.0.0.2")
    try:  # another address is not slowed by this one's guesses
        assert c.welcome["t"] == "welcome" and c.welcome["claimed"] is True
    finally:
        await c.close()
    clock.now += 30
    c = await Client.connect(server.port, "ana", password=PASSWORD)
    try:
        assert c.welcome["t"] == "welcome"
    finally:
        await c.close()


async def test_the_password_and_its_hash_never_leave_the_server_nor_reach_the_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    async with GameServer(tmp_path) as server:
        c = await Client.connect(server.port, "ana")
        try:
            await c.ok("claim", password=PASSWORD)
            assert (await c.cmd("claim", password="short"))["code"] == "bad_password"
            room = (await c.ok("create_room", game="nettoy", players=2, options={}))["room"]
            await c.ok("join_room", room=room, as_="player")
            await c.ok("take_seat", room=room, seat=0)
            await c.ok("list_rooms")
            frames = repr(c.frames)
        finally:
            await c.close()
        await refused(server.port, "ana", "wrong password here")
    stored = SqliteStore(tmp_path / DB_NAME)
    try:
        (acc,) = stored.accounts()
    finally:
        stored.close()
    assert acc.password_hash is not None and acc.password_hash.startswith("scrypt$")
    assert PASSWORD not in acc.password_hash
    salt, digest = acc.password_hash.split("$")[-2:]
    for secret in (PASSWORD, "wrong password here", salt, digest, "scrypt$"):
        assert secret not in frames
        assert secret not in caplog.text


async def test_the_owner_connects_from_two_places_and_a_claim_needs_a_credential(
    server: GameServer,
) -> None:
    await claim(server.port)
    a = await Client.connect(server.port, "ana", password=PASSWORD)
    b = await Client.connect(server.port, "ana", password=PASSWORD, source="127.0.0.2")
    guest = await Client.connect(server.port, "cy")
    try:
        assert a.welcome["t"] == b.welcome["t"] == "welcome", (a.welcome, b.welcome)
        assert (await guest.cmd("claim"))["code"] == "no_credential"
        assert (await a.ok("claim", password="a new password"))["password"] is True
    finally:
        for c in (a, b, guest):
            await c.close()
    assert (await refused(server.port, "ana", PASSWORD))["code"] == "bad_login"
    watcher = await Client.connect(server.port, "Spectate", role="spectate")
    try:  # every `ssh spectate@HOST` comes as "spectate": nobody may take it from them
        assert (await watcher.cmd("claim", password=PASSWORD))["code"] == "unclaimable"
    finally:
        await watcher.close()


def test_a_flood_of_new_names_does_not_wipe_a_guessed_names_count() -> None:
    clock = Clock()
    throttle = LoginThrottle(burst=2, address_burst=10**9, max_keys=100, clock=clock)
    for _ in range(2):
        assert throttle.take("ana", "10.0.0.1") == 0
    assert throttle.take("ana", "10.0.0.1") == 60
    for n in range(1000):  # new names, each a full bucket spent once
        clock.now += 0.001
        throttle.take(f"name {n}", f"10.1.{n // 250}.{n % 250}")
    assert throttle.take("ana", "10.0.0.2") > 0  # still counted


async def test_a_claimed_players_seat_comes_back_with_the_token_and_the_password(
    server: GameServer,
) -> None:
    await claim(server.port)
    ana = await Client.connect(server.port, "ana", password=PASSWORD)
    try:
        room = (await ana.ok("create_room", game="nettoy", players=2,
                             options={"cards": 50, "grace_s": 600}))["room"]
        await ana.ok("join_room", room=room, as_="player")
        token = (await ana.ok("take_seat", room=room, seat=0))["token"]
        await ana.ok("add_bot", room=room, seat=1, level="random")
        await ana.ok("start", room=room)
    finally:
        await ana.close()
    stolen = await Client.connect(server.port, "ana", token=token)  # the token alone: no
    await stolen.close()
    assert stolen.welcome["code"] == "name_claimed", stolen.welcome
    back = await Client.connect(server.port, "ana", token=token, password=PASSWORD)
    try:
        assert back.welcome["t"] == "welcome", back.welcome
        assert back.welcome["resume"] == {"room": room, "seat": 0}
    finally:
        await back.close()
