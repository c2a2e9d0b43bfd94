"""Frames on the wire: a 4-byte big-endian length, then one msgpack map with a str "t".

Everything a peer sends passes through `decode_body`, which refuses what the protocol
does not allow (ext types, non-string keys, deep nesting, oversize containers) with a
`FrameError` carrying a stable code. `read_frame` checks the announced length before it
reads the body, so a hostile length cannot make us buffer it.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any

import msgpack

import server.protocol.limits as limits  # the module, not the package (no import cycle)
from server.errors import PrtuiError

HEADER = struct.Struct(">I")
"""The length prefix: unsigned 32-bit big-endian."""


class FrameError(PrtuiError):
    """A frame that breaks the framing rules; `code` is stable and machine-readable.

    Codes: "frame_too_large", "bad_msgpack", "not_a_map", "missing_type", "bad_key",
    "too_deep", "bad_value", "unencodable".
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class ConnectionClosed(PrtuiError, ConnectionError):
    """The peer closed the stream: cleanly between frames (`clean`) or mid-frame."""

    def __init__(self, message: str = "connection closed", *, clean: bool = True) -> None:  # i18n: a socket's end, for the client's log and exceptions
        super().__init__(message)
        self.clean = clean


def _refuse_ext(code: int, data: bytes) -> Any:
    raise FrameError("bad_msgpack", f"ext type {code} is not allowed")


_SCALARS = (str, int, float, bool, bytes, type(None))


def check_message(msg: Any, max_depth: int = limits.MAX_DEPTH) -> dict[str, Any]:
    """Check the shape every frame must have; return `msg` unchanged or raise FrameError."""
    if not isinstance(msg, dict):
        raise FrameError("not_a_map", f"a frame must be a map, not {type(msg).__name__}")
    t = msg.get("t")
    if not isinstance(t, str):
        raise FrameError("missing_type", 'a frame needs a string field "t"')
    # iterative walk: a hostile depth cannot exhaust the Python stack
    stack: list[tuple[Any, int]] = [(msg, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > max_depth:
            raise FrameError("too_deep", f"nesting deeper than {max_depth}")
        if isinstance(node, dict):
            for key, value in node.items():
                if type(key) is not str:
                    raise FrameError("bad_key", f"map keys must be strings, not {type(key).__name__}")
                if isinstance(value, dict | list):
                    stack.append((value, depth + 1))
                elif not isinstance(value, _SCALARS):
                    raise FrameError("bad_value", f"unsupported value type {type(value).__name__}")
        elif isinstance(node, list):
            for value in node:
                if isinstance(value, dict | list):
                    stack.append((value, depth + 1))
                elif not isinstance(value, _SCALARS):
                    raise FrameError("bad_value", f"unsupported value type {type(value).__name__}")
    return msg


def encode_frame(msg: dict[str, Any], max_size: int = limits.MAX_FRAME_FROM_SERVER) -> bytes:
    """Validate `msg` and return header + body; refuse bodies over `max_size` bytes."""
    check_message(msg)
    try:
        body: bytes = msgpack.packb(msg, use_bin_type=True)
    except (TypeError, ValueError, OverflowError) as exc:
        raise FrameError("unencodable", str(exc)) from exc
    if len(body) > max_size:
        raise FrameError("frame_too_large", f"{len(body)} bytes > limit {max_size}")
    return HEADER.pack(len(body)) + body


def decode_body(body: bytes, max_size: int = limits.MAX_FRAME_FROM_SERVER) -> dict[str, Any]:
    """Unpack one frame body with strict limits and check its shape."""
    if len(body) > max_size:
        raise FrameError("frame_too_large", f"{len(body)} bytes > limit {max_size}")
    try:
        msg = msgpack.unpackb(
            body,
            raw=False,
            use_list=True,
            strict_map_key=True,
            ext_hook=_refuse_ext,
            max_str_len=min(limits.MAX_STR_LEN, max_size),
            max_bin_len=min(limits.MAX_BIN_LEN, max_size),
            max_array_len=limits.MAX_ARRAY_LEN,
            max_map_len=limits.MAX_MAP_LEN,
            max_ext_len=0,  # also refuses the built-in timestamp type (-1)
        )
    except FrameError:
        raise
    except Exception as exc:  # msgpack raises many types for garbage input
        if "map key" in str(exc):
            raise FrameError("bad_key", str(exc)) from exc
        raise FrameError("bad_msgpack", f"{type(exc).__name__}: {exc}") from exc
    return check_message(msg)


async def read_frame(reader: asyncio.StreamReader, max_size: int) -> dict[str, Any]:
    """Read one frame; raise ConnectionClosed at EOF (never returns None).

    An announced length over `max_size` raises FrameError("frame_too_large") before a
    single body byte is read; the caller should send `error` and close.
    """
    try:
        header = await reader.readexactly(HEADER.size)
    except asyncio.IncompleteReadError as exc:
        raise ConnectionClosed(clean=not exc.partial) from None
    (size,) = HEADER.unpack(header)
    if size > max_size:
        raise FrameError("frame_too_large", f"announced {size} bytes > limit {max_size}")
    try:
        body = await reader.readexactly(size)
    except asyncio.IncompleteReadError:
        raise ConnectionClosed("connection closed mid-frame", clean=False) from None
    return decode_body(body, max_size)


class FrameBuffer:
    """Sans-I/O decoder: `feed(data)` returns the complete frames received so far.

    For transports that hand over bytes in chunks (tests, SSH channels). After a
    FrameError the buffer is unusable; close the connection.
    """

    def __init__(self, max_size: int) -> None:
        self.max_size = max_size
        self._buf = bytearray()

    def feed(self, data: bytes) -> list[dict[str, Any]]:
        return [msg for _, msg in self.feed_sized(data)]

    def feed_sized(self, data: bytes) -> list[tuple[int, dict[str, Any]]]:
        """As `feed`, each frame with its body's size in bytes (what benches measure)."""
        self._buf += data
        frames: list[tuple[int, dict[str, Any]]] = []
        while len(self._buf) >= HEADER.size:
            (size,) = HEADER.unpack_from(self._buf)
            if size > self.max_size:
                raise FrameError("frame_too_large", f"announced {size} bytes > limit {self.max_size}")
            end = HEADER.size + size
            if len(self._buf) < end:
                break
            body = bytes(self._buf[HEADER.size:end])
            del self._buf[:end]
            frames.append((size, decode_body(body, self.max_size)))
        return frames

    @property
    def pending(self) -> int:
        """Bytes received but not yet part of a complete frame."""
        return len(self._buf)
