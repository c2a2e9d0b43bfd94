"""A full 4-player Puerto Rico game driven by 4 clients over real sockets, watched by a
spectator that checks every frame it receives for hidden information."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from server.net.server import GameServer
from server.net.session import SessionLimits
from tests.net.client import Client

SECRET_KEYS = {"rng", "seed", "draws", "order"}


def walk_keys(obj: Any) -> set[str]:
    keys: set[str] = set()
    stack = [obj]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            keys.update(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return keys


def check_hidden(snap: dict[str, Any], seat: int | None) -> None:
    """What ``seat`` (None: spectator) may not see is absent from its snapshot."""
    view = snap["view"]
    assert snap["seat"] == seat and view["viewer"] == seat
    assert isinstance(view["plantations"]["stack"], int)  # a count, never the order
    if not view["over"] and not view["options"]["open_vp"]:
        for p in view["players"]:
            if p["seat"] != seat:
                assert p["vp_chips"] is None, (seat, p)
    if seat is None:
        assert snap["legal"] == []


def frame_checker(c: Client, seat: int | None, log: list[int]) -> Any:
    """Checks every frame as it arrives, and the snapshot it leads to."""
    def check(f: dict[str, Any]) -> None:
        assert not SECRET_KEYS & walk_keys(f), f
        if f["t"] == "diff":
            for op in f["ops"]:
                assert not SECRET_KEYS & {k for k in op[1] if isinstance(k, str)}, op
        if c.snap is not None and f["t"] in ("state", "diff"):
            check_hidden(c.snap, seat)
        log.append(1)
    return check


async def player(c: Client, room: str, seed: int) -> int:
    rng = random.Random(seed)
    acted = 0
    while True:
        await c.wait_for(lambda f: c.snap is not None and (
            c.snap["view"]["over"] or bool(c.snap["legal"])), max(0, len(c.frames) - 1))
        if c.snap["view"]["over"]:
            return acted
        v = c.v
        r = await c.cmd("act", room=room, action=rng.choice(c.snap["legal"]))
        assert r["t"] == "ack" or r["code"] in ("illegal_action", "not_your_turn"), r
        acted += r["t"] == "ack"
        if r["t"] == "ack":
            await c.wait_for(lambda f, v=v: c.v != v, max(0, len(c.frames) - 1))


@pytest.fixture
async def fast_server(tmp_path: Path) -> AsyncIterator[GameServer]:
    """Bots at machine speed send far more than a person: lift the command rate."""
    async with GameServer(tmp_path, session_limits=SessionLimits(rate=1e6, burst=10**6)) as srv:
        yield srv


async def test_four_clients_play_a_full_game_spectator_sees_no_secret(
    fast_server: GameServer,
) -> None:
    server = fast_server
    host = await Client.connect(server.port, "p0")
    room = (await host.ok("create_room", game="puerto-rico", players=4,
                          options={"edition": "classic"}))["room"]
    clients = [host] + [await Client.connect(server.port, f"p{i}") for i in range(1, 4)]
    spec = await Client.connect(server.port, "eve", role="spectate")
    checked: list[int] = []
    spec.on_frame = frame_checker(spec, None, checked)
    await spec.ok("join_room", room=room, as_="spectator")
    for i, c in enumerate(clients):
        c.on_frame = frame_checker(c, i, checked)
        await c.ok("join_room", room=room, as_="player")
        await c.ok("take_seat", room=room, seat=i)
        if i:
            await c.ok("ready", room=room, ready=True)
    await host.ok("start", room=room)
    acted = await asyncio.gather(*(player(c, room, i) for i, c in enumerate(clients)))
    await spec.wait_for(lambda f: spec.snap is not None and spec.snap["view"]["over"])
    assert sum(acted) == spec.v and spec.v > 50
    assert spec.gaps == 0 and all(c.gaps == 0 for c in clients)
    for c in clients:  # everyone ends on the same public board
        assert {**c.snap["view"], "viewer": None, "players": None} == {
            **spec.snap["view"], "players": None}
    public = [line["text"] for line in spec.snap["log"]]
    for c in clients:  # each seat's log is the public log plus only its own private text
        assert [line["n"] for line in c.snap["log"]] == list(range(len(public)))
        assert all(mine["text"].startswith(pub) for mine, pub in zip(c.snap["log"], public, strict=True))
    result = spec.snap["view"]["result"]
    assert result is not None and len(result["scores"]) == 4
    # the log speaks of the seats by the names they sat down with
    assert [p["name"] for p in spec.snap["view"]["players"]] == ["p0", "p1", "p2", "p3"]
    assert any(text.startswith("p2 ") for text in public)
    assert not any("Player 3" in text for text in public)
    over = await host.wait_for(lambda f: f["t"] == "room" and f["room"]["status"] == "over")
    assert over["room"]["status"] == "over"
    assert len(checked) > 4 * spec.v
    for c in [*clients, spec]:
        await c.close()
