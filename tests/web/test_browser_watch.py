"""Watching and replaying in a real browser (issue 26): the page's "Watch" opens the
spectators' lobby; a running Puerto Rico game (1897, every expansion, three bots) is
watched live, then a finished San Juan game is replayed, with key presses only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from prtui.netclient import Client
from tests.web.conftest import Site, until
from tests.web.test_browser_game import page_on, press_until

playwright = pytest.importorskip("playwright.async_api", reason="playwright (a dev dependency)")

EVERY_EXPANSION = ["new_buildings", "citizens", "smuggler", "festival"]


async def bots_only(client: Client, game: str, players: int, options: dict[str, Any]) -> str:
    room = str((await client.command("create_room", game=game, players=players,
                                     options=options))["room"])
    await client.command("join_room", room=room, as_="player")
    for seat in range(players):
        await client.command("add_bot", room=room, seat=seat, level="easy")
    await client.command("start", room=room)
    return room


def spectators(room: Any) -> int:
    return sum(1 for m in room.members.values() if m.peer.role == "spectate")


async def test_watch_a_puerto_rico_game_then_replay_a_san_juan_one(
        site: Site, chromium: str, artifacts: Path) -> None:
    host = await Client.connect("127.0.0.1", site.game_port, "host")
    try:
        done = site.server.lobby.rooms[await bots_only(
            host, "san-juan", 2, {"seed": 3, "bot_delay_s": 0.0})]
        await until(lambda: done.rec.status == "over", what="the San Juan game's end")
        live = site.server.lobby.rooms[await bots_only(
            host, "puerto-rico", 3, {"seed": 5, "bot_delay_s": 2.0, "edition": "1897",
                                     "expansions": EVERY_EXPANSION})]
        async with page_on(site, chromium) as (page, screen):
            await page.click("text=Watch")
            await until(lambda: any(p.role == "spectate"
                                    for p in site.server.lobby.idle.values())
                        and len(screen.text) > 500, what="the spectators' lobby")
            (child,) = site.web.children
            assert "spectate" in child.argv
            await page.focus(".xterm-helper-textarea")
            await press_until(page, "w", lambda: spectators(live) == 1, "watching")
            mark = screen.mark()
            await until(lambda: "fest" in screen.since(mark).lower(), what="the 1897 board")
            await page.screenshot(path=str(artifacts / "puerto-rico-watch.png"))
            await press_until(page, "Control+l", lambda: spectators(live) == 0, "leaving")
            mark = screen.mark()
            while done.replay is None:  # down to the finished game's row, then p
                await page.keyboard.press("ArrowDown")
                await press_until(page, "p", lambda: done.replay is not None, "replay", 2.0)
            await until(lambda: "REPLAY" in screen.since(mark), what="the replay screen")
            await press_until(page, "ArrowRight", lambda: "step 3/" in screen.since(mark),
                              "stepping", 2.0)
            await page.screenshot(path=str(artifacts / "san-juan-replay.png"))
    finally:
        await host.close()
