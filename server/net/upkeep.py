"""Room upkeep: how many waiting rooms one client may hold, and closing unused rooms.

Ten connections once made 988 empty rooms in seven seconds and the server refused
every new room from then on, even after a restart. Now a connection, and all the
connections from one address together, may hold only a few waiting rooms (created and
not yet started or closed), and a waiting room nobody is in closes by itself: soon if
no human ever sat in it, later if its seated players are only disconnected. The lobby
asks ``refusal`` before it creates a room and calls ``sweep`` every ``sweep_s``.

Starting a room used to free its place, so one address made 558 running bots-only games
in 46 s and filled the server's cap for everybody. Now every unfinished room an address
created counts against it (``live_per_address``; a running game with no human seat
counts double: it costs CPU whether anybody watches or not), also across restarts (the
creator's address is stored with the room). The server-wide cap is hard; its last tenth
is kept for addresses that hold no room, so a few busy addresses never lock a newcomer
out, and many fresh addresses (one IPv6 /64 has plenty) never pass the cap either.

Finished games are loaded only while someone watches or replays them; ``unloadable``
names the idle ones beyond ``finished_loaded`` (least recently used first), so stepping
through many old replays cannot fill the memory either.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from server.games.registry import get_game
from server.i18n import N_
from server.net.room import Room
from server.protocol import limits
from server.says import Say, say

if TYPE_CHECKING:
    from server.net.peer import Peer
    from server.store.base import Store

log = logging.getLogger(__name__)


@dataclass
class RoomPolicy:
    per_connection: int = limits.WAITING_ROOMS_PER_CONNECTION
    per_address: int = limits.WAITING_ROOMS_PER_ADDRESS
    live_per_address: int = limits.LIVE_ROOMS_PER_ADDRESS
    bot_room_weight: int = limits.BOT_ROOM_WEIGHT
    empty_s: float = limits.EMPTY_ROOM_EXPIRY_S
    abandoned_s: float = limits.ABANDONED_ROOM_EXPIRY_S
    sweep_s: float = 5.0
    """How often the lobby looks for rooms to close (a room closes up to this late)."""
    finished_loaded: int = 64
    """Finished games kept in memory while nobody is in them (for replays)."""
    finished_idle_s: float = 60.0
    """A finished game nobody has used for this long (and whose replay was let go) is
    dropped from memory; it stays in the store."""


def bots_only(room: Room) -> bool:
    """A started game in which no person has a seat: it runs on, watched or not."""
    return room.rec.status == "playing" and not any(s.kind == "human" for s in room.rec.seats)


def idle(room: Room) -> bool:
    """Nobody in the room and nothing waiting in its inbox: safe to close or unload
    (a command already posted, a join or a resume, keeps it; so do replay commands
    waiting for their replay to be built)."""
    return not room.members and room.inbox.empty() and not room._replay_waiting


def newcomer_reserve(max_rooms: int) -> int:
    """The open rooms only an address holding none may take: a newcomer still finds a
    place when a few addresses hold most of them, yet the ceiling stays hard (one more
    room per fresh address used to pass it: an IPv6 /64 has plenty of addresses)."""
    return max(1, max_rooms // 10) if max_rooms > 1 else 0


class Upkeep:
    def __init__(self, policy: RoomPolicy | None = None) -> None:
        self.policy = policy or RoomPolicy()
        self._owners: dict[str, tuple[str, str]] = {}  # unfinished room -> (connection, address)
        self._empty_since: dict[str, float] = {}
        self._finished: OrderedDict[str, float] = OrderedDict()  # loaded: last used, oldest first

    # --- who may create a room -------------------------------------------------------

    def weight(self, room: Room) -> int:
        """The places of ``live_per_address`` that ``room`` takes."""
        return self.policy.bot_room_weight if bots_only(room) else 1

    def refusal(self, peer: Peer, rooms: dict[str, Room], max_rooms: int | None = None
                ) -> tuple[str, Say] | None:
        """Why ``peer`` may not create another room now, or None. ``max_rooms``: the
        server-wide cap of unfinished rooms, a hard one; its last tenth
        (``newcomer_reserve``) is kept for addresses that hold no room yet."""
        address = getattr(peer, "address", "?")
        mine = theirs = load = 0
        for rid, (conn, addr) in list(self._owners.items()):
            room = rooms.get(rid)
            if room is None or room.rec.status == "over":
                del self._owners[rid]
                continue
            if addr != address:
                continue
            waiting = room.rec.status == "waiting"
            mine += waiting and conn == peer.id
            theirs += waiting
            load += self.weight(room)
        p = self.policy
        if mine >= p.per_connection:
            return ("too_many_waiting_rooms", say(N_(
                "you already have {have} waiting rooms (at most {most}): start one, or leave "
                "it empty to close it"), have=mine, most=p.per_connection))
        if theirs >= p.per_address:
            return ("too_many_waiting_rooms", say(N_(
                "your address already has {have} waiting rooms (at most {most}): start one, "
                "or wait for an empty one to close"), have=theirs, most=p.per_address))
        if load + 1 > p.live_per_address:
            return ("too_many_rooms", say(N_(
                "your address already has {have} of its {most} places in unfinished rooms (a "
                "running game of bots only takes {bots}): finish or leave one first"),
                have=load, most=p.live_per_address, bots=p.bot_room_weight))
        if max_rooms is not None:
            open_rooms = sum(r.rec.status != "over" for r in rooms.values())
            if open_rooms >= max_rooms:
                return ("too_many_rooms", say(N_(
                    "the server has {rooms} open rooms, its most: try again when a game has "
                    "finished"), rooms=open_rooms))
            if load and open_rooms >= max_rooms - newcomer_reserve(max_rooms):
                return ("too_many_rooms",
                        say(N_("the server has too many open rooms; finish one of yours")))
        return None

    def created(self, room: Room, peer: Peer) -> None:
        self._owners[room.id] = (peer.id, getattr(peer, "address", "?"))

    def restored(self, room: Room) -> None:
        """A room loaded at start counts against the address that created it."""
        if room.rec.creator and room.rec.status != "over":
            self._owners[room.id] = ("", room.rec.creator)

    # --- closing and unloading ---------------------------------------------------------

    def expired(self, rooms: dict[str, Room], now: float | None = None) -> list[Room]:
        """Waiting rooms that have been idle for longer than the policy allows."""
        now = time.monotonic() if now is None else now
        due = []
        for rid, room in rooms.items():
            if room.rec.status != "waiting" or not idle(room):
                self._empty_since.pop(rid, None)
                continue
            human = any(s.kind == "human" for s in room.rec.seats)
            if human and room.turn_based:  # its players' seats wait for them: kept
                self._empty_since.pop(rid, None)
                continue
            since = self._empty_since.setdefault(rid, now)
            if now - since >= (self.policy.abandoned_s if human else self.policy.empty_s):
                due.append(room)
        return due

    def closed(self, room_id: str) -> None:
        self._owners.pop(room_id, None)
        self._empty_since.pop(room_id, None)
        self._finished.pop(room_id, None)

    def touch_finished(self, room_id: str, now: float | None = None) -> None:
        """A finished game was looked at: keep it loaded the longest."""
        self._finished[room_id] = time.monotonic() if now is None else now
        self._finished.move_to_end(room_id)

    def unloadable(self, rooms: dict[str, Room], now: float | None = None) -> list[Room]:
        """Idle finished games to drop from memory: those beyond ``finished_loaded``
        (least recently used first), and any unused for ``finished_idle_s`` whose replay
        has been let go."""
        now = time.monotonic() if now is None else now
        for rid, room in rooms.items():
            if room.rec.status == "over" and (rid not in self._finished or not idle(room)):
                self.touch_finished(rid, now)  # just finished, or someone is in it
        over = [rid for rid in self._finished if rid in rooms]
        extra = len(over) - self.policy.finished_loaded
        out = []
        for rid in over:
            room = rooms[rid]
            unused = now - self._finished[rid] >= self.policy.finished_idle_s
            if idle(room) and (extra > 0 or (unused and room.replay is None)):
                out.append(room)
                extra -= 1
        return out


class RoomKeeping:
    """The lobby's side of the upkeep (mixed into ``Lobby``): loads finished games on
    demand, and closes or unloads rooms on each sweep."""

    rooms: dict[str, Room]
    store: Store
    upkeep: Upkeep
    _stopping: set[asyncio.Task[None]]

    def room_closed(self, room: Room) -> None: ...

    def room(self, room_id: str) -> Room | None:
        """An open room, or a finished game loaded from the store for as long as it is used."""
        room = self.rooms.get(room_id)
        if room is None:
            rec = self.store.load_room(room_id)
            if rec is None or rec.status != "over":
                return None
            room = self.rooms[room_id] = Room(rec, get_game(rec.game), self.store, self)  # type: ignore[arg-type]
            room.start_task()
        if room.rec.status == "over":
            self.upkeep.touch_finished(room_id)
        return room

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.upkeep.policy.sweep_s)
            try:
                self.sweep()
            except Exception:
                log.exception("lobby: room upkeep failed")

    def sweep(self) -> None:
        """Close waiting rooms unused for too long; unload idle finished games."""
        for room in self.upkeep.expired(self.rooms):
            log.info("room %s closed: nobody in it for too long", room.id)
            self.store.delete_room(room.id)
            self.room_closed(room)
            self._stop_room(room)
        for room in self.upkeep.unloadable(self.rooms):
            self.rooms.pop(room.id, None)
            self.upkeep.closed(room.id)
            self._stop_room(room)

    def _stop_room(self, room: Room) -> None:
        task = asyncio.get_running_loop().create_task(room.stop())
        self._stopping.add(task)
        task.add_done_callback(self._stopping.discard)
