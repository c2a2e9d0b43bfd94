"""A real HTTP receiver of turn notices on 127.0.0.1 (aiohttp), for apprise's
``json://`` scheme: it keeps what it was sent, and answers as a test asks: at once
(200), with a failure (500), or only once the test releases it (a receiver that hangs)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from aiohttp import web


class Receiver:
    def __init__(self) -> None:
        self.got: list[dict[str, Any]] = []  # each notice's JSON body, with its "path"
        self.status = 200
        self.hold = False  # True: answer only once ``release`` is set
        self.holding = asyncio.Event()  # a request is being held
        self.release = asyncio.Event()
        self.port = 0

    async def _hook(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.got.append({**body, "path": request.path})
        if self.hold:
            self.holding.set()
            await self.release.wait()
        return web.Response(status=self.status)

    def url(self, secret: str = "SECRET-PATH-TOKEN") -> str:
        return f"json://127.0.0.1:{self.port}/hook/{secret}"


@asynccontextmanager
async def receiver() -> AsyncIterator[Receiver]:
    r = Receiver()
    app = web.Application()
    app.router.add_post("/{tail:.*}", r._hook)
    runner = web.AppRunner(app, shutdown_timeout=1)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    server = site._server
    assert server is not None and server.sockets
    r.port = server.sockets[0].getsockname()[1]
    try:
        yield r
    finally:
        r.release.set()
        await runner.cleanup()
