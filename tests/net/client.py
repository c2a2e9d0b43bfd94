"""The tests' client over a real socket: the shared session (server/protocol/session.py)
and its asyncio wrapper, plus a log of every frame to wait on and one tracked snapshot."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from server.protocol.session import Answer, ClientSession, Event, Gap, Synced
from server.protocol.session_io import Connection

GUARD_S = 20.0  # a hang guard, not a timing assertion


class Client(Connection):
    """Keeps every frame in `frames`; `snap`/`v` follow the last room synced; `gaps`
    counts diffs that did not fit (no resync is asked: a test wants to see them)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.frames: list[dict[str, Any]] = []
        self.snap: dict[str, Any] | None = None
        self.v: int | None = None
        self.gaps = 0
        self.on_frame: Callable[[dict[str, Any]], None] | None = None
        self.closed_event = asyncio.Event()
        super().__init__(*args, **kwargs)
        self.backoff = True  # pause and resend on `rate_limited` (off: see the reject)

    @classmethod
    async def connect(  # type: ignore[override]
        cls, port: int, name: str = "ana", role: str = "play", token: str | None = None,
        source: str | None = None, peer: tuple[str, str] | None = None,
        password: str | None = None, ssh_key: tuple[str, str] | None = None,
        lang: str | None = None,
    ) -> Client:
        """``source``: the loopback address to connect from (127.0.0.2...), as if from
        another machine; ``peer``: (address, proof) as an SSH session's child sends. A
        refused hello is no error here: `welcome` is then the server's `error`."""
        local = (source, 0) if source is not None else None
        return await super().connect(
            "127.0.0.1", port, name, role, token, local_addr=local, timeout=GUARD_S,
            peer=peer, session=ClientSession(auto_resync=False, check_commands=False), refused_ok=True,
            password=password, ssh_key=ssh_key, lang=lang)

    @classmethod
    def attach(cls, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *,
               welcomed: bool = False, first_id: int = 1) -> Client:
        """A client over streams the test opened itself, without a handshake (send one
        with `send`, or none). `welcomed`: the hello was answered already; `first_id`:
        the id of the next command."""
        session = ClientSession(auto_resync=False, check_commands=False, first_id=first_id)
        if welcomed:
            session.welcome = {"t": "welcome"}
        return cls(reader, writer, session)

    async def wait_closed(self) -> None:
        """Until the connection has ended (either side)."""
        await asyncio.wait_for(self.closed_event.wait(), GUARD_S)

    @property
    def backoff(self) -> bool:
        return self.rate_limit_retries > 0

    @backoff.setter
    def backoff(self, on: bool) -> None:
        self.rate_limit_retries = 10**9 if on else 0

    @property
    def answer_pings(self) -> bool:
        return self.session.answer_pings

    @answer_pings.setter
    def answer_pings(self, on: bool) -> None:
        self.session.answer_pings = on

    def send(self, msg: dict[str, Any]) -> None:  # type: ignore[override]
        """Write any frame now, even a command the session does not number, even after
        the server has closed (the bytes are then lost, as on a real socket)."""
        self.session.send(msg)
        self._writer.write(self.session.data_to_send())

    def send_raw(self, data: bytes) -> None:
        self._writer.write(data)

    def on_event(self, event: Event) -> None:
        if isinstance(event, Synced):
            self.snap, self.v = event.snapshot, event.v
        elif isinstance(event, Gap):
            self.gaps += 1
        if self.on_frame:
            self.on_frame(event.msg)  # after tracking: it may inspect self.snap
        self.frames.append(event.msg)

    def on_closed(self, reason: str) -> None:
        self.closed_event.set()

    async def wait_for(self, pred: Callable[[dict[str, Any]], bool], start: int = 0
                       ) -> dict[str, Any]:
        """The first frame from index `start` on that `pred` accepts, once it arrives."""
        i = start

        def scan() -> dict[str, Any] | None:
            nonlocal i
            while i < len(self.frames):
                if pred(self.frames[i]):
                    return self.frames[i]
                i += 1
            return None

        return await self.until(scan, GUARD_S)

    async def cmd(self, t: str, **fields: Any) -> dict[str, Any]:
        """Send a command and return its ack or reject frame. Told `rate_limited`, pause
        as docs/protocol.md says and send it again with a new id (unless `backoff` is
        off), so a test never depends on how fast the machine asks."""
        answer: Answer = await self.request(t, timeout=GUARD_S, **fields)
        return answer.msg

    async def ok(self, t: str, **fields: Any) -> dict[str, Any]:
        r = await self.cmd(t, **fields)
        assert r["t"] == "ack", r
        return r.get("data") or {}
