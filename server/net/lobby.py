"""The lobby: the list of rooms, room creation, lobby chat, routing to room inboxes.

The lobby holds no game state: it creates rooms, forwards room commands into the
room's inbox and pushes the room list to connections that sit in the lobby. Open rooms
(waiting, playing) live in memory; finished games stay in the store and are loaded
only while someone watches or replays one (server/net/upkeep.py), and the list is sent
a bounded page at a time (server/net/listing.py).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from server.engine.contract import describe
from server.engine.errors import EngineError
from server.games.registry import game_names, get_game, offered_game
from server.i18n import N_
from server.net.bots import make_pool
from server.net.clock import Clock, SystemClock
from server.net.coaching import CoachDesk
from server.net.deadlines import DeadlineTimer
from server.net.elsewhere import TurnsElsewhere
from server.net.identity import Identities
from server.net.listing import LobbyList, list_rooms
from server.net.names_in_use import NamesInUse
from server.net.notify import Notices
from server.net.notify_address import NotifyPolicy
from server.net.peer import Peer, fast_frame
from server.net.ratelimits import AddressRates
from server.net.rematch import Rematches
from server.net.replay import ReplayKeeper
from server.net.room import Room
from server.net.seating import (
    FILLED_IN_KEYS,
    SERVER_CHOICES,
    SERVER_KEYS,
    SERVER_OPTIONS,
    TAKEOVER_LEVEL,
)
from server.net.standings import StandingsDesk
from server.net.turnbased import turn_based
from server.net.upkeep import RoomKeeping, RoomPolicy, Upkeep
from server.protocol import limits
from server.protocol import messages as m
from server.says import Say, reason_of, say
from server.store.base import RoomRecord, SeatRecord, Store

log = logging.getLogger(__name__)

MAX_OPEN_ROOMS = 1000
"""Waiting or playing rooms at once, a hard ceiling; its last tenth only for addresses
that hold no room yet (server/net/upkeep.py)."""
LOBBY_PUSH_S = 0.25


class Lobby(RoomKeeping):
    def __init__(self, store: Store, max_rooms: int = MAX_OPEN_ROOMS,
                 policy: RoomPolicy | None = None, notify: NotifyPolicy | None = None,
                 clock: Clock | None = None) -> None:
        self.store = store
        # turn-based tables' deadlines: one timer for them all, on one clock
        self.turn_timer = DeadlineTimer(clock or SystemClock(), self._post_to_room)
        self.max_rooms = max_rooms
        self.rooms: dict[str, Room] = {}
        self.listing = LobbyList(store)
        self.upkeep = Upkeep(policy)
        self.rematches = Rematches()
        self._open: set[str] = set()  # rooms loaded unfinished: their end is counted once
        self._sweeper: asyncio.Task[None] | None = None
        self._stopping: set[asyncio.Task[None]] = set()
        self.idle: dict[str, Peer] = {}
        self.replays = ReplayKeeper()  # which rooms hold a built replay (room hook)
        self._replaying = AddressRates(limits.REPLAY_RATE_PER_S, limits.REPLAY_BURST)
        self.coach = CoachDesk()  # what the coach and the review take of the bot pool
        self.names = NamesInUse()  # one person per name (and look-alikes) at a time
        self.identities = Identities(store)  # claimed names (server/net/identity.py)
        self.standings = StandingsDesk(store)  # leaderboards and profiles
        self.notices = Notices(store, self, notify)  # turn notices while away (off: None)
        self.elsewhere = TurnsElsewhere(self.rooms, self.names)  # ...and while connected
        self.vouched_key: Callable[[str, str], bool] = lambda key, proof: False
        """Whether our SSH gateway vouches that this player holds ``key`` (set by the
        server: server/net/relay.py)."""
        self._push_due = False
        self._pool: Any | None = None
        self._pool_made = False
        self._pool_start: asyncio.Task[None] | None = None

    # --- life cycle --------------------------------------------------------------

    def restore(self) -> int:
        """Load every stored open room; unfinished games resume at their last stored
        action (finished ones stay in the store until asked for). Starts the upkeep."""
        for rec in self.store.load_open_rooms():
            try:
                room = Room(rec, get_game(rec.game), self.store, self)
            except Exception:
                log.exception("room %s could not be restored", rec.id)
                continue
            self.rooms[rec.id] = room
            self._open.add(rec.id)
            self.upkeep.restored(room)
            room.start_task()
        self.notices.start()
        self.elsewhere.start()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_loop())
        self.turn_timer.start()
        return len(self.rooms)

    def _post_to_room(self, room_id: str, item: tuple[object, ...]) -> None:
        room = self.rooms.get(room_id)
        if room is not None:
            room.post(item)

    async def stop(self) -> None:
        await self.turn_timer.stop()
        if self._sweeper is not None:
            self._sweeper.cancel()
        await self.notices.stop()
        self.elsewhere.stop()
        for read in list(self.listing.reads):  # pages being read: nobody waits for them now
            read.cancel()
        await asyncio.gather(*(room.stop() for room in list(self.rooms.values())),
                             *self._stopping)
        if self._pool_start is not None:
            self._pool_start.cancel()
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    def use_bot_pool(self, pool: Any | None) -> None:
        """Set the pool thinking bots use (instead of the default one made on first use)."""
        self._pool, self._pool_made = pool, True
        start = getattr(pool, "start", None)
        if start is not None:  # in the background: a move that gives up waiting
            # (server/net/bots.py) never cancels the workers' start-up
            self._pool_start = asyncio.get_running_loop().create_task(start())

    def bot_pool(self) -> Any | None:
        """The shared pool for thinking bots, made and started on first use."""
        if not self._pool_made:
            self.use_bot_pool(make_pool())
        return self._pool

    def add_peer(self, peer: Peer) -> None:
        self.idle[peer.id] = peer

    def remove_peer(self, peer: Peer) -> None:
        self.idle.pop(peer.id, None)
        room = self.rooms.get(peer.room or "")
        if room is not None:
            room.post(("gone", peer))

    async def resume(self, peer: Peer, token: str) -> bool:
        """Seat ``peer`` back with its seat token; the room sends ``welcome``."""
        room = self.room(token.split(".", 1)[0])
        if room is None:
            return False
        fut: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        room.post(("resume", peer, token, fut))
        ok = await fut
        if ok:
            self.idle.pop(peer.id, None)
        return ok

    # --- room hooks ----------------------------------------------------------------

    def room_changed(self, room: Room) -> None:
        """Push the room list soon: at most one push per LOBBY_PUSH_S, whatever the churn
        (each push is one page, encoded once, to every idle connection)."""
        self.listing.changed()
        if room.rec.status != "waiting":
            self.rematches.forget(room.id)
        if room.rec.status == "over" and room.id in self._open:
            self._open.discard(room.id)
            self.listing.game_finished(room.rec)
        if not self._push_due:
            self._push_due = True
            asyncio.get_running_loop().call_later(LOBBY_PUSH_S, self._push)

    def left_room(self, peer: Peer) -> None:
        if peer.room is not None:
            peer.room = None
        self.idle[peer.id] = peer
        peer.send_bytes(self.lobby_frame())

    def room_closed(self, room: Room) -> None:
        self.rooms.pop(room.id, None)
        self._open.discard(room.id)
        self.upkeep.closed(room.id)
        self.rematches.forget(room.id)
        self.room_changed(room)

    def _push(self) -> None:
        self._push_due = False
        viewers = [*self.idle.values(), *self._waiting_spectators()]
        if not viewers:
            return
        frame = self.lobby_frame()
        for peer in viewers:
            peer.send_bytes(frame)

    def _waiting_spectators(self) -> list[Peer]:
        """Spectators of rooms not started yet: their client stays on the lobby until the
        board comes (prtui/screens/lobby.py), so its list must stay fresh too."""
        return [mem.peer for room in self.rooms.values() if room.rec.status == "waiting"
                for mem in room.members.values() if not mem.player]

    def lobby_frame(self) -> bytes:
        """The ``lobby`` push: the first page, the same bytes for everyone until a change."""
        return self.listing.push_frame(self.rooms)

    # --- commands ------------------------------------------------------------------

    def handle(self, peer: Peer, msg: dict[str, Any]) -> None:
        """Answer a lobby command or route a room command; a fault here rejects, never
        closes the connection."""
        try:
            self._handle(peer, msg)
        except Exception:
            log.exception("lobby: failure handling %s", msg.get("t"))
            peer.refuse(msg["id"], "internal", say(N_("server error")))

    def _handle(self, peer: Peer, msg: dict[str, Any]) -> None:
        t, mid = msg["t"], msg["id"]
        if t == "list_rooms":
            list_rooms(self.listing, peer, msg, self.rooms)
        elif t == "list_games":
            peer.send(m.ack(mid, {"games": games_catalog()}))
        elif t in ("leaderboard", "profile"):
            self.standings.handle(peer, msg)
        elif t == "notify_address":
            self.notices.handle(peer, msg)
        elif t == "my_turns":
            peer.send(m.ack(mid, {"tables": self.my_turns(peer)}))
        elif t == "create_room":
            self._create(peer, msg)
        elif t == "rematch":
            self.rematches.handle(self, peer, msg)
        elif t == "chat" and msg["room"] is None:
            peer.send(m.ack(mid))
            frame = fast_frame(m.chat(None, peer.name, msg["text"], time.time()))
            for other in list(self.idle.values()):
                other.send_bytes(frame)
        elif t == "review":  # a player of a finished game, from its replay: no need to join
            room = self.room(msg["room"])
            if room is None:
                peer.refuse(mid, "no_such_room", say(N_("no room with that id")))
                return
            room.post(("cmd", peer, msg))
        elif t == "replay":  # open to every connection: no need to join the room
            room = self.room(msg["room"])
            if room is None:
                peer.refuse(mid, "no_such_room", say(N_("no room with that id")))
                return
            cost = limits.REPLAY_BUILD_COST if room.replay is None else 1.0
            if not self._replaying.allow(getattr(peer, "address", "?"), cost):
                peer.refuse(mid, "rate_limited",
                            say(N_("too many replays from your address; slow down")))
                return
            room.post(("cmd", peer, msg))
        elif t == "join_room":
            room = self.room(msg["room"])
            if room is None:
                peer.refuse(mid, "no_such_room", say(N_("no room with that id")))
                return
            if msg["as"] == "player" and peer.role == "spectate":
                peer.refuse(mid, "spectator", say(N_("spectators join as spectator")))
                return
            if room.stale is not None and room.rec.status != "waiting":
                peer.refuse(mid, "rules_changed", room.stale)
                return
            if room.board_to_build() and not self._replaying.allow(  # costs what a replay does
                    getattr(peer, "address", "?"), limits.REPLAY_BUILD_COST):
                peer.refuse(mid, "rate_limited", say(N_("too many finished games opened from "
                                                            "your address; slow down")))
                return
            if peer.room is not None and peer.room != room.id:
                old = self.rooms.get(peer.room)
                if old is not None:
                    old.post(("gone", peer))
            peer.room = room.id
            self.idle.pop(peer.id, None)
            room.post(("cmd", peer, msg))
        else:
            room = self.rooms.get(msg.get("room") or "")
            if room is None or peer.room != room.id:
                peer.refuse(mid, "not_in_room", say(N_("join that room first")))
                return
            room.post(("cmd", peer, msg))

    def _create(self, peer: Peer, msg: dict[str, Any]) -> None:
        mid = msg["id"]
        if peer.role == "spectate":
            peer.refuse(mid, "spectator", say(N_("spectators cannot create rooms")))
            return
        refusal = self.refuse_new_room(peer)
        if refusal is not None:
            peer.refuse(mid, *refusal)
            return
        try:
            game = offered_game(msg["game"])
        except Exception as e:  # unknown, unlisted, or a game module that fails to load
            peer.refuse(mid, "unknown_game", reason_of(e))
            return
        try:
            players = msg["players"]
            if not game.min_players <= players <= game.max_players:
                raise EngineError(
                    f"{game.title} takes {game.min_players}-{game.max_players} players",
                    "bad_players",
                )
            server_opts = _server_options(msg["options"])
            seed = msg["options"].get("seed")
            if seed is not None and (
                isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63
            ):
                raise EngineError(say(N_("seed must be an integer in 0..2**63-1")),
                                  "invalid_options")
            rest = {
                k: v for k, v in msg["options"].items() if k not in SERVER_KEYS and k != "seed"
            }
            options = {**game.normalize_options(players, rest), **server_opts}
        except EngineError as e:
            peer.refuse(mid, e.code, e.said)
            return
        except Exception as e:  # a game refusing odd options in its own way
            peer.refuse(mid, "invalid_options", reason_of(e))
            return
        if turn_based(options) and getattr(peer, "account", None) is None:
            peer.refuse(mid, "claimed_only", say(N_(
                "turn-based tables are for claimed names (a seat stays yours while you are "
                "away): claim your name first (prtui connect --claim)")))
            return
        rid = self.new_room_id()
        if seed is not None:  # the creator knows the seed: say so, never show it
            options["seeded"] = True
        rec = RoomRecord(
            id=rid, game=game.name, players=players, options=options,
            seed=secrets.randbits(63) if seed is None else seed, name=msg.get("name") or f"{peer.name}'s table",
            host=peer.name, created=time.time(), creator=getattr(peer, "address", None),
            seats=[SeatRecord(i) for i in range(players)], rules_version=game.rules_version,
        )
        room = self.open_room(peer, rec, game)
        peer.send(m.ack(mid, {"room": rid}))
        self.room_changed(room)

    def my_turns(self, peer: Peer) -> list[dict[str, Any]]:
        """The turn-based tables waiting for ``peer``'s account to move, soonest
        deadline first (none for a guest). One look at each open room's deadlines."""
        account = getattr(peer, "account", None)
        if account is None:
            return []
        now = self.turn_timer.clock.now()
        tables = [entry for room in self.rooms.values() if room.deadlines
                  for entry in room.your_turn(account, now)]
        return sorted(tables, key=lambda e: (e["due_in_s"], e["room"]))

    def refuse_new_room(self, peer: Peer) -> tuple[str, Say] | None:
        """Why ``peer`` may not open another room now (code, reason), or None: the caps
        count every unfinished room its address created (server/net/upkeep.py)."""
        return self.upkeep.refusal(peer, self.rooms, self.max_rooms)

    def new_room_id(self) -> str:
        rid = secrets.token_hex(4)
        while rid in self.rooms or self.store.load_room(rid) is not None:
            rid = secrets.token_hex(4)
        return rid

    def open_room(self, peer: Peer, rec: RoomRecord, game: Any) -> Room:
        """Store a new waiting room and start its task; ``peer`` is its creator (host)."""
        self.store.create_room(rec)
        room = Room(rec, game, self.store, self)
        room.creator = peer.id
        self.rooms[rec.id] = room
        self._open.add(rec.id)
        self.upkeep.created(room, peer)
        room.start_task()
        return room


