"""Lobby, seats, bots and a full toy game over real sockets."""

from __future__ import annotations

from server.net.server import GameServer
from tests.net.client import Client


async def make_table(port: int, humans: int, bots: int = 0, cards: int = 12,
                     **opts: object) -> tuple[str, list[Client], list[str]]:
    host = await Client.connect(port, "host")
    room = (await host.ok("create_room", game="nettoy", players=humans + bots,
                          options={"cards": cards, **opts}))["room"]
    clients = [host] + [await Client.connect(port, f"p{i}") for i in range(1, humans)]
    tokens = []
    for i, c in enumerate(clients):
        await c.ok("join_room", room=room, as_="player")
        tokens.append((await c.ok("take_seat", room=room, seat=i))["token"])
        if i:
            await c.ok("ready", room=room, ready=True)
    for b in range(humans, humans + bots):
        await host.ok("add_bot", room=room, seat=b, level="random")
    await host.ok("start", room=room)
    for c in clients:
        await c.wait_for(lambda f: f["t"] == "state")
    return room, clients, tokens


async def play_out(room: str, clients: list[Client]) -> None:
    """Each client acts when its snapshot offers legal actions, until the game ends."""
    while True:
        for c in clients:
            await c.wait_for(lambda f, c=c: c.snap is not None and (
                c.snap["view"]["over"] or c.v == max(x.v or 0 for x in clients)))
        if clients[0].snap and clients[0].snap["view"]["over"]:
            return
        mover = next((c for c in clients if c.snap and c.snap["legal"]), None)
        if mover is None:  # a bot is thinking: wait for the next version
            v = clients[0].v
            await clients[0].wait_for(lambda f, v=v: clients[0].v != v)
            continue
        await mover.ok("act", room=room, action=mover.snap["legal"][0])


async def test_lobby_lists_and_validates(server: GameServer) -> None:
    c = await Client.connect(server.port, "ana")
    assert c.welcome["t"] == "welcome" and c.welcome["proto"] == 1
    assert (await c.ok("list_rooms"))["rooms"] == []
    r = await c.cmd("create_room", game="nope", players=3, options={})
    assert r["t"] == "reject" and r["code"] == "unknown_game"
    r = await c.cmd("create_room", game="nettoy", players=9, options={})
    assert r["code"] == "bad_players"
    r = await c.cmd("create_room", game="nettoy", players=3, options={"cards": -1})
    assert r["code"] == "invalid_options"
    r = await c.cmd("create_room", game="nettoy", players=3, options={"grace_s": "x"})
    assert r["code"] == "invalid_options"
    room = (await c.ok("create_room", game="nettoy", players=3, options={}))["room"]
    rooms = (await c.ok("list_rooms"))["rooms"]
    assert [x["id"] for x in rooms] == [room] and rooms[0]["status"] == "waiting"
    r = await c.cmd("take_seat", room=room, seat=0)
    assert r["code"] == "not_in_room"
    await c.close()


async def test_seats_ready_start_rules(server: GameServer) -> None:
    host = await Client.connect(server.port, "host")
    other = await Client.connect(server.port, "bea")
    room = (await host.ok("create_room", game="nettoy", players=3, options={}))["room"]
    await host.ok("join_room", room=room, as_="player")
    await other.ok("join_room", room=room, as_="player")
    await host.ok("take_seat", room=room, seat=0)
    assert (await other.cmd("take_seat", room=room, seat=0))["code"] == "seat_taken"
    assert (await other.cmd("take_seat", room=room, seat=7))["code"] == "bad_seat"
    await other.ok("take_seat", room=room, seat=1)
    assert (await other.cmd("add_bot", room=room, seat=2, level="random"))["code"] == "not_host"
    assert (await host.cmd("start", room=room))["code"] == "seats_empty"
    await host.ok("add_bot", room=room, seat=2, level="random")
    assert (await host.cmd("start", room=room))["code"] == "not_ready"
    await other.ok("ready", room=room, ready=True)
    assert (await other.cmd("start", room=room))["code"] == "not_host"
    await host.ok("start", room=room)
    summary = await other.wait_for(lambda f: f["t"] == "room" and f["room"]["status"] == "playing")
    assert [s["kind"] for s in summary["room"]["seats"]] == ["human", "human", "bot"]
    assert (await other.cmd("take_seat", room=room, seat=2))["code"] == "game_started"
    for c in (host, other):
        await c.close()


