"""Issue 33's first finding end to end: real TUI children in browser sessions against a
real game server. Ana sits in a room from her browser; a visitor from another address
who types "ana" in another browser neither takes her seat nor evicts her (before the
fix both browsers shared the name's home, seat token and all)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import aiohttp

from prtui.netclient import Client
from tests.web.conftest import Site, until

_ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]")


async def waiting_room(port: int) -> tuple[Client, str]:
    """A San Juan room for 2 with an easy bot; its maker stays until ana is in."""
    client = await Client.connect("127.0.0.1", port, "maker")
    data = await client.command("create_room", game="san-juan", players=2,
                                options={"seed": 33, "bot_delay_s": 0.0})
    room = str(data["room"])
    await client.command("join_room", room=room, as_="player")
    await client.command("add_bot", room=room, seat=1, level="easy")
    return client, room


def in_lobby(site: Site, name: str) -> bool:
    lobby = site.server.lobby
    return lobby is not None and any(p.name == name for p in lobby.idle.values())


def member(room: Any, name: str) -> Any:
    return next((m for m in room.members.values() if m.peer.name == name), None)


class Tab:
    """A page's session: its websocket, and the text its terminal has shown so far."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.shown = b""

    async def pump(self) -> None:
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.shown += message.data

    @property
    def text(self) -> str:
        return _ESCAPES.sub(b"", self.shown).decode("utf-8", "replace")

    async def press(self, keys: str) -> None:
        await self.ws.send_json(["stdin", keys])


async def open_tab(http: aiohttp.ClientSession, site: Site, name: str) -> Tab:
    async with http.get(f"{site.url}/play", params={"name": name}) as page:
        assert page.status == 200  # the browser's key comes with the page
    ws = await http.ws_connect(f"{site.url}/ws/play/{name}?width=120&height=40")
    await ws.send_json(["resize", {"width": 120, "height": 40}])  # as the page does
    await ws.send_json(["focus", None])
    return Tab(ws)


async def press_until(tab: Tab, keys: str, done: Any, what: str) -> None:
    for _ in range(8):
        await tab.press(keys)
        try:
            await until(done, 3.0, what)
            return
        except AssertionError:
            continue
    raise AssertionError(f"{what}: {keys!r} never did it; screen: {tab.text[-2000:]}")


def browser(address: str) -> aiohttp.ClientSession:
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                 connector=aiohttp.TCPConnector(local_addr=(address, 0)))


async def test_another_browser_typing_a_seated_players_name_takes_nothing(site: Site) -> None:
    maker, room_id = await waiting_room(site.game_port)
    assert site.server.lobby is not None
    room = site.server.lobby.rooms[room_id]
    tasks: list[asyncio.Task[None]] = []
    try:
        async with browser("127.0.0.2") as ana_browser, browser("127.0.0.66") as visitor:
            ana = await open_tab(ana_browser, site, "ana")
            tasks.append(asyncio.create_task(ana.pump()))
            await until(lambda: in_lobby(site, "ana"), 120, "ana in the lobby")
            await press_until(ana, "\r", lambda: member(room, "ana") is not None, "ana in")
            await maker.close()
            await press_until(ana, "t", lambda: member(room, "ana").seat == 0, "ana seated")
            seated = member(room, "ana")

            mallory = await open_tab(visitor, site, "ana")
            tasks.append(asyncio.create_task(mallory.pump()))
            # the game server refuses the name (in use from another address): the
            # visitor's client ends, and with it the session; before, it resumed the seat
            await until(lambda: mallory.ws.closed or member(room, "ana") is not seated, 120,
                        "the visitor's session settled")
            assert member(room, "ana") is seated and seated.seat == 0  # not evicted
            # and the page says why (the client's last words, on its stderr)
            await until(lambda: "already called 'ana'" in mallory.text, 60, "why, on the page")
            assert not ana.ws.closed and in_lobby(site, "ana") is False  # still at the table
            await mallory.ws.close()
            await ana.ws.close()
    finally:
        for task in tasks:
            task.cancel()
        await maker.close()
