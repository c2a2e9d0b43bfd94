"""The coach at the table and the review after the game, answered by the room (mixed
into ``Room``); both think in the shared bot pool (server/bots/coach.py), never on the
event loop.

``coach``: my top moves now with the search's estimate. Only a seated player whose
decision it is may ask, at a table whose host allowed it (room option ``coach``: "on";
local games set it), at most ``CoachDesk`` allows per connection. The pool gets a sample
determinized here from my own view, so the answer cannot depend on what I may not see;
it carries the version it was thought for (``v``): the client drops an answer for a
position it no longer shows.

``review``: each decision of mine in a finished game, the search's best move against
mine. The game is rebuilt and each of my positions determinized from my view on the
replay builder thread, then rated in one pool task capped in time (``review_budget``);
the answer is kept by the room, so asking again costs nothing.
"""

from __future__ import annotations

import asyncio
import logging
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from server.engine.contract import Action, Game
from server.i18n import N_
from server.net import replay as replays
from server.net.peer import Peer
from server.net.ratelimits import AddressRates
from server.net.seating import Member, Refuse, setup_options
from server.protocol import messages as m
from server.says import say

if TYPE_CHECKING:
    from server.net.room_hooks import RoomHooks
    from server.net.sync import GameSync
    from server.store.base import ActionRecord, RoomRecord, Store

log = logging.getLogger(__name__)

COACH_OPTION = "coach"
"""The room option that allows the coach ("on"); absent or "off": not at this table."""
WORST = 3
"""The biggest losses a review points out."""


@dataclass
class CoachLimits:
    """What the coach and the review may take of the bot pool (docs/hosting.md)."""

    move_time: float = 1.0  # seconds of search per coach request
    iterations: int | None = None  # a cap on the search as well (None: time only)
    rate: float = 0.2  # coach and review requests per second per connection, sustained
    burst: int = 3  # ... at once before the rate applies
    running: int = 1  # coach and review tasks in the pool at once, server-wide
    review_budget: float = 20.0  # seconds of search per reviewed game and seat
    review_move_time: float = 0.5  # at most this per decision (less in long games)
    review_iterations: int | None = None


class CoachDesk:
    """The server-wide side of the coach: limits, per-connection buckets, tasks running."""

    def __init__(self, limits: CoachLimits | None = None) -> None:
        self.limits = limits or CoachLimits()
        self.busy = 0
        self._rates = AddressRates(self.limits.rate, self.limits.burst)

    def admit(self, peer: Peer) -> None:
        """Refuse (``rate_limited``, ``busy``) or count one more task running."""
        if not self._rates.allow(peer.id):
            raise Refuse("rate_limited", say(N_("the coach needs a few seconds between questions")))
        if self.busy >= self.limits.running:
            raise Refuse("busy", say(N_("the coach is thinking for someone else; ask again soon")))
        self.busy += 1

    def done(self) -> None:
        self.busy = max(0, self.busy - 1)


_DEFAULT_DESK = CoachDesk()


def coach_allowed(options: dict[str, Any]) -> bool:
    return options.get(COACH_OPTION) == "on"


def my_decisions(game: Game, players: int, opts: dict[str, Any], seed: int,
                 actions: list[ActionRecord], seat: int, sample_seed: int
                 ) -> list[tuple[int, Any, int, Action]]:
    """On the builder thread: (step, sample from my view, seat, my move) for each of my
    decisions with a choice, the game rebuilt from its deal."""
    state = game.setup(players, opts, seed)
    rng = random.Random(sample_seed)
    items = []
    for step, rec in enumerate(actions):
        if rec.seat == seat and len(game.legal_actions(state, seat)) > 1:
            sample = game.determinize(state, seat, rng.getrandbits(62))
            items.append((step, game.to_data(sample), seat, rec.action))
        game.apply(state, rec.seat, rec.action)
    return items


def worst_steps(moves: list[dict[str, Any]]) -> list[int]:
    """The steps of the biggest losses (none when every move was the search's)."""
    lost = sorted((mv for mv in moves if mv["loss"] > 0), key=lambda mv: -mv["loss"])
    return sorted(mv["step"] for mv in lost[:WORST])


