"""Who is away from the table: "bo disconnected — a bot takes over in 25 s".

The room's frames carry, for a disconnected seat, the seconds left before a bot plays
it (``takeover_in_s``, docs/protocol.md); the count goes down here on this machine's
clock from when the frame came, so no clock is shared with the server. A seat a bot
plays since is said too, until its player is back. At a turn-based table nobody is
"disconnected" (players come for their moves): only a seat whose deadline passed (its
bot plays that turn) or that forfeited (a bot plays it to the end) is said.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from typing import Any

from rich.text import Text

from prtui.i18n import _
from prtui.widgets.context import Shown
from prtui.widgets.plain import shown


class TableNotice(Shown):
    """One line over the board, shown only while a seat is away."""

    DEFAULT_CSS = """
    TableNotice { height: 1; background: $warning 25%; padding: 0 1; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._until: dict[int, float] = {}  # seat -> when the bot takes over (monotonic)
        self._bot: set[int] = set()  # seats a bot plays while their player is away
        self._names: dict[int, str] = {}
        self._turn_based: dict[int, str] = {}  # seat -> why its bot plays (turn-based)

    def on_mount(self) -> None:
        self.display = False
        self.set_interval(1.0, self.redraw)

    def update_room(self, room: Mapping[str, Any]) -> None:
        now = time.monotonic()
        playing = room.get("status") == "playing"
        self._until, self._bot, self._names, self._turn_based = {}, set(), {}, {}
        for seat in room.get("seats", []) if playing else []:
            n = int(seat.get("seat", 0))
            name = shown(seat.get("name"), 24) or f"P{n + 1}"
            if seat.get("kind") == "human" and seat.get("forfeited"):
                self._turn_based[n] = _("{name} forfeited — a bot plays the seat to the end"
                                        ).format(name=name)
            elif seat.get("kind") == "human" and seat.get("bot_playing") and "due_in_s" in seat:
                self._turn_based[n] = _("{name}'s time ran out — a bot plays this turn").format(
                    name=name)
            if n in self._turn_based or seat.get("kind") != "human" or seat.get("connected"):
                continue
            self._names[n] = name
            left = seat.get("takeover_in_s")
            if isinstance(left, int | float) and not seat.get("bot_playing"):
                self._until[n] = now + max(0.0, float(left))
            elif seat.get("bot_playing"):
                self._bot.add(n)
        self.redraw()

    def lines(self) -> list[str]:
        """What the notice says, one part per seat away."""
        now = time.monotonic()
        parts = []
        for seat, until in sorted(self._until.items()):
            left = math.ceil(until - now)
            said = _("{name} disconnected — a bot takes over in {seconds} s") if left > 0 else \
                _("{name} disconnected — a bot takes over now")
            parts.append(said.format(name=self._names[seat], seconds=left))
        parts += [_("{name} is away — a bot plays for them").format(name=self._names[seat])
                  for seat in sorted(self._bot)]
        return parts + [said for _seat, said in sorted(self._turn_based.items())]

    def redraw(self) -> None:
        parts = self.lines()
        if not parts and not self.display:
            return  # hidden and nothing to say: drawing an empty line would lay out the screen
        if self.display != bool(parts):
            self.display = bool(parts)
        self.show(Text(" · ".join(parts), style="bold yellow"))
