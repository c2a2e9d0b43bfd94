"""A chat line lands on the screens of its own conversation (issue 35: pushes as
signals, prtui/pushes.py): the lobby shows the lobby's lines, a room's screens that
room's. Before, a line went to whichever chat screen was on top, so a line of the
room just left (still on its way) showed in the lobby as if said there."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.app import App
from textual.screen import Screen
from textual.widgets import RichLog

from prtui.app import PrtuiApp
from prtui.launch import remote_plan
from prtui.pushes import ChatLine, Pushes, pushes_of
from prtui.screens.lobby import LobbyScreen
from server.net.server import GameServer
from tests.tui.waiting import wait_for


@pytest.fixture
async def port(tmp_path: Path) -> AsyncIterator[int]:
    srv = GameServer(tmp_path, host="127.0.0.1", port=0)
    yield await srv.start()
    await srv.stop()


def chat_lines(screen: object) -> list[str]:
    log = screen.query_one("#chat-log", RichLog)  # type: ignore[attr-defined]
    return [strip.text for strip in log.lines]


async def test_a_rooms_line_is_not_shown_in_the_lobby(port: int) -> None:
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                       and app.screen.is_mounted)
        lobby = app.screen
        app.on_chat("bo", "see you in the room", "r-left")  # the room ana just left
        app.on_chat("cy", "anyone for San Juan?", None)  # the lobby's
        await wait_for(pilot, lambda: any("San Juan" in line for line in chat_lines(lobby)))
        assert not [line for line in chat_lines(lobby) if "see you" in line]


async def test_lines_that_waited_for_the_rooms_screen_keep_their_order() -> None:
    """Two lines come before the room's screen is drawn, a third as it subscribes: the
    screen shows them as said (before, the third came first)."""
    shown: list[str] = []
    failures: list[Exception] = []

    class Room(Screen[None]):
        def on_mount(self) -> None:
            pushes = pushes_of(self)
            assert pushes is not None
            pushes.subscribe_chat(self, "r1", lambda who, text: shown.append(text))
            pushes.publish_chat(ChatLine("bo", "third", "r1"))

    class Bare(App[None]):
        def __init__(self) -> None:
            super().__init__()
            self.pushes = Pushes(self, lambda kind, exc: failures.append(exc))

    app = Bare()
    async with app.run_test() as pilot:
        app.pushes.publish_chat(ChatLine("ana", "first", "r1"))
        app.pushes.publish_chat(ChatLine("ana", "second", "r1"))
        await app.push_screen(Room())
        await wait_for(pilot, lambda: len(shown) == 3)
    assert shown == ["first", "second", "third"] and failures == []
