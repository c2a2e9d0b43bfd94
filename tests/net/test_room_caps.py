"""Room caps count every unfinished room an address created, started or not.

Starting a room once freed its place: one address with three connections made 558
running bots-only games in 46 s, filled the server's 1,000-room cap, and from then on
every user got ``too_many_rooms``, also after a restart. Bots here wait the longest
``bot_delay_s`` per move, so no game ends while the test runs.
"""

from __future__ import annotations

from pathlib import Path

from server.net.server import GameServer
from server.net.upkeep import RoomPolicy
from server.protocol import limits
from tests.net.client import Client

SLOW_BOTS = {"bot_delay_s": 10.0}
POLICY = RoomPolicy(empty_s=3600, abandoned_s=3600)


async def start_bots_only(c: Client) -> dict[str, object]:
    """Create a room, fill it with bots, start it: the answer to create (ack or reject)."""
    made = await c.cmd("create_room", game="nettoy", players=2, options=SLOW_BOTS)
    if made["t"] != "ack":
        return made
    room = made["data"]["room"]
    await c.ok("join_room", room=room, as_="player")
    for seat in (0, 1):
        await c.ok("add_bot", room=room, seat=seat, level="random")
    await c.ok("start", room=room)
    await c.ok("leave_room", room=room)
    return made


async def test_started_bots_only_rooms_count_against_their_address(tmp_path: Path) -> None:
    srv = GameServer(tmp_path, room_policy=POLICY)
    await srv.start()
    spam = [await Client.connect(srv.port, f"spam{i}") for i in range(3)]
    try:
        answers = [await start_bots_only(spam[i % 3]) for i in range(8)]
        kinds = [a["t"] for a in answers]
        fit = limits.LIVE_ROOMS_PER_ADDRESS // limits.BOT_ROOM_WEIGHT
        assert kinds == ["ack"] * fit + ["reject"] * (8 - fit), answers
        assert answers[-1]["code"] == "too_many_rooms"
        assert "address" in answers[-1]["reason"]
        # a waiting room counts once: none is left for this address
        assert (await spam[0].cmd("create_room", game="nettoy", players=2,
                                  options={}))["t"] == "reject"
        # another address is not refused for this one's rooms
        other = await Client.connect(srv.port, "other", source="127.0.0.2")
        assert (await start_bots_only(other))["t"] == "ack"
        await other.close()
    finally:
        for c in spam:
            await c.close()
        await srv.stop()
    # after a restart the restored games still count against the address that made them
    async with GameServer(tmp_path, room_policy=POLICY) as srv:
        again = await Client.connect(srv.port, "spam again")
        refused = await again.cmd("create_room", game="nettoy", players=2, options={})
        assert refused["t"] == "reject" and refused["code"] == "too_many_rooms", refused
        fresh = await Client.connect(srv.port, "fresh", source="127.0.0.3")
        assert (await start_bots_only(fresh))["t"] == "ack"
        for c in (again, fresh):
            await c.close()


async def test_a_full_server_still_takes_a_newcomers_first_room(tmp_path: Path) -> None:
    """The last tenth of the cap (at least one room) is kept for newcomers."""
    cap = 3
    srv = GameServer(tmp_path, max_rooms=cap, room_policy=RoomPolicy(
        empty_s=3600, abandoned_s=3600, live_per_address=100))
    await srv.start()
    try:
        hog = await Client.connect(srv.port, "hog")
        assert [(await start_bots_only(hog))["t"] for _ in range(cap - 1)] == ["ack"] * 2
        full = await start_bots_only(hog)
        assert full["t"] == "reject" and full["code"] == "too_many_rooms", full
        newcomer = await Client.connect(srv.port, "newcomer", source="127.0.0.4")
        assert (await start_bots_only(newcomer))["t"] == "ack"
        # ...but only its first, and the cap is hard: the next newcomer is refused too
        assert (await newcomer.cmd("create_room", game="nettoy", players=2,
                                   options={}))["code"] == "too_many_rooms"
        late = await Client.connect(srv.port, "late", source="127.0.0.5")
        assert (await late.cmd("create_room", game="nettoy", players=2,
                               options={}))["code"] == "too_many_rooms"
        for c in (hog, newcomer, late):
            await c.close()
    finally:
        await srv.stop()
