"""What a room asks of the server that holds it (the lobby): its own module, so that the
room's mixins (bot seats, replays, the coach) can name it without importing the room."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from server.net.deadlines import DeadlineTimer
    from server.net.peer import Peer


class RoomHooks(Protocol):
    turn_timer: DeadlineTimer  # the server's one timer of turn-based deadlines

    # ``room`` is the calling Room (server/net/room.py), typed Any: naming it here would
    # import the room back from the module its mixins import

    def room_changed(self, room: Any) -> None: ...

    def left_room(self, peer: Peer) -> None: ...

    def room_closed(self, room: Any) -> None: ...

    def bot_pool(self) -> Any | None:
        """The shared process pool for thinking bots (None: play random)."""
        ...
