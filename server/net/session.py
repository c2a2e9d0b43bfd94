"""One client connection: handshake, limits, heartbeats, and a bounded outgoing queue.

Reading and writing are separate tasks. Everything the server sends goes through
``send``/``send_bytes``, which never block: a frame goes straight to the socket when
nothing is queued and the socket keeps up (no task switch per frame), else into the
queue the writer task drains; when a slow reader has more than ``queue_bytes`` (or
``queue_frames``) waiting the connection is dropped and its queue emptied at once, so
no room ever waits on a socket and a deaf peer holds at most that much memory. Bad input gets
a ``reject`` (command with an id) or an ``error``; framing errors and floods close
this connection only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from server.i18n import N_, SOURCE, normalize
from server.net.addresses import limit_key
from server.net.identity import LoginRefused
from server.net.peer import fast_frame
from server.protocol import limits
from server.protocol import messages as m
from server.protocol.framing import ConnectionClosed, FrameError, encode_frame, read_frame
from server.protocol.names import look_alike_key
from server.says import Said, say

if TYPE_CHECKING:
    from server.net.lobby import Lobby

log = logging.getLogger(__name__)

SERVER_NAME = "prtui 0.1"
MAX_STRIKES = 20
"""Malformed or rate-limited frames tolerated at once before the connection is closed."""
STRIKES_FORGIVEN_PER_S = 1.0
"""Strikes wear off at this rate, so a long-lived client that slows down when told
`rate_limited` is never closed for the sum of a whole evening's refusals."""


@dataclass
class SessionLimits:
    hello_timeout: float = limits.HELLO_TIMEOUT_S
    idle_timeout: float = limits.IDLE_TIMEOUT_S
    ping_interval: float = limits.PING_INTERVAL_S
    max_frame: int = limits.MAX_FRAME_FROM_CLIENT
    queue_frames: int = limits.OUTGOING_QUEUE_FRAMES
    queue_bytes: int = limits.OUTGOING_QUEUE_BYTES
    """Bytes waiting to be sent (queued plus buffered in the transport) before a slow
    reader is dropped; one frame alone is always taken."""
    rate: float = limits.COMMAND_RATE_PER_S
    burst: int = limits.COMMAND_BURST
    sndbuf: int | None = limits.SEND_BUFFER_BYTES
    """Kernel send buffer per socket (None: the OS's, which grows to megabytes for a
    deaf client); smaller finds slow readers sooner."""
    stall: float = limits.SEND_STALL_S
    """A connection whose bytes waiting never once drain for this long is dropped
    (looked at every ``ping_interval``)."""
    write_buffer: int = 64 * 1024
    """Bytes buffered in the transport before the writer waits for the socket."""


