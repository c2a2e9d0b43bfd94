"""Bot seats and disconnected seats of a room: bots think off the room's task and post
their move back; a seat whose player is gone longer than ``grace_s`` is played by a bot
of the room's ``takeover_level`` until the player resumes. Until then the room's frames
say, for that seat, how many seconds are left (``takeover_in_s``), so every client at
the table can count down to the takeover on its own clock.

A mixin of ``Room`` (server/net/room.py), split out so each file reads in one sitting;
it runs only inside the room's task like the rest of the room.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import TYPE_CHECKING, Any

from server.engine.contract import Action, Game
from server.engine.playout import choose
from server.net.bots import SeatBot, make_seat_bot
from server.net.seating import DEFAULT_GRACE_S, TAKEOVER_LEVEL, Member, Refuse
from server.net.sync import GameSync

if TYPE_CHECKING:
    from server.net.room_hooks import RoomHooks
    from server.store.base import RoomRecord

log = logging.getLogger(__name__)


class BotSeats:
    """Bot turns, grace periods and takeover (mixed into ``Room``)."""

    id: str
    rec: RoomRecord
    game: Game
    hooks: RoomHooks
    sync: GameSync | None
    takeover: set[int]
    _bots: dict[int, SeatBot]
    _bot_busy: set[int]
    _gone_epoch: dict[int, int]
    _takeover_at: dict[int, float]  # seat -> when its grace ends (time.monotonic)
    timed_out: set[int]  # turn-based seats whose deadline passed (server/net/turnbased.py)
    _rng: random.Random

    if TYPE_CHECKING:  # provided by Room; stubs only for the type checker
        def post(self, item: tuple[Any, ...]) -> None: ...
        def _spawn(self, coro: Any) -> None: ...
        def _play(self, seat: int, action: Action) -> None: ...
        def _after_play(self) -> None: ...
        def _changed(self) -> None: ...
        def seat_holder(self, seat: int) -> Member | None: ...

    def _bot_seat(self, seat: int) -> bool:
        return self.rec.seats[seat].kind == "bot" or seat in self.takeover or seat in self.timed_out

    def _kick_bots(self) -> None:
        sync = self.sync
        if sync is None or self.rec.status != "playing":
            return
        for seat in self.game.to_move(sync.state):
            if seat in self._bot_busy or not self._bot_seat(seat):
                continue
            bot = self._bots.get(seat)
            if bot is None:
                level = self.rec.seats[seat].level or str(
                    self.rec.options.get("takeover_level", TAKEOVER_LEVEL))
                pool = self.hooks.bot_pool() if level != "random" else None
                bot = make_seat_bot(level, self.game, self._rng.randrange(2**31), pool)
                self._bots[seat] = bot
            own = self.game.determinize(sync.state, seat, self._rng.randrange(2**31))
            self._bot_busy.add(seat)
            self._spawn(self._bot_turn(seat, bot, own, sync.v))

    async def _bot_turn(self, seat: int, bot: SeatBot, own: Any, v: int) -> None:
        action: Action | None = None
        try:
            delay = float(self.rec.options.get("bot_delay_s", 0.0))
            if delay > 0:
                await asyncio.sleep(delay)
            action = await bot.choose(self.game, own, seat)
        except TimeoutError:
            log.warning("room %s: bot in seat %d too slow; a random legal move", self.id, seat)
        except Exception:
            log.exception("room %s: bot in seat %d failed; a random legal move", self.id, seat)
        self.post(("bot", seat, v, action))

    def _bot_moved(self, seat: int, v: int, action: Action | None) -> None:
        self._bot_busy.discard(seat)
        sync = self.sync
        if sync is None or v != sync.v or not self._bot_seat(seat) or self.rec.status != "playing":
            self._kick_bots()
            return
        try:
            self._play(seat, action if action is not None else {})
        except Refuse:  # a failed or late bot must not stall the table: any legal action
            self._play(seat, choose(sync.legal(seat), self._rng.randrange))  # but undo
        self._after_play()

    def _start_grace(self, seat: int) -> None:
        if self.rec.options.get("turn_hours") is not None:
            return  # a turn-based seat waits for its player until its deadline
        epoch = self._gone_epoch[seat] = self._gone_epoch.get(seat, 0) + 1
        grace = float(self.rec.options.get("grace_s", DEFAULT_GRACE_S))
        self._takeover_at[seat] = time.monotonic() + grace

        async def later() -> None:
            await asyncio.sleep(grace)
            self.post(("grace", seat, epoch))

        self._spawn(later())

    def takeover_in(self, seat: int) -> float | None:
        """Seconds until a bot plays this disconnected seat (None: no takeover pending)."""
        at = self._takeover_at.get(seat)
        if at is None or seat in self.takeover or self.rec.status != "playing":
            return None
        return round(max(0.0, at - time.monotonic()), 1)

    def _grace_over(self, seat: int, epoch: int) -> None:
        if self._gone_epoch.get(seat) != epoch or self.seat_holder(seat) is not None:
            return
        self._takeover_at.pop(seat, None)
        if self.rec.status != "playing":
            return
        self.takeover.add(seat)
        self._changed()
        self._kick_bots()
