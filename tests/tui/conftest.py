"""Fixtures shared by the TUI tests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from server.net.server import GameServer


@pytest.fixture
async def port(tmp_path: Path) -> AsyncIterator[int]:
    """A real GameServer on 127.0.0.1 (its data in tmp_path/server); its port."""
    srv = GameServer(tmp_path / "server", host="127.0.0.1", port=0)
    yield await srv.start()
    await srv.stop()


@pytest.fixture
def in_language(lang: str) -> Iterator[str]:
    """The client's language for one test, ``lang`` its parameter (issue 38): one client
    process has one reader, so the language is set for the process and set back after."""
    from prtui.i18n import language, set_language

    before = language()
    set_language(lang)
    yield lang
    set_language(before)
