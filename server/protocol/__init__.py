"""The wire protocol shared by the server and the client: framing, limits, diffs, messages.

Plain code only (no server, no Textual, no rules), so the client can import it.
"""

from server.protocol.diff import DiffError, apply_ops, diff
from server.protocol.framing import (
    ConnectionClosed,
    FrameBuffer,
    FrameError,
    decode_body,
    encode_frame,
    read_frame,
)
from server.protocol.messages import PROTO_VERSION, ProtocolError, validate_client_message

__all__ = [
    "PROTO_VERSION",
    "ConnectionClosed",
    "DiffError",
    "FrameBuffer",
    "FrameError",
    "ProtocolError",
    "apply_ops",
    "decode_body",
    "diff",
    "encode_frame",
    "read_frame",
    "validate_client_message",
]
