"""The thin asyncio wrapper of the sans-I/O session (server/protocol/session.py).

`Connection` moves bytes between asyncio streams and a `ClientSession`: one read task
feeds what arrives to the session, hands each event to `on_event` and resolves the
command that an `ack`/`reject` answers; what the session queues (commands, pongs,
resyncs) is written at once. It adds only what needs a clock: timeouts and the pause
after `rate_limited`. prtui/netclient.py (the TUI's client), the benches and the tests'
client subclass it; the protocol logic stays in the session.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Callable, Coroutine
from typing import Any, Self, TypeVar

from server.errors import PrtuiError
from server.i18n import N_
from server.protocol import limits
from server.protocol.framing import ConnectionClosed, FrameError
from server.protocol.session import Answer, ClientSession, Event, Push, Welcomed

T = TypeVar("T")

READ_CHUNK = 1 << 16
"""Bytes asked of the stream per read; the session joins frames cut anywhere."""


class NetError(PrtuiError):
    """Base class of the errors a client connection raises (besides ConnectionClosed)."""


class HandshakeError(NetError):
    """The server refused the hello (`code` as sent: unsupported_proto, bad_token...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class Rejected(NetError):
    """The server answered a command with `reject`."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason


class Connection:
    """A connected session: build it with `await Cls.connect(...)` or `over_streams`.

    Subclasses override `on_event` (every event, in order) and `on_closed` (once).
    `rate_limit_retries`: how often one command is sent again after `rate_limited`
    (each after `limits.RATE_LIMITED_PAUSE_S`) before the refusal reaches the caller.
    """

    rate_limit_retries = 5

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        session: ClientSession,
        backlog: list[Event] | None = None,
    ) -> None:
        self.session = session
        self.welcome: dict[str, Any] = session.welcome or {}
        self.closed = False
        self.close_reason: str | None = None
        self.rate_limited = 0  # commands refused as too quick (and sent again)
        self._reader = reader
        self._writer = writer
        self._pending: dict[int, asyncio.Future[Answer]] = {}
        self._notice: str | None = None  # an error/bye that was the last frame received
        self._write_lock = asyncio.Lock()
        self._news = asyncio.Event()  # set after each batch of events and at the end
        self._tasks: set[asyncio.Task[Any]] = set()
        self._read_task = asyncio.create_task(self._read_loop(backlog or []), name="prtui-read")

    # --- opening and closing ---

    @classmethod
    async def connect(
        cls, host: str, port: int, name: str, role: str = "play", token: str | None = None,
        *, timeout: float = limits.HELLO_TIMEOUT_S, local_addr: tuple[str, int] | None = None,
        **options: Any,
    ) -> Self:
        """Open a TCP connection and do the handshake (see `over_streams`)."""
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(host, port, local_addr=local_addr), timeout)
        return await cls.over_streams(reader, writer, name, role, token, timeout=timeout, **options)

    @classmethod
    async def over_streams(
        cls, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, name: str,
        role: str = "play", token: str | None = None, *, timeout: float = limits.HELLO_TIMEOUT_S,
        peer: tuple[str, str] | None = None, session: ClientSession | None = None,
        refused_ok: bool = False, password: str | None = None,
        ssh_key: tuple[str, str] | None = None, lang: str | None = None, **options: Any,
    ) -> Self:
        """Send the hello and wait for the answer; raise HandshakeError on a refusal
        (`refused_ok`: return the connection anyway, its `welcome` is the `error`)."""
        session = session or ClientSession()
        session.hello(name, role, token, peer, password, ssh_key, lang)
        events: list[Event] = []
        try:
            async with asyncio.timeout(timeout):
                writer.write(session.data_to_send())
                await writer.drain()
                while session.welcome is None:
                    data = await reader.read(READ_CHUNK)
                    if not data:
                        raise ConnectionClosed(clean=not session.pending_bytes)
                    events += session.receive_data(data)
        except TimeoutError:
            writer.close()
            raise HandshakeError("hello_timeout", "no welcome from the server") from None
        except (FrameError, ConnectionError):
            writer.close()
            raise
        first = events[0]
        if isinstance(first, Welcomed) and not first.ok and not refused_ok:
            writer.close()
            raise HandshakeError(first.code, first.message)
        return cls(reader, writer, session, events[1:], **options)

    async def close(self) -> None:
        """Close the connection and stop the background tasks (idempotent)."""
        if not self.closed:
            self.close_reason = self.close_reason or N_("closed by client")
        tasks = [self._read_task, *self._tasks]
        for task in tasks:
            if task is not asyncio.current_task():
                task.cancel()
        self._writer.close()
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await self._writer.wait_closed()
        for task in tasks:
            if task is not asyncio.current_task():
                with contextlib.suppress(BaseException):
                    await task
        self._finish(N_("closed by client"))

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> None:
        """Run `coro` as a task of this connection (cancelled by `close`)."""
        task = asyncio.create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- sending ---

    def send_nowait(self, msg: dict[str, Any]) -> None:
        """Write one raw frame now, without waiting for the stream to drain."""
        if self.closed:
            raise ConnectionClosed(self.close_reason or "connection closed")
        self.session.send(msg)
        self._write_queued()

    async def send(self, msg: dict[str, Any]) -> None:
        """Send one raw frame (use `command` for anything that expects an ack)."""
        self.send_nowait(msg)
        await self._drain()

    async def request(
        self, t: str, *, timeout: float = limits.COMMAND_TIMEOUT_S, **fields: Any
    ) -> Answer:
        """Send command `t`; return its `Answer`, ack or reject. Told `rate_limited`, it
        pauses as docs/protocol.md says and sends it again with a new id (a few times),
        so a burst of quick commands only slows down. ProtocolError before sending."""
        for attempt in itertools.count(1):
            answer = await self.answer_to(self.session.command(t, **fields), timeout)
            if answer.ok or answer.code != "rate_limited" or attempt > self.rate_limit_retries:
                return answer
            self.rate_limited += 1
            await asyncio.sleep(limits.RATE_LIMITED_PAUSE_S)
        raise AssertionError("unreachable")

    async def command(
        self, t: str, *, timeout: float = limits.COMMAND_TIMEOUT_S, **fields: Any
    ) -> dict[str, Any]:
        """Send command `t` and return its ack's data ({} if none); raise Rejected.

        A field named like a Python keyword takes a trailing "_": `as_="player"`.
        """
        answer = await self.request(t, timeout=timeout, **fields)
        if not answer.ok:
            raise Rejected(answer.code, answer.reason)
        return answer.data

    async def answer_to(self, command_id: int, timeout: float = limits.COMMAND_TIMEOUT_S
                        ) -> Answer:
        """Write what the session queued and wait for the answer to `command_id`."""
        future: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        self._pending[command_id] = future
        try:
            if self.closed:
                raise ConnectionClosed(self.close_reason or "connection closed")
            self._write_queued()
            await self._drain()
            return await asyncio.wait_for(future, timeout)
        finally:
            self._pending.pop(command_id, None)
            self.session.forget(command_id)

    def _write_queued(self) -> None:
        data = self.session.data_to_send()
        if data and not self.closed:
            self._writer.write(data)

    async def _drain(self) -> None:
        async with self._write_lock:
            await self._writer.drain()

    # --- receiving ---

    async def until(self, pred: Callable[[], T | None],
                    timeout: float = limits.COMMAND_TIMEOUT_S) -> T:
        """Wait until `pred()` is truthy (checked after each batch of events); return
        it. ConnectionClosed if the connection ends first, TimeoutError after `timeout`."""
        async with asyncio.timeout(timeout):
            while not (found := pred()):
                if self.closed:
                    raise ConnectionClosed(self.close_reason or "connection closed")
                self._news.clear()
                await self._news.wait()
        return found

    def on_event(self, event: Event) -> None:
        """Called for every event, in order, after the session handled it."""

    def on_closed(self, reason: str) -> None:
        """Called once when the connection ends (by either side)."""

    async def _read_loop(self, backlog: list[Event]) -> None:
        reason = N_("connection closed by server")  # the TUI looks it up (server domain)
        try:
            self._deliver(backlog)
            while True:
                data = await self._reader.read(READ_CHUNK)
                if not data:
                    mid_frame = self.session.pending_bytes > 0
                    reason = self._notice or (
                        N_("connection closed mid-frame") if mid_frame else N_("connection closed"))
                    break
                events = self.session.receive_data(data)
                self._write_queued()  # pongs and resyncs the session queued
                self._deliver(events)
        except FrameError as exc:
            reason = f"bad frame from server: {exc}"  # i18n: an exception's detail, as the library gives it
            self._writer.close()
        except (ConnectionError, OSError) as exc:
            reason = f"connection lost: {exc}"  # i18n: an exception's detail, as the library gives it
        finally:
            self._finish(reason)

    def _deliver(self, events: list[Event]) -> None:
        for event in events:
            t = event.msg["t"]
            self._notice = None
            if isinstance(event, Answer):
                future = self._pending.get(event.id)
                if future is not None and not future.done():
                    future.set_result(event)
            elif isinstance(event, Push) and t == "error":
                self._notice = f"error {event.msg.get('code', '')}: {event.msg.get('message', '')}"
            elif isinstance(event, Push) and t == "bye":
                self._notice = f"bye: {event.msg.get('reason', '')}"
            self.on_event(event)
        self._news.set()

    def _finish(self, reason: str) -> None:
        if self.closed:
            return
        self.closed = True
        self.close_reason = self.close_reason or reason
        for future in self._pending.values():
            if not future.done():
                future.set_exception(ConnectionClosed(self.close_reason))
        self.on_closed(self.close_reason)
        self._news.set()
