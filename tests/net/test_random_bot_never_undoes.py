"""A room's random bots play a whole game without ever taking a pick back: ``undo`` stays
legal for people (the Puerto Rico mayor, San Juan's selections), but a random seat draws
among the other actions, as random play does (server.engine.playout.choose). Real
sockets, the server's real SQLite file, every seat a random bot."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter

import pytest

from server.net.server import DB_NAME, GameServer
from tests.net.client import Client


async def _bots_only_game(server: GameServer, game: str, players: int) -> str:
    """Start a table of random bots, watch it to its end; the room id."""
    host = await Client.connect(server.port, "host")
    room = (await host.ok("create_room", game=game, players=players, options={}))["room"]
    await host.ok("join_room", room=room, as_="player")  # seated nowhere
    for seat in range(players):
        await host.ok("add_bot", room=room, seat=seat, level="random")
    await host.ok("start", room=room)
    while not (host.snap is not None and host.snap["view"]["over"]):
        mark = len(host.frames)  # each frame in turn: a long game outlasts one guard
        await host.wait_for(lambda f: f["t"] in ("state", "diff"), mark)
    await host.close()
    return room


def _played(server: GameServer, room: str) -> Counter[str]:
    db = sqlite3.connect(server.data_dir / DB_NAME)
    rows = db.execute("SELECT action FROM actions WHERE room = ?", (room,)).fetchall()
    db.close()
    return Counter(json.loads(action).get("type", "") for (action,) in rows)


@pytest.mark.parametrize(("game", "players", "offered"), [
    ("puerto-rico", 3, "mayor_place"),  # undo is legal after each colonist placed
    ("san-juan", 2, "confirm"),  # undo is legal before each selection is confirmed
])
async def test_a_random_bot_game_finishes_and_never_undoes(
    server: GameServer, game: str, players: int, offered: str
) -> None:
    room = await _bots_only_game(server, game, players)
    played = _played(server, room)
    assert played[offered] > 0, played  # after which undo was legal: on offer, many times
    assert played["undo"] == 0, played
