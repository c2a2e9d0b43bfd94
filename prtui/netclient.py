"""The asyncio client of the prtui wire protocol (docs/protocol.md).

One `Client` per connection: it does the hello/welcome handshake, numbers commands and
matches their ack/reject, keeps each joined room's snapshot current by applying
`state`/`diff` (asking for `resync` on a gap), sends each `act` with the version it
answers (resyncing on `stale`), backs off on `rate_limited`, answers pings and measures
lag. Pushes reach the caller as plain dicts on `client.events`, so a Textual worker can
turn them into messages. No threads, no Textual, no rules.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from server.errors import PrtuiError
from server.protocol import limits, messages
from server.protocol.diff import DiffError, apply_ops
from server.protocol.framing import ConnectionClosed, FrameError, encode_frame, read_frame

__all__ = ["Client", "ConnectionClosed", "HandshakeError", "NetError", "Rejected", "RoomSync"]

RATE_LIMITED_RETRIES = 5
"""How many times one command is sent again after `rate_limited` before the refusal
reaches the caller (each after `limits.RATE_LIMITED_PAUSE_S`)."""


PEER_ENV, PEER_PROOF_ENV = "PRTUI_SSH_PEER", "PRTUI_SSH_PEER_PROOF"


def relayed_peer() -> tuple[str, str] | None:
    """In an SSH session's client: the player's address and the game server's proof of
    it, which the gateway put in this process's environment (docs/ssh.md); else None."""
    peer, proof = os.environ.get(PEER_ENV), os.environ.get(PEER_PROOF_ENV)
    return (peer, proof) if peer and proof else None


class NetError(PrtuiError):
    """Base class of the errors this library raises (besides ConnectionClosed)."""


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


@dataclass
class RoomSync:
    """What the client knows of one room: the last `room` info and the synced snapshot."""

    info: dict[str, Any] | None = None
    v: int | None = None
    snapshot: dict[str, Any] | None = None
    resyncing: bool = False


