"""The client side of a session, sans I/O: bytes in -> events out, commands -> bytes out.

After the websockets library's protocol objects: `ClientSession` holds no socket and
no event loop. The caller feeds it what the server sent (`receive_data`) and gets
`Event`s back, and sends what `data_to_send()` returns. It does the hello, numbers
commands and matches each `ack`/`reject` to its command, keeps one snapshot per room
current from `state`/`diff` (asking for `resync` itself when a diff does not fit) and
answers the server's pings. The asyncio wrapper is server/protocol/session_io.py; the
TUI's client (prtui/netclient.py), the tools and the tests all build on these two.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from server.protocol import limits, messages
from server.protocol.diff import DiffError, apply_ops
from server.protocol.framing import FrameBuffer, encode_frame

MAX_OPEN_PINGS = 8
"""Pings of ours still unanswered that a `pong` may match (older ones are forgotten)."""


@dataclass
class RoomSync:
    """What the session knows of one room: the last `room` info and the synced snapshot."""

    info: dict[str, Any] | None = None
    v: int | None = None
    snapshot: dict[str, Any] | None = None
    resyncing: bool = False


@dataclass(frozen=True)
class Event:
    """One frame from the server (`msg`, as received; `size`: its body in bytes)."""

    msg: dict[str, Any]
    size: int


@dataclass(frozen=True)
class Welcomed(Event):
    """The server's answer to the hello: `ok`, or refused with `code` and `message`."""

    ok: bool
    code: str = ""
    message: str = ""


@dataclass(frozen=True)
class Answer(Event):
    """The `ack` (ok, with its `data`) or `reject` (`code`, `reason`) of command `id`."""

    id: int
    t: str  # the command it answers ("" when this session sent no such id)
    ok: bool
    data: dict[str, Any] = field(default_factory=dict)
    code: str = ""
    reason: str = ""


@dataclass(frozen=True)
class Synced(Event):
    """A `state` or `diff` that moved `room` to version `v`; `snapshot` is the result
    (also put in `msg["snapshot"]`, so a diff reads like a state). Read-only."""

    room: str
    v: int
    snapshot: dict[str, Any]


@dataclass(frozen=True)
class Gap(Event):
    """A `diff` that did not fit the room's snapshot (or came while a resync is on its
    way): dropped. `resync_id` is the resync this session sent for it, if it sent one."""

    room: str
    resync_id: int | None


@dataclass(frozen=True)
class ResyncFailed(Event):
    """The server refused a resync the session asked for itself (`reason`)."""

    room: str
    reason: str


@dataclass(frozen=True)
class Pong(Event):
    """A `pong`; `ts` is the timestamp of a ping of ours (None: not one we sent)."""

    ts: float | None


@dataclass(frozen=True)
class Push(Event):
    """Any other frame: lobby, room, chat, error, bye, a ping (already answered)..."""


