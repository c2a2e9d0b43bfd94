"""The countdown to a bot takeover (issue 16): while a seated player is disconnected,
the room's frames tell everyone at the table how many seconds are left before a bot
plays the seat; the number goes once the player is back, or once the bot plays."""

from __future__ import annotations

from server.net.server import GameServer
from tests.net.client import Client
from tests.net.test_rooms import make_table


def seat_one(frame: dict) -> dict:
    return frame["room"]["seats"][1]


async def test_everyone_at_the_table_sees_the_seconds_left(server: GameServer) -> None:
    _room, (a, b, c), tokens = await make_table(server.port, humans=3, grace_s=600)
    assert all("takeover_in_s" not in s for s in
               (await a.wait_for(lambda f: f["t"] == "room"))["room"]["seats"])
    marks = len(a.frames), len(c.frames)
    await b.close()
    for client, mark in zip((a, c), marks, strict=True):
        f = await client.wait_for(lambda f: f["t"] == "room" and not seat_one(f)["connected"], mark)
        left = seat_one(f)["takeover_in_s"]
        assert 0 < left <= 600 and not seat_one(f)["bot_playing"]
        assert all("takeover_in_s" not in s for s in f["room"]["seats"] if s["seat"] != 1)
    # back before the grace is over: no countdown any more
    mark = len(a.frames)
    b2 = await Client.connect(server.port, "p1", token=tokens[1])
    f = await a.wait_for(lambda f: f["t"] == "room" and seat_one(f)["connected"], mark)
    assert "takeover_in_s" not in seat_one(f)
    for client in (a, b2, c):
        await client.close()


async def test_the_countdown_ends_when_the_bot_plays(server: GameServer) -> None:
    _room, (a, b), _tokens = await make_table(server.port, humans=2, grace_s=0.05,
                                              takeover_level="random")
    mark = len(a.frames)
    await b.close()
    f = await a.wait_for(lambda f: f["t"] == "room" and seat_one(f)["bot_playing"], mark)
    assert "takeover_in_s" not in seat_one(f)
    seen = [seat_one(x) for x in a.frames[mark:] if x["t"] == "room"]
    counted = [s["takeover_in_s"] for s in seen if "takeover_in_s" in s]
    assert counted and all(0 <= x <= 0.05 for x in counted)
    await a.close()


async def test_a_waiting_room_counts_nothing_down(server: GameServer) -> None:
    host = await Client.connect(server.port, "host")
    room = (await host.ok("create_room", game="nettoy", players=2,
                          options={"cards": 12, "grace_s": 5}))["room"]
    other = await Client.connect(server.port, "p1")
    await other.ok("join_room", room=room, as_="player")
    await host.ok("join_room", room=room, as_="player")
    await other.ok("take_seat", room=room, seat=1)
    mark = len(host.frames)
    await other.close()
    f = await host.wait_for(lambda f: f["t"] == "room" and not seat_one(f)["connected"], mark)
    assert "takeover_in_s" not in seat_one(f)
    await host.close()
