"""Bot takeover of a disconnected seat: a real bot level thinks in the bot pool's worker;
a pool bot that fails or hangs is replaced by a random legal action and the game goes on."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from server.bots.pool import BotPool
from server.net import bots
from server.net.seating import TAKEOVER_LEVEL
from server.net.server import GameServer
from tests.net.client import Client
from tests.net.test_rooms import make_table


class CountingPool(BotPool):
    """The real pool (worker process, toy game loaded there), noting who asked for what."""

    def __init__(self) -> None:
        super().__init__(workers=1, plugins=("tests.net.toyplugin",), games=("nettoy",))
        self.asked: list[tuple[int, str]] = []

    async def choose(self, game_name: str, state: Any, seat: int, level: str, seed: int,
                     move_time: float | None = None, iterations: int | None = None
                     ) -> dict[str, Any]:
        self.asked.append((seat, level))
        return await super().choose(game_name, state, seat, level, seed, move_time, iterations)


class SlowStartPool(CountingPool):
    """Workers that take longer to start than a move may wait."""

    def __init__(self) -> None:
        super().__init__()
        self.answered = 0

    async def start(self) -> None:
        if not self.started:  # not started yet: a slow start-up (a loaded machine)
            await asyncio.sleep(0.5)
        await super().start()

    async def choose(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        action = await super().choose(*args, **kwargs)
        self.answered += 1
        return action


class BrokenPool:
    """A pool whose worker crashes (raises) or never answers (hangs)."""

    def __init__(self, hang: bool) -> None:
        self.hang = hang
        self.calls = 0

    async def choose(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        self.calls += 1
        if self.hang:
            await asyncio.sleep(3600)
        raise RuntimeError("the bot worker crashed")

    async def close(self) -> None:
        return None


async def leave_and_wait_for_takeover(a: Client, b: Client) -> None:
    mark = len(a.frames)
    await b.close()
    await a.wait_for(lambda f: f["t"] == "room" and f["room"]["seats"][1]["bot_playing"], mark)


async def test_takeover_level_is_a_validated_room_option(server: GameServer) -> None:
    c = await Client.connect(server.port, "ana")
    for bad in ("genius", 3, None):
        r = await c.cmd("create_room", game="nettoy", players=2, options={"takeover_level": bad})
        assert r["t"] == "reject" and r["code"] == "invalid_options", r
    room = (await c.ok("create_room", game="nettoy", players=2,
                       options={"takeover_level": "random"}))["room"]
    other = (await c.ok("create_room", game="nettoy", players=2, options={}))["room"]
    rooms = {x["id"]: x for x in (await c.ok("list_rooms"))["rooms"]}
    assert rooms[room]["options"]["takeover_level"] == "random"
    assert rooms[other]["options"]["takeover_level"] == TAKEOVER_LEVEL == "easy"
    await c.close()


async def test_takeover_bot_thinks_at_its_level_in_the_pool(server: GameServer) -> None:
    pool = CountingPool()
    assert server.lobby is not None
    server.lobby.use_bot_pool(pool)
    room, (a, b), _tokens = await make_table(server.port, humans=2, cards=40, grace_s=0.05)
    await leave_and_wait_for_takeover(a, b)
    for _ in range(3):  # each pass of seat 0 is answered by the "easy" bot in seat 1
        v = a.v
        assert v is not None
        await a.ok("act", room=room, action={"type": "pass"})
        await a.wait_for(lambda f, v=v: a.v is not None and a.v >= v + 2)
    assert pool.asked == [(1, "easy")] * 3
    assert pool.fallbacks == 0 and pool.replaced == 0  # decided in the worker, not a fallback
    await a.close()


@pytest.mark.parametrize("hang", [False, True], ids=["crash", "timeout"])
async def test_failing_pool_bot_falls_back_to_a_random_legal_action(
    server: GameServer, monkeypatch: pytest.MonkeyPatch, hang: bool
) -> None:
    monkeypatch.setattr(bots, "POOL_TIMEOUT_S", 0.05)
    pool = BrokenPool(hang)
    assert server.lobby is not None
    server.lobby.use_bot_pool(pool)
    room, (a, b), _tokens = await make_table(server.port, humans=2, cards=6, grace_s=0.05)
    await leave_and_wait_for_takeover(a, b)
    seen: set[str] = set()
    while not a.snap["view"]["over"]:  # the game goes on to its end
        v = a.v
        assert v is not None
        await a.ok("act", room=room, action={"type": "draw"})
        await a.wait_for(lambda f, v=v: a.v is not None and (a.v >= v + 2 or a.snap["view"]["over"]))
        seen.update(line["text"].split()[-1] for line in a.snap["log"] if line["text"].startswith("seat 1"))
    assert pool.calls >= 3 and seen <= {"draws", "passes"} and seen
    await a.close()


async def test_slow_pool_start_falls_back_meanwhile_then_the_level_plays(
    server: GameServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Moves that give up waiting for the workers to start never cancel the start-up."""
    monkeypatch.setattr(bots, "POOL_TIMEOUT_S", 0.1)
    room, (a, b), _tokens = await make_table(server.port, humans=2, cards=200, grace_s=0.05)
    pool = SlowStartPool()
    assert server.lobby is not None
    server.lobby.use_bot_pool(pool)
    await leave_and_wait_for_takeover(a, b)
    for _ in range(300):  # a hang guard; each early move waits at most 0.1 s
        if pool.answered >= 2:
            break
        v = a.v
        assert v is not None
        await a.ok("act", room=room, action={"type": "pass"})
        await a.wait_for(lambda f, v=v: a.v is not None and a.v >= v + 2)
    assert pool.answered >= 2 and pool.asked[0] == (1, "easy")
    await a.close()