class Client:
    """A connected, welcomed session. Build it with `await Client.connect(...)`.

    `events` receives every push as the server's dict, with two additions: `state` and
    `diff` events carry the room's resulting `"snapshot"` (so a consumer reads the
    snapshot the same way from both), `{"t": "resync_failed", "room", "reason"}` if a
    resync is refused, and a final `{"t": "closed", "reason": str}` when the connection
    ends. The queue is unbounded: keep consuming it. Snapshots are shared between
    versions and never mutated by the client: treat them as read-only.
    """

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        welcome: dict[str, Any],
        *,
        ping_interval: float = limits.PING_INTERVAL_S,
    ) -> None:
        self.welcome = welcome
        self.conn: str = str(welcome.get("conn", ""))
        self.name: str = str(welcome.get("name", ""))
        self.resume: dict[str, Any] | None = welcome.get("resume")
        self.events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.rooms: dict[str, RoomSync] = {}
        self.lag_ms: float | None = None
        self.rate_limited = 0  # commands the server refused as too quick (and we resent)
        self.catalog: list[dict[str, Any]] | None = None  # list_games, once asked (games())
        self.closed = False
        self.close_reason: str | None = None
        self._notice: str | None = None  # an error/bye that was the last frame received
        self._reader = reader
        self._writer = writer
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._pings: dict[float, asyncio.Future[float]] = {}
        self._loop_pings: set[float] = set()  # ts of the keep-alive pings still unanswered
        self._write_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._read_task = asyncio.create_task(self._read_loop(), name="prtui-net-read")
        self._ping_task = (
            asyncio.create_task(self._ping_loop(ping_interval), name="prtui-net-ping")
            if ping_interval > 0
            else None
        )

    # --- opening and closing ---

    @classmethod
    async def connect(
        cls,
        host: str,
        port: int,
        name: str,
        role: str = "play",
        token: str | None = None,
        *,
        timeout: float = limits.HELLO_TIMEOUT_S,
        ping_interval: float = limits.PING_INTERVAL_S,
    ) -> Client:
        """Open a TCP connection and do the handshake; raise HandshakeError on refusal."""
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
        return await cls.over_streams(
            reader, writer, name, role, token, timeout=timeout, ping_interval=ping_interval
        )

    @classmethod
    async def over_streams(
        cls,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        name: str,
        role: str = "play",
        token: str | None = None,
        *,
        timeout: float = limits.HELLO_TIMEOUT_S,
        ping_interval: float = limits.PING_INTERVAL_S,
    ) -> Client:
        """Handshake over already-open streams (any transport)."""
        try:
            hello = messages.hello(name, role, token, relayed_peer())
            writer.write(encode_frame(hello, limits.MAX_FRAME_FROM_CLIENT))
            await writer.drain()
            first = await asyncio.wait_for(read_frame(reader, limits.MAX_FRAME_FROM_SERVER), timeout)
        except TimeoutError:
            writer.close()
            raise HandshakeError("hello_timeout", "no welcome from the server") from None
        except (FrameError, ConnectionError):
            writer.close()
            raise
        if first["t"] == "error":
            writer.close()
            raise HandshakeError(str(first.get("code", "error")), str(first.get("message", "")))
        if first["t"] != "welcome" or first.get("proto") != messages.PROTO_VERSION:
            writer.close()
            raise HandshakeError("bad_welcome", f"unexpected first frame {first.get('t')!r}")
        return cls(reader, writer, first, ping_interval=ping_interval)

    async def close(self) -> None:
        """Close the connection and stop the background tasks (idempotent)."""
        if not self.closed:
            self.close_reason = self.close_reason or "closed by client"
        tasks = [t for t in (self._read_task, self._ping_task, *self._tasks) if t is not None]
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
        self._finish("closed by client")

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- sending ---

    async def send(self, msg: dict[str, Any]) -> None:
        """Send one raw frame (use `command` for anything that expects an ack)."""
        if self.closed:
            raise ConnectionClosed(self.close_reason or "connection closed")
        frame = encode_frame(msg, limits.MAX_FRAME_FROM_CLIENT)
        async with self._write_lock:
            self._writer.write(frame)
            await self._writer.drain()

    async def command(
        self, t: str, *, timeout: float = limits.COMMAND_TIMEOUT_S, **fields: Any
    ) -> dict[str, Any]:
        """Send command `t` and return its ack's data ({} if none); raise Rejected.

        A field named like a Python keyword takes a trailing "_": `as_="player"`. The
        message is validated against the catalog first (ProtocolError before sending).
        Told `rate_limited`, it pauses as docs/protocol.md says and sends the command
        again with a new id (a few times), so a burst of quick commands only slows down.
        """
        messages.validate_client_message(messages.command(t, 0, **fields))
        for attempt in itertools.count(1):
            try:
                data = await self._command_once(t, timeout, fields)
                break
            except Rejected as exc:
                if exc.code != "rate_limited" or attempt > RATE_LIMITED_RETRIES:
                    raise
                self.rate_limited += 1
                await asyncio.sleep(limits.RATE_LIMITED_PAUSE_S)
        if t == "leave_room":
            self.rooms.pop(fields.get("room", ""), None)
        return data

    async def act(
        self, room: str, action: dict[str, Any], v: int | None = None
    ) -> dict[str, Any]:
        """Send `act` for the snapshot at version `v` (default: the room's current one).

        The server refuses another version with `stale` (a duplicate, or a choice made
        on a view the game has left): this asks for a resync (its fresh `state` follows)
        and then raises that Rejected, so the player chooses again from the new state.
        If the resync itself fails, its error is raised instead.
        """
        sync = self.rooms.setdefault(room, RoomSync())
        version = sync.v if v is None else v
        fields: dict[str, Any] = {"room": room, "action": action}
        if version is not None:
            fields["v"] = version
        try:
            return await self.command("act", **fields)
        except Rejected as exc:
            if exc.code != "stale" or sync.resyncing:
                raise
            sync.resyncing = True  # diffs before the fresh state are dropped
            try:
                await self.command("resync", room=room)
            except BaseException:
                sync.resyncing = False
                raise
            raise

    async def _command_once(self, t: str, timeout: float, fields: dict[str, Any]) -> dict[str, Any]:
        msg = messages.command(t, next(self._ids), **fields)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[msg["id"]] = future
        try:
            await self.send(msg)
            return await asyncio.wait_for(future, timeout)
        finally:
            self._pending.pop(msg["id"], None)

    async def measure_lag(self, timeout: float = limits.COMMAND_TIMEOUT_S) -> float:
        """Ping the server now and return the round trip in milliseconds (also `lag_ms`)."""
        loop = asyncio.get_running_loop()
        ts = loop.time()
        future: asyncio.Future[float] = loop.create_future()
        self._pings[ts] = future
        try:
            await self.send(messages.ping(ts))
            return await asyncio.wait_for(future, timeout)
        finally:
            self._pings.pop(ts, None)

    async def games(self) -> list[dict[str, Any]]:
        """The server's games as they describe themselves (``list_games``: names,
        players range, typed options, words and facts to show them), asked once per
        connection. Empty from a server without the command."""
        if self.catalog is None:
            try:
                data = await self.command("list_games")
            except Rejected:
                data = {}
            self.catalog = [g for g in data.get("games") or []
                            if isinstance(g, dict) and isinstance(g.get("name"), str)]
        return self.catalog

    def game_entry(self, game: object) -> dict[str, Any] | None:
        """One game's catalog entry, if the catalog was asked for (``games``)."""
        return next((g for g in self.catalog or [] if g.get("name") == game), None)

    def snapshot(self, room: str) -> dict[str, Any] | None:
        """The room's current snapshot, or None before its first `state`."""
        sync = self.rooms.get(room)
        return sync.snapshot if sync else None

    async def iter_events(self) -> AsyncIterator[dict[str, Any]]:
        """Yield events until (and including) the final `closed` event."""
        while True:
            event = await self.events.get()
            yield event
            if event["t"] == "closed":
                return

    # --- receiving ---

    async def _read_loop(self) -> None:
        reason = "connection closed by server"
        try:
            while True:
                msg = await read_frame(self._reader, limits.MAX_FRAME_FROM_SERVER)
                await self._dispatch(msg)
        except ConnectionClosed as exc:
            reason = self._notice or str(exc)
        except FrameError as exc:
            reason = f"bad frame from server: {exc}"
            self._writer.close()
        except (ConnectionError, OSError) as exc:
            reason = f"connection lost: {exc}"
        finally:
            self._finish(reason)

    async def _dispatch(self, msg: dict[str, Any]) -> None:
        t = msg["t"]
        self._notice = None
        if t in ("ack", "reject"):
            msg_id = msg.get("id")
            future = self._pending.get(msg_id) if isinstance(msg_id, int) else None
            if future is not None and not future.done():
                if t == "ack":
                    data = msg.get("data")
                    future.set_result(data if isinstance(data, dict) else {})
                else:
                    future.set_exception(
                        Rejected(str(msg.get("code", "rejected")), str(msg.get("reason", "")))
                    )
            return
        if t == "ping":
            await self.send(messages.pong(msg.get("ts", 0)))
            return
        if t == "pong":
            self._on_pong(msg.get("ts"))
            return
        if t == "state":
            self._on_state(msg)
        elif t == "diff":
            if not self._on_diff(msg):
                return
        elif t == "room" and isinstance(msg.get("room"), dict):
            room_id = msg["room"].get("id")
            if isinstance(room_id, str):
                self.rooms.setdefault(room_id, RoomSync()).info = msg["room"]
        elif t in ("error", "bye"):
            if t == "error":
                self._notice = f"error {msg.get('code', '')}: {msg.get('message', '')}"
            else:
                self._notice = f"bye: {msg.get('reason', '')}"
        self.events.put_nowait(msg)

    def _on_pong(self, ts: Any) -> None:
        if not isinstance(ts, float):
            return
        future = self._pings.get(ts)
        if future is None and ts not in self._loop_pings:
            return  # not ours: ignore rather than trust a made-up ts
        self._loop_pings.discard(ts)
        self.lag_ms = (asyncio.get_running_loop().time() - ts) * 1000.0
        if future is not None and not future.done():
            future.set_result(self.lag_ms)

    def _on_state(self, msg: dict[str, Any]) -> None:
        room, v, snapshot = msg.get("room"), msg.get("v"), msg.get("snapshot")
        if isinstance(room, str) and isinstance(v, int) and isinstance(snapshot, dict):
            sync = self.rooms.setdefault(room, RoomSync())
            sync.v, sync.snapshot, sync.resyncing = v, snapshot, False

    def _on_diff(self, msg: dict[str, Any]) -> bool:
        """Apply a diff to the room's snapshot; False (and a resync) when it does not fit."""
        room = msg.get("room")
        if not isinstance(room, str):
            return False
        sync = self.rooms.setdefault(room, RoomSync())
        if sync.resyncing:
            return False  # a fresh state is on its way
        ops = msg.get("ops")
        if sync.snapshot is None or sync.v != msg.get("base_v") or not isinstance(ops, list):
            self._resync(room, sync)
            return False
        try:
            snapshot = apply_ops(sync.snapshot, ops)
        except DiffError:
            self._resync(room, sync)
            return False
        if not isinstance(snapshot, dict) or not isinstance(msg.get("v"), int):
            self._resync(room, sync)
            return False
        sync.v, sync.snapshot = msg["v"], snapshot
        msg["snapshot"] = snapshot
        return True

    def _resync(self, room: str, sync: RoomSync) -> None:
        sync.resyncing = True
        task = asyncio.create_task(self._send_resync(room, sync), name="prtui-net-resync")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send_resync(self, room: str, sync: RoomSync) -> None:
        try:
            await self.command("resync", room=room)
        except (NetError, ConnectionError, TimeoutError) as exc:
            sync.resyncing = False  # the next diff will try again
            self.events.put_nowait({"t": "resync_failed", "room": room, "reason": str(exc)})

    async def _ping_loop(self, interval: float) -> None:
        loop = asyncio.get_running_loop()
        while not self.closed:
            await asyncio.sleep(interval)
            ts = loop.time()
            self._loop_pings.add(ts)
            if len(self._loop_pings) > 8:
                self._loop_pings.discard(min(self._loop_pings))
            with contextlib.suppress(ConnectionError):
                await self.send(messages.ping(ts))

    def _finish(self, reason: str) -> None:
        if self.closed:
            return
        self.closed = True
        self.close_reason = self.close_reason or reason
        futures: list[asyncio.Future[Any]] = [*self._pending.values(), *self._pings.values()]
        for future in futures:
            if not future.done():
                future.set_exception(ConnectionClosed(self.close_reason))
        self.events.put_nowait({"t": "closed", "reason": self.close_reason})
