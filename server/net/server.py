"""The embeddable game server: a TCP listener, the lobby, and the store.

``GameServer(data_dir, host, port=0)`` runs on the caller's event loop:
``port = await server.start()`` then ``await server.stop()``, or
``async with GameServer(...) as server:`` (started on entry, stopped on exit, also when
the block raises). ``prtui serve`` and the client's no-set-up mode both use it.

One process owns a data directory at a time (server/store/lock.py). A second server
on the same directory either refuses to start (``if_busy="fail"``, what ``prtui serve``
asks for) or runs on a private in-memory store (``if_busy="private"``, the default, so
a second ``prtui play`` works at once; its games end with the process).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path
from types import TracebackType
from typing import Self

from server.i18n import N_
from server.net.clock import Clock
from server.net.lobby import MAX_OPEN_ROOMS, Lobby
from server.net.notify_address import NotifyPolicy
from server.net.relay import AddressBook
from server.net.session import Session, SessionLimits
from server.net.upkeep import RoomPolicy
from server.protocol import limits
from server.protocol import messages as m
from server.protocol.framing import encode_frame
from server.says import Said, say
from server.store.lock import DataDirBusy, DataDirLock
from server.store.sqlite import SqliteStore

BYE = say(N_("server shutting down"))
"""The ``bye`` every connection reads when the server stops."""

log = logging.getLogger(__name__)

DB_NAME = "prtui.sqlite3"


async def let_go(writer: asyncio.StreamWriter) -> None:
    """Once a connection is closed, break the cycle asyncio's socket transport keeps
    with itself (on Python 3.11 its read callback is a bound method of its own), so
    reference counting frees the transport, its streams and buffers at once. The tuned
    collector (``server.net.collector.tune_gc``) seldom runs a full collection, so each closed connection's
    objects used to stay: about 12 KB apiece."""
    with contextlib.suppress(Exception):
        async with asyncio.timeout(5):
            await writer.wait_closed()
    transport = writer.transport
    if getattr(transport, "_sock", True) is None and hasattr(transport, "_read_ready_cb"):
        transport._read_ready_cb = None  # lost: never read again
    # a peer that reset the connection leaves its ConnectionResetError in the reader, and
    # that error's traceback holds the frames that hold the transport (and this one,
    # where wait_closed raised it): a cycle, seen on a loaded machine
    reader = getattr(writer, "_reader", None)
    failed = reader.exception() if isinstance(reader, asyncio.StreamReader) else None
    if failed is not None:
        failed.__traceback__ = None


class GameServer:
    def __init__(
        self,
        data_dir: str | Path,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        max_per_address: int = limits.MAX_CONNECTIONS_PER_ADDRESS,
        max_rooms: int = MAX_OPEN_ROOMS,
        room_policy: RoomPolicy | None = None,
        session_limits: SessionLimits | None = None,
        if_busy: str = "private",
        notify: NotifyPolicy | None = None,
        clock: Clock | None = None,
    ) -> None:
        if if_busy not in ("private", "fail"):
            raise ValueError("if_busy is 'private' or 'fail'")
        self.data_dir = Path(data_dir)
        self.host = host
        self.port = port
        self.max_per_address = max_per_address
        self.max_rooms = max_rooms
        self.room_policy = room_policy  # waiting rooms per client, expiry (net/upkeep.py)
        self.limits = session_limits or SessionLimits()
        self.if_busy = if_busy
        self.notify = notify  # turn notices while away (server/net/notify.py); None: off
        self.clock = clock  # turn-based deadlines' clock (server/net/clock.py); None: the system's
        self.private = False  # True: another process owns data_dir; nothing is kept
        self.store: SqliteStore | None = None
        self._lock: DataDirLock | None = None
        self.lobby: Lobby | None = None
        self._server: asyncio.Server | None = None
        self._sessions: set[Session] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self.addresses = AddressBook(max_per_address)  # SSH players count as themselves

    async def start(self) -> int:
        """Own the data directory (or not: see ``if_busy``), open the store, resume
        stored games, listen; return the bound port. Raises DataDirBusy or OSError."""
        self.store = self._open_store()
        self.lobby = Lobby(self.store, self.max_rooms, self.room_policy, self.notify,
                           self.clock)
        self.lobby.vouched_key = self.addresses.vouched_key
        restored = self.lobby.restore()
        if restored:
            log.info("restored %d rooms", restored)
        try:
            self._server = await asyncio.start_server(
                self._accept, self.host, self.port, backlog=512
            )
        except OSError:
            await self.stop()
            raise
        self.port = self._server.sockets[0].getsockname()[1]
        log.info("listening on %s:%d (data: %s%s)", self.host, self.port, self.data_dir,
                 ", in memory only" if self.private else "")
        return self.port

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.stop()

    def _open_store(self) -> SqliteStore:
        lock = DataDirLock(self.data_dir)
        if lock.acquire():
            self._lock = lock
            return SqliteStore(self.data_dir / DB_NAME)
        if self.if_busy == "fail":
            raise DataDirBusy(self.data_dir, lock.holder)
        log.warning("%s is in use by pid %s: this server keeps its games in memory only",
                    self.data_dir, lock.holder or "?")
        self.private = True
        return SqliteStore(":memory:")

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        addr = str(peer[0]) if peer else "?"
        own = writer.get_extra_info("sockname")  # a connection from this machine (the
        # SSH gateway's sessions) is counted at its hello: see server/net/relay.py
        place = self.addresses.admit(addr, str(own[0]) if own else None) if self.lobby else None
        if place is None or self.lobby is None:
            with contextlib.suppress(Exception):
                # before any hello: the reader's language is not known yet (English)
                writer.write(encode_frame(m.error(
                    "too_many_connections", say(N_("too many connections from your address")))))
                await writer.drain()
                writer.close()
            return
        session = Session(reader, writer, self.lobby, self.limits, relayed=place.relayed)
        self._sessions.add(session)
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            await session.run()
        finally:
            self._sessions.discard(session)
            place.release()
            try:
                await let_go(writer)
            finally:
                if task is not None:
                    self._tasks.discard(task)

    def relay_proof(self, address: str) -> str:
        """For this process's SSH gateway only: the proof a session's child sends in its
        hello so that it counts against its player's ``address`` (server/net/relay.py)."""
        return self.addresses.proof(address)

    def key_proof(self, fingerprint: str) -> str:
        """For this process's SSH gateway only: the proof that its player holds the SSH
        key ``fingerprint`` (the hello's ``ssh_key_proof``)."""
        return self.addresses.key_proof(fingerprint)

    def connections_from(self, address: str) -> int:
        return self.addresses.count(address)

    async def stop(self, reason: Said = BYE) -> None:
        """Tell every client ``bye``, stop the rooms, flush and close the store."""
        if self._server is not None:
            self._server.close()
        for session in list(self._sessions):
            session.close("bye", reason)
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=5)
        if self.lobby is not None:
            await self.lobby.stop()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)
        if self.store is not None:
            self.store.close()
            self.store = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None
