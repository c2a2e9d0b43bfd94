"""What a room and the lobby need from a connection (the session implements it).

Kept tiny so rooms can be tested and benchmarked without sockets, and so the SSH
gateway or an in-process client could stand in for a TCP session.
"""

from __future__ import annotations

from typing import Any, Protocol

import msgpack

from server.protocol import limits
from server.protocol.framing import HEADER, FrameError
from server.says import Said


def fast_frame(msg: dict[str, Any]) -> bytes:
    """Encode a frame the server built itself from plain data (views, acks).

    ``encode_frame`` re-checks the whole shape, which matters for untrusted input;
    for our own messages it doubled the cost of a broadcast, so only the size is checked.
    """
    body: bytes = msgpack.packb(msg, use_bin_type=True)
    if len(body) > limits.MAX_FRAME_FROM_SERVER:
        raise FrameError("frame_too_large", f"{len(body)} bytes")
    return HEADER.pack(len(body)) + body


class Peer(Protocol):
    id: str
    name: str
    role: str  # "play" | "spectate"
    room: str | None
    address: str  # the remote address it counts against (limits per address)
    account: str | None  # the claimed identity it proved at its hello (None: a guest)
    lang: str  # the reader's language (hello.lang): refusals are said in it (server/says.py)

    def send(self, msg: dict[str, Any]) -> None:
        """Queue one message; never blocks (a full queue drops the connection)."""
        ...

    def send_bytes(self, frame: bytes) -> None:
        """Queue an already encoded frame (shared by every viewer of one diff), or the
        next piece of one: pieces handed over one after another form one frame."""
        ...

    def send_welcome(self, resume: dict[str, Any] | None) -> None: ...

    def refuse(self, mid: int, code: str, reason: Said) -> None:
        """Answer command ``mid`` with a ``reject`` in this reader's language."""
        ...

    def close(self, code: str, reason: Said) -> None: ...
