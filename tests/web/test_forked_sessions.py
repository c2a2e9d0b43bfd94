"""Browser sessions forked by the warm parent (server/ssh/forkserver.py): the real
`prtui connect` on pipes, driven over a real loopback websocket as the page's script
talks (textual-serve's messages), no browser needed."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
from pathlib import Path

import aiohttp

from server.web.gateway import WebGateway
from tests.web.conftest import Site, until

_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()=>78]")


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


class Page:
    """One tab's websocket: the screen text so far, keys to send."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.text = ""

    async def expect(self, wanted: str) -> None:
        async def read() -> None:
            while wanted not in self.text:
                message = await self.ws.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.text += _ESCAPES.sub("", message.data.decode("utf-8", "replace"))
                elif message.type != aiohttp.WSMsgType.TEXT:
                    raise AssertionError(f"the session ended before {wanted!r}: {self.text[-500:]!r}")

        await asyncio.wait_for(read(), 120)  # a hang guard, not a timing

    async def ended(self) -> None:
        """Read until the gateway closes the page (its session is over)."""

        async def read() -> None:
            while (await self.ws.receive()).type in (aiohttp.WSMsgType.BINARY,
                                                     aiohttp.WSMsgType.TEXT):
                pass

        await asyncio.wait_for(read(), 120)

    async def key(self, keys: str) -> None:
        self.text = ""
        await self.ws.send_str(json.dumps(["stdin", keys]))


async def open_page(http: aiohttp.ClientSession, web: WebGateway, name: str) -> tuple[Page, int]:
    before = {child.pid for child in web.children}
    ws = await http.ws_connect(f"http://127.0.0.1:{web.port}/ws/play/{name}?width=100&height=30")
    page = Page(ws)
    await page.expect("Rooms")
    (pid,) = {child.pid for child in web.children} - before
    assert pid is not None
    return page, pid


async def test_browser_sessions_are_forked_by_the_warm_parent(site: Site) -> None:
    web = site.web
    assert web.forks is not None
    web.forks.warm_up()
    await until(lambda: web.forks is not None and web.forks.ready, what="the fork server warm")
    parent = web.forks.pid
    async with aiohttp.ClientSession() as http:
        ana, ana_pid = await open_page(http, web, "ana")
        bob, bob_pid = await open_page(http, web, "bob")
        assert parent_of(ana_pid) == parent and parent_of(bob_pid) == parent
        await ana.key("n")  # keys reach the forked child: the table set-up form
        await ana.expect("Players")
        os.kill(ana_pid, signal.SIGKILL)  # one session crashes...
        await ana.ended()
        await bob.key("n")  # ...the other goes on, and so does the parent
        await bob.expect("Players")
        assert web.forks.pid == parent and web.forks.ready
        await bob.ws.close()
    await until(lambda: not web.children, what="every child gone")
