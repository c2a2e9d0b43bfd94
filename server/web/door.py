"""Which HTTP connections the web port keeps, and for how long one may idle.

aiohttp alone keeps every accepted connection until it sends a whole request, for an
hour: 1,000 half-sent requests from one address held 1,000 descriptors, and under a
1,024 limit the game port could accept nothing. So, as the SSH gateway's StartupGate
does for logins (server/ssh/startups.py), a connection is closed the moment it is
accepted when it would be one too many:

- *waiting* connections (no request yet, or idle between two requests):
  ``waiting_per_address`` from one address, ``waiting_in_all`` in total; when the total
  is reached, the address holding the most waiting connections gives its oldest up for
  a newcomer from an address holding fewer (so ten flooding addresses lock nobody out);
- connections of any kind: those plus ``sessions_per_address`` (``sessions``) more, for
  the tabs' websockets and the pages being sent;
- descriptors: an accepted socket's number is the lowest free one, so a number at or
  above ``fd_ceiling`` means the rest are kept for the game port (server/ssh/fds.py);
  such a connection is closed, and the heaviest address's oldest waiting connection
  with it, so the next newcomer finds a descriptor below the line.

A waiting connection is closed ``header_timeout_s`` after it was accepted (here) or its
last response was sent (aiohttp's keep-alive timeout, set to the same). Refusals and closings are logged as one line every ``LOG_EVERY_S``.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections import Counter
from collections.abc import Callable, Collection
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

log = logging.getLogger("prtui.web")

MAX_WAITING = 128  # connections without a request under way, in all (--web-max-waiting)
MAX_WAITING_PER_ADDRESS = 16  # from one address (--web-max-waiting-per-address)
HEADER_TIMEOUT_S = 5.0  # a browser sends its request at once (--web-header-timeout)
LOG_EVERY_S = 10.0


class Door:
    """Counts the web port's connections per address and in all, waiting and in total."""

    def __init__(self, *, sessions: int, sessions_per_address: int,
                 waiting: int = MAX_WAITING, waiting_per_address: int = MAX_WAITING_PER_ADDRESS,
                 header_timeout_s: float = HEADER_TIMEOUT_S, fd_ceiling: int | None = None,
                 address_of: Callable[[str], str] = lambda address: address,
                 exempt: Collection[str] = (), clock: Callable[[], float] = time.monotonic) -> None:
        if waiting < 1 or waiting_per_address < 1:
            raise ValueError("--web-max-waiting and --web-max-waiting-per-address must be "
                             "at least 1")
        if header_timeout_s <= 0:
            raise ValueError("--web-header-timeout must be positive")
        self.waiting_per_address = waiting_per_address
        self.waiting_in_all = max(waiting, waiting_per_address)
        # a page and its static files come on a few connections beside the websockets
        self.per_address = waiting_per_address + 2 * sessions_per_address
        self.in_all = self.waiting_in_all + 2 * sessions
        self.header_timeout_s = header_timeout_s
        self.fd_ceiling = fd_ceiling
        self.address_of = address_of
        self.exempt = frozenset(exempt)  # trusted proxies: all their players share them
        self._clock = clock
        # the waiting connections of each address, oldest first
        self._waiters: dict[str, dict[GuardedProtocol, None]] = {}
        self._open: Counter[str] = Counter()
        self.waiting = 0
        self.open = 0
        self._refused: Counter[str] = Counter()
        self._next_log = 0.0

    def is_waiting(self, conn: GuardedProtocol) -> bool:
        return conn in self._waiters.get(conn.address, ())

    def waiting_from(self, address: str) -> int:
        return len(self._waiters.get(address, ()))

    def admit(self, conn: GuardedProtocol, fd: int) -> bool:
        """Whether to keep ``conn``, just accepted as descriptor ``fd``; a kept one counts
        as waiting until ``busy``. When the port is full (in all, or descriptors), the
        oldest waiting connection of the address that holds the most gives way to one from
        an address that holds fewer: many addresses flooding together lock nobody out."""
        address = conn.address
        if address not in self.exempt and (
                self._open[address] >= self.per_address
                or self.waiting_from(address) >= self.waiting_per_address):
            self.note("refused (from one address)", address)  # i18n: the door's log of refusals: a page is never sent it
            return False
        if self.fd_ceiling is not None and fd >= self.fd_ceiling:
            # this descriptor is one of the reserve: it goes at once, but the heaviest
            # address frees one below the line, which the next newcomer will get
            victim = self._victim(address)
            if victim is not None:
                victim.evict()
            self.note("refused (open files)", address)  # i18n: the door's log of refusals: a page is never sent it
            return False
        if self.open >= self.in_all or self.waiting >= self.waiting_in_all:
            victim = self._victim(address)
            if victim is None:
                self.note("refused (in all)", address)  # i18n: the door's log of refusals: a page is never sent it
                return False
            self.note("gave way (full)", victim.address)  # i18n: the door's log of refusals: a page is never sent it
            victim.evict()
        self.open += 1
        self._open[address] += 1
        self.idle(conn)
        return True

    def _victim(self, address: str) -> GuardedProtocol | None:
        mine = self.waiting_from(address)
        heaviest = max(self._waiters, key=lambda a: len(self._waiters[a]), default=None)
        if heaviest is None or len(self._waiters[heaviest]) <= mine + 1:
            return None
        return next(iter(self._waiters[heaviest]))

    def busy(self, conn: GuardedProtocol) -> None:
        """A request arrived: the connection no longer counts as waiting."""
        waiters = self._waiters.get(conn.address)
        if waiters is not None and conn in waiters:
            del waiters[conn]
            self.waiting -= 1
            if not waiters:
                del self._waiters[conn.address]

    def idle(self, conn: GuardedProtocol) -> None:
        """Accepted, or its response sent: waiting (keep-alive) until the next request."""
        waiters = self._waiters.setdefault(conn.address, {})
        if conn not in waiters:
            waiters[conn] = None
            self.waiting += 1

    def closed(self, conn: GuardedProtocol) -> None:
        self.busy(conn)
        self.open -= 1
        self._open[conn.address] -= 1
        if self._open[conn.address] <= 0:
            del self._open[conn.address]

    def note(self, what: str, address: str) -> None:
        """Count one refused or timed-out connection; say so at most once an interval."""
        self._refused[what] += 1
        now = self._clock()
        if now < self._next_log:
            return
        self._next_log = now + LOG_EVERY_S
        counts = ", ".join(f"{n} {kind}" for kind, n in sorted(self._refused.items()))
        log.warning("web: closed connections: %s (last from %s; waiting %d of %d, open %d of "
                    "%d)", counts, address, self.waiting, self.waiting_in_all, self.open,
                    self.in_all)
        self._refused.clear()

    def protocol(self, inner: asyncio.Protocol) -> GuardedProtocol:
        return GuardedProtocol(self, inner)


