"""A client written from docs/protocol.md alone: raw asyncio sockets and msgpack, no
prtui/netclient.py, no server/protocol helpers. It creates a room, adds bots, starts,
plays its seat to the end applying every diff itself, and its diff-kept snapshot must
equal a fresh resync. If the doc and the server disagree, this test says where."""

from __future__ import annotations

import asyncio
import random
import struct
from typing import Any

import msgpack

from server.net.server import GameServer

MAX_SERVER_FRAME = 4 * 1024 * 1024  # docs/protocol.md, Limits


class RawClient:
    """Length-prefixed msgpack frames; every command gets one ack/reject with its id."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.next_id = 0
        self.rate_limited = 0
        self.pushes: list[dict[str, Any]] = []  # frames read while waiting for an answer

    async def send(self, msg: dict[str, Any]) -> None:
        body = msgpack.packb(msg)
        self.writer.write(struct.pack(">I", len(body)) + body)
        await self.writer.drain()

    async def read(self) -> dict[str, Any]:
        (n,) = struct.unpack(">I", await self.reader.readexactly(4))
        assert n <= MAX_SERVER_FRAME
        frame = msgpack.unpackb(await self.reader.readexactly(n), raw=False)
        assert isinstance(frame, dict) and isinstance(frame.get("t"), str), frame
        assert frame["t"] != "error", frame
        if frame["t"] == "ping":  # answer pong with the same ts
            await self.send({"t": "pong", "ts": frame["ts"]})
        return frame

    async def command(self, t: str, **fields: Any) -> dict[str, Any]:
        """Send a command; return its ack or reject, keeping pushes for `next_push`."""
        while True:
            self.next_id += 1
            cid = self.next_id
            await self.send({"t": t, "id": cid, **fields})
            while True:
                frame = await self.read()
                if frame["t"] in ("ack", "reject") and frame.get("id") == cid:
                    break
                self.pushes.append(frame)
            if frame["t"] == "reject" and frame["code"] == "rate_limited":
                self.rate_limited += 1
                await asyncio.sleep(1.0)  # the doc: pause about a second, then send again
                continue
            return frame

    async def next_push(self, *types: str) -> dict[str, Any]:
        while True:
            frame = self.pushes.pop(0) if self.pushes else await self.read()
            if frame["t"] in types:
                return frame


def apply_op(doc: Any, op: list[Any]) -> Any:
    """One diff op as docs/protocol.md, Diff ops, describes it."""
    kind, path = op[0], op[1]
    if not path:
        assert kind == "set"
        return op[2]
    node = doc
    for key in path[:-1]:
        node = node[key]
    last = path[-1]
    if kind == "set":
        if isinstance(node, list) and last == len(node):
            node.append(op[2])
        else:
            if isinstance(node, list):
                assert 0 <= last < len(node)
            node[last] = op[2]
    else:
        assert kind == "del"
        del node[last]
    return doc


async def test_doc_only_client_plays_a_whole_game(server: GameServer) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    c = RawClient(reader, writer)
    try:
        await c.send({"t": "hello", "proto": 1, "name": "outsider", "role": "play"})
        welcome = await c.read()
        assert welcome["t"] == "welcome" and welcome["proto"] == 1 and welcome["name"] == "outsider"
        lobby = await c.read()
        assert lobby["t"] == "lobby" and isinstance(lobby["rooms"], list)

        made = await c.command("create_room", game="puerto-rico", players=4,
                               options={"edition": "classic"}, name="third party")
        assert made["t"] == "ack", made
        room = made["data"]["room"]
        joined = await c.command("join_room", room=room, **{"as": "player"})
        assert joined["t"] == "ack" and joined["data"]["room"] == room
        summary = (await c.next_push("room"))["room"]
        assert summary["id"] == room and summary["status"] == "waiting"
        assert [s["kind"] for s in summary["seats"]] == ["empty"] * 4
        assert set(summary) == {"id", "name", "game", "players", "options", "host", "status",
                                "created", "spectators", "seats"}
        assert summary["host"] == "outsider" and summary["name"] == "third party"
        assert summary["options"]["takeover_level"] == "easy"
        assert all(set(s) == {"seat", "name", "kind", "connected", "ready", "bot_playing"}
                   for s in summary["seats"])

        seat = await c.command("take_seat", room=room, seat=0)
        assert seat["t"] == "ack" and seat["data"]["seat"] == 0
        assert seat["data"]["token"].startswith(room + ".")
        for s in (1, 2, 3):
            added = await c.command("add_bot", room=room, seat=s, level="random")
            assert added["t"] == "ack", added
        refused = await c.command("act", room=room, action={"type": "pass"})
        assert refused["t"] == "reject" and refused["code"] == "not_playing"

        started = await c.command("start", room=room)
        assert started["t"] == "ack", started
        first = await c.next_push("state")
        assert first["room"] == room
        v, snap = first["v"], first["snapshot"]
        assert snap["seat"] == 0 and snap["view"]["viewer"] == 0

        rng = random.Random(5)
        moves = stale = 0
        acted_at = -1  # the version we last acted on: a state of that version comes late
        while not snap["view"]["over"]:
            if snap["legal"] and v != acted_at:
                action = rng.choice(snap["legal"])
                answer = await c.command("act", room=room, action=action, v=v)
                assert answer["t"] == "ack", answer
                moves, acted_at = moves + 1, v
                if moves == 1:  # the same act again, as a double key press would send it
                    again = await c.command("act", room=room, action=action, v=v)
                    assert again["t"] == "reject" and again["code"] == "stale", again
                    stale += 1  # the doc: resync, then choose again from the fresh state
                    assert (await c.command("resync", room=room))["t"] == "ack"
            frame = await c.next_push("diff", "state")
            assert frame["room"] == room
            if frame["t"] == "state":
                v, snap = frame["v"], frame["snapshot"]
                continue
            assert frame["base_v"] == v and frame["v"] == v + 1, (frame["base_v"], v)
            for op in frame["ops"]:
                snap = apply_op(snap, op)
            v = frame["v"]
            assert [e["n"] for e in snap["log"]] == list(range(len(snap["log"])))

        assert moves > 10 and stale == 1
        assert snap["legal"] == [] and snap["view"]["result"] is not None
        resync = await c.command("resync", room=room)
        assert resync["t"] == "ack", resync
        fresh = await c.next_push("state")
        assert fresh["v"] == v
        assert fresh["snapshot"] == snap
        assert type(fresh["snapshot"]) is type(snap)

        over = await c.command("list_rooms")
        mine = next(r for r in over["data"]["rooms"] if r["id"] == room)
        assert mine["status"] == "over"
        replay = await c.command("replay", room=room, step=v)
        assert replay["t"] == "ack" and replay["data"]["steps"] == v
        public = replay["data"]["snapshot"]
        assert public["seat"] is None and public["legal"] == []
        assert public["view"] == _as_public(snap["view"])
    finally:
        writer.close()
        await writer.wait_closed()


def _as_public(view: dict[str, Any]) -> dict[str, Any]:
    """A seat's final view as a spectator sees it: no viewer, otherwise the same (a
    finished game shows everyone's VP chips to everyone)."""
    return {**view, "viewer": None}
