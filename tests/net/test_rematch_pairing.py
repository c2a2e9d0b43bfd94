"""Rematch on a LAN (issue 22, item 8): the server pairs every player of a finished room
who asks for its rematch into ONE waiting room, with its bots in their seats and each
player told the seat they had. A real server on loopback, raw clients."""

from __future__ import annotations

from server.net.server import GameServer
from tests.net.client import Client
from tests.net.test_rooms import make_table, play_out


async def test_both_players_pressing_rematch_land_in_one_room(server: GameServer) -> None:
    room, (host, p1), _ = await make_table(server.port, humans=2, bots=1, cards=4,
                                           bot_delay_s=0.0)
    await play_out(room, [host, p1])
    await host.wait_for(lambda f: f["t"] == "room" and f["room"]["status"] == "over")
    # the second player asks first: the seat each had comes back to each
    first = await p1.ok("rematch", room=room)
    second = await host.ok("rematch", room=room)
    assert first["room"] == second["room"] != room
    assert (first["created"], second["created"]) == (True, False)
    assert (first["seat"], second["seat"]) == (1, 0)
    rooms = [r for r in (await p1.ok("list_rooms"))["rooms"] if r["status"] == "waiting"]
    assert [r["id"] for r in rooms] == [first["room"]]  # one room in the lobby, not two
    new = rooms[0]
    assert new["options"]["cards"] == 4 and "seeded" not in new["options"]
    assert [(s["kind"], s.get("level")) for s in new["seats"]] == \
        [("empty", None), ("empty", None), ("bot", "random")]
    # both sit as before and play it
    for c, seat in ((p1, 1), (host, 0)):
        await c.ok("leave_room", room=room)
        await c.ok("join_room", room=first["room"], as_="player")
        await c.ok("take_seat", room=first["room"], seat=seat)
    await host.ok("ready", room=first["room"], ready=True)
    await p1.ok("start", room=first["room"])  # the one who opened it is its host
    # once it started, a later request opens a new room instead of a running one
    late = await host.ok("rematch", room=room)
    assert late["created"] and late["room"] not in (room, first["room"])
    await host.close()
    await p1.close()


async def test_rematch_is_for_the_players_of_a_finished_game(server: GameServer) -> None:
    room, (host, p1), _ = await make_table(server.port, humans=2, cards=4)
    r = await host.cmd("rematch", room=room)
    assert r["t"] == "reject" and r["code"] == "no_such_room"  # still playing
    await play_out(room, [host, p1])
    await host.wait_for(lambda f: f["t"] == "room" and f["room"]["status"] == "over")
    stranger = await Client.connect(server.port, "zed")
    r = await stranger.cmd("rematch", room=room)
    assert r["t"] == "reject" and r["code"] == "not_a_player"
    watcher = await Client.connect(server.port, "eve", role="spectate")
    r = await watcher.cmd("rematch", room=room)
    assert r["t"] == "reject" and r["code"] == "spectator"
    r = await stranger.cmd("rematch", room="nosuch")
    assert r["t"] == "reject" and r["code"] == "no_such_room"
    # the player's name is its claim to the seat, compared as the room compares names
    again = await Client.connect(server.port, "P1")
    assert (await again.ok("rematch", room=room))["seat"] == 1
    for c in (host, p1, stranger, watcher, again):
        await c.close()
