"""Replays of finished games: any connection, any step, exactly what a spectator saw
live at that step (never private text or other seats' VP), also after a restart."""

from __future__ import annotations

import asyncio
import copy
import random
from pathlib import Path
from typing import Any

import pytest

from server.net import replay as replays
from server.net.replay import Replay
from server.net.server import GameServer
from server.protocol import limits
from tests.net.client import Client
from tests.net.test_puerto_rico import SECRET_KEYS, walk_keys
from tests.net.test_rooms import make_table, play_out
from tests.net.toygame import ToyGame


def recorder(c: Client, seen: dict[int, dict[str, Any]]) -> Any:
    """Keep the snapshot a client holds at every version it reaches."""
    def record(f: dict[str, Any]) -> None:
        if f["t"] in ("state", "diff") and c.snap is not None and c.v is not None:
            seen[c.v] = copy.deepcopy(c.snap)
    return record


async def test_replay_is_what_a_spectator_saw_at_every_step(tmp_path: Path) -> None:
    server = GameServer(tmp_path)
    await server.start()
    room, clients, _tokens = await make_table(server.port, humans=2, bots=1, cards=9)
    live: dict[int, dict[str, Any]] = {}
    spec = await Client.connect(server.port, "eve", role="spectate")
    spec.on_frame = recorder(spec, live)
    await spec.ok("join_room", room=room, as_="spectator")
    r = await spec.cmd("replay", room=room, step=0)
    assert r["t"] == "reject" and r["code"] == "not_over"
    await play_out(room, clients)
    await spec.wait_for(lambda f: spec.snap is not None and spec.snap["view"]["over"])
    steps = spec.v
    assert steps is not None and sorted(live) == list(range(steps + 1))
    # a connection that never joined the room, even a spectator, may replay it
    other = await Client.connect(server.port, "zoe", role="spectate")
    order = list(range(steps + 1))
    random.Random(1).shuffle(order)  # any order: backwards, jumps, repeats
    for step in [*order, steps, 0, 0]:
        data = await other.ok("replay", room=room, step=step)
        assert data["steps"] == steps and data["step"] == step
        assert data["snapshot"] == live[step]
        assert all("VP" not in line["text"] for line in data["snapshot"]["log"])
    seat_log = clients[0].snap["log"]  # seat 0 saw its own private text; replays never do
    assert any("VP" in line["text"] for line in seat_log)
    for bad in (-1, steps + 1, 10**9):
        r = await other.cmd("replay", room=room, step=bad)
        assert r["t"] == "reject" and r["code"] == "bad_step"
    r = await other.cmd("replay", room="nosuch", step=0)
    assert r["code"] == "no_such_room"
    for c in [*clients, spec, other]:
        await c.close()
    await server.stop()
    # after a restart the finished game is still listed and replays the same
    server = GameServer(tmp_path)
    await server.start()
    c = await Client.connect(server.port, "ana")
    rooms = (await c.ok("list_rooms"))["rooms"]
    assert [x["status"] for x in rooms if x["id"] == room] == ["over"]
    for step in (steps, steps // 2, 0):
        assert (await c.ok("replay", room=room, step=step))["snapshot"] == live[step]
    await c.close()
    await server.stop()


async def test_puerto_rico_replay_shows_only_public_information(server: GameServer) -> None:
    host = await Client.connect(server.port, "host")
    room = (await host.ok("create_room", game="puerto-rico", players=3,
                          options={"edition": "classic"}))["room"]
    await host.ok("join_room", room=room, as_="player")
    for seat in range(3):
        await host.ok("add_bot", room=room, seat=seat, level="random")
    await host.ok("start", room=room)
    await host.wait_for(lambda f: f["t"] == "room" and f["room"]["status"] == "over")
    spec = await Client.connect(server.port, "eve", role="spectate")
    steps = (await spec.ok("replay", room=room, step=0))["steps"]
    assert steps > 50
    final = await spec.ok("replay", room=room, step=steps)
    assert final["snapshot"]["view"]["over"] and final["snapshot"]["view"]["result"]
    for step in range(0, steps + 1, 7):
        snap = (await spec.ok("replay", room=room, step=step))["snapshot"]
        assert not SECRET_KEYS & walk_keys(snap)
        assert snap["seat"] is None and snap["legal"] == []
        assert isinstance(snap["view"]["plantations"]["stack"], int)  # a count, never the order
        # the game over, its VP chips are no secret: everyone's at every step (issue 32)
        assert all(isinstance(p["vp_chips"], int) for p in snap["view"]["players"])
        # the newest lines up to that step (at most REPLAY_LOG_LINES), as the end has them
        numbers = [e["n"] for e in snap["log"]]
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers))) if numbers else True
        assert len(numbers) <= limits.REPLAY_LOG_LINES
        at_end = {e["n"]: e for e in final["snapshot"]["log"]}
        assert all(at_end.get(e["n"], e) == e for e in snap["log"])
    await host.close()
    await spec.close()


def test_replay_memory_is_bounded_and_steps_agree_with_a_fresh_build() -> None:
    """Checkpoints stay few however long the game; any step equals a from-scratch build."""
    from server.store.base import ActionRecord

    game = ToyGame()
    opts = game.normalize_options(3, {"cards": 200})
    state = game.setup(3, opts, 7)
    actions = []
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        action = {"type": "draw" if len(actions) % 3 else "pass"}
        game.apply(state, seat, action)
        actions.append(ActionRecord(len(actions), seat, action))
    replay = Replay(game, 3, opts, 7, actions, open_info=False)
    assert len(replay._checkpoints) <= 17
    for step in (len(actions), 0, 151, 150, 149, 3, len(actions) - 1):
        fresh = Replay(game, 3, opts, 7, actions[:step], open_info=False)
        assert replay.snapshot(step) == fresh.snapshot(step)


async def test_a_room_forgets_its_replay_when_nobody_replays(
    server: GameServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replays, "REPLAY_IDLE_S", 0.05)
    room, clients, _tokens = await make_table(server.port, humans=2, cards=3)
    await play_out(room, clients)
    await clients[0].wait_for(lambda f: f["t"] == "room" and f["room"]["status"] == "over")
    assert server.lobby is not None
    actor = server.lobby.rooms[room]
    first = await clients[1].ok("replay", room=room, step=1)
    assert actor.replay is not None
    for _ in range(200):  # a hang guard: the idle timer posts into the room's inbox
        if actor.replay is None:
            break
        await asyncio.sleep(0.01)
    assert actor.replay is None
    assert await clients[1].ok("replay", room=room, step=1) == first  # rebuilt on demand
    for c in clients:
        await c.close()