class Session:
    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        lobby: Lobby,
        lim: SessionLimits,
        relayed: Callable[[dict[str, Any]], tuple[str, Said] | None] | None = None,
    ) -> None:
        self.id = secrets.token_hex(6)
        self.name = "?"
        self.role = "play"
        self.lang = SOURCE
        """The reader's language (``hello.lang``): every refusal and notice to this
        connection is said in it (server/says.py)."""
        self.room: str | None = None
        self.account: str | None = None  # the claimed name's account proved at the hello
        self._ssh_key: str | None = None  # the key our SSH gateway vouched this player holds
        self._claiming: asyncio.Task[None] | None = None
        peername = writer.get_extra_info("peername")
        self.address = limit_key(str(peername[0])) if peername else "?"
        """The remote address this connection counts against (room limits): an IPv6
        client's /64 network (server/net/addresses.py)."""
        self._reader = reader
        self._writer = writer
        self._lobby = lobby
        self._lim = lim
        self._relayed = relayed  # checks a relayed hello's address (server/net/relay.py)
        self._queue: asyncio.Queue[bytes | None] = asyncio.Queue(lim.queue_frames)
        self._queued_bytes = 0
        self._closed = False
        self._strikes = limits.RateLimiter(rate=STRIKES_FORGIVEN_PER_S, burst=MAX_STRIKES)
        self._rate = limits.RateLimiter(rate=lim.rate, burst=lim.burst)
        self._write_task: asyncio.Task[None] | None = None
        self._stuck_since: float | None = None  # bytes waiting at every look since then
        sock = writer.get_extra_info("socket")
        if lim.sndbuf is not None and sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, lim.sndbuf)

    @property
    def backlog(self) -> int:
        """Bytes waiting to be sent to this peer: queued, plus buffered in the transport."""
        transport = self._writer.transport
        return self._queued_bytes + (0 if transport.is_closing() else transport.get_write_buffer_size())

    # --- Peer interface ----------------------------------------------------------

    def send(self, msg: dict[str, Any]) -> None:
        self.send_bytes(fast_frame(msg))

    def send_bytes(self, frame: bytes) -> None:
        if self._closed:
            return
        transport = self._writer.transport
        waiting = self.backlog
        if waiting and waiting + len(frame) > self._lim.queue_bytes:
            self._abort(f"slow_consumer: {waiting + len(frame)} bytes waiting")  # i18n: the log's: a dropped peer is sent nothing
            return
        if (
            self._queue.empty() and not transport.is_closing()
            and transport.get_write_buffer_size() <= self._lim.write_buffer
        ):  # nothing waiting and the socket keeps up: write now, no task switch
            transport.write(frame)
            return
        try:
            self._enqueue(frame)
        except asyncio.QueueFull:
            self._abort("slow_consumer: too many frames waiting")  # i18n: the log's: a dropped peer is sent nothing

    def send_welcome(self, resume: dict[str, Any] | None) -> None:
        msg = m.welcome(self.id, self.name, SERVER_NAME, resume, self.lang)
        msg["claimed"] = self.account is not None  # False: a guest
        schemes = self._lobby.notices.policy.schemes
        if schemes:  # the host sends turn notices while away, to these (server/net/notify.py)
            msg["notify_schemes"] = sorted(schemes)
        self.send(msg)

    def refuse(self, mid: int, code: str, reason: Said) -> None:
        """Answer command ``mid`` with a ``reject``, said in this reader's language."""
        self.send(m.reject(mid, code, reason, self.lang))

    def close(self, code: str, reason: Said) -> None:
        """Send a last ``error`` (or ``bye``) frame, then close after it is written."""
        if self._closed:
            return
        msg = m.bye(reason, self.lang) if code == "bye" else m.error(code, reason, self.lang)
        with contextlib.suppress(asyncio.QueueFull):
            self._enqueue(encode_frame(msg))
        self._finish()

    # --- internals -------------------------------------------------------------------

    def _finish(self) -> None:
        self._closed = True
        try:
            self._queue.put_nowait(None)
        except asyncio.QueueFull:
            self._writer.transport.abort()

    def _enqueue(self, frame: bytes) -> None:
        self._queue.put_nowait(frame)
        self._queued_bytes += len(frame)

    def _dequeue(self, frame: bytes | None) -> bytes | None:
        if frame is not None:
            self._queued_bytes -= len(frame)
        return frame

    def _drop_queue(self) -> None:
        """Forget every frame still queued: a dropped peer must not keep them alive."""
        while not self._queue.empty():
            self._queue.get_nowait()
        self._queued_bytes = 0

    def _abort(self, why: str) -> None:
        log.info("dropping %s (%s): %s", self.id, self.name, why)
        self._closed = True
        self._drop_queue()
        self._writer.transport.abort()
        if self._write_task is not None:
            self._write_task.cancel()

    async def _write_loop(self) -> None:
        try:
            done = False
            while not done:
                frame = self._dequeue(await self._queue.get())
                if frame is None:
                    break
                chunks = [frame]  # everything queued goes out in one send
                while not self._queue.empty():
                    more = self._dequeue(self._queue.get_nowait())
                    if more is None:
                        done = True
                        break
                    chunks.append(more)
                self._writer.write(b"".join(chunks) if len(chunks) > 1 else frame)
                if self._writer.transport.get_write_buffer_size() > self._lim.write_buffer:
                    await self._writer.drain()
            await self._writer.drain()
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            pass
        finally:
            self._closed = True
            self._drop_queue()
            with contextlib.suppress(Exception):
                self._writer.close()

    async def run(self) -> None:
        """Serve this connection until it closes; never raises."""
        self._write_task = asyncio.create_task(self._write_loop())
        joined = False
        try:
            if await self._handshake():
                joined = True
                await self._serve()
        except ConnectionClosed:
            pass
        except FrameError as e:
            self.close(e.code, e.message)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        except Exception:
            log.exception("session %s failed", self.id)
            self.close("internal", say(N_("server error")))
        finally:
            if self._claiming is not None:
                self._claiming.cancel()
            self._lobby.names.release(self)
            if joined:
                self._lobby.remove_peer(self)
            if not self._closed:
                self._finish()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self._write_task), 5)
            if not self._write_task.done():
                self._writer.transport.abort()
                self._write_task.cancel()

    async def _handshake(self) -> bool:
        try:
            async with asyncio.timeout(self._lim.hello_timeout):
                msg = await read_frame(self._reader, self._lim.max_frame)
        except TimeoutError:
            self.close("hello_timeout", say(N_("no hello in time")))
            return False
        lang = msg.get("lang")  # before the checks: a refused hello is said in it too
        self.lang = (normalize(lang) if isinstance(lang, str) else None) or SOURCE
        if msg.get("t") != "hello":
            self.close("bad_hello", say(N_("the first frame must be hello")))
            return False
        try:
            hello = m.validate_client_message(msg)
        except m.ProtocolError as e:
            self.close("bad_hello", e.reason)
            return False
        if hello["proto"] != m.PROTO_VERSION:
            self.close("unsupported_proto", say(N_("this server speaks protocol {proto}"),
                                                proto=m.PROTO_VERSION))
            return False
        refusal = self._relayed(hello) if self._relayed is not None else None
        if refusal is not None:
            self.close(*refusal)
            return False
        if self._relayed is not None and hello.get("peer") is not None:
            self.address = limit_key(hello["peer"])  # a gateway player's, vouched for above
        self.name, self.role = hello["name"].strip(), hello["role"]
        if not await self._login(hello):
            return False
        taken = self._lobby.names.claim(self, seat_token=hello.get("token") is not None)
        if taken is not None:
            self.close("name_taken", taken)
            return False
        token = hello.get("token")
        if token is not None:
            if self.role != "play" or not await self._lobby.resume(self, token):
                self.close("bad_token", say(N_("that seat token is not valid here")))
                return False
        else:
            self.send_welcome(None)
            self._lobby.add_peer(self)
            self.send_bytes(self._lobby.lobby_frame())
        return True

    async def _login(self, hello: dict[str, Any]) -> bool:
        """The name's credential, if it is claimed (server/net/identity.py)."""
        ssh_key = hello.get("ssh_key")
        if ssh_key is not None:
            if not self._lobby.vouched_key(ssh_key, hello.get("ssh_key_proof", "")):
                self.close("bad_hello", say(N_("ssh_key is only for this server's own SSH "
                                               "gateway")))
                return False
            self._ssh_key = ssh_key
        try:
            acc = await self._lobby.identities.login(
                self.name, hello.get("password"), self._ssh_key, self.address)
        except LoginRefused as e:
            self.close(e.code, e.message)
            return False
        if acc is not None:
            self.account, self.name = acc.id, acc.name
        return True

    def _claim(self, msg: dict[str, Any]) -> None:
        """``claim``: make this connection's name its own (or, its owner, set a new
        password or key). Hashing runs off the loop; one claim at a time."""
        if self._claiming is not None and not self._claiming.done():
            self.refuse(msg["id"], "busy", say(N_("a claim is already on its way")))
            return
        self._claiming = asyncio.create_task(self._claim_now(msg))

    async def _claim_now(self, msg: dict[str, Any]) -> None:
        ids = self._lobby.identities
        acc = None if self.account is None else ids.store.account(look_alike_key(self.name))
        try:
            acc = await ids.claim(self.name, acc, msg.get("password"), self._ssh_key,
                                  self.address)
        except LoginRefused as e:
            self.refuse(msg["id"], e.code, e.message)
            return
        self.account = acc.id
        self._lobby.names.claimed(self)
        self.send(m.ack(msg["id"], {"name": acc.name, "password": acc.password_hash is not None,
                                    "ssh_key": acc.ssh_key is not None}))

    async def _serve(self) -> None:
        pinger = asyncio.create_task(self._ping_loop())
        try:
            while not self._closed:
                try:
                    async with asyncio.timeout(self._lim.idle_timeout):
                        msg = await read_frame(self._reader, self._lim.max_frame)
                except TimeoutError:
                    self.close("idle_timeout", say(N_("nothing received in time")))
                    return
                self._on_frame(msg)
        finally:
            pinger.cancel()

    async def _ping_loop(self) -> None:
        while not self._closed:
            await asyncio.sleep(self._lim.ping_interval)
            if self._stalled(time.monotonic()):
                self._abort(f"slow_consumer: nothing drained for {self._lim.stall:g} s")  # i18n: the log's: a dropped peer is sent nothing
                return
            self.send(m.ping(time.time()))

    def _stalled(self, now: float) -> bool:
        """True once bytes have waited at every look for ``stall`` seconds: the socket
        and the queue stay full, the peer reads nothing (a reader, however slow, catches
        up between frames now and then)."""
        if self.backlog == 0:
            self._stuck_since = None
            return False
        if self._stuck_since is None:
            self._stuck_since = now
        return now - self._stuck_since >= self._lim.stall

    def _strike(self) -> None:
        if not self._strikes.allow():
            self.close("flood", say(N_("too many bad or excess frames")))

    def _on_frame(self, raw: dict[str, Any]) -> None:
        t = raw.get("t")
        if not self._rate.allow(0.2 if t in ("ping", "pong") else 1.0):
            self._strike()
            mid = raw.get("id")
            if isinstance(mid, int) and not isinstance(mid, bool):
                self.refuse(mid, "rate_limited", say(N_("too many commands; slow down")))
            else:
                self.send(m.error("rate_limited", say(N_("too many frames; slow down")),
                                  self.lang))
            return
        try:
            msg = m.validate_client_message(raw)
        except m.ProtocolError as e:
            self._strike()
            if e.id is not None:
                self.refuse(e.id, e.code, e.reason)
            else:
                self.send(m.error(e.code, e.reason, self.lang))
            return
        t = msg["t"]
        if t == "ping":
            self.send(m.pong(msg["ts"]))
        elif t == "pong":
            pass  # any frame resets the idle timer
        elif t == "hello":
            self._strike()
            self.send(m.error("bad_message", say(N_("hello only once")), self.lang))
        elif t == "claim":
            self._claim(msg)
        else:
            self._lobby.handle(self, msg)
