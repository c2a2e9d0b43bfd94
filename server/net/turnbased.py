"""Turn-based tables: a deadline per move, seats that belong to accounts, not connections.

A room whose options carry ``turn_hours`` (1 hour to 14 days) is turn-based. Each human
seat to move owes its move by a deadline (``deadlines``: seat -> the clock's seconds),
set when its turn starts and kept until the seat has no move left to make (a mayor's
placements one by one are one turn). Deadlines are stored with the move that set them
(server/store/turns.py) and armed on the server's one deadline timer
(server/net/deadlines.py); a restart re-arms them from the store, and one already past
fires at once. When a deadline passes, ``on_deadline`` says what happens: ``bot``, the
seat's bot plays that turn (the player's next turn is theirs again), or ``forfeit``, a
bot plays the seat to the end of the game, the player is marked as having forfeited and
the table is no longer rated (docs/hosting.md, Turn-based tables).

Nobody needs to be connected: a seat is held by its account, never taken over after a
grace period, and a player joining the room is seated back by their account. A mixin of
``Room`` (server/net/room.py); it runs only inside the room's task like the rest.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from server.i18n import N_
from server.net.seating import Member, Refuse
from server.says import say

if TYPE_CHECKING:
    from server.engine.contract import Game
    from server.net.peer import Peer
    from server.net.room_hooks import RoomHooks
    from server.net.sync import GameSync
    from server.store.base import RoomRecord, Store

log = logging.getLogger(__name__)

TURN_HOURS = (1.0, 14 * 24.0)
"""The deadline per move a host may choose, in hours: 1 hour to 14 days."""
ON_DEADLINE = ("bot", "forfeit")
"""What happens when a deadline passes (``on_deadline``); ``bot`` unless chosen."""


def turn_based(options: dict[str, Any]) -> bool:
    return options.get("turn_hours") is not None


class TurnBased:
    """Deadlines, timeouts and forfeits of a turn-based table (mixed into ``Room``)."""

    id: str
    rec: RoomRecord
    game: Game
    store: Store
    hooks: RoomHooks
    sync: GameSync | None
    members: dict[str, Member]
    takeover: set[int]
    deadlines: dict[int, float]  # seat to move -> its deadline (the clock's seconds)
    timed_out: set[int]  # seats whose deadline passed: their bot plays this turn
    forfeited: set[int]  # seats a bot plays to the end: their player forfeited

    if TYPE_CHECKING:  # provided by Room and BotSeats; for the type checker only
        def seat_holder(self, seat: int) -> Member | None: ...
        def _changed(self) -> None: ...
        def _kick_bots(self) -> None: ...

    @property
    def turn_based(self) -> bool:
        return turn_based(self.rec.options)

    def _load_turns(self) -> None:
        """A stored table's deadlines and forfeits, as the store has them."""
        if not self.turn_based or self.rec.status == "waiting":
            return
        self.forfeited = self.store.forfeits(self.id)
        self.takeover |= self.forfeited
        self.deadlines = self.store.deadlines(self.id)

    def _rearm_turns(self) -> None:
        """At start: every stored deadline on the timer (a past one fires at once). Seats
        to move that the store gives no deadline (none should lack one) get a full turn."""
        if not self.turn_based or self.rec.status != "playing" or self.sync is None:
            return
        due = self._next_deadlines()
        if due is not None and due != self.deadlines:
            log.warning("room %s: deadlines %s did not match the seats to move; now %s",
                        self.id, self.deadlines, due)
            self.store.save_deadlines(self.id, due)
            self.deadlines = {}
            self._turns_moved(due)
            return
        for seat, at in self.deadlines.items():
            self.hooks.turn_timer.arm(self.id, seat, at)

    def _owing(self) -> set[int]:
        """Human seats to move that their player still plays."""
        if self.sync is None or self.rec.status != "playing":
            return set()
        return {s for s in self.game.to_move(self.sync.state)
                if self.rec.seats[s].kind == "human" and s not in self.forfeited}

    def _next_deadlines(self) -> dict[int, float] | None:
        """After a move (applied, not yet stored): each seat to move keeps the deadline
        of the turn it is in, or starts a turn now. None: not a turn-based table."""
        if not self.turn_based:
            return None
        now = self.hooks.turn_timer.clock.now()
        turn = float(self.rec.options["turn_hours"]) * 3600.0
        return {seat: self.deadlines.get(seat, now + turn) for seat in sorted(self._owing())}

    def _turns_moved(self, due: dict[int, float] | None) -> None:
        """The move that led to ``due`` is stored: arm the new turns and tell the table
        (the room says they started: ``Room._announce_turns``, for every table)."""
        if due is None:
            return
        started = [seat for seat in due if seat not in self.deadlines]
        changed = due != self.deadlines
        self.deadlines = due
        self.timed_out &= set(due)
        for seat in started:
            self.hooks.turn_timer.arm(self.id, seat, due[seat])
        if changed:  # who owes a move by when: in the room's frame (a few per day)
            self._changed()

    def _start_turns(self) -> None:
        """The game started: the first turns' deadlines, stored, armed and announced."""
        due = self._next_deadlines()
        if due is None:
            return
        self.store.save_deadlines(self.id, due)
        self._turns_moved(due)

    def _deadline_passed(self, seat: int, due: float) -> None:
        if (not self.turn_based or self.rec.status != "playing"
                or self.deadlines.get(seat) != due or seat in self.timed_out):
            return  # moved in time, or an older deadline of the seat
        if self.rec.options.get("on_deadline") == "forfeit":
            options = {**self.rec.options, "rated": "off"}
            self.store.forfeit(self.id, seat, self.hooks.turn_timer.clock.now(), options)
            self.rec.options = options
            self.forfeited.add(seat)
            self.takeover.add(seat)
            self.deadlines.pop(seat, None)
            log.info("room %s: seat %d forfeited (its deadline passed)", self.id, seat)
        else:
            self.timed_out.add(seat)
            log.info("room %s: seat %d's deadline passed; its bot plays the turn", self.id, seat)
        self._changed()
        self._kick_bots()

    def _turn_refusal(self, seat: int) -> None:
        """An ``act`` of a seat whose bot plays now: refused with why."""
        if seat in self.forfeited:
            raise Refuse("forfeited", say(N_("you forfeited this game (a deadline passed): a "
                                             "bot plays your seat to its end")))
        if seat in self.timed_out:
            raise Refuse("deadline_passed", say(N_("this move's deadline passed: your bot "
                                                   "plays this turn; the next one is yours "
                                                   "again")))

    def _account_seat(self, peer: Peer) -> int | None:
        """The seat ``peer``'s account holds at this turn-based table, if any."""
        account = getattr(peer, "account", None)
        if account is None or not self.turn_based or peer.role != "play":
            return None
        for s in self.rec.seats:
            if s.kind == "human" and s.account == account:
                return s.seat
        return None

    def _seat_by_account(self, mem: Member) -> tuple[int | None, Member | None]:
        """Seat a player joining a turn-based table where their account sits; returns
        the seat, and the member (another connection of theirs) that held it and now
        watches instead."""
        seat = self._account_seat(mem.peer) if mem.player else None
        if seat is None or mem.seat == seat:
            return seat, None
        old = self.seat_holder(seat)
        if old is not None:
            old.seat = None
        mem.seat = seat
        return seat, old

    def turn_summary(self, seat: int) -> dict[str, Any]:
        """What the room's frame says of a seat of a turn-based table."""
        out: dict[str, Any] = {}
        if seat in self.deadlines:
            out["due_in_s"] = round(self.deadlines[seat] - self.hooks.turn_timer.clock.now())
        if seat in self.forfeited:
            out["forfeited"] = True
        return out

    def your_turn(self, account: str, now: float) -> list[dict[str, Any]]:
        """This table's entry for "your move" (empty: not ``account``'s move here)."""
        out = []
        for seat, due in self.deadlines.items():
            if seat not in self.timed_out and self.rec.seats[seat].account == account:
                out.append({"room": self.id, "name": self.rec.name, "game": self.rec.game,
                            "seat": seat, "due_in_s": round(due - now)})
        return out
