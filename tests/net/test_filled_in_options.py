"""The options the server fills in itself at setup (``rules_version``, ``names``) are
never taken from a client: creating a room with one is refused as any bad option is,
nothing is stored, and no lobby or room frame ever carries them. Real sockets, the
server's real SQLite file."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from server.games.registry import get_game
from server.net.server import DB_NAME, GameServer
from tests.net.client import Client

GAME = "puerto-rico"


def _carried_options(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every room's options in the lobby pushes, list answers and room frames seen."""
    out = []
    for f in frames:
        if f["t"] == "room":
            out.append(f["room"]["options"])
        rooms = f.get("rooms") or (f.get("data") or {}).get("rooms") or []
        out.extend(r["options"] for r in rooms if isinstance(r, dict) and "options" in r)
    return out


async def test_rules_version_or_names_from_a_client_are_refused(server: GameServer) -> None:
    ana = await Client.connect(server.port, "ana")
    current = get_game(GAME).rules_version
    for options in ({"rules_version": current - 1}, {"rules_version": current},
                    {"names": ["x", "y", "z"]}, {"rules_version": 3, "names": ["x"]}):
        r = await ana.cmd("create_room", game=GAME, players=3, options=options)
        assert r["t"] == "reject" and r["code"] == "invalid_options", (options, r)
        assert all(key in r["reason"] for key in options), r
    assert (await ana.ok("list_rooms"))["rooms"] == []  # nothing was made
    await ana.close()


async def test_a_room_never_stores_or_shows_them(server: GameServer) -> None:
    ana = await Client.connect(server.port, "ana")
    bea = await Client.connect(server.port, "bea")  # sits in the lobby: gets its pushes
    room = (await ana.ok("create_room", game=GAME, players=3, options={}))["room"]
    await ana.ok("join_room", room=room, as_="player")
    await ana.ok("take_seat", room=room, seat=0)
    for seat in (1, 2):
        await ana.ok("add_bot", room=room, seat=seat, level="random")
    await ana.ok("start", room=room)
    await ana.wait_for(lambda f: f["t"] == "state")
    await ana.wait_for(lambda f: f["t"] == "room" and f["room"]["status"] == "playing")
    await bea.ok("list_rooms")
    await bea.wait_for(lambda f: f["t"] == "lobby" and any(
        r["id"] == room and r["status"] == "playing" for r in f.get("rooms", [])))
    seen = _carried_options(ana.frames) + _carried_options(bea.frames)
    assert len(seen) >= 3  # room frames and lobby lists were really read
    assert all("rules_version" not in o and "names" not in o for o in seen), seen
    db = sqlite3.connect(server.data_dir / DB_NAME)
    stored, version = db.execute(
        "SELECT options, rules_version FROM rooms WHERE id = ?", (room,)).fetchone()
    db.close()
    assert not {"rules_version", "names"} & set(json.loads(stored)), stored
    assert version == get_game(GAME).rules_version  # the room's own, from the server
    for c in (ana, bea):
        await c.close()
