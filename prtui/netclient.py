"""The TUI's client of the prtui wire protocol (docs/protocol.md).

A `Client` is the shared session (server/protocol/session.py: handshake, command ids
and ack/reject matching, state/diff upkeep with resync on a gap, pongs) over its
asyncio wrapper (server/protocol/session_io.py), plus what the TUI needs on top: every
push as a plain dict on `client.events` (so a Textual worker can turn them into
messages), `act` with the version it answers (resyncing on `stale`), the games catalog
and keep-alive pings that measure lag. No threads, no Textual, no rules.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator
from typing import Any, Self

from prtui.i18n import language
from server.protocol import limits
from server.protocol.framing import ConnectionClosed
from server.protocol.session import ClientSession, Event, Gap, Pong, ResyncFailed, RoomSync
from server.protocol.session_io import (
    Connection,
    HandshakeError,
    NetError,
    Rejected,
)

__all__ = ["Client", "ConnectionClosed", "HandshakeError", "NetError", "Rejected", "RoomSync"]

RATE_LIMITED_RETRIES = Connection.rate_limit_retries
"""How many times one command is sent again after `rate_limited` before the refusal
reaches the caller (each after `limits.RATE_LIMITED_PAUSE_S`)."""


PEER_ENV, PEER_PROOF_ENV = "PRTUI_SSH_PEER", "PRTUI_SSH_PEER_PROOF"


def relayed_peer() -> tuple[str, str] | None:
    """In an SSH session's client: the player's address and the game server's proof of
    it, which the gateway put in this process's environment (docs/ssh.md); else None."""
    peer, proof = os.environ.get(PEER_ENV), os.environ.get(PEER_PROOF_ENV)
    return (peer, proof) if peer and proof else None


KEY_ENV, KEY_PROOF_ENV = "PRTUI_SSH_KEY", "PRTUI_SSH_KEY_PROOF"


def relayed_key() -> tuple[str, str] | None:
    """In an SSH session's client: the fingerprint of the key the player logged in with
    and the game server's proof of it (a claimed name's credential); else None."""
    key, proof = os.environ.get(KEY_ENV), os.environ.get(KEY_PROOF_ENV)
    return (key, proof) if key and proof else None


class Client(Connection):
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
        session: ClientSession,
        backlog: list[Event] | None = None,
        *,
        ping_interval: float = limits.PING_INTERVAL_S,
    ) -> None:
        self.events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.lag_ms: float | None = None
        self.catalog: list[dict[str, Any]] | None = None  # list_games, once asked (games())
        self._pings: dict[float, asyncio.Future[float]] = {}
        super().__init__(reader, writer, session, backlog)
        self.conn: str = str(self.welcome.get("conn", ""))
        self.name: str = str(self.welcome.get("name", ""))
        self.resume: dict[str, Any] | None = self.welcome.get("resume")
        self.rooms: dict[str, RoomSync] = session.rooms
        if ping_interval > 0:
            self.spawn(self._ping_loop(ping_interval), "prtui-net-ping")  # i18n: a task's name

    # --- opening: `Client.connect(host, port, name, role, token, *, timeout,
    # ping_interval)` as the wrapper's, over TCP ---

    @classmethod
    async def over_streams(cls, *args: Any, **options: Any) -> Self:
        """Handshake over already-open streams (any transport); an SSH session's client
        also sends the player's address that its gateway relayed (`relayed_peer`)."""
        options.setdefault("peer", relayed_peer())
        options.setdefault("ssh_key", relayed_key())
        options.setdefault("lang", language())  # the server speaks to us in it (issue 38)
        return await super().over_streams(*args, **options)

    # --- sending ---

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
            try:  # diffs before the fresh state are dropped
                answer = await self.answer_to(self.session.resync(room))
            except BaseException:
                sync.resyncing = False
                raise
            if not answer.ok:
                sync.resyncing = False
                raise Rejected(answer.code, answer.reason) from None
            raise

    async def measure_lag(self, timeout: float = limits.COMMAND_TIMEOUT_S) -> float:
        """Ping the server now and return the round trip in milliseconds (also `lag_ms`)."""
        loop = asyncio.get_running_loop()
        ts = loop.time()
        future: asyncio.Future[float] = loop.create_future()
        self._pings[ts] = future
        try:
            if self.closed:
                raise ConnectionClosed(self.close_reason or "connection closed")
            self.session.ping(ts)
            self._write_queued()
            await self._drain()
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
        return self.session.snapshot(room)

    async def iter_events(self) -> AsyncIterator[dict[str, Any]]:
        """Yield events until (and including) the final `closed` event."""
        while True:
            event = await self.events.get()
            yield event
            if event["t"] == "closed":
                return

    # --- receiving ---

    def on_event(self, event: Event) -> None:
        t = event.msg["t"]
        if isinstance(event, Pong):
            self._on_pong(event.ts)
        elif isinstance(event, ResyncFailed):
            self.events.put_nowait({"t": "resync_failed", "room": event.room,
                                    "reason": event.reason})
        elif not isinstance(event, Gap) and t not in ("ack", "reject", "ping", "pong"):
            self.events.put_nowait(event.msg)

    def _on_pong(self, ts: float | None) -> None:
        if ts is None:
            return  # not ours: ignore rather than trust a made-up ts
        self.lag_ms = (asyncio.get_running_loop().time() - ts) * 1000.0
        future = self._pings.get(ts)
        if future is not None and not future.done():
            future.set_result(self.lag_ms)

    def on_closed(self, reason: str) -> None:
        for future in self._pings.values():
            if not future.done():
                future.set_exception(ConnectionClosed(reason))
        self.events.put_nowait({"t": "closed", "reason": reason})

    async def _ping_loop(self, interval: float) -> None:
        loop = asyncio.get_running_loop()
        while not self.closed:
            await asyncio.sleep(interval)
            with contextlib.suppress(ConnectionError):
                self.session.ping(loop.time())
                self._write_queued()
                await self._drain()
