"""The page takes the keyboard as soon as it opens (issue 32, item 3): after the name
form, the lobby's key bar is drawn without a key or a click, and `n` typed straight
away (nothing clicked, nothing focused by the test) opens the new-room form. Debian's
Chromium driven by Playwright, a real game server and web gateway on loopback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.conftest import Site, until
from tests.web.test_browser_game import in_lobby, page_on

playwright = pytest.importorskip("playwright.async_api", reason="playwright (a dev dependency)")


async def test_the_page_has_the_keyboard_and_the_key_bar_at_once(
        site: Site, chromium: str, artifacts: Path) -> None:
    async with page_on(site, chromium) as (page, screen):
        await page.fill("#name", "ana")
        await page.press("#name", "Enter")  # the form sent by the keyboard, as a player does
        await until(lambda: in_lobby(site, "ana") and "No rooms yet" in screen.text,
                    what="the lobby in the page")
        await until(lambda: "New room" in screen.text, 30.0, "the key bar before any key")
        focused = await page.evaluate("document.activeElement && document.activeElement.className")
        assert "xterm-helper-textarea" in str(focused)
        mark = screen.mark()
        await page.keyboard.press("n")  # once: a key that is lost fails the test
        await until(lambda: "New game" in screen.since(mark), 60.0, "the new-room form")
        await page.screenshot(path=str(artifacts / "focus-new-room.png"))
