"""One room: an asyncio task that owns its seats and game and drains an inbox.

Nothing else touches a room's state: sessions and bot tasks post items into the
inbox and the room answers through ``Peer.send``. The room knows games only
through the engine contract. Write rule: an action is appended to the store
(committed) before it is acknowledged or broadcast.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import random
import secrets
import time
from typing import Any

from server.engine.contract import Action, Game, rules_refusal
from server.engine.errors import EngineError
from server.i18n import N_
from server.net import replay as replays
from server.net.bots import SeatBot
from server.net.botseats import BotSeats
from server.net.coaching import Coaching
from server.net.peer import Peer, fast_frame
from server.net.ratings import rate_finished
from server.net.replaying import Replaying, rebuilt
from server.net.room_hooks import RoomHooks
from server.net.seating import (
    Member,
    Refuse,
    Seating,
    hash_token,
)
from server.net.sync import GameSync, Viewer
from server.net.turnbased import TurnBased
from server.net.turns import turn_started
from server.protocol import messages as m
from server.says import Say, say
from server.store.accounts import RatingChange
from server.store.base import ActionRecord, RoomRecord, Store

log = logging.getLogger(__name__)


class Room(BotSeats, Seating, Replaying, Coaching, TurnBased):  # any order: mixins only declare what they borrow
    def __init__(self, rec: RoomRecord, game: Game, store: Store, hooks: RoomHooks) -> None:
        self.rec = rec
        self.id = rec.id
        self.game = game
        self.store = store
        self.hooks = hooks
        self.inbox: asyncio.Queue[tuple[Any, ...]] = asyncio.Queue()
        self.members: dict[str, Member] = {}
        self.ready: set[int] = set()
        self.sync: GameSync | None = None
        self.creator: str | None = None
        self.takeover: set[int] = set()
        self._bots: dict[int, SeatBot] = {}
        self._bot_busy: set[int] = set()
        self._gone_epoch: dict[int, int] = {}
        self._takeover_at: dict[int, float] = {}
        self.deadlines: dict[int, float] = {}  # turn-based tables (server/net/turnbased.py)
        self.timed_out: set[int] = set()
        self.forfeited: set[int] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._rng = random.Random(secrets.randbits(64))
        self.task: asyncio.Task[None] | None = None
        self._moving: frozenset[int] = frozenset()  # the seats to move, as last announced
        self.replay: replays.Replay | None = None  # built on demand, dropped when idle
        self._replay_waiting: list[tuple[Peer, dict[str, Any]]] = []  # while one is built
        self._board_waiting: list[Member] = []  # watchers of a finished game being rebuilt
        self._replay_idle: asyncio.TimerHandle | None = None
        self.reviews: dict[int, dict[str, Any]] = {}  # seat -> its review (finished game)
        self._reviewing: dict[int, list[tuple[Peer, int]]] = {}  # seat -> who waits for it
        # a rated game's changes per seat (server/net/ratings.py); read once when loaded
        self.rated: dict[int, RatingChange] = {} if rec.status != "over" else {
            c.seat: c for c in store.rating_changes(rec.id)}
        # made under rules this server cannot replay: listed, but never rebuilt
        self.stale: Say | None = rules_refusal(game, rec.rules_version)
        if self.stale is not None and rec.status != "waiting":
            log.warning("room %s: not resumed: %s", rec.id, self.stale)
        elif rec.status == "playing":  # finished games are rebuilt when someone looks
            self._rebuild()
        if self.stale is None:
            self._load_turns()

    # --- life cycle --------------------------------------------------------------

    def _rebuild(self) -> None:
        """Rebuild the game from (options, seed) and the stored action log."""
        self._refuse_stale()
        self.sync = rebuilt(*self._rebuild_job())
        # a resumed game's turns began before: announced then, not again at a restart
        self._moving = frozenset(self.game.to_move(self.sync.state))

    def _refuse_stale(self) -> None:
        if self.stale is not None:
            raise Refuse("rules_changed", self.stale)

    def start_task(self) -> None:
        self.task = asyncio.create_task(self._run(), name=f"room-{self.id}")
        if self.rec.status == "playing" and self.stale is None:  # restored: nobody is connected yet
            for s in self.rec.seats:
                if s.kind == "human":
                    self._start_grace(s.seat)
            self._rearm_turns()
            self._kick_bots()

    async def stop(self) -> None:
        if self._replay_idle is not None:
            self._replay_idle.cancel()
        self.post(("stop",))
        if self.task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        pending = list(self._tasks)
        for t in pending:
            t.cancel()
        # let bot moves unwind while the bot pool still runs (the lobby closes it next)
        await asyncio.gather(*pending, return_exceptions=True)

    def post(self, item: tuple[Any, ...]) -> None:
        self.inbox.put_nowait(item)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self) -> None:
        # the item is never a local here: the last one (a closed connection's "gone")
        # would stay alive while the room waits for the next
        while self._take(await self.inbox.get()):
            pass

    def _take(self, item: tuple[Any, ...]) -> bool:
        """Handle one inbox item; False: the room stops."""
        if item[0] == "stop":
            return False
        try:
            self._handle(item)
        except Exception:
            log.exception("room %s: failure handling %s", self.id, item[0])
            if item[0] == "cmd":
                item[1].refuse(item[2]["id"], "internal", say(N_("server error")))
        return True

    def _handle(self, item: tuple[Any, ...]) -> None:
        kind = item[0]
        if kind == "cmd":
            peer, msg = item[1], item[2]
            try:
                getattr(self, "_cmd_" + msg["t"])(peer, msg)
            except Refuse as r:
                peer.refuse(msg["id"], r.code, r.reason)
        elif kind == "gone":
            self._leave(item[1], disconnected=True)
        elif kind == "resume":
            self._resume(item[1], item[2], item[3])
        elif kind == "bot":
            self._bot_moved(item[1], item[2], item[3])
        elif kind == "grace":
            self._grace_over(item[1], item[2])
        elif kind == "deadline":
            self._deadline_passed(item[1], item[2])
        elif kind == "replay_idle":
            self.replay = None
            keeper = getattr(self.hooks, "replays", None)
            if keeper is not None:
                keeper.dropped(self.id)
        elif kind == "replay_built":
            self._replay_built(item[1])
        elif kind == "board_built":
            self._board_built(item[1])

    # --- what the room looks like ------------------------------------------------

    def seat_holder(self, seat: int) -> Member | None:
        for mem in self.members.values():
            if mem.seat == seat:
                return mem
        return None

    def host_id(self) -> str | None:
        if self.creator in self.members:
            return self.creator
        seated = sorted((mem.seat, pid) for pid, mem in self.members.items() if mem.seat is not None)
        return seated[0][1] if seated else None

    def summary(self) -> dict[str, Any]:
        host = self.host_id()
        seats = []
        for s in self.rec.seats:
            entry: dict[str, Any] = {
                "seat": s.seat, "name": s.name, "kind": s.kind,
                "connected": s.kind == "bot" or self.seat_holder(s.seat) is not None,
                "ready": s.seat in self.ready or s.kind == "bot",
                "bot_playing": s.kind == "bot" or s.seat in self.takeover or s.seat in self.timed_out,
            }
            if s.level is not None:
                entry["level"] = s.level
            if s.account is not None:  # a claimed name (absent: a guest, or a bot)
                entry["claimed"] = True
            change = self.rated.get(s.seat)
            if change is not None:  # a rated game that ended: the seat's rating, then and now
                entry["rating"] = {"mu_before": change.before.mu,
                                   "sigma_before": change.before.sigma,
                                   "mu": change.after.mu, "sigma": change.after.sigma}
            wait = self.takeover_in(s.seat) if not entry["connected"] else None
            if wait is not None:  # the grace left, counted down by each client
                entry["takeover_in_s"] = wait
            if self.turn_based:  # its deadline, or that it forfeited
                entry.update(self.turn_summary(s.seat))
            seats.append(entry)
        return {
            "id": self.id, "name": self.rec.name, "game": self.rec.game,
            "players": self.rec.players, "options": dict(self.rec.options),
            "host": self.members[host].peer.name if host else self.rec.host,
            "status": self.rec.status, "seats": seats,
            "spectators": sum(1 for mem in self.members.values() if mem.seat is None),
            "created": self.rec.created,
        }

    def _changed(self) -> None:
        frame = fast_frame(m.room(self.summary()))
        for mem in self.members.values():
            mem.peer.send_bytes(frame)
        self.hooks.room_changed(self)

    def _send_state(self, mem: Member) -> None:
        if self.sync is None and self.rec.status == "over":
            self._watch_finished(mem)  # its board comes once built off the loop
            return
        if self.sync is not None:
            snap = self.sync.snapshot(mem.seat)
            mem.peer.send(m.state(self.id, self.sync.v, snap))

    # --- membership --------------------------------------------------------------

    def _cmd_join_room(self, peer: Peer, msg: dict[str, Any]) -> None:
        player = msg["as"] == "player" and peer.role == "play"
        mem = self.members.get(peer.id)
        if mem is None:
            mem = self.members[peer.id] = Member(peer, player=player)
        seat, displaced = self._seat_by_account(mem)  # a turn-based table: my account's
        peer.send(m.ack(msg["id"], {"room": self.id} if seat is None
                        else {"room": self.id, "seat": seat}))
        peer.send(m.room(self.summary()))
        self._send_state(mem)
        if displaced is not None:  # another connection of mine held the seat: it watches
            self._send_state(displaced)
        self._changed()

    def _cmd_leave_room(self, peer: Peer, msg: dict[str, Any]) -> None:
        peer.send(m.ack(msg["id"]))
        self._leave(peer, disconnected=False)
        self.hooks.left_room(peer)

    def _leave(self, peer: Peer, disconnected: bool) -> None:
        mem = self.members.pop(peer.id, None)
        if mem is None:
            return
        if mem.seat is not None:
            if self.rec.status == "waiting" and not disconnected and not self.turn_based:
                self._free_seat(mem.seat)  # a turn-based seat is the account's: leave_seat
            elif self.rec.status == "playing":
                self._start_grace(mem.seat)
            self.ready.discard(mem.seat)
        if self.sync is not None and not any(x.seat == mem.seat for x in self.members.values()):
            self.sync.forget(mem.seat)
        if self.rec.status == "over" and not self.members:
            self.sync = None  # nobody watches a finished game: free it, replay on demand
        if (
            self.rec.status == "waiting" and not self.members
            and not any(s.kind == "human" for s in self.rec.seats)
        ):
            self.store.delete_room(self.id)
            self.hooks.room_closed(self)
            self.post(("stop",))
            return
        self._changed()

    def _resume(self, peer: Peer, token: str, fut: asyncio.Future[bool]) -> None:
        digest = hash_token(token)
        seat = None
        for s in self.rec.seats:
            if s.kind == "human" and hmac.compare_digest(digest, s.token_hash or ""):
                seat = s.seat
        if seat is None:
            fut.set_result(False)
            return
        if self.stale is not None:
            log.warning("room %s: seat %d not resumed: %s", self.id, seat, self.stale)
            peer.close("rules_changed", self.stale)
            fut.set_result(False)
            return
        old = self.seat_holder(seat)
        if old is not None:
            old.seat = None
            old.peer.close("resumed_elsewhere",
                           say(N_("this seat was resumed by another connection")))
            self.members.pop(old.peer.id, None)
        peer.room = self.id
        mem = self.members[peer.id] = Member(peer, seat=seat)
        peer.send_welcome({"room": self.id, "seat": seat})
        fut.set_result(True)
        self._gone_epoch[seat] = self._gone_epoch.get(seat, 0) + 1
        self._takeover_at.pop(seat, None)
        self.takeover.discard(seat)
        peer.send(m.room(self.summary()))
        self._send_state(mem)
        self._changed()

    # --- talk and sync -------------------------------------------------------------

    def _cmd_chat(self, peer: Peer, msg: dict[str, Any]) -> None:
        if peer.id not in self.members:
            raise Refuse("not_in_room", say(N_("join the room first")))
        peer.send(m.ack(msg["id"]))
        frame = fast_frame(m.chat(self.id, peer.name, msg["text"], time.time()))
        for mem in self.members.values():
            mem.peer.send_bytes(frame)

    def _cmd_resync(self, peer: Peer, msg: dict[str, Any]) -> None:
        mem = self.members.get(peer.id)
        if mem is None:
            raise Refuse("not_in_room", say(N_("join the room first")))
        if self.rec.status == "waiting":
            raise Refuse("not_started", say(N_("the game has not started")))
        peer.send(m.ack(msg["id"]))
        self._send_state(mem)

    def _cmd_follow(self, peer: Peer, msg: dict[str, Any]) -> None:
        mem = self.members.get(peer.id)
        if mem is None:
            raise Refuse("not_in_room", say(N_("join the room first")))
        mem.follow = self._seat_no(msg["seat"])
        peer.send(m.ack(msg["id"]))

    def _cmd_act(self, peer: Peer, msg: dict[str, Any]) -> None:
        mem = self._member(peer, seat_needed=True)
        if self.sync is None or self.rec.status != "playing":
            raise Refuse("not_playing", say(N_("no game is running in this room")))
        assert mem.seat is not None
        self._turn_refusal(mem.seat)
        if "v" in msg and msg["v"] != self.sync.v:  # a duplicate, or chosen on an old view
            raise Refuse("stale", say(N_("the game is at version {now}, not {sent}: resync "
                                         "and choose again"), now=self.sync.v, sent=msg["v"]))
        self._play(mem.seat, msg["action"])
        unsent = [fast_frame(m.ack(msg["id"]))]
        try:
            self._after_play(peer, unsent)  # the ack goes out with the mover's diff: one write
        finally:
            if unsent:  # the broadcast failed before reaching the mover
                peer.send_bytes(unsent.pop())

    # --- playing -------------------------------------------------------------------

    def _play(self, seat: int, action: Action) -> None:
        """Validate against the engine, append to the store; the caller acks after."""
        sync = self.sync
        assert sync is not None
        if seat not in self.game.to_move(sync.state):
            raise Refuse("not_your_turn", say(N_("it is not your turn")))
        legal = sync.match_legal(seat, action)
        if legal is None:
            raise Refuse("illegal_action", say(N_("that is not one of your legal actions now")))
        n = sync.v
        try:
            sync.apply(seat, legal)
        except EngineError as e:
            raise Refuse(e.code, e.said) from None
        try:
            due = self._next_deadlines()
            if due is None:
                self.store.append_action(self.id, ActionRecord(n, seat, legal))
            else:  # a turn-based table: the move and the deadlines it sets, together
                self.store.append_turn(self.id, ActionRecord(n, seat, legal), due)
        except Exception:  # memory must match disk: rebuild from what was stored
            log.exception("room %s: could not store action %d", self.id, n)
            self._rebuild()
            for mem in self.members.values():
                self._send_state(mem)
            raise Refuse("internal", say(N_("the server could not save that; nothing changed"))) from None
        self._turns_moved(due)

    def _after_play(self, mover: Peer | None = None, ack: list[bytes] | None = None) -> None:
        """Broadcast one diff per viewer (encoded once), then finish or wake the bots.

        ``ack`` holds the mover's encoded ``ack``: it is taken out and sent right before
        the mover's diff, in the same write (the protocol's order, one syscall less)."""
        sync = self.sync
        assert sync is not None
        groups: dict[Viewer, list[Peer]] = {}
        for mem in self.members.values():
            groups.setdefault(mem.seat, []).append(mem.peer)
        for viewer in sync.tracked():
            if viewer not in groups:
                sync.forget(viewer)
                continue
            frame = fast_frame(m.diff(self.id, sync.v - 1, sync.v, sync.advance(viewer)))
            for peer in groups[viewer]:
                if peer is mover and ack:
                    peer.send_bytes(ack.pop() + frame)
                else:
                    peer.send_bytes(frame)
        if sync.over():
            result = self.game.result(sync.state)
            self.rec.result = result.to_data() if result is not None else None
            self.rec.status = "over"
            self.store.set_status(self.id, "over", self.rec.result)
            try:
                self.rated = {c.seat: c for c in rate_finished(self.store, self.rec) or []}
            except Exception:  # derived data: `prtui admin ratings recompute` redoes it
                log.exception("room %s: ratings not updated", self.id)
            self._changed()
        else:
            self._announce_turns()
            self._kick_bots()

    def _announce_turns(self) -> None:
        """Tell server/net/turns.py of each claimed seat that has just come to move (a
        seat still moving, such as a mayor placing colonist after colonist, is one turn)."""
        sync = self.sync
        now = (frozenset(self.game.to_move(sync.state))
               if sync is not None and self.rec.status == "playing" else frozenset())
        for seat in sorted(now - self._moving):
            s = self.rec.seats[seat]
            if s.kind == "human" and s.account is not None and seat not in self.forfeited:
                turn_started(s.account, self.id)  # a forfeited seat's bot plays on
        self._moving = now
