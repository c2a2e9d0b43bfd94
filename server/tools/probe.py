"""The benches' client: the shared session and its asyncio wrapper, keeping the last
frame of each type (with its size) for a bench to wait on and measure."""

from __future__ import annotations

from typing import Any

from server.protocol.session import Event
from server.protocol.session_io import Connection, HandshakeError

__all__ = ["HandshakeError", "Probe"]


class Probe(Connection):
    """A bench's connection: `latest[t]` is the last event of frame type `t`. It waits
    out `rate_limited` as long as it takes (a bench measures, it never gives up)."""

    rate_limit_retries = 10**9

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.latest: dict[str, Event] = {}
        super().__init__(*args, **kwargs)

    def on_event(self, event: Event) -> None:
        self.latest[event.msg["t"]] = event
