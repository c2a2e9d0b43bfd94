"""The leaderboard and a profile in the browser: the same screens as over TCP and SSH
(the page runs the real `prtui connect`), against a real game server whose SQLite file
holds rated games. Debian's Chromium driven by Playwright, on loopback."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from server.net.server import GameServer
from server.web.gateway import start_web
from tests.tui.standings import seed_rated
from tests.web.conftest import Site, until
from tests.web.test_browser_game import in_lobby, page_on

playwright = pytest.importorskip("playwright.async_api", reason="playwright (a dev dependency)")


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    seed_rated(tmp_path / "server", ["ana", "[bold]x"], [["ana", "[bold]x", "bot:easy"]])
    server = GameServer(tmp_path / "server", host="127.0.0.1", port=0)
    port = await server.start()
    web = await start_web(host="127.0.0.1", port=0, game_host="127.0.0.1", game_port=port,
                          data_dir=tmp_path / "server", relay_proof=server.relay_proof)
    yield Site(server, port, web)
    await web.close()
    await server.stop()


async def test_the_leaderboard_and_a_profile_in_the_browser(
        site: Site, chromium: str, artifacts: Path) -> None:
    async with page_on(site, chromium) as (page, screen):
        await page.fill("#name", "zed")
        await page.press("#name", "Enter")
        await until(lambda: in_lobby(site, "zed") and "Leaderboard" in screen.text,
                    what="the lobby's key bar in the page")
        mark = screen.mark()
        await page.keyboard.press("l")
        await until(lambda: "San Juan · 3 rated players" in screen.since(mark), 60.0,
                    "the leaderboard")
        assert "[bold]x" in screen.text  # as typed
        mark = screen.mark()
        await page.keyboard.press("Enter")
        await until(lambda: "Finished games, newest first" in screen.since(mark), 60.0,
                    "a profile")
        await page.screenshot(path=str(artifacts / "profile.png"))