class Coaching:
    """``coach`` and ``review`` commands (mixed into ``Room``)."""

    id: str
    rec: RoomRecord
    game: Game
    store: Store
    hooks: RoomHooks
    sync: GameSync | None
    members: dict[str, Member]
    reviews: dict[int, dict[str, Any]]
    _reviewing: dict[int, list[tuple[Peer, int]]]
    _rng: random.Random

    if TYPE_CHECKING:  # provided by Room and Seating; for the type checker only
        def _spawn(self, coro: Any) -> None: ...
        def _member(self, peer: Peer, seat_needed: bool = False) -> Member: ...
        def _refuse_stale(self) -> None: ...

    def _desk(self) -> CoachDesk:
        desk = getattr(self.hooks, "coach", None)
        return desk if isinstance(desk, CoachDesk) else _DEFAULT_DESK

    def _coach_pool(self) -> Any:
        pool = self.hooks.bot_pool()
        if pool is None or not hasattr(pool, "coach"):
            raise Refuse("no_coach", say(N_("this server has no bots to coach with")))
        return pool

    def _cmd_coach(self, peer: Peer, msg: dict[str, Any]) -> None:
        mem = self._member(peer, seat_needed=True)
        sync = self.sync
        if sync is None or self.rec.status != "playing":
            raise Refuse("not_playing", say(N_("no game is running in this room")))
        if not coach_allowed(self.rec.options):
            raise Refuse("coach_off", say(N_("the host did not allow the coach at this table")))
        assert mem.seat is not None
        if not sync.legal(mem.seat):
            raise Refuse("not_your_turn", say(N_("the coach helps when a decision is yours")))
        pool = self._coach_pool()
        desk = self._desk()
        desk.admit(peer)
        seed = self._rng.getrandbits(62)
        sample = self.game.determinize(sync.state, mem.seat, seed)  # my view only, now
        self._spawn(self._coach(pool, desk, peer, msg["id"], mem.seat, sample, seed, sync.v))

    async def _coach(self, pool: Any, desk: CoachDesk, peer: Peer, mid: int, seat: int,
                     sample: Any, seed: int, v: int) -> None:
        lim = desk.limits
        try:
            moves = await pool.coach(self.game.name, sample, seat, seed, lim.move_time,
                                     lim.iterations)
        except Exception:
            log.warning("room %s: the coach failed", self.id, exc_info=True)
            peer.refuse(mid, "coach_failed", say(N_("the coach could not think that through")))
            return
        finally:
            desk.done()
        peer.send(m.ack(mid, {"v": v, "level": "hard", "moves": moves}))

    def _review_seat(self, peer: Peer) -> int:
        """The seat ``peer`` played: its seat here, else the human seat with its name."""
        mem = self.members.get(peer.id)
        if mem is not None and mem.seat is not None:
            return mem.seat
        for s in self.rec.seats:
            if s.kind == "human" and s.name == peer.name:
                return s.seat
        raise Refuse("not_a_player", say(N_("only the players of a game can review their moves")))

    def _cmd_review(self, peer: Peer, msg: dict[str, Any]) -> None:
        if self.rec.status != "over":
            raise Refuse("not_over", say(N_("only finished games can be reviewed")))
        self._refuse_stale()
        seat = self._review_seat(peer)
        done = self.reviews.get(seat) or self.store.load_review(self.id, seat)
        if done is not None:
            self.reviews[seat] = done
            peer.send(m.ack(msg["id"], done))
            return
        if seat in self._reviewing:  # being thought: answered together
            self._reviewing[seat].append((peer, msg["id"]))
            return
        pool = self._coach_pool()
        desk = self._desk()
        desk.admit(peer)
        self._reviewing[seat] = [(peer, msg["id"])]
        job = (self.game, self.rec.players, setup_options(self.rec), self.rec.seed,
               self.store.load_actions(self.id), seat, self._rng.getrandbits(62))
        self._spawn(self._review(pool, desk, seat, job))

    async def _review(self, pool: Any, desk: CoachDesk, seat: int, job: tuple[Any, ...]) -> None:
        lim = desk.limits
        answer: dict[str, Any] | None = None
        try:
            loop = asyncio.get_running_loop()
            items = await loop.run_in_executor(replays.builder(), my_decisions, *job)
            move_time = min(lim.review_move_time, lim.review_budget / max(1, len(items)))
            rated = await pool.review(self.game.name, items, job[-1], move_time,
                                      lim.review_iterations, lim.review_budget)
            moves = rated["moves"]
            answer = {"seat": seat, "level": "hard", "moves": moves,
                      "worst": worst_steps(moves), "complete": bool(rated["complete"]),
                      "decisions": len(items)}
            self.reviews[seat] = answer
            self.store.save_review(self.id, seat, answer)
        except Exception:
            log.warning("room %s: the review failed", self.id, exc_info=True)
        finally:
            desk.done()
        for peer, mid in self._reviewing.pop(seat, []):
            if answer is None:
                peer.refuse(mid, "review_failed", say(N_("the review could not be made")))
            else:
                peer.send(m.ack(mid, answer))
