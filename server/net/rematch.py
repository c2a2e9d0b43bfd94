"""Rematch pairing: every player of a finished game who asks for its rematch lands in one
room.

Before this, each client made its own room, so two friends pressing rematch on a LAN
found two half-empty copies of their table in the lobby. The server owns the pairing:
the first ``rematch`` for finished room R opens the rematch room (R's game, players,
options and name, a new seed, R's bots in their seats); every later one for R gets that
same room while it is still waiting. Each player is told the seat they had in R, so the
table sits as before where it can. Runs in the lobby's handler (one event loop, no
locks); the map holds one entry per waiting rematch room, dropped when it starts or
closes.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from server.games.registry import get_game
from server.i18n import N_
from server.net.seating import SERVER_KEYS
from server.protocol import messages as m
from server.protocol.names import name_key
from server.says import Say, reason_of, say
from server.store.base import RoomRecord, SeatRecord, Store

if TYPE_CHECKING:
    from server.engine.contract import Game
    from server.net.peer import Peer
    from server.net.room import Room


class Lobby(Protocol):
    """What the pairing asks of the lobby (server/net/lobby.py, which imports this
    module: a protocol rather than an import back)."""

    @property
    def rooms(self) -> Mapping[str, Room]: ...

    @property
    def store(self) -> Store: ...

    def refuse_new_room(self, peer: Peer) -> tuple[str, Say] | None: ...

    def new_room_id(self) -> str: ...

    def open_room(self, peer: Peer, rec: RoomRecord, game: Any) -> Room: ...

    def room_changed(self, room: Room) -> None: ...

NEW_SEED_KEYS = ("seed", "seeded")
"""Options a rematch never copies: it deals a new game."""


class Rematches:
    """Finished room id -> its waiting rematch room id."""

    def __init__(self) -> None:
        self.pairs: dict[str, str] = {}
        self._from: dict[str, str] = {}  # rematch room id -> finished room id

    def forget(self, room_id: str) -> None:
        """A rematch room started or closed: later requests open a new one."""
        old = self._from.pop(room_id, None)
        if old is not None:
            self.pairs.pop(old, None)

    def handle(self, lobby: Lobby, peer: Peer, msg: dict[str, Any]) -> None:
        mid, old_id = msg["id"], msg["room"]
        if peer.role == "spectate":
            peer.refuse(mid, "spectator", say(N_("spectators cannot play a rematch")))
            return
        old = _finished_record(lobby, old_id)
        if old is None:
            peer.refuse(mid, "no_such_room", say(N_("no finished game with that id")))
            return
        seat = seat_of(old, peer.name)
        if seat is None:
            peer.refuse(mid, "not_a_player",
                        say(N_("only the players of that game can ask for its rematch")))
            return
        paired = self.pairs.get(old_id)
        room = lobby.rooms.get(paired) if paired is not None else None
        if room is not None and room.rec.status == "waiting":
            peer.send(m.ack(mid, {"room": room.id, "seat": seat, "created": False}))
            return
        refusal = lobby.refuse_new_room(peer)
        if refusal is not None:
            peer.refuse(mid, *refusal)
            return
        try:
            game = get_game(old.game)
        except Exception as e:  # a game this server no longer runs
            peer.refuse(mid, "unknown_game", reason_of(e))
            return
        try:
            rec = rematch_record(old, lobby.new_room_id(), peer.name, game,
                                 creator=getattr(peer, "address", None))
        except Exception as e:  # options the game no longer takes
            peer.refuse(mid, "invalid_options", reason_of(e))
            return
        lobby.open_room(peer, rec, game)
        self.pairs[old_id], self._from[rec.id] = rec.id, old_id
        peer.send(m.ack(mid, {"room": rec.id, "seat": seat, "created": True}))
        lobby.room_changed(lobby.rooms[rec.id])


def _finished_record(lobby: Lobby, room_id: str) -> RoomRecord | None:
    room = lobby.rooms.get(room_id)
    rec = room.rec if room is not None else lobby.store.load_room(room_id)
    return rec if rec is not None and rec.status == "over" else None


def seat_of(rec: RoomRecord, name: str) -> int | None:
    """The human seat ``name`` had in ``rec`` (names are unique in a room, by name_key)."""
    key = name_key(name)
    return next((s.seat for s in rec.seats
                 if s.kind == "human" and s.name and name_key(s.name) == key), None)


def rematch_record(old: RoomRecord, rid: str, host: str, game: Game,
                   creator: str | None = None) -> RoomRecord:
    """A waiting room like ``old`` under the game's current rules: its options (checked
    again) without the seed, its bots in their seats, every human seat open."""
    kept = {k: v for k, v in old.options.items() if k not in NEW_SEED_KEYS}
    rest = {k: v for k, v in kept.items() if k not in SERVER_KEYS}
    options = {**game.normalize_options(old.players, rest),
               **{k: v for k, v in kept.items() if k in SERVER_KEYS}}
    seats = [SeatRecord(s.seat, "bot", s.name, s.level) if s.kind == "bot" else SeatRecord(s.seat)
             for s in old.seats]
    return RoomRecord(id=rid, game=old.game, players=old.players, options=options,
                      seed=secrets.randbits(63), name=old.name, host=host, created=time.time(),
                      creator=creator, seats=seats, rules_version=game.rules_version)
