"""A turn of mine started at a table I am not looking at: tell my connections.

A player at several turn-based tables sits in the lobby or at one board while the
others move on; when one of them comes back to this player, each of the account's
connections not in that room gets a ``your_turn`` push (the client shows a notice,
rings and, where asked, raises a desktop notification: prtui/app.py). A connection
looking at that room already sees its board ask for the move. Only what the lobby
shows anyone goes along: the room's id, name and game. (Away, with no connection, is
server/net/notify.py's.)
"""

from __future__ import annotations

from typing import Any

from server.net import turns
from server.net.names_in_use import NamesInUse
from server.protocol import messages as m


class TurnsElsewhere:
    def __init__(self, rooms: dict[str, Any], names: NamesInUse) -> None:
        self.rooms = rooms
        self.names = names

    def start(self) -> None:
        turns.on_turn_started.append(self.turn_started)

    def stop(self) -> None:
        if self.turn_started in turns.on_turn_started:
            turns.on_turn_started.remove(self.turn_started)

    def turn_started(self, account: str, room_id: str) -> None:
        room = self.rooms.get(room_id)
        if room is None:
            return  # another server's room (several in one process)
        push = m.your_turn(room_id, str(room.rec.name), str(room.rec.game))
        for peer in self.names.peers_of(account):
            if peer.room != room_id:
                peer.send(push)
