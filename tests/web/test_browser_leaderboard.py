"""The leaderboard and a profile in the browser: the same screens as over TCP and SSH
(the page runs the real `prtui connect`), against a real game server whose SQLite file
holds rated games. Debian's Chromium driven by Playwright, on loopback."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.tui.standings import seed_rated
from tests.web.conftest import Site, running_site, until
from tests.web.test_browser_game import in_lobby, page_on

playwright = pytest.importorskip("playwright.async_api", reason="playwright (a dev dependency)")


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    seed_rated(tmp_path / "server", ["ana", "[bold]x"], [["ana", "[bold]x", "bot:easy"]])
    async with running_site(tmp_path / "server") as running:
        yield running


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
