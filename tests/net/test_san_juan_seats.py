"""San Juan rooms behind the real server (loopback sockets, SQLite in a temporary
directory): a dropped player's seat is played by the takeover bot (the pool's "easy"
San Juan bot, in its worker process) and given back with the seat token, hand and
all; a server stopped and started again on the same data directory resumes the table
exactly as it was, hands included; and every frame a spectator receives, following a
seat or not, carries no hand, no decision and no private log text."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from server.net.server import GameServer
from tests.net.client import Client


async def san_juan_table(port: int, names: tuple[str, ...], bots: int = 0,
                         **options: Any) -> tuple[str, list[Client], list[str]]:
    """A started San Juan room: one client per name in seats 0.., random bots after."""
    clients = [await Client.connect(port, name) for name in names]
    host = clients[0]
    room = (await host.ok("create_room", game="san-juan", players=len(names) + bots,
                          options=options))["room"]
    tokens = []
    for i, c in enumerate(clients):
        await c.ok("join_room", room=room, as_="player")
        tokens.append((await c.ok("take_seat", room=room, seat=i))["token"])
        if i:
            await c.ok("ready", room=room, ready=True)
    for seat in range(len(names), len(names) + bots):
        await host.ok("add_bot", room=room, seat=seat, level="random")
    await host.ok("start", room=room)
    for c in clients:
        await c.wait_for(lambda f, c=c: c.snap is not None)
    return room, clients, tokens


async def move_once(room: str, c: Client, rng: random.Random) -> None:
    """One random legal action of ``c`` and the update that follows it."""
    assert c.snap is not None
    v = c.v
    await c.ok("act", room=room, action=rng.choice(c.snap["legal"]))
    await c.wait_for(lambda f, v=v: c.v != v)


def hand_of(c: Client, seat: int) -> Any:
    assert c.snap is not None
    return c.snap["view"]["players"][seat]["hand"]


async def test_a_dropped_san_juan_seat_is_played_by_the_bot_then_given_back(
    server: GameServer,
) -> None:
    room, (ana, bo), tokens = await san_juan_table(server.port, ("ana", "bo"), grace_s=0.05,
                                                   bot_delay_s=0.0)
    assert hand_of(ana, 1) is None and len(hand_of(ana, 0)) >= 4
    mark = len(ana.frames)
    await bo.close()
    await ana.wait_for(lambda f: f["t"] == "room" and f["room"]["seats"][1]["bot_playing"], mark)
    rng = random.Random(3)
    moved_for_bo = 0
    while moved_for_bo < 6:  # the takeover bot moves for bo whenever it is his turn
        assert ana.snap is not None and not ana.snap["view"]["over"]
        if ana.snap["legal"]:
            await move_once(room, ana, rng)
            continue
        v = ana.v
        await ana.wait_for(lambda f, v=v: ana.v != v)
        moved_for_bo += 1
    assert hand_of(ana, 1) is None  # whoever plays it, bo's hand stays his
    back = await Client.connect(server.port, "bo", token=tokens[1])
    assert back.welcome["resume"] == {"room": room, "seat": 1}
    await back.wait_for(lambda f: f["t"] == "state")
    await ana.wait_for(lambda f: f["t"] == "room" and not f["room"]["seats"][1]["bot_playing"])
    assert back.snap is not None and back.snap["seat"] == 1
    hand = hand_of(back, 1)
    assert hand is not None and len(hand) == back.snap["view"]["players"][1]["hand_count"]
    assert hand_of(back, 0) is None
    # bo plays again himself: his turn comes and the legal actions are his
    for _ in range(400):  # a hang guard over moves, not time
        if back.snap["legal"] or back.snap["view"]["over"]:
            break
        if ana.snap is not None and ana.snap["legal"]:
            await move_once(room, ana, rng)
        else:
            v = back.v
            await back.wait_for(lambda f, v=v: back.v != v)
    assert back.snap["legal"] and back.snap["view"]["phase"]["turn"] == 1
    await move_once(room, back, rng)
    for c in (ana, back):
        await c.close()


async def test_a_restarted_server_resumes_the_san_juan_table_as_it_was(tmp_path: Path) -> None:
    server = GameServer(tmp_path, "127.0.0.1", 0)
    await server.start()
    room, clients, tokens = await san_juan_table(server.port, ("ana", "bo", "cy"),
                                                 grace_s=600, fair_start=True)
    rng = random.Random(5)
    for _ in range(25):
        mover = next(c for c in clients if c.snap is not None and c.snap["legal"])
        v = mover.v
        await mover.ok("act", room=room, action=rng.choice(mover.snap["legal"]))
        for c in clients:
            await c.wait_for(lambda f, c=c, v=v: c.v != v)
    before = {i: (c.v, c.snap["view"], c.snap["legal"]) for i, c in enumerate(clients)
              if c.snap is not None}
    for c in clients:
        await c.close()
    await server.stop()

    async with GameServer(tmp_path, "127.0.0.1", 0) as server:
        for seat, name in enumerate(("ana", "bo", "cy")):
            c = await Client.connect(server.port, name, token=tokens[seat])
            assert c.welcome["resume"] == {"room": room, "seat": seat}
            await c.wait_for(lambda f: f["t"] == "state")
            assert c.snap is not None
            assert (c.v, c.snap["view"], c.snap["legal"]) == before[seat]
            assert c.snap["view"]["options"]["fair_start"] is True
            await c.close()


def check_public(snap: dict[str, Any]) -> None:
    """A spectator's snapshot: no hand, no decision, nothing to choose."""
    view = snap["view"]
    assert snap["seat"] is None and snap["legal"] == []
    assert view["viewer"] is None and view["decision"] is None
    assert all(p["hand"] is None for p in view["players"])


