"""Property tests: any JSON-like message survives a round trip; any bytes at all are
either a valid frame or a FrameError, never another exception."""

from __future__ import annotations

import asyncio
from typing import Any

import msgpack
from hypothesis import given, settings
from hypothesis import strategies as st

from server.protocol.framing import (
    ConnectionClosed,
    FrameBuffer,
    FrameError,
    decode_body,
    encode_frame,
    read_frame,
)

values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.binary(max_size=8),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=4), kids, max_size=4),
    max_leaves=20,
)
messages = st.builds(lambda t, rest: {**rest, "t": t}, st.text(max_size=6),
                     st.dictionaries(st.text(max_size=4), values, max_size=5))


@settings(max_examples=100, deadline=None)
@given(messages)
def test_round_trip(msg: dict[str, Any]) -> None:
    frame = encode_frame(msg)
    assert decode_body(frame[4:]) == msg
    assert FrameBuffer(len(frame)).feed(frame) == [msg]


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=64))
def test_garbage_is_a_frame_error(data: bytes) -> None:
    try:
        msg = decode_body(data)
    except FrameError:
        return
    assert isinstance(msg, dict) and isinstance(msg["t"], str)


@settings(max_examples=100, deadline=None)
@given(st.lists(values, max_size=3), st.binary(max_size=16))
def test_packed_junk_is_a_frame_error(items: list[Any], tail: bytes) -> None:
    body = msgpack.packb(items, use_bin_type=True) + tail
    try:
        decode_body(body)
    except FrameError:
        return
    raise AssertionError("a list is never a frame")


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=80))
def test_read_frame_on_garbage_streams(data: bytes) -> None:
    async def read_all() -> None:
        reader = asyncio.StreamReader()
        reader.feed_data(data)
        reader.feed_eof()
        while True:
            try:
                await read_frame(reader, 64)
            except (FrameError, ConnectionClosed):
                return

    asyncio.run(read_all())
