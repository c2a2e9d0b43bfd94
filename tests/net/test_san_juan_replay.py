"""The replay of a finished San Juan game (real server, SQLite in a temporary
directory): any step is exactly what a spectator saw live at that step — no hand, no
decision, no private log text — for any connection, also after a restart; and the
finished room is listed with its game."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

from server.net.server import GameServer
from server.protocol import limits
from tests.net.client import Client
from tests.net.test_san_juan_seats import check_public, move_once, san_juan_table


async def test_a_san_juan_replay_is_what_a_spectator_saw(tmp_path: Path) -> None:
    server = GameServer(tmp_path, "127.0.0.1", 0)
    await server.start()
    room, (ana,), _tokens = await san_juan_table(server.port, ("ana",), bots=1,
                                                 bot_delay_s=0.0, fair_start=True)
    eve = await Client.connect(server.port, "eve", role="spectate")
    live: dict[int, dict[str, Any]] = {}

    def record(f: dict[str, Any]) -> None:
        if f["t"] in ("state", "diff") and eve.snap is not None and eve.v is not None:
            live[eve.v] = copy.deepcopy(eve.snap)

    eve.on_frame = record
    await eve.ok("join_room", room=room, as_="spectator")
    r = await eve.cmd("replay", room=room, step=0)
    assert r["t"] == "reject" and r["code"] == "not_over"
    rng = random.Random(2)
    while True:
        await ana.wait_for(lambda f: ana.snap is not None and (
            ana.snap["view"]["over"] or bool(ana.snap["legal"])))
        assert ana.snap is not None
        if ana.snap["view"]["over"]:
            break
        await move_once(room, ana, rng)
    await eve.wait_for(lambda f: eve.snap is not None and eve.snap["view"]["over"])
    steps = eve.v
    assert steps is not None and steps > 100
    first_seen = min(live)  # eve joined after the start: the steps she saw live
    zoe = await Client.connect(server.port, "zoe", role="spectate")  # never joined the room
    order = list(range(steps + 1))
    random.Random(4).shuffle(order)
    final = (await zoe.ok("replay", room=room, step=steps))["snapshot"]
    assert final["view"]["over"] and final["view"]["result"]["winners"]
    compared = 0
    for step in [*order[:60], 0, steps]:
        data = await zoe.ok("replay", room=room, step=step)
        assert data["steps"] == steps and data["step"] == step
        snap = data["snapshot"]
        check_public(snap)
        assert snap["view"]["game"] == "san-juan"
        at_end = {e["n"]: e for e in final["log"]}  # the newest lines, as at the end
        assert all(at_end.get(e["n"], e) == e for e in snap["log"])
        if step >= first_seen:  # what eve saw, its log cut to the newest lines as replays are
            assert snap == {**live[step], "log": live[step]["log"][-limits.REPLAY_LOG_LINES:]}
            compared += 1
    assert compared > 40
    mine = {line["text"] for line in ana.snap["log"]}
    replayed = {line["text"] for line in final["log"]}
    assert mine - replayed  # ana's own lines (her cards) are in no replay
    kept = {step: (await zoe.ok("replay", room=room, step=step))["snapshot"]
            for step in (steps, steps // 2, 0)}
    listed = {x["id"]: x for x in (await zoe.ok("list_rooms"))["rooms"]}
    assert listed[room]["game"] == "san-juan" and listed[room]["status"] == "over"
    for c in (ana, eve, zoe):
        await c.close()
    await server.stop()

    async with GameServer(tmp_path, "127.0.0.1", 0) as server:
        c = await Client.connect(server.port, "ana")
        for step, snap in kept.items():  # rebuilt from the stored log, the same
            assert (await c.ok("replay", room=room, step=step))["snapshot"] == snap
        await c.close()