def reveals(value: Any) -> bool:
    """A hand or a decision with something in it, anywhere inside ``value``."""
    if isinstance(value, dict):
        return any((k in ("hand", "decision") and v is not None) or reveals(v)
                   for k, v in value.items())
    return isinstance(value, list) and any(reveals(v) for v in value)


def ops_reveal(ops: list[Any]) -> list[Any]:
    """Diff ops (``["set", path, value]``) that would put a hand or a decision into a
    spectator's view, by their path or inside the value they set."""
    return [op for op in ops if op[0] == "set" and (
        (any(k in ("hand", "decision") for k in op[1]) and op[2] is not None)
        or reveals(op[2]))]


async def test_every_frame_to_a_san_juan_spectator_is_public(server: GameServer) -> None:
    room, (ana,), _tokens = await san_juan_table(server.port, ("ana",), bots=2,
                                                 bot_delay_s=0.0)
    eve = await Client.connect(server.port, "eve", role="spectate")
    problems: list[Any] = []

    def watch(f: dict[str, Any]) -> None:
        if f["t"] == "diff":
            problems.extend(ops_reveal(f["ops"]))
        if f["t"] in ("state", "diff") and eve.snap is not None:
            try:
                check_public(eve.snap)
            except AssertionError as exc:
                problems.append(exc)

    eve.on_frame = watch
    await eve.ok("join_room", room=room, as_="spectator")
    await eve.ok("follow", room=room, seat=0)  # following ana shows her seat, not her hand
    rng = random.Random(11)
    while True:
        await ana.wait_for(lambda f: ana.snap is not None and (
            ana.snap["view"]["over"] or bool(ana.snap["legal"])))
        assert ana.snap is not None
        if ana.snap["view"]["over"]:
            break
        await move_once(room, ana, rng)
    await eve.wait_for(lambda f: eve.snap is not None and eve.snap["view"]["over"])
    assert problems == []
    frames = [f for f in eve.frames if f["t"] in ("state", "diff")]
    assert len(frames) > 100 and eve.gaps == 0
    assert eve.snap is not None and ana.snap is not None
    mine = [line["text"] for line in ana.snap["log"]]
    public = [line["text"] for line in eve.snap["log"]]
    assert len(mine) == len(public)
    private = [own for own, pub in zip(mine, public, strict=True) if own != pub]
    assert private and all(own not in public for own in private)
    await ana.close()
    await eve.close()


async def test_a_player_who_drops_mid_selection_is_finished_for_and_comes_back(
    server: GameServer,
) -> None:
    """ana picks the card to discard at the fair start and drops before confirming: the
    takeover bot finishes her selection (the game goes on to bo), and her token brings
    her back to her own hand."""
    room, (ana, bo), tokens = await san_juan_table(server.port, ("ana", "bo"), grace_s=0.05,
                                                   bot_delay_s=0.0, fair_start=True)
    assert ana.snap is not None and ana.snap["view"]["phase"]["turn"] == 0
    pick = next(a for a in ana.snap["legal"] if a["type"] == "discard")
    v = ana.v
    await ana.ok("act", room=room, action=pick)
    await ana.wait_for(lambda f: ana.v != v)
    decision = ana.snap["view"]["decision"]
    assert decision["step"] == "fair_start" and decision["picked"] == [{"card": pick["card"]}]
    hand_before = len(ana.snap["view"]["players"][0]["hand"])
    mark = len(bo.frames)
    await ana.close()
    await bo.wait_for(lambda f: f["t"] == "room" and f["room"]["seats"][0]["bot_playing"], mark)
    await bo.wait_for(lambda f: bo.snap is not None and bo.snap["view"]["phase"]["turn"] == 1)
    assert bo.snap is not None and bo.snap["legal"]  # bo's own fair start now
    back = await Client.connect(server.port, "ana", token=tokens[0])
    assert back.welcome["resume"] == {"room": room, "seat": 0}
    await back.wait_for(lambda f: f["t"] == "state")
    assert back.snap is not None
    mine = back.snap["view"]["players"][0]
    assert mine["hand"] is not None and len(mine["hand"]) == hand_before - 1 == 4
    assert back.snap["view"]["decision"] is None and back.snap["legal"] == []
    for c in (back, bo):
        await c.close()
