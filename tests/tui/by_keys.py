"""Whole games played through the UI by the keys the screen shows: the loop the whole-game
tests share (wait for my move, press a key shown, fail on a key that did nothing, end on
the game-over screen); each test says which key and what it checks on the way."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.widgets.actions import ActionsPanel
from prtui.widgets.context import CHOICE_KEYS
from tests.tui.screen import screen_rows

MAX_PAUSES = 200_000
STALL = 20_000  # pauses without a new state for me: a key that did nothing
# any choice key (numbers, then the long lists' letters and capitals), confirm, decline
# (never u: undo). A decision can run past the ten numbers: a Black Market payment
# whose first choices left has only lettered keys (d, i, p) on offer.
KEY_ROW = re.compile(rf"([{CHOICE_KEYS}yn]) (\S.*?)\s*$")
UNDOING = ("Rearrange", "Send back")


def keys_on_screen(app: PrtuiApp) -> dict[str, str]:
    """The number keys written in front of the actions the list shows (the rows of the
    screen where the actions list is, not the headline above it), with their label."""
    box = app.screen.query_one("#actions-scroll").region
    offered = set(app.screen.query_one(ActionsPanel)._keys)  # not a place shown greyed
    keys: dict[str, str] = {}
    for row in screen_rows(app)[box.y:box.bottom]:
        found = KEY_ROW.match(row[box.x:box.right])
        if found and found.group(1) in offered:
            keys.setdefault(found.group(1), found.group(2))
    return keys


def forward_keys(app: PrtuiApp) -> dict[str, str]:
    """The keys on screen but "Rearrange" and "Send back" (issue 16): each undoes the
    mayor's work, and random keys among many send-backs would walk in circles."""
    return {k: label for k, label in keys_on_screen(app).items()
            if not label.startswith(UNDOING)}


async def play_by_keys_on_screen(app: PrtuiApp, pilot: Any,
                                 my_move: Callable[[GameScreen], Awaitable[str]], *,
                                 max_pauses: int = MAX_PAUSES,
                                 on_state: Callable[[GameScreen], None] | None = None) -> int:
    """Play seat 0 to the game-over screen: at each new state with a move of mine,
    ``my_move`` looks at the screen and names the key to press (``on_state`` sees every
    new state first). Fails when a key moves nothing for STALL pauses or the game does
    not end; returns how many keys were pressed."""
    pressed, last_seen, since_press = 0, None, 0
    for _ in range(max_pauses):
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            break
        if isinstance(screen, GameScreen) and screen.snapshot is not last_seen:
            if on_state is not None:
                on_state(screen)
            if screen.snapshot.get("legal") and screen.snapshot.get("seat") == 0:
                key = await my_move(screen)
                last_seen = screen.snapshot
                await pilot.press(key)
                pressed, since_press = pressed + 1, 0
        since_press += 1
        assert since_press < STALL, "nothing moved after my key:\n" + "\n".join(screen_rows(app))
        await pilot.pause()
    assert isinstance(app.screen, GameOverScreen), f"no game over after {pressed} moves"
    return pressed