async def test_full_game_with_a_bot_and_a_spectator(server: GameServer) -> None:
    room, clients, _ = await make_table(server.port, humans=2, bots=1, cards=15)
    spec = await Client.connect(server.port, "eve", role="spectate")
    await spec.ok("join_room", room=room, as_="spectator")
    assert (await spec.cmd("act", room=room, action={"type": "pass"}))["code"] == "spectator"
    await play_out(room, clients)
    await spec.wait_for(lambda f: spec.snap is not None and spec.snap["view"]["over"])
    assert spec.gaps == 0 and all(c.gaps == 0 for c in clients)
    over = await clients[0].wait_for(lambda f: f["t"] == "room" and f["room"]["status"] == "over")
    assert over["room"]["status"] == "over"
    # the final state stays viewable: a newcomer joining sees the finished game
    late = await Client.connect(server.port, "late", role="spectate")
    await late.ok("join_room", room=room, as_="spectator")
    st = await late.wait_for(lambda f: f["t"] == "state")
    assert st["snapshot"]["view"]["over"] is True and st["snapshot"]["seat"] is None
    assert st["snapshot"]["log"] == spec.snap["log"]
    for c in [*clients, spec, late]:
        await c.close()


async def test_acting_for_another_seat_or_out_of_turn_is_rejected(server: GameServer) -> None:
    room, (a, b), _ = await make_table(server.port, humans=2)
    assert a.snap["legal"] and not b.snap["legal"]
    r = await b.cmd("act", room=room, action={"type": "draw"})
    assert r["t"] == "reject" and r["code"] == "not_your_turn"
    r = await a.cmd("act", room=room, action={"type": "draw", "seat": 1})
    assert r["code"] == "illegal_action"
    r = await a.cmd("act", room=room, action={"type": "explode"})
    assert r["code"] == "illegal_action"
    v = a.v
    await a.ok("act", room=room, action={"type": "draw"})
    await b.wait_for(lambda f: f["t"] == "diff" and f["v"] == v + 1)
    assert b.snap["legal"] and not a.snap["legal"]
    await a.close()
    await b.close()


async def test_chat_in_lobby_and_room(server: GameServer) -> None:
    a = await Client.connect(server.port, "ana")
    b = await Client.connect(server.port, "bea")
    await a.ok("chat", room=None, text="hello all")
    f = await b.wait_for(lambda f: f["t"] == "chat")
    assert f["from"] == "ana" and f["text"] == "hello all" and f["room"] is None
    room = (await a.ok("create_room", game="nettoy", players=2, options={}))["room"]
    await a.ok("join_room", room=room, as_="player")
    await b.ok("join_room", room=room, as_="spectator")
    await b.ok("chat", room=room, text="gl")
    f = await a.wait_for(lambda f: f["t"] == "chat" and f["room"] == room)
    assert f["from"] == "bea"
    await a.close()
    await b.close()


async def test_a_chosen_seed_replays_the_same_game_and_is_never_shown(
    server: GameServer,
) -> None:
    draws = []
    for _ in range(2):
        room, (a, b), _ = await make_table(server.port, humans=2, cards=30, seed=1234)
        for c in (a, b, a, b):
            v = c.v
            await c.ok("act", room=room, action={"type": "draw"})
            await c.wait_for(lambda f, c=c, v=v: c.v != v, max(0, len(c.frames) - 1))
        await a.wait_for(lambda f, a=a: a.v == 4)
        draws.append((a.snap["view"]["players"][0]["vp"], b.snap["view"]["players"][1]["vp"]))
        summary = (await a.ok("list_rooms"))["rooms"]
        assert all("seed" not in r["options"] for r in summary)
        assert [r["options"]["seeded"] for r in summary if r["id"] == room] == [True]
        await a.close()
        await b.close()
    assert draws[0] == draws[1]
    r = await (await Client.connect(server.port, "x")).cmd(
        "create_room", game="nettoy", players=2, options={"seed": "abc"})
    assert r["code"] == "invalid_options"


async def test_resync_leave_and_empty_rooms_closing(server: GameServer) -> None:
    room, (a, b), _ = await make_table(server.port, humans=2)
    await a.ok("act", room=room, action={"type": "pass"})
    await a.wait_for(lambda f: a.v == 1)
    mark = len(a.frames)
    await a.ok("resync", room=room)
    st = await a.wait_for(lambda f: f["t"] == "state", mark)
    assert st["v"] == 1 and st["snapshot"] == a.snap
    await a.ok("leave_room", room=room)
    await a.wait_for(lambda f: f["t"] == "lobby", mark)
    assert (await a.cmd("act", room=room, action={"type": "draw"}))["code"] == "not_in_room"
    # a waiting room whose last member leaves, with no seat kept, closes
    w = (await b.ok("create_room", game="nettoy", players=2, options={}))["room"]
    await b.ok("join_room", room=w, as_="player")  # leaves the running room first
    await b.ok("take_seat", room=w, seat=0)
    await b.ok("leave_room", room=w)
    rooms = {r["id"] for r in (await b.ok("list_rooms"))["rooms"]}
    assert w not in rooms and room in rooms
    await a.close()
    await b.close()
