"""A whole San Juan game in a real browser (issue 26): headless Chromium from the system's
packages, driven by Playwright, opens the gateway's page, joins a waiting room from the
lobby, sits, starts and plays against an easy bot with key presses to the game's end;
screenshots of the start and the end are kept as test artefacts; closing the tab ends
the session's child process within 5 s."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from prtui.netclient import Client
from server.tools.browser import PageScreen
from server.web.child import WebChild
from tests.web.conftest import Site, until

playwright = pytest.importorskip("playwright.async_api", reason="playwright (a dev dependency)")

SEED = 26
CLOSE_LIMIT_S = 5.0  # the bound for the child's end after the tab closes


async def waiting_room(port: int) -> tuple[Client, str]:
    """A San Juan room for 2 (seat 2: an easy bot, a fixed seed); its maker stays in it
    until the player is in (an empty room closes), then leaves it to them."""
    client = await Client.connect("127.0.0.1", port, "maker")
    data = await client.command("create_room", game="san-juan", players=2,
                                options={"seed": SEED, "bot_delay_s": 0.0})
    room = str(data["room"])
    await client.command("join_room", room=room, as_="player")
    await client.command("add_bot", room=room, seat=1, level="easy")
    return client, room


@asynccontextmanager
async def page_on(site: Site, chromium: str) -> AsyncIterator[tuple[Any, PageScreen]]:
    """A 1280x800 page of headless Chromium open at the gateway's start page, and what
    its terminal shows; the browser is closed on the way out."""
    async with playwright.async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium, headless=True)
        try:
            page = await browser.new_page(viewport={"width": 1280, "height": 800})
            screen = PageScreen(page)
            await page.goto(site.url + "/")
            yield page, screen
        finally:
            await browser.close()


async def press_until(page: Any, key: str, done: Any, what: str, every_s: float = 3.0) -> None:
    """Press ``key`` until ``done()``; pressed again only when nothing came of it (the
    page may not have drawn the screen the key belongs to yet)."""
    for _ in range(8):
        await page.keyboard.press(key)
        try:
            await until(done, every_s, what)
            return
        except AssertionError:
            continue
    stuck = Path(os.environ.get("PRTUI_ARTIFACTS") or "tests/artifacts") / "web" / "stuck.png"
    await page.screenshot(path=str(stuck))
    raise AssertionError(f"{what}: pressing {key!r} never did it (screen: {stuck})")


def in_lobby(site: Site, name: str) -> bool:
    lobby = site.server.lobby
    return lobby is not None and any(p.name == name for p in lobby.idle.values())


def member(room: Any, name: str) -> Any:
    return next((m for m in room.members.values() if m.peer.name == name), None)


async def test_a_san_juan_game_to_the_end_in_chromium(site: Site, chromium: str,
                                                       artifacts: Path) -> None:
    maker, room_id = await waiting_room(site.game_port)
    room = site.server.lobby.rooms[room_id]
    try:
        async with page_on(site, chromium) as (page, screen):
            await page.fill("#name", "ana")
            await page.click("text=Play")
            await until(lambda: in_lobby(site, "ana") and len(screen.text) > 500,
                        what="the lobby in the page")
            children = list(site.web.children)
            assert len(children) == 1
            child: WebChild = children[0]
            assert child.argv[-1] == "--name=ana"
            await page.focus(".xterm-helper-textarea")

            await press_until(page, "Enter", lambda: member(room, "ana") is not None,
                              "ana in the room")
            await maker.close()  # ana is the host once seated
            await press_until(page, "t", lambda: member(room, "ana").seat == 0, "ana seated")
            await press_until(page, "s", lambda: room.rec.status == "playing", "the start")
            mark = screen.mark()
            await until(lambda: "builder" in screen.since(mark).lower(), what="the board")
            await page.screenshot(path=str(artifacts / "san-juan-start.png"))

            moves = await play_to_the_end(page, room)
            assert moves > 5
            await until(lambda: "game over" in screen.text.lower(), what="the game-over screen")
            await page.screenshot(path=str(artifacts / "san-juan-end.png"))
            assert room.rec.status == "over"

            await page.close()
            loop = asyncio.get_running_loop()
            closed = loop.time()
            await until(lambda: not child.running and child not in site.web.children,
                        CLOSE_LIMIT_S + 1.0, "the child's end")
            assert loop.time() - closed <= CLOSE_LIMIT_S
            assert site.web.places.active == 0
    finally:
        await maker.close()
    assert (artifacts / "san-juan-start.png").stat().st_size > 1000
    assert (artifacts / "san-juan-end.png").stat().st_size > 1000


async def play_to_the_end(page: Any, room: Any) -> int:
    """Enter (the highlighted action: never a take-back on a fresh decision) whenever it
    is ana's (seat 0's) turn; the bot
    plays the other seat. Returns how many of ana's moves the server took."""
    moves = 0

    def my_turn() -> bool:
        sync = room.sync
        return sync is not None and 0 in sync.game.to_move(sync.state)

    while room.rec.status != "over":
        await until(lambda: my_turn() or room.rec.status == "over", what="ana's turn")
        if room.rec.status == "over":
            break
        version = room.sync.v
        await press_until(page, "Enter",
                          lambda v=version: room.sync.v != v or room.rec.status == "over",
                          "ana's move")
        moves += 1
    return moves
