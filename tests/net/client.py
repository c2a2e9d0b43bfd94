"""A small test client over a real socket: commands, frame log, snapshot tracking."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from server.protocol import limits
from server.protocol import messages as m
from server.protocol.diff import apply_ops
from server.protocol.framing import ConnectionClosed, FrameError, encode_frame, read_frame

GUARD_S = 20.0  # a hang guard, not a timing assertion


class Client:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.frames: list[dict[str, Any]] = []
        self.snap: dict[str, Any] | None = None
        self.v: int | None = None
        self.gaps = 0
        self.closed = asyncio.Event()
        self._next_id = 0
        self._cond = asyncio.Condition()
        self._task: asyncio.Task[None] | None = None
        self.welcome: dict[str, Any] = {}
        self.on_frame: Callable[[dict[str, Any]], None] | None = None
        self.answer_pings = True
        self.backoff = True  # pause and resend on `rate_limited` (off: see the reject)

    @classmethod
    async def connect(cls, port: int, name: str = "ana", role: str = "play",
                      token: str | None = None, source: str | None = None) -> Client:
        """``source``: the loopback address to connect from (127.0.0.2...), as if from
        another machine."""
        local = (source, 0) if source is not None else None
        reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=local)
        c = cls(reader, writer)
        c._task = asyncio.create_task(c._read())
        c.send(m.hello(name, role, token))
        c.welcome = await c.wait_for(lambda f: f["t"] in ("welcome", "error"))
        return c

    def send(self, msg: dict[str, Any]) -> None:
        self.writer.write(encode_frame(msg))

    def send_raw(self, data: bytes) -> None:
        self.writer.write(data)

    async def _read(self) -> None:
        try:
            while True:
                f = await read_frame(self.reader, limits.MAX_FRAME_FROM_SERVER)
                self._track(f)
                if self.on_frame:
                    self.on_frame(f)  # after tracking: it may inspect self.snap
                if f["t"] == "ping" and self.answer_pings:
                    self.send(m.pong(f["ts"]))
                async with self._cond:
                    self.frames.append(f)
                    self._cond.notify_all()
        except (ConnectionClosed, ConnectionError, FrameError, asyncio.IncompleteReadError):
            pass
        finally:
            self.closed.set()
            async with self._cond:
                self._cond.notify_all()

    def _track(self, f: dict[str, Any]) -> None:
        if f["t"] == "state":
            self.snap, self.v = f["snapshot"], f["v"]
        elif f["t"] == "diff" and self.snap is not None:
            if f["base_v"] != self.v:
                self.gaps += 1
                return
            self.snap, self.v = apply_ops(self.snap, f["ops"]), f["v"]

    async def wait_for(self, pred: Callable[[dict[str, Any]], bool], start: int = 0
                       ) -> dict[str, Any]:
        async def scan() -> dict[str, Any]:
            i = start
            async with self._cond:
                while True:
                    while i < len(self.frames):
                        if pred(self.frames[i]):
                            return self.frames[i]
                        i += 1
                    if self.closed.is_set():
                        raise ConnectionError("closed while waiting")
                    await self._cond.wait()
        return await asyncio.wait_for(scan(), GUARD_S)

    async def cmd(self, t: str, **fields: Any) -> dict[str, Any]:
        """Send a command and return its ack or reject. Told `rate_limited`, pause as
        docs/protocol.md says and send it again with a new id (unless `backoff` is off),
        so a test never depends on how fast the machine asks."""
        while True:
            self._next_id += 1
            mid = self._next_id
            mark = len(self.frames)
            self.send(m.command(t, mid, **fields))
            answer = await self.wait_for(
                lambda f, mid=mid: f["t"] in ("ack", "reject") and f.get("id") == mid, mark)
            if not (self.backoff and answer["t"] == "reject" and answer["code"] == "rate_limited"):
                return answer
            await asyncio.sleep(limits.RATE_LIMITED_PAUSE_S)

    async def ok(self, t: str, **fields: Any) -> dict[str, Any]:
        r = await self.cmd(t, **fields)
        assert r["t"] == "ack", r
        return r.get("data") or {}

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()
        if self._task:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