def games_catalog() -> list[dict[str, Any]]:
    """Every game this server runs, as it describes itself (players range, typed
    options, rules version): what a client builds its new-game form from."""
    catalog = []
    for name in game_names():
        try:
            catalog.append(describe(get_game(name)))
        except Exception:  # a game module that fails to load is left out, not fatal
            log.exception("game %s could not be described", name)
    return catalog


OUT_OF_BOUNDS = {"turn_hours": N_("turn_hours, a turn-based table's deadline per move, is 1 "
                                 "to 336 hours (1 hour to 14 days)")}
"""A clearer refusal than the bounds alone, where a player is likely to see it."""


def _server_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options the server reads itself, checked; ``takeover_level`` always set.
    Refuses the ones it fills in itself (``FILLED_IN_KEYS``)."""
    out: dict[str, Any] = {}
    given = sorted(key for key in FILLED_IN_KEYS if key in options)
    if given:
        raise EngineError(say(N_("{options}: set by the server, not a room option"),
                              options=", ".join(given)), "invalid_options")
    for key, (lo, hi) in SERVER_OPTIONS.items():
        if key in options:
            value = options[key]
            if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
                why = (say(OUT_OF_BOUNDS[key]) if key in OUT_OF_BOUNDS else
                       say(N_("{option} must be a number in {least}..{most}"),
                           option=key, least=lo, most=hi))
                raise EngineError(why, "invalid_options")
            out[key] = float(value)
    if "turn_hours" not in out and "on_deadline" in options:
        raise EngineError(say(N_("on_deadline is for turn-based tables (set turn_hours)")),
                          "invalid_options")
    if "turn_hours" in out:
        out.setdefault("on_deadline", "bot")
    for key, words in SERVER_CHOICES.items():
        if key in options and options[key] not in words:
            raise EngineError(say(N_("{option} must be one of: {choices}"),
                                  option=key, choices=", ".join(words)), "invalid_options")
        if key in options:
            out[key] = options[key]
    out["takeover_level"] = options.get("takeover_level", TAKEOVER_LEVEL)
    if out.get("rated") == "on" and (out.get("coach") == "on" or "seed" in options):
        raise EngineError(say(N_("a rated table has no coach and no seed chosen by its creator "
                                 "(either would help one side)")), "invalid_options")
    return out
