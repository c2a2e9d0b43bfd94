"""A tiny scripted protocol server on 127.0.0.1 for testing prtui.netclient for real.

It speaks hello/welcome, acks or rejects commands, sends state/diff and answers ping,
using the shared framing code; tests push extra frames through `push`.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from server.protocol import limits, messages
from server.protocol.framing import ConnectionClosed, encode_frame, read_frame

SNAP_V1 = {"view": {"round": 1, "players": [{"seat": 0, "doubloons": 2}]}, "legal": [], "log": [], "seat": 0}
SNAP_V2 = {"view": {"round": 1, "players": [{"seat": 0, "doubloons": 5}]}, "legal": [], "log": [], "seat": 0}
SNAP_FRESH = {"view": {"round": 9, "players": []}, "legal": [], "log": [], "seat": None}


class FakeServer:
    def __init__(self, *, silent: bool = False) -> None:
        self.silent = silent  # never answer the hello
        self.received: list[dict[str, Any]] = []
        self.writer: asyncio.StreamWriter | None = None
        self.connected = asyncio.Event()
        self._server: asyncio.Server | None = None
        self._handlers: set[asyncio.Task[Any]] = set()
        self.port = 0

    async def __aenter__(self) -> FakeServer:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._server is not None
        self._server.close()
        if self.writer is not None:
            self.writer.close()
        for task in list(self._handlers):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        await self._server.wait_closed()

    async def push(self, msg: dict[str, Any]) -> None:
        assert self.writer is not None
        self.writer.write(encode_frame(msg))
        await self.writer.drain()

    async def push_raw(self, data: bytes) -> None:
        assert self.writer is not None
        self.writer.write(data)
        await self.writer.drain()

    async def wait_for(self, t: str) -> dict[str, Any]:
        """The first message of type `t` the server received (polls the event loop)."""
        while True:
            for msg in self.received:
                if msg["t"] == t:
                    return msg
            await asyncio.sleep(0.001)

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._handlers.add(asyncio.current_task())  # type: ignore[arg-type]
        self.writer = writer
        try:
            hello = await read_frame(reader, limits.MAX_FRAME_FROM_CLIENT)
            self.received.append(hello)
            if self.silent:
                await reader.read()
                return
            if hello.get("name") == "refused":
                await self.push(messages.error("bad_token", "no such seat token"))
                writer.close()
                return
            await self.push(messages.welcome("c1", hello["name"], "fake 0", None))
            self.connected.set()
            while True:
                msg = await read_frame(reader, limits.MAX_FRAME_FROM_CLIENT)
                self.received.append(messages.validate_client_message(msg))
                await self._answer(msg)
        except ConnectionClosed:
            pass
        finally:
            writer.close()

    async def _answer(self, msg: dict[str, Any]) -> None:
        t, mid = msg["t"], msg.get("id")
        if t == "ping":
            await self.push(messages.pong(msg["ts"]))
        elif t == "join_room":
            await self.push(messages.ack(mid, {"room": msg["room"]}))
            await self.push(messages.room({"id": msg["room"], "status": "playing"}))
            await self.push(messages.state(msg["room"], 1, SNAP_V1))
        elif t == "act":
            await self.push(messages.ack(mid))
            ops = [["set", ["view", "players", 0, "doubloons"], 5]]
            await self.push(messages.diff(msg["room"], 1, 2, ops))
        elif t == "resync":
            await self.push(messages.ack(mid))
            await self.push(messages.state(msg["room"], 10, SNAP_FRESH))
        elif t == "start":
            await self.push(messages.reject(mid, "not_host", "only the host may start"))
        elif mid is not None:
            await self.push(messages.ack(mid, {"echo": t}))