class ClientSession:
    """One connection's protocol state, without I/O. Start with `hello(...)`.

    `auto_resync`: send `resync` when a diff does not fit (off: only report the `Gap`,
    as a test that counts gaps wants). `answer_pings`: queue a `pong` for each `ping`.
    `first_id`: the id of the first command (ids then count up). `check_commands`: refuse
    a command the catalog refuses before sending it (off: let the server say why).
    """

    def __init__(
        self, *, auto_resync: bool = True, answer_pings: bool = True, first_id: int = 1,
        check_commands: bool = True,
    ) -> None:
        self.auto_resync = auto_resync
        self.answer_pings = answer_pings
        self.check_commands = check_commands
        self.welcome: dict[str, Any] | None = None
        self.rooms: dict[str, RoomSync] = {}
        self._frames = FrameBuffer(limits.MAX_FRAME_FROM_SERVER)
        self._out = bytearray()
        self._ids = itertools.count(first_id)
        self._sent: dict[int, tuple[str, str | None]] = {}  # id -> (command, its room)
        self._resyncs: set[int] = set()  # ids of the resyncs this session sent itself
        self._pings: list[float] = []

    # --- what to send ---

    def hello(
        self, name: str, role: str = "play", token: str | None = None,
        peer: tuple[str, str] | None = None, password: str | None = None,
        ssh_key: tuple[str, str] | None = None, lang: str | None = None,
    ) -> None:
        """``lang``: the reader's language; the server says its refusals in it."""
        self.send(messages.hello(name, role, token, peer, password, ssh_key, lang))

    def send(self, msg: dict[str, Any]) -> None:
        """Queue one frame as it is (FrameError if it cannot be a frame)."""
        self._out += encode_frame(msg, limits.MAX_FRAME_FROM_CLIENT)

    def command(self, t: str, **fields: Any) -> int:
        """Queue command `t` (checked against the catalog: ProtocolError); return its id.

        A field named like a Python keyword takes a trailing "_": `as_="player"`.
        """
        msg = messages.command(t, next(self._ids), **fields)
        if self.check_commands:
            messages.validate_client_message(msg)
        self.send(msg)
        room = msg.get("room")
        self._sent[msg["id"]] = (t, room if isinstance(room, str) else None)
        return int(msg["id"])

    def resync(self, room: str) -> int:
        """Ask for `room`'s whole state; diffs are dropped until it comes."""
        self.rooms.setdefault(room, RoomSync()).resyncing = True
        return self.command("resync", room=room)

    def ping(self, ts: float) -> None:
        """Queue a ping; its `pong` comes back as `Pong(ts=ts)`."""
        self._pings = [*self._pings[-(MAX_OPEN_PINGS - 1):], ts]
        self.send(messages.ping(ts))

    def data_to_send(self) -> bytes:
        """The bytes queued since the last call (b"" when none)."""
        data, self._out = bytes(self._out), bytearray()
        return data

    def forget(self, command_id: int) -> None:
        """Stop waiting for command `command_id` (it timed out): its answer is not matched."""
        self._sent.pop(command_id, None)

    @property
    def pending_bytes(self) -> int:
        """Bytes received that are not yet a whole frame (a close now cuts a frame)."""
        return self._frames.pending

    def snapshot(self, room: str) -> dict[str, Any] | None:
        sync = self.rooms.get(room)
        return sync.snapshot if sync else None

    # --- what was received ---

    def receive_data(self, data: bytes) -> list[Event]:
        """Events for the complete frames in `data` (with what came before); a frame
        cut anywhere waits for its rest. FrameError on a bad frame: close then."""
        return [self._event(msg, size) for size, msg in self._frames.feed_sized(data)]

    def _event(self, msg: dict[str, Any], size: int) -> Event:
        t = msg["t"]
        if self.welcome is None:
            return self._welcomed(msg, size)
        if t in ("ack", "reject"):
            return self._answer(msg, size)
        if t == "state":
            return self._state(msg, size)
        if t == "diff":
            return self._diff(msg, size)
        if t == "pong":
            ts = msg.get("ts")
            if isinstance(ts, float) and ts in self._pings:
                self._pings.remove(ts)
                return Pong(msg, size, ts)
            return Pong(msg, size, None)
        if t == "ping" and self.answer_pings:
            self.send(messages.pong(msg.get("ts", 0)))
        elif t == "room" and isinstance(msg.get("room"), dict):
            room_id = msg["room"].get("id")
            if isinstance(room_id, str):
                self.rooms.setdefault(room_id, RoomSync()).info = msg["room"]
        return Push(msg, size)

    def _welcomed(self, msg: dict[str, Any], size: int) -> Welcomed:
        self.welcome = msg
        if msg["t"] == "error":
            return Welcomed(msg, size, False, str(msg.get("code", "error")),
                            str(msg.get("message", "")))
        if msg["t"] != "welcome" or msg.get("proto") != messages.PROTO_VERSION:
            return Welcomed(msg, size, False, "bad_welcome",
                            f"unexpected first frame {msg['t']!r}")  # i18n: a broken server's first frame: a developer's detail
        return Welcomed(msg, size, True)

    def _answer(self, msg: dict[str, Any], size: int) -> Event:
        msg_id = msg.get("id")
        if not isinstance(msg_id, int) or isinstance(msg_id, bool):
            return Push(msg, size)
        t, room = self._sent.pop(msg_id, ("", None))
        ok = msg["t"] == "ack"
        if ok:
            data = msg.get("data")
            if t == "leave_room" and room is not None:
                self.rooms.pop(room, None)
            return Answer(msg, size, msg_id, t, True, data if isinstance(data, dict) else {})
        code, reason = str(msg.get("code", "rejected")), str(msg.get("reason", ""))
        if msg_id in self._resyncs and room is not None:
            self._resyncs.discard(msg_id)
            self.rooms.setdefault(room, RoomSync()).resyncing = False  # the next diff tries again
            return ResyncFailed(msg, size, room, f"{code}: {reason}")
        return Answer(msg, size, msg_id, t, False, code=code, reason=reason)

    def _state(self, msg: dict[str, Any], size: int) -> Event:
        room, v, snapshot = msg.get("room"), msg.get("v"), msg.get("snapshot")
        if not (isinstance(room, str) and isinstance(v, int) and isinstance(snapshot, dict)):
            return Push(msg, size)
        sync = self.rooms.setdefault(room, RoomSync())
        sync.v, sync.snapshot, sync.resyncing = v, snapshot, False
        return Synced(msg, size, room, v, snapshot)

    def _diff(self, msg: dict[str, Any], size: int) -> Event:
        room = msg.get("room")
        if not isinstance(room, str):
            return Push(msg, size)
        sync = self.rooms.setdefault(room, RoomSync())
        if sync.resyncing:
            return Gap(msg, size, room, None)  # a fresh state is on its way
        ops, v = msg.get("ops"), msg.get("v")
        snapshot: Any = None
        if sync.snapshot is not None and sync.v == msg.get("base_v") and isinstance(ops, list):
            try:
                snapshot = apply_ops(sync.snapshot, ops)
            except DiffError:
                snapshot = None
        if not isinstance(snapshot, dict) or not isinstance(v, int):
            return Gap(msg, size, room, self._resync_for_gap(room))
        sync.v, sync.snapshot = v, snapshot
        msg["snapshot"] = snapshot
        return Synced(msg, size, room, v, snapshot)

    def _resync_for_gap(self, room: str) -> int | None:
        if not self.auto_resync:
            return None
        resync_id = self.resync(room)
        self._resyncs.add(resync_id)
        return resync_id
