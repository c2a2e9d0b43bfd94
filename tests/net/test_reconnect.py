"""Seat tokens: resume after a disconnect, refusal of bad tokens, bot takeover after grace."""

from __future__ import annotations

from server.net.server import GameServer
from tests.net.client import Client
from tests.net.test_rooms import make_table


async def test_resume_with_token_gets_a_fresh_snapshot(server: GameServer) -> None:
    room, (a, b), tokens = await make_table(server.port, humans=2, grace_s=600)
    await a.ok("act", room=room, action={"type": "draw"})
    await b.wait_for(lambda f: f["t"] == "diff")
    before = b.snap
    mark = len(a.frames)
    await b.close()
    gone = await a.wait_for(
        lambda f: f["t"] == "room" and not f["room"]["seats"][1]["connected"], mark)
    assert gone["room"]["seats"][1]["kind"] == "human"
    b2 = await Client.connect(server.port, "p1-again", token=tokens[1])
    assert b2.welcome["t"] == "welcome" and b2.welcome["resume"] == {"room": room, "seat": 1}
    st = await b2.wait_for(lambda f: f["t"] == "state")
    assert st["snapshot"]["seat"] == 1 and st["snapshot"]["view"] == before["view"]
    assert st["snapshot"]["legal"]  # seat 1 is to move and may act straight away
    await b2.ok("act", room=room, action=st["snapshot"]["legal"][0])
    await a.wait_for(lambda f: f["t"] == "room" and f["room"]["seats"][1]["connected"], mark)
    await a.close()
    await b2.close()


async def test_bad_tokens_are_refused(server: GameServer) -> None:
    room, (a, b), tokens = await make_table(server.port, humans=2)
    for bad in ("nonsense", f"{room}.forged", tokens[0] + "x", tokens[1][:-1]):
        c = await Client.connect(server.port, "mallory", token=bad)
        assert c.welcome["t"] == "error" and c.welcome["code"] == "bad_token"
        await c.wait_closed()
    # a spectator cannot resume a seat even with a valid token
    c = await Client.connect(server.port, "eve", role="spectate", token=tokens[0])
    assert c.welcome["code"] == "bad_token"
    await a.close()
    await b.close()


async def test_second_resume_replaces_the_first_connection(server: GameServer) -> None:
    _room, (a, b), tokens = await make_table(server.port, humans=2, grace_s=600)
    b2 = await Client.connect(server.port, "p1", token=tokens[1])
    assert b2.welcome["resume"]["seat"] == 1
    f = await b.wait_for(lambda f: f["t"] == "error")
    assert f["code"] == "resumed_elsewhere"
    await b.wait_closed()
    for c in (a, b2):
        await c.close()


async def test_bot_plays_a_disconnected_seat_after_grace_until_return(server: GameServer) -> None:
    room, (a, b), tokens = await make_table(
        server.port, humans=2, cards=40, grace_s=0.05, takeover_level="random")
    mark = len(a.frames)
    await b.close()
    # seat 1 is left: after the grace period a bot plays it
    f = await a.wait_for(lambda f: f["t"] == "room" and f["room"]["seats"][1]["bot_playing"], mark)
    assert not f["room"]["seats"][1]["connected"]
    v = a.v
    await a.ok("act", room=room, action={"type": "pass"})
    await a.wait_for(lambda f: a.v is not None and a.v >= v + 2)  # the bot answered for seat 1
    assert a.snap["legal"]
    mark = len(a.frames)
    b2 = await Client.connect(server.port, "p1", token=tokens[1])
    await a.wait_for(
        lambda f: f["t"] == "room" and not f["room"]["seats"][1]["bot_playing"], mark)
    await a.ok("act", room=room, action={"type": "pass"})
    await b2.wait_for(lambda f: b2.snap is not None and bool(b2.snap["legal"]))
    assert a.v == b2.v and not a.snap["legal"]  # the bot left seat 1 to its player
    await a.close()
    await b2.close()
