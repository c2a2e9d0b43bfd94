"""The waiting room of a room actor: seats, bots, readiness and the start.

A mixin of ``Room`` (server/net/room.py), split out so each file reads in one
sitting; it runs only inside the room's task like the rest of the room.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from server.engine.options import reveals_hidden
from server.errors import PrtuiError
from server.i18n import N_
from server.net.bots import LEVELS
from server.net.peer import Peer
from server.net.sync import GameSync
from server.protocol import messages as m
from server.protocol.names import look_alike_key, printable
from server.says import Said, Say, say
from server.store.base import SeatRecord

if TYPE_CHECKING:
    from server.engine.contract import Game
    from server.net.bots import SeatBot
    from server.store.base import RoomRecord, Store

SERVER_OPTIONS = {"grace_s": (0.0, 3600.0), "bot_delay_s": (0.0, 10.0),
                  "turn_hours": (1.0, 14 * 24.0)}
"""Numeric room options the server reads itself (name: (min, max)); the rest go to the game.
``turn_hours``: a turn-based table's deadline per move (server/net/turnbased.py)."""
SERVER_CHOICES: dict[str, tuple[str, ...]] = {
    "takeover_level": LEVELS, "coach": ("off", "on"), "rated": ("off", "on"),
    "on_deadline": ("bot", "forfeit"),
}
"""Room options the server reads itself that take one of a few words. ``rated``: the
game's end updates its players' ratings (server/net/ratings.py); ``on_deadline``: what a
passed deadline of a turn-based table does."""
SERVER_KEYS = frozenset({*SERVER_OPTIONS, *SERVER_CHOICES})
FILLED_IN_KEYS = ("names", "rules_version")
"""Options the server gives the game itself at setup (``setup_options``): from the seats
and the room's stored rules version, never from a client. One sent would be overridden
but stored with the room and shown in the lobby, so it is refused."""
DEFAULT_GRACE_S = 60.0
TAKEOVER_LEVEL = "easy" if "easy" in LEVELS else "random"
"""Who plays a disconnected seat after its grace period, unless the room says otherwise."""


class Refuse(PrtuiError):
    """A command the room will not carry out: becomes a ``reject`` with this code."""

    def __init__(self, code: str, reason: Said) -> None:
        super().__init__(str(reason))
        self.code = code
        self.reason = reason


@dataclass
class Member:
    peer: Peer
    seat: int | None = None
    player: bool = True  # joined as player (may take a seat), not as spectator
    follow: int | None = None


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def game_options(options: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in options.items() if k not in SERVER_KEYS and k != "seeded"}


def setup_options(rec: Any) -> dict[str, Any]:
    """The game's options plus the seats' display names (the contract's ``names``) and
    the rules version the room was made under (``rules_version``: old rules replay).

    Seats cannot change once a game starts, so the names are the same at the start, at
    every rebuild after a restart and in a replay. A name stored before the name rules
    (server/protocol/names.py) is made printable, as games require, so such a room
    still loads.
    """
    names = [printable(s.name or "")[:32].strip() or f"Player {s.seat + 1}" for s in rec.seats]  # i18n: a seat's stored name: part of the game's record, the same for every reader
    return {**game_options(rec.options), "names": names, "rules_version": rec.rules_version}


def open_info(game: Game, opts: dict[str, Any]) -> bool:
    """Whether everyone may read every seat's private log text: one of the game's
    options that reveal hidden information (its ``options_spec`` says which) is on."""
    return reveals_hidden(game.options_spec, opts)


