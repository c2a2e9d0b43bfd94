"""Waiting in pilot tests: the app and a real server run on the test's event loop, so
tests pump the loop until what they expect is on screen (bounded, never timed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MAX_WAIT = 4000  # pilot pauses before a test gives up


async def wait_for(pilot: Any, predicate: Callable[[], object], limit: int = MAX_WAIT) -> None:
    for _ in range(limit):
        if predicate():
            return
        await pilot.pause()
    raise AssertionError("condition never met")


async def form_settled(pilot: Any, app: Any) -> None:
    """The new-game form composed and its own first focus (Start, set on mount) landed:
    before that, a test's focus could be taken back by it and its key go to Start."""
    await wait_for(pilot, lambda: getattr(app.focused, "id", None) == "start")


async def lobby_lists(pilot: Any, app: Any, room: str) -> Any:
    """The lobby on screen with ``room`` among its rows; the lobby screen."""
    from prtui.screens.lobby import LobbyScreen

    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
    lobby = app.screen
    await wait_for(pilot, lambda: any(r.get("id") == room for r in lobby.rooms))
    return lobby


def board_drawn(app: Any) -> bool:
    """A game board is the app's screen and has drawn its first snapshot: a pushed screen
    is ``app.screen`` (its snapshot set) a few loop turns before its parts are composed."""
    from prtui.screens.game import GameScreen

    screen = app.screen
    return isinstance(screen, GameScreen) and screen.is_mounted and bool(screen._parts)
