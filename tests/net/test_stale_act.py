"""An `act` carries the version `v` of the snapshot its player chose from; the server
refuses any other version with `stale` (docs/protocol.md), so a duplicated or late act
is never applied, even where the same action happens to be legal again. Real server,
real Puerto Rico rules, sockets on 127.0.0.1."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from server.net.server import GameServer
from server.net.session import SessionLimits
from server.protocol import messages as m
from server.protocol.framing import encode_frame
from tests.net.client import Client

SEED = 7  # game seed and choice seed (any will do: a whole game has several such places)


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[GameServer]:
    """Clients acting at machine speed, two acts a move: lift the rate meant for people."""
    async with GameServer(tmp_path, session_limits=SessionLimits(rate=1e6, burst=10**6)) as srv:
        yield srv


def choose(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Random, but colonists go onto buildings one by one: a building with circles left
    is the position where the very same placement is legal again."""
    for kind, where in (("mayor_place", "city"), ("mayor_lift", None)):
        for action in legal:
            if action["type"] == kind and action.get("where") == where:
                return action
    return rng.choice(legal)


def same(a: dict, b: dict) -> bool:
    return {k: v for k, v in a.items() if k != "label"} == {
        k: v for k, v in b.items() if k != "label"
    }


async def three_humans(port: int) -> tuple[str, list[Client]]:
    """A seeded three-player table with a human in every seat: nothing moves by itself."""
    players = [await Client.connect(port, name) for name in ("ana", "bo", "cy")]
    room = (
        await players[0].ok(
            "create_room",
            game="puerto-rico",
            players=3,
            options={"edition": "classic", "seed": SEED},
        )
    )["room"]
    for seat, c in enumerate(players):
        await c.ok("join_room", room=room, as_="player")
        await c.ok("take_seat", room=room, seat=seat)
        if seat:
            await c.ok("ready", room=room, ready=True)
    await players[0].ok("start", room=room)
    return room, players


async def acted(players: list[Client], v: int) -> None:
    """Every client's snapshot has reached version ``v``."""
    for c in players:
        await c.wait_for(lambda f, c=c: c.v == v, 0)


async def test_a_duplicated_act_is_refused_even_where_it_is_legal_again(server: GameServer) -> None:
    room, players = await three_humans(server.port)
    await acted(players, 0)
    rng = random.Random(SEED)
    legal_again = None
    while not players[0].snap["view"]["over"]:
        mover = next(c for c in players if c.snap["legal"])
        v = mover.v
        action = choose(rng, mover.snap["legal"])
        mark = len(mover.frames)
        # the same act twice in one write: the second reaches the room after the first
        mover.send_raw(
            encode_frame(m.command("act", 900_001 + 2 * v, room=room, action=action, v=v))
            + encode_frame(m.command("act", 900_002 + 2 * v, room=room, action=action, v=v))
        )
        first = await mover.wait_for(lambda f, v=v: f.get("id") == 900_001 + 2 * v, mark)
        second = await mover.wait_for(lambda f, v=v: f.get("id") == 900_002 + 2 * v, mark)
        assert first["t"] == "ack", first
        assert second["t"] == "reject" and second["code"] == "stale", second
        assert str(v + 1) in second["reason"]  # says where the game is now
        await acted(players, v + 1)  # applied once, not twice
        if mover.snap["legal"] and any(same(a, action) for a in mover.snap["legal"]):
            legal_again = (mover, action)
            break
    assert legal_again is not None, "the seeded game never offered the same action twice"
    mover, action = legal_again
    # the refusal changed nothing: a resync brings the same snapshot at the same version
    kept_v, kept = mover.v, mover.snap
    mark = len(mover.frames)
    await mover.ok("resync", room=room)
    fresh = await mover.wait_for(lambda f: f["t"] == "state", mark)
    assert fresh["v"] == kept_v and fresh["snapshot"] == kept
    # the same action with the version now current is accepted
    await mover.ok("act", room=room, action=action, v=kept_v)
    await acted(players, kept_v + 1)
    for c in players:
        await c.close()


async def test_a_late_act_is_refused_and_a_resync_gives_the_current_state(
    server: GameServer,
) -> None:
    room, players = await three_humans(server.port)
    await acted(players, 0)
    mover = next(c for c in players if c.snap["legal"])
    action = mover.snap["legal"][0]
    r = await mover.cmd("act", room=room, action=action, v=7)  # a version from the future
    assert r["t"] == "reject" and r["code"] == "stale"
    r = await mover.cmd("act", room=room, action=action, v=-1)
    assert r["t"] == "reject" and r["code"] == "stale"
    await mover.ok("act", room=room, action=action, v=0)
    await acted(players, 1)
    mark = len(mover.frames)
    r = await mover.cmd("act", room=room, action=action, v=0)  # late: the game is at 1
    assert r["t"] == "reject" and r["code"] == "stale"
    await mover.ok("resync", room=room)
    fresh = await mover.wait_for(lambda f: f["t"] == "state", mark)
    assert fresh["v"] == 1 and fresh["snapshot"] == mover.snap
    # not a number: refused by the catalog, nothing applied
    r = await mover.cmd("act", room=room, action=action, v="1")
    assert r["t"] == "reject" and r["code"] == "bad_type"
    for c in players:
        await c.close()


async def test_an_act_without_a_version_still_works(server: GameServer) -> None:
    """Protocol 1 clients that never send `v` keep working (the field is optional)."""
    room, players = await three_humans(server.port)
    await acted(players, 0)
    mover = next(c for c in players if c.snap["legal"])
    await mover.ok("act", room=room, action=mover.snap["legal"][0])
    await acted(players, 1)
    for c in players:
        await c.close()