class Seating:
    """Seat commands of the waiting room (mixed into ``Room``)."""

    id: str
    rec: RoomRecord
    game: Game
    store: Store
    members: dict[str, Member]
    ready: set[int]
    sync: GameSync | None
    stale: Say | None  # why this room's rules cannot be played here (None: they can)
    _bots: dict[int, SeatBot]

    if TYPE_CHECKING:  # provided by Room and BotSeats; declared for the type checker only,
        # so no stub exists at run time to shadow the real method in any base order
        def host_id(self) -> str | None: ...
        def seat_holder(self, seat: int) -> Member | None: ...
        def _changed(self) -> None: ...
        def _send_state(self, mem: Member) -> None: ...
        def _start_grace(self, seat: int) -> None: ...
        def _kick_bots(self) -> None: ...
        def _announce_turns(self) -> None: ...
        def _start_turns(self) -> None: ...
        @property
        def turn_based(self) -> bool: ...

    # --- seats (waiting room) -------------------------------------------------------

    def _member(self, peer: Peer, seat_needed: bool = False) -> Member:
        mem = self.members.get(peer.id)
        if mem is None:
            raise Refuse("not_in_room", say(N_("join the room first")))
        if peer.role == "spectate" or not mem.player:
            raise Refuse("spectator", say(N_("spectators cannot do that")))
        if seat_needed and mem.seat is None:
            raise Refuse("not_seated", say(N_("take a seat first")))
        return mem

    def _waiting(self) -> None:
        if self.rec.status != "waiting":
            raise Refuse("game_started", say(N_("the game has already started")))

    def _seat_no(self, seat: int) -> int:
        if not 0 <= seat < self.rec.players:
            raise Refuse("bad_seat", say(N_("seats are 0..{last}"), last=self.rec.players - 1))
        return seat

    def _host_only(self, peer: Peer) -> None:
        if self.host_id() != peer.id:
            raise Refuse("not_host", say(N_("only the room host can do that")))

    def _save(self, rec: SeatRecord) -> None:
        self.rec.seats[rec.seat] = rec
        self.store.save_seat(self.id, rec)

    def _free_seat(self, seat: int) -> None:
        self._save(SeatRecord(seat))
        self.ready.discard(seat)
        self._bots.pop(seat, None)

    def _name_free(self, name: str, but: int | None = None) -> None:
        """Two seats of one room never carry the same name, nor names that look alike
        (compared by ``look_alike_key``)."""
        key = look_alike_key(name)
        for s in self.rec.seats:
            if s.seat != but and s.kind != "empty" and s.name and look_alike_key(s.name) == key:
                raise Refuse("name_taken", say(N_(
                    "seat {seat} already carries the name '{name}' (names are compared "
                    "ignoring case and look-alike letters); connect under another name to "
                    "sit here"), seat=s.seat + 1, name=s.name))

    def _bot_name(self, seat: int, level: str) -> str:
        """"bot 2 (easy)", or "bot 2 (easy) #2"... if a person already took that name."""
        base = name = f"bot {seat + 1} ({level})"
        taken = {look_alike_key(s.name) for s in self.rec.seats if s.kind != "empty" and s.name}
        n = 2
        while look_alike_key(name) in taken:
            name, n = f"{base} #{n}", n + 1
        return name

    def _cmd_take_seat(self, peer: Peer, msg: dict[str, Any]) -> None:
        mem = self._member(peer)
        self._waiting()
        seat = self._seat_no(msg["seat"])
        if self.rec.seats[seat].kind != "empty":
            raise Refuse("seat_taken", say(N_("that seat is taken")))
        if self.turn_based and peer.account is None:
            raise Refuse("claimed_only", say(N_(
                "a turn-based table's seats are for claimed names (its seat is yours while you "
                "are away): claim your name first (prtui connect --claim)")))
        self._name_free(peer.name, but=mem.seat)
        if mem.seat is not None:
            self._free_seat(mem.seat)
        if self.turn_based:  # the account holds the seat: joining the room seats it again
            self._save(SeatRecord(seat, "human", peer.name, None, None, peer.account))
            mem.seat = seat
            peer.send(m.ack(msg["id"], {"seat": seat}))
            self._changed()
            return
        token = f"{self.id}.{secrets.token_urlsafe(24)}"
        self._save(SeatRecord(seat, "human", peer.name, None, hash_token(token), peer.account))
        mem.seat = seat
        peer.send(m.ack(msg["id"], {"seat": seat, "token": token}))
        self._changed()

    def _cmd_leave_seat(self, peer: Peer, msg: dict[str, Any]) -> None:
        mem = self._member(peer, seat_needed=True)
        self._waiting()
        assert mem.seat is not None
        self._free_seat(mem.seat)
        mem.seat = None
        peer.send(m.ack(msg["id"]))
        self._changed()

    def _cmd_add_bot(self, peer: Peer, msg: dict[str, Any]) -> None:
        self._member(peer)
        self._waiting()
        self._host_only(peer)
        seat = self._seat_no(msg["seat"])
        if self.rec.seats[seat].kind != "empty":
            raise Refuse("seat_taken", say(N_("that seat is taken")))
        level = msg["level"]
        if level not in LEVELS:
            raise Refuse("bad_level", say(N_("bot levels: {levels}"), levels=", ".join(LEVELS)))
        self._save(SeatRecord(seat, "bot", self._bot_name(seat, level), level))
        peer.send(m.ack(msg["id"]))
        self._changed()

    def _cmd_remove_bot(self, peer: Peer, msg: dict[str, Any]) -> None:
        self._member(peer)
        self._waiting()
        self._host_only(peer)
        seat = self._seat_no(msg["seat"])
        if self.rec.seats[seat].kind != "bot":
            raise Refuse("not_a_bot", say(N_("no bot sits there")))
        self._free_seat(seat)
        peer.send(m.ack(msg["id"]))
        self._changed()

    def _cmd_ready(self, peer: Peer, msg: dict[str, Any]) -> None:
        mem = self._member(peer, seat_needed=True)
        self._waiting()
        assert mem.seat is not None
        (self.ready.add if msg["ready"] else self.ready.discard)(mem.seat)
        peer.send(m.ack(msg["id"]))
        self._changed()

    def _cmd_start(self, peer: Peer, msg: dict[str, Any]) -> None:
        self._member(peer)
        self._waiting()
        self._host_only(peer)
        if any(s.kind == "empty" for s in self.rec.seats):
            raise Refuse("seats_empty", say(N_("every seat needs a player or a bot")))
        host_seat = self.members[peer.id].seat
        waiting = [  # a turn-based table's seated players need not be connected
            s.seat for s in self.rec.seats
            if s.kind == "human" and s.seat != host_seat and s.seat not in self.ready
            and not self.turn_based
        ]
        if waiting:
            raise Refuse("not_ready", say(N_("seats not ready: {seats}"), seats=str(waiting)))
        if self.stale is not None:
            raise Refuse("rules_changed", self.stale)
        opts = setup_options(self.rec)
        state = self.game.setup(self.rec.players, opts, self.rec.seed)
        self.sync = GameSync(self.game, state, open_info(self.game, opts))
        self.rec.status = "playing"
        self.store.set_status(self.id, "playing")
        peer.send(m.ack(msg["id"]))
        self._changed()
        for mem in self.members.values():
            self._send_state(mem)
        for s in self.rec.seats:
            if s.kind == "human" and self.seat_holder(s.seat) is None:
                self._start_grace(s.seat)
        self._announce_turns()
        self._start_turns()
        self._kick_bots()

