"""Fixtures of the web gateway tests: a real game server and web gateway on loopback,
and the system's Chromium (Debian's package; never a browser downloaded at test time)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from server.net.server import GameServer
from server.tools.browser import chromium_path
from server.web.gateway import WebGateway, start_web

REPO = Path(__file__).resolve().parents[2]


@dataclass
class Site:
    server: GameServer
    game_port: int
    web: WebGateway

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.web.port}"


@asynccontextmanager
async def running_site(folder: Path) -> AsyncIterator[Site]:
    """A GameServer on ``folder`` (a store the test may have filled first) and its web
    gateway on loopback, as `prtui serve --web-port 0` runs them."""
    server = GameServer(folder, host="127.0.0.1", port=0)
    port = await server.start()
    web = await start_web(host="127.0.0.1", port=0, game_host="127.0.0.1", game_port=port,
                          data_dir=folder, relay_proof=server.relay_proof)
    yield Site(server, port, web)
    await web.close()
    await server.stop()


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    """A fresh server and its web gateway (``running_site``)."""
    async with running_site(tmp_path / "server") as running:
        yield running


@pytest.fixture
def chromium() -> str:
    path = chromium_path()
    if path is None:
        pytest.skip("no Chromium on this machine: `apt-get install chromium` (Debian's "
                    "package; .ci/run installs it, so CI never skips this)")
    return path


@pytest.fixture
def artifacts() -> Path:
    """Where the browser test leaves its screenshots ($PRTUI_ARTIFACTS, else
    tests/artifacts/, git-ignored)."""
    folder = Path(os.environ.get("PRTUI_ARTIFACTS") or REPO / "tests" / "artifacts") / "web"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


async def until(predicate: Callable[[], object], limit_s: float = 120.0,
                what: str = "condition") -> None:
    """Wait for ``predicate`` (a generous bound: the machine may be loaded)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + limit_s
    while not predicate():
        if loop.time() > deadline:
            raise AssertionError(f"{what} never came")
        await asyncio.sleep(0.05)
