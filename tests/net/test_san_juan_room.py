"""San Juan behind the real server: a room over loopback sockets, a player and a random
bot, played to the end; every frame the player receives (snapshots, diffs, log lines)
shows him his own hand and never the bot's; his log reads like a spectator's except for
his own private text (the cards he drew, paid, kept or discarded)."""

from __future__ import annotations

import random
from typing import Any

from server.net.server import GameServer
from tests.net.client import Client


async def test_a_san_juan_room_is_played_to_the_end_without_showing_the_other_hand(
    server: GameServer,
) -> None:
    host = await Client.connect(server.port, "host")
    r = await host.cmd("create_room", game="san-juan", players=5, options={})
    assert r["t"] == "reject" and r["code"] == "bad_players"
    room = (await host.ok("create_room", game="san-juan", players=2,
                          options={"fair_start": True}))["room"]
    await host.ok("join_room", room=room, as_="player")
    await host.ok("take_seat", room=room, seat=0)
    await host.ok("add_bot", room=room, seat=1, level="random")
    spec = await Client.connect(server.port, "eve", role="spectate")
    await spec.ok("join_room", room=room, as_="spectator")
    seen: list[int] = []

    def check(frame: dict[str, Any]) -> None:
        snap = host.snap
        if snap is None or "view" not in snap:
            return
        view = snap["view"]
        assert view["game"] == "san-juan" and view["players"][1]["hand"] is None
        assert view["players"][0]["hand"] is not None
        if view["phase"]["turn"] != 0:
            assert view["decision"] is None and snap["legal"] == []
        seen.append(len(view["players"][0]["hand"]))

    host.on_frame = check
    await host.ok("start", room=room)
    await host.wait_for(lambda f: f["t"] == "state")
    rnd = random.Random(7)
    while True:
        await host.wait_for(lambda f: host.snap is not None and (
            host.snap["view"]["over"] or bool(host.snap["legal"])))
        assert host.snap is not None
        if host.snap["view"]["over"]:
            break
        legal = host.snap["legal"]
        version = host.v
        await host.ok("act", room=room, action=rnd.choice(legal))
        await host.wait_for(lambda f, v=version: host.v != v)
    view = host.snap["view"]
    assert view["over"] and view["result"]["winners"] and len(seen) > 50
    await spec.wait_for(lambda f: spec.snap is not None and spec.snap["view"]["over"])
    assert spec.snap is not None
    theirs = [line["text"] for line in spec.snap["log"]]
    mine = [line["text"] for line in host.snap["log"]]
    assert len(mine) == len(theirs) > 100
    extra = 0
    for own, public in zip(mine, theirs, strict=True):
        if own != public:  # only the host's own lines carry more, and only at the end
            assert own.startswith(public + " ") and public.startswith("host "), own
            extra += 1
    assert extra > 5
    assert all(p["hand"] is None for p in spec.snap["view"]["players"])
    await host.close()
    await spec.close()
