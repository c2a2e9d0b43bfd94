"""The one place a room says "it became this account's turn at this table".

Rooms call ``turn_started`` when a seat held by a claimed identity (an account) comes
to move; whoever cares (the away notices: server/net/notify.py) appends a callback to
``on_turn_started``. Nothing here knows what the callbacks do, and a callback that
fails is logged, never raised into the room: a table never stops for a subscriber.

The list is the process's, so a callback that serves one server of several in a
process (tests run many) checks that the room is its own.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

log = logging.getLogger(__name__)

TurnStarted = Callable[[str, str], None]
"""A subscriber: called with (account id, room id)."""

on_turn_started: list[TurnStarted] = []


def turn_started(account: str, room_id: str) -> None:
    """Tell every subscriber that ``account``'s turn started at room ``room_id``."""
    for callback in list(on_turn_started):
        try:
            callback(account, room_id)
        except Exception:
            log.exception("a turn-started callback failed (room %s)", room_id)