class GuardedProtocol(asyncio.Protocol):
    """aiohttp's request handler behind the door: refused connections never reach it,
    and a waiting one is closed when its time is up."""

    def __init__(self, door: Door, inner: asyncio.Protocol) -> None:
        self.door = door
        self.inner = inner
        self.address = "?"
        self.transport: asyncio.Transport | None = None
        self.admitted = False  # reached aiohttp: every event goes on to it
        self.counted = False  # in the door's counts
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        peer = transport.get_extra_info("peername")
        self.address = self.door.address_of(str(peer[0])) if peer else "?"
        sock: socket.socket | None = transport.get_extra_info("socket")
        fd = sock.fileno() if sock is not None else 0
        if not self.door.admit(self, fd):
            transport.abort()  # nothing sent: the descriptor is freed at once
            return
        self.admitted = self.counted = True
        self.transport = transport
        self._timer = asyncio.get_running_loop().call_later(self.door.header_timeout_s,
                                                            self._time_up)
        self.inner.connection_made(transport)

    def _time_up(self) -> None:
        self._timer = None
        if self.waiting and self.transport is not None:
            self.door.note("timed out", self.address)  # i18n: the door's log of refusals: a page is never sent it
            self.transport.abort()

    @property
    def waiting(self) -> bool:
        return self.counted and self.door.is_waiting(self)

    def evict(self) -> None:
        """Give way to a newcomer: out of the counts now, closed at once."""
        self._uncount()
        if self.transport is not None:
            self.transport.abort()

    def _uncount(self) -> None:
        if self.counted:
            self.counted = False
            self.door.closed(self)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def request_started(self) -> None:
        if self.counted:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self.door.busy(self)

    def request_ended(self) -> None:
        """Waiting again for a keep-alive request; aiohttp's keep-alive timeout (the same
        ``header_timeout_s``) closes it if none comes, half-sent or not."""
        if self.counted and self.transport is not None and not self.transport.is_closing():
            self.door.idle(self)

    def data_received(self, data: bytes) -> None:
        if self.admitted:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.admitted else None

    def pause_writing(self) -> None:
        if self.admitted:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.admitted:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.admitted:
            return
        self.admitted = False
        self._uncount()
        self.transport = None
        self.inner.connection_lost(exc)


def guarded(request_transport: Any) -> GuardedProtocol | None:
    """The door's record of a request's connection, if it came through the door."""
    protocol = request_transport.get_protocol() if request_transport is not None else None
    return protocol if isinstance(protocol, GuardedProtocol) else None


class QuietHttpLog(logging.Logger):
    """aiohttp's server logger, without a traceback per malformed request: 6,271 of them
    in 10 s from one address slowed every game. One line per ``LOG_EVERY_S`` with counts."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__("prtui.web.http")
        self.parent = log
        self._clock = clock
        self._count: Counter[str] = Counter()
        self._next = 0.0

    def exception(self, msg: object, *args: object, exc_info: Any = True,
                  **kw: Any) -> None:
        error = exc_info if isinstance(exc_info, BaseException) else None
        kind = type(error).__name__ if error is not None else "error"
        self._count[kind] += 1
        now = self._clock()
        if now < self._next:
            return
        self._next = now + LOG_EVERY_S
        counts = ", ".join(f"{n} {k}" for k, n in sorted(self._count.items()))
        self._count.clear()
        text = (str(msg) % args) if args else str(msg)
        said = " ".join(f"{text}: {error}".split())[:300]  # one line, whatever was sent
        # a request that would not parse is the sender's doing; anything else is ours,
        # and its traceback (the first of each interval) is what mends it
        ours = error is not None and not isinstance(error, HttpProcessingError)
        log.warning("web: bad requests: %s (last: %s)", counts, said,
                    exc_info=error if ours else None)


class GuardedSite(web.BaseSite):
    """aiohttp's TCPSite, with every connection going through ``door`` first."""

    def __init__(self, runner: web.BaseRunner, host: str, port: int, door: Door) -> None:
        super().__init__(runner)
        self._host, self._port, self._door = host, port, door

    @property
    def name(self) -> str:
        return f"http://{self._host}:{self._port}"

    async def start(self) -> None:
        await super().start()
        server = self._runner.server
        assert server is not None
        self._server = await asyncio.get_running_loop().create_server(
            lambda: self._door.protocol(server()), self._host or None, self._port,
            backlog=512)
