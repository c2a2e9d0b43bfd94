"""Framing: round trips, and every malformed frame refused with a FrameError code."""

from __future__ import annotations

import asyncio
import struct

import msgpack
import pytest

from server.protocol import limits
from server.protocol.framing import (
    ConnectionClosed,
    FrameBuffer,
    FrameError,
    decode_body,
    encode_frame,
    read_frame,
)

MSG = {"t": "state", "room": "r1", "v": 3, "snapshot": {"view": {"a": [1, 2.5, None, True]}}}


def _reader(data: bytes, eof: bool = True) -> asyncio.StreamReader:
    reader = asyncio.StreamReader()
    reader.feed_data(data)
    if eof:
        reader.feed_eof()
    return reader


def _nested(depth: int) -> dict:
    """A frame whose nesting depth is exactly `depth` (the top map counts as 1)."""
    inner: object = 0
    for _ in range(depth - 1):
        inner = [inner]
    return {"t": "x", "deep": inner}


def test_encode_decode_round_trip() -> None:
    frame = encode_frame(MSG)
    (size,) = struct.unpack(">I", frame[:4])
    assert size == len(frame) - 4
    assert decode_body(frame[4:]) == MSG


async def test_read_frame_reads_consecutive_frames_then_closed() -> None:
    reader = _reader(encode_frame(MSG) + encode_frame({"t": "ping", "ts": 1.5}))
    assert await read_frame(reader, 1024) == MSG
    assert await read_frame(reader, 1024) == {"t": "ping", "ts": 1.5}
    with pytest.raises(ConnectionClosed) as info:
        await read_frame(reader, 1024)
    assert info.value.clean


async def test_eof_mid_frame_is_an_unclean_close() -> None:
    frame = encode_frame(MSG)
    with pytest.raises(ConnectionClosed) as info:
        await read_frame(_reader(frame[:-3]), 1024)
    assert not info.value.clean
    with pytest.raises(ConnectionClosed) as info:
        await read_frame(_reader(frame[:2]), 1024)
    assert not info.value.clean


async def test_oversize_length_refused_before_body() -> None:
    # only the header arrives and the stream stays open: waiting for the body would hang
    reader = _reader(struct.pack(">I", 100 * 1024 * 1024), eof=False)
    with pytest.raises(FrameError) as info:
        await asyncio.wait_for(read_frame(reader, limits.MAX_FRAME_FROM_CLIENT), 5)
    assert info.value.code == "frame_too_large"


async def test_limit_is_inclusive() -> None:
    frame = encode_frame({"t": "chat", "text": "x" * 100})
    size = len(frame) - 4
    assert await read_frame(_reader(frame), size) == {"t": "chat", "text": "x" * 100}
    with pytest.raises(FrameError):
        await read_frame(_reader(frame), size - 1)


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (msgpack.packb([1, 2]), "not_a_map"),
        (msgpack.packb("t"), "not_a_map"),
        (msgpack.packb({"x": 1}), "missing_type"),
        (msgpack.packb({"t": 5}), "missing_type"),
        (msgpack.packb({"t": "a", 1: 2}), "bad_key"),
        (msgpack.packb({"t": "a", "m": {3: 2}}), "bad_key"),
        (msgpack.packb({"t": "a", b"k": 1}, use_bin_type=True), "bad_key"),
        (msgpack.packb({"t": "a", "m": [{b"k": 1}]}, use_bin_type=True), "bad_key"),
        (msgpack.packb({"t": "a", "x": msgpack.ExtType(5, b"ab")}), "bad_msgpack"),
        (msgpack.packb({"t": "a", "x": msgpack.Timestamp(1)}), "bad_msgpack"),
        (msgpack.packb(_nested(33)), "too_deep"),
        (b"\xc1\xc1\xc1", "bad_msgpack"),
        (b"", "bad_msgpack"),
        (msgpack.packb({"t": "a"}) + b"\x00", "bad_msgpack"),
        (b"\x82\xa1t", "bad_msgpack"),  # truncated map
        (b"\xdf\xff\xff\xff\xff", "bad_msgpack"),  # map claiming 4 billion pairs
    ],
)
def test_malformed_bodies_refused(body: bytes, code: str) -> None:
    with pytest.raises(FrameError) as info:
        decode_body(body)
    assert info.value.code == code


def test_depth_limit_is_exact() -> None:
    assert decode_body(msgpack.packb(_nested(32)))["t"] == "x"
    with pytest.raises(FrameError):
        encode_frame(_nested(33))


def test_very_deep_nesting_does_not_crash() -> None:
    body = b"\x82\xa1t\xa1x\xa1d" + b"\x91" * 100_000 + b"\x00"
    with pytest.raises(FrameError):
        decode_body(body)


def test_long_array_refused() -> None:
    with pytest.raises(FrameError):
        decode_body(msgpack.packb({"t": "a", "x": [0] * (limits.MAX_ARRAY_LEN + 1)}))


@pytest.mark.parametrize(
    ("msg", "code"),
    [
        ({"x": 1}, "missing_type"),
        ({"t": "a", 1: 2}, "bad_key"),
        ({"t": "a", "x": {b"k": 1}}, "bad_key"),
        ({"t": "a", "x": object()}, "bad_value"),
        ({"t": "a", "x": {1, 2}}, "bad_value"),
        (["t"], "not_a_map"),
        ({"t": "a", "x": 2**70}, "unencodable"),
    ],
)
def test_encode_refuses_what_decode_would(msg: object, code: str) -> None:
    with pytest.raises(FrameError) as info:
        encode_frame(msg)  # type: ignore[arg-type]
    assert info.value.code == code


def test_encode_refuses_oversize() -> None:
    with pytest.raises(FrameError) as info:
        encode_frame({"t": "chat", "text": "x" * 2000}, max_size=1000)
    assert info.value.code == "frame_too_large"


def test_frame_buffer_reassembles_chunks() -> None:
    data = encode_frame(MSG) + encode_frame({"t": "bye", "reason": "x"})
    buf = FrameBuffer(1024)
    got = []
    for i in range(len(data)):
        got += buf.feed(data[i : i + 1])
    assert got == [MSG, {"t": "bye", "reason": "x"}]
    assert buf.pending == 0


def test_frame_buffer_refuses_oversize_header_alone() -> None:
    buf = FrameBuffer(1024)
    with pytest.raises(FrameError) as info:
        buf.feed(struct.pack(">I", 1025))
    assert info.value.code == "frame_too_large"
