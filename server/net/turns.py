"""The hook "a turn started for account X at table T" of turn-based tables.

A turn-based table (server/net/turnbased.py) calls ``on_turn_started`` once each time a
seat held by an account comes to move. Whoever wants to know (the away notifications)
appends a callback to ``TURN_STARTED``; this module sends nothing itself. A callback
runs on the event loop right after the move that started the turn is stored, so it must
be quick (hand slow work to a task); one that raises is logged and the others still run.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TurnStarted:
    account: str  # accounts.id of the player to move
    room: str  # the table's id
    room_name: str  # as typed by its host: plain text, never markup
    game: str
    due: float  # the deadline, in the server clock's seconds (server/net/clock.py)


TURN_STARTED: list[Callable[[TurnStarted], None]] = []
"""The subscribers, called in order."""


def on_turn_started(turn: TurnStarted) -> None:
    for callback in list(TURN_STARTED):
        try:
            callback(turn)
        except Exception:
            log.exception("turn-started callback %r failed", callback)
