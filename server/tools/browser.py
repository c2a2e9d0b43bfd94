"""The system's Chromium under Playwright, for tests/web and `prtui bench web`: where the
browser is, and what a page was sent (the terminal output it received over its
websocket, kept as text with the escape sequences dropped) to wait for words on screen.
"""

from __future__ import annotations

import os
import re
import shutil
from typing import Any

_ESCAPES = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


def chromium_path() -> str | None:
    """$PRTUI_CHROMIUM, else Debian's `chromium` (never a browser Playwright downloads)."""
    given = os.environ.get("PRTUI_CHROMIUM")
    return given or shutil.which("chromium") or shutil.which("chromium-browser")


class PageScreen:
    """Collects the websocket frames a Playwright page receives."""

    def __init__(self, page: Any) -> None:
        self._chunks: list[bytes] = []
        self._text = ""
        self._sockets: list[Any] = []
        page.on("websocket", self._opened)

    def _opened(self, ws: Any) -> None:
        self._sockets.append(ws)
        ws.on("framereceived", self._frame)

    def stop(self) -> None:
        """Stop collecting (a bench's many pages: their frames cost this process CPU)."""
        for ws in self._sockets:
            ws.remove_listener("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        self._chunks.append(payload if isinstance(payload, bytes) else payload.encode())

    @property
    def text(self) -> str:
        """Everything drawn so far, as plain text (no layout: for searching only)."""
        if self._chunks:
            raw = b"".join(self._chunks)
            self._chunks = [raw]
            self._text = _ESCAPES.sub(b"", raw).decode("utf-8", "replace")
        return self._text

    def mark(self) -> int:
        return len(self.text)

    def since(self, mark: int) -> str:
        return self.text[mark:]
